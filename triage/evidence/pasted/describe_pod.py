"""`kubectl describe pod` text -> a Pod object (API shape), its events, and the input line
of each field (anchors).

Real sample (NVIDIA/k8s-device-plugin#430, fixtures/inputs/pasted/):

    Name:             triton-inference-server-5b6c7f889c-f54c6
    Namespace:        default
    Node:             <none>
    Status:           Pending
    Controlled By:    ReplicaSet/triton-inference-server-5b6c7f889c
    Containers:
      triton-server:
        Limits:
          nvidia.com/gpu:  1
    Conditions:
      Type           Status
      PodScheduled   False
    Events:
      Type     Reason            Age                  From               Message
      Warning  FailedScheduling  26m (x150 over 12h)  default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu. ...

What describe does not print (the scheduler's condition message, image IDs) is absent
from the object, never invented; a Pending pod's PodScheduled=False condition gets the
message of its last FailedScheduling event, which is what the scheduler wrote there.
"""

from __future__ import annotations

from msgspec import Struct

from triage.evidence.k8s_events.describe_text import parse_describe_states, parse_event_rows
from triage.evidence.pasted.describe_fields import Field, by_key, key_values, resource_lines, rfc3339, sub_key, top_fields
from triage.evidence.pasted.source_map import Anchor


class DescribedObject(Struct):
    raw: dict                      # the object, API-shaped
    events: list[dict]             # Event objects of its Events table
    anchors: list[Anchor]
    event_anchors: list[Anchor]
    line: int                      # its Name: line
    listed_pods: tuple[tuple[str, str, int], ...] = ()   # a node's Non-terminated Pods: (namespace, name, line)


def _state_raw(state) -> dict:
    if state is None or state.kind == "unknown":
        return {}
    body: dict = {}
    if state.reason:
        body["reason"] = state.reason
    if state.message:
        body["message"] = state.message
    if state.kind == "terminated":
        if state.exit_code is not None:
            body["exitCode"] = state.exit_code
        if state.signal is not None:
            body["signal"] = state.signal
    for key, text in (("startedAt", state.started_at), ("finishedAt", state.finished_at)):
        stamp = rfc3339(text) if text else None
        if stamp:
            body[key] = stamp
    return {state.kind: body}


def _containers(f: Field | None, pod_name: str, anchors: list[Anchor], init: bool):
    """(spec containers, container statuses) of a Containers: / Init Containers: section."""
    specs: list[dict] = []
    statuses: list[dict] = []
    if f is None:
        return specs, statuses
    groups: list[tuple[str, int, list[tuple[str, int]]]] = []
    for text, n in f.body:
        sk = sub_key(text)
        if sk and sk[0] == 2 and not sk[2]:
            groups.append((sk[1], n, []))
        elif groups:
            groups[-1][2].append((text, n))
    for name, n, body in groups:
        anchors.append(Anchor(pod_name, (f"[{name}]",), n))
        spec: dict = {"name": name}
        status: dict = {"name": name}
        section, section_lines = None, {}
        state_at = last_at = None
        for i, (text, ln) in enumerate(body):
            sk = sub_key(text)
            if sk and sk[0] == 4:
                key, value = sk[1], sk[2]
                section = key
                section_lines[key] = i
                if key == "Image":
                    spec["image"] = value
                    status["image"] = value
                elif key == "Image ID" and value:
                    status["imageID"] = value
                elif key == "Container ID" and value:
                    status["containerID"] = value
                elif key == "Ready":
                    status["ready"] = value == "True"
                    anchors.append(Anchor(pod_name, (f"[{name}]", "ready"), ln))
                elif key == "Restart Count":
                    status["restartCount"] = int(value) if value.isdigit() else 0
                    anchors.append(Anchor(pod_name, (f"[{name}]", "restartCount"), ln))
                elif key == "State":
                    state_at = i
                    anchors.append(Anchor(pod_name, (f"[{name}]", "state"), ln))
                elif key == "Last State":
                    last_at = i
                    anchors.append(Anchor(pod_name, (f"[{name}]", "lastState"), ln))
                elif key in ("Limits", "Requests"):
                    anchors.append(Anchor(pod_name, (f"[{name}]", key.lower()), ln))
        lines = [t for t, _ in body]
        stop = [v for k, v in section_lines.items() if k not in ("State", "Last State", "Reason", "Message",
                                                                  "Exit Code", "Signal", "Started", "Finished")]
        if state_at is not None:
            end = min([x for x in stop + ([last_at] if last_at is not None else []) if x > state_at] or [len(lines)])
            st = parse_describe_states("\n".join(lines[state_at:end]))
            if st:
                status["state"] = _state_raw(st[0])
        if last_at is not None:
            end = min([x for x in stop if x > last_at] or [len(lines)])
            st = parse_describe_states("\n".join(lines[last_at:end]))
            if st:
                status["lastState"] = _state_raw(st[0])
        resources: dict = {}
        for key in ("Limits", "Requests"):
            if key in section_lines:
                start = section_lines[key] + 1
                block = []
                for text, ln in body[start:]:
                    sk = sub_key(text)
                    if sk is None or sk[0] <= 4:
                        break
                    block.append((text, ln))
                got = {r: q for r, q, _ in resource_lines(block)}
                if got:
                    resources[key.lower()] = got
        spec["resources"] = resources
        specs.append(spec)
        if len(status) > 2 or "state" in status:
            status.setdefault("ready", False)
            status.setdefault("restartCount", 0)
            statuses.append(status)
    return specs, statuses


