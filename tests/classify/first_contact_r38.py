"""Builds first-contact batch R38 (fixtures/first-contact/batch-r38/cases.jsonl) as scenario bundles.

Round 38 continues two round-37 changelog frames: items 91-134 of batch-m37's (kai-scheduler/KAI-Scheduler
CHANGELOG.md `### Fixed` entries) and rows 81-92 of batch-o37's (Project-HAMi/HAMi CHANGELOG.md `**Bug fixes**`,
v2.5.0 to v2.4.0). Four cases, all prose (the changelog bullets' own words, NOT in the bundles: TEXT_NOT_IN_BUNDLE):

- fr3801: KAI's operator does not detect CDI on GPU Operator > v25.10.0 (KAI v0.13.0 item 91, PR #910), so the
  binder marks shared-GPU pods for env-var device selection and a fractional-GPU pod gets no GPU;
- fr3802: KAI converts the node's `nvidia.com/gpu.memory` label (MiB) as if to MB (KAI v0.8.2 item 122, PR #417),
  over-estimating each GPU's memory by ~4.9%, and packs two GPU-memory pods whose requests exceed the real GPU;
  the second one hits CUDA out of memory;
- fr3803: HAMi's chart builds the kube-scheduler image tag from the cluster version with its `+k3s1` metadata
  (HAMi v2.5.0 row 85, commit 64d9d038): the hami-scheduler pod's kube-scheduler container is InvalidImageName and
  GPU pods routed to hami-scheduler stay Pending without a word;
- fr3804: HAMi's scheduler extender indexes past a per-container slice when a GPU container sits between non-GPU
  containers (HAMi v2.4.1 row 88, PR #572): the pod stays Pending, kube-scheduler's extender call failing.

The expected answers were reasoned from the fixes and committed before any run. Names, versions, node sizes and
every log and event line are assumed or composed (the entries quote none); each case's note says which.

    .venv/bin/python -m tests.classify.first_contact_r38      # (re)writes fixtures/first-contact/batch-r38/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import KS, FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-r38", "R38", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fr3801", "fr3802", "fr3803", "fr3804"}

KAI_NS = "kai-scheduler"
KAI_IMG = "ghcr.io/kai-scheduler/kai-scheduler"      # registry path assumed
_COMPONENTS = ("operator", "scheduler", "binder", "podgrouper", "admission", "queue-controller",
               "podgroup-controller")


def kai_stack(w, ver: str, node: str) -> dict[str, dict]:
    """KAI-Scheduler's control plane in namespace kai-scheduler: one Deployment and pod per component."""
    out = {}
    for comp in _COMPONENTS:
        name = "kai-operator" if comp == "operator" else ("kai-scheduler-default" if comp == "scheduler" else comp)
        rs = f"{name}-7c9d8f6b4"
        p = deploy_pod(w, KAI_NS, rs, f"{rs}-k4z7n", node, containers=(comp,), image=f"{KAI_IMG}/{comp}:{ver}",
                       labels={"app": name}, cpu="100m", memory="256Mi")
        w.workload("Deployment", KAI_NS, name, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
        out[comp] = p
    return out


def _images(w, node: str, images: dict[str, str]) -> None:
    """Set the GPU Operator stack pods' images (the world's default tags are v24.9.0)."""
    for role, img in images.items():
        p = w.get_pod(OPERATOR_NS, w.stack(node, role))
        for c in p["spec"]["containers"]:
            c["image"] = img
        for s in p["status"].get("containerStatuses", []):
            s["image"] = img


# ---- fr3801: KAI misses CDI on GPU Operator v25.10.1 (#910) ---------------------------------------------------

_01_NS = "research"
_01_POD = "notebook-half-gpu"
_01_NODE = "gpu-node-1"


@case("fr3801", pod_subj(_01_POD, _01_NS),
      "Kubernetes v1.33.5 (assumed) with one GPU node (8 x H100 80GB, model assumed) running GPU Operator v25.10.1 "
      "(ClusterPolicy cluster-policy labelled app.kubernetes.io/version=v25.10.1, spec.cdi.enabled=true and no "
      "cdi.default: the v25.10 chart's defaults as the fix's code reads them; stack images assumed) and one CPU node "
      "running KAI-Scheduler v0.12.0 (operator, scheduler, binder, podgrouper, admission, queue and podgroup "
      "controllers; names and registry assumed). The binder runs without --cdi-enabled (its default, false). A "
      "notebook pod with annotation gpu-fraction=0.5 (schedulerName kai-scheduler, queue research) is Running on "
      "the GPU node next to KAI's GPU reservation pod; its log line is composed (PyTorch's message when no GPU "
      "and no driver library is injected). The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    w.gpu_node(_01_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="192",
               memory="2113466092Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    _images(w, _01_NODE, {"driver": "nvcr.io/nvidia/driver:580.95.05-ubuntu24.04",
                          "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.18.0",
                          "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.18.0",
                          "gfd": "nvcr.io/nvidia/k8s-device-plugin:v0.18.0",
                          "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.10.1"})
    w.node("cpu-node-1", cpu="32", memory="131868300Ki")
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6b8c9d7f5", "gpu-operator-6b8c9d7f5-h2m9x", "cpu-node-1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v25.10.1",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/component": "gpu-operator",
                                "app.kubernetes.io/version": "v25.10.1"}},
        "spec": {"cdi": {"enabled": True}, "driver": {"enabled": True}, "toolkit": {"enabled": True},
                 "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                 "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    kai_stack(w, "v0.12.0", "cpu-node-1")
    w.pod("kai-resource-reservation", "gpu-reservation-gpu-node-1-x7k2p", node=_01_NODE, gpu=1,
          containers=("resource-reservation",), image=f"{KAI_IMG}/resource-reservation:v0.12.0",
          cpu="2m", memory="20Mi", tolerations=[GPU_TOLERATION],
          labels={"app": "kai-resource-reservation", "runai-gpu-group": "5f1c2a9e-3b7d-4e8a-9c6f-2d4b8a1e7c30"})
    p = w.pod(_01_NS, _01_POD, node=_01_NODE, gpu=0, containers=("notebook",),
              image="nvcr.io/nvidia/pytorch:25.09-py3", scheduler="kai-scheduler", tolerations=[GPU_TOLERATION],
              labels={"kai.scheduler/queue": "research",
                      "runai-gpu-group": "5f1c2a9e-3b7d-4e8a-9c6f-2d4b8a1e7c30"}, cpu="4", memory="32Gi")
    annotate(p, **{"gpu-fraction": "0.5"})
    w.log(_01_NS, _01_POD, "notebook",
          "Traceback (most recent call last):\n  File \"/workspace/check.py\", line 3, in <module>\n"
          "    torch.zeros(1).cuda()\n"
          "RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and "
          "installed a driver from http://www.nvidia.com/Download/index.aspx\n")
    w.target("Pod", _01_NS, _01_POD)


# ---- fr3802: KAI's MiB->MB conversion of nvidia.com/gpu.memory over-packs a GPU (#417) -----------------------

_02_NS = "ml-dev"
_02_NODE = "gpu-node-1"
_02_A, _02_B = "finetune-a-0", "finetune-b-0"


@case("fr3802", pod_subj(_02_B, _02_NS),
      "Kubernetes v1.31.4 (assumed) with one GPU node (1 x H100 80GB, GPU Operator stack healthy; the GFD label "
      "nvidia.com/gpu.memory=81559, MiB) and one CPU node running KAI-Scheduler v0.8.1 (names and registry "
      "assumed). Two pods (schedulerName kai-scheduler, queue team-a) each request gpu-memory 40960 (MiB; 81920 "
      "together, more than the GPU's 81559) and KAI placed both on the node's GPU 0 (same runai-gpu-group), its "
      "reservation pod holding the GPU; the first trains, the second is in CrashLoopBackOff with a CUDA out-of-memory "
      "error (the log line is composed, PyTorch's wording). The changelog bullet (the case's text) is not in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.31.4"
    w.gpu_node(_02_NODE, gpus=1, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="26", memory="234881024Ki",
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    w.node("cpu-node-1", cpu="16", memory="65856316Ki")
    kai_stack(w, "v0.8.1", "cpu-node-1")
    group = "8d3e6b1a-47c2-4f90-a5d8-1c7e9b2f6a04"
    w.pod("kai-resource-reservation", "gpu-reservation-gpu-node-1-p9w4d", node=_02_NODE, gpu=1,
          containers=("resource-reservation",), image=f"{KAI_IMG}/resource-reservation:v0.8.1",
          cpu="2m", memory="20Mi", tolerations=[GPU_TOLERATION],
          labels={"app": "kai-resource-reservation", "runai-gpu-group": group})
    for name in (_02_A, _02_B):
        p = w.pod(_02_NS, name, node=_02_NODE, gpu=0, containers=("trainer",),
                  image="nvcr.io/nvidia/pytorch:25.06-py3", scheduler="kai-scheduler", tolerations=[GPU_TOLERATION],
                  labels={"kai.scheduler/queue": "team-a", "runai-gpu-group": group}, cpu="8", memory="64Gi",
                  owner=("Job", name.rsplit("-", 1)[0]))
        annotate(p, **{"gpu-memory": "40960"})
    crashloop(w.get_pod(_02_NS, _02_B), "trainer", restarts=6)
    w.log(_02_NS, _02_B, "trainer",
          "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
          "79.19 GiB of which 1.06 GiB is free. Process 412877 has 39.98 GiB memory in use. Of the allocated "
          "memory 37.62 GiB is allocated by PyTorch, and 0.36 GiB is reserved by PyTorch but unallocated.\n",
          previous=True)
    w.event(_02_NS, "Pod", _02_B, "BackOff", "Back-off restarting failed container trainer in pod "
            f"{_02_B}_{_02_NS}", component="kubelet", host=_02_NODE, count=21, field_path="spec.containers{trainer}")
    w.target("Pod", _02_NS, _02_B)


# ---- fr3803: HAMi chart's kube-scheduler tag carries +k3s1 (64d9d038) ----------------------------------------

_03_NS = "default"
_03_POD = "cuda-job-7d9f8c6b5-r4t2q"
_03_NODE = "k3s-gpu-01"
_HAMI_SCHED = "hami-scheduler-6c8d9b7f4-w5n2k"


def _hami(w, ver: str, ctl_node: str, gpu_node: str, *, kube_tag: str, gpus: int = 1,
          uuid: str = "GPU-2b7f4c1e-9a3d-4e6b-8c5f-1d9e7a3b6c42", product: str = "NVIDIA-NVIDIA L40S",
          mem: int = 46068) -> dict:
    img = f"projecthami/hami:{ver}"
    sched = deploy_pod(w, KS, "hami-scheduler-6c8d9b7f4", _HAMI_SCHED, ctl_node,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami",
                               "app.kubernetes.io/instance": "hami"})
    ks = f"registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:{kube_tag}"
    sched["spec"]["containers"][0]["image"] = ks
    sched["status"]["containerStatuses"][0]["image"] = ks
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"},
              labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami",
                      "app.kubernetes.io/instance": "hami"})
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-b8m3x", gpu_node,
           containers=("device-plugin", "vgpu-monitor"), image=img)
    n = w.get_node(gpu_node)
    annotate(n, **{"hami.io/node-handshake": "Reported 2024-11-14 09:12:15.561227 +0000 UTC",
                   "hami.io/node-nvidia-register": f"{uuid},10,{mem},100,{product},0,true:"})
    return sched


