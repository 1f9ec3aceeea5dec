"""`gpu-triage workload KIND/NAME [-n NS]`: live triage of a Deployment, StatefulSet, Job
or DaemonSet (its pods, its controller's events)."""

from __future__ import annotations

import argparse

from triage.commands.collect import add_cluster_arguments, add_live_output, live

EXAMPLE = """examples:
  gpu-triage workload deployment/qwen-vllm -n llm
  gpu-triage workload statefulset/trainer -n training -o json > findings.json
  gpu-triage workload job/finetune -n training --out ./finetune-report

exit status: 0 healthy, 3 problem found, 4 warnings only, 5 inconclusive (evidence missing),
1 the tool failed or bad input, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("workload", help="live triage of a Deployment, StatefulSet, Job or DaemonSet",
                              description="Collect a workload, its pods and what is below them, then diagnose.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", metavar="KIND/NAME", help="e.g. deployment/qwen-vllm")
    add_cluster_arguments(p)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("workload", args))
