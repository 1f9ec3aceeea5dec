"""Builds first-contact batch B17 (fixtures/first-contact/batch-b17/cases.jsonl) as scenario bundles.

GPU-on-Kubernetes entries of the node-provisioning projects' own documentation (Azure/karpenter-provider-azure,
kubernetes-sigs/karpenter, kubernetes-sigs/cluster-api-provider-azure, kubernetes-sigs/cluster-api-provider-aws),
read whole in the fixed file order of the batch README (this round's protocol: no search look-ups; snapshots
brought with `fetch` and read with git). The one case, fb1701, is a healthy look-alike whose text is the page's
own sentence and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the
document (`expected` in the case) and committed before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (image tags, driver version, OS and kernel, GPU model label, the
CNI) are filled in plausibly for January 2023; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b17      # (re)writes fixtures/first-contact/batch-b17/scenarios/
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import node_info, set_image
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import T0, HEALTHY_GFD_LOG, HEALTHY_PLUGIN_LOG
from tests.classify.scenarios_real import node_subj


@dataclass
class B17World(FCWorld):
    git_version: str = "v1.22.1"


FC = ThreadBatch("batch-b17", "B17", world=B17World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1701"}


# ---- healthy look-alike: the GPU Operator's stack on a CAPZ N-series worker (CAPZ book, GPU-enabled clusters) ---

_NS = "default"                       # the page's `helm install ... --generate-name` gives no namespace
_REL = "gpu-operator-1674686292"      # the page's release name
_CP = "azure-gpu-control-plane-nnb57"
_GPU = "azure-gpu-md-0-gcc8v"
_OP_VER = "v22.9.1"                   # assumed (the release suffix dates the listing to 2023-01-25)
_DRIVER = "525.60.13"                 # assumed
_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

_DRIVER_LOG = f"""DRIVER_ARCH is x86_64
Creating directory NVIDIA-Linux-x86_64-{_DRIVER}
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
Done, now waiting for signal
"""


def _capz_node(w, name: str, vm: str, cpu: str, memory: str, alloc_memory: str, *, gpus: int | None = None,
               labels: dict | None = None, control_plane: bool = False) -> dict:
    lab = {"node.kubernetes.io/instance-type": vm, "beta.kubernetes.io/instance-type": vm,
           "topology.kubernetes.io/region": "southcentralus", "topology.kubernetes.io/zone": "0",
           "failure-domain.beta.kubernetes.io/region": "southcentralus"}
    if control_plane:
        lab.update({"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": "",
                    "node.kubernetes.io/exclude-from-external-load-balancers": ""})
    lab.update(labels or {})
    taints = ([{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}] if control_plane else ())
    n = w.node(name, gpus=gpus, cpu=cpu, memory=memory, alloc_memory=alloc_memory, labels=lab, taints=taints)
    for res in ("capacity", "allocatable"):
        n["status"][res]["attachable-volumes-azure-disk"] = "12" if gpus else "4"
    if gpus:
        n["status"]["allocatable"]["ephemeral-storage"] = "119716326407"
    node_info(n, kubeletVersion="v1.22.1", kubeProxyVersion="v1.22.1", osImage="Ubuntu 20.04.5 LTS",
              kernelVersion="5.15.0-1031-azure", containerRuntimeVersion="containerd://1.6.2")
    n["spec"]["providerID"] = ("azure:///subscriptions/<subscription_id>/resourceGroups/azure-gpu/providers/"
                               f"Microsoft.Compute/virtualMachines/{name}")
    return n


def _ds(w, name: str, pod: dict) -> None:
    ds = w.workload("DaemonSet", _NS, name, template_pod=pod, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)


def _stack_pod(w, name: str, app: str, container: str, image: str, *, node: str = _GPU, inits=(),
               runtime_class: str | None = "nvidia", owner=None, log: str | None = None, **kw) -> dict:
    p = w.pod(_NS, name, node=node, gpu=0, containers=(container,), init_containers=inits,
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator",
                      "app.kubernetes.io/managed-by": "gpu-operator"},
              owner=owner or ("DaemonSet", app), runtime_class=runtime_class, tolerations=_TOL,
              cpu="100m", memory="128Mi", **kw)
    set_image(p, container, image)
    for c in p["spec"].get("initContainers", []):
        c["image"] = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}"
    for s in p["status"].get("initContainerStatuses", []):
        s["image"] = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}"
    if log is not None:
        w.log(_NS, name, container, log)
    return p


@case("fb1701", node_subj(_GPU),
      "A Cluster API Provider Azure (CAPZ) workload cluster azure-gpu (the page's: Kubernetes v1.22.1, "
      "southcentralus, the nvidia-gpu flavor): control-plane node azure-gpu-control-plane-nnb57 (Standard_D2s_v3, "
      "master taint) and one worker azure-gpu-md-0-gcc8v (Standard_NC6s_v3), both Ready; the worker's capacity and "
      "allocatable as the page prints them (cpu 6, memory 115312060Ki, nvidia.com/gpu 1, attachable-volumes-azure-"
      "disk 12, ephemeral-storage 119716326407). The GPU Operator Helm release gpu-operator-1674686292 in the "
      "`default` namespace (the page's command gives none) with the page's pod names: gpu-operator Deployment 1/1, "
      "node-feature-discovery master Deployment 1/1 (on the control plane) and worker DaemonSet, the driver, "
      "container-toolkit, device-plugin, gpu-feature-discovery, dcgm-exporter and operator-validator DaemonSets "
      "1/1 Running with 0 restarts, and the two validator pods nvidia-cuda-validator-pdmkl and "
      "nvidia-device-plugin-validator-gxzt2 Succeeded (containers terminated Completed, exit 0, not ready: the "
      "listing's 0/1 Completed). A ClusterPolicy cluster-policy in state ready. Assumed (not stated by the page): "
      "operator v22.9.1 and its component images, driver 525.60.13, Ubuntu 20.04 / kernel 5.15.0-1031-azure / "
      "containerd 1.6.2, the GFD labels (Tesla-V100-PCIE-16GB, the NC6s_v3's GPU), the validator pods' owner "
      "(none written), the plugin-validator's GPU request, and healthy standard logs of the driver, device plugin, "
      "GFD and validators (illustrative). The CNI's pods and the cuda-vector-add test of the page's next step are "
      "not in the bundle.")
def _(w, t):
    _capz_node(w, _CP, "Standard_D2s_v3", "2", "8141444Ki", "8039044Ki", control_plane=True)
    gpu_labels = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "Tesla-V100-PCIE-16GB",
                  "nvidia.com/gpu.count": "1", "nvidia.com/gpu.memory": "16384", "nvidia.com/gpu.family": "volta",
                  "nvidia.com/cuda.driver.major": "525", "nvidia.com/cuda.driver.minor": "60",
                  "nvidia.com/cuda.runtime.major": "12", "nvidia.com/cuda.runtime.minor": "0",
                  "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
                  "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                  "nvidia.com/gpu.deploy.dcgm-exporter": "true", "nvidia.com/gpu.deploy.operator-validator": "true",
                  "feature.node.kubernetes.io/pci-10de.present": "true"}
    _capz_node(w, _GPU, "Standard_NC6s_v3", "6", "115414460Ki", "115312060Ki", gpus=1, labels=gpu_labels)

    # the operator and NFD (Deployments)
    op = w.pod(_NS, "gpu-operator-95b545d6f-rmlf2", node=_GPU, gpu=0, containers=("gpu-operator",),
               image=f"nvcr.io/nvidia/gpu-operator:{_OP_VER}", owner=("ReplicaSet", "gpu-operator-95b545d6f"),
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator",
                       "app.kubernetes.io/instance": _REL}, cpu="200m", memory="100Mi")
    w.workload("Deployment", _NS, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.10.1"
    nfd_m = w.pod(_NS, f"{_REL}-node-feature-discovery-master-79d8pbcg6", node=_CP, gpu=0, containers=("master",),
                  image=nfd_img, owner=("ReplicaSet", f"{_REL}-node-feature-discovery-master-79d8b4f6d"),
                  labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
                  cpu="100m", memory="128Mi",
                  tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Equal", "value": "",
                                "effect": "NoSchedule"}])
    w.workload("Deployment", _NS, f"{_REL}-node-feature-discovery-master", template_pod=nfd_m,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    nfd_w = w.pod(_NS, f"{_REL}-node-feature-discovery-worker-g9dj2", node=_GPU, gpu=0, containers=("worker",),
                  image=nfd_img, owner=("DaemonSet", f"{_REL}-node-feature-discovery-worker"),
                  labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"},
                  cpu="100m", memory="128Mi", tolerations=_TOL)
    _ds(w, f"{_REL}-node-feature-discovery-worker", nfd_w)

    # the operands (DaemonSets), all Running 1/1
    drv = _stack_pod(w, "nvidia-driver-daemonset-zww52", "nvidia-driver-daemonset", "nvidia-driver-ctr",
                     f"nvcr.io/nvidia/driver:{_DRIVER}-ubuntu20.04", inits=("k8s-driver-manager",),
                     runtime_class=None, log=_DRIVER_LOG)
    _ds(w, "nvidia-driver-daemonset", drv)
    tk = _stack_pod(w, "nvidia-container-toolkit-daemonset-hstgw", "nvidia-container-toolkit-daemonset",
                    "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.11.0-ubuntu20.04",
                    inits=("driver-validation",))
    _ds(w, "nvidia-container-toolkit-daemonset", tk)
    dp = _stack_pod(w, "nvidia-device-plugin-daemonset-csv6k", "nvidia-device-plugin-daemonset",
                    "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.13.0-ubi8",
                    inits=("toolkit-validation",), log=HEALTHY_PLUGIN_LOG)
    _ds(w, "nvidia-device-plugin-daemonset", dp)
    gfd = _stack_pod(w, "gpu-feature-discovery-r6zgh", "gpu-feature-discovery", "gpu-feature-discovery",
                     "nvcr.io/nvidia/gpu-feature-discovery:v0.7.0-ubi8", inits=("toolkit-validation",),
                     log=HEALTHY_GFD_LOG)
    _ds(w, "gpu-feature-discovery", gfd)
    dcgm = _stack_pod(w, "nvidia-dcgm-exporter-wjm7p", "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
                      "nvcr.io/nvidia/k8s/dcgm-exporter:3.1.3-3.1.2-ubuntu20.04", inits=("toolkit-validation",))
    _ds(w, "nvidia-dcgm-exporter", dcgm)
    val = _stack_pod(w, "nvidia-operator-validator-kjr6m", "nvidia-operator-validator", "nvidia-operator-validator",
                     f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}",
                     inits=("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"))
    _ds(w, "nvidia-operator-validator", val)
    w.log(_NS, "nvidia-operator-validator-kjr6m", "cuda-validation", "cuda workload validation is successful\n")
    w.log(_NS, "nvidia-operator-validator-kjr6m", "plugin-validation",
          "device-plugin workload validation is successful\n")

    # the two workload validators: completed (the listing's 0/1 Completed)
    for name, container, init, gpu in (("nvidia-cuda-validator-pdmkl", "nvidia-cuda-validator", "cuda-validation", 0),
                                       ("nvidia-device-plugin-validator-gxzt2", "nvidia-device-plugin-validator",
                                        "plugin-validation", 1)):
        app = container
        p = w.pod(_NS, name, node=_GPU, gpu=gpu, phase="Succeeded", containers=(container,), init_containers=(init,),
                  labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, runtime_class="nvidia",
                  tolerations=_TOL, cpu="100m", memory="128Mi", extra_spec={"restartPolicy": "OnFailure"})
        set_image(p, container, f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}")
        for c in p["spec"]["initContainers"]:
            c["image"] = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}"
        for s in p["status"]["initContainerStatuses"]:
            s["image"] = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP_VER}"
        for c in p["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["reason"] = "PodCompleted"
        what = "cuda" if gpu == 0 else "device-plugin"
        w.log(_NS, name, p["spec"]["initContainers"][0]["name"], f"{what} workload validation is successful\n")

    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 1,
                     "labels": {"app.kubernetes.io/instance": _REL}},
        "spec": {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": True, "version": _DRIVER},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "dcgmExporter": {"enabled": True},
                 "gfd": {"enabled": True}},
        "status": {"state": "ready", "namespace": _NS}}]
    w.target("Node", None, _GPU)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
