"""Builds first-contact batch D42 (fixtures/first-contact/batch-d42/cases.jsonl) as scenario bundles.

Distributed training and batch on Kubernetes GPUs (round 42, search protocol, 24 fixed queries in the `issues`
corpus): a LeaderWorkerSet that, scaled in and out on an EKS cluster of one-GPU nodes, gets its new leaders placed
on the last free GPUs and leaves their workers Pending (kubernetes-sigs/lws#167, a prose case: the reporter's own
sentences are NOT placed in the bundle, TEXT_NOT_IN_BUNDLE); a LeaderWorkerSet whose status says `All replicas
are ready` while its three GPU workers cannot be scheduled for want of GPUs (dsx-ai-factory/workload-map#228); and
a JobSet on two EKS p5.48xlarge nodes whose aws-ofi-nccl plugin fails with `NCCL WARN NET/OFI Unexpected group size
0`, so NCCL falls back to TCP sockets, because the image carries TensorFlow's libraries (aws/aws-ofi-nccl#1063).
The expected answers were reasoned from the threads (`expected` in the case, preferred first) and committed
before any rule change; they are never taken from the tool's output.

Names and versions the threads do not state (node and pod names, instance sizes, Kubernetes, LWS and plugin
versions, the log lines around the quoted text, the scheduler's FailedScheduling wording) are filled in
plausibly; each case's world note says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d42      # (re)writes fixtures/first-contact/batch-d42/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, eks_labels, eks_plugin, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d42", "D42", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a thread's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd4201"}

KS = "kube-system"
_LWS_API = "leaderworkerset.x-k8s.io/v1"
_LWS_PLURAL = "leaderworkersets.leaderworkerset.x-k8s.io"


def _lws_controller(w, node: str, version: str) -> None:
    """The LWS controller manager (lws-system), as the release manifests install it."""
    deploy_pod(w, "lws-system", "lws-controller-manager-5c8f9d7b64", "lws-controller-manager-5c8f9d7b64-t7k2q",
               node, containers=("manager",), image=f"registry.k8s.io/lws/lws:{version}",
               labels={"control-plane": "controller-manager"})


def _lws_pod(w, ns: str, name: str, *, lws: str, group: int, worker: int, node: str | None, image: str, gpu: int,
             ready: bool | None = None, scheduled_message: str | None = None, cpu: str = "4",
             memory: str = "16Gi") -> dict:
    """A LeaderWorkerSet pod: the leader (worker index 0) owned by the leader StatefulSet `<lws>`, a worker by the
    group's worker StatefulSet `<lws>-<group>`, with the labels the LWS controller sets."""
    labels = {"leaderworkerset.sigs.k8s.io/name": lws, "leaderworkerset.sigs.k8s.io/group-index": str(group),
              "leaderworkerset.sigs.k8s.io/worker-index": str(worker)}
    sts = lws if worker == 0 else f"{lws}-{group}"
    p = w.pod(ns, name, node=node, gpu=gpu, containers=("vllm-leader" if worker == 0 else "vllm-worker",),
              image=image, labels=labels, owner=("StatefulSet", sts), ready=ready,
              scheduled_message=scheduled_message, cpu=cpu, memory=memory)
    return p


def _lws_object(ns: str, name: str, *, uid: str, size: int, replicas: int, ready: int, image: str, gpu: int,
                conditions: list[dict]) -> dict:
    container = {"name": "vllm", "image": image,
                 "resources": {"limits": {"nvidia.com/gpu": str(gpu)}, "requests": {"nvidia.com/gpu": str(gpu)}}}
    return {"apiVersion": _LWS_API, "kind": "LeaderWorkerSet",
            "metadata": {"name": name, "namespace": ns, "creationTimestamp": T0, "generation": 3,
                         "uid": uid},
            "spec": {"replicas": replicas, "startupPolicy": "LeaderCreated",
                     "rolloutStrategy": {"type": "RollingUpdate",
                                         "rollingUpdateConfiguration": {"maxUnavailable": 1, "maxSurge": 0}},
                     "leaderWorkerTemplate": {"size": size, "restartPolicy": "RecreateGroupOnPodRestart",
                                              "leaderTemplate": {"spec": {"containers": [dict(container)]}},
                                              "workerTemplate": {"spec": {"containers": [dict(container)]}}}},
            "status": {"replicas": replicas, "readyReplicas": ready, "updatedReplicas": replicas,
                       "hpaPodSelector": f"leaderworkerset.sigs.k8s.io/name={name},"
                                         "leaderworkerset.sigs.k8s.io/worker-index=0",
                       "conditions": conditions}}


