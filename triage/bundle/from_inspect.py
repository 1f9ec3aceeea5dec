"""OpenShift's `oc adm inspect` tree (and the default `oc adm must-gather`, which writes the same
layout) -> a bundle.

The layout is oc's own (openshift/oc pkg/cli/admin/inspect: `dirPathForInfo`, `filenameForInfo`,
`gatherPodData`, `gatherContainerLogs`), for `oc adm inspect ns/nvidia-gpu-operator --dest-dir=DIR`:

    namespaces/<ns>/<ns>.yaml                                        the Namespace
    namespaces/<ns>/<group>/<resource>.yaml                          a list: core/pods.yaml, core/events.yaml,
                                                                     apps/daemonsets.yaml, batch/jobs.yaml ...
    namespaces/<ns>/pods/<pod>/<pod>.yaml                            each pod
    namespaces/<ns>/pods/<pod>/<ctr>/<ctr>/logs/current.log          `--timestamps` log (current.insecure.log
                                                        previous.log  when the kubelet's TLS was skipped)
    cluster-scoped-resources/<group>/<resource>/<name>.yaml          one object (`inspect node/x`)
    cluster-scoped-resources/<group>/<resource>.yaml                 a list (`inspect nodes`)
    event-filter.html, timestamp, aggregated-discovery-*.yaml        oc's own pages and marks

Downloaded by `oc adm must-gather` the tree sits under `must-gather.local.*/<image>/`. Each object goes
where a collection puts it; citations name the inspect file and line. `read_tree` is shared with the
GPU Operator's must-gather reader, which reads an inspect tree downloaded beside its own files.
"""

from __future__ import annotations

import os
from msgspec import Struct, field
from pathlib import Path

from triage.bundle import layout
from triage.bundle.redacting_writer import RedactingWriter
from triage.errors import BundleError
from triage.evidence.pasted.dump_text import yaml_item_lines
from triage.evidence.pasted.source_map import Anchor, SourceMap

MAX_FILE = 256 * 1024 * 1024
MAX_FILES = 100_000
MAX_LOG_BYTES = 5 * 1024 * 1024       # what a collection keeps of a log (README: 5 MiB, 10,000 lines)
MAX_LOG_LINES = 10_000
MAX_LINE = 16_384
# list files of a namespace -> the bundle's namespaced kind
_LISTS = {"core/pods.yaml": "pods", "core/events.yaml": "events", "apps/daemonsets.yaml": "daemonsets",
          "apps/deployments.yaml": "deployments", "apps/replicasets.yaml": "replicasets",
          "apps/statefulsets.yaml": "statefulsets", "batch/jobs.yaml": "jobs",
          "core/persistentvolumeclaims.yaml": "pvcs", "core/resourcequotas.yaml": "resource-quota",
          "policy/poddisruptionbudgets.yaml": "pod-disruption-budgets"}
_CLUSTER_CRS = {"nvidia.com/clusterpolicies": "clusterpolicies.nvidia.com",
                "nvidia.com/nvidiadrivers": "nvidiadrivers.nvidia.com"}
_LOGS = {"current.log": False, "current.insecure.log": False, "previous.log": True, "previous.insecure.log": True}


def looks_like(files) -> bool:
    """A tree oc wrote: pods under namespaces/<ns>/ or nodes under cluster-scoped-resources/core/."""
    for f in files:
        parts = f.split("/")
        for i in range(len(parts) - 2):
            if parts[i] == "namespaces" and len(parts) >= i + 4 and (
                    "/".join(parts[i + 2:i + 4]) in _LISTS or parts[i + 2] == "pods"):
                return True
            if parts[i] == "cluster-scoped-resources" and parts[i + 1] == "core" and parts[i + 2].startswith("nodes"):
                return True
    return False


def find_root(path: Path) -> Path | None:
    """The folder holding `namespaces/` or `cluster-scoped-resources/` (the path, or one below it)."""
    if (path / "namespaces").is_dir() or (path / "cluster-scoped-resources").is_dir():
        return path
    for dirpath, dirs, _names in os.walk(path):
        if "namespaces" in dirs or "cluster-scoped-resources" in dirs:
            return Path(dirpath)
        if dirpath.count(os.sep) - str(path).count(os.sep) >= 3:
            dirs[:] = []
    return None


class Tree(Struct):
    """What an inspect tree holds, in bundle terms, with the input file and line behind each object."""

    lists: dict[tuple[str, str], list[tuple[dict, str, int]]] = field(default_factory=dict)   # (kind, ns) -> items
    nodes: list[tuple[dict, str, int]] = field(default_factory=list)
    crs: dict[str, list[tuple[dict, str, int]]] = field(default_factory=dict)
    logs: list[tuple[str, str, str, bool, Path, str]] = field(default_factory=list)  # ns, pod, ctr, previous, file, shown
    files: int = 0


