"""Regenerate fixtures/inputs/cluster-dump/: the real `kubectl cluster-info dump --all-namespaces`
(stdout stream, and --output-directory tree) of the demo cluster served by `gpu-triage serve`.

The replay server answers only what a bundle holds; cluster-info dump also lists
ReplicationControllers and Services, which no bundle collects: a small proxy in front of it
answers those two with empty lists (the demo cluster has none) and forwards everything else.

    python -m tests.inputs.gen_cluster_dump
"""

from __future__ import annotations

import http.server
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

from triage.synth.demo_cluster import write_demo_bundle

OUT = Path(__file__).resolve().parents[2] / "fixtures" / "inputs" / "cluster-dump"
_EMPTY = re.compile(r"^/api/v1/namespaces/[^/]+/(replicationcontrollers|services)(\?.*)?$")


def _proxy(upstream: str) -> http.server.ThreadingHTTPServer:
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_GET(self):
            m = _EMPTY.match(self.path)
            if m:
                kind = {"replicationcontrollers": "ReplicationControllerList", "services": "ServiceList"}[m.group(1)]
                body = json.dumps({"kind": kind, "apiVersion": "v1", "metadata": {"resourceVersion": "1000"},
                                   "items": []}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            req = urllib.request.Request(upstream + self.path, headers={k: v for k, v in self.headers.items()
                                                                         if k.lower() not in ("host",)})
            try:
                with urllib.request.urlopen(req, timeout=30) as resp:
                    body, status, ctype = resp.read(), resp.status, resp.headers.get("Content-Type", "")
            except urllib.error.HTTPError as err:
                body, status, ctype = err.read(), err.code, err.headers.get("Content-Type", "")
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)


def main() -> int:
    from triage.replay.server import ReplayServer
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        cluster = write_demo_bundle(tmp / "cluster")
        with ReplayServer(cluster) as srv:
            proxy = _proxy(srv.url)
            threading.Thread(target=proxy.serve_forever, daemon=True).start()
            kc = tmp / "kubeconfig"
            url = f"http://127.0.0.1:{proxy.server_address[1]}"
            kc.write_text(f"apiVersion: v1\nkind: Config\nclusters:\n- name: demo\n  cluster:\n    server: {url}\n"
                          "contexts:\n- name: demo\n  context:\n    cluster: demo\n    user: demo\n"
                          "current-context: demo\nusers:\n- name: demo\n  user: {}\n")
            base = ["kubectl", "--kubeconfig", str(kc), "--cache-dir", str(tmp / "cache"), "cluster-info", "dump",
                    "--all-namespaces"]
            if OUT.exists():
                shutil.rmtree(OUT)
            OUT.mkdir(parents=True)
            with open(OUT / "cluster-info-dump.json", "wb") as fh:
                subprocess.run(base, stdout=fh, check=True, timeout=120)
            subprocess.run(base + ["--output-directory", str(OUT / "dump-dir")], check=True, timeout=120)
            proxy.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
