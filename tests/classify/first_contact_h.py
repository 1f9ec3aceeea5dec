"""First-contact batch H (fixtures/first-contact/batch-h/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, gathered after batches A-G: runtime layer
(a CDI device name missing from the management spec under Volcano, a toolkit that refuses the device plugin's
NVIDIA_VISIBLE_DEVICES, a CUDA requirement the AKS driver does not meet, Talos without /etc/ld.so.cache for the
graphics capability), driver layer (Bottlerocket kernel lockdown refusing the NVIDIA kmods, open kernel modules on
a GeForce GPU, a driver container without modules for the Talos kernel, RmInitAdapter failures on OpenShift,
NVLink Xids on a B200 node, an NVML library baked into an image that differs from the loaded driver), application
layer (an application-induced Xid, a gated model without granted access, a missing Secret, a pod that requests no
GPU, evictions for ephemeral storage, an S3 CSI mount failure, the Kubernetes VLLM_PORT service-discovery clash)
and healthy look-alikes. Each builder places the case's text verbatim where a collector would have found it and
builds the cluster state the thread describes (pods, container states, events, node labels, kernel log). The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h      # (re)writes fixtures/first-contact/batch-h/scenarios/
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache

from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, running_pod, set_image, stack_pod, strip_gfd,
                                            thread_scenario)
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, World, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj, stack_crash

BATCH = REPO / "fixtures" / "first-contact" / "batch-h"
SCENARIOS_DIR = BATCH / "scenarios"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


# ---- world helpers (batch H) -----------------------------------------------------------------

def talos_info(version: str, kernel: str, containerd: str, kubelet: str) -> dict:
    return {"osImage": f"Talos ({version})", "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


def rhcos(n: dict, release: str, kernel: str, crio: str, kubelet: str) -> None:
    n["metadata"]["labels"].update({"node-role.kubernetes.io/worker": "",
                                    "feature.node.kubernetes.io/system-os_release.ID": "rhcos"})
    node_info(n, osImage=f"Red Hat Enterprise Linux CoreOS {release}", kernelVersion=kernel,
              containerRuntimeVersion=crio, kubeletVersion=kubelet, kubeProxyVersion=kubelet)


def add_resource(node: dict, resource: str, count: str) -> None:
    node["status"]["capacity"][resource] = count
    node["status"]["allocatable"][resource] = count


def start_error(container: str, message: str, restarts: int = 5) -> dict:
    """A container the runtime could not start: last terminated StartError (exit 128), now in back-off."""
    return crashing(container, 128, "StartError", message, restarts=restarts)


def evicted(pod: dict, message: str, container: str) -> None:
    """Turn a scheduled pod into the kubelet's eviction leftover: phase Failed, reason Evicted."""
    pod["status"].update({"phase": "Failed", "reason": "Evicted", "message": message})
    pod["status"].pop("podIP", None)
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update({"state": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0,
                                               "finishedAt": T1}},
                      "ready": False, "started": False})


def operator_blocked(w: World, node: str) -> None:
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)


# ---- runtime layer ---------------------------------------------------------------------------

@case("fh001", pod_subj("llm-worker-0", "ai"),
      "k3s node `k3s-gpu-1` (Ubuntu 22.04, one GPU; k3s/containerd/kernel strings assumed for early 2026) with the "
      "NVIDIA GPU Operator (driver pre-installed, toolkit in CDI mode) and the Volcano scheduler with its "
      "volcano-device-plugin advertising volcano.sh/vgpu-number; the user's pod (schedulerName volcano, one "
      "volcano.sh/vgpu-number; names assumed) is bound to the node and waits in CreateContainerError with the text "
      "without `Error: ` as message, the kubelet `Failed` event (x8) is the text.")
