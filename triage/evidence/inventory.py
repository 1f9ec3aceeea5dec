"""GPU inventory per node: what each node advertises, what is held, what is free.

A combiner over the typed bundle views: per node and per GPU resource (`nvidia.com/gpu`,
`nvidia.com/mig-1g.10gb`, `nvidia.com/gpu.shared`, legacy `alpha.kubernetes.io/nvidia-gpu`)
it joins capacity, allocatable, GPU Feature Discovery labels, taints, readiness and the
non-terminal pods scheduled there. Allocatable has three failure states, kept apart:

    absent   the resource is not advertised at all (the plugin never registered)
    zero     advertised as "0" (registered once; the plugin is gone or every device unhealthy)
    reduced  lower than capacity ("8" vs "7": devices marked unhealthy, e.g. after an Xid)

Support staff paste `kubectl describe node` text; `parse_describe_resources` reads its
Capacity / Allocatable / Allocated resources sections (or the bare lines a grep left):

    Capacity:
      nvidia.com/gpu:             8
    Allocatable:
      nvidia.com/gpu:             7       <=========== here
"""

from __future__ import annotations

import re
from collections import defaultdict
from msgspec import Struct
from enum import Enum
from typing import Iterable, Mapping

from triage import lazy_re
from triage.bundle.objects.gpu_resource import is_gpu_resource, raw_pod_requests_gpu
from triage.bundle.objects.meta import Condition
from triage.bundle.objects.node import Node
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.taints import Taint
from triage.bundle.quantity import parse_quantity
from triage.bundle.views import Bundle

MAX_TEXT = 1 << 20
DEFAULT_GPU_RESOURCE = "nvidia.com/gpu"


class AllocatableState(str, Enum):
    ABSENT = "absent"
    ZERO = "zero"
    REDUCED = "reduced"
    FULL = "full"


def allocatable_state(capacity: int | None, allocatable: int | None) -> AllocatableState:
    if allocatable is None:
        return AllocatableState.ABSENT
    if allocatable == 0:
        return AllocatableState.ZERO
    if capacity is not None and allocatable < capacity:
        return AllocatableState.REDUCED
    return AllocatableState.FULL


class GpuHolder(Struct, frozen=True):
    namespace: str
    pod: str
    count: int
    phase: str


class ResourceInventory(Struct, frozen=True):
    """One GPU resource on one node (the findings v1 `inventory` row)."""

    node: str
    resource: str
    capacity: int | None          # None: not in status.capacity
    allocatable: int | None       # None: not in status.allocatable
    requested: int                # sum held by non-terminal pods on the node
    holders: tuple[GpuHolder, ...]
    ready: bool | None

    @property
    def state(self) -> AllocatableState:
        return allocatable_state(self.capacity, self.allocatable)

    @property
    def unhealthy(self) -> int:
        if self.capacity is None or self.allocatable is None:
            return 0
        return max(self.capacity - self.allocatable, 0)

    @property
    def free(self) -> int | None:
        return None if self.allocatable is None else max(self.allocatable - self.requested, 0)

    @property
    def overcommitted(self) -> bool:
        """Pods hold more than is allocatable (devices went unhealthy under running pods)."""
        return self.requested > (self.allocatable or 0)

    def to_json(self) -> dict:
        return {"node": self.node, "resource": self.resource, "capacity": self.capacity,
                "allocatable": self.allocatable, "requested": self.requested, "free": self.free,
                "unhealthy": self.unhealthy, "ready": self.ready,
                "holders": [{"namespace": h.namespace, "pod": h.pod, "count": h.count, "phase": h.phase}
                            for h in self.holders]}


def _int_or_none(value: str | None) -> int | None:
    if value is None or not str(value).strip():
        return None
    q = parse_quantity(value)
    return None if q is None else int(q)


