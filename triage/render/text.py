"""The terminal report (rich), from a findings document.

On a terminal: colour, a verdict panel and the layer ladder as one coloured row.
Piped, or with `NO_COLOR` set, or `color=False`: the same content as plain ASCII
(no escape sequences, ASCII boxes) that pastes cleanly into a ticket. Always at
most `width` columns (100 by default).

Everything quoted from the document goes in as `rich.text.Text`, never as
markup, and control characters (ANSI escapes from log lines) are removed first,
so a log line cannot recolour or rewrite the operator's terminal.

    >>> out = render_text({"schema": "gpu-triage.findings/v1", "status": "healthy",
    ...                    "root_cause": None, "findings": [], "gaps": []}, color=False)
    >>> "HEALTHY" in out and "\\x1b" not in out
    True
"""

from __future__ import annotations

import io
import os
import sys
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from triage.render.view import build_view

STATUS_STYLE = {"problem": "bold white on red", "inconclusive": "bold black on yellow",
                "healthy": "bold white on green", "no_gpu": "bold white on blue"}
STATE_STYLE = {"passed": "green", "failed": "bold red", "gap": "yellow", "not_applicable": "dim"}
STATE_WORD = {"passed": "ok", "failed": "FAIL", "gap": "NOT CHECKED", "not_applicable": "n/a"}
SEVERITY_STYLE = {"critical": "bold red", "error": "red", "warning": "yellow", "info": "cyan"}
ANSWER_STYLE = {"yes": "green", "no": "bold red", "unknown": "yellow"}


