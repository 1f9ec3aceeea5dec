"""Rules of the scheduler layer: why a pod is not placed (or not even created).

The scheduler's message says which filters failed on how many nodes, not why. This rule
joins it with the nodes: when some GPU node could hold the pod, the blocker is what
excludes that node (taint, affinity, cordon, pod affinity, volume zone...); when no node
has a free GPU, it is `insufficient_gpu` (naming who holds them, or the rollout that needs
one more), and when no node advertises the resource at all, the node/plugin/runtime/driver
findings explain it. Without nodes.json a GPU shortage cannot be told apart: a gap.
"""

from __future__ import annotations

from msgspec.structs import replace

from triage.bundle.quantity import parse_quantity
from triage.classify.model import Certainty, Finding, Gap
from triage.classify.rules.autoscaling import autoscaler_event, scale_up_in_progress
from triage.classify.rules.base import NeedGap, clip, pod_subject, rule
from triage.classify.rules.node import node_matches_selector
from triage.evidence.scheduler_message import Origin, ReasonKind as K, SchedulingMessage

_KIND_ID = {
    K.TOO_MANY_PODS: "scheduler.too_many_pods",
    K.TOPOLOGY_SPREAD: "scheduler.topology_spread_unsatisfied",
    K.POD_AFFINITY: "scheduler.pod_affinity_conflict",
    K.POD_ANTI_AFFINITY: "scheduler.pod_affinity_conflict",
    K.VOLUME_NODE_AFFINITY: "scheduler.volume_node_affinity_conflict",
    K.UNBOUND_PVC: "scheduler.unbound_pvc",
    K.DRA: "scheduler.dra_claim_unallocatable",
    K.QUOTA: "scheduler.quota_exceeded",
    K.UNSCHEDULABLE: "scheduler.node_unschedulable",
    K.TAINT: "scheduler.untolerated_taint",
    K.NODE_AFFINITY: "scheduler.node_affinity_mismatch",
    K.CUSTOM_FILTER: "scheduler.custom_scheduler_rejected",
    K.SCALE_UP_BACKOFF: "scheduler.autoscaler_no_scale_up",
    K.NODE_GROUP_LIMIT: "scheduler.autoscaler_no_scale_up",
    K.SCALE_UP_REJECTED: "scheduler.autoscaler_no_scale_up",
    K.PROVISIONING_REQUEST: "scheduler.autoscaler_no_scale_up",
    K.GANG: "scheduler.custom_scheduler_rejected",
    K.POD_GROUP: "scheduler.gang_incomplete",
    K.SCHEDULING_GATED: "scheduler.scheduling_gated",
    # recognised filters with no GPU meaning of their own: the quoted reason names the filter
    K.PORTS: "scheduler.other_filter",
    K.NODE_NAME: "scheduler.other_filter",
    K.NODE_CONDITION: "scheduler.other_filter",
    K.NODE_NOT_READY: "scheduler.other_filter",
    K.VOLUME_OTHER: "scheduler.other_filter",
    K.PREFILTER_EXCLUDED: "scheduler.other_filter",
    K.NODE_FEATURES: "scheduler.other_filter",
    K.SCHEDULER_ERROR: "scheduler.other_filter",
}
UNRECOGNISED = "scheduler.rejected_unrecognised"
_CUSTOM_ORIGINS = frozenset({Origin.KAI, Origin.VOLCANO, Origin.GANG, Origin.HAMI})
# event reasons schedulers write for a pod they cannot place (kube-scheduler, HAMi, KAI / Volcano)
SCHEDULER_REASONS = ("FailedScheduling", "FilteringFailed", "Unschedulable")
GPU_PREFIXES = ("nvidia.com/", "alpha.kubernetes.io/nvidia-gpu", "amd.com/gpu")


def _requested(pod, res: str) -> int:
    """The pod's request of one extended resource (the larger of limit and request per container)."""
    total = 0
    for c in pod.containers:
        raw = c.limits.get(res) or c.requests.get(res)
        try:
            total += int(str(raw)) if raw is not None else 0
        except ValueError:
            total += 1
    return total


