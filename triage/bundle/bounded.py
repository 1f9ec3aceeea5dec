"""Reading one bundle file within bounds (see `reader.Limits`), saying what was cut.

A bundle's files are as large as whoever made it wanted: a 1 GiB log of one line, an
events list of a million items. Reading one must cost at most a bound in memory and time:

- a text file past `max_bytes` is read from its end (a log's latest lines are the ones that
  explain a failure), its first partial line dropped; past `max_lines` its last lines are kept
  (each line costs the signatures a few microseconds at least); any line past `max_line` is cut;
- a JSON file past `max_bytes` is read item by item from the start of its `items` list
  (`kubectl get -o json`, troubleshoot's arrays) until the bound, never as a whole; a list
  past `max_items` keeps its first items.

Each function returns what it read and a one-line description of the cut ("" when whole),
which the bundle records as a Problem for the file.
"""

from __future__ import annotations

import json
import re
from msgspec import Struct
from pathlib import Path

from triage import lazy_re


class BoundedText(Struct, frozen=True):
    text: str
    cut: str = ""
    first_line: int = 1       # the file's line number of the text's first line


def _newlines_before(f, end: int, chunk: int = 1 << 20) -> int:
    """Newlines in the file's first `end` bytes, read a chunk at a time."""
    f.seek(0)
    count = 0
    while end > 0:
        data = f.read(min(chunk, end))
        if not data:
            break
        count += data.count(b"\n")
        end -= len(data)
    return count


def size_text(n: int) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{n} bytes"


def bounded_text_file(path: Path, max_bytes: int, max_line: int, max_lines: int = 100_000) -> BoundedText:
    data, cuts, first_line = _bounded_bytes(path, max_bytes, max_lines)
    text = data.decode("utf-8", errors="replace")
    if len(text) > max_line:
        lines = text.split("\n")
        long = sum(len(line) > max_line for line in lines)
        if long:
            text = "\n".join(line[:max_line] if len(line) > max_line else line for line in lines)
            cuts.append(f"{long} line{'s' if long > 1 else ''} cut at {max_line} characters")
    return BoundedText(text, "; ".join(cuts), first_line)


class BoundedBytes(Struct, frozen=True):
    """A text file's bytes as `bounded_text_file` reads them, for a reader that decodes only
    the lines it cites (`data` decoded with replacement is `bounded_text_file`'s text)."""

    data: bytes
    cut: str = ""
    first_line: int = 1


def bounded_bytes_file(path: Path, max_bytes: int, max_line: int, max_lines: int = 100_000) -> BoundedBytes | None:
    """The bytes of `bounded_text_file`'s text, or None when a line may be past `max_line`
    characters (a line of more bytes than that): that text is cut, so read it as text."""
    data, cuts, first_line = _bounded_bytes(path, max_bytes, max_lines)
    if _has_long_line(data, max_line):
        return None
    return BoundedBytes(data, "; ".join(cuts), first_line)


def _has_long_line(data: bytes, max_line: int) -> bool:
    """A line of more than `max_line` bytes: each step finds the last newline of the next
    `max_line + 1` bytes (none: that line is longer), so it takes ~2 * len / max_line finds."""
    p, n = 0, len(data)
    while n - p > max_line:
        q = data.rfind(b"\n", p, p + max_line + 1)
        if q < 0:
            return True
        p = q + 1
    return False


def _bounded_bytes(path: Path, max_bytes: int, max_lines: int) -> tuple[bytes, list[str], int]:
    """(bytes kept, cuts, the file's line number of their first line): the end of a file past
    `max_bytes` from its first whole line, its last `max_lines` lines. Lines are counted and
    split at b"\n" as the decoded text's "\n" (a UTF-8 sequence holds no newline byte)."""
    size = path.stat().st_size
    cuts = []
    first_line = 1
    with open(path, "rb") as f:
        if size > max_bytes:
            first_line += _newlines_before(f, size - max_bytes)   # so citations keep the file's numbers
            f.seek(size - max_bytes)
            data = f.read(max_bytes)
            nl = data.find(b"\n")
            if 0 <= nl < len(data) - 1:     # the first line is partial: start at the next one
                data = data[nl + 1:]
                first_line += 1
            cuts.append(f"read the last {size_text(max_bytes)} of {size_text(size)}")
        else:
            data = f.read()
    lines_in = data.count(b"\n") + (not data.endswith(b"\n"))
    if lines_in > max_lines:
        kept = data.split(b"\n")[-(max_lines + data.endswith(b"\n")):]
        first_line += lines_in - max_lines
        data = b"\n".join(kept)
        cuts.append(f"read the last {max_lines} of {lines_in} lines")
    return data, cuts, first_line


