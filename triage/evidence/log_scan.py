"""`scan_log`: every recognised fact of one log, in line order, fast.

The whole text is searched once for the union of the signatures' literal
keywords (the pre-filter), with Hyperscan when it is installed (Linux x86-64)
and Python's `re` otherwise; only the lines it hits are split off, normalised
(`log_normalise`: journald, syslog, dmesg, CRI, klog, logrus, JSON ... wrappers
removed, through `log_lines`) and tried against the signatures their keywords
route to. Keywords a wrapper may have escaped are searched in their escaped forms
too, and a journald byte-list MESSAGE is decoded before routing. Logs with CRI
partial lines (`... stderr P ...`) take the line-by-line path, which joins them
first. Both paths give the same facts.

Sample:

    >>> [f.kind.value for f in scan_log("2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.")]
    ['plugin_nvml_unavailable']
"""

from __future__ import annotations

import functools
import importlib.util
import re
import threading
from typing import Iterable

from triage import lazy_re
from triage.evidence.log_facts import LogFact, make_fact
from triage.evidence.log_lines import LogLine, expand_line, iter_log_lines
from triage.evidence.log_normalise import HIDDEN_TEXT_MARKERS, escaped_forms
from triage.evidence.log_signatures import KEYWORD_ROUTES, KEYWORDS, SIGNATURES

#: optional accelerator: a multi-literal SIMD matcher (pip install hyperscan), imported on
#: the first log larger than SMALL_SCAN_BYTES (its database takes ~8 ms to build)
_HS_AVAILABLE = importlib.util.find_spec("hyperscan") is not None
_hs = None

#: Longest message a signature pattern is tried on (longer lines are cut).
MAX_MATCH_CHARS = 64 * 1024

#: Logs up to this size (encoded) are searched for the literals one `bytes.find` loop per
#: literal instead of through the Hyperscan database: the same hits (every occurrence of
#: every literal, overlapping ones too), without building the database for a short log.
SMALL_SCAN_BYTES = 16 * 1024
#: ... until this many short logs were searched so (each ~0.1 ms of finds for the ~380
#: literals, the database's build is ~8-13 ms): a bundle of many short logs (a 5,000-node
#: scan's 1,250 device-plugin logs: 0.12 s of finds) then builds it once and scans each in
#: microseconds. A one-pod bundle never reaches it.
SMALL_SCANS_BEFORE_DATABASE = 64
_small_scans = 0

_PARTIAL_MARKERS = (" stderr P", " stdout P")
#: An ESC as a log holds it raw, JSON-escaped or rsyslog-escaped: the normaliser drops ANSI
#: sequences (log_normalise._ANSI), so one inside a keyword (`r\x1b[0munning`) hides it from
#: a search of the raw text; such a line is decoded and routed by its message.
ANSI_MARKERS = ("\x1b", "\\u001b", "\\u001B", "#033")


def trie_pattern(words: Iterable[str]) -> str:
    """A regex matching any of `words`, shaped as a trie (`NCCL (?:WARN|error)`):
    Python's `re` tries one branch per distinct next character instead of one per
    word, about three times faster than a flat alternation here."""
    root: dict = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(root)


#: Every literal the pre-filter looks for, with the signatures a hit routes to (None:
#: decode the line and route by its message). Besides the keywords: each keyword as a
#: wrapper may have escaped it (JSON `\\"`, `\\/`, `\\u003c`, rsyslog `#011` ...) and the
#: markers of a journald byte-list MESSAGE, so escaped lines are still selected; the
#: selected line is then normalised (`log_normalise`) before the signatures run.
#: Built on the first scan (`_literal_tables`), not at import.
@functools.lru_cache(maxsize=1)
def _literal_tables() -> tuple[tuple[str, ...], tuple[tuple[int, ...] | None, ...], tuple[bytes, ...]]:
    """(literals, the routes of each, every literal then the partial markers as UTF-8 bytes:
    the ids the byte pre-filters report)."""
    variants: dict[str, set[int]] = {}
    for kw, routes in KEYWORD_ROUTES:
        for form in escaped_forms(kw):
            if form not in KEYWORDS:
                variants.setdefault(form, set()).update(routes)
    hidden = (*HIDDEN_TEXT_MARKERS, *ANSI_MARKERS)
    literals = (*KEYWORDS, *variants, *hidden)
    literal_routes = (*(routes for _, routes in KEYWORD_ROUTES), *(tuple(sorted(r)) for r in variants.values()),
                      *(None for _ in hidden))
    return literals, literal_routes, tuple(k.encode() for k in (*literals, *_PARTIAL_MARKERS))


