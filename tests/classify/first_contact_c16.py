"""Builds first-contact batch C16 (fixtures/first-contact/batch-c16/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by scheduler-side projects' documentation (apache/yunikorn-site,
armadaproject/armada, koordinator-sh/website, koordinator-sh/koordinator), read whole in the fixed file order of the
batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). All
three texts are the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); each bundle holds
the state the document describes. The expected answer was reasoned from the document (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, CPU counts, image tags,
the other workloads, the scheduler's wording) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c16      # (re)writes fixtures/first-contact/batch-c16/scenarios/
"""

from __future__ import annotations

import json

from tests.classify.first_contact_a import FCWorld, annotate, deploy_pod
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c16", "C16", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc1601", "fc1602", "fc1603"}

KOORD_NS = "koordinator-system"
KOORD_TAG = "v1.6.0"


def _plugin(w, nodes: list[str]) -> None:
    sfx = ("k7x2p", "m4q9d", "t2v8s", "w6c3n", "b8r5f", "h3j6q", "p9d2z", "v4n7c", "x5g8m", "c2k9t", "f7w3y", "q6s4l")
    plugin_ds(w, KS, [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{s}") for n, s in zip(nodes, sfx)])


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, **({"unavailableReplicas": replicas - ready} if replicas > ready else {})})


def _koordinator(w, nodes: list[str], host: str, tag: str = KOORD_TAG) -> None:
    """koord-scheduler and koord-manager (Deployments) and koordlet (DaemonSet on every node), all healthy."""
    for comp, rs, sfx in (("koord-scheduler", "koord-scheduler-7d9f8c6b5", "q2w8e"),
                          ("koord-manager", "koord-manager-5b8c7d9f6", "r4t6y")):
        p = deploy_pod(w, KOORD_NS, rs, f"{rs}-{sfx}", host, containers=(comp.split("-", 1)[1],),
                       image=f"ghcr.io/koordinator-sh/{comp}:{tag}", labels={"koord-app": comp},
                       cpu="500m", memory="256Mi")
        _deployment(w, KOORD_NS, comp, p)
    pods = [w.pod(KOORD_NS, f"koordlet-{s}", node=n, gpu=0, containers=("koordlet",),
                  image=f"ghcr.io/koordinator-sh/koordlet:{tag}", owner=("DaemonSet", "koordlet"),
                  labels={"koord-app": "koordlet"}, cpu="500m", memory="256Mi")
            for n, s in zip(nodes, ("z8m4k", "c3v7b", "n6x2h", "g5d9s", "y2r8u", "j4p6w", "l7f3a", "e9k5o",
                                    "u3b6i", "s8h2d", "d5q7g", "a6t4v"))]
    ds = w.workload("DaemonSet", KOORD_NS, "koordlet", template_pod=pods[0],
                    status=ds_status(len(nodes), len(nodes), len(nodes)))
    ds["spec"].pop("replicas", None)


def _gpu_node(w, name: str, gpus: int = 8, product: str = "NVIDIA-A100-SXM4-80GB", mem: int = 81920,
              cpu: str = "96", memory: str = "1056757932Ki", **labels) -> dict:
    n = host_node(w, name, gpus=gpus, labels={"nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": str(mem),
                                              **labels})
    sized(n, cpu, memory)
    return n


# ---- scheduler: CPU-only pods spread onto untainted GPU nodes starve a GPU pod of CPU (Koordinator design) ------