_WS = lazy_re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


def read_json_file(path: Path, max_bytes: int, max_items: int) -> tuple[object, bytes, str]:
    """(document, the bytes read, cut). Raises ValueError when what was read is no JSON."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        data = f.read(max_bytes) if size > max_bytes else f.read()
    if size <= max_bytes:
        doc = json.loads(data)
        items = doc.get("items") if isinstance(doc, dict) else doc
        if isinstance(items, list) and len(items) > max_items:
            total = len(items)
            del items[max_items:]
            return doc, data, f"read the first {max_items} of {total} items"
        return doc, data, ""
    doc, n, complete = _stream_items(data.decode("utf-8", errors="replace"), max_items)
    if complete:
        return doc, data, ""
    return doc, data, f"read the first {n} items (the first {size_text(max_bytes)} of {size_text(size)})"


def _stream_items(text: str, max_items: int) -> tuple[object, int, bool]:
    """The document in `text`, a prefix of a JSON list file: (doc, items read, complete)."""
    i = _WS.match(text, 0).end()
    if text.startswith("[", i):
        items, _, complete = _stream_array(text, i, max_items)
        return items, len(items), complete
    if not text.startswith("{", i):
        raise ValueError("not a JSON object or array")
    doc: dict = {}
    i += 1
    complete = True
    try:
        while True:
            i = _WS.match(text, i).end()
            if text.startswith("}", i):
                break
            key, i = _DECODER.raw_decode(text, i)
            i = _WS.match(text, i).end()
            if not text.startswith(":", i):
                raise ValueError(f"expected ':' at character {i}")
            i = _WS.match(text, i + 1).end()
            if key == "items" and text.startswith("[", i):
                doc["items"], i, complete = _stream_array(text, i, max_items)
                if not complete:
                    break
            else:
                doc[key], i = _DECODER.raw_decode(text, i)
            i = _WS.match(text, i).end()
            if text.startswith(",", i):
                i += 1
    except json.JSONDecodeError:
        complete = False           # the bound fell inside a value after the items: keep what was read
    if "items" not in doc:
        raise ValueError("no items list within the bytes read")
    return doc, len(doc["items"]), complete


def _stream_array(text: str, i: int, max_items: int) -> tuple[list, int, bool]:
    items: list = []
    i += 1
    while True:
        i = _WS.match(text, i).end()
        if text.startswith("]", i):
            return items, i + 1, True
        if len(items) >= max_items:
            return items, i, False
        try:
            item, i = _DECODER.raw_decode(text, i)
        except json.JSONDecodeError:
            return items, i, False      # the bound cut this item
        items.append(item)
        i = _WS.match(text, i).end()
        if text.startswith(",", i):
            i += 1


def bound_names(item: dict, max_chars: int) -> bool:
    """Cut, in place, the names an object is found and cited by (its own, its namespace, its
    node, its owners', an event's object's) to `max_chars`: a Kubernetes name is at most 253
    characters, and a crafted 10 MiB one is copied into every finding, gap and report line.
    True when something was cut. (Inlined: a scan bounds every pod, workload and event.)"""
    cut = False
    meta = item.get("metadata")
    if isinstance(meta, dict):
        cut = _cut(meta, ("name", "namespace", "generateName"), max_chars)
        owners = meta.get("ownerReferences")
        if isinstance(owners, list):
            for o in owners:
                if isinstance(o, dict) and _cut(o, ("name",), max_chars):
                    cut = True
    spec = item.get("spec")
    if isinstance(spec, dict) and _cut(spec, ("nodeName",), max_chars):
        cut = True
    for key in ("involvedObject", "regarding"):
        inv = item.get(key)
        if isinstance(inv, dict) and _cut(inv, ("name", "namespace"), max_chars):
            cut = True
    return cut


def _cut(parent: dict, keys: tuple[str, ...], max_chars: int) -> bool:
    cut = False
    for key in keys:
        value = parent.get(key)
        if isinstance(value, str) and len(value) > max_chars:
            parent[key] = value[:max_chars]
            cut = True
    return cut
