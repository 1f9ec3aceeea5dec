"""First-contact batch C (fixtures/first-contact/batch-c/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, in the scheduler layer (Pending
pods, autoscalers, admission webhooks, custom schedulers), the node layer (kubelet admission
rejections) and the plugin layer (device plugin, GFD/NFD, MIG manager, DCGM exporter, MPS and
time-slicing sharing, operator operand placement), plus healthy look-alikes. Each builder places
the case's text verbatim where it appears in a cluster, inside a world built from the `state` the
thread describes. The expected answer is reasoned from what the thread settled (`expected`,
preferred first), never from what the tool printed; the texts and expected ids were written before
any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_c     # (re)writes fixtures/first-contact/batch-c/scenarios/
"""

from __future__ import annotations

import shutil
from functools import lru_cache

from tests.classify.first_contact_a import (GFD_LABELS, GPU_TOLERATION, KS, PLUGIN_AFFINITY_015, FCWorld, annotate, daemonset,
                                            deploy_pod, drop_gpu_resource, drop_labels, ds_pod, eks_labels, info,
                                            nfd, remove_stack_pod)
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, OPERATOR_NS, read_cases, REPO, Scenario, World, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, expect, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-c"
SCENARIOS_DIR = BATCH / "scenarios"
# client-side output or prose that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fc009", "fc012", "fc014", "fc015", "fc018", "fc020"}
# renderings (describe rows, a get table, a reason: message line, a kubelet line recording an event): their
# values become the corresponding object fields, unchanged, but the text as a whole is not a bundle string
RENDERED = {"fc001", "fc004", "fc017", "fc019", "fc021"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


def describe_events(w: World, ns: str, pod: str, text: str) -> None:
    """The case's describe event rows become the pod's events (type, reason, source, count, message)."""
    from triage.evidence.k8s_events.describe_text import parse_event_rows
    rows = parse_event_rows(text)
    if not rows:
        raise RuntimeError(f"no describe rows parsed for {ns}/{pod}")
    for row in rows:
        w.event(ns, "Pod", pod, row.reason, row.message, type=row.type, count=row.count or 1, component=row.source)


EKS_KV = {"osImage": "Amazon Linux 2023.6.20250115", "kernelVersion": "6.1.124-134.200.amzn2023.x86_64",
          "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.4-eks-aeac579"}
GKE_KV = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.100+",
          "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.5-gke.1014001"}


def gke_plugin(w: World, node: str, pod: str, log: str | None = None) -> None:
    """GKE's managed nvidia-gpu-device-plugin DaemonSet (kube-system) with one pod on `node`."""
    img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"
    labels = {"k8s-app": "nvidia-gpu-device-plugin"}
    daemonset(w, KS, "nvidia-gpu-device-plugin-large-cos", desired=1, containers=[("nvidia-gpu-device-plugin", img)],
              tolerations=[{"operator": "Exists"}], labels=labels,
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    ds_pod(w, KS, "nvidia-gpu-device-plugin-large-cos", pod, node, containers=("nvidia-gpu-device-plugin",),
           image=img, labels=labels)
    if log:
        w.log(KS, pod, "nvidia-gpu-device-plugin", log)


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fc001", "eks_automode_gpu_nodepool_limits_no_scale_up", pod_subj("vllm-7d9c6b5f8-x2kqp"),
      "EKS Auto Mode: three Auto Mode CPU nodes (c/m instance categories, no GPU); NodePools gpu-nodepool "
      "(limits reached) and spot-pool (CPU categories only) as karpenter.sh NodePool objects; the GPU Deployment's "
      "Pod (nvidia.com/gpu 1) is Pending; the case's two describe rows become its events (default-scheduler "
      "x54, karpenter x58). Pod and node names are illustrative.")
