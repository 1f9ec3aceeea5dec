"""Builds first-contact batch A22 (fixtures/first-contact/batch-a22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of managed node lifecycle on GPU pools (node images, nodes joining a GPU pool with
a newer OS image), found with the search tool by the round's fixed query list (batch README). fa2201's quoted runc
words end the kubelet's FailedCreatePodSandBox events on a node of the EKS AL2023 NVIDIA AMI; fa2202 is the issue
reporter's prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE), which carries the state the thread
describes. The expected answer was reasoned from the document (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, instance types, kernels, image tags, the
workloads) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a22      # (re)writes fixtures/first-contact/batch-a22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, eks_labels
from tests.classify.first_contact_a13 import pending_creation, stack_images
from tests.classify.first_contact_b import KS, no_gpu_resource, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop, sized
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a22", "A22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2202"}


# ---- fa2201: EKS AL2023 NVIDIA AMI, nvidia runtime without SystemdCgroup: no pod sandbox on the node ----------

_FA2201_NODE = "ip-10-20-41-87.us-west-2.compute.internal"
_FA2201_INFO = {"osImage": "Amazon Linux 2023.10.20260508", "kernelVersion": "6.12.79-101.147.amzn2023.x86_64",
                "containerRuntimeVersion": "containerd://2.2.3", "kubeletVersion": "v1.35.3-eks-4a8c7f1",
                "kubeProxyVersion": "v1.35.3-eks-4a8c7f1"}
_FA2201_PLUGIN = "nvcr.io/nvidia/k8s-device-plugin:v0.18.1"


def _sandbox_msg(pod_uid_hint: str, cid: str) -> str:
    return ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to start sandbox "
            f"\"{cid}\": failed to create containerd task: failed to create shim task: OCI runtime create failed: "
            "runc create failed: expected cgroupsPath to be of format \"slice:prefix:name\" for systemd cgroups, "
            f"got \"/kubepods/{pod_uid_hint}/{cid}\" instead: unknown")


@case("fa2201", pod_subj("nvidia-device-plugin-daemonset-7xk2p", KS),
      "Amazon EKS, Kubernetes 1.35, a GPU node group launched from the EKS-optimized AL2023 NVIDIA AMI release "
      "v20260512 (the document's verified row: containerd 2.2.3, NVIDIA Container Toolkit 1.19.0, driver "
      "580.159.03; the g6.2xlarge instance with one L4, the node and pod names, the kernel build and the device "
      "plugin v0.18.1 are assumed). nvidia is containerd's default runtime and nvidia-ctk's runtime configure "
      "overlay dropped SystemdCgroup = true from its options, while the kubelet uses the systemd cgroup driver: "
      "every pod sandbox on the GPU node fails. The aws-node, kube-proxy and NVIDIA device plugin pods on it are "
      "Pending in ContainerCreating with the kubelet's FailedCreatePodSandBox events (the containerd/runc wrapper "
      "around the quoted words is illustrative); the node is NotReady (CNI never initialised, a consequence the "
      "document does not state) and advertises no nvidia.com/gpu. A CPU node runs the system workloads; the "
      "document's CUDA test pod is Pending with the scheduler's FailedScheduling event.")
def _(w, t):
    w.git_version = "v1.35.3-eks-4a8c7f1"
    cpu = w.node("ip-10-20-12-34.us-west-2.compute.internal", cpu="4", memory="16098360Ki",
                 labels=eks_labels("m6i.xlarge", nodegroup="system", zone="us-west-2a"))
    node_info(cpu, **{**_FA2201_INFO, "kernelVersion": "6.12.79-101.147.amzn2023.x86_64"})
    taint = {"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}
    n = w.node(_FA2201_NODE, ready=False, taints=[taint],
               labels={**eks_labels("g6.2xlarge", nodegroup="gpu-l4", zone="us-west-2b"),
                       "eks.amazonaws.com/nodegroup-image": "ami-0c4f1d2e8a9b37f61"})
    node_info(n, **_FA2201_INFO)
    sized(n, "8", "32386856Ki")
    no_gpu_resource(n)
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, ready=0,
              containers=[("nvidia-device-plugin-ctr", _FA2201_PLUGIN)], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"})
    daemonset(w, KS, "aws-node", desired=2, ready=1,
              containers=[("aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.20.4-eksbuild.2")],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "aws-node"})
    daemonset(w, KS, "kube-proxy", desired=2, ready=1,
              containers=[("kube-proxy", "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.35.3-eksbuild.1")],
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "kube-proxy"})
    for ds, cname, img, pname in (
            ("aws-node", "aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.20.4-eksbuild.2",
             "aws-node-9qvtd"),
            ("kube-proxy", "kube-proxy", "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.35.3-eksbuild.1",
             "kube-proxy-l2wzh")):
        ds_pod(w, KS, ds, pname.replace("-9qvtd", "-m4c8s").replace("-l2wzh", "-x7r5n"), cpu["metadata"]["name"],
               containers=(cname,), image=img, cpu="25m", memory="64Mi")
        ds_pod(w, KS, ds, pname, _FA2201_NODE, containers=(cname,), image=img, cpu="25m", memory="64Mi",
               tolerations=[{"operator": "Exists"}])
    plugin = ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-7xk2p", _FA2201_NODE,
                    containers=("nvidia-device-plugin-ctr",), image=_FA2201_PLUGIN, tolerations=GPU_TOLERATION,
                    labels={"name": "nvidia-device-plugin-ds"}, cpu="10m", memory="32Mi")
    sandboxes = {"aws-node-9qvtd": "b2a6e1f0c94d57a3e8f1b6c2d9a04e7f3c5b8a1d6e2f9c0a7b4d3e1f5a8c6b2d",
                 "kube-proxy-l2wzh": "4e9d1c7a0b3f6e2d8c5a9b1f4e7d0c3a6b9e2f5d8a1c4b7e0f3d6a9c2b5e8f1a",
                 "nvidia-device-plugin-daemonset-7xk2p": "7c1f4a9e2d5b8c0f3a6e9d2b5c8f1a4e7d0b3c6f9a2e5d8b1c4f7a0e3d6b9c2f"}
    for pname, cid in sandboxes.items():
        p = pending_creation(w.get_pod(KS, pname))
        qos = "besteffort" if pname.startswith("nvidia") else "burstable"
        w.event(KS, "Pod", pname, "FailedCreatePodSandBox",
                _sandbox_msg(f"{qos}/pod{p['metadata']['uid']}", cid), host=_FA2201_NODE, count=37)
    assert plugin["spec"]["nodeName"] == _FA2201_NODE
    sched = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
             "{node.kubernetes.io/not-ready: }. preemption: 0/2 nodes are available: 2 Preemption is not helpful "
             "for scheduling.")
    w.pod("default", "cuda-smoke", gpu=1, containers=("cuda",), image="nvcr.io/nvidia/cuda:12.4.1-runtime-ubuntu22.04",
          tolerations=GPU_TOLERATION, cpu="100m", memory="256Mi", scheduled_message=sched)
    w.event("default", "Pod", "cuda-smoke", "FailedScheduling", sched, component="default-scheduler", count=11)
    w.target("Pod", KS, "nvidia-device-plugin-daemonset-7xk2p")


# ---- fa2202: a new Ubuntu 22.04 GPU node joins; the operator restarts every driver pod; modules in use -------

_FA2202_OLD = ("gpu-a40-01", "gpu-a40-02")
_FA2202_NEW = "gpu-a100-01"
_FA2202_OLD_INFO = {"osImage": "Ubuntu 20.04.5 LTS", "kernelVersion": "5.4.0-131-generic",
                    "containerRuntimeVersion": "containerd://1.6.8", "kubeletVersion": "v1.24.7",
                    "kubeProxyVersion": "v1.24.7"}
_FA2202_NEW_INFO = {**_FA2202_OLD_INFO, "osImage": "Ubuntu 22.04.1 LTS", "kernelVersion": "5.15.0-52-generic"}
_FA2202_DRIVER = "515.65.01"
_FA2202_UNLOAD_LOG = """DRIVER_ARCH is x86_64
Creating directory NVIDIA-Linux-x86_64-515.65.01
Stopping NVIDIA persistence daemon...
Unloading NVIDIA driver kernel modules...
nvidia_modeset       1142784  0
nvidia_uvm           1200128  4
nvidia              40853504  138 nvidia_uvm,nvidia_modeset
Could not unload NVIDIA driver kernel modules, driver is in use
"""


@case("fa2202", pod_subj("nvidia-driver-daemonset-b8w4q", OPERATOR_NS),
      "A kubeadm cluster, Kubernetes v1.24.7 (the distribution, node names, kernels, containerd 1.6.8 and the "
      "driver 515.65.01 are assumed; the thread states GPU Operator 1.11.0, A40 nodes, a new A100 node, Ubuntu "
      "20.04 on the existing nodes and 22.04 on the new one). The GPU Operator 1.11.0 stack with containerised "
      "drivers runs on two A40 nodes (Ubuntu 20.04) where GPU training pods (namespace ml) are running. After the "
      "A100 node (Ubuntu 22.04) joined, the operator changed its DaemonSets: the driver pods on the A40 nodes were "
      "restarted and crash-loop - their driver container's log (illustrative, the thread quotes none) ends with the "
      "failure to unload the kernel modules held by the running GPU pods - while the other operands on those nodes "
      "wait in their init containers and the nodes' nvidia.com/gpu allocatable has dropped to 0. The new node's "
      "stack is healthy. The text is the reporter's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.24.7"
    for name in _FA2202_OLD:
        n = w.gpu_node(name, gpus=4, product="NVIDIA-A40", memory_mib=46068, allocatable=0)
        node_info(n, **_FA2202_OLD_INFO)
        n["metadata"]["labels"]["nvidia.com/cuda.driver.major"] = "515"
        stack_images(w, name, "v1.11.0", f"{_FA2202_DRIVER}-ubuntu22.04", "v1.10.0-ubuntu20.04", "v0.12.2-ubi8")
        drv = w.get_pod(OPERATOR_NS, w.stack(name, "driver"))
        crashloop(drv, "nvidia-driver-ctr", restarts=9, code=1)
        w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", _FA2202_UNLOAD_LOG, previous=True)
        w.logs.pop((OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", False), None)
        for role in ("toolkit", "device-plugin", "gfd", "validator"):
            pname = w.stack(name, role)
            pending_creation(w.get_pod(OPERATOR_NS, pname))
            for key in [k for k in w.logs if k[1] == pname]:
                w.logs.pop(key)
    n = w.gpu_node(_FA2202_NEW, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920)
    node_info(n, **_FA2202_NEW_INFO)
    n["metadata"]["labels"]["nvidia.com/cuda.driver.major"] = "515"
    stack_images(w, _FA2202_NEW, "v1.11.0", f"{_FA2202_DRIVER}-ubuntu22.04", "v1.10.0-ubuntu20.04", "v0.12.2-ubi8")
    w.log(OPERATOR_NS, w.stack(_FA2202_NEW, "driver"), "nvidia-driver-ctr",
          HEALTHY_DRIVER_LOG.replace("550.127.05", _FA2202_DRIVER))
    # the driver pod the case is about is the first A40 node's
    old = w.get_pod(OPERATOR_NS, w.stack(_FA2202_OLD[0], "driver"))
    target = "nvidia-driver-daemonset-b8w4q"
    for key in [k for k in w.logs if k[1] == old["metadata"]["name"]]:
        w.logs[(key[0], target, key[2], key[3])] = w.logs.pop(key)
    w._stack[(_FA2202_OLD[0], "driver")] = target
    old["metadata"]["name"] = target
    for i, name in enumerate(_FA2202_OLD):
        for r in range(2):
            w.pod("ml", f"resnet-train-{i}{r}", node=name, gpu=2, containers=("trainer",),
                  image="nvcr.io/nvidia/pytorch:22.10-py3", owner=("Job", f"resnet-train-{i}{r}"),
                  labels={"job-name": f"resnet-train-{i}{r}"}, tolerations=GPU_TOLERATION, cpu="8", memory="64Gi")
    w.target("Pod", OPERATOR_NS, target)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
