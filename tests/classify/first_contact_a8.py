"""First-contact batch A8 (fixtures/first-contact/batch-a8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (autoscalers and node provisioning for GPU pools and the
other scheduler components), sampled from all four corpora of the `search` tool at once (`issues`, `pages`, `docs`,
`code`) with the fixed list of 32 queries in the batch README. Prose cases (a document's own words, which never reach
the cluster) are not placed in the bundle; each builder builds the cluster state the source describes, and the
scheduler / autoscaler wordings in the bundles are illustrative (standard formats), as each scenario README says.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, kernels, kubelet versions, instance types, GPU
models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a8      # (re)writes fixtures/first-contact/batch-a8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a7 import A7World
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.scenarios_real import pod_subj


FC = ThreadBatch("batch-a8", "A8", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa801"}

_AL2_EKS = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.227-219.884.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.7.23", "kubeletVersion": "v1.29.10-eks-94953ac",
            "kubeProxyVersion": "v1.29.10-eks-94953ac"}


def _eks_labels(instance_type: str, zone: str, extra: dict | None = None) -> dict:
    labels = {"node.kubernetes.io/instance-type": instance_type, "beta.kubernetes.io/instance-type": instance_type,
              "topology.kubernetes.io/zone": zone, "topology.kubernetes.io/region": "us-west-2",
              "failure-domain.beta.kubernetes.io/zone": zone, "failure-domain.beta.kubernetes.io/region": "us-west-2"}
    labels.update(extra or {})
    return labels


def _deploy(w, ns: str, name: str, rs_hash: str, pod_sfx: str, node: str, containers, image: str, *,
            labels=None, tolerations=None, cpu: str = "100m", memory: str = "256Mi") -> dict:
    """A one-replica Deployment with its Running pod (no GPU)."""
    rs = f"{name}-{rs_hash}"
    p = w.pod(ns, f"{rs}-{pod_sfx}", node=node, gpu=0, containers=containers, image=image,
              owner=("ReplicaSet", rs), labels=labels or {"app": name}, tolerations=tolerations, cpu=cpu, memory=memory)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    return p


# ---- fa801: a Karpenter GPU node never initialised: no device-plugin DaemonSet ------------------------

@case("fa801", pod_subj("llm-serve-6f8d9c7b54-q7r2m", "inference"),
      "EKS 1.29 cluster with Karpenter v0.37 (the guide names no cluster: node names, instance types, AMI, versions "
      "and the workload assumed): two m5.large nodes of a managed node group run the Karpenter controller and kube-dns; "
      "a Karpenter NodePool 'gpu' (g5 family, taint nvidia.com/gpu:NoSchedule) launched the g5.xlarge node "
      "ip-10-0-87-214.us-west-2.compute.internal for the pending GPU pod; the node joined and is Ready, labelled "
      "karpenter.sh/nodepool=gpu and karpenter.sh/registered=true but not karpenter.sh/initialized, and has no "
      "nvidia.com/gpu in capacity or allocatable. kube-system holds EKS's aws-node and kube-proxy DaemonSets (3/3) and no NVIDIA device-plugin DaemonSet (and no GPU Operator) exists in the "
      "cluster. The Deployment llm-serve's pod (one GPU, tolerating the taint) is Pending with a FailedScheduling event "
      "saying Insufficient nvidia.com/gpu and Karpenter's Nominated event for the new node (wordings illustrative, "
      "standard formats). The text is the guide's and is not placed.")
def _(w, t):
    w.git_version = "v1.29.10-eks-94953ac"
    sys_nodes = []
    for ip, zone in (("10-0-12-41", "us-west-2a"), ("10-0-45-133", "us-west-2b")):
        name = f"ip-{ip}.us-west-2.compute.internal"
        n = w.node(name, cpu="2", memory="7910348Ki", alloc_cpu="1930m", alloc_memory="7220172Ki", pods_cap="29",
                   labels=_eks_labels("m5.large", zone, {"eks.amazonaws.com/nodegroup": "system",
                                                         "eks.amazonaws.com/capacityType": "ON_DEMAND"}))
        node_info(n, **_AL2_EKS)
        sys_nodes.append(name)
    gpu = "ip-10-0-87-214.us-west-2.compute.internal"
    g = w.node(gpu, cpu="4", memory="16073532Ki", alloc_cpu="3920m", alloc_memory="14920508Ki", pods_cap="58",
               taints=({"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"},),
               labels=_eks_labels("g5.xlarge", "us-west-2c", {
                   "karpenter.sh/nodepool": "gpu", "karpenter.sh/capacity-type": "on-demand",
                   "karpenter.sh/registered": "true", "karpenter.k8s.aws/instance-family": "g5",
                   "karpenter.k8s.aws/instance-gpu-count": "1", "karpenter.k8s.aws/instance-gpu-name": "a10g",
                   "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
                   "karpenter.k8s.aws/ec2nodeclass": "gpu"}))
    node_info(g, **{**_AL2_EKS, "kernelVersion": "5.10.227-219.884.amzn2.x86_64"})
    g["metadata"]["creationTimestamp"] = "2026-11-29T14:41:12Z"
    _deploy(w, "karpenter", "karpenter", "7d9c8b6f5", "k4x7p", sys_nodes[0], ("controller",),
            "public.ecr.aws/karpenter/controller:0.37.5", labels={"app.kubernetes.io/name": "karpenter"},
            cpu="1", memory="1Gi")
    _deploy(w, KS, "coredns", "5b9dfbf96", "m2q8z", sys_nodes[1], ("coredns",),
            "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.11.1-eksbuild.8",
            labels={"k8s-app": "kube-dns"}, memory="70Mi")
    for ds_name, image, cpu in (("aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.18.5", "25m"),
                                ("kube-proxy", "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.29.10-minimal-eksbuild.3", "100m")):
        tmpl = None
        for i, node in enumerate(sys_nodes + [gpu]):
            dp = w.pod(KS, f"{ds_name}-{('h2k9t', 'p7w4c', 'z5n8r')[i]}", node=node, gpu=0, containers=(ds_name,),
                       image=image, owner=("DaemonSet", ds_name), labels={"k8s-app": ds_name},
                       tolerations=[{"operator": "Exists"}], cpu=cpu, memory="64Mi")
            tmpl = tmpl or dp
        ds = w.workload("DaemonSet", KS, ds_name, template_pod=tmpl, status=ds_status(3, 3, 3))
        ds["spec"].pop("replicas", None)
    ns, dep = "inference", "llm-serve"
    rs = f"{dep}-6f8d9c7b54"
    pod = f"{rs}-q7r2m"
    msg = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, "
           "2 Preemption is not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=1, containers=("vllm",), image="vllm/vllm-openai:v0.6.3", phase="Pending",
              scheduled_message=msg, owner=("ReplicaSet", rs), labels={"app": dep},
              node_selector={"karpenter.sh/nodepool": "gpu"}, tolerations=GPU_TOLERATION, cpu="3", memory="12Gi")
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1})
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep), status={"replicas": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.event(ns, "Pod", pod, "Nominated", f"Pod should schedule on: nodeclaim/gpu-x8k2n, node/{gpu}", type="Normal",
            component="karpenter", count=9)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
