"""meta.k8s.io/v1 Table rows, as the apiserver builds them for `kubectl get`.

Column sets and cell rules follow kubernetes `pkg/printers/internalversion/printers.go`
(printPod, printNode, printEvent, printNamespace, printDeployment); other kinds get
NAME and AGE. Every column is sent (wide ones with priority 1); kubectl hides
priority-1 columns unless `-o wide`.

Ages are computed against a fixed "now" (the bundle's capture time), so the table
shows what the cluster looked like when the bundle was taken:

    >>> human_duration(7 * 60 + 5)
    '7m5s'
    >>> pod_cells({"metadata": {"name": "t", "creationTimestamp": "2026-11-29T12:00:00Z"},
    ...   "spec": {"containers": [{"name": "c"}], "nodeName": "gpu-1"},
    ...   "status": {"phase": "Running", "containerStatuses": [{"name": "c", "ready": False,
    ...     "restartCount": 7, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
    ...     "lastState": {"terminated": {"finishedAt": "2026-11-29T12:29:00Z"}}}]}},
    ...   now=parse_time("2026-11-29T12:31:00Z"))[:5]
    ['t', '0/1', 'CrashLoopBackOff', '7 (2m ago)', '31m']
"""

from __future__ import annotations

import datetime as _dt
from typing import Callable, Mapping

from triage.bundle.objects.fields import dig, parse_time

Column = tuple[str, str, int, str]     # name, format, priority, description


