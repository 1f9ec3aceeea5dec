"""Control and bidi characters from a cluster (a pod name, an event message) never reach any
output: C1 CSI / OSC / ST, ESC, the bidi override U+202E, isolate U+2066, marks U+200F and
U+061C, zero-width space U+200B are stripped by one function (render.untrusted_text) that the
JSON document, every report format and the Slack message all go through."""

from __future__ import annotations

import json
import shutil
import unicodedata

from tests.conftest import FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.commands.analyze import render
from triage.notify.blocks import build_message, build_thread_reply
from triage.render.json import dumps, findings_document

HOSTILE = "\x9b31m\x1b]8;;https://evil\x07\x9d0;t\x9c\u202e\u2066\u200f\u061c\u200b\ufeff"
BAD = {c for c in HOSTILE if unicodedata.category(c) in ("Cc", "Cf")}    # the printable rest stays
SRC = FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle"


def _hostile_doc(tmp_path):
    work = tmp_path / "b"
    shutil.copytree(SRC, work)
    pods = json.loads(next(work.glob("cluster-resources/pods/*.json")).read_text())
    name = pods["items"][0]["metadata"]["name"]
    mark = json.dumps(HOSTILE)[1:-1]
    for f in work.rglob("*.json"):
        text = f.read_text().replace(name, name + mark).replace("nodes are available: ", "nodes are available: " + mark)
        f.write_text(text)
    with load_bundle(work) as b:
        return findings_document(diagnose(b), b), name


def _leaks(text: str) -> set[str]:
    return {c for c in text if c in BAD}


def test_no_output_format_carries_control_or_bidi_characters(tmp_path):
    doc, name = _hostile_doc(tmp_path)
    assert name in dumps(doc)          # the pod is still named, just without the characters
    for fmt in ("json", "text", "markdown", "html"):
        assert _leaks(render(doc, fmt)) == set(), fmt


def test_the_slack_payload_carries_none_either(tmp_path):
    doc, _ = _hostile_doc(tmp_path)
    payloads = [build_message(doc), build_thread_reply(doc)]
    text = json.dumps(payloads, ensure_ascii=False)
    assert _leaks(text) == set()


def test_a_findings_file_from_elsewhere_is_cleaned_when_rendered_or_posted():
    doc = {"schema": "gpu-triage.findings/v1", "status": "problem",
           "target": {"kind": "Pod", "namespace": "ml", "name": "p" + HOSTILE},
           "root_cause": {"id": "scheduler.insufficient_gpu", "layer": "scheduler", "severity": "error",
                          "title": "t" + HOSTILE, "evidence": [{"source": "events", "excerpt": "x" + HOSTILE}]},
           "findings": [], "gaps": [], "diagnoses": []}
    for fmt in ("json", "text", "markdown", "html"):
        assert _leaks(render(doc, fmt)) == set(), fmt
    assert _leaks(json.dumps(build_message(doc), ensure_ascii=False)) == set()
