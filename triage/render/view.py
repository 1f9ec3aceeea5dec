"""What every report format shows, computed once from a findings v1 document.

The renderers (text, Markdown, HTML) read only the findings document
(`shared/contracts/findings-v1.md` plus the extensions of
`docs/internal-interfaces.md`). `build_view(doc)` turns it into a plain "view":
the verdict, the layer ladder, the evidence chain, the playbook, the other
findings by layer, the gaps, the collection facts, the GPU inventory, the
workloads of a scan and the release checks. Nothing is re-diagnosed here: the
ladder only reads which layers hold findings and which gaps touch which layer.

A document is untrusted input (it quotes log lines and event messages from a
cluster someone else controls): every string is made one kind of thing
(`untrusted_text`: control characters removed, length bounded); each renderer
then escapes it for its own format.

    >>> v = build_view({"schema": "gpu-triage.findings/v1", "status": "healthy",
    ...                 "root_cause": None, "findings": [], "gaps": []})
    >>> [step["state"] for step in v["ladder"]]
    ['passed', 'passed', 'passed', 'passed', 'passed', 'passed']
"""

from __future__ import annotations

from typing import Any, Iterable

from triage.errors import TriageError
from triage.incidents import group_incidents, healthy_targets, subject_ref
from triage.render.untrusted_text import clean, sanitise_doc, slug
from triage.render.view_parts import (
    LAYERS, SEVERITIES, STATUSES, as_dict, as_list, collection, finding, gap, inventory, ladder, release_checks,
    target_text)
from triage.render.wording import first_commands, labels, playbook_markdown


class ReportError(TriageError):
    """A findings document cannot be rendered (not a findings v1 document)."""


def _diagnosis(raw: dict, index: int) -> dict[str, Any]:
    """One target's verdict, ladder, evidence chain, other findings and gaps."""
    status = clean(raw.get("status"), 20).lower()
    status = status if status in STATUSES else "inconclusive"
    root = finding(raw["root_cause"]) if isinstance(raw.get("root_cause"), dict) else None
    findings = [finding(f) for f in as_list(raw.get("findings"))]
    gaps = [gap(g) for g in as_list(raw.get("gaps"))]
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
    target = target_text(raw.get("target"))
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
        "ladder": ladder(findings if findings or root is None else [root], gaps, root, status, raw.get("layers")),
        "suspect": next((f for f in findings if f["id"] == clean(raw.get("suspect"), 80)), None)
        if raw.get("suspect") else None,
        "scope": as_dict(raw.get("scope")),
    }


SMI_VERDICT = {"ok": "as asked", "fewer_gpus": "FEWER GPUs than requested",
               "cuda_too_old": "the driver's CUDA is OLDER than the image needs", "error": "nvidia-smi FAILED"}


def smi_lines(target: object, rows: object) -> list[str]:
    """`nvidia-smi in Pod llm/x (server): 1 GPU visible (NVIDIA H100 80GB HBM3) of 1 requested,
    driver 590.48.01, CUDA 13.1, no MIG device: as asked`."""
    out = []
    for r in as_list(rows):
        r = as_dict(r)
        head = f"{clean(r.get('command'), 40) or 'nvidia-smi'} in {target_text(target)} ({clean(r.get('container'), 63)}): "
        if r.get("verdict") == "error":
            out.append(head + f"{SMI_VERDICT['error']}: {clean(r.get('error'), 200)}")
            continue
        names = sorted({clean(g, 80) for g in as_list(r.get("gpus"))})
        seen = f"{r.get('visible')} GPU(s) visible" + (f" ({', '.join(names)})" if names else "")
        if r.get("requested"):
            seen += f" of {r.get('requested')} requested"
        versions = (f"driver {clean(r.get('driver_version'), 20)}, CUDA {clean(r.get('cuda_version'), 20) or '?'}"
                    if r.get("driver_version") else "no version shown")
        if r.get("required_cuda"):
            versions += f" (the image needs CUDA {clean(r.get('required_cuda'), 20)})"
        mig = f"{r.get('mig_devices')} MIG device(s)" if r.get("mig_devices") else "no MIG device"
        out.append(head + f"{seen}, {versions}, {mig}: {SMI_VERDICT.get(clean(r.get('verdict'), 20), 'as shown')}")
    return out


def owner_line(target: object, chain: object) -> str:
    """`Pod llm/x <- ReplicaSet x-7d9f <- Deployment x`: a pod and its controllers."""
    links = [target_text(target)] + [f"{clean(as_dict(o).get('kind'), 60)} {clean(as_dict(o).get('name'), 253)}"
                                     for o in as_list(chain)]
    return " <- ".join(links)


