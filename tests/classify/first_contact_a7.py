"""First-contact batch A7 (fixtures/first-contact/batch-a7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and one look-alike) of the scheduler layer, sampled for the first time from the
`search` tool's `code` corpus (troubleshooting guides, FAQs and runbooks kept in public repositories) with the fixed
query list in the batch README: a rolling update that needs a second GPU (Prem Operator), a two-vGPU request on a
one-card HAMi node, and GPU pods Pending while GKE scales a node pool up (by design). Every case is a prose case: a
file's own words, which never reach the cluster, so the text is not placed in the bundle; each builder builds the
cluster state the file describes, and the scheduler / autoscaler / HAMi wordings in the bundle are illustrative
(standard formats), as each scenario README says. The expected answer was reasoned from the file (`expected` in the
case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the files do not state (node and pod names, kernels, kubelet versions, instance types, GPU
models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a7      # (re)writes fixtures/first-contact/batch-a7/scenarios/
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter
from tests.classify.first_contact_a3 import A3World
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj


@dataclass
class A7World(A3World):
    """A3's World (namespaced PVCs and custom resources) that also writes the cluster version it is given."""
    git_version: str = "v1.32.2"

    def write(self, out: Path) -> Path:
        out = super().write(out)
        m = re.match(r"v(\d+)\.(\d+)", self.git_version)
        BundleWriter(out).write_json(layout.CLUSTER_VERSION, {"major": m.group(1), "minor": m.group(2),
                                                              "gitVersion": self.git_version,
                                                              "platform": "linux/amd64"})
        return out


FC = ThreadBatch("batch-a7", "A7", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a file's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa701", "fa702", "fa703"}


def _deploy(w, ns: str, name: str, rs_hash: str, pod_sfx: str, node: str, containers, image: str, *,
            labels=None, tolerations=None, cpu: str = "100m", memory: str = "256Mi") -> dict:
    """A one-replica Deployment with its Running pod (no GPU)."""
    rs = f"{name}-{rs_hash}"
    p = w.pod(ns, f"{rs}-{pod_sfx}", node=node, gpu=0, containers=containers, image=image,
              owner=("ReplicaSet", rs), labels=labels or {"app": name}, tolerations=tolerations, cpu=cpu, memory=memory)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    return p


# ---- fa701: a rolling update that needs a second GPU (Prem Operator) -----------------------------

_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-125-generic",
           "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.29.10", "kubeProxyVersion": "v1.29.10"}


@case("fa701", pod_subj("mistral-7b-instruct-7d4b9c6f8-x2k9q", "default"),
      "Single-node kubeadm-style cluster (Kubernetes 1.29; the guide names no distribution; node name, GPU model and "
      "versions assumed): the node gpu-worker-1 (one NVIDIA L4, nvidia.com/gpu 1, untainted) runs the GPU Operator's "
      "healthy stack and the Prem Operator (namespace prem-operator). The AIDeployment mistral-7b-instruct (engine "
      "vllm) owns the Deployment mistral-7b-instruct (one replica, one GPU, default RollingUpdate 25%/25%); after an "
      "update to revision 2 the old ReplicaSet's pod runs with the node's only GPU and the new ReplicaSet's pod is "
      "Pending with a FailedScheduling event saying Insufficient nvidia.com/gpu (wording illustrative, standard "
      "format). The text is the guide's and is not placed.")
