"""One scenario per case of shared/corpus/real-cases.jsonl: the case's text verbatim,
placed where it appears in a real cluster, inside a world consistent with it.

`expected` is reasoned from the world each builder makes (the case's `expected` ids
say which answers count as right; `accept` carries them for the accuracy table).
"""

from __future__ import annotations

import json
from functools import lru_cache

from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, Scenario, World
from tests.conftest import CORPUS

ML = "ml"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    out = {}
    for line in (CORPUS / "real-cases.jsonl").read_text(encoding="utf-8").splitlines():
        if line.strip():
            c = json.loads(line)
            out[c["id"]] = c
    return out


def text(case_id: str) -> str:
    return cases()[case_id]["text"]


def rows(case_id: str):
    from triage.evidence.k8s_events.describe_text import parse_event_rows
    return parse_event_rows(text(case_id))


# ---- small world helpers ------------------------------------------------------------

def crashing(container: str, code: int = 1, reason: str = "Error", message: str | None = None, restarts: int = 4,
             waiting: str = "CrashLoopBackOff") -> dict:
    term = {"exitCode": code, "reason": reason, "startedAt": T0, "finishedAt": T1}
    if message:
        term["message"] = message
    return {container: {"state": {"waiting": {"reason": waiting,
                                              "message": f"back-off 5m0s restarting failed container={container}"}},
                        "lastState": {"terminated": term}, "ready": False, "restartCount": restarts}}


def crash_pod(w: World, name: str, log: str, *, node: str = "gpu-node-1", container: str = "server", gpu: int = 1,
              code: int = 1, previous: bool = True, **kw) -> dict:
    p = w.pod(ML, name, node=node, gpu=gpu, containers=(container,), phase="Running", ready=False,
              statuses=crashing(container, code), restarts=4, owner=kw.pop("owner", ("ReplicaSet", name.rsplit("-", 1)[0])), **kw)
    w.log(ML, name, container, log, previous=previous)
    if previous:
        w.log(ML, name, container, "INFO 11-29 14:50:01 api_server.py:712] vLLM API server version 0.8.3\n")
    return p


def pending_pod(w: World, name: str, message: str, *, component: str = "default-scheduler", gpu: int = 1,
                count: int = 5, **kw) -> dict:
    p = w.pod(ML, name, gpu=gpu, phase="Pending", scheduled_message=message, **kw)
    w.event(ML, "Pod", name, "FailedScheduling", message, component=component, count=count)
    return p


def base(w: World, *, gpus: int = 1, cpu_nodes: int = 1, **kw) -> World:
    w.gpu_node("gpu-node-1", gpus=gpus, **kw)
    for i in range(cpu_nodes):
        w.node(f"cpu-node-{i + 1}")
    return w


def stack_crash(w: World, node: str, role: str, container: str, log: str | None, *, previous: bool = True,
                code: int = 1, restarts: int = 12) -> str:
    """Make one GPU-stack pod crash-loop with `log` as its previous (or current) log."""
    name = w.stack(node, role)
    pod = w.get_pod(OPERATOR_NS, name)
    st = crashing(container, code, restarts=restarts)[container]
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update(st)
    pod["status"]["conditions"][-1]["status"] = "False"
    if log is not None:
        w.log(OPERATOR_NS, name, container, log, previous=previous)
    return name


def init_stuck(w: World, node: str, role: str, init: str, log: str | None, *, state: dict | None = None,
               restarts: int = 0) -> str:
    """Leave a GPU-stack pod in Init: its init container `init` waits / crash-loops."""
    name = w.stack(node, role)
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    seen = False
    for s in pod["status"].get("initContainerStatuses", []):
        if s["name"] == init:
            s.update(state or {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": restarts})
            seen = True
        elif seen:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    if log is not None:
        w.log(OPERATOR_NS, name, init, log)
    return name


def expect(root: str | None, subject: dict | None, status: str = "problem", accept=None,
           suspect: str | None = None) -> dict:
    """`suspect`: an inconclusive answer's would-be root cause (a symptom whose cause lies in
    a layer the bundle holds no evidence of)."""
    out = {"status": status, "root_cause": root, "layer": (root or suspect or ".").split(".")[0] or None,
           "subject": subject}
    if accept:
        out["accept"] = list(accept)
    if suspect:
        out["suspect"] = suspect
    return out


def pod_subj(name: str, ns: str = ML) -> dict:
    return {"kind": "Pod", "namespace": ns, "name": name}


def node_subj(name: str = "gpu-node-1") -> dict:
    return {"kind": "Node", "name": name}


# ---- the cases ----------------------------------------------------------------------------

BUILDERS: dict[str, tuple] = {}


def case(case_id: str, root: str, subject: dict, status: str = "problem", world_note: str = ""):
    """`status` "inconclusive" keeps `root` as the expected suspect (root_cause null)."""
    def deco(fn):
        BUILDERS[case_id] = (fn, root, subject, status, world_note)
        return fn
    return deco


@case("node-allocatable-7-of-8-xid94", "node.gpu_unhealthy_devices", node_subj(),
      world_note="An H100 node with the capacity/allocatable of the case (8 vs 7); no Xid line was collected.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=8, allocatable=7, product="NVIDIA-H100-80GB-HBM3", cpu="128",
               memory="2113276288Ki", alloc_memory="2062682496Ki")
    w.get_node("gpu-node-1")["status"]["capacity"].update({"ephemeral-storage": "7441183616Ki", "hugepages-2Mi": "8448Mi"})
    w.get_node("gpu-node-1")["status"]["allocatable"].update({"ephemeral-storage": "6857794809152", "hugepages-2Mi": "8448Mi"})
    w.target("Node", None, "gpu-node-1")


@case("rt-cdi-unresolvable-runtime-nvidia-com-docker", "runtime.cdi_unresolvable", pod_subj("cuda-smoke"),
      world_note="The runtime error of the case is the container's last termination message (StartError).")
def _(w, t):
    base(w)
    msg = t.splitlines()[1]
    w.pod(ML, "cuda-smoke", node="gpu-node-1", containers=("cuda",), ready=False,
          statuses=crashing("cuda", 128, "StartError", msg, waiting="RunContainerError"))
    w.event(ML, "Pod", "cuda-smoke", "Failed", msg)
    w.target("Pod", ML, "cuda-smoke")


@case("in-pod-nvml-unknown-error-daemon-reload", "runtime.lost_gpu_access", pod_subj("inference-0"),
      world_note="`nvidia-smi -L` in the workload container fails with NVML Unknown Error; the driver pod's "
                 "`nvidia-smi -L` on the same node lists the four GPUs.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-A10", memory_mib=23028)
    w.pod(ML, "inference-0", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "inference"))
    lines = t.splitlines()
    w.exec(ML, "inference-0", "server", ["nvidia-smi", "-L"], "", lines[1] + "\n", exit_code=255)
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi", "-L"],
           "\n".join(lines[4:]) + "\n", "", 0)
    w.target("Pod", ML, "inference-0")


