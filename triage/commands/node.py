"""`gpu-triage node NAME`: the GPU stack of one node (allocatable, device plugin,
validators, driver, Xids)."""

from __future__ import annotations

from triage.commands.collect import add_cluster_arguments, add_live_output, live


def register(subparsers) -> None:
    p = subparsers.add_parser("node", help="live triage of one node's GPU stack",
                              description="Collect one node, its GPU holders and GPU stack pods, their logs, "
                                          "nvidia-smi and Xid lines, DCGM metrics; then diagnose.")
    p.add_argument("name", metavar="NAME")
    add_cluster_arguments(p, namespaced=False)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("node", args))
