"""Builds first-contact batch C13 (fixtures/first-contact/batch-c13/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures stated by documentation read whole, in file order (this round's protocol: the
EKS / AWS documents of awsdocs/amazon-eks-user-guide, bottlerocket-os/bottlerocket, aws/karpenter-provider-aws
and awslabs/amazon-eks-ami; the fixed file list and the log of every entry read are in the batch README).
Prose cases (a document's own sentences, which never reach the cluster) are listed in TEXT_NOT_IN_BUNDLE: their
text is NOT placed in the bundle; each builder builds the cluster state the document describes. The expected
answer was reasoned from the document (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Names and versions the documents do not state (cluster and node names, zones, kernels, kubelet and runtime
builds, image tags, instance types and GPU models where not named, the workloads) are filled in plausibly; each
scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c13      # (re)writes fixtures/first-contact/batch-c13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, GPU_TOLERATION, daemonset, deploy_pod, ds_pod, eks_labels, info
from tests.classify.first_contact_b import KS
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-c13", "C13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fc1302", "fc1303"}


def _no_requests(pod: dict) -> dict:
    """A system DaemonSet pod as its manifest ships it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


def _system_daemonsets(w, nodes: list[str], *, region: str, cni: str, proxy: str,
                       extra: list[tuple[str, str, str, list[str]]] = ()) -> None:
    """aws-node and kube-proxy (and `extra` (name, container, image, nodes)) DaemonSets, all pods Running."""
    sets = [("aws-node", "aws-node", f"602401143452.dkr.ecr.{region}.amazonaws.com/amazon-k8s-cni:{cni}", nodes),
            ("kube-proxy", "kube-proxy", f"602401143452.dkr.ecr.{region}.amazonaws.com/eks/kube-proxy:{proxy}",
             nodes)] + list(extra)
    for name, container, image, on in sets:
        daemonset(w, KS, name, desired=len(on), containers=[(container, image)], labels={"k8s-app": name},
                  tolerations=[{"operator": "Exists"}])
        for i, node in enumerate(on):
            p = ds_pod(w, KS, name, f"{name}-{'abcdefghjk'[i]}{len(name) % 10}x{i}q", node, containers=(container,),
                       image=image, labels={"k8s-app": name}, tolerations=[{"operator": "Exists"}])
            _no_requests(p)


def _karpenter(w, nodes: list[str], version: str) -> None:
    image = f"public.ecr.aws/karpenter/controller:{version}"
    pods = [deploy_pod(w, KS, "karpenter-5c8f7d9b6d", f"karpenter-5c8f7d9b6d-{sfx}", node, containers=("controller",),
                       image=image, labels={"app.kubernetes.io/name": "karpenter",
                                            "app.kubernetes.io/instance": "karpenter"}, cpu="1", memory="1Gi")
            for node, sfx in zip(nodes, ("p7x2k", "w4n9t"))]
    w.workload("Deployment", KS, "karpenter", replicas=len(pods), template_pod=pods[0],
               status={"replicas": len(pods), "readyReplicas": len(pods), "availableReplicas": len(pods),
                       "updatedReplicas": len(pods)})


def _al2023(node: dict, *, kubelet: str, kernel: str, os_image: str, runtime: str = "containerd://2.1.4") -> None:
    info(node, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion=runtime, kubeletVersion=kubelet,
         kubeProxyVersion=kubelet)


# ---- driver layer (EKS node monitoring agent: an NVIDIA double-bit error condition) ----------------

_UG_KUBELET = "v1.33.5-eks-3025e55"
_UG_KERNEL = "6.12.46-66.121.amzn2023.x86_64"
_UG_OS = "Amazon Linux 2023.9.20251014"


@case("fc1301", node_subj("ip-10-0-87-142.us-west-2.compute.internal"),
      "EKS 1.33 cluster (the page names the node monitoring agent, its NodeConditions, AcceleratedHardwareReady, node "
      "auto repair's 10-minute wait and the NvidiaDoubleBitError row; Kubernetes version, instance types, GPU model, "
      "node names, zone and versions assumed): a managed-node-group system node (m5.xlarge) and one GPU node of the "
      "managed node group gpu-p4d (p4d.24xlarge, 8 GPUs, EKS-optimized accelerated AL2023 NVIDIA AMI with the driver "
      "and toolkit pre-installed), both Ready, with the EKS node monitoring agent add-on (DaemonSet kube-system/"
      "eks-node-monitoring-agent, Running on both nodes) and the NVIDIA device plugin DaemonSet (kube-system/"
      "nvidia-device-plugin-daemonset, Running on the GPU node; the node still advertises 8 allocatable GPUs, "
      "assumed). On the GPU node the agent's conditions KernelReady, NetworkingReady, StorageReady and "
      "ContainerRuntimeReady are True ('Monitoring for the ... system is active', the page family's wording for a "
      "healthy condition) and AcceleratedHardwareReady is False with reason NvidiaDoubleBitError and the row's "
      "description as its message (the case's text; assumed that the agent writes it so). Auto repair has not yet "
      "acted (within its 10-minute wait): the node is not cordoned. A Running 8-GPU fine-tuning pod (namespace ml) "
      "is on the node (assumed; the page describes no workload). The page quotes no kernel line: no kernel log is "
      "written.")
