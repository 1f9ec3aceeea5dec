"""First-contact batch E3 (fixtures/first-contact/batch-e3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the driver layer from public threads that no rule was written for, sampled
with the fixed query list in the batch README. Each builder places the case's text verbatim where a collector
would have found it (prose texts are not placed) and builds the cluster state the thread describes. The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e3      # (re)writes fixtures/first-contact/batch-e3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            set_image, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS, T0
from tests.classify.scenarios_real import crashing, node_subj, pod_subj, stack_crash

FC = ThreadBatch("batch-e3", "E3")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe301", "fe304", "fe305"}


def _wait_for_driver(w, node: str) -> None:
    """The operands that wait for the driver: toolkit and validator in driver-validation, plugin and GFD in
    toolkit-validation (still running, nothing logged)."""
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)


def _driver_crash(w, node: str, log: str, *, code: int = 1, restarts: int = 12) -> str:
    """The driver container crash-loops with `log` as its previous log; it has no current log (waiting)."""
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", log, code=code, restarts=restarts)
    w.logs.pop((OPERATOR_NS, name, "nvidia-driver-ctr", False), None)
    for s in w.get_pod(OPERATOR_NS, name)["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s["started"] = False
    for c in w.get_pod(OPERATOR_NS, name)["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return name


def _unregistered(n: dict, gpus: int) -> None:
    """A node that had advertised its GPUs: the capacity stays, allocatable drops to 0 while no plugin is registered."""
    n["status"]["capacity"]["nvidia.com/gpu"] = str(gpus)
    n["status"]["allocatable"]["nvidia.com/gpu"] = "0"


# ---- driver layer ----------------------------------------------------------------------------

@case("fe301", node_subj("gpu-worker-1"),
      "Kubernetes v1.27 (kubeadm-style, CRI-O 1.27; version strings assumed for November 2023) with one Ubuntu 20.04 "
      "GPU node (kernel 5.15.0-88-generic as an instance of the thread's 5.15.x; two A100 PCIe 40GB assumed) and GPU "
      "Operator v23.9.0 (driver 535.104.12 assumed as its default) with GPUDirect Storage enabled and driver.repoConfig "
      "naming the ConfigMap `repo-config` (the on-premise apt sources): the driver DaemonSet pod has nvidia-driver-ctr "
      "(mounting repo-config at /etc/apt/sources.list.d, Running and Ready, healthy log) and nvidia-fs-ctr "
      "(image nvidia-fs:2.16.1-ubuntu20.04, no repo-config mount, CrashLoopBackOff; its log is not modelled, the "
      "thread quotes none), so the pod is not Ready (1/2); the rest of the stack is healthy and the node advertises "
      "its GPUs (the driver container itself is up). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                   labels={"nvidia.com/gpu.deploy.gds": "true"})
    node_info(n, osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.15.0-88-generic",
              containerRuntimeVersion="cri-o://1.27.1", kubeletVersion="v1.27.7", kubeProxyVersion="v1.27.7")
    old = w.stack(node, "driver")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != old]
    for key in [k for k in w.logs if k[1] == old]:
        w.logs.pop(key)
    p = w.pod(OPERATOR_NS, old, node=node, gpu=0, containers=("nvidia-driver-ctr", "nvidia-fs-ctr"),
              init_containers=("k8s-driver-manager",), ready=False,
              labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", "nvidia-driver-daemonset"),
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              volumes=[{"name": "repo-config", "configMap": {"name": "repo-config", "defaultMode": 420}}],
              mounts=[{"name": "repo-config", "mountPath": "/etc/apt/sources.list.d", "readOnly": True}],
              statuses={"nvidia-driver-ctr": {"state": {"running": {"startedAt": T0}}, "ready": True,
                                              "restartCount": 0},
                        **crashing("nvidia-fs-ctr", 1, restarts=9)})
    set_image(p, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:535.104.12-ubuntu20.04")
    set_image(p, "nvidia-fs-ctr", "nvcr.io/nvidia/cloud-native/nvidia-fs:2.16.1-ubuntu20.04")
    set_image(p, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.4")
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s["started"] = True
    w.log(OPERATOR_NS, old, "nvidia-driver-ctr",
          HEALTHY_DRIVER_LOG.replace("550.127.05", "535.104.12"))
    backoff(w, OPERATOR_NS, old, "nvidia-fs-ctr", node, count=40)
    w.target("Node", None, node)


@case("fe302", node_subj("sles16-gpu-01"),
      "RKE2 v1.35 cluster (version strings assumed for September 2026) with one SLES 16.0 GPU node (SELinux "
      "enforcing; kernel 6.12.0-160000.37-default as in the thread; two L40S GPUs assumed) after the kernel update "
      "and reboot, GPU Operator v26.3.3 compiling driver 580.126.20 in the driver container (image tag assumed): "
      "nvidia-driver-ctr crash-loops with the text as the last line of its previous log (the lines before it are "
      "illustrative); toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; "
      "the node, which had advertised its GPUs before the update, keeps nvidia.com/gpu capacity 2 with allocatable 0 "
      "(no plugin registered since the reboot; assumed). The host's SELinux audit log is not a collected file.")
def _(w, t):
    node = "sles16-gpu-01"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"feature.node.kubernetes.io/system-os_release.ID": "sles",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "16.0",
                           "feature.node.kubernetes.io/kernel-version.full": "6.12.0-160000.37-default"})
    node_info(n, osImage="SUSE Linux Enterprise Server 16.0", kernelVersion="6.12.0-160000.37-default",
              containerRuntimeVersion="containerd://2.1.5-k3s1", kubeletVersion="v1.35.1+rke2r1",
              kubeProxyVersion="v1.35.1+rke2r1")
    _unregistered(n, 2)
    log = ("Installing NVIDIA driver kernel modules...\n"
           "Loading NVIDIA driver kernel modules...\n"
           "+ modprobe nvidia\n" + t + "\n")
    name = _driver_crash(w, node, log, restarts=23)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.20-sles16.0")
    backoff(w, OPERATOR_NS, name, "nvidia-driver-ctr", node, count=60)
    _wait_for_driver(w, node)
    w.target("Node", None, node)


@case("fe303", node_subj("okd-gpu-worker-0"),
      "OKD 4.7 (4.7.0-0.okd-2021-08-07-063045, IPI on vSphere) with one Fedora CoreOS 34 GPU worker (kernel "
      "5.12.19-300.fc34.x86_64 as in the thread; FCOS build, CRI-O and kubelet strings assumed; one Tesla T4 by "
      "passthrough assumed), Node Feature Discovery 4.7.0 and GPU Operator 1.7.1 (operand namespace modelled as the "
      "builder's `gpu-operator`; driver image tag assumed): nvidia-driver-ctr crash-loops with the text in its "
      "previous log; toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; "
      "the driver never loaded on this node, so GFD never ran (no GFD labels) and the node advertises no "
      "nvidia.com/gpu. The host's SELinux policy is not a collected object.")
def _(w, t):
    node = "okd-gpu-worker-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None,
                   labels={"node-role.kubernetes.io/worker": "",
                           "feature.node.kubernetes.io/system-os_release.ID": "fedora",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "34",
                           "feature.node.kubernetes.io/kernel-version.full": "5.12.19-300.fc34.x86_64"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Fedora CoreOS 34.20210725.3.0", kernelVersion="5.12.19-300.fc34.x86_64",
              containerRuntimeVersion="cri-o://1.20.4", kubeletVersion="v1.20.0+87cc9a4-1079",
              kubeProxyVersion="v1.20.0+87cc9a4-1079")
    log = ("========== NVIDIA Software Installer ==========\n\n"
           "Starting installation of NVIDIA driver version 470.57.02 for Linux kernel version 5.12.19-300.fc34.x86_64\n\n"
           + t + "\n")
    name = _driver_crash(w, node, log, restarts=31)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:470.57.02-fedora34")
    backoff(w, OPERATOR_NS, name, "nvidia-driver-ctr", node, count=80)
    _wait_for_driver(w, node)
    w.target("Node", None, node)


@case("fe304", node_subj("gpu-node-1"),
      "Kubernetes v1.33 cluster (distribution not named in the thread; Ubuntu 24.04 GPU node with eight H100 80GB, "
      "kernel, containerd and kubelet strings assumed for February 2026) deployed from an AICR recipe: GPU Operator "
      "(namespace `gpu-operator`) with driver 580.105.08 and open kernel modules (version and image tag assumed), "
      "and the skyhook-operator chart's LimitRange (not a collected object) capping the driver pod's containers, "
      "which set no limits of their own, at 512Mi (the pod carries the LimitRanger annotation and 512Mi "
      "requests/limits); nvidia-driver-ctr is OOMKilled (exit code 137) during the module compilation and "
      "crash-loops (its previous log, the installer's start lines, is illustrative); toolkit and validator wait in "
      "driver-validation, device plugin and GFD in toolkit-validation; the new node never had a driver, so it has "
      "no GFD labels and advertises no nvidia.com/gpu. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, allocatable=None,
                   labels={"nvidia.com/gpu.deploy.driver": "true"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-1044-aws",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    log = ("========== NVIDIA Software Installer ==========\n\n"
           "Starting installation of NVIDIA driver version 580.105.08 for Linux kernel version 6.8.0-1044-aws\n\n"
           "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
           "Unmounting NVIDIA driver rootfs...\nInstalling NVIDIA driver kernel modules...\n")
    name = _driver_crash(w, node, log, code=137, restarts=11)
    pod = w.get_pod(OPERATOR_NS, name)
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s["lastState"]["terminated"]["reason"] = "OOMKilled"
    set_image(pod, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.105.08-ubuntu24.04")
    for c in pod["spec"]["containers"] + pod["spec"].get("initContainers", []):
        c["resources"] = {"requests": {"memory": "512Mi"}, "limits": {"memory": "512Mi"}}
    pod["metadata"]["annotations"] = {
        "kubernetes.io/limit-ranger": "LimitRanger plugin set: memory request for container nvidia-driver-ctr; "
                                      "memory limit for container nvidia-driver-ctr; memory request for init "
                                      "container k8s-driver-manager; memory limit for init container "
                                      "k8s-driver-manager"}
    pod["spec"]["containers"][0]["env"] = [{"name": "KERNEL_MODULE_TYPE", "value": "open"}]
    backoff(w, OPERATOR_NS, name, "nvidia-driver-ctr", node, count=35)
    _wait_for_driver(w, node)
    w.target("Node", None, node)


@case("fe305", node_subj("gpu-node-1"),
      "Kubernetes v1.13 cluster (kubeadm-style, Docker 18.09 with the nvidia runtime as default; version strings "
      "assumed for April 2019) with one GPU node running a host NVIDIA driver 375 release (two Tesla K80 assumed, "
      "no GFD or operator labels), the NVIDIA device plugin DaemonSet in kube-system (image "
      "nvidia/k8s-device-plugin:1.0.0-beta assumed) whose pod crash-loops with the quoted symbol error as its "
      "previous log (the thread quotes only that fragment); the node advertises no nvidia.com/gpu. The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=2, advertised=False,
              info={"osImage": "Ubuntu 16.04.6 LTS", "kernelVersion": "4.4.0-145-generic",
                    "containerRuntimeVersion": "docker://18.9.2", "kubeletVersion": "v1.13.5",
                    "kubeProxyVersion": "v1.13.5"})
    name = "nvidia-device-plugin-daemonset-7xk2p"
    p = plugin_pod(w, node, name, log=None, ready=False, image="nvidia/k8s-device-plugin:1.0.0-beta",
                   statuses=crashing("nvidia-device-plugin-ctr", 127, restarts=14))
    w.log(KS, name, "nvidia-device-plugin-ctr", "undefined symbol: nvmlDeviceGetPciInfo_v3\n", previous=True)
    plugin_ds(w, KS, [p])
    backoff(w, KS, name, "nvidia-device-plugin-ctr", node, count=60)
    w.target("Node", None, node)


@case("fe306", pod_subj("inference-api-6d9f8b7c5-k2wq8", "default"),
      "AKS 1.24 cluster (version strings assumed for November 2022) with a GPU node pool of one "
      "Standard_NC24ads_A100_v4 node (one A100 80GB PCIe; the VM size is not named in the thread and is assumed, "
      "GSP-capable as the Xid needs; Ubuntu 18.04 AKS node image with the AKS-installed NVIDIA driver 510.47.03) and "
      "the NVIDIA device plugin DaemonSet in kube-system advertising the GPU; the user's application Deployment pod "
      "(one GPU; names and image assumed) crash-loops (exit code 1 assumed; its log, a screenshot in the thread, is "
      "not modelled); the node's kernel log holds the driver's load line (illustrative) and the quoted Xid 119 lines.")
def _(w, t):
    node = "aks-gpunp-28471956-vmss000000"
    host_node(w, node, gpus=1,
              labels={"kubernetes.azure.com/agentpool": "gpunp", "agentpool": "gpunp", "accelerator": "nvidia",
                      "node.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4",
                      "kubernetes.azure.com/node-image-version": "AKSUbuntu-1804gen2containerd-2022.11.02",
                      "topology.kubernetes.io/region": "westeurope"},
              info={"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "5.4.0-1094-azure",
                    "containerRuntimeVersion": "containerd://1.6.4+azure-4", "kubeletVersion": "v1.24.6",
                    "kubeProxyVersion": "v1.24.6"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "24", "memory": "226504060Ki"})
    n["status"]["allocatable"].update({"cpu": "23660m", "memory": "209616252Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-b8f4q",
                   image="mcr.microsoft.com/oss/nvidia/k8s-device-plugin:v0.9.0")
    plugin_ds(w, KS, [p])
    ns, pod = "default", "inference-api-6d9f8b7c5-k2wq8"
    w.pod(ns, pod, node=node, gpu=1, containers=("inference-api",), image="contoso.azurecr.io/inference-api:2.3.1",
          ready=False, statuses=crashing("inference-api", 1, restarts=6), restarts=6,
          owner=("ReplicaSet", "inference-api-6d9f8b7c5"), cpu="8", memory="64Gi")
    backoff(w, ns, pod, "inference-api", node, count=25)
    w.dmesg(node, "[    6.401122] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  510.47.03  Mon Jan 24 22:58:54 UTC 2022\n"
            + t + "\n")
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
