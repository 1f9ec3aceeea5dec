"""One log-line normaliser: strip whatever wraps a message, keep the message.

`normalise(line)` removes the wrappers that log shippers, loggers and tools put
around a message, outermost first, again and again (at most `MAX_ROUNDS`), and
returns the inner message with what the wrappers said (timestamp text, host,
unit/ident, level, rank). The recognisers (`log_signatures` through
`log_scan.scan_log`, and the kernel Xid parser `xid.parse_kernel_log`) read that
message, so a known message is matched in any wrapper.

Wrappers known (each anchored at the start of the remaining text)::

    Nov 29 14:00:01 host kernel: / host containerd[812]:    journalctl short, short-precise, RFC 3164 syslog
    2026-11-29T14:00:01+0000 host kernel:                  journalctl short-iso(-precise), rsyslog file format
    Sun 2026-11-29 14:00:01 UTC host kernel:               journalctl short-full
    1764424801.123456 host kernel:                         journalctl short-unix
    [ 1234.567890] host kernel: / [ 1.2 <  0.1>] host ..   journalctl short-monotonic / short-delta
    {"MESSAGE": "..." | [78, 86, ...], ...}                journalctl -o json (MESSAGE may be a byte list)
    <4>Nov 29 ... / <3>[   12.3] / <30>1 2026-... h a p m [sd] msg   syslog PRI, dmesg -r, RFC 5424
    [  123.456789] / [Fri Aug 30 12:00:00 2024] / [Aug30 12:00] / [  +0.000045] / [<    0.000123>]
                                                           dmesg (uptime, -T/--ctime, -H/reltime, delta)
    2024-08-30T12:00:00,123456+00:00                       dmesg --time-format iso (and kubectl --timestamps)
    kern  :err   :                                         dmesg -x (--decode)
    4,1234,5678,-;                                         /dev/kmsg record
    172.20.0.2: kern:    info: [2024-01-01T00:00:00.000Z]:   talosctl dmesg
    kernel:                                                kernel tag
    2026-11-29T14:00:00.123456789Z stderr F                CRI log file (P partial: log_lines joins them)
    [pod/name/container]                                   kubectl logs --prefix
    E1129 14:00:00.123456       1 file.go:12]             klog (and its structured `"msg" key="value"`)
    time="..." level=error msg="..." err="..."              logrus text / logfmt (msg and fields unescaped)
    ERRO[0003]                                             logrus text, TTY form
    {"msg"|"message"|"log"|"error"|"err": ...}              JSON lines (docker json-file, zap, TGI fields.message)
    2026-11-29T14:00:00.000Z<TAB>ERROR<TAB>pkg/f.go:12<TAB>  zap console
    2024-01-01 00:00:00,123 - name - ERROR -               Python logging (asctime - name - levelname)
    ERROR:root:  / [2024-01-01 00:00:00] [ERROR]            Python logging basic format / bracketed form
    ERROR 01-01 00:00:00 [core.py:632] / INFO 11-29 14:00:00 engine.py:366]   vLLM logger
    [rank0]: / [default3]: / [1,0]<stderr>:                torch distributed, torchrun, Open MPI --tag-output
    (VllmWorker rank=0 pid=123) / (RayWorkerWrapper pid=123, ip=10.0.0.1)   vLLM / Ray process tags
    [W1129 14:00:00.123456 ProcessGroupNCCL.cpp:1476]      c10 logger
    2023/10/19 03:11:54 / gpu-feature-discovery: 2023/..   Go log (optional program prefix)
    vllm-1  |                                              docker compose
    nvidia-device-plugin-x7k2p nvidia-device-plugin        stern / k9s

rsyslog's control-character escapes (`#011` tab, `#012` newline, `#033` ESC, and
escaped 8-bit UTF-8 bytes) are decoded; ANSI colour sequences are dropped. A
message that decodes to several lines (a JSON message with `\\n`, an rsyslog
`#012`) keeps them: `messages(line)` splits it and normalises each part.

Untrusted input: every pattern is anchored, its repetitions are bounded, the line
is cut at `MAX_LINE_CHARS`, and `normalise` never raises.

    >>> n = normalise("Nov 29 14:00:01 gpu-node-3 kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, name=python, GPU has fallen off the bus.")
    >>> (n.message[:20], n.timestamp, n.host, n.ident)
    ('NVRM: Xid (PCI:0000:', 'Nov 29 14:00:01', 'gpu-node-3', 'kernel')
"""

from __future__ import annotations

import json
import re
from msgspec import Struct
from msgspec.structs import replace

from triage import lazy_re

MAX_LINE_CHARS = 64 * 1024
MAX_ROUNDS = 8
MAX_JSON_ROUNDS = 3
MAX_SPLIT_DEPTH = 2
MAX_KV_PAIRS = 64

