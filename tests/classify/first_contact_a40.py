"""Builds first-contact batch A40 (fixtures/first-contact/batch-a40/cases.jsonl) as scenario bundles.

Round 40's commit frame (round 35's rules): the bug-fix commits (since 2024-01-01) of Project-HAMi/HAMi, continuing
batch T39's frame at item 31 (HAMi-core's frame was exhausted by T39). Five cases:

- fa4001: HAMi v2.3.9 line: the NVIDIA driver pod of worker-a800-1 never becomes ready, the HAMi device plugin there
  is down, and hami-scheduler logs the node's device 'leave' but keeps its GPU (issue #272, fixed by PR #328; the
  scheduler's log line, verbatim);
- fa4002: HAMi v2.3.9 line: controller-runtime's 'log.SetLogger(...) was never called' warning with a goroutine dump
  in a healthy hami-scheduler (issue #209, fixed by PR #210; verbatim; expected healthy);
- fa4003: HAMi v2.3.9: the scheduler's inverted handshake check drops healthy nodes' GPUs; vGPU pods Pending
  (commit dcc8821b; prose: the commit subject);
- fa4004: HAMi v2.3.8 line: the device plugin exits (log.Fatalf) when 'nvidia-smi topo -m' fails with exit status 255
  (issue #169, fixed by PR #290; the fixed code's message, composed from the removed line);
- fa4005: HAMi v2.4.0: a vGPU pod created with spec.nodeName bypasses hami-scheduler and fails admission, the plugin's
  Allocate finding no binding pod (commit 30052f9f; prose: the commit subject).

Lines not quoted by the threads are composed (klog, Go runtime, kubelet and kube-scheduler wording, HAMi's own
messages from the code of the release before each fix); names, GPU models and versions are assumed; each scenario's
description says so. The expected answers were reasoned from the fixes and written before any run.

    .venv/bin/python -m tests.classify.first_contact_a40      # (re)writes fixtures/first-contact/batch-a40/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-a40", "A40", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the commit subject is the text and never reaches the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"fa4003", "fa4005"}

_OP = "gpu-operator"


def _info(n: dict, k8s: str, os_image="Ubuntu 22.04.4 LTS", kernel="5.15.0-101-generic") -> None:
    node_info(n, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion="containerd://1.7.13",
              kubeletVersion=k8s, kubeProxyVersion=k8s)


def _gpu_node(w, name: str, k8s: str, *, gpus: int, product: str, allocatable="same", split: int = 10,
              operator: bool = False) -> dict:
    lab = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
           "feature.node.kubernetes.io/pci-10de.present": "true", "gpu": "on"}
    if operator:
        lab.update({"nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
                    "nvidia.com/gpu.deploy.device-plugin": "false"})
    n = w.node(name, gpus=gpus * split, allocatable=allocatable, cpu="64", memory="527938872Ki", labels=lab)
    _info(n, k8s)
    return n


def _cpu_node(w, name: str, k8s: str, *, control_plane: bool = False) -> dict:
    lab = {"node-role.kubernetes.io/control-plane": ""} if control_plane else {}
    n = w.node(name, cpu="16", memory="65842768Ki", labels=lab)
    _info(n, k8s)
    return n


def _reg(devs: list[tuple[str, int, int, str]]) -> str:
    """hami.io/node-nvidia-register in the v2.3/v2.4 form: id,count,devmem,devcore,type,numa,health: ..."""
    return "".join(f"{u},10,{mem},{core},{typ},0,true:" for u, mem, core, typ in devs)


def _hami(w, ns: str, release: str, img: str, k8s: str, nodes: list[tuple[str, str]], sched_node: str, *,
          ready: int | None = None, rs_sfx: str = "7d9c6b5f8c-r4t8k") -> tuple[dict, list[dict]]:
    """The HAMi chart's device-plugin DaemonSet and scheduler Deployment (release `release`)."""
    pre = "hami" if release == "hami" else f"{release}-hami"
    labels = {"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/instance": release,
              "app.kubernetes.io/name": "hami"}
    daemonset(w, ns, f"{pre}-device-plugin", desired=len(nodes), ready=len(nodes) if ready is None else ready,
              containers=[("device-plugin", img), ("vgpu-monitor", img)], labels=labels,
              node_selector={"gpu": "on"})
    dps = [ds_pod(w, ns, f"{pre}-device-plugin", f"{pre}-device-plugin-{sfx}", node,
                  containers=("device-plugin", "vgpu-monitor"), image=img, labels=dict(labels),
                  node_selector={"gpu": "on"}) for node, sfx in nodes]
    rs = f"{pre}-scheduler-{rs_sfx.rsplit('-', 1)[0]}"
    p = deploy_pod(w, ns, rs, f"{pre}-scheduler-{rs_sfx}", sched_node,
                   containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/instance": release,
                           "app.kubernetes.io/name": "hami"})
    p["spec"]["containers"][0]["image"] = f"registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:{k8s}"
    p["status"]["containerStatuses"][0]["image"] = p["spec"]["containers"][0]["image"]
    w.workload("Deployment", ns, f"{pre}-scheduler", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    return p, dps


def _vgpu_annotations(p: dict, node: str, uuid: str, mem: int, t: str) -> None:
    annotate(p, **{"hami.io/vgpu-devices-allocated": f"{uuid},NVIDIA,{mem},0:;",
                   "hami.io/vgpu-devices-to-allocate": ";", "hami.io/vgpu-node": node,
                   "hami.io/bind-phase": "success", "hami.io/bind-time": t, "hami.io/vgpu-time": t})


def _gpumem(p: dict, mem: int) -> None:
    for k in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][k]["nvidia.com/gpumem"] = str(mem)


