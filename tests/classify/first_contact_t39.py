"""Builds first-contact batch T39 (fixtures/first-contact/batch-t39/cases.jsonl) as scenario bundles.

Round 39's commit frame (round 35's rules): the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi (continuing
batch A36's frame at item 31) and Project-HAMi/HAMi-core (continuing at item 31). Two cases:

- ft3901: HAMi v2.5.0: the NVIDIA device plugin panics with an index out of range in parseNvidiaNumaInfo when a
  GPU row of 'nvidia-smi topo -m' lacks the NUMA Affinity column, and crash-loops (commit c8d8dafd, PR #889;
  prose: the PR's sentence);
- ft3902: HAMi v2.6.0: HAMi-core never removes the primary context's size from the accounted GPU memory when the
  context is released, so a job that re-retains it fails allocations inside its gpumem limit (HAMi-core commit
  98a39b7, PR #84; prose: the PR's sentence).

Every event, log line and status message is composed (Go runtime, klog, kubelet, HAMi-core and PyTorch wording);
names, GPU models and versions are assumed; each scenario's description says so. The expected answers were
reasoned from the fixes and committed before any run.

    .venv/bin/python -m tests.classify.first_contact_t39      # (re)writes fixtures/first-contact/batch-t39/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-t39", "T39", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# both cases are prose cases: the PR's sentence is the text and is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ft3901", "ft3902"}

_K8S = "v1.30.6"
_NS = "kube-system"


def _reg(seed: int, n: int, model: str, mem: int) -> str:
    return "[" + ", ".join(
        f'{{"id":"GPU-{seed + i:08x}-7c2e-4a1b-9d3f-2e8b{seed + i:08x}","count":10,"devmem":{mem},"devcore":100,'
        f'"type":"{model}","mode":"hami-core","health":true}}' for i in range(n)) + "]"


def _info(n: dict) -> None:
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-126-generic",
              containerRuntimeVersion="containerd://1.7.23", kubeletVersion=_K8S, kubeProxyVersion=_K8S)


def _gpu_node(w, name: str, *, gpus: int, product: str, allocatable="same") -> dict:
    lab = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true", "gpu": "on"}
    n = w.node(name, gpus=gpus * 10, allocatable=allocatable, cpu="64", memory="527938872Ki", labels=lab)
    _info(n)
    return n


def _hami_stack(w, img: str, nodes: list[tuple[str, str]], ready: int | None = None) -> tuple[dict, list[dict]]:
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    daemonset(w, _NS, "hami-device-plugin", desired=len(nodes), ready=len(nodes) if ready is None else ready,
              containers=[("device-plugin", img), ("vgpu-monitor", img)], labels=labels,
              node_selector={"gpu": "on"})
    dps = [ds_pod(w, _NS, "hami-device-plugin", f"hami-device-plugin-{sfx}", node,
                  containers=("device-plugin", "vgpu-monitor"), image=img, labels=dict(labels),
                  node_selector={"gpu": "on"}) for node, sfx in nodes]
    rs = "hami-scheduler-7d9c6b5f8c"
    p = deploy_pod(w, _NS, rs, f"{rs}-r4t8k", "cpu-node-01",
                   containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app.kubernetes.io/component": "hami-scheduler"})
    p["spec"]["containers"][0]["image"] = f"registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:{_K8S}"
    w.workload("Deployment", _NS, "hami-scheduler", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    return p, dps


# ---- ft3901: the HAMi device plugin panics in parseNvidiaNumaInfo (HAMi v2.5.0, fixed by #889) -------------------

@case("ft3901", pod_subj("hami-device-plugin-q7m2x", _NS),
      "Kubernetes v1.30.6 (assumed); GPU nodes gpu-node-01 and gpu-node-02 (2 x NVIDIA L40S each, 10 vGPU slots per "
      "GPU, assumed) and one CPU node; HAMi v2.5.0 in kube-system (the release before the fix; v2.5.1 and v2.6.0 "
      "carry it). On gpu-node-01 a GPU row of 'nvidia-smi topo -m' is shorter than its header (assumed layout), so "
      "the device-plugin container of hami-device-plugin-q7m2x panics in parseNvidiaNumaInfo: its previous log ends "
      "with 'panic: runtime error: index out of range [4] with length 4' and a goroutine trace at register.go:97 "
      "(composed in the Go runtime's format; function names from the code); exit code 2, 9 restarts, "
      "CrashLoopBackOff, BackOff event. gpu-node-01 has no hami.io/node-nvidia-register annotation and nvidia.com/gpu "
      "allocatable 0; gpu-node-02's plugin pod and hami-scheduler are healthy. The case's text is PR #889's sentence "
      "(prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.5.0"
    _gpu_node(w, "gpu-node-01", gpus=2, product="NVIDIA-L40S", allocatable=0)
    n2 = _gpu_node(w, "gpu-node-02", gpus=2, product="NVIDIA-L40S")
    annotate(n2, **{"hami.io/node-nvidia-register": _reg(80, 2, "NVIDIA-NVIDIA L40S", 46068),
                    "hami.io/node-handshake": "Requesting_2025-02-18 09:41:07"})
    c = w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _info(c)
    _, dps = _hami_stack(w, img, [("gpu-node-01", "q7m2x"), ("gpu-node-02", "h3v9c")], ready=1)
    dp = dps[0]
    crashloop(dp, "device-plugin", restarts=9, code=2)
    name = dp["metadata"]["name"]
    w.log(_NS, name, "device-plugin",
          "I0218 09:40:52.118204    4127 main.go:210] Starting Plugins.\n"
          "I0218 09:40:52.733519    4127 server.go:215] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
          "I0218 09:40:52.734906    4127 register.go:144] MemoryScaling= 1 registeredmem= 46068\n"
          "panic: runtime error: index out of range [4] with length 4\n\n"
          "goroutine 61 [running]:\n"
          "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.parseNvidiaNumaInfo(0x0, "
          "{0xc0004c2000, 0x2a1})\n"
          "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:97 +0x4b2\n"
          "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin)."
          "getNumaInformation(0xc0001e2a80, 0x0)\n"
          "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:56 +0x1c5\n"
          "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin)."
          "getAPIDevices(0xc0001e2a80)\n"
          "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:158 +0x6f4\n"
          "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin)."
          "RegistrInAnnotation(0xc0001e2a80)\n"
          "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:179 +0x45\n",
          previous=True)
    w.log(_NS, name, "device-plugin",
          "I0218 09:46:13.402771    5519 main.go:210] Starting Plugins.\n"
          "I0218 09:46:13.960118    5519 server.go:215] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    backoff(w, _NS, name, "device-plugin", "gpu-node-01", count=21)
    w.target("Pod", _NS, name)


# ---- ft3902: HAMi-core's accounting keeps released primary contexts: OOM inside the limit (HAMi v2.6.0, #84) -------

@case("ft3902", pod_subj("embed-pipeline-6b8f7d9c4-x2l5n", "ml"),
      "Kubernetes v1.30.6 (assumed); GPU node gpu-node-01 (4 x A100 80GB, 10 vGPU slots each, assumed) and one CPU "
      "node; HAMi v2.6.0 in kube-system (its HAMi-core, libvgpu c0f9da6, lacks the fix; v2.6.1's carries it), "
      "healthy. The vGPU pod ml/embed-pipeline-6b8f7d9c4-x2l5n (nvidia.com/gpu 1, gpumem 16000; image and workload "
      "assumed) runs stages that reset the device between them, so the primary context is released and re-retained "
      "and HAMi-core's accounted usage grows by the context size each time. In the fourth stage an allocation fails: "
      "the previous log shows the HAMi-core ERROR 'Device 0 OOM ...' line (composed from allocator.c's LOG_ERROR and "
      "HAMi-core's log prefix; values assumed) and PyTorch's 'torch.OutOfMemoryError: CUDA out of memory' (composed); "
      "exit code 1, 5 restarts, CrashLoopBackOff, BackOff event. The case's text is PR #84's sentence (prose) and is "
      "not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.6.0"
    n = _gpu_node(w, "gpu-node-01", gpus=4, product="NVIDIA-A100-SXM4-80GB")
    annotate(n, **{"hami.io/node-nvidia-register": _reg(96, 4, "NVIDIA-NVIDIA A100-SXM4-80GB", 81920),
                   "hami.io/node-handshake": "Requesting_2025-07-02 14:20:11"})
    c = w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _info(c)
    _hami_stack(w, img, [("gpu-node-01", "m8d4s")])
    name = "embed-pipeline-6b8f7d9c4-x2l5n"
    p = w.pod("ml", name, node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
              image="registry.example.internal/ml/embed-pipeline:1.4.2", containers=("pipeline",),
              owner=("ReplicaSet", "embed-pipeline-6b8f7d9c4"), cpu="8", memory="32Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "16000"
    annotate(p, **{"hami.io/vgpu-devices-allocated": "GPU-00000060-7c2e-4a1b-9d3f-2e8b00000060,NVIDIA,16000,0:;",
                   "hami.io/vgpu-devices-to-allocate": ";", "hami.io/vgpu-node": "gpu-node-01",
                   "hami.io/bind-phase": "success", "hami.io/vgpu-time": "1751466011"})
    crashloop(p, "pipeline", restarts=5, code=1)
    w.log("ml", name, "pipeline",
          "[HAMI-core Msg(1:140218846922560:libvgpu.c:836)]: Initializing.....\n"
          "2025-07-02 14:31:05,118 INFO stage 1/4 tokenize: done\n"
          "2025-07-02 14:33:47,902 INFO stage 2/4 encode: done\n"
          "2025-07-02 14:36:20,441 INFO stage 3/4 rerank: done\n"
          "[HAMI-core ERROR (pid:1 thread=140218846922560 allocator.c:53)]: Device 0 OOM 16812867584 / 16777216000\n"
          "Traceback (most recent call last):\n"
          "  File \"/app/pipeline.py\", line 212, in <module>\n"
          "    main()\n"
          "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
          "15.62 GiB of which 8.41 GiB is free. Of the allocated memory 5.87 GiB is allocated by PyTorch, and 312.55 "
          "MiB is reserved by PyTorch but unallocated.\n", previous=True)
    w.log("ml", name, "pipeline",
          "[HAMI-core Msg(1:139977215461184:libvgpu.c:836)]: Initializing.....\n"
          "2025-07-02 14:44:02,375 INFO stage 1/4 tokenize: started\n")
    backoff(w, "ml", name, "pipeline", "gpu-node-01", count=14)
    w.target("Pod", "ml", name)


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
