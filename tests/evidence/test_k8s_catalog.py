"""docs/message-catalog-kubernetes.md and the parsers stay in sync.

Every catalog row's example (written from the emitting component's format string) parses to
the row's format id and kind; every format id a parser defines has a row; every finding id
exists or is marked `new:`; an unknown wording parses to the unknown kind with its text; the
parsers are linear on hostile input.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from triage import playbooks
from triage.evidence.k8s_events.admission import AdmissionKind, parse_admission_failure
from triage.evidence.k8s_events.container_start import (
    DraPrepareKind, StartFailureKind, dra_prepare_cause, parse_container_start)
from triage.evidence.k8s_events.create_rejection import CreateRejectionKind, parse_create_rejection
from triage.evidence.k8s_events.dispatch import parse_event_message
from triage.evidence.k8s_events.eviction import parse_eviction
from triage.evidence.k8s_events.kueue import KueueFormat, parse_kueue_verdict
from triage.evidence.k8s_events.quota import QuotaKind, parse_quota_rejection
from triage.evidence.runtime_error import parse_runtime_error
from triage.evidence.scheduler_message import (
    ReasonFormat, ReasonKind, classify_reason, parse_scheduling_message)

DOC = Path(__file__).resolve().parents[2] / "docs" / "message-catalog-kubernetes.md"
_SECTION = re.compile(r"^## .*\(parser: (\w+)\)\s*$")


def _cell(text: str) -> str:
    text = text.strip()
    m = re.fullmatch(r"(`+)\s?(.*?)\s?\1", text)
    return m.group(2) if m else text


def catalog_rows() -> list[dict]:
    rows, parser = [], None
    for line in DOC.read_text().splitlines():
        m = _SECTION.match(line)
        if m:
            parser = m.group(1)
            continue
        if line.startswith("## "):
            parser = None
        if parser is None or not line.startswith("| ") or line.startswith("| ---") or line.startswith("| format id"):
            continue
        cells = [c for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        assert len(cells) == 7, f"catalog row has {len(cells)} columns: {line}"
        fid, versions, source, reason, example, kind, finding = (_cell(c) for c in cells)
        rows.append(dict(parser=parser, id=fid, reason=reason, example=example, kind=kind, finding=finding))
    return rows


ROWS = catalog_rows()


def _parsed(row: dict) -> set[tuple[str, str]]:
    """(format id, kind) pairs the row's parser finds in the example."""
    p, text, reason = row["parser"], row["example"], row["reason"]
    if p == "scheduler":
        m = parse_scheduling_message(text)
        return {(r.format.value, r.kind.value) for r in m.reasons} if m else set()
    if p == "admission":
        f = parse_admission_failure(text, reason)
        return {(f.kind.value, f.kind.value)} if f else set()
    if p == "eviction":
        e = parse_eviction(text)
        return {(e.kind, e.kind)} if e else set()
    if p == "container_start":
        f = parse_container_start(reason, text)
        return {(f.kind.value, f.kind.value)} if f else set()
    if p == "dra_prepare":
        d = dra_prepare_cause(text)
        return {(d[0].value, d[0].value)} if d else set()
    if p == "runtime":
        f = parse_runtime_error(text)
        return {(f.kind.value, f.kind.value)} if f else set()
    if p == "quota":
        q = parse_quota_rejection(text)
        return {(q.kind.value, q.kind.value)} if q else set()
    if p == "create":
        c = parse_create_rejection(text)
        return {(c.kind.value, c.kind.value)} if c else set()
    if p == "kueue":
        v = parse_kueue_verdict(text)
        return {(v.format.value, v.kind.value)} if v else set()
    raise AssertionError(f"unknown parser {p!r} in the catalog")


def test_catalog_has_rows_for_every_parser():
    assert {r["parser"] for r in ROWS} == {"scheduler", "admission", "eviction", "container_start", "runtime",
                                           "quota", "create", "kueue", "dra_prepare"}
    assert len(ROWS) > 150


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['parser']}:{r['id']}:{i}" for i, r in enumerate(ROWS)])
def test_catalog_example_parses_to_its_format_and_kind(row):
    assert (row["id"], row["kind"]) in _parsed(row), (row["example"], _parsed(row))


