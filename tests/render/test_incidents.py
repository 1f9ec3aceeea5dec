"""Incidents (triage/incidents.py) as a reader of a scan meets them: the demo cluster's two
unrelated failures are two incidents, each with its own ladder; the Slack digest has a block
per incident; the text fits an 80-column terminal through the CLI's own rendering path."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path

import pytest

from triage.incidents import group_incidents, healthy_targets
from triage.notify.digest import build_digest, build_incident_replies

DOCS = Path(__file__).resolve().parent / "docs"
NODE = {"kind": "Node", "name": "gpu-t4-2"}
QWEN = {"kind": "Pod", "namespace": "llm", "name": "qwen-vllm-7d9f8c6b5-x2x4k"}
TRAIN = {"kind": "Pod", "namespace": "training", "name": "finetune-qwen-6f8d7c9b4-k8s2d"}
EV = [{"path": "cluster-resources/pods/logs/gpu-operator/nvidia-device-plugin-daemonset-t2x8q/"
               "nvidia-device-plugin.log", "line": 2,
       "excerpt": "Failed to initialize NVML: could not load NVML library."}]


def _finding(fid, subject, explains=(), severity="error"):
    return {"id": fid, "layer": fid.split(".")[0], "severity": severity, "title": fid, "subject": subject,
            "evidence": EV, "explains": list(explains), "playbook": fid.replace(".", "/"), "params": {},
            "certainty": "recognised"}


def _layers(**states):
    names = ("scheduler", "node", "plugin", "runtime", "driver", "application")
    return {n: {"status": states.get(n, "passed"), "checks": [], "gaps": []} for n in names}


def demo_like() -> dict:
    """The shape of the demo scan: NVML on a node (the node and the Pending pod), an OOM in a
    training pod, healthy targets."""
    nvml = _finding("plugin.nvml_unavailable", NODE, ["node.gpu_not_advertised"])
    nvml_pod = _finding("plugin.nvml_unavailable", NODE, ["node.gpu_not_advertised", "scheduler.insufficient_gpu"])
    oom = _finding("application.cuda_oom", TRAIN)
    diagnoses = [
        {"target": NODE, "status": "problem", "root_cause": nvml, "gaps": [],
         "findings": [nvml, _finding("node.gpu_not_advertised", NODE)],
         "layers": _layers(scheduler="not_applicable", node="failed", plugin="root", application="not_applicable")},
        {"target": QWEN, "status": "problem", "root_cause": nvml_pod, "gaps": [],
         "findings": [nvml_pod, _finding("scheduler.insufficient_gpu", QWEN), _finding("node.gpu_not_advertised", NODE)],
         "layers": _layers(scheduler="failed", node="failed", plugin="root", runtime="not_checked")},
        {"target": TRAIN, "status": "problem", "root_cause": oom, "findings": [oom], "gaps": [],
         "layers": _layers(application="root")},
        {"target": {"kind": "Node", "name": "gpu-h100-1"}, "status": "healthy"},
        {"target": {"kind": "Pod", "namespace": "llm", "name": "embedder-5c7d9b8f4-p9q2w"}, "status": "healthy"},
    ]
    return {"schema": "gpu-triage.findings/v1", "target": NODE, "status": "problem", "root_cause": nvml,
            "findings": [nvml, oom], "gaps": [], "diagnoses": diagnoses}


def test_two_unrelated_failures_are_two_incidents_each_with_its_own_ladder():
    incidents = group_incidents(demo_like())
    assert [i["key"] for i in incidents] == ["plugin.nvml_unavailable@Node/gpu-t4-2",
                                             "application.cuda_oom@Pod/training/finetune-qwen-6f8d7c9b4-k8s2d"]
    nvml, oom = incidents
    assert nvml["targets"] == [NODE, QWEN]                       # the subject first, then what it reaches
    assert nvml["root_cause"]["explains"] == ["node.gpu_not_advertised", "scheduler.insufficient_gpu"]
    # the node's ladder and the pod's, merged: the scheduler failed for the pod, runtime unseen for it
    assert {k: v["status"] for k, v in nvml["layers"].items()} == {
        "scheduler": "failed", "node": "failed", "plugin": "root", "runtime": "not_checked", "driver": "passed",
        "application": "passed"}
    # the OOM's ladder is its own: the application is the root, nothing below failed
    assert oom["layers"]["application"]["status"] == "root"
    assert {v["status"] for k, v in oom["layers"].items() if k != "application"} == {"passed"}
    # each finding once per incident, though two targets report it
    assert [f["id"] for f in nvml["findings"]].count("node.gpu_not_advertised") == 1
    assert [t["name"] for t in healthy_targets(demo_like())] == ["gpu-h100-1", "embedder-5c7d9b8f4-p9q2w"]


def test_pods_whose_node_lost_a_gpu_are_one_incident_with_it():
    doc = demo_like()
    xid = _finding("driver.xid_fallen_off_bus", {"kind": "Node", "name": "n7"}, severity="critical")
    for i in range(7):
        pod = {"kind": "Pod", "namespace": "llm", "name": f"p{i}"}
        doc["diagnoses"].append({"target": pod, "status": "problem", "root_cause": xid, "findings": [xid],
                                 "gaps": [], "layers": _layers(driver="root")})
    incidents = group_incidents(doc)
    assert len(incidents) == 3
    assert incidents[0]["key"] == "driver.xid_fallen_off_bus@Node/n7"     # critical first
    assert len(incidents[0]["targets"]) == 7


def test_inconclusive_targets_group_by_suspect_else_by_what_is_missing():
    gap = {"collector": "nodes", "reason": "forbidden", "detail": "x", "needs": "list nodes"}
    sus = _finding("plugin.not_running", NODE)
    doc = {"schema": "gpu-triage.findings/v1", "diagnoses": [
        {"target": QWEN, "status": "inconclusive", "suspect": "plugin.not_running", "findings": [sus], "gaps": [gap]},
        {"target": TRAIN, "status": "inconclusive", "suspect": "plugin.not_running", "findings": [sus], "gaps": [gap]},
        {"target": {"kind": "Pod", "namespace": "a", "name": "b"}, "status": "inconclusive", "findings": [],
         "gaps": [gap]},
        {"target": {"kind": "Pod", "namespace": "a", "name": "c"}, "status": "inconclusive", "findings": [],
         "gaps": [gap]}]}
    incidents = group_incidents(doc)
    assert [len(i["targets"]) for i in incidents] == [2, 2]
    assert incidents[0]["suspect"] == "plugin.not_running" and incidents[0]["root_cause"] is None


def test_slack_digest_has_a_block_per_incident_and_counts_the_rest():
    doc = demo_like()
    msg = build_digest(doc)
    sections = [b for b in msg["blocks"] if b["type"] == "section"]
    assert msg["blocks"][0]["text"]["text"] == "PROBLEM: 2 incident(s) over 5 target(s)"
    assert len(sections) == 2
    assert "`plugin.nvml_unavailable`" in sections[0]["text"]["text"]
    assert "Affects 2: Node gpu-t4-2, Pod llm/qwen-vllm-7d9f8c6b5-x2x4k" in sections[0]["text"]["text"]
    assert "`application.cuda_oom`" in sections[1]["text"]["text"]
    # many incidents: the worst N get a block, the rest are counted
    many = copy.deepcopy(doc)
    for i in range(12):
        f = _finding("application.cuda_oom", {"kind": "Pod", "namespace": "x", "name": f"p{i}"})
        many["diagnoses"].append({"target": f["subject"], "status": "problem", "root_cause": f, "findings": [f],
                                  "gaps": [], "layers": _layers(application="root")})
    msg = build_digest(many, top=5)
    assert len([b for b in msg["blocks"] if b["type"] == "section"]) == 5
    assert "… and 9 more incident(s) in the full report" in json.dumps(msg, ensure_ascii=False)
    replies = build_incident_replies(doc, lambda root: [f"kubectl describe node {root['subject']['name']}"])
    assert len(replies) == 2 and "kubectl describe node gpu-t4-2" in json.dumps(replies[0])


def test_slack_digest_escapes_cluster_text():
    doc = demo_like()
    doc["diagnoses"][2]["root_cause"]["title"] = "<!channel> <https://evil|x>"
    text = json.dumps(build_digest(doc))
    assert "<!channel>" not in text and "&lt;!channel&gt;" in text


class _Tty(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("name", ["scan", "real-synth-scan", "crashloop-oom", "pending-nvml"])
def test_columns_80_on_a_terminal_fits_80(name, monkeypatch):
    """Through the CLI's rendering (`analyze.render`), on a terminal with COLUMNS=80."""
    import sys

    from triage.commands.analyze import render
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setattr(sys, "stdout", _Tty())
    out = render(json.loads((DOCS / f"{name}.json").read_text("utf-8")), "text", show_healthy=True)
    from rich.cells import cell_len
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert max(cell_len(line) for line in plain.splitlines()) <= 80


def test_the_findings_document_lists_its_incidents(tmp_path):
    """Bots read `incidents` from the JSON: the demo cluster's two, keyed as the watcher dedups."""
    from triage.bundle.views import load_bundle
    from triage.classify.engine import diagnose
    from triage.render.json import findings_document
    from triage.synth.demo_cluster import write_demo_bundle
    with load_bundle(write_demo_bundle(tmp_path / "demo")) as b:
        doc = findings_document(diagnose(b), b)
    assert [(i["key"], i["status"], len(i["targets"])) for i in doc["incidents"]] == [
        ("plugin.nvml_unavailable@Node/gpu-t4-2", "problem", 2),
        ("application.cuda_oom@Pod/training/finetune-qwen-6f8d7c9b4-k8s2d", "problem", 1)]
