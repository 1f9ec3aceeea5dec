"""nvidia-bug-report.log.gz (or its uncompressed .log): its kernel-log, nvidia-smi -q and module sections.

nvidia-bug-report.sh writes sections, each opened by a line of 44 underscores and a blank
line, then a heading (the script's own words; NVIDIA-Linux-x86_64-*/nvidia-bug-report.sh):

    ____________________________________________

    Start of NVIDIA bug report log file. ...                <- the prologue: `uname: Linux HOST ...`
    dmesg:                                                  <- the kernel ring buffer
    Scanning kernel log files for NVIDIA kernel messages:   <- NVRM lines of kern.log / journalctl -b -0/-1/-2
    /usr/bin/nvidia-smi --query                             <- nvidia-smi -q (then `... --query --unit`)
    *** /proc/driver/nvidia/version                         <- the loaded module's version
    *** /proc/modules

The script gzips each section on its own and appends it (a multi-member gzip stream); a
report someone gunzipped is the same text. `sections(path)` reads it line by line, bounded
(a line is cut at MAX_LINE bytes without reading the rest into memory), `kernel_lines` and
`smi_query` pick what the rules read. Inside a must-gather (`nvidia-bug-report_<node>.log.gz`)
the node and its driver pod are known. On its own (`write_bug_report_bundle`) the report is
about the host in its prologue's `uname:` line, and `host_evidence` writes it as that host's
kernel log and nvidia-smi.
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


def _open(path: Path):
    with open(path, "rb") as fh:
        magic = fh.read(2)
    return gzip.open(path, "rb") if magic == b"\x1f\x8b" else open(path, "rb")


def _bounded_lines(fh):
    """Lines of `fh`, each cut at MAX_LINE bytes; the rest of a longer line is skipped in chunks
    (never held whole), so a 100 MB line costs one pass and MAX_LINE bytes of memory."""
    while True:
        raw = fh.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            skipped = len(raw)
            while True:
                more = fh.readline(1 << 20)
                skipped += len(more)
                if not more or more.endswith(b"\n"):
                    break
            yield raw[:MAX_LINE], skipped
            continue
        yield raw, len(raw)


def sections(path: Path) -> list[tuple[str, list[tuple[str, int]]]]:
    """(heading, [(line, input line number)]) of each section, in order."""
    out: list[tuple[str, list[tuple[str, int]]]] = []
    heading, body = "", []
    read = 0
    try:
        with _open(path) as fh:
            for n, (raw, size) in enumerate(_bounded_lines(fh), start=1):
                read += size
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
    except EOFError:
        raise BundleError(f"{path.name} is truncated: its gzip stream ends early (after {read} bytes read); copy "
                          "the whole file again") from None
    except (OSError, zlib.error, gzip.BadGzipFile) as err:
        raise BundleError(f"cannot read {path.name}: {err}") from None
    if heading or body:
        out.append((heading, body))
    return out


Sections = list[tuple[str, list[tuple[str, int]]]]


def kernel_lines(path: Path, secs: Sections | None = None) -> list[tuple[str, int]]:
    """The kernel log lines of the report: its `dmesg:` section (this boot), then the NVIDIA lines it
    scanned from the journal of the boots before (`journalctl -b -1`, `-2`: a GPU that fell off the
    bus is often followed by a reboot); without a dmesg section, every line it scanned."""
    secs = sections(path) if secs is None else secs
    dmesg = [body for head, body in secs if head == "dmesg:"]
    scanned = [body for head, body in secs if head.startswith("Scanning kernel log files for NVIDIA")]
    have_dmesg = bool(dmesg and any(t.strip() for t, _ in dmesg[0]))
    out = [(t, n) for t, n in dmesg[0] if t.strip()] if have_dmesg else []
    for body in scanned:
        part = None                        # the sub-heading the lines are under: `  journalctl -b -1:`
        for t, n in body:
            s = t.strip()
            if not s:
                continue
            if s.endswith(":") and (s.startswith("journalctl") or s.startswith("/")):
                part = s
                continue
            if s.startswith("No NVIDIA kernel messages found") or s == "No suitable log found.":
                continue
            if have_dmesg and not (part or "").startswith(("journalctl -b -1", "journalctl -b -2")):
                continue                   # this boot's lines: the dmesg section holds them already
            out.append((t, n))
    return out


def smi_query(path: Path, secs: Sections | None = None) -> list[tuple[str, int]]:
    """The `nvidia-smi --query` section (nvidia-smi -q text, or its failure), up to the `--query --unit`
    command the script runs next in the same section; [] when nvidia-smi was not run."""
    secs = sections(path) if secs is None else secs
    for head, body in secs:
        if head.endswith("nvidia-smi --query") or head.endswith("nvidia-smi -q"):
            out = []
            for t, n in body:
                if t.strip().endswith("nvidia-smi --query --unit"):
                    break
                out.append((t, n))
            while out and not out[-1][0].strip():
                out.pop()
            while out and not out[0][0].strip():
                out.pop(0)
            return out
    return []


def prologue(secs: Sections) -> dict:
    """What the report says of itself: `uname:` (the host name is its second word), `Date:`,
    `nvidia-bug-report.sh Version:`; {} when the prologue is not there."""
    for head, body in secs[:2]:
        if not head.startswith("Start of NVIDIA bug report log file"):
            continue
        out: dict = {}
        for t, n in body[:40]:
            key, _, value = t.partition(":")
            if key in ("uname", "Date", "nvidia-bug-report.sh Version") and value.strip():
                out[key] = (value.strip(), n)
        return out
    return {}


def module_version(secs: Sections) -> tuple[str | None, str | None]:
    """(the loaded kernel module's version, the `NVRM version:` line) from `*** /proc/driver/nvidia/version`;
    (None, "does not exist") when the script found no such file: no NVIDIA module was loaded."""
    for head, body in secs:
        if head.startswith("*** /proc/driver/nvidia") and head.rstrip().endswith("/version does not exist"):
            return None, "does not exist"
        if head.startswith("*** /proc/driver/nvidia") and head.endswith("/version"):
            for t, _ in body[:6]:
                if t.startswith("NVRM version:"):
                    words = t.split()
                    version = next((w for w in words if w[:1].isdigit() and "." in w), None)
                    return version, t.strip()[:200]
    return None, None


def host_of(path: Path, secs: Sections) -> tuple[str, str]:
    """(node name, where it came from): the prologue's `uname -a` host name; the file's own name
    when must-gather.sh named it (`nvidia-bug-report_<node>.log.gz`); else a name derived from the
    file's name, stable for the same file name."""
    from triage.bundle.host_evidence import node_name
    uname = prologue(secs).get("uname")
    words = uname[0].split() if uname else []
    if len(words) >= 2 and words[0] in ("Linux", "FreeBSD", "SunOS"):
        name = node_name(words[1])
        if name and name not in ("localhost", "localhost.localdomain"):
            return name, f"the report's uname line, {path.name}:{uname[1]}"
    stem = path.name.removesuffix(".gz").removesuffix(".log")
    if stem.startswith("nvidia-bug-report_") and node_name(stem[len("nvidia-bug-report_"):]):
        return node_name(stem[len("nvidia-bug-report_"):]), f"the file's name, {path.name}"
    import hashlib
    digest = hashlib.sha256(path.name.encode("utf-8", "replace")).hexdigest()[:8]
    return f"bug-report-host-{digest}", (f"derived from the file's name: the report names no host (no `uname:` line"
                                         " with a host name)")


def write_bug_report_bundle(path: Path, root: Path):
    """A bug report on its own: the evidence about the host it was taken on."""
    from triage.bundle.host_evidence import HostEvidence, write_host_bundle
    if path.is_dir():
        raise BundleError(f"{path} is a folder, not an nvidia-bug-report.log(.gz) file")
    secs = sections(path)
    if not any(h.startswith("Start of NVIDIA bug report log file") or h == "dmesg:"
               or h.startswith("Scanning kernel log files for NVIDIA") or h.endswith("nvidia-smi --query")
               for h, _ in secs):
        raise BundleError(f"{path} is not an nvidia-bug-report log: none of its sections (`Start of NVIDIA bug "
                          "report log file`, `dmesg:`, `nvidia-smi --query` after a line of underscores) is there")
    host, host_from = host_of(path, secs)
    kernel = kernel_lines(path, secs)
    query = smi_query(path, secs)
    version, version_line = module_version(secs)
    ev = HostEvidence(host, str(path), host_from, kernel=kernel,
                      smi=[(["nvidia-smi", "-q"], query)] if query else [], reader="bug-report",
                      collect_hint="attach",
                      extra={k: v for k, v in (("driver_version", version), ("module_version_line", version_line))
                             if v})
    smap = write_host_bundle(ev, root)
    parts = [f"host {host} ({host_from})", f"{len(kernel)} kernel log lines",
             "nvidia-smi -q" if query else "no nvidia-smi -q"]
    if version:
        parts.append(f"kernel module {version}")
    elif version_line == "does not exist":
        parts.append("no /proc/driver/nvidia/version (no NVIDIA kernel module loaded)")
    return {"note": ", ".join(parts), "host": host, "host_from": host_from, **ev.extra}, smap
