"""First-contact batch E4 (fixtures/first-contact/batch-e4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes cases of the driver layer from public threads that no rule was written for, sampled
with the fixed query list in the batch README (driver / NVLink fabric in a VM without NVSwitches, Secure Boot
refusing the modules of a self-built driver container, a driver DaemonSet pinned to another node's kernel,
and a Bottlerocket boot warning as a healthy look-alike). Each builder places the case's text verbatim where a
collector would have found it (prose texts are not placed) and builds the cluster state the thread describes.
The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e4      # (re)writes fixtures/first-contact/batch-e4/scenarios/
"""

from __future__ import annotations

import copy

from tests.classify.first_contact_b import (block, host_node, no_gpu_resource, node_info, running_pod, set_image,
                                            strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, backoff, ds_status
from tests.classify.first_contact_d import eks_labels
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import crashing, init_stuck, node_subj, stack_crash

FC = ThreadBatch("batch-e4", "E4")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe401", "fe403"}


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
    pod = w.get_pod(OPERATOR_NS, name)
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s["started"] = False
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return name


# ---- driver layer ----------------------------------------------------------------------------

@case("fe401", node_subj("tenant-gpu-md0-7f9c4-x2kq8"),
      "Cozystack tenant Kubernetes cluster (kubeadm-style worker VM under KubeVirt, Ubuntu 22.04; kernel, containerd "
      "and kubelet strings assumed for mid-2026) with one GPU worker VM holding one H200 SXM GPU by PCI passthrough "
      "without the NVSwitches (the PR's example GPU; 141 GB HBM3e); the tenant GPU Operator (operand namespace "
      "modelled as the builder's `gpu-operator`, driver 550.127.05 assumed as the builder's healthy driver log): the "
      "driver pod is Running and Ready with a healthy log, the toolkit is ready, the nvidia-operator-validator pod "
      "waits with its cuda-validation init container crash-looping (its previous log, the CUDA vectorAdd sample "
      "failing with `system not yet initialized`, is illustrative of the PR's 'every CUDA call fails'), the device "
      "plugin and GFD wait in their init containers (the gating of the stack on the validator that the PR describes "
      "as 'no GPUs are advertised' is modelled this way, an assumption) and the node advertises no nvidia.com/gpu. "
      "nvidia-smi's `Fabric State: In Progress` is not modelled (no exec output in the bundle). The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    node = "tenant-gpu-md0-7f9c4-x2kq8"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-H200", memory_mib=143771,
                   labels={"node-role.kubernetes.io/worker": ""})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-151-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.3", kubeProxyVersion="v1.33.3")
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "131916360Ki"})
    log = ("[Vector addition of 50000 elements]\n"
           "Failed to allocate device vector A (error code system not yet initialized)!\n")
    name = init_stuck(w, node, "validator", "cuda-validation", None,
                      state=crashing("cuda-validation", 1, restarts=14)["cuda-validation"], restarts=14)
    w.logs.pop((OPERATOR_NS, name, "cuda-validation", False), None)
    w.log(OPERATOR_NS, name, "cuda-validation", log, previous=True)
    pod = w.get_pod(OPERATOR_NS, name)
    for s in pod["status"].get("initContainerStatuses", []):
        if s["name"] in ("driver-validation", "toolkit-validation"):
            s.update({"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                               "finishedAt": T0}}, "ready": True, "restartCount": 0})
    w.event(OPERATOR_NS, "Pod", name, "BackOff", "Back-off restarting failed container cuda-validation in pod "
            f"{name}_{OPERATOR_NS}", component="kubelet", host=node, count=40,
            field_path="spec.initContainers{cuda-validation}")
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


@case("fe402", node_subj("rke2-gpu-01"),
      "RKE2 cluster (v1.30 assumed for July 2024) with one Ubuntu 24.04 GPU node, kernel 6.8.0-35-generic (the "
      "thread's), 20 CPUs (the installer's count), UEFI Secure Boot enabled (not a collected property), one Tesla T4 "
      "assumed; GPU Operator (operand namespace `gpu-operator`) with the driver image set to the reporter's own "
      "build of the ubuntu24.04 driver container (535.161.07; registry and tag assumed): nvidia-driver-ctr "
      "crash-loops with the text as the end of its previous log (the installer banner and the nvidia-driver "
      "script's start lines before it are illustrative); toolkit and validator wait in driver-validation, device "
      "plugin and GFD in toolkit-validation; the driver never loaded on this node, so it has no GFD labels and "
      "advertises no nvidia.com/gpu. The thread quotes no kernel log, so the node has no dmesg file.")
def _(w, t):
    node = "rke2-gpu-01"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None,
                   labels={"node-role.kubernetes.io/worker": "true",
                           "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "24.04",
                           "feature.node.kubernetes.io/kernel-version.full": "6.8.0-35-generic"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 24.04 LTS", kernelVersion="6.8.0-35-generic",
              containerRuntimeVersion="containerd://1.7.17-k3s1", kubeletVersion="v1.30.2+rke2r1",
              kubeProxyVersion="v1.30.2+rke2r1")
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "20", "memory": "65536000Ki"})
    log = ("========== NVIDIA Software Installer ==========\n\n"
           "Starting installation of NVIDIA driver version 535.161.07 for Linux kernel version 6.8.0-35-generic\n\n"
           "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
           "Unmounting NVIDIA driver rootfs...\nChecking NVIDIA driver packages...\nUpdating the package cache...\n"
           "Resolving Linux kernel version...\nProceeding with Linux kernel version 6.8.0-35-generic\n"
           "Installing Linux kernel headers...\nInstalling Linux kernel module files...\n"
           "Generating Linux kernel version string...\nSigning NVIDIA driver kernel modules...\n"
           "Installing NVIDIA driver kernel modules...\n\n" + t + "\n")
    name = _driver_crash(w, node, log, restarts=17)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr",
              "registry.internal.example/nvidia/driver:535.161.07-ubuntu24.04")
    backoff(w, OPERATOR_NS, name, "nvidia-driver-ctr", node, count=45)
    _wait_for_driver(w, node)
    w.target("Node", None, node)


