"""Builds first-contact batch B15 (fixtures/first-contact/batch-b15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the device-plugin and container-runtime kind, taken from the four search corpora
with the fixed query list of the batch README (60 queries, round-robin). fb1501's PTX error, fb1502's nested procfs
error and fb1503's create-symlinks error are placed verbatim where they would appear in a cluster (a container's
previous log; a StartError termination message and the kubelet's Failed event); fb1504 is a prose case (a release
note's sentences, which never reach a cluster: TEXT_NOT_IN_BUNDLE) whose bundle carries the state the note describes.
The expected answers were reasoned from the sources (`expected` in the case, preferred first) and committed before
any rule change; they are never taken from the tool's output.

Names and versions the sources do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
GPU models, namespaces) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b15      # (re)writes fixtures/first-contact/batch-b15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_a14 import driver_version, stack_images
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-b15", "B15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a source's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1504"}

_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
           "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
           "kubeProxyVersion": "v1.31.4"}


def _cp(w, name: str, info: dict) -> None:
    n = w.node(name, cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)


# ---- fb1501: toolkit 1.17.4 stops mounting the image's CUDA compat libs; PTX JIT fails -------------------

_FB1501_NODES = ("gpu-a10-1", "gpu-a10-2")
_FB1501_IMAGE = "nvcr.io/nvidia/pytorch:24.12-py3"


@case("fb1501", pod_subj("llm-train-worker-0", "training"),
      "Vanilla Kubernetes v1.31.4 (assumed; the page names no cluster) with one control-plane node and two GPU nodes "
      "(one NVIDIA A10 each, Ubuntu 22.04; names, kernel and containerd builds assumed) under GPU Operator v24.9.2 "
      "whose container toolkit is v1.17.4 and whose driver is 535.230.02 (CUDA 12.2; GFD labels cuda.driver.major "
      "535, cuda.runtime 12.2). The operand stack is healthy and each node advertises nvidia.com/gpu 1. The "
      "StatefulSet llm-train-worker (namespace training, image nvcr.io/nvidia/pytorch:24.12-py3 with CUDA 12.6 and "
      "its forward-compatibility libraries, 1 GPU per pod) has its two pods crash-looping; each trainer container's "
      "previous log ends with a RuntimeError line holding the page's quoted words verbatim (the line's prefix and "
      "the lines before it are assumed).")
def _(w, t):
    w.git_version = "v1.31.4"
    _cp(w, "cp-1", _UBUNTU)
    for node in _FB1501_NODES:
        n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028,
                       labels={"nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "230",
                               "nvidia.com/cuda.runtime.major": "12", "nvidia.com/cuda.runtime.minor": "2"})
        node_info(n, **_UBUNTU)
        sized(n, "32", "131890104Ki")
        driver_version(w, node, "535.230.02")
        stack_images(w, node, "v24.9.2", "535.230.02-ubuntu22.04", "v1.17.4-ubuntu20.04", "v0.17.0")
    for i, node in enumerate(_FB1501_NODES):
        name = f"llm-train-worker-{i}"
        p = w.pod("training", name, node=node, gpu=1, containers=("trainer",), image=_FB1501_IMAGE,
                  labels={"app": "llm-train-worker"}, owner=("StatefulSet", "llm-train-worker"),
                  tolerations=GPU_TOLERATION, cpu="8", memory="48Gi",
                  env=[{"name": "MASTER_ADDR", "value": "llm-train-worker-0.llm-train"},
                       {"name": "WORLD_SIZE", "value": "2"}, {"name": "RANK", "value": str(i)}])
        crashloop(p, "trainer", restarts=6, code=1)
        w.log("training", name, "trainer",
              f"[rank{i}]: initializing process group (nccl), world_size=2\n"
              f"[rank{i}]: loading model shards from /data/ckpt\n"
              "Traceback (most recent call last):\n"
              '  File "/workspace/train.py", line 212, in <module>\n'
              "    main()\n"
              '  File "/workspace/train.py", line 148, in main\n'
              "    loss = model(batch).loss\n"
              f"RuntimeError: CUDA error: {t}\n"
              "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
              "below might be incorrect.\n", previous=True)
        backoff(w, "training", name, "trainer", node, count=21)
    w.workload("StatefulSet", "training", "llm-train-worker", replicas=2,
               template_pod=w.get_pod("training", "llm-train-worker-0"),
               status={"replicas": 2, "readyReplicas": 0, "currentReplicas": 2, "updatedReplicas": 2})
    w.target("Pod", "training", "llm-train-worker-0")


# ---- fb1502: nested container in a privileged GPU pod cannot mount procfs --------------------------------

_FB1502_NODE = "ip-192-168-23-114.us-west-2.compute.internal"
_FB1502_POD = "sandbox-runner-6f9c8d7b5-q2x8k"


@case("fb1502", pod_subj(_FB1502_POD, "ci"),
      "EKS 1.22 (modelled; the thread names EKS and g4dn.xlarge) with one g4dn.xlarge GPU node on the EKS-optimized "
      "accelerated AL2 AMI (Docker runtime with the NVIDIA runtime as default, host driver 470.x; version strings "
      "assumed) and the NVIDIA device plugin v0.11.0 DaemonSet in kube-system (1/1 Running, healthy log), the node "
      "advertising nvidia.com/gpu 1. The Deployment sandbox-runner (namespace ci, image ubuntu:22.04 with runc "
      "installed, privileged, nvidia.com/gpu 1) has its pod crash-looping: the runner starts a nested container with "
      "new namespaces and a proc mount, and the previous log holds an assumed wrapper line followed by the quoted "
      "error verbatim.")
def _(w, t):
    w.git_version = "v1.22.17-eks-0a21954"
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.209-116.367.amzn2.x86_64",
            "containerRuntimeVersion": "docker://20.10.13", "kubeletVersion": "v1.22.12-eks-ba74326",
            "kubeProxyVersion": "v1.22.12-eks-ba74326"}
    host_node(w, _FB1502_NODE, gpus=1, info=info,
              labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "eks.amazonaws.com/nodegroup": "gpu",
                      "k8s.amazonaws.com/accelerator": "nvidia-tesla-t4"})
    sized(w.get_node(_FB1502_NODE), "4", "15950156Ki")
    dp = plugin_pod(w, _FB1502_NODE, "nvidia-device-plugin-daemonset-7kq2d",
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.11.0")
    plugin_ds(w, KS, [dp])
    rs = "sandbox-runner-6f9c8d7b5"
    p = w.pod("ci", _FB1502_POD, node=_FB1502_NODE, gpu=1, containers=("runner",), image="ubuntu:22.04",
              labels={"app": "sandbox-runner"}, owner=("ReplicaSet", rs), tolerations=GPU_TOLERATION,
              cpu="2", memory="8Gi")
    p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    p["spec"]["containers"][0]["command"] = ["/usr/local/bin/run-sandbox.sh"]
    crashloop(p, "runner", restarts=5, code=1)
    w.log("ci", _FB1502_POD, "runner",
          "starting nested container sandbox-1 (runc run --bundle /sandbox/bundle sandbox-1)\n" + t + "\n",
          previous=True)
    backoff(w, "ci", _FB1502_POD, "runner", _FB1502_NODE, count=12)
    w.workload("ReplicaSet", "ci", rs, template_pod=p, owner=("Deployment", "sandbox-runner"),
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0})
    w.workload("Deployment", "ci", "sandbox-runner", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Pod", "ci", _FB1502_POD)


# ---- fb1503: toolkit v1.17.0 CDI create-symlinks hook vs the image's Mesa libGLX_indirect link --------------

_FB1503_NODE = "gpu-node-a10g-1"
_FB1503_POD = "jupyterlab-gpu-0"


@case("fb1503", pod_subj(_FB1503_POD, "notebooks"),
      "Vanilla Kubernetes v1.31.4 (assumed; the thread names no cluster) with a control-plane node and one GPU node "
      "(one NVIDIA A10G, Ubuntu 22.04; names and builds assumed) under GPU Operator v24.9.0 whose container toolkit "
      "is v1.17.0, with CDI enabled and the CDI runtime class the default (ClusterPolicy cdi.enabled and cdi.default "
      "true) and driver 535.183.01 (the version in the message). The operand stack is healthy and the node "
      "advertises nvidia.com/gpu 1. The StatefulSet jupyterlab-gpu (namespace notebooks, a JupyterLab CUDA image "
      "with Mesa installed, runtimeClassName nvidia-cdi, 1 GPU) has its pod crash-looping with StartError exit 128; "
      "the termination message and the kubelet's Failed event hold the quoted text verbatim inside the containerd/"
      "runc error chain (the chain's wording and timestamp are assumed).")
def _(w, t):
    w.git_version = "v1.31.4"
    _cp(w, "cp-1", _UBUNTU)
    n = w.gpu_node(_FB1503_NODE, gpus=1, product="NVIDIA-A10G", memory_mib=23028,
                   labels={"nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.runtime.major": "12"})
    node_info(n, **_UBUNTU)
    sized(n, "16", "65842896Ki")
    driver_version(w, _FB1503_NODE, "535.183.01")
    stack_images(w, _FB1503_NODE, "v24.9.0", "535.183.01-ubuntu22.04", "v1.17.0-ubuntu20.04", "v0.17.0")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 2},
        "spec": {"cdi": {"enabled": True, "default": True},
                 "driver": {"enabled": True, "version": "535.183.01"},
                 "toolkit": {"enabled": True, "version": "v1.17.0-ubuntu20.04"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Reconciled",
                                   "lastTransitionTime": T0, "message": ""}]}}]
    w.custom["runtimeclasses.node.k8s.io"] = [
        {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "handler": h,
         "metadata": {"name": h, "creationTimestamp": T0, "labels": {"app.kubernetes.io/component": "gpu-operator"}}}
        for h in ("nvidia", "nvidia-cdi", "nvidia-legacy")]
    chain = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
             "failed: unable to start container process: error during container init: error running hook #1: "
             "error running hook: exit status 1, stdout: , stderr: time=\"2026-11-29T14:52:10Z\" level=error "
             f"msg=\"{t}\": unknown")
    p = w.pod("notebooks", _FB1503_POD, node=_FB1503_NODE, gpu=1, containers=("notebook",),
              image="glcr.b-data.ch/jupyterlab/cuda/python/base:3.12", runtime_class="nvidia-cdi",
              labels={"app": "jupyterlab-gpu"}, owner=("StatefulSet", "jupyterlab-gpu"),
              tolerations=GPU_TOLERATION, cpu="4", memory="16Gi")
    crashloop(p, "notebook", restarts=8, code=128, reason="StartError", message=chain)
    w.event("notebooks", "Pod", _FB1503_POD, "Failed", f"Error: {chain}", host=_FB1503_NODE, count=9,
            field_path="spec.containers{notebook}")
    backoff(w, "notebooks", _FB1503_POD, "notebook", _FB1503_NODE, count=30)
    w.workload("StatefulSet", "notebooks", "jupyterlab-gpu", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", "notebooks", _FB1503_POD)


# ---- fb1504: kubelet 1.9.7 does not update allocatable when the device plugin re-registers ----------------

_FB1504_NODE = "gpu-worker-01"
_FB1504_POD = "resnet-train-7d8f9c6b5-k4m2x"
_FB1504_INFO = {"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.4.0-119-generic",
                "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.9.7",
                "kubeProxyVersion": "v1.9.7"}
_PLUGIN_19_LOG = """2018/04/20 10:12:03 Loading NVML
2018/04/20 10:12:03 Fetching devices.
2018/04/20 10:12:03 Starting FS watcher.
2018/04/20 10:12:03 Starting OS watcher.
2018/04/20 10:12:03 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock
2018/04/20 10:12:03 Registered device plugin with Kubelet
"""


@case("fb1504", pod_subj(_FB1504_POD, "ml"),
      "A kubeadm Kubernetes v1.9.7 cluster (before the fix in 1.9.8; Ubuntu 16.04, Docker 17.03 with nvidia-docker2 "
      "as the default runtime, names and builds assumed) with a control-plane node and one worker with 4 Tesla V100 "
      "GPUs. The NVIDIA device plugin DaemonSet (kube-system, image nvidia/k8s-device-plugin:1.9) has its pod "
      "Running and ready with restartCount 1 (it restarted) and a log saying it registered with the kubelet again; "
      "the node's capacity is nvidia.com/gpu 4 but allocatable 0, no GPU pod runs there. The Deployment "
      "resnet-train (namespace ml, 1 GPU) has its pod Pending with the 1.9 scheduler's FailedScheduling wording "
      "(modelled). The release note is prose and is not placed.")
def _(w, t):
    w.git_version = "v1.9.7"
    cp_info = dict(_FB1504_INFO)
    _cp(w, "k8s-master-01", cp_info)
    host_node(w, _FB1504_NODE, gpus=4, allocatable=0, info=_FB1504_INFO)
    sized(w.get_node(_FB1504_NODE), "32", "263514892Ki")
    dp = plugin_pod(w, _FB1504_NODE, "nvidia-device-plugin-daemonset-2xq7m", log=_PLUGIN_19_LOG,
                    image="nvidia/k8s-device-plugin:1.9")
    st = dp["status"]["containerStatuses"][0]
    st["restartCount"] = 1
    st["lastState"] = {"terminated": {"exitCode": 2, "reason": "Error", "startedAt": T0, "finishedAt": T1}}
    plugin_ds(w, KS, [dp])
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 PodToleratesNodeTaints."
    rs = "resnet-train-7d8f9c6b5"
    p = w.pod("ml", _FB1504_POD, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/tensorflow:18.04-py3",
              labels={"app": "resnet-train"}, owner=("ReplicaSet", rs), scheduled_message=msg, cpu="8",
              memory="32Gi")
    p["status"]["conditions"][0]["message"] = msg
    w.event("ml", "Pod", _FB1504_POD, "FailedScheduling", msg, component="default-scheduler", count=42)
    w.workload("ReplicaSet", "ml", rs, template_pod=p, owner=("Deployment", "resnet-train"),
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0})
    w.workload("Deployment", "ml", "resnet-train", template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1})
    w.target("Pod", "ml", _FB1504_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
