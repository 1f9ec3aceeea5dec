"""Builds first-contact batch K37 (fixtures/first-contact/batch-k37/cases.jsonl) as scenario bundles.

Round 37 frame: the GPU-filtered "Bug or Regression" entries of kubernetes/kubernetes' CHANGELOG-1.35/1.34/1.33.
Four fixed failures of the GPU path through Kubernetes itself:

- fk3701: the kubelet's gRPC connection to a DRA driver (nvidia-dra-driver-gpu) deadlocks after 30 idle minutes;
  the next GPU pod with a ResourceClaim hangs in ContainerCreating with no event beyond Scheduled (PR #133926,
  fixes issue #133920; regression of 1.34.0/1.34.1, fixed in 1.34.2 and 1.35.0).
- fk3702: the systemd watchdog kills the kubelet while the container runtime initialises slowly, because the
  Device Manager reports unhealthy before it listens; the GPU node flaps NotReady (PR #135153, issue #135113;
  fixed in 1.34.3 and 1.35.0).
- fk3703: the DRA drivers' ResourceSlice controller (k8s.io/dynamic-resource-allocation, vendored into the driver)
  does not recreate a ResourceSlice that the kubelet deleted within a minute of its creation (a kubelet restart
  right after the driver started); the node's GPUs vanish from DRA and GPU pods stay Pending (PR #132683, 1.34.0).
- fk3704: kube-scheduler 1.33.0 cannot allocate more than 16 devices to one ResourceClaim; a claim for 28 MIG
  devices stays unallocated (PR #131662, cherry-pick #131679 in 1.33.1).

All four texts are the changelog bullets' own words (prose): they never reach the cluster, so they are listed in
TEXT_NOT_IN_BUNDLE and the bundles carry the state the entries (and the issues they name) describe. Event messages
that are not quoted by a source are composed from the emitting component's wording and say so in the case's note.
Names, sizes and versions the sources do not state are assumed; each scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_k37      # (re)writes fixtures/first-contact/batch-k37/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-k37", "K37", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# every text of this batch is a changelog bullet (prose): not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fk3701", "fk3702", "fk3703", "fk3704"}

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_DS = "nvidia-dra-driver-gpu-kubelet-plugin"
_CP_TAINT = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]


def _dra_stack(w: FCWorld, node: str, plugin_pod: str, image: str, *, started: str = T0) -> dict:
    """The NVIDIA DRA driver for GPUs as its Helm chart deploys it: the kubelet-plugin DaemonSet on the GPU
    node (containers gpus and compute-domains) and the controller Deployment's pod; both Ready."""
    daemonset(w, _DRA_NS, _DRA_DS, desired=1, containers=[("gpus", image), ("compute-domains", image)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu",
                      "app.kubernetes.io/component": "kubelet-plugin"})
    pp = ds_pod(w, _DRA_NS, _DRA_DS, plugin_pod, node, containers=("gpus", "compute-domains"), image=image,
                tolerations=GPU_TOLERATION)
    pp["metadata"]["creationTimestamp"] = started
    pp["status"]["startTime"] = started
    for s in pp["status"]["containerStatuses"]:
        s["state"] = {"running": {"startedAt": started}}
    return pp


def _no_device_plugin(w: FCWorld, node: str) -> None:
    """GPU Operator with its device plugin disabled (DRA allocates the GPUs): drop the plugin pod and the
    node's nvidia.com/gpu resource."""
    name = w.stack(node, "device-plugin")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != name]
    for key in [k for k in w.logs if k[1] == name]:
        w.logs.pop(key)
    n = w.get_node(node)
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.device-plugin"] = "false"
    n["status"]["capacity"].pop("nvidia.com/gpu", None)
    n["status"]["allocatable"].pop("nvidia.com/gpu", None)


