"""How the text reader does on real pasted excerpts: every case of shared/corpus/real-cases.jsonl,
pasted as it stands (no prompt, no describe around it), through `gpu-triage analyze -`'s path.

    .venv/bin/python bench/bench_pasted_cases.py [--list]

Counts: refused in one line (nothing placeable), HEALTHY (must stay 0), and how often the root cause
or the suspect of an INCONCLUSIVE answer is one of the case's expected ids.
"""

from __future__ import annotations

import collections
import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.conftest import CORPUS  # noqa: E402
from triage.cli import main  # noqa: E402


def run_case(text: str) -> tuple[int, dict | None]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            rc = main(["analyze", "-", "-o", "json"])
    finally:
        sys.stdin = old
    return rc, (json.loads(out.getvalue()) if out.getvalue().strip() else None)


def answer_ids(doc: dict) -> set[str]:
    ids = set()
    for d in [doc] + list(doc.get("diagnoses") or ()):
        if d.get("root_cause"):
            ids.add(d["root_cause"]["id"])
        s = d.get("suspect")
        if s:
            ids.add(s if isinstance(s, str) else s.get("id"))
    return ids


def main_bench(show: bool) -> dict:
    stats: collections.Counter = collections.Counter()
    for line in (CORPUS / "real-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        rc, doc = run_case(case["text"])
        if doc is None:
            stats["refused"] += 1
            verdict = "refused"
        else:
            stats[doc["status"]] += 1
            right = bool(answer_ids(doc) & set(case["expected"]))
            stats["right"] += right
            verdict = f"{doc['status']}{' RIGHT' if right else ''} {sorted(answer_ids(doc))}"
        stats["cases"] += 1
        if show:
            print(f"{case['id']:<60} {case['where']:<18} {verdict}")
    return dict(stats)


if __name__ == "__main__":
    print(main_bench("--list" in sys.argv))
