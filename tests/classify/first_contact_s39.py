"""Builds first-contact batch S39 (fixtures/first-contact/batch-s39/cases.jsonl) as scenario bundles.

kubernetes/kubernetes changelogs 1.37 and 1.36, "Bug or Regression" entries, GPU-FILTERED (round 39, changelog
frame): the kubelet device manager stalling pod admission on NVIDIA GB200 nodes (#138244), the DRA allocator
failing a prioritized-list claim with allocationMode All although devices are free (#137347), and the kubelet
failing a pod that uses an already-prepared ResourceClaim plus a new one (#135919, error text from the issue it
fixes, kubernetes/kubernetes#135901). fs3901 and fs3902 are prose cases (the changelog entry's own words, NOT in
the bundle); fs3903's text is placed verbatim where the issue says it appeared. Names, versions, node sizes and
every line not quoted are assumed; each case's description says which.

    .venv/bin/python -m tests.classify.first_contact_s39      # (re)writes fixtures/first-contact/batch-s39/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-s39", "S39", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the changelog entries' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fs3901", "fs3902"}

_CP_TAINT = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]


# ---- fs3901: kubelet device manager stalls admission on a GB200 node (#138244) --------------------------------

_G_NODE = "gb200-tray-07"
_G_NS = "ml-train"
_G_POD = "llm-finetune-0"


@case("fs3901", pod_subj(_G_POD, _G_NS),
      "Kubernetes v1.35.3 (the release before v1.36.0, which carries the fix; assumed) with a GB200 compute tray "
      f"{_G_NODE} (arm64, Ubuntu 24.04, 4 GPUs labelled NVIDIA-GB200, 144 CPUs; sizes assumed) running the GPU "
      "Operator stack (device plugin, GFD, toolkit, validator healthy) and advertising nvidia.com/gpu: 4; the "
      "kubelet runs the Topology Manager (policy assumed: single-numa-node), the OS exposes 36 NUMA nodes of which "
      "only two hold CPUs and GPUs (the entry's numbers). A training pod requesting one nvidia.com/gpu (name, "
      "image, namespace assumed; the issue's reporter used a KubeVirt virt-launcher pod with a GPU hostDevice) "
      "was bound by the default-scheduler (Scheduled event) but the kubelet never finished admission: the pod "
      "stays Pending with only PodScheduled=True, no container statuses, no kubelet event. The entry's prose is "
      "not in the bundle.")
def _(w, t):
    w.git_version = "v1.35.3"
    kv = {"kubeletVersion": "v1.35.3", "osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-1025-nvidia-64k",
          "containerRuntimeVersion": "containerd://2.0.5", "architecture": "arm64"}
    info(w.node("cp-1", labels={"node-role.kubernetes.io/control-plane": ""}, taints=_CP_TAINT, cpu="16",
                memory="65776144Ki"), **kv)
    n = w.gpu_node(_G_NODE, gpus=4, product="NVIDIA-GB200", memory_mib=189471, cpu="144",
                   memory="1960542108Ki")
    n["status"]["nodeInfo"]["architecture"] = "arm64"
    info(n, **kv)
    p = w.pod(_G_NS, _G_POD, node=_G_NODE, gpu=1, phase="Pending", containers=("trainer",),
              image="nvcr.io/nvidia/pytorch:25.03-py3", cpu="32", memory="256Gi",
              owner=("Job", "llm-finetune"), labels={"job-name": "llm-finetune"})
    p["spec"]["restartPolicy"] = "Never"
    st = p["status"]
    for k in ("containerStatuses", "hostIP", "podIP", "startTime"):
        st.pop(k, None)
    st["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}]
    w.event(_G_NS, "Pod", _G_POD, "Scheduled", f"Successfully assigned {_G_NS}/{_G_POD} to {_G_NODE}",
            type="Normal", component="default-scheduler")
    w.target("Pod", _G_NS, _G_POD)


# ---- fs3902: prioritized list + allocationMode All fails although GPUs are free (#137347) ----------------------

_P_NODE = "gpu-worker-1"
_P_NS = "inference"
_P_POD = "batch-infer-7d4f9"


@case("fs3902", pod_subj(_P_POD, _P_NS),
      "Kubernetes v1.35.2 (the release before v1.36.0; assumed) with DRA (resource.k8s.io/v1) and the "
      "DRAPrioritizedList feature: a control-plane node and one GPU worker with 8 H100 GPUs (assumed) whose "
      "driver is pre-installed; the NVIDIA DRA driver (kubernetes-sigs/dra-driver-nvidia-gpu chart v25.8.0, "
      "namespace nvidia-dra-driver-gpu; assumed) runs its kubelet-plugin DaemonSet pod on the worker, healthy, "
      "publishing the GPUs in ResourceSlices (not collected); no nvidia.com/gpu extended resource (no device "
      "plugin). No GPU is allocated. A pod's ResourceClaim (from a template) asks with firstAvailable for "
      "`all` GPUs matching a selector (allocationMode All) or, as an alternative, one GPU (request shapes "
      "assumed); the scheduler fails to allocate it and the pod stays Pending, its FailedScheduling event and "
      "PodScheduled condition carrying the standard `cannot allocate all claims` wording (composed from the "
      "scheduler's code, not quoted by the entry or PR). The entry's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.35.2"
    kv = {"kubeletVersion": "v1.35.2", "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic",
          "containerRuntimeVersion": "containerd://2.0.4"}
    info(w.node("cp-1", labels={"node-role.kubernetes.io/control-plane": ""}, taints=_CP_TAINT, cpu="16",
                memory="65776144Ki"), **kv)
    info(w.node(_P_NODE, cpu="224", memory="2113442908Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/dra-kubelet-plugin": "true",
                        "feature.node.kubernetes.io/pci-10de.present": "true"}), **kv)
    ns = "nvidia-dra-driver-gpu"
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0"
    labels = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/instance": "nvidia-dra-driver-gpu"}
    daemonset(w, ns, ds, desired=1, containers=[("gpus", img)], init_containers=[("init-container", img)],
              node_selector={"nvidia.com/dra-kubelet-plugin": "true"}, labels=labels)
    ds_pod(w, ns, ds, f"{ds}-q7x2m", _P_NODE, containers=("gpus",), init_containers=("init-container",),
           image=img)
    w.log(ns, f"{ds}-q7x2m", "gpus", 'I0412 09:14:03.118204       1 driver.go:112] "Starting" driver="gpu.nvidia.com"\n'
          'I0412 09:14:03.331958       1 resourceslicecontroller.go:331] "Publishing ResourceSlices" pool="gpu-worker-1"\n')
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not "
           "helpful for scheduling.")
    p = w.pod(_P_NS, _P_POD, gpu=0, containers=("infer",), image="vllm/vllm-openai:v0.9.1", phase="Pending",
              scheduled_message=msg, owner=("Job", "batch-infer"),
              extra_spec={"resourceClaims": [{"name": "gpus", "resourceClaimTemplateName": "gpus-all-or-one"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpus"}]
    p["spec"]["restartPolicy"] = "Never"
    w.event(_P_NS, "Pod", _P_POD, "FailedScheduling", msg, component="default-scheduler", count=14)
    sel = [{"cel": {"expression": "device.attributes['gpu.nvidia.com'].productName == 'NVIDIA H100 80GB HBM3'"}}]
    w.ns_custom[("resourceclaims.resource.k8s.io", _P_NS)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": f"{_P_POD}-gpus-k2v8d", "namespace": _P_NS, "creationTimestamp": T0,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpus"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": _P_POD,
                                          "uid": "5b2d9c1e-7f3a-4e8b-a6d4-0c9e1f2a3b4c", "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpus", "firstAvailable": [
            {"name": "all-h100", "deviceClassName": "gpu.nvidia.com", "allocationMode": "All", "selectors": sel},
            {"name": "one-gpu", "deviceClassName": "gpu.nvidia.com", "allocationMode": "ExactCount", "count": 1}]}]}},
        "status": {}}]
    w.target("Pod", _P_NS, _P_POD)


# ---- fs3903: kubelet cannot start a pod whose claims are one prepared and one new (#135919, issue #135901) ------

_K_NODE = "kind-worker"
_K_NS = "default"


@case("fs3903", pod_subj("pod-2", _K_NS),
      "kind cluster (control plane + one worker) on Kubernetes v1.34.2 (the issue names release-1.34; patch "
      "assumed) with the dra-example-driver (kubernetes-sigs, chart v0.2.0 assumed; namespace dra-example-driver, "
      "kubelet-plugin DaemonSet pod healthy on the worker) publishing simulated GPUs of class gpu.example.com. "
      "ResourceClaims shared-claim-a and shared-claim-b (names assumed) are allocated on the worker (gpu-0, "
      "gpu-1; assumed). pod-1 uses claim a and runs; pod-2, created afterwards, uses claim a plus claim b and is "
      "scheduled, but its container stays waiting with CreateContainerConfigError; the kubelet's Failed event "
      "reads `Error: ` + the issue's error with the claim's name (the issue's `<name>` placeholder filled in as "
      "shared-claim-b, assumed) and the container's waiting message carries the same error.")
def _(w, t):
    w.git_version = "v1.34.2"
    kv = {"kubeletVersion": "v1.34.2", "osImage": "Debian GNU/Linux 12 (bookworm)",
          "containerRuntimeVersion": "containerd://2.1.3", "kernelVersion": "6.8.0-85-generic"}
    info(w.node("kind-control-plane", labels={"node-role.kubernetes.io/control-plane": ""}, taints=_CP_TAINT,
                cpu="16", memory="65776144Ki"), **kv)
    info(w.node(_K_NODE, cpu="16", memory="65776144Ki"), **kv)
    img = "registry.k8s.io/dra-example-driver/dra-example-driver:v0.2.0"
    daemonset(w, "dra-example-driver", "dra-example-driver-kubeletplugin", desired=1,
              containers=[("plugin", img)], labels={"app.kubernetes.io/name": "dra-example-driver"})
    ds_pod(w, "dra-example-driver", "dra-example-driver-kubeletplugin", "dra-example-driver-kubeletplugin-8mq4t",
           _K_NODE, containers=("plugin",), image=img)
    msg = f"{t} shared-claim-b"
    for name, claims in (("pod-1", ["shared-claim-a"]), ("pod-2", ["shared-claim-a", "shared-claim-b"])):
        refs = [{"name": c.split("-")[-1], "resourceClaimName": c} for c in claims]
        statuses = None
        if name == "pod-2":
            statuses = {"ctr": {"state": {"waiting": {"reason": "CreateContainerConfigError", "message": msg}},
                                "ready": False, "restartCount": 0}}
        p = w.pod(_K_NS, name, node=_K_NODE, gpu=0, containers=("ctr",), image="ubuntu:24.04",
                  phase="Running" if name == "pod-1" else "Pending", statuses=statuses,
                  extra_spec={"resourceClaims": refs}, labels={"app": "dra-shared"})
        p["spec"]["containers"][0]["resources"]["claims"] = [{"name": r["name"]} for r in refs]
    w.event(_K_NS, "Pod", "pod-2", "Failed", f"Error: {msg}", component="kubelet", host=_K_NODE, count=9,
            field_path="spec.containers{ctr}")
    w.ns_custom[("resourceclaims.resource.k8s.io", _K_NS)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": c, "namespace": _K_NS, "creationTimestamp": T0},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}},
        "status": {"allocation": {"devices": {"results": [
            {"request": "gpu", "driver": "gpu.example.com", "pool": _K_NODE, "device": dev}]},
            "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                {"key": "metadata.name", "operator": "In", "values": [_K_NODE]}]}]}},
            "reservedFor": [{"resource": "pods", "name": p, "uid": f"00000000-0000-4000-8000-00000000000{i}"}
                            for i, p in enumerate(users, 1)]}}
        for c, dev, users in (("shared-claim-a", "gpu-0", ["pod-1", "pod-2"]), ("shared-claim-b", "gpu-1", ["pod-2"]))]
    w.target("Pod", _K_NS, "pod-2")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
