"""Builds first-contact batch E6 (fixtures/first-contact/batch-e6/cases.jsonl) as scenario bundles.

Driver-layer cases from documentation pages (the `docs` corpus) that no rule was written for, sampled with the
fixed query list in the batch README: a healthy look-alike (no nvidia-smi / dpkg packages on the host of an
operator-managed node, by design), a driver DaemonSet updated spuriously behind an OpenShift proxy, signed drivers
after a kernel upgrade, an outdated kernel without headers, nodes left cordoned by NVSentinel after a parallel
driver upgrade, and the GPU Operator deploying no driver container on pre-Turing vGPU. The builders build the
cluster state each page describes; where the page quotes a message it is placed where the page says it appears,
prose texts are not placed. The expected answers were reasoned from the pages (`expected` in the case) and
committed before any rule change; they are never taken from the tool's output.

Version strings and names a page does not state (node and pod names, kernels, kubelet versions, GPU models) are
filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e6      # (re)writes fixtures/first-contact/batch-e6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import drop_logs, driver_log, node_info, remove_stack_pod, set_image, stack_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.first_contact_h import operator_blocked
from tests.classify.first_contact_l import move_stack
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj

FC = ThreadBatch("batch-e6", "E6", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe601", "fe602", "fe603", "fe605", "fe606"}

GPU_TOLERATION = {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}
ROLES = ("driver", "toolkit", "device-plugin", "gfd", "validator")


def _operator_pod(w, ns: str, node: str, image: str) -> None:
    """The GPU Operator's own Deployment pod, Running (its log was not quoted)."""
    w.pod(ns, "gpu-operator-6b8f9d7c5d-q4x7m", node=node, gpu=0, containers=("gpu-operator",),
          image=image, labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
          owner=("ReplicaSet", "gpu-operator-6b8f9d7c5d"), cpu="200m", memory="350Mi")


def _images(w, node: str, images: dict[str, str]) -> None:
    for role, image in images.items():
        p = stack_pod(w, node, role)
        set_image(p, p["spec"]["containers"][0]["name"], image)


def _cluster_policy(w, state: str, driver: dict, ns: str = OPERATOR_NS, runtime: str = "containerd") -> None:
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": driver, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "operator": {"defaultRuntime": runtime}},
        "status": {"state": state, "namespace": ns}}]


def _system_node(w, name: str, info: dict, labels: dict | None = None) -> None:
    n = w.node(name, cpu="8", memory="32780384Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                              **(labels or {})},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)


def _not_ready(p: dict, container: str) -> None:
    """A Running container that has not passed its readiness / startup check yet."""
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update({"state": {"running": {"startedAt": T2}}, "ready": False, "started": False})
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"


# ---- healthy look-alike --------------------------------------------------------------------

@case("fe601", node_subj("gpu-worker-1"),
      "Kubernetes v1.32 (kubeadm assumed) with a control-plane node and one GPU worker `gpu-worker-1` (Ubuntu 22.04, "
      "one NVIDIA L40S; names, versions and GPU assumed) managed by GPU Operator v24.9.0: the driver DaemonSet pod "
      "Running with its healthy log (driver 550.127.05 built and loaded, the driver root bind-mounted at "
      "/run/nvidia/driver on the host), toolkit, device plugin, GFD and validator Running, ClusterPolicy ready, "
      "nvidia.com/gpu 1 advertised; an inference pod Running and Ready on the GPU. Nothing is broken; the host's "
      "missing nvidia-smi / nvidia packages are not something a collector records. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-125-generic",
            "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.32.2",
            "kubeProxyVersion": "v1.32.2"}
    _system_node(w, "cp-1", info)
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="263862868Ki",
                   labels={"nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.driver.minor": "127",
                           "nvidia.com/cuda.driver.rev": "05", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "4"})
    node_info(n, **info)
    _operator_pod(w, OPERATOR_NS, "cp-1", "nvcr.io/nvidia/gpu-operator:v24.9.0")
    _cluster_policy(w, "ready", {"enabled": True, "version": "550.127.05"})
    w.pod(ML, "embedding-server-5f7c9d6b8-x2lqp", node=node, gpu=1, containers=("server",),
          image="nvcr.io/nvidia/tritonserver:24.08-py3", owner=("ReplicaSet", "embedding-server-5f7c9d6b8"),
          tolerations=[dict(GPU_TOLERATION)], cpu="4", memory="16Gi")
    w.target("Node", None, node)


