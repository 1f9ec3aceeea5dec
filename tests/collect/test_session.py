"""The session's redactor is built while the first requests are in flight: whatever was
collected before it existed is redacted before anything is written, and a redactor that
cannot be built writes nothing."""

from __future__ import annotations

import json
import threading

import pytest

from triage.bundle.redact import Redactor
from triage.collect.kube import Kube
from triage.collect.session import Options, Session


def _kube(tmp_path) -> Kube:
    config = tmp_path / "kubeconfig"
    config.write_text(json.dumps({
        "apiVersion": "v1", "kind": "Config", "current-context": "t",
        "clusters": [{"name": "t", "cluster": {"server": "http://127.0.0.1:9"}}],
        "contexts": [{"name": "t", "context": {"cluster": "t", "user": "t"}}], "users": [{"name": "t", "user": {}}]}))
    return Kube.connect(str(config))


def _pod(secret: str) -> dict:
    return {"metadata": {"name": "p", "namespace": "llm", "uid": "u1"},
            "spec": {"containers": [{"name": "c", "env": [{"name": "HF_TOKEN", "value": secret}]}]}}


def test_objects_collected_before_the_redactor_exists_are_written_redacted(tmp_path):
    gate = threading.Event()

    def slow_build() -> Redactor:
        gate.wait(5)
        return Redactor.from_options(True, None)

    session = Session(_kube(tmp_path), tmp_path / "b", Options(), None)
    session.build_redactor(slow_build)
    session.add_items("cluster-resources/pods/llm.json", "PodList", "v1", [_pod("hf_abcdefghijklmnopqrstuvwxyz0123")])
    gate.set()
    session.add_items("cluster-resources/pods/llm.json", "PodList", "v1",
                      [{**_pod("hf_zyxwvutsrqponmlkjihgfedcba3210"), "metadata": {"name": "q", "namespace": "llm",
                                                                                  "uid": "u2"}}])
    root = session.finish(None)
    text = (root / "cluster-resources/pods/llm.json").read_text()
    assert "hf_abcdefghijklmnopqrstuvwxyz0123" not in text and "hf_zyxwvutsrqponmlkjihgfedcba3210" not in text
    assert text.count("<redacted:secret_env:") == 2
    manifest = json.loads((root / "manifest.json").read_text())
    assert manifest["redaction"]["count"] >= 2


def test_a_redactor_that_cannot_be_built_writes_nothing(tmp_path):
    def broken() -> Redactor:
        raise RuntimeError("rules did not load")

    session = Session(_kube(tmp_path), tmp_path / "b", Options(), None)
    session.build_redactor(broken)
    with pytest.raises(RuntimeError, match="rules did not load"):    # where the redactor is needed first
        session.add_items("cluster-resources/pods/llm.json", "PodList", "v1",
                          [_pod("hf_abcdefghijklmnopqrstuvwxyz0123")])
        session.finish(None)
    assert not (tmp_path / "b" / "cluster-resources" / "pods" / "llm.json").exists()
