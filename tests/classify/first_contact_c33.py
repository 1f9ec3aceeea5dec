"""Builds first-contact batch C33 (fixtures/first-contact/batch-c33/cases.jsonl) as scenario bundles.

Round 33's frame: the bug-fix commits (2024 on) of ROCm/k8s-device-plugin, ROCm/gpu-operator and (GPU-filtered)
intel/intel-device-plugins-for-kubernetes. Five cases, all AMD:

- fc3301: the ROCm device plugin marks every GPU Unhealthy when the metrics exporter answers its health query with
  unknown/empty states at start-up (k8s-device-plugin cb9116fc); amd.com/gpu allocatable 0; prose.
- fc3302: the node labeller reports amd.com/gpu.product-name=AMD_Radeon_Graphics for a Radeon AI PRO R9700S
  (k8s-device-plugin PR #194); healthy look-alike; prose.
- fc3303: after an operator-managed driver-upgrade reboot a truncated operand binary makes the metrics exporter's
  container fail with exec format error (gpu-operator PR #606); prose.
- fc3304: the OLM-installed operator's controller-manager (384Mi limit) is OOMKilled under load on OpenShift 4.20
  (gpu-operator PR #604); prose.
- fc3305: a replacement KMM driver build pod fails FailedMount on its Dockerfile ConfigMap after a NodeNotReady
  window (gpu-operator PR #599); prose.

All five texts are the commits' own words and are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected
answer was reasoned from the fix (`expected` in the case); it is never taken from the tool's output. Names,
versions, node sizes and every log/event line the commits do not quote are assumed or composed; each scenario's
README says which.

    .venv/bin/python -m tests.classify.first_contact_c33      # (re)writes fixtures/first-contact/batch-c33/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.first_contact_d14 import AMD_NS, _amd_node, _deviceconfig
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-c33", "C33", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3301", "fc3302", "fc3303", "fc3304", "fc3305"}

_OP_IMG = "docker.io/rocm/gpu-operator:v1.5.0"
_DP_IMG = "docker.io/rocm/k8s-device-plugin:1.31.0.10"
_LBL_IMG = "docker.io/rocm/k8s-device-plugin:labeller-1.31.0.10"
_DME_IMG = "docker.io/rocm/device-metrics-exporter:v1.5.0"
_JAMMY = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-100-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5", "kubeProxyVersion": "v1.32.5"}
_RHCOS = {"osImage": "Red Hat Enterprise Linux CoreOS 9.6.20260601-0 (Plow)",
          "kernelVersion": "5.14.0-570.60.1.el9_6.x86_64", "containerRuntimeVersion": "cri-o://1.33.5-3.rhaos4.20.el9",
          "kubeletVersion": "v1.33.5", "kubeProxyVersion": "v1.33.5"}
_READY_DS = {"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1}

# the ROCm device plugin's start-up lines (composed after the plugin's log format; the commits quote none)
_DP_LOG = ("I0612 08:01:12.104221       1 main.go:305] AMD GPU device plugin for Kubernetes\n"
           "I0612 08:01:12.104290       1 manager.go:42] Starting device plugin manager\n"
           "I0612 08:01:12.104296       1 manager.go:46] Registering for system signal notifications\n"
           "I0612 08:01:12.215840       1 amdgpu.go:283] Partition counts: map[spx_nps1:8]\n"
           + "".join(f"I0612 08:01:12.2160{i}0       1 plugin.go:254] Watching GPU with bus ID: 0000:{b}:00.0 "
                     f"NUMA Node: [{0 if i < 4 else 1}]\n"
                     for i, b in enumerate(("11", "2f", "46", "5d", "8b", "aa", "c2", "da")))
           + "I0612 08:01:12.320412       1 plugin.go:187] Registered device plugin with Kubelet amd.com/gpu\n")


def _workers(w, n: int = 1, info=None) -> list[str]:
    names = [f"cpu-worker-{i:02d}" for i in range(1, n + 1)]
    for name in names:
        node_info(w.node(name, cpu="32", memory="131891680Ki"), **(info or _JAMMY))
    return names


def _operator(w, node: str, *, ns: str = AMD_NS, memory: str = "256Mi", memory_limit: str | None = None) -> dict:
    rs = "amd-gpu-operator-gpu-operator-charts-controller-manager-6b9f7d8c5d"
    p = deploy_pod(w, ns, rs, f"{rs}-x2v7q", node, containers=("manager",), image=_OP_IMG,
                   labels={"app.kubernetes.io/name": "gpu-operator-charts", "control-plane": "controller-manager"},
                   cpu="10m" if memory_limit else "100m", memory=memory, memory_limit=memory_limit)
    w.workload("Deployment", ns, "amd-gpu-operator-gpu-operator-charts-controller-manager", template_pod=p,
               status=dict(_READY_DS))
    return p


def _stack_ds(w, name: str, ctr: str, img: str, nodes: list[str], *, ready: int | None = None) -> list[dict]:
    app = f"default-{name}"
    daemonset(w, AMD_NS, app, desired=len(nodes), ready=len(nodes) if ready is None else ready,
              containers=[(ctr, img)], node_selector={"feature.node.kubernetes.io/amd-gpu": "true"},
              labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    return [ds_pod(w, AMD_NS, app, f"{app}-{sfx}", n, containers=(ctr,), image=img, cpu="100m", memory="256Mi")
            for n, sfx in zip(nodes, ("k7x2p", "m4q9z", "r2w8d"))]


def _dc(w, spec: dict | None = None) -> None:
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig("default", spec or {
        "driver": {"enable": True, "version": "6.4.1"},
        "devicePlugin": {"devicePluginImage": _DP_IMG, "nodeLabellerImage": _LBL_IMG, "enableNodeLabeller": True},
        "metricsExporter": {"enable": True, "image": _DME_IMG},
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"}})]


# ---- node: every GPU Unhealthy from the exporter's unknown health at start-up (k8s-device-plugin cb9116fc) --------

_N1 = "mi300x-node-01"


@case("fc3301", node_subj(_N1),
      "Vanilla Kubernetes v1.32.5 (assumed) with the AMD GPU Operator v1.5.0 (assumed) in kube-amd-gpu: one CPU "
      "worker carrying the operator's controller and one AMD Instinct MI300X node (8 GPUs, Ubuntu 22.04; node name, "
      "sizes and OS assumed). The device plugin (1.31.0.10, the release before the fix), node labeller and device "
      "metrics exporter DaemonSet pods are Running and Ready on the GPU node; the plugin's log is composed from its "
      "start-up lines (discovery of 8 GPUs, registration). The node advertises amd.com/gpu capacity 8, allocatable "
      "0 (every GPU reported Unhealthy). In ml a training pod requesting 1 amd.com/gpu is Pending with the "
      "scheduler's '0/2 nodes are available: 1 Insufficient amd.com/gpu, ...' (composed). The commit's words are not "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = _workers(w)[0]
    _amd_node(w, _N1, gpus=8, info=_JAMMY)
    w.get_node(_N1)["status"]["allocatable"]["amd.com/gpu"] = "0"
    _operator(w, cpu)
    _dc(w)
    dp = _stack_ds(w, "device-plugin", "device-plugin", _DP_IMG, [_N1])[0]
    _stack_ds(w, "node-labeller", "node-labeller", _LBL_IMG, [_N1])
    _stack_ds(w, "metrics-exporter", "metrics-exporter", _DME_IMG, [_N1])
    w.log(AMD_NS, dp["metadata"]["name"], "device-plugin", _DP_LOG)
    msg = ("0/2 nodes are available: 1 Insufficient amd.com/gpu, 1 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
           "pod, 1 Preemption is not helpful for scheduling.")
    p = w.pod("ml", "resnet-train-0", gpu=1, resource="amd.com/gpu", containers=("trainer",),
              image="rocm/pytorch:rocm6.4.1_ubuntu22.04_py3.10_pytorch_release_2.6.0", phase="Pending",
              scheduled_message=msg, owner=("Job", "resnet-train"),
              node_selector={"feature.node.kubernetes.io/amd-gpu": "true"})
    w.event("ml", "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Node", None, _N1)


# ---- healthy look-alike: the labeller's generic product name for an R9700S (k8s-device-plugin PR #194) ------------

_N2 = "ws-r9700s-01"
_DP_NS = "kube-system"


@case("fc3302", node_subj(_N2),
      "Vanilla Kubernetes v1.32.5 (assumed) with the ROCm device plugin and node labeller (1.31.0.10, the release "
      "before the fix) deployed as DaemonSets in kube-system from the project's example manifests (assumed). One "
      "control-plane/CPU node and one workstation GPU worker with one AMD Radeon AI PRO R9700S (PCI 1002:7551 rev "
      "C1; node name, OS and sizes assumed): amd.com/gpu 1 advertised and allocatable; the labeller's labels include "
      "amd.com/gpu.product-name=AMD_Radeon_Graphics next to device-id 7551 and family labels (values composed). "
      "Both DaemonSet pods are Running and Ready; an inference pod requesting 1 amd.com/gpu runs on the node, its "
      "log composed (server up). The commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = _workers(w)[0]
    lab = {"amd.com/gpu.product-name": "AMD_Radeon_Graphics", "amd.com/gpu.device-id": "7551",
           "amd.com/gpu.family": "NV4", "amd.com/gpu.vram": "32G", "amd.com/gpu.cu-count": "64",
           "amd.com/gpu.driver-version": "6.14.14", "feature.node.kubernetes.io/pci-0300_1002.present": "true"}
    _amd_node(w, _N2, gpus=1, labels=lab, info=_JAMMY)
    for app, ctr, img in (("amdgpu-device-plugin-daemonset", "amdgpu-dp-cntr", _DP_IMG),
                          ("amdgpu-labeller-daemonset", "amdgpu-labeller-cntr", _LBL_IMG)):
        daemonset(w, _DP_NS, app, desired=1, containers=[(ctr, img)], labels={"name": app})
        ds_pod(w, _DP_NS, app, f"{app}-q8v2n", _N2, containers=(ctr,), image=img, cpu="100m", memory="128Mi")
    p = w.pod("llm", "qwen-vllm-7f9c6d5b8-2kqzt", node=_N2, gpu=1, resource="amd.com/gpu", containers=("vllm",),
              image="rocm/vllm:rocm6.4.1_vllm_0.9.1_20250715", owner=("ReplicaSet", "qwen-vllm-7f9c6d5b8"),
              labels={"app": "qwen-vllm"})
    w.workload("Deployment", "llm", "qwen-vllm", template_pod=p, status=dict(_READY_DS))
    w.log("llm", p["metadata"]["name"], "vllm",
          "INFO 06-16 10:02:11 [api_server.py:1289] Starting vLLM API server 0 on http://0.0.0.0:8000\n"
          "INFO:     Started server process [1]\nINFO:     Waiting for application startup.\n"
          "INFO:     Application startup complete.\n")
    del cpu
    w.target("Node", None, _N2)


# ---- runtime: exec format error after the driver-upgrade reboot (gpu-operator PR #606) ------------------------------

_N3A, _N3B = "gpu-node-1", "gpu-node-2"
_DME_BIN = "/home/amd/bin/amd-metrics-exporter"          # path assumed
_EXEC_ERR = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
             "failed: unable to start container process: error during container init: exec: "
             f"\"{_DME_BIN}\": exec format error: unknown")


@case("fc3303", pod_subj("default-metrics-exporter-m4q9z", AMD_NS),
      "Vanilla Kubernetes v1.32.5 (assumed) with the AMD GPU Operator v1.5.0 (the release before the fix, assumed) "
      "in kube-amd-gpu on two MI300X nodes (8 GPUs each, Ubuntu 22.04, containerd 1.7.27; names assumed) and a CPU "
      "worker with the operator's controller. An operator-managed driver upgrade (DeviceConfig driver version "
      "6.4.1) rebooted gpu-node-2. Both nodes are Ready and advertise amd.com/gpu 8; the device plugin and node "
      "labeller pods are Running on both. The metrics exporter pod on gpu-node-2 is in CrashLoopBackOff, 9 "
      "restarts, last state terminated with reason StartError, exit code 128 and the runtime's message (composed "
      "after runc's wording, binary path assumed): '" + _EXEC_ERR + "'; the kubelet's BackOff event. The exporter "
      "on gpu-node-1 runs. The commit's words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = _workers(w)[0]
    for n in (_N3A, _N3B):
        _amd_node(w, n, gpus=8, info=_JAMMY)
    _operator(w, cpu)
    _dc(w)
    _stack_ds(w, "device-plugin", "device-plugin", _DP_IMG, [_N3A, _N3B])
    _stack_ds(w, "node-labeller", "node-labeller", _LBL_IMG, [_N3A, _N3B])
    pods = _stack_ds(w, "metrics-exporter", "metrics-exporter", _DME_IMG, [_N3A, _N3B], ready=1)
    bad = pods[1]
    crashloop(bad, "metrics-exporter", restarts=9, code=128, reason="StartError", message=_EXEC_ERR)
    for s in bad["status"]["containerStatuses"]:
        s["state"] = {"waiting": {"reason": "CrashLoopBackOff",
                                  "message": "back-off 5m0s restarting failed container=metrics-exporter "
                                             f"pod={bad['metadata']['name']}_{AMD_NS}"}}
    name = bad["metadata"]["name"]
    w.event(AMD_NS, "Pod", name, "Failed", "Error: " + _EXEC_ERR, component="kubelet", host=_N3B, count=9,
            field_path="spec.containers{metrics-exporter}")
    backoff(w, AMD_NS, name, "metrics-exporter", _N3B, count=40)
    w.event("default", "Node", _N3B, "Rebooted", f"Node {_N3B} has been rebooted, boot id: "
            "6c1f0e2a-8d4b-4a7e-9f3c-2b5d7e1a9c40", component="kubelet", host=_N3B, count=1)
    w.target("Pod", AMD_NS, name)


# ---- the operator's controller-manager OOMKilled under the OLM bundle's 384Mi limit (gpu-operator PR #604) ---------

_OCP_NS = "openshift-amd-gpu"


@case("fc3304", pod_subj("amd-gpu-operator-gpu-operator-charts-controller-manager-6b9f7d8c5d-x2v7q", _OCP_NS),
      "Red Hat OpenShift 4.20 (stated; Kubernetes v1.33.5, RHCOS 9.6, CRI-O; builds assumed) with the AMD GPU "
      "Operator 1.5.0 (stated) from OLM in openshift-amd-gpu (assumed): three control-plane/worker nodes and two "
      "MI300X workers (8 GPUs each; names assumed). The operator's controller-manager pod has requests 10m/64Mi "
      "and limit 384Mi (the bundle's defaults, from the fix's diff); its manager container is in CrashLoopBackOff, "
      "restartCount 6, last state terminated OOMKilled exit code 137; its log is composed (controller-runtime "
      "start-up lines, no error); the kubelet's BackOff event. On mi300x-2 a KMM build pod is running (the load; "
      "assumed); mi300x-1 already has the driver, the device plugin Running and amd.com/gpu 8. The commit's words "
      "are not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    masters = [f"ocp-master-{i}" for i in range(3)]
    for m in masters:
        node_info(w.node(m, cpu="16", memory="65842604Ki",
                         labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": "",
                                 "node-role.kubernetes.io/worker": ""}), **_RHCOS)
    _amd_node(w, "mi300x-1", gpus=8, info=_RHCOS)
    _amd_node(w, "mi300x-2", gpus=None, info=_RHCOS)
    op = _operator(w, masters[1], ns=_OCP_NS, memory="64Mi", memory_limit="384Mi")
    crashloop(op, "manager", restarts=6, code=137, reason="OOMKilled")
    dep = next(d for d in w.workloads[("deployments", _OCP_NS)])
    dep["status"] = {"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                     "unavailableReplicas": 1}
    name = op["metadata"]["name"]
    w.log(_OCP_NS, name, "manager",
          '2026-07-14T09:12:40Z\tINFO\tsetup\tstarting manager\n'
          '2026-07-14T09:12:40Z\tINFO\tstarting server\t{"name": "health probe", "addr": "[::]:8081"}\n'
          '2026-07-14T09:12:41Z\tINFO\tStarting EventSource\t{"controller": "DeviceConfig", "controllerGroup": '
          '"amd.com", "controllerKind": "DeviceConfig", "source": "kind source: *v1alpha1.DeviceConfig"}\n'
          '2026-07-14T09:12:41Z\tINFO\tStarting Controller\t{"controller": "DeviceConfig", "controllerGroup": '
          '"amd.com", "controllerKind": "DeviceConfig"}\n'
          '2026-07-14T09:12:42Z\tINFO\tStarting workers\t{"controller": "DeviceConfig", "controllerGroup": '
          '"amd.com", "controllerKind": "DeviceConfig", "worker count": 1}\n')
    backoff(w, _OCP_NS, name, "manager", masters[1], count=14)
    app = "default-device-plugin"
    daemonset(w, _OCP_NS, app, desired=1, containers=[("device-plugin", _DP_IMG)],
              node_selector={"feature.node.kubernetes.io/amd-gpu": "true",
                             f"kmm.node.kubernetes.io/{_OCP_NS}.default.ready": ""},
              labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    ds_pod(w, _OCP_NS, app, f"{app}-k7x2p", "mi300x-1", containers=("device-plugin",), image=_DP_IMG,
           cpu="100m", memory="256Mi")
    bp = w.pod(_OCP_NS, "default-build-8hx2c-build", node="mi300x-2", gpu=0, containers=("build",),
               image="image-registry.openshift-image-registry.svc:5000/openshift-amd-gpu/amdgpu_kmod",
               owner=("Build", "default-build-8hx2c"), cpu="1", memory="2Gi",
               labels={"openshift.io/build.name": "default-build-8hx2c"})
    bp["metadata"]["ownerReferences"][0]["apiVersion"] = "build.openshift.io/v1"
    dc = _deviceconfig("default", {"driver": {"enable": True, "version": "6.4.1"},
                                   "devicePlugin": {"devicePluginImage": _DP_IMG, "enableNodeLabeller": True},
                                   "selector": {"feature.node.kubernetes.io/amd-gpu": "true"}})
    dc["metadata"]["namespace"] = _OCP_NS
    w.ns_custom[("deviceconfigs.amd.com", _OCP_NS)] = [dc]
    w.target("Pod", _OCP_NS, name)


# ---- application: the replacement KMM build pod's FailedMount after NodeNotReady (gpu-operator PR #599) ------------

_N5 = "asrock-gpu-01"
_BUILD = "default-build-q7m4r"
_CM = "default-dockerfile"
_MOUNT = (f"MountVolume.SetUp failed for volume \"dockerfile\" : object \"{AMD_NS}\"/\"{_CM}\" not registered")


@case("fc3305", pod_subj(_BUILD, AMD_NS),
      "Vanilla Kubernetes v1.32.5 (assumed) with the AMD GPU Operator v1.5.0 (the release before the fix, assumed) "
      "and KMM in kube-amd-gpu; one CPU worker with the operator's controller and one MI300X node on Ubuntu 22.04 / "
      "kernel 6.8.0-100-generic (stated; node name assumed) during an in-cluster driver build (DeviceConfig driver "
      "version 6.4.1, assumed). The node is Ready again after a NodeNotReady window (its NodeNotReady and NodeReady "
      "events); it has no KMM module-ready label, no amd.com/gpu, and the device plugin DaemonSet (selector "
      "including the module-ready label) has no pod. The replacement build pod default-build-q7m4r (KMM builder, "
      "kaniko image, volume 'dockerfile' from ConfigMap default-dockerfile, which exists: stated here, ConfigMaps "
      "are not in the bundle) is Pending, container "
      "waiting ContainerCreating, with the kubelet's FailedMount event, composed: '" + _MOUNT + "'. The commit's "
      "words are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = _workers(w)[0]
    _amd_node(w, _N5, gpus=None, info=_JAMMY)
    _operator(w, cpu)
    _dc(w)
    kmm_rs = "amd-gpu-operator-kmm-controller-7d9f8c6b5c"
    kp = deploy_pod(w, AMD_NS, kmm_rs, f"{kmm_rs}-h6t2w", cpu, containers=("manager",),
                    image="docker.io/rocm/kernel-module-management-operator:v1.5.0",
                    labels={"app.kubernetes.io/name": "kmm", "control-plane": "controller"}, cpu="100m",
                    memory="256Mi")
    w.workload("Deployment", AMD_NS, "amd-gpu-operator-kmm-controller", template_pod=kp, status=dict(_READY_DS))
    ready_label = {f"kmm.node.kubernetes.io/{AMD_NS}.default.ready": ""}
    for app, ctr, img in (("default-device-plugin", "device-plugin", _DP_IMG),
                          ("default-node-labeller", "node-labeller", _LBL_IMG)):
        daemonset(w, AMD_NS, app, desired=0, containers=[(ctr, img)],
                  node_selector={"feature.node.kubernetes.io/amd-gpu": "true", **ready_label},
                  labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    p = w.pod(AMD_NS, _BUILD, node=_N5, gpu=0, phase="Pending", containers=("kaniko",),
              image="gcr.io/kaniko-project/executor:v1.23.2", owner=("Module", "default"),
              labels={"kmm.node.kubernetes.io/module.name": "default", "kmm.node.kubernetes.io/pod-type": "builder"},
              cpu="1", memory="4Gi",
              volumes=[{"name": "dockerfile", "configMap": {"name": _CM, "defaultMode": 420}}],
              mounts=[{"name": "dockerfile", "mountPath": "/workspace", "readOnly": True}],
              statuses={"kaniko": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                   "restartCount": 0}})
    p["spec"]["restartPolicy"] = "OnFailure"
    p["metadata"]["ownerReferences"][0].update({"apiVersion": "kmm.sigs.x-k8s.io/v1beta1", "controller": True})
    p["spec"]["containers"][0]["args"] = ["--dockerfile", "/workspace/Dockerfile", "--destination",
                                          "registry.example.internal/amdgpu-driver:ubuntu-22.04-6.8.0-100-generic-6.4.1"]
    w.event(AMD_NS, "Pod", _BUILD, "FailedMount", _MOUNT, component="kubelet", host=_N5, count=11)
    w.event("default", "Node", _N5, "NodeNotReady", f"Node {_N5} status is now: NodeNotReady", type="Normal",
            component="node-controller", count=1, last=T0)
    w.event("default", "Node", _N5, "NodeReady", f"Node {_N5} status is now: NodeReady", type="Normal",
            component="kubelet", host=_N5, count=1, last=T1)
    w.target("Pod", AMD_NS, _BUILD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