# ---- driver layer ----------------------------------------------------------------------------

@case("fe602", node_subj("worker-gpu-0.ocp.example.com"),
      "OpenShift 4.8 (Kubernetes v1.21.1+9807387, RHCOS 48.84 kernel 4.18.0-305.el8, CRI-O 1.21; versions assumed) "
      "with a cluster-wide proxy (proxies.config.openshift.io `cluster`, proxy URLs assumed) and GPU Operator 1.8.1 "
      "from OperatorHub (operator in `openshift-operators`, operands in `gpu-operator-resources` as in 1.x): the "
      "driver DaemonSet `nvidia-driver-daemonset` (proxy variables in its container env) is at generation 57 after "
      "repeated spurious updates; its current pod on `worker-gpu-0` (one Tesla T4 assumed) is young, Running but not "
      "ready (its healthy build log so far, no error), toolkit, device plugin, GFD and validator wait in their "
      "driver-validation / toolkit-validation init containers; the node keeps nvidia.com/gpu capacity 1 with "
      "allocatable 0 (assumed, the device plugin being down); ClusterPolicy notReady. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.21.1+9807387"
    info = {"osImage": "Red Hat Enterprise Linux CoreOS 48.84.202109100857-0 (Ootpa)",
            "kernelVersion": "4.18.0-305.19.1.el8_4.x86_64", "containerRuntimeVersion": "cri-o://1.21.3-4.rhaos4.8",
            "kubeletVersion": "v1.21.1+9807387", "kubeProxyVersion": "v1.21.1+9807387"}
    _system_node(w, "master-0.ocp.example.com", info, {"node-role.kubernetes.io/master": ""})
    node = "worker-gpu-0.ocp.example.com"
    n = w.gpu_node(node, gpus=1, allocatable=0, product="Tesla-T4", memory_mib=15109, cpu="16",
                   memory="65806520Ki", labels={"node-role.kubernetes.io/worker": "",
                                                "nvidia.com/cuda.driver.major": "470",
                                                "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, **info)
    proxy_env = [{"name": "HTTP_PROXY", "value": "http://proxy.example.com:3128"},
                 {"name": "HTTPS_PROXY", "value": "http://proxy.example.com:3128"},
                 {"name": "NO_PROXY", "value": ".cluster.local,.svc,10.128.0.0/14,172.30.0.0/16,api-int.ocp.example.com"}]
    drv = stack_pod(w, node, "driver")
    drv["spec"]["containers"][0]["env"] = proxy_env
    drv["metadata"]["creationTimestamp"] = T2
    drv["status"]["startTime"] = T2
    _not_ready(drv, "nvidia-driver-ctr")
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-470.57.02\n"
          "Verifying archive integrity... OK\nUncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 "
          "470.57.02\n")
    operator_blocked(w, node)
    _images(w, node, {"driver": "nvcr.io/nvidia/driver:470.57.02-rhcos4.8",
                      "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:1.6.0-ubi8",
                      "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.9.0-ubi8",
                      "gfd": "nvcr.io/nvidia/gpu-feature-discovery:v0.4.1",
                      "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.8.1"})
    ns = "gpu-operator-resources"
    move_stack(w, ns)
    ds = w.workload("DaemonSet", ns, "nvidia-driver-daemonset", template_pod=drv, status=ds_status(1, 1, 0))
    ds["spec"]["template"]["spec"] = {k: v for k, v in ds["spec"]["template"]["spec"].items() if k != "nodeName"}
    ds["metadata"]["generation"] = 57
    ds["metadata"]["labels"] = {"app": "nvidia-driver-daemonset"}
    ds["spec"]["selector"] = {"matchLabels": {"app": "nvidia-driver-daemonset"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"app": "nvidia-driver-daemonset"}
    ds["spec"]["updateStrategy"] = {"type": "RollingUpdate"}
    ds["status"]["observedGeneration"] = 57
    _operator_pod(w, "openshift-operators", "master-0.ocp.example.com", "nvcr.io/nvidia/gpu-operator:1.8.1")
    _cluster_policy(w, "notReady", {"enabled": True, "version": "470.57.02"}, ns, runtime="crio")
    w.custom["proxies.config.openshift.io"] = [{
        "apiVersion": "config.openshift.io/v1", "kind": "Proxy", "metadata": {"name": "cluster"},
        "spec": {"httpProxy": "http://proxy.example.com:3128", "httpsProxy": "http://proxy.example.com:3128",
                 "noProxy": "api-int.ocp.example.com"},
        "status": {"httpProxy": "http://proxy.example.com:3128", "httpsProxy": "http://proxy.example.com:3128",
                   "noProxy": proxy_env[2]["value"]}}]
    w.target("Node", None, node)


@case("fe603", node_subj("gpu-node-2"),
      "Kubernetes v1.26 (kubeadm assumed) on Ubuntu 22.04 GPU nodes with Secure Boot enabled, GPU Operator v22.9.1 "
      "installed with driver.version=515-signed (ClusterPolicy driver version `515-signed`; versions assumed); "
      "`gpu-node-2` (one A100 PCIe assumed) was upgraded to kernel 5.15.0-91-generic (assumed), for which the signed "
      "NVIDIA packages are not available: its driver pod (image driver:515-signed-ubuntu22.04) crash-loops (exit 1, "
      "no log: the page quotes none), toolkit, device plugin, GFD and validator wait in their init containers, GFD "
      "labels and nvidia.com/gpu are gone; `gpu-node-1`, still on 5.15.0-88-generic, is healthy. The text is prose "
      "and not placed.")
def _(w, t):
    w.git_version = "v1.26.9"
    base = {"osImage": "Ubuntu 22.04.3 LTS", "containerRuntimeVersion": "containerd://1.6.24",
            "kubeletVersion": "v1.26.9", "kubeProxyVersion": "v1.26.9"}
    _system_node(w, "cp-1", {**base, "kernelVersion": "5.15.0-88-generic"})
    images = {"driver": "nvcr.io/nvidia/driver:515-signed-ubuntu22.04",
              "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.11.0-ubuntu20.04",
              "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.13.0-ubi8",
              "gfd": "nvcr.io/nvidia/gpu-feature-discovery:v0.7.0-ubi8",
              "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v22.9.1"}
    labels = {"nvidia.com/cuda.driver.major": "515", "nvidia.com/cuda.runtime.major": "11"}
    ok = w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, labels=labels)
    node_info(ok, **base, kernelVersion="5.15.0-88-generic")
    _images(w, "gpu-node-1", images)
    w.log(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", driver_log("515.86.01", ""))
    node = "gpu-node-2"
    bad = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                     labels=labels)
    node_info(bad, **base, kernelVersion="5.15.0-91-generic")
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        bad["metadata"]["labels"].pop(k, None)
    bad["status"]["capacity"].pop("nvidia.com/gpu", None)
    _images(w, node, images)
    drv = stack_pod(w, node, "driver")
    name = drv["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    drv["status"]["containerStatuses"][0].update(crashing("nvidia-driver-ctr", 1, restarts=9)["nvidia-driver-ctr"])
    drv["status"]["containerStatuses"][0]["started"] = False
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.event(OPERATOR_NS, "Pod", name, "BackOff", "Back-off restarting failed container", component="kubelet",
            host=node, count=37, field_path="spec.containers{nvidia-driver-ctr}")
    operator_blocked(w, node)
    _operator_pod(w, OPERATOR_NS, "cp-1", "nvcr.io/nvidia/gpu-operator:v22.9.1")
    _cluster_policy(w, "notReady", {"enabled": True, "version": "515-signed"})
    w.target("Node", None, node)


@case("fe604", node_subj("gpu-node-1"),
      "Kubernetes v1.23 (kubeadm assumed) on CentOS 7 GPU node `gpu-node-1` running the page's outdated kernel "
      "3.10.0-1062.12.1.el7.x86_64 (one Tesla V100 assumed), GPU Operator v1.11.1 with driver 470.82.01 "
      "(driver:470.82.01-centos7; versions assumed): the driver container crash-loops and its previous log ends "
      "with the page's message after the installer's 'Resolving Linux kernel version...' step (illustrative); "
      "toolkit, device plugin, GFD and validator wait in their init containers; GFD labels and nvidia.com/gpu "
      "absent; ClusterPolicy notReady.")
def _(w, t):
    w.git_version = "v1.23.17"
    info = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1062.12.1.el7.x86_64",
            "containerRuntimeVersion": "containerd://1.6.14", "kubeletVersion": "v1.23.17",
            "kubeProxyVersion": "v1.23.17"}
    _system_node(w, "cp-1", info)
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="Tesla-V100-PCIE-16GB", memory_mib=16384)
    node_info(n, **info)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    n["status"]["capacity"].pop("nvidia.com/gpu", None)
    _images(w, node, {"driver": "nvcr.io/nvidia/driver:470.82.01-centos7",
                      "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.10.0-centos7",
                      "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.12.3-ubi8",
                      "gfd": "nvcr.io/nvidia/gpu-feature-discovery:v0.6.2-ubi8",
                      "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.11.1"})
    drv = stack_pod(w, node, "driver")
    name = drv["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    message = t.rsplit(": ", 1)[1].rstrip(".")
    drv["status"]["containerStatuses"][0].update(crashing("nvidia-driver-ctr", 1, restarts=12)["nvidia-driver-ctr"])
    drv["status"]["containerStatuses"][0]["started"] = False
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", f"Resolving Linux kernel version...\n{message}\n", previous=True)
    w.event(OPERATOR_NS, "Pod", name, "BackOff", "Back-off restarting failed container", component="kubelet",
            host=node, count=41, field_path="spec.containers{nvidia-driver-ctr}")
    operator_blocked(w, node)
    _operator_pod(w, OPERATOR_NS, "cp-1", "nvcr.io/nvidia/gpu-operator:v1.11.1")
    _cluster_policy(w, "notReady", {"enabled": True, "version": "470.82.01"})
    w.target("Node", None, node)


NVSENTINEL_NS = "nvsentinel"


@case("fe605", pod_subj("llm-pretrain-worker-0", "training"),
      "Kubernetes v1.33 (kubeadm assumed) with a control-plane node and four GPU nodes `gpu-a-0`..`gpu-a-3` (8x "
      "H100 each; names, versions and GPUs assumed), GPU Operator v25.10.1 just upgraded in parallel from driver "
      "570.172.08 to 580.95.05: every driver pod and operand Running and Ready again, nvidia.com/gpu 8 advertised "
      "on each node; NVSentinel (namespace nvsentinel, its pods Running) cordoned the four nodes during the upgrade "
      "and, its circuit breaker tripped, left them cordoned: spec.unschedulable true, the "
      "node.kubernetes.io/unschedulable taint and the GpuDcgmConnectivityFailure condition still True (reason "
      "string illustrative); the training worker pod (8 GPUs) is Pending with a FailedScheduling event in the "
      "standard format (composed). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.5"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-153-generic",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.5",
            "kubeProxyVersion": "v1.33.5"}
    _system_node(w, "cp-1", info)
    images = {"driver": "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04",
              "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.18.1",
              "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
              "gfd": "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
              "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.10.1"}
    nodes = [f"gpu-a-{i}" for i in range(4)]
    for name in nodes:
        n = w.gpu_node(name, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224",
                       memory="2113393812Ki", unschedulable=True,
                       taints=[{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule",
                                "timeAdded": T1}],
                       labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "95",
                               "nvidia.com/cuda.driver.rev": "05", "nvidia.com/cuda.runtime.major": "13",
                               "nvidia.com/gpu.deploy.driver": "true"})
        node_info(n, **info)
        n["status"]["conditions"].insert(0, {
            "type": "GpuDcgmConnectivityFailure", "status": "True", "reason": "GpuDcgmConnectivityFailureIsNotHealthy",
            "lastHeartbeatTime": T1, "lastTransitionTime": T1})
        _images(w, name, images)
        w.log(OPERATOR_NS, w.stack(name, "driver"), "nvidia-driver-ctr",
              "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-580.95.05\n"
              "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n"
              "+ modprobe nvidia-modeset\nDone, now waiting for signal\n")
        w.pod(NVSENTINEL_NS, f"gpu-health-monitor-{name[-1]}x7kq", node=name, gpu=0,
              containers=("gpu-health-monitor",), image="ghcr.io/nvidia/nvsentinel/gpu-health-monitor:v1.31.0",
              owner=("DaemonSet", "gpu-health-monitor"), tolerations=[dict(GPU_TOLERATION)],
              cpu="100m", memory="128Mi")
    monitors = [p for p in w.pods[NVSENTINEL_NS] if p["metadata"]["name"].startswith("gpu-health-monitor")]
    mon = w.workload("DaemonSet", NVSENTINEL_NS, "gpu-health-monitor", template_pod=monitors[0],
                     status=ds_status(4, 4, 4))
    mon["spec"]["template"]["spec"] = {k: v for k, v in mon["spec"]["template"]["spec"].items() if k != "nodeName"}
    for comp in ("fault-quarantine", "node-drainer", "fault-remediation"):
        w.pod(NVSENTINEL_NS, f"{comp}-7d9c5b6f4-m2x8p", node="cp-1", gpu=0, containers=(comp,),
              image=f"ghcr.io/nvidia/nvsentinel/{comp}:v1.31.0", owner=("ReplicaSet", f"{comp}-7d9c5b6f4"),
              cpu="100m", memory="128Mi")
    _operator_pod(w, OPERATOR_NS, "cp-1", "nvcr.io/nvidia/gpu-operator:v25.10.1")
    _cluster_policy(w, "ready", {"enabled": True, "version": "580.95.05"})
    msg = ("0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "4 node(s) were unschedulable. preemption: 0/5 nodes are available: 5 Preemption is not helpful for "
           "scheduling.")
    w.pod("training", "llm-pretrain-worker-0", gpu=8, phase="Pending", scheduled_message=msg,
          containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
          owner=("Job", "llm-pretrain-worker"), tolerations=[dict(GPU_TOLERATION)], cpu="96", memory="1500Gi")
    w.event("training", "Pod", "llm-pretrain-worker-0", "FailedScheduling", msg, component="default-scheduler",
            count=14)
    w.target("Pod", "training", "llm-pretrain-worker-0")


@case("fe606", node_subj("k8s-gpu-vm-01"),
      "Kubernetes v1.29 (kubeadm assumed) on VMware vSphere VMs: worker `k8s-gpu-vm-01` (Ubuntu 22.04) with one "
      "NVIDIA vGPU on a Tesla V100 (GRID V100-8C profile; GPU, profile and versions assumed), GPU Operator v24.3.0 "
      "from NVIDIA AI Enterprise with the vGPU guest driver image (ClusterPolicy with the licensing ConfigMap): the "
      "operator deploys no driver container (the page's words; modelled as no driver DaemonSet and no driver pod "
      "in the bundle), toolkit, device plugin, GFD and validator wait in their driver-validation / "
      "toolkit-validation init containers, no GFD labels and no nvidia.com/gpu; a GPU pod is Pending with a "
      "FailedScheduling event in the standard format (composed); ClusterPolicy notReady. The text is prose and "
      "not placed.")
def _(w, t):
    w.git_version = "v1.29.8"
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
            "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.29.8",
            "kubeProxyVersion": "v1.29.8"}
    _system_node(w, "k8s-cp-vm-01", info)
    node = "k8s-gpu-vm-01"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="GRID-V100-8C", memory_mib=8192, cpu="16",
                   memory="65842852Ki")
    node_info(n, **info)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    n["status"]["capacity"].pop("nvidia.com/gpu", None)
    _images(w, node, {"toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04",
                      "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8",
                      "gfd": "nvcr.io/nvidia/gpu-feature-discovery:v0.15.0-ubi8",
                      "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0"})
    remove_stack_pod(w, node, "driver")
    operator_blocked(w, node)
    _operator_pod(w, OPERATOR_NS, "k8s-cp-vm-01", "nvcr.io/nvaie/gpu-operator-5-0:v24.3.0")
    _cluster_policy(w, "notReady", {"enabled": True, "repository": "nvcr.io/nvaie",
                                    "image": "vgpu-guest-driver-5", "version": "550.90.07",
                                    "licensingConfig": {"configMapName": "licensing-config", "nlsEnabled": True}})
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption "
           "victims found for incoming pod, 1 Preemption is not helpful for scheduling.")
    w.pod(ML, "cuda-inference-7c9d8b5f6-k2l9m", gpu=1, phase="Pending", scheduled_message=msg, containers=("server",),
          image="nvcr.io/nvidia/tritonserver:24.05-py3", owner=("ReplicaSet", "cuda-inference-7c9d8b5f6"),
          tolerations=[dict(GPU_TOLERATION)])
    w.event(ML, "Pod", "cuda-inference-7c9d8b5f6-k2l9m", "FailedScheduling", msg, component="default-scheduler",
            count=9)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