def latest_scheduling_message(ctx, pod):
    """(parsed message, citation) of the newest FailedScheduling event, else the PodScheduled condition."""
    from triage.evidence.scheduler_message import parse_scheduling_message
    for ev in reversed(ctx.pod_events(pod)):
        if ev.reason in SCHEDULER_REASONS and not autoscaler_event(ev):
            msg = parse_scheduling_message(ev.message)
            if msg is not None:
                return msg, ctx.cite_event(ev)
    c = pod.condition("PodScheduled")
    if c is not None and c.status == "False" and c.message:
        msg = parse_scheduling_message(c.message)
        if msg is not None:
            return msg, ctx.cite_object(pod, f"PodScheduled=False {c.reason}: {c.message}")
    return None, None


def _own_scheduler_words(ctx, pod):
    """(text, citation) of what a non-default scheduler (the pod's schedulerName) said in its own
    words: its newest Warning FailedScheduling/FilteringFailed event, else the pod's
    PodScheduled=False condition message (the scheduler writes both; a bundle may hold one)."""
    if pod.scheduler_name in ("", "default-scheduler"):
        return None
    for ev in reversed(ctx.pod_events(pod)):
        if ev.type == "Warning" and (ev.reason in SCHEDULER_REASONS or ev.source_component == pod.scheduler_name) \
                and ev.source_component not in ("", "default-scheduler") and ev.message.strip():
            return ev.message, ctx.cite_event(ev)
    c = pod.condition("PodScheduled")
    if c is not None and c.status == "False" and c.message and c.message.strip():
        return c.message, ctx.cite_object(pod, f"PodScheduled=False {c.reason}: {c.message}")
    return None


def _any_scheduler_words(ctx, pod):
    """(text, citation) of the newest FailedScheduling / FilteringFailed event or PodScheduled=False
    message, whatever its wording (None: the scheduler said nothing)."""
    for ev in reversed(ctx.pod_events(pod)):
        if (ev.reason in SCHEDULER_REASONS or (ev.source_component and ev.source_component == pod.scheduler_name)) \
                and ev.message.strip() and not autoscaler_event(ev):
            return ev.message, ctx.cite_event(ev)
    c = pod.condition("PodScheduled")
    if c is not None and c.status == "False" and c.message and c.message.strip():
        return c.message, ctx.cite_object(pod, f"PodScheduled=False {c.reason}: {c.message}")
    return None


def _unallocated_claims(ctx, pod) -> list:
    """The pod's ResourceClaims in the bundle (named in its resourceClaimStatuses or spec, or owned
    by it), when every one of them is unallocated (no status.allocation); [] otherwise."""
    if not pod.resource_claims:
        return []
    status = pod.raw.get("status") if isinstance(pod.raw.get("status"), dict) else {}
    named = {str(s.get("resourceClaimName")) for s in status.get("resourceClaimStatuses") or () if isinstance(s, dict)}
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    named |= {str(c.get("resourceClaimName") or (c.get("source") or {}).get("resourceClaimName"))
              for c in spec.get("resourceClaims") or () if isinstance(c, dict)}
    mine = [c for c in ctx.resource_claims.get(pod.namespace or "", ())
            if (c.name in named or (
                c.controller is not None and c.controller.kind == "Pod" and c.controller.name == pod.name))]
    allocated = any(isinstance(c.raw.get("status"), dict) and c.raw["status"].get("allocation") for c in mine)
    return [] if allocated else mine


def _gates(pod) -> list:
    gates = pod.raw.get("spec", {}).get("schedulingGates") if isinstance(pod.raw.get("spec"), dict) else None
    return [g for g in gates if isinstance(g, dict)] if isinstance(gates, list) else []


def _status_fields(pod) -> dict:
    status = pod.raw.get("status") if isinstance(pod.raw.get("status"), dict) else {}
    return {k: status[k] for k in ("phase", "conditions", "nominatedNodeName") if k in status}


def _tolerated(pod, node) -> tuple[bool, list]:
    bad = [t for t in node.taints if t.effect in ("NoSchedule", "NoExecute") and not pod.tolerates(t)]
    return not bad, bad


def _free(ctx, node, res) -> int:
    return node.gpu_allocatable.get(res, 0) - ctx.gpu_used.get((node.name, res), 0)


HOLDERS_SHOWN = 20


