"""A running GPU pod whose app finds no CUDA device: nvidia-smi in the container would tell an
empty injection from a lost device; when exec was forbidden the diagnosis names that permission."""

from __future__ import annotations

from tests.conftest import FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document


def _target_diagnosis(name: str) -> dict:
    with load_bundle(FIXTURES / "scenarios" / name / "bundle") as b:
        doc = findings_document(diagnose(b), b)
    return next(d for d in doc["diagnoses"] if d["target"] == doc["target"])


def test_no_cuda_device_with_exec_forbidden_names_the_exec_permission():
    d = _target_diagnosis("s065_no_cuda_device_exec_forbidden")
    assert d["status"] == "problem" and d["root_cause"]["id"] == "runtime.no_device_visible"
    assert [g["needs"] for g in d["gaps"]] == ["create pods/exec in namespace ml"]


def test_a_crash_without_exec_gap_in_the_bundle_lists_no_exec_gap():
    d = _target_diagnosis("s052_crash_unclassified")
    assert not any("pods/exec" in g["needs"] for g in d["gaps"])


def test_the_collectors_own_forbidden_exec_record_still_names_the_permission():
    """A refused exec leaves an nvidia-smi record with an error and no exit code: that is not output."""
    d = _target_diagnosis("s066_no_cuda_device_exec_forbidden_collector_record")
    assert d["root_cause"]["id"] == "runtime.no_device_visible"
    assert [g["needs"] for g in d["gaps"]] == ["create pods/exec in namespace ml"]
    assert "forbidden" in d["gaps"][0]["detail"]
