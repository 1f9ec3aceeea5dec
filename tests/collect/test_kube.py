"""collect/kube.py against a loopback HTTP server that misbehaves on purpose: retries honour
Retry-After, give up within the budget, and paging survives an expired continue token."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from triage.collect.kube import ApiFailure, Budget, Kube


class _Script(BaseHTTPRequestHandler):
    """Answers GETs from a per-path script of (status, headers, body); records arrival times."""

    script: dict[str, list] = {}
    arrivals: list[tuple[float, str]] = []
    headers_seen: list[dict] = []

    def do_GET(self):  # noqa: N802
        type(self).arrivals.append((time.monotonic(), self.path))
        type(self).headers_seen.append({k.lower(): v for k, v in self.headers.items()})
        path = self.path.split("?")[0]
        steps = type(self).script[path]
        status, headers, body = steps.pop(0) if len(steps) > 1 else steps[0]
        data = json.dumps(body).encode() if not isinstance(body, bytes) else body
        self.send_response(status)
        for k, v in headers.items():
            self.send_header(k, v)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def scripted(tmp_path):
    _Script.script, _Script.arrivals, _Script.headers_seen = {}, [], []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Script)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    kubeconfig = tmp_path / "kubeconfig"
    kubeconfig.write_text(json.dumps(_kubeconfig(server.server_port, {})))
    yield str(kubeconfig)
    server.shutdown()


def _kubeconfig(port: int, user: dict) -> dict:
    return {"apiVersion": "v1", "kind": "Config", "current-context": "t",
            "clusters": [{"name": "t", "cluster": {"server": f"http://127.0.0.1:{port}"}}],
            "contexts": [{"name": "t", "context": {"cluster": "t", "user": "t"}}], "users": [{"name": "t", "user": user}]}


def _status(code, reason):
    return {"kind": "Status", "apiVersion": "v1", "status": "Failure", "message": reason, "reason": reason, "code": code}


def test_retry_waits_for_retry_after_then_succeeds(scripted):
    _Script.script["/api/v1/nodes/n1"] = [(429, {"Retry-After": "1"}, b"Too many requests, please try again later."),
                                          (503, {}, _status(503, "ServiceUnavailable")),
                                          (200, {}, {"kind": "Node", "metadata": {"name": "n1"}})]
    kube = Kube.connect(scripted, budget=Budget(30))
    assert kube.get_json("/api/v1/nodes/n1")["metadata"]["name"] == "n1"
    times = [t for t, _ in _Script.arrivals]
    assert len(times) == 3 and times[1] - times[0] >= 1.0          # the server asked for a second
    assert kube.stats.retries == 2


def test_retries_stop_when_the_budget_cannot_cover_the_wait(scripted):
    _Script.script["/api/v1/nodes"] = [(429, {"Retry-After": "5"}, b"slow down")]
    kube = Kube.connect(scripted, budget=Budget(2))
    with pytest.raises(ApiFailure) as err:
        kube.get_json("/api/v1/nodes")
    assert (err.value.status, err.value.reason) == (429, "TooManyRequests")
    assert len(_Script.arrivals) == 1                                   # no pointless retry


def test_forbidden_is_not_retried_and_keeps_the_servers_message(scripted):
    msg = 'nodes is forbidden: User "alice" cannot list resource "nodes" in API group "" at the cluster scope'
    _Script.script["/api/v1/nodes"] = [(403, {}, {**_status(403, "Forbidden"), "message": msg})]
    kube = Kube.connect(scripted, budget=Budget(10))
    with pytest.raises(ApiFailure) as err:
        kube.get_json("/api/v1/nodes")
    assert (err.value.reason, err.value.message) == ("Forbidden", msg)
    assert len(_Script.arrivals) == 1


def test_paging_restarts_once_when_the_continue_token_expired(scripted):
    page = lambda names, token=None: {"kind": "PodList", "apiVersion": "v1",  # noqa: E731
                                      "metadata": {"continue": token} if token else {},
                                      "items": [{"metadata": {"name": n}} for n in names]}
    _Script.script["/api/v1/pods"] = [(200, {}, page(["a"], "t1")), (410, {}, _status(410, "Expired")),
                                      (200, {}, page(["a"], "t2")), (200, {}, page(["b"]))]
    kube = Kube.connect(scripted, budget=Budget(10))
    names = [i["metadata"]["name"] for p in kube.list_pages("/api/v1/pods", {}, page_size=1) for i in p["items"]]
    assert names == ["a", "a", "b"]
    queries = [p.split("?")[1] for _, p in _Script.arrivals]
    assert queries == ["limit=1", "limit=1&continue=t1", "limit=1", "limit=1&continue=t2"]


def _port(kubeconfig: str) -> int:
    return int(json.loads(open(kubeconfig).read())["clusters"][0]["cluster"]["server"].rsplit(":", 1)[1])


def test_a_kubeconfig_token_is_sent_as_a_bearer_token(scripted, tmp_path):
    _Script.script["/api/v1/nodes/n1"] = [(200, {}, {"kind": "Node", "metadata": {"name": "n1"}})]
    config = tmp_path / "token.kubeconfig"
    config.write_text(json.dumps(_kubeconfig(_port(scripted), {"token": "static-abc"})))
    Kube.connect(str(config), budget=Budget(10)).get_json("/api/v1/nodes/n1", {"pretty": False})
    assert _Script.headers_seen[-1]["authorization"] == "Bearer static-abc"
    assert _Script.arrivals[-1][1] == "/api/v1/nodes/n1?pretty=false"


def test_an_exec_credential_plugin_runs_and_its_token_is_sent(scripted, tmp_path):
    """kubeconfig users that run a credential plugin (EKS, GKE, AKS, OIDC helpers) go through
    the official client's exec provider: the plugin runs, its token is the bearer token."""
    import sys
    ran = tmp_path / "plugin-ran"
    plugin = tmp_path / "plugin.py"
    plugin.write_text(
        "import json, pathlib, sys\n"
        f"pathlib.Path({str(ran)!r}).write_text('yes')\n"
        "print(json.dumps({'apiVersion': 'client.authentication.k8s.io/v1', 'kind': 'ExecCredential',"
        " 'status': {'token': 'from-the-plugin'}}))\n")
    config = tmp_path / "exec.kubeconfig"
    config.write_text(json.dumps(_kubeconfig(_port(scripted), {"exec": {
        "apiVersion": "client.authentication.k8s.io/v1", "command": sys.executable, "args": [str(plugin)],
        "interactiveMode": "Never"}})))
    _Script.script["/api/v1/nodes/n1"] = [(200, {}, {"kind": "Node", "metadata": {"name": "n1"}})]
    assert Kube.connect(str(config), budget=Budget(10)).get_json("/api/v1/nodes/n1")["metadata"]["name"] == "n1"
    assert ran.read_text() == "yes"
    assert _Script.headers_seen[-1]["authorization"] == "Bearer from-the-plugin"


