"""The one pass over a bundle's pods: a compact row per pod, the whole Pod view decoded only
when something asks for more than the row holds.

    for row in bundle.pod_rows():          # every pod of every pods list, in file order
        if row.gpu or row.role: row.pod.containers ...

A row holds what every index over all pods needs (namespace, name, node, phase, whether it
requests a GPU, its GPU-stack role, hostPID); `row.pod` is a `LazyPod` read from the item's
slim dict (`triage.bundle.lazy_list`), or a plain `Pod` when the file or the item is read
by the plain JSON reader. Both answer alike: the row's fields are computed by the same code
from the slim dict as from the whole one (the slim dict holds every key that code reads).
"""

from __future__ import annotations

from typing import NamedTuple

from triage.bundle.objects.gpu_resource import raw_pod_requests_gpu
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.objects.pod import Pod


class PodRow(NamedTuple):
    """What the indexes need of one pod (a NamedTuple: 100,000 of them are built per scan)."""

    pod: Pod
    namespace: str
    name: str
    node: str
    phase: str
    gpu: bool              # requests a GPU resource or a ResourceClaim
    role: str | None       # GPU-stack role, None for workload pods
    host_pid: bool = False       # spec.hostPID set: it may see the node itself
    nvidia_runtime: bool = False  # spec.runtimeClassName is "nvidia"


def pod_row(pod: Pod, raw: dict) -> PodRow:
    """The row of `pod` from `raw` (its whole dict or its slim one)."""
    meta = raw.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    spec = raw.get("spec")
    spec = spec if isinstance(spec, dict) else {}
    status = raw.get("status")
    status = status if isinstance(status, dict) else {}
    ns, name, node = meta.get("namespace"), meta.get("name"), spec.get("nodeName")
    phase = status.get("phase")
    rc = spec.get("runtimeClassName")
    return PodRow(pod, ns if isinstance(ns, str) else "", name if isinstance(name, str) else "",
                  node if isinstance(node, str) else "", phase if isinstance(phase, str) else "",
                  raw_pod_requests_gpu(raw), stack_role(raw), bool(spec.get("hostPID")),
                  rc is not None and str(rc) == "nvidia")      # Pod.runtime_class_name == "nvidia"
