"""First-contact batch A6 (fixtures/first-contact/batch-a6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (GPU capacity on a GPU cloud, GPU node pool creation on
GKE, an autoscaled GPU node whose driver never installs the resource, Kueue admission, a Slurm-on-Kubernetes pod
scheduler whose accounting the kubelet refuses), sampled for the first time from the `search` tool's `docs`
corpus (vendor troubleshooting articles, a project FAQ) with the fixed query list in the batch README. Every case
is a prose case: the text is a documentation page's own words, which never reach the cluster, so it is not placed
in the bundle; each builder builds the cluster state the page describes, and the scheduler / kubelet / Kueue
wordings in the bundle are illustrative (standard formats), as each scenario README says. The expected answer was
reasoned from the page (`expected` in the case, preferred first) and committed before any rule change; it is never
taken from the tool's output.

Names and versions the pages do not state (node and pod names, kernels, kubelet versions, instance types, GPU
models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a6      # (re)writes fixtures/first-contact/batch-a6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a3 import A3World
from tests.classify.first_contact_b import no_gpu_resource, node_info, plugin_ds, plugin_pod, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a6", "A6", world=A3World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# every case of this batch is prose (a documentation page's words): its text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa601", "fa602", "fa603", "fa604", "fa605"}

_CKS = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
        "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.3", "kubeProxyVersion": "v1.32.3"}


def _cks_gpu_node(w, name: str, *, gpus: int = 8, **kw) -> dict:
    """A CKS bare-metal H100 Node (labels and instance type assumed) with the device plugin's resource."""
    n = w.gpu_node(name, gpus=gpus, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, operator=False, cpu="128",
                   memory="2113404928Ki", alloc_cpu="127500m", alloc_memory="2080000000Ki",
                   labels={"gpu.nvidia.com/class": "H100_NVLINK_80GB", "gpu.nvidia.com/count": str(gpus),
                           "node.kubernetes.io/instance-type": "gd-8xh100ib-i128",
                           "topology.kubernetes.io/region": "US-EAST-04"}, **kw)
    strip_gfd(n, deploy=True)
    node_info(n, **_CKS)
    return n


# ---- GPU capacity on CKS -----------------------------------------------------------------------

@case("fa601", pod_subj("llm-train-7b-0", "research"),
      "CoreWeave CKS cluster (Kubernetes 1.32; node names, instance type gd-8xh100ib-i128 and versions assumed) with "
      "two bare-metal H100 Nodes (8 GPUs each, nvidia.com/gpu 8 allocatable, the NVIDIA device plugin DaemonSet "
      "Running and registered on both; the plugin's packaging on CKS is assumed). Each Node runs one training Pod "
      "holding all 8 GPUs (namespace research). A new 8-GPU training Pod (llm-train-7b-0, from a Job) is Pending "
      "with a FailedScheduling event saying Insufficient nvidia.com/gpu (wording illustrative, standard "
      "kube-scheduler format). The text is the article's table row and is not placed.")
def _(w, t):
    nodes = ("g8b3c1d", "g8b3c2f")
    dp = []
    for i, node in enumerate(nodes):
        _cks_gpu_node(w, node)
        dp.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{('q7m2x', 'w4k9p')[i]}"))
    plugin_ds(w, "kube-system", dp)
    ns = "research"
    for i, node in enumerate(nodes):
        job = f"llm-pretrain-shard-{i}"
        p = w.pod(ns, f"{job}-{('x2v8n', 'h5r3t')[i]}", node=node, gpu=8, containers=("trainer",),
                  image="registry.example.com/research/trainer:2026.10", owner=("Job", job),
                  labels={"job-name": job}, cpu="96", memory="1200Gi")
        p["spec"]["restartPolicy"] = "Never"
        w.workload("Job", ns, job, template_pod=p, status={"active": 1, "ready": 1})
    pod = "llm-train-7b-0"
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    p = w.pod(ns, pod, gpu=8, containers=("trainer",), image="registry.example.com/research/trainer:2026.10",
              phase="Pending", scheduled_message=msg, owner=("Job", "llm-train-7b"), labels={"job-name": "llm-train-7b"},
              cpu="96", memory="1200Gi")
    p["spec"]["restartPolicy"] = "Never"
    w.workload("Job", ns, "llm-train-7b", template_pod=p, status={"active": 1, "ready": 0})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Pod", ns, pod)


