"""Collect what `gpu-triage audit` judges: a scan (triage.collect.scan) plus the objects the
readiness checklist and the waste view read and a scan does not: every GPU namespace's
quotas, PDBs, workloads and autoscalers, the cluster's PriorityClasses, the Prometheus
Operator's ServiceMonitors and PrometheusRules, a DCGM scrape of every GPU node (bounded) and
nvidia-smi in the healthy GPU pods (bounded). Each read that fails is a gap like any other.

    result = collect_audit(Options(kubeconfig=...), "out/bundle")
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from pathlib import Path

from triage.bundle import layout
from triage.bundle.redact import Redactor
from triage.collect import dcgm, gpu_stack, in_container, namespace_objects, scan
from triage.collect.kube import ApiFailure, Budget, Kube
from triage.collect.permissions import needs
from triage.collect.pods import requests_gpu
from triage.collect.progress import Progress
from triage.collect.run import CollectResult, _version
from triage.collect.session import Options, Session

MAX_DCGM_NODES = 20
MAX_EXEC_PODS = 20
# namespaced list kind -> (API path under /apis or /api, list kind, apiVersion, resource, group)
WORKLOAD_LISTS = {
    "deployments": ("/apis/apps/v1", "DeploymentList", "apps/v1", "deployments", "apps"),
    "statefulsets": ("/apis/apps/v1", "StatefulSetList", "apps/v1", "statefulsets", "apps"),
    "replicasets": ("/apis/apps/v1", "ReplicaSetList", "apps/v1", "replicasets", "apps"),
    "jobs": ("/apis/batch/v1", "JobList", "batch/v1", "jobs", "batch"),
}
# custom-resource file (plural.group) -> (collector, group, versions, namespaced)
EXTRA_RESOURCES = {
    "priorityclasses.scheduling.k8s.io": ("priorityclasses", "scheduling.k8s.io", ("v1",), False),
    "servicemonitors.monitoring.coreos.com": ("servicemonitors", "monitoring.coreos.com", ("v1",), True),
    "prometheusrules.monitoring.coreos.com": ("prometheusrules", "monitoring.coreos.com", ("v1",), True),
    "horizontalpodautoscalers.autoscaling": ("autoscalers", "autoscaling", ("v2", "v1"), True),
    "scaledobjects.keda.sh": ("autoscalers", "keda.sh", ("v1alpha1",), True),
}


def collect_audit(options: Options, out_dir: str | Path, progress: Progress | None = None,
                  kube: Kube | None = None, prometheus: str | None = None, window: str = "2h") -> CollectResult:
    """prometheus: a Prometheus HTTP API URL; GPU utilisation over `window` is read from it too
    (triage.collect.prometheus)."""
    budget = Budget(options.timeout)
    if kube is None:
        kube = Kube.connect(options.kubeconfig, options.context, request_timeout=options.request_timeout,
                            budget=budget, concurrency=options.concurrency)
    redactor = Redactor.from_options(options.redact, options.redact_patterns) if options.redact_patterns else None
    session = Session(kube, out_dir, options, redactor, progress)
    try:
        if redactor is None:
            session.build_redactor(lambda: Redactor.from_options(options.redact, None))
        if not options.exec:
            session.writer.add_gap("exec", "skipped", "in-container commands were not run: --no-exec",
                                   "run without --no-exec (needs create pods/exec)")
        _version(session)
        cluster = [session.submit(_list_resource, session, name) for name in EXTRA_RESOURCES
                   if not EXTRA_RESOURCES[name][3]]
        if prometheus:
            from triage.collect.prometheus import collect_gpu_util
            cluster.append(session.submit(collect_gpu_util, session, prometheus, window))
        scan.collect_scan(session, options.namespace)
        session.gather(cluster + audit_extras(session))
        path = session.finish(None)
    finally:
        session.pool.shutdown(wait=True)
        session.progress.stop()
        kube.close()
    manifest = json.loads((Path(path) / layout.MANIFEST).read_text(encoding="utf-8"))
    return CollectResult(Path(path), manifest)


def _recorded_pods(session: Session) -> list[dict]:
    """Every pod the scan recorded (the session's pod lists)."""
    with session._lock:      # noqa: SLF001 - the session is this package's own
        docs = [doc for path, doc in session._lists.items() if layout.parse_namespaced_list(path)
                and layout.parse_namespaced_list(path)[0] == "pods"]
        return [p for doc in docs for p in doc["items"].values()]


def audit_extras(session: Session) -> list[Future]:
    pods = _recorded_pods(session)
    gpu = [p for p in pods if requests_gpu(p) and not gpu_stack.stack_role(p)]
    stack = [p for p in pods if gpu_stack.stack_role(p)]
    namespaces = sorted({p["metadata"].get("namespace") or "default" for p in gpu})
    futures: list[Future] = []
    for ns in namespaces:
        futures.append(session.submit_once(("quotas", ns), namespace_objects.collect_quotas, session, ns))
        futures.append(session.submit_once(("pdbs", ns), namespace_objects.collect_pdbs, session, ns))
        for kind in WORKLOAD_LISTS:
            futures.append(session.submit(_list_workloads, session, kind, ns))
        for name, (_c, _g, _v, namespaced) in EXTRA_RESOURCES.items():
            if namespaced and name not in ("servicemonitors.monitoring.coreos.com", "prometheusrules.monitoring.coreos.com"):
                futures.append(session.submit(_list_resource, session, name, ns))
    for name in ("servicemonitors.monitoring.coreos.com", "prometheusrules.monitoring.coreos.com"):
        futures.append(session.submit(_list_resource, session, name))
    exporters = [p for p in stack if gpu_stack.stack_role(p) == "dcgm-exporter" and (p.get("spec") or {}).get("nodeName")
                 and not (Path(session.writer.root) / layout.node_dcgm(p["spec"]["nodeName"])).exists()]
    for pod in exporters[:MAX_DCGM_NODES]:
        futures.append(session.submit_once(("dcgm", pod["spec"]["nodeName"]), dcgm.collect_dcgm, session, pod,
                                           pod["spec"]["nodeName"]))
    if session.options.exec:
        running = [p for p in gpu if (p.get("status") or {}).get("phase") == "Running"]
        for pod in running[:MAX_EXEC_PODS]:
            key = ("exec", pod["metadata"].get("namespace"), pod["metadata"]["name"])
            if session.once(*key):
                futures += in_container.target_commands(session, pod)
    return futures


def _list_workloads(session: Session, kind: str, ns: str) -> None:
    base, list_kind, api_version, resource, group = WORKLOAD_LISTS[kind]
    path = layout.namespaced_list(kind, ns)
    try:
        items: list[dict] = []
        for page in session.kube.list_pages(f"{base}/namespaces/{ns}/{resource}", None, session.options.page_size):
            items.extend(page.get("items") or [])
    except ApiFailure as failure:
        session.failed("audit-workloads", path, failure, needs("list", resource, ns, group))
        return
    session.add_items(path, list_kind, api_version, items)
    session.ok("audit-workloads", path)


def _list_resource(session: Session, name: str, ns: str | None = None) -> None:
    """One EXTRA_RESOURCES kind, cluster-wide or in `ns`; a 404 on every version is 'not served'
    (skipped: the API is not installed, which the audit reads as such)."""
    collector, group, versions, namespaced = EXTRA_RESOURCES[name]
    plural = name.split(".", 1)[0]
    for version in versions:
        where = f"/namespaces/{ns}" if ns else ""
        url = f"/apis/{group}/{version}{where}/{plural}"
        items: list[dict] = []
        try:
            for page in session.kube.list_pages(url, None, session.options.page_size):
                items.extend(page.get("items") or [])
        except ApiFailure as failure:
            if failure.status == 404:
                continue
            session.failed(collector, layout.custom_resource(name, ns), failure, needs("list", plural, ns, group))
            return
        if not namespaced:
            session.add_custom(layout.custom_resource(name), items)
            session.ok(collector, layout.custom_resource(name))
            return
        by_ns: dict[str, list[dict]] = {}
        for item in items:
            by_ns.setdefault((item.get("metadata") or {}).get("namespace") or "default", []).append(item)
        if ns and ns not in by_ns:
            by_ns[ns] = []
        for item_ns, group_items in sorted(by_ns.items()):
            session.add_custom(layout.custom_resource(name, item_ns), group_items)
            session.ok(collector, layout.custom_resource(name, item_ns))
        if not by_ns:
            session.ok(collector)
        return
    session.skip(collector, f"{name} is not served by this cluster")