def _claim_pod(w: FCWorld, ns: str, name: str, *, node: str | None, template: str, claim: str, image: str,
               owner: tuple[str, str], labels: dict, container: str, phase: str | None = None,
               statuses: dict | None = None, scheduled_message: str | None = None) -> dict:
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), image=image, owner=owner, labels=labels,
              tolerations=GPU_TOLERATION, phase=phase, statuses=statuses, scheduled_message=scheduled_message,
              cpu="8", memory="32Gi", extra_spec={"resourceClaims": [{"name": "gpu",
                                                                        "resourceClaimTemplateName": template}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": claim}]
    return p


def _claim(ns: str, name: str, pod: dict, requests: list[dict], *, results: list[dict] | None = None,
           node: str | None = None) -> dict:
    c = {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceClaim",
         "metadata": {"name": name, "namespace": ns, "creationTimestamp": T1,
                      "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                      "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"],
                                           "uid": pod["metadata"]["uid"], "controller": True,
                                           "blockOwnerDeletion": True}]},
         "spec": {"devices": {"requests": requests}}, "status": {}}
    if results is not None:
        c["status"] = {"allocation": {"devices": {"results": results},
                                      "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                          {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod["metadata"]["name"],
                                        "uid": pod["metadata"]["uid"]}]}
    return c


def _slice(node: str, devices: list[dict], *, name: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceSlice",
            "metadata": {"name": name, "creationTimestamp": T0,
                         "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": node,
                                              "uid": "", "controller": True}]},
            "spec": {"driver": "gpu.nvidia.com", "nodeName": node,
                     "pool": {"name": node, "generation": 1, "resourceSliceCount": 1}, "devices": devices}}


def _gpu_dev(i: int, product: str, uuid: str) -> dict:
    return {"name": f"gpu-{i}", "basic": {"attributes": {
        "type": {"string": "gpu"}, "productName": {"string": product}, "index": {"int": i},
        "uuid": {"string": uuid}, "driverVersion": {"version": "570.124.6"}},
        "capacity": {"memory": {"value": "80Gi"}}}}


# ---- fk3701: kubelet <-> DRA driver gRPC connection deadlocks after 30 idle minutes ----------------------------

_A_NODE = "gpu-h100-0"
_A_NS = "inference"
_A_POD = "llm-bench-6c9f7d8b5-t2k7w"
_A_CLAIM = "llm-bench-6c9f7d8b5-t2k7w-gpu-x7q2n"
_A_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0"
_A_PLUGIN = "nvidia-dra-driver-gpu-kubelet-plugin-9xv4d"
_A_OLD = "2026-11-29T09:02:00Z"       # the plugin and the earlier GPU pods: hours before (assumed)


@case("fk3701", pod_subj(_A_POD, _A_NS),
      "Kubernetes v1.34.1 (kubeadm; the release before the 1.34 line's fix in v1.34.2; assumed) with a "
      "control-plane node and one GPU node (8 x H100 80GB; assumed). GPU Operator in gpu-operator with its device "
      "plugin disabled (DRA allocates the GPUs; the node has no nvidia.com/gpu resource), driver, toolkit, GFD and "
      "validator Ready. The NVIDIA DRA driver for GPUs (nvidia-dra-driver-gpu v25.8.0, Helm; version assumed) runs "
      "its kubelet plugin on the GPU node, Ready and never restarted since the morning; its ResourceSlice publishes "
      "the eight GPUs. No pod with a claim started on the node for more than 30 minutes (assumed). The new pod "
      "(name, namespace, image assumed) has its ResourceClaim allocated and reserved on the GPU node and stays "
      "ContainerCreating: its only event is the scheduler's Scheduled one; the kubelet writes no "
      "FailedPrepareDynamicResources event and the driver's log shows no NodePrepareResources call (the state "
      "modelplane#419 reports for the same deadlock). The changelog text is not in the bundle (TEXT_NOT_IN_BUNDLE).")
