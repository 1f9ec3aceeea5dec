"""Why a pod was not placed: the scheduler's and the cluster autoscaler's messages.

One parser for every place the text turns up: a `FailedScheduling` event note, the
`PodScheduled=False` condition message (maybe folded across lines by YAML `>-`), a
`kubectl describe` event row, `Unschedulable: <msg>`, and the autoscaler's
`NotTriggerScaleUp` event. Real samples it reads:

    0/4 nodes are available: 1 node(s) didn't match pod affinity rules, 3 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: 1 Preemption is not helpful for scheduling, 3 No preemption victims found for incoming pod.
    0/3 nodes are available: 1 PodToleratesNodeTaints, 3 Insufficient nvidia.com/gpu.
    0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.
    pod didn't trigger scale-up: 1 in backoff after failed scale-up, 2 node(s) didn't match Pod's node affinity/selector

It also reads the messages of the common out-of-tree GPU schedulers (Volcano's
`0/N nodes are unavailable: ...` and gang messages, KAI-scheduler's `no nodes with enough
resources were found: ...`, HAMi's `no available node, N nodes do not meet`) and the
scheduling framework's one-line messages (`running PreFilter plugin "X": ...`, `skip schedule
deleting pod: ns/name`). Every reason carries `kind` (the coarse category the rules judge)
and `format` (exactly which catalogued wording it is, `ReasonFormat.UNKNOWN` when none:
docs/message-catalog-kubernetes.md lists them with their source). An unknown wording is
kept with its text as kind OTHER (or CUSTOM_FILTER for a bare CamelCase word), never
guessed into a specific kind.

Counts are kept as given: one node can fail several filters, so they may sum past N.
`parse_scheduling_message` returns None for text that holds no such message; it never
raises on any input, and runs in time linear in its (bounded) input.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
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
    QUOTA = "quota"                          # extender / queue GPU quota (ExceedsGPUQuota, KAI, Volcano queue)
    CUSTOM_FILTER = "custom_filter"          # a custom scheduler's own filter (HAMi NodeUnfitPod ...)
    SCALE_UP_BACKOFF = "scale_up_backoff"    # autoscaler: node group in backoff / not ready
    NODE_GROUP_LIMIT = "node_group_limit"    # autoscaler: max node group size / cluster limits
    GANG = "gang"                            # gang / pod-group: not enough members yet (coscheduling, Volcano, KAI)
    POD_GROUP = "pod_group"                  # kube-scheduler's own gang (GangScheduling, the pod-group cycle, 1.35+)
    NODE_FEATURES = "node_features"          # NodeDeclaredFeatures: the node lacks a feature the pod needs
    SCALE_UP_REJECTED = "scale_up_rejected"  # autoscaler: all-or-nothing scale-up would not fit every pod
    PROVISIONING_REQUEST = "provisioning_request"   # autoscaler: the pod consumes a ProvisioningRequest
    SCHEDULER_ERROR = "scheduler_error"      # a plugin returned an error (running PreFilter plugin "X": ...)
    POD_DELETING = "pod_deleting"            # skip schedule deleting pod: not a failure
    OTHER = "other"                          # a wording no catalog entry knows: kept with its text


class Origin(str, Enum):
    SCHEDULER = "scheduler"        # 0/N nodes are available: ...
    NO_NODES = "no_nodes"          # no nodes available to schedule pods
    GATED = "gated"                # Scheduling is blocked due to non-empty scheduling gates
    AUTOSCALER = "autoscaler"      # pod didn't trigger scale-up: ... (counts are node groups)
    SCHEDULER_LEGACY = "scheduler_legacy"   # <=1.7: No nodes are available that match all of the ... predicates
    FRAMEWORK = "framework"        # one-line framework messages: plugin errors, permit rejections, skip deleting
    VOLCANO = "volcano"            # 0/N nodes are unavailable: ... / all nodes are unavailable: ...
    GANG = "gang"                  # Volcano: x/y tasks in gang unschedulable: ...
    KAI = "kai"                    # KAI-scheduler: no nodes with enough resources were found: ... / queue quota
    HAMI = "hami"                  # HAMi FilteringFailed: no available node, N nodes do not meet


class ReasonFormat(str, Enum):
    """Which catalogued wording a reason is (docs/message-catalog-kubernetes.md has each one's source)."""

    # kube-scheduler in-tree plugins
    FIT_INSUFFICIENT = "noderesources.insufficient"            # Insufficient %v
    FIT_TOO_MANY_PODS = "noderesources.too_many_pods"          # Too many pods
    NODEAFFINITY_POD = "nodeaffinity.pod"                      # node(s) didn't match Pod's node affinity/selector
    NODEAFFINITY_ENFORCED = "nodeaffinity.enforced"            # node(s) didn't match scheduler-enforced node affinity
    NODEAFFINITY_CONFLICT = "nodeaffinity.terms_conflict"      # PreFilter: pod affinity terms conflict
    NODENAME = "nodename.mismatch"                             # node(s) didn't match the requested node name
    NODEPORTS = "nodeports.no_free_ports"                      # node(s) didn't have free ports for the requested pod ports
    UNSCHEDULABLE = "nodeunschedulable.unschedulable"          # node(s) were unschedulable
    UNKNOWN_CONDITION = "nodeunschedulable.unknown_condition"  # node(s) had unknown conditions
    TAINT_KV = "tainttoleration.untolerated_kv"                # node(s) had untolerated taint {%s: %s}
    TAINT_HIDDEN = "tainttoleration.untolerated"               # node(s) had untolerated taint(s)
    TAINT_GENERIC = "tainttoleration.not_match"                # node(s) had taints that the pod didn't tolerate
    TAINT_LEGACY_KV = "tainttoleration.legacy_kv"              # node(s) had taint {%s: %s}, that the pod didn't tolerate
    VB_UNBOUND_IMMEDIATE = "volumebinding.unbound_immediate"   # pod has unbound immediate PersistentVolumeClaims
    VB_PVC_NOT_FOUND = "volumebinding.pvc_not_found"           # persistentvolumeclaim "x" not found
    VB_EPHEMERAL_PENDING = "volumebinding.ephemeral_pending"   # waiting for ephemeral volume controller to create ...
    VB_PVC_LOST = "volumebinding.pvc_lost"                     # persistentvolumeclaim "x" bound to non-existent persistentvolume "y"
    VB_PVC_DELETING = "volumebinding.pvc_deleting"             # persistentvolumeclaim "x" is being deleted
    VB_EPHEMERAL_NOT_OWNED = "volumebinding.ephemeral_not_owned"   # PVC ns/x was not created for pod ns/p (pod is not owner)
    VB_BIND_CONFLICT = "volumebinding.bind_conflict"           # node(s) didn't find available persistent volumes to bind
    VB_NODE_CONFLICT = "volumebinding.node_conflict"           # node(s) had volume node affinity conflict
    VB_PV_NODE_AFFINITY = "volumebinding.pv_node_affinity"     # node(s) didn't match PersistentVolume's node affinity (1.33+)
    VB_PREBIND_NODE_AFFINITY = "volumebinding.prebind_node_affinity"   # binding volumes: pv %q node affinity doesn't match node %q
    VB_NOT_ENOUGH_SPACE = "volumebinding.not_enough_space"     # node(s) did not have enough free storage
    VB_PV_NOT_EXIST = "volumebinding.pv_not_exist"             # node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)
    VR_DISK_CONFLICT = "volumerestrictions.disk_conflict"      # node(s) had no available disk
    VR_RWOP_CONFLICT = "volumerestrictions.rwop_conflict"      # node has pod using PersistentVolumeClaim ... ReadWriteOncePod
    VOLUME_ZONE = "volumezone.conflict"                        # node(s) had no available volume zone
    VOLUME_LIMITS = "nodevolumelimits.max_count"               # node(s) exceed max volume count
    SPREAD = "podtopologyspread.constraints"                   # node(s) didn't match pod topology spread constraints
    SPREAD_LABEL = "podtopologyspread.missing_label"           # ... (missing required label)
    AFFINITY = "interpodaffinity.affinity"                     # node(s) didn't match pod affinity rules
    ANTI_AFFINITY = "interpodaffinity.anti_affinity"           # node(s) didn't match pod anti-affinity rules
    EXISTING_ANTI_AFFINITY = "interpodaffinity.existing_anti_affinity"   # node(s) didn't satisfy existing pods anti-affinity rules
    AFFINITY_PARSE_ERROR = "interpodaffinity.parse_error"      # PreFilter: parsing pod: <the affinity term's error>
    DRA_CANNOT_ALLOCATE = "dynamicresources.cannot_allocate"   # cannot allocate all claims
    DRA_NOT_ON_NODE = "dynamicresources.not_available_on_node" # resourceclaim not available on the node
    DRA_IN_USE = "dynamicresources.claim_in_use"               # resourceclaim in use
    DRA_MUST_REALLOCATE = "dynamicresources.must_reallocate"   # resourceclaim must be reallocated
    DRA_CLAIM_NOT_FOUND = "dynamicresources.claim_not_found"   # resourceclaim.resource.k8s.io "x" not found
    DRA_CLAIM_NOT_CREATED = "dynamicresources.claim_not_created"   # pod "ns/p": ResourceClaim not created yet
    DRA_WAITING_CONTROLLER = "dynamicresources.waiting_for_controller"  # waiting for dynamic resource controller to create the resourceclaim "x"
    DRA_CLAIM_DELETING = "dynamicresources.claim_deleting"     # resourceclaim "x" is being deleted
    DRA_CLAIM_NOT_OWNED = "dynamicresources.claim_not_owned"   # ResourceClaim ns/x was not created for pod ns/p (pod is not owner)
    DRA_BEING_ALLOCATED = "dynamicresources.being_allocated"   # resource claim ns/x is in the process of being allocated
    DRA_DEVICE_CLASS_MISSING = "dynamicresources.device_class_missing"   # request r: device class c does not exist
    DRA_RESOURCE_CLASS_MISSING = "dynamicresources.resource_class_missing"   # resource class c does not exist
    DRA_SUBREQUESTS_DISABLED = "dynamicresources.subrequests_disabled"   # ... has subrequests, but the DRAPrioritizedList feature is disabled
    DRA_UNALLOCATED_IMMEDIATE = "dynamicresources.unallocated_immediate"   # unallocated immediate resourceclaim
    DRA_CLASS_FILTER = "dynamicresources.class_node_filter"    # excluded by resource class node filter
    DRA_UNSUITABLE = "dynamicresources.unsuitable"             # resourceclaim cannot be allocated for the node (unsuitable)
    DRA_STRUCTURED_FAILED = "dynamicresources.structured_failed"   # checking structured parameters failed: ...
    DRA_PARAMETERS_NOT_FOUND = "dynamicresources.parameters_not_found"   # class/claim parameters x not found
    DRA_API_UNSUPPORTED = "dynamicresources.api_unsupported"   # pod "ns/p", spec.resourceClaim "x": none of the supported fields are set
    DRA_ALLOCATE_TIMEOUT = "dynamicresources.allocate_timeout" # timed out trying to allocate devices
    DRA_EXTENDED_NO_FIT = "dynamicresources.extended_cannot_fit"   # cannot fit resource (an extended resource DRA serves)
    DRA_EXTENDED_CLAIM = "dynamicresources.extended_claim_unschedulable"   # cannot schedule extended resource claim
    DRA_NODE_ALLOCATABLE = "dynamicresources.node_allocatable"  # node allocatable resource claim x shared by multiple pods ...
    NODE_FEATURES = "nodedeclaredfeatures.unsatisfied"          # node(s) didn't match Pod's required features
    GANG_MIN_COUNT = "gangscheduling.min_count_unsatisfiable"  # minCount (4) cannot be satisfied: 2 scheduled, 1 remaining
    GANG_MIN_COUNT_WAIT = "gangscheduling.min_count_pending"   # minCount (4) is not yet satisfied: ... / waiting for minCount pods ...
    POD_GROUP_UNSCHEDULABLE = "podgroup.unschedulable"         # pod group is unschedulable
    POD_GROUP_PREEMPTION = "podgroup.waiting_for_preemption"   # preemption is required for other pods from a pod group
    GATES = "schedulinggates.waiting"                          # waiting for scheduling gates: [...]
    GATED_CONDITION = "schedulinggates.condition"              # Scheduling is blocked due to non-empty scheduling gates
    PREFILTER_PLUGINS = "framework.prefilter_plugins"          # node(s) didn't satisfy plugin(s) [A B] simultaneously
    PREFILTER_PLUGIN = "framework.prefilter_plugin"            # node(s) didn't satisfy plugin A
    PREFILTER_FILTERED_OUT = "framework.prefilter_filtered_out"   # node is filtered out by the prefilter result
    PLUGIN_ERROR = "framework.plugin_error"                    # running PreFilter plugin "X": ...
    PERMIT_TIMEOUT = "framework.permit_timeout"                # rejected due to timeout after waiting 10s at plugin X
    SKIP_DELETING = "framework.skip_deleting"                  # skip schedule deleting pod: ns/name
    # older kube-scheduler wordings (before 1.20) and predicate names (1.8/1.9)
    LEGACY_PREDICATE = "legacy.predicate_name"                 # PodToleratesNodeTaints, MatchNodeSelector, ...
    LEGACY_NODE_SELECTOR = "legacy.node_selector"              # node(s) didn't match node selector
    LEGACY_NODE_AFFINITY = "legacy.node_affinity"              # node(s) didn't match Pod's node affinity
    LEGACY_POD_AFFINITY = "legacy.pod_affinity"                # node(s) didn't match pod affinity/anti-affinity
    LEGACY_HOSTNAME = "legacy.hostname"                        # node(s) didn't match the requested hostname
    LEGACY_NODE_CONDITION = "legacy.node_condition"            # node(s) had memory/disk/pid pressure, out of disk
    LEGACY_NOT_READY = "legacy.not_ready"                      # node(s) were not ready / network is unavailable
    LEGACY_INSUFFICIENT_PODS = "legacy.insufficient_pods"      # Insufficient pods
    # cluster-autoscaler (NotTriggerScaleUp)
    CA_BACKOFF = "autoscaler.backoff"                          # in backoff after failed scale-up
    CA_NOT_READY = "autoscaler.not_ready"                      # not ready for scale-up
    CA_MAX_SIZE = "autoscaler.max_node_group_size"             # max node group size reached
    CA_MAX_RESOURCE = "autoscaler.max_cluster_resource"        # max cluster %s limit reached
    CA_QUOTA = "autoscaler.exceeded_quota"                     # exceeded quota: "x", resources: y
    CA_ATOMIC_LIMIT = "autoscaler.atomic_node_limit"           # atomic scale-up exceeds cluster node count limit
    CA_ALL_OR_NOTHING = "autoscaler.all_or_nothing"            # not all pods would fit and scale-up is using all-or-nothing strategy
    CA_EXECUTION_FAILED = "autoscaler.scale_up_execution_failed"   # scale-up execution failed (1.36+)
    CA_EXPANSION_FILTERED = "autoscaler.expansion_filtered_out"    # expansion options filtered out and no longer considered (1.36+)
    CA_MAX_TOTAL_NODES = "autoscaler.max_total_nodes"          # max total nodes in cluster reached
    CA_PROVISIONING_REQUEST = "autoscaler.provisioning_request"   # ... because it's consuming ProvisioningRequest ns/x
    # scheduler-plugins coscheduling
    COSCHED_SIBLINGS = "coscheduling.not_enough_siblings"      # pre-filter pod p cannot find enough sibling pods, ...
    COSCHED_GATED = "coscheduling.gated_siblings"              # pre-filter pod p cannot proceed due to gated pods in the same PodGroup
    COSCHED_FAILED_RECENTLY = "coscheduling.failed_recently"   # podGroup ns/pg failed recently
    COSCHED_RESOURCE_GAP = "coscheduling.resource_gap"         # resource gap: map[...]
    COSCHED_NOT_FOUND = "coscheduling.podgroup_not_found"      # PodGroup not found
    # Volcano
    VOLCANO_POD_NUMBER = "volcano.pod_number_exceeded"         # node(s) pod number exceeded
    VOLCANO_FIT_FAILED = "volcano.resource_fit_failed"         # node(s) resource fit failed
    VOLCANO_GANG = "volcano.gang_unschedulable"                # x/y tasks in gang unschedulable: pod group is not ready, ...
    VOLCANO_NOT_ENOUGH_TASKS = "volcano.not_enough_tasks"      # Not enough valid tasks for gang-scheduling, valid: 1, min: 2
    VOLCANO_NOT_ENOUGH_PODS = "volcano.not_enough_task_pods"   # Not enough valid pods of each task for gang-scheduling
    VOLCANO_QUEUE_QUOTA = "volcano.queue_quota"                # queue resource quota insufficient: ...
    VOLCANO_TASK_FIT = "volcano.task_fit_failed"               # task ns/t on node n fit failed: ...
    # NVIDIA KAI-scheduler
    KAI_NOT_ENOUGH = "kai.not_enough_resources"                # node(s) didn't have enough resources: GPUs
    KAI_MIG_PROFILE = "kai.not_enough_mig_profile"             # node(s) didn't have enough of mig profile: %s
    KAI_OVER_QUOTA = "kai.non_preemptible_over_quota"          # Non-preemptible workload is over quota. ...
    KAI_OVER_LIMIT = "kai.queue_over_limit"                    # q quota has reached the allowable limit of GPUs. ...
    KAI_REASON = "kai.reason"                                  # NonPreemptibleOverQuota / OverLimit / QueueDoesNotExist
    KAI_POD_FIT = "kai.pod_fit_failed"                         # Pod ns/p cannot be scheduled on node n. reasons: ...
    # HAMi
    HAMI_NO_NODE = "hami.no_available_node"                    # no available node, N nodes do not meet
    HAMI_NODE_REASON = "hami.node_reason"                      # node unregistered / node usage unavailable / NodeUnfitPod
    HAMI_CARD_REASONS = "hami.card_reasons"                    # 1/4 CardInsufficientMemory, 3/4 CardTypeMismatch
    UNKNOWN = "unknown"


class Reason(Struct, frozen=True):
    """One `<count> <reason>` of the histogram (or the PreFilter message)."""

    count: int                  # nodes (node groups for the autoscaler); all nodes for a PreFilter message
    text: str                   # the reason as written
    kind: ReasonKind
    resource: str | None = None       # Insufficient <resource>
    taint_key: str | None = None      # None when the dialect hides it
    taint_value: str | None = None
    plugins: tuple[str, ...] = ()     # didn't satisfy plugin(s) [A B]; the failing plugin of a plugin error
    claim: str | None = None          # PVC / ResourceClaim / PodGroup named by the reason
    custom: bool = False              # not a kube-scheduler text (extender, custom scheduler plugin)
    prefilter: bool = False           # rejected every node before per-node filtering
    format: ReasonFormat = ReasonFormat.UNKNOWN   # the catalogued wording; UNKNOWN when none matched


class Preemption(Struct, frozen=True):
    """The `preemption: ...` suffix: what evicting lower-priority pods would achieve."""

    total_nodes: int | None
    not_helpful: int            # Preemption is not helpful for scheduling (unresolvable on those nodes)
    no_victims: int             # No preemption victims found for incoming pod (capacity taken)
    other: tuple[str, ...] = ()  # any other verdict, as written (e.g. not eligible due to preemptionPolicy=Never.)


class SchedulingMessage(Struct, frozen=True):
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

    @property
    def formats(self) -> frozenset[ReasonFormat]:
        return frozenset(r.format for r in self.reasons)

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
# Every alternative starts with a literal or a bounded digit run behind a non-digit, so a
# search over a long run of digits costs O(1) per position (the issue tracker's 62 KiB
# digit message made the old `\d+/(\d+) nodes` search quadratic).

_N = r"(?<![\d/])\d{1,9}"
_START = lazy_re.compile(
    rf"(?P<sched>{_N}/(?P<n>\d{{1,9}}) nodes are available)"
    r"|(?P<ca>pod didn't trigger scale-up)"
    r"|(?P<none>no nodes available to schedule pods)"
    r"|(?P<gated>Scheduling is blocked due to non-empty scheduling gates)"
    r"|(?P<old>No nodes are available that match all of the (?:following )?predicates)"
    rf"|(?P<gang>(?P<gu>{_N})/(?P<gt>\d{{1,9}}) tasks in gang unschedulable)"
    rf"|(?P<vol>(?:{_N}/(?P<vn>\d{{1,9}})|all) nodes are unavailable)"
    r"|(?P<vbare>Not enough valid (?:tasks|pods of each task|subGroups of each task) for gang-scheduling"
    r"|queue resource quota insufficient)"
    r"|(?P<kai>no nodes with enough resources were found|Non-preemptible workload is over quota"
    r"|Unable to schedule podgroup|(?<!\S)\S{1,253} quota has reached the allowable limit of)"
    r"|(?P<hami>no available node, \d{1,9} nodes do not meet)"
    r"|(?P<fw>skip schedule deleting pod|running (?:PreEnqueue|PreFilter|Filter|PostFilter|PreScore|Score|Reserve"
    r"|Permit|PreBind|Bind|PostBind) plugin \"|running \"[\w.\-]{1,64}\" filter plugin"
    r"|rejected due to timeout after waiting \S{1,32} at plugin|PodGroup not found"
    r"|minCount \(\d{1,9}\) (?:cannot be|is not yet) satisfied: |waiting for minCount pods from a gang to be scheduled"
    r"|pod group is (?:unschedulable|waiting for preemption to complete)"
    r"|preemption is required for other pods from a pod group)")
# a new `kubectl describe` event row, or a new YAML key, ends a folded message
_NEW_ROW = lazy_re.compile(r"^\s*(?:(?:\S+\s+){0,2}(?:Warning|Normal)\s+\S|-\s|(?:lastProbeTime|lastTransitionTime|reason|status|type"
                      r"|message|observedGeneration|Type|Reason|Message|Events|Conditions|Status):)")
_WS = lazy_re.compile(r"\s+")
_DQ_BODY = lazy_re.compile(r'((?:[^"\\]|\\.)*)"')   # up to the closing quote of a JSON / YAML "string"
_SQ_BODY = lazy_re.compile(r"((?:[^']|'')*)'")         # up to the closing quote of a YAML 'string'

# PostFilter texts that follow the filter histogram (DRA, coscheduling)
_POST = lazy_re.compile(
    r"(?:^|[.,]\s*|\s)(no new claims to deallocate|plugin disabled|deallocation of ResourceClaim completed"
    r"|deletion of ResourceClaim completed|still not schedulable|can not find pod group"
    r"|PodGroup \S{1,253} gets rejected due to Pod \S{1,253} is unschedulable even after PostFilter)[.,]?\s*$")
_MAX_POST = 8
_MAX_ITEMS = 512           # more distinct reasons than any real histogram holds: the rest is dropped
_PREEMPTION = lazy_re.compile(r"(?:^|[.,]\s*|\s)preemption:\s*")
_ITEM_SPLIT = lazy_re.compile(r",\s+(?=\d{1,9}\s)")
_KAI_SPLIT = lazy_re.compile(r"[.,]\s+(?=\d{1,9}\s)")
_ITEM = lazy_re.compile(r"^(\d{1,9})\s+(.+)$", re.S)
_LEGACY_ITEM = lazy_re.compile(r"^(.+?)\s*\((\d{1,9})\)$")
_AVAILABLE = lazy_re.compile(r"^\d{1,9}/(\d{1,9}) nodes are available:?\s*")
_UNAVAILABLE = lazy_re.compile(r"^(?:\d{1,9}/(\d{1,9})|all) nodes are unavailable:?\s*")


def _message_span(text: str) -> tuple[re.Match, str] | None:
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
    return m, body.strip()


def parse_scheduling_message(text: str) -> SchedulingMessage | None:
    """The scheduling failure in `text` (an event note, condition message or describe row).

    >>> m = parse_scheduling_message("0/6 nodes are available: 3 node(s) didn't match node selector, "
    ...                              "6 Insufficient nvidia.com/gpu.")
    >>> m.total_nodes, [(r.count, r.kind.value, r.resource) for r in m.reasons]
    (6, [(3, 'node_affinity', None), (6, 'insufficient_resource', 'nvidia.com/gpu')])

    Returns None when the text holds no scheduler or autoscaler message.
    """
    try:
        text = bounded_text(text)
        return _parse(text) or _headerless(text)
    except (ValueError, IndexError, RecursionError):   # defensive: never raise on untrusted text
        return None


_HEADERLESS = lazy_re.compile(r"^\d{1,9} (?:node\(s\)|Insufficient )")


def _headerless(text: str) -> SchedulingMessage | None:
    """The reason list of a default-scheduler message whose `0/N nodes are available:` head was
    trimmed away (a ticket quoting `1 node(s) had untolerated taint {...}`, a describe row cut
    to fit): judged by its reasons when one of them is a catalogued wording, total unknown.

    >>> [r.kind.value for r in _headerless("1 node(s) had untolerated taint {nvidia.com/gpu: present}").reasons]
    ['taint']
    """
    body = _WS.sub(" ", text.split("\n", 1)[0]).strip()
    if not _HEADERLESS.match(body):
        return None
    reasons = _parse_reasons(body, None, autoscaler=False)
    if not any(r.kind is not ReasonKind.OTHER for r in reasons):
        return None
    return SchedulingMessage(Origin.SCHEDULER, None, reasons, None, (), False, body)


def _parse(text: str, depth: int = 0) -> SchedulingMessage | None:
    span = _message_span(text)
    if span is None:
        return None
    m, body = span
    truncated = body.endswith(" ...")
    if truncated:
        body = body[:-4].rstrip()
    if m.group("none"):
        return SchedulingMessage(Origin.NO_NODES, 0, (), None, (), truncated, body)
    if m.group("gated"):
        reason = Reason(0, "waiting for scheduling gates", ReasonKind.SCHEDULING_GATED,
                        format=ReasonFormat.GATED_CONDITION)
        return SchedulingMessage(Origin.GATED, None, (reason,), None, (), truncated, body)
    if m.group("old"):    # <=1.7: "<reason> (<count>), ..." and no node total
        rest = re.sub(r"^[^:]*:+\s*", "", body, count=1)
        items = [_LEGACY_ITEM.match(i.strip()) for i in _strip_end(rest).split(", ")]
        reasons = tuple(classify_reason(i.group(1).strip(), int(i.group(2))) for i in items if i)
        return SchedulingMessage(Origin.SCHEDULER_LEGACY, None, reasons, None, (), truncated, body)
    if m.group("gang"):
        return _gang(m, body, truncated, depth)
    if m.group("vbare") or m.group("kai") and not body.startswith("no nodes with enough resources were found"):
        origin = Origin.VOLCANO if m.group("vbare") else Origin.KAI
        inner = _inner(body, depth)
        head = body.split(": no nodes with enough resources", 1)[0] if origin is Origin.KAI else body
        reason = classify_reason(_strip_end(head), 0, prefilter=True)
        reasons = (reason,) + (inner.reasons if inner else ())
        return SchedulingMessage(origin, inner.total_nodes if inner else None, reasons, None, (), truncated, body)
    if m.group("hami"):
        count = int(re.search(r"\d{1,9}", body[len("no available node, "):]).group(0))
        reason = classify_reason(_strip_end(body), count, prefilter=True)
        return SchedulingMessage(Origin.HAMI, count, (reason,), None, (), truncated, body)
    if m.group("fw"):
        reason = classify_reason(_strip_end(body), 0, prefilter=True)
        return SchedulingMessage(Origin.FRAMEWORK, None, (reason,), None, (), truncated, body)

    autoscaler = bool(m.group("ca"))
    if autoscaler:
        origin, total = Origin.AUTOSCALER, None
        rest = re.sub(r"^pod didn't trigger scale-up(?: \([^)]{0,200}\))?:?\s*", "", body)
    elif m.group("vol"):
        origin, total = Origin.VOLCANO, int(m.group("vn")) if m.group("vn") else None
        rest = _UNAVAILABLE.sub("", body, count=1)
    elif m.group("kai"):
        origin, total = Origin.KAI, None
        rest = body[len("no nodes with enough resources were found"):].lstrip(":").strip()
    else:
        origin, total = Origin.SCHEDULER, int(m.group("n"))
        rest = _AVAILABLE.sub("", body, count=1)

    preemption = None
    pm = _PREEMPTION.search(rest)
    if pm:
        preemption = _parse_preemption(rest[pm.end():])
        rest = rest[:pm.start()]
    post: list[str] = []
    for _ in range(_MAX_POST):
        dm = _POST.search(rest)
        if not dm:
            break
        post.insert(0, dm.group(1))
        rest = rest[:dm.start()]
    reasons = _parse_reasons(rest, total, autoscaler=autoscaler, kai=origin is Origin.KAI)
    return SchedulingMessage(origin, total, reasons, preemption, tuple(post), truncated, body)


def _inner(body: str, depth: int) -> SchedulingMessage | None:
    """A histogram nested in a gang / queue message (Volcano's `Origin reason is ...`)."""
    if depth >= 2:
        return None
    m = _START.search(body, 1)
    return _parse(body[m.start():], depth + 1) if m else None


def _gang(m: re.Match, body: str, truncated: bool, depth: int) -> SchedulingMessage:
    unready = int(m.group("gu"))
    head = body.split(". Origin reason is", 1)[0]
    gang = Reason(unready, _strip_end(head), ReasonKind.GANG, custom=True, prefilter=True,
                  format=ReasonFormat.VOLCANO_GANG)
    inner = _inner(body, depth)
    reasons = (gang,) + (inner.reasons if inner else ())
    return SchedulingMessage(Origin.GANG, inner.total_nodes if inner else None, reasons, None, (), truncated, body)


def _strip_end(text: str) -> str:
    return text.strip().rstrip(".").rstrip()


def _parse_reasons(text: str, total: int | None, autoscaler: bool, kai: bool = False) -> tuple[Reason, ...]:
    text = _strip_end(text).rstrip(",").strip()
    if not text:
        return ()
    items = (_KAI_SPLIT if kai else _ITEM_SPLIT).split(text, maxsplit=_MAX_ITEMS)[:_MAX_ITEMS]
    if not _ITEM.match(items[0]):
        # PreFilter: one message for every node (may itself contain ", ")
        return (classify_reason(text, total or 0, prefilter=True, autoscaler=autoscaler),)
    out = []
    for item in items:
        m = _ITEM.match(item.strip())
        if m:
            out.append(classify_reason(_strip_end(m.group(2)) if kai else m.group(2).strip(), int(m.group(1)),
                                       autoscaler=autoscaler))
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

_TAINT_KV = lazy_re.compile(r"taint \{(?P<k>[^{}:]{0,320}):\s?(?P<v>[^{}]{0,320})\}")
_PLUGINS = lazy_re.compile(r"\[([^\[\]]{0,1024})\]")
_QUOTED = lazy_re.compile(r"\"([^\"]{0,512})\"")

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

F, K = ReasonFormat, ReasonKind
_Q = r"\"[^\"]{0,512}\""            # a %q-quoted name
_O = r"\S{1,512}"                   # ns/name, a klog.KObj
_T = r".{0,4096}"                   # free text (an error, a Go map): bounded
# (format, anchored pattern, kind, custom): the first match wins; each pattern is anchored and
# bounded, so matching one reason costs time linear in its length
_FORMATS: tuple[tuple[ReasonFormat, re.Pattern, ReasonKind, bool], ...] = tuple(
    (f, lazy_re.compile(p, re.S), k, c) for f, p, k, c in (
        (F.FIT_TOO_MANY_PODS, r"Too many pods", K.TOO_MANY_PODS, False),
        (F.LEGACY_INSUFFICIENT_PODS, r"Insufficient pods", K.TOO_MANY_PODS, False),
        (F.FIT_INSUFFICIENT, r"Insufficient [^\s,]{1,317}", K.INSUFFICIENT_RESOURCE, False),
        (F.NODEAFFINITY_POD, r"node\(s\) didn't match Pod's node affinity/selector", K.NODE_AFFINITY, False),
        (F.NODEAFFINITY_ENFORCED, r"node\(s\) didn't match scheduler-enforced node affinity", K.NODE_AFFINITY, False),
        (F.NODEAFFINITY_CONFLICT, r"pod affinity terms conflict", K.NODE_AFFINITY, False),
        (F.LEGACY_NODE_AFFINITY, r"node\(s\) didn't match Pod's node affinity", K.NODE_AFFINITY, False),
        (F.LEGACY_NODE_SELECTOR, r"node\(s\) didn't match node selector", K.NODE_AFFINITY, False),
        (F.NODENAME, r"node\(s\) didn't match the requested node name", K.NODE_NAME, False),
        (F.LEGACY_HOSTNAME, r"node\(s\) didn't match the requested hostname", K.NODE_NAME, False),
        (F.NODEPORTS, r"node\(s\) didn't have free ports for the requested pod ports", K.PORTS, False),
        (F.UNSCHEDULABLE, r"node\(s\) were unschedulable", K.UNSCHEDULABLE, False),
        (F.UNKNOWN_CONDITION, r"node\(s\) had unknown conditions", K.NODE_NOT_READY, False),
        (F.TAINT_HIDDEN, r"node\(s\) had untolerated taint\(s\)", K.TAINT, False),
        (F.TAINT_KV, r"node\(s\) had untolerated taint \{[^{}]{0,640}\}", K.TAINT, False),
        (F.TAINT_LEGACY_KV, r"node\(s\) had taints? \{[^{}]{0,640}\},? that the pod didn't tolerate", K.TAINT, False),
        (F.TAINT_GENERIC, r"node\(s\) had taints that the pod didn't tolerate", K.TAINT, False),
        (F.VB_UNBOUND_IMMEDIATE, r"pod has unbound immediate PersistentVolumeClaims", K.UNBOUND_PVC, False),
        (F.VB_PVC_NOT_FOUND, rf"persistentvolumeclaim {_Q} not found", K.UNBOUND_PVC, False),
        (F.VB_EPHEMERAL_PENDING, rf"waiting for ephemeral volume controller to create the persistentvolumeclaim {_Q}",
         K.UNBOUND_PVC, False),
        (F.VB_PVC_LOST, rf"persistentvolumeclaim {_Q} bound to non-existent persistentvolume {_Q}", K.UNBOUND_PVC, False),
        (F.VB_PVC_DELETING, rf"persistentvolumeclaim {_Q} is being deleted", K.UNBOUND_PVC, False),
        (F.VB_EPHEMERAL_NOT_OWNED, rf"PVC {_O} was not created for pod {_O} \(pod is not owner\)", K.UNBOUND_PVC, False),
        (F.VB_BIND_CONFLICT, r"node\(s\) didn't find available persistent volumes to bind", K.VOLUME_OTHER, False),
        (F.VB_NODE_CONFLICT, r"node\(s\) had volume node affinity conflict", K.VOLUME_NODE_AFFINITY, False),
        (F.VB_PV_NODE_AFFINITY, r"node\(s\) didn't match PersistentVolume's node affinity", K.VOLUME_NODE_AFFINITY,
         False),
        (F.VB_NOT_ENOUGH_SPACE, r"node\(s\) did not have enough free storage", K.VOLUME_OTHER, False),
        (F.VB_PV_NOT_EXIST, r"node\(s\) unavailable due to one or more pvc\(s\) bound to non-existent pv\(s\)",
         K.VOLUME_OTHER, False),
        (F.VR_DISK_CONFLICT, r"node\(s\) had no available disk", K.VOLUME_OTHER, False),
        (F.VR_RWOP_CONFLICT, r"node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod "
                             r"access mode", K.VOLUME_OTHER, False),
        (F.VOLUME_ZONE, r"node\(s\) had no available volume zone", K.VOLUME_OTHER, False),
        (F.VOLUME_LIMITS, r"node\(s\) exceed max volume count", K.VOLUME_OTHER, False),
        (F.SPREAD_LABEL, r"node\(s\) didn't match pod topology spread constraints \(missing required label\)",
         K.TOPOLOGY_SPREAD, False),
        (F.SPREAD, r"node\(s\) didn't match pod topology spread constraints", K.TOPOLOGY_SPREAD, False),
        (F.AFFINITY, r"node\(s\) didn't match pod affinity rules", K.POD_AFFINITY, False),
        (F.ANTI_AFFINITY, r"node\(s\) didn't match pod anti-affinity rules", K.POD_ANTI_AFFINITY, False),
        (F.EXISTING_ANTI_AFFINITY, r"node\(s\) didn't satisfy existing pods anti-affinity rules", K.POD_ANTI_AFFINITY,
         False),
        (F.AFFINITY_PARSE_ERROR, rf"parsing pod: {_T}", K.POD_AFFINITY, False),
        (F.LEGACY_POD_AFFINITY, r"node\(s\) didn't match pod affinity/anti-affinity(?: rules)?", K.POD_AFFINITY, False),
        (F.DRA_CANNOT_ALLOCATE, r"cannot allocate all claims", K.DRA, False),
        (F.DRA_NOT_ON_NODE, r"resourceclaim not available on the node", K.DRA, False),
        (F.DRA_IN_USE, r"resourceclaim in use", K.DRA, False),
        (F.DRA_MUST_REALLOCATE, r"resourceclaim must be reallocated", K.DRA, False),
        (F.DRA_CLAIM_NOT_FOUND, rf"resourceclaims?(?:\.resource\.k8s\.io)? {_Q} not found", K.DRA, False),
        (F.DRA_CLAIM_NOT_CREATED, rf"pod {_Q}: ResourceClaim not created yet", K.DRA, False),
        (F.DRA_WAITING_CONTROLLER, rf"waiting for dynamic resource controller to create the resourceclaim {_Q}",
         K.DRA, False),
        (F.DRA_CLAIM_DELETING, rf"resourceclaim {_Q} is being deleted", K.DRA, False),
        (F.DRA_CLAIM_NOT_OWNED, rf"ResourceClaim {_O} was not created for [Pp]od {_O} \([Pp]od is not owner\)", K.DRA, False),
        (F.DRA_BEING_ALLOCATED, rf"resource claim {_O} is in the process of being allocated", K.DRA, False),
        # or the class lister's NotFound error itself (apimachinery `%s %q not found`), as the claim's above
        (F.DRA_DEVICE_CLASS_MISSING, rf"request {_O}: device class {_O} does not exist"
                                     rf"|(?:.{{0,256}}?: )?deviceclass(?:\.resource\.k8s\.io)? {_Q} not found", K.DRA, False),
        (F.DRA_RESOURCE_CLASS_MISSING, rf"resource class {_O} does not exist"
                                       rf"|(?:.{{0,256}}?: )?resourceclass(?:\.resource\.k8s\.io)? {_Q} not found", K.DRA, False),
        (F.DRA_SUBREQUESTS_DISABLED, rf"resource claim {_O}, request {_O}: has subrequests, but the DRAPrioritizedList "
                                     r"feature is disabled", K.DRA, False),
        (F.DRA_UNALLOCATED_IMMEDIATE, r"unallocated immediate resourceclaim", K.DRA, False),
        (F.DRA_CLASS_FILTER, r"excluded by resource class node filter", K.DRA, False),
        (F.DRA_UNSUITABLE, r"resourceclaim cannot be allocated for the node \(unsuitable\)", K.DRA, False),
        (F.DRA_STRUCTURED_FAILED, rf"checking structured parameters failed: {_T}", K.DRA, False),
        (F.DRA_PARAMETERS_NOT_FOUND, rf"(?:generated )?(?:class|claim) parameters (?:for {_O} )?{_O} not found",
         K.DRA, False),
        (F.DRA_API_UNSUPPORTED, rf"pod {_Q}, spec\.resourceClaim {_Q}: none of the supported fields are set", K.DRA,
         False),
        (F.DRA_ALLOCATE_TIMEOUT, r"timed out trying to allocate devices", K.DRA, False),
        (F.DRA_EXTENDED_NO_FIT, r"cannot fit resource", K.DRA, False),
        (F.DRA_EXTENDED_CLAIM, r"cannot schedule extended resource claim", K.DRA, False),
        (F.DRA_NODE_ALLOCATABLE, rf"node allocatable resource claim {_O} (?:shared by multiple pods|is already used by "
                                 rf"another pod)|pod level request for {_O} is insufficient to cover the aggregated "
                                 rf"container and node-allocatable DRA requests|claim {_O}: node-allocatable resource "
                                 r"claim not referenced by any container within the pod", K.DRA, False),
        (F.NODE_FEATURES, r"node\(s\) didn't match Pod's required features", K.NODE_FEATURES, False),
        # kube-scheduler's pod-group cycle (GangScheduling's PlacementFeasible / Permit statuses, schedule_one_podgroup.go):
        # a member the group holds back gets the group's status as its own message
        (F.GANG_MIN_COUNT, r"minCount \(\d{1,9}\) cannot be satisfied: \d{1,9} scheduled(?:, \d{1,9} remaining)?",
         K.POD_GROUP, False),
        (F.GANG_MIN_COUNT_WAIT, r"minCount \(\d{1,9}\) is not yet satisfied: \d{1,9} scheduled, \d{1,9} remaining"
                                r"|waiting for minCount pods from a gang to be scheduled", K.POD_GROUP, False),
        (F.POD_GROUP_UNSCHEDULABLE, r"pod group is unschedulable", K.POD_GROUP, False),
        (F.POD_GROUP_PREEMPTION, r"preemption is required for other pods from a pod group"
                                 r"|pod group is waiting for preemption to complete", K.POD_GROUP, False),
        (F.GATES, rf"waiting for scheduling gates: \[{_T}\]", K.SCHEDULING_GATED, False),
        (F.PREFILTER_PLUGINS, r"node\(s\) didn't satisfy plugin\(s\) \[[^\[\]]{0,1024}\](?: simultaneously)?",
         K.PREFILTER_EXCLUDED, False),
        (F.PREFILTER_PLUGIN, r"node\(s\) didn't satisfy plugin \[?[\w.\-]{1,128}\]?", K.PREFILTER_EXCLUDED, False),
        (F.PREFILTER_FILTERED_OUT, r"node is filtered out by the prefilter result", K.PREFILTER_EXCLUDED, False),
        # VolumeBinding's PreBind (volume_binding.go "binding volumes: %w"; binder.go checkBindings
        # "pv %q node affinity doesn't match node %q: %w"): the volume the pod was bound to cannot be on the node
        (F.VB_PREBIND_NODE_AFFINITY, rf"running PreBind plugin \"VolumeBinding\": binding volumes: pv {_Q} node "
         rf"affinity doesn't match node {_Q}(?:: {_T})?", K.VOLUME_NODE_AFFINITY, False),
        (F.PLUGIN_ERROR, rf"running (?:\w{{1,16}} plugin \"[\w.\-]{{1,64}}\"|\"[\w.\-]{{1,64}}\" filter plugin): {_T}",
         K.SCHEDULER_ERROR, False),
        (F.PERMIT_TIMEOUT, r"rejected due to timeout after waiting \S{1,32} at plugin [\w.\-]{1,64}", K.GANG, False),
        (F.SKIP_DELETING, r"skip schedule deleting pod: \S{1,512}", K.POD_DELETING, False),
        (F.LEGACY_NODE_CONDITION, r"node\(s\) (?:had (?:memory|disk|pid) pressure|were out of disk space)",
         K.NODE_CONDITION, False),
        (F.LEGACY_NOT_READY, r"node\(s\) (?:were not ready|had network unavailable|network is unavailable)",
         K.NODE_NOT_READY, False),
        # cluster-autoscaler, per node group
        (F.CA_BACKOFF, r"in backoff after failed scale-up", K.SCALE_UP_BACKOFF, False),
        (F.CA_NOT_READY, r"not ready for scale-up", K.SCALE_UP_BACKOFF, False),
        (F.CA_MAX_SIZE, r"max node group size reached", K.NODE_GROUP_LIMIT, False),
        (F.CA_MAX_RESOURCE, r"max cluster [^\n]{1,512} limit reached", K.NODE_GROUP_LIMIT, False),
        (F.CA_QUOTA, rf"exceeded quota: {_Q}, resources: {_T}", K.NODE_GROUP_LIMIT, False),
        (F.CA_ATOMIC_LIMIT, r"atomic scale-up exceeds cluster node count limit", K.NODE_GROUP_LIMIT, False),
        (F.CA_ALL_OR_NOTHING, r"not all pods would fit and scale-up is using all-or-nothing strategy",
         K.SCALE_UP_REJECTED, False),
        (F.CA_MAX_TOTAL_NODES, r"max total nodes in cluster reached", K.NODE_GROUP_LIMIT, False),
        (F.CA_EXECUTION_FAILED, r"scale-up execution failed", K.SCALE_UP_REJECTED, False),
        (F.CA_EXPANSION_FILTERED, r"expansion options filtered out and no longer considered", K.SCALE_UP_REJECTED, False),
        (F.CA_PROVISIONING_REQUEST, rf"(?:Unschedulable pod didn't trigger scale-up)?,? ?because it's consuming "
                                    rf"ProvisioningRequest {_O}", K.PROVISIONING_REQUEST, False),
        # scheduler-plugins coscheduling (PreFilter / Permit)
        (F.COSCHED_SIBLINGS, r"pre-filter pod \S{1,253} cannot find enough sibling pods, current pods number: "
                             r"\d{1,9}, minMember of group: \d{1,9}", K.GANG, True),
        (F.COSCHED_GATED, r"pre-filter pod \S{1,253} cannot proceed due to gated pods in the same PodGroup", K.GANG,
         True),
        (F.COSCHED_FAILED_RECENTLY, r"podGroup \S{1,512} failed recently", K.GANG, True),
        (F.COSCHED_RESOURCE_GAP, rf"resource gap: {_T}", K.GANG, True),
        (F.COSCHED_NOT_FOUND, r"PodGroup not found", K.GANG, True),
        # Volcano
        (F.VOLCANO_POD_NUMBER, r"node\(s\) pod number exceeded", K.TOO_MANY_PODS, True),
        (F.VOLCANO_FIT_FAILED, r"node\(s\) resource fit failed", K.INSUFFICIENT_RESOURCE, True),
        (F.VOLCANO_NOT_ENOUGH_TASKS, r"Not enough valid tasks for gang-scheduling, valid: \d{1,9}, min: \d{1,9}",
         K.GANG, True),
        (F.VOLCANO_NOT_ENOUGH_PODS, r"Not enough valid (?:pods|subGroups) of each task for gang-scheduling", K.GANG,
         True),
        (F.VOLCANO_QUEUE_QUOTA, rf"queue resource quota insufficient{_T}", K.QUOTA, True),
        (F.VOLCANO_TASK_FIT, rf"task {_O} on node {_O} fit failed: {_T}", K.OTHER, True),
        # KAI-scheduler
        (F.KAI_NOT_ENOUGH, r"node\(s\) didn't have enough resources: [^\n]{1,256}", K.INSUFFICIENT_RESOURCE, True),
        (F.KAI_MIG_PROFILE, r"node\(s\) didn't have enough of mig profile: [^\n]{1,256}", K.INSUFFICIENT_RESOURCE,
         True),
        (F.KAI_OVER_QUOTA, rf"Non-preemptible workload is over quota\.{_T}", K.QUOTA, True),
        (F.KAI_OVER_LIMIT, rf"\S{{1,253}} quota has reached the allowable limit of {_T}", K.QUOTA, True),
        (F.KAI_REASON, r"NonPreemptibleOverQuota|OverLimit", K.QUOTA, True),
        (F.KAI_REASON, r"QueueDoesNotExist", K.CUSTOM_FILTER, True),
        (F.KAI_POD_FIT, rf"Pod {_O} cannot be scheduled on node {_O}\. reasons: {_T}", K.OTHER, True),
        (F.KAI_POD_FIT, rf"Unable to schedule podgroup{_T}", K.OTHER, True),
        # HAMi
        (F.HAMI_NO_NODE, r"no available node, \d{1,9} nodes do not meet", K.CUSTOM_FILTER, True),
        (F.HAMI_NODE_REASON, r"node unregisterd?|node unregistered|node usage unavailable|NodeUnfitPod",
         K.CUSTOM_FILTER, True),
        (F.HAMI_CARD_REASONS, r"\d{1,9}/\d{1,9} [A-Z]\w{1,64}(?:, \d{1,9}/\d{1,9} [A-Z]\w{1,64}){0,32}",
         K.CUSTOM_FILTER, True),
    ))
del F, K
_CAMEL = lazy_re.compile(r"^[A-Z][a-z]+(?:[A-Z][a-z0-9]*)+$")
# in-tree plugins whose every error is about one object kind the pod names
_PLUGIN_KINDS = {"DynamicResources": ReasonKind.DRA}
_MAX_REASON = 8192          # a longer "reason" is no catalogued wording: kept as OTHER


def classify_reason(text: str, count: int, prefilter: bool = False, autoscaler: bool = False) -> Reason:
    """One reason text -> its kind, its catalogued format and parameters (resource, taint, plugins, claim).

    >>> r = classify_reason("node(s) had untolerated taint {node.kubernetes.io/unreachable: }", 1)
    >>> r.kind.value, r.format.value, r.taint_key, r.taint_value
    ('taint', 'tainttoleration.untolerated_kv', 'node.kubernetes.io/unreachable', '')
    """
    text = text.strip() if isinstance(text, str) else ""
    kind, fmt, custom = ReasonKind.OTHER, ReasonFormat.UNKNOWN, False
    predicate = _PREDICATES.get(text)
    if predicate is not None:
        kind, fmt = predicate, ReasonFormat.LEGACY_PREDICATE
    elif len(text) <= _MAX_REASON:
        hit = next(((f, k, c) for f, p, k, c in _FORMATS if p.fullmatch(text)), None)
        if hit is not None:
            fmt, kind, custom = hit
        elif text.lower().startswith("insufficient "):
            # e.g. gpushare "Insufficient GPU Memory in one device": a shortage, but not kube-scheduler's
            kind, custom = ReasonKind.INSUFFICIENT_RESOURCE, True
        elif _CAMEL.match(text):
            # a CamelCase word that is no kube-scheduler predicate: HAMi NodeUnfitPod, ExceedsGPUQuota...
            custom = True
            kind = ReasonKind.QUOTA if "Quota" in text else ReasonKind.CUSTOM_FILTER
    resource = taint_key = taint_value = claim = None
    plugins: tuple[str, ...] = ()
    if kind is ReasonKind.INSUFFICIENT_RESOURCE:
        if fmt is ReasonFormat.FIT_INSUFFICIENT:
            resource = text.split(None, 1)[1]
        elif fmt in (ReasonFormat.KAI_NOT_ENOUGH, ReasonFormat.KAI_MIG_PROFILE):
            resource = text.rsplit(": ", 1)[1].strip()
    elif kind is ReasonKind.TAINT:
        m = _TAINT_KV.search(text)
        if m:
            taint_key, taint_value = m.group("k").strip(), m.group("v").strip()
    elif kind is ReasonKind.PREFILTER_EXCLUDED:
        m = _PLUGINS.search(text)
        if m:
            plugins = tuple(p for p in re.split(r"[\s,]+", m.group(1)) if p)
        elif fmt is ReasonFormat.PREFILTER_PLUGIN:
            plugins = (text.rsplit(" ", 1)[1],)
    elif kind is ReasonKind.SCHEDULER_ERROR:
        m = _QUOTED.search(text)
        plugins = (m.group(1),) if m else ()
        if plugins and plugins[0] in _PLUGIN_KINDS:
            # the framework's wrapper names the plugin that erred (runtime/framework.go `running %q filter
            # plugin: %w`, `running %s plugin %q: %w`): DynamicResources errs only while allocating the pod's
            # claims (its allocator's `class %s: selector #%d: CEL runtime error: %w` and the like)
            kind = _PLUGIN_KINDS[plugins[0]]
    elif kind in (ReasonKind.UNBOUND_PVC, ReasonKind.DRA, ReasonKind.VOLUME_OTHER):
        m = _QUOTED.search(text)
        claim = m.group(1) if m else None
        if claim and fmt in (ReasonFormat.DRA_CLAIM_NOT_CREATED, ReasonFormat.DRA_API_UNSUPPORTED):
            claim = None                    # the quoted name is the pod's
        if claim is None and fmt is ReasonFormat.DRA_BEING_ALLOCATED:
            claim = text.split(" ")[2].split("/")[-1]        # resource claim ns/name is in the process ...
        elif claim is None and fmt in (ReasonFormat.DRA_CLAIM_NOT_OWNED, ReasonFormat.VB_EPHEMERAL_NOT_OWNED):
            claim = text.split(" ")[1].split("/")[-1]        # ResourceClaim|PVC ns/name was not created ...
    elif kind is ReasonKind.GANG and fmt is ReasonFormat.COSCHED_FAILED_RECENTLY:
        claim = text.split(" ")[1]
    return Reason(count, text, kind, resource, taint_key, taint_value, plugins, claim, custom, prefilter, fmt)
