"""Kernel log (dmesg / journald / kmsg) -> NVIDIA Xid events, joined with the Xid catalog.

Any wrapper is accepted: each line is normalised (`triage.evidence.log_normalise`:
journald short/iso/monotonic/json, syslog, every dmesg time format, kmsg records,
talosctl dmesg, CRI ...) and only the text after `NVRM:` in its message is parsed::

    [Sun Feb 23 16:24:18 2025] NVRM: Xid (PCI:0000:9b:00): 119, pid=2024380, name=nvidia-smi, Timeout after 6s ...
    2024-11-15T12:02:03,470068+00:00 NVRM: Xid (PCI:0000:19:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable ...
    May 18 19:02:39 kernel: NVRM: Xid (PCI:0000:2b:00): 79, GPU has fallen off the bus.
    [ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0
                   NVRM: (PCI ID: 10de:26b5) installed in this system has
                   NVRM: fallen off the bus and is not responding to commands.

The last block has no Xid number: it becomes a `FALLEN_OFF_BUS` event (xid None) spanning
lines 1-3. GSP firmware timeouts printed without an Xid (`NVRM: GPU6 _kgspLogRpcTimeout: ***
GSP Timeout ***`, `_kgspIsHeartbeatTimedOut: Heartbeat timed out`) become `GSP_TIMEOUT` events. `parse_kernel_log` accepts any text (a log without NVRM lines simply has no
events) and never raises for odd input.
"""

from __future__ import annotations

import re
from msgspec import Struct
from msgspec.structs import replace
from enum import Enum

from triage import lazy_re
from triage.evidence.log_normalise import Normalised, may_hide_text, normalise
from triage.evidence.records_gpu import pci_key
from triage.evidence.xid_catalog import XidClass, XidInfo, classify_code, lookup

_XID_RE = lazy_re.compile(r"^Xid \((?:PCI:)?([^)]*)\):\s*(\d+)(?:\s*,\s*(.*))?$")
_PID_RE = lazy_re.compile(r"^pid=(?:'?<unknown>'?|(\d+))\s*,\s*(?:name=([^,]*?)\s*(?:,\s*|$))?(.*)$")
_CAUSED_BY_RE = lazy_re.compile(r"caused by previous Xid (\d+)")
_RECOVERY_RE = lazy_re.compile(r"[Rr]ecovery action changed from (?:0x[0-9a-fA-F]+ )?\(?([^()]*?)\)? to (?:0x[0-9a-fA-F]+ )?\(?([^()]*?)\)?\.?$")
_GPU_AT_RE = lazy_re.compile(r"^GPU at PCI:([0-9A-Fa-f:.]+): (GPU-[0-9A-Fa-f-]+)")
_BUS_DROP_SHORT_RE = lazy_re.compile(r"^GPU (?:at PCI:)?([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?):? .*fallen off the bus")
_GPU_LOST_RE = lazy_re.compile(r"^GPU lost from the bus")
_INIT_FAILED_RE = lazy_re.compile(
    r"^(?:GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?): )?"
    r"(RmInitAdapter failed|rm_init_adapter failed|The NVIDIA probe routine (?:failed|was not called)"
    r"|No NVIDIA (?:graphics adapter|GPU) (?:probed|found)"
    # open-gpu-kernel-modules (kernel-open/nvidia/nv.c) on a GPU the open modules do not support
    r"|Open nvidia\.ko is only ready for use on Data Center GPUs)")
# NVRM messages known by their own words, for a kernel log copied without the `NVRM:` prefix
_BARE_NVRM = lazy_re.compile(r"(?:GPU [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?: RmInitAdapter failed"
                        r"|Open nvidia\.ko is only ready for use on Data Center GPUs)")
# "GPU6 _kgspIsHeartbeatTimedOut: Heartbeat timed out", "GPU6 _kgspLogRpcTimeout: *** GSP Timeout ***",
# "GPU0 rpcRecvPoll: Timeout waiting for RPC from GSP!" (R525+ open and closed modules)
_GSP_TIMEOUT_RE = lazy_re.compile(r"^(?:GPU(\d+) )?\S*(?:kgsp|rpc)\w*: .*(?:Heartbeat timed out|GSP Timeout|Timeout waiting for RPC from GSP)")
# other GSP firmware failures the open driver prints without an Xid (src/nvidia/src/kernel/gpu/gsp/
# kernel_gsp.c, rpc.c): back-to-back RPC timeouts that mark the GPU for reset, an RPC poll timing out,
# an RM allocation the firmware refused, the firmware failing to boot or initialise
_GSP_FAILURE_RE = lazy_re.compile(r"^(?:GPU(\d+) )?(?:\S{1,80}: ){0,2}[^\n]{0,200}?(?:Back to back GSP RPC timeout"
                             r"|rpcRecvPoll timedout|GspRmAlloc failed|Cannot initialize GSP firmware RM"
                             r"|kgspInitRm\w{0,20}: [^\n]{0,80}failed|_kgspBootstrap\w{0,60}: [^\n]{0,80}(?:failed|error))")
