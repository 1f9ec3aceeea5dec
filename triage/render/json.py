"""The findings v1 document (shared/contracts/findings-v1.md plus the extensions of
docs/internal-interfaces.md). Every renderer and bot reads only this dict.

    doc = findings_document(report, bundle)
    doc["status"], doc["root_cause"]["id"], doc["findings"][0]["evidence"][0]["line"]
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Callable

from triage import TOOL_NAME, __version__, playbooks
from triage.classify.model import Diagnosis, Finding, Report
from triage.render.untrusted_text import clean_doc, json_text

SCHEMA = "gpu-triage.findings/v1"


def title_for(id: str, params) -> str:
    """The playbook's title template, else (no playbook for the id) the taxonomy text."""
    try:
        return str(playbooks.title_for(id, dict(params)))
    except Exception:  # noqa: BLE001 - any playbook problem falls back to the taxonomy line
        return playbooks.taxonomy_line(id)


def finding_json(f: Finding) -> dict:
    return {
        "id": f.id,
        "layer": f.layer.value,
        "severity": f.severity.value,
        "title": title_for(f.id, f.params),
        "subject": f.subject.to_json(),
        "evidence": [c.to_json() for c in f.evidence],
        "explains": list(f.explains),
        "playbook": f.playbook,
        "params": _jsonable(dict(f.params)),
        "certainty": f.certainty.value,
    }


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in sorted(value.items())}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=json.dumps) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def diagnosis_json(d: Diagnosis) -> dict:
    """One target's diagnosis. A healthy target with nothing to say (no finding, no gap) is
    the compact entry {target, status}: a scan of 100,000 pods lists thousands of them."""
    if d.status.value in ("healthy", "no_gpu") and not d.findings and not d.gaps and d.root_cause is None \
            and not d.scope:
        # the compact ladder: each layer's status only (a scan lists thousands of these)
        return {"target": d.target.to_json() if d.target else None, "status": d.status.value,
                "layers": {v.layer.value: {"status": v.status.value} for v in d.layers}}
    out = {
        "target": d.target.to_json() if d.target else None,
        "status": d.status.value,
        "root_cause": finding_json(d.root_cause) if d.root_cause else None,
        "findings": [finding_json(f) for f in d.findings],
        "gaps": [g.to_json() for g in d.gaps],
        "layers": layers_json(d),
    }
    if d.suspect is not None:
        out["suspect"] = d.suspect.id
    if d.scope:
        out["scope"] = dict(d.scope)
    return out


def layers_json(d: Diagnosis) -> dict:
    """`layers` of findings v1 (2026-12): one entry per layer, outside in."""
    return {v.layer.value: v.to_json() for v in d.layers}


def _file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def _bundle_sha256(path: Path) -> str | None:
    """The archive's sha256; for a bundle directory, the sha256 of its file list, one line
    `<sha256 of the file>  <relative path>` per file in path order (what `sha256sum` prints for
    `find . -type f | sort`), so a kept bundle can be checked against the report."""
    if path.is_file():
        return _file_sha256(path)
    if not path.is_dir():
        return None
    files = {"./" + f.relative_to(path).as_posix(): f for f in path.rglob("*") if f.is_file() and not f.is_symlink()}
    lines = [f"{_file_sha256(files[rel])}  {rel}\n" for rel in sorted(files)]     # byte order, as LC_ALL=C sort
    return hashlib.sha256("".join(lines).encode()).hexdigest() if lines else None


def start_bundle_sha256(path) -> Callable[[], str | None]:
    """Start `_bundle_sha256(path)` in a thread and return the function that waits for it:
    hashlib and file reads release the GIL, so a 180 MB bundle is hashed beside its analysis
    (on another core) instead of after it. An error is raised by the waiting function."""
    result: dict = {}

    def work() -> None:
        try:
            result["sha"] = _bundle_sha256(Path(path))
        except BaseException as err:      # raised where the value is asked for
            result["error"] = err

    thread = threading.Thread(target=work, name="bundle-sha256", daemon=True)
    thread.start()

    def wait() -> str | None:
        thread.join()
        if "error" in result:
            raise result["error"]
        return result["sha"]
    return wait


