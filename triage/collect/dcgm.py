"""DCGM exporter metrics of one node, through the API server's proxy to the
exporter pod on that node (`pods/proxy`, port 9400 `/metrics`): a service proxy
would answer from any node's exporter, not this one's."""

from __future__ import annotations

from triage.bundle import layout
from triage.collect.kube import ApiFailure
from triage.collect.permissions import needs
from triage.collect.session import Session

DEFAULT_PORT = 9400
MAX_BYTES = 8 * 1024 * 1024


def metrics_port(pod: dict) -> int:
    for c in (pod.get("spec") or {}).get("containers") or []:
        for port in c.get("ports") or []:
            if port.get("name") in ("metrics", "gpu-metrics", "http-metrics") and port.get("containerPort"):
                return int(port["containerPort"])
    return DEFAULT_PORT


def collect_dcgm(session: Session, exporter_pod: dict, node: str) -> str | None:
    meta = exporter_pod["metadata"]
    ns = meta.get("namespace") or "default"
    if (exporter_pod.get("status") or {}).get("phase") != "Running":
        session.skip("dcgm", f"exporter {ns}/{meta['name']} is not running")
        return None
    path = layout.node_dcgm(node)
    url = f"/api/v1/namespaces/{ns}/pods/{meta['name']}:{metrics_port(exporter_pod)}/proxy/metrics"
    try:
        text = session.kube.get_text(url, None, max_bytes=MAX_BYTES)
    except ApiFailure as failure:
        session.failed("dcgm", path, failure, needs("get", "pods/proxy", ns))
        return None
    return session.write_text("dcgm", path, text)