def _(w, t):
    node = "k3s-gpu-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-164-generic",
              containerRuntimeVersion="containerd://2.1.5-k3s1", kubeletVersion="v1.34.3+k3s1",
              kubeProxyVersion="v1.34.3+k3s1")
    add_resource(n, "volcano.sh/vgpu-number", "10")
    remove_stack_pod(w, node, "driver")
    w.pod(KS, "volcano-device-plugin-7xk2p", node=node, gpu=0, containers=("volcano-device-plugin",),
          image="docker.io/volcanosh/volcano-vgpu-device-plugin:v1.11.0", owner=("DaemonSet", "volcano-device-plugin"),
          labels={"name": "volcano-device-plugin"}, tolerations=TOLERATE_GPU)
    ns, name = "ai", "llm-worker-0"
    w.pod(ns, name, node=node, resource="volcano.sh/vgpu-number", containers=("worker",), phase="Pending",
          ready=False, scheduler="volcano", image="vllm/vllm-openai:v0.14.0", owner=("StatefulSet", "llm-worker"),
          statuses=waiting("worker", "CreateContainerError", t.removeprefix("Error: ")))
    w.event(ns, "Pod", name, "Failed", t, count=8, host=node)
    w.target("Pod", ns, name)


@case("fh002", pod_subj("cuda-vectoradd", "test"),
      "Welkin workload cluster node (Ubuntu 24.04, kernel 6.8, Kubernetes v1.30.9; containerd/kubelet strings and "
      "the GPU model assumed) with the GPU Operator v24.9.2 stack healthy and the node advertising nvidia.com/gpu 1; "
      "the toolkit container runs with ACCEPT_NVIDIA_VISIBLE_DEVICES_ENVVAR_WHEN_UNPRIVILEGED=false while the device "
      "plugin passes devices as NVIDIA_VISIBLE_DEVICES (envvar); the unprivileged cuda-vectoradd test pod (one GPU, "
      "restartPolicy OnFailure) crash-loops with the text as its previous log.")
def _(w, t):
    node = "welkin-wc-gpu-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A30", memory_mib=24576)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-55-generic",
              containerRuntimeVersion="containerd://1.7.25", kubeletVersion="v1.30.9", kubeProxyVersion="v1.30.9")
    tk = stack_pod(w, node, "toolkit")
    tk["spec"]["containers"][0]["env"] = [{"name": "ACCEPT_NVIDIA_VISIBLE_DEVICES_ENVVAR_WHEN_UNPRIVILEGED",
                                           "value": "false"},
                                          {"name": "ACCEPT_NVIDIA_VISIBLE_DEVICES_AS_VOLUME_MOUNTS", "value": "true"}]
    dp = stack_pod(w, node, "device-plugin")
    dp["spec"]["containers"][0]["env"] = [{"name": "DEVICE_LIST_STRATEGY", "value": "envvar"}]
    ns, name = "test", "cuda-vectoradd"
    w.pod(ns, name, node=node, containers=("cuda-vectoradd",), ready=False,
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1-ubuntu20.04",
          statuses=crashing("cuda-vectoradd", 1, restarts=5), extra_spec={"restartPolicy": "OnFailure"})
    w.log(ns, name, "cuda-vectoradd", t, previous=True)
    w.target("Pod", ns, name)


@case("fh003", pod_subj("pat-new-gpu-0", "pat"),
      "AKS GPU node pool (node image with driver 510.47.03 / CUDA 11.6, quoted in the thread; VM size, node-image "
      "and kubelet strings assumed) with the NVIDIA device plugin DaemonSet; the Kubeflow PyTorch GPU notebook pod "
      "(image built on CUDA 11.7, NVIDIA_REQUIRE_CUDA cuda>=11.7; names assumed from the thread's prompt) fails at "
      "start: StartError exit 128 whose termination message is the text without `Error: `, the kubelet `Failed` "
      "event (x5) is the text.")
