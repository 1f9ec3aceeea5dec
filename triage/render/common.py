"""What every report format shows, computed once from a findings v1 document.

The renderers (text, Markdown, HTML) read only the findings document
(`shared/contracts/findings-v1.md` plus the extensions of
`docs/internal-interfaces.md`). `build_view(doc)` turns it into a plain "view":
the verdict, the layer ladder, the evidence chain, the playbook, the other
findings by layer, the gaps, the collection facts, the GPU inventory, the
workloads of a scan and the release checks. Nothing is re-diagnosed here: the
ladder only reads which layers hold findings and which gaps touch which layer.

A document is untrusted input (it quotes log lines and event messages from a
cluster someone else controls): every string is made one kind of thing here
(control characters removed, length bounded); each renderer then escapes it
for its own format.

    >>> v = build_view({"schema": "gpu-triage.findings/v1", "status": "healthy",
    ...                 "root_cause": None, "findings": [], "gaps": []})
    >>> [step["state"] for step in v["ladder"]]
    ['passed', 'passed', 'passed', 'passed', 'passed', 'passed']
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from triage.errors import TriageError

LAYERS = ("scheduler", "node", "plugin", "runtime", "driver", "application")
STATUSES = ("problem", "inconclusive", "healthy")
SEVERITIES = ("critical", "error", "warning", "info")

# Evidence excerpts are quoted, never trusted to be short.
EXCERPT_MAX_LINES = 12
EXCERPT_MAX_LINE = 600
EXCERPT_MAX_CHARS = 2000
FIELD_MAX = 300

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


class ReportError(TriageError):
    """A findings document cannot be rendered (not a findings v1 document)."""


# ---- templates and wording -------------------------------------------------------

def templates_dir() -> Path:
    """The report templates: through `triage.resources` (installed wheel or
    checkout), else the checkout's `report_templates/`."""
    try:
        from triage.resources import report_templates_dir
    except ImportError:  # pragma: no cover - resources ships with the package
        return Path(__file__).resolve().parents[2] / "report_templates"
    return Path(report_templates_dir())


@functools.lru_cache(maxsize=1)
def labels() -> dict[str, Any]:
    """The report's fixed wording (`report_templates/labels.yaml`)."""
    path = templates_dir() / "labels.yaml"
    return yaml.safe_load(path.read_text("utf-8"))


# ---- making untrusted strings inert-ish -------------------------------------------

def clean(value: object, limit: int = FIELD_MAX) -> str:
    """One line of text: control characters (ANSI escapes, bidi overrides)
    removed, whitespace collapsed, at most `limit` characters."""
    if value is None:
        return ""
    text = _CONTROL.sub("", str(value))
    text = " ".join(text.split())
    return truncate(text, limit)


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def bound_excerpt(value: object) -> tuple[str, bool]:
    """An excerpt kept to EXCERPT_MAX_LINES lines of EXCERPT_MAX_LINE characters
    and EXCERPT_MAX_CHARS in all, control characters removed (tabs kept as
    spaces). Returns (text, truncated)."""
    text = "" if value is None else str(value)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    lines = [_CONTROL.sub("", line).rstrip() for line in text.split("\n")]
    cut = False
    if len(lines) > EXCERPT_MAX_LINES:
        lines, cut = lines[:EXCERPT_MAX_LINES], True
    out, total = [], 0
    for line in lines:
        if len(line) > EXCERPT_MAX_LINE:
            line, cut = line[: EXCERPT_MAX_LINE - 1] + "…", True
        if total + len(line) > EXCERPT_MAX_CHARS:
            out.append(line[: max(EXCERPT_MAX_CHARS - total, 0)] + "…")
            cut = True
            break
        out.append(line)
        total += len(line) + 1
    return "\n".join(out).strip("\n"), cut


def slug(text: str) -> str:
    """A heading anchor the way GitHub makes one (lower case, punctuation
    dropped, spaces to dashes), restricted to ASCII so it is always a safe id."""
    text = text.strip().lower()
    text = re.sub(r"[^a-z0-9 _-]", "", text)
    return text.replace(" ", "-")


# ---- reading the document -----------------------------------------------------------

def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: object) -> list:
    return value if isinstance(value, list) else []


def subject_text(subject: object) -> str:
    """`Pod llm/qwen-0`, `Node gpu-node-3`, or "" for none."""
    s = _dict(subject)
    if not s:
        return ""
    kind, name, ns = clean(s.get("kind"), 60), clean(s.get("name"), 253), clean(s.get("namespace"), 63)
    ref = f"{ns}/{name}" if ns else name
    return f"{kind} {ref}".strip()


