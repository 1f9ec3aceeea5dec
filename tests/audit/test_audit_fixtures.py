"""audit on every scenario and first-contact bundle (real evidence, crafted shapes, support
bundles): every item answered and cited, every rendering made, no item's check failing."""

from __future__ import annotations

import pytest

from tests.conftest import FIXTURES
from triage.audit import audit_bundle
from triage.bundle.views import load_bundle
from triage.render.audit import audit_document, render_audit

BUNDLES = sorted(FIXTURES.glob("scenarios/*/bundle")) + sorted(FIXTURES.glob("first-contact/*/*/bundle"))


@pytest.mark.slow
@pytest.mark.parametrize("path", BUNDLES, ids=lambda p: p.parent.name)
def test_every_fixture_is_audited_and_cited(path):
    with load_bundle(path) as b:
        doc = audit_document(audit_bundle(b), b)
    assert len(doc["items"]) == 24
    for item in doc["items"]:
        assert item["evidence"] and "audit check failed" not in item["evidence"][0]["excerpt"], item
    for fmt in ("text", "markdown", "html", "json"):
        assert render_audit(doc, fmt)
