"""Builds first-contact batch L37 (fixtures/first-contact/batch-l37/cases.jsonl) as scenario bundles.

Round 37, this batch's frame: the "Bug or Regression" entries of kubernetes/kubernetes CHANGELOG-1.29 to 1.32
(releases of 2024 and later, as far as the store holds them), GPU-FILTERED. Three prose cases (the entries quote no
error line), all DRA scheduling failures behind NVIDIA's DRA driver for GPUs (the GPU context is assumed; the
entries name no vendor):

- fl3701: a GPU pod created before the DRA driver's kubelet plugin started is never retried (v1.31.0, #126807);
  one FailedScheduling event `cannot allocate all claims` (composed), count 1, older than the driver pod.
- fl3702: the 1.30.2 regression that left pods rejected by the DRA PreEnqueue check in the unschedulable pool
  (#125527, cherry-pick #125643); the pod has no PodScheduled condition and no event, its generated claim exists.
- fl3703: with SchedulerQueueingHints on (v1.31.0), recording the generated claim's name did not re-queue the pod
  (#127497); the same visible state, the scheduler's feature gate in its static pod's command.

The expected answers were reasoned from the entries (`expected` in each case), never taken from the tool's output.
Names, versions, node sizes and every line the entries do not quote are assumed or composed; the world notes say so.

    .venv/bin/python -m tests.classify.first_contact_l37      # (re)writes fixtures/first-contact/batch-l37/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-l37", "L37", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the changelog entry's own words, not a line of the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fl3701", "fl3702", "fl3703"}

DRA_NS = "nvidia-dra-driver"
T_CREATED = "2026-11-29T14:00:05Z"       # the workload pod's creation / first scheduling attempt
T_PLUGIN = "2026-11-29T14:10:00Z"        # the kubelet plugin's (late) start, fl3701


def _cluster(w, version: str, worker: str, runtime: str = "containerd://1.7.20") -> None:
    """A kubeadm control plane and one GPU worker served by a DRA driver (no nvidia.com/gpu resource)."""
    w.git_version = version
    kv = {"kubeletVersion": version, "containerRuntimeVersion": runtime, "osImage": "Ubuntu 22.04.4 LTS",
          "kernelVersion": "5.15.0-118-generic"}
    info(w.node("cp-1", cpu="16", memory="65776144Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node(worker, cpu="96", memory="1056561176Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/dra.kubelet-plugin": "true"}), **kv)


def _driver(w, worker: str, image: str, *, controller: bool) -> dict:
    """NVIDIA's DRA driver: the kubelet-plugin DaemonSet pod on the worker (and, classic DRA, the controller)."""
    if controller:
        deploy_pod(w, DRA_NS, "nvidia-dra-driver-controller-7c9d5f8b46", "nvidia-dra-driver-controller-7c9d5f8b46-q2x7m",
                   "cp-1", containers=("controller",), image=image,
                   labels={"app.kubernetes.io/name": "nvidia-dra-driver", "app.kubernetes.io/component": "controller"})
    daemonset(w, DRA_NS, "nvidia-dra-driver-kubelet-plugin", desired=1, containers=[("plugin", image)],
              init_containers=[("init", image)], node_selector={"nvidia.com/dra.kubelet-plugin": "true"},
              labels={"app.kubernetes.io/name": "nvidia-dra-driver"})
    return ds_pod(w, DRA_NS, "nvidia-dra-driver-kubelet-plugin", "nvidia-dra-driver-kubelet-plugin-6mk4t", worker,
                  containers=("plugin",), init_containers=("init",), image=image)


