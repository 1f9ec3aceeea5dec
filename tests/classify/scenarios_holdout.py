"""Held-out real cases (fixtures/holdout/cases.jsonl) as scenario bundles.

These texts were collected after the rules were written, from issue threads the corpus does not
quote, to check that the classifier generalises beyond the 64 corpus cases. Each builder places
the text verbatim where it appears in a real cluster; the expected answer is reasoned from the
thread (`expected` in the case, preferred first), never from what the tool printed.

    .venv/bin/python -m tests.classify.scenarios_holdout      # (re)writes fixtures/holdout/scenarios/
"""

from __future__ import annotations

import shutil
from functools import lru_cache

from tests.classify.scenario_builder import OPERATOR_NS, REPO, T0, Scenario, World, write_scenario, read_cases
from tests.conftest import CORPUS
from tests.classify.scenarios_real import (ML, base, crash_pod, crashing, expect, node_subj, pending_pod,
                                           pod_subj, stack_crash)

# the plugin's start-up lines (v0.17 wording) before the case's line
HEALTHY_PLUGIN_START = """I1204 07:31:31.764138       1 main.go:235] "Starting NVIDIA Device Plugin" version=<
I1204 07:31:31.764189       1 main.go:238] Starting FS watcher for /var/lib/kubelet/device-plugins
I1204 07:31:31.764229       1 main.go:245] Starting OS watcher.
I1204 07:31:31.764515       1 main.go:260] Starting Plugins.
"""

