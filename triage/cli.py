"""Argument parsing and wiring only. Each command lives in triage/commands/<name>.py
and exposes `register(subparsers)`, which adds its parser and sets `func`
(called with the parsed args, returns the exit status).

Exit statuses (shared/contracts/cli.md): 0 healthy, 1 tool failed / bad input,
2 usage, 3 problem diagnosed, 4 warnings only, 5 inconclusive.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from triage import __version__
from triage.errors import TriageError

# Order is the order of `gpu-triage -h`. A module missing here is a command not built yet.
COMMAND_MODULES = (
    "pod", "workload", "node", "scan", "collect", "analyze", "serve",
    "slack", "watch", "demo", "rbac", "rules", "playbook",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpu-triage",
        description="Find the layer where a GPU workload on Kubernetes really fails.",
    )
    parser.add_argument("--version", action="version", version=f"gpu-triage {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"triage.commands.{name}")
        except ModuleNotFoundError as err:
            if err.name == f"triage.commands.{name}":
                continue
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        return int(args.func(args) or 0)
    except TriageError as err:
        if args.debug:
            raise
        print(f"gpu-triage: error: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("gpu-triage: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
