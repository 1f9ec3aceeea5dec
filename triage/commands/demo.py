"""`gpu-triage demo [--out DIR] [--keep-serving] [--port P]`: the whole pipeline on a
built-in broken cluster, no cluster needed (logic in triage/demo.py)."""

from __future__ import annotations

import argparse
from pathlib import Path

from triage.demo import DEFAULT_OUT

EXAMPLE = """examples:
  gpu-triage demo                          # reports in ./gpu-triage-demo/, exit status 3
  gpu-triage demo --out /tmp/demo
  gpu-triage demo --keep-serving           # then, in another terminal:
  kubectl --kubeconfig gpu-triage-demo/kubeconfig get pods -A

The demo cluster: llm/qwen-vllm is Pending, training/finetune-qwen crash-loops,
llm/embedder is healthy. The same code as `gpu-triage scan -A` and `gpu-triage pod`
runs against it through a real kubeconfig and the Kubernetes client."""


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "demo", help="the whole pipeline on a built-in broken cluster (no cluster needed)",
        description="Serve a built-in broken GPU cluster read-only on 127.0.0.1, scan it and diagnose each "
                    "broken pod with the live path (kubeconfig, client, collection, analysis), write the "
                    "reports, and print the kubectl commands that look around the same cluster. Exits 3, "
                    "as a scan that found problems does.",
        epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", metavar="DIR", default=DEFAULT_OUT,
                   help="folder for the reports, bundles and kubeconfig (default ./gpu-triage-demo)")
    p.add_argument("--keep-serving", action="store_true",
                   help="keep serving the demo cluster until Ctrl-C, so the printed kubectl commands work")
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    p.set_defaults(func=run)


def run(args) -> int:
    from triage.demo import run_demo
    return run_demo(Path(args.out), keep_serving=args.keep_serving, port=args.port)
