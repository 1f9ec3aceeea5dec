"""`GET .../pods/<name>[:<port>]/proxy/<path>` and `.../services/<name>[:<port>]/proxy/<path>`:
read-only answers from what the bundle recorded of the proxied process. Only the DCGM
exporter's `/metrics` was recorded (`gpu/nodes/<node>/dcgm.prom`, the scrape of the exporter
on that node), so only that is answered, from the proxied pod's node:

    GET /api/v1/namespaces/gpu-operator/pods/nvidia-dcgm-exporter-x2x4k:9400/proxy/metrics
    200 text/plain; version=0.0.4  <the bytes of gpu/nodes/<node>/dcgm.prom, unchanged>

Anything else gets the apiserver's Status: 404 (no such pod, no scrape recorded for its node,
another path), 503 (pod not running, nothing listens on that port: the dial fails), 403 when
fault injection forbids `pods/proxy` / `services/proxy`.

A bundle holds no Service objects: a service is resolved to the pods of its namespace whose
`app` or `app.kubernetes.io/name` label is the service's name (how the GPU operator's
`nvidia-dcgm-exporter` and the dcgm-exporter chart's service select their pods), unless the
bundle does serve `services` (then its `spec.selector`); the first running endpoint by name
answers, as the apiserver picks one endpoint per request.
"""

from __future__ import annotations

import re
from typing import Mapping

from aiohttp import web

from triage.bundle import layout
from triage.bundle.views import Bundle
from triage.replay import status as st
from triage.replay.faults import Faults
from triage.replay.store import Store

PROXY_RE = re.compile(r"^/api/v1/namespaces/([^/]+)/(pods|services)/([^/]+)/proxy(/.*)?$")
METRICS_TYPE = "text/plain; version=0.0.4; charset=utf-8"
EXPORTER_PORT = 9400
SERVICE_LABELS = ("app", "app.kubernetes.io/name")


def match(path: str) -> re.Match | None:
    return PROXY_RE.match(path)


def split_name(raw: str) -> tuple[str, str]:
    """`[scheme:]name[:port]` (the apiserver's proxy name) -> (name, port or "")."""
    parts = raw.split(":")
    if len(parts) == 3:
        return parts[1], parts[2]
    if len(parts) == 2:
        return parts[0], parts[1]
    return raw, ""


def listens_on(pod: Mapping, port: str) -> bool:
    """Whether the pod declares `port` (number or name); a pod that declares none is taken
    to be the exporter on its default port 9400."""
    declared = [p for c in (pod.get("spec") or {}).get("containers") or [] if isinstance(c, Mapping)
                for p in c.get("ports") or [] if isinstance(p, Mapping)]
    if not port:
        return True
    if not declared:
        return port == str(EXPORTER_PORT)
    return any(str(p.get("containerPort")) == port or p.get("name") == port for p in declared)


def answer(path_match: re.Match, bundle: Bundle, store: Store, faults: Faults) -> web.Response:
    namespace, kind, raw_name, sub = path_match.groups()
    name, port = split_name(raw_name)
    sub = sub or "/"
    if faults.is_forbidden(kind, "", "proxy"):
        return st.response(st.forbidden("get", kind, "", namespace, name, "proxy"))
    if kind == "pods":
        pods_c = store.collections["pods"]
        pos = pods_c.get(namespace, name)
        if pos is None:
            return st.response(st.not_found("pods", "", name))
        return _from_pod(pods_c.objs[pos], port, sub, bundle)
    endpoints = _service_endpoints(store, namespace, name)
    if endpoints is None:
        return st.response(st.not_found("services", "", name))
    running = [p for p in endpoints if _running(p)]
    if not running:
        return st.response(st.service_unavailable(f'no endpoints available for service "{name}"'))
    return _from_pod(running[0], port, sub, bundle)


def _from_pod(pod: Mapping, port: str, sub: str, bundle: Bundle) -> web.Response:
    meta = pod.get("metadata") or {}
    if not _running(pod):
        return st.response(st.service_unavailable(
            f"error trying to reach service: pod {meta.get('name')} is not running"))
    if not listens_on(pod, port):
        return st.response(st.service_unavailable(
            f"error trying to reach service: dial tcp :{port}: connect: connection refused"))
    node = str((pod.get("spec") or {}).get("nodeName") or "")
    if sub.rstrip("/") != "/metrics":
        return st.response(st.path_not_found())
    try:
        data = bundle.read_bytes(layout.node_dcgm(node))
    except (FileNotFoundError, OSError, ValueError):
        return st.response(st.path_not_found())
    return web.Response(status=200, body=data, headers={"Content-Type": METRICS_TYPE})


def _running(pod: Mapping) -> bool:
    return (pod.get("status") or {}).get("phase") == "Running" and bool((pod.get("spec") or {}).get("nodeName"))


def _service_endpoints(store: Store, namespace: str, name: str) -> list[Mapping] | None:
    """The pods behind a service, sorted by name; None when no such service can be made out."""
    pods_c = store.collections["pods"]
    in_ns = [pods_c.objs[p] for p in pods_c.select(namespace, (), ())]
    services = store.collections.get("services")
    if services is not None:
        pos = services.get(namespace, name)
        if pos is None:
            return None
        selector = (services.objs[pos].get("spec") or {}).get("selector") or {}
        if not selector:
            return []
        chosen = [p for p in in_ns if all(_labels(p).get(k) == v for k, v in selector.items())]
    else:
        chosen = [p for p in in_ns if any(_labels(p).get(k) == name for k in SERVICE_LABELS)]
        if not chosen:
            return None
    return sorted(chosen, key=lambda p: str((p.get("metadata") or {}).get("name") or ""))


def _labels(pod: Mapping) -> Mapping:
    return (pod.get("metadata") or {}).get("labels") or {}
