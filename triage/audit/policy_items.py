"""Checklist items about cluster policy (seed 004): GPU node taints, GFD labels instead of
node names, a GPU quota per team namespace, PriorityClasses, PDBs on inference services and
the autoscaling signal."""

from __future__ import annotations

from triage.audit.facts import SYSTEM_PRIORITY, AuditFacts, Unit, absent, names
from triage.audit.model import FAIL, NOT_CHECKED, PASS, Answer
from triage.bundle import layout
from triage.bundle.objects.gpu_resource import is_gpu_resource
from triage.classify.model import Citation, Subject
from triage.classify.rules.base import clip
from triage.classify.rules.context import _control_plane_only

HOSTNAME_KEYS = ("kubernetes.io/hostname", "metadata.name")
DEDICATING = ("NoSchedule", "NoExecute")


def _status(bad: list, unknown: list) -> str:
    return FAIL if bad else (NOT_CHECKED if unknown else PASS)


def gpu_nodes_tainted(f: AuditFacts) -> Answer:
    nodes = [n for n in f.ctx.gpu_nodes() if not _control_plane_only(n)]
    if not nodes:
        return Answer("gpu_nodes_tainted", NOT_CHECKED, (absent(layout.NODES, "GPU nodes"),))
    evidence, untainted, untolerating = [], [], []
    for n in nodes:
        taints = [t for t in n.taints if t.effect in DEDICATING]
        evidence.append(f.ctx.cite_field(n, f"{n.name} spec.taints", [str(t) for t in n.taints] or None))
        if not taints:
            untainted.append(n.name)
    gpu_taints = {str(t): t for n in nodes for t in n.taints if t.effect in DEDICATING}
    for u in f.units:
        if gpu_taints and not any(u.template.tolerates(t) for t in gpu_taints.values()):
            untolerating.append(u.label)
            evidence.append(f.ctx.cite_field(u.obj, f"{u.name} spec.tolerations",
                                             (u.template.raw.get("spec") or {}).get("tolerations")))
    order = sorted(evidence, key=lambda c: not any(n in c.excerpt for n in untainted))
    subjects = tuple(Subject("Node", n) for n in untainted) + tuple(u.subject for u in f.units if u.label in untolerating)
    return Answer("gpu_nodes_tainted", FAIL if untainted or untolerating else PASS, tuple(order[:8]),
                  {"nodes": names(untainted), "pods": names(untolerating)}, subjects)


def _host_constraints(u: Unit) -> list[str]:
    keys = [k for spec in (u.template, *u.pods) for k in spec.node_selector if k in HOSTNAME_KEYS]
    keys += [k for spec in (u.template, *u.pods) for term in spec.required_node_affinity for k, _, _ in term
             if k in HOSTNAME_KEYS]
    if u.kind != "Pod" and u.template.node_name:
        keys.append("spec.nodeName")
    return keys


def gfd_labels_not_node_names(f: AuditFacts) -> Answer:
    if not f.units:
        return Answer("gfd_labels_not_node_names", NOT_CHECKED,
                      (absent(layout.RESOURCES, "GPU workloads (pods or controllers requesting a GPU)"),))
    evidence, bad = [], []
    for u in f.units:
        host = _host_constraints(u)
        if host:
            bad.append(u.label)
        spec = next((p for p in (u.template, *u.pods) if p.node_selector or p.required_node_affinity), None)
        evidence.append(f.ctx.cite_selector(spec) if spec is not None
                        else f.ctx.cite_field(u.obj, f"{u.name} spec.nodeSelector", None))
    order = sorted(evidence, key=lambda c: not any(h in c.excerpt for h in ("hostname", "nodeName", "metadata.name")))
    return Answer("gfd_labels_not_node_names", FAIL if bad else PASS, tuple(order[:8]), {"workloads": names(bad)},
                  tuple(u.subject for u in f.units if u.label in bad))