def _tolerations(f: Field | None) -> list[dict]:
    out = []
    for text, _ in (f.values() if f else ()):
        # node.kubernetes.io/not-ready:NoExecute op=Exists for 300s | nvidia.com/gpu=present:NoSchedule
        head = text.split()[0] if text.split() else ""
        if not head:
            continue
        key_value, _, effect = head.rpartition(":") if ":" in head else (head, "", "")
        tol: dict = {}
        if "=" in key_value:
            k, v = key_value.split("=", 1)
            tol.update(key=k, operator="Equal", value=v)
        else:
            tol.update(key=key_value, operator="Exists")
        if effect:
            tol["effect"] = effect
        if " for " in text and text.rsplit(" for ", 1)[1].rstrip("s").isdigit():
            tol["tolerationSeconds"] = int(text.rsplit(" for ", 1)[1].rstrip("s"))
        out.append(tol)
    return out


def event_objects(text_lines: list[tuple[str, int]], namespace: str, kind: str, name: str,
                  anchor_obj: str) -> tuple[list[dict], list[Anchor]]:
    """The Events table's rows as Event objects about `kind/name`, and their anchors."""
    events, anchors = [], []
    for text, n in text_lines:
        rows = parse_event_rows(text)
        if not rows:
            continue
        row = rows[0]
        source = row.source.split(",")
        ev = {"apiVersion": "v1", "kind": "Event",
              "metadata": {"name": f"{name}.pasted-{n}", "namespace": namespace},
              "involvedObject": {"kind": kind, "name": name, **({"namespace": namespace} if kind != "Node" else {})},
              "reason": row.reason, "message": row.message, "type": row.type, "count": row.count,
              "source": {"component": source[0].strip(), **({"host": source[1].strip()} if len(source) > 1 else {})}}
        events.append(ev)
        anchors.append(Anchor("", (row.reason, row.message[:60]), n))
        anchors.append(Anchor(anchor_obj, (row.reason, row.message[:60]), n))
    return events, anchors