def _read(path: Path) -> str | None:
    if path.is_symlink() or not path.is_file():
        return None
    if path.stat().st_size > MAX_FILE:
        raise BundleError(f"refused inspect member {path.name}: over {MAX_FILE} bytes")
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        raise BundleError(f"inspect member {path.name} is not text (binary data where oc writes YAML or a log)")
    return data.decode("utf-8", errors="replace")


def _read_log(path: Path) -> tuple[str, int] | None:
    """The tail of a container log a collection would keep (MAX_LOG_BYTES, MAX_LOG_LINES; each line
    cut at MAX_LINE), and the input line number of its first line. The part before the tail is
    only counted (its newlines), never decoded."""
    if path.is_symlink() or not path.is_file():
        return None
    size = path.stat().st_size
    with open(path, "rb") as fh:
        skipped_lines, at_line_start = 0, True
        if size > MAX_LOG_BYTES:
            left = size - MAX_LOG_BYTES
            while left > 0:
                chunk = fh.read(min(left, 1 << 20))
                if not chunk:
                    break
                skipped_lines += chunk.count(b"\n")
                at_line_start = chunk.endswith(b"\n")
                left -= len(chunk)
        data = fh.read(MAX_LOG_BYTES)
    if b"\x00" in data[:8192]:
        raise BundleError(f"inspect member {path.name} is not text (binary data where oc writes a log)")
    lines = data.decode("utf-8", errors="replace").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not at_line_start and lines:
        lines = lines[1:]                 # the tail starts inside a line: drop that part line
        skipped_lines += 1
    if len(lines) > MAX_LOG_LINES:
        skipped_lines += len(lines) - MAX_LOG_LINES
        lines = lines[-MAX_LOG_LINES:]
    return "\n".join(l[:MAX_LINE] for l in lines) + "\n", skipped_lines + 1


def _yaml_items(path: Path, shown: str) -> list[tuple[dict, str, int]]:
    from triage.bundle.from_must_gather import _items, _yaml
    doc, text = _yaml(path)
    lines = yaml_item_lines(text)
    out = []
    for item in _items(doc):
        name = str((item.get("metadata") or {}).get("name") or "") if isinstance(item.get("metadata"), dict) else ""
        out.append((item, shown, lines.get(name, 1)))
    return out


def read_tree(root: Path, shown) -> Tree:
    """Every object and log of the tree at `root`; `shown(path)` is how a citation names a file."""
    tree = Tree()
    ns_root = root / "namespaces"
    namespaces = sorted(p for p in ns_root.iterdir() if p.is_dir() and not p.is_symlink()) if ns_root.is_dir() else []
    for nsdir in namespaces:
        ns = nsdir.name
        for rel, kind in _LISTS.items():
            f = nsdir / rel
            if f.is_file():
                tree.files += 1
                tree.lists.setdefault((kind, ns), []).extend(_yaml_items(f, shown(f)))
        pods_dir = nsdir / "pods"
        if not pods_dir.is_dir():
            continue
        listed = {str((i.get("metadata") or {}).get("name")) for i, _, _ in tree.lists.get(("pods", ns), [])}
        for poddir in sorted(p for p in pods_dir.iterdir() if p.is_dir() and not p.is_symlink()):
            tree.files += 1
            if tree.files > MAX_FILES:
                raise BundleError(f"{root}: more than {MAX_FILES} inspect files; inspect fewer namespaces")
            own = poddir / f"{poddir.name}.yaml"
            if poddir.name not in listed and own.is_file():
                tree.lists.setdefault(("pods", ns), []).extend(_yaml_items(own, shown(own)))
            for ctrdir in sorted(p for p in poddir.iterdir() if p.is_dir() and not p.is_symlink()):
                logs = ctrdir / ctrdir.name / "logs"
                if not logs.is_dir():
                    continue
                for fname, previous in _LOGS.items():
                    if (logs / fname).is_file() and not (fname.endswith(".insecure.log")
                                                         and (logs / fname.replace(".insecure", "")).is_file()):
                        tree.logs.append((ns, poddir.name, ctrdir.name, previous, logs / fname, shown(logs / fname)))
    core = root / "cluster-scoped-resources" / "core"
    for f in ([core / "nodes.yaml"] if (core / "nodes.yaml").is_file() else []) + \
            (sorted((core / "nodes").glob("*.yaml")) if (core / "nodes").is_dir() else []):
        tree.files += 1
        tree.nodes.extend(_yaml_items(f, shown(f)))
    for rel, plural in _CLUSTER_CRS.items():
        d = root / "cluster-scoped-resources" / rel
        for f in ([d.with_suffix(".yaml")] if d.with_suffix(".yaml").is_file() else []) + \
                (sorted(d.glob("*.yaml")) if d.is_dir() else []):
            tree.files += 1
            tree.crs.setdefault(plural, []).extend(_yaml_items(f, shown(f)))
    return tree


