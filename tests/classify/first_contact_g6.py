"""Builds first-contact batch G6 (fixtures/first-contact/batch-g6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from documentation pages (the `docs` pool: an NVIDIA install overview's OpenShift
4.15 known issue, a GPU Operator release note's fixed issue, a Google GKE troubleshooting skill) that no rule was
written for, sampled with the fixed query list in the batch README. Every case of this batch is a prose case: its
text is the page's own sentences and is not placed in the bundle; each builder builds the cluster state the page
describes. The expected answer was reasoned from the page (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, OpenShift, GKE, kernel, CRI-O/containerd and
kubelet versions, GPU models, operand image tags) are filled in plausibly; each scenario's README says which parts
of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g6      # (re)writes fixtures/first-contact/batch-g6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, ds_pod
from tests.classify.first_contact_b import (drop_logs, no_gpu_resource, node_info, remove_stack_pod, set_image,
                                            stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.first_contact_g import MPS_OPAQUE, _claim, _dra_kubelet_plugin
from tests.classify.first_contact_g5 import _init_waiting, _operand
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g6", "G6", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): all of them
TEXT_NOT_IN_BUNDLE = {"fg601", "fg602", "fg603"}

OCP_NS = "nvidia-gpu-operator"      # the namespace NVIDIA's OpenShift install guide uses


def _move_namespace(w, old: str, new: str) -> None:
    """Move every pod, log and event of namespace `old` (the builder's GPU stack) to `new`."""
    pods = w.pods.pop(old, [])
    for p in pods:
        p["metadata"]["namespace"] = new
    w.pods.setdefault(new, []).extend(pods)
    for key in [k for k in w.logs if k[0] == old]:
        w.logs[(new,) + key[1:]] = w.logs.pop(key)
    evs = w.events.pop(old, [])
    for e in evs:
        e["metadata"]["namespace"] = new
        e["involvedObject"]["namespace"] = new
    w.events.setdefault(new, []).extend(evs)
    for (folder, ns) in [k for k in w.workloads if k[1] == old]:
        items = w.workloads.pop((folder, ns))
        for o in items:
            o["metadata"]["namespace"] = new
        w.workloads.setdefault((folder, new), []).extend(items)


# ---- driver layer ----------------------------------------------------------------------------

@case("fg601", node_subj("ip-10-0-139-77.ec2.internal"),
      "OpenShift 4.15 cluster on AWS (4.15.3, Kubernetes v1.28, RHCOS 415.92, CRI-O; versions assumed for spring 2024) "
      "with a control-plane node and one GPU worker (g4dn.xlarge assumed: one Tesla T4); the integrated image registry "
      "is disabled (configs.imageregistry.operator.openshift.io `cluster` with managementState Removed and spec.storage "
      "{}, collected as a custom resource), so the Driver Toolkit service account has no build-dockercfg secret "
      "(ServiceAccounts and Secrets are not part of a bundle; the README says so); GPU Operator v23.9.2 (OLM, "
      "namespace nvidia-gpu-operator, ClusterPolicy gpu-cluster-policy notReady, condition wording illustrative) with "
      "NFD labelling the worker; no driver (Driver Toolkit) pod exists on the worker (assumed mechanics of the page's "
      "'the installation stalls': the operator never completes the driver daemon set); the toolkit and validator pods "
      "wait in driver-validation, the device plugin, GFD and DCGM exporter pods in toolkit-validation (running, "
      "waiting); the worker carries the NFD PCI label but no GFD labels and advertises no nvidia.com/gpu. The text "
      "is prose and not placed.")
def _(w, t):
    w.git_version = "v1.28.7+f1b5f6c"
    kubelet, crio, kernel = "v1.28.7+f1b5f6c", "cri-o://1.28.4-4.rhaos4.15.git92d1839.el9", "5.14.0-284.55.1.el9_2.x86_64"
    cp = w.node("ip-10-0-21-104.ec2.internal", cpu="8", memory="32386628Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                        "node.kubernetes.io/instance-type": "m6i.2xlarge"},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    rhcos(cp, "415.92.202403061641-0 (Plow)", kernel, crio, kubelet)
    cp["metadata"]["labels"].pop("node-role.kubernetes.io/worker", None)
    node = "ip-10-0-139-77.ec2.internal"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None,
                   labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                           "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "415.92.202403061641-0",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.15"})
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "415.92.202403061641-0 (Plow)", kernel, crio, kubelet)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "16049596Ki"})
    remove_stack_pod(w, node, "driver")
    for role, init, ctr, img in (
            ("toolkit", "driver-validation", "nvidia-container-toolkit-ctr",
             "nvcr.io/nvidia/k8s/container-toolkit:v1.14.6-ubi8"),
            ("validator", "driver-validation", "nvidia-operator-validator",
             "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.2"),
            ("device-plugin", "toolkit-validation", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8"),
            ("gfd", "toolkit-validation", "gpu-feature-discovery",
             "nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8")):
        p = stack_pod(w, node, role)
        set_image(p, ctr, img)
        _init_waiting(p, init)
        drop_logs(w, OPERATOR_NS, p["metadata"]["name"])
    exp = _operand(w, OPERATOR_NS, "nvidia-dcgm-exporter-5xq8n", node, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
                   ("toolkit-validation",), "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.0-3.2.0-ubi8")
    _init_waiting(exp, "toolkit-validation")
    wl = w.workload("DaemonSet", OPERATOR_NS, "nvidia-dcgm-exporter", template_pod=exp, status=ds_status(1, 1, 0))
    wl["spec"]["template"]["spec"]["nodeSelector"] = {"nvidia.com/gpu.deploy.dcgm-exporter": "true"}
    _move_namespace(w, OPERATOR_NS, OCP_NS)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "crio", "use_ocp_driver_toolkit": True},
                 "driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "dcgmExporter": {"enabled": True}},
        "status": {"state": "notReady", "namespace": OCP_NS,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": "ClusterPolicy is not ready, states not ready: [state-driver]",
                                   "lastTransitionTime": T1}]}}]
    w.custom["configs.imageregistry.operator.openshift.io"] = [{
        "apiVersion": "imageregistry.operator.openshift.io/v1", "kind": "Config",
        "metadata": {"name": "cluster", "creationTimestamp": "2026-10-01T08:00:00Z"},
        "spec": {"managementState": "Removed", "replicas": 1, "storage": {}},
        "status": {"conditions": [{"type": "Available", "status": "True", "reason": "Removed",
                                   "message": "The registry is removed"}]}}]
    w.target("Node", None, node)