def _(w, t):
    w.git_version = "v1.32.3-eks-4096722"
    for i, (it, z) in enumerate((("c6a.large", "us-east-1a"), ("m6a.large", "us-east-1b"), ("c6a.xlarge", "us-east-1c"))):
        n = w.node(f"i-0{3 + i}a7c9e1f2b4d6{i}8", cpu="2" if "large" == it.split(".")[1] else "4", memory="7868452Ki",
                   labels={**eks_labels(it, "", z), "eks.amazonaws.com/compute-type": "auto",
                           "karpenter.sh/nodepool": "general-purpose", "karpenter.sh/capacity-type": "on-demand"})
        n["metadata"]["labels"].pop("eks.amazonaws.com/nodegroup", None)
        info(n, osImage="Bottlerocket (EKS Auto) 2025.4.7 (aws-k8s-1.32)", kernelVersion="6.1.131",
             containerRuntimeVersion="containerd://1.7.27+bottlerocket", kubeletVersion="v1.32.3-eks-473151a")
    w.custom["nodepools.karpenter.sh"] = [
        {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "gpu-nodepool"},
         "spec": {"limits": {"cpu": "16", "nvidia.com/gpu": "1"},
                  "template": {"spec": {"requirements": [
                      {"key": "eks.amazonaws.com/instance-category", "operator": "In", "values": ["g"]}],
                      "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}}},
         "status": {"resources": {"cpu": "0", "nvidia.com/gpu": "0"}}},
        {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "spot-pool"},
         "spec": {"template": {"spec": {"requirements": [
             {"key": "eks.amazonaws.com/instance-category", "operator": "In", "values": ["c", "m", "t"]},
             {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["spot"]}]}}}}]
    pod = "vllm-7d9c6b5f8-x2kqp"
    w.pod(ML, pod, gpu=1, containers=("vllm",), phase="Pending", owner=("ReplicaSet", "vllm-7d9c6b5f8"),
          tolerations=GPU_TOLERATION, labels={"app": "vllm"},
          scheduled_message="0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are "
                            "available: 3 No preemption victims found for incoming pod.")
    describe_events(w, ML, pod, t)
    w.target("Pod", ML, pod)


@case("fc002", "gke_autopilot_l4_gce_quota_exceeded", pod_subj("tgi-llama-5c8d7f9b6-7hxkq"),
      "GKE Autopilot: two general-purpose Autopilot nodes, no GPU node; the TGI Deployment's Pod asks for "
      "nvidia.com/gpu 1 with nodeSelector cloud.google.com/gke-accelerator=nvidia-l4 and is Pending; "
      "cluster-autoscaler's FailedScaleUp event carries the text; the default-scheduler FailedScheduling "
      "event is the generic node-affinity rejection any such Pod shows (illustrative wording, not quoted in the thread).")
def _(w, t):
    w.git_version = "v1.31.6-gke.1020000"
    for i in range(2):
        info(w.node(f"gk3-autopilot-cluster-pool-2-{'a1b2c3d4' if i == 0 else 'e5f6a7b8'}-{'x7k2' if i == 0 else 'm9q4'}",
                    cpu="4", memory="16374572Ki",
                    labels={"cloud.google.com/gke-nodepool": "pool-2", "topology.kubernetes.io/zone": "us-central1-c",
                            "cloud.google.com/machine-family": "e2", "node.kubernetes.io/instance-type": "e2-standard-4"}),
             **GKE_KV)
    pod = "tgi-llama-5c8d7f9b6-7hxkq"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    w.pod(ML, pod, gpu=1, containers=("tgi",), image="us-docker.pkg.dev/deeplearning-platform-release/gcr.io/huggingface-text-generation-inference-cu124.2-3.ubuntu2204.py311",
          phase="Pending", owner=("ReplicaSet", "tgi-llama-5c8d7f9b6"), labels={"app": "tgi-llama"},
          node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, tolerations=GPU_TOLERATION,
          scheduled_message=msg)
    w.event(ML, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.event(ML, "Pod", pod, "FailedScaleUp", t, component="cluster-autoscaler", count=6)
    w.target("Pod", ML, pod)


@case("fc003", "gke_autopilot_warden_denies_gameserver_pod", {"kind": "Fleet", "namespace": "default",
                                                              "name": "sd-agones-fleet"},
      "GKE Autopilot with Agones: agones-controller (agones-system) runs; the GameServer Pods of Fleet "
      "sd-agones-fleet (T4 accelerator selector) are never created, so no GameServer Pod exists; the "
      "agones-controller's current log holds the case's JSON message field inside a log line. The Fleet and "
      "GameServer objects are not collected. Other log fields are illustrative.")
def _(w, t):
    w.git_version = "v1.27.3-gke.100"
    for i in range(2):
        info(w.node(f"gk3-agones-autopilot-pool-1-{'4c1d2e3f' if i == 0 else '9a8b7c6d'}-{'pq2z' if i == 0 else 'k7w3'}",
                    cpu="4", memory="16374572Ki", labels={"cloud.google.com/gke-nodepool": "pool-1"}), **GKE_KV)
    img = "us-docker.pkg.dev/agones-images/release/agones-controller:1.34.0"
    deploy_pod(w, "agones-system", "agones-controller-6c9d8b7f5", "agones-controller-6c9d8b7f5-2xq8v",
               w.nodes[0]["metadata"]["name"], containers=("agones-controller",), image=img,
               labels={"agones.dev/role": "controller", "app": "agones"})
    line = ('{"error":"error creating Pod for GameServer sd-agones-fleet-xtcj6-j57cj","gsKey":"default/sd-agones-fleet-'
            'xtcj6-j57cj","message":"","severity":"error","source":"*gameservers.Controller","time":"2023-10-02T09:14:11.'
            '402Z"}')
    log = ('{"message":"Starting workers...","severity":"info","source":"main","time":"2023-10-02T09:10:01.118Z"}\n'
           '{' + t + ',"severity":"error","source":"*gameservers.Controller","time":"2023-10-02T09:14:11.402Z"}\n'
           + line + "\n")
    w.log("agones-system", "agones-controller-6c9d8b7f5-2xq8v", "agones-controller", log)
    w.pods.setdefault("default", [])
    w.target("Pod", "agones-system", "agones-controller-6c9d8b7f5-2xq8v")


@case("fc019", "gke_kvcache_pod_untolerated_gpu_taint", pod_subj("deepseek-coder-7b-kvcache-7c984cdff8-xq5pk", "default"),
      "GKE Standard: one GPU node (nvidia-l4, GKE taint nvidia.com/gpu=present:NoSchedule, GKE device plugin "
      "running, nvidia.com/gpu 1) and two CPU nodes; deepseek-coder-7b-instruct (requests the GPU, toleration added "
      "by GKE) is Running on the GPU node in CrashLoopBackOff with 13 restarts (its log is not quoted in the thread, "
      "so none is placed); the kvcache Pod (no toleration, pinned to the GPU pool by the controller's affinity) is "
      "Pending with the case's event; the kvcache etcd Pod runs.")
def _(w, t):
    w.git_version = "v1.31.5-gke.1023000"
    gpu = "gke-aibrix-gpu-pool-6f2b9c1d-q8zx"
    n = w.node(gpu, gpus=1, cpu="8", memory="32862272Ki",
               labels={"cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-nodepool": "gpu-pool",
                       "cloud.google.com/gke-gpu": "true", "node.kubernetes.io/instance-type": "g2-standard-8"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **GKE_KV)
    for i in range(2):
        info(w.node(f"gke-aibrix-default-pool-8d3e1a7b-{'v4m2' if i == 0 else 'h6t9'}", cpu="8", memory="32862272Ki",
                    labels={"cloud.google.com/gke-nodepool": "default-pool"}), **GKE_KV)
    gke_plugin(w, gpu, "nvidia-gpu-device-plugin-large-cos-9wq2t", HEALTHY_PLUGIN_LOG)
    gke_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    w.pod("default", "deepseek-coder-7b-instruct-688778dd76-wzwmg", node=gpu, gpu=1, containers=("vllm-openai",),
          phase="Running", ready=False, statuses=crashing("vllm-openai", 1, restarts=13), restarts=13,
          owner=("ReplicaSet", "deepseek-coder-7b-instruct-688778dd76"), tolerations=gke_tol,
          labels={"model.aibrix.ai/name": "deepseek-coder-7b-instruct"})
    w.pod("default", "deepseek-coder-7b-kvcache-etcd-0", node="gke-aibrix-default-pool-8d3e1a7b-v4m2", gpu=0,
          containers=("etcd",), image="quay.io/coreos/etcd:v3.5.17", owner=("StatefulSet", "deepseek-coder-7b-kvcache-etcd"))
    pod = "deepseek-coder-7b-kvcache-7c984cdff8-xq5pk"
    msg = t.split("default-scheduler", 1)[1].strip()
    w.pod("default", pod, gpu=0, containers=("kvcache",), image="aibrix/vineyardd:20241120", phase="Pending",
          owner=("ReplicaSet", "deepseek-coder-7b-kvcache-7c984cdff8"), labels={"kvcache.orchestration.aibrix.ai/name": "deepseek-coder-7b-kvcache"},
          affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
              {"matchExpressions": [{"key": "cloud.google.com/gke-nodepool", "operator": "In", "values": ["gpu-pool"]}]}]}}},
          scheduled_message=msg)
    w.event("default", "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=42)
    w.target("Pod", "default", pod)


# =============================================================================================
# node layer
# =============================================================================================

@case("fc004", "eks_p5_topology_affinity_error", pod_subj("arc-runner-linux-h100-8-7xk2q-runner-9dqpl", "arc-runners"),
      "EKS p5.48xlarge node (8x H100, nvidia.com/gpu 8) provisioned by Karpenter, kubelet Topology Manager policy "
      "single-numa-node (not visible in the API objects); the EKS device plugin runs and is registered; a CI runner "
      "Pod (nvidia.com/gpu 4) bound to it is Failed with reason TopologyAffinityError and the case's text as its "
      "status message and kubelet event. Pod and node names are illustrative.")
def _(w, t):
    w.git_version = "v1.33.1-eks-7308294"
    node = "ip-10-4-112-57.ec2.internal"
    n = w.node(node, gpus=8, cpu="192", memory="2097152000Ki",
               labels={**eks_labels("p5.48xlarge", "", "us-east-2b"), "karpenter.sh/nodepool": "gpu-h100",
                       "nvidia.com/gpu.present": "true"},
               taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
    n["metadata"]["labels"].pop("eks.amazonaws.com/nodegroup", None)
    info(n, **EKS_KV)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.2"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-4hw7c", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION)
    w.log(KS, "nvidia-device-plugin-daemonset-4hw7c", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    reason, msg = (s.strip() for s in t.split(":", 1))
    pod = "arc-runner-linux-h100-8-7xk2q-runner-9dqpl"
    p = w.pod("arc-runners", pod, node=node, gpu=4, cpu="48", memory="512Gi", containers=("runner",),
              image="ghcr.io/actions/actions-runner:2.325.0", phase="Failed", reason=reason, message=msg,
              tolerations=GPU_TOLERATION, owner=("EphemeralRunner", "arc-runner-linux-h100-8-7xk2q-runner-9dqpl"))
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event("arc-runners", "Pod", pod, reason, msg, component="kubelet", host=node, count=1)
    w.target("Pod", "arc-runners", pod)


@case("fc016", "kai_bound_pod_out_of_memory", pod_subj("train-job-0-0", "research"),
      "EKS 1.30: two g5.8xlarge GPU nodes with the static device plugin 0.17.1 registered; KAI Scheduler v0.5.3 "
      "(scheduler, binder, pod-grouper in kai-scheduler); node ip-10-0-7-31 has 1 of its GPUs free but its memory "
      "almost fully requested by running Pods; a Pod scheduled by kai-scheduler was bound to it and is Failed "
      "with reason OutOfmemory and the case's text as its message. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.30.13-eks-5d4a308"
    kv = dict(EKS_KV, kubeletVersion="v1.30.13-eks-5d4a308")
    nodes = ["ip-10-0-7-31.ec2.internal", "ip-10-0-8-144.ec2.internal"]
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"
    for name in nodes:
        info(w.node(name, gpus=1, cpu="32", memory="32457011200", alloc_memory="31697011200",
                    labels=eks_labels("g5.8xlarge", "gpu"),
                    taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=2, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    for name, pn in zip(nodes, ("nvidia-device-plugin-daemonset-7kq2m", "nvidia-device-plugin-daemonset-p4x9s")):
        ds_pod(w, KS, "nvidia-device-plugin-daemonset", pn, name, containers=("nvidia-device-plugin-ctr",), image=img,
               labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
        w.log(KS, pn, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    for comp, rs in (("scheduler", "kai-scheduler-default-7f8d9c6b5"), ("binder", "binder-6c7d8f9b4"),
                     ("pod-grouper", "pod-grouper-5b6c7d8f9")):
        deploy_pod(w, "kai-scheduler", rs, f"{rs}-q{len(comp)}m2x", nodes[1], containers=(comp,),
                   image=f"ghcr.io/nvidia/kai-scheduler/{comp}:v0.5.3", tolerations=GPU_TOLERATION)
    w.pod("research", "data-prep-6b8c9d7f5-zz4pl", node=nodes[0], gpu=0, containers=("prep",), cpu="8",
          memory="30Gi", image="python:3.12", owner=("ReplicaSet", "data-prep-6b8c9d7f5"), tolerations=GPU_TOLERATION)
    p = w.pod("research", "train-job-0-0", node=nodes[0], gpu=1, containers=("trainer",), cpu="4", memory="2Gi",
              image="nvcr.io/nvidia/pytorch:25.04-py3", phase="Failed", reason="OutOfmemory", message=t,
              scheduler="kai-scheduler", tolerations=GPU_TOLERATION, labels={"kai.scheduler/queue": "research"},
              owner=("Job", "train-job-0"))
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event("research", "Pod", "train-job-0-0", "OutOfmemory", t, component="kubelet", host=nodes[0])
    w.target("Pod", "research", "train-job-0-0")


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fc005", "mps_shared_request_ten_rejected", pod_subj("mps-client-7c8d9b6f5-8xk2w"),
      "kubeadm v1.30 GPU node (1 GPU shared with MPS, 10 replicas: nvidia.com/gpu 10); device plugin chart 0.16.2 "
      "with its mps-control-daemon and GFD running; a Pod asking for nvidia.com/gpu 10 was bound and is Failed "
      "with reason UnexpectedAdmissionError; its message is the kubelet's Allocate wrapper around the case's text.")
def _(w, t):
    w.git_version = "v1.30.4"
    node = "gpu-node-1"
    n = w.node(node, gpus=10, cpu="32", memory="131891368Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A10-SHARED",
                       "nvidia.com/gpu.replicas": "10", "nvidia.com/gpu.sharing-strategy": "mps",
                       "nvidia.com/mps.capable": "true", "nvidia.com/gpu.count": "1",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    info(n, kubeletVersion="v1.30.4")
    ns, img = "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"
    lab = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    for ds, c, pn in (("nvdp-nvidia-device-plugin", "nvidia-device-plugin-ctr", "nvdp-nvidia-device-plugin-8kd2x"),
                      ("nvdp-nvidia-device-plugin-mps-control-daemon", "mps-control-daemon-ctr",
                       "nvdp-nvidia-device-plugin-mps-control-daemon-t6c9q"),
                      ("nvdp-nvidia-device-plugin-gpu-feature-discovery", "gpu-feature-discovery-ctr",
                       "nvdp-nvidia-device-plugin-gpu-feature-discovery-m2p7r")):
        daemonset(w, ns, ds, desired=1, containers=[(c, img)], affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION,
                  labels={**lab, "app": ds})
        ds_pod(w, ns, ds, pn, node, containers=(c,), image=img, labels={**lab, "app": ds})
    w.log(ns, "nvdp-nvidia-device-plugin-8kd2x", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    msg = "Allocate failed due to rpc error: code = Unknown desc = " + t
    pod = "mps-client-7c8d9b6f5-8xk2w"
    p = w.pod(ML, pod, node=node, gpu=10, containers=("cuda",), image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04",
              phase="Failed", reason="UnexpectedAdmissionError", message=msg, owner=("ReplicaSet", "mps-client-7c8d9b6f5"))
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event(ML, "Pod", pod, "UnexpectedAdmissionError", msg, component="kubelet", host=node)
    w.target("Pod", ML, pod)


@case("fc006", "k3s_operator_mps_daemon_missing", node_subj("k3s-gpu-1"),
      "k3s single node with GPU Operator v23.9.2 (device plugin v0.15.0 with an MPS sharing config); no "
      "mps-control-daemon DaemonSet or pod exists; the device-plugin pod runs and its log ends with the case's text "
      "(the klog header is illustrative); the node advertises nvidia.com/gpu 0; a GPU Pod is Pending with "
      "Insufficient nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.29.3+k3s1"
    node = "k3s-gpu-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-4090", memory_mib=24564,
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                           "nvidia.com/gpu.sharing-strategy": "mps", "nvidia.com/gpu.replicas": "4"},
                   cpu="24", memory="65536000Ki")
    n["status"]["capacity"]["nvidia.com/gpu"] = "0"
    n["status"]["allocatable"]["nvidia.com/gpu"] = "0"
    info(n, kubeletVersion="v1.29.3+k3s1", containerRuntimeVersion="containerd://1.7.11-k3s2",
         osImage="Ubuntu 22.04.4 LTS", kernelVersion="6.5.0-27-generic")
    dp = w.stack(node, "device-plugin")
    log = ("I0415 09:12:01.114201       1 main.go:178] Starting FS watcher.\n"
           "I0415 09:12:01.114290       1 main.go:185] Starting OS watcher.\n"
           "I0415 09:12:01.114512       1 main.go:200] Starting Plugins.\n"
           "I0415 09:12:01.114530       1 main.go:257] Loading configuration.\n"
           "I0415 09:12:01.115904       1 main.go:338] Retrieving plugins.\n"
           "E0415 09:12:31.118422       1 main.go:132] " + t + "\n")
    w.log(OPERATOR_NS, dp, "nvidia-device-plugin", log)
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
           "preemption victims found for incoming pod.")
    w.pod(ML, "mps-test-0", gpu=1, containers=("cuda",), phase="Pending", scheduled_message=msg,
          image="nvcr.io/nvidia/cuda:12.3.2-base-ubuntu22.04")
    w.event(ML, "Pod", "mps-test-0", "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Node", None, node)


@case("fc007", "a30_mig_device1_profile_not_supported", node_subj("a30-node-1"),
      "Bare-metal node with two A30 GPUs, GPU Operator with mig-manager; node label nvidia.com/mig.config=node1 "
      "(custom config enabling MIG on device 1 only) and nvidia.com/mig.config.state=failed; the mig-manager log "
      "holds the apply attempt ending in the case's text (surrounding lines illustrative); the node advertises "
      "nvidia.com/gpu 2.")
def _(w, t):
    node = "a30-node-1"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-A30", memory_mib=24576,
                   labels={"nvidia.com/mig.config": "node1", "nvidia.com/mig.config.state": "failed",
                           "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "single",
                           "nvidia.com/gpu.deploy.mig-manager": "true"})
    info(n, kubeletVersion="v1.30.8")
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.10.0-ubuntu20.04"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"})
    pn = "nvidia-mig-manager-7wq4d"
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", pn, node, containers=("nvidia-mig-manager",), image=img,
           labels={"app": "nvidia-mig-manager"})
    log = ('time="2024-12-31T06:44:06Z" level=info msg="Updating to MIG config: node1"\n'
           'Applying the MIG mode change from the selected config to the node (and double checking it took effect)\n'
           'time="2024-12-31T06:44:08Z" level=debug msg="Walking MigConfig for (devices=[1])"\n'
           'Applying the selected MIG config to the node\n'
           + t + "\n"
           'time="2024-12-31T06:44:10Z" level=error msg="Error applying MIG configuration with hooks: error applying MIG '
           'configuration"\n'
           'Changing the \'nvidia.com/mig.config.state\' node label to \'failed\'\n')
    w.log(OPERATOR_NS, pn, "nvidia-mig-manager", log)
    w.target("Node", None, node)


@case("fc008", "gfd_rejects_list_device_list_strategy", node_subj("gpu-node-1"),
      "Device plugin helm chart v0.14.0 (namespace nvidia-device-plugin) with gfd.enabled=true and a config whose "
      "deviceListStrategy is a list; the plugin pod runs and is registered (nvidia.com/gpu 1); the GFD pod is in "
      "Init:CrashLoopBackOff and its config init container's previous log holds the case's text; the node carries "
      "NFD labels but no GFD labels.")
def _(w, t):
    node = "gpu-node-1"
    n = w.node(node, gpus=1, labels={"feature.node.kubernetes.io/pci-10de.present": "true"})
    info(n, kubeletVersion="v1.27.3")
    ns, img = "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.14.0"
    lab = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, ns, "nvdp-nvidia-device-plugin", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              init_containers=[("nvidia-device-plugin-init", img)], affinity=PLUGIN_AFFINITY_015,
              tolerations=GPU_TOLERATION, labels=lab)
    ds_pod(w, ns, "nvdp-nvidia-device-plugin", "nvdp-nvidia-device-plugin-9vz7k", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels=lab)
    w.log(ns, "nvdp-nvidia-device-plugin-9vz7k", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    glab = {"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "nvdp"}
    gimg = "nvcr.io/nvidia/gpu-feature-discovery:v0.8.0"
    daemonset(w, ns, "nvdp-gpu-feature-discovery", desired=1, ready=0, containers=[("gpu-feature-discovery-ctr", gimg)],
              init_containers=[("gpu-feature-discovery-init", img)], affinity=PLUGIN_AFFINITY_015,
              tolerations=GPU_TOLERATION, labels=glab)
    pn = "nvdp-gpu-feature-discovery-5kq8j"
    ds_pod(w, ns, "nvdp-gpu-feature-discovery", pn, node, containers=("gpu-feature-discovery-ctr",), image=gimg,
           labels=glab, phase="Pending", ready=False, init_containers=("gpu-feature-discovery-init",),
           init_statuses=crashing("gpu-feature-discovery-init", 1, restarts=11),
           statuses={"gpu-feature-discovery-ctr": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}})
    w.log(ns, pn, "gpu-feature-discovery-init", t, previous=True)
    w.target("Node", None, node)


@case("fc009", "bottlerocket_builtin_plugin_lost_registration", node_subj("ip-10-1-33-201.ec2.internal"),
      "EKS 1.30 with Bottlerocket 1.25.0 (aws-k8s-1.30-nvidia) g5.xlarge nodes: no device plugin DaemonSet "
      "(Bottlerocket runs its built-in plugin as a host service); the affected node advertises nvidia.com/gpu 0 "
      "(capacity and allocatable), a sibling node nvidia.com/gpu 1; a GPU Pod is Pending with Insufficient "
      "nvidia.com/gpu. The kubelet journal lines of the case are host-side and NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    kv = {"osImage": "Bottlerocket OS 1.25.0 (aws-k8s-1.30-nvidia)", "kernelVersion": "6.1.112",
          "containerRuntimeVersion": "containerd://1.7.22+bottlerocket", "kubeletVersion": "v1.30.4-eks-a737599"}
    for name, gpus in (("ip-10-1-33-201.ec2.internal", 0), ("ip-10-1-34-17.ec2.internal", 1)):
        info(w.node(name, gpus=gpus, cpu="4", memory="16093424Ki", labels=eks_labels("g5.xlarge", "gpu-br"),
                    taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    w.pod(ML, "infer-0", node="ip-10-1-34-17.ec2.internal", gpu=1, containers=("server",),
          tolerations=GPU_TOLERATION, owner=("StatefulSet", "infer"))
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 1 No "
           "preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.")
    w.pod(ML, "infer-1", gpu=1, containers=("server",), phase="Pending", scheduled_message=msg,
          tolerations=GPU_TOLERATION, owner=("StatefulSet", "infer"))
    w.event(ML, "Pod", "infer-1", "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Node", None, "ip-10-1-33-201.ec2.internal")


@case("fc010", "dcgm_exporter_m60_no_dcp_metrics", node_subj("gpu-m60-1"),
      "Two GPU nodes (one with two Tesla M60, one with a T4) with the GPU Operator stack healthy and "
      "DCGM Exporter 3.6.0 as a DaemonSet; the M60 node's exporter log carries the case's two lines between "
      "normal start-up lines (those are illustrative); GPU Pods run on both nodes.")
def _(w, t):
    w.gpu_node("gpu-m60-1", gpus=2, product="Tesla-M60", memory_mib=8192)
    w.gpu_node("gpu-t4-1", gpus=1, product="Tesla-T4", memory_mib=15360)
    img = "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.8-3.6.0-ubuntu22.04"
    daemonset(w, OPERATOR_NS, "nvidia-dcgm-exporter", desired=2, containers=[("nvidia-dcgm-exporter", img)],
              node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-dcgm-exporter"})
    for node, pn in (("gpu-m60-1", "nvidia-dcgm-exporter-x8v2k"), ("gpu-t4-1", "nvidia-dcgm-exporter-c4n7p")):
        w.get_node(node)["metadata"]["labels"]["nvidia.com/gpu.deploy.dcgm-exporter"] = "true"
        ds_pod(w, OPERATOR_NS, "nvidia-dcgm-exporter", pn, node, containers=("nvidia-dcgm-exporter",), image=img,
               labels={"app": "nvidia-dcgm-exporter"})
    w.log(OPERATOR_NS, "nvidia-dcgm-exporter-x8v2k", "nvidia-dcgm-exporter",
          "Starting dcgm-exporter\nDCGM successfully initialized!\n" + t + "\n"
          "Initializing system entities of type: GPU\nKubernetes metrics collection enabled!\n"
          "Starting webserver\nListening on address=[::]:9400\n")
    w.log(OPERATOR_NS, "nvidia-dcgm-exporter-c4n7p", "nvidia-dcgm-exporter",
          "Starting dcgm-exporter\nDCGM successfully initialized!\nCollecting DCP Metrics\n"
          "Initializing system entities of type: GPU\nKubernetes metrics collection enabled!\n"
          "Starting webserver\nListening on address=[::]:9400\n")
    w.pod(ML, "render-0", node="gpu-m60-1", gpu=1, containers=("render",), owner=("StatefulSet", "render"))
    w.pod(ML, "embed-0", node="gpu-t4-1", gpu=1, containers=("embed",), owner=("StatefulSet", "embed"))
    w.target("Node", None, "gpu-m60-1")


@case("fc011", "gke_plugin_restart_on_kubelet_sock_recreated", node_subj("gke-ml-t4-pool-5a7c2e9d-r2w8"),
      "GKE node pool with T4 GPUs and GKE's managed nvidia-gpu-device-plugin DaemonSet; after a kubelet restart the "
      "plugin's current log shows the case's two lines followed by its re-registration (following lines "
      "illustrative); the node advertises nvidia.com/gpu 1 and a GPU Pod runs on it.")
def _(w, t):
    w.git_version = "v1.30.3-gke.1451000"
    node = "gke-ml-t4-pool-5a7c2e9d-r2w8"
    n = w.node(node, gpus=1, cpu="8", memory="30817536Ki",
               labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-nodepool": "t4-pool",
                       "cloud.google.com/gke-gpu": "true"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **GKE_KV)
    log = ("I0829 19:02:11.000213 1043311 nvidia_gpu.go:75] device-plugin started\n"
           "I0829 19:02:11.104552 1043311 manager.go:520] Registered device plugin for nvidia.com/gpu with Kubelet\n"
           + t + "\n"
           "I0829 21:34:58.150331 1043311 manager.go:520] Registered device plugin for nvidia.com/gpu with Kubelet\n")
    gke_plugin(w, node, "nvidia-gpu-device-plugin-large-cos-kq7vx", log)
    w.pod(ML, "whisper-0", node=node, gpu=1, containers=("whisper",), owner=("StatefulSet", "whisper"),
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Node", None, node)


@case("fc012", "openshift_worker04_deploy_labels_disabled", node_subj("p114worker04"),
      "OpenShift 4.11 with GPU Operator 1.11 (namespace nvidia-gpu-operator modelled as gpu-operator): worker05 "
      "(2x T4) runs the full operand stack and advertises nvidia.com/gpu 2; worker04 (4x V100) runs only the "
      "driver pod, its nvidia.com/gpu.deploy.* labels other than driver are 'false', it advertises no "
      "nvidia.com/gpu and carries no GFD labels. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.24.6+5658434"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 411.86.202212072103-0 (Ootpa)",
          "kernelVersion": "4.18.0-372.36.1.el8_6.x86_64", "containerRuntimeVersion": "cri-o://1.24.3-6.rhaos4.11.gitad6f5c8.el8",
          "kubeletVersion": "v1.24.6+5658434"}
    ok = w.gpu_node("p114worker05", gpus=2, product="Tesla-T4", memory_mib=15360,
                    labels={"node-role.kubernetes.io/worker": ""})
    info(ok, **kv)
    bad = w.gpu_node("p114worker04", gpus=4, product="Tesla-V100-SXM2-32GB", memory_mib=32768,
                     labels={"node-role.kubernetes.io/worker": ""})
    info(bad, **kv)
    drop_gpu_resource(bad)
    drop_labels(bad, *GFD_LABELS)
    for key in ("gpu-feature-discovery", "container-toolkit", "device-plugin", "dcgm", "dcgm-exporter",
                "node-status-exporter", "operator-validator"):
        bad["metadata"]["labels"][f"nvidia.com/gpu.deploy.{key}"] = "false"
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        remove_stack_pod(w, "p114worker04", role)
    deploy_pod(w, OPERATOR_NS, "gpu-operator-57c9ccbd99", "gpu-operator-57c9ccbd99-l4pnh", "p114worker05",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v1.11.1", labels={"app": "gpu-operator"})
    w.target("Node", None, "p114worker04")


@case("fc013", "gke_a100_mig_disable_mode_change_pending", node_subj("gke-a100-pool-3c9e7a1f-7m2k"),
      "GKE A100 node with the GPU Operator and mig-manager; nvidia.com/mig.config changed to all-disabled, "
      "nvidia.com/mig.config.state=failed after the reboot; the mig-manager's log holds the case's eight debug lines "
      "within its apply attempt (surrounding lines illustrative); the node still advertises nvidia.com/mig-1g.5gb "
      "(mixed strategy) and no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.27.8-gke.1067004"
    node = "gke-a100-pool-3c9e7a1f-7m2k"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-SXM4-40GB", memory_mib=40960,
                   labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-a100", "nvidia.com/mig.config": "all-disabled",
                           "nvidia.com/mig.config.state": "failed", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.strategy": "mixed", "nvidia.com/gpu.deploy.mig-manager": "true"})
    info(n, **GKE_KV)
    drop_gpu_resource(n)
    n["status"]["capacity"]["nvidia.com/mig-1g.5gb"] = "7"
    n["status"]["allocatable"]["nvidia.com/mig-1g.5gb"] = "7"
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.6.0-ubuntu20.04"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"})
    pn = "nvidia-mig-manager-b5xv2"
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", pn, node, containers=("nvidia-mig-manager",), image=img,
           labels={"app": "nvidia-mig-manager"})
    log = ('time="2024-02-13T10:21:11Z" level=info msg="Updating to MIG config: all-disabled"\n'
           'Applying the MIG mode change from the selected config to the node (and double checking it took effect)\n'
           'If the -r option was passed, the node will be automatically rebooted if this is not successful\n'
           + t + "\n"
           'MIG mode change did not take effect after rebooting\n'
           'Changing the \'nvidia.com/mig.config.state\' node label to \'failed\'\n')
    w.log(OPERATOR_NS, pn, "nvidia-mig-manager", log)
    w.target("Node", None, node)


@case("fc014", "eks_nfd_worker_toleration_deadlocks_plugin", node_subj("ip-10-2-14-77.ec2.internal"),
      "EKS 1.34 self-managed GPU nodes (g6.xlarge) tainted nvidia.com/gpu=true:NoSchedule; device plugin chart 0.19.1 "
      "with gfd.enabled=true in kube-system: NFD master runs on a CPU node, the NFD worker DaemonSet tolerates only "
      "nvidia.com/gpu=present (Equal) and runs on the CPU nodes only; no pci-10de label on the GPU nodes; the "
      "nvidia-device-plugin and GFD DaemonSets have DESIRED 0; no nvidia.com/gpu; GPU Pods Pending. The "
      "reproduction bullets are NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.34.1-eks-113cf36"
    kv = dict(EKS_KV, kubeletVersion="v1.34.1-eks-113cf36")
    gpus = ["ip-10-2-14-77.ec2.internal", "ip-10-2-15-203.ec2.internal"]
    cpus = ["ip-10-2-1-40.ec2.internal", "ip-10-2-2-118.ec2.internal"]
    for name in gpus:
        info(w.node(name, cpu="4", memory="15896028Ki", labels=eks_labels("g6.xlarge", "gpu-self-managed"),
                    taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    for name in cpus:
        info(w.node(name, cpu="4", memory="15896028Ki", labels=eks_labels("m6i.xlarge", "general")), **kv)
    ver = "v0.17.3"
    names = nfd(w, KS, "nvdp-node-feature-discovery", cpus, cpus[0], ver)
    for d in w.workloads[("daemonsets", KS)]:
        if d["metadata"]["name"] == "nvdp-node-feature-discovery-worker":
            d["spec"]["template"]["spec"]["tolerations"] = [
                {"key": "node-role.kubernetes.io/master", "operator": "Equal", "effect": "NoSchedule"},
                {"key": "nvidia.com/gpu", "operator": "Equal", "value": "present", "effect": "NoSchedule"}]
    for name in cpus:
        w.get_node(name)["metadata"]["labels"]["feature.node.kubernetes.io/cpu-model.vendor_id"] = "Intel"
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.19.1"
    lab = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp",
           "app.kubernetes.io/version": "0.19.1", "helm.sh/chart": "nvidia-device-plugin-0.19.1"}
    daemonset(w, KS, "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", img)],
              affinity=PLUGIN_AFFINITY_015, tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists",
                                                          "effect": "NoSchedule"}, {"key": "CriticalAddonsOnly",
                                                                                    "operator": "Exists"}],
              labels=lab)
    daemonset(w, KS, "nvidia-device-plugin-gpu-feature-discovery", desired=0,
              containers=[("gpu-feature-discovery-ctr", img)], affinity=PLUGIN_AFFINITY_015,
              tolerations=GPU_TOLERATION, labels={**lab, "app.kubernetes.io/name": "gpu-feature-discovery"})
    daemonset(w, KS, "nvidia-device-plugin-mps-control-daemon", desired=0, containers=[("mps-control-daemon-ctr", img)],
              node_selector={"nvidia.com/mps.capable": "true"}, tolerations=GPU_TOLERATION,
              labels={**lab, "app.kubernetes.io/name": "nvidia-device-plugin-mps-control-daemon"})
    msg = ("0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.")
    w.pod(ML, "llm-5f7b8c9d6-kq2xp", gpu=1, containers=("server",), phase="Pending", scheduled_message=msg,
          tolerations=GPU_TOLERATION, node_selector={"eks.amazonaws.com/nodegroup": "gpu-self-managed"},
          owner=("ReplicaSet", "llm-5f7b8c9d6"))
    w.event(ML, "Pod", "llm-5f7b8c9d6-kq2xp", "FailedScheduling", msg, component="default-scheduler", count=31)
    w.target("Node", None, gpus[0])


@case("fc015", "eks_operator_ds_counts_as_designed", node_subj("ip-10-202-124-101.us-west-2.compute.internal"),
      "EKS 1.29, five nodes (one g4dn.xlarge GPU node on the EKS GPU AMI, driver pre-installed); GPU Operator "
      "v24.3.0 with NFD: NFD worker pods on all five nodes, the operand pods (toolkit, device plugin, GFD, "
      "validator, DCGM exporter) once on the GPU node, no driver pod (driver.enabled=false), nvidia-mig-manager "
      "DESIRED 0 (T4 is not MIG-capable); the GPU node advertises nvidia.com/gpu 1 and a GPU Pod runs. The "
      "reporter's question is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.29.4-eks-036c24b"
    kv = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.215-203.850.amzn2.x86_64",
          "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.29.3-eks-ae9a62a"}
    gpu = "ip-10-202-124-101.us-west-2.compute.internal"
    n = w.gpu_node(gpu, gpus=1, product="Tesla-T4", memory_mib=15360,
                   labels={**eks_labels("g4dn.xlarge", "sandbox-uw2-blue-gpu", "us-west-2a"),
                           "nvidia.com/gpu.deploy.driver": "pre-installed", "nvidia.com/mig.capable": "false",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    info(n, **kv)
    remove_stack_pod(w, gpu, "driver")
    cpus = [f"ip-10-202-{o}.us-west-2.compute.internal" for o in ("118-23", "119-77", "120-140", "121-9")]
    for c in cpus:
        info(w.node(c, cpu="8", memory="32386524Ki", labels=eks_labels("m5.2xlarge", "sandbox-uw2-blue", "us-west-2b")), **kv)
    workers = [gpu] + cpus
    img = "registry.k8s.io/nfd/node-feature-discovery:v0.15.4"
    daemonset(w, OPERATOR_NS, "gpu-operator-node-feature-discovery-worker", desired=5, containers=[("worker", img)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    for i, node in enumerate(workers):
        ds_pod(w, OPERATOR_NS, "gpu-operator-node-feature-discovery-worker",
               f"gpu-operator-node-feature-discovery-worker-{'abcde'[i]}{'k4m7q'[i]}{i}z", node, containers=("worker",),
               image=img, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-node-feature-discovery-master-6d8f7c9b5d",
               "gpu-operator-node-feature-discovery-master-6d8f7c9b5d-q7x2m", cpus[0], containers=("master",), image=img,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-7bd648f56b", "gpu-operator-7bd648f56b-9xk2d", cpus[0],
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v24.3.0", labels={"app": "gpu-operator"})
    dimg = "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.5-3.4.1-ubuntu22.04"
    daemonset(w, OPERATOR_NS, "nvidia-dcgm-exporter", desired=1, containers=[("nvidia-dcgm-exporter", dimg)],
              node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, labels={"app": "nvidia-dcgm-exporter"})
    ds_pod(w, OPERATOR_NS, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter-w2x8c", gpu, containers=("nvidia-dcgm-exporter",),
           image=dimg, labels={"app": "nvidia-dcgm-exporter"})
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=0,
              containers=[("nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.7.0-ubuntu20.04")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, labels={"app": "nvidia-mig-manager"})
    daemonset(w, OPERATOR_NS, "nvidia-driver-daemonset", desired=0,
              containers=[("nvidia-driver-ctr", "nvcr.io/nvidia/driver:550.54.15")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true"}, labels={"app": "nvidia-driver-daemonset"})
    w.pod(ML, "notebook-0", node=gpu, gpu=1, containers=("jupyter",), owner=("StatefulSet", "notebook"),
          tolerations=GPU_TOLERATION)
    w.target("Node", None, gpu)


@case("fc017", "plugin_015rc2_affinity_no_labels_desired_zero", node_subj("node1"),
      "kubespray v2.24.1 (Kubernetes v1.28.6, Ubuntu 22.04) with GPU nodes node1..node3 modelled (the thread has "
      "16; host driver and nvidia runtime installed); the chart 0.15.0-rc.2 DaemonSets in nvidia-device-plugin are "
      "the case's two rows (DESIRED 0; nodeAffinity on NFD/GFD labels; the MPS control daemon selects "
      "nvidia.com/mps.capable=true); no NFD/GFD labels, no nvidia.com/gpu on the nodes; no plugin pods.")
def _(w, t):
    w.git_version = "v1.28.6"
    kv = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-100-generic",
          "containerRuntimeVersion": "containerd://1.7.13", "kubeletVersion": "v1.28.6"}
    info(w.node("master1", labels={"node-role.kubernetes.io/control-plane": ""}, cpu="8", memory="32810616Ki",
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    for i in range(1, 4):
        info(w.node(f"node{i}", cpu="64", memory="527938872Ki"), **kv)
    for row in t.splitlines():
        cols = row.split()
        ns, name, desired = cols[0], cols[1], int(cols[2])
        selector = None if cols[7] == "<none>" else dict([cols[7].split("=", 1)])
        container, image = cols[9], cols[10]
        sel = dict(kv.split("=", 1) for kv in cols[11].split(","))
        daemonset(w, ns, name, desired=desired, containers=[(container, image)], node_selector=selector,
                  affinity=PLUGIN_AFFINITY_015 if selector is None else None, runtime_class="nvidia",
                  labels={**sel, "app.kubernetes.io/version": "0.15.0-rc.2",
                          "helm.sh/chart": "nvidia-device-plugin-0.15.0-rc.2"})
    w.pods.setdefault("nvidia-device-plugin", [])
    w.target("Node", None, "node1")


@case("fc018", "openshift_driver_alert_false_positive", node_subj("ocp-gpu-worker-0"),
      "OpenShift 4.15.20 (RHCOS 9.2, CRI-O), GPU Operator 24.6.0 (namespace nvidia-gpu-operator modelled as "
      "gpu-operator) with the node-status-exporter: the driver pod runs, every operand and validator is healthy, "
      "the node advertises nvidia.com/gpu 1 and a GPU Pod runs; the node-status-exporter's log shows its start "
      "line. The Prometheus alert text is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.11+add48d0"
    node = "ocp-gpu-worker-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/gpu.deploy.node-status-exporter": "true"})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 415.92.202407091355-0 (Plow)",
         kernelVersion="5.14.0-284.71.1.el9_2.x86_64", containerRuntimeVersion="cri-o://1.28.8-5.rhaos4.15.git5ae7bd8.el9",
         kubeletVersion="v1.28.11+add48d0")
    img = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.6.0"
    daemonset(w, OPERATOR_NS, "nvidia-node-status-exporter", desired=1, containers=[("nvidia-node-status-exporter", img)],
              node_selector={"nvidia.com/gpu.deploy.node-status-exporter": "true"},
              labels={"app": "nvidia-node-status-exporter"})
    ds_pod(w, OPERATOR_NS, "nvidia-node-status-exporter", "nvidia-node-status-exporter-6gq9v", node,
           containers=("nvidia-node-status-exporter",), image=img, labels={"app": "nvidia-node-status-exporter"})
    w.log(OPERATOR_NS, "nvidia-node-status-exporter-6gq9v", "nvidia-node-status-exporter",
          'time="2024-08-02T18:36:59Z" level=info msg="version: 4d9a1887, commit: 4d9a188"\n')
    w.pod(ML, "granite-0", node=node, gpu=1, containers=("server",), owner=("StatefulSet", "granite"),
          tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


@case("fc020", "nvkind_worker_missing_gpu_present_label", node_subj("nvkind-k8s-worker"),
      "nvkind cluster (kind v1.31, the GPU mounted into the worker container); the nvidia-device-plugin chart "
      "DaemonSets in namespace nvidia (gfd disabled) have DESIRED 0 because their nodeAffinity needs NFD/GFD "
      "labels no worker has; the namespace has no pods; the worker has no nvidia.com/gpu.present label and no "
      "nvidia.com/gpu. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.31.0"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.8.0-49-generic",
          "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.31.0"}
    info(w.node("nvkind-k8s-control-plane", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node("nvkind-k8s-worker"), **kv)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    lab = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvidia-device-plugin",
           "app.kubernetes.io/version": "0.17.0", "helm.sh/chart": "nvidia-device-plugin-0.17.0"}
    daemonset(w, "nvidia", "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", img)],
              affinity=PLUGIN_AFFINITY_015, tolerations=GPU_TOLERATION, runtime_class="nvidia", labels=lab)
    daemonset(w, "nvidia", "nvidia-device-plugin-mps-control-daemon", desired=0,
              containers=[("mps-control-daemon-ctr", img)], node_selector={"nvidia.com/mps.capable": "true"},
              tolerations=GPU_TOLERATION, labels={**lab, "app.kubernetes.io/name": "nvidia-device-plugin-mps-control-daemon"})
    w.pods.setdefault("nvidia", [])
    w.target("Node", None, "nvkind-k8s-worker")


@case("fc021", "kubelet_restart_readmits_finished_gpu_pod", pod_subj("batch-infer-28461120-7qk4z", "research"),
      "Kubernetes v1.30 GPU node (8 GPUs, static NVIDIA device plugin registered, nvidia.com/gpu 8) with two "
      "Running GPU Pods holding all 8 GPUs; after a kubelet restart a Job Pod (nvidia.com/gpu 4, an init "
      "container) that had already finished is re-admitted and is Failed with reason UnexpectedAdmissionError; the "
      "message of the case's kubelet log line is its status message and its kubelet event. Names are illustrative "
      "(the thread redacts them).")
def _(w, t):
    w.git_version = "v1.30.8"
    node = "gpu-node-1"
    info(w.node(node, gpus=8, cpu="128", memory="2113328376Ki"), kubeletVersion="v1.30.8")
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-r8m2c", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION)
    w.log(KS, "nvidia-device-plugin-daemonset-r8m2c", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    for name in ("trainer-0", "trainer-1"):
        w.pod("research", name, node=node, gpu=4, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.01-py3",
              owner=("StatefulSet", "trainer"), init_containers=("fetch-data",))
    msg = t.split('message="', 1)[1].rstrip('"')
    pod = "batch-infer-28461120-7qk4z"
    p = w.pod("research", pod, node=node, gpu=4, containers=("infer",), image="nvcr.io/nvidia/pytorch:25.01-py3",
              phase="Failed", reason="UnexpectedAdmissionError", message=msg, owner=("Job", "batch-infer-28461120"),
              init_containers=("fetch-data",))
    p["spec"]["restartPolicy"] = "Never"
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event("research", "Pod", pod, "UnexpectedAdmissionError", msg, component="kubelet", host=node)
    w.target("Pod", "research", pod)


@case("fc022", "volcano_vgpu_allocate_device_number_mismatch", pod_subj("vgpu-job-b-worker-0", "default"),
      "Kubernetes node with 2 GPUs under volcano-vgpu-device-plugin v1.11.0 (volcano.sh/vgpu-number 20); Volcano "
      "v1.12.0 scheduler; two Volcano Pods requesting 2 and 1 vGPUs were bound to the node within a second; one runs, "
      "the other is Failed with UnexpectedAdmissionError whose message wraps the case's text; the plugin's log "
      "carries the text in its Allocate error line (klog header and surrounding lines illustrative).")
def _(w, t):
    w.git_version = "v1.30.6"
    node = "gpu-node-1"
    n = w.node(node, gpus=20, resource="volcano.sh/vgpu-number", cpu="64", memory="263839672Ki")
    for r, v in (("volcano.sh/vgpu-memory", "48000"), ("volcano.sh/vgpu-cores", "200")):
        n["status"]["capacity"][r] = n["status"]["allocatable"][r] = v
    info(n, kubeletVersion="v1.30.6")
    ns, img = KS, "docker.io/projecthami/volcano-vgpu-device-plugin:v1.11.0"
    daemonset(w, ns, "volcano-device-plugin", desired=1, containers=[("volcano-device-plugin", img)],
              tolerations=GPU_TOLERATION, labels={"name": "volcano-device-plugin"})
    pn = "volcano-device-plugin-5m8kq"
    ds_pod(w, ns, "volcano-device-plugin", pn, node, containers=("volcano-device-plugin",), image=img,
           labels={"name": "volcano-device-plugin"})
    w.log(ns, pn, "volcano-device-plugin",
          "I1211 08:21:03.114021       1 plugin.go:335] Allocate [&ContainerAllocateRequest{DevicesIDs:[GPU-0-1],}]\n"
          "I1211 08:21:03.114512       1 plugin.go:362] Allocate [&ContainerAllocateRequest{DevicesIDs:[GPU-0-2 GPU-1-2],}]\n"
          "E1211 08:21:03.114590       1 plugin.go:380] " + t + "\n")
    deploy_pod(w, "volcano-system", "volcano-scheduler-6d8c9f7b5", "volcano-scheduler-6d8c9f7b5-kw0p", node,
               containers=("volcano-scheduler",), image="volcanosh/vc-scheduler:v1.12.0")
    w.pod("default", "vgpu-job-a-worker-0", node=node, gpu=1, resource="volcano.sh/vgpu-number", containers=("cuda",),
          scheduler="volcano", owner=("Job", "vgpu-job-a"), image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04")
    msg = "Allocate failed due to rpc error: code = Unknown desc = " + t + ", which is unexpected"
    p = w.pod("default", "vgpu-job-b-worker-0", node=node, gpu=2, resource="volcano.sh/vgpu-number",
              containers=("cuda",), scheduler="volcano", owner=("Job", "vgpu-job-b"), phase="Failed",
              reason="UnexpectedAdmissionError", message=msg, image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04")
    annotate(p, **{"volcano.sh/devices-to-allocate": "GPU-0,NVIDIA,2000,50:;GPU-1,NVIDIA,2000,50:;",
                   "volcano.sh/bind-phase": "allocating"})
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event("default", "Pod", "vgpu-job-b-worker-0", "UnexpectedAdmissionError", msg, component="kubelet", host=node)
    w.target("Pod", "default", "vgpu-job-b-worker-0")


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

    placed = ("The case's text is client-side output or prose (or a host journal / alert the collector does not "
              "read): it is NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (describe rows, a get table, a reason/message line or a kubelet log line "
              "recording an event): its values become the corresponding object fields, unchanged."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    if healthy:
        exp_line = "Expected: status `healthy`, no root cause (a healthy look-alike)."
    else:
        exp_line = (f"Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}"
                    + (" (multi-signal: the loudest line is not the cause)." if c.get("multi_signal") else "."))
    readme = f"""# {case_id}_{slug}

First-contact case `{case_id}` from `fixtures/first-contact/batch-c/cases.jsonl`
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