_SYSLOG_LEVELS = ("emerg", "alert", "crit", "err", "warning", "notice", "info", "debug")


class Normalised(Struct, frozen=True):
    """A line's message and what its wrappers said (None: not given). `timestamp`
    is the outermost time text as printed (without brackets); `wrappers` names the
    wrappers removed, outermost first. `decoded`: the message was unescaped (JSON,
    rsyslog `#ooo`, logfmt quotes), so it is not a substring of the line."""

    message: str
    timestamp: str | None = None
    host: str | None = None
    ident: str | None = None
    level: str | None = None
    rank: int | None = None
    wrappers: tuple[str, ...] = ()
    decoded: bool = False


# --- shared pieces (all bounded) ----------------------------------------------------
_ISO = r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?"
_ISO_Z = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)"  # with a zone
_HOST = r"[^\s:\[\]]{1,255}"
_IDENT = r"[^\s:\[\]]{1,128}"
_PY_LEVELS = r"CRITICAL|FATAL|ERROR|WARNING|WARN|INFO|DEBUG|NOTSET"
_FACILITY = r"kern|user|mail|daemon|auth|syslog|lpr|news|uucp|cron|authpriv|ftp|res[0-3]|local[0-7]"
_DMESG_LEVEL = r"emerg|alert|crit|err|warning|warn|notice|info|debug"

_ANSI = lazy_re.compile(r"\x1b\[[0-?]{0,32}[ -/]{0,8}[@-~]|\x1b[@-Z\\-_]")
_RSYSLOG_ESC = lazy_re.compile(r"#(?:0[0-3][0-7]|177)|(?:#[23][0-7]{2}){1,64}")
_RSYSLOG_HINT = lazy_re.compile(r"#(?:0[0-3][0-7]|177|[23][0-7]{2})")
_QUOTED = r'"[^"\\]{0,65536}(?:\\.[^"\\]{0,65536}){0,65536}"'
_KV = lazy_re.compile(r'[ \t]{0,64}([A-Za-z_][\w.@/-]{0,63})=(' + _QUOTED + r'|[^\s"]{0,65536})(?=\s|$)')
_QUOTED_RE = lazy_re.compile(_QUOTED)
_JSON_FRAGMENT = lazy_re.compile(r'"(?:message|msg|log|MESSAGE|textPayload)"\s{0,16}:\s{0,16}"([^"\\]{0,65536}(?:\\.[^"\\]{0,65536}){0,65536})')
_JSON_MESSAGE_PATHS = (("fields", "message"), ("message",), ("msg",), ("log",), ("textPayload",), ("MESSAGE",))
_JSON_EXTRA_KEYS = ("error", "err")
_JSON_TIME_KEYS = ("SYSLOG_TIMESTAMP", "__REALTIME_TIMESTAMP", "time", "ts", "timestamp", "@timestamp", "t")
_JSON_HOST_KEYS = ("_HOSTNAME", "host", "hostname")
_JSON_IDENT_KEYS = ("SYSLOG_IDENTIFIER", "_SYSTEMD_UNIT", "_COMM", "logger", "caller", "target", "name")
_JSON_LEVEL_KEYS = ("PRIORITY", "level", "severity", "lvl", "levelname")
_KV_HEADER_KEYS = frozenset(("time", "ts", "t", "level", "lvl", "caller", "logger", "msg", "message"))

#: Literal text that marks a line whose message is hidden from a keyword search of
#: the raw text: journald's byte-list MESSAGE (`journalctl -o json`, non-UTF-8 or
#: control characters in the message), also inside another JSON string.
HIDDEN_TEXT_MARKERS = ('"MESSAGE":[', '"MESSAGE": [', '"MESSAGE" : [', '\\"MESSAGE\\":[', '\\"MESSAGE\\": [')


class _Acc:
    """What the wrappers said so far (the outermost value of each field wins)."""

    __slots__ = ("timestamp", "host", "ident", "level", "rank", "wrappers", "decoded", "meta")

    def __init__(self, meta: bool = True) -> None:
        self.meta = meta                 # False: only the message is wanted (regex handlers skipped)
        self.timestamp: str | None = None
        self.host: str | None = None
        self.ident: str | None = None
        self.level: str | None = None
        self.rank: int | None = None
        self.wrappers: list[str] = []
        self.decoded = False

    def set(self, timestamp: str | None = None, host: str | None = None, ident: str | None = None,
            level: str | None = None, rank: int | str | None = None) -> None:
        if timestamp and self.timestamp is None:
            self.timestamp = timestamp.strip()
        if host and self.host is None:
            self.host = host
        if ident and self.ident is None:
            self.ident = ident
        if level and self.level is None:
            self.level = level
        if rank is not None and self.rank is None:
            try:
                self.rank = int(rank)
            except (TypeError, ValueError):
                pass


