"""First-contact batch B (fixtures/first-contact/batch-b/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for: runtime layer (toolkit, hooks,
containerd config), driver layer (driver containers, Fabric Manager, Xid/GSP kernel lines, NVML
mismatches) and application layer (CUDA/NCCL/OOM in framework words), plus healthy look-alikes.
Each builder places the case's text verbatim where a collector would have found it and builds the
cluster state the thread describes (pods, container states, events, node labels, kernel log,
nvidia-smi exec output). The expected answer was reasoned from the thread (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b      # (re)writes fixtures/first-contact/batch-b/scenarios/
"""

from __future__ import annotations

import re
import shutil
from functools import lru_cache

from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, OPERATOR_NS, read_cases, REPO, Scenario, source_slug, T0, T1, World, write_batch, write_scenario)
from tests.classify.scenarios_real import (ML, crashing, expect, init_stuck, node_subj, pending_pod, pod_subj,
                                           stack_crash)

BATCH = REPO / "fixtures" / "first-contact" / "batch-b"
SCENARIOS_DIR = BATCH / "scenarios"
KS = "kube-system"
PLUGIN_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"

# labels the GPU Operator (deploy.*) and GPU Feature Discovery put on a node; a host-driver node
# without GFD has none of them, and a node whose GFD never ran has no GFD ones
GFD_LABELS = ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major")
OPERATOR_LABELS = ("nvidia.com/gpu.present", "feature.node.kubernetes.io/pci-10de.present")


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


# ---- world helpers -------------------------------------------------------------------------

def strip_gfd(node: dict, deploy: bool = False) -> None:
    """Drop the labels GFD would have written; with `deploy`, also the operator's and NFD's."""
    labels = node["metadata"]["labels"]
    for k in list(labels):
        if k in GFD_LABELS or (deploy and (k in OPERATOR_LABELS or k.startswith("nvidia.com/gpu.deploy."))):
            labels.pop(k)


def node_info(node: dict, **kw) -> None:
    node["status"]["nodeInfo"].update(kw)


def no_gpu_resource(node: dict) -> None:
    node["status"]["capacity"].pop("nvidia.com/gpu", None)
    node["status"]["allocatable"].pop("nvidia.com/gpu", None)


def host_node(w: World, name: str, gpus: int = 1, *, allocatable="same", advertised: bool = True,
              labels: dict | None = None, info: dict | None = None) -> dict:
    """A GPU node with a host-installed driver and toolkit (no GPU Operator, no GFD)."""
    n = w.gpu_node(name, gpus=gpus, operator=False, allocatable=allocatable)
    strip_gfd(n, deploy=True)
    n["metadata"]["labels"].update(labels or {})
    if not advertised:
        no_gpu_resource(n)
    if info:
        node_info(n, **info)
    return n


def set_image(pod: dict, container: str, image: str) -> None:
    for c in pod["spec"]["containers"] + pod["spec"].get("initContainers", []):
        if c["name"] == container:
            c["image"] = image
    for s in pod["status"].get("containerStatuses", []) + pod["status"].get("initContainerStatuses", []):
        if s["name"] == container:
            s["image"] = image


def plugin_pod(w: World, node: str, name: str, *, ns: str = KS, ds: str = "nvidia-device-plugin-daemonset",
               log: str | None = HEALTHY_PLUGIN_LOG, statuses: dict | None = None, runtime_class: str | None = None,
               ready: bool = True, image: str = PLUGIN_IMAGE, extra_spec: dict | None = None,
               volumes=None, mounts=None) -> dict:
    """The NVIDIA device plugin as a plain DaemonSet (static manifest or Helm chart), not the operator's."""
    p = w.pod(ns, name, node=node, gpu=0, containers=("nvidia-device-plugin-ctr",), ready=ready, statuses=statuses,
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", "name": "nvidia-device-plugin-ds"},
              owner=("DaemonSet", ds), runtime_class=runtime_class, extra_spec=extra_spec, volumes=volumes,
              mounts=mounts, tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    set_image(p, "nvidia-device-plugin-ctr", image)
    if log is not None:
        w.log(ns, name, "nvidia-device-plugin-ctr", log)
    return p


def plugin_ds(w: World, ns: str, pods: list[dict], ds: str = "nvidia-device-plugin-daemonset") -> None:
    ready = sum(1 for p in pods if all(c.get("ready") for c in p["status"]["containerStatuses"]))
    status = {"desiredNumberScheduled": len(pods), "currentNumberScheduled": len(pods), "numberReady": ready,
              "numberAvailable": ready, "updatedNumberScheduled": len(pods), "numberMisscheduled": 0,
              "observedGeneration": 1}
    if ready < len(pods):
        status["numberUnavailable"] = len(pods) - ready
    wl = w.workload("DaemonSet", ns, ds, template_pod=pods[0], status=status)
    wl["spec"]["selector"] = {"matchLabels": {"name": "nvidia-device-plugin-ds"}}
    wl["spec"]["template"]["metadata"]["labels"] = {"name": "nvidia-device-plugin-ds"}


def stack_pod(w: World, node: str, role: str) -> dict:
    return w.get_pod(OPERATOR_NS, w.stack(node, role))


def drop_logs(w: World, ns: str, pod: str, keep: tuple[str, ...] = ()) -> None:
    for key in [k for k in w.logs if k[0] == ns and k[1] == pod and k[2] not in keep]:
        w.logs.pop(key)


def block(w: World, node: str, role: str, init: str) -> None:
    """A GPU-stack pod waits in its init container `init` (still running) and has logged nothing else."""
    name = init_stuck(w, node, role, init, None)
    drop_logs(w, OPERATOR_NS, name)


def init_crashloop(w: World, node: str, role: str, init: str, log: str | None, restarts: int = 6) -> str:
    state = {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": f"back-off 5m0s restarting failed container={init}"}},
             "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
             "ready": False, "restartCount": restarts}
    name = init_stuck(w, node, role, init, None, state=state, restarts=restarts)
    drop_logs(w, OPERATOR_NS, name)
    if log is not None:
        w.log(OPERATOR_NS, name, init, log, previous=True)
    return name


def remove_stack_pod(w: World, node: str, role: str) -> None:
    name = w.stack(node, role)
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != name]
    drop_logs(w, OPERATOR_NS, name)


