"""The built-in broken cluster behind `gpu-triage demo`.

A small GPU cluster with the GPU operator, built from real evidence text
(verbatim, sources named beside each constant):
- `llm/qwen-vllm` (Deployment, 1 replica) is Pending: it selects Tesla-T4 nodes,
  and the only T4 node advertises no nvidia.com/gpu because the device plugin
  there cannot load NVML (root cause in the plugin/runtime layers, symptom at
  the scheduler);
- `training/finetune-qwen` crash-loops with a CUDA out-of-memory error on the
  A10G node (an application problem: nothing below explains it);
- `llm/embedder` runs healthy on an H100 node, and nvidia-smi inside it shows
  its GPU.

`write_demo_bundle(dir)` writes it; the demo serves it with the replay server
and runs the real live path (kubeconfig, client, collection, analysis) on it.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter

T0 = "2026-11-29T14:00:00Z"
OPERATOR_NS = "gpu-operator"

# NVIDIA/k8s-device-plugin#444 (shared/corpus/real-cases.jsonl: dp-nvml-could-not-load-cri-log)
PLUGIN_NVML_LOG = (
    "2023-10-19T11:11:54.957587844+08:00 stderr F 2023/10/19 03:11:54 Loading NVML\n"
    "2023-10-19T11:11:54.957723331+08:00 stderr F 2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.\n"
    "2023-10-19T11:11:54.957728922+08:00 stderr F 2023/10/19 03:11:54 If this is a GPU node, did you set the docker default runtime to `nvidia`?\n"
    "2023-10-19T11:11:54.957732401+08:00 stderr F 2023/10/19 03:11:54 You can check the prerequisites at: https://github.com/NVIDIA/k8s-device-plugin#prerequisites\n"
    "2023-10-19T11:11:54.957734456+08:00 stderr F 2023/10/19 03:11:54 You can learn how to set the runtime at: https://github.com/NVIDIA/k8s-device-plugin#quick-start\n"
)
# The driver container's own progress messages (NVIDIA/gpu-driver-container, nvidia-driver script).
DRIVER_OK_LOG = (
    "========== NVIDIA Software Installer ==========\n"
    "Starting installation of NVIDIA driver version 535.86.10 for Linux kernel version 5.15.0-122-generic\n"
    "Loading NVIDIA driver kernel modules...\n"
    "Starting NVIDIA persistence daemon...\n"
    "Mounting NVIDIA driver rootfs...\n"
    "Done, now waiting for signal\n"
)
PLUGIN_OK_LOG = (
    "I1129 13:58:02.120513       1 main.go:317] Retrieving plugins.\n"
    "I1129 13:58:02.431002       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'\n"
    "I1129 13:58:02.433875       1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
    "I1129 13:58:02.440157       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
)
# vllm-project/vllm#2140 (real-cases.jsonl: torch-oom-capacty-typo-torch21), the leading "> " of the quote removed
CUDA_OOM_LOG = (
    "INFO 11-29 14:02:11 llm_engine.py:72] Initializing an LLM engine with config: model='Qwen/Qwen2-7B', dtype=torch.float32\n"
    "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 518.00 MiB. GPU 0 has a total capacty of 21.67 GiB "
    "of which 4.06 MiB is free. Process 2417585 has 21.65 GiB memory in use. Of the allocated memory 21.32 GiB is allocated "
    "by PyTorch, and 1018.00 KiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
    "setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF\n"
)
SCHEDULER_MESSAGE = (
    "0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
    "{node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. "
    "preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling."
)


def _corpus_text(name: str) -> str:
    """nvidia-smi outputs shipped with the package (copies of shared/corpus files)."""
    from importlib import resources
    return (resources.files("triage") / "data" / "demo" / name).read_text(encoding="utf-8")


def _uid(name: str) -> str:
    return "demo-" + hashlib.sha1(name.encode()).hexdigest()[:12]


def _meta(name, ns=None, labels=None, owner=None, uid=None):
    m = {"name": name, "uid": uid or _uid(name), "creationTimestamp": T0,
         "resourceVersion": "1000"}
    if ns:
        m["namespace"] = ns
    if labels:
        m["labels"] = labels
    if owner:
        kind, oname = owner
        m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": kind, "name": oname, "uid": f"{oname}-uid",
                                 "controller": True, "blockOwnerDeletion": True}]
    return m


# one address per node, and each running pod its own address on its node's pod range
NODE_IPS = {"cp-1": "10.0.0.10", "gpu-h100-1": "10.0.0.11", "gpu-a10g-1": "10.0.0.12", "gpu-t4-2": "10.0.0.13"}


def _addressed(pods: list[dict], seen: dict[str, int]) -> list[dict]:
    """hostIP = the pod's node's address, podIP = its own on the node's 10.244.<n>.0/24 (pods that
    were never scheduled have neither); `seen` counts the pods given an address per node."""
    for pod in pods:
        node, status = pod["spec"].get("nodeName"), pod["status"]
        if node in NODE_IPS and "hostIP" in status:
            status["hostIP"] = NODE_IPS[node]
            seen[node] = seen.get(node, 0) + 1
            status["podIP"] = f"10.244.{list(NODE_IPS).index(node)}.{9 + seen[node]}"
    return pods


def _node(name, labels, gpu_capacity=None, taints=None, gpu_allocatable=None):
    capacity = {"cpu": "48", "memory": "196608Mi", "pods": "110", "ephemeral-storage": "500Gi"}
    allocatable = {"cpu": "47500m", "memory": "192512Mi", "pods": "110", "ephemeral-storage": "460Gi"}
    capacity.update(gpu_capacity or {})
    allocatable.update(gpu_allocatable if gpu_allocatable is not None else (gpu_capacity or {}))
    return {"metadata": _meta(name, labels={"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", **labels},
                              uid=f"node-{name}"),
            "spec": {"taints": taints} if taints else {},
            "status": {"capacity": capacity, "allocatable": allocatable,
                       "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                                       "message": "kubelet is posting ready status", "lastTransitionTime": T0,
                                       "lastHeartbeatTime": T0}],
                       "addresses": [{"type": "InternalIP", "address": NODE_IPS[name]}],
                       "nodeInfo": {"kernelVersion": "5.15.0-122-generic", "osImage": "Ubuntu 22.04.5 LTS",
                                    "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.32.4",
                                    "architecture": "amd64", "operatingSystem": "linux"}}}


PLUGIN_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.11.0"
DRIVER_IMAGE = "nvcr.io/nvidia/driver:535.86.10-ubuntu22.04"
# The operator's ClusterPolicy: the container toolkit is managed outside the operator (preinstalled
# on the hosts), which is how one node can end up without the nvidia runtime configured.
CLUSTER_POLICY = {
    "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
    "metadata": {"name": "cluster-policy", "uid": "cluster-policy-uid", "creationTimestamp": T0,
                 "resourceVersion": "1000", "generation": 1},
    "spec": {"operator": {"defaultRuntime": "containerd"},
             "driver": {"enabled": True, "version": "535.86.10"},
             "toolkit": {"enabled": False},
             "devicePlugin": {"enabled": True, "version": "v0.11.0"},
             "dcgmExporter": {"enabled": False}, "migManager": {"enabled": False}},
    "status": {"namespace": OPERATOR_NS, "state": "notReady"},
}
GPU_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
GPU_TOLERATION = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# GFD's driver labels say what the node runs: 535.86.10 from the operator's driver pods, 590.48.01
# on the H100 node, whose image ships its own driver (the operator labels it pre-installed and runs
# no driver pod there; the nvidia-smi capture of that node is a real 590.48.01 one).
OPERATOR_DRIVER = ("535", "86", "10")
HOST_DRIVER = ("590", "48", "01")


def _gfd(product, memory, count, driver=OPERATOR_DRIVER):
    major, minor, rev = driver
    return {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": memory,
            "nvidia.com/gpu.count": str(count), "nvidia.com/cuda.driver.major": major,
            "nvidia.com/cuda.driver.minor": minor, "nvidia.com/cuda.driver.rev": rev,
            "nvidia.com/gpu.deploy.driver": "true" if driver == OPERATOR_DRIVER else "pre-installed",
            "nvidia.com/gpu.deploy.device-plugin": "true", "feature.node.kubernetes.io/pci-10de.present": "true"}


def _running(containers, restarts=0, ready=True):
    return {"phase": "Running", "startTime": T0, "hostIP": "10.0.0.9", "podIP": "10.244.1.7",
            "conditions": [{"type": t, "status": "True" if ready or t in ("PodScheduled", "Initialized",
                                                                          "PodReadyToStartContainers") else "False",
                            "lastTransitionTime": T0} for t in
                           ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled")],
            "containerStatuses": [{"name": c["name"], "image": c["image"], "imageID": "", "ready": ready,
                                   "restartCount": restarts, "started": ready,
                                   "state": {"running": {"startedAt": T0}}} for c in containers]}


def _crash_looping(containers, pod_name, restarts):
    status = _running(containers, restarts=restarts, ready=False)
    for cs in status["containerStatuses"]:
        cs["state"] = {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": f"back-off 5m0s restarting failed container={cs['name']} "
                                              f"pod={pod_name}_{OPERATOR_NS}({_uid(pod_name)})"}}
        cs["lastState"] = {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": "2026-11-29T14:54:40Z",
                                          "finishedAt": "2026-11-29T14:54:41Z"}}
    return status


def _daemonset(name, image, ready, selector=None, desired=3):
    return {"kind": "DaemonSet", "apiVersion": "apps/v1",
            "metadata": _meta(name, OPERATOR_NS, {"app": name}, uid=f"{name}-uid"),
            "spec": {"selector": {"matchLabels": {"app": name}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"nodeSelector": selector or {"nvidia.com/gpu.present": "true"},
                                           "tolerations": GPU_TOLERATION,
                                           "containers": [{"name": name, "image": image}]}}},
            "status": {"desiredNumberScheduled": desired, "currentNumberScheduled": desired, "numberReady": ready,
                       "numberAvailable": ready, "numberUnavailable": desired - ready,
                       "updatedNumberScheduled": desired, "numberMisscheduled": 0, "observedGeneration": 1}}


def _ctr(name, image, gpus=0, extra=None):
    c = {"name": name, "image": image, "resources": {"requests": {"cpu": "2", "memory": "8Gi"},
                                                     "limits": {"memory": "16Gi"}}}
    if gpus:
        c["resources"]["requests"]["nvidia.com/gpu"] = str(gpus)
        c["resources"]["limits"]["nvidia.com/gpu"] = str(gpus)
    c.update(extra or {})
    return c


def write_demo_bundle(root: str | Path) -> Path:
    w = BundleWriter(root)
    seen: dict[str, int] = {}           # pods given an address, per node
    nodes = [
        _node("cp-1", {"node-role.kubernetes.io/control-plane": ""},
              taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
        _node("gpu-h100-1", _gfd("NVIDIA-H100-80GB-HBM3", "81559", 8, HOST_DRIVER), {"nvidia.com/gpu": "8"}, GPU_TAINT),
        _node("gpu-a10g-1", _gfd("NVIDIA-A10G", "23028", 1), {"nvidia.com/gpu": "1"}, GPU_TAINT),
        # the device plugin never registered: GFD labels say T4, but no nvidia.com/gpu at all
        _node("gpu-t4-2", _gfd("Tesla-T4", "15360", 1), None, GPU_TAINT),
    ]
    w.write_json(layout.NODES, {"kind": "NodeList", "apiVersion": "v1", "metadata": {"resourceVersion": "1000"},
                                "items": nodes})
    w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "32", "gitVersion": "v1.32.4",
                                          "platform": "linux/amd64"})

    # --- the GPU operator: device plugin and driver pods per GPU node -----------------------
    op_pods = []
    for node, suffix in (("gpu-h100-1", "h7k2p"), ("gpu-a10g-1", "a9x4m"), ("gpu-t4-2", "t2x8q")):
        plugin = f"nvidia-device-plugin-daemonset-{suffix}"
        driver = f"nvidia-driver-daemonset-{suffix}"
        broken = node == "gpu-t4-2"
        host_driver = node == "gpu-h100-1"       # no operator driver pod on a pre-installed driver
        for pod_name, app, ctr, image in (
                (plugin, "nvidia-device-plugin-daemonset", "nvidia-device-plugin", PLUGIN_IMAGE),
                (driver, "nvidia-driver-daemonset", "nvidia-driver-ctr", DRIVER_IMAGE))[:1 if host_driver else 2]:
            containers = [{"name": ctr, "image": image, "resources": {}}]
            # plugin v0.11.0 fails on an NVML init error by default (fail-on-init-error): it exits, and
            # the kubelet restarts it again and again
            status = _crash_looping(containers, pod_name, 14) if broken and pod_name == plugin else _running(containers)
            op_pods.append({"metadata": _meta(pod_name, OPERATOR_NS, {"app": app}, ("DaemonSet", app)),
                            "spec": {"nodeName": node, "containers": containers, "tolerations": GPU_TOLERATION},
                            "status": status})
        w.write_text(layout.container_log(OPERATOR_NS, plugin, "nvidia-device-plugin"),
                     PLUGIN_NVML_LOG if broken else PLUGIN_OK_LOG)
        if broken:
            w.write_text(layout.container_log(OPERATOR_NS, plugin, "nvidia-device-plugin", previous=True),
                         PLUGIN_NVML_LOG)
        if not host_driver:
            w.write_text(layout.container_log(OPERATOR_NS, driver, "nvidia-driver-ctr"), DRIVER_OK_LOG)
        if broken:  # the driver itself works on the T4 node: only the plugin cannot reach NVML
            w.write_exec(OPERATOR_NS, driver, "nvidia-driver-ctr", ["nvidia-smi"],
                         _corpus_text("t4-535.86.10-default.txt"), "", 0, None)
    w.write_json(layout.namespaced_list("daemonsets", OPERATOR_NS), {
        "kind": "DaemonSetList", "apiVersion": "apps/v1",
        "items": [_daemonset("nvidia-device-plugin-daemonset", PLUGIN_IMAGE, ready=2),
                  _daemonset("nvidia-driver-daemonset", DRIVER_IMAGE, ready=2,
                             selector={"nvidia.com/gpu.deploy.driver": "true"}, desired=2)]})
    w.write_json(layout.custom_resource("clusterpolicies.nvidia.com"), [CLUSTER_POLICY])
    w.write_json(layout.namespaced_list("pods", OPERATOR_NS), {"kind": "PodList", "apiVersion": "v1", "items": _addressed(op_pods, seen)})
    w.write_json(layout.namespaced_list("events", OPERATOR_NS), {"kind": "EventList", "apiVersion": "v1", "items": []})

    # --- llm: qwen-vllm pending on T4, embedder healthy on H100 ---------------------------
    qwen = _ctr("vllm", "vllm/vllm-openai:v0.6.4", gpus=1, extra={"args": ["--model", "Qwen/Qwen2-7B-Instruct"]})
    pending = {"metadata": _meta("qwen-vllm-7d9f8c6b5-x2x4k", "llm", {"app": "qwen-vllm", "pod-template-hash": "7d9f8c6b5"},
                                 ("ReplicaSet", "qwen-vllm-7d9f8c6b5"), uid="pod-qwen"),
               "spec": {"containers": [qwen], "nodeSelector": {"nvidia.com/gpu.product": "Tesla-T4"},
                        "tolerations": GPU_TOLERATION, "schedulerName": "default-scheduler"},
               "status": {"phase": "Pending", "qosClass": "Burstable", "conditions": [
                   {"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                    "message": SCHEDULER_MESSAGE, "lastTransitionTime": "2026-11-29T14:05:00Z"}]}}
    emb_ctr = _ctr("embedder", "ghcr.io/huggingface/text-embeddings-inference:1.5", gpus=1)
    embedder = {"metadata": _meta("embedder-5c7d9b8f4-p9q2w", "llm", {"app": "embedder"},
                                  ("ReplicaSet", "embedder-5c7d9b8f4"), uid="pod-embedder"),
                "spec": {"nodeName": "gpu-h100-1", "containers": [emb_ctr], "tolerations": GPU_TOLERATION},
                "status": _running([emb_ctr])}
    w.write_json(layout.namespaced_list("pods", "llm"), {"kind": "PodList", "apiVersion": "v1",
                                                          "items": _addressed([pending, embedder], seen)})
    w.write_text(layout.container_log("llm", "embedder-5c7d9b8f4-p9q2w", "embedder"),
                 "2026-11-29T14:03:10.112Z  INFO text_embeddings_router: Ready\n")
    w.write_exec("llm", "embedder-5c7d9b8f4-p9q2w", "embedder", ["nvidia-smi"],
                 _corpus_text("h100-80gb-hbm3-590.48.01-linux-default-idle.txt"), "", 0, None)
    w.write_json(layout.namespaced_list("events", "llm"), {"kind": "EventList", "apiVersion": "v1", "items": [{
        "metadata": _meta("qwen-vllm-7d9f8c6b5-x2x4k.187c3a2b1d0e9f8a", "llm"),
        "involvedObject": {"kind": "Pod", "namespace": "llm", "name": "qwen-vllm-7d9f8c6b5-x2x4k", "uid": "pod-qwen",
                           "apiVersion": "v1"},
        "reason": "FailedScheduling", "message": SCHEDULER_MESSAGE, "type": "Warning", "action": "Scheduling",
        "eventTime": "2026-11-29T14:05:00.000000Z", "reportingComponent": "default-scheduler",
        "reportingInstance": "default-scheduler-cp-1", "source": {},
        "series": {"count": 31, "lastObservedTime": "2026-11-29T14:55:00.000000Z"}}]})
    for kind, items in (("deployments", [_deployment("qwen-vllm", "llm", 1, 0, qwen),
                                         _deployment("embedder", "llm", 1, 1, emb_ctr)]),
                        ("replicasets", [_replicaset("qwen-vllm", "7d9f8c6b5", "llm", 1, 0),
                                         _replicaset("embedder", "5c7d9b8f4", "llm", 1, 1)])):
        w.write_json(layout.namespaced_list(kind, "llm"), {"kind": "DeploymentList" if kind == "deployments"
                                                           else "ReplicaSetList", "apiVersion": "apps/v1", "items": items})

    # --- training: finetune crash-looping with CUDA OOM on the A10G ------------------------
    ft = _ctr("trainer", "ghcr.io/example/finetune:2.1", gpus=1)
    crash = {"metadata": _meta("finetune-qwen-6f8d7c9b4-k8s2d", "training", {"app": "finetune-qwen"},
                               ("ReplicaSet", "finetune-qwen-6f8d7c9b4"), uid="pod-finetune"),
             "spec": {"nodeName": "gpu-a10g-1", "containers": [ft], "tolerations": GPU_TOLERATION},
             "status": {"phase": "Running", "startTime": T0, "conditions": [
                 {"type": "Ready", "status": "False", "reason": "ContainersNotReady",
                  "message": "containers with unready status: [trainer]", "lastTransitionTime": T0},
                 {"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}],
                 "containerStatuses": [{
                     "name": "trainer", "image": ft["image"], "imageID": "", "ready": False, "restartCount": 6,
                     "started": False,
                     "state": {"waiting": {"reason": "CrashLoopBackOff",
                                           "message": "back-off 5m0s restarting failed container=trainer "
                                                      "pod=finetune-qwen-6f8d7c9b4-k8s2d_training(pod-finetune)"}},
                     "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": "2026-11-29T14:49:02Z",
                                                  "finishedAt": "2026-11-29T14:50:31Z"}}}]}}
    w.write_json(layout.namespaced_list("pods", "training"), {"kind": "PodList", "apiVersion": "v1", "items": _addressed([crash], seen)})
    w.write_text(layout.container_log("training", crash["metadata"]["name"], "trainer", previous=True), CUDA_OOM_LOG)
    w.write_text(layout.container_log("training", crash["metadata"]["name"], "trainer"), "")
    w.write_json(layout.namespaced_list("events", "training"), {"kind": "EventList", "apiVersion": "v1", "items": [{
        "metadata": _meta("finetune-qwen-6f8d7c9b4-k8s2d.187c3a2b1d0e9f99", "training"),
        "involvedObject": {"kind": "Pod", "namespace": "training", "name": crash["metadata"]["name"],
                           "uid": "pod-finetune", "apiVersion": "v1", "fieldPath": "spec.containers{trainer}"},
        "reason": "BackOff", "type": "Warning",
        "message": "Back-off restarting failed container trainer in pod "
                   "finetune-qwen-6f8d7c9b4-k8s2d_training(pod-finetune)",
        "source": {"component": "kubelet", "host": "gpu-a10g-1"}, "count": 27,
        "firstTimestamp": "2026-11-29T14:10:00Z", "lastTimestamp": "2026-11-29T14:55:00Z"}]})
    w.write_json(layout.namespaced_list("deployments", "training"), {"kind": "DeploymentList", "apiVersion": "apps/v1",
                                                                    "items": [_deployment("finetune-qwen", "training", 1, 0, ft)]})
    w.write_json(layout.namespaced_list("replicasets", "training"), {
        "kind": "ReplicaSetList", "apiVersion": "apps/v1", "items": [_replicaset("finetune-qwen", "6f8d7c9b4", "training", 1, 0)]})
    w.write_manifest(None, created_at="2026-11-29T15:00:00Z")
    return Path(root)


def _deployment(name, ns, replicas, ready, container):
    return {"kind": "Deployment", "apiVersion": "apps/v1",
            "metadata": _meta(name, ns, {"app": name}, uid=f"{name}-deploy-uid"),
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name}},
                     "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
                     "template": {"metadata": {"labels": {"app": name}},
                                  "spec": {"containers": [container], "tolerations": GPU_TOLERATION}}},
            "status": {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "observedGeneration": 1}}


def _replicaset(name, hash_, ns, replicas, ready):
    return {"kind": "ReplicaSet", "apiVersion": "apps/v1",
            "metadata": _meta(f"{name}-{hash_}", ns, {"app": name, "pod-template-hash": hash_}, ("Deployment", name),
                              uid=f"{name}-{hash_}-uid"),
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": name, "pod-template-hash": hash_}}},
            "status": {"replicas": replicas, "readyReplicas": ready}}