def _pri_level(pri: str) -> str:
    return _SYSLOG_LEVELS[int(pri) & 7]


# --- wrappers: (name, pattern, handler(match, acc) -> None) -------------------------
# A handler may also return a replacement text (str) for the rest of the line.

def _h_syslog_header(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.group("ts"), host=m.group("host"), ident=m.group("ident"))


def _h_ts(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.group("ts"))


def _h_pri(m: re.Match[str], acc: _Acc) -> None:
    acc.set(level=_pri_level(m.group("pri")))


def _h_kmsg(m: re.Match[str], acc: _Acc) -> None:
    acc.set(level=_pri_level(m.group("pri")))


def _h_dmesg_x(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.group("ts"), host=m.group("host"), ident=m.group("fac"), level=m.group("lvl"))


def _h_level(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.groupdict().get("ts"), level=m.group("lvl"), ident=m.groupdict().get("ident"))


def _h_ident(m: re.Match[str], acc: _Acc) -> None:
    acc.set(ident=m.group("ident"))


def _h_cri(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.group("ts"), ident=m.group("stream"))


def _h_rank(m: re.Match[str], acc: _Acc) -> None:
    acc.set(rank=m.group("rank"))


_TAG_RANK = lazy_re.compile(r"\brank=(\d{1,6})")


def _h_tag(m: re.Match[str], acc: _Acc) -> None:
    body = m.group("body")
    first = body.split(" ", 1)[0].split(",", 1)[0]
    acc.set(ident=first if "=" not in first else None)
    r = _TAG_RANK.search(body)
    if r:
        acc.set(rank=r.group(1))


def _h_klog(m: re.Match[str], acc: _Acc) -> None:
    acc.set(timestamp=m.group("ts"), level=m.group("lvl"), ident=m.group("src"))


def _h_none(m: re.Match[str], acc: _Acc) -> None:
    return None


_W = tuple[str, re.Pattern[str], object]


def _w(name: str, pattern: str, handler=_h_none) -> _W:
    return (name, lazy_re.compile(pattern), handler)


_SHORT = _w("journal-short",          # journalctl short / short-precise, RFC 3164, rsyslog traditional
            r"(?P<ts>[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})?) (?:(?P<host>" + _HOST + r") )?"
            r"(?P<ident>" + _IDENT + r")(?:\[\d{1,10}\])?: ", _h_syslog_header)
_SHORT_TS_ONLY = _w("syslog-timestamp", r"(?P<ts>[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})?) ", _h_ts)
_SHORT_FULL = _w("journal-short-full",
                 r"(?P<ts>[A-Z][a-z]{2} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? [A-Za-z0-9+-]{1,8}) "
                 r"(?P<host>" + _HOST + r") (?P<ident>" + _IDENT + r")(?:\[\d{1,10}\])?: ", _h_syslog_header)
# after an ISO or epoch time, a host and then `kernel` or `ident[pid]` (a bare word would be message text)
_SHORT_ISO = _w("journal-short-iso",
                r"(?P<ts>" + _ISO_Z + r") (?P<host>" + _HOST + r") (?P<ident>kernel|" + _IDENT + r"(?=\[))"
                r"(?:\[\d{1,10}\])?: ", _h_syslog_header)
_SHORT_UNIX = _w("journal-short-unix",
                 r"(?P<ts>\d{9,11}\.\d{6}) (?P<host>" + _HOST + r") (?P<ident>kernel|" + _IDENT + r"(?=\[))"
                 r"(?:\[\d{1,10}\])?: ", _h_syslog_header)
_SHORT_MONO = _w("journal-short-monotonic",
                 r"\[ {0,16}(?P<ts>\d{1,12}\.\d{1,9})(?: <[ \d.]{1,24}>)?\] (?P<host>" + _HOST + r") "
                 r"(?P<ident>kernel|" + _IDENT + r"(?=\[))(?:\[\d{1,10}\])?: ", _h_syslog_header)
