"""Builds first-contact batch B11 (fixtures/first-contact/batch-b11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures that no rule was written for, sampled with the fixed list of 72 queries in the
batch README, sent to all four corpora of the `search` tool at once (18 each to issues, pages, docs and code), the
node layer emphasised and other layers taken as they came. Each builder places the case's text verbatim where a
collector would have found it (a prose case's text is not placed) and builds the cluster state the source
describes. The expected answer was reasoned from the source (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node names, VM sizes, kernels, kubelet and containerd
builds, image tags, GPU models, namespaces) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b11      # (re)writes fixtures/first-contact/batch-b11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop, sized
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b11", "B11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def driver_installing(w, node: str, version: str) -> str:
    """The GPU Operator's driver pod on `node` Running but not ready: the driver container is still installing
    the kernel modules (its log stops before 'Done, now waiting for signal')."""
    name = w.stack(node, "driver")
    p = w.get_pod(OPERATOR_NS, name)
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"running": {"startedAt": T1}}, "ready": False, "started": True})
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr",
          f"DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-{version}\n"
          "Verifying archive integrity... OK\n"
          f"Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 {version}\n"
          "Installing NVIDIA driver kernel modules...\n")
    return name


def stack_waits(w, node: str) -> None:
    """The GPU Operator's later stages on `node` wait in their validation init containers (driver not ready)."""
    block(w, node, "toolkit", "driver-validation")
    block(w, node, "device-plugin", "toolkit-validation")
    block(w, node, "gfd", "toolkit-validation")
    block(w, node, "validator", "driver-validation")


_UBUNTU_2204 = {"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-88-generic",
                "containerRuntimeVersion": "containerd://1.7.2", "kubeletVersion": "v1.27.7",
                "kubeProxyVersion": "v1.27.7"}


# ---- fb1101: AKS, kubelet restarted by nvidia-modprobe after a deallocated GPU node starts -----------

_AKS_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1074-azure",
             "containerRuntimeVersion": "containerd://1.7.23-1", "kubeletVersion": "v1.28.3",
             "kubeProxyVersion": "v1.28.3"}
_AKS_IMAGE = "AKSUbuntu-2204containerd-202411.03.0"


def aks_labels(pool: str, vm: str, mode: str) -> dict:
    return {"agentpool": pool, "kubernetes.azure.com/agentpool": pool, "kubernetes.azure.com/mode": mode,
            "kubernetes.azure.com/cluster": "MC_rg-ml_aks-ml_westeurope", "kubernetes.azure.com/os-sku": "Ubuntu",
            "kubernetes.azure.com/node-image-version": _AKS_IMAGE, "kubernetes.azure.com/role": "agent",
            "node.kubernetes.io/instance-type": vm, "beta.kubernetes.io/instance-type": vm,
            "topology.kubernetes.io/region": "westeurope", "topology.kubernetes.io/zone": "0"}


_SKU_TAINT = {"key": "sku", "value": "gpu", "effect": "NoSchedule"}
_SKU_TOLERATION = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]