def findings_document(report: Report, bundle, bundle_sha256: Callable[[], str | None] | None = None) -> dict:
    """Build the findings v1 document for a report of `bundle` (a loaded Bundle).
    `bundle_sha256`: the waiting function of `start_bundle_sha256(bundle.source)`, if started."""
    manifest = bundle.manifest
    worst = report.worst
    all_findings: dict[tuple, Finding] = {}
    for d in report.diagnoses:
        for f in d.findings:
            all_findings.setdefault((f.id, f.subject, f.evidence), f)
    if worst is not None and worst.findings:
        # the worst diagnosis' findings first (root cause first), then the others worst first
        first = [f for f in worst.findings]
        keys = {(f.id, f.subject, f.evidence) for f in first}
        others = sorted((f for k, f in all_findings.items() if k not in keys), key=lambda f: f.sort_key())
        ordered = first + others
    else:
        ordered = sorted(all_findings.values(), key=lambda f: f.sort_key())
    target = worst.target if worst is not None and worst.status.value != "healthy" else report.target
    doc = {
        "schema": SCHEMA,
        "tool": {"name": TOOL_NAME, "version": __version__},
        "bundle": {"path": str(bundle.source), "created_at": manifest.created_at if manifest else None},
        "target": target.to_json() if target else None,
        "status": worst.status.value if worst else "healthy",
        "root_cause": finding_json(worst.root_cause) if worst and worst.root_cause else None,
        "layers": layers_json(worst) if worst else {},
        "findings": [finding_json(f) for f in ordered],
        # every gap of the bundle; each diagnosis lists the ones that decided its status
        "gaps": [g.to_json() for g in sorted(set(report.gaps) | {g for d in report.diagnoses for g in d.gaps})],
        "diagnoses": [diagnosis_json(d) for d in report.diagnoses],
    }
    if worst is not None and worst.suspect is not None:
        doc["suspect"] = worst.suspect.id
    if worst is not None and worst.scope:
        doc["scope"] = dict(worst.scope)
    _add_owners(doc, bundle)
    _add_nvidia_smi(doc, bundle)
    doc["inventory"] = [row.to_json() for row in report.inventory]
    if report.release_checks:
        doc["release_checks"] = [c.to_json() for c in report.release_checks]
    doc["collection"] = {
        "cluster_version": bundle.cluster_version or None,
        "created_at": manifest.created_at if manifest else None,
        "collectors": [dict(c) for c in manifest.collectors] if manifest else [],
        "redaction": dict(manifest.redaction) if manifest else {},
        "bundle_sha256": bundle_sha256() if bundle_sha256 is not None else _bundle_sha256(Path(bundle.source)),
        "problems": [{"path": p.path, "detail": p.detail} for p in sorted(bundle.problems, key=lambda p: p.path)],
    }
    if doc.get("diagnoses"):
        from triage.incidents import summaries
        doc["incidents"] = summaries(doc)
    return clean_doc(doc)


def _add_owners(doc: dict, bundle) -> None:
    """`owners` of each Pod target that is not healthy (its diagnosis, and the top level): the
    controller chain the bundle holds (triage.bundle.owners); each list read once, and only the
    lists that may hold an owner's kind."""
    from triage.bundle.owners import owner_chain
    for entry in [doc, *(doc.get("diagnoses") or ())]:
        target = entry.get("target") or {}
        if target.get("kind") == "Pod" and target.get("name") and entry.get("status") not in ("healthy", "no_gpu"):
            ns = target.get("namespace") or ""
            chain = owner_chain(bundle, ns, target["name"])
            if chain:
                entry["owners"] = chain


def _add_nvidia_smi(doc: dict, bundle) -> None:
    """`nvidia_smi` of the top-level Pod target and of each Pod diagnosis that is not healthy:
    what nvidia-smi inside it showed, judged against what it asked for (evidence.smi_summary)."""
    from triage.evidence.smi_runs import smi_runs
    from triage.evidence.smi_summary import summarise
    for i, entry in enumerate([doc, *(doc.get("diagnoses") or ())]):
        target = entry.get("target") or {}
        if target.get("kind") != "Pod" or not target.get("name") or \
                (i and entry.get("status") in ("healthy", "no_gpu")):
            continue
        ns = target.get("namespace") or ""
        pod = bundle.pod(ns, target["name"])
        rows = summarise(pod, smi_runs(bundle.exec_outputs(ns, target["name"]))) if pod is not None else []
        if rows:
            entry["nvidia_smi"] = rows


def dumps(doc: dict) -> str:
    return json_text(doc)