def _anchors(items: list[tuple[dict, str, int]]) -> list[Anchor]:
    """One anchor per object, naming its own file (a namespace's pods come from core/pods.yaml or from
    each pods/<pod>/<pod>.yaml; the nodes each from its own file)."""
    return [Anchor(str((i.get("metadata") or {}).get("name") or ""), (), line, shown) for i, shown, line in items]


_KIND_OF = {"pods": ("v1", "PodList"), "events": ("v1", "EventList"), "daemonsets": ("apps/v1", "DaemonSetList"),
            "deployments": ("apps/v1", "DeploymentList"), "replicasets": ("apps/v1", "ReplicaSetList"),
            "statefulsets": ("apps/v1", "StatefulSetList"), "jobs": ("batch/v1", "JobList"),
            "pvcs": ("v1", "PersistentVolumeClaimList"), "resource-quota": ("v1", "ResourceQuotaList"),
            "pod-disruption-budgets": ("policy/v1", "PodDisruptionBudgetList")}


def write_tree(tree: Tree, w: RedactingWriter, smap: SourceMap, skip_pods: set[tuple[str, str]] = frozenset(),
               skip_lists: set[tuple[str, str]] = frozenset(), skip_nodes: bool = False) -> dict:
    """Write the tree's objects and logs into the bundle (what `skip_*` names is already there: the
    must-gather's own files say more of it). Returns counts."""
    counts = {"pods": 0, "nodes": 0, "logs": 0}
    for (kind, ns), items in sorted(tree.lists.items()):
        if (kind, ns) in skip_lists:
            continue
        if kind == "pods":
            items = [x for x in items if (ns, str((x[0].get("metadata") or {}).get("name"))) not in skip_pods]
            counts["pods"] += len(items)
        if not items:
            continue
        api, list_kind = _KIND_OF[kind]
        path = w.write_json(layout.namespaced_list(kind, ns), {"apiVersion": api, "kind": list_kind,
                                                               "items": [i for i, _, _ in items]})
        by_file: dict[str, list] = {}
        for x in items:
            by_file.setdefault(x[1], []).append(x)
        for shown, part in by_file.items():        # a pod's own file, or the namespace's list
            smap.json(path, shown, _anchors(part), part[0][2])
    if tree.nodes and not skip_nodes:
        path = w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "items": [i for i, _, _ in tree.nodes]})
        for x in tree.nodes:
            smap.json(path, x[1], _anchors([x]), x[2])
        counts["nodes"] = len(tree.nodes)
    for plural, items in tree.crs.items():
        path = w.write_json(layout.custom_resource(plural), [i for i, _, _ in items])
        for x in items:
            smap.json(path, x[1], _anchors([x]), x[2])
    for ns, pod, ctr, previous, f, shown in tree.logs:
        if (ns, pod) in skip_pods:
            continue
        got = _read_log(f)
        if got is None:
            continue
        text, first = got
        path = w.write_text(layout.container_log(ns, pod, ctr, previous), text)
        smap.text(path, shown, first)
        counts["logs"] += 1
    return counts


def write_inspect_bundle(path: Path, root: Path) -> tuple[dict, SourceMap]:
    if not path.is_dir():
        raise BundleError(f"{path} is not a folder: an `oc adm inspect` tree is the --dest-dir folder oc writes")
    tree_root = find_root(path)
    if tree_root is None:
        raise BundleError(f"{path} holds no namespaces/ or cluster-scoped-resources/ folder: not an `oc adm inspect` "
                          "tree")

    def shown(f: Path) -> str:
        return f"{str(path).rstrip('/')}/{f.relative_to(path).as_posix()}"

    tree = read_tree(tree_root, shown)
    if not any(kind == "pods" for kind, _ in tree.lists) and not tree.nodes:
        raise BundleError(f"{path} looks like an `oc adm inspect` tree but holds no pods or nodes to read")
    smap = SourceMap()
    w = RedactingWriter(root)
    counts = write_tree(tree, w, smap)
    namespaces = sorted({ns for _, ns in tree.lists})
    if not tree.nodes:
        w.add_gap("nodes", "not_in_inspect", "the inspect tree holds no Node objects: GPU capacity, allocatable, "
                  "labels and taints of the nodes are unknown",
                  "run `oc adm inspect node/NODE` for the GPU nodes (or `gpu-triage collect node NODE`)")
        w.gaps[-1]["layer"] = "node"
    w.write_manifest(None, extra={"input": {"reader": "inspect", "namespaces": namespaces}})
    note = (f"{counts['pods']} pods in {len(namespaces)} namespace(s) ({', '.join(namespaces[:4])}), "
            f"{counts['nodes']} nodes, {counts['logs']} container logs")
    return {"note": note, "root": str(tree_root), "namespaces": namespaces}, smap
