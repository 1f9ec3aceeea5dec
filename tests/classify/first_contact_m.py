"""First-contact batch M (fixtures/first-contact/batch-m/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled by a fixed query list (the batch README
holds the list and the sampling log): in the scheduler layer (a HAMi pod asking for more GPUs than the node has
physically, a GPU pod whose CPU request no node of the selected GPU model can hold, a GKE DRA GPU pool the autoscaler
will not grow from zero), the node layer (a GPU marked unhealthy after a double-bit error, an AKS 1.10 GPU node with
no GPU resource) and the plugin layer (a crash-looping GFD v0.8.0 on EKS, the device-plugin chart's NFD affinity on
Talos, tkestack gpu-manager without the kubelet checkpoint, NFD's class-qualified PCI labels hiding a GPU from the
GPU Operator). Each builder places the case's text where it appears in a cluster (here mostly prose, which a cluster
never holds) inside a world built from the `state` the thread describes. The expected answer is reasoned from what
the thread settled (`expected`, preferred first), never from what the tool printed; the texts and expected ids were
written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_m     # (re)writes fixtures/first-contact/batch-m/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_a import (readme_scenario, GPU_TOLERATION, KS, annotate, daemonset, deploy_pod, ds_pod,
                                            eks_labels, info)
from tests.classify.first_contact_c import EKS_KV, GKE_KV
from tests.classify.first_contact_e import AKS_KV, plugin_ds
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, read_cases, REPO, Scenario, T0, T1,
                                             write_batch)
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-m"
SCENARIOS_DIR = BATCH / "scenarios"
# prose (an issue title, a reporter's or maintainer's sentence) that never reaches the cluster: the bundle carries
# the state only
TEXT_NOT_IN_BUNDLE = {"fm001", "fm002", "fm003", "fm004", "fm005", "fm007", "fm009"}
# renderings (a sentence around a quoted message, a label list): their values become the corresponding object
# fields, but the text as a whole is not a bundle string
RENDERED = {"fm006", "fm008"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


UBUNTU_KV = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-112-generic",
             "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.4"}


def _crashloop(p: dict, container: str, restarts: int = 7, code: int = 1) -> dict:
    """A DaemonSet pod whose only container is in CrashLoopBackOff (Running phase, not ready)."""
    p["status"]["containerStatuses"][0].update(crashing(container, code=code, restarts=restarts)[container])
    p["status"]["containerStatuses"][0]["started"] = False
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return p


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fm001", "hami_vgpu_request_exceeds_physical_gpus", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.28 with one GPU node (one physical T4 split by HAMi v2.4.0 into 10 vGPUs: nvidia.com/gpu 10 "
      "advertised, nothing allocated; hami.io/node-nvidia-register annotation with the one device) and a CPU control "
      "plane node; hami-scheduler (kube-scheduler + vgpu-scheduler-extender containers) and hami-device-plugin run "
      "in kube-system; the README-style gpu-pod (schedulerName hami-scheduler, nvidia.com/gpu 2, nvidia.com/gpumem "
      "3000) is Pending; its events are hami-scheduler's FilteringFailed (NodeInsufficientDevice) and FailedScheduling "
      "(NodeUnfitPod), wordings illustrative after HAMi's reason names. The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    kv = dict(UBUNTU_KV, kubeletVersion="v1.28.9", containerRuntimeVersion="containerd://1.7.13")
    info(w.node("k8s-master", cpu="8", memory="16305700Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "gpu-node-1"
    n = w.node(node, gpus=10, cpu="32", memory="131896340Ki", labels={"gpu": "on"})
    annotate(n, **{"hami.io/node-handshake": "Requesting_2024.11.15 09:59:26",
                   "hami.io/node-nvidia-register": "GPU-5c3f1f6e-8d2b-4a1e-9f7c-2b6a0d4e1c93,10,15360,100,NVIDIA-Tesla T4,0,true:"})
    info(n, **kv)
    img = "projecthami/hami:v2.4.0"
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/component": "hami-device-plugin", "app": "hami-device-plugin"})
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-7kq2m", node, containers=("device-plugin", "vgpu-monitor"), image=img,
           labels={"app": "hami-device-plugin"})
    w.log(KS, "hami-device-plugin-7kq2m", "device-plugin",
          "I1115 09:40:11.102334       1 register.go:167] \"Register device\" node=\"gpu-node-1\" devices=1 split=10\n"
          "I1115 09:40:11.118902       1 server.go:297] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    deploy_pod(w, KS, "hami-scheduler-6d9f8c7b5", "hami-scheduler-6d9f8c7b5-x2kqp", "k8s-master",
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
               labels={"app": "hami-scheduler"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
    w.log(KS, "hami-scheduler-6d9f8c7b5-x2kqp", "vgpu-scheduler-extender",
          "I1115 09:59:26.072989       1 reflector.go:559] vendor/k8s.io/client-go/informers/factory.go:150: Watch close - "
          "*v1.ReplicationController total 7 items received\n"
          "I1115 09:59:33.023876       1 reflector.go:559] pkg/server/dynamiccertificates/configmap_cafile_content.go:206: "
          "Watch close - *v1.ConfigMap total 9 items received\n")
    ns, pod = "default", "gpu-pod"
    msg = ("0/2 nodes are available: 1 NodeUnfitPod, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. "
           "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=2, containers=("ubuntu-container",), image="ubuntu:18.04", scheduler="hami-scheduler",
              phase="Pending", scheduled_message=msg, cpu="1", memory="1Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "3000"
    w.event(ns, "Pod", pod, "FilteringFailed", "1 nodes NodeInsufficientDevice(gpu-node-1)", component="hami-scheduler", count=18)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="hami-scheduler", count=18)
    w.target("Pod", ns, pod)


@case("fm003", "gpu_model_affinity_cpu_request_too_high", pod_subj("egl-desktop-7c9d8f6b5-q2m7x", "selkies"),
      "Kubernetes v1.29 with three GPU nodes: one RTX A6000 node (24 CPUs allocatable) and two T4 nodes (16 CPUs), "
      "NVIDIA device plugin in kube-system, GFD product labels; the selkies EGL desktop Deployment pod (nvidia.com/gpu "
      "1, cpu request 32) has a required node affinity for nvidia.com/gpu.product=NVIDIA-RTX-A6000 and is Pending with "
      "the scheduler's Insufficient cpu / node affinity message (illustrative). The reporter's sentence is NOT in the "
      "bundle. Sizes and models are assumed.")
def _(w, t):
    w.git_version = "v1.29.4"
    kv = dict(UBUNTU_KV, kubeletVersion="v1.29.4")
    nodes = [("gpu-a6000-1", "NVIDIA-RTX-A6000", "24", "98304000Ki", "49140"),
             ("gpu-t4-1", "Tesla-T4", "16", "65846072Ki", "15360"), ("gpu-t4-2", "Tesla-T4", "16", "65846072Ki", "15360")]
    for name, product, cpu, mem, gmem in nodes:
        info(w.node(name, gpus=1, cpu=cpu, memory=mem,
                    labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product, "nvidia.com/gpu.count": "1",
                            "nvidia.com/gpu.memory": gmem}), **kv)
    plugin_ds(w, KS, [(n[0], f"nvidia-device-plugin-daemonset-{i}x7kq") for i, n in enumerate(nodes)],
              "nvcr.io/nvidia/k8s-device-plugin:v0.15.0")
    ns = "selkies"
    img = "ghcr.io/selkies-project/nvidia-egl-desktop:22.04"
    tmpl = {"spec": {"containers": [{"name": "egl", "image": img,
                                     "resources": {"requests": {"cpu": "32", "memory": "32Gi", "nvidia.com/gpu": "1"},
                                                   "limits": {"memory": "32Gi", "nvidia.com/gpu": "1"}}}]}}
    w.workload("Deployment", ns, "egl-desktop", template_pod=tmpl, revision="2",
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", ns, "egl-desktop-7c9d8f6b5", template_pod=tmpl, owner=("Deployment", "egl-desktop"), revision="2",
               status={"replicas": 1})
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "nvidia.com/gpu.product", "operator": "In", "values": ["NVIDIA-RTX-A6000"]}]}]}}}
    pod = "egl-desktop-7c9d8f6b5-q2m7x"
    msg = ("0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't match Pod's node affinity/selector. "
           "preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful "
           "for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("egl",), image=img, phase="Pending", cpu="32", memory="32Gi", affinity=affinity,
          owner=("ReplicaSet", "egl-desktop-7c9d8f6b5"), labels={"app": "egl-desktop"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", ns, pod)


@case("fm006", "gke_dra_gpu_pool_no_cold_start", pod_subj("qwen-l4-6b8d9c7f5-m2x7k", "models"),
      "GKE Standard v1.34 with two CPU nodes of the system pool and an autoscaled L4 GPU node pool (minNodeCount 0, "
      "currently 0 nodes, no cloud.google.com/gke-nvidia-gpu-dra-driver label on the pool); the NVIDIA DRA driver's "
      "kubelet-plugin DaemonSet has desired 0; the model Deployment's pod (ResourceClaim models/qwen-l4-gpu-x7k2q, "
      "device class gpu.nvidia.com, unallocated, no node selector) is Pending with a FailedScheduling message built "
      "around the quoted phrase (the DynamicResources filter failing on both CPU nodes) and the cluster autoscaler's "
      "NotTriggerScaleUp for the GPU pool (both wordings illustrative around it). Names assumed.")
def _(w, t):
    w.git_version = "v1.34.1-gke.1431000"
    kv = dict(GKE_KV, kubeletVersion="v1.34.1-gke.1431000", kernelVersion="6.6.97+", containerRuntimeVersion="containerd://2.0.6")
    for i, suffix in enumerate(("9x2k", "q7mz")):
        info(w.node(f"gke-mp-prod-system-pool-3f1c2a7e-{suffix}", cpu="4", memory="16393348Ki",
                    labels={"cloud.google.com/gke-nodepool": "system-pool", "cloud.google.com/machine-family": "e2",
                            "node.kubernetes.io/instance-type": "e2-standard-4", "topology.kubernetes.io/zone": "us-central1-a"}),
             **kv)
    ns_d, ds = "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1"
    daemonset(w, ns_d, ds, desired=0, containers=[("gpus", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}})
    deploy_pod(w, ns_d, "nvidia-dra-driver-gpu-controller-5d7c9b8f6", "nvidia-dra-driver-gpu-controller-5d7c9b8f6-k2x9p",
               "gke-mp-prod-system-pool-3f1c2a7e-9x2k", containers=("compute-domain",), image=img,
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    ns = "models"
    claim = "qwen-l4-gpu-x7k2q"
    pod = "qwen-l4-6b8d9c7f5-m2x7k"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": claim, "namespace": ns, "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod, "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
        "status": {}}]
    tmpl = {"spec": {"containers": [{"name": "vllm", "image": "vllm/vllm-openai:v0.11.0", "resources": {"claims": [{"name": "gpu"}]}}],
                     "resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "qwen-l4-gpu"}],
                     "tolerations": GPU_TOLERATION}}
    w.workload("Deployment", ns, "qwen-l4", template_pod=tmpl, revision="1", status={"replicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", ns, "qwen-l4-6b8d9c7f5", template_pod=tmpl, owner=("Deployment", "qwen-l4"), revision="1",
               status={"replicas": 1})
    phrase = t.split("```")[1].strip()
    msg = f"0/2 nodes are available: 2 {phrase}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
    p = w.pod(ns, pod, gpu=0, containers=("vllm",), image="vllm/vllm-openai:v0.11.0", phase="Pending",
              owner=("ReplicaSet", "qwen-l4-6b8d9c7f5"), labels={"app": "qwen-l4"}, tolerations=GPU_TOLERATION,
              scheduled_message=msg,
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "qwen-l4-gpu"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": claim}]
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=31)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", f"pod didn't trigger scale-up: 1 {phrase}", type="Normal",
            component="cluster-autoscaler", count=27)
    w.target("Pod", ns, pod)


# =============================================================================================
# node layer
# =============================================================================================

@case("fm005", "device_plugin_marked_gpu_unhealthy_dbe", node_subj("gpu-node-07"),
      "Kubernetes v1.14 (2019) with an 8-GPU V100 node; the NVIDIA device plugin 1.0.0-beta DaemonSet pod is Running "
      "and its log, after the usual start-up lines, has the plugin's XidCriticalError / 'device marked unhealthy' pair "
      "for one GPU (format of the plugin of that time, Xid 48 for the double-bit error; illustrative, not quoted in the "
      "thread); the node shows capacity nvidia.com/gpu 8, allocatable 7 (the state before the reporter restarts the "
      "plugin); five training pods hold five GPUs. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.14.1"
    node = "gpu-node-07"
    info(w.node(node, gpus=8, allocatable=7, cpu="64", memory="527938872Ki"),
         osImage="Ubuntu 18.04.2 LTS", kernelVersion="4.15.0-47-generic", containerRuntimeVersion="docker://18.9.5",
         kubeletVersion="v1.14.1")
    img = "nvidia/k8s-device-plugin:1.0.0-beta"
    log = ("2019/04/28 02:11:40 Loading NVML\n2019/04/28 02:11:40 Fetching devices.\n2019/04/28 02:11:40 Starting FS watcher.\n"
           "2019/04/28 02:11:40 Starting OS watcher.\n2019/04/28 02:11:40 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
           "2019/04/28 02:11:40 Registered device plugin with Kubelet\n"
           "2019/04/29 17:52:08 XidCriticalError: Xid=48 on Device=GPU-3b7f2c1e-9a4d-4e8b-b1c6-7d2e5f8a9c04, the device will go unhealthy.\n"
           "2019/04/29 17:52:08 'nvidia.com/gpu' device marked unhealthy: GPU-3b7f2c1e-9a4d-4e8b-b1c6-7d2e5f8a9c04\n")
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-p7m2x")], img, log=log)
    for i in range(5):
        w.pod("research", f"train-{i}", node=node, gpu=1, containers=("train",), image="tensorflow/tensorflow:1.13.1-gpu-py3",
              owner=("StatefulSet", "train"))
    w.target("Node", None, node)


@case("fm009", "aks_110_nc6_no_gpu_capacity", node_subj("aks-nodepool1-27155848-0"),
      "AKS Kubernetes v1.10.3 with one Standard_NC6 node (one K80; Ubuntu 16.04, docker, AKS labels agentpool, "
      "accelerator=nvidia, instance type) whose capacity and allocatable list no nvidia.com/gpu (nor the alpha "
      "resource); kube-system runs the usual AKS add-ons (kube-proxy, kube-svc-redirect, tunnelfront) and no NVIDIA "
      "device plugin DaemonSet exists. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.10.3"
    node = "aks-nodepool1-27155848-0"
    labels = {"agentpool": "nodepool1", "kubernetes.azure.com/cluster": "MC_skgpucluster2_sagpucluster2_eastus",
              "beta.kubernetes.io/instance-type": "Standard_NC6", "failure-domain.beta.kubernetes.io/region": "eastus",
              "failure-domain.beta.kubernetes.io/zone": "0", "kubernetes.io/role": "agent", "storageprofile": "managed",
              "storagetier": "Premium_LRS", "accelerator": "nvidia"}
    info(w.node(node, cpu="6", memory="57691688Ki", alloc_cpu="5916m", alloc_memory="51310120Ki", labels=labels),
         osImage="Ubuntu 16.04.4 LTS", kernelVersion="4.15.0-1013-azure", containerRuntimeVersion="docker://1.13.1",
         kubeletVersion="v1.10.3")
    for ds, ctr, img in (("kube-proxy", "kube-proxy", "k8s-gcrio.azureedge.net/hyperkube-amd64:v1.10.3"),
                         ("kube-svc-redirect", "redirector", "dockerio.azureedge.net/deis/kube-svc-redirect:v1.0.1")):
        daemonset(w, KS, ds, desired=1, containers=[(ctr, img)], labels={"component": ds, "app": ds})
        ds_pod(w, KS, ds, f"{ds}-7q2kx", node, containers=(ctr,), image=img, labels={"app": ds})
    deploy_pod(w, KS, "tunnelfront-6f8c9d7b54", "tunnelfront-6f8c9d7b54-m2x9k", node, containers=("tunnel-front",),
               image="dockerio.azureedge.net/deis/hcp-tunnel-front:v1.9.2-v4.0.4", labels={"component": "tunnel"})
    w.target("Node", None, node)


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fm002", "eks_gfd_v080_crashloop", node_subj("ip-10-1-141-23.us-west-2.compute.internal"),
      "EKS v1.30 (ComfyUI-on-EKS blueprint) with a CPU node and a Karpenter g5.2xlarge GPU node (EKS-optimized "
      "accelerated AL2 AMI, taint nvidia.com/gpu); the NVIDIA device plugin DaemonSet pod is Running there and the node "
      "advertises nvidia.com/gpu 1; the standalone gpu-feature-discovery v0.8.0 DaemonSet pod on it is in "
      "CrashLoopBackOff (exit 1, 9 restarts) with no log in the bundle (the thread shows it only as a screenshot); the "
      "node has no nvidia.com/gpu.* GFD labels. The title is NOT in the bundle. Names and versions assumed.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    kv = dict(EKS_KV, osImage="Amazon Linux 2", kernelVersion="5.10.223-212.873.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.7.11", kubeletVersion="v1.30.2-eks-1552ad0")
    info(w.node("ip-10-1-12-87.us-west-2.compute.internal", cpu="4", memory="16069680Ki",
                labels=eks_labels("t3.xlarge", "system", "us-west-2a")), **kv)
    node = "ip-10-1-141-23.us-west-2.compute.internal"
    labels = dict(eks_labels("g5.2xlarge", "comfyui-gpu", "us-west-2b"), **{"karpenter.sh/nodepool": "comfyui-gpu",
                                                                             "karpenter.sh/capacity-type": "on-demand"})
    labels.pop("eks.amazonaws.com/nodegroup", None)
    info(w.node(node, gpus=1, cpu="8", memory="32386844Ki", labels=labels,
                taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-4kx9q")], "nvcr.io/nvidia/k8s-device-plugin:v0.14.5")
    gimg = "nvcr.io/nvidia/gpu-feature-discovery:v0.8.0"
    daemonset(w, KS, "gpu-feature-discovery", desired=1, ready=0, containers=[("gpu-feature-discovery", gimg)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "gpu-feature-discovery"})
    p = ds_pod(w, KS, "gpu-feature-discovery", "gpu-feature-discovery-xxx7k", node, containers=("gpu-feature-discovery",),
               image=gimg, labels={"app.kubernetes.io/name": "gpu-feature-discovery"}, tolerations=GPU_TOLERATION)
    _crashloop(p, "gpu-feature-discovery", restarts=9)
    w.event(KS, "Pod", "gpu-feature-discovery-xxx7k", "BackOff", "Back-off restarting failed container gpu-feature-discovery in "
            "pod gpu-feature-discovery-xxx7k_kube-system(7f3c2a1e-4b5d-4c6e-8f9a-0b1c2d3e4f5a)", component="kubelet", host=node,
            count=41)
    w.pod("default", "comfyui-6cd777d4f-9fk2m", node=node, gpu=1, containers=("comfyui",),
          image="123456789012.dkr.ecr.us-west-2.amazonaws.com/comfyui-images:latest", owner=("ReplicaSet", "comfyui-6cd777d4f"),
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}], labels={"app": "comfyui"})
    w.target("Node", None, node)


@case("fm004", "talos_device_plugin_chart_affinity_no_labels", node_subj("talos-gpu-1"),
      "Talos v1.11 (Kubernetes v1.34) with a control-plane node and a GPU worker (one RTX 4090; NVIDIA nonfree kmod "
      "and container-toolkit extensions, RuntimeClass nvidia; extension version labels only, no NFD, no "
      "nvidia.com/gpu.present); the nvidia-device-plugin 0.18.0 DaemonSet in kube-system (runtimeClassName nvidia, "
      "the chart's required node affinity on feature.node.kubernetes.io/pci-10de.present / cpu-model.vendor_id / "
      "nvidia.com/gpu.present) has desired 0 and no pod; the node advertises no nvidia.com/gpu. The reporter's "
      "sentence is NOT in the bundle. Names and versions assumed.")
def _(w, t):
    w.git_version = "v1.34.1"
    kv = {"osImage": "Talos (v1.11.3)", "kernelVersion": "6.12.52-talos", "containerRuntimeVersion": "containerd://2.1.4",
          "kubeletVersion": "v1.34.1"}
    info(w.node("talos-cp-1", cpu="4", memory="8029348Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "talos-gpu-1"
    info(w.node(node, cpu="24", memory="65544332Ki",
                labels={"extensions.talos.dev/nonfree-kmod-nvidia-production": "570.172.08-v1.11.3",
                        "extensions.talos.dev/nvidia-container-toolkit-production": "570.172.08-v1.17.8"}), **kv)
    w.custom["runtimeclasses.node.k8s.io"] = [{"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
                                               "metadata": {"name": "nvidia"}, "handler": "nvidia"}]
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "feature.node.kubernetes.io/pci-10de.present", "operator": "In", "values": ["true"]}]},
        {"matchExpressions": [{"key": "feature.node.kubernetes.io/cpu-model.vendor_id", "operator": "In", "values": ["NVIDIA"]}]},
        {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}
    ds = daemonset(w, KS, "nvidia-device-plugin", desired=0,
                   containers=[("nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.18.0")],
                   tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                                {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                   affinity=affinity, runtime_class="nvidia",
                   labels={"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvidia-device-plugin"},
                   env=[{"name": "MPS_ROOT", "value": "/run/nvidia/mps"}, {"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}])
    annotate(ds, **{"meta.helm.sh/release-name": "nvidia-device-plugin", "meta.helm.sh/release-namespace": KS})
    w.target("Node", None, node)


@case("fm007", "gpu_manager_no_kubelet_checkpoint", node_subj("gpu-node-3"),
      "Kubernetes v1.23 (kubeadm-style, containerd) with one GPU node (two T4) where no pod has been allocated a "
      "device-plugin resource yet; tkestack gpu-manager v1.1.5 is the only GPU device plugin (DaemonSet in kube-system, "
      "nodeSelector nvidia-device-enable=enable); its pod on the node is in CrashLoopBackOff (exit 1, 8 restarts) with "
      "no log in the bundle (the thread does not quote the error); the node advertises no tencent.com/vcuda-core or "
      "vcuda-memory. The reporter's sentence is NOT in the bundle. Names and versions assumed.")
def _(w, t):
    w.git_version = "v1.23.5"
    kv = dict(UBUNTU_KV, osImage="Ubuntu 20.04.4 LTS", kernelVersion="5.4.0-105-generic", containerRuntimeVersion="containerd://1.5.10",
              kubeletVersion="v1.23.5")
    info(w.node("k8s-master-1", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "gpu-node-3"
    info(w.node(node, cpu="32", memory="131896340Ki", labels={"nvidia-device-enable": "enable"}), **kv)
    img = "tkestack/gpu-manager:v1.1.5"
    daemonset(w, KS, "gpu-manager-daemonset", desired=1, ready=0, containers=[("gpu-manager", img)],
              node_selector={"nvidia-device-enable": "enable"}, labels={"name": "gpu-manager-ds"},
              tolerations=[{"key": "tencent.com/vcuda-core", "operator": "Exists", "effect": "NoSchedule"}])
    p = ds_pod(w, KS, "gpu-manager-daemonset", "gpu-manager-daemonset-8x2kq", node, containers=("gpu-manager",), image=img,
               labels={"name": "gpu-manager-ds"})
    _crashloop(p, "gpu-manager", restarts=8)
    w.event(KS, "Pod", "gpu-manager-daemonset-8x2kq", "BackOff", "Back-off restarting failed container", component="kubelet",
            host=node, count=36)
    w.target("Node", None, node)


@case("fm008", "gpu_operator_nfd_class_qualified_pci_labels", node_subj("ip-172-31-40-17"),
      "Kubernetes v1.18 (kubeadm on EC2) with a CPU control-plane node and a g4dn.xlarge GPU node (Ubuntu 18.04, one "
      "T4); the GPU Operator 1.2.0 (namespace gpu-operator) and its NFD master/worker run; the GPU node's NFD labels are "
      "the case's two class-qualified PCI labels (pci-0300_1d0f, pci-0302_10de) and no pci-10de label; no operand "
      "(driver, toolkit, device plugin, validator) pod or DaemonSet exists; the operator's log has an illustrative "
      "'could not get any nodes to match' line in its 2020 log format; the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.18.8"
    kv = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "5.4.0-1024-aws", "containerRuntimeVersion": "docker://19.3.12",
          "kubeletVersion": "v1.18.8"}
    cp = "ip-172-31-33-201"
    info(w.node(cp, cpu="2", memory="8037024Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "ip-172-31-40-17"
    labels = {"beta.kubernetes.io/instance-type": "g4dn.xlarge", "node.kubernetes.io/instance-type": "g4dn.xlarge",
              "feature.node.kubernetes.io/kernel-version.full": "5.4.0-1024-aws",
              "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
              "feature.node.kubernetes.io/system-os_release.VERSION_ID": "18.04"}
    for lab in t.split("`")[1].split(","):
        k, v = lab.split("=", 1)
        labels[k] = v
    info(w.node(node, cpu="4", memory="16211672Ki", labels=labels), **kv)
    ns = "gpu-operator"
    nfd_img = "quay.io/kubernetes_incubator/node-feature-discovery:v0.6.0"
    deploy_pod(w, ns, "gpu-operator-node-feature-discovery-master-7d9c8b6f5", "gpu-operator-node-feature-discovery-master-7d9c8b6f5-x2kq",
               cp, containers=("master",), image=nfd_img, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    daemonset(w, ns, "gpu-operator-node-feature-discovery-worker", desired=1, containers=[("worker", nfd_img)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    ds_pod(w, ns, "gpu-operator-node-feature-discovery-worker", "gpu-operator-node-feature-discovery-worker-m7q2x", node,
           containers=("worker",), image=nfd_img, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    op = "gpu-operator-5d8c9b7f6d-q7x2m"
    deploy_pod(w, ns, "gpu-operator-5d8c9b7f6d", op, cp, containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:1.2.0",
               labels={"app.kubernetes.io/component": "gpu-operator", "app": "gpu-operator"},
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    w.log(ns, op, "gpu-operator",
          '{"level":"info","ts":1599301402.1128945,"logger":"controller_clusterpolicy","msg":"Reconciling ClusterPolicy",'
          '"Request.Namespace":"","Request.Name":"cluster-policy"}\n'
          '{"level":"info","ts":1599301402.1275106,"logger":"controller_clusterpolicy","msg":"Could not get any nodes to match '
          'feature.node.kubernetes.io/pci-10de.present=true label","Request.Namespace":"default","Request.Name":"Node","ERROR":""}\n')
    w.custom["clusterpolicies.nvidia.com"] = [{"apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
                                              "metadata": {"name": "cluster-policy"},
                                              "spec": {"operator": {"defaultRuntime": "docker"}}, "status": {"state": "notReady"}}]
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is prose (an issue title, a reporter's or maintainer's sentence) that never reaches the "
              "cluster: it is NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (a sentence around a quoted message, a label list): its values become the "
              "corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-m", case_id, BUILDERS[case_id], cases()[case_id], placed)


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
