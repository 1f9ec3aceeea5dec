"""Builds first-contact batch H26 (fixtures/first-contact/batch-h26/cases.jsonl) as scenario bundles.

GPU nodes broken by platform transitions (round 26, search protocol: 24 fixed queries, 6 per corpus, round-robin):
a Bottlerocket NVIDIA-variant pod whose GPU vanishes after `systemctl daemon-reload` on the host
(bottlerocket-os/bottlerocket#3072, fixed by PR#3432), and a DRA GPU workload stuck in ContainerCreating because the
nvidia-dra-driver-gpu kubelet plugin kept an NVML handle to the old driver across a gpu-operator upgrade
(NVIDIA/aicr#973). fh2601's text is the reporter's shell transcript: its prompt lines never reach the cluster, so it
is listed in TEXT_NOT_IN_BUNDLE and the bundle carries the output line of `nvidia-smi` (an exec in the pod). The
expected answers were reasoned from the threads (`expected` in the case, preferred first); they are never taken from
the tool's output.

Names and versions the threads do not state (cluster, node and pod names, instance types, GPU models, Kubernetes,
containerd and image versions) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_h26      # (re)writes fixtures/first-contact/batch-h26/scenarios/
"""

from __future__ import annotations

import re

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-h26", "H26", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# fh2601: the text is the reporter's terminal transcript (prompt lines included); the bundle carries only the
# nvidia-smi output line, as an exec's stdout
TEXT_NOT_IN_BUNDLE: set[str] = {"fh2601"}

_NVML_UNKNOWN = "Failed to initialize NVML: Unknown Error"


def _one_line(t: str) -> str:
    """The thread's wrapped block as the kubelet writes an event message: one line, single spaces."""
    return re.sub(r"\s+", " ", t).strip()


# ---- fh2601: Bottlerocket NVIDIA variant, GPU lost in a running pod after systemctl daemon-reload ---------------

_B_NS = "ml"
_B_POD = "cuda-smoke-7d9c5b8f6-q2w8n"
_B_NODE = "ip-10-0-41-17.us-west-2.compute.internal"
_B_OS = {"osImage": "Bottlerocket OS 1.14.0 (aws-k8s-1.26-nvidia)", "kernelVersion": "5.15.108",
         "containerRuntimeVersion": "containerd://1.6.20+bottlerocket", "kubeletVersion": "v1.26.4-eks-0a21954"}


@case("fh2601", pod_subj(_B_POD, _B_NS),
      "EKS v1.26 (assumed) with one Bottlerocket OS 1.14.0 aws-k8s-1.26-nvidia GPU node (g4dn.xlarge, one Tesla T4; "
      "instance, versions and names assumed) and one AL2 CPU node. No GPU Operator and no device-plugin pod: on "
      "Bottlerocket the NVIDIA device plugin runs as a host service, and the node advertises nvidia.com/gpu 1 "
      "(allocated). The workload pod (a CUDA base image sleeping, one nvidia.com/gpu; assumed) is Running and Ready, "
      "never restarted; the collector's exec of `nvidia-smi` in its container returns the thread's output line on "
      "stdout with exit code 255 (assumed). The case's text also holds the reporter's shell prompt lines, which are "
      "not in the bundle (TEXT_NOT_IN_BUNDLE). The host's daemon-reload is not visible to the collector.")
