"""`kubectl get events` and `kubectl get pods [-o wide]` tables -> Event / Pod objects.

    NAMESPACE   LAST SEEN   TYPE      REASON             OBJECT                         MESSAGE
    llm         2m          Warning   FailedScheduling   pod/qwen-vllm-7d9f8c6b5-x2x4k   0/4 nodes are available: ...

    NAME                                   READY   STATUS             RESTARTS      AGE   IP           NODE
    nvidia-device-plugin-daemonset-t2x8q   0/1     CrashLoopBackOff   14 (2m ago)   1h    10.244.1.4   gpu-t4-2

The header's column starts cut each row (kubectl aligns columns with spaces); a row whose
cells do not sit under the header (spaces squeezed by a chat tool) is split on
whitespace instead, the last column taking the rest. A get-pods row says less than
describe: its containers are unnamed (`container-1` ...) and it carries no resources.
"""

from __future__ import annotations

import re

from triage import lazy_re
from triage.evidence.pasted.source_map import Anchor

_HEADER_CELL = lazy_re.compile(r"\S+(?: \S+)*")          # cells are separated by two spaces or more


def header_columns(header: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in _HEADER_CELL.finditer(header)]


def split_row(row: str, columns: list[tuple[str, int]]) -> dict[str, str]:
    starts = [s for _, s in columns]
    if starts and starts[0] < 0:
        cells = row.split(None, len(columns) - 1)
        if len(cells) > 3 and cells[3].isdigit() and len(cells) > 4 and cells[4].startswith("("):
            cells = cells[:3] + [cells[3] + " " + cells[4]] + cells[5:]       # RESTARTS "438 (3m9s ago)"
        return {name: (cells[i] if i < len(cells) else "") for i, (name, _) in enumerate(columns)}
    aligned = all(s == 0 or (s <= len(row) and row[s - 1] == " ") for s in starts[1:])
    cells: list[str]
    if aligned:
        cells = [row[s:(starts[i + 1] if i + 1 < len(starts) else len(row))].strip() for i, s in enumerate(starts)]
    else:
        cells = row.split(None, len(columns) - 1)
    return {name: (cells[i] if i < len(cells) else "") for i, (name, _) in enumerate(columns)}


def _rows(lines: list[str], first_line: int, must: str, implied: str | None = None):
    """Rows under the table's header; `implied` is the header of a table pasted without one."""
    columns = None
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if columns is None and must not in line and implied:
            columns = [(name, -1) for name in implied.split()]       # split on whitespace, not offsets
        if columns is None or (must in line and line.lstrip().startswith(line.split()[0]) and
                               line.split()[0] in ("NAME", "NAMESPACE", "LAST")):
            if must in line:
                columns = header_columns(line)
            continue
        yield split_row(line, columns), first_line + i


def parse_get_events(lines: list[str], first_line: int, namespace: str = "default") -> tuple[list[dict], list[Anchor]]:
    events, anchors = [], []
    for row, n in _rows(lines, first_line, "REASON"):
        obj = row.get("OBJECT") or ""
        if "/" in obj:
            kind_word, _, name = obj.partition("/")
        else:
            kind_word, name = row.get("KIND") or "", row.get("NAME") or obj
        kind = {"pod": "Pod", "node": "Node", "daemonset": "DaemonSet", "deployment": "Deployment",
                "replicaset": "ReplicaSet", "job": "Job", "statefulset": "StatefulSet"}.get(kind_word.lower(),
                                                                                       kind_word or "Pod")
        reason, message = row.get("REASON") or "", row.get("MESSAGE") or ""
        if not reason or not name:
            continue
        ns = row.get("NAMESPACE") or namespace
        count = (row.get("COUNT") or "1").split()[0]
        ev = {"apiVersion": "v1", "kind": "Event", "metadata": {"name": f"{name}.pasted-{n}", "namespace": ns},
              "involvedObject": {"kind": kind, "name": name, **({"namespace": ns} if kind != "Node" else {})},
              "reason": reason, "message": message, "type": row.get("TYPE") or "Normal",
              "count": int(count) if count.isdigit() else 1, "source": {"component": row.get("SOURCE") or ""}}
        events.append(ev)
        anchors.append(Anchor("", (reason, message[:60]), n))
    return events, anchors


_PHASES = {"Running": "Running", "Pending": "Pending", "Completed": "Succeeded", "Succeeded": "Succeeded",
           "Failed": "Failed", "Error": "Failed", "Evicted": "Failed", "Unknown": "Unknown"}
_WAITING = ("CrashLoopBackOff", "ImagePullBackOff", "ErrImagePull", "CreateContainerError",
            "CreateContainerConfigError", "ContainerCreating", "PodInitializing", "RunContainerError",
            "InvalidImageName", "StartError")


def parse_get_pods(lines: list[str], first_line: int, namespace: str = "default") -> list[tuple[dict, list[Anchor], int]]:
    out = []
    for row, n in _rows(lines, first_line, "READY", implied="NAME READY STATUS RESTARTS AGE"):
        name = row.get("NAME") or ""
        if not name or name == "NAME":
            continue
        ns = row.get("NAMESPACE") or namespace
        ready_text = row.get("READY") or "0/0"
        ready, _, total = ready_text.partition("/")
        total_n = int(total) if total.isdigit() else 1
        ready_n = int(ready) if ready.isdigit() else 0
        status_word = row.get("STATUS") or ""
        restarts = (row.get("RESTARTS") or "0").split()[0]
        restart_n = int(restarts) if restarts.isdigit() else 0
        node = row.get("NODE") or ""
        phase = _PHASES.get(status_word, "Pending" if status_word in ("Pending", "ContainerCreating") or
                            status_word.startswith("Init:") else "Running")
        statuses = []
        for i in range(max(total_n, 1)):
            st: dict = {"name": f"container-{i + 1}", "ready": i < ready_n, "restartCount": restart_n}
            if status_word in _WAITING:
                st["state"] = {"waiting": {"reason": status_word}}
            elif status_word in ("Error", "OOMKilled", "Completed"):
                st["state"] = {"terminated": {"reason": status_word, "exitCode": 0 if status_word == "Completed" else 1}}
            elif status_word == "Running" and i < ready_n:
                st["state"] = {"running": {}}
            elif status_word == "Running":
                st["state"] = {"running": {}}
            statuses.append(st)
        raw = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name, "namespace": ns},
               "spec": {"containers": [{"name": s["name"]} for s in statuses],
                        **({"nodeName": node} if node and node != "<none>" else {})},
               "status": {"phase": phase, "containerStatuses": statuses,
                          **({"podIP": row["IP"]} if row.get("IP") and row["IP"] != "<none>" else {})}}
        if status_word in ("Evicted", "OOMKilled"):
            raw["status"]["reason"] = status_word
        anchors = [Anchor(name, (), n)]
        if status_word and status_word != "Running":
            # a citation of this row's state names its reason and restart count, not the pod
            anchors.append(Anchor(name, (status_word, str(restart_n)), n))
        out.append((raw, anchors, n))
    return out


def parse_get_nodes(lines: list[str], first_line: int) -> list[tuple[str, str, int]]:
    """(name, STATUS, line) of `kubectl get nodes` rows."""
    return [(row.get("NAME") or "", row.get("STATUS") or "", n)
            for row, n in _rows(lines, first_line, "STATUS") if row.get("NAME")]