@case("fc1601", pod_subj("llm-finetune-0", "ml-train"),
      "Vanilla Kubernetes v1.32 (assumed; the design names no distribution) with Koordinator v1.6 (koord-scheduler, "
      "koord-manager 1/1, koordlet DaemonSet 4/4 in koordinator-system) using its default scoring (the native "
      "NodeResourcesFit, one LeastAllocated strategy for all resources; NodeResourcesFitPlus and "
      "ScarceResourceAvoidance not enabled). Two untainted GPU nodes (8 NVIDIA A100 80GB, 96 CPUs each; host driver "
      "and NVIDIA device plugin DaemonSet 2/2 Running; model assumed) and two CPU nodes (64 CPUs). The Deployment "
      "data-preprocess (schedulerName koord-scheduler, CPU and memory only, 16 CPUs per replica, 14 replicas) was "
      "spread over all four nodes: five replicas (80 CPUs) on each GPU node, two on each CPU node; one 2-GPU "
      "inference pod (8 CPUs) runs on each GPU node, so each GPU node has 6 free GPUs and 8 free CPUs. The training "
      "pod llm-finetune-0 (StatefulSet llm-finetune, schedulerName koord-scheduler, nvidia.com/gpu 4, 24 CPUs, "
      "256Gi) is Pending and unbound with koord-scheduler's FailedScheduling '0/4 nodes are available: 2 "
      "Insufficient cpu, 2 Insufficient nvidia.com/gpu' (the scheduling framework's standard format; illustrative).")
def _(w, t):
    gpu = ["gpu-a100-node-01", "gpu-a100-node-02"]
    cpu = ["cpu-node-01", "cpu-node-02"]
    for n in gpu:
        _gpu_node(w, n)
    for n in cpu:
        w.node(n, cpu="64", memory="263846364Ki")
    _plugin(w, gpu)
    _koordinator(w, gpu + cpu, cpu[0])
    rs = "data-preprocess-6c9d8f7b4"
    sfx = iter(("a2k9m", "b7q4x", "c5w8r", "d3n6t", "e9h2v", "f4j7p", "g8s3l", "h6z5c", "i2m8b", "j7x4n", "k3v9q",
                "l5r2w", "m8t6d", "n4p3f"))
    first = None
    for node, k in ((gpu[0], 5), (gpu[1], 5), (cpu[0], 2), (cpu[1], 2)):
        for _ in range(k):
            p = w.pod("data", f"{rs}-{next(sfx)}", node=node, gpu=0, containers=("worker",),
                      image="apache/spark-py:v3.4.0", owner=("ReplicaSet", rs), labels={"app": "data-preprocess"},
                      scheduler="koord-scheduler", cpu="16", memory="32Gi")
            first = first or p
    _deployment(w, "data", "data-preprocess", first, ready=14, replicas=14)
    inf = None
    for node, s in zip(gpu, ("x7c2v", "y4b9n")):
        p = w.pod("ml-serve", f"embed-server-5f8d7c6b9-{s}", node=node, gpu=2, containers=("server",),
                  image="vllm/vllm-openai:v0.11.0", owner=("ReplicaSet", "embed-server-5f8d7c6b9"),
                  labels={"app": "embed-server"}, scheduler="koord-scheduler", cpu="8", memory="64Gi")
        inf = inf or p
    _deployment(w, "ml-serve", "embed-server", inf, ready=2, replicas=2)
    msg = ("0/4 nodes are available: 2 Insufficient cpu, 2 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are "
           "available: 4 No preemption victims found for incoming pod.")
    p = w.pod("ml-train", "llm-finetune-0", gpu=4, containers=("trainer",),
              image="pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime", owner=("StatefulSet", "llm-finetune"),
              labels={"app": "llm-finetune", "statefulset.kubernetes.io/pod-name": "llm-finetune-0"},
              scheduler="koord-scheduler", cpu="24", memory="256Gi", scheduled_message=msg)
    w.event("ml-train", "Pod", "llm-finetune-0", "FailedScheduling", msg, component="koord-scheduler", count=37)
    st = w.workload("StatefulSet", "ml-train", "llm-finetune", template_pod=p,
                    status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1})
    st["spec"]["serviceName"] = "llm-finetune"
    w.target("Pod", "ml-train", "llm-finetune-0")


# ---- scheduler: MustGather at SpineLayer that no spine can satisfy (Koordinator network topology manual) ---------

_SPINES = (("spine-0", (("block-0", 3), ("block-1", 2))), ("spine-1", (("block-2", 2), ("block-3", 2))),
           ("spine-2", (("block-4", 3),)))