# ---- fd4201: LWS scaled in and out on one-GPU EKS nodes; new leaders take the free GPUs, workers Pending ----------

_D01_NS = "default"
_D01_IMAGE = "vllm/vllm-openai:v0.5.0"
_D01_NODES = [f"ip-192-168-{n}.us-west-2.compute.internal" for n in ("12-41", "37-118", "58-203", "77-16")]
_D01_MSG = ("0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: "
            "4 No preemption victims found for incoming pod.")


@case("fd4201", pod_subj("vllm-1-1", _D01_NS),
      "Amazon EKS v1.29 (version assumed; the thread gives none) with 4 GPU nodes of one NVIDIA A10G each "
      "(g5.2xlarge assumed, EKS-optimized accelerated AMI; the EKS-documented NVIDIA device plugin DaemonSet in "
      "kube-system, v0.15.0 assumed, ready on all 4). The LWS controller (v0.3.0 assumed) runs in lws-system. The "
      "LeaderWorkerSet `vllm` of the LWS vllm example (size 2, one nvidia.com/gpu per pod as the reporter's nodes "
      "imply) was scaled in to 1 and out to 3 replicas (the exact replica counts are assumed: the stored copy stops "
      "at 'scaled out to more replicas than the available nodes can host'): group 0 (vllm-0, vllm-0-1) runs; the new "
      "leaders vllm-1 and vllm-2 took the two free GPUs and run, not ready (their vLLM servers wait for their "
      "workers); the workers vllm-1-1 and vllm-2-1 are Pending with the scheduler's standard Insufficient "
      "nvidia.com/gpu FailedScheduling wording (composed, not quoted by the thread). The leader and worker "
      "StatefulSets and the LeaderWorkerSet object (status: readyReplicas 1 of 3) are written as the controller "
      "keeps them. The case's text is the reporter's prose and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.4-eks-036c24b"
    kv = {"kubeletVersion": "v1.29.3-eks-ae9a62a", "containerRuntimeVersion": "containerd://1.7.11",
          "osImage": "Amazon Linux 2", "kernelVersion": "5.10.217-205.860.amzn2.x86_64"}
    for i, n in enumerate(_D01_NODES):
        info(w.node(n, gpus=1, cpu="8", memory="32386332Ki",
                    labels=eks_labels("g5.2xlarge", "gpu-ng", "us-west-2" + "abcd"[i % 2])), **kv)
    eks_plugin(w, [(n, f"nvidia-device-plugin-daemonset-{s}") for n, s in zip(_D01_NODES, ("4xk9p", "b7m2q",
                                                                                         "h2r8w", "z6t3n"))],
               image="nvcr.io/nvidia/k8s-device-plugin:v0.15.0")
    _lws_controller(w, _D01_NODES[0], "v0.3.0")
    placed = {("vllm-0", 0, 0): _D01_NODES[0], ("vllm-0-1", 0, 1): _D01_NODES[1],
              ("vllm-1", 1, 0): _D01_NODES[2], ("vllm-2", 2, 0): _D01_NODES[3],
              ("vllm-1-1", 1, 1): None, ("vllm-2-1", 2, 1): None}
    for (name, group, worker), node in placed.items():
        _lws_pod(w, _D01_NS, name, lws="vllm", group=group, worker=worker, node=node, image=_D01_IMAGE, gpu=1,
                 ready=None if group == 0 else False, scheduled_message=_D01_MSG if node is None else None,
                 cpu="6", memory="24Gi")
        if node is None:
            w.event(_D01_NS, "Pod", name, "FailedScheduling", _D01_MSG, component="default-scheduler", count=14)
    w.workload("StatefulSet", _D01_NS, "vllm", replicas=3,
               status={"replicas": 3, "readyReplicas": 1, "currentReplicas": 3, "availableReplicas": 1})
    for g, ready in ((0, 1), (1, 0), (2, 0)):
        w.workload("StatefulSet", _D01_NS, f"vllm-{g}", replicas=1, owner=("StatefulSet", "vllm"),
                   status={"replicas": 1, "readyReplicas": ready, "currentReplicas": 1, "availableReplicas": ready})
    w.ns_custom[(_LWS_PLURAL, _D01_NS)] = [_lws_object(
        _D01_NS, "vllm", uid="7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f", size=2, replicas=3, ready=1, image=_D01_IMAGE, gpu=1, conditions=[
            {"type": "Available", "status": "False", "reason": "GroupsProgressing",
             "message": "Replicas are progressing", "lastTransitionTime": T1},
            {"type": "Progressing", "status": "True", "reason": "GroupsProgressing",
             "message": "Replicas are progressing", "lastTransitionTime": T1}])]
    w.target("Pod", _D01_NS, "vllm-1-1")


# ---- fd4202: LWS reports `All replicas are ready` while its three GPU workers are Pending (no GPU left) ----------

_D02_NS = "inference"
_D02_NODE = "gpu-h100-node-1"
_D02_CP = "k8s-cp-1"
_D02_IMAGE = "vllm/vllm-openai:v0.10.1"
_D02_MSG = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
            "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption "
            "victims found for incoming pod, 1 Preemption is not helpful for scheduling.")


