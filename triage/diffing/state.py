"""What `gpu-triage diff` compares, read from one input (any reader, through the same path as
`analyze`): the findings of its diagnosis, and per node the GPU capacity / allocatable,
labels, taints and the state of each GPU-stack component.

    snap = snapshot("before.tar.gz")
    snap.findings[("plugin.nvml_unavailable", "Node/gpu-t4-2")]["severity"]   # "error"
    snap.nodes["gpu-t4-2"].capacity                                           # {} (no nvidia.com/gpu)
"""

from __future__ import annotations

from msgspec import Struct, field

from triage.bundle.objects.gpu_stack import stack_role


class NodeState(Struct):
    capacity: dict[str, int] = field(default_factory=dict)         # GPU resources only
    allocatable: dict[str, int] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    taints: list[str] = field(default_factory=list)
    ready: str = ""


class Snapshot(Struct):
    path: str
    reader: str
    status: str
    root_cause: str | None
    findings: dict[tuple[str, str], dict]
    nodes: dict[str, NodeState]
    components: dict[tuple[str, str, str], str]     # (node, role, pod) -> state


def _subject(s: dict) -> str:
    ns = s.get("namespace")
    return f"{s.get('kind')}/{ns}/{s.get('name')}" if ns else f"{s.get('kind')}/{s.get('name')}"


def _findings(doc: dict) -> dict[tuple[str, str], dict]:
    out: dict[tuple[str, str], dict] = {}
    for d in [doc] + list(doc.get("diagnoses") or ()):
        for f in d.get("findings") or ():
            if isinstance(f, dict) and f.get("id"):
                out.setdefault((f["id"], _subject(f.get("subject") or {})), f)
    return out


def _read_bundle(bundle_path: str):
    from triage.bundle.views import load_bundle
    from triage.evidence.stack_state import bound_node, pod_state
    nodes: dict[str, NodeState] = {}
    components: dict[tuple[str, str, str], str] = {}
    with load_bundle(bundle_path) as b:
        for n in b.nodes():
            ready = n.condition("Ready")
            nodes[n.name] = NodeState(dict(n.gpu_capacity), dict(n.gpu_allocatable), dict(n.labels),
                                      sorted(str(t) for t in n.taints), ready.status if ready else "")
        for pod in b.pods():
            role = stack_role(pod.raw, images=True, coarse=True)
            if not role:
                continue
            node = bound_node(pod) or pod.node_name or ""
            components[(node, role, pod.name)] = pod_state(node, role, pod).state
    return nodes, components


def snapshot(path: str, reader: str | None = None) -> Snapshot:
    """Analyse `path` like `gpu-triage analyze` and read the state diff compares."""
    from triage.bundle.inputs import open_input
    from triage.commands.analyze import analyze_document
    from triage.evidence.pasted.source_map import rewrite
    with open_input(path, reader) as opened:
        doc = analyze_document(opened.bundle_path)
        if opened.source_map is not None:
            rewrite(doc, opened.source_map)
        nodes, components = _read_bundle(opened.bundle_path)
        rc = doc.get("root_cause") or {}
        return Snapshot(str(path), opened.reader, str(doc.get("status") or ""), rc.get("id") if rc else None,
                        _findings(doc), nodes, components)
