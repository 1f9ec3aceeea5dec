"""The terminal report of a scan (several targets), read as incidents.

First the compact incident table, worst first (STATUS, TARGET(S), ROOT CAUSE, LAYER: the
table `gpu-triage demo` prints too), then one section per incident: its verdict, every
target it affects, its own ladder, its evidence chain, the first commands of its playbook.
HEALTHY targets are listed only when asked (`--show-healthy`); then the gaps, the
collection facts and the GPU capacity of the whole scan. The grouping itself is
`triage.incidents` (on the findings document); this module only lays it out.
"""

from __future__ import annotations

from typing import Any

from rich.padding import Padding
from rich.text import Text

STATUS_COLOR = {"PROBLEM": "bold red", "INCONCLUSIVE": "bold yellow", "HEALTHY": "green", "NO GPU": "blue"}
TABLE_TARGETS = 3            # targets named in a table row before "+N more"
MIN_TARGET_COLUMN = 20       # narrower than this, a row puts its targets on the next line
HEADER = ("STATUS", "TARGET(S)", "ROOT CAUSE", "LAYER")


def _cells(view: dict[str, Any], show_healthy: bool) -> list[tuple[str, list[str], str, str]]:
    words = view["labels"]["status"]
    rows = []
    for inc in view["incidents"]:
        targets = inc["targets"]
        shown = targets if len(targets) <= TABLE_TARGETS else \
            targets[:TABLE_TARGETS - 1] + [f"+{len(targets) - TABLE_TARGETS + 1} more"]
        if inc["root"]:
            cause, layer = inc["root"]["id"], inc["root"]["layer"]
        elif inc["suspect"]:
            cause, layer = inc["suspect"]["id"] + "?", inc["suspect"]["layer"]
        else:
            cause, layer = "-", "-"
        rows.append((words[inc["status"]], shown, cause, layer))
    if show_healthy:
        rows += [(words["healthy"], [t], "-", "-") for t in view["healthy"]]
    return rows


def _wrap_items(items: list[str], width: int | None) -> list[str]:
    """`a, b, c` in lines of at most `width`, broken only between items (an item longer than
    the width is folded)."""
    text = ", ".join(items)
    if width is None or len(text) <= width:
        return [text]
    lines, cur = [], ""
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        cand = f"{cur} {piece}" if cur else piece
        if len(cand) <= width:
            cur = cand
            continue
        if cur:
            lines.append(cur)
        while len(piece) > width:
            lines.append(piece[:width])
            piece = piece[width:]
        cur = piece
    if cur:
        lines.append(cur)
    return lines


def table_lines(view: dict[str, Any], color: bool, width: int | None, show_healthy: bool) -> list[Text]:
    """The compact incident table, one row per incident (and per healthy target when asked)."""
    rows = _cells(view, show_healthy)
    if not rows:
        return []
    w_status = max(len(HEADER[0]), *(len(r[0]) for r in rows))
    w_cause = max(len(HEADER[2]), *(len(r[2]) for r in rows))
    w_layer = max(len(HEADER[3]), *(len(r[3]) for r in rows))
    full = [", ".join(r[1]) for r in rows]
    w_target = max(len(HEADER[1]), *(len(t) for t in full))
    if width is not None:
        w_target = min(w_target, width - (w_status + w_cause + w_layer + 6))
    longest_item = max(len(t) for r in rows for t in r[1])
    stacked = width is not None and w_target < max(MIN_TARGET_COLUMN, min(longest_item, 60))

    def styled(status: str) -> Text:
        return Text(status, style=STATUS_COLOR.get(status, "") if color else "")

    out: list[Text] = []
    if stacked:
        out.append(Text(f"{HEADER[0]:<{w_status}}  {HEADER[2]} ({HEADER[3]})\n  {HEADER[1]}"))
        for status, targets, cause, layer in rows:
            out.append(styled(f"{status:<{w_status}}") + Text(f"  {cause} ({layer})"))
            out += [Text("  " + line) for line in _wrap_items(targets, width - 2)]
        return out
    out.append(Text(f"{HEADER[0]:<{w_status}}  {HEADER[1]:<{w_target}}  {HEADER[2]:<{w_cause}}  {HEADER[3]}"))
    for status, targets, cause, layer in rows:
        lines = _wrap_items(targets, w_target if width is not None else None)
        first = styled(f"{status:<{w_status}}") + Text(f"  {lines[0]:<{w_target}}  {cause:<{w_cause}}  {layer}")
        out.append(Text(first.plain.rstrip()) if not color else first)
        out += [Text(" " * (w_status + 2) + more) for more in lines[1:]]
    return out