def _(w, t):
    w.git_version = "v1.34.1"
    kv = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
          "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.34.1"}
    info(w.node("cp-0", cpu="8", memory="32863676Ki", taints=_CP_TAINT,
                labels={"node-role.kubernetes.io/control-plane": ""}), **kv)
    n = w.gpu_node(_A_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224",
                   memory="2113389560Ki", labels={"nvidia.com/cuda.driver.major": "570"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **kv)
    _no_device_plugin(w, _A_NODE)
    _dra_stack(w, _A_NODE, _A_PLUGIN, _A_IMG, started=_A_OLD)
    w.log(_DRA_NS, _A_PLUGIN, "gpus",
          'I1129 09:02:14.118602       1 driver.go:123] "Starting driver" driverName="gpu.nvidia.com"\n'
          'I1129 09:02:14.902331       1 draplugin.go:612] "Publishing ResourceSlices" numDevices=8\n'
          'I1129 14:58:41.440126       1 health.go:61] "Health check" numClaims=0\n')
    w.custom["resourceslices.resource.k8s.io"] = [_slice(_A_NODE, [
        _gpu_dev(i, "NVIDIA H100 80GB HBM3", f"GPU-4b1e7c2a-90d3-4f6e-8a5b-1c2d3e4f5a{i:02d}") for i in range(8)],
        name=f"{_A_NODE}-gpu.nvidia.com-r8k2p")]
    p = _claim_pod(w, _A_NS, _A_POD, node=_A_NODE, template="single-h100", claim=_A_CLAIM,
                   image="vllm/vllm-openai:v0.10.1", owner=("ReplicaSet", "llm-bench-6c9f7d8b5"),
                   labels={"app": "llm-bench"}, container="vllm", phase="Pending",
                   statuses={"vllm": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                      "restartCount": 0}})
    w.event(_A_NS, "Pod", _A_POD, "Scheduled", f"Successfully assigned {_A_NS}/{_A_POD} to {_A_NODE}",
            type="Normal", component="default-scheduler")
    w.ns_custom[("resourceclaims.resource.k8s.io", _A_NS)] = [_claim(
        _A_NS, _A_CLAIM, p, [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}],
        results=[{"request": "gpu", "driver": "gpu.nvidia.com", "pool": _A_NODE, "device": "gpu-0"}], node=_A_NODE)]
    w.target("Pod", _A_NS, _A_POD)


# ---- fk3702: systemd watchdog kills the kubelet while the Device Manager is not yet listening ------------------

_B_NODE = "gke-ml-pool-l4-5f2b8c1d-x9kq"
_B_GKE = "v1.34.1-gke.2377000"


@case("fk3702", node_subj(_B_NODE),
      "GKE v1.34.1-gke.2377000 (the version in issue #135113; the fix reached 1.34.3 and 1.35.0), kubelet run by "
      "systemd with a watchdog of about 20 seconds (as the issue states). A system node pool (2 nodes) and a GPU "
      "node pool with one g2-standard-8 node (one NVIDIA L4; names, sizes and pool names assumed) with GKE's "
      "own GPU stack (the nvidia-gpu-device-plugin DaemonSet in kube-system; the driver installed by GKE). On the "
      "GPU node the container runtime answers slowly at kubelet start, the Device Manager health check fails, "
      "systemd sends SIGABRT and restarts the kubelet over and over: the node's Ready condition is Unknown "
      "(Kubelet stopped posting node status), its events are repeated 'Starting kubelet.' and NodeNotReady, the "
      "device-plugin pod on it is not ready, and a GPU training pod bound to it before is not ready. Event "
      "messages are the kubelet's and node controller's usual wording (composed). The changelog text is not in the "
      "bundle (TEXT_NOT_IN_BUNDLE).")