# ---- GPU node pool creation on GKE ---------------------------------------------------------------

_GKE = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.72+",
        "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.32.4-gke.1106006",
        "kubeProxyVersion": "v1.32.4-gke.1106006"}


@case("fa602", pod_subj("l4-inference-6d8f7b9c5d-r2k7m", "serving"),
      "GKE Standard cluster (1.32, zone us-central1-a; names, machine types and versions assumed) with only its "
      "default-pool (three e2-standard-8 CPU nodes, COS). The GPU node pool (g2-standard-8 with one NVIDIA L4, "
      "assumed) could not be created because the zone had no L4 capacity, so no node carries "
      "cloud.google.com/gke-accelerator and none advertises nvidia.com/gpu (GKE's device-plugin DaemonSet, which "
      "would have no node to run on, is not modelled). The serving Deployment's Pod (one GPU, nodeSelector "
      "cloud.google.com/gke-accelerator=nvidia-l4, toleration nvidia.com/gpu) is Pending with a FailedScheduling "
      "event on the node selector (wording illustrative). The text (audit-log messages of the failed node pool "
      "creation) is outside the cluster and not placed.")
def _(w, t):
    for i, sfx in enumerate(("4k2p", "9x7c", "m3q8")):
        n = w.node(f"gke-prod-default-pool-5f2a91c3-{sfx}", cpu="8", memory="32874000Ki", alloc_cpu="7910m",
                   alloc_memory="29129000Ki",
                   labels={"cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
                           "node.kubernetes.io/instance-type": "e2-standard-8",
                           "topology.kubernetes.io/zone": "us-central1-a", "topology.kubernetes.io/region": "us-central1"})
        node_info(n, **_GKE)
    ns, dep = "serving", "l4-inference"
    pod = f"{dep}-6d8f7b9c5d-r2k7m"
    msg = ("0/3 nodes are available: 3 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are "
           "available: 3 Preemption is not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=1, containers=("server",), image="vllm/vllm-openai:v0.8.3", phase="Pending",
              scheduled_message=msg, owner=("ReplicaSet", f"{dep}-6d8f7b9c5d"), labels={"app": dep},
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, tolerations=GPU_TOLERATION,
              cpu="6", memory="24Gi")
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=22)
    w.target("Pod", ns, pod)


# ---- an autoscaled GPU node whose driver never installs the resource ------------------------------

_EKS = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1021-aws",
        "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.29.10", "kubeProxyVersion": "v1.29.10"}


def _waiting_in_init(w, ns: str, pod: str, running_init: str | None) -> None:
    """An operand pod still in its init containers: the first one running (or waiting), the rest and the main
    containers waiting; no logs."""
    p = w.get_pod(ns, pod)
    p["status"]["phase"] = "Pending"
    for c in p["status"].get("conditions", []):
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "False"
    for s in p["status"].get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for i, s in enumerate(p["status"].get("initContainerStatuses", [])):
        if i == 0 and running_init:
            s.update({"state": {"running": {"startedAt": T1}}, "ready": False, "started": True})
        else:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for key in [k for k in w.logs if k[0] == ns and k[1] == pod]:
        del w.logs[key]


@case("fa603", pod_subj("whisper-gpu-5c9d8f7b6-t8n2q", "asr"),
      "EKS 1.29 cluster (self-managed Ubuntu GPU AMI, names and versions assumed; the FAQ names no distribution) with "
      "two m5.xlarge CPU nodes, the Cluster Autoscaler 1.29 Deployment Running in kube-system, and the GPU Operator "
      "managing the driver. CA scaled the g4dn.xlarge GPU node group from 0 to 1: the new node "
      "ip-10-0-88-17 is Ready in the Node object but has no nvidia.com/gpu in capacity or allocatable (no GFD "
      "labels, the operator's deploy labels present). Its nvidia-driver-daemonset pod is Running but never becomes "
      "ready (its log stops after the first build lines; no error text is invented), and the toolkit, "
      "device-plugin, GFD and validator pods wait in their first init container. The GPU Deployment's Pod is "
      "Pending with a FailedScheduling event (Insufficient nvidia.com/gpu on the new node) after a TriggeredScaleUp "
      "event from cluster-autoscaler (both wordings illustrative, standard formats). The cluster-autoscaler-status "
      "config map with its resourceUnready count is not collected by the bundle. The text is the FAQ's and not "
      "placed.")