# ---- fa4001: driver never ready on worker-a800-1; hami-scheduler keeps the node's GPU (issue #272, PR #328) -------

_K8S_1 = "v1.27.6"


@case("fa4001", node_subj("worker-a800-1"),
      "Kubernetes v1.27.6 (assumed); nodes controller-node-1 (control plane), worker-a800-1 and worker-a800-3 (one "
      "A800 80GB PCIe each, HAMi split 10, memory scaling 3 and core scaling 2, from the quoted device list). GPU "
      "Operator in gpu-operator runs the driver and toolkit (its device plugin disabled; HAMi's replaces it). On "
      "worker-a800-1 nvidia-driver-daemonset-2x8xv is Init:CrashLoopBackOff (0/2, k8s-driver-manager restarted 21 "
      "times; names, counts and ages from the issue), the toolkit pod there Running (restarted 2m39s ago). HAMi "
      "(release nvidia-vgpu, the v2.3.9 chart line; image tag assumed) in nvidia-vgpu: the device-plugin pod on "
      "worker-a800-1 crash-looping (assumed; its previous log composed in the NVIDIA plugin's platform-detection "
      "wording), the node's nvidia.com/gpu allocatable 0 and its hami.io/node-handshake 'Requesting_...'; the "
      "scheduler pod nvidia-vgpu-hami-scheduler-765f6f84b8-29qfs (name from the issue) logs the quoted 'leave ... "
      "remaining devices' lines verbatim, after composed start-up lines. worker-a800-3 is healthy.")
