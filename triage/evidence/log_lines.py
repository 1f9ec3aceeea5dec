"""Split log text into lines and strip the prefixes that log shippers, loggers and
tools put before the message, keeping each line's original 1-based number.

Prefixes removed (repeatedly, outermost first, so `vllm-1  | ERROR 11-18 18:07:28
engine.py:366] ValueError: ...` loses both the compose and the vLLM prefix):

    2023-10-19T11:11:54.957587844+08:00 stderr F     raw CRI file (P = partial: joined)
    2023-10-19T03:11:54.957587844Z                   kubectl logs --timestamps
    [pod/nvidia-device-plugin-x/ctr]                 kubectl logs --prefix
    nvidia-cuda-validator-rl8qc cuda-validation      stern / k9s (pod name with generated suffix)
    vllm-1  |                                        docker compose
    E0506 17:45:45.421956       1 factory.go:112]    klog
    gpu-feature-discovery: 2023/10/19 03:11:54       Go log (optional program prefix)
    (EngineCore_DP0 pid=100)                         vLLM process tag
    ERROR 10-19 03:11:54 [core.py:708]               vLLM logger
    [rank0]:                                         torch distributed
    [W914 04:53:45.615225908 ProcessGroupNCCL.cpp:1476]   c10 logger
    ERRO[0003]                                       logrus text
    time="..." level=error msg="..."                 logrus key=value (the msg is kept, unescaped)

A JSON object line (TGI `{"timestamp":..,"fields":{"message":"..."}}`, docker json-file
`{"log":"..."}`) or a pretty-printed `"message": "..."` fragment yields its message,
split on its `\\n` escapes into sub-lines that all cite the JSON line's number.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Iterator

MAX_PREFIX_ROUNDS = 8
MAX_JSON_CHARS = 1_000_000
MAX_JSON_DEPTH = 2


@dataclass(frozen=True, slots=True)
class LogLine:
    """One logical log line: `number` is the 1-based line of the original text,
    `text` the message after prefix stripping, `raw` the original physical line
    (the first one of joined CRI partial lines)."""

    number: int
    text: str
    raw: str


_CRI = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d) (?:stdout|stderr) ([FP])(?: |$)")
_LOGRUS_KV = re.compile(r'time="[^"]*" level=\w+ msg="((?:[^"\\]|\\.)*)"?')

_PREFIX_PATTERNS: tuple[str, ...] = (
    # a CRI line (also nested: a CRI file shown through kubectl --timestamps)
    _CRI.pattern,
    # kubectl --timestamps / ISO timestamps
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)? +",
    # kubectl --prefix
    r"\[pod/[^\]\s]+\] ",
    # klog
    r"[IWEF]\d{4} \d\d:\d\d:\d\d\.\d+ +\d+ [^\s\]]+\] ?",
    # Go log, with an optional log.SetPrefix program name
    r"(?:[\w.-]+: )?\d{4}/\d\d/\d\d \d\d:\d\d:\d\d(?:\.\d+)? ?",
    # vLLM process tag
    r"\([A-Za-z_]\w*(?:[ ,]+\w+=[^\s,)]*)*\) +",
    # vLLM logger: v0 `INFO 11-18 18:07:28 engine.py:366]`, v1 with `[...]`, newest without the date
    r"(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL) +(?:\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[?|\[)[\w./-]+:\d+\] ?",
    # torch distributed rank tag
    r"\[rank\d+\]: ?",
    # c10 / glog bracket header
    r"\[[IWEF](?:\d{3,4} \d\d:\d\d:\d\d\.\d+)? ?[\w.-]+:\d+\] ?",
    # logrus text formatter
    r"(?:TRAC|DEBU|INFO|WARN|ERRO|FATA|PANI)\[[^\]]{1,40}\] ?",
    # docker compose service column
    r"(?:[\w.-]+|\[[\w.-]+\]) +\| ",
    # stern / k9s: <pod with generated suffix> <container>
    r"[a-z0-9](?:[-a-z0-9]*[a-z0-9])?-(?=[a-z]*\d)[bcdfghjklmnpqrstvwxz2-9]{5} [a-z0-9](?:[-a-z0-9]*[a-z0-9])? ",
)
#: One alternation of every prefix (tried in the order above, in C).
_PREFIX = re.compile("|".join(f"(?:{p})" for p in _PREFIX_PATTERNS))

_JSON_FRAGMENT = re.compile(r'"(?:message|msg|log|MESSAGE|textPayload)"\s*:\s*"((?:[^"\\]|\\.)*)')
_JSON_MESSAGE_PATHS = (("fields", "message"), ("message",), ("msg",), ("log",), ("textPayload",), ("MESSAGE",))
_JSON_EXTRA_KEYS = ("error", "err")


def _unescape(s: str) -> str:
    """Undo JSON/Go string escapes; text that is not a valid escape stays as is."""
    if "\\" not in s:
        return s
    try:
        out = json.loads('"' + s + '"')
        return out if isinstance(out, str) else s
    except (ValueError, RecursionError):
        return s.replace("\\n", "\n").replace('\\"', '"').replace("\\t", "\t")


def strip_prefixes(line: str) -> str:
    """The message of one physical line, with every recognised prefix removed.

    >>> strip_prefixes("vllm-1  | ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory")
    'ValueError: No available memory'
    """
    s = line
    cri = _CRI.match(s)
    if cri:
        s = s[cri.end():]
    for _ in range(MAX_PREFIX_ROUNDS):
        m = _LOGRUS_KV.match(s)
        if m:
            s = _unescape(m.group(1)) + s[m.end():]
            continue
        m = _PREFIX.match(s)
        if m is None or m.end() == 0:
            break
        s = s[m.end():]
    return s


def _json_messages(text: str) -> list[str] | None:
    """The message(s) carried by a JSON log line or fragment, or None."""
    if len(text) > MAX_JSON_CHARS or '"' not in text:
        return None
    stripped = text.strip()
    if stripped.startswith("{") and stripped.endswith("}"):
        try:
            obj = json.loads(stripped)
        except (ValueError, RecursionError):
            obj = None
        if isinstance(obj, dict):
            for path in _JSON_MESSAGE_PATHS:
                cur: object = obj
                for key in path:
                    cur = cur.get(key) if isinstance(cur, dict) else None
                if isinstance(cur, str):
                    out = [cur]
                    out += [f"{k}: {obj[k]}" for k in _JSON_EXTRA_KEYS if isinstance(obj.get(k), str)]
                    return out
            return None
    m = _JSON_FRAGMENT.search(text)
    if m and "\\n" in m.group(1):
        return [_unescape(m.group(1))]
    return None


def expand_line(line: str, number: int, raw: str | None = None) -> list[LogLine]:
    """The logical line(s) of one line: normally one; several for a JSON message
    with `\\n` escapes (all citing `number`). A JSON message that is itself a JSON
    log line (TGI's JSON inside docker's json-file) is unwrapped as well. `raw` is
    the physical line to keep for citation (default: `line`)."""
    keep = line if raw is None else raw
    return [LogLine(number, text, keep) for text in _messages(line, MAX_JSON_DEPTH)]


def _messages(line: str, depth: int) -> list[str]:
    text = strip_prefixes(line)
    if depth > 0 and '"' in text:
        messages = _json_messages(text)
        if messages is not None:
            out: list[str] = []
            for message in messages:
                for sub in message.split("\n"):
                    sub = sub.rstrip("\r")
                    if sub.strip():
                        out.extend(_messages(sub, depth - 1))
            return out
    return [text]


def physical_lines(text: str) -> list[str]:
    """Split on '\\n' only (not on \\x0b, \\x1c or U+2028 like str.splitlines), so
    numbers agree with `grep -n` and editors; a trailing '\\r' is dropped."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


def iter_log_lines(text: str) -> Iterator[LogLine]:
    """Every logical line of `text`, in order.

    CRI partial lines (`... stderr P <part>`) are joined with the following
    lines of the same file up to the closing `F` line; the result cites the
    first physical line (and keeps it as `raw`).
    """
    pending: list[str] = []
    pending_number = 0
    pending_raw = ""
    for number, raw in enumerate(physical_lines(text), start=1):
        cri = _CRI.match(raw)
        if cri and cri.group(1) == "P":
            if not pending:
                pending_number, pending_raw = number, raw
            pending.append(raw[cri.end():])
            continue
        if pending:
            rest = raw[cri.end():] if cri else raw
            joined = "".join(pending) + rest
            pending = []
            yield from expand_line(joined, pending_number, pending_raw)
            continue
        yield from expand_line(raw, number)
    if pending:
        yield from expand_line("".join(pending), pending_number, pending_raw)