def test_the_next_page_is_asked_for_while_this_one_is_read(scripted):
    """Pages come in order, each once, and the request for page n+1 reaches the server before
    the caller has finished with page n (the continue token is read from the answer's head)."""
    page = lambda names, token=None: {"kind": "PodList", "apiVersion": "v1",  # noqa: E731
                                      "metadata": {"continue": token} if token else {},
                                      "items": [{"metadata": {"name": n}} for n in names]}
    _Script.script["/api/v1/pods"] = [(200, {}, page(["a"], "t1")), (200, {}, page(["b"], "t2")),
                                      (200, {}, page(["c"]))]
    kube = Kube.connect(scripted, budget=Budget(10))
    seen, arrived_while_busy = [], []
    for n, p in enumerate(kube.list_pages("/api/v1/pods", {}, page_size=1)):
        seen += [i["metadata"]["name"] for i in p["items"]]
        deadline = time.monotonic() + 2
        while len(_Script.arrivals) < n + 2 and time.monotonic() < deadline and p["metadata"].get("continue"):
            time.sleep(0.01)             # the caller is still busy with page n
        arrived_while_busy.append(len(_Script.arrivals) >= n + 2)   # page n+1 was asked for meanwhile
    assert seen == ["a", "b", "c"]
    assert [p.split("?")[1] for _, p in _Script.arrivals] == ["limit=1", "limit=1&continue=t1", "limit=1&continue=t2"]
    assert arrived_while_busy == [True, True, False]


def test_an_oidc_refresh_gets_the_real_oauth_client_when_it_needs_it(scripted):
    """kube_config binds requests_oauthlib's OAuth2Session, oauthlib and the typed ApiClient at
    import, for refreshing an OIDC auth-provider token only: collect imports them on that call,
    and they are then the libraries' own (a refresh works as with the client imported whole)."""
    from triage.collect import kube as kube_mod
    Kube.connect(scripted, budget=Budget(5))
    kc = kube_mod._client().kube_config
    import kubernetes.client.api_client
    import requests_oauthlib
    real = lambda name: getattr(getattr(kc, name), "real", lambda: getattr(kc, name))()  # noqa: E731
    assert real("OAuth2Session") is requests_oauthlib.OAuth2Session      # (imported whole earlier: as is)
    assert real("ApiClient") is kubernetes.client.api_client.ApiClient
    assert issubclass(kc.oauthlib.oauth2.rfc6749.errors.InvalidClientIdError, Exception)
    import kubernetes
    assert kubernetes.__version__ and kubernetes.client.CoreV1Api      # the package, whole, for anyone else
