"""The pieces of a report view, each read from one part of a findings v1 document.

A finding, a citation, a gap (and the layer it leaves unchecked), the layer ladder,
the collection facts, the GPU inventory and the release checks: every string goes
through `untrusted_text.clean` / `bound_excerpt`, every malformed part reads as empty.
Real sample (a citation as `gpu-triage analyze -o json` writes it):

    >>> citation({"path": "nodes/gpu-node-3/dmesg.txt", "line": 1042,
    ...           "excerpt": "NVRM: Xid (PCI:0000:2b:00): 79, GPU has fallen off the bus."})["where"]
    'nodes/gpu-node-3/dmesg.txt:1042'
"""

from __future__ import annotations

from typing import Any

from triage.bundle.quantity import finite
from triage.classify.coverage import collector_layer
from triage.classify.model import LAYER_ORDER, Severity
from triage.render.untrusted_text import FIELD_MAX, bound_excerpt, clean
from triage.render.wording import labels

LAYERS = tuple(layer.value for layer in LAYER_ORDER)          # outside in, as the ladder shows them
STATUSES = ("problem", "inconclusive", "healthy", "no_gpu")    # the report's order, worst first
SEVERITIES = tuple(s.value for s in Severity)                  # worst first


def as_dict(value: object) -> dict:
    """A JSON object as itself; anything else (a malformed document) as empty."""
    return value if isinstance(value, dict) else {}


def as_list(value: object) -> list:
    """A JSON array as itself; anything else as empty."""
    return value if isinstance(value, list) else []


def subject_text(subject: object) -> str:
    """`Pod llm/qwen-0`, `Node gpu-node-3`, or "" for none."""
    s = as_dict(subject)
    if not s:
        return ""
    kind, name, ns = clean(s.get("kind"), 60), clean(s.get("name"), 253), clean(s.get("namespace"), 63)
    ref = f"{ns}/{name}" if ns else name
    return f"{kind} {ref}".strip()


def citation(raw: object) -> dict[str, Any]:
    c = as_dict(raw)
    line = count_or_none(c.get("line"))
    line = line if line is not None and line > 0 else None
    excerpt, cut = bound_excerpt(c.get("excerpt"))
    path = clean(c.get("path"), 400) or "(no path)"
    return {"path": path, "line": line, "where": f"{path}:{line}" if line else path,
            "excerpt": excerpt, "truncated": cut}


def finding(raw: object) -> dict[str, Any]:
    f = as_dict(raw)
    fid = clean(f.get("id"), 80) or "unknown.unknown"
    layer = clean(f.get("layer"), 20) or fid.split(".", 1)[0]
    severity = clean(f.get("severity"), 20).lower()
    params = as_dict(f.get("params"))
    return {
        "id": fid,
        "layer": layer if layer in LAYERS else "other",
        "severity": severity if severity in SEVERITIES else "info",
        "title": clean(f.get("title"), FIELD_MAX) or fid,
        "subject": subject_text(f.get("subject")),
        "evidence": [citation(c) for c in as_list(f.get("evidence"))],
        "explains": [clean(e, 80) for e in as_list(f.get("explains"))],
        "playbook": clean(f.get("playbook"), 120) or fid.replace(".", "/", 1),
        "params": params,
        "certainty": _certainty(f.get("certainty")),
    }


def _certainty(value: object) -> str:
    word = clean(value, 20)
    return word if word in ("recognised", "inferred", "unrecognised") else "recognised"


def gap(raw: object) -> dict[str, str]:
    g = as_dict(raw)
    out = {k: clean(g.get(k)) for k in ("collector", "reason", "detail", "needs")}
    out["layer"] = clean(g.get("layer"), 20) or collector_layer(out["collector"])
    return out


# findings v1 `layers` status -> the ladder's state word (labels.yaml `state`)
_LAYER_STATE = {"root": "failed", "failed": "failed", "passed": "passed", "not_checked": "gap",
                "not_applicable": "not_applicable"}