def _(w, t):
    for i, ip in enumerate(("10-0-12-33", "10-0-47-210")):
        n = w.node(f"ip-{ip}.ec2.internal", cpu="4", memory="15896988Ki",
                   labels={"node.kubernetes.io/instance-type": "m5.xlarge",
                           "eks.amazonaws.com/nodegroup": "general", "topology.kubernetes.io/zone": ("us-east-1a", "us-east-1b")[i]})
        node_info(n, **_EKS)
    gpu = "ip-10-0-88-17.ec2.internal"
    g = w.gpu_node(gpu, gpus=1, product="Tesla-T4", memory_mib=15360, cpu="4", memory="16176128Ki",
                   labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "k8s.amazonaws.com/accelerator": "nvidia-tesla-t4",
                           "topology.kubernetes.io/zone": "us-east-1a", "nodegroup": "gpu-g4dn"})
    g["metadata"]["creationTimestamp"] = T0
    no_gpu_resource(g)
    strip_gfd(g)
    for k in ("nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        g["metadata"]["labels"].pop(k, None)
    node_info(g, **_EKS)
    drv = w.stack(gpu, "driver")
    dp = w.get_pod(OPERATOR_NS, drv)
    dp["status"]["conditions"] = [dict(c, status="False") if c["type"] in ("Ready", "ContainersReady") else c
                                  for c in dp["status"]["conditions"]]
    for s in dp["status"]["containerStatuses"]:
        s.update({"ready": False, "started": True})
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr", "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-550.127.05\n")
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        _waiting_in_init(w, OPERATOR_NS, w.stack(gpu, role), running_init="x" if role == "toolkit" else None)
    ks = "kube-system"
    ca = w.pod(ks, "cluster-autoscaler-7d6b9c8f4-2xq9m", node="ip-10-0-12-33.ec2.internal", gpu=0,
               containers=("cluster-autoscaler",), image="registry.k8s.io/autoscaling/cluster-autoscaler:v1.29.4",
               owner=("ReplicaSet", "cluster-autoscaler-7d6b9c8f4"), labels={"app": "cluster-autoscaler"},
               cpu="100m", memory="600Mi")
    w.workload("Deployment", ks, "cluster-autoscaler", template_pod=ca,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ns, dep = "asr", "whisper-gpu"
    pod = f"{dep}-5c9d8f7b6-t8n2q"
    msg = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, "
           "2 Preemption is not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=1, containers=("whisper",), image="registry.example.com/asr/whisper:1.4.2", phase="Pending",
              scheduled_message=msg, owner=("ReplicaSet", f"{dep}-5c9d8f7b6"), labels={"app": dep},
              node_selector={"node.kubernetes.io/instance-type": "g4dn.xlarge"}, cpu="2", memory="8Gi")
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            "pod triggered scale-up: [{eks-gpu-g4dn-6ec5a2b1-3f1d-4c8e-9a0b-7d2e4f6a8c10 0->1 (max: 4)}]",
            type="Normal", component="cluster-autoscaler", last=T1)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=19)
    w.target("Pod", ns, pod)


# ---- Kueue admission on CKS -------------------------------------------------------------------------

