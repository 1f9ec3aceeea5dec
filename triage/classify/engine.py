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
from msgspec import Struct
from msgspec.structs import replace
from typing import Iterable, Mapping

from triage.bundle import layout
from triage.bundle.objects.gpu_resource import raw_gpu_intent, raw_mentions_gpu
from triage.bundle.objects.pod import Pod
from triage.bundle.views import Bundle
from triage.classify import explain, verdict
from triage.classify import coverage
from triage.classify.params_fill import fill_params
from triage.classify.model import (
    LAYER_ORDER, Check, Diagnosis, Finding, Gap, Layer, LayerStatus, LayerVerdict, Report, Severity, Status, Subject)
from triage.classify.rules import all_rules
from triage.classify.rules.base import Checked, NeedGap, node_subject, pod_subject
from triage.classify.rules.context import APP_INSTANCE, Context, Scope, gpu_stack_role, raw_requests_gpu
from triage.errors import UsageError
from triage.evidence.inventory import ResourceInventory, build_inventory
from triage.evidence.stack_state import bound_node

WORKLOAD_KINDS = ("Deployment", "StatefulSet", "Job", "DaemonSet", "ReplicaSet")


class Target(Struct, frozen=True):
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
        # a Job's pod stopped by its own activeDeadlineSeconds ended as it was told to
        return None if pod.reason == "DeadlineExceeded" else "failed"
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
    if parsed and parsed[1].startswith(layout.ON_NODE):
        return parsed[0], f"list {parsed[0]} {layout.list_scope(parsed[1])} (cluster scope, fieldSelector spec.nodeName)"
    if parsed:
        kind, ns = parsed
        verb_kind = {"pvcs": "persistentvolumeclaims", "resource-quota": "resourcequotas",
                     "pod-disruption-budgets": "poddisruptionbudgets"}.get(kind, kind)
        return kind, f"list {verb_kind} {layout.list_scope(ns)}"
    if piece.startswith(layout.CUSTOM_RESOURCES + "/"):
        name = piece[len(layout.CUSTOM_RESOURCES) + 1:].split("/")[0]
        return "custom-resources", f"list {name}"
    return "bundle", f"read {piece}"


# gaps the user asked for (a flag, a narrowed scope), and answers that say there is nothing
# to read (the kubelet's 400 for a previous log of a container that never restarted, a 404 of
# an object that is gone): listed, but they do not make a diagnosis inconclusive on their own
# (and the access review refused before collecting: it loses no evidence by itself)
SOFT_REASONS = ("skipped", "disabled", "not_requested", "BadRequest", "NotFound", "not_found", "review_refused")


def bundle_gaps(bundle: Bundle, roles: Mapping[tuple[str, str], str] | None = None) -> tuple[Gap, ...]:
    """Every gap the bundle records (manifest gaps, errors files beside pieces, failed or
    skipped collectors, files the manifest lists but the bundle lacks), each with the layer
    whose evidence it lacks."""
    out: dict[tuple[str, str], Gap] = {}
    manifest = bundle.manifest
    stack_namespaces = {ns for ns, _ in (roles or {})}
    for g in manifest.gaps if manifest else ():
        collector = str(g.get("collector") or "")
        layer = str(g.get("layer") or "") or coverage.collector_layer(collector, str(g.get("needs") or ""))
        if layer == "application" and any(f"namespace {ns}" in str(g.get("needs") or "") for ns in stack_namespaces):
            layer = "plugin"      # the logs of the GPU stack's namespace: its components' evidence
        gap = Gap(collector, str(g.get("reason") or ""), str(g.get("detail") or ""), str(g.get("needs") or ""),
                  layer if layer in _LAYER_NAMES else "")
        out.setdefault((gap.collector, gap.needs), gap)
    for err in bundle.collection_errors():
        collector, needs = needs_for_piece(err.piece)
        detail = err.errors[0] if err.errors else err.reason
        out.setdefault((collector, needs), Gap(collector, err.reason, detail, needs,
                                               coverage.piece_layer(err.piece, roles)))
    for c in manifest.collectors if manifest else ():
        if c.get("status") in ("failed", "skipped") and c.get("name"):
            key = (str(c["name"]), "")
            if not any(k[0] == key[0] for k in out):
                out[key] = Gap(str(c["name"]), str(c.get("status")), str(c.get("error") or ""),
                               f"re-run collection of {c['name']}", coverage.collector_layer(str(c["name"]), ""))
        files = c.get("files") if isinstance(c.get("files"), list) else ()
        for path in files:
            if isinstance(path, str) and not path.endswith("-errors.json") and not bundle.exists(path):
                piece = path.rsplit(".", 1)[0]
                if piece in {e.piece for e in bundle.collection_errors()}:
                    continue
                out.setdefault((str(c.get("name") or ""), path), Gap(
                    str(c.get("name") or "bundle"), "missing", f"{path} is listed in the manifest but not in the bundle",
                    "the complete bundle (collect again, or ask for the whole archive)",
                    coverage.piece_layer(piece, roles)))
    return tuple(sorted(out.values()))


