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
    parser.set_defaults(func=run)


def run(args, stop: threading.Event | None = None, out=None) -> int:
    """Serve until Ctrl-C (or until `stop` is set, for tests). Returns 0."""
    import sys
    out = out or sys.stdout
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {args.port}")
    if args.latency_ms < 0:
        raise UsageError(f"--latency-ms must be 0 or more, got {args.latency_ms:g}")
    with ReplayServer(args.bundle, port=args.port, faults=Faults(latency_ms=args.latency_ms)) as srv:
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
        print("press Ctrl-C to stop", file=out, flush=True)
        waiter = stop or threading.Event()
        try:
            while not waiter.wait(0.5):
                pass
        except KeyboardInterrupt:
            print("stopped", file=out)
    return 0