@case("fc1602", pod_subj("llm-train-worker-0", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the manual names no distribution) with Koordinator v1.7 (koord-scheduler "
      "with --enable-network-topology-manager=true and the Coscheduling plugin's awareNetworkTopology: true; "
      "koord-manager 1/1, koordlet 12/12). Twelve GPU nodes node-0 ... node-11 with 8 NVIDIA H100 each (host driver, "
      "NVIDIA device plugin DaemonSet 12/12 Running; GPU model assumed), labelled by topograph with "
      "network.topology.nvidia.com/spine and /block in the manual's layout (spine-0: block-0 3 nodes, block-1 2; "
      "spine-1: block-2 2, block-3 2; spine-2: block-4 3), all idle. The ClusterNetworkTopology `default` "
      "(SpineLayer, BlockLayer) is cluster-scoped and not in the bundle. The PodGroup llm-train (minMember 6, "
      "scheduleTimeoutSeconds 300) carries the network-topology-spec annotation with gatherStrategy MustGather at "
      "SpineLayer; its six member pods llm-train-worker-0 ... -5 (schedulerName koord-scheduler, label "
      "pod-group.scheduling.sigs.k8s.io: llm-train, network-topology-index 0-5, nvidia.com/gpu 8 each) are Pending "
      "and unbound; worker-0 carries koord-scheduler's topology message ('no candidate topology nodes can accommodate "
      "job, desiredOfferSlot: 6' with the three spines' offer slots 5, 4, 3), the others the GangGroup rejection "
      "naming worker-0 (both in the wording of the manual's own examples, adapted; illustrative).")
def _(w, t):
    nodes = []
    i = 0
    for spine, blocks in _SPINES:
        for block, k in blocks:
            for _ in range(k):
                name = f"node-{i}"
                _gpu_node(w, name, product="NVIDIA-H100-80GB-HBM3", mem=81559, cpu="192", memory="2113363880Ki",
                          **{"network.topology.nvidia.com/spine": spine, "network.topology.nvidia.com/block": block})
                nodes.append(name)
                i += 1
    _plugin(w, nodes)
    _koordinator(w, nodes, nodes[-1], tag="v1.7.0")
    sched = w.get_pod(KOORD_NS, "koord-scheduler-7d9f8c6b5-q2w8e")
    sched["spec"]["containers"][0]["args"] = ["--config=/config/koord-scheduler.config",
                                              "--enable-network-topology-manager=true", "--v=4"]
    spec = {"gatherStrategy": [{"layer": "SpineLayer", "strategy": "MustGather"}]}
    w.ns_custom[("podgroups.scheduling.sigs.k8s.io", "default")] = [{
        "apiVersion": "scheduling.sigs.k8s.io/v1alpha1", "kind": "PodGroup",
        "metadata": {"name": "llm-train", "namespace": "default", "creationTimestamp": "2026-11-29T14:20:00Z",
                     "uid": "3c9e7a1f-2b4d-4e8a-9f6c-5d1b7e3a2c40",
                     "annotations": {"gang.scheduling.koordinator.sh/network-topology-spec":
                                     json.dumps(spec, indent=2)}},
        "spec": {"minMember": 6, "scheduleTimeoutSeconds": 300},
        "status": {"phase": "Pending", "scheduled": 0}}]
    topo = ("no candidate topology nodes can accommodate job, desiredOfferSlot: 6, topology topologyNode "
            "SpineLayer/spine-0: 5;topology topologyNode SpineLayer/spine-1: 4;topology topologyNode "
            "SpineLayer/spine-2: 3")
    first = f"0/12 nodes are available: {topo}."
    for k in range(6):
        name = f"llm-train-worker-{k}"
        msg = first if k == 0 else (
            f'GangGroup "default/llm-train" gets rejected due to member Pod "default/llm-train-worker-0" is '
            f'unschedulable with reason "{topo}", alreadyWaitForBound: 0')
        p = w.pod("default", name, gpu=8, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.01-py3",
                  labels={"pod-group.scheduling.sigs.k8s.io": "llm-train", "app": "llm-train"},
                  scheduler="koord-scheduler", cpu="160", memory="1600Gi", scheduled_message=msg,
                  extra_spec={"priorityClassName": "high-priority"})
        annotate(p, **{"gang.scheduling.koordinator.sh/network-topology-index": str(k)})
        w.event("default", "Pod", name, "FailedScheduling", msg, component="koord-scheduler", count=23)
    w.target("Pod", "default", "llm-train-worker-0")


# ---- node: the kubelet's Topology Manager rejects a pod the scheduler placed blind (Koordinator NUMA proposal) ---

@case("fc1603", pod_subj("bert-finetune-7q4xz", "ml-train"),
      "Vanilla Kubernetes v1.32 (assumed; the proposal names no distribution), default scheduler. One GPU node "
      "gpu-numa-node-01 (2 sockets, 8 NVIDIA A100 80GB, four per NUMA node; 128 CPUs; host driver, NVIDIA device "
      "plugin DaemonSet 1/1 Running; model and names assumed) whose kubelet runs the static CPU manager and the "
      "Topology Manager with policy single-numa-node (kubelet configuration: not visible in the API objects). Two "
      "1-GPU pods (Guaranteed) run on it, one on each NUMA node (6 GPUs free, at most 3 on one NUMA node). The Job "
      "bert-finetune (backoffLimit 0) created the pod bert-finetune-7q4xz (nvidia.com/gpu 4, 32 CPUs and 256Gi, "
      "requests equal to limits); the default scheduler bound it to the node and the kubelet rejected it at "
      "admission: phase Failed, reason TopologyAffinityError, message 'Pod was rejected: Resources cannot be "
      "allocated with Topology locality', no container statuses, the kubelet's TopologyAffinityError event (the "
      "kubelet's standard wording; illustrative: the proposal quotes none); the Job is Failed with reason "
      "BackoffLimitExceeded.")
def _(w, t):
    node = "gpu-numa-node-01"
    _gpu_node(w, node, cpu="128", memory="1056757932Ki")
    _plugin(w, [node])
    guaranteed = {"cpu": "8", "memory": "64Gi"}
    for s, numa in (("m2x7k", 0), ("p5v3n", 1)):
        p = w.pod("ml-serve", f"reranker-6b7c8d9f5-{s}", node=node, gpu=1, containers=("server",),
                  image="nvcr.io/nvidia/tritonserver:25.01-py3", owner=("ReplicaSet", "reranker-6b7c8d9f5"),
                  labels={"app": "reranker"}, cpu="8", memory="64Gi")
        p["spec"]["containers"][0]["resources"]["limits"].update(guaranteed)
        p["status"]["qosClass"] = "Guaranteed"
    _deployment(w, "ml-serve", "reranker", w.get_pod("ml-serve", "reranker-6b7c8d9f5-m2x7k"), ready=2, replicas=2)
    name = "bert-finetune-7q4xz"
    msg = "Pod was rejected: Resources cannot be allocated with Topology locality"
    p = w.pod("ml-train", name, node=node, gpu=4, containers=("trainer",),
              image="pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime", owner=("Job", "bert-finetune"),
              labels={"job-name": "bert-finetune", "batch.kubernetes.io/job-name": "bert-finetune"},
              cpu="32", memory="256Gi", phase="Failed", reason="TopologyAffinityError", message=msg)
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["resources"]["limits"].update({"cpu": "32", "memory": "256Gi"})
    p["status"]["qosClass"] = "Guaranteed"
    p["status"]["containerStatuses"] = []
    p["status"].pop("podIP", None)
    w.event("ml-train", "Pod", name, "TopologyAffinityError", "Resources cannot be allocated with Topology locality",
            component="kubelet", host=node, count=1)
    job = w.workload("Job", "ml-train", "bert-finetune", template_pod=p, status={
        "failed": 1, "startTime": "2026-11-29T14:52:00Z",
        "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                        "message": "Job has reached the specified backoff limit",
                        "lastTransitionTime": "2026-11-29T14:52:03Z"}]})
    job["spec"].pop("replicas", None)
    job["spec"]["backoffLimit"] = 0
    w.target("Pod", "ml-train", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
