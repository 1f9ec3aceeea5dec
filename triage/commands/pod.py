"""`gpu-triage pod NAME [-n NS]`: live triage of one pod (collect, then analyse)."""

from __future__ import annotations

from triage.commands.collect import add_cluster_arguments, add_live_output, live


def register(subparsers) -> None:
    p = subparsers.add_parser("pod", help="live triage of one pod",
                              description="Collect everything below one pod (events, owners, node, GPU stack, "
                                          "nvidia-smi) and name the layer that fails.")
    p.add_argument("name", metavar="NAME")
    add_cluster_arguments(p)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("pod", args))
