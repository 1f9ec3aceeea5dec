"""The plain text report without rich: the same bytes rich prints for a report written to a
file or a pipe (no colour, ASCII boxes, prose wrapped at 100 columns, tables at their
natural width), for one target, in a few milliseconds and without importing rich,
markdown-it or pygments (~0.07 s of a one-pod `analyze`, issue 16).

`text._Report` builds the report from a kit: rich's classes, or this module's stand-ins
with the same calls (`Text`, `Panel`, `Group`, `Padding`, `Table`, `Markdown`, `box`).
`layout` lays the stand-ins out the way rich 15 does (its word wrap `rich._wrap.divide_line`,
Panel, Padding, Table with box.ASCII, Markdown's paragraphs, headings and lists). Whatever
it cannot print exactly raises `Unsupported`, and the caller prints the report with rich:
text that is not plain single-cell characters (wide or combining characters, tabs, control
characters), Markdown outside `plain_markdown`'s subset, a terminal's width. Equality with
rich is tested on every fixture's report and every shipped playbook (tests/render/test_plain.py).

    >>> layout([Text("hello world, " * 9)])[:2]
    ['hello world, hello world, hello world, hello world, hello world, hello world, hello world, hello ', 'world, hello world, ']
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

from triage.render import plain_markdown

WIDTH = 100
# Non-ASCII characters the report's own words use, each one cell wide in rich's table.
NARROW = frozenset("·…—–→←≤≥×•‘’“”")
_WORD = re.compile(r"\s*\S+\s*")


class Unsupported(Exception):
    """The report holds something this layout does not print as rich would."""


def _checked(s: str) -> str:
    if not s.isprintable() and any(c != "\n" and not c.isprintable() for c in s):
        raise Unsupported("control character")
    if not s.isascii() and any(c not in NARROW for c in s if not c.isascii()):
        raise Unsupported("character outside the narrow set")
    return s


class Text:
    """rich.text.Text as the report uses it: plain content, styles ignored."""

    __slots__ = ("plain",)

    def __init__(self, text: str = "", style: str = "") -> None:
        self.plain = _checked(text)

    def append(self, text: "Text | str", style: str = "") -> "Text":
        self.plain += text.plain if isinstance(text, Text) else _checked(text)
        return self

    def __add__(self, other: "Text | str") -> "Text":
        return Text(self.plain).append(other)

    @classmethod
    def assemble(cls, *parts: Any) -> "Text":
        t = cls()
        for part in parts:
            t.append(part[0] if isinstance(part, tuple) else part)
        return t


class Group:
    def __init__(self, *items: Text) -> None:
        self.items = items


class Padding:
    def __init__(self, item: Text, pad: tuple[int, int, int, int]) -> None:
        if pad[:3] != (0, 0, 0):
            raise Unsupported("padding other than on the left")
        self.item, self.left = item, pad[3]


class Panel:
    def __init__(self, group: Group, *, title: str, title_align: str, **_: Any) -> None:
        if title_align != "left":
            raise Unsupported("title alignment")
        self.group, self.title = group, _checked(title)


class Table:
    def __init__(self, *, show_edge: bool = True, expand: bool = False, **_: Any) -> None:
        if not show_edge or expand:
            raise Unsupported("table layout")
        self.columns: list[tuple[str, str]] = []
        self.rows: list[list[str]] = []

    def add_column(self, header: str, justify: str = "left", overflow: str = "fold") -> None:
        if justify not in ("left", "right"):
            raise Unsupported("column justification")
        self.columns.append((_checked(header), justify))

    def add_row(self, *cells: "Text | str") -> None:
        self.rows.append([c.plain if isinstance(c, Text) else _checked(c) for c in cells])


class Markdown:
    def __init__(self, markup: str, **_: Any) -> None:
        blocks = plain_markdown.parse(_checked(markup))
        if blocks is None:
            raise Unsupported("Markdown outside the subset")
        self.blocks = blocks


KIT = SimpleNamespace(Text=Text, Group=Group, Padding=Padding, Panel=Panel, Table=Table,
                      Markdown=Markdown, box=SimpleNamespace(ROUNDED=None, ASCII=None))


# -- layout -----------------------------------------------------------------------------
def wrap(text: str, width: int) -> list[str]:
    """rich's word wrap (Text.wrap with overflow "fold") of single-cell text."""
    out: list[str] = []
    for line in text.split("\n"):
        breaks, offset = [], 0
        # A line of spaces only is one piece (no word); testing it first keeps the word
        # pattern from backtracking over a long run of spaces at every position.
        for m in _WORD.finditer(line) if line.strip() else ():
            start, word = m.start(), m.group(0)
            length = len(word.rstrip())
            if width - offset >= length:
                offset += len(word)
            elif length > width:
                chunks = [word[i:i + width] for i in range(0, len(word), width)]
                for i, chunk in enumerate(chunks):
                    if start:
                        breaks.append(start)
                    if i == len(chunks) - 1:
                        offset = len(chunk)
                    else:
                        start += len(chunk)
            elif offset and start:
                breaks.append(start)
                offset = len(word)
        for a, b in zip([0, *breaks], [*breaks, len(line)]):
            piece = line[a:b]
            if len(piece) > width:       # rich's rstrip_end, then truncate
                trailing = len(piece) - len(piece.rstrip())
                piece = piece[:len(piece) - min(trailing, len(piece) - width)][:width]
            out.append(piece)
    return out


