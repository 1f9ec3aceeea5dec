"""Golden files: each format of each test document, compared byte for byte.

The goldens under tests/render/golden/ were reviewed by reading them (the
verdict, ladder, evidence and escaping of each one checked by hand). When a
change to the renderers is intended, regenerate with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

and read the diff (`git diff tests/render/golden/`) before committing it: a
golden regenerated without reading it proves nothing.

Collection times and durations are normalised. The playbook text is replaced by
a fixed stand-in here, because the playbooks belong to another part of the tool
and change on their own; test_content.py checks a real playbook inside a report.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import triage.render.view as view
from triage.render.html import render_html
from triage.render.markdown import md_inline, render_markdown
from triage.render.text import render_text

HERE = Path(__file__).resolve().parent
DOCS = HERE / "docs"
GOLDEN = HERE / "golden"
NAMES = ["pending-nvml", "crashloop-oom", "healthy", "inconclusive", "scan", "hostile",
         "real-r014", "real-r019", "real-r049", "real-r052", "real-synth-scan"]
FORMATS = {
    "txt": lambda doc: render_text(doc, color=False),
    "ansi.txt": lambda doc: render_text(doc, color=True),
    "md": render_markdown,
    "html": render_html,
}

_TIME = re.compile(r"(?i)(collected at:?\s*(?:</?\w+>)?\s*)\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:\d\d)")
_DURATION = re.compile(r"\b\d+\.\d\d s\b")


def _digits(match: re.Match) -> str:
    return re.sub(r"\d", "#", match.group(0))


def normalise(text: str) -> str:
    """Collection time and collector durations vary from run to run: their digits
    become '#' (same width, so text tables stay aligned)."""
    text = _TIME.sub(_digits, text)
    return _DURATION.sub(_digits, text)


def stand_in_playbook(fid: str, params: dict) -> str:
    """Like triage.playbooks.render: params inserted as escaped Markdown text."""
    names = ", ".join(f"{k}={md_inline(params[k])}" for k in sorted(params))
    return f"#### Playbook stand-in for {fid}\n\nparams: {names}\n"


@pytest.fixture(autouse=True)
def fixed_playbooks(monkeypatch):
    monkeypatch.setattr(view, "playbook_markdown",
                        lambda fid, params: stand_in_playbook(fid, dict(params)))


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("name", NAMES)
def test_matches_golden(name, fmt):
    doc = json.loads((DOCS / f"{name}.json").read_text("utf-8"))
    got = normalise(FORMATS[fmt](doc))
    golden = GOLDEN / f"{name}.{fmt}"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(got, "utf-8")
        pytest.skip("golden rewritten: read the diff before committing")
    assert golden.exists(), f"no golden {golden.name}; run with UPDATE_GOLDEN=1 and review it"
    want = golden.read_text("utf-8")
    assert got == want, f"{golden.name} differs; if intended, UPDATE_GOLDEN=1 and review the diff"


def test_normalise_keeps_evidence_timestamps():
    """Only the collection time is normalised, never a timestamp quoted as evidence."""
    text = ("- Collected at: 2026-11-29T15:00:00Z\n"
            "2023-10-19T11:11:54.957723331+08:00 stderr F Failed to initialize NVML\n"
            "| exec | failed | 0.02 s | forbidden |")
    assert normalise(text) == ("- Collected at: ####-##-##T##:##:##Z\n"
                               "2023-10-19T11:11:54.957723331+08:00 stderr F Failed to initialize NVML\n"
                               "| exec | failed | #.## s | forbidden |")
