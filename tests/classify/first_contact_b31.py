"""Builds first-contact batch B31 (fixtures/first-contact/batch-b31/cases.jsonl) as scenario bundles.

Round 31's frame: the bug-fix commits (2024 on) of NVIDIA/gpu-operator and NVIDIA/nvidia-container-toolkit
(continuing round 30's frames), NVIDIA/vgpu-device-manager and NVIDIA/k8s-operator-libs. Each case is a fixed,
user-visible failure of the GPU stack on a Kubernetes cluster, built as the cluster a collector would have found
at the release before the fix:

- fb3101: with GDRCopy enabled in an NVIDIADriver, the operator cannot render the driver DaemonSet (two spaces of
  indentation missing in the template; gpu-operator#713, fixed by 08845600d); the reporter's log line verbatim in
  the operator's log, its error in the NVIDIADriver's condition.
- fb3102: the NVIDIADriver controller deletes and re-creates a driver DaemonSet that schedules no pod on tainted
  nodes, endlessly (gpu-operator#1368, fixed by d68374e89); the NVIDIADriver's status message verbatim.
- fb3103: a vGPU configuration that fails to apply leaves the sandbox device plugin and validator paused on the
  node (vgpu-device-manager e7e9b804); prose.
- fb3104: the NVIDIADriver's vGPU licensing volume points at a ConfigMap named after the volume, not the user's
  ConfigMap (gpu-operator 9670682b5); prose.
- fb3105: the operator's default MIG ConfigMap names GB200 profiles that the GB200 does not have (gpu-operator
  a05d0ed35); prose.

Prose cases' texts (the commit's words) are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was
reasoned from the fix (`expected` in the case, preferred first) and committed before any rule change; it is never
taken from the tool's output. Names, versions, node counts and log lines the commits and issues do not state are
assumed; each scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_b31      # (re)writes fixtures/first-contact/batch-b31/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_b import set_image
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b31", "B31", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb3103", "fb3104", "fb3105"}

_GO = "gpu-operator"


# ---- helpers ---------------------------------------------------------------------------------

def _done() -> dict:
    return {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}},
            "ready": True, "restartCount": 0}


def _running_init() -> dict:
    return {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}


def _waiting_init() -> dict:
    return {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}


def _in_init(p: dict, statuses: dict[str, dict]) -> dict:
    """Leave a scheduled pod in Init: its init containers as in `statuses`, main containers waiting."""
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


def _operator(w, node: str, image: str, pod: str, rs: str, log: str | None = None) -> str:
    deploy_pod(w, _GO, rs, pod, node, containers=("gpu-operator",), image=image,
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    if log:
        w.log(_GO, pod, "gpu-operator", log)
    return pod


def _nfd(w, workers: list[str], master: str, version: str, sfx: list[str]) -> None:
    image = f"registry.k8s.io/nfd/node-feature-discovery:{version}"
    deploy_pod(w, _GO, "gpu-operator-node-feature-discovery-master-7b9c5d8f4",
               "gpu-operator-node-feature-discovery-master-7b9c5d8f4-m2q8z", master, containers=("master",),
               image=image, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"})
    daemonset(w, _GO, "gpu-operator-node-feature-discovery-worker", desired=len(workers),
              containers=[("worker", image)], labels={"app.kubernetes.io/name": "node-feature-discovery",
                                                        "role": "worker"})
    for n, s in zip(workers, sfx):
        ds_pod(w, _GO, "gpu-operator-node-feature-discovery-worker", f"gpu-operator-node-feature-discovery-worker-{s}",
               n, containers=("worker",), image=image,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})


def _clusterpolicy(w, spec: dict, state: str = "ready", conditions: list[dict] | None = None) -> None:
    status = {"state": state, "namespace": _GO}
    if conditions:
        status["conditions"] = conditions
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/managed-by": "Helm"}},
        "spec": spec, "status": status}]


def _nvidiadriver(w, name: str, spec: dict, state: str, conditions: list[dict]) -> None:
    w.custom["nvidiadrivers.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
        "metadata": {"name": name, "creationTimestamp": T0, "generation": 2,
                     "uid": "5d2f8a3e-9c41-4b7e-a1d6-2f0c8e7b9a14"},
        "spec": spec, "status": {"state": state, "namespace": _GO, "conditions": conditions}}]


def _not_ready(reason: str, message: str) -> list[dict]:
    """The NVIDIADriver conditions the controller's SetConditionsError writes."""
    return [{"type": "Ready", "status": "False", "reason": "Error", "message": "", "lastTransitionTime": T1},
            {"type": "Error", "status": "True", "reason": reason, "message": message, "lastTransitionTime": T1}]


def _stack_pod(w, ds: str, name: str, node: str, containers: tuple, inits: tuple, images: dict,
               runtime_class: str | None = None, labels: dict | None = None) -> dict:
    p = ds_pod(w, _GO, ds, name, node, containers=containers, init_containers=inits,
               labels=labels or {"app": ds, "app.kubernetes.io/part-of": "gpu-operator"}, tolerations=GPU_TOLERATION,
               runtime_class=runtime_class)
    for c, image in images.items():
        set_image(p, c, image)
    return p


