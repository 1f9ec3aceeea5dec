"""Seed 000's release questions over every GPU workload. Five are the classifier's
workload-level release checks (triage.classify.release_checks), aggregated: any `no` fails
the question, all `yes` pass it, otherwise it is not checked. The rest: who owns the labels
(a person's answer; the label keys in use are cited), whether hard constraints can be met,
and whether the diagnosis tells Pending, invisible devices and CUDA OOM apart."""

from __future__ import annotations

from triage.audit.facts import AuditFacts, absent, names
from triage.audit.model import FAIL, NOT_CHECKED, PASS, Answer
from triage.bundle import layout
from triage.classify.model import Citation
from triage.classify.release_checks import release_checks
from triage.classify.rules.base import clip
from triage.classify.rules.node import node_matches_selector

CONTROLLER_KINDS = ("Deployment", "StatefulSet", "Job", "DaemonSet")
# audit item -> (release check id, which units it asks about)
RELEASE = {
    "gpu_resource_registered": ("gpu_resource_registered", "all"),
    "taints_tolerated": ("taints_tolerated", "all"),
    "replicas_spread": ("replicas_spread", "inference"),
    "rollout_headroom": ("rollout_headroom", "deployments"),
    "rollback_usable": ("rollback_revision_present", "deployments"),
}


def _checks(f: AuditFacts):
    """(unit, {check id: ReleaseCheck}) for every controller unit, computed once per facts."""
    cache = f.__dict__.setdefault("_release_checks", None)
    if cache is None:
        cache = [(u, {c.id: c for c in release_checks(f.ctx, u.subject)})
                 for u in f.units if u.kind in CONTROLLER_KINDS and u.obj is not None and hasattr(u.obj, "template")]
        f.__dict__["_release_checks"] = cache
    return cache


def _release_answer(f: AuditFacts, item: str) -> Answer:
    check_id, which = RELEASE[item]
    rows = [(u, checks[check_id]) for u, checks in _checks(f)
            if which == "all" or (which == "inference" and u.inference) or (which == "deployments" and u.kind == "Deployment")]
    if not rows:
        return Answer(item, NOT_CHECKED, (absent(layout.RESOURCES, "GPU workload controllers (Deployment, "
                                                                   "StatefulSet, Job) the question applies to"),))
    no = [u for u, c in rows if c.answer == "no"]
    unknown = [u for u, c in rows if c.answer == "unknown"]
    evidence = []
    for u, c in sorted(rows, key=lambda r: {"no": 0, "unknown": 1}.get(r[1].answer, 2)):
        evidence += list(c.evidence) or [Citation(u.obj.source, None, clip(f"{u.label}: {check_id} {c.answer}"))]
    status = FAIL if no else (NOT_CHECKED if unknown else PASS)
    return Answer(item, status, tuple(dict.fromkeys(evidence))[:8], {"workloads": names(u.label for u in (no or unknown))},
                  tuple(u.subject for u in no))


def _make(item):
    def check(f: AuditFacts) -> Answer:
        return _release_answer(f, item)
    check.__name__ = item
    return check


gpu_resource_registered = _make("gpu_resource_registered")
taints_tolerated = _make("taints_tolerated")
replicas_spread = _make("replicas_spread")
rollout_headroom = _make("rollout_headroom")
rollback_usable = _make("rollback_usable")


def _constrained(u):
    """The pod spec that carries the unit's node constraints: its template, else one of its
    pods (a bundle may hold a pod changed after its controller's template)."""
    for spec in (u.template, *u.pods):
        if spec.node_selector or spec.required_node_affinity:
            return spec
    return None


def model_labels_owner(f: AuditFacts) -> Answer:
    """A person's answer; the bundle shows which node label keys the GPU workloads select on."""
    evidence = [f.ctx.cite_selector(spec) for u in f.units if (spec := _constrained(u)) is not None]
    return Answer("model_labels_owner", NOT_CHECKED, tuple(evidence[:6]) or (
        absent(layout.RESOURCES, "a GPU workload that selects nodes by label"),))


def hard_constraints_satisfiable(f: AuditFacts) -> Answer:
    constrained = [(u, spec) for u in f.units if (spec := _constrained(u)) is not None]
    if not constrained:
        return Answer("hard_constraints_satisfiable", PASS if f.units else NOT_CHECKED, tuple(
            f.ctx.cite_field(u.obj, f"{u.name} spec.nodeSelector", None) for u in f.units[:6]) or (
            absent(layout.RESOURCES, "GPU workloads"),))
    if not f.ctx.nodes_collected:
        return Answer("hard_constraints_satisfiable", NOT_CHECKED, (absent(layout.NODES, "the node list"),))
    evidence, bad = [], []
    for u, spec in constrained:
        matching = [n.name for n in f.ctx.nodes.values() if node_matches_selector(n, spec)]
        evidence.append(f.ctx.cite_selector(spec))
        if not matching:
            bad.append(u.label)
        keys = list(spec.node_selector) + [k for t in spec.required_node_affinity[:1] for k, _o, _v in t]
        evidence.append(Citation(layout.NODES, None, clip(
            f"nodes with {', '.join(dict.fromkeys(keys))} matching: {names(matching) or 'none'}")))
    return Answer("hard_constraints_satisfiable", FAIL if bad else PASS, tuple(evidence[:8]), {"workloads": names(bad)},
                  tuple(u.subject for u, _spec in constrained if u.label in bad))


def failure_modes_distinguished(f: AuditFacts) -> Answer:
    """The classifier's diagnosis of every GPU workload pod names its layer: a root cause
    found fails the release (cited at its evidence); an inconclusive one is not checked."""
    problems = [d for d in f.report.diagnoses if d.status.value == "problem" and d.root_cause is not None]
    unsure = [d for d in f.report.diagnoses if d.status.value == "inconclusive"]
    if problems:
        evidence = [c for d in problems for c in d.root_cause.evidence[:1]]
        ids = [f"{d.root_cause.id} ({d.target})" for d in problems]
        return Answer("failure_modes_distinguished", FAIL, tuple(dict.fromkeys(evidence))[:8],
                      {"findings": names(ids)}, tuple(d.target for d in problems if d.target is not None))
    if unsure or not f.report.diagnoses:
        gaps = [g for d in unsure for g in d.gaps][:3]
        return Answer("failure_modes_distinguished", NOT_CHECKED, tuple(
            Citation(layout.MANIFEST, None, clip(f"inconclusive: {g.collector} {g.reason}: {g.detail}")) for g in gaps) or (
            absent(layout.RESOURCES, "GPU pods to diagnose"),))
    evidence = [f.ctx.cite_object(p, f"{p.namespace}/{p.name}: {p.phase}, diagnosis healthy") for p in f.gpu_pods[:6]]
    return Answer("failure_modes_distinguished", PASS, tuple(evidence) or (
        Citation(layout.NODES, None, "every GPU node's diagnosis: healthy"),))