def wants_color(stream: Any = None) -> bool:
    """Colour when writing to a terminal, NO_COLOR is not set and TERM is not dumb."""
    stream = stream if stream is not None else sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _Report:
    """Builds the renderables of one report; `plain` picks ASCII and no styles."""

    def __init__(self, view: dict[str, Any], color: bool):
        self.v = view
        self.color = color
        self.box = box.ROUNDED if color else box.ASCII
        self.out: list[Any] = []

    def style(self, name: str) -> str:
        return name if self.color else ""

    def heading(self, title: str) -> None:
        self.out.append(Text(""))
        if self.color:
            self.out.append(Text(title, style="bold underline"))
        else:
            self.out.append(Text(f"{title}\n{'=' * len(title)}"))

    # -- sections ------------------------------------------------------------------
    def verdict(self) -> None:
        v, labels = self.v["verdict"], self.v["labels"]
        first = Text()
        first.append(f" {labels['status'][v['status']]} ", style=self.style(STATUS_STYLE[v["status"]]))
        first.append(" ")
        first.append(self.v["target"], style=self.style("bold"))
        lines = [first]
        if v["status"] == "problem":
            lines.append(Text.assemble((v["id"], self.style("bold")), "  ", v["title"]))
            lines.append(Text.assemble("layer ", (v["layer"], self.style("bold")), " · ",
                                       v["subject"], " · severity ",
                                       (v["severity"], self.style(SEVERITY_STYLE[v["severity"]])),
                                       " · ", labels["certainty"][v["certainty"]]))
            if v["not_checked"]:
                lines.append(Text(labels["not_checked_line"].format(layers=", ".join(v["not_checked"]))))
        else:
            lines.append(Text(f"{v['line']} · {self.v['finding_count']} finding(s), {len(self.v['gaps'])} gap(s)"))
        if self.v["scan_line"]:
            lines.append(Text(self.v["scan_line"]))
        self.out.append(Panel(Group(*lines), box=self.box, title="gpu-triage", title_align="left",
                              border_style=self.style({"problem": "red", "healthy": "green", "no_gpu": "blue"}.get(
                                  v["status"], "yellow"))))

    def ladder(self) -> None:
        worst = f" (worst of the {self.v['noun']})" if self.v["diagnoses"] else ""
        self.heading("Layer ladder" + worst)
        row = Text()
        for i, step in enumerate(self.v["ladder"]):
            if i:
                row.append(" -> ", style=self.style("dim"))
            word = "ROOT" if step["root"] else STATE_WORD[step["state"]]
            style = "bold reverse red" if step["root"] else STATE_STYLE[step["state"]]
            row.append(f"{step['layer']}:{word}", style=self.style(style))
        self.out.append(row)
        self.out.append(Text("ok = a check ran on evidence that is present and passed, FAIL = a finding, "
                             "ROOT = the root cause, NOT CHECKED = no evidence could be examined (see Gaps), "
                             "n/a = does not apply", style=self.style("dim")))

    def citations(self, evidence: list[dict], limit: int | None = None) -> None:
        for e in evidence[:limit]:
            where = e["where"] + (" (excerpt shortened)" if e["truncated"] else "")
            self.out.append(Padding(Text(where, style=self.style("cyan")), (0, 0, 0, 4)))
            self.out.append(Padding(Text(e["excerpt"] or "(no excerpt)"), (0, 0, 0, 6)))

    def finding_line(self, f: dict, role: str = "") -> Text:
        t = Text("* " if not self.color else "● ")
        t.append(f["id"], style=self.style("bold"))
        t.append(f" ({role + ', ' if role else ''}")
        t.append(f["severity"], style=self.style(SEVERITY_STYLE[f["severity"]]))
        t.append(f") {f['title']}")
        if f["subject"]:
            t.append(f" · {f['subject']}", style=self.style("dim"))
        return t

    def chain(self) -> None:
        self.heading("Evidence chain")
        if not self.v["chain"]:
            self.out.append(Text("  No root cause was named" +
                                 (": nothing failed." if self.v["verdict"]["status"] == "healthy"
                                  else "; see Gaps.")))
        for c in self.v["chain"]:
            role = "root cause" if c["role"] == "root" else "explained by the root cause"
            self.out.append(Padding(self.finding_line(c["finding"], role), (0, 0, 0, 2)))
            self.citations(c["finding"]["evidence"])

    def playbook(self) -> None:
        pb = self.v["playbook"]
        self.heading("Playbook" + (f" {pb['name']}" if pb else ""))
        if not pb:
            self.out.append(Text("  No playbook: there is no root cause."))
        elif not pb["markdown"]:
            self.out.append(Text(f"  Playbook not available in this installation "
                                 f"(gpu-triage playbook {self.v['verdict']['id']})."))
        else:
            # hyperlinks=False: links print as "text (url)", no terminal escape sequences.
            self.out.append(Markdown(pb["markdown"], hyperlinks=False, code_theme="ansi_dark"))

    def others(self) -> None:
        self.heading("Other findings")
        if self.v["other_summary"]:
            table = Table(box=self.box, show_edge=True, expand=False)
            for col, justify in (("layer", "left"), ("finding", "left"), ("worst", "left"),
                                 ("count", "right"), (self.v["noun"], "left")):
                table.add_column(col, justify=justify, overflow="fold")
            for g in self.v["other_summary"]:
                more = " …" if g["count"] > len(g["targets"]) else ""
                table.add_row(g["layer"], g["id"], Text(g["severity"], style=self.style(
                    SEVERITY_STYLE[g["severity"]])), str(g["count"]),
                    ", ".join(f"#{t['index']}" for t in g["targets"]) + more)
            self.out.append(table)
        elif self.v["other_by_layer"]:
            for group in self.v["other_by_layer"]:
                self.out.append(Text(f"  [{group['layer']}]", style=self.style("bold")))
                for f in group["findings"]:
                    self.out.append(Padding(self.finding_line(f), (0, 0, 0, 2)))
                    self.citations(f["evidence"], limit=2)
        else:
            self.out.append(Text("  None."))

    def gaps(self, gaps: list[dict]) -> None:
        self.heading("Gaps")
        if not gaps:
            self.out.append(Text("  None: every collector answered."))
        for g in gaps:
            t = Text("- ")
            t.append(g["collector"], style=self.style("bold"))
            t.append(f" ({g['reason']})")
            if g["layer"]:
                t.append(f", leaves the {g['layer']} layer not checked")
            t.append(f": {g['detail']}")
            self.out.append(Padding(t, (0, 0, 0, 2)))
            self.out.append(Padding(Text.assemble("needs: ", (g["needs"], self.style("bold"))),
                                    (0, 0, 0, 4)))

    def collection(self) -> None:
        c = self.v["collection"]
        self.heading("Collection")
        redactions = "unknown" if c["redaction_count"] is None else str(c["redaction_count"])
        for key, value in (("target", self.v["target"]), ("cluster version", c["cluster_version"]),
                           ("collected at", c["created_at"]),
                           ("bundle", f"{c['bundle_path']} (sha256 {c['bundle_sha256']})"),
                           ("redactions", redactions)):
            self.out.append(Text.assemble(f"  {key + ':':<17}", value))
        if c["collectors"]:
            table = Table(box=self.box)
            for col, justify in (("collector", "left"), ("status", "left"),
                                 ("duration", "right"), ("error", "left")):
                table.add_column(col, justify=justify, overflow="fold")
            for row in c["collectors"]:
                status_style = {"ok": "green", "partial": "yellow"}.get(row["status"], "red")
                table.add_row(row["name"], Text(row["status"], style=self.style(status_style)),
                              row["duration"], row["error"])
            self.out.append(table)
        for p in c["problems"]:
            self.out.append(Padding(Text(f"unusable file {p['path']}: {p['detail']}"), (0, 0, 0, 2)))

    def bar(self, r: dict) -> Text:
        if r["capacity"] is None:
            return Text("not advertised", style=self.style("dim italic"))
        if r["capacity"] == 0:
            return Text("advertised as 0", style=self.style("dim italic"))
        held = min(r["requested"], r["allocatable"] or 0)
        free, bad = r["free"] or 0, r["unhealthy"]
        scale = max(1.0, (held + free + bad) / 16)
        chars = ("█", "░", "✗") if self.color else ("#", ".", "x")
        t = Text()
        t.append(chars[0] * round(held / scale), style=self.style("blue"))
        t.append(chars[1] * round(free / scale), style=self.style("green"))
        t.append(chars[2] * round(bad / scale), style=self.style("red"))
        return t

    def capacity(self) -> None:
        if not self.v["inventory"]:
            return
        self.heading("GPU capacity (# requested, . free, x unhealthy)" if not self.color
                     else "GPU capacity")
        table = Table(box=self.box)
        for col, justify in (("node", "left"), ("GPUs", "left"), ("adv", "right"), ("req", "right"),
                             ("free", "right"), ("bad", "right"), ("held by", "left")):
            table.add_column(col, justify=justify, overflow="fold")
        for r in self.v["inventory"]:
            holders = "; ".join(f"{h['ref']} ({h['count']})" for h in r["holders"][:6])
            if len(r["holders"]) > 6:
                holders += f"; +{len(r['holders']) - 6} more"
            node = r["node"] + ("" if r["ready"] == "yes" else f" (ready: {r['ready']})")
            table.add_row(node, self.bar(r), "-" if r["capacity"] is None else str(r["capacity"]),
                          str(r["requested"]), "-" if r["free"] is None else str(r["free"]),
                          str(r["unhealthy"]), holders or "nobody")
        self.out.append(table)

    def workloads(self) -> None:
        if not self.v["diagnoses"]:
            return
        self.heading(self.v["noun"].capitalize() + ", worst first")
        table = Table(box=self.box)
        for col, justify in (("#", "right"), ("status", "left"), ("target", "left"),
                             ("root cause", "left"), ("sev", "left")):
            table.add_column(col, justify=justify, overflow="fold")
        labels = self.v["labels"]["status"]
        for d in self.v["diagnoses"]:
            root = d["root"]
            table.add_row(str(d["index"]), Text(labels[d["status"]], style=self.style(
                {"problem": "red", "healthy": "green", "no_gpu": "blue"}.get(d["status"], "yellow"))),
                d["target"], root["id"] if root else "", root["severity"] if root else "")
        self.out.append(table)

    def release(self) -> None:
        if not self.v["release_checks"]:
            return
        self.heading("Release checks")
        table = Table(box=self.box)
        for col in ("question", "answer", "evidence"):
            table.add_column(col, overflow="fold")
        for r in self.v["release_checks"]:
            where = "; ".join(e["where"] for e in r["evidence"]) or "no evidence"
            table.add_row(r["question"] or r["id"], Text(r["answer"], style=self.style(ANSWER_STYLE[r["answer"]])),
                          where)
        self.out.append(table)


def render_text(doc: dict, *, color: bool | None = None, width: int = 100) -> str:
    """The report for a terminal; `color=None` decides from stdout and NO_COLOR."""
    if color is None:
        color = wants_color()
    view = build_view(doc)
    r = _Report(view, color)
    r.verdict()
    r.ladder()
    r.chain()
    r.playbook()
    r.others()
    r.gaps(view["gaps"])
    r.collection()
    r.capacity()
    r.workloads()
    r.release()
    buf = io.StringIO()
    console = Console(file=buf, width=width, force_terminal=color, no_color=not color,
                      color_system="standard" if color else None, highlight=False, markup=False,
                      emoji=False, soft_wrap=False, legacy_windows=False, safe_box=not color,
                      force_jupyter=False, force_interactive=False)
    for item in r.out:
        console.print(item)
    text = buf.getvalue()
    return "\n".join(line.rstrip() for line in text.split("\n"))