def _stack_ds(w, ds: str, node_label: str, containers: list, inits: list, desired: int, ready: int,
              tolerations=GPU_TOLERATION, node_selector: dict | None = None) -> dict:
    return daemonset(w, _GO, ds, desired=desired, ready=ready, containers=containers, init_containers=inits,
                     node_selector=node_selector or {f"nvidia.com/gpu.deploy.{node_label}": "true"},
                     tolerations=tolerations, labels={"app": ds})


def _operands(w, nodes: list[str], sfx: dict[str, list[str]], images: dict[str, str], *, waiting: bool,
              tolerations=GPU_TOLERATION) -> None:
    """The toolkit, device plugin, GFD and operator validator on each node: Running (waiting=False) or stuck in
    their first init container (driver-validation) waiting for the driver (waiting=True)."""
    v = images["validator"]
    roles = [
        ("nvidia-container-toolkit-daemonset", "container-toolkit", ("nvidia-container-toolkit-ctr",),
         ("driver-validation",), images["toolkit"], None),
        ("nvidia-device-plugin-daemonset", "device-plugin", ("nvidia-device-plugin",), ("toolkit-validation",),
         images["plugin"], "nvidia"),
        ("gpu-feature-discovery", "gpu-feature-discovery", ("gpu-feature-discovery",), ("toolkit-validation",),
         images["plugin"], "nvidia"),
        ("nvidia-operator-validator", "operator-validator", ("nvidia-operator-validator",),
         ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"), v, "nvidia"),
    ]
    for ds, label, containers, inits, image, rc in roles:
        for node, s in zip(nodes, sfx[ds]):
            name = f"{ds}-{s}"
            p = _stack_pod(w, ds, name, node, containers, inits, {containers[0]: image, **{i: v for i in inits}},
                           runtime_class=rc)
            if waiting:
                first = "driver-validation" if "driver-validation" in inits else inits[0]
                _in_init(p, {i: (_running_init() if i == first else _waiting_init()) for i in inits})
                if first == "driver-validation":
                    w.log(_GO, name, first, "waiting for the driver validation to be completed...\n" * 8)
                else:
                    w.log(_GO, name, first, "waiting for nvidia container stack to be setup\n" * 8)
        _stack_ds(w, ds, label, [(containers[0], image)], [(i, v) for i in inits], desired=len(nodes),
                  ready=0 if waiting else len(nodes), tolerations=tolerations)


# ---- fb3101: NVIDIADriver with GDRCopy: the driver DaemonSet template does not render ------------------------

_A1_NODES = ["gpu-worker-01", "gpu-worker-02"]
_A1_CP = "k8s-cp-01"
_A1_OP = "gpu-operator-5f8d6c7b9d-hx4kq"
_A1_DS = "nvidia-gpu-driver-ubuntu22.04-6b8f4d7c5"
_A1_LINE = ('{"level":"error","ts":"2024-05-03T06:29:33.398Z","msg":"Error while syncing state","controller":'
            '"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":"default","reconcileID":'
            '"a902d530-65d4-480e-8157-0e0c21d0a332","error":"%s"}')


def _a1_log(t: str) -> str:
    return (
        '{"level":"info","ts":"2024-05-03T06:29:33.120Z","msg":"Reconciling NVIDIADriver","controller":'
        '"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":"default","reconcileID":'
        '"a902d530-65d4-480e-8157-0e0c21d0a332"}\n'
        + (_A1_LINE % t) + "\n"
        '{"level":"info","ts":"2024-05-03T06:29:33.402Z","msg":"NVIDIADriver instance is not ready","controller":'
        '"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":"default","reconcileID":'
        '"a902d530-65d4-480e-8157-0e0c21d0a332"}\n')


@case("fb3101", pod_subj(_A1_OP, _GO),
      "A Kubernetes v1.29.4 cluster (version, names and GPU models assumed) with CRI-O 1.29.3 on Ubuntu 22.04 nodes "
      "(kernel 6.2.0-39-generic; OS, kernel and runtime kind from the issue): control-plane node k8s-cp-01 and two "
      "GPU workers (2 x NVIDIA A100 PCIe 80GB each). GPU Operator v24.3.0 (the issue's version, the release before "
      "the fix) with the NVIDIADriver CRD; the NVIDIADriver 'default' (driver 550.54.15, a certConfig ConfigMap "
      "'driver-ca-certs' for a TLS-intercepting proxy: assumed) was edited to set gdrcopy.enabled=true. The operator "
      "fails to render the driver DaemonSet on every reconcile: its log carries the reporter's JSON line verbatim "
      "(the lines around it modelled on the controller's code; assumed) and the NVIDIADriver is notReady with a "
      "ReconcileFailed condition whose message is 'Error syncing state state-driver: ' + the error (the "
      "controller's format). The existing driver DaemonSet keeps its pre-change spec (no GDRCopy container) and its "
      "pods are Running and ready; the toolkit, device plugin, GFD and validator run; each GPU node advertises "
      "nvidia.com/gpu 2.")
def _(w, t):
    w.git_version = "v1.29.4"
    kv = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.2.0-39-generic",
          "containerRuntimeVersion": "cri-o://1.29.3", "kubeletVersion": "v1.29.4"}
    info(w.node(_A1_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    for n in _A1_NODES:
        info(w.node(n, gpus=2, cpu="64", memory="528102820Ki", labels={
            "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A100-80GB-PCIe",
            "nvidia.com/gpu.count": "2", "nvidia.com/gpu.memory": "81920", "nvidia.com/cuda.driver.major": "550",
            "nvidia.com/cuda.driver.minor": "54", "nvidia.com/cuda.driver.rev": "15",
            "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
            "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
            "nvidia.com/gpu.deploy.operator-validator": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
            "feature.node.kubernetes.io/kernel-version.full": "6.2.0-39-generic",
            "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
            "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"}), **kv)
    _operator(w, _A1_CP, "nvcr.io/nvidia/gpu-operator:v24.3.0", _A1_OP, "gpu-operator-5f8d6c7b9d", log=_a1_log(t))
    _nfd(w, [_A1_CP, *_A1_NODES], _A1_CP, "v0.15.4", ["kz4tp", "h8w2n", "r6d9c"])
    drv = "nvcr.io/nvidia/driver:550.54.15-ubuntu22.04"
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.8"
    for n, s in zip(_A1_NODES, ["q7m2x", "t3v9k"]):
        p = _stack_pod(w, _A1_DS, f"{_A1_DS}-{s}", n, ("nvidia-driver-ctr",), ("k8s-driver-manager",),
                       {"nvidia-driver-ctr": drv, "k8s-driver-manager": kdm},
                       labels={"app": _A1_DS, "app.kubernetes.io/component": "nvidia-driver",
                               "nvidia.com/precompiled": "false"})
        w.log(_GO, p["metadata"]["name"], "nvidia-driver-ctr",
              "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-550.54.15\n"
              "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n"
              "+ modprobe nvidia-modeset\nDone, now waiting for signal\n")
    daemonset(w, _GO, _A1_DS, desired=2, containers=[("nvidia-driver-ctr", drv)],
              init_containers=[("k8s-driver-manager", kdm)], node_selector={"nvidia.com/gpu.deploy.driver": "true"},
              tolerations=GPU_TOLERATION, labels={"app": _A1_DS, "app.kubernetes.io/component": "nvidia-driver"})
    v = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0"
    _operands(w, _A1_NODES, {"nvidia-container-toolkit-daemonset": ["c4k8p", "w2n6d"],
                             "nvidia-device-plugin-daemonset": ["b9t5m", "j6r3s"],
                             "gpu-feature-discovery": ["x5p2q", "m8d4z"],
                             "nvidia-operator-validator": ["f7h2c", "v4l9n"]},
              {"validator": v, "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04",
               "plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8"}, waiting=False)
    _clusterpolicy(w, {"operator": {"defaultRuntime": "crio"}, "driver": {"enabled": True, "useNvidiaDriverCRD": True},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                       "gdrcopy": {"enabled": False}})
    _nvidiadriver(w, "default", {"driverType": "gpu", "repository": "nvcr.io/nvidia", "image": "driver",
                                 "version": "550.54.15", "usePrecompiled": False,
                                 "certConfig": {"name": "driver-ca-certs"},
                                 "gdrcopy": {"enabled": True, "repository": "nvcr.io/nvidia/cloud-native",
                                             "image": "gdrdrv", "version": "v2.4.1"},
                                 "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"}},
                  "notReady", _not_ready("ReconcileFailed", f"Error syncing state state-driver: {t}"))
    w.target("Pod", _GO, _A1_OP)


# ---- fb3102: NVIDIADriver DaemonSet on tainted nodes: deleted as stale and re-created, endlessly ----------------

_B2_NODES = ["gpu-a100-01", "gpu-a100-02"]
_B2_CP = "cp-01"
_B2_OP = "gpu-operator-7d9f6b8c4-p5w2r"
_B2_DS = "nvidia-gpu-driver-ubuntu22.04-5c7d9b6f8"
_B2_TAINT = {"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}
_B2_TOL = [{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]


def _b2_log() -> str:
    out = []
    for i, s in enumerate(["04.118", "09.131", "14.142", "19.155"]):
        rid = ["3f9a1c2e", "8b2d4e6f", "c1e3a5b7", "e7f9b1d3"][i]
        out.append('{"level":"info","ts":"2025-04-02T09:41:%sZ","msg":"Deleting inactive driver DaemonSet",'
                   '"controller":"nvidia-driver-controller","object":{"name":"gpu-a100"},"namespace":"","name":'
                   '"gpu-a100","reconcileID":"%s-5a6b-4c7d-8e9f-0a1b2c3d4e5f","Name":"%s"}' % (s, rid, _B2_DS))
        out.append('{"level":"info","ts":"2025-04-02T09:41:%sZ","msg":"NVIDIADriver instance is not ready",'
                   '"controller":"nvidia-driver-controller","object":{"name":"gpu-a100"},"namespace":"","name":'
                   '"gpu-a100","reconcileID":"%s-5a6b-4c7d-8e9f-0a1b2c3d4e5f"}' % (s, rid))
    return "\n".join(out) + "\n"


@case("fb3102", pod_subj(_B2_OP, _GO),
      "A kubeadm Kubernetes v1.31.6 cluster (assumed): control-plane node cp-01 and two GPU workers (2 x NVIDIA "
      "A100-SXM4-80GB each; Ubuntu 22.04; names and models assumed), both tainted dedicated=gpu:NoSchedule "
      "(assumed; the fix's PR reproduces the loop with a taint on every node). GPU Operator v25.3.0 (the release "
      "before the fix) with the NVIDIADriver CRD enabled, no default NVIDIADriver, and a user-created NVIDIADriver "
      "'gpu-a100' without tolerations; the ClusterPolicy's daemonsets.tolerations include the taint, so the "
      "toolkit, device plugin, GFD and validator pods run on the GPU nodes and wait in driver-validation. The driver "
      "DaemonSet is captured just re-created (desired 0, no pod); the operator's log repeats 'Deleting inactive "
      "driver DaemonSet' every ~5 s (lines composed from the v25.3.0 code; assumed layout); the NVIDIADriver is "
      "notReady with the DriverNotReady condition carrying the message verbatim; the GPU nodes advertise no "
      "nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.31.6"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic",
          "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.6"}
    info(w.node(_B2_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    for n in _B2_NODES:
        info(w.node(n, cpu="128", memory="2113412260Ki", taints=[_B2_TAINT], labels={
            "nvidia.com/gpu.present": "true", "nvidia.com/gpu.deploy.driver": "true",
            "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
            "nvidia.com/gpu.deploy.gpu-feature-discovery": "true", "nvidia.com/gpu.deploy.operator-validator": "true",
            "feature.node.kubernetes.io/pci-10de.present": "true",
            "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
            "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"}), **kv)
    _operator(w, _B2_CP, "nvcr.io/nvidia/gpu-operator:v25.3.0", _B2_OP, "gpu-operator-7d9f6b8c4", log=_b2_log())
    _nfd(w, [_B2_CP, *_B2_NODES], _B2_CP, "v0.17.2", ["kz4tp", "h8w2n", "r6d9c"])
    drv = "nvcr.io/nvidia/driver:570.124.06-ubuntu22.04"
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.0"
    ds = daemonset(w, _GO, _B2_DS, desired=0, containers=[("nvidia-driver-ctr", drv)],
                   init_containers=[("k8s-driver-manager", kdm)],
                   node_selector={"nvidia.com/gpu.deploy.driver": "true"},
                   labels={"app": _B2_DS, "app.kubernetes.io/component": "nvidia-driver"})
    ds["metadata"]["ownerReferences"] = [{"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
                                          "name": "gpu-a100", "uid": "5d2f8a3e-9c41-4b7e-a1d6-2f0c8e7b9a14",
                                          "controller": True, "blockOwnerDeletion": True}]
    ds["metadata"]["creationTimestamp"] = T1
    v = "nvcr.io/nvidia/gpu-operator:v25.3.0"
    _operands(w, _B2_NODES, {"nvidia-container-toolkit-daemonset": ["c4k8p", "w2n6d"],
                             "nvidia-device-plugin-daemonset": ["b9t5m", "j6r3s"],
                             "gpu-feature-discovery": ["x5p2q", "m8d4z"],
                             "nvidia-operator-validator": ["f7h2c", "v4l9n"]},
              {"validator": v, "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.5-ubuntu20.04",
               "plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"}, waiting=True,
              tolerations=GPU_TOLERATION + _B2_TOL)
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "useNvidiaDriverCRD": True,
                                  "nvidiaDriverCRD": {"enabled": True, "deployDefaultCR": False}},
                       "daemonsets": {"tolerations": GPU_TOLERATION + _B2_TOL},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}},
                   state="notReady")
    _nvidiadriver(w, "gpu-a100", {"driverType": "gpu", "repository": "nvcr.io/nvidia", "image": "driver",
                                  "version": "570.124.06", "usePrecompiled": False,
                                  "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"}},
                  "notReady", _not_ready("DriverNotReady", t))
    w.target("Pod", _GO, _B2_OP)


