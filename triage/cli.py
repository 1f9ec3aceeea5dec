"""Argument parsing and wiring only. Each command lives in triage/commands/<name>.py
and exposes `register(subparsers)`, which adds its parser and sets `func`
(called with the parsed args, returns the exit status).

Exit statuses (shared/contracts/cli.md): 0 healthy, 1 tool failed / bad input,
2 usage, 3 problem diagnosed, 4 warnings only, 5 inconclusive.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import signal
import sys

from triage import __version__
from triage.errors import TriageError

# Order is the order of `gpu-triage -h`.
COMMAND_MODULES = (
    "pod", "workload", "node", "scan", "audit", "collect", "analyze", "diff", "serve",
    "slack", "watch", "demo", "rbac", "rules", "playbook", "completion",
)

# Each command's line in `gpu-triage -h`, so that `-h`, `--version` and a mistyped command
# import no command module (serve's pulls aiohttp, the live ones the Kubernetes client). A
# command missing here is imported for its line; tests/test_cli.py keeps both equal.
COMMAND_HELP = {
    "pod": "live triage of one pod",
    "workload": "live triage of a Deployment, StatefulSet, Job or DaemonSet",
    "node": "live triage of one node's GPU stack",
    "scan": "every unhealthy GPU workload and every GPU node in scope",
    "audit": "production-readiness checklist, release questions and GPU waste",
    "collect": "collect a bundle to attach to a ticket (no analysis)",
    "analyze": "offline triage of a bundle (ours or a troubleshoot support bundle)",
    "diff": "what changed between two bundles of one cluster (findings, GPU capacity, components)",
    "serve": "serve a bundle as a read-only Kubernetes API for kubectl (loopback only)",
    "slack": "post a diagnosis summary to Slack",
    "watch": "watch GPU pods and post each new diagnosis to Slack once",
    "demo": "the whole pipeline on a built-in broken cluster (no cluster needed)",
    "rbac": "print the least-privilege RBAC manifests the tool needs",
    "rules": "list the finding ids, grouped by layer, with a one-line summary",
    "playbook": "show the playbook for one finding id, filled in with its params",
    "completion": "print a shell completion script (bash or zsh)",
}


def build_parser(only: str | None = None, lazy: bool = False) -> argparse.ArgumentParser:
    """All commands, or just `only` (what `main` does when argv names a command: importing
    every command module costs ~0.4 s of CPU, e.g. aiohttp for serve, for nothing).
    lazy: commands listed in COMMAND_HELP get a one-line stand-in instead of their module
    (what `main` does when argv names no command: -h, --version, a typo)."""
    parser = argparse.ArgumentParser(
        prog="gpu-triage",
        description="Find the layer where a GPU workload on Kubernetes really fails.",
    )
    parser.add_argument("--version", action="version", version=f"gpu-triage {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        if only is not None and name != only:
            continue
        if lazy and name in COMMAND_HELP:
            sub.add_parser(name, help=COMMAND_HELP[name])
            continue
        importlib.import_module(f"triage.commands.{name}").register(sub)
    _accept_debug_anywhere(parser)
    return parser


def _accept_debug_anywhere(parser: argparse.ArgumentParser) -> None:
    """`--debug` after the command too (`gpu-triage pod x --debug`), as kubectl takes its
    global flags anywhere. SUPPRESS: a subcommand never resets the top-level value."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                if "--debug" not in sub._option_string_actions:
                    sub.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                                     help="show tracebacks on errors")
                _accept_debug_anywhere(sub)


def _command_in(argv: list[str]) -> str | None:
    """The command argv names, if it is the first word after the global flags."""
    for word in argv:
        if word in ("--debug",):
            continue
        return word if word in COMMAND_MODULES else None
    return None


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C, so every `finally` and context manager
    on the way out runs: an unpacked bundle's temporary folder is removed (`serve`, `analyze`
    mid-unpack) exactly as on SIGINT."""


def _terminate(signum, _frame) -> None:
    # Once: a second SIGTERM during cleanup must not interrupt the cleanup itself.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Terminated()


def _handle_sigterm():
    """SIGTERM's default kills the process without unwinding; make it unwind. Commands that
    manage their own shutdown (`watch`) install their own handler over this one. Returns the
    handler to restore, or None when nothing was changed."""
    try:
        previous = signal.getsignal(signal.SIGTERM)
        if previous in (signal.SIG_DFL, None):
            signal.signal(signal.SIGTERM, _terminate)
            return previous
    except ValueError:      # not the main thread (main() called from a test thread)
        pass
    return None


def _restore_sigterm(previous) -> None:
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str] | None = None) -> int:
    """The program (`argv` None: the process's own arguments) or one command in a caller's
    process (`argv` given: tests, the live commands' wrappers).

    As the program: no garbage collection while the command's modules import (they make
    hundreds of thousands of objects that live until exit; the collector walked them ~20
    times for nothing, ~10-20 ms of a one-pod analyze), then those objects are frozen
    (`gc.freeze`: never walked again) and collection resumes for the command itself; and
    before the interpreter exits the rest is frozen too, so its final collection does not
    walk every object the command made (~30 ms). A caller's process is left as it is."""
    program = argv is None
    if program:
        gc.disable()
    try:
        words = sys.argv[1:] if argv is None else argv
        command = _command_in(words)
        parser = build_parser(only=command, lazy=command is None)
        args = parser.parse_args(argv)
    finally:
        if program:
            gc.freeze()
            gc.enable()
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return 2
    previous = _handle_sigterm()
    try:
        return _run(args)
    finally:
        _restore_sigterm(previous)
        if program:
            gc.freeze()


def _run(args) -> int:
    try:
        return int(args.func(args) or 0)
    except TriageError as err:
        if args.debug:
            raise
        print(f"gpu-triage: error: {err}", file=sys.stderr)
        return err.exit_code
    except Terminated:
        print("gpu-triage: terminated", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("gpu-triage: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    except Exception as err:  # a bug or an untranslated library error: one line, traceback with --debug
        if args.debug:
            raise
        text = " ".join(str(err).split())[:300]
        print(f"gpu-triage: error: unexpected {type(err).__name__}{': ' + text if text else ''} "
              "(run again with --debug for the traceback, and report it)", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
