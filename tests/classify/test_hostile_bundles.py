"""A bundle is untrusted input: every JSON file of a few scenario bundles is replaced by
malformed shapes in turn; analysis must still answer (or raise a one-line TriageError),
never crash."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.errors import TriageError
from triage.render.json import findings_document

MUTATIONS = {
    "empty-list": [],
    "junk-items": {"items": [1, "x", None, []]},
    "not-json": "not json {",
    "wrong-types": {"items": [{"metadata": "x", "spec": [], "status": 5, "kind": 3}]},
    "wrong-fields": {"items": [{
        "metadata": {"name": 5, "namespace": None, "labels": [1], "ownerReferences": "x"},
        "spec": {"containers": "x", "nodeName": 7, "tolerations": 3, "nodeSelector": [], "affinity": "x"},
        "status": {"containerStatuses": [1, {"state": "x", "lastState": {"terminated": 5}}], "conditions": "x",
                   "capacity": [], "allocatable": {"nvidia.com/gpu": "abc"}},
        "involvedObject": "x", "message": 5, "reason": None}]},
}
SCENARIOS = ["r014_dp_nvml_could_not_load_cri_log", "r049_rolling_update_gpu_deadlock",
             "r044_operator_reconcile_alert_plugin_validation_restarting"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_malformed_json_never_crashes(scenario, tmp_path):
    src = FIXTURES / "scenarios" / scenario / "bundle"
    answered = 0
    for f in sorted(src.rglob("*.json")):
        for name, mutation in MUTATIONS.items():
            work = tmp_path / f"{f.stem}-{name}"
            shutil.copytree(src, work)
            target = work / f.relative_to(src)
            target.write_text(mutation if isinstance(mutation, str) else json.dumps(mutation))
            try:
                with load_bundle(work) as b:
                    doc = findings_document(diagnose(b), b)
            except TriageError:
                continue
            assert doc["status"] in ("problem", "healthy", "inconclusive")
            answered += 1
            shutil.rmtree(work)
    assert answered > 0
