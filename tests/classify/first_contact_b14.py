"""Builds first-contact batch B14 (fixtures/first-contact/batch-b14/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by the schedulers' and autoscalers' own documentation (kubernetes/
autoscaler's cloud-provider READMEs, Kueue's site, KAI Scheduler's docs), read whole in the fixed file order of the
batch README. All six cases are prose (the documents' own sentences, which never reach a cluster:
TEXT_NOT_IN_BUNDLE); their bundles carry the state the documents describe. fb1404's quoted message template is
written instantiated into the Workload's conditions, in the form Kueue's source writes it. The expected answers were
reasoned from the documents (`expected` in the case, preferred first) and committed before any rule change; they
are never taken from the tool's output.

Names and versions the documents do not state (node names, instance types, GPU models, kernels, kubelet and runtime
builds, image tags, queue and job names) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b14      # (re)writes fixtures/first-contact/batch-b14/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import (KS, no_gpu_resource, node_info, plugin_ds, plugin_pod, remove_stack_pod,
                                           strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1, T2
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b14", "B14", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1401", "fb1402", "fb1403", "fb1404", "fb1405", "fb1406"}

_CA_IMAGE = "registry.k8s.io/autoscaling/cluster-autoscaler:v1.32.1"
_KUEUE_IMAGE = "registry.k8s.io/kueue/kueue:v0.19.0"
_GPU_TAINT_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
_JOINED = "2026-11-29T14:52:40Z"       # the first scaled-up GPU node joined 7m20s before the collection
_SCALE_1 = "2026-11-29T14:49:05Z"
_SCALE_2 = "2026-11-29T14:55:30Z"


def _deployment(w, ns: str, name: str, node: str, image: str, *, labels: dict, containers=("main",),
                cpu: str = "100m", memory: str = "300Mi", suffix: str = "7d9f8c6b5d-x2k4q") -> dict:
    rs = f"{name}-{suffix.split('-')[0]}"
    p = deploy_pod(w, ns, rs, f"{name}-{suffix}", node, containers=containers, image=image, labels=labels,
                   cpu=cpu, memory=memory)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    return p


def _coredns(w, node: str, image: str = "registry.k8s.io/coredns/coredns:v1.11.3") -> None:
    _deployment(w, KS, "coredns", node, image, labels={"k8s-app": "kube-dns"}, containers=("coredns",),
                cpu="100m", memory="70Mi", suffix="668d6bf9bc-q7w2m")


def _cluster_autoscaler(w, node: str, args: list[str]) -> dict:
    p = _deployment(w, KS, "cluster-autoscaler", node, _CA_IMAGE, labels={"app": "cluster-autoscaler"},
                    containers=("cluster-autoscaler",), cpu="100m", memory="600Mi", suffix="5c8d7f9b6-t4n8v")
    p["spec"]["containers"][0]["command"] = ["./cluster-autoscaler"] + args
    return p


def _plain_node(w, name: str, info: dict, *, cpu="4", memory="16106432Ki", labels=None, taints=()) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels or {}, taints=taints)
    node_info(n, **info)
    return n


def _host_gpu_node(w, name: str, gpus: int, info: dict, *, product: str, memory_mib: int, labels=None,
                   advertised: bool = True, cpu="4", memory="16106432Ki") -> dict:
    """A GPU node whose driver and toolkit come with the node image (no GPU Operator, no GFD labels)."""
    n = w.gpu_node(name, gpus=gpus, operator=False, product=product, memory_mib=memory_mib, cpu=cpu, memory=memory)
    strip_gfd(n, deploy=True)
    n["metadata"]["labels"].update(labels or {})
    if not advertised:
        no_gpu_resource(n)
    node_info(n, **info)
    return n


# ---- fb1401 / fb1402: the autoscaler scales out again while the new node's device plugin starts ----------------

_PLUGIN_STARTING = {"nvidia-device-plugin-ctr": {"state": {"waiting": {"reason": "ContainerCreating"}},
                                                 "ready": False, "restartCount": 0, "started": False}}


def _scale_out_world(w, *, ns: str, pod: str, rs: str, image: str, sys_nodes: list[str], info: dict,
                     old_gpu: str | None, new_gpu: str, gpu_info: dict, gpu_labels: dict, product: str,
                     memory_mib: int, ca_args: list[str], group: str, sizes: tuple[str, str], maxsize: int,
                     gpu_cpu: str, gpu_memory: str) -> None:
    for n in sys_nodes:
        _plain_node(w, n, info, labels=gpu_labels.get("_sys", {}))
    _coredns(w, sys_nodes[0])
    _cluster_autoscaler(w, sys_nodes[-1], ca_args)
    plugin_pods = []
    if old_gpu:
        _host_gpu_node(w, old_gpu, 1, gpu_info, product=product, memory_mib=memory_mib, labels=gpu_labels["gpu"],
                       cpu=gpu_cpu, memory=gpu_memory)
        plugin_pods.append(plugin_pod(w, old_gpu, "nvidia-device-plugin-daemonset-8m2xq"))
        busy = w.pod(ns, "trainer-0", node=old_gpu, gpu=1, image=image, labels={"app": "trainer"}, cpu="2",
                     memory="8Gi")
        busy["metadata"]["ownerReferences"] = []
    n = _host_gpu_node(w, new_gpu, 1, gpu_info, product=product, memory_mib=memory_mib, labels=gpu_labels["gpu"],
                       advertised=False, cpu=gpu_cpu, memory=gpu_memory)
    n["metadata"]["creationTimestamp"] = _JOINED
    for c in n["status"]["conditions"]:
        c["lastTransitionTime"] = _JOINED
    p_new = plugin_pod(w, new_gpu, "nvidia-device-plugin-daemonset-r7k5d", log=None, statuses=_PLUGIN_STARTING,
                       ready=False)
    p_new["metadata"]["creationTimestamp"] = _JOINED
    p_new["status"]["phase"] = "Pending"
    plugin_pods.append(p_new)
    plugin_ds(w, KS, plugin_pods)
    w.event(KS, "Pod", p_new["metadata"]["name"], "Pulling",
            "Pulling image \"nvcr.io/nvidia/k8s-device-plugin:v0.15.0\"", type="Normal", host=new_gpu,
            last=_JOINED, field_path="spec.containers{nvidia-device-plugin-ctr}")
    nodes_total = len(sys_nodes) + (2 if old_gpu else 1)
    gpu_nodes = 2 if old_gpu else 1
    msg = (f"0/{nodes_total} nodes are available: {len(sys_nodes) + gpu_nodes} Insufficient nvidia.com/gpu. "
           f"preemption: 0/{nodes_total} nodes are available: {len(sys_nodes) + gpu_nodes} No preemption victims "
           f"found for incoming pod.")
    p = w.pod(ns, pod, gpu=1, image=image, owner=("ReplicaSet", rs), labels={"app": rs.rsplit("-", 1)[0]},
              scheduled_message=msg, cpu="2", memory="8Gi")
    w.workload("Deployment", ns, rs.rsplit("-", 1)[0], template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    for (a, b), at in (((sizes[0], sizes[1]), _SCALE_1), ((sizes[1], str(int(sizes[1]) + 1)), _SCALE_2)):
        ev = w.event(ns, "Pod", pod, "TriggeredScaleUp", f"pod triggered scale-up: [{{{group} {a}->{b} (max: {maxsize})}}]",
                     type="Normal", component="cluster-autoscaler", last=at)
        ev["firstTimestamp"] = at
    w.target("Pod", ns, pod)


_AL2023 = {"osImage": "Amazon Linux 2023.6.20250115", "kernelVersion": "6.1.124-134.200.amzn2023.x86_64",
           "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.32.0-eks-aeac579",
           "kubeProxyVersion": "v1.32.0-eks-aeac579"}


@case("fb1401", pod_subj("inference-7b9c5d8f6c-h2x9p", "ml"),
      "A Kubernetes 1.32 cluster on AWS (EKS-style, self-managed Auto Scaling Groups; the README names AWS ASGs, "
      "Cluster Autoscaler >= 1.15 and the accelerator label; region, instance types g4dn.xlarge / m5.xlarge, node "
      "names, AMI, versions and the workload assumed): two system nodes (m5.xlarge, Ready) run coredns and "
      "cluster-autoscaler v1.32.1 (auto-discovery of the ASGs, `--expander=least-waste`). The GPU ASG "
      "gpu-asg-g4dn scaled from 0 to 1 for the Pending inference pod (nvidia.com/gpu: 1); its node "
      "ip-10-0-3-41.ec2.internal (one Tesla T4) joined 7m20s before the collection and is Ready, but has no "
      "nvidia.com/gpu in capacity or allocatable yet: its nvidia-device-plugin pod is still ContainerCreating "
      "(pulling the image; DaemonSet desired 1, ready 0). The node carries no k8s.amazonaws.com/accelerator "
      "label (the kubelet is not started with --node-labels). The pod is still unschedulable (FailedScheduling, "
      "the default scheduler's standard wording, modelled) and the autoscaler has triggered a second scale-up "
      "(1->2) whose node has not joined: two TriggeredScaleUp events (wording modelled on the autoscaler's). The "
      "case's text is the README's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.32.0-eks-aeac579"
    _scale_out_world(
        w, ns="ml", pod="inference-7b9c5d8f6c-h2x9p", rs="inference-7b9c5d8f6c",
        image="nvcr.io/nvidia/tritonserver:24.12-py3",
        sys_nodes=["ip-10-0-1-17.ec2.internal", "ip-10-0-2-88.ec2.internal"], info=_AL2023,
        old_gpu=None, new_gpu="ip-10-0-3-41.ec2.internal", gpu_info=_AL2023,
        gpu_labels={"gpu": {"node.kubernetes.io/instance-type": "g4dn.xlarge",
                            "topology.kubernetes.io/zone": "us-west-2a"},
                    "_sys": {"node.kubernetes.io/instance-type": "m5.xlarge"}},
        product="Tesla-T4", memory_mib=15360,
        ca_args=["--cloud-provider=aws", "--expander=least-waste",
                 "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,"
                 "k8s.io/cluster-autoscaler/gpu-cluster", "--balance-similar-node-groups",
                 "--skip-nodes-with-system-pods=false"],
        group="gpu-asg-g4dn", sizes=("0", "1"), maxsize=5, gpu_cpu="4", gpu_memory="16073804Ki")


_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
           "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.32.3",
           "kubeProxyVersion": "v1.32.3"}


@case("fb1402", pod_subj("trainer-b-6f4c8d7b9d-m5q2r", "research"),
      "A Kubernetes 1.32 workload cluster managed by Cluster API (kubeadm bootstrap; the README names the "
      "clusterapi provider, the capacity annotations and the cluster-api/accelerator label; infrastructure, node "
      "names, GPU model (one A10 per node), versions and the workloads assumed): a control-plane node and two "
      "worker nodes run coredns and cluster-autoscaler v1.32.1 (`--cloud-provider=clusterapi`, auto-discovery). "
      "The GPU MachineDeployment default/gpu-md-0 (min 1, max 5; an object of the management cluster, not in "
      "this bundle) had one node, gpu-md-0-7bq4t-kx8zp, whose GPU the running pod trainer-0 holds. For the "
      "Pending pod trainer-b (nvidia.com/gpu: 1) the autoscaler scaled 1->2: the new node gpu-md-0-7bq4t-w2lzn "
      "joined 7m20s before the collection and is Ready without nvidia.com/gpu (its device plugin pod is still "
      "ContainerCreating; DaemonSet desired 2, ready 1); no node carries cluster-api/accelerator. The pod is still "
      "unschedulable and the autoscaler has triggered a second scale-up (2->3) whose node has not joined. The "
      "FailedScheduling and TriggeredScaleUp wordings are modelled. The case's text is the README's prose and is "
      "not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.32.3"
    cp = "wl-cluster-control-plane-9xk2m"
    n = _plain_node(w, cp, _UBUNTU, labels={"node-role.kubernetes.io/control-plane": ""},
                    taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    _scale_out_world(
        w, ns="research", pod="trainer-b-6f4c8d7b9d-m5q2r", rs="trainer-b-6f4c8d7b9d",
        image="nvcr.io/nvidia/pytorch:24.12-py3",
        sys_nodes=["wl-cluster-md-0-5fdc9-h7tqw", "wl-cluster-md-0-5fdc9-p3nvx"], info=_UBUNTU,
        old_gpu="gpu-md-0-7bq4t-kx8zp", new_gpu="gpu-md-0-7bq4t-w2lzn", gpu_info=_UBUNTU,
        gpu_labels={"gpu": {"cluster.x-k8s.io/deployment-name": "gpu-md-0"},
                    "_sys": {"cluster.x-k8s.io/deployment-name": "wl-cluster-md-0"}},
        product="NVIDIA-A10", memory_mib=23028,
        ca_args=["--cloud-provider=clusterapi", "--node-group-auto-discovery=clusterapi:namespace=default",
                 "--kubeconfig=/mnt/kubeconfig/value", "--clusterapi-cloud-config-authoritative"],
        group="MachineDeployment/default/gpu-md-0", sizes=("1", "2"), maxsize=5, gpu_cpu="16",
        gpu_memory="65843848Ki")
    # the control-plane node is not a candidate for the pod: restate the scheduler's message with it
    msg = ("0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "4 Insufficient nvidia.com/gpu. preemption: 0/5 nodes are available: 1 Preemption is not helpful for "
           "scheduling, 4 No preemption victims found for incoming pod.")
    p = w.get_pod("research", "trainer-b-6f4c8d7b9d-m5q2r")
    p["status"]["conditions"][0]["message"] = msg
    next(e for e in w.events["research"] if e["reason"] == "FailedScheduling")["message"] = msg
    del n


# ---- Kueue world ----------------------------------------------------------------------------------

_K134 = {"osImage": "Ubuntu 24.04.1 LTS", "kernelVersion": "6.8.0-51-generic",
         "containerRuntimeVersion": "containerd://2.0.2", "kubeletVersion": "v1.34.2", "kubeProxyVersion": "v1.34.2"}


def _kueue_base(w, info: dict, gpu_nodes: list[str], *, gpus: int, advertised: bool = True,
                product="NVIDIA-A100-SXM4-80GB") -> None:
    cp = "cp-1"
    _plain_node(w, cp, info, labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    for g in gpu_nodes:
        n = w.gpu_node(g, gpus=gpus, product=product, cpu="64", memory="527938872Ki",
                       labels={"cloud.example.com/gpu-pool": "a100"})
        node_info(n, **info)
        if not advertised:      # GPUs offered through DRA: the operator's device plugin is switched off
            no_gpu_resource(n)
            n["metadata"]["labels"]["nvidia.com/gpu.deploy.device-plugin"] = "false"
            remove_stack_pod(w, g, "device-plugin")
    _coredns(w, gpu_nodes[0])
    kp = _deployment(w, "kueue-system", "kueue-controller-manager", gpu_nodes[0], _KUEUE_IMAGE,
                     labels={"control-plane": "controller-manager", "app.kubernetes.io/name": "kueue"},
                     containers=("manager",), cpu="500m", memory="512Mi", suffix="6d5f7b8c9-vz4lp")
    kp["spec"]["containers"][0]["args"] = ["--config=/controller_manager_config.yaml", "--zap-log-level=2"]


def _kueue_queues(w, ns: str, *, covered: list[str], quotas: dict, flavor_labels: dict) -> None:
    w.custom["resourceflavors.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ResourceFlavor",
        "metadata": {"name": "a100", "creationTimestamp": T0}, "spec": {"nodeLabels": flavor_labels}}]
    w.custom["clusterqueues.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue",
        "metadata": {"name": "gpu-cluster-queue", "creationTimestamp": T0},
        "spec": {"namespaceSelector": {}, "resourceGroups": [{
            "coveredResources": covered,
            "flavors": [{"name": "a100", "resources": [{"name": r, "nominalQuota": q} for r, q in quotas.items()]}]}]},
        "status": {"conditions": [{"type": "Active", "status": "True", "reason": "Ready",
                                   "message": "Can admit new workloads", "lastTransitionTime": T0}]}}]
    w.ns_custom[("localqueues.kueue.x-k8s.io", ns)] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "LocalQueue",
        "metadata": {"name": "user-queue", "namespace": ns, "creationTimestamp": T0},
        "spec": {"clusterQueue": "gpu-cluster-queue"},
        "status": {"conditions": [{"type": "Active", "status": "True", "reason": "Ready",
                                   "message": "Can submit new workloads to localQueue", "lastTransitionTime": T0}]}}]


def _job(w, ns: str, name: str, *, suspended: bool, template: dict, active: int = 0) -> dict:
    j = w.workload("Job", ns, name, template_pod=template, status={"active": active} if active else {})
    j["metadata"]["labels"] = {"kueue.x-k8s.io/queue-name": "user-queue"}
    j["spec"] = {"parallelism": 1, "completions": 1, "suspend": suspended, "backoffLimit": 0,
                 "template": {"metadata": {"labels": {"job-name": name}}, "spec": template["spec"]}}
    if suspended:
        j["status"] = {"conditions": [{"type": "Suspended", "status": "True", "reason": "JobSuspended",
                                       "message": "Job suspended", "lastTransitionTime": T1}]}
    return j


def _workload(w, ns: str, job: str, conditions: list[dict], podset: dict) -> dict:
    wl = {"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "Workload",
          "metadata": {"name": f"job-{job}-3f9c1", "namespace": ns, "creationTimestamp": T1,
                       "labels": {"kueue.x-k8s.io/job-uid": "4c2b8e1f-7a3d-4e5b-9f60-1d2e3c4b5a69"},
                       "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": job, "controller": True,
                                            "uid": "4c2b8e1f-7a3d-4e5b-9f60-1d2e3c4b5a69"}]},
          "spec": {"queueName": "user-queue", "podSets": [podset], "active": True},
          "status": {"conditions": conditions}}
    w.ns_custom.setdefault(("workloads.kueue.x-k8s.io", ns), []).append(wl)
    return wl


def _pod_template(w, ns: str, name: str, *, gpu: int, image: str, resource="nvidia.com/gpu",
                  claims: list[dict] | None = None) -> dict:
    """A pod spec used as a Job template (the pod itself is removed again when the Job has none)."""
    p = w.pod(ns, name, gpu=gpu, resource=resource, image=image, cpu="8", memory="64Gi")
    w.pods[ns].remove(p)
    p["spec"]["restartPolicy"] = "Never"
    if claims:
        p["spec"]["resourceClaims"] = claims
        p["spec"]["containers"][0]["resources"]["claims"] = [{"name": c["name"]} for c in claims]
    return p


# ---- fb1403: an admitted 8-GPU pod that no node can hold (Kueue without TAS) --------------------------

@case("fb1403", {"kind": "Job", "namespace": "team-a", "name": "llm-finetune-8gpu"},
      "A kubeadm cluster at Kubernetes 1.34 with Kueue v0.19 and without Topology Aware Scheduling (the page "
      "gives the 8 free GPUs split 4+4 over two nodes and the single 8-GPU pod; node names, GPU model A100 80GB, "
      "the GPU Operator, queue, namespace and Job names assumed): a control-plane node (tainted) and two GPU "
      "nodes gpu-a-1 and gpu-a-2, each advertising 4 nvidia.com/gpu, none in use, with the GPU Operator's stack "
      "Running. The ClusterQueue gpu-cluster-queue has 8 nvidia.com/gpu of nominal quota on the ResourceFlavor "
      "a100 (nodeLabels cloud.example.com/gpu-pool=a100); the Job llm-finetune-8gpu (one pod, nvidia.com/gpu: 8) "
      "submitted to LocalQueue user-queue is admitted (Workload QuotaReserved and Admitted True), unsuspended, and "
      "its pod is Pending with the default scheduler's FailedScheduling (standard wording, modelled): no node has "
      "8 GPUs. The case's text is the page's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.34.2"
    ns = "team-a"
    _kueue_base(w, _K134, ["gpu-a-1", "gpu-a-2"], gpus=4)
    _kueue_queues(w, ns, covered=["cpu", "memory", "nvidia.com/gpu"],
                  quotas={"cpu": "128", "memory": "1000Gi", "nvidia.com/gpu": "8"},
                  flavor_labels={"cloud.example.com/gpu-pool": "a100"})
    tmpl = _pod_template(w, ns, "tmpl", gpu=8, image="nvcr.io/nvidia/nemo:24.12")
    job = "llm-finetune-8gpu"
    _job(w, ns, job, suspended=False, template=tmpl, active=1)
    msg = ("0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
           "scheduling, 2 No preemption victims found for incoming pod.")
    p = w.pod(ns, f"{job}-7xk2p", gpu=8, image="nvcr.io/nvidia/nemo:24.12", owner=("Job", job),
              labels={"job-name": job, "kueue.x-k8s.io/queue-name": "user-queue"},
              node_selector={"cloud.example.com/gpu-pool": "a100"}, scheduled_message=msg, cpu="8", memory="64Gi")
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler", count=41)
    podset = {"name": "main", "count": 1, "template": {"spec": tmpl["spec"]}}
    _workload(w, ns, job, [
        {"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved",
         "message": "Quota reserved in ClusterQueue gpu-cluster-queue", "lastTransitionTime": T1},
        {"type": "Admitted", "status": "True", "reason": "Admitted",
         "message": "The workload is admitted", "lastTransitionTime": T1}], podset)["status"]["admission"] = {
        "clusterQueue": "gpu-cluster-queue",
        "podSetAssignments": [{"name": "main", "count": 1, "flavors": {"cpu": "a100", "memory": "a100",
                                                                        "nvidia.com/gpu": "a100"},
                               "resourceUsage": {"cpu": "8", "memory": "64Gi", "nvidia.com/gpu": "8"}}]}
    w.target("Job", ns, job)


# ---- fb1404 / fb1405: Kueue DRA workloads left inadmissible ----------------------------------------------

def _dra_stack(w, nodes: list[str]) -> None:
    ns = "nvidia-dra-driver-gpu"
    pods = []
    for i, n in enumerate(nodes):
        p = w.pod(ns, f"nvidia-dra-driver-gpu-kubelet-plugin-{'qz7mx' if i == 0 else 'b4r9k'}", node=n, gpu=0,
                  containers=("gpus",), image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0",
                  labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
                  owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"), tolerations=_GPU_TAINT_TOL,
                  cpu="100m", memory="128Mi")
        pods.append(p)
    w.workload("DaemonSet", ns, "nvidia-dra-driver-gpu-kubelet-plugin", template_pod=pods[0],
               status={"desiredNumberScheduled": len(pods), "currentNumberScheduled": len(pods),
                       "numberReady": len(pods), "numberAvailable": len(pods), "updatedNumberScheduled": len(pods),
                       "numberMisscheduled": 0, "observedGeneration": 1})


def _deviceclass(w, name: str, *, created: str = T0, extended: str | None = None) -> None:
    spec = {"selectors": [{"cel": {"expression": "device.driver == 'gpu.nvidia.com' && "
                                                 "device.attributes['gpu.nvidia.com'].type == 'gpu'"}}]}
    if extended:
        spec["extendedResourceName"] = extended
    w.custom.setdefault("deviceclasses.resource.k8s.io", []).append({
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": name, "creationTimestamp": created}, "spec": spec})


_DRA_NODE_LABELS = {"nvidia.com/gpu.deploy.device-plugin": "false", "nvidia.com/dra-kubelet-plugin": "true"}


@case("fb1404", {"kind": "Job", "namespace": "team-b", "name": "dra-train"},
      "A kubeadm cluster at Kubernetes 1.34 with Kueue v0.19 (KueueDRAIntegration) and the NVIDIA DRA driver for "
      "GPUs (the page names deviceClassMappings, the restart command and the message; node names, DeviceClass "
      "gpu.nvidia.com, queue, namespace and Job names, versions assumed): a control-plane node and two A100 nodes "
      "whose GPUs are offered through DRA (no nvidia.com/gpu extended resource; the device plugin is switched "
      "off, the DRA driver's kubelet plugin DaemonSet runs 2/2). The Kueue Configuration was edited on the running "
      "cluster to map DeviceClass gpu.nvidia.com to the logical resource nvidia.com/dra-gpu, which the ClusterQueue "
      "gpu-cluster-queue covers, but kueue-controller-manager was not restarted (Running since before the edit; "
      "the ConfigMap is not in the bundle). The Job dra-train, whose pod references the ResourceClaimTemplate "
      "single-gpu (deviceClassName gpu.nvidia.com), is suspended; its Workload has QuotaReserved False (reason "
      "Misconfigured) and Requeued False (reason Inadmissible) with the page's message instantiated as Kueue writes "
      "it. No pod exists. The case's text is the page's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.34.2"
    ns = "team-b"
    nodes = ["gpu-b-1", "gpu-b-2"]
    _kueue_base(w, _K134, nodes, gpus=4, advertised=False)
    for n in nodes:
        w.get_node(n)["metadata"]["labels"].update(_DRA_NODE_LABELS)
    _dra_stack(w, nodes)
    _deviceclass(w, "gpu.nvidia.com")
    _kueue_queues(w, ns, covered=["cpu", "memory", "nvidia.com/dra-gpu"],
                  quotas={"cpu": "128", "memory": "1000Gi", "nvidia.com/dra-gpu": "8"},
                  flavor_labels={"cloud.example.com/gpu-pool": "a100"})
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": "single-gpu", "namespace": ns, "creationTimestamp": T0},
        "spec": {"spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com",
                                                                             "count": 1}}]}}}}]
    claims = [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]
    tmpl = _pod_template(w, ns, "tmpl", gpu=0, image="nvcr.io/nvidia/pytorch:25.01-py3", claims=claims)
    job = "dra-train"
    _job(w, ns, job, suspended=True, template=tmpl)
    msg = ("spec.podSets[0].template.spec.resourceClaims[0].resourceClaimTemplateName: Not found: "
           "\"DeviceClass gpu.nvidia.com is not mapped in DRA configuration for podset main\"")
    _workload(w, ns, job, [
        {"type": "QuotaReserved", "status": "False", "reason": "Misconfigured", "message": msg,
         "lastTransitionTime": T2},
        {"type": "Admitted", "status": "False", "reason": "NoReservation", "message": "The workload has no reservation",
         "lastTransitionTime": T2},
        {"type": "Requeued", "status": "False", "reason": "Inadmissible", "message": msg, "lastTransitionTime": T2}],
        {"name": "main", "count": 1, "template": {"spec": tmpl["spec"]}})
    w.target("Job", ns, job)


@case("fb1405", {"kind": "Job", "namespace": "team-c", "name": "er-infer"},
      "A kubeadm cluster at Kubernetes 1.36 with Kueue v0.19 (DRA extended resource path) and the NVIDIA DRA "
      "driver (the page names the extended resource path, the missing DeviceClass and the fix; the DeviceClass "
      "gpu.nvidia.com with extendedResourceName nvidia.com/gpu, the Kueue deviceClassMappings logical name "
      "nvidia.com/dra-gpu covered by the ClusterQueue, node names, namespace and Job names, versions assumed): a "
      "control-plane node and two A100 nodes offering their GPUs through DRA (DRA kubelet plugin DaemonSet 2/2). "
      "The Job er-infer (one pod, nvidia.com/gpu: 1) was submitted before the DeviceClass existed and was "
      "rejected: its Workload has QuotaReserved False (reason Pending) with Kueue's flavor-assigner message for a "
      "resource the ClusterQueue does not cover (illustrative). The DeviceClass was created 35 minutes later "
      "(creationTimestamp 14:55) and the Workload was not re-evaluated: the Job is still suspended and no pod "
      "exists. The case's text is the page's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.36.0"
    ns = "team-c"
    nodes = ["gpu-c-1", "gpu-c-2"]
    info = dict(_K134, kubeletVersion="v1.36.0", kubeProxyVersion="v1.36.0", containerRuntimeVersion="containerd://2.1.4")
    _kueue_base(w, info, nodes, gpus=4, advertised=False)
    for n in nodes:
        w.get_node(n)["metadata"]["labels"].update(_DRA_NODE_LABELS)
    _dra_stack(w, nodes)
    _deviceclass(w, "gpu.nvidia.com", created=T2, extended="nvidia.com/gpu")
    _kueue_queues(w, ns, covered=["cpu", "memory", "nvidia.com/dra-gpu"],
                  quotas={"cpu": "128", "memory": "1000Gi", "nvidia.com/dra-gpu": "8"},
                  flavor_labels={"cloud.example.com/gpu-pool": "a100"})
    tmpl = _pod_template(w, ns, "tmpl", gpu=1, image="vllm/vllm-openai:v0.11.0")
    job = "er-infer"
    _job(w, ns, job, suspended=True, template=tmpl)
    msg = "couldn't assign flavors to pod set main: resource nvidia.com/gpu unavailable in ClusterQueue"
    _workload(w, ns, job, [
        {"type": "QuotaReserved", "status": "False", "reason": "Pending", "message": msg, "lastTransitionTime": T1}],
        {"name": "main", "count": 1, "template": {"spec": tmpl["spec"]}})
    w.target("Job", ns, job)


# ---- fb1406: a KAI GPU-sharing pod the cluster autoscaler cannot see -------------------------------------

@case("fb1406", pod_subj("gpu-sharing", "team-d"),
      "A Kubernetes 1.32 cluster (kubeadm on cloud VMs; the page names KAI Scheduler's GPU sharing, the "
      "cluster autoscaler, node-scale-adjuster and global.clusterAutoscaling; node names, GPU model (one L4 per "
      "node), versions, the autoscaler's configuration and the workloads assumed): a CPU node runs coredns, "
      "cluster-autoscaler v1.32.1 (managing the GPU node group gpu-l4, min 1, max 4) and KAI Scheduler v0.13.0 "
      "installed with global.gpuSharing=true and without global.clusterAutoscaling (kai-scheduler, binder, "
      "admission, pod-grouper, queue-controller Running; no node-scale-adjuster). Two GPU nodes (GPU Operator "
      "stack Running) each advertise 1 nvidia.com/gpu, both held by running full-GPU pods of the queue "
      "default-queue. The docs' example pod gpu-sharing (annotation gpu-fraction: \"0.5\", label "
      "kai.scheduler/queue: default-queue, schedulerName kai-scheduler, no nvidia.com/gpu in its spec) is Pending "
      "(PodScheduled False, Unschedulable) with kai-scheduler's Unschedulable event (wording illustrative); the "
      "cluster autoscaler wrote no event and added no node. The case's text is the page's prose and is not placed "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.32.3"
    cpu = "cpu-node-1"
    _plain_node(w, cpu, _UBUNTU, cpu="8", memory="32869208Ki")
    _coredns(w, cpu)
    _cluster_autoscaler(w, cpu, ["--cloud-provider=gce", "--nodes=1:4:gpu-l4", "--expander=least-waste"])
    for comp in ("kai-scheduler-default", "binder", "admission", "pod-grouper", "queue-controller", "kai-operator"):
        _deployment(w, "kai-scheduler", comp, cpu, f"ghcr.io/nvidia/kai-scheduler/{comp.split('-default')[0]}:v0.13.0",
                    labels={"app": comp}, containers=(comp.split("-default")[0],), suffix="6b7c8d9f5-h3k8w")
    for i, g in enumerate(("gpu-l4-1", "gpu-l4-2")):
        n = w.gpu_node(g, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="8", memory="32869208Ki",
                       labels={"node-group": "gpu-l4"})
        node_info(n, **_UBUNTU)
        busy = w.pod("team-d", f"train-{i}", node=g, gpu=1, image="nvcr.io/nvidia/pytorch:24.12-py3",
                     labels={"kai.scheduler/queue": "default-queue"}, scheduler="kai-scheduler", cpu="4",
                     memory="16Gi")
        busy["spec"]["restartPolicy"] = "Never"
    p = w.pod("team-d", "gpu-sharing", gpu=0, image="nvidia/cuda:13.0.2-base-ubi8", containers=("gpu-workload",),
              labels={"kai.scheduler/queue": "default-queue"}, scheduler="kai-scheduler",
              scheduled_message="0/3 nodes are available: 3 node(s) didn't have enough resources: GPUs.",
              cpu="100m", memory="128Mi")
    p["metadata"]["annotations"] = {"gpu-fraction": "0.5"}
    p["spec"]["restartPolicy"] = "Always"
    c = p["spec"]["containers"][0]
    c["command"], c["args"], c["resources"] = ["nvidia-smi"], ["-L"], {}
    p["status"]["qosClass"] = "BestEffort"
    w.event("team-d", "Pod", "gpu-sharing", "Unschedulable",
            "0/3 nodes are available: 3 node(s) didn't have enough resources: GPUs.", component="kai-scheduler",
            count=18)
    w.target("Pod", "team-d", "gpu-sharing")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