def _(w, t):
    w.git_version = _UG_KUBELET
    sysn, gpu = "ip-10-0-34-17.us-west-2.compute.internal", "ip-10-0-87-142.us-west-2.compute.internal"
    n = w.node(sysn, cpu="4", memory="15896064Ki", alloc_cpu="3920m", alloc_memory="15205888Ki", pods_cap="58",
               labels=eks_labels("m5.xlarge", "system", "us-west-2a"))
    _al2023(n, kubelet=_UG_KUBELET, kernel="6.12.46-66.121.amzn2023.x86_64", os_image=_UG_OS)
    g = w.node(gpu, gpus=8, cpu="96", memory="1176948356Ki", alloc_cpu="95690m", alloc_memory="1165433476Ki",
               pods_cap="250", labels=eks_labels("p4d.24xlarge", "gpu-p4d", "us-west-2b"))
    _al2023(g, kubelet=_UG_KUBELET, kernel=_UG_KERNEL, os_image=_UG_OS)
    for typ, sysname in (("KernelReady", "Kernel"), ("NetworkingReady", "Networking"), ("StorageReady", "Storage"),
                         ("ContainerRuntimeReady", "ContainerRuntime")):
        g["status"]["conditions"].append({"type": typ, "status": "True", "reason": f"{sysname}IsReady",
                                          "message": f"Monitoring for the {sysname} system is active",
                                          "lastHeartbeatTime": T2, "lastTransitionTime": T0})
    g["status"]["conditions"].append({"type": "AcceleratedHardwareReady", "status": "False",
                                      "reason": "NvidiaDoubleBitError", "message": t,
                                      "lastHeartbeatTime": T2, "lastTransitionTime": "2026-11-29T14:52:40Z"})
    _system_daemonsets(w, [sysn, gpu], region="us-west-2", cni="v1.20.4-eksbuild.1", proxy="v1.33.3-eksbuild.6",
                       extra=[("eks-node-monitoring-agent", "eks-node-monitoring-agent",
                               "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/eks-node-monitoring-agent:"
                               "v1.4.0-eksbuild.2", [sysn, gpu])])
    plugin_image = "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1,
              containers=[("nvidia-device-plugin-ctr", plugin_image)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"})
    _no_requests(ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-r8m2v", gpu,
                        containers=("nvidia-device-plugin-ctr",), image=plugin_image,
                        labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION))
    w.pod("ml", "llm-finetune-0-kx7qd", node=gpu, gpu=8, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:25.08-py3", owner=("Job", "llm-finetune"),
          labels={"job-name": "llm-finetune"}, cpu="88", memory="1000Gi", tolerations=GPU_TOLERATION)
    w.target("Node", None, gpu)


# ---- scheduler layer (Karpenter cannot see g6f GPU capacity) -------------------------------------

_K_KUBELET = "v1.34.1-eks-113cf36"
_K_KERNEL = "6.12.46-66.121.amzn2023.x86_64"
_K_OS = "Amazon Linux 2023.9.20251014"
_K_VERSION = "1.8.1"
_PREEMPT = "No preemption victims found for incoming pod."


