"""Builds first-contact batch A32 (fixtures/first-contact/batch-a32/cases.jsonl) as scenario bundles.

Round 32's frame: the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi and NVIDIA/KAI-Scheduler (now
kai-scheduler/KAI-Scheduler), continuing the frames of rounds 30 and 31. Four cases, all HAMi v2.9.0 (the release
before each fix):

- fa3201: an empty nvidia.com/use-gpuuuid annotation filters out every GPU (CardUuidMismatch), the pod Pending
  (PR #2045; prose);
- fa3202: nvidia.com/gpumem-percentage above 100 leaves the pod Pending with CardInsufficientMemory (PR #1997; prose);
- fa3203: DP_DISABLE_HEALTHCHECKS=all makes the device plugin panic on a nil error and crash-loop (PR #2043; prose);
- fa3204: dynamic MIG on H200 NVL: every MIG device marked unhealthy, 'unable to parse UUID as MIG device'
  (issue #1950, named by PR #1999; the log line placed verbatim).

fa3201-fa3203's prose texts are not in the bundle (TEXT_NOT_IN_BUNDLE); fa3204's text is placed verbatim in the
device plugin's log. Events and log lines the commits do not quote are composed from the v2.9.0 code; names, GPU
models and versions are assumed; each scenario's description says so. The expected answer was reasoned from the
fix and committed before any run; it is never taken from the tool's output.

    .venv/bin/python -m tests.classify.first_contact_a32      # (re)writes fixtures/first-contact/batch-a32/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a32", "A32", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa3201", "fa3202", "fa3203"}

_K8S = "v1.32.4"
_IMG = "projecthami/hami:v2.9.0"
_NS = "kube-system"
_ML = "ml"


def _hami(w, gpu_node: str, cpu_node: str, *, plugin_ready: bool = True, env=None) -> dict:
    """HAMi v2.9.0 in kube-system: the hami-scheduler Deployment (kube-scheduler + extender) on the CPU node and the
    hami-device-plugin DaemonSet (device-plugin + vgpu-monitor) on the GPU node; returns the plugin pod."""
    w.git_version = _K8S
    rs = "hami-scheduler-6c9f7d8b54"
    sp = deploy_pod(w, _NS, rs, f"{rs}-k2w9x", cpu_node, containers=("kube-scheduler", "vgpu-scheduler-extender"),
                    image=_IMG, labels={"app.kubernetes.io/component": "hami-scheduler"})
    sp["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{_K8S}"
    w.workload("Deployment", _NS, "hami-scheduler", template_pod=sp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    env = list(env or []) + [{"name": "NODE_NAME", "value": gpu_node}]
    daemonset(w, _NS, "hami-device-plugin", desired=1, ready=1 if plugin_ready else 0,
              containers=[("device-plugin", _IMG), ("vgpu-monitor", _IMG)], labels=labels,
              node_selector={"gpu": "on"}, env=env)
    return ds_pod(w, _NS, "hami-device-plugin", "hami-device-plugin-7xq4d", gpu_node,
                  containers=("device-plugin", "vgpu-monitor"), image=_IMG, labels=dict(labels),
                  node_selector={"gpu": "on"}, env=env)


def _gpu_node(w, name: str, *, gpus: int, allocatable="same", product: str, resource: str = "nvidia.com/gpu",
              register: str | None = None) -> dict:
    n = w.node(name, gpus=gpus, allocatable=allocatable, resource=resource, cpu="96", memory="1056389036Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-131-generic",
              containerRuntimeVersion="containerd://1.7.25", kubeletVersion=_K8S, kubeProxyVersion=_K8S)
    if register:
        annotate(n, **{"hami.io/node-nvidia-register": register, "hami.io/node-handshake": "Reported 2026-07-01 "
                       "08:14:02.318472911 +0000 UTC m=+3601.201"})
    return n


def _register(product: str, n: int, mem: int, count: int = 10) -> str:
    return "[" + ", ".join(
        f'{{"id":"GPU-{i:08x}-3c1e-4b7a-9f2d-5e8a{i:08x}","count":{count},"devmem":{mem},"devcore":100,'
        f'"type":"{product}","mode":"hami-core","health":true}}' for i in range(n)) + "]"


def _pending(w, name: str, node: str, reason: str, *, annotations: dict, limits: dict | None = None) -> dict:
    """A GPU pod of hami-scheduler, Pending: the extender's FilteringFailed event and kube-scheduler's message."""
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 NodeUnfitPod. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    p = w.pod(_ML, name, gpu=1, phase="Pending", scheduler="hami-scheduler", scheduled_message=msg,
              image="nvcr.io/nvidia/pytorch:25.05-py3", containers=("trainer",), cpu="8", memory="32Gi",
              owner=("Job", name.rsplit("-", 1)[0]))
    annotate(p, **annotations)
    for k, v in (limits or {}).items():
        p["spec"]["containers"][0]["resources"]["limits"][k] = v
    w.event(_ML, "Pod", name, "FilteringFailed", f"1 nodes {reason}({node})", component="hami-scheduler", count=14)
    w.event(_ML, "Pod", name, "FailedScheduling", msg, component="hami-scheduler", count=14)
    w.target("Pod", _ML, name)
    return p


# ---- fa3201: an empty nvidia.com/use-gpuuuid filters out every device (#2045) ------------------------------------

@case("fa3201", pod_subj("finetune-7-x8kqz", _ML),
      "Kubernetes v1.32.4 (assumed); one GPU node gpu-node-01 (4 x NVIDIA A100-SXM4-80GB, all free, registered by "
      "HAMi: hami.io/node-nvidia-register lists the 4 GPUs healthy; assumed) and one CPU node cpu-node-01; HAMi "
      "v2.9.0 in kube-system (hami-scheduler Running, hami-device-plugin Running). The Job pod finetune-7-x8kqz in "
      "namespace ml (names and image assumed) uses schedulerName hami-scheduler, requests one nvidia.com/gpu and "
      "carries nvidia.com/use-gpuuuid: \"\" (empty, assumed from a template). It is Pending with the HAMi "
      "extender's FilteringFailed event '1 nodes CardUuidMismatch(gpu-node-01)' and a FailedScheduling message "
      "('1 NodeUnfitPod'), both composed from the v2.9.0 code, not quoted. The case's text is the commit's prose "
      "and is not in the bundle.")
def _(w, t):
    _gpu_node(w, "gpu-node-01", gpus=40, product="NVIDIA-A100-SXM4-80GB",
              register=_register("NVIDIA A100-SXM4-80GB", 4, 81920))
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami(w, "gpu-node-01", "cpu-node-01")
    _pending(w, "finetune-7-x8kqz", "gpu-node-01", "CardUuidMismatch", annotations={"nvidia.com/use-gpuuuid": ""})


# ---- fa3202: gpumem-percentage above 100 (#1997) -----------------------------------------------------------------

@case("fa3202", pod_subj("embed-3-p4m7t", _ML),
      "Kubernetes v1.32.4 (assumed); one GPU node gpu-node-01 (2 x NVIDIA L40S 48 GB, both free, registered by "
      "HAMi; assumed) and one CPU node cpu-node-01; HAMi v2.9.0 in kube-system (hami-scheduler and "
      "hami-device-plugin Running). The Job pod embed-3-p4m7t in namespace ml (names and image assumed) uses "
      "hami-scheduler and requests nvidia.com/gpu: 1 with nvidia.com/gpumem-percentage: 150 (assumed). It is "
      "Pending with the HAMi extender's FilteringFailed event '1 nodes CardInsufficientMemory(gpu-node-01)' and a "
      "FailedScheduling message, both composed from the v2.9.0 code, not quoted. The case's text is the commit's "
      "prose and is not in the bundle.")
def _(w, t):
    _gpu_node(w, "gpu-node-01", gpus=20, product="NVIDIA-L40S", register=_register("NVIDIA L40S", 2, 46068))
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami(w, "gpu-node-01", "cpu-node-01")
    p = _pending(w, "embed-3-p4m7t", "gpu-node-01", "CardInsufficientMemory", annotations={},
                 limits={"nvidia.com/gpumem-percentage": "150"})
    p["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpumem-percentage"] = "150"


# ---- fa3203: the device plugin panics on a nil error with DP_DISABLE_HEALTHCHECKS=all (#2043) ---------------------

def _a03_log() -> str:
    return (
        "I0709 06:41:12.118734       1 main.go:256] Starting NVIDIA Device Plugin (HAMi v2.9.0)\n"
        "I0709 06:41:12.402117       1 main.go:313] Loading configuration.\n"
        "I0709 06:41:12.907221       1 server.go:157] Starting GRPC server for 'nvidia.com/gpu'\n"
        "panic: runtime error: invalid memory address or nil pointer dereference\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x1f3c2a4]\n"
        "\n"
        "goroutine 112 [running]:\n"
        "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/rm.(*nvmlResourceManager)."
        "CheckHealth(0xc000412a80, 0xc0001c4120, 0xc0001c4180, 0xc0001c41e0, 0xc0001c4240)\n"
        "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/rm/nvml_manager.go:122 +0x64\n"
        "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin)."
        "Start.func1()\n"
        "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/server.go:325 +0x5d\n"
        "created by github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin."
        "(*NvidiaDevicePlugin).Start in goroutine 1\n"
        "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/server.go:324 +0x3c5\n")


@case("fa3203", pod_subj("hami-device-plugin-7xq4d", _NS),
      "Kubernetes v1.32.4 (assumed); one GPU node h100-node-03 (8 x NVIDIA H100 80GB HBM3; host driver and NVIDIA "
      "runtime healthy; assumed) labelled gpu=on and one CPU node cpu-node-01; HAMi v2.9.0 in kube-system: "
      "hami-scheduler Running; the hami-device-plugin DaemonSet set with DP_DISABLE_HEALTHCHECKS=all (assumed), its "
      "pod's device-plugin container in CrashLoopBackOff (restarts assumed), the previous log ending in Go's "
      "nil-pointer panic in rm.(*nvmlResourceManager).CheckHealth (composed from the v2.9.0 code: "
      "nvml_manager.go:122, server.go:325; not quoted); a kubelet BackOff event. The node keeps its nvidia.com/gpu "
      "capacity 80 (8 GPUs x the default split 10) with allocatable 0 (assumed). No workload modelled. The case's "
      "text is the commit's prose and is not in the bundle.")
def _(w, t):
    _gpu_node(w, "h100-node-03", gpus=80, allocatable=0, product="NVIDIA-H100-80GB-HBM3")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami(w, "h100-node-03", "cpu-node-01", plugin_ready=False,
              env=[{"name": "DP_DISABLE_HEALTHCHECKS", "value": "all"}])
    crashloop(p, "device-plugin", restarts=23, code=2, reason="Error")
    w.log(_NS, p["metadata"]["name"], "device-plugin", _a03_log(), previous=True)
    backoff(w, _NS, p["metadata"]["name"], "device-plugin", "h100-node-03", count=97)
    w.target("Pod", _NS, p["metadata"]["name"])


# ---- fa3204: dynamic MIG on H200 NVL, every MIG device marked unhealthy (#1950, PR #1999) -------------------------

_MIG = ["MIG-30d00c09-8a98-59b8-8c1a-1d64b4ec3ad2"] + [
    f"MIG-{a}-8a98-59b8-8c1a-1d64b4ec3ad{i}" for i, a in enumerate(
        ("41e11d1a", "52f22e2b", "63033f3c", "74144a4d", "85255b5e", "96366c6f"), start=3)]


def _a04_log(t: str) -> str:
    lines = [
        "I0614 02:10:31.004211       1 main.go:256] Starting NVIDIA Device Plugin (HAMi v2.9.0)",
        "I0614 02:10:33.281904       1 util.go:337] Applying data= version: v1",
        "mig-configs:",
        "   mig-enabled: false",
        "   mig-devices: {}",
        "I0614 02:10:36.517730       1 util.go:348] Mig apply MIG configuration applied successfully",
        "I0614 02:10:36.902144       1 server.go:157] Starting GRPC server for 'nvidia.com/mig-1g.18gb'",
    ]
    for i, m in enumerate(_MIG):
        msg = t if i == 0 else t.replace(_MIG[0], m)
        lines.append(f"W0614 02:10:37.{120431 + 17 * i:06d}       1 health.go:98] {msg}")
        lines.append(f"I0614 02:10:37.{120502 + 17 * i:06d}       1 server.go:456] 'nvidia.com/mig-1g.18gb' device "
                     f"marked unhealthy: {m}")
    lines.append("I0614 02:10:37.301118       1 server.go:266] Registered device plugin for 'nvidia.com/gpu' with "
                 "Kubelet")
    return "\n".join(lines) + "\n"


@case("fa3204", pod_subj("hami-device-plugin-7xq4d", _NS),
      "Kubernetes v1.32.4 and HAMi v2.9.0 (both assumed; the issue states no versions) with a node h200-node-01 "
      "(2 x NVIDIA H200 NVL) in HAMi dynamic-MIG mode (operatingmode: mig); one CPU node cpu-node-01. The node "
      "advertises nvidia.com/mig-1g.18gb capacity 7 with allocatable 0 (every MIG device unhealthy; assumed from "
      "the issue's 'unusable'); hami.io/node-nvidia-register still lists the two GPUs as whole hami-core devices "
      "(143771 MiB each, quoted in part from the issue). The hami-device-plugin pod is Running; its log carries the "
      "issue's quoted lines (util.go:337/348, the health.go:98 line verbatim for the first MIG device, server.go:456 "
      "'device marked unhealthy', server.go:266), the six other MIG UUIDs and timestamps composed. A pod requesting "
      "a 1g.18gb MIG slice (nvidia.com/vgpu-mode: mig; name and image assumed) is Pending with a composed "
      "FilteringFailed event '1 nodes CardTypeMismatch(h200-node-01)'.")
def _(w, t):
    n = _gpu_node(w, "h200-node-01", gpus=7, allocatable=0, resource="nvidia.com/mig-1g.18gb",
                  product="NVIDIA-H200-NVL", register=_register("NVIDIA H200 NVL", 2, 143771))
    n["metadata"]["labels"]["nvidia.com/mig.strategy"] = "mixed"
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami(w, "h200-node-01", "cpu-node-01")
    w.log(_NS, p["metadata"]["name"], "device-plugin", _a04_log(t))
    name = "mig-probe-2-h7c4v"
    q = w.pod(_ML, name, gpu=1, phase="Pending", scheduler="hami-scheduler",
              scheduled_message="0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 NodeUnfitPod. preemption: "
                                "0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
              image="nvcr.io/nvidia/cuda:12.8.1-base-ubuntu22.04", containers=("cuda",), cpu="2", memory="8Gi")
    annotate(q, **{"nvidia.com/vgpu-mode": "mig"})
    q["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "18000"
    w.event(_ML, "Pod", name, "FilteringFailed", "1 nodes CardTypeMismatch(h200-node-01)",
            component="hami-scheduler", count=9)
    w.target("Pod", _NS, p["metadata"]["name"])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
