"""Builds first-contact batch B12 (fixtures/first-contact/batch-b12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures and look-alikes that no rule was written for, sampled with the fixed list of 120
queries in the batch README, sent to all four corpora of the `search` tool at once (30 each to issues, pages, docs
and code), the node layer emphasised and other layers taken as they came. All five cases are prose cases: the
case's text (a commenter's, a reporter's or a documentation entry's own words) is not placed in the bundle, which
carries the cluster state the source describes. The expected answer was reasoned from the source (`expected` in
the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node names, instance sizes, kernels, kubelet and container
runtime builds, image tags, GPU models, namespaces, pod names) are filled in plausibly; each scenario's README
says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b12      # (re)writes fixtures/first-contact/batch-b12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, eks_labels
from tests.classify.first_contact_b import KS, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenario_builder import OPERATOR_NS, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b12", "B12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def set_ready(node: dict, status: str, reason: str, message: str) -> None:
    """Replace a node's Ready condition (and, for an Unknown node, its pressure conditions) with the given one."""
    for c in node["status"]["conditions"]:
        if c["type"] == "Ready":
            c.update({"status": status, "reason": reason, "message": message, "lastTransitionTime": T1})
        elif status == "Unknown":
            c.update({"status": "Unknown", "reason": "NodeStatusUnknown",
                      "message": "Kubelet stopped posting node status.", "lastTransitionTime": T1})


def waiting(container: str, reason: str = "ContainerCreating") -> dict:
    return {container: {"state": {"waiting": {"reason": reason}}, "ready": False, "restartCount": 0}}


# ---- fb1201: EKS g4dn worker NotReady, the VPC CNI version does not support the g4dn family ---------

_FB1201_INFO = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.146-119.123.amzn2.x86_64",
                "containerRuntimeVersion": "docker://18.6.1", "kubeletVersion": "v1.14.7-eks-1861c5",
                "kubeProxyVersion": "v1.14.7-eks-1861c5"}
_FB1201_CNI = "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.5.3"
_FB1201_NOT_READY = ("runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: "
                     "network plugin is not ready: cni config uninitialized")
_NOT_READY_TAINT = {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule", "timeAdded": T1}


@case("fb1201", node_subj("ip-192-168-71-12.us-west-2.compute.internal"),
      "An EKS 1.14 cluster in us-west-2 (2019; the Kubernetes, kubelet, Docker, kernel and AMI builds, the node names "
      "and the CNI image v1.5.3 are assumed: the commenter says only that his CNI plugin version did not support the "
      "g4dn family) with a Ready m5.large worker and a g4dn.xlarge GPU worker (AMI amazon-eks-gpu-node-1.14). The GPU "
      "worker is NotReady: its Ready condition carries the kubelet's message 'runtime network not ready: "
      "NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config "
      "uninitialized' (the thread's title message), with the not-ready taint. Its aws-node pod (the VPC CNI "
      "DaemonSet, 1 of 2 ready) is Running but not ready, with no log in the bundle (the comment does not describe it); "
      "the NVIDIA device plugin DaemonSet pod (the EKS-documented static manifest, image 1.0.0-beta4 assumed) waits in "
      "ContainerCreating there, so the node advertises no nvidia.com/gpu. A GPU pod (names assumed) is Pending with "
      "the scheduler's FailedScheduling event. The text is the commenter's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.14.7-eks-1861c5"
    cpu = "ip-192-168-20-201.us-west-2.compute.internal"
    gpu = "ip-192-168-71-12.us-west-2.compute.internal"
    n0 = w.node(cpu, cpu="2", memory="7865708Ki", alloc_cpu="2", alloc_memory="7763308Ki", pods_cap="29",
                labels=eks_labels("m5.large", "ng-cpu", "us-west-2a"))
    node_info(n0, **_FB1201_INFO)
    n = host_node(w, gpu, gpus=1, advertised=False, info=_FB1201_INFO,
                  labels=eks_labels("g4dn.xlarge", "ng-gpu", "us-west-2b"))
    sized(n, "4", "16106104Ki")
    n["status"]["capacity"]["pods"] = n["status"]["allocatable"]["pods"] = "29"
    set_ready(n, "False", "KubeletNotReady", _FB1201_NOT_READY)
    n["spec"]["taints"] = [_NOT_READY_TAINT]
    # the VPC CNI DaemonSet: its pod on the g4dn node is not ready (no CNI config written there)
    daemonset(w, KS, "aws-node", desired=2, ready=1, containers=[("aws-node", _FB1201_CNI)],
              labels={"k8s-app": "aws-node"})
    ds_pod(w, KS, "aws-node", "aws-node-8xq2m", cpu, containers=("aws-node",), image=_FB1201_CNI,
           cpu="10m", memory="64Mi")
    ds_pod(w, KS, "aws-node", "aws-node-t7kfw", gpu, containers=("aws-node",), image=_FB1201_CNI, ready=False,
           cpu="10m", memory="64Mi")
    image = "nvidia/k8s-device-plugin:1.0.0-beta4"
    p = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-zq4lp", ns=KS, log=None, ready=False,
                   statuses=waiting("nvidia-device-plugin-ctr"), image=image)
    p["status"]["phase"] = "Pending"
    plugin_ds(w, KS, [p])
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had taints that the pod didn't tolerate."
    w.pod("default", "gpu-train-0", gpu=1, containers=("train",), image="tensorflow/tensorflow:1.15.0-gpu-py3",
          labels={"app": "gpu-train"}, scheduled_message=msg, tolerations=GPU_TOLERATION, cpu="2", memory="8Gi")
    w.event("default", "Pod", "gpu-train-0", "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Node", None, gpu)


# ---- fb1202: deploy-flyte EKS, a worker taint tolerated neither by Flyte's pods nor the device plugin ---

_FB1202_INFO = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.192-183.736.amzn2.x86_64",
                "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.27.4-eks-8ccc7ba",
                "kubeProxyVersion": "v1.27.4-eks-8ccc7ba"}