def parse_describe_pod(lines: list[str], first_line: int) -> DescribedObject | None:
    """One pod's describe text (starting at its Name: line); None without a Name."""
    fields = top_fields(lines, first_line)
    keys = by_key(fields)
    name_f = keys.get("Name")
    if name_f is None or not name_f.value:
        return None
    name = name_f.value.split()[0]
    ns = (keys["Namespace"].value.split() or ["default"])[0] if "Namespace" in keys else "default"
    anchors: list[Anchor] = [Anchor(name, (), name_f.line)]
    meta: dict = {"name": name, "namespace": ns}
    labels = {}
    for text, _ in (keys["Labels"].values() if "Labels" in keys else ()):
        labels.update(key_values(text))
    if labels:
        meta["labels"] = labels
    if "Controlled By" in keys and "/" in keys["Controlled By"].value:
        kind, _, owner = keys["Controlled By"].value.partition("/")
        meta["ownerReferences"] = [{"apiVersion": "apps/v1" if kind in ("ReplicaSet", "DaemonSet", "StatefulSet")
                                    else "batch/v1" if kind == "Job" else "v1",
                                    "kind": kind.strip(), "name": owner.strip(), "controller": True}]
        anchors.append(Anchor(name, ("ownerReferences",), keys["Controlled By"].line))
    spec: dict = {}
    status: dict = {}
    if "Node" in keys:
        node = keys["Node"].value.split("/")[0].strip()
        if node and node != "<none>":
            spec["nodeName"] = node
            anchors.append(Anchor(name, ("nodeName",), keys["Node"].line))
    if "Priority" in keys and keys["Priority"].value.lstrip("-").isdigit():
        spec["priority"] = int(keys["Priority"].value)
    if "Priority Class Name" in keys:
        spec["priorityClassName"] = keys["Priority Class Name"].value
    if "Service Account" in keys:
        spec["serviceAccountName"] = keys["Service Account"].value
    if "Runtime Class Name" in keys:
        spec["runtimeClassName"] = keys["Runtime Class Name"].value
    selectors = {}
    for text, _ in (keys["Node-Selectors"].values() if "Node-Selectors" in keys else ()):
        selectors.update(key_values(text))
    if selectors:
        spec["nodeSelector"] = selectors
        anchors.append(Anchor(name, ("requires",), keys["Node-Selectors"].line))
        anchors.append(Anchor(name, ("nodeSelector",), keys["Node-Selectors"].line))
    tolerations = _tolerations(keys.get("Tolerations"))
    if tolerations:
        spec["tolerations"] = tolerations
    init_specs, init_statuses = _containers(keys.get("Init Containers"), name, anchors, init=True)
    specs, statuses = _containers(keys.get("Containers"), name, anchors, init=False)
    spec["containers"] = specs
    if init_specs:
        spec["initContainers"] = init_specs
    if "Status" in keys:
        phase = keys["Status"].value.split()[0] if keys["Status"].value.split() else ""
        status["phase"] = phase if phase in ("Pending", "Running", "Succeeded", "Failed", "Unknown") else "Running"
        anchors.append(Anchor(name, ("status",), keys["Status"].line))
        anchors.append(Anchor(name, ("phase",), keys["Status"].line))
    for key, api in (("Reason", "reason"), ("Message", "message")):
        if key in keys and keys[key].value:
            status[api] = " ".join(t for t, _ in keys[key].values())
            anchors.append(Anchor(name, ("status:", status[api][:40]), keys[key].line))
    if "QoS Class" in keys:
        status["qosClass"] = keys["QoS Class"].value
    if "IP" in keys and keys["IP"].value and keys["IP"].value != "<none>":
        status["podIP"] = keys["IP"].value
    start = rfc3339(keys["Start Time"].value) if "Start Time" in keys else None
    if start:
        status["startTime"] = start
    conditions = []
    for text, n in (keys["Conditions"].body if "Conditions" in keys else ()):
        cells = text.split()
        if len(cells) >= 2 and cells[1] in ("True", "False", "Unknown") and cells[0] != "Type":
            conditions.append({"type": cells[0], "status": cells[1]})
            anchors.append(Anchor(name, (cells[0],), n))
    events, event_anchors = event_objects(keys["Events"].body if "Events" in keys else [], ns, "Pod", name, name)
    scheduled = next((c for c in conditions if c["type"] == "PodScheduled"), None)
    failed = [e for e in events if e["reason"] == "FailedScheduling"]
    if scheduled is not None and scheduled["status"] == "False":
        scheduled["reason"] = "Unschedulable"
        if failed:
            scheduled["message"] = failed[-1]["message"]
            anchors.append(Anchor(name, ("PodScheduled", failed[-1]["message"][:40]),
                                  next(a.line for a in event_anchors if a.keys[1] == failed[-1]["message"][:60])))
    if conditions:
        status["conditions"] = conditions
    if init_statuses:
        status["initContainerStatuses"] = init_statuses
    if statuses:
        status["containerStatuses"] = statuses
    raw = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec, "status": status}
    return DescribedObject(raw, events, anchors, event_anchors, name_f.line)


def split_described(lines: list[str], first_line: int) -> list[tuple[list[str], int]]:
    """`kubectl describe pods` of several pods: one chunk per `Name:` line at column 0."""
    chunks: list[tuple[list[str], int]] = []
    for i, line in enumerate(lines):
        if line.startswith("Name:") or not chunks:
            chunks.append(([], first_line + i))
        chunks[-1][0].append(line)
    return chunks