# ---- fb3103: a vGPU config that fails to apply leaves the sandbox operands paused -------------------------------

_C3_NODE = "kv-gpu-worker-2"
_C3_CP = "kv-cp-1"
_C3_DM = "nvidia-vgpu-device-manager-h5k8t"
_C3_VALIDATOR = "nvcr.io/nvidia/gpu-operator:v26.3.0"
_C3_DM_IMG = "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.2"
_C3_LOG = """time="2026-04-20T08:12:03Z" level=info msg="version: 0.4.2"
time="2026-04-20T08:12:03Z" level=info msg="Updating to vGPU config: A100-40C"
time="2026-04-20T08:12:03Z" level=info msg="Asserting that the requested configuration is present in the configuration file"
time="2026-04-20T08:12:03Z" level=info msg="Checking if the selected vGPU device configuration is currently applied or not"
time="2026-04-20T08:12:04Z" level=info msg="Getting current value of 'nvidia.com/gpu.deploy.sandbox-device-plugin' node label"
time="2026-04-20T08:12:04Z" level=info msg="Current value of 'nvidia.com/gpu.deploy.sandbox-device-plugin=true'"
time="2026-04-20T08:12:04Z" level=info msg="Getting current value of 'nvidia.com/gpu.deploy.sandbox-validator' node label"
time="2026-04-20T08:12:04Z" level=info msg="Current value of 'nvidia.com/gpu.deploy.sandbox-validator=true'"
time="2026-04-20T08:12:04Z" level=info msg="Setting node label: nvidia.com/vgpu.config.state=pending"
time="2026-04-20T08:12:04Z" level=info msg="Shutting down all GPU operands in Kubernetes by disabling their component-specific nodeSelector labels"
time="2026-04-20T08:12:05Z" level=info msg="Waiting for sandbox-device-plugin to shutdown"
time="2026-04-20T08:12:11Z" level=info msg="Waiting for sandbox-validator to shutdown"
time="2026-04-20T08:12:12Z" level=info msg="Applying the selected vGPU device configuration to the node"
time="2026-04-20T08:12:12Z" level=fatal msg="error applying vGPU config: vGPU type A100-40C is not supported on GPU (index=0, address=0000:3b:00.0)"
time="2026-04-20T08:12:12Z" level=error msg="Failed to apply vGPU config: unable to apply config 'A100-40C': exit status 1"
time="2026-04-20T08:12:12Z" level=info msg="Setting node label: nvidia.com/vgpu.config.state=failed"
time="2026-04-20T08:12:12Z" level=info msg="Waiting for change to 'nvidia.com/vgpu.config' label"
"""


