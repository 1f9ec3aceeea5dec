"""Events (core/v1) about one object, by field selector: never the whole namespace.

The scheduler writes through events.k8s.io; core/v1 reads give the same events
with null firstTimestamp, which is why this reads core/v1 (the Python
EventsV1Api breaks on legacy kubelet events).
"""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session


def collect_events(session: Session, namespace: str | None, kind: str, name: str) -> list[dict]:
    """Events whose involvedObject is kind/name; `namespace=None` searches every namespace
    (nodes' events live in "default" on most clusters)."""
    if not session.once("events", namespace, kind, name):
        return []
    selector = f"involvedObject.kind={kind},involvedObject.name={name}"
    base = f"/api/v1/namespaces/{namespace}/events" if namespace else "/api/v1/events"
    items: list[dict] = []
    try:
        for page in session.kube.list_pages(base, {"fieldSelector": selector}, session.options.page_size):
            items.extend(page.get("items") or [])
    except ApiFailure as failure:
        session.failed("events", layout.namespaced_list("events", namespace or "default"), failure,
                       needs("list", "events", namespace), what=f"events of {kind} {namespace or '*'}/{name}")
        return items
    by_ns: dict[str, list[dict]] = {}
    for ev in items:
        by_ns.setdefault((ev.get("metadata") or {}).get("namespace") or namespace or "default", []).append(ev)
    for ns, evs in by_ns.items():
        session.add_items(layout.namespaced_list("events", ns), "EventList", "v1", evs)
        session.ok("events", layout.namespaced_list("events", ns))
    if not items:
        session.ok("events")
    return items