def app_pod(w: World, name: str, log: str | None, *, ns: str = ML, node: str = "gpu-node-1",
            container: str = "main", gpu: int = 1, image: str = "nvcr.io/nvidia/pytorch:24.05-py3",
            code: int = 1, restarts: int = 4, previous: bool = True, owner=None, **kw) -> dict:
    """A GPU workload pod whose container crash-loops; `log` is its previous (or current) log."""
    p = w.pod(ns, name, node=node, gpu=gpu, containers=(container,), image=image, ready=False,
              statuses=crashing(container, code, restarts=restarts), owner=owner, **kw)
    if log is not None:
        w.log(ns, name, container, log, previous=previous)
    return p


def running_pod(w: World, name: str, log: str | None, *, ns: str = ML, node: str = "gpu-node-1",
                container: str = "main", gpu: int = 1, image: str = "nvcr.io/nvidia/pytorch:24.05-py3",
                owner=None, **kw) -> dict:
    p = w.pod(ns, name, node=node, gpu=gpu, containers=(container,), image=image, owner=owner, **kw)
    if log is not None:
        w.log(ns, name, container, log)
    return p


def driver_log(version: str | None, middle: str) -> str:
    head = (f"DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-{version}\n" if version else "")
    return (head + "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n"
            "+ modprobe nvidia-modeset\n" + middle.rstrip("\n") + "\nDone, now waiting for signal\n")


def split_blank(t: str) -> tuple[str, str]:
    """The two blocks of a case text posted as `<command output>\\n\\n<kernel log>`."""
    a, b = t.split("\n\n", 1)
    return a + "\n", b + "\n"


# ---- runtime layer -------------------------------------------------------------------------

@case("fb001", node_subj("talos-gpu-1"),
      "Talos 1.3.0 node (osImage `Talos (v1.3.0)`; kernel/containerd/kubelet version strings assumed for that "
      "release) with the driver and toolkit as system extensions; the device plugin DaemonSet pod in kube-system "
      "(runtimeClassName nvidia) crash-loops with StartError exit 128 whose termination message is the text "
      "(without the leading `Error: `) and the kubelet's `Failed` event carries the text; no nvidia.com/gpu.")
def _(w, t):
    host_node(w, "talos-gpu-1", advertised=False,
              info={"osImage": "Talos (v1.3.0)", "kernelVersion": "5.15.83-talos",
                    "containerRuntimeVersion": "containerd://1.6.12", "kubeletVersion": "v1.26.0",
                    "kubeProxyVersion": "v1.26.0"})
    name = "nvidia-device-plugin-daemonset-8xk2p"
    p = plugin_pod(w, "talos-gpu-1", name, log=None, runtime_class="nvidia", ready=False,
                   statuses=crashing("nvidia-device-plugin-ctr", 128, "StartError", t.removeprefix("Error: "),
                                     restarts=9), image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [p])
    w.event(KS, "Pod", name, "Failed", t, count=9, host="talos-gpu-1")
    w.target("Node", None, "talos-gpu-1")


@case("fb002", node_subj("ip-192-168-41-7.us-west-2.compute.internal"),
      "EKS 1.33 GPU node (AL2023 EKS AMI, containerd 2.1.5 as in the thread; kubelet version assumed) with the GPU "
      "Operator; the toolkit DaemonSet pod runs image container-toolkit:v1.14.6-centos7 (the override from the "
      "thread) and crash-loops with the text as its previous log; device plugin, GFD and validator wait in "
      "toolkit-validation; GFD never ran (no GFD labels) and no nvidia.com/gpu is advertised.")
def _(w, t):
    node = "ip-192-168-41-7.us-west-2.compute.internal"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"]["node.kubernetes.io/instance-type"] = "g5.xlarge"
    node_info(n, osImage="Amazon Linux 2023", kernelVersion="6.12.37-61.105.amzn2023.x86_64",
              containerRuntimeVersion="containerd://2.1.5", kubeletVersion="v1.33.5-eks-113cf36",
              kubeProxyVersion="v1.33.5-eks-113cf36")
    name = stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", t, restarts=11)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.14.6-centos7")
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


@case("fb003", pod_subj("cuda-vectoradd", "gpu"),
      "K3s v1.24.3+k3s1 on RHEL 8.4 (kernel 4.18.0-305.el8) with a Tesla P100 and GPU Operator v22.9.0 (driver "
      "515.65.01); the operator's stack is healthy (its pods use runtimeClassName nvidia); the user's "
      "cuda-vectoradd pod in namespace gpu has no runtimeClassName, requests nvidia.com/gpu 1 and crash-loops "
      "with the text as its previous log.")