def _(w, t):
    node = "aks-gpu-12345678-vmss000000"
    host_node(w, node, labels={"kubernetes.azure.com/agentpool": "gpu", "kubernetes.azure.com/accelerator": "nvidia",
                               "node.kubernetes.io/instance-type": "Standard_NC6s_v3",
                               "kubernetes.azure.com/node-image-version": "AKSUbuntu-1804gen2containerd-2023.01.20"},
              info={"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "5.4.0-1100-azure",
                    "containerRuntimeVersion": "containerd://1.6.15+azure-1", "kubeletVersion": "v1.24.6",
                    "kubeProxyVersion": "v1.24.6"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-6qz9d")
    plugin_ds(w, KS, [p])
    ns, name = "pat", "pat-new-gpu-0"
    w.pod(ns, name, node=node, containers=("pat-new-gpu",), ready=False,
          image="k8scc01covidacr.azurecr.io/jupyterlab-pytorch:v1", owner=("StatefulSet", "pat-new-gpu"),
          env=[{"name": "NVIDIA_REQUIRE_CUDA", "value": "cuda>=11.7 brand=tesla,driver>=450,driver<451"},
               {"name": "CUDA_VERSION", "value": "11.7.1"}],
          statuses=start_error("pat-new-gpu", t.removeprefix("Error: ")))
    w.event(ns, "Pod", name, "Failed", t, count=5, host=node)
    w.target("Pod", ns, name)


@case("fh004", pod_subj("blender-render-0"),
      "Talos v1.4.5 node (kernel and containerd strings assumed for v1.4.5) with an RTX 2080, the "
      "nvidia-container-toolkit extension and the NVIDIA device plugin v0.14.0 (runtimeClassName nvidia) "
      "advertising nvidia.com/gpu 1; a GPU pod (runtimeClassName nvidia, NVIDIA_DRIVER_CAPABILITIES all; name and "
      "image assumed) fails at creation: StartError exit 128 whose termination message is the text and kubelet "
      "`Failed` event (x4) carries the text.")
def _(w, t):
    node = "talos-gpu-1"
    host_node(w, node, info=talos_info("v1.4.5", "6.1.28-talos", "containerd://1.6.21", "v1.27.2"))
    p = plugin_pod(w, node, "nvidia-device-plugin-4mxq7", runtime_class="nvidia",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.14.0")
    plugin_ds(w, KS, [p])
    name = "blender-render-0"
    w.pod(ML, name, node=node, containers=("render",), runtime_class="nvidia", ready=False,
          image="linuxserver/blender:3.5.1", owner=("StatefulSet", "blender-render"),
          env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}],
          statuses=start_error("render", t, restarts=4))
    w.event(ML, "Pod", name, "Failed", t, count=4, host=node)
    w.target("Pod", ML, name)


# ---- driver layer ----------------------------------------------------------------------------

@case("fh005", node_subj("ip-10-0-118-42.us-east-1.compute.internal"),
      "EKS node on a Bottlerocket aws-k8s-1.30-nvidia AMI (g5.xlarge assumed; Bottlerocket/kernel strings assumed "
      "for autumn 2024) with settings.kernel.lockdown=integrity: the NVIDIA kmods were refused at boot, the built-in "
      "device plugin (a host service, no pod) registered nothing, the node advertises no nvidia.com/gpu; the node's "
      "kernel log is the text.")
def _(w, t):
    node = "ip-10-0-118-42.us-east-1.compute.internal"
    host_node(w, node, advertised=False, labels=eks_labels("g5.xlarge", "gpu-bottlerocket"),
              info={"osImage": "Bottlerocket OS 1.24.1 (aws-k8s-1.30-nvidia)", "kernelVersion": "6.1.109",
                    "containerRuntimeVersion": "containerd://1.7.22+bottlerocket",
                    "kubeletVersion": "v1.30.4-eks-16b398d", "kubeProxyVersion": "v1.30.4-eks-16b398d"})
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fh006", node_subj("talos-gpu-worker-1"),
      "Talos v1.3.3 node (Kubernetes 1.26.1; kernel/containerd strings assumed) with an RTX 2080 SUPER and the "
      "nvidia-open-gpu-kernel-modules 515.65.01-v1.3.3 and nvidia-container-toolkit extensions; the NVIDIA device "
      "plugin pod (Helm 0.11.0, runtimeClassName nvidia) crash-loops (its log was not quoted), the node advertises no "
      "nvidia.com/gpu; the node kernel log is the text.")
