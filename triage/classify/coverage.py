"""What evidence a bundle holds, by kind, and which layer a missing piece blinds.

Rules declare the evidence kinds they read (`EVIDENCE_KINDS`); the engine runs a rule
only when each kind it reads is present somewhere in the bundle (`present_kinds`), and
otherwise records a gap on the rule's layer naming what is missing. A gap about one
bundle piece (a forbidden log, a list that timed out) belongs to the layer of the
evidence it lacks (`piece_layer`): a device plugin's log is a plugin-layer gap, a
workload's log an application-layer gap, the node list a node-layer gap.

    >>> piece_layer("cluster-resources/pods/logs/gpu-operator/nvidia-device-plugin-daemonset-x2x/nvidia-device-plugin")
    'plugin'
    >>> piece_layer("cluster-resources/nodes")
    'node'
"""

from __future__ import annotations

from typing import Iterable, Mapping

from triage.bundle import layout
from triage.bundle.objects.gpu_stack import ROLE_BY_NAME_PREFIX

# evidence kind -> (what it is, the permission or source that brings it)
EVIDENCE_KINDS: Mapping[str, tuple[str, str]] = {
    "nodes": ("the node list (cluster-resources/nodes.json)", "list nodes (cluster scope)"),
    "pods": ("pod lists (cluster-resources/pods/<ns>.json)", "list pods"),
    "events": ("event lists (cluster-resources/events/<ns>.json)", "list events"),
    "pods/log": ("container logs (cluster-resources/pods/logs/...)", "get pods/log"),
    "pods/exec": ("in-container command output (gpu/exec/...)", "create pods/exec"),
    "node-files": ("node kernel logs and DCGM scrapes (gpu/nodes/<node>/...)",
                   "create pods/exec on the node's driver pod, get pods/proxy of the DCGM exporter"),
    "daemonsets": ("DaemonSet lists (cluster-resources/daemonsets/<ns>.json)", "list daemonsets (apps)"),
    "custom-resources": ("custom resources (cluster-resources/custom-resources/...: Kueue Workloads, ClusterPolicies)",
                         "list the custom resource (e.g. workloads.kueue.x-k8s.io)"),
}

# the layer each stack role's evidence speaks for
ROLE_LAYER: Mapping[str, str] = {
    "device-plugin": "plugin", "gfd": "plugin", "mig-manager": "plugin", "validator": "plugin", "nfd": "plugin",
    "plugin-validator": "plugin", "cuda-validator": "runtime", "operator": "plugin",
    "toolkit": "runtime", "driver": "driver", "dcgm-exporter": "driver", "dcgm": "driver",
}
# an operator validation init container speaks for the stage it validates
VALIDATION_LAYER: Mapping[str, str] = {
    "driver-validation": "driver", "toolkit-validation": "runtime", "cuda-validation": "runtime",
    "plugin-validation": "plugin", "nvidia-fs-validation": "driver", "vfio-pci-validation": "driver",
}


def present_kinds(files: Iterable[str]) -> frozenset[str]:
    """The evidence kinds that at least one file of the bundle holds."""
    out: set[str] = set()
    for path in files:
        if path.endswith("-errors.json"):
            continue
        if path == layout.NODES:
            out.add("nodes")
        elif path.startswith(layout.LOGS + "/"):
            out.add("pods/log")
        elif path.startswith(layout.GPU_EXEC + "/"):
            out.add("pods/exec")
        elif path.startswith(layout.GPU_NODES + "/"):
            out.add("node-files")
        elif path.startswith(layout.CUSTOM_RESOURCES + "/"):
            out.add("custom-resources")
        else:
            parsed = layout.parse_namespaced_list(path)
            if parsed and parsed[0] in ("pods", "events", "daemonsets"):
                out.add(parsed[0])
    return frozenset(out)


def missing_reads(reads: Iterable[str], present: frozenset[str]) -> tuple[str, ...]:
    """The declared reads (each `a|b` means either) that no file of the bundle holds."""
    return tuple(r for r in reads if not any(alt in present for alt in r.split("|")))


def _role_of_pod_name(name: str) -> str | None:
    for prefix, role in ROLE_BY_NAME_PREFIX:
        if name.startswith(prefix):
            return role
    return None