class GpuLabels(Struct, frozen=True):
    """GPU Feature Discovery / GPU operator labels of a node."""

    product: str | None = None            # nvidia.com/gpu.product (NVIDIA-A100-SXM4-80GB, ...-SHARED)
    memory_mib: int | None = None         # nvidia.com/gpu.memory
    count: int | None = None              # nvidia.com/gpu.count
    replicas: int | None = None           # nvidia.com/gpu.replicas (time-slicing / MPS)
    sharing_strategy: str | None = None   # nvidia.com/gpu.sharing-strategy: none | time-slicing | mps
    mig_strategy: str | None = None       # nvidia.com/mig.strategy: none | single | mixed
    mig_config: str | None = None         # nvidia.com/mig.config: all-1g.10gb ...
    mig_config_state: str | None = None   # nvidia.com/mig.config.state: success | pending | rebooting | failed
    present: bool | None = None           # nvidia.com/gpu.present
    deploy: tuple[tuple[str, str], ...] = ()   # nvidia.com/gpu.deploy.<operand> = true | false | paused...

    @staticmethod
    def from_labels(labels: Mapping[str, str]) -> "GpuLabels":
        get = labels.get
        present = get("nvidia.com/gpu.present")
        deploy = tuple(sorted((k[len("nvidia.com/gpu.deploy."):], v) for k, v in labels.items()
                              if k.startswith("nvidia.com/gpu.deploy.")))
        return GpuLabels(get("nvidia.com/gpu.product") or None, _int_or_none(get("nvidia.com/gpu.memory")),
                         _int_or_none(get("nvidia.com/gpu.count")), _int_or_none(get("nvidia.com/gpu.replicas")),
                         get("nvidia.com/gpu.sharing-strategy") or None, get("nvidia.com/mig.strategy") or None,
                         get("nvidia.com/mig.config") or None, get("nvidia.com/mig.config.state") or None,
                         None if present is None else present.strip().lower() == "true", deploy)

    def deploy_value(self, operand: str) -> str | None:
        """`deploy_value("device-plugin")` -> "true" / "false" / None."""
        return next((v for k, v in self.deploy if k == operand), None)


class NodeGpuInventory(Struct, frozen=True):
    node: str
    source: str                   # bundle path of the node list, for citations
    ready: bool | None
    unschedulable: bool
    taints: tuple[Taint, ...]
    labels: GpuLabels
    resources: tuple[ResourceInventory, ...]

    def resource(self, name: str) -> ResourceInventory | None:
        return next((r for r in self.resources if r.resource == name), None)


class ResourceTotal(Struct, frozen=True):
    resource: str
    nodes: int
    capacity: int
    allocatable: int
    requested: int
    free: int
    unhealthy: int


class GpuInventory(Struct, frozen=True):
    nodes: tuple[NodeGpuInventory, ...]

    def node(self, name: str) -> NodeGpuInventory | None:
        return next((n for n in self.nodes if n.node == name), None)

    def rows(self) -> tuple[ResourceInventory, ...]:
        return tuple(r for n in self.nodes for r in n.resources)

    def nodes_with_free(self, resource: str, at_least: int = 1, schedulable_only: bool = True) -> tuple[str, ...]:
        """Nodes where `at_least` of `resource` is free (Ready and not cordoned unless told otherwise)."""
        return tuple(n.node for n in self.nodes
                     if (not schedulable_only or (n.ready is True and not n.unschedulable))
                     and (r := n.resource(resource)) is not None and (r.free or 0) >= at_least)

    def total(self, resource: str) -> ResourceTotal:
        """Cluster-wide sums of one resource over the listed nodes."""
        rows = [r for r in self.rows() if r.resource == resource]
        return ResourceTotal(resource, len(rows), sum(r.capacity or 0 for r in rows),
                             sum(r.allocatable or 0 for r in rows), sum(r.requested for r in rows),
                             sum(r.free or 0 for r in rows), sum(r.unhealthy for r in rows))

    def to_json(self) -> list[dict]:
        return [r.to_json() for r in self.rows()]


# ---- combining views -----------------------------------------------------------------------

def _holders_by_node(pods: Iterable[Pod]) -> dict[str, dict[str, list[GpuHolder]]]:
    out: dict[str, dict[str, list[GpuHolder]]] = defaultdict(lambda: defaultdict(list))
    for pod in pods:
        if not raw_pod_requests_gpu(pod.raw) or pod.is_terminal:
            continue
        node = pod.node_name
        if not node:
            continue
        for resource, count in pod.gpu_requests.items():
            out[node][resource].append(GpuHolder(pod.namespace or "", pod.name, count, pod.phase))
    return out