@case("fa604", {"kind": "Job", "namespace": "research", "name": "llm-finetune"},
      "CoreWeave CKS cluster (Kubernetes 1.32; names and versions assumed) with one H100 Node (8 GPUs free, device "
      "plugin registered) and Kueue (controller Running in kueue-system, version assumed) with a ResourceFlavor h100, "
      "the ClusterQueue cluster-queue (8 GPUs nominal quota, nothing admitted) and, in namespace research, the "
      "LocalQueue user-queue pointing at it. The GPU fine-tuning Job llm-finetune (8 GPUs) is labelled "
      "kueue.x-k8s.io/queue-name=cluster-queue (the ClusterQueue's name), stays suspended with no Pods, and its "
      "Workload job-llm-finetune-3f2a1 carries QuotaReserved=False with the message 'LocalQueue cluster-queue "
      "doesn't exist' (wording illustrative, after the article); the Job has the CreatedWorkload event. The text "
      "is the article's table row and is not placed.")
def _(w, t):
    node = "g8c4d2e"
    _cks_gpu_node(w, node)
    plugin_ds(w, "kube-system", [plugin_pod(w, node, "nvidia-device-plugin-daemonset-z8t3r")])
    kq = w.pod("kueue-system", "kueue-controller-manager-6b8f9d7c5-lk4vz", node=node, gpu=0, containers=("manager",),
               image="registry.k8s.io/kueue/kueue:v0.13.4", owner=("ReplicaSet", "kueue-controller-manager-6b8f9d7c5"),
               labels={"control-plane": "controller-manager"}, cpu="500m", memory="512Mi")
    w.workload("Deployment", "kueue-system", "kueue-controller-manager", template_pod=kq,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ns, job, wl = "research", "llm-finetune", "job-llm-finetune-3f2a1"
    tmpl = {"spec": {"restartPolicy": "Never",
                     "containers": [{"name": "trainer", "image": "registry.example.com/research/finetune:2026.11",
                                     "resources": {"requests": {"cpu": "64", "memory": "800Gi", "nvidia.com/gpu": "8"},
                                                   "limits": {"nvidia.com/gpu": "8"}}}]}}
    j = w.workload("Job", ns, job, template_pod=tmpl, status={})
    j["metadata"]["labels"]["kueue.x-k8s.io/queue-name"] = "cluster-queue"
    j["spec"].pop("replicas", None)
    j["spec"].update({"suspend": True, "parallelism": 1, "completions": 1, "backoffLimit": 0})
    j["status"] = {"conditions": [{"type": "Suspended", "status": "True", "reason": "JobSuspended",
                                   "message": "Job suspended", "lastTransitionTime": T0}]}
    ev = w.event(ns, "Job", job, "CreatedWorkload", f"Created Workload: {ns}/{wl}", type="Normal",
                 component="batch/job-kueue-controller", last=T0)
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    msg = "LocalQueue cluster-queue doesn't exist"
    w.ns_custom[("workloads.kueue.x-k8s.io", ns)] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
        "metadata": {"name": wl, "namespace": ns, "creationTimestamp": T0,
                     "labels": {"kueue.x-k8s.io/job-uid": j["metadata"]["uid"]},
                     "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": job,
                                          "uid": j["metadata"]["uid"], "controller": True}]},
        "spec": {"active": True, "queueName": "cluster-queue",
                 "podSets": [{"name": "main", "count": 1, "template": tmpl}]},
        "status": {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "Inadmissible",
                                   "message": msg, "lastTransitionTime": T1}]}}]
    w.ns_custom[("localqueues.kueue.x-k8s.io", ns)] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "LocalQueue",
        "metadata": {"name": "user-queue", "namespace": ns, "creationTimestamp": T0},
        "spec": {"clusterQueue": "cluster-queue"},
        "status": {"pendingWorkloads": 0, "admittedWorkloads": 0, "reservingWorkloads": 0}}]
    w.custom["resourceflavors.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor",
        "metadata": {"name": "h100", "creationTimestamp": T0},
        "spec": {"nodeLabels": {"gpu.nvidia.com/class": "H100_NVLINK_80GB"}}}]
    w.custom["clusterqueues.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue",
        "metadata": {"name": "cluster-queue", "creationTimestamp": T0},
        "spec": {"namespaceSelector": {}, "queueingStrategy": "BestEffortFIFO",
                 "resourceGroups": [{"coveredResources": ["cpu", "memory", "nvidia.com/gpu"], "flavors": [
                     {"name": "h100", "resources": [{"name": "cpu", "nominalQuota": "128"},
                                                    {"name": "memory", "nominalQuota": "2000Gi"},
                                                    {"name": "nvidia.com/gpu", "nominalQuota": "8"}]}]}]},
        "status": {"pendingWorkloads": 0, "admittedWorkloads": 0, "reservingWorkloads": 0,
                   "flavorsUsage": [{"name": "h100", "resources": [{"name": "nvidia.com/gpu", "total": "0"}]}],
                   "conditions": [{"type": "Active", "status": "True", "reason": "Ready",
                                   "message": "Can admit new workloads", "lastTransitionTime": T0}]}}]
    w.target("Job", ns, job)


