"""First-contact batch I (fixtures/first-contact/batch-i/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled with the fixed query list of the batch
README, in the scheduler layer (a cluster autoscaler that cannot scale a GPU group up from 0 on kops/AWS, a Karpenter
GPU NodeClaim that never launches while the AWS GPU quota is not raised, a DRA MIG claim whose parameters reference
a GPU claim that does not exist), the node layer (an acs-engine N-series node
whose GPU count drops to 0 after a stop/start) and the plugin layer (a device plugin without the NVIDIA runtime, the
DRA kubelet plugin that cannot find NVML on OpenShift), plus healthy look-alikes (a gpu-admission FailedScheduling
event on a running pod, DRA health-service log spam, allocatable GPUs that do not decrease). Each builder places the
case's text verbatim where it appears in a cluster (or, for prose, builds the state only), inside a world built from
the `state` the thread describes. The expected answer is reasoned from what the thread settled (`expected`,
preferred first), never from what the tool printed; the texts and expected ids were written before any rule change
for them.

    .venv/bin/python -m tests.classify.first_contact_i     # (re)writes fixtures/first-contact/batch-i/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_a import readme_scenario, GPU_TOLERATION, KS, daemonset, deploy_pod, ds_pod, eks_labels, info
from tests.classify.scenario_builder import checked_case_ids, read_cases, REPO, Scenario, T1, write_batch
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-i"
SCENARIOS_DIR = BATCH / "scenarios"
# prose, an issue title or a PR description that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fi001", "fi003", "fi004", "fi006"}
# renderings (get / describe rows, a trimmed `get -o yaml`): their values become the corresponding object fields
RENDERED = {"fi002", "fi005", "fi007", "fi009"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


UBUNTU_KV = {"osImage": "Ubuntu 20.04.2 LTS", "kernelVersion": "5.4.0-1037-aws",
             "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.7"}


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fi001", "kops_gpu_group_from_zero_no_node_template", pod_subj("gpu-test-6f9c8d7b5-q2m7x", "default"),
      "kops cluster on AWS (Kubernetes v1.19, version assumed): one master and two c5.xlarge workers of instance "
      "group nodes-a (no GPU); the g4dn.xlarge GPU instance groups gpu-nodes-a/b/c sit at 0 nodes; cluster-autoscaler "
      "(namespace system, AWS provider, ASG auto-discovery) runs on a worker; a GPU Deployment pod (nvidia.com/gpu 1, "
      "toleration nvidia.com/gpu=present, nodeSelector instance-type=gpu) is Pending with the default-scheduler's "
      "FailedScheduling and the autoscaler's NotTriggerScaleUp events (standard wordings, illustrative). The issue "
      "title is NOT in the bundle. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.19.7"
    info(w.node("ip-172-20-41-17.eu-west-1.compute.internal", cpu="2", memory="3922652Ki",
                labels={"node-role.kubernetes.io/master": "", "kops.k8s.io/instancegroup": "master-eu-west-1a"},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **UBUNTU_KV)
    workers = ["ip-172-20-52-88.eu-west-1.compute.internal", "ip-172-20-63-104.eu-west-1.compute.internal"]
    for n in workers:
        info(w.node(n, cpu="4", memory="7936276Ki", labels={"kops.k8s.io/instancegroup": "nodes-a",
                                                             "node.kubernetes.io/instance-type": "c5.xlarge"}), **UBUNTU_KV)
    deploy_pod(w, "system", "cluster-autoscaler-7d8f9c6b5", "cluster-autoscaler-7d8f9c6b5-h4k2p", workers[0],
               containers=("cluster-autoscaler",), image="k8s.gcr.io/autoscaling/cluster-autoscaler:v1.19.1",
               labels={"app": "cluster-autoscaler"})
    # the plugin DaemonSet exists (GPU nodes only) but has no node to run on while the groups are at 0
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=0, containers=[("nvidia-device-plugin-ctr",
              "nvcr.io/nvidia/k8s-device-plugin:v0.7.3")], tolerations=GPU_TOLERATION,
              node_selector={"instance-type": "gpu"}, labels={"name": "nvidia-device-plugin-ds"})
    ns, pod = "default", "gpu-test-6f9c8d7b5-q2m7x"
    msg = ("0/3 nodes are available: 1 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't "
           "tolerate, 2 Insufficient nvidia.com/gpu, 2 node(s) didn't match node selector.")
    w.pod(ns, pod, gpu=1, containers=("cuda",), image="nvidia/cuda:11.0-base", phase="Pending",
          owner=("ReplicaSet", "gpu-test-6f9c8d7b5"), tolerations=[{"key": "nvidia.com/gpu", "operator": "Equal",
          "value": "present", "effect": "NoSchedule"}], node_selector={"instance-type": "gpu"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=18)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 3 Insufficient nvidia.com/gpu",
            type="Normal", component="cluster-autoscaler", count=31)
    w.target("Pod", ns, pod)


@case("fi002", "eks_karpenter_gpu_nodeclaim_quota_pending", pod_subj("gpu-pod", "default"),
      "EKS v1.31 (version assumed) in us-east-2 with Karpenter v1 in namespace battery-base: two Karpenter t3 spot nodes "
      "(the thread's default-5frxn / default-t9cz5 NodeClaims and node names), NodePools default and nvidia-gpu; the "
      "NodeClaims are the case's rows (the GPU one with no instance type, node or capacity, Launched/Ready Unknown); the "
      "test pod gpu-pod (nvidia.com/gpu 1) is Pending with the default-scheduler's FailedScheduling and Karpenter's "
      "Nominated events (standard wordings, illustrative). The Karpenter log's error field is cut off in the thread "
      "and is therefore not modelled.")
def _(w, t):
    w.git_version = "v1.31.5-eks-8cce635"
    nodes = [("default-5frxn", "t3.small", "us-east-2a", "ip-100-64-101-141.us-east-2.compute.internal", "2", "1929864Ki"),
             ("default-t9cz5", "t3.medium", "us-east-2c", "ip-100-64-103-254.us-east-2.compute.internal", "2", "3943352Ki")]
    for claim, it, zone, node, cpu, mem in nodes:
        n = w.node(node, cpu=cpu, memory=mem, labels={**eks_labels(it, "", zone), "karpenter.sh/nodepool": "default",
                                                      "karpenter.sh/capacity-type": "spot", "karpenter.sh/registered": "true"})
        n["metadata"]["labels"].pop("eks.amazonaws.com/nodegroup", None)
        n["metadata"]["labels"]["karpenter.sh/capacity-type"] = "spot"
        info(n, osImage="Bottlerocket OS 1.31.0 (aws-k8s-1.31)", kernelVersion="6.1.119",
             containerRuntimeVersion="containerd://1.7.24+bottlerocket", kubeletVersion="v1.31.4-eks-0f56d01")
    deploy_pod(w, "battery-base", "karpenter-6b9f8d7c5", "karpenter-6b9f8d7c5-x2q7m", nodes[0][3], containers=("controller",),
               image="public.ecr.aws/karpenter/controller:1.2.1", labels={"app": "karpenter"})
    w.custom["nodepools.karpenter.sh"] = [
        {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default"},
         "spec": {"template": {"spec": {"requirements": [
             {"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["t3"]},
             {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["spot"]}]}}},
         "status": {"resources": {"cpu": "4", "nodes": "2"}}},
        {"apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "nvidia-gpu"},
         "spec": {"template": {"spec": {"requirements": [
             {"key": "karpenter.k8s.aws/instance-gpu-manufacturer", "operator": "In", "values": ["nvidia"]}],
             "taints": [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]}}},
         "status": {"resources": {"cpu": "0", "nodes": "0"}}}]
    claims = []
    for claim, it, zone, node, cpu, mem in nodes:
        claims.append({"apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
                       "metadata": {"name": claim, "labels": {"karpenter.sh/nodepool": "default",
                                                              "node.kubernetes.io/instance-type": it,
                                                              "karpenter.sh/capacity-type": "spot",
                                                              "topology.kubernetes.io/zone": zone}},
                       "status": {"nodeName": node, "conditions": [
                           {"type": "Launched", "status": "True"}, {"type": "Registered", "status": "True"},
                           {"type": "Initialized", "status": "True"}, {"type": "Ready", "status": "True"}]}})
    claims.append({"apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
                   "metadata": {"name": "nvidia-gpu-n5vf5", "labels": {"karpenter.sh/nodepool": "nvidia-gpu"},
                                "creationTimestamp": T1},
                   "spec": {"resources": {"requests": {"nvidia.com/gpu": "1"}}},
                   "status": {"conditions": [{"type": "Launched", "status": "Unknown"},
                                             {"type": "Ready", "status": "Unknown"}]}})
    w.custom["nodeclaims.karpenter.sh"] = claims
    ns, pod = "default", "gpu-pod"
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No "
           "preemption victims found for incoming pod.")
    p = w.pod(ns, pod, gpu=1, containers=("cuda-container",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda10.2",
              phase="Pending", tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=3)
    w.event(ns, "Pod", pod, "Nominated", "Pod should schedule on: nodeclaim/nvidia-gpu-n5vf5", type="Normal",
            component="karpenter", count=1)
    assert t.splitlines()[-1].split()[0] == "nvidia-gpu-n5vf5"
    w.target("Pod", ns, pod)


@case("fi003", "dra_mig_claim_references_unclaimed_gpu", pod_subj("pod1", "gpu-test1"),
      "kind cluster of the k8s-dra-driver demo (Kubernetes v1.29 with DynamicResourceAllocation and resource.k8s.io/"
      "v1alpha2; control plane + worker k8s-dra-driver-cluster-worker, the worker with one MIG-enabled A100-40GB, "
      "product assumed): the NVIDIA k8s-dra-driver controller (Deployment) and kubelet plugin (DaemonSet) Running in "
      "nvidia-dra-driver; namespace gpu-test1 holds the thread's GpuClaimParameters mig-enabled-gpu, "
      "MigDeviceClaimParameters mig-1g.10gb (gpuClaimName mig-enabled-gpu) and the ResourceClaim pod1-mig1g made from "
      "template mig-1g.10gb, unallocated; pod1 is Pending, unscheduled, with no scheduler message (none is quoted; the "
      "controller's log lines are cut off in the stored thread and are not modelled). The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.29.0"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "5.15.0-89-generic",
          "containerRuntimeVersion": "containerd://1.7.1", "kubeletVersion": "v1.29.0"}
    info(w.node("k8s-dra-driver-cluster-control-plane", cpu="16", memory="65842200Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    worker = "k8s-dra-driver-cluster-worker"
    info(w.node(worker, cpu="16", memory="65842200Ki",
                labels={"nvidia.com/dra.kubelet-plugin": "true", "nvidia.com/dra.controller": "true",
                        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A100-PCIE-40GB",
                        "nvidia.com/mig.capable": "true"}), **kv)
    ns, img = "nvidia-dra-driver", "nvcr.io/nvidia/cloud-native/k8s-dra-driver:v0.1.0"
    deploy_pod(w, ns, "nvidia-k8s-dra-driver-controller-6f7d9c8b5", "nvidia-k8s-dra-driver-controller-6f7d9c8b5-p2x7k", worker,
               containers=("controller",), image=img, labels={"app.kubernetes.io/name": "k8s-dra-driver"})
    daemonset(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", desired=1, containers=[("plugin", img)],
              init_containers=[("init", img)], node_selector={"nvidia.com/dra.kubelet-plugin": "true"},
              labels={"app.kubernetes.io/name": "k8s-dra-driver-kubelet-plugin"})
    ds_pod(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", "nvidia-k8s-dra-driver-kubelet-plugin-w6n4t", worker,
           containers=("plugin",), image=img, init_containers=("init",))
    tns = "gpu-test1"
    w.ns_custom[("gpuclaimparameters.gpu.resource.nvidia.com", tns)] = [{
        "apiVersion": "gpu.resource.nvidia.com/v1alpha1", "kind": "GpuClaimParameters",
        "metadata": {"name": "mig-enabled-gpu", "namespace": tns}, "spec": {"count": 1, "selector": {"migEnabled": True}}}]
    w.ns_custom[("migdeviceclaimparameters.gpu.resource.nvidia.com", tns)] = [{
        "apiVersion": "gpu.resource.nvidia.com/v1alpha1", "kind": "MigDeviceClaimParameters",
        "metadata": {"name": "mig-1g.10gb", "namespace": tns}, "spec": {"profile": "1g.10gb", "gpuClaimName": "mig-enabled-gpu"}}]
    w.ns_custom[("resourceclaims.resource.k8s.io", tns)] = [{
        "apiVersion": "resource.k8s.io/v1alpha2", "kind": "ResourceClaim",
        "metadata": {"name": "pod1-mig1g", "namespace": tns,
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": "pod1", "controller": True}]},
        "spec": {"resourceClassName": "gpu.nvidia.com", "allocationMode": "WaitForFirstConsumer",
                 "parametersRef": {"apiGroup": "gpu.resource.nvidia.com", "kind": "MigDeviceClaimParameters",
                                   "name": "mig-1g.10gb"}},
        "status": {}}]
    p = w.pod(tns, "pod1", gpu=0, containers=("ctr",), image="ubuntu:22.04", phase="Pending", labels={"app": "pod"})
    p["spec"]["resourceClaims"] = [{"name": "mig1g", "source": {"resourceClaimTemplateName": "mig-1g.10gb"}}]
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "mig1g"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "mig1g", "resourceClaimName": "pod1-mig1g"}]
    w.target("Pod", tns, "pod1")


# =============================================================================================
# node layer
# =============================================================================================

@case("fi004", "acs_engine_nseries_gpu_zero_after_stop_start", node_subj("k8s-agentpool1-28163519-0"),
      "acs-engine v0.16.2 cluster on Azure (Kubernetes v1.10.2, docker 1.13; strings assumed for that release): a "
      "master and one Standard_NC6 agent (kubelet built-in alpha accelerator support, no device plugin); after the "
      "VM's deallocate/start the agent is Ready and reports alpha.kubernetes.io/nvidia-gpu 0 in capacity and "
      "allocatable; a GPU pod asking for alpha.kubernetes.io/nvidia-gpu 1 is Pending (scheduler message in the "
      "format of that release, illustrative). The reporter's prose is NOT in the bundle. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.10.2"
    kv = {"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.13.0-1014-azure",
          "containerRuntimeVersion": "docker://1.13.1", "kubeletVersion": "v1.10.2"}
    info(w.node("k8s-master-28163519-0", cpu="2", memory="7137164Ki",
                labels={"kubernetes.io/role": "master", "agentpool": "master"},
                taints=[{"key": "node-role.kubernetes.io/master", "value": "true", "effect": "NoSchedule"}]), **kv)
    agent = "k8s-agentpool1-28163519-0"
    info(w.node(agent, gpus=0, resource="alpha.kubernetes.io/nvidia-gpu", cpu="6", memory="57691688Ki",
                labels={"kubernetes.io/role": "agent", "agentpool": "agentpool1", "accelerator": "nvidia",
                        "beta.kubernetes.io/instance-type": "Standard_NC6"}), **kv)
    ns, pod = "default", "cuda-job-7k2qx"
    msg = "0/2 nodes are available: 1 Insufficient alpha.kubernetes.io/nvidia-gpu, 1 PodToleratesNodeTaints."
    w.pod(ns, pod, gpu=1, resource="alpha.kubernetes.io/nvidia-gpu", containers=("cuda",),
          image="nvidia/cuda:9.0-base", phase="Pending", owner=("Job", "cuda-job"), scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.event("default", "Node", agent, "Rebooted", f"Node {agent} has been rebooted, boot id: "
            "6f1c2a9e-3b4d-4e8f-9a1b-2c3d4e5f6a7b", component="kubelet", host=agent)
    w.target("Node", None, agent)


@case("fi009", "gpu_allocatable_not_decreasing_by_design", node_subj("worker-gpu-0"),
      "OpenShift 4.6 (version assumed) with GPU Operator 1.4.0 (CRI-O, device plugin v0.7.0-ubi8, NFD disabled): the "
      "operator stack is healthy on one GPU node with one Tesla T4 (product assumed); the node's capacity and "
      "allocatable nvidia.com/gpu are 1 as in the case's YAML; a long-running GPU pod holds the GPU. The second, "
      "correctly unschedulable pod of the thread is left out (it would be a real Insufficient-GPU case). Driver and "
      "component versions in the stack pods are the builder's healthy defaults, not the thread's.")
def _(w, t):
    w.git_version = "v1.19.0+1833054"
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109,
                   labels={"node-role.kubernetes.io/worker": ""})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 46.82.202012051820-0 (Ootpa)", kernelVersion="4.18.0-193.29.1.el8_2.x86_64",
         containerRuntimeVersion="cri-o://1.19.0-26.rhaos4.6.git8a05a29.el8", kubeletVersion="v1.19.0+1833054")
    assert '"1"' in t
    w.pod("gpu-test", "gpu-burn-0", node=node, gpu=1, containers=("gpu-burn",), image="quay.io/openshift-psap/gpu-burn:latest",
          owner=("StatefulSet", "gpu-burn"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


# =============================================================================================
# plugin layer
# =============================================================================================

@case("fi005", "device_plugin_crashloop_docker_runtime_not_nvidia", node_subj("gpu-node-1"),
      "Kubernetes v1.8.4 (kubeadm-style, docker 17.09 with nvidia-docker2 installed but default runtime runc; strings "
      "assumed) with one GeForce GTX 1070 node: the NVIDIA device plugin 1.8 DaemonSet in kube-system has its pod "
      "nvidia-device-plugin-daemonset-csjxw in CrashLoopBackOff with 12 restarts (the case's row); the node carries no "
      "nvidia.com/gpu. The plugin's own log is not quoted in the thread, so no log file is written for it.")
def _(w, t):
    w.git_version = "v1.8.4"
    kv = {"osImage": "Ubuntu 16.04.3 LTS", "kernelVersion": "4.4.0-103-generic",
          "containerRuntimeVersion": "docker://17.9.1", "kubeletVersion": "v1.8.4"}
    info(w.node("k8s-master", cpu="4", memory="16330172Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "gpu-node-1"
    info(w.node(node, cpu="8", memory="32878740Ki"), **kv)
    img = "nvidia/k8s-device-plugin:1.8"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, ready=0, containers=[("nvidia-device-plugin-ctr", img)],
              labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-csjxw", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"}, ready=False,
           statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=12))
    assert "CrashLoopBackOff   12" in t
    w.target("Node", None, node)


@case("fi006", "openshift_dra_kubelet_plugin_nvml_path", node_subj("worker-gpu-a100-0"),
      "OpenShift 4.14 (version assumed) with the DynamicResourceAllocation gate and resource.k8s.io/v1alpha2 enabled, "
      "the NFD operator and the GPU Operator (its stack healthy on the A100 node, device plugin included); the NVIDIA DRA "
      "driver (custom ubi8 image) in namespace nvidia-dra-driver: the controller nvidia-k8s-dra-driver-controller-"
      "59d756b8bf-k2bkf (name from the thread) Running, the kubelet-plugin DaemonSet pod in CrashLoopBackOff; a pod with "
      "a ResourceClaim from gpu-template waits for its claim (no event quoted). The plugin's log lines are not quoted in "
      "the stored thread, so no log file is written for it. The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.27.6+f67aeb3"
    node = "worker-gpu-a100-0"
    n = w.gpu_node(node, gpus=1, labels={"node-role.kubernetes.io/worker": "", "nvidia.com/dra.kubelet-plugin": "true",
                                         "nvidia.com/dra.controller": "true"})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 414.92.202310170514-0 (Plow)", kernelVersion="5.14.0-284.36.1.el9_2.x86_64",
         containerRuntimeVersion="cri-o://1.27.1-13.1.rhaos4.14.git956c5f7.el9", kubeletVersion="v1.27.6+f67aeb3")
    ns = "nvidia-dra-driver"
    img = "quay.io/example/k8s-dra-driver:v0.1.0-ubi8"
    deploy_pod(w, ns, "nvidia-k8s-dra-driver-controller-59d756b8bf", "nvidia-k8s-dra-driver-controller-59d756b8bf-k2bkf", node,
               containers=("controller",), image=img, labels={"app.kubernetes.io/name": "k8s-dra-driver"},
               tolerations=GPU_TOLERATION)
    daemonset(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", desired=1, ready=0, containers=[("plugin", img)],
              init_containers=[("init", img)], node_selector={"nvidia.com/dra.kubelet-plugin": "true"},
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "k8s-dra-driver-kubelet-plugin"})
    ds_pod(w, ns, "nvidia-k8s-dra-driver-kubelet-plugin", "nvidia-k8s-dra-driver-kubelet-plugin-8xq2m", node,
           containers=("plugin",), image=img, init_containers=("init",), ready=False,
           statuses=crashing("plugin", 1, restarts=9), tolerations=GPU_TOLERATION,
           extra_spec={"securityContext": {}, "serviceAccountName": "nvidia-k8s-dra-driver-service-account"})
    p = w.pod("gpu-test", "pod1", gpu=0, containers=("ctr",), image="ubuntu:22.04", phase="Pending")
    p["spec"]["resourceClaims"] = [{"name": "gpu", "source": {"resourceClaimTemplateName": "gpu-template"}}]
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.ns_custom[("resourceclaims.resource.k8s.io", "gpu-test")] = [{
        "apiVersion": "resource.k8s.io/v1alpha2", "kind": "ResourceClaim",
        "metadata": {"name": "pod1-gpu-6xk2p", "namespace": "gpu-test"},
        "spec": {"resourceClassName": "gpu.nvidia.com", "allocationMode": "WaitForFirstConsumer"}, "status": {}}]
    w.target("Node", None, node)


@case("fi007", "gpu_admission_predicated_event_on_running_pod", pod_subj("tts1", "default"),
      "Kubernetes v1.16 (kubeadm-style, version assumed) with one GPU node running tkestack gpu-manager (DaemonSet in "
      "kube-system advertising tencent.com/vcuda-core 100 and tencent.com/vcuda-memory 60, one Tesla P4 assumed) and the "
      "gpu-admission scheduler extender (Deployment in kube-system); pod tts1 (vcuda-core 50, vcuda-memory 20) is "
      "scheduled and Running; its event is the case's row (FailedScheduling from default-scheduler, message unchanged).")
def _(w, t):
    w.git_version = "v1.16.9"
    kv = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1127.el7.x86_64",
          "containerRuntimeVersion": "docker://19.3.8", "kubeletVersion": "v1.16.9"}
    node = "gpu-node-1"
    n = w.node(node, cpu="32", memory="131733764Ki")
    for r, v in (("tencent.com/vcuda-core", "100"), ("tencent.com/vcuda-memory", "60")):
        n["status"]["capacity"][r] = v
        n["status"]["allocatable"][r] = v
    info(n, **kv)
    img = "tkestack/gpu-manager:1.0.3"
    daemonset(w, KS, "gpu-manager-daemonset", desired=1, containers=[("gpu-manager", img)],
              node_selector={"nvidia-device-enable": "enable"}, labels={"name": "gpu-manager-ds"})
    n["metadata"]["labels"]["nvidia-device-enable"] = "enable"
    ds_pod(w, KS, "gpu-manager-daemonset", "gpu-manager-daemonset-7h2xk", node, containers=("gpu-manager",), image=img,
           labels={"name": "gpu-manager-ds"})
    deploy_pod(w, KS, "gpu-admission-6d9f8c7b5", "gpu-admission-6d9f8c7b5-m2q8x", node, containers=("gpu-admission",),
               image="tkestack/gpu-admission:v0.1", labels={"app": "gpu-admission"})
    ns, pod = "default", "tts1"
    p = w.pod(ns, pod, node=node, gpu=0, containers=("tts",), image="registry.example.com/tts-server:1.2")
    res = p["spec"]["containers"][0]["resources"]
    for r, v in (("tencent.com/vcuda-core", "50"), ("tencent.com/vcuda-memory", "20")):
        res["limits"][r] = v
        res["requests"][r] = v
    p["metadata"]["annotations"] = {"tencent.com/gpu-assigned": "true", "tencent.com/predicate-gpu-idx-0": "0",
                                    "tencent.com/predicate-node": node}
    row = t.splitlines()[-1]
    msg = row.split("default-scheduler", 1)[1].strip()
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=1)
    w.target("Pod", ns, pod)


@case("fi008", "dra_health_service_unimplemented_log_spam", node_subj("gpu-node-h100-0"),
      "Kubernetes v1.36 with one H100 node (8 GPUs) and the NVIDIA DRA driver (version assumed 25.12) in namespace "
      "nvidia-dra-driver-gpu: the controller Running and the kubelet-plugin pod (containers gpus, compute-domains) "
      "Running and Ready with 0 restarts; the gpus container log is the case's two lines, preceded by illustrative "
      "normal start-up lines; a workload pod with a DRA claim runs on the node.")
def _(w, t):
    w.git_version = "v1.36.0"
    node = "gpu-node-h100-0"
    info(w.node(node, cpu="192", memory="2113335552Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                        "feature.node.kubernetes.io/pci-10de.present": "true"}),
         osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic", containerRuntimeVersion="containerd://2.1.3",
         kubeletVersion="v1.36.0")
    ns, ds = "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"
    deploy_pod(w, ns, "nvidia-dra-driver-gpu-controller-6c8d9f7b5", "nvidia-dra-driver-gpu-controller-6c8d9f7b5-r4k2m", node,
               containers=("compute-domain",), image=img, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
               tolerations=GPU_TOLERATION)
    daemonset(w, ns, ds, desired=1, containers=[("gpus", img), ("compute-domains", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    pod = "nvidia-dra-driver-gpu-kubelet-plugin-9f2kq"
    ds_pod(w, ns, ds, pod, node, containers=("gpus", "compute-domains"), image=img,
           labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    w.log(ns, pod, "gpus", "I0902 20:47:11.402177       1 driver.go:104] \"Registered DRA plugin with kubelet\" driver=\"gpu.nvidia.com\"\n"
          "I0902 20:47:11.403921       1 driver.go:131] \"Published ResourceSlice\" node=\"gpu-node-h100-0\"\n" + t)
    w.log(ns, pod, "compute-domains",
          "I0902 20:47:11.512604       1 driver.go:104] \"Registered DRA plugin with kubelet\" driver=\"compute-domain.nvidia.com\"\n")
    w.pod("inference", "llm-server-0", node=node, gpu=0, containers=("server",), image="vllm/vllm-openai:v0.11.0",
          owner=("StatefulSet", "llm-server"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is prose or an issue title that never reaches the cluster: it is NOT in the bundle, "
              "which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (get / describe rows, a trimmed `get -o yaml`): its values become the "
              "corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-i", case_id, BUILDERS[case_id], cases()[case_id], placed)


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
