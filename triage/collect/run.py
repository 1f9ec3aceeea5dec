"""Collect one target into a bundle directory: the public entry point of collect/.

    from triage.collect.run import Target, collect
    from triage.collect.session import Options
    result = collect(Target("Pod", "llm", "qwen-vllm-7d9f-abcde"), Options(namespace="llm"), "out/bundle")
    result.path, result.manifest["gaps"], result.summary()

Start from the workload and follow it down the stack: pod -> events -> owners ->
namespace objects -> node (or candidate GPU nodes) -> GPU holders and GPU stack
pods on it -> their logs -> nvidia-smi / dmesg in containers -> DCGM.
"""

from __future__ import annotations

import json
from concurrent.futures import Future
from typing import Any, Callable
from msgspec import Struct
from pathlib import Path

from triage.bundle import layout
from triage.bundle.objects.pod import raw_pod_group
from triage.bundle.redact import Redactor
from triage.collect import access, custom, dcgm, events, gpu_stack, in_container, logs, namespace_objects
from triage.collect import nodes as nodes_mod
from triage.collect import owners, pods, scan
from triage.collect.kube import ApiFailure, Budget, Kube, preload_exec
from triage.collect.progress import Progress
from triage.collect.session import Options, Session
from triage.errors import ClusterError, UsageError

WORKLOAD_KINDS = {"deployment": "Deployment", "deploy": "Deployment", "statefulset": "StatefulSet",
                  "sts": "StatefulSet", "job": "Job", "daemonset": "DaemonSet", "ds": "DaemonSet",
                  "replicaset": "ReplicaSet", "rs": "ReplicaSet"}


MAX_TROUBLED_CANDIDATES = 3   # candidate nodes of a pending pod that get full GPU-stack detail
MAX_DETAILED_PODS = 5         # pods of a workload whose logs are read and nvidia-smi run (unhealthy first)
MAX_NODES = 20                # nodes of a workload's pods that are looked at at all
MAX_FULL_NODES = 5            # ... and that get full GPU-stack detail (logs of every stack pod, exec, DCGM)
MAX_GANG_MEMBERS = 8          # other members of a pending pod's pod group whose events are read


class Target(Struct, frozen=True):
    kind: str                 # Pod | Deployment | StatefulSet | Job | DaemonSet | Node | Scan
    namespace: str | None
    name: str | None

    def as_manifest(self) -> dict | None:
        if self.kind == "Scan":
            return None
        out = {"kind": self.kind, "name": self.name}
        if self.kind != "Node":
            out["namespace"] = self.namespace
        return out


class CollectResult(Struct):
    path: Path
    manifest: dict

    def summary(self) -> str:
        m = self.manifest
        col = m.get("collection") or {}
        lines = [f"bundle: {self.path}",
                 f"target: {json.dumps(m.get('target'))}",
                 f"requests: {col.get('requests')}, retries: {col.get('retries')}, "
                 f"read: {col.get('bytes_read')} bytes in {col.get('duration_s')} s"]
        for c in m.get("collectors") or []:
            lines.append(f"  {c['status']:8} {c['name']:22} {len(c['files']):4} files"
                         + (f"  ({c['error']})" if c.get("error") else ""))
        for gap in m.get("gaps") or []:
            lines.append(f"  gap: {gap['collector']}: {gap['reason']}: needs {gap['needs']}")
        red = m.get("redaction") or {}
        lines.append(f"redaction: {'on' if red.get('enabled', True) else 'OFF'}, {red.get('count', 0)} values replaced")
        return "\n".join(lines)


def parse_workload(spec: str) -> tuple[str, str]:
    kind, sep, name = spec.partition("/")
    if not sep or not name or kind.lower() not in WORKLOAD_KINDS:
        raise UsageError(f"workload must be KIND/NAME with KIND one of deployment, statefulset, job, daemonset "
                         f"(got {spec!r})")
    return WORKLOAD_KINDS[kind.lower()], name


