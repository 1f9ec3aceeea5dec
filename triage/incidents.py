"""Incidents: the diagnoses of a scan grouped by what went wrong, from a findings v1 document.

One root cause on one subject is one incident, however many targets it reaches: a device
plugin that cannot load NVML on node gpu-t4-2 is one incident for the node and for every pod
left Pending there. Each incident lists every target it affects, carries the findings and
gaps of those targets (each once) and its own layer ladder (the layers of its targets merged:
a layer is the root, failed, not checked, passed or not applicable for the incident as for
the worst of its targets). An inconclusive target groups with the others that suspect the same
finding on the same subject, else with those blind for the same reasons (the same gaps).
HEALTHY and no-GPU targets are no incident; `healthy_targets(doc)` lists them.

Pure: the findings document in, plain dicts out (the renderers, the Slack digest and the
watcher read these; nothing here re-diagnoses).

    >>> doc = {"diagnoses": [
    ...   {"target": {"kind": "Node", "name": "n1"}, "status": "problem",
    ...    "root_cause": {"id": "plugin.nvml_unavailable", "severity": "error",
    ...                   "subject": {"kind": "Node", "name": "n1"}}},
    ...   {"target": {"kind": "Pod", "namespace": "a", "name": "p"}, "status": "problem",
    ...    "root_cause": {"id": "plugin.nvml_unavailable", "severity": "error",
    ...                   "subject": {"kind": "Node", "name": "n1"}}},
    ...   {"target": {"kind": "Pod", "namespace": "a", "name": "q"}, "status": "healthy"}]}
    >>> [(i["key"], len(i["targets"])) for i in group_incidents(doc)]
    [('plugin.nvml_unavailable@Node/n1', 2)]
    >>> [t["name"] for t in healthy_targets(doc)]
    ['q']
"""

from __future__ import annotations

from typing import Any, Iterable

STATUS_RANK = {"problem": 0, "inconclusive": 1}
SEVERITY_RANK = {"critical": 0, "error": 1, "warning": 2, "info": 3}
LAYER_NAMES = ("scheduler", "node", "plugin", "runtime", "driver", "application")
# how a layer reads for the incident: the strongest word among its targets
_LAYER_RANK = {"root": 0, "failed": 1, "not_checked": 2, "passed": 3, "not_applicable": 4}


