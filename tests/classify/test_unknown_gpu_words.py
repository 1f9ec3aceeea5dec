"""A crash or a CUDA message whose words say less than the cluster's state does.

- A workload crash whose log names CUDA / NCCL / the GPU in words no catalog knows is not
  handed to the application team while the node's own record of faults (its kernel log) is
  missing: an Xid there would make it the driver's. With that log present and clean, the
  crash is the application's.
- CUDA's "driver version is insufficient" while the node's driver (its GFD labels) runs the
  CUDA the image was built for means the container found no driver at all: the runtime's.
- A pod that runs, never restarts, and logs such an error (a server failing every request in
  CUDA's words) is not HEALTHY: the same suspect without the kernel log, the application's with it;
  the lines every healthy TensorFlow/XLA or NCCL start prints are not such errors.
- A kubelet rejection `OutOfnvidia.com/gpu ... capacity: 0` says the node did not advertise
  its GPUs when the pod was admitted (bound before the plugin registered): the node's.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML, crash_pod
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.cuda_compat import driver_cuda_major, image_cuda
from triage.render.json import findings_document

# NCCL's CUDACHECK (src/include/checks.h): WARN("Cuda failure %d '%s'", err, cudaGetErrorString(err))
NCCL_UNKNOWN = ("worker-0:91:120 [3] transport/p2p.cc:275 NCCL WARN Cuda failure 217 'peer access is not supported "
                "between these two devices'\nworker-0:91:120 [3] NCCL INFO init.cc:1277 -> 1\n")
APP_BUG = "Traceback (most recent call last):\n  File \"train.py\", line 3\nFileNotFoundError: [Errno 2] config.yaml\n"
INSUFFICIENT = "RuntimeError: CUDA driver version is insufficient for CUDA runtime version\n"


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _world(name: str, log: str, **pod) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=8)
    crash_pod(w, "trainer-0", log, **pod)
    w.target("Pod", ML, "trainer-0")
    return w


def test_gpu_words_without_the_kernel_log_are_a_suspect_not_a_verdict(tmp_path):
    doc = _doc(_world("nccl-unknown", NCCL_UNKNOWN), tmp_path)
    assert doc["status"] == "inconclusive", doc["status"]
    assert doc["suspect"] == "application.crash_unclassified"
    crash = next(f for f in doc["findings"] if f["id"] == "application.crash_unclassified")
    # the first GPU-naming line is cited, verbatim, not only the log's last line
    assert any(e["line"] == 1 and "Cuda failure 217" in e["excerpt"] for e in crash["evidence"])
    assert "a GPU error in words no catalog knows" in crash["title"]
    # the gap that would decide it is the node's kernel log
    assert any(g["layer"] == "driver" and "kernel" in g["detail"] for g in doc["gaps"]), doc["gaps"]


def test_gpu_words_with_a_clean_kernel_log_are_the_application(tmp_path):
    w = _world("nccl-unknown-clean-dmesg", NCCL_UNKNOWN)
    w.dmesg("gpu-node-1", "[    5.120000] nvidia: loading out-of-tree module taints kernel.\n")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "application.crash_unclassified", doc["status"]


def test_a_crash_without_gpu_words_stays_the_application(tmp_path):
    doc = _doc(_world("app-bug", APP_BUG), tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "application.crash_unclassified"
    assert "no known GPU signature" in doc["root_cause"]["title"]


def test_insufficient_driver_where_the_driver_runs_the_image_is_no_driver_injected(tmp_path):
    w = _world("insufficient-but-driver-fine", INSUFFICIENT, image="nvcr.io/nvidia/pytorch:24.05-py3-cuda12.4")
    w.get_node("gpu-node-1")["metadata"]["labels"].update({"nvidia.com/cuda.driver.major": "550",
                                                           "nvidia.com/cuda.runtime.major": "12"})
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "runtime.no_device_visible" and rc["certainty"] == "inferred", rc["id"]
    assert any("nvidia.com/cuda.runtime.major" in e["excerpt"] for e in rc["evidence"])
    assert any("cuda12.4" in e["excerpt"] for e in rc["evidence"])


def test_insufficient_driver_where_the_driver_is_older_stays_the_image(tmp_path):
    w = _world("insufficient-old-driver", INSUFFICIENT, image="nvidia/cuda:12.4.1-runtime-ubuntu22.04")
    w.get_node("gpu-node-1")["metadata"]["labels"].update({"nvidia.com/cuda.driver.major": "470",
                                                           "nvidia.com/cuda.runtime.major": "11"})
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "application.cuda_driver_too_old"


def test_image_and_driver_cuda():
    assert image_cuda("nvidia/cuda:12.4.1-runtime-ubuntu22.04") == (12, 4)
    assert image_cuda("pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime") == (12, 1)
    assert image_cuda("ghcr.io/x/y:v1-cu118") == (11, 8)
    assert image_cuda("registry:5000/app") is None and image_cuda("vllm/vllm-openai:v0.8.3") is None
    assert driver_cuda_major({"nvidia.com/cuda.driver-version.major": "580"}) == 13
    assert driver_cuda_major({"nvidia.com/cuda.driver.major": "535"}) == 12
    assert driver_cuda_major({}) is None


def test_outof_gpu_with_capacity_zero_is_the_node_not_advertising(tmp_path):
    w = World("outof-capacity-zero")
    w.gpu_node("gpu-node-1", gpus=1)
    msg = "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0"
    p = w.pod(ML, "riva-0", node="gpu-node-1", phase="Failed")
    p["status"].update({"reason": "OutOfnvidia.com/gpu", "message": msg})
    w.event(ML, "Pod", "riva-0", "OutOfnvidia.com/gpu", msg, component="kubelet")
    w.target("Pod", ML, "riva-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert "node.gpu_not_advertised" in ids and "plugin.admission_failed" not in ids, ids


# PyTorch's c10 CUDA check for cudaErrorStreamCaptureUnsupported (900), logged per request by a server
RUNNING_CUDA_ERROR = ("INFO 11-29 14:50:01 server.py:88] listening on 0.0.0.0:8080\n"
                      "ERROR 11-29 14:52:07 server.py:233] request failed: RuntimeError: CUDA error: operation not "
                      "permitted when stream is capturing\n")


def _running(name: str, log: str, gpu: int = 1) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=8)
    w.pod(ML, "server-0", node="gpu-node-1", gpu=gpu, containers=("server",), owner=("StatefulSet", "server"))
    w.log(ML, "server-0", "server", log)
    w.target("Pod", ML, "server-0")
    return w


def test_a_running_pod_logging_gpu_errors_is_not_healthy(tmp_path):
    doc = _doc(_running("running-cuda-error", RUNNING_CUDA_ERROR), tmp_path)
    assert doc["status"] == "inconclusive" and doc["suspect"] == "application.gpu_error_unrecognised", doc["status"]
    f = next(f for f in doc["findings"] if f["id"] == "application.gpu_error_unrecognised")
    assert f["certainty"] == "unrecognised"
    assert [(e["line"], "stream is capturing" in e["excerpt"]) for e in f["evidence"]] == [(2, True)]
    w = _running("running-cuda-error-clean-dmesg", RUNNING_CUDA_ERROR)
    w.dmesg("gpu-node-1", "[    5.120000] nvidia: loading out-of-tree module taints kernel.\n")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "application.gpu_error_unrecognised"


def test_healthy_start_lines_and_cpu_pods_are_no_running_gpu_error(tmp_path):
    benign = ("E0000 00:00:1764425407.120001     31 cuda_dnn.cc:8579] Unable to register cuDNN factory: Attempting "
              "to register factory for plugin cuDNN when one has already been registered\n"
              "server-0:31:40 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network "
              "plugin.\nserver-0:31:40 [0] NCCL INFO NET/IB : No device found.\n")
    doc = _doc(_running("running-benign", benign), tmp_path)
    assert "application.gpu_error_unrecognised" not in [f["id"] for f in doc["findings"]], doc["findings"]
    # a pod that asked for no GPU is outside the GPU scope: its CUDA words are not this finding
    doc = _doc(_running("running-cpu-pod", RUNNING_CUDA_ERROR, gpu=0), tmp_path)
    assert "application.gpu_error_unrecognised" not in [f["id"] for f in doc["findings"]], doc["findings"]
