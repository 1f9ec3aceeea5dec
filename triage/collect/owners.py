"""The owner chain of a pod: ReplicaSet -> Deployment, StatefulSet, DaemonSet,
Job -> CronJob; with each controller's events (a quota rejection only shows on
the controller: `FailedCreate` on the ReplicaSet or Job). A Deployment brings all its
ReplicaSets (`deployment_replicasets`): during a rolling update the old one's pod may hold
the GPU the new pod waits for, and only the sibling ReplicaSet says that pod is the old
replica of the same Deployment."""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.events import collect_events
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session
from triage.errors import ClusterError

# kind -> (api path segment, bundle kind folder, list kind, apiVersion, rbac group)
CONTROLLERS = {
    "ReplicaSet": ("apis/apps/v1", "replicasets", "replicasets", "ReplicaSetList", "apps/v1", "apps"),
    "Deployment": ("apis/apps/v1", "deployments", "deployments", "DeploymentList", "apps/v1", "apps"),
    "StatefulSet": ("apis/apps/v1", "statefulsets", "statefulsets", "StatefulSetList", "apps/v1", "apps"),
    "DaemonSet": ("apis/apps/v1", "daemonsets", "daemonsets", "DaemonSetList", "apps/v1", "apps"),
    "Job": ("apis/batch/v1", "jobs", "jobs", "JobList", "batch/v1", "batch"),
}


def get_controller(session: Session, namespace: str, kind: str, name: str, required: bool = False) -> dict | None:
    """GET one controller into its namespace's list file; None when it could not be read
    (a gap says why). `required`: a 404 is the user's mistake, a one-line ClusterError."""
    spec = CONTROLLERS.get(kind)
    if spec is None:
        return None
    prefix, resource, folder, list_kind, api_version, group = spec
    if not session.once("controller", namespace, kind, name):
        return session.remembered(("controller", namespace, kind, name))
    path = layout.namespaced_list(folder, namespace)
    try:
        obj = session.kube.get_json(f"/{prefix}/namespaces/{namespace}/{resource}/{name}")
    except ApiFailure as failure:
        if required and failure.status == 404:
            raise ClusterError(f"{kind.lower()} {name} not found in namespace {namespace}") from None
        session.failed("owners", path, failure, needs("get", resource, namespace, group))
        session.remember(("controller", namespace, kind, name), None)
        return None
    session.remember(("controller", namespace, kind, name), obj)
    session.add_items(path, list_kind, api_version, [obj])
    session.ok("owners", path)
    return obj


def label_selector(obj: dict) -> str | None:
    """A controller's spec.selector as a label selector string (None: selects everything)."""
    sel = (obj.get("spec") or {}).get("selector") or {}
    parts = [f"{k}={v}" for k, v in sorted((sel.get("matchLabels") or {}).items())]
    for expr in sel.get("matchExpressions") or []:
        op, key, values = expr.get("operator"), expr.get("key"), expr.get("values") or []
        if op == "In":
            parts.append(f"{key} in ({','.join(values)})")
        elif op == "NotIn":
            parts.append(f"{key} notin ({','.join(values)})")
        elif op == "Exists":
            parts.append(key)
        elif op == "DoesNotExist":
            parts.append(f"!{key}")
    return ",".join(parts) or None


def deployment_replicasets(session: Session, deployment: dict, events: bool = True) -> list[dict]:
    """Every ReplicaSet the Deployment owns, into the namespace's list file, with the events of
    the newest three. Read once per Deployment. Kept by owner uid from the namespace's list
    (paged), not by the Deployment's label selector: the ownerReference is what the
    controller set, while an old ReplicaSet's labels need not match the current selector."""
    meta = deployment.get("metadata") or {}
    ns = meta.get("namespace") or "default"
    if not session.once("deployment-replicasets", ns, meta.get("name")):
        return []
    path = layout.namespaced_list("replicasets", ns)
    kept: list[dict] = []
    try:
        for page in session.kube.list_pages(f"/apis/apps/v1/namespaces/{ns}/replicasets", None,
                                            session.options.page_size):
            kept += [rs for rs in page.get("items") or []
                     if any(r.get("uid") == meta.get("uid") for r in rs["metadata"].get("ownerReferences") or [])]
    except ApiFailure as failure:
        session.failed("owners", path, failure, needs("list", "replicasets", ns, "apps"))
        return []
    session.add_items(path, "ReplicaSetList", "apps/v1", kept)
    session.ok("owners", path)
    if events:
        for rs in kept[-3:]:
            collect_events(session, ns, "ReplicaSet", rs["metadata"]["name"])
    return kept


def collect_owner_chain(session: Session, obj: dict, events: bool = True, depth: int = 4) -> list[dict]:
    """Follow controller ownerReferences upward; returns the owners found, nearest first."""
    found: list[dict] = []
    namespace = (obj.get("metadata") or {}).get("namespace") or "default"
    current = obj
    for _ in range(depth):
        refs = (current.get("metadata") or {}).get("ownerReferences") or []
        ref = next((r for r in refs if r.get("controller")), refs[0] if refs else None)
        if not ref or ref.get("kind") not in CONTROLLERS:
            break
        owner = get_controller(session, namespace, ref["kind"], ref.get("name", ""))
        if events:
            collect_events(session, namespace, ref["kind"], ref.get("name", ""))
        if owner is None:
            break
        found.append(owner)
        if ref["kind"] == "Deployment":
            deployment_replicasets(session, owner, events)
        current = owner
    return found
