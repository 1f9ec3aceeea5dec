"""`gpu-triage scan [-n NS | -A]`: every GPU workload and GPU node in scope, worst first.
Without -n, every namespace."""

from __future__ import annotations

from triage.commands.collect import add_cluster_arguments, add_live_output, live


def register(subparsers) -> None:
    p = subparsers.add_parser("scan", help="every unhealthy GPU workload and every GPU node in scope",
                              description="Page through the pods in scope (all namespaces unless -n), keep the "
                                          "GPU pods that are not healthy and every GPU node, then diagnose.")
    add_cluster_arguments(p)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("scan", args))