def citation(raw: object) -> dict[str, Any]:
    c = _dict(raw)
    line = c.get("line")
    line = line if isinstance(line, int) and not isinstance(line, bool) and line > 0 else None
    excerpt, cut = bound_excerpt(c.get("excerpt"))
    path = clean(c.get("path"), 400) or "(no path)"
    return {"path": path, "line": line, "where": f"{path}:{line}" if line else path,
            "excerpt": excerpt, "truncated": cut}


def finding(raw: object) -> dict[str, Any]:
    f = _dict(raw)
    fid = clean(f.get("id"), 80) or "unknown.unknown"
    layer = clean(f.get("layer"), 20) or fid.split(".", 1)[0]
    severity = clean(f.get("severity"), 20).lower()
    params = _dict(f.get("params"))
    return {
        "id": fid,
        "layer": layer if layer in LAYERS else "other",
        "severity": severity if severity in SEVERITIES else "info",
        "title": clean(f.get("title"), FIELD_MAX) or fid,
        "subject": subject_text(f.get("subject")),
        "evidence": [citation(c) for c in _list(f.get("evidence"))],
        "explains": [clean(e, 80) for e in _list(f.get("explains"))],
        "playbook": clean(f.get("playbook"), 120) or fid.replace(".", "/", 1),
        "params": params,
    }


def gap(raw: object) -> dict[str, str]:
    g = _dict(raw)
    out = {k: clean(g.get(k)) for k in ("collector", "reason", "detail", "needs")}
    out["layer"] = clean(g.get("layer"), 20) or gap_layer(out["collector"], out["needs"])
    return out


# Which layer a missing piece of evidence leaves unchecked. A gap may name its
# layer itself (`"layer"`); otherwise the collector's name tells.
_GAP_LAYER_WORDS = (
    ("plugin", "plugin"), ("daemonset", "plugin"), ("clusterpolic", "plugin"),
    ("validator", "plugin"), ("operator", "plugin"), ("gfd", "plugin"), ("mig", "plugin"),
    ("runtime", "runtime"), ("toolkit", "runtime"), ("cdi", "runtime"),
    ("driver", "driver"), ("dmesg", "driver"), ("xid", "driver"), ("nvidia-smi", "driver"),
    ("exec", "driver"), ("dcgm", "driver"),
    ("node", "node"),
    ("event", "scheduler"), ("quota", "scheduler"), ("pvc", "scheduler"),
    ("deployment", "scheduler"), ("replicaset", "scheduler"), ("statefulset", "scheduler"),
    ("job", "scheduler"), ("disruption", "scheduler"),
    ("log", "application"), ("pod", "scheduler"),
)


def gap_layer(collector: str, needs: str = "") -> str:
    """The layer a gap leaves unchecked, from its collector's name, or "" when
    the name tells none.

    >>> gap_layer("nodes"), gap_layer("logs"), gap_layer("exec"), gap_layer("analysis")
    ('node', 'application', 'driver', '')
    """
    del needs  # free prose: too loose to decide a layer from
    name = collector.lower()
    for word, layer in _GAP_LAYER_WORDS:
        if word in name:
            return layer
    return ""


def ladder(findings: list[dict], gaps: list[dict], root: dict | None,
           status: str = "problem") -> list[dict[str, Any]]:
    """One step per layer, outside in: failed (a finding there), not checked (a
    gap there and no finding) or passed; the root cause's layer marked. When an
    inconclusive diagnosis has a gap that names no layer, no layer without a
    finding can be called passed."""
    failed = {f["layer"] for f in findings}
    unchecked = {g["layer"] for g in gaps}
    if status == "inconclusive" and "" in unchecked:
        unchecked = set(LAYERS)
    root_layer = root["layer"] if root else None
    steps = []
    for layer in LAYERS:
        state = "failed" if layer in failed else "gap" if layer in unchecked else "passed"
        steps.append({"layer": layer, "state": state, "root": layer == root_layer})
    return steps


def playbook_markdown(fid: str, params: Mapping[str, Any]) -> str | None:
    """The playbook for `fid` with this incident's names filled in, its
    headings moved under the report's own (# -> ####), or None if there is none."""
    try:
        from triage import playbooks
    except ImportError:
        return None
    try:
        text = playbooks.render(fid, dict(params))
    except (TriageError, LookupError, OSError, ValueError):
        return None
    return demote_headings(text, 3)


def demote_headings(markdown: str, by: int) -> str:
    """Push ATX headings down `by` levels (never past ######), outside fences."""
    out, fence = [], None
    for line in markdown.split("\n"):
        stripped = line.lstrip()
        m = re.match(r"(`{3,}|~{3,})", stripped)
        if m:
            if fence is None:
                fence = m.group(1)[0] * len(m.group(1))
            elif stripped.startswith(fence) and not stripped[len(fence):].strip(fence[0]).strip():
                fence = None
        elif fence is None and re.match(r"#{1,6}(\s|$)", line):
            hashes = len(line) - len(line.lstrip("#"))
            line = "#" * min(hashes + by, 6) + line[hashes:]
        out.append(line)
    return "\n".join(out)


