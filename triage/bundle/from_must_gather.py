"""The GPU Operator's must-gather folder (NVIDIA/gpu-operator hack/must-gather.sh) -> a bundle.

The layout is the script's (unchanged in what we read from v23.9 to 2026; OpenShift's
`oc adm must-gather` image runs the same script with ARTIFACT_DIR=/must-gather):

    cluster_policy.yaml | cluster_policy.missing    kubectl get clusterpolicy -oyaml
    nvidiadrivers.yaml                              kubectl get nvidiadrivers -A -oyaml (2026+)
    gpu_nodes.descr                                 kubectl describe nodes -l nvidia.com/gpu.present=true
    gpu_operator_pod.yaml / .log / .previous.log    the operator pod
    gpu_operand_pods.yaml                           kubectl get pods -oyaml -n OPERATOR_NS
    gpu_operand_pod_<pod>.log / .previous.log       kubectl logs --all-containers --prefix --timestamps
    gpu_operand_pod_<pod>.descr                     kubectl describe pod (its Events table)
    gpu_operand_ds.yaml                             kubectl get ds -oyaml -n OPERATOR_NS
    gpu_device_usage_<node>.log                     "# nvidia-smi output from <node>" + nvidia-smi in the driver pod
    nvidia-bug-report_<node>.log.gz                 nvidia-bug-report.sh of the node's driver pod

Each goes where the same evidence sits in a collected bundle; citations name the
must-gather file and line. A must-gather holds the operator's namespace only: the user's
workload is a gap that names what to collect.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from triage.bundle import layout
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.redacting_writer import RedactingWriter
from triage.errors import BundleError
from triage.evidence.pasted.blocks import input_lines
from triage.evidence.pasted.describe_node import parse_describe_node
from triage.evidence.pasted.describe_pod import event_objects, split_described
from triage.evidence.pasted.describe_fields import by_key, top_fields
from triage.evidence.pasted.dump_text import split_prefixed_log, yaml_item_lines
from triage.evidence.pasted.source_map import Anchor, SourceMap

MARKERS = ("gpu_operator_pod.yaml", "gpu_operator_pod.log", "gpu_operand_pods.yaml", "gpu_operand_pods.status",
           "cluster_policy.yaml", "cluster_policy.missing", "gpu_nodes.descr")
MAX_FILE = 256 * 1024 * 1024


def looks_like(files) -> bool:
    names = {f.rsplit("/", 1)[-1] for f in files}
    return sum(1 for m in MARKERS if m in names) >= 2


class _NoAliasLoader(yaml.SafeLoader):
    """YAML from someone else's cluster: anchors and aliases (billion laughs) are refused."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.YAMLError(f"alias at line {event.start_mark.line + 1} refused")
        return super().compose_node(parent, index)


def _root(path: Path) -> Path:
    """The artifact folder: `path` itself, or its one subfolder holding the markers (an `oc adm
    must-gather` download nests it under `must-gather.local.*/<image>/`)."""
    if looks_like(p.name for p in path.iterdir() if p.is_file()):
        return path
    for sub in sorted(path.rglob("gpu_operand_pods.yaml"))[:1] + sorted(path.rglob("gpu_operator_pod.yaml"))[:1]:
        return sub.parent
    return path


def _read(path: Path) -> str | None:
    if not path.is_file() or path.is_symlink():
        return None
    if path.stat().st_size > MAX_FILE:
        raise BundleError(f"refused must-gather member {path.name}: over {MAX_FILE} bytes")
    return path.read_bytes().decode("utf-8", errors="replace")


def _yaml(path: Path):
    text = _read(path)
    if not text or not text.strip():
        return None, ""
    try:
        return yaml.load(text, Loader=_NoAliasLoader), text
    except yaml.YAMLError as err:
        raise BundleError(f"must-gather member {path.name} is not valid YAML: {' '.join(str(err).split())[:200]}") from None


