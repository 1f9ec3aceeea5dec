"""First-contact batch E (fixtures/first-contact/batch-e/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, in the scheduler layer (CPU requests on GPU
nodes, Volcano queue admission, KAI with DRA claims, Karpenter capacity, model-cache volumes on tainted GPU
nodes), the node layer (GPU nodes NotReady after a containerd config break) and the plugin layer (device
plugin inotify exhaustion, GetPreferredAllocation failures, a wedged MIG manager, the DRA kubelet plugin,
operator plugin validation, unhealthy MIG devices), plus healthy look-alikes. Each builder places the case's
text verbatim where it appears in a cluster, inside a world built from the `state` the thread describes. The
expected answer is reasoned from what the thread settled (`expected`, preferred first), never from what the
tool printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_e     # (re)writes fixtures/first-contact/batch-e/scenarios/
"""

from __future__ import annotations

import shutil
from functools import lru_cache

from tests.classify.first_contact_a import (GPU_TOLERATION, KS, PLUGIN_AFFINITY_015, FCWorld, annotate, daemonset,
                                            deploy_pod, drop_gpu_resource, ds_pod, eks_labels, info, nfd,
                                            remove_stack_pod)
from tests.classify.first_contact_c import EKS_KV, GKE_KV, gke_plugin
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_GFD_LOG, HEALTHY_PLUGIN_LOG, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, expect, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-e"
SCENARIOS_DIR = BATCH / "scenarios"
# client-side output, prose or a host journal that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fe007", "fe008", "fe013"}
# renderings (describe / get-events rows, a 'Message:' field, a condition message wrapped by the reporter): their
# values become the corresponding object fields, but the text as a whole is not a bundle string
RENDERED = {"fe001", "fe002", "fe006", "fe012", "fe015", "fe019"}

AKS_KV = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1079-azure",
          "containerRuntimeVersion": "containerd://1.7.25-1", "kubeletVersion": "v1.31.6"}
AKS_GPU_TAINT = [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]


def aks_labels(pool: str, size: str) -> dict:
    return {"kubernetes.azure.com/agentpool": pool, "agentpool": pool, "kubernetes.azure.com/mode": "user",
            "node.kubernetes.io/instance-type": size, "beta.kubernetes.io/instance-type": size,
            "kubernetes.azure.com/cluster": "MC_rg-ml_aks-ml_canadacentral", "topology.kubernetes.io/region": "canadacentral"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


def failed_admission(p: dict) -> dict:
    """A Pod the kubelet rejected at admission: no container ever started."""
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    return p


def plugin_ds(w, ns: str, nodes: list[tuple[str, str]], image: str, name: str = "nvidia-device-plugin-daemonset",
              container: str = "nvidia-device-plugin-ctr", log: str | None = HEALTHY_PLUGIN_LOG, ready=None) -> None:
    """A standalone NVIDIA device plugin DaemonSet with one pod per (node, pod name)."""
    daemonset(w, ns, name, desired=len(nodes), ready=ready, containers=[(container, image)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"})
    for node, pod in nodes:
        ds_pod(w, ns, name, pod, node, containers=(container,), image=image, labels={"name": "nvidia-device-plugin-ds"},
               tolerations=GPU_TOLERATION)
        if log:
            w.log(ns, pod, container, log)


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fe001", "aks_gpu_notebook_cpu_request_too_large", pod_subj("x-0", "blair-drummond"),
      "AKS cluster modelled with 3 nodes (the thread has 41): two CPU pool nodes (D8s v3) and one GPU pool node "
      "(NC6s v3, 6 vCPU, nvidia.com/gpu 1, AKS GPU taint), the AKS-documented device plugin registered; the Kubeflow "
      "GPU notebook StatefulSet Pod x-0 asks for nvidia.com/gpu 1 and cpu 8 (more than the GPU node's allocatable) and "
      "is Pending; its events are the case's FailedScheduling row (message unchanged) and the cluster-autoscaler "
      "NotTriggerScaleUp rows the thread shows beside it. Node names, sizes and the CPU figure are illustrative.")
def _(w, t):
    w.git_version = "v1.18.14"
    kv = dict(AKS_KV, kubeletVersion="v1.18.14", osImage="Ubuntu 18.04.5 LTS", kernelVersion="5.4.0-1036-azure",
              containerRuntimeVersion="docker://19.3.14")
    for i in range(2):
        info(w.node(f"aks-cpu-31415926-vmss00000{i}", cpu="8", memory="32883772Ki", alloc_cpu="7820m",
                    labels=aks_labels("cpu", "Standard_D8s_v3")), **kv)
    gpu = "aks-gpu-27182818-vmss000000"
    info(w.node(gpu, gpus=1, cpu="6", memory="115488836Ki", alloc_cpu="5840m", labels=aks_labels("gpu", "Standard_NC6s_v3"),
                taints=AKS_GPU_TAINT), **kv)
    plugin_ds(w, "gpu-resources", [(gpu, "nvidia-device-plugin-daemonset-k8x2p")], "nvcr.io/nvidia/k8s-device-plugin:v0.7.3")
    msg = t.split("default-scheduler", 1)[1].strip()
    ns, pod = "blair-drummond", "x-0"
    w.pod(ns, pod, gpu=1, cpu="8", memory="32Gi", containers=("x",), image="k8scc01covidacr.azurecr.io/machine-learning-notebook-gpu:latest",
          phase="Pending", owner=("StatefulSet", "x"), tolerations=GPU_TOLERATION + [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}],
          labels={"notebook-name": "x"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=2)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 Insufficient nvidia.com/gpu, "
            "1 Insufficient cpu, 1 Insufficient memory", type="Normal", component="cluster-autoscaler", count=3)
    w.target("Pod", ns, pod)


@case("fe002", "volcano_queue_capability_extended_resources", {"kind": "Job", "namespace": "team-cv", "name": "nv3090-train"},
      "Volcano v1.8 (scheduler, controllers) on a kubeadm cluster with two RTX 3090 nodes (nvidia.com/gpu 8 each, "
      "static device plugin registered, nothing running on them); Queue tmp-nv3090-13 (capability cpu/memory/"
      "momenta.ai/rdma/nvidia.com/gpu, status allocated 0, pending 1) as a cluster custom resource; vcjob "
      "nv3090-train (minAvailable 1, 2 GPUs) and its PodGroup as namespaced custom resources; no Pod of the job exists; "
      "the PodGroup's two events carry the case's two lines. Job and node names are illustrative.")
def _(w, t):
    w.git_version = "v1.26.9"
    nodes = ["gpu-3090-01", "gpu-3090-02"]
    for n in nodes:
        info(w.node(n, gpus=8, cpu="64", memory="527938872Ki",
                    labels={"nvidia.com/gpu.product": "NVIDIA-GeForce-RTX-3090", "nvidia.com/gpu.present": "true"}),
             kubeletVersion="v1.26.9")
    plugin_ds(w, KS, [(nodes[0], "nvidia-device-plugin-daemonset-q2m7x"), (nodes[1], "nvidia-device-plugin-daemonset-w8c4n")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.14.3")
    for comp, rs in (("volcano-scheduler", "volcano-scheduler-7d9c8b6f5"), ("volcano-controllers", "volcano-controllers-6b8d7c9f4")):
        deploy_pod(w, "volcano-system", rs, f"{rs}-x{len(comp)}k2", nodes[0], containers=(comp,),
                   image=f"volcanosh/vc-{comp.split('-')[1]}:v1.8.1", labels={"app": comp})
    w.custom["queues.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "Queue", "metadata": {"name": "tmp-nv3090-13"},
        "spec": {"capability": {"cpu": "99999", "memory": "999999Gi", "momenta.ai/rdma": "9999", "nvidia.com/gpu": "9999"},
                 "reclaimable": False, "weight": 1},
        "status": {"allocated": {"cpu": "0", "memory": "0"}, "pending": 1, "reservation": {}, "state": "Open"}}]
    ns = "team-cv"
    w.ns_custom[("jobs.batch.volcano.sh", ns)] = [{
        "apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job", "metadata": {"name": "nv3090-train", "namespace": ns},
        "spec": {"minAvailable": 1, "schedulerName": "volcano", "queue": "tmp-nv3090-13",
                 "tasks": [{"name": "worker", "replicas": 1, "template": {"spec": {"containers": [{
                     "name": "train", "image": "pytorch/pytorch:2.1.0-cuda12.1-cudnn8-runtime",
                     "resources": {"limits": {"nvidia.com/gpu": "2"}, "requests": {"nvidia.com/gpu": "2", "cpu": "8"}}}]}}}]},
        "status": {"state": {"phase": "Pending"}}}]
    pg = "nv3090-train-2f9c4e1a-5b6d-4c8e-9a7f-1d2e3c4b5a69"
    w.ns_custom[("podgroups.scheduling.volcano.sh", ns)] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup", "metadata": {"name": pg, "namespace": ns},
        "spec": {"minMember": 1, "queue": "tmp-nv3090-13", "minResources": {"cpu": "8", "nvidia.com/gpu": "2"}},
        "status": {"phase": "Pending", "conditions": [{"type": "Unschedulable", "status": "True", "reason": "NotEnoughResources",
                                                       "message": t.splitlines()[1]}]}}]
    first, second = t.splitlines()
    w.event(ns, "PodGroup", pg, "Unschedulable", first, type="Normal", component="volcano", count=13)
    w.event(ns, "PodGroup", pg, "Unschedulable", second, type="Warning", component="volcano", count=12)
    w.pods.setdefault(ns, [])
    w.target("Job", ns, "nv3090-train")