@case("fd4202", pod_subj("llm-0-1", _D02_NS),
      "Kubernetes v1.33.3 (kubeadm assumed; the thread names no distribution) with one control-plane node and one "
      "GPU node of 8 x H100 80GB whose GPU Operator stack is healthy (assumed). The LWS controller (v0.7.0 assumed; "
      "the thread says only that the cluster runs the v1 API) runs in lws-system. The LeaderWorkerSet `llm` (1 "
      "leader + 3 workers, size 4, replicas 1; each pod asks for 8 GPUs, assumed) has its leader llm-0 Running and "
      "Ready on the GPU node, holding all 8 GPUs; the workers llm-0-1..3 are Pending with the scheduler's standard "
      "FailedScheduling wording (composed, not quoted: the thread says 'cannot schedule (insufficient "
      "`nvidia.com/gpu`)'). The LeaderWorkerSet object carries the quoted status: condition Available=True, reason "
      "AllGroupsReady, message = the case's text, readyReplicas 1, replicas 1. Names, the model server image and the "
      "namespace are assumed.")
def _(w, t):
    w.git_version = "v1.33.3"
    kv = {"kubeletVersion": "v1.33.3", "containerRuntimeVersion": "containerd://2.0.5",
          "osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-71-generic"}
    info(w.node(_D02_CP, cpu="8", memory="32863924Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.gpu_node(_D02_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224",
                    memory="2113340188Ki"), **kv)
    _lws_controller(w, _D02_NODE, "v0.7.0")
    _lws_pod(w, _D02_NS, "llm-0", lws="llm", group=0, worker=0, node=_D02_NODE, image=_D02_IMAGE, gpu=8,
             cpu="64", memory="512Gi")
    for i in (1, 2, 3):
        name = f"llm-0-{i}"
        _lws_pod(w, _D02_NS, name, lws="llm", group=0, worker=i, node=None, image=_D02_IMAGE, gpu=8,
                 scheduled_message=_D02_MSG, cpu="64", memory="512Gi")
        w.event(_D02_NS, "Pod", name, "FailedScheduling", _D02_MSG, component="default-scheduler", count=38)
    w.workload("StatefulSet", _D02_NS, "llm", replicas=1,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "availableReplicas": 1})
    w.workload("StatefulSet", _D02_NS, "llm-0", replicas=3, owner=("StatefulSet", "llm"),
               status={"replicas": 3, "readyReplicas": 0, "currentReplicas": 3, "availableReplicas": 0})
    w.ns_custom[(_LWS_PLURAL, _D02_NS)] = [_lws_object(
        _D02_NS, "llm", uid="9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", size=4, replicas=1, ready=1, image=_D02_IMAGE, gpu=8, conditions=[
            {"type": "Available", "status": "True", "reason": "AllGroupsReady", "message": t,
             "lastTransitionTime": T1}])]
    w.target("Pod", _D02_NS, "llm-0-1")


# ---- fd4203: JobSet on two EKS p5.48xlarge nodes; aws-ofi-nccl fails, NCCL falls back to TCP sockets -------------