@case("exit-137-reason-error-not-oomkilled", "application.killed_sigkill", pod_subj("embedder-6d9f-x2b4c"),
      world_note="The container's last state is Terminated/Error/137 (not OOMKilled); it runs again.")
def _(w, t):
    base(w)
    w.pod(ML, "embedder-6d9f-x2b4c", node="gpu-node-1", containers=("embedder",), restarts=1, statuses={"embedder": {
        "state": {"running": {"startedAt": "2023-11-13T02:50:57Z"}}, "ready": True, "restartCount": 1,
        "lastState": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": "2023-11-13T02:48:52Z",
                                     "finishedAt": "2023-11-13T02:50:55Z"}}}})
    w.target("Pod", ML, "embedder-6d9f-x2b4c")


def _app_log_case(case_id: str, pod: str, root: str, container: str = "server", gpus: int = 1, **kw):
    @case(case_id, root, pod_subj(pod), world_note=f"The text is the previous log of container `{container}`, "
                                                   "which crash-loops on a healthy GPU node.")
    def _(w, t):
        base(w, gpus=gpus, **{k: v for k, v in kw.items() if k in ("product",)})
        crash_pod(w, pod, t, container=container, gpu=gpus,
                  **{k: v for k, v in kw.items() if k not in ("product",)})
        w.target("Pod", ML, pod)


_app_log_case("torch-oom-huge-alloc-other-process", "trainer-0", "application.cuda_oom", "trainer",
              product="NVIDIA-L40S")
_app_log_case("torch-oom-capacty-typo-torch21", "qwen2-7b-5f7c9-kq2lp", "application.cuda_oom",
              product="NVIDIA-GeForce-RTX-2080-Ti")
_app_log_case("hf-gated-403-not-authorized-kubeai", "model-llama-3-8b-7f9d-abcde", "application.model_access_not_granted")
_app_log_case("hf-gated-401-unauthenticated-tgi-k8s", "chatqna-tgi-5b8d-qr7tt", "application.model_download_unauthorized", "tgi")
_app_log_case("nccl-watchdog-timeout-legacy-format", "train-worker-0", "application.nccl_error", "pytorch", gpus=8,
              product="Tesla-V100-SXM2-32GB")
_app_log_case("nccl-ib-port-error-flapping-link", "lightning-worker-1", "application.nccl_error", "pytorch", gpus=8)
_app_log_case("nccl-shm-no-space-kubeflow", "kubeflow-train-worker-0", "application.shm_too_small", "pytorch", gpus=4,
              product="Tesla-T4")
_app_log_case("nccl-unhandled-system-error-shm-vllm", "vllm-tp8-0", "application.shm_too_small", gpus=8,
              product="NVIDIA-H200")
_app_log_case("app-no-kernel-image-lmcache-image-cuda126", "gpt-oss-120b-0", "application.no_kernel_image", gpus=2,
              product="NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition")
_app_log_case("dataloader-bus-error-k8s-shm", "resnet-train-0", "application.shm_too_small", "pytorch")
_app_log_case("vllm-no-memory-for-cache-blocks-v0-compose", "qwen25-05b-0", "application.vllm_kv_cache_insufficient")
_app_log_case("vllm-max-seq-len-rank-prefixed", "vllm-5090-0", "application.vllm_kv_cache_insufficient", gpus=2)
_app_log_case("vllm-max-seq-len-32k-qwen", "qwen-32k-0", "application.vllm_kv_cache_insufficient")


def _start_error_case(case_id: str, root: str, pod: str, message_from):
    @case(case_id, root, pod_subj(pod), world_note="The runtime error is the container's last termination "
                                                   "message (StartError, exit 128), as kubelet records it.")
    def _(w, t):
        base(w)
        msg = message_from(t)
        w.pod(ML, pod, node="gpu-node-1", containers=("cuda",), ready=False,
              statuses=crashing("cuda", 128, "StartError", msg))
        w.target("Pod", ML, pod)


_start_error_case("rt-require-brand-tesla-misleading", "runtime.cuda_requirement_unsatisfied", "cuda10-job-x7k2p",
                  lambda t: t)
_start_error_case("rt-require-cuda11-old-driver-legacy-format", "runtime.cuda_requirement_unsatisfied",
                  "cuda11-job-q9z4d", lambda t: t)