def _(w, t):
    node = "talos-gpu-worker-1"
    host_node(w, node, advertised=False, info=talos_info("v1.3.3", "5.15.86-talos", "containerd://1.6.15", "v1.26.1"))
    p = plugin_pod(w, node, "nvidia-device-plugin-x8r2n", runtime_class="nvidia", log=None, ready=False,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.11.0",
                   statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=9))
    plugin_ds(w, KS, [p])
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fh007", node_subj("talos-gpu-2"),
      "Talos node with kernel 6.1.51-talos (Talos v1.5.x; containerd/kubelet strings assumed) and the GPU Operator "
      "managing the driver (Ubuntu precompiled driver container, branch 535; tag assumed): the driver pod's "
      "nvidia-driver-ctr crash-loops with the text as its previous log; toolkit and validator wait in "
      "driver-validation, device plugin and GFD in toolkit-validation; no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "talos-gpu-2"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **talos_info("v1.5.5", "6.1.51-talos", "containerd://1.6.23", "v1.28.3"))
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=11)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:535-6.1.51-talos-ubuntu22.04")
    operator_blocked(w, node)
    w.target("Node", None, node)


@case("fh008", node_subj("kube-cl1v2-gpu-worker-00001"),
      "IBM Cloud Red Hat OpenShift 4.14 GPU worker with two GPUs (RHCOS/kernel/CRI-O strings assumed for 4.14; GPU "
      "model assumed) and the GPU Operator: the driver pod's nvidia-driver-ctr keeps running but never passes its "
      "startup probe, with the thread's `Unhealthy` event ('Startup probe failed: No devices were found', x41235); "
      "toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; no "
      "nvidia.com/gpu; the node's kernel log is the text.")
def _(w, t):
    node = "kube-cl1v2-gpu-worker-00001"
    n = w.gpu_node(node, gpus=2, product="Tesla-V100-PCIE-16GB", memory_mib=16384, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "414.92.202312132152-0 (Plow)", "5.14.0-284.45.1.el9_2.x86_64", "cri-o://1.27.2-2.rhaos4.14.git9d684e2.el9",
          "v1.27.8+4fab27b")
    drv = stack_pod(w, node, "driver")
    for s in drv["status"]["containerStatuses"]:
        s.update({"ready": False, "started": True})
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "Unhealthy", "Startup probe failed: No devices were found",
            count=41235, host=node)
    operator_blocked(w, node)
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fh009", pod_subj("allgather-bench-0"),
      "8x B200 node with NVSwitch (Ubuntu 24.04; driver/kernel/containerd strings assumed) and the NVIDIA device "
      "plugin DaemonSet advertising nvidia.com/gpu 8; a multi-GPU NCCL job pod (8 GPUs; name and image assumed, "
      "Kubernetes not stated in the thread) is Running but hung in AllGather (its log was not quoted); the node's "
      "kernel log is the text.")
def _(w, t):
    node = "b200-node-07"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
                                     "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.1",
                                     "kubeProxyVersion": "v1.33.1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q7w2e")
    plugin_ds(w, KS, [p])
    running_pod(w, "allgather-bench-0", None, node=node, container="bench", gpu=8,
                image="nvcr.io/nvidia/pytorch:25.05-py3", owner=("StatefulSet", "allgather-bench"))
    w.dmesg(node, t)
    w.target("Pod", ML, "allgather-bench-0")


