"""Builds first-contact batch C31 (fixtures/first-contact/batch-c31/cases.jsonl) as scenario bundles.

Round 31's frame: the bug-fix commits (2024 on) of awslabs/amazon-eks-ami, aws/karpenter-provider-aws and
kubernetes/autoscaler, GPU-filtered (subject or body naming gpu, nvidia, cuda or accelerator). Two cases:

- fc3101: nodeadm's fixed list of NVIDIA instance families lacks p5e, so on a p5e node booted from an AL2023
  NVIDIA-variant AMI containerd gets only the runc runtime; the NVIDIA device plugin finds no NVML and the node
  never advertises nvidia.com/gpu (amazon-eks-ami 3423965f, PR #1974); prose (the commit's subject).
- fc3102: Karpenter v1.0.0-v1.0.2 gives the AL2023 NVIDIA and Neuron AMIs each other's requirements, so a g5 node is
  launched from the Neuron AMI; nodeadm points containerd at an NVIDIA runtime the AMI lacks and the node never
  becomes Ready (karpenter-provider-aws 79fbbac8e, PR #6976); prose (the commit's subject).

The prose case's text (the commit's words) is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer
was reasoned from the fix (`expected` in the case, preferred first); it is never taken from the tool's output.
Names, versions, node counts and the log lines the commit does not state are assumed or composed from the
emitting component's code; the scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_c31      # (re)writes fixtures/first-contact/batch-c31/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c31", "C31", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3101", "fc3102"}

_KS = "kube-system"
_ML = "ml-train"
_P5E = "ip-10-0-71-204.us-west-2.compute.internal"
_CPU = ("ip-10-0-12-31.us-west-2.compute.internal", "ip-10-0-45-118.us-west-2.compute.internal")
_POD = "llm-pretrain-0"
_PLUGIN_IMG = "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"

# AL2023 node as built from amazon-eks-ami's template at v20240917 (kernel build and kubelet tag assumed)
_AL2023 = dict(osImage="Amazon Linux 2023.5.20240916", kernelVersion="6.1.109-118.189.amzn2023.x86_64",
               containerRuntimeVersion="containerd://1.7.11", kubeletVersion="v1.30.4-eks-a737599")

# k8s-device-plugin v0.16.2 under runc: auto discovery finds neither NVML nor Tegra, the static manifest sets
# FAIL_ON_INIT_ERROR=false, so the factory logs its 'Incompatible strategy' block and returns a null manager.
# Message texts from cmd/nvidia-device-plugin/main.go and internal/plugin/manager/factory.go at v0.16.2;
# timestamps and the config block are composed.
_PLUGIN_LOG = """I0920 14:02:11.412305       1 main.go:199] Starting FS watcher.
I0920 14:02:11.412398       1 main.go:206] Starting OS watcher.
I0920 14:02:11.412637       1 main.go:221] Starting Plugins.
I0920 14:02:11.412650       1 main.go:278] Loading configuration.
I0920 14:02:11.413170       1 main.go:303] Updating config with default resource matching patterns.
I0920 14:02:11.413292       1 main.go:314] 
Running with config:
{
  "version": "v1",
  "flags": {
    "migStrategy": "none",
    "failOnInitError": false,
    "mpsRoot": "",
    "nvidiaDriverRoot": "/",
    "nvidiaDevRoot": "/",
    "gdsEnabled": false,
    "mofedEnabled": false,
    "useNodeFeatureAPI": null,
    "deviceDiscoveryStrategy": "auto",
    "plugin": {
      "passDeviceSpecs": false,
      "deviceListStrategy": [
        "envvar"
      ],
      "deviceIDStrategy": "uuid",
      "cdiAnnotationPrefix": "cdi.k8s.io/",
      "nvidiaCTKPath": "/usr/bin/nvidia-ctk",
      "containerDriverRoot": "/driver-root"
    }
  },
  "resources": {
    "gpus": [
      {
        "pattern": "*",
        "name": "nvidia.com/gpu"
      }
    ]
  },
  "sharing": {
    "timeSlicing": {}
  }
}
I0920 14:02:11.413301       1 main.go:317] Retrieving plugins.
E0920 14:02:11.413372       1 factory.go:87] Incompatible strategy detected auto
E0920 14:02:11.413381       1 factory.go:88] If this is a GPU node, did you configure the NVIDIA Container Toolkit?
E0920 14:02:11.413386       1 factory.go:89] You can check the prerequisites at: https://github.com/NVIDIA/k8s-device-plugin#prerequisites
E0920 14:02:11.413391       1 factory.go:90] You can learn how to set the runtime at: https://github.com/NVIDIA/k8s-device-plugin#quick-start
E0920 14:02:11.413396       1 factory.go:91] If this is not a GPU node, you should set up a toleration or nodeSelector to only deploy this plugin on GPU nodes
I0920 14:02:11.413417       1 main.go:346] No devices found. Waiting indefinitely.
"""

_SCHED = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
          "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming "
          "pod, 2 Preemption is not helpful for scheduling.")


def _eks_labels(instance_type: str, nodegroup: str, zone: str, capacity: str = "ON_DEMAND") -> dict:
    return {"node.kubernetes.io/instance-type": instance_type, "beta.kubernetes.io/instance-type": instance_type,
            "eks.amazonaws.com/nodegroup": nodegroup, "eks.amazonaws.com/capacityType": capacity,
            "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": zone,
            "failure-domain.beta.kubernetes.io/region": "us-west-2",
            "failure-domain.beta.kubernetes.io/zone": zone, "k8s.io/cloud-provider-aws": "a1b2c3d4e5f60718"}


@case("fc3101", pod_subj(_POD, _ML),
      "An EKS 1.30 cluster (cluster, names and node group assumed) with two m5.2xlarge CPU nodes (managed node "
      "group 'system', AL2023 standard) and one p5e.48xlarge (8 x NVIDIA H200, 192 vCPU, 2 TiB) in managed node "
      "group 'gpu-p5e' launched from a custom AL2023 NVIDIA-variant AMI built from amazon-eks-ami's template at "
      "v20240917 (the release before the fix; nodeInfo as that template builds it, kernel build assumed), "
      "tainted nvidia.com/gpu=true:NoSchedule (assumed). Host driver and toolkit are installed (no GPU Operator, "
      "no GFD, so no nvidia.com/* labels); nodeadm wrote containerd's default runc config on the p5e node. "
      "kube-system: aws-node and kube-proxy Running on every node, CoreDNS on the CPU nodes; the NVIDIA device "
      "plugin as k8s-device-plugin v0.16.2's static manifest (DaemonSet nvidia-device-plugin-daemonset, "
      "FAIL_ON_INIT_ERROR=false, no runtimeClassName) Running on the p5e node, its log composed from the "
      "plugin's code: 'Incompatible strategy detected auto' and 'No devices found. Waiting indefinitely.'. The "
      "p5e node has no nvidia.com/gpu in capacity or allocatable. A training pod in ml-train (name, image "
      "assumed) selects p5e.48xlarge, tolerates the taint, requests 8 nvidia.com/gpu and is Pending; the "
      "scheduler's FailedScheduling message is composed. The commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    for i, n in enumerate(_CPU):
        node = w.node(n, cpu="8", memory="32386148Ki", alloc_cpu="7910m", alloc_memory="31369316Ki",
                      pods_cap="58", labels=_eks_labels("m5.2xlarge", "system", f"us-west-2{'ab'[i]}"))
        info(node, **{**_AL2023, "kernelVersion": "6.1.109-118.189.amzn2023.x86_64"})
    p5e = w.node(_P5E, cpu="192", memory="2113645988Ki", alloc_cpu="191450m", alloc_memory="2097880484Ki",
                 pods_cap="737", labels=_eks_labels("p5e.48xlarge", "gpu-p5e", "us-west-2c"),
                 taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
    info(p5e, **_AL2023)

    nodes = (*_CPU, _P5E)
    sfx = ("7xk2p", "m4q9d", "r2w8z")
    daemonset(w, _KS, "aws-node", desired=3,
              containers=[("aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.18.3-eksbuild.3"),
                          ("aws-eks-nodeagent",
                           "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon/aws-network-policy-agent:v1.1.2-eksbuild.3")],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "aws-node"})
    daemonset(w, _KS, "kube-proxy", desired=3,
              containers=[("kube-proxy",
                           "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.30.3-minimal-eksbuild.5")],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "kube-proxy"})
    for n, s in zip(nodes, sfx):
        ds_pod(w, _KS, "aws-node", f"aws-node-{s}", n, containers=("aws-node", "aws-eks-nodeagent"),
               image="602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.18.3-eksbuild.3",
               labels={"k8s-app": "aws-node"}, tolerations=[{"operator": "Exists"}], cpu="25m", memory="64Mi")
        ds_pod(w, _KS, "kube-proxy", f"kube-proxy-{s[::-1]}", n, containers=("kube-proxy",),
               image="602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.30.3-minimal-eksbuild.5",
               labels={"k8s-app": "kube-proxy"}, tolerations=[{"operator": "Exists"}], cpu="100m", memory="64Mi")
    for n, s in zip(_CPU, ("5d8f7", "9kq2x")):
        p = w.pod(_KS, f"coredns-787cb67946-{s}", node=n, gpu=0, containers=("coredns",),
                  image="602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.11.3-eksbuild.1",
                  owner=("ReplicaSet", "coredns-787cb67946"), labels={"k8s-app": "kube-dns"}, cpu="100m",
                  memory="70Mi", memory_limit="170Mi")
        p["metadata"]["labels"]["pod-template-hash"] = "787cb67946"

    daemonset(w, _KS, "nvidia-device-plugin-daemonset", desired=3, current=3, ready=3,
              containers=[("nvidia-device-plugin-ctr", _PLUGIN_IMG)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"},
              env=[{"name": "FAIL_ON_INIT_ERROR", "value": "false"}])
    # the static manifest has no nodeSelector: the plugin runs on every node and serves nothing on the CPU nodes
    for n, s in zip(nodes, ("h7v2c", "q8l4n", "z5t9k")):
        pname = f"nvidia-device-plugin-daemonset-{s}"
        ds_pod(w, _KS, "nvidia-device-plugin-daemonset", pname, n, containers=("nvidia-device-plugin-ctr",),
               image=_PLUGIN_IMG, labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION,
               env=[{"name": "FAIL_ON_INIT_ERROR", "value": "false"}], cpu="10m", memory="32Mi")
        w.log(_KS, pname, "nvidia-device-plugin-ctr", _PLUGIN_LOG)

    w.pod(_ML, _POD, gpu=8, phase="Pending", scheduled_message=_SCHED, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:24.08-py3", cpu="96", memory="1024Gi",
          owner=("StatefulSet", "llm-pretrain"), labels={"app": "llm-pretrain"},
          node_selector={"node.kubernetes.io/instance-type": "p5e.48xlarge"}, tolerations=GPU_TOLERATION)
    w.event(_ML, "Pod", _POD, "FailedScheduling", _SCHED, component="default-scheduler", count=14)
    w.target("Pod", _ML, _POD)


# ---- fc3102: Karpenter v1.0.2, al2023 alias, g5 launched from the Neuron AMI ------------------

_G5 = "ip-10-0-88-17.us-west-2.compute.internal"
_CLAIM = "gpu-x8kzl"
_GPU_NS = "inference"
_GPU_POD = "llama-serve-6b9f7c8d54-q2m7t"
_AMI_STD, _AMI_NV, _AMI_NEU, _AMI_ARM = ("ami-0c9d3b1e57a2f4d60", "ami-07e4a5b9c3d18f2e1", "ami-0b5f8e2d6a1c3974e",
                                         "ami-03a7d1c9e4b6f8025")
_GA, _GC = "karpenter.k8s.aws/instance-accelerator-count", "karpenter.k8s.aws/instance-gpu-count"
_AMD64 = {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]}
# containerd's wording for a runtime whose binary does not exist (composed; see the case note)
_SANDBOX = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create containerd task: failed to "
            "create shim task: OCI runtime create failed: unable to retrieve OCI runtime error (open "
            "/run/containerd/io.containerd.runtime.v2.task/k8s.io/{cid}/log.json: no such file or directory): exec: "
            "\"/usr/bin/nvidia-container-runtime\": stat /usr/bin/nvidia-container-runtime: no such file or "
            "directory: unknown")
_SCHED2 = ("0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/not-ready: }, 2 node(s) "
           "didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not "
           "helpful for scheduling.")
_CNI = ("container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:Network "
        "plugin returns error: cni plugin not initialized")


def _karpenter_labels(zone: str) -> dict:
    return {"node.kubernetes.io/instance-type": "g5.xlarge", "beta.kubernetes.io/instance-type": "g5.xlarge",
            "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": zone,
            "karpenter.sh/nodepool": "gpu", "karpenter.sh/capacity-type": "on-demand",
            "karpenter.sh/registered": "true", "karpenter.k8s.aws/ec2nodeclass": "gpu",
            "karpenter.k8s.aws/instance-family": "g5", "karpenter.k8s.aws/instance-category": "g",
            "karpenter.k8s.aws/instance-generation": "5", "karpenter.k8s.aws/instance-size": "xlarge",
            "karpenter.k8s.aws/instance-cpu": "4", "karpenter.k8s.aws/instance-memory": "16384",
            _GC: "1", "karpenter.k8s.aws/instance-gpu-name": "a10g",
            "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
            "karpenter.k8s.aws/instance-gpu-memory": "24576"}


@case("fc3102", pod_subj(_GPU_POD, _GPU_NS),
      "An EKS 1.30 cluster (names, IDs and node group assumed) with two m5.2xlarge CPU nodes (managed node group "
      "'system', AL2023 standard, Ready) and Karpenter v1.0.2 (Deployment in kube-system, Running). NodePool 'gpu' "
      "(instance-family g5, taint nvidia.com/gpu=true:NoSchedule) uses EC2NodeClass 'gpu' with amiSelectorTerms "
      "alias al2023@latest; its status.amis lists the v20240924 AL2023 standard (x86_64 and arm64), NVIDIA and "
      "Neuron AMIs with the requirements v1.0.2 gives them (NVIDIA: instance-accelerator-count Exists; Neuron: "
      "instance-gpu-count Exists). NodeClaim gpu-x8kzl (g5.xlarge) is Launched and Registered with the Neuron "
      "AMI as imageID, Initialized Unknown; its node is NotReady with the kubelet's CNI message (osImage and "
      "kernel assumed), tainted node.kubernetes.io/not-ready:NoSchedule and nvidia.com/gpu=true:NoSchedule, and "
      "advertises no nvidia.com/gpu. On it aws-node and kube-proxy (DaemonSets tolerating everything) are stuck "
      "in ContainerCreating with kubelet FailedCreatePodSandBox events (containerd's wording for the missing "
      "/usr/bin/nvidia-container-runtime, composed). The NVIDIA device plugin (v0.16.2 static manifest) runs only "
      "on the CPU nodes. The GPU Deployment's pod (one nvidia.com/gpu, nodeSelector karpenter.sh/nodepool=gpu, "
      "tolerates the GPU taint) is Pending with a composed FailedScheduling message. The commit's words are not "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    for i, n in enumerate(_CPU):
        node = w.node(n, cpu="8", memory="32386148Ki", alloc_cpu="7910m", alloc_memory="31369316Ki",
                      pods_cap="58", labels=_eks_labels("m5.2xlarge", "system", f"us-west-2{'ab'[i]}"))
        info(node, **_AL2023)
    conds = [
        {"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
         "message": "kubelet has sufficient memory available", "lastHeartbeatTime": T1, "lastTransitionTime": T0},
        {"type": "DiskPressure", "status": "False", "reason": "KubeletHasNoDiskPressure",
         "message": "kubelet has no disk pressure", "lastHeartbeatTime": T1, "lastTransitionTime": T0},
        {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
         "message": "kubelet has sufficient PID available", "lastHeartbeatTime": T1, "lastTransitionTime": T0},
        {"type": "Ready", "status": "False", "reason": "KubeletNotReady", "message": _CNI,
         "lastHeartbeatTime": T1, "lastTransitionTime": T0}]
    g5 = w.node(_G5, cpu="4", memory="16005820Ki", alloc_cpu="3920m", alloc_memory="15316668Ki", pods_cap="58",
                labels=_karpenter_labels("us-west-2c"), conditions=conds,
                taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"},
                        {"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}])
    info(g5, **_AL2023)
    g5["spec"]["providerID"] = "aws:///us-west-2c/i-0f3a9c7d2e4b61a58"

    nodes = (*_CPU, _G5)
    sfx = ("4hq7n", "t9x2c", "w6m3b")
    cni = "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.18.3-eksbuild.3"
    kp = "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.30.3-minimal-eksbuild.5"
    daemonset(w, _KS, "aws-node", desired=3, ready=2,
              containers=[("aws-node", cni),
                          ("aws-eks-nodeagent",
                           "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon/aws-network-policy-agent:v1.1.2-eksbuild.3")],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "aws-node"})
    daemonset(w, _KS, "kube-proxy", desired=3, ready=2, containers=[("kube-proxy", kp)],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "kube-proxy"})
    for n, s in zip(nodes, sfx):
        broken = n == _G5
        waiting = {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}
        a = ds_pod(w, _KS, "aws-node", f"aws-node-{s}", n, containers=("aws-node", "aws-eks-nodeagent"),
                   image=cni, labels={"k8s-app": "aws-node"}, tolerations=[{"operator": "Exists"}], cpu="25m",
                   memory="64Mi", phase="Pending" if broken else None,
                   statuses={"aws-node": waiting, "aws-eks-nodeagent": waiting} if broken else None)
        k = ds_pod(w, _KS, "kube-proxy", f"kube-proxy-{s[::-1]}", n, containers=("kube-proxy",), image=kp,
                   labels={"k8s-app": "kube-proxy"}, tolerations=[{"operator": "Exists"}], cpu="100m",
                   memory="64Mi", phase="Pending" if broken else None,
                   statuses={"kube-proxy": waiting} if broken else None)
        if broken:
            for p, cid in ((a, "5e0c2f8a7b1d4c93a6e2f0b8d7c1a4e9f3b6d2c8a0e7f1b5c9d3a6e2f8b0c4d7"),
                           (k, "9a1f4c7e2b8d0a6c3f5e9b1d7a2c4f8e6b0d3a9c5f1e7b2d8a4c6f0e3b9d1a5c")):
                p["status"].pop("podIP", None)
                w.event(_KS, "Pod", p["metadata"]["name"], "FailedCreatePodSandBox", _SANDBOX.format(cid=cid),
                        component="kubelet", host=_G5, count=47)

    daemonset(w, _KS, "nvidia-device-plugin-daemonset", desired=2,
              containers=[("nvidia-device-plugin-ctr", _PLUGIN_IMG)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"}, env=[{"name": "FAIL_ON_INIT_ERROR", "value": "false"}])
    for n, s in zip(_CPU, ("c2r8v", "k7n4s")):
        pname = f"nvidia-device-plugin-daemonset-{s}"
        ds_pod(w, _KS, "nvidia-device-plugin-daemonset", pname, n, containers=("nvidia-device-plugin-ctr",),
               image=_PLUGIN_IMG, labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION,
               env=[{"name": "FAIL_ON_INIT_ERROR", "value": "false"}], cpu="10m", memory="32Mi")
        w.log(_KS, pname, "nvidia-device-plugin-ctr", _PLUGIN_LOG)
    for n, s in zip(_CPU, ("6f9d8", "b3k7p")):
        p = w.pod(_KS, f"karpenter-7d9c8b6f45-{s}", node=n, gpu=0, containers=("controller",),
                  image="public.ecr.aws/karpenter/controller:1.0.2", owner=("ReplicaSet", "karpenter-7d9c8b6f45"),
                  labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"},
                  cpu="1", memory="1Gi")
        p["metadata"]["labels"]["pod-template-hash"] = "7d9c8b6f45"

    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "gpu", "creationTimestamp": T0},
        "spec": {"template": {"spec": {
            "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "gpu"},
            "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g5"]},
                             {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]}],
            "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
            "expireAfter": "720h"}},
            "limits": {"nvidia.com/gpu": "16"},
            "disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "5m"}},
        "status": {"resources": {"cpu": "4", "memory": "16005820Ki", "nodes": "1", "pods": "58"},
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "message": "",
                                   "lastTransitionTime": T0}]}}]
    w.custom["ec2nodeclasses.karpenter.k8s.aws"] = [{
        "apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass", "metadata": {"name": "gpu", "creationTimestamp": T0},
        "spec": {"amiSelectorTerms": [{"alias": "al2023@latest"}], "role": "KarpenterNodeRole-ml-prod",
                 "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "ml-prod"}}],
                 "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "ml-prod"}}],
                 "metadataOptions": {"httpEndpoint": "enabled", "httpProtocolIPv6": "disabled",
                                     "httpPutResponseHopLimit": 1, "httpTokens": "required"}},
        "status": {
            "amis": [
                {"id": _AMI_NEU, "name": "amazon-eks-node-al2023-x86_64-neuron-1.30-v20240924",
                 "requirements": [_AMD64, {"key": _GC, "operator": "Exists"}]},
                {"id": _AMI_NV, "name": "amazon-eks-node-al2023-x86_64-nvidia-560-1.30-v20240924",
                 "requirements": [_AMD64, {"key": _GA, "operator": "Exists"}]},
                {"id": _AMI_STD, "name": "amazon-eks-node-al2023-x86_64-standard-1.30-v20240924",
                 "requirements": [_AMD64, {"key": _GA, "operator": "DoesNotExist"},
                                  {"key": _GC, "operator": "DoesNotExist"}]},
                {"id": _AMI_ARM, "name": "amazon-eks-node-al2023-arm64-standard-1.30-v20240924",
                 "requirements": [{"key": "kubernetes.io/arch", "operator": "In", "values": ["arm64"]},
                                  {"key": _GA, "operator": "DoesNotExist"},
                                  {"key": _GC, "operator": "DoesNotExist"}]}],
            "subnets": [{"id": "subnet-0a1b2c3d4e5f60718", "zone": "us-west-2c", "zoneID": "usw2-az3"}],
            "securityGroups": [{"id": "sg-0d4c3b2a1f0e9d8c7", "name": "eks-cluster-sg-ml-prod"}],
            "instanceProfile": "ml-prod_1234567890123456789",
            "conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "message": "",
                            "lastTransitionTime": T0}]}}]
    w.custom["nodeclaims.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
        "metadata": {"name": _CLAIM, "creationTimestamp": T0,
                     "labels": {"karpenter.sh/nodepool": "gpu", "karpenter.k8s.aws/ec2nodeclass": "gpu",
                                "node.kubernetes.io/instance-type": "g5.xlarge"}},
        "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "gpu"},
                 "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g5"]},
                                  {"key": "node.kubernetes.io/instance-type", "operator": "In",
                                   "values": ["g5.xlarge", "g5.2xlarge", "g5.4xlarge"]},
                                  {"key": "karpenter.sh/nodepool", "operator": "In", "values": ["gpu"]}],
                 "resources": {"requests": {"cpu": "2", "memory": "8Gi", "nvidia.com/gpu": "1", "pods": "3"}},
                 "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
                 "expireAfter": "720h"},
        "status": {"providerID": "aws:///us-west-2c/i-0f3a9c7d2e4b61a58", "imageID": _AMI_NEU, "nodeName": _G5,
                   "capacity": {"cpu": "4", "memory": "15155Mi", "nvidia.com/gpu": "1", "pods": "58"},
                   "allocatable": {"cpu": "3920m", "memory": "14162Mi", "nvidia.com/gpu": "1", "pods": "58"},
                   "conditions": [
                       {"type": "Launched", "status": "True", "reason": "Launched", "message": "",
                        "lastTransitionTime": T0},
                       {"type": "Registered", "status": "True", "reason": "Registered", "message": "",
                        "lastTransitionTime": T0},
                       {"type": "Initialized", "status": "Unknown", "reason": "NodeNotReady",
                        "message": "Node status is NotReady", "lastTransitionTime": T0},
                       {"type": "Ready", "status": "Unknown", "reason": "AwaitingReconciliation",
                        "message": "Initialized=Unknown", "lastTransitionTime": T0}]}}]

    w.pod(_GPU_NS, _GPU_POD, gpu=1, phase="Pending", scheduled_message=_SCHED2, containers=("server",),
          image="vllm/vllm-openai:v0.6.1", cpu="2", memory="8Gi", owner=("ReplicaSet", "llama-serve-6b9f7c8d54"),
          labels={"app": "llama-serve", "pod-template-hash": "6b9f7c8d54"},
          node_selector={"karpenter.sh/nodepool": "gpu"}, tolerations=GPU_TOLERATION)
    w.event(_GPU_NS, "Pod", _GPU_POD, "FailedScheduling", _SCHED2, component="default-scheduler", count=22)
    w.target("Pod", _GPU_NS, _GPU_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
