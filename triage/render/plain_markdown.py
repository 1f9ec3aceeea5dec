"""The Markdown subset our playbooks are written in, read without markdown-it, for the plain
text report (`triage.render.plain`).

A playbook chunk (the text between two fenced blocks, which `text._Report.markdown` prints as
unbroken lines itself) is read into blocks: headings, paragraphs, and flat bullet or ordered
lists whose items hold paragraphs. Inline: code spans and `**strong**` (both print their
text), soft breaks (a space). Anything else CommonMark would read differently (emphasis with
one `*` or `_`, links, HTML, entities, escapes, tables, block quotes, indented code, setext
headings, nested lists, hard breaks, a list that might interrupt a paragraph) makes `parse`
return None, and the report is printed through rich instead: this module never guesses.
tests/render/test_plain.py checks every shipped playbook prints the same bytes either way.

    >>> parse("#### Fix\\n\\n1. Run `kubectl get pods`\\n   again.\\n2. **Then** wait.")
    [('heading', 'Fix'), ('list', 1, [['Run kubectl get pods again.'], ['Then wait.']])]
    >>> parse("a [link](http://x)") is None
    True
"""

from __future__ import annotations

import re

_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*))?$")
_BULLET = re.compile(r"([-+*])( {1,4})(?=\S)")
_ORDERED = re.compile(r"(\d{1,9})([.)])( {1,4})(?=\S)")
_RULE_LIKE = re.compile(r"[-=*_ \t]+$")          # thematic break or setext underline
# Outside code spans: characters CommonMark may read as markup in this position.
_UNSAFE = re.compile(r"[\\<\[\]|]|&[A-Za-z#]|~~|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
# A backslash before ASCII punctuation prints that character as text (CommonMark 2.4): the
# character is hidden in the private-use area while markup is looked for, then restored.
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_HIDDEN = 0xE000
_UNHIDE = re.compile("[\ue021-\ue07e]")
_STRONG = re.compile(r"(?<![^\s(])\*\*(?=[^\s*])(.+?)(?<=[^\s*])\*\*(?![^\s).,;:!?])")


class _Outside(Exception):
    """The reason a text is outside the subset."""


def parse(md: str) -> list[tuple] | None:
    """Blocks of `md`, or None when it holds anything outside the subset."""
    try:
        return _parse(md)
    except _Outside:
        return None


def why(md: str) -> str | None:
    """Why `md` is outside the subset (None: it is inside)."""
    try:
        _parse(md)
    except _Outside as e:
        return str(e)
    return None


def _parse(md: str) -> list[tuple]:
    blocks: list[tuple] = []
    para: list[str] | None = None          # the open top-level paragraph's lines
    items: list[list[list[str]]] | None = None   # the open list: items -> paragraphs -> lines
    kind: tuple | None = None              # ("bullet", char) or ("ordered", delimiter, start)
    content_col = 0
    blank_before = False

    def close_para() -> None:
        nonlocal para
        if para is not None:
            blocks.append(("paragraph", _inline("\n".join(para))))
            para = None

    def close_list() -> None:
        nonlocal items, kind
        if items is not None:
            rendered = [[_inline("\n".join(lines)) for lines in item] for item in items]
            blocks.append(("list", kind[2] if kind[0] == "ordered" else None, rendered))
            items, kind = None, None

    for raw in md.split("\n"):
        if "\t" in raw or raw != raw.rstrip():
            if raw.strip():
                raise _Outside("a tab or trailing spaces (a hard break)")
            raw = ""
        if not raw:
            close_para()
            blank_before = True
            continue
        indent = len(raw) - len(raw.lstrip(" "))
        line = raw.lstrip(" ")
        if items is not None and indent >= content_col:
            if blank_before and indent >= content_col + 4:
                raise _Outside("indented code inside a list item")
            if _starts_block(line):
                raise _Outside("a nested list, heading or quote inside a list item")
            if blank_before:
                items[-1].append([line])
            else:
                items[-1][-1].append(raw[content_col:])
            blank_before = False
            continue
        if indent >= 4:
            if para is not None and not blank_before:
                para.append(raw)     # a continuation line
                continue
            if items is not None and not blank_before:
                items[-1][-1].append(line)      # a lazy continuation
                continue
            raise _Outside("indented code")
        marker = _BULLET.match(line) or _ORDERED.match(line)
        if marker is not None:
            if marker.re is _BULLET:
                this, width = ("bullet", marker.group(1)), len(marker.group(0))
            else:
                this = ("ordered", marker.group(2), int(marker.group(1)))
                width = len(marker.group(0))
            if para is not None and this[0] == "ordered" and this[2] != 1:
                raise _Outside("an ordered marker other than 1 after a paragraph line")
            close_para()
            if items is not None and kind[:2] != this[:2]:
                raise _Outside("another list marker: a second list")
            if items is None:
                items, kind = [], this
            items.append([[line[width:]]])
            content_col = indent + width
            blank_before = False
            continue
        if items is not None:
            if blank_before:
                close_list()
            elif not _starts_block(line):
                items[-1][-1].append(line)      # a lazy continuation of the item's paragraph
                continue
            else:
                raise _Outside("a block right after a list item")
        heading = _HEADING.match(line)
        if heading is not None:
            text = (heading.group(2) or "").rstrip(" \t")
            if not text or text.endswith("#"):
                raise _Outside("an empty heading or a closing sequence")
            close_para()
            blocks.append(("heading", _inline(text)))
            blank_before = False
            continue
        if _starts_block(line):
            raise _Outside(f"a block this subset does not read: {line[:20]!r}")
        if para is None:
            para = [line]
        else:
            para.append(raw)
        blank_before = False
    close_para()
    close_list()
    return blocks


def _starts_block(line: str) -> bool:
    """A line that opens a block (a list item, heading, quote, HTML, fence, rule or setext
    underline) rather than continuing a paragraph."""
    return bool(_BULLET.match(line) or _ORDERED.match(line) or _HEADING.match(line)
                or _RULE_LIKE.match(line) or line.startswith((">", "<", "```", "~~~")))


def _inline(text: str) -> str:
    """The printed text of one paragraph's inline Markdown."""
    out: list[str] = []
    pos = 0
    while True:
        tick = _next_tick(text, pos)
        end = len(text) if tick < 0 else tick
        out.append(_plain(text[pos:end]))
        if tick < 0:
            return "".join(out)
        close = text.find("`", tick + 1)
        if close < 0 or text.startswith("``", tick) or text.startswith("``", close):
            raise _Outside("an unclosed or multi-backtick code span")
        code = text[tick + 1:close].replace("\n", " ")
        if len(code) > 1 and code[0] == " " and code[-1] == " " and code.strip(" "):
            code = code[1:-1]
        out.append(code)
        pos = close + 1


def _next_tick(text: str, pos: int) -> int:
    """The next backtick from `pos` that no backslash escapes, or -1 (each run of
    backslashes is walked once: linear)."""
    while True:
        i = text.find("`", pos)
        if i < 0:
            return -1
        j = i
        while j > pos and text[j - 1] == "\\":
            j -= 1
        if (i - j) % 2 == 0:
            return i
        pos = i + 1


def _soft_breaks(text: str) -> str:
    """A line break and the spaces around it print as one space."""
    parts = text.split("\n")
    if len(parts) == 1:
        return text
    return " ".join([parts[0].rstrip(" "), *(p.strip(" ") for p in parts[1:-1]), parts[-1].lstrip(" ")])


def _plain(text: str) -> str:
    text = _ESCAPE.sub(lambda m: chr(_HIDDEN + ord(m.group(1))), text)
    m = _UNSAFE.search(text)
    if m:
        raise _Outside(f"inline markup this subset does not read: {m.group(0)!r}")
    if text.count("**") > 64:
        raise _Outside("more strong markers than a playbook writes")   # bounds _STRONG's scans
    text = _STRONG.sub(r"\1", _soft_breaks(text))
    if "*" in text:
        raise _Outside("emphasis other than a **strong** span")
    return _UNHIDE.sub(lambda m: chr(ord(m.group(0)) - _HIDDEN), text)