def collect(target: Target, options: Options, out_dir: str | Path, progress: Progress | None = None,
            kube: Kube | None = None, while_waiting: Callable[[], Any] | None = None) -> CollectResult:
    """`while_waiting`: CPU work of the caller's (a live run imports its analysis) done in the
    redactor's thread once the redactor and the exec modules are loaded, while the collection
    waits on the server; it has finished when this returns (so the caller never imports a
    module that thread is still importing). Not run when a --redact-patterns file makes the
    redactor up front (no such thread): the caller then does that work after the collection."""
    budget = Budget(options.timeout)
    if kube is None:
        kube = Kube.connect(options.kubeconfig, options.context, request_timeout=options.request_timeout,
                            budget=budget, concurrency=options.concurrency)
    # A patterns file is read first (a bad one is a usage error before any request); else the
    # redactor is built while the first round of requests is in flight (Session.build_redactor).
    redactor = Redactor.from_options(options.redact, options.redact_patterns) if options.redact_patterns else None
    session = Session(kube, out_dir, options, redactor, progress)
    try:
        early = (session.submit(pods.get_pod, session, target.namespace or "default", target.name or "", True,
                                False) if target.kind == "Pod" else None)   # no need to wait for /version to ask
        if target.kind == "Pod":
            _prefetch_namespace(session, target.namespace or "default", "Pod", target.name or "")
        if not options.exec:
            # asked for, so not decisive on its own (reason "skipped"), but never silent
            session.writer.add_gap("exec", "skipped", "in-container commands (nvidia-smi in the pods, the node's "
                                   "kernel log through the driver pod) were not run: --no-exec",
                                   "run without --no-exec (needs create pods/exec)")
        reviews = access.start(session, target.namespace) if options.access_review else []
        version = session.submit(_version, session)       # in the first round too; an unreachable server stops here
        if redactor is None:      # then the exec modules (websocket, the client's ws_client), if exec may run
            session.build_redactor(lambda: Redactor.from_options(options.redact, None),
                                   then=tuple(step for step in (preload_exec if options.exec else None, while_waiting)
                                              if step is not None))
        version.result()
        if reviews:
            access.finish(session, reviews)
            for missing in session.extra["access_denied"]:
                session.progress.warn(f"access review: not allowed to {missing}: that evidence will be a gap")
        if target.kind == "Pod":
            _collect_pod_target(session, target, early.result())
        elif target.kind == "Node":
            _collect_node_target(session, target.name or "")
        elif target.kind == "Scan":
            scan.collect_scan(session, target.namespace)
        else:
            _collect_workload_target(session, target)
        path = session.finish(target.as_manifest())
    finally:
        session.pool.shutdown(wait=True)
        session.wait_background()
        session.progress.stop()
        kube.close()
    manifest = json.loads((Path(path) / layout.MANIFEST).read_text(encoding="utf-8"))
    return CollectResult(Path(path), manifest)


def _unreachable_advice(failure) -> str:
    """What to check, by how the connection failed (kube._transport_failure's words)."""
    from triage.collect import kube as kube_mod
    message = failure.message or ""
    if message.startswith(kube_mod.REFUSED):
        return ("is the cluster up, and the server address and port in the kubeconfig right "
                "(kubectl config view --minify)? A tunnel or port-forward that is not running refuses too")
    if message.startswith(kube_mod.NO_HOST):
        return "check the server's host name in the kubeconfig (kubectl config view --minify) and your DNS or VPN"
    if message.startswith(kube_mod.TLS_FAILED):
        return ("check the kubeconfig's certificate-authority-data for this cluster and that the server "
                "address is the cluster's https:// endpoint")
    if failure.reason == "Timeout":
        return "check your network or VPN, or raise --request-timeout"
    return "check the address (kubectl config view --minify), your network or VPN"


def _version(session: Session) -> None:
    try:
        doc = session.kube.get_json("/version", timeout=min(10.0, session.options.request_timeout))
    except ApiFailure as failure:
        if failure.reason in ("Unreachable", "Timeout"):
            raise ClusterError(f"cannot reach the API server at {session.kube.host}: {failure.message}; "
                               f"{_unreachable_advice(failure)}") from None
        if failure.status == 401:
            raise ClusterError(f"the API server at {session.kube.host} refused our credentials "
                               f"(401): log in again or check the kubeconfig user") from None
        session.failed("cluster-info", layout.CLUSTER_VERSION, failure, "get /version (non-resource URL)")
        return
    session.writer.write_json(layout.CLUSTER_VERSION, doc)
    session.ok("cluster-info", layout.CLUSTER_VERSION)


# ---- pods and their neighbourhood ---------------------------------------------------


def _prefetch_namespace(session: Session, ns: str, kind: str, name: str) -> None:
    """Reads that need only the target's name and namespace, started with the target's own
    GET instead of one round trip after it (each round trip is the API server's latency):
    its events, the namespace's quotas and PDBs, the operator's configuration and the GPU
    stack's DaemonSets. `_pod_context` asks for the same keys and gets these futures."""
    session.submit_once(("events", ns, kind, name), events.collect_events, session, ns, kind, name)
    _namespace_reads(session, ns)
    _cluster_reads(session)
    if kind == "Pod":       # a pending pod's first candidate list (a few GPU nodes); unused if it runs
        limit = session.options.max_candidate_nodes
        session.submit_once(("candidates", nodes_mod.GPU_PRESENT_SELECTOR, limit), nodes_mod.candidate_page, session,
                            nodes_mod.GPU_PRESENT_SELECTOR, limit)


