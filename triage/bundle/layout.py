"""Every path of the bundle layout (shared/contracts/bundle-v1.md), in one place.

Writer, reader, collectors, the replay server and the synthetic generator all
build and parse bundle paths through this module, never by hand.
"""

from __future__ import annotations

import re
from msgspec import Struct

from triage import lazy_re

MANIFEST = "manifest.json"
FORMAT_NAME = "gpu-triage-bundle"
FORMAT_VERSION = 1

CLUSTER_VERSION = "cluster-info/cluster_version.json"
NODES = "cluster-resources/nodes.json"
RESOURCES = "cluster-resources"
CUSTOM_RESOURCES = "cluster-resources/custom-resources"
LOGS = "cluster-resources/pods/logs"
GPU_EXEC = "gpu/exec"
GPU_NODES = "gpu/nodes"

# Namespaced lists: kind of list -> folder under cluster-resources/.
NAMESPACED_KINDS = {
    "pods": "pods",
    "events": "events",
    "deployments": "deployments",
    "replicasets": "replicasets",
    "statefulsets": "statefulsets",
    "daemonsets": "daemonsets",
    "jobs": "jobs",
    "pvcs": "pvcs",
    "resource-quota": "resource-quota",
    "pod-disruption-budgets": "pod-disruption-budgets",
}
# Older troubleshoot versions wrote these folder names; readers accept both.
LEGACY_FOLDERS = {"resource-quotas": "resource-quota"}

ERRORS_SUFFIX = "-errors.json"


def namespaced_list(kind: str, namespace: str) -> str:
    """cluster-resources/<kind>/<ns>.json, e.g. namespaced_list("pods", "llm")."""
    return f"{RESOURCES}/{NAMESPACED_KINDS[kind]}/{_seg(namespace)}.json"


# Pieces that are not one namespace's list: a list across every namespace, or the pods on
# one node (fieldSelector spec.nodeName). Used only to name the errors file of a failed read.
ALL_NAMESPACES = "_all"
ON_NODE = "_node_"


def list_scope(segment: str) -> str:
    """Where the list a piece names was read, in words for a gap: "in namespace llm",
    "in all namespaces", "on node gpu-node-1" (never a namespace named `_all` or `_node_x`)."""
    if segment == ALL_NAMESPACES:
        return "in all namespaces"
    if segment.startswith(ON_NODE):
        return f"on node {segment[len(ON_NODE):]}"
    return f"in namespace {segment}"


def custom_resource(plural_group: str, namespace: str | None = None) -> str:
    """custom-resources/<plural>.<group>.json (cluster scope) or
    custom-resources/<plural>.<group>/<ns>.json (namespaced); JSON arrays."""
    if namespace is None:
        return f"{CUSTOM_RESOURCES}/{_seg(plural_group)}.json"
    return f"{CUSTOM_RESOURCES}/{_seg(plural_group)}/{_seg(namespace)}.json"


def container_log(namespace: str, pod: str, container: str, previous: bool = False) -> str:
    suffix = "-previous" if previous else ""
    return f"{LOGS}/{_seg(namespace)}/{_seg(pod)}/{_seg(container)}{suffix}.log"


def exec_paths(namespace: str, pod: str, container: str, name: str) -> "ExecPaths":
    base = f"{GPU_EXEC}/{_seg(namespace)}/{_seg(pod)}/{_seg(container)}/{_seg(name)}"
    return ExecPaths(stdout=base + ".stdout", stderr=base + ".stderr", meta=base + ".json")


def node_dmesg(node: str) -> str:
    return f"{GPU_NODES}/{_seg(node)}/dmesg.log"


def node_dcgm(node: str) -> str:
    return f"{GPU_NODES}/{_seg(node)}/dcgm.prom"


# A Prometheus HTTP API answer (`/api/v1/query`, JSON as Prometheus returned it, plus the
# query asked) of avg_over_time(DCGM_FI_DEV_GPU_UTIL[<window>]): the audit's window of GPU use.
PROMETHEUS_GPU_UTIL = "gpu/prometheus/dcgm_gpu_util_avg.json"


def errors_path(path: str) -> str:
    """The `<path>-errors.json` beside a piece that could not be collected."""
    if path.endswith(".json"):
        path = path[: -len(".json")]
    elif path.endswith(".log"):
        path = path[: -len(".log")]
    return path + ERRORS_SUFFIX


def command_slug(command: list[str] | tuple[str, ...]) -> str:
    """`nvidia-smi -q -x` -> `nvidia-smi-q-x`; `nvidia-smi -L` -> `nvidia-smi-L`."""
    parts = []
    for word in command:
        word = word.lstrip("-")
        word = re.sub(r"[^A-Za-z0-9._]+", "-", word).strip("-")
        if word:
            parts.append(word)
    return "-".join(parts)[:80] or "command"


class ExecPaths(Struct, frozen=True):
    stdout: str
    stderr: str
    meta: str


# ---- parsing paths back (reader side) -------------------------------------------

_LOG_RE = lazy_re.compile(rf"^{LOGS}/([^/]+)/([^/]+)/([^/]+?)(-previous)?\.log$")
_EXEC_RE = lazy_re.compile(rf"^{GPU_EXEC}/([^/]+)/([^/]+)/([^/]+)/([^/]+)\.(stdout|stderr|json)$")
_NAMESPACED_RE = lazy_re.compile(rf"^{RESOURCES}/([a-z-]+)/([^/]+)\.json$")


class LogRef(Struct, frozen=True):
    namespace: str
    pod: str
    container: str
    previous: bool


def parse_log_path(path: str) -> LogRef | None:
    m = _LOG_RE.match(path)
    if not m:
        return None
    return LogRef(m.group(1), m.group(2), m.group(3), bool(m.group(4)))


def parse_exec_path(path: str) -> tuple[str, str, str, str, str] | None:
    """-> (namespace, pod, container, name, stdout|stderr|json)"""
    m = _EXEC_RE.match(path)
    return m.groups() if m else None


def parse_namespaced_list(path: str) -> tuple[str, str] | None:
    """-> (kind, namespace) for cluster-resources/<kind>/<ns>.json, legacy names mapped."""
    m = _NAMESPACED_RE.match(path)
    if not m:
        return None
    folder, ns = m.groups()
    folder = LEGACY_FOLDERS.get(folder, folder)
    if folder not in NAMESPACED_KINDS.values():
        return None
    return folder, ns


def _seg(value: str) -> str:
    """A path segment from a Kubernetes name: names cannot hold '/', but a bundle
    is untrusted and a writer must never produce a path that climbs out."""
    value = str(value)
    if not value or value in (".", "..") or "/" in value or "\\" in value or "\x00" in value:
        raise ValueError(f"not a valid path segment: {value!r}")
    return value