def _reason_findings(msg, emit, first_only: bool = False, gpu_nodes=None):
    """The finding of each scheduler reason that maps to one (the message's wording: taint,
    affinity, ...), or only the first. With `gpu_nodes` (the nodes that offer the pod's GPU), a
    taint none of them carries is left out: it keeps the pod off nodes that could not run it anyway
    (the control plane's taint in `0/5 nodes are available: 1 node(s) had taint ..., 4 Insufficient
    nvidia.com/gpu`)."""
    for r in msg.reasons:
        if gpu_nodes is not None and r.kind is K.TAINT and r.taint_key is not None \
                and not any(t.key == r.taint_key for n in gpu_nodes for t in n.taints):
            continue
        fid = _KIND_ID.get(r.kind)
        if fid:
            yield emit(fid, message=r.text, taint=_taint_text(r))
            if first_only:
                return


def _holder_params(holders: list[str]) -> dict:
    """The first HOLDERS_SHOWN holders name the culprits, `holders_total` counts them all; the
    inventory lists every holder (a big cluster has thousands, and each pending pod's
    diagnosis would repeat them)."""
    return {"holders": holders[:HOLDERS_SHOWN],
            "holders_total": len(holders) if len(holders) > HOLDERS_SHOWN else None}


def _selector_keys(pod) -> list[str]:
    keys = list(pod.node_selector)
    for term in pod.required_node_affinity[:1]:
        keys += [k for k, _op, _vals in term if k not in keys]
    return keys


def _holders(ctx, nodes, res) -> list[str]:
    return sorted(h for n in nodes for h in ctx.gpu_holders.get((n.name, res), ()))


def _absent_label(ctx, pod):
    """(label, wanted values, values that exist) when a required label value exists on no node."""
    wanted: list[tuple[str, tuple[str, ...]]] = [(k, (v,)) for k, v in pod.node_selector.items()]
    for term in pod.required_node_affinity[:1]:
        wanted += [(k, vals) for k, op, vals in term if op == "In"]
    for key, vals in wanted:
        exists = list(ctx.label_values.get(key, ()))
        if not any(v in exists for v in vals):
            return key, list(vals), exists
    return None


def _rollout(ctx, pod, res):
    """The old replica of the same Deployment holds the GPU a RollingUpdate's new pod needs."""
    ref = pod.controller
    if ref is None or ref.kind != "ReplicaSet":
        return None
    rs = ctx.replicasets.get((pod.namespace or "", ref.name))
    dep_name = rs.controller.name if rs is not None and rs.controller else None
    if dep_name is None:
        return None
    siblings = {w.name for w in ctx.workloads if w.kind == "ReplicaSet" and (w.namespace or "") == (pod.namespace or "")
                and w.controller and w.controller.name == dep_name and w.name != ref.name}
    old = [p for p in ctx.all_pods if p.namespace == pod.namespace and p.controller and p.controller.name in siblings
           and not p.is_terminal and p.node_name and p.gpu_requests.get(res)]
    dep = next((w for w in ctx.workloads if w.kind == "Deployment" and w.name == dep_name
                and (w.namespace or "") == (pod.namespace or "")), None)
    if not old or dep is None or dep.strategy.get("type") == "Recreate":
        return None
    return dep, old


def _claim_not_created(ctx, pod):
    """(event, claim, template) of the newest FailedResourceClaimCreation on `pod` (the resource-claim
    controller could not make its claim), else None."""
    from triage.evidence.k8s_events.claim_creation import REASON, parse_claim_creation
    for ev in reversed(ctx.pod_events(pod)):
        if ev.reason == REASON and (r := parse_claim_creation(ev.message)) is not None:
            return ev, r.claim, r.template if r.template and "not found" in ev.message else None
    return None


@rule(ids=sorted(set(_KIND_ID.values()) | {"scheduler.insufficient_gpu", "scheduler.insufficient_cpu_memory",
                                            "scheduler.selector_label_absent", "scheduler.rollout_needs_extra_gpu",
                                            UNRECOGNISED, "scheduler.pending_unexplained"}),
      reads=("pods",))
