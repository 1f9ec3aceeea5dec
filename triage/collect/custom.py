"""Resources outside the core lists, read when their API exists: the GPU operator's
ClusterPolicy and NVIDIADriver, the pod's RuntimeClass, DRA ResourceClaims.
(ResourceSlices are not read: no rule looks at them yet.) A 404 on the API means "not installed" (skipped, not a gap).
Written as JSON arrays under cluster-resources/custom-resources/ (troubleshoot's
convention)."""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session

DRA_VERSIONS = ("v1", "v1beta2", "v1beta1")


def _list_cluster(session: Session, collector: str, plural: str, group: str,
                  versions: tuple[str, ...]) -> list[dict] | None:
    path = layout.custom_resource(f"{plural}.{group}")
    for version in versions:
        items: list[dict] = []
        try:
            for page in session.kube.list_pages(f"/apis/{group}/{version}/{plural}", None,
                                                session.options.page_size):
                items.extend(page.get("items") or [])
        except ApiFailure as failure:
            if failure.status == 404:
                continue
            session.failed(collector, path, failure, needs("list", plural, None, group))
            return None
        session.add_custom(path, items)
        session.ok(collector, path)
        return items
    session.skip(collector, f"{plural}.{group} is not served by this cluster")
    return None


OPERATOR_RESOURCES = {"clusterpolicies": ("v1",), "nvidiadrivers": ("v1alpha1",)}   # nvidia.com plural -> versions


def collect_operator_resource(session: Session, plural: str) -> None:
    """One of the GPU operator's configuration resources (OPERATOR_RESOURCES)."""
    _list_cluster(session, "gpu-operator-config", plural, "nvidia.com", OPERATOR_RESOURCES[plural])


def collect_operator_config(session: Session) -> None:
    for plural in OPERATOR_RESOURCES:
        collect_operator_resource(session, plural)


def collect_runtime_class(session: Session, name: str) -> None:
    path = layout.custom_resource("runtimeclasses.node.k8s.io")
    try:
        obj = session.kube.get_json(f"/apis/node.k8s.io/v1/runtimeclasses/{name}")
    except ApiFailure as failure:
        session.failed("runtime-class", path, failure, needs("get", "runtimeclasses", None, "node.k8s.io"))
        return
    session.add_custom(path, [obj])
    session.ok("runtime-class", path)


def collect_resource_claims(session: Session, namespace: str) -> None:
    path = layout.custom_resource("resourceclaims.resource.k8s.io", namespace)
    for version in DRA_VERSIONS:
        try:
            doc = session.kube.get_json(f"/apis/resource.k8s.io/{version}/namespaces/{namespace}/resourceclaims")
        except ApiFailure as failure:
            if failure.status == 404:
                continue
            session.failed("dra", path, failure, needs("list", "resourceclaims", namespace, "resource.k8s.io"))
            return
        session.add_custom(path, list(doc.get("items") or []))
        session.ok("dra", path)
        return
    session.skip("dra", "resource.k8s.io is not served by this cluster")

