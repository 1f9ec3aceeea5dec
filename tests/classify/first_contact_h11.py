"""Builds first-contact batch H11 (fixtures/first-contact/batch-h11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of
72 queries in the batch README (this round's pool: all four corpora of the `search` tool at once: `issues`,
`pages`, `docs`, `code`, 18 queries each). Prose cases (a maintainer's or an operator's own words, which never
reach the cluster) are listed in TEXT_NOT_IN_BUNDLE: their text is NOT placed in the bundle; each builder builds
the cluster state the source describes. The expected answer was reasoned from the source (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, kubelet and runtime builds,
image tags, GPU models, the workloads) are filled in plausibly; each scenario's README says which parts of the
world are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_h11      # (re)writes fixtures/first-contact/batch-h11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-h11", "H11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a maintainer's or an operator's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fh1101", "fh1102"}


def _no_requests(pod: dict) -> dict:
    """A system DaemonSet pod as its manifest ships it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


def _ds_pod(w, ns: str, ds: str, node: str, sfx: str, container: str, image: str) -> dict:
    p = w.pod(ns, f"{ds}-{sfx}", node=node, gpu=0, containers=(container,), image=image,
              owner=("DaemonSet", ds), labels={"k8s-app": ds})
    return _no_requests(p)


def _ds(w, ns: str, name: str, pods: list[dict]) -> None:
    n = len(pods)
    ds = w.workload("DaemonSet", ns, name, template_pod=pods[0],
                    status={"desiredNumberScheduled": n, "currentNumberScheduled": n, "numberReady": n,
                            "numberAvailable": n, "updatedNumberScheduled": n, "numberMisscheduled": 0,
                            "observedGeneration": 1})
    ds["spec"].pop("replicas", None)


# ---- node layer (autoscaler symptom, device-plugin cause) -------------------------------------

_EKS_AL2_GPU = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.196-108.356.amzn2.x86_64",
                "containerRuntimeVersion": "docker://20.10.13", "kubeletVersion": "v1.22.9-eks-810597c",
                "kubeProxyVersion": "v1.22.9-eks-810597c"}


def _eks_labels(itype: str, zone: str, extra: dict | None = None) -> dict:
    labels = {"node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
              "topology.kubernetes.io/region": "us-east-1", "topology.kubernetes.io/zone": zone,
              "failure-domain.beta.kubernetes.io/region": "us-east-1",
              "failure-domain.beta.kubernetes.io/zone": zone}
    labels.update(extra or {})
    return labels