@case("fe403", node_subj("gpu-node-2"),
      "Kubernetes v1.17 cluster (kubeadm-style, Docker 19.03; version strings assumed for March 2020) with two "
      "Ubuntu 18.04 GPU nodes (one Tesla T4 each, assumed) and GPU Operator 1.0.0 (operand namespace modelled as "
      "the builder's `gpu-operator`; driver 440.64.00 assumed): gpu-node-1 runs kernel 4.15.0-88-generic and a "
      "healthy stack; gpu-node-2, reinstalled, runs 4.15.0-91-generic (both kernels assumed). The "
      "nvidia-driver-daemonset carries a nodeSelector on `feature.node.kubernetes.io/kernel-version.full="
      "4.15.0-88-generic` (the reference node's kernel), so its status counts one desired, ready pod and there is "
      "no driver pod on gpu-node-2; there the toolkit and validator wait in driver-validation, device plugin and "
      "GFD in toolkit-validation (the 1.0.0 operand set is modelled with the builder's current one, an assumption), "
      "and the node has no GFD labels and no nvidia.com/gpu. The text is prose and not placed in the bundle.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.4 LTS", "containerRuntimeVersion": "docker://19.3.6",
            "kubeletVersion": "v1.17.3", "kubeProxyVersion": "v1.17.3"}
    kernels = {"gpu-node-1": "4.15.0-88-generic", "gpu-node-2": "4.15.0-91-generic"}
    for node, kernel in kernels.items():
        n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109,
                       allocatable="same" if node == "gpu-node-1" else None,
                       labels={"feature.node.kubernetes.io/kernel-version.full": kernel,
                               "nvidia.com/cuda.driver.major": "440", "nvidia.com/cuda.runtime.major": "10"})
        node_info(n, kernelVersion=kernel, **info)
    n2 = w.get_node("gpu-node-2")
    no_gpu_resource(n2)
    strip_gfd(n2)
    n2["metadata"]["creationTimestamp"] = "2026-11-28T09:30:00Z"
    healthy = w.get_pod(OPERATOR_NS, w.stack("gpu-node-1", "driver"))
    set_image(healthy, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:440.64.00-ubuntu18.04")
    w.logs[(OPERATOR_NS, healthy["metadata"]["name"], "nvidia-driver-ctr", False)] = (
        w.logs[(OPERATOR_NS, healthy["metadata"]["name"], "nvidia-driver-ctr", False)].replace("550.127.05",
                                                                                                "440.64.00"))
    # no driver pod on the reinstalled node: the DaemonSet's kernel-version selector excludes it
    gone = w.stack("gpu-node-2", "driver")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != gone]
    for key in [k for k in w.logs if k[1] == gone]:
        w.logs.pop(key)
    template = copy.deepcopy(healthy)
    template["spec"].pop("nodeName", None)
    ds = w.workload("DaemonSet", OPERATOR_NS, "nvidia-driver-daemonset", template_pod=template,
                    status=ds_status(1, 1, 1))
    ds["spec"]["selector"] = {"matchLabels": {"app": "nvidia-driver-daemonset"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"app": "nvidia-driver-daemonset"}
    ds["spec"]["template"]["spec"]["nodeSelector"] = {
        "nvidia.com/gpu.present": "true",
        "feature.node.kubernetes.io/kernel-version.full": "4.15.0-88-generic"}
    _wait_for_driver(w, "gpu-node-2")
    w.target("Node", None, "gpu-node-2")


# ---- healthy look-alike ----------------------------------------------------------------------

@case("fe404", node_subj("ip-10-0-42-17.us-east-2.compute.internal"),
      "EKS node on a Bottlerocket aws-k8s-1.33-nvidia AMI on a g5g.xlarge (arm64, one T4G; the thread's "
      "reproduction instance; Bottlerocket, kernel 6.12 build, containerd and kubelet strings assumed for May 2025) "
      "with the NVIDIA r570 kmod loaded and the built-in device plugin (a host service, no pod) advertising "
      "nvidia.com/gpu 1; a GPU pod (names and image assumed) is Running and Ready on it; the node's kernel log "
      "holds the text.")
def _(w, t):
    node = "ip-10-0-42-17.us-east-2.compute.internal"
    n = host_node(w, node, labels={**eks_labels("g5g.xlarge", "gpu-arm"), "kubernetes.io/arch": "arm64",
                                   "beta.kubernetes.io/arch": "arm64"},
                  info={"osImage": "Bottlerocket OS 1.40.0 (aws-k8s-1.33-nvidia)", "kernelVersion": "6.12.30",
                        "containerRuntimeVersion": "containerd://2.0.5+bottlerocket",
                        "kubeletVersion": "v1.33.1-eks-b9b4f8a", "kubeProxyVersion": "v1.33.1-eks-b9b4f8a",
                        "architecture": "arm64"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "7902596Ki"})
    n["status"]["allocatable"].update({"cpu": "3920m", "memory": "6880644Ki"})
    running_pod(w, "triton-arm-5c7d9b8f6-h4m2p", None, ns="inference", node=node, container="triton",
                image="nvcr.io/nvidia/tritonserver:25.04-py3", owner=("ReplicaSet", "triton-arm-5c7d9b8f6"),
                cpu="2", memory="4Gi")
    w.dmesg(node, t)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
