"""The top-level fields of `kubectl describe` text, each with its indented body.

    Labels:           app=triton-inference-server        <- Field("Labels", "app=...", line 7)
                      pod-template-hash=5b6c7f889c       <- its body, (text, line 8)
    Containers:
      triton-server:                                    <- body of "Containers"
        Image:       triton_server:latest

A field is a line at column 0 of the form `Key:  value` (value may be empty); the
indented lines after it are its body. One pass over the lines; the key pattern is
anchored and bounded.
"""

from __future__ import annotations

import datetime as _dt
import re
from msgspec import Struct, field
from email.utils import parsedate_to_datetime

from triage import lazy_re

_KEY = lazy_re.compile(r"^(?P<k>[A-Z][A-Za-z0-9 ()/-]{0,60}):(?:\s+(?P<v>.*))?$")
_SUB_KEY = lazy_re.compile(r"^(?P<indent> +)(?P<k>[A-Za-z][A-Za-z0-9 ._/()-]{0,80}):(?:\s+(?P<v>.*))?$")


class Field(Struct):
    key: str
    value: str
    line: int
    body: list[tuple[str, int]] = field(default_factory=list)

    def values(self) -> list[tuple[str, int]]:
        """The value and its continuation lines (Labels, Taints, Tolerations), `<none>` dropped."""
        out = [(self.value.strip(), self.line)] if self.value.strip() else []
        out += [(t.strip(), n) for t, n in self.body if t.strip()]
        return [(t, n) for t, n in out if t not in ("<none>", "<unset>")]


def top_fields(lines: list[str], first_line: int) -> list[Field]:
    """Fields of one describe block; `first_line` is the input line of lines[0]."""
    out: list[Field] = []
    for i, line in enumerate(lines):
        n = first_line + i
        if line[:1] not in (" ", "\t", "") :
            m = _KEY.match(line)
            if m:
                out.append(Field(m.group("k"), (m.group("v") or "").strip(), n))
                continue
        if out and line.strip():
            out[-1].body.append((line, n))
    return out


def by_key(fields: list[Field]) -> dict[str, Field]:
    out: dict[str, Field] = {}
    for f in fields:
        out.setdefault(f.key, f)
    return out


def sub_key(line: str) -> tuple[int, str, str] | None:
    """(indent, key, value) of an indented `Key: value` line."""
    m = _SUB_KEY.match(line)
    if not m:
        return None
    return len(m.group("indent")), m.group("k"), (m.group("v") or "").strip()


def key_values(text: str) -> dict[str, str]:
    """`app=x` / `app: x` pairs of a Labels or Node-Selectors value."""
    out = {}
    for part in text.split(","):
        part = part.strip()
        if "=" in part:
            k, v = part.split("=", 1)
        elif ": " in part:
            k, v = part.split(": ", 1)
        else:
            continue
        if k.strip():
            out[k.strip()] = v.strip()
    return out


def rfc3339(text: str) -> str | None:
    """`Wed, 30 Jul 2025 10:27:07 +0800` -> `2025-07-30T02:27:07Z`; None when it is no such date."""
    text = text.strip()
    if not text or len(text) > 64:
        return None
    try:
        dt = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=_dt.timezone.utc)
    return dt.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def resource_lines(body: list[tuple[str, int]]) -> list[tuple[str, str, int]]:
    """`  nvidia.com/gpu:  1` lines of a Limits/Capacity body -> (resource, quantity, line)."""
    out = []
    for text, n in body:
        sk = sub_key(text)
        if sk and sk[2] and " " not in sk[2]:
            out.append((sk[1], sk[2], n))
    return out
