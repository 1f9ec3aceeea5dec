"""Kubelet admission rejections: a pod the kubelet refused after it was placed.

Reads the message of an `UnexpectedAdmissionError` / `OutOf<resource>` event or a
failed pod's status.message (`Pod was rejected: ...`). Real sample:

    Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected

Every wording of the kubelet's admit handlers (lifecycle/predicate.go, cm/devicemanager,
cm/topologymanager, nodeshutdown, sysctl) has its own kind; docs/message-catalog-kubernetes.md
lists them with their source. A rejection in no catalogued wording is kind OTHER with its text.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
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
    TOPOLOGY_AFFINITY = "topology_affinity"          # TopologyAffinityError: Resources cannot be allocated with Topology locality
    NODE_SHUTDOWN = "node_shutdown"                  # NodeShutdown: Pod was rejected as the node is shutting down.
    INVALID_NODE_INFO = "invalid_node_info"          # InvalidNodeInfo: Kubelet cannot get node info.
    OS_NOT_SUPPORTED = "os_not_supported"            # PodOSNotSupported: ... the OS field doesn't match node OS
    OS_LABEL_MISMATCH = "os_label_mismatch"          # PodOSSelectorNodeLabelDoesNotMatch: ... `kubernetes.io/os` label ...
    INIT_RESTART_POLICY = "init_restart_policy_forbidden"   # Init container "x" may not have a non-default restartPolicy
    SYSCTL_FORBIDDEN = "sysctl_forbidden"            # SysctlForbidden: forbidden sysctl: "x" not allowlisted
    UPDATE_PLUGIN_RESOURCES = "update_plugin_resources_failed"   # Update plugin resources failed due to ..., which is unexpected.
    RECOVERY_FAILED = "admission_recovery_failed"    # Unexpected error while attempting to recover from admission failure: ...
    UNKNOWN_PREDICATE_REASON = "general_predicates_unknown"   # GeneralPredicates failed due to unknown reason / due to %v
    ALLOCATED_LESS = "allocated_less_than_required"  # unexpectedly allocated less resources than required. Requested: n, Got: m
    UNKNOWN_DEVICE_PLUGIN = "unknown_device_plugin"  # unknown Device Plugin R / endpoint not found in cache for a registered resource: R
    EMPTY_ALLOCATE_RESPONSE = "empty_allocate_response"   # no containers return in allocation response ...
    NO_DEVICES_IN_CACHE = "no_devices_in_cache"      # no devices found allocated in local cache for pod ..., resource R
    CHECKPOINT_FAILED = "checkpoint_failed"          # failed to write checkpoint file "kubelet_internal_checkpoint": ...
    FEATURE_UNSUPPORTED = "feature_unsupported"      # PodFeatureUnsupported: Pod requires node features that are not available: ...
    POD_LEVEL_RESOURCES = "pod_level_resources_unsupported"   # PodLevelResourcesNotSupported: ... feature gate is disabled
    SUPPLEMENTAL_GROUPS = "supplemental_groups_policy_unsupported"   # SupplementalGroupsPolicy=Strict is not supported ...
    EMPTY_SHARED_POOL = "empty_shared_pool"          # EmptyPodSharedPoolError: pod rejected, ... (pod-level CPU budget)
    SMT_ALIGNMENT = "smt_alignment"                  # SMTAlignmentError: SMT Alignment Error: requested N cpus not multiple ...
    OTHER = "other"                                  # an admission rejection in no catalogued wording


class AdmissionFailure(Struct, frozen=True):
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


_ADM_UNAVAILABLE = lazy_re.compile(
    r"requested number of (?:devices unavailable for (?P<res>\S+?)|GPUs unavailable)\.?\s+"
    r"Requested:\s*(?P<req>\d+),\s*Available:\s*(?P<avail>\d+)")
_ADM_RES = lazy_re.compile(
    r"(?P<what>cannot allocate unregistered device|no healthy devices present; cannot allocate unhealthy devices"
    r"|previously allocated devices are no longer healthy; cannot allocate unhealthy devices) (?P<res>[^\s,]+)")
# k8s-device-plugin (time-slicing / MPS: internal/rm/rm.go, and before its refactor (d5f33b7)
# internal/plugin/server.go "request for '%v: %v' too large: maximum request size for shared resources
# is 1"), and GKE's plugin (container-engine-accelerators pkg/gpu/nvidia: "invalid request for sharing
# GPU (%s), at most 1 nvidia.com/gpu can be requested on %s")
_ADM_SHARED = lazy_re.compile(r"maximum request size for shared resources is (?P<max>\d+); found (?P<found>\d+)"
                              r"|request for '[^':\n]{1,100}: (?P<old_found>\d+)' too large: maximum request size for "
                              r"shared resources is (?P<old_max>\d+)"
                              r"|invalid request for sharing GPU \((?P<strategy>[\w-]{1,32})\), at most (?P<gke_max>\d+) "
                              r"\S{1,64} can be requested on")
_ADM_CHANGED = lazy_re.compile(r"changed request for resource \"(?P<res>[^\"]+)\" from (?P<a>\d+) to (?P<b>\d+)")
_ADM_OUT = lazy_re.compile(r"Node didn't have enough resource: (?P<res>[^,\s]+), requested: (?P<req>-?\d+), "
                      r"used: (?P<used>-?\d+), capacity: (?P<cap>-?\d+)")
_RPC_CODE = lazy_re.compile(r"rpc error: code = (\w{1,32})")
_PREDICATE = lazy_re.compile(r"^Predicate (\w{1,64}) failed")
_ADMISSION_HINT = lazy_re.compile(r"Allocate failed|which is unexpected|OutOf|Predicate \w{1,64} failed|Update plugin resources")
_Q = r"\"[^\"]{0,512}\""
# (kind, pattern searched in the message, group naming the resource or None); first match wins
_FIXED: tuple[tuple[AdmissionKind, re.Pattern, str | None], ...] = tuple((k, lazy_re.compile(p), g) for k, p, g in (
    (AdmissionKind.TOPOLOGY_AFFINITY, r"Resources cannot be allocated with Topology locality", None),
    (AdmissionKind.NODE_SHUTDOWN, r"Pod was rejected as the node is shutting down|^node is shutting down", None),
    (AdmissionKind.INVALID_NODE_INFO, r"Kubelet cannot get node info", None),
    (AdmissionKind.OS_NOT_SUPPORTED, r"Failed to admit pod as the OS field doesn't match node OS", None),
    (AdmissionKind.OS_LABEL_MISMATCH, r"Failed to admit pod as the `kubernetes\.io/os` label doesn't match node label",
     None),
    (AdmissionKind.INIT_RESTART_POLICY, rf"Init container {_Q} may not have a non-default restartPolicy", None),
    (AdmissionKind.SYSCTL_FORBIDDEN, r"forbidden sysctl: ", None),
    (AdmissionKind.UPDATE_PLUGIN_RESOURCES, r"Update plugin resources failed due to ", None),
    (AdmissionKind.RECOVERY_FAILED, r"Unexpected error while attempting to recover from admission failure", None),
    (AdmissionKind.UNKNOWN_PREDICATE_REASON, r"GeneralPredicates failed due to ", None),
    (AdmissionKind.ALLOCATED_LESS, r"unexpectedly allocated less resources than required", None),
    (AdmissionKind.UNKNOWN_DEVICE_PLUGIN, r"(?:[Uu]nknown Device Plugin|endpoint not found in cache for a registered "
                                          r"resource:) (?P<res>[^\s,]{1,317})", "res"),
    (AdmissionKind.EMPTY_ALLOCATE_RESPONSE, r"no containers return in allocation response", None),
    (AdmissionKind.NO_DEVICES_IN_CACHE, r"no devices found allocated in local cache for pod \S{1,128}, container "
                                        r"\S{1,128}, resource (?P<res>[^\s,]{1,317})", "res"),
    (AdmissionKind.CHECKPOINT_FAILED, r"failed to write checkpoint file", None),
    # lifecycle/handlers.go (NodeDeclaredFeatures, 1.35+), features_linux.go / features_windows.go (PodLevelResources),
    # predicate.go (SupplementalGroupsPolicy), cm/admission + cpumanager (pod-level resource managers, SMT alignment)
    (AdmissionKind.FEATURE_UNSUPPORTED, r"Pod requires node features that are not available: |Failed to infer pod's "
                                        r"feature requirements: |Failed to match pod's feature requirements against "
                                        r"the node: ", None),
    (AdmissionKind.POD_LEVEL_RESOURCES, r"^PodLevelResources feature gate is disabled"
                                        r"|pod-level resources are not supported on Windows", None),
    (AdmissionKind.SUPPLEMENTAL_GROUPS, r"SupplementalGroupsPolicy=\S{1,32} is not supported in this node", None),
    (AdmissionKind.EMPTY_SHARED_POOL, r"pod rejected, (?:largest exclusive init container requests \d{1,9} cpus, but "
                                      r"only \d{1,9} available|pod has shared init containers but no cpus available for "
                                      r"them|sum of exclusive container cpu requests equals pod budget, leaving no cpus "
                                      r"for shared containers)", None),
    (AdmissionKind.SMT_ALIGNMENT, r"SMT Alignment Error: ", None),
))
# device-manager internals: admission failures only inside `Allocate failed due to ...` (or a rejected pod)
_ALLOCATE_ONLY = frozenset({AdmissionKind.ALLOCATED_LESS, AdmissionKind.UNKNOWN_DEVICE_PLUGIN,
                            AdmissionKind.EMPTY_ALLOCATE_RESPONSE, AdmissionKind.NO_DEVICES_IN_CACHE,
                            AdmissionKind.CHECKPOINT_FAILED})
# the admission reasons the kubelet writes with a fixed message (event reason / status.reason)
_BY_REASON = {"TopologyAffinityError": AdmissionKind.TOPOLOGY_AFFINITY, "NodeShutdown": AdmissionKind.NODE_SHUTDOWN,
              "InvalidNodeInfo": AdmissionKind.INVALID_NODE_INFO, "PodOSNotSupported": AdmissionKind.OS_NOT_SUPPORTED,
              "PodOSSelectorNodeLabelDoesNotMatch": AdmissionKind.OS_LABEL_MISMATCH,
              "InitContainerRestartPolicyForbidden": AdmissionKind.INIT_RESTART_POLICY,
              "SysctlForbidden": AdmissionKind.SYSCTL_FORBIDDEN,
              "UnknownReason": AdmissionKind.UNKNOWN_PREDICATE_REASON,
              "UnexpectedPredicateFailureType": AdmissionKind.UNKNOWN_PREDICATE_REASON,
              "PodFeatureUnsupported": AdmissionKind.FEATURE_UNSUPPORTED,
              "PodLevelResourcesNotSupported": AdmissionKind.POD_LEVEL_RESOURCES,
              "SupplementalGroupsPolicyNotSupported": AdmissionKind.SUPPLEMENTAL_GROUPS,
              "EmptyPodSharedPoolError": AdmissionKind.EMPTY_SHARED_POOL,
              "SMTAlignmentError": AdmissionKind.SMT_ALIGNMENT}
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
        found = m.group("found") or m.group("old_found")
        return AdmissionFailure(AdmissionKind.SHARED_REQUEST_TOO_LARGE, text, rejected,
                                requested=int(found) if found else None,
                                available=int(m.group("max") or m.group("old_max") or m.group("gke_max")),
                                rpc_code=rpc_code)
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
    allocating = "Allocate failed" in text or rejected or reason == "UnexpectedAdmissionError"
    for kind, pattern, group in _FIXED:
        fm = pattern.search(text)
        if fm and (allocating or kind not in _ALLOCATE_ONLY):
            return AdmissionFailure(kind, text, rejected, fm.group(group) if group else None, rpc_code=rpc_code)
    if rpc_code and allocating:
        return AdmissionFailure(AdmissionKind.PLUGIN_RPC_FAILED, text, rejected, rpc_code=rpc_code,
                                gpu_lost="gpu is lost" in text.lower())
    m = _PREDICATE.match(text)
    if m:
        return AdmissionFailure(AdmissionKind.PREDICATE_FAILED, text, rejected, predicate=m.group(1))
    if reason in _BY_REASON:
        return AdmissionFailure(_BY_REASON[reason], text, rejected)
    if reason == "UnexpectedAdmissionError" or (_ADMISSION_HINT.search(text) and (rejected or "Allocate" in text)):
        return AdmissionFailure(AdmissionKind.OTHER, text, rejected, rpc_code=rpc_code)
    return None
