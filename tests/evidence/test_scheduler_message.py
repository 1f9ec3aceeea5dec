"""Scheduler / autoscaler messages: real corpus cases, every dialect of k8s-protocol.md A1, and
properties over arbitrary and mutated text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tests.evidence.real_cases import CASES
from triage.evidence.scheduler_message import (
    Origin, ReasonKind as K, SchedulingMessage, classify_reason, parse_scheduling_message)



def _line(case_id: str, needle: str = "nodes are available") -> str:
    return next(line for line in CASES[case_id]["text"].splitlines() if needle in line)


def facts(m: SchedulingMessage):
    return [(r.count, r.kind, r.resource, r.taint_key, r.taint_value) for r in m.reasons]


# ---- real cases: (id, total nodes, reasons, (not helpful, no victims) or None) ----------------------
GPU = "nvidia.com/gpu"
REAL = [
    ("sched-hami-scheduler-custom-reasons", 4,
     [(1, K.CUSTOM_FILTER, None, None, None), (1, K.TAINT, None, "node.kubernetes.io/unreachable", ""),
      (2, K.CUSTOM_FILTER, None, None, None)], (1, 3)),
    ("sched-exceeds-gpu-quota-extender", 2, [(2, K.QUOTA, None, None, None)], None),
    ("sched-legacy-didnt-match-node-selector-gpu", 6,
     [(3, K.NODE_AFFINITY, None, None, None), (6, K.INSUFFICIENT_RESOURCE, GPU, None, None)], None),
    ("sched-insufficient-gpu-no-preemption-victims", 1, [(1, K.INSUFFICIENT_RESOURCE, GPU, None, None)], (0, 1)),
    ("sched-pod-affinity-plus-insufficient-gpu", 4,
     [(1, K.POD_AFFINITY, None, None, None), (3, K.INSUFFICIENT_RESOURCE, GPU, None, None)], (1, 3)),
    ("sched-unbound-immediate-pvc-no-provisioner", 3, [(3, K.UNBOUND_PVC, None, None, None)], (3, 0)),
    ("sched-untolerated-taint-gpu-kind", 1, [(1, K.TAINT, None, "gpu", "")], (1, 0)),
    ("sched-legacy-predicate-names-2018", 3,
     [(1, K.TAINT, None, None, None), (3, K.INSUFFICIENT_RESOURCE, GPU, None, None)], None),
    ("sched-volume-node-affinity-immediate-binding", 10,
     [(3, K.VOLUME_NODE_AFFINITY, None, None, None), (7, K.NODE_AFFINITY, None, None, None)], (10, 0)),
]


@pytest.mark.parametrize("case_id,total,reasons,preemption", REAL, ids=[r[0] for r in REAL])
def test_real_case(case_id, total, reasons, preemption):
    m = parse_scheduling_message(_line(case_id))
    assert m is not None and m.origin is Origin.SCHEDULER
    assert m.total_nodes == total
    assert facts(m) == reasons
    if preemption is None:
        assert m.preemption is None
    else:
        assert (m.preemption.not_helpful, m.preemption.no_victims) == preemption
        assert m.preemption.total_nodes == total
    assert not m.truncated


def test_counts_are_kept_even_when_they_sum_past_n():
    m = parse_scheduling_message(_line("sched-legacy-didnt-match-node-selector-gpu"))
    assert sum(r.count for r in m.reasons) == 9 > m.total_nodes == 6
    assert m.count(K.INSUFFICIENT_RESOURCE) == 6 and m.insufficient_resources == (GPU,)


def test_custom_scheduler_reasons_are_flagged_and_standard_ones_are_not():
    hami = parse_scheduling_message(CASES["sched-hami-scheduler-custom-reasons"]["text"])
    assert [r.text for r in hami.reasons if r.custom] == ["NodeUnfitPod", "node unregistered"]
    assert hami.custom
    assert parse_scheduling_message(_line("sched-exceeds-gpu-quota-extender")).custom
    assert not parse_scheduling_message(_line("sched-pod-affinity-plus-insufficient-gpu")).custom


def test_event_row_keeps_only_its_own_message():
    # the describe row after the FailedScheduling row must not leak into the reasons
    m = parse_scheduling_message(CASES["sched-hami-scheduler-custom-reasons"]["text"])
    assert all("FilteringFailed" not in r.text and "meet" not in r.text for r in m.reasons)
    assert "FilteringFailed" not in m.text


def test_reporter_description_is_not_a_message():
    # the rolling-update case quotes `Insufficient nvidia.com/gpu` in prose, not a scheduler message
    assert parse_scheduling_message(CASES["rolling-update-gpu-deadlock"]["text"]) is None


# ---- dialects (k8s-protocol.md A1, rendered examples are real) --------------------------------------

def test_current_dialect_with_empty_taint_value_and_both_preemption_verdicts():
    m = parse_scheduling_message(
        "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
        "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
        "scheduling, 2 No preemption victims found for incoming pod.")
    assert facts(m) == [(1, K.TAINT, None, "node-role.kubernetes.io/control-plane", ""),
                        (2, K.INSUFFICIENT_RESOURCE, GPU, None, None)]
    assert (m.preemption.not_helpful, m.preemption.no_victims) == (1, 2)


def test_double_period_dialect_1_26_to_1_28():
    m = parse_scheduling_message("0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are "
                                 "available: 1 No preemption victims found for incoming pod..")
    assert facts(m) == [(1, K.INSUFFICIENT_RESOURCE, "cpu", None, None)]
    assert m.preemption.no_victims == 1 and m.preemption.other == ()


def test_prefilter_message_applies_to_every_node():
    m = parse_scheduling_message("0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. "
                                 "preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.")
    (r,) = m.reasons
    assert (r.kind, r.count, r.prefilter) == (K.UNBOUND_PVC, 3, True)
    m = parse_scheduling_message('0/3 nodes are available: persistentvolumeclaim "x" not found. preemption: 0/3 '
                                 "nodes are available: 3 No preemption victims found for incoming pod..")
    (r,) = m.reasons
    assert (r.kind, r.claim, r.prefilter) == (K.UNBOUND_PVC, "x", True)
    assert m.preemption.no_victims == 3


def test_dra_insert_before_preemption_and_hidden_taint():
    m = parse_scheduling_message("0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to "
                                 "deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful "
                                 "for scheduling.")
    assert facts(m) == [(1, K.TAINT, None, None, None)]     # 1.35: the taint is not named
    assert m.post_filter == ("no new claims to deallocate",)
    assert m.preemption.not_helpful == 1


def test_taint_dialect_up_to_1_23():
    m = parse_scheduling_message("0/5 nodes are available: 2 node(s) had taint {nvidia.com/gpu: present}, that "
                                 "the pod didn't tolerate, 3 Insufficient nvidia.com/gpu.")
    assert facts(m) == [(2, K.TAINT, None, "nvidia.com/gpu", "present"), (3, K.INSUFFICIENT_RESOURCE, GPU, None, None)]


def test_issue_123301_lexicographic_order_and_overlap():
    m = parse_scheduling_message("0/11 nodes are available: 10 Insufficient memory, 4 Insufficient cpu. preemption: "
                                 "0/11 nodes are available: 11 No preemption victims found for incoming pod..")
    assert [(r.count, r.resource) for r in m.reasons] == [(10, "memory"), (4, "cpu")]


def test_prefilter_result_dialects_are_one_kind():
    new = parse_scheduling_message("0/5 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity "
                                   "TaintToleration], 2 Insufficient nvidia.com/gpu.")
    assert new.reasons[0].kind is K.PREFILTER_EXCLUDED
    assert new.reasons[0].plugins == ("NodeAffinity", "TaintToleration")
    old = parse_scheduling_message("0/5 nodes are available: 3 node is filtered out by the prefilter result, "
                                   "2 Insufficient nvidia.com/gpu.")
    assert old.reasons[0].kind is K.PREFILTER_EXCLUDED and old.reasons[0].count == 3


def test_no_nodes_and_gated():
    m = parse_scheduling_message("no nodes available to schedule pods")
    assert (m.origin, m.total_nodes, m.reasons) == (Origin.NO_NODES, 0, ())
    g = parse_scheduling_message("Scheduling is blocked due to non-empty scheduling gates")
    assert g.origin is Origin.GATED and g.kinds == {K.SCHEDULING_GATED}


def test_pod_level_preemption_verdict_is_kept_verbatim():
    m = parse_scheduling_message("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: not eligible "
                                 "due to preemptionPolicy=Never.")
    assert (m.preemption.not_helpful, m.preemption.no_victims) == (0, 0)
    assert m.preemption.other == ("not eligible due to preemptionPolicy=Never",)
    assert m.preemption.total_nodes is None


def test_condition_forms_unschedulable_prefix_and_yaml_folding():
    m = parse_scheduling_message("Unschedulable: 0/4 nodes are available: 1 Insufficient nvidia.com/gpu, "
                                 "3 node(s) didn't match Pod's node affinity/selector.")
    assert facts(m) == [(1, K.INSUFFICIENT_RESOURCE, GPU, None, None), (3, K.NODE_AFFINITY, None, None, None)]
    folded = ("  - lastProbeTime: null\n    message: '0/4 nodes are available: 1 node(s) had untolerated taint\n"
              "      {nvidia.com/gpu: present}, 3 Insufficient nvidia.com/gpu. preemption: 0/4 nodes\n"
              "      are available: 4 Preemption is not helpful for scheduling.'\n    reason: Unschedulable\n")
    m = parse_scheduling_message(folded)
    assert facts(m) == [(1, K.TAINT, None, "nvidia.com/gpu", "present"), (3, K.INSUFFICIENT_RESOURCE, GPU, None, None)]
    assert m.preemption.not_helpful == 4 and m.preemption.total_nodes == 4


def test_truncated_event_note():
    # truncateMessage: note[:1020] + " ..." when longer than 1024
    reasons = ", ".join(f"1 node(s) had untolerated taint {{example.com/dedicated-team-{i:03d}: reserved}}"
                        for i in range(30))
    full = f"0/30 nodes are available: {reasons}. preemption: 0/30 nodes are available: 30 Preemption is not helpful for scheduling."
    note = full[:1020] + " ..."
    m = parse_scheduling_message(note)
    assert m.truncated and m.total_nodes == 30
    whole = [r for r in m.reasons if r.taint_value == "reserved"]
    assert len(whole) >= 12 and whole[0].taint_key == "example.com/dedicated-team-000"
    assert m.preemption is None          # the suffix was cut off
    assert not parse_scheduling_message(full).truncated


def test_autoscaler_not_trigger_scale_up():
    m = parse_scheduling_message("pod didn't trigger scale-up: 1 in backoff after failed scale-up, 2 node(s) didn't "
                                 "match Pod's node affinity/selector")
    assert m.origin is Origin.AUTOSCALER and m.total_nodes is None
    assert [(r.count, r.kind) for r in m.reasons] == [(1, K.SCALE_UP_BACKOFF), (2, K.NODE_AFFINITY)]
    m = parse_scheduling_message("pod didn't trigger scale-up (it wouldn't fit if a new node is added): "
                                 "1 Insufficient nvidia.com/gpu, 1 max node group size reached")
    assert [(r.kind, r.resource) for r in m.reasons] == [(K.INSUFFICIENT_RESOURCE, GPU), (K.NODE_GROUP_LIMIT, None)]


@pytest.mark.parametrize("text,kind", [
    ("node(s) were unschedulable", K.UNSCHEDULABLE),
    ("Too many pods", K.TOO_MANY_PODS),
    ("node(s) didn't match pod topology spread constraints", K.TOPOLOGY_SPREAD),
    ("node(s) didn't match pod topology spread constraints (missing required label)", K.TOPOLOGY_SPREAD),
    ("node(s) didn't match pod anti-affinity rules", K.POD_ANTI_AFFINITY),
    ("node(s) didn't satisfy existing pods anti-affinity rules", K.POD_ANTI_AFFINITY),
    ("node(s) didn't match the requested node name", K.NODE_NAME),
    ("node(s) didn't have free ports for the requested pod ports", K.PORTS),
    ("node(s) didn't find available persistent volumes to bind", K.VOLUME_OTHER),
    ("node(s) exceed max volume count", K.VOLUME_OTHER),
    ("cannot allocate all claims", K.DRA),
    ("resourceclaim not available on the node", K.DRA),
    ("node(s) didn't match scheduler-enforced node affinity", K.NODE_AFFINITY),
    ("MatchNodeSelector", K.NODE_AFFINITY),
    ("CheckNodeUnschedulable", K.UNSCHEDULABLE),
    ("node(s) had memory pressure", K.NODE_CONDITION),
    ("node(s) were not ready", K.NODE_NOT_READY),
    ('waiting for ephemeral volume controller to create the persistentvolumeclaim "cache"', K.UNBOUND_PVC),
    ('persistentvolumeclaim "data" bound to non-existent persistentvolume "pv-1"', K.UNBOUND_PVC),
    ("node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)", K.VOLUME_OTHER),
    ("node(s) did not have enough free storage", K.VOLUME_OTHER),
    ("timed out trying to allocate devices", K.DRA),
    ('resourceclaim.resource.k8s.io "gpu-claim" not found', K.DRA),
    ("request gpu: device class gpu.nvidia.com does not exist", K.DRA),
    ("unallocated immediate resourceclaim", K.DRA),
    ("waiting for scheduling gates: [example.com/quota]", K.SCHEDULING_GATED),
])
def test_plugin_reason_strings(text, kind):
    r = classify_reason(text, 2)
    assert r.kind is kind and r.count == 2 and not r.custom


# ---- properties ------------------------------------------------------------------------------------

REAL_MESSAGES = [_line(case_id) for case_id, *_ in REAL] + [
    "pod didn't trigger scale-up: 1 in backoff after failed scale-up, 2 node(s) didn't match Pod's node affinity/selector",
    "0/1 nodes are available: 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/1 nodes "
    "are available: 1 Preemption is not helpful for scheduling."]


@given(st.text(max_size=400))
@settings(max_examples=300, deadline=None)
def test_arbitrary_text_gives_none_or_a_message(text):
    m = parse_scheduling_message(text)
    assert m is None or isinstance(m, SchedulingMessage)


@given(st.sampled_from(REAL_MESSAGES), st.integers(0, 2000), st.integers(0, 40), st.text(max_size=30))
@settings(max_examples=400, deadline=None)
def test_mutated_real_messages_never_break_the_parser(msg, pos, cut, insert):
    pos %= len(msg) + 1
    mutated = msg[:pos] + insert + msg[pos + cut:]
    m = parse_scheduling_message(mutated)
    assert m is None or isinstance(m, SchedulingMessage)
    if m is not None:
        assert all(r.count >= 0 for r in m.reasons)


REASON_TEXTS = ["Insufficient nvidia.com/gpu", "Insufficient cpu", "node(s) had untolerated taint {gpu: }",
                "node(s) didn't match Pod's node affinity/selector", "node(s) were unschedulable",
                "node(s) had volume node affinity conflict", "Too many pods"]


@given(st.lists(st.tuples(st.integers(1, 5000), st.sampled_from(REASON_TEXTS)), min_size=1, max_size=7,
                unique_by=lambda t: t[1]),
       st.integers(1, 5000), st.sampled_from(["", " preemption: 0/{n} nodes are available: {n} Preemption is not "
                                                   "helpful for scheduling."]), st.sampled_from([".", ".."]))
@settings(max_examples=200, deadline=None)
def test_rendered_histograms_round_trip(items, n, suffix, end):
    # FitError.Error(): "0/N nodes are available: " + sorted("<count> <reason>") joined by ", " + "."
    hist = sorted(f"{c} {r}" for c, r in items)
    text = f"0/{n} nodes are available: {', '.join(hist)}." + suffix.format(n=n)
    if suffix:
        text = text.rstrip(".") + end
    m = parse_scheduling_message(text)
    assert m.total_nodes == n
    assert [f"{r.count} {r.text}" for r in m.reasons] == hist
    if suffix:
        assert m.preemption.not_helpful == n


def test_quoted_forms_stop_at_their_closing_quote():
    compact = ('{"type":"PodScheduled","status":"False","lastProbeTime":null,"reason":"Unschedulable","message":'
               '"0/2 nodes are available: 2 persistentvolumeclaim \\"model-cache\\" not found. preemption: 0/2 nodes '
               'are available: 2 Preemption is not helpful for scheduling."}')
    m = parse_scheduling_message(compact)
    assert m.reasons[0].claim == "model-cache" and m.preemption.not_helpful == 2
    assert m.text.endswith("scheduling.")
    single = ("    message: '0/3 nodes are available: 3 node(s) didn''t match Pod''s node affinity/selector.'\n"
              "    reason: Unschedulable")
    m = parse_scheduling_message(single)
    assert [(r.count, r.kind, r.text) for r in m.reasons] == [
        (3, K.NODE_AFFINITY, "node(s) didn't match Pod's node affinity/selector")]


def test_kubectl_get_events_rows_are_separate_messages():
    table = ("LAST SEEN   TYPE      REASON             OBJECT      MESSAGE\n"
             "2m          Warning   FailedScheduling   pod/a-0     0/2 nodes are available: 2 Insufficient nvidia.com/gpu.\n"
             "2m          Normal    NotTriggerScaleUp  pod/a-0     pod didn't trigger scale-up: 1 in backoff after failed scale-up\n")
    m = parse_scheduling_message(table)
    assert [(r.count, r.resource) for r in m.reasons] == [(2, GPU)]


def test_pre_1_8_dialect_counts_in_parentheses_and_no_total():
    # rendered in the <=1.7 format "No nodes are available that match all of the following predicates::
    # <reason> (<count>), ..." (seen in public issue threads of that era)
    m = parse_scheduling_message("  3m  3m  2  default-scheduler  Warning  FailedScheduling  No nodes are available "
                                 "that match all of the following predicates:: Insufficient alpha.kubernetes.io/"
                                 "nvidia-gpu (2), PodToleratesNodeTaints (1).")
    assert m.origin is Origin.SCHEDULER_LEGACY and m.total_nodes is None
    assert [(r.count, r.kind, r.resource) for r in m.reasons] == [
        (2, K.INSUFFICIENT_RESOURCE, "alpha.kubernetes.io/nvidia-gpu"), (1, K.TAINT, None)]


def test_older_hami_spelling_is_a_custom_reason():
    r = classify_reason("node unregisterd", 1)
    assert (r.kind, r.custom) == (K.CUSTOM_FILTER, True)


def test_an_error_of_the_dynamic_resources_plugin_is_a_claim_that_cannot_be_allocated():
    # framework.go wraps a Filter error as `running %q filter plugin: %w`; the DRA allocator's own error
    # (structured/allocator.go `class %s: selector #%d: CEL runtime error: %w`) is the wrapped text
    dra = classify_reason('running "DynamicResources" filter plugin: class gpu.nvidia.com: selector #0: '
                          "CEL runtime error: no such key: type", 1)
    assert (dra.kind, dra.plugins) == (K.DRA, ("DynamicResources",))
    pre = classify_reason('running PreFilter plugin "DynamicResources": list node resource slices: context canceled', 1)
    assert pre.kind is K.DRA
    # another plugin's error stays the scheduler's own
    other = classify_reason('running PreFilter plugin "ImageLocality": context canceled', 1)
    assert (other.kind, other.plugins) == (K.SCHEDULER_ERROR, ("ImageLocality",))