def _(w, t):
    w.git_version = _K8S_1
    img = "projecthami/hami:v2.3.9"
    n1 = _gpu_node(w, "worker-a800-1", _K8S_1, gpus=1, product="NVIDIA-A800-80GB-PCIe", allocatable=0, operator=True)
    n3 = _gpu_node(w, "worker-a800-3", _K8S_1, gpus=1, product="NVIDIA-A800-80GB-PCIe", operator=True)
    _cpu_node(w, "controller-node-1", _K8S_1, control_plane=True)
    annotate(n1, **{"hami.io/node-nvidia-register": _reg([("GPU-95aa552b-d1ea-39a2-62ae-e0e44fc85aaf", 245760, 200,
                                                             "NVIDIA-NVIDIA A800 80GB PCIe")]),
                    "hami.io/node-handshake": "Requesting_2024.04.16 07:28:33"})
    annotate(n3, **{"hami.io/node-nvidia-register": _reg([("GPU-4c1d7e2a-8b3f-5a60-9e17-d2c4b8a6f031", 245760, 200,
                                                             "NVIDIA-NVIDIA A800 80GB PCIe")]),
                    "hami.io/node-handshake": "Reported 2024-04-16 07:32:48.602114533 +0000 UTC m=+532810.447192107"})
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    op_labels = {"app.kubernetes.io/part-of": "gpu-operator"}
    # the GPU Operator's driver and toolkit pods (as the issue lists them)
    drv = w.pod(_OP, "nvidia-driver-daemonset-2x8xv", node="worker-a800-1", gpu=0, phase="Pending",
                containers=("nvidia-driver-ctr", "nvidia-peermem-ctr"), init_containers=("k8s-driver-manager",),
                labels={"app": "nvidia-driver-daemonset", **op_labels}, owner=("DaemonSet", "nvidia-driver-daemonset"),
                tolerations=tol,
                init_statuses={"k8s-driver-manager": {
                    "state": {"waiting": {"reason": "CrashLoopBackOff",
                                          "message": "back-off 5m0s restarting failed container=k8s-driver-manager "
                                                     "pod=nvidia-driver-daemonset-2x8xv_gpu-operator"}},
                    "lastState": {"terminated": {"exitCode": 1, "reason": "Error",
                                                 "startedAt": "2024-04-16T07:26:55Z",
                                                 "finishedAt": "2024-04-16T07:27:41Z"}},
                    "ready": False, "restartCount": 21}})
    for c in drv["spec"]["initContainers"]:
        c["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.5"
    for s in drv["status"]["initContainerStatuses"]:
        s["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.5"
    w.event(_OP, "Pod", "nvidia-driver-daemonset-2x8xv", "BackOff", "Back-off restarting failed container",
            component="kubelet", host="worker-a800-1", count=97, field_path="spec.initContainers{k8s-driver-manager}")
    w.pod(_OP, "nvidia-driver-daemonset-xw2xz", node="worker-a800-3", gpu=0,
          containers=("nvidia-driver-ctr", "nvidia-peermem-ctr"), init_containers=("k8s-driver-manager",),
          labels={"app": "nvidia-driver-daemonset", **op_labels}, owner=("DaemonSet", "nvidia-driver-daemonset"),
          tolerations=tol, restarts=44)
    for node, sfx in (("worker-a800-1", "r4x86"), ("worker-a800-3", "splfp")):
        w.pod(_OP, f"nvidia-container-toolkit-daemonset-{sfx}", node=node, gpu=0,
              containers=("nvidia-container-toolkit-ctr",), init_containers=("driver-validation",),
              labels={"app": "nvidia-container-toolkit-daemonset", **op_labels},
              owner=("DaemonSet", "nvidia-container-toolkit-daemonset"), runtime_class="nvidia", tolerations=tol)
    # HAMi (release nvidia-vgpu)
    ns = "nvidia-vgpu"
    sched, dps = _hami(w, ns, "nvidia-vgpu", img, _K8S_1, [("worker-a800-1", "k7q2m"), ("worker-a800-3", "p9d4x")],
                       "controller-node-1", ready=1, rs_sfx="765f6f84b8-29qfs")
    dp = dps[0]
    crashloop(dp, "device-plugin", restarts=18, code=1)
    name = dp["metadata"]["name"]
    w.log(ns, name, "device-plugin",
          "I0416 07:29:01.902114       1 main.go:158] Starting FS watcher.\n"
          "I0416 07:29:01.902291       1 main.go:168] Start working on node worker-a800-1\n"
          "I0416 07:29:01.902305       1 main.go:169] Starting OS watcher.\n"
          "I0416 07:29:01.902733       1 main.go:184] Starting Plugins.\n"
          "I0416 07:29:01.902751       1 main.go:242] Loading configuration.\n"
          "I0416 07:29:01.903480       1 main.go:250] Updating config with default resource matching patterns.\n"
          "I0416 07:29:01.903612       1 main.go:264] Retrieving plugins.\n"
          "W0416 07:29:01.903654       1 factory.go:31] No valid resources detected, creating a null CDI handler\n"
          "I0416 07:29:01.903701       1 factory.go:107] Detected non-NVML platform: could not load NVML library: "
          "libnvidia-ml.so.1: cannot open shared object file: No such file or directory\n"
          "I0416 07:29:01.903735       1 factory.go:107] Detected non-Tegra platform: /sys/devices/soc0/family file "
          "not found\n"
          "E0416 07:29:01.903748       1 factory.go:115] Incompatible platform detected\n"
          "E0416 07:29:01.903752       1 factory.go:116] If this is a GPU node, did you configure the NVIDIA "
          "Container Toolkit?\n"
          "E0416 07:29:01.903781       1 main.go:123] error starting plugins: error creating plugin manager: unable "
          "to create plugin manager: platform detection failed\n", previous=True)
    backoff(w, ns, name, "device-plugin", "worker-a800-1", count=64)
    others = "".join(t.replace("07:31:41.251339", ts) + "\n"
                     for ts in ("07:31:57.851477", "07:32:16.052935", "07:32:32.254100", "07:32:50.251122"))
    w.log(ns, sched["metadata"]["name"], "vgpu-scheduler-extender",
          "I0416 07:30:52.410528       1 route.go:42] Into Predicate Route outer func\n"
          "I0416 07:31:08.653117       1 scheduler.go:205] node worker-a800-3 device NVIDIA come node info=&{worker-a800-3 "
          "[{GPU-4c1d7e2a-8b3f-5a60-9e17-d2c4b8a6f031 0 10 245760 200 NVIDIA-NVIDIA A800 80GB PCIe 0 true}]} "
          "total=[{GPU-4c1d7e2a-8b3f-5a60-9e17-d2c4b8a6f031 0 10 245760 200 NVIDIA-NVIDIA A800 80GB PCIe 0 true}]\n"
          + t + "\n" + others)
    w.target("Node", None, "worker-a800-1")


# ---- fa4002: controller-runtime's SetLogger warning in a healthy hami-scheduler (issue #209, PR #210) -------------

_K8S_2 = "v1.27.6"


@case("fa4002", pod_subj("hami-scheduler-7d9c6b5f8c-r4t8k", "kube-system"),
      "Kubernetes v1.27.6 (assumed); one GPU node gpu-node-01 (2 x GeForce RTX 3090, split 10; assumed) and one "
      "control-plane node; HAMi of the v2.3.9 chart line (March 2024; image tag assumed) in kube-system, all pods "
      "Running and Ready, the node registered (hami.io/node-nvidia-register, handshake 'Reported'). A vGPU pod "
      "default/cuda-sample-6c9f8d7b5-k2v8n (assumed) admitted through HAMi's webhook and bound by hami-scheduler runs "
      "on gpu-node-01 with its HAMi annotations. The vgpu-scheduler-extender log holds the issue's 'Into "
      "webhookfunc' line and the controller-runtime warning block verbatim (the text, then the frames the issue "
      "shows next), followed by composed Predicate/Bind lines of HAMi's routes.")
def _(w, t):
    w.git_version = _K8S_2
    img = "projecthami/hami:v2.3.9"
    n = _gpu_node(w, "gpu-node-01", _K8S_2, gpus=2, product="NVIDIA-GeForce-RTX-3090")
    annotate(n, **{"hami.io/node-nvidia-register": _reg([("GPU-3e9b1f60-2a7c-4d18-b5e3-91c0f4a2d7e5", 24576, 100,
                                                            "NVIDIA-NVIDIA GeForce RTX 3090"),
                                                           ("GPU-7a2c4e81-6d3b-4f95-a0c8-5b1e9d3f62a4", 24576, 100,
                                                            "NVIDIA-NVIDIA GeForce RTX 3090")]),
                   "hami.io/node-handshake": "Reported 2024-03-16 06:02:41.337102548 +0000 UTC m=+3601.224871305"})
    _cpu_node(w, "master-01", _K8S_2, control_plane=True)
    sched, _ = _hami(w, "kube-system", "hami", img, _K8S_2, [("gpu-node-01", "z8f3c")], "master-01")
    after = ("\t>  sync.(*Once).doSlow(0x0?, 0xc000430190?)\n"
             "\t>  \t/usr/local/go/src/sync/once.go:74 +0xbf\n"
             "\t>  sync.(*Once).Do(...)\n"
             "\t>  \t/usr/local/go/src/sync/once.go:65\n"
             "\t>  sigs.k8s.io/controller-runtime/pkg/webhook/admission.(*Webhook).getLogger(0xc000561860, "
             "0xc00079f000?)\n"
             "\t>  \t/go/pkg/mod/sigs.k8s.io/controller-runtime@v0.16.3/pkg/webhook/admission/webhook.go:180 +0x4d\n")
    w.log("kube-system", sched["metadata"]["name"], "vgpu-scheduler-extender",
          "I0316 06:01:41.102214       1 scheduler.go:168] New timestamp= hami.io/node-handshake "
          "Requesting_2024.03.16 06:01:41\n"
          "I0316 06:02:50.508490       1 route.go:131] Into webhookfunc\n"
          + t + "\n" + after +
          "I0316 06:02:50.561207       1 route.go:42] Into Predicate Route outer func\n"
          "I0316 06:02:50.561239       1 route.go:44] Into Predicate Route inner func\n"
          "I0316 06:02:50.561518       1 scheduler.go:340] \"begin schedule filter\" pod=\"cuda-sample-6c9f8d7b5-k2v8n\" "
          "uuid=\"5d1e7a9c-3f2b-4c86-9a41-0e7b2d5c8f13\" namespaces=\"default\"\n"
          "I0316 06:02:50.562904       1 scheduler.go:378] schedule default/cuda-sample-6c9f8d7b5-k2v8n to gpu-node-01 "
          "map[NVIDIA:[[{0 GPU-3e9b1f60-2a7c-4d18-b5e3-91c0f4a2d7e5 NVIDIA 8000 0}]]]\n"
          "I0316 06:02:50.571833       1 scheduler.go:298] \"Bind\" pod=\"cuda-sample-6c9f8d7b5-k2v8n\" "
          "namespace=\"default\" podUID=\"5d1e7a9c-3f2b-4c86-9a41-0e7b2d5c8f13\" node=\"gpu-node-01\"\n")
    p = w.pod("default", "cuda-sample-6c9f8d7b5-k2v8n", node="gpu-node-01", gpu=1, scheduler="hami-scheduler",
              image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1", containers=("cuda-sample",),
              owner=("ReplicaSet", "cuda-sample-6c9f8d7b5"), cpu="1", memory="2Gi")
    _gpumem(p, 8000)
    _vgpu_annotations(p, "gpu-node-01", "GPU-3e9b1f60-2a7c-4d18-b5e3-91c0f4a2d7e5", 8000, "1710568970")
    w.log("default", "cuda-sample-6c9f8d7b5-k2v8n", "cuda-sample",
          "[HAMI-core Msg(1:140326410741568:libvgpu.c:836)]: Initializing.....\n"
          "[Vector addition of 50000 elements]\n"
          "Copy input data from the host memory to the CUDA device\n"
          "CUDA kernel launch with 196 blocks of 256 threads\n"
          "Copy output data from the CUDA device to the host memory\n"
          "Test PASSED\n"
          "Done\n")
    w.target("Pod", "kube-system", sched["metadata"]["name"])


# ---- fa4003: v2.3.9's inverted handshake check drops healthy nodes' GPUs (commit dcc8821b) -------------------------

_K8S_3 = "v1.27.6"


@case("fa4003", pod_subj("llm-finetune-0", "ml"),
      "Kubernetes v1.27.6 (assumed); GPU node gpu-node-01 (4 x GeForce RTX 4090, split 10; assumed) and a CPU "
      "node cpu-node-01; HAMi v2.3.9 in kube-system (projecthami/hami:v2.3.9; the release carrying the inverted "
      "check, fixed by dcc8821b), all pods Running and Ready; the device plugin keeps writing the node's "
      "hami.io/node-nvidia-register. The hami-scheduler extender log (composed from v2.3.9's klog calls) shows the "
      "node's NVIDIA devices leaving and being removed right after each 'Requesting_' handshake. The vGPU pod "
      "ml/llm-finetune-0 (nvidia.com/gpu 1, gpumem 20000; assumed) is Pending; hami-scheduler's FailedScheduling "
      "event (composed: the CPU node 'node unregisterd', the GPU node dropped without a reason). The case's text is "
      "the commit subject (prose) and is not in the bundle.")
def _(w, t):
    w.git_version = _K8S_3
    img = "projecthami/hami:v2.3.9"
    uu = ["GPU-0b6e2d4f-1c8a-4e37-9f52-a7d3c1e5b890", "GPU-5f9a3c71-8e2d-4b06-a4c9-2d7e1b6f3a58",
          "GPU-a1c7e5d3-4b9f-4826-8e0a-6f3d2c9b1e47", "GPU-e8d2b6a4-7f1c-4a53-b9e6-0c4a8f2d5b71"]
    n = _gpu_node(w, "gpu-node-01", _K8S_3, gpus=4, product="NVIDIA-GeForce-RTX-4090")
    annotate(n, **{"hami.io/node-nvidia-register": _reg([(u, 24564, 100, "NVIDIA-NVIDIA GeForce RTX 4090")
                                                           for u in uu]),
                   "hami.io/node-handshake": "Requesting_2024.03.12 10:21:33"})
    _cpu_node(w, "cpu-node-01", _K8S_3)
    sched, dps = _hami(w, "kube-system", "hami", img, _K8S_3, [("gpu-node-01", "x5n7w")], "cpu-node-01")
    w.log("kube-system", dps[0]["metadata"]["name"], "device-plugin",
          "I0312 10:21:11.640288   12817 register.go:113] Reporting devices " + _reg(
              [(u, 24564, 100, "NVIDIA-NVIDIA GeForce RTX 4090") for u in uu]) +
          " in 2024-03-12 10:21:11.640271905 +0000 UTC m=+90.118402751\n"
          "I0312 10:21:11.662904   12817 register.go:196] Successfully registered annotation. Next check in 30s "
          "seconds...\n")
    devs = " ".join(f"{{{u} {i} 10 24564 100 NVIDIA-NVIDIA GeForce RTX 4090 0 true}}" for i, u in enumerate(uu))
    w.log("kube-system", sched["metadata"]["name"], "vgpu-scheduler-extender",
          f"I0312 10:21:18.207731       1 scheduler.go:212] node gpu-node-01 device NVIDIA come node info=&{{gpu-node-01 "
          f"[{devs}]}} total=[{devs}]\n"
          "I0312 10:21:33.211458       1 scheduler.go:166] New timestamp= hami.io/node-handshake "
          "Requesting_2024.03.12 10:21:33\n"
          "I0312 10:21:48.215093       1 nodes.go:67] before rm: [" + devs + "] needs remove [" + devs + "]\n"
          "I0312 10:21:48.215127       1 nodes.go:80] Rm Devices res: []\n"
          f"I0312 10:21:48.215140       1 scheduler.go:151] node gpu-node-01 device NVIDIA:&{{gpu-node-01 [{devs}]}} "
          "leave, <nil> remaining devices:[]\n"
          "I0312 10:22:02.904417       1 route.go:42] Into Predicate Route outer func\n"
          "I0312 10:22:02.904452       1 route.go:44] Into Predicate Route inner func\n"
          "I0312 10:22:02.904710       1 scheduler.go:340] \"begin schedule filter\" pod=\"llm-finetune-0\" "
          "uuid=\"c2a9e4f1-7b3d-4e58-9a06-1d8f5b3c7e24\" namespaces=\"ml\"\n"
          "E0312 10:22:02.904798       1 scheduler.go:287] get node cpu-node-01 device error, node cpu-node-01 not found\n"
          "I0312 10:22:02.905012       1 scheduler.go:371] nodeScores_len= 0\n")
    msg = ("0/2 nodes are available: 1 node unregisterd. preemption: 0/2 nodes are available: 2 No preemption "
           "victims found for incoming pod.")
    p = w.pod("ml", "llm-finetune-0", gpu=1, phase="Pending", scheduled_message=msg, scheduler="hami-scheduler",
              image="registry.example.internal/ml/llm-finetune:0.9.2", containers=("trainer",),
              owner=("StatefulSet", "llm-finetune"), cpu="8", memory="48Gi")
    _gpumem(p, 20000)
    w.event("ml", "Pod", "llm-finetune-0", "FailedScheduling", msg, component="hami-scheduler", count=12)
    w.target("Pod", "ml", "llm-finetune-0")


# ---- fa4004: the device plugin exits when 'nvidia-smi topo -m' fails (issue #169, PR #290) ------------------------

_K8S_4 = "v1.26.9"


@case("fa4004", pod_subj("hami-device-plugin-m2v6b", "kube-system"),
      "Kubernetes v1.26.9 (assumed); GPU node gpu-3090-07 (8 x GeForce RTX 3090, split 10; the GPU list and UUIDs "
      "from the issue's log) and a CPU node; HAMi of the v2.3.8 chart line (image tag assumed) in kube-system. The "
      "device-plugin container of hami-device-plugin-m2v6b restarted 7 times; the snapshot falls within the back-off "
      "after the last exit (waiting CrashLoopBackOff, last state terminated, exit code 1; assumed). Its previous log "
      "holds the issue's three lines verbatim (registration, then an Allocate for GPU-b20a9486...) and ends with the "
      "composed log.Fatalf line 'cmd.Run() failed with exit status 255' (the case's text) with Go's standard-logger "
      "timestamp. A vGPU pod (assumed) runs on the node with the device the log allocates; hami-scheduler healthy.")
def _(w, t):
    w.git_version = _K8S_4
    img = "projecthami/hami:v2.3.8"
    uu = ["GPU-88dadc4b-c5f2-3d01-4b4c-7dfc09bd1ae7", "GPU-458b6298-2798-a9da-8059-821ed05edc66",
          "GPU-6d9c8df4-1f93-ed41-822b-127c1086dc82", "GPU-2185c99e-17ab-824c-1010-d28b07115ce2",
          "GPU-abb12640-42ef-e136-38ea-d27e10446287", "GPU-e3b4d076-f9a2-5fd1-0791-4da6c6c7aa5f",
          "GPU-7f18c6e7-6b53-f22e-4a34-54383576c91f", "GPU-b20a9486-d172-46e0-9883-d5280d95d583"]
    n = _gpu_node(w, "gpu-3090-07", _K8S_4, gpus=8, product="NVIDIA-GeForce-RTX-3090")
    reported = "".join(f"{u},10,24576,100,NVIDIA-NVIDIA GeForce RTX 3090,0,false:" for u in uu)
    annotate(n, **{"hami.io/node-nvidia-register": reported,
                   "hami.io/node-handshake": "Reported 2024-03-01 09:05:40.556752107 +0000 UTC m=+1871.551534314"})
    _cpu_node(w, "cpu-node-01", _K8S_4)
    _, dps = _hami(w, "kube-system", "hami", img, _K8S_4, [("gpu-3090-07", "m2v6b")], "cpu-node-01", ready=0)
    dp = dps[0]
    crashloop(dp, "device-plugin", restarts=7, code=1)
    for s in dp["status"]["containerStatuses"]:
        if s["name"] == "device-plugin":
            s["state"]["waiting"]["message"] = ("back-off 10s restarting failed container=device-plugin "
                                                "pod=hami-device-plugin-m2v6b_kube-system(3b7e1c59-0d4a-4f82-9c6e-"
                                                "a15d2f8b7e40)")
    name = dp["metadata"]["name"]
    w.log("kube-system", name, "device-plugin",
          "I0301 09:05:40.556765 1132064 register.go:113] Reporting devices " + reported +
          " in 2024-03-01 09:05:40.556752107 +0000 UTC m=+1871.551534314\n"
          "I0301 09:05:41.172863 1132064 util.go:179] pdevices= [[{0 GPU-b20a9486-d172-46e0-9883-d5280d95d583 "
          "NVIDIA 8192 0}]]\n"
          "I0301 09:05:41.172913 1132064 server.go:315] deviceAllocateFromAnnotation= [{0 "
          "GPU-b20a9486-d172-46e0-9883-d5280d95d583 NVIDIA 8192 0}]\n"
          "I0301 09:06:10.557902 1132064 register.go:131] MemoryScaling= 1 registeredmem= 24576\n"
          "2024/03/01 09:06:10 " + t + "\n", previous=True)
    w.log("kube-system", name, "device-plugin",
          "I0301 09:06:21.318204 1160477 main.go:158] Starting FS watcher.\n"
          "I0301 09:06:21.318355 1160477 main.go:168] Start working on node gpu-3090-07\n")
    backoff(w, "kube-system", name, "device-plugin", "gpu-3090-07", count=7)
    p = w.pod("ai", "sd-webui-5b7c9d8f6-q4w2e", node="gpu-3090-07", gpu=1, scheduler="hami-scheduler",
              image="registry.example.internal/ai/sd-webui:1.7.0", containers=("webui",),
              owner=("ReplicaSet", "sd-webui-5b7c9d8f6"), cpu="4", memory="16Gi")
    _gpumem(p, 8192)
    _vgpu_annotations(p, "gpu-3090-07", "GPU-b20a9486-d172-46e0-9883-d5280d95d583", 8192, "1709283940")
    w.target("Pod", "kube-system", name)


# ---- fa4005: a vGPU pod created with spec.nodeName fails admission (commit 30052f9f) -------------------------------

_K8S_5 = "v1.29.8"


@case("fa4005", pod_subj("cuda-job-runner", "research"),
      "Kubernetes v1.29.8 (assumed); GPU node gpu-node-01 (1 x A100 80GB PCIe, split 10; assumed) and a CPU node; "
      "HAMi v2.4.0 in kube-system (the release before the fix; v2.4.1 has it), all pods Running and Ready, the node "
      "registered. The pod research/cuda-job-runner (nvidia.com/gpu 1, nvidia.com/gpumem 8000; name and image "
      "assumed) was created with spec.nodeName gpu-node-01: HAMi's webhook set schedulerName hami-scheduler but no "
      "scheduler ran, so it has no HAMi assignment annotations. It is Failed with UnexpectedAdmissionError; the "
      "kubelet's event and the device plugin's log are composed from v2.4.0's code (GetPendingPod's 'no binding pod "
      "found on node %s') and the kubelet's wording. The case's text is the commit subject (prose) and is not in the "
      "bundle.")
def _(w, t):
    w.git_version = _K8S_5
    img = "projecthami/hami:v2.4.0"
    uid = "GPU-6c2f8a1e-3d7b-4e95-b0a4-9f1d5c7e3b28"
    n = _gpu_node(w, "gpu-node-01", _K8S_5, gpus=1, product="NVIDIA-A100-80GB-PCIe")
    annotate(n, **{"hami.io/node-nvidia-register": _reg([(uid, 81920, 100, "NVIDIA-NVIDIA A100 80GB PCIe")]),
                   "hami.io/node-handshake": "Reported 2024-10-18 03:14:52.228017341 +0000 UTC m=+86412.903117524"})
    _cpu_node(w, "cpu-node-01", _K8S_5)
    sched, dps = _hami(w, "kube-system", "hami", img, _K8S_5, [("gpu-node-01", "c6t9r")], "cpu-node-01")
    w.log("kube-system", dps[0]["metadata"]["name"], "device-plugin",
          "I1018 03:15:07.402918   20931 server.go:291] \"Allocate\" request=\"&AllocateRequest{ContainerRequests:"
          "[]*ContainerAllocateRequest{&ContainerAllocateRequest{DevicesIDs:[" + uid + "-3],},},}\"\n"
          "I1018 03:15:22.229504   20931 register.go:197] Successfully registered annotation. Next check in 30s "
          "seconds...\n")
    w.log("kube-system", sched["metadata"]["name"], "vgpu-scheduler-extender",
          "I1018 03:15:07.311842       1 webhook.go:63] Processing admission hook for pod research/cuda-job-runner, "
          "UID: 8f3d1b6a-2c7e-4a90-b5d1-e4a7c2f9b063\n")
    msg = ("Allocate failed due to rpc error: code = Unknown desc = no binding pod found on node gpu-node-01, "
           "which is unexpected")
    p = w.pod("research", "cuda-job-runner", node="gpu-node-01", gpu=1, scheduler="hami-scheduler", phase="Failed",
              reason="UnexpectedAdmissionError", message=msg, image="nvcr.io/nvidia/cuda:12.4.1-runtime-ubuntu22.04",
              containers=("runner",), cpu="2", memory="8Gi")
    _gpumem(p, 8000)
    w.event("research", "Pod", "cuda-job-runner", "UnexpectedAdmissionError", msg, component="kubelet",
            host="gpu-node-01")
    w.target("Pod", "research", "cuda-job-runner")


all_scenarios, main = FC.all_scenarios, FC.main

if __name__ == "__main__":
    main()
