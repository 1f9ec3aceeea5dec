"""Kubelet and controller events, pod status messages and container states.

One module per kind of message; each parser takes the message text (and, where the
format depends on it, the event or status reason) and returns a frozen fact, or None
when the text is not that format; none of them raises on any input:

- `admission`: kubelet admission rejections (`Pod was rejected: Allocate failed ...`)
- `probes`: probe failures, `Killing`, back-off (`Liveness probe failed: HTTP probe failed with statuscode: 404`)
- `image_pull`: failed image pulls (`Failed to pull image "nvcr.io/nvidia/driver:..." ... not found`)
- `pod_setup`: sandbox and volume failures (`Failed to create pod sandbox: rpc error: ...`)
- `eviction`, `quota`, `node_events`: evictions, quota rejections, NodeNotReady / SystemOOM
- `termination`: how a terminated container ended (exit 137 without OOMKilled is SIGKILL)
- `describe_text`: container states and Events rows of pasted `kubectl describe` text
- `dispatch`: `parse_event_message(reason, message)`, `parse_event(event)`, `scheduling_failure(pod)`
- `bounds`: the length bound every parser puts on untrusted text
"""

# Re-exports of the names the single module had (transitional: importers move to the modules above).
from __future__ import annotations

from triage.evidence.k8s_events.admission import (  # noqa: F401
    REJECTED_PREFIX, AdmissionKind, AdmissionFailure, parse_admission_failure)
from triage.evidence.k8s_events.bounds import (  # noqa: F401
    MAX_TEXT)
from triage.evidence.k8s_events.describe_text import (  # noqa: F401
    parse_describe_states, EventRow, parse_event_rows)
from triage.evidence.k8s_events.dispatch import (  # noqa: F401
    EventFact, parse_event_message, parse_pod_status, parse_event, scheduling_failure)
from triage.evidence.k8s_events.eviction import (  # noqa: F401
    EvictedContainer, Eviction, parse_eviction)
from triage.evidence.k8s_events.image_pull import (  # noqa: F401
    PullErrorKind, ImagePullFailure, parse_image_pull)
from triage.evidence.k8s_events.node_events import (  # noqa: F401
    NodeNotReady, parse_node_not_ready, SystemOOM, parse_system_oom)
from triage.evidence.k8s_events.pod_setup import (  # noqa: F401
    SandboxFailure, parse_sandbox_failure, VolumeFailureKind, VolumeFailure, parse_volume_failure)
from triage.evidence.k8s_events.probes import (  # noqa: F401
    ProbeKind, ProbeOutcome, ProbeFailure, parse_probe_failure, KillCause, ContainerKilled, parse_killing,
    BackOffKind, BackOff, parse_back_off)
from triage.evidence.k8s_events.quota import (  # noqa: F401
    ResourceAmount, QuotaRejection, parse_quota_rejection)
from triage.evidence.k8s_events.termination import (  # noqa: F401
    TerminationKind, Termination, classify_termination)
