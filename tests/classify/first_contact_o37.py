"""Builds first-contact batch O37 (fixtures/first-contact/batch-o37/cases.jsonl) as scenario bundles.

Round 37's frame: the fixed-bug entries (releases since 2024-01-01) of kubernetes-sigs/kueue's CHANGELOG/ files
(GPU-filtered) and Project-HAMi/HAMi's CHANGELOG.md (volcano and kuberay keep no changelog file for that period).
Three cases, all prose (the changelog bullet is the text and is not in the bundle):

- fo3701: Kueue v0.17.4 with DRAExtendedResources on a cluster without resource.k8s.io/v1: the manager exits at
  start ('Unable to setup indexes'), the GPU Deployment's pods keep Kueue's admission gate (PR #11813);
- fo3702: HAMi v2.5.0's chart default passDeviceSpecsEnabled: true: a vGPU pod's container cannot be created,
  'failed to apply OCI options: lstat /dev/nvidiactl' (changelog v2.5.1; fix commit 405dd0d9, #872);
- fo3703: HAMi v2.5.0's device plugin panics in parseNvidiaNumaInfo (index out of range) and crash-loops; the node
  advertises no GPU (changelog v2.5.1).

Every event, log line and status message is composed (kubelet, kube-scheduler, controller-runtime, Go runtime
wording) except fo3702's OCI error, which is Project-HAMi/HAMi#776's line; names, GPU models and versions are
assumed; each scenario's description says so. The expected answers were reasoned from the entries and committed
before any run (the classifier is not run by the gatherer).

    .venv/bin/python -m tests.classify.first_contact_o37      # (re)writes fixtures/first-contact/batch-o37/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-o37", "O37", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fo3701", "fo3702", "fo3703"}

_HNS = "kube-system"


def _info(n: dict, k8s: str, os_image: str = "Ubuntu 22.04.5 LTS", kernel: str = "5.15.0-125-generic") -> None:
    node_info(n, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion="containerd://1.7.24",
              kubeletVersion=k8s, kubeProxyVersion=k8s)


def _gated(p: dict, gate: str) -> None:
    p["spec"]["schedulingGates"] = [{"name": gate}]
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "SchedulingGated",
                                  "message": "Scheduling is blocked due to non-empty scheduling gates",
                                  "lastTransitionTime": T0}]


# ---- fo3701: kueue-controller-manager exits at start without resource.k8s.io/v1 (Kueue v0.17.4, fixed in v0.17.5) ----

_KUEUE_LOG = (
    '{"level":"info","ts":"2026-06-03T08:14:02.118Z","logger":"setup","caller":"kueue/main.go:142",'
    '"msg":"Initializing","gitVersion":"v0.17.4","gitCommit":"a3c91f07"}\n'
    '{"level":"info","ts":"2026-06-03T08:14:02.301Z","logger":"setup","caller":"kueue/main.go:188",'
    '"msg":"Feature gates","DRAExtendedResources":true}\n'
    '{"level":"error","ts":"2026-06-03T08:14:02.655Z","logger":"setup","caller":"kueue/main.go:322",'
    '"msg":"Unable to setup indexes","error":"setting index on extendedResourceName for DeviceClass: no matches for '
    'kind \\"DeviceClass\\" in version \\"resource.k8s.io/v1\\"","stacktrace":"main.main\\n\\t/workspace/cmd/kueue/'
    'main.go:322\\nruntime.main\\n\\t/usr/local/go/src/runtime/proc.go:283"}\n')


@case("fo3701", pod_subj("llm-serve-6d9f8c7b54-q7x2m", "inference"),
      "Kubernetes v1.33.5 (assumed; resource.k8s.io/v1 is not served before 1.34); two GPU nodes gpu-node-01/02 "
      "(4 x NVIDIA L40S each, GPU Operator stack healthy, all GPUs free; assumed) and one CPU node. Kueue v0.17.4 "
      "(the release before the fix) in kueue-system with the alpha DRAExtendedResources gate on and the deployment "
      "integration enabled (assumed): its kueue-controller-manager pod crash-loops, the previous log ending with "
      "'Unable to setup indexes' and the no-match error for DeviceClass resource.k8s.io/v1 (composed from the "
      "v0.17.4 code), exit code 1, 9 restarts, the kubelet's BackOff event. The inference Deployment's two pods "
      "(queue-name label, nvidia.com/gpu 2 each; assumed) carry the kueue.x-k8s.io/admission scheduling gate and "
      "are Pending with PodScheduled=False reason SchedulingGated. The case's text is the changelog bullet (prose) "
      "and is not in the bundle.")
def _(w, t):
    k8s = "v1.33.5"
    w.git_version = k8s
    for i in (1, 2):
        n = w.gpu_node(f"gpu-node-0{i}", gpus=4, product="NVIDIA-L40S", memory_mib=46068, cpu="64",
                       memory="527938872Ki")
        _info(n, k8s)
    _info(w.node("cpu-node-01", cpu="16", memory="65842768Ki"), k8s)
    ns, rs = "kueue-system", "kueue-controller-manager-7c5d9b8f64"
    img = "registry.k8s.io/kueue/kueue:v0.17.4"
    p = deploy_pod(w, ns, rs, f"{rs}-h2x8n", "cpu-node-01", containers=("manager",), image=img,
                   labels={"control-plane": "controller-manager", "app.kubernetes.io/name": "kueue",
                           "app.kubernetes.io/component": "controller"})
    crashloop(p, "manager", restarts=9, code=1)
    p["status"]["phase"] = "Running"
    w.log(ns, p["metadata"]["name"], "manager", _KUEUE_LOG, previous=True)
    w.log(ns, p["metadata"]["name"], "manager", _KUEUE_LOG.split("\n")[0] + "\n")
    backoff(w, ns, p["metadata"]["name"], "manager", "cpu-node-01", count=41)
    w.workload("Deployment", ns, "kueue-controller-manager", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 3})
    ins, irs = "inference", "llm-serve-6d9f8c7b54"
    for sfx in ("q7x2m", "b4k9t"):
        g = w.pod(ins, f"{irs}-{sfx}", gpu=2, phase="Pending", image="vllm/vllm-openai:v0.9.1",
                  containers=("vllm",), owner=("ReplicaSet", irs), cpu="8", memory="64Gi",
                  labels={"app": "llm-serve", "kueue.x-k8s.io/queue-name": "inference-queue",
                          "kueue.x-k8s.io/managed": "true"})
        _gated(g, "kueue.x-k8s.io/admission")
    w.workload("Deployment", ins, "llm-serve", replicas=2, template_pod=g,
               status={"replicas": 2, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 2,
                       "updatedReplicas": 2, "observedGeneration": 1})
    w.target("Pod", ins, f"{irs}-q7x2m")


# ---- HAMi v2.5.0 stack ---------------------------------------------------------------------------------------

def _hami_stack(w, img: str, k8s: str, nodes: list[tuple[str, str]], *, ready: int | None = None) -> list[dict]:
    labels = {"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami",
              "app.kubernetes.io/instance": "hami"}
    daemonset(w, _HNS, "hami-device-plugin", desired=len(nodes), ready=len(nodes) if ready is None else ready,
              containers=[("device-plugin", img), ("vgpu-monitor", img)], labels=labels,
              node_selector={"gpu": "on"})
    pods = [ds_pod(w, _HNS, "hami-device-plugin", f"hami-device-plugin-{sfx}", node,
                   containers=("device-plugin", "vgpu-monitor"), image=img, labels=dict(labels),
                   node_selector={"gpu": "on"}) for node, sfx in nodes]
    rs = "hami-scheduler-5b7c9d8f46"
    p = deploy_pod(w, _HNS, rs, f"{rs}-t6m3v", "cpu-node-01", containers=("kube-scheduler", "vgpu-scheduler-extender"),
                   image=img, labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami",
                                      "app.kubernetes.io/instance": "hami"})
    p["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{k8s}"
    w.workload("Deployment", _HNS, "hami-scheduler", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    return pods


def _hami_node(w, name: str, k8s: str, *, gpus: int | None, product: str, register: str | None) -> dict:
    lab = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true", "gpu": "on"}
    n = w.node(name, gpus=gpus, cpu="96", memory="1056561152Ki", labels=lab)
    _info(n, k8s)
    if register:
        annotate(n, **{"hami.io/node-nvidia-register": register,
                       "hami.io/node-handshake": "Requesting_2025-04-22 10:31:07"})
    return n


# ---- fo3702: passDeviceSpecsEnabled true by default: lstat /dev/nvidiactl (HAMi v2.5.0, fixed in v2.5.1) ----------

_OCI = ('failed to generate container "180e8893b52ae58994b7db777ee79513fbf6555e10d49cb686f94e8f88666074" spec: '
        'failed to apply OCI options: lstat /dev/nvidiactl: no such file or directory')


@case("fo3702", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.31.4 (assumed); GPU node gpu-node-01 (2 x NVIDIA A10, 10 vGPU slots each; driver from the GPU "
      "Operator's driver container, the Operator's device plugin disabled; assumed) and one CPU node. HAMi v2.5.0 "
      "(the release before the fix) in kube-system with the chart's defaults, passDeviceSpecsEnabled: true (the "
      "device-plugin container's PASS_DEVICE_SPECS env). The vGPU pod default/gpu-pod (nvidia.com/gpu 1, gpumem "
      "3000, gpucores 30, ubuntu:22.04; Project-HAMi/HAMi#776's test pod) is bound and allocated (HAMi annotations "
      "composed) but its container is never created: waiting CreateContainerError with the issue's OCI error "
      "(verbatim from #776, which the entry does not name), the kubelet's Failed events 'Error: ...'. HAMi's "
      "scheduler and device plugin run. The case's text is the changelog bullet (prose) and is not in the bundle.")
def _(w, t):
    k8s = "v1.31.4"
    w.git_version = k8s
    reg = ", ".join(f'{{"id":"GPU-{0x5a10 + i:08x}-7e2c-4b1d-9a3f-2c8e{0x5a10 + i:08x}","count":10,"devmem":23028,'
                    f'"devcore":100,"type":"NVIDIA A10","mode":"hami-core","health":true}}' for i in range(2))
    _hami_node(w, "gpu-node-01", k8s, gpus=20, product="NVIDIA-A10", register=f"[{reg}]")
    _info(w.node("cpu-node-01", cpu="16", memory="65842768Ki"), k8s)
    for p in _hami_stack(w, "projecthami/hami:v2.5.0", k8s, [("gpu-node-01", "x7q2k")]):
        p["spec"]["containers"][0]["env"] = [{"name": "PASS_DEVICE_SPECS", "value": "true"},
                                             {"name": "NVIDIA_MIG_MONITOR_DEVICES", "value": "all"}]
        w.log(_HNS, p["metadata"]["name"], "device-plugin",
              "I0422 10:30:58.114205       1 main.go:275] Start working on node gpu-node-01\n"
              "I0422 10:30:58.120733       1 register.go:197] Discovered 2 device(s) for registration\n"
              "I0422 10:30:58.412608       1 server.go:246] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
              "I0422 10:32:14.887016       1 server.go:351] Allocate pod default/gpu-pod\n")
    statuses = {"ubuntu-container": {"state": {"waiting": {"reason": "CreateContainerError", "message": _OCI}},
                                     "ready": False, "restartCount": 0}}
    p = w.pod("default", "gpu-pod", node="gpu-node-01", gpu=1, phase="Pending", image="ubuntu:22.04",
              containers=("ubuntu-container",), scheduler="hami-scheduler", statuses=statuses, ready=False,
              cpu="1", memory="1Gi")
    lim = p["spec"]["containers"][0]["resources"]["limits"]
    lim.update({"nvidia.com/gpumem": "3000", "nvidia.com/gpucores": "30"})
    annotate(p, **{"hami.io/vgpu-devices-allocated": "GPU-00005a10-7e2c-4b1d-9a3f-2c8e00005a10,NVIDIA,3000,30:;",
                   "hami.io/vgpu-devices-to-allocate": ";", "hami.io/vgpu-node": "gpu-node-01",
                   "hami.io/bind-phase": "success", "hami.io/vgpu-time": "1745318000"})
    w.event("default", "Pod", "gpu-pod", "Scheduled", "Successfully assigned default/gpu-pod to gpu-node-01",
            type="Normal", component="hami-scheduler")
    w.event("default", "Pod", "gpu-pod", "Failed", "Error: " + _OCI, component="kubelet", host="gpu-node-01",
            count=12, field_path="spec.containers{ubuntu-container}")
    w.target("Pod", "default", "gpu-pod")


# ---- fo3703: the device plugin panics in parseNvidiaNumaInfo (HAMi v2.5.0, fixed in v2.5.1) --------------------------

_PANIC = (
    "I0311 07:42:19.530981       1 main.go:275] Start working on node h100-node-01\n"
    "I0311 07:42:19.531027       1 main.go:276] Starting OS watcher.\n"
    "I0311 07:42:19.531166       1 main.go:291] Starting Plugins.\n"
    "I0311 07:42:19.531190       1 main.go:348] Loading configuration.\n"
    "I0311 07:42:19.702418       1 main.go:394] Retrieving plugins.\n"
    "panic: runtime error: index out of range [9] with length 9\n\n"
    "goroutine 1 [running]:\n"
    "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.parseNvidiaNumaInfo(0x0, "
    "{0xc0004a6000, 0x5f1})\n"
    "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:89 +0x3c5\n")


@case("fo3703", pod_subj("pretrain-worker-0", "research"),
      "Kubernetes v1.31.4 (assumed); GPU node h100-node-01 (8 x NVIDIA H100 80GB HBM3; labels gpu=on; assumed) and "
      "one CPU node; HAMi v2.5.0 (the release before the fix) in kube-system. The hami-device-plugin pod's "
      "device-plugin container crash-loops (exit code 2, 11 restarts, BackOff event): its previous log ends with a "
      "Go panic 'index out of range' in parseNvidiaNumaInfo (COMPOSED: indices, frame and path assumed); the "
      "vgpu-monitor container runs. The node carries no hami.io/node-nvidia-register annotation and no "
      "nvidia.com/gpu in capacity. The vGPU pod research/pretrain-worker-0 (nvidia.com/gpu 8, schedulerName "
      "hami-scheduler) is Pending with FailedScheduling '0/2 nodes are available: 2 Insufficient nvidia.com/gpu. "
      "...' (composed). The case's text is the changelog bullet (prose) and is not in the bundle.")
def _(w, t):
    k8s = "v1.31.4"
    w.git_version = k8s
    _hami_node(w, "h100-node-01", k8s, gpus=None, product="NVIDIA-H100-80GB-HBM3", register=None)
    _info(w.node("cpu-node-01", cpu="16", memory="65842768Ki"), k8s)
    img = "projecthami/hami:v2.5.0"
    (dp,) = _hami_stack(w, img, k8s, [("h100-node-01", "m4r8z")], ready=0)
    dp["status"]["phase"] = "Running"
    name = dp["metadata"]["name"]
    crashloop(dp, "device-plugin", restarts=11, code=2)
    w.log(_HNS, name, "device-plugin", _PANIC, previous=True)
    w.log(_HNS, name, "device-plugin", "\n".join(_PANIC.split("\n")[:4]) + "\n")
    w.log(_HNS, name, "vgpu-monitor", "I0311 07:30:02.118734       1 main.go:76] Start vGPU monitor\n")
    backoff(w, _HNS, name, "device-plugin", "h100-node-01", count=48)
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    w.pod("research", "pretrain-worker-0", gpu=8, phase="Pending", scheduled_message=msg, scheduler="hami-scheduler",
          image="nvcr.io/nvidia/pytorch:25.01-py3", containers=("trainer",), owner=("Job", "pretrain"),
          cpu="64", memory="512Gi")
    w.event("research", "Pod", "pretrain-worker-0", "FailedScheduling", msg, component="hami-scheduler", count=14)
    w.target("Pod", "research", "pretrain-worker-0")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
