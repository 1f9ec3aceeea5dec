"""Builds first-contact batch A33 (fixtures/first-contact/batch-a33/cases.jsonl) as scenario bundles.

Round 33's frame: the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi, NVIDIA/KAI-Scheduler (now
kai-scheduler/KAI-Scheduler) and NVIDIA/k8s-nim-operator, continuing the frames of rounds 30-32. Two cases, both
HAMi v2.8.2 (the release before each fix):

- fa3301: a stale `hami.io/node-handshake: Deleted_<ts>` keeps the node out of the hami-scheduler's cache: every GPU
  pod Pending with '0/N nodes are available: N node unregistered' (PR #1843, issue #1839; the issue's line, its
  N instantiated in the bundle);
- fa3302: a device with zero capacity makes ComputeScore divide by zero, sort.Sort panics, the
  vgpu-scheduler-extender crash-loops and all GPU scheduling stops (PR #1820, issue #1780; prose).

Neither case's text is placed verbatim in the bundle (TEXT_NOT_IN_BUNDLE): fa3301's text carries the issue's N
placeholders (the bundle carries the N=1 instance), fa3302's is the commit's prose. Events and log lines the
commits and issues do not quote are composed from the v2.8.2 code; names, GPU models and versions are assumed; each
scenario's description says so. The expected answer was reasoned from the fix and committed before any run.

    .venv/bin/python -m tests.classify.first_contact_a33      # (re)writes fixtures/first-contact/batch-a33/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a33", "A33", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# fa3301: the line with N placeholders (the bundle carries its N=1 instance); fa3302: the commit's prose
TEXT_NOT_IN_BUNDLE: set[str] = {"fa3301", "fa3302"}

_K8S = "v1.33.1"
_IMG = "projecthami/hami:v2.8.2"
_NS = "kube-system"
_ML = "ml"


def _hami(w, gpu_node: str, sched_node: str, *, sched_ready: bool = True) -> tuple[dict, dict]:
    """HAMi v2.8.2 in kube-system: the hami-scheduler Deployment (kube-scheduler + vgpu-scheduler-extender) and the
    hami-device-plugin DaemonSet (device-plugin + vgpu-monitor) on the GPU node; returns (scheduler pod, plugin pod)."""
    w.git_version = _K8S
    rs = "hami-scheduler-7d4b9c6f58"
    sp = deploy_pod(w, _NS, rs, f"{rs}-q7m2v", sched_node, containers=("kube-scheduler", "vgpu-scheduler-extender"),
                    image=_IMG, labels={"app.kubernetes.io/component": "hami-scheduler"})
    sp["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{_K8S}"
    ready = 1 if sched_ready else 0
    w.workload("Deployment", _NS, "hami-scheduler", template_pod=sp,
               status={"replicas": 1, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": 1,
                       "observedGeneration": 1})
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    env = [{"name": "NODE_NAME", "value": gpu_node}]
    daemonset(w, _NS, "hami-device-plugin", desired=1, ready=1,
              containers=[("device-plugin", _IMG), ("vgpu-monitor", _IMG)], labels=labels,
              node_selector={"gpu": "on"}, env=env)
    dp = ds_pod(w, _NS, "hami-device-plugin", "hami-device-plugin-m4k8t", gpu_node,
                containers=("device-plugin", "vgpu-monitor"), image=_IMG, labels=dict(labels),
                node_selector={"gpu": "on"}, env=env)
    return sp, dp


def _gpu_node(w, name: str, *, gpus: int, product: str, register: str, handshake: str,
              labels: dict | None = None) -> dict:
    lab = {"gpu": "on", "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true"}
    lab.update(labels or {})
    n = w.node(name, gpus=gpus, cpu="64", memory="527932168Ki", labels=lab)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion=_K8S, kubeProxyVersion=_K8S)
    annotate(n, **{"hami.io/node-nvidia-register": register, "hami.io/node-handshake": handshake})
    return n


def _register(product: str, n: int, mem: int, count: int = 10, seed: int = 0, mems=None) -> str:
    return "[" + ", ".join(
        f'{{"id":"GPU-{seed + i:08x}-5b2e-4c8d-a1f3-7e6d{seed + i:08x}","count":{count},'
        f'"devmem":{(mems[i] if mems else mem)},"devcore":100,"type":"{product}","mode":"hami-core","health":true}}'
        for i in range(n)) + "]"


# ---- fa3301: a stale Deleted_<ts> handshake keeps the node unregistered (#1843, issue #1839) ----------------------

_MSG01 = ("0/1 nodes are available: 1 node unregistered. no new claims to deallocate, preemption: 0/1 nodes are "
          "available: 1 No preemption victims found for incoming pod.")


def _a01_log() -> str:
    lines = []
    for i in range(6):
        s = 5 + 15 * i
        lines.append(f'I0507 09:{14 + s // 60:02d}:{s % 60:02d}.{318204 + 977 * i:06d}       1 device.go:232] '
                     '"checking device health for node" nodeName="spark-5385" deviceType="NVIDIA" currentDevices=2 '
                     'reportedDevices=2')
    return "\n".join(lines) + "\n"


@case("fa3301", pod_subj("llm-bench-0", _ML),
      "A single-node Kubernetes cluster (v1.33.1 assumed) on spark-5385 (the node name the issue's log shows; 2 "
      "GPUs, model NVIDIA RTX 6000 Ada assumed; control plane and GPU workloads on the same node, assumed from "
      "'0/N nodes ... N node unregistered'). HAMi v2.8.2 in kube-system (assumed: the release before the fix): "
      "hami-scheduler and hami-device-plugin Running and healthy; the node's nvidia.com/gpu allocatable 20 (2 GPUs "
      "x the default split 10), hami.io/node-nvidia-register lists both GPUs healthy, and hami.io/node-handshake "
      "is stuck at 'Deleted_2026-05-07 08:51:12' (the Deleted_ + time.DateTime format of v2.8.2's util.go; time "
      "assumed) after a node reboot. The vgpu-scheduler-extender log repeats the issue's quoted health-check line "
      "every 15s (klog headers and times composed). The StatefulSet pod llm-bench-0 in namespace ml (names and "
      "image assumed) uses hami-scheduler, requests one nvidia.com/gpu and is Pending; its FailedScheduling event "
      "carries the issue's message with N=1. The case's text is the issue's line with its N placeholders and is "
      "not in the bundle verbatim.")
def _(w, t):
    _gpu_node(w, "spark-5385", gpus=20, product="NVIDIA-RTX-6000-Ada-Generation",
              register=_register("NVIDIA RTX 6000 Ada Generation", 2, 49140),
              handshake="Deleted_2026-05-07 08:51:12",
              labels={"node-role.kubernetes.io/control-plane": ""})
    sp, _dp = _hami(w, "spark-5385", "spark-5385")
    w.log(_NS, sp["metadata"]["name"], "vgpu-scheduler-extender", _a01_log())
    name = "llm-bench-0"
    w.pod(_ML, name, gpu=1, phase="Pending", scheduler="hami-scheduler", scheduled_message=_MSG01,
          image="vllm/vllm-openai:v0.8.5", containers=("vllm",), cpu="8", memory="32Gi",
          owner=("StatefulSet", "llm-bench"))
    w.event(_ML, "Pod", name, "FailedScheduling", _MSG01, component="hami-scheduler", count=41)
    w.target("Pod", _ML, name)


# ---- fa3302: ComputeScore divides by a zero capacity, the extender panics and crash-loops (#1820, issue #1780) ----

def _a02_log() -> str:
    return (
        'I0423 14:02:11.520377       1 route.go:44] "Into Predicate Route inner func"\n'
        'I0423 14:02:11.521004       1 scheduler.go:540] "Starting schedule filter process" pod="ml/train-a-0" '
        'uuid="2c5b8e71-6a0f-4d3e-9b7c-0e4f1a2d3c6b" namespaces="ml"\n'
        "panic: runtime error: index out of range [-1]\n"
        "\n"
        "goroutine 2113 [running]:\n"
        "github.com/Project-HAMi/HAMi/pkg/scheduler/policy.DeviceUsageList.Swap(...)\n"
        "\t/k8s-vgpu/pkg/scheduler/policy/gpu_policy.go:40\n"
        "sort.insertionSort({0x2a1f3c0, 0xc000a1e3d8}, 0x0, 0x3)\n"
        "\t/usr/local/go/src/sort/zsortinterface.go:12 +0xb1\n"
        "sort.Sort({0x2a1f3c0, 0xc000a1e3d8})\n"
        "\t/usr/local/go/src/sort/sort.go:54 +0x54\n"
        "github.com/Project-HAMi/HAMi/pkg/scheduler.(*Scheduler).calcScore.func1(0xc0004f2a80, 0xc000b3c1e0)\n"
        "\t/k8s-vgpu/pkg/scheduler/score.go:212 +0x3a5\n")


_MSG02 = ('Post "https://127.0.0.1:443/filter": dial tcp 127.0.0.1:443: connect: connection refused')


@case("fa3302", pod_subj("hami-scheduler-7d4b9c6f58-q7m2v", _NS),
      "Kubernetes v1.33.1 (assumed); two GPU nodes gpu-node-01 and gpu-node-02 (2 x NVIDIA L40S each; assumed) and "
      "one CPU node cpu-node-01; HAMi v2.8.2 in kube-system (assumed: the release before the fix). gpu-node-02's "
      "hami.io/node-nvidia-register lists one device with devmem 0 (assumed: the commit names a zero Count, "
      "Totalcore or Totalmem; the issue's trigger was an oversized request). The hami-scheduler pod's kube-scheduler "
      "container runs; its vgpu-scheduler-extender container is in CrashLoopBackOff with exit code 2 (the issue's "
      "'exit code 2' and 'CrashLoopBackOff'; restart count assumed), its previous log ending in an index-out-of-range "
      "panic under sort.Sort in calcScore (composed from the v2.8.2 code, not quoted); a kubelet BackOff event; the "
      "Deployment has 0 ready replicas. Two GPU pods in namespace ml (names and images assumed) using hami-scheduler "
      "are Pending with a FailedScheduling event naming the refused extender filter call (composed from the chart's "
      "extender urlPrefix https://127.0.0.1:443 and filterVerb, not quoted). The case's text is the commit's prose "
      "and is not in the bundle.")
def _(w, t):
    for i, mems in ((1, None), (2, [46068, 0])):
        _gpu_node(w, f"gpu-node-0{i}", gpus=20, product="NVIDIA-L40S",
                  register=_register("NVIDIA L40S", 2, 46068, seed=16 * i, mems=mems),
                  handshake="Requesting_2026-04-23 14:01:58")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    sp, _dp = _hami(w, "gpu-node-01", "cpu-node-01", sched_ready=False)
    name = sp["metadata"]["name"]
    crashloop(sp, "vgpu-scheduler-extender", restarts=31, code=2, reason="Error")
    w.log(_NS, name, "vgpu-scheduler-extender", _a02_log(), previous=True)
    backoff(w, _NS, name, "vgpu-scheduler-extender", "cpu-node-01", count=118)
    for pod, gpus in (("train-a-0", 4), ("embed-b-0", 1)):
        w.pod(_ML, pod, gpu=gpus, phase="Pending", scheduler="hami-scheduler", scheduled_message=_MSG02,
              image="nvcr.io/nvidia/pytorch:25.03-py3", containers=("trainer",), cpu="8", memory="32Gi",
              owner=("StatefulSet", pod.rsplit("-", 1)[0]))
        w.event(_ML, "Pod", pod, "FailedScheduling", _MSG02, component="hami-scheduler", count=26)
    w.target("Pod", _NS, name)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
