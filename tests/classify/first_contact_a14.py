"""Builds first-contact batch A14 (fixtures/first-contact/batch-a14/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures that no rule was written for, taken from NVIDIA/cloud-native-docs read whole, in the
fixed file order of the batch README (the files batch A13 did not take a case from, that it left over its
per-section limit, plus the repository's pages with a Troubleshooting / Limitations / known-issue caveat it did not
list): the first qualifying entry of each file, at most 3 per top-level section. Two cases are prose cases: the
entry's own sentences are not placed in the bundle, which carries the cluster state the entry describes; one places
the error the entry quotes where it appears in a cluster. The expected answer was reasoned from the entry
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Version strings and names the entries do not state (node names, kernels, kubelet and container runtime builds,
image tags, GPU models, namespaces, pod names) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a14      # (re)writes fixtures/first-contact/batch-a14/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import no_gpu_resource, node_info, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-a14", "A14", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def driver_version(w, node: str, version: str) -> None:
    """The operator driver pod's healthy start-up log, with the node's driver version."""
    pname = w.stack(node, "driver")
    w.log(OPERATOR_NS, pname, "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", version))


def stack_images(w, node: str, operator: str, driver: str, toolkit: str, plugin: str) -> None:
    """The images of the GPU Operator's operand pods on `node` (World's stack pods carry placeholder images)."""
    validator = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{operator}"
    images = {"driver": driver if "/" in driver else f"nvcr.io/nvidia/driver:{driver}",
              "toolkit": f"nvcr.io/nvidia/k8s/container-toolkit:{toolkit}",
              "device-plugin": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}",
              "gfd": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}", "validator": validator}
    for role, image in images.items():
        p = w.get_pod(OPERATOR_NS, w.stack(node, role))
        for c in p["spec"]["containers"]:
            c["image"] = image
        for c in p["spec"].get("initContainers", []):
            c["image"] = ("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.7.0" if role == "driver" else validator)
        for st in p["status"].get("containerStatuses", []):
            st["image"] = image
        for st in p["status"].get("initContainerStatuses", []):
            st["image"] = ("nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.7.0" if role == "driver" else validator)


def not_ready(p: dict) -> dict:
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in p["status"].get("containerStatuses", []):
        s["ready"] = False
    return p


def stuck_in_init(p: dict) -> dict:
    """An operand pod whose first init container (the validation of an earlier stage) keeps running: Init:0/N."""
    st = p["status"]
    st["phase"] = "Pending"
    for c in st["conditions"]:
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "False"
    for i, s in enumerate(st.get("initContainerStatuses", [])):
        if i == 0:
            s.update({"state": {"running": {"startedAt": T0}}, "ready": False, "started": True, "restartCount": 0})
        else:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                      "restartCount": 0})
    for s in st.get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                  "restartCount": 0})
        s.pop("containerID", None)
    return p


# ---- fa1401: KubeVirt DRA passthrough, a container claim and a VFIO claim allocated to one GPU ----------

_FA1401_NODE = "kv-gpu-node-1"
_FA1401_INFO = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-85-generic",
                "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.2",
                "kubeProxyVersion": "v1.34.2"}
_FA1401_TRAIN = "resnet-train-0"
_FA1401_VL = "virt-launcher-dra-gpu-vm-9tq4w"
_FA1401_PCI = "0000:1a:00.0"
_DRA_IMAGE = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"


def _claim(ns: str, name: str, pod: dict, request: str, device_class: str, device: str) -> dict:
    return {
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": name, "namespace": ns, "uid": f"{name}-uid", "creationTimestamp": T0,
                     "finalizers": ["resource.kubernetes.io/delete-protection"],
                     "annotations": {"resource.kubernetes.io/pod-claim-name": request},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"],
                                          "uid": pod["metadata"]["uid"], "controller": True,
                                          "blockOwnerDeletion": True}]},
        "spec": {"devices": {"requests": [{"name": request, "exactly": {"deviceClassName": device_class,
                                                                        "allocationMode": "ExactCount", "count": 1}}]}},
        "status": {"allocation": {"devices": {"results": [{"request": request, "driver": "gpu.nvidia.com",
                                                           "pool": _FA1401_NODE, "device": device}]},
                                  "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                      {"key": "metadata.name", "operator": "In", "values": [_FA1401_NODE]}]}]}},
                   "reservedFor": [{"resource": "pods", "name": pod["metadata"]["name"],
                                    "uid": pod["metadata"]["uid"]}]}}


@case("fa1401", pod_subj(_FA1401_VL, "vms"),
      "A Kubernetes v1.34.2 cluster (the page's prerequisite; node name, Ubuntu 24.04, kernel and containerd builds, "
      "the single H100 PCIe GPU and its PCI address, GPU Operator v26.3.1 with the DRA driver image tag, KubeVirt "
      "v1.8.0, the namespaces and both workloads are assumed) whose GPU Operator manages DRA through the GPUCluster "
      "resource with PassthroughSupport on, and a host 580 driver. The bare-metal GPU node's ResourceSlice publishes "
      "the one GPU twice: gpu-0 (type gpu) and gpu-vfio-0 (type vfio), same PCI bus id. The nvidia-dra-driver-kubelet-"
      "plugin pod runs there. A training pod's claim (DeviceClass gpu.nvidia.com, device gpu-0) and the VM "
      "dra-gpu-vm's claim (DeviceClass vfio.gpu.nvidia.com, device gpu-vfio-0) are both allocated and reserved; the "
      "training pod was prepared first and runs; the VM's virt-launcher pod is Pending in ContainerCreating with the "
      "kubelet's FailedPrepareDynamicResources event (its wording illustrative, built from the kubelet's and the DRA "
      "driver's error wrapping: the VFIO preparation waits for the GPU that the training process holds). The node "
      "advertises no nvidia.com/gpu (DRA, no device plugin). The text is the page's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    cp = w.node("cp-01", cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_FA1401_INFO)
    n = w.node(_FA1401_NODE, cpu="64", memory="528090396Ki",
               labels={"nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
                       "nvidia.com/gpu.deploy.dra-driver-kubelet-plugin": "true", "kubevirt.io/schedulable": "true",
                       "nvidia.com/gpu.product": "NVIDIA-H100-PCIe", "nvidia.com/gpu.count": "1"})
    node_info(n, **_FA1401_INFO)
    daemonset(w, OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin", desired=1,
              containers=[("gpus", _DRA_IMAGE), ("compute-domains", _DRA_IMAGE)],
              node_selector={"nvidia.com/gpu.deploy.dra-driver-kubelet-plugin": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app": "nvidia-dra-driver-kubelet-plugin"})
    ds_pod(w, OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin", "nvidia-dra-driver-kubelet-plugin-h7m2c", _FA1401_NODE,
           containers=("gpus", "compute-domains"), image=_DRA_IMAGE, tolerations=GPU_TOLERATION, cpu="100m",
           memory="128Mi")
    w.log(OPERATOR_NS, "nvidia-dra-driver-kubelet-plugin-h7m2c", "gpus",
          "I1129 14:00:12.104233       1 driver.go:109] Starting kubelet plugin for driver gpu.nvidia.com\n"
          "I1129 14:00:12.318562       1 device_state.go:142] Published 2 devices in ResourceSlice\n")
    # the training pod, prepared first, runs on the GPU
    tr = w.pod("ml", _FA1401_TRAIN, node=_FA1401_NODE, gpu=0, containers=("trainer",),
               image="nvcr.io/nvidia/pytorch:25.08-py3", labels={"app": "resnet-train"},
               owner=("StatefulSet", "resnet-train"), tolerations=GPU_TOLERATION, cpu="16", memory="64Gi",
               extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "resnet-train-0-gpu-b8x2d"}]})
    tr["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    tr["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": "resnet-train-0-gpu-b8x2d"}]
    # the VM's launcher pod: its claim was allocated to the same GPU's VFIO entry
    claim_name = "dra-gpu-vm-gpu0-7x2kq"
    vl = w.pod("vms", _FA1401_VL, node=_FA1401_NODE, gpu=0, containers=("compute",),
               image="quay.io/kubevirt/virt-launcher:v1.8.0", phase="Pending",
               labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": "dra-gpu-vm",
                       "kubevirt.io/created-by": "5b1f0c7e-2d4a-4e8b-9c3f-7a6d1e2b4c90"},
               owner=("VirtualMachineInstance", "dra-gpu-vm"), tolerations=GPU_TOLERATION, cpu="4", memory="16Gi",
               statuses={"compute": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                     "restartCount": 0}},
               extra_spec={"resourceClaims": [{"name": "gpu0", "resourceClaimName": claim_name}]})
    vl["metadata"]["ownerReferences"][0]["apiVersion"] = "kubevirt.io/v1"
    vl["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu0"}]
    vl["status"]["resourceClaimStatuses"] = [{"name": "gpu0", "resourceClaimName": claim_name}]
    vl["status"].pop("podIP", None)
    for s in vl["status"]["containerStatuses"]:
        s.pop("containerID", None)
        s["started"] = False
    w.ns_custom[("resourceclaims.resource.k8s.io", "ml")] = [
        _claim("ml", "resnet-train-0-gpu-b8x2d", tr, "gpu", "gpu.nvidia.com", "gpu-0")]
    w.ns_custom[("resourceclaims.resource.k8s.io", "vms")] = [
        _claim("vms", claim_name, vl, "gpu0", "vfio.gpu.nvidia.com", "gpu-vfio-0")]
    w.custom["resourceslices.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{_FA1401_NODE}-gpu.nvidia.com-r5t8v", "creationTimestamp": T0},
        "spec": {"driver": "gpu.nvidia.com", "nodeName": _FA1401_NODE,
                 "pool": {"name": _FA1401_NODE, "generation": 1, "resourceSliceCount": 1},
                 "devices": [
                     {"name": "gpu-0", "attributes": {"type": {"string": "gpu"},
                                                      "productName": {"string": "NVIDIA H100 PCIe"},
                                                      "pciBusID": {"string": _FA1401_PCI}}},
                     {"name": "gpu-vfio-0", "attributes": {"type": {"string": "vfio"},
                                                           "productName": {"string": "NVIDIA H100 PCIe"},
                                                           "pciBusID": {"string": _FA1401_PCI}}}]}}]
    w.custom["deviceclasses.resource.k8s.io"] = [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": dc, "creationTimestamp": T0},
         "spec": {"selectors": [{"cel": {"expression":
                                         f"device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com']"
                                         f".type == '{typ}'"}}]}}
        for dc, typ in (("gpu.nvidia.com", "gpu"), ("vfio.gpu.nvidia.com", "vfio"))]
    msg = (f"Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim {claim_name}: "
           f"error preparing devices for claim vms/{claim_name}:{claim_name}-uid: prepare devices failed: "
           f"error configuring vfio device \"gpu-vfio-0\": error waiting for GPU \"{_FA1401_PCI}\" to be free: "
           f"timed out waiting for gpu to be free: gpu device \"{_FA1401_PCI}\" has open fds by process(es): "
           f"\"python 41873\"")
    w.event("vms", "Pod", _FA1401_VL, "Scheduled",
            f"Successfully assigned vms/{_FA1401_VL} to {_FA1401_NODE}", type="Normal",
            component="default-scheduler", last=T1)
    w.event("vms", "Pod", _FA1401_VL, "FailedPrepareDynamicResources", msg, host=_FA1401_NODE, count=14)
    w.target("Pod", "vms", _FA1401_VL)


# ---- fa1402: time-sliced GPU requested with a count of 2, failRequestsGreaterThanOne: true -----------

_FA1402_NODE = "gpu-t4-node-1"
_FA1402_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.4",
                "kubeProxyVersion": "v1.32.4"}
_FA1402_POD = "cuda-sharing-test"


@case("fa1402", pod_subj(_FA1402_POD, "default"),
      "A Kubernetes v1.32.4 cluster (node names, Ubuntu 22.04, kernel and containerd builds, GPU Operator v25.10.0 "
      "with device plugin v0.18.0 and the pod are assumed; the Tesla-T4 and 4 replicas follow the page's examples) "
      "whose ClusterPolicy points the device plugin at the time-slicing config map time-slicing-config-all (default "
      "key any: nvidia.com/gpu, 4 replicas, failRequestsGreaterThanOne: true; the config map itself is outside the "
      "bundle layout). The T4 node's operand stack is healthy; it advertises 4 nvidia.com/gpu and carries "
      "nvidia.com/gpu.replicas=4 and nvidia.com/gpu.product=Tesla-T4-SHARED. A bare pod requesting nvidia.com/gpu: "
      "2 was scheduled there and is Failed with reason UnexpectedAdmissionError and the kubelet's event (the message "
      "is illustrative, built from the device plugin's error wrapping in the local k8s-device-plugin mirror). The "
      "text is the page's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.32.4"
    n = w.gpu_node(_FA1402_NODE, gpus=4, product="Tesla-T4-SHARED", memory_mib=15360,
                   labels={"nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                           "nvidia.com/gpu.count": "1", "nvidia.com/device-plugin.config": "any",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, **_FA1402_INFO)
    driver_version(w, _FA1402_NODE, "580.95.05")
    stack_images(w, _FA1402_NODE, "v25.10.0", "580.95.05-ubuntu22.04", "v1.18.0", "v0.18.0")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 3},
        "spec": {"devicePlugin": {"enabled": True, "config": {"name": "time-slicing-config-all", "default": "any"}},
                 "driver": {"enabled": True, "version": "580.95.05"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Reconciled",
                                   "lastTransitionTime": T0, "message": ""}]}}]
    msg = ("Allocate failed due to rpc error: code = Unknown desc = invalid allocation request for "
           "\"nvidia.com/gpu\": invalid request: maximum request size for shared resources is 1; found 2, which is "
           "unexpected")
    p = w.pod("default", _FA1402_POD, node=_FA1402_NODE, gpu=2, containers=("cuda-container",),
              image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", phase="Failed",
              reason="UnexpectedAdmissionError", message=f"Pod was rejected: {msg}", cpu="1", memory="2Gi",
              tolerations=GPU_TOLERATION, extra_spec={"restartPolicy": "OnFailure"})
    st = p["status"]
    st.pop("podIP", None)
    st.pop("containerStatuses", None)
    st["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T1}]
    w.event("default", "Pod", _FA1402_POD, "Scheduled",
            f"Successfully assigned default/{_FA1402_POD} to {_FA1402_NODE}", type="Normal",
            component="default-scheduler", last=T1)
    w.event("default", "Pod", _FA1402_POD, "UnexpectedAdmissionError", msg, host=_FA1402_NODE, last=T1)
    w.target("Pod", "default", _FA1402_POD)


# ---- fa1403: nouveau loaded on an NVIDIA vGPU VM worker, the driver fails with `Failed to enable MSI-X` -------

_FA1403_NODE = "k8s-vgpu-worker-01"
_FA1403_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
                "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
                "kubeProxyVersion": "v1.31.4"}
_FA1403_DRIVER_IMAGE = "registry.example.com/nvidia/vgpu/driver:550.127.05-ubuntu22.04"


@case("fa1403", node_subj(_FA1403_NODE),
      "A Kubernetes v1.31.4 cluster of VMware vSphere VMs (node names, Ubuntu 22.04, kernel and containerd builds, "
      "GPU Operator v24.9.2, the A100 vGPU profile, the vGPU guest driver 550.127.05 from a private registry and "
      "the PCI address are assumed; the entry names vGPU and the VMware deployment guide) with a control-plane node "
      "and one GPU worker VM whose nouveau module is loaded (not denylisted). The kernel log, read through the "
      "driver pod, holds the quoted error in a line whose prefix (timestamp, `NVRM:`, PCI address) is assumed; no "
      "nouveau line is added. The driver pod's nvidia-driver-ctr is Running but not ready, its log ending at the "
      "module load (assumed; the entry quotes no driver log). The container toolkit, device plugin, GPU Feature "
      "Discovery and operator validator pods are stuck in their first init container (Init:0/N). The node carries "
      "NFD's NVIDIA PCI label and the operator's deploy labels, no GFD labels and no nvidia.com/gpu. The quoted "
      "error is placed verbatim in the kernel log.")
def _(w, t):
    w.git_version = "v1.31.4"
    cp = w.node("k8s-cp-01", cpu="4", memory="16374252Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_FA1403_INFO)
    n = w.gpu_node(_FA1403_NODE, gpus=1, product="GRID-A100-40C", memory_mib=40960)
    node_info(n, **_FA1403_INFO)
    sized(n, "16", "65842896Ki")
    no_gpu_resource(n)
    strip_gfd(n)
    stack_images(w, _FA1403_NODE, "v24.9.2", _FA1403_DRIVER_IMAGE, "v1.17.4", "v0.17.0")
    drv = w.stack(_FA1403_NODE, "driver")
    not_ready(w.get_pod(OPERATOR_NS, drv))
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-550.127.05\n"
          "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n")
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        pname = w.stack(_FA1403_NODE, role)
        stuck_in_init(w.get_pod(OPERATOR_NS, pname))
        for key in [k for k in w.logs if k[1] == pname]:
            w.logs.pop(key)
    w.dmesg(_FA1403_NODE, f"[    7.913542] NVRM: GPU 0000:02:00.0: {t.split('``')[1]}\n")
    w.target("Node", None, _FA1403_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