@case("fh010", pod_subj("das-daemonset-8kq4t", "das-operator"),
      "OpenShift 4.21 GPU worker (RHCOS/CRI-O strings assumed) with the GPU Operator 26.3.0 stack healthy (driver "
      "580.126.20) and nvidia.com/gpu advertised; the Dynamic Accelerator Slicer daemonset pod (namespace, name and "
      "image tag assumed; image built with libnvidia-ml 580.105.08) crash-loops with the text as its previous log.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "126",
                           "nvidia.com/cuda.driver.rev": "20"})
    rhcos(n, "9.6.20260310-0 (Plow)", "5.14.0-570.96.1.el9_6.x86_64", "cri-o://1.34.3-2.rhaos4.21.git",
          "v1.34.2")
    set_image(stack_pod(w, node, "driver"), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.20-rhel9.6")
    ns, name = "das-operator", "das-daemonset-8kq4t"
    w.pod(ns, name, node=node, gpu=0, containers=("daemonset",), ready=False,
          image="registry.redhat.io/dynamic-accelerator-slicer-tech-preview/instaslice-daemonset-rhel9:1.1.0",
          owner=("DaemonSet", "das-daemonset"), tolerations=TOLERATE_GPU,
          statuses=crashing("daemonset", 1, restarts=7))
    w.log(ns, name, "daemonset", t, previous=True)
    w.target("Pod", ns, name)


# ---- application layer -----------------------------------------------------------------------

@case("fh011", pod_subj("kimi-serving-0"),
      "8-GPU node (driver 580.82.07 open kernel module, quoted; GPU model, kernel and containerd strings assumed) "
      "with the NVIDIA device plugin DaemonSet; the tensor-parallel serving pod using FlashInfer's MNNVL all-reduce "
      "(8 GPUs; name and image assumed, Kubernetes not stated in the thread) is Running but not Ready, hung (its log "
      "was not quoted); the node's kernel log is the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-153-generic",
                                     "containerRuntimeVersion": "containerd://1.7.28", "kubeletVersion": "v1.33.4",
                                     "kubeProxyVersion": "v1.33.4"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-j2m8v")
    plugin_ds(w, KS, [p])
    running_pod(w, "kimi-serving-0", None, node=node, container="server", gpu=8, ready=False,
                image="lmsysorg/sglang:v0.5.6", owner=("StatefulSet", "kimi-serving"))
    w.dmesg(node, t)
    w.target("Pod", ML, "kimi-serving-0")


@case("fh012", pod_subj("llama-3-1-8b-instruct-predictor-6d9c7b5f4-x2kqn", "ai-virtual-agent"),
      "OpenShift GPU worker (RHCOS/CRI-O strings and GPU model assumed) with the GPU Operator stack healthy; the "
      "quickstart's llama-3-1-8b-instruct predictor pod (vLLM ServingRuntime, one GPU, HF token from a secret; "
      "pod name suffix and image assumed) crash-loops with the text as its previous log.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/cuda.driver.major": "570"})
    rhcos(n, "418.94.202601131529-0", "5.14.0-427.96.1.el9_4.x86_64", "cri-o://1.31.13-2.rhaos4.18.git", "v1.31.13")
    ns, name = "ai-virtual-agent", "llama-3-1-8b-instruct-predictor-6d9c7b5f4-x2kqn"
    w.pod(ns, name, node=node, containers=("kserve-container",), ready=False,
          image="quay.io/modh/vllm:rhoai-2.25-cuda", owner=("ReplicaSet", "llama-3-1-8b-instruct-predictor-6d9c7b5f4"),
          tolerations=TOLERATE_GPU,
          env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "huggingface-secret", "key": "HF_TOKEN"}}}],
          statuses=crashing("kserve-container", 1, restarts=6))
    w.log(ns, name, "kserve-container", t, previous=True)
    w.target("Pod", ns, name)


@case("fh013", pod_subj("qwen3-0-6b-7d8f9c6b5-m4n2p", "airunway-models"),
      "GPU node with one GPU, host driver and the NVIDIA device plugin DaemonSet (strings assumed); the model server "
      "pod deployed by AI Runway (one GPU; names and image assumed) reads HF_TOKEN from secret hf-token-secret, which "
      "does not exist in its namespace: its container waits in CreateContainerConfigError with the text without "
      "`Error: ` as message, and the kubelet `Failed` event (x6) is the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-b8c4d")
    plugin_ds(w, KS, [p])
    ns, name = "airunway-models", "qwen3-0-6b-7d8f9c6b5-m4n2p"
    w.pod(ns, name, node=node, containers=("vllm",), phase="Pending", ready=False, image="vllm/vllm-openai:v0.13.0",
          owner=("ReplicaSet", "qwen3-0-6b-7d8f9c6b5"),
          env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token-secret", "key": "HF_TOKEN"}}}],
          statuses=waiting("vllm", "CreateContainerConfigError", t.removeprefix("Error: ")))
    w.event(ns, "Pod", name, "Failed", t, count=6, host=node)
    w.target("Pod", ns, name)


