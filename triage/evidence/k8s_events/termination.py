"""How a container ended, from its terminated state (exit code and reason).

Reads a `ContainerState` view (pod status, or parsed from describe text). Real sample
(`kubectl describe pod`):

    Last State: Terminated
      Reason: Error
      Exit Code: 137

is SIGKILL, not OOM: only the reason OOMKilled proves a cgroup OOM.
"""

from __future__ import annotations

from msgspec import Struct
from enum import Enum

from triage.bundle.objects.containers import ContainerState
from triage.evidence.runtime_error import RuntimeFailure, parse_runtime_error


class TerminationKind(str, Enum):
    OOM_KILLED = "oom_killed"          # reason OOMKilled: the cgroup OOM killer
    SIGKILL = "sigkill"                # 137 without OOMKilled: probe, eviction, preemption, kill -9
    SIGTERM = "sigterm"                # 143
    ERROR = "error"                    # another non-zero exit code
    COMPLETED = "completed"            # exit 0
    START_ERROR = "start_error"        # the runtime could not start it (128, StartError, ContainerCannotRun)
    UNKNOWN = "unknown"                # ContainerStatusUnknown, Unknown (runtime restarted; 255), no exit code


class Termination(Struct, frozen=True):
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
