"""First-contact batch A (fixtures/first-contact/batch-a/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for: scheduler layer (Pending pods,
out-of-tree schedulers, DRA, autoscaler), node layer (GPU not advertised, allocatable 0) and plugin
layer (device plugin / GFD / NFD / validator / DRA kubelet plugin broken or never scheduled),
plus healthy look-alikes. Each builder places the case's text verbatim where it appears in a
cluster, inside a world built from the `state` the thread describes (pods and their container
states, DaemonSets with their counts, node capacity/labels, the distribution's own GPU stack).
The expected answer is reasoned from what the thread settled (`expected`, preferred first),
never from what the tool printed; the texts and expected ids were written before any rule
change for them.

    .venv/bin/python -m tests.classify.first_contact_a     # (re)writes fixtures/first-contact/batch-a/scenarios/
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, World, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, expect, init_stuck, node_subj, pod_subj

from triage.bundle import layout
from triage.bundle.writer import BundleWriter

BATCH = REPO / "fixtures" / "first-contact" / "batch-a"
SCENARIOS_DIR = BATCH / "scenarios"
KS = "kube-system"
TEXT_NOT_IN_BUNDLE = {"fa024"}     # client-side output: the bundle carries the state only


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


# ---- a World that also carries the cluster version and namespaced custom resources ----------

@dataclass
class FCWorld(World):
    git_version: str = "v1.32.2"
    ns_custom: dict[tuple[str, str], list[dict]] = field(default_factory=dict)   # (plural.group, ns) -> items

    def write(self, out: Path) -> Path:
        out = super().write(out)
        w = BundleWriter(out)
        m = re.match(r"v(\d+)\.(\d+)", self.git_version)
        w.write_json(layout.CLUSTER_VERSION, {"major": m.group(1), "minor": m.group(2),
                                              "gitVersion": self.git_version, "platform": "linux/amd64"})
        for (plural, ns), items in sorted(self.ns_custom.items()):
            w.write_json(layout.custom_resource(plural, ns), items)
        return out


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


# ---- helpers ---------------------------------------------------------------------------------

def info(node: dict, **kw) -> dict:
    """Update a node's nodeInfo (osImage, kernelVersion, containerRuntimeVersion, kubeletVersion...)."""
    ni = node["status"]["nodeInfo"]
    ni.update(kw)
    if "kubeletVersion" in kw:
        ni["kubeProxyVersion"] = kw["kubeletVersion"]
    if kw.get("architecture") == "arm64":
        node["metadata"]["labels"].update({"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"})
    return node


def drop_labels(node: dict, *keys: str) -> None:
    for k in keys:
        node["metadata"]["labels"].pop(k, None)


def drop_gpu_resource(node: dict, resource: str = "nvidia.com/gpu") -> None:
    node["status"]["capacity"].pop(resource, None)
    node["status"]["allocatable"].pop(resource, None)


GFD_LABELS = ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major")


def remove_stack_pod(w: World, node: str, role: str) -> None:
    name = w.stack(node, role)
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != name]
    for key in [k for k in w.logs if k[1] == name]:
        w.logs.pop(key)


SELECTOR_KEYS = ("app.kubernetes.io/name", "app.kubernetes.io/instance", "name", "k8s-app", "app", "role")


def daemonset(w: World, ns: str, name: str, *, desired: int, current: int | None = None, ready: int | None = None,
              available: int | None = None, containers=(), init_containers=(), node_selector=None, affinity=None,
              tolerations=None, labels=None, annotations=None, runtime_class=None, env=None) -> dict:
    current = desired if current is None else current
    ready = current if ready is None else ready
    available = ready if available is None else available
    spec: dict = {"containers": [{"name": c, "image": img, **({"env": env} if env and i == 0 else {})}
                                 for i, (c, img) in enumerate(containers)]}
    if init_containers:
        spec["initContainers"] = [{"name": c, "image": img} for c, img in init_containers]
    if node_selector:
        spec["nodeSelector"] = node_selector
    if affinity:
        spec["affinity"] = affinity
    if tolerations:
        spec["tolerations"] = tolerations
    if runtime_class:
        spec["runtimeClassName"] = runtime_class
    status = {"desiredNumberScheduled": desired, "currentNumberScheduled": current, "numberReady": ready,
              "numberAvailable": available, "updatedNumberScheduled": current, "numberMisscheduled": 0,
              "observedGeneration": 1}
    if desired > available:
        status["numberUnavailable"] = desired - available
    ds = w.workload("DaemonSet", ns, name, template_pod={"spec": spec}, strategy={"type": "RollingUpdate"},
                    status=status)
    ds["metadata"]["generation"] = 1
    if labels:
        ds["metadata"]["labels"] = dict(labels)
        sel = {k: v for k, v in labels.items() if k in SELECTOR_KEYS} or {"app": name}
        ds["spec"]["selector"] = {"matchLabels": sel}
        ds["spec"]["template"]["metadata"]["labels"] = dict(sel)
    if annotations:
        ds["metadata"]["annotations"] = dict(annotations)
    return ds


def ds_pod(w: World, ns: str, ds: str, name: str, node: str, containers=("main",), image: str | None = None,
           **kw) -> dict:
    labels = kw.pop("labels", None)
    if labels is None:
        obj = next((d for d in w.workloads.get(("daemonsets", ns), []) if d["metadata"]["name"] == ds), None)
        labels = dict(obj["spec"]["selector"]["matchLabels"]) if obj else {"app": ds}
    p = w.pod(ns, name, node=node, gpu=0, containers=containers, owner=("DaemonSet", ds), labels=labels, **kw)
    if image:
        for c in p["spec"]["containers"]:
            c["image"] = image
        for s in p["status"].get("containerStatuses", []):
            s["image"] = image
    return p


def deploy_pod(w: World, ns: str, rs: str, name: str, node: str, containers=("main",), image: str | None = None,
               **kw) -> dict:
    p = w.pod(ns, name, node=node, gpu=0, containers=containers, owner=("ReplicaSet", rs),
              labels=kw.pop("labels", None) or {"app": rs.rsplit("-", 1)[0]}, **kw)
    if image:
        for c in p["spec"]["containers"]:
            c["image"] = image
        for s in p["status"].get("containerStatuses", []):
            s["image"] = image
    return p


def annotate(obj: dict, **ann) -> None:
    obj["metadata"].setdefault("annotations", {}).update(ann)


PLUGIN_AFFINITY_015 = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/pci-10de.present", "operator": "In", "values": ["true"]}]},
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/cpu-model.vendor_id", "operator": "In",
                           "values": ["NVIDIA"]}]},
    {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}
PLUGIN_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.15.0"
GPU_TOLERATION = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

EKS_AL2_OS = {"osImage": "Amazon Linux 2", "operatingSystem": "linux"}


def eks_labels(instance: str, nodegroup: str = "gpu-ng", zone: str = "us-east-1a") -> dict:
    return {"node.kubernetes.io/instance-type": instance, "beta.kubernetes.io/instance-type": instance,
            "eks.amazonaws.com/nodegroup": nodegroup, "eks.amazonaws.com/capacityType": "ON_DEMAND",
            "topology.kubernetes.io/zone": zone, "topology.kubernetes.io/region": zone[:-1]}


