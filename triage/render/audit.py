"""The audit's document (JSON, `gpu-triage.audit/v1`, triage/data/audit-v1.schema.json) and
its text / Markdown / HTML renderings. The words come from report_templates/audit.yaml and
the layout from report_templates/audit.{txt,md}.j2; the HTML page is the Markdown rendered
by the incident report's safe Markdown renderer inside report_templates/audit.html.j2.

    doc = audit_document(report, bundle)
    print(render_audit(doc, "text"))
"""

from __future__ import annotations

import functools
import string
from typing import Any, Mapping

import jinja2
import yaml

from triage import __version__
from triage.render.untrusted_text import clean, json_text, sanitise_doc
from triage.resources import report_templates_dir

SCHEMA = "gpu-triage.audit/v1"
FORMATS = ("text", "markdown", "html", "json")


@functools.lru_cache(maxsize=1)
def wording() -> dict[str, Any]:
    return yaml.safe_load((report_templates_dir() / "audit.yaml").read_text("utf-8"))


class _Missing(dict):
    def __missing__(self, key):
        return "none"


def fill(template: str, params: Mapping[str, object]) -> str:
    """str.format of an audit.yaml sentence; a param the answer does not carry shows as `?`."""
    values = _Missing({k: (", ".join(map(str, v)) if isinstance(v, (list, tuple)) else v) for k, v in params.items()})
    return string.Formatter().vformat(" ".join(template.split()), (), values)


def _cite(c) -> dict:
    return {"path": c.path, "line": c.line, "excerpt": c.excerpt}


def audit_document(report, bundle=None) -> dict:
    words = wording()
    items = []
    for a in report.answers:
        w = words["items"][a.id]
        item = {"id": a.id, "source": w["source"], "status": a.status, "title": w["title"],
                "evidence": [_cite(c) for c in a.evidence], "params": dict(a.params),
                "subjects": [s.to_json() for s in a.subjects]}
        if a.status == "fail" and w.get("next"):
            item["next"] = fill(w["next"], a.params)
        if w.get("question"):
            item["question"] = " ".join(w["question"].split())
        items.append(item)
    waste = report.waste
    entries = []
    for e in waste.entries:
        params = {"subject": f"{e.subject.namespace}/{e.subject.name}" if e.subject.namespace else e.subject.name,
                  "node": e.node, "gpus": e.gpus, **dict(e.params)}
        entries.append({"kind": e.kind, "subject": e.subject.to_json(), "node": e.node, "gpus": e.gpus,
                        "text": fill(words["waste"]["kinds"][e.kind], params), "lever": e.lever,
                        "lever_text": " ".join(words["waste"]["levers"][e.lever].split()),
                        "evidence": [_cite(c) for c in e.evidence], "params": dict(e.params)})
    notes = []
    if waste.window:
        notes.append(fill(words["waste"]["prometheus_window"], {"window": waste.window}))
    if waste.dcgm_nodes:
        notes.append(" ".join(words["waste"]["window"].split()))
    if waste.time_sliced_nodes:
        notes.append(" ".join(words["waste"]["time_slicing"].split()) + " (" + ", ".join(waste.time_sliced_nodes) + ")")
    share = waste.idle_share
    headline = fill(words["waste"]["measure_first"], {"idle": waste.idle_gpus, "allocated": waste.measured_gpus,
                                                      "share": round(100 * share) if share is not None else "?"}) \
        if waste.measured_gpus else " ".join(words["waste"]["no_measure"].split())
    manifest = getattr(bundle, "manifest", None)
    doc = {
        "schema": SCHEMA,
        "tool": {"name": "gpu-triage", "version": __version__},
        "cluster": report.cluster,
        "bundle": {"path": str(bundle.source), "created_at": manifest.created_at if manifest else None}
        if bundle is not None else None,
        "summary": report.counts(),
        "items": items,
        "questions": [{"id": i["id"], "question": i["question"]} for i in items if i.get("question")],
        "waste": {"headline": headline, "allocated_gpus": waste.allocated_gpus, "measured_gpus": waste.measured_gpus,
                  "idle_gpus": waste.idle_gpus, "idle_share": share, "dcgm_nodes": list(waste.dcgm_nodes),
                  "time_sliced_nodes": list(waste.time_sliced_nodes), "window": waste.window,
                  "notes": notes, "entries": entries},
    }
    return sanitise_doc(doc)


def exit_status(doc: Mapping) -> int:
    """cli.md's statuses: 3 when an item fails, 5 when none fails and some are not checked, 0 all pass."""
    summary = doc.get("summary") or {}
    if summary.get("fail"):
        return 3
    return 5 if summary.get("not_checked") else 0


@functools.lru_cache(maxsize=4)
def _env(autoescape: bool) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(report_templates_dir())),
                             undefined=jinja2.StrictUndefined, autoescape=autoescape,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    from triage.render.markdown import code_inline, md_inline
    env.filters["md"] = md_inline
    env.filters["code"] = code_inline
    env.filters["clean"] = lambda v: clean(v, 100_000)
    return env


def _where(c: Mapping) -> str:
    return f"{c['path']}:{c['line']}" if c.get("line") else str(c["path"])


def _context(doc: Mapping) -> dict:
    words = wording()
    return {"doc": doc, "w": words, "where": _where,
            "status_word": lambda s: words["status"][s],
            "source_word": lambda s: words["sources"][s]}


def render_text(doc: Mapping) -> str:
    return _env(False).get_template("audit.txt.j2").render(**_context(doc))


def render_markdown(doc: Mapping) -> str:
    return _env(False).get_template("audit.md.j2").render(**_context(doc))


def render_html(doc: Mapping) -> str:
    from markupsafe import Markup
    from triage.render.html import markdown_to_html
    body = Markup(markdown_to_html(render_markdown(doc)))
    return _env(True).get_template("audit.html.j2").render(body=body, **_context(doc))


def render_audit(doc: Mapping, fmt: str) -> str:
    if fmt == "json":
        return json_text(dict(doc))
    return {"text": render_text, "markdown": render_markdown, "html": render_html}[fmt](doc)