_RFC5424 = "rfc5424"                   # parsed by hand (structured data), see _rfc5424
_PRI = _w("syslog-pri", r"<(?P<pri>\d{1,3})>(?!1 )", _h_pri)
_KMSG = _w("kmsg", r"(?P<pri>\d{1,4}),\d{1,20},\d{1,20},[-cC+]{0,4}(?:,[^;\s]{0,128})?;", _h_kmsg)
_UPTIME = _w("dmesg-uptime", r"\[ {0,16}\+?(?P<ts>\d{1,12}\.\d{1,9})(?: <[ \d.]{1,24}>)?\] ?", _h_ts)
_CTIME = _w("dmesg-ctime", r"\[(?P<ts>[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})\] ?", _h_ts)
_RELTIME = _w("dmesg-reltime", r"\[(?P<ts>[A-Z][a-z]{2}\d{1,2} \d\d:\d\d)\] ?", _h_ts)
_DELTA = _w("dmesg-delta", r"\[<[ \d.]{1,24}>\] ?")
_DMESG_X = _w("dmesg-decode",           # dmesg -x `kern  :err   : `; talosctl dmesg `node: kern:    info: [iso]: `
              r"(?:(?P<host>[\w.:-]{1,255}): )?(?P<fac>" + _FACILITY + r") {0,8}: {0,8}(?P<lvl>" + _DMESG_LEVEL +
              r") {0,8}: (?:\[(?P<ts>\d{4}-\d\d-\d\dT[^\]\s]{1,40})\]: )?", _h_dmesg_x)
_KERNEL = _w("kernel-tag", r"(?P<ident>kernel): ", _h_ident)
_CRI = _w("cri", r"(?P<ts>" + _ISO_Z + r") (?P<stream>stdout|stderr) [FP](?: |$)", _h_cri)
_ZAP = _w("zap-console",
          r"(?P<ts>" + _ISO + r"|\d\.\d{1,9}e\+\d\d|\d{9,11}(?:\.\d{1,9})?)\t(?P<lvl>(?i:debug|info|warn|warning|error|dpanic"
          r"|panic|fatal))\t(?:[\w.-]{1,128}\t(?=[^\t]{0,256}:\d{1,7}\t))?(?:(?P<ident>[\w./@-]{1,256}:\d{1,7})\t)?",
          _h_level)
_PY_ASCTIME = _w("python-logging",
                 r"(?P<ts>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:,\d{3})?) - (?:(?P<ident>\S{1,200}) - )?"
                 r"(?P<lvl>" + _PY_LEVELS + r") - ", _h_level)
_ISO_TS = _w("iso-timestamp", r"(?P<ts>" + _ISO + r") +", _h_ts)   # kubectl --timestamps, dmesg --time-format iso
_GO_LOG = _w("go-log", r"(?:[\w.-]{1,128}: )?(?P<ts>\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})?) ?", _h_ts)
_KUBECTL_PREFIX = _w("kubectl-prefix", r"\[pod/(?P<ident>[^\]\s]{1,512})\] ", _h_ident)
_PY_BRACKET = _w("python-bracketed",
                 r"\[(?P<ts>" + _ISO + r")\] ?(?:\[(?P<lvl>" + _PY_LEVELS + r")\] ?)?", _h_level)
_TORCH_RANK = _w("torch-rank", r"\[(?:rank|default)(?P<rank>\d{1,6})\]: ?", _h_rank)
_MPI_TAG = _w("mpi-tag", r"\[\d{1,10},(?P<rank>\d{1,10})\]<(?:stdout|stderr|stddiag)>: ?", _h_rank)
_C10 = _w("c10-logger", r"\[(?P<lvl>[IWEF])(?:\d{3,4} \d\d:\d\d:\d\d\.\d{1,9})? ?(?P<ident>[\w.-]{1,256}:\d{1,7})\] ?",
          _h_level)
_PROC_TAG = _w("process-tag",            # vLLM `(VllmWorker rank=0 pid=123)`, Ray `(RayWorkerWrapper pid=1, ip=..)`
               r"\((?P<body>[A-Za-z_]\w{0,127}(?:[ ,]{1,4}\w{1,64}=[^\s,)]{0,256}){1,8}"
               r"|\w{1,64}=[^\s,)]{0,256}(?:[ ,]{1,4}\w{1,64}=[^\s,)]{0,256}){0,8})\) +", _h_tag)
_KLOG = _w("klog", r"(?P<lvl>[IWEF])(?P<ts>\d{4} \d\d:\d\d:\d\d\.\d{1,9}) {1,32}\d{1,10} (?P<src>[^\s\]]{1,256})\] ?",
           _h_klog)
_VLLM = _w("vllm-logger",
           r"(?P<lvl>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL) {1,16}(?:(?P<ts>\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})?) \[?|\[)"
           r"(?P<ident>[\w./-]{1,256}:\d{1,7})\] ?", _h_level)
