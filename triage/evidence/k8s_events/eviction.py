"""Evictions: the kubelet reclaimed a resource by killing pods.

Reads the message of an `Evicted` event or an evicted pod's status.message. Sample:

    The node was low on resource: memory. Threshold quantity: 100Mi, available: 72Mi. Container vllm was using 30Gi, request is 16Gi, has larger consumption of memory.
"""

from __future__ import annotations

import re
from msgspec import Struct

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text


class EvictedContainer(Struct, frozen=True):
    name: str
    usage: str
    request: str


class Eviction(Struct, frozen=True):
    message: str
    resource: str | None = None          # The node was low on resource: memory
    threshold: str | None = None
    available: str | None = None
    containers: tuple[EvictedContainer, ...] = ()
    node_condition: str | None = None    # The node had condition: [DiskPressure]
    storage_limit_exceeded: bool = False  # ephemeral storage / emptyDir over its limit

    @property
    def kind(self) -> str:
        """Which eviction-manager wording (pkg/kubelet/eviction/helpers.go) the message is."""
        if "Usage of EmptyDir volume" in self.message:
            return "emptydir_limit"             # Usage of EmptyDir volume "v" exceeds the limit "1Gi".
        if "exceeded its local ephemeral storage limit" in self.message:
            return "container_ephemeral_limit"  # Container c exceeded its local ephemeral storage limit "1Gi".
        if "exceeds the total limit of containers" in self.message:
            return "pod_ephemeral_limit"        # Pod ephemeral local storage usage exceeds the total limit of containers 2Gi.
        if self.node_condition is not None:
            return "node_condition"             # The node had condition: [DiskPressure].
        return "low_on_resource"                # The node was low on resource: memory. Threshold quantity: ...


_EV_LOW = lazy_re.compile(r"The node was low on resource: (?P<r>[^.\s]+(?:\.[^.\s]+)*)\.")
_EV_THRESH = lazy_re.compile(r"Threshold quantity: (?P<t>[^,\s]+), available: (?P<a>[^.\s]+(?:\.\d+)?)")
_EV_CONT = lazy_re.compile(r"Container (?P<c>\S+) was using (?P<u>\S+), request is (?P<r>[^,\s]+)")
_EV_COND = lazy_re.compile(r"The node had condition: (?P<c>[^.]+)\.")


def parse_eviction(message: str) -> Eviction | None:
    """An `Evicted` event or status message.

    `The node was low on resource: memory. Threshold quantity: 100Mi, available: 72Mi. Container vllm was
    using 30Gi, request is 16Gi, has larger consumption of memory. ` -> resource memory, one container.
    """
    text = bounded_text(message).strip()
    low = _EV_LOW.search(text)
    cond = _EV_COND.search(text)
    storage = ("exceeded its local ephemeral storage limit" in text or "exceeds the total limit of containers" in text
               or "Usage of EmptyDir volume" in text)
    if not (low or cond or storage):
        return None
    th = _EV_THRESH.search(text)
    containers = tuple(EvictedContainer(m.group("c"), m.group("u"), m.group("r")) for m in _EV_CONT.finditer(text))
    return Eviction(text, low.group("r") if low else None, th.group("t") if th else None,
                    th.group("a") if th else None, containers, cond.group("c").strip() if cond else None, storage)