def _(w, t):
    w.git_version = _B_GKE
    kv = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
          "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": _B_GKE}
    for name in ("gke-ml-default-pool-8c3e1a7b-pq2z", "gke-ml-default-pool-8c3e1a7b-7mw4"):
        info(w.node(name, cpu="4", memory="16393516Ki",
                    labels={"cloud.google.com/gke-nodepool": "default-pool",
                            "node.kubernetes.io/instance-type": "e2-standard-4"}), **kv)
    gpu_labels = {"cloud.google.com/gke-nodepool": "l4-pool", "cloud.google.com/gke-accelerator": "nvidia-l4",
                  "cloud.google.com/gke-gpu-driver-version": "default",
                  "node.kubernetes.io/instance-type": "g2-standard-8"}
    n = w.node(_B_NODE, gpus=1, cpu="8", memory="32864420Ki", labels=gpu_labels, ready="Unknown",
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},
                       {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule"}])
    info(n, **kv)
    daemonset(w, "kube-system", "nvidia-gpu-device-plugin-small-cos", desired=1, ready=0,
              containers=[("nvidia-gpu-device-plugin",
                           "gke.gcr.io/nvidia-gpu-device-plugin@sha256:4b1e0c9d2f7a")],
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, tolerations=GPU_TOLERATION,
              labels={"k8s-app": "nvidia-gpu-device-plugin"})
    dp = ds_pod(w, "kube-system", "nvidia-gpu-device-plugin-small-cos", "nvidia-gpu-device-plugin-small-cos-7xk2d",
                _B_NODE, containers=("nvidia-gpu-device-plugin",),
                image="gke.gcr.io/nvidia-gpu-device-plugin@sha256:4b1e0c9d2f7a", tolerations=GPU_TOLERATION,
                ready=False)
    dp["status"]["conditions"] = [dict(c, status="False") if c["type"] in ("Ready", "ContainersReady") else c
                                  for c in dp["status"]["conditions"]]
    w.pod("ml", "finetune-l4-0", node=_B_NODE, gpu=1, containers=("trainer",),
          image="us-docker.pkg.dev/ml-proj/train/finetune:2025.11", owner=("StatefulSet", "finetune-l4"),
          labels={"app": "finetune-l4"}, tolerations=GPU_TOLERATION, ready=False)
    w.event("default", "Node", _B_NODE, "Starting", "Starting kubelet.", type="Normal", component="kubelet",
            host=_B_NODE, count=37)
    w.event("default", "Node", _B_NODE, "NodeNotReady", f"Node {_B_NODE} status is now: NodeNotReady",
            type="Normal", component="node-controller", count=12)
    w.target("Node", None, _B_NODE)


# ---- fk3703: the DRA driver does not recreate a ResourceSlice the kubelet deleted right after it was made -----

_C_NODES = ("gpu-a100-0", "gpu-a100-1")
_C_NS = "research"
_C_POD = "train-ddp-0"
_C_CLAIM = "train-ddp-0-gpu-5hb8m"
_C_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"
_C_RESTART = "2026-11-29T14:10:20Z"     # kubelet restart on gpu-a100-0, ~40 s after the plugin published


@case("fk3703", pod_subj(_C_POD, _C_NS),
      "Kubernetes v1.33.2 (kubeadm; assumed) with a control-plane node and two GPU nodes with 8 x A100 80GB each "
      "(sizes, names assumed). GPU Operator with its device plugin disabled; the NVIDIA DRA driver for GPUs "
      "(v25.3.0, built on the 1.33 k8s.io/dynamic-resource-allocation library, i.e. before the fix of PR #132683 "
      "in 1.34; assumed) runs its kubelet plugin on both GPU nodes, Ready. On gpu-a100-0 the kubelet restarted "
      "(its Node event 'Starting kubelet.') less than a minute after the plugin had published the node's "
      "ResourceSlice; the kubelet's start-up wipe deleted it and the driver never recreated it: only gpu-a100-1 "
      "has a ResourceSlice, and its eight GPUs are all allocated to the running pods of another job. The new pod "
      "(its claim from a template asking for one gpu.nvidia.com device; names assumed) stays Pending with an "
      "unallocated claim; the scheduler's FailedScheduling message is composed from kube-scheduler's wording "
      "('cannot allocate all claims'). The changelog text is not in the bundle (TEXT_NOT_IN_BUNDLE).")
def _(w, t):
    w.git_version = "v1.33.2"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.2"}
    info(w.node("cp-0", cpu="8", memory="32863676Ki", taints=_CP_TAINT,
                labels={"node-role.kubernetes.io/control-plane": ""}), **kv)
    daemonset(w, _DRA_NS, _DRA_DS, desired=2, containers=[("gpus", _C_IMG), ("compute-domains", _C_IMG)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu",
                      "app.kubernetes.io/component": "kubelet-plugin"})
    slices = []
    for i, node in enumerate(_C_NODES):
        n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="128",
                       memory="2113389560Ki", labels={"nvidia.com/cuda.driver.major": "570"},
                       taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
        info(n, **kv)
        _no_device_plugin(w, node)
        pp = ds_pod(w, _DRA_NS, _DRA_DS, f"nvidia-dra-driver-gpu-kubelet-plugin-{'k4x9q' if i == 0 else 'm2w7r'}",
                    node, containers=("gpus", "compute-domains"), image=_C_IMG, tolerations=GPU_TOLERATION)
        w.log(_DRA_NS, pp["metadata"]["name"], "gpus",
              'I1129 14:09:38.512007       1 driver.go:123] "Starting driver" driverName="gpu.nvidia.com"\n'
              'I1129 14:09:39.104552       1 draplugin.go:612] "Publishing ResourceSlices" numDevices=8\n')
        if i == 1:
            slices.append(_slice(node, [_gpu_dev(d, "NVIDIA A100-SXM4-80GB",
                                                 f"GPU-9d2c41e7-5a3b-4c8d-b1e2-7f60a8c3d4{d:02d}")
                                        for d in range(8)], name=f"{node}-gpu.nvidia.com-q7dzp"))
    w.custom["resourceslices.resource.k8s.io"] = slices
    w.event("default", "Node", _C_NODES[0], "Starting", "Starting kubelet.", type="Normal", component="kubelet",
            host=_C_NODES[0], last=_C_RESTART)
    # the other job holds all eight GPUs of gpu-a100-1
    other = []
    for r in range(8):
        name = f"sweep-{r}"
        claim = f"{name}-gpu-{'abcdefgh'[r]}4t2z"
        p = _claim_pod(w, "sweep", name, node=_C_NODES[1], template="one-a100", claim=claim,
                       image="nvcr.io/nvidia/pytorch:25.04-py3", owner=("Job", "sweep"), labels={"job-name": "sweep"},
                       container="worker")
        other.append(_claim("sweep", claim, p, [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}],
                            results=[{"request": "gpu", "driver": "gpu.nvidia.com", "pool": _C_NODES[1],
                                      "device": f"gpu-{r}"}], node=_C_NODES[1]))
    w.ns_custom[("resourceclaims.resource.k8s.io", "sweep")] = other
    msg = ("0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "2 cannot allocate all claims. preemption: 0/3 nodes are available: 3 Preemption is not helpful for "
           "scheduling.")
    p = _claim_pod(w, _C_NS, _C_POD, node=None, template="one-a100", claim=_C_CLAIM,
                   image="nvcr.io/nvidia/pytorch:25.04-py3", owner=("StatefulSet", "train-ddp"),
                   labels={"app": "train-ddp"}, container="trainer", scheduled_message=msg)
    w.event(_C_NS, "Pod", _C_POD, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.ns_custom[("resourceclaims.resource.k8s.io", _C_NS)] = [_claim(
        _C_NS, _C_CLAIM, p, [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}])]
    w.target("Pod", _C_NS, _C_POD)