def eks_plugin(w: World, nodes: list[tuple[str, str]], *, image: str = "nvcr.io/nvidia/k8s-device-plugin:v0.14.5",
               ready: int | None = None) -> None:
    """The EKS-documented static NVIDIA device plugin DaemonSet (kube-system/nvidia-device-plugin-daemonset);
    `nodes` = [(node, pod_name)]."""
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=len(nodes), ready=ready,
              containers=[("nvidia-device-plugin-ctr", image)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"})
    for node, pod in nodes:
        ds_pod(w, KS, "nvidia-device-plugin-daemonset", pod, node, containers=("nvidia-device-plugin-ctr",),
               image=image, labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)


def nfd(w: World, ns: str, prefix: str, worker_nodes: list[str], master_node: str, version: str) -> list[str]:
    """Node Feature Discovery: master Deployment pod + worker DaemonSet pods; returns worker pod names."""
    image = f"registry.k8s.io/nfd/node-feature-discovery:{version}"
    deploy_pod(w, ns, f"{prefix}-master-6d8f7c9b5d", f"{prefix}-master-6d8f7c9b5d-q7x2m", master_node,
               containers=("master",), image=image, labels={"app.kubernetes.io/name": "node-feature-discovery",
                                                            "role": "master"})
    daemonset(w, ns, f"{prefix}-worker", desired=len(worker_nodes), containers=[("worker", image)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    names = []
    for i, n in enumerate(worker_nodes):
        name = f"{prefix}-worker-{'kz4tp' if i == 0 else 'h8w2n' if i == 1 else 'r6d9c'}"
        ds_pod(w, ns, f"{prefix}-worker", name, n, containers=("worker",), image=image,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
        names.append(name)
    return names


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fa001", "dra_gang_shared_claim_in_allocation", pod_subj("gang-pod-1", "default"),
      "kind cluster (control plane + one worker) from Kubernetes master (v1.36 alpha) with DRA and gang scheduling; "
      "a DRA example driver's kubelet plugin runs on the worker (it publishes the device through a ResourceSlice, "
      "which the collector does not read); ResourceClaim default/single-gpu is unallocated (in the process of "
      "being allocated); two gang Pods share it and are both Pending; the second Pod's FailedScheduling event "
      "(default-scheduler, x2292168) carries the text, as does its PodScheduled condition. Pod and driver names "
      "are illustrative.")
def _(w, t):
    w.git_version = "v1.36.0-alpha.2.412+5b1c3f7e9a0d2c"
    kv = {"kubeletVersion": "v1.36.0-alpha.2.412+5b1c3f7e9a0d2c", "osImage": "Debian GNU/Linux 12 (bookworm)",
          "containerRuntimeVersion": "containerd://2.2.1", "kernelVersion": "6.8.0-101-generic"}
    info(w.node("kind-control-plane", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}], cpu="16",
                memory="65776144Ki"), **kv)
    info(w.node("kind-worker", cpu="16", memory="65776144Ki"), **kv)
    img = "registry.k8s.io/dra-example-driver/dra-example-driver:v0.2.0"
    daemonset(w, "dra-example-driver", "dra-example-driver-kubeletplugin", desired=1,
              containers=[("plugin", img)], labels={"app.kubernetes.io/name": "dra-example-driver"})
    ds_pod(w, "dra-example-driver", "dra-example-driver-kubeletplugin", "dra-example-driver-kubeletplugin-v5m8q",
           "kind-worker", containers=("plugin",), image=img)
    claims = [{"name": "gpu", "resourceClaimName": "single-gpu"}]
    for i in range(2):
        p = w.pod("default", f"gang-pod-{i}", gpu=0, containers=("ctr",), image="ubuntu:24.04", phase="Pending",
                  scheduled_message=t if i == 1 else None, extra_spec={"resourceClaims": claims},
                  labels={"app": "gang"})
        p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.event("default", "Pod", "gang-pod-1", "FailedScheduling", t, component="default-scheduler", count=2292168)
    w.ns_custom[("resourceclaims.resource.k8s.io", "default")] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": "single-gpu", "namespace": "default", "creationTimestamp": T0,
                     "uid": "6f1c2d8e-3a4b-4c5d-9e6f-7a8b9c0d1e2f"},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}},
        "status": {}}]
    w.target("Pod", "default", "gang-pod-1")


@case("fa002", "kai_top_level_queue_pod_grouper_noise", pod_subj("qa-build-preemptible", "default"),
      "A healthy GPU Operator node with free GPUs; KAI Scheduler (kai-scheduler, pod-grouper, binder) runs in "
      "kai-scheduler; the workload Pod (schedulerName kai-scheduler, label kai.scheduler/queue naming a top-level "
      "queue) is Pending; the describe event rows of the case become its events (PodGrouperWarning from "
      "pod-grouper, Unschedulable x599 from kai-scheduler). The queue name is illustrative; Queue objects are not "
      "collected.")
def _(w, t):
    from triage.evidence.k8s_events.describe_text import parse_event_rows
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-L40S", memory_mib=46068)
    w.node("cpu-node-1")
    for comp, rs in (("kai-scheduler", "kai-scheduler-default-7c9f8d6b5"), ("pod-grouper", "pod-grouper-5d8c7b9f4"),
                     ("binder", "binder-6b7d9c8f5"), ("queue-controller", "queue-controller-84f6d7c9b")):
        deploy_pod(w, "kai-scheduler", rs, f"{rs}-x{len(comp)}k2p", "cpu-node-1", containers=(comp,),
                   image=f"ghcr.io/nvidia/kai-scheduler/{comp}:v0.9.3")
    p = w.pod("default", "qa-build-preemptible", gpu=1, containers=("build",), image="ubuntu:22.04",
              phase="Pending", scheduler="kai-scheduler", labels={"kai.scheduler/queue": "qa"})
    p["spec"]["restartPolicy"] = "Never"
    for row in parse_event_rows(t):
        w.event("default", "Pod", "qa-build-preemptible", row.reason, row.message, type=row.type, count=row.count,
                component=row.source)
    w.target("Pod", "default", "qa-build-preemptible")


@case("fa003", "kai_gpu_memory_label_missing_gb10", pod_subj("gpu-sharing-pod", "default"),
      "k3s v1.33 single node (DGX Spark, GB10, arm64) with the GPU Operator stack running (driver pre-installed by DGX "
      "OS, so no driver pod); the node advertises "
      "nvidia.com/gpu 1 but GFD wrote no nvidia.com/gpu.memory label; KAI Scheduler v0.10.2 with GPU sharing; a "
      "Pod asking for a fraction via the gpu-memory annotation (no nvidia.com/gpu limit, schedulerName "
      "kai-scheduler) is Pending; kai-scheduler's Unschedulable event carries the message column of the case's "
      "describe row. Pod name and annotation value are illustrative.")
def _(w, t):
    w.git_version = "v1.33.6+k3s1"
    n = w.gpu_node("spark-01", gpus=1, product="NVIDIA-GB10", labels={"nvidia.com/cuda.driver.major": "580",
                                                                      "nvidia.com/cuda.runtime.major": "13",
                                                                      "node-role.kubernetes.io/control-plane": "true",
                                                                      "node-role.kubernetes.io/master": "true"},
                   cpu="20", memory="125828312Ki")
    drop_labels(n, "nvidia.com/gpu.memory")
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.driver"] = "pre-installed"
    info(n, architecture="arm64", kubeletVersion="v1.33.6+k3s1", containerRuntimeVersion="containerd://2.1.5-k3s1",
         osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.11.0-1016-nvidia")
    remove_stack_pod(w, "spark-01", "driver")      # DGX OS ships the driver (operator driver.enabled=false)
    for comp, rs in (("kai-scheduler", "kai-scheduler-default-6f9d8c7b4"), ("pod-grouper", "pod-grouper-7b6c5d9f8"),
                     ("binder", "binder-5c8d7f6b9")):
        deploy_pod(w, "kai-scheduler", rs, f"{rs}-m{len(comp)}q7z", "spark-01", containers=(comp,),
                   image=f"ghcr.io/nvidia/kai-scheduler/{comp}:v0.10.2")
    p = w.pod("default", "gpu-sharing-pod", gpu=0, containers=("cuda",), image="nvcr.io/nvidia/cuda:13.0.1-base-ubuntu24.04",
              phase="Pending", scheduler="kai-scheduler", labels={"kai.scheduler/queue": "default-queue"})
    annotate(p, **{"gpu-memory": "4096"})
    typ, reason, comp, msg = re.split(r"\s{2,}", t.strip(), maxsplit=3)
    w.event("default", "Pod", "gpu-sharing-pod", reason, msg, type=typ, component=comp, count=14)
    w.target("Pod", "default", "gpu-sharing-pod")


@case("fa004", "hami_vgpu_full_card_metax_noise", pod_subj("gpu-deployment-79d9449ff6-hjbns", "default"),
      "HAMi on a two-node cluster (master, node); node advertises nvidia.com/gpu 100 (one RTX 3070 split into 100 "
      "vGPUs) through hami-device-plugin; gpu-pod (nvidia.com/gpu 2, schedulerName hami-scheduler) Running on it; "
      "gpu-deployment's Pod asks nvidia.com/gpu 2 without gpumem and is Pending under hami-scheduler; the text is "
      "the hami-scheduler's vgpu-scheduler-extender log. The thread quoted no FailedScheduling wording, so the "
      "pending Pod carries none.")
def _(w, t):
    info(w.node("master", labels={"node-role.kubernetes.io/control-plane": ""}, cpu="8", memory="32744476Ki"),
         kubeletVersion="v1.28.2", containerRuntimeVersion="containerd://1.7.13")
    n = w.node("node", gpus=100, labels={"gpu": "on"}, cpu="16", memory="65776144Ki")
    info(n, kubeletVersion="v1.28.2", containerRuntimeVersion="containerd://1.7.13")
    annotate(n, **{"hami.io/node-handshake": "Reported 2025-07-12 01:12:15.561227 +0000 UTC",
                   "hami.io/node-nvidia-register": "GPU-4f026841-54b1-eb28-d2c2-2339b9682ec1,100,32768,100,"
                                                   "NVIDIA-NVIDIA GeForce RTX 3070,0,true:"})
    img = "projecthami/hami:v2.6.0"
    deploy_pod(w, KS, "hami-scheduler-5f8b9c7d6", "hami-scheduler-5f8b9c7d6-2lqxw", "master",
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
               labels={"app.kubernetes.io/component": "hami-scheduler"})
    w.log(KS, "hami-scheduler-5f8b9c7d6-2lqxw", "vgpu-scheduler-extender", t)
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/component": "hami-device-plugin"})
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-k7n4d", "node", containers=("device-plugin", "vgpu-monitor"),
           image=img)
    w.pod("default", "gpu-pod", node="node", gpu=2, containers=("ubuntu-container",), image="ubuntu:18.04",
          scheduler="hami-scheduler")
    w.pod("default", "gpu-deployment-79d9449ff6-hjbns", gpu=2, containers=("ubuntu-container",), image="ubuntu:18.04",
          scheduler="hami-scheduler", phase="Pending", owner=("ReplicaSet", "gpu-deployment-79d9449ff6"),
          labels={"app": "gpu-deployment"})
    w.target("Pod", "default", "gpu-deployment-79d9449ff6-hjbns")


