"""First-contact batch W (fixtures/first-contact/batch-w/cases.jsonl) as scenario bundles.

Real driver-layer failures (and one look-alike) from public threads that no rule was written for, sampled
with batch W's fixed query list (see the batch README): an OpenShift upgrade that left the driver container's
RHEL version behind the kernel, a driver-manager eviction deadlock on a DRA node, Fabric Manager not running
on an EKS HGX B200 node whose driver pod reports Ready, a GPU Operator driver upgrade in progress (look-alike),
the GKE 1.9.2 Ubuntu driver installer that never finishes, an AKS-installed driver that the ClusterPolicy's
version cannot override, a 25.3.1 default driver image that crash-loops on OpenShift 4.12, a driver container
on Amazon Linux 2 that cannot resolve the kernel, and the CUDA repository key rotation that broke the Ubuntu
driver images. Each builder places the case's text verbatim where a collector would have found it (prose
cases: the text is the thread's words and the bundle carries the state it describes) and builds the cluster
state the thread describes. The expected answer was reasoned from the thread (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernel builds, kubelet and runtime
versions, GPU models, image tags) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_w      # (re)writes fixtures/first-contact/batch-w/scenarios/
"""

from __future__ import annotations

import re

from tests.classify.first_contact_a import FCWorld, GPU_TOLERATION, daemonset, ds_pod, eks_labels
from tests.classify.first_contact_b import (KS, block, drop_logs, host_node, no_gpu_resource, node_info, set_image,
                                            stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import ML, crashing, node_subj

FC = ThreadBatch("batch-w", "W", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


# ---- helpers ---------------------------------------------------------------------------------

def crash_driver(w: FCWorld, node: str, log: str | None, *, restarts: int, image: str | None = None,
                 env: list[dict] | None = None) -> str:
    """The operator's driver pod on `node`: nvidia-driver-ctr crash-loops; `log` is its previous log."""
    p = stack_pod(w, node, "driver")
    name = p["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    cs = p["status"]["containerStatuses"][0]
    p["status"]["containerStatuses"] = [dict(cs, **crashing("nvidia-driver-ctr", 1, restarts=restarts)["nvidia-driver-ctr"],
                                             started=False)]
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    if image:
        set_image(p, "nvidia-driver-ctr", image)
    if env:
        p["spec"]["containers"][0]["env"] = env
    if log is not None:
        w.log(OPERATOR_NS, name, "nvidia-driver-ctr", log, previous=True)
    return name


def operands_wait(w: FCWorld, node: str) -> None:
    """The operands behind a driver that never became ready wait in their validation init containers."""
    for role, init in (("toolkit", "driver-validation"), ("device-plugin", "toolkit-validation"),
                       ("gfd", "toolkit-validation"), ("validator", "driver-validation")):
        block(w, node, role, init)


def cluster_policy(w: FCWorld, driver: dict, state: str) -> None:
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": driver, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": state, "namespace": OPERATOR_NS}}]


def initializing(p: dict, init_image: str) -> None:
    """A pod still in its init containers (images `init_image`): only PodScheduled is True."""
    for c in p["spec"]["initContainers"]:
        c["image"] = init_image
    for s in p["status"]["initContainerStatuses"]:
        s["image"] = init_image
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"


