"""nvidia-bug-report.log.gz: its kernel-log, nvidia-smi -q and module sections.

nvidia-bug-report.sh writes sections, each opened by a line of 44 underscores and a blank
line, then a heading (the script's own words):

    ____________________________________________

    dmesg:                                                  <- the kernel ring buffer
    Scanning kernel log files for NVIDIA kernel messages:   <- NVRM lines of kern.log / journalctl -b
    /usr/bin/nvidia-smi --query                             <- nvidia-smi -q
    *** /proc/driver/nvidia/version                         <- the loaded module's version
    *** /proc/modules

`sections(path)` reads the gzip stream line by line (bounded), `kernel_lines` and
`smi_query` pick what the rules read. Inside a must-gather (`nvidia-bug-report_<node>.log.gz`)
the node and its driver pod are known, so the kernel lines become that node's kernel log and
nvidia-smi -q that driver pod's output. A bug report on its own names no Kubernetes node:
reading one alone is not built yet and is refused in one line.
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

from triage.errors import BundleError

SEPARATOR = "_" * 44
MAX_LINES = 2_000_000
MAX_LINE = 16_384
MAX_BYTES = 1024 * 1024 * 1024


def sections(path: Path) -> list[tuple[str, list[tuple[str, int]]]]:
    """(heading, [(line, input line number)]) of each section, in order."""
    out: list[tuple[str, list[tuple[str, int]]]] = []
    heading, body = "", []
    read = 0
    try:
        with gzip.open(path, "rb") as fh:
            for n, raw in enumerate(fh, start=1):
                read += len(raw)
                if n > MAX_LINES or read > MAX_BYTES:
                    break
                line = raw[:MAX_LINE].decode("utf-8", errors="replace").rstrip("\r\n")
                if line == SEPARATOR:
                    if heading or body:
                        out.append((heading, body))
                    heading, body = "", []
                    continue
                if not heading:
                    if line.strip():
                        heading = line.strip()
                    continue
                body.append((line, n))
    except (OSError, EOFError, zlib.error, gzip.BadGzipFile) as err:
        raise BundleError(f"cannot read {path.name}: {err}") from None
    if heading or body:
        out.append((heading, body))
    return out


def kernel_lines(path: Path) -> list[tuple[str, int]]:
    """The kernel log lines of the report: its `dmesg:` section, else the NVIDIA lines it scanned
    from the kernel log files and the journal."""
    secs = sections(path)
    dmesg = [body for head, body in secs if head == "dmesg:"]
    if dmesg and any(t.strip() for t, _ in dmesg[0]):
        return [(t, n) for t, n in dmesg[0] if t.strip()]
    scanned = [body for head, body in secs if head.startswith("Scanning kernel log files for NVIDIA")]
    out = []
    for body in scanned:
        for t, n in body:
            s = t.strip()
            if not s or s.endswith(":") and (s.startswith("journalctl") or s.startswith("/")):
                continue
            out.append((t, n))
    return out


def smi_query(path: Path) -> list[tuple[str, int]]:
    """The `nvidia-smi --query` section (nvidia-smi -q text), or []."""
    for head, body in sections(path):
        if head.endswith("nvidia-smi --query") or head.endswith("nvidia-smi -q"):
            return body
    return []


def write_bug_report_bundle(path: Path, root: Path):
    raise BundleError(f"{path} is an nvidia-bug-report log on its own, which names no Kubernetes node: gpu-triage "
                      "reads one inside a GPU Operator must-gather folder (nvidia-bug-report_<node>.log.gz) only, "
                      "for now")
