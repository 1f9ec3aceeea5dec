"""First-contact batch B2 (fixtures/first-contact/batch-b2/cases.jsonl) as scenario bundles.

Real node-layer cases from public threads that no rule was written for, sampled with the fixed query list in the
batch README: an EKS node whose time-sliced replicas of a broken GPU were only partly marked unhealthy, Karpenter
GPU runner nodes whose Amazon Linux image carries a driver that does not work, aks-engine GPU agent nodes on Azure
Stack Hub without the device-plugin addon, an OpenPAI GPU worker left NotReady after a driver change broke the NVIDIA
runtime its kubelet container starts with, and a healthy look-alike (the GPU Operator's device-plugin alert on an
OpenShift install that disables the NVIDIA device plugin on purpose). Every text is prose and is not placed in the
bundle; each builder builds the cluster state the thread describes. The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b2      # (re)writes fixtures/first-contact/batch-b2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, host_node, no_gpu_resource, plugin_ds, plugin_pod, remove_stack_pod,
                                            set_image, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, World
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-b2", "B2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): all of them
TEXT_NOT_IN_BUNDLE = {"fb201", "fb202", "fb203", "fb204", "fb205"}


# ---- world helpers (batch B2) ----------------------------------------------------------------

def _info(os_image: str, kernel: str, runtime: str, kubelet: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": runtime,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet, "architecture": "amd64",
            "operatingSystem": "linux"}


def _set_resource(node: dict, resource: str, capacity: str, allocatable: str) -> None:
    node["status"]["capacity"][resource] = capacity
    node["status"]["allocatable"][resource] = allocatable


def _unreachable(node: dict) -> None:
    """The node controller's view of a node whose kubelet stopped posting status: conditions Unknown, taints."""
    for c in node["status"]["conditions"]:
        c.update({"status": "Unknown", "reason": "NodeStatusUnknown", "message": "Kubelet stopped posting node status.",
                  "lastTransitionTime": T1})
    node["spec"]["taints"] = [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                              {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]


def _daemonset(w: World, ns: str, name: str, pod: dict) -> None:
    """The DaemonSet that owns `pod` (one node, its pod ready), as the controller reports it."""
    status = {"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1, "numberAvailable": 1,
              "updatedNumberScheduled": 1, "numberMisscheduled": 0, "observedGeneration": 1}
    wl = w.workload("DaemonSet", ns, name, template_pod=pod, status=status)
    wl["spec"]["selector"] = {"matchLabels": {"app": name}}
    wl["spec"]["template"]["metadata"]["labels"] = {"app": name}


def _not_ready(pod: dict) -> None:
    """A pod on an unreachable node as the node controller leaves it: phase unchanged, Ready False."""
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c.update({"status": "False", "lastTransitionTime": T1})
    for s in pod["status"]["containerStatuses"]:
        s["ready"] = False


# ---- node layer ------------------------------------------------------------------------------

@case("fb201", node_subj("ip-10-0-37-148.us-west-2.compute.internal"),
      "EKS node `ip-10-0-37-148.us-west-2.compute.internal` of a managed nodegroup (g5.xlarge with one NVIDIA A10G "
      "assumed; Amazon Linux 2023, kernel 6.1, containerd, Kubernetes v1.34 as in the thread; exact version strings "
      "assumed) with the NVIDIA device plugin DaemonSet (Helm chart in kube-system, time-slicing with 4 replicas; "
      "chart version assumed) Running: the node advertises nvidia.com/gpu capacity 4 and allocatable 3, one replica "
      "of the broken GPU marked unhealthy and three still allocatable; GFD-style sharing labels "
      "(nvidia.com/gpu.replicas 4, product NVIDIA-A10G-SHARED) assumed. The Xid kernel line and the plugin's log are "
      "not quoted in the thread, so none is added. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ip-10-0-37-148.us-west-2.compute.internal"
    labels = eks_labels("g5.xlarge", "gpu-timesliced")
    labels.update({"topology.kubernetes.io/region": "us-west-2", "nvidia.com/gpu.present": "true",
                   "nvidia.com/gpu.product": "NVIDIA-A10G-SHARED", "nvidia.com/gpu.count": "1",
                   "nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                   "nvidia.com/gpu.memory": "23028"})
    host_node(w, node, gpus=4, allocatable=3, labels=labels,
              info=_info("Amazon Linux 2023.9.20260701", "6.1.141-165.249.amzn2023.x86_64", "containerd://2.0.5",
                         "v1.34.0-eks-3025e55"))
    p = plugin_pod(w, node, "nvidia-device-plugin-4xk9t", log=None, image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    p["spec"]["containers"][0]["args"] = ["--config-file=/config/config.yaml"]
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin-daemonset")
    w.target("Node", None, node)


@case("fb202", node_subj("ip-10-12-88-201.us-east-2.compute.internal"),
      "EKS node `ip-10-12-88-201.us-east-2.compute.internal` launched by Karpenter (NodePool `gpu-runners`, "
      "EC2NodeClass with the default Amazon Linux 2 image; g5.4xlarge with one NVIDIA A10G assumed; kernel, "
      "containerd and kubelet strings for Kubernetes 1.29 in March 2024 assumed) for the ARC GPU runners: the "
      "installed NVIDIA driver does not work, so the node has no GPU labels and no nvidia.com/gpu; no NVIDIA device "
      "plugin or GFD is deployed yet (ci-infra PR #89 added them later). nvidia-smi's output is not quoted, so no "
      "exec output or kernel log is added. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ip-10-12-88-201.us-east-2.compute.internal"
    labels = eks_labels("g5.4xlarge", "gpu-runners")
    labels.pop("eks.amazonaws.com/nodegroup", None)
    labels.update({"karpenter.sh/nodepool": "gpu-runners", "karpenter.sh/capacity-type": "on-demand",
                   "karpenter.k8s.aws/ec2nodeclass": "gpu-runners", "karpenter.k8s.aws/instance-family": "g5",
                   "karpenter.k8s.aws/instance-gpu-count": "1", "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
                   "karpenter.k8s.aws/instance-gpu-name": "a10g"})
    host_node(w, node, advertised=False, labels=labels,
              info=_info("Amazon Linux 2", "5.10.210-201.852.amzn2.x86_64", "containerd://1.7.11",
                         "v1.29.0-eks-5e0fdde"))
    w.target("Node", None, node)


@case("fb203", node_subj("k8s-linuxpool-31415926-0"),
      "aks-engine cluster on Azure Stack Hub: Linux agent node `k8s-linuxpool-31415926-0` (Standard_NC6s_v3, one "
      "Tesla V100; pool and node names, AKS Ubuntu 16.04 image, kernel and docker strings assumed for October 2020) on "
      "Kubernetes 1.17.11; the nvidia-device-plugin addon is not enabled, so no device-plugin DaemonSet exists and "
      "capacity/allocatable have no nvidia.com/gpu and the node has no GPU labels. The text is prose and not placed in "
      "the bundle.")
def _(w, t):
    node = "k8s-linuxpool-31415926-0"
    labels = {"agentpool": "linuxpool", "kubernetes.azure.com/role": "agent", "kubernetes.io/role": "agent",
              "node-role.kubernetes.io/agent": "", "beta.kubernetes.io/instance-type": "Standard_NC6s_v3",
              "node.kubernetes.io/instance-type": "Standard_NC6s_v3", "storageprofile": "managed",
              "storagetier": "Premium_LRS", "kubernetes.azure.com/cluster": "k8s-ash-gpu"}
    n = host_node(w, node, advertised=False, labels=labels,
                  info=_info("Ubuntu 16.04.7 LTS", "4.15.0-1096-azure", "docker://19.3.12", "v1.17.11"))
    strip_gfd(n, deploy=True)
    w.target("Node", None, node)


@case("fb204", node_subj("pai-gpu-worker-3"),
      "OpenPAI GPU worker `pai-gpu-worker-3` (4 x Tesla P100, Ubuntu 16.04, docker with nvidia-container-runtime as "
      "default runtime, kubelet run as a docker container by paictl; node name, GPU count, kernel, docker and "
      "Kubernetes v1.14 strings assumed) after a reboot that followed a driver change: the kubelet never came back, "
      "so the node's conditions are Unknown ('Kubelet stopped posting node status.') with the unreachable taints, "
      "capacity/allocatable still show the last reported nvidia.com/gpu 4, and the NVIDIA device-plugin pod on it "
      "(kube-system DaemonSet, image nvidia/k8s-device-plugin:1.0.0-beta4 assumed) is left Running with Ready False. "
      "The docker error of the text is host output and is not placed. The text is prose and not placed in the "
      "bundle.")
def _(w, t):
    node = "pai-gpu-worker-3"
    n = host_node(w, node, gpus=4, labels={"pai-worker": "true", "machinetype": "gpu-p100"},
                  info=_info("Ubuntu 16.04.6 LTS", "4.15.0-64-generic", "docker://18.9.7", "v1.14.2"))
    _unreachable(n)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-8mwzp", log=None,
                   image="nvidia/k8s-device-plugin:1.0.0-beta4")
    _not_ready(p)
    plugin_ds(w, KS, [p])
    w.event("default", "Node", node, "NodeNotReady", f"Node {node} status is now: NodeNotReady", type="Normal",
            component="node-controller")
    w.target("Node", None, node)


@case("fb205", node_subj("worker-gpu-a100-0"),
      "OpenShift GPU worker `worker-gpu-a100-0` (one A100 40GB in MIG mode, RHCOS/CRI-O/kubelet strings for OpenShift "
      "4.19 and all names assumed) with the GPU Operator stack (driver, toolkit, GFD, validator; namespace gpu-operator "
      "as in the scenario writer) Running and its ClusterPolicy `gpu-cluster-policy` as quoted in the thread "
      "(devicePlugin.enabled false, nodeStatusExporter enabled, mig.strategy mixed, migManager enabled; state ready); "
      "the node-status-exporter pod Running (operator images the scenario writer's v24.9.0 defaults; the operator version "
      "is not stated); no MIG-manager pod is modelled (the node's mig.config.state label is success); no NVIDIA "
      "device-plugin pod and the node's "
      "nvidia.com/gpu.deploy.device-plugin label false; the node's GPUs are served by a third-party MIG partitioning "
      "operator (modelled as the Dynamic Accelerator Slicer, namespace das-operator, its daemonset pod Running) that "
      "advertises nvidia.com/mig-1g.5gb 7, with a Running workload pod using one slice (assumed). The alert lives in "
      "Prometheus and is not part of the bundle. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "worker-gpu-a100-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                   labels={"node-role.kubernetes.io/worker": "",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.config": "all-balanced", "nvidia.com/mig.config.state": "success",
                           "nvidia.com/gpu.deploy.device-plugin": "false",
                           "nvidia.com/gpu.deploy.node-status-exporter": "true",
                           "nvidia.com/gpu.deploy.mig-manager": "true"})
    n["status"]["nodeInfo"].update(_info("Red Hat Enterprise Linux CoreOS 9.6.20260301-0 (Plow)",
                                         "5.14.0-570.49.1.el9_6.x86_64", "cri-o://1.32.8-2.rhaos4.19.git1c2a3b4.el9",
                                         "v1.32.8"))
    no_gpu_resource(n)
    _set_resource(n, "nvidia.com/mig-1g.5gb", "7", "7")
    remove_stack_pod(w, node, "device-plugin")
    set_image(w.get_pod(OPERATOR_NS, w.stack(node, "gfd")), "gpu-feature-discovery",
              "nvcr.io/nvidia/gpu-feature-discovery:v24.9.0")
    nse = w.pod(OPERATOR_NS, "nvidia-node-status-exporter-7hq2d", node=node, gpu=0,
                containers=("nvidia-node-status-exporter",),
                labels={"app": "nvidia-node-status-exporter", "app.kubernetes.io/part-of": "gpu-operator"},
                owner=("DaemonSet", "nvidia-node-status-exporter"), tolerations=TOLERATE_GPU)
    set_image(nse, "nvidia-node-status-exporter", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.0")
    _daemonset(w, OPERATOR_NS, "nvidia-node-status-exporter", nse)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": False},
                 "gfd": {"enabled": True}, "nodeStatusExporter": {"enabled": True}, "mig": {"strategy": "mixed"},
                 "migManager": {"enabled": True}, "operator": {"defaultRuntime": "crio"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    das = w.pod("das-operator", "das-daemonset-5kz7r", node=node, gpu=0, containers=("das-daemonset",),
                image="registry.redhat.io/das-operator/das-daemonset-rhel9:1.0.0",
                labels={"app": "das-daemonset"}, owner=("DaemonSet", "das-daemonset"), tolerations=TOLERATE_GPU)
    _daemonset(w, "das-operator", "das-daemonset", das)
    w.pod("ml", "llm-embed-0", node=node, resource="nvidia.com/mig-1g.5gb", containers=("server",),
          image="quay.io/modh/vllm:rhoai-2.25", owner=("StatefulSet", "llm-embed"), tolerations=TOLERATE_GPU)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
