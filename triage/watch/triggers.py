"""When does a GPU pod need a triage? Pure judgement over one pod's status.

A pod is worth triaging when it
- is unschedulable for longer than a grace period (PodScheduled=False, reason
  Unschedulable, lastTransitionTime older than the grace),
- crash-loops (a container waiting in CrashLoopBackOff),
- failed admission (phase Failed with UnexpectedAdmissionError / OutOf<resource>),
- was killed by its probes or the kernel (last terminated OOMKilled, or 137/143 after
  restarts),
- failed (phase Failed for any other reason), or
- is stuck starting: scheduled longer than the grace period ago and a container still
  waits in ContainerCreating (e.g. FailedCreatePodSandBox: no runtime for "nvidia"),
  Create/RunContainerError (e.g. the NVIDIA prestart hook failed) or an image pull back-off.
"""

from __future__ import annotations

import datetime as dt
import enum
from msgspec import Struct

from triage.bundle.objects.fields import parse_time
from triage.bundle.objects.pod import Pod


class TriggerKind(enum.Enum):
    UNSCHEDULABLE = "unschedulable"
    CRASH_LOOP = "crash_loop"
    ADMISSION_FAILED = "admission_failed"
    KILLED = "killed"
    FAILED = "failed"
    STUCK_STARTING = "stuck_starting"


# Waiting reasons of a container that cannot start (not PodInitializing: init containers run).
STARTING_REASONS = frozenset({"ContainerCreating", "CreateContainerError", "CreateContainerConfigError",
                              "RunContainerError", "ImagePullBackOff", "ErrImagePull", "InvalidImageName"})


class Trigger(Struct, frozen=True):
    kind: TriggerKind
    namespace: str
    pod: str
    detail: str


def trigger_for(pod: Pod, now: dt.datetime, grace_s: float = 120.0) -> Trigger | None:
    """The reason this GPU pod needs a triage now, or None."""
    if not pod.requests_gpu or pod.deletion_timestamp:
        return None
    ns, name = pod.namespace or "", pod.name
    if pod.phase == "Failed":
        if pod.reason == "UnexpectedAdmissionError" or pod.reason.startswith("OutOf"):
            return Trigger(TriggerKind.ADMISSION_FAILED, ns, name, pod.reason)
        return Trigger(TriggerKind.FAILED, ns, name, pod.reason or "Failed")
    scheduled = pod.condition("PodScheduled")
    if pod.phase == "Pending" and scheduled and scheduled.status == "False" and scheduled.reason == "Unschedulable":
        since = parse_time(scheduled.last_transition)
        if since is None or (now - since).total_seconds() >= grace_s:
            return Trigger(TriggerKind.UNSCHEDULABLE, ns, name, "Unschedulable")
        return None
    if pod.phase == "Pending" and scheduled and scheduled.status == "True":
        waiting = next((st for st in pod.container_statuses if st.state and st.state.kind == "waiting"
                        and st.state.reason in STARTING_REASONS), None)
        if waiting is not None:
            since = parse_time(scheduled.last_transition)
            if since is None or (now - since).total_seconds() >= grace_s:
                return Trigger(TriggerKind.STUCK_STARTING, ns, name, f"{waiting.name}: {waiting.state.reason}")
            return None
    for status in pod.container_statuses:
        if status.state and status.state.kind == "waiting" and status.state.reason == "CrashLoopBackOff":
            return Trigger(TriggerKind.CRASH_LOOP, ns, name, status.name)
        last = status.last_state
        if last and last.kind == "terminated" and status.restart_count > 0 and (
                last.reason == "OOMKilled" or last.exit_code in (137, 143)):
            return Trigger(TriggerKind.KILLED, ns, name, f"{status.name}: {last.reason or last.exit_code}")
    return None
