"""The terminal report (rich), from a findings document.

On a terminal: colour, a verdict panel and the layer ladder as one coloured row.
Piped, or with `NO_COLOR` set, or `color=False`: the same content as plain ASCII
(no escape sequences, ASCII boxes) that pastes cleanly into a ticket.

Width: with `width` (a terminal's, `terminal_width()`: `COLUMNS` honoured, 60 at
least) every line fits in it. Without (a file or a pipe), prose wraps at 100 columns
but paths, commands, evidence lines and tables are never broken, so they copy-paste
and grep whole. A scan (several targets) reads as incidents
(`triage.render.text_scan`): the compact incident table first, then each incident.

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
import shutil
import sys
from msgspec import Struct
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from triage.render.view import build_view
from triage.render.view_parts import gap_effect

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

STATUS_STYLE = {"problem": "bold white on red", "inconclusive": "bold black on yellow",
                "healthy": "bold white on green", "no_gpu": "bold white on blue"}
STATE_STYLE = {"passed": "green", "partial": "yellow", "failed": "bold red", "gap": "yellow", "not_applicable": "dim"}
STATE_WORD = {"passed": "ok", "partial": "PARTLY", "failed": "FAIL", "gap": "NOT CHECKED", "not_applicable": "n/a"}
SEVERITY_STYLE = {"critical": "bold red", "error": "red", "warning": "yellow", "info": "cyan"}
ANSWER_STYLE = {"yes": "green", "no": "bold red", "unknown": "yellow"}


def wants_color(stream: Any = None) -> bool:
    """Colour when writing to a terminal, NO_COLOR is not set and TERM is not dumb."""
    stream = stream if stream is not None else sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


LAYOUT_WIDTH = 100       # prose in files and pipes
MIN_WIDTH = 60


def terminal_width(stream: Any = None) -> int | None:
    """The width to fit on a terminal (`COLUMNS` first, then the terminal's size, never
    below 60); None when `stream` is no terminal (a file or a pipe: nothing is folded)."""
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    if not (isatty and isatty()):
        return None
    try:
        width = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        width = shutil.get_terminal_size((LAYOUT_WIDTH, 24)).columns
    return max(MIN_WIDTH, width)


class Unbroken(Struct, frozen=True):
    """A line that is never wrapped in a file or a pipe (a path, a command, an evidence
    line); on a terminal it is folded at the terminal's width."""
    text: Text


class Wide(Struct, frozen=True):
    """A table: sized to its content in a file or a pipe, to the terminal on a terminal."""
    table: Table


