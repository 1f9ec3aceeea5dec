"""Builds first-contact batch H16 (fixtures/first-contact/batch-h16/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by GPU-sharing projects' documentation sites (the TensorFusion site, the
HAMi website, Dynamia's website; intel/intel-device-plugins-for-kubernetes was listed and gave none), read in the
fixed file order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and
read with git). All seven texts are the documents' own prose or a table row and are NOT placed in the bundles
(TEXT_NOT_IN_BUNDLE); fh1604's quoted symptom `node unregistered` is placed in the pod's FailedScheduling event.
The expected answer was reasoned from the document (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, kernels, kubelet and
runtime builds, image tags, the other nodes and workloads) are filled in plausibly; each scenario's README says
which parts of the world are assumed. Where a HAMi scheduler event is written and the document quotes none, its
wording follows HAMi's scheduler source (Project-HAMi/HAMi pkg/scheduler) and is marked illustrative.

    .venv/bin/python -m tests.classify.first_contact_h16      # (re)writes fixtures/first-contact/batch-h16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-h16", "H16")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh1601", "fh1602", "fh1603", "fh1604", "fh1605", "fh1606", "fh1607"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1) -> dict:
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
                      status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                              "updatedReplicas": replicas, "unavailableReplicas": replicas - ready})


def _daemonset(w, ns: str, name: str, pods: list[dict]) -> None:
    ready = sum(1 for p in pods if all(c.get("ready") for c in p["status"].get("containerStatuses", [])))
    ds = w.workload("DaemonSet", ns, name, template_pod=pods[0], status=ds_status(len(pods), len(pods), ready))
    ds["spec"].pop("replicas", None)


def _restarted(p: dict, at: str) -> None:
    """A pod (re)created at `at`: its creation, start and container start times."""
    p["metadata"]["creationTimestamp"] = at
    p["status"]["startTime"] = at
    for s in p["status"].get("containerStatuses", []):
        if "running" in s.get("state", {}):
            s["state"]["running"]["startedAt"] = at
    for c in p["status"].get("conditions", []):
        c["lastTransitionTime"] = at


# ---- plugin: TensorFusion hypervisor missing, GPU nodes lack nvidia.com/gpu.present (TensorFusion) ---------

_TF = "tensor-fusion-sys"


@case("fh1601", node_subj("tf-gpu-node-01"),
      "Vanilla Kubernetes v1.32 (assumed; the recipe names no distribution): one CPU node and two GPU nodes with "
      "one NVIDIA L4 each (instance type g6.xlarge in their labels) (host driver and NVIDIA Container Toolkit as the recipe's prerequisite; no GPU Operator, "
      "no NFD, no NVIDIA device plugin, so the nodes advertise no nvidia.com/gpu and carry no "
      "nvidia.com/gpu.present label; names and GPU model assumed). TensorFusion installed with the recipe's Helm "
      "command in local mode (agent.agentId=\"\"): the Deployment tensor-fusion-sys-controller 1/1 Running on the "
      "CPU node; the TensorFusionCluster of the recipe applied (custom resources are not in the bundle). No "
      "hypervisor pod exists in tensor-fusion-sys.")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="8", memory="32865164Ki", labels={"node.kubernetes.io/instance-type": "m6i.2xlarge"})
    for n in ("tf-gpu-node-01", "tf-gpu-node-02"):
        host_node(w, n, advertised=False, labels={"node.kubernetes.io/instance-type": "g6.xlarge"},
                  info={"kernelVersion": "6.8.0-49-generic", "osImage": "Ubuntu 24.04.1 LTS"})
    ctrl = deploy_pod(w, _TF, "tensor-fusion-sys-controller-7c9d8b6f5", "tensor-fusion-sys-controller-7c9d8b6f5-q2m8w",
                      cpu, containers=("controller", "vector"), image="tensorfusion/tensor-fusion-operator:1.48.2",
                      labels={"app.kubernetes.io/name": "tensor-fusion", "app.kubernetes.io/component": "controller"},
                      cpu="1", memory="1Gi")
    set_image(ctrl, "vector", "docker.io/timberio/vector:0.46.1-debian")
    ctrl["spec"]["containers"][0]["env"] = [{"name": "OPERATOR_NAMESPACE", "value": _TF},
                                            {"name": "ENABLE_WEBHOOKS", "value": "true"},
                                            {"name": "INITIAL_GPU_NODE_LABEL_SELECTOR",
                                             "value": "nvidia.com/gpu.present=true"}]
    _deployment(w, _TF, "tensor-fusion-sys-controller", ctrl, ready=1)
    w.target("Node", None, "tf-gpu-node-01")


# ---- runtime: an NVIDIA image without a GPU request sees every GPU (HAMi website, Volcano vGPU) ------------

_SMI_L = ("GPU 0: NVIDIA A10 (UUID: GPU-4b8e2c1d-7f3a-9e62-15c0-8d2f6a9b3e71)\n"
          "GPU 1: NVIDIA A10 (UUID: GPU-a93f0e57-2c8b-41d6-b7e0-3f5c9d12a684)\n")


@case("fh1602", pod_subj("cuda-debug", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the page names no distribution) with Volcano v1.10 (volcano-system; "
      "deviceshare.VGPUEnable true, the page's scheduler config) and the volcano-vgpu-device-plugin DaemonSet "
      "(kube-system, 1/1 Running): one GPU node with 2 NVIDIA A10 (host driver and toolkit; volcano.sh/vgpu-number "
      "20 and volcano.sh/vgpu-memory 46056 in capacity; names and GPU model assumed). The page's gpu-pod1 "
      "(volcano.sh/vgpu-number 2, vgpu-memory 3000, vgpu-cores 50; schedulerName volcano) is Running on it; the "
      "subject pod cuda-debug (image nvidia/cuda:9.0-devel, `sleep 100000`, no GPU resource at all, schedulerName "
      "volcano) is Running on the same node, and `nvidia-smi -L` run in it (an exec result) lists both physical "
      "GPUs (standard format, UUIDs assumed; the page quotes no output).")
def _(w, t):
    node = "gpu-node-a10-01"
    n = w.node(node, gpus=20, resource="volcano.sh/vgpu-number",
               labels={"nvidia.com/gpu.product": "NVIDIA-A10", "volcano.sh/vgpu.enabled": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["volcano.sh/vgpu-memory"] = "46056"
        n["status"][res]["volcano.sh/vgpu-cores"] = "200"
    dp = w.pod(KS, "volcano-device-plugin-5xq7k", node=node, gpu=0, containers=("volcano-device-plugin",),
               image="projecthami/volcano-vgpu-device-plugin:v1.10.0", owner=("DaemonSet", "volcano-device-plugin"),
               labels={"name": "volcano-device-plugin"}, cpu="100m", memory="128Mi",
               tolerations=[{"key": "volcano.sh/gpu-memory", "operator": "Exists", "effect": "NoSchedule"}])
    _daemonset(w, KS, "volcano-device-plugin", [dp])
    sched = deploy_pod(w, "volcano-system", "volcano-scheduler-6c8f7d9b4", "volcano-scheduler-6c8f7d9b4-m2k7t", node,
                       containers=("volcano-scheduler",), image="volcanosh/vc-scheduler:v1.10.0",
                       labels={"app": "volcano-scheduler"}, cpu="100m", memory="256Mi")
    _deployment(w, "volcano-system", "volcano-scheduler", sched, ready=1)
    p1 = w.pod("default", "gpu-pod1", node=node, gpu=2, resource="volcano.sh/vgpu-number", containers=("cuda-container",),
               image="nvidia/cuda:9.0-devel", scheduler="volcano", cpu="1", memory="2Gi")
    for k in ("limits", "requests"):
        p1["spec"]["containers"][0]["resources"][k].update({"volcano.sh/vgpu-memory": "3000", "volcano.sh/vgpu-cores": "50"})
    p1["spec"]["containers"][0]["command"] = ["sleep"]
    p1["spec"]["containers"][0]["args"] = ["100000"]
    p = w.pod("default", "cuda-debug", node=node, gpu=0, containers=("cuda-container",), image="nvidia/cuda:9.0-devel",
              scheduler="volcano", cpu="1", memory="2Gi")
    p["spec"]["containers"][0]["command"] = ["sleep"]
    p["spec"]["containers"][0]["args"] = ["100000"]
    w.exec("default", "cuda-debug", "cuda-container", ["nvidia-smi", "-L"], _SMI_L, "", exit_code=0)
    w.target("Pod", "default", "cuda-debug")


# ---- HAMi stack on a node -------------------------------------------------------------------------

def _hami_node(w, name: str, product: str, mem: int, gpus: int = 1, split: int = 10, **labels) -> dict:
    n = host_node(w, name, gpus=gpus * split, labels={"gpu": "on", "nvidia.com/gpu.product": product,
                                                      "nvidia.com/gpu.memory": str(mem), **labels})
    uuids = [f"GPU-{i}f3c2a1b-8d4e-4c6f-9a7b-{name[-2:]}e5d4c3b2a{i}" for i in range(gpus)]
    reg = ":".join(f"{u},{split},{mem},100,NVIDIA-{product.replace('NVIDIA-', '')},0,true,{i},hami-core"
                   for i, u in enumerate(uuids)) + ":"
    n["metadata"].setdefault("annotations", {}).update({"hami.io/node-handshake": "Reported 2026-11-29 14:59:40",
                                                        "hami.io/node-nvidia-register": reg})
    return n


def _hami_stack(w, node: str, version: str, sfx: str = "7xk2m", ns: str = KS) -> tuple[dict, dict]:
    img = f"projecthami/hami:{version}"
    sched = deploy_pod(w, ns, "hami-scheduler-6d8f7c9b5d", "hami-scheduler-6d8f7c9b5d-r4wz8", node,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    set_image(sched, "kube-scheduler", "registry.k8s.io/kube-scheduler:v1.32.2")
    _deployment(w, ns, "hami-scheduler", sched, ready=1)
    dp = w.pod(ns, f"hami-device-plugin-{sfx}", node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image=img, owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
               cpu="100m", memory="128Mi", node_selector={"gpu": "on"})
    _daemonset(w, ns, "hami-device-plugin", [dp])
    return sched, dp


def _vgpu(c: dict, mem: int, cores: int | None = None, count: int = 1) -> None:
    for k in ("limits", "requests"):
        c.setdefault("resources", {}).setdefault(k, {})["nvidia.com/gpu"] = str(count)
        c["resources"][k]["nvidia.com/gpumem"] = str(mem)
        if cores is not None:
            c["resources"][k]["nvidia.com/gpucores"] = str(cores)


# ---- application: GPU task segfaults after HAMi was upgraded under it (HAMi website, upgrade) --------------

@case("fh1603", pod_subj("bert-finetune-0", "ml-train"),
      "Vanilla Kubernetes v1.32 (assumed; the page names no distribution) with HAMi installed by Helm in "
      "kube-system: one GPU node with one NVIDIA A100 40GB (host driver 550 and toolkit, nvidia as containerd's "
      "default runtime; deviceSplitCount 10; names and GPU model assumed). HAMi was upgraded in place from v2.7.1 "
      "to v2.8.0 (versions assumed) at 14:40 with the training pod still running: hami-scheduler and the node's "
      "hami-device-plugin pod were recreated at 14:40 with projecthami/hami:v2.8.0 and are Running. The pod "
      "bert-finetune-0 (StatefulSet bert-finetune in ml-train; nvidia.com/gpu 1, nvidia.com/gpumem 8000; "
      "schedulerName hami-scheduler), running since 14:00, has its trainer container in CrashLoopBackOff (last exit "
      "code 139, reason Error, restart count 3) with the kubelet's BackOff event. No log is written (the page quotes "
      "none).")
def _(w, t):
    node = "gpu-node-a100-01"
    _hami_node(w, node, "NVIDIA-A100-PCIE-40GB", 40960)
    sched, dp = _hami_stack(w, node, "v2.8.0")
    for p in (sched, dp):
        _restarted(p, "2026-11-29T14:40:00Z")
    ns = "ml-train"
    name = "bert-finetune-0"
    p = w.pod(ns, name, node=node, gpu=0, containers=("trainer",), image="nvcr.io/nvidia/pytorch:24.05-py3",
              owner=("StatefulSet", "bert-finetune"), labels={"app": "bert-finetune"}, scheduler="hami-scheduler",
              cpu="8", memory="32Gi")
    _vgpu(p["spec"]["containers"][0], 8000)
    p["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success",
                                    "hami.io/vgpu-devices-allocated": "GPU-0f3c2a1b-8d4e-4c6f-9a7b-01e5d4c3b2a0,NVIDIA,8000,0:;"}
    crashloop(p, "trainer", restarts=3, code=139)
    for s in p["status"]["containerStatuses"]:
        s["lastState"]["terminated"].update({"startedAt": "2026-11-29T14:52:10Z", "finishedAt": "2026-11-29T14:52:14Z"})
    backoff(w, ns, name, "trainer", node, count=7)
    st = w.workload("StatefulSet", ns, "bert-finetune", template_pod=p,
                    status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1})
    st["spec"]["serviceName"] = "bert-finetune"
    w.target("Pod", ns, name)


# ---- plugin: AMD node unregistered with HAMi (HAMi website, AMD GPU sharing) -------------------------------

@case("fh1604", pod_subj("amd-vgpu-example", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the page names no distribution) with HAMi (Helm, kube-system; "
      "devices.amd.customresources amd.com/gpu, amd.com/gpumem, amd.com/gpucores as the page configures): one AMD "
      "GPU node with one AMD Instinct MI300X (ROCm 7.0.2 kernel driver; amd.com/gpu 10 in capacity and allocatable "
      "from an earlier registration; label gpu=on; names assumed), the AMD GPU Operator's own device plugin "
      "disabled, HAMi's amd-device-plugin DaemonSet amd-gpu-device-plugin-daemonset (ghcr.io/project-hami/"
      "amd-device-plugin:0.0.1) 1/1 Running on it, hami-scheduler 1/1 Running. The node carries no "
      "hami.io/node-amd-register annotation. The page's pod amd-vgpu-example (rocm/pytorch:latest; amd.com/gpu 1, "
      "amd.com/gpumem 49152, amd.com/gpucores 25; schedulerName hami-scheduler) is Pending and unbound, with "
      "FailedScheduling '0/1 nodes are available: 1 node unregistered.' (the quoted symptom, in kube-scheduler's "
      "format around HAMi's reason) and FilteringFailed 'no available node, 1 nodes do not meet' (HAMi's wording, "
      "illustrative), both from hami-scheduler.")
def _(w, t):
    node = "amd-mi300x-node-01"
    n = w.node(node, gpus=10, resource="amd.com/gpu", cpu="96", memory="1056711936Ki",
               labels={"gpu": "on", "amd.com/gpu.present": "true", "feature.node.kubernetes.io/pci-1002.present": "true"})
    node_info(n, kernelVersion="6.8.0-49-generic", osImage="Ubuntu 22.04.5 LTS")
    sched = deploy_pod(w, KS, "hami-scheduler-6d8f7c9b5d", "hami-scheduler-6d8f7c9b5d-r4wz8", node,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image="projecthami/hami:v2.9.0",
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    set_image(sched, "kube-scheduler", "registry.k8s.io/kube-scheduler:v1.32.2")
    _deployment(w, KS, "hami-scheduler", sched, ready=1)
    dp = w.pod(KS, "amd-gpu-device-plugin-daemonset-h6t2q", node=node, gpu=0, containers=("amd-device-plugin",),
               image="ghcr.io/project-hami/amd-device-plugin:0.0.1", owner=("DaemonSet", "amd-gpu-device-plugin-daemonset"),
               labels={"app.kubernetes.io/name": "amd-gpu-device-plugin"}, cpu="100m", memory="128Mi",
               node_selector={"gpu": "on"})
    _daemonset(w, KS, "amd-gpu-device-plugin-daemonset", [dp])
    name = "amd-vgpu-example"
    msg = "0/1 nodes are available: 1 node unregistered."
    p = w.pod("default", name, gpu=1, resource="amd.com/gpu", containers=("pytorch",), image="rocm/pytorch:latest",
              scheduler="hami-scheduler", cpu="4", memory="16Gi", scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Never"
    for k in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][k].update({"amd.com/gpumem": "49152", "amd.com/gpucores": "25"})
    w.event("default", "Pod", name, "FailedScheduling", msg, component="hami-scheduler", count=12)
    w.event("default", "Pod", name, "FilteringFailed", "no available node, 1 nodes do not meet",
            component="hami-scheduler", count=12)
    w.target("Pod", "default", name)


# ---- application: vLLM with multiple HAMi vGPUs crashes before HAMi v2.8 (Dynamia, v2.8 deep dive) ---------

@case("fh1605", pod_subj("vllm-llama2-7b-6f9c8d7b5-k3w8n", "llm"),
      "Vanilla Kubernetes v1.32 (assumed; the post names no distribution) with HAMi v2.7.1 (the release before the "
      "fix; assumed) in kube-system: one GPU node with 4 NVIDIA A10 (host driver and toolkit; deviceSplitCount 10, "
      "so nvidia.com/gpu 40; names assumed), hami-device-plugin and hami-scheduler 1/1 Running. The Deployment "
      "vllm-llama2-7b (namespace llm; vllm/vllm-openai:v0.10.1 serving meta-llama/Llama-2-7b-hf with "
      "--tensor-parallel-size 2; nvidia.com/gpu 2, nvidia.com/gpucores 80, nvidia.com/gpumem 16384 as the post's "
      "example; schedulerName hami-scheduler) has its pod bound to the node with the vllm container in "
      "CrashLoopBackOff (last exit code 1, reason Error, restart count 5; exit code assumed) and the kubelet's "
      "BackOff event. No log is written (the post quotes none).")
def _(w, t):
    node = "gpu-node-a10-01"
    _hami_node(w, node, "NVIDIA-A10", 23028, gpus=4)
    _hami_stack(w, node, "v2.7.1")
    ns, rs = "llm", "vllm-llama2-7b-6f9c8d7b5"
    name = f"{rs}-k3w8n"
    p = w.pod(ns, name, node=node, gpu=0, containers=("vllm",), image="vllm/vllm-openai:v0.10.1",
              owner=("ReplicaSet", rs), labels={"app": "vllm-llama2-7b"}, scheduler="hami-scheduler",
              cpu="8", memory="48Gi", env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token",
                                                                                              "key": "token"}}}])
    c = p["spec"]["containers"][0]
    _vgpu(c, 16384, 80, count=2)
    c["command"] = ["vllm", "serve", "meta-llama/Llama-2-7b-hf", "--tensor-parallel-size", "2"]
    p["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success"}
    crashloop(p, "vllm", restarts=5, code=1)
    backoff(w, ns, name, "vllm", node, count=11)
    _deployment(w, ns, "vllm-llama2-7b", p)
    w.target("Pod", ns, name)


# ---- scheduler: over HAMi's extended ResourceQuota, the pod stays Pending (Dynamia, extended ResourceQuota) --

@case("fh1606", pod_subj("vgpu-job-3", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the post names no distribution) with HAMi (Helm, kube-system; version "
      "assumed v2.8.0): one GPU node with one NVIDIA A10 (23028 MiB, deviceSplitCount 10, so nvidia.com/gpu 10; "
      "names assumed), hami-device-plugin and hami-scheduler 1/1 Running. In default the post's ResourceQuota "
      "gpu-quota (limits.nvidia.com/gpu 2, limits.nvidia.com/gpumem 4000; not collected into the bundle). Pods "
      "vgpu-job-1 and vgpu-job-2 (nvidia.com/gpu 1, nvidia.com/gpumem 2000 each; schedulerName hami-scheduler) "
      "Running on the node; vgpu-job-3 with the same request was created (no FailedCreate) and is Pending and "
      "unbound, with hami-scheduler's FilteringFailed '1 nodes ResourceQuotaNotFit(gpu-node-a10-01)' and "
      "FailedScheduling '0/1 nodes are available: 1 1/1 ResourceQuotaNotFit.' (HAMi's scheduler formats, "
      "illustrative; the post quotes none).")
def _(w, t):
    node = "gpu-node-a10-01"
    _hami_node(w, node, "NVIDIA-A10", 23028)
    _hami_stack(w, node, "v2.8.0")
    for i in (1, 2):
        r = w.pod("default", f"vgpu-job-{i}", node=node, gpu=0, containers=("cuda",),
                  image="nvidia/cuda:12.4.1-runtime-ubuntu22.04", labels={"app": "vgpu-job"},
                  scheduler="hami-scheduler", cpu="1", memory="2Gi")
        _vgpu(r["spec"]["containers"][0], 2000)
        r["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
        r["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success"}
    name = "vgpu-job-3"
    msg = "0/1 nodes are available: 1 1/1 ResourceQuotaNotFit."
    p = w.pod("default", name, gpu=0, containers=("cuda",), image="nvidia/cuda:12.4.1-runtime-ubuntu22.04",
              labels={"app": "vgpu-job"}, scheduler="hami-scheduler", cpu="1", memory="2Gi", scheduled_message=msg)
    _vgpu(p["spec"]["containers"][0], 2000)
    p["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    w.event("default", "Pod", name, "FilteringFailed", f"1 nodes ResourceQuotaNotFit({node})",
            component="hami-scheduler", count=8)
    w.event("default", "Pod", name, "FailedScheduling", msg, component="hami-scheduler", count=8)
    w.target("Pod", "default", name)


# ---- application: hami-device-plugin restart overwrites the mounted libvgpu.so (Dynamia, v2.5.0 release) -----

@case("fh1607", pod_subj("qwen-embed-5b7d9c6f8-p4x2v", "inference"),
      "Vanilla Kubernetes v1.30 (assumed; the post names no distribution) with HAMi v2.3.13 (the post's "
      "device-plugin image; its postStart hook `cp -f /k8s-vgpu/lib/nvidia/* /usr/local/vgpu/`) in kube-system: one "
      "GPU node with one NVIDIA T4 (host driver and toolkit; deviceSplitCount 10; names assumed). The node's "
      "hami-device-plugin pod was recreated at 14:50 (its restart; Running), hami-scheduler Running since 14:00. The "
      "Deployment qwen-embed (namespace inference; nvidia.com/gpu 1, nvidia.com/gpumem 10240; schedulerName "
      "hami-scheduler) has its pod, running since 14:00, with the server container restarted once: lastState "
      "terminated at 14:50 with exit code 139 (reason Error; code assumed), now Running and Ready again. No log is "
      "written (the post quotes none).")
def _(w, t):
    node = "gpu-node-t4-01"
    _hami_node(w, node, "NVIDIA-Tesla-T4", 15360)
    _sched, dp = _hami_stack(w, node, "v2.3.13", sfx="n8v5c")
    dp["spec"]["containers"][0]["lifecycle"] = {"postStart": {"exec": {"command": [
        "/bin/sh", "-c", "cp -f /k8s-vgpu/lib/nvidia/* /usr/local/vgpu/"]}}}
    dp["spec"]["containers"][0]["env"] = [{"name": "NVIDIA_MIG_MONITOR_DEVICES", "value": "all"},
                                          {"name": "HOOK_PATH", "value": "/usr/local"}]
    dp["spec"]["volumes"] = [{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}},
                             {"name": "lib", "hostPath": {"path": "/usr/local/vgpu"}}]
    dp["spec"]["containers"][0]["volumeMounts"] = [{"mountPath": "/var/lib/kubelet/device-plugins", "name": "device-plugin"},
                                                   {"mountPath": "/usr/local/vgpu", "name": "lib"}]
    _restarted(dp, "2026-11-29T14:50:00Z")
    ns, rs = "inference", "qwen-embed-5b7d9c6f8"
    name = f"{rs}-p4x2v"
    p = w.pod(ns, name, node=node, gpu=0, containers=("server",), image="vllm/vllm-openai:v0.6.3",
              owner=("ReplicaSet", rs), labels={"app": "qwen-embed"}, scheduler="hami-scheduler", cpu="4",
              memory="16Gi")
    _vgpu(p["spec"]["containers"][0], 10240)
    p["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success"}
    for s in p["status"]["containerStatuses"]:
        s["restartCount"] = 1
        s["state"] = {"running": {"startedAt": "2026-11-29T14:50:03Z"}}
        s["lastState"] = {"terminated": {"exitCode": 139, "reason": "Error", "startedAt": "2026-11-29T14:00:00Z",
                                         "finishedAt": "2026-11-29T14:50:01Z"}}
    _deployment(w, ns, "qwen-embed", p, ready=1)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
