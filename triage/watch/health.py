"""The watcher's `/healthz`: 200 "ok" while the watch loop progresses, 503 otherwise; and,
given a `metrics` callable, `/metrics` (triage.watch.metrics) on the same port.

    server = HealthServer("127.0.0.1", 8080, check=lambda: (True, "watching 12 GPU pods"))
    server.start()          # background thread; server.port is the bound port (0 picks one)
    ...                     # GET /healthz -> 200 ok: watching 12 GPU pods
    server.stop()

Liveness and readiness probes of deploy/watcher/deployment.yaml point here.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable

from triage.errors import UsageError


class HealthServer:
    def __init__(self, host: str, port: int, check: Callable[[], tuple[bool, str]],
                 metrics: Callable[[], tuple[bytes, str]] | None = None):
        """metrics: () -> (body, content type) of `/metrics` (triage.watch.metrics); None: 404."""
        self.check = check
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):     # probes every few seconds: keep stderr for news
                pass

            def do_GET(self):
                if self.path.split("?", 1)[0] == "/metrics" and metrics is not None:
                    body, content_type = metrics()
                    self.send_response(200)
                    self.send_header("Content-Type", content_type)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if self.path.split("?", 1)[0] not in ("/healthz", "/readyz", "/livez"):
                    return self._answer(404, "not found")
                try:
                    ok, detail = outer.check()
                except Exception as err:  # noqa: BLE001 - a broken check is an unhealthy watcher
                    ok, detail = False, f"health check failed: {type(err).__name__}"
                self._answer(200 if ok else 503, ("ok: " if ok else "unhealthy: ") + detail)

            def _answer(self, code: int, text: str):
                body = (text + "\n").encode()
                self.send_response(code)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        try:
            self._server = ThreadingHTTPServer((host, port), Handler)
        except OSError as err:
            raise UsageError(f"cannot serve /healthz on {host}:{port}: {err.strerror}") from None
        self._server.daemon_threads = True
        self.host = host
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, name="healthz", daemon=True)

    def start(self) -> "HealthServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
