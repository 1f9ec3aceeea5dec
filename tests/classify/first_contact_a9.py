"""First-contact batch A9 (fixtures/first-contact/batch-a9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (autoscalers and node provisioning for GPU pools, batch and
gang schedulers, quota, taints, affinity, DRA, volumes, preemption, GPU sharing requests), sampled from all four
corpora of the `search` tool at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 48 queries in the
batch README. Prose cases (a thread's own words, which never reach the cluster) are not placed in the bundle; each
builder builds the cluster state the source describes, and the scheduler wordings in the bundles are illustrative
(standard formats of the versions modelled), as each scenario README says. The expected answer was reasoned from the
source (`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the sources do not state (node sizes, pod and namespace names, kernels, kubelet versions, GPU
models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a9      # (re)writes fixtures/first-contact/batch-a9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a7 import A7World
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj


FC = ThreadBatch("batch-a9", "A9", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a thread's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa901"}

_UBUNTU_123 = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-125-generic",
               "containerRuntimeVersion": "containerd://1.6.8", "kubeletVersion": "v1.23.10",
               "kubeProxyVersion": "v1.23.10"}

_SP_SCHEDULER = "scheduler-plugins-scheduler"
_PG_LABEL = "pod-group.scheduling.sigs.k8s.io"


def _deploy(w, ns: str, name: str, rs_hash: str, pod_sfx: str, node: str, containers, image: str, *,
            labels=None, tolerations=None, cpu: str = "100m", memory: str = "256Mi") -> dict:
    """A one-replica Deployment with its Running pod (no GPU)."""
    rs = f"{name}-{rs_hash}"
    p = w.pod(ns, f"{rs}-{pod_sfx}", node=node, gpu=0, containers=containers, image=image,
              owner=("ReplicaSet", rs), labels=labels or {"app": name}, tolerations=tolerations, cpu=cpu, memory=memory)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    return p


# ---- fa901: a coscheduling PodGroup of 4-GPU pods loops on fragmented GPU nodes -------------------

@case("fa901", pod_subj("dist-train-7-worker-1", "training"),
      "on-prem Kubernetes 1.23 cluster (kubeadm-style; the issue names no distribution: the control-plane node, "
      "node sizes, the GPU model, the GPU Operator stack, namespaces, pod names and versions are assumed, the GPU "
      "node names node1-node4 are the issue's) with a second scheduler, scheduler-plugins-scheduler (scheduler-plugins "
      "v0.23.10, Coscheduling enabled with the PodGroup CRD, no podGroupBackoffSeconds), and its controller on the "
      "control-plane node master1. Four GPU nodes node1-node4 advertise 8 nvidia.com/gpu each (A100 80GB assumed) "
      "with a healthy GPU Operator stack; Running GPU pods of earlier training jobs hold 2 GPUs on node1 and 6 GPUs on "
      "each of node2-node4, leaving 6, 2, 2 and 2 GPUs free as in the issue. The PodGroup dist-train-7 (minMember 3, "
      "phase PreScheduling, none scheduled) groups the three worker pods dist-train-7-worker-0/1/2 (4 GPUs each, "
      "schedulerName scheduler-plugins-scheduler), all Pending: each carries scheduler-plugins-scheduler "
      "FailedScheduling events of both kinds the loop produces, '0/5 nodes are available: ... 4 Insufficient "
      "nvidia.com/gpu.' while a sibling holds node1's GPUs waiting in Permit, and 'optimistic rejection in PostFilter' "
      "when a sibling's failure rejects it (wordings illustrative, Kubernetes 1.23 and scheduler-plugins v0.23 "
      "formats; counts assumed). A one-GPU pod of another team (eval-job-9k4tq, same scheduler) is Pending with no "
      "scheduling condition or event at all, the 'block all other pods' of the issue. The text is the issue's and is "
      "not placed.")
def _(w, t):
    w.git_version = "v1.23.10"
    master = "master1"
    m = w.node(master, cpu="16", memory="65838092Ki", alloc_cpu="16", alloc_memory="65735692Ki",
               taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},),
               labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                       "node.kubernetes.io/exclude-from-external-load-balancers": ""})
    node_info(m, **_UBUNTU_123)
    gpu_nodes = ("node1", "node2", "node3", "node4")
    for name in gpu_nodes:
        n = w.gpu_node(name, gpus=8, cpu="128", memory="1056487300Ki", alloc_cpu="127500m",
                       alloc_memory="1045899140Ki")
        node_info(n, **_UBUNTU_123)
    tol_master = [{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}]
    sp_ns = "scheduler-plugins"
    _deploy(w, sp_ns, _SP_SCHEDULER, "6d8f7c9b5", "q2x7k", master, ("scheduler",),
            "k8s.gcr.io/scheduler-plugins/kube-scheduler:v0.23.10", labels={"component": "scheduler"},
            tolerations=tol_master, cpu="100m", memory="128Mi")
    _deploy(w, sp_ns, "scheduler-plugins-controller", "7b5c4d8f6", "m8z4p", master, ("scheduler-plugins-controller",),
            "k8s.gcr.io/scheduler-plugins/controller:v0.23.10", labels={"app": "scheduler-plugins-controller"},
            tolerations=tol_master, cpu="100m", memory="128Mi")
    _deploy(w, KS, "coredns", "64897985d", "h7t2w", master, ("coredns",), "k8s.gcr.io/coredns/coredns:v1.8.6",
            labels={"k8s-app": "kube-dns"}, tolerations=tol_master, memory="70Mi")
    # the GPUs already taken: 2 on node1, 6 on each of node2-node4 (earlier jobs' workers, Running)
    ns = "training"
    used = {"node1": (("bert-pretrain-3-worker-0", 2),),
            "node2": (("llama-ft-12-worker-0", 4), ("resnet-sweep-41-worker-0", 2)),
            "node3": (("llama-ft-12-worker-1", 4), ("resnet-sweep-42-worker-0", 2)),
            "node4": (("llama-ft-12-worker-2", 4), ("resnet-sweep-43-worker-0", 2))}
    for node, pods in used.items():
        for pname, gpus in pods:
            group = pname.rsplit("-worker-", 1)[0]
            w.pod(ns, pname, node=node, gpu=gpus, containers=("pytorch",),
                  image="nvcr.io/nvidia/pytorch:22.08-py3", scheduler=_SP_SCHEDULER,
                  labels={_PG_LABEL: group, "app": group},
                  cpu=str(8 * gpus), memory=f"{64 * gpus}Gi")
    # the PodGroup of the distributed task: 3 instances, 4 GPUs each
    pg = "dist-train-7"
    w.ns_custom[("podgroups.scheduling.sigs.k8s.io", ns)] = [{
        "apiVersion": "scheduling.sigs.k8s.io/v1alpha1", "kind": "PodGroup",
        "metadata": {"name": pg, "namespace": ns, "creationTimestamp": "2022-09-20T08:12:40Z",
                     "uid": "3f6b2c1e-8d4a-4e7b-9c2f-5a1d7e9b0c44"},
        "spec": {"minMember": 3, "scheduleTimeoutSeconds": 10},
        "status": {"phase": "PreScheduling", "scheduled": 0, "running": 0,
                   "scheduleStartTime": "2022-09-20T08:12:41Z"}}]
    insufficient = ("0/5 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod "
                    "didn't tolerate, 4 Insufficient nvidia.com/gpu.")
    rejected = "optimistic rejection in PostFilter"
    for i in range(3):
        pname = f"{pg}-worker-{i}"
        w.pod(ns, pname, gpu=4, containers=("pytorch",), image="nvcr.io/nvidia/pytorch:22.08-py3",
              scheduler=_SP_SCHEDULER, phase="Pending",
              scheduled_message=insufficient if i == 1 else rejected,
              labels={_PG_LABEL: pg, "app": pg, "replica-index": str(i)},
              cpu="32", memory="256Gi")
        w.event(ns, "Pod", pname, "FailedScheduling", insufficient, component=_SP_SCHEDULER,
                count=(212, 431, 207)[i])
        w.event(ns, "Pod", pname, "FailedScheduling", rejected, component=_SP_SCHEDULER,
                count=(219, 188, 224)[i])
    # a pod of another team, same scheduler, never attempted while the gang loops
    other = w.pod("eval", "eval-job-9k4tq", gpu=1, containers=("eval",), image="nvcr.io/nvidia/pytorch:22.08-py3",
                  scheduler=_SP_SCHEDULER, phase="Pending", labels={"job-name": "eval-job"}, cpu="8",
                  memory="64Gi", owner=("Job", "eval-job"))
    other["status"]["conditions"] = []
    w.workload("Job", "eval", "eval-job", template_pod=other, status={"active": 1})
    w.target("Pod", ns, f"{pg}-worker-1")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
