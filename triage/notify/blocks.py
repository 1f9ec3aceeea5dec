"""Block Kit messages built from the findings document (never from Markdown).

Slack's limits (docs.slack.dev, Block Kit reference): a message holds at most
50 blocks; a header's plain_text at most 150 characters; a section's text at
most 3,000 characters and its fields at most 10, each at most 2,000; a context
block at most 10 elements; `text` (the notification fallback) is truncated by
Slack past 40,000 characters. We truncate visibly ("… (truncated)") before
Slack would silently cut or reject.

Everything taken from the findings document is cluster text (pod names, log lines, event
messages): `& < >` in it are escaped (`&amp; &lt; &gt;`, Slack's escaping) before any of
it is placed in a block or in `text`, so `<!channel>`, `<@U…>` or `<https://evil|…>` from a
log line show as text and never notify anyone or become a link. The document is escaped
once, as a whole (`escape_doc`), so no field can be forgotten; the markup around it
(`*bold*`, code fences, the report button) is ours.
"""

from __future__ import annotations

import re
from typing import Mapping

from triage.render.untrusted_text import strip_controls

MAX_BLOCKS = 50
MAX_HEADER = 150
MAX_SECTION = 3000
MAX_FIELD = 2000
MAX_FIELDS = 10
MAX_FALLBACK = 3000          # keep the notification text short; Slack's hard cap is 40,000
TRUNCATED = "… (truncated)"

STATUS_ICON = {"problem": ":red_circle:", "inconclusive": ":large_yellow_circle:", "healthy": ":large_green_circle:",
               "no_gpu": ":white_circle:"}


_ENTITY_TAIL = re.compile(r"&[a-z]{0,3}$")


def clip(text: str, limit: int) -> str:
    text = str(text)
    if len(text) <= limit:
        return text
    return _ENTITY_TAIL.sub("", text[: limit - len(TRUNCATED)]) + TRUNCATED   # never half an &amp;


def _code(text: str, limit: int) -> str:
    """A code block whose body can never close the fence early."""
    body = str(text).replace("```", "`\u200b``")
    return "```" + clip(body, limit - 6) + "```"


