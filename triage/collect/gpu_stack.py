"""The GPU stack: device plugin, GFD, MIG manager, driver, container toolkit,
validators, DCGM exporter, and the operator itself, found by their labels (and,
failing that, their names and images) in whatever namespace they run: never a
hard-coded `gpu-operator` namespace; a device plugin may run alone in kube-system.
The role table is the one the classifier reads (`triage.bundle.objects.gpu_stack`).

    stack_role(pod) -> "device-plugin" | "gfd" | "mig-manager" | "driver" | "toolkit"
                       | "validator" | "dcgm-exporter" | "dcgm" | "operator" | None
"""

from __future__ import annotations

from triage.bundle import layout
from triage.bundle.objects import gpu_stack as shared
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.pods import holds_resources, list_pods, requests_gpu
from triage.collect.session import Session

# One label selector per key, for discovery across namespaces (scan -n NS), from the shared table.
APP_SELECTOR = "app in (" + ",".join(sorted(k for k, role in shared.ROLE_BY_LABEL.items() if role != "operator")) + ")"
NAME_SELECTOR = "app.kubernetes.io/name in (nvidia-device-plugin,gpu-feature-discovery,dcgm-exporter)"
OPERATOR_SELECTORS = ("app=gpu-operator", "app.kubernetes.io/component=gpu-operator")


def stack_role(obj: dict) -> str | None:
    """Role of a pod (or a DaemonSet, by its template) in the GPU stack: the shared table
    with images as the last resort and the validator pods folded into `validator`."""
    return shared.stack_role(obj, images=True, coarse=True)


def pods_on_node(session: Session, node: str, target_uids: set[str] = frozenset(), record: bool = True) -> list[dict]:
    """The pods on one node that matter: GPU holders, GPU stack pods, the targets.
    One list with fieldSelector spec.nodeName (never a cluster-wide pod list).
    `record=False`: the caller records them (pods.add_pods) after starting its reads."""
    def keep(pod: dict) -> bool:
        uid = (pod.get("metadata") or {}).get("uid")
        return uid in target_uids or stack_role(pod) is not None or (requests_gpu(pod) and holds_resources(pod))
    return list_pods(session, "pods-on-nodes", None, {"fieldSelector": f"spec.nodeName={node}"}, keep,
                     needs("list", "pods") + f" (field selector spec.nodeName={node})",
                     piece=layout.namespaced_list("pods", f"{layout.ON_NODE}{node}"), record=record)


def stack_daemonsets(session: Session) -> list[dict]:
    """GPU stack DaemonSets in every namespace: where the operator runs, and whether the
    plugin/driver is meant to run on a node at all (its nodeSelector, desired counts)."""
    kept: list[dict] = []
    try:
        for page in session.kube.list_pages("/apis/apps/v1/daemonsets", None, session.options.page_size):
            kept.extend(ds for ds in page.get("items") or [] if stack_role(ds))
    except ApiFailure as failure:
        session.failed("gpu-stack", layout.namespaced_list("daemonsets", layout.ALL_NAMESPACES), failure,
                       needs("list", "daemonsets", None, "apps"))
        return kept
    by_ns: dict[str, list[dict]] = {}
    for ds in kept:
        by_ns.setdefault(ds["metadata"].get("namespace") or "default", []).append(ds)
    for ns, items in by_ns.items():
        session.add_items(layout.namespaced_list("daemonsets", ns), "DaemonSetList", "apps/v1", items)
        session.ok("gpu-stack", layout.namespaced_list("daemonsets", ns))
    if not kept:
        session.ok("gpu-stack")
    session.extra.setdefault("gpu_stack", {})["namespaces"] = sorted(by_ns)
    return kept


def operator_pods(session: Session, namespaces: list[str]) -> list[dict]:
    """The operator's own controller pods (not on GPU nodes) in the stack's namespaces."""
    found: list[dict] = []
    for ns in namespaces:
        for selector in OPERATOR_SELECTORS:
            found += list_pods(session, "gpu-stack", ns, {"labelSelector": selector})
    return found


def discover_stack_pods(session: Session) -> list[dict]:
    """Stack pods in every namespace by label (used when the pod pages did not cover them)."""
    found: list[dict] = []
    for selector in (APP_SELECTOR, NAME_SELECTOR):
        found += list_pods(session, "gpu-stack", None, {"labelSelector": selector})
    return found
