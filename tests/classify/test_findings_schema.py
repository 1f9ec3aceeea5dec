"""The findings v1 JSON of every scenario bundle validates against the JSON Schema the tool
ships (triage/data/findings-v1.schema.json), with a well-kept validator (jsonschema); and the
schema rejects the documents a reader must not receive (a healthy verdict with a layer not
checked, a finding without evidence, an unknown status)."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document
from triage.resources import findings_schema_path

BUNDLES = sorted(p.parent for p in FIXTURES.glob("scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("holdout/scenarios/*/bundle/manifest.json")) + \
    sorted(p.parent for p in FIXTURES.glob("first-contact/*/scenarios/*/bundle/manifest.json"))


@cache
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(findings_schema_path().read_text())
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def document(path: Path) -> dict:
    with load_bundle(path) as b:
        return findings_document(diagnose(b), b)


@pytest.mark.slow
@pytest.mark.parametrize("bundle", BUNDLES, ids=[p.parent.name for p in BUNDLES])
def test_every_scenario_document_validates(bundle: Path):
    errors = sorted(validator().iter_errors(document(bundle)), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message[:200]}" for e in errors[:5]]


def test_the_schema_refuses_what_a_reader_must_not_get():
    doc = document(FIXTURES / "scenarios" / "s001_healthy_vllm_serving" / "bundle")
    assert doc["status"] == "healthy" and not list(validator().iter_errors(doc))
    blind = copy.deepcopy(doc)
    blind["layers"]["driver"] = {"status": "not_checked", "checks": [], "gaps": []}
    assert list(validator().iter_errors(blind)), "healthy with a layer not checked (and no gap) must not validate"
    odd = copy.deepcopy(doc)
    odd["status"] = "fine"
    assert list(validator().iter_errors(odd))
    problem = document(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle")
    bare = copy.deepcopy(problem)
    bare["root_cause"]["evidence"] = []
    assert list(validator().iter_errors(bare)), "a finding must cite evidence"
    unsure = copy.deepcopy(problem)
    unsure["root_cause"].pop("certainty")
    assert list(validator().iter_errors(unsure)), "every finding says how certain it is"
