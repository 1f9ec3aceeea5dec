"""`gpu-triage pod NAME [-n NS]`: live triage of one pod (collect, then analyse)."""

from __future__ import annotations

import argparse

from triage.commands.collect import add_cluster_arguments, add_live_output, live

EXAMPLE = """examples:
  gpu-triage pod qwen-vllm-7d9f8c6b5-x2x4k -n llm
  gpu-triage pod qwen-vllm-7d9f8c6b5-x2x4k -n llm -o markdown --out ./incident-4711
  kubectl gpu-triage pod trainer-0 -n training --context prod-eu

exit status: 0 healthy, 3 problem found, 4 warnings only, 5 inconclusive (evidence missing),
1 the tool failed or bad input, 2 usage error."""


def register(subparsers) -> None:
    p = subparsers.add_parser("pod", help="live triage of one pod",
                              description="Collect everything below one pod (events, owners, node, GPU stack, "
                                          "nvidia-smi) and name the layer that fails.",
                              epilog=EXAMPLE, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("name", metavar="NAME")
    add_cluster_arguments(p)
    add_live_output(p)
    p.set_defaults(func=lambda args: live("pod", args))