@case("fa005", "eks_nfd_missing_on_gpu_node_ca_no_scale_up", pod_subj("gpu-test-6c9f7d8b5-wq4rx"),
      "EKS 1.22 with cluster-autoscaler and the GPU Operator chart v22.9: two CPU nodes carry NFD labels (the "
      "nfd-worker DaemonSet DESIRED 2 / READY 2 runs only there); the tainted g4dn GPU node has no "
      "feature.node.kubernetes.io labels except pci-10de (added by hand), no kernel-version.full, no "
      "nvidia.com/gpu; no driver/toolkit/device-plugin DaemonSet exists; the operator's log is the text; the "
      "ClusterPolicy is notReady; the GPU Pod is Pending with default-scheduler's Insufficient nvidia.com/gpu "
      "(standard wording, not quoted by the thread) and the autoscaler's NotTriggerScaleUp message the thread "
      "quoted. Why NFD skipped the GPU node (its taint) is inferred.")
def _(w, t):
    w.git_version = "v1.22.15-eks-fb459a0"
    kv = dict(EKS_AL2_OS, kubeletVersion="v1.22.15-eks-fb459a0", kernelVersion="5.4.209-116.367.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.6.6")
    cpu_nodes = ["ip-10-0-1-23.ec2.internal", "ip-10-0-2-45.ec2.internal"]
    for n in cpu_nodes:
        info(w.node(n, cpu="4", memory="16098244Ki", labels={
            **eks_labels("m5.xlarge", "cpu-ng"),
            "feature.node.kubernetes.io/kernel-version.full": "5.4.209-116.367.amzn2.x86_64",
            "feature.node.kubernetes.io/system-os_release.ID": "amzn",
            "feature.node.kubernetes.io/pci-1d0f.present": "true"}), **kv)
    gpu = w.node("ip-10-0-3-77.ec2.internal", cpu="4", memory="16082112Ki",
                 labels={**eks_labels("g4dn.xlarge", "gpu-ng"), "feature.node.kubernetes.io/pci-10de.present": "true"},
                 taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
    info(gpu, **kv)
    deploy_pod(w, OPERATOR_NS, "gpu-operator-7d5f9c8b6d", "gpu-operator-7d5f9c8b6d-xb2kq", cpu_nodes[0],
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v22.9.0",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    w.log(OPERATOR_NS, "gpu-operator-7d5f9c8b6d-xb2kq", "gpu-operator", t)
    nfd(w, OPERATOR_NS, "gpu-operator-node-feature-discovery", cpu_nodes, cpu_nodes[1], "v0.10.1")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS}}]
    deploy_pod(w, KS, "cluster-autoscaler-6b9d7f5c8", "cluster-autoscaler-6b9d7f5c8-j5tmz", cpu_nodes[1],
               containers=("cluster-autoscaler",), image="registry.k8s.io/autoscaling/cluster-autoscaler:v1.22.3")
    name = "gpu-test-6c9f7d8b5-wq4rx"
    w.pod(ML, name, gpu=1, containers=("cuda",), image="nvidia/cuda:11.7.1-base-ubuntu20.04", phase="Pending",
          scheduled_message="0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
          tolerations=GPU_TOLERATION, owner=("ReplicaSet", "gpu-test-6c9f7d8b5"))
    w.event(ML, "Pod", name, "FailedScheduling", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.",
            component="default-scheduler", count=23)
    w.event(ML, "Pod", name, "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added)", type="Normal",
            component="cluster-autoscaler", count=41)
    w.target("Pod", ML, name)


# =============================================================================================
# node layer
# =============================================================================================

@case("fa006", "karpenter_bound_before_plugin_out_of_gpu", pod_subj("riva-riva-api-768b77d764-74k4m", "default"),
      "EKS 1.21 with Karpenter v0.6: Karpenter launched g5.xlarge ip-192-168-61-14 and bound the Riva Pod "
      "(nvidia.com/gpu 1) to it at once; the kubelet rejected it before the device plugin registered: phase "
      "Failed, status.reason `OutOfnvidia.com/gpu` (the case's STATUS column) with the kubelet's standard "
      "message (not quoted by the thread). By collection time the node's device plugin pod runs (started "
      "after the Pod) and the node advertises nvidia.com/gpu 1. Container names are illustrative.")
def _(w, t):
    w.git_version = "v1.21.5-eks-bc4871b"
    kv = dict(EKS_AL2_OS, kubeletVersion="v1.21.5-eks-9017834", kernelVersion="5.4.156-83.273.amzn2.x86_64",
              containerRuntimeVersion="docker://20.10.7")
    info(w.node("ip-192-168-12-201.us-west-2.compute.internal", cpu="4", memory="16116152Ki",
                labels=eks_labels("m5.xlarge", "default", "us-west-2a")), **kv)
    node = "ip-192-168-61-14.us-west-2.compute.internal"
    labels = eks_labels("g5.xlarge", "default", "us-west-2b")
    labels.pop("eks.amazonaws.com/nodegroup")
    labels.pop("eks.amazonaws.com/capacityType")
    labels.update({"karpenter.sh/provisioner-name": "default", "karpenter.sh/capacity-type": "on-demand"})
    info(w.node(node, gpus=1, cpu="4", memory="16064568Ki", alloc_cpu="3920m", alloc_memory="15374392Ki",
                labels=labels), **kv)
    eks_plugin(w, [(node, "nvidia-device-plugin-daemonset-8xw7z")], image="nvcr.io/nvidia/k8s-device-plugin:v0.10.0")
    w.log(KS, "nvidia-device-plugin-daemonset-8xw7z", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    name = "riva-riva-api-768b77d764-74k4m"
    msg = "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0"
    reason = t.split()[2]
    p = w.pod("default", name, node=node, gpu=1, containers=("riva-speech-api", "riva-model-init"),
              image="nvcr.io/nvidia/riva/riva-speech:1.8.0-beta-server", phase="Failed", reason=reason,
              message=msg, owner=("ReplicaSet", "riva-riva-api-768b77d764"), ready=False,
              statuses={c: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}
                        for c in ("riva-speech-api", "riva-model-init")})
    p["status"].pop("podIP", None)
    w.event("default", "Pod", name, reason, msg, component="kubelet", host=node)
    w.target("Pod", "default", name)


@case("fa007", "talos_plugin_ds_no_gpu_present_label", node_subj("talos-gpu-1"),
      "Talos Linux (v1.7, NVIDIA kernel-module and container-toolkit system extensions) GPU worker whose "
      "capacity is the case's block (no nvidia.com/gpu, no hugepages-1Gi) and which carries no "
      "nvidia.com/gpu.present or NFD label; the nvidia-device-plugin chart 0.15.0 DaemonSet in kube-system "
      "(nodeAffinity on NFD/GFD labels, runtimeClassName nvidia) has DESIRED 0 and no pods.")
def _(w, t):
    kv = {"osImage": "Talos (v1.7.6)", "kernelVersion": "6.6.43-talos", "containerRuntimeVersion": "containerd://1.7.18",
          "kubeletVersion": "v1.30.3"}
    w.git_version = "v1.30.3"
    info(w.node("talos-cp-1", labels={"node-role.kubernetes.io/control-plane": ""}, cpu="4", memory="8039572Ki",
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    n = w.node("talos-gpu-1", cpu="32", memory="264074052Ki")
    cap = {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in t.splitlines()[1:])}
    n["status"]["capacity"] = cap
    n["status"]["allocatable"] = {"cpu": "31950m", "ephemeral-storage": "1798322058395", "hugepages-2Mi": "0",
                                  "memory": "263447364Ki", "pods": "110"}
    info(n, **kv)
    daemonset(w, KS, "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", PLUGIN_IMAGE)],
              affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "nvidia-device-plugin",
                      "app.kubernetes.io/instance": "nvidia-device-plugin",
                      "app.kubernetes.io/version": "0.15.0", "helm.sh/chart": "nvidia-device-plugin-0.15.0"})
    w.target("Node", None, "talos-gpu-1")


