"""Errors that point the right way: a refused connection, a server that never answers, a TLS
failure, refused credentials and a malformed kubeconfig each say what they are and what to
check, as the user's error (one ClusterError line), never as a tool bug. Real parts: the
kubernetes client over real sockets (the replay server, a closed port, a plain-HTTP server
addressed over https). Gap hints follow the failure kind (404, 403, 400)."""

from __future__ import annotations

import http.server
import json
import socket
import threading
from pathlib import Path

import pytest
import yaml

from triage.collect.kube import ApiFailure, Kube
from triage.collect.run import Target, collect
from triage.collect.session import Options, _needs_for
from triage.errors import ClusterError
from triage.replay.server import Faults, ReplayServer
from triage.synth.demo_cluster import write_demo_bundle


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("errors") / "demo")


def _kubeconfig(path: Path, server: str, user: dict | None = None) -> Path:
    path.write_text(yaml.safe_dump({
        "apiVersion": "v1", "kind": "Config", "current-context": "x",
        "clusters": [{"name": "c", "cluster": {"server": server, "insecure-skip-tls-verify": False}}],
        "users": [{"name": "u", "user": user or {"token": "not-a-real-token"}}],
        "contexts": [{"name": "x", "context": {"cluster": "c", "user": "u"}}]}))
    return path


def _scan_error(kubeconfig: Path, tmp: Path, timeout: float = 2.0) -> str:
    with pytest.raises(ClusterError) as err:
        collect(Target("Scan", None, None), Options(kubeconfig=str(kubeconfig), request_timeout=timeout,
                                                    timeout=20, access_review=False), tmp / "bundle")
    return str(err.value)


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_refused_says_refused_not_timed_out(tmp_path):
    msg = _scan_error(_kubeconfig(tmp_path / "kc", f"http://127.0.0.1:{_closed_port()}"), tmp_path)
    assert "connection refused" in msg and "is the cluster up" in msg
    assert "nothing received" not in msg and "VPN" not in msg


def test_no_answer_says_timed_out(demo, tmp_path):
    with ReplayServer(demo, port=0, faults=Faults(seed=1, stall_paths=("/version",), stall_seconds=5)) as srv:
        msg = _scan_error(srv.write_kubeconfig(tmp_path / "kc"), tmp_path, timeout=1.0)
    assert "nothing received for 1.0s" in msg and "raise --request-timeout" in msg
    assert "refused" not in msg


def test_tls_to_a_plain_http_server_says_tls(demo, tmp_path):
    with ReplayServer(demo, port=0) as srv:
        https = srv.url.replace("http://", "https://")
        msg = _scan_error(_kubeconfig(tmp_path / "kc", https), tmp_path)
    assert "TLS handshake failed" in msg and "does not speak TLS" in msg
    assert "nothing received" not in msg


class _Unauthorized(http.server.BaseHTTPRequestHandler):
    """An API server that refuses every credential, as kube-apiserver does (a 401 Status)."""

    def do_GET(self):  # noqa: N802 - http.server's name
        body = json.dumps({"kind": "Status", "apiVersion": "v1", "status": "Failure", "message": "Unauthorized",
                           "reason": "Unauthorized", "code": 401}).encode()
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args):
        pass


def test_refused_credentials_say_401(tmp_path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Unauthorized)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        msg = _scan_error(_kubeconfig(tmp_path / "kc", f"http://127.0.0.1:{server.server_address[1]}"), tmp_path)
    finally:
        server.shutdown()
        server.server_close()
    assert "refused our credentials (401)" in msg and "log in again" in msg


def test_malformed_kubeconfig_names_the_file_and_the_line(tmp_path):
    bad = tmp_path / "config"
    bad.write_text('apiVersion: v1\nclusters: [{name: c, cluster: {server: "https://x"}\nusers: [\n')
    with pytest.raises(ClusterError) as err:
        Kube.connect(str(bad))
    msg = str(err.value)
    assert str(bad) in msg and "line 3" in msg and "not valid YAML" in msg and "report it" not in msg
    shape = tmp_path / "list"
    shape.write_text("- a\n- b\n")
    with pytest.raises(ClusterError, match=r"is not a kubeconfig"):
        Kube.connect(str(shape))


def test_gap_hints_follow_the_failure_kind():
    needs = "get pods/proxy in namespace gpu-operator"
    assert "404: not installed, or gone" in _needs_for(ApiFailure(404, "NotFound", "not found", "/x"), needs)
    assert needs not in _needs_for(ApiFailure(404, "NotFound", "not found", "/x"), needs)
    bad = _needs_for(ApiFailure(400, "BadRequest", "previous terminated container not found", "/x"), needs)
    assert "400: previous terminated container not found" in bad and needs not in bad