_BUS_DROP_LONG_RE = lazy_re.compile(r"^The NVIDIA GPU ([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)")
_LOADING_RE = lazy_re.compile(r"loading NVIDIA UNIX .*Kernel Module\s+(\d+\.\d+(?:\.\d+)?)")
_API_MISMATCH_RE = lazy_re.compile(r"API mismatch: the client has the version (\S+), but\s*(?:this kernel module has the version (\S+?)\.?)?")
_TIMESTAMP_RES = (        # wall-clock forms first: syslog prefixes may also carry "[ uptime]"
    lazy_re.compile(r"^([A-Z][a-z]{2} +\d+ \d\d:\d\d:\d\d)"),                         # syslog / journalctl short
    lazy_re.compile(r"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[,.]?\d*(?:[+-]\d\d:?\d\d|Z)?)"),  # --time-format iso, journald iso
    lazy_re.compile(r"\[([^\]]+)\]"),                                                 # dmesg -T / uptime
)


class KernelEventKind(Enum):
    XID = "xid"
    FALLEN_OFF_BUS = "fallen_off_bus"     # NVRM says the GPU fell off the bus, no Xid number on the line
    INIT_FAILED = "init_failed"           # RmInitAdapter failed / probe routine failed or not called
    GSP_TIMEOUT = "gsp_timeout"           # GSP firmware stopped answering, no Xid number (heartbeat, RPC timeout)


class XidEvent(Struct, frozen=True):
    kind: KernelEventKind
    xid: int | None
    pci: str | None                  # pci_key(): "0000:9b:00"; None when redacted ("PCI:...")
    pid: int | None                  # None for '<unknown>' or pre-R515 lines without pid
    process: str | None              # name=...; the caller of the failing API, not always the culprit
    message: str                     # text after the pid/name fields (joined over continuation lines)
    line: int                        # 1-based, first line
    end_line: int                    # last line (continuations)
    excerpt: str                     # the first line, stripped, at most 300 characters
    timestamp: str | None = None     # as printed ("Sun Feb 23 16:24:18 2025", "1843.308145", ISO ...)
    caused_by: int | None = None     # Xid 45: "caused by previous Xid 149"
    recovery_action: str | None = None   # Xid 154: the action it changed to
    gpu_uuid: str | None = None      # from an earlier "NVRM: GPU at PCI:...: GPU-..." line
    gpu_index: int | None = None     # GSP_TIMEOUT: "GPU6 ..." (NVRM's GPU instance number, not a PCI address)
    nouveau: bool = False            # INIT_FAILED: "probe routine was not called" - NVRM's notice that another
                                     # driver (nouveau, rivafb, nvidiafb, rivatv) owns the device

    @property
    def info(self) -> XidInfo | None:
        return lookup(self.xid if self.xid is not None else (79 if self.kind is KernelEventKind.FALLEN_OFF_BUS else None))

    @property
    def xid_class(self) -> XidClass:
        if self.xid is None:
            return XidClass.HARDWARE if self.kind is KernelEventKind.FALLEN_OFF_BUS else XidClass.OTHER
        info = self.info
        return info.xid_class if info else classify_code(self.xid)


class GpuAt(Struct, frozen=True):
    pci: str
    uuid: str
    line: int


class DriverLoad(Struct, frozen=True):
    version: str
    line: int


class ApiMismatch(Struct, frozen=True):
    client_version: str
    kernel_version: str | None
    line: int


class KernelLog(Struct, frozen=True):
    events: tuple[XidEvent, ...]
    gpus: tuple[GpuAt, ...] = ()
    driver_loads: tuple[DriverLoad, ...] = ()
    api_mismatches: tuple[ApiMismatch, ...] = ()
    nvrm_lines: int = 0

    def xids(self) -> tuple[int, ...]:
        """Distinct Xid codes, in order of first appearance."""
        return tuple(dict.fromkeys(e.xid for e in self.events if e.xid is not None))

    def for_pci(self, pci: str) -> tuple[XidEvent, ...]:
        key = pci_key(pci) or pci
        return tuple(e for e in self.events if e.pci == key)

    def fallen_off_bus(self) -> tuple[str | None, ...]:
        """PCI keys of GPUs that fell off the bus (Xid 79 or the message without a number)."""
        return tuple(dict.fromkeys(e.pci for e in self.events
                                   if e.xid == 79 or e.kind is KernelEventKind.FALLEN_OFF_BUS))