def _namespace_reads(session: Session, ns: str) -> list[Future]:
    return [session.submit_once(("quotas", ns), namespace_objects.collect_quotas, session, ns),
            session.submit_once(("pdbs", ns), namespace_objects.collect_pdbs, session, ns)]


def _cluster_reads(session: Session) -> tuple[list[Future], Future]:
    """The operator's ClusterPolicy and NVIDIADriver (side by side), and the stack DaemonSets."""
    config = [session.submit_once(("operator-config", plural), custom.collect_operator_resource, session, plural)
              for plural in custom.OPERATOR_RESOURCES]
    return config, session.submit_once(("stack-daemonsets",), gpu_stack.stack_daemonsets, session)


def _operator_logs(session: Session, ds_future: Future) -> list[Future]:
    """Once the stack DaemonSets are known: the operator's own pods in their namespaces, and
    the logs of (at most three of) them. Runs in the pool, so it overlaps the node reads."""
    daemonsets = ds_future.result() or []
    namespaces_of_stack = sorted({d["metadata"].get("namespace") or "default" for d in daemonsets
                                  if gpu_stack.stack_role(d) in ("device-plugin", "driver", "operator", "validator")})
    op_pods = list({p["metadata"].get("uid"): p for p in gpu_stack.operator_pods(session, namespaces_of_stack)}.values())
    futures: list[Future] = []
    for op in op_pods[:3]:
        futures += logs.collect_pod_logs(session, op)
    return futures


def _pod_context(session: Session, pod_list: list[dict]) -> None:
    """Everything around a set of pods of one namespace: events, owners, PVCs, quotas,
    PDBs, runtime class, DRA claims, nodes (or candidates) and their GPU stack."""
    opts = session.options
    futures: list[Future] = []
    namespaces = sorted({p["metadata"].get("namespace") or "default" for p in pod_list})
    # Unhealthy pods first: they get logs and nvidia-smi; a healthy replica or two for contrast.
    pod_list = sorted(pod_list, key=lambda p: (pods.is_healthy(p), p["metadata"]["name"]))
    unhealthy = [p for p in pod_list if not pods.is_healthy(p)]
    healthy = [p for p in pod_list if pods.is_healthy(p)]
    detailed = unhealthy[:MAX_DETAILED_PODS] + healthy[:max(1, MAX_DETAILED_PODS - len(unhealthy))]
    for pod in pod_list:
        ns = pod["metadata"].get("namespace") or "default"
        futures.append(session.submit_once(("events", ns, "Pod", pod["metadata"]["name"]), events.collect_events,
                                           session, ns, "Pod", pod["metadata"]["name"]))
        futures.append(session.submit(owners.collect_owner_chain, session, pod))
        futures.append(session.submit(namespace_objects.collect_pvcs, session, pod))
    for pod in detailed:
        futures += logs.collect_pod_logs(session, pod)
        if opts.exec:
            futures += in_container.target_commands(session, pod)
    for ns in namespaces:
        futures += _namespace_reads(session, ns)
    runtime_classes = {p["spec"].get("runtimeClassName") for p in pod_list if (p.get("spec") or {}).get("runtimeClassName")}
    for rc in sorted(runtime_classes):
        futures.append(session.submit(custom.collect_runtime_class, session, rc))
    dra_namespaces = sorted({p["metadata"].get("namespace") or "default" for p in pod_list
                             if (p.get("spec") or {}).get("resourceClaims")})
    for ns in dra_namespaces:
        futures.append(session.submit(custom.collect_resource_claims, session, ns))
    futures += [session.submit(_gang_members, session, pod) for pod in pod_list[:MAX_DETAILED_PODS]
                if not (pod.get("spec") or {}).get("nodeName") and raw_pod_group(pod)]
    config_futures, ds_future = _cluster_reads(session)
    futures += config_futures
    operator_future = session.submit(_operator_logs, session, ds_future)

    # Nodes: the pods' nodes in full; for pending pods, bounded candidate GPU nodes (light).
    scheduled = list(dict.fromkeys(p["spec"]["nodeName"] for p in pod_list
                                   if (p.get("spec") or {}).get("nodeName")))[:MAX_NODES]
    pending = [p for p in pod_list if not (p.get("spec") or {}).get("nodeName")]
    node_futures = {name: session.submit(nodes_mod.get_node, session, name) for name in scheduled}
    candidates: list[dict] = []
    if pending:
        candidates = nodes_mod.candidate_nodes(session, pending[0], opts.max_candidate_nodes)
    target_uids = {p["metadata"].get("uid") for p in pod_list}
    stack_futures = [session.submit(_node_stack, session, name, target_uids, i < MAX_FULL_NODES)
                     for i, name in enumerate(scheduled)]
    troubled = [n for n in candidates if scan.node_problem(n)][:MAX_TROUBLED_CANDIDATES]
    stack_futures += [session.submit(_node_stack, session, n["metadata"]["name"], target_uids, n in troubled)
                      for n in candidates if n["metadata"]["name"] not in scheduled]
    session.gather(futures + list(node_futures.values()))
    log_futures: list[Future] = []
    nested = session.gather([operator_future] + stack_futures)
    for sub in nested:
        log_futures += sub or []
    session.gather(log_futures)