_PY_BASIC = _w("python-basic", r"(?P<lvl>" + _PY_LEVELS + r"):(?P<ident>[^:\s]{1,200}):", _h_level)
_LOGRUS_TTY = _w("logrus-tty", r"(?P<lvl>TRAC|DEBU|INFO|WARN|ERRO|FATA|PANI)\[[^\]]{1,40}\] ?", _h_level)
_COMPOSE = _w("compose", r"(?P<ident>[\w.-]{1,128}|\[[\w.-]{1,128}\]) {1,32}\| ", _h_ident)
_STERN = _w("stern",
            r"(?P<ident>[a-z0-9](?:[-a-z0-9]{0,250}[a-z0-9])?-(?=[a-z]{0,5}\d)[bcdfghjklmnpqrstvwxz2-9]{5}) "
            r"[a-z0-9](?:[-a-z0-9]{0,62}[a-z0-9])? ", _h_ident)
_LOGFMT = "logfmt"                     # parsed by hand, see _logfmt
_JSON = "json"

_DIGIT = (_KMSG, _CRI, _ZAP, _SHORT_ISO, _PY_ASCTIME, _ISO_TS, _SHORT_UNIX, _DMESG_X, _GO_LOG, _COMPOSE, _STERN)
_UPPER = (_SHORT_FULL, _SHORT, _SHORT_TS_ONLY, _KLOG, _VLLM, _PY_BASIC, _LOGRUS_TTY, _DMESG_X, _GO_LOG, _COMPOSE)
_LOWER = (_KERNEL, _DMESG_X, _LOGFMT, _GO_LOG, _COMPOSE, _STERN)
_BRACKET = (_KUBECTL_PREFIX, _SHORT_MONO, _UPTIME, _CTIME, _RELTIME, _DELTA, _PY_BRACKET, _TORCH_RANK, _MPI_TAG,
            _C10, _COMPOSE)
_OTHER = (_GO_LOG, _COMPOSE)


_HAND_GATES = {_RFC5424: r"<\d{1,3}>1 ", _LOGFMT: r"(?:time|ts|t|level|lvl)=", _JSON: r"\s{0,64}\{"}


_GROUP_NAME = re.compile(r"\(\?P<\w+>")


def _gate(cands: tuple) -> re.Pattern[str]:
    """One alternation of all `cands` (group names dropped), in their order: one call
    rejects a line none of them matches, or names the first that does."""
    parts = [_HAND_GATES[w] if isinstance(w, str) else _GROUP_NAME.sub("(?:", w[1].pattern) for w in cands]
    # each part has no group of its own, so `lastindex` names the wrapper that matched
    # (tests/evidence/test_lazy_patterns.py checks gate.groups == the number of parts)
    return lazy_re.compile("|".join(f"({p})" for p in parts))




def _candidates(ch: str) -> tuple:
    if "0" <= ch <= "9":
        return _DIGIT
    if "a" <= ch <= "z":
        return _LOWER
    if "A" <= ch <= "Z":
        return _UPPER
    if ch == "[":
        return _BRACKET
    if ch == "{":
        return (_JSON,)
    if ch == "<":
        return (_RFC5424, _PRI)
    if ch == "(":
        return (_PROC_TAG,)
    if ch == "_" or ch == "." or ch == "-":
        return _OTHER
    return ()


def _fast_wrapper(head: str) -> tuple[_W, tuple] | None:
    """(wrapper, its candidate list) for the three commonest heads, whose first possible wrapper
    their first characters already decide: the gate's alternation (~2-3 ms to compile) is then
    not needed. A CRI line (`2026-11-29T...Z stderr F `: kmsg, the one digit wrapper before
    it, needs a comma among the first five characters), Go's log (`2026/11/29 14:01:02 `: no
    digit wrapper before it matches a `/` there) and klog (`I1129 `: the upper-case wrappers
    before it start with a month name, a lower-case second letter)."""
    if head[:4].isdigit():
        sep = head[4:5]
        return (_CRI, _DIGIT) if sep == "-" else (_GO_LOG, _DIGIT) if sep == "/" else None
    if head[:1] in ("I", "W", "E", "F") and head[1:5].isdigit() and head[5:6] == " ":
        return _KLOG, _UPPER
    return None


_GATES = {id(c): _gate(c) for c in (_DIGIT, _UPPER, _LOWER, _BRACKET, _OTHER)}
_NO_CANDIDATES: tuple[tuple, None] = ((), None)
#: first character -> (wrappers to try, their gate); characters not listed start no wrapper
_BY_FIRST = {chr(c): (_candidates(chr(c)), _GATES.get(id(_candidates(chr(c))))) for c in range(128)}


# --- hand parsers ---------------------------------------------------------------------
def _unescape(s: str) -> str:
    """Undo JSON/Go string escapes; text that is not a valid escape stays as is."""
    if "\\" not in s:
        return s
    try:
        out = json.loads('"' + s + '"')
        return out if isinstance(out, str) else s
    except (ValueError, RecursionError):
        return s.replace("\\n", "\n").replace('\\"', '"').replace("\\t", "\t")