@case("fb1101", pod_subj("gpu-inference-5c7d9f8b6d-k2x8p"),
      "AKS 1.28.3 cluster in West Europe (resource names and the GPU VM size Standard_NC4as_T4_v3 assumed; the thread "
      "gives the node image AKSUbuntu-2204containerd-202411.03.0, AKS 1.28.3 and the node name "
      "aks-gpu10-42902258-vmss000000) with a system node (nodepool1) and the GPU user pool gpu10 (taint sku=gpu, as the "
      "AKS GPU guide sets), scaled by the cluster autoscaler with deallocated VMs. The GPU node has just been started from "
      "the deallocated state and its kubelet restarted (two kubelet 'Starting kubelet.' node events): it is Ready and "
      "keeps nvidia.com/gpu capacity 1, but allocatable 0 while the NVIDIA device plugin (the AKS-documented DaemonSet in "
      "kube-system, v0.15.0 assumed, Running with its normal start-up log) re-registers. A GPU Deployment pod (names "
      "assumed) with nodeSelector agentpool=gpu10 is Pending with the scheduler's FailedScheduling event (Insufficient "
      "nvidia.com/gpu) and the cluster autoscaler's TriggeredScaleUp event (1->2). No kubelet journal is in the bundle "
      "layout; the text is the customer's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.28.3"
    sysnode = "aks-nodepool1-31872450-vmss000000"
    n0 = w.node(sysnode, cpu="4", memory="16374344Ki", alloc_cpu="3860m", alloc_memory="12880456Ki",
                labels=aks_labels("nodepool1", "Standard_D4s_v3", "system"))
    node_info(n0, **_AKS_INFO)
    gpu = "aks-gpu10-42902258-vmss000000"
    n = host_node(w, gpu, gpus=1, allocatable=0, info=_AKS_INFO,
                  labels={**aks_labels("gpu10", "Standard_NC4as_T4_v3", "user"),
                          "kubernetes.azure.com/accelerator": "nvidia"})
    sized(n, "4", "28736168Ki")
    n["status"]["allocatable"].update({"cpu": "3860m", "memory": "24360104Ki"})
    n["spec"]["taints"] = [_SKU_TAINT]
    p = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-8w2zq", ns=KS)
    p["spec"]["tolerations"] = p["spec"]["tolerations"] + [{"key": "sku", "operator": "Exists",
                                                             "effect": "NoSchedule"}]
    plugin_ds(w, KS, [p])
    w.event("default", "Node", gpu, "Starting", "Starting kubelet.", type="Normal", component="kubelet", host=gpu,
            count=2)
    name, rs = "gpu-inference-5c7d9f8b6d-k2x8p", "gpu-inference-5c7d9f8b6d"
    image = "nvcr.io/nvidia/tritonserver:24.10-py3"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, "
           "1 Preemption is not helpful for scheduling.")
    w.pod("ml", name, gpu=1, containers=("inference",), image=image, owner=("ReplicaSet", rs),
          labels={"app": "gpu-inference"}, node_selector={"agentpool": "gpu10"}, tolerations=_SKU_TOLERATION,
          cpu="2", memory="8Gi", scheduled_message=msg)
    w.event("ml", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=1)
    w.event("ml", "Pod", name, "TriggeredScaleUp",
            "pod triggered scale-up: [{aks-gpu10-42902258-vmss 1->2 (max: 3)}]", type="Normal",
            component="cluster-autoscaler", count=1)
    w.workload("Deployment", "ml", "gpu-inference",
               template_pod={"spec": {"containers": [{"name": "inference", "image": image,
                                                      "resources": {"limits": {"nvidia.com/gpu": "1"}}}],
                                      "nodeSelector": {"agentpool": "gpu10"}, "tolerations": _SKU_TOLERATION}},
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.workload("ReplicaSet", "ml", rs, owner=("Deployment", "gpu-inference"),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
    w.target("Pod", "ml", name)


# ---- fb1102: an NVML DaemonSet on a newly added GPU node before the operator's driver is ready --------

_FB1102_AGENT = "gpu-metrics-agent"
_FB1102_IMAGE = "registry.example.com/platform/gpu-metrics-agent:1.4.2"


@case("fb1102", pod_subj("gpu-metrics-agent-x7kq2", "monitoring"),
      "A Kubernetes v1.27.7 cluster (kubeadm on Ubuntu 22.04, versions, node names and GPU models assumed: the thread "
      "says only that GPU nodes are added to the cluster and the GPU Operator installs runtime and drivers) with a "
      "control-plane node, an existing GPU node gpu-node-1 whose GPU Operator stack (v23.9.0) is complete, and a GPU node "
      "gpu-node-2 just added: NFD and the operator's deploy labels are on it, no GFD labels and no nvidia.com/gpu yet; "
      "its nvidia-driver-daemonset pod is Running but not ready (the driver container's log stops at 'Installing NVIDIA "
      "driver kernel modules...'), and the toolkit, device plugin, GFD and validator pods wait in their validation init "
      "containers. The reporter's DaemonSet (gpu-metrics-agent in namespace monitoring; name, image and its env "
      "NVIDIA_VISIBLE_DEVICES=all assumed) has a Running pod on gpu-node-1 and a pod in CrashLoopBackOff (exit 1, 5 "
      "restarts) on gpu-node-2. The thread quotes no NVML error line, so no container log is modelled; the text is the "
      "reporter's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.27.7"
    cp = w.node("k8s-cp-1", cpu="8", memory="32862472Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_UBUNTU_2204)
    old = w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A10", memory_mib=23028)
    node_info(old, **_UBUNTU_2204)
    new = w.gpu_node("gpu-node-2", gpus=1, product="NVIDIA-A10", memory_mib=23028)
    node_info(new, **_UBUNTU_2204)
    strip_gfd(new)
    no_gpu_resource(new)
    for lab in ("nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        new["metadata"]["labels"].pop(lab, None)
    driver_installing(w, "gpu-node-2", "535.129.03")
    stack_waits(w, "gpu-node-2")
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}]
    daemonset(w, "monitoring", _FB1102_AGENT, desired=2, ready=1, containers=[("agent", _FB1102_IMAGE)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": _FB1102_AGENT}, env=env)
    ds_pod(w, "monitoring", _FB1102_AGENT, "gpu-metrics-agent-m4d8s", "gpu-node-1", containers=("agent",),
           image=_FB1102_IMAGE, env=env, tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    bad = ds_pod(w, "monitoring", _FB1102_AGENT, "gpu-metrics-agent-x7kq2", "gpu-node-2", containers=("agent",),
                 image=_FB1102_IMAGE, env=env, tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    crashloop(bad, "agent", restarts=5, code=1)
    w.event("monitoring", "Pod", "gpu-metrics-agent-x7kq2", "BackOff",
            "Back-off restarting failed container agent in pod gpu-metrics-agent-x7kq2_monitoring"
            "(4e1b7c2a-9d3f-4a6e-b8c1-2f5d7e9a0b13)", component="kubelet", host="gpu-node-2", count=11,
            field_path="spec.containers{agent}")
    w.target("Pod", "monitoring", "gpu-metrics-agent-x7kq2")


# ---- fb1103: Kepler on a GPU node just restarted, before the GPU Operator has set it up again ----------

_FB1103_IMAGE = "quay.io/sustainable_computing_io/kepler:release-0.5.5"


@case("fb1103", node_subj("gpu-node-1"),
      "A Kubernetes v1.27.7 cluster (kubeadm on Ubuntu 22.04, versions, names and the GPU model assumed; the thread gives "
      "8 GPUs on the node and the GPU Operator) with a control-plane node and the GPU node gpu-node-1 (8 x A100 assumed) "
      "shortly after its restart: the node is Ready and keeps nvidia.com/gpu capacity 8 with allocatable 0 (the device "
      "plugin has not registered again), the GPU Operator's nvidia-driver-daemonset pod is Running but not ready (its log "
      "stops at 'Installing NVIDIA driver kernel modules...'), and the toolkit, device plugin, GFD and validator pods wait "
      "in their validation init containers. The Kepler DaemonSet (namespace kepler, image release-0.5.5 assumed) has its "
      "pod Running on the node, started after the reboot; its log holds the text verbatim (no other Kepler log lines are "
      "modelled).")
def _(w, t):
    w.git_version = "v1.27.7"
    cp = w.node("k8s-cp-1", cpu="8", memory="32862472Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_UBUNTU_2204)
    n = w.gpu_node("gpu-node-1", gpus=8, allocatable=0)
    node_info(n, **_UBUNTU_2204)
    driver_installing(w, "gpu-node-1", "535.104.12")
    stack_waits(w, "gpu-node-1")
    w.event("default", "Node", "gpu-node-1", "Rebooted",
            "Node gpu-node-1 has been rebooted, boot id: 6c2f1a9e-3b7d-4e58-a1c4-9d0e2b7f5a31", component="kubelet",
            host="gpu-node-1", count=1)
    daemonset(w, "kepler", "kepler-exporter", desired=1, containers=[("kepler-exporter", _FB1103_IMAGE)],
              labels={"app.kubernetes.io/name": "kepler-exporter"})
    p = ds_pod(w, "kepler", "kepler-exporter", "kepler-exporter-9tq4n", "gpu-node-1", containers=("kepler-exporter",),
               image=_FB1103_IMAGE, cpu="100m", memory="400Mi")
    p["status"]["startTime"] = T1
    w.log("kepler", "kepler-exporter-9tq4n", "kepler-exporter", t)
    w.target("Node", None, "gpu-node-1")


# ---- fb1104: Azure unbounded nspawn worker after a GB300 host reboot, NVIDIA setup not re-run ---------

_FB1104_INFO = {"architecture": "arm64", "osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-1031-nvidia-64k",
                "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.4",
                "kubeProxyVersion": "v1.33.4"}
_FB1104_NODE = "gb300-r07-t03-kube1"
_FB1104_IMAGE = "nvcr.io/nvidia/cuda:12.9.1-base-ubuntu24.04"


@case("fb1104", pod_subj("nvidia-smi-check", "default"),
      "A cluster with an Azure unbounded worker node gb300-r07-t03-kube1 (name, Kubernetes v1.33.4, containerd 2.0.5 and "
      "kernel builds assumed; the thread gives an arm64 NVIDIA GB300 host with an nspawn-backed worker): the kubelet runs "
      "in a systemd-nspawn machine on the host, which was rebooted. The node is Ready (arm64 labels, 4 GPUs advertised, "
      "capacity and allocatable alike; the GPU count per GB300 tray assumed), and the NVIDIA device plugin DaemonSet pod "
      "on it (kube-system, v0.17.4 assumed) is Running with its normal start-up log (the thread says its generated "
      "cdi-cri spec omits libcuda and libnvidia-ml; CDI spec files are not part of the bundle layout). A GPU-requesting "
      "pod nvidia-smi-check (restartPolicy Never, a CUDA base image; name assumed) ran nvidia-smi and Failed with exit "
      "code 12 (nvidia-smi's code for an NVML library it cannot load, assumed); its log holds the text verbatim. The "
      "intermittent container-start failure the thread also mentions is cut in the stored copy and is not modelled.")
def _(w, t):
    w.git_version = "v1.33.4"
    n = host_node(w, _FB1104_NODE, gpus=4, info=_FB1104_INFO,
                  labels={"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
                          "nvidia.com/gpu.present": "true"})
    sized(n, "144", "1015661764Ki")
    p = plugin_pod(w, _FB1104_NODE, "nvidia-device-plugin-daemonset-r5t8k", ns=KS,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.4")
    plugin_ds(w, KS, [p])
    status = {"smi": {"state": {"terminated": {"exitCode": 12, "reason": "Error", "startedAt": T1,
                                               "finishedAt": T1}}, "ready": False, "restartCount": 0}}
    pod = w.pod("default", "nvidia-smi-check", node=_FB1104_NODE, gpu=1, containers=("smi",), image=_FB1104_IMAGE,
                phase="Failed", statuses=status, ready=False, tolerations=GPU_TOLERATION, cpu="1", memory="1Gi")
    pod["spec"]["restartPolicy"] = "Never"
    pod["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    w.log("default", "nvidia-smi-check", "smi", t)
    w.target("Pod", "default", "nvidia-smi-check")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
