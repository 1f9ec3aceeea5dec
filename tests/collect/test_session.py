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


def test_a_callers_work_while_waiting_runs_after_the_redactor_and_has_finished_when_collect_returns(tmp_path):
    """A live run imports its analysis in the redactor's thread while the collection waits on the
    server; the analysis then imports the same modules in the main thread, so that work must be
    over by the time `collect` returns (two threads importing one module can break it)."""
    from tests.collect.cluster_fixture import PENDING
    from tests.collect.helpers import served
    from triage.collect.run import Target, collect
    seen: list[str] = []
    release = threading.Event()

    def while_waiting() -> None:
        release.wait(0.5)                 # longer than the collection takes
        seen.append("done")

    with served(tmp_path) as srv:
        result = collect(Target("Pod", "llm", PENDING),
                         Options(kubeconfig=srv.kubeconfig, namespace="llm", exec=False), tmp_path / "out",
                         while_waiting=while_waiting)
    assert seen == ["done"]
    assert result.manifest["redaction"]["enabled"] is True
