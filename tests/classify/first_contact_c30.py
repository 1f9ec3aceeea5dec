"""Builds first-contact batch C30 (fixtures/first-contact/batch-c30/cases.jsonl) as scenario bundles.

Round 30's frame: the bug-fix commits (2024 on) of NVIDIA/gpu-operator, NVIDIA/k8s-driver-manager and
NVIDIA/gpu-driver-container (NVIDIA/dcgm-exporter's frame gave no case). Each case is a fixed, user-visible
failure of the GPU stack on a Kubernetes cluster, built as the cluster a collector would have found at the
release before the fix:

- fc3001: the vGPU Device Manager's init container waits forever for a container-managed vGPU Manager when the
  vGPU Manager is installed on the host (gpu-operator 2121660a8); text verbatim in the init container's log.
- fc3002: the vGPU Device Manager DaemonSet lacks the nvidia.com/gpu toleration, so it never lands on tainted
  vGPU nodes (gpu-operator e1863f270); prose.
- fc3003: in a mixed-OS cluster the operator reads the OS of its own node, fails to place the custom repo
  ConfigMap into the driver DaemonSet and never creates it (gpu-operator efaac7860); the emitted error, verbatim
  in the operator's log and the ClusterPolicy's condition.
- fc3004: k8s-driver-manager v0.9.0 waits for the Network Operator's MOFED ready file when MOFED is installed on
  the host (k8s-driver-manager eea73e44); prose.
- fc3005: the Ubuntu 22.04 vGPU Manager image cannot build its kernel module for HWE kernels 5.19/6.5 without
  gcc-12 (gpu-driver-container 94f317d); prose.
- fc3006: the precompiled R580 driver container installs fabric-manager packages by their pre-R580 names and
  fails on NVSwitch systems (gpu-driver-container dc7857e); prose.
- fc3007: the OpenShift vGPU Manager's driver-toolkit container cannot run lspci (libpci.so.3 missing) in an
  air-gapped cluster (gpu-driver-container#616); the reporter's prose.
- fc3008: with the toolkit's NRI plugin on an immutable host (Talos), the toolkit pod cannot start because its
  containerd config mounts cannot be created (gpu-operator d91f4aa65); prose.
- fc3009: the precompiled RHEL 9 driver container does not load the video module that RTX cards on RHEL 9.3+
  need before nvidia_modeset (gpu-driver-container a4e4e89); prose.

Prose cases' texts (the commit's or the reporter's words) are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The
expected answer was reasoned from the fix (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output. Names, versions, node counts and log lines the commits do
not state are assumed; each scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_c30      # (re)writes fixtures/first-contact/batch-c30/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_b import no_gpu_resource, set_image
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c30", "C30", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's or the reporter's words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3002", "fc3004", "fc3005", "fc3006", "fc3007", "fc3008", "fc3009"}

_GO = "gpu-operator"
_OCP_GO = "nvidia-gpu-operator"
_VALIDATOR = "nvcr.io/nvidia/gpu-operator:v26.3.3"


# ---- helpers ---------------------------------------------------------------------------------

def _done(restarts: int = 0) -> dict:
    return {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}},
            "ready": True, "restartCount": restarts}


def _running_init() -> dict:
    return {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}


def _waiting_init() -> dict:
    return {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}


def _in_init(p: dict, statuses: dict[str, dict]) -> dict:
    """Leave a scheduled pod in Init: its init containers in `statuses` order, main containers waiting."""
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in p["status"].get("initContainerStatuses", []):
        if s["name"] in statuses:
            s.update(statuses[s["name"]])
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    return p


def _images(p: dict, images: dict[str, str]) -> dict:
    for name, image in images.items():
        set_image(p, name, image)
    return p


def _operator(w, ns: str, node: str, image: str, log: str | None = None, rs: str = "gpu-operator-6c8f9d7b5c",
              pod: str | None = None) -> str:
    name = pod or f"{rs}-x7k2p"
    deploy_pod(w, ns, rs, name, node, containers=("gpu-operator",), image=image,
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    if log:
        w.log(ns, name, "gpu-operator", log)
    return name


def _nfd(w, ns: str, workers: list[str], master: str, version: str = "v0.18.3") -> None:
    image = f"registry.k8s.io/nfd/node-feature-discovery:{version}"
    deploy_pod(w, ns, "gpu-operator-node-feature-discovery-master-7b9c5d8f4",
               "gpu-operator-node-feature-discovery-master-7b9c5d8f4-m2q8z", master, containers=("master",),
               image=image, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"})
    daemonset(w, ns, "gpu-operator-node-feature-discovery-worker", desired=len(workers),
              containers=[("worker", image)], labels={"app.kubernetes.io/name": "node-feature-discovery",
                                                        "role": "worker"})
    for i, n in enumerate(workers):
        ds_pod(w, ns, "gpu-operator-node-feature-discovery-worker",
               f"gpu-operator-node-feature-discovery-worker-{'kz4tp h8w2n r6d9c v3n7q'.split()[i]}", n,
               containers=("worker",), image=image,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})


def _clusterpolicy(w, spec: dict, state: str = "notReady", conditions: list[dict] | None = None) -> None:
    status = {"state": state, "namespace": spec.pop("_ns", _GO)}
    if conditions:
        status["conditions"] = conditions
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/managed-by": "Helm"}},
        "spec": spec, "status": status}]


def _stack_pod(w, ns: str, ds: str, name: str, node: str, containers: tuple, inits: tuple, images: dict,
               runtime_class: str | None = None) -> dict:
    p = ds_pod(w, ns, ds, name, node, containers=containers, init_containers=inits,
               labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"}, tolerations=GPU_TOLERATION,
               runtime_class=runtime_class)
    return _images(p, images)


# ---- fc3001: vGPU Device Manager waits for a container-managed vGPU Manager; the host has it ---------------------

_V1_NODE = "kv-gpu-worker-1"
_V1_CP = "kv-cp-1"
_V1_VGPU_DM = "nvidia-vgpu-device-manager-q4w8d"
_V1_SANDBOX_LABELS = {
    "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
    "nvidia.com/gpu.deploy.vgpu-device-manager": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true",
    "nvidia.com/gpu.deploy.sandbox-device-plugin": "true", "nvidia.com/vgpu.config": "A10-12Q",
    "feature.node.kubernetes.io/pci-10de.present": "true"}


def _vgpu_cluster(w, *, taint: bool) -> tuple[str, str]:
    """A KubeVirt cluster with one vGPU worker (2 x A10), the GPU Operator in sandbox (vm-vgpu) mode."""
    w.git_version = "v1.33.4"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4"}
    info(w.node(_V1_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                     taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    gn = w.node(_V1_NODE, cpu="64", memory="528102820Ki", labels=dict(_V1_SANDBOX_LABELS),
                taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}] if taint else ())
    info(gn, **kv)
    _operator(w, _GO, _V1_CP, "nvcr.io/nvidia/gpu-operator:v26.3.3")
    _nfd(w, _GO, [_V1_CP, _V1_NODE], _V1_CP)
    return _V1_CP, _V1_NODE


def _sandbox_waiting(w, node: str, *, manager_validated: bool) -> None:
    """The sandbox validator and the sandbox (KubeVirt) device plugin wait for vGPU devices that never appear."""
    sv = _stack_pod(w, _GO, "nvidia-sandbox-validator", "nvidia-sandbox-validator-7xkq2", node,
                    ("nvidia-sandbox-validator",), ("vgpu-manager-validation", "vgpu-devices-validation"),
                    {"nvidia-sandbox-validator": _VALIDATOR, "vgpu-manager-validation": _VALIDATOR,
                     "vgpu-devices-validation": _VALIDATOR})
    _in_init(sv, {"vgpu-manager-validation": _done() if manager_validated else _running_init(),
                  "vgpu-devices-validation": _running_init() if manager_validated else _waiting_init()})
    daemonset(w, _GO, "nvidia-sandbox-validator", desired=1, ready=0,
              containers=[("nvidia-sandbox-validator", _VALIDATOR)],
              init_containers=[("vgpu-manager-validation", _VALIDATOR), ("vgpu-devices-validation", _VALIDATOR)],
              node_selector={"nvidia.com/gpu.deploy.sandbox-validator": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-sandbox-validator"})
    plugin_img = "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.5.0"
    dp = _stack_pod(w, _GO, "nvidia-sandbox-device-plugin-daemonset",
                    "nvidia-sandbox-device-plugin-daemonset-b9t5m", node, ("nvidia-sandbox-device-plugin-ctr",),
                    ("vfio-pci-validation", "vgpu-devices-validation"),
                    {"nvidia-sandbox-device-plugin-ctr": plugin_img, "vfio-pci-validation": _VALIDATOR,
                     "vgpu-devices-validation": _VALIDATOR})
    _in_init(dp, {"vfio-pci-validation": _done(), "vgpu-devices-validation": _running_init()})
    w.log(_GO, "nvidia-sandbox-device-plugin-daemonset-b9t5m", "vfio-pci-validation",
          "vfio-pci not needed, skipping validation\n")
    w.log(_GO, "nvidia-sandbox-device-plugin-daemonset-b9t5m", "vgpu-devices-validation",
          "waiting for vGPU devices...\n" * 6)
    daemonset(w, _GO, "nvidia-sandbox-device-plugin-daemonset", desired=1, ready=0,
              containers=[("nvidia-sandbox-device-plugin-ctr", plugin_img)],
              init_containers=[("vfio-pci-validation", _VALIDATOR), ("vgpu-devices-validation", _VALIDATOR)],
              node_selector={"nvidia.com/gpu.deploy.sandbox-device-plugin": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-sandbox-device-plugin-daemonset"})


def _vm_pending(w, message: str) -> None:
    """The user's VirtualMachineInstance's launcher pod, asking for the A10-12Q vGPU type."""
    name = "virt-launcher-win-desktop-01-8xv2k"
    w.pod("vdi", name, gpu=1, resource="nvidia.com/NVIDIA_A10-12Q", phase="Pending", scheduled_message=message,
          containers=("compute",), image="quay.io/kubevirt/virt-launcher:v1.5.2", cpu="4", memory="16Gi",
          labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": "win-desktop-01"},
          owner=None)
    w.event("vdi", "Pod", name, "FailedScheduling", message, component="default-scheduler", count=14)


@case("fc3001", pod_subj(_V1_VGPU_DM, _GO),
      "A KubeVirt cluster on Kubernetes v1.33.4 (distribution, names and versions assumed): control-plane node "
      f"{_V1_CP} and one vGPU worker {_V1_NODE} (Ubuntu 22.04, 2 x NVIDIA A10 assumed) labelled "
      "nvidia.com/gpu.workload.config=vm-vgpu and nvidia.com/vgpu.config=A10-12Q. The NVIDIA vGPU Manager is "
      "installed on the host (driver.enabled=false in the ClusterPolicy), so no vGPU Manager DaemonSet exists. "
      "GPU Operator v26.3.3 (the release before the fix): the operator and NFD run; the sandbox validator's "
      "vgpu-manager-validation has completed (host vGPU Manager found) and its vgpu-devices-validation waits; the "
      f"vGPU Device Manager pod {_V1_VGPU_DM} is stuck in Init: its vgpu-manager-validation init container runs the "
      "shell loop of the DaemonSet's manifest and its log carries the loop's message verbatim, once per 5 s; the "
      "sandbox (KubeVirt) device plugin waits in vgpu-devices-validation ('waiting for vGPU devices...', from the "
      "manifest), so the node advertises no nvidia.com/NVIDIA_A10-12Q. A VM's virt-launcher pod in namespace vdi "
      "requesting that vGPU type is Pending (scheduler wording assumed).")
def _(w, t):
    _, node = _vgpu_cluster(w, taint=False)
    p = _stack_pod(w, _GO, "nvidia-vgpu-device-manager", _V1_VGPU_DM, node, ("nvidia-vgpu-device-manager",),
                   ("vgpu-manager-validation",),
                   {"nvidia-vgpu-device-manager": "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.2",
                    "vgpu-manager-validation": _VALIDATOR})
    _in_init(p, {"vgpu-manager-validation": _running_init()})
    w.log(_GO, _V1_VGPU_DM, "vgpu-manager-validation", (t + "\n") * 12)
    daemonset(w, _GO, "nvidia-vgpu-device-manager", desired=1, ready=0,
              containers=[("nvidia-vgpu-device-manager", "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.2")],
              init_containers=[("vgpu-manager-validation", _VALIDATOR)],
              node_selector={"nvidia.com/gpu.deploy.vgpu-device-manager": "true"},
              labels={"app": "nvidia-vgpu-device-manager"})
    _sandbox_waiting(w, node, manager_validated=True)
    _clusterpolicy(w, {"sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                       "driver": {"enabled": False}, "vgpuManager": {"enabled": False},
                       "vgpuDeviceManager": {"enabled": True, "config": {"name": "vgpu-devices-config",
                                                                          "default": "default"}},
                       "sandboxDevicePlugin": {"enabled": True}, "toolkit": {"enabled": True}})
    _vm_pending(w, "0/2 nodes are available: 1 Insufficient nvidia.com/NVIDIA_A10-12Q, 1 node(s) had untolerated "
                   "taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No "
                   "preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.")
    w.target("Pod", _GO, _V1_VGPU_DM)


# ---- fc3002: vGPU Device Manager DaemonSet without the nvidia.com/gpu toleration; tainted vGPU node ---------------

_V2_MGR = "nvidia-vgpu-manager-daemonset-6r2vx"


@case("fc3002", pod_subj("nvidia-sandbox-device-plugin-daemonset-b9t5m", _GO),
      "A KubeVirt cluster on Kubernetes v1.33.4 (distribution, names and versions assumed) like fc3001's, except: "
      f"the vGPU worker {_V1_NODE} carries the taint nvidia.com/gpu=present:NoSchedule (the cluster keeps "
      "non-GPU pods off its GPU nodes; assumed) and the vGPU Manager is deployed by the operator as a container "
      f"(DaemonSet nvidia-vgpu-manager-daemonset, pod {_V2_MGR} Running, image assumed). GPU Operator v26.3.3: "
      "every operand DaemonSet tolerates nvidia.com/gpu except the vGPU Device Manager's, whose template (as the "
      "asset shipped) has no tolerations; its DaemonSet therefore schedules no pod (desired 0) although the node "
      "carries nvidia.com/gpu.deploy.vgpu-device-manager=true. The sandbox validator's vgpu-manager-validation "
      "completed, its vgpu-devices-validation waits; the sandbox device plugin waits in vgpu-devices-validation; "
      "the node advertises no vGPU resource; a VM's virt-launcher pod is Pending (scheduler wording assumed). "
      "The commit's words are not in the bundle.")
def _(w, t):
    _, node = _vgpu_cluster(w, taint=True)
    mgr_img = "registry.example.internal/nvidia/vgpu-manager:550.163.02-ubuntu22.04"
    m = _stack_pod(w, _GO, "nvidia-vgpu-manager-daemonset", _V2_MGR, node, ("nvidia-vgpu-manager-ctr",),
                   ("k8s-driver-manager",),
                   {"nvidia-vgpu-manager-ctr": mgr_img,
                    "k8s-driver-manager": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.11.0"})
    m["status"]["initContainerStatuses"][0].update(_done())
    daemonset(w, _GO, "nvidia-vgpu-manager-daemonset", desired=1,
              containers=[("nvidia-vgpu-manager-ctr", mgr_img)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.11.0")],
              node_selector={"nvidia.com/gpu.deploy.vgpu-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-vgpu-manager-daemonset"})
    w.get_node(node)["metadata"]["labels"]["nvidia.com/gpu.deploy.vgpu-manager"] = "true"
    daemonset(w, _GO, "nvidia-vgpu-device-manager", desired=0,
              containers=[("nvidia-vgpu-device-manager", "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.2")],
              init_containers=[("vgpu-manager-validation", _VALIDATOR)],
              node_selector={"nvidia.com/gpu.deploy.vgpu-device-manager": "true"},
              labels={"app": "nvidia-vgpu-device-manager"})
    _sandbox_waiting(w, node, manager_validated=True)
    _clusterpolicy(w, {"sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                       "driver": {"enabled": True}, "vgpuManager": {"enabled": True,
                                                                    "repository": "registry.example.internal/nvidia",
                                                                    "image": "vgpu-manager",
                                                                    "version": "550.163.02"},
                       "vgpuDeviceManager": {"enabled": True, "config": {"name": "vgpu-devices-config",
                                                                          "default": "default"}},
                       "sandboxDevicePlugin": {"enabled": True}, "toolkit": {"enabled": True},
                       "daemonsets": {"tolerations": GPU_TOLERATION}})
    _vm_pending(w, "0/2 nodes are available: 1 Insufficient nvidia.com/NVIDIA_A10-12Q, 1 node(s) had untolerated "
                   "taint {node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No "
                   "preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.")
    w.target("Pod", _GO, "nvidia-sandbox-device-plugin-daemonset-b9t5m")


# ---- fc3003: mixed-OS EKS; the operator reads its own node's OS for the custom repo config path ----------------

_E3_SYS = ["ip-10-20-11-37.eu-west-1.compute.internal", "ip-10-20-12-88.eu-west-1.compute.internal"]
_E3_GPU = ["ip-10-20-31-104.eu-west-1.compute.internal", "ip-10-20-32-215.eu-west-1.compute.internal"]
_E3_OP = "gpu-operator-7f6d8c9b4d-2mzq5"


def _e3_log(t: str) -> str:
    return (
        '{"level":"info","ts":"2026-01-28T10:41:02Z","logger":"controllers.ClusterPolicy","msg":"Reconciliate '
        'ClusterPolicies after node label update","nb":1}\n'
        '{"level":"info","ts":"2026-01-28T10:41:02Z","logger":"controllers.ClusterPolicy","msg":"ClusterPolicy '
        'step completed","state:":"pre-requisites","status":"ready"}\n'
        '{"level":"info","ts":"2026-01-28T10:41:02Z","logger":"controllers.ClusterPolicy","msg":"ClusterPolicy '
        'step completed","state:":"state-operator-metrics","status":"ready"}\n'
        '{"level":"error","ts":"2026-01-28T10:41:03Z","logger":"controllers.ClusterPolicy","msg":"Failed to apply '
        f'transformation","resource":"nvidia-driver-daemonset","error":"{t}"}}\n'
        '{"level":"info","ts":"2026-01-28T10:41:03Z","logger":"controllers.ClusterPolicy","msg":"Could not '
        f'pre-process","DaemonSet":"nvidia-driver-daemonset","Namespace":"gpu-operator","Error":"{t}"}}\n'
        '{"level":"error","ts":"2026-01-28T10:41:03Z","msg":"Reconciler error","controller":"clusterpolicy-'
        'controller","object":{"name":"cluster-policy"},"namespace":"","name":"cluster-policy","reconcileID":'
        f'"5b0e2f7c-3d61-4d1a-9a8e-0c4f5d2b7e91","error":"{t}"}}\n')


@case("fc3003", pod_subj(_E3_OP, _GO),
      "Amazon EKS v1.32 (version strings assumed) with two node groups: a system group of two m6i.xlarge nodes "
      "on Amazon Linux 2023 (os-release ID amzn; the GPU Operator's Deployment and NFD master run there) and a GPU "
      "group of two g5.2xlarge nodes (one NVIDIA A10G each) on a custom Ubuntu 22.04 AMI without a host driver. "
      "GPU Operator v25.10.1 (the release before the fix) with the driver container enabled and "
      "driver.repoConfig.configMapName=repo-config (a ConfigMap of apt sources for the driver container behind a "
      "package proxy; name assumed). The operator takes the repo-config destination from /host-etc/os-release of "
      "its own node (amzn, not in its table), so the transformation of the driver DaemonSet fails: the operator's "
      "log carries the error verbatim on each reconcile (log lines around it modelled on the operator's code; "
      "assumed), the ClusterPolicy is notReady with a ReconcileFailed condition carrying it, and no operand "
      "DaemonSet exists (the reconcile stops at state-driver). NFD labels all four nodes; the GPU nodes carry "
      "nvidia.com/gpu.present but no nvidia.com/gpu resource; a training pod in namespace ml requesting one GPU "
      "is Pending (scheduler wording assumed).")
def _(w, t):
    w.git_version = "v1.32.9-eks-113cf36"
    for n in _E3_SYS:
        node = w.node(n, cpu="4", memory="15896988Ki", alloc_cpu="3920m", alloc_memory="15136164Ki", pods_cap="58",
                      labels={"eks.amazonaws.com/nodegroup": "system", "node.kubernetes.io/instance-type": "m6i.xlarge"})
        info(node, osImage="Amazon Linux 2023.9.20251208", kernelVersion="6.1.158-180.294.amzn2023.x86_64",
             containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.9-eks-113cf36")
    for n in _E3_GPU:
        node = w.node(n, cpu="8", memory="32386120Ki", alloc_cpu="7910m", alloc_memory="31369288Ki", pods_cap="58",
                      labels={"eks.amazonaws.com/nodegroup": "gpu-a10g",
                              "node.kubernetes.io/instance-type": "g5.2xlarge", "nvidia.com/gpu.present": "true",
                              "feature.node.kubernetes.io/pci-10de.present": "true",
                              "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                              "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04",
                              "feature.node.kubernetes.io/kernel-version.full": "6.8.0-1040-aws",
                              "nvidia.com/gpu.deploy.driver": "true",
                              "nvidia.com/gpu.deploy.container-toolkit": "true",
                              "nvidia.com/gpu.deploy.device-plugin": "true",
                              "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                              "nvidia.com/gpu.deploy.operator-validator": "true"})
        info(node, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1040-aws",
             containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.9-eks-113cf36")
    _operator(w, _GO, _E3_SYS[0], "nvcr.io/nvidia/gpu-operator:v25.10.1", log=_e3_log(t),
              rs="gpu-operator-7f6d8c9b4d", pod=_E3_OP)
    _nfd(w, _GO, _E3_SYS + _E3_GPU, _E3_SYS[1], version="v0.17.3")
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "version": "580.105.08",
                                  "repoConfig": {"configMapName": "repo-config"}},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                       "dcgmExporter": {"enabled": True}},
                   conditions=[{"type": "Ready", "status": "False", "reason": "ReconcileFailed",
                                "message": f"Failed to reconcile state-driver: {t}", "lastTransitionTime": T1},
                               {"type": "Error", "status": "True", "reason": "ReconcileFailed",
                                "message": f"Failed to reconcile state-driver: {t}", "lastTransitionTime": T1}])
    msg = ("0/4 nodes are available: 2 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/4 nodes are available: 2 No preemption victims found for incoming pod, "
           "2 Preemption is not helpful for scheduling.")
    pname = "finetune-a10g-5c9d7f8b6-t4r8w"
    w.pod("ml", pname, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.11-py3", phase="Pending",
          scheduled_message=msg, node_selector={"eks.amazonaws.com/nodegroup": "gpu-a10g"},
          owner=("ReplicaSet", "finetune-a10g-5c9d7f8b6"))
    w.event("ml", "Pod", pname, "FailedScheduling", msg, component="default-scheduler", count=11)
    w.target("Pod", _GO, _E3_OP)


# ---- fc3004: k8s-driver-manager v0.9.0 waits for the Network Operator's MOFED ready file; MOFED is on the host ---

_M4_NODE = "gpu-rdma-01"
_M4_DRV = "nvidia-driver-daemonset-x4p9k"
_M4_LOG = """time="2025-11-20T09:14:01Z" level=info msg="Starting driver uninstallation process"
time="2025-11-20T09:14:01Z" level=info msg="Unbinding vfio-pci driver from all devices"
time="2025-11-20T09:14:01Z" level=info msg="Mellanox device found at 0000:4b:00.0"
time="2025-11-20T09:14:01Z" level=info msg="GPUDirectRDMA is enabled, validating MOFED driver installation"
time="2025-11-20T09:14:01Z" level=info msg="Waiting for MOFED to be installed"
""" + "".join(f'time="2025-11-20T09:{14 + i // 12:02d}:{(6 + 5 * i) % 60:02d}Z" level=info msg="Waiting for MOFED '
              f'to be installed..."\n' for i in range(24))


@case("fc3004", pod_subj(_M4_DRV, _GO),
      "A bare-metal Kubernetes v1.33.5 cluster (kubeadm; names and versions assumed): control-plane node cp-1 and "
      f"GPU node {_M4_NODE} (Ubuntu 22.04, 8 x NVIDIA H100 SXM and ConnectX-7 NICs, assumed) whose MLNX_OFED is "
      "installed on the host (mlx5_core loaded; no NVIDIA Network Operator, so no /run/mellanox/drivers/"
      ".driver-ready). GPU Operator v25.10.0 (the release that shipped k8s-driver-manager v0.9.0) with "
      "driver.rdma.enabled=true and driver.rdma.useHostMofed=true. The driver pod "
      f"{_M4_DRV} is stuck in Init: its k8s-driver-manager init container (env GPU_DIRECT_RDMA_ENABLED=true, "
      "USE_HOST_MOFED=true) finds the Mellanox device and then loops; its log (the messages of v0.9.0's code, "
      "timestamps and logrus format assumed) ends in 'Waiting for MOFED to be installed...' every 5 s. The "
      "toolkit, device plugin, GFD and validator pods wait in their driver-validation init containers; the node "
      "advertises no nvidia.com/gpu. The commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    info(w.node("cp-1", cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
         kubeletVersion="v1.33.5", containerRuntimeVersion="containerd://1.7.28")
    n = w.gpu_node(_M4_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224",
                   memory="2113426236Ki", labels={"feature.node.kubernetes.io/pci-15b3.present": "true",
                                                  "nvidia.com/gpu.deploy.driver": "true"})
    info(n, kernelVersion="5.15.0-160-generic", kubeletVersion="v1.33.5", containerRuntimeVersion="containerd://1.7.28")
    no_gpu_resource(n)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory", "nvidia.com/cuda.driver.major",
              "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    drv = w.get_pod(_GO, w.stack(_M4_NODE, "driver"))
    drv["metadata"]["name"] = _M4_DRV
    w._stack[(_M4_NODE, "driver")] = _M4_DRV
    _images(drv, {"nvidia-driver-ctr": "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04",
                  "k8s-driver-manager": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.0"})
    for c in drv["spec"]["initContainers"]:
        if c["name"] == "k8s-driver-manager":
            c["env"] = [{"name": "ENABLE_GPU_POD_EVICTION", "value": "true"},
                        {"name": "ENABLE_AUTO_DRAIN", "value": "false"},
                        {"name": "GPU_DIRECT_RDMA_ENABLED", "value": "true"},
                        {"name": "USE_HOST_MOFED", "value": "true"}]
    _in_init(drv, {"k8s-driver-manager": _running_init()})
    for key in [k for k in w.logs if k[1] == _M4_DRV or k[1].startswith("nvidia-driver-daemonset-")]:
        w.logs.pop(key)
    w.log(_GO, _M4_DRV, "k8s-driver-manager", _M4_LOG)
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        p = w.get_pod(_GO, w.stack(_M4_NODE, role))
        first = p["spec"]["initContainers"][0]["name"]
        _in_init(p, {first: _running_init()})
        for key in [k for k in w.logs if k[1] == p["metadata"]["name"]]:
            w.logs.pop(key)
        if first == "driver-validation":
            w.log(_GO, p["metadata"]["name"], first,
                  "running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
                  "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
                  "command failed, retrying after 5 seconds\n")
    _operator(w, _GO, "cp-1", "nvcr.io/nvidia/gpu-operator:v25.10.0")
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "version": "580.95.05",
                                  "rdma": {"enabled": True, "useHostMofed": True},
                                  "manager": {"version": "v0.9.0"}},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}})
    w.target("Pod", _GO, _M4_DRV)


# ---- fc3005: Ubuntu 22.04 vGPU Manager image cannot build its module for an HWE 6.5 kernel (gcc-12 missing) ------

_G5_NODE = "ocp-free-vgpu-1"
_G5_POD = "nvidia-vgpu-manager-daemonset-k7d2r"
_G5_IMG = "harbor.lab.internal/nvidia/vgpu-manager:550.144.02-ubuntu22.04"
_G5_LOG = """Resolving Linux kernel version...
Proceeding with Linux kernel version 6.5.0-45-generic
Installing Linux kernel headers...
Installing Linux kernel module files...
Generating Linux kernel version string...
Verifying archive integrity... OK
Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 550.144.02...............