def _d(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _l(value: object) -> list:
    return value if isinstance(value, list) else []


def subject_ref(subject: object) -> str:
    """`Node/gpu-t4-2`, `Pod/llm/qwen-0`: a subject as a stable key part."""
    s = _d(subject)
    parts = [str(s.get("kind") or "?")]
    if s.get("namespace"):
        parts.append(str(s["namespace"]))
    parts.append(str(s.get("name") or "?"))
    return "/".join(parts)


def diagnoses(doc: dict) -> list[dict]:
    """The per-target diagnoses of a document; a one-target document is its own diagnosis."""
    raw = [d for d in _l(_d(doc).get("diagnoses")) if isinstance(d, dict)]
    if raw:
        return raw
    return [doc] if _d(doc).get("status") else []


def incident_key(diagnosis: dict, workload: dict | None = None) -> str | None:
    """What makes two targets one incident; None for a target that is no incident. In the
    document of one workload, the same finding on several of its pods is one incident of the
    workload."""
    status = diagnosis.get("status")
    root = _d(diagnosis.get("root_cause"))
    if status == "problem" and root.get("id"):
        subject = root.get("subject")
        if workload and _d(subject).get("kind") == "Pod":
            subject = workload
        return f"{root['id']}@{subject_ref(subject)}"
    if status in ("problem", "inconclusive"):
        suspect = diagnosis.get("suspect")
        if isinstance(suspect, str) and suspect:
            subject = next((f.get("subject") for f in _l(diagnosis.get("findings"))
                            if isinstance(f, dict) and f.get("id") == suspect), None)
            return f"inconclusive:{suspect}@{subject_ref(subject)}"
        blind = sorted({f"{_d(g).get('collector')}:{_d(g).get('reason')}" for g in _l(diagnosis.get("gaps"))})
        return "inconclusive:" + (",".join(blind) or subject_ref(diagnosis.get("target")))
    return None


def _finding_key(f: dict) -> tuple[str, str]:
    return (str(f.get("id")), subject_ref(f.get("subject")))


def _merge_layers(members: Iterable[dict]) -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for d in members:
        for name, raw in _d(d.get("layers")).items():
            layer = _d(raw)
            status = layer.get("status") if layer.get("status") in _LAYER_RANK else "not_checked"
            cur = merged.setdefault(name, {"status": status, "checks": [], "gaps": []})
            if _LAYER_RANK[status] < _LAYER_RANK[cur["status"]]:
                cur["status"] = status
            for part in ("checks", "gaps"):
                for item in _l(layer.get(part)):
                    if item not in cur[part]:
                        cur[part].append(item)
    return {name: merged[name] for name in (*LAYER_NAMES, *sorted(set(merged) - set(LAYER_NAMES)))
            if name in merged}


def _incident(key: str, members: list[dict], workload: dict | None) -> dict[str, Any]:
    first = members[0]
    status = min((m.get("status") for m in members), key=lambda s: STATUS_RANK.get(s, 9))
    root = _d(first.get("root_cause")) or None
    if root:
        # what the root cause explains, over every target it reaches
        explains = [e for m in members for e in _l(_d(m.get("root_cause")).get("explains"))]
        root = {**root, "explains": sorted(set(explains))}
    findings: list[dict] = []
    seen: set[tuple[str, str]] = set()
    if root:
        findings.append(root)
        seen.add(_finding_key(root))
    for m in members:
        for f in _l(m.get("findings")):
            if isinstance(f, dict) and _finding_key(f) not in seen:
                seen.add(_finding_key(f))
                findings.append(f)
    gaps: list[dict] = []
    for m in members:
        for g in _l(m.get("gaps")):
            if g not in gaps:
                gaps.append(g)
    suspect = next((m.get("suspect") for m in members if isinstance(m.get("suspect"), str)), None)
    suspect_finding = next((f for f in findings if f.get("id") == suspect), None) if suspect else None
    head = root or suspect_finding or {}
    severity = head.get("severity") if head.get("severity") in SEVERITY_RANK else "info"
    targets = [_d(m.get("target")) for m in members]
    subject = _d(head.get("subject")) or targets[0]
    if workload and len(members) > 1 and subject.get("kind") == "Pod":
        subject = workload
    # the subject itself first when it is one of the targets (the node before its pods)
    targets.sort(key=lambda t: subject_ref(t) != subject_ref(subject))
    return {
        "key": key,
        "status": status,
        "severity": severity,
        "root_cause": root,
        "suspect": suspect,
        "subject": subject,
        "targets": targets,
        "findings": findings,
        "gaps": gaps,
        "layers": _merge_layers(members),
        # each Pod target's controller chain, as the document has it (Pod <- ReplicaSet <- Deployment)
        "owners": {subject_ref(m.get("target")): _l(m.get("owners")) for m in members if _l(m.get("owners"))},
        # what nvidia-smi inside each Pod target showed (the document's `nvidia_smi`)
        "nvidia_smi": {subject_ref(m.get("target")): _l(m.get("nvidia_smi")) for m in members
                       if _l(m.get("nvidia_smi"))},
    }


def group_incidents(doc: dict) -> list[dict[str, Any]]:
    """The incidents of a document, worst first: problem before inconclusive, then by
    severity, then by how many targets they reach, then in the document's own order."""
    groups: dict[str, list[dict]] = {}
    workload = _workload(doc)
    for d in diagnoses(doc):
        key = incident_key(d, workload)
        if key is not None:
            groups.setdefault(key, []).append(d)
    incidents = [_incident(k, members, workload) for k, members in groups.items()]
    order = {inc["key"]: i for i, inc in enumerate(incidents)}
    return sorted(incidents, key=lambda i: (STATUS_RANK.get(i["status"], 9), SEVERITY_RANK[i["severity"]],
                                            -len(i["targets"]), order[i["key"]]))


def _workload(doc: dict) -> dict | None:
    """The workload a document is about (its top-level target is a Deployment, Job ...); None
    for a scan, a pod or a node."""
    target = _d(_d(doc).get("target"))
    if target.get("kind") not in (None, "Pod", "Node") and target.get("name"):
        return target
    return None


def summaries(doc: dict) -> list[dict[str, Any]]:
    """The incidents as the findings document's `incidents` (for bots and ticket tooling): key,
    status, severity, root cause id (or suspect), subject and targets; the findings themselves
    stay in `diagnoses`."""
    out = []
    for inc in group_incidents(doc):
        root = inc["root_cause"] or {}
        out.append({"key": inc["key"], "status": inc["status"], "severity": inc["severity"],
                    "root_cause": root.get("id"), "suspect": inc["suspect"], "subject": inc["subject"],
                    "targets": inc["targets"]})
    return out


def healthy_targets(doc: dict) -> list[dict]:
    """The targets that are no incident (healthy, or no GPU in scope), in the document's order."""
    return [_d(d.get("target")) for d in diagnoses(doc) if incident_key(d) is None]