# ---- fk3704: kube-scheduler 1.33.0 allocates at most 16 devices per ResourceClaim -------------------------------

_D_NODE = "gpu-a100-mig-0"
_D_NS = "batch"
_D_POD = "mig-sweep-8d7f6c5b4-wn5lx"
_D_CLAIM = "mig-sweep-8d7f6c5b4-wn5lx-mig-2r9tq"
_D_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"


@case("fk3704", pod_subj(_D_POD, _D_NS),
      "Kubernetes v1.33.0 (kubeadm; the release before the fix in v1.33.1) with a control-plane node and one GPU "
      "node with 4 x A100 40GB, each partitioned into seven 1g.5gb MIG devices (28 MIG devices; sizes, names and "
      "the layout assumed). GPU Operator with its device plugin disabled; the NVIDIA DRA driver for GPUs (v25.3.0; "
      "assumed) runs its kubelet plugin on the node, Ready, and its ResourceSlice publishes the 28 MIG devices, none "
      "allocated. The workload pod's claim (from a template) asks for 24 MIG devices of profile 1g.5gb in one "
      "request (count 24, within the API's limit of 32; assumed): it stays unallocated and the pod Pending; the "
      "FailedScheduling message is composed from kube-scheduler's wording ('cannot allocate all claims'). The "
      "changelog text is not in the bundle (TEXT_NOT_IN_BUNDLE).")
