"""`gpu-triage scan [-n NS | -A]`: every GPU workload and GPU node in scope, worst first.
Without -n, every namespace."""

from __future__ import annotations

import argparse

from triage.commands.collect import add_cluster_arguments, add_live_output, live

EXAMPLE = """examples:
  gpu-triage scan -A
  gpu-triage scan -n llm -l app=qwen-vllm
  gpu-triage scan -A --out ./scan-report      # report.md, report.html, findings.json, bundle/
  gpu-triage scan -A --context prod-eu --context prod-us    # one report, a section per cluster

exit status: 0 healthy, 3 problem found, 4 warnings only, 5 inconclusive (evidence missing),
1 the tool failed or bad input, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("scan", help="every unhealthy GPU workload and every GPU node in scope",
                              description="Page through the pods in scope (all namespaces unless -n), keep the "
                                          "GPU pods that are not healthy and every GPU node, then diagnose.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_cluster_arguments(p, many_contexts=True)
    add_live_output(p)
    p.set_defaults(func=run)


def run(args) -> int:
    """One context as ever; several (--context a --context b, --all-contexts): one report."""
    from triage.commands.many import dispatch
    return dispatch("scan", args, lambda a: live("scan", a))
