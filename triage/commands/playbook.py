"""`gpu-triage playbook ID [--param key=value ...]`: one playbook, filled in.

    $ gpu-triage playbook driver.version_mismatch --param node=gpu-node-3
    # NVML driver/library version mismatch on node gpu-node-3
    ## What it means
    ...

On a terminal the Markdown is rendered with rich; piped, it is printed as is.
"""

from __future__ import annotations

import argparse
import sys

from triage import playbooks
from triage.errors import UsageError

# Standard params that hold lists (docs/internal-interfaces.md): give them as a,b,c.
LIST_PARAMS = frozenset({"nodes", "values", "holders"})

EXAMPLE = """examples:
  gpu-triage playbook driver.version_mismatch --param node=gpu-node-3
  gpu-triage playbook scheduler.untolerated_taint -p namespace=llm -p pod=qwen-0 \\
      -p taint=nvidia.com/gpu=present:NoSchedule
  gpu-triage playbook scheduler.insufficient_gpu -p holders=team-a/nb-1,team-b/train-0"""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "playbook",
        help="show the playbook for one finding id, filled in with its params",
        description="Print the playbook of a finding id: what it means, read-only commands\n"
                    "to confirm it, the fix (steps that change the cluster are marked, with\n"
                    "their rollback), what to attach to the ticket and when to escalate.\n"
                    "Params left out show as <name>.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("id", metavar="ID", help="finding id, e.g. driver.version_mismatch (see `gpu-triage rules`)")
    parser.add_argument("-p", "--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a param to fill in (repeatable); nodes, values and holders take a,b,c")
    parser.add_argument("-o", "--output", choices=("auto", "markdown", "text"), default="auto",
                        help="markdown: the Markdown source; text: rendered for a terminal; "
                             "auto (default): text on a terminal, markdown otherwise")
    parser.set_defaults(func=run)


def parse_params(pairs: list[str]) -> dict[str, object]:
    """['node=gpu-1', 'holders=a/x,b/y'] -> {'node': 'gpu-1', 'holders': ['a/x', 'b/y']}."""
    params: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"--param wants KEY=VALUE, got {pair!r}")
        params[key] = [v for v in value.split(",") if v] if key in LIST_PARAMS else value
    return params


def run(args) -> int:
    params = parse_params(args.param)
    known = playbooks.params_used(args.id)
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise UsageError(f"playbook {playbooks.load(args.id).id} does not use param "
                         f"{', '.join(unknown)}; it uses: {', '.join(known) or 'none'}")
    text = playbooks.render(args.id, params)
    mode = args.output
    if mode == "auto":
        mode = "text" if sys.stdout.isatty() else "markdown"
    if mode == "markdown":
        sys.stdout.write(text)
        if not text.endswith("\n"):
            sys.stdout.write("\n")
        return 0
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))
    return 0
