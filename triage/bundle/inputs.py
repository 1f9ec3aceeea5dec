"""What `gpu-triage analyze PATH` was given, and the reader that turns it into a bundle.

    with open_input("ticket.txt") as opened:      # or "-" for stdin, or as_="text"
        opened.reader        # "text"
        opened.bundle_path   # a layout-v1 bundle in a temporary folder (the input's own path for a bundle)
        opened.source_map    # where each bundle piece came from (None for a bundle)

Readers: `bundle` (ours or a troubleshoot support bundle, folder or .tar.gz: read as it is),
`text` (pasted kubectl / nvidia-smi / kernel-log text, a file, a folder of them, or stdin),
`must-gather` (the GPU Operator's must-gather folder), `bug-report` (nvidia-bug-report.log.gz),
`cluster-dump` (`kubectl cluster-info dump`, a JSON stream or an --output-directory tree),
`inspect` (OpenShift's `oc adm inspect` / default `oc adm must-gather` tree).
Every reader but `bundle` writes a temporary bundle of layout v1, so one path judges all
of them. An input no reader recognises is refused in one line.
"""

from __future__ import annotations

import os
import shutil
import sys
import zlib
from msgspec import Struct, field
from pathlib import Path
from typing import TYPE_CHECKING

from triage.bundle.views import NOT_READ, is_evidence_bundle
from triage.errors import BundleError, UsageError

if TYPE_CHECKING:      # a pasted input's map loads with its reader, not for every bundle
    from triage.evidence.pasted.source_map import SourceMap

READERS = ("bundle", "text", "must-gather", "bug-report", "cluster-dump", "inspect")
MAX_TEXT_BYTES = 64 * 1024 * 1024          # all text read from one input, together
MAX_TEXT_FILES = 2000
_TEXT_SUFFIXES = ("", ".txt", ".log", ".out", ".md", ".text", ".yaml", ".yml", ".json")


class OpenedInput(Struct):
    reader: str
    bundle_path: str
    source_map: SourceMap | None = None
    summary: dict = field(default_factory=dict)      # goes into the findings document as "input"
    _tmp: str | None = None

    def close(self) -> None:
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _walk(root: Path, limit: int = 200_000) -> list[str]:
    out = []
    for dirpath, _dirs, names in os.walk(root):
        rel = os.path.relpath(dirpath, root).replace(os.sep, "/")
        for name in names:
            out.append(name if rel == "." else f"{rel}/{name}")
            if len(out) >= limit:
                return out
    return out


def _head(path: Path, size: int = 8192) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read(size)
    except OSError:
        return b""


def _gz_head(path: Path, size: int = 65536) -> bytes:
    """The first `size` bytes of a gzip stream, or as many as a truncated or corrupt one yields."""
    import gzip
    got = b""
    try:
        with gzip.open(path, "rb") as fh:
            while len(got) < size:
                chunk = fh.read1(4096)
                if not chunk:
                    break
                got += chunk
    except (OSError, EOFError, zlib.error):
        pass
    return got[:size]


BUG_REPORT_MARKS = (b"Start of NVIDIA bug report log file", b"nvidia-bug-report.sh Version:")


def looks_like_bug_report(head: bytes) -> bool:
    """nvidia-bug-report.sh's prologue in the first 4 KiB (a ticket that only mentions the file does not count)."""
    return any(m in head[:4096] for m in BUG_REPORT_MARKS)


def detect(path: str) -> str | None:
    """The reader for `path` ("-" is stdin: text), or None when nothing recognises it."""
    if path == "-":
        return "text"
    p = Path(path)
    if p.is_dir():
        files = _walk(p)
        if is_evidence_bundle(files):
            return "bundle"
        from triage.bundle import from_must_gather, from_cluster_dump
        if from_must_gather.looks_like(files):
            return "must-gather"
        if from_cluster_dump.looks_like_tree(files):
            return "cluster-dump"
        from triage.bundle import from_inspect
        if from_inspect.looks_like(files):
            return "inspect"
        if any(_is_text_name(f) for f in files):
            return "text"
        return None
    if not p.is_file():
        return None
    head = _head(p)
    if head[:2] == b"\x1f\x8b":
        if looks_like_bug_report(_gz_head(p)):
            return "bug-report"
        return "bundle"       # a .tar.gz: the bundle reader checks it
    import tarfile                  # a file input only
    if tarfile.is_tarfile(p):
        return "bundle"
    if b"\x00" in head:
        return None
    if looks_like_bug_report(head):
        return "bug-report"
    from triage.bundle import from_cluster_dump
    if from_cluster_dump.looks_like_stream(head):
        return "cluster-dump"
    return "text"


def _is_text_name(rel: str) -> bool:
    name = rel.rsplit("/", 1)[-1]
    if name.startswith("."):
        return False
    suffix = ("." + name.rsplit(".", 1)[1].lower()) if "." in name else ""
    return suffix in _TEXT_SUFFIXES