@case("fh014", pod_subj("onnx-inference-5c9d8b7f6-qk2lw"),
      "GKE Standard node pool with NVIDIA T4 GPUs (COS, GKE-installed driver and the GKE nvidia-gpu-device-plugin; "
      "node and version strings assumed); the inference pod tolerates the GPU taint and runs on the GPU node, but "
      "its container sets only cpu/memory requests and limits (no nvidia.com/gpu); it is Running and its current "
      "log holds the text (the thread's interactive session; pod name and image assumed).")
def _(w, t):
    node = "gke-gpu-cluster-t4-pool-8f2b1c3d-w7xk"
    host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                               "cloud.google.com/gke-nodepool": "t4-pool",
                               "cloud.google.com/gke-os-distribution": "cos",
                               "node.kubernetes.io/instance-type": "n1-standard-8"},
              info={"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.10.147+",
                    "containerRuntimeVersion": "containerd://1.6.9", "kubeletVersion": "v1.24.5-gke.600",
                    "kubeProxyVersion": "v1.24.5-gke.600"})
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-small-cos-tq8rd", ds="nvidia-gpu-device-plugin-small-cos",
                   image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.0-gke.5")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin-small-cos")
    running_pod(w, "onnx-inference-5c9d8b7f6-qk2lw", t, node=node, container="inference", gpu=0,
                image="europe-docker.pkg.dev/acme/ml/onnx-quantized-model:1.4.2",
                owner=("ReplicaSet", "onnx-inference-5c9d8b7f6"), cpu="500m", memory="4G", memory_limit="8G",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Pod", ML, "onnx-inference-5c9d8b7f6-qk2lw")


@case("fh015", pod_subj("vllm-lmcache-5f8d7c9b6-t4k8z"),
      "8-GPU node (allocatable ephemeral-storage 5642136341201 bytes as quoted; other strings assumed) with the "
      "NVIDIA device plugin DaemonSet; the vLLM + LMCache Deployment pod (8 GPUs, ephemeral-storage limit 5632Gi, "
      "LMCACHE_LOCAL_DISK with LMCACHE_MAX_LOCAL_DISK_SIZE=640; pod name and image assumed) was evicted: phase "
      "Failed, reason Evicted, the text as status message, and the thread's events (Evicted x2 with both quoted "
      "messages, Killing, ExceededGracePeriod).")
def _(w, t):
    node = "gpu-node-1"
    n = host_node(w, node, gpus=8)
    n["status"]["allocatable"]["ephemeral-storage"] = "5642136341201"
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-z6r4p")
    plugin_ds(w, KS, [p])
    ns, name, c = ML, "vllm-lmcache-5f8d7c9b6-t4k8z", "vllm-lmcache"
    pod = w.pod(ns, name, node=node, gpu=8, containers=(c,), image="lmcache/vllm-openai:v0.3.3",
                owner=("ReplicaSet", "vllm-lmcache-5f8d7c9b6"),
                env=[{"name": "LMCACHE_LOCAL_DISK", "value": "file:///tmp/lmcache/"},
                     {"name": "LMCACHE_MAX_LOCAL_DISK_SIZE", "value": "640.0"}])
    res = pod["spec"]["containers"][0]["resources"]
    res["limits"]["ephemeral-storage"] = "5632Gi"
    evicted(pod, t, c)
    w.event(ns, "Pod", name, "Evicted", t, host=node)
    w.event(ns, "Pod", name, "Killing", "Stopping container vllm-lmcache", type="Normal", host=node)
    w.event(ns, "Pod", name, "Evicted", "The node was low on resource: ephemeral-storage. Threshold quantity: "
            "638834513199, available: 434257472Ki.", host=node)
    w.event(ns, "Pod", name, "ExceededGracePeriod", "Container runtime did not kill the pod within specified grace "
            "period.", count=2, host=node)
    w.target("Pod", ns, name)


@case("fh016", pod_subj("llm-689555d8bf-62gjd", "default"),
      "GKE Autopilot GPU node (g2 machine with L4 GPUs; node name, GPU count and version strings assumed) running the "
      "tutorial's text-generation-inference Deployment `llm` (pod name from the thread): the pod was evicted for "
      "ephemeral storage while downloading the weights to the container's overlay on the boot disk: phase Failed, "
      "reason Evicted, the text as status message and as the kubelet `Evicted` event.")
def _(w, t):
    node = "gk3-llm-cluster-nap-1ab2cd3e-4f5g"
    host_node(w, node, gpus=2, labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                                       "cloud.google.com/gke-provisioning": "standard",
                                       "node.kubernetes.io/instance-type": "g2-standard-24"},
              info={"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.112+",
                    "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4-gke.1183000",
                    "kubeProxyVersion": "v1.31.4-gke.1183000"})
    ns, name, c = "default", "llm-689555d8bf-62gjd", "llm"
    pod = w.pod(ns, name, node=node, gpu=2, containers=(c,),
                image="us-docker.pkg.dev/deeplearning-platform-release/gcr.io/huggingface-text-generation-inference-cu124.2-3.ubuntu2204.py311",
                owner=("ReplicaSet", "llm-689555d8bf"),
                volumes=[{"name": "ephemeral-volume", "emptyDir": {}}],
                mounts=[{"name": "ephemeral-volume", "mountPath": "/data"}])
    evicted(pod, t, c)
    w.event(ns, "Pod", name, "Evicted", t, host=node)
    w.target("Pod", ns, name)


