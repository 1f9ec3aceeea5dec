"""Readings added after round 26's first contact (fixtures/first-contact/batch-*26), each by a
component's own format or a stack's own manifest, tested with text written from those sources:

- FFmpeg built against a newer NVENC SDK than the driver offers (libavcodec/nvenc.c): the image
  needs a newer driver, in a pod that keeps running; the driver-requirement line alone is not it.
- llama.cpp's `cudaMalloc failed: out of memory` (ggml-cuda.cu) is CUDA out of memory.
- The PodSecurityPolicy admission plugin's refusals (1.8 - 1.24 wordings) are create_rejected.
- An NVML error inside a DRA prepare failure is the driver's finding on the node, which explains
  the failed call.
- OpenPAI's driver installer DaemonSet (`drivers-one-shot`) is the driver stage of its node.
"""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _ids(doc) -> list[str]:
    return [f["id"] for f in doc["findings"]]


def _transcoder(w: World, log: str) -> None:
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "transcode-0", node="gpu-node-1", gpu=1, image="jellyfin/jellyfin:10.10.7",
          env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}])
    w.log(ML, "transcode-0", "main", log)
    w.target("Pod", ML, "transcode-0")


# libavcodec/nvenc.c: "Driver does not support the required nvenc API version. Required: %d.%d Found: %d.%d"
# then nvenc_print_driver_requirement: "The minimum required Nvidia driver for nvenc is %s or newer"
NVENC_TOO_NEW = ("[hevc_nvenc @ 0x5581b2c0e440] Driver does not support the required nvenc API version. "
                 "Required: 13.0 Found: 12.2\n"
                 "[hevc_nvenc @ 0x5581b2c0e440] The minimum required Nvidia driver for nvenc is 570.0 or newer\n"
                 "[vost#0:0/hevc_nvenc @ 0x5581b2c0f000] Error while opening encoder - maybe incorrect parameters "
                 "such as bit_rate, rate, width or height.\n")


def test_an_nvenc_sdk_newer_than_the_driver_is_a_driver_too_old_for_the_image(tmp_path):
    w = World("nvenc-api-too-new")
    _transcoder(w, NVENC_TOO_NEW)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "application.cuda_driver_too_old", _ids(doc)
    assert rc["certainty"] == "recognised"
    assert "Required: 13.0 Found: 12.2" in rc["evidence"][0]["excerpt"]


def test_the_driver_requirement_line_alone_is_not_a_driver_too_old(tmp_path):
    """nvenc.c prints the requirement also when libnvidia-encode cannot be loaded (the video
    capability missing): that line names no found version and is no fact by itself."""
    w = World("nvenc-requirement-only")
    _transcoder(w, "[h264_nvenc @ 0x5581b2c0e440] Cannot load libnvidia-encode.so.1\n"
                   "[h264_nvenc @ 0x5581b2c0e440] The minimum required Nvidia driver for nvenc is 570.0 or newer\n")
    doc = _doc(w, tmp_path)
    assert "application.cuda_driver_too_old" not in _ids(doc), _ids(doc)


def test_llama_cpp_cuda_malloc_failure_is_cuda_out_of_memory(tmp_path):
    # ggml-cuda.cu: "%s: allocating %.2f MiB on device %d: cudaMalloc failed: %s" (cudaGetErrorString)
    w = World("ggml-oom")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "llama-0", node="gpu-node-1", gpu=1, image="ghcr.io/ggml-org/llama.cpp:server-cuda",
          containers=("server",), restarts=3,
          statuses={"server": {"state": {"waiting": {"reason": "CrashLoopBackOff"}}, "ready": False, "restartCount": 3,
                               "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log(ML, "llama-0", "server", "load_tensors: offloaded 33/33 layers to GPU\n"
          "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 7820.50 MiB on device 0: cudaMalloc failed: "
          "out of memory\nllama_model_load: error loading model: unable to allocate CUDA0 buffer\n", previous=True)
    w.target("Pod", ML, "llama-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"] and doc["root_cause"]["id"] == "application.cuda_oom", _ids(doc)


@pytest.mark.parametrize("message", [
    # plugin/pkg/admission/security/podsecuritypolicy/admission.go, 1.13 - 1.24
    'Error creating: pods "nvidia-driver-daemonset-" is forbidden: PodSecurityPolicy: unable to admit pod: '
    '[spec.securityContext.hostPID: Invalid value: true: Host PID is not allowed to be used '
    'spec.containers[0].securityContext.privileged: Invalid value: true: Privileged containers are not allowed]',
    # the same plugin, 1.8 - 1.12
    'Error creating: pods "nvidia-driver-daemonset-" is forbidden: unable to validate against any pod security '
    'policy: [spec.volumes[0]: Invalid value: "hostPath": hostPath volumes are not allowed to be used]',
    # no policy the service account may use
    'Error creating: pods "nvidia-driver-daemonset-" is forbidden: PodSecurityPolicy: no providers available to '
    'validate pod request',
])
def test_a_pod_security_policy_refusal_is_an_admission_rejection(tmp_path, message):
    w = World("psp")
    w.node("gpu-node-1", labels={"feature.node.kubernetes.io/pci-10de.present": "true"})
    w.workload("DaemonSet", "gpu-operator", "nvidia-driver-daemonset",
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 0, "numberReady": 0})
    w.event("gpu-operator", "DaemonSet", "nvidia-driver-daemonset", "FailedCreate", message,
            component="daemonset-controller")
    w.target("DaemonSet", "gpu-operator", "nvidia-driver-daemonset")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc and rc["id"] == "scheduler.create_rejected", _ids(doc)
    assert rc["params"]["reason"] == "pod_security_policy" and rc["certainty"] == "recognised"