@case("fr3803", pod_subj(_03_POD, _03_NS),
      "A two-node k3s v1.31.1+k3s1 cluster (k3s-server-01, k3s-gpu-01 with 1 x L40S labelled gpu=on; NVIDIA driver "
      "and toolkit on the host, assumed) with HAMi v2.4.1 installed by its chart into kube-system (release hami, "
      "chart defaults; device-split count 10 assumed). The chart took the kube-scheduler image tag from the cluster "
      "version, so the hami-scheduler pod's kube-scheduler container is waiting InvalidImageName (the kubelet's "
      "InspectFailed event and status message composed from the kubelet's wording) while its "
      "vgpu-scheduler-extender and the hami-device-plugin pod run. A Deployment's pod requesting nvidia.com/gpu 1 "
      "(schedulerName hami-scheduler, set by HAMi's webhook) is Pending with no scheduler event. The changelog "
      "bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.1+k3s1"
    w.node("k3s-server-01", cpu="8", memory="32744476Ki", labels={"node-role.kubernetes.io/control-plane": "true",
                                                                  "node-role.kubernetes.io/master": "true"})
    w.node(_03_NODE, gpus=10, labels={"gpu": "on"}, cpu="32", memory="131868300Ki")
    sched = _hami(w, "v2.4.1", "k3s-server-01", _03_NODE, kube_tag="v1.31.1+k3s1")
    ks = sched["spec"]["containers"][0]["image"]
    msg = (f'Failed to apply default image tag "{ks}": couldn\'t parse image name "{ks}": invalid reference format')
    st = sched["status"]["containerStatuses"][0]
    st.update({"state": {"waiting": {"reason": "InvalidImageName", "message": msg}}, "ready": False,
               "started": False, "imageID": "", "containerID": ""})
    st.pop("containerID", None)
    sched["status"]["phase"] = "Pending"         # a container that never started keeps the pod Pending
    for c in sched["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.event(KS, "Pod", _HAMI_SCHED, "InspectFailed", msg, component="kubelet", host="k3s-server-01", count=88,
            field_path="spec.containers{kube-scheduler}")
    w.event(KS, "Pod", _HAMI_SCHED, "Failed", "Error: InvalidImageName", component="kubelet", host="k3s-server-01",
            count=88, field_path="spec.containers{kube-scheduler}")
    w.pod(_03_NS, _03_POD, gpu=1, containers=("cuda",), image="nvidia/cuda:12.4.1-base-ubuntu22.04",
          scheduler="hami-scheduler", phase="Pending", owner=("ReplicaSet", "cuda-job-7d9f8c6b5"),
          labels={"app": "cuda-job"})
    w.target("Pod", _03_NS, _03_POD)


# ---- fr3804: HAMi extender index out of range for [non-GPU, GPU, non-GPU] containers (#572) -------------------

_04_NS = "default"
_04_POD = "infer-sidecars-5b7c9d8f6-m2q8z"
_04_NODE = "gpu-node-1"


@case("fr3804", pod_subj(_04_POD, _04_NS),
      "Kubernetes v1.29.6 (assumed) with a control-plane node and one GPU node (1 x A100 40GB labelled gpu=on, split "
      "into 10 vGPUs; driver and toolkit on the host, assumed) running HAMi v2.4.0 in kube-system (release hami). "
      "A Deployment's pod has three containers: log-agent (no GPU), server (nvidia.com/gpu 1, nvidia.com/gpumem "
      "8000) and metrics-proxy (no GPU), schedulerName hami-scheduler. It is Pending: the hami-scheduler's "
      "FailedScheduling event carries kube-scheduler's error for the failed extender call and the "
      "vgpu-scheduler-extender log the Go net/http panic line (both composed; the indices assume this container "
      "layout and are not settled by the fix). The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.6"
    w.node("master-01", cpu="8", memory="32744476Ki", labels={"node-role.kubernetes.io/control-plane": ""})
    w.node(_04_NODE, gpus=10, labels={"gpu": "on"}, cpu="32", memory="263855396Ki")
    _hami(w, "v2.4.0", "master-01", _04_NODE, kube_tag="v1.29.6", uuid="GPU-6e1a9c3d-2f7b-4d8e-b5a1-9c3e7f2d4b18",
          product="NVIDIA-NVIDIA A100-PCIE-40GB", mem=40960)
    w.log(KS, _HAMI_SCHED, "vgpu-scheduler-extender",
          "2024/10/24 03:17:42 http: panic serving 127.0.0.1:51834: runtime error: index out of range [2] with "
          "length 2\ngoroutine 4127 [running]:\nnet/http.(*conn).serve.func1()\n")
    p = w.pod(_04_NS, _04_POD, gpu=1, containers=("log-agent", "server", "metrics-proxy"),
              image="registry.example.com/infer/server:1.4.2", scheduler="hami-scheduler", phase="Pending",
              owner=("ReplicaSet", "infer-sidecars-5b7c9d8f6"), labels={"app": "infer-sidecars"},
              scheduled_message='Post "https://127.0.0.1:443/filter": EOF')
    cs = p["spec"]["containers"]
    cs[1]["resources"] = {k: dict(v) for k, v in cs[0]["resources"].items()}
    for k in ("requests", "limits"):
        cs[0]["resources"][k].pop("nvidia.com/gpu", None)
        cs[1]["resources"][k]["nvidia.com/gpumem"] = "8000"
    w.event(_04_NS, "Pod", _04_POD, "FailedScheduling", 'Post "https://127.0.0.1:443/filter": EOF',
            component="hami-scheduler", count=17)
    w.target("Pod", _04_NS, _04_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