def piece_layer(piece: str, roles: Mapping[tuple[str, str], str] | None = None) -> str:
    """The layer a missing bundle piece (a path without its extension) blinds; "" when it
    is a whole list that every layer reads (pods, events of a namespace). `roles` maps
    (namespace, pod) to the pod's GPU-stack role when the pod list was read."""
    if piece.startswith(layout.NODES.removesuffix(".json")):
        return "node"
    ref = layout.parse_log_path(piece + ".log")
    if ref is not None:
        role = (roles or {}).get((ref.namespace, ref.pod)) or _role_of_pod_name(ref.pod)
        if role:
            return VALIDATION_LAYER.get(ref.container) or ROLE_LAYER.get(role, "plugin")
        return "application"
    if piece.startswith(layout.GPU_EXEC + "/"):
        parts = piece.split("/")
        ns, pod = (parts[2], parts[3]) if len(parts) > 3 else ("", "")
        role = (roles or {}).get((ns, pod)) or _role_of_pod_name(pod)
        # nvidia-smi in a stack pod speaks for that component's layer; in a workload, for
        # what the runtime injected into it
        return ROLE_LAYER.get(role, "driver") if role else "runtime"
    if piece.startswith(layout.GPU_NODES + "/"):
        return "driver"
    parsed = layout.parse_namespaced_list(piece + ".json")
    if parsed:
        kind = parsed[0]
        if kind == "daemonsets":
            return "plugin"
        if kind in ("resource-quota", "pvcs", "deployments", "replicasets", "statefulsets", "jobs"):
            return "scheduler"
        return ""
    if piece.startswith(layout.CUSTOM_RESOURCES + "/"):
        name = piece[len(layout.CUSTOM_RESOURCES) + 1:]
        if name.startswith(("clusterpolicies", "nvidiadrivers")):
            return "driver" if name.startswith("nvidiadrivers") else "plugin"
        if "resource.k8s.io" in name:
            return "scheduler"
    return ""


# What would close the gap of a layer that no check could examine, by layer.
LAYER_NEEDS: Mapping[str, str] = {
    "scheduler": "the pod's events (list events in its namespace) and its PodScheduled condition",
    "node": "the node object (list nodes, cluster scope)",
    "plugin": "the device plugin's pod and logs on the node (list pods and get pods/log in the plugin's "
              "namespace), or `gpu-triage collect node NODE`",
    "runtime": "the container toolkit's pod on the node, or a GPU container's start state and in-pod nvidia-smi "
               "(create pods/exec)",
    "driver": "the driver pod's state and log, or nvidia-smi / the kernel log of the node (create pods/exec in "
              "the driver's namespace)",
    "application": "the workload's current and previous logs (get pods/log in its namespace)",
}


# Which layer a collector's missing evidence leaves unchecked, from its name (a gap of a
# manifest or an older bundle names no layer itself).
_COLLECTOR_LAYER_WORDS = (
    ("plugin", "plugin"), ("daemonset", "plugin"), ("clusterpolic", "plugin"), ("gpu-stack", "plugin"),
    ("validator", "plugin"), ("operator", "plugin"), ("gfd", "plugin"), ("mig", "plugin"),
    ("runtime", "runtime"), ("toolkit", "runtime"), ("cdi", "runtime"),
    ("driver", "driver"), ("dmesg", "driver"), ("xid", "driver"), ("nvidia-smi", "driver"),
    ("node-files", "driver"), ("dcgm", "driver"), ("exec", "driver"),
    ("node", "node"),
    ("event", "scheduler"), ("quota", "scheduler"), ("pvc", "scheduler"),
    ("deployment", "scheduler"), ("replicaset", "scheduler"), ("statefulset", "scheduler"),
    ("job", "scheduler"), ("disruption", "scheduler"), ("owner", "scheduler"),
    ("log", "application"),
)


def collector_layer(collector: str, needs: str = "") -> str:
    """The layer a gap of `collector` leaves unchecked, "" when the name tells none (a
    whole pod list: every layer reads it).

    >>> collector_layer("nodes"), collector_layer("logs"), collector_layer("exec"), collector_layer("pods")
    ('node', 'application', 'driver', '')
    """
    name = collector.lower()
    for word, layer in _COLLECTOR_LAYER_WORDS:
        if word in name:
            return layer
    return ""
