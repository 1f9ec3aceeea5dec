"""Which extended resource names mean "a GPU" (or a slice of one) to the scheduler.

Reads a resource name as it appears in requests, limits, capacity and allocatable:

    >>> is_gpu_resource("nvidia.com/gpu"), is_gpu_resource("nvidia.com/mig-1g.10gb"), is_gpu_resource("cpu")
    (True, True, False)
"""

from __future__ import annotations

import re

# Resource names that mean "a GPU" (or a slice of one) to the scheduler.
GPU_RESOURCE_RE = re.compile(
    r"^(nvidia\.com/(gpu(\.shared)?|mig-[0-9a-z.]+(\.shared)?)|alpha\.kubernetes\.io/nvidia-gpu|amd\.com/gpu)$")


def is_gpu_resource(name: str) -> bool:
    return bool(GPU_RESOURCE_RE.match(name))