def _read_texts(path: str, stdin) -> list[tuple[str, str]]:
    """(input name, text) of a file, each text file of a folder, or stdin; bounded."""
    if path == "-":
        stream = stdin if stdin is not None else sys.stdin
        data = stream.buffer.read(MAX_TEXT_BYTES + 1) if hasattr(stream, "buffer") else \
            stream.read(MAX_TEXT_BYTES + 1)
        if isinstance(data, str):
            data = data.encode("utf-8", errors="replace")
        if len(data) > MAX_TEXT_BYTES:
            raise BundleError(f"standard input is over {MAX_TEXT_BYTES // (1024 * 1024)} MiB; paste the relevant part")
        return [("<stdin>", data.decode("utf-8", errors="replace"))]
    p = Path(path)
    if p.is_file():
        size = p.stat().st_size
        if size > MAX_TEXT_BYTES:
            raise BundleError(f"{path} is {size} bytes, over the {MAX_TEXT_BYTES // (1024 * 1024)} MiB read from pasted text")
        data = p.read_bytes()
        if b"\x00" in data[:8192]:
            raise BundleError(f"{path} {NOT_READ}")
        return [(str(path), data.decode("utf-8", errors="replace"))]
    out, total = [], 0
    for rel in sorted(_walk(p))[:MAX_TEXT_FILES]:
        full = p / rel
        if not _is_text_name(rel) or full.is_symlink() or not full.is_file():
            continue
        size = full.stat().st_size
        total += size
        if total > MAX_TEXT_BYTES:
            raise BundleError(f"{path}: more than {MAX_TEXT_BYTES // (1024 * 1024)} MiB of text; keep the relevant files")
        data = full.read_bytes()
        if b"\x00" in data[:8192]:
            continue
        out.append((f"{str(path).rstrip('/')}/{rel}", data.decode("utf-8", errors="replace")))
    return out


def open_input(path: str, as_: str | None = None, stdin=None) -> OpenedInput:
    """Open `path` with the reader `as_` names, else the one `detect` picks."""
    if as_ is not None and as_ not in READERS:
        raise UsageError(f"--as {as_!r}: expected one of {', '.join(READERS)}")
    if path != "-" and not Path(path).exists():
        raise BundleError(f"input not found: {path}")
    reader = as_ or detect(path)
    if reader is None:
        raise BundleError(f"{path} {NOT_READ}")
    if reader == "bundle":
        if path == "-":
            raise UsageError("--as bundle reads a folder or .tar.gz, not standard input")
        return OpenedInput("bundle", path, None, {"reader": "bundle", "path": str(path)})
    import tempfile
    tmp = tempfile.mkdtemp(prefix=f"gpu-triage-{reader}-")
    try:
        root = Path(tmp) / "bundle"
        if reader == "text":
            summary = _text(path, root, stdin)
            smap = summary.pop("_map")
        elif reader == "must-gather":
            from triage.bundle.from_must_gather import write_must_gather_bundle
            summary, smap = write_must_gather_bundle(Path(path), root)
        elif reader == "inspect":
            from triage.bundle.from_inspect import write_inspect_bundle
            summary, smap = write_inspect_bundle(Path(path), root)
        elif reader == "cluster-dump":
            from triage.bundle.from_cluster_dump import write_cluster_dump_bundle
            summary, smap = write_cluster_dump_bundle(Path(path), root)
        else:
            from triage.bundle.from_bug_report import write_bug_report_bundle
            summary, smap = write_bug_report_bundle(Path(path), root)
        summary = {"reader": reader, "path": str(path), **summary}
        return OpenedInput(reader, str(root), smap, summary, tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _text(path: str, root: Path, stdin) -> dict:
    from triage.bundle.from_text import write_text_bundle
    texts = _read_texts(path, stdin)
    result = write_text_bundle(texts, root)
    if not result.recognised:
        where = "standard input" if path == "-" else path
        first = next((u for u in result.unread if u.get("shape") != "text"), None)
        if first is not None:      # something was recognised but cannot be placed: say what to paste instead
            raise BundleError(f"{where}: nothing in it can be placed on a pod or node; lines "
                              f"{first['lines'][0]}-{first['lines'][1]} ({first['shape']}): {first['why']}")
        raise BundleError(f"{where} {NOT_READ}; no block of it was recognised")
    return {"_map": result.source_map, "blocks": result.blocks, "unread": result.unread, "target": result.target,
            "guessed_pod": result.guessed_pod, **({"host": result.host} if result.host else {})}


def describe(opened: OpenedInput) -> str:
    """One line for stderr: which reader read what."""
    s = opened.summary
    if opened.reader == "text":
        used = [b for b in s.get("blocks") or () if b.get("used")]
        shapes = ", ".join(f"{b['shape']} {b['input'].rsplit('/', 1)[-1]}:{b['lines'][0]}-{b['lines'][1]}"
                           for b in used[:6])
        more = f" and {len(used) - 6} more" if len(used) > 6 else ""
        unread = len(s.get("unread") or ())
        if s.get("host"):
            more += f"; about host {s['host']['name']} ({s['host']['from']}), no Kubernetes object"
        return (f"gpu-triage: read {s.get('path')} as pasted text: {shapes}{more}"
                + (f"; {unread} block(s) not usable (see input.unread in -o json)" if unread else ""))
    return f"gpu-triage: read {s.get('path')} as {opened.reader}" + (
        f": {s['note']}" if s.get("note") else "")
