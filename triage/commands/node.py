"""`gpu-triage node NAME`: the GPU stack of one node (allocatable, device plugin,
validators, driver, Xids)."""

from __future__ import annotations

import argparse

from triage.commands.collect import add_cluster_arguments, add_live_output, live

EXAMPLE = """examples:
  gpu-triage node gpu-t4-2
  gpu-triage node gpu-h100-1 --no-exec -o html > gpu-h100-1.html

exit status: 0 healthy, 3 problem found, 4 warnings only, 5 inconclusive (evidence missing),
1 the tool failed or bad input, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("node", help="live triage of one node's GPU stack",
                              description="Collect one node, its GPU holders and GPU stack pods, their logs, "
                                          "nvidia-smi and Xid lines, DCGM metrics; then diagnose.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", metavar="NAME")
    add_cluster_arguments(p, namespaced=False)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("node", args))
