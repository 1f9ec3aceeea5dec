"""First-contact batch G2 (fixtures/first-contact/batch-g2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads that no rule was written for, in any layer, sampled with
the fixed query list in the batch README (managed distributions and healthy look-alikes emphasised). Each
builder places the case's text verbatim where a collector would have found it (prose texts are not placed)
and builds the cluster state the thread describes. The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g2      # (re)writes fixtures/first-contact/batch-g2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, app_pod, block, host_node, no_gpu_resource, node_info, plugin_ds,
                                            plugin_pod, running_pod, set_image, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import ML, node_subj, pending_pod, pod_subj, stack_crash

FC = ThreadBatch("batch-g2", "G2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fg202", "fg204", "fg205"}


# ---- application layer -----------------------------------------------------------------------

_EKS_INFO = {"osImage": "Amazon Linux 2023.7.20260601", "kernelVersion": "6.12.31-51.91.amzn2023.x86_64",
             "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.1-eks-b9b7d4b",
             "kubeProxyVersion": "v1.33.1-eks-b9b7d4b"}


@case("fg201", pod_subj("nemotron-agg-worker-0", "inference"),
      "EKS 1.33 cluster with two GPU nodes of an EFA-capable instance type (p5.48xlarge assumed, 8 H100 each; EKS "
      "AL2023 NVIDIA AMI with host driver and toolkit; version strings assumed for mid 2026) and the NVIDIA device "
      "plugin DaemonSet in kube-system advertising 8 GPUs per node; the Nemotron aggregated-serving recipe runs a "
      "leader and a worker pod (pipeline parallelism 2, one pod per node, 8 GPUs each; names, image and namespace "
      "assumed) with NCCL_DEBUG=INFO and NCCL_SOCKET_IFNAME=^lo,docker,veth,eni (the exclude the PR replaced); both "
      "pods are Running (the collective hangs, nobody restarted them yet); the worker's current log is the text. "
      "The EKS Pod Identity link-local NIC is not a Kubernetes object and is described here only.")
def _(w, t):
    pods = []
    nodes = ("ip-10-1-216-156.us-west-2.compute.internal", "ip-10-1-217-42.us-west-2.compute.internal")
    for i, node in enumerate(nodes):
        host_node(w, node, gpus=8, labels={"node.kubernetes.io/instance-type": "p5.48xlarge",
                                           "eks.amazonaws.com/nodegroup": "gpu-efa",
                                           "vpc.amazonaws.com/efa.present": "true",
                                           "topology.kubernetes.io/region": "us-west-2"}, info=_EKS_INFO)
        n = w.get_node(node)
        for res in ("capacity", "allocatable"):
            n["status"][res]["vpc.amazonaws.com/efa"] = "32"
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'k7q2m' if i == 0 else 'x9d4c'}"))
    plugin_ds(w, KS, pods)
    env = [{"name": "NCCL_DEBUG", "value": "INFO"},
           {"name": "NCCL_SOCKET_IFNAME", "value": "^lo,docker,veth,eni"},
           {"name": "FI_PROVIDER", "value": "efa"}]
    image = "nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.9.0"
    running_pod(w, "nemotron-agg-leader-0", "INFO 06-08 10:02:11 [api_server.py:1043] vLLM API server version 0.9.1\n",
                ns="inference", node=nodes[0], container="vllm", gpu=8, image=image, env=env,
                owner=("StatefulSet", "nemotron-agg-leader"), ready=False)
    running_pod(w, "nemotron-agg-worker-0", t, ns="inference", node=nodes[1], container="vllm", gpu=8, image=image,
                env=env, owner=("StatefulSet", "nemotron-agg-worker"), ready=False)
    w.target("Pod", "inference", "nemotron-agg-worker-0")


@case("fg204", pod_subj("finetuner-8gpu-7d9f6c5b4-qx2lm", "tenant-ml"),
      "CoreWeave Kubernetes Cloud node with 8 A100 80GB GPUs (the provider's host driver and NVIDIA device plugin "
      "advertising nvidia.com/gpu 8; node, namespace and image names and version strings assumed for mid 2023); "
      "the finetuner Deployment's pod requesting 8 GPUs has no /dev/shm volume and crash-loops (exit code 1 and "
      "restart count assumed; its log is not modelled, the thread quotes none); an earlier run of the same "
      "finetuner with 7 GPUs completed (a Succeeded pod). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "g8a1c2f"
    host_node(w, node, gpus=8, labels={"gpu.nvidia.com/class": "A100_NVLINK_80GB",
                                       "topology.kubernetes.io/region": "LAS1"},
              info={"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.15.0-73-generic",
                    "containerRuntimeVersion": "containerd://1.6.21", "kubeletVersion": "v1.26.5",
                    "kubeProxyVersion": "v1.26.5"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-w4h8t")
    plugin_ds(w, KS, [p])
    image = "ghcr.io/coreweave/ml-containers/finetuner:0.2.1"
    app_pod(w, "finetuner-8gpu-7d9f6c5b4-qx2lm", None, ns="tenant-ml", node=node, container="finetuner", gpu=8,
            image=image, restarts=3, owner=("ReplicaSet", "finetuner-8gpu-7d9f6c5b4"), cpu="32", memory="256Gi")
    w.pod("tenant-ml", "finetuner-7gpu-r8k2p", node=node, gpu=7, containers=("finetuner",), image=image,
          phase="Succeeded", ready=False, owner=("Job", "finetuner-7gpu"), cpu="28", memory="224Gi")
    w.target("Pod", "tenant-ml", "finetuner-8gpu-7d9f6c5b4-qx2lm")


# ---- plugin layer ----------------------------------------------------------------------------

@case("fg202", pod_subj("model-server-5b7d9c8f6-2kqzt", "default"),
      "GKE Standard cluster at v1.18.17-gke.700 with a default pool of three n1-standard-4 COS nodes and the added "
      "GPU node pool of one n1-standard-4 node with one Tesla T4 (COS; kernel and containerd strings assumed for "
      "May 2021), carrying GKE's `nvidia.com/gpu=present:NoSchedule` taint and `cloud.google.com/gke-accelerator` "
      "label; the COS nvidia-driver-installer DaemonSet the reporter applied runs on it (init container "
      "nvidia-driver-installer completed, pause container Running); no NVIDIA device-plugin DaemonSet or pod "
      "exists, so the node advertises no nvidia.com/gpu. The user's Deployment pod (one GPU, tolerating the taint; "
      "names and image assumed) is Pending with a FailedScheduling event (`0/4 nodes are available: 4 "
      "Insufficient nvidia.com/gpu.`, x12, wording illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    info = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.4.89+",
            "containerRuntimeVersion": "docker://19.3.14", "kubeletVersion": "v1.18.17-gke.700",
            "kubeProxyVersion": "v1.18.17-gke.700"}
    for i in range(3):
        n = w.node(f"gke-prod-default-pool-3f1c9a2e-{'abc'[i]}x7k", cpu="4", memory="15396772Ki",
                   labels={"cloud.google.com/gke-nodepool": "default-pool",
                           "cloud.google.com/gke-os-distribution": "cos",
                           "node.kubernetes.io/instance-type": "n1-standard-4"})
        node_info(n, **info)
    gpu = "gke-prod-gpu-pool-8e2d4b71-q2vn"
    host_node(w, gpu, advertised=False, labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                                                "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                                "cloud.google.com/gke-os-distribution": "cos",
                                                "node.kubernetes.io/instance-type": "n1-standard-4"}, info=info)
    n = w.get_node(gpu)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "15396772Ki"})
    name = "nvidia-driver-installer-7w2xd"
    p = w.pod(KS, name, node=gpu, gpu=0, containers=("pause",), init_containers=("nvidia-driver-installer",),
              image="gcr.io/google-containers/pause:2.0", labels={"k8s-app": "nvidia-driver-installer"},
              owner=("DaemonSet", "nvidia-driver-installer"), cpu="150m", memory="64Mi",
              tolerations=[{"operator": "Exists"}])
    set_image(p, "pause", "gcr.io/google-containers/pause:2.0")
    set_image(p, "nvidia-driver-installer",
              "cos-nvidia-installer@sha256:8f2a3b6cbd1e0b0a0c1d6e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b")
    w.log(KS, name, "nvidia-driver-installer",
          "Finished installing the drivers.\nUpdating host's ld cache\n")
    w.workload("DaemonSet", KS, "nvidia-driver-installer", template_pod=p,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns, pod = "default", "model-server-5b7d9c8f6-2kqzt"
    msg = "0/4 nodes are available: 4 Insufficient nvidia.com/gpu."
    w.pod(ns, pod, gpu=1, containers=("model-server",), image="gcr.io/prod-ml/model-server:2021-05-27",
          phase="Pending", owner=("ReplicaSet", "model-server-5b7d9c8f6"), scheduled_message=msg,
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Pod", ns, pod)


# ---- driver layer ----------------------------------------------------------------------------

@case("fg203", node_subj("worker-gpu-0.ocp4.example.com"),
      "OpenShift 4.7.21 GPU worker (RHCOS 47.83, kernel 4.18.0-240.23.2.el8_3.x86_64 as in the text; RHCOS build, "
      "CRI-O and kubelet strings assumed) with one Tesla V100 and GPU Operator 1.7.1 (operand namespace modelled as "
      "the builder's `gpu-operator`): the driver DaemonSet pod's nvidia-driver-ctr crash-loops with the text as its "
      "previous log; toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; "
      "GFD never ran (no GFD labels) and the node advertises no nvidia.com/gpu. The entitlement secret is not a "
      "collected object.")
def _(w, t):
    node = "worker-gpu-0.ocp4.example.com"
    n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-16GB", memory_mib=16160, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "47.83.202107131745-0", "4.18.0-240.23.2.el8_3.x86_64", "cri-o://1.20.3-7.rhaos4.7.gitb3e3b9e.el8",
          "v1.20.0+558d959")
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=14)
    drv = w.get_pod(OPERATOR_NS, name)
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:460.73.01-rhcos4.7")
    w.logs.pop((OPERATOR_NS, name, "nvidia-driver-ctr", False), None)
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


# ---- scheduler layer -------------------------------------------------------------------------

@case("fg205", pod_subj("gpu-pod", "kube-system"),
      "Kubernetes 1.11 cluster (kubeadm-style, Docker; version strings assumed for August 2018) with a tainted "
      "master and one GPU node `gpu-node-1` labelled nvidia.com/gpu=true and tainted nvidia.com/gpu=true:NoSchedule, "
      "host driver, NVIDIA device plugin 1.11 DaemonSet in kube-system advertising nvidia.com/gpu 1 (the thread does "
      "not print the count; one GPU is assumed); the reporter's pod gpu-pod in kube-system (toleration, required "
      "node affinity nvidia.com/gpu In [true], two containers cuda-container and digits-container each with limits "
      "nvidia.com/gpu: 1) is Pending with a FailedScheduling event (`0/2 nodes are available: 1 Insufficient "
      "nvidia.com/gpu, 1 node(s) didn't match node selector.`, x20, wording illustrative). The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    info = {"osImage": "Ubuntu 16.04.5 LTS", "kernelVersion": "4.4.0-133-generic",
            "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.11.2", "kubeProxyVersion": "v1.11.2"}
    m = w.node("k8s-master-1", cpu="4", memory="16424640Ki", labels={"node-role.kubernetes.io/master": ""},
               taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(m, **info)
    node = "gpu-node-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu": "true"}, info=info)
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-2p9vl", image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [p])
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match node selector."
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "nvidia.com/gpu", "operator": "In", "values": ["true"]}]}]}}}
    pod = w.pod(KS, "gpu-pod", gpu=1, containers=("cuda-container", "digits-container"),
                image="remote-docker.artifactory.swisscom.com/nvidia/cuda:9.0-devel", phase="Pending",
                affinity=affinity, scheduled_message=msg,
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Equal", "value": "true", "effect": "NoSchedule"}])
    second = pod["spec"]["containers"][1]
    second["image"] = "nvidia/digits:6.0"
    second["resources"]["limits"]["nvidia.com/gpu"] = "1"
    second["resources"]["requests"]["nvidia.com/gpu"] = "1"
    pod["spec"]["restartPolicy"] = "Always"
    w.event(KS, "Pod", "gpu-pod", "FailedScheduling", msg, component="default-scheduler", count=20)
    w.target("Pod", KS, "gpu-pod")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