def _unquote(v: str) -> str:
    return _unescape(v[1:-1]) if len(v) >= 2 and v[0] == '"' and v[-1] == '"' else v


_RFC5424_HEAD = lazy_re.compile(r"<(?P<pri>\d{1,3})>1 (?P<ts>\S{1,64}) (?P<host>\S{1,255}) (?P<app>\S{1,48}) "
                           r"(?P<procid>\S{1,128}) (?P<msgid>\S{1,32}) ")


def _rfc5424(s: str, acc: _Acc) -> str | None:
    m = _RFC5424_HEAD.match(s)
    if m is None:
        return None
    dash = lambda v: None if v == "-" else v  # noqa: E731
    acc.set(timestamp=dash(m.group("ts")), host=dash(m.group("host")), ident=dash(m.group("app")),
            level=_pri_level(m.group("pri")))
    i, n = m.end(), len(s)
    if s.startswith("-", i):
        i += 1
    else:   # STRUCTURED-DATA: one or more [id param="value" ...]; values escape ", \ and ]
        elements = 0
        while i < n and s[i] == "[" and elements < 64:
            elements += 1
            j, quoted = i + 1, False
            while j < n:
                c = s[j]
                if quoted:
                    if c == "\\":
                        j += 1
                    elif c == '"':
                        quoted = False
                elif c == '"':
                    quoted = True
                elif c == "]":
                    break
                j += 1
            if j >= n:
                return None
            i = j + 1
    if i < n and s[i] == " ":
        i += 1
    rest = s[i:]
    return rest[1:] if rest.startswith("\ufeff") else rest


def _kv_pairs(s: str, start: int = 0) -> tuple[list[tuple[str, str]], int]:
    pairs: list[tuple[str, str]] = []
    pos = start
    while len(pairs) < MAX_KV_PAIRS:
        m = _KV.match(s, pos)
        if m is None or m.end() == pos:
            break
        pairs.append((m.group(1), m.group(2)))
        pos = m.end()
    return pairs, pos


def _fields_text(pairs: list[tuple[str, str]], skip: frozenset[str]) -> str:
    out = []
    for k, v in pairs:
        if k in skip:
            continue
        out.append(f'{k}="{_unquote(v)}"' if v.startswith('"') else f"{k}={v}")
    return " ".join(out)


def _logfmt(s: str, acc: _Acc) -> str | None:
    """logrus text / logfmt: `time="..." level=error msg="Failed ..." error="..."` -> the msg, then the
    other fields (quoted values unescaped). Needs a time/level key before msg."""
    if not s.startswith(("time=", "ts=", "t=", "level=", "lvl=")):
        return None
    pairs, end = _kv_pairs(s)
    keys = {k: v for k, v in reversed(pairs)}
    msg = keys.get("msg", keys.get("message"))
    if msg is None:
        return None
    acc.set(timestamp=_unquote(keys.get("time", keys.get("ts", ""))) or None,
            level=_unquote(keys.get("level", keys.get("lvl", ""))) or None,
            ident=_unquote(keys["logger"]) if "logger" in keys else None)
    acc.decoded = True
    extra = _fields_text(pairs, _KV_HEADER_KEYS)
    rest = s[end:].strip()
    return " ".join(p for p in (_unquote(msg), extra, rest) if p)


def _klog_structured(s: str) -> str | None:
    """klog structured: `"Failed to ..." err="..." pod="ns/x"` -> the message and its fields, unescaped."""
    m = _QUOTED_RE.match(s)
    if m is None or (m.end() < len(s) and s[m.end()] != " "):
        return None
    pairs, end = _kv_pairs(s, m.end())
    extra = _fields_text(pairs, frozenset())
    rest = s[end:].strip()
    return " ".join(p for p in (_unquote(m.group()), extra, rest) if p)


def _json_value_text(v: object) -> str | None:
    if isinstance(v, str):
        return v
    if isinstance(v, list) and v and len(v) <= MAX_LINE_CHARS:
        if all(isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 255 for b in v):
            return bytes(v).decode("utf-8", "replace")           # journald: a byte list
        if all(isinstance(x, str) for x in v):
            return "\n".join(v)                                  # journald: a field with several values
    return None


