"""First-contact batch B3 (fixtures/first-contact/batch-b3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the node layer (GPUs missing from capacity/allocatable, unhealthy devices,
node images without GPU support, ...) from public threads that no rule was written for, sampled with the fixed
query list in the batch README. Each builder places the case's text verbatim where a collector would have found
it (prose texts are not placed) and builds the cluster state the thread describes. The expected answer was
reasoned from the thread (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b3      # (re)writes fixtures/first-contact/batch-b3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, running_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-b3", "B3", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fb301", "fb302", "fb303", "fb304", "fb305"}


def _pending(w, ns: str, name: str, msg: str, *, image: str, owner=None, count: int = 12, **kw) -> dict:
    """A GPU pod Pending with the default scheduler's FailedScheduling event."""
    p = w.pod(ns, name, gpu=1, containers=(kw.pop("container", "main"),), image=image, phase="Pending",
              owner=owner, scheduled_message=msg, **kw)
    w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=count)
    return p


def _no_gpu_on_node(n: dict) -> None:
    for res in ("capacity", "allocatable"):
        n["status"][res].pop("nvidia.com/gpu", None)


# ---- unhealthy devices -----------------------------------------------------------------------

@case("fb301", pod_subj("frigate-6d8b9c7f5-x2k9p", "frigate"),
      "One-node home-lab cluster (kubeadm-style, containerd; version strings assumed for April 2024) whose node "
      "`homelab-1` has one old NVIDIA GPU (a GeForce GT 730 assumed; the PR names no model), a host driver and "
      "toolkit, and the NVIDIA device plugin v0.14.5 DaemonSet in kube-system (Running; its log is its normal "
      "startup, because the PR quotes no plugin line and the health-check warning is not invented). The plugin "
      "registered the GPU but reports it unhealthy: capacity nvidia.com/gpu 1, allocatable 0. The Frigate "
      "Deployment's pod (namespace frigate, image and names assumed) requests one GPU and is Pending with the "
      "FailedScheduling message the PR quotes (the scheduler's trailing period added, count assumed). The text "
      "is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.29.3"
    node = "homelab-1"
    host_node(w, node, gpus=1, allocatable=0,
              labels={"node-role.kubernetes.io/control-plane": ""},
              info={"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.1.0-18-amd64",
                    "containerRuntimeVersion": "containerd://1.6.28", "kubeletVersion": "v1.29.3",
                    "kubeProxyVersion": "v1.29.3"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "32779132Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q7w2z", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.5")
    plugin_ds(w, KS, [p])
    msg = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    _pending(w, "frigate", "frigate-6d8b9c7f5-x2k9p", msg, image="ghcr.io/blakeblackshear/frigate:0.13.2-tensorrt",
             owner=("ReplicaSet", "frigate-6d8b9c7f5"), container="frigate", cpu="2", memory="4Gi")
    w.target("Pod", "frigate", "frigate-6d8b9c7f5-x2k9p")


# ---- node images without GPU support ---------------------------------------------------------

_BR_121 = {"osImage": "Bottlerocket OS 1.2.1 (aws-k8s-1.21)", "kernelVersion": "5.10.59",
           "containerRuntimeVersion": "containerd://1.5.5+bottlerocket", "kubeletVersion": "v1.21.2-eks-0389ca3",
           "kubeProxyVersion": "v1.21.2-eks-0389ca3"}
_AL2_121 = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.141-67.229.amzn2.x86_64",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.21.2-eks-55daa9d",
            "kubeProxyVersion": "v1.21.2-eks-55daa9d"}


def _eks_cpu_node(w, name: str, labels: dict, info: dict) -> None:
    n = w.node(name, cpu="4", memory="16093544Ki",
               labels={"node.kubernetes.io/instance-type": "m5.xlarge", **labels})
    node_info(n, **info)


@case("fb302", node_subj("ip-192-168-40-17.us-west-2.compute.internal"),
      "EKS 1.21 cluster created with eksctl (September 2021; version strings assumed): a managed nodegroup "
      "`ng-general` of one m5.xlarge Amazon Linux 2 node and an eksctl nodegroup `ng-gpu-br` with amiFamily "
      "Bottlerocket on one g4dn.xlarge (one Tesla T4). The Bottlerocket node (osImage of the generic aws-k8s-1.21 "
      "variant) joined the cluster and is Ready; it has no NVIDIA driver, no NVIDIA device plugin registration and "
      "no nvidia.com/gpu in capacity or allocatable. No device-plugin DaemonSet is modelled (the issue says "
      "nothing about one), no GPU workload pod either (the issue names none), and the node has no kernel log in "
      "the bundle. The text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.21.2-eks-0389ca3"
    _eks_cpu_node(w, "ip-192-168-12-201.us-west-2.compute.internal",
                  {"alpha.eksctl.io/nodegroup-name": "ng-general", "eks.amazonaws.com/nodegroup": "ng-general"},
                  _AL2_121)
    node = "ip-192-168-40-17.us-west-2.compute.internal"
    host_node(w, node, advertised=False,
              labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "alpha.eksctl.io/nodegroup-name": "ng-gpu-br",
                      "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": "us-west-2b"},
              info=_BR_121)
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "15950720Ki"})
    w.target("Node", None, node)