def _target_text(raw: object) -> str:
    return subject_text(raw) or "the whole cluster (scan)"


def _collection(doc: dict) -> dict[str, Any]:
    col = _dict(doc.get("collection"))
    bundle = _dict(doc.get("bundle"))
    version = col.get("cluster_version")
    if isinstance(version, dict):
        version = version.get("gitVersion") or version.get("git_version") or ""
    collectors = []
    for c in _list(col.get("collectors")):
        c = _dict(c)
        duration = c.get("duration_s")
        duration = (f"{duration:.2f} s" if isinstance(duration, (int, float))
                    and not isinstance(duration, bool) else "")
        collectors.append({"name": clean(c.get("name"), 80), "status": clean(c.get("status"), 20),
                           "duration": duration, "error": clean(c.get("error"))})
    redaction = _dict(col.get("redaction"))
    count = redaction.get("count")
    return {
        "cluster_version": clean(version, 80) or "unknown",
        "created_at": clean(col.get("created_at") or bundle.get("created_at"), 40) or "unknown",
        "collectors": collectors,
        "redaction_count": count if isinstance(count, int) and not isinstance(count, bool) else None,
        "bundle_path": clean(bundle.get("path"), 200) or "unknown",
        "bundle_sha256": clean(col.get("bundle_sha256"), 80) or "unknown",
        "tool": clean(" ".join(str(v) for v in _dict(doc.get("tool")).values()), 80),
        "problems": [{"path": clean(_dict(p).get("path"), 400), "detail": clean(_dict(p).get("detail"))}
                     for p in _list(col.get("problems"))],
    }


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _inventory(doc: dict) -> list[dict[str, Any]]:
    rows = []
    for r in _list(doc.get("inventory")):
        r = _dict(r)
        holders = []
        for h in _list(r.get("holders")):
            h = _dict(h)
            holders.append({"ref": f"{clean(h.get('namespace'), 63)}/{clean(h.get('pod'), 253)}",
                            "count": _count(h.get("count")) or 0, "phase": clean(h.get("phase"), 20)})
        ready = r.get("ready")
        rows.append({
            "node": clean(r.get("node"), 253), "resource": clean(r.get("resource"), 80),
            "capacity": _count(r.get("capacity")), "allocatable": _count(r.get("allocatable")),
            "requested": _count(r.get("requested")) or 0, "free": _count(r.get("free")),
            "unhealthy": _count(r.get("unhealthy")) or 0,
            "ready": "yes" if ready is True else "no" if ready is False else "unknown",
            "holders": holders,
        })
    return rows


def _diagnosis(raw: dict, index: int) -> dict[str, Any]:
    """One target's verdict, ladder, evidence chain, other findings and gaps."""
    status = clean(raw.get("status"), 20).lower()
    status = status if status in STATUSES else "inconclusive"
    root = finding(raw["root_cause"]) if isinstance(raw.get("root_cause"), dict) else None
    findings = [finding(f) for f in _list(raw.get("findings"))]
    gaps = [gap(g) for g in _list(raw.get("gaps"))]
    # The root cause is listed first among the findings: find it so it is not repeated.
    rest = list(findings)
    if root is not None:
        for i, f in enumerate(rest):
            if f["id"] == root["id"] and f["subject"] == root["subject"]:
                del rest[i]
                break
    explained_ids = set(root["explains"]) if root else set()
    explained = [f for f in rest if f["id"] in explained_ids]
    others = [f for f in rest if f["id"] not in explained_ids]
    chain = ([{"role": "root", "finding": root}] if root else []) + \
            [{"role": "explained", "finding": f} for f in explained]
    by_layer = [{"layer": layer, "findings": [f for f in others if f["layer"] == layer]}
                for layer in (*LAYERS, "other")]
    target = _target_text(raw.get("target"))
    head = root or (findings[0] if findings else None)
    return {
        "index": index,
        "target": target,
        "heading": f"{index}. {target}",
        "anchor": slug(f"{index}. {target}"),
        "status": status,
        "root": root,
        "head": head,
        "findings": findings,
        "chain": chain,
        "other_by_layer": [g for g in by_layer if g["findings"]],
        "others": others,
        "other_count": len(others),
        "gaps": gaps,
        "ladder": ladder(findings if findings or root is None else [root], gaps, root, status),
    }