def _json(s: str, acc: _Acc) -> str | None:
    stripped = s.strip()
    if not stripped.endswith("}"):
        return None
    try:
        obj = json.loads(stripped, strict=False)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    message: str | None = None
    for path in _JSON_MESSAGE_PATHS:
        cur: object = obj
        for key in path:
            cur = cur.get(key) if isinstance(cur, dict) else None
        message = _json_value_text(cur)
        if message is not None:
            break
    extras = [k for k in _JSON_EXTRA_KEYS if isinstance(obj.get(k), str)]
    if message is None:
        if not extras:
            return None
        message = obj[extras.pop(0)]        # only an error: it is the message

    def first(keys: tuple[str, ...]) -> str | None:
        for k in keys:
            v = obj.get(k)
            if isinstance(v, (str, int, float)) and not isinstance(v, bool):
                return str(v)
        return None

    level = first(_JSON_LEVEL_KEYS)
    if level is not None and level.isdigit() and "PRIORITY" in obj:
        level = _pri_level(level)
    acc.set(timestamp=first(_JSON_TIME_KEYS), host=first(_JSON_HOST_KEYS), ident=first(_JSON_IDENT_KEYS),
            level=level, rank=obj.get("rank") if isinstance(obj.get("rank"), int) else None)
    acc.decoded = True
    return "\n".join([message, *(f"{k}: {obj[k]}" for k in extras)])


def _decode_rsyslog(s: str) -> str:
    def sub(m: re.Match[str]) -> str:
        text = m.group()
        if text.startswith(("#0", "#177")) and len(text) == 4:
            return chr(int(text[1:], 8))
        raw = bytes(int(text[k + 1:k + 4], 8) for k in range(0, len(text), 4))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return text
    return _RSYSLOG_ESC.sub(sub, s)


# --- the normaliser -------------------------------------------------------------------
def _strip(s: str, acc: _Acc) -> str:
    """Apply wrappers to the head (first line) of `s` until none matches."""
    json_rounds = 0
    for _ in range(MAX_ROUNDS):
        if not s:
            break
        cut = s.find("\n")
        head, rest = (s, "") if cut < 0 else (s[:cut], s[cut:])
        if not head:
            break
        if "\x1b" in head:               # ANSI colours (also those a JSON or logfmt value carried)
            plain = _ANSI.sub("", head)
            if plain != head:
                head, acc.decoded = plain, True
                acc.wrappers.append("ansi-colours")
                if not head:
                    break
        new: str | None = None
        first = head[0]
        gm = None
        if first == " " or first == "\t":
            cands: tuple = (_JSON,) if head.lstrip().startswith("{") else ()
        elif (fast := _fast_wrapper(head)) is not None and (gm := fast[0][1].match(head)) is not None:
            cands = fast[1][fast[1].index(fast[0]):]
        else:
            cands, gate = _BY_FIRST.get(first, _NO_CANDIDATES)
            if gate is not None:
                gm = gate.match(head)
                cands = cands[gm.lastindex - 1:] if gm is not None and gm.lastindex else ()
        for k, w in enumerate(cands):
            if w is _JSON:
                if json_rounds >= MAX_JSON_ROUNDS:
                    continue
                json_rounds += 1
                new = _json(head, acc)
                name = "json"
            elif w is _RFC5424:
                new = _rfc5424(head, acc)
                name = "rfc5424"
            elif w is _LOGFMT:
                new = _logfmt(head, acc)
                name = "logfmt"
            else:
                name, rx, handler = w
                if k == 0 and gm is not None and not acc.meta:
                    end = gm.end()       # the gate's first matching alternative is this very pattern
                else:
                    m = rx.match(head)
                    if m is None:
                        continue
                    end = m.end()
                    if acc.meta:
                        handler(m, acc)
                if end == 0:
                    continue
                new = head[end:]
                if name == "klog" and new.startswith('"'):
                    structured = _klog_structured(new)
                    if structured is not None:
                        new, acc.decoded = structured, True
            if new is not None:
                acc.wrappers.append(name)
                break
        if new is None:
            if '"' in head and "\\n" in head:
                f = _JSON_FRAGMENT.search(head)
                if f and "\\n" in f.group(1):
                    acc.wrappers.append("json-fragment")
                    acc.decoded = True
                    return _unescape(f.group(1)) + rest
            break
        s = new + rest
    return s


def normalise(line: str) -> Normalised:
    """The message inside `line` (one physical line) and what its wrappers said.
    Never raises; a line nothing wraps comes back as its own message."""
    try:
        return _normalise(line)
    except Exception:  # pragma: no cover - defensive: untrusted text must never break a scan
        text = line if isinstance(line, str) else str(line)
        return Normalised(text[:MAX_LINE_CHARS])


def _message(line: str, acc: _Acc) -> str:
    s = line[:MAX_LINE_CHARS]
    if "#" in s and _RSYSLOG_HINT.search(s):
        decoded = _decode_rsyslog(s)
        if decoded != s:
            s, acc.decoded = decoded, True
            acc.wrappers.append("rsyslog-escapes")
    return _strip(s, acc) if s else s


