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
        entry.update(allowed=None, reason=f"review failed: {failure.reason}")
        return entry
    status = doc.get("status") or {}
    entry.update(allowed=bool(status.get("allowed")), reason=status.get("reason") or "")
    return entry


def start(session: Session, namespace: str | None) -> list:
    """Send every review concurrently; `finish` collects the answers."""
    return [session.submit(_one, session, *c) for c in checks(namespace, session.options.exec)]


def finish(session: Session, futures: list) -> list[dict]:
    results = [f.result() for f in futures]
    session.extra["access_review"] = results
    session.extra["access_denied"] = denied(results)
    return results


def review(session: Session, namespace: str | None) -> list[dict]:
    return finish(session, start(session, namespace))


def denied(results: list[dict]) -> list[str]:
    return [r["needs"] for r in results if r.get("allowed") is False]