def _validator_case(case_id: str, root: str, strip_cmd: bool = False, **node_kw):
    @case(case_id, root, node_subj(), world_note="The text is the log of the operator validator's `cuda-validation` "
                                                 "init container, which crash-loops.")
    def _(w, t):
        base(w, **node_kw)
        log = "\n".join(t.splitlines()[1:]) if strip_cmd else t
        name = init_stuck(w, "gpu-node-1", "validator", "cuda-validation", None, state=crashing(
            "cuda-validation", 1, restarts=9, waiting="CrashLoopBackOff")["cuda-validation"])
        w.log(OPERATOR_NS, name, "cuda-validation", log)
        w.target("Node", None, "gpu-node-1")


_validator_case("validator-cuda-no-device-okd-host-driver", "runtime.no_device_visible")
_validator_case("validator-cuda-busy-unavailable-v100", "runtime.no_device_visible", strip_cmd=True,
                product="Tesla-V100-SXM2-16GB")
_validator_case("validator-cuda-system-not-yet-initialized-fabricmanager", "driver.fabric_manager_not_running",
                gpus=8, product="NVIDIA-H100-80GB-HBM3")


@case("sched-hami-scheduler-custom-reasons", "scheduler.custom_scheduler_rejected", pod_subj("vgpu-job-4g"),
      world_note="Four nodes: three GPU nodes known to HAMi (one has too little free vGPU), one unreachable.")
