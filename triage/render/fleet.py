"""One report over several clusters (triage/fleet.py): a section per cluster, each the
cluster's own one-cluster rendering; in text every line carries `[cluster]`, in Markdown and
HTML a heading per cluster, in JSON `gpu-triage.fleet/v1` holding each cluster's document.

    render_fleet(results, "text", lambda doc, fmt: render(doc, fmt), "scan")
"""

from __future__ import annotations

from typing import Callable

from triage import __version__
from triage.render.untrusted_text import clean, json_text, sanitise_doc

SCHEMA = "gpu-triage.fleet/v1"


def fleet_document(results, command: str) -> dict:
    return sanitise_doc({
        "schema": SCHEMA, "tool": {"name": "gpu-triage", "version": __version__}, "command": command,
        "clusters": [{"cluster": r.name, "context": r.context, "exit_status": r.status, "error": r.error,
                      "document": r.doc} for r in results]})


def _text(results, render_one) -> str:
    out = []
    for r in results:
        tag = f"[{clean(r.name, 200)}] "
        body = f"error: {r.error}\n" if r.error else render_one(r.doc, "text")
        out += [(tag + line).rstrip() for line in body.splitlines()]
        out.append("")
    return "\n".join(out)


def _markdown(results, render_one, command: str) -> str:
    from triage.render.markdown import md_inline
    from triage.render.wording import demote_headings
    parts = [f"# gpu-triage {command}: {len(results)} clusters", "",
             "| cluster | exit status |", "|---|---|"]
    parts += [f"| {md_inline(r.name)} | {r.status}{' (' + md_inline(r.error) + ')' if r.error else ''} |"
              for r in results]
    for r in results:
        parts += ["", f"## Cluster {md_inline(r.name)}", ""]
        parts.append(md_inline(f"error: {r.error}") if r.error else demote_headings(render_one(r.doc, "markdown"), 2))
    return "\n".join(parts) + "\n"


def render_fleet(results, fmt: str, render_one: Callable[[dict, str], str], command: str) -> str:
    if fmt == "json":
        return json_text(fleet_document(results, command))
    if fmt == "text":
        return _text(results, render_one)
    md = _markdown(results, render_one, command)
    if fmt == "markdown":
        return md
    from markupsafe import Markup
    from triage.render.audit import _env
    from triage.render.html import markdown_to_html
    return _env(True).get_template("fleet.html.j2").render(body=Markup(markdown_to_html(md)), command=command,
                                                            clusters=[r.name for r in results])