@case("fc1302", pod_subj("l4-inference-6d4b9c7f85-m2xqv", "ml"),
      "EKS 1.34 cluster with Karpenter v1.8 (the page names the g6f family, Karpenter's scheduling simulation, the "
      "NodePool fractional-gpu restricted to instance-family g6f and on-demand capacity, and pods requesting "
      "nvidia.com/gpu; Kubernetes and Karpenter versions, node names, zone and the workload assumed): two "
      "managed-node-group system nodes (m5.large, AL2023 standard AMI), Ready, running Karpenter's controller "
      "Deployment (kube-system/karpenter, 2 replicas Ready) and the aws-node and kube-proxy DaemonSets. The "
      "NodePool fractional-gpu exists and no NodeOverlay does (Karpenter's cluster-scoped NodePool, EC2NodeClass "
      "and NodeClaim objects are not part of the bundle; no NodeClaim exists). The Deployment ml/l4-inference has "
      "one pod requesting nvidia.com/gpu: 1, Pending, with the default scheduler's standard FailedScheduling event "
      "(no node has the resource; count 41). Karpenter's own event on the pod is not written: its wording is not in "
      "the source. The document's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = _K_KUBELET
    sys_nodes = [("ip-192-168-12-201.us-east-2.compute.internal", "us-east-2a"),
                 ("ip-192-168-45-88.us-east-2.compute.internal", "us-east-2b")]
    for name, zone in sys_nodes:
        n = w.node(name, cpu="2", memory="7919940Ki", alloc_cpu="1930m", alloc_memory="7229764Ki", pods_cap="29",
                   labels=eks_labels("m5.large", "system", zone))
        _al2023(n, kubelet=_K_KUBELET, kernel=_K_KERNEL, os_image=_K_OS)
    names = [n for n, _ in sys_nodes]
    _system_daemonsets(w, names, region="us-east-2", cni="v1.20.4-eksbuild.1", proxy="v1.34.0-eksbuild.2")
    _karpenter(w, names, _K_VERSION)
    msg = f"0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 {_PREEMPT}"
    pod = "l4-inference-6d4b9c7f85-m2xqv"
    p = w.pod("ml", pod, gpu=1, containers=("server",), image="vllm/vllm-openai:v0.11.0",
              owner=("ReplicaSet", "l4-inference-6d4b9c7f85"), labels={"app": "l4-inference"}, cpu="3",
              memory="10Gi", scheduled_message=msg)
    w.workload("Deployment", "ml", "l4-inference", replicas=1, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.event("ml", "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=41)
    w.target("Pod", "ml", pod)


# ---- plugin layer (no device plugin DaemonSet: Karpenter's GPU node never initialized) ------------

@case("fc1303", pod_subj("mygpupod", "default"),
      "EKS 1.34 cluster with Karpenter v1.8 (the page names accelerator resources, the device plugin DaemonSet, "
      "Karpenter's node initialization, and gives the GPU NodePool taint nvidia.com/gpu=true:NoSchedule and the "
      "tolerating pod mygpupod requesting nvidia.com/gpu: 1; the g5 instance family, versions, node names and zones "
      "assumed): two managed-node-group system nodes (m5.large) running Karpenter (kube-system/karpenter, 2 replicas "
      "Ready), and one g5.xlarge node Karpenter launched from the NodePool gpu on the EKS-optimized AL2023 NVIDIA AMI "
      "(driver pre-installed; no device plugin is part of that AMI): Ready, labels karpenter.sh/nodepool=gpu and "
      "karpenter.sh/registered=true but no karpenter.sh/initialized, taint nvidia.com/gpu=true:NoSchedule, no "
      "nvidia.com/gpu in capacity or allocatable. The aws-node and kube-proxy DaemonSets run on all three nodes; no "
      "NVIDIA device plugin DaemonSet exists in the cluster. The pod default/mygpupod (the page's example; its image "
      "name is the page's placeholder) is Pending with the default scheduler's standard FailedScheduling event (no "
      "node has the resource; count 23). Karpenter's own events and NodeClaim are not written: their wording is not "
      "in the source. The document's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = _K_KUBELET
    sys_nodes = [("ip-192-168-21-140.us-east-2.compute.internal", "us-east-2a"),
                 ("ip-192-168-60-9.us-east-2.compute.internal", "us-east-2b")]
    for name, zone in sys_nodes:
        n = w.node(name, cpu="2", memory="7919940Ki", alloc_cpu="1930m", alloc_memory="7229764Ki", pods_cap="29",
                   labels=eks_labels("m5.large", "system", zone))
        _al2023(n, kubelet=_K_KUBELET, kernel=_K_KERNEL, os_image=_K_OS)
    gpu = "ip-192-168-97-23.us-east-2.compute.internal"
    g = w.node(gpu, cpu="4", memory="16044164Ki", alloc_cpu="3920m", alloc_memory="15353988Ki", pods_cap="58",
               taints=({"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"},),
               labels={"node.kubernetes.io/instance-type": "g5.xlarge", "beta.kubernetes.io/instance-type": "g5.xlarge",
                       "topology.kubernetes.io/region": "us-east-2", "topology.kubernetes.io/zone": "us-east-2c",
                       "karpenter.sh/nodepool": "gpu", "karpenter.sh/registered": "true",
                       "karpenter.sh/capacity-type": "on-demand", "karpenter.k8s.aws/ec2nodeclass": "default",
                       "karpenter.k8s.aws/instance-category": "g", "karpenter.k8s.aws/instance-family": "g5",
                       "karpenter.k8s.aws/instance-generation": "5", "karpenter.k8s.aws/instance-size": "xlarge",
                       "karpenter.k8s.aws/instance-gpu-count": "1", "karpenter.k8s.aws/instance-gpu-manufacturer":
                       "nvidia", "karpenter.k8s.aws/instance-gpu-name": "a10g",
                       "karpenter.k8s.aws/instance-gpu-memory": "24576"})
    _al2023(g, kubelet=_K_KUBELET, kernel=_K_KERNEL, os_image=_K_OS)
    names = [n for n, _ in sys_nodes]
    _system_daemonsets(w, names + [gpu], region="us-east-2", cni="v1.20.4-eksbuild.1", proxy="v1.34.0-eksbuild.2")
    _karpenter(w, names, _K_VERSION)
    msg = f"0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 {_PREEMPT}"
    p = w.pod("default", "mygpupod", gpu=1, containers=("gpuapp",), image="mygpucontainer", cpu="1", memory="2Gi",
              tolerations=GPU_TOLERATION, scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Always"
    w.event("default", "Pod", "mygpupod", "FailedScheduling", msg, component="default-scheduler", count=23)
    w.target("Pod", "default", "mygpupod")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
