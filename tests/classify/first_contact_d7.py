"""First-contact batch D7 (fixtures/first-contact/batch-d7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer, sampled this time from the search tool's
`code` corpus (troubleshooting notes, runbooks, FAQs and documentation files in public repositories) with the fixed
query list in the batch README. Each builder places the case's text where the file says it appeared (or, for a prose
case, builds only the cluster state the file describes) and fills in the rest of the cluster healthy and plausible.
The expected answer was reasoned from the file (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Version strings and names the file does not state (node and pod names, kernels, kubelet and runtime versions, GPU
models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d7      # (re)writes fixtures/first-contact/batch-d7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, drop_logs, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, World
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d7", "D7")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd703"}

TOLERATE_GPU = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- world helpers ---------------------------------------------------------------------------

def rename_stack(w: World, node: str, role: str, name: str) -> dict:
    """Give a GPU-stack pod the name the file quotes (its logs follow it)."""
    p = stack_pod(w, node, role)
    old = p["metadata"]["name"]
    p["metadata"]["name"] = name
    w._stack[(node, role)] = name
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == old]:
        w.logs[(OPERATOR_NS, name, key[2], key[3])] = w.logs.pop(key)
    return p


def operator_images(w: World, tag: str) -> None:
    """Retag the GPU Operator operand images (the builder's default is v24.9.0)."""
    for p in w.pods.get(OPERATOR_NS, []):
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace("v24.9.0", tag)
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["image"] = s["image"].replace("v24.9.0", tag)


def waiting_pod(w: World, ns: str, name: str, *, node: str, reason: str, container: str, image: str,
                runtime_class: str | None = None, gpu: int = 1) -> dict:
    """A pod bound to `node` whose container was never created (phase Pending, waiting `reason`, no message)."""
    return w.pod(ns, name, node=node, gpu=gpu, containers=(container,), phase="Pending", ready=False, image=image,
                 runtime_class=runtime_class,
                 statuses={container: {"state": {"waiting": {"reason": reason}}, "ready": False, "restartCount": 0}})


# ---- Canonical Kubernetes: the toolkit configured the wrong containerd ------------------------

@case("fd701", pod_subj("gpu-textgen", "default"),
      "Single-node Canonical Kubernetes cluster (the k8s snap: its containerd is snap.k8s.containerd.service; Kubernetes "
      "and containerd versions, Ubuntu/kernel strings and the GPU model assumed: one NVIDIA L40S) on node 192-18-132-31. "
      "The GPU Operator Helm release gpu-operator-1758912452 runs with a host driver (no driver DaemonSet pod; the node's "
      "nvidia.com/gpu.deploy.driver label is pre-installed, assumed) and toolkit v1.17.5-ubuntu20.04 left at its default "
      "containerd paths. Pods as quoted in `kubectl get pods -n gpu-operator`: nvidia-container-toolkit-daemonset-bhqw6 "
      "crash-looping (14 restarts; its log is not quoted and none is modelled), gpu-feature-discovery-6hbp9, "
      "nvidia-device-plugin-daemonset-7npm6, nvidia-dcgm-exporter-zb2zm and nvidia-operator-validator-gbcq4 Running, "
      "nvidia-cuda-validator-btjl6 Completed, the operator pod gpu-operator-687f46747c-whzzw Running (the NFD pods are "
      "not modelled). The node advertises nvidia.com/gpu 1 (the device plugin runs; assumed). The gpu-textgen pod in "
      "default (runtimeClassName nvidia and its image assumed) is bound to the node and waits in ContainerCreating; the "
      "kubelet's FailedCreatePodSandBox event (x279) carries the text's message. The snap containerd's journal line is "
      "not a collected file and is not in the bundle.")
def _(w, t):
    node = "192-18-132-31"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-84-generic",
              containerRuntimeVersion="containerd://1.7.28", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    remove_stack_pod(w, node, "driver")
    tk = rename_stack(w, node, "toolkit", "nvidia-container-toolkit-daemonset-bhqw6")
    crashloop(tk, "nvidia-container-toolkit-ctr", restarts=14)
    backoff(w, OPERATOR_NS, "nvidia-container-toolkit-daemonset-bhqw6", "nvidia-container-toolkit-ctr", node, count=52)
    rename_stack(w, node, "device-plugin", "nvidia-device-plugin-daemonset-7npm6")
    rename_stack(w, node, "gfd", "gpu-feature-discovery-6hbp9")
    rename_stack(w, node, "validator", "nvidia-operator-validator-gbcq4")
    w.pod(OPERATOR_NS, "nvidia-cuda-validator-btjl6", node=node, gpu=0, containers=("nvidia-cuda-validator",),
          phase="Succeeded", ready=False, runtime_class="nvidia", labels={"app": "nvidia-cuda-validator"},
          extra_spec={"restartPolicy": "OnFailure"})
    w.pod(OPERATOR_NS, "nvidia-dcgm-exporter-zb2zm", node=node, gpu=0, containers=("nvidia-dcgm-exporter",),
          runtime_class="nvidia", labels={"app": "nvidia-dcgm-exporter", "app.kubernetes.io/part-of": "gpu-operator"},
          owner=("DaemonSet", "nvidia-dcgm-exporter"), tolerations=TOLERATE_GPU)
    w.workload("DaemonSet", OPERATOR_NS, "nvidia-dcgm-exporter",
               template_pod=w.get_pod(OPERATOR_NS, "nvidia-dcgm-exporter-zb2zm"),
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    op = w.pod(OPERATOR_NS, "gpu-operator-687f46747c-whzzw", gpu=0, node=node, containers=("gpu-operator",),
               labels={"app": "gpu-operator"}, owner=("ReplicaSet", "gpu-operator-687f46747c"))
    set_image(op, "gpu-operator", "nvcr.io/nvidia/gpu-operator:v25.3.4")
    operator_images(w, "v25.3.4")
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.17.5-ubuntu20.04")
    msg = t.split("kubelet  ", 1)[1]
    waiting_pod(w, "default", "gpu-textgen", node=node, reason="ContainerCreating", container="gpu-textgen",
                image="python:3.11", runtime_class="nvidia")
    w.event("default", "Pod", "gpu-textgen", "FailedCreatePodSandBox", msg, component="kubelet", host=node, count=279)
    w.target("Pod", "default", "gpu-textgen")


# ---- homelab: the device plugin pod runs without the NVIDIA runtime --------------------------

@case("fd702", node_subj("donovan-xps-8930-gpu"),
      "Homelab kubeadm-style cluster (Kubernetes v1.33.7, containerd 1.7.28 as quoted; kernel string assumed) with a "
      "control-plane node (name assumed) and the GPU worker donovan-xps-8930-gpu (Ubuntu 24.04.3 LTS, one GeForce GTX "
      "1060 6GB, 12 CPUs, memory 32469464Ki as quoted; host driver 535.288.01 and toolkit 1.18.2, no GPU Operator, no "
      "GFD labels). The static device plugin DaemonSet in kube-system (nvcr.io/nvidia/k8s-device-plugin:v0.14.5, no "
      "runtimeClassName; pod name assumed) has its pod Running and its current log is the three log entries the file "
      "quotes (the case's text is the first two). The node advertises nvidia.com/gpu with capacity and allocatable 0 "
      "(allocatable as quoted, capacity assumed). No GPU workload is modelled.")
def _(w, t):
    w.node("homelab-cp-1", cpu="4", memory="16303528Ki",
           labels={"node-role.kubernetes.io/control-plane": ""},
           taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node = "donovan-xps-8930-gpu"
    n = w.node(node, gpus=0, cpu="12", memory="32469464Ki")
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-90-generic",
              containerRuntimeVersion="containerd://1.7.28", kubeletVersion="v1.33.7", kubeProxyVersion="v1.33.7")
    log = t + "\nI0128 04:57:24.895371       1 main.go:287] No devices found. Waiting indefinitely.\n"
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-x9q4m", log=log,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.14.5",
                   volumes=[{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}],
                   mounts=[{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"}])
    p["spec"]["containers"][0]["securityContext"] = {"allowPrivilegeEscalation": False,
                                                     "capabilities": {"drop": ["ALL"]}}
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


# ---- AKS: MIG enabled by the vGPU host, strategy none ----------------------------------------

@case("fd703", pod_subj("isaaclab-train-7x2kq-0-m4p8d", "isaac"),
      "AKS cluster (Kubernetes, Ubuntu node image, kernel and containerd strings and node names assumed) with the "
      "RTX PRO 6000 BSE vGPU node pool rtxprogpu (one node aks-rtxprogpu-31420657-vmss000000, "
      "Standard_NC128ds_xl_RTXPRO6000BSE_v6, one GPU exposed; GRID driver 580.105.08-grid-azure installed by the "
      "gpu-grid-driver-installer DaemonSet pod in kube-system, Running; the node labelled nvidia.com/gpu.deploy.driver="
      "false, so the GPU Operator runs no driver pod there) and an H100 pool node (Standard_NC40ads_H100_v5) with the "
      "full operator stack. The operator's mig.strategy is none (GFD labels nvidia.com/mig.strategy=none and "
      "nvidia.com/mig.capable=true on the RTX node, assumed); the operator's toolkit, device plugin, GFD and validator "
      "pods on the RTX node are Running (their state is not stated; modelled healthy) and the node advertises "
      "nvidia.com/gpu 1. A headless training Job pod (namespace isaac, one GPU, image and names assumed) on the RTX node "
      "has Failed with exit code 1; its log is not quoted and none is modelled. The text is prose and not placed in the "
      "bundle.")
def _(w, t):
    h100 = "aks-h100gpu-31420657-vmss000000"
    n1 = w.gpu_node(h100, gpus=1, product="NVIDIA-H100-NVL", memory_mib=95830,
                    labels={"agentpool": "h100gpu", "kubernetes.azure.com/agentpool": "h100gpu",
                            "node.kubernetes.io/instance-type": "Standard_NC40ads_H100_v5"})
    rtx = "aks-rtxprogpu-31420657-vmss000000"
    n2 = w.gpu_node(rtx, gpus=1, product="NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition", memory_mib=97887,
                    labels={"agentpool": "rtxprogpu", "kubernetes.azure.com/agentpool": "rtxprogpu",
                            "node.kubernetes.io/instance-type": "Standard_NC128ds_xl_RTXPRO6000BSE_v6",
                            "nvidia.com/gpu.deploy.driver": "false", "nvidia.com/mig.capable": "true",
                            "nvidia.com/mig.strategy": "none", "nvidia.com/cuda.driver.major": "580",
                            "nvidia.com/cuda.runtime.major": "13"})
    for n in (n1, n2):
        node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1092-azure",
                  containerRuntimeVersion="containerd://1.7.29-1", kubeletVersion="v1.33.5",
                  kubeProxyVersion="v1.33.5")
    n1["metadata"]["labels"]["nvidia.com/cuda.driver.major"] = "580"
    remove_stack_pod(w, rtx, "driver")
    g = w.pod(KS, "gpu-grid-driver-installer-5wq2t", node=rtx, gpu=0, containers=("pause",),
              init_containers=("install-grid-driver",), labels={"app": "gpu-grid-driver-installer"},
              owner=("DaemonSet", "gpu-grid-driver-installer"), tolerations=TOLERATE_GPU, cpu="10m", memory="16Mi")
    set_image(g, "pause", "mcr.microsoft.com/oss/kubernetes/pause:3.6")
    set_image(g, "install-grid-driver", "mcr.microsoft.com/azurelinux/base/core:3.0")
    ns, name = "isaac", "isaaclab-train-7x2kq-0-m4p8d"
    w.pod(ns, name, node=rtx, gpu=1, containers=("trainer",), phase="Failed", ready=False,
          image="nvcr.io/nvidia/isaac-lab:2.2.0", owner=("Job", "isaaclab-train-7x2kq"),
          extra_spec={"restartPolicy": "Never"}, cpu="32", memory="256Gi",
          statuses={"trainer": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                         "finishedAt": T1}},
                                "ready": False, "restartCount": 0}})
    w.target("Pod", ns, name)