class _Report:
    """Builds the renderables of one report; `plain` picks ASCII and no styles."""

    def __init__(self, view: dict[str, Any], color: bool, kit: SimpleNamespace):
        self.v = view
        self.color = color
        self.k = kit              # rich's classes, or triage.render.plain's stand-ins
        self.box = kit.box.ROUNDED if color else kit.box.ASCII
        self.out: list[Any] = []
        self.width: int | None = None          # the terminal's, None in a file or a pipe

    def line(self, text: Text | str, indent: int = 0) -> None:
        """A line that must stay whole (see `Unbroken`)."""
        text = self.k.Text(text) if isinstance(text, str) else text
        self.out.append(Unbroken(self.k.Text(" " * indent) + text if indent else text))

    def markdown(self, md: str) -> None:
        """Markdown prose wraps; its fenced commands are `Unbroken` lines."""
        chunk: list[str] = []
        fence = None
        for raw in md.split("\n"):
            stripped = raw.lstrip()
            if fence is None and stripped.startswith(("```", "~~~")):
                if "".join(chunk).strip():
                    self.out.append(self.k.Markdown("\n".join(chunk), hyperlinks=False, code_theme="ansi_dark"))
                chunk, fence = [], stripped[:3]
                continue
            if fence is not None:
                if stripped.startswith(fence):
                    fence = None
                    self.out.append(self.k.Text(""))
                else:
                    self.line(raw, indent=2)
                continue
            chunk.append(raw)
        if "".join(chunk).strip():
            self.out.append(self.k.Markdown("\n".join(chunk), hyperlinks=False, code_theme="ansi_dark"))

    def style(self, name: str) -> str:
        return name if self.color else ""

    def heading(self, title: str) -> None:
        self.out.append(self.k.Text(""))
        if self.color:
            self.out.append(self.k.Text(title, style="bold underline"))
        else:
            self.out.append(self.k.Text(f"{title}\n{'=' * min(len(title), self.width or LAYOUT_WIDTH)}"))

    # -- sections ------------------------------------------------------------------
    def verdict(self) -> None:
        v, labels = self.v["verdict"], self.v["labels"]
        first = self.k.Text()
        first.append(f" {labels['status'][v['status']]} ", style=self.style(STATUS_STYLE[v["status"]]))
        first.append(" ")
        first.append(self.v["target"], style=self.style("bold"))
        lines = [first]
        if v["status"] == "problem":
            lines.append(self.k.Text.assemble((v["id"], self.style("bold")), "  ", v["title"]))
            lines.append(self.k.Text.assemble("layer ", (v["layer"], self.style("bold")), " · ",
                                       v["subject"], " · severity ",
                                       (v["severity"], self.style(SEVERITY_STYLE[v["severity"]])),
                                       " · ", labels["certainty"][v["certainty"]]))
            if v["not_checked"]:
                lines.append(self.k.Text(labels["not_checked_line"].format(layers=", ".join(v["not_checked"]))))
        else:
            lines.append(self.k.Text(f"{v['line']} · {self.v['finding_count']} finding(s), {len(self.v['gaps'])} gap(s)"))
        if self.v["scan_line"]:
            lines.append(self.k.Text(self.v["scan_line"]))
        self.out.append(self.k.Panel(self.k.Group(*lines), box=self.box, title="gpu-triage", title_align="left",
                              border_style=self.style({"problem": "red", "healthy": "green", "no_gpu": "blue"}.get(
                                  v["status"], "yellow"))))

    def ladder(self) -> None:
        worst = f" (worst of the {self.v['noun']})" if self.v["diagnoses"] else ""
        self.heading("Layer ladder" + worst)
        row = self.k.Text()
        for i, step in enumerate(self.v["ladder"]):
            if i:
                row.append(" -> ", style=self.style("dim"))
            word = "ROOT" if step["root"] else STATE_WORD[step["state"]]
            style = "bold reverse red" if step["root"] else STATE_STYLE[step["state"]]
            row.append(f"{step['layer']}:{word}", style=self.style(style))
        self.out.append(row)
        partly = any(step["state"] == "partial" for step in self.v["ladder"])
        self.out.append(self.k.Text("ok = a check ran on evidence that is present and passed, "
                             + ("PARTLY = those checks passed, others could not run (see Gaps), " if partly else "")
                             + "FAIL = a finding, ROOT = the root cause, NOT CHECKED = no evidence could be "
                             "examined (see Gaps), n/a = does not apply", style=self.style("dim")))

    def citations(self, evidence: list[dict], limit: int | None = None) -> None:
        for e in evidence[:limit]:
            where = e["where"] + (" (excerpt shortened)" if e["truncated"] else "")
            self.line(self.k.Text(where, style=self.style("cyan")), indent=4)
            for excerpt_line in (e["excerpt"] or "(no excerpt)").split("\n"):
                self.line(excerpt_line, indent=6)

    def finding_line(self, f: dict, role: str = "") -> Text:
        t = self.k.Text("* " if not self.color else "● ")
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
            self.out.append(self.k.Text("  No root cause was named" +
                                 (": nothing failed." if self.v["verdict"]["status"] == "healthy"
                                  else "; see Gaps.")))
        for c in self.v["chain"]:
            role = "root cause" if c["role"] == "root" else "explained by the root cause"
            self.out.append(self.k.Padding(self.finding_line(c["finding"], role), (0, 0, 0, 2)))
            self.citations(c["finding"]["evidence"])

    def playbook(self) -> None:
        pb = self.v["playbook"]
        self.heading("Playbook" + (f" {pb['name']}" if pb else ""))
        if not pb:
            self.out.append(self.k.Text("  No playbook: there is no root cause."))
        elif not pb["markdown"]:
            self.out.append(self.k.Text(f"  Playbook not available in this installation "
                                 f"(gpu-triage playbook {self.v['verdict']['id']})."))
        else:
            # hyperlinks=False: links print as "text (url)", no terminal escape sequences.
            self.markdown(pb["markdown"])

    def others(self) -> None:
        self.heading("Other findings")
        if self.v["other_summary"]:
            table = self.k.Table(box=self.box, show_edge=True, expand=False)
            for col, justify in (("layer", "left"), ("finding", "left"), ("worst", "left"),
                                 ("count", "right"), (self.v["noun"], "left")):
                table.add_column(col, justify=justify, overflow="fold")
            for g in self.v["other_summary"]:
                more = " …" if g["count"] > len(g["targets"]) else ""
                table.add_row(g["layer"], g["id"], self.k.Text(g["severity"], style=self.style(
                    SEVERITY_STYLE[g["severity"]])), str(g["count"]),
                    ", ".join(f"#{t['index']}" for t in g["targets"]) + more)
            self.out.append(Wide(table))
        elif self.v["other_by_layer"]:
            for group in self.v["other_by_layer"]:
                self.out.append(self.k.Text(f"  [{group['layer']}]", style=self.style("bold")))
                for f in group["findings"]:
                    self.out.append(self.k.Padding(self.finding_line(f), (0, 0, 0, 2)))
                    self.citations(f["evidence"], limit=2)
        else:
            self.out.append(self.k.Text("  None."))

    def gaps(self, gaps: list[dict]) -> None:
        self.heading("Gaps")
        if not gaps:
            self.out.append(self.k.Text("  None: every collector answered."))
        for g in gaps:
            t = self.k.Text("- ")
            t.append(g["collector"], style=self.style("bold"))
            t.append(f" ({g['reason']})")
            if g["layer"]:
                t.append(", " + gap_effect(g, self.v["ladder"]))
            t.append(f": {g['detail']}")
            self.out.append(self.k.Padding(t, (0, 0, 0, 2)))
            self.line(self.k.Text.assemble("needs: ", (g["needs"], self.style("bold"))), indent=4)

    def collection(self) -> None:
        c = self.v["collection"]
        self.heading("Collection")
        redactions = "unknown" if c["redaction_count"] is None else str(c["redaction_count"])
        for key, value in (("target", self.v["target"]),
                           *((("owned by", c["owners"]),) if c.get("owners") else ()),
                           ("cluster version", c["cluster_version"]), ("collected at", c["created_at"]),
                           ("bundle", f"{c['bundle_path']} (sha256 {c['bundle_sha256']})"),
                           ("redactions", redactions)):
            self.line(self.k.Text.assemble(f"  {key + ':':<17}", value))
        for line in c.get("nvidia_smi") or ():
            self.out.append(self.k.Padding(self.k.Text(line), (0, 0, 0, 2)))
        if c["collectors"]:
            table = self.k.Table(box=self.box)
            for col, justify in (("collector", "left"), ("status", "left"),
                                 ("duration", "right"), ("error", "left")):
                table.add_column(col, justify=justify, overflow="fold")
            for row in c["collectors"]:
                status_style = {"ok": "green", "partial": "yellow"}.get(row["status"], "red")
                table.add_row(row["name"], self.k.Text(row["status"], style=self.style(status_style)),
                              row["duration"], row["error"])
            self.out.append(Wide(table))
        for p in c["problems"]:
            self.line(f"unusable file {p['path']}: {p['detail']}", indent=2)

    def bar(self, r: dict) -> Text:
        if r["capacity"] is None:
            return self.k.Text("not advertised", style=self.style("dim italic"))
        if r["capacity"] == 0:
            return self.k.Text("advertised as 0", style=self.style("dim italic"))
        held = min(r["requested"], r["allocatable"] or 0)
        free, bad = r["free"] or 0, r["unhealthy"]
        scale = max(1.0, (held + free + bad) / 16)
        chars = ("█", "░", "✗") if self.color else ("#", ".", "x")
        t = self.k.Text()
        t.append(chars[0] * round(held / scale), style=self.style("blue"))
        t.append(chars[1] * round(free / scale), style=self.style("green"))
        t.append(chars[2] * round(bad / scale), style=self.style("red"))
        return t

    def capacity(self) -> None:
        if not self.v["inventory"]:
            return
        self.heading("GPU capacity (# requested, . free, x unhealthy)" if not self.color
                     else "GPU capacity")
        table = self.k.Table(box=self.box)
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
        self.out.append(Wide(table))

    def workloads(self) -> None:
        if not self.v["diagnoses"]:
            return
        self.heading(self.v["noun"].capitalize() + ", worst first")
        table = self.k.Table(box=self.box)
        for col, justify in (("#", "right"), ("status", "left"), ("target", "left"),
                             ("root cause", "left"), ("sev", "left")):
            table.add_column(col, justify=justify, overflow="fold")
        labels = self.v["labels"]["status"]
        for d in self.v["diagnoses"]:
            root = d["root"]
            table.add_row(str(d["index"]), self.k.Text(labels[d["status"]], style=self.style(
                {"problem": "red", "healthy": "green", "no_gpu": "blue"}.get(d["status"], "yellow"))),
                d["target"], root["id"] if root else "", root["severity"] if root else "")
        self.out.append(Wide(table))

    def release(self) -> None:
        if not self.v["release_checks"]:
            return
        self.heading("Release checks")
        table = self.k.Table(box=self.box)
        for col in ("question", "answer", "evidence"):
            table.add_column(col, overflow="fold")
        for r in self.v["release_checks"]:
            where = "; ".join(e["where"] for e in r["evidence"]) or "no evidence"
            table.add_row(r["question"] or r["id"], self.k.Text(r["answer"], style=self.style(ANSWER_STYLE[r["answer"]])),
                          where)
        self.out.append(Wide(table))


