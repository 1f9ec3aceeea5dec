"""Probe failures, container kills and back-off: a container that runs but is not well.

Reads the message of `Unhealthy` / `ProbeWarning`, `Killing` and `BackOff` events and
the CrashLoopBackOff waiting message. Real samples:

    Liveness probe failed: HTTP probe failed with statuscode: 404
    Container vllm-standalone-3b-vllm-llama-3-3b-instruct failed liveness probe, will be restarted
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text


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


class ProbeFailure(Struct, frozen=True):
    probe: ProbeKind
    outcome: ProbeOutcome
    output: str                  # what follows "<Kind> probe failed: "
    errored: bool = False        # "probe errored" (the kubelet could not run it) rather than "failed"
    warning: bool = False        # ProbeWarning
    status_code: int | None = None
    target: str | None = None    # URL or host:port the probe reached for


_PROBE = lazy_re.compile(r"(?P<kind>Liveness|Readiness|Startup) probe (?P<verb>failed|errored|warning):\s*(?P<out>.*)", re.S)
_STATUS = lazy_re.compile(r"statuscode:\s*(\d{3})|^([1-5]\d{2})$")
_URL = lazy_re.compile(r"(?:Get|Post|Head) \"?(?P<u>[a-z]+://[^\"\s]+)\"?|dial tcp (?P<a>[^\s:]+:\d+)")


def parse_probe_failure(message: str) -> ProbeFailure | None:
    """An `Unhealthy` event: which probe, and what it met.

    >>> f = parse_probe_failure('Readiness probe failed: Get "http://10.1.2.3:8000/health": dial tcp '
    ...                         '10.1.2.3:8000: connect: connection refused')
    >>> f.probe.value, f.outcome.value, f.target
    ('readiness', 'connection_refused', 'http://10.1.2.3:8000/health')
    """
    m = _PROBE.search(bounded_text(message))
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


class ContainerKilled(Struct, frozen=True):
    container: str
    cause: KillCause


_KILL = lazy_re.compile(r"Container (?P<c>\S+) (?:failed (?P<p>liveness|startup) probe|(?P<d>definition changed))"
                   r"|Stopping container (?P<s>\S+)")


def parse_killing(message: str) -> ContainerKilled | None:
    """A `Killing` event. `Container app failed liveness probe, will be restarted` -> LIVENESS_PROBE."""
    m = _KILL.search(bounded_text(message))
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


class BackOff(Struct, frozen=True):
    kind: BackOffKind
    container: str | None = None
    pod: str | None = None       # name_namespace(uid) as the kubelet formats it
    image: str | None = None
    delay: str | None = None     # 5m0s, from the CrashLoopBackOff waiting message


_BACKOFF = lazy_re.compile(
    r"[Bb]ack-off (?:(?P<delay>\S+) )?restarting failed container(?:[ =](?P<c>[^\s=]+)(?: in pod| pod=)\s*(?P<pod>\S+))?"
    r"|Back-off pulling image \"(?P<img>[^\"]*)\"")


def parse_back_off(message: str) -> BackOff | None:
    """`BackOff` events (both forms) and the CrashLoopBackOff waiting message.

    `Back-off restarting failed container trainer in pod job-0_ml(6b1f)` (1.26+),
    `Back-off restarting failed container` (<=1.25), `back-off 5m0s restarting failed container=trainer pod=job-0_ml(6b1f)`,
    `Back-off pulling image "nvcr.io/nvidia/cuda:12.4.0-base"`.
    """
    m = _BACKOFF.search(bounded_text(message))
    if not m:
        return None
    if m.group("img") is not None:
        return BackOff(BackOffKind.IMAGE_PULL, image=m.group("img"))
    return BackOff(BackOffKind.CONTAINER_RESTART, m.group("c"), m.group("pod"), delay=m.group("delay"))
