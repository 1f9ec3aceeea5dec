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
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import ML, crashing, init_stuck, node_subj, pod_subj

FC = ThreadBatch("batch-b5", "B5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fb501", "fb502", "fb504"}

GPU_TOLERATION = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

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


# ---- runtime layer ---------------------------------------------------------------------------

@case("fb501", pod_subj("embedder-7c9d5f6b8-q4w2x", "inference"),
      "kubeadm-style Kubernetes 1.27 cluster (Ubuntu 22.04, containerd 1.7 with runc and `SystemdCgroup = true`, "
      "host driver 525.85.05 and the NVIDIA Container Toolkit on the host; versions assumed for February 2023) "
      "with one GPU node (one A10 assumed) and the NVIDIA device plugin DaemonSet (static manifest, kube-system) "
      "Running and advertising nvidia.com/gpu 1. A GPU inference pod (names and image assumed) has run for hours "
      "and is still Running and Ready; after a systemd daemon-reload on the host its current log ends with "
      "`Failed to initialize NVML: Unknown Error` (illustrative standard NVML wording; the notice names the "
      "message in its title only). The text is prose and not placed.")
def _(w, t):
    node = "gpu-worker-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.1 LTS", "kernelVersion": "5.15.0-60-generic",
                             "containerRuntimeVersion": "containerd://1.7.0", "kubeletVersion": "v1.27.1",
                             "kubeProxyVersion": "v1.27.1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-x7p2k", image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [p])
    ns, name = "inference", "embedder-7c9d5f6b8-q4w2x"
    log = ("INFO:     Started server process [1]\n"
           "INFO:     Waiting for application startup.\n"
           "INFO:     Application startup complete.\n"
           "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n"
           "INFO:     10.244.1.1:51234 - \"POST /embed HTTP/1.1\" 200 OK\n"
           "ERROR:    GPU health check failed: Failed to initialize NVML: Unknown Error\n")
    running_pod(w, name, log, ns=ns, node=node, container="server",
                image="ghcr.io/example/embedder:2023.02-cuda11.8", owner=("ReplicaSet", "embedder-7c9d5f6b8"),
                tolerations=GPU_TOLERATION)
    w.target("Pod", ns, name)


@case("fb502", node_subj("talos-gpu-01"),
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

@case("fb503", node_subj("cce-gpu-node-192-168-0-87"),
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


@case("fb504", node_subj("k0s-gpu-worker-1"),
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


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