def _(w, t):
    w.git_version = "v1.26.4-eks-0a21954"
    cpu = w.node("ip-10-0-12-88.us-west-2.compute.internal", cpu="4", memory="16093892Ki",
                 labels={"node.kubernetes.io/instance-type": "m5.xlarge", "eks.amazonaws.com/nodegroup": "system"})
    info(cpu, osImage="Amazon Linux 2", kernelVersion="5.10.178-162.673.amzn2.x86_64",
         containerRuntimeVersion="containerd://1.6.19", kubeletVersion="v1.26.4-eks-0a21954")
    gpu = w.node(_B_NODE, gpus=1, cpu="4", memory="16047520Ki",
                 labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "eks.amazonaws.com/nodegroup": "gpu",
                         "topology.kubernetes.io/zone": "us-west-2a"},
                 taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
    info(gpu, **_B_OS)
    w.pod(_B_NS, _B_POD, node=_B_NODE, gpu=1, containers=("cuda",), image="nvidia/cuda:12.1.1-base-ubuntu22.04",
          owner=("ReplicaSet", "cuda-smoke-7d9c5b8f6"), labels={"app": "cuda-smoke"}, tolerations=GPU_TOLERATION,
          cpu="1", memory="2Gi")
    w.get_pod(_B_NS, _B_POD)["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    w.exec(_B_NS, _B_POD, "cuda", ["nvidia-smi"], _NVML_UNKNOWN + "\n", "", exit_code=255)
    w.target("Pod", _B_NS, _B_POD)


# ---- fh2602: DRA kubelet plugin keeps the old driver's NVML across a gpu-operator upgrade ------------------------

_D_NS = "nvidia-dra-driver"
_D_DS = "nvidia-dra-driver-gpu-kubelet-plugin"
_D_PLUGIN = "nvidia-dra-driver-gpu-kubelet-plugin-8kq4t"
_D_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"
_D_NODE = "ip-10-1-88-203.ec2.internal"
_W_NS = "aicr-validation"
_W_POD = "inference-perf-0"
_W_CLAIM = "inference-perf-0-gpu-7m2xk"
_OLD_T = "2026-11-20T09:12:00Z"       # the plugin pod, started before the upgrade (assumed)


@case("fh2602", pod_subj(_W_POD, _W_NS),
      "EKS v1.34 (assumed) with one CPU node and one p5.48xlarge GPU node (8 x H100; assumed) from an AICR recipe. "
      "GPU Operator v26.3.1 in gpu-operator with its driver container (driver 580.126.20, its pod recreated by the "
      "upgrade; the ClusterPolicy says driver 580.126.20 and ready), toolkit, GFD and validator running, its device "
      "plugin disabled (DRA allocates the GPUs; assumed). In nvidia-dra-driver the nvidia-dra-driver-gpu "
      "controller and kubelet-plugin run and are Ready; the kubelet-plugin pod started before the upgrade (its start "
      "time is older than the driver pod's) and was not restarted. The workload pod (namespace, name and image "
      "assumed) has an allocated ResourceClaim on the GPU node and stays ContainerCreating; the kubelet's "
      "FailedPrepareDynamicResources event carries the text, its wrapping joined into one line.")
def _(w, t):
    w.git_version = "v1.34.2-eks-b3126f4"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1029-aws",
          "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.34.2"}
    info(w.node("ip-10-1-20-14.ec2.internal", cpu="16", memory="64479228Ki",
                labels={"node.kubernetes.io/instance-type": "m6i.4xlarge"}), **kv)
    n = w.gpu_node(_D_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="192", memory="2097152000Ki",
                   labels={"node.kubernetes.io/instance-type": "p5.48xlarge", "nvidia.com/cuda.driver.major": "580",
                           "nvidia.com/cuda.runtime.major": "13", "nvidia.com/gpu.deploy.device-plugin": "false",
                           "nvidia.com/dra-kubelet-plugin": "true"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **kv)
    n["status"]["capacity"].pop("nvidia.com/gpu", None)
    n["status"]["allocatable"].pop("nvidia.com/gpu", None)
    # the operator stack: no device-plugin pod (DRA), the driver pod recreated by the upgrade
    plugin_pod = w.stack(_D_NODE, "device-plugin")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != plugin_pod]
    for key in [k for k in w.logs if k[1] == plugin_pod]:
        w.logs.pop(key)
    drv = w.get_pod(OPERATOR_NS, w.stack(_D_NODE, "driver"))
    for c in drv["spec"]["containers"]:
        c["image"] = "nvcr.io/nvidia/driver:580.126.20-ubuntu22.04"
    for s in drv["status"]["containerStatuses"]:
        s["image"] = "nvcr.io/nvidia/driver:580.126.20-ubuntu22.04"
        s["state"] = {"running": {"startedAt": T1}}
    drv["metadata"]["creationTimestamp"] = T1
    drv["status"]["startTime"] = T1
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": _OLD_T,
                     "labels": {"app.kubernetes.io/managed-by": "Helm"},
                     "annotations": {"meta.helm.sh/release-name": "gpu-operator"}},
        "spec": {"driver": {"enabled": True, "version": "580.126.20", "repository": "nvcr.io/nvidia"},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": False}, "gfd": {"enabled": True},
                 "cdi": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    # the DRA driver: controller and kubelet plugin, both Ready; the plugin pod predates the upgrade
    daemonset(w, _D_NS, _D_DS, desired=1, containers=[("gpus", _D_IMG), ("compute-domains", _D_IMG)],
              node_selector={"nvidia.com/dra-kubelet-plugin": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu",
                      "app.kubernetes.io/component": "kubelet-plugin"})
    pp = ds_pod(w, _D_NS, _D_DS, _D_PLUGIN, _D_NODE, containers=("gpus", "compute-domains"), image=_D_IMG,
                tolerations=GPU_TOLERATION)
    pp["metadata"]["creationTimestamp"] = _OLD_T
    pp["status"]["startTime"] = _OLD_T
    for s in pp["status"]["containerStatuses"]:
        s["state"] = {"running": {"startedAt": _OLD_T}}
    w.pod(_D_NS, "nvidia-dra-driver-gpu-controller-5f7c9d8b6-h4x2p", node="ip-10-1-20-14.ec2.internal", gpu=0,
          containers=("compute-domain",), image=_D_IMG, owner=("ReplicaSet", "nvidia-dra-driver-gpu-controller-5f7c9d8b6"),
          labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/component": "controller"},
          cpu="100m", memory="256Mi")
    # the workload: claim allocated on the GPU node, container never created
    p = w.pod(_W_NS, _W_POD, node=_D_NODE, gpu=0, containers=("inference-perf",),
              image="quay.io/inference-perf/inference-perf:v0.2.0", phase="Pending", tolerations=GPU_TOLERATION,
              owner=("StatefulSet", "inference-perf"), labels={"app": "inference-perf"}, cpu="8", memory="64Gi",
              statuses={"inference-perf": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                           "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-h100"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": _W_CLAIM}]
    w.event(_W_NS, "Pod", _W_POD, "FailedPrepareDynamicResources", _one_line(t), component="kubelet", host=_D_NODE,
            count=41)
    w.ns_custom[("resourceclaims.resource.k8s.io", _W_NS)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": _W_CLAIM, "namespace": _W_NS, "creationTimestamp": T1,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": _W_POD,
                                          "uid": p["metadata"]["uid"], "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
        "status": {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com",
                                                          "pool": _D_NODE, "device": "gpu-0"}]},
                                  "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                      {"key": "metadata.name", "operator": "In", "values": [_D_NODE]}]}]}},
                   "reservedFor": [{"resource": "pods", "name": _W_POD, "uid": p["metadata"]["uid"]}]}}]
    w.target("Pod", _W_NS, _W_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
