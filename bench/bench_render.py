"""Benchmark: render a 500-finding scan report in every format.

    .venv/bin/python bench/bench_render.py [--findings 500] [--repeat 5]

Prints the best-of-N wall time per format and its ratio to the baseline measured
in the same run: `json.dumps` of the same document (what `-o json` costs). The
issue's bar: each format well under a second for 500 findings. No assertion here;
tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.render.make_docs import scan_document  # noqa: E402
from triage.render.html import render_html  # noqa: E402
from triage.render.markdown import render_markdown  # noqa: E402
from triage.render.text import render_text  # noqa: E402


def best_of(fn, repeat: int) -> tuple[float, int]:
    best, size = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
        size = len(out)
    return best, size


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--findings", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    doc = scan_document(args.findings)
    print(f"scan document: {len(doc['findings'])} findings, {len(doc['diagnoses'])} diagnoses, "
          f"{len(doc['inventory'])} GPU nodes; best of {args.repeat}")
    cases = [
        ("json.dumps (baseline)", lambda: json.dumps(doc, indent=2, ensure_ascii=False)),
        ("text (plain)", lambda: render_text(doc, color=False)),
        ("text (colour)", lambda: render_text(doc, color=True)),
        ("markdown", lambda: render_markdown(doc)),
        ("html", lambda: render_html(doc)),
    ]
    render_html(doc)  # load templates once, as a long-lived process would have
    base = None
    print(f"{'format':<24}{'seconds':>10}{'x baseline':>12}{'output KiB':>12}")
    for name, fn in cases:
        seconds, size = best_of(fn, args.repeat)
        base = base or seconds
        print(f"{name:<24}{seconds:>10.3f}{seconds / base:>12.1f}{size / 1024:>12.0f}")


if __name__ == "__main__":
    main()
