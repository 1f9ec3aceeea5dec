"""Node events the kubelet and the node controller write: not ready, system OOM.

Reads the message of `NodeNotReady` and `SystemOOM` events. Samples:

    Node gpu-3 status is now: NodeNotReady
    System OOM encountered, victim process: python3, pid: 4121
"""

from __future__ import annotations

import re
from msgspec import Struct

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text, int_or_none


class NodeNotReady(Struct, frozen=True):
    node: str | None       # None for the pod event "Node is not ready"
    status: str            # NodeNotReady


_NODE_STATUS = lazy_re.compile(r"Node (?P<n>\S+) status is now: (?P<s>NodeNotReady)\b|(?P<p>Node is not ready)")


def parse_node_not_ready(message: str) -> NodeNotReady | None:
    """`Node gpu-3 status is now: NodeNotReady` (node event) or `Node is not ready` (pod event)."""
    m = _NODE_STATUS.search(bounded_text(message))
    if not m:
        return None
    return NodeNotReady(None, "NodeNotReady") if m.group("p") else NodeNotReady(m.group("n"), m.group("s"))


class SystemOOM(Struct, frozen=True):
    victim: str | None
    pid: int | None


_SYSTEM_OOM = lazy_re.compile(r"System OOM encountered(?:, victim process: (?P<v>.*?), pid: (?P<p>\d+))?")


def parse_system_oom(message: str) -> SystemOOM | None:
    """`System OOM encountered, victim process: python3, pid: 4121` (kubelet, on the Node)."""
    m = _SYSTEM_OOM.search(bounded_text(message))
    return SystemOOM(m.group("v"), int_or_none(m.group("p"))) if m else None