def summary_line(view: dict[str, Any], show_healthy: bool) -> str:
    """How many incidents over how many targets, and what was left out."""
    incidents, healthy = view["incidents"], view["healthy"]
    reached = sum(len(i["targets"]) for i in incidents)
    parts = [f"{len(incidents)} incident(s) over {reached} target(s)" if incidents else "no incident"]
    if healthy and not show_healthy:
        parts.append(f"{len(healthy)} healthy target(s) not listed (--show-healthy lists them)")
    elif healthy:
        parts.append(f"{len(healthy)} healthy target(s)")
    return "; ".join(parts)


def incident_section(r, inc: dict[str, Any]) -> None:
    """One incident: verdict, targets, ladder, evidence chain, other findings, gaps, next steps."""
    from triage.render.text import SEVERITY_STYLE, STATE_STYLE, STATE_WORD
    from triage.render.view_parts import gap_effect
    labels = r.v["labels"]
    r.heading(inc["heading"])
    status = labels["status"][inc["status"]]
    head = Text(status, style=r.style(STATUS_COLOR.get(status, "")))
    root = inc["root"]
    if root:
        head.append(f"  {root['title']}")
        r.out.append(head)
        r.out.append(Text.assemble("layer ", (root["layer"], r.style("bold")), " · ", root["subject"] or inc["target"],
                                   " · severity ", (root["severity"], r.style(SEVERITY_STYLE[root["severity"]])),
                                   " · ", labels["certainty"][root["certainty"]]))
        unchecked = [s["layer"] for s in inc["ladder"] if s["state"] == "gap"]
        if unchecked:
            r.out.append(Text(labels["not_checked_line"].format(layers=", ".join(unchecked))))
    else:
        head.append(f"  {inc['line']}")
        r.out.append(head)
    r.out.append(Text(f"affects {len(inc['targets'])} target(s): " + ", ".join(inc["targets"])))
    for chain in inc["owners"]:
        r.out.append(Text(f"owned by: {chain}"))
    for line in inc["nvidia_smi"]:
        r.out.append(Text(line))
    row = Text("ladder: ")
    for i, step in enumerate(inc["ladder"]):
        if i:
            row.append(" -> ", style=r.style("dim"))
        word = "ROOT" if step["root"] else STATE_WORD[step["state"]]
        row.append(f"{step['layer']}:{word}", style=r.style("bold reverse red" if step["root"]
                                                           else STATE_STYLE[step["state"]]))
    r.out.append(row)
    for c in inc["chain"]:
        role = "root cause" if c["role"] == "root" else "explained by the root cause"
        r.out.append(Padding(r.finding_line(c["finding"], role), (0, 0, 0, 2)))
        r.citations(c["finding"]["evidence"])
    for f in inc["others"]:
        r.out.append(Padding(r.finding_line(f, "also seen"), (0, 0, 0, 2)))
        r.citations(f["evidence"], limit=1)
    for g in inc["gaps"]:
        r.out.append(Text(f"  gap: {g['collector']} ({g['reason']})"
                          + (", " + gap_effect(g, inc["ladder"]) if g["layer"] else "")))
        r.line(Text.assemble("needs: ", (g["needs"], r.style("bold"))), indent=4)
    for i, step in enumerate(inc["steps"]):
        r.line(Text(f"{'next' if i == 0 else '':<10}") + Text(step), indent=2)
    if root:
        r.line(f"{'playbook':<10}gpu-triage playbook {root['id']}", indent=2)


def scan_report(r, width: int | None, show_healthy: bool) -> None:
    """The whole scan report into `r.out` (a `triage.render.text._Report`)."""
    from triage.render.text import Unbroken
    v = r.v
    lines = table_lines(v, r.color, width, show_healthy)
    r.out += [Unbroken(t) for t in lines]
    if lines:
        r.out.append(Text(""))
    r.out.append(Text(summary_line(v, show_healthy)))
    for inc in v["incidents"]:
        incident_section(r, inc)
    r.gaps(v["gaps"])
    r.collection()
    r.capacity()
    r.release()


def incident_table(doc: dict, *, width: int | None = None, show_healthy: bool = False) -> str:
    """The compact incident table of a findings document and its summary line, as plain text
    (what a scan prints first; `gpu-triage demo` prints it under its `$ gpu-triage scan -A`)."""
    from triage.render.view import build_view
    view = build_view(doc)
    lines = [t.plain for t in table_lines(view, False, width, show_healthy)]
    return "\n".join(lines + ([""] if lines else []) + [summary_line(view, show_healthy)])
