"""Builds first-contact batch A28 (fixtures/first-contact/batch-a28/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by SkyPilot's own documentation (skypilot-org/skypilot), read in the
fixed file order of the batch README (documentation protocol; the repository was too large for `fetch`, so its
files were read from the stored file index at the commits the README lists). fa2801 places the GKE PriorityClass
quota error the page quotes in the FailedCreate events of the GPU Operator's controllers; fa2802 is a prose case
(the debugging guide's sentence about a missing nvidia.com/gpu field), its text NOT in the bundle, which shows the
state the page describes. The expected answers were reasoned from the documents (`expected` in the case,
preferred first) and committed before any rule change; they are never taken from the tool's output.

Names, versions and the distribution details the pages do not state are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a28      # (re)writes fixtures/first-contact/batch-a28/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import EKS_AL2_OS, FCWorld, eks_labels
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-a28", "A28", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2802"}


def _kube_system_ds(w, name: str, pod_prefix: str, nodes: list[str], image: str, container: str,
                    labels: dict) -> None:
    """A healthy kube-system DaemonSet with one Running pod per node."""
    tmpl = None
    for i, n in enumerate(nodes):
        p = w.pod(KS, f"{pod_prefix}-{'abcdefghij'[i]}{i}x7k", node=n, gpu=0, containers=(container,), image=image,
                  labels=labels, owner=("DaemonSet", name), cpu="100m", memory="128Mi")
        tmpl = tmpl or p
    ds = w.workload("DaemonSet", KS, name, template_pod=tmpl, status=ds_status(len(nodes), len(nodes), len(nodes)))
    ds["spec"].pop("replicas", None)


# ---- scheduler: GKE's PriorityClass quota rejects the GPU Operator's pods (SkyPilot GKE GPU-metrics guide) -----

_GKE_NS = "gpu-operator"
_GKE_VER = "v1.31.6-gke.1020000"
_OPERATOR = "v24.9.2"
_NFD = "registry.k8s.io/nfd/node-feature-discovery:v0.16.6"
_CRITICAL = "system-node-critical"


def _rejected_template(w, ns: str, name: str, container: str, image: str, labels: dict, *, tolerations=None) -> dict:
    """The pod template of a controller whose pods the API server refused: built as a pod, then removed (no pod
    was created)."""
    tmpl = w.pod(ns, f"{name}-template", gpu=0, containers=(container,), image=image, labels=labels,
                 cpu="100m", memory="128Mi", tolerations=tolerations)
    w.pods[ns].remove(tmpl)
    tmpl["spec"]["priorityClassName"] = _CRITICAL
    tmpl["spec"]["serviceAccountName"] = name
    return tmpl


def _rejected_deployment(w, ns: str, name: str, rs: str, container: str, image: str, labels: dict, t: str) -> None:
    tmpl = _rejected_template(w, ns, name, container, image, labels)
    cond = {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": t,
            "lastTransitionTime": T1}
    dep = w.workload("Deployment", ns, name, template_pod=tmpl,
                     status={"replicas": 0, "unavailableReplicas": 1, "observedGeneration": 1,
                             "conditions": [{"type": "Available", "status": "False",
                                             "reason": "MinimumReplicasUnavailable",
                                             "message": "Deployment does not have minimum availability.",
                                             "lastTransitionTime": T0},
                                            {"type": "Progressing", "status": "True",
                                             "reason": "ReplicaSetUpdated",
                                             "message": f'ReplicaSet "{rs}" is progressing.',
                                             "lastTransitionTime": T0},
                                            dict(cond)]})
    dep["spec"]["template"]["metadata"] = {"labels": dict(labels)}
    dep["metadata"]["labels"] = dict(labels)
    rsw = w.workload("ReplicaSet", ns, rs, template_pod=tmpl, owner=("Deployment", name),
                     status={"replicas": 0, "observedGeneration": 1, "conditions": [dict(cond)]})
    rsw["spec"]["template"]["metadata"] = {"labels": dict(labels)}
    w.event(ns, "ReplicaSet", rs, "FailedCreate", t, component="replicaset-controller", count=19)


@case("fa2801", {"kind": "Deployment", "namespace": _GKE_NS, "name": "gpu-operator"},
      "GKE Standard cluster (version 1.31 assumed) as the page's Option 2 builds it: the default pool (2 x "
      "e2-standard-4) and the GPU node pool gpu-pool (one n1-standard-4 node with one NVIDIA Tesla T4, "
      "gpu-driver-version=disabled: GKE installs no driver; GKE's own device plugin assumed disabled by the node "
      "label gke-no-default-nvidia-gpu-device-plugin=true of NVIDIA's GKE instructions, which the page's command "
      "does not show). The node carries GKE's accelerator and node-pool labels and GKE's nvidia.com/gpu=present "
      "NoSchedule taint, no nvidia.com/gpu resource. kube-system runs its usual pods (kube-proxy per node, "
      "kube-dns, fluentbit, gke-metrics-agent; names abbreviated). The GPU Operator (v24.9.2 assumed) was "
      "installed with Helm into gpu-operator (--create-namespace, dcgmExporter.enabled=true): the Deployments "
      "gpu-operator and gpu-operator-node-feature-discovery-master / -gc have 0 of 1 replicas, their ReplicaSets "
      "0 pods, a ReplicaFailure condition and the replicaset-controller's FailedCreate event carrying the quoted "
      "text verbatim; the NFD worker DaemonSet has 0 of 3 pods scheduled and the daemonset-controller's "
      "FailedCreate event with the same text (the NFD workloads' rejection assumed: the page names only 'the GPU "
      "Operator'). No pod exists in gpu-operator; the ClusterPolicy cluster-policy exists with no status (the "
      "operator never ran). No ResourceQuota is in the bundle (none exists in the namespace).")
def _(w, t):
    w.git_version = _GKE_VER
    ns = _GKE_NS
    cpu_nodes = ["gke-skypilot-default-pool-5f3a2c1e-7k2m", "gke-skypilot-default-pool-5f3a2c1e-q9xd"]
    gpu = "gke-skypilot-gpu-pool-8c41b7d2-m3vt"
    gke = {"cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
           "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/machine-family": "e2",
           "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-c"}
    for n in cpu_nodes:
        node = w.node(n, cpu="4", memory="16393244Ki", alloc_cpu="3920m", alloc_memory="13252124Ki",
                      labels={**gke, "cloud.google.com/gke-nodepool": "default-pool",
                              "node.kubernetes.io/instance-type": "e2-standard-4"})
        node_info(node, osImage="Container-Optimized OS from Google", kernelVersion="6.6.72+",
                  containerRuntimeVersion="containerd://1.7.24", kubeletVersion=_GKE_VER,
                  kubeProxyVersion=_GKE_VER)
    gnode = w.node(gpu, cpu="4", memory="15358940Ki", alloc_cpu="3920m", alloc_memory="12313820Ki",
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
                   labels={**gke, "cloud.google.com/machine-family": "n1", "cloud.google.com/gke-nodepool": "gpu-pool",
                           "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                           "cloud.google.com/gke-accelerator-count": "1",
                           "gke-no-default-nvidia-gpu-device-plugin": "true",
                           "node.kubernetes.io/instance-type": "n1-standard-4"})
    node_info(gnode, osImage="Container-Optimized OS from Google", kernelVersion="6.6.72+",
              containerRuntimeVersion="containerd://1.7.24", kubeletVersion=_GKE_VER, kubeProxyVersion=_GKE_VER)
    nodes = cpu_nodes + [gpu]

    # kube-system as GKE runs it (abbreviated)
    for n in nodes:
        kp = w.pod(KS, f"kube-proxy-{n}", node=n, gpu=0, containers=("kube-proxy",),
                   image=f"gke.gcr.io/kube-proxy-amd64:{_GKE_VER}", labels={"component": "kube-proxy"},
                   cpu="100m", memory="64Mi")
        kp["spec"]["priorityClassName"] = _CRITICAL
    _kube_system_ds(w, "fluentbit-gke", "fluentbit-gke", nodes, "gke.gcr.io/fluent-bit:v1.8.12-gke.36",
                    "fluentbit", {"k8s-app": "fluentbit-gke"})
    _kube_system_ds(w, "gke-metrics-agent", "gke-metrics-agent", nodes, "gke.gcr.io/gke-metrics-agent:1.14.3-gke.0",
                    "gke-metrics-agent", {"component": "gke-metrics-agent"})
    dns = w.pod(KS, "kube-dns-7c8b9d6f5d-h2k8q", node=cpu_nodes[0], gpu=0, containers=("kubedns", "dnsmasq", "sidecar"),
                image="gke.gcr.io/k8s-dns-kube-dns:1.23.0-gke.9", labels={"k8s-app": "kube-dns"},
                owner=("ReplicaSet", "kube-dns-7c8b9d6f5d"), cpu="100m", memory="70Mi")
    w.workload("Deployment", KS, "kube-dns", template_pod=dns,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})

    # the GPU Operator chart: every controller's pods refused by the quota admission
    rel = "gpu-operator"
    _rejected_deployment(w, ns, "gpu-operator", "gpu-operator-7bbf8bb6b7", "gpu-operator",
                         f"nvcr.io/nvidia/gpu-operator:{_OPERATOR}",
                         {"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator",
                          "app.kubernetes.io/instance": rel, "app.kubernetes.io/managed-by": "Helm"}, t)
    nfd_lab = {"app.kubernetes.io/name": "node-feature-discovery", "app.kubernetes.io/instance": rel}
    for role, rs in (("master", "gpu-operator-node-feature-discovery-master-6d5f9c8b7c"),
                     ("gc", "gpu-operator-node-feature-discovery-gc-5b8c7d9f6d")):
        _rejected_deployment(w, ns, f"gpu-operator-node-feature-discovery-{role}", rs, role, _NFD,
                             {**nfd_lab, "role": role}, t)
    wname = "gpu-operator-node-feature-discovery-worker"
    wt = _rejected_template(w, ns, wname, "worker", _NFD, {**nfd_lab, "role": "worker"},
                            tolerations=[{"key": "nvidia.com/gpu", "operator": "Equal", "value": "present",
                                          "effect": "NoSchedule"}])
    st = ds_status(3, 0, 0)
    ds = w.workload("DaemonSet", ns, wname, template_pod=wt, status=st)
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["metadata"] = {"labels": {**nfd_lab, "role": "worker"}}
    w.event(ns, "DaemonSet", wname, "FailedCreate", t, component="daemonset-controller", count=27)

    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/managed-by": "Helm"},
                     "annotations": {"meta.helm.sh/release-name": rel, "meta.helm.sh/release-namespace": ns}},
        "spec": {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": True},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "dcgmExporter": {"enabled": True}, "gfd": {"enabled": True}}}]
    w.target("Deployment", ns, "gpu-operator")


# ---- plugin: no nvidia.com/gpu on the nodes, no GPU operator installed (SkyPilot Kubernetes debugging guide) -----

_EKS_GPU = "ip-192-168-54-76.us-west-2.compute.internal"
_EKS_CPU = "ip-192-168-17-203.us-west-2.compute.internal"
_EKS_VER = "v1.30.8-eks-2d5f260"


@case("fa2802", node_subj(_EKS_GPU),
      "Amazon EKS v1.30 (assumed; the page names no distribution): a CPU node group (one m5.xlarge) and a GPU "
      "node group (one g5.xlarge, one NVIDIA A10G) on the EKS accelerated Amazon Linux 2 AMI, whose host carries "
      "the NVIDIA driver and container toolkit (the guide's EKS section: 'EKS clusters already come with Nvidia "
      "drivers set up'). No NVIDIA device plugin DaemonSet and no GPU Operator are installed, so the GPU node's "
      "capacity and allocatable have no nvidia.com/gpu (the page's check); the node carries EKS's instance-type "
      "and node-group labels only (no GPU labels, no skypilot.co/accelerator). kube-system: aws-node and "
      "kube-proxy on both nodes, coredns (2/2). The page's GPU test pod skygputest (container nvidia-smi, image "
      "nvidia/cuda:12.3.1-devel-ubuntu20.04, limit nvidia.com/gpu 1, restartPolicy Never; from the stored test "
      "manifest) is Pending with the default scheduler's FailedScheduling event (wording assumed). The case's "
      "text is the page's prose and is NOT in the bundle.")
def _(w, t):
    w.git_version = _EKS_VER
    for name, inst, ng, cpu, mem in ((_EKS_CPU, "m5.xlarge", "cpu-ng", "4", "15896988Ki"),
                                     (_EKS_GPU, "g5.xlarge", "gpu-ng", "4", "16092196Ki")):
        n = w.node(name, cpu=cpu, memory=mem, alloc_cpu="3920m", alloc_memory="15136164Ki" if ng == "cpu-ng" else
                   "15331372Ki", pods_cap="58", labels=eks_labels(inst, nodegroup=ng, zone="us-west-2a"))
        node_info(n, **EKS_AL2_OS, kernelVersion="5.10.230-223.885.amzn2.x86_64",
                  containerRuntimeVersion="containerd://1.7.23", kubeletVersion=_EKS_VER, kubeProxyVersion=_EKS_VER)
    nodes = [_EKS_CPU, _EKS_GPU]
    _kube_system_ds(w, "aws-node", "aws-node", nodes, "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.19.0-eksbuild.1",
                    "aws-node", {"k8s-app": "aws-node"})
    _kube_system_ds(w, "kube-proxy", "kube-proxy", nodes,
                    "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.30.6-minimal-eksbuild.3",
                    "kube-proxy", {"k8s-app": "kube-proxy"})
    tmpl = None
    for sfx, n in (("4xq2n", _EKS_CPU), ("9bz7w", _EKS_CPU)):
        p = w.pod(KS, f"coredns-787cb67946-{sfx}", node=n, gpu=0, containers=("coredns",),
                  image="602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.11.3-eksbuild.2",
                  labels={"k8s-app": "kube-dns"}, owner=("ReplicaSet", "coredns-787cb67946"), cpu="100m",
                  memory="70Mi")
        tmpl = tmpl or p
    w.workload("Deployment", KS, "coredns", replicas=2, template_pod=tmpl,
               status={"replicas": 2, "readyReplicas": 2, "availableReplicas": 2, "updatedReplicas": 2,
                       "observedGeneration": 1})

    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    p = w.pod("default", "skygputest", gpu=1, phase="Pending", scheduled_message=msg, containers=("nvidia-smi",),
              image="nvidia/cuda:12.3.1-devel-ubuntu20.04", cpu="100m", memory="128Mi")
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    p["spec"]["containers"][0]["resources"] = {"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}}
    p["status"]["qosClass"] = "BestEffort"
    w.event("default", "Pod", "skygputest", "FailedScheduling", msg, component="default-scheduler", count=4)
    w.target("Node", None, _EKS_GPU)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
