"""The self-contained HTML incident report, from a findings document.

The body is the Markdown report (`triage.render.markdown`) rendered by
markdown-it-py with raw HTML off, images off and only http/https/mailto links
and `#anchors` kept; the page around it (`report_templates/report.html.j2`) is
Jinja2 with autoescape and draws the verdict, the layer ladder (inline SVG) and
the GPU capacity bars. One file: inline CSS, no script, no font or image from
anywhere, and a Content-Security-Policy that forbids any request, so the file
can be attached to a ticket and opened offline.

    >>> "<script>" in render_html({"schema": "gpu-triage.findings/v1", "status": "healthy",
    ...     "root_cause": None, "findings": [], "gaps": [],
    ...     "target": {"kind": "Pod", "namespace": "a", "name": "<script>"}})
    False
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2
from markdown_it import MarkdownIt
from markupsafe import Markup

from triage.render.markdown import render_view
from triage.render.untrusted_text import slug
from triage.render.view import build_view
from triage.resources import report_templates_dir

SAFE_SCHEMES = ("http:", "https:", "mailto:")


def safe_link(url: str) -> bool:
    """Only http(s), mailto and in-page anchors survive as links."""
    url = url.strip().lower()
    return url.startswith("#") or url.startswith(SAFE_SCHEMES)


@functools.lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"]).disable("image")
    md.validateLink = safe_link
    return md


def markdown_to_html(text: str, used: dict[str, int] | None = None) -> str:
    """HTML for report Markdown, each heading given the id GitHub would give it (`used`: the
    ids already given on the page, when it is rendered in pieces)."""
    md = _markdown()
    tokens = md.parse(text)
    used = {} if used is None else used
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and i + 1 < len(tokens):
            inline = tokens[i + 1]
            words = "".join(c.content for c in (inline.children or ())
                            if c.type in ("text", "code_inline"))
            base = slug(words) or "section"
            n = used.get(base, 0)
            used[base] = n + 1
            tok.attrSet("id", base if n == 0 else f"{base}-{n}")
    return md.renderer.render(tokens, md.options, {})


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(report_templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _bar(row: dict[str, Any]) -> dict[str, Any]:
    """Widths (percent) of the held / free / unhealthy parts of one node's GPUs."""
    total = max(row["capacity"] or 0, (row["allocatable"] or 0) + row["unhealthy"],
                row["requested"], 1)
    held = min(row["requested"], row["allocatable"] or 0)
    free = row["free"] or 0
    return {"held": 100 * held / total, "free": 100 * free / total,
            "unhealthy": 100 * row["unhealthy"] / total,
            "over": row["requested"] > (row["allocatable"] or 0)}


def render_html(doc: dict) -> str:
    """The whole report as one self-contained HTML page."""
    view = build_view(doc)
    scan = bool(view["diagnoses"])
    used: dict[str, int] = {}
    index = markdown_to_html(render_view(view, {"index"}), used) if scan else ""
    incidents = []
    if scan:        # each incident its own section, with its own ladder drawn
        from triage.render.markdown import environment as md_environment, squeeze_blank_lines
        module = md_environment().get_template("report.md.j2").make_module(
            {"view": view, "parts": frozenset(), "marks": "text"})
        for inc in view["incidents"]:
            page = markdown_to_html(squeeze_blank_lines(str(module.incident(inc))), used)
            head, _, rest = page.partition("</h2>")          # the ladder is drawn under the heading
            incidents.append((inc, Markup(head + "</h2>"), Markup(rest)))
    body = markdown_to_html(render_view(view, {"body", "html-incidents"}, marks="text" if scan else "emoji"), used)
    workloads = markdown_to_html(render_view(view, {"workloads"}, marks="text")) if view["diagnoses"] else ""
    release = markdown_to_html(render_view(view, {"release"})) if view["release_checks"] else ""
    bars = [{**row, "bar": _bar(row)} for row in view["inventory"]]
    return environment().get_template("report.html.j2").render(
        view=view, body=Markup(body), workloads=Markup(workloads), release=Markup(release),
        bars=bars, index=Markup(index), incidents=incidents)
