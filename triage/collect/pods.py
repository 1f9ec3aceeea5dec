"""Pods: get one by name, list those on a node, and the predicates collectors filter with.

    pod = get_pod(session, "llm", "qwen-vllm-7d9f-abcde")   # None when it could not be read
    requests_gpu(pod)   -> True when a container asks for a non-zero nvidia.com/gpu, MIG slice or
                           shared GPU, or the pod holds DRA claims (the classifier's
                           `raw_pod_requests_gpu`, under collect's name)
"""

from __future__ import annotations

from typing import Iterable

from triage.bundle import layout
from triage.bundle.objects.gpu_resource import raw_pod_requests_gpu as requests_gpu  # noqa: F401 (collect's name)
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session
from triage.errors import ClusterError


def is_healthy(pod: dict) -> bool:
    """Running with every container ready and never restarted, or Succeeded."""
    status = pod.get("status") or {}
    phase = status.get("phase")
    if phase == "Succeeded":
        return True
    if phase != "Running":
        return False
    for cs in status.get("containerStatuses") or []:
        if not cs.get("ready") or (cs.get("restartCount") or 0) > 0:
            return False
    return True


def holds_resources(pod: dict) -> bool:
    """A pod on a node that still counts against its allocatable."""
    return (pod.get("status") or {}).get("phase") not in ("Succeeded", "Failed")


def get_pod(session: Session, namespace: str, name: str, required: bool = False, record: bool = True) -> dict | None:
    """record=False: the caller records it with `record_pod` (once the reads that need only
    its fields are on their way: redacting is CPU, and the redactor may still be loading)."""
    path = layout.namespaced_list("pods", namespace)
    try:
        pod = session.kube.get_json(f"/api/v1/namespaces/{namespace}/pods/{name}")
    except ApiFailure as failure:
        if required and failure.status == 404:
            raise ClusterError(f"pod {name} not found in namespace {namespace}") from None
        session.failed("pods", path, failure, needs("get", "pods", namespace))
        return None
    if record:
        record_pod(session, pod)
    return pod


def record_pod(session: Session, pod: dict) -> None:
    path = layout.namespaced_list("pods", (pod.get("metadata") or {}).get("namespace") or "default")
    session.add_items(path, "PodList", "v1", [pod])
    session.ok("pods", path)


def list_pods(session: Session, collector: str, namespace: str | None, query: dict,
              keep=lambda pod: True, permission: str | None = None, piece: str | None = None,
              record: bool = True) -> list[dict]:
    """Page through pods (one namespace or all), keeping only what `keep` accepts,
    page by page; kept pods go into their namespace's list file (`record=False`: the caller
    does that with `add_pods` once it has started the reads that depend on them, since
    redacting them costs CPU the next round trip need not wait for)."""
    base = f"/api/v1/namespaces/{namespace}/pods" if namespace else "/api/v1/pods"
    kept: list[dict] = []
    try:
        for page in session.kube.list_pages(base, query, session.options.page_size):
            for pod in page.get("items") or []:
                if keep(pod):
                    kept.append(pod)
    except ApiFailure as failure:
        piece = piece or layout.namespaced_list("pods", namespace or layout.ALL_NAMESPACES)
        if kept and record:
            add_pods(session, collector, kept)
        session.failed(collector, piece, failure, permission or needs("list", "pods", namespace))
        return kept
    if record:
        add_pods(session, collector, kept)
    if not kept:
        session.ok(collector)
    return kept


def add_pods(session: Session, collector: str, pods: Iterable[dict]) -> None:
    by_ns: dict[str, list[dict]] = {}
    for pod in pods:
        by_ns.setdefault((pod.get("metadata") or {}).get("namespace") or "default", []).append(pod)
    for ns, items in by_ns.items():
        path = layout.namespaced_list("pods", ns)
        session.add_items(path, "PodList", "v1", items)
        session.ok(collector, path)
