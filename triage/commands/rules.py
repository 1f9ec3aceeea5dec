"""`gpu-triage rules`: every finding id the tool can report, by layer.

    $ gpu-triage rules
    scheduler
      scheduler.insufficient_gpu          error     Every free GPU is already requested by other pods.
    ...
"""

from __future__ import annotations

import argparse
import json
import sys

from triage import playbooks

EXAMPLE = """example:
  gpu-triage rules
  gpu-triage rules -o json | jq -r '.[] | select(.layer=="driver") | .id'"""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="list the finding ids, grouped by layer, with a one-line summary",
        description="List every finding id gpu-triage can report, grouped by layer\n"
                    "(scheduler -> node -> plugin -> runtime -> driver -> application).\n"
                    "`gpu-triage playbook ID` shows what to do about one.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("-o", "--output", choices=("text", "json"), default="text",
                        help="text (default) or json: a list of {id, layer, severity, summary, playbook, params}")
    parser.set_defaults(func=run)


def rows() -> list[dict]:
    """One dict per id, in taxonomy order."""
    out = []
    for fid in playbooks.ids():
        book = playbooks.load(fid)
        out.append({
            "id": fid,
            "layer": book.layer,
            "severity": book.severity,
            "summary": book.summary,
            "playbook": f"playbooks/{fid.replace('.', '/', 1)}.md",
            "params": list(playbooks.params_used(fid)),
        })
    return out


def run(args) -> int:
    table = rows()
    if args.output == "json":
        json.dump(table, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    width = max(len(r["id"]) for r in table) if table else 0
    layer = None
    lines = []
    for r in table:
        if r["layer"] != layer:
            layer = r["layer"]
            if lines:
                lines.append("")
            lines.append(layer)
        lines.append(f"  {r['id']:<{width}}  {r['severity']:<8}  {r['summary']}")
    lines.append("")
    lines.append(f"{len(table)} finding ids; `gpu-triage playbook ID` shows what to do about one.")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
