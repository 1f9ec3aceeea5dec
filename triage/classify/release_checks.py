"""The seeds' release questions for a GPU workload, answered from the bundle:
yes / no / unknown, each with the evidence it rests on.

    gpu_resource_registered   some node advertises the GPU resource the pods request
    taints_tolerated          the pods tolerate the taints of the nodes that have it
    replicas_spread           several replicas are kept apart (anti-affinity / spread)
    rollout_headroom          a rolling update can place its extra pod (or Recreate / maxSurge 0)
    probes_sized_for_load     a startup probe gives the model server time to load
    rollback_revision_present an older ReplicaSet revision exists to roll back to
"""

from __future__ import annotations

from triage.classify.model import Citation, ReleaseCheck, Subject
from triage.classify.rules.base import clip

STARTUP_BUDGET_MIN_S = 300


def release_checks(ctx, subject: Subject) -> tuple[ReleaseCheck, ...]:
    ns = subject.namespace or ""
    cite = ctx.cite_object
    workload = next((w for w in ctx.workloads if w.kind == subject.kind and w.name == subject.name
                     and (w.namespace or "") == ns), None)
    if workload is None:
        return tuple(ReleaseCheck(i, "unknown") for i in (
            "gpu_resource_registered", "taints_tolerated", "replicas_spread", "rollout_headroom",
            "probes_sized_for_load", "rollback_revision_present"))
    tmpl = workload.template
    wanted = dict(tmpl.gpu_requests)
    out = []
    # gpu_resource_registered
    having = [n for n in ctx.nodes.values() if any(n.gpu_allocatable.get(r, 0) > 0 for r in wanted)]
    if not wanted:
        out.append(ReleaseCheck("gpu_resource_registered", "unknown", (cite(workload, "the pod template requests no GPU"),)))
    elif not ctx.nodes_collected:
        out.append(ReleaseCheck("gpu_resource_registered", "unknown"))
    else:
        ev = tuple(cite(n, f"{n.name} allocatable " + ", ".join(f"{r}={n.gpu_allocatable.get(r, 0)}" for r in wanted))
                   for n in having[:5])
        out.append(ReleaseCheck("gpu_resource_registered", "yes" if having else "no",
                                ev or (Citation("cluster-resources/nodes.json", None,
                                                clip("no node advertises " + ", ".join(sorted(wanted)))),)))
    # taints_tolerated
    if having:
        bad = [(n, t) for n in having for t in n.taints
               if t.effect in ("NoSchedule", "NoExecute") and not tmpl.tolerates(t)]
        blocked = {n.name for n, _ in bad}
        free = [n for n in having if n.name not in blocked]
        out.append(ReleaseCheck("taints_tolerated", "yes" if free else "no",
                                tuple(cite(n, f"{n.name} taint {t}") for n, t in bad[:5])))
    else:
        out.append(ReleaseCheck("taints_tolerated", "unknown"))
    # replicas_spread
    replicas = workload.replicas
    spec = tmpl.raw.get("spec") or {}
    spread = bool(spec.get("topologySpreadConstraints")) or bool(
        ((spec.get("affinity") or {}).get("podAntiAffinity") or {}))
    if replicas is None:
        out.append(ReleaseCheck("replicas_spread", "unknown"))
    else:
        out.append(ReleaseCheck("replicas_spread", "yes" if replicas > 1 and spread else "no",
                                (cite(workload, f"replicas: {replicas}, spread constraints: {'yes' if spread else 'none'}"),)))
    # rollout_headroom
    strategy = workload.strategy
    stype = str(strategy.get("type") or "")
    surge = (strategy.get("rollingUpdate") or {}).get("maxSurge") if isinstance(strategy.get("rollingUpdate"), dict) else None
    if workload.kind != "Deployment":
        out.append(ReleaseCheck("rollout_headroom", "unknown"))
    elif stype == "Recreate" or surge in (0, "0", "0%"):
        out.append(ReleaseCheck("rollout_headroom", "yes", (cite(workload, f"strategy {stype or 'RollingUpdate'}, maxSurge {surge}"),)))
    else:
        per_pod = sum(wanted.values())
        free = sum(max(n.gpu_allocatable.get(r, 0) - sum(p.gpu_requests.get(r, 0) for p in ctx.pods_by_node.get(n.name, ())
                                                         if not p.is_terminal), 0)
                   for n in having for r in wanted)
        answer = "unknown" if not wanted else ("yes" if free >= per_pod else "no")
        out.append(ReleaseCheck("rollout_headroom", answer,
                                (cite(workload, f"strategy {stype or 'RollingUpdate'} (maxSurge {surge if surge is not None else '25%'}), "
                                                 f"free GPUs {free}, one pod needs {per_pod}"),)))
    # probes_sized_for_load
    startup = [p for c in tmpl.containers if not c.init for p in c.probes if p.kind == "startup"]
    if startup:
        budget = max(p.budget_seconds for p in startup)
        out.append(ReleaseCheck("probes_sized_for_load", "yes" if budget >= STARTUP_BUDGET_MIN_S else "no",
                                (cite(workload, f"startupProbe budget {budget}s"),)))
    else:
        out.append(ReleaseCheck("probes_sized_for_load", "no", (cite(workload, "no startupProbe"),)))
    # rollback_revision_present
    if workload.kind == "Deployment":
        rs = [w for w in ctx.workloads if w.kind == "ReplicaSet" and (w.namespace or "") == ns
              and w.controller and w.controller.name == workload.name]
        out.append(ReleaseCheck("rollback_revision_present", "yes" if len(rs) > 1 else ("no" if rs else "unknown"),
                                tuple(cite(w, f"ReplicaSet {w.name} revision "
                                               f"{w.annotations.get('deployment.kubernetes.io/revision', '?')}") for w in rs[:5])))
    else:
        out.append(ReleaseCheck("rollback_revision_present", "unknown"))
    return tuple(out)