def _(w, t):
    for i in (1, 2, 3):
        w.gpu_node(f"gpu-node-{i}", gpus=2, product="NVIDIA-A10")
    w.node("gpu-node-4", gpus=2, ready="Unknown",
           taints=[{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule"}])
    r = rows("sched-hami-scheduler-custom-reasons")
    w.pod(ML, "vgpu-job-4g", gpu=4, scheduler="hami-scheduler", scheduled_message=r[0].message)
    w.event(ML, "Pod", "vgpu-job-4g", r[0].reason, r[0].message, component=r[0].source)
    w.event(ML, "Pod", "vgpu-job-4g", r[1].reason, r[1].message, component=r[1].source)
    w.target("Pod", ML, "vgpu-job-4g")


@case("dp-nvml-resource-manager-invalid-mig-config", "plugin.mig_config_failed", node_subj(),
      world_note="The device plugin's previous log (it crash-loops); the node has MIG enabled and advertises nothing.")
def _(w, t):
    base(w, allocatable=None, labels={"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "all-balanced"})
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    stack_crash(w, "gpu-node-1", "device-plugin", "nvidia-device-plugin", t)
    w.target("Node", None, "gpu-node-1")


@case("admission-devices-unavailable-after-node-reboot", "plugin.stale_allocation", pod_subj("gpushare-infer-1"),
      world_note="After an edge node reboot the pod was admitted before the gpushare plugin re-registered: "
                 "status Failed / UnexpectedAdmissionError with the case's text.")
def _(w, t):
    w.node("edge-node-1", labels={"gpushare": "true"})
    n = w.get_node("edge-node-1")
    n["status"]["capacity"]["aliyun.com/gpu-mem"] = "15"
    n["status"]["allocatable"]["aliyun.com/gpu-mem"] = "15"
    w.pod("kube-system", "gpushare-device-plugin-ds-8xk2v", node="edge-node-1", gpu=0, containers=("gpushare",),
          labels={"app": "gpushare", "name": "gpushare-device-plugin-ds"}, owner=("DaemonSet", "gpushare-device-plugin-ds"))
    w.pod(ML, "gpushare-infer-1", node="edge-node-1", gpu=1, resource="aliyun.com/gpu-mem", phase="Failed",
          containers=("infer",), reason="UnexpectedAdmissionError", message=t,
          statuses={"infer": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.event(ML, "Pod", "gpushare-infer-1", "UnexpectedAdmissionError", t)
    w.target("Pod", ML, "gpushare-infer-1")


def _plugin_nvml_case(case_id: str):
    @case(case_id, "plugin.nvml_unavailable", pod_subj("llm-serve-0"),
          world_note="The device plugin logs the NVML failure and idles; the node never advertises nvidia.com/gpu, "
                     "so the user's pod stays Pending with Insufficient nvidia.com/gpu.")
    def _(w, t):
        w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log=t)
        w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
        pending_pod(w, "llm-serve-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes "
                                      "are available: 1 Preemption is not helpful for scheduling.",
                    owner=("StatefulSet", "llm-serve"))
        w.target("Pod", ML, "llm-serve-0")


_plugin_nvml_case("dp-nvml-could-not-load-cri-log")
_plugin_nvml_case("dp-nvml-not-detected-nonstandard-driver-root")


@case("driver-precompiled-tag-missing-new-kernel", "driver.image_unavailable", node_subj(),
      world_note="The case is the reporter's description; the world shows it as the driver pod's pull failure for "
                 "the precompiled tag derived from the node's new kernel 5.15.0-118-generic.")
def _(w, t):
    base(w, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    image = "nvcr.io/nvidia/driver:535-5.15.0-118-generic-ubuntu22.04"
    name = w.stack("gpu-node-1", "driver")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    pod["status"]["containerStatuses"][0].update({"state": {"waiting": {
        "reason": "ImagePullBackOff", "message": f"Back-off pulling image \"{image}\""}}, "ready": False})
    w.event(OPERATOR_NS, "Pod", name, "Failed",
            f"Failed to pull image \"{image}\": rpc error: code = NotFound desc = failed to pull and unpack image "
            f"\"{image}\": failed to resolve reference \"{image}\": {image}: not found")
    w.target("Node", None, "gpu-node-1")


@case("driver-image-pull-notfound-buildroot", "driver.image_unavailable", node_subj(),
      world_note="The event is the driver pod's pull failure on a Buildroot-based node.")
def _(w, t):
    base(w, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.get_node("gpu-node-1")["status"]["nodeInfo"]["osImage"] = "Buildroot 2021.02.12"
    name = w.stack("gpu-node-1", "driver")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    pod["status"]["containerStatuses"][0].update({"state": {"waiting": {
        "reason": "ErrImagePull", "message": t}}, "ready": False})
    w.event(OPERATOR_NS, "Pod", name, "Failed", t)
    w.target("Node", None, "gpu-node-1")


def _driver_log_case(case_id: str, root: str):
    @case(case_id, root, node_subj(), world_note="The text is the previous log of the driver container, which "
                                                 "crash-loops; the node advertises no GPU.")
    def _(w, t):
        base(w, allocatable=None)
        w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
        stack_crash(w, "gpu-node-1", "driver", "nvidia-driver-ctr", t)
        w.target("Node", None, "gpu-node-1")


_driver_log_case("driver-ctr-wrong-os-image-unknown-symbol", "driver.kernel_mismatch")
_driver_log_case("driver-ctr-secureboot-operation-not-permitted", "driver.secure_boot_rejected")


@case("rt-hook-nvml-mismatch-toolkit-validation", "driver.version_mismatch", node_subj(),
      world_note="The device plugin pod's toolkit-validation init container failed to start (StartError, exit 128).")
def _(w, t):
    base(w, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    from triage.evidence.k8s_events.describe_text import parse_describe_states
    states = parse_describe_states(t)
    last = next(s for s in states if s.kind == "terminated")
    init_stuck(w, "gpu-node-1", "device-plugin", "toolkit-validation", None, state={
        "state": {"waiting": {"reason": "CrashLoopBackOff"}}, "ready": False, "restartCount": 7,
        "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "message": last.message,
                                     "startedAt": "1970-01-01T00:00:00Z", "finishedAt": T1}}})
    w.target("Node", None, "gpu-node-1")


@case("driver-ctr-nvidia-smi-cannot-communicate-microk8s", "driver.not_loaded", node_subj(),
      world_note="`nvidia-smi` run in the driver container (exec) prints the case's message and exits 9.")
def _(w, t):
    base(w, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    first, _, rest = t.partition("\n\n")
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi"], first + "\n", "",
           exit_code=9, error=rest.strip())
    w.target("Node", None, "gpu-node-1")


@case("gfd-mig-single-empty-mig-devices", "plugin.gfd_error", node_subj(),
      world_note="GPU Feature Discovery crash-loops with the case's log on a MIG node (strategy single).")
def _(w, t):
    base(w, gpus=2, labels={"nvidia.com/mig.strategy": "single"})
    stack_crash(w, "gpu-node-1", "gfd", "gpu-feature-discovery", t)
    w.target("Node", None, "gpu-node-1")


@case("dp-gpu-lost-blocks-other-gpus", "driver.gpu_fallen_off_bus", pod_subj("vllm-7b-6d5c-9wz8r"),
      world_note="The pod failed admission with the case's kubelet message; `nvidia-smi -a` in the driver pod prints "
                 "the GPU-is-lost line.")
def _(w, t):
    base(w, gpus=4)
    lines = t.splitlines()
    msg = lines[0].removeprefix("> ")
    smi = lines[-1].strip().strip("`")
    w.pod(ML, "vllm-7b-6d5c-9wz8r", node="gpu-node-1", phase="Failed", reason="UnexpectedAdmissionError",
          message=msg, containers=("server",), statuses={"server": {"state": {"waiting": {"reason": "ContainerCreating"}},
                                                                    "ready": False}})
    w.event(ML, "Pod", "vllm-7b-6d5c-9wz8r", "UnexpectedAdmissionError", msg)
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi", "-a"], smi + "\n", "", 15)
    w.target("Pod", ML, "vllm-7b-6d5c-9wz8r")


@case("dmesg-fallen-off-bus-no-xid-multiline", "driver.gpu_fallen_off_bus", node_subj(),
      world_note="The kernel lines are the node's dmesg (read through the driver pod); the reporter's trailing note "
                 "is left out. The node advertises 7 of 8 GPUs.")
def _(w, t):
    base(w, gpus=8, allocatable=7, product="NVIDIA-H100-80GB-HBM3")
    w.dmesg("gpu-node-1", t.split("\n\nnote:")[0])
    w.target("Node", None, "gpu-node-1")


@case("sched-exceeds-gpu-quota-extender", "scheduler.quota_exceeded", pod_subj("notebook-gpu-2"),
      world_note="Two GPU nodes with free GPUs; the gpu-admission extender's namespace quota rejects both.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=4)
    w.gpu_node("gpu-node-2", gpus=4)
    r = rows("sched-exceeds-gpu-quota-extender")[0]
    pending_pod(w, "notebook-gpu-2", r.message, count=r.count)
    w.target("Pod", ML, "notebook-gpu-2")


@case("node-minikube-no-gpu-allocatable", "node.gpu_not_advertised", node_subj("minikube"), status="inconclusive",
      world_note="A minikube VM without GPU passthrough: the device plugin pod runs, the node has no nvidia.com/gpu. "
                 "No log was collected and no label says the node has a GPU: what the node shows is certain, why "
                 "is not (the plugin's log would say: no devices, or no NVML), so the answer is inconclusive with "
                 "the node symptom as suspect and a plugin-layer gap.")
def _(w, t):
    w.node("minikube", cpu="2", memory="3936952Ki")
    w.pod("kube-system", "nvidia-device-plugin-daemonset-8fz2q", node="minikube", gpu=0,
          containers=("nvidia-device-plugin-ctr",), labels={"name": "nvidia-device-plugin-ds"},
          owner=("DaemonSet", "nvidia-device-plugin-daemonset"))
    w.target("Node", None, "minikube")


@case("node-gpu-capacity-zero-plugin-crashloop", "plugin.not_running", node_subj("gpu-node-1"),
      world_note="Capacity and allocatable nvidia.com/gpu are 0; the standalone plugin pod crash-loops (9295 restarts). "
                 "State first: the crash-looping plugin is the failing component whatever its (uncollected) log "
                 "says; the node's 0 is its symptom (the corpus case names the symptom).")
def _(w, t):
    w.node("gpu-node-1", gpus=0, labels={"nvidia.com/gpu": "true"})
    w.pod("kube-system", "nvidia-device-plugin-daemonset-gf4qg", node="gpu-node-1", gpu=0,
          containers=("nvidia-device-plugin-ctr",), labels={"name": "nvidia-device-plugin-ds"},
          owner=("DaemonSet", "nvidia-device-plugin-daemonset"), runtime_class="nvidia", ready=False,
          statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=9295))
    w.target("Node", None, "gpu-node-1")


@case("sched-legacy-didnt-match-node-selector-gpu", "scheduler.insufficient_gpu", pod_subj("tf-train-1"),
      world_note="Three GPU nodes selected by the pod's nodeSelector, every GPU held by running pods "
                 "(a notebook among them); three CPU nodes that do not match the selector.")
def _(w, t):
    for i in (1, 2, 3):
        w.gpu_node(f"gpu-node-{i}", gpus=1, product="Tesla-P100-PCIE-16GB", labels={"accelerator": "nvidia"})
        w.pod(ML, f"jupyter-user{i}", node=f"gpu-node-{i}", gpu=1, containers=("notebook",),
              owner=("StatefulSet", f"jupyter-user{i}"))
    for i in (1, 2, 3):
        w.node(f"cpu-node-{i}")
    r = rows("sched-legacy-didnt-match-node-selector-gpu")[0]
    pending_pod(w, "tf-train-1", r.message, count=r.count, node_selector={"accelerator": "nvidia"})
    w.target("Pod", ML, "tf-train-1")


@case("sched-insufficient-gpu-no-preemption-victims", "scheduler.insufficient_gpu", pod_subj("triton-7c9d8-kx2mq"),
      world_note="A single-node cluster; its only GPU is held by a forgotten notebook pod of the same priority.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-GeForce-RTX-3090")
    w.pod("research", "jupyter-alice", node="gpu-node-1", gpu=1, containers=("notebook",),
          owner=("StatefulSet", "jupyter-alice"))
    pending_pod(w, "triton-7c9d8-kx2mq", t, owner=("ReplicaSet", "triton-7c9d8"))
    w.target("Pod", ML, "triton-7c9d8-kx2mq")


@case("legacy-gpus-stranded-after-container-restart", "plugin.stale_allocation", pod_subj("gpu", "default"),
      world_note="Kubernetes 1.6 in-tree GPU manager: the pod's status reason/message carry the case's STATUS text.")
def _(w, t):
    import re
    msg = re.split(r"\s{2,}", t.splitlines()[2].split("0/1", 1)[1].strip())[0]
    w.node("slave2", gpus=4, resource="alpha.kubernetes.io/nvidia-gpu")
    w.pod("default", "gpu", node="slave2", gpu=4, resource="alpha.kubernetes.io/nvidia-gpu", phase="Failed",
          containers=("gpu",), reason=msg, message=msg,
          statuses={"gpu": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.target("Pod", "default", "gpu")


@case("mig-parted-reset-in-use-nvidia-drm", "plugin.mig_config_failed", node_subj(),
      world_note="The MIG manager's log; the node's mig.config.state label is `failed`.")
def _(w, t):
    base(w, gpus=4, labels={"nvidia.com/mig.config": "all-1g.10gb", "nvidia.com/mig.config.state": "failed",
                            "nvidia.com/mig.strategy": "single"})
    name = "nvidia-mig-manager-" + "q8x2n"
    w.pod(OPERATOR_NS, name, node="gpu-node-1", gpu=0, containers=("nvidia-mig-manager",),
          labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"))
    w.log(OPERATOR_NS, name, "nvidia-mig-manager", t)
    w.target("Node", None, "gpu-node-1")


@case("app-found-no-nvidia-driver-amd-gpu", "application.gpu_not_requested", pod_subj("sd-webui-0"),
      world_note="The pod requests no nvidia.com/gpu (the node has an AMD GPU); PyTorch's CUDA build prints the case's "
                 "error in its previous log.")
def _(w, t):
    w.node("amd-node-1", gpus=1, resource="amd.com/gpu")
    crash_pod(w, "sd-webui-0", t, node="amd-node-1", container="webui", gpu=0, owner=("StatefulSet", "sd-webui"))
    w.target("Pod", ML, "sd-webui-0")


@case("node-kubelet-stopped-posting-status", "node.not_ready", node_subj("gke-gpu-pool-1-a1b2"),
      world_note="Every node condition is Unknown / NodeStatusUnknown as in the case's describe output.")
def _(w, t):
    conds = []
    for line in t.splitlines():
        parts = line.split()
        conds.append({"type": parts[0], "status": "Unknown", "reason": "NodeStatusUnknown",
                      "message": "Kubelet stopped posting node status.",
                      "lastHeartbeatTime": "2017-07-12T11:09:45Z", "lastTransitionTime": "2017-07-12T11:10:36Z"})
    conds.append({"type": "Ready", "status": "Unknown", "reason": "NodeStatusUnknown",
                  "message": "Kubelet stopped posting node status.",
                  "lastHeartbeatTime": "2017-07-12T11:09:45Z", "lastTransitionTime": "2017-07-12T11:10:36Z"})
    w.gpu_node("gke-gpu-pool-1-a1b2", gpus=1, product="Tesla-K80", conditions=conds,
               taints=[{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule"}])
    w.target("Node", None, "gke-gpu-pool-1-a1b2")


@case("dmesg-nouveau-owns-device", "driver.nouveau_conflict", node_subj(),
      world_note="The node's kernel log (dmesg through the driver pod); the node advertises no GPU.")
def _(w, t):
    base(w, gpus=3, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.dmesg("gpu-node-1", t)
    w.target("Node", None, "gpu-node-1")


@case("rt-ldcache-ldconfig-signal9-k3s", "runtime.container_cli_init_failed", pod_subj("comfyui-0"),
      world_note="The kubelet's `Failed` event on the user's pod (runtimeClassName nvidia) carries the hook error.")
def _(w, t):
    base(w)
    w.pod(ML, "comfyui-0", node="gpu-node-1", containers=("comfyui",), runtime_class="nvidia", ready=False,
          statuses=crashing("comfyui", 128, "StartError", t.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "comfyui-0", "Failed", t)
    w.target("Pod", ML, "comfyui-0")


@case("rt-legacy-libcuda-missing-non-gpu-node", "runtime.container_cli_init_failed", node_subj("cpu-node-1"),
      world_note="The standalone device-plugin DaemonSet also landed on a CPU node whose default runtime is nvidia; "
                 "its container fails to start there with the case's event.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, operator=False)
    w.node("cpu-node-1")
    name = "nvidia-device-plugin-daemonset-7rj4x"
    w.pod("kube-system", name, node="cpu-node-1", gpu=0, containers=("nvidia-device-plugin-ctr",),
          labels={"name": "nvidia-device-plugin-ds"}, owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
          ready=False, statuses=crashing("nvidia-device-plugin-ctr", 128, "ContainerCannotRun", restarts=30))
    w.event("kube-system", "Pod", name, "Failed", t)
    w.target("Node", None, "cpu-node-1")


@case("operator-reconcile-alert-plugin-validation-restarting", "plugin.validation_no_free_gpu", node_subj(),
      world_note="A one-GPU node already used by a user pod; the operator's device-plugin validator pod failed "
                 "admission with the quoted event.")
def _(w, t):
    base(w, product="Tesla-T4")
    w.pod("team-a", "notebook-0", node="gpu-node-1", gpu=1, containers=("notebook",), owner=("StatefulSet", "notebook"))
    msg = t.split('events of pod "', 1)[1].rstrip('"')
    name = "nvidia-device-plugin-validator-xxxx"
    w.pod(OPERATOR_NS, name, node="gpu-node-1", gpu=1, phase="Failed", containers=("plugin-validation",),
          labels={"app": "nvidia-device-plugin-validator"}, reason="UnexpectedAdmissionError", message=msg,
          statuses={"plugin-validation": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.event(OPERATOR_NS, "Pod", name, "UnexpectedAdmissionError", msg)
    w.target("Node", None, "gpu-node-1")


@case("sched-pod-affinity-plus-insufficient-gpu", "scheduler.pod_affinity_conflict", pod_subj("rag-llm-0"),
      world_note="The only GPU node (free GPU) fails the pod's required pod affinity to a helper on a CPU node; "
                 "the three CPU nodes have no GPU.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1)
    for i in (1, 2, 3):
        w.node(f"cpu-node-{i}")
    w.pod(ML, "rag-helper-0", node="cpu-node-2", gpu=0, labels={"app": "rag-helper"}, containers=("helper",))
    aff = {"podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"app": "rag-helper"}}, "topologyKey": "kubernetes.io/hostname"}]}}
    pending_pod(w, "rag-llm-0", t, affinity=aff, owner=("StatefulSet", "rag-llm"))
    w.target("Pod", ML, "rag-llm-0")


def _probe_case(case_id: str, pod: str, container: str, startup: bool):
    @case(case_id, "application.probe_killed_during_startup", pod_subj(pod),
          world_note="The kubelet's Unhealthy/Killing events on the model server pod, which restarts.")
    def _(w, t):
        base(w)
        if startup:
            probes = {"startupProbe": {"httpGet": {"path": "/health", "port": 8000}, "periodSeconds": 30,
                                       "failureThreshold": 150}}
        else:
            probes = {"livenessProbe": {"httpGet": {"path": "/health", "port": 8000}, "periodSeconds": 10,
                                        "failureThreshold": 3}}
        w.pod(ML, pod, node="gpu-node-1", containers=(container,), ready=False, probes=probes, statuses={container: {
            "state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 6,
            "lastState": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0, "finishedAt": T1}}}})
        r = rows(case_id)
        if r:
            for row in r:
                w.event(ML, "Pod", pod, row.reason, row.message, type=row.type, count=row.count,
                        field_path=f"spec.containers{{{container}}}")
        else:
            w.event(ML, "Pod", pod, "Unhealthy", t, count=150, field_path=f"spec.containers{{{container}}}")
            w.event(ML, "Pod", pod, "Killing", f"Container {container} failed startup probe, will be restarted",
                    type="Normal", field_path=f"spec.containers{{{container}}}")
        w.target("Pod", ML, pod)


_probe_case("probe-liveness-404-killed", "vllm-standalone-3b-5f6d7-ab12c", "vllm-standalone-3b-vllm-llama-3-3b-instruct",
            False)
_probe_case("probe-startup-503-killed-mid-load", "nemotron-ultra-0", "server", True)


@case("quota-exceeded-admission-format", "scheduler.quota_exceeded",
      {"kind": "Deployment", "namespace": ML, "name": "test-pod"},
      world_note="The quota text as the ReplicaSet controller's FailedCreate event carries it; no pod was created.")
def _(w, t):
    base(w)
    quota = t.split("is forbidden: ", 1)[1]
    dep = w.workload("Deployment", ML, "test-pod", template_pod={"spec": {"containers": [{"name": "main"}]}})
    w.workload("ReplicaSet", ML, "test-pod-7d9f8", owner=("Deployment", "test-pod"), revision="1")
    w.event(ML, "ReplicaSet", "test-pod-7d9f8", "FailedCreate",
            f"Error creating: pods \"test-pod-7d9f8-x2b4c\" is forbidden: {quota}", component="replicaset-controller")
    assert dep
    w.target("Deployment", ML, "test-pod")


@case("rolling-update-gpu-deadlock", "scheduler.rollout_needs_extra_gpu", pod_subj("vllm-6b7c9d-new12"),
      world_note="A Deployment (RollingUpdate, default maxSurge) on one 1-GPU node: the old ReplicaSet's pod holds "
                 "the GPU, the new ReplicaSet's pod is Pending with Insufficient nvidia.com/gpu.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-L4")
    tmpl = {"spec": {"containers": [{"name": "server", "image": "vllm/vllm-openai:v0.8.4",
                                     "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}
    w.workload("Deployment", ML, "vllm", template_pod=tmpl,
               strategy={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}})
    w.workload("ReplicaSet", ML, "vllm-5f8b7c", owner=("Deployment", "vllm"), revision="1", template_pod=tmpl)
    w.workload("ReplicaSet", ML, "vllm-6b7c9d", owner=("Deployment", "vllm"), revision="2", template_pod=tmpl)
    w.pod(ML, "vllm-5f8b7c-old34", node="gpu-node-1", containers=("server",), owner=("ReplicaSet", "vllm-5f8b7c"))
    pending_pod(w, "vllm-6b7c9d-new12", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes "
                                        "are available: 1 No preemption victims found for incoming pod.",
                owner=("ReplicaSet", "vllm-6b7c9d"), containers=("server",))
    w.target("Deployment", ML, "vllm")


@case("rt-no-runtime-for-nvidia-configured", "runtime.runtime_handler_missing", node_subj("i-071a4e5a302e4025b"),
      world_note="The device plugin pod cannot get a sandbox on the node (events verbatim); no GPU is advertised.")
def _(w, t):
    w.gpu_node("i-071a4e5a302e4025b", gpus=1, allocatable=None, product="Tesla-T4")
    w.get_node("i-071a4e5a302e4025b")["status"]["capacity"].pop("nvidia.com/gpu")
    name = w.stack("i-071a4e5a302e4025b", "device-plugin")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for s in pod["status"]["containerStatuses"] + pod["status"].get("initContainerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing" if s["name"] != "toolkit-validation" else "ContainerCreating"}},
                  "ready": False})
    w.logs.pop((OPERATOR_NS, name, "nvidia-device-plugin", False), None)
    for row in rows("rt-no-runtime-for-nvidia-configured"):
        msg = row.message.replace("gpu-operator/nvidia-device-plugin-daemonset-w72xb", f"gpu-operator/{name}")
        w.event(OPERATOR_NS, "Pod", name, row.reason, msg, type=row.type, count=row.count, component=row.source)
    w.target("Node", None, "i-071a4e5a302e4025b")


@case("rt-runtimehandler-not-supported-dockershim", "runtime.runtime_handler_missing", pod_subj("cuda-test-0"),
      world_note="The user's pod sets runtimeClassName nvidia on a dockershim node; the sandbox cannot be created.")
def _(w, t):
    base(w)
    w.get_node("gpu-node-1")["status"]["nodeInfo"]["containerRuntimeVersion"] = "docker://20.10.7"
    w.pod(ML, "cuda-test-0", node="gpu-node-1", phase="Pending", containers=("cuda",), runtime_class="nvidia",
          statuses={"cuda": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.event(ML, "Pod", "cuda-test-0", "FailedCreatePodSandBox", t, count=12)
    w.target("Pod", ML, "cuda-test-0")


@case("toolkit-validation-waiting-container-stack", "runtime.toolkit_not_ready", node_subj(),
      world_note="The device plugin pod sits in Init with the case's toolkit-validation log (the kubectl command "
                 "line left out); the node advertises no GPU.")
def _(w, t):
    base(w, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    init_stuck(w, "gpu-node-1", "device-plugin", "toolkit-validation", "\n".join(t.splitlines()[1:]))
    w.target("Node", None, "gpu-node-1")


@case("sched-unbound-immediate-pvc-no-provisioner", "scheduler.unbound_pvc", pod_subj("vllm-cache-0"),
      world_note="Three nodes; the pod's model-cache PVC is Pending (no default StorageClass).")
def _(w, t):
    base(w, cpu_nodes=2)
    r = rows("sched-unbound-immediate-pvc-no-provisioner")[0]
    pending_pod(w, "vllm-cache-0", r.message, count=r.count,
                volumes=[{"name": "cache", "persistentVolumeClaim": {"claimName": "model-cache"}}])
    w.target("Pod", ML, "vllm-cache-0")


@case("sched-untolerated-taint-gpu-kind", "scheduler.untolerated_taint", pod_subj("gpu-test"),
      world_note="A one-node kind cluster tainted gpu:NoSchedule; the pod has no toleration for it.")
def _(w, t):
    w.node("kind-control-plane", taints=[{"key": "gpu", "effect": "NoSchedule"}])
    pending_pod(w, "gpu-test", t)
    w.target("Pod", ML, "gpu-test")


@case("sched-legacy-predicate-names-2018", "scheduler.untolerated_taint", pod_subj("cuda-vector-add"),
      world_note="Three nodes: the tainted master is the only machine with a (free) GPU, the two workers have none. "
                 "(Kubernetes 1.8 counted the master under both predicates.)")
def _(w, t):
    w.node("master", gpus=1, resource="nvidia.com/gpu",
           taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    w.node("worker-1")
    w.node("worker-2")
    pending_pod(w, "cuda-vector-add", t)
    w.target("Pod", ML, "cuda-vector-add")


@case("sched-volume-node-affinity-immediate-binding", "scheduler.volume_node_affinity_conflict",
      pod_subj("llm-zonal-0"),
      world_note="Ten nodes: three GPU nodes match the pod's affinity but its PV was provisioned in another zone; "
                 "seven CPU nodes fail the affinity.")
def _(w, t):
    for i in (1, 2, 3):
        w.gpu_node(f"gpu-node-{i}", gpus=1, labels={"topology.kubernetes.io/zone": "us-east-1b"})
    for i in range(1, 8):
        w.node(f"cpu-node-{i}", labels={"topology.kubernetes.io/zone": "us-east-1a"})
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}
    pending_pod(w, "llm-zonal-0", t, affinity=aff,
                volumes=[{"name": "weights", "persistentVolumeClaim": {"claimName": "weights-llm-zonal-0"}}])
    w.target("Pod", ML, "llm-zonal-0")


@case("dmesg-xid-43-31-94-mixed", "driver.xid_ecc_error", node_subj("node4"),
      world_note="node4's kernel log (the prompt line left out): Xid 43/31 from user processes and an Xid 94; the "
                 "plugin marked one GPU unhealthy (allocatable 7 of 8).")
def _(w, t):
    w.gpu_node("node4", gpus=8, allocatable=7, product="NVIDIA-A100-SXM4-80GB")
    w.dmesg("node4", "\n".join(t.splitlines()[1:]))
    w.target("Node", None, "node4")


@case("dmesg-xid48-dbe-rminitadapter-failed", "driver.xid_ecc_error", node_subj("worker4"),
      world_note="worker4's kernel log; the validator pods crash there.")
def _(w, t):
    w.gpu_node("worker4", gpus=8, allocatable=7, product="Tesla-V100-SXM2-32GB")
    w.dmesg("worker4", t)
    w.target("Node", None, "worker4")


@case("dp-legacy-xid69-device-unhealthy", "driver.xid_unhealthy_device", node_subj(),
      world_note="The device plugin's log with the 2020 health-check lines; allocatable 7 of 8.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=8, allocatable=7, plugin_log=t)
    w.target("Node", None, "gpu-node-1")


# ---- real-case worlds that are also near misses for other ids (that id must not be the answer) ----

NEAR_MISS_REAL = {
    "dp-nvml-could-not-load-cri-log": ("scheduler.insufficient_gpu", "node.gpu_not_advertised"),
    "sched-insufficient-gpu-no-preemption-victims": ("plugin.stale_allocation", "node.gpu_not_advertised",
                                                    "scheduler.rollout_needs_extra_gpu"),
    "rt-hook-nvml-mismatch-toolkit-validation": ("runtime.container_cli_init_failed",),
    "dp-gpu-lost-blocks-other-gpus": ("plugin.allocate_rpc_failed",),
    "app-found-no-nvidia-driver-amd-gpu": ("application.cuda_driver_too_old", "runtime.no_device_visible"),
    "exit-137-reason-error-not-oomkilled": ("application.oom_killed",),
    "hf-gated-403-not-authorized-kubeai": ("application.model_download_unauthorized",),
    "hf-gated-401-unauthenticated-tgi-k8s": ("application.model_access_not_granted",),
    "nccl-watchdog-timeout-legacy-format": ("application.shm_too_small",),
    "nccl-unhandled-system-error-shm-vllm": ("application.nccl_error",),
    "sched-untolerated-taint-gpu-kind": ("scheduler.insufficient_gpu",),
    "node-allocatable-7-of-8-xid94": ("node.gpu_allocatable_zero", "driver.xid_unhealthy_device"),
    "dmesg-xid-43-31-94-mixed": ("application.xid_application_fault",),
    "driver-ctr-secureboot-operation-not-permitted": ("driver.kernel_mismatch",),
    "validator-cuda-system-not-yet-initialized-fabricmanager": ("runtime.no_device_visible",),
    "probe-liveness-404-killed": ("application.killed_sigkill",),
    "rt-require-brand-tesla-misleading": ("runtime.container_cli_init_failed",),
}


def _scenario(i: int, case_id: str) -> Scenario:
    fn, root, subject, status, note = BUILDERS[case_id]
    c = cases()[case_id]

    def build(fn=fn, case_id=case_id):
        w = World(case_id)
        fn(w, text(case_id))
        return w

    readme = f"""# {case_id}

Built from `shared/corpus/real-cases.jsonl` case `{case_id}` ({c['source']}, evidence source `{c['where']}`).
The case's text is used verbatim.

World: {note}

Case note: {c['note']}

Expected: `{root}` ({status}); the case accepts {', '.join('`' + e + '`' for e in c['expected'])}.
"""
    name = f"r{i:03d}_{case_id.replace('-', '_')}"
    if status == "inconclusive" and root:
        exp = expect(None, subject, status, c["expected"], suspect=root)
    else:
        exp = expect(root, subject, status, sorted(set(c["expected"]) | {root}) if root else c["expected"])
    if case_id in NEAR_MISS_REAL:
        exp["near_miss_for"] = sorted(NEAR_MISS_REAL[case_id])
    return Scenario(name, build, exp, readme, case_id=case_id, kind="real")


def _all() -> list[Scenario]:
    missing = [cid for cid in cases() if cid not in BUILDERS]
    if missing:
        raise RuntimeError(f"real cases without a scenario: {missing}")
    return [_scenario(i, cid) for i, cid in enumerate(cases(), start=1)]


SCENARIOS = _all()