def _(w, t):
    node = "k3s-gpu-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-P100-PCIE-16GB", memory_mib=16384,
                   labels={"nvidia.com/cuda.driver.major": "515", "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, osImage="Red Hat Enterprise Linux 8.4 (Ootpa)", kernelVersion="4.18.0-305.el8.x86_64",
              containerRuntimeVersion="containerd://1.6.6-k3s1", kubeletVersion="v1.24.3+k3s1",
              kubeProxyVersion="v1.24.3+k3s1")
    drv = w.stack(node, "driver")
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr", driver_log("515.65.01", ""))
    app_pod(w, "cuda-vectoradd", t, ns="gpu", node=node, container="cuda-vectoradd",
            image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1-ubi8", restarts=5)
    w.target("Pod", "gpu", "cuda-vectoradd")


@case("fb004", pod_subj("llm-inference-6d5f8b7c9-x7k2p"),
      "EKS 1.34 with two GPU nodes (g5.xlarge, g6.xlarge) from AL2023 NVIDIA AMI v20260818 (host driver, toolkit "
      "1.20.0; version strings assumed); the device plugin DaemonSet mounts a ConfigMap read-only at /etc/nvidia "
      "(--config-file=/etc/nvidia/config); on both nodes its pod crash-loops with StartError exit 128 whose "
      "termination message and kubelet `Failed` event carry the text; the nodes keep capacity 1 but allocatable "
      "nvidia.com/gpu 0; a GPU Deployment pod is Pending (scheduler message composed in the standard format).")
def _(w, t):
    pods = []
    for node, itype in (("ip-10-0-11-21.us-east-2.compute.internal", "g5.xlarge"),
                        ("ip-10-0-12-37.us-east-2.compute.internal", "g6.xlarge")):
        host_node(w, node, allocatable=0, labels={"node.kubernetes.io/instance-type": itype,
                                                   "eks.amazonaws.com/nodegroup": "gpu"},
                  info={"osImage": "Amazon Linux 2023", "kernelVersion": "6.12.40-63.114.amzn2023.x86_64",
                        "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.1-eks-ae9a62a",
                        "kubeProxyVersion": "v1.34.1-eks-ae9a62a"})
        name = f"nvidia-device-plugin-daemonset-{itype[:2]}q7z"
        p = plugin_pod(w, node, name, log=None, ready=False,
                       statuses=crashing("nvidia-device-plugin-ctr", 128, "StartError", t, restarts=7),
                       volumes=[{"name": "config", "configMap": {"name": "nvidia-device-plugin-config"}}],
                       mounts=[{"name": "config", "mountPath": "/etc/nvidia", "readOnly": True}])
        p["spec"]["containers"][0]["args"] = ["--config-file=/etc/nvidia/config"]
        pods.append(p)
        w.event(KS, "Pod", name, "Failed", t, count=7, host=node)
    plugin_ds(w, KS, pods)
    pending_pod(w, "llm-inference-6d5f8b7c9-x7k2p",
                "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
                "2 No preemption victims found for incoming pod.", owner=("ReplicaSet", "llm-inference-6d5f8b7c9"))
    w.target("Pod", ML, "llm-inference-6d5f8b7c9-x7k2p")


@case("fb005", node_subj("microk8s-h100"),
      "MicroK8s node with one H100 and a host-installed R550 driver (the addon's operator runs without a driver "
      "DaemonSet); nvidia-operator-validator is in Init:CrashLoopBackOff at driver-validation, whose previous log "
      "is the text (the CRI log-file line as the thread quotes it); toolkit waits in driver-validation, device "
      "plugin and GFD in toolkit-validation; no nvidia.com/gpu. MicroK8s/kubelet/containerd versions assumed.")
def _(w, t):
    node = "microk8s-h100"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"microk8s.io/cluster": "true", "nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-112-generic",
              containerRuntimeVersion="containerd://1.6.28", kubeletVersion="v1.29.4", kubeProxyVersion="v1.29.4")
    remove_stack_pod(w, node, "driver")
    init_crashloop(w, node, "validator", "driver-validation", t)
    block(w, node, "toolkit", "driver-validation")
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- driver layer --------------------------------------------------------------------------

@case("fb006", pod_subj("inference-api-7f9c6-q2w8r"),
      "AKS node of Standard_NV36ads_A10_v5 (AKS-managed GRID driver on the host, NVIDIA device plugin DaemonSet "
      "in kube-system advertising the one A10); the GPU pod's container fails at creation: StartError exit 128 "
      "with the text as termination message, and the kubelet's `Failed` event carries the text.")
