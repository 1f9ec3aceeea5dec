"""Xids a node's reporters write on the Node object (node-problem-detector relaying the kernel's
NVRM line as a Node event, a GPU health checker's condition) are the driver's when the bundle
holds no kernel log of that node."""

from __future__ import annotations

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

NVRM_79 = ("kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, "
           "GPU has fallen off the bus.")


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _condition(node: dict, ctype: str, status: str, message: str) -> None:
    node["status"]["conditions"].append({"type": ctype, "status": status, "reason": ctype, "message": message,
                                         "lastHeartbeatTime": "2026-11-29T14:00:00Z",
                                         "lastTransitionTime": "2026-11-29T13:00:00Z"})


def test_an_npd_kernel_event_with_an_xid_79_is_the_gpu_lost(tmp_path):
    w = World("npd-xid-event")
    w.gpu_node("gpu-node-1", gpus=8)
    w.event("default", "Node", "gpu-node-1", "XidError", NVRM_79, component="kernel-monitor")
    w.target("Node", "", "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "driver.gpu_fallen_off_bus" and rc["certainty"] == "recognised", doc["findings"]
    assert "fallen off the bus" in rc["evidence"][0]["excerpt"]


def test_a_health_checkers_condition_naming_an_xid_is_judged_by_its_code(tmp_path):
    w = World("npd-xid-condition")
    node = w.gpu_node("gpu-node-1", gpus=8)
    _condition(node, "GcmXidErrorsProblem", "True", "xid check failed: Xid 48 found on GPU 3")
    w.target("Node", "", "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "driver.xid_ecc_error" and rc["certainty"] == "inferred", doc["findings"]
    assert "GcmXidErrorsProblem" in rc["evidence"][0]["excerpt"]


def test_a_cleared_condition_says_nothing(tmp_path):
    w = World("npd-xid-cleared")
    node = w.gpu_node("gpu-node-1", gpus=8)
    _condition(node, "GcmXidErrorsProblem", "False", "no Xid errors found")
    w.target("Node", "", "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert not [f for f in doc["findings"] if f["id"].startswith("driver.")], doc["findings"]
