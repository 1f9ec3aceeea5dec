"""Builds first-contact batch C36 (fixtures/first-contact/batch-c36/cases.jsonl) as scenario bundles.

Round 36's frame: the bug-fix commits (since 2024-01-01, GPU-filtered) of Azure/AgentBaker (the AKS node image and
its GPU driver / device plugin set-up), bottlerocket-os/bottlerocket-core-kit and rancher/rke2. Two cases, both
from AgentBaker:

- fc3601: AKS managed GPU experience on a MIG node (Standard_NC24ads_A100_v4, MIG1g): the node image's
  nvidia-device-plugin systemd drop-in for MIG points ExecStart at /usr/local/bin/nvidia-device-plugin while the
  package installs /usr/bin/nvidia-device-plugin, so the plugin never starts and the node never advertises
  nvidia.com/gpu (commit fd46cb806a, PR #7201; prose: the PR description's words);
- fc3602: an AKS GPU node pool created with --gpu-driver None to run the NVIDIA GPU Operator, on the shared Ubuntu
  VHD that pre-bakes the CUDA driver: the pre-baked nvidia.ko auto-loads at boot and stays resident after the
  node-image clean-up deleted its files, and the GPU Operator's driver container cannot unload it and crash-loops
  (commit 9a16b8a504, PR #8933; prose: the PR description's words).

Both texts are the PRs' own prose and are not in the bundle (TEXT_NOT_IN_BUNDLE). Every event, log line and status
message in the bundles is composed (scheduler and kubelet wording, the GPU Operator driver container's and
validator's log shapes) except fc3602's 'Could not unload NVIDIA driver kernel modules, driver is in use', the line
PR #8933 quotes from the driver container's code; names, GPU models and versions are assumed; each scenario's
description says so. The expected answers were reasoned from the fixes and committed before any run.

    .venv/bin/python -m tests.classify.first_contact_c36      # (re)writes fixtures/first-contact/batch-c36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import no_gpu_resource, node_info, strip_gfd
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, _sfx
from tests.classify.scenarios_real import init_stuck, pod_subj

FC = ThreadBatch("batch-c36", "C36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fc3601", "fc3602"}

_SYS_SIZE = "Standard_D4ds_v5"


def _aks_labels(pool: str, size: str, image: str, *, mode: str = "user", gpu: bool = False) -> dict:
    lab = {"agentpool": pool, "kubernetes.azure.com/agentpool": pool, "kubernetes.azure.com/mode": mode,
           "kubernetes.azure.com/cluster": "MC_ml-rg_ml-aks_eastus", "kubernetes.azure.com/os-sku": "Ubuntu",
           "kubernetes.azure.com/node-image-version": image, "kubernetes.azure.com/role": "agent",
           "node.kubernetes.io/instance-type": size, "beta.kubernetes.io/instance-type": size,
           "topology.kubernetes.io/region": "eastus", "topology.kubernetes.io/zone": "0"}
    if gpu:
        lab["kubernetes.azure.com/accelerator"] = "nvidia"
    return lab


def _aks_info(node: dict, k8s: str, kernel: str, containerd: str) -> None:
    node_info(node, osImage="Ubuntu 22.04.5 LTS", kernelVersion=kernel, containerRuntimeVersion=containerd,
              kubeletVersion=k8s, kubeProxyVersion=k8s)


def _system_pool(w, k8s: str, image: str, kernel: str, containerd: str) -> list[str]:
    names = []
    for i in range(3):
        name = f"aks-nodepool1-31415926-vmss00000{i}"
        n = w.node(name, cpu="4", memory="16365908Ki", alloc_cpu="3860m", alloc_memory="12880212Ki",
                   labels=_aks_labels("nodepool1", _SYS_SIZE, image, mode="system"))
        _aks_info(n, k8s, kernel, containerd)
        names.append(name)
    return names


# ---- fc3601: managed GPU experience, MIG node: the device plugin's ExecStart path is wrong (fixed by #7201) -----

_K8S_01 = "v1.33.3"
_IMG_01 = "AKSUbuntu-2204gen2containerd-202510.13.0"
_GPU_01 = "aks-gpumig-27182818-vmss000000"
_POD_01 = "mig-infer-5d7f9c8b64-k2x7q"


@case("fc3601", pod_subj(_POD_01, "ml"),
      "An AKS cluster (Kubernetes v1.33.3, node image AKSUbuntu-2204gen2containerd-202510.13.0, October 2025, the "
      "node images before the fix; all assumed) with a system pool of three Standard_D4ds_v5 nodes and a user GPU "
      "pool gpumig of one Standard_NC24ads_A100_v4 node (one A100 80GB) created with the MIG1g GPU instance profile "
      "and the managed GPU experience (preview), so the node image runs the NVIDIA device plugin as the "
      "nvidia-device-plugin systemd service, with a MIG drop-in (--mig-strategy single), and labels the node "
      "kubernetes.azure.com/dcgm-exporter=enabled. The drop-in's ExecStart names /usr/local/bin/nvidia-device-plugin; "
      "the package installs /usr/bin/nvidia-device-plugin: the service never starts, no plugin registers with the "
      "kubelet, and the Ready GPU node has no nvidia.com/gpu in capacity or allocatable (no device-plugin DaemonSet "
      "or pod exists in the cluster: the plugin is a host service). The Deployment's pod in namespace ml requesting "
      "one nvidia.com/gpu is Pending with the scheduler's FailedScheduling event (message composed). Pool, node and "
      "pod names, images and the workload are assumed. The case's text is the PR description's prose and is not in "
      "the bundle.")
def _(w, t):
    w.git_version = _K8S_01
    kernel, containerd = "5.15.0-1096-azure", "containerd://1.7.28-1"
    _system_pool(w, _K8S_01, _IMG_01, kernel, containerd)
    lab = _aks_labels("gpumig", "Standard_NC24ads_A100_v4", _IMG_01, gpu=True)
    lab["kubernetes.azure.com/dcgm-exporter"] = "enabled"
    g = w.node(_GPU_01, cpu="24", memory="226764984Ki", alloc_cpu="23660m", alloc_memory="214519448Ki", labels=lab)
    _aks_info(g, _K8S_01, kernel, containerd)
    for name, node in (("coredns-6f9b7c5d8-2mq7w", "aks-nodepool1-31415926-vmss000000"),
                       ("metrics-server-7c9d6b8f5-h4zpl", "aks-nodepool1-31415926-vmss000001")):
        deploy_pod(w, "kube-system", name.rsplit("-", 1)[0], name, node, containers=(name.split("-")[0],),
                   image=f"mcr.microsoft.com/oss/v2/kubernetes/{name.split('-')[0]}:v1.12.1-2",
                   labels={"k8s-app": name.split("-")[0]}, cpu="100m", memory="70Mi")
    sched = ("0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: "
             "4 No preemption victims found for incoming pod.")
    w.pod("ml", _POD_01, gpu=1, containers=("triton",), image="nvcr.io/nvidia/tritonserver:25.09-py3",
          labels={"app": "mig-infer"}, owner=("ReplicaSet", "mig-infer-5d7f9c8b64"), scheduled_message=sched,
          node_selector={"kubernetes.azure.com/agentpool": "gpumig"}, cpu="4", memory="16Gi")
    w.event("ml", "Pod", _POD_01, "FailedScheduling", sched, component="default-scheduler", count=14)
    w.target("Pod", "ml", _POD_01)


# ---- fc3602: --gpu-driver None node on the prebake VHD: GPU Operator driver container crash-loops (fixed by #8933) ---

_K8S_02 = "v1.34.4"
_IMG_02 = "AKSUbuntu-2204gen2containerd-202607.02.0"
_GPU_02 = "aks-gpupool-16180339-vmss000000"
_OP = "v26.3.1"
_DRV = "580.126.20"
_KERNEL_02 = "5.15.0-1098-azure"
_DRIVER_POD_02 = f"nvidia-driver-daemonset-{_sfx('fc3602', _GPU_02, 'nvidia-driver-daemonset')}"


def _operand_images(w, node: str) -> None:
    validator = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OP}"
    images = {"driver": f"nvcr.io/nvidia/driver:{_DRV}-ubuntu22.04",
              "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.19.0",
              "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.19.0",
              "gfd": "nvcr.io/nvidia/k8s-device-plugin:v0.19.0", "validator": validator}
    manager = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.0"
    for role, image in images.items():
        p = w.get_pod(OPERATOR_NS, w.stack(node, role))
        for c in p["spec"]["containers"]:
            c["image"] = image
        for c in p["spec"].get("initContainers", []):
            c["image"] = manager if role == "driver" else validator
        for st in p["status"].get("containerStatuses", []):
            st["image"] = image
        for st in p["status"].get("initContainerStatuses", []):
            st["image"] = manager if role == "driver" else validator


_DRIVER_LOG = ("DRIVER_ARCH is x86_64\n"
               f"Creating directory NVIDIA-Linux-x86_64-{_DRV}\n"
               "Verifying archive integrity... OK\n"
               f"Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 {_DRV}..................\n\n"
               "========== NVIDIA Software Installer ==========\n\n"
               f"Starting installation of NVIDIA driver version {_DRV} for Linux kernel version {_KERNEL_02}\n\n"
               "Stopping NVIDIA persistence daemon...\n"
               "Unloading NVIDIA driver kernel modules...\n"
               "Could not unload NVIDIA driver kernel modules, driver is in use\n")

_VALIDATION_LOG = ("running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
                   "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
                   "command failed, retrying after 5 seconds\n")


@case("fc3602", pod_subj(_DRIVER_POD_02, OPERATOR_NS),
      "An AKS cluster (Kubernetes v1.34.4, node image AKSUbuntu-2204gen2containerd-202607.02.0, the live "
      "prebake-enabled VHD before the fix; kernel 5.15.0-1098-azure; all assumed) with a system pool of three "
      "Standard_D4ds_v5 nodes and a user GPU pool gpupool of one Standard_NC4as_T4_v3 node (one Tesla T4, a cuda "
      "SKU) created with --gpu-driver None to run the NVIDIA GPU Operator (v26.3.1 in namespace gpu-operator, "
      "driver.enabled=true, driver 580.126.20; versions assumed). The CUDA driver pre-baked into the shared Ubuntu "
      "VHD auto-loaded nvidia.ko at boot; the node image's clean-up deleted the module's files but left the module "
      "resident. The operator's nvidia-driver-daemonset pod on the GPU node is in CrashLoopBackOff (12 restarts, "
      "kubelet BackOff event): its previous log ends with the driver container refusing to unload the host's "
      "modules ('Could not unload NVIDIA driver kernel modules, driver is in use', the line PR #8933 quotes from the "
      "driver container's code; the lines before it are composed). The toolkit, device-plugin, GFD and validator "
      "pods wait in their init containers (driver-validation's retry log composed); the node carries NFD's and the "
      "operator's labels but no GFD labels and no nvidia.com/gpu; a GPU training pod in namespace ml is Pending "
      "(FailedScheduling, composed). Names are assumed. The case's text is the PR description's prose and is not in "
      "the bundle.")
def _(w, t):
    w.git_version = _K8S_02
    containerd = "containerd://1.7.30-1"
    _system_pool(w, _K8S_02, _IMG_02, _KERNEL_02, containerd)
    lab = _aks_labels("gpupool", "Standard_NC4as_T4_v3", _IMG_02, gpu=True)
    g = w.gpu_node(_GPU_02, gpus=1, product="Tesla-T4", memory_mib=15360, cpu="4", memory="28798956Ki",
                   alloc_cpu="3860m", alloc_memory="23608812Ki", labels=lab)
    _aks_info(g, _K8S_02, _KERNEL_02, containerd)
    strip_gfd(g)
    no_gpu_resource(g)
    _operand_images(w, _GPU_02)
    drv = w.get_pod(OPERATOR_NS, w.stack(_GPU_02, "driver"))
    crashloop(drv, "nvidia-driver-ctr", restarts=12, code=1)
    drv["status"]["phase"] = "Running"
    name = drv["metadata"]["name"]
    assert name == _DRIVER_POD_02
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", _DRIVER_LOG, previous=True)
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", _DRIVER_LOG)
    backoff(w, OPERATOR_NS, name, "nvidia-driver-ctr", _GPU_02, count=47)
    init_stuck(w, _GPU_02, "toolkit", "driver-validation", _VALIDATION_LOG)
    init_stuck(w, _GPU_02, "device-plugin", "toolkit-validation", None)
    init_stuck(w, _GPU_02, "gfd", "toolkit-validation", None)
    init_stuck(w, _GPU_02, "validator", "driver-validation", _VALIDATION_LOG)
    # the operands stuck in init never ran their main containers (or the validator's later init steps)
    for role, container in (("device-plugin", "nvidia-device-plugin"), ("gfd", "gpu-feature-discovery"),
                            ("validator", "cuda-validation"), ("validator", "nvidia-operator-validator")):
        for prev in (False, True):
            w.logs.pop((OPERATOR_NS, w.stack(_GPU_02, role), container, prev), None)
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6c8f7d9b5", "gpu-operator-6c8f7d9b5-q8v2n",
               "aks-nodepool1-31415926-vmss000000", containers=("gpu-operator",),
               image=f"nvcr.io/nvidia/gpu-operator:{_OP}", labels={"app": "gpu-operator"}, cpu="200m",
               memory="100Mi")
    sched = ("0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: "
             "4 No preemption victims found for incoming pod.")
    w.pod("ml", "train-t4-0", gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.06-py3",
          labels={"job-name": "train-t4"}, owner=("Job", "train-t4"), scheduled_message=sched, cpu="2",
          memory="8Gi")
    w.event("ml", "Pod", "train-t4-0", "FailedScheduling", sched, component="default-scheduler", count=9)
    w.target("Pod", OPERATOR_NS, name)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