def ladder(findings: list[dict], gaps: list[dict], root: dict | None,
           status: str = "problem", layers: object = None) -> list[dict[str, Any]]:
    """One step per layer, outside in, as the document's `layers` says (the classifier
    derived it from the checks that ran: a renderer computes nothing of its own); a passed
    layer that also holds a gap is `partial` (checked in part: never shown as fully checked). A
    document without `layers` (older v1) is read as before: failed (a finding there), not
    checked (a gap there) or passed."""
    given = as_dict(layers)
    if given:
        steps = []
        for layer in LAYERS:
            raw = as_dict(given.get(layer))
            st = clean(raw.get("status"), 20)
            layer_gaps = [gap(g) for g in as_list(raw.get("gaps"))]
            state = _LAYER_STATE.get(st, "gap")
            if state == "passed" and layer_gaps:
                state = "partial"       # its checks that ran passed; a gap kept others from running
            steps.append({"layer": layer, "state": state, "root": st == "root",
                          "checks": [clean(as_dict(c).get("name"), 80) for c in as_list(raw.get("checks"))],
                          "gaps": layer_gaps})
        return steps
    if status == "no_gpu":
        return [{"layer": layer, "state": "not_applicable", "root": False, "checks": [], "gaps": []}
                for layer in LAYERS]
    failed = {f["layer"] for f in findings}
    unchecked = {g["layer"] for g in gaps}
    if status == "inconclusive" and "" in unchecked:
        unchecked = set(LAYERS)
    root_layer = root["layer"] if root else None
    steps = []
    for layer in LAYERS:
        state = "failed" if layer in failed else "gap" if layer in unchecked else "passed"
        steps.append({"layer": layer, "state": state, "root": layer == root_layer, "checks": [], "gaps": []})
    return steps


def gap_effect(g: dict, steps: list[dict]) -> str:
    """What a gap did to its layer, in the report's words: blinded it, or (its other checks ran
    and passed: the ladder's `partial`) thinned it; "" for a gap of no layer."""
    if not g["layer"]:
        return ""
    partial = any(s["layer"] == g["layer"] and s["state"] == "partial" for s in steps)
    return labels()["gap_thins" if partial else "gap_blinds"].format(layer=g["layer"])


def target_text(raw: object) -> str:
    return subject_text(raw) or "the whole cluster (scan)"


def collection(doc: dict) -> dict[str, Any]:
    col = as_dict(doc.get("collection"))
    bundle = as_dict(doc.get("bundle"))
    version = col.get("cluster_version")
    if isinstance(version, dict):
        version = version.get("gitVersion") or version.get("git_version") or ""
    collectors = []
    for c in as_list(col.get("collectors")):
        c = as_dict(c)
        duration = c.get("duration_s")
        duration = finite(duration)
        duration = f"{duration:.2f} s" if duration is not None else ""
        collectors.append({"name": clean(c.get("name"), 80), "status": clean(c.get("status"), 20),
                           "duration": duration, "error": clean(c.get("error"))})
    redaction = as_dict(col.get("redaction"))
    return {
        "cluster_version": clean(version, 80) or "unknown",
        "created_at": clean(col.get("created_at") or bundle.get("created_at"), 40) or "unknown",
        "collectors": collectors,
        "redaction_count": count_or_none(redaction.get("count")),
        "bundle_path": clean(bundle.get("path"), 200) or "unknown",
        "bundle_sha256": clean(col.get("bundle_sha256"), 80) or "unknown",
        "tool": clean(" ".join(str(v) for v in as_dict(doc.get("tool")).values()), 80),
        "problems": [{"path": clean(as_dict(p).get("path"), 400), "detail": clean(as_dict(p).get("detail"))}
                     for p in as_list(col.get("problems"))],
    }


def count_or_none(value: object) -> int | None:
    """A JSON integer as itself (a bool is not one); anything else as None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def inventory(doc: dict) -> list[dict[str, Any]]:
    rows = []
    for r in as_list(doc.get("inventory")):
        r = as_dict(r)
        holders = []
        for h in as_list(r.get("holders")):
            h = as_dict(h)
            holders.append({"ref": f"{clean(h.get('namespace'), 63)}/{clean(h.get('pod'), 253)}",
                            "count": count_or_none(h.get("count")) or 0, "phase": clean(h.get("phase"), 20)})
        ready = r.get("ready")
        rows.append({
            "node": clean(r.get("node"), 253), "resource": clean(r.get("resource"), 80),
            "capacity": count_or_none(r.get("capacity")), "allocatable": count_or_none(r.get("allocatable")),
            "requested": count_or_none(r.get("requested")) or 0, "free": count_or_none(r.get("free")),
            "unhealthy": count_or_none(r.get("unhealthy")) or 0,
            "ready": "yes" if ready is True else "no" if ready is False else "unknown",
            "holders": holders,
        })
    return rows


def release_checks(doc: dict) -> list[dict[str, Any]]:
    questions = labels()["release_questions"]
    out = []
    for r in as_list(doc.get("release_checks")):
        r = as_dict(r)
        rid = clean(r.get("id"), 60)
        answer = clean(r.get("answer"), 10).lower()
        out.append({"id": rid, "question": questions.get(rid, ""),
                    "answer": answer if answer in ("yes", "no") else "unknown",
                    "evidence": _unique([citation(c) for c in as_list(r.get("evidence"))])})
    return out


def _unique(citations: list[dict]) -> list[dict]:
    seen, out = set(), []
    for c in citations:
        key = (c["where"], c["excerpt"])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