def build_inventory(nodes: Bundle | Iterable[Node], pods: Iterable[Pod] | None = None,
                    all_nodes: bool = False) -> GpuInventory:
    """GPU inventory of `nodes` (a `Bundle`, or an iterable of `Node` views) with `pods`' holdings.

    Given a Bundle, nodes and pods come from it. A node is listed when it advertises a GPU
    resource, carries GPU labels, or holds a GPU pod (`all_nodes=True` lists every node).
    A GPU-labelled node that advertises no GPU resource gets an `absent` nvidia.com/gpu row.
    """
    if isinstance(nodes, Bundle):
        bundle = nodes
        nodes = bundle.nodes()
        if pods is None:
            pods = bundle.pods()
    holders = _holders_by_node(pods or ())
    out = []
    for node in nodes:
        if not isinstance(node, Node):
            continue
        held = holders.get(node.name, {})
        if not (all_nodes or held or node.looks_like_gpu_node):
            continue
        out.append(_node_inventory(node, held))
    return GpuInventory(tuple(out))


def _node_inventory(node: Node, held: Mapping[str, list[GpuHolder]]) -> NodeGpuInventory:
    cap, alloc = node.gpu_capacity, node.gpu_allocatable
    names = set(cap) | set(alloc) | set(held)
    if not names and node.looks_like_gpu_node:
        names.add(DEFAULT_GPU_RESOURCE)
    ready = node.ready
    resources = []
    for name in sorted(names):
        hs = tuple(sorted(held.get(name, ()), key=lambda h: (h.namespace, h.pod)))
        resources.append(ResourceInventory(node.name, name, cap.get(name), alloc.get(name),
                                           sum(h.count for h in hs), hs, ready))
    return NodeGpuInventory(node.name, node.source, ready, node.unschedulable, node.taints,
                            GpuLabels.from_labels(node.labels), tuple(resources))


# ---- pasted kubectl text ---------------------------------------------------------------------

class Quantity(Struct, frozen=True):
    resource: str
    value: str            # as written: 8, 2113276288Ki, 8448Mi

    @property
    def number(self) -> float | None:
        return parse_quantity(self.value)


class DescribedResources(Struct, frozen=True):
    """Capacity / Allocatable / Allocated resources of a `kubectl describe node` text."""

    capacity: tuple[Quantity, ...]
    allocatable: tuple[Quantity, ...]
    allocated_requests: tuple[Quantity, ...] = ()
    allocated_limits: tuple[Quantity, ...] = ()

    @staticmethod
    def _find(items: tuple[Quantity, ...], resource: str) -> int | None:
        q = next((i for i in items if i.resource == resource), None)
        n = q.number if q else None
        return None if n is None else int(n)

    def capacity_of(self, resource: str) -> int | None:
        return self._find(self.capacity, resource)

    def allocatable_of(self, resource: str) -> int | None:
        return self._find(self.allocatable, resource)

    def requested_of(self, resource: str) -> int | None:
        return self._find(self.allocated_requests, resource)

    def state(self, resource: str = DEFAULT_GPU_RESOURCE) -> AllocatableState:
        return allocatable_state(self.capacity_of(resource), self.allocatable_of(resource))

    @property
    def gpu_resources(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(q.resource for q in self.capacity + self.allocatable if is_gpu_resource(q.resource)))


_HEADERS = lazy_re.compile(r"^(?:Capacity|Allocatable):\s*$", re.M)
_SECTION = lazy_re.compile(r"^(?P<s>[A-Z][A-Za-z -]*):\s*$")
_QTY = r"[0-9][0-9.]*(?:[eE][+-]?\d+)?[A-Za-z]{0,2}"
_KV_LINE = lazy_re.compile(r"^\s+(?P<k>[A-Za-z0-9][\w.\-/]*):\s+(?P<v>" + _QTY + r")(?:\s.*)?$")
_ALLOC_LINE = lazy_re.compile(r"^\s+(?P<k>[A-Za-z0-9][\w.\-/]*)\s+(?P<r>" + _QTY + r")(?:\s+\([^)]*\))?\s+(?P<l>"
                         + _QTY + r")(?:\s+\([^)]*\))?\s*$")