@functools.lru_cache(maxsize=1)
def _prefilter():
    """The `re` pre-filter (a trie of every literal and the partial markers), built on first use."""
    return lazy_re.compile(trie_pattern((*_literal_tables()[0], *_PARTIAL_MARKERS)))


_hs_db = None
_hs_lock = threading.Lock()


def engine() -> str:
    """'hyperscan' or 're': which pre-filter `scan_log` uses."""
    return "hyperscan" if _HS_AVAILABLE else "re"


def routes_of(text: str) -> set[int]:
    """Indexes of the signatures whose keywords occur in `text`."""
    wanted: set[int] = set()
    for keyword, routes in KEYWORD_ROUTES:
        if keyword in text:
            wanted.update(routes)
    return wanted


def facts_of_line(line: LogLine, routes: set[int] | None = None) -> list[LogFact]:
    """The facts one logical line yields (at most one per signature family).
    `routes`: the signatures to try (default: those whose keywords it holds)."""
    text = line.text if len(line.text) <= MAX_MATCH_CHARS else line.text[:MAX_MATCH_CHARS]
    wanted = routes_of(text) if routes is None else routes
    if not wanted:
        return []
    facts: list[LogFact] = []
    done_families: set[str] = set()
    for index in sorted(wanted):
        sig = SIGNATURES[index]
        if sig.family is not None and sig.family in done_families:
            continue
        m = sig.pattern.search(text)
        if m is None:
            continue
        params = sig.build(m, text)
        if params is None:
            continue
        facts.append(make_fact(sig.kind, line.number, text, params, m.start()))
        if sig.family is not None:
            done_families.add(sig.family)
    return facts


def _facts_of_lines(lines: Iterable[LogLine]) -> tuple[LogFact, ...]:
    out: list[LogFact] = []
    for line in lines:
        out.extend(facts_of_line(line))
    return tuple(out)


def scan_lines(text: str) -> tuple[LogFact, ...]:
    """The reference path: every logical line, one by one (joins CRI partial lines)."""
    return _facts_of_lines(iter_log_lines(text))


def _hs_database():
    global _hs_db, _hs
    with _hs_lock:
        if _hs_db is None:
            import hyperscan
            db = hyperscan.Database(mode=hyperscan.HS_MODE_BLOCK)
            literals = list(_literal_tables()[2])
            db.compile(expressions=literals, ids=list(range(len(literals))), elements=len(literals),
                       flags=0, literal=True)
            _hs, _hs_db = hyperscan, db
    return _hs_db


def _hits_find(data: bytes) -> list[tuple[int, int]] | None:
    """What `_hits_hyperscan` returns, found with `bytes.find` (a short log: no database to build)."""
    literals = _literal_tables()[2]
    partial_first = len(_literal_tables()[0])
    hits: list[tuple[int, int]] = []
    find = data.find
    for ident, literal in enumerate(literals):
        at = find(literal)
        if at < 0:
            continue
        if ident >= partial_first:
            return None
        size = len(literal)
        while at >= 0:
            hits.append((at + size, ident))
            at = find(literal, at + 1)
    hits.sort()
    return hits