def _plain(text: str) -> str:
    """Slack mrkdwn control characters from cluster data shown as text."""
    return strip_controls(str(text)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_doc(value):
    """A copy of a findings document (or any JSON value) with `& < >` escaped in every string,
    keys included."""
    if isinstance(value, str):
        return _plain(value)
    if isinstance(value, Mapping):
        return {_plain(k): escape_doc(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [escape_doc(v) for v in value]
    return value


def _subject(subject: Mapping | None) -> str:
    if not subject:
        return "-"
    ns = subject.get("namespace")
    return f"{subject.get('kind', '?')} {ns + '/' if ns else ''}{subject.get('name', '?')}"


def partly_checked(doc: Mapping) -> list[str]:
    """The layers the reports' ladder shows as checked in part (`partial`): a healthy headline
    must not read as fully checked."""
    from triage.render.view_parts import ladder
    return [s["layer"] for s in ladder([], [], None, doc.get("status", ""), doc.get("layers")) if s["state"] == "partial"]


def headline(doc: Mapping) -> str:
    status = doc.get("status", "inconclusive")
    root = doc.get("root_cause")
    if root:
        note = " (message not recognised)" if root.get("certainty") == "unrecognised" else ""
        return f"{status.upper()}: {root.get('title') or root.get('id')}{note}"
    if status == "healthy":
        partly = partly_checked(doc)
        note = f" (checked in part: {', '.join(partly)})" if partly else ""
        return f"HEALTHY: {_subject(doc.get('target'))}{note}"
    if status == "no_gpu":
        scope = doc.get("scope") or {}
        return f"NO GPU: {_subject(doc.get('target'))} ({scope.get('nodes', '?')} node(s), {scope.get('pods', '?')} pod(s))"
    layers = doc.get("layers") or {}
    blind = [k for k, v in layers.items() if isinstance(v, dict) and v.get("status") == "not_checked"]
    suspect = f" suspected {doc['suspect']}," if doc.get("suspect") else ""
    return f"INCONCLUSIVE: {_subject(doc.get('target'))}{suspect} not checked: {', '.join(blind) or 'evidence missing'}"


def build_message(doc: Mapping, *, report_url: str | None = None, cluster: str | None = None,
                  playbook_steps: list[str] | None = None) -> dict:
    """The main message: header, key fields, decisive evidence, first steps, link."""
    doc = escape_doc(doc)
    cluster = _plain(cluster) if cluster else None
    root = doc.get("root_cause") or {}
    blocks: list[dict] = [{"type": "header", "text": {"type": "plain_text", "text": clip(headline(doc), MAX_HEADER)}}]
    fields = [
        ("Cluster", cluster or "-"),
        ("Target", _subject(doc.get("target"))),
        ("Layer", root.get("layer") or "-"),
        ("Severity", root.get("severity") or "-"),
        ("Finding", f"`{root['id']}`" if root.get("id") else "-"),
        ("Status", f"{STATUS_ICON.get(doc.get('status'), '')} {doc.get('status', '-')}"),
    ]
    blocks.append({"type": "section", "fields": [
        {"type": "mrkdwn", "text": clip(f"*{k}*\n{v}", MAX_FIELD)}
        for k, v in fields[:MAX_FIELDS]]})
    evidence = root.get("evidence") or []
    if evidence:
        lines = []
        for ev in evidence[:3]:
            where = f"{ev.get('path')}:{ev.get('line')}" if ev.get("line") else str(ev.get("path"))
            lines.append(f"{where}\n  {clip(ev.get('excerpt', ''), 900)}")
        blocks.append({"type": "section", "text": {"type": "mrkdwn",
                                                   "text": "*Evidence*\n" + _code("\n".join(lines), MAX_SECTION - 20)}})
    explains = root.get("explains") or []
    if explains:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": clip(
            "Explains: " + ", ".join(f"`{e}`" for e in explains), MAX_FIELD)}]})
    if playbook_steps:
        steps = "\n".join(f"{i}. {_plain(s)}" for i, s in enumerate(playbook_steps[:3], 1))  # names filled in
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": clip("*Next steps*\n" + steps, MAX_SECTION)}})
    gaps = doc.get("gaps") or []
    if gaps:
        text = "\n".join(f"• {g.get('collector')}: {g.get('reason')} (needs {g.get('needs')})"
                         for g in gaps[:5])
        if len(gaps) > 5:
            text += f"\n… and {len(gaps) - 5} more"
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": clip("*Could not check*\n" + text, MAX_SECTION)}})
    others = len(doc.get("findings") or []) - (1 if root else 0)
    context = [f"{others} other finding(s)" if others > 0 else "no other findings"]
    if root.get("playbook"):
        context.append(f"playbook `{root['playbook']}`")
    blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": clip(" · ".join(context), MAX_FIELD)}]})
    if report_url:
        blocks.append({"type": "actions", "elements": [{"type": "button", "text": {"type": "plain_text", "text": "Full report"},
                                                        "url": report_url, "action_id": "open_report"}]})
    return {"text": clip(fallback_text(doc), MAX_FALLBACK), "blocks": blocks[:MAX_BLOCKS]}


def fallback_text(doc: Mapping) -> str:
    root = doc.get("root_cause") or {}
    parts = [headline(doc)]
    if root:
        parts.append(f"layer {root.get('layer')}, {root.get('severity')}, on {_subject(root.get('subject'))}")
    return " — ".join(parts)


def build_thread_reply(doc: Mapping) -> dict | None:
    """Secondary findings (everything but the root cause), for a thread reply."""
    doc = escape_doc(doc)
    rest = list(doc.get("findings") or [])
    if doc.get("root_cause") in rest:
        rest.remove(doc["root_cause"])
    if not rest:
        return None
    blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": f"*Other findings ({len(rest)})*"}}]
    for f in rest:
        if len(blocks) >= MAX_BLOCKS - 1:
            blocks.append({"type": "context", "elements": [{"type": "mrkdwn",
                                                            "text": f"… {len(rest) - (len(blocks) - 1)} more in the full report"}]})
            break
        ev = (f.get("evidence") or [{}])[0]
        text = f"*{f.get('title') or f.get('id')}*\n`{f.get('id')}` · {f.get('severity')} · {_subject(f.get('subject'))}"
        if ev:
            text += "\n" + _code(ev.get("excerpt", ""), 600)
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": clip(text, MAX_SECTION)}})
    return {"text": clip(f"{len(rest)} other finding(s)", MAX_FALLBACK), "blocks": blocks[:MAX_BLOCKS]}
