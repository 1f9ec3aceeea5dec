"""Which parser reads an event: dispatch on the event (or waiting) reason.

`parse_event_message(reason, message)` returns the frozen fact of whichever parser
recognises the message, or None; `parse_event(event)` and `scheduling_failure(pod)` take
the bundle views directly. Real sample (reason `UnexpectedAdmissionError`):

    Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected
"""

from __future__ import annotations

from typing import Union

from triage.bundle.objects.event import Event
from triage.bundle.objects.pod import Pod
from triage.evidence.k8s_events.admission import AdmissionFailure, parse_admission_failure
from triage.evidence.k8s_events.container_start import ContainerStartFailure, parse_container_start
from triage.evidence.k8s_events.create_rejection import CreateRejection, parse_create_rejection
from triage.evidence.k8s_events.eviction import Eviction, parse_eviction
from triage.evidence.k8s_events.image_pull import ImagePullFailure, parse_image_pull
from triage.evidence.k8s_events.node_events import NodeNotReady, SystemOOM, parse_node_not_ready, parse_system_oom
from triage.evidence.k8s_events.pod_setup import (
    SandboxFailure, VolumeFailure, parse_sandbox_failure, parse_volume_failure)
from triage.evidence.k8s_events.probes import (
    BackOff, ContainerKilled, ProbeFailure, parse_back_off, parse_killing, parse_probe_failure)
from triage.evidence.k8s_events.quota import QuotaRejection, parse_quota_rejection
from triage.evidence.runtime_error import RuntimeFailure, parse_runtime_error
from triage.evidence.scheduler_message import SchedulingMessage, parse_scheduling_message


EventFact = Union[AdmissionFailure, ProbeFailure, ContainerKilled, BackOff, ImagePullFailure, SandboxFailure,
                  VolumeFailure, Eviction, QuotaRejection, NodeNotReady, SystemOOM, RuntimeFailure,
                  CreateRejection, ContainerStartFailure]

_BY_REASON = {
    "UnexpectedAdmissionError": (parse_admission_failure,),
    "Unhealthy": (parse_probe_failure,), "ProbeWarning": (parse_probe_failure,),
    "Killing": (parse_killing,),
    "BackOff": (parse_back_off,),
    "FailedCreatePodSandBox": (parse_sandbox_failure,),
    "FailedMount": (parse_volume_failure,), "FailedAttachVolume": (parse_volume_failure,),
    "FailedMapVolume": (parse_volume_failure,),
    "Evicted": (parse_eviction,),
    "FailedCreate": (parse_quota_rejection, parse_runtime_error, parse_create_rejection),
    "NodeNotReady": (parse_node_not_ready,),
    "SystemOOM": (parse_system_oom,),
    "Failed": (parse_image_pull, parse_runtime_error),
    "RunContainerError": (parse_runtime_error,), "CreateContainerError": (parse_runtime_error,),
    "StartError": (parse_runtime_error,), "ContainerCannotRun": (parse_runtime_error,),
    "CreateContainerConfigError": (), "PreCreateHookError": (), "PreStartHookError": (), "PostStartHookError": (),
    "FailedPostStartHook": (), "FailedPrepareDynamicResources": (),
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
    if reason in _START_REASONS:        # the kubelet's container start reasons (and a `Failed` event `Error: ...`)
        return parse_container_start(reason, message)
    return None


_START_REASONS = frozenset({"CreateContainerConfigError", "CreateContainerError", "RunContainerError", "StartError",
                            "ContainerCannotRun", "PreCreateHookError", "PreStartHookError", "PostStartHookError",
                            "FailedPostStartHook", "FailedPrepareDynamicResources", "Failed"})


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
