"""`kubectl cluster-info dump` output -> a bundle: the stdout stream, or an --output-directory tree.

kubectl writes (staging/src/k8s.io/kubectl/pkg/cmd/clusterinfo/clusterinfo_dump.go):

    {                                  a NodeList, JSON indented by 4, closed by `}` at column 0
        "kind": "NodeList", ...
    }
    {  ... EventList, ReplicationControllerList, ServiceList, DaemonSetList,
       DeploymentList, ReplicaSetList, PodList of each namespace ... }
    ==== START logs for container nvidia-device-plugin of pod gpu-operator/nvidia-device-plugin-daemonset-t2x8q ====
    ...the container's current log...
    ==== END logs for container nvidia-device-plugin of pod gpu-operator/nvidia-device-plugin-daemonset-t2x8q ====

and with --output-directory the same lists as `nodes.json` and `<ns>/{events,daemonsets,
deployments,replicasets,pods,...}.json`, each pod's logs in `<ns>/<pod>/logs.txt` between the
same markers. One pass over the lines; objects are cited at their `{` line in the input.
A dump has current logs only (no previous logs, no nvidia-smi): gaps say so.
"""

from __future__ import annotations

import json
from pathlib import Path

from triage.bundle import layout
from triage.bundle.redacting_writer import RedactingWriter
from triage.errors import BundleError
from triage.evidence.pasted.dump_text import DumpDocument, split_cluster_dump
from triage.evidence.pasted.source_map import Anchor, SourceMap

MAX_BYTES = 2 * 1024 ** 3
_LISTS = {"PodList": "pods", "EventList": "events", "DaemonSetList": "daemonsets", "DeploymentList": "deployments",
          "ReplicaSetList": "replicasets", "StatefulSetList": "statefulsets", "JobList": "jobs"}


def looks_like_tree(files) -> bool:
    names = set(files)
    return "nodes.json" in names and any(f.endswith("/pods.json") for f in names)


def looks_like_stream(head: bytes) -> bool:
    text = head.lstrip()[:4096]
    return text.startswith(b"{") and b'"kind"' in text and b'"NodeList"' in text


class _Reader:
    def __init__(self, root: Path, source: Path):
        self.source = source
        self.w = RedactingWriter(root)
        self.smap = SourceMap()
        self.pods: dict[str, tuple[list, list[Anchor], str]] = {}
        self.lists: dict[tuple[str, str], tuple[list, list[Anchor], str]] = {}
        self.nodes: tuple[list, list[Anchor], str] | None = None
        self.logs = 0

    def document(self, d: DumpDocument, input_name: str) -> None:
        try:
            doc = json.loads("\n".join(d.lines))
        except ValueError as err:
            raise BundleError(f"{input_name}:{d.first}: a JSON document of the dump does not parse: {err}") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("items"), list):
            return
        anchors = [Anchor(name, (), line) for name, line in d.item_lines.items()]
        items = [x for x in doc["items"] if isinstance(x, dict)]
        kind = str(doc.get("kind") or "")
        if kind == "NodeList":
            self.nodes = (items, anchors, input_name)
            return
        folder = _LISTS.get(kind)
        if folder is None or not items:
            return
        ns = str((items[0].get("metadata") or {}).get("namespace") or "default")
        got = self.lists.setdefault((folder, ns), ([], [], input_name))
        got[0].extend(items)
        got[1].extend(anchors)

    def log(self, ns: str, pod: str, container: str, lines: list[tuple[str, int]], input_name: str) -> None:
        try:
            path = self.w.write_text(layout.container_log(ns, pod, container), "\n".join(t for t, _ in lines) + "\n")
        except ValueError:
            return
        self.smap.scattered(path, input_name, [n for _, n in lines])
        self.logs += 1

    def read_text(self, text: str, input_name: str) -> None:
        docs, logs = split_cluster_dump(text)
        if not docs and text.lstrip().startswith("{"):
            docs = [DumpDocument(1, text.splitlines())]        # one compact JSON document
        for d in docs:
            self.document(d, input_name)
        for lg in logs:
            self.log(lg.namespace, lg.pod, lg.container, lg.lines, input_name)

    def write(self) -> dict:
        if self.nodes is None and not self.lists:
            raise BundleError(f"{self.source}: no Kubernetes object lists (NodeList, PodList, EventList ...) in it: "
                              "not a kubectl cluster-info dump")
        if self.nodes is not None:
            items, anchors, name = self.nodes
            p = self.w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "items": items})
            self.smap.json(p, name, anchors, anchors[0].line if anchors else 1)
        counts: dict[str, int] = {}
        for (folder, ns), (items, anchors, name) in sorted(self.lists.items()):
            kind = next(k for k, v in _LISTS.items() if v == folder)
            p = self.w.write_json(layout.namespaced_list(folder, ns), {"apiVersion": "v1", "kind": kind, "items": items})
            self.smap.json(p, name, anchors, anchors[0].line if anchors else 1)
            counts[folder] = counts.get(folder, 0) + len(items)
        self.w.add_gap("logs", "not_in_dump", "kubectl cluster-info dump holds current container logs only: the "
                       "previous logs of crashed containers are not in it", "run `gpu-triage collect pod NAME -n "
                       "NAMESPACE` (or paste `kubectl logs -n NAMESPACE POD --previous`)")
        self.w.add_gap("exec", "not_in_dump", "kubectl cluster-info dump runs no nvidia-smi and reads no kernel log",
                       "paste `kubectl exec -n gpu-operator DRIVER_POD -- nvidia-smi` and the node's "
                       "`dmesg | grep -iE 'NVRM|Xid'`")
        self.w.write_manifest(None, extra={"input": {"reader": "cluster-dump"}})
        nodes = len(self.nodes[0]) if self.nodes else 0
        return {"note": f"{nodes} nodes, {counts.get('pods', 0)} pods, {counts.get('events', 0)} events, "
                        f"{self.logs} container logs"}


def _read(path: Path) -> str:
    if path.stat().st_size > MAX_BYTES:
        raise BundleError(f"{path} is over {MAX_BYTES} bytes")
    return path.read_bytes().decode("utf-8", errors="replace")


def write_cluster_dump_bundle(path: Path, root: Path) -> tuple[dict, SourceMap]:
    r = _Reader(root, path)
    if path.is_file():
        r.read_text(_read(path), str(path))
    else:
        base = str(path).rstrip("/")
        for f in sorted(path.rglob("*")):
            if f.is_symlink() or not f.is_file():
                continue
            rel = f.relative_to(path).as_posix()
            if rel.endswith(".json") or rel.endswith("/logs.txt"):
                r.read_text(_read(f), f"{base}/{rel}")
    return r.write(), r.smap
