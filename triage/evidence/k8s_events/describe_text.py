"""Pasted `kubectl describe pod` text: container states and the Events table.

Reads the text a user pasted (no API objects). Real samples:

    Last State: Terminated
      Reason: Error
      Exit Code: 137
    Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  0/2 nodes are available: 2 ExceedsGPUQuota.
"""

from __future__ import annotations

import re
from msgspec import Struct

from triage import lazy_re
from triage.bundle.objects.containers import ContainerState
from triage.evidence.k8s_events.bounds import bounded_text, int_or_none


_DESCRIBE_KEY = lazy_re.compile(r"^(?P<indent>\s*)(?P<k>State|Last State|Reason|Message|Exit Code|Signal|Started|Finished)"
                           r":\s*(?P<v>.*)$")
_DESCRIBE_OTHER_KEY = lazy_re.compile(r"^\s*(?:Ready|Restart Count|Image|Image ID|Port|Host Port|Command|Args|Limits"
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
    for line in bounded_text(text).splitlines():
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
        code = int_or_none(s.get("Exit Code", "").split()[0]) if s.get("Exit Code", "").split() else None
        sig = int_or_none(s.get("Signal", "").split()[0]) if s.get("Signal", "").split() else None
        out.append(ContainerState(kind, s.get("Reason", ""), s.get("Message", ""), code, sig,
                                  s.get("Started", ""), s.get("Finished", "")))
    return tuple(out)


class EventRow(Struct, frozen=True):
    """One row of the Events table of `kubectl describe`."""

    type: str           # Warning | Normal
    reason: str
    age: str            # 26m, 3s (x3 over 3s)
    count: int          # from "(xN over ...)", else 1
    source: str         # default-scheduler, kubelet, hami-scheduler ...
    message: str


_ROW = lazy_re.compile(r"^\s*(?P<t>Warning|Normal)\s+(?P<r>[A-Za-z][\w]*)\s+(?P<age>\S+(?: \(x\d+ over [^)]*\))?)\s+"
                  r"(?P<src>\S+(?:, \S+)?)\s+(?P<msg>\S.*)$")
_ROW_COUNT = lazy_re.compile(r"\(x(\d+) over")


def parse_event_rows(text: str) -> tuple[EventRow, ...]:
    """Rows of a describe Events table. `  Warning  FailedScheduling  3s (x5 over 9s)  default-scheduler  0/6 ...`"""
    out = []
    for line in bounded_text(text).splitlines():
        m = _ROW.match(line)
        if m:
            cm = _ROW_COUNT.search(m.group("age"))
            out.append(EventRow(m.group("t"), m.group("r"), m.group("age"), int(cm.group(1)) if cm else 1,
                                m.group("src"), m.group("msg").strip()))
    return tuple(out)
