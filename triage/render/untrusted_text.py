r"""Making strings quoted from a findings document inert-ish before any renderer sees them.

A findings document quotes log lines and event messages from a cluster someone else
controls. `clean` makes a field one line (control characters such as ANSI escapes and
bidi overrides removed, whitespace collapsed, length bounded); `bound_excerpt` keeps an
evidence excerpt to a few bounded lines. Each renderer then escapes the result for its
own format. Real sample (a `kubectl describe` Events row, with a bidi override added):

    >>> clean("Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: "
    ...       "2 ExceedsGPUQuota.\u202e")
    'Warning FailedScheduling 3s (x3 over 3s) default-scheduler 0/2 nodes are available: 2 ExceedsGPUQuota.'
"""

from __future__ import annotations

import re

# Evidence excerpts are quoted, never trusted to be short.
EXCERPT_MAX_LINES = 12
EXCERPT_MAX_LINE = 600
EXCERPT_MAX_CHARS = 2000
FIELD_MAX = 300

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def clean(value: object, limit: int = FIELD_MAX) -> str:
    """One line of text: control characters (ANSI escapes, bidi overrides)
    removed, whitespace collapsed, at most `limit` characters."""
    if value is None:
        return ""
    text = _CONTROL.sub("", str(value))
    text = " ".join(text.split())
    return truncate(text, limit)


def truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def bound_excerpt(value: object) -> tuple[str, bool]:
    """An excerpt kept to EXCERPT_MAX_LINES lines of EXCERPT_MAX_LINE characters
    and EXCERPT_MAX_CHARS in all, control characters removed (tabs kept as
    spaces). Returns (text, truncated)."""
    text = "" if value is None else str(value)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", "    ")
    lines = [_CONTROL.sub("", line).rstrip() for line in text.split("\n")]
    cut = False
    if len(lines) > EXCERPT_MAX_LINES:
        lines, cut = lines[:EXCERPT_MAX_LINES], True
    out, total = [], 0
    for line in lines:
        if len(line) > EXCERPT_MAX_LINE:
            line, cut = line[: EXCERPT_MAX_LINE - 1] + "…", True
        if total + len(line) > EXCERPT_MAX_CHARS:
            out.append(line[: max(EXCERPT_MAX_CHARS - total, 0)] + "…")
            cut = True
            break
        out.append(line)
        total += len(line) + 1
    return "\n".join(out).strip("\n"), cut


def slug(text: str) -> str:
    """A heading anchor the way GitHub makes one (lower case, punctuation
    dropped, spaces to dashes), restricted to ASCII so it is always a safe id."""
    text = text.strip().lower()
    text = re.sub(r"[^a-z0-9 _-]", "", text)
    return text.replace(" ", "-")
