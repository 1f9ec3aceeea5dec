"""Two states the words alone did not decide.

- A Job's pod that will not restart its container (restartPolicy Never) and Failed with a
  non-zero exit of its own is a crash like a crash loop's: its log is read, and words no
  catalog knows are `application.crash_unclassified`, not "failed and nobody said why". A pod
  the kubelet stopped (DeadlineExceeded) is not (scenario s082).
- nvidia-smi's "couldn't communicate with the NVIDIA driver" inside a container given an
  NVIDIA GPU says the container reached no driver: `runtime.no_device_visible`, as CUDA's "Found
  no NVIDIA driver" does; in a pod that asked for no GPU it is not that finding.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

ML = "ml"
SMI = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest "
       "NVIDIA driver is installed and running.\n")


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / w.name)) as b:
        return findings_document(diagnose(b), b)


def _failed_job_pod(w: World, log: str, gpu: int = 1, reason: str | None = None, code: int = 1) -> None:
    w.gpu_node("gpu-node-1", gpus=1)
    p = w.pod(ML, "eval-7xk2p", node="gpu-node-1", gpu=gpu, containers=("eval",), phase="Failed", ready=False,
              owner=("Job", "eval"),
              statuses={"eval": {"state": {"terminated": {"exitCode": code, "reason": "Error"}}, "ready": False,
                                 "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    if reason:
        p["status"]["reason"] = reason
    w.log(ML, "eval-7xk2p", "eval", log)
    w.target("Pod", ML, "eval-7xk2p")


def test_a_failed_job_pod_with_an_unknown_error_is_an_unclassified_crash(tmp_path):
    w = World("failed-job-keyerror")
    _failed_job_pod(w, "Traceback (most recent call last):\n  File \"/app/eval.py\", line 9\nKeyError: 'split'\n")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "application.crash_unclassified", doc["status"]
    assert "exit 1" in doc["root_cause"]["title"]


def test_smi_without_a_driver_in_a_gpu_container_is_no_device_visible(tmp_path):
    w = World("failed-job-smi")
    _failed_job_pod(w, SMI, code=9)
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "runtime.no_device_visible", [f["id"] for f in doc["findings"]]
    assert any("couldn't communicate" in e["excerpt"] for e in doc["root_cause"]["evidence"])
    w = World("failed-job-smi-cpu")
    _failed_job_pod(w, SMI, gpu=0, code=9)
    ids = [f["id"] for f in _doc(w, tmp_path)["findings"]]
    assert "runtime.no_device_visible" not in ids, ids


def test_what_backs_a_containers_dev_shm():
    """The runtime's default (None) unless a volume is mounted at /dev/shm or the pod shares the host's IPC."""
    from triage.bundle.objects.pod import Pod
    from triage.classify.rules.application_shm import shm_backing

    def pod(volumes=(), mounts=(), host_ipc=False):
        spec = {"containers": [{"name": "train", "volumeMounts": list(mounts)}], "volumes": list(volumes)}
        if host_ipc:
            spec["hostIPC"] = True
        return Pod({"metadata": {"name": "p", "namespace": ML}, "spec": spec}, "pods.json")

    assert shm_backing(pod(), "train") is None
    assert shm_backing(pod([{"name": "d", "emptyDir": {"medium": "Memory"}}], [{"name": "d", "mountPath": "/dev/shm"}]),
                       "train") == "memory"
    assert shm_backing(pod([{"name": "d", "emptyDir": {}}], [{"name": "d", "mountPath": "/dev/shm/"}]), "train") == "volume"
    assert shm_backing(pod([{"name": "d", "emptyDir": {"medium": "Memory"}}], [{"name": "d", "mountPath": "/data"}]),
                       "train") is None
    assert shm_backing(pod(host_ipc=True), "train") == "host"
