"""Scan: every pod in scope that requests a GPU and is not healthy, every GPU node,
and the GPU stack of those nodes.

Pods are paged (limit/continue) and filtered page by page: a page is parsed,
what matters is kept, the rest is dropped, so memory grows with GPU pods, not
with CPU pods. Nodes are paged the same way, concurrently with the pods.

What is kept from the pod pages: unhealthy GPU pods (the scan's targets), GPU
pods that hold devices on a node (who uses the GPUs), GPU stack pods.
"""

from __future__ import annotations

from concurrent.futures import Future

from triage.bundle import layout
from triage.collect import custom, dcgm, events, gpu_stack, in_container, logs, namespace_objects, owners
from triage.collect import nodes as nodes_mod
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.pods import add_pods, holds_resources, is_healthy, requests_gpu
from triage.collect.session import Session

MAX_TARGETS_DETAILED = 300
MAX_NODES_DETAILED = 10


def page_pods(session: Session, namespace: str | None, with_stack: bool) -> dict[str, list[dict]]:
    """One pass over the pods in scope; returns {"targets", "holders", "stack"}."""
    kept = {"targets": [], "holders": [], "stack": []}
    base = f"/api/v1/namespaces/{namespace}/pods" if namespace else "/api/v1/pods"
    query = {"labelSelector": session.options.selector} if session.options.selector else None
    try:
        for page in session.kube.list_pages(base, query, session.options.page_size):
            for pod in page.get("items") or ():
                if with_stack and gpu_stack.stack_role(pod):
                    kept["stack"].append(pod)
                elif requests_gpu(pod):
                    if not is_healthy(pod):
                        kept["targets"].append(pod)
                    elif holds_resources(pod) and (pod.get("spec") or {}).get("nodeName"):
                        kept["holders"].append(pod)
            del page
    except ApiFailure as failure:
        session.failed("scan-pods", layout.namespaced_list("pods", namespace or layout.ALL_NAMESPACES), failure,
                       needs("list", "pods", namespace))
    for group in kept.values():
        add_pods(session, "scan-pods", group)
    return kept


GPU_LABELS = ("nvidia.com/gpu.present", "nvidia.com/gpu.product", "feature.node.kubernetes.io/pci-10de.present")


def node_problem(node: dict) -> bool:
    """NotReady, cordoned, a GPU resource whose allocatable is below capacity (a device went
    unhealthy), or a node labelled as having NVIDIA GPUs that advertises none of them (the
    device plugin never registered: its logs are the evidence, even when its pod looks healthy)."""
    status = node.get("status") or {}
    for cond in status.get("conditions") or []:
        if cond.get("type") == "Ready" and cond.get("status") != "True":
            return True
    cap, alloc = status.get("capacity") or {}, status.get("allocatable") or {}
    gpu_cap = {name: value for name, value in cap.items() if name.startswith("nvidia.com/")}
    for name, value in gpu_cap.items():
        if str(alloc.get(name, "0")) != str(value):
            return True
    labels = (node.get("metadata") or {}).get("labels") or {}
    if any(key in labels for key in GPU_LABELS) and all(str(v) == "0" for v in gpu_cap.values()):
        return True
    return bool((node.get("spec") or {}).get("unschedulable"))


def collect_scan(session: Session, namespace: str | None) -> None:
    opts = session.options
    nodes_future = session.submit(nodes_mod.gpu_nodes, session)
    ds_future = session.submit(gpu_stack.stack_daemonsets, session)
    cfg_future = session.submit(custom.collect_operator_config, session)
    kept = page_pods(session, namespace, with_stack=namespace is None)
    stack = kept["stack"] if namespace is None else gpu_stack.discover_stack_pods(session)
    targets = kept["targets"]
    session.extra.setdefault("collection", {})["scan"] = {
        "namespace": namespace, "unhealthy_gpu_pods": len(targets), "gpu_pods_holding": len(kept["holders"]),
        "stack_pods": len(stack)}
    gpu_nodes = nodes_future.result() or []
    session.gather([ds_future, cfg_future])

    futures: list[Future] = []
    detailed = targets[:MAX_TARGETS_DETAILED]
    if len(targets) > MAX_TARGETS_DETAILED:
        session.extra["collection"]["scan"]["targets_detailed"] = MAX_TARGETS_DETAILED
    seen_owners: set[tuple] = set()
    log_budget = opts.max_scan_logs
    for pod in detailed:
        meta = pod["metadata"]
        ns = meta.get("namespace") or "default"
        futures.append(session.submit(events.collect_events, session, ns, "Pod", meta["name"]))
        ref = next(iter(meta.get("ownerReferences") or []), None)
        if ref and (ns, ref.get("kind"), ref.get("name")) not in seen_owners:
            seen_owners.add((ns, ref.get("kind"), ref.get("name")))
            futures.append(session.submit(owners.collect_owner_chain, session, pod))
        if log_budget > 0:
            pod_logs = logs.collect_pod_logs(session, pod)
            log_budget -= len(pod_logs)
            futures += pod_logs
    for ns in sorted({p["metadata"].get("namespace") or "default" for p in detailed}):
        futures.append(session.submit(namespace_objects.collect_quotas, session, ns))
    for ns in sorted({p["metadata"].get("namespace") or "default" for p in detailed
                      if (p.get("spec") or {}).get("resourceClaims")}):
        futures.append(session.submit(custom.collect_resource_claims, session, ns))

    # The GPU stack: unhealthy stack pods' logs everywhere; full detail on troubled nodes.
    unhealthy_stack = [p for p in stack if not is_healthy(p)]
    for pod in unhealthy_stack:
        if log_budget <= 0:
            break
        pod_logs = logs.collect_pod_logs(session, pod)
        log_budget -= len(pod_logs)
        futures += pod_logs
    troubled = {n["metadata"]["name"] for n in gpu_nodes if node_problem(n)}
    troubled |= {(p.get("spec") or {}).get("nodeName") for p in unhealthy_stack}
    troubled |= {(p.get("spec") or {}).get("nodeName") for p in targets}
    troubled.discard(None)
    by_node: dict[str, list[dict]] = {}
    for pod in stack:
        by_node.setdefault((pod.get("spec") or {}).get("nodeName") or "", []).append(pod)
    for node in sorted(troubled)[:MAX_NODES_DETAILED]:
        for pod in by_node.get(node, []):
            role = gpu_stack.stack_role(pod)
            if is_healthy(pod) and log_budget > 0:        # unhealthy ones are already being read
                pod_logs = logs.collect_pod_logs(session, pod)
                log_budget -= len(pod_logs)
                futures += pod_logs
            if role == "driver" and opts.exec:
                futures += in_container.driver_commands(session, pod, node)
            elif role == "dcgm-exporter":
                futures.append(session.submit(dcgm.collect_dcgm, session, pod, node))
    session.extra["collection"]["scan"]["nodes_detailed"] = sorted(troubled)[:MAX_NODES_DETAILED]
    session.gather(futures)
