"""`gpu-triage diff A B [-o text|markdown|json]`: what changed between two inputs of one cluster.

    $ gpu-triage diff before.tar.gz after.tar.gz
    Findings resolved (1)
      - plugin.nvml_unavailable (plugin, error) Node gpu-t4-2

A and B are anything `analyze` reads (bundles, pasted text, ...). Exit status: 0 when B has
no finding that A lacks, 3 when some finding appeared, 1 bad input, 2 usage.
"""

from __future__ import annotations

import argparse
import sys

from triage.bundle.inputs import READERS

FORMATS = ("text", "markdown", "json")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "diff", help="what changed between two bundles of one cluster (findings, GPU capacity, components)",
        description="Compare two inputs of one cluster: findings appeared / resolved / changed, GPU capacity "
                    "and allocatable per node, GPU-stack component states, label and taint changes.",
        epilog="""examples:
  gpu-triage diff before.tar.gz after.tar.gz
  gpu-triage diff incident-1/ incident-2/ -o markdown
  gpu-triage diff before.tar.gz ticket.txt -o json

exit status: 0 nothing appeared in B, 3 a finding appeared in B, 1 bad input, 2 usage error.""",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("before", metavar="A", help="the earlier input (bundle, pasted text ...)")
    p.add_argument("after", metavar="B", help="the later input")
    p.add_argument("-o", "--output", choices=FORMATS, default="text", help="output format (default text)")
    p.add_argument("--as", dest="reader", choices=READERS, default=None, help="read both inputs as this")
    p.set_defaults(func=run)


def run(args) -> int:
    from triage.diffing.compare import diff
    from triage.diffing.render import render_diff
    from triage.diffing.state import snapshot
    d = diff(snapshot(args.before, args.reader), snapshot(args.after, args.reader))
    sys.stdout.write(render_diff(d, args.output))
    return 3 if d["findings"]["appeared"] else 0