def gpu_quota_per_namespace(f: AuditFacts) -> Answer:
    resources = sorted({r for u in f.units for r in u.template.gpu_requests} or {"nvidia.com/gpu"})
    if not f.team_namespaces:
        return Answer("gpu_quota_per_namespace", NOT_CHECKED,
                      (absent(layout.RESOURCES, "team namespaces running GPU workloads"),))
    evidence, missing, unknown = [], [], []
    for ns in f.team_namespaces:
        path = layout.namespaced_list("resource-quota", ns)
        if not f.list_collected("resource-quota", ns):
            unknown.append(ns)
            evidence.append(absent(path, f"the ResourceQuota list of namespace {ns}"))
            continue
        quotas = list(f.bundle.resource_quotas(ns))
        gpu = [(q, k) for q in quotas for k in (q.get("spec", "hard", default={}) or {})
               if k.startswith("requests.") and is_gpu_resource(k.removeprefix("requests."))]
        if gpu:
            q, k = gpu[0]
            evidence.append(f.ctx.cite_field(q, f"{ns}/{q.name} spec.hard", q.get("spec", "hard")))
        else:
            missing.append(ns)
            evidence.append(Citation(path, None, clip(f"{len(quotas)} ResourceQuota(s) in {ns}: " + (
                "; ".join(f"{q.name} hard {sorted((q.get('spec', 'hard', default={}) or {}))}" for q in quotas[:3])
                or "items: []"))))
    order = sorted(evidence, key=lambda c: not any(ns in c.excerpt or ns in c.path for ns in missing))
    return Answer("gpu_quota_per_namespace", _status(missing, unknown), tuple(order[:8]),
                  {"namespaces": names(missing or unknown), "resource": resources[0]},
                  tuple(Subject("Namespace", ns) for ns in missing))


def priority_classes(f: AuditFacts) -> Answer:
    if not f.units:
        return Answer("priority_classes", NOT_CHECKED, (absent(layout.RESOURCES, "GPU workloads"),))
    defined = [p for p in f.bundle.custom_resources("priorityclasses.scheduling.k8s.io")
               if p.name not in SYSTEM_PRIORITY]
    evidence, used, without = [], set(), []
    for u in f.units:
        pc = str((u.template.raw.get("spec") or {}).get("priorityClassName") or "")
        evidence.append(f.ctx.cite_field(u.obj, f"{u.name} spec.priorityClassName", pc or None))
        if pc and pc not in SYSTEM_PRIORITY:
            used.add(pc)
        else:
            without.append(u.label)
    for p in defined[:3]:
        evidence.append(f.ctx.cite_field(p, f"PriorityClass {p.name} value", p.get("value")))
    order = sorted(evidence, key=lambda c: "null" not in c.excerpt)
    return Answer("priority_classes", PASS if used else FAIL, tuple(order[:8]),
                  {"pods": names(without), "classes": names(sorted(used))},
                  () if used else tuple(u.subject for u in f.units))


def _selects(pdb, labels) -> bool:
    sel = pdb.get("spec", "selector", "matchLabels", default=None)
    exprs = pdb.get("spec", "selector", "matchExpressions", default=None)
    if not isinstance(sel, dict) or exprs:
        return bool(isinstance(sel, dict) and sel and all(labels.get(k) == v for k, v in sel.items()))
    return bool(sel) and all(labels.get(k) == str(v) for k, v in sel.items())


def pdb_on_inference(f: AuditFacts) -> Answer:
    units = f.inference_units
    if not units:
        return Answer("pdb_on_inference", NOT_CHECKED, (absent(layout.RESOURCES, "GPU Deployments or StatefulSets"),))
    evidence, missing, unknown = [], [], []
    for u in units:
        path = layout.namespaced_list("pod-disruption-budgets", u.namespace)
        if not f.list_collected("pod-disruption-budgets", u.namespace):
            unknown.append(u.label)
            evidence.append(absent(path, f"the PodDisruptionBudget list of namespace {u.namespace}"))
            continue
        pdbs = list(f.bundle.pod_disruption_budgets(u.namespace))
        labels = u.template.labels
        hit = next((p for p in pdbs if _selects(p, labels)), None)
        if hit is not None:
            evidence.append(f.ctx.cite_field(hit, f"{hit.name} spec.selector", hit.get("spec", "selector")))
        else:
            missing.append(u.label)
            evidence.append(Citation(path, None, clip(
                f"{len(pdbs)} PodDisruptionBudget(s) in {u.namespace}, none selecting {dict(labels)}")))
    order = sorted(evidence, key=lambda c: "none selecting" not in c.excerpt)
    return Answer("pdb_on_inference", _status(missing, unknown), tuple(order[:8]),
                  {"workloads": names(missing or unknown)}, tuple(u.subject for u in units if u.label in missing))