ERROR: An error occurred while performing the step: "Building kernel modules". See /var/log/nvidia-installer.log for details.

ERROR: Installation has failed.  Please see the file '/var/log/nvidia-installer.log' for details.  You may find suggestions on fixing installation problems in the README available on the Linux driver download page at www.nvidia.com.

Stopping NVIDIA vGPU Manager...
Unloading NVIDIA driver kernel modules...
"""


@case("fc3005", pod_subj(_G5_POD, _GO),
      "A Kubernetes v1.31.4 cluster (kubeadm; names and versions assumed) running KubeVirt: control-plane node "
      f"cp-1 and vGPU worker {_G5_NODE} on Ubuntu 22.04 with the HWE kernel 6.5.0-45-generic (built with gcc 12; "
      "2 x NVIDIA L40S assumed), labelled nvidia.com/gpu.workload.config=vm-vgpu. GPU Operator v24.9.2 (the last "
      "release before the fix) in sandbox mode with the vGPU Manager as a container: the user built the "
      "vgpu-manager image from the repository's vgpu-manager/ubuntu22.04 Dockerfile (registry, tag and driver "
      f"550.144.02 assumed), whose gcc is 11. The vGPU Manager pod {_G5_POD} crash-loops: its previous log (lines "
      "modelled on the vGPU Manager script's messages and the .run installer's failure lines; assumed) shows the "
      "module build failing. The vGPU Device Manager, sandbox validator and sandbox "
      "device plugin wait in their init containers; no vGPU resource is advertised. The commit's words are not in "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.31.4"
    info(w.node("cp-1", cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
         kubeletVersion="v1.31.4", containerRuntimeVersion="containerd://1.7.24")
    labels = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
              "nvidia.com/gpu.deploy.vgpu-manager": "true", "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
              "nvidia.com/gpu.deploy.sandbox-validator": "true", "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
              "feature.node.kubernetes.io/pci-10de.present": "true",
              "feature.node.kubernetes.io/kernel-version.full": "6.5.0-45-generic"}
    info(w.node(_G5_NODE, cpu="96", memory="790964372Ki", labels=labels), kernelVersion="6.5.0-45-generic",
         osImage="Ubuntu 22.04.4 LTS", kubeletVersion="v1.31.4", containerRuntimeVersion="containerd://1.7.24")
    dm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.7.0"
    p = _stack_pod(w, _GO, "nvidia-vgpu-manager-daemonset", _G5_POD, _G5_NODE, ("nvidia-vgpu-manager-ctr",),
                   ("k8s-driver-manager",), {"nvidia-vgpu-manager-ctr": _G5_IMG, "k8s-driver-manager": dm})
    p["status"]["initContainerStatuses"][0].update(_done())
    crashloop(p, "nvidia-vgpu-manager-ctr", restarts=9)
    w.log(_GO, _G5_POD, "nvidia-vgpu-manager-ctr", _G5_LOG, previous=True)
    w.log(_GO, _G5_POD, "nvidia-vgpu-manager-ctr", _G5_LOG.split("\nERROR")[0] + "\n")
    w.event(_GO, "Pod", _G5_POD, "BackOff", "Back-off restarting failed container nvidia-vgpu-manager-ctr in pod "
            f"{_G5_POD}_gpu-operator(3e1f0c9a-52d7-4b6e-9f1a-7c8d2e4b6a10)", component="kubelet", host=_G5_NODE,
            count=41, field_path="spec.containers{nvidia-vgpu-manager-ctr}")
    daemonset(w, _GO, "nvidia-vgpu-manager-daemonset", desired=1, ready=0,
              containers=[("nvidia-vgpu-manager-ctr", _G5_IMG)], init_containers=[("k8s-driver-manager", dm)],
              node_selector={"nvidia.com/gpu.deploy.vgpu-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-vgpu-manager-daemonset"})
    val = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.2"
    vd = _stack_pod(w, _GO, "nvidia-vgpu-device-manager", "nvidia-vgpu-device-manager-h2m6c", _G5_NODE,
                    ("nvidia-vgpu-device-manager",), ("vgpu-manager-validation",),
                    {"nvidia-vgpu-device-manager": "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.2.8",
                     "vgpu-manager-validation": val})
    _in_init(vd, {"vgpu-manager-validation": _running_init()})
    sv = _stack_pod(w, _GO, "nvidia-sandbox-validator", "nvidia-sandbox-validator-5qz8n", _G5_NODE,
                    ("nvidia-sandbox-validator",), ("vgpu-manager-validation", "vgpu-devices-validation"),
                    {"nvidia-sandbox-validator": val, "vgpu-manager-validation": val, "vgpu-devices-validation": val})
    _in_init(sv, {"vgpu-manager-validation": _running_init(), "vgpu-devices-validation": _waiting_init()})
    sp = _stack_pod(w, _GO, "nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-daemonset-w8r3j",
                    _G5_NODE, ("nvidia-sandbox-device-plugin-ctr",), ("vfio-pci-validation", "vgpu-devices-validation"),
                    {"nvidia-sandbox-device-plugin-ctr": "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.10",
                     "vfio-pci-validation": val, "vgpu-devices-validation": val})
    _in_init(sp, {"vfio-pci-validation": _done(), "vgpu-devices-validation": _running_init()})
    for ds, cont, inits in (("nvidia-vgpu-device-manager", "nvidia-vgpu-device-manager", ["vgpu-manager-validation"]),
                            ("nvidia-sandbox-validator", "nvidia-sandbox-validator",
                             ["vgpu-manager-validation", "vgpu-devices-validation"]),
                            ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-ctr",
                             ["vfio-pci-validation", "vgpu-devices-validation"])):
        daemonset(w, _GO, ds, desired=1, ready=0, containers=[(cont, val)],
                  init_containers=[(i, val) for i in inits], tolerations=GPU_TOLERATION, labels={"app": ds})
    _operator(w, _GO, "cp-1", "nvcr.io/nvidia/gpu-operator:v24.9.2")
    _clusterpolicy(w, {"sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                       "vgpuManager": {"enabled": True, "repository": "harbor.lab.internal/nvidia",
                                       "image": "vgpu-manager", "version": "550.144.02"},
                       "vgpuDeviceManager": {"enabled": True}, "sandboxDevicePlugin": {"enabled": True}})
    w.target("Pod", _GO, _G5_POD)


# ---- fc3006: precompiled R580 driver container installs fabric manager by its pre-R580 package name -------------

_F6_NODE = "hgx-h100-07"
_F6_POD = "nvidia-driver-daemonset-5.15.0-153-generic-ubuntu22.04-m9x4t"
_F6_IMG = "nvcr.io/nvidia/driver:580-5.15.0-153-generic-ubuntu22.04"
_F6_LOG = """DRIVER_ARCH is x86_64
Installing Closed NVIDIA driver kernel modules...
Loading ipmi and i2c_core kernel modules...
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
+ set +o xtrace -o nounset
Starting NVIDIA persistence daemon...
Installing NVIDIA fabric manager and libnvidia NSCQ packages...
Reading package lists...
Building dependency tree...
Reading state information...
E: Unable to locate package nvidia-fabricmanager-580
E: Unable to locate package libnvidia-nscq-580
Stopping NVIDIA persistence daemon...
Unloading NVIDIA driver kernel modules...
"""


@case("fc3006", pod_subj(_F6_POD, _GO),
      "A Kubernetes v1.32.8 cluster (kubeadm; names and versions assumed): control-plane node cp-1 and an HGX "
      f"H100 node {_F6_NODE} (8 x H100 SXM with NVSwitch, Ubuntu 22.04, kernel 5.15.0-153-generic). GPU Operator "
      "v25.3.4 (the release before the fix; default driver 580.82.07) with driver.usePrecompiled=true and "
      "driver.version=580, so the operator runs the precompiled driver DaemonSet "
      f"({_F6_POD}; image {_F6_IMG}). The driver container loads the kernel modules, then, on an NVSwitch system, "
      "installs the fabric manager and NSCQ packages by their branch-suffixed names, which the R580 repository "
      "no longer has; the script exits and the container crash-loops (previous log modelled on the precompiled "
      "script's messages, the apt errors assumed). The fabric manager never starts; the toolkit, device plugin, "
      "GFD and validator pods wait in driver-validation; the node advertises no nvidia.com/gpu. The commit's "
      "words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.8"
    info(w.node("cp-1", cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
         kubeletVersion="v1.32.8", containerRuntimeVersion="containerd://1.7.27")
    n = w.gpu_node(_F6_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224",
                   memory="2113426236Ki", labels={"feature.node.kubernetes.io/kernel-version.full": "5.15.0-153-generic"})
    info(n, kernelVersion="5.15.0-153-generic", kubeletVersion="v1.32.8", containerRuntimeVersion="containerd://1.7.27")
    no_gpu_resource(n)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory", "nvidia.com/cuda.driver.major",
              "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    old = w.stack(_F6_NODE, "driver")
    drv = w.get_pod(_GO, old)
    drv["metadata"]["name"] = _F6_POD
    drv["metadata"]["ownerReferences"][0]["name"] = "nvidia-driver-daemonset-5.15.0-153-generic-ubuntu22.04"
    drv["metadata"]["labels"]["app"] = "nvidia-driver-daemonset-5.15.0-153-generic-ubuntu22.04"
    w._stack[(_F6_NODE, "driver")] = _F6_POD
    _images(drv, {"nvidia-driver-ctr": _F6_IMG,
                  "k8s-driver-manager": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.1"})
    crashloop(drv, "nvidia-driver-ctr", restarts=14)
    for key in [k for k in w.logs if k[1] == old]:
        w.logs.pop(key)
    w.log(_GO, _F6_POD, "nvidia-driver-ctr", _F6_LOG, previous=True)
    w.log(_GO, _F6_POD, "nvidia-driver-ctr", _F6_LOG.split("Reading package lists")[0])
    w.event(_GO, "Pod", _F6_POD, "BackOff", f"Back-off restarting failed container nvidia-driver-ctr in pod "
            f"{_F6_POD}_gpu-operator(8c2d4e6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f)", component="kubelet", host=_F6_NODE,
            count=57, field_path="spec.containers{nvidia-driver-ctr}")
    daemonset(w, _GO, "nvidia-driver-daemonset-5.15.0-153-generic-ubuntu22.04", desired=1, ready=0,
              containers=[("nvidia-driver-ctr", _F6_IMG)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.1")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true",
                             "feature.node.kubernetes.io/kernel-version.full": "5.15.0-153-generic"},
              tolerations=GPU_TOLERATION, labels={"app": "nvidia-driver-daemonset-5.15.0-153-generic-ubuntu22.04"})
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        p = w.get_pod(_GO, w.stack(_F6_NODE, role))
        first = p["spec"]["initContainers"][0]["name"]
        _in_init(p, {first: _running_init()})
        for key in [k for k in w.logs if k[1] == p["metadata"]["name"]]:
            w.logs.pop(key)
    _operator(w, _GO, "cp-1", "nvcr.io/nvidia/gpu-operator:v25.3.4")
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "usePrecompiled": True, "version": "580"},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}})
    w.target("Pod", _GO, _F6_POD)


# ---- fc3007: OpenShift air-gapped vGPU Manager: the driver-toolkit container's lspci lacks libpci.so.3 ------------

_L7_NODE = "worker-gpu-0.ocp.lab.internal"
_L7_POD = "nvidia-vgpu-manager-daemonset-418.94.202602041234-0-p6w2z"
_L7_DTK = "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:4c1f7e2b9a8d6c5e3f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e"
_L7_IMG = "registry.ocp.lab.internal/nvidia/vgpu-manager:580.126.08-rhcos4.18"
_L7_DTK_LOG = """Running nv-ctr-run-with-dtk
+ [[ ! -f /mnt/shared-nvidia-driver-toolkit/dir_prepared ]]
+ cp -v /mnt/shared-nvidia-driver-toolkit/nvidia-driver /mnt/shared-nvidia-driver-toolkit/lspci /mnt/shared-nvidia-driver-toolkit/bin
'/mnt/shared-nvidia-driver-toolkit/nvidia-driver' -> '/mnt/shared-nvidia-driver-toolkit/bin/nvidia-driver'
'/mnt/shared-nvidia-driver-toolkit/lspci' -> '/mnt/shared-nvidia-driver-toolkit/bin/lspci'
+ export PATH=/mnt/shared-nvidia-driver-toolkit/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
++ lspci
lspci: error while loading shared libraries: libpci.so.3: cannot open shared object file: No such file or directory
+ dnf install -y pciutils
Updating Subscription Management repositories.
Unable to read consumer identity
This system is not registered with an entitlement server. You can use subscription-manager to register.
Error: Failed to download metadata for repo 'ubi-9-baseos-rpms': Cannot download repomd.xml: Cannot download repodata/repomd.xml: All mirrors were tried
"""


@case("fc3007", pod_subj(_L7_POD, _OCP_GO),
      "An air-gapped OpenShift 4.18 cluster (Kubernetes v1.31.14; RHCOS 418.94; names and versions assumed apart "
      "from the issue's): three control-plane nodes and GPU worker "
      f"{_L7_NODE} (NVIDIA T4, A2 and A16 GPUs per the issue; one A16 assumed here) labelled "
      "nvidia.com/gpu.workload.config=vm-vgpu for OpenShift Virtualization. GPU Operator v25.10.1 (assumed; the "
      "release before the fix) from OperatorHub in namespace nvidia-gpu-operator, ClusterPolicy vgpuManager "
      "version 580.126.08 with the reporter's own vgpu-manager image for rhcos4.18 (registry assumed), built with "
      "the driver toolkit (DTK). The vGPU Manager pod "
      f"{_L7_POD} has two containers: nvidia-vgpu-manager-ctr waits for the DTK build; openshift-driver-toolkit-ctr "
      "crash-loops because the lspci it copies from the vGPU Manager image cannot load libpci.so.3 and its dnf "
      "fallback cannot reach a repository (previous log modelled on the entrypoint script; the loader and dnf "
      "messages assumed). The vGPU Device Manager, sandbox validator and sandbox device plugin wait; no vGPU "
      "resource is advertised. The reporter's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.14"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 418.94.202602041234-0", "kernelVersion":
          "5.14.0-427.107.1.el9_4.x86_64", "containerRuntimeVersion": "cri-o://1.31.13-3.rhaos4.18.git1c2d3e4.el9",
          "kubeletVersion": "v1.31.14"}
    for i in range(3):
        info(w.node(f"master-{i}.ocp.lab.internal", cpu="16", memory="65840048Ki",
                    labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                    taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    labels = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
              "nvidia.com/gpu.deploy.vgpu-manager": "true", "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
              "nvidia.com/gpu.deploy.sandbox-validator": "true", "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
              "feature.node.kubernetes.io/pci-10de.present": "true",
              "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "418.94.202602041234-0",
              "node-role.kubernetes.io/worker": ""}
    info(w.node(_L7_NODE, cpu="64", memory="527938872Ki", labels=labels), **kv)
    val = "nvcr.io/nvidia/gpu-operator:v25.10.1"
    p = _stack_pod(w, _OCP_GO, "nvidia-vgpu-manager-daemonset-418.94.202602041234-0", _L7_POD, _L7_NODE,
                   ("nvidia-vgpu-manager-ctr", "openshift-driver-toolkit-ctr"), ("k8s-driver-manager",),
                   {"nvidia-vgpu-manager-ctr": _L7_IMG, "openshift-driver-toolkit-ctr": _L7_DTK,
                    "k8s-driver-manager": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1"})
    p["status"]["initContainerStatuses"][0].update(_done())
    crashloop(p, "openshift-driver-toolkit-ctr", restarts=23)
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "nvidia-vgpu-manager-ctr":
            s.update({"ready": False})
    w.log(_OCP_GO, _L7_POD, "openshift-driver-toolkit-ctr", _L7_DTK_LOG, previous=True)
    w.log(_OCP_GO, _L7_POD, "nvidia-vgpu-manager-ctr",
          "Running nv-ctr-run-with-dtk\n+ [[ ! -f /mnt/shared-nvidia-driver-toolkit/dir_prepared ]]\n"
          "+ cp -r /usr/local/bin/ocp_dtk_entrypoint /usr/local/bin/nvidia-driver /usr/sbin/lspci /driver "
          "/mnt/shared-nvidia-driver-toolkit/\n+ touch /mnt/shared-nvidia-driver-toolkit/dir_prepared\n"
          "+ set +x\nWaiting for openshift-driver-toolkit-ctr to finish building the driver...\n")
    w.event(_OCP_GO, "Pod", _L7_POD, "BackOff", "Back-off restarting failed container openshift-driver-toolkit-ctr in "
            f"pod {_L7_POD}_nvidia-gpu-operator(0d9e8f7a-6b5c-4d3e-2f1a-0b9c8d7e6f5a)", component="kubelet",
            host=_L7_NODE, count=88, field_path="spec.containers{openshift-driver-toolkit-ctr}")
    daemonset(w, _OCP_GO, "nvidia-vgpu-manager-daemonset-418.94.202602041234-0", desired=1, ready=0,
              containers=[("nvidia-vgpu-manager-ctr", _L7_IMG), ("openshift-driver-toolkit-ctr", _L7_DTK)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1")],
              node_selector={"nvidia.com/gpu.deploy.vgpu-manager": "true",
                             "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "418.94.202602041234-0"},
              tolerations=GPU_TOLERATION, labels={"app": "nvidia-vgpu-manager-daemonset-418.94.202602041234-0"})
    for ds, pod, cont, inits in (
            ("nvidia-vgpu-device-manager", "nvidia-vgpu-device-manager-t5b8k", "nvidia-vgpu-device-manager",
             ("vgpu-manager-validation",)),
            ("nvidia-sandbox-validator", "nvidia-sandbox-validator-c3n9x", "nvidia-sandbox-validator",
             ("vgpu-manager-validation", "vgpu-devices-validation")),
            ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-daemonset-q2v7h",
             "nvidia-sandbox-device-plugin-ctr", ("vfio-pci-validation", "vgpu-devices-validation"))):
        sp = _stack_pod(w, _OCP_GO, ds, pod, _L7_NODE, (cont,), inits, {c: val for c in (cont, *inits)})
        st = {inits[0]: _running_init()} if ds != "nvidia-sandbox-device-plugin-daemonset" else \
            {"vfio-pci-validation": _done(), "vgpu-devices-validation": _running_init()}
        if len(inits) > 1 and inits[1] not in st:
            st[inits[1]] = _waiting_init()
        _in_init(sp, st)
        daemonset(w, _OCP_GO, ds, desired=1, ready=0, containers=[(cont, val)],
                  init_containers=[(i, val) for i in inits], tolerations=GPU_TOLERATION, labels={"app": ds})
    _operator(w, _OCP_GO, "master-0.ocp.lab.internal", "nvcr.io/nvidia/gpu-operator:v25.10.1")
    _clusterpolicy(w, {"_ns": _OCP_GO, "sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                       "driver": {"enabled": True, "use_ocp_driver_toolkit": True},
                       "vgpuManager": {"enabled": True, "repository": "registry.ocp.lab.internal/nvidia",
                                       "image": "vgpu-manager", "version": "580.126.08"},
                       "vgpuDeviceManager": {"enabled": True}, "sandboxDevicePlugin": {"enabled": True}})
    w.target("Pod", _OCP_GO, _L7_POD)


# ---- fc3008: toolkit NRI plugin on Talos; the toolkit pod's containerd config mounts cannot be created ----------

_N8_NODE = "talos-gpu-w1"
_N8_TK = "nvidia-container-toolkit-daemonset-n6c4q"
_N8_EVENT = ('Error: failed to generate container "4f1c9e7a2b6d8c0e3a5f7b9d1c2e4a6f8b0d2c4e6a8f0b1d3c5e7a9f1b3d5c7e" '
             'spec: failed to apply OCI options: failed to mkdir "/etc/containerd/conf.d": mkdir '
             '/etc/containerd/conf.d: read-only file system')


@case("fc3008", pod_subj(_N8_TK, _GO),
      "A Talos Linux v1.12.1 cluster (Kubernetes v1.34.2; names and versions assumed): control-plane node talos-cp1 "
      f"and GPU worker {_N8_NODE} (one NVIDIA L4 assumed) with the NVIDIA driver and container-toolkit binaries "
      "from Talos system extensions (immutable root file system). GPU Operator v26.3.2 (the release before the "
      "fix) with driver.enabled=false and the container toolkit enabled as an NRI plugin "
      f"(toolkit.nriPluginEnabled=true). The toolkit pod {_N8_TK} never starts: its container is in "
      "CreateContainerError, the kubelet's Failed event saying containerd could not create the containerd config "
      "mount point on the read-only host (wording modelled on the one the follow-up F6 showed in "
      "NVIDIA/gpu-operator#2382, not sampled; container id assumed). The device plugin, GFD and validator pods "
      "wait in toolkit-validation; the node advertises no nvidia.com/gpu. The commit's words are not in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.34.2"
    kv = {"osImage": "Talos (v1.12.1)", "kernelVersion": "6.12.63-talos", "containerRuntimeVersion":
          "containerd://2.1.5", "kubeletVersion": "v1.34.2"}
    info(w.node("talos-cp1", cpu="4", memory="8026500Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    n = w.gpu_node(_N8_NODE, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65842768Ki",
                   labels={"extensions.talos.dev/nvidia-container-toolkit-production": "580.95.05-v1.18.0",
                           "extensions.talos.dev/nvidia-open-gpu-kernel-modules-production": "580.95.05-v1.12.1"})
    info(n, **kv)
    no_gpu_resource(n)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory"):
        n["metadata"]["labels"].pop(k, None)
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.driver"] = "pre-installed"
    w.pods[_GO] = [p for p in w.pods[_GO] if p["metadata"]["name"] != w.stack(_N8_NODE, "driver")]
    for key in [k for k in w.logs if k[1] == w.stack(_N8_NODE, "driver")]:
        w.logs.pop(key)
    old = w.stack(_N8_NODE, "toolkit")
    tk = w.get_pod(_GO, old)
    tk["metadata"]["name"] = _N8_TK
    w._stack[(_N8_NODE, "toolkit")] = _N8_TK
    _images(tk, {"nvidia-container-toolkit-ctr": "nvcr.io/nvidia/k8s/container-toolkit:v1.19.1",
                 "driver-validation": "nvcr.io/nvidia/gpu-operator:v26.3.2"})
    for c in tk["spec"]["containers"]:
        c["env"] = [{"name": "NRI_PLUGIN_ENABLED", "value": "true"},
                    {"name": "NRI_SOCKET", "value": "/var/run/nri/nri.sock"},
                    {"name": "RUNTIME", "value": "containerd"},
                    {"name": "RUNTIME_CONFIG", "value": "/runtime/config-dir/config.toml"},
                    {"name": "CONTAINERD_DROP_IN_CONFIG", "value": "/runtime/config-dir.d/99-nvidia.toml"}]
        c["volumeMounts"] = [{"name": "containerd-config", "mountPath": "/runtime/config-dir/"},
                             {"name": "containerd-drop-in-config", "mountPath": "/runtime/config-dir.d/"},
                             {"name": "nri-socket", "mountPath": "/var/run/nri/"}]
    tk["spec"]["volumes"] = [
        {"name": "containerd-config", "hostPath": {"path": "/etc/containerd", "type": "DirectoryOrCreate"}},
        {"name": "containerd-drop-in-config", "hostPath": {"path": "/etc/containerd/conf.d",
                                                           "type": "DirectoryOrCreate"}},
        {"name": "nri-socket", "hostPath": {"path": "/var/run/nri", "type": "DirectoryOrCreate"}}]
    tk["status"]["phase"] = "Pending"
    for c in tk["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in tk["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "CreateContainerError", "message": _N8_EVENT[len("Error: "):]}},
                  "ready": False, "started": False})
    tk["status"]["initContainerStatuses"][0].update(_done())
    for key in [k for k in w.logs if k[1] == old]:
        w.logs.pop(key)
    w.event(_GO, "Pod", _N8_TK, "Failed", _N8_EVENT, component="kubelet", host=_N8_NODE, count=37,
            field_path="spec.containers{nvidia-container-toolkit-ctr}")
    w.event(_GO, "Pod", _N8_TK, "Pulled", 'Container image "nvcr.io/nvidia/k8s/container-toolkit:v1.19.1" already '
            "present on machine and can be accessed by the pod", type="Normal", component="kubelet", host=_N8_NODE,
            count=37, field_path="spec.containers{nvidia-container-toolkit-ctr}")
    for role in ("device-plugin", "gfd", "validator"):
        p = w.get_pod(_GO, w.stack(_N8_NODE, role))
        inits = [c["name"] for c in p["spec"]["initContainers"]]
        st = {}
        for i in inits:
            if i == "driver-validation":
                st[i] = _done()
            elif "toolkit-validation" not in st:
                st[i] = _running_init() if i == "toolkit-validation" else _done()
            else:
                st[i] = _waiting_init()
        _in_init(p, st)
        for key in [k for k in w.logs if k[1] == p["metadata"]["name"]]:
            w.logs.pop(key)
        if role != "validator":
            w.log(_GO, p["metadata"]["name"], "toolkit-validation",
                  "waiting for nvidia container stack to be setup\n" * 5)
    _operator(w, _GO, "talos-cp1", "nvcr.io/nvidia/gpu-operator:v26.3.2")
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": False},
                       "toolkit": {"enabled": True, "nriPluginEnabled": True}, "devicePlugin": {"enabled": True},
                       "gfd": {"enabled": True}})
    w.target("Pod", _GO, _N8_TK)


# ---- fc3009: precompiled RHEL 9.3+ driver container does not load the video module; nvidia_modeset fails ----------

_R9_NODE = "worker-rtx-1.ocp4.example.internal"
_R9_POD = "nvidia-driver-daemonset-5.14.0-427.96.1.el9_4.x86_64-rhcos4.16-z8m3c"
_R9_DS = "nvidia-driver-daemonset-5.14.0-427.96.1.el9_4.x86_64-rhcos4.16"
_R9_IMG = "quay.example.internal/nvidia/driver:580-5.14.0-427.96.1.el9_4.x86_64-rhcos4.16"
_R9_LOG = """DRIVER_ARCH is x86_64
Resolving Linux kernel version...
Proceeding with Linux kernel version 5.14.0-427.96.1.el9_4.x86_64
RHEL VERSION successfully resolved from kernel: 9.4
Checking NVIDIA driver packages...
Found NVIDIA driver package kmod-nvidia-580.105.08-5.14.0-427.96.1.el9_4.x86_64.rpm
Parsing kernel module parameters...
Configuring the following firmware search path in '/sys/module/firmware_class/parameters/path': /run/nvidia/driver/lib/firmware
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
modprobe: ERROR: could not insert 'nvidia_modeset': Unknown symbol in module, or unknown parameter (see dmesg)
Stopping NVIDIA persistence daemon...
Unloading NVIDIA driver kernel modules...
"""


@case("fc3009", pod_subj(_R9_POD, _OCP_GO),
      "An OpenShift 4.16 cluster (RHCOS 416.94, RHEL 9.4 kernel 5.14.0-427.96.1.el9_4; Kubernetes v1.29.14; names "
      "and versions assumed): three control-plane nodes and GPU worker "
      f"{_R9_NODE} with one NVIDIA RTX 6000 Ada Generation (assumed; the commit says 'RTX cards'). GPU Operator "
      "v25.10.1 (the release before the fix) in namespace nvidia-gpu-operator with driver.usePrecompiled=true and "
      f"a precompiled RHEL 9 driver image built by the user from rhel9/precompiled (registry and tag assumed). The "
      f"driver pod {_R9_POD} crash-loops: the precompiled script loads nvidia and nvidia-uvm but, unlike the "
      "non-precompiled one, not the video module first, so nvidia-modeset cannot be inserted (previous log "
      "modelled on the script's messages; the modprobe error assumed). The toolkit, device plugin, GFD and "
      "validator pods wait in driver-validation; the node advertises no nvidia.com/gpu. The commit's words are "
      "not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.14+7cf4c05"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 416.94.202511250651-0",
          "kernelVersion": "5.14.0-427.96.1.el9_4.x86_64",
          "containerRuntimeVersion": "cri-o://1.29.13-4.rhaos4.16.git2c5e7f1.el9", "kubeletVersion": "v1.29.14+7cf4c05"}
    for i in range(3):
        info(w.node(f"master-{i}.ocp4.example.internal", cpu="16", memory="65840048Ki",
                    labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                    taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    n = w.gpu_node(_R9_NODE, gpus=1, product="NVIDIA-RTX-6000-Ada-Generation", memory_mib=49140, cpu="32",
                   memory="263855396Ki", operator=False,
                   labels={"node-role.kubernetes.io/worker": "",
                           "feature.node.kubernetes.io/kernel-version.full": "5.14.0-427.96.1.el9_4.x86_64",
                           "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "416.94.202511250651-0"})
    info(n, **kv)
    no_gpu_resource(n)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory", "nvidia.com/cuda.driver.major",
              "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    val = "nvcr.io/nvidia/gpu-operator:v25.10.1"
    dm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1"
    drv = _stack_pod(w, _OCP_GO, _R9_DS, _R9_POD, _R9_NODE, ("nvidia-driver-ctr",), ("k8s-driver-manager",),
                     {"nvidia-driver-ctr": _R9_IMG, "k8s-driver-manager": dm})
    crashloop(drv, "nvidia-driver-ctr", restarts=11)
    w.log(_OCP_GO, _R9_POD, "nvidia-driver-ctr", _R9_LOG, previous=True)
    w.log(_OCP_GO, _R9_POD, "nvidia-driver-ctr", _R9_LOG.split("+ modprobe nvidia-modeset")[0])
    w.event(_OCP_GO, "Pod", _R9_POD, "BackOff", "Back-off restarting failed container nvidia-driver-ctr in pod "
            f"{_R9_POD}_nvidia-gpu-operator(6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d)", component="kubelet",
            host=_R9_NODE, count=33, field_path="spec.containers{nvidia-driver-ctr}")
    daemonset(w, _OCP_GO, _R9_DS, desired=1, ready=0, containers=[("nvidia-driver-ctr", _R9_IMG)],
              init_containers=[("k8s-driver-manager", dm)],
              node_selector={"nvidia.com/gpu.deploy.driver": "true",
                             "feature.node.kubernetes.io/kernel-version.full": "5.14.0-427.96.1.el9_4.x86_64"},
              tolerations=GPU_TOLERATION, labels={"app": _R9_DS})
    for ds, pod, cont, inits in (
            ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-h4k8s",
             "nvidia-container-toolkit-ctr", ("driver-validation",)),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-t2q6w", "nvidia-device-plugin",
             ("toolkit-validation",)),
            ("gpu-feature-discovery", "gpu-feature-discovery-m5r9x", "gpu-feature-discovery", ("toolkit-validation",)),
            ("nvidia-operator-validator", "nvidia-operator-validator-c7d3p", "nvidia-operator-validator",
             ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"))):
        sp = _stack_pod(w, _OCP_GO, ds, pod, _R9_NODE, (cont,), inits, {c: val for c in (cont, *inits)},
                        runtime_class="nvidia")
        st = {inits[0]: _running_init()}
        st.update({i: _waiting_init() for i in inits[1:]})
        _in_init(sp, st)
        if inits[0] == "driver-validation":
            w.log(_OCP_GO, pod, "driver-validation",
                  "running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
                  "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
                  "command failed, retrying after 5 seconds\n")
        else:
            w.log(_OCP_GO, pod, "toolkit-validation", "waiting for nvidia container stack to be setup\n" * 4)
    _operator(w, _OCP_GO, "master-0.ocp4.example.internal", "nvcr.io/nvidia/gpu-operator:v25.10.1")
    _clusterpolicy(w, {"_ns": _OCP_GO, "operator": {"defaultRuntime": "crio"},
                       "driver": {"enabled": True, "usePrecompiled": True, "version": "580",
                                  "repository": "quay.example.internal/nvidia", "image": "driver"},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}})
    w.target("Pod", _OCP_GO, _R9_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