def _normalise(line: str) -> Normalised:
    acc = _Acc()
    message = _message(line, acc)
    return Normalised(message, acc.timestamp, acc.host, acc.ident, acc.level, acc.rank, tuple(acc.wrappers),
                      acc.decoded)


def message_of(line: str) -> str:
    """Only the message of `normalise(line)` (faster: no metadata is gathered)."""
    try:
        return _message(line, _Acc(meta=False))
    except Exception:  # pragma: no cover - defensive, as normalise
        return (line if isinstance(line, str) else str(line))[:MAX_LINE_CHARS]


def message_lines(line: str, depth: int = MAX_SPLIT_DEPTH) -> list[str]:
    """The messages of `messages(line, depth)`, without metadata (the scan's fast path)."""
    text = message_of(line)
    if "\n" not in text:
        return [text]
    out: list[str] = []
    for k, sub in enumerate(text.split("\n")):
        sub = sub.rstrip("\r")
        if not sub.strip():
            continue
        if k == 0 or depth <= 0:
            out.append(sub)
        else:
            out.extend(message_lines(sub, depth - 1))
    return out


def messages(line: str, depth: int = MAX_SPLIT_DEPTH) -> list[Normalised]:
    """The logical message(s) of one physical line: normally one; one per non-blank
    line of a message that decodes to several (a JSON `\\n`, an rsyslog `#012`),
    each normalised again (`depth` levels, e.g. TGI JSON inside docker's json-file)
    and given the outer wrappers' metadata where it has none of its own."""
    n = normalise(line)
    if "\n" not in n.message:
        return [n]
    out: list[Normalised] = []
    for k, sub in enumerate(n.message.split("\n")):
        sub = sub.rstrip("\r")
        if not sub.strip():
            continue
        if k == 0 or depth <= 0:
            out.append(replace(n, message=sub))
            continue
        for inner in messages(sub, depth - 1):
            out.append(_inherit(inner, n))
    return out


def _inherit(inner: Normalised, outer: Normalised) -> Normalised:
    return replace(inner, timestamp=inner.timestamp or outer.timestamp, host=inner.host or outer.host,
                   ident=inner.ident or outer.ident, level=inner.level or outer.level,
                   rank=inner.rank if inner.rank is not None else outer.rank,
                   wrappers=outer.wrappers + inner.wrappers, decoded=True)


def may_hide_text(line: str) -> bool:
    """True when a keyword search of the raw line could miss its message (a
    journald byte-list MESSAGE); such a line must be normalised before searching."""
    return "MESSAGE" in line and any(mk in line for mk in HIDDEN_TEXT_MARKERS)


#: the printable ASCII characters one of `escaped_forms`' encoders escapes
_ESCAPED_BY_SOME = '"\\/<>&'


def escaped_forms(keyword: str) -> tuple[str, ...]:
    """How `keyword` reads once a wrapper escaped it (JSON `\\"` `\\\\` `\\/` `\\u003c`,
    non-ASCII `\\uXXXX`, JSON inside JSON, rsyslog `#011`): the extra literals a raw
    pre-filter must look for so an escaped line is still selected. The keyword itself
    is not included."""
    if keyword.isascii() and keyword.isprintable() and not any(ch in keyword for ch in _ESCAPED_BY_SOME):
        return ()                   # printable ASCII no encoder below escapes: every form is the keyword
    def go(k: str) -> str:          # Go encoding/json: also <, >, & as \\u00XX
        return json.dumps(k, ensure_ascii=False)[1:-1].replace("<", "\\u003c").replace(">", "\\u003e") \
            .replace("&", "\\u0026")

    def ascii_(k: str) -> str:      # Python json.dumps default
        return json.dumps(k)[1:-1]

    def plain(k: str) -> str:       # most encoders: only ", \\ and control characters
        return json.dumps(k, ensure_ascii=False)[1:-1]

    def slash(k: str) -> str:       # encoders that escape "/" (PHP, some Java)
        return plain(k).replace("/", "\\/")

    def rsyslog(k: str) -> str:
        out = []
        for ch in k:
            if ord(ch) < 32 or ord(ch) == 127:
                out.append("#%03o" % ord(ch))
            elif ord(ch) > 127:
                out.extend("#%03o" % b for b in ch.encode("utf-8"))
            else:
                out.append(ch)
        return "".join(out)

    forms: dict[str, None] = {}
    for enc in (go, ascii_, plain, slash):
        once = enc(keyword)
        forms[once] = None
        forms[plain(once)] = None          # JSON inside JSON (a JSON log line in docker's json-file)
    forms[rsyslog(keyword)] = None
    forms.pop(keyword, None)
    return tuple(forms)