def _(w, t):
    node = "aks-a10pool-38472915-vmss000002"
    host_node(w, node, labels={"kubernetes.azure.com/agentpool": "a10pool",
                               "kubernetes.azure.com/accelerator": "nvidia",
                               "node.kubernetes.io/instance-type": "Standard_NV36ads_A10_v5"},
              info={"kernelVersion": "5.15.0-1091-azure", "kubeletVersion": "v1.33.3", "kubeProxyVersion": "v1.33.3",
                    "containerRuntimeVersion": "containerd://1.7.27-1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-5mq8d")
    plugin_ds(w, KS, [p])
    name = "inference-api-7f9c6-q2w8r"
    w.pod(ML, name, node=node, containers=("api",), ready=False, owner=("ReplicaSet", "inference-api-7f9c6"),
          statuses=crashing("api", 128, "StartError", t, restarts=6))
    w.event(ML, "Pod", name, "Failed", t, count=6, host=node)
    w.target("Pod", ML, name)


@case("fb007", node_subj("hgx-h200-01"),
      "Ubuntu 22.04 H200 HGX node (8 GPUs) with the GPU Operator driver container 580.126.09: the driver pod is "
      "Running and its log holds the text after the module loads (framing lines in the builder's usual style); "
      "the operator validator's cuda-validation init container crash-loops (its log was not quoted); the device "
      "plugin advertises 8 GPUs.")
def _(w, t):
    node = "hgx-h200-01"
    w.gpu_node(node, gpus=8, product="NVIDIA-H200", memory_mib=143771,
               labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    w.log(OPERATOR_NS, w.stack(node, "driver"), "nvidia-driver-ctr", driver_log("580.126.09", t))
    init_crashloop(w, node, "validator", "cuda-validation", None)
    w.target("Node", None, node)


@case("fb008", node_subj("hgx-b200-01"),
      "Ubuntu 22.04 (kernel 5.15.0-151-generic) NVLink5 HGX node with 8 B200-class GPUs and the GPU Operator's "
      "precompiled driver; the driver pod is Running and its log holds the text after the module loads, followed "
      "by `Done, now waiting for signal` (the thread's excerpt ends at `Done, no`); as a consequence of the fabric "
      "never being initialised the validator's cuda-validation crash-loops (not quoted). The thread's pod name "
      "nvidia-driver-daemonset-5.15.0-151-generic-ubuntu22.04-dcl4t is kept by the builder's naming.")
def _(w, t):
    node = "hgx-b200-01"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-B200", memory_mib=183359)
    n["metadata"]["labels"].pop("nvidia.com/cuda.driver.major")
    n["metadata"]["labels"]["nvidia.com/precompiled"] = "true"
    node_info(n, kernelVersion="5.15.0-151-generic")
    w.log(OPERATOR_NS, w.stack(node, "driver"), "nvidia-driver-ctr", driver_log(None, t))
    init_crashloop(w, node, "validator", "cuda-validation", None)
    w.target("Node", None, node)


@case("fb009", node_subj("gke-gpu-cluster-gpu-pool-7f3c2a1b-k8vq"),
      "GKE node with Container-Optimized OS 121 (kernel string assumed) and GPU Operator v25.3.2 with the driver "
      "enabled: the driver pod is Pending, k8s-driver-manager completed, nvidia-driver-ctr waits in "
      "ImagePullBackOff for nvcr.io/nvidia/driver:570.148.08-cos121 and the kubelet's `Failed` event (x5) carries "
      "the text; toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; "
      "no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "gke-gpu-cluster-gpu-pool-7f3c2a1b-k8vq"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"cloud.google.com/gke-os-distribution": "cos",
                                    "cloud.google.com/gke-nodepool": "gpu-pool"})
    node_info(n, osImage="Container-Optimized OS from Google", kernelVersion="6.6.93+",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.3-gke.1136000",
              kubeProxyVersion="v1.33.3-gke.1136000")
    drv = stack_pod(w, node, "driver")
    image = "nvcr.io/nvidia/driver:570.148.08-cos121"
    set_image(drv, "nvidia-driver-ctr", image)
    drv["status"]["phase"] = "Pending"
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                        "message": f'Back-off pulling image "{image}"'}},
                  "ready": False, "started": False})
    drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "Failed", t, count=5, host=node)
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


@case("fb010", node_subj("node1"),
      "kubespray-built Akash provider node with 8 GPUs, host driver 535.161.07 and the NVIDIA device plugin (Helm "
      "release nvdp, namespace nvidia-device-plugin); `nvidia-smi` run in the plugin pod prints the first line of "
      "the text (exit 255); the node's kernel log holds the NVRM lines (dmesg -T); six lease pods of a provider "
      "Deployment sit in ContainerCreating on the node (their messages were not quoted).")
