"""The first-contact batches stay what their READMEs say: no case text contains, or is
contained in, a text of another batch, the holdout set or the shared corpus, and no two cases
(in any of them) come from the same public thread. A batch that overlapped another would have
been seen before its first run, and its figure would not be a first-contact figure."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from tests.conftest import CORPUS, FIXTURES

BATCHES = sorted(p.parent.name for p in (FIXTURES / "first-contact").glob("batch-*/cases.jsonl"))


def _cases(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _thread(url: str) -> str:
    s = re.sub(r"^https?://(www\.)?", "", (url or "").strip().lower().rstrip("/"))
    m = re.match(r"github\.com/([^/]+/[^/]+)/(?:issues|pull|discussions)/(\d+)", s) \
        or re.match(r"([^/\s]+/[^/#\s]+)#(\d+)$", s)          # the corpus writes owner/repo#N
    # a discussion thread is one failure however it is cited; a document (a release-notes page, a
    # troubleshooting guide) lists many, each cited by its anchor: its fragment names the item
    return f"{m.group(1)}#{m.group(2)}" if m else s


def _ws(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def _sets() -> dict[str, list[dict]]:
    out = {b: _cases(FIXTURES / "first-contact" / b / "cases.jsonl") for b in BATCHES}
    out["holdout"] = _cases(FIXTURES / "holdout" / "cases.jsonl")
    out["corpus"] = _cases(CORPUS / "real-cases.jsonl")
    return out


@pytest.mark.parametrize("batch", BATCHES)
def test_a_batch_shares_no_text_and_no_thread_with_the_others(batch):
    sets = _sets()
    mine = sets.pop(batch)
    threads = [_thread(c["source"]) for c in mine]
    assert len(set(threads)) == len(threads), "two cases of one batch from the same thread"
    clashes = []
    for c, (name, others) in itertools.product(mine, sets.items()):
        t = _ws(c["text"])
        for o in others:
            sources = [o.get("source", "")] + [s for s in (o.get("sources") or ()) if isinstance(s, str)]
            if _thread(c["source"]) in {_thread(s) for s in sources}:
                clashes.append((c["id"], name, o.get("id"), "thread"))
            ot = _ws(o.get("text", ""))
            if t and ot and (t in ot or ot in t):
                clashes.append((c["id"], name, o.get("id"), "text"))
    assert not clashes, clashes
