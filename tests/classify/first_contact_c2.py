"""First-contact batch C2 (fixtures/first-contact/batch-c2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and one look-alike) from public threads that no rule was written for, in the
device-plugin layer (NVIDIA device plugin, time-slicing, MIG manager, the operator's plugin validator, the AMD
GPU Operator, the AWS Neuron device plugin, the KubeVirt GPU device plugin), sampled with the fixed query list
in the batch README. Each builder places the case's text verbatim where a collector would have found it (prose
texts are not placed) and builds the cluster state the thread describes. The expected answer was reasoned from
the thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet/containerd versions,
GPU models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c2      # (re)writes fixtures/first-contact/batch-c2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import daemonset, ds_pod
from tests.classify.first_contact_b import KS, block, host_node, node_info, plugin_ds, plugin_pod, remove_stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-c2", "C2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fc202", "fc204", "fc205", "fc206", "fc207", "fc208", "fc209"}

AMD_NS = "kube-amd-gpu"


def _set_labels(node: dict, **labels) -> None:
    node["metadata"]["labels"].update(labels)


def _extra_resource(node: dict, name: str, value: str) -> None:
    node["status"]["capacity"][name] = value
    node["status"]["allocatable"][name] = value


# ---- NVIDIA device plugin ------------------------------------------------------------------

PLUGIN_0161_HEAD = """I0801 15:26:24.778996       1 main.go:178] Starting FS watcher.
I0801 15:26:24.779113       1 main.go:185] Starting OS watcher.
I0801 15:26:24.779348       1 main.go:200] Starting Plugins.
I0801 15:26:24.779362       1 main.go:257] Loading configuration.
I0801 15:26:24.780045       1 main.go:265] Updating config with default resource matching patterns.
I0801 15:26:24.780297       1 main.go:276] 
Running with config:
{
  "version": "v1",
  "flags": {
    "migStrategy": "none",
    "failOnInitError": true,
    "mpsRoot": "/run/nvidia/mps",
    "nvidiaDriverRoot": "/",
    "gdsEnabled": false,
    "mofedEnabled": false,
    "useNodeFeatureAPI": null,
    "plugin": {
      "passDeviceSpecs": false,
      "deviceListStrategy": [
        "volume-mounts"
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
I0801 15:26:24.780307       1 main.go:279] Retrieving plugins.
"""


@case("fc201", node_subj("k3s-gpu-node-1"),
      "k3s v1.29.5+k3s1 single GPU node (Ubuntu 22.04, kernel 5.15.0-112-generic as in the thread; containerd string "
      "assumed for that k3s release) with the host driver and nvidia-container-toolkit 1.16.1; one GPU (count and "
      "model not stated, assumed) whose nvidia.com/gpu the kubelet still lists in capacity but no longer in "
      "allocatable (0) since the upgraded plugin never registered. The Helm release nvdp (namespace "
      "nvidia-device-plugin, chart 0.16.1, runtimeClassName nvidia, DEVICE_LIST_STRATEGY volume-mounts) runs one "
      "pod that crash-loops (exit code 1 assumed); its previous log is the thread's quoted start-up lines and "
      "`Running with config` block followed by the text, given a klog error prefix (timestamp and source line "
      "assumed). The container's securityContext (no privilege escalation, all capabilities dropped, no SYS_ADMIN) "
      "is this batch's rendering of what the thread says the 0.16.x chart did. A kubelet BackOff event is added in "
      "its standard wording.")
def _(w, t):
    node = "k3s-gpu-node-1"
    host_node(w, node, gpus=1, allocatable=0,
              info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-112-generic",
                    "containerRuntimeVersion": "containerd://1.7.17-k3s1", "kubeletVersion": "v1.29.5+k3s1",
                    "kubeProxyVersion": "v1.29.5+k3s1"})
    ns, ds, name = "nvidia-device-plugin", "nvdp-nvidia-device-plugin", "nvdp-nvidia-device-plugin-4xq7z"
    p = plugin_pod(w, node, name, ns=ns, ds=ds, log=None, runtime_class="nvidia", ready=False,
                   statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=9),
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.16.1")
    ctr = p["spec"]["containers"][0]
    ctr["command"] = ["nvidia-device-plugin"]
    ctr["env"] = [{"name": "MPS_ROOT", "value": "/run/nvidia/mps"},
                  {"name": "DEVICE_LIST_STRATEGY", "value": "volume-mounts"},
                  {"name": "NVIDIA_MIG_MONITOR_DEVICES", "value": "all"},
                  {"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
                  {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,utility"}]
    ctr["securityContext"] = {"allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}}
    p["metadata"]["labels"].update({"app.kubernetes.io/instance": "nvdp"})
    plugin_ds(w, ns, [p], ds=ds)
    w.log(ns, name, "nvidia-device-plugin-ctr",
          PLUGIN_0161_HEAD + "E0801 15:26:24.781270       1 main.go:132] " + t, previous=True)
    w.event(ns, "Pod", name, "BackOff",
            f"Back-off restarting failed container nvidia-device-plugin-ctr in pod {name}_{ns}"
            f"({p['metadata']['uid']})", count=9, host=node)
    w.target("Node", None, node)


# ---- time-slicing ----------------------------------------------------------------------------

@case("fc202", pod_subj("gromacs-ci-gpu2-7k2qd", "ci"),
      "Ubuntu 18.04 GPU node (kernel, Docker and kubelet strings assumed for August 2022) with two physical GPUs "
      "(model assumed) and the GPU Operator stack healthy, time-slicing configured with 2 replicas per GPU, so the "
      "node advertises nvidia.com/gpu 4 and GFD labels it gpu.count 2, gpu.replicas 2 and the `-SHARED` product "
      "name. Two CI job pods (namespace, names and image assumed; the thread's project is a CI system) each request "
      "nvidia.com/gpu 2: one runs, the other Failed (exit code 1 assumed) after its check for two physical GPUs; "
      "its log is not quoted. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ci-gpu-node-1"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-RTX-A4000-SHARED", memory_mib=16376,
                   labels={"nvidia.com/gpu.count": "2", "nvidia.com/gpu.replicas": "2",
                           "nvidia.com/cuda.driver.major": "515", "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, osImage="Ubuntu 18.04.6 LTS", kernelVersion="4.15.0-189-generic",
              containerRuntimeVersion="docker://20.10.17", kubeletVersion="v1.23.9", kubeProxyVersion="v1.23.9")
    image = "gromacs/ci-cuda:11.7-gcc-11"
    w.pod("ci", "gromacs-ci-gpu2-m8w4z", node=node, gpu=2, containers=("test",), image=image,
          owner=("Job", "gromacs-ci-gpu2-m8w4z"), extra_spec={"restartPolicy": "Never"})
    w.pod("ci", "gromacs-ci-gpu2-7k2qd", node=node, gpu=2, containers=("test",), image=image, phase="Failed",
          ready=False, owner=("Job", "gromacs-ci-gpu2-7k2qd"), extra_spec={"restartPolicy": "Never"},
          statuses={"test": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                      "finishedAt": T1}}, "ready": False, "restartCount": 0}})
    w.target("Pod", "ci", "gromacs-ci-gpu2-7k2qd")


# ---- MIG manager ---------------------------------------------------------------------------

MIG_MANAGER_IMAGE_2021 = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.1.3-ubuntu20.04"


def _mig_manager(w, node: str, pod: str, image: str, env=None) -> dict:
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", image)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"app": "nvidia-mig-manager"}, env=env)
    return ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", pod, node, containers=("nvidia-mig-manager",), image=image,
                  labels={"app": "nvidia-mig-manager"}, env=env)


@case("fc203", node_subj("a100-server-b"),
      "Ubuntu 20.04 node a100-server-b (kernel, Docker and kubelet strings assumed for September 2021) with one "
      "A100 40GB PCIe and the GPU Operator stack healthy (namespace gpu-operator; the v1.8 operator used "
      "gpu-operator-resources for its operands, the builder keeps its usual namespace); MIG strategy single "
      "(the operator's default, assumed); labels nvidia.com/mig.config=a100-server-b-balanced (the thread's custom "
      "profile) and nvidia.com/mig.config.state=failed; the MIG manager pod runs (image tag assumed) and its log is "
      "the text, the lines the thread quotes (earlier lines of that log not quoted); the GPU is still advertised "
      "whole (nvidia.com/gpu 1), MIG not applied.")
def _(w, t):
    node = "a100-server-b"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40536,
                   labels={"nvidia.com/mig.config": "a100-server-b-balanced", "nvidia.com/mig.config.state": "failed",
                           "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "single",
                           "nvidia.com/gpu.deploy.mig-manager": "true", "nvidia.com/cuda.driver.major": "470",
                           "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, osImage="Ubuntu 20.04.3 LTS", kernelVersion="5.4.0-84-generic",
              containerRuntimeVersion="docker://20.10.8", kubeletVersion="v1.21.4", kubeProxyVersion="v1.21.4")
    pod = "nvidia-mig-manager-5dq8v"
    _mig_manager(w, node, pod, MIG_MANAGER_IMAGE_2021, env=[{"name": "WITH_REBOOT", "value": "false"}])
    w.log(OPERATOR_NS, pod, "nvidia-mig-manager", t)
    w.target("Node", None, node)


@case("fc204", node_subj("gpu-node-1"),
      "Kubernetes GPU node (distribution not stated; Ubuntu 22.04, 8 A100 80GB GPUs, kubelet as a host service; all "
      "names and versions assumed) with the GPU Operator and its MIG manager running with "
      "WITH_SHUTDOWN_HOST_GPU_CLIENTS=true; a MIG mode change is in progress: nvidia.com/mig.config=all-1g.10gb "
      "(profile assumed), nvidia.com/mig.config.state=pending, the device-plugin, GFD, DCGM and DCGM-exporter deploy "
      "labels set to paused-for-mig-change (so their pods are gone), and the kubelet stopped by the MIG manager: "
      "the node's conditions are Unknown ('Kubelet stopped posting node status.') and the node controller has added "
      "the unreachable taints. The pods still listed on the node keep their last reported status; no log could be "
      "read from them (the thread quotes none). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    taints = ({"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
              {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1})
    paused = "paused-for-mig-change"
    w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, ready="Unknown", taints=taints,
               labels={"nvidia.com/mig.config": "all-1g.10gb", "nvidia.com/mig.config.state": "pending",
                       "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
                       "nvidia.com/gpu.deploy.mig-manager": "true",
                       "nvidia.com/gpu.deploy.device-plugin": paused,
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": paused,
                       "nvidia.com/gpu.deploy.dcgm": paused, "nvidia.com/gpu.deploy.dcgm-exporter": paused})
    for role in ("device-plugin", "gfd"):
        remove_stack_pod(w, node, role)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS]:
        w.logs.pop(key)
    _mig_manager(w, node, "nvidia-mig-manager-q7x2n",
                 "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.5.2-ubuntu20.04",
                 env=[{"name": "WITH_REBOOT", "value": "false"},
                      {"name": "WITH_SHUTDOWN_HOST_GPU_CLIENTS", "value": "true"}])
    w.target("Node", None, node)


# ---- the operator's plugin validator -------------------------------------------------------

@case("fc205", pod_subj("nvidia-device-plugin-validator-8xkq2", OPERATOR_NS),
      "Bare-metal cluster of three Ubuntu 20.04 workers (kernel, containerd and kubelet strings assumed for March "
      "2023), one with a GeForce RTX 2070 (driver 470.161.03, CUDA 11.4) and GPU Operator v22.9.2 (driver on the "
      "host, stack otherwise healthy); a Deployment pod in namespace default holds the node's only GPU (Running; "
      "names and image assumed); the operator validator waits in plugin-validation and the "
      "nvidia-device-plugin-validator pod it created (requesting one GPU) is Failed with reason "
      "UnexpectedAdmissionError; its status message and the kubelet event are composed in the kubelet's standard "
      "wording for a request of 1 GPU with 0 available (the thread paraphrases it). The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    for i in (1, 2):
        w.node(f"worker-{i}")
    node = "worker-3"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-2070", memory_mib=8192,
                   labels={"nvidia.com/cuda.driver.major": "470", "nvidia.com/cuda.runtime.major": "11",
                           "nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.4.0-144-generic",
              containerRuntimeVersion="containerd://1.6.18", kubeletVersion="v1.25.7", kubeProxyVersion="v1.25.7")
    remove_stack_pod(w, node, "driver")
    block(w, node, "validator", "plugin-validation")
    w.pod("default", "gpu-app-6d9f8c7b5-x2kq9", node=node, gpu=1, containers=("app",),
          image="nvcr.io/nvidia/pytorch:23.02-py3", owner=("ReplicaSet", "gpu-app-6d9f8c7b5"))
    name = "nvidia-device-plugin-validator-8xkq2"
    msg = ("Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, "
           "Available: 0, which is unexpected")
    p = w.pod(OPERATOR_NS, name, node=node, gpu=1, containers=("plugin-validation",), phase="Failed", ready=False,
              image="nvcr.io/nvidia/cloud-native/gpu-operator-validator:v22.9.2",
              labels={"app": "nvidia-device-plugin-validator", "app.kubernetes.io/part-of": "gpu-operator"},
              reason="UnexpectedAdmissionError", message="Pod " + msg, runtime_class="nvidia",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              extra_spec={"restartPolicy": "OnFailure"})
    p["status"].pop("containerStatuses", None)
    p["spec"]["containers"][0]["image"] = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v22.9.2"
    w.event(OPERATOR_NS, "Pod", name, "UnexpectedAdmissionError", msg, host=node)
    w.target("Pod", OPERATOR_NS, name)


# ---- AMD GPU Operator ----------------------------------------------------------------------

CONTROL_PLANE_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists"}]},
    {"matchExpressions": [{"key": "node-role.kubernetes.io/master", "operator": "Exists"}]}]}}}


def _amd_gpu_node(w, name: str, *, gpus: int | None, labels: dict, info: dict) -> dict:
    n = w.node(name, gpus=gpus, resource="amd.com/gpu", cpu="224", memory="2113612712Ki",
               labels={"feature.node.kubernetes.io/amd-gpu": "true", **labels})
    node_info(n, **info)
    return n


@case("fc206", pod_subj("amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8-x4k2p", AMD_NS),
      "Managed Kubernetes cluster (provider not named; version strings assumed for December 2024) whose control "
      "plane is hidden: one CPU worker and one Ubuntu 22.04 worker with eight AMD Instinct MI300X (ROCm 6.2.3 "
      "driver preinstalled, NFD labels it feature.node.kubernetes.io/amd-gpu=true), no node with a control-plane "
      "or master role label. The AMD GPU Operator Helm release (namespace kube-amd-gpu; Deployment and pod names "
      "assumed) with default values: its controller-manager and KMM webhook Deployments carry the required "
      "nodeAffinity the thread quotes and their pods are Pending, with FailedScheduling events composed in the "
      "scheduler's standard wording; NFD runs; since the controller never reconciles, no AMD device plugin or node "
      "labeller DaemonSet exists and the GPU node advertises no amd.com/gpu. The text is prose and not placed in the "
      "bundle.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
            "containerRuntimeVersion": "containerd://1.7.23", "kubeletVersion": "v1.30.6", "kubeProxyVersion": "v1.30.6"}
    cpu = w.node("pool-cpu-7f9c2-0", labels={"node.kubernetes.io/instance-type": "general-16x64"})
    node_info(cpu, **info)
    gpu = "pool-mi300x-4b8d1-0"
    _amd_gpu_node(w, gpu, gpus=None, labels={"node.kubernetes.io/instance-type": "gpu-mi300x-8"}, info=info)
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    for deploy, rs, pod, ctr, image in (
            ("amd-gpu-operator-gpu-operator-charts-controller-manager",
             "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8",
             "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8-x4k2p", "manager",
             "docker.io/rocm/gpu-operator:v1.1.0"),
            ("amd-gpu-operator-kmm-webhook-server", "amd-gpu-operator-kmm-webhook-server-7c8d9f6b5",
             "amd-gpu-operator-kmm-webhook-server-7c8d9f6b5-m2q7r", "webhook-server",
             "docker.io/rocm/kernel-module-management-webhook-server:v1.1.0")):
        p = w.pod(AMD_NS, pod, gpu=0, containers=(ctr,), image=image, affinity=CONTROL_PLANE_AFFINITY,
                  labels={"app.kubernetes.io/name": deploy}, owner=("ReplicaSet", rs), phase="Pending",
                  scheduled_message=msg, cpu="100m", memory="256Mi")
        d = w.workload("Deployment", AMD_NS, deploy, template_pod=p,
                       status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                               "observedGeneration": 1,
                               "conditions": [{"type": "Available", "status": "False",
                                               "reason": "MinimumReplicasUnavailable",
                                               "message": "Deployment does not have minimum availability."}]})
        d["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/name": deploy}}
        d["spec"]["template"]["metadata"]["labels"] = {"app.kubernetes.io/name": deploy}
        w.event(AMD_NS, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=37)
    nfd_image = "registry.k8s.io/nfd/node-feature-discovery:v0.16.1"
    daemonset(w, AMD_NS, "amd-gpu-operator-node-feature-discovery-worker", desired=2,
              containers=[("worker", nfd_image)], labels={"app.kubernetes.io/name": "node-feature-discovery",
                                                          "role": "worker"})
    for node, sfx in (("pool-cpu-7f9c2-0", "h8d2k"), (gpu, "q4w7n")):
        ds_pod(w, AMD_NS, "amd-gpu-operator-node-feature-discovery-worker",
               f"amd-gpu-operator-node-feature-discovery-worker-{sfx}", node, containers=("worker",),
               image=nfd_image, cpu="100m", memory="128Mi")
    w.pod(AMD_NS, "amd-gpu-operator-node-feature-discovery-master-5d7b9c8f4-p9x2z", node="pool-cpu-7f9c2-0", gpu=0,
          containers=("master",), image=nfd_image, owner=("ReplicaSet", "amd-gpu-operator-node-feature-discovery-master-5d7b9c8f4"),
          labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"}, cpu="100m", memory="128Mi")
    w.target("Pod", AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8-x4k2p")


# ---- AWS Neuron device plugin --------------------------------------------------------------

@case("fc207", pod_subj("neuron-test-multi", "default"),
      "EKS 1.22 cluster (EKS-optimized accelerated Amazon Linux 2 AMI; kernel, containerd and kubelet strings "
      "assumed for May 2023) with one inf1.2xlarge node advertising aws.amazon.com/neuron 1 (and neurondevice 1, "
      "neuroncore 4) through the Neuron device plugin DaemonSet in kube-system (image tag assumed, before the "
      "Neuron 2.13.2 fix). The thread's single-container pod neuron-test-single (ubuntu, `ls -al /dev/neuron0`, "
      "aws.amazon.com/neuron: 1) Succeeded with the log the thread quotes; the two-container pod (name assumed: one "
      "container requesting aws.amazon.com/neuron: 1, one sidecar without) is Failed with reason "
      "UnexpectedAdmissionError; the kubelet's message is not quoted in the thread and is not modelled. The text is "
      "prose and not placed in the bundle.")
def _(w, t):
    node = "ip-192-168-45-101.ec2.internal"
    n = w.node(node, gpus=1, resource="aws.amazon.com/neuron", cpu="8", memory="15896016Ki",
               labels={"node.kubernetes.io/instance-type": "inf1.2xlarge",
                       "beta.kubernetes.io/instance-type": "inf1.2xlarge",
                       "eks.amazonaws.com/nodegroup": "inf1-ng", "eks.amazonaws.com/capacityType": "ON_DEMAND",
                       "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": "us-west-2a"})
    _extra_resource(n, "aws.amazon.com/neurondevice", "1")
    _extra_resource(n, "aws.amazon.com/neuroncore", "4")
    node_info(n, osImage="Amazon Linux 2", kernelVersion="5.4.238-155.347.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.6.19", kubeletVersion="v1.22.17-eks-48e63af",
              kubeProxyVersion="v1.22.17-eks-48e63af")
    image = "public.ecr.aws/neuron/neuron-device-plugin:2.12.5.0"
    daemonset(w, KS, "neuron-device-plugin-daemonset", desired=1, containers=[("neuron-device-plugin", image)],
              tolerations=[{"key": "aws.amazon.com/neuron", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "neuron-device-plugin-ds"})
    ds_pod(w, KS, "neuron-device-plugin-daemonset", "neuron-device-plugin-daemonset-7bq4x", node,
           containers=("neuron-device-plugin",), image=image, cpu="100m", memory="128Mi")
    tol = [{"key": "aws.amazon.com/neuron", "operator": "Exists"}]
    ok = w.pod("default", "neuron-test-single", node=node, gpu=1, resource="aws.amazon.com/neuron",
               containers=("neuron-test",), image="ubuntu:latest", phase="Succeeded", tolerations=tol,
               extra_spec={"restartPolicy": "Never"}, cpu="100m", memory="128Mi")
    ok["spec"]["containers"][0]["command"] = ["ls", "-al", "/dev/neuron0"]
    w.log("default", "neuron-test-single", "neuron-test", "crw-rw-rw- 1 root root 248, 0 May 10 07:23 /dev/neuron0")
    bad = w.pod("default", "neuron-test-multi", node=node, gpu=1, resource="aws.amazon.com/neuron",
                containers=("neuron-test", "sidecar"), image="ubuntu:latest", phase="Failed", ready=False,
                reason="UnexpectedAdmissionError", tolerations=tol, cpu="100m", memory="128Mi")
    bad["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    bad["spec"]["containers"][1]["command"] = ["sleep", "infinity"]
    bad["status"].pop("containerStatuses", None)
    w.target("Pod", "default", "neuron-test-multi")


# ---- KubeVirt GPU device plugin (passthrough) ----------------------------------------------

@case("fc208", node_subj("gpu-node-01"),
      "Kubernetes 1.20 node with Docker (daemon.json default-runtime nvidia, NVIDIA container runtime installed; "
      "Docker, kernel and OS strings assumed for April 2023) running KubeVirt 0.46 (virt-handler Running) with the "
      "GPU feature gate and permitted host devices enabled; the GPU (model not readable in the thread's screenshots, "
      "assumed a Tesla T4) is bound to vfio-pci for passthrough, no NVIDIA driver loaded. The "
      "kubevirt-gpu-device-plugin 1.2.1 DaemonSet (names from the project's manifest, assumed) has one pod on the "
      "node that cannot start: CrashLoopBackOff after exit code 128 (ContainerCannotRun, Docker's wording for a "
      "failed container start; the error text itself is only in screenshots and is not modelled); the node "
      "advertises no passthrough GPU resource. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-01"
    n = w.node(node, labels={"kubevirt.io/schedulable": "true"})
    node_info(n, osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.4.0-146-generic",
              containerRuntimeVersion="docker://20.10.21", kubeletVersion="v1.20.15", kubeProxyVersion="v1.20.15")
    image = "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.1"
    daemonset(w, KS, "nvidia-kubevirt-gpu-dp-daemonset", desired=1, ready=0,
              containers=[("nvidia-kubevirt-gpu-dp-ctr", image)], labels={"name": "nvidia-kubevirt-gpu-dp-ds"})
    term = crashing("nvidia-kubevirt-gpu-dp-ctr", 128, "ContainerCannotRun", restarts=7)
    ds_pod(w, KS, "nvidia-kubevirt-gpu-dp-daemonset", "nvidia-kubevirt-gpu-dp-daemonset-6wxq2", node,
           containers=("nvidia-kubevirt-gpu-dp-ctr",), image=image, ready=False, statuses=term, cpu="10m",
           memory="64Mi",
           volumes=[{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}},
                    {"name": "vfio", "hostPath": {"path": "/dev/vfio"}}],
           mounts=[{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"},
                   {"name": "vfio", "mountPath": "/dev/vfio"}])
    vh = "quay.io/kubevirt/virt-handler:v0.46.1"
    daemonset(w, "kubevirt", "virt-handler", desired=1, containers=[("virt-handler", vh)],
              labels={"kubevirt.io": "virt-handler"})
    ds_pod(w, "kubevirt", "virt-handler", "virt-handler-2mq8r", node, containers=("virt-handler",), image=vh,
           cpu="10m", memory="325Mi")
    w.target("Node", None, node)


# ---- healthy look-alike --------------------------------------------------------------------

@case("fc209", node_subj("gpu-mi300x-node-1"),
      "Ubuntu 22.04.5 node with eight AMD Instinct MI300X OAM (ROCm 6.2.0, amdgpu driver 6.8.5; the Xeon Platinum "
      "8480+ host of the thread; kernel, containerd and kubelet strings assumed for April 2025) and the AMD GPU "
      "Operator (namespace kube-amd-gpu; DeviceConfig and pod names assumed): controller, device plugin and node "
      "labeller Running; the node carries exactly the amd.com/gpu.* labels the thread lists and no amd.com/gpu=true "
      "label, and advertises amd.com/gpu 8. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-mi300x-node-1"
    _amd_gpu_node(w, node, gpus=8,
                  labels={"amd.com/gpu.cu-count": "304", "amd.com/gpu.device-id": "74a1",
                          "amd.com/gpu.driver-version": "6.8.5", "amd.com/gpu.family": "AI",
                          "amd.com/gpu.product-name": "AMD_Instinct_MI300X_OAM", "amd.com/gpu.simd-count": "1216",
                          "amd.com/gpu.vram": "192G"},
                  info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-136-generic",
                        "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.31.7",
                        "kubeProxyVersion": "v1.31.7"})
    cp = w.node("cpu-node-1", labels={"node-role.kubernetes.io/control-plane": ""})
    node_info(cp, osImage="Ubuntu 22.04.5 LTS", kubeletVersion="v1.31.7", kubeProxyVersion="v1.31.7")
    for ds, sfx, ctr, image in (("gpu-operator-device-plugin", "8k2qz", "device-plugin",
                                 "docker.io/rocm/k8s-device-plugin:1.31.0.7"),
                                ("gpu-operator-node-labeller", "x7m4p", "node-labeller-container",
                                 "docker.io/rocm/k8s-node-labeller:1.31.0.7")):
        daemonset(w, AMD_NS, ds, desired=1, containers=[(ctr, image)],
                  node_selector={"feature.node.kubernetes.io/amd-gpu": "true"},
                  labels={"app.kubernetes.io/name": ds})
        ds_pod(w, AMD_NS, ds, f"{ds}-{sfx}", node, containers=(ctr,), image=image, cpu="100m", memory="128Mi")
    w.pod(AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8-j3m9t", node="cpu-node-1",
          gpu=0, containers=("manager",), image="docker.io/rocm/gpu-operator:v1.2.0",
          owner=("ReplicaSet", "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8"),
          labels={"app.kubernetes.io/name": "amd-gpu-operator-gpu-operator-charts-controller-manager"},
          cpu="100m", memory="256Mi")
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