def unschedulable(ctx):
    failing_by_name: dict[str, list] = {}
    for pod in ctx.scope_pods:
        if pod.node_name:
            yield ctx.checked(pod_subject(pod), [pod.source])      # placed: the scheduler did its part
            continue
        if pod.phase != "Pending":
            continue
        msg, cite = latest_scheduling_message(ctx, pod)
        if msg is None:
            own = _own_scheduler_words(ctx, pod)
            if own is not None:       # a non-default scheduler's own wording ("no available node, ...")
                text, own_cite = own
                yield ctx.finding("scheduler.custom_scheduler_rejected", "error", pod_subject(pod), [own_cite],
                                  "unrecognised", namespace=pod.namespace, pod=pod.name, message=text[:300],
                                  reason=pod.scheduler_name, scheduler=pod.scheduler_name)
                continue
            words = _any_scheduler_words(ctx, pod)
            if words is not None:     # the scheduler said why, in words no format knows
                text, any_cite = words
                by_state = list(_state_blockers(ctx, pod, text, any_cite))
                if by_state:          # the nodes' own state says what excludes them
                    yield from by_state
                    continue
                yield ctx.finding(UNRECOGNISED, "error", pod_subject(pod), [any_cite], "unrecognised",
                                  namespace=pod.namespace, pod=pod.name, message=text[:300],
                                  scheduler=pod.scheduler_name or None)
                continue
            gates = _gates(pod)
            if gates:
                yield ctx.finding("scheduler.scheduling_gated", "warning", pod_subject(pod),
                                  [ctx.cite_field(pod, f"{pod.name} spec.schedulingGates", gates)], "inferred",
                                  namespace=pod.namespace, pod=pod.name, values=[str(g.get("name")) for g in gates])
                continue
            if pod.namespace not in ctx.events_collected_ns:
                yield NeedGap(Gap("events", "not_collected", f"no events of namespace {pod.namespace}",
                                  f"list events in namespace {pod.namespace}", "scheduler"), pod_subject(pod))
                continue
            if pod.scheduler_name not in ("", "default-scheduler") and pod.condition("PodScheduled") is not None:
                # a custom scheduler saw the pod (PodScheduled=False) and wrote no word: its own pods say
                # whether it is failing (restarting, not ready, errors in its log); else its log says why
                if pod.scheduler_name not in failing_by_name:       # once per scheduler, not per pending pod
                    from triage.classify.rules.scheduler_controllers import scheduler_failing
                    failing_by_name[pod.scheduler_name] = scheduler_failing(ctx, pod.scheduler_name)
                failing = failing_by_name[pod.scheduler_name]
                if failing:
                    yield ctx.finding("scheduler.pending_unexplained", "error", pod_subject(pod),
                                      [ctx.cite_field(pod, f"{pod.name} status", _status_fields(pod)), *failing],
                                      "inferred", namespace=pod.namespace, pod=pod.name,
                                      scheduler=pod.scheduler_name)
                    continue
                yield NeedGap(Gap("scheduler", "no_message", f"{pod.scheduler_name} wrote no event or condition "
                                  f"message about {pod.namespace}/{pod.name}",
                                  f"the log of the {pod.scheduler_name} pods and its own objects (PodGroup, queue)",
                                  "scheduler"), pod_subject(pod))
                continue
            made = _claim_not_created(ctx, pod)
            if made is not None:
                # the resource-claim controller could not make the claim (its template is missing)
                ev, claim, template = made
                yield ctx.finding("scheduler.dra_claim_unallocatable", "error", pod_subject(pod), [ctx.cite_event(ev)],
                                  "recognised", namespace=pod.namespace, pod=pod.name, claim=claim, template=template,
                                  reason="claim_not_created", message=ev.message[:300])
                continue
            claims = _unallocated_claims(ctx, pod)
            if claims:
                # its DRA claims exist and none is allocated: the allocation is what it waits for
                yield ctx.finding("scheduler.dra_claim_unallocatable", "error", pod_subject(pod),
                                  [ctx.cite_field(c, f"ResourceClaim {c.name} status", c.raw.get("status") or {})
                                   for c in claims[:2]], "inferred", namespace=pod.namespace, pod=pod.name,
                                  claim=claims[0].name)
                continue
            # Pending, unbound, and no scheduler wrote a word about it (no PodScheduled condition:
            # none even looked at it)
            yield ctx.finding("scheduler.pending_unexplained", "error", pod_subject(pod),
                              [ctx.cite_field(pod, f"{pod.name} status", _status_fields(pod))], "inferred",
                              namespace=pod.namespace, pod=pod.name, scheduler=pod.scheduler_name or None)
            continue
        found = list(_judge(ctx, pod, msg, cite))
        scale_up = scale_up_in_progress(ctx, pod) if found and all(
            not isinstance(f, Finding) or (f.id in _WAITS_FOR_A_NODE and not _node_accounts(f))
            for f in found) else None
        if scale_up is not None:
            # the shortage is what the autoscaler is adding a node for: nothing has failed yet
            yield NeedGap(Gap("autoscaler", "in_progress",
                              f"cluster-autoscaler is adding a node for {pod.namespace}/{pod.name} "
                              f"({clip(scale_up.message, 160)}, last seen {scale_up.last_seen}): the pod waits for it, "
                              "nothing has failed yet",
                              "a bundle collected after the node group's provision time (cluster-autoscaler "
                              "--max-node-provision-time, 15 minutes by default)", "scheduler"), pod_subject(pod))
            continue
        yield from found
        if not found and not all(r.kind is K.POD_DELETING for r in msg.reasons):
            # a message was read and none of its reasons explains anything: its words decide; a
            # GPU scheduler's own (KAI, Volcano, HAMi) are that scheduler's rejection
            custom = pod.scheduler_name not in ("", "default-scheduler") or msg.origin in _CUSTOM_ORIGINS
            yield ctx.finding("scheduler.custom_scheduler_rejected" if custom else UNRECOGNISED, "error",
                              pod_subject(pod), [cite], "unrecognised", namespace=pod.namespace, pod=pod.name,
                              message=msg.text[:300], scheduler=pod.scheduler_name or None,
                              reason=pod.scheduler_name if custom else None)