def _incidents(doc: dict) -> list[dict[str, Any]]:
    """Each incident of a scan as a diagnosis view (verdict, chain, ladder, gaps) of its own,
    with every target it affects."""
    out = []
    for i, inc in enumerate(group_incidents(doc), 1):
        raw = {"target": inc["subject"], "status": inc["status"], "root_cause": inc["root_cause"],
               "findings": inc["findings"], "gaps": inc["gaps"], "layers": inc["layers"],
               "suspect": inc["suspect"]}
        view = _diagnosis(raw, i)
        view["targets"] = [target_text(t) for t in inc["targets"]]
        view["owners"] = [owner_line(t, inc["owners"].get(subject_ref(t))) for t in inc["targets"]
                          if inc["owners"].get(subject_ref(t))]
        view["nvidia_smi"] = [line for t in inc["targets"] for line in smi_lines(t, inc["nvidia_smi"].get(subject_ref(t)))]
        view["key"] = clean(inc["key"], 400)
        view["severity"] = inc["severity"]
        view["heading"] = f"Incident {i}: " + (f"{view['root']['id']} on {view['target']}"
                                               if view["root"] else f"{view['status']} on {view['target']}")
        if view["root"]:
            # the same cause on the incident's other targets belongs to its chain, not "also seen"
            same = [f for f in view["others"] if f["id"] == view["root"]["id"]]
            view["chain"] += [{"role": "root", "finding": f} for f in same]
            view["others"] = [f for f in view["others"] if f["id"] != view["root"]["id"]]
        view["anchor"] = slug(view["heading"])
        view["line"] = _status_line(view, labels())
        root = view["root"]
        markdown = playbook_markdown(root["id"], root["params"]) if root else None
        view["playbook"] = {"name": root["playbook"], "markdown": markdown} if root else None
        view["steps"] = first_commands(markdown)
        out.append(view)
    return out


def _collection(doc: dict) -> dict[str, Any]:
    """The collection facts; a bundle a live run removed when it ended is said to be one."""
    col = collection(doc)
    col["owners"] = owner_line(doc.get("target"), doc.get("owners")) if as_list(doc.get("owners")) else ""
    col["nvidia_smi"] = smi_lines(doc.get("target"), doc.get("nvidia_smi"))
    if as_dict(doc.get("bundle")).get("temporary") is True:
        col["bundle_path"] = labels().get("temporary_bundle", "{path} (temporary: removed when the command ended; "
                                          "--out DIR keeps it)").format(path=col["bundle_path"])
    return col


def _status_line(top: dict, words: dict) -> str:
    """The verdict's one line, which never contradicts itself: what was found, what could not
    be checked, or (no GPU) what was looked at."""
    status = top["status"]
    if status == "no_gpu":
        scope = top["scope"]
        nodes, pods = scope.get("nodes"), scope.get("pods")
        if isinstance(nodes, int) and isinstance(pods, int):
            return words["no_gpu_line"].format(nodes=nodes, pods=pods)
        return words["status_line"]["no_gpu"]
    unchecked = [s["layer"] for s in top["ladder"] if s["state"] == "gap"]
    if status == "inconclusive":
        suspect = top["suspect"]
        parts = []
        if suspect:
            parts.append(words["suspect_line"].format(id=suspect["id"], subject=suspect["subject"] or "-"))
        if unchecked:
            parts.append(words["not_checked_line"].format(layers=", ".join(unchecked)))
        return " · ".join(parts) or words["status_line"]["inconclusive"]
    partial = [s["layer"] for s in top["ladder"] if s["state"] == "partial"]
    if status == "healthy" and partial:
        return words["status_line"]["healthy_partial"].format(layers=", ".join(partial))
    return words["status_line"][status]


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
    kinds = {as_dict(d.get("target")).get("kind") for d in diagnoses}
    namespaces = {as_dict(d.get("target")).get("namespace") for d in diagnoses}
    if kinds == {"Pod"} and len(namespaces) == 1 and not is_scan:
        return "pods"
    if "Node" in kinds or None in kinds:
        return "targets"
    return "workloads"


def build_view(doc: object) -> dict[str, Any]:
    """Everything a report shows, in the report's order, from a findings document."""
    if not isinstance(doc, dict):
        raise ReportError("not a findings document: expected a JSON object")
    doc = sanitise_doc(doc)      # a document read from a file may come from anywhere
    schema = doc.get("schema")
    if not (isinstance(schema, str) and schema.startswith("gpu-triage.findings/v1")):
        raise ReportError(f"not a findings v1 document (schema {clean(schema, 60)!r}); "
                          "render the output of `gpu-triage analyze -o json`")
    top = _diagnosis(doc, 0)
    raw_diagnoses = [d for d in as_list(doc.get("diagnoses")) if isinstance(d, dict)]
    diagnoses = [_diagnosis(d, i + 1) for i, d in enumerate(raw_diagnoses)]
    is_scan = not as_dict(doc.get("target"))
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
    suspect = top["suspect"]
    verdict = {
        "status": top["status"],
        "id": root["id"] if root else "",
        "title": root["title"] if root else "",
        "layer": root["layer"] if root else "",
        "subject": root["subject"] if root else "",
        "severity": root["severity"] if root else "",
        "certainty": root["certainty"] if root else "",
        "suspect": suspect,
        "not_checked": [s["layer"] for s in top["ladder"] if s["state"] == "gap"],
        "line": _status_line(top, labels()),
    }
    playbook = None
    if root:
        playbook = {"name": root["playbook"], "markdown": playbook_markdown(root["id"], root["params"])}
    counts = {s: sum(1 for d in diagnoses if d["status"] == s) for s in STATUSES}
    scan_line = (f"{len(diagnoses)} {noun}: " + ", ".join(f"{n} {s}" for s, n in counts.items() if n)
                 + f"; the worst is #1 {diagnoses[0]['target']}") if diagnoses else ""
    incidents = _incidents(doc) if diagnoses else []
    healthy = [target_text(t) for t in healthy_targets(doc)] if diagnoses else []
    where = {t: {"index": inc["index"], "anchor": inc["anchor"]} for inc in incidents for t in inc["targets"]}
    for d in diagnoses:
        d["incident"] = where.get(d["target"])
    return {
        "schema": clean(schema, 60),
        "incidents": incidents,
        "healthy": healthy,
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
        "inventory": inventory(doc),
        "diagnoses": diagnoses,
        "release_checks": release_checks(doc),
        "labels": labels(),
    }