@case("fa008", "bottlerocket_builtin_plugin_gpu_zero", node_subj("ip-10-0-45-12.ec2.internal"),
      "EKS 1.24 managed node group of g4dn.xlarge on Bottlerocket OS 1.14.0 (aws-k8s-1.24-nvidia): no device "
      "plugin pod (Bottlerocket runs its built-in nvidia-k8s-device-plugin service); the bad node's "
      "capacity/allocatable are the case's blocks (nvidia.com/gpu 0); a sibling node from the same scale-up "
      "advertises nvidia.com/gpu 1.")
def _(w, t):
    w.git_version = "v1.24.13-eks-0a21954"
    kv = {"osImage": "Bottlerocket OS 1.14.0 (aws-k8s-1.24-nvidia)", "kernelVersion": "5.15.108",
          "containerRuntimeVersion": "containerd://1.6.20+bottlerocket", "kubeletVersion": "v1.24.13-eks-0a21954"}
    blocks = t.split("Allocatable:")
    parse = lambda b: {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in b.splitlines()
                                                         if ":" in line and not line.startswith("Capacity"))}
    for name, gpus in (("ip-10-0-45-12.ec2.internal", 0), ("ip-10-0-46-201.ec2.internal", 1)):
        n = w.node(name, labels=eks_labels("g4dn.xlarge", "gpu-bottlerocket"))
        cap, alloc = parse(blocks[0]), parse(blocks[1])
        if gpus:
            cap["nvidia.com/gpu"] = alloc["nvidia.com/gpu"] = str(gpus)
        n["status"]["capacity"], n["status"]["allocatable"] = cap, alloc
        info(n, **kv)
    w.target("Node", None, "ip-10-0-45-12.ec2.internal")


@case("fa009", "eks_al2023_invalid_disk_capacity_startup", node_subj("ip-10-0-3-17.ec2.internal"),
      "EKS 1.28 on AL2023 AMIs: a freshly joined r5a node carries one InvalidDiskCapacity warning (kubelet, the "
      "text) from its kubelet start and is Ready with pods running; the GPU node group is healthy (EKS device "
      "plugin DaemonSet running and registered, nvidia.com/gpu allocatable, a GPU Pod Running).")
def _(w, t):
    w.git_version = "v1.28.12-eks-a18cd3a"
    kv = {"osImage": "Amazon Linux 2023.5.20240819", "kernelVersion": "6.1.102-111.182.amzn2023.x86_64",
          "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.28.11-eks-1552ad0"}
    cpu = "ip-10-0-3-17.ec2.internal"
    info(w.node(cpu, cpu="8", memory="64722300Ki", labels=eks_labels("r5a.2xlarge", "general")), **kv)
    gpu = "ip-10-0-4-88.ec2.internal"
    info(w.node(gpu, gpus=1, cpu="4", memory="16097572Ki", labels=eks_labels("g5.xlarge", "gpu"),
                taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    eks_plugin(w, [(gpu, "nvidia-device-plugin-daemonset-q9m4t")])
    w.log(KS, "nvidia-device-plugin-daemonset-q9m4t", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    w.pod(ML, "embedder-0", node=gpu, gpu=1, containers=("server",), tolerations=GPU_TOLERATION,
          owner=("StatefulSet", "embedder"))
    w.pod("default", "web-7f9c8d6b5-kx2lp", node=cpu, gpu=0, containers=("web",), image="nginx:1.27",
          owner=("ReplicaSet", "web-7f9c8d6b5"))
    w.event("default", "Node", cpu, "InvalidDiskCapacity", t, component="kubelet", host=cpu, count=1)
    w.target("Node", None, cpu)


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fa010", "nvkind_plugin_ds_desired_zero", node_subj("nvkind-7fh2x-worker"),
      "nvkind cluster (kind v1.30 with the GPU mounted into the worker); the nvidia-device-plugin chart 0.15.0 "
      "DaemonSet in namespace nvidia carries the case's labels/annotations, nodeAffinity on NFD/GFD labels and "
      "status counts all 0; the nvidia namespace has no pods; the worker has no nvidia.com/gpu.present label "
      "and no nvidia.com/gpu capacity.")
def _(w, t):
    w.git_version = "v1.30.0"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "5.15.0-107-generic",
          "containerRuntimeVersion": "containerd://1.7.15", "kubeletVersion": "v1.30.0"}
    info(w.node("nvkind-7fh2x-control-plane", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node("nvkind-7fh2x-worker"), **kv)
    labels = dict(re.findall(r"(app\.kubernetes\.io/[\w-]+|helm\.sh/chart)=(\S+)", t))
    anns = dict(re.findall(r"((?:deprecated\.daemonset|meta\.helm\.sh)[\w./-]+):\s+(\S+)", t))
    ds = daemonset(w, "nvidia", "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", PLUGIN_IMAGE)],
                   affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION, labels=labels, annotations=anns)
    ds["metadata"]["annotations"]["deprecated.daemonset.template.generation"] = "1"
    w.pods.setdefault("nvidia", [])
    w.target("Node", None, "nvkind-7fh2x-worker")


@case("fa011", "talos_nfd_class_prefixed_pci_label", node_subj("talos-gpu-1"),
      "Talos v1.9.4 GPU node whose labels include the case's (standalone NFD v0.17.2 writes "
      "pci-0300_10de.present, class-prefixed); no nvidia.com/gpu capacity; NFD master/worker run in "
      "node-feature-discovery; the nvidia-device-plugin chart 0.17.1 DaemonSets (plugin and GFD, nfd.enabled=false) "
      "in nvidia-device-plugin select pci-10de.present / nvidia.com/gpu.present and have DESIRED 0; that "
      "namespace has no pods.")
def _(w, t):
    w.git_version = "v1.32.2"
    kv = {"osImage": "Talos (v1.9.4)", "kernelVersion": "6.12.13-talos", "containerRuntimeVersion": "containerd://2.0.2",
          "kubeletVersion": "v1.32.2"}
    info(w.node("talos-cp-1", labels={"node-role.kubernetes.io/control-plane": "",
                                      "feature.node.kubernetes.io/system-os_release.ID": "talos",
                                      "feature.node.kubernetes.io/system-os_release.VERSION_ID": "v1.9.4"},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}], cpu="4",
                memory="8039572Ki"), **kv)
    labels = dict(line.split("=", 1) for line in t.splitlines())
    info(w.node("talos-gpu-1", labels=labels, cpu="24", memory="131811812Ki"), **kv)
    nfd(w, "node-feature-discovery", "node-feature-discovery", ["talos-gpu-1"], "talos-cp-1", "v0.17.2")
    chart = {"app.kubernetes.io/instance": "nvdp", "app.kubernetes.io/version": "0.17.1",
             "helm.sh/chart": "nvidia-device-plugin-0.17.1"}
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"
    daemonset(w, "nvidia-device-plugin", "nvdp-nvidia-device-plugin", desired=0,
              containers=[("nvidia-device-plugin-ctr", img)], affinity=PLUGIN_AFFINITY_015,
              tolerations=GPU_TOLERATION, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", **chart})
    daemonset(w, "nvidia-device-plugin", "nvdp-nvidia-device-plugin-gpu-feature-discovery", desired=0,
              containers=[("gpu-feature-discovery-ctr", img)], affinity=PLUGIN_AFFINITY_015,
              tolerations=GPU_TOLERATION, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "gpu-feature-discovery", **chart})
    w.pods.setdefault("nvidia-device-plugin", [])
    w.target("Node", None, "talos-gpu-1")


@case("fa012", "gke_nap_driver_install_disabled_init_stuck", node_subj("gke-ml-nap-g2-standard-8-gpu1-3f1a9c2e-4fpl"),
      "GKE Standard 1.30 with Node Auto-Provisioning: two NAP-created g2-standard-8 COS nodes "
      "(cloud.google.com/gke-accelerator=nvidia-l4, no gke-gpu-driver-version label, nvidia.com/gpu taint, no "
      "nvidia.com/gpu capacity); the GKE-managed nvidia-gpu-device-plugin-small-cos DaemonSet in kube-system "
      "(DESIRED 2, READY 0) has both pods Init:0/2 (age 16m), their nvidia-driver-installer init container "
      "running and logging the case's installer lines (the thread quoted pod -4fpl4's status and pod -hzvds's "
      "log; the same log is given to both); a GPU Pod is Pending with default-scheduler's standard Insufficient "
      "nvidia.com/gpu wording (not quoted by the thread). The second init container's and the containers' names "
      "are assumptions.")