def _gang_members(session: Session, pod: dict) -> None:
    """The other unbound members of a pending pod's pod group, and their events: kube-scheduler
    holds a gang back while one member cannot be placed, and only that member's own message says
    why (one list of the namespace's unbound pods, asked only for a pod that has a group)."""
    ns = pod["metadata"].get("namespace") or "default"
    name, group = pod["metadata"].get("name"), raw_pod_group(pod)
    members = pods.list_pods(session, "pods", ns, {"fieldSelector": "spec.nodeName="},
                             keep=lambda p: p["metadata"].get("name") != name and raw_pod_group(p) == group)
    session.gather([session.submit_once(("events", ns, "Pod", m["metadata"]["name"]), events.collect_events,
                                        session, ns, "Pod", m["metadata"]["name"]) for m in members[:MAX_GANG_MEMBERS]])


def _node_stack(session: Session, node: str, target_uids: set[str], full: bool) -> list[Future]:
    """Pods on one node (GPU holders + GPU stack). Full: every stack pod's logs, nvidia-smi
    and dmesg in the driver pod, DCGM. Light: logs only of stack pods that are unhealthy.
    Returns the futures of the reads it started (the caller waits)."""
    on_node = gpu_stack.pods_on_node(session, node, target_uids, record=False)
    futures: list[Future] = []
    stack = [(pod, role) for pod in on_node if (role := gpu_stack.stack_role(pod)) is not None]
    for pod, role in stack:
        if full or not pods.is_healthy(pod):
            futures += logs.collect_pod_logs(session, pod)
        if not full:
            continue
        if role == "driver" and session.options.exec:
            futures += in_container.driver_commands(session, pod, node)
        elif role == "dcgm-exporter":
            futures.append(session.submit(dcgm.collect_dcgm, session, pod, node))
    if full and not stack:
        session.extra.setdefault("gpu_stack", {}).setdefault("nodes_without_stack_pods", []).append(node)
    pods.add_pods(session, "pods-on-nodes", on_node)     # redacted while those reads are under way
    return futures


def _collect_pod_target(session: Session, target: Target, pod: dict | None) -> None:
    ns = target.namespace or "default"
    if pod is None:
        # Forbidden or failing: still read what can be read about it.
        session.gather([session.submit_once(("events", ns, "Pod", target.name or ""), events.collect_events,
                                            session, ns, "Pod", target.name or "")])
        return
    recorded = session.submit(pods.record_pod, session, pod)   # redacted in the pool: what follows reads its fields
    _pod_context(session, [pod])
    session.gather([recorded])


def _collect_workload_target(session: Session, target: Target) -> None:
    ns = target.namespace or "default"
    obj = owners.get_controller(session, ns, target.kind, target.name or "", required=True)
    futures = [session.submit(events.collect_events, session, ns, target.kind, target.name or "")]
    if obj is None:           # forbidden or failing: its events may still say what is wrong
        session.gather(futures)
        return
    futures.append(session.submit(owners.collect_owner_chain, session, obj))
    selector = owners.label_selector(obj)
    if target.kind == "Deployment":
        futures.append(session.submit(owners.deployment_replicasets, session, obj))
    uid = obj["metadata"].get("uid")
    members = pods.list_pods(session, "pods", ns, {"labelSelector": selector} if selector else {},
                             keep=lambda p: _owned_by(p, uid, target.kind))
    session.gather(futures)
    if members:
        _pod_context(session, members[:50])


def _owned_by(pod: dict, uid: str | None, kind: str) -> bool:
    refs = pod["metadata"].get("ownerReferences") or []
    if kind == "Deployment":
        return any(r.get("kind") == "ReplicaSet" for r in refs)   # narrowed by the label selector
    return any(r.get("uid") == uid for r in refs) or not refs


def _collect_node_target(session: Session, name: str) -> None:
    """The node, its events, the operator's configuration and the pods on it, all at once
    (none needs another's answer); then the stack pods' logs, exec and DCGM."""
    config_futures, ds_future = _cluster_reads(session)
    futures = [session.submit(events.collect_events, session, None, "Node", name), ds_future] + config_futures
    stack_future = session.submit(_node_stack, session, name, set(), True)
    node = nodes_mod.get_node(session, name)
    if node is None and any(g["collector"] == "nodes" and g["reason"] == "NotFound" for g in session.writer.gaps):
        raise ClusterError(f"node {name} not found")
    nested = session.gather(futures + [stack_future])
    session.gather(nested[-1] or [])
