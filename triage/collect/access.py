"""A quick access review before collecting (SelfSubjectAccessReview: reads nothing,
changes nothing): tells the user what will be missing before it goes missing.

    review(session, namespace="llm")  -> [{"verb": "list", "resource": "nodes", "namespace": None,
                                           "allowed": False, "needs": "list nodes at cluster scope"}, ...]
"""

from __future__ import annotations

from triage.collect.kube import ApiFailure
from triage.collect.permissions import DCGM_NAMESPACES, needs
from triage.collect.session import Session

SSAR = "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews"
REVIEW_REFUSED = "review_refused"       # a gap reason: listed, never decisive (engine.SOFT_REASONS)


def checks(namespace: str | None, exec_enabled: bool) -> list[tuple[str, str, str, str | None]]:
    """(verb, group, resource[/subresource], namespace) the collection relies on."""
    out = [("list", "", "nodes", None), ("list", "", "pods", None), ("list", "", "events", namespace),
           ("get", "", "pods/log", None), ("list", "apps", "daemonsets", None),
           ("get", "", "pods/proxy", DCGM_NAMESPACES[0])]      # a Role there (gpu-triage rbac), not cluster-wide
    if exec_enabled:
        out.append(("create", "", "pods/exec", None))
    return out


def _one(session: Session, verb: str, group: str, resource: str, namespace: str | None) -> dict:
    res, _, sub = resource.partition("/")
    attrs = {"verb": verb, "group": group, "resource": res}
    if sub:
        attrs["subresource"] = sub
    if namespace:
        attrs["namespace"] = namespace
    body = {"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
            "spec": {"resourceAttributes": attrs}}
    entry = {"verb": verb, "group": group, "resource": resource, "namespace": namespace,
             "needs": needs(verb, resource, namespace, group)}
    try:
        doc = session.kube.post_json(SSAR, body, timeout=min(5.0, session.options.request_timeout))
    except ApiFailure as failure:
        entry.update(allowed=None, reason=f"review failed: {failure.reason}", failure=failure.reason,
                     message=failure.message)
        return entry
    status = doc.get("status") or {}
    entry.update(allowed=bool(status.get("allowed")), reason=status.get("reason") or "")
    return entry


def start(session: Session, namespace: str | None) -> list:
    """Send every review concurrently; `finish` collects the answers."""
    return [session.submit(_one, session, *c) for c in checks(namespace, session.options.exec)]


def finish(session: Session, futures: list) -> list[dict]:
    results = [f.result() for f in futures]
    session.extra["access_review"] = [{k: v for k, v in r.items() if k not in ("failure", "message")}
                                      for r in results]
    session.extra["access_denied"] = denied(results)
    refused = [r for r in results if r.get("allowed") is None]
    if refused:
        # Without the review nobody knows in advance what will be missing: say so (a gap and a
        # warning). It loses no evidence by itself: each piece that cannot be read is its own gap.
        first = refused[0]
        why = f"{first['failure']}: {first['message']}" if first.get("message") else first["failure"]
        session.writer.add_gap("access-review", REVIEW_REFUSED,
                               f"the access review before collecting failed ({why}): what the collection is "
                               f"not allowed to read was not checked in advance",
                               needs("create", "selfsubjectaccessreviews", None, "authorization.k8s.io"))
        session.progress.warn(f"access review failed ({first['failure']}): cannot tell in advance what will "
                              "be missing; each piece that cannot be read is listed as a gap")
    return results


def review(session: Session, namespace: str | None) -> list[dict]:
    return finish(session, start(session, namespace))


def denied(results: list[dict]) -> list[str]:
    return [r["needs"] for r in results if r.get("allowed") is False]
