"""Why a pod was not placed: the scheduler's and the cluster autoscaler's messages.

One parser for every place the text turns up: a `FailedScheduling` event note, the
`PodScheduled=False` condition message (maybe folded across lines by YAML `>-`), a
`kubectl describe` event row, `Unschedulable: <msg>`, and the autoscaler's
`NotTriggerScaleUp` event. Real samples it reads:

    0/4 nodes are available: 1 node(s) didn't match pod affinity rules, 3 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
    0/3 nodes are available: 1 PodToleratesNodeTaints, 3 Insufficient nvidia.com/gpu.
    0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.
    pod didn't trigger scale-up: 1 in backoff after failed scale-up, 2 node(s) didn't match Pod's node affinity/selector

Counts are kept as given: one node can fail several filters, so they may sum past N.
`parse_scheduling_message` returns None for text that holds no such message; it never
raises on any input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from triage.evidence.k8s_events.bounds import bounded_text


class ReasonKind(str, Enum):
    INSUFFICIENT_RESOURCE = "insufficient_resource"
    TOO_MANY_PODS = "too_many_pods"
    NODE_AFFINITY = "node_affinity"
    TAINT = "taint"
    UNSCHEDULABLE = "unschedulable"          # cordoned (spec.unschedulable)
    NODE_NOT_READY = "node_not_ready"
    NODE_CONDITION = "node_condition"        # memory / disk / pid pressure, out of disk
    NODE_NAME = "node_name"
    PORTS = "ports"
    TOPOLOGY_SPREAD = "topology_spread"
    POD_AFFINITY = "pod_affinity"
    POD_ANTI_AFFINITY = "pod_anti_affinity"
    VOLUME_NODE_AFFINITY = "volume_node_affinity"
    UNBOUND_PVC = "unbound_pvc"              # unbound, missing or deleted PVC (PreFilter)
    VOLUME_OTHER = "volume_other"
    DRA = "dra"
    PREFILTER_EXCLUDED = "prefilter_excluded"  # node(s) didn't satisfy plugin(s) [...]
    SCHEDULING_GATED = "scheduling_gated"
    QUOTA = "quota"                          # extender GPU quota (ExceedsGPUQuota)
    CUSTOM_FILTER = "custom_filter"          # a custom scheduler's own filter (HAMi NodeUnfitPod ...)
    SCALE_UP_BACKOFF = "scale_up_backoff"    # autoscaler: node group in backoff / not ready
    NODE_GROUP_LIMIT = "node_group_limit"    # autoscaler: max node group size / cluster limits
    OTHER = "other"


class Origin(str, Enum):
    SCHEDULER = "scheduler"        # 0/N nodes are available: ...
    NO_NODES = "no_nodes"          # no nodes available to schedule pods
    GATED = "gated"                # Scheduling is blocked due to non-empty scheduling gates
    AUTOSCALER = "autoscaler"      # pod didn't trigger scale-up: ... (counts are node groups)
    SCHEDULER_LEGACY = "scheduler_legacy"   # <=1.7: No nodes are available that match all of the ... predicates


@dataclass(frozen=True)
class Reason:
    """One `<count> <reason>` of the histogram (or the PreFilter message)."""

    count: int                  # nodes (node groups for the autoscaler); all nodes for a PreFilter message
    text: str                   # the reason as written
    kind: ReasonKind
    resource: str | None = None       # Insufficient <resource>
    taint_key: str | None = None      # None when the dialect hides it
    taint_value: str | None = None
    plugins: tuple[str, ...] = ()     # didn't satisfy plugin(s) [A B]
    claim: str | None = None          # PVC / ResourceClaim named by the reason
    custom: bool = False              # not a kube-scheduler text (extender, custom scheduler plugin)
    prefilter: bool = False           # rejected every node before per-node filtering


@dataclass(frozen=True)
class Preemption:
    """The `preemption: ...` suffix: what evicting lower-priority pods would achieve."""

    total_nodes: int | None
    not_helpful: int            # Preemption is not helpful for scheduling (unresolvable on those nodes)
    no_victims: int             # No preemption victims found for incoming pod (capacity taken)
    other: tuple[str, ...] = ()  # any other verdict, as written (e.g. not eligible due to preemptionPolicy=Never.)


@dataclass(frozen=True)
class SchedulingMessage:
    origin: Origin
    total_nodes: int | None
    reasons: tuple[Reason, ...]
    preemption: Preemption | None
    post_filter: tuple[str, ...]    # other PostFilter texts, e.g. DRA "no new claims to deallocate"
    truncated: bool                 # the event note was cut at 1024 characters (" ...")
    text: str                       # the message, whitespace joined

    def count(self, kind: ReasonKind) -> int:
        return sum(r.count for r in self.reasons if r.kind is kind)

    @property
    def kinds(self) -> frozenset[ReasonKind]:
        return frozenset(r.kind for r in self.reasons)

    def of_kind(self, kind: ReasonKind) -> tuple[Reason, ...]:
        return tuple(r for r in self.reasons if r.kind is kind)

    @property
    def insufficient_resources(self) -> tuple[str, ...]:
        return tuple(r.resource for r in self.reasons if r.kind is ReasonKind.INSUFFICIENT_RESOURCE and r.resource)

    @property
    def custom(self) -> bool:
        """A reason came from a custom scheduler or extender, not kube-scheduler."""
        return any(r.custom for r in self.reasons)


# ---- finding the message -------------------------------------------------------------

_START = re.compile(
    r"(?P<sched>\d+/(?P<n>\d+) nodes are available)"
    r"|(?P<ca>pod didn't trigger scale-up)"
    r"|(?P<none>no nodes available to schedule pods)"
    r"|(?P<gated>Scheduling is blocked due to non-empty scheduling gates)"
    r"|(?P<old>No nodes are available that match all of the (?:following )?predicates)")
# a new `kubectl describe` event row, or a new YAML key, ends a folded message
_NEW_ROW = re.compile(r"^\s*(?:(?:\S+\s+){0,2}(?:Warning|Normal)\s+\S|-\s|(?:lastProbeTime|lastTransitionTime|reason|status|type"
                      r"|message|observedGeneration|Type|Reason|Message|Events|Conditions|Status):)")
_WS = re.compile(r"\s+")
_DQ_BODY = re.compile(r'((?:[^"\\]|\\.)*)"')   # up to the closing quote of a JSON / YAML "string"
_SQ_BODY = re.compile(r"((?:[^']|'')*)'")         # up to the closing quote of a YAML 'string'

_DRA_POST = re.compile(
    r"(?:^|[.,]\s*|\s)(no new claims to deallocate|plugin disabled|deallocation of ResourceClaim completed"
    r"|deletion of ResourceClaim completed|still not schedulable)[.,]?\s*$")
_PREEMPTION = re.compile(r"(?:^|[.,]\s*|\s)preemption:\s*")
_ITEM_SPLIT = re.compile(r",\s+(?=\d+\s)")
_ITEM = re.compile(r"^(\d+)\s+(.+)$", re.S)
_LEGACY_ITEM = re.compile(r"^(.+?)\s*\((\d+)\)$")
_AVAILABLE = re.compile(r"^\d+/(\d+) nodes are available:?\s*")


def _message_span(text: str) -> tuple[Origin, int | None, str] | None:
    m = _START.search(text)
    if not m:
        return None
    quote = text[m.start() - 1] if m.start() > 0 and text[m.start() - 1] in "'\"" else ""
    lines = text[m.start():].split("\n")
    kept = [lines[0]]
    for line in lines[1:]:          # YAML-folded continuation lines
        if not line.strip() or _NEW_ROW.match(line) or _START.match(line.strip()):
            break
        kept.append(line)
    body = _WS.sub(" ", " ".join(kept)).strip()
    if quote == '"':                # a JSON or YAML double-quoted string
        end = _DQ_BODY.match(body)
        body = (end.group(1) if end else body).replace('\\"', '"')
    elif quote == "'":              # YAML single-quoted: '' is an escaped quote
        end = _SQ_BODY.match(body)
        body = (end.group(1) if end else body).replace("''", "'")
    body = body.strip()
    if m.group("sched"):
        return Origin.SCHEDULER, int(m.group("n")), body
    if m.group("ca"):
        return Origin.AUTOSCALER, None, body
    if m.group("none"):
        return Origin.NO_NODES, 0, body
    if m.group("old"):
        return Origin.SCHEDULER_LEGACY, None, body
    return Origin.GATED, None, body


def parse_scheduling_message(text: str) -> SchedulingMessage | None:
    """The scheduling failure in `text` (an event note, condition message or describe row).

    >>> m = parse_scheduling_message("0/6 nodes are available: 3 node(s) didn't match node selector, "
    ...                              "6 Insufficient nvidia.com/gpu.")
    >>> m.total_nodes, [(r.count, r.kind.value, r.resource) for r in m.reasons]
    (6, [(3, 'node_affinity', None), (6, 'insufficient_resource', 'nvidia.com/gpu')])

    Returns None when the text holds no scheduler or autoscaler message.
    """
    span = _message_span(bounded_text(text))
    if span is None:
        return None
    origin, total, body = span
    truncated = body.endswith(" ...")
    if truncated:
        body = body[:-4].rstrip()
    if origin is Origin.NO_NODES:
        return SchedulingMessage(origin, 0, (), None, (), truncated, body)
    if origin is Origin.GATED:
        reason = Reason(0, "waiting for scheduling gates", ReasonKind.SCHEDULING_GATED)
        return SchedulingMessage(origin, None, (reason,), None, (), truncated, body)

    if origin is Origin.SCHEDULER_LEGACY:    # <=1.7: "<reason> (<count>), ..." and no node total
        rest = re.sub(r"^[^:]*:+\s*", "", body, count=1)
        items = [_LEGACY_ITEM.match(i.strip()) for i in _strip_end(rest).split(", ")]
        reasons = tuple(classify_reason(i.group(1).strip(), int(i.group(2))) for i in items if i)
        return SchedulingMessage(origin, None, reasons, None, (), truncated, body)
    if origin is Origin.AUTOSCALER:
        rest = re.sub(r"^pod didn't trigger scale-up(?: \([^)]*\))?:?\s*", "", body)
    else:
        rest = _AVAILABLE.sub("", body, count=1)

    preemption = None
    pm = _PREEMPTION.search(rest)
    if pm:
        preemption = _parse_preemption(rest[pm.end():])
        rest = rest[:pm.start()]
    post: list[str] = []
    while True:
        dm = _DRA_POST.search(rest)
        if not dm:
            break
        post.insert(0, dm.group(1))
        rest = rest[:dm.start()]
    reasons = _parse_reasons(rest, total, autoscaler=origin is Origin.AUTOSCALER)
    return SchedulingMessage(origin, total, reasons, preemption, tuple(post), truncated, body)


def _strip_end(text: str) -> str:
    return text.strip().rstrip(".").rstrip()


def _parse_reasons(text: str, total: int | None, autoscaler: bool) -> tuple[Reason, ...]:
    text = _strip_end(text).rstrip(",").strip()
    if not text:
        return ()
    items = _ITEM_SPLIT.split(text)
    if not _ITEM.match(items[0]):
        # PreFilter: one message for every node (may itself contain ", ")
        return (classify_reason(text, total or 0, prefilter=True),)
    out = []
    for item in items:
        m = _ITEM.match(item.strip())
        if m:
            out.append(classify_reason(m.group(2).strip(), int(m.group(1)), autoscaler=autoscaler))
    return tuple(out)


def _parse_preemption(text: str) -> Preemption:
    text = _strip_end(text)
    total = None
    m = _AVAILABLE.match(text)
    if m:
        total = int(m.group(1))
        text = text[m.end():]
    not_helpful = no_victims = 0
    other: list[str] = []
    items = _ITEM_SPLIT.split(text) if _ITEM.match(text) else ([text] if text else [])
    for item in items:
        im = _ITEM.match(item.strip())
        count, what = (int(im.group(1)), im.group(2).strip()) if im else (0, item.strip())
        what = what.rstrip(".")
        if what == "Preemption is not helpful for scheduling":
            not_helpful += count
        elif what == "No preemption victims found for incoming pod":
            no_victims += count
        elif what:
            other.append(item.strip())
    return Preemption(total, not_helpful, no_victims, tuple(other))


# ---- one reason ------------------------------------------------------------------------

_TAINT_KV = re.compile(r"taint \{(?P<k>[^{}:]*):\s?(?P<v>[^{}]*)\}")
_PLUGINS = re.compile(r"\[([^\]]*)\]")
_QUOTED = re.compile(r"\"([^\"]*)\"")

# kube-scheduler predicate names written in place of reasons (1.8/1.9) and their kinds
_PREDICATES = {
    "PodToleratesNodeTaints": ReasonKind.TAINT, "PodToleratesNodeNoExecuteTaints": ReasonKind.TAINT,
    "TaintToleration": ReasonKind.TAINT,
    "MatchNodeSelector": ReasonKind.NODE_AFFINITY, "NodeAffinity": ReasonKind.NODE_AFFINITY,
    "PodFitsHostPorts": ReasonKind.PORTS, "NodePorts": ReasonKind.PORTS,
    "HostName": ReasonKind.NODE_NAME, "PodFitsHost": ReasonKind.NODE_NAME, "NodeName": ReasonKind.NODE_NAME,
    "PodFitsResources": ReasonKind.INSUFFICIENT_RESOURCE, "NodeResourcesFit": ReasonKind.INSUFFICIENT_RESOURCE,
    "NoVolumeZoneConflict": ReasonKind.VOLUME_OTHER, "NoDiskConflict": ReasonKind.VOLUME_OTHER,
    "MaxEBSVolumeCount": ReasonKind.VOLUME_OTHER, "MaxGCEPDVolumeCount": ReasonKind.VOLUME_OTHER,
    "MaxAzureDiskVolumeCount": ReasonKind.VOLUME_OTHER, "MaxCSIVolumeCountPred": ReasonKind.VOLUME_OTHER,
    "CheckVolumeBinding": ReasonKind.VOLUME_OTHER, "VolumeBinding": ReasonKind.VOLUME_OTHER,
    "MatchInterPodAffinity": ReasonKind.POD_AFFINITY, "InterPodAffinity": ReasonKind.POD_AFFINITY,
    "CheckNodeMemoryPressure": ReasonKind.NODE_CONDITION, "CheckNodeDiskPressure": ReasonKind.NODE_CONDITION,
    "CheckNodePIDPressure": ReasonKind.NODE_CONDITION, "NodeUnderMemoryPressure": ReasonKind.NODE_CONDITION,
    "NodeUnderDiskPressure": ReasonKind.NODE_CONDITION, "NodeOutOfDisk": ReasonKind.NODE_CONDITION,
    "CheckNodeCondition": ReasonKind.NODE_NOT_READY, "NodeNotReady": ReasonKind.NODE_NOT_READY,
    "CheckNodeUnschedulable": ReasonKind.UNSCHEDULABLE, "NodeUnschedulable": ReasonKind.UNSCHEDULABLE,
    "EvenPodsSpread": ReasonKind.TOPOLOGY_SPREAD, "PodTopologySpread": ReasonKind.TOPOLOGY_SPREAD,
    "GeneralPredicates": ReasonKind.OTHER,
}

# (pattern, kind) in order: the first match wins; "volume node affinity" before "node affinity"
_RULES: tuple[tuple[re.Pattern, ReasonKind], ...] = tuple((re.compile(p, re.I), k) for p, k in (
    (r"^too many pods$|^insufficient pods$", ReasonKind.TOO_MANY_PODS),
    (r"^insufficient ", ReasonKind.INSUFFICIENT_RESOURCE),
    (r"volume node affinity", ReasonKind.VOLUME_NODE_AFFINITY),
    (r"didn't satisfy plugin|filtered out by the prefilter result", ReasonKind.PREFILTER_EXCLUDED),
    (r"untolerated taint|had taint|didn't tolerate", ReasonKind.TAINT),
    (r"topology spread", ReasonKind.TOPOLOGY_SPREAD),
    (r"pod affinity/anti-affinity", ReasonKind.POD_AFFINITY),
    (r"anti-affinity", ReasonKind.POD_ANTI_AFFINITY),
    (r"pod affinity", ReasonKind.POD_AFFINITY),
    (r"node affinity|node selector|node\(s\) didn't match node", ReasonKind.NODE_AFFINITY),
    (r"were unschedulable|node\(s\) unschedulable", ReasonKind.UNSCHEDULABLE),
    (r"not ready|unknown condition|network is unavailable|node unregistered", ReasonKind.NODE_NOT_READY),
    (r"(?:memory|disk|pid) pressure|out of disk", ReasonKind.NODE_CONDITION),
    (r"requested node name|requested hostname", ReasonKind.NODE_NAME),
    (r"free ports", ReasonKind.PORTS),
    (r"unbound immediate persistentvolumeclaim|^persistentvolumeclaim \S+ (?:not found|is being deleted"
     r"|bound to non-existent)|ephemeral volume controller", ReasonKind.UNBOUND_PVC),
    (r"persistent ?volume|free storage|available disk|volume count|volume zone|readwriteoncepod"
     r"|bound to non-existent pv", ReasonKind.VOLUME_OTHER),
    (r"resourceclaim|resource claim|claims|allocate devices|allocating devices|device class",
     ReasonKind.DRA),
    (r"scheduling gates", ReasonKind.SCHEDULING_GATED),
    (r"quota", ReasonKind.QUOTA),
    (r"in backoff after failed scale-up|not ready for scale-up", ReasonKind.SCALE_UP_BACKOFF),
    (r"max node group size|max cluster .*limit|limit reached", ReasonKind.NODE_GROUP_LIMIT),
))
_CAMEL = re.compile(r"^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$")
# texts of custom GPU schedulers that would otherwise read like kube-scheduler ones (HAMi)
_CUSTOM_TEXTS = frozenset({"node unregistered", "node unregisterd"})   # (sic) older HAMi


def classify_reason(text: str, count: int, prefilter: bool = False, autoscaler: bool = False) -> Reason:
    """One reason text -> its kind and parameters (resource, taint, plugins, claim).

    >>> r = classify_reason("node(s) had untolerated taint {node.kubernetes.io/unreachable: }", 1)
    >>> r.kind.value, r.taint_key, r.taint_value
    ('taint', 'node.kubernetes.io/unreachable', '')
    """
    text = text.strip()
    kind = _PREDICATES.get(text)
    custom = False
    if text in _CUSTOM_TEXTS:
        kind, custom = ReasonKind.CUSTOM_FILTER, True
    elif kind is None:
        kind = next((k for p, k in _RULES if p.search(text)), None)
        if kind is None:
            # a CamelCase word that is no kube-scheduler predicate: HAMi NodeUnfitPod, ExceedsGPUQuota...
            custom = bool(_CAMEL.match(text))
            kind = ReasonKind.CUSTOM_FILTER if custom else ReasonKind.OTHER
        elif kind is ReasonKind.QUOTA:
            custom = not autoscaler
    resource = taint_key = taint_value = claim = None
    plugins: tuple[str, ...] = ()
    if kind is ReasonKind.INSUFFICIENT_RESOURCE:
        m = re.match(r"^Insufficient\s+(\S+)$", text, re.I)
        resource = m.group(1) if m else None
        if resource is None and text.lower().startswith("insufficient "):
            custom = True                    # e.g. gpushare "Insufficient GPU Memory in one device"
    elif kind is ReasonKind.TAINT:
        m = _TAINT_KV.search(text)
        if m:
            taint_key, taint_value = m.group("k").strip(), m.group("v").strip()
    elif kind is ReasonKind.PREFILTER_EXCLUDED:
        m = _PLUGINS.search(text)
        if m:
            plugins = tuple(p for p in re.split(r"[\s,]+", m.group(1)) if p)
    elif kind in (ReasonKind.UNBOUND_PVC, ReasonKind.DRA, ReasonKind.VOLUME_OTHER):
        m = _QUOTED.search(text)
        claim = m.group(1) if m else None
    return Reason(count, text, kind, resource, taint_key, taint_value, plugins, claim, custom, prefilter)
