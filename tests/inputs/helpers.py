"""Run `gpu-triage` in-process (fast tier) and read what a user sees: exit status, stdout, stderr."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout

from triage.cli import main


class Result:
    def __init__(self, rc: int, out: str, err: str):
        self.rc, self.out, self.err = rc, out, err

    @property
    def doc(self) -> dict:
        return json.loads(self.out)


def run(*args: str, stdin: str | None = None) -> Result:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8")), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            rc = main(list(args))
    finally:
        sys.stdin = old
    return Result(rc, out.getvalue(), err.getvalue())


def citations(doc: dict):
    """Every citation of every finding of the document (root cause, suspect, findings, diagnoses)."""
    parts = [doc] + list(doc.get("diagnoses") or ())
    for d in parts:
        for f in [d.get("root_cause"), d.get("suspect")] + list(d.get("findings") or ()):
            for c in (f.get("evidence") or () if isinstance(f, dict) else ()):
                yield f["id"], c