_LAYER_NAMES = frozenset(layer.value for layer in LAYER_ORDER)


# ---- the run ---------------------------------------------------------------------

def run_rules(ctx: Context) -> tuple[list[Finding], list[NeedGap], list[Checked]]:
    """Run every rule whose declared reads the bundle holds; a rule whose inputs are absent
    does not run, and a (non-decisive) gap names what is missing and the layer it blinds."""
    findings: list[Finding] = []
    gaps: list[NeedGap] = []
    checks: list[Checked] = []
    present = ctx.present_kinds
    skipped: dict[tuple[str, str], list[str]] = defaultdict(list)
    for info in all_rules():
        missing = coverage.missing_reads(info.reads, present)
        if missing:
            for kind in missing:
                skipped[(kind.split("|")[0], info.layer)].append(info.name)
            continue
        for item in info.fn(ctx) or ():
            if isinstance(item, Finding):
                findings.append(item)
            elif isinstance(item, Checked):
                checks.append(replace(item, layer=item.layer or info.layer, rule=info.name))
            elif isinstance(item, NeedGap):
                if not item.gap.layer:
                    item = replace(item, gap=replace(item.gap, layer=info.layer))
                gaps.append(item)
    for (kind, layer), names in sorted(skipped.items()):
        what, needs = coverage.EVIDENCE_KINDS.get(kind, (kind, f"collect {kind}"))
        gaps.append(NeedGap(Gap(kind, "not_collected", f"the bundle holds no {what}: {', '.join(sorted(names))} did not run",
                                needs, layer), None, None, decisive=False))
    # the names a playbook needs that the rule did not set, from the bundle (params_fill)
    return fill_params(ctx, merge_findings(findings)), list(dict.fromkeys(gaps)), checks


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
        sure = min((f.certainty for f in group), key=lambda c: c.rank)
        out.append(Finding(fid, group[0].severity, subject, evidence, params, certainty=sure))
    return out


def _node_of(f: Finding) -> str | None:
    if f.subject.kind == "Node":
        return f.subject.name
    node = f.params.get("node")
    return str(node) if node else None


class _Index:
    def __init__(self, findings: Iterable[Finding], gaps: Iterable[NeedGap], checks: Iterable[Checked]):
        self.by_subject: dict[Subject, list[Finding]] = defaultdict(list)
        self.infra_by_node: dict[str, list[Finding]] = defaultdict(list)
        self.node_findings_of_pod: dict[tuple, list[Finding]] = defaultdict(list)
        for f in findings:
            self.by_subject[f.subject].append(f)
            node = _node_of(f)
            if node and f.subject.kind == "Node":
                self.infra_by_node[node].append(f)
                if f.params.get("pod"):
                    # a node finding a rule tied to one pending pod (the node its scale-up added)
                    self.node_findings_of_pod[(f.params.get("namespace"), f.params["pod"])].append(f)
        self.workload_findings = any(s.kind in WORKLOAD_KINDS for s in self.by_subject)
        self.gaps_by_subject: dict[Subject | None, list[NeedGap]] = defaultdict(list)
        self.gaps_by_node: dict[str, list[NeedGap]] = defaultdict(list)
        for g in gaps:
            self.gaps_by_subject[g.subject].append(g)
            if g.node:
                self.gaps_by_node[g.node].append(g)
        self.checks_by_subject: dict[Subject, list[Checked]] = defaultdict(list)
        for c in checks:
            self.checks_by_subject[c.subject].append(c)
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