_D03_NS = "default"
_D03_NODES = ("ip-10-1-84-212.us-east-2.compute.internal", "ip-10-1-91-37.us-east-2.compute.internal")
_D03_IMAGE = "registry.example.com/jax-vllm-offloading:25.06"
_D03_JOBSET = "jax-vllm-multinode"
_D03_PODS = {"gateway": "jax-vllm-multinode-gateway-0-0-w4k8s", "jax": "jax-vllm-multinode-jax-0-0-q7d2m",
             "vllm": "jax-vllm-multinode-vllm-0-0-h5n9x"}
_EFA_TOL = [{"key": "vpc.amazonaws.com/efa", "operator": "Exists", "effect": "NoSchedule"}]


def _d03_log(host: str, t: str) -> str:
    """NCCL's INFO lines around the quoted WARN line (composed, illustrative: aws-ofi-nccl 1.14.0, NCCL 2.27.3
    as the thread states; the fall-back to the Socket transport the thread describes)."""
    p = f"{host}:214:391 [0]"
    return "\n".join([
        f"{host}:214:214 [0] NCCL INFO Bootstrap: Using enp71s0:{host.split('.')[0][3:].replace('-', '.')}<0>",
        "NCCL version 2.27.3+cuda12.9",
        f"{p} NCCL INFO NET/Plugin: Loaded net plugin Libfabric (v10)",
        f"{p} NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.14.0",
        f"{p} NCCL INFO NET/OFI Using Libfabric version 1.22",
        f"{p} NCCL INFO NET/OFI Using CUDA driver version 12090 with runtime 12090",
        f"{p} NCCL INFO NET/OFI Configuring AWS-specific options",
        f"{p} NCCL INFO NET/OFI Setting provider_filter to efa",
        f"{p} NCCL INFO NET/OFI Using transport protocol RDMA (platform set)",
        f"{p} {t}",
        f"{p} NCCL INFO NET/IB : No device found.",
        f"{p} NCCL INFO NET/Socket : Using [0]enp71s0:{host.split('.')[0][3:].replace('-', '.')}<0>",
        f"{p} NCCL INFO Initialized NET plugin Socket",
        f"{p} NCCL INFO Using network Socket",
        f"{p} NCCL INFO comm 0x5581c2a0 rank 0 nranks 16 cudaDev 0 nvmlDev 0 busId 53000 commId 0x6c1f3a9e "
        "- Init COMPLETE",
    ]) + "\n"


@case("fd4203", pod_subj(_D03_PODS["jax"], _D03_NS),
      "Amazon EKS v1.33 with two p5.48xlarge nodes (8 x H100 80GB, 32 EFA interfaces each) on the EKS-optimized "
      "AL2023 NVIDIA AMI, as the thread states; the EKS-documented NVIDIA device plugin DaemonSet (v0.17.1 assumed) "
      "and the AWS EFA device plugin DaemonSet (aws-efa-k8s-device-plugin, v0.5.6 assumed) run on both, and the "
      "nodes advertise nvidia.com/gpu 8 and vpc.amazonaws.com/efa 32. The JobSet controller runs in jobset-system "
      "(v0.8.1 assumed). The JobSet jax-vllm-multinode (the thread's manifest is cut after its gateway "
      "replicatedJob; the jax and vllm replicatedJobs and all pod names are assumed) runs a CPU gateway pod and two "
      "GPU pods, one per node, with hostNetwork, privileged containers, 8 GPUs and 32 EFA devices each; all pods are "
      "Running. The jax pod's log carries the quoted WARN line inside NCCL INFO lines composed around it (plugin "
      "initialisation, then the fall-back to the Socket transport the reporter describes). The image name is "
      "assumed (built on nvcr.io/nvidia/cuda-dl-base:25.06-cuda12.9-devel-ubuntu24.04 with TensorFlow's libraries "
      "in it, as the thread settles).")
