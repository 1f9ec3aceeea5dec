"""The owner chain (triage/bundle/owners.py): a broken pod's controllers as the bundle holds
them, in the findings document and in the reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document
from triage.synth.demo_cluster import write_demo_bundle


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("owners") / "cluster")


def _doc(path: Path) -> dict:
    with load_bundle(path) as b:
        return findings_document(diagnose(b), b)


def test_owner_chain_of_a_broken_pod_is_in_the_document_and_the_reports(demo):
    """Pod <- ReplicaSet <- Deployment, from the workload lists the bundle holds."""
    from triage.render.markdown import render_markdown
    from triage.render.text import render_text
    doc = _doc(demo)
    qwen = next(d for d in doc["diagnoses"] if d["target"]["name"] == "qwen-vllm-7d9f8c6b5-x2x4k")
    assert qwen["owners"] == [{"kind": "ReplicaSet", "namespace": "llm", "name": "qwen-vllm-7d9f8c6b5"},
                              {"kind": "Deployment", "namespace": "llm", "name": "qwen-vllm"}]
    healthy = next(d for d in doc["diagnoses"] if d["target"]["name"] == "embedder-5c7d9b8f4-p9q2w")
    assert "owners" not in healthy                   # compact healthy entries stay compact
    line = "Pod llm/qwen-vllm-7d9f8c6b5-x2x4k <- ReplicaSet qwen-vllm-7d9f8c6b5 <- Deployment qwen-vllm"
    assert f"owned by: {line}" in render_text(doc, color=False, width=200)
    assert "Owned by: Pod llm/qwen-vllm-7d9f8c6b5-x2x4k \\<- ReplicaSet" in render_markdown(doc)