def unbold(t: str) -> str:
    """A line the reporter wrapped in markdown bold, as the container wrote it."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", t)


# ---- driver layer ----------------------------------------------------------------------------

@case("fw001", node_subj("worker-gpu-0"),
      "OpenShift 4.7.9 GPU worker `worker-gpu-0` (RHCOS 47.83, kernel 4.18.0-240.22.1.el8_3.x86_64 as in the "
      "text; one GPU, model assumed; CRI-O and kubelet strings assumed for May 2021) with the GPU Operator 1.6 "
      "stack (namespace modelled as `gpu-operator`; the thread's is `gpu-operator-resources`): the driver pod, "
      "deployed before the upgrade, still carries RHEL_VERSION=8.2 / OPENSHIFT_VERSION=4.6 in its environment "
      "and crash-loops; its previous log is the text's three lines (the reporter's markdown bold removed); the "
      "toolkit, device plugin, GFD and validator pods wait in their validation init containers (not described "
      "in the thread; the operator's usual ordering); the worker advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.20.0+7d0a2b2"
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="Tesla-T4", memory_mib=15109,
                   labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.7",
                           "feature.node.kubernetes.io/kernel-version.full": "4.18.0-240.22.1.el8_3.x86_64"})
    no_gpu_resource(n)
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 47.83.202105041129-0 (Ootpa)",
              kernelVersion="4.18.0-240.22.1.el8_3.x86_64", containerRuntimeVersion="cri-o://1.20.2-12.rhaos4.7.git9f7be76.el8",
              kubeletVersion="v1.20.0+7d0a2b2", kubeProxyVersion="v1.20.0+7d0a2b2")
    crash_driver(w, node, unbold(t), restarts=37, image="nvcr.io/nvidia/driver:460.32.03-rhcos4.6",
                 env=[{"name": "RHEL_VERSION", "value": "8.2"}, {"name": "OPENSHIFT_VERSION", "value": "4.6"}])
    operands_wait(w, node)
    w.target("Node", None, node)


@case("fw002", node_subj("gpu-node-1"),
      "GPU node `gpu-node-1` (Ubuntu 22.04, eight GPUs handed out through DRA ResourceClaims, so no "
      "nvidia.com/gpu extended resource; GPU model, kernel, containerd and kubelet strings assumed for mid-2026) "
      "just after a reboot, with the GPU Operator's containerized driver and the NVIDIA DRA driver (namespace "
      "`nvidia-dra-driver-gpu`, kubelet-plugin DaemonSet). The driver pod is in Init:CrashLoopBackOff in its "
      "k8s-driver-manager init container (the thread quotes no driver-manager log, so none is placed); the "
      "operator's other operands were evicted (no pods) and the node's gpu.deploy.* labels for them are `false` "
      "at collection time (the flapping the text describes); the DRA kubelet-plugin pod waits in its init "
      "container for the driver; two GPU workload pods in namespace `ml` (names assumed) with ResourceClaims "
      "(allocated, reserved for them) are Terminating (deletionTimestamp set, containers stopped with exit 143 "
      "after the eviction's SIGTERM, illustrative).")
def _(w, t):
    w.git_version = "v1.34.1"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=8, allocatable=None, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559)
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-141-generic",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.34.1", kubeProxyVersion="v1.34.1")
    labels = n["metadata"]["labels"]
    for comp in ("container-toolkit", "device-plugin", "gpu-feature-discovery", "operator-validator"):
        labels[f"nvidia.com/gpu.deploy.{comp}"] = "false"
    for app, key, ctr, img in (
            ("nvidia-container-toolkit-daemonset", "container-toolkit", "nvidia-container-toolkit-ctr",
             "nvcr.io/nvidia/k8s/container-toolkit:v1.18.0"),
            ("nvidia-device-plugin-daemonset", "device-plugin", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.18.0"),
            ("gpu-feature-discovery", "gpu-feature-discovery", "gpu-feature-discovery",
             "nvcr.io/nvidia/k8s-device-plugin:v0.18.0"),
            ("nvidia-operator-validator", "operator-validator", "nvidia-operator-validator",
             "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.10.0")):
        daemonset(w, OPERATOR_NS, app, desired=0, containers=[(ctr, img)],
                  node_selector={f"nvidia.com/gpu.deploy.{key}": "true"}, tolerations=GPU_TOLERATION)
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        name = w.stack(node, role)
        w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != name]
        drop_logs(w, OPERATOR_NS, name)
    drv = stack_pod(w, node, "driver")
    name = drv["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    drv["status"]["phase"] = "Pending"
    for c in drv["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    drv["status"]["initContainerStatuses"] = [{
        "name": "k8s-driver-manager", "image": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.1", "imageID": "",
        "started": False, "ready": False, "restartCount": 9,
        "state": {"waiting": {"reason": "CrashLoopBackOff",
                              "message": "back-off 5m0s restarting failed container=k8s-driver-manager"}},
        "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}}}]
    drv["spec"]["initContainers"] = [{"name": "k8s-driver-manager",
                                      "image": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.1",
                                      "args": ["uninstall_driver"], "command": ["driver-manager"], "resources": {}}]
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    ns = "nvidia-dra-driver-gpu"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"
    daemonset(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", desired=1, ready=0,
              containers=[("gpus", img)], init_containers=[("init-container", img)], tolerations=GPU_TOLERATION)
    kp = ds_pod(w, ns, "nvidia-dra-driver-gpu-kubelet-plugin", "nvidia-dra-driver-gpu-kubelet-plugin-7xq2m", node,
                containers=("gpus",), image=img, phase="Pending", ready=False, init_containers=("init-container",),
                init_statuses={"init-container": {"state": {"running": {"startedAt": T1}}, "ready": False,
                                                  "restartCount": 0}},
                statuses={"gpus": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                   "restartCount": 0}})
    initializing(kp, img)
    claims = []
    for i, app in enumerate(("llm-serve-0", "llm-serve-1")):
        claim = f"{app}-gpu"
        claims.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                       "metadata": {"name": claim, "namespace": ML},
                       "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com",
                                                                                     "count": 4}}]}},
                       "status": {"allocation": {"devices": {"results": [
                           {"request": "gpu", "driver": "gpu.nvidia.com", "pool": node, "device": f"gpu-{4 * i + k}"}
                           for k in range(4)]}},
                           "reservedFor": [{"resource": "pods", "name": app}]}})
        st = {"main": {"state": {"terminated": {"exitCode": 143, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
                       "ready": False, "restartCount": 0}}
        p = w.pod(ML, app, node=node, gpu=0, containers=("main",), image="vllm/vllm-openai:v0.11.0",
                  owner=("StatefulSet", "llm-serve"), ready=False, statuses=st,
                  extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": claim}]})
        p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
        p["metadata"]["deletionTimestamp"] = T1
        p["metadata"]["deletionGracePeriodSeconds"] = 30
    w.ns_custom[("resourceclaims.resource.k8s.io", ML)] = claims
    w.target("Node", None, node)


@case("fw003", node_subj("ip-10-0-44-17.us-west-2.compute.internal"),
      "EKS 1.35 HGX B200 node `ip-10-0-44-17.us-west-2.compute.internal` (p6-b200.48xlarge, 8 GPUs; Canonical "
      "Ubuntu 24.04 EKS AMI; node name, kernel, containerd and kubelet strings assumed for August 2026) with GPU "
      "Operator v26.3.3 (driver container 580.126.20): the driver pod is Running and Ready 1/1 with the driver "
      "container's usual start-up lines including its 'Starting NVIDIA fabric manager daemon...' step "
      "(illustrative; the thread describes Fabric Manager exiting but quotes no log line); the toolkit, device "
      "plugin (the node advertises nvidia.com/gpu 8: NVML works) and GFD are Running; the operator validator "
      "crash-loops in its cuda-validation init container whose previous log is the CUDA vectorAdd sample's "
      "failure on error 802 (illustrative rendering of the 'system not yet initialized' the text names).")
def _(w, t):
    w.git_version = "v1.35.0-eks-3c8f1a2"
    node = "ip-10-0-44-17.us-west-2.compute.internal"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-B200", memory_mib=183359,
                   labels=dict(eks_labels("p6-b200.48xlarge", "b200-ng", "us-west-2a"),
                               **{"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "126",
                                  "nvidia.com/cuda.driver.rev": "20", "nvidia.com/cuda.runtime.major": "13"}))
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-1036-aws",
              containerRuntimeVersion="containerd://1.7.28", kubeletVersion="v1.35.0-eks-3c8f1a2",
              kubeProxyVersion="v1.35.0-eks-3c8f1a2")
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.20-ubuntu24.04")
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-580.126.20\n"
          "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\n"
          "Starting NVIDIA persistence daemon...\nStarting NVIDIA fabric manager daemon...\n"
          "Mounting NVIDIA driver rootfs...\nDone, now waiting for signal\n")
    v = stack_pod(w, node, "validator")
    name = v["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    v["status"]["phase"] = "Pending"
    for c in v["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in v["status"]["initContainerStatuses"]:
        if s["name"] == "cuda-validation":
            s.update({"state": {"waiting": {"reason": "CrashLoopBackOff",
                                            "message": "back-off 5m0s restarting failed container=cuda-validation"}},
                      "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
                      "ready": False, "restartCount": 14})
        elif s["name"] == "plugin-validation":
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    for s in v["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    w.log(OPERATOR_NS, name, "cuda-validation",
          "[Vector addition of 50000 elements]\n"
          "Failed to allocate device vector A (error code system not yet initialized)!\n", previous=True)
    w.target("Node", None, node)


@case("fw004", node_subj("gpu-node-1"),
      "GPU node `gpu-node-1` (Ubuntu 22.04, eight GPUs; model, kernel, containerd and kubelet strings assumed for "
      "January 2026) during a GPU Operator upgrade from 25.3.1 to 25.3.4 with the driver upgrade controller "
      "enabled: the node is cordoned and labelled `nvidia.com/gpu-driver-upgrade-state=pod-deletion-required` "
      "(the state name for this step is the upgrade controller's; the thread does not quote the label); the "
      "driver DaemonSet (OnDelete) already has the new driver image in its template while its pod still runs the "
      "old one (driver versions 570.148.08 -> 570.172.08 assumed); the toolkit, device plugin, GFD and validator "
      "pods were recreated and run the new images (tags assumed); two GPU workload pods in namespace `ml` (names "
      "assumed) are Terminating (deletionTimestamp set, still running their grace period). No event or log of "
      "the upgrade controller is placed (the thread quotes none).")
def _(w, t):
    w.git_version = "v1.33.5"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   labels={"nvidia.com/gpu-driver-upgrade-state": "pod-deletion-required",
                           "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "148",
                           "nvidia.com/cuda.driver.rev": "08"},
                   unschedulable=True,
                   taints=[{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": T1}])
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-164-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    old, new = "nvcr.io/nvidia/driver:570.148.08-ubuntu22.04", "nvcr.io/nvidia/driver:570.172.08-ubuntu22.04"
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", old)
    drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-570.148.08\n"
          "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\n"
          "Done, now waiting for signal\n")
    ds = w.workload("DaemonSet", OPERATOR_NS, "nvidia-driver-daemonset", template_pod=drv,
                    strategy={"type": "OnDelete"},
                    status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                            "numberAvailable": 1, "updatedNumberScheduled": 0, "numberMisscheduled": 0,
                            "observedGeneration": 2})
    ds["metadata"]["generation"] = 2
    ds["spec"]["selector"] = {"matchLabels": {"app": "nvidia-driver-daemonset"}}
    ds["spec"]["template"] = {"metadata": {"labels": {"app": "nvidia-driver-daemonset"}},
                              "spec": {"nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"},
                                       "tolerations": GPU_TOLERATION,
                                       "containers": [{"name": "nvidia-driver-ctr", "image": new}]}}
    for role, container, image in (
            ("toolkit", "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04"),
            ("device-plugin", "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"),
            ("gfd", "gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"),
            ("validator", "nvidia-operator-validator", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.4")):
        p = stack_pod(w, node, role)
        set_image(p, container, image)
        p["metadata"]["creationTimestamp"] = T1
        p["status"]["startTime"] = T1
    for app in ("train-job-0", "train-job-1"):
        p = w.pod(ML, app, node=node, gpu=4, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
                  owner=("StatefulSet", "train-job"))
        p["metadata"]["deletionTimestamp"] = T1
        p["metadata"]["deletionGracePeriodSeconds"] = 30
    w.target("Node", None, node)


@case("fw005", node_subj("gke-gpu-cluster-gpu-pool-3f2a1b7c-x9k2"),
      "GKE 1.9.2 cluster, Ubuntu-image GPU node pool: node `gke-gpu-cluster-gpu-pool-3f2a1b7c-x9k2` (one Tesla K80; "
      "node name, accelerator, kernel and docker strings assumed for early 2018; docker's storage driver aufs is "
      "not a node field and is stated here only) with GKE's `nvidia.com/gpu=present:NoSchedule` taint; in "
      "kube-system the Ubuntu nvidia-driver-installer DaemonSet pod sits in its `nvidia-driver-installer` init "
      "container (still running; the hang the thread describes; no installer output is quoted, so no log is "
      "placed) with its `pause` container waiting; GKE's nvidia-gpu-device-plugin pod is Running with no log; "
      "the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.9.2-gke.1"
    node = "gke-gpu-cluster-gpu-pool-3f2a1b7c-x9k2"
    host_node(w, node, gpus=1, advertised=False,
              labels={"cloud.google.com/gke-nodepool": "gpu-pool", "cloud.google.com/gke-accelerator": "nvidia-tesla-k80",
                      "cloud.google.com/gke-os-distribution": "ubuntu", "beta.kubernetes.io/instance-type": "n1-standard-4",
                      "failure-domain.beta.kubernetes.io/zone": "us-central1-c"},
              info={"osImage": "Ubuntu 16.04.3 LTS", "kernelVersion": "4.13.0-1008-gcp",
                    "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.9.2-gke.1",
                    "kubeProxyVersion": "v1.9.2-gke.1"})
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    gke_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    inst = "gcr.io/google-containers/ubuntu-nvidia-driver-installer@sha256:7df76a0f0a17294e86f691c81de6bbb7c04a1b4b3d4ea4e7e2cccdc42e1f6d63"
    daemonset(w, KS, "nvidia-driver-installer", desired=1, ready=0, containers=[("pause", "gcr.io/google-containers/pause:2.0")],
              init_containers=[("nvidia-driver-installer", inst)], tolerations=gke_tol,
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    p = ds_pod(w, KS, "nvidia-driver-installer", "nvidia-driver-installer-5mz8q", node, containers=("pause",),
               image="gcr.io/google-containers/pause:2.0", phase="Pending", ready=False,
               init_containers=("nvidia-driver-installer",), tolerations=gke_tol,
               init_statuses={"nvidia-driver-installer": {"state": {"running": {"startedAt": T0}}, "ready": False,
                                                          "restartCount": 0}},
               statuses={"pause": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                   "restartCount": 0}})
    initializing(p, inst)
    dp_img = "k8s.gcr.io/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e"
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", dp_img)],
              tolerations=gke_tol)
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-q7w4t", node,
           containers=("nvidia-gpu-device-plugin",), image=dp_img, tolerations=gke_tol)
    w.target("Node", None, node)


NVIDIA_SMI_AKS = """Thu May 11 09:12:44 2023
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 525.85.12              Driver Version: 525.85.12    CUDA Version: 12.0     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |
|                                         |                      |               MIG M. |
|=========================================+======================+======================|
|   0  Tesla V100-PCIE-16GB           On  | 00000001:00:00.0 Off |                    0 |
| N/A   31C    P0              24W / 250W |      0MiB / 16384MiB |      0%      Default |
|                                         |                      |                  N/A |
+-----------------------------------------+----------------------+----------------------+