def _hits_hyperscan(data: bytes) -> list[tuple[int, int]] | None:
    """(end offset, keyword id) of every keyword hit, in order; None when a CRI
    partial marker was seen (the caller then takes the line-by-line path)."""
    hits: list[tuple[int, int]] = []
    partial_first = len(_literal_tables()[0])
    seen_partial: list[int] = []

    def on_match(ident: int, start: int, end: int, flags: int, ctx: object) -> bool | None:
        if ident >= partial_first:
            seen_partial.append(end)
            return True  # stop scanning
        hits.append((end, ident))
        return None

    db = _hs_database()
    with _hs_lock:
        try:
            db.scan(data, match_event_handler=on_match)
        except _hs.ScanTerminated:
            pass
    if seen_partial:
        return None
    hits.sort()
    return hits


def _database_pays() -> bool:
    """Whether a short log is searched through the Hyperscan database too: it is built
    already, or SMALL_SCANS_BEFORE_DATABASE short logs were searched with `bytes.find`
    (the same hits either way)."""
    global _small_scans
    if _hs_db is not None:
        return True
    _small_scans += 1
    return _small_scans > SMALL_SCANS_BEFORE_DATABASE


def _scan_bytes(data: bytes, errors: str) -> tuple[LogFact, ...] | None:
    hits = _hits_find(data) if len(data) <= SMALL_SCAN_BYTES and not _database_pays() else _hits_hyperscan(data)
    if hits is None:
        return None
    literal_routes = _literal_tables()[1]
    out: list[LogFact] = []
    number = 1
    counted_to = 0
    i, n = 0, len(hits)
    while i < n:
        end = hits[i][0]
        start = data.rfind(b"\n", 0, end - 1) + 1
        line_end = data.find(b"\n", end - 1)
        if line_end < 0:
            line_end = len(data)
        routes: set[int] | None = set()
        while i < n and hits[i][0] <= line_end:
            hit_routes = literal_routes[hits[i][1]]
            if hit_routes is None:
                routes = None          # a hidden message: route by the decoded text
            elif routes is not None:
                routes.update(hit_routes)
            i += 1
        number += data.count(b"\n", counted_to, start)
        counted_to = start
        raw = _decode(data[start:line_end], errors)
        if raw.endswith("\r"):
            raw = raw[:-1]
        for line in expand_line(raw, number):
            out.extend(facts_of_line(line, routes))
    return tuple(out)


def _decode(chunk: bytes, errors: str) -> str:
    try:
        return chunk.decode("utf-8", errors)
    except UnicodeDecodeError:
        return chunk.decode("utf-8", "replace")


def _scan_str(text: str) -> tuple[LogFact, ...] | None:
    out: list[LogFact] = []
    number = 1
    counted_to = 0
    pos = 0
    search = _prefilter().search
    while True:
        m = search(text, pos)
        if m is None:
            break
        if m.group() in _PARTIAL_MARKERS:
            return None
        start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end() - 1)
        if line_end < 0:
            line_end = len(text)
        number += text.count("\n", counted_to, start)
        counted_to = start
        raw = text[start:line_end]
        if raw.endswith("\r"):
            raw = raw[:-1]
        for line in expand_line(raw, number):
            out.extend(facts_of_line(line))
        pos = line_end + 1
    return tuple(out)


def scan_log(text: str | bytes, *, use_hyperscan: bool | None = None) -> tuple[LogFact, ...]:
    """All facts of one log (container, plugin, validator, GFD, MIG manager,
    driver container, nvidia-smi output ...), in line order. Never raises on
    any text; bytes are read as UTF-8 with replacement.

    `use_hyperscan` forces (True) or avoids (False) the Hyperscan pre-filter;
    None uses it when installed.
    """
    hs = _HS_AVAILABLE if use_hyperscan is None else (use_hyperscan and _HS_AVAILABLE)
    if hs:
        if isinstance(text, bytes):
            facts = _scan_bytes(text, "replace")
            return facts if facts is not None else scan_lines(text.decode("utf-8", "replace"))
        facts = _scan_bytes(text.encode("utf-8", "surrogatepass"), "surrogatepass")
        return facts if facts is not None else scan_lines(text)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    facts = _scan_str(text)
    return facts if facts is not None else scan_lines(text)
