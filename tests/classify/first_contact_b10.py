"""Builds first-contact batch B10 (fixtures/first-contact/batch-b10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures that no rule was written for, sampled with the fixed list of 48 queries in the
batch README, sent to all four corpora of the `search` tool at once (12 each to issues, pages, docs and code), the
node layer emphasised and other layers taken as they came. Each builder places the case's text verbatim where a
collector would have found it (a prose case's text is not placed) and builds the cluster state the source
describes. The expected answer was reasoned from the source (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node names, instance types, kernels, kubelet and containerd
builds, image tags, GPU models, namespaces) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b10      # (re)writes fixtures/first-contact/batch-b10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, eks_labels
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b10", "B10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def terminating(p: dict, grace: int = 30) -> dict:
    """A pod whose deletion was requested (deletionTimestamp set) but whose containers still run: Terminating."""
    p["metadata"]["deletionTimestamp"] = T1
    p["metadata"]["deletionGracePeriodSeconds"] = grace
    return p


# ---- node layer ------------------------------------------------------------------------------

_FB1001_INFO = {"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-84-generic",
                "containerRuntimeVersion": "containerd://1.7.5", "kubeletVersion": "v1.27.5",
                "kubeProxyVersion": "v1.27.5"}
_FB1001_NVDP = "nvidia-device-plugin"            # the namespace of the nvdp Helm release
_FB1001_LEASES = [("dd4f3b7a2c1e9q8m0f6v5k3s1h7r2n4p", "web", "web-7c9d8b6f54-x2k7q", "ollama/ollama:0.1.1"),
                  ("m9r1t5v8c2k4x7b3n6q0w8e5a1s3d7f2", "app", "app-5f6b7c8d9-8hw2n", "pytorch/pytorch:2.0.1-cuda11.7-cudnn8-runtime")]


@case("fb1001", node_subj("node2"),
      "An Akash provider cluster built with kubespray (Kubernetes v1.27.5, Ubuntu 22.04.3, containerd 1.7.5; versions, "
      "node names and GPU model assumed, the thread says only 'GPU-providers', Ubuntu/Debian and K8s) with a control-plane "
      "node `node1` (no GPU) and a GPU worker `node2` (8 x RTX 4090 assumed, host NVIDIA driver, advertising "
      "nvidia.com/gpu 8, Akash capability labels). The NVIDIA device plugin runs from the `nvdp` Helm chart in namespace "
      "nvidia-device-plugin (nvdp-nvidia-device-plugin-4vq9x on node2, image v0.14.1 assumed, RuntimeClass nvidia): the "
      "pod shows Running and Ready (the chart has no probe, so 'stuck' is invisible in its status), its log the normal "
      "start-up; `nvidia-smi` run in it did not return (the collector's exec timed out), as the thread says nvidia-smi "
      "hangs in pods. Two tenant lease namespaces hold the pods of closed deployments, each requesting one GPU, still "
      "Terminating (deletionTimestamp set, containers still running) with the kubelet's Killing events. No "
      "'Driver/library version mismatch' line and no kernel log are modelled: the thread quotes none. The text is the "
      "maintainer's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.27.5"
    cp = w.node("node1", cpu="16", memory="65842388Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_FB1001_INFO)
    gpu = "node2"
    n = host_node(w, gpu, gpus=8, info=_FB1001_INFO,
                  labels={"akash.network": "true",
                          "akash.network/capabilities.gpu.vendor.nvidia.model.rtx4090": "true"})
    sized(n, "64", "263842388Ki")
    p = plugin_pod(w, gpu, "nvdp-nvidia-device-plugin-4vq9x", ns=_FB1001_NVDP, ds="nvdp-nvidia-device-plugin",
                   runtime_class="nvidia", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.1")
    plugin_ds(w, _FB1001_NVDP, [p], ds="nvdp-nvidia-device-plugin")
    w.exec(_FB1001_NVDP, "nvdp-nvidia-device-plugin-4vq9x", "nvidia-device-plugin-ctr", ["nvidia-smi"], "", "",
           exit_code=None, error="timed out after 30s")
    for ns, container, name, image in _FB1001_LEASES:
        rs = name.rsplit("-", 1)[0]
        pod = w.pod(ns, name, node=gpu, containers=(container,), image=image, owner=("ReplicaSet", rs),
                    labels={"akash.network": "true", "akash.network/manifest-service": container},
                    cpu="8", memory="32Gi")
        terminating(pod)
        w.event(ns, "Pod", name, "Killing", f"Stopping container {container}", type="Normal", component="kubelet",
                host=gpu, count=1, field_path=f"spec.containers{{{container}}}")
    w.target("Node", None, gpu)


# ---- driver layer ----------------------------------------------------------------------------

_FB1002_BR = {"osImage": "Bottlerocket OS 1.19.2 (aws-k8s-1.28-nvidia)", "kernelVersion": "5.15.148",
              "containerRuntimeVersion": "containerd://1.6.28+bottlerocket", "kubeletVersion": "v1.28.5-eks-5e0fdde",
              "kubeProxyVersion": "v1.28.5-eks-5e0fdde"}
_FB1002_MSG_PREFIX = "Error: "
_FB1002_IMAGE = "nvidia/cuda:12.0.1-runtime-ubuntu22.04"


@case("fb1002", pod_subj("gpu-inference-6d8f7c9b5-q4m2x"),
      "EKS 1.28 cluster (us-east-1 assumed) with a general node and a g5.xlarge GPU node (one A10G) on the Bottlerocket "
      "aws-k8s-1.28-nvidia variant (Bottlerocket 1.19.2, kernel, containerd and kubelet builds assumed), which ships "
      "the NVIDIA driver with GSP firmware enabled and runs the NVIDIA device plugin as a host service (no plugin pod), "
      "advertising nvidia.com/gpu 1. The dcgm-exporter DaemonSet (namespace dcgm-exporter, image 3.3.5-3.4.0-ubuntu22.04 "
      "assumed) has its pod Running on the GPU node; `nvidia-smi` run in it did not return (the collector's exec timed "
      "out), as the thread says all interactions with the GPU time out. A GPU workload pod (Deployment gpu-inference in "
      "namespace ml, one GPU, a CUDA 12.0 image; names assumed: the thread says only 'a pod with gpu access') is in "
      "CrashLoopBackOff after StartError exit 128, with the kubelet's Failed event carrying the text verbatim; the "
      "termination message is the same text without 'Error: ', both cut where the stored excerpt of the thread ends. No "
      "kernel log is modelled: the thread quotes no Xid line.")
def _(w, t):
    w.git_version = "v1.28.5-eks-5e0fdde"
    cpu_node = "ip-192-168-12-44.ec2.internal"
    n0 = w.node(cpu_node, cpu="4", memory="15950508Ki", alloc_cpu="3920m", alloc_memory="14992556Ki", pods_cap="58",
                labels=eks_labels("m5.xlarge", "general-ng", "us-east-1a"))
    node_info(n0, **{**_FB1002_BR, "osImage": "Bottlerocket OS 1.19.2 (aws-k8s-1.28)"})
    gpu = "ip-192-168-40-187.ec2.internal"
    n = host_node(w, gpu, gpus=1, info=_FB1002_BR, labels=eks_labels("g5.xlarge", "gpu-ng", "us-east-1b"))
    sized(n, "4", "16073408Ki")
    n["status"]["capacity"]["pods"] = n["status"]["allocatable"]["pods"] = "58"
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    dcgm_img = "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.5-3.4.0-ubuntu22.04"
    daemonset(w, "dcgm-exporter", "dcgm-exporter", desired=1, containers=[("exporter", dcgm_img)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "dcgm-exporter"})
    ds_pod(w, "dcgm-exporter", "dcgm-exporter", "dcgm-exporter-7xk2p", gpu, containers=("exporter",), image=dcgm_img,
           labels={"app.kubernetes.io/name": "dcgm-exporter"}, tolerations=GPU_TOLERATION)
    w.exec("dcgm-exporter", "dcgm-exporter-7xk2p", "exporter", ["nvidia-smi"], "", "", exit_code=None,
           error="timed out after 30s")
    assert t.startswith(_FB1002_MSG_PREFIX)
    msg = t[len(_FB1002_MSG_PREFIX):]
    pod = "gpu-inference-6d8f7c9b5-q4m2x"
    container = "inference"
    status = {container: {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                                "message": f"back-off 2m40s restarting failed container={container} "
                                                           f"pod={pod}_ml(2b7d41c6-5f0e-4a8b-9c3d-7e1f2a6b8c90)"}},
                          "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "message": msg,
                                                       "startedAt": "1970-01-01T00:00:00Z", "finishedAt": T1}},
                          "ready": False, "restartCount": 4}}
    w.pod("ml", pod, node=gpu, containers=(container,), image=_FB1002_IMAGE,
          owner=("ReplicaSet", "gpu-inference-6d8f7c9b5"), labels={"app": "gpu-inference"}, statuses=status,
          ready=False, tolerations=GPU_TOLERATION, cpu="2", memory="8Gi")
    w.event("ml", "Pod", pod, "Failed", t, component="kubelet", host=gpu, count=5,
            field_path=f"spec.containers{{{container}}}")
    w.event("ml", "Pod", pod, "BackOff", "Back-off restarting failed container inference in pod "
            f"{pod}_ml(2b7d41c6-5f0e-4a8b-9c3d-7e1f2a6b8c90)", component="kubelet", host=gpu, count=12,
            field_path=f"spec.containers{{{container}}}")
    w.workload("Deployment", "ml", "gpu-inference",
               template_pod={"spec": {"containers": [{"name": container, "image": _FB1002_IMAGE,
                                                      "resources": {"limits": {"nvidia.com/gpu": "1"}}}],
                                      "tolerations": GPU_TOLERATION}},
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.workload("ReplicaSet", "ml", "gpu-inference-6d8f7c9b5", owner=("Deployment", "gpu-inference"),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
    w.target("Pod", "ml", pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