def _pod_in_gpu_scope(ctx: Context, pod: Pod) -> bool:
    """A pod that asks for anything GPU-like, means to use a GPU without asking for one (the nvidia
    RuntimeClass, NVIDIA_VISIBLE_DEVICES by hand, a GPU-node selector or toleration), runs on a GPU node,
    is a part of the GPU stack itself (the DRA driver's controller runs on a node without GPUs), or belongs
    to an operator's object or an application instance that asks for GPUs elsewhere."""
    if raw_mentions_gpu(pod.raw) or raw_gpu_intent(pod.raw) or (pod.node_name and pod.node_name in ctx.gpu_node_set) \
            or gpu_stack_role(pod):
        return True
    # a DaemonSet's Pending pod is pinned to its node (matchFields metadata.name) before it is bound
    where = pod.node_name or bound_node(pod)
    if where and where in ctx.gpu_node_set:
        return True
    node = ctx.nodes.get(where) if where else None
    return (node is not None and raw_mentions_gpu(node.raw)) or _owner_asks_gpu(ctx, pod) or _app_asks_gpu(ctx, pod)


def _owner_asks_gpu(ctx: Context, pod: Pod) -> bool:
    """The pod's controller is an operator's object in the bundle (a RayCluster, a PyTorchJob)
    whose pod templates ask for a GPU resource: a head pod of a cluster whose GPU workers never
    came is in the GPU scope."""
    ref = pod.controller
    names = {ref.name} if ref is not None and ref.kind not in BUILTIN_OWNERS else set()
    # the operators' own labels name the object too (KubeRay utils RayClusterLabelKey, the training
    # operator's JobNameLabel) when a bundle's pod lacks its ownerReferences
    names |= {v for k, v in pod.labels.items() if k in OWNER_LABELS and isinstance(v, str)}
    ns = pod.namespace or ""
    return any((ns, n) in ctx.gpu_asking_objects for n in names)


def _app_asks_gpu(ctx: Context, pod: Pod) -> bool:
    """Another pod of the same application instance (its `app.kubernetes.io/instance` label, in
    its namespace) requests a GPU: a component of a GPU application is in the GPU scope."""
    v = pod.labels.get(APP_INSTANCE)
    return isinstance(v, str) and (pod.namespace or "", v) in ctx.gpu_app_instances


BUILTIN_OWNERS = frozenset({"ReplicaSet", "StatefulSet", "Job", "DaemonSet", "Deployment", "Node", "CronJob"})
OWNER_LABELS = frozenset({"ray.io/cluster", "training.kubeflow.org/job-name"})


def _no_gpu(subject: Subject, scope: dict) -> Diagnosis:
    layers = tuple(LayerVerdict(layer, LayerStatus.NOT_APPLICABLE) for layer in LAYER_ORDER)
    return Diagnosis(subject, Status.NO_GPU, None, (), (), layers, scope)


