"""Why the kubelet could not start a container: the waiting / terminated reason and its message.

The kubelet's `startContainer` (pkg/kubelet/kuberuntime/kuberuntime_container.go) sets the
waiting reason `CreateContainerConfigError`, `CreateContainerError`, `RunContainerError`,
`PreCreateHookError`, `PreStartHookError` or `PostStartHookError` and records a `Failed`
event `Error: <message>`; the runtime reports `StartError` (containerd) or
`ContainerCannotRun` (docker) as a terminated reason. Samples written from the formats:

    couldn't find key HF_TOKEN in Secret llm/hf-credentials
    Exec lifecycle hook ([/bin/sh -c nvidia-smi]) for Container "vllm" in Pod "vllm-0_llm(6b1f...)" failed - error: command '/bin/sh -c nvidia-smi' exited with 9: , message: "NVIDIA-SMI has failed ..."

`parse_container_start(reason, message)` returns a `ContainerStartFailure` with the wording's
kind (OTHER for a message in no catalogued wording, with its text) and the GPU runtime error
inside, if any (`runtime_error.parse_runtime_error`); None when neither the reason nor the
message is a container start failure. It never raises.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text
from triage.evidence.runtime_error import RuntimeFailure, parse_runtime_error


class StartStage(str, Enum):
    """The kubelet / runtime reason: which step failed."""

    CONFIG = "CreateContainerConfigError"
    CREATE = "CreateContainerError"
    RUN = "RunContainerError"
    PRE_CREATE_HOOK = "PreCreateHookError"
    PRE_START_HOOK = "PreStartHookError"
    POST_START_HOOK = "PostStartHookError"
    START_ERROR = "StartError"              # containerd's terminated reason
    CANNOT_RUN = "ContainerCannotRun"       # dockershim's terminated reason
    PREPARE_DRA = "FailedPrepareDynamicResources"
    UNKNOWN = "unknown"                     # the reason was not given (an event `Error: ...`)


class StartFailureKind(str, Enum):
    CONFIGMAP_NOT_FOUND = "configmap_not_found"     # configmap "x" not found
    SECRET_NOT_FOUND = "secret_not_found"           # secret "x" not found
    CONFIGMAP_KEY_MISSING = "configmap_key_missing"   # couldn't find key K in ConfigMap ns/name
    SECRET_KEY_MISSING = "secret_key_missing"       # couldn't find key K in Secret ns/name
    CACHE_SYNC_FAILED = "cache_sync_failed"         # failed to sync secret cache: timed out waiting for the condition
    RUN_AS_NON_ROOT = "run_as_non_root"             # container has runAsNonRoot and image will run as root ...
    VOLUME_NOT_FOUND = "volume_not_found"           # cannot find volume "v" to mount into container "c"
    SUBPATH_FAILED = "subpath_failed"               # failed to prepare subPath for volumeMount "m" of container "c"
    PRESTART_RPC_FAILED = "prestart_rpc_failed"     # device plugin PreStartContainer rpc failed with err: ...
    NAME_RESERVED = "name_reserved"                 # failed to reserve container name ...: name "..." is reserved for "..."
    LIFECYCLE_HOOK_FAILED = "lifecycle_hook_failed"   # Exec|HTTP|Sleep lifecycle hook (...) for Container "c" in Pod "p" failed
    PREPARE_DRA_FAILED = "prepare_dra_failed"       # Failed to prepare dynamic resources: ...
    GPU_RUNTIME = "gpu_runtime"                     # a GPU runtime error inside (see .runtime)
    OTHER = "other"                                 # a start failure in no catalogued wording


class ContainerStartFailure(Struct, frozen=True):
    stage: StartStage
    kind: StartFailureKind
    detail: str                          # the message, one line, without the event's "Error: "
    name: str | None = None              # ConfigMap / Secret / volume name
    key: str | None = None               # the missing key
    container: str | None = None
    runtime: RuntimeFailure | None = None


_STAGES = {s.value: s for s in StartStage}
_Q = r"\"(?P<name>[^\"]{1,253})\""
_KINDS: tuple[tuple[StartFailureKind, re.Pattern], ...] = tuple((k, lazy_re.compile(p)) for k, p in (
    (StartFailureKind.CONFIGMAP_KEY_MISSING, r"couldn't find key (?P<key>\S{1,253}) in ConfigMap (?P<name>\S{1,512})"),
    (StartFailureKind.SECRET_KEY_MISSING, r"couldn't find key (?P<key>\S{1,253}) in Secret (?P<name>\S{1,512})"),
    (StartFailureKind.CONFIGMAP_NOT_FOUND, r"(?:^|: |\s)configmaps? " + _Q + r" not found"),
    (StartFailureKind.SECRET_NOT_FOUND, r"(?:^|: |\s)secrets? " + _Q + r" not found"),
    (StartFailureKind.CACHE_SYNC_FAILED, r"failed to sync (?P<name>\S{1,64}) cache: "),
    (StartFailureKind.RUN_AS_NON_ROOT, r"container has runAsNonRoot and image (?:will run as root|has non-numeric user)"
                                       r"[^\n]{0,512}container: (?P<c>[^)\s]{1,253})"),
    (StartFailureKind.VOLUME_NOT_FOUND, r"cannot find volume " + _Q + r" to (?:mount|pass) into container "
                                        r"\"(?P<c>[^\"]{1,253})\""),
    (StartFailureKind.SUBPATH_FAILED, r"failed to (?:prepare|create) subPath (?:directory )?for volumeMount " + _Q +
                                      r" of container \"(?P<c>[^\"]{1,253})\""),
    (StartFailureKind.PRESTART_RPC_FAILED, r"device plugin PreStartContainer rpc failed with err"),
    (StartFailureKind.NAME_RESERVED, r"failed to reserve container name"),
    (StartFailureKind.LIFECYCLE_HOOK_FAILED, r"(?:Exec|HTTP|Sleep) lifecycle hook \(.{0,2048}?\) for Container "
                                             r"\"(?P<c>[^\"]{1,253})\" in Pod \"[^\"]{1,512}\" failed"),
    (StartFailureKind.PREPARE_DRA_FAILED, r"Failed to prepare dynamic resources: "),
))


# the CreateContainerConfigError wordings that are the pod spec's own (an object, key, volume or user it
# names): any other message of that reason is the kubelet failing to build the container's config for a cause
# of its own (a DRA claim's devices, a device plugin's options), read as an unrecognised start failure
SPEC_KINDS = frozenset({StartFailureKind.CONFIGMAP_NOT_FOUND, StartFailureKind.SECRET_NOT_FOUND,
                        StartFailureKind.CONFIGMAP_KEY_MISSING, StartFailureKind.SECRET_KEY_MISSING,
                        StartFailureKind.CACHE_SYNC_FAILED, StartFailureKind.RUN_AS_NON_ROOT,
                        StartFailureKind.VOLUME_NOT_FOUND, StartFailureKind.SUBPATH_FAILED})


def config_error_of_spec(message: str) -> bool:
    """A CreateContainerConfigError message in a wording of the pod spec's own (or none at all)."""
    if not (message or "").strip():
        return True
    f = parse_container_start(StartStage.CONFIG.value, message)
    return f is not None and f.kind in SPEC_KINDS