def _claim_pod(w, ns: str, name: str, template: str, *, v1alpha2: bool, image: str, owner=None) -> dict:
    """A pending pod whose container uses a claim generated from a ResourceClaimTemplate (no nvidia.com/gpu)."""
    ref = {"source": {"resourceClaimTemplateName": template}} if v1alpha2 else {"resourceClaimTemplateName": template}
    p = w.pod(ns, name, gpu=0, containers=("main",), image=image, phase="Pending", owner=owner, cpu="8",
              memory="64Gi", extra_spec={"resourceClaims": [{"name": "gpu", **ref}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["metadata"]["creationTimestamp"] = T_CREATED
    return p


def _generated_claim(w, ns: str, pod: dict, claim: str, api: str, spec: dict) -> None:
    """The claim the resource claim controller generated for the pod (unallocated), recorded in the pod's status."""
    pod["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": claim}]
    w.ns_custom.setdefault(("resourceclaims.resource.k8s.io", ns), []).append({
        "apiVersion": api, "kind": "ResourceClaim",
        "metadata": {"name": claim, "namespace": ns, "creationTimestamp": "2026-11-29T14:00:06Z",
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"],
                                          "uid": pod["metadata"]["uid"], "controller": True,
                                          "blockOwnerDeletion": True}]},
        "spec": spec, "status": {}})


# ---- fl3701: a pod created before the DRA driver started is never retried (v1.31.0) -------------------------------

_W1 = "gpu-worker-1"


@case("fl3701", pod_subj("finetune-0", "ml-train"),
      "kubeadm Kubernetes v1.31.0 with DynamicResourceAllocation (alpha, structured parameters) enabled; one "
      "control-plane node (tainted) and one worker with 8 GPUs (model and sizes assumed) served by NVIDIA's DRA driver "
      "for GPUs (structured-parameters build; image, namespace and pod names assumed), no device plugin and no "
      "nvidia.com/gpu resource. The kubelet-plugin DaemonSet pod on the worker is Running and Ready, started at "
      "14:10 (ten minutes after the workload pod was created). The workload pod finetune-0 (ml-train, owned by a "
      "Job; names assumed) references a ResourceClaimTemplate; its generated ResourceClaim exists, unallocated. The "
      "pod is Pending: its PodScheduled condition and its only FailedScheduling event (default-scheduler, count 1, "
      "14:00:05, never repeated) carry `0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had "
      "untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: ...`, composed from the scheduler's "
      "DRA plugin wording, not quoted by the entry. The ResourceSlice the driver published is cluster-scoped and not "
      "collected. The text (the changelog entry) is not in the bundle.")
def _(w, t):
    _cluster(w, "v1.31.0", _W1)
    img = "nvcr.io/nvidia/cloud-native/k8s-dra-driver:v0.1.0-structured"
    plugin = _driver(w, _W1, img, controller=False)
    plugin["status"]["startTime"] = T_PLUGIN
    plugin["metadata"]["creationTimestamp"] = T_PLUGIN
    for s in plugin["status"]["containerStatuses"]:
        s["state"] = {"running": {"startedAt": T_PLUGIN}}
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not "
           "helpful for scheduling.")
    p = _claim_pod(w, "ml-train", "finetune-0", "one-gpu", v1alpha2=False, image="nvcr.io/nvidia/pytorch:24.07-py3",
                   owner=("Job", "finetune"))
    p["status"]["conditions"][0].update({"message": msg, "lastTransitionTime": T_CREATED})
    _generated_claim(w, "ml-train", p, "finetune-0-gpu-h7x2q", "resource.k8s.io/v1alpha3",
                     {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}]}})
    ev = w.event("ml-train", "Pod", "finetune-0", "FailedScheduling", msg, component="default-scheduler", count=1,
                 last=T_CREATED)
    ev["firstTimestamp"] = ev["metadata"]["creationTimestamp"] = T_CREATED
    w.target("Pod", "ml-train", "finetune-0")


# ---- fl3702: the 1.30.2 regression, a pod rejected by the DRA PreEnqueue check stays in the unschedulable pool ------

_W2 = "gpu-worker-2"