_FLYTE_TAINT = {"key": "flyte.org/node-role", "value": "worker", "effect": "NoSchedule"}
_GPU_TAINT = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
_FB1202_NS = "flytesnacks-development"
_FB1202_POD = "f7c2a9e4b1d8a6c3e5f0-n0-0"
_FB1202_PLUGIN = "nvcr.io/nvidia/k8s-device-plugin:v0.14.1"


@case("fb1202", pod_subj(_FB1202_POD, _FB1202_NS),
      "An EKS 1.27 cluster built with the deploy-flyte Terraform modules (2023-09; EKS, kubelet, containerd, kernel "
      "builds, node names, the g4dn.xlarge and m5.2xlarge instance types and the Flyte execution names are assumed) "
      "with a CPU worker node and a GPU worker node. The eks module put the taint flyte.org/node-role=worker:NoSchedule "
      "on both worker node groups and nvidia.com/gpu=present:NoSchedule on the GPU one (the reporter's and the "
      "maintainer's words). The NVIDIA device plugin DaemonSet (the nvdp Helm chart, v0.14.1 assumed, in "
      "kube-system) tolerates only nvidia.com/gpu, so it has 0 pods desired and the GPU node advertises no "
      "nvidia.com/gpu. A Flyte GPU task pod (namespace flytesnacks-development, image assumed; Flyte adds the "
      "nvidia.com/gpu toleration to GPU tasks) does not tolerate flyte.org/node-role and is Pending with the "
      "scheduler's FailedScheduling event naming the taint. Whether a device plugin DaemonSet existed before the "
      "reporter's reinstall is not stated; the chart's default one is assumed. The text is the reporter's prose and is "
      "not placed.")
