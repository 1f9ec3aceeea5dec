"""Objects of the target's namespace a GPU diagnosis needs: the pod's PVCs, the
namespace's ResourceQuotas and PodDisruptionBudgets."""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session


def collect_pvcs(session: Session, pod: dict) -> None:
    namespace = pod["metadata"].get("namespace") or "default"
    path = layout.namespaced_list("pvcs", namespace)
    for vol in (pod.get("spec") or {}).get("volumes") or []:
        claim = (vol.get("persistentVolumeClaim") or {}).get("claimName")
        if not claim:
            continue
        try:
            pvc = session.kube.get_json(f"/api/v1/namespaces/{namespace}/persistentvolumeclaims/{claim}")
        except ApiFailure as failure:
            session.failed("pvcs", path, failure, needs("get", "persistentvolumeclaims", namespace))
            continue
        session.add_items(path, "PersistentVolumeClaimList", "v1", [pvc])
        session.ok("pvcs", path)


def _list(session: Session, collector: str, url: str, kind: str, list_kind: str, api_version: str,
          resource: str, namespace: str, group: str = "") -> None:
    path = layout.namespaced_list(kind, namespace)
    try:
        items: list[dict] = []
        for page in session.kube.list_pages(url, None, session.options.page_size):
            items.extend(page.get("items") or [])
    except ApiFailure as failure:
        session.failed(collector, path, failure, needs("list", resource, namespace, group))
        return
    session.add_items(path, list_kind, api_version, items)
    session.ok(collector, path)


def collect_quotas(session: Session, namespace: str) -> None:
    _list(session, "resource-quota", f"/api/v1/namespaces/{namespace}/resourcequotas", "resource-quota",
          "ResourceQuotaList", "v1", "resourcequotas", namespace)


def collect_pdbs(session: Session, namespace: str) -> None:
    _list(session, "pod-disruption-budgets", f"/apis/policy/v1/namespaces/{namespace}/poddisruptionbudgets",
          "pod-disruption-budgets", "PodDisruptionBudgetList", "policy/v1", "poddisruptionbudgets", namespace,
          "policy")