def _dra_pod(w: World, message: str) -> None:
    w.gpu_node("gpu-node-1", gpus=8)
    w.pod(ML, "bench-0", node="gpu-node-1", gpu=0, phase="Pending", containers=("bench",),
          statuses={"bench": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}})
    w.event(ML, "Pod", "bench-0", "FailedPrepareDynamicResources", message, component="kubelet")
    w.target("Pod", ML, "bench-0")


# pkg/kubelet/cm/dra: "Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim %s: %s";
# the DRA driver's gpu-kubelet-plugin (device_state.go) "unable to create CDI spec file for claim: %w" around
# NVML's init error (nvmlErrorString: "Driver/library version mismatch", "Driver Not Loaded")
_PREPARE = ("Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim bench-0-gpu-x7k2p: "
            "error preparing devices for claim ml/bench-0-gpu-x7k2p:6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b: "
            "unable to create CDI spec file for claim: failed to initialize NVML: {}")


@pytest.mark.parametrize("nvml, fid", [("Driver/library version mismatch", "driver.version_mismatch"),
                                       ("Driver Not Loaded", "driver.not_loaded")])
def test_an_nvml_error_inside_a_dra_prepare_failure_is_the_drivers(tmp_path, nvml, fid):
    w = World(f"dra-nvml-{fid}")
    _dra_pod(w, _PREPARE.format(nvml))
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == fid, _ids(doc)
    assert rc["subject"] == {"kind": "Node", "name": "gpu-node-1"}
    call = next(f for f in doc["findings"] if f["id"] == "plugin.allocate_rpc_failed")
    assert "plugin.allocate_rpc_failed" in rc["explains"], rc["explains"]
    assert call["params"]["cause"] in ("nvml_version_mismatch", "driver_not_loaded")


def test_a_dra_prepare_failure_in_the_plugins_own_words_stays_the_plugins(tmp_path):
    w = World("dra-cdi-only")
    _dra_pod(w, "Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim bench-0-gpu: "
                "error preparing devices for claim ml/bench-0-gpu:6f1c2b3a: unable to create CDI spec file for claim: "
                "failed to write spec: no space left on device")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.allocate_rpc_failed", _ids(doc)
    assert not any(i.startswith("driver.") for i in _ids(doc))


def test_openpais_driver_installer_not_ready_is_the_driver_stage(tmp_path):
    """microsoft/pai src/drivers/deploy/drivers.yaml.template: DaemonSet drivers-one-shot, pods
    `app: drivers-one-shot`, ready once its readiness file exists. Not ready on a node that
    advertises no GPU: the driver stage, not a cluster without GPUs."""
    w = World("openpai-driver")
    w.node("10.0.1.6", labels={"machinetype": "gpu"})
    w.pod("default", "drivers-one-shot-8kq5t", node="10.0.1.6", gpu=0, containers=("nvidia-drivers",),
          image="openpai/drivers:v0.6.0", labels={"app": "drivers-one-shot"}, owner=("DaemonSet", "drivers-one-shot"),
          statuses={"nvidia-drivers": {"state": {"running": {}}, "ready": False, "restartCount": 0}})
    w.target("Pod", "default", "drivers-one-shot-8kq5t")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "driver.not_ready", (doc["status"], _ids(doc))