def _(w, t):
    w.git_version = "v1.30.4-gke.1348000"
    kv = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.100+",
          "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.4-gke.1348000"}
    info(w.node("gke-ml-default-pool-8b2d4c1e-9xkq", cpu="4", memory="16393220Ki", labels={
        "cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
        "node.kubernetes.io/instance-type": "e2-standard-4"}), **kv)
    lines = t.splitlines()
    status_row, log = lines[0], "\n".join(lines[1:]) + "\n"
    pod_names = [status_row.split()[1], "nvidia-gpu-device-plugin-small-cos-hzvds"]
    nodes = ["gke-ml-nap-g2-standard-8-gpu1-3f1a9c2e-4fpl", "gke-ml-nap-g2-standard-8-gpu1-3f1a9c2e-hz2m"]
    for n in nodes:
        info(w.node(n, cpu="8", memory="32880668Ki", labels={
            "cloud.google.com/gke-nodepool": "nap-g2-standard-8-gpu1-3f1a9c2e",
            "cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-accelerator-count": "1",
            "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-provisioning": "standard",
            "cloud.google.com/machine-family": "g2", "node.kubernetes.io/instance-type": "g2-standard-8",
            "cloud.google.com/gke-nodepool-group-name": "nap"},
            taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]), **kv)
    ds = "nvidia-gpu-device-plugin-small-cos"
    img_dp = "gke.gcr.io/nvidia-gpu-device-plugin@sha256:4b5b2d1b2a6f1b0f0c7d6a1d0f8f6c3c2b8b9f4f1d7e8c5a3b2d6c4e1f0a9b8c"
    img_inst = "gke.gcr.io/cos-nvidia-installer:fixed"
    daemonset(w, KS, ds, desired=2, current=2, ready=0,
              init_containers=[("nvidia-driver-installer", img_inst), ("partition-gpus", img_inst)],
              containers=[("nvidia-gpu-device-plugin", img_dp), ("nvidia-gpu-metrics-exporter", img_dp)],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"},
                                        {"key": "cloud.google.com/gke-os-distribution", "operator": "In",
                                         "values": ["cos"]}]}]}}},
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "nvidia-gpu-device-plugin"})
    for n, pname in zip(nodes, pod_names):
        p = ds_pod(w, KS, ds, pname, n, containers=("nvidia-gpu-device-plugin", "nvidia-gpu-metrics-exporter"),
                   image=img_dp, init_containers=("nvidia-driver-installer", "partition-gpus"), phase="Pending",
                   ready=False, labels={"k8s-app": "nvidia-gpu-device-plugin"},
                   statuses={c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}
                             for c in ("nvidia-gpu-device-plugin", "nvidia-gpu-metrics-exporter")},
                   init_statuses={"nvidia-driver-installer": {"state": {"running": {"startedAt": T1}}, "ready": False,
                                                              "started": True, "restartCount": 0},
                                  "partition-gpus": {"state": {"waiting": {"reason": "PodInitializing"}},
                                                     "ready": False, "restartCount": 0}})
        for c in p["spec"]["initContainers"]:
            c["image"] = img_inst
        for s in p["status"]["initContainerStatuses"]:
            s["image"] = img_inst
        p["metadata"]["creationTimestamp"] = "2026-11-29T14:44:00Z"
        w.log(KS, pname, "nvidia-driver-installer", log)
    w.pod(ML, "l4-inference-0", gpu=1, containers=("server",), phase="Pending", tolerations=GPU_TOLERATION,
          node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, owner=("StatefulSet", "l4-inference"),
          scheduled_message="0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, "
                            "2 Insufficient nvidia.com/gpu.")
    w.event(ML, "Pod", "l4-inference-0", "FailedScheduling",
            "0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient "
            "nvidia.com/gpu.", component="default-scheduler", count=9)
    w.target("Node", None, nodes[0])


@case("fa013", "talos_gb10_dra_kubelet_plugin_memory_not_supported", node_subj("spark-talos-1"),
      "Talos v1.13.0-rc.0 on a DGX Spark (GB10, arm64), Kubernetes v1.34.3, GPU Operator v26.3.1 with the driver "
      "from the Talos extension and the device plugin disabled (GFD and validator run), NVIDIA DRA driver v25.12.0 "
      "in nvidia-dra-driver-gpu: its kubelet-plugin pod's `gpus` container crash-loops with the text as previous "
      "log (the compute-domains container runs); no nvidia.com/gpu capacity; a Pod with a ResourceClaim for a GPU "
      "is Pending (standard `cannot allocate all claims` wording, not quoted by the thread); its claim is "
      "unallocated. Kernel version and pod names are illustrative.")
def _(w, t):
    w.git_version = "v1.34.3"
    node = "spark-talos-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GB10", cpu="20", memory="125828312Ki",
                   labels={"nvidia.com/cuda.driver.major": "595", "nvidia.com/cuda.runtime.major": "13",
                           "nvidia.com/gpu.deploy.driver": "false", "nvidia.com/gpu.deploy.device-plugin": "false"})
    drop_labels(n, "nvidia.com/gpu.memory")
    drop_gpu_resource(n)
    info(n, architecture="arm64", osImage="Talos (v1.13.0-rc.0)", kernelVersion="6.18.2-talos",
         containerRuntimeVersion="containerd://2.1.5", kubeletVersion="v1.34.3")
    remove_stack_pod(w, node, "driver")
    remove_stack_pod(w, node, "device-plugin")
    ns = "nvidia-dra-driver-gpu"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"
    deploy_pod(w, ns, "nvidia-dra-driver-gpu-controller-6c8d9f7b5", "nvidia-dra-driver-gpu-controller-6c8d9f7b5-p2w9k",
               node, containers=("compute-domain",), image=img)
    daemonset(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", desired=1, current=1, ready=0,
              containers=[("compute-domains", img), ("gpus", img)],
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    pname = "nvidia-dra-driver-gpu-kubelet-plugin-7xk2d"
    ds_pod(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", pname, node, containers=("compute-domains", "gpus"),
           image=img, ready=False, statuses={
               "compute-domains": {"state": {"running": {"startedAt": T0}}, "ready": True, "restartCount": 0},
               **crashing("gpus", 1, "Error", restarts=11)})
    w.log(ns, pname, "gpus", t, previous=True)
    w.log(ns, pname, "gpus", "\n".join(t.splitlines()[:2]) + "\n")
    w.pod(ML, "cuda-dra-test", gpu=0, containers=("ctr",), image="nvcr.io/nvidia/cuda:13.0.1-base-ubuntu24.04",
          phase="Pending", scheduled_message="0/1 nodes are available: 1 cannot allocate all claims. preemption: "
                                             "0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
          extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]})
    w.event(ML, "Pod", "cuda-dra-test", "FailedScheduling",
            "0/1 nodes are available: 1 cannot allocate all claims. preemption: 0/1 nodes are available: 1 "
            "Preemption is not helpful for scheduling.", component="default-scheduler", count=12)
    w.ns_custom[("resourceclaims.resource.k8s.io", ML)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": "cuda-dra-test-gpu-8v2kq", "namespace": ML, "creationTimestamp": T0,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "cuda-dra-test",
                                          "uid": "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f", "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
        "status": {}}]
    w.target("Node", None, node)


@case("fa014", "eks_karpenter_plugin_platform_detection_failed", node_subj("ip-10-20-75-130.ec2.internal"),
      "EKS 1.29 with Karpenter-provisioned g4dn.xlarge nodes on the EKS GPU AMI (AL2): on one node the "
      "kube-system nvidia-device-plugin-daemonset pod crash-loops (exit 1) with the case's lines as its previous "
      "log (kept in the order the thread posted them, newest first) and the node advertises no nvidia.com/gpu; "
      "on a second node from the same NodePool the plugin runs and registered.")