@pytest.mark.parametrize("enum,parser,skip", [
    (ReasonFormat, "scheduler", {ReasonFormat.UNKNOWN}),
    (AdmissionKind, "admission", set()),
    (QuotaKind, "quota", set()),
    (CreateRejectionKind, "create", set()),
    (StartFailureKind, "container_start", set()),
    (KueueFormat, "kueue", set()),
    (DraPrepareKind, "dra_prepare", set()),
])
def test_every_format_the_parser_defines_is_catalogued(enum, parser, skip):
    documented = {r["id"] for r in ROWS if r["parser"] == parser}
    missing = {e.value for e in enum if e not in skip} - documented
    assert not missing, f"formats without a catalog row: {sorted(missing)}"
    unknown = documented - {e.value for e in enum}
    assert not unknown, f"catalog rows naming no format of the parser: {sorted(unknown)}"


def test_scheduler_kinds_in_the_catalog_are_reason_kinds():
    kinds = {k.value for k in ReasonKind}
    assert {r["kind"] for r in ROWS if r["parser"] == "scheduler"} <= kinds


def test_finding_ids_exist_or_are_marked_new():
    known = set(playbooks.ids())
    for r in ROWS:
        f = r["finding"]
        if f in ("-", "") or f.startswith("new: "):
            continue
        assert f in known, f"{r['id']}: finding id {f!r} is no rule's id (write `new: {f}` for a suggestion)"


# ---- unknown wordings: kept as the unknown kind, with their text ------------------------------------

UNKNOWN_REASONS = [
    "node(s) had a brand-new problem nobody catalogued",
    "quota-ish words in a sentence that is no catalogued format",
    "pod group is not ready for some other reason",     # volcano words outside the gang format
    "claims were not made",                              # DRA-sounding, but no DRA wording
]


@pytest.mark.parametrize("text", UNKNOWN_REASONS)
def test_unknown_reason_is_other_with_its_text(text):
    r = classify_reason(text, 2)
    assert (r.kind, r.format, r.text, r.custom) == (ReasonKind.OTHER, ReasonFormat.UNKNOWN, text, False)
    m = parse_scheduling_message(f"0/2 nodes are available: 2 {text}.")
    assert [(x.kind, x.format, x.text) for x in m.reasons] == [(ReasonKind.OTHER, ReasonFormat.UNKNOWN, text)]


def test_unknown_prefilter_wording_is_an_explicit_unknown():
    m = parse_scheduling_message("0/3 nodes are available: some out-of-tree prefilter said no. preemption: 0/3 "
                                 "nodes are available: 3 Preemption is not helpful for scheduling.")
    (r,) = m.reasons
    assert (r.prefilter, r.kind, r.format, r.count) == (True, ReasonKind.OTHER, ReasonFormat.UNKNOWN, 3)
    assert r.text == "some out-of-tree prefilter said no"


def test_known_prefilter_wordings_get_their_precise_kind():
    for text, fmt, kind in [
        ("pod has unbound immediate PersistentVolumeClaims", ReasonFormat.VB_UNBOUND_IMMEDIATE, ReasonKind.UNBOUND_PVC),
        ('pod "ml/t-0": ResourceClaim not created yet', ReasonFormat.DRA_CLAIM_NOT_CREATED, ReasonKind.DRA),
        ("pre-filter pod t-1 cannot find enough sibling pods, current pods number: 1, minMember of group: 2",
         ReasonFormat.COSCHED_SIBLINGS, ReasonKind.GANG),
        ("pod affinity terms conflict", ReasonFormat.NODEAFFINITY_CONFLICT, ReasonKind.NODE_AFFINITY),
        ("waiting for scheduling gates: [a/b]", ReasonFormat.GATES, ReasonKind.SCHEDULING_GATED),
    ]:
        (r,) = parse_scheduling_message(f"0/4 nodes are available: {text}.").reasons
        assert (r.prefilter, r.format, r.kind, r.count) == (True, fmt, kind, 4), text


def test_unknown_admission_quota_create_and_start_wordings_are_other():
    a = parse_admission_failure("Allocate failed due to a device plugin said something new, which is unexpected",
                                "UnexpectedAdmissionError")
    assert a.kind is AdmissionKind.OTHER and "something new" in a.message
    c = parse_create_rejection('Error creating: pods "x-" is forbidden: the gpu broker says no')
    assert c.kind is CreateRejectionKind.OTHER and c.detail.startswith("the gpu broker says no")
    # a webhook's refusal is a catalogued frame (the API server's dispatcher); its words are the webhook's own
    w = parse_create_rejection('Error creating: pods "x-" is forbidden: admission webhook "gpu.example.com" denied '
                               "the request: no")
    assert w.kind is CreateRejectionKind.WEBHOOK_DENIED and w.policy == "gpu.example.com" and w.detail.endswith("no")
    s = parse_container_start("RunContainerError", "something the runtime never said before")
    assert s.kind is StartFailureKind.OTHER and s.detail == "something the runtime never said before"
    assert parse_quota_rejection('pods "x" is forbidden: a policy said no') is None   # no quota wording at all