@case("fh1101", node_subj("ip-192-168-121-37.ec2.internal"),
      "EKS 1.22 cluster with Karpenter v0.11 (June 2022; the thread names the g4dn instance family and Karpenter's "
      "karpenter.sh/initialized label; cluster, node names, counts, zones and versions assumed): one managed-node-"
      "group system node (m5.large) and two g4dn.xlarge nodes launched by Karpenter's default provisioner "
      "(labels karpenter.sh/provisioner-name=default and karpenter.sh/capacity-type=spot, no karpenter.sh/initialized "
      "label), Ready, on the EKS GPU-optimized Amazon Linux 2 AMI (driver pre-installed), each advertising no "
      "nvidia.com/gpu at all in capacity or allocatable. No NVIDIA device plugin DaemonSet exists anywhere in the "
      "cluster; the two GPU nodes run only the aws-node and kube-proxy DaemonSet pods (the workload that caused the "
      "scale-up is gone, so the nodes are empty and Karpenter leaves them). The maintainer's prose is NOT in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.22.9-eks-810597c"
    sysn = "ip-192-168-33-210.ec2.internal"
    n = w.node(sysn, cpu="2", memory="7934440Ki", alloc_cpu="1930m", alloc_memory="7244264Ki", pods_cap="29",
               labels=_eks_labels("m5.large", "us-east-1a", {"eks.amazonaws.com/nodegroup": "system",
                                                              "eks.amazonaws.com/capacityType": "ON_DEMAND"}))
    node_info(n, **(_EKS_AL2_GPU | {"kernelVersion": "5.4.196-108.356.amzn2.x86_64"}))
    gpu_nodes = [("ip-192-168-121-37.ec2.internal", "us-east-1b"), ("ip-192-168-140-9.ec2.internal", "us-east-1c")]
    for name, zone in gpu_nodes:
        g = w.node(name, cpu="4", memory="16181152Ki", alloc_cpu="3920m", alloc_memory="15490976Ki", pods_cap="29",
                   labels=_eks_labels("g4dn.xlarge", zone, {"karpenter.sh/provisioner-name": "default",
                                                           "karpenter.sh/capacity-type": "spot",
                                                           "k8s.amazonaws.com/accelerator": "nvidia-tesla-t4"}))
        node_info(g, **_EKS_AL2_GPU)
    aws_node, kube_proxy = [], []
    for i, name in enumerate([sysn] + [g for g, _ in gpu_nodes]):
        aws_node.append(_ds_pod(w, KS, "aws-node", name, ["x7k2p", "m4q8d", "t9w3z"][i], "aws-node",
                                "602401143452.dkr.ecr.us-east-1.amazonaws.com/amazon-k8s-cni:v1.11.0"))
        kube_proxy.append(_ds_pod(w, KS, "kube-proxy", name, ["b2n6c", "h5r1v", "q8l4s"][i], "kube-proxy",
                                  "602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/kube-proxy:v1.22.6-eksbuild.1"))
    _ds(w, KS, "aws-node", aws_node)
    _ds(w, KS, "kube-proxy", kube_proxy)
    kp = w.pod("karpenter", "karpenter-6d9f8b7c5-qx2lm", node=sysn, gpu=0, containers=("controller", "webhook"),
               image="public.ecr.aws/karpenter/controller:v0.11.1", owner=("ReplicaSet", "karpenter-6d9f8b7c5"),
               labels={"app.kubernetes.io/name": "karpenter"}, cpu="1", memory="1Gi")
    w.workload("Deployment", "karpenter", "karpenter", template_pod=kp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.target("Node", None, gpu_nodes[0][0])


# ---- runtime layer (toolkit crash, containerd socket on the host) --------------------------------

_ONPREM_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-107-generic",
                "containerRuntimeVersion": "containerd://1.7.12", "kubeletVersion": "v1.29.4",
                "kubeProxyVersion": "v1.29.4"}


@case("fh1102", node_subj("gpu-worker-03"),
      "On-premises kubeadm cluster v1.29.4 monitored by Zabbix (the post names Zabbix, the nvidia-container-toolkit "
      "pod, a GPU node and containerd; cluster size, node names, GPU model, versions and the operator release "
      "assumed): a control-plane node and the GPU node gpu-worker-03 (4x NVIDIA A100-PCIE-40GB, containerd "
      "1.7.12), Ready, with the NVIDIA GPU Operator (namespace gpu-operator) whose nvidia-container-toolkit-"
      "daemonset pod on gpu-worker-03 is in CrashLoopBackOff (restart count 12, last exit code 1, the kubelet's "
      "BackOff event); the other operands on the node (driver, device plugin, GFD, validator) are Running from "
      "before and the node still advertises its 4 GPUs (assumed healthy: the post reports only the toolkit pod's "
      "alert). The toolkit container's log lines and the changed type of the containerd socket on the host are "
      "not quoted by the stored copy of the post and are not written; the operator's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.29.4"
    cp = "k8s-cp-01"
    n = w.node(cp, cpu="8", memory="32863924Ki", alloc_cpu="7800m", alloc_memory="32249524Ki",
               labels={"node-role.kubernetes.io/control-plane": ""},
               taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(n, **_ONPREM_INFO)
    gpu = "gpu-worker-03"
    g = w.gpu_node(gpu, gpus=4, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, cpu="64",
                   memory="528012844Ki")
    node_info(g, **_ONPREM_INFO)
    tk = w.get_pod(OPERATOR_NS, w.stack(gpu, "toolkit"))
    crashloop(tk, "nvidia-container-toolkit-ctr", restarts=12, code=1)
    backoff(w, OPERATOR_NS, tk["metadata"]["name"], "nvidia-container-toolkit-ctr", gpu, count=57)
    w.target("Node", None, gpu)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
