"""`gpu-triage rbac`: manifests the real kubectl accepts, read-only except the access review,
exec in a separate role, and covering every request a real collection makes."""

from __future__ import annotations

import json
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

import pytest
import yaml

from triage.cli import main
from tests.collect.cluster_fixture import OPERATOR_NS, PENDING, TRAINER
from tests.collect.helpers import run_collect, served

KUBECTL = shutil.which("kubectl")
RBAC_GROUP = "rbac.authorization.k8s.io"


class _EmptyRbacApi(BaseHTTPRequestHandler):
    """Discovery for the RBAC group and 404 for every object: what `kubectl apply
    --dry-run=client` asks of a server (it reads the live object to diff against)."""

    def do_GET(self):  # noqa: N802
        path = self.path.split("?")[0]
        if path == "/api":
            body = {"kind": "APIVersions", "versions": ["v1"]}
        elif path == "/apis":
            body = {"kind": "APIGroupList", "apiVersion": "v1", "groups": [{
                "name": RBAC_GROUP, "versions": [{"groupVersion": f"{RBAC_GROUP}/v1", "version": "v1"}],
                "preferredVersion": {"groupVersion": f"{RBAC_GROUP}/v1", "version": "v1"}}]}
        elif path == "/api/v1":
            body = {"kind": "APIResourceList", "groupVersion": "v1", "resources": []}
        elif path == f"/apis/{RBAC_GROUP}/v1":
            body = {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": f"{RBAC_GROUP}/v1", "resources": [
                {"name": n, "singularName": n[:-1], "namespaced": ns, "kind": k, "verbs": ["get", "list", "create"]}
                for n, k, ns in (("clusterroles", "ClusterRole", False), ("clusterrolebindings", "ClusterRoleBinding", False),
                                 ("roles", "Role", True), ("rolebindings", "RoleBinding", True))]}
        else:
            name = path.rsplit("/", 1)[-1]
            self._send(404, {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                             "message": f'"{name}" not found', "reason": "NotFound", "code": 404})
            return
        self._send(200, body)

    def _send(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def _rbac(capsys, *flags) -> str:
    assert main(["rbac", *flags]) == 0
    return capsys.readouterr().out


@pytest.mark.skipif(KUBECTL is None, reason="kubectl not installed")
def test_kubectl_apply_dry_run_accepts_the_manifests(tmp_path, capsys):
    text = _rbac(capsys, "--service-account", "gpu-triage/gpu-triage", "--exec-namespace", "llm")
    server = ThreadingHTTPServer(("127.0.0.1", 0), _EmptyRbacApi)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        proc = subprocess.run([KUBECTL, "apply", "--dry-run=client", "--validate=false", "-f", "-",
                               "--server", f"http://127.0.0.1:{server.server_port}", "--cache-dir", str(tmp_path / "c"),
                               "-o", "json"], input=text, capture_output=True, text=True, timeout=60)
    finally:
        server.shutdown()
    assert proc.returncode == 0, proc.stderr
    applied = json.loads(proc.stdout)["items"]
    assert [(d["kind"], d["metadata"]["name"], d["metadata"].get("namespace")) for d in applied] == [
        ("ClusterRole", "gpu-triage-read", None), ("Role", "gpu-triage-dcgm", "gpu-operator"),
        ("Role", "gpu-triage-exec", "llm"), ("ClusterRoleBinding", "gpu-triage-read", None),
        ("RoleBinding", "gpu-triage-dcgm", "gpu-operator"), ("RoleBinding", "gpu-triage-exec", "llm")]
    # kubectl decoded every rule as we wrote it (nothing dropped as an unknown field).
    ours = list(yaml.safe_load_all(text))
    assert [d["rules"] for d in applied[:3]] == [d["rules"] for d in ours[:3]]


def test_read_role_is_read_only_and_exec_is_separate(capsys):
    docs = list(yaml.safe_load_all(_rbac(capsys)))
    read, dcgm, exec_role = docs
    assert (read["kind"], dcgm["kind"], exec_role["kind"]) == ("ClusterRole", "Role", "ClusterRole")
    for rule in read["rules"]:
        if "resources" in rule and rule["resources"] == ["selfsubjectaccessreviews"]:
            assert rule["verbs"] == ["create"]
            continue
        assert set(rule["verbs"]) <= {"get", "list", "watch"}, rule
        assert "secrets" not in rule.get("resources", []) and "pods/exec" not in rule.get("resources", [])
    assert {"apiGroups": [""], "resources": ["pods/exec"], "verbs": ["create", "get"]} in exec_role["rules"]
    assert len(list(yaml.safe_load_all(_rbac(capsys, "--no-exec")))) == 2
    assert len(list(yaml.safe_load_all(_rbac(capsys, "--no-exec", "--no-dcgm")))) == 1


def test_the_pod_proxy_is_granted_only_in_the_namespaces_that_run_dcgm_exporters(capsys):
    """pods/proxy reaches any port of any pod it covers: never a ClusterRole's."""
    for flags, namespaces in (((), ["gpu-operator"]), (("--dcgm-namespace", "monitoring", "--dcgm-namespace", "dcgm"),
                                                       ["monitoring", "dcgm"]), (("--no-dcgm",), [])):
        docs = list(yaml.safe_load_all(_rbac(capsys, "--service-account", "ops/gpu-triage", *flags)))
        proxied = [(d["kind"], d["metadata"].get("namespace")) for d in docs if d["kind"] in ("Role", "ClusterRole")
                   for r in d["rules"] if any(res.endswith("/proxy") for res in r.get("resources", ()))]
        assert proxied == [("Role", ns) for ns in namespaces], flags
        bound = [d["metadata"].get("namespace") for d in docs
                 if d["kind"] == "RoleBinding" and d["roleRef"]["name"] == "gpu-triage-dcgm"]
        assert bound == namespaces
    assert main(["rbac", "--no-dcgm", "--dcgm-namespace", "x"]) == 2


def _allowed(rules, verb, group, resource) -> bool:
    return any(group in r.get("apiGroups", []) and resource in r.get("resources", []) and verb in r["verbs"]
               for r in rules)


def _request_to_permission(method: str, path: str) -> tuple[str, str, str] | None:
    segs = [unquote(s) for s in path.split("/") if s]
    if segs in (["version"],):
        return None
    if segs[0] == "api":
        group, rest = "", segs[2:]
    else:
        group, rest = segs[1], segs[3:]
    if rest[:1] == ["namespaces"] and len(rest) > 2:
        rest = rest[2:]
    resource = rest[0]
    name_given = len(rest) > 1
    if len(rest) > 2:
        resource = f"{rest[0]}/{rest[2]}"
    verb = "create" if method == "POST" or resource == "pods/exec" else ("get" if name_given else "list")
    return verb, group, resource


def _namespace_of(path: str) -> str | None:
    segs = [unquote(s) for s in path.split("/") if s]
    return segs[segs.index("namespaces") + 1] if "namespaces" in segs[:-1] else None


def test_the_roles_cover_every_request_a_collection_makes(tmp_path, capsys):
    docs = list(yaml.safe_load_all(_rbac(capsys, "--dcgm-namespace", OPERATOR_NS)))   # where this cluster runs it
    with served(tmp_path, dcgm=b"DCGM_FI_DEV_GPU_TEMP{gpu=\"0\"} 41\n") as srv:
        run_collect(srv, tmp_path, name=TRAINER, out="a")
        run_collect(srv, tmp_path, name=PENDING, out="b")
        run_collect(srv, tmp_path, kind="Scan", ns=None, out="c")
        requests = list(srv.requests)
    missing = set()
    for r in requests:
        perm = _request_to_permission(r.method, r.path)
        ns = _namespace_of(r.path)
        # a Role's rules count only in its own namespace; a ClusterRole's everywhere
        rules = [rule for d in docs if d["kind"] == "ClusterRole" or d["metadata"].get("namespace") == ns
                 for rule in d["rules"]]
        if perm and not _allowed(rules, *perm):
            missing.add((*perm, ns))
    assert missing == set()
    assert any(r.path.endswith("/proxy/metrics") for r in requests)     # the DCGM scrape was among them