class _Msg(Struct):
    text: str
    timestamp: str | None
    line: int
    end_line: int
    first: str


def _messages(text: str) -> list[_Msg]:
    """NVRM messages with their continuation lines joined (a continuation is an
    `NVRM:` line whose prefix is only blanks, under a previous NVRM message).

    Each candidate line is normalised first (`log_normalise`: journald, syslog,
    dmesg, kmsg, talos, CRI ... wrappers removed, a journald byte-list MESSAGE
    decoded), so `NVRM:` is looked for in the message, whatever wraps it."""
    msgs: list[_Msg] = []
    prev_nvrm = False
    joined = 0
    for n, raw in enumerate(text.splitlines(), start=1):
        at_raw = raw.find("NVRM:")
        norm: Normalised | None = None
        bare = at_raw < 0 and _BARE_NVRM.search(raw[:1000]) is not None
        if at_raw >= 0 or bare or may_hide_text(raw):
            norm = normalise(raw)
            message = norm.message.split("\n", 1)[0]
            at = message.find("NVRM:")
            if at < 0 and bare:
                m = _BARE_NVRM.search(message[:1000])
                if m is not None:         # read as if `NVRM: ` stood before the known words
                    message = f"{message[:m.start()]}NVRM: {message[m.start():]}"
                    at = m.start()
        else:
            message, at = raw, -1
        if at < 0 or at > 200:
            # a wrapped message: deeply indented text right under an NVRM line (at most 2 lines)
            if prev_nvrm and msgs and joined < 2 and raw.startswith("        ") and raw.strip():
                msgs[-1].text = f"{msgs[-1].text} {raw.strip()}"[:4000]
                msgs[-1].end_line = n
                joined += 1
                continue
            prev_nvrm = False
            continue
        joined = 0
        prefix, body = message[:at], message[at + 5:].strip()
        if prev_nvrm and msgs and 0 < at_raw and not raw[:at_raw].strip():
            last = msgs[-1]
            last.text = f"{last.text} {body}".strip()
            last.end_line = n
            continue
        timestamp = norm.timestamp if norm is not None and norm.timestamp else _timestamp(prefix)
        # the excerpt is evidence: the line itself, or the message when the line holds it escaped (JSON)
        first = (message[at:] if norm is not None and norm.decoded else raw).strip()[:300]
        msgs.append(_Msg(body[:4000], timestamp, n, n, first))
        prev_nvrm = True
    return msgs


def _timestamp(prefix: str) -> str | None:
    for rx in _TIMESTAMP_RES:
        m = rx.search(prefix)
        if m:
            return m.group(1).strip()
    return None