@case("fb303", pod_subj("cuda-train-0", "ml"),
      "EKS 1.21 cluster with Karpenter v0.6 (February 2022; version strings assumed): one m5.large Amazon Linux 2 "
      "node for the system pods and Karpenter, and a provisioner `default` with amiFamily Bottlerocket. The GPU pod "
      "`cuda-train-0` (namespace ml, one nvidia.com/gpu, image and names assumed) made Karpenter launch a "
      "g4dn.xlarge node (labels karpenter.sh/provisioner-name=default, instance type g4dn.xlarge) from the generic "
      "Bottlerocket aws-k8s-1.21 AMI: the node is Ready but has no NVIDIA driver and no nvidia.com/gpu. The pod is "
      "Pending with a FailedScheduling event (`0/2 nodes are available: 2 Insufficient nvidia.com/gpu.`, count "
      "assumed, wording illustrative). Karpenter's own objects and logs are not modelled. The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    w.git_version = "v1.21.5-eks-bc4871b"
    n = w.node("ip-192-168-70-12.us-east-1.compute.internal", cpu="2", memory="7934460Ki",
               labels={"node.kubernetes.io/instance-type": "m5.large", "eks.amazonaws.com/nodegroup": "system"})
    node_info(n, **{**_AL2_121, "kubeletVersion": "v1.21.5-eks-bc4871b", "kubeProxyVersion": "v1.21.5-eks-bc4871b",
                    "kernelVersion": "5.4.172-90.336.amzn2.x86_64", "containerRuntimeVersion": "docker://20.10.7"})
    node = "ip-192-168-91-154.us-east-1.compute.internal"
    host_node(w, node, advertised=False,
              labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "karpenter.sh/provisioner-name": "default",
                      "karpenter.sh/capacity-type": "on-demand", "topology.kubernetes.io/region": "us-east-1",
                      "topology.kubernetes.io/zone": "us-east-1a"},
              info={**_BR_121, "osImage": "Bottlerocket OS 1.5.3 (aws-k8s-1.21)", "kernelVersion": "5.10.93",
                    "containerRuntimeVersion": "containerd://1.5.9+bottlerocket",
                    "kubeletVersion": "v1.21.8-eks-9da56c1", "kubeProxyVersion": "v1.21.8-eks-9da56c1"})
    g = w.get_node(node)
    for res in ("capacity", "allocatable"):
        g["status"][res].update({"cpu": "4", "memory": "15950720Ki"})
    _pending(w, "ml", "cuda-train-0", "0/2 nodes are available: 2 Insufficient nvidia.com/gpu.",
             image="nvcr.io/nvidia/pytorch:22.01-py3", owner=("StatefulSet", "cuda-train"), container="train",
             count=9)
    w.target("Pod", "ml", "cuda-train-0")


# ---- GPUs missing from capacity --------------------------------------------------------------

@case("fb304", pod_subj("gpu-test-limit", "default"),
      "Single-node k3s v1.33.3+k3s1 server on Ubuntu 24.04 under WSL2 (kernel and containerd strings assumed for "
      "August 2025), the NVIDIA driver on the Windows host and the NVIDIA container toolkit in the WSL distribution, "
      "so k3s detected the nvidia runtime (the nvidia RuntimeClass k3s creates is not a collected object). No NVIDIA "
      "device plugin or GPU Operator is deployed, so the node has no nvidia.com/gpu. Two pods with runtimeClassName "
      "nvidia (names and image assumed): `gpu-test` without a GPU request is Running (it sees the GPU; its output "
      "is not quoted in the thread and not modelled), `gpu-test-limit` with limits nvidia.com/gpu: 1 is Pending "
      "with a FailedScheduling event (`0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 "
      "nodes are available: 1 No preemption victims found for incoming pod.`, count assumed, wording "
      "illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.3+k3s1"
    node = "desktop-wsl"
    host_node(w, node, advertised=False,
              labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                      "node.kubernetes.io/instance-type": "k3s", "beta.kubernetes.io/instance-type": "k3s"},
              info={"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.6.87.2-microsoft-standard-WSL2",
                    "containerRuntimeVersion": "containerd://2.0.5-k3s2", "kubeletVersion": "v1.33.3+k3s1",
                    "kubeProxyVersion": "v1.33.3+k3s1"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "32768000Ki"})
    image = "nvidia/cuda:12.4.1-base-ubuntu22.04"
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
           {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}]
    running_pod(w, "gpu-test", None, ns="default", node=node, container="cuda", gpu=0, image=image,
                runtime_class="nvidia", env=env, cpu="100m", memory="256Mi")
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
           "preemption victims found for incoming pod.")
    _pending(w, "default", "gpu-test-limit", msg, image=image, container="cuda", runtime_class="nvidia", env=env,
             cpu="100m", memory="256Mi", count=14)
    w.target("Pod", "default", "gpu-test-limit")


