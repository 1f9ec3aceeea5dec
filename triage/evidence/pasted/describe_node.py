"""`kubectl describe node` text -> a Node object (API shape), its events, and anchors.

Real sample (NVIDIA/k8s-device-plugin#285, fixtures/inputs/pasted/): a node whose
Capacity and Allocatable list no nvidia.com/gpu:

    Capacity:
      cpu:                12
      memory:             16325228Ki
      pods:               110
    Allocatable:
      cpu:                12
    System Info:
      Kernel Version:             5.11.0-43-generic
      Container Runtime Version:  docker://20.10.8

Labels, Taints (`nvidia.com/gpu=present:NoSchedule`), Unschedulable, the Conditions table
(through inventory.parse_describe_conditions), Capacity / Allocatable (through
inventory.parse_describe_resources) and System Info are read; a paste cut above its
`Name:` line gets the name the prompt gave (`kubectl describe node gpu-1`), else
`pasted-node-N`, and says so.
"""

from __future__ import annotations

from triage.evidence.inventory import parse_describe_conditions, parse_describe_resources
from triage.evidence.pasted.describe_fields import Field, by_key, key_values, rfc3339, sub_key, top_fields
from triage.evidence.pasted.describe_pod import DescribedObject, event_objects
from triage.evidence.pasted.source_map import Anchor

_SYSTEM_INFO = {"Kernel Version": "kernelVersion", "OS Image": "osImage", "Operating System": "operatingSystem",
                "Architecture": "architecture", "Container Runtime Version": "containerRuntimeVersion",
                "Kubelet Version": "kubeletVersion", "Kube-Proxy Version": "kubeProxyVersion",
                "Machine ID": "machineID", "System UUID": "systemUUID", "Boot ID": "bootID"}


def _taints(f: Field | None) -> list[tuple[dict, int]]:
    out = []
    for text, n in (f.values() if f else ()):
        head, _, effect = text.rpartition(":")
        if not head or effect not in ("NoSchedule", "PreferNoSchedule", "NoExecute"):
            continue
        key, _, value = head.partition("=")
        taint = {"key": key, "effect": effect}
        if value:
            taint["value"] = value
        out.append((taint, n))
    return out


def _resources(f: Field | None) -> tuple[dict[str, str], dict[str, int]]:
    values, lines = {}, {}
    for text, n in (f.body if f else ()):
        sk = sub_key(text)
        if sk and sk[2]:
            values[sk[1]] = sk[2].split()[0]
            lines[sk[1]] = n
    return values, lines


def parse_describe_node(lines: list[str], first_line: int, fallback_name: str) -> DescribedObject | None:
    fields = top_fields(lines, first_line)
    keys = by_key(fields)
    name_f = keys.get("Name")
    name = name_f.value.split()[0] if name_f is not None and name_f.value else fallback_name
    head_line = name_f.line if name_f is not None else first_line
    anchors: list[Anchor] = [Anchor(name, (), head_line)]
    meta: dict = {"name": name}
    labels: dict[str, str] = {}
    for text, n in (keys["Labels"].values() if "Labels" in keys else ()):
        got = key_values(text)
        labels.update(got)
        for k, v in got.items():
            anchors.append(Anchor(name, ("label", f"{k}={v}"), n))
            anchors.append(Anchor(name, (k,), n))
    if labels:
        meta["labels"] = labels
        anchors.append(Anchor(name, ("labels",), keys["Labels"].line))
    annotations: dict[str, str] = {}
    for text, _ in (keys["Annotations"].values() if "Annotations" in keys else ()):
        if ": " in text:
            k, v = text.split(": ", 1)
            annotations[k.strip()] = v.strip()
    if annotations:
        meta["annotations"] = annotations
    created = rfc3339(keys["CreationTimestamp"].value) if "CreationTimestamp" in keys else None
    if created:
        meta["creationTimestamp"] = created
    spec: dict = {}
    taints = _taints(keys.get("Taints"))
    if taints:
        spec["taints"] = [t for t, _ in taints]
        for t, n in taints:
            anchors.append(Anchor(name, ("taint", t["key"]), n))
    if "Unschedulable" in keys and keys["Unschedulable"].value == "true":
        spec["unschedulable"] = True
        anchors.append(Anchor(name, ("unschedulable",), keys["Unschedulable"].line))
    if "ProviderID" in keys:
        spec["providerID"] = keys["ProviderID"].value
    status: dict = {}
    capacity, cap_lines = _resources(keys.get("Capacity"))
    allocatable, alloc_lines = _resources(keys.get("Allocatable"))
    if "Capacity" not in keys and "Allocatable" not in keys:
        described = parse_describe_resources("\n".join(lines))      # a grep of describe output
        if described is not None:
            capacity = {q.resource: q.value for q in described.capacity}
            allocatable = {q.resource: q.value for q in described.allocatable}
    if "Capacity" in keys or capacity:
        status["capacity"] = capacity
        line = keys["Capacity"].line if "Capacity" in keys else head_line
        anchors.append(Anchor(name, ("capacity",), line))
        for res, n in cap_lines.items():
            anchors.append(Anchor(name, (f"capacity[{res}]",), n))
    if "Allocatable" in keys or allocatable:
        status["allocatable"] = allocatable
        line = keys["Allocatable"].line if "Allocatable" in keys else head_line
        anchors.append(Anchor(name, ("allocatable",), line))
        anchors.append(Anchor(name, ("status.allocatable",), line))
        for res, n in alloc_lines.items():
            anchors.append(Anchor(name, (f"allocatable[{res}]",), n))
    conditions = []
    for text, n in (keys["Conditions"].body if "Conditions" in keys else ()):
        for c in parse_describe_conditions(text):
            raw = {"type": c.type, "status": c.status, "reason": c.reason, "message": c.message}
            stamp = rfc3339(c.last_transition) if c.last_transition else None
            if stamp:
                raw["lastTransitionTime"] = stamp
            conditions.append(raw)
            anchors.append(Anchor(name, (f"conditions[{c.type}]",), n))
            anchors.append(Anchor(name, (c.type, c.reason), n))
    if conditions:
        status["conditions"] = conditions
    info = {}
    for text, n in (keys["System Info"].body if "System Info" in keys else ()):
        sk = sub_key(text)
        if sk and sk[1] in _SYSTEM_INFO:
            info[_SYSTEM_INFO[sk[1]]] = sk[2]
            anchors.append(Anchor(name, (sk[2],), n) if sk[2] else Anchor(name, (sk[1],), n))
    if info:
        status["nodeInfo"] = info
    addresses = []
    for text, _ in (keys["Addresses"].body if "Addresses" in keys else ()):
        sk = sub_key(text)
        if sk and sk[2]:
            addresses.append({"type": sk[1], "address": sk[2]})
    if addresses:
        status["addresses"] = addresses
    events, event_anchors = event_objects(keys["Events"].body if "Events" in keys else [], "default", "Node",
                                          name, name)
    listed = []
    for text, n in (keys["Non-terminated Pods"].body if "Non-terminated Pods" in keys else ()):
        cells = text.split()
        if len(cells) >= 2 and cells[0] not in ("Namespace", "---------") and not cells[0].startswith("-"):
            listed.append((cells[0], cells[1], n))
    raw = {"apiVersion": "v1", "kind": "Node", "metadata": meta, "spec": spec, "status": status}
    return DescribedObject(raw, events, anchors, event_anchors, head_line, tuple(listed))