def _(w, t):
    w.git_version = "v1.27.4-eks-8ccc7ba"
    cpu = "ip-10-0-41-118.us-east-2.compute.internal"
    gpu = "ip-10-0-57-203.us-east-2.compute.internal"
    n0 = w.node(cpu, cpu="8", memory="32386744Ki", alloc_cpu="7910m", alloc_memory="31369912Ki", pods_cap="58",
                labels={**eks_labels("m5.2xlarge", "flyte-worker-cpu", "us-east-2a"), "flyte.org/node-role": "worker"},
                taints=[_FLYTE_TAINT])
    node_info(n0, **_FB1202_INFO)
    n = host_node(w, gpu, gpus=1, advertised=False, info=_FB1202_INFO,
                  labels={**eks_labels("g4dn.xlarge", "flyte-worker-gpu", "us-east-2b"),
                          "flyte.org/node-role": "worker", "k8s.amazonaws.com/accelerator": "nvidia-tesla-t4"})
    sized(n, "4", "15896988Ki")
    n["status"]["allocatable"].update({"cpu": "3920m", "memory": "14880156Ki"})
    n["status"]["capacity"]["pods"] = n["status"]["allocatable"]["pods"] = "29"
    n["spec"]["taints"] = [_FLYTE_TAINT, _GPU_TAINT]
    daemonset(w, KS, "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", _FB1202_PLUGIN)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "nvidia-device-plugin",
                                                  "app.kubernetes.io/instance": "nvidia-device-plugin"})
    msg = ("0/2 nodes are available: 2 node(s) had untolerated taint {flyte.org/node-role: worker}. preemption: 0/2 "
           "nodes are available: 2 Preemption is not helpful for scheduling..")
    tolerations = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    w.pod(_FB1202_NS, _FB1202_POD, gpu=1, containers=("f7c2a9e4b1d8a6c3e5f0-n0-0",),
          image="ghcr.io/flyteorg/flytekit:py3.10-1.9.1",
          labels={"execution-id": "f7c2a9e4b1d8a6c3e5f0", "node-id": "n0", "interruptible": "false"},
          owner=("FlyteWorkflow", "f7c2a9e4b1d8a6c3e5f0"), scheduled_message=msg, tolerations=tolerations,
          cpu="1", memory="2Gi")
    p = w.get_pod(_FB1202_NS, _FB1202_POD)
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "flyte.lyft.com/v1alpha1"
    w.event(_FB1202_NS, "Pod", _FB1202_POD, "FailedScheduling", msg, component="default-scheduler", count=4)
    w.target("Pod", _FB1202_NS, _FB1202_POD)


# ---- fb1203: k3s + KubeVirt, allocatable of a passthrough T4 unchanged while a VM holds it (by design) ----

_FB1203_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-125-generic",
                "containerRuntimeVersion": "containerd://1.7.3-k3s1", "kubeletVersion": "v1.28.1+k3s1",
                "kubeProxyVersion": "v1.28.1+k3s1"}
_FB1203_NODE = "k3s-gpu-01"
_T4_RESOURCE = "nvidia.com/TU104GL_TESLA_T4"
_FB1203_VM_POD = "virt-launcher-win-t4-vm-7xk2p"


@case("fb1203", node_subj(_FB1203_NODE),
      "A single-node k3s v1.28.1+k3s1 cluster (node name, Ubuntu and kernel builds, the GPU Operator version v24.9.0, "
      "the VM's name and namespace assumed) with KubeVirt 1.2 and one Tesla T4 bound to vfio-pci for passthrough by "
      "the GPU Operator's sandbox workloads (nvidia.com/gpu.workload.config=vm-passthrough). The node is Ready and "
      "advertises the T4 through the sandbox device plugin as nvidia.com/TU104GL_TESLA_T4 (capacity 1, allocatable "
      "1; the resource name follows the sandbox plugin's naming), and no nvidia.com/gpu. The GPU Operator's "
      "vfio-manager and sandbox device plugin pods and the sandbox validator run on the node. A VirtualMachine's "
      "virt-launcher pod (namespace vms) is Running and holds the T4 (its compute container requests "
      "nvidia.com/TU104GL_TESLA_T4: 1). Nothing in the cluster is failing; the text is the reporter's prose and is not "
      "placed.")
def _(w, t):
    w.git_version = "v1.28.1+k3s1"
    n = w.node(_FB1203_NODE, gpus=1, resource=_T4_RESOURCE, cpu="32", memory="131890940Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
                       "nvidia.com/gpu.deploy.vfio-manager": "true",
                       "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                       "nvidia.com/gpu.deploy.sandbox-validator": "true",
                       "kubevirt.io/schedulable": "true"})
    node_info(n, **_FB1203_INFO)
    op_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    for app, pname, container, image in (
            ("nvidia-vfio-manager", "nvidia-vfio-manager-5r9tm", "nvidia-vfio-manager",
             "nvcr.io/nvidia/cuda:12.6.2-base-ubi9"),
            ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-daemonset-k4hq8",
             "nvidia-sandbox-device-plugin-ctr", "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.10"),
            ("nvidia-sandbox-validator", "nvidia-sandbox-validator-w2b6d", "nvidia-sandbox-validator",
             "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.0")):
        daemonset(w, OPERATOR_NS, app, desired=1, containers=[(container, image)], tolerations=op_tol,
                  labels={"app": app})
        ds_pod(w, OPERATOR_NS, app, pname, _FB1203_NODE, containers=(container,), image=image,
               tolerations=op_tol, cpu="10m", memory="64Mi")
    p = w.pod("vms", _FB1203_VM_POD, node=_FB1203_NODE, gpu=1, resource=_T4_RESOURCE, containers=("compute",),
              image="quay.io/kubevirt/virt-launcher:v1.2.0",
              labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": "win-t4-vm"},
              owner=("VirtualMachineInstance", "win-t4-vm"), cpu="4", memory="16Gi")
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "kubevirt.io/v1"
    w.target("Node", None, _FB1203_NODE)


