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


# ---- crafted bundles (issue 13 item 5): a recorded Problem or a one-line refusal, never a crash ----

R049 = FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle"
DEEP = "[" * 100_000 + "]" * 100_000


def _craft(tmp_path, name, edit):
    work = tmp_path / name
    shutil.copytree(R049, work)
    edit(work)
    return work


def _rewrite(path, fn):
    path.write_text(fn(path.read_text()))


def _set_quantities(work, where):
    def edit(text):
        doc = json.loads(text)
        for item in doc["items"]:
            if where == "capacity":
                item.setdefault("status", {})["capacity"] = {"nvidia.com/gpu": "1e400", "memory": "1e400"}
                item["status"]["allocatable"] = {"nvidia.com/gpu": "1e400"}
            else:
                for c in item["spec"]["containers"]:
                    c["resources"] = {"requests": {"nvidia.com/gpu": "1e400", "cpu": "9" * 401},
                                      "limits": {"nvidia.com/gpu": "1e400"}}
        return json.dumps(doc)
    return edit


def _pod_name_surrogate(work):
    name = json.loads(next(work.glob("cluster-resources/pods/*.json")).read_text())["items"][0]["metadata"]["name"]
    for f in work.rglob("*.json"):
        _rewrite(f, lambda t: t.replace(name, name + "\\ud800x"))


CRAFTED = {
    "deep manifest": (lambda w: (w / "manifest.json").write_text(DEEP), "manifest.json"),
    "deep nodes": (lambda w: (w / "cluster-resources/nodes.json").write_text(DEEP), "cluster-resources/nodes.json"),
    "deep pods": (lambda w: next(w.glob("cluster-resources/pods/*.json")).write_text('{"items": [' + DEEP + "]}"),
                  "cluster-resources/pods/"),
    "capacity 1e400": (lambda w: _rewrite(w / "cluster-resources/nodes.json", _set_quantities(w, "capacity")), None),
    "requests 1e400": (lambda w: _rewrite(next(w.glob("cluster-resources/pods/*.json")), _set_quantities(w, "requests")),
                       None),
    "401-digit duration_s": (lambda w: _rewrite(w / "manifest.json", lambda t: json.dumps(
        {**json.loads(t), "collectors": [{"name": "pods", "status": "ok", "duration_s": int("9" * 401)}]})), None),
    "lone surrogate in an event message": (lambda w: _rewrite(next(w.glob("cluster-resources/events/*.json")),
                                                              lambda t: t.replace("nodes are", "nodes \\udc80 are")), None),
    "lone surrogate in a pod name": (_pod_name_surrogate, None),
    "node name with < and ESC": (lambda w: [_rewrite(f, lambda t: t.replace('"gpu-node-1"', '"gpu-node-1<b>\\u001b[31m"'))
                                            for f in w.rglob("*.json")], None),
}


@pytest.mark.parametrize("case", CRAFTED)
def test_crafted_bundle_is_answered_in_every_format(case, tmp_path):
    from triage.commands.analyze import render
    edit, problem_path = CRAFTED[case]
    work = _craft(tmp_path, "b", edit)
    with load_bundle(work) as b:
        doc = findings_document(diagnose(b), b)
        problems = [p.path for p in b.problems]
    assert doc["status"] in ("problem", "healthy", "inconclusive")
    if problem_path:
        assert any(p.startswith(problem_path) for p in problems), problems
    for fmt in ("json", "text", "markdown", "html"):
        render(doc, fmt).encode("utf-8")        # what writing it to a terminal or a file does


def test_serve_indexes_a_bundle_with_a_lone_surrogate(tmp_path):
    from triage.replay.store import Store
    work = _craft(tmp_path, "b", _pod_name_surrogate)
    with load_bundle(work) as b:
        store = Store.load(b)      # serialises every object to UTF-8 JSON once, as serve does at start
    assert len(store.collections["pods"]) > 0


def test_a_tar_path_2000_folders_deep_is_refused_in_one_line(tmp_path):
    import io
    import tarfile
    archive = tmp_path / "deep.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(R049, arcname="b")
        info = tarfile.TarInfo("b/" + "d/" * 2000 + "f.txt")
        info.size = 1
        tar.addfile(info, io.BytesIO(b"x"))
    with pytest.raises(TriageError) as err:
        load_bundle(archive)
    assert "deeper than" in str(err.value) and "\n" not in str(err.value)