@case("fh017", pod_subj("comfyui-67fd98b7-4zk8f", "default"),
      "EKS GPU node (g5.2xlarge, Amazon Linux 2; strings assumed) with the NVIDIA device plugin DaemonSet and the "
      "Mountpoint for Amazon S3 CSI driver add-on; the ComfyUI Deployment pod (one GPU, S3-backed PVs for inputs and "
      "outputs; pod name and image assumed) stays ContainerCreating and the kubelet `FailedMount` event (x9) is the "
      "text.")
def _(w, t):
    node = "ip-10-2-45-17.us-east-1.compute.internal"
    host_node(w, node, labels=eks_labels("g5.2xlarge", "comfyui-gpu"),
              info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.223-212.873.amzn2.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.29.6-eks-1552ad0",
                    "kubeProxyVersion": "v1.29.6-eks-1552ad0"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-hx5kq")
    plugin_ds(w, KS, [p])
    ns, name, c = "default", "comfyui-67fd98b7-4zk8f", "comfyui"
    w.pod(ns, name, node=node, containers=(c,), phase="Pending", ready=False,
          image="123456789012.dkr.ecr.us-east-1.amazonaws.com/comfyui-images:latest",
          owner=("ReplicaSet", "comfyui-67fd98b7"),
          volumes=[{"name": "comfyui-inputs", "persistentVolumeClaim": {"claimName": "comfyui-inputs-pvc"}},
                   {"name": "comfyui-outputs", "persistentVolumeClaim": {"claimName": "comfyui-outputs-pvc"}}],
          mounts=[{"name": "comfyui-inputs", "mountPath": "/app/ComfyUI/input"},
                  {"name": "comfyui-outputs", "mountPath": "/app/ComfyUI/output"}],
          statuses=waiting(c, "ContainerCreating"))
    w.event(ns, "Pod", name, "FailedMount", t, count=9, host=node)
    w.target("Pod", ns, name)


@case("fh018", pod_subj("vllm-7c9b8d6f5-p2x4k", "default"),
      "k3s GPU node (strings and GPU model assumed) with the NVIDIA device plugin DaemonSet; the Helm-deployed vLLM pod "
      "(one GPU, GGUF Llama 3.1 8B; pod name and image assumed) behind a Service named `vllm` (so Kubernetes injects "
      "VLLM_PORT=tcp://10.43.1.39:8000, not visible in the pod spec) crash-loops with the text as its previous log.")
def _(w, t):
    node = "k3s-gpu-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic",
                             "containerRuntimeVersion": "containerd://1.7.23-k3s2", "kubeletVersion": "v1.31.6+k3s1",
                             "kubeProxyVersion": "v1.31.6+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-c5n7m", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    ns, name = "default", "vllm-7c9b8d6f5-p2x4k"
    w.pod(ns, name, node=node, containers=("vllm",), ready=False, image="registry.local/vllm8b:2",
          runtime_class="nvidia", owner=("ReplicaSet", "vllm-7c9b8d6f5"),
          statuses=crashing("vllm", 1, restarts=5))
    w.log(ns, name, "vllm", t, previous=True)
    w.target("Pod", ns, name)


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("fh019", pod_subj("deepfacelab-train-0"),
      "GPU node with one RTX 5090 (host driver, strings assumed) and the NVIDIA device plugin DaemonSet; a "
      "TensorFlow training pod (image assumed) is Running and Ready, its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-u3k9s")
    plugin_ds(w, KS, [p])
    running_pod(w, "deepfacelab-train-0", t, node=node, container="train", image="tensorflow/tensorflow:2.19.0-gpu",
                owner=("StatefulSet", "deepfacelab-train"))
    w.target("Pod", ML, "deepfacelab-train-0")


@case("fh020", pod_subj("dsw-60082-56c79f4648-hdxv7", "pai-dsw"),
      "Alibaba Cloud PAI-DSW GPU node with one GPU and the device plugin (node and version strings assumed); the DSW "
      "notebook pod (name from the thread's prompt) is Running and Ready, the LLaMA-Factory web UI serves on 7860, "
      "and its current log holds the text.")
def _(w, t):
    node = "cn-hangzhou.10.224.3.17"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "ecs.gn7i-c8g1.2xlarge"})
    p = plugin_pod(w, node, "nvidia-device-plugin-cn-hangzhou.10.224.3.17", ds="nvidia-device-plugin-recover")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin-recover")
    running_pod(w, "dsw-60082-56c79f4648-hdxv7", t, ns="pai-dsw", node=node, container="dsw",
                image="dsw-registry.cn-hangzhou.cr.aliyuncs.com/pai/modelscope:1.14.0-pytorch2.1.2-gpu-py310-cu121-ubuntu22.04",
                owner=("ReplicaSet", "dsw-60082-56c79f4648"),
                env=[{"name": "CUDA_VISIBLE_DEVICES", "value": "0"}, {"name": "USE_MODELSCOPE_HUB", "value": "1"}])
    w.target("Pod", "pai-dsw", "dsw-60082-56c79f4648-hdxv7")