def render_text(doc: dict, *, color: bool | None = None, width: int | None = None,
                show_healthy: bool = False, engine: str = "auto") -> str:
    """The report; `color=None` decides from stdout and NO_COLOR. `width`: fit every line in
    it (a terminal); None: a file or a pipe (nothing whole is broken). A scan lists its HEALTHY
    targets only with `show_healthy`. `engine`: "auto" prints a plain one-target report
    without rich (`triage.render.plain`, the same bytes) and falls back to rich for anything
    that layout does not cover; "rich" always prints through rich; "plain" (tests) raises
    `plain.Unsupported` instead of falling back."""
    if color is None:
        color = wants_color()
    view = build_view(doc)
    if engine != "rich" and not color and width is None and not view["diagnoses"]:
        from triage.render import plain
        try:
            lines = plain.layout(_report(view, color, width, show_healthy, plain.KIT).out)
        except plain.Unsupported:
            if engine == "plain":
                raise
        else:
            return "\n".join([*(line.rstrip() for line in lines), ""])
    return _print(_report(view, color, width, show_healthy, _rich_kit()).out, color, width)


def _report(view: dict, color: bool, width: int | None, show_healthy: bool,
            kit: SimpleNamespace) -> _Report:
    r = _Report(view, color, kit)
    r.width = width
    if view["diagnoses"]:
        from triage.render.text_scan import scan_report
        scan_report(r, width, show_healthy)
    else:
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
    return r


def _rich_kit() -> SimpleNamespace:
    from rich import box
    from rich.console import Group
    from rich.markdown import Markdown
    from rich.padding import Padding
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text
    return SimpleNamespace(Text=Text, Group=Group, Padding=Padding, Panel=Panel, Table=Table,
                           Markdown=Markdown, box=box)


def _console(buf: io.StringIO, color: bool, width: int) -> Console:
    from rich.console import Console
    return Console(file=buf, width=width, force_terminal=color, no_color=not color,
                   color_system="standard" if color else None, highlight=False, markup=False,
                   emoji=False, soft_wrap=False, legacy_windows=False, safe_box=not color,
                   force_jupyter=False, force_interactive=False)


def _print(items: list[Any], color: bool, width: int | None) -> str:
    buf = io.StringIO()
    console = _console(buf, color, width or LAYOUT_WIDTH)
    wide = _console(buf, color, 100_000) if width is None else console
    for item in items:
        if isinstance(item, Unbroken):
            console.print(item.text, soft_wrap=width is None)
        elif isinstance(item, Wide):
            wide.print(item.table)
        else:
            console.print(item)
    text = buf.getvalue()
    return "\n".join(line.rstrip() for line in text.split("\n"))
