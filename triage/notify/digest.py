"""The Slack digest of a scan: one message, one block per incident (the worst `top` of
them; the rest counted), and one thread reply per incident with its evidence and next steps.

Built from the findings document through `triage.incidents` (never from Markdown); every
string of the document is escaped first (`blocks.escape_doc`), so a pod name or a log line
cannot mention anyone or become a link. Block Kit limits as in `triage.notify.blocks`.
"""

from __future__ import annotations

from typing import Mapping

from triage.incidents import group_incidents, healthy_targets
from triage.notify.blocks import (
    MAX_BLOCKS, MAX_FALLBACK, MAX_FIELD, MAX_HEADER, MAX_SECTION, STATUS_ICON, _code, _plain, _subject, clip,
    escape_doc)

TOP = 5                  # incidents with a block of their own
TARGETS_NAMED = 5        # targets named in an incident's block


def is_scan(doc: Mapping) -> bool:
    """A document with several targets (a scan, a workload's pods): digest it by incident."""
    return len([d for d in doc.get("diagnoses") or () if isinstance(d, Mapping)]) > 1


def _targets(inc: Mapping) -> str:
    names = [_subject(t) for t in inc["targets"]]
    more = f" and {len(names) - TARGETS_NAMED} more" if len(names) > TARGETS_NAMED else ""
    return ", ".join(names[:TARGETS_NAMED]) + more


def _title(inc: Mapping) -> str:
    root = inc.get("root_cause") or {}
    if root:
        return str(root.get("title") or root.get("id"))
    suspect = f"suspected {inc['suspect']}" if inc.get("suspect") else "evidence missing"
    return f"inconclusive on {_subject(inc.get('subject'))}: {suspect}"


def _block(inc: Mapping, n: int) -> dict:
    root = inc.get("root_cause") or {}
    icon = STATUS_ICON.get(inc["status"], "")
    lines = [f"{icon} *{n}. {_title(inc)}*"]
    if root:
        lines.append(f"`{root.get('id')}` · layer {root.get('layer')} · {root.get('severity')} · "
                     f"on {_subject(root.get('subject'))}")
    lines.append(f"Affects {len(inc['targets'])}: {_targets(inc)}")
    text = "\n".join(lines)
    ev = (root.get("evidence") or [{}])[0] if root else {}
    if ev.get("excerpt"):
        text += "\n" + _code(ev["excerpt"], 700)
    return {"type": "section", "text": {"type": "mrkdwn", "text": clip(text, MAX_SECTION)}}


def headline(incidents: list, targets: int) -> str:
    if not incidents:
        return f"HEALTHY: no incident over {targets} target(s)"
    worst = incidents[0]["status"].upper()
    return f"{worst}: {len(incidents)} incident(s) over {targets} target(s)"


def build_digest(doc: Mapping, *, report_url: str | None = None, cluster: str | None = None,
                 top: int = TOP) -> dict:
    """The digest message: a header, a block per incident (top N), the rest counted, a link."""
    doc = escape_doc(doc)
    incidents = group_incidents(dict(doc))
    targets = sum(len(i["targets"]) for i in incidents) + len(healthy_targets(dict(doc)))
    head = headline(incidents, targets) + (f" · {_plain(cluster)}" if cluster else "")
    blocks: list[dict] = [{"type": "header", "text": {"type": "plain_text", "text": clip(head, MAX_HEADER)}}]
    room = MAX_BLOCKS - 4                  # header, the count, the context line, the button
    shown = incidents[:max(0, min(top, room))]
    blocks += [_block(inc, n) for n, inc in enumerate(shown, 1)]
    rest = len(incidents) - len(shown)
    context = []
    if rest:
        context.append(f"… and {rest} more incident(s) in the full report")
    healthy = len(healthy_targets(dict(doc)))
    if healthy:
        context.append(f"{healthy} healthy target(s)")
    if context:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": clip(" · ".join(context), MAX_FIELD)}]})
    if report_url:
        blocks.append({"type": "actions", "elements": [{"type": "button", "text": {"type": "plain_text", "text": "Full report"},
                                                        "url": report_url, "action_id": "open_report"}]})
    fallback = head + "".join(f" — {n}. {_title(i)}" for n, i in enumerate(shown, 1))
    return {"text": clip(fallback, MAX_FALLBACK), "blocks": blocks[:MAX_BLOCKS]}


def build_incident_replies(doc: Mapping, steps_for=None, top: int = TOP) -> list[dict]:
    """One thread reply per incident shown in the digest: its evidence, every target, and the
    first commands of its playbook (`steps_for(finding)` -> list of commands, optional)."""
    raw = group_incidents(dict(doc))[:top]           # the playbook is filled with the real names
    replies = []
    for n, (inc, plain) in enumerate(zip(group_incidents(escape_doc(doc))[:top], raw), 1):
        root = inc.get("root_cause") or {}
        blocks = [{"type": "section", "text": {"type": "mrkdwn", "text": clip(f"*{n}. {_title(inc)}*", MAX_SECTION)}}]
        names = ", ".join(_subject(t) for t in inc["targets"])
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": clip(f"*Targets*\n{names}", MAX_SECTION)}})
        evidence = root.get("evidence") or []
        if evidence:
            lines = [(f"{e.get('path')}:{e.get('line')}" if e.get("line") else str(e.get("path")))
                     + f"\n  {clip(e.get('excerpt', ''), 600)}" for e in evidence[:3]]
            blocks.append({"type": "section", "text": {"type": "mrkdwn",
                                                       "text": "*Evidence*\n" + _code("\n".join(lines), MAX_SECTION - 20)}})
        steps = list(steps_for(plain["root_cause"])) if (steps_for and root) else []
        if steps:
            text = "\n".join(f"{i}. {_plain(s)}" for i, s in enumerate(steps[:3], 1))
            blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": clip("*Next steps*\n" + text, MAX_SECTION)}})
        if root.get("playbook"):
            blocks.append({"type": "context", "elements": [{"type": "mrkdwn",
                                                            "text": f"playbook `{root['playbook']}`"}]})
        replies.append({"text": clip(f"{n}. {_title(inc)}", MAX_FALLBACK), "blocks": blocks[:MAX_BLOCKS]})
    return replies