def _diagnose_target(ctx: Context, t: Target, idx: _Index, all_gaps: tuple[Gap, ...]) -> Diagnosis:
    subject = t.subject
    related: list[Finding] = []
    need: list[NeedGap] = list(idx.gaps_by_subject.get(subject, ()))
    checks: list[Checked] = list(idx.checks_by_subject.get(subject, ()))
    symptom: str | None = None
    nodes: set[str] = set()
    if not t.found:
        gap = _missing_target_gap(subject, all_gaps)
        layers = tuple(LayerVerdict(layer, LayerStatus.NOT_CHECKED, (), (gap,)) for layer in LAYER_ORDER)
        return Diagnosis(subject, Status.INCONCLUSIVE, None, (), (gap,), layers)
    if subject.kind == "Node":
        node = ctx.nodes.get(subject.name)
        if subject.name not in ctx.gpu_node_set and not (node is not None and raw_mentions_gpu(node.raw)) \
                and not idx.by_subject.get(subject):
            return _no_gpu(subject, {"nodes": 1, "pods": len(ctx.pods_by_node.get(subject.name, ()))})
        applicable = verdict.NODE_LAYERS
        nodes.add(subject.name)
        related = list(idx.by_subject.get(subject, ()))
        if any(f.layer is Layer.SCHEDULER for f in related):
            # a DaemonSet the controller keeps off the node (a taint, a selector): the node's finding
            # is at the scheduler layer, which then applies to it
            applicable = applicable | {Layer.SCHEDULER}
        need += idx.gaps_by_node.get(subject.name, ())
        node = ctx.nodes.get(subject.name)
        symptom = "not_ready" if node is not None and node.ready is False else None
    else:
        in_scope = [p for p in t.pods if _pod_in_gpu_scope(ctx, p)]
        if t.pods and not in_scope and not any(idx.by_subject.get(pod_subject(p)) for p in t.pods) \
                and not any(idx.by_subject.get(o) for o in t.owners) \
                and not any(g.decisive for p in t.pods for g in idx.gaps_by_subject.get(pod_subject(p), ())):
            # (a pod asked about whose failure a rule could not judge for want of evidence, its crash
            # without a log, is no "no GPU": what would decide it is missing)
            return _no_gpu(subject, {"nodes": len({p.node_name for p in t.pods if p.node_name}), "pods": len(t.pods)})
        applicable = verdict.ALL_LAYERS
        owners = t.owners
        if t.lazy_owners and idx.workload_findings:
            owners = frozenset().union(*(_controller_chain(ctx, p) for p in t.pods))
        for owner in sorted(owners):
            related += idx.by_subject.get(owner, ())
            need += idx.gaps_by_subject.get(owner, ())
        for pod in t.pods:
            related += idx.by_subject.get(pod_subject(pod), ())
            checks += idx.checks_by_subject.get(pod_subject(pod), ()) if pod_subject(pod) != subject else ()
            symptom = symptom or pod_symptom(pod)
            if pod.node_name:
                # the GPU Operator's controller renders the stack of every GPU node: asked about, it
                # answers for them (a stage it cannot reconcile is theirs), wherever it runs itself
                extra = [n for n in ctx.gpu_node_names if n not in nodes and n != pod.node_name] \
                    if gpu_stack_role(pod) == "operator" else []
                for n in [pod.node_name, *extra]:
                    nodes.add(n)
                    related += idx.infra_by_node.get(n, ())
                    need += idx.gaps_by_node.get(n, ())
                    checks += idx.checks_by_subject.get(node_subject(n), ())
            else:
                applicable = applicable - {Layer.APPLICATION}      # nothing of it has run yet
                # a pending pod: node findings count when they explain its symptom, and only
                # when every GPU node has one (a broken node among healthy ones explains nothing)
                named = sorted({str(n) for f in related if f.subject == pod_subject(pod)
                                for n in (f.params.get("nodes") or ()) if isinstance(n, str)})
                candidates = tuple(named) or ctx.gpu_node_names
                nodes.update(candidates)
                for n in candidates:
                    # a candidate's check passes a layer only where that node has no finding of its own
                    broken = {f.layer.value for f in idx.infra_by_node.get(n, ())}
                    checks += [c for c in idx.checks_by_subject.get(node_subject(n), ()) if c.layer not in broken]
                if not candidates and ctx.nodes_collected:
                    # every node was read, and none offers or is labelled for a GPU
                    checks.append(Checked(subject, (layout.NODES,), "node", "engine.no_gpu_node"))
                pool = idx.pending_pool(candidates)
                related += [f for f in idx.node_findings_of_pod.get((pod.namespace, pod.name), ()) if f not in related]
                changed = True
                while changed:
                    changed = False
                    for f in pool:
                        if f not in related and _explains_any(f, related):
                            related.append(f)
                            changed = True
        if not t.pods:
            symptom = "no_pods"
    need += idx.gaps_by_subject.get(None, ())
    root, ordered = explain.resolve(related, subject)
    gaps, decisive = _target_gaps(ctx, subject, nodes, need, all_gaps)
    about = f"{subject.kind} {subject.name}" + (f" (nodes {', '.join(sorted(nodes)[:3])})" if nodes and
                                                 subject.kind != "Node" else "")
    layers = verdict.ladder(applicable, root, ordered, checks, gaps, about)
    status, suspect = verdict.status_of(root, layers, decisive, symptom)
    if status is Status.PROBLEM:
        shown = _unique_gaps(decisive)
    elif status is Status.INCONCLUSIVE:
        shown = _unique_gaps([*decisive, *verdict.blinding_gaps(layers, suspect)])
        if not shown:
            shown = (Gap("analysis", "unrecognised", f"{subject} is {symptom} and no rule recognised why",
                         "the pod's events and its containers' current and previous logs",
                         "application" if symptom in ("crashing", "restarting") else ""),)
    else:
        shown = _unique_gaps(g for g in gaps if g.reason in SOFT_REASONS)
    return Diagnosis(subject, status, root if status is Status.PROBLEM else None, ordered, shown, layers,
                     {}, suspect)