def _(w, t):
    w.git_version = "v1.33.0"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.0"}
    info(w.node("cp-0", cpu="8", memory="32863676Ki", taints=_CP_TAINT,
                labels={"node-role.kubernetes.io/control-plane": ""}), **kv)
    n = w.gpu_node(_D_NODE, gpus=4, product="NVIDIA-A100-SXM4-40GB", memory_mib=40960, cpu="96",
                   memory="1056694780Ki",
                   labels={"nvidia.com/cuda.driver.major": "570", "nvidia.com/mig.config": "all-1g.5gb",
                           "nvidia.com/mig.config.state": "success", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.strategy": "mixed"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **kv)
    _no_device_plugin(w, _D_NODE)
    _dra_stack(w, _D_NODE, "nvidia-dra-driver-gpu-kubelet-plugin-h8c3v", _D_IMG)
    devs = []
    for g in range(4):
        for m in range(7):
            devs.append({"name": f"gpu-{g}-mig-1g5gb-{m}", "basic": {"attributes": {
                "type": {"string": "mig"}, "profile": {"string": "1g.5gb"}, "parentIndex": {"int": g},
                "index": {"int": m}, "productName": {"string": "NVIDIA A100-SXM4-40GB"},
                "driverVersion": {"version": "570.124.6"}}, "capacity": {"memory": {"value": "4864Mi"}}}})
    w.custom["resourceslices.resource.k8s.io"] = [_slice(_D_NODE, devs, name=f"{_D_NODE}-gpu.nvidia.com-v6bqz")]
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not "
           "helpful for scheduling.")
    p = _claim_pod(w, _D_NS, _D_POD, node=None, template="mig-1g5gb-x24", claim=_D_CLAIM,
                   image="nvcr.io/nvidia/pytorch:25.04-py3", owner=("ReplicaSet", "mig-sweep-8d7f6c5b4"),
                   labels={"app": "mig-sweep"}, container="sweep", scheduled_message=msg)
    p["spec"]["resourceClaims"][0]["name"] = "mig"
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "mig"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "mig", "resourceClaimName": _D_CLAIM}]
    w.event(_D_NS, "Pod", _D_POD, "FailedScheduling", msg, component="default-scheduler", count=22)
    c = _claim(_D_NS, _D_CLAIM, p, [{"name": "mig", "deviceClassName": "mig.nvidia.com", "allocationMode": "ExactCount",
                                     "count": 24, "selectors": [{"cel": {"expression":
                                         "device.attributes['gpu.nvidia.com'].profile == '1g.5gb'"}}]}])
    c["metadata"]["annotations"]["resource.kubernetes.io/pod-claim-name"] = "mig"
    w.ns_custom[("resourceclaims.resource.k8s.io", _D_NS)] = [c]
    w.target("Pod", _D_NS, _D_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