def _release_checks(doc: dict) -> list[dict[str, Any]]:
    questions = labels()["release_questions"]
    out = []
    for r in _list(doc.get("release_checks")):
        r = _dict(r)
        rid = clean(r.get("id"), 60)
        answer = clean(r.get("answer"), 10).lower()
        out.append({"id": rid, "question": questions.get(rid, ""),
                    "answer": answer if answer in ("yes", "no") else "unknown",
                    "evidence": _unique([citation(c) for c in _list(r.get("evidence"))])})
    return out


def _unique(citations: list[dict]) -> list[dict]:
    seen, out = set(), []
    for c in citations:
        key = (c["where"], c["excerpt"])
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


def _other_summary(diagnoses: Iterable[dict]) -> list[dict[str, Any]]:
    """For a scan: findings other than the worst root cause, counted per (layer, id)."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for d in diagnoses:
        for f in d["findings"]:
            key = (f["layer"], f["id"])
            g = groups.setdefault(key, {"layer": f["layer"], "id": f["id"], "count": 0,
                                        "severity": f["severity"], "targets": []})
            g["count"] += 1
            if SEVERITIES.index(f["severity"]) < SEVERITIES.index(g["severity"]):
                g["severity"] = f["severity"]
            if len(g["targets"]) < 5 and d["anchor"] not in [t["anchor"] for t in g["targets"]]:
                g["targets"].append({"anchor": d["anchor"], "index": d["index"]})
    order = {layer: i for i, layer in enumerate((*LAYERS, "other"))}
    return sorted(groups.values(), key=lambda g: (order[g["layer"]], -g["count"], g["id"]))


def _noun(diagnoses: list[dict], is_scan: bool) -> str:
    """What the diagnoses are: the pods of one workload, workloads, or a mix of
    nodes and workloads (a scan; its top-level target is the worst one's)."""
    kinds = {_dict(d.get("target")).get("kind") for d in diagnoses}
    namespaces = {_dict(d.get("target")).get("namespace") for d in diagnoses}
    if kinds == {"Pod"} and len(namespaces) == 1 and not is_scan:
        return "pods"
    if "Node" in kinds or None in kinds:
        return "targets"
    return "workloads"


def build_view(doc: object) -> dict[str, Any]:
    """Everything a report shows, in the report's order, from a findings document."""
    if not isinstance(doc, dict):
        raise ReportError("not a findings document: expected a JSON object")
    schema = doc.get("schema")
    if not (isinstance(schema, str) and schema.startswith("gpu-triage.findings/v1")):
        raise ReportError(f"not a findings v1 document (schema {clean(schema, 60)!r}); "
                          "render the output of `gpu-triage analyze -o json`")
    top = _diagnosis(doc, 0)
    raw_diagnoses = [d for d in _list(doc.get("diagnoses")) if isinstance(d, dict)]
    diagnoses = [_diagnosis(d, i + 1) for i, d in enumerate(raw_diagnoses)]
    is_scan = not _dict(doc.get("target"))
    if not is_scan and len(diagnoses) < 2:
        diagnoses = []          # one target: its diagnosis is the top level
    noun = _noun(raw_diagnoses, is_scan)
    if diagnoses:
        # The top level holds all findings and gaps; the chain and ladder are the worst target's.
        worst = diagnoses[0]
        top["chain"], top["ladder"] = worst["chain"], worst["ladder"]
        if len(diagnoses) > 1 or is_scan:
            top["other_summary"] = _other_summary(
                [{**worst, "findings": worst["others"]}] + diagnoses[1:])
    top.setdefault("other_summary", [])
    root = top["root"]
    verdict = {
        "status": top["status"],
        "id": root["id"] if root else "",
        "title": root["title"] if root else "",
        "layer": root["layer"] if root else "",
        "subject": root["subject"] if root else "",
        "severity": root["severity"] if root else "",
    }
    playbook = None
    if root:
        playbook = {"name": root["playbook"], "markdown": playbook_markdown(root["id"], root["params"])}
    counts = {s: sum(1 for d in diagnoses if d["status"] == s) for s in STATUSES}
    scan_line = (f"{len(diagnoses)} {noun}: " + ", ".join(f"{n} {s}" for s, n in counts.items() if n)
                 + f"; the worst is #1 {diagnoses[0]['target']}") if diagnoses else ""
    return {
        "schema": clean(schema, 60),
        "is_scan": is_scan,
        "scan_line": scan_line,
        "noun": noun,
        "target": top["target"],
        "verdict": verdict,
        "finding_count": len(top["findings"]),
        "ladder": top["ladder"],
        "chain": top["chain"],
        "playbook": playbook,
        "other_by_layer": [] if top["other_summary"] else top["other_by_layer"],
        "other_summary": top["other_summary"],
        "gaps": top["gaps"],
        "collection": _collection(doc),
        "inventory": _inventory(doc),
        "diagnoses": diagnoses,
        "release_checks": _release_checks(doc),
        "labels": labels(),
    }
