"""audit --prometheus URL: the GPU use of the window, from a Prometheus HTTP API (a loopback
stand-in answering /api/v1/query with Prometheus's own JSON shape), judges the embedder's
GPU instead of its one nvidia-smi; a Prometheus that fails is a gap, and the audit answers."""

from __future__ import annotations

import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from triage.cli import main
from triage.replay.server import ReplayServer
from triage.synth.demo_cluster import write_demo_bundle

pytestmark = pytest.mark.slow

# the labels dcgm-exporter series carry once Prometheus renamed the clashing ones (seed 004)
SERIES = [{"metric": {"__name__": "DCGM_FI_DEV_GPU_UTIL", "gpu": "0", "UUID": "GPU-0d1f7c2a", "Hostname": "gpu-h100-1",
                      "modelName": "NVIDIA H100 80GB HBM3", "exported_namespace": "llm",
                      "exported_pod": "embedder-5c7d9b8f4-p9q2w", "exported_container": "embedder"},
           "value": [1764600000.0, "1.25"]}]


class Prometheus:
    def __init__(self, status: int = 200):
        self.queries: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                url = urllib.parse.urlparse(self.path)
                outer.queries.append(urllib.parse.parse_qs(url.query).get("query", [""])[0])
                body = ({"status": "success", "data": {"resultType": "vector", "result": SERIES}} if status == 200
                        else {"status": "error", "errorType": "unavailable", "error": "query engine busy"})
                data = json.dumps(body).encode()
                self.send_response(status if url.path == "/api/v1/query" else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize("status", [200, 503])
def test_audit_reads_the_window_from_prometheus(tmp_path, capsys, status):
    prom = Prometheus(status)
    try:
        with ReplayServer(write_demo_bundle(tmp_path / "cluster")) as srv:
            kubeconfig = srv.write_kubeconfig(tmp_path / "kubeconfig")
            rc = main(["audit", "--kubeconfig", str(kubeconfig), "-A", "-o", "json", "--prometheus", prom.url,
                       "--window", "2h", "--out", str(tmp_path / "out")])
    finally:
        prom.close()
    doc = json.loads(capsys.readouterr().out)
    assert rc == 3 and len(doc["items"]) == 24
    assert prom.queries == ["avg_over_time(DCGM_FI_DEV_GPU_UTIL[2h])"]
    entries = doc["waste"]["entries"]
    manifest = json.loads((tmp_path / "out" / "bundle" / "manifest.json").read_text())
    if status == 200:
        assert [e["kind"] for e in entries] == ["idle_allocated_gpu"]
        cite = entries[0]["evidence"][0]
        assert cite["path"] == "gpu/prometheus/dcgm_gpu_util_avg.json" and "= 1.25" in cite["excerpt"]
        assert doc["waste"]["window"] == "2h" and "averaged over 2h" in doc["waste"]["notes"][0]
    else:        # no window: the embedder's own nvidia-smi still measures it
        assert [e["kind"] for e in entries] == ["gpus_unused_in_pod"] and doc["waste"]["window"] is None
        gaps = [g for g in manifest["gaps"] if g["collector"] == "prometheus"]
        assert gaps and "HTTP 503" in gaps[0]["detail"]