# what a node the autoscaler adds would cure: a pod pending on these waits for it
_WAITS_FOR_A_NODE = frozenset({"scheduler.insufficient_gpu", "scheduler.insufficient_cpu_memory",
                               "scheduler.node_affinity_mismatch", "scheduler.selector_label_absent"})

def _node_accounts(f) -> bool:
    """A GPU shortage that GPU nodes of the pod's own pool account for: they are there and
    offer fewer GPUs than they have, or none (`_real_demand` found no demand that explains it).
    A node the autoscaler adds for it is not what the pod waits for: those nodes' state is."""
    return f.id == "scheduler.insufficient_gpu" and bool(f.params.get("nodes")) and not f.params.get("demand")


# what the nodes' state alone can show excludes a pod (its words unread)
_STATE_IDS = frozenset({"scheduler.untolerated_taint", "scheduler.node_unschedulable", "scheduler.node_affinity_mismatch",
                        "scheduler.selector_label_absent", "scheduler.insufficient_gpu",
                        "scheduler.insufficient_cpu_memory", "scheduler.rollout_needs_extra_gpu"})


def _state_blockers(ctx, pod, text, cite):
    """State first: the scheduler's words are unknown, so judge the pod against the nodes as
    they are (taints, cordons, labels, free GPUs, CPU and memory), the same join `_judge` makes
    for a message without reasons. What it finds is `inferred` and cites the words too; when
    the state excludes nothing, the words stay unrecognised."""
    if not ctx.nodes_collected:
        return
    if pod.resource_claims and not pod.gpu_requests:
        # its devices come from DRA claims, not from a count the nodes advertise: none of them
        # allocated is what the state shows (the nodes' GPU capacity says nothing about it)
        claims = _unallocated_claims(ctx, pod)
        if claims:
            yield ctx.finding("scheduler.dra_claim_unallocatable", "error", pod_subject(pod),
                              [cite] + [ctx.cite_field(c, f"ResourceClaim {c.name} status", c.raw.get("status") or {})
                                        for c in claims[:2]], "inferred", namespace=pod.namespace, pod=pod.name,
                              claim=claims[0].name, message=text[:300])
        return
    bare = SchedulingMessage(Origin.SCHEDULER, None, (), None, (), False, text[:300])
    for f in _judge(ctx, pod, bare, cite):
        if isinstance(f, Finding) and f.id in _STATE_IDS:
            yield replace(f, certainty=Certainty.INFERRED)