# ---- fb1204: OpenShift 4.6, stale MIG resource names left at 0 after a MIG strategy change (by design) ----

_FB1204_INFO = {"osImage": "Red Hat Enterprise Linux CoreOS 46.82.202010301241-0 (Ootpa)",
                "kernelVersion": "4.18.0-193.28.1.el8_2.x86_64",
                "containerRuntimeVersion": "cri-o://1.19.0-22.rhaos4.6.gitc0306f1.el8",
                "kubeletVersion": "v1.19.0+d59ce34", "kubeProxyVersion": "v1.19.0+d59ce34"}
_FB1204_NODE = "worker-a100-0"
_FB1204_PLUGIN = "nvcr.io/nvidia/k8s-device-plugin:v0.7.0-ubi8"
_FB1204_PLUGIN_LOG = """2020/12/09 10:41:17 Loading NVML
2020/12/09 10:41:17 Starting FS watcher.
2020/12/09 10:41:17 Starting OS watcher.
2020/12/09 10:41:17 Retreiving plugins.
2020/12/09 10:41:17 Starting GRPC server for 'nvidia.com/gpu'
2020/12/09 10:41:17 Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock
2020/12/09 10:41:17 Registered device plugin for 'nvidia.com/gpu' with Kubelet
"""


@case("fb1204", node_subj(_FB1204_NODE),
      "An OpenShift 4.6.1 cluster (Kubernetes v1.19.0+d59ce34, RHCOS 46.82, CRI-O 1.19; node name, kernel build and "
      "the namespace assumed) with an A100 worker (40 GB) whose MIG configuration was just changed, strategy mixed -> "
      "single. The NVIDIA device plugin v0.7.0-ubi8 (a DaemonSet in kube-system, args --mig-strategy=single; its "
      "start-up log in v0.7.0's format is assumed) was killed and relaunched and is Running and registered. The node "
      "advertises nvidia.com/gpu 1 (capacity and allocatable, as the reporter's node status shows) and keeps the old "
      "layout's nvidia.com/mig-1g.5gb and nvidia.com/mig-3g.20gb at 0 in capacity and allocatable. Nothing in the "
      "cluster is failing; the text is the reporter's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.19.0+d59ce34"
    n = host_node(w, _FB1204_NODE, gpus=1, info=_FB1204_INFO,
                  labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                          "feature.node.kubernetes.io/pci-10de.present": "true"})
    sized(n, "64", "263842300Ki")
    n["status"]["allocatable"].update({"cpu": "63500m", "memory": "262691324Ki"})
    for res in ("nvidia.com/mig-1g.5gb", "nvidia.com/mig-3g.20gb"):
        n["status"]["capacity"][res] = "0"
        n["status"]["allocatable"][res] = "0"
    p = plugin_pod(w, _FB1204_NODE, "nvidia-device-plugin-daemonset-6jxzd", ns=KS, log=_FB1204_PLUGIN_LOG,
                   image=_FB1204_PLUGIN)
    p["spec"]["containers"][0]["args"] = ["--mig-strategy=single", "--pass-device-specs=true",
                                          "--fail-on-init-error=true", "--device-list-strategy=envvar",
                                          "--nvidia-driver-root=/run/nvidia/driver"]
    p["status"]["startTime"] = T1
    for s in p["status"]["containerStatuses"]:
        s["state"] = {"running": {"startedAt": T1}}
    plugin_ds(w, KS, [p])
    w.target("Node", None, _FB1204_NODE)


