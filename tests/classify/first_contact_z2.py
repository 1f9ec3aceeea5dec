"""First-contact batch Z2 (fixtures/first-contact/batch-z2/cases.jsonl) as scenario bundles.

Real node-layer failures from public threads that no rule was written for, sampled with the fixed query list in
the batch README: AKS GPU nodes without a device plugin on Kubernetes 1.10 (two threads), pods rejected at
admission after a node restart before the device plugin re-registered (NVIDIA Cloud Native Stack), a JupyterHub
GPU node whose disk fills with large NVIDIA images, a GPU Operator v1.5.0 device plugin stuck in Init after a node
restart, an EKS bootstrap command that resets containerd's NVIDIA runtime, an eksctl GPU nodegroup booted from the
non-GPU AMI, an Azure kernel regression that hides a GPU, and a GPU Operator 1.8.0 driver pod that cannot mount
/run/nvidia on OpenShift 4.7. Each builder places the case's text verbatim where a collector would have found it
(prose texts are not placed) and builds the cluster state the thread describes. The expected answer was reasoned
from the thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_z2      # (re)writes fixtures/first-contact/batch-z2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, no_gpu_resource, plugin_ds, plugin_pod, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import T0, T1, World
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-z2", "Z2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

V15 = "nvcr.io/nvidia/cuda:11.2.0-base-ubi8"                        # GPU Operator 1.5 validation init image
V18 = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.8.0"   # GPU Operator 1.8 validator image

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fz201", "fz202", "fz203", "fz204", "fz205", "fz206", "fz207", "fz208"}


# ---- world helpers (batch Z2) ----------------------------------------------------------------

def _info(os_image: str, kernel: str, runtime: str, kubelet: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": runtime,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet, "architecture": "amd64",
            "operatingSystem": "linux"}


def _aks_labels(size: str, pool: str = "nodepool1") -> dict:
    return {"agentpool": pool, "kubernetes.azure.com/agentpool": pool, "accelerator": "nvidia",
            "beta.kubernetes.io/instance-type": size, "node.kubernetes.io/instance-type": size,
            "kubernetes.azure.com/role": "agent", "kubernetes.io/role": "agent"}


def _bare_gpu_node(w: World, name: str, *, labels: dict, info: dict, gpus: int | None = None) -> dict:
    """A GPU VM's node as the kubelet reports it when no device plugin ever registered (no GPU labels)."""
    n = host_node(w, name, gpus=gpus or 1, advertised=gpus is not None, labels=labels, info=info)
    strip_gfd(n, deploy=True)
    return n


def _rejected(pod: dict, message: str) -> None:
    """A pod the kubelet rejected at admission: phase Failed, reason UnexpectedAdmissionError, no container ran."""
    pod["status"].update({"phase": "Failed", "reason": "UnexpectedAdmissionError",
                          "message": f"Pod was rejected: {message}"})
    pod["status"].pop("podIP", None)
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    pod["status"].pop("containerStatuses", None)
    pod["status"].pop("initContainerStatuses", None)


def _images(pod: dict, image: str, init_image: str | None = None) -> None:
    """Set every container's image (and the init containers' to `init_image`), spec and status alike."""
    for c in pod["spec"]["containers"]:
        c["image"] = image
    for s in pod["status"].get("containerStatuses", []):
        s["image"] = image
    if init_image:
        for c in pod["spec"].get("initContainers", []):
            c["image"] = init_image
        for s in pod["status"].get("initContainerStatuses", []):
            s["image"] = init_image


def _operator_pod(w: World, ns: str, name: str, app: str, node: str, *, containers: tuple, inits: tuple = (),
                  phase: str = "Running", init_statuses: dict | None = None, statuses: dict | None = None,
                  restarts: int = 0, image: str, init_image: str, gpu: int = 0) -> dict:
    p = w.pod(ns, name, node=node, gpu=gpu, containers=containers, init_containers=inits, phase=phase,
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              tolerations=TOLERATE_GPU, init_statuses=init_statuses, statuses=statuses, restarts=restarts,
              ready=phase == "Running", runtime_class=None)
    _images(p, image, init_image)
    return p


