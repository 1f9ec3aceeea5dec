"""Kubelet and controller events, pod status messages and container states.

Each parser takes the message text (and, where the format depends on it, the event or
status reason) and returns a frozen fact, or None when the text is not that format; none
of them raises on any input. `parse_event_message(reason, message)` dispatches on the
event reason. Real samples:

    Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
    Liveness probe failed: HTTP probe failed with statuscode: 404
    Container vllm-standalone-3b-vllm-llama-3-3b-instruct failed liveness probe, will be restarted
    Error creating: pods "train-7c9d8f6b5d-" is forbidden: exceeded quota: gpu-quota, requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4
    Failed to pull image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12": rpc error: code = NotFound desc = ... not found

`parse_event(event)` and `scheduling_failure(pod)` take the bundle views directly. The
sections below (admission, probes, images/volumes, eviction/quota/node, container states,
describe rows) are one module because they share one dispatcher; split along them if it grows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Union

from triage.bundle.objects import ContainerState, Event, Pod
from triage.evidence.runtime_error import RuntimeFailure, parse_runtime_error
from triage.evidence.scheduler_message import SchedulingMessage, parse_scheduling_message

MAX_TEXT = 65536
REJECTED_PREFIX = "Pod was rejected: "


def _text(value) -> str:
    return value[:MAX_TEXT] if isinstance(value, str) else ""


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


# ---- admission (pod Failed, UnexpectedAdmissionError / OutOf<resource>) ------------------

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
    text = _text(message).strip()
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


# ---- probes, kills, back-off -------------------------------------------------------------

class ProbeKind(str, Enum):
    LIVENESS = "liveness"
    READINESS = "readiness"
    STARTUP = "startup"


class ProbeOutcome(str, Enum):
    HTTP_STATUS = "http_status"            # HTTP probe failed with statuscode: 404 (or a bare "503")
    CONNECTION_REFUSED = "connection_refused"   # nothing listens yet
    TIMEOUT = "timeout"                    # context deadline exceeded / Client.Timeout / i/o timeout
    UNREACHABLE = "unreachable"            # no route to host, network unreachable
    GRPC = "grpc"
    EXEC_OUTPUT = "exec_output"            # an exec probe's own output
    OTHER = "other"


@dataclass(frozen=True)
class ProbeFailure:
    probe: ProbeKind
    outcome: ProbeOutcome
    output: str                  # what follows "<Kind> probe failed: "
    errored: bool = False        # "probe errored" (the kubelet could not run it) rather than "failed"
    warning: bool = False        # ProbeWarning
    status_code: int | None = None
    target: str | None = None    # URL or host:port the probe reached for


_PROBE = re.compile(r"(?P<kind>Liveness|Readiness|Startup) probe (?P<verb>failed|errored|warning):\s*(?P<out>.*)", re.S)
_STATUS = re.compile(r"statuscode:\s*(\d{3})|^([1-5]\d{2})$")
_URL = re.compile(r"(?:Get|Post|Head) \"?(?P<u>[a-z]+://[^\"\s]+)\"?|dial tcp (?P<a>[^\s:]+:\d+)")


def parse_probe_failure(message: str) -> ProbeFailure | None:
    """An `Unhealthy` event: which probe, and what it met.

    >>> f = parse_probe_failure('Readiness probe failed: Get "http://10.1.2.3:8000/health": dial tcp '
    ...                         '10.1.2.3:8000: connect: connection refused')
    >>> f.probe.value, f.outcome.value, f.target
    ('readiness', 'connection_refused', 'http://10.1.2.3:8000/health')
    """
    m = _PROBE.search(_text(message))
    if not m:
        return None
    out = m.group("out").strip()
    low = out.lower()
    code = None
    sm = _STATUS.search(out)
    if sm:
        outcome, code = ProbeOutcome.HTTP_STATUS, int(sm.group(1) or sm.group(2))
    elif "connection refused" in low:
        outcome = ProbeOutcome.CONNECTION_REFUSED
    elif any(t in low for t in ("deadline exceeded", "client.timeout", "i/o timeout", "timed out", "timeout:")):
        outcome = ProbeOutcome.TIMEOUT
    elif "no route to host" in low or "network is unreachable" in low:
        outcome = ProbeOutcome.UNREACHABLE
    elif "service unhealthy" in low or "health rpc" in low:
        outcome = ProbeOutcome.GRPC
    elif _URL.search(out):
        outcome = ProbeOutcome.OTHER
    else:
        outcome = ProbeOutcome.EXEC_OUTPUT
    um = _URL.search(out)
    target = (um.group("u") or um.group("a")) if um else None
    return ProbeFailure(ProbeKind(m.group("kind").lower()), outcome, out, m.group("verb") == "errored",
                        m.group("verb") == "warning", code, target)


class KillCause(str, Enum):
    LIVENESS_PROBE = "liveness_probe"
    STARTUP_PROBE = "startup_probe"
    DEFINITION_CHANGED = "definition_changed"
    STOPPING = "stopping"        # plain "Stopping container X" (deletion, eviction, scale-down)


@dataclass(frozen=True)
class ContainerKilled:
    container: str
    cause: KillCause


_KILL = re.compile(r"Container (?P<c>\S+) (?:failed (?P<p>liveness|startup) probe|(?P<d>definition changed))"
                   r"|Stopping container (?P<s>\S+)")


def parse_killing(message: str) -> ContainerKilled | None:
    """A `Killing` event. `Container app failed liveness probe, will be restarted` -> LIVENESS_PROBE."""
    m = _KILL.search(_text(message))
    if not m:
        return None
    if m.group("s"):
        return ContainerKilled(m.group("s"), KillCause.STOPPING)
    cause = (KillCause.DEFINITION_CHANGED if m.group("d") else
             KillCause.LIVENESS_PROBE if m.group("p") == "liveness" else KillCause.STARTUP_PROBE)
    return ContainerKilled(m.group("c"), cause)


class BackOffKind(str, Enum):
    CONTAINER_RESTART = "container_restart"
    IMAGE_PULL = "image_pull"


@dataclass(frozen=True)
class BackOff:
    kind: BackOffKind
    container: str | None = None
    pod: str | None = None       # name_namespace(uid) as the kubelet formats it
    image: str | None = None
    delay: str | None = None     # 5m0s, from the CrashLoopBackOff waiting message


_BACKOFF = re.compile(
    r"[Bb]ack-off (?:(?P<delay>\S+) )?restarting failed container(?:[ =](?P<c>[^\s=]+)(?: in pod| pod=)\s*(?P<pod>\S+))?"
    r"|Back-off pulling image \"(?P<img>[^\"]*)\"")


def parse_back_off(message: str) -> BackOff | None:
    """`BackOff` events (both forms) and the CrashLoopBackOff waiting message.

    `Back-off restarting failed container trainer in pod job-0_ml(6b1f)` (1.26+),
    `Back-off restarting failed container` (<=1.25), `back-off 5m0s restarting failed container=trainer pod=job-0_ml(6b1f)`,
    `Back-off pulling image "nvcr.io/nvidia/cuda:12.4.0-base"`.
    """
    m = _BACKOFF.search(_text(message))
    if not m:
        return None
    if m.group("img") is not None:
        return BackOff(BackOffKind.IMAGE_PULL, image=m.group("img"))
    return BackOff(BackOffKind.CONTAINER_RESTART, m.group("c"), m.group("pod"), delay=m.group("delay"))


# ---- images, sandboxes, volumes --------------------------------------------------------------

class PullErrorKind(str, Enum):
    NOT_FOUND = "not_found"              # the tag or repository does not exist
    MANIFEST_UNKNOWN = "manifest_unknown"
    UNAUTHORIZED = "unauthorized"        # credentials missing or refused (401/403, denied)
    RATE_LIMITED = "rate_limited"        # toomanyrequests / 429
    NETWORK = "network"                  # dial, TLS, timeout, DNS
    BACK_OFF = "back_off"                # Error: ImagePullBackOff / Back-off pulling image
    ERR_IMAGE_PULL = "err_image_pull"    # Error: ErrImagePull (the detail is in the sibling event)
    INVALID_NAME = "invalid_name"
    OTHER = "other"


@dataclass(frozen=True)
class ImagePullFailure:
    kind: PullErrorKind
    image: str | None
    detail: str


_PULL = re.compile(r"Failed to pull image \"(?P<img>[^\"]*)\":?\s*(?P<d>.*)", re.S)
_PULL_REASON = re.compile(r"(?:Error: )?(?P<r>ErrImagePull|ImagePullBackOff|InvalidImageName|ErrImageNeverPull)\b")


def parse_image_pull(message: str) -> ImagePullFailure | None:
    """A failed image pull (`Failed` event, or an ErrImagePull/ImagePullBackOff waiting message).

    >>> f = parse_image_pull('Failed to pull image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12": rpc error: '
    ...     'code = NotFound desc = failed to pull and unpack image "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12"'
    ...     ': nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12: not found')
    >>> f.kind.value, f.image
    ('not_found', 'nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12')
    """
    text = _text(message)
    m = _PULL.search(text)
    if m:
        detail = " ".join(m.group("d").split())
        return ImagePullFailure(_pull_kind(detail), m.group("img"), detail)
    bm = _BACKOFF.search(text)
    if bm and bm.group("img") is not None:
        return ImagePullFailure(PullErrorKind.BACK_OFF, bm.group("img"), text.strip())
    rm = _PULL_REASON.search(text)
    if rm:
        kind = {"ImagePullBackOff": PullErrorKind.BACK_OFF, "InvalidImageName": PullErrorKind.INVALID_NAME}.get(
            rm.group("r"), PullErrorKind.ERR_IMAGE_PULL)
        return ImagePullFailure(kind, None, text.strip())
    return None


def _pull_kind(detail: str) -> PullErrorKind:
    low = detail.lower()
    if "manifest unknown" in low:
        return PullErrorKind.MANIFEST_UNKNOWN
    if any(t in low for t in ("unauthorized", "authentication required", "access denied", "denied:",
                              "403 forbidden", "401 unauthorized", "insufficient_scope")):
        return PullErrorKind.UNAUTHORIZED
    if "toomanyrequests" in low or "429" in low or "rate limit" in low:
        return PullErrorKind.RATE_LIMITED
    if "not found" in low or "code = notfound" in low:
        return PullErrorKind.NOT_FOUND
    if any(t in low for t in ("dial tcp", "i/o timeout", "no such host", "tls:", "x509", "connection refused",
                              "deadline exceeded", "connection reset")):
        return PullErrorKind.NETWORK
    return PullErrorKind.OTHER


@dataclass(frozen=True)
class SandboxFailure:
    detail: str
    runtime: RuntimeFailure | None     # the GPU runtime error inside, if any


def parse_sandbox_failure(message: str) -> SandboxFailure | None:
    """`FailedCreatePodSandBox`: `Failed to create pod sandbox: rpc error: code = Unknown desc = ...`."""
    text = _text(message)
    i = text.find("Failed to create pod sandbox")
    if i < 0:
        return None
    detail = text[i + len("Failed to create pod sandbox"):].lstrip(": ").strip()
    return SandboxFailure(" ".join(detail.split()), parse_runtime_error(detail))


class VolumeFailureKind(str, Enum):
    MOUNT_SETUP = "mount_setup"          # MountVolume.SetUp failed for volume "x" : ...
    MOUNT_DEVICE = "mount_device"        # MountVolume.MountDevice / WaitForAttach failed
    MOUNT_TIMEOUT = "mount_timeout"      # Unable to attach or mount volumes: unmounted volumes=[...]
    ATTACH = "attach"                    # AttachVolume.Attach failed for volume "x"
    MULTI_ATTACH = "multi_attach"        # Multi-Attach error for volume "x"
    OTHER = "other"


@dataclass(frozen=True)
class VolumeFailure:
    kind: VolumeFailureKind
    volume: str | None
    detail: str
    unmounted: tuple[str, ...] = ()
    unattached: tuple[str, ...] = ()


_VOL_OP = re.compile(r"(?P<op>MountVolume\.SetUp|MountVolume\.MountDevice|MountVolume\.WaitForAttach|AttachVolume\.Attach)"
                     r" failed for volume \"(?P<v>[^\"]*)\"\s*:?\s*(?P<d>.*)", re.S)
_VOL_MULTI = re.compile(r"Multi-Attach error for volume \"(?P<v>[^\"]*)\"\s*(?P<d>.*)", re.S)
_VOL_LIST = re.compile(r"(?P<k>unmounted|unattached) volumes=\[(?P<l>[^\]]{0,4096})\]")


def parse_volume_failure(message: str) -> VolumeFailure | None:
    """`FailedMount` / `FailedAttachVolume` basics: which volume, which step.

    >>> f = parse_volume_failure('MountVolume.SetUp failed for volume "model-cache" : secret "hf-token" not found')
    >>> f.kind.value, f.volume, f.detail
    ('mount_setup', 'model-cache', 'secret "hf-token" not found')
    """
    text = _text(message)
    m = _VOL_OP.search(text)
    if m:
        kind = {"MountVolume.SetUp": VolumeFailureKind.MOUNT_SETUP, "AttachVolume.Attach": VolumeFailureKind.ATTACH
                }.get(m.group("op"), VolumeFailureKind.MOUNT_DEVICE)
        return VolumeFailure(kind, m.group("v"), " ".join(m.group("d").split()))
    m = _VOL_MULTI.search(text)
    if m:
        return VolumeFailure(VolumeFailureKind.MULTI_ATTACH, m.group("v"), " ".join(m.group("d").split()))
    if "Unable to attach or mount volumes" in text:
        lists = {k: tuple(x for x in re.split(r"[\s,]+", v) if x) for k, v in
                 ((lm.group("k"), lm.group("l")) for lm in _VOL_LIST.finditer(text))}
        return VolumeFailure(VolumeFailureKind.MOUNT_TIMEOUT, None, " ".join(text.split()),
                             lists.get("unmounted", ()), lists.get("unattached", ()))
    return None


# ---- eviction, quota, node events -----------------------------------------------------------

@dataclass(frozen=True)
class EvictedContainer:
    name: str
    usage: str
    request: str


@dataclass(frozen=True)
class Eviction:
    message: str
    resource: str | None = None          # The node was low on resource: memory
    threshold: str | None = None
    available: str | None = None
    containers: tuple[EvictedContainer, ...] = ()
    node_condition: str | None = None    # The node had condition: [DiskPressure]
    storage_limit_exceeded: bool = False  # ephemeral storage / emptyDir over its limit


_EV_LOW = re.compile(r"The node was low on resource: (?P<r>[^.\s]+(?:\.[^.\s]+)*)\.")
_EV_THRESH = re.compile(r"Threshold quantity: (?P<t>[^,\s]+), available: (?P<a>[^.\s]+(?:\.\d+)?)")
_EV_CONT = re.compile(r"Container (?P<c>\S+) was using (?P<u>\S+), request is (?P<r>[^,\s]+)")
_EV_COND = re.compile(r"The node had condition: (?P<c>[^.]+)\.")


def parse_eviction(message: str) -> Eviction | None:
    """An `Evicted` event or status message.

    `The node was low on resource: memory. Threshold quantity: 100Mi, available: 72Mi. Container vllm was
    using 30Gi, request is 16Gi, has larger consumption of memory. ` -> resource memory, one container.
    """
    text = _text(message).strip()
    low = _EV_LOW.search(text)
    cond = _EV_COND.search(text)
    storage = ("exceeded its local ephemeral storage limit" in text or "exceeds the total limit of containers" in text
               or "Usage of EmptyDir volume" in text)
    if not (low or cond or storage):
        return None
    th = _EV_THRESH.search(text)
    containers = tuple(EvictedContainer(m.group("c"), m.group("u"), m.group("r")) for m in _EV_CONT.finditer(text))
    return Eviction(text, low.group("r") if low else None, th.group("t") if th else None,
                    th.group("a") if th else None, containers, cond.group("c").strip() if cond else None, storage)


@dataclass(frozen=True)
class ResourceAmount:
    resource: str        # requests.nvidia.com/gpu
    quantity: str        # as written: 4, 60Gi, 32575m


@dataclass(frozen=True)
class QuotaRejection:
    quota: str
    requested: tuple[ResourceAmount, ...]
    used: tuple[ResourceAmount, ...]
    limited: tuple[ResourceAmount, ...]
    object_kind: str | None = None     # pods
    object_name: str | None = None     # the pod's name, or its generateName prefix ("train-7c9d8f6b5d-")

    @property
    def generated_name(self) -> bool:
        """The name is a controller's generateName prefix: look at the owner's FailedCreate events."""
        return bool(self.object_name) and self.object_name.endswith("-")

    def amount(self, which: str, resource: str) -> str | None:
        return next((a.quantity for a in getattr(self, which) if a.resource == resource), None)

    @property
    def resources(self) -> tuple[str, ...]:
        return tuple(a.resource for a in self.limited)


_QUOTA = re.compile(r"exceeded quota: (?P<q>[^,\s]+), requested: (?P<r>\S*), used: (?P<u>\S*), limited: (?P<l>\S*)")
_FORBIDDEN = re.compile(r"(?P<k>[a-z][a-z0-9.]*) \"(?P<n>[^\"]*)\" is forbidden")


def _amounts(text: str) -> tuple[ResourceAmount, ...]:
    out = []
    for part in text.strip().rstrip(".").split(","):
        key, sep, qty = part.partition("=")
        if sep and key:
            out.append(ResourceAmount(key.strip(), qty.strip()))
    return tuple(out)


def parse_quota_rejection(message: str) -> QuotaRejection | None:
    """`exceeded quota: <q>, requested: k=v,..., used: ..., limited: ...` (FailedCreate or a 403).

    >>> q = parse_quota_rejection('pods "test-pod" is forbidden: exceeded quota: money-claims-quota, requested: '
    ...     'requests.cpu=20,requests.memory=60Gi, used: requests.cpu=32575m,requests.memory=90368Mi, '
    ...     'limited: requests.cpu=50,requests.memory=140Gi')
    >>> q.quota, q.object_name, q.amount("used", "requests.memory")
    ('money-claims-quota', 'test-pod', '90368Mi')
    """
    text = _text(message)
    m = _QUOTA.search(text)
    if not m:
        return None
    fm = _FORBIDDEN.search(text[:m.start()])
    return QuotaRejection(m.group("q"), _amounts(m.group("r")), _amounts(m.group("u")), _amounts(m.group("l")),
                          fm.group("k") if fm else None, fm.group("n") if fm else None)


@dataclass(frozen=True)
class NodeNotReady:
    node: str | None       # None for the pod event "Node is not ready"
    status: str            # NodeNotReady


_NODE_STATUS = re.compile(r"Node (?P<n>\S+) status is now: (?P<s>NodeNotReady)\b|(?P<p>Node is not ready)")


def parse_node_not_ready(message: str) -> NodeNotReady | None:
    """`Node gpu-3 status is now: NodeNotReady` (node event) or `Node is not ready` (pod event)."""
    m = _NODE_STATUS.search(_text(message))
    if not m:
        return None
    return NodeNotReady(None, "NodeNotReady") if m.group("p") else NodeNotReady(m.group("n"), m.group("s"))


@dataclass(frozen=True)
class SystemOOM:
    victim: str | None
    pid: int | None


_SYSTEM_OOM = re.compile(r"System OOM encountered(?:, victim process: (?P<v>.*?), pid: (?P<p>\d+))?")


def parse_system_oom(message: str) -> SystemOOM | None:
    """`System OOM encountered, victim process: python3, pid: 4121` (kubelet, on the Node)."""
    m = _SYSTEM_OOM.search(_text(message))
    return SystemOOM(m.group("v"), _int(m.group("p"))) if m else None


# ---- container states ----------------------------------------------------------------------

class TerminationKind(str, Enum):
    OOM_KILLED = "oom_killed"          # reason OOMKilled: the cgroup OOM killer
    SIGKILL = "sigkill"                # 137 without OOMKilled: probe, eviction, preemption, kill -9
    SIGTERM = "sigterm"                # 143
    ERROR = "error"                    # another non-zero exit code
    COMPLETED = "completed"            # exit 0
    START_ERROR = "start_error"        # the runtime could not start it (128, StartError, ContainerCannotRun)
    UNKNOWN = "unknown"                # ContainerStatusUnknown, Unknown (runtime restarted; 255), no exit code


@dataclass(frozen=True)
class Termination:
    kind: TerminationKind
    exit_code: int | None
    reason: str
    message: str
    runtime: RuntimeFailure | None = None   # the GPU runtime error of a START_ERROR


def classify_termination(state: ContainerState | None) -> Termination | None:
    """A terminated container state -> how it ended. None for waiting/running/absent states.

    Exit 137 is SIGKILL unless the reason is OOMKilled: only that reason proves a cgroup OOM.

    >>> classify_termination(ContainerState("terminated", reason="Error", exit_code=137)).kind.value
    'sigkill'
    """
    if not isinstance(state, ContainerState) or state.kind != "terminated":
        return None
    reason, code, msg = state.reason, state.exit_code, state.message
    if reason == "OOMKilled":
        kind = TerminationKind.OOM_KILLED
    elif reason in ("StartError", "ContainerCannotRun") or (code == 128 and reason != "Completed"):
        kind = TerminationKind.START_ERROR
    elif reason in ("ContainerStatusUnknown", "Unknown") or code is None:   # Unknown/255: runtime lost it
        kind = TerminationKind.UNKNOWN
    elif code == 0:
        kind = TerminationKind.COMPLETED
    elif code == 137:
        kind = TerminationKind.SIGKILL
    elif code == 143:
        kind = TerminationKind.SIGTERM
    else:
        kind = TerminationKind.ERROR
    runtime = parse_runtime_error(msg) if kind is TerminationKind.START_ERROR and msg else None
    return Termination(kind, code, reason, msg, runtime)


_DESCRIBE_KEY = re.compile(r"^(?P<indent>\s*)(?P<k>State|Last State|Reason|Message|Exit Code|Signal|Started|Finished)"
                           r":\s*(?P<v>.*)$")
_DESCRIBE_OTHER_KEY = re.compile(r"^\s*(?:Ready|Restart Count|Image|Image ID|Port|Host Port|Command|Args|Limits"
                                 r"|Requests|Liveness|Readiness|Startup|Environment|Mounts|Container ID):")


def parse_describe_states(text: str) -> tuple[ContainerState, ...]:
    """Container states from `kubectl describe pod` text (State / Last State blocks), in order.

        Last State: Terminated
          Reason: Error
          Exit Code: 137
    -> ContainerState(kind="terminated", reason="Error", exit_code=137). A `Message:` may run on over
    lines that are not `Key:` lines (runtime errors carry newlines).
    """
    states: list[dict] = []
    current: dict | None = None
    last_key = None
    for line in _text(text).splitlines():
        m = _DESCRIBE_KEY.match(line)
        if m:
            key, value = m.group("k"), m.group("v").strip()
            if key in ("State", "Last State"):
                current = {"kind": value.split()[0].lower() if value else "unknown"}
                states.append(current)
            elif current is not None:
                current[key] = value
            last_key = key
        elif _DESCRIBE_OTHER_KEY.match(line):
            last_key = None
        elif current is not None and last_key == "Message" and line.strip():
            current["Message"] = current.get("Message", "") + "\n" + line.strip()
    out = []
    for s in states:
        kind = s["kind"] if s["kind"] in ("waiting", "running", "terminated") else "unknown"
        code = _int(s.get("Exit Code", "").split()[0]) if s.get("Exit Code", "").split() else None
        sig = _int(s.get("Signal", "").split()[0]) if s.get("Signal", "").split() else None
        out.append(ContainerState(kind, s.get("Reason", ""), s.get("Message", ""), code, sig,
                                  s.get("Started", ""), s.get("Finished", "")))
    return tuple(out)


# ---- describe event rows and the dispatcher ---------------------------------------------------

@dataclass(frozen=True)
class EventRow:
    """One row of the Events table of `kubectl describe`."""

    type: str           # Warning | Normal
    reason: str
    age: str            # 26m, 3s (x3 over 3s)
    count: int          # from "(xN over ...)", else 1
    source: str         # default-scheduler, kubelet, hami-scheduler ...
    message: str


_ROW = re.compile(r"^\s*(?P<t>Warning|Normal)\s+(?P<r>[A-Za-z][\w]*)\s+(?P<age>\S+(?: \(x\d+ over [^)]*\))?)\s+"
                  r"(?P<src>\S+(?:, \S+)?)\s+(?P<msg>\S.*)$")
_ROW_COUNT = re.compile(r"\(x(\d+) over")


def parse_event_rows(text: str) -> tuple[EventRow, ...]:
    """Rows of a describe Events table. `  Warning  FailedScheduling  3s (x5 over 9s)  default-scheduler  0/6 ...`"""
    out = []
    for line in _text(text).splitlines():
        m = _ROW.match(line)
        if m:
            cm = _ROW_COUNT.search(m.group("age"))
            out.append(EventRow(m.group("t"), m.group("r"), m.group("age"), int(cm.group(1)) if cm else 1,
                                m.group("src"), m.group("msg").strip()))
    return tuple(out)


EventFact = Union[AdmissionFailure, ProbeFailure, ContainerKilled, BackOff, ImagePullFailure, SandboxFailure,
                  VolumeFailure, Eviction, QuotaRejection, NodeNotReady, SystemOOM, RuntimeFailure]

_BY_REASON = {
    "UnexpectedAdmissionError": (parse_admission_failure,),
    "Unhealthy": (parse_probe_failure,), "ProbeWarning": (parse_probe_failure,),
    "Killing": (parse_killing,),
    "BackOff": (parse_back_off,),
    "FailedCreatePodSandBox": (parse_sandbox_failure,),
    "FailedMount": (parse_volume_failure,), "FailedAttachVolume": (parse_volume_failure,),
    "FailedMapVolume": (parse_volume_failure,),
    "Evicted": (parse_eviction,),
    "FailedCreate": (parse_quota_rejection, parse_runtime_error),
    "NodeNotReady": (parse_node_not_ready,),
    "SystemOOM": (parse_system_oom,),
    "Failed": (parse_image_pull, parse_runtime_error),
    "RunContainerError": (parse_runtime_error,), "CreateContainerError": (parse_runtime_error,),
    "StartError": (parse_runtime_error,),
    "ErrImagePull": (parse_image_pull,), "ImagePullBackOff": (parse_image_pull,),
    "CrashLoopBackOff": (parse_back_off,),
}
_ANY_REASON = (parse_admission_failure, parse_quota_rejection, parse_sandbox_failure, parse_runtime_error,
               parse_image_pull, parse_probe_failure, parse_killing, parse_back_off, parse_volume_failure,
               parse_eviction, parse_node_not_ready, parse_system_oom)


def parse_event_message(reason: str, message: str) -> EventFact | None:
    """The fact in an event (or a container waiting reason/message): dispatch on `reason`.

    A reason with no parser of its own (an `OutOf<resource>` admission reason, a predicate name,
    an unknown reason) tries the admission parser, then every parser in turn. None when nothing
    recognises the message. Scheduler messages are `scheduler_message.parse_scheduling_message`.
    """
    reason = reason if isinstance(reason, str) else ""
    if not isinstance(message, str) or not message:
        return None
    if reason.startswith("OutOf"):
        return parse_admission_failure(message, reason)
    for parse in _BY_REASON.get(reason, _ANY_REASON):
        fact = parse(message)
        if fact is not None:
            return fact
    return None


def parse_pod_status(reason: str, message: str) -> AdmissionFailure | Eviction | None:
    """A failed pod's status.reason / status.message (`Pod was rejected: ...`, `Evicted`, `OutOf...`)."""
    reason = reason if isinstance(reason, str) else ""
    if reason == "Evicted":
        return parse_eviction(message)
    return parse_admission_failure(message, reason)


_SCHEDULER_REASONS = frozenset({"FailedScheduling", "NotTriggerScaleUp", "FailedScaleUp"})


def parse_event(event: Event) -> EventFact | SchedulingMessage | None:
    """The fact in an Event view: scheduler/autoscaler reasons go to the scheduler parser."""
    if not isinstance(event, Event):
        return None
    if event.reason in _SCHEDULER_REASONS:
        return parse_scheduling_message(event.message)
    return parse_event_message(event.reason, event.message)


def scheduling_failure(pod: Pod) -> SchedulingMessage | None:
    """Why `pod` is not placed, from its PodScheduled=False condition (never truncated, unlike the event)."""
    if not isinstance(pod, Pod):
        return None
    cond = pod.condition("PodScheduled")
    if cond is None or cond.status != "False":
        return None
    return parse_scheduling_message(cond.message)