def _gang_blocker(ctx, pod) -> tuple[dict, list]:
    """(params, citations) of what holds a gang back: the scheduler keeps every member of a pod
    group unbound while one cannot be placed, and only that member's own message says why (a
    GPU shortage, a taint): the first other pending member of the same group whose newest
    scheduling message names a reason of its own."""
    group = pod.pod_group
    if group is None:
        return {}, []
    for other in ctx.pending_pod_groups.get((pod.namespace or "", group), ()):
        if other is pod:
            continue
        msg, cite = latest_scheduling_message(ctx, other)
        reason = next((r for r in msg.reasons if r.kind not in (K.POD_GROUP, K.GANG)), None) if msg else None
        if reason is not None:
            return {"group": group, "blocker": other.name, "blocker_reason": reason.text[:200]}, [cite]
    return {"group": group}, []


def _judge(ctx, pod, msg, cite):
    subject = pod_subject(pod)
    base = dict(namespace=pod.namespace, pod=pod.name)
    gpu_res = sorted(r for r in pod.gpu_requests) or ["nvidia.com/gpu"]
    res = gpu_res[0]
    requested = pod.gpu_requests.get(res, 0)
    kinds = msg.kinds
    insufficient = msg.insufficient_resources
    gpu_short = any(r.startswith(GPU_PREFIXES) for r in insufficient)
    short = [r for r in insufficient if r.startswith(GPU_PREFIXES) and r not in pod.gpu_requests]
    if short and not any(r in pod.gpu_requests for r in insufficient):
        # the scheduler is short of a vendor GPU resource that is not a device count (HAMi's
        # nvidia.com/gpumem, nvidia.com/gpucores): that resource is what no node offers
        res, requested = short[0], _requested(pod, short[0])

    def emit(fid, sev="error", extra_cites=(), **params):
        return ctx.finding(fid, sev, subject, [cite, *extra_cites], **base, **params)

    if K.SCHEDULING_GATED in kinds:
        # a gated pod is not considered by any scheduler: the nodes' state is not why it waits
        gates = _gates(pod)
        yield emit("scheduler.scheduling_gated", "warning", values=[str(g.get("name")) for g in gates] or None,
                   extra_cites=[ctx.cite_field(pod, f"{pod.name} spec.schedulingGates", gates)] if gates else ())
        return
    # PreFilter / admission-like reasons reject every node on their own
    for r in msg.reasons:
        if r.prefilter or r.kind in (K.UNBOUND_PVC, K.QUOTA):
            fid = _KIND_ID.get(r.kind, UNRECOGNISED)
            extra = {}
            if fid == "scheduler.unbound_pvc":
                extra["pvc"] = r.claim or (pod.pvc_names[0] if pod.pvc_names else None)
            elif fid == "scheduler.quota_exceeded":
                ref = pod.controller
                extra = {"quota": r.text, "workload": f"{ref.kind}/{ref.name}" if ref else f"Pod/{pod.name}"}
            elif fid == "scheduler.dra_claim_unallocatable":
                extra["claim"] = r.claim or (pod.resource_claims[0] if pod.resource_claims else None)
            elif fid == "scheduler.gang_incomplete":
                extra, blocker_cites = _gang_blocker(ctx, pod)
                yield emit(fid, message=r.text, reason=r.kind.value, certainty="recognised",
                           extra_cites=blocker_cites, **extra)
                return
            custom = pod.scheduler_name != "default-scheduler" or r.custom
            if custom and fid in (UNRECOGNISED, "scheduler.other_filter"):
                # a GPU scheduler's own pre-filter (a gang, a queue): its words are its own
                yield emit("scheduler.custom_scheduler_rejected", message=r.text, reason=r.kind.value,
                           scheduler=pod.scheduler_name, certainty="unrecognised" if fid == UNRECOGNISED else "recognised")
                return
            yield emit(fid, message=r.text, reason=r.kind.value,
                       certainty="unrecognised" if fid == UNRECOGNISED else "recognised", **extra)
            if custom:
                yield emit("scheduler.custom_scheduler_rejected", "warning", message=r.text,
                           scheduler=pod.scheduler_name)
            return
    if pod.scheduler_name != "default-scheduler" and (msg.custom or K.CUSTOM_FILTER in kinds):
        yield emit("scheduler.custom_scheduler_rejected", message=msg.text[:300], reason=pod.scheduler_name,
                   scheduler=pod.scheduler_name)
        return
    if not ctx.nodes_collected:
        if gpu_short or K.NODE_AFFINITY in kinds:
            yield NeedGap(Gap("nodes", "not_collected", "nodes.json is missing: which nodes advertise and hold "
                                                        f"{res} cannot be checked", "list nodes (cluster scope)"), subject)
            return
        yield from _reason_findings(msg, emit)
        return
    with_res = list(ctx.nodes_with_resource.get(res, ()))
    has_selector = bool(pod.node_selector or pod.required_node_affinity)
    # the nodes the pod may use at all (its nodeSelector / required affinity)
    capable = [n for n in with_res if node_matches_selector(n, pod)] if has_selector else with_res
    free = [n for n in capable if _free(ctx, n, res) >= max(requested, 1)]
    absent = _absent_label(ctx, pod)
    if absent and (K.NODE_AFFINITY in kinds or not free):
        label, wanted, exists = absent
        yield emit("scheduler.selector_label_absent", label=label, values=exists, requested=wanted,
                   extra_cites=[ctx.cite_selector(pod)])
        return
    gpu_names = ctx.gpu_node_names
    candidates = [n for n in gpu_names if not has_selector or node_matches_selector(ctx.nodes[n], pod)]
    if has_selector and gpu_names and not candidates:
        # the selector only picks nodes that have no GPU at all
        yield emit("scheduler.node_affinity_mismatch", nodes=list(gpu_names),
                   extra_cites=[ctx.cite_selector(pod)] + [ctx.cite_labels(ctx.nodes[n], _selector_keys(pod))
                                                           for n in gpu_names[:2]])
        return
    if not capable:
        if gpu_short or not msg.reasons or kinds <= {K.INSUFFICIENT_RESOURCE}:
            # nothing the pod may use advertises the resource: the candidates' own findings say why
            yield emit("scheduler.insufficient_gpu", resource=res, requested=requested, available=0,
                       nodes=candidates)
            return
    elif not free:
        if gpu_short or not (kinds - {K.INSUFFICIENT_RESOURCE}):
            holders = _holders(ctx, capable, res)
            roll = _rollout(ctx, pod, res)
            if roll is not None:
                dep, old = roll
                yield emit("scheduler.rollout_needs_extra_gpu", workload=f"Deployment/{dep.name}", resource=res,
                           holders=[f"{p.namespace}/{p.name}" for p in old],
                           extra_cites=[ctx.cite_field(dep, f"Deployment {dep.name} spec.strategy",
                                                            dict(dep.strategy) or None)])
            yield emit("scheduler.insufficient_gpu", resource=res, requested=requested, available=0,
                       **_holder_params(holders), nodes=[n.name for n in capable],
                       demand=_real_demand(capable, res, requested, holders),
                       extra_cites=[ctx.cite_field(n, f"{n.name} status.allocatable",
                                                   {res: n.allocatable.get(res)}) for n in capable[:2]])
            return
    # some node could hold the GPU request: what excludes it?
    emitted = False
    for n in free or capable:
        if n.unschedulable:
            yield emit("scheduler.node_unschedulable", node=n.name,
                       extra_cites=[ctx.cite_field(n, f"{n.name} spec.unschedulable", True)])
            emitted = True
            break
        ok, bad = _tolerated(pod, n)
        if not ok:
            t = bad[0]
            free_of = [m.name for m in capable if _tolerated(pod, m)[0]]
            yield emit("scheduler.untolerated_taint", taint=str(t), node=n.name, nodes=free_of,
                       extra_cites=[ctx.cite_field(n, f"{n.name} spec.taints", [
                           {"key": t.key, **({"value": t.value} if t.value else {}), "effect": t.effect}])])
            emitted = True
            break
        if not node_matches_selector(n, pod):
            yield emit("scheduler.node_affinity_mismatch", node=n.name,
                       extra_cites=[ctx.cite_selector(pod), ctx.cite_labels(n, _selector_keys(pod))])
            emitted = True
            break
    if emitted:
        return
    # the nodes that have the GPU free: what does their own state say is short for this pod?
    # (the message's reasons count every node, most of which have no GPU at all)
    short = {r for n in free for r in _short_for(ctx, n, pod)}
    other = [r for r in msg.reasons if r.kind not in (K.INSUFFICIENT_RESOURCE, K.TAINT, K.NODE_AFFINITY, K.UNSCHEDULABLE)]
    said_short = any(r in ("cpu", "memory") for r in insufficient)
    # the summed requests say the free GPU node is short of CPU or memory; the scheduler's own
    # reasons decide when they name another filter and no such shortage (it saw the node itself)
    if free and short and "pods" not in short and (said_short or not any(_KIND_ID.get(r.kind) for r in other)):
        res_short = sorted(short)[0]
        yield emit("scheduler.insufficient_cpu_memory", resource=res_short, nodes=[n.name for n in free],
                   node=free[0].name, extra_cites=[ctx.cite_field(n, f"{n.name} status.allocatable",
                                                                  {k: n.allocatable.get(k) for k in sorted(short)})
                                                   for n in free[:2]] + [_requests_cite(ctx, pod, sorted(short))])
        return
    for r in other:
        fid = _KIND_ID.get(r.kind)
        if fid:
            extra = {"claim": r.claim or (pod.resource_claims[0] if pod.resource_claims else None)} \
                if fid == "scheduler.dra_claim_unallocatable" else {}
            yield emit(fid, message=r.text, reason=r.kind.value, **extra)
            emitted = True
    if emitted:
        return
    cpu_mem = [r for r in insufficient if r in ("cpu", "memory", "ephemeral-storage")]
    if cpu_mem:
        yield emit("scheduler.insufficient_cpu_memory", resource=cpu_mem[0], nodes=[n.name for n in free] or None,
                   node=free[0].name if free else None)
        return
    found = list(_reason_findings(msg, emit, first_only=True, gpu_nodes=with_res if with_res else None))
    if found:
        yield from found
        return
    if gpu_short:
        yield emit("scheduler.insufficient_gpu", resource=res, requested=requested,
                   **_holder_params(_holders(ctx, capable, res)), nodes=[n.name for n in capable] or None)