def parse_container_start(reason: str, message: str) -> ContainerStartFailure | None:
    """A container start failure from its reason (waiting / terminated / event) and message.

    >>> f = parse_container_start("CreateContainerConfigError", 'secret "hf-token" not found')
    >>> f.stage.value, f.kind.value, f.name
    ('CreateContainerConfigError', 'secret_not_found', 'hf-token')
    """
    reason = reason if isinstance(reason, str) else ""
    text = bounded_text(message)
    stage = _STAGES.get(reason, StartStage.UNKNOWN)
    body = text.strip()
    if body.startswith("Error: "):
        body = body[len("Error: "):]
    elif body.startswith("Failed to prepare dynamic resources: "):
        stage = StartStage.PREPARE_DRA
    detail = " ".join(body.split())[:4096]
    runtime = parse_runtime_error(body) if body else None
    for kind, pattern in _KINDS:
        m = pattern.search(body)
        if m:
            g = m.groupdict()
            if kind is StartFailureKind.PREPARE_DRA_FAILED:
                stage = StartStage.PREPARE_DRA
            return ContainerStartFailure(stage, kind, detail, g.get("name"), g.get("key"), g.get("c"), runtime)
    if runtime is not None:
        return ContainerStartFailure(stage, StartFailureKind.GPU_RUNTIME, detail, runtime=runtime)
    if stage is StartStage.UNKNOWN or stage.value == reason == "":
        return None
    return ContainerStartFailure(stage, StartFailureKind.OTHER, detail)


