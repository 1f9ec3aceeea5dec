"""The Markdown report (GitHub-flavoured, for tickets), from a findings document.

Layout and wording live in `report_templates/report.md.j2` (Jinja2, StrictUndefined).
Every value from the document is untrusted, so the template only inserts it through
one of these filters:

- `md`: one line, Markdown punctuation backslash-escaped, so `[x](javascript:..)`,
  `<img ...>` or `**` show as the characters they are;
- `code`: an inline code span whose fence is longer than any backtick run inside;
- `fence`: a fenced ```text block for an evidence excerpt, same rule.

    >>> print(md_inline("<img src=x onerror=alert(1)> [x](javascript:alert(1))"))
    \\<img src=x onerror=alert(1)\\> \\[x\\](javascript:alert(1))
    >>> print(md_inline("1. not a list"), md_inline("- nor this"))
    1\\. not a list \\- nor this
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterable

import jinja2

from triage import lazy_re
from triage.render.untrusted_text import clean
from triage.render.view import build_view
from triage.resources import report_templates_dir

PARTS_ALL = frozenset({"head", "body", "capacity", "workloads", "release"})

_MD_PUNCT = lazy_re.compile(r"([\\`*_{}\[\]<>#|~&$])")
_LEADING = lazy_re.compile(r"^(?:([-+=>:!%'\"(),./;?@^])|(\d+)([.)]))")
_LADDER_MARK = {"passed": "✅", "partial": "🟡", "failed": "❌", "gap": "⚪", "not_applicable": "➖"}
# For the HTML page, where an emoji font may be missing: marks every text font has.
_TEXT_MARK = {"passed": "✓", "partial": "◐ checked in part", "failed": "✗", "gap": "○ not checked",
              "not_applicable": "– n/a"}
_ANSWER_MARK = {"yes": "✅ yes", "no": "❌ no", "unknown": "❔ unknown"}


def md_inline(value: object) -> str:
    """Inert inline Markdown for an untrusted value (one line, punctuation escaped)."""
    text = _MD_PUNCT.sub(r"\\\1", clean(value, 100_000))
    # What could open a block at the start of a line: a list, quote, setext line.
    return _LEADING.sub(lambda m: "\\" + m.group(1) if m.group(1) else m.group(2) + "\\" + m.group(3),
                        text, count=1)


def code_inline(value: object) -> str:
    """`value` as an inline code span that no backtick inside can close.
    Pipes are escaped too, so the span is safe inside a table cell."""
    text = clean(value, 100_000)
    longest = max((len(r) for r in re.findall(r"`+", text)), default=0)
    tick = "`" * (longest + 1)
    pad = " " if not text or text[0] == "`" or text[-1] == "`" else ""
    return f"{tick}{pad}{text.replace('|', chr(92) + '|')}{pad}{tick}"


def fence(text: object, info: str = "text") -> str:
    """A fenced code block holding `text` verbatim."""
    body = str(text) if text else "(no excerpt)"
    longest = max((len(r) for r in re.findall(r"`+", body)), default=0)
    tick = "`" * max(3, longest + 1)
    return f"{tick}{info}\n{body}\n{tick}"


def ladder_row(steps: Iterable[dict[str, Any]], marks: str = "emoji") -> str:
    """The ladder on one line: `scheduler ✅ → node ❌ → **plugin ❌ root cause** → ...`."""
    table = _TEXT_MARK if marks == "text" else _LADDER_MARK
    parts = []
    for s in steps:
        item = f"{s['layer']} {table[s['state']]}"
        parts.append(f"**{item} root cause**" if s["root"] else item)
    return " → ".join(parts)


def ladder_cell(step: dict[str, Any], state_words: dict[str, str]) -> str:
    word = state_words[step["state"]]
    if step["root"]:
        return f"{_LADDER_MARK[step['state']]} **root cause**"
    return f"{_LADDER_MARK[step['state']]} {word}"


def holders_text(holders: list[dict[str, Any]], limit: int = 8) -> str:
    items = [f"{h['ref']} ({h['count']}, {h['phase'] or 'unknown'})" for h in holders[:limit]]
    if len(holders) > limit:
        items.append(f"+{len(holders) - limit} more")
    return "; ".join(items) if items else "none"


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(report_templates_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(md=md_inline, code=code_inline, fence=fence, ladder_row=ladder_row,
                       ladder_cell=ladder_cell, holders=holders_text)
    env.globals["answer_mark"] = _ANSWER_MARK
    return env


def render_view(view: dict[str, Any], parts: Iterable[str] = PARTS_ALL, marks: str = "emoji") -> str:
    """Markdown for the chosen parts of an already built view (HTML uses this with
    marks="text": ✓ ✗ ○ instead of emoji)."""
    text = environment().get_template("report.md.j2").render(view=view, parts=frozenset(parts),
                                                             marks=marks)
    return squeeze_blank_lines(text).strip() + "\n"


def squeeze_blank_lines(text: str) -> str:
    """At most one blank line in a row, except inside fenced blocks (evidence
    excerpts keep their blank lines)."""
    out: list[str] = []
    fence_mark = None
    for line in text.split("\n"):
        m = re.match(r"(`{3,})", line)
        if m and fence_mark is None:
            fence_mark = m.group(1)
        elif fence_mark is not None and line.strip() == fence_mark:
            fence_mark = None
        elif fence_mark is None and not line.strip() and out and not out[-1].strip():
            continue
        out.append(line if line.strip() or fence_mark else "")
    return "\n".join(out)


def render_markdown(doc: dict) -> str:
    """The whole report as GitHub-flavoured Markdown."""
    return render_view(build_view(doc))