# ---- plugin layer ----------------------------------------------------------------------------

@case("fg602", pod_subj("mps-nbody-6c8d9f7b5-q4w2x", "gpu-apps"),
      "OpenShift 4.20 (Kubernetes v1.33, RHCOS 9.6, CRI-O; versions assumed for 2026) with one GPU worker (L40S "
      "assumed); GPU Operator 26.7.1 (namespace nvidia-gpu-operator) installs the DRA Driver for NVIDIA GPUs through a "
      "GPUCluster resource with the MPSSupport feature gate (custom resource shape illustrative); the DRA gpu kubelet "
      "plugin pod is Running on the worker; the workload pod of Deployment mps-nbody in namespace gpu-apps is "
      "scheduled with an allocated ResourceClaim asking for MPS sharing and waits in ContainerCreating with a kubelet "
      "FailedPrepareDynamicResources event (wording illustrative); the MPS control-daemon Deployment the plugin "
      "created for the claim has 0 replicas and a ReplicaFailure condition, its ReplicaSet a FailedCreate event: the "
      "SCC admission refuses host PID for the service account it runs under (message after OpenShift's usual SCC "
      "wording, illustrative). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.5"
    node = "worker-gpu-0.ocp.example.internal"
    n = w.node(node, cpu="48", memory="394906076Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-L40S",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    rhcos(n, "9.6.20260901-0 (Plow)", "5.14.0-570.42.1.el9_6.x86_64", "cri-o://1.33.5-2.rhaos4.20.git6c1a3b2.el9",
          "v1.33.5")
    image = "nvcr.io/nvidia/k8s-dra-driver-gpu:v0.5.0"
    _dra_kubelet_plugin(w, OCP_NS, "nvidia-dra-driver-gpu-kubelet-plugin", node, image)
    daemon = "mps-control-daemon-3b7e91c4-2f6a-4d1e-9c85-7a0d4e6b2c19-5f8d2"
    rs = f"{daemon}-7c9b6d8f4"
    scc = (f'pods "{rs}-" is forbidden: unable to validate against any security context constraint: '
           '[provider "anyuid": Forbidden: not usable by user or serviceaccount, provider restricted-v2: .spec.hostPID: '
           'Invalid value: true: Host PID is not allowed to be used, provider "nvidia-dra-driver": Forbidden: not usable '
           'by user or serviceaccount, provider "hostnetwork-v2": Forbidden: not usable by user or serviceaccount, '
           'provider "privileged": Forbidden: not usable by user or serviceaccount]')
    tmpl = {"spec": {"hostPID": True, "serviceAccountName": "default",
                     "containers": [{"name": "mps-control-daemon", "image": image}]}}
    w.workload("Deployment", OCP_NS, daemon, template_pod=tmpl, status={
        "replicas": 0, "unavailableReplicas": 1,
        "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                        "message": "Deployment does not have minimum availability.", "lastTransitionTime": T1},
                       {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": scc,
                        "lastTransitionTime": T1}]})
    w.workload("ReplicaSet", OCP_NS, rs, template_pod=tmpl, owner=("Deployment", daemon), status={"replicas": 0})
    w.event(OCP_NS, "ReplicaSet", rs, "FailedCreate", "Error creating: " + scc, component="replicaset-controller", count=23)
    w.custom["gpuclusters.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1alpha1", "kind": "GPUCluster", "metadata": {"name": "gpu-cluster", "creationTimestamp": T0},
        "spec": {"draDriver": {"enabled": True, "featureGates": {"MPSSupport": True}}},
        "status": {"state": "ready", "namespace": OCP_NS}}]
    ns, pod = "gpu-apps", "mps-nbody-6c8d9f7b5-q4w2x"
    claim = "mps-nbody-6c8d9f7b5-q4w2x-shared-gpu-r8m2t"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, claim, pod, MPS_OPAQUE, node)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("nbody",), image="nvcr.io/nvidia/k8s/cuda-sample:nbody-cuda11.7.1-ubi8",
              phase="Pending", ready=False, owner=("ReplicaSet", "mps-nbody-6c8d9f7b5"), labels={"app": "mps-nbody"},
              statuses={"nbody": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "shared-gpu", "resourceClaimName": claim}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "shared-gpu"}]
    annotate(p, **{"openshift.io/scc": "restricted-v2"})
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            f"Failed to prepare dynamic resources: NodePrepareResources failed for claim {ns}/{claim}: error preparing "
            "devices for claim: prepare devices failed: error applying GPU config: timed out waiting for the MPS control "
            "daemon deployment to become ready", component="kubelet", host=node, count=9)
    w.target("Pod", ns, pod)


