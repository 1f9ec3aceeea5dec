"""First-contact batch D (fixtures/first-contact/batch-d/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, gathered after batches A-C: runtime layer
(CDI, containerd runtime handlers, the prestart hook, a container losing its GPU), driver layer (version
mismatch, a lost GPU, Fabric Manager, Secure Boot, unsupported vGPU, ECC), application layer (NCCL over IB,
/dev/shm, CUDA OOM, driver too old, no kernel image, vLLM KV cache) and healthy look-alikes. Each builder
places the case's text verbatim where a collector would have found it and builds the cluster state the
thread describes (pods, container states, events, node labels, kernel log, nvidia-smi exec output). The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d      # (re)writes fixtures/first-contact/batch-d/scenarios/
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache

from tests.classify.first_contact_b import (KS, app_pod, block, drop_logs, host_node, no_gpu_resource, node_info,
                                            plugin_ds, plugin_pod, running_pod, set_image, stack_crash, stack_pod,
                                            strip_gfd,
                                            thread_scenario)
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, World, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, node_subj, pending_pod, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-d"
SCENARIOS_DIR = BATCH / "scenarios"
TOLERATE_GPU = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


# ---- world helpers (batch D) -----------------------------------------------------------------

def no_sandbox(pod: dict) -> None:
    """A pod whose sandbox the runtime never created: Pending, init and app containers still waiting."""
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in pod["status"].get("initContainerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
        s.pop("containerID", None)
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "started": False})
        s.pop("containerID", None)
    pod["status"].pop("podIP", None)


def admission_failed(w: World, ns: str, name: str, node: str, message: str, *, owner=None, containers=("runner",),
                     gpu: int = 1, image: str = "ghcr.io/actions/actions-runner:2.328.0") -> dict:
    """A pod the kubelet rejected at admission (phase Failed, reason UnexpectedAdmissionError, no containers)."""
    p = w.pod(ns, name, node=node, gpu=gpu, containers=containers, phase="Failed", ready=False, owner=owner,
              image=image, reason="UnexpectedAdmissionError", message=message)
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    p["status"]["conditions"] = [c for c in p["status"]["conditions"] if c["type"] == "PodScheduled"]
    w.event(ns, "Pod", name, "UnexpectedAdmissionError", message, host=node)
    return p


def eks_labels(itype: str, nodegroup: str = "gpu") -> dict:
    return {"node.kubernetes.io/instance-type": itype, "eks.amazonaws.com/nodegroup": nodegroup,
            "topology.kubernetes.io/region": "us-east-2"}


def failed_once(container: str, code: int = 1, reason: str = "Error") -> dict:
    return {container: {"state": {"terminated": {"exitCode": code, "reason": reason, "startedAt": T0,
                                                 "finishedAt": T1}},
                        "ready": False, "restartCount": 0}}


# ---- runtime layer ---------------------------------------------------------------------------

@case("fd001", pod_subj("cuda-cdi-test"),
      "RKE2 node `rke2-gpu-1` (Ubuntu 22.04; RKE2/kubelet/containerd version strings assumed for mid-2025) with one "
      "Tesla T4 and the GPU Operator (cdi.enabled=true, toolkit v1.17.8): all operator pods Running, the node "
      "advertises nvidia.com/gpu 1; the user's pod (runtimeClassName nvidia-cdi, one GPU) fails at start with "
      "StartError exit 128 whose termination message is the text (without the leading `Error: `) and the kubelet's "
      "`Failed` event (x2) carries the text.")
def _(w, t):
    node = "rke2-gpu-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360,
                   labels={"nvidia.com/cuda.driver.major": "570", "node-role.kubernetes.io/worker": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-143-generic",
              containerRuntimeVersion="containerd://2.0.5-k3s1", kubeletVersion="v1.33.3+rke2r1",
              kubeProxyVersion="v1.33.3+rke2r1")
    w.node("rke2-server-1", labels={"node-role.kubernetes.io/control-plane": "true"})
    set_image(stack_pod(w, node, "toolkit"), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04")
    name = "cuda-cdi-test"
    w.pod(ML, name, node=node, containers=("cuda",), image="nvcr.io/nvidia/cuda:12.8.1-base-ubuntu22.04",
          runtime_class="nvidia-cdi", ready=False, tolerations=TOLERATE_GPU,
          statuses=crashing("cuda", 128, "StartError", t.removeprefix("Error: "), restarts=2))
    w.event(ML, "Pod", name, "Failed", t, count=2, host=node)
    w.target("Pod", ML, name)


@case("fd002", pod_subj("vmd-7d9dd979cd-6xcn2"),
      "EKS managed node group (AMI type AL2023_x86_64_NVIDIA, driver 570.172.08; instance type, kernel and kubelet "
      "strings assumed), one application pod per GPU node, NVIDIA device plugin from Helm chart 0.17.1 in namespace "
      "nvidia-device-plugin; the affected pod vmd-7d9dd979cd-6xcn2 is Running (no restarts) and `nvidia-smi` run in "
      "its container returns the text's error line (exec record; the prompt line of the text is the command); the "
      "pod on the second GPU node works.")
def _(w, t):
    ns = "nvidia-device-plugin"
    info = {"osImage": "Amazon Linux 2023.8.20250908", "kernelVersion": "6.1.148-173.267.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4-eks-e386d34",
            "kubeProxyVersion": "v1.33.4-eks-e386d34"}
    pods = []
    for i, (node, pod) in enumerate((("ip-10-20-31-118.us-east-2.compute.internal", "vmd-7d9dd979cd-6xcn2"),
                                     ("ip-10-20-44-207.us-east-2.compute.internal", "vmd-7d9dd979cd-q8m4t"))):
        host_node(w, node, labels=eks_labels("g5.xlarge"), info=info)
        pods.append(plugin_pod(w, node, f"nvdp-nvidia-device-plugin-{'kx7wd' if i == 0 else 'p2r9s'}", ns=ns,
                               ds="nvdp-nvidia-device-plugin"))
        running_pod(w, pod, None, node=node, container="vmd", owner=("ReplicaSet", "vmd-7d9dd979cd"),
                    image="123456789012.dkr.ecr.us-east-2.amazonaws.com/vmd:2025.09")
    plugin_ds(w, ns, pods, ds="nvdp-nvidia-device-plugin")
    w.exec(ML, "vmd-7d9dd979cd-6xcn2", "vmd", ["nvidia-smi"], t.split("\n", 1)[1] + "\n", "", exit_code=255)
    w.target("Pod", ML, "vmd-7d9dd979cd-6xcn2")


@case("fd003", pod_subj("render-worker-6b7d9f8c4-zt5qk"),
      "EKS 1.30 GPU node launched by Karpenter from AMI amazon-eks-gpu-node-1.30-v20250224 (AL2; instance type, "
      "kernel and containerd strings assumed); the NVIDIA device plugin DaemonSet runs and advertises the GPU; a GPU "
      "Deployment pod fails at container start: StartError exit 128 whose termination message is the text, and the "
      "kubelet `Failed` event carries `Error: ` + the text (event composed in the kubelet's standard form).")
def _(w, t):
    node = "ip-10-1-77-140.eu-west-1.compute.internal"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "g5.2xlarge", "karpenter.sh/nodepool": "gpu",
                               "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia"},
              info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.233-224.894.amzn2.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.30.9-eks-5d632ec",
                    "kubeProxyVersion": "v1.30.9-eks-5d632ec"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-w9k3c")
    plugin_ds(w, KS, [p])
    name = "render-worker-6b7d9f8c4-zt5qk"
    w.pod(ML, name, node=node, containers=("render",), image="123456789012.dkr.ecr.eu-west-1.amazonaws.com/render:4.2",
          ready=False, owner=("ReplicaSet", "render-worker-6b7d9f8c4"),
          statuses=crashing("render", 128, "StartError", t, restarts=5))
    w.event(ML, "Pod", name, "Failed", "Error: " + t, count=5, host=node)
    w.target("Pod", ML, name)


@case("fd004", node_subj("ip-172-20-45-35.eu-west-1.compute.internal"),
      "Self-managed cluster on EC2 (node ip-172-20-45-35.eu-west-1.compute.internal; Ubuntu/kernel/kubelet strings "
      "assumed) just moved from docker to containerd; GPU Operator 23.3.2 with driver and toolkit enabled: the "
      "driver and toolkit pods run; the operands that use runtimeClassName nvidia (dcgm-exporter, device plugin, GFD, "
      "validator) have no sandbox (Pending, containers waiting); the dcgm-exporter pod has the two "
      "FailedCreatePodSandBox events of the text (the connection-refused one once, 22m ago; the no-runtime one x93); "
      "the device plugin, GFD and validator pods carry the second event (the thread shows them truncated; "
      "assumed identical); GFD never ran and no nvidia.com/gpu is advertised.")
def _(w, t):
    refused, noruntime = t.split("\n")
    node = "ip-172-20-45-35.eu-west-1.compute.internal"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"]["node.kubernetes.io/instance-type"] = "g4dn.xlarge"
    node_info(n, osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.15.0-1040-aws",
              containerRuntimeVersion="containerd://1.6.21", kubeletVersion="v1.26.6", kubeProxyVersion="v1.26.6")
    name = "nvidia-dcgm-exporter-bpvks"
    p = w.pod(OPERATOR_NS, name, node=node, gpu=0, containers=("nvidia-dcgm-exporter",),
              init_containers=("toolkit-validation",),
              labels={"app": "nvidia-dcgm-exporter", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", "nvidia-dcgm-exporter"), runtime_class="nvidia", tolerations=TOLERATE_GPU)
    set_image(p, "nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.1.7-3.1.4-ubuntu20.04")
    no_sandbox(p)
    w.workload("DaemonSet", OPERATOR_NS, "nvidia-dcgm-exporter", template_pod=p,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                       "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    w.event(OPERATOR_NS, "Pod", name, "FailedCreatePodSandBox", refused, count=1, host=node, last=T1)
    w.event(OPERATOR_NS, "Pod", name, "FailedCreatePodSandBox", noruntime, count=93, host=node)
    for role in ("device-plugin", "gfd", "validator"):
        pod = stack_pod(w, node, role)
        no_sandbox(pod)
        drop_logs(w, OPERATOR_NS, pod["metadata"]["name"])
        w.event(OPERATOR_NS, "Pod", pod["metadata"]["name"], "FailedCreatePodSandBox", noruntime, count=93, host=node)
    w.target("Node", None, node)


# ---- driver layer ----------------------------------------------------------------------------

@case("fd005", node_subj("aks-nva10-31415926-vmss000000"),
      "AKS node of an NV-series A10 vGPU pool (VM size Standard_NV36ads_A10_v5 assumed) on node image "
      "AKSUbuntu-2204gen2containerd-202607.02.0 (node-image label; kernel/kubelet strings assumed); the NVIDIA device "
      "plugin DaemonSet pod in kube-system crash-loops (its log was not quoted) and the node advertises no "
      "nvidia.com/gpu; `nvidia-smi` on the node (run through a `kubectl debug node` pod, `chroot /host`; exit 18) "
      "prints the text; a GPU Deployment pod is Pending (scheduler message composed in the standard format).")
def _(w, t):
    node = "aks-nva10-31415926-vmss000000"
    host_node(w, node, advertised=False,
              labels={"kubernetes.azure.com/agentpool": "nva10", "kubernetes.azure.com/accelerator": "nvidia",
                      "node.kubernetes.io/instance-type": "Standard_NV36ads_A10_v5",
                      "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202607.02.0"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1092-azure",
                    "containerRuntimeVersion": "containerd://1.7.29-1", "kubeletVersion": "v1.34.2",
                    "kubeProxyVersion": "v1.34.2"})
    w.node("aks-system-28461930-vmss000000", labels={"kubernetes.azure.com/agentpool": "system"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-4wqzr", log=None, ready=False,
                   statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=14))
    plugin_ds(w, KS, [p])
    dbg = "node-debugger-aks-nva10-31415926-vmss000000-7xkcm"
    w.pod("default", dbg, node=node, gpu=0, containers=("debugger",), image="mcr.microsoft.com/cbl-mariner/busybox:2.0",
          extra_spec={"hostPID": True, "hostNetwork": True})
    w.exec("default", dbg, "debugger", ["chroot", "/host", "nvidia-smi"], t + "\n", "", exit_code=18)
    pending_pod(w, "inference-7c9d5b8f6-h2x4w", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) "
                "didn't match Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not "
                "helpful for scheduling.", owner=("ReplicaSet", "inference-7c9d5b8f6"))
    w.target("Node", None, node)


@case("fd006", node_subj("ip-10-4-164-212.us-east-2.compute.internal"),
      "EKS GPU node ip-10-4-164-212 with 4 GPUs (instance type g4dn.12xlarge assumed, 4x T4, host driver; kernel "
      "and kubelet strings assumed), Ready and still advertising capacity and allocatable nvidia.com/gpu 4; the "
      "NVIDIA device plugin DaemonSet pod runs (its log was not quoted); three of the ARC runner pods the node "
      "rejected are in the bundle (phase Failed, reason UnexpectedAdmissionError, the text as status message and "
      "as the kubelet event); no kernel log was quoted.")
def _(w, t):
    node = "ip-10-4-164-212.us-east-2.compute.internal"
    host_node(w, node, gpus=4, labels=eks_labels("g4dn.12xlarge", "linux-gpu-t4-4"),
              info={"osImage": "Amazon Linux 2023.9.20250929", "kernelVersion": "6.12.46-66.121.amzn2023.x86_64",
                    "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.1-eks-c39b1d0",
                    "kubeProxyVersion": "v1.34.1-eks-c39b1d0"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-t4q8v", log=None)
    plugin_ds(w, KS, [p])
    for sfx in ("9v2hd", "kq7wz", "x3m5p"):
        admission_failed(w, "arc-runners", f"mt-l-x86iavx512-45-172-t4-4-{sfx}-runner-{sfx[::-1]}", node, t,
                         owner=("ReplicaSet", f"mt-l-x86iavx512-45-172-t4-4-{sfx}"))
    w.target("Node", None, node)


@case("fd007", node_subj("cl3-ac-us-hgx1"),
      "Kubernetes 1.21 cluster (dockershim, CentOS 7.9; kernel/docker strings assumed) with GPU Operator: a plain "
      "A100 node whose stack is healthy, and the HGX A100 node cl3-ac-us-hgx1 (8 GPUs, NVSwitch) whose driver pod is "
      "Running with a normal driver log and whose device plugin advertises the 8 GPUs, while the nvidia-cuda-validator "
      "pod's cuda-validation init container crash-loops with the text as its previous log and the operator validator "
      "waits in cuda-validation; no Fabric Manager output is in the bundle.")
def _(w, t):
    info = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1160.66.1.el7.x86_64",
            "containerRuntimeVersion": "docker://20.10.17", "kubeletVersion": "v1.21.14",
            "kubeProxyVersion": "v1.21.14"}
    a = w.gpu_node("cl3-ac-us-a100-1", gpus=4, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                   labels={"nvidia.com/cuda.driver.major": "515"})
    node_info(a, **info)
    node = "cl3-ac-us-hgx1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-40GB", memory_mib=40960,
                   labels={"nvidia.com/cuda.driver.major": "515"})
    node_info(n, **info)
    name = "nvidia-cuda-validator-vkfv6"
    state = {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": "back-off 5m0s restarting failed container=cuda-validation"}},
             "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
             "ready": False, "restartCount": 9}
    w.pod(OPERATOR_NS, name, node=node, gpu=1, containers=("nvidia-cuda-validator",),
          init_containers=("cuda-validation",), phase="Pending", ready=False,
          labels={"app": "nvidia-cuda-validator", "app.kubernetes.io/part-of": "gpu-operator"},
          init_statuses={"cuda-validation": state}, extra_spec={"restartPolicy": "OnFailure"},
          statuses={"nvidia-cuda-validator": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                              "restartCount": 0}})
    w.log(OPERATOR_NS, name, "cuda-validation", t, previous=True)
    block(w, node, "validator", "cuda-validation")
    w.target("Node", None, node)


@case("fd008", node_subj("worker-gpu-1"),
      "OpenShift 4.8.13 GPU worker (RHCOS 48.84, CRI-O; build, kernel and kubelet strings assumed) with GPU Operator "
      "1.8.2 (default ClusterPolicy; builder namespace gpu-operator): the driver DaemonSet pod's nvidia-driver-ctr "
      "crash-loops with the text as its previous log (the installer's build progress and first error as quoted); "
      "toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; GFD never "
      "ran and no nvidia.com/gpu is advertised.")
def _(w, t):
    node = "worker-gpu-1"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"node-role.kubernetes.io/worker": "",
                                    "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                                    "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.8"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 48.84.202109241901-0 (Ootpa)",
              kernelVersion="4.18.0-305.19.1.el8_4.x86_64", containerRuntimeVersion="cri-o://1.21.3-4.rhaos4.8.git",
              kubeletVersion="v1.21.1+d8043e1", kubeProxyVersion="v1.21.1+d8043e1")
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=17)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:470.57.02-rhcos4.8")
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


@case("fd009", node_subj("talos-vgpu-worker-1"),
      "Talos VM (osImage `Talos (v1.5.2)`; Talos, kernel, containerd and kubelet strings assumed for September 2023) "
      "on a Proxmox host whose Tesla P40 is split into vGPUs, with the nonfree NVIDIA kernel module extension "
      "535.54.03 and the container toolkit extension; the NVIDIA device plugin DaemonSet (runtimeClassName nvidia) "
      "pod is Running (its log was not quoted) and the node advertises no nvidia.com/gpu; the node kernel log is "
      "the text in `talosctl dmesg` format.")
def _(w, t):
    node = "talos-vgpu-worker-1"
    host_node(w, node, advertised=False,
              info={"osImage": "Talos (v1.5.2)", "kernelVersion": "6.1.51-talos",
                    "containerRuntimeVersion": "containerd://1.6.23", "kubeletVersion": "v1.28.1",
                    "kubeProxyVersion": "v1.28.1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-5rj8n", runtime_class="nvidia", log=None)
    plugin_ds(w, KS, [p])
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fd010", pod_subj("deepfacelab-0"),
      "GPU node (Ubuntu 20.04, one RTX 4090, host driver; version strings assumed) with the NVIDIA device plugin "
      "DaemonSet; the DeepFaceLab (TensorFlow) pod crash-loops (exit code 134 assumed for the TF fatal abort) with "
      "the text as its previous log; no kernel log was quoted.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.15.0-97-generic"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-d4f2l")
    plugin_ds(w, KS, [p])
    app_pod(w, "deepfacelab-0", t, node=node, container="deepfacelab", code=134, owner=("StatefulSet", "deepfacelab"),
            image="nagadit/deepfacelab-linux:latest")
    w.target("Pod", ML, "deepfacelab-0")


# ---- application layer -----------------------------------------------------------------------

@case("fd011", pod_subj("kp-ddp-worker-0"),
      "Two 8-GPU nodes with host drivers, RDMA NICs and the NVIDIA device plugin DaemonSet (GPU model, NIC names "
      "and version strings not stated/assumed); a Kubeflow PyTorchJob `kp-ddp` (inferred from the worker host "
      "names) with worker pods kp-ddp-worker-0 and -1 (8 GPUs each, restartPolicy OnFailure); worker 0 "
      "crash-loops with the text as its previous log, worker 1 crash-loops too (its log was not quoted).")
def _(w, t):
    pods = []
    for i in (0, 1):
        node = f"gpu-rdma-{i + 1}"
        host_node(w, node, gpus=8, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-105-generic"})
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'m7x2k' if i == 0 else 'q4z8n'}"))
        app_pod(w, f"kp-ddp-worker-{i}", t if i == 0 else None, node=node, container="pytorch", gpu=8,
                restarts=3, labels={"training.kubeflow.org/job-name": "kp-ddp",
                                    "training.kubeflow.org/replica-type": "worker",
                                    "training.kubeflow.org/replica-index": str(i)},
                extra_spec={"restartPolicy": "OnFailure"})
    plugin_ds(w, KS, pods)
    w.target("Pod", ML, "kp-ddp-worker-0")


@case("fd012", pod_subj("vllm-deepseek-ep-decode-0"),
      "One of the llm-d wide-EP decode nodes: 8 GPUs (model assumed H200), host driver and the NVIDIA device plugin "
      "DaemonSet; the vLLM decode pod vllm-deepseek-ep-decode-0 (8 GPUs, memory-backed emptyDir at /dev/shm, size "
      "limit not stated) crash-loops with the text as its previous log.")
def _(w, t):
    node = "gpu-decode-0"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-85-generic"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r8w2c")
    plugin_ds(w, KS, [p])
    app_pod(w, "vllm-deepseek-ep-decode-0", t, node=node, container="vllm", gpu=8, restarts=11,
            owner=("StatefulSet", "vllm-deepseek-ep-decode"), image="ghcr.io/llm-d/llm-d:v0.3.0",
            volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory"}}],
            mounts=[{"name": "dshm", "mountPath": "/dev/shm"}])
    w.target("Pod", ML, "vllm-deepseek-ep-decode-0")


@case("fd013", pod_subj("tgi-flan-ul2-5f7c8d9b6-n4k2x"),
      "GPU node with 4 V100 16 GB and a host driver (NVIDIA device plugin DaemonSet advertising 4); a TGI Deployment "
      "pod requesting the 4 GPUs serves google/flan-ul2 without NUM_SHARD (image tag assumed for August 2023) and "
      "crash-loops with the text as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=4, labels={"nvidia.com/gpu.product": "Tesla-V100-SXM2-16GB"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-b7v4s")
    plugin_ds(w, KS, [p])
    app_pod(w, "tgi-flan-ul2-5f7c8d9b6-n4k2x", t, node=node, container="text-generation-inference", gpu=4,
            image="ghcr.io/huggingface/text-generation-inference:1.0.1", owner=("ReplicaSet", "tgi-flan-ul2-5f7c8d9b6"),
            env=[{"name": "MODEL_ID", "value": "google/flan-ul2"}])
    w.target("Pod", ML, "tgi-flan-ul2-5f7c8d9b6-n4k2x")


@case("fd014", pod_subj("triton-5b8f7c6d9-k2w7p"),
      "EKS node from the Bottlerocket aws-k8s-1.33-nvidia AMI with the R570 driver (Bottlerocket release, kernel "
      "and kubelet strings assumed for August 2025; instance type assumed): the NVIDIA device plugin runs as a "
      "Bottlerocket system service (no plugin pod) and the node advertises nvidia.com/gpu 1; a Triton Inference "
      "Server v2.60.0 pod (25.08 image, CUDA 13) crash-loops with the text as its previous log (the only line the "
      "thread quotes; exit after failing to use CUDA assumed).")
def _(w, t):
    node = "ip-10-0-58-201.us-west-2.compute.internal"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "g6.xlarge",
                               "eks.amazonaws.com/nodegroup": "gpu-bottlerocket"},
              info={"osImage": "Bottlerocket OS 1.46.0 (aws-k8s-1.33-nvidia)", "kernelVersion": "6.1.147",
                    "containerRuntimeVersion": "containerd://2.0.6+bottlerocket",
                    "kubeletVersion": "v1.33.3-eks-3abbec1", "kubeProxyVersion": "v1.33.3-eks-3abbec1"})
    app_pod(w, "triton-5b8f7c6d9-k2w7p", t, node=node, container="tritonserver",
            image="nvcr.io/nvidia/tritonserver:25.08-py3", owner=("ReplicaSet", "triton-5b8f7c6d9"))
    w.target("Pod", ML, "triton-5b8f7c6d9-k2w7p")


@case("fd015", pod_subj("llama-llama-3-2-3b-instruct-decode-656d884498-sdns9", "llm-d"),
      "Single-GPU node with one GeForce RTX 5070 and host driver 570.133.07 (both from the reporter's nvidia-smi in "
      "the sibling thread; OS/kubelet strings assumed) and the NVIDIA device plugin DaemonSet; the llm-d decode pod "
      "llama-llama-3-2-3b-instruct-decode-656d884498-sdns9 (pod name from the sibling thread; vLLM V1 engine, image "
      "tag assumed) crash-loops with the text as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, labels={"nvidia.com/gpu.product": "NVIDIA-GeForce-RTX-5070"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-s5t9p")
    plugin_ds(w, KS, [p])
    name = "llama-llama-3-2-3b-instruct-decode-656d884498-sdns9"
    app_pod(w, name, t, node=node, container="vllm", ns="llm-d",
            image="ghcr.io/llm-d/llm-d:0.0.8", owner=("ReplicaSet", "llama-llama-3-2-3b-instruct-decode-656d884498"))
    w.target("Pod", "llm-d", name)


@case("fd020", pod_subj("mt-l-x86iavx512-45-172-t4-4-csmpw-runner-g4sfw-workflow"),
      "EKS GPU node of the PyTorch CI (4x T4, instance type g4dn.12xlarge assumed; version strings assumed) with the "
      "NVIDIA device plugin DaemonSet; the ARC workflow pod mt-l-x86iavx512-45-172-t4-4-csmpw-runner-g4sfw-workflow "
      "(4 GPUs, no /dev/shm volume, restartPolicy Never) has Failed (exit 1) and its log holds the text.")
def _(w, t):
    node = "ip-10-4-171-33.us-east-2.compute.internal"
    host_node(w, node, gpus=4, labels=eks_labels("g4dn.12xlarge", "linux-gpu-t4-4"),
              info={"osImage": "Amazon Linux 2023.7.20250414", "kernelVersion": "6.1.132-147.221.amzn2023.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.3-eks-473151a",
                    "kubeProxyVersion": "v1.32.3-eks-473151a"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-c9f3x")
    plugin_ds(w, KS, [p])
    name = "mt-l-x86iavx512-45-172-t4-4-csmpw-runner-g4sfw-workflow"
    w.pod("arc-runners", name, node=node, gpu=4, containers=("job",), phase="Failed", ready=False,
          image="308535385114.dkr.ecr.us-east-1.amazonaws.com/pytorch/ci-image:pytorch-linux-jammy-cuda12.8",
          statuses=failed_once("job"), extra_spec={"restartPolicy": "Never"})
    w.log("arc-runners", name, "job", t)
    w.target("Pod", "arc-runners", name)


@case("fd021", pod_subj("triton-7f6d9c8b5-p3q8r"),
      "GKE 1.16 cluster with a Tesla T4 node pool (COS; GKE's nvidia-driver-installer DaemonSet installed driver "
      "418.67 and GKE's nvidia-gpu-device-plugin advertises the GPU; node and pod names, COS/kubelet strings "
      "assumed); the Triton 20.09 Deployment pod (--exit-on-error=true) crash-loops with the text as its previous "
      "log (one quoted line as exported by GKE logging).")
def _(w, t):
    node = "gke-triton-gpu-pool-5c1f7a2e-x9kd"
    host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                               "cloud.google.com/gke-nodepool": "gpu-pool",
                               "cloud.google.com/gke-os-distribution": "cos"},
              info={"osImage": "Container-Optimized OS from Google", "kernelVersion": "4.19.112+",
                    "containerRuntimeVersion": "docker://19.3.1", "kubeletVersion": "v1.16.15-gke.4901",
                    "kubeProxyVersion": "v1.16.15-gke.4901"})
    inst = "nvidia-driver-installer-8xq2v"
    w.pod(KS, inst, node=node, gpu=0, containers=("pause",), init_containers=("nvidia-driver-installer",),
          image="gcr.io/google-containers/pause:2.0", labels={"k8s-app": "nvidia-driver-installer"},
          owner=("DaemonSet", "nvidia-driver-installer"), tolerations=TOLERATE_GPU)
    dp = plugin_pod(w, node, "nvidia-gpu-device-plugin-kq8m2", ds="nvidia-gpu-device-plugin",
                    image="gcr.io/gke-release/nvidia-gpu-device-plugin:1.0.25-gke.56")
    plugin_ds(w, KS, [dp], ds="nvidia-gpu-device-plugin")
    app_pod(w, "triton-7f6d9c8b5-p3q8r", t, node=node, container="triton",
            image="nvcr.io/nvidia/tritonserver:20.09-py3", owner=("ReplicaSet", "triton-7f6d9c8b5"))
    w.target("Pod", ML, "triton-7f6d9c8b5-p3q8r")


@case("fd022", pod_subj("worker-vllm-6f5c9d7b8-v2n6k"),
      "GPU node with one 48 GB GPU (model assumed), host driver and the NVIDIA device plugin DaemonSet; the vLLM "
      "worker pod (Mistral-7B fine-tune, GPU_MEMORY_UTILIZATION 0.98, no MAX_MODEL_LEN) crash-loops with the text "
      "as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, labels={"nvidia.com/gpu.product": "NVIDIA-RTX-A6000"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-a6k2m")
    plugin_ds(w, KS, [p])
    app_pod(w, "worker-vllm-6f5c9d7b8-v2n6k", t, node=node, container="worker-vllm",
            image="runpod/worker-vllm:0.2.2", owner=("ReplicaSet", "worker-vllm-6f5c9d7b8"),
            env=[{"name": "GPU_MEMORY_UTILIZATION", "value": "0.98"}])
    w.target("Pod", ML, "worker-vllm-6f5c9d7b8-v2n6k")


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("fd016", pod_subj("tf-gpu-check-0"),
      "GPU node with one GPU, host driver and the NVIDIA device plugin DaemonSet; a tensorflow/tensorflow:2.6.0-gpu "
      "pod is Running and Ready, its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-f8n3q")
    plugin_ds(w, KS, [p])
    running_pod(w, "tf-gpu-check-0", t, node=node, container="tensorflow", image="tensorflow/tensorflow:2.6.0-gpu",
                owner=("StatefulSet", "tf-gpu-check"))
    w.target("Pod", ML, "tf-gpu-check-0")


@case("fd017", node_subj("gpu-kind-worker"),
      "kind cluster on a host with one GPU and driver 525.147.05 (kind node container with the NVIDIA runtime; "
      "versions assumed); the NVIDIA device plugin DaemonSet pod runs and the node advertises nvidia.com/gpu 1; the "
      "node kernel log (the host's dmesg) is the text.")
def _(w, t):
    node = "gpu-kind-worker"
    host_node(w, node, info={"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.5.0-14-generic",
                             "containerRuntimeVersion": "containerd://1.7.13", "kubeletVersion": "v1.29.2",
                             "kubeProxyVersion": "v1.29.2"})
    w.node("gpu-kind-control-plane", labels={"node-role.kubernetes.io/control-plane": ""})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-j2h7d", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.3")
    plugin_ds(w, KS, [p])
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fd018", pod_subj("keras-mnist-multigpu-0"),
      "GPU node with 2 GPUs, host driver and the NVIDIA device plugin DaemonSet; a Keras/TensorFlow multi-GPU "
      "training pod with NCCL_DEBUG=INFO (NCCL 2.3.7 built from source, no external network plugin) is Running and "
      "Ready; its current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=2)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-z6c1r")
    plugin_ds(w, KS, [p])
    running_pod(w, "keras-mnist-multigpu-0", t, node=node, container="trainer", gpu=2,
                image="tensorflow/tensorflow:1.12.0-gpu-py3", owner=("StatefulSet", "keras-mnist-multigpu"),
                env=[{"name": "NCCL_DEBUG", "value": "INFO"}])
    w.target("Pod", ML, "keras-mnist-multigpu-0")


@case("fd019", pod_subj("sd-notebook-0"),
      "GPU node with one GPU, host driver and the NVIDIA device plugin DaemonSet (driver libraries exposed under "
      "/usr/lib64-nvidia as in the thread's runtime); the Stable Diffusion notebook pod is Running and Ready, its "
      "current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-u3w8e")
    plugin_ds(w, KS, [p])
    running_pod(w, "sd-notebook-0", t, node=node, container="notebook", image="thelastben/fast-stable-diffusion:latest",
                owner=("StatefulSet", "sd-notebook"), env=[{"name": "LD_LIBRARY_PATH", "value": "/usr/lib64-nvidia"}])
    w.target("Pod", ML, "sd-notebook-0")


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "D")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