def _(w, t):
    w.git_version = "v1.33.4-eks-e386d34"
    kv = {"kubeletVersion": "v1.33.3-eks-3abbec1", "containerRuntimeVersion": "containerd://1.7.27",
          "osImage": "Amazon Linux 2023.8.20250818", "kernelVersion": "6.1.147-172.266.amzn2023.x86_64"}
    info(w.node("ip-10-1-20-5.us-east-2.compute.internal", cpu="8", memory="32051356Ki",
                labels=eks_labels("m6i.2xlarge", "system-ng", "us-east-2a")), **kv)
    for n in _D03_NODES:
        node = w.node(n, gpus=8, cpu="192", memory="2097966048Ki",
                      labels=eks_labels("p5.48xlarge", "p5-ng", "us-east-2a"),
                      taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
        for res in ("capacity", "allocatable"):
            node["status"][res]["vpc.amazonaws.com/efa"] = "32"
        info(node, **kv)
    eks_plugin(w, [(n, f"nvidia-device-plugin-daemonset-{s}") for n, s in zip(_D03_NODES, ("k2w7d", "r9p4x"))],
               image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    efa_img = "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/aws-efa-k8s-device-plugin:v0.5.6"
    daemonset(w, KS, "aws-efa-k8s-device-plugin-daemonset", desired=2,
              containers=[("aws-efa-k8s-device-plugin", efa_img)], tolerations=_EFA_TOL + [
                  {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "aws-efa-k8s-device-plugin"})
    for n, s in zip(_D03_NODES, ("m3c8v", "t6j2b")):
        ds_pod(w, KS, "aws-efa-k8s-device-plugin-daemonset", f"aws-efa-k8s-device-plugin-daemonset-{s}", n,
               containers=("aws-efa-k8s-device-plugin",), image=efa_img, labels={"name": "aws-efa-k8s-device-plugin"})
    deploy_pod(w, "jobset-system", "jobset-controller-manager-6b9f7c5d48", "jobset-controller-manager-6b9f7c5d48-x2l9f",
               "ip-10-1-20-5.us-east-2.compute.internal", containers=("manager",),
               image="registry.k8s.io/jobset/jobset:v0.8.1", labels={"control-plane": "controller-manager"})

    def jobset_labels(rjob: str) -> dict:
        return {"jobset.sigs.k8s.io/jobset-name": _D03_JOBSET, "jobset.sigs.k8s.io/replicatedjob-name": rjob,
                "jobset.sigs.k8s.io/job-index": "0", "batch.kubernetes.io/job-completion-index": "0"}

    w.pod(_D03_NS, _D03_PODS["gateway"], node="ip-10-1-20-5.us-east-2.compute.internal", gpu=0,
          containers=("gateway",), image=_D03_IMAGE, labels=jobset_labels("gateway"),
          owner=("Job", f"{_D03_JOBSET}-gateway-0"), cpu="2", memory="8Gi")
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    for rjob, node in (("jax", _D03_NODES[0]), ("vllm", _D03_NODES[1])):
        p = w.pod(_D03_NS, _D03_PODS[rjob], node=node, gpu=8, containers=(rjob,), image=_D03_IMAGE,
                  labels=jobset_labels(rjob), owner=("Job", f"{_D03_JOBSET}-{rjob}-0"), tolerations=tol,
                  cpu="96", memory="1000Gi", extra_spec={"hostNetwork": True, "dnsPolicy": "ClusterFirstWithHostNet"})
        c = p["spec"]["containers"][0]
        c["resources"]["limits"]["vpc.amazonaws.com/efa"] = "32"
        c["resources"]["requests"]["vpc.amazonaws.com/efa"] = "32"
        c["securityContext"] = {"privileged": True}
        c["env"] = [{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "FI_PROVIDER", "value": "efa"}]
    w.log(_D03_NS, _D03_PODS["jax"], "jax", _d03_log(_D03_NODES[0], t))
    for rjob in ("gateway", "jax", "vllm"):
        job = w.workload("Job", _D03_NS, f"{_D03_JOBSET}-{rjob}-0", replicas=1,
                         status={"active": 1, "ready": 1, "startTime": T0})
        job["metadata"]["labels"] = jobset_labels(rjob)
    w.ns_custom[("jobsets.jobset.x-k8s.io", _D03_NS)] = [{
        "apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
        "metadata": {"name": _D03_JOBSET, "namespace": _D03_NS, "creationTimestamp": T0,
                     "uid": "3e9a1c7b-5d2f-4a8e-9b6c-0f1e2d3c4b5a"},
        "spec": {"network": {"enableDNSHostnames": True, "publishNotReadyAddresses": True},
                 "replicatedJobs": [{"name": r, "replicas": 1} for r in ("gateway", "jax", "vllm")]},
        "status": {"replicatedJobsStatus": [{"name": r, "ready": 1, "active": 1, "succeeded": 0, "failed": 0,
                                             "suspended": 0} for r in ("gateway", "jax", "vllm")],
                   "restarts": 0, "terminalState": ""}}]
    w.target("Pod", _D03_NS, _D03_PODS["jax"])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