def test_values_the_rules_use_are_unchanged():
    # triage/classify reads these values; renaming one would break the rules
    for k in ("insufficient_resource", "too_many_pods", "node_affinity", "taint", "unschedulable", "unbound_pvc",
              "dra", "prefilter_excluded", "quota", "custom_filter", "scale_up_backoff", "node_group_limit", "other"):
        assert ReasonKind(k).value == k
    for k in ("devices_unavailable", "unregistered_device", "no_healthy_devices", "allocated_now_unhealthy",
              "preferred_allocation_failed", "plugin_rpc_failed", "shared_request_too_large"):
        assert AdmissionKind(k).value == k


def test_dispatch_reaches_the_new_parsers():
    f = parse_event_message("FailedCreate", 'Error creating: pods "a-" is forbidden: maximum nvidia.com/gpu usage '
                                            "per Container is 1, but limit is 2")
    assert f.kind is CreateRejectionKind.LIMIT_MAX
    q = parse_event_message("FailedCreate", 'Error creating: pods "a-" is forbidden: failed quota: q: must specify '
                                            "requests.nvidia.com/gpu")
    assert q.kind is QuotaKind.MUST_SPECIFY and q.missing == ("requests.nvidia.com/gpu",)
    s = parse_event_message("CreateContainerConfigError", "couldn't find key TOKEN in Secret ml/s")
    assert (s.kind, s.key, s.name) == (StartFailureKind.SECRET_KEY_MISSING, "TOKEN", "ml/s")
    r = parse_event_message("FailedCreate", 'Error creating: pods "v-" is forbidden: pod rejected: RuntimeClass '
                                            '"nvidia" not found')
    assert r.kind.value == "runtime_class_not_found"       # still the runtime parser's fact
    # ServiceAccount admission (admission.go `error looking up service account %s/%s: %v`): the account it names
    sa = parse_event_message("FailedCreate", 'Error creating: pods "a-" is forbidden: error looking up service '
                                             'account ml/trainer: serviceaccount "trainer" not found')
    assert (sa.kind, sa.service_account) == (CreateRejectionKind.SERVICE_ACCOUNT_MISSING, "ml/trainer")


# ---- bounded, linear, never raises --------------------------------------------------------------------

HOSTILE = [
    "1" * 63_000,                                           # the issue tracker's 62 KiB digit run
    "1/" * 31_000,
    "0/3 nodes are available: " + "[" * 60_000,
    "0/3 nodes are available: " + "1 x, " * 13_000,
    "still not schedulable " * 3_000,
    "a" * 62_000 + " quota has reached the allowable limit of",
    "0/2 nodes are unavailable: " + "1/" * 30_000,
    "PodGroup " * 7_000,
    '"' * 62_000,
    "Error creating: " * 4_000,
    'pods "' * 10_000 + " is forbidden: ",
    "violates PodSecurity \"x\": " + "(" * 60_000,
    "couldn't find key " * 3_500,
    "Allocate failed due to " * 2_800,
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_is_fast_and_never_raises(text):
    start = time.perf_counter()
    parse_scheduling_message(text)
    parse_admission_failure(text, "UnexpectedAdmissionError")
    parse_quota_rejection(text)
    parse_create_rejection(text)
    parse_container_start("CreateContainerConfigError", text)
    for reason in ("FailedScheduling", "FailedCreate", "Failed", "RunContainerError"):
        parse_event_message(reason, text)
    assert time.perf_counter() - start < 2.0


@given(st.sampled_from([r["example"] for r in ROWS]), st.integers(0, 400), st.integers(0, 40), st.text(max_size=30))
@settings(max_examples=300, deadline=None)
def test_mutated_catalog_examples_never_break_a_parser(example, pos, cut, insert):
    pos %= len(example) + 1
    text = example[:pos] + insert + example[pos + cut:]
    parse_scheduling_message(text)
    parse_admission_failure(text, "UnexpectedAdmissionError")
    parse_quota_rejection(text)
    parse_create_rejection(text)
    parse_container_start("RunContainerError", text)
    parse_eviction(text)