def parse_kernel_log(text: str) -> KernelLog:
    """All NVRM facts of a kernel log.

    >>> log = parse_kernel_log("[Fri Apr  5 21:29:39 2024] NVRM: Xid (PCI:0000:a1:00): 79, pid='<unknown>', "
    ...                        "name=<unknown>, GPU has fallen off the bus.")
    >>> [(e.xid, e.pci, e.pid, e.line, e.info.name, e.xid_class.value) for e in log.events]
    [(79, '0000:a1:00', None, 1, 'GPU has fallen off the bus', 'hardware')]
    """
    msgs = _messages(text)
    events: list[XidEvent] = []
    gpus: list[GpuAt] = []
    loads: list[DriverLoad] = []
    mismatches: list[ApiMismatch] = []
    uuid_by_pci: dict[str, str] = {}      # the latest "GPU at PCI:..: GPU-uuid" line seen so far
    for i, msg in enumerate(msgs):
        body = msg.text
        m = _XID_RE.match(body)
        if m:
            events.append(_with_uuid(_xid_event(m, msg), uuid_by_pci))
            continue
        g = _GPU_AT_RE.match(body)
        if g and pci_key(g.group(1)):
            gpus.append(GpuAt(pci_key(g.group(1)), g.group(2), msg.line))  # type: ignore[arg-type]
            uuid_by_pci[gpus[-1].pci] = gpus[-1].uuid
            continue
        b = _BUS_DROP_SHORT_RE.match(body)
        if b:
            events.append(_with_uuid(_bus_drop(msg, b.group(1), msg), uuid_by_pci))
            continue
        if _GPU_LOST_RE.match(body):             # "NVRM: GPU lost from the bus [NV_ERR_GPU_IS_LOST]", no address
            events.append(XidEvent(KernelEventKind.FALLEN_OFF_BUS, None, None, None, None, body, msg.line,
                                   msg.end_line, msg.first, msg.timestamp))
            continue
        init = _INIT_FAILED_RE.match(body)
        if init:
            events.append(_with_uuid(XidEvent(KernelEventKind.INIT_FAILED, None, pci_key(init.group(1) or ""), None,
                                              None, body, msg.line, msg.end_line, msg.first, msg.timestamp,
                                              nouveau=init.group(2) == "The NVIDIA probe routine was not called"),
                                     uuid_by_pci))
            continue
        gsp = _GSP_TIMEOUT_RE.match(body) or _GSP_FAILURE_RE.match(body)
        if gsp:
            events.append(XidEvent(KernelEventKind.GSP_TIMEOUT, None, None, None, None, body, msg.line, msg.end_line,
                                   msg.first, msg.timestamp, gpu_index=int(gsp.group(1)) if gsp.group(1) else None))
            continue
        long = _BUS_DROP_LONG_RE.match(body)
        if long:
            window = [msg] + msgs[i + 1:i + 3]
            hit = next((w for w in window if "fallen off the bus" in w.text), None)
            if hit is not None:
                events.append(_with_uuid(_bus_drop(msg, long.group(1), hit), uuid_by_pci))
            continue
        ld = _LOADING_RE.search(body)
        if ld:
            loads.append(DriverLoad(ld.group(1), msg.line))
            continue
        am = _API_MISMATCH_RE.search(body)
        if am:
            mismatches.append(ApiMismatch(am.group(1), am.group(2), msg.line))
    return KernelLog(tuple(events), tuple(gpus), tuple(loads), tuple(mismatches), len(msgs))


def _xid_event(m: re.Match[str], msg: _Msg) -> XidEvent:
    pci_raw, code, rest = m.group(1), int(m.group(2)), (m.group(3) or "").strip()
    pid = process = None
    p = _PID_RE.match(rest)
    if p:
        pid = int(p.group(1)) if p.group(1) else None
        name = (p.group(2) or "").strip()
        process = None if name in ("", "<unknown>") else name
        rest = p.group(3).strip()
    caused = _CAUSED_BY_RE.search(rest)
    recovery = _RECOVERY_RE.search(rest[:500]) if code == 154 else None
    return XidEvent(KernelEventKind.XID, code, pci_key(pci_raw), pid, process, rest, msg.line, msg.end_line,
                    msg.first, msg.timestamp, int(caused.group(1)) if caused else None,
                    recovery.group(2).strip() if recovery else None)


def _bus_drop(msg: _Msg, pci_raw: str, last: _Msg) -> XidEvent:
    text = msg.text if last is msg else f"{msg.text} {last.text}"
    return XidEvent(KernelEventKind.FALLEN_OFF_BUS, None, pci_key(pci_raw), None, None, text, msg.line,
                    max(msg.end_line, last.end_line), msg.first, msg.timestamp)


def _with_uuid(e: XidEvent, uuid_by_pci: dict[str, str]) -> XidEvent:
    uuid = uuid_by_pci.get(e.pci) if e.pci else None
    return e if uuid is None else replace(e, gpu_uuid=uuid)


# the NVIDIA kernel module's own lines, or a module loader naming it (kmod, Talos' KernelModuleSpecController,
# whose JSON log escapes its quotes, as `\x5c"` once talosctl has printed it)
_NVIDIA_KERNEL = lazy_re.compile(r"\bNVRM: |\bnvidia(?:-uvm|-modeset|-drm)?: |module (?:\\x5c|\\)?[\"']?nvidia\b")


def names_nvidia_driver(lines, limit: int = 20000) -> bool:
    """A kernel log (its first `limit` lines) names the NVIDIA driver: an NVRM line, a line of the
    nvidia modules, or a module loader naming the module (loading it or refusing it).

        >>> names_nvidia_driver(["[ 5.3] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05"])
        True
        >>> names_nvidia_driver(['error loading module \\x5c"nvidia\\x5c": key was rejected by service'])
        True
        >>> names_nvidia_driver(["[ 1.0] Loading of module with unavailable key is rejected"])
        False
    """
    return any(_NVIDIA_KERNEL.search(line[:4096]) for line in lines[:limit])

