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
        blob = "\n".join(p.read_text(errors="replace") for p in (by_case[cid] / "bundle").rglob("*") if p.is_file())
        unescaped = json.loads(json.dumps(blob))
        first = case["text"].strip().splitlines()[0].strip()[:60]
        assert first in blob or json.dumps(first)[1:-1] in blob or first in unescaped, cid


def test_holdout_covers_every_layer_but_node():
    layers = {c["expected"][0].split(".")[0] for c in CASES.values()}
    assert {"scheduler", "plugin", "runtime", "driver", "application"} <= layers
