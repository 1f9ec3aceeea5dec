"""Builds first-contact batch B5 (fixtures/first-contact/batch-b5/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and healthy look-alikes) sampled from the `pages` corpus (vendor troubleshooting
articles, forum notices, blog write-ups and decision records) with the fixed query list in the batch README, the
node layer emphasised (GPU nodes NotReady, GPUs missing from capacity/allocatable, unhealthy devices). Each builder
places the case's text verbatim where a collector would have found it (prose texts are not placed) and builds the
cluster state the page describes. The expected answer was reasoned from the page (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b5      # (re)writes fixtures/first-contact/batch-b5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, running_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import ML, crashing, init_stuck, node_subj, pod_subj

FC = ThreadBatch("batch-b5", "B5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fb501", "fb503", "fb504", "fb505"}

SANDBOX_NO_NVIDIA = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
                     'no runtime for "nvidia" is configured')


def not_ready_pod(p: dict) -> None:
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"


def sandbox_failing(w, ns: str, p: dict, host: str, count: int) -> None:
    """A pod whose sandbox cannot be created: containers waiting in ContainerCreating, FailedCreatePodSandBox."""
    not_ready_pod(p)
    p["status"].pop("podIP", None)
    for key in ("containerStatuses", "initContainerStatuses"):
        for s in p["status"].get(key, []):
            s.update({"state": {"waiting": {"reason": "ContainerCreating" if key == "containerStatuses"
                                            else "PodInitializing"}},
                      "ready": False, "started": False, "restartCount": 0})
            s["containerID"] = ""
    name = p["metadata"]["name"]
    for k in [k for k in w.logs if k[0] == ns and k[1] == name]:
        w.logs.pop(k)
    w.event(ns, "Pod", name, "FailedCreatePodSandBox", SANDBOX_NO_NVIDIA, count=count, host=host)


# ---- driver layer ----------------------------------------------------------------------------

@case("fb501", node_subj("talos-gpu-01"),
      "Talos Linux v1.11 single GPU worker (one RTX 4090 assumed; kernel, containerd and kubelet strings assumed "
      "for early 2026) with the nvidia-open-gpu-kernel-modules-production and nvidia-container-toolkit-production "
      "extensions and a RuntimeClass `nvidia`; the full GPU Operator (Helm, driver.enabled=false, "
      "toolkit.enabled=false; the operator's own driver and toolkit pods therefore absent). The "
      "nvidia-operator-validator pod crash-loops in its driver-validation init container (restarts 9, no log "
      "kept: the page quotes none), the device plugin and GFD wait in toolkit-validation; their DaemonSets 1 "
      "desired / 0 ready. The node advertises no nvidia.com/gpu. The text is prose and not placed.")
def _(w, t):
    node = "talos-gpu-01"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-4090", memory_mib=24564,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Talos (v1.11.2)", kernelVersion="6.12.48-talos", containerRuntimeVersion="containerd://2.1.4",
              kubeletVersion="v1.34.1", kubeProxyVersion="v1.34.1")
    remove_stack_pod(w, node, "driver")
    remove_stack_pod(w, node, "toolkit")
    state = {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": "back-off 5m0s restarting failed container=driver-validation"}},
             "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
             "ready": False, "restartCount": 9}
    vname = init_stuck(w, node, "validator", "driver-validation", None, state=state, restarts=9)
    for k in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == vname]:
        w.logs.pop(k)
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- node layer ------------------------------------------------------------------------------

@case("fb502", node_subj("cce-gpu-node-192-168-0-87"),
      "Huawei Cloud CCE v1.28 cluster (EulerOS node image, containerd and kubelet strings assumed for 2025) with "
      "the CCE AI Suite (NVIDIA GPU) add-on: its device plugin DaemonSet `nvidia-gpu-device-plugin` "
      "Running in kube-system (names and image assumed). The GPU node (8 x A100-SXM4-80GB assumed) has capacity "
      "nvidia.com/gpu 8 and allocatable 7 (the isolated device); the node's Warning event GPUMemoryError from "
      "the CCE AI Suite carries the text as its message. A training pod using 4 GPUs runs on the node.")
def _(w, t):
    node = "cce-gpu-node-192-168-0-87"
    host_node(w, node, gpus=8, allocatable=7,
              labels={"node.kubernetes.io/instance-type": "p2s.16xlarge.8", "accelerator": "nvidia-a100-80g",
                      "cce.cloud.com/cce-nodepool": "gpu-pool"},
              info={"osImage": "EulerOS 2.0 (SP10)", "kernelVersion": "4.18.0-147.5.2.19.h1380.eulerosv2r10.x86_64",
                    "containerRuntimeVersion": "containerd://1.6.14", "kubeletVersion": "v1.28.3-r20-28.3.6",
                    "kubeProxyVersion": "v1.28.3-r20-28.3.6"})
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-2dg7r", ds="nvidia-gpu-device-plugin",
                   image="swr.ap-southeast-1.myhuaweicloud.com/hwofficial/nvidia-gpu-device-plugin:2.7.19")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin")
    running_pod(w, "trainer-0", None, ns=ML, node=node, container="trainer", gpu=4,
                image="nvcr.io/nvidia/pytorch:24.05-py3", owner=("StatefulSet", "trainer"),
                tolerations=GPU_TOLERATION)
    w.event("default", "Node", node, "GPUMemoryError", t, component="CCE AI Suite (NVIDIA GPU)", count=1, host=node)
    w.target("Node", None, node)


@case("fb503", node_subj("k0s-gpu-worker-1"),
      "k0s v1.31 cluster (k0s's bundled containerd, Ubuntu 22.04 workers; versions assumed for early 2025) with a "
      "CPU worker and a GPU worker (one A40 assumed) running the GPU Operator (Helm, namespace gpu-operator, host "
      "driver pre-installed). After the operator update the toolkit wrote /etc/k0s/containerd.d/nvidia.toml with "
      "its nested import; the GPU worker is NotReady (Ready False, reason KubeletNotReady; the condition message "
      "'container runtime is down' is illustrative: the page's error-message section is cut off in the stored "
      "copy), its GPU-stack pods last seen Running with Ready False. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.5+k0s",
            "kubeProxyVersion": "v1.31.5+k0s"}
    cpu = w.node("k0s-worker-1", cpu="8", memory="32864796Ki")
    node_info(cpu, **info)
    node = "k0s-gpu-worker-1"
    msg = "container runtime is down"
    conditions = [
        {"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
         "message": "kubelet has sufficient memory available", "lastHeartbeatTime": T2, "lastTransitionTime": T0},
        {"type": "DiskPressure", "status": "False", "reason": "KubeletHasNoDiskPressure",
         "message": "kubelet has no disk pressure", "lastHeartbeatTime": T2, "lastTransitionTime": T0},
        {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
         "message": "kubelet has sufficient PID available", "lastHeartbeatTime": T2, "lastTransitionTime": T0},
        {"type": "Ready", "status": "False", "reason": "KubeletNotReady", "message": msg,
         "lastHeartbeatTime": T2, "lastTransitionTime": T1}]
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A40", memory_mib=46068, conditions=conditions,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed"},
                   taints=({"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"},
                           {"key": "node.kubernetes.io/not-ready", "effect": "NoExecute", "timeAdded": T1}))
    node_info(n, **info)
    remove_stack_pod(w, node, "driver")
    for p in w.pods[OPERATOR_NS]:
        if p["spec"].get("nodeName") == node:
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
            for s in p["status"]["containerStatuses"]:
                s["ready"] = False
    w.event("default", "Node", node, "NodeNotReady", f"Node {node} status is now: NodeNotReady",
            type="Normal", component="node-controller")
    w.target("Node", None, node)


@case("fb504", pod_subj("llm-server-6f7d8b9c4-7mzqk", "inference"),
      "AKS 1.32 cluster (Ubuntu node image, containerd and kubelet strings assumed for mid 2026) with a CPU system "
      "pool (2 nodes) and an autoscaled user pool `a100pool` (Standard_NC96ads_A100_v4, 4 A100 80GB per node, "
      "min 1 / max 4, taint `sku=gpu:NoSchedule`, AKS-managed NVIDIA driver and device plugin) whose one node "
      "runs the current LLM server replica with all 4 GPUs. A new replica (4 GPUs) is Pending with a "
      "FailedScheduling event and the cluster autoscaler's TriggeredScaleUp event (1->2); the second GPU node is "
      "still provisioning and not yet in the node list. Event wordings are the standard scheduler and "
      "cluster-autoscaler ones (illustrative). Names and images assumed. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1089-azure",
            "containerRuntimeVersion": "containerd://1.7.27-1", "kubeletVersion": "v1.32.6",
            "kubeProxyVersion": "v1.32.6"}
    for i in range(2):
        c = w.node(f"aks-system-31415926-vmss00000{i}", cpu="4", memory="16380652Ki",
                   labels={"kubernetes.azure.com/agentpool": "system", "kubernetes.azure.com/mode": "system",
                           "node.kubernetes.io/instance-type": "Standard_D4s_v5"})
        node_info(c, **info)
    node = "aks-a100pool-27182818-vmss000000"
    n = host_node(w, node, gpus=4, labels={"kubernetes.azure.com/agentpool": "a100pool",
                                           "kubernetes.azure.com/mode": "user",
                                           "kubernetes.azure.com/accelerator": "nvidia",
                                           "node.kubernetes.io/instance-type": "Standard_NC96ads_A100_v4"},
                  info=info)
    n["spec"]["taints"] = [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "96", "memory": "908535872Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-h2l8d",
                   image="mcr.microsoft.com/oss/v2/nvidia/k8s-device-plugin:v0.17.2")
    p["spec"]["tolerations"].append({"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"})
    plugin_ds(w, KS, [p])
    tol = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    sel = {"kubernetes.azure.com/agentpool": "a100pool"}
    ns = "inference"
    running_pod(w, "llm-server-6f7d8b9c4-q9x2v", None, ns=ns, node=node, container="vllm", gpu=4,
                image="vllm/vllm-openai:v0.11.0", owner=("ReplicaSet", "llm-server-6f7d8b9c4"),
                tolerations=tol, node_selector=sel, cpu="40", memory="400Gi")
    name = "llm-server-6f7d8b9c4-7mzqk"
    msg = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, "
           "2 Preemption is not helpful for scheduling.")
    w.pod(ns, name, gpu=4, containers=("vllm",), image="vllm/vllm-openai:v0.11.0", phase="Pending",
          scheduled_message=msg, owner=("ReplicaSet", "llm-server-6f7d8b9c4"), tolerations=tol,
          node_selector=sel, cpu="40", memory="400Gi")
    w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=4)
    w.event(ns, "Pod", name, "TriggeredScaleUp",
            "pod triggered scale-up: [{aks-a100pool-27182818-vmss 1->2 (max: 4)}]", type="Normal",
            component="cluster-autoscaler", count=1)
    wl = w.workload("Deployment", ns, "llm-server", replicas=2,
                    status={"replicas": 2, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 2,
                            "unavailableReplicas": 1, "observedGeneration": 3})
    w.target("Pod", ns, name)


@case("fb505", node_subj("gpu-worker-2"),
      "Kubernetes 1.31 cluster (kubeadm-style, Ubuntu 22.04 with kernel 5.15.0-105-generic, containerd; versions "
      "assumed for 2025) with a CPU node and two GPU nodes (two L4 each, assumed) running the GPU Operator "
      "(namespace gpu-operator, driver.usePrecompiled=true). gpu-worker-2's kubelet has stopped: the node is "
      "NotReady (Unknown, 'Kubelet stopped posting node status.') with the node.kubernetes.io/unreachable NoSchedule "
      "and NoExecute taints; its operand pods are last seen Running with Ready False. The precompiled driver "
      "DaemonSet `nvidia-driver-daemonset-5.15.0-105-generic-ubuntu22.04` (tolerating only "
      "unreachable:NoExecute) reports 0 desired; the operator's delete/recreate loop lives in its own log, which the "
      "page does not quote and the bundle does not hold. gpu-worker-1 is healthy. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-105-generic",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4", "kubeProxyVersion": "v1.31.4"}
    cpu = w.node("cpu-worker-1", cpu="16", memory="65865932Ki")
    node_info(cpu, **info)
    ok = w.gpu_node("gpu-worker-1", gpus=2, product="NVIDIA-L4", memory_mib=23034)
    node_info(ok, **info)
    node = "gpu-worker-2"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-L4", memory_mib=23034, ready="Unknown",
                   taints=({"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}))
    node_info(n, **info)
    drv_name = "nvidia-driver-daemonset-5.15.0-105-generic-ubuntu22.04"
    for host in ("gpu-worker-1", node):
        p = stack_pod(w, host, "driver")
        p["metadata"]["ownerReferences"][0]["name"] = drv_name
        set_image(p, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:550-5.15.0-105-generic-ubuntu22.04")
    template = stack_pod(w, "gpu-worker-1", "driver")
    remove_stack_pod(w, "gpu-worker-1", "driver")
    remove_stack_pod(w, node, "driver")
    template["spec"]["tolerations"] = [
        {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
        {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute"},
        {"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute"}]
    wl = w.workload("DaemonSet", OPERATOR_NS, drv_name, template_pod=template, status=ds_status(0, 0, 0))
    wl["metadata"]["creationTimestamp"] = T2
    wl["spec"]["template"]["spec"]["nodeSelector"] = {
        "nvidia.com/gpu.deploy.driver": "true", "feature.node.kubernetes.io/kernel-version.full": "5.15.0-105-generic"}
    for p in w.pods[OPERATOR_NS]:
        if p["spec"].get("nodeName") == node:
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
            for s in p["status"]["containerStatuses"]:
                s["ready"] = False
    w.event("default", "Node", node, "NodeNotReady", f"Node {node} status is now: NodeNotReady",
            type="Normal", component="node-controller")
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