def _real_demand(nodes, res: str, requested: int, holders: list[str]) -> str | None:
    """Why no layer below can account for the shortage, or None: every candidate advertises all
    the devices it has (allocatable == capacity), and pods hold them (`held`) or the pod asks
    for more than any one node has (`exceeds_node`). The GPUs exist and are offered; they are
    taken, or too few per node. (A node offering fewer than it has is the node's finding.)"""
    if not nodes or any(n.gpu_allocatable.get(res, 0) != n.gpu_capacity.get(res, 0) for n in nodes):
        return None
    if requested > max(n.gpu_allocatable.get(res, 0) for n in nodes):
        return "exceeds_node"
    return "held" if holders else None


def _pod_requests(pod, keys) -> dict[str, float]:
    out = {k: 0.0 for k in keys}
    for c in pod.containers:
        if c.init:
            continue
        for k in keys:
            out[k] += parse_quantity(c.requests.get(k)) or 0.0
    return out


def _short_for(ctx, node, pod) -> list[str]:
    """The resources (cpu, memory, pods) node lacks for pod, from its allocatable and the
    requests of the non-terminal pods already on it (Context.node_requests)."""
    want = _pod_requests(pod, ("cpu", "memory"))
    cpu, mem, count = ctx.node_requests(node.name)
    out = []
    for key, used in (("cpu", cpu), ("memory", mem)):
        cap = parse_quantity(node.allocatable.get(key))
        if want[key] and cap is not None and used + want[key] > cap:
            out.append(key)
    pods_cap = parse_quantity(node.allocatable.get("pods"))
    if pods_cap is not None and count + 1 > pods_cap:
        out.append("pods")
    return out


def _requests_cite(ctx, pod, keys):
    return ctx.cite_field(pod, f"{pod.name} containers[*].resources.requests",
                          [{k: c.requests.get(k) for k in keys if c.requests.get(k)} for c in pod.containers if not c.init])


def _taint_text(r):
    if r.taint_key is None:
        return None
    return f"{r.taint_key}={r.taint_value}" if r.taint_value else r.taint_key