def _(w, t):
    w.git_version = "v1.29.3-eks-adc7111"
    kv = dict(EKS_AL2_OS, kubeletVersion="v1.29.0-eks-5e0fdde", kernelVersion="5.10.213-201.855.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.7.11")
    nodes = ["ip-10-20-75-130.ec2.internal", "ip-10-20-81-44.ec2.internal"]
    for i, name in enumerate(nodes):
        labels = {"node.kubernetes.io/instance-type": "g4dn.xlarge", "karpenter.sh/nodepool": "gpu",
                  "karpenter.sh/capacity-type": "on-demand", "karpenter.k8s.aws/instance-gpu-name": "t4",
                  "karpenter.k8s.aws/instance-gpu-count": "1", "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
                  "topology.kubernetes.io/zone": "eu-west-1a"}
        info(w.node(name, gpus=None if i == 0 else 1, cpu="4", memory="16092956Ki", labels=labels,
                    taints=[{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]), **kv)
    pods = ["nvidia-device-plugin-daemonset-2mz8f", "nvidia-device-plugin-daemonset-tq5vn"]
    eks_plugin(w, list(zip(nodes, pods)), ready=1)
    bad = w.get_pod(KS, pods[0])
    bad["status"]["containerStatuses"][0].update(crashing("nvidia-device-plugin-ctr", 1, restarts=9)["nvidia-device-plugin-ctr"])
    for c in bad["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(KS, pods[0], "nvidia-device-plugin-ctr", t, previous=True)
    w.log(KS, pods[1], "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    w.target("Node", None, nodes[0])


@case("fa015", "bottlerocket_duplicate_plugin_triton_cuda_insufficient",
      pod_subj("triton-summarization-5c7d9b8f6-v4n2x"),
      "EKS 1.30 with an AL2 GPU node and a Bottlerocket OS 1.27.1 (aws-k8s-1.30-nvidia) GPU node; the "
      "nvidia-device-plugin-daemonset (meant for AL2) runs on both, next to Bottlerocket's built-in plugin (no "
      "pod); the Triton Pod on the Bottlerocket node restarted once and is not ready; its current log is the "
      "text. Pod name and instance types are illustrative.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    br = "ip-10-1-12-34.ec2.internal"
    al2 = "ip-10-1-40-7.ec2.internal"
    info(w.node(br, gpus=1, cpu="8", memory="32386220Ki", labels=eks_labels("g5.2xlarge", "gpu-bottlerocket")),
         osImage="Bottlerocket OS 1.27.1 (aws-k8s-1.30-nvidia)", kernelVersion="6.1.112",
         containerRuntimeVersion="containerd://1.7.22+bottlerocket", kubeletVersion="v1.30.4-eks")
    info(w.node(al2, gpus=1, cpu="8", memory="32386220Ki", labels=eks_labels("g5.2xlarge", "gpu-al2")), **EKS_AL2_OS,
         kernelVersion="5.10.226-214.880.amzn2.x86_64", containerRuntimeVersion="containerd://1.7.22",
         kubeletVersion="v1.30.4-eks-a737599")
    pods = ["nvidia-device-plugin-daemonset-b7r2k", "nvidia-device-plugin-daemonset-x9c4m"]
    eks_plugin(w, [(br, pods[0]), (al2, pods[1])], image="nvcr.io/nvidia/k8s-device-plugin:v0.16.2")
    for p in pods:
        w.log(KS, p, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    name = "triton-summarization-5c7d9b8f6-v4n2x"
    w.pod(ML, name, node=br, gpu=1, containers=("triton",), image="nvcr.io/nvidia/tritonserver:24.09-py3",
          owner=("ReplicaSet", "triton-summarization-5c7d9b8f6"), ready=False, restarts=1,
          statuses={"triton": {"state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 1,
                               "lastState": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                                            "finishedAt": T1}}}})
    w.log(ML, name, "triton", t)
    w.target("Pod", ML, name)


@case("fa016", "nfd_worker_cannot_resolve_master", node_subj("master1"),
      "A single-node RKE2-style cluster on an AWS g4dn instance (cluster DNS 10.43.0.10), GPU Operator v22.9 with "
      "its bundled NFD v0.10.1: nfd-master and the gpu-operator controller run, the nfd-worker pod on master1 runs "
      "(READY) and its log is the text; master1 has no feature.node.kubernetes.io labels, no nvidia.com labels and "
      "no nvidia.com/gpu; no operand DaemonSets exist. The distribution is inferred from the DNS address.")
def _(w, t):
    w.git_version = "v1.24.6+rke2r1"
    n = w.node("master1", cpu="8", memory="32408868Ki", labels={
        "node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
        "node-role.kubernetes.io/etcd": "true", "node.kubernetes.io/instance-type": "rke2",
        "beta.kubernetes.io/instance-type": "rke2"})
    info(n, kubeletVersion="v1.24.6+rke2r1", containerRuntimeVersion="containerd://1.6.8-k3s1",
         osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.15.0-1020-aws")
    deploy_pod(w, OPERATOR_NS, "gpu-operator-5dc6b8989b", "gpu-operator-5dc6b8989b-7lvx9", "master1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v22.9.0",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    workers = nfd(w, OPERATOR_NS, "gpu-operator-node-feature-discovery", ["master1"], "master1", "v0.10.1")
    w.log(OPERATOR_NS, workers[0], "worker", t)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"driver": {"enabled": True}, "devicePlugin": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.target("Node", None, "master1")


@case("fa017", "operator_device_plugin_disabled_plugin_validation_loops", node_subj(),
      "GPU Operator v22.9 with devicePlugin.enabled=false (ClusterPolicy) on one GPU node: no device-plugin pod or "
      "DaemonSet; driver, toolkit and GFD run; the validator pod is Init:CrashLoopBackOff in plugin-validation "
      "(previous log = the text); the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, product="Tesla-T4", memory_mib=15360)
    drop_gpu_resource(w.get_node("gpu-node-1"))
    remove_stack_pod(w, "gpu-node-1", "device-plugin")
    name = init_stuck(w, "gpu-node-1", "validator", "plugin-validation", None, state={
        "state": {"waiting": {"reason": "CrashLoopBackOff",
                              "message": "back-off 5m0s restarting failed container=plugin-validation"}},
        "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
        "ready": False, "restartCount": 6})
    w.log(OPERATOR_NS, name, "plugin-validation", t, previous=True)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": False},
                 "gfd": {"enabled": True},
                 "validator": {"plugin": {"env": [{"name": "WITH_WORKLOAD", "value": "false"}]}}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS}}]
    w.target("Node", None, "gpu-node-1")


@case("fa018", "openshift_roks_empty_deploy_labels", node_subj("10.240.64.18"),
      "Red Hat OpenShift on IBM Cloud (ROKS 4.10, RHEL 8 worker, CRI-O), GPU Operator v22.9: the GPU node's "
      "nvidia.com/gpu.deploy.* labels are the case's (only driver is \"true\"; operator-validator set empty as "
      "well, an assumption); the driver pod and the node-status-exporter run; the toolkit, device-plugin, GFD, "
      "DCGM-exporter and validator DaemonSets exist with DESIRED 0; no nvidia.com/gpu and no GFD labels.")
def _(w, t):
    w.git_version = "v1.23.5+3afdacb"
    node = "10.240.64.18"
    n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-16GB")
    drop_gpu_resource(n)
    drop_labels(n, *GFD_LABELS)
    deploy = {k.strip(): v.strip().strip('"') for k, v in (line.split(":", 1) for line in t.splitlines())}
    n["metadata"]["labels"].update(deploy)
    n["metadata"]["labels"].update({"nvidia.com/gpu.deploy.operator-validator": "",
                                    "nvidia.com/gpu.deploy.node-status-exporter": "true",
                                    "ibm-cloud.kubernetes.io/worker-version": "4.10.36_1547_openshift",
                                    "node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhel"})
    info(n, osImage="Red Hat Enterprise Linux 8.6 (Ootpa)", kernelVersion="4.18.0-372.26.1.el8_6.x86_64",
         containerRuntimeVersion="cri-o://1.23.4-2.rhaos4.10.git1a7cbc1.el8", kubeletVersion="v1.23.5+3afdacb")
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        remove_stack_pod(w, node, role)
    for ds, key, c in (("nvidia-container-toolkit-daemonset", "container-toolkit", "nvidia-container-toolkit-ctr"),
                       ("nvidia-device-plugin-daemonset", "device-plugin", "nvidia-device-plugin"),
                       ("gpu-feature-discovery", "gpu-feature-discovery", "gpu-feature-discovery"),
                       ("nvidia-dcgm-exporter", "dcgm-exporter", "nvidia-dcgm-exporter"),
                       ("nvidia-operator-validator", "operator-validator", "nvidia-operator-validator")):
        daemonset(w, OPERATOR_NS, ds, desired=0, containers=[(c, f"nvcr.io/nvidia/{c}:v22.9.0")],
                  node_selector={f"nvidia.com/gpu.deploy.{key}": "true"}, tolerations=GPU_TOLERATION,
                  labels={"app": ds})
    daemonset(w, OPERATOR_NS, "nvidia-node-status-exporter", desired=1,
              containers=[("nvidia-node-status-exporter", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v22.9.0")],
              node_selector={"nvidia.com/gpu.deploy.node-status-exporter": "true"}, labels={"app": "nvidia-node-status-exporter"})
    ds_pod(w, OPERATOR_NS, "nvidia-node-status-exporter", "nvidia-node-status-exporter-8n2vd", node,
           containers=("nvidia-node-status-exporter",))
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6f5d8b7c9", "gpu-operator-6f5d8b7c9-wzr4m", node,
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v22.9.0",
               labels={"app": "gpu-operator"})
    w.target("Node", None, node)


@case("fa019", "mig_plugin_insufficient_permissions", node_subj("dgx-a100-1"),
      "A kubeadm node with MIG enabled on its A100s, the driver on the host, the device plugin (built from main) "
      "deployed as kube-system/nvidia-device-plugin-daemonset without NVIDIA_MIG_MONITOR_DEVICES; the plugin "
      "container crash-loops with the text as previous log; no GPU or MIG resource is advertised; no GFD labels.")
def _(w, t):
    info(w.node("dgx-a100-1", cpu="256", memory="2113354180Ki"), kubeletVersion="v1.26.3",
         containerRuntimeVersion="containerd://1.6.20", osImage="Ubuntu 22.04.2 LTS", kernelVersion="5.15.0-69-generic")
    img = "nvcr.io/nvidia/k8s-device-plugin:devel-ubi8"
    env = [{"name": "MIG_STRATEGY", "value": "mixed"}, {"name": "FAIL_ON_INIT_ERROR", "value": "true"}]
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, ready=0,
              containers=[("nvidia-device-plugin-ctr", img)], tolerations=GPU_TOLERATION, env=env,
              labels={"name": "nvidia-device-plugin-ds"})
    pname = "nvidia-device-plugin-daemonset-f4k9s"
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", pname, "dgx-a100-1", containers=("nvidia-device-plugin-ctr",),
           image=img, env=env, ready=False, labels={"name": "nvidia-device-plugin-ds"},
           statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=7))
    w.log(KS, pname, "nvidia-device-plugin-ctr", t, previous=True)
    w.target("Node", None, "dgx-a100-1")


@case("fa020", "gb10_plugin_ignores_memory_not_supported", node_subj("spark-01"),
      "k3s v1.33 single DGX Spark (GB10, arm64) node with GPU Operator v25.10 (host driver, no driver pod) and "
      "device plugin v0.17.4: the "
      "plugin's current log is the text (warning, then registered); the node advertises nvidia.com/gpu 1 (no "
      "nvidia.com/gpu.memory label, as on GB10); a CUDA Pod runs on it.")
def _(w, t):
    w.git_version = "v1.33.6+k3s1"
    n = w.gpu_node("spark-01", gpus=1, product="NVIDIA-GB10", plugin_log=t, cpu="20", memory="125828312Ki",
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13",
                           "node-role.kubernetes.io/control-plane": "true"})
    drop_labels(n, "nvidia.com/gpu.memory")
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.driver"] = "pre-installed"
    info(n, architecture="arm64", kubeletVersion="v1.33.6+k3s1", containerRuntimeVersion="containerd://2.1.5-k3s1",
         osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.11.0-1016-nvidia")
    remove_stack_pod(w, "spark-01", "driver")      # DGX OS ships the driver (operator driver.enabled=false)
    w.pod(ML, "comfyui-0", node="spark-01", gpu=1, containers=("comfyui",), image="nvcr.io/nvidia/pytorch:25.09-py3",
          owner=("StatefulSet", "comfyui"))
    w.target("Node", None, "spark-01")


def _nfd_net_noise(case_id: str, slug: str, ns: str, prefix: str, version: str, subject_node: str, product: str,
                   kube: str, runtime: str, world: str):
    @case(case_id, slug, node_subj(subject_node), world)
    def _(w, t):
        w.git_version = kube
        n = w.gpu_node(subject_node, gpus=2, product=product, memory_mib=46068,
                       labels={"feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                               "feature.node.kubernetes.io/kernel-version.full": "5.15.0-91-generic"})
        info(n, kubeletVersion=kube, containerRuntimeVersion=runtime, kernelVersion="5.15.0-91-generic",
             osImage="Ubuntu 22.04.3 LTS")
        info(w.node("cp-1", labels={"node-role.kubernetes.io/control-plane": ""}, cpu="8", memory="32744476Ki",
                    taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
             kubeletVersion=kube, containerRuntimeVersion=runtime)
        workers = nfd(w, ns, prefix, [subject_node], "cp-1", version)
        w.log(ns, workers[0], "worker", t)
        w.pod(ML, "train-0", node=subject_node, gpu=2, containers=("pytorch",), image="nvcr.io/nvidia/pytorch:23.12-py3",
              owner=("Job", "train"))
        w.target("Node", None, subject_node)


_nfd_net_noise("fa021", "nfd_worker_bmc_usb_iface_speed_noise", OPERATOR_NS, "gpu-operator-node-feature-discovery",
               "v0.14.2", "gpu-node-1", "NVIDIA-A40", "v1.27.7", "containerd://1.7.5",
               "Bare-metal kubeadm (kubespray) v1.27.7, containerd 1.7.5, GPU Operator v23.9.1 stack healthy on the "
               "GPU node (driver, toolkit, plugin registered, GFD, validator), NFD v0.14.2 bundled in gpu-operator; "
               "the nfd-worker log on the GPU node is the text (BMC USB ethernet gadget); a training Job runs on "
               "the GPUs. GPU model is illustrative.")
_nfd_net_noise("fa022", "nfd_worker_ifb0_speed_noise_proxmox", "node-feature-discovery", "nfd", "v0.15.1",
               "pve-k8s-gpu-1", "NVIDIA-L40S", "v1.27.7", "containerd://1.7.2",
               "Kubernetes 1.27.7 on Proxmox Ubuntu 22.04 VMs; standalone NFD v0.15.1 in node-feature-discovery, "
               "its worker's log on the GPU VM is the text (paravirtual ifb0); the GPU Operator stack on that VM is "
               "healthy and a training Job runs. The thread does not involve GPUs: the GPU stack is added so the "
               "look-alike sits in a GPU cluster.")


@case("fa023", "rke2_nfd_worker_cannot_reach_apiserver", node_subj("gpu-worker-1"),
      "RKE2 v1.31.4 (RHEL 9.5 GPU worker, containerd 1.7.23-k3s2), GPU Operator v25.3.0 with NFD v0.16.6 in "
      "gpu-operator: the operator and nfd-master run on the control-plane node; the nfd-worker DaemonSet "
      "(DESIRED 2, READY 1) has its pod on the GPU worker in CrashLoopBackOff with the text as previous log (the "
      "thread's `xxxx` pod suffix kept); the GPU worker carries no feature.node.kubernetes.io or nvidia.com labels "
      "and no nvidia.com/gpu; no operand DaemonSets exist. Node names are illustrative.")
def _(w, t):
    w.git_version = "v1.31.4+rke2r1"
    kv = {"kubeletVersion": "v1.31.4+rke2r1", "containerRuntimeVersion": "containerd://1.7.23-k3s2",
          "osImage": "Red Hat Enterprise Linux 9.5 (Plow)", "kernelVersion": "5.14.0-503.35.1.el9_5.x86_64"}
    info(w.node("rke2-cp-1", cpu="8", memory="32512420Ki", labels={
        "node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
        "node-role.kubernetes.io/master": "true", "feature.node.kubernetes.io/system-os_release.ID": "rhel"}), **kv)
    info(w.node("gpu-worker-1", cpu="32", memory="263580460Ki"), **kv)
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6c9b8d7f5c", "gpu-operator-6c9b8d7f5c-tx8vb", "rke2-cp-1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v25.3.0",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    workers = nfd(w, OPERATOR_NS, "gpu-operator-node-feature-discovery", ["rke2-cp-1", "gpu-worker-1"], "rke2-cp-1",
                  "v0.16.6")
    ds = next(d for d in w.workloads[("daemonsets", OPERATOR_NS)]
              if d["metadata"]["name"] == "gpu-operator-node-feature-discovery-worker")
    ds["status"].update({"numberReady": 1, "numberAvailable": 1, "numberUnavailable": 1})
    bad = w.get_pod(OPERATOR_NS, workers[1])
    bad["status"]["containerStatuses"][0].update(crashing("worker", 1, restarts=23)["worker"])
    for c in bad["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, workers[1], "worker", t, previous=True)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.target("Node", None, "gpu-worker-1")


@case("fa024", "aks_automatic_plugin_daemonset_forbidden", node_subj("aks-gpu-t4-8k2vq"),
      "AKS Automatic with Node Auto-Provisioning: a system node and a NAP-created Standard_NC4as_T4_v3 GPU node "
      "(kubernetes.azure.com/accelerator=nvidia) that advertises no nvidia.com/gpu; kube-system holds the managed "
      "add-ons but no NVIDIA device plugin (the DaemonSet was refused at creation); a GPU Pod is Pending with "
      "default-scheduler's standard Insufficient nvidia.com/gpu wording (not quoted by the thread). The case's "
      "text is client-side kubectl output and appears nowhere in the bundle. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.33.2"
    kv = {"kubeletVersion": "v1.33.2", "containerRuntimeVersion": "containerd://1.7.27-1",
          "osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-1031-azure"}
    common = {"kubernetes.azure.com/cluster": "MC_rg-pkb_pkb-aks_eastus2", "kubernetes.azure.com/os-sku": "Ubuntu",
              "topology.kubernetes.io/region": "eastus2"}
    info(w.node("aks-system-23571113-vmss000000", cpu="4", memory="16379388Ki", labels={
        **common, "kubernetes.azure.com/mode": "system", "kubernetes.azure.com/agentpool": "system",
        "node.kubernetes.io/instance-type": "Standard_D4ds_v5"},
        taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}]), **kv)
    info(w.node("aks-gpu-t4-8k2vq", cpu="4", memory="28736340Ki", labels={
        **common, "kubernetes.azure.com/mode": "user", "karpenter.sh/nodepool": "gpu-t4",
        "karpenter.azure.com/sku-gpu-manufacturer": "nvidia", "karpenter.azure.com/sku-gpu-count": "1",
        "kubernetes.azure.com/accelerator": "nvidia", "node.kubernetes.io/instance-type": "Standard_NC4as_T4_v3"}),
        **kv)
    for rs, c, img in (("coredns-6f8d9c7b5", "coredns", "mcr.microsoft.com/oss/v2/kubernetes/coredns:v1.12.1"),
                       ("metrics-server-7b9c8d6f4", "metrics-server",
                        "mcr.microsoft.com/oss/v2/kubernetes/metrics-server:v0.7.2")):
        deploy_pod(w, KS, rs, f"{rs}-q{len(c)}m2x", "aks-system-23571113-vmss000000", containers=(c,), image=img,
                   labels={"k8s-app": c})
    msg = "0/2 nodes are available: 1 node(s) had untolerated taint {CriticalAddonsOnly: true}, 1 Insufficient " \
          "nvidia.com/gpu. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, " \
          "1 Preemption is not helpful for scheduling."
    w.pod("pkb", "gpu-benchmark-0", gpu=1, containers=("cuda",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0",
          phase="Pending", scheduled_message=msg, owner=("Job", "gpu-benchmark"))
    w.event("pkb", "Pod", "gpu-benchmark-0", "FailedScheduling", msg, component="default-scheduler", count=7)
    w.target("Node", None, "aks-gpu-t4-8k2vq")


@case("fa025", "dra_kubelet_plugin_precreated_mig", node_subj("k8s-dra-driver-cluster-worker"),
      "kind cluster from the k8s-dra-driver demo (control plane + one worker with the host's MIG-enabled A100 "
      "mounted); in nvidia-dra-driver the controller Deployment pod runs and the kubelet-plugin DaemonSet pod "
      "(container `plugin`, init container `init` completed) crash-loops with 4 restarts; its previous log is the "
      "case's log lines (the first line of the text, `Defaulted container ...`, is kubectl's own notice and is "
      "not part of the log file); a Pod with a GPU ResourceClaim is Pending (standard `cannot allocate all "
      "claims` wording, not quoted by the thread). Kubernetes version and names other than the plugin pod's are "
      "illustrative.")
def _(w, t):
    w.git_version = "v1.31.0"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "5.15.0-116-generic",
          "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.31.0"}
    info(w.node("k8s-dra-driver-cluster-control-plane", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node("k8s-dra-driver-cluster-worker", labels={"nvidia.com/gpu.present": "true"}), **kv)
    ns = "nvidia-dra-driver"
    img = "registry.example.com/nvidia/k8s-dra-driver:v0.1.0-ubuntu20.04"
    deploy_pod(w, ns, "nvidia-k8s-dra-driver-controller-6d5869d478", "nvidia-k8s-dra-driver-controller-6d5869d478-tpg7q",
               "k8s-dra-driver-cluster-control-plane", containers=("controller",), image=img)
    daemonset(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", desired=1, current=1, ready=0,
              containers=[("plugin", img)], init_containers=[("init", img)],
              node_selector={"nvidia.com/gpu.present": "true"},
              labels={"app.kubernetes.io/name": "nvidia-k8s-dra-driver"})
    pname = "nvidia-k8s-dra-driver-kubelet-plugin-8wmmz"
    ds_pod(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", pname, "k8s-dra-driver-cluster-worker",
           containers=("plugin",), init_containers=("init",), image=img, ready=False,
           statuses=crashing("plugin", 1, "Error", restarts=4))
    w.log(ns, pname, "plugin", "\n".join(t.splitlines()[1:]) + "\n", previous=True)
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not "
           "helpful for scheduling.")
    w.pod("gpu-test1", "pod1", gpu=0, containers=("ctr",), image="ubuntu:22.04", phase="Pending", scheduled_message=msg,
          extra_spec={"resourceClaims": [{"name": "mig-1g", "resourceClaimTemplateName": "mig-1g.5gb"}]})
    w.event("gpu-test1", "Pod", "pod1", "FailedScheduling", msg, component="default-scheduler", count=6)
    w.ns_custom[("resourceclaims.resource.k8s.io", "gpu-test1")] = [{
        "apiVersion": "resource.k8s.io/v1alpha3", "kind": "ResourceClaim",
        "metadata": {"name": "pod1-mig-1g-x7k2p", "namespace": "gpu-test1", "creationTimestamp": T0,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "mig-1g"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "pod1",
                                          "uid": "8e7d6c5b-4a39-4281-9f0e-1d2c3b4a5f69", "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "mig", "deviceClassName": "mig.nvidia.com"}]}},
        "status": {}}]
    w.target("Node", None, "k8s-dra-driver-cluster-worker")


# ---- assembling ------------------------------------------------------------------------------


def readme_scenario(batch: str, case_id: str, entry: tuple, c: dict, placed: str,
                    world_heading: str = "World built here") -> Scenario:
    """One case of a state-first batch (G, I, K, M, O, P) as a Scenario: its builder on an FCWorld,
    the README every such batch writes (only `placed`, the batch's own words for where its text
    sits, and the world heading differ) and its expected.json."""
    fn, slug, subject, note = entry
    healthy = c["expected_status"] == "healthy"
    root = None if healthy else c["expected"][0]

    def build(fn=fn, case_id=case_id):
        w = FCWorld(case_id)
        fn(w, c["text"])
        return w

    if healthy:
        exp_line = "Expected: status `healthy`, no root cause (a healthy look-alike)."
    else:
        exp_line = (f"Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}"
                    + (" (multi-signal: the loudest line is not the cause)." if c.get("multi_signal") else "."))
    readme = f"""# {case_id}_{slug}

First-contact case `{case_id}` from `fixtures/first-contact/{batch}/cases.jsonl`
(layer {c['layer']}, {c['distribution']}).

Source: {c['source']}

Where the text appears: {c['where']}. {placed}

Cluster state in the thread: {c['state']}

{world_heading}: {note}

{exp_line}

Why (what the thread settled): {c['note']}
"""
    exp = expect(root, subject, "healthy" if healthy else "problem", c["expected"])
    exp.setdefault("accept", list(c["expected"]))
    if healthy:
        exp["layer"] = None
    return Scenario(f"{case_id}_{slug}", build, exp, readme, case_id=case_id, kind="first_contact")


def _scenario(case_id: str) -> Scenario:
    fn, slug, subject, note = BUILDERS[case_id]
    c = cases()[case_id]
    healthy = c["expected_status"] == "healthy"
    root = None if healthy else c["expected"][0]

    def build(fn=fn, case_id=case_id):
        w = FCWorld(case_id)
        fn(w, c["text"])
        return w

    placed = ("The case's text is client-side output that never reaches the cluster: it is NOT in the bundle, "
              "which shows only the state the thread describes." if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is used verbatim (kubectl renderings such as describe rows, capacity blocks and label "
              "lists become the corresponding object fields, values unchanged).")
    if healthy:
        exp_line = "Expected: status `healthy`, no root cause (a healthy look-alike)."
    else:
        exp_line = (f"Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}"
                    + (" (multi-signal: the loudest line is not the cause)." if c.get("multi_signal") else "."))
    readme = f"""# {case_id}_{slug}

First-contact case `{case_id}` from `fixtures/first-contact/batch-a/cases.jsonl`
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
