"""Builds first-contact batch D21 (fixtures/first-contact/batch-d21/cases.jsonl) as scenario bundles.

Real GPU failures (and one harmless state) of KubeVirt and Kata / Confidential Containers GPU passthrough on
Kubernetes, found with the batch README's 24 fixed search queries: NVIDIA's Confidential Containers troubleshooting
page (NVIDIA/cloud-native-docs) and two kubevirt/kubevirt issue threads. fd2102 is the maintainer's own prose and is
NOT placed in its bundle (TEXT_NOT_IN_BUNDLE); fd2101's quoted line ends the kubelet's FailedCreatePodSandBox event,
fd2103's quoted error is virt-handler's SyncFailed event on the VMI. The expected answer was reasoned from the source
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Names and versions the sources do not state are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d21      # (re)writes fixtures/first-contact/batch-d21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_b import KS
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d21", "D21")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the sources' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd2102"}

_GO = "gpu-operator"


def _daemonset(w, ns: str, name: str, pods: list[dict]) -> None:
    n = len(pods)
    ds = w.workload("DaemonSet", ns, name, template_pod=pods[0], status=ds_status(n, n, n))
    ds["spec"].pop("replicas", None)


def _ds_pod(w, ns: str, ds: str, sfx: str, node: str, image: str, containers=None, labels=None) -> dict:
    p = w.pod(ns, f"{ds}-{sfx}", node=node, gpu=0, containers=containers or (ds,), image=image,
              owner=("DaemonSet", ds), labels=labels or {"app": ds}, cpu="100m", memory="128Mi")
    _daemonset(w, ns, ds, [p])
    return p


def _passthrough_node(w, name: str, resource: str, labels: dict, cpu: str = "64", memory: str = "527938872Ki") -> dict:
    """A GPU node whose GPU is bound to vfio-pci: no nvidia.com/gpu, only the passthrough resource."""
    return w.node(name, gpus=1, resource=resource, labels=labels, cpu=cpu, memory=memory)


def _creating(container: str) -> dict:
    return {container: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}}


# ---- runtime: CoCo pod's sandbox fails, PodResources Get disabled (NVIDIA CoCo troubleshooting) -------------

@case("fd2101", pod_subj("cuda-vectoradd-kata", "default"),
      "Vanilla Kubernetes v1.34 (assumed; the page names no distribution) on a control-plane node and one "
      "Confidential Containers GPU worker (one H100 80GB bound to vfio-pci on an AMD SEV-SNP host; names, GPU model "
      "and TEE assumed) labelled nvidia.com/gpu.workload.config=vm-passthrough, nvidia.com/cc.mode=on, "
      "cc.mode.state=on, cc.ready.state=true, advertising nvidia.com/pgpu 1. GPU Operator v25.10.0 (assumed) in "
      "gpu-operator with its CoCo operands Running on the worker (nvidia-cc-manager, nvidia-vfio-manager, "
      "nvidia-kata-sandbox-device-plugin-daemonset, nvidia-sandbox-validator, as the page's example lists them) and "
      "kata-deploy 3.23.0 (assumed) Running in kata-system. The kubelet's config lacks the KubeletPodResourcesGet "
      "feature gate (not in the bundle). The pod cuda-vectoradd-kata (runtimeClassName kata-qemu-nvidia-gpu-snp, "
      "nvidia.com/pgpu 1) is bound to the worker and stays Pending in ContainerCreating with the kubelet's "
      "FailedCreatePodSandBox event: its head and the 'GetPodResources failed ...' part are the page's, the middle "
      "(the containerd/shim chain the page elides as '...') is illustrative, the quoted line ends it.")
def _(w, t):
    w.node("cp-01", cpu="8", memory="32865164Ki", labels={"node-role.kubernetes.io/control-plane": ""})
    node = "coco-gpu-worker-01"
    _passthrough_node(w, node, "nvidia.com/pgpu", {
        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
        "nvidia.com/cc.mode": "on", "nvidia.com/cc.mode.state": "on", "nvidia.com/cc.ready.state": "true",
        "nvidia.com/gpu.deploy.cc-manager": "true", "nvidia.com/gpu.deploy.vfio-manager": "true",
        "nvidia.com/gpu.deploy.kata-sandbox-device-plugin": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true",
        "katacontainers.io/kata-runtime": "true", "feature.node.kubernetes.io/pci-10de.present": "true"})
    op = deploy_pod(w, _GO, "gpu-operator-f48fd66b", "gpu-operator-f48fd66b-vtfrl", "cp-01",
                    containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v25.10.0",
                    labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    w.workload("Deployment", _GO, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    for ds, sfx, img in (("nvidia-cc-manager", "7z74t", "nvcr.io/nvidia/cloud-native/k8s-cc-manager:v0.3.0"),
                         ("nvidia-vfio-manager", "h229x", "nvcr.io/nvidia/cuda:13.0.1-base-ubi9"),
                         ("nvidia-kata-sandbox-device-plugin-daemonset", "d5rvg",
                          "nvcr.io/nvidia/cloud-native/nvidia-sandbox-device-plugin:v0.0.5"),
                         ("nvidia-sandbox-validator", "6xnzc", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.10.0")):
        _ds_pod(w, _GO, ds, sfx, node, img)
    _ds_pod(w, "kata-system", "kata-deploy", "q8r2m", node, "quay.io/kata-containers/kata-deploy:3.23.0",
            labels={"name": "kata-deploy"})
    name = "cuda-vectoradd-kata"
    w.pod("default", name, node=node, gpu=1, resource="nvidia.com/pgpu", phase="Pending",
          containers=("cuda-vectoradd",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04",
          runtime_class="kata-qemu-nvidia-gpu-snp", cpu="1", memory="4Gi", ready=False,
          statuses=_creating("cuda-vectoradd"))
    msg = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create containerd task: failed "
           "to create shim task: GetPodResources failed for pod(cuda-vectoradd-kata) in namespace(default): " + t)
    w.event("default", "Pod", name, "FailedCreatePodSandBox", msg, component="kubelet", host=node, count=9)
    w.target("Pod", "default", name)


# ---- healthy: allocatable stays 1 while the VM holds the passthrough T4 (kubevirt/kubevirt#13359) ------------

_KV = "kubevirt"
_KV_IMG = "quay.io/kubevirt/{}:v1.2.0"
_T4 = "nvidia.com/TU104GL_Tesla_T4"


def _kubevirt(w, node: str, handler_nodes: list[str]) -> None:
    for comp, sfx in (("virt-api", "7d6b5f9c8d"), ("virt-controller", "5c8f7d6b9"), ("virt-operator", "6f9d8c7b5")):
        p = deploy_pod(w, _KV, f"{comp}-{sfx}", f"{comp}-{sfx}-{sfx[:5]}", node, containers=(comp,),
                       image=_KV_IMG.format(comp), labels={"kubevirt.io": comp}, cpu="100m", memory="256Mi")
        w.workload("Deployment", _KV, comp, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    pods = [w.pod(_KV, f"virt-handler-{s}", node=n, gpu=0, containers=("virt-handler",),
                  image=_KV_IMG.format("virt-handler"), owner=("DaemonSet", "virt-handler"),
                  labels={"kubevirt.io": "virt-handler"}, cpu="100m", memory="256Mi")
            for n, s in zip(handler_nodes, ("x7k2p", "m4q9w"))]
    _daemonset(w, _KV, "virt-handler", pods)


def _launcher(w, ns: str, vmi: str, sfx: str, node: str, resource: str, **kw) -> dict:
    p = w.pod(ns, f"virt-launcher-{vmi}-{sfx}", node=node, gpu=1, resource=resource, containers=("compute",),
              image=_KV_IMG.format("virt-launcher"), owner=("VirtualMachineInstance", vmi),
              labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": vmi}, cpu="2", memory="8Gi", **kw)
    for o in p["metadata"].get("ownerReferences", []):
        o["apiVersion"] = "kubevirt.io/v1"
    return p


@case("fd2102", pod_subj("virt-launcher-ubuntu-t4-9xk2d", "default"),
      "k3s v1.28.1+k3s1 (the report's version) on one server node and one GPU agent node with a Tesla T4 bound to "
      "vfio-pci (names assumed). KubeVirt 1.2 (the report's version; v1.2.0 images, permittedHostDevices with "
      "externalResourceProvider true, not in the bundle) with virt-api, virt-controller, virt-operator and "
      "virt-handler Running; NVIDIA's kubevirt-gpu-device-plugin DaemonSet (v1.2.4, assumed) Running on the GPU "
      "node, which advertises nvidia.com/TU104GL_Tesla_T4 capacity 1 and allocatable 1 (the report's screenshot "
      "shows the name as 'nvidia.com/TU104GL_TESLA T4'; the plugin's usual name modelled). The VM ubuntu-t4 (name "
      "assumed) runs: its virt-launcher pod is Running and ready on the GPU node, requesting the T4 resource 1. "
      "No failing pod, no warning event.")
def _(w, t):
    srv = "k3s-server-01"
    w.node(srv, cpu="8", memory="32865164Ki", labels={"node-role.kubernetes.io/control-plane": "true",
                                                     "node-role.kubernetes.io/master": "true"})
    gpu = "k3s-gpu-agent-01"
    _passthrough_node(w, gpu, _T4, {"kubevirt.io/schedulable": "true", "nvidia.com/gpu.workload.config": "vm-passthrough"},
                      cpu="32", memory="263842036Ki")
    _kubevirt(w, srv, [srv, gpu])
    _ds_pod(w, KS, "nvidia-kubevirt-gpu-dp-daemonset", "b6n3t", gpu, "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.4",
            containers=("nvidia-kubevirt-gpu-dp-ctr",), labels={"name": "nvidia-kubevirt-gpu-dp-ds"})
    p = _launcher(w, "default", "ubuntu-t4", "9xk2d", gpu, _T4, ready=True)
    w.target("Pod", "default", p["metadata"]["name"])


# ---- runtime: KubeVirt v0.45 finds no device for the externally provided GPU (kubevirt/kubevirt#6459) ---------

@case("fd2103", {"kind": "VirtualMachineInstance", "namespace": "default", "name": "vmi-gpu"},
      "Vanilla Kubernetes v1.21 (assumed) on a CentOS 7 GPU node (the report's OS; one A100 PCIe 40GB, PCI ID "
      "10de:20b0 as the resource name says, bound to vfio-pci; node names assumed) and a control-plane node. "
      "KubeVirt v0.45.0 (the report's version; permittedHostDevices lists nvidia.com/20b0 with "
      "externalResourceProvider true, not in the bundle) with its components Running, and NVIDIA's "
      "kubevirt-gpu-device-plugin DaemonSet (v1.0.0, assumed) Running on the GPU node, which advertises "
      "nvidia.com/20b0 capacity and allocatable 1 (the report: one GPU listed as allocatable). The VMI vmi-gpu "
      "(gpus: gpu1, deviceName nvidia.com/20b0) has its virt-launcher pod Running on the GPU node with the device "
      "allocated, but virt-handler's SyncFailed events carry the quoted error (as `kubectl describe vmi` showed "
      "it); the VMI stays in phase Scheduled and the guest never starts.")
def _(w, t):
    cp = "k8s-master-01"
    w.node(cp, cpu="8", memory="32865164Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                    "node-role.kubernetes.io/master": ""})
    gpu = "centos-gpu-01"
    _passthrough_node(w, gpu, "nvidia.com/20b0", {"kubevirt.io/schedulable": "true"}, cpu="48", memory="263842036Ki")
    global _KV_IMG
    saved, _KV_IMG = _KV_IMG, "quay.io/kubevirt/{}:v0.45.0"
    try:
        _kubevirt(w, cp, [cp, gpu])
        _ds_pod(w, KS, "nvidia-kubevirt-gpu-dp-daemonset", "r5w8c", gpu,
                "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.0.0", containers=("nvidia-kubevirt-gpu-dp-ctr",),
                labels={"name": "nvidia-kubevirt-gpu-dp-ds"})
        p = _launcher(w, "default", "vmi-gpu", "7h4tz", gpu, "nvidia.com/20b0", ready=False)
    finally:
        _KV_IMG = saved
    w.event("default", "VirtualMachineInstance", "vmi-gpu", "SuccessfulCreate",
            f"Created virtual machine pod {p['metadata']['name']}", type="Normal",
            component="virtualmachine-controller", count=1)
    w.event("default", "VirtualMachineInstance", "vmi-gpu", "SyncFailed", t, component="virt-handler",
            host=gpu, count=27)
    w.target("VirtualMachineInstance", "default", "vmi-gpu")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