def _(w, t):
    w.git_version = "v1.29.10"
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65837368Ki")
    node_info(n, **_UBUNTU)
    _deploy(w, "prem-operator", "prem-operator-controller-manager", "6c7f9b8d4", "p5v2n", node, ("manager",),
            "ghcr.io/premai-io/prem-operator:v0.10.1", labels={"control-plane": "controller-manager"})
    ns, dep = "default", "mistral-7b-instruct"
    old_rs, new_rs = f"{dep}-5f9c8d7b6", f"{dep}-7d4b9c6f8"
    tmpl = {"spec": {"containers": [{"name": "vllm", "image": "vllm/vllm-openai:v0.4.2",
                                     "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}
    d = w.workload("Deployment", ns, dep, template_pod=tmpl, revision="2",
                   strategy={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
                   status={"replicas": 2, "updatedReplicas": 1, "readyReplicas": 1, "availableReplicas": 1,
                           "unavailableReplicas": 1, "observedGeneration": 2})
    d["metadata"]["ownerReferences"] = [{"apiVersion": "premlabs.io/v1alpha1", "kind": "AIDeployment", "name": dep,
                                         "uid": "5d0c7e2a-3b41-4f8e-9a6d-1c2b3e4f5a60", "controller": True}]
    w.workload("ReplicaSet", ns, old_rs, template_pod=tmpl, owner=("Deployment", dep), revision="1",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    w.workload("ReplicaSet", ns, new_rs, template_pod=tmpl, owner=("Deployment", dep), revision="2", status={"replicas": 1})
    w.pod(ns, f"{old_rs}-h7m4c", node=node, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.4.1",
          owner=("ReplicaSet", old_rs), labels={"app": dep}, cpu="4", memory="24Gi")
    pod = f"{new_rs}-x2k9q"
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: "
           "1 No preemption victims found for incoming pod.")
    w.pod(ns, pod, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.4.2", phase="Pending", scheduled_message=msg,
          owner=("ReplicaSet", new_rs), labels={"app": dep}, cpu="4", memory="24Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=17)
    w.event(ns, "Deployment", dep, "ScalingReplicaSet", f"Scaled up replica set {new_rs} to 1", type="Normal",
            component="deployment-controller", last=T1)
    w.ns_custom[("aideployments.premlabs.io", ns)] = [{
        "apiVersion": "premlabs.io/v1alpha1", "kind": "AIDeployment",
        "metadata": {"name": dep, "namespace": ns, "uid": "5d0c7e2a-3b41-4f8e-9a6d-1c2b3e4f5a60",
                     "creationTimestamp": T0, "generation": 2},
        "spec": {"engine": {"name": "vllm"}, "models": [{"uri": "mistralai/Mistral-7B-Instruct-v0.2"}],
                 "resources": {"limits": {"nvidia.com/gpu": "1"}}},
        "status": {}}]
    w.target("Pod", ns, pod)


# ---- fa702: two vGPUs asked of a one-card HAMi node ---------------------------------------------------

@case("fa702", pod_subj("qwen-infer-0", "ai-dev"),
      "On-prem kubeadm cluster (Kubernetes 1.30; the FAQ names no cluster: node names, GPU model, versions and the "
      "HAMi register annotation assumed) with a control-plane node and one GPU node gpu-node-01 (one Tesla T4, host "
      "driver, label gpu=on). HAMi v2.5 runs: the hami-device-plugin DaemonSet (device-plugin and vgpu-monitor "
      "containers, deviceSplitCount 10) Running on gpu-node-01, which advertises nvidia.com/gpu 10, and the "
      "hami-scheduler Deployment (kube-scheduler and vgpu-scheduler-extender) Running on the control plane. The pod "
      "qwen-infer-0 (schedulerName hami-scheduler, nvidia.com/gpu 2, nvidia.com/gpumem 6000) is Pending with a "
      "FailedScheduling event from hami-scheduler saying the node's cards cannot satisfy the request (reason "
      "wording illustrative). The text is the FAQ's and is not placed.")
def _(w, t):
    w.git_version = "v1.30.8"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
          "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.30.8", "kubeProxyVersion": "v1.30.8"}
    master = "k8s-master-01"
    node_info(w.node(master, cpu="8", memory="16364880Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                     taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},)), **kv)
    gpu = "gpu-node-01"
    g = w.node(gpu, gpus=10, cpu="32", memory="131890716Ki", labels={"gpu": "on"})
    node_info(g, **kv)
    g["metadata"]["annotations"] = {
        "hami.io/node-handshake": "Requesting_2026-11-29 14:58:31",
        "hami.io/node-nvidia-register": json.dumps([{"id": "GPU-7c2f4e9a-1b3d-4a6c-8e0f-5d2b9c7a1e43", "count": 10,
                                                     "devmem": 15360, "devcore": 100, "type": "NVIDIA-Tesla T4",
                                                     "numa": 0, "mode": "hami-core", "health": True}])}
    cp_tol = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]
    dp = w.pod(KS, "hami-device-plugin-6xk2p", node=gpu, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image="projecthami/hami:v2.5.2", owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin"}, cpu="100m", memory="128Mi")
    for c in dp["spec"]["containers"]:
        c["image"] = "projecthami/hami:v2.5.2"
    for s in dp["status"]["containerStatuses"]:
        s["image"] = "projecthami/hami:v2.5.2"
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=dp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["spec"]["nodeSelector"] = {"gpu": "on"}
    sp = _deploy(w, KS, "hami-scheduler", "6d9f8b7c5", "w2k8r", master, ("kube-scheduler", "vgpu-scheduler-extender"),
                 "projecthami/hami:v2.5.2", labels={"app.kubernetes.io/component": "hami-scheduler"}, tolerations=cp_tol)
    for c in sp["spec"]["containers"]:
        if c["name"] == "kube-scheduler":
            c["image"] = "registry.k8s.io/kube-scheduler:v1.30.8"
    ns, pod = "ai-dev", "qwen-infer-0"
    msg = "0/2 nodes are available: 1 AllocatedCardsInsufficientRequest, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }."
    p = w.pod(ns, pod, gpu=2, containers=("infer",), image="vllm/vllm-openai:v0.8.5", phase="Pending",
              scheduled_message=msg, scheduler="hami-scheduler", owner=("StatefulSet", "qwen-infer"),
              labels={"app": "qwen-infer"}, cpu="4", memory="16Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "6000"
    w.workload("StatefulSet", ns, "qwen-infer", template_pod=p, status={"replicas": 1, "currentReplicas": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="hami-scheduler", count=12)
    w.target("Pod", ns, pod)


# ---- fa703: GPU pods Pending while GKE scales a node pool up (by design) ------------------------------

_GKE_2018 = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "4.14.91+",
             "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.11.7-gke.4",
             "kubeProxyVersion": "v1.11.7-gke.4"}
_LAUNCH = "2026-11-29T14:52:00Z"     # the experiment was launched eight minutes before the bundle (15:00)


def _recent(pod: dict, events: list[dict]) -> None:
    """The pod and its events date from the launch, a few minutes before the collection."""
    pod["metadata"]["creationTimestamp"] = _LAUNCH
    for c in pod["status"].get("conditions", []):
        c["lastTransitionTime"] = _LAUNCH
    for ev in events:
        ev["metadata"]["creationTimestamp"] = "2026-11-29T14:52:04Z"
        ev["firstTimestamp"] = "2026-11-29T14:52:04Z"
        ev["lastTimestamp"] = "2026-11-29T14:58:41Z" if ev["count"] > 1 else "2026-11-29T14:52:14Z"


@case("fa703", pod_subj("nonagent", "halfcheetah-ppo-01"),
      "GKE 1.11 cluster of Surreal's Kubernetes mode (project, zone, pool names, machine types, the P100 GPU, the "
      "node-selector label and the experiment name assumed) with two default-pool nodes (n1-standard-2, COS) and two "
      "autoscaled pools at 0 nodes: an agent pool and a GPU pool (nvidia-tesla-p100). kube-system holds kube-dns and GKE's "
      "nvidia-driver-installer (applied, as the FAQ asks) and nvidia-gpu-device-plugin DaemonSets with 0 desired (no "
      "GPU node yet). The experiment halfcheetah-ppo-01 was launched eight minutes before the collection: its pods "
      "agent-0, agent-1, eval-0 (CPU, node selector surreal-node=agent) and nonagent (the learner, one GPU, node "
      "selector surreal-node=nonagent-gpu) are Pending, each with a FailedScheduling event (node selector, no node "
      "in the pool yet) and a TriggeredScaleUp event from cluster-autoscaler naming its pool's instance group 0->N "
      "(both wordings illustrative, 1.11-era formats). The text is the FAQ's and is not placed.")
def _(w, t):
    w.git_version = "v1.11.7-gke.4"
    for sfx in ("7k2p", "m9x4"):
        n = w.node(f"gke-surreal-kube-default-pool-3e8b1c2d-{sfx}", cpu="2", memory="7657476Ki", alloc_cpu="1930m",
                   alloc_memory="5777412Ki",
                   labels={"cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
                           "beta.kubernetes.io/instance-type": "n1-standard-2",
                           "failure-domain.beta.kubernetes.io/zone": "us-west1-b",
                           "failure-domain.beta.kubernetes.io/region": "us-west1"})
        node_info(n, **_GKE_2018)
    acc = {"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}
    for name, image in (("nvidia-driver-installer", "cos-nvidia-installer:fixed"),
                        ("nvidia-gpu-device-plugin", "k8s.gcr.io/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e")):
        tmpl = {"spec": {"affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                    "nodeSelectorTerms": [{"matchExpressions": [acc]}]}}},
                "tolerations": [{"operator": "Exists"}],
                "containers": [{"name": name.replace("nvidia-", ""), "image": image}]}}
        ds = w.workload("DaemonSet", KS, name, template_pod=tmpl, status=ds_status(0, 0, 0))
        ds["spec"].pop("replicas", None)
    _deploy(w, KS, "kube-dns", "76dbb796c5", "p8x4k", "gke-surreal-kube-default-pool-3e8b1c2d-7k2p",
            ("kubedns", "dnsmasq", "sidecar"), "k8s.gcr.io/k8s-dns-kube-dns-amd64:1.14.13", labels={"k8s-app": "kube-dns"})
    ns = "halfcheetah-ppo-01"
    mig = "https://content.googleapis.com/compute/v1/projects/surreal-exp/zones/us-west1-b/instanceGroups"
    pods = (("agent-0", 0, "agent", f"{mig}/gke-surreal-kube-agent-pool-5a7c9e1f-grp 0->2 (max: 8)"),
            ("agent-1", 0, "agent", f"{mig}/gke-surreal-kube-agent-pool-5a7c9e1f-grp 0->2 (max: 8)"),
            ("eval-0", 0, "agent", f"{mig}/gke-surreal-kube-agent-pool-5a7c9e1f-grp 0->2 (max: 8)"),
            ("nonagent", 1, "nonagent-gpu", f"{mig}/gke-surreal-kube-nonagent-gpu-pool-8f3c2a1b-grp 0->1 (max: 2)"))
    msg = "0/2 nodes are available: 2 node(s) didn't match node selector."
    for name, gpus, pool, group in pods:
        tol = [{"key": "surreal", "operator": "Exists", "effect": "NoSchedule"}]
        if gpus:
            tol += [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
        p = w.pod(ns, name, gpu=gpus, containers=(name.split("-")[0],), image="surrealai/surreal-gpu:0.1.1" if gpus
                  else "surrealai/surreal-cpu:0.1.1", phase="Pending", scheduled_message=msg,
                  labels={"experiment": ns, "surreal-component": name}, node_selector={"surreal-node": pool},
                  tolerations=tol, cpu="6" if gpus else "1", memory="20Gi" if gpus else "2Gi")
        p["spec"]["restartPolicy"] = "Never"
        evs = [w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=9),
               w.event(ns, "Pod", name, "TriggeredScaleUp", f"pod triggered scale-up: [{{{group}}}]", type="Normal",
                       component="cluster-autoscaler", count=1)]
        _recent(p, evs)
    w.target("Pod", ns, "nonagent")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