+---------------------------------------------------------------------------------------+
| Processes:                                                                            |
|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |
|        ID   ID                                                             Usage      |
|=======================================================================================|
|  No running processes found                                                           |
+---------------------------------------------------------------------------------------+
"""


@case("fw006", node_subj("aks-gpunp-31415926-vmss000000"),
      "AKS GPU node `aks-gpunp-31415926-vmss000000` (node pool created with az cli; VM size Standard_NC6s_v3, one "
      "V100, node image, kernel, containerd and kubelet strings assumed for May 2023) with the AKS-installed "
      "driver (version 525.85.12 assumed: the thread says 'the default driver', not which) and GPU Operator "
      "v23.3 installed with driver.enabled=true and driver.version=515.86.01 (the ClusterPolicy in the bundle "
      "carries them); the operator labelled the node nvidia.com/gpu.deploy.driver=pre-installed and runs no "
      "driver pod there; toolkit, device plugin, GFD and validator Running; the `kubectl exec ... nvidia-smi` the "
      "reporter ran in the device-plugin pod is placed as an exec result printing the AKS driver's version "
      "(illustrative rendering); GFD's cuda.driver labels match it.")
def _(w, t):
    w.git_version = "v1.25.6"
    node = "aks-gpunp-31415926-vmss000000"
    n = w.gpu_node(node, gpus=1, product="Tesla-V100-PCIE-16GB", memory_mib=16384,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed", "kubernetes.azure.com/agentpool": "gpunp",
                           "kubernetes.azure.com/accelerator": "nvidia", "agentpool": "gpunp",
                           "node.kubernetes.io/instance-type": "Standard_NC6s_v3",
                           "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202304.20.0",
                           "nvidia.com/cuda.driver.major": "525", "nvidia.com/cuda.driver.minor": "85",
                           "nvidia.com/cuda.driver.rev": "12"})
    node_info(n, osImage="Ubuntu 22.04.2 LTS", kernelVersion="5.15.0-1036-azure",
              containerRuntimeVersion="containerd://1.6.20+azure-1", kubeletVersion="v1.25.6", kubeProxyVersion="v1.25.6")
    n["spec"]["providerID"] = ("azure:///subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/"
                               "mc_rg_aks_eastus/providers/Microsoft.Compute/virtualMachineScaleSets/"
                               "aks-gpunp-31415926-vmss/virtualMachines/0")
    drv = stack_pod(w, node, "driver")
    daemonset(w, OPERATOR_NS, "nvidia-driver-daemonset", desired=0,
              containers=[("nvidia-driver-ctr", "nvcr.io/nvidia/driver:515.86.01-ubuntu22.04")],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.1")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true"}, tolerations=GPU_TOLERATION)
    w.pods[OPERATOR_NS].remove(drv)
    drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    dp = stack_pod(w, node, "device-plugin")
    w.exec(OPERATOR_NS, dp["metadata"]["name"], "nvidia-device-plugin", ["/usr/bin/nvidia-smi"], NVIDIA_SMI_AKS)
    cluster_policy(w, {"enabled": True, "repository": "nvcr.io/nvidia", "image": "driver", "version": "515.86.01"},
                   "ready")
    w.target("Node", None, node)


@case("fw007", node_subj("worker-gpu-0"),
      "OpenShift 4.12 GPU worker `worker-gpu-0` (RHCOS 412.86 on a RHEL 8.6 kernel; one GPU, model assumed; "
      "kernel, CRI-O and kubelet strings assumed for mid-2025) with GPU Operator 25.3.1 whose ClusterPolicy "
      "names no driver image or version (the default); the driver pod crash-loops without a placed log (the "
      "thread quotes none); the toolkit, device plugin, GFD and validator pods wait in their validation init "
      "containers (the operator's usual ordering, not described in the thread); the worker advertises no "
      "nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.25.16+306a47e"
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                   labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.12",
                           "feature.node.kubernetes.io/system-os_release.RHEL_VERSION": "8.6"})
    no_gpu_resource(n)
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 412.86.202505141604-0 (Ootpa)",
              kernelVersion="4.18.0-372.137.1.el8_6.x86_64", containerRuntimeVersion="cri-o://1.25.5-13.1.rhaos4.12.git6005903.el8",
              kubeletVersion="v1.25.16+306a47e", kubeProxyVersion="v1.25.16+306a47e")
    crash_driver(w, node, None, restarts=23, image="nvcr.io/nvidia/driver:570.148.08-rhcos4.12")
    operands_wait(w, node)
    cluster_policy(w, {"enabled": True}, "notReady")
    w.target("Node", None, node)


@case("fw008", node_subj("ip-192-168-34-120.ec2.internal"),
      "EKS GPU node `ip-192-168-34-120.ec2.internal` on Amazon Linux 2 (kernel 4.14.232-177.418.amzn2.x86_64 as in "
      "the text; instance type g4dn.xlarge, docker and kubelet strings assumed for July 2021) with the GPU "
      "Operator stack: the driver pod (driver 460.73.01; the image tag's OS suffix is not stated, so none is "
      "shown) crash-loops and its previous log is the text; GFD never ran (no GPU labels beyond NFD's and the "
      "operator's); the toolkit, device plugin, GFD and validator pods wait in their validation init "
      "containers (the operator's usual ordering, not described in the thread); the node advertises no "
      "nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.19.6-eks-49a6c0"
    node = "ip-192-168-34-120.ec2.internal"
    n = w.gpu_node(node, gpus=1, allocatable=None, labels=eks_labels("g4dn.xlarge", "gpu-ng", "us-east-1a"))
    strip_gfd(n)
    no_gpu_resource(n)
    node_info(n, osImage="Amazon Linux 2", kernelVersion="4.14.232-177.418.amzn2.x86_64",
              containerRuntimeVersion="docker://19.3.13", kubeletVersion="v1.19.6-eks-49a6c0",
              kubeProxyVersion="v1.19.6-eks-49a6c0")
    crash_driver(w, node, t, restarts=18, image="nvcr.io/nvidia/driver:460.73.01")
    operands_wait(w, node)
    w.target("Node", None, node)


@case("fw009", node_subj("gpu-node-1"),
      "Kubernetes GPU node `gpu-node-1` (Ubuntu 20.04, one GPU; model, kernel, containerd and kubelet strings "
      "assumed for April 2022) with the GPU Operator and its driver container image 470.103.01-ubuntu20.04 as "
      "pulled before the key rotation; after the node's reboot the driver pod crash-loops; its previous log is "
      "the driver container's usual start-up lines (illustrative) followed by the text; the toolkit, device "
      "plugin, GFD and validator pods wait in their validation init containers (the operator's usual ordering, "
      "not described in the notice); the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.23.5"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-A10", memory_mib=23028,
                   labels={"nvidia.com/cuda.driver.major": "470", "nvidia.com/cuda.driver.minor": "103",
                           "nvidia.com/cuda.driver.rev": "01", "nvidia.com/cuda.runtime.major": "11"})
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 20.04.4 LTS", kernelVersion="5.4.0-109-generic",
              containerRuntimeVersion="containerd://1.5.11", kubeletVersion="v1.23.5", kubeProxyVersion="v1.23.5")
    head = ("\n========== NVIDIA Software Installer ==========\n\n"
            "Starting installation of NVIDIA driver version 470.103.01 for Linux kernel version 5.4.0-109-generic\n\n"
            "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
            "Unmounting NVIDIA driver rootfs...\nChecking NVIDIA driver packages...\n")
    crash_driver(w, node, head + t + "\n", restarts=12, image="nvcr.io/nvidia/driver:470.103.01-ubuntu20.04")
    operands_wait(w, node)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
