"""`gpu-triage serve BUNDLE`: serve a bundle as a read-only Kubernetes API on loopback.

    $ gpu-triage serve incident.tar.gz --port 18080 --kubeconfig-out /tmp/replay.kubeconfig
    serving incident.tar.gz (6 pods, 2 nodes, 2 events) at http://127.0.0.1:18080
    kubeconfig: /tmp/replay.kubeconfig (context "replay")
    try: kubectl --kubeconfig /tmp/replay.kubeconfig get pods -A
    press Ctrl-C to stop
"""

from __future__ import annotations

import argparse
import os
import shlex
import tempfile
import threading
from pathlib import Path

from triage.errors import UsageError
from triage.replay.faults import Faults
from triage.replay.server import ReplayServer
from triage.replay.watch import timeline_summary

EXAMPLE = """examples:
  gpu-triage serve incident.tar.gz
  gpu-triage serve ./bundle --port 18080 --kubeconfig-out /tmp/replay.kubeconfig
  gpu-triage serve ./bundle --latency-ms 40        # behave like a distant API server
  gpu-triage serve ./bundle --forbid nodes --forbid pods/exec --fail-rate 0.1 --seed 7
                                                  # rehearse a degraded cluster with kubectl

kubectl get/describe/logs/exec work against it; anything that writes is refused (405).
kubectl caches discovery per server: pass --cache-dir to kubectl when you serve
different bundles on the same port."""


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="serve a bundle as a read-only Kubernetes API for kubectl (loopback only)",
        description="Serve a bundle (directory or .tar.gz) as a read-only Kubernetes API on "
                    "127.0.0.1, and write a kubeconfig for it, so kubectl get/describe/logs/exec "
                    "show the cluster as it was when the bundle was taken. Runs until interrupted.",
        epilog=EXAMPLE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("bundle", metavar="BUNDLE", help="bundle directory or .tar.gz")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--kubeconfig-out", metavar="FILE",
                        help="write the kubeconfig here (default: a temporary file, path printed)")
    parser.add_argument("--latency-ms", type=float, default=0.0, metavar="N",
                        help="add N milliseconds to every answer")
    faults = parser.add_argument_group("faults (reproducible from --seed)")
    faults.add_argument("--forbid", metavar="RESOURCE", action="append", default=[],
                        help="answer requests for RESOURCE with the RBAC 403 (repeatable): pods, nodes, events, "
                             "pods/log, pods/exec, pods/proxy, selfsubjectaccessreviews, a custom resource as "
                             "plural.group (clusterpolicies.nvidia.com)")
    faults.add_argument("--fail-rate", type=_rate, default=0.0, metavar="R",
                        help="share of requests (0-1) answered 429 (with Retry-After), 500 or 503, a third each")
    faults.add_argument("--stall-rate", type=_rate, default=0.0, metavar="R",
                        help="share of requests (0-1) that wait --stall-seconds before answering")
    faults.add_argument("--stall-seconds", type=float, default=30.0, metavar="S",
                        help="how long a stalled request waits (default 30)")
    faults.add_argument("--drop-rate", type=_rate, default=0.0, metavar="R",
                        help="share of answers (0-1) whose connection is cut after half the body")
    faults.add_argument("--seed", type=int, default=0, metavar="N",
                        help="seed of the fault draws: the same requests get the same faults (default 0)")
    parser.set_defaults(func=run)


def _rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a share between 0 and 1, got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a share between 0 and 1, got {text!r}")
    return value


def faults_from(args) -> Faults:
    """The Faults the command line asks for."""
    if getattr(args, "stall_seconds", 30.0) < 0:
        raise UsageError(f"--stall-seconds must be 0 or more, got {args.stall_seconds:g}")
    share = getattr(args, "fail_rate", 0.0) / 3
    forbidden = set()
    for name in getattr(args, "forbid", None) or []:
        name = name.strip()
        if not name or " " in name:
            raise UsageError(f"--forbid needs a resource name such as pods or pods/exec, got {name!r}")
        forbidden.add(name)
    return Faults(seed=getattr(args, "seed", 0), latency_ms=args.latency_ms, forbidden=forbidden,
                  rate_429=share, rate_500=share, rate_503=share, stall_rate=getattr(args, "stall_rate", 0.0),
                  stall_seconds=getattr(args, "stall_seconds", 30.0), drop_rate=getattr(args, "drop_rate", 0.0))


def _fault_summary(faults: Faults) -> str | None:
    parts = []
    if faults.forbidden:
        parts.append("403 for " + ", ".join(sorted(faults.forbidden)))
    fail = faults.rate_429 + faults.rate_500 + faults.rate_503
    if fail:
        parts.append(f"{fail:.0%} answered 429/500/503")
    if faults.stall_rate:
        parts.append(f"{faults.stall_rate:.0%} stalled {faults.stall_seconds:g}s")
    if faults.drop_rate:
        parts.append(f"{faults.drop_rate:.0%} cut off mid-answer")
    return f"faults (seed {faults.seed}): " + "; ".join(parts) if parts else None


def run(args, stop: threading.Event | None = None, out=None) -> int:
    """Serve until Ctrl-C (or until `stop` is set, for tests). Returns 0."""
    import sys
    out = out or sys.stdout
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {args.port}")
    if args.latency_ms < 0:
        raise UsageError(f"--latency-ms must be 0 or more, got {args.latency_ms:g}")
    faults = faults_from(args)
    with ReplayServer(args.bundle, port=args.port, faults=faults) as srv:
        if args.kubeconfig_out:
            config = srv.write_kubeconfig(args.kubeconfig_out)
        else:
            fd, name = tempfile.mkstemp(prefix="gpu-triage-replay-", suffix=".kubeconfig")
            os.close(fd)
            config = srv.write_kubeconfig(name)
        counts = {name: len(srv.store.collections[name]) for name in ("pods", "nodes", "events")}
        print(f"serving {args.bundle} ({counts['pods']} pods, {counts['nodes']} nodes, {counts['events']} events) "
              f"at {srv.url}", file=out)
        print(f'kubeconfig: {config} (context "replay")', file=out)
        print(f"try: kubectl --kubeconfig {shlex.quote(str(Path(config)))} get pods -A", file=out)
        print(timeline_summary(srv.api.timeline), file=out)
        summary = _fault_summary(faults)
        if summary:
            print(summary, file=out)
        print("press Ctrl-C to stop", file=out, flush=True)
        waiter = stop or threading.Event()
        try:
            while not waiter.wait(0.5):
                pass
        except KeyboardInterrupt:
            print("stopped", file=out)
    return 0