HOLDOUT = REPO / "fixtures" / "holdout"
SCENARIOS_DIR = HOLDOUT / "scenarios"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(HOLDOUT / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


# ---- container start errors (the prestart hook / runtime) -----------------------------------

def _start_error(case_id: str, pod: str):
    @case(case_id, pod_subj(pod), "The runtime error is the container's last termination message (StartError, "
                                  "exit 128) and the kubelet's `Failed` event on a GPU pod (runtimeClassName nvidia).")
    def _(w, t):
        base(w)
        w.pod(ML, pod, node="gpu-node-1", containers=("cuda",), runtime_class="nvidia", ready=False,
              statuses=crashing("cuda", 128, "StartError", t, waiting="RunContainerError"))
        w.event(ML, "Pod", pod, "Failed", "Error: " + t, count=6)
        w.target("Pod", ML, pod)


_start_error("ho-rt-legacy-mode-nvml-version-mismatch", "infer-0")
_start_error("ho-rt-hook-driver-not-loaded-docker-shim", "cuda-smoke")
_start_error("ho-rt-require-cuda126-hook-hash0", "llama-cpp-0")
_start_error("ho-rt-require-cuda91-spaced-escaped-2018", "cuda91-job-8x2kd")


# ---- application logs ------------------------------------------------------------------------

def _app_log(case_id: str, pod: str, container: str = "server", gpus: int = 1, product: str | None = None):
    @case(case_id, pod_subj(pod), f"The text is the previous log of container `{container}`, which crash-loops "
                                  "on a healthy GPU node.")
    def _(w, t):
        base(w, gpus=gpus, **({"product": product} if product else {}))
        crash_pod(w, pod, t, container=container, gpu=gpus)
        w.target("Pod", ML, pod)


_app_log("ho-app-torch-oom-legacy-format-timeslicing", "qa-service-7d9c-2xk4p", "app", product="Tesla-T4")
_app_log("ho-app-cuda-oom-no-torch-prefix-task-queue", "fooocus-api-0", "worker", product="NVIDIA-H100-80GB-HBM3")
_app_log("ho-app-no-kernel-image-rank0-xformers", "vllm-opt-0", gpus=2, product="Tesla-P40")
_app_log("ho-app-no-kernel-image-v1-enginecore-rtx50", "vllm-5080-0", product="NVIDIA-GeForce-RTX-5080")
_app_log("ho-vllm-kv-max-seq-len-no-backticks", "catalog-gen-0", product="NVIDIA-A10G")
_app_log("ho-vllm-kv-max-seq-len-no-valueerror", "llama31-8b-0", product="NVIDIA-GeForce-RTX-3090")
_app_log("ho-nccl-system-error-no-route-to-host", "transformer-ddp-worker-1", "pytorch", gpus=4)
_app_log("ho-nccl-async-workncc-system-error", "allreduce-test-0", "pytorch", gpus=2, product="NVIDIA-A10G")
_app_log("ho-shm-dataloader-bus-error-modern-wording", "seg-train-0", "pytorch")
_app_log("ho-hf-gated-401-errors-module-please-log-in", "flux-dev-0", "comfyui")
_app_log("ho-hf-gated-401-tgi-download-weights", "tgi-llama2-7b-0", "tgi")
_app_log("ho-app-cuda-driver-insufficient-caffe-check", "caffe-train-0", "caffe", product="NVIDIA-TITAN-Xp")


# ---- admission (kubelet device manager) ------------------------------------------------------

def _admission(case_id: str, pod: str, gpus: int, *, status_message: bool):
    @case(case_id, pod_subj(pod), "The pod failed admission on its node (phase Failed, reason "
                                  "UnexpectedAdmissionError); the kubelet's event carries the text"
                                  + (" and so does the pod's status message." if status_message else "."))
    def _(w, t):
        base(w, gpus=gpus)
        w.pod(ML, pod, node="gpu-node-1", phase="Failed", reason="UnexpectedAdmissionError",
              message=t if status_message else None, containers=("main",),
              statuses={"main": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
        w.event(ML, "Pod", pod, "UnexpectedAdmissionError", t)
        w.target("Pod", ML, pod)


_admission("ho-admission-getpreferredallocation-gpu-lost", "rojin-2q6ld", 8, status_message=True)
_admission("ho-admission-requested-unavailable-no-space", "job-7f2c-init-0", 8, status_message=True)
_admission("ho-admission-allocate-rpc-eof-hami", "gpu-pod", 4, status_message=False)


# ---- runtime handler, device plugin ---------------------------------------------------------

@case("ho-rt-sandbox-unable-to-get-oci-runtime", node_subj(),
      "The operator validator pod cannot get a sandbox on the node: the kubelet's FailedCreatePodSandBox "
      "event carries the text; the plugin never started, so no GPU is advertised.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    for role in ("validator", "device-plugin", "gfd"):
        name = w.stack("gpu-node-1", role)
        pod = w.get_pod(OPERATOR_NS, name)
        pod["status"]["phase"] = "Pending"
        for s in pod["status"]["containerStatuses"] + pod["status"].get("initContainerStatuses", []):
            s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False})
        for key in [k for k in w.logs if k[1] == name]:
            w.logs.pop(key)
        w.event(OPERATOR_NS, "Pod", name, "FailedCreatePodSandBox", t, count=14)
    w.target("Node", None, "gpu-node-1")


@case("ho-dp-failed-to-start-nvml-2018", node_subj(),
      "The device plugin's log (2018 wording); the plugin idles and the node advertises no nvidia.com/gpu.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log=t)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.target("Node", None, "gpu-node-1")


# ---- scheduling / autoscaling ---------------------------------------------------------------

def _no_scale_up(case_id: str, pod: str):
    @case(case_id, pod_subj(pod), "GPU node group scaled to zero: only CPU nodes exist; the scheduler reports "
                                  "Insufficient nvidia.com/gpu and the cluster autoscaler's NotTriggerScaleUp event "
                                  "carries the text.")
    def _(w, t):
        for i in range(2):
            w.node(f"cpu-node-{i + 1}")
        pending_pod(w, pod, "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are "
                            "available: 2 No preemption victims found for incoming pod.", owner=("Job", "gpu-test"))
        w.event(ML, "Pod", pod, "NotTriggerScaleUp", t, type="Normal", component="cluster-autoscaler", count=30)
        w.target("Pod", ML, pod)


_no_scale_up("ho-ca-not-trigger-scale-up-insufficient-gpu", "gpu3-5vrjp")
_no_scale_up("ho-ca-not-trigger-scale-up-bare", "simple-gpu-test-6f48d9555d-l9822")


@case("ho-sched-insufficient-gpu-lowercase-2020", pod_subj("tf-serving-0"),
      "Two CPU nodes and one GPU node whose single GPU another running pod holds; the FailedScheduling event "
      "carries the text.")
def _(w, t):
    base(w, gpus=1, cpu_nodes=2, product="NVIDIA-GeForce-RTX-2080-Ti")
    w.pod(ML, "jupyter-gpu-0", node="gpu-node-1", gpu=1, containers=("notebook",), owner=("StatefulSet", "jupyter-gpu"))
    pending_pod(w, "tf-serving-0", t, owner=("StatefulSet", "tf-serving"))
    w.target("Pod", ML, "tf-serving-0")


# ---- kernel log -----------------------------------------------------------------------------

def _dmesg(case_id: str, node: str, gpus: int, product: str, *, allocatable="same", workload: bool = False):
    @case(case_id, node_subj(node), f"{node}'s kernel log holds the text (read through the driver pod)"
                                    + ("; a training pod runs on the node." if workload else "."))
    def _(w, t):
        w.gpu_node(node, gpus=gpus, allocatable=allocatable, product=product)
        if workload:
            w.pod(ML, "pt-train-0", node=node, gpu=gpus, containers=("pytorch",), owner=("Job", "pt-train"))
        w.dmesg(node, t)
        w.target("Node", None, node)


_dmesg("ho-kmsg-xid149-nvlink-netir-fatal", "gb200-node-3", 4, "NVIDIA-GB200", allocatable=3)
_dmesg("ho-dmesg-xid13-ctime-timestamps", "h100-node-7", 8, "NVIDIA-H100-80GB-HBM3", workload=True)
_dmesg("ho-journal-xid45-caused-by-nvlink-149", "b200-node-2", 8, "NVIDIA-B200", workload=True)


# ---- node status ----------------------------------------------------------------------------

@case("ho-node-allocatable-zero-of-16-yaml", node_subj("ocio-gpu01"),
      "The node object carries the case's capacity/allocatable (16 / 0 nvidia.com/gpu, the other values as quoted); "
      "the device plugin runs and registered.")
def _(w, t):
    w.gpu_node("ocio-gpu01", gpus=16, allocatable=0, cpu="48", memory="263514892Ki", alloc_memory="263412492Ki",
               product="Tesla-V100-SXM2-16GB")
    n = w.get_node("ocio-gpu01")
    n["status"]["capacity"]["ephemeral-storage"] = "10190100Ki"
    n["status"]["allocatable"]["ephemeral-storage"] = "9391196145"
    n["status"]["addresses"] = [{"address": "134.79.129.97", "type": "InternalIP"},
                                {"address": "ocio-gpu01", "type": "Hostname"}]
    w.target("Node", None, "ocio-gpu01")


@case("ho-dp-too-old-for-healthcheck-marks-unhealthy", pod_subj("cuda-test"),
      "The device plugin's log (2018) on a one-GPU node whose allocatable is 0; the user's GPU pod is Pending with "
      "the thread's `0/1 nodes are available: 1 Insufficient nvidia.com/gpu.`")
def _(w, t):
    w.gpu_node("gpu", gpus=1, allocatable=0, product="NVIDIA-GeForce-GTX-760", plugin_log=t)
    pending_pod(w, "cuda-test", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.")
    w.target("Pod", ML, "cuda-test")


@case("ho-node-unreachable-taints-describe", node_subj("p100"),
      "The GPU node p100 carries the unreachable taints of the case; its Ready condition is Unknown "
      "(Kubelet stopped posting node status).")
def _(w, t):
    w.gpu_node("p100", gpus=4, product="Tesla-P100-PCIE-16GB", ready="Unknown",
               taints=[{"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T0},
                       {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T0}])
    w.node("ubuntu")
    w.target("Node", None, "p100")


# ---- third batch: vGPU schedulers, CDI vendors, GSP ------------------------------------------

@case("ho-sched-hami-resources-default-scheduler", pod_subj("gpu-pod"),
      "A tainted control-plane node and a GPU node advertising nvidia.com/gpu only (HAMi's device plugin is not "
      "running, so gpumem/gpucores exist nowhere); the pod asks for nvidia.com/gpu 2 plus gpumem/gpucores and has "
      "no schedulerName, so default-scheduler's FailedScheduling carries the text.")
def _(w, t):
    w.node("master", taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}],
           labels={"node-role.kubernetes.io/control-plane": ""})
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-GeForce-RTX-4090")
    p = pending_pod(w, "gpu-pod", t, gpu=2, count=11)
    for part in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][part].update({"nvidia.com/gpumem": "3000", "nvidia.com/gpucores": "30"})
    w.target("Pod", ML, "gpu-pod")


@case("ho-sched-hami-no-available-node-scores", pod_subj("test-6d5bc9d5dc-knrqr"),
      "hami-scheduler (the pod's schedulerName) cannot place a 16-vGPU request on the 8-GPU node; its FailedScheduling "
      "event carries the text.")
def _(w, t):
    w.gpu_node("k8s-master1", gpus=8, product="NVIDIA-A100-PCIE-40GB")
    pending_pod(w, "test-6d5bc9d5dc-knrqr", t, gpu=16, component="hami-scheduler", scheduler="hami-scheduler",
                owner=("ReplicaSet", "test-6d5bc9d5dc"))
    w.target("Pod", ML, "test-6d5bc9d5dc-knrqr")


@case("ho-rt-cdi-unresolvable-management-vendor", pod_subj("gpustack-4014512d8bf68c8c"),
      "The kubelet's `Failed` event (the text) and the container's StartError termination message on a GPU pod.")
def _(w, t):
    base(w, product="NVIDIA-A16")
    w.pod(ML, "gpustack-4014512d8bf68c8c", node="gpu-node-1", containers=("vllm",), ready=False,
          statuses=crashing("vllm", 128, "StartError", t.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "gpustack-4014512d8bf68c8c", "Failed", t, count=3)
    w.target("Pod", ML, "gpustack-4014512d8bf68c8c")


@case("ho-rt-cdi-unresolvable-dra-claim", pod_subj("nvidia-example-workload"),
      "A pod with a DRA ResourceClaim (no nvidia.com/gpu limit) bound to the node; the container cannot be created "
      "and the kubelet's `Failed` event carries the text.")
def _(w, t):
    base(w, gpus=6, product="NVIDIA-RTX-A4000")
    w.pod(ML, "nvidia-example-workload", node="gpu-node-1", gpu=0, containers=("ctr",), image="ubuntu:22.04",
          ready=False, extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]},
          statuses={"ctr": {"state": {"waiting": {"reason": "CreateContainerError",
                                                  "message": t.removeprefix("Error: ")}}, "ready": False}})
    w.event(ML, "Pod", "nvidia-example-workload", "Failed", t, count=26)
    w.target("Pod", ML, "nvidia-example-workload")


_dmesg("ho-dmesg-xid119-gsp-rpc-timeout-45s", "h100-node-4", 8, "NVIDIA-H100-80GB-HBM3")
_dmesg("ho-dmesg-gsp-heartbeat-timeout-no-xid", "gh100-node-1", 8, "NVIDIA-H100-80GB-HBM3", allocatable=7)


# ---- fourth batch: plugin/driver/fabric manager/MIG/runtime wordings -------------------------

@case("ho-dp-no-devices-found-waiting", node_subj(),
      "The device plugin's log on a GPU-labelled node that advertises no nvidia.com/gpu.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log=HEALTHY_PLUGIN_START + t)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.target("Node", None, "gpu-node-1")


@case("ho-driver-ctr-could-not-unload-in-use", node_subj(),
      "The driver container's previous log (it crash-loops); the node's validator waits for the driver.")
def _(w, t):
    base(w, gpus=2, product="Tesla-T4")
    stack_crash(w, "gpu-node-1", "driver", "nvidia-driver-ctr", t, restarts=9)
    w.target("Node", None, "gpu-node-1")


_app_log("ho-app-error-802-cudagetdevicecount-h200", "gemma4-lora-0", "trainer", product="NVIDIA-H200")
_app_log("ho-app-ggml-cuda-init-system-not-initialized", "ollama-0", "ollama", gpus=8, product="NVIDIA-H100-80GB-HBM3")


@case("ho-mig-manager-failed-to-validate-config", node_subj(),
      "The MIG manager's log on an A100 node whose nvidia.com/mig.config.state label is `failed`.")
def _(w, t):
    base(w, gpus=4, labels={"nvidia.com/mig.config": "config13", "nvidia.com/mig.config.state": "failed",
                            "nvidia.com/mig.strategy": "mixed"})
    name = "nvidia-mig-manager-7kq2v"
    w.pod(OPERATOR_NS, name, node="gpu-node-1", gpu=0, containers=("nvidia-mig-manager",),
          labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"))
    w.log(OPERATOR_NS, name, "nvidia-mig-manager", t)
    w.target("Node", None, "gpu-node-1")


@case("ho-rt-crio-failed-to-find-runtime-handler", pod_subj("mig-tool-0"),
      "A CRI-O node (OpenShift); the pod asks for runtimeClassName nvidia and stays ContainerCreating; the "
      "kubelet's FailedCreatePodSandBox event carries the text.")
def _(w, t):
    base(w)
    w.get_node("gpu-node-1")["status"]["nodeInfo"]["containerRuntimeVersion"] = "cri-o://1.29.4"
    w.pod(ML, "mig-tool-0", node="gpu-node-1", containers=("tool",), runtime_class="nvidia", phase="Pending",
          statuses={"tool": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}})
    w.event(ML, "Pod", "mig-tool-0", "FailedCreatePodSandBox", t, count=12)
    w.target("Pod", ML, "mig-tool-0")


@case("ho-rt-gpushare-placeholder-visible-devices", pod_subj("binpack-2-6f9c7d-x2k8p"),
      "gpushare world: the node advertises aliyun.com/gpu-mem, the pod asks for 125 of it; docker's default runtime "
      "is nvidia; the kubelet's `Failed` event carries the text after the reason (`Failed:`).")
def _(w, t):
    w.node("gpu-node-1", labels={"gpushare": "true", "nvidia.com/gpu.present": "true"})
    n = w.get_node("gpu-node-1")
    n["status"]["capacity"]["aliyun.com/gpu-mem"] = "125"
    n["status"]["allocatable"]["aliyun.com/gpu-mem"] = "125"
    n["status"]["nodeInfo"]["containerRuntimeVersion"] = "docker://20.10.21"
    msg = t.removeprefix("Failed: ")
    w.pod(ML, "binpack-2-6f9c7d-x2k8p", node="gpu-node-1", gpu=125, resource="aliyun.com/gpu-mem",
          containers=("binpack-2",), ready=False, owner=("ReplicaSet", "binpack-2-6f9c7d"),
          statuses=crashing("binpack-2", 128, "ContainerCannotRun", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "binpack-2-6f9c7d-x2k8p", "Failed", msg, count=5)
    w.target("Pod", ML, "binpack-2-6f9c7d-x2k8p")


@case("ho-app-oomkilled-describe-last-state", pod_subj("embed-worker-0"),
      "The container's lastState is the case's Terminated / OOMKilled / 137; it crash-loops on a healthy GPU node.")
def _(w, t):
    base(w)
    w.pod(ML, "embed-worker-0", node="gpu-node-1", containers=("worker",), ready=False,
          statuses=crashing("worker", 137, "OOMKilled", restarts=3), memory_limit="8Gi",
          owner=("StatefulSet", "embed-worker"))
    w.log(ML, "embed-worker-0", "worker", "INFO loading embeddings index (41 GB)\n", previous=True)
    w.target("Pod", ML, "embed-worker-0")


# ---- fifth batch ----------------------------------------------------------------------------

@case("ho-driver-ctr-could-not-resolve-kernel-centos7", node_subj(),
      "The driver container's previous log on a CentOS 7 node (kernel 3.10.0-862.el7); it crash-loops.")
def _(w, t):
    base(w, gpus=2, product="Tesla-V100-PCIE-32GB")
    info = w.get_node("gpu-node-1")["status"]["nodeInfo"]
    info.update({"kernelVersion": "3.10.0-862.el7.x86_64", "osImage": "CentOS Linux 7 (Core)"})
    stack_crash(w, "gpu-node-1", "driver", "nvidia-driver-ctr", t, restarts=14)
    w.target("Node", None, "gpu-node-1")


@case("ho-in-pod-nvml-unknown-error-hami-interposer", pod_subj("gpu-pod-2"),
      "`nvidia-smi` run in the running vGPU pod prints the text (exit 255); `nvidia-smi -L` in the node's driver pod "
      "lists the GPU (corpus list output h100-80gb-hbm3-590.48.01-linux-L.txt).")
def _(w, t):
    base(w, product="NVIDIA-H100-80GB-HBM3")
    w.pod(ML, "gpu-pod-2", node="gpu-node-1", containers=("ubuntu",), owner=("StatefulSet", "gpu-pod"))
    w.exec(ML, "gpu-pod-2", "ubuntu", ["nvidia-smi"], "", t + "\n", exit_code=255)
    listing = (CORPUS / "nvidia-smi" / "list" / "h100-80gb-hbm3-590.48.01-linux-L.txt").read_text()
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi", "-L"], listing, "", 0)
    w.target("Pod", ML, "gpu-pod-2")


# ---- sixth batch ----------------------------------------------------------------------------

@case("ho-sched-koord-gang-prefilter", pod_subj("test-work-1", "default"),
      "The pod (schedulerName koord-scheduler, runtimeClassName nvidia) is Pending; its PodScheduled condition "
      "(reason Unschedulable) carries the text, as in the thread's pod YAML; no event was quoted.")
def _(w, t):
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-A100-SXM4-80GB")
    w.pod("default", "test-work-1", gpu=1, containers=("tensorflow",), scheduler="koord-scheduler",
          runtime_class="nvidia", phase="Pending", scheduled_message=t)
    w.target("Pod", "default", "test-work-1")


_no_scale_up("ho-ca-backoff-after-failed-scale-up", "cortex-api-7d9f-2xk4p")


# ---- seventh batch: NCCL watchdog prefixes, TGI warmup memory --------------------------------

_app_log("ho-nccl-watchdog-pid-prefixed-ranks", "llamafactory-sft-0", "pytorch", gpus=8, product="NVIDIA-A800-SXM4-80GB")
_app_log("ho-nccl-watchdog-heartbeat-stuck", "arctic-train-0", "pytorch", gpus=8, product="NVIDIA-H100-80GB-HBM3")
_app_log("ho-tgi-warmup-not-enough-memory-prefill", "tgi-awq-0", "tgi", product="NVIDIA-GeForce-RTX-3090")
_app_log("ho-tgi-warmup-allocation-exceeds-allowed-memory", "tgi-flan-t5-0", "tgi", product="NVIDIA-A10G")


# ---- eighth batch -----------------------------------------------------------------------------

@case("ho-probe-liveness-refused-triton-describe", pod_subj("example-triton-inference-server-9c5d9f79-74rt4", "default"),
      "The `kubectl describe` event rows of the case become the pod's events (message column verbatim); the Triton "
      "container has restarted and is not ready.")
def _(w, t):
    from triage.evidence.k8s_events.describe_text import parse_event_rows
    base(w, product="NVIDIA-A10")
    name = "example-triton-inference-server-9c5d9f79-74rt4"
    w.pod("default", name, node="gpu-node-1", containers=("triton-inference-server",), ready=False, restarts=1,
          image="nvcr.io/nvidia/tritonserver:24.03-py3", owner=("ReplicaSet", "example-triton-inference-server-9c5d9f79"),
          probes={"livenessProbe": {"httpGet": {"path": "/v2/health/live", "port": 8000}, "periodSeconds": 10,
                                    "failureThreshold": 3}},
          statuses={"triton-inference-server": {
              "state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 1,
              "lastState": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0, "finishedAt": T0}}}})
    for row in parse_event_rows(t):
        w.event("default", "Pod", name, row.reason, row.message, type=row.type, count=row.count,
                component=row.source)
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(i: int, case_id: str) -> Scenario:
    fn, subject, note = BUILDERS[case_id]
    c = cases()[case_id]
    root = c["expected"][0]

    def build(fn=fn, case_id=case_id):
        w = World(case_id)
        fn(w, c["text"])
        return w

    readme = f"""# {case_id}

Held-out real case from `fixtures/holdout/cases.jsonl` ({c['source']}, evidence source `{c['where']}`).
The case's text is used verbatim.

World: {note}

Case note: {c['note']}

Expected: `{root}`; the case accepts {', '.join('`' + e + '`' for e in c['expected'])}.
"""
    exp = expect(root, subject, "problem", c["expected"])
    return Scenario(f"h{i:03d}_{case_id.removeprefix('ho-').replace('-', '_')}", build, exp, readme,
                    case_id=case_id, kind="holdout")


def all_scenarios() -> list[Scenario]:
    missing = [cid for cid in cases() if cid not in BUILDERS]
    if missing:
        raise RuntimeError(f"held-out cases without a scenario: {missing}")
    return [_scenario(i, cid) for i, cid in enumerate(cases(), start=1)]


def main() -> None:
    if SCENARIOS_DIR.exists():
        shutil.rmtree(SCENARIOS_DIR)
    scenarios = all_scenarios()
    for s in scenarios:
        write_scenario(s, SCENARIOS_DIR)
    print(f"wrote {len(scenarios)} held-out scenarios under {SCENARIOS_DIR}")


if __name__ == "__main__":
    main()
