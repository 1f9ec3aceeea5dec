"""`gpu-triage workload KIND/NAME [-n NS]`: live triage of a Deployment, StatefulSet, Job
or DaemonSet (its pods, its controller's events)."""

from __future__ import annotations

from triage.commands.collect import add_cluster_arguments, add_live_output, live


def register(subparsers) -> None:
    p = subparsers.add_parser("workload", help="live triage of a Deployment, StatefulSet, Job or DaemonSet",
                              description="Collect a workload, its pods and what is below them, then diagnose.")
    p.add_argument("name", metavar="KIND/NAME", help="e.g. deployment/qwen-vllm")
    add_cluster_arguments(p)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("workload", args))