# ---- node layer ------------------------------------------------------------------------------

@case("fg603", node_subj("gke-train-a3-pool-6d2f8c1e-k3vq"),
      "GKE Standard cluster (GKE 1.33, Container-Optimized OS with containerd, GKE-managed driver "
      "gpu-driver-version=default; versions assumed for 2026) with a system node and two nodes of the `a3-pool` GPU "
      "node pool (a3-highgpu-8g assumed: 8 x H100 80GB each; node auto-repair disabled for the pool, a GKE API "
      "setting that no cluster object carries); node gke-train-a3-pool-6d2f8c1e-k3vq has every condition Unknown with "
      "reason NodeStatusUnknown and message 'Kubelet stopped posting node status.' and the node.kubernetes.io/"
      "unreachable NoSchedule/NoExecute taints; GKE's nvidia-gpu-device-plugin DaemonSet has its pod on that node "
      "not ready; a multi-host JobSet `llm-train` (two replicated-job pods, one per node, 8 GPUs each) has its pod on "
      "the failed node Terminating (deletionTimestamp set, last status Running) and its pod on the healthy node "
      "Running; the JobSet's Jobs and JobSet object are collected (status wording illustrative). The text is prose "
      "and not placed.")
def _(w, t):
    w.git_version = "v1.33.4-gke.1245000"
    kv = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.93+",
          "containerRuntimeVersion": "containerd://2.0.4", "kubeletVersion": "v1.33.4-gke.1245000",
          "kubeProxyVersion": "v1.33.4-gke.1245000"}
    sysn = w.node("gke-train-default-pool-1a7c3e90-m2rz", cpu="4", memory="16393216Ki",
                  labels={"cloud.google.com/gke-nodepool": "default-pool",
                          "node.kubernetes.io/instance-type": "e2-standard-4"})
    node_info(sysn, **kv)
    dead, good = "gke-train-a3-pool-6d2f8c1e-k3vq", "gke-train-a3-pool-6d2f8c1e-7xwd"
    gpu_labels = {"cloud.google.com/gke-nodepool": "a3-pool", "cloud.google.com/gke-accelerator": "nvidia-h100-80gb",
                  "cloud.google.com/gke-gpu-driver-version": "default", "cloud.google.com/gke-os-distribution": "cos",
                  "node.kubernetes.io/instance-type": "a3-highgpu-8g", "cloud.google.com/gke-gpu": "true"}
    gpu_taint = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
    for name in (dead, good):
        taints = (gpu_taint,)
        if name == dead:
            taints = (gpu_taint, {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                      {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1})
        n = w.node(name, gpus=8, cpu="208", memory="1919238444Ki", labels=gpu_labels, taints=taints,
                   ready="Unknown" if name == dead else True)
        node_info(n, **kv)
    img = "gke.gcr.io/nvidia-gpu-device-plugin@sha256:9c2ae71b8a3f0e4d52c6b7a1e8f09d3c4b5a6e7f8091a2b3c4d5e6f708192a3b"
    ds = "nvidia-gpu-device-plugin-large-cos"
    daemonset(w, "kube-system", ds, desired=2, ready=1, containers=[("nvidia-gpu-device-plugin", img)],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "nvidia-gpu-device-plugin"},
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    for name, pod in ((dead, f"{ds}-4hq9p"), (good, f"{ds}-zt6mc")):
        ds_pod(w, "kube-system", ds, pod, name, containers=("nvidia-gpu-device-plugin",), image=img,
               labels={"k8s-app": "nvidia-gpu-device-plugin"}, ready=(name == good))
    ns = "training"
    tol = GPU_TOLERATION
    for i, (name, suffix) in enumerate(((dead, "b7k2d"), (good, "x9p4m"))):
        job = f"llm-train-workers-{i}"
        w.workload("Job", ns, job, template_pod={"spec": {"containers": [{"name": "trainer"}]}},
                   status={"active": 1, "ready": 0 if name == dead else 1, "startTime": T0})
        p = w.pod(ns, f"{job}-0-{suffix}", node=name, gpu=8, containers=("trainer",),
                  image="us-docker.pkg.dev/example-ml/train/llm-trainer:2026.10", owner=("Job", job),
                  labels={"jobset.sigs.k8s.io/jobset-name": "llm-train", "jobset.sigs.k8s.io/replicatedjob-name": "workers",
                          "batch.kubernetes.io/job-name": job},
                  ready=(name == good), tolerations=tol, cpu="200", memory="1800Gi")
        if name == dead:
            p["metadata"]["deletionTimestamp"] = T1
            p["metadata"]["deletionGracePeriodSeconds"] = 30
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
            p["status"]["conditions"].append({"type": "DisruptionTarget", "status": "True",
                                              "reason": "DeletionByTaintManager",
                                              "message": "Taint manager: deleting due to NoExecute taint",
                                              "lastTransitionTime": T1})
            w.event(ns, "Pod", p["metadata"]["name"], "TaintManagerEviction",
                    f"Marking for deletion Pod {ns}/{p['metadata']['name']}", type="Normal",
                    component="taint-eviction-controller", count=1)
    w.event("default", "Node", dead, "NodeNotReady", f"Node {dead} status is now: NodeNotReady", type="Normal",
            component="node-controller", count=1)
    w.ns_custom[("jobsets.jobset.x-k8s.io", ns)] = [{
        "apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
        "metadata": {"name": "llm-train", "namespace": ns, "creationTimestamp": T0},
        "spec": {"replicatedJobs": [{"name": "workers", "replicas": 2, "template": {"spec": {
            "parallelism": 1, "completions": 1, "backoffLimit": 0}}}],
            "failurePolicy": {"maxRestarts": 3}},
        "status": {"restarts": 0, "replicatedJobsStatus": [{"name": "workers", "ready": 1, "active": 2, "succeeded": 0,
                                                            "failed": 0, "suspended": 0}]}}]
    w.target("Node", None, dead)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