# ---- healthy look-alikes ---------------------------------------------------------------------

_PAI_INFO = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-128-generic",
             "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.15.11",
             "kubeProxyVersion": "v1.15.11"}
_PAI_PLUGIN_LOG = ("2020/12/30 08:12:41 Loading NVML\n2020/12/30 08:12:41 Fetching devices.\n"
                   "2020/12/30 08:12:41 Starting FS watcher.\n2020/12/30 08:12:41 Starting OS watcher.\n"
                   "2020/12/30 08:12:41 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
                   "2020/12/30 08:12:41 Registered device plugin with Kubelet\n")


@case("fb305", node_subj("pai-worker-1"),
      "OpenPAI v1.4.1 cluster on Kubernetes v1.15.11 (deployed by OpenPAI's kubespray-based installer; Docker, "
      "Ubuntu 18.04; version strings assumed for December 2020): a master `pai-master` (no GPU) and two GPU workers "
      "`pai-worker-1` and `pai-worker-2` with 4 GPUs each (GeForce GTX 1080 Ti assumed; the thread gives no count or "
      "model), both Ready and advertising nvidia.com/gpu 4 in capacity and allocatable. The NVIDIA device plugin "
      "DaemonSet (nvidia/k8s-device-plugin:1.0.0-beta4, its usual startup log) runs in kube-system on both workers; "
      "OpenPAI's job-exporter DaemonSet (hostNetwork, port 9102) and its prometheus and alert-manager pods run in "
      "the default namespace. The NodeGpuCountChanged alert that carries the text lives in Prometheus/Alertmanager "
      "and OpenPAI's web portal, which a collector does not store; layout.yaml is a deployment file, not a cluster "
      "object. The text is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.15.11"
    m = w.node("pai-master", cpu="8", memory="32779132Ki",
               labels={"node-role.kubernetes.io/master": "", "pai-master": "true"},
               taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(m, **_PAI_INFO)
    plugins, exporters = [], []
    for i, node in enumerate(("pai-worker-1", "pai-worker-2")):
        host_node(w, node, gpus=4, labels={"pai-worker": "true"}, info=_PAI_INFO)
        n = w.get_node(node)
        for res in ("capacity", "allocatable"):
            n["status"][res].update({"cpu": "32", "memory": "131924356Ki"})
        plugins.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{('k2x7p', 'v9m4d')[i]}",
                                  image="nvidia/k8s-device-plugin:1.0.0-beta4", log=_PAI_PLUGIN_LOG))
        name = f"job-exporter-{('b6q2n', 'r8t5w')[i]}"
        p = w.pod("default", name, node=node, gpu=0, containers=("job-exporter",),
                  image="openpai/job-exporter:v1.4.1", labels={"app": "job-exporter"},
                  owner=("DaemonSet", "job-exporter"), cpu="100m", memory="512Mi",
                  extra_spec={"hostNetwork": True})
        exporters.append(p)
    plugin_ds(w, KS, plugins)
    wl = w.workload("DaemonSet", "default", "job-exporter", template_pod=exporters[0],
                    status={"desiredNumberScheduled": 2, "currentNumberScheduled": 2, "numberReady": 2,
                            "numberAvailable": 2, "updatedNumberScheduled": 2, "numberMisscheduled": 0,
                            "observedGeneration": 1})
    wl["spec"]["template"]["spec"]["nodeSelector"] = {"pai-worker": "true"}
    for app, image in (("prometheus", "prom/prometheus:v2.18.2"), ("alert-manager", "prom/alertmanager:v0.20.0")):
        w.pod("default", f"{app}-deployment-7c9f5b8d6-{'xk2lp' if app == 'prometheus' else 'm4q9z'}",
              node="pai-master", gpu=0, containers=(app,), image=image, labels={"app": app},
              owner=("ReplicaSet", f"{app}-deployment-7c9f5b8d6"), cpu="200m", memory="1Gi",
              tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Node", None, "pai-worker-1")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
