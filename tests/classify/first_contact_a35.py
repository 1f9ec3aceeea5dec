"""Builds first-contact batch A35 (fixtures/first-contact/batch-a35/cases.jsonl) as scenario bundles.

Round 35's frame: the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi (continuing rounds 30-34),
kaito-project/kaito (GPU-filtered, continuing rounds 33-34) and NVIDIA/k8s-nim-operator (continuing C32, A33).
Four cases:

- fa3501: HAMi v2.7.0: the hami-scheduler's vgpu-scheduler-extender dies of a Go runtime 'concurrent map read and
  map write' fatal error (ListNodes returned the node manager's own map) and restarts (commit 495c4235, PR #1476;
  prose: the commit's subject);
- fa3502: HAMi v2.7.0: the hami-device-plugin was removed from a GPU node (its `gpu=on` label taken off), but
  hami-scheduler still schedules vGPU pods to it (the handshake annotation was never checked: the scheduler read an
  empty HandshakeAnnos map); the kubelet rejects the bound pod (commit 5f7f0a19, PR #1456; prose);
- fa3503: HAMi v2.6.1: one GPU of a node is reported health=false in hami.io/node-nvidia-register, yet the
  scheduler's Fit still assigns pods to it, 'leading to pod not running' (commit 948c8660, PR #1336; prose);
- fa3504: KAITO v0.3.1: the chart's nvidia-device-plugin (mcr 1.11, no PASS_DEVICE_SPECS) leaves workspace pods to
  lose GPU access after a systemd daemon-reload: NVML 'Unknown Error' (commit 0abe5d7da, PR #639; prose).

All four texts are the commits' subjects (prose) and are not in the bundle (TEXT_NOT_IN_BUNDLE). Every log line,
event and status message in the bundles is composed (kubelet and Go runtime wording, HAMi/vLLM log shapes); names,
GPU models and versions are assumed; each scenario's description says so. The expected answers were reasoned from
the fixes and committed before any run.

    .venv/bin/python -m tests.classify.first_contact_a35      # (re)writes fixtures/first-contact/batch-a35/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a35", "A35", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fa3501", "fa3502", "fa3503", "fa3504"}

_K8S = "v1.31.4"
_NS = "kube-system"


def _reg(seed: int, n: int, model: str, mem: int, unhealthy=()) -> str:
    return "[" + ", ".join(
        f'{{"id":"GPU-{seed + i:08x}-3b1d-4c6e-8f2a-6d9e{seed + i:08x}","count":10,"devmem":{mem},"devcore":100,'
        f'"type":"{model}","mode":"hami-core","health":{"false" if i in unhealthy else "true"}}}'
        for i in range(n)) + "]"


def _hami_node(w, name: str, seed: int, *, gpu_label: bool = True, gpus: int = 40, alloc=None,
               handshake: str = "Requesting_2025-11-03 09:41:12", unhealthy=(), model: str = "NVIDIA A100-SXM4-80GB",
               mem: int = 81920, product: str = "NVIDIA-A100-SXM4-80GB") -> dict:
    lab = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true"}
    if gpu_label:
        lab["gpu"] = "on"
    n = w.node(name, gpus=gpus, allocatable=gpus if alloc is None else alloc, cpu="96", memory="1056561152Ki",
               labels=lab)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-125-generic",
              containerRuntimeVersion="containerd://1.7.24", kubeletVersion=_K8S, kubeProxyVersion=_K8S)
    annotate(n, **{"hami.io/node-nvidia-register": _reg(seed, 4, model, mem, unhealthy),
                   "hami.io/node-handshake": handshake})
    return n


def _hami_stack(w, img: str, nodes: list[tuple[str, str]], *, scheduler_pod=None) -> dict:
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    daemonset(w, _NS, "hami-device-plugin", desired=len(nodes), ready=len(nodes),
              containers=[("device-plugin", img), ("vgpu-monitor", img)], labels=labels,
              node_selector={"gpu": "on"})
    for node, sfx in nodes:
        ds_pod(w, _NS, "hami-device-plugin", f"hami-device-plugin-{sfx}", node,
               containers=("device-plugin", "vgpu-monitor"), image=img, labels=dict(labels),
               node_selector={"gpu": "on"})
    rs = "hami-scheduler-7d9c5b6f48"
    p = deploy_pod(w, _NS, rs, scheduler_pod or f"{rs}-m4t8x", "cpu-node-01",
                   containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app.kubernetes.io/component": "hami-scheduler"})
    p["spec"]["containers"][0]["image"] = f"registry.k8s.io/kube-scheduler:{_K8S}"
    return p


def _sched_deploy(w, p: dict, ready: int) -> None:
    w.workload("Deployment", _NS, "hami-scheduler", template_pod=p,
               status={"replicas": 1, "readyReplicas": ready, "availableReplicas": ready,
                       "unavailableReplicas": 1 - ready, "updatedReplicas": 1, "observedGeneration": 1})


# ---- fa3501: hami-scheduler extender fatal error: concurrent map read and map write (v2.7.0, fixed by #1476) -----

@case("fa3501", pod_subj("hami-scheduler-7d9c5b6f48-m4t8x", _NS),
      "Kubernetes v1.31.4 (assumed); four GPU nodes gpu-node-01..04 (4 x A100 80GB each, assumed) and one CPU node; "
      "HAMi v2.7.0 in kube-system (the release before the fix; v2.7.1 carries it) with one hami-scheduler replica. "
      "Under a burst of vGPU pod creations the vgpu-scheduler-extender container dies: the Go runtime's 'fatal "
      "error: concurrent map read and map write' with a goroutine trace through the node manager's ListNodes "
      "(composed; the commit names only the fatal error), exit code 2, 9 restarts, CrashLoopBackOff and the kubelet's "
      "BackOff event; the Deployment shows 0/1 ready. Two vGPU pods in namespace ml with schedulerName hami-scheduler "
      "sit Pending with no event (the extender is down); others run. The hami-device-plugin DaemonSet is healthy. "
      "The case's text is the commit's subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.7.0"
    nodes = []
    for i in range(1, 5):
        _hami_node(w, f"gpu-node-0{i}", 16 * i, handshake="Requesting_2025-11-05 14:02:37")
        nodes.append((f"gpu-node-0{i}", "k2m9d q7w3z f5h8n r1t6b".split()[i - 1]))
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami_stack(w, img, nodes)
    crashloop(p, "vgpu-scheduler-extender", restarts=9, code=2)
    name = p["metadata"]["name"]
    prev = ("I1105 14:02:31.118204       1 scheduler.go:512] \"Starting schedule filter process\" "
            "pod=\"ml/train-worker-7\" uuid=\"3f0c9a1e-5b7d-4e2f-9c1a-8d6b2e4f7a10\"\n"
            "fatal error: concurrent map read and map write\n\n"
            "goroutine 4187 [running]:\n"
            "github.com/Project-HAMi/HAMi/pkg/scheduler.(*Scheduler).getNodesUsage(0xc0004a2000, 0xc00f1e2a80, "
            "0xc01b3c6f00)\n"
            "\t/k8s-vgpu/pkg/scheduler/scheduler.go:394 +0x1c5\n"
            "github.com/Project-HAMi/HAMi/pkg/scheduler.(*Scheduler).Filter(0xc0004a2000, {{0xc00f1e2a80, 0x1}, "
            "0xc01b3c6f00, 0x0, 0xc00d8e1a40})\n"
            "\t/k8s-vgpu/pkg/scheduler/scheduler.go:521 +0x2a9\n")
    w.log(_NS, name, "vgpu-scheduler-extender", prev, previous=True)
    w.log(_NS, name, "vgpu-scheduler-extender",
          "I1105 14:07:44.902117       1 main.go:78] \"Starting HAMi scheduler\" version=\"v2.7.0\"\n")
    backoff(w, _NS, name, "vgpu-scheduler-extender", "cpu-node-01", count=41)
    _sched_deploy(w, p, 0)
    for i in range(4):
        w.pod("ml", f"train-worker-{i}", node=f"gpu-node-0{i + 1}", gpu=1, scheduler="hami-scheduler",
              image="nvcr.io/nvidia/pytorch:25.09-py3", containers=("trainer",), owner=("Job", "train"))
    for i in (7, 8):
        w.pod("ml", f"train-worker-{i}", gpu=1, scheduler="hami-scheduler", phase="Pending",
              image="nvcr.io/nvidia/pytorch:25.09-py3", containers=("trainer",), owner=("Job", "train"))
    w.target("Pod", _NS, name)


# ---- fa3502: device plugin removed from a node, hami-scheduler still schedules there (v2.7.0, fixed by #1456) -----

@case("fa3502", pod_subj("infer-6b8f9c7d5-x2k4p", "ml"),
      "Kubernetes v1.31.4 (assumed); GPU nodes gpu-node-01 and gpu-node-02 (4 x A100 80GB each, assumed), one CPU "
      "node; HAMi v2.7.0 in kube-system (the release before the fix). The admin took the hami-device-plugin off "
      "gpu-node-02 by removing its gpu=on label (assumed way of removal): the DaemonSet now selects one node and no "
      "hami-device-plugin pod runs on gpu-node-02; the kubelet dropped the node's nvidia.com/gpu (capacity and "
      "allocatable 0, assumed); the node keeps its stale hami.io/node-nvidia-register annotation and an old "
      "'Requesting_...' handshake that v2.7.0's scheduler never checks (it read an empty HandshakeAnnos map). "
      "hami-scheduler still binds the vGPU pod infer-6b8f9c7d5-x2k4p to gpu-node-02; the kubelet rejects it at "
      "admission (phase Failed, reason OutOfnvidia.com/gpu; kubelet wording composed); the ReplicaSet keeps "
      "recreating it. The case's text is the commit's subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.7.0"
    _hami_node(w, "gpu-node-01", 16, handshake="Requesting_2025-11-03 09:41:12")
    _hami_node(w, "gpu-node-02", 32, gpu_label=False, gpus=0, alloc=0, handshake="Requesting_2025-10-30 17:12:05")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami_stack(w, img, [("gpu-node-01", "k2m9d")])
    _sched_deploy(w, p, 1)
    w.log(_NS, p["metadata"]["name"], "vgpu-scheduler-extender",
          "I1103 09:41:40.551203       1 scheduler.go:512] \"Starting schedule filter process\" "
          "pod=\"ml/infer-6b8f9c7d5-x2k4p\"\n"
          "I1103 09:41:40.553871       1 scheduler.go:590] \"Schedule pod to node\" pod=\"ml/infer-6b8f9c7d5-x2k4p\" "
          "node=\"gpu-node-02\"\n")
    w.pod("ml", "infer-6b8f9c7d5-h7q2m", node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
          image="vllm/vllm-openai:v0.11.0", containers=("vllm",), owner=("ReplicaSet", "infer-6b8f9c7d5"))
    msg = "Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0"
    w.pod("ml", "infer-6b8f9c7d5-x2k4p", node="gpu-node-02", gpu=1, scheduler="hami-scheduler", phase="Failed",
          reason="OutOfnvidia.com/gpu", message=msg, image="vllm/vllm-openai:v0.11.0", containers=("vllm",),
          owner=("ReplicaSet", "infer-6b8f9c7d5"))
    w.event("ml", "Pod", "infer-6b8f9c7d5-x2k4p", "OutOfnvidia.com/gpu",
            "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0",
            component="kubelet", host="gpu-node-02")
    w.target("Pod", "ml", "infer-6b8f9c7d5-x2k4p")


# ---- fa3503: a health=false GPU still gets pods (v2.6.1, fixed by #1336) ------------------------------------------

@case("fa3503", pod_subj("embed-0", "ml"),
      "Kubernetes v1.31.4 (assumed); GPU node gpu-node-01 (4 x NVIDIA L40S, assumed) and one CPU node; HAMi v2.6.1 "
      "in kube-system (the release before the fix). The hami-device-plugin marked one GPU unhealthy: its entry in "
      "hami.io/node-nvidia-register carries \"health\":false and the node's nvidia.com/gpu allocatable is 30 of "
      "capacity 40 (10 vGPU slots per card); the device-plugin log's unhealthy-device line is composed. v2.6.1's "
      "NVIDIA Fit does not check device health, so hami-scheduler assigns the pod embed-0 to the unhealthy card "
      "(hami.io/vgpu-devices-allocated names its UUID; composed) and binds it; the PR says this leads to 'pod not "
      "running': the pod sits in ContainerCreating (assumed form). Other pods on healthy cards run. The case's text "
      "is the commit's subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S
    img = "projecthami/hami:v2.6.1"
    n = _hami_node(w, "gpu-node-01", 48, alloc=30, unhealthy=(2,), model="NVIDIA L40S", mem=46068,
                   product="NVIDIA-L40S", handshake="Requesting_2025-09-10 11:20:44")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    p = _hami_stack(w, img, [("gpu-node-01", "k2m9d")])
    _sched_deploy(w, p, 1)
    bad = "GPU-00000032-3b1d-4c6e-8f2a-6d9e00000032"
    w.log(_NS, "hami-device-plugin-k2m9d", "device-plugin",
          f"I0910 11:19:02.331877       1 health.go:142] \"Processing event\" Event={{\"uuid\":\"{bad}\",\"etype\":8,"
          f"\"edata\":79}}\n"
          f"I0910 11:19:02.331921       1 health.go:168] \"XidCriticalError: Xid=79 on Device={bad}; marking device "
          f"as unhealthy.\"\n")
    del n
    for i, name in enumerate(("embed-1", "embed-2")):
        w.pod("ml", name, node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
              image="vllm/vllm-openai:v0.10.1", containers=("vllm",), owner=("StatefulSet", "embed"))
    e = w.pod("ml", "embed-0", node="gpu-node-01", gpu=1, scheduler="hami-scheduler", phase="Pending",
              image="vllm/vllm-openai:v0.10.1", containers=("vllm",), owner=("StatefulSet", "embed"),
              statuses={"vllm": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                 "restartCount": 0}})
    annotate(e, **{"hami.io/vgpu-devices-allocated": f"{bad},NVIDIA,46068,100:;",
                   "hami.io/vgpu-node": "gpu-node-01", "hami.io/bind-phase": "allocating"})
    w.target("Pod", "ml", "embed-0")


# ---- fa3504: KAITO workspace pod loses its GPU: NVML Unknown Error (KAITO v0.3.1, fixed by #639) ------------------

@case("fa3504", pod_subj("workspace-phi-3-mini-0", "default"),
      "AKS (Kubernetes v1.29.9 assumed) with KAITO v0.3.1 (the release before the fix) in namespace kaito-workspace; "
      "one GPU node from KAITO's gpu-provisioner (Standard_NC24ads_A100_v4, 1 x A100 80GB; assumed). The chart's "
      "nvidia-device-plugin-daemonset runs mcr.microsoft.com/oss/nvidia/k8s-device-plugin:1.11 without "
      "PASS_DEVICE_SPECS (read from the chart at the fix's parent). After a systemd daemon-reload on the node "
      "(assumed trigger, the linked nvidia-docker#1671 issue's) the running workspace pod loses its GPU: its "
      "log shows 'CUDA error: unknown error' on inference requests and nvidia-smi inside it prints 'Failed to "
      "initialize NVML: Unknown Error' (both composed); the pod keeps Running, not restarted. The device-plugin pod "
      "runs. The case's text is the commit's subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.9"
    gpu = "aks-ws8f3c1a2b-31415926-vmss000000"
    lab = {"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus", "kubernetes.azure.com/agentpool":
           "ws8f3c1a2b", "agentpool": "ws8f3c1a2b", "kubernetes.azure.com/accelerator": "nvidia",
           "node.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4", "kaito.sh/workspace": "workspace-phi-3-mini"}
    n = w.node(gpu, gpus=1, cpu="24", memory="226553384Ki", labels=lab,
               taints=[{"key": "sku", "value": "gpu", "effect": "NoSchedule"}])
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1073-azure",
              containerRuntimeVersion="containerd://1.7.22-1", kubeletVersion="v1.29.9", kubeProxyVersion="v1.29.9")
    sysn = "aks-nodepool1-27182818-vmss000000"
    n2 = w.node(sysn, cpu="8", memory="32863468Ki",
                labels={"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus", "agentpool": "nodepool1"})
    node_info(n2, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1073-azure",
              containerRuntimeVersion="containerd://1.7.22-1", kubeletVersion="v1.29.9", kubeProxyVersion="v1.29.9")
    ns = "kaito-workspace"
    dimg = "mcr.microsoft.com/oss/nvidia/k8s-device-plugin:1.11"
    daemonset(w, ns, "nvidia-device-plugin-daemonset", desired=2, ready=2,
              containers=[("nvidia-device-plugin-ctr", dimg)], labels={"name": "nvidia-device-plugin-ds"})
    for node, sfx in ((gpu, "t8k2w"), (sysn, "p3v9c")):
        ds_pod(w, ns, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", node,
               containers=("nvidia-device-plugin-ctr",), image=dimg, labels={"name": "nvidia-device-plugin-ds"})
    cimg = "mcr.microsoft.com/aks/kaito/workspace:0.3.1"
    cp = deploy_pod(w, ns, "kaito-workspace-5c8d7f9b6", "kaito-workspace-5c8d7f9b6-q4n7r", sysn,
                    containers=("manager",), image=cimg, labels={"app.kubernetes.io/name": "workspace"})
    w.workload("Deployment", ns, "kaito-workspace", template_pod=cp)
    wimg = "mcr.microsoft.com/aks/kaito/kaito-phi-3-mini-128k-instruct:0.0.2"
    p = w.pod("default", "workspace-phi-3-mini-0", node=gpu, gpu=1, image=wimg, containers=("workspace-phi-3-mini",),
              owner=("StatefulSet", "workspace-phi-3-mini"), cpu="20", memory="200Gi",
              tolerations=[{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    w.log("default", "workspace-phi-3-mini-0", "workspace-phi-3-mini",
          "INFO:     10.244.1.5:52818 - \"GET /health HTTP/1.1\" 200 OK\n"
          "ERROR:    Exception in ASGI application\n"
          "RuntimeError: CUDA error: unknown error\n"
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
          "be incorrect.\n")
    w.exec("default", "workspace-phi-3-mini-0", "workspace-phi-3-mini", ["nvidia-smi"],
           "Failed to initialize NVML: Unknown Error\n")
    w.target("Pod", "default", "workspace-phi-3-mini-0")


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