# ---- fb1205: Run:ai GPU worker NotReady after researchers over-allocate memory, nothing reserved -------

_FB1205_INFO = {"osImage": "Ubuntu 18.04.4 LTS", "kernelVersion": "4.15.0-96-generic",
                "containerRuntimeVersion": "docker://19.3.8", "kubeletVersion": "v1.17.4",
                "kubeProxyVersion": "v1.17.4"}
_FB1205_NODE = "dgx-worker-02"
_FB1205_NS = "runai-team-a"
_UNREACHABLE = [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]


@case("fb1205", node_subj(_FB1205_NODE),
      "A Run:ai GPU cluster on Kubernetes 1.17 (kubelet v1.17.4 as the entry names it; the distribution, Ubuntu and "
      "Docker builds, node names, the 8 x V100 GPU model, the Run:ai namespace and job names are assumed) with a "
      "control-plane node, a Ready GPU worker dgx-worker-01 and the GPU worker dgx-worker-02 that researchers' jobs "
      "over-allocated: the node reserves nothing (capacity equals allocatable for CPU and memory: no kubeReserved, "
      "systemReserved or memory.available eviction threshold in its kubelet configuration) and is NotReady, its "
      "kubelet no longer posting status (every condition Unknown, 'Kubelet stopped posting node status.'), with the "
      "node lifecycle controller's unreachable taints and NodeNotReady event. Three researchers' GPU job pods remain "
      "on it, their last reported state Running with small memory requests (the memory they actually use is not in "
      "the bundle). Slow SSH and 'top' on the node are outside the bundle layout. The text is the entry's prose and is "
      "not placed.")
def _(w, t):
    w.git_version = "v1.17.4"
    cp = w.node("k8s-master-01", cpu="16", memory="65861976Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(cp, **_FB1205_INFO)
    for name in ("dgx-worker-01", _FB1205_NODE):
        n = host_node(w, name, gpus=8, info=_FB1205_INFO,
                      labels={"node-role.kubernetes.io/runai-gpu-worker": ""})
        sized(n, "80", "527936664Ki")
    bad = w.get_node(_FB1205_NODE)
    set_ready(bad, "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
    bad["spec"]["taints"] = _UNREACHABLE
    w.event("default", "Node", _FB1205_NODE, "NodeNotReady", f"Node {_FB1205_NODE} status is now: NodeNotReady",
            type="Normal", component="node-controller", count=1)
    for node, pname in (("dgx-worker-01", "nvidia-device-plugin-daemonset-2kq9x"),
                        (_FB1205_NODE, "nvidia-device-plugin-daemonset-7bv4s")):
        plugin_pod(w, node, pname, ns=KS, image="nvcr.io/nvidia/k8s-device-plugin:v0.6.0")
    plugin_ds(w, KS, [w.get_pod(KS, "nvidia-device-plugin-daemonset-2kq9x"),
                      w.get_pod(KS, "nvidia-device-plugin-daemonset-7bv4s")])
    ds = w.workloads[("daemonsets", KS)][0]
    ds["status"].update({"numberReady": 1, "numberAvailable": 1, "numberUnavailable": 1})
    for i, (job, gpus) in enumerate((("resnet-train-ana", 2), ("bert-finetune-omer", 4), ("jupyter-dana", 1))):
        pname = f"{job}-0-0"
        w.pod(_FB1205_NS, pname, node=_FB1205_NODE, gpu=gpus, containers=(job,),
              image="nvcr.io/nvidia/pytorch:20.03-py3", labels={"app": "runaijob", "job-name": job,
                                                                "project": "team-a"},
              owner=("RunaiJob", job), scheduler="runai-scheduler", cpu="4", memory="8Gi")
        w.get_pod(_FB1205_NS, pname)["metadata"]["ownerReferences"][0]["apiVersion"] = "run.ai/v1"
    # the node lifecycle controller marks the pods of an unreachable node not ready
    for ns in (KS, _FB1205_NS):
        for p in w.pods[ns]:
            if p["spec"].get("nodeName") == _FB1205_NODE:
                for c in p["status"]["conditions"]:
                    if c["type"] == "Ready":
                        c.update({"status": "False", "lastTransitionTime": T2})
    w.target("Node", None, _FB1205_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
