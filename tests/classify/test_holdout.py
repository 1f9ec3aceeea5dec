"""Held-out real cases (fixtures/holdout): texts quoted from issue threads the rules were not
written against. Each bundle must be diagnosed with one of the ids its thread accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CORPUS, FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

HOLDOUT = FIXTURES / "holdout"
SCENARIOS = sorted(p for p in (HOLDOUT / "scenarios").iterdir() if (p / "expected.json").exists())
CASES = {json.loads(l)["id"]: json.loads(l) for l in (HOLDOUT / "cases.jsonl").read_text().splitlines() if l.strip()}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_holdout_case_is_diagnosed_with_an_accepted_id(scenario: Path):
    expected = json.loads((scenario / "expected.json").read_text())
    with load_bundle(scenario / "bundle") as b:
        doc = findings_document(diagnose(b), b)
    assert doc["status"] == "problem", [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] in expected["accept"], [f["id"] for f in doc["findings"]]
    assert doc["target"] == expected["subject"]
    for ev in doc["root_cause"]["evidence"]:
        assert (scenario / "bundle" / ev["path"]).is_file(), ev


def test_holdout_texts_are_not_corpus_texts_and_sit_verbatim_in_their_bundles():
    corpus = [json.loads(l)["text"] for l in (CORPUS / "real-cases.jsonl").read_text().splitlines() if l.strip()]
    assert len(CASES) >= 25
    by_case = {json.loads((s / "expected.json").read_text())["case_id"]: s for s in SCENARIOS}
    assert set(by_case) == set(CASES)
    for cid, case in CASES.items():
        assert not any(case["text"] in t or t in case["text"] for t in corpus), cid
        if case["where"] in ("node_status", "kubectl_describe"):
            continue      # YAML / describe renderings: their values sit in the objects' JSON fields
        blob = "\n".join(p.read_text(errors="replace") for p in (by_case[cid] / "bundle").rglob("*") if p.is_file())
        # a 60-character window from the middle of the text's longest line: robust to the
        # reason word a reporter pasted in front ("Failed: Error: ...") and to JSON escaping
        line = max(case["text"].splitlines(), key=len).strip()
        probe = line[len(line) // 2 - 30:len(line) // 2 + 30] if len(line) > 60 else line
        assert probe in blob or json.dumps(probe)[1:-1] in blob, (cid, probe)


def test_holdout_covers_every_layer():
    layers = {c["expected"][0].split(".")[0] for c in CASES.values()}
    assert layers == {"scheduler", "node", "plugin", "runtime", "driver", "application"}


def test_node_status_case_values_are_the_node_objects_values():
    """The YAML of NVIDIA/k8s-device-plugin#58 is the node object: 16 GPUs of capacity, 0 allocatable."""
    bundle = next(s for s in SCENARIOS if s.name.endswith("node_allocatable_zero_of_16_yaml")) / "bundle"
    node = json.loads((bundle / "cluster-resources" / "nodes.json").read_text())["items"][0]
    text = CASES["ho-node-allocatable-zero-of-16-yaml"]["text"]
    assert 'nvidia.com/gpu: "16"' in text and node["status"]["capacity"]["nvidia.com/gpu"] == "16"
    assert 'nvidia.com/gpu: "0"' in text and node["status"]["allocatable"]["nvidia.com/gpu"] == "0"
    assert "memory: 263412492Ki" in text and node["status"]["allocatable"]["memory"] == "263412492Ki"