# ---- GPUMounter: the target image has no mknod -----------------------------------------------

@case("fd704", pod_subj("gpu-pod", "default"),
      "kubeadm-style cluster of 2021 (Kubernetes v1.20, docker runtime, Ubuntu 18.04; all version strings and the node "
      "name assumed) with one GPU node gpu-node-1 (4 Tesla V100-PCIE-32GB, as in the project's QuickStart; host driver, "
      "labelled gpu-mounter-enable=enable) running the NVIDIA device plugin DaemonSet (advertising 4 nvidia.com/gpu) and "
      "GPUMounter in kube-system: the gpu-mounter-master Deployment pod and the gpu-mounter-worker DaemonSet pod on the GPU "
      "node, both Running (names, images assumed). The QuickStart's target pod gpu-pod (default, "
      "tensorflow/tensorflow:1.13.2-gpu, NVIDIA_VISIBLE_DEVICES=none, no GPU request) is Running. The worker's current "
      "log holds only the FAQ's two messages, one per line; the worker's own log format around them (and its other "
      "lines) is not quoted and not modelled.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=4, product="Tesla-V100-PCIE-32GB", memory_mib=32510, operator=False,
                   labels={"gpu-mounter-enable": "enable"})
    strip_gfd(n, deploy=True)
    n["metadata"]["labels"]["gpu-mounter-enable"] = "enable"
    node_info(n, osImage="Ubuntu 18.04.5 LTS", kernelVersion="4.15.0-147-generic",
              containerRuntimeVersion="docker://19.3.15", kubeletVersion="v1.20.8", kubeProxyVersion="v1.20.8")
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r7n2c", image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0")
    plugin_ds(w, KS, [dp])
    m = w.pod(KS, "gpu-mounter-master-6c9f7b8d94-tq5lz", node=node, gpu=0, containers=("gpu-mounter-master",),
              labels={"app": "gpu-mounter-master"}, owner=("ReplicaSet", "gpu-mounter-master-6c9f7b8d94"),
              cpu="100m", memory="128Mi")
    set_image(m, "gpu-mounter-master", "pokerfacesad/gpu-mounter-master:v1.0.0")
    wk = w.pod(KS, "gpu-mounter-workers-kx8vd", node=node, gpu=0, containers=("gpu-mounter-worker",),
               labels={"app": "gpu-mounter-worker"}, owner=("DaemonSet", "gpu-mounter-workers"),
               tolerations=TOLERATE_GPU, cpu="100m", memory="128Mi",
               extra_spec={"hostPID": True, "nodeSelector": {"gpu-mounter-enable": "enable"}})
    set_image(wk, "gpu-mounter-worker", "pokerfacesad/gpu-mounter-worker:v1.0.0")
    wk["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    w.workload("DaemonSet", KS, "gpu-mounter-workers", template_pod=wk,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    first, second = t.split(" Or ")
    w.log(KS, "gpu-mounter-workers-kx8vd", "gpu-mounter-worker",
          first.strip("`") + "\n" + second.strip("`") + "\n")
    w.pod("default", "gpu-pod", node=node, gpu=0, containers=("cuda-container",),
          image="tensorflow/tensorflow:1.13.2-gpu", env=[{"name": "NVIDIA_VISIBLE_DEVICES", "value": "none"}],
          extra_spec={"nodeSelector": {"gpu-mounter-enable": "enable"}})
    w.target("Pod", "default", "gpu-pod")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
