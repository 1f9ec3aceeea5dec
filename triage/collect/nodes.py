"""Nodes: the target pod's node, or a pending pod's candidate GPU nodes (bounded),
or every GPU node (scan). Kept nodes go to cluster-resources/nodes.json.

A GPU node advertises a GPU resource in capacity/allocatable or carries a GPU
label (GFD's nvidia.com/gpu.present, NFD's pci-10de vendor label, ...): a
node whose device plugin died still has the labels, which is the point.
"""

from __future__ import annotations

from triage.bundle import layout
from triage.bundle.objects.gpu_resource import is_gpu_resource
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session

GPU_LABELS = ("nvidia.com/gpu.present", "nvidia.com/gpu.product", "nvidia.com/gpu.count",
              "feature.node.kubernetes.io/pci-10de.present", "nvidia.com/gpu.deploy.device-plugin",
              "nvidia.com/mig.config", "cloud.google.com/gke-accelerator", "k8s.amazonaws.com/accelerator",
              "node.kubernetes.io/accelerator", "accelerator")
GPU_PRESENT_SELECTOR = "nvidia.com/gpu.present=true"


def is_gpu_node(node: dict) -> bool:
    status = node.get("status") or {}
    for part in ("capacity", "allocatable"):
        for name in (status.get(part) or {}):
            if is_gpu_resource(name):
                return True
    labels = (node.get("metadata") or {}).get("labels") or {}
    return any(k in labels for k in GPU_LABELS) or any(k.startswith("nvidia.com/gpu") for k in labels)


def get_node(session: Session, name: str) -> dict | None:
    try:
        node = session.kube.get_json(f"/api/v1/nodes/{name}")
    except ApiFailure as failure:
        session.failed("nodes", layout.NODES, failure, needs("get", "nodes"))
        return None
    add_nodes(session, [node])
    return node


def add_nodes(session: Session, nodes: list[dict]) -> None:
    session.add_items(layout.NODES, "NodeList", "v1", nodes)
    session.ok("nodes", layout.NODES)


def _selector_from(pod: dict) -> str | None:
    sel = (pod.get("spec") or {}).get("nodeSelector") or {}
    parts = [f"{k}={v}" for k, v in sorted(sel.items()) if isinstance(v, str)]
    return ",".join(parts) or None


def candidate_nodes(session: Session, pod: dict, limit: int) -> list[dict]:
    """GPU nodes a pending pod could land on, at most `limit`: first the server filters by the
    pod's nodeSelector plus the GFD label, then by the GFD label alone, and only if no node
    carries it, pages through every node keeping those that advertise a GPU; it stops as
    soon as enough are found."""
    own = _selector_from(pod)
    attempts = [s for s in ((f"{own},{GPU_PRESENT_SELECTOR}" if own else None), own, GPU_PRESENT_SELECTOR) if s]
    attempts.append(None)
    wanted: list[dict] = []
    used: list[str | None] = []
    try:
        for selector in dict.fromkeys(attempts):
            used.append(selector)
            query = {"labelSelector": selector} if selector else {}
            page_size = limit if selector else session.options.page_size
            for page in _candidate_pages(session, selector, query, page_size, limit):
                wanted.extend(n for n in page.get("items") or [] if is_gpu_node(n))
                if len(wanted) >= limit:
                    break
            if wanted:
                break
    except ApiFailure as failure:
        session.failed("nodes", layout.NODES, failure, needs("list", "nodes"))
    kept = wanted[:limit]
    session.extra.setdefault("collection", {})["candidate_nodes"] = {
        "kept": len(kept), "limit": limit, "selectors": [s or "" for s in used],
        "more_exist": len(wanted) >= limit}
    if kept:
        add_nodes(session, kept)
    return kept


def _candidate_pages(session: Session, selector: str | None, query: dict, page_size: int, limit: int):
    """The pages of one attempt, none asked for before it is needed (it stops at `limit`);
    the first page for the GFD label alone is the one `collect` asked for with the pod."""
    token = None
    if selector == GPU_PRESENT_SELECTOR and page_size == limit:
        first = session.submit_once(("candidates", selector, limit), candidate_page, session, selector, limit).result()
        if isinstance(first, ApiFailure):
            raise first
        yield first
        token = (first.get("metadata") or {}).get("continue")
        if not token:
            return
    yield from session.kube.list_pages("/api/v1/nodes", {**query, "continue": token} if token else query, page_size,
                                       ahead=False)


def candidate_page(session: Session, selector: str, limit: int) -> dict | ApiFailure:
    """The first page of nodes matching `selector` (at most `limit`), read and returned as it
    came, not recorded: `collect` asks for it with a pod before knowing whether the pod is
    pending; `candidate_nodes` takes what it needs from it. A failure is returned, not raised
    or recorded (recorded only if the page is used)."""
    try:
        return session.kube.get_json("/api/v1/nodes", {"labelSelector": selector, "limit": limit})
    except ApiFailure as failure:
        return failure


def gpu_nodes(session: Session) -> list[dict]:
    """Every GPU node (scan): pages through all nodes, keeps GPU nodes page by page."""
    kept: list[dict] = []
    try:
        for page in session.kube.list_pages("/api/v1/nodes", None, session.options.page_size):
            kept.extend(n for n in page.get("items") or [] if is_gpu_node(n))
    except ApiFailure as failure:
        session.failed("nodes", layout.NODES, failure, needs("list", "nodes"))
    if kept:
        add_nodes(session, kept)
    return kept
