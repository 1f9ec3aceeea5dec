"""gpu-triage audit on the demo cluster and on the demo cluster with readiness problems
planted (triage/synth/audit_cluster.py): every checklist item and release question answered
and cited, the planted problems caught, each failure with its next step, the waste measured."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from triage.audit import CHECKS, audit_bundle
from triage.bundle.views import load_bundle
from triage.cli import main
from triage.render.audit import audit_document, render_audit
from triage.resources import report_templates_dir
from triage.synth.audit_cluster import write_audit_bundle
from triage.synth.demo_cluster import write_demo_bundle

WORDS = yaml.safe_load((report_templates_dir() / "audit.yaml").read_text("utf-8"))


def _doc(write, tmp_path):
    root = write(tmp_path / "bundle")
    with load_bundle(root) as b:
        return audit_document(audit_bundle(b), b)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    return _doc(write_demo_bundle, tmp_path_factory.mktemp("demo"))


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    return _doc(write_audit_bundle, tmp_path_factory.mktemp("planted"))


def _item(doc, id_):
    return next(i for i in doc["items"] if i["id"] == id_)


def test_every_item_of_both_seeds_is_answered_and_cited(demo):
    assert [c.__name__ for c in CHECKS] == list(WORDS["items"])     # one check per worded item, in order
    assert [i["id"] for i in demo["items"]] == list(WORDS["items"])
    assert {i["source"] for i in demo["items"]} == {"seed-004", "seed-000"}
    for item in demo["items"]:
        assert item["status"] in ("pass", "fail", "not_checked")
        assert item["evidence"] and all(c["path"] and c["excerpt"] for c in item["evidence"]), item["id"]
        if item["status"] == "fail":
            assert item["next"] and "none" != item["next"], item["id"]
    s = demo["summary"]
    assert s["pass"] + s["fail"] + s["not_checked"] == len(WORDS["items"])


def test_demo_answers_what_its_bundle_shows(demo):
    assert _item(demo, "k8s_version_supported")["status"] == "fail"         # v1.32.4, out of support
    assert "gitVersion: v1.32.4" in _item(demo, "k8s_version_supported")["evidence"][0]["excerpt"]
    assert _item(demo, "gpu_nodes_tainted")["status"] == "pass"
    dcgm = _item(demo, "dcgm_scraped")
    assert dcgm["status"] == "fail" and '"enabled":false' in dcgm["evidence"][0]["excerpt"]
    # quotas and PDBs were not collected into the demo bundle: not guessed
    assert _item(demo, "gpu_quota_per_namespace")["status"] == "not_checked"
    oom = _item(demo, "failure_modes_distinguished")
    assert oom["status"] == "fail" and "application.cuda_oom" in oom["next"]
    assert any("trainer-previous.log" in c["path"] and c["line"] == 2 for c in oom["evidence"])
    # the embedder's own nvidia-smi: 0 MiB used, no process, on the one GPU it holds
    waste = demo["waste"]["entries"]
    assert [e["kind"] for e in waste] == ["gpus_unused_in_pod"]
    assert any(c["excerpt"].find("0MiB / 81559MiB") >= 0 for c in waste[0]["evidence"])
    assert "Right-size" in waste[0]["lever_text"]


def test_planted_problems_are_caught(planted):
    taint = _item(planted, "gpu_nodes_tainted")
    assert taint["status"] == "fail" and {"kind": "Node", "name": "gpu-a10g-1"} in taint["subjects"]
    assert "kubectl taint nodes gpu-a10g-1" in taint["next"]
    assert taint["evidence"][0]["excerpt"] == "gpu-a10g-1 spec.taints: null"
    quota = _item(planted, "gpu_quota_per_namespace")
    assert quota["status"] == "fail" and quota["params"]["namespaces"] == "llm, training"
    assert quota["evidence"][0]["path"] == "cluster-resources/resource-quota/llm.json"
    pdb = _item(planted, "pdb_on_inference")
    assert pdb["status"] == "fail" and "Deployment/llm/qwen-vllm" in pdb["next"]
    idle = [e for e in planted["waste"]["entries"] if e["kind"] == "idle_allocated_gpu"]
    assert [e["subject"]["name"] for e in idle] == ["embedder-5c7d9b8f4-p9q2w"]
    cite = idle[0]["evidence"][0]
    assert cite["path"] == "gpu/nodes/gpu-h100-1/dcgm.prom" and 'pod="embedder-5c7d9b8f4-p9q2w"} 0' in cite["excerpt"]
    job = [e for e in planted["waste"]["entries"] if e["kind"] == "finished_job_holding_gpu"]
    assert job and job[0]["params"]["job"] == "eval-qwen" and "ttlSecondsAfterFinished" in job[0]["lever_text"]
    assert planted["waste"]["idle_gpus"] == 3 and "one instant" in planted["waste"]["notes"][0]
    kinds = {e["kind"]: e for e in planted["waste"]["entries"]}
    assert kinds["idle_notebook"]["subject"]["name"] == "alice-notebook-0"
    assert 'pod="alice-notebook-0"} 0' in kinds["idle_notebook"]["evidence"][0]["excerpt"]
    # the time-sliced L4: per GPU only, and said so; nothing requests it: the node is free
    shared = kinds["idle_shared_gpu"]
    assert shared["node"] == "gpu-l4-1" and 'pod=""} 0' in shared["evidence"][0]["excerpt"]
    assert any("per GPU only" in n and "gpu-l4-1" in n for n in planted["waste"]["notes"])
    free = kinds["gpu_node_all_free"]
    assert free["node"] == "gpu-l4-1" and free["gpus"] == 4 and "Scale to zero" in free["lever_text"]


def test_questions_for_a_person_are_listed_not_guessed(demo):
    ids = [q["id"] for q in demo["questions"]]
    assert "operator_version_pinned" in ids and "rollback_usable" in ids
    assert _item(demo, "model_labels_owner")["status"] == "not_checked"


def test_renderings_carry_every_item_and_the_schema_holds(planted):
    from triage.resources import findings_schema_path
    schema = json.loads((findings_schema_path().parent / "audit-v1.schema.json").read_text("utf-8"))
    jsonschema.validate(json.loads(render_audit(planted, "json")), schema)
    text = render_audit(planted, "text")
    md = render_audit(planted, "markdown")
    html = render_audit(planted, "html")
    for item in planted["items"]:
        assert item["title"] in text
    assert "FAIL" in text and "gpu/nodes/gpu-h100-1/dcgm.prom:3" in text
    assert "### gpu-nodes-tainted" in md and "| waste | GPUs | evidence | cost lever |" in md
    assert html.startswith("<!DOCTYPE html>") and "<script" not in html and "gpu-a10g-1" in html


def test_cli_audits_a_bundle(tmp_path, capsys):
    root = write_audit_bundle(tmp_path / "b")
    status = main(["audit", str(root), "-o", "json", "--out", str(tmp_path / "out")])
    doc = json.loads(capsys.readouterr().out)
    assert status == 3 and doc["summary"]["fail"] >= 4
    assert {p.name for p in (tmp_path / "out").iterdir()} == {"audit.md", "audit.html", "audit.json"}


def test_hostile_names_stay_text_in_every_rendering(tmp_path):
    """A bundle is untrusted: a workload named like markup, with a bidi override and an ANSI
    escape, renders as inert text (the findings document's sanitiser runs on the audit's)."""
    root = write_audit_bundle(tmp_path / "b")
    path = root / "cluster-resources" / "deployments" / "llm.json"
    doc = json.loads(path.read_text())
    evil = "<img src=x onerror=alert(1)>\u202e\x1b[31mqwen"
    doc["items"][0]["metadata"]["name"] = evil
    path.write_text(json.dumps(doc))
    with load_bundle(root) as b:
        audit = audit_document(audit_bundle(b), b)
    html = render_audit(audit, "html")
    md = render_audit(audit, "markdown")
    text = render_audit(audit, "text")
    assert "onerror=alert(1)" in text and "<img" not in html and "&lt;img" in html
    assert "\\<img" in md or "`<img" in md
    for out in (html, md, text, render_audit(audit, "json")):
        assert "\u202e" not in out and "\x1b" not in out