def _unique_gaps(gaps: Iterable[Gap]) -> tuple[Gap, ...]:
    """One gap per (collector, what would close it): a rule's need and the bundle's record of
    the same missing piece are one gap."""
    out: dict[tuple[str, str], Gap] = {}
    for g in gaps:
        out.setdefault((g.collector, g.needs), g)
    return tuple(out.values())


def _target_gaps(ctx: Context, subject: Subject, nodes: set[str], need: list[NeedGap],
                 all_gaps: tuple[Gap, ...]) -> tuple[list[Gap], list[Gap]]:
    """(every gap that concerns a target, the decisive ones). They are the rules' needs about
    it, its node(s) or the whole bundle, and the bundle's recorded gaps that name its
    namespace, its node(s), the namespaces of their GPU stack, or the node list. A gap
    decides unless a rule called it non-decisive or the user asked for it (--no-exec)."""
    namespaces = {subject.namespace} if subject.namespace else set()
    for n in nodes:
        namespaces.update(ctx.stack_namespaces_by_node.get(n, ()))
    names = {subject.name} | nodes
    out = dict.fromkeys(g.gap for g in need)
    soft = {g.gap for g in need if not g.decisive}
    decisive = dict.fromkeys(g.gap for g in need if g.decisive)
    for g in all_gaps:
        text = f"{g.needs} {g.detail}"
        if g.collector == "nodes" or "namespace " not in text or any(f"namespace {ns}" in text for ns in namespaces
                                                                      if ns) or any(name and name in text for name in names):
            out.setdefault(g)
            if g not in soft and g.reason not in SOFT_REASONS:
                decisive.setdefault(g)
    return list(out), list(decisive)


def _missing_target_gap(subject: Subject, gaps: tuple[Gap, ...]) -> Gap:
    for g in gaps:
        if (subject.kind == "Node" and g.collector == "nodes") or \
                (subject.namespace and f"namespace {subject.namespace}" in g.needs):
            return g
    if subject.kind == "Node":
        return Gap("nodes", "not_collected", f"node {subject.name} is not in the bundle", "list nodes (cluster scope)",
                   "node")
    return Gap("pods", "not_found", f"{subject} is not in the bundle",
               f"list pods in namespace {subject.namespace}")