@case("fl3702", pod_subj("llm-serve-0", "inference"),
      "kubeadm Kubernetes v1.30.2 with DynamicResourceAllocation enabled; one control-plane node and one worker with "
      "8 GPUs (assumed) served by NVIDIA's DRA driver for GPUs v0.1.0, classic DRA (controller Deployment on the "
      "control plane and kubelet-plugin DaemonSet in nvidia-dra-driver, both Running and Ready; image and names "
      "assumed), no nvidia.com/gpu resource. The workload pod llm-serve-0 (inference, owned by a StatefulSet; names "
      "assumed) references a ResourceClaimTemplate (v1alpha2 `source` form); its generated ResourceClaim "
      "(resource.k8s.io/v1alpha2, resourceClassName gpu.nvidia.com) exists, unallocated, and is recorded in the "
      "pod's status.resourceClaimStatuses. The pod is Pending with no PodScheduled condition and no event at all (a "
      "pod held by a PreEnqueue rejection is never attempted, so the scheduler records nothing). No "
      "PodSchedulingContext exists (not collected either way). The text (the changelog entry) is not in the bundle.")
def _(w, t):
    _cluster(w, "v1.30.2", _W2, runtime="containerd://1.7.18")
    _driver(w, _W2, "nvcr.io/nvidia/cloud-native/k8s-dra-driver:v0.1.0", controller=True)
    p = _claim_pod(w, "inference", "llm-serve-0", "gpu-template", v1alpha2=True,
                   image="vllm/vllm-openai:v0.5.0", owner=("StatefulSet", "llm-serve"))
    p["status"]["conditions"] = []
    _generated_claim(w, "inference", p, "llm-serve-0-gpu-5kq8d", "resource.k8s.io/v1alpha2",
                     {"resourceClassName": "gpu.nvidia.com"})
    w.target("Pod", "inference", "llm-serve-0")


# ---- fl3703: SchedulerQueueingHints on, the recorded claim name does not re-queue the pod (v1.31.0) ---------------

_W3 = "gpu-worker-3"


@case("fl3703", pod_subj("eval-job-0-4xq2d", "research"),
      "kubeadm Kubernetes v1.31.0 with DynamicResourceAllocation (alpha, structured parameters) enabled and the "
      "kube-scheduler static pod (kube-system, Running) started with `--feature-gates=DynamicResourceAllocation=true,"
      "SchedulerQueueingHints=true` (assumed); one control-plane node and one worker with 4 GPUs (assumed) served by "
      "NVIDIA's DRA driver for GPUs (structured-parameters build; kubelet-plugin DaemonSet Running and Ready; image "
      "and names assumed), no nvidia.com/gpu resource. The Job pod eval-job-0-4xq2d (research; names assumed) "
      "references a ResourceClaimTemplate; its generated ResourceClaim exists, unallocated, and the pod's "
      "status.resourceClaimStatuses records it. The pod is Pending with no PodScheduled condition and no event. "
      "The ResourceSlice is cluster-scoped and not collected. The text (the changelog entry) is not in the bundle.")
def _(w, t):
    _cluster(w, "v1.31.0", _W3)
    _driver(w, _W3, "nvcr.io/nvidia/cloud-native/k8s-dra-driver:v0.1.0-structured", controller=False)
    s = w.pod("kube-system", "kube-scheduler-cp-1", node="cp-1", gpu=0, containers=("kube-scheduler",),
              image="registry.k8s.io/kube-scheduler:v1.31.0", labels={"component": "kube-scheduler", "tier": "control-plane"},
              cpu="100m", memory="128Mi")
    s["spec"]["containers"][0]["command"] = [
        "kube-scheduler", "--authentication-kubeconfig=/etc/kubernetes/scheduler.conf",
        "--authorization-kubeconfig=/etc/kubernetes/scheduler.conf", "--bind-address=127.0.0.1",
        "--feature-gates=DynamicResourceAllocation=true,SchedulerQueueingHints=true",
        "--kubeconfig=/etc/kubernetes/scheduler.conf", "--leader-elect=true"]
    s["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Node", "name": "cp-1", "uid": "cp-1-uid",
                                         "controller": True}]
    p = _claim_pod(w, "research", "eval-job-0-4xq2d", "eval-gpu", v1alpha2=False,
                   image="nvcr.io/nvidia/pytorch:24.08-py3", owner=("Job", "eval-job"))
    p["status"]["conditions"] = []
    _generated_claim(w, "research", p, "eval-job-0-4xq2d-gpu-m9t6c", "resource.k8s.io/v1alpha3",
                     {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}]}})
    w.target("Pod", "research", "eval-job-0-4xq2d")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
