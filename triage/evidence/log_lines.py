"""Split log text into lines and strip the prefixes that log shippers, loggers and
tools put before the message, keeping each line's original 1-based number.
The stripping itself is `triage.evidence.log_normalise` (the one normaliser, which
knows many more wrappers: journald, syslog, dmesg, kmsg, talos, zap, Python ...).

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

import re
from msgspec import Struct
from typing import Iterator

from triage import lazy_re
from triage.evidence.log_normalise import MAX_ROUNDS, message_lines, message_of

MAX_PREFIX_ROUNDS = MAX_ROUNDS
MAX_JSON_DEPTH = 2


class LogLine(Struct, frozen=True):
    """One logical log line: `number` is the 1-based line of the original text,
    `text` the message after prefix stripping, `raw` the original physical line
    (the first one of joined CRI partial lines)."""

    number: int
    text: str
    raw: str


_CRI = lazy_re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d) (?:stdout|stderr) ([FP])(?: |$)")


def strip_prefixes(line: str) -> str:
    """The message of one physical line, with every recognised wrapper removed
    (`log_normalise.normalise`; a message of several lines keeps them).

    >>> strip_prefixes("vllm-1  | ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory")
    'ValueError: No available memory'
    """
    return message_of(line)


def expand_line(line: str, number: int, raw: str | None = None) -> list[LogLine]:
    """The logical line(s) of one line: normally one; several for a message that
    decodes to several lines (a JSON message with `\\n` escapes, rsyslog `#012`),
    all citing `number`. A JSON message that is itself a JSON log line (TGI's JSON
    inside docker's json-file) is unwrapped as well. `raw` is the physical line to
    keep for citation (default: `line`)."""
    keep = line if raw is None else raw
    return [LogLine(number, text, keep) for text in message_lines(line, MAX_JSON_DEPTH)]


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