HPA = "horizontalpodautoscalers.autoscaling"
KEDA = "scaledobjects.keda.sh"
_CPU = ("cpu", "memory")


def _hpa_signal(hpa) -> tuple[str, str]:
    """('cpu' | 'queue', excerpt) of an HPA's metrics."""
    metrics = hpa.get("spec", "metrics", default=None) or []
    if not metrics and hpa.get("spec", "targetCPUUtilizationPercentage") is not None:
        return "cpu", f"targetCPUUtilizationPercentage: {hpa.get('spec', 'targetCPUUtilizationPercentage')}"
    kinds = []
    for m in metrics if isinstance(metrics, list) else ():
        if not isinstance(m, dict):
            continue
        t = str(m.get("type") or "")
        body = m.get(t[0].lower() + t[1:] if t else "", {}) or {}
        name = body.get("name") or (body.get("metric") or {}).get("name") if isinstance(body, dict) else None
        kinds.append(f"{t}:{name}")
    cpu_only = kinds and all(k.split(":")[0] in ("Resource", "ContainerResource") and k.split(":")[1] in _CPU
                             for k in kinds)
    return ("cpu" if cpu_only or not kinds else "queue"), "spec.metrics " + ", ".join(kinds or ["(none)"])


def autoscaling_queue_depth(f: AuditFacts) -> Answer:
    units = f.inference_units
    if not units:
        return Answer("autoscaling_queue_depth", NOT_CHECKED, (absent(layout.RESOURCES, "GPU Deployments or StatefulSets"),))
    hpas = list(f.bundle.custom_resources(HPA))
    scaled = list(f.bundle.custom_resources(KEDA))
    read = f.custom_collected(HPA) or f.collector_status.get("autoscalers") in ("ok", "skipped")
    evidence, cpu, unscaled = [], [], []
    for u in units:
        mine = [h for h in hpas if (h.namespace or "") == u.namespace
                and h.get("spec", "scaleTargetRef", "kind") == u.kind and h.get("spec", "scaleTargetRef", "name") == u.name]
        keda = [s for s in scaled if (s.namespace or "") == u.namespace
                and s.get("spec", "scaleTargetRef", "name") == u.name]
        if mine:
            signal, text = _hpa_signal(mine[0])
            evidence.append(f.ctx.cite_object(mine[0], f"HPA {mine[0].name} -> {u.kind}/{u.name}: {text}"))
            if signal == "cpu":
                cpu.append(u.label)
        elif keda:
            triggers = [str(t.get("type")) for t in (keda[0].get("spec", "triggers", default=[]) or []) if isinstance(t, dict)]
            evidence.append(f.ctx.cite_object(keda[0], f"ScaledObject {keda[0].name} triggers: {', '.join(triggers)}"))
            if triggers and all(t in _CPU for t in triggers):
                cpu.append(u.label)
        else:
            unscaled.append(u.label)
            evidence.append(f.ctx.cite_field(u.obj, f"{u.name} spec.replicas", u.obj.raw.get("spec", {}).get("replicas")
                                             if isinstance(u.obj.raw.get("spec"), dict) else None))
    if unscaled and not read and not cpu:
        return Answer("autoscaling_queue_depth", NOT_CHECKED, tuple(evidence[:4]) + (
            absent(layout.custom_resource(HPA, units[0].namespace), "HorizontalPodAutoscalers / KEDA ScaledObjects"),),
            {"workloads": names(unscaled)})
    bad = cpu + unscaled
    return Answer("autoscaling_queue_depth", FAIL if bad else PASS, tuple(evidence[:8]), {"workloads": names(bad)},
                  tuple(u.subject for u in units if u.label in bad))
