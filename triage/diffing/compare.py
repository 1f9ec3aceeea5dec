"""Compare two snapshots: findings that appeared, resolved or changed; per node the GPU
capacity / allocatable, labels and taints that changed; GPU-stack component states.

    d = diff(snapshot("before"), snapshot("after"))
    d["findings"]["resolved"][0]["id"]        # "plugin.nvml_unavailable"
    d["nodes"]["gpu-t4-2"]["capacity"]        # {"nvidia.com/gpu": [null, 1]}

Every change is `[before, after]`; null is "absent". Keys sort, so two runs print the same.
"""

from __future__ import annotations

from triage.diffing.state import Snapshot

_COMPARED = ("severity", "certainty", "layer")


def _brief(f: dict) -> dict:
    out = {"id": f.get("id"), "layer": f.get("layer"), "severity": f.get("severity"),
           "subject": f.get("subject"), "title": f.get("title") or ""}
    ev = (f.get("evidence") or [None])[0]
    if isinstance(ev, dict):
        out["evidence"] = {"path": ev.get("path"), "line": ev.get("line"), "excerpt": ev.get("excerpt")}
    return out


def _map_diff(a: dict, b: dict) -> dict:
    return {k: [a.get(k), b.get(k)] for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)}


def diff(a: Snapshot, b: Snapshot) -> dict:
    appeared = [_brief(b.findings[k]) for k in sorted(set(b.findings) - set(a.findings))]
    resolved = [_brief(a.findings[k]) for k in sorted(set(a.findings) - set(b.findings))]
    changed = []
    for k in sorted(set(a.findings) & set(b.findings)):
        fa, fb = a.findings[k], b.findings[k]
        what = {f: [fa.get(f), fb.get(f)] for f in _COMPARED if fa.get(f) != fb.get(f)}
        params = _map_diff(dict(fa.get("params") or {}), dict(fb.get("params") or {}))
        if params:
            what["params"] = params
        if what:
            changed.append({**_brief(fb), "changes": what})
    nodes = {}
    for name in sorted(set(a.nodes) | set(b.nodes)):
        na, nb = a.nodes.get(name), b.nodes.get(name)
        if na is None or nb is None:
            present = nb if na is None else na
            nodes[name] = {"node": "added" if na is None else "removed",
                           "capacity": {r: [None, v] if na is None else [v, None] for r, v in sorted(present.capacity.items())},
                           "allocatable": {r: [None, v] if na is None else [v, None]
                                           for r, v in sorted(present.allocatable.items())}}
            continue
        entry = {}
        for part in ("capacity", "allocatable", "labels"):
            d = _map_diff(getattr(na, part), getattr(nb, part))
            if d:
                entry[part] = d
        added = sorted(set(nb.taints) - set(na.taints))
        removed = sorted(set(na.taints) - set(nb.taints))
        if added or removed:
            entry["taints"] = {"added": added, "removed": removed}
        if na.ready != nb.ready:
            entry["ready"] = [na.ready or None, nb.ready or None]
        if entry:
            nodes[name] = entry
    components = []
    by_role_a = {(n, r): (p, s) for (n, r, p), s in a.components.items()}
    by_role_b = {(n, r): (p, s) for (n, r, p), s in b.components.items()}
    for key in sorted(set(by_role_a) | set(by_role_b)):
        pa, sa = by_role_a.get(key, (None, None))
        pb, sb = by_role_b.get(key, (None, None))
        if sa != sb:
            components.append({"node": key[0], "role": key[1], "state": [sa, sb], "pod": [pa, pb]})
    status = [a.status, b.status] if a.status != b.status else None
    root = [a.root_cause, b.root_cause] if a.root_cause != b.root_cause else None
    return {"schema": "gpu-triage.diff/v1",
            "before": {"path": a.path, "reader": a.reader, "status": a.status, "root_cause": a.root_cause},
            "after": {"path": b.path, "reader": b.reader, "status": b.status, "root_cause": b.root_cause},
            "status": status, "root_cause": root,
            "findings": {"appeared": appeared, "resolved": resolved, "changed": changed},
            "nodes": nodes, "components": components,
            "same": not (status or root or appeared or resolved or changed or nodes or components)}