def _items(doc) -> list[dict]:
    if isinstance(doc, dict) and isinstance(doc.get("items"), list):
        return [i for i in doc["items"] if isinstance(i, dict)]
    return [doc] if isinstance(doc, dict) and doc.get("kind") else []


def write_must_gather_bundle(path: Path, root: Path) -> tuple[dict, SourceMap]:
    if not path.is_dir():
        raise BundleError(f"{path} is not a folder: a GPU Operator must-gather is the folder hack/must-gather.sh writes")
    src = _root(path)
    smap = SourceMap()
    w = RedactingWriter(root)
    rel = lambda p: f"{str(path).rstrip('/')}/{p.relative_to(path).as_posix()}"  # noqa: E731
    read: list[str] = []

    # --- pods (the operator's and its operands'), DaemonSets, ClusterPolicy, NVIDIADrivers ----
    pods: dict[tuple[str, str], dict] = {}
    pod_anchor: dict[str, list[Anchor]] = {}
    for name in ("gpu_operand_pods.yaml", "gpu_operator_pod.yaml"):
        doc, text = _yaml(src / name)
        lines = yaml_item_lines(text)
        for item in _items(doc):
            meta = item.get("metadata") if isinstance(item.get("metadata"), dict) else {}
            key = (str(meta.get("namespace") or "default"), str(meta.get("name") or ""))
            if key[1] and key not in pods:
                pods[key] = item
                pod_anchor.setdefault(key[0], []).append(Anchor(key[1], (), lines.get(key[1], 1)))
        if doc is not None:
            read.append(name)
    ds_doc, ds_text = _yaml(src / "gpu_operand_ds.yaml")
    daemonsets = _items(ds_doc)
    if daemonsets:
        read.append("gpu_operand_ds.yaml")
    for fname, plural in (("cluster_policy.yaml", "clusterpolicies.nvidia.com"),
                          ("nvidiadrivers.yaml", "nvidiadrivers.nvidia.com")):
        doc, text = _yaml(src / fname)
        items = _items(doc)
        if items:
            p = w.write_json(layout.custom_resource(plural), items)
            lines = yaml_item_lines(text)
            smap.json(p, rel(src / fname), [Anchor(str((i.get("metadata") or {}).get("name") or ""), (),
                                                   lines.get(str((i.get("metadata") or {}).get("name")), 1))
                                            for i in items], 1)
            read.append(fname)
    if not pods:
        raise BundleError(f"{path} looks like a GPU Operator must-gather folder but holds no gpu_operand_pods.yaml "
                          "or gpu_operator_pod.yaml to read")
    by_ns: dict[str, list[dict]] = {}
    for (ns, _), item in pods.items():
        by_ns.setdefault(ns, []).append(item)
    pods_file = rel(src / "gpu_operand_pods.yaml") if (src / "gpu_operand_pods.yaml").exists() else \
        rel(src / "gpu_operator_pod.yaml")
    for ns, items in by_ns.items():
        p = w.write_json(layout.namespaced_list("pods", ns), {"apiVersion": "v1", "kind": "PodList", "items": items})
        smap.json(p, pods_file, pod_anchor.get(ns, []), 1)
    if daemonsets:
        ns = str((daemonsets[0].get("metadata") or {}).get("namespace") or next(iter(by_ns)))
        p = w.write_json(layout.namespaced_list("daemonsets", ns), {"apiVersion": "apps/v1", "kind": "DaemonSetList",
                                                                    "items": daemonsets})
        lines = yaml_item_lines(ds_text)
        smap.json(p, rel(src / "gpu_operand_ds.yaml"),
                  [Anchor(str((d.get("metadata") or {}).get("name")), (), lines.get(str((d.get("metadata") or {}).get("name")), 1))
                   for d in daemonsets], 1)

    # --- nodes: gpu_nodes.descr ---------------------------------------------------------
    nodes, node_anchors, events_by_ns, event_anchors = [], [], {}, {}
    descr = _read(src / "gpu_nodes.descr")
    if descr:
        read.append("gpu_nodes.descr")
        lines = input_lines(descr)
        for i, (chunk, first) in enumerate(split_described(lines, 1)):
            d = parse_describe_node(chunk, first, f"must-gather-node-{i + 1}")
            if d is None or not any(l.startswith("Name:") for l in chunk[:1]):
                continue
            nodes.append(d.raw)
            node_anchors += d.anchors
        if nodes:
            p = w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "items": nodes})
            smap.json(p, rel(src / "gpu_nodes.descr"), node_anchors, 1)

    # --- logs, describe events, nvidia-smi --------------------------------------------
    ns_of = {name: ns for ns, name in pods}
    for f in sorted(src.glob("gpu_operand_pod_*.descr")):
        pod = f.name[len("gpu_operand_pod_"):-len(".descr")]
        ns = ns_of.get(pod, next(iter(by_ns)))
        fields = by_key(top_fields(input_lines(_read(f) or ""), 1))
        if "Events" in fields:
            evs, anchors = event_objects(fields["Events"].body, ns, "Pod", pod, pod)
            events_by_ns.setdefault(ns, []).extend((e, rel(f)) for e in evs)
            event_anchors.setdefault(ns, []).extend((a, rel(f)) for a in anchors)
    for ns, evs in events_by_ns.items():
        if evs:
            p = w.write_json(layout.namespaced_list("events", ns), {"apiVersion": "v1", "kind": "EventList",
                                                                    "items": [e for e, _ in evs]})
            smap.json(p, evs[0][1], [a for a, _ in event_anchors.get(ns, [])], None)
    logs = 0
    for f in sorted(src.glob("gpu_operand_pod_*.log")) + [src / "gpu_operator_pod.log", src / "gpu_operator_pod.previous.log"]:
        text = _read(f)
        if not text:
            continue
        previous = f.name.endswith(".previous.log")
        if f.name.startswith("gpu_operator_pod"):
            op = next(((ns, n) for (ns, n), item in pods.items()
                       if stack_role(item, images=True) == "operator"), None)
            if op is None:
                continue
            ctrs = (pods[op].get("spec") or {}).get("containers") or [{}]
            per = {(op[1], str(ctrs[0].get("name") or "gpu-operator")): [(line, n) for n, line in
                                                                        enumerate(input_lines(text), 1)]}
        else:
            per = split_prefixed_log(text)
        for (pod, ctr), lines in per.items():
            ns = ns_of.get(pod)
            if ns is None:
                continue
            p = w.write_text(layout.container_log(ns, pod, ctr, previous), "\n".join(t for t, _ in lines) + "\n")
            smap.scattered(p, rel(f), [n for _, n in lines])
            logs += 1
    driver_on = {str((item.get("spec") or {}).get("nodeName") or ""): (ns, name, item)
                 for (ns, name), item in pods.items() if stack_role(item, images=True) == "driver"}
    smi = 0
    for f in sorted(src.glob("gpu_device_usage_*.log")):
        node = f.name[len("gpu_device_usage_"):-len(".log")]
        if node not in driver_on:
            continue
        lines = input_lines(_read(f) or "")
        start = next((i + 1 for i, l in enumerate(lines) if l.startswith("# nvidia-smi output from")), None)
        if start is None:
            continue
        end = next((i for i in range(start, len(lines)) if lines[i].startswith("# ")), len(lines))
        if not any("NVIDIA-SMI" in l or "NVSMI LOG" in l for l in lines[start:end]):
            continue            # "Failed to run nvidia-smi on <node>": no output to read
        ns, name, item = driver_on[node]
        ctrs = [str(c.get("name")) for c in (item.get("spec") or {}).get("containers") or () if c.get("name")]
        ctr = "nvidia-driver-ctr" if "nvidia-driver-ctr" in ctrs else (ctrs[0] if ctrs else "nvidia-driver-ctr")
        paths = w.write_exec(ns, name, ctr, ["nvidia-smi"], "\n".join(lines[start:end]).rstrip("\n") + "\n", "", 0, None)
        smap.text(paths.stdout, rel(f), start + 1)
        smi += 1
    reports = 0
    for f in sorted(src.glob("nvidia-bug-report_*.log.gz")):
        node = f.name[len("nvidia-bug-report_"):-len(".log.gz")]
        from triage.bundle.from_bug_report import kernel_lines, sections, smi_query
        secs = sections(f)
        got = kernel_lines(f, secs)
        if got:
            p = w.write_text(layout.node_dmesg(node), "\n".join(t for t, _ in got) + "\n")
            smap.scattered(p, rel(f), [n for _, n in got])
            reports += 1
        query = smi_query(f, secs)
        if query and node in driver_on:
            # must-gather.sh ran nvidia-bug-report.sh in this driver pod: its nvidia-smi -q is the pod's
            ns, name, item = driver_on[node]
            ctrs = [str(c.get("name")) for c in (item.get("spec") or {}).get("containers") or () if c.get("name")]
            ctr = "nvidia-driver-ctr" if "nvidia-driver-ctr" in ctrs else (ctrs[0] if ctrs else "nvidia-driver-ctr")
            paths = w.write_exec(ns, name, ctr, ["nvidia-smi", "-q"], "\n".join(t for t, _ in query) + "\n", "", 0, None)
            smap.scattered(paths.stdout, rel(f), [n for _, n in query])
    # `oc adm must-gather --image-stream=openshift/must-gather --image=<gpu-operator must-gather>` downloads the
    # default image's `oc adm inspect` tree beside these files: read what it adds (the workloads' namespaces)
    inspected = _inspect_beside(path, src, w, smap, rel, pods, events_by_ns, bool(nodes))
    if not inspected.get("pods"):
        w.add_gap("pods", "not_in_must_gather", "a GPU Operator must-gather holds the operator's namespace only: "
                  "the failing workload's pods, events and logs are not in it",
                  "run `gpu-triage collect pod NAME -n NAMESPACE`, or paste `kubectl describe pod NAME -n NAMESPACE`")
    if (src / "cluster_policy.missing").exists():
        read.append("cluster_policy.missing")
    w.write_manifest(None, extra={"input": {"reader": "must-gather"}})
    note = (f"{len(pods)} pods, {len(daemonsets)} DaemonSets, {len(nodes)} nodes, {logs} container logs, "
            f"{smi} nvidia-smi, {reports} bug reports")
    if inspected:
        note += f"; the oc adm inspect tree beside it: {inspected['pods']} more pods, {inspected['logs']} logs" + (
            f", {inspected['nodes']} nodes" if inspected["nodes"] else "")
    version = (_read(src / "version") or "").splitlines()          # written by the /usr/bin/gather image
    if len(version) >= 2 and version[0].strip() == "NVIDIA GPU Operator" and len(version[1]) < 80:
        note = f"GPU Operator {version[1].strip()}, " + note
    return {"note": note, "root": str(src), "files": read}, smap


def _inspect_beside(path: Path, src: Path, w, smap: SourceMap, rel, pods: dict, events_by_ns: dict,
                    have_nodes: bool) -> dict:
    """The objects of an `oc adm inspect` tree in the same download that the GPU files do not hold."""
    from triage.bundle import from_inspect
    tree_root = from_inspect.find_root(path)
    if tree_root is None:
        return {}
    tree = from_inspect.read_tree(tree_root, rel)
    written_ns = {ns for ns, _ in pods}
    skip_lists = {("pods", ns) for ns in written_ns} | {("events", ns) for ns in events_by_ns} | \
        {("daemonsets", ns) for ns in written_ns}
    return from_inspect.write_tree(tree, w, smap, skip_pods=set(pods), skip_lists=skip_lists, skip_nodes=have_nodes)