def _kai_stack(w, node: str, version: str) -> None:
    for comp, rs in (("scheduler", "kai-scheduler-default-7f8d9c6b5"), ("binder", "binder-6c7d8f9b4"),
                     ("pod-grouper", "pod-grouper-5b6c7d8f9"), ("podgroup-controller", "podgroup-controller-79778764")):
        deploy_pod(w, "kai-scheduler", rs, f"{rs}-q{len(comp)}m2x", node, containers=(comp,),
                   image=f"ghcr.io/nvidia/kai-scheduler/{comp}:{version}", tolerations=GPU_TOLERATION)


def _dra_driver(w, nodes: list[str], version: str = "v25.8.0") -> None:
    ns, img = "nvidia-dra-driver-gpu", f"nvcr.io/nvidia/k8s-dra-driver-gpu:{version}"
    daemonset(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", desired=len(nodes),
              containers=[("gpus", img), ("compute-domains", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    for i, n in enumerate(nodes):
        ds_pod(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", f"nvidia-dra-driver-gpu-kubelet-plugin-{'abcdefghijklmnopqr'[i]}7x2q",
               n, containers=("gpus", "compute-domains"), image=img, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})


@case("fe003", "kai_dra_shared_counters_empty_features", pod_subj("dra-infer-0", "inference"),
      "Kubernetes v1.34 with one H100 node (nvidia.com/gpu not advertised, GPUs published through the NVIDIA DRA "
      "driver's ResourceSlices with DynamicMIG shared counters, which the collector does not read); DRA kubelet "
      "plugin running; KAI Scheduler v0.17.0 (scheduler, binder, pod-grouper, podgroup-controller); ResourceClaim "
      "inference/dra-infer-0-gpu (deviceClassName gpu.nvidia.com, unallocated) as a namespaced custom resource; the "
      "Pod (schedulerName kai-scheduler) is Pending with the case's text as the kai-scheduler Unschedulable event, "
      "<node> left as the thread wrote it. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.34.2"
    node = "h100-node-1"
    info(w.node(node, cpu="128", memory="2113276288Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                        "nvidia.com/gpu.count": "8", "feature.node.kubernetes.io/pci-10de.present": "true"}),
         kubeletVersion="v1.34.2")
    _dra_driver(w, [node])
    _kai_stack(w, node, "v0.17.0")
    ns, pod = "inference", "dra-infer-0"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "dra-infer-0-gpu", "namespace": ns},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}}, "status": {}}]
    p = w.pod(ns, pod, gpu=0, containers=("vllm",), scheduler="kai-scheduler", phase="Pending",
              owner=("StatefulSet", "dra-infer"), labels={"kai.scheduler/queue": "inference"}, scheduled_message=t,
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "dra-infer-0-gpu"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.event(ns, "Pod", pod, "Unschedulable", t, component="kai-scheduler", count=48)
    w.target("Pod", ns, pod)


@case("fe004", "kai_gang_dra_stale_state_idle_rack", pod_subj("train-worker-rack-1-0-0", "training"),
      "Two GB200 racks modelled with 4 nodes each (the thread has 18 per rack; 4 GPUs per node, nvidia.com/gpu 4, "
      "device plugin registered, clique labels nvidia.com/gpu.clique); rack r04 nodes run rack-0's pods (all GPUs "
      "requested), rack r11 nodes are idle; DRA kubelet plugin (compute domains) running; KAI Scheduler v0.12; one "
      "rack-1 Pod (4 GPUs + a compute-domain-channel claim) is Pending with the case's condition text as its "
      "PodScheduled message and kai-scheduler event (line breaks as the reporter wrote them). Names are illustrative.")
def _(w, t):
    w.git_version = "v1.33.5"
    racks = {"r04": [f"r04-gb200-{i:02d}" for i in range(1, 5)], "r11": [f"r11-gb200-{i:02d}" for i in range(1, 5)]}
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.18.0"
    for rack, nodes in racks.items():
        for n in nodes:
            info(w.node(n, gpus=4, cpu="144", memory="1981878272Ki",
                        labels={"nvidia.com/gpu.product": "NVIDIA-GB200", "nvidia.com/gpu.present": "true",
                                "nvidia.com/gpu.clique": f"{rack}.1", "kubernetes.io/arch": "arm64"}),
                 architecture="arm64", kubeletVersion="v1.33.5")
    all_nodes = racks["r04"] + racks["r11"]
    plugin_ds(w, "gpu-operator", [(n, f"nvidia-device-plugin-daemonset-{i:02d}x7k") for i, n in enumerate(all_nodes)], img)
    _dra_driver(w, all_nodes)
    _kai_stack(w, racks["r04"][0], "v0.12.4")
    ns = "training"
    for i, n in enumerate(racks["r04"]):
        w.pod(ns, f"train-worker-rack-0-0-{i}", node=n, gpu=4, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
              scheduler="kai-scheduler", owner=("Job", "train-worker-rack-0-0"), tolerations=GPU_TOLERATION)
    pod = "train-worker-rack-1-0-0"
    p = w.pod(ns, pod, gpu=4, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3", scheduler="kai-scheduler",
              phase="Pending", owner=("Job", "train-worker-rack-1-0"), tolerations=GPU_TOLERATION, scheduled_message=t,
              extra_spec={"resourceClaims": [{"name": "channel", "resourceClaimTemplateName": "rack-1-compute-domain-channel"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "channel"}]
    w.event(ns, "Pod", pod, "Unschedulable", t, component="kai-scheduler", count=310)
    w.target("Pod", ns, pod)


@case("fe005", "karpenter_no_g_instance_capacity", pod_subj("sd-worker-6d4b9c7f5-k2x8q", "ml"),
      "EKS 1.29 with two m5.xlarge nodes from a managed node group (no GPU); Karpenter 0.36.1 (karpenter namespace) "
      "with a NodePool gpu whose requirements select instance-category g; the GPU Deployment's Pod (nodeSelector "
      "karpenter.k8s.aws/instance-category=g, nvidia.com/gpu 1) is Pending; events: the default-scheduler's generic "
      "node-selector rejection (illustrative wording) and the karpenter FailedScheduling event with the case's text.")
def _(w, t):
    w.git_version = "v1.29.3-eks-adc7111"
    for i, z in enumerate(("us-east-1a", "us-east-1b")):
        n = w.node(f"ip-10-20-{40 + i}-{17 + i}.ec2.internal", cpu="4", memory="15896788Ki",
                   labels=eks_labels("m5.xlarge", "system", z))
        info(n, **dict(EKS_KV, kubeletVersion="v1.29.3-eks-ae9a62a"))
    deploy_pod(w, "karpenter", "karpenter-7b9c5d8f6", "karpenter-7b9c5d8f6-q4w2z", w.nodes[0]["metadata"]["name"],
               containers=("controller",), image="public.ecr.aws/karpenter/controller:0.36.1", labels={"app.kubernetes.io/name": "karpenter"})
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1beta1", "kind": "NodePool", "metadata": {"name": "gpu"},
        "spec": {"template": {"spec": {"requirements": [
            {"key": "karpenter.k8s.aws/instance-category", "operator": "In", "values": ["g"]},
            {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}],
            "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}}, "limits": {"cpu": "1000"}}}]
    ns, pod = "ml", "sd-worker-6d4b9c7f5-k2x8q"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("worker",), phase="Pending", owner=("ReplicaSet", "sd-worker-6d4b9c7f5"),
          node_selector={"karpenter.k8s.aws/instance-category": "g"}, tolerations=GPU_TOLERATION, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=20)
    w.event(ns, "Pod", pod, "FailedScheduling", t, component="karpenter", count=17)
    w.target("Pod", ns, pod)


MICROK8S_KV = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
               "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.3"}
GPU_PRESENT_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]


def _microk8s_gpu(w, node: str, gpus: int, product: str) -> None:
    info(w.node(node, gpus=gpus, cpu="128", memory="2113276288Ki", taints=GPU_PRESENT_TAINT,
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                        "microk8s.io/cluster": "true"}), **MICROK8S_KV)
    plugin_ds(w, "gpu-operator-resources", [(node, "nvidia-device-plugin-daemonset-h7w2k")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.17.2")


def _llmkube(w, ctl: str) -> None:
    deploy_pod(w, "llmkube-system", "llmkube-controller-manager-5c7d9b8f6", "llmkube-controller-manager-5c7d9b8f6-m2q8x",
               ctl, containers=("manager",), image="ghcr.io/defilantech/llmkube:v0.9.2",
               labels={"control-plane": "controller-manager"})


@case("fe006", "microk8s_hostpath_pv_affinity_empty_hostname", pod_subj("qwen3-32b-6f8d9c7b5-t4k9z", "models"),
      "microk8s 1.33 with a control node and the DGX node ahazidgx2 (8 GPUs, tainted nvidia.com/gpu=present:NoSchedule, "
      "device plugin registered); the LLMKube controller runs; PVC qwen3-32b-model-cache (microk8s-hostpath) is "
      "Bound to a PV whose node affinity is kubernetes.io/hostname In [\"\"] (cluster custom resource "
      "persistentvolumes, as the thread describes); the model server Pod (tolerates the GPU taint, nvidia.com/gpu 1) is "
      "Pending; its default-scheduler FailedScheduling event and PodScheduled message carry the case's two lines "
      "joined into one message (the thread shows the one-line scheduler message wrapped). PV id kept as the thread "
      "truncated it; other names are illustrative.")
def _(w, t):
    w.git_version = "v1.33.3"
    info(w.node("ahazictl1", cpu="16", memory="65536000Ki"), **MICROK8S_KV)
    _microk8s_gpu(w, "ahazidgx2", 8, "NVIDIA-H100-80GB-HBM3")
    _llmkube(w, "ahazictl1")
    ns, pod = "models", "qwen3-32b-6f8d9c7b5-t4k9z"
    w.custom["persistentvolumes"] = [{
        "apiVersion": "v1", "kind": "PersistentVolume", "metadata": {"name": "pvc-7d8e47dd-..."},
        "spec": {"storageClassName": "microk8s-hostpath", "capacity": {"storage": "200Gi"}, "accessModes": ["ReadWriteOnce"],
                 "claimRef": {"namespace": ns, "name": "qwen3-32b-model-cache"},
                 "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                     {"key": "kubernetes.io/hostname", "operator": "In", "values": [""]}]}]}}},
        "status": {"phase": "Bound"}}]
    w.ns_custom[("persistentvolumeclaims", ns)] = [{
        "apiVersion": "v1", "kind": "PersistentVolumeClaim",
        "metadata": {"name": "qwen3-32b-model-cache", "namespace": ns,
                     "annotations": {"volume.kubernetes.io/selected-node": "ahazidgx2"}},
        "spec": {"storageClassName": "microk8s-hostpath", "accessModes": ["ReadWriteOnce"],
                 "resources": {"requests": {"storage": "200Gi"}}, "volumeName": "pvc-7d8e47dd-..."},
        "status": {"phase": "Bound"}}]
    msg = " ".join(t.splitlines())
    w.pod(ns, pod, gpu=1, containers=("llama-server",), image="ghcr.io/ggml-org/llama.cpp:server-cuda", phase="Pending",
          owner=("ReplicaSet", "qwen3-32b-6f8d9c7b5"), tolerations=GPU_TOLERATION, scheduled_message=msg,
          volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": "qwen3-32b-model-cache"}}],
          mounts=[{"name": "model-cache", "mountPath": "/models"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", ns, pod)


@case("fe007", "microk8s_hostpath_helper_blocked_by_gpu_taint", pod_subj("gemma-3-27b-7c9d8b6f5-p2x7m", "models"),
      "microk8s 1.33 with a control node and one GPU node (tainted nvidia.com/gpu=present:NoSchedule, device plugin "
      "registered); the model server Pod (tolerates the taint, nvidia.com/gpu 1) mounts PVC gemma-3-27b-model-cache "
      "(microk8s-hostpath, WaitForFirstConsumer, Pending, selected-node the GPU node); the hostpath provisioner's "
      "helper pod for that PVC (only the default NoExecute tolerations) is Pending with an untolerated-taint "
      "FailedScheduling event; the model Pod's PodScheduled message and FailedScheduling event are the scheduler's "
      "standard wording for a claim waiting on provisioning (illustrative). The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.33.3"
    info(w.node("lab-ctl", cpu="16", memory="65536000Ki"), **MICROK8S_KV)
    gpu = "lab-gpu-1"
    _microk8s_gpu(w, gpu, 2, "NVIDIA-RTX-6000-Ada-Generation")
    _llmkube(w, "lab-ctl")
    ns, pod = "models", "gemma-3-27b-7c9d8b6f5-p2x7m"
    w.ns_custom[("persistentvolumeclaims", ns)] = [{
        "apiVersion": "v1", "kind": "PersistentVolumeClaim",
        "metadata": {"name": "gemma-3-27b-model-cache", "namespace": ns,
                     "annotations": {"volume.kubernetes.io/selected-node": gpu,
                                     "volume.kubernetes.io/storage-provisioner": "microk8s.io/hostpath"}},
        "spec": {"storageClassName": "microk8s-hostpath", "accessModes": ["ReadWriteOnce"],
                 "resources": {"requests": {"storage": "100Gi"}}},
        "status": {"phase": "Pending"}}]
    msg = "0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
    w.pod(ns, pod, gpu=1, containers=("llama-server",), image="ghcr.io/ggml-org/llama.cpp:server-cuda", phase="Pending",
          owner=("ReplicaSet", "gemma-3-27b-7c9d8b6f5"), tolerations=GPU_TOLERATION, scheduled_message=msg,
          volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": "gemma-3-27b-model-cache"}}],
          mounts=[{"name": "model-cache", "mountPath": "/models"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=31)
    helper = "hostpath-provisioner-pvc-5e1f2a3b-lab-gpu-1"
    hmsg = ("0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 node(s) had untolerated taint "
            "{nvidia.com/gpu: present}. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    w.pod(KS, helper, gpu=0, containers=("hostpath-provisioner",), image="cdkbot/hostpath-provisioner:1.5.0", phase="Pending",
          node_selector={"kubernetes.io/hostname": gpu}, scheduled_message=hmsg)
    w.event(KS, "Pod", helper, "FailedScheduling", hmsg, component="default-scheduler", count=31)
    w.target("Pod", ns, pod)


# =============================================================================================
# node layer
# =============================================================================================

@case("fe008", "aks_toolkit_containerd_v4_dropin_notready", node_subj("aks-gpu-12345678-vmss000000"),
      "AKS 1.33 with a system pool node (Ready) and two GPU pool nodes (Standard_NC24ads_A100_v4, Ubuntu 24.04, "
      "containerd 2.x) NotReady with status Unknown ('Kubelet stopped posting node status'); GPU Operator v26.3.2 "
      "DaemonSets (toolkit, device plugin, validator) with their pods on the GPU nodes no longer ready; a GPU "
      "Deployment Pod on one GPU node is stuck in ContainerCreating with FailedCreatePodSandBox events ('no runtime "
      "for \"nvidia\" is configured', then the containerd socket refused), illustrative wording. The host journal "
      "lines of the case are NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.33.2"
    kv = dict(AKS_KV, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1030-azure",
              containerRuntimeVersion="containerd://2.3.2-1", kubeletVersion="v1.33.2")
    info(w.node("aks-system-87654321-vmss000000", cpu="4", memory="16365848Ki", labels=aks_labels("system", "Standard_D4ds_v5")),
         **kv)
    gpus = ["aks-gpu-12345678-vmss000000", "aks-gpu-12345678-vmss000001"]
    for g in gpus:
        n = w.gpu_node(g, gpus=1, product="NVIDIA-A100-PCIE-80GB", ready="Unknown", operator=True, cpu="24",
                       memory="226559744Ki", labels=aks_labels("gpu", "Standard_NC24ads_A100_v4"), taints=AKS_GPU_TAINT)
        info(n, **kv)
        n["metadata"]["labels"].update({"nvidia.com/gpu.deploy.driver": "pre-installed", "nvidia.com/cuda.driver.major": "570"})
        n["spec"]["taints"] = AKS_GPU_TAINT + [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule"},
                                               {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute"}]
        for role in ("driver",):
            remove_stack_pod(w, g, role)
        for p in w.pods[OPERATOR_NS]:
            if p["spec"].get("nodeName") == g:
                for s in p["status"].get("containerStatuses", []):
                    s["ready"] = False
                for c in p["status"]["conditions"]:
                    if c["type"] in ("Ready", "ContainersReady"):
                        c["status"] = "False"
        w.event("default", "Node", g, "NodeNotReady", "Node " + g + " status is now: NodeNotReady", type="Normal",
                component="node-controller")
    pod = "llm-api-5d7c9b8f6-9xq2w"
    w.pod(ML, pod, node=gpus[0], gpu=1, containers=("api",), phase="Pending", ready=False,
          statuses={"api": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
          owner=("ReplicaSet", "llm-api-5d7c9b8f6"), runtime_class="nvidia",
          tolerations=GPU_TOLERATION + [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    w.event(ML, "Pod", pod, "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured',
            component="kubelet", host=gpus[0], count=4)
    w.event(ML, "Pod", pod, "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unavailable desc = connection error: desc = "transport: Error while '
            'dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"', component="kubelet",
            host=gpus[0], count=2)
    w.target("Node", None, gpus[0])


@case("fe009", "openshift_toolkit_wait_loop_log_noise", node_subj("worker-gpu-0"),
      "OpenShift 4.4 (Kubernetes v1.17.1, RHCOS 44.81, CRI-O 1.17.4) with GPU Operator 1.1.7 in gpu-operator-resources "
      "(modelled as the gpu-operator namespace): driver, toolkit, device plugin and validator healthy on the GPU worker, "
      "nvidia.com/gpu 1 advertised, a GPU Pod running; the toolkit container's current log ends with its configuration "
      "lines and the shell-trace wait loop including the case's line (surrounding trace lines illustrative).")
def _(w, t):
    w.git_version = "v1.17.1"
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109, labels={"node-role.kubernetes.io/worker": ""})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 44.81.202004260825-0 (Ootpa)", kernelVersion="4.18.0-147.8.1.el8_1.x86_64",
         containerRuntimeVersion="cri-o://1.17.4-8.dev.rhaos4.4.git5f5c5e4.el8", kubeletVersion="v1.17.1")
    tk = w.stack(node, "toolkit")
    w.log(OPERATOR_NS, tk, "nvidia-container-toolkit-ctr",
          "time=\"2020-10-28T07:02:11Z\" level=info msg=\"Installing NVIDIA container toolkit to '/usr/local/nvidia/toolkit'\"\n"
          "time=\"2020-10-28T07:02:12Z\" level=info msg=\"Setting up runtime\"\n"
          "time=\"2020-10-28T07:02:12Z\" level=info msg=\"Successfully parsed arguments\"\n"
          "+ true\n+ continue\n" + t + "\n+ true\n+ continue\n")
    w.pod(ML, "triton-0", node=node, gpu=1, containers=("triton",), image="nvcr.io/nvidia/tritonserver:20.09-py3",
          owner=("StatefulSet", "triton"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fe010", "operator_plugin_fs_watcher_inotify_exhausted", node_subj("gpu-worker-3"),
      "Kubernetes v1.25 (containerd, calico) with GPU Operator v22.9.0: driver, toolkit and GFD healthy on the GPU "
      "node; the nvidia-device-plugin-daemonset pod is Running but its container crash-loops (12 restarts) and its "
      "previous log is the case's two lines; the node has no nvidia.com/gpu in capacity/allocatable (the plugin never "
      "registered since the node was added); the operator validator waits in its plugin-validation init container.")
def _(w, t):
    w.git_version = "v1.25.4"
    node = "gpu-worker-3"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-A40", memory_mib=46068)
    info(n, kubeletVersion="v1.25.4", containerRuntimeVersion="containerd://1.6.10")
    drop_gpu_resource(n)
    dp = w.stack(node, "device-plugin")
    pod = w.get_pod(OPERATOR_NS, dp)
    for s in pod["status"]["containerStatuses"]:
        s.update(crashing("nvidia-device-plugin", 1, restarts=12)["nvidia-device-plugin"])
    pod["status"]["conditions"][-1]["status"] = "False"
    pod["status"]["conditions"][-2]["status"] = "False"
    w.log(OPERATOR_NS, dp, "nvidia-device-plugin", t, previous=True)
    w.logs.pop((OPERATOR_NS, dp, "nvidia-device-plugin", False), None)
    vp = w.stack(node, "validator")
    vpod = w.get_pod(OPERATOR_NS, vp)
    vpod["status"]["phase"] = "Pending"
    for s in vpod["status"].get("initContainerStatuses", []):
        if s["name"] == "plugin-validation":
            s.update({"state": {"running": {"startedAt": T0}}, "ready": False})
    for s in vpod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    w.target("Node", None, node)


@case("fe011", "aks_plugin_preferred_allocation_nvml_init", pod_subj("embed-worker-7b9d6c5f8-8q2kx"),
      "AKS 1.31.6 with two Standard_NC24ads_A100_v4 nodes (one MIG-partitioned, one full A100 without MIG), the device "
      "plugin v0.17.1 DaemonSet (gpu-resources) Running and registered on both (healthy startup log, no restart); on "
      "the full-A100 node the Deployment's Pods are Failed with reason UnexpectedAdmissionError and the case's text "
      "as status message and kubelet event (three such Pods modelled of the thousands in the thread). Names illustrative.")
def _(w, t):
    w.git_version = "v1.31.6"
    mig, full = "aks-a100mig-11223344-vmss000000", "aks-a100-55667788-vmss000000"
    n1 = w.node(mig, gpus=7, resource="nvidia.com/mig-1g.10gb", cpu="24", memory="226559744Ki",
                labels={**aks_labels("a100mig", "Standard_NC24ads_A100_v4"), "nvidia.com/mig.strategy": "mixed"},
                taints=AKS_GPU_TAINT)
    info(n1, **AKS_KV)
    n2 = w.node(full, gpus=1, cpu="24", memory="226559744Ki", labels=aks_labels("a100", "Standard_NC24ads_A100_v4"),
                taints=AKS_GPU_TAINT)
    info(n2, **AKS_KV)
    plugin_ds(w, "gpu-resources", [(mig, "nvidia-device-plugin-daemonset-6xq2k"), (full, "nvidia-device-plugin-daemonset-r9m4t")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    tol = GPU_TOLERATION + [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    for suffix in ("8q2kx", "4w7zn", "c5t9m"):
        pod = f"embed-worker-7b9d6c5f8-{suffix}"
        failed_admission(w.pod(ML, pod, node=full, gpu=1, containers=("embed",), phase="Failed",
                               reason="UnexpectedAdmissionError", message=t, owner=("ReplicaSet", "embed-worker-7b9d6c5f8"),
                               tolerations=tol))
        w.event(ML, "Pod", pod, "UnexpectedAdmissionError", t, component="kubelet", host=full)
    w.workload("ReplicaSet", ML, "embed-worker-7b9d6c5f8", replicas=1, owner=("Deployment", "embed-worker"),
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0})
    w.target("Pod", ML, "embed-worker-7b9d6c5f8-8q2kx")


@case("fe012", "rke2_xid79_preferred_allocation_fails_all_pods", pod_subj("comfy-ui-6c8d7b9f5-m4k2q"),
      "RKE2 v1.34.3 node with 8x GeForce RTX 5090 (GPU Operator v25.x, device plugin v0.18.1): capacity nvidia.com/gpu "
      "8, allocatable 7; the node's kernel log holds an Xid 79 for one GPU and the device plugin's log marks that device "
      "unhealthy (illustrative lines); three 1-GPU Pods bound to the node are Failed with reason "
      "UnexpectedAdmissionError; their status message and kubelet event are the event message of the case with the "
      "reporter's line wrapping joined by spaces and the row prefix ('Warning  UnexpectedAdmissionError  pod/...') "
      "removed. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.34.3+rke2r1"
    node = "gpu-5090-01"
    n = w.gpu_node(node, gpus=8, allocatable=7, product="NVIDIA-GeForce-RTX-5090", memory_mib=32607, cpu="128",
                   memory="1056581632Ki")
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-179-generic", containerRuntimeVersion="containerd://2.1.5-k3s1",
         kubeletVersion="v1.34.3+rke2r1")
    n["metadata"]["labels"]["nvidia.com/cuda.driver.major"] = "580"
    dp = w.stack(node, "device-plugin")
    w.log(OPERATOR_NS, dp, "nvidia-device-plugin", HEALTHY_PLUGIN_LOG +
          "I0917 03:12:44.918230       1 health.go:151] Processing event {Device:{Handle:0xc000a1c2a0} EventType:8 EventData:79 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}\n"
          "I0917 03:12:44.918301       1 health.go:177] XidCriticalError: Xid=79 on Device=GPU-5f0c2a3e-9d4b-7e61-b8a2-4c3d2e1f0a9b; marking device as unhealthy.\n")
    w.dmesg(node, "[1209384.118402] NVRM: Xid (PCI:0000:c1:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n"
                  "[1209384.118433] NVRM: GPU 0000:c1:00.0: GPU has fallen off the bus.\n")
    row = " ".join(t.splitlines())
    msg = row.split("pod/...", 1)[1].strip()
    for suffix in ("m4k2q", "x7p3d", "b2n8w"):
        pod = f"comfy-ui-6c8d7b9f5-{suffix}"
        failed_admission(w.pod(ML, pod, node=node, gpu=1, containers=("comfy",), phase="Failed",
                               reason="UnexpectedAdmissionError", message=msg, owner=("ReplicaSet", "comfy-ui-6c8d7b9f5"),
                               tolerations=GPU_TOLERATION))
        w.event(ML, "Pod", pod, "UnexpectedAdmissionError", msg, component="kubelet", host=node)
    w.target("Pod", ML, "comfy-ui-6c8d7b9f5-m4k2q")


@case("fe013", "k3s_mig_manager_wedged_paused_labels", node_subj("a100-k3s-1"),
      "k3s v1.34.4 single GPU node with 4x A100-PCIE-40GB, GPU Operator v26.3.0 with mig-manager v0.14.0 "
      "(mig.strategy=mixed): node labels nvidia.com/mig.config=all-balanced, mig.config.state=pending and every "
      "nvidia.com/gpu.deploy.* operand label paused-for-mig-change; the device plugin, GFD, dcgm and dcgm-exporter "
      "DaemonSets therefore select no node (desired 0) and have no pod; capacity/allocatable nvidia.com/gpu 0 and no "
      "MIG resources; the driver and toolkit run; the mig-manager pod runs and its log ends waiting for a label change "
      "(illustrative lines). The reporter's description is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.34.4+k3s1"
    node = "a100-k3s-1"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, cpu="64", memory="528182808Ki",
                   labels={"nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
                           "nvidia.com/mig.config": "all-balanced", "nvidia.com/mig.config.state": "pending",
                           "nvidia.com/gpu.deploy.mig-manager": "true", "node-role.kubernetes.io/control-plane": "true"})
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-190-generic", containerRuntimeVersion="containerd://2.1.5-k3s1",
         kubeletVersion="v1.34.4+k3s1")
    n["status"]["capacity"]["nvidia.com/gpu"] = "0"
    n["status"]["allocatable"]["nvidia.com/gpu"] = "0"
    n["metadata"]["labels"]["nvidia.com/cuda.driver.major"] = "580"
    for comp in ("device-plugin", "gpu-feature-discovery", "dcgm", "dcgm-exporter", "operator-validator", "nvsm"):
        n["metadata"]["labels"][f"nvidia.com/gpu.deploy.{comp}"] = "paused-for-mig-change"
    for role in ("device-plugin", "gfd", "validator"):
        remove_stack_pod(w, node, role)
    for name, c, sel in (("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "device-plugin"),
                         ("gpu-feature-discovery", "gpu-feature-discovery", "gpu-feature-discovery"),
                         ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter", "dcgm-exporter"),
                         ("nvidia-operator-validator", "nvidia-operator-validator", "operator-validator")):
        daemonset(w, OPERATOR_NS, name, desired=0, containers=[(c, f"nvcr.io/nvidia/{c}:v26.3.0")],
                  node_selector={f"nvidia.com/gpu.deploy.{sel}": "true"}, tolerations=GPU_TOLERATION, labels={"app": name})
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.14.0"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"})
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", "nvidia-mig-manager-k7q2v", node, containers=("nvidia-mig-manager",),
           image=img, labels={"app": "nvidia-mig-manager"})
    w.log(OPERATOR_NS, "nvidia-mig-manager-k7q2v", "nvidia-mig-manager",
          'time="2026-08-30T09:14:02Z" level=info msg="Updating to MIG config: all-balanced"\n'
          "Shutting down all GPU clients in Kubernetes by disabling their component-specific nodeSelector labels\n"
          "node/a100-k3s-1 labeled\n"
          "Waiting for the device-plugin to shutdown\n"
          'time="2026-08-30T09:19:02Z" level=info msg="Waiting for change to \'nvidia.com/mig.config\' label"\n')
    w.target("Node", None, node)


@case("fe014", "openshift_dra_plugin_stale_cdi_empty_edits", pod_subj("h200-bench-0", "llm-bench"),
      "OpenShift 4.21.7 (Kubernetes v1.34.6, RHCOS 9.6, CRI-O) with GPU Operator v25.10.1 (namespace nvidia-gpu-operator "
      "modelled as gpu-operator, healthy operands on an 8x H200 node) and the NVIDIA DRA driver v25.12.0 kubelet plugin "
      "running on it; the toolkit pod was recreated recently (restart count 0, young), the DRA plugin pod is older; a "
      "Pod with a ResourceClaim is bound to the node and stuck in ContainerCreating; its kubelet "
      "FailedPrepareDynamicResources event wraps the case's text in the NodePrepareResources message the thread shows "
      "(claim names illustrative).")
def _(w, t):
    w.git_version = "v1.34.6"
    node = "ocp-h200-worker-0"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H200", memory_mib=143771, cpu="224", memory="2113276288Ki",
                   labels={"node-role.kubernetes.io/worker": ""})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 9.6.20260318-0 (Plow)", kernelVersion="5.14.0-570.42.1.el9_6.x86_64",
         containerRuntimeVersion="cri-o://1.34.2-2.rhaos4.21.git3a1e5b9.el9", kubeletVersion="v1.34.6")
    _dra_driver(w, [node], "v25.12.0")
    ns, pod = "llm-bench", "h200-bench-0"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "h200-bench-0-gpus", "namespace": ns},
        "spec": {"devices": {"requests": [{"name": "gpus", "exactly": {"deviceClassName": "gpu.nvidia.com", "count": 2}}]}},
        "status": {"allocation": {"devices": {"results": [
            {"request": "gpus", "driver": "gpu.nvidia.com", "pool": node, "device": "gpu-0"},
            {"request": "gpus", "driver": "gpu.nvidia.com", "pool": node, "device": "gpu-1"}]}},
            "reservedFor": [{"resource": "pods", "name": pod}]}}]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("bench",), image="vllm/vllm-openai:v0.11.0", phase="Pending", ready=False,
              statuses={"bench": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
              owner=("StatefulSet", "h200-bench"),
              extra_spec={"resourceClaims": [{"name": "gpus", "resourceClaimName": "h200-bench-0-gpus"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpus"}]
    msg = ("Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim h200-bench-0-gpus: error "
           "preparing devices for claim llm-bench/h200-bench-0-gpus:6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f: unable to create "
           "CDI spec file for claim: failed to write spec: " + t)
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources", msg, component="kubelet", host=node, count=14)
    w.target("Pod", ns, pod)


@case("fe015", "operator_plugin_validator_gpu_taken_by_pending_pod", node_subj("gpu-node-1"),
      "Kubernetes v1.21 node with one GPU (nvidia.com/gpu 1) and GPU Operator v1.7 (helm): driver, toolkit, plugin and "
      "GFD healthy; a workload Pod that was pending for a GPU is now Running on the node and holds it; the operator's "
      "nvidia-device-plugin-validator Pod (nvidia.com/gpu 1) is Failed with reason UnexpectedAdmissionError and the "
      "case's event row as its kubelet event (message unchanged); the operator validator waits in plugin-validation.")
def _(w, t):
    w.git_version = "v1.21.2"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-16GB", memory_mib=16160)
    info(n, kubeletVersion="v1.21.2", containerRuntimeVersion="docker://20.10.7", osImage="Ubuntu 20.04.2 LTS")
    w.pod(ML, "pending-train-0", node=node, gpu=1, containers=("train",), image="nvcr.io/nvidia/pytorch:21.07-py3",
          owner=("StatefulSet", "pending-train"))
    msg = t.split("kubelet, xxxxx", 1)[1].strip()
    failed_admission(w.pod(OPERATOR_NS, "nvidia-device-plugin-validator", node=node, gpu=1, containers=("plugin-validation",),
                           phase="Failed", reason="UnexpectedAdmissionError", message=msg,
                           labels={"app": "nvidia-device-plugin-validator"}, tolerations=GPU_TOLERATION))
    w.event(OPERATOR_NS, "Pod", "nvidia-device-plugin-validator", "UnexpectedAdmissionError", msg, component="kubelet",
            host=node)
    vp = w.stack(node, "validator")
    vpod = w.get_pod(OPERATOR_NS, vp)
    vpod["status"]["phase"] = "Pending"
    for s in vpod["status"].get("initContainerStatuses", []):
        if s["name"] == "plugin-validation":
            s.update({"state": {"running": {"startedAt": T0}}, "ready": False})
    for s in vpod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    w.target("Node", None, node)


@case("fe016", "aks_dcgm_exporter_dcp_not_loaded_vgpu", node_subj("aks-nva10-24681357-vmss000000"),
      "AKS 1.33.2 with a Standard_NV18ads_A10_v5 node (AKS-managed driver, AKS-documented device plugin registered, "
      "nvidia.com/gpu 1) and dcgm-exporter 4.3.1-4.4.1 from its own Helm chart (namespace monitoring) running; its log "
      "holds the startup lines with the case's two lines and the webserver start (surrounding lines illustrative); a GPU "
      "Pod runs on the node.")
def _(w, t):
    w.git_version = "v1.33.2"
    node = "aks-nva10-24681357-vmss000000"
    kv = dict(AKS_KV, kubeletVersion="v1.33.2", kernelVersion="5.15.0-1089-azure")
    info(w.node(node, gpus=1, cpu="18", memory="226559744Ki", labels=aks_labels("nva10", "Standard_NV18ads_A10_v5"),
                taints=AKS_GPU_TAINT), **kv)
    plugin_ds(w, "gpu-resources", [(node, "nvidia-device-plugin-daemonset-5tq8c")], "nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    img = "nvcr.io/nvidia/k8s/dcgm-exporter:4.3.1-4.4.1-ubuntu22.04"
    daemonset(w, "monitoring", "dcgm-exporter", desired=1, containers=[("exporter", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "dcgm-exporter"})
    ds_pod(w, "monitoring", "dcgm-exporter", "dcgm-exporter-8k2wq", node, containers=("exporter",), image=img,
           labels={"app.kubernetes.io/name": "dcgm-exporter"})
    w.log("monitoring", "dcgm-exporter-8k2wq", "exporter",
          'time=2025-08-26T23:21:44.585Z level=INFO msg="Starting dcgm-exporter" Version=4.3.1-4.4.1\n'
          'time=2025-08-26T23:21:44.620Z level=INFO msg="DCGM successfully initialized!"\n'
          'time=2025-08-26T23:21:44.620Z level=INFO msg="NVML provider successfully initialized!"\n' + t + "\n"
          'time=2025-08-26T23:21:44.912Z level=INFO msg="Starting webserver"\n')
    w.pod(ML, "whisper-0", node=node, gpu=1, containers=("whisper",), owner=("StatefulSet", "whisper"),
          tolerations=GPU_TOLERATION + [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    w.target("Node", None, node)


@case("fe017", "gke_cos_cdi_empty_ldcache_warning", node_subj("gke-cdi-test-gpu-pool-3f2a1b9c-w7k2"),
      "GKE (COS, driver installed by GKE under /home/kubernetes/bin/nvidia, nvidia-l4) with the GPU Operator in "
      "gpu-operator (driver.enabled=false, CDI default): toolkit, device plugin, GFD and validator healthy; the "
      "device-plugin container's log holds the case's warning inside its CDI generation lines (surrounding lines "
      "illustrative) before 'Registered device plugin'; nvidia.com/gpu 1 advertised; a GPU Pod runs.")
def _(w, t):
    w.git_version = "v1.29.3-gke.1282000"
    node = "gke-cdi-test-gpu-pool-3f2a1b9c-w7k2"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034, plugin_log=None,
                   labels={"cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-nodepool": "gpu-pool",
                           "cloud.google.com/gke-os-distribution": "cos"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **dict(GKE_KV, kubeletVersion="v1.29.3-gke.1282000"))
    remove_stack_pod(w, node, "driver")
    n["metadata"]["labels"].update({"nvidia.com/gpu.deploy.driver": "false", "nvidia.com/cuda.driver.major": "535"})
    dp = w.stack(node, "device-plugin")
    w.log(OPERATOR_NS, dp, "nvidia-device-plugin",
          'time="2024-04-22T19:37:03Z" level=info msg="Generating CDI spec for resource: k8s.device-plugin.nvidia.com/gpu"\n'
          + t + "\n"
          'time="2024-04-22T19:37:03Z" level=info msg="Selecting /home/kubernetes/bin/nvidia/lib64/libcuda.so.535.161.07 as /usr/local/nvidia/lib64/libcuda.so.535.161.07"\n'
          + HEALTHY_PLUGIN_LOG)
    w.pod(ML, "l4-infer-0", node=node, gpu=1, containers=("server",), owner=("StatefulSet", "l4-infer"),
          tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


@case("fe018", "nfd_kconfig_rt_kernel_gpu_node", node_subj("rt-gpu-1"),
      "Kubernetes v1.31 with NFD v0.17 (namespace node-feature-discovery: master + worker) and a GPU node on kernel "
      "6.6.0-1-rt-amd64 carrying NFD labels (pci-10de, kernel-version) but no kernel-config labels; the nfd-worker log "
      "holds the case's line (klog header illustrative) among normal startup lines; the node's device plugin (helm "
      "chart, with GFD) runs and is registered, nvidia.com/gpu 1; a GPU Pod runs.")
def _(w, t):
    w.git_version = "v1.31.6"
    ctl, node = "rt-ctl-1", "rt-gpu-1"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.6.0-1-rt-amd64",
          "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.6"}
    info(w.node(ctl, cpu="8", memory="32810616Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node(node, gpus=1, cpu="32", memory="131891368Ki",
                labels={"feature.node.kubernetes.io/pci-10de.present": "true",
                        "feature.node.kubernetes.io/kernel-version.full": "6.6.0-1-rt-amd64",
                        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-RTX-A4000",
                        "nvidia.com/gpu.count": "1", "nvidia.com/gpu.memory": "16376"}), **kv)
    workers = nfd(w, "node-feature-discovery", "nfd", [node], ctl, "v0.17.3")
    w.log("node-feature-discovery", workers[0], "worker",
          'I1103 10:02:11.201345       1 nfd-worker.go:273] "Node Feature Discovery Worker" version="v0.17.3"\n'
          'I1103 10:02:11.301877       1 nfd-worker.go:531] "starting feature discovery..."\n'
          'E1103 10:02:11.402118       1 ' + t + "\n"
          'I1103 10:02:11.512904       1 nfd-worker.go:544] "feature discovery completed"\n')
    ns, img = "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.2"
    lab = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, ns, "nvdp-nvidia-device-plugin", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION, labels=lab)
    ds_pod(w, ns, "nvdp-nvidia-device-plugin", "nvdp-nvidia-device-plugin-7x2kq", node, containers=("nvidia-device-plugin-ctr",),
           image=img, labels=lab)
    w.log(ns, "nvdp-nvidia-device-plugin-7x2kq", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    glab = {"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, ns, "nvdp-gpu-feature-discovery", desired=1, containers=[("gpu-feature-discovery-ctr", img)],
              affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION, labels=glab)
    ds_pod(w, ns, "nvdp-gpu-feature-discovery", "nvdp-gpu-feature-discovery-q8w3n", node,
           containers=("gpu-feature-discovery-ctr",), image=img, labels=glab)
    w.log(ns, "nvdp-gpu-feature-discovery-q8w3n", "gpu-feature-discovery-ctr", HEALTHY_GFD_LOG)
    w.pod(ML, "vision-0", node=node, gpu=1, containers=("vision",), owner=("StatefulSet", "vision"))
    w.target("Node", None, node)


@case("fe019", "instaslice_mig_devices_unhealthy_admission", pod_subj("mig-short-42", "default"),
      "Kubernetes node with an A100-40GB in mixed MIG mode under GPU Operator (gpu-operator namespace) and the instaslice "
      "operator (instaslice-system) creating and deleting 1g.5gb slices for 100 short Pods; the node advertises "
      "nvidia.com/mig-1g.5gb 7 with allocatable 0 at this moment; gpu-feature-discovery is in CrashLoopBackOff (57 "
      "restarts); finished Pods are Succeeded, one Pod is Failed with reason UnexpectedAdmissionError and the Message "
      "value of the case's describe line as its status message and kubelet event. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.30.4"
    node = "netsres62"
    n = w.gpu_node(node, gpus=7, allocatable=0, resource="nvidia.com/mig-1g.5gb", product="NVIDIA-A100-PCIE-40GB",
                   memory_mib=40960, labels={"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.capable": "true",
                                             "nvidia.com/mig.config.state": "success"})
    info(n, kubeletVersion="v1.30.4")
    gfd = w.stack(node, "gfd")
    gpod = w.get_pod(OPERATOR_NS, gfd)
    for s in gpod["status"]["containerStatuses"]:
        s.update(crashing("gpu-feature-discovery", 1, restarts=57)["gpu-feature-discovery"])
    gpod["status"]["conditions"][-1]["status"] = "False"
    deploy_pod(w, "instaslice-system", "instaslice-operator-controller-7c9d8b6f5", "instaslice-operator-controller-7c9d8b6f5-h2k4m",
               node, containers=("manager",), image="quay.io/amalvank/instaslicev2-controller:latest")
    for i in range(40, 42):
        w.pod("default", f"mig-short-{i}", node=node, gpu=1, resource="nvidia.com/mig-1g.5gb", containers=("cuda",),
              phase="Succeeded", image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04")
    msg = t.split("Message:", 1)[1].strip()
    failed_admission(w.pod("default", "mig-short-42", node=node, gpu=1, resource="nvidia.com/mig-1g.5gb", containers=("cuda",),
                           phase="Failed", reason="UnexpectedAdmissionError", message=msg,
                           image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04"))
    w.event("default", "Pod", "mig-short-42", "UnexpectedAdmissionError", msg, component="kubelet", host=node)
    w.target("Pod", "default", "mig-short-42")


@case("fe020", "gke_dra_kubelet_plugin_no_device_nodes", node_subj("gke-dra-a100-pool-9c1e2f3a-5k8d"),
      "GKE 1.33.2 node with one A100 40GB (a2-highgpu-1g, GKE-installed driver, no nvidia.com/gpu resource: GPUs are "
      "published through DRA) and the NVIDIA DRA driver (namespace nvidia) whose kubelet-plugin pod on the node "
      "crash-loops in its compute-domains container (previous log ends with the case's text after the feature-gate "
      "lines the thread shows, timestamps illustrative); a Pod with a MIG ResourceClaim template is Pending.")
def _(w, t):
    w.git_version = "v1.33.2-gke.1240000"
    node = "gke-dra-a100-pool-9c1e2f3a-5k8d"
    info(w.node(node, cpu="12", memory="87531520Ki",
                labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-a100", "cloud.google.com/gke-nodepool": "dra-a100-pool",
                        "cloud.google.com/gke-gpu-driver-version": "latest", "node.kubernetes.io/instance-type": "a2-highgpu-1g",
                        "nvidia.com/gpu.present": "true", "nvidia.com/mig.capable": "true"},
                taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]),
         **dict(GKE_KV, kubeletVersion="v1.33.2-gke.1240000"))
    ns, img = "nvidia", "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"
    daemonset(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", desired=1, ready=0,
              containers=[("compute-domains", img), ("gpus", img)], init_containers=[("init-container", img)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    pod = "nvidia-dra-driver-gpu-kubelet-plugin-dtg7h"
    ds_pod(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", pod, node, containers=("compute-domains", "gpus"), image=img,
           labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, phase="Running", ready=False,
           statuses={**crashing("compute-domains", 1, restarts=9),
                     "gpus": {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}},
           init_containers=("init-container",))
    w.log(ns, pod, "compute-domains",
          'I0818 20:23:58.526514       1 envvar.go:172] "Feature gate default state" feature="ClientsPreferCBOR" enabled=false\n'
          'I0818 20:23:58.526580       1 envvar.go:172] "Feature gate default state" feature="InformerResourceVersion" enabled=false\n'
          "I0818 20:23:58.553994       1 mount_linux.go:324] Detected umount with safe 'not mounted' behavior\n"
          "I0818 20:23:58.555460       1 device_state.go:71] using devRoot=/driver-root\n" + t + "\n", previous=True)
    p = w.pod(ML, "mig-test-0", gpu=0, containers=("cuda",), phase="Pending", tolerations=GPU_TOLERATION,
              image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04",
              extra_spec={"resourceClaims": [{"name": "mig", "resourceClaimTemplateName": "mig-1g-5gb"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "mig"}]
    w.target("Node", None, node)


@case("fe021", "talos_operator_os_version_v_prefix_reconcile_error", node_subj("talos-gpu-w1"),
      "Talos 1.12.6 cluster (one control plane, two GPU workers with one A10 each, driver and toolkit from Talos "
      "system extensions, runtime class nvidia); GPU Operator 26.3.0 in gpu-operator (driver/toolkit disabled) with its "
      "NFD master and workers running; worker nodes carry NFD labels incl. system-os_release.ID=talos and "
      "VERSION_ID=v1.12.6 and the pci-10de label, no nvidia.com/gpu resource; the operator has created no operand "
      "DaemonSet and no operand pod; the gpu-operator pod's log repeats the case's line (startup lines illustrative).")
def _(w, t):
    w.git_version = "v1.34.0"
    kv = {"osImage": "Talos (v1.12.6)", "kernelVersion": "6.18.18-talos", "containerRuntimeVersion": "containerd://2.1.6",
          "kubeletVersion": "v1.34.0"}
    nfd_os = {"feature.node.kubernetes.io/system-os_release.ID": "talos",
              "feature.node.kubernetes.io/system-os_release.VERSION_ID": "v1.12.6",
              "feature.node.kubernetes.io/kernel-version.full": "6.18.18-talos"}
    info(w.node("talos-cp1", cpu="4", memory="8148412Ki", labels={"node-role.kubernetes.io/control-plane": "", **nfd_os},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    workers = ["talos-gpu-w1", "talos-gpu-w2"]
    for n in workers:
        info(w.node(n, cpu="32", memory="131891368Ki", labels={**nfd_os, "feature.node.kubernetes.io/pci-10de.present": "true"}),
             **kv)
    names = nfd(w, OPERATOR_NS, "gpu-operator-node-feature-discovery", workers, "talos-cp1", "v0.17.3")
    for nm in names:
        w.log(OPERATOR_NS, nm, "worker", 'I0321 16:51:02.118201       1 nfd-worker.go:531] "starting feature discovery..."\n')
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6d8f9b7c5", "gpu-operator-6d8f9b7c5-z8x2p", "talos-cp1", containers=("gpu-operator",),
               image="nvcr.io/nvidia/gpu-operator:v26.3.0", labels={"app": "gpu-operator"})
    w.log(OPERATOR_NS, "gpu-operator-6d8f9b7c5-z8x2p", "gpu-operator",
          '{"level":"info","ts":1774112190.1182051,"msg":"Starting workers","controller":"clusterpolicy-controller","worker count":1}\n'
          + t + "\n" + t + "\n")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"driver": {"enabled": False}, "toolkit": {"enabled": False}, "devicePlugin": {"enabled": True}},
        "status": {"state": "notReady"}}]
    w.target("Node", None, "talos-gpu-w1")


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    fn, slug, subject, note = BUILDERS[case_id]
    c = cases()[case_id]
    healthy = c["expected_status"] == "healthy"
    root = None if healthy else c["expected"][0]

    def build(fn=fn, case_id=case_id):
        w = FCWorld(case_id)
        fn(w, c["text"])
        return w

    placed = ("The case's text is client-side output or prose (or a host journal the collector does not read): it is "
              "NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (describe / get-events rows, a 'Message:' field, a message the reporter "
              "wrapped): its values become the corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    if healthy:
        exp_line = "Expected: status `healthy`, no root cause (a healthy look-alike)."
    else:
        exp_line = (f"Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}"
                    + (" (multi-signal: the loudest line is not the cause)." if c.get("multi_signal") else "."))
    readme = f"""# {case_id}_{slug}

First-contact case `{case_id}` from `fixtures/first-contact/batch-e/cases.jsonl`
(layer {c['layer']}, {c['distribution']}).

Source: {c['source']}

Where the text appears: {c['where']}. {placed}

Cluster state in the thread: {c['state']}

World built here: {note}

{exp_line}

Why (what the thread settled): {c['note']}
"""
    exp = expect(root, subject, "healthy" if healthy else "problem", c["expected"])
    exp.setdefault("accept", list(c["expected"]))
    if healthy:
        exp["layer"] = None
    return Scenario(f"{case_id}_{slug}", build, exp, readme, case_id=case_id, kind="first_contact")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
