"""Container logs: current and previous instance, init containers too, bounded by
tailLines and limitBytes (default 10,000 lines / 5 MB, like troubleshoot).

Only logs that exist are asked for: a container that never started has none
(its waiting reason is in the pod status already), and a previous log exists
only after a restart.
"""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session


def log_requests(pod: dict) -> list[tuple[str, bool]]:
    """(container, previous) pairs worth reading for this pod."""
    if not (pod.get("spec") or {}).get("nodeName"):
        return []
    status = pod.get("status") or {}
    out: list[tuple[str, bool]] = []
    for cs in list(status.get("initContainerStatuses") or []) + list(status.get("containerStatuses") or []):
        name = cs.get("name")
        if not name:
            continue
        state = cs.get("state") or {}
        last = cs.get("lastState") or {}
        if state.get("running") or state.get("terminated") or last.get("terminated"):
            out.append((name, False))
        if last.get("terminated") or (cs.get("restartCount") or 0) > 0:
            out.append((name, True))
    return out


def collect_log(session: Session, namespace: str, pod: str, container: str, previous: bool) -> str | None:
    path = layout.container_log(namespace, pod, container, previous)
    opts = session.options
    query = {"container": container, "tailLines": opts.log_tail_lines, "limitBytes": opts.log_limit_bytes}
    if previous:
        query["previous"] = "true"
    try:
        text = session.kube.get_text(f"/api/v1/namespaces/{namespace}/pods/{pod}/log", query,
                                     max_bytes=opts.log_limit_bytes)
    except ApiFailure as failure:
        session.failed("logs", path, failure, needs("get", "pods/log", namespace),
                       what=f"{'previous ' if previous else ''}log of {namespace}/{pod} container {container}")
        return None
    return session.write_text("logs", path, text)


def collect_pod_logs(session: Session, pod: dict) -> list:
    """Futures of every log read for one pod (run concurrently by the session's pool)."""
    meta = pod.get("metadata") or {}
    return [session.submit(collect_log, session, meta.get("namespace") or "default", meta["name"], c, prev)
            for c, prev in log_requests(pod)]