def _init_waiting(pod: dict) -> None:
    """Phase Pending, Initialized False: the pod sits in Init (its first init container runs, nothing else)."""
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})


# ---- node layer ------------------------------------------------------------------------------

@case("fz201", node_subj("aks-nodepool1-21744328-0"),
      "AKS node `aks-nodepool1-21744328-0` (Standard_NC6, one Tesla K80, AKS Ubuntu 16.04 node image with the "
      "NVIDIA driver; node name, kernel and docker strings assumed for October 2018) on Kubernetes 1.10.8; no NVIDIA "
      "device plugin DaemonSet exists in the cluster, so capacity and allocatable have no nvidia.com/gpu. The text "
      "is prose and not placed in the bundle.")
def _(w, t):
    node = "aks-nodepool1-21744328-0"
    _bare_gpu_node(w, node, labels=_aks_labels("Standard_NC6"),
                   info=_info("Ubuntu 16.04.5 LTS", "4.15.0-1023-azure", "docker://3.0.1", "v1.10.8"))
    w.target("Node", None, node)


@case("fz202", pod_subj("cuda-inference-6d8b9c7f5-x2kq7", "default"),
      "NVIDIA Cloud Native Stack GPU worker `cns-gpu-worker-1` (kubeadm, Ubuntu 22.04, containerd; one GPU; "
      "kernel/containerd/kubelet strings, GPU model and names assumed) with the GPU Operator stack healthy again after "
      "the node's restart (the device plugin re-registered, nvidia.com/gpu 1 advertised); two pods of the "
      "`cuda-inference` Deployment that the kubelet re-admitted before the plugin was back are phase Failed, reason "
      "UnexpectedAdmissionError, with the kubelet's standard message (illustrative) as status message and event; the "
      "replacement pod is Running; the node's `Rebooted` event (standard wording, illustrative). The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    node = "cns-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    n["status"]["nodeInfo"].update(_info("Ubuntu 22.04.5 LTS", "5.15.0-144-generic", "containerd://2.1.4", "v1.34.1"))
    ns, rs = "default", "cuda-inference-6d8b9c7f5"
    msg = ("Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, "
           "which is unexpected")
    for name in ("cuda-inference-6d8b9c7f5-x2kq7", "cuda-inference-6d8b9c7f5-m8w4n"):
        p = w.pod(ns, name, node=node, containers=("inference",), image="nvcr.io/nvidia/cuda:12.9.1-base-ubuntu22.04",
                  owner=("ReplicaSet", rs), labels={"app": "cuda-inference"}, tolerations=TOLERATE_GPU)
        _rejected(p, msg)
        w.event(ns, "Pod", name, "UnexpectedAdmissionError", msg, host=node)
    w.pod(ns, "cuda-inference-6d8b9c7f5-r5t9z", node=node, containers=("inference",),
          image="nvcr.io/nvidia/cuda:12.9.1-base-ubuntu22.04", owner=("ReplicaSet", rs),
          labels={"app": "cuda-inference"}, tolerations=TOLERATE_GPU)
    w.event("default", "Node", node, "Rebooted",
            f"Node {node} has been rebooted, boot id: 6f1c2a9e-3b7d-4c55-9e0a-2d4f8b1c7e63", host=node)
    w.target("Pod", ns, "cuda-inference-6d8b9c7f5-x2kq7")


@case("fz203", pod_subj("jupyter-julienchastang", "jhub"),
      "JupyterHub on Kubernetes on Jetstream2 OpenStack VMs: GPU worker `k8s-gpu-node-1` (one GPU, 58G root disk "
      "holding /var/lib/containerd; kubelet/containerd strings and GPU model assumed) with the NVIDIA device plugin "
      "DaemonSet; the node reports DiskPressure (True) and carries the node.kubernetes.io/disk-pressure taint, with "
      "the kubelet's `EvictionThresholdMet` event (standard wording, illustrative); the user's GPU single-user pod "
      "`jupyter-julienchastang` (image unidata/testing123:xxx as named in the thread) waits in ErrImagePull with the "
      "standard containerd 'no space left on device' pull error (illustrative; the thread quotes only du/df output). "
      "The text is prose and not placed in the bundle.")
def _(w, t):
    node = "k8s-gpu-node-1"
    n = host_node(w, node, labels={"node.kubernetes.io/instance-type": "g3.large"},
                  info=_info("Ubuntu 20.04.6 LTS", "5.4.0-172-generic", "containerd://1.7.13", "v1.28.7"))
    n["status"]["capacity"]["ephemeral-storage"] = "60795672Ki"
    n["status"]["allocatable"]["ephemeral-storage"] = "56029291223"
    for c in n["status"]["conditions"]:
        if c["type"] == "DiskPressure":
            c.update({"status": "True", "reason": "KubeletHasDiskPressure", "message": "kubelet has disk pressure",
                      "lastTransitionTime": T1})
    n["spec"]["taints"] = [{"key": "node.kubernetes.io/disk-pressure", "effect": "NoSchedule",
                            "timeAdded": T1}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q4m8x")
    plugin_ds(w, KS, [p])
    w.event("default", "Node", node, "EvictionThresholdMet", "Attempting to reclaim ephemeral-storage", host=node)
    ns, name = "jhub", "jupyter-julienchastang"
    pull = ('failed to pull and unpack image "docker.io/unidata/testing123:xxx": failed to extract layer '
            'sha256:5b1f6c3e9a0d4e7f8c2b1a9d6e3f0c7b4a8d2e5f1c9b6a3d0e7f4c1b8a5d2e9f: write '
            '/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/412/fs/usr/local/lib/python3.10/'
            'dist-packages/tensorflow/libtensorflow_cc.so.2: no space left on device: unknown')
    w.pod(ns, name, node=node, containers=("notebook",), phase="Pending", ready=False, image="unidata/testing123:xxx",
          labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/username": "julienchastang"},
          tolerations=TOLERATE_GPU, statuses=waiting("notebook", "ErrImagePull", f"rpc error: code = Unknown desc = {pull}"))
    w.event(ns, "Pod", name, "Failed", f"Failed to pull image \"unidata/testing123:xxx\": {pull}", count=6, host=node)
    w.event(ns, "Pod", name, "Failed", "Error: ErrImagePull", count=6, host=node)
    w.target("Pod", ns, name)


@case("fz204", node_subj("gpu-node-2"),
      "Ubuntu 18.04 GPU node `gpu-node-2` (docker; one GPU; kernel/docker/kubelet strings and GPU model assumed) with "
      "the GPU Operator v1.5.0 in namespace gpu-operator-resources, just after a node restart: the pods of the "
      "thread's list (gpu-feature-discovery-hw6h2 and nvidia-container-toolkit-daemonset-w4m6w Running with one "
      "restart, nvidia-dcgm-exporter-vgsph and nvidia-device-plugin-daemonset-qf49z in Init:0/1 with their "
      "toolkit-validation init container running, nvidia-device-plugin-validation Completed) plus the driver pod "
      "(cut in the stored copy; Running, name assumed); the kubelet kept nvidia.com/gpu 1 in capacity and reports "
      "allocatable 0 (assumed). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-2"
    n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-32GB", memory_mib=32510, operator=False, allocatable=0)
    n["status"]["nodeInfo"].update(_info("Ubuntu 18.04.5 LTS", "4.15.0-132-generic", "docker://20.10.2", "v1.19.7"))
    ns = "gpu-operator-resources"
    running = {"state": {"running": {"startedAt": T1}}, "ready": True, "restartCount": 1}
    _operator_pod(w, ns, "gpu-feature-discovery-hw6h2", "gpu-feature-discovery", node,
                  containers=("gpu-feature-discovery",), statuses={"gpu-feature-discovery": running}, restarts=1,
                  image="nvcr.io/nvidia/gpu-feature-discovery:v0.3.0", init_image=V15)
    _operator_pod(w, ns, "nvidia-container-toolkit-daemonset-w4m6w", "nvidia-container-toolkit-daemonset", node,
                  containers=("nvidia-container-toolkit-ctr",), statuses={"nvidia-container-toolkit-ctr": running},
                  restarts=1, image="nvcr.io/nvidia/k8s/container-toolkit:1.4.3-ubuntu18.04", init_image=V15)
    _operator_pod(w, ns, "nvidia-driver-daemonset-8kq2v", "nvidia-driver-daemonset", node,
                  containers=("nvidia-driver-ctr",), statuses={"nvidia-driver-ctr": running}, restarts=1,
                  image="nvcr.io/nvidia/driver:460.32.03-ubuntu18.04", init_image=V15)
    init_run = {"toolkit-validation": {"state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 1}}
    for name, app, ctr, image in (
            ("nvidia-dcgm-exporter-vgsph", "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
             "nvcr.io/nvidia/k8s/dcgm-exporter:2.1.4-2.1.1-ubuntu18.04"),
            ("nvidia-device-plugin-daemonset-qf49z", "nvidia-device-plugin-daemonset", "nvidia-device-plugin-ctr",
             "nvcr.io/nvidia/k8s-device-plugin:v0.7.3-ubi8")):
        p = _operator_pod(w, ns, name, app, node, containers=(ctr,), inits=("toolkit-validation",),
                          init_statuses=init_run, image=image, init_image=V15)
        _init_waiting(p)
        for s in p["status"]["containerStatuses"]:
            s["restartCount"] = 1
    v = w.pod(ns, "nvidia-device-plugin-validation", node=node, gpu=1, containers=("cuda-vector-add",),
              phase="Succeeded", image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda10.2",
              labels={"app": "nvidia-device-plugin-validation"}, tolerations=TOLERATE_GPU,
              extra_spec={"restartPolicy": "OnFailure"})
    v["status"]["conditions"][-1]["status"] = "False"
    _images(v, "nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda10.2")
    w.event("default", "Node", node, "Rebooted",
            f"Node {node} has been rebooted, boot id: 0c9d4e2a-7f1b-4a63-8d5e-91b2c3f4a7d8", host=node)
    w.target("Node", None, node)


@case("fz205", node_subj("ip-192-168-41-87.eu-west-1.compute.internal"),
      "EKS node of an eksctl nodegroup `gpu-workers` (g4dn.xlarge with one Tesla T4 assumed; Ubuntu 20.04 image with "
      "the NVIDIA driver and nvidia-container-toolkit 1.12.0; kernel/containerd/kubelet strings and names assumed); "
      "the nodegroup's overrideBootstrapCommand reran /etc/eks/bootstrap.sh, leaving containerd without the nvidia "
      "default runtime (the containerd configuration is not part of the bundle); the NVIDIA device plugin DaemonSet "
      "(static manifest v0.13.0 in kube-system) pod is Running, its log is not quoted in the stored excerpts and none "
      "is added; the node advertises no nvidia.com/gpu. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ip-192-168-41-87.eu-west-1.compute.internal"
    labels = eks_labels("g4dn.xlarge", "gpu-workers")
    labels.update({"topology.kubernetes.io/region": "eu-west-1", "alpha.eksctl.io/nodegroup-name": "gpu-workers"})
    _bare_gpu_node(w, node, labels=labels,
                   info=_info("Ubuntu 20.04.5 LTS", "5.15.0-1031-aws", "containerd://1.6.12", "v1.24.10"))
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7wq5k", log=None,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fz206", pod_subj("tf-gpu-5f7c9d8b4-lq2xn"),
      "AKS node `aks-nodepool1-39584721-0` (Standard_NC6, one Tesla K80, AKS Ubuntu 16.04 node image with the NVIDIA "
      "driver; node name, kernel and docker strings assumed for June 2018) on Kubernetes 1.10.3; no NVIDIA device "
      "plugin DaemonSet, so nothing GPU-related in capacity or allocatable; a TensorFlow GPU Deployment pod "
      "(one nvidia.com/gpu; names and image assumed) is Pending with the standard 1.10 FailedScheduling message "
      "(illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "aks-nodepool1-39584721-0"
    _bare_gpu_node(w, node, labels=_aks_labels("Standard_NC6"),
                   info=_info("Ubuntu 16.04.4 LTS", "4.15.0-1013-azure", "docker://1.13.1", "v1.10.3"))
    name = "tf-gpu-5f7c9d8b4-lq2xn"
    msg = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    w.pod("ml", name, containers=("tensorflow",), image="tensorflow/tensorflow:1.8.0-gpu",
          owner=("ReplicaSet", "tf-gpu-5f7c9d8b4"), scheduled_message=msg)
    w.event("ml", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Pod", "ml", name)


@case("fz207", node_subj("ip-192-168-12-204.us-east-1.compute.internal"),
      "EKS self-managed nodegroup `gpu-ng` created by eksctl 0.179.0 (g6.xlarge, one NVIDIA L4) from the standard "
      "EKS-optimized Amazon Linux 2 AMI: no NVIDIA driver or toolkit on the node, no GPU labels, no nvidia.com/gpu; "
      "eksctl, not treating g6 as GPU, installed no NVIDIA device plugin DaemonSet (assumed); kernel/containerd/"
      "kubelet strings for Kubernetes 1.30 and the node name assumed. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ip-192-168-12-204.us-east-1.compute.internal"
    labels = eks_labels("g6.xlarge", "gpu-ng")
    labels.update({"topology.kubernetes.io/region": "us-east-1", "alpha.eksctl.io/nodegroup-name": "gpu-ng",
                   "alpha.eksctl.io/cluster-name": "ml-cluster"})
    labels.pop("eks.amazonaws.com/nodegroup", None)
    _bare_gpu_node(w, node, labels=labels,
                   info=_info("Amazon Linux 2", "5.10.215-203.850.amzn2.x86_64", "containerd://1.7.11",
                              "v1.30.0-eks-036c24b"))
    w.target("Node", None, node)


@case("fz208", node_subj("aks-default-20518994-0"),
      "AKS node `aks-default-20518994-0` (name from the thread's prompt) in an NC-series pool (Standard_NC12 with two "
      "Tesla K80s assumed), Ubuntu 16.04 node image on the regressed Azure kernel (4.15.0-1037-azure assumed) with "
      "driver 396.26; the NVIDIA device plugin DaemonSet pod is Running and healthy; capacity and allocatable show "
      "nvidia.com/gpu 1; the node's kernel log holds the module load line quoted in the thread. The text is prose and "
      "not placed in the bundle.")
def _(w, t):
    node = "aks-default-20518994-0"
    _bare_gpu_node(w, node, gpus=1, labels=_aks_labels("Standard_NC12", "default"),
                   info=_info("Ubuntu 16.04.5 LTS", "4.15.0-1037-azure", "docker://3.0.4", "v1.12.5"))
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-2rdpw", image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [p])
    w.dmesg(node, "[  168.816928] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  396.26  Mon Apr 30 18:01:39 PDT 2018 "
                  "(using threaded interrupts)")
    w.target("Node", None, node)


@case("fz209", node_subj("worker-gpu-0"),
      "OpenShift 4.7.22 GPU worker `worker-gpu-0` (RHCOS/CRI-O strings, GPU model and names assumed) with the GPU "
      "Operator 1.8.0 in namespace gpu-operator-resources: the driver DaemonSet pod's k8s-driver-manager init "
      "container waits in CreateContainerConfigError with the first quoted line as message and kubelet `Failed` "
      "event (x31); toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; "
      "the node keeps nvidia.com/gpu 1 in capacity with allocatable 0 (assumed); the operator's device-plugin "
      "validator pod (one GPU) is phase Failed, reason UnexpectedAdmissionError, the second quoted line as its "
      "kubelet event and status message.")
def _(w, t):
    first, second = t.split("\n\n")
    first, second = first.removeprefix('"'), second.strip('"')     # the reporter's quotes around each event
    vol_msg = first.removeprefix("Error: ")
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109, operator=False, allocatable=0)
    strip_gfd(n)
    n["metadata"]["labels"].update({"node-role.kubernetes.io/worker": "",
                                    "feature.node.kubernetes.io/system-os_release.ID": "rhcos"})
    n["status"]["nodeInfo"].update(_info("Red Hat Enterprise Linux CoreOS 47.84.202107221523-0 (Ootpa)",
                                         "4.18.0-305.10.2.el8_4.x86_64", "cri-o://1.20.4-3.rhaos4.7.git1cd4f2e.el8",
                                         "v1.20.0+558d959"))
    ns = "gpu-operator-resources"
    drv = _operator_pod(w, ns, "nvidia-driver-daemonset-zt5xn", "nvidia-driver-daemonset", node,
                        containers=("nvidia-driver-ctr",), inits=("k8s-driver-manager",),
                        init_statuses={"k8s-driver-manager": waiting("k8s-driver-manager", "CreateContainerConfigError",
                                                                     vol_msg)["k8s-driver-manager"]},
                        image="nvcr.io/nvidia/driver:470.57.02-rhcos4.7",
                        init_image="nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.1.0")
    _init_waiting(drv)
    w.event(ns, "Pod", "nvidia-driver-daemonset-zt5xn", "Failed", first, count=31, host=node,
            field_path="spec.initContainers{k8s-driver-manager}")
    for name, app, ctr, init, image in (
            ("nvidia-container-toolkit-daemonset-hx8lq", "nvidia-container-toolkit-daemonset",
             "nvidia-container-toolkit-ctr", "driver-validation", "nvcr.io/nvidia/k8s/container-toolkit:1.6.0-ubi8"),
            ("nvidia-operator-validator-b6c2m", "nvidia-operator-validator", "nvidia-operator-validator",
             "driver-validation", V18),
            ("nvidia-device-plugin-daemonset-9fj4d", "nvidia-device-plugin-daemonset", "nvidia-device-plugin",
             "toolkit-validation", "nvcr.io/nvidia/k8s-device-plugin:v0.9.0-ubi8"),
            ("gpu-feature-discovery-c7wkt", "gpu-feature-discovery", "gpu-feature-discovery", "toolkit-validation",
             "nvcr.io/nvidia/gpu-feature-discovery:v0.4.1")):
        p = _operator_pod(w, ns, name, app, node, containers=(ctr,), inits=(init,), image=image, init_image=V18,
                          init_statuses={init: {"state": {"running": {"startedAt": T0}}, "ready": False,
                                                "restartCount": 0}})
        _init_waiting(p)
    val = w.pod(ns, "nvidia-device-plugin-validator-5qz8r", node=node, gpu=1, containers=("plugin-validation",),
                image="nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.8.0",
                labels={"app": "nvidia-device-plugin-validator"}, tolerations=TOLERATE_GPU,
                extra_spec={"restartPolicy": "OnFailure"})
    _images(val, V18)
    _rejected(val, second)
    w.event(ns, "Pod", "nvidia-device-plugin-validator-5qz8r", "UnexpectedAdmissionError", second, host=node)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