class DraPrepareKind(str, Enum):
    """What the kubelet's DRA manager (pkg/kubelet/cm/dra manager.go, plugin/) says failed inside a
    `Failed to prepare dynamic resources: ...` event, in 1.30's words and in the 2026 main's."""

    DRIVER_NOT_REGISTERED = "dra_driver_not_registered"   # DRA driver %s is not registered / plugin name %s not found ...
    PREPARE_RPC_FAILED = "dra_prepare_rpc_failed"         # NodePrepareResources: %w / NodePrepareResources failed: %v
    CLAIM_FAILED = "dra_claim_prepare_failed"             # NodePrepareResources failed for ResourceClaim %s: %s
    CLAIMS_SKIPPED = "dra_claims_skipped"                 # NodePrepareResources skipped %d ResourceClaims / left out %d claims
    UNKNOWN_CLAIM_UID = "dra_unknown_claim_uid"           # NodePrepareResources returned result for unknown claim UID %s
    CLAIM_FETCH_FAILED = "dra_claim_fetch_failed"         # fetch ResourceClaim %s: %w / failed to fetch ResourceClaim ...
    NOT_RESERVED = "dra_claim_not_reserved"               # pod %s (%s) is not allowed to use ResourceClaim %s (%s)
    CHECKPOINT_FAILED = "dra_checkpoint_failed"           # checkpoint ResourceClaim cache: %w / failed to checkpoint ...
    STALE_CLAIM = "dra_stale_claim"                       # old ResourceClaim with same name %s and different UID %s ...


_DRA_KINDS: tuple[tuple[DraPrepareKind, re.Pattern], ...] = tuple((k, lazy_re.compile(p)) for k, p in (
    (DraPrepareKind.DRIVER_NOT_REGISTERED, r"DRA driver (?P<driver>\S{1,253}) is not registered"
                                           r"|plugin name (?P<old>\S{1,253}) not found in the list of registered DRA plugins"),
    (DraPrepareKind.UNKNOWN_CLAIM_UID, r"NodePrepareResources returned result for unknown claim UID"),
    (DraPrepareKind.CLAIMS_SKIPPED, r"NodePrepareResources (?:skipped \d{1,9} ResourceClaims|left out \d{1,9} claims)"),
    (DraPrepareKind.CLAIM_FAILED, r"NodePrepareResources failed for (?:ResourceClaim|claim) \S{1,512}: "),
    (DraPrepareKind.PREPARE_RPC_FAILED, r"NodePrepareResources(?: failed)?: "),
    (DraPrepareKind.CLAIM_FETCH_FAILED, r"(?:failed to )?fetch ResourceClaim \S{1,512}(?: referenced by pod \S{1,512})?: "),
    (DraPrepareKind.NOT_RESERVED, r"pod \S{1,253} ?\(\S{1,64}\) is not allowed to use (?:ResourceClaim|resource claim) "),
    (DraPrepareKind.CHECKPOINT_FAILED, r"checkpoint ResourceClaim (?:cache|state): |failed to checkpoint claimInfo state"),
    (DraPrepareKind.STALE_CLAIM, r"old ResourceClaim with same name \S{1,253} and different UID"),
))


def dra_prepare_cause(message: str) -> tuple[DraPrepareKind, str | None] | None:
    """(kind, driver name or None) of a kubelet DRA prepare failure's message, or None when no
    catalogued wording of the kubelet's DRA manager is in it (the driver's own words may be).

        >>> dra_prepare_cause("Failed to prepare dynamic resources: prepare dynamic resources: DRA driver "
        ...                   "gpu.nvidia.com is not registered")
        (<DraPrepareKind.DRIVER_NOT_REGISTERED: 'dra_driver_not_registered'>, 'gpu.nvidia.com')
    """
    text = bounded_text(message)
    for kind, pattern in _DRA_KINDS:
        m = pattern.search(text)
        if m:
            driver = (m.group("driver") or m.group("old")) if kind is DraPrepareKind.DRIVER_NOT_REGISTERED else None
            return kind, driver.rstrip(":,.") if driver else None
    return None