# ---- the SUNK Pod Scheduler on CKS ------------------------------------------------------------------

@case("fa605", pod_subj("llm-serve-8b-7f6c9d5b8-q4w7z", "inference"),
      "CoreWeave CKS cluster with SUNK (Slurm on Kubernetes; release tenant-slurm in namespace tenant-slurm, so the "
      "SUNK Pod Scheduler's name is tenant-slurm-slurm-scheduler; names, versions and request sizes assumed). The "
      "H100 Node g9d7e3a (128 CPUs, 127500m allocatable, 8 GPUs) runs the Slurm node's slurmd Pod "
      "(slurm-compute-h100-000, cpu request 120 left at its default, no GPU request; assumed). The inference "
      "Deployment's Pod (schedulerName tenant-slurm-slurm-scheduler, cpu 16, one GPU, annotation "
      "sunk.coreweave.com/exclusive=user) was placed on g9d7e3a by the SUNK scheduler (Scheduled event) and "
      "rejected at once by the kubelet: phase Failed, reason OutOfcpu, with the kubelet's OutOfcpu event (standard "
      "wording, numbers illustrative). The text is the article's and is not placed.")
def _(w, t):
    node = "g9d7e3a"
    _cks_gpu_node(w, node)
    plugin_ds(w, "kube-system", [plugin_pod(w, node, "nvidia-device-plugin-daemonset-m2n6c")])
    sl = "tenant-slurm"
    sd = w.pod(sl, "slurm-compute-h100-000", node=node, gpu=0, containers=("slurmd",),
               image="registry.gitlab.com/coreweave/sunk/slurmd-cw-cu124-extras:6.7.2", owner=("StatefulSet", "slurm-compute-h100"),
               labels={"app.kubernetes.io/name": "slurmd", "app.kubernetes.io/instance": sl}, cpu="120", memory="1800Gi")
    w.workload("StatefulSet", sl, "slurm-compute-h100", template_pod=sd,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1})
    sched = w.pod(sl, "tenant-slurm-slurm-scheduler-5d7c8b9f6-h8j2k", node=node, gpu=0, containers=("scheduler",),
                  image="registry.gitlab.com/coreweave/sunk/operator:6.7.2",
                  owner=("ReplicaSet", "tenant-slurm-slurm-scheduler-5d7c8b9f6"),
                  labels={"app.kubernetes.io/name": "slurm-scheduler"}, cpu="250m", memory="256Mi")
    w.workload("Deployment", sl, "tenant-slurm-slurm-scheduler", template_pod=sched,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ns, dep = "inference", "llm-serve-8b"
    pod = f"{dep}-7f6c9d5b8-q4w7z"
    kmsg = "Node didn't have enough resource: cpu, requested: 16000, used: 120350, capacity: 127500"
    p = w.pod(ns, pod, node=node, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.8.3", phase="Failed",
              reason="OutOfcpu", message=f"Pod was rejected: {kmsg}", owner=("ReplicaSet", f"{dep}-7f6c9d5b8"),
              labels={"app": dep}, scheduler="tenant-slurm-slurm-scheduler", cpu="16", memory="64Gi",
              extra_spec={"terminationGracePeriodSeconds": 30})
    p["metadata"]["annotations"] = {"sunk.coreweave.com/exclusive": "user"}
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T1}]
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {node}", type="Normal",
            component="tenant-slurm-slurm-scheduler", last=T1)
    w.event(ns, "Pod", pod, "OutOfcpu", kmsg, component="kubelet", host=node, last=T2)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