@case("fb3103", pod_subj(_C3_DM, _GO),
      "A KubeVirt cluster on Kubernetes v1.33.4 (distribution, names and versions assumed): control-plane node "
      f"{_C3_CP} and the vGPU worker {_C3_NODE} (Ubuntu 22.04, 2 x NVIDIA A10 assumed) in GPU Operator v26.3.0's "
      "sandbox mode (nvidia.com/gpu.workload.config=vm-vgpu) with vGPU Device Manager v0.4.2 (the release before the "
      "fix) and the vGPU Manager deployed as a container (Running). The node was labelled "
      "nvidia.com/vgpu.config=A100-40C (a config of another node pool; assumed). The vGPU Device Manager paused the "
      "sandbox device plugin and sandbox validator (their node labels now paused-for-vgpu-change), failed to apply "
      "the config and, as v0.4.2 does, left them paused: nvidia.com/vgpu.config.state=failed, both DaemonSets place "
      "no pod on the node, and the node advertises no vGPU resource. Its log is composed from the v0.4.2 code's "
      "messages (the apply error's wording from pkg/vgpu/config.go's format; assumed). A VM's virt-launcher pod "
      "asking for nvidia.com/NVIDIA_A10-12Q is Pending (scheduler wording assumed). The commit's words are not in "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    kv = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4"}
    info(w.node(_C3_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    info(w.node(_C3_NODE, cpu="64", memory="528102820Ki", labels={
        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
        "nvidia.com/gpu.deploy.vgpu-manager": "true", "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
        "nvidia.com/gpu.deploy.sandbox-validator": "paused-for-vgpu-change",
        "nvidia.com/gpu.deploy.sandbox-device-plugin": "paused-for-vgpu-change",
        "nvidia.com/vgpu.config": "A100-40C", "nvidia.com/vgpu.config.state": "failed",
        "nvidia.com/vgpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true"}), **kv)
    _operator(w, _C3_CP, "nvcr.io/nvidia/gpu-operator:v26.3.0", "gpu-operator-6c8f9d7b5c-x7k2p",
              "gpu-operator-6c8f9d7b5c")
    _nfd(w, [_C3_CP, _C3_NODE], _C3_CP, "v0.18.2", ["kz4tp", "h8w2n"])
    mgr_img = "registry.example.internal/nvidia/vgpu-manager:580.126.08-ubuntu22.04"
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.0"
    m = _stack_pod(w, "nvidia-vgpu-manager-daemonset", "nvidia-vgpu-manager-daemonset-6r2vx", _C3_NODE,
                   ("nvidia-vgpu-manager-ctr",), ("k8s-driver-manager",),
                   {"nvidia-vgpu-manager-ctr": mgr_img, "k8s-driver-manager": kdm})
    m["status"]["initContainerStatuses"][0].update(_done())
    _stack_ds(w, "nvidia-vgpu-manager-daemonset", "vgpu-manager", [("nvidia-vgpu-manager-ctr", mgr_img)],
              [("k8s-driver-manager", kdm)], desired=1, ready=1)
    _stack_pod(w, "nvidia-vgpu-device-manager", _C3_DM, _C3_NODE, ("nvidia-vgpu-device-manager",),
               ("vgpu-manager-validation",),
               {"nvidia-vgpu-device-manager": _C3_DM_IMG, "vgpu-manager-validation": _C3_VALIDATOR})
    w.log(_GO, _C3_DM, "nvidia-vgpu-device-manager", _C3_LOG)
    _stack_ds(w, "nvidia-vgpu-device-manager", "vgpu-device-manager", [("nvidia-vgpu-device-manager", _C3_DM_IMG)],
              [("vgpu-manager-validation", _C3_VALIDATOR)], desired=1, ready=1)
    plugin_img = "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.5.0"
    _stack_ds(w, "nvidia-sandbox-validator", "sandbox-validator", [("nvidia-sandbox-validator", _C3_VALIDATOR)],
              [("vgpu-manager-validation", _C3_VALIDATOR), ("vgpu-devices-validation", _C3_VALIDATOR)],
              desired=0, ready=0)
    _stack_ds(w, "nvidia-sandbox-device-plugin-daemonset", "sandbox-device-plugin",
              [("nvidia-sandbox-device-plugin-ctr", plugin_img)],
              [("vfio-pci-validation", _C3_VALIDATOR), ("vgpu-devices-validation", _C3_VALIDATOR)],
              desired=0, ready=0)
    _clusterpolicy(w, {"sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                       "driver": {"enabled": True},
                       "vgpuManager": {"enabled": True, "repository": "registry.example.internal/nvidia",
                                       "image": "vgpu-manager", "version": "580.126.08"},
                       "vgpuDeviceManager": {"enabled": True, "version": "v0.4.2",
                                             "config": {"name": "vgpu-devices-config", "default": "default"}},
                       "sandboxDevicePlugin": {"enabled": True}, "toolkit": {"enabled": True},
                       "daemonsets": {"tolerations": GPU_TOLERATION}})
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/NVIDIA_A10-12Q, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims "
           "found for incoming pod, 1 Preemption is not helpful for scheduling.")
    name = "virt-launcher-cad-ws-03-9q2zd"
    w.pod("vdi", name, gpu=1, resource="nvidia.com/NVIDIA_A10-12Q", phase="Pending", scheduled_message=msg,
          containers=("compute",), image="quay.io/kubevirt/virt-launcher:v1.5.2", cpu="4", memory="16Gi",
          labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": "cad-ws-03"})
    w.event("vdi", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", _GO, _C3_DM)


# ---- fb3104: NVIDIADriver vGPU licensing volume names a ConfigMap after the volume -----------------------------

_D4_NODES = ["vgpu-node-01", "vgpu-node-02"]
_D4_CP = "cp-01"
_D4_DS = "nvidia-gpu-driver-ubuntu22.04-7f5c9d8b6"
_D4_DRV_IMG = "registry.example.internal/nvidia/vgpu-guest-driver:535.129.03-grid-ubuntu22.04"
_D4_MOUNT = 'MountVolume.SetUp failed for volume "licensing-config" : configmap "licensing-config" not found'


@case("fb3104", pod_subj(f"{_D4_DS}-q7m2x", _GO),
      "A Kubernetes v1.28.5 cluster of Ubuntu 22.04 VMs on vSphere (assumed): control-plane node cp-01 and two GPU "
      "VMs, each with one NVIDIA A100-40C vGPU (assumed). GPU Operator v23.9.1 (the release before the fix) with "
      "the NVIDIADriver CRD (technology preview) and an NVIDIADriver 'default' running a private vGPU guest driver "
      "image (535.129.03-grid; assumed) with licensingConfig.configMapName=licensing-config-nls (the ConfigMap "
      "exists with gridd.conf and client_configuration_token.tok; name assumed). The rendered driver DaemonSet's "
      "licensing-config volume references ConfigMap 'licensing-config', which does not exist: both driver pods stay "
      "in Init with the kubelet's FailedMount event (the kubelet's standard wording; composed); the NVIDIADriver is "
      "notReady ('Waiting for driver pod to be ready', the controller's message); the toolkit, device plugin, GFD "
      "and validator wait in driver-validation; the nodes advertise no nvidia.com/gpu. The commit's words are not "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.28.5"
    kv = {"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-91-generic",
          "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.28.5"}
    info(w.node(_D4_CP, cpu="8", memory="16371196Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    for n in _D4_NODES:
        info(w.node(n, cpu="16", memory="131896612Ki", labels={
            "nvidia.com/gpu.present": "true", "nvidia.com/gpu.deploy.driver": "true",
            "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
            "nvidia.com/gpu.deploy.gpu-feature-discovery": "true", "nvidia.com/gpu.deploy.operator-validator": "true",
            "feature.node.kubernetes.io/pci-10de.present": "true",
            "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
            "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"}), **kv)
    _operator(w, _D4_CP, "nvcr.io/nvidia/gpu-operator:v23.9.1", "gpu-operator-6b7c8d9f5-k2v7q", "gpu-operator-6b7c8d9f5",
              log='{"level":"info","ts":"2024-02-20T11:02:15Z","msg":"NVIDIADriver instance is not ready",'
                  '"controller":"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":'
                  '"default","reconcileID":"0c6e2a4b-8d1f-4e3a-9b5c-7d2e4f6a8b1c"}\n')
    _nfd(w, [_D4_CP, *_D4_NODES], _D4_CP, "v0.14.2", ["kz4tp", "h8w2n", "r6d9c"])
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.5"
    vols = [{"name": "licensing-config", "configMap": {"name": "licensing-config", "items": [
        {"key": "gridd.conf", "path": "gridd.conf"},
        {"key": "client_configuration_token.tok", "path": "client_configuration_token.tok"}]}}]
    mounts = [{"name": "licensing-config", "mountPath": "/drivers/gridd.conf", "subPath": "gridd.conf",
               "readOnly": True},
              {"name": "licensing-config", "mountPath": "/drivers/ClientConfigToken/client_configuration_token.tok",
               "subPath": "client_configuration_token.tok", "readOnly": True}]
    for n, s in zip(_D4_NODES, ["q7m2x", "t3v9k"]):
        name = f"{_D4_DS}-{s}"
        p = ds_pod(w, _GO, _D4_DS, name, n, containers=("nvidia-driver-ctr",), init_containers=("k8s-driver-manager",),
                   labels={"app": _D4_DS, "app.kubernetes.io/component": "nvidia-driver"},
                   tolerations=GPU_TOLERATION, volumes=vols, mounts=mounts)
        set_image(p, "nvidia-driver-ctr", _D4_DRV_IMG)
        set_image(p, "k8s-driver-manager", kdm)
        _in_init(p, {"k8s-driver-manager": _waiting_init()})
        p["status"].pop("podIP", None)
        w.event(_GO, "Pod", name, "FailedMount", _D4_MOUNT, component="kubelet", host=n, count=38)
    ds = daemonset(w, _GO, _D4_DS, desired=2, ready=0, containers=[("nvidia-driver-ctr", _D4_DRV_IMG)],
                   init_containers=[("k8s-driver-manager", kdm)],
                   node_selector={"nvidia.com/gpu.deploy.driver": "true"}, tolerations=GPU_TOLERATION,
                   labels={"app": _D4_DS, "app.kubernetes.io/component": "nvidia-driver"})
    ds["spec"]["template"]["spec"]["volumes"] = vols
    ds["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = mounts
    v = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.0"
    _operands(w, _D4_NODES, {"nvidia-container-toolkit-daemonset": ["c4k8p", "w2n6d"],
                             "nvidia-device-plugin-daemonset": ["b9t5m", "j6r3s"],
                             "gpu-feature-discovery": ["x5p2q", "m8d4z"],
                             "nvidia-operator-validator": ["f7h2c", "v4l9n"]},
              {"validator": v, "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.14.3-ubuntu20.04",
               "plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.14.3-ubi8"}, waiting=True)
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "useNvidiaDriverCRD": True},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}},
                   state="notReady")
    _nvidiadriver(w, "default", {"driverType": "gpu", "repository": "registry.example.internal/nvidia",
                                 "image": "vgpu-guest-driver", "version": "535.129.03-grid",
                                 "licensingConfig": {"configMapName": "licensing-config-nls", "nlsEnabled": True},
                                 "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"}},
                  "notReady", _not_ready("DriverNotReady", "Waiting for driver pod to be ready"))
    w.target("Pod", _GO, f"{_D4_DS}-q7m2x")


# ---- fb3105: GB200 MIG profiles of the default MIG ConfigMap do not exist on the GB200 -------------------------

_E5_NODE = "gb200-tray-017"
_E5_CP = "cp-01"
_E5_MM = "nvidia-mig-manager-z8c4v"
_E5_MM_IMG = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.2-ubuntu20.04"
_E5_LOG = """Getting current value of the 'nvidia.com/gpu.deploy.device-plugin' node label
Current value of 'nvidia.com/gpu.deploy.device-plugin=true'
Getting current value of the 'nvidia.com/gpu.deploy.gpu-feature-discovery' node label
Current value of 'nvidia.com/gpu.deploy.gpu-feature-discovery=true'
Getting current value of the 'nvidia.com/gpu.deploy.dcgm-exporter' node label
Current value of 'nvidia.com/gpu.deploy.dcgm-exporter=true'
Asserting that the requested configuration is present in the configuration file
Selected MIG configuration is valid
Getting current value of the 'nvidia.com/mig.config.state' node label
Current value of 'nvidia.com/mig.config.state=pending'
Checking if the selected MIG config is currently applied or not
Changing the 'nvidia.com/mig.config.state' node label to 'pending'
Shutting down all GPU clients in Kubernetes by disabling their component-specific nodeSelector labels
Applying the selected MIG config to the node
Error applying MIG configuration: the MIG profile '1g.24gb' is not supported by the GPU (NVIDIA GB200, device 0x294110DE)
Changing the 'nvidia.com/mig.config.state' node label to 'failed'
Restarting all GPU clients previously shutdown in Kubernetes by reenabling their component-specific nodeSelector labels
Waiting for change to 'nvidia.com/mig.config' label
"""


@case("fb3105", pod_subj(_E5_MM, _GO),
      "A Kubernetes v1.32.5 cluster (assumed) with control-plane node cp-01 and one GB200 NVL72 compute tray node "
      f"{_E5_NODE} (arm64, Ubuntu 24.04, 4 x NVIDIA GB200 of 189471 MiB; assumed). GPU Operator v25.3.2 (the last "
      "release with the old GB200 entries) with MIG manager v0.12.2, mig.strategy=mixed and the default MIG "
      "ConfigMap; the node is labelled nvidia.com/mig.config=all-balanced. The MIG manager could not apply it: "
      "nvidia.com/mig.config.state=failed, no MIG devices exist, the device plugin (running again after the "
      "failure) advertises the 4 full GPUs, and a job asking for nvidia.com/mig-1g.24gb is Pending. The MIG "
      "manager's log lines (its reconfigure steps and the apply error) are composed and their wording assumed. The "
      "commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    kv = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-1025-nvidia-64k",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5", "architecture": "arm64"}
    info(w.node(_E5_CP, cpu="16", memory="65842768Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]),
         **{k: v for k, v in kv.items() if k != "architecture"})
    gn = w.node(_E5_NODE, gpus=4, cpu="144", memory="1919427452Ki", labels={
        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-GB200", "nvidia.com/gpu.count": "4",
        "nvidia.com/gpu.memory": "189471", "nvidia.com/gpu.family": "blackwell",
        "nvidia.com/gpu.compute.major": "10", "nvidia.com/gpu.compute.minor": "0",
        "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
        "nvidia.com/mig.config": "all-balanced", "nvidia.com/mig.config.state": "failed",
        "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "148",
        "nvidia.com/cuda.driver.rev": "08",
        "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
        "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
        "nvidia.com/gpu.deploy.operator-validator": "true", "nvidia.com/gpu.deploy.mig-manager": "true",
        "nvidia.com/gpu.deploy.dcgm-exporter": "true", "feature.node.kubernetes.io/pci-10de.present": "true"})
    info(gn, **kv)
    _operator(w, _E5_CP, "nvcr.io/nvidia/gpu-operator:v25.3.2", "gpu-operator-84c9d7f6b-w3n8j",
              "gpu-operator-84c9d7f6b")
    _nfd(w, [_E5_CP, _E5_NODE], _E5_CP, "v0.17.3", ["kz4tp", "h8w2n"])
    drv = "nvcr.io/nvidia/driver:570.148.08-ubuntu24.04"
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.0"
    _stack_pod(w, "nvidia-driver-daemonset", "nvidia-driver-daemonset-l2x7c", _E5_NODE, ("nvidia-driver-ctr",),
               ("k8s-driver-manager",), {"nvidia-driver-ctr": drv, "k8s-driver-manager": kdm})
    _stack_ds(w, "nvidia-driver-daemonset", "driver", [("nvidia-driver-ctr", drv)], [("k8s-driver-manager", kdm)],
              desired=1, ready=1)
    v = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.2"
    _operands(w, [_E5_NODE], {"nvidia-container-toolkit-daemonset": ["c4k8p"],
                              "nvidia-device-plugin-daemonset": ["b9t5m"], "gpu-feature-discovery": ["x5p2q"],
                              "nvidia-operator-validator": ["f7h2c"]},
              {"validator": v, "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04",
               "plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.3"}, waiting=False)
    mm = _stack_pod(w, "nvidia-mig-manager", _E5_MM, _E5_NODE, ("nvidia-mig-manager",), ("toolkit-validation",),
                    {"nvidia-mig-manager": _E5_MM_IMG, "toolkit-validation": v})
    mm["spec"]["containers"][0]["env"] = [{"name": "CONFIG_FILE", "value": "/mig-parted-config/config.yaml"},
                                          {"name": "DEFAULT_GPU_CLIENTS_NAMESPACE", "value": _GO}]
    w.log(_GO, _E5_MM, "nvidia-mig-manager", _E5_LOG)
    _stack_ds(w, "nvidia-mig-manager", "mig-manager", [("nvidia-mig-manager", _E5_MM_IMG)],
              [("toolkit-validation", v)], desired=1, ready=1)
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": True},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                       "mig": {"strategy": "mixed"},
                       "migManager": {"enabled": True, "config": {"name": "default-mig-parted-config",
                                                                  "default": "all-disabled"}}})
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/mig-1g.24gb, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption victims "
           "found for incoming pod, 1 Preemption is not helpful for scheduling.")
    pname = "inference-small-0"
    w.pod("serving", pname, gpu=1, resource="nvidia.com/mig-1g.24gb", phase="Pending", scheduled_message=msg,
          containers=("server",), image="nvcr.io/nvidia/tritonserver:25.07-py3", tolerations=GPU_TOLERATION,
          labels={"app": "inference-small"})
    w.event("serving", "Pod", pname, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Pod", _GO, _E5_MM)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