def parse_describe_resources(text: str) -> DescribedResources | None:
    """Resource sections of pasted `kubectl describe node` text; None when it has none.

    Without section headers (a `grep nvidia.com/gpu` of describe output) the first
    `name: value` line of a resource is its capacity and the second its allocatable,
    the order describe prints them in.

    >>> d = parse_describe_resources("Capacity:\\n  nvidia.com/gpu:  8\\nAllocatable:\\n  nvidia.com/gpu:  7   <=== here\\n")
    >>> d.capacity_of("nvidia.com/gpu"), d.allocatable_of("nvidia.com/gpu"), d.state().value
    (8, 7, 'reduced')
    """
    if not isinstance(text, str):
        return None
    cap: list[Quantity] = []
    alloc: list[Quantity] = []
    req: list[Quantity] = []
    lim: list[Quantity] = []
    section: str | None = None
    seen_headerless: dict[str, int] = {}
    text = text[:MAX_TEXT]
    headerless = not _HEADERS.search(text)     # a grep of describe output
    for line in text.splitlines():
        sm = _SECTION.match(line)
        if sm:
            section = sm.group("s")
            continue
        if line[:1].strip():          # any other unindented line ends the section
            section = None
            continue
        kv = _KV_LINE.match(line)
        if kv:
            q = Quantity(kv.group("k"), kv.group("v"))
            if section == "Capacity":
                cap.append(q)
            elif section == "Allocatable":
                alloc.append(q)
            elif section is None and headerless:
                n = seen_headerless.get(q.resource, 0)
                seen_headerless[q.resource] = n + 1
                (cap if n == 0 else alloc if n == 1 else []).append(q)
            continue
        am = _ALLOC_LINE.match(line)
        if am and (section == "Allocated resources" or (section is None and headerless)) and am.group("k") != "Resource":
            req.append(Quantity(am.group("k"), am.group("r")))
            lim.append(Quantity(am.group("k"), am.group("l")))
    if not (cap or alloc or req):
        return None
    return DescribedResources(tuple(cap), tuple(alloc), tuple(req), tuple(lim))


class ColumnValue(Struct, frozen=True):
    node: str
    value: str | None      # None for <none> (the field is absent)


def parse_node_column(text: str, column: str = "GPU") -> tuple[ColumnValue, ...]:
    """One column of `kubectl get nodes -o custom-columns=NAME:...,GPU:...` output.

        NAME       GPU
        minikube   <none>
    -> (ColumnValue("minikube", None),). Empty when no header names `column`.
    """
    if not isinstance(text, str):
        return ()
    out: list[ColumnValue] = []
    index = None
    for line in text[:MAX_TEXT].splitlines():
        cells = line.split()
        if index is None:
            if cells[:1] == ["NAME"] and column in cells[1:]:
                index = cells.index(column)
            continue
        if len(cells) <= index or cells[0].startswith("`"):
            index = None
            continue
        out.append(ColumnValue(cells[0], None if cells[index] == "<none>" else cells[index]))
    return tuple(out)


# `kubectl describe node` columns are separated by two or more spaces. Split on them rather than
# match the row with one pattern: lazy `.*?` columns joined by `\s{2,}` backtrack cubically over a
# crafted line (28 KB of fuzz took 20 s).
_COLUMNS = lazy_re.compile(r"\s{2,}")
_CONDITION_TYPE = lazy_re.compile(r"[A-Z][A-Za-z]{1,63}")
_CONDITION_REASON = lazy_re.compile(r"[A-Za-z]\w{0,127}")
_CONDITION_STATUS = frozenset({"True", "False", "Unknown"})
MAX_CONDITION_LINE = 4096


def _condition_row(line: str) -> Condition | None:
    cols = _COLUMNS.split(line.strip(), maxsplit=5)
    if len(cols) < 5 or cols[1] not in _CONDITION_STATUS or not _CONDITION_TYPE.fullmatch(cols[0]):
        return None
    # heartbeat, transition, reason, message; a transition time is one column (one space inside)
    reason_at = next((i for i in range(4, len(cols)) if _CONDITION_REASON.fullmatch(cols[i])), None)
    if reason_at is None:
        return None
    transition = "  ".join(cols[3:reason_at])
    message = "  ".join(cols[reason_at + 1:]).strip()
    return Condition(cols[0], cols[1], cols[reason_at], message, transition.strip())


def parse_describe_conditions(text: str) -> tuple[Condition, ...]:
    """Rows of the Conditions table of `kubectl describe node`.

    `  Ready  Unknown  Wed, 12 Jul 2017 12:09:45 +0100  Wed, 12 Jul 2017 12:10:36 +0100  NodeStatusUnknown  Kubelet stopped posting node status.`
    -> Condition("Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.", ...).
    """
    if not isinstance(text, str):
        return ()
    out = []
    for line in text[:MAX_TEXT].splitlines():
        row = _condition_row(line[:MAX_CONDITION_LINE]) if "  " in line else None
        if row:
            out.append(row)
    return tuple(out)


def kubelet_stopped_reporting(conditions: Iterable[Condition]) -> bool:
    """The node lifecycle controller set conditions Unknown: the kubelet stopped heartbeating."""
    return any(c.status == "Unknown" and c.reason == "NodeStatusUnknown" for c in conditions)