def _table(t: Table) -> list[str]:
    cols = len(t.columns)
    cells = [[h for h, _ in t.columns]] + [row + [""] * (cols - len(row)) for row in t.rows]
    split = [[c.split("\n") for c in row] for row in cells]
    widths = [max(len(line) for row in split for line in row[i]) for i in range(cols)]
    inner = sum(widths) + 3 * cols - 1

    def lines(row: list[list[str]]) -> list[str]:
        height = max(len(c) for c in row)
        out = []
        for k in range(height):
            parts = []
            for i, c in enumerate(row):
                s = c[k] if k < len(c) else ""
                parts.append(s.rjust(widths[i]) if t.columns[i][1] == "right" else s.ljust(widths[i]))
            out.append("| " + " | ".join(parts) + " |")
        return out

    out = ["+" + "-" * inner + "+", *lines(split[0])]
    out.append("|" + "+".join("-" * (w + 2) for w in widths) + "|")
    for row in split[1:]:
        out.extend(lines(row))
    out.append("+" + "-" * inner + "+")
    return out


def _markdown(md: Markdown, width: int) -> list[str]:
    out: list[str] = []
    for i, block in enumerate(md.blocks):
        if i or block[0] == "list":
            out.append("")   # rich: a blank line between blocks, and before a list that opens a chunk
        if block[0] in ("heading", "paragraph"):
            out.extend(wrap(block[1], width))
            continue
        _, start, items = block
        if start is None:
            first, rest = " • ", "   "
            numbered = [(first, rest)] * len(items)
        else:
            w = len(str(start + len(items))) + 2
            numbered = [(f"{start + k}".rjust(w - 1) + " ", " " * w) for k in range(len(items))]
        for (first, rest), paras in zip(numbered, items):
            body = [line for p in paras for line in wrap(p, width - len(first))]
            out.extend((first if k == 0 else rest) + line for k, line in enumerate(body))
    return out


def _panel(p: Panel, width: int) -> list[str]:
    title = f" {p.title} "[:width - 4]
    out = ["+-" + title + "-" * (width - 4 - len(title)) + "-+"]
    for item in p.group.items:
        out.extend("| " + line.ljust(width - 4) + " |" for line in wrap(item.plain, width - 4))
    out.append("+" + "-" * (width - 2) + "+")
    return out


def layout(items: list[Any]) -> list[str]:
    """The report's lines for a file or a pipe (`text._print` with width None)."""
    from triage.render.text import Unbroken, Wide
    out: list[str] = []
    for item in items:
        if isinstance(item, Unbroken):
            out.extend(item.text.plain.split("\n"))
        elif isinstance(item, Wide):
            out.extend(_table(item.table))
        elif isinstance(item, Text):
            out.extend(wrap(item.plain, WIDTH))
        elif isinstance(item, Padding):
            out.extend(" " * item.left + line for line in wrap(item.item.plain, WIDTH - item.left))
        elif isinstance(item, Panel):
            out.extend(_panel(item, WIDTH))
        elif isinstance(item, Markdown):
            out.extend(_markdown(item, WIDTH))
        else:
            raise Unsupported(type(item).__name__)
    return out
