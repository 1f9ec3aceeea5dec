"""Kubelet admission rejections: a pod the kubelet refused after it was placed.

Reads the message of an `UnexpectedAdmissionError` / `OutOf<resource>` event or a
failed pod's status.message (`Pod was rejected: ...`). Real sample:

    Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from triage.evidence.k8s_events.bounds import bounded_text

REJECTED_PREFIX = "Pod was rejected: "


class AdmissionKind(str, Enum):
    DEVICES_UNAVAILABLE = "devices_unavailable"      # requested number of devices unavailable for R
    UNREGISTERED_DEVICE = "unregistered_device"      # cannot allocate unregistered device R
    NO_HEALTHY_DEVICES = "no_healthy_devices"        # no healthy devices present; cannot allocate unhealthy devices R
    ALLOCATED_NOW_UNHEALTHY = "allocated_now_unhealthy"   # previously allocated devices are no longer healthy
    PREFERRED_ALLOCATION_FAILED = "preferred_allocation_failed"   # GetPreferredAllocation rpc failed
    PLUGIN_RPC_FAILED = "plugin_rpc_failed"          # rpc error: code = Unavailable desc = ... EOF (plugin gone)
    SHARED_REQUEST_TOO_LARGE = "shared_request_too_large"   # maximum request size for shared resources is 1; found N
    REQUEST_CHANGED = "request_changed"              # pod "p" container "c" changed request for resource
    OUT_OF_RESOURCE = "out_of_resource"              # OutOf<R>: Node didn't have enough resource: R, ...
    PREDICATE_FAILED = "predicate_failed"            # Predicate NodeAffinity failed
    OTHER = "other"


@dataclass(frozen=True)
class AdmissionFailure:
    kind: AdmissionKind
    message: str                        # without the "Pod was rejected: " prefix
    rejected: bool = False              # the text carried the status.message prefix
    resource: str | None = None
    requested: int | None = None
    available: int | None = None
    used: int | None = None
    capacity: int | None = None
    rpc_code: str | None = None         # gRPC code of a failed plugin call (Unknown, Unavailable ...)
    gpu_lost: bool = False              # the plugin's NVML said "GPU is lost"
    predicate: str | None = None


_ADM_UNAVAILABLE = re.compile(
    r"requested number of (?:devices unavailable for (?P<res>\S+?)|GPUs unavailable)\.?\s+"
    r"Requested:\s*(?P<req>\d+),\s*Available:\s*(?P<avail>\d+)")
_ADM_RES = re.compile(
    r"(?P<what>cannot allocate unregistered device|no healthy devices present; cannot allocate unhealthy devices"
    r"|previously allocated devices are no longer healthy; cannot allocate unhealthy devices) (?P<res>[^\s,]+)")
_ADM_SHARED = re.compile(r"maximum request size for shared resources is (?P<max>\d+); found (?P<found>\d+)")
_ADM_CHANGED = re.compile(r"changed request for resource \"(?P<res>[^\"]+)\" from (?P<a>\d+) to (?P<b>\d+)")
_ADM_OUT = re.compile(r"Node didn't have enough resource: (?P<res>[^,\s]+), requested: (?P<req>-?\d+), "
                      r"used: (?P<used>-?\d+), capacity: (?P<cap>-?\d+)")
_RPC_CODE = re.compile(r"rpc error: code = (\w+)")
_PREDICATE = re.compile(r"^Predicate (\w+) failed")
_ADMISSION_HINT = re.compile(r"Allocate failed|which is unexpected|OutOf|Predicate \w+ failed|Update plugin resources")
_LEGACY_GPU = "alpha.kubernetes.io/nvidia-gpu"


def parse_admission_failure(message: str, reason: str = "") -> AdmissionFailure | None:
    """A kubelet admission rejection (event message or pod status.message).

    >>> parse_admission_failure("Pod was rejected: Allocate failed due to requested number of devices "
    ...     "unavailable for nvidia.com/gpu. Requested:1, Available: 0, which is unexpected").requested
    1

    The Kubernetes 1.6 in-tree form (`requested number of GPUs unavailable. Requested: 4, Available: 0`)
    is reported for `alpha.kubernetes.io/nvidia-gpu`. None when the text is no admission failure.
    """
    text = bounded_text(message).strip()
    rejected = text.startswith(REJECTED_PREFIX)
    if rejected:
        text = text[len(REJECTED_PREFIX):]
    reason = reason if isinstance(reason, str) else ""
    rpc = _RPC_CODE.search(text)
    rpc_code = rpc.group(1) if rpc else None
    m = _ADM_UNAVAILABLE.search(text)
    if m:
        return AdmissionFailure(AdmissionKind.DEVICES_UNAVAILABLE, text, rejected, m.group("res") or _LEGACY_GPU,
                                int(m.group("req")), int(m.group("avail")))
    m = _ADM_RES.search(text)
    if m:
        kind = {"c": AdmissionKind.UNREGISTERED_DEVICE, "n": AdmissionKind.NO_HEALTHY_DEVICES,
                "p": AdmissionKind.ALLOCATED_NOW_UNHEALTHY}[m.group("what")[0]]
        return AdmissionFailure(kind, text, rejected, m.group("res"))
    m = _ADM_SHARED.search(text)
    if m:
        return AdmissionFailure(AdmissionKind.SHARED_REQUEST_TOO_LARGE, text, rejected, requested=int(m.group("found")),
                                available=int(m.group("max")), rpc_code=rpc_code)
    if "GetPreferredAllocation" in text:
        return AdmissionFailure(AdmissionKind.PREFERRED_ALLOCATION_FAILED, text, rejected, rpc_code=rpc_code,
                                gpu_lost="gpu is lost" in text.lower())
    m = _ADM_OUT.search(text)
    if m:
        return AdmissionFailure(AdmissionKind.OUT_OF_RESOURCE, text, rejected, m.group("res"), int(m.group("req")),
                                used=int(m.group("used")), capacity=int(m.group("cap")))
    if reason.startswith("OutOf") and len(reason) > 5:
        return AdmissionFailure(AdmissionKind.OUT_OF_RESOURCE, text, rejected, reason[5:])
    m = _ADM_CHANGED.search(text)
    if m:
        return AdmissionFailure(AdmissionKind.REQUEST_CHANGED, text, rejected, m.group("res"), int(m.group("b")))
    if rpc_code and ("Allocate failed" in text or rejected or reason == "UnexpectedAdmissionError"):
        return AdmissionFailure(AdmissionKind.PLUGIN_RPC_FAILED, text, rejected, rpc_code=rpc_code,
                                gpu_lost="gpu is lost" in text.lower())
    m = _PREDICATE.match(text)
    if m:
        return AdmissionFailure(AdmissionKind.PREDICATE_FAILED, text, rejected, predicate=m.group(1))
    if reason == "UnexpectedAdmissionError" or (_ADMISSION_HINT.search(text) and (rejected or "Allocate" in text)):
        return AdmissionFailure(AdmissionKind.OTHER, text, rejected, rpc_code=rpc_code)
    return None
