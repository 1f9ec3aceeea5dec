"""Builds first-contact batch A13 (fixtures/first-contact/batch-a13/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures that no rule was written for, taken from NVIDIA/cloud-native-docs (the GPU Operator,
Container Toolkit, OpenShift and edge sections) read whole, in the fixed file order of the batch README: the first
qualifying entry (troubleshooting item, known issue, release-note fix) of each file, at most 3 per top-level
section. Four cases are prose cases: the entry's own sentences are not placed in the bundle, which carries the
cluster state the entry describes; three place the message the entry quotes where it appears in a cluster. The
expected answer was reasoned from the entry (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the entries do not state (node names, kernels, kubelet and container runtime builds,
image tags, GPU models, namespaces, pod names) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a13      # (re)writes fixtures/first-contact/batch-a13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import no_gpu_resource, node_info, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop, sized
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-a13", "A13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

OCP_NS = "nvidia-gpu-operator"


def driver_version(w, node: str, version: str) -> None:
    """The operator driver pod's healthy start-up log, with the node's driver version."""
    pname = w.stack(node, "driver")
    w.log(OPERATOR_NS, pname, "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", version))


def stack_images(w, node: str, operator: str, driver: str, toolkit: str, plugin: str) -> None:
    """The images of the GPU Operator's operand pods on `node` (World's stack pods carry placeholder images)."""
    validator = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{operator}"
    images = {"driver": f"nvcr.io/nvidia/driver:{driver}", "toolkit": f"nvcr.io/nvidia/k8s/container-toolkit:{toolkit}",
              "device-plugin": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}",
              "gfd": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}", "validator": validator}
    for role, image in images.items():
        p = w.get_pod(OPERATOR_NS, w.stack(node, role))
        for c in p["spec"]["containers"]:
            c["image"] = image
        for c in p["spec"].get("initContainers", []):
            c["image"] = ("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0" if role == "driver" else validator)
        for st in p["status"].get("containerStatuses", []):
            st["image"] = image
        for st in p["status"].get("initContainerStatuses", []):
            st["image"] = ("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0" if role == "driver" else validator)


def waiting(container: str, reason: str = "ContainerCreating", message: str | None = None) -> dict:
    st = {"reason": reason, **({"message": message} if message else {})}
    return {container: {"state": {"waiting": st}, "ready": False, "restartCount": 0}}


def pending_creation(p: dict) -> dict:
    """A scheduled pod whose sandbox was never created: phase Pending, init containers (if any) and containers
    waiting, no container ids, no pod IP."""
    st = p["status"]
    st["phase"] = "Pending"
    for c in st["conditions"]:
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "False"
    inits = st.get("initContainerStatuses", [])
    reason = "PodInitializing" if inits else "ContainerCreating"
    for s in inits + st.get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": reason}}, "ready": False, "started": False, "restartCount": 0})
        s.pop("containerID", None)
    st.pop("podIP", None)
    return p


# ---- fa1301: toolkit 1.19 drop-in without runtime_type, nvidia-RuntimeClass pods get no sandbox --------

_FA1301_NODE = "gpu-worker-01"
_FA1301_INFO = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
                "containerRuntimeVersion": "containerd://2.1.1", "kubeletVersion": "v1.33.1",
                "kubeProxyVersion": "v1.33.1"}
_FA1301_SANDBOX = "3f9c1d7a5b2e8c4f6a0d9e1b7c3a5f2e8d4b6a0c9e1f3d5b7a9c2e4f6a8b0d1c"


@case("fa1301", pod_subj("llm-train-0", "ml"),
      "A kubeadm cluster, Kubernetes v1.33.1 (node names, Ubuntu 24.04 and kernel builds, containerd 2.1.1 and its "
      "minimal version-3 base config.toml without runtime_type, GPU Operator v26.3.1 with container toolkit v1.19.1, "
      "the A10 GPU and the workload are assumed: the release note names no cluster) with a control-plane node and one "
      "GPU worker. On the worker the GPU Operator's driver pod and toolkit pod run (the toolkit wrote its containerd "
      "drop-in and restarted containerd); the device plugin, GPU Feature Discovery and operator validator pods, which "
      "use runtimeClassName nvidia, are Pending in ContainerCreating with the kubelet's FailedCreatePodSandBox "
      "events (the wording around the quoted `container.Runtime.Name must be set` is illustrative, built from "
      "containerd's error wrapping). The worker advertises no nvidia.com/gpu; a GPU training pod (namespace ml) is "
      "Pending with the scheduler's FailedScheduling event. The text is the release note's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.33.1"
    cp = w.node("cp-01", cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_FA1301_INFO)
    n = w.gpu_node(_FA1301_NODE, gpus=1, product="NVIDIA-A10", memory_mib=23028)
    node_info(n, **_FA1301_INFO)
    driver_version(w, _FA1301_NODE, "580.95.05")
    stack_images(w, _FA1301_NODE, "v26.3.1", "580.95.05-ubuntu24.04", "v1.19.1", "v0.18.1")
    sized(n, "32", "131900340Ki")
    no_gpu_resource(n)
    strip_gfd(n)
    # the toolkit DaemonSet installs the runtime class; its own pod does not use it
    w.get_pod(OPERATOR_NS, w.stack(_FA1301_NODE, "toolkit"))["spec"].pop("runtimeClassName", None)
    msg = ("Failed to create pod sandbox: rpc error: code = InvalidArgument desc = failed to start sandbox "
           f"\"{_FA1301_SANDBOX}\": failed to create containerd container: container.Runtime.Name must be set: "
           "invalid argument")
    for role in ("device-plugin", "gfd", "validator"):
        pname = w.stack(_FA1301_NODE, role)
        p = pending_creation(w.get_pod(OPERATOR_NS, pname))
        for key in [k for k in w.logs if k[1] == pname]:
            w.logs.pop(key)
        w.event(OPERATOR_NS, "Pod", pname, "FailedCreatePodSandBox", msg, host=_FA1301_NODE, count=41)
        assert p["spec"]["runtimeClassName"] == "nvidia"
    sched = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint " \
            "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption " \
            "victims found for incoming pod, 1 Preemption is not helpful for scheduling."
    w.pod("ml", "llm-train-0", gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.04-py3",
          labels={"app": "llm-train"}, owner=("StatefulSet", "llm-train"), scheduled_message=sched,
          tolerations=GPU_TOLERATION, cpu="8", memory="32Gi")
    w.event("ml", "Pod", "llm-train-0", "FailedScheduling", sched, component="default-scheduler", count=9)
    w.target("Pod", "ml", "llm-train-0")


# ---- fa1302: Anthos on-prem upgrade recreates the GPU worker VM without its passthrough GPU ------------

_FA1302_INFO = {"osImage": "Ubuntu 18.04.4 LTS", "kernelVersion": "4.15.0-99-generic",
                "containerRuntimeVersion": "docker://19.3.2", "kubeletVersion": "v1.15.11-gke.11",
                "kubeProxyVersion": "v1.15.11-gke.11"}
_FA1302_GPU = "user-cluster1-gpu-5f7c9d8b6-x2kqp"
_FA1302_OP_NS = "gpu-operator-resources"


@case("fa1302", pod_subj("tf-notebook-6d8f7b9c54-q7r2m", "default"),
      "An Anthos on-prem user cluster on VMware vSphere (GKE on-prem 1.3 with Kubernetes v1.15.11-gke.11, Ubuntu "
      "18.04 nodes with Docker, 2020; node names, kernel and Docker builds and the workload's names assumed; the "
      "node pool user-cluster1-gpu, the Tesla P4 and the TensorFlow notebook come from the guide) with two CPU workers "
      "and the GPU node pool's worker, a new VM that the Anthos on-prem upgrade created to replace the deleted GPU "
      "node. The new VM has no PCI passthrough GPU: the node is Ready, has no NVIDIA PCI label from NFD, no "
      "nvidia.com/gpu in capacity or allocatable, and the GPU Operator's operand DaemonSets (namespace "
      "gpu-operator-resources, node selector nvidia.com/gpu.present=true) have 0 pods desired. The TensorFlow GPU "
      "Deployment's new pod is Pending with the scheduler's FailedScheduling event (Insufficient nvidia.com/gpu). The "
      "text is the guide's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.15.11-gke.11"
    for name in ("user-cluster1-6b9f4c7d8-h5wlx", "user-cluster1-6b9f4c7d8-m8zrt"):
        n = w.node(name, cpu="4", memory="8167040Ki", labels={"cloud.google.com/gke-nodepool": "user-cluster1"})
        node_info(n, **_FA1302_INFO)
    g = w.node(_FA1302_GPU, cpu="8", memory="16424572Ki", labels={"cloud.google.com/gke-nodepool": "user-cluster1-gpu"})
    node_info(g, **_FA1302_INFO)
    sel = {"nvidia.com/gpu.present": "true"}
    for ds, container, image in (
            ("nvidia-driver-daemonset", "nvidia-driver-ctr", "nvidia/driver:440.64.00-ubuntu18.04"),
            ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr", "nvidia/container-toolkit:1.0.2-ubuntu18.04"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-ctr", "nvidia/k8s-device-plugin:1.0.0-beta6"),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter", "nvidia/dcgm-exporter:1.7.2")):
        daemonset(w, _FA1302_OP_NS, ds, desired=0, containers=[(container, image)], node_selector=sel,
                  tolerations=GPU_TOLERATION, labels={"app": ds})
    sched = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    w.pod("default", "tf-notebook-6d8f7b9c54-q7r2m", gpu=1, containers=("tf-notebook",),
          image="tensorflow/tensorflow:latest-gpu-jupyter", labels={"app": "tf-notebook"},
          owner=("ReplicaSet", "tf-notebook-6d8f7b9c54"), scheduled_message=sched, cpu="1", memory="2Gi")
    w.event("default", "Pod", "tf-notebook-6d8f7b9c54-q7r2m", "FailedScheduling", sched,
            component="default-scheduler", count=18)
    w.target("Pod", "default", "tf-notebook-6d8f7b9c54-q7r2m")


# ---- fa1303: hostUsers: false GPU pod on CRI-O, nvidia-cdi-hook cannot read config.json ----------------

_FA1303_NODE = "gpu-node-1"
_FA1303_INFO = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-59-generic",
                "containerRuntimeVersion": "cri-o://1.33.1", "kubeletVersion": "v1.33.1",
                "kubeProxyVersion": "v1.33.1"}
_FA1303_POD = "userns-cuda-job-7xk2p"


@case("fa1303", pod_subj(_FA1303_POD, "research"),
      "A Kubernetes v1.33.1 cluster (the distribution, node name, Ubuntu 24.04 and kernel builds, CRI-O 1.33.1, the "
      "L40S GPU, the namespace and the workload are assumed; the page names only GPU Operator v25.10.0 and later, "
      "CDI on by default) with one GPU worker running the GPU Operator's healthy operand stack and advertising its "
      "GPU. A Job's GPU pod that sets spec.hostUsers: false (a pod user namespace) is Pending: its container waits in "
      "CreateContainerError with the quoted error as message, repeated in the kubelet's Failed event. The text is "
      "placed verbatim there.")
def _(w, t):
    w.git_version = "v1.33.1"
    n = w.gpu_node(_FA1303_NODE, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, **_FA1303_INFO)
    driver_version(w, _FA1303_NODE, "580.95.05")
    stack_images(w, _FA1303_NODE, "v25.10.0", "580.95.05-ubuntu24.04", "v1.18.0", "v0.18.0")
    p = w.pod("research", _FA1303_POD, node=_FA1303_NODE, gpu=1, containers=("cuda",),
              image="nvcr.io/nvidia/cuda:12.9.0-base-ubuntu24.04", labels={"job-name": "userns-cuda-job"},
              owner=("Job", "userns-cuda-job"), tolerations=GPU_TOLERATION, cpu="2", memory="8Gi",
              phase="Pending", statuses=waiting("cuda", "CreateContainerError", t),
              extra_spec={"hostUsers": False, "restartPolicy": "Never"})
    for c in p["status"]["conditions"]:
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "True" if c["type"] == "Initialized" else "False"
    for s in p["status"]["containerStatuses"]:
        s.pop("containerID", None)
        s["started"] = False
    w.event("research", "Pod", _FA1303_POD, "Pulled",
            "Container image \"nvcr.io/nvidia/cuda:12.9.0-base-ubuntu24.04\" already present on machine",
            type="Normal", host=_FA1303_NODE, count=12, field_path="spec.containers{cuda}")
    w.event("research", "Pod", _FA1303_POD, "Failed", t, host=_FA1303_NODE, count=12,
            field_path="spec.containers{cuda}")
    w.target("Pod", "research", _FA1303_POD)


# ---- fa1304: DRA claims stuck deleted,allocated,reserved, the kubelet plugin is gone from the node -----

_FA1304_NODE = "gpu-node-2"
_FA1304_INFO = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-71-generic",
                "containerRuntimeVersion": "containerd://2.1.3", "kubeletVersion": "v1.34.2",
                "kubeProxyVersion": "v1.34.2"}
_FA1304_POD = "bert-finetune-0"
_DRA_IMAGE = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"


@case("fa1304", pod_subj(_FA1304_POD, "ml"),
      "A Kubernetes v1.34.2 cluster (the page's prerequisite; node names, Ubuntu 24.04, kernel and containerd builds, "
      "the H100 GPUs, GPU Operator v26.3.1 with the DRA driver image tag, the namespace and the workload are assumed) "
      "whose GPU Operator manages DRA through the GPUCluster resource, with a host-installed 580 driver. Two GPU "
      "nodes publish gpu.nvidia.com devices; the nvidia-dra-driver-kubelet-plugin DaemonSet (namespace gpu-operator) "
      "has a Running pod on gpu-node-1 and none on gpu-node-2 (desired 2, current 1: removed; the entry does not say "
      "why). On gpu-node-2 a deleted training pod (namespace ml) is Terminating (its container exited 0 on SIGTERM, assumed), and its ResourceClaim has a "
      "deletionTimestamp while still allocated and reserved for it (deleted,allocated,reserved). Neither node "
      "advertises nvidia.com/gpu (DRA, no device plugin). The text is the entry's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    for name in ("gpu-node-1", _FA1304_NODE):
        n = w.node(name, cpu="96", memory="2113564676Ki",
                   labels={"nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
                           "nvidia.com/gpu.deploy.dra-driver-kubelet-plugin": "true",
                           "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu.count": "8"})
        node_info(n, **_FA1304_INFO)
    daemonset(w, OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin", desired=2, current=1, ready=1,
              containers=[("gpus", _DRA_IMAGE), ("compute-domains", _DRA_IMAGE)],
              node_selector={"nvidia.com/gpu.deploy.dra-driver-kubelet-plugin": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app": "nvidia-dra-driver-kubelet-plugin"})
    ds_pod(w, OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin", "nvidia-dra-driver-kubelet-plugin-8gq4d", "gpu-node-1",
           containers=("gpus", "compute-domains"), image=_DRA_IMAGE, tolerations=GPU_TOLERATION, cpu="100m",
           memory="128Mi")
    w.log(OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin-8gq4d", "gpus",
          "I1129 14:00:12.104233       1 driver.go:109] Starting kubelet plugin for driver gpu.nvidia.com\n"
          "I1129 14:00:12.318562       1 device_state.go:142] Published 8 devices in ResourceSlice\n")
    claims = [{"name": "gpu", "resourceClaimName": "bert-finetune-0-gpu-k7v2x"}]
    p = w.pod("ml", _FA1304_POD, node=_FA1304_NODE, gpu=0, containers=("trainer",),
              image="nvcr.io/nvidia/pytorch:25.06-py3", labels={"app": "bert-finetune"},
              owner=("StatefulSet", "bert-finetune"), tolerations=GPU_TOLERATION, cpu="16", memory="128Gi",
              extra_spec={"resourceClaims": claims})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["metadata"]["deletionTimestamp"] = T1
    p["metadata"]["deletionGracePeriodSeconds"] = 30
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": "bert-finetune-0-gpu-k7v2x"}]
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T1}},
                  "ready": False, "started": False})
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c.update({"status": "False", "lastTransitionTime": T1})
    w.event("ml", "Pod", _FA1304_POD, "Killing", "Stopping container trainer", type="Normal", host=_FA1304_NODE,
            field_path="spec.containers{trainer}")
    w.ns_custom[("resourceclaims.resource.k8s.io", "ml")] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": "bert-finetune-0-gpu-k7v2x", "namespace": "ml", "creationTimestamp": T0,
                     "deletionTimestamp": T1, "deletionGracePeriodSeconds": 0,
                     "finalizers": ["resource.kubernetes.io/delete-protection"],
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": _FA1304_POD,
                                          "uid": p["metadata"]["uid"], "controller": True,
                                          "blockOwnerDeletion": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com",
                                                                      "allocationMode": "ExactCount", "count": 1}}]}},
        "status": {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com",
                                                           "pool": _FA1304_NODE, "device": "gpu-3"}]},
                                  "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                      {"key": "metadata.name", "operator": "In", "values": [_FA1304_NODE]}]}]}},
                   "reservedFor": [{"resource": "pods", "name": _FA1304_POD, "uid": p["metadata"]["uid"]}]}}]
    w.custom["resourceslices.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{node}-gpu.nvidia.com-{sfx}", "creationTimestamp": T0},
        "spec": {"driver": "gpu.nvidia.com", "nodeName": node, "pool": {"name": node, "generation": 1,
                                                                        "resourceSliceCount": 1},
                 "devices": [{"name": f"gpu-{i}", "attributes": {"type": {"string": "gpu"},
                                                                  "productName": {"string": "NVIDIA H100 80GB HBM3"}}}
                             for i in range(8)]}} for node, sfx in (("gpu-node-1", "q2w8x"), (_FA1304_NODE, "m4k9z"))]
    w.target("Pod", "ml", _FA1304_POD)


# ---- fa1305: two NVIDIADriver resources select the same node (ConflictingNodeSelector) ------------------

_FA1305_NODE = "worker-1"
_FA1305_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
                "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5",
                "kubeProxyVersion": "v1.32.5"}
_FA1305_DS = "nvidia-gpu-driver-ubuntu22.04-6d4df6b96f"
_FA1305_MSG = "multiple NVIDIADrivers match the same node worker-1: [demo-precomp gold]"


def _nvidiadriver(name: str, version: str, selector: dict, precompiled: bool) -> dict:
    return {"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
            "metadata": {"name": name, "creationTimestamp": T0 if name == "gold" else T1, "generation": 1},
            "spec": {"driverType": "gpu", "default": False, "nodeSelector": selector,
                     "repository": "nvcr.io/nvidia", "image": "driver", "version": version,
                     "usePrecompiled": precompiled, "manager": {}, "startupProbe": {}},
            "status": {"state": "notReady", "conditions": [
                {"type": "Ready", "status": "False", "reason": "Error", "message": "", "lastTransitionTime": T1},
                {"type": "Error", "status": "True", "reason": "ConflictingNodeSelector", "message": _FA1305_MSG,
                 "lastTransitionTime": T1}]}}


@case("fa1305", node_subj(_FA1305_NODE),
      "A Kubernetes v1.32.5 cluster (node names, Ubuntu 22.04, kernel and containerd builds, the A100 GPUs, the "
      "`gold` resource and driver 580.95.05 are assumed; demo-precomp and 580.126.20 are the page's example names) "
      "with the GPU Operator v26.3.1 managing drivers through NVIDIADriver resources, no default resource. worker-1 "
      "carries driver.config=gold and the owner label nvidia.com/gpu-operator.driver.owner=gold; its driver pod from "
      "NVIDIADriver `gold` (580.95.05) runs and is ready, and the rest of the operand stack is healthy. The new "
      "NVIDIADriver `demo-precomp` (580.126.20, precompiled, nodeSelector nvidia.com/gpu.present=true) also matches "
      "worker-1: both resources are notReady with an Error condition of reason ConflictingNodeSelector (message as "
      "the operator's validator writes it), and no demo-precomp driver DaemonSet exists. The text is the page's prose "
      "and is not placed.")
def _(w, t):
    w.git_version = "v1.32.5"
    n = w.gpu_node(_FA1305_NODE, gpus=4, product="NVIDIA-A100-SXM4-80GB",
                   labels={"driver.config": "gold", "nvidia.com/gpu-operator.driver.owner": "gold",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "95",
                           "nvidia.com/cuda.driver.rev": "05", "nvidia.com/cuda.runtime.major": "13",
                           "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"})
    node_info(n, **_FA1305_INFO)
    driver_version(w, _FA1305_NODE, "580.95.05")
    stack_images(w, _FA1305_NODE, "v26.3.1", "580.95.05-ubuntu22.04", "v1.19.1", "v0.18.1")
    drv = w.get_pod(OPERATOR_NS, w.stack(_FA1305_NODE, "driver"))
    image = "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04"
    drv["spec"]["containers"][0]["image"] = image
    drv["status"]["containerStatuses"][0]["image"] = image
    drv["metadata"]["ownerReferences"][0]["name"] = _FA1305_DS
    drv["metadata"]["labels"].update({"app.kubernetes.io/component": "nvidia-driver",
                                      "nvidia.com/precompiled": "false"})
    daemonset(w, OPERATOR_NS, _FA1305_DS, desired=1, containers=[("nvidia-driver-ctr", image)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0")],
              node_selector={"driver.config": "gold", "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                             "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04",
                             "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.present": "true"},
              tolerations=GPU_TOLERATION, labels={"app": "nvidia-driver-daemonset",
                                                   "app.kubernetes.io/component": "nvidia-driver",
                                                   "app.kubernetes.io/managed-by": "gpu-operator"})
    w.custom["nvidiadrivers.nvidia.com"] = [
        _nvidiadriver("gold", "580.95.05", {"driver.config": "gold"}, False),
        _nvidiadriver("demo-precomp", "580.126.20", {"nvidia.com/gpu.present": "true"}, True)]
    w.target("Node", None, _FA1305_NODE)


# ---- fa1306: OpenShift broken-DTK warning, NFD's kernel label stale after a node update ----------------

_FA1306_NODE = "ocp-gpu-worker-0"
_FA1306_OLD_OS = "414.92.202403051622-0"
_FA1306_NEW_OS = "414.92.202404162000-0"
_FA1306_OLD_K = "5.14.0-284.55.1.el9_2.x86_64"
_FA1306_NEW_K = "5.14.0-284.62.1.el9_2.x86_64"
_FA1306_DS = f"nvidia-driver-daemonset-{_FA1306_OLD_OS}"
_FA1306_POD = f"{_FA1306_DS}-6mpw4"
_FA1306_INFO = {"osImage": f"Red Hat Enterprise Linux CoreOS {_FA1306_NEW_OS} (Plow)", "kernelVersion": _FA1306_NEW_K,
                "containerRuntimeVersion": "cri-o://1.27.5-4.rhaos4.14.git1f3a8e4.el9",
                "kubeletVersion": "v1.27.12+7f2f6b6", "kubeProxyVersion": "v1.27.12+7f2f6b6"}
_FA1306_DTK_LOG = f"""+ '[' -f /mnt/shared-nvidia-driver-toolkit/dir_prepared ']'
Waiting for nvidia-driver-ctr container to prepare the shared directory ...
+ echo Waiting for nvidia-driver-ctr container to prepare the shared directory ...
+ sleep 10
+ '[' -f /mnt/shared-nvidia-driver-toolkit/dir_prepared ']'
+ exec /mnt/shared-nvidia-driver-toolkit/ocp_dtk_entrypoint dtk-build-driver
Running dtk-build-driver
WARNING: broken Driver Toolkit image detected:
- Node kernel:    {_FA1306_NEW_K}
- Kernel package: {_FA1306_OLD_K}
INFO: informing nvidia-driver-ctr to fallback on entitled-build.
INFO: nothing else to do in openshift-driver-toolkit-ctr container, sleeping forever.
"""
_FA1306_DRIVER_LOG = """Running nv-ctr-run-with-dtk
+ [[ '' == \\t\\r\\u\\e ]]
+ [[ ! -f /mnt/shared-nvidia-driver-toolkit/dir_prepared ]]
+ cp -r /tmp/install.sh /usr/local/bin/ocp_dtk_entrypoint /usr/local/bin/nvidia-driver /usr/local/bin/extract-vmlinux /usr/bin/kubectl /usr/local/bin/vgpu-util /drivers /licenses /mnt/shared-nvidia-driver-toolkit/
+ env
+ sed 's/=/="/'
+ sed 's/$/"/'
+ touch /mnt/shared-nvidia-driver-toolkit/dir_prepared
+ set +x
Fri Nov 29 14:02:11 UTC 2026 Waiting for openshift-driver-toolkit-ctr container to start ...
WARNING: {text}, using entitlement-based fallback
"""


@case("fa1306", node_subj(_FA1306_NODE),
      "An OpenShift 4.14 cluster (Kubernetes v1.27.12, CRI-O 1.27; the 4.14 version, RHCOS builds, kernels, node "
      "names, GPU Operator v24.3.0 and the A10 GPU are assumed) whose GPU worker was updated from RHCOS "
      f"{_FA1306_OLD_OS} to {_FA1306_NEW_OS}. The NFD Operator's worker pod runs on it, but the node's "
      "feature.node.kubernetes.io/kernel-version.full and system-os_release.OSTREE_VERSION labels still name the old "
      "build, so the GPU Operator (namespace nvidia-gpu-operator) runs the driver DaemonSet of the old build there. "
      "Its pod is Running but not ready: the openshift-driver-toolkit-ctr log reports the broken Driver Toolkit image "
      "(node kernel vs kernel package) and the nvidia-driver-ctr log ends with the quoted warning (both logs in the "
      "form OpenShift's 'About the Broken Driver Toolkit' section documents, with this node's versions; the "
      "container stops there). The rest of the operand stack waits in its init containers; the node advertises no "
      "nvidia.com/gpu. The quoted words are placed verbatim in the nvidia-driver-ctr log.")
def _(w, t):
    w.git_version = "v1.27.12+7f2f6b6"
    n = w.node(_FA1306_NODE, cpu="48", memory="196551356Ki",
               labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                       "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": _FA1306_OLD_K.removesuffix(".x86_64"),
                       "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                       "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": _FA1306_OLD_OS,
                       "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.14",
                       "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
                       "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true"})
    node_info(n, **_FA1306_INFO)
    daemonset(w, "openshift-nfd", "nfd-worker", desired=1, containers=[(
        "nfd-worker", "registry.redhat.io/openshift4/ose-node-feature-discovery-rhel9:v4.14")],
        labels={"app": "nfd-worker"})
    ds_pod(w, "openshift-nfd", "nfd-worker", "nfd-worker-7hx2c", _FA1306_NODE, containers=("nfd-worker",),
           image="registry.redhat.io/openshift4/ose-node-feature-discovery-rhel9:v4.14", cpu="5m", memory="64Mi")
    dtk = f"quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:{'7c4e' * 16}"
    drv_image = "nvcr.io/nvidia/driver:550.54.15-rhcos4.14"
    daemonset(w, OCP_NS, _FA1306_DS, desired=1, ready=0,
              containers=[("nvidia-driver-ctr", drv_image), ("openshift-driver-toolkit-ctr", dtk)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.8")],
              node_selector={"feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": _FA1306_OLD_OS,
                             "nvidia.com/gpu.deploy.driver": "true"},
              tolerations=GPU_TOLERATION, labels={"app": "nvidia-driver-daemonset",
                                                   "openshift.driver-toolkit": "true"})
    p = ds_pod(w, OCP_NS, _FA1306_DS, _FA1306_POD, _FA1306_NODE,
               containers=("nvidia-driver-ctr", "openshift-driver-toolkit-ctr"), ready=False,
               init_containers=("k8s-driver-manager",), tolerations=GPU_TOLERATION, cpu="100m", memory="512Mi")
    p["spec"]["containers"][0]["image"] = drv_image
    p["spec"]["containers"][1]["image"] = dtk
    p["spec"]["containers"][0]["startupProbe"] = {
        "exec": {"command": ["sh", "/usr/local/bin/probe.sh"]}, "failureThreshold": 120, "periodSeconds": 10,
        "initialDelaySeconds": 60, "timeoutSeconds": 60}
    for s in p["status"]["containerStatuses"]:
        s["image"] = drv_image if s["name"] == "nvidia-driver-ctr" else dtk
        s["ready"] = s["name"] == "openshift-driver-toolkit-ctr"
        s["started"] = s["name"] == "openshift-driver-toolkit-ctr"
    p["spec"]["initContainers"][0]["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.8"
    w.log(OCP_NS, _FA1306_POD, "openshift-driver-toolkit-ctr", _FA1306_DTK_LOG)
    w.log(OCP_NS, _FA1306_POD, "nvidia-driver-ctr", _FA1306_DRIVER_LOG.format(text=t))
    # the operands wait for the driver in their init containers
    for app, container, init in (("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr",
                                  "driver-validation"),
                                 ("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "toolkit-validation"),
                                 ("nvidia-operator-validator", "nvidia-operator-validator", "driver-validation")):
        daemonset(w, OCP_NS, app, desired=1, ready=0, containers=[(container, f"nvcr.io/nvidia/{container}:v24.3.0")],
                  tolerations=GPU_TOLERATION, labels={"app": app}, runtime_class="nvidia")
        q = ds_pod(w, OCP_NS, app, f"{app}-{'x7k2m' if 'toolkit' in app else 'p9d4s'}", _FA1306_NODE,
                   containers=(container,), image=f"nvcr.io/nvidia/{container}:v24.3.0",
                   init_containers=(init,), tolerations=GPU_TOLERATION,
                   runtime_class="nvidia", phase="Pending", cpu="10m", memory="64Mi",
                   statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                         "restartCount": 0}},
                   init_statuses={init: {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}})
        for c in q["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"
    w.target("Node", None, _FA1306_NODE)


# ---- fa1307: OpenShift MIG reconfiguration on an undrained A100 node, mig.config.state=failed ---------

_FA1307_NODE = "ocp-a100-worker-1"
_FA1307_INFO = {"osImage": "Red Hat Enterprise Linux CoreOS 414.92.202405081428-0 (Plow)",
                "kernelVersion": "5.14.0-284.66.1.el9_2.x86_64",
                "containerRuntimeVersion": "cri-o://1.27.6-4.rhaos4.14.gitd2c9c72.el9",
                "kubeletVersion": "v1.27.13+048520e", "kubeProxyVersion": "v1.27.13+048520e"}
_FA1307_POD = "nvidia-mig-manager-j8v4t"


@case("fa1307", node_subj(_FA1307_NODE),
      "An OpenShift 4.14 cluster (Kubernetes v1.27.13, CRI-O 1.27; the version, RHCOS and kernel builds, node "
      "names, GPU Operator v24.3.0 and the workload are assumed; the all-1g.5gb -> all-2g.10gb change follows the "
      "page's example and the log's map[2g.10gb:3]) with an A100-PCIE-40GB worker under MIG strategy mixed. The node "
      "was labelled nvidia.com/mig.config=all-2g.10gb while a workload pod using nvidia.com/mig-1g.5gb still runs "
      "there (not drained). The MIG manager pod (namespace nvidia-gpu-operator) is Running; its current log holds the "
      "quoted lines; the node carries nvidia.com/mig.config.state=failed and still advertises 7 x "
      "nvidia.com/mig-1g.5gb (6 free, 1 in use) and 0 nvidia.com/mig-2g.10gb. The rest of the operand stack is "
      "healthy. The text is placed verbatim in the nvidia-mig-manager log.")
def _(w, t):
    w.git_version = "v1.27.13+048520e"
    n = w.node(_FA1307_NODE, gpus=7, resource="nvidia.com/mig-1g.5gb", cpu="64", memory="263842300Ki",
               labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                       "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
                       "nvidia.com/gpu.product": "NVIDIA-A100-PCIE-40GB", "nvidia.com/gpu.count": "1",
                       "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
                       "nvidia.com/mig.config": "all-2g.10gb", "nvidia.com/mig.config.state": "failed",
                       "nvidia.com/mig-1g.5gb.count": "7", "nvidia.com/mig-1g.5gb.memory": "4864",
                       "nvidia.com/gpu.deploy.mig-manager": "true", "nvidia.com/gpu.deploy.driver": "true",
                       "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true"})
    node_info(n, **_FA1307_INFO)
    for res in ("capacity", "allocatable"):
        n["status"][res]["nvidia.com/mig-2g.10gb"] = "0"
        n["status"][res]["nvidia.com/gpu"] = "0"
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.7.0-ubi8"
    daemonset(w, OCP_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"}, runtime_class="nvidia")
    ds_pod(w, OCP_NS, "nvidia-mig-manager", _FA1307_POD, _FA1307_NODE, containers=("nvidia-mig-manager",), image=img,
           init_containers=("toolkit-validation",), tolerations=GPU_TOLERATION, runtime_class="nvidia", cpu="10m",
           memory="64Mi")
    w.log(OCP_NS, _FA1307_POD, "nvidia-mig-manager", t)
    for app, container, image in (
            ("nvidia-driver-daemonset-414.92.202405081428-0", "nvidia-driver-ctr",
             "nvcr.io/nvidia/driver:550.54.15-rhcos4.14"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8"),
            ("gpu-feature-discovery", "gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8")):
        daemonset(w, OCP_NS, app, desired=1, containers=[(container, image)], tolerations=GPU_TOLERATION,
                  labels={"app": app}, runtime_class=None if "driver" in app else "nvidia")
        ds_pod(w, OCP_NS, app, f"{app}-{'b5n7q' if 'driver' in app else ('r2c8w' if 'plugin' in app else 'z6t3h')}",
               _FA1307_NODE, containers=(container,), image=image, tolerations=GPU_TOLERATION,
               runtime_class=None if "driver" in app else "nvidia", cpu="10m", memory="64Mi")
    w.pod("inference", "triton-mig-7c9d5f8b6-k2w4n", node=_FA1307_NODE, gpu=1, resource="nvidia.com/mig-1g.5gb",
          containers=("tritonserver",), image="nvcr.io/nvidia/tritonserver:24.04-py3", labels={"app": "triton-mig"},
          owner=("ReplicaSet", "triton-mig-7c9d5f8b6"), tolerations=GPU_TOLERATION, cpu="4", memory="16Gi")
    w.target("Node", None, _FA1307_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
