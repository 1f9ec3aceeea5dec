"""Xids a node's own reporters name outside its kernel log: the events and conditions that
node-problem-detector (its kernel monitor relays kernel lines as Node events; custom GPU
plugins set conditions such as `GcmXidErrorsProblem` or `XidError`), GPUd or a cloud's GPU
health agent write on the Node object. The same NVRM line a kernel log would hold, or a bare
`Xid 79` / `Xid=79` / `XID: 79` in a checker's own words.

    >>> [(x.code, x.nvrm) for x in reported_xids("kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus.")]
    [(79, True)]
    >>> [(x.code, x.nvrm) for x in reported_xids("GPU health check failed: Xid=48 on GPU 2")]
    [(48, False)]
    >>> reported_xids("Kubelet is posting ready status")
    []
"""

from __future__ import annotations

import re
from msgspec import Struct

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text

# the standard node conditions: the kubelet's own, not a reporter's
STANDARD_CONDITIONS = frozenset({"Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"})
_BARE = lazy_re.compile(r"\bXid\b\W{0,3}(\d{1,3})\b", re.IGNORECASE)


class ReportedXid(Struct, frozen=True):
    code: int
    nvrm: bool                 # the kernel's own NVRM line (else a checker's words)
    xid_class: str | None      # the kernel parser's class for an NVRM line


def reported_xids(message) -> list[ReportedXid]:
    text = bounded_text(message)
    if "xid" not in text.lower():
        return []
    from triage.evidence.xid import parse_kernel_log     # the kernel parser loads only for a message naming an Xid
    log = parse_kernel_log(text)
    found = [ReportedXid(e.xid, True, e.xid_class.value) for e in log.events if e.xid is not None]
    if found:
        return found
    return [ReportedXid(int(m.group(1)), False, None) for m in _BARE.finditer(text)][:8]


# The EKS node monitoring agent's NVIDIA health issues (awsdocs/amazon-eks-user-guide
# latest/ug/nodes/node-health.adoc, "NVIDIA node health issues"): the name is the reason of
# its `AcceleratedHardwareReady=False` condition (or of its event, for the Event-severity ones):
# NvidiaXID<code>Error / NvidiaXID<code>Warning name the Xid; NvidiaDoubleBitError ("A double bit error
# was produced by the GPU driver") is the uncorrectable ECC class of Xid 48; NvidiaNVLinkError
# ("NVLink errors were reported by the GPU driver") Xid 74's
_EKS_XID = lazy_re.compile(r"^NvidiaXID(\d{1,3})(?:Error|Warning)$")
_EKS_NAMED = {"NvidiaDoubleBitError": 48, "NvidiaNVLinkError": 74}


def reason_xids(reason) -> list[ReportedXid]:
    """The Xid a health agent's condition or event reason names (the EKS node monitoring agent's).

    >>> [x.code for x in reason_xids("NvidiaXID79Error")], [x.code for x in reason_xids("NvidiaDoubleBitError")]
    ([79], [48])
    >>> reason_xids("KubeletReady")
    []
    """
    if not isinstance(reason, str):
        return []
    m = _EKS_XID.match(reason)
    code = int(m.group(1)) if m else _EKS_NAMED.get(reason)
    return [ReportedXid(code, False, None)] if code is not None else []


# A GPU health reporter's own words for a fault class, when it names no Xid (OCI's oci-hpc-oke-utils
# labeler: "The GPU has exceeded the maximum number of ECC defective row remaps."): the phrases of
# NVIDIA's Xid catalog names for those classes (docs.nvidia.com/deploy/xid-errors: 48 "Double Bit ECC
# Error", 63/64 "ECC page retirement or row remapping ...", 74 "NVLINK Error", 79 "GPU has fallen off
# the bus", 119/120 "GSP RPC Timeout" / "GSP Error"), each read as that class's representative Xid
_PHRASES: tuple[tuple[lazy_re.LazyPattern, int], ...] = tuple((lazy_re.compile(p, re.IGNORECASE), code) for p, code in (
    (r"fallen off the bus", 79),
    (r"row[- ]?remap", 64),
    (r"double[- ]bit|\bDBE\b|uncorrectable (?:ECC|memory)", 48),
    (r"\bNVLink\b", 74),
    (r"\bGSP\b", 119),
))
# the message names the GPU at all (else the condition is another reporter's: a kernel deadlock)
GPU_WORDS = lazy_re.compile(r"\b(?:GPUs?|NVIDIA|CUDA|ECC|NVLink|NVSwitch|Xid)\b", re.IGNORECASE)


def phrase_xids(message) -> list[ReportedXid]:
    """The fault class a health message names in the Xid catalog's words, as one representative Xid.

    >>> [x.code for x in phrase_xids("The GPU has exceeded the maximum number of ECC defective row remaps.")]
    [64]
    >>> phrase_xids("GPU 3 health check passed")
    []
    """
    text = bounded_text(message)
    return [ReportedXid(code, False, None) for pat, code in _PHRASES if pat.search(text)][:1]


# DCGM's IMEX health check (DCGM_FR_IMEX_UNHEALTHY, "IMEX daemon status is %d (not READY)"): the IMEX daemon
# NVLink multi-node memory sharing needs. Under NVIDIA's DRA driver it runs only inside a ComputeDomain's
# daemon pods, so a node in no ComputeDomain has none, and the check reports it not ready by design
IMEX_WORDS = lazy_re.compile(r"DCGM_FR_IMEX_|\bIMEX daemon\b", re.IGNORECASE)


def names_gpu(message) -> bool:
    """The health message names the GPU at all (a reporter's condition about something else is not ours).

    >>> names_gpu("GPU 5 failed the vendor's burn-in diagnostic."), names_gpu("PSU 2 has failed.")
    (True, False)
    """
    return bool(GPU_WORDS.search(bounded_text(message)))


def names_imex(message) -> bool:
    """The health message is about the IMEX daemon.

    >>> names_imex("ErrorCode:DCGM_FR_IMEX_UNHEALTHY GPU:0 IMEX daemon status is -3 (not READY);")
    True
    """
    return bool(IMEX_WORDS.search(bounded_text(message)))

