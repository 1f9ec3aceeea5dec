"""First-contact batch F (fixtures/first-contact/batch-f/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, gathered after batches A-E: runtime layer
(a pod without the NVIDIA RuntimeClass, a stale CDI spec after a driver upgrade, a CUDA requirement of the
legacy hook, a k3s kubelet talking to a containerd without the `nvidia` handler, a crashing CDI hook),
driver layer (nouveau, a FIPS kernel the driver container cannot resolve, a driver that cannot be unloaded
under running GPU workloads, GSP timeouts on a Talos node, a GKE install without the expected driver, a
wedged nvidia_uvm after a reinstall), application layer (driver too old for a CUDA 13 image, /dev/shm,
OOMKilled, a startup probe, Hugging Face tokens, a registry that refuses the pull) and healthy look-alikes.
Each builder places the case's text verbatim where a collector would have found it and builds the cluster
state the thread describes (pods, container states, events, node labels, kernel log). The expected answer
was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f      # (re)writes fixtures/first-contact/batch-f/scenarios/
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache

from tests.classify.first_contact_b import (KS, app_pod, block, drop_logs, host_node, init_crashloop, no_gpu_resource,
                                            node_info, plugin_ds, plugin_pod, remove_stack_pod, running_pod, set_image,
                                            stack_pod, strip_gfd,
                                            thread_scenario)
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels, no_sandbox
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, World, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, init_stuck, node_subj, pod_subj, stack_crash

BATCH = REPO / "fixtures" / "first-contact" / "batch-f"
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


# ---- world helpers (batch F) -----------------------------------------------------------------

def waiting(container: str, reason: str, message: str | None = None, restarts: int = 0) -> dict:
    st = {"reason": reason}
    if message:
        st["message"] = message
    return {container: {"state": {"waiting": st}, "ready": False, "restartCount": restarts}}


def init_crash_state(container: str, restarts: int = 6, code: int = 1) -> dict:
    return {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                  "message": f"back-off 5m0s restarting failed container={container}"}},
            "lastState": {"terminated": {"exitCode": code, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
            "ready": False, "restartCount": restarts}


def pod_in_init(w: World, ns: str, name: str, *, node: str, container: str, init: str, init_log: str | None,
                image: str, init_image: str, gpu: int = 1, owner=None, env=None, init_env=None, restarts: int = 6,
                **kw) -> dict:
    """A workload pod whose init container crash-loops (Init:CrashLoopBackOff) with `init_log` as its previous log."""
    p = w.pod(ns, name, node=node, gpu=gpu, containers=(container,), init_containers=(init,), phase="Pending",
              ready=False, image=image, owner=owner, env=env,
              init_statuses={init: init_crash_state(init, restarts)},
              statuses=waiting(container, "PodInitializing"), **kw)
    set_image(p, init, init_image)
    if init_env:
        p["spec"]["initContainers"][0]["env"] = init_env
    if init_log is not None:
        w.log(ns, name, init, init_log, previous=True)
    return p


def set_arch(node: dict, arch: str) -> None:
    node["status"]["nodeInfo"]["architecture"] = arch
    node["metadata"]["labels"]["kubernetes.io/arch"] = arch
    node["metadata"]["labels"]["beta.kubernetes.io/arch"] = arch


# ---- runtime layer ---------------------------------------------------------------------------

@case("ff001", pod_subj("local-ai-7b9d6c5f4-w2k8n"),
      "k0s 1.29.4 single GPU node (Ubuntu 22.04, host driver and NVIDIA container toolkit; version strings "
      "assumed) with the NVIDIA device plugin DaemonSet (runtimeClassName nvidia) advertising nvidia.com/gpu 1; the "
      "LocalAI AIO GPU pod (image latest-aio-gpu-nvidia-cuda-12, one GPU requested, no runtimeClassName) is "
      "Running and its current log is the text.")
def _(w, t):
    node = "k0s-gpu-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-105-generic",
                             "containerRuntimeVersion": "containerd://1.7.15", "kubeletVersion": "v1.29.4+k0s",
                             "kubeProxyVersion": "v1.29.4+k0s"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7q2xd", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    running_pod(w, "local-ai-7b9d6c5f4-w2k8n", t, node=node, container="local-ai",
                image="localai/localai:latest-aio-gpu-nvidia-cuda-12", owner=("ReplicaSet", "local-ai-7b9d6c5f4"))
    w.target("Pod", ML, "local-ai-7b9d6c5f4-w2k8n")


@case("ff002", pod_subj("wkdev-7c5b9d8f6-p4m2x"),
      "GPU node on Ubuntu with CRI-O and crun, the NVIDIA device plugin in CDI mode and a host driver just upgraded "
      "from 535.161.07 to 535.171.04 (CRI-O/kubelet strings assumed; the thread is a podman host, the pod is "
      "modelled); the GPU pod cannot be created: its container waits in CreateContainerError with the text as "
      "message and the kubelet `Failed` event (x6) carries the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.5.0-35-generic",
                             "containerRuntimeVersion": "cri-o://1.30.3", "kubeletVersion": "v1.30.2",
                             "kubeProxyVersion": "v1.30.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-k8w3r")
    plugin_ds(w, KS, [p])
    name = "wkdev-7c5b9d8f6-p4m2x"
    w.pod(ML, name, node=node, containers=("wkdev",), phase="Pending", ready=False,
          image="docker.io/igalia/wkdev:latest", owner=("ReplicaSet", "wkdev-7c5b9d8f6"),
          statuses=waiting("wkdev", "CreateContainerError", t))
    w.event(ML, "Pod", name, "Failed", t, count=6, host=node)
    w.target("Pod", ML, name)


@case("ff003", pod_subj("dbp-9fd2968b-009d-4d9e-9d30-32b9511a1e8e-predictor-7f4b8d4dx6q5", "default"),
      "GPU node with a host driver older than CUDA 12.8 support (driver version not stated; node strings assumed) "
      "and the NVIDIA device plugin DaemonSet; KServe InferenceService predictor pod (name and pod UID from the "
      "thread's BackOff event) with storage-initializer Completed and kserve-container "
      "(kserve/huggingfaceserver:latest-gpu) failing at start: StartError exit 128 whose termination message is the "
      "text without `Error: `, the kubelet `Failed` event (x4) is the text, the `BackOff` event (x8) as quoted.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"kernelVersion": "5.15.0-122-generic", "containerRuntimeVersion": "containerd://1.7.24",
                             "kubeletVersion": "v1.31.4", "kubeProxyVersion": "v1.31.4"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-m4c7t")
    plugin_ds(w, KS, [p])
    ns, name = "default", "dbp-9fd2968b-009d-4d9e-9d30-32b9511a1e8e-predictor-7f4b8d4dx6q5"
    pod = w.pod(ns, name, node=node, containers=("kserve-container",), init_containers=("storage-initializer",),
                image="kserve/huggingfaceserver:latest-gpu", ready=False,
                owner=("ReplicaSet", "dbp-9fd2968b-009d-4d9e-9d30-32b9511a1e8e-predictor-7f4b8d4d"),
                statuses=crashing("kserve-container", 128, "StartError", t.removeprefix("Error: "), restarts=4))
    set_image(pod, "storage-initializer", "kserve/storage-initializer:v0.15.2")
    w.event(ns, "Pod", name, "Failed", t, count=4, host=node)
    w.event(ns, "Pod", name, "BackOff", "Back-off restarting failed container kserve-container in pod "
            "dbp-9fd2968b-009d-4d9e-9d30-32b9511a1e8e-predictor-7f4b8d4dx6q5_default"
            "(4dd91701-b2ab-4441-ae75-dba42264ef38)", count=8, host=node)
    w.target("Pod", ns, name)


@case("ff004", pod_subj("cuda-test"),
      "k3s node on NixOS (k3s/containerd/kernel strings assumed) started with --container-runtime-endpoint "
      "unix:///run/containerd/containerd.sock (external containerd for nix-snapshotter); the user's pod "
      "(runtimeClassName nvidia; its GPU request is not quoted and assumed absent) has no sandbox and carries the "
      "text as FailedCreatePodSandBox event (x1378); the NVIDIA device plugin pod (runtimeClassName nvidia) carries "
      "the same event (assumed) and the node advertises no nvidia.com/gpu.")
def _(w, t):
    node = "nixos-gpu"
    host_node(w, node, advertised=False,
              info={"osImage": "NixOS 24.11 (Vicuna)", "kernelVersion": "6.6.72",
                    "containerRuntimeVersion": "containerd://1.7.23", "kubeletVersion": "v1.31.4+k3s1",
                    "kubeProxyVersion": "v1.31.4+k3s1"})
    w.get_node(node)["metadata"]["labels"]["node-role.kubernetes.io/control-plane"] = "true"
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-n8v2q", runtime_class="nvidia", log=None, ready=False)
    no_sandbox(dp)
    plugin_ds(w, KS, [dp])
    w.event(KS, "Pod", dp["metadata"]["name"], "FailedCreatePodSandBox", t, count=1378, host=node)
    p = w.pod("default", "cuda-test", node=node, gpu=0, containers=("cuda",), runtime_class="nvidia",
              image="nvidia/cuda:12.6.3-base-ubuntu24.04", tolerations=TOLERATE_GPU)
    no_sandbox(p)
    w.event("default", "Pod", "cuda-test", "FailedCreatePodSandBox", t, count=1378, host=node)
    w.target("Pod", "default", "cuda-test")


@case("ff005", pod_subj("cuda-vectoradd"),
      "k3s on NixOS (driver 565.77, kernel 6.6.68, nvidia-container-toolkit 1.17.3 in CDI mode; k3s strings "
      "assumed) with the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1 (its own container assumed to "
      "start); a CUDA pod (runtimeClassName nvidia, one GPU) fails at container creation: StartError exit 128 "
      "whose termination message and kubelet `Failed` event (x5) are the text.")
def _(w, t):
    node = "k3s-nixos-1"
    host_node(w, node, info={"osImage": "NixOS 25.05 (Warbler)", "kernelVersion": "6.6.68",
                             "containerRuntimeVersion": "containerd://1.7.23-k3s2", "kubeletVersion": "v1.31.4+k3s1",
                             "kubeProxyVersion": "v1.31.4+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-x5h9d", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    name = "cuda-vectoradd"
    w.pod(ML, name, node=node, containers=("cuda-vectoradd",), runtime_class="nvidia", ready=False,
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0",
          statuses=crashing("cuda-vectoradd", 128, "StartError", t, restarts=5))
    w.event(ML, "Pod", name, "Failed", t, count=5, host=node)
    w.target("Pod", ML, name)


# ---- driver layer ----------------------------------------------------------------------------

@case("ff006", node_subj("gpu-worker-0"),
      "OpenShift 4.7.13 GPU worker with V100 (RHCOS/kernel/CRI-O/kubelet strings assumed for 4.7.13) and GPU "
      "Operator 1.7.0 (driver 450.80.02): the driver DaemonSet pod's nvidia-driver-ctr crash-loops with the text as "
      "its previous log; toolkit and validator wait in driver-validation, device plugin and GFD in "
      "toolkit-validation; GFD never ran, no nvidia.com/gpu. No kernel log (nouveau) was quoted.")
def _(w, t):
    node = "gpu-worker-0"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"node-role.kubernetes.io/worker": "",
                                    "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                                    "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.7"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 47.83.202105220305-0 (Ootpa)",
              kernelVersion="4.18.0-240.22.1.el8_3.x86_64", containerRuntimeVersion="cri-o://1.20.2-12.rhaos4.7.git9f7be76.el8",
              kubeletVersion="v1.20.0+df9c838", kubeProxyVersion="v1.20.0+df9c838")
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=14)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:450.80.02-rhcos4.7")
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


@case("ff007", node_subj("ip-10-150-3-29.us-gov-east-1.compute.internal"),
      "TKG workload cluster on AWS GovCloud: Ubuntu 18.04 node ip-10-150-3-29 with kernel 4.15.0-2036-aws-fips and "
      "containerd 1.4.3 (kubelet string assumed), GPU Operator with driver 450.80.02: the driver pod crash-loops "
      "with the text as its previous log; toolkit and validator wait in driver-validation, device plugin and GFD "
      "in toolkit-validation; no nvidia.com/gpu.")
def _(w, t):
    node = "ip-10-150-3-29.us-gov-east-1.compute.internal"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"]["node.kubernetes.io/instance-type"] = "g4dn.xlarge"
    node_info(n, osImage="Ubuntu 18.04.5 LTS", kernelVersion="4.15.0-2036-aws-fips",
              containerRuntimeVersion="containerd://1.4.3", kubeletVersion="v1.19.3+vmware.1",
              kubeProxyVersion="v1.19.3+vmware.1")
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=9)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:450.80.02-ubuntu18.04")
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


@case("ff008", node_subj("ipp2-2153"),
      "GPU Operator node ipp2-2153 (8 GPUs, model and version strings assumed) whose driver DaemonSet pod restarted "
      "outside the upgrade controller: its k8s-driver-manager init container is in Init:CrashLoopBackOff with the "
      "text as previous log; two GPU workload pods keep running on the node; the other operands keep running "
      "from before and the node still advertises its GPUs.")
def _(w, t):
    node = "ipp2-2153"
    w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
               labels={"nvidia.com/cuda.driver.major": "570"})
    name = init_crashloop(w, node, "driver", "k8s-driver-manager", t, restarts=8)
    set_image(w.get_pod(OPERATOR_NS, name), "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1")
    for i in range(2):
        running_pod(w, f"llm-train-{i}", None, node=node, container="trainer", gpu=4,
                    image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("StatefulSet", "llm-train"))
    w.target("Node", None, node)


@case("ff009", node_subj("talos-a100-119"),
      "Talos node talos-a100-119 (InternalIP 192.168.11.119; Talos/kernel/driver strings assumed for April 2026) with "
      "8x A100 SXM4, the NVIDIA extensions, the device plugin and GPU Feature Discovery running; a vLLM pod using "
      "the 8 GPUs crash-loops (its log was not quoted); the node kernel log is the text in `talosctl dmesg` format.")
def _(w, t):
    node = "talos-a100-119"
    n = host_node(w, node, gpus=8, info={"osImage": "Talos (v1.10.0)", "kernelVersion": "6.12.24-talos",
                                         "containerRuntimeVersion": "containerd://2.0.5",
                                         "kubeletVersion": "v1.33.0", "kubeProxyVersion": "v1.33.0"})
    n["status"]["addresses"][0]["address"] = "192.168.11.119"
    p = plugin_pod(w, node, "nvidia-device-plugin-8v4rk", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    w.pod(KS, "gpu-feature-discovery-q2w7c", node=node, gpu=0, containers=("gpu-feature-discovery",),
          runtime_class="nvidia", labels={"app.kubernetes.io/name": "gpu-feature-discovery"},
          owner=("DaemonSet", "gpu-feature-discovery"), tolerations=TOLERATE_GPU,
          image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    app_pod(w, "kimi-vllm-0", None, node=node, container="vllm", gpu=8, image="vllm/vllm-openai:v0.19.1",
            owner=("StatefulSet", "kimi-vllm"))
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("ff010", node_subj("gke-gpu-cluster-l4-pool-3b9f2c1d-7kqp"),
      "GKE node of a g2 (nvidia-l4) pool on COS_CONTAINERD (COS/kubelet strings assumed), GPU Operator v25.3.1 "
      "with driver.enabled=false (no driver pod): the toolkit pod waits in driver-validation whose log repeats the "
      "first line of the text; device plugin, GFD and validator have no sandbox and carry the second line as "
      "FailedCreatePodSandBox event (as the thread quotes it); no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    validate, noruntime = t.split("\n")
    node = "gke-gpu-cluster-l4-pool-3b9f2c1d-7kqp"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"cloud.google.com/gke-accelerator": "nvidia-l4",
                                    "cloud.google.com/gke-nodepool": "l4-pool",
                                    "cloud.google.com/gke-os-distribution": "cos",
                                    "node.kubernetes.io/instance-type": "g2-standard-8"})
    node_info(n, osImage="Container-Optimized OS from Google", kernelVersion="6.6.87+",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.3-gke.1136000",
              kubeProxyVersion="v1.33.3-gke.1136000")
    remove_stack_pod(w, node, "driver")
    init_stuck(w, node, "toolkit", "driver-validation", "\n".join([validate] * 3))
    for role in ("device-plugin", "gfd", "validator"):
        pod = stack_pod(w, node, role)
        no_sandbox(pod)
        drop_logs(w, OPERATOR_NS, pod["metadata"]["name"])
        w.event(OPERATOR_NS, "Pod", pod["metadata"]["name"], "FailedCreatePodSandBox", noruntime, count=41, host=node)
    w.target("Node", None, node)


@case("ff011", node_subj("ip-10-8-41-77.us-east-1.compute.internal"),
      "EKS GB200 node (p6e-gb200.36xlarge, 4 GPUs, arm64, Ubuntu 24.04, kernel 6.17.0-1017-aws, open kernel module "
      "580.126.20 from the GPU Operator; node name and kubelet strings assumed) after an uninstall and re-install "
      "of the stack: the driver pod is Running, the toolkit's driver-validation crash-loops (log not quoted), "
      "device plugin, GFD and validator wait in Init; no nvidia.com/gpu; the node kernel log is the text.")
def _(w, t):
    node = "ip-10-8-41-77.us-east-1.compute.internal"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-GB200", memory_mib=189471, allocatable=None,
                   labels={"nvidia.com/cuda.driver.major": "580"})
    no_gpu_resource(n)
    n["metadata"]["labels"].update(eks_labels("p6e-gb200.36xlarge", "gb200"))
    set_arch(n, "arm64")
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.17.0-1017-aws",
              containerRuntimeVersion="containerd://2.1.3", kubeletVersion="v1.34.1-eks-c39b1d0",
              kubeProxyVersion="v1.34.1-eks-c39b1d0")
    init_crashloop(w, node, "toolkit", "driver-validation", None, restarts=11)
    block(w, node, "device-plugin", "toolkit-validation")
    block(w, node, "gfd", "toolkit-validation")
    block(w, node, "validator", "driver-validation")
    w.dmesg(node, t)
    w.target("Node", None, node)


# ---- application layer -----------------------------------------------------------------------

@case("ff012", pod_subj("qwen3-8b-5f7d9c6b8-h4n2r"),
      "AKS GPU node (node image with driver 550.144.03, CUDA 12.4; VM size, node-image version and kubelet strings "
      "assumed) with the AKS-managed NVIDIA device plugin DaemonSet; the LLMKube InferenceService pod (vLLM image "
      "with a CUDA 13 userspace, name assumed) crash-loops with the text as its previous log.")
def _(w, t):
    node = "aks-gpupool-20481633-vmss000000"
    host_node(w, node, labels={"kubernetes.azure.com/agentpool": "gpupool", "kubernetes.azure.com/accelerator": "nvidia",
                               "node.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4",
                               "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202607.21.0"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1092-azure",
                    "containerRuntimeVersion": "containerd://1.7.29-1", "kubeletVersion": "v1.33.3",
                    "kubeProxyVersion": "v1.33.3"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9z4wm")
    plugin_ds(w, KS, [p])
    app_pod(w, "qwen3-8b-5f7d9c6b8-h4n2r", t, node=node, container="vllm", image="vllm/vllm-openai:v0.13.0",
            owner=("ReplicaSet", "qwen3-8b-5f7d9c6b8"))
    w.target("Pod", ML, "qwen3-8b-5f7d9c6b8-h4n2r")


@case("ff013", pod_subj("vllm-opt125m-deployment-vllm-6d8f9b7c5-x2k4p"),
      "GPU node with 2 GPUs, host driver and the NVIDIA device plugin DaemonSet; the production-stack serving-engine "
      "pod (2 GPUs, --tensor-parallel-size 2, no /dev/shm volume in the rendered spec; pod name assumed) crash-loops "
      "with the text as its previous log; the router pod runs.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=2)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-h7p3k")
    plugin_ds(w, KS, [p])
    app_pod(w, "vllm-opt125m-deployment-vllm-6d8f9b7c5-x2k4p", t, node=node, container="vllm", gpu=2,
            image="vllm/vllm-openai:latest", owner=("ReplicaSet", "vllm-opt125m-deployment-vllm-6d8f9b7c5"))
    running_pod(w, "vllm-deployment-router-8666bf6464-jn224", None, node=node, container="router-container", gpu=0,
                image="lmcache/lmstack-router:latest", owner=("ReplicaSet", "vllm-deployment-router-8666bf6464"))
    w.target("Pod", ML, "vllm-opt125m-deployment-vllm-6d8f9b7c5-x2k4p")


@case("ff014", pod_subj("bert-v2-predictor-default-00003-deployment-7d97bb994c-mvllp", "default"),
      "GPU node with the NVIDIA device plugin DaemonSet; KServe 0.9 Triton BERT example (pod names from the thread): "
      "revision 00003's predictor pod (memory limit 500Mi, one GPU) is in CrashLoopBackOff with 6 restarts, its "
      "kserve-container last terminated OOMKilled exit 137 with the text as termination message and previous log; "
      "revision 00002's predictor and the transformer keep running.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-f2x8v")
    plugin_ds(w, KS, [p])
    ns = "default"
    img = "nvcr.io/nvidia/tritonserver:21.09-py3"
    name = "bert-v2-predictor-default-00003-deployment-7d97bb994c-mvllp"
    st = crashing("kserve-container", 137, "OOMKilled", t, restarts=6)
    st["queue-proxy"] = {"state": {"running": {"startedAt": T0}}, "ready": True, "restartCount": 0}
    w.pod(ns, name, node=node, containers=("kserve-container", "queue-proxy"), image=img, ready=False,
          memory="500Mi", owner=("ReplicaSet", "bert-v2-predictor-default-00003-deployment-7d97bb994c"), statuses=st)
    w.log(ns, name, "kserve-container", t, previous=True)
    w.pod(ns, "bert-v2-predictor-default-00002-deployment-75bcb4bbf-9gtp7", node=node, gpu=0,
          containers=("kserve-container", "queue-proxy"), image=img,
          owner=("ReplicaSet", "bert-v2-predictor-default-00002-deployment-75bcb4bbf"))
    w.pod(ns, "bert-v2-transformer-default-00001-deployment-64fd7c6765-bpccb", node=node, gpu=0,
          containers=("kserve-container", "queue-proxy"), image="kserve/image-transformer:v0.9.0",
          owner=("ReplicaSet", "bert-v2-transformer-default-00001-deployment-64fd7c6765"))
    w.target("Pod", ns, name)


@case("ff015", pod_subj("deepseek-r1-distill-llama-8b-5cc594fd46-hg5rw", "default"),
      "minikube node (docker runtime; minikube/kubelet strings assumed) with one GPU and the NVIDIA device plugin; "
      "the AIBrix quickstart Deployment's pod (vllm/vllm-openai:v0.7.1, model downloaded from Hugging Face at start, "
      "startup probe httpGet /health:8000 with the quickstart's thresholds assumed) is in CrashLoopBackOff with 5 "
      "restarts (exit code assumed); its events are the thread's (Scheduled, Pulling, Pulled, Created, Started) and "
      "the text as `Unhealthy` (x3); no Killing event and no container log were quoted.")
def _(w, t):
    node = "minikube"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.8.0-58-generic",
                             "containerRuntimeVersion": "docker://27.4.1", "kubeletVersion": "v1.32.0",
                             "kubeProxyVersion": "v1.32.0"})
    w.get_node(node)["metadata"]["labels"]["node-role.kubernetes.io/control-plane"] = ""
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-z7f4m")
    plugin_ds(w, KS, [p])
    ns, name, c = "default", "deepseek-r1-distill-llama-8b-5cc594fd46-hg5rw", "vllm-openai"
    probe = {"startupProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                              "periodSeconds": 5, "failureThreshold": 3, "timeoutSeconds": 1}}
    w.pod(ns, name, node=node, containers=(c,), image="vllm/vllm-openai:v0.7.1", ready=False, probes=probe,
          labels={"model.aibrix.ai/name": "deepseek-r1-distill-llama-8b", "model.aibrix.ai/port": "8000"},
          owner=("ReplicaSet", "deepseek-r1-distill-llama-8b-5cc594fd46"),
          statuses=crashing(c, 137, "Error", restarts=5))
    w.event(ns, "Pod", name, "Scheduled", "Successfully assigned default/deepseek-r1-distill-llama-8b-5cc594fd46-hg5rw "
            "to minikube", type="Normal", component="default-scheduler")
    w.event(ns, "Pod", name, "Pulling", 'Pulling image "vllm/vllm-openai:v0.7.1"', type="Normal", host=node)
    w.event(ns, "Pod", name, "Pulled", 'Successfully pulled image "vllm/vllm-openai:v0.7.1" in 4m47.129s (5m3.623s '
            'including waiting). Image size: 16525161745 bytes.', type="Normal", host=node)
    w.event(ns, "Pod", name, "Created", "Created container: vllm-openai", type="Normal", host=node)
    w.event(ns, "Pod", name, "Started", "Started container vllm-openai", type="Normal", host=node)
    w.event(ns, "Pod", name, "Unhealthy", t, count=3, host=node)
    w.target("Pod", ns, name)


@case("ff016", pod_subj("vllm-inference-service-predictor-00001-deployment-6f9c8d7b5-k8s2p", "rag-llm"),
      "OpenShift GPU worker with the GPU Operator (healthy stack; RHCOS/CRI-O strings assumed); the "
      "vllm-inference-service predictor pod (name suffix assumed) is in Init:CrashLoopBackOff: its download-model "
      "init container (HF_TOKEN from secret huggingface-secret, key hftoken) has the text as previous log.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/cuda.driver.major": "570"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 418.94.202506121335-0",
              kernelVersion="5.14.0-427.72.1.el9_4.x86_64", containerRuntimeVersion="cri-o://1.31.9-2.rhaos4.18.git",
              kubeletVersion="v1.31.9", kubeProxyVersion="v1.31.9")
    env = [{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "huggingface-secret", "key": "hftoken"}}}]
    pod_in_init(w, "rag-llm", "vllm-inference-service-predictor-00001-deployment-6f9c8d7b5-k8s2p", node=node,
                container="kserve-container", init="download-model", init_log=t,
                image="quay.io/modh/vllm:rhoai-2.22-cuda", init_image="registry.access.redhat.com/ubi9/python-39:latest",
                owner=("ReplicaSet", "vllm-inference-service-predictor-00001-deployment-6f9c8d7b5"), init_env=env)
    w.target("Pod", "rag-llm", "vllm-inference-service-predictor-00001-deployment-6f9c8d7b5-k8s2p")


@case("ff017", pod_subj("meta-llama3-8b-instruct-job-8x2vq", "nemo"),
      "OpenShift (RHCOS 9.4, CRI-O) GPU worker with the GPU Operator; NIM Operator 1.0.1: the NIMCache caching Job's "
      "pod in namespace nemo (name assumed, no GPU requested) waits in ImagePullBackOff for the NIM image and the "
      "kubelet `Failed` event (x4) is the text.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, labels={"node-role.kubernetes.io/worker": ""})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 417.94.202501301529-0",
              kernelVersion="5.14.0-427.49.1.el9_4.x86_64", containerRuntimeVersion="cri-o://1.30.9-2.rhaos4.17.git",
              kubeletVersion="v1.30.7", kubeProxyVersion="v1.30.7")
    ns, name = "nemo", "meta-llama3-8b-instruct-job-8x2vq"
    image = ("nvcr.io/nim/meta/llama-3.1-8b-instruct@sha256:"
             "088a7f400286291e9c1512e326596f4caedd2ed7aa30b909d78cbd3727b55ee8")
    w.pod(ns, name, node=node, gpu=0, containers=("nim-cache",), image=image, phase="Pending", ready=False,
          owner=("Job", "meta-llama3-8b-instruct-job"),
          statuses=waiting("nim-cache", "ImagePullBackOff", f'Back-off pulling image "{image}"'),
          extra_spec={"restartPolicy": "Never", "imagePullSecrets": [{"name": "ngc-secret"}]})
    w.event(ns, "Pod", name, "Failed", t, count=4, host=node)
    w.target("Pod", ns, name)


@case("ff018", pod_subj("huggingface-llama3-predictor-00001-deployment-7c9f6d8b4-q2x7m", "default"),
      "GPU node with the NVIDIA device plugin DaemonSet; KServe InferenceService huggingface-llama3 (storageUri "
      "hf://meta-llama/Meta-Llama-3-8B-Instruct, 1 GPU; pod name suffix and image tags assumed): kserve-container has "
      "HF_TOKEN from secret hf-secret, the storage-initializer has no token env and is in Init:CrashLoopBackOff with "
      "the text as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-b3n6s")
    plugin_ds(w, KS, [p])
    env = [{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-secret", "key": "HF_TOKEN",
                                                               "optional": False}}}]
    pod_in_init(w, "default", "huggingface-llama3-predictor-00001-deployment-7c9f6d8b4-q2x7m", node=node,
                container="kserve-container", init="storage-initializer", init_log=t,
                image="kserve/huggingfaceserver:v0.14.1-gpu", init_image="kserve/storage-initializer:v0.14.1",
                owner=("ReplicaSet", "huggingface-llama3-predictor-00001-deployment-7c9f6d8b4"), env=env,
                cpu="6", memory="24Gi")
    w.target("Pod", "default", "huggingface-llama3-predictor-00001-deployment-7c9f6d8b4-q2x7m")


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("ff019", pod_subj("tf-gpu-check-0"),
      "GPU node with one GPU, host driver and the NVIDIA device plugin DaemonSet; a TensorFlow GPU pod (image tag "
      "assumed) is Running and Ready, its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r5t2j")
    plugin_ds(w, KS, [p])
    running_pod(w, "tf-gpu-check-0", t, node=node, container="tensorflow", image="tensorflow/tensorflow:2.18.0-gpu",
                owner=("StatefulSet", "tf-gpu-check"))
    w.target("Pod", ML, "tf-gpu-check-0")


@case("ff020", pod_subj("sd-webui-0"),
      "GPU node with one GPU, host driver and the NVIDIA device plugin DaemonSet; the Stable Diffusion web UI pod "
      "(image assumed) is Running and Ready, its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-w8e3a")
    plugin_ds(w, KS, [p])
    running_pod(w, "sd-webui-0", t, node=node, container="webui", image="ghcr.io/sagiodev/stablediffusion-webui:latest",
                owner=("StatefulSet", "sd-webui"))
    w.target("Pod", ML, "sd-webui-0")


@case("ff021", pod_subj("bert-training-0"),
      "EKS GPU node with 8 GPUs (instance type assumed; driver with CUDA 12.5) and the NVIDIA device plugin "
      "DaemonSet; the BERT training pod (8 GPUs, NCCL_DEBUG=INFO, no EFA/IB plugin; image name assumed) is Running "
      "and Ready, its current log holds the text.")
def _(w, t):
    node = "ip-10-0-92-14.us-west-2.compute.internal"
    host_node(w, node, gpus=8, labels=eks_labels("p4d.24xlarge", "gpu-training"),
              info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.225-213.878.amzn2.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.4-eks-a737599",
                    "kubeProxyVersion": "v1.30.4-eks-a737599"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-p9l4c")
    plugin_ds(w, KS, [p])
    running_pod(w, "bert-training-0", t, node=node, container="bert-training", gpu=8,
                image="public.ecr.aws/aws-k8s-tester/bert-training:latest", owner=("StatefulSet", "bert-training"),
                env=[{"name": "NCCL_DEBUG", "value": "INFO"}])
    w.target("Pod", ML, "bert-training-0")


@case("ff022", pod_subj("ollama-0"),
      "GPU node with one Tesla T4 (driver supporting CUDA 11.7), host driver and the NVIDIA device plugin DaemonSet; "
      "the ollama server pod (image tag assumed) is Running and Ready, its current log holds the text; no model was "
      "loaded yet.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-t6y2u")
    plugin_ds(w, KS, [p])
    running_pod(w, "ollama-0", t, node=node, container="ollama", image="ollama/ollama:0.1.41",
                owner=("StatefulSet", "ollama"))
    w.target("Pod", ML, "ollama-0")


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "F")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