def human_duration(seconds: float) -> str:
    """apimachinery util/duration.HumanDuration."""
    s = int(seconds)
    if s < -1:
        return "<invalid>"
    if s < 0:
        return "0s"
    if s < 120:
        return f"{s}s"
    minutes = s // 60
    if minutes < 10:
        sec = s % 60
        return f"{minutes}m" if sec == 0 else f"{minutes}m{sec}s"
    if minutes < 180:
        return f"{minutes}m"
    hours = s // 3600
    if hours < 8:
        m = minutes % 60
        return f"{hours}h" if m == 0 else f"{hours}h{m}m"
    if hours < 48:
        return f"{hours}h"
    if hours < 24 * 8:
        h = hours % 24
        return f"{hours // 24}d" if h == 0 else f"{hours // 24}d{h}h"
    if hours < 24 * 365 * 2:
        return f"{hours // 24}d"
    if hours < 24 * 365 * 8:
        dy = (hours // 24) % 365
        return f"{hours // 24 // 365}y" if dy == 0 else f"{hours // 24 // 365}y{dy}d"
    return f"{hours // 24 // 365}y"


def since(value, now: _dt.datetime) -> str:
    t = parse_time(value)
    if t is None:
        return "<unknown>"
    return human_duration((now - t).total_seconds())


NAME_COLUMN: Column = ("Name", "name", 0, "Name must be unique within a namespace.")
AGE_COLUMN: Column = ("Age", "", 0, "CreationTimestamp is a timestamp representing the server time when this "
                                    "object was created.")


# ---- pods ---------------------------------------------------------------------------
POD_COLUMNS: list[Column] = [
    NAME_COLUMN,
    ("Ready", "", 0, "The aggregate readiness state of this pod for accepting traffic."),
    ("Status", "", 0, "The aggregate status of the containers in this pod."),
    ("Restarts", "", 0, "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted."),
    AGE_COLUMN,
    ("IP", "", 1, "The IP address assigned to the pod."),
    ("Node", "", 1, "NodeName is a request to schedule this pod onto a specific node."),
    ("Nominated Node", "", 1, "nominatedNodeName is set only when this pod preempts other pods on the node."),
    ("Readiness Gates", "", 1, "If specified, all readiness gates will be evaluated for pod readiness."),
]


def _restartable(container: Mapping | None) -> bool:
    return isinstance(container, Mapping) and container.get("restartPolicy") == "Always"


def pod_cells(pod: Mapping, now: _dt.datetime) -> list:
    """kubectl's printPod: NAME READY STATUS RESTARTS AGE IP NODE NOMINATED-NODE READINESS-GATES."""
    spec = pod.get("spec") or {}
    st = pod.get("status") or {}
    containers = spec.get("containers") or []
    init_specs = {c.get("name"): c for c in spec.get("initContainers") or [] if isinstance(c, Mapping)}
    total = len(containers) + sum(1 for c in init_specs.values() if _restartable(c))
    ready = 0
    restarts = 0
    sidecar_restarts = 0
    last_restart: _dt.datetime | None = None
    last_sidecar_restart: _dt.datetime | None = None
    phase = st.get("phase") or ""
    reason = st.get("reason") or phase
    for cond in st.get("conditions") or []:
        if cond.get("type") == "PodScheduled" and cond.get("reason") == "SchedulingGated":
            reason = "SchedulingGated"

    def later(a, b):
        return b if a is None or (b is not None and b > a) else a

    initializing = False
    init_statuses = st.get("initContainerStatuses") or []
    for i, c in enumerate(init_statuses):
        restarts += int(c.get("restartCount") or 0)
        finished = parse_time(dig(c, "lastState", "terminated", "finishedAt"))
        last_restart = later(last_restart, finished)
        is_sidecar = _restartable(init_specs.get(c.get("name")))
        if is_sidecar:
            sidecar_restarts += int(c.get("restartCount") or 0)
            last_sidecar_restart = later(last_sidecar_restart, finished)
        term = dig(c, "state", "terminated")
        waiting = dig(c, "state", "waiting")
        if isinstance(term, Mapping) and int(term.get("exitCode") or 0) == 0:
            continue
        if is_sidecar and c.get("started"):
            if c.get("ready"):
                ready += 1
            continue
        if isinstance(term, Mapping):
            if not term.get("reason"):
                reason = (f"Init:Signal:{term['signal']}" if term.get("signal")
                          else f"Init:ExitCode:{int(term.get('exitCode') or 0)}")
            else:
                reason = "Init:" + str(term["reason"])
        elif isinstance(waiting, Mapping) and waiting.get("reason") and waiting.get("reason") != "PodInitializing":
            reason = "Init:" + str(waiting["reason"])
        else:
            reason = f"Init:{i}/{len(spec.get('initContainers') or [])}"
        initializing = True
        break

    initialized = any(cond.get("type") == "Initialized" and cond.get("status") == "True"
                      for cond in st.get("conditions") or [])
    if not initializing or initialized:
        restarts = sidecar_restarts
        last_restart = last_sidecar_restart
        has_running = False
        for c in reversed(st.get("containerStatuses") or []):
            restarts += int(c.get("restartCount") or 0)
            last_restart = later(last_restart, parse_time(dig(c, "lastState", "terminated", "finishedAt")))
            waiting = dig(c, "state", "waiting")
            term = dig(c, "state", "terminated")
            if isinstance(waiting, Mapping) and waiting.get("reason"):
                reason = str(waiting["reason"])
            elif isinstance(term, Mapping) and term.get("reason"):
                reason = str(term["reason"])
            elif isinstance(term, Mapping):
                reason = (f"Signal:{term['signal']}" if term.get("signal")
                          else f"ExitCode:{int(term.get('exitCode') or 0)}")
            elif c.get("ready") and isinstance(dig(c, "state", "running"), Mapping):
                has_running = True
                ready += 1
        if reason == "Completed" and has_running:
            pod_ready = any(cond.get("type") == "Ready" and cond.get("status") == "True"
                            for cond in st.get("conditions") or [])
            reason = "Running" if pod_ready else "NotReady"

    deleting = bool(dig(pod, "metadata", "deletionTimestamp"))
    if deleting and st.get("reason") == "NodeLost":
        reason = "Unknown"
    elif deleting and phase not in ("Succeeded", "Failed"):
        reason = "Terminating"

    restarts_cell = str(restarts)
    if restarts and last_restart is not None:
        restarts_cell = f"{restarts} ({human_duration((now - last_restart).total_seconds())} ago)"

    ips = st.get("podIPs") or []
    ip = (ips[0].get("ip") if ips and isinstance(ips[0], Mapping) else "") or st.get("podIP") or "<none>"
    gates = spec.get("readinessGates") or []
    gates_cell = "<none>"
    if gates:
        conds = {c.get("type"): c.get("status") for c in st.get("conditions") or []}
        true = sum(1 for g in gates if conds.get(g.get("conditionType")) == "True")
        gates_cell = f"{true}/{len(gates)}"
    return [dig(pod, "metadata", "name") or "", f"{ready}/{total}", reason, restarts_cell,
            since(dig(pod, "metadata", "creationTimestamp"), now), ip, spec.get("nodeName") or "<none>",
            st.get("nominatedNodeName") or "<none>", gates_cell]


# ---- nodes --------------------------------------------------------------------------
NODE_COLUMNS: list[Column] = [
    NAME_COLUMN,
    ("Status", "", 0, "The status of the node"),
    ("Roles", "", 0, "The roles of the node"),
    AGE_COLUMN,
    ("Version", "", 0, "Kubelet Version reported by the node."),
    ("Internal-IP", "", 1, "List of internal IPs."),
    ("External-IP", "", 1, "List of external IPs."),
    ("OS-Image", "", 1, "OS image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy))."),
    ("Kernel-Version", "", 1, "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64)."),
    ("Container-Runtime", "", 1, "Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2)."),
]


def node_cells(node: Mapping, now: _dt.datetime) -> list:
    status = []
    for cond in dig(node, "status", "conditions") or []:
        if cond.get("type") == "Ready":
            status = ["Ready" if cond.get("status") == "True" else "NotReady"]
    if not status:
        status = ["Unknown"]
    if dig(node, "spec", "unschedulable"):
        status.append("SchedulingDisabled")
    roles = set()
    for key, value in (dig(node, "metadata", "labels") or {}).items():
        if key.startswith("node-role.kubernetes.io/"):
            role = key[len("node-role.kubernetes.io/"):]
            if role:
                roles.add(role)
        elif key == "kubernetes.io/role" and value:
            roles.add(str(value))
    info = dig(node, "status", "nodeInfo") or {}

    def address(kind: str) -> str:
        for a in dig(node, "status", "addresses") or []:
            if a.get("type") == kind:
                return str(a.get("address") or "")
        return "<none>"

    return [dig(node, "metadata", "name") or "", ",".join(status), ",".join(sorted(roles)) or "<none>",
            since(dig(node, "metadata", "creationTimestamp"), now), info.get("kubeletVersion") or "",
            address("InternalIP"), address("ExternalIP"), info.get("osImage") or "<unknown>",
            info.get("kernelVersion") or "<unknown>", info.get("containerRuntimeVersion") or "<unknown>"]


# ---- events ---------------------------------------------------------------------------
EVENT_COLUMNS: list[Column] = [
    ("Last Seen", "", 0, "The last time this event was observed"),
    ("Type", "", 0, "Type of this event (Normal, Warning)"),
    ("Reason", "", 0, "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."),
    ("Object", "", 0, "The object that this event is about."),
    ("Subobject", "", 1, "The subobject (field path) that this event is about."),
    ("Source", "", 1, "The component reporting this event."),
    ("Message", "", 0, "A human-readable description of the status of this operation."),
    ("First Seen", "", 1, "The first time this event was observed"),
    ("Count", "", 1, "The number of times this event has occurred."),
    ("Name", "name", 1, "Name must be unique within a namespace."),
]


def event_cells(ev: Mapping, now: _dt.datetime) -> list:
    first = ev.get("firstTimestamp") or ev.get("eventTime")
    last = ev.get("lastTimestamp") or dig(ev, "series", "lastObservedTime") or ev.get("eventTime") or first
    count = ev.get("count") or dig(ev, "series", "count") or 1
    inv = ev.get("involvedObject") or {}
    source = dig(ev, "source", "component") or ev.get("reportingComponent") or ""
    host = dig(ev, "source", "host")
    if host:
        source = f"{source}, {host}"
    return [since(last, now), ev.get("type") or "", ev.get("reason") or "",
            f"{str(inv.get('kind') or '').lower()}/{inv.get('name') or ''}", inv.get("fieldPath") or "",
            source, str(ev.get("message") or "").strip(), since(first, now), int(count),
            dig(ev, "metadata", "name") or ""]


# ---- namespaces, deployments, everything else -------------------------------------------
NAMESPACE_COLUMNS: list[Column] = [
    NAME_COLUMN,
    ("Status", "", 0, "The status of the namespace"),
    AGE_COLUMN,
]


def namespace_cells(ns: Mapping, now: _dt.datetime) -> list:
    return [dig(ns, "metadata", "name") or "", dig(ns, "status", "phase") or "",
            since(dig(ns, "metadata", "creationTimestamp"), now)]


DEPLOYMENT_COLUMNS: list[Column] = [
    NAME_COLUMN,
    ("Ready", "", 0, "Number of the pod with ready state"),
    ("Up-to-date", "integer", 0, "Total number of non-terminated pods targeted by this deployment that have the desired template spec."),
    ("Available", "integer", 0, "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
    AGE_COLUMN,
]


def deployment_cells(d: Mapping, now: _dt.datetime) -> list:
    st = d.get("status") or {}
    return [dig(d, "metadata", "name") or "",
            f"{int(st.get('readyReplicas') or 0)}/{int(dig(d, 'spec', 'replicas') or 0)}",
            int(st.get("updatedReplicas") or 0), int(st.get("availableReplicas") or 0),
            since(dig(d, "metadata", "creationTimestamp"), now)]


GENERIC_COLUMNS: list[Column] = [
    NAME_COLUMN,
    AGE_COLUMN,
]


def generic_cells(obj: Mapping, now: _dt.datetime) -> list:
    return [dig(obj, "metadata", "name") or "", since(dig(obj, "metadata", "creationTimestamp"), now)]


PRINTERS: dict[str, tuple[list[Column], Callable[[Mapping, _dt.datetime], list]]] = {
    "pods": (POD_COLUMNS, pod_cells),
    "nodes": (NODE_COLUMNS, node_cells),
    "events": (EVENT_COLUMNS, event_cells),
    "namespaces": (NAMESPACE_COLUMNS, namespace_cells),
    "deployments.apps": (DEPLOYMENT_COLUMNS, deployment_cells),
}


def printer(qualified: str):
    return PRINTERS.get(qualified, (GENERIC_COLUMNS, generic_cells))


def column_definitions(columns: list[Column]) -> list[dict]:
    return [{"name": n, "type": "integer" if f == "integer" else "string", "format": "" if f == "integer" else f,
             "description": desc, "priority": p} for n, f, p, desc in columns]


def partial_metadata(obj: Mapping) -> dict:
    """The row's `object` by default: PartialObjectMetadata (kubectl reads the
    namespace for -A and the labels for --show-labels / -L from it)."""
    meta = obj.get("metadata") or {}
    keep = {k: meta[k] for k in ("name", "namespace", "uid", "resourceVersion", "creationTimestamp",
                                 "deletionTimestamp", "labels", "annotations", "ownerReferences") if k in meta}
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1", "metadata": keep}