def _(w, t):
    smi, kmsg = split_blank(t)
    node = "node1"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-101-generic"})
    name = "nvdp-nvidia-device-plugin-6k2ld"
    p = plugin_pod(w, node, name, ns="nvidia-device-plugin", ds="nvdp-nvidia-device-plugin", runtime_class="nvidia")
    plugin_ds(w, "nvidia-device-plugin", [p], ds="nvdp-nvidia-device-plugin")
    w.exec("nvidia-device-plugin", name, "nvidia-device-plugin-ctr", ["nvidia-smi"], "", smi, exit_code=255)
    w.dmesg(node, kmsg)
    for i in range(6):
        w.pod("lease-7h3k9q", f"web-5d8f9c7b6-{i}x{i}zq", node=node, containers=("web",), phase="Pending",
              owner=("ReplicaSet", "web-5d8f9c7b6"),
              statuses={"web": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.target("Node", None, node)


@case("fb011", node_subj("gpu-node-1"),
      "Kubernetes GPU node with a host driver of the 525 branch (GSP firmware on) and the NVIDIA device plugin "
      "DaemonSet; the node's kernel log holds the Xid 119 lines (dmesg -T); a python training pod runs on the "
      "GPU; `nvidia-smi` in the plugin pod did not return (the collector's exec timed out).")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"kernelVersion": "5.15.0-60-generic", "osImage": "Ubuntu 22.04.1 LTS"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r4t9w")
    plugin_ds(w, KS, [p])
    running_pod(w, "train-0", None, node=node, container="python", owner=("Job", "train"))
    w.exec(KS, "nvidia-device-plugin-daemonset-r4t9w", "nvidia-device-plugin-ctr", ["nvidia-smi"], "", "",
           exit_code=None, error="timed out after 30s")
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fb012", node_subj("talos-gpu-1"),
      "Talos 1.11.5 node (osImage `Talos (v1.11.5)`; kernel/containerd version strings assumed) with two RTX 5060 "
      "Ti and the NVIDIA open kernel modules 570.172.08; the device plugin DaemonSet advertises one GPU; the "
      "node's kernel log holds the NVRM lines and `nvidia-smi` in the plugin pod prints the table of the text "
      "(only 00000000:02:00.0).")
def _(w, t):
    kmsg, smi = split_blank(t)
    node = "talos-gpu-1"
    host_node(w, node, gpus=1, info={"osImage": "Talos (v1.11.5)", "kernelVersion": "6.12.57-talos",
                                     "containerRuntimeVersion": "containerd://2.1.5",
                                     "kubeletVersion": "v1.34.1", "kubeProxyVersion": "v1.34.1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-7dwq4", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    w.exec(KS, "nvidia-device-plugin-7dwq4", "nvidia-device-plugin-ctr", ["nvidia-smi"], smi, "", exit_code=0)
    w.dmesg(node, kmsg)
    w.target("Node", None, node)


@case("fb013", pod_subj("gpu-job-7q2xk"),
      "EKS 1.36 g7-family node from the AL2023 NVIDIA AMI v20260709 (driver 580.159.03), provisioned by Karpenter "
      "(version strings assumed); the device plugin DaemonSet pod runs (its log was not quoted) and the node "
      "advertises no nvidia.com/gpu; `nvidia-smi` in the plugin pod prints the text (exit 6); a GPU Job pod is "
      "Pending (scheduler message composed in the standard format).")
def _(w, t):
    node = "ip-10-0-3-57.ec2.internal"
    host_node(w, node, advertised=False,
              labels={"karpenter.k8s.aws/instance-family": "g7", "karpenter.sh/nodepool": "gpu",
                      "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia"},
              info={"osImage": "Amazon Linux 2023", "kernelVersion": "6.12.46-66.121.amzn2023.x86_64",
                    "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.36.0-eks-5b2c1f0",
                    "kubeProxyVersion": "v1.36.0-eks-5b2c1f0"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-g7x2m", log=None)
    plugin_ds(w, KS, [p])
    w.exec(KS, "nvidia-device-plugin-daemonset-g7x2m", "nvidia-device-plugin-ctr", ["nvidia-smi"], t + "\n", "",
           exit_code=6)
    pending_pod(w, "gpu-job-7q2xk", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 "
                "nodes are available: 1 No preemption victims found for incoming pod.", owner=("Job", "gpu-job"))
    w.target("Pod", ML, "gpu-job-7q2xk")


@case("fb014", pod_subj("pt-train-0"),
      "GPU Operator node with 8 V100s (the thread's HPC cluster; model assumed); a PyTorch training pod "
      "crash-loops with the text as its previous log; no kernel log lines were quoted.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=8, product="Tesla-V100-SXM2-32GB", memory_mib=32768)
    app_pod(w, "pt-train-0", t, container="pytorch", owner=("Job", "pt-train"))
    w.target("Pod", ML, "pt-train-0")


@case("fb015", pod_subj("torchrun-0"),
      "8-GPU node with a host driver (CUDA 12.2 driver) and the NVIDIA device plugin DaemonSet (GPU model not "
      "stated; an NVSwitch system is implied by error 802); a torchrun training pod using all 8 GPUs crash-loops "
      "with the text as its previous log.")
def _(w, t):
    node = "vm-0-14-tencentos"
    host_node(w, node, gpus=8)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-p2v8n")
    plugin_ds(w, KS, [p])
    app_pod(w, "torchrun-0", t, node=node, container="trainer", gpu=8, owner=("Job", "torchrun"))
    w.target("Pod", ML, "torchrun-0")


@case("fb016", pod_subj("nccl-allreduce-0"),
      "Single H800 node `node2` with 8 GPUs, host driver 550.54.15 and Fabric Manager of the same version, NVIDIA "
      "device plugin DaemonSet; an nccl-tests pod (all_reduce_perf -g 8) fails with the text as its previous log.")
def _(w, t):
    node = "node2"
    host_node(w, node, gpus=8)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-n2k4c")
    plugin_ds(w, KS, [p])
    app_pod(w, "nccl-allreduce-0", t, node=node, container="nccl-tests", gpu=8, owner=("Job", "nccl-allreduce"),
            image="nvcr.io/nvidia/pytorch:24.06-py3")
    w.target("Pod", ML, "nccl-allreduce-0")


@case("fb017", node_subj("worker-gpu-0"),
      "OpenShift 4.16.10 worker (CRI-O; RHCOS build, kernel and kubelet strings assumed) with GPU Operator 24.6.1 "
      "(builder namespace gpu-operator, not nvidia-gpu-operator): the node carries the text's labels (NFD still "
      "reports OSTREE_VERSION 416.94.202407030122-0); the driver DaemonSet for that OSTREE version "
      "(pod nvidia-driver-daemonset-416.94.202407030122-0-cfh5w, as in the thread) crash-loops (its log was an "
      "attachment, not quoted); the other operands wait for the driver; no nvidia.com/gpu.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    labels = dict(kv.split("=", 1) for kv in t.strip().split(","))
    n["metadata"]["labels"].update(labels)
    n["metadata"]["labels"]["node-role.kubernetes.io/worker"] = ""
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 416.94.202409040013-0",
              kernelVersion="5.14.0-427.35.1.el9_4.x86_64", containerRuntimeVersion="cri-o://1.29.8-3.rhaos4.16.git",
              kubeletVersion="v1.29.8+f10c92d", kubeProxyVersion="v1.29.8+f10c92d")
    old = w.stack(node, "driver")
    ds = "nvidia-driver-daemonset-416.94.202407030122-0"
    new = ds + "-cfh5w"
    drv = w.get_pod(OPERATOR_NS, old)
    drv["metadata"]["name"] = new
    drv["metadata"]["ownerReferences"][0]["name"] = ds
    drv["metadata"]["labels"]["app"] = ds
    drv["spec"]["nodeSelector"] = {"feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "416.94.202407030122-0",
                                   "nvidia.com/gpu.deploy.driver": "true"}
    w._stack[(node, "driver")] = new
    drop_logs(w, OPERATOR_NS, old)
    stack_crash(w, node, "driver", "nvidia-driver-ctr", None, restarts=23)
    w.workload("DaemonSet", OPERATOR_NS, ds, template_pod=drv,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                       "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


# ---- application layer ---------------------------------------------------------------------

@case("fb018", pod_subj("triton-trtllm-0"),
      "GPU Operator node with 2 GPUs (model not stated); a Triton pod (TensorRT-LLM backend, world_size 2) "
      "crash-loops with the text as its previous log.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=2)
    app_pod(w, "triton-trtllm-0", t, container="triton", gpu=2, owner=("StatefulSet", "triton-trtllm"),
            image="nvcr.io/nvidia/tritonserver:23.12-trtllm-python-py3")
    w.target("Pod", ML, "triton-trtllm-0")


@case("fb019", pod_subj("afprofile-0"),
      "GPU Operator node with one RTX 3080 Ti (12 GB); the JAX workload pod crash-loops with the text as its "
      "previous log.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-GeForce-RTX-3080-Ti", memory_mib=12288)
    app_pod(w, "afprofile-0", t, container="afprofile", owner=("Job", "afprofile"),
            image="ghcr.io/patrickbryant1/afprofile:latest")
    w.target("Pod", ML, "afprofile-0")


@case("fb020", pod_subj("ddp-worker-0"),
      "Two GPU Operator nodes, one PyTorch DDP worker pod on each (sockets between them); worker 0 crash-loops "
      "with the text as its previous log; worker 1 crash-loops too (its log was not quoted).")
def _(w, t):
    for i in (1, 2):
        w.gpu_node(f"gpu-node-{i}", gpus=1)
    app_pod(w, "ddp-worker-0", t, node="gpu-node-1", container="pytorch", owner=("StatefulSet", "ddp-worker"))
    app_pod(w, "ddp-worker-1", None, node="gpu-node-2", container="pytorch", owner=("StatefulSet", "ddp-worker"))
    w.target("Pod", ML, "ddp-worker-0")


@case("fb021", pod_subj("yuan-finetune-0"),
      "GPU node with a host driver of the 450 branch (CUDA 11.0) and the NVIDIA device plugin DaemonSet; the "
      "fine-tuning pod (CUDA 12.1 image) crash-loops with the text as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=4)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-y5h7b")
    plugin_ds(w, KS, [p])
    app_pod(w, "yuan-finetune-0", t, node=node, container="trainer", gpu=4, owner=("Job", "yuan-finetune"),
            image="yuanmodel/yuan2.0:V1-base")
    w.target("Pod", ML, "yuan-finetune-0")


@case("fb022", pod_subj("vllm-0"),
      "GPU node with one 8 GB GPU (model not stated), host driver and the NVIDIA device plugin DaemonSet; the vLLM "
      "pod (V1 engine) crash-loops with the text as its previous log.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-v8c3s")
    plugin_ds(w, KS, [p])
    app_pod(w, "vllm-0", t, node=node, container="vllm", owner=("StatefulSet", "vllm"),
            image="vllm/vllm-openai:v0.7.3")
    w.target("Pod", ML, "vllm-0")


# ---- healthy look-alikes -------------------------------------------------------------------

@case("fb023", pod_subj("vllm-opt-0"),
      "GPU Operator node with one GPU; the vLLM server pod (tensor_parallel_size 1) is Running and Ready, its "
      "current log holds the text.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1)
    running_pod(w, "vllm-opt-0", t, container="vllm", image="vllm/vllm-openai:v0.3.0",
                owner=("StatefulSet", "vllm-opt"))
    w.target("Pod", ML, "vllm-opt-0")


@case("fb024", pod_subj("nccl-tests-allreduce-x7k2p"),
      "Host-driver node `h0913n-ubuntu` with 8 GeForce GPUs and the NVIDIA device plugin DaemonSet; the nccl-tests "
      "Job pod (all_reduce_perf -g 8) completed (Succeeded, exit 0) and its log holds the text.")
def _(w, t):
    node = "h0913n-ubuntu"
    host_node(w, node, gpus=8)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-h9m2t")
    plugin_ds(w, KS, [p])
    running_pod(w, "nccl-tests-allreduce-x7k2p", t, node=node, container="nccl-tests", gpu=8, phase="Succeeded",
                owner=("Job", "nccl-tests-allreduce"), extra_spec={"restartPolicy": "Never"})
    w.target("Pod", ML, "nccl-tests-allreduce-x7k2p")


@case("fb025", node_subj("gpu-node-1"),
      "GPU Operator node with one GPU; the operator's dcgm-exporter DaemonSet pod runs without SYS_ADMIN, is "
      "Running and Ready, and its log holds the text.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1)
    name = "nvidia-dcgm-exporter-6tq9z"
    p = w.pod(OPERATOR_NS, name, node="gpu-node-1", gpu=0, containers=("nvidia-dcgm-exporter",),
              labels={"app": "nvidia-dcgm-exporter", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", "nvidia-dcgm-exporter"), runtime_class="nvidia",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    set_image(p, "nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.9-3.6.1-ubuntu22.04")
    w.workload("DaemonSet", OPERATOR_NS, "nvidia-dcgm-exporter", template_pod=p,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    w.log(OPERATOR_NS, name, "nvidia-dcgm-exporter", t)
    w.target("Node", None, "gpu-node-1")


@case("fb026", pod_subj("pytorch-dist-worker-0"),
      "EKS GPU node (EKS GPU AMI, host driver) with 8 GPUs and the NVIDIA device plugin DaemonSet; a distributed "
      "PyTorch training pod (AWS DLC image) is Running and Ready, its current log holds the text.")
def _(w, t):
    node = "ip-10-0-21-184.us-west-2.compute.internal"
    host_node(w, node, gpus=8, labels={"node.kubernetes.io/instance-type": "p4d.24xlarge",
                                       "eks.amazonaws.com/nodegroup": "gpu"},
              info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.205-195.807.amzn2.x86_64",
                    "kubeletVersion": "v1.28.5-eks-5e0fdde", "kubeProxyVersion": "v1.28.5-eks-5e0fdde"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-e4k8p")
    plugin_ds(w, KS, [p])
    running_pod(w, "pytorch-dist-worker-0", t, node=node, container="pytorch", gpu=8,
                owner=("StatefulSet", "pytorch-dist-worker"),
                image="763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.1.0-gpu-py310-cu121-ubuntu20.04-ec2")
    w.target("Pod", ML, "pytorch-dist-worker-0")


# ---- later additions (runtime layer on RKE2 and Bottlerocket) --------------------------------

@case("fb027", node_subj("rke2-gpu-worker-1"),
      "RKE2 node (Ubuntu 22.04; RKE2/kubelet/containerd version strings assumed for late 2024) with GPU Operator "
      "v24.9.0 (driver container healthy); the toolkit DaemonSet pod runs container-toolkit v1.17.0 and "
      "crash-loops with the text as its previous log (the single line the thread quotes); device plugin, GFD and "
      "validator wait in toolkit-validation; GFD never ran (no GFD labels) and no nvidia.com/gpu is advertised.")
def _(w, t):
    node = "rke2-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"]["node-role.kubernetes.io/worker"] = "true"
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-124-generic",
              containerRuntimeVersion="containerd://1.7.22-k3s1", kubeletVersion="v1.30.6+rke2r1",
              kubeProxyVersion="v1.30.6+rke2r1")
    name = stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", t, restarts=9)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.17.0-ubuntu20.04")
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


@case("fb028", pod_subj("dcgm-exporter-7xq9m", "monitoring"),
      "EKS node g6.xlarge from the Bottlerocket OS 1.20.0 (aws-k8s-1.29-nvidia) AMI: host driver 535.161.07, the "
      "NVIDIA device plugin runs as a Bottlerocket system service (so there is no plugin pod) and the node "
      "advertises nvidia.com/gpu 1, no GFD labels; a DCGM exporter DaemonSet from the static manifest (namespace "
      "monitoring, no GPU request, no SYS_ADMIN, image tag assumed) crash-loops with the text as its previous "
      "log. Kernel/containerd/kubelet version strings assumed for that Bottlerocket release.")
def _(w, t):
    node = "ip-10-0-34-112.eu-west-1.compute.internal"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "g6.xlarge",
                               "eks.amazonaws.com/nodegroup": "gpu-bottlerocket"},
              info={"osImage": "Bottlerocket OS 1.20.0 (aws-k8s-1.29-nvidia)", "kernelVersion": "6.1.90",
                    "containerRuntimeVersion": "containerd://1.6.31+bottlerocket",
                    "kubeletVersion": "v1.29.1-eks-61c0bbb", "kubeProxyVersion": "v1.29.1-eks-61c0bbb"})
    name = "dcgm-exporter-7xq9m"
    image = "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.5-3.4.1-ubuntu22.04"
    p = w.pod("monitoring", name, node=node, gpu=0, containers=("dcgm-exporter",), image=image, ready=False,
              labels={"app.kubernetes.io/name": "dcgm-exporter"}, owner=("DaemonSet", "dcgm-exporter"),
              env=[{"name": "DCGM_EXPORTER_LISTEN", "value": ":9400"},
                   {"name": "DCGM_EXPORTER_KUBERNETES", "value": "true"}],
              statuses=crashing("dcgm-exporter", 1, restarts=8), cpu="100m", memory="128Mi")
    w.log("monitoring", name, "dcgm-exporter", t, previous=True)
    w.workload("DaemonSet", "monitoring", "dcgm-exporter", template_pod=p,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                       "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    w.event("monitoring", "Pod", name, "BackOff", "Back-off restarting failed container dcgm-exporter in pod "
            f"{name}_monitoring({p['metadata'].get('uid', '')})", count=8, host=node)
    w.target("Pod", "monitoring", name)


@case("fb029", pod_subj("nccltest-g1-0-5xk2d"),
      "Bare-metal Kubernetes node with 8 GPUs, a host driver (GSP-RM; version not stated) and the NVIDIA device "
      "plugin DaemonSet advertising all 8; an nccl-tests Job pod holding the 8 GPUs and restricted to GPUs 1,0 "
      "(CUDA_VISIBLE_DEVICES, as `-g 1,0` in the thread) has Failed (exit code 1 assumed) with the first block of "
      "the text as its log; the node's kernel log (dmesg -T) holds the two NVRM lines; an earlier nccl-tests pod "
      "on the other seven GPUs completed. Node, pod names and versions assumed.")
def _(w, t):
    log, kmsg = split_blank(t)
    node = "gpu-node-23"
    host_node(w, node, gpus=8, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9hq4t")
    plugin_ds(w, KS, [p])
    bad = "nccltest-g1-0-5xk2d"
    w.pod(ML, bad, node=node, gpu=8, containers=("nccl-test",), phase="Failed", ready=False,
          env=[{"name": "CUDA_VISIBLE_DEVICES", "value": "1,0"}],
          image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("Job", "nccltest-g1-0"),
          statuses={"nccl-test": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                           "finishedAt": T1}},
                                  "ready": False, "restartCount": 0}})
    w.log(ML, bad, "nccl-test", log)
    ok = "nccltest-g0234567-7bq9z"
    w.pod(ML, ok, node=node, gpu=8, containers=("nccl-test",), phase="Succeeded", ready=False,
          env=[{"name": "CUDA_VISIBLE_DEVICES", "value": "3,4,5,6,7,2,0"}],
          image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("Job", "nccltest-g0234567"),
          statuses={"nccl-test": {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                                           "finishedAt": T1}},
                                  "ready": False, "restartCount": 0}})
    w.dmesg(node, kmsg)
    w.target("Pod", ML, bad)


@case("fb030", node_subj("talos-gpu-worker-2"),
      "Talos node (osImage `Talos (v1.12.6)`; Talos, kernel, containerd and kubelet version strings assumed for "
      "April 2026) with 4 GPUs, the NVIDIA open kernel modules as a system extension and the device plugin "
      "DaemonSet (runtimeClassName nvidia) advertising all 4; a training pod runs on the node (no log quoted); "
      "the node kernel log is the text in `talosctl dmesg` format.")
def _(w, t):
    node = "talos-gpu-worker-2"
    host_node(w, node, gpus=4, info={"osImage": "Talos (v1.12.6)", "kernelVersion": "6.18.18-talos",
                                     "containerRuntimeVersion": "containerd://2.1.6",
                                     "kubeletVersion": "v1.35.2", "kubeProxyVersion": "v1.35.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-q8r2v", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    running_pod(w, "trainer-0", None, node=node, container="trainer", gpu=4, owner=("StatefulSet", "trainer"),
                runtime_class="nvidia")
    w.dmesg(node, t)
    w.target("Node", None, node)


@case("fb031", pod_subj("triton-7b9c5d8f6-m2x4q"),
      "GPU Operator node with one Tesla T4 (driver 530.30.02, GFD labels for the T4); a Triton Inference Server "
      "23.05 Deployment pod requesting one GPU crash-loops (exit 1) with the text as its previous log (the only "
      "line the thread quotes; the rest of Triton's start-up log is not reproduced).")
def _(w, t):
    node = "gpu-node-1"
    w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360,
               labels={"nvidia.com/cuda.driver.major": "530", "nvidia.com/cuda.runtime.major": "12",
                       "nvidia.com/gpu.compute.major": "7", "nvidia.com/gpu.compute.minor": "5"})
    app_pod(w, "triton-7b9c5d8f6-m2x4q", t, node=node, container="tritonserver",
            image="nvcr.io/nvidia/tritonserver:23.05-py3", restarts=5, owner=("ReplicaSet", "triton-7b9c5d8f6"))
    w.target("Pod", ML, "triton-7b9c5d8f6-m2x4q")


# ---- assembling ------------------------------------------------------------------------------

def thread_scenario(case_id: str, builder: tuple, c: dict, batch: str) -> Scenario:
    """A case of the runtime / driver / application batches (B, D, F, H) as a scenario: its
    builder's world, the thread's expected ids, and a README saying where the text sits."""
    fn, subject, note = builder
    healthy = c["expected_status"] == "healthy"
    root = None if healthy else c["expected"][0]

    def build(fn=fn):
        w = World(case_id)
        fn(w, c["text"])
        return w

    exp = expect(root, subject, c["expected_status"], c["expected"])
    exp.setdefault("accept", list(c["expected"]))
    answer = ("Expected: healthy (a look-alike; no finding should be the root cause)." if healthy else
              f"Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}.")
    readme = f"""# {case_id} — first contact, batch {batch}

Source: {c['source']} (text as it appears in: {c['where']}; distribution: {c['distribution']};
multi-signal: {'yes' if c['multi_signal'] else 'no'}). The case's text is used verbatim.

World: {note}

Cluster state in the thread: {c['state']}

What the thread settled: {c['note']}

{answer}
"""
    return Scenario(f"{case_id}_{source_slug(c)}", build, exp, readme, case_id=case_id, kind="first_contact")


def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "B")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
