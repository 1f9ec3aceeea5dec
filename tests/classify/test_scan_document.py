"""A scan document stays small at cluster scale: healthy targets are compact entries, and a
pending pod's insufficient_gpu names the first holders (the inventory lists them all)."""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML, pending_pod
from tests.conftest import FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.classify.rules.scheduler import HOLDERS_SHOWN
from triage.render.json import findings_document


def _doc(path):
    with load_bundle(path) as b:
        return findings_document(diagnose(b), b)


def test_healthy_targets_of_a_scan_are_compact_entries():
    doc = _doc(FIXTURES / "scenarios" / "s002_healthy_scan_no_manifest" / "bundle")
    assert doc["target"] is None and doc["status"] == "healthy"
    assert len(doc["diagnoses"]) >= 2
    for d in doc["diagnoses"]:
        assert set(d) == {"target", "status", "layers"} and d["status"] == "healthy" and d["target"]["name"]
        # the compact ladder: one status per layer, no checks or gaps repeated per target
        assert all(set(v) == {"status"} and v["status"] in ("passed", "not_applicable") for v in d["layers"].values())


def test_problem_diagnoses_keep_their_findings_and_gaps():
    doc = _doc(FIXTURES / "scenarios" / "s006_inconclusive_crashloop_without_logs" / "bundle")
    d = doc["diagnoses"][0]
    assert d["status"] == "inconclusive" and set(d) >= {"target", "status", "root_cause", "findings", "gaps", "layers"}
    assert d["gaps"]


def test_insufficient_gpu_names_the_first_holders_and_counts_the_rest(tmp_path):
    w = World("many-holders")
    for i in range(6):
        w.gpu_node(f"gpu-node-{i}", gpus=8, operator=False)
        for j in range(8):
            w.pod("research", f"nb-{i}-{j}", node=f"gpu-node-{i}", gpu=1, containers=("notebook",),
                  owner=("StatefulSet", f"nb-{i}-{j}"))
    pending_pod(w, "train-0", "0/6 nodes are available: 6 Insufficient nvidia.com/gpu. preemption: 0/6 nodes are "
                              "available: 6 No preemption victims found for incoming pod.")
    w.target("Pod", ML, "train-0")
    doc = _doc(w.write(tmp_path / "bundle"))
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.insufficient_gpu"
    assert len(rc["params"]["holders"]) == HOLDERS_SHOWN == 20
    assert rc["params"]["holders"][0] == "research/nb-0-0"
    assert rc["params"]["holders_total"] == 48
    assert sum(len(r["holders"]) for r in doc["inventory"]) == 48      # every holder is still listed there
