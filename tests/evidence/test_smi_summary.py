"""What nvidia-smi inside a pod showed, judged against the pod (triage/evidence/smi_summary.py),
on real captures from the corpus."""

from __future__ import annotations

from tests.conftest import CORPUS
from triage.bundle.objects.pod import Pod
from triage.bundle.views import ExecOutput, LogText
from triage.evidence.smi_runs import smi_runs
from triage.evidence.smi_summary import summarise

H100 = (CORPUS / "nvidia-smi/text/h100-80gb-hbm3-590.48.01-linux-default-idle.txt").read_text()
UNKNOWN = (CORPUS / "nvidia-smi/text/error-nvml-unknown-error-container.txt").read_text()


def _pod(gpus: int, env=()) -> Pod:
    return Pod({"metadata": {"name": "p", "namespace": "ml"}, "spec": {"containers": [{
        "name": "server", "image": "x", "env": [{"name": k, "value": v} for k, v in env],
        "resources": {"limits": {"nvidia.com/gpu": str(gpus)}}}]}, "status": {}}, "cluster-resources/pods/ml.json")


def _out(text: str, name: str = "nvidia-smi") -> ExecOutput:
    return ExecOutput("ml", "p", "server", name, ("nvidia-smi",), 0, None,
                      LogText(f"gpu/exec/ml/p/server/{name}.stdout", text), None)


def test_as_asked():
    (row,) = summarise(_pod(1), smi_runs([_out(H100)]))
    assert (row["visible"], row["requested"], row["driver_version"], row["cuda_version"]) == (1, 1, "590.48.01", "13.1")
    assert row["verdict"] == "ok" and row["gpus"] == ["NVIDIA H100 80GB HBM3"]


def test_fewer_gpus_than_requested():
    assert summarise(_pod(2), smi_runs([_out(H100)]))[0]["verdict"] == "fewer_gpus"


def test_the_image_needs_a_newer_cuda_than_the_driver_gives():
    row = summarise(_pod(1, env=[("NVIDIA_REQUIRE_CUDA", "cuda>=13.2 brand=tesla,driver>=535,driver<536")]), smi_runs([_out(H100)]))[0]
    assert (row["required_cuda"], row["verdict"]) == ("13.2", "cuda_too_old")
    assert summarise(_pod(1, env=[("CUDA_VERSION", "12.4.1")]), smi_runs([_out(H100)]))[0]["verdict"] == "ok"


def test_an_error_is_reported_in_its_own_words():
    (row,) = summarise(_pod(1), smi_runs([_out(UNKNOWN, "nvidia-smi-L")]))
    assert row["verdict"] == "error" and "Unknown Error" in row["error"] and row["command"] == "nvidia-smi -L"
