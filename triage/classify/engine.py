"""The classifier: a loaded bundle in, a `Report` out. Pure and deterministic.

    with load_bundle("incident.tar.gz") as b:
        report = diagnose(b, Subject("Pod", "qwen-vllm-0", "llm"))
        report.worst.status, report.worst.root_cause.id

1. Pick the targets: the given subject, else the manifest's target, else (a scan)
   every GPU pod and every GPU node.
2. Run every rule of `triage.classify.rules` once over the bundle, scoped to the
   targets' pods and the GPU stack: findings and the gaps rules met.
3. Per target, gather the related findings (its own, its workload's, its node's GPU
   stack, or for a pending pod the node findings that explain its symptom), pick the
   root cause (`explain.resolve`) and the status.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable, Mapping

from triage.bundle import layout
from triage.bundle.objects.pod import Pod
from triage.bundle.views import Bundle
from triage.classify import explain
from triage.classify.model import Diagnosis, Finding, Gap, Report, Severity, Status, Subject
from triage.classify.rules import all_rules
from triage.classify.rules.base import NeedGap, pod_subject
from triage.classify.rules.context import Context, Scope, raw_requests_gpu
from triage.errors import UsageError
from triage.evidence.inventory import ResourceInventory, build_inventory

WORKLOAD_KINDS = ("Deployment", "StatefulSet", "Job", "DaemonSet", "ReplicaSet")


@dataclass(frozen=True)
class Target:
    subject: Subject
    pods: tuple[Pod, ...]            # the pods triaged for it (one for a Pod target)
    owners: frozenset[Subject]       # workload objects whose findings count for it
    found: bool = True
    lazy_owners: bool = False        # owners not computed yet (scan): only when workload findings exist


def parse_target(text: str) -> Subject:
    """`Pod/ns/name`, `Deployment/ns/name`, `Node/name` -> Subject (UsageError otherwise)."""
    parts = [p for p in str(text).split("/")]
    kinds = {k.lower(): k for k in ("Pod", "Node") + WORKLOAD_KINDS}
    if len(parts) == 2 and parts[0].lower() == "node" and parts[1]:
        return Subject("Node", parts[1])
    if len(parts) == 3 and parts[0].lower() in kinds and all(parts):
        return Subject(kinds[parts[0].lower()], parts[2], parts[1])
    raise UsageError(f"--target {text!r}: expected KIND/NAMESPACE/NAME (Pod, Deployment, StatefulSet, Job, "
                     "DaemonSet) or Node/NAME")


def manifest_target(bundle: Bundle) -> Subject | None:
    m = bundle.manifest
    t = m.target if m else None
    if not t or not t.get("kind") or not t.get("name"):
        return None
    ns = t.get("namespace")
    return Subject(str(t["kind"]), str(t["name"]), str(ns) if ns and t["kind"] != "Node" else None)


# ---- targets ---------------------------------------------------------------------

def _owned_pods(ctx: Context, subject: Subject) -> tuple[tuple[Pod, ...], frozenset[Subject]]:
    ns = subject.namespace or ""
    owners = {subject}
    if subject.kind == "Deployment":
        rs_names = {w.name for w in ctx.bundle.workloads(ns)
                    if w.kind == "ReplicaSet" and w.controller and w.controller.kind == "Deployment"
                    and w.controller.name == subject.name}
        owners |= {Subject("ReplicaSet", n, ns) for n in rs_names}
        pods = [p for p in ctx.bundle.pods(ns) if p.controller and p.controller.kind == "ReplicaSet"
                and (p.controller.name in rs_names
                     or (not rs_names and p.controller.name.startswith(subject.name + "-")))]
        if not rs_names:
            owners |= {Subject("ReplicaSet", p.controller.name, ns) for p in pods if p.controller}
    else:
        pods = [p for p in ctx.bundle.pods(ns) if p.controller and p.controller.kind == subject.kind
                and p.controller.name == subject.name]
    return tuple(sorted(pods, key=lambda p: p.name)), frozenset(owners)


def _controller_chain(ctx: Context, pod: Pod) -> frozenset[Subject]:
    ns = pod.namespace or ""
    out = set()
    ref = pod.controller
    if ref:
        out.add(Subject(ref.kind, ref.name, ns))
        if ref.kind == "ReplicaSet":
            rs = ctx.replicasets.get((ns, ref.name))
            if rs is not None and rs.controller:
                out.add(Subject(rs.controller.kind, rs.controller.name, ns))
            elif rs is None and ref.name.count("-") >= 1:
                out.add(Subject("Deployment", ref.name.rsplit("-", 1)[0], ns))
    return frozenset(out)


def resolve_targets(ctx: Context, target: Subject | None) -> list[Target]:
    if target is None:
        out = [Target(Subject("Pod", r.name, r.namespace), (r.pod,), frozenset(), lazy_owners=True)
               for r in ctx.pod_rows if r.gpu and not r.role]
        out += [Target(Subject("Node", n), (), frozenset()) for n in ctx.gpu_node_names]
        return out
    if target.kind == "Node":
        return [Target(target, (), frozenset(), found=target.name in ctx.nodes)]
    if target.kind == "Pod":
        pod = ctx.pods_by_key.get((target.namespace or "", target.name))
        if pod is None:
            return [Target(target, (), frozenset(), found=False)]
        return [Target(target, (pod,), _controller_chain(ctx, pod))]
    pods, owners = _owned_pods(ctx, target)
    if not pods:
        return [Target(target, (), owners)]
    return [Target(pod_subject(p), (p,), owners | _controller_chain(ctx, p)) for p in pods]


# ---- symptoms --------------------------------------------------------------------

_BAD_WAITING = {"CrashLoopBackOff", "CreateContainerError", "CreateContainerConfigError", "RunContainerError",
                "ImagePullBackOff", "ErrImagePull", "InvalidImageName", "StartError", "ContainerCannotRun",
                "CreateContainerSandboxError"}


def pod_symptom(pod: Pod) -> str | None:
    """Why a pod needs a diagnosis at all (None: it looks fine)."""
    if pod.phase == "Failed":
        return "failed"
    if pod.phase == "Succeeded":
        return None
    if not pod.node_name:
        return "pending"
    for st in pod.container_statuses:
        if st.state and st.state.kind == "waiting" and st.state.reason in _BAD_WAITING:
            return "crashing"
        if st.state and st.state.kind == "terminated" and (st.state.exit_code or 0) != 0 and not st.init:
            return "crashing"
        if st.restart_count > 0 and st.last_state and st.last_state.kind == "terminated" \
                and (st.last_state.exit_code or 0) != 0:
            return "restarting"
    if pod.phase == "Pending":
        return "starting"
    c = pod.condition("Ready")
    if pod.phase == "Running" and c is not None and c.status != "True":
        return "not_ready"
    return None


# ---- gaps ------------------------------------------------------------------------

def needs_for_piece(piece: str) -> tuple[str, str]:
    """(collector, permission or source that would close the gap) for a bundle piece."""
    if piece.startswith(layout.NODES.removesuffix(".json")):
        return "nodes", "list nodes (cluster scope)"
    ref = layout.parse_log_path(piece + ".log")
    if ref:
        return "logs", f"get pods/log in namespace {ref.namespace}"
    if piece.startswith(layout.GPU_EXEC + "/"):
        ns = piece.split("/")[2] if piece.count("/") >= 2 else "?"
        return "exec", f"create pods/exec in namespace {ns}"
    if piece.startswith(layout.GPU_NODES + "/"):
        return "node-files", "create pods/exec on the node's driver pod"
    parsed = layout.parse_namespaced_list(piece + ".json")
    if parsed:
        kind, ns = parsed
        verb_kind = {"pvcs": "persistentvolumeclaims", "resource-quota": "resourcequotas",
                     "pod-disruption-budgets": "poddisruptionbudgets"}.get(kind, kind)
        return kind, f"list {verb_kind} in namespace {ns}"
    if piece.startswith(layout.CUSTOM_RESOURCES + "/"):
        name = piece[len(layout.CUSTOM_RESOURCES) + 1:].split("/")[0]
        return "custom-resources", f"list {name}"
    return "bundle", f"read {piece}"


def bundle_gaps(bundle: Bundle) -> tuple[Gap, ...]:
    out: dict[tuple[str, str], Gap] = {}
    manifest = bundle.manifest
    for g in manifest.gaps if manifest else ():
        gap = Gap(str(g.get("collector") or ""), str(g.get("reason") or ""), str(g.get("detail") or ""),
                  str(g.get("needs") or ""))
        out.setdefault((gap.collector, gap.needs), gap)
    for err in bundle.collection_errors():
        collector, needs = needs_for_piece(err.piece)
        detail = err.errors[0] if err.errors else err.reason
        out.setdefault((collector, needs), Gap(collector, err.reason, detail, needs))
    for c in manifest.collectors if manifest else ():
        if c.get("status") in ("failed", "skipped") and c.get("name"):
            key = (str(c["name"]), "")
            if not any(k[0] == key[0] for k in out):
                out[key] = Gap(str(c["name"]), str(c.get("status")), str(c.get("error") or ""),
                               f"re-run collection of {c['name']}")
    return tuple(sorted(out.values()))


# ---- the run ---------------------------------------------------------------------

def run_rules(ctx: Context) -> tuple[list[Finding], list[NeedGap]]:
    findings: list[Finding] = []
    gaps: list[NeedGap] = []
    for info in all_rules():
        for item in info.fn(ctx) or ():
            if isinstance(item, Finding):
                findings.append(item)
            elif isinstance(item, NeedGap):
                gaps.append(item)
    return merge_findings(findings), gaps


MAX_CITATIONS = 5


def merge_findings(findings: list[Finding]) -> list[Finding]:
    """One finding per (id, subject): two rules (or two sources) that saw the same thing
    give one finding citing both, its params filled from each, at the worse severity."""
    groups: dict[tuple[str, Subject], list[Finding]] = defaultdict(list)
    for f in findings:
        groups[(f.id, f.subject)].append(f)
    out = []
    for (fid, subject), group in groups.items():
        if len(group) == 1:
            out.append(group[0])
            continue
        group.sort(key=lambda f: f.sort_key())
        evidence = tuple(dict.fromkeys(c for f in group for c in f.evidence))[:MAX_CITATIONS]
        params: dict = {}
        for f in group:
            for k, v in f.params.items():
                params.setdefault(k, v)
        out.append(Finding(fid, group[0].severity, subject, evidence, params))
    return out


def _node_of(f: Finding) -> str | None:
    if f.subject.kind == "Node":
        return f.subject.name
    node = f.params.get("node")
    return str(node) if node else None


class _Index:
    def __init__(self, findings: Iterable[Finding], gaps: Iterable[NeedGap]):
        self.by_subject: dict[Subject, list[Finding]] = defaultdict(list)
        self.infra_by_node: dict[str, list[Finding]] = defaultdict(list)
        for f in findings:
            self.by_subject[f.subject].append(f)
            node = _node_of(f)
            if node and f.subject.kind == "Node":
                self.infra_by_node[node].append(f)
        self.workload_findings = any(s.kind in WORKLOAD_KINDS for s in self.by_subject)
        self.gaps_by_subject: dict[Subject | None, list[NeedGap]] = defaultdict(list)
        self.gaps_by_node: dict[str, list[NeedGap]] = defaultdict(list)
        for g in gaps:
            self.gaps_by_subject[g.subject].append(g)
            if g.node:
                self.gaps_by_node[g.node].append(g)
        self._pools: dict[tuple[str, ...], list[Finding]] = {}

    def pending_pool(self, candidates: tuple[str, ...]) -> list[Finding]:
        """Node findings that may explain a pending pod: those of its candidate nodes, and
        only when every candidate has one (a broken node among healthy ones explains nothing)."""
        cache = self._pools
        if candidates not in cache:
            broken = [n for n in candidates if any(f.severity.rank <= Severity.ERROR.rank
                                                   for f in self.infra_by_node.get(n, ()))]
            cache[candidates] = [f for n in broken for f in self.infra_by_node.get(n, ())] \
                if candidates and len(broken) == len(candidates) else []
        return cache[candidates]


def _explains_any(cause: Finding, symptoms: Iterable[Finding]) -> bool:
    return any(explain.can_explain(cause.id, s.id) for s in symptoms)


def _diagnose_target(ctx: Context, t: Target, idx: _Index, all_gaps: tuple[Gap, ...]) -> Diagnosis:
    subject = t.subject
    related: list[Finding] = []
    need: list[NeedGap] = list(idx.gaps_by_subject.get(subject, ()))
    symptom: str | None = None
    if not t.found:
        gap = _missing_target_gap(subject, all_gaps)
        return Diagnosis(subject, Status.INCONCLUSIVE, None, (), (gap,))
    if subject.kind == "Node":
        related = list(idx.by_subject.get(subject, ()))
        need += idx.gaps_by_node.get(subject.name, ())
        node = ctx.nodes.get(subject.name)
        symptom = "not_ready" if node is not None and node.ready is False else None
    else:
        owners = t.owners
        if t.lazy_owners and idx.workload_findings:
            owners = frozenset().union(*(_controller_chain(ctx, p) for p in t.pods))
        for owner in sorted(owners):
            related += idx.by_subject.get(owner, ())
            need += idx.gaps_by_subject.get(owner, ())
        for pod in t.pods:
            related += idx.by_subject.get(pod_subject(pod), ())
            symptom = symptom or pod_symptom(pod)
            if pod.node_name:
                related += idx.infra_by_node.get(pod.node_name, ())
                need += idx.gaps_by_node.get(pod.node_name, ())
            else:
                # a pending pod: node findings count when they explain its symptom, and only
                # when every GPU node has one (a broken node among healthy ones explains nothing)
                named = sorted({str(n) for f in related if f.subject == pod_subject(pod)
                                for n in (f.params.get("nodes") or ()) if isinstance(n, str)})
                pool = idx.pending_pool(tuple(named) or ctx.gpu_node_names)
                changed = True
                while changed:
                    changed = False
                    for f in pool:
                        if f not in related and _explains_any(f, related):
                            related.append(f)
                            changed = True
        if not t.pods:
            symptom = "no_pods"
    if symptom:
        need += idx.gaps_by_subject.get(None, ())
    root, ordered = explain.resolve(related, subject)
    decisive = sorted({g.gap for g in need if g.decisive})
    if root is not None:
        status = Status.PROBLEM
        gaps = tuple(decisive)
    elif symptom or decisive:
        status = Status.INCONCLUSIVE
        gaps = tuple(decisive) or _relevant_bundle_gaps(subject, all_gaps) or (
            Gap("analysis", "unrecognised", f"{subject} is {symptom} and no rule recognised why",
                "the pod's events and its containers' current and previous logs"),)
    else:
        status = Status.HEALTHY
        gaps = ()
    return Diagnosis(subject, status, root if status is Status.PROBLEM else None, ordered, gaps)


def _relevant_bundle_gaps(subject: Subject, gaps: tuple[Gap, ...]) -> tuple[Gap, ...]:
    ns = subject.namespace
    out = []
    for g in gaps:
        text = f"{g.needs} {g.detail}"
        if g.collector == "nodes" or (ns and f"namespace {ns}" in text) or subject.name in text:
            out.append(g)
    return tuple(out)


def _missing_target_gap(subject: Subject, gaps: tuple[Gap, ...]) -> Gap:
    for g in gaps:
        if (subject.kind == "Node" and g.collector == "nodes") or \
                (subject.namespace and f"namespace {subject.namespace}" in g.needs):
            return g
    if subject.kind == "Node":
        return Gap("nodes", "not_collected", f"node {subject.name} is not in the bundle", "list nodes (cluster scope)")
    return Gap("pods", "not_found", f"{subject} is not in the bundle",
               f"list pods in namespace {subject.namespace}")


_STATUS_RANK = {Status.PROBLEM: 0, Status.INCONCLUSIVE: 1, Status.HEALTHY: 2}


def diagnosis_rank(d: Diagnosis):
    sev = d.root_cause.severity.rank if d.root_cause else len(Severity)
    return (_STATUS_RANK[d.status], sev, str(d.target))


def inventory(ctx: Context) -> tuple[ResourceInventory, ...]:
    """GPU capacity, allocatable and holders per GPU node and resource: the evidence
    combiner's rows (one implementation) for the nodes the rules treat as GPU nodes, without
    the placeholder row of a GPU-labelled node that advertises nothing (findings v1 lists
    advertised or held resources; node.gpu_not_advertised says the rest)."""
    nodes = list(ctx.gpu_nodes())
    pods = [p for n in nodes for p in ctx.pods_by_node.get(n.name, ()) if id(p) in ctx.gpu_pod_ids]
    rows = build_inventory(nodes, pods, all_nodes=True).rows()
    return tuple(r for r in rows if r.capacity is not None or r.allocatable is not None or r.holders)


def diagnose(bundle: Bundle, target: Subject | None = None) -> Report:
    """Diagnose a loaded bundle; `target` overrides the manifest's target."""
    asked = target or manifest_target(bundle)
    probe = Context(bundle)
    targets = resolve_targets(probe, asked)
    if asked is None:
        scope = Scope(None)
    else:
        keys = frozenset((p.namespace or "", p.name) for t in targets for p in t.pods)
        if asked.kind not in ("Pod", "Node") and asked.namespace:
            # a workload's other pods (the old replica of a rollout) matter too
            keys |= frozenset((p.namespace or "", p.name) for p in bundle.pods(asked.namespace)
                              if raw_requests_gpu(p.raw))
        scope = Scope(keys)
    ctx = Context(bundle, scope)
    # reuse the indexes built while resolving targets; the scope-dependent ones are rebuilt
    scoped = ("scope", "scope_pods", "troubled_pods")
    ctx.__dict__.update({k: v for k, v in probe.__dict__.items() if k not in scoped})
    findings, needgaps = run_rules(ctx)
    all_gaps = tuple(sorted(set(bundle_gaps(bundle)) | {g.gap for g in needgaps}))
    idx = _Index(findings, needgaps)
    diagnoses = [_diagnose_target(ctx, t, idx, all_gaps) for t in targets]
    diagnoses.sort(key=diagnosis_rank)
    checks = ()
    if asked is not None and asked.kind in WORKLOAD_KINDS:
        from triage.classify.release_checks import release_checks
        checks = release_checks(ctx, asked)
    return Report(tuple(diagnoses), asked, inventory(ctx), checks, all_gaps)


def exit_status(report_or_doc) -> int:
    """cli.md: 0 healthy, 3 problem, 4 warnings only, 5 inconclusive."""
    if isinstance(report_or_doc, Mapping):
        status = report_or_doc.get("status")
        findings = report_or_doc.get("findings") or ()
        worst = min((Severity(f["severity"]).rank for f in findings), default=len(Severity))
    else:
        d = report_or_doc.worst
        status = d.status.value if d else "healthy"
        worst = min((f.severity.rank for x in report_or_doc.diagnoses for f in x.findings), default=len(Severity))
    if status == "problem":
        return 3 if worst <= Severity.ERROR.rank else 4
    if status == "inconclusive":
        return 5
    return 0