_STATUS_RANK = {Status.PROBLEM: 0, Status.INCONCLUSIVE: 1, Status.HEALTHY: 2, Status.NO_GPU: 3}


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
    ctx = Context(bundle, Scope(node=asked.name if asked is not None and asked.kind == "Node" else None))
    targets = resolve_targets(ctx, asked)
    if asked is None:
        scope = Scope(None)
    else:
        keys = frozenset((p.namespace or "", p.name) for t in targets for p in t.pods)
        if asked.kind == "Node":
            # the GPU pods bound to the node that never started are its evidence too: a kubelet that
            # rejects each of them at admission (a lost GPU, an allocation the plugin cannot make)
            # speaks for the node; the running ones are their own targets' business
            keys |= frozenset((r.namespace or "", r.name) for r in ctx.pod_rows
                              if r.gpu and not r.role and r.node == asked.name and r.phase in ("Pending", "Failed"))
        if asked.kind not in ("Pod", "Node") and asked.namespace:
            # a workload's other pods (the old replica of a rollout) matter too
            keys |= frozenset((p.namespace or "", p.name) for p in bundle.pods(asked.namespace)
                              if raw_requests_gpu(p.raw))
        scope = Scope(keys, node=ctx.scope.node)
    ctx.set_scope(scope)
    findings, needgaps, checks = run_rules(ctx)
    roles = {(p.namespace or "", p.name): role for role, p in ctx.stack_pods}
    all_gaps = tuple(sorted(set(bundle_gaps(bundle, roles)) | {g.gap for g in needgaps}))
    idx = _Index(findings, needgaps, checks)
    diagnoses = [_diagnose_target(ctx, t, idx, all_gaps) for t in targets]
    if not diagnoses and asked is None:
        diagnoses = [_empty_scan(ctx, all_gaps)]
    diagnoses.sort(key=diagnosis_rank)
    checks = ()
    if asked is not None and asked.kind in WORKLOAD_KINDS:
        from triage.classify.release_checks import release_checks
        checks = release_checks(ctx, asked)
    return Report(tuple(diagnoses), asked, inventory(ctx), checks, all_gaps)


def _empty_scan(ctx: Context, all_gaps: tuple[Gap, ...]) -> Diagnosis:
    """A scan with no GPU target: `no_gpu` when the node and pod lists were read and hold no
    GPU, otherwise inconclusive (a scan whose lists could not be read is never healthy)."""
    scope = {"nodes": len(ctx.nodes), "pods": len(ctx.pod_rows)}
    read = {"nodes", "pods"} <= ctx.present_kinds
    lists = [g for g in all_gaps if g.collector in ("nodes", "pods") and g.reason != "not_collected"]
    if read and not lists and not ctx.stack_daemonsets:
        return _no_gpu(None, scope)
    if read and not lists:
        # a GPU stack is installed and no node is a GPU node by any account: that is unexplained
        names = ", ".join(f"{w.namespace}/{w.name}" for w in ctx.stack_daemonsets[:3])
        lists = [Gap("nodes", "no_gpu_node", f"the GPU stack's DaemonSets ({names}) run, yet no node advertises, is "
                                             "labelled for or runs a GPU component", "`gpu-triage node NODE` for a node "
                                             "that should have GPUs (its labels, the stack's selectors)", "node")]
    gaps = tuple(lists) or tuple(Gap(kind, "not_collected", f"the bundle holds no {what}", needs, "")
                                 for kind, (what, needs) in coverage.EVIDENCE_KINDS.items()
                                 if kind in ("nodes", "pods") and kind not in ctx.present_kinds)
    layers = tuple(LayerVerdict(layer, LayerStatus.NOT_CHECKED, (), gaps) for layer in LAYER_ORDER)
    return Diagnosis(None, Status.INCONCLUSIVE, None, (), gaps, layers, scope)


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
