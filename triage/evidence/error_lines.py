"""The last error-looking lines of a log, whatever their words: what a person reads first
when a component is broken and no signature knows its message.

A line looks like an error when it carries an error level (klog `E`/`F` prefix,
`level=error|fatal`, `"level":"error"`, `[ERROR]`, ` ERROR `) or an error word (error,
failed, fatal, panic, unable to, cannot, could not, refused, denied, timed out). Only
the last `MAX_SCANNED` lines are looked at: linear and bounded on any input.

    >>> last_error_lines(["I1129 main.go:1] Starting", "E1129 main.go:9] boom: no such file", "I1129 retrying"])
    [(2, 'E1129 main.go:9] boom: no such file')]
"""

from __future__ import annotations

import re
from typing import Sequence

from triage import lazy_re

MAX_SCANNED = 2000
MAX_LINE = 4096

_LEVEL = lazy_re.compile(r"^\s{0,8}[EF]\d{4} |level=(?:error|fatal|panic)\b|\"level\"\s{0,2}:\s{0,2}\"(?:error|fatal|panic)\""
                    r"|\[(?:ERROR|FATAL|CRITICAL)\]| (?:ERROR|FATAL|CRITICAL) ", re.IGNORECASE)
_WORD = lazy_re.compile(r"\b(?:error|errors|failed|failure|fatal|panic|unable to|cannot|can't|could not|couldn't"
                   r"|refused|denied|timed out|no such file|not found)\b", re.IGNORECASE)
# NCCL prints its own level after the rank prefix (`host:pid:tid [rank] NCCL INFO ...`, src/debug.cc):
# its INFO lines report fallbacks ("dlerror=...: cannot open shared object file ... using internal")
_INFO = lazy_re.compile(r"^\s{0,8}[IW]\d{4} |level=(?:info|debug|warning|warn)\b|\"level\"\s{0,2}:\s{0,2}\"(?:info|debug)\""
                        r"|\bNCCL INFO\b")
# XLA's PluginRegistry refusing a second registration of a factory (cuDNN, cuFFT, cuBLAS) that is
# already registered (xla/stream_executor/plugin_registry.cc), logged at E level by the library's
# initialiser (cuda_dnn.cc "Unable to register cuDNN factory: "): the first registration serves
_BENIGN_GPU = lazy_re.compile(r"Attempting to register factory for plugin \w{1,40} when one has already been registered")


def looks_informational(line: str) -> bool:
    """An info, debug or warning level line (klog `I`/`W`, logfmt, JSON level)."""
    return bool(_INFO.search(line[:MAX_LINE]))


def looks_like_error(line: str) -> bool:
    head = line[:MAX_LINE]
    if _LEVEL.search(head):
        return True
    return not _INFO.search(head) and bool(_WORD.search(head))


def last_error_lines(lines: Sequence[str], n: int = 1) -> list[tuple[int, str]]:
    """Up to `n` (1-based line number, line) of the last error-looking lines, in file order."""
    out: list[tuple[int, str]] = []
    start = max(0, len(lines) - MAX_SCANNED)
    for i in range(len(lines) - 1, start - 1, -1):
        line = lines[i]
        if line.strip() and looks_like_error(line):
            out.append((i + 1, line))
            if len(out) >= n:
                break
    return out[::-1]


# words that name the GPU stack: an error line carrying one is about the GPU even when no
# signature knows its wording (`NCCL WARN Cuda failure 1 'invalid argument'`, a framework's
# own CUDA wrapper)
_GPU_WORD = lazy_re.compile(r"\b(?:cuda\w{0,40}|cudnn\w{0,40}|cublas\w{0,40}|nccl\w{0,40}|nvml\w{0,40}|gpus?|xid|nvlink"
                       r"|nvswitch|fabric ?manager)\b", re.IGNORECASE)
_NCCL_WARN = lazy_re.compile(r"\bNCCL WARN\b")


def names_gpu(line: str) -> bool:
    """An error-looking line (or an NCCL WARN) that names the GPU stack."""
    head = line[:MAX_LINE]
    return bool(_NCCL_WARN.search(head)) or (looks_like_error(head) and bool(_GPU_WORD.search(head)))


def first_gpu_error_line(lines: Sequence[str]) -> tuple[int, str] | None:
    """(1-based line number, line) of the first GPU-naming error line among the last
    `MAX_SCANNED` lines (XLA's duplicate factory registrations excepted): the first is nearest
    the cause, the later ones are its echoes.

    >>> first_gpu_error_line(["start", "x [0] transport/nvls.cc:158 NCCL WARN Cuda failure 1 'invalid argument'", "x"])
    (2, "x [0] transport/nvls.cc:158 NCCL WARN Cuda failure 1 'invalid argument'")
    >>> first_gpu_error_line(["FileNotFoundError: config.yaml"]) is None
    True
    """
    for i in range(max(0, len(lines) - MAX_SCANNED), len(lines)):
        if lines[i].strip() and names_gpu(lines[i]) and not _BENIGN_GPU.search(lines[i][:MAX_LINE]):
            return i + 1, lines[i]
    return None


def mentions_gpu(lines: Sequence[str]) -> bool:
    """Any of the first and last `MAX_SCANNED` lines names the GPU stack (CUDA, NCCL, NVML, a GPU,
    `cuda:0`): the process got as far as its GPU, whatever it then did."""
    head = lines[:MAX_SCANNED]
    tail = lines[max(MAX_SCANNED, len(lines) - MAX_SCANNED):]
    return any(_GPU_WORD.search(line[:MAX_LINE]) for part in (head, tail) for line in part)