@case("fh021", pod_subj("deepseek-r1-gguf-0"),
      "GPU node with 8 GPUs (host driver, strings assumed) and the NVIDIA device plugin DaemonSet; a vLLM server pod "
      "with tensor parallelism 8 (image assumed) is Running and Ready, serving; its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=8)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-e7t1y")
    plugin_ds(w, KS, [p])
    running_pod(w, "deepseek-r1-gguf-0", t, node=node, container="vllm", gpu=8, image="vllm/vllm-openai:v0.8.4",
                owner=("StatefulSet", "deepseek-r1-gguf"))
    w.target("Pod", ML, "deepseek-r1-gguf-0")


@case("fh022", pod_subj("vllm-v1-6b8d9f7c5-r5w2q"),
      "GPU node with one GPU (host driver, strings assumed) and the NVIDIA device plugin DaemonSet; a vLLM V1 server "
      "pod (image assumed) is Running and Ready; its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-o8p3a")
    plugin_ds(w, KS, [p])
    running_pod(w, "vllm-v1-6b8d9f7c5-r5w2q", t, node=node, container="vllm", image="vllm/vllm-openai:v0.9.1",
                owner=("ReplicaSet", "vllm-v1-6b8d9f7c5"))
    w.target("Pod", ML, "vllm-v1-6b8d9f7c5-r5w2q")


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "H")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
