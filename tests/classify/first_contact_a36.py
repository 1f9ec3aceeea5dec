"""Builds first-contact batch A36 (fixtures/first-contact/batch-a36/cases.jsonl) as scenario bundles.

Round 36's frame: the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi (continuing rounds 30-35),
Project-HAMi/HAMi-core and Project-HAMi/volcano-vgpu-device-plugin (first sampled here). Five cases:

- fa3601: HAMi v2.6.1: a vGPU pod deleted while hami-scheduler held the node lock leaves hami.io/mutex.lock
  dangling; the next vGPU pod for that node cannot be bound until the lock expires (commit 82e35aca, PR #1271;
  prose: the PR's sentence);
- fa3602: HAMi v2.8.2: the workload's dynamic loader rejects HAMi-core's libvgpu.so: 'undefined symbol: _dl_sym,
  version GLIBC_PRIVATE' (commit 70fdbc1, PR #175, issue #174; verbatim);
- fa3603: HAMi v2.8.0: vLLM 0.18.0 segfaults in HAMi-core's cuMemCreate hook, 'Illegal device id' (commit 833c62c,
  PR #172, issue #169; verbatim from the issue);
- fa3604: volcano-vgpu-device-plugin v1.11.0: the ConfigMap's gpuMemoryFactor is overridden by the flag default,
  the kubelet drops the oversized ListAndWatch and volcano.sh/vgpu-memory is 0 (commit 54e936d, PR #119; prose);
- fa3605: volcano-vgpu-device-plugin v1.9.0: Allocate dereferences a nil pending pod and the plugin crash-loops
  (commit 8edd6cc, PR #3, issue #2; prose: the issue's title).

Every event, log line and status message not quoted by a case's thread is composed (kubelet, kube-scheduler,
Volcano and Go runtime wording, HAMi/HAMi-core/vLLM log shapes); names, GPU models and versions are assumed;
each scenario's description says so. The expected answers were reasoned from the fixes and committed before
any run.

    .venv/bin/python -m tests.classify.first_contact_a36      # (re)writes fixtures/first-contact/batch-a36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a36", "A36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fa3601", "fa3604", "fa3605"}

_K8S = "v1.31.4"
_NS = "kube-system"


def _reg(seed: int, n: int, model: str, mem: int) -> str:
    return "[" + ", ".join(
        f'{{"id":"GPU-{seed + i:08x}-3b1d-4c6e-8f2a-6d9e{seed + i:08x}","count":10,"devmem":{mem},"devcore":100,'
        f'"type":"{model}","mode":"hami-core","health":true}}' for i in range(n)) + "]"


def _info(n: dict, k8s: str = _K8S, os_image: str = "Ubuntu 22.04.5 LTS", kernel: str = "5.15.0-125-generic") -> None:
    node_info(n, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion="containerd://1.7.24",
              kubeletVersion=k8s, kubeProxyVersion=k8s)


def _hami_node(w, name: str, seed: int, *, handshake: str, model: str = "NVIDIA A100-SXM4-80GB", mem: int = 81920,
               product: str = "NVIDIA-A100-SXM4-80GB", os_image: str = "Ubuntu 22.04.5 LTS",
               kernel: str = "5.15.0-125-generic") -> dict:
    lab = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true", "gpu": "on"}
    n = w.node(name, gpus=40, cpu="96", memory="1056561152Ki", labels=lab)
    _info(n, os_image=os_image, kernel=kernel)
    annotate(n, **{"hami.io/node-nvidia-register": _reg(seed, 4, model, mem), "hami.io/node-handshake": handshake})
    return n


def _hami_stack(w, img: str, nodes: list[tuple[str, str]]) -> dict:
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    daemonset(w, _NS, "hami-device-plugin", desired=len(nodes), ready=len(nodes),
              containers=[("device-plugin", img), ("vgpu-monitor", img)], labels=labels,
              node_selector={"gpu": "on"})
    for node, sfx in nodes:
        ds_pod(w, _NS, "hami-device-plugin", f"hami-device-plugin-{sfx}", node,
               containers=("device-plugin", "vgpu-monitor"), image=img, labels=dict(labels),
               node_selector={"gpu": "on"})
    rs = "hami-scheduler-6f8d9c4b7a"
    p = deploy_pod(w, _NS, rs, f"{rs}-w2n5q", "cpu-node-01",
                   containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app.kubernetes.io/component": "hami-scheduler"})
    p["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{_K8S}"
    w.workload("Deployment", _NS, "hami-scheduler", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    return p


def _hami_alloc(p: dict, uuid: str, mem: int, node: str) -> None:
    annotate(p, **{"hami.io/vgpu-devices-allocated": f"{uuid},NVIDIA,{mem},0:;",
                   "hami.io/vgpu-devices-to-allocate": ";", "hami.io/vgpu-node": node,
                   "hami.io/bind-phase": "success", "hami.io/vgpu-time": "1776752040"})


# ---- fa3601: a dangling hami.io/mutex.lock stalls binding (HAMi v2.6.1, fixed by #1271) ---------------------------

@case("fa3601", pod_subj("train-worker-4", "ml"),
      "Kubernetes v1.31.4 (assumed); one GPU node gpu-node-01 (4 x A100 80GB, 10 vGPU slots each, assumed) and one "
      "CPU node; HAMi v2.6.1 in kube-system (the release before the fix; v2.7.0 carries it). The vGPU pod "
      "ml/train-worker-3 was deleted while hami-scheduler's bind held the node lock: gpu-node-01 still carries "
      "hami.io/mutex.lock '2025-08-18T09:12:40Z,ml,train-worker-3' (format as the code writes it) and no such pod "
      "exists. The next vGPU pod ml/train-worker-4 stays Pending: hami-scheduler's BindingFailed event 'node "
      "gpu-node-01 has been locked within 5m0s' and kube-scheduler's FailedScheduling 'binding rejected: ...' "
      "(both composed from the code), the extender's 'Failed to lock node' log line (composed). Other vGPU pods on "
      "the node run; the device plugin is healthy. The case's text is the PR's sentence (prose) and is not in the "
      "bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.6.1"
    n = _hami_node(w, "gpu-node-01", 16, handshake="Requesting_2025-08-18 09:14:02")
    annotate(n, **{"hami.io/mutex.lock": "2025-08-18T09:12:40Z,ml,train-worker-3"})
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami_stack(w, img, [("gpu-node-01", "k2m9d")])
    w.log(_NS, p["metadata"]["name"], "vgpu-scheduler-extender",
          "I0818 09:14:21.402117       1 scheduler.go:470] \"Attempting to bind pod to node\" pod=\"train-worker-4\" "
          "namespace=\"ml\" node=\"gpu-node-01\"\n"
          "E0818 09:14:21.409852       1 scheduler.go:501] \"Failed to lock node\" err=\"node gpu-node-01 has been "
          "locked within 5m0s\" node=\"gpu-node-01\" device=\"NVIDIA\"\n"
          "I0818 09:14:21.409903       1 scheduler.go:525] \"Release node locks\" node=\"gpu-node-01\"\n"
          "I0818 09:14:21.411240       1 nodelock.go:121] \"NodeLock is not set by this pod\" "
          "2025-08-18T09:12:40Z,ml,train-worker-3=\"pod\" train-worker-4=\"(MISSING)\"\n")
    for i in range(3):
        r = w.pod("ml", f"train-worker-{i}", node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
                  image="nvcr.io/nvidia/pytorch:25.06-py3", containers=("trainer",), owner=("Job", "train"))
        _hami_alloc(r, f"GPU-{16 + i:08x}-3b1d-4c6e-8f2a-6d9e{16 + i:08x}", 20000, "gpu-node-01")
    w.pod("ml", "train-worker-4", gpu=1, scheduler="hami-scheduler", phase="Pending",
          image="nvcr.io/nvidia/pytorch:25.06-py3", containers=("trainer",), owner=("Job", "train"))
    w.event("ml", "Pod", "train-worker-4", "BindingFailed", "node gpu-node-01 has been locked within 5m0s",
            component="hami-scheduler", count=6)
    w.event("ml", "Pod", "train-worker-4", "FailedScheduling",
            "binding rejected: node gpu-node-01 has been locked within 5m0s", component="hami-scheduler", count=6)
    w.target("Pod", "ml", "train-worker-4")


# ---- fa3602: libvgpu.so cannot be linked: undefined symbol _dl_sym (HAMi v2.8.2, fixed by HAMi-core #175) ---------

@case("fa3602", pod_subj("service-7c9d8f6b5-h4k2t", "apps"),
      "Kubernetes v1.31.4 (assumed); GPU node gpu-node-01 (4 x A100 80GB, assumed) running ctyunos 23.01 (issue "
      "#174's environment) and one CPU node; HAMi v2.8.2 in kube-system (its HAMi-core lacks the fix; v2.8.3 "
      "carries it). The vGPU pod apps/service-7c9d8f6b5-h4k2t (nvidia.com/gpu 1, gpumem 10240; image assumed) is "
      "bound and allocated (HAMi annotations composed); its container starts, HAMi-core prints 'Initializing.....' "
      "and the dynamic loader stops the binary: './Service: symbol lookup error: /usr/local/vgpu/libvgpu.so: "
      "undefined symbol: _dl_sym, version GLIBC_PRIVATE' (the issue's line re-joined; pid, thread id and path of "
      "the binary composed). Exit code 127, 6 restarts, CrashLoopBackOff and the kubelet's BackOff event. The HAMi "
      "stack is healthy. The case's text is placed verbatim in the container's previous log.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.8.2"
    _hami_node(w, "gpu-node-01", 32, handshake="Requesting_2026-04-20 10:12:41", os_image="ctyunos 23.01",
               kernel="5.10.0-136.12.0.86.ctl3.x86_64")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami_stack(w, img, [("gpu-node-01", "x7p3r")])
    name = "service-7c9d8f6b5-h4k2t"
    p = w.pod("apps", name, node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
              image="registry.example.internal/apps/service:3.2.0", containers=("service",),
              owner=("ReplicaSet", "service-7c9d8f6b5"))
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "10240"
    _hami_alloc(p, "GPU-00000020-3b1d-4c6e-8f2a-6d9e00000020", 10240, "gpu-node-01")
    crashloop(p, "service", restarts=6, code=127)
    w.log("apps", name, "service",
          "[HAMI-core Msg(1:140127352493888:libvgpu.c:839)]: Initializing.....\n"
          f"./Service: symbol lookup error: /usr/local/vgpu/libvgpu.so: {t}\n", previous=True)
    w.log("apps", name, "service", "[HAMI-core Msg(1:139862517331776:libvgpu.c:839)]: Initializing.....\n")
    backoff(w, "apps", name, "service", "gpu-node-01", count=27)
    w.target("Pod", "apps", name)


# ---- fa3603: vLLM segfaults in HAMi-core's cuMemCreate hook (HAMi v2.8.0, fixed by HAMi-core #172) ----------------

@case("fa3603", pod_subj("qwen-vllm-0", "llm"),
      "Kubernetes v1.31.4 (assumed); GPU node gpu-node-01 (4 x H800 80GB, assumed) and one CPU node; HAMi v2.8.0 in "
      "kube-system (its HAMi-core lacks the fix; v2.8.1 carries it). The vLLM 0.18.0 pod llm/qwen-vllm-0 "
      "(nvidia.com/gpu 1, gpumem 40960) starts; before the model is loaded the container log shows issue #169's "
      "lines: the HAMi-core ERROR 'Illegal device id: 850725928', '!!!!!!! Segfault encountered !!!!!!!' and the "
      "stack through get_current_device_memory_limit, oom_check, cuMemCreate and ncclCuMemHostEnable (quoted); the "
      "vLLM start lines before them, exit code 139, 4 restarts and the BackOff event are composed. The HAMi stack "
      "is healthy. The case's text is placed verbatim in the container's previous log.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.8.0"
    _hami_node(w, "gpu-node-01", 48, handshake="Requesting_2026-04-13 08:40:17", model="NVIDIA H800",
               product="NVIDIA-H800")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami_stack(w, img, [("gpu-node-01", "b5t8m")])
    name = "qwen-vllm-0"
    p = w.pod("llm", name, node="gpu-node-01", gpu=1, scheduler="hami-scheduler", image="vllm/vllm-openai:v0.18.0",
              containers=("vllm",), owner=("StatefulSet", "qwen-vllm"), cpu="16", memory="96Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "40960"
    _hami_alloc(p, "GPU-00000030-3b1d-4c6e-8f2a-6d9e00000030", 40960, "gpu-node-01")
    crashloop(p, "vllm", restarts=4, code=139)
    w.log("llm", name, "vllm",
          "INFO 04-13 08:52:11 [api_server.py:1880] vLLM API server version 0.18.0\n"
          "INFO 04-13 08:52:30 [parallel_state.py:1165] world_size=1 rank=0 local_rank=0 backend=nccl\n"
          f"{t}\n"
          "!!!!!!! Segfault encountered !!!!!!!\n"
          "  File \"/libvgpu/src/multiprocess/multiprocess_memory_limit.c\", line 833, in "
          "get_current_device_memory_limit\n"
          "  File \"/libvgpu/src/allocator/allocator.c\", line 44, in oom_check\n"
          "  File \"/libvgpu/src/cuda/memory.c\", line 582, in cuMemCreate\n"
          "  File \"misc/cudawrap.cc\", line 92, in ncclCuMemHostEnable()\n", previous=True)
    w.log("llm", name, "vllm", "INFO 04-13 08:58:02 [api_server.py:1880] vLLM API server version 0.18.0\n")
    backoff(w, "llm", name, "vllm", "gpu-node-01", count=12)
    w.target("Pod", "llm", name)


# ---- fa3604: volcano.sh/vgpu-memory advertised as 0 (volcano-vgpu-device-plugin v1.11.0, fixed by #119) ------------

def _volcano_node(w, name: str, *, mem: str, number: str, cores: str, gpus: int, product: str, k8s: str) -> dict:
    n = w.node(name, gpus=int(number), resource="volcano.sh/vgpu-number", cpu="64", memory="527938872Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                       "nvidia.com/gpu.count": str(gpus), "feature.node.kubernetes.io/pci-10de.present": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"volcano.sh/vgpu-memory": mem, "volcano.sh/vgpu-cores": cores})
    _info(n, k8s=k8s)
    return n


def _volcano_plugin(w, img: str, node: str, sfx: str, containers=("volcano-device-plugin",)) -> dict:
    labels = {"name": "volcano-device-plugin"}
    daemonset(w, _NS, "volcano-device-plugin", desired=1, ready=1, containers=[(c, img) for c in containers],
              labels=labels)
    return ds_pod(w, _NS, "volcano-device-plugin", f"volcano-device-plugin-{sfx}", node, containers=containers,
                  image=img, labels=dict(labels))


def _volcano_scheduler(w, ver: str) -> None:
    p = deploy_pod(w, "volcano-system", "volcano-scheduler-5d7b9c8f4", "volcano-scheduler-5d7b9c8f4-r8m2c",
                   "cpu-node-01", containers=("volcano-scheduler",), image=f"volcanosh/vc-scheduler:{ver}",
                   labels={"app": "volcano-scheduler"})
    w.workload("Deployment", "volcano-system", "volcano-scheduler", template_pod=p)


@case("fa3604", pod_subj("finetune-worker-0", "ml"),
      "Kubernetes v1.31.4 (assumed); GPU node gpu-node-01 (2 x NVIDIA L40S, assumed) and one CPU node; Volcano "
      "v1.13.0 (assumed) with volcano-vgpu-device-plugin v1.11.0 in kube-system (the release before the fix; v1.12.0 "
      "carries it). The volcano-vgpu-device-config ConfigMap sets gpuMemoryFactor: 1024 (not in the bundle), but "
      "v1.11.0 applies the flag default 1: the plugin advertises ~92 K one-MiB devices, the kubelet drops the "
      "ListAndWatch response (its journal is not in the bundle), and gpu-node-01 shows volcano.sh/vgpu-memory 0 in "
      "capacity and allocatable while vgpu-number 20 and vgpu-cores 200 are advertised. The Volcano job pod "
      "ml/finetune-worker-0 (vgpu-number 1, vgpu-memory 16) stays Pending with vc-scheduler's FailedScheduling "
      "event (composed). The plugin pod (device plugin and monitor containers) runs; its log lines are composed. The "
      "case's text is the commit's sentence (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    _volcano_node(w, "gpu-node-01", mem="0", number="20", cores="200", gpus=2, product="NVIDIA-L40S", k8s=_K8S)
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    img = "docker.io/projecthami/volcano-vgpu-device-plugin:v1.11.0"
    dp = _volcano_plugin(w, img, "gpu-node-01", "q9w4z", containers=("volcano-device-plugin", "monitor"))
    w.log(_NS, dp["metadata"]["name"], "volcano-device-plugin",
          "I0421 07:30:02.118420       1 main.go:215] Starting Plugins.\n"
          "I0421 07:30:02.906311       1 register.go:104] Reporting devices "
          "GPU-5c1e9a2f-7d3b-4e8a-b1f6-2a9c4d7e0b13,10,46068,100,NVIDIA-NVIDIA L40S,0,true:"
          "GPU-8e4b2d7c-1a6f-4c3e-9d05-7b2e6a1f4c88,10,46068,100,NVIDIA-NVIDIA L40S,0,true: in "
          "2026-04-21 07:30:02.906288461 +0000 UTC m=+0.904210771\n"
          "I0421 07:30:03.012774       1 server.go:254] Registered device plugin for 'volcano.sh/vgpu-memory' with "
          "Kubelet\n")
    _volcano_scheduler(w, "v1.13.0")
    p = w.pod("ml", "finetune-worker-0", gpu=1, resource="volcano.sh/vgpu-number", scheduler="volcano",
              phase="Pending", image="nvcr.io/nvidia/pytorch:26.03-py3", containers=("worker",),
              owner=("Job", "finetune"))
    for k in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][k]["volcano.sh/vgpu-memory"] = "16"
    w.event("ml", "Pod", "finetune-worker-0", "FailedScheduling",
            "0/2 nodes are unavailable: 1 Insufficient volcano.sh/vgpu-memory, 1 Insufficient volcano.sh/vgpu-number.",
            component="volcano", count=14)
    w.target("Pod", "ml", "finetune-worker-0")


# ---- fa3605: volcano-device-plugin panics in Allocate (volcano-vgpu-device-plugin v1.9.0, fixed by #3) -------------

@case("fa3605", pod_subj("volcano-device-plugin-f6x2k", _NS),
      "Kubernetes v1.28.9 (assumed); GPU node gpu-node-01 (2 x Tesla T4, assumed) and one CPU node; Volcano v1.8.2 "
      "with volcano-vgpu-device-plugin v1.9.0 in kube-system (issue #2's versions; v1.10.0 carries the fix). "
      "Volcano's vGPU predicate is not enabled (issue #2), so vc-scheduler bound the pod default/gpu-pod1 "
      "(vgpu-number 1, vgpu-memory 3000) without the vGPU bind annotations. The kubelet's Allocate call makes the "
      "plugin panic: its previous log ends with 'panic: runtime error: invalid memory address or nil pointer "
      "dereference' and a goroutine trace at plugin.go:313 (composed in the Go runtime's format at the line PR #3 "
      "names); exit code 2, 8 restarts, CrashLoopBackOff, BackOff event. gpu-pod1 is Failed with "
      "UnexpectedAdmissionError (the Allocate RPC failed; kubelet wording composed). The case's text is issue #2's "
      "title (prose) and is not in the bundle.")
def _(w, t):
    k8s = "v1.28.9"
    w.git_version = k8s
    _volcano_node(w, "gpu-node-01", mem="30218", number="20", cores="200", gpus=2, product="Tesla-T4", k8s=k8s)
    n2 = w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _info(n2, k8s=k8s)
    img = "projecthami/volcano-vgpu-device-plugin:v1.9.0"
    dp = _volcano_plugin(w, img, "gpu-node-01", "f6x2k")
    crashloop(dp, "volcano-device-plugin", restarts=8, code=2)
    name = dp["metadata"]["name"]
    w.log(_NS, name, "volcano-device-plugin",
          "I0513 08:21:44.102311       1 plugin.go:296] Allocate [&ContainerAllocateRequest{DevicesIDs:"
          "[GPU-3f7a1c2e-9b4d-4e6f-a812-5c0d7e9b1a34-3],}]\n"
          "panic: runtime error: invalid memory address or nil pointer dereference\n"
          "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1092953]\n\n"
          "goroutine 87 [running]:\n"
          "volcano.sh/k8s-device-plugin/pkg/plugin/vgpu.(*NvidiaDevicePlugin).Allocate(0xc0001bc280, "
          "{0x14cff80, 0xc00045c720}, 0xc0004427c0)\n"
          "\t/go/src/volcano.sh/devices/pkg/plugin/vgpu/plugin.go:313 +0x353\n", previous=True)
    w.log(_NS, name, "volcano-device-plugin",
          "I0513 08:23:10.551872       1 main.go:198] Starting FS watcher.\n"
          "I0513 08:23:10.552016       1 main.go:215] Starting Plugins.\n")
    backoff(w, _NS, name, "volcano-device-plugin", "gpu-node-01", count=19)
    _volcano_scheduler(w, "v1.8.2")
    msg = ("Allocate failed due to rpc error: code = Unavailable desc = error reading from server: EOF, "
           "which is unexpected")
    p = w.pod("default", "gpu-pod1", node="gpu-node-01", gpu=1, resource="volcano.sh/vgpu-number",
              scheduler="volcano", phase="Failed", reason="UnexpectedAdmissionError", message=msg,
              image="ubuntu:18.04", containers=("cuda-container",))
    for k in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][k]["volcano.sh/vgpu-memory"] = "3000"
    w.event("default", "Pod", "gpu-pod1", "UnexpectedAdmissionError", msg, component="kubelet", host="gpu-node-01")
    w.target("Pod", _NS, name)


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
