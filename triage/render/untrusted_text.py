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

import json
import re

import msgspec

from triage import lazy_re

# Evidence excerpts are quoted, never trusted to be short.
EXCERPT_MAX_LINES = 12
EXCERPT_MAX_LINE = 600
EXCERPT_MAX_CHARS = 2000
FIELD_MAX = 300

# Removed from every string a renderer (text, Markdown, HTML, JSON, Slack) writes: C0 controls
# but tab and newline (ESC starts ANSI sequences), DEL and C1 (CSI U+009B, ST U+009C, OSC U+009D),
# line/paragraph separators, the bidi embeddings, overrides and isolates (U+202A-U+202E,
# U+2066-U+2069), the bidi marks (U+200E, U+200F, U+061C), and the invisible zero-width
# characters (U+200B-U+200D, U+2060-U+2064, U+FEFF) that hide or reorder what a reader sees.
_CONTROL = lazy_re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e"
                      r"\u2060-\u2064\u2066-\u2069\ufeff]")


# The same characters in a document's compact JSON text as json's encoder writes them
# (ensure_ascii=False): the C0 ones escaped (\b, \f, \r, \u00XX), the rest as they are. A
# backslash before b, f or r in a string matches too (\\b): a false alarm costs the walk only.
_CONTROL_IN_JSON = lazy_re.compile(r"\\[bfr]|\\u00[01]|[\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029"
                                   r"\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def strip_controls(text: str) -> str:
    """`text` without the characters above (tabs and newlines kept)."""
    return _CONTROL.sub("", text)


def _stripped(text: str) -> str:
    """`strip_controls`, with printable ASCII (nearly every string of a document: names,
    paths, ids) answered without the regex: it holds none of those characters."""
    return text if text.isascii() and text.isprintable() else _CONTROL.sub("", text)


def sanitise_doc(value):
    """A copy of a findings document (any JSON value) with `strip_controls` applied to every
    string, keys included: the one place every output format gets it from."""
    if isinstance(value, str):
        return _stripped(value)
    if isinstance(value, dict):
        return {(_stripped(k) if isinstance(k, str) else k): sanitise_doc(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [sanitise_doc(v) for v in value]
    return value


def clean_doc(doc):
    """`sanitise_doc(doc)`, or `doc` itself when it holds nothing to strip, which its compact
    JSON text (json's C encoder) tells in one regex pass: a 100k-pod scan's document is
    ~400k strings a walk would visit one by one."""
    return doc if _compact_if_clean(doc) is not None else sanitise_doc(doc)


def _compact_if_clean(doc) -> str | None:
    """`doc`'s compact JSON text if no string or key of it holds a character `strip_controls`
    removes; None otherwise (or when json cannot write it: the caller walks it)."""
    try:
        compact = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return None if _CONTROL_IN_JSON.search(compact) else compact


def json_text(doc) -> str:
    """`doc` sanitised, as indented JSON text: what `json.dumps(sanitise_doc(doc), indent=2,
    ensure_ascii=False)` writes, byte for byte. That call runs json's pure-Python encoder (the C
    one only writes unindented text): ~0.3 s for a 100k-pod scan's document. The C encoder's
    compact text, laid out by msgspec's formatter (which copies every token as it is), is the
    same text in ~0.06 s; what the formatter refuses (NaN, Infinity) or UTF-8 cannot hold (a
    lone surrogate from a log read with surrogateescape) is written the slow way."""
    compact = _compact_if_clean(doc)
    if compact is None:
        doc = sanitise_doc(doc)
        compact = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))
    try:
        return msgspec.json.format(compact.encode("utf-8"), indent=2).decode("utf-8") + "\n"
    except (msgspec.DecodeError, UnicodeEncodeError):
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


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
