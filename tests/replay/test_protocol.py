"""Wire details that clients depend on: discovery documents, Status bodies, exec framing."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
import websocket

from tests.replay.conftest import H100_TABLE


def _get(url: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read()


def test_discovery_lists_every_served_group_and_the_pod_subresources(server):
    code, _, body = _get(server.url + "/apis")
    groups = {g["name"]: g["preferredVersion"]["groupVersion"] for g in json.loads(body)["groups"]}
    assert groups == {"apps": "apps/v1", "batch": "batch/v1", "policy": "policy/v1", "nvidia.com": "nvidia.com/v1",
                      "resource.k8s.io": "resource.k8s.io/v1beta1",
                      "authorization.k8s.io": "authorization.k8s.io/v1",
                      "rbac.authorization.k8s.io": "rbac.authorization.k8s.io/v1"}
    code, _, body = _get(server.url + "/api/v1")
    names = {r["name"]: r for r in json.loads(body)["resources"]}
    assert {"pods", "pods/log", "pods/exec", "nodes", "events", "namespaces", "resourcequotas"} <= set(names)
    assert names["pods"]["verbs"] == ["get", "list", "watch"] and names["nodes"]["namespaced"] is False
    code, _, body = _get(server.url + "/apis/nvidia.com/v1")
    assert json.loads(body)["resources"][0] == {
        "name": "clusterpolicies", "singularName": "clusterpolicy", "namespaced": False, "kind": "ClusterPolicy",
        "verbs": ["get", "list", "watch"]}
    code, _, body = _get(server.url + "/version")
    assert json.loads(body)["gitVersion"] == "v1.32.4"


def test_unknown_resource_and_path_are_404_status(server):
    for path in ("/api/v1/services", "/apis/apps/v2/deployments", "/api/v1/namespaces/ml/configmaps/x", "/metrics"):
        code, headers, body = _get(server.url + path)
        doc = json.loads(body)
        assert (code, doc["kind"], doc["apiVersion"], doc["reason"]) == (404, "Status", "v1", "NotFound"), path


def test_table_for_a_single_object_and_full_objects_on_request(server):
    accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"
    code, _, body = _get(server.url + "/api/v1/namespaces/ml/pods/vllm-0", {"Accept": accept})
    table = json.loads(body)
    assert table["kind"] == "Table" and [c["name"] for c in table["columnDefinitions"]][:5] == [
        "Name", "Ready", "Status", "Restarts", "Age"]
    assert table["rows"][0]["cells"][:3] == ["vllm-0", "2/2", "Running"]
    assert table["rows"][0]["object"]["kind"] == "PartialObjectMetadata"
    code, _, body = _get(server.url + "/api/v1/namespaces/ml/pods?includeObject=Object", {"Accept": accept})
    assert json.loads(body)["rows"][0]["object"]["spec"]["nodeName"] == "gpu-node-2"


def test_exec_v4_only_client_gets_v4_and_frames_in_kubelet_order(server):
    url = (server.url.replace("http", "ws") + "/api/v1/namespaces/ml/pods/vllm-0/exec?"
           "command=nvidia-smi&container=server&stdout=true&stderr=true")
    ws = websocket.create_connection(url, subprotocols=["v4.channel.k8s.io"], timeout=10)
    assert ws.subprotocol == "v4.channel.k8s.io"
    frames = []
    while True:
        opcode, data = ws.recv_data(control_frame=True)
        if opcode == websocket.ABNF.OPCODE_CLOSE:
            assert int.from_bytes(data[:2], "big") == 1000
            break
        assert opcode == websocket.ABNF.OPCODE_BINARY
        frames.append(data)
    assert frames[0] == b"\x01"                                    # "connected" notice
    assert b"".join(f[1:] for f in frames if f[0] == 1).decode() == H100_TABLE
    assert frames[-1][0] == 3 and json.loads(frames[-1][1:]) == {"metadata": {}, "status": "Success"}


def test_exec_without_a_known_subprotocol_or_over_spdy_is_a_status(server):
    url = server.url.replace("http", "ws") + "/api/v1/namespaces/ml/pods/vllm-0/exec?command=ls&container=server"
    with pytest.raises(websocket.WebSocketBadStatusException) as err:
        websocket.create_connection(url, subprotocols=["channel.k8s.io"], timeout=10)
    assert err.value.status_code == 400
    req = urllib.request.Request(server.url + "/api/v1/namespaces/ml/pods/vllm-0/exec?command=ls&container=server",
                                 method="POST", headers={"Upgrade": "SPDY/3.1", "Connection": "Upgrade"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(req, timeout=10)
    doc = json.loads(err.value.read())
    assert (err.value.code, doc["kind"], doc["reason"]) == (400, "Status", "BadRequest")
    assert "only over WebSocket" in doc["message"]


def test_malformed_objects_are_served_not_crashed_on(tmp_path):
    """A bundle is untrusted: odd field types still list, get and print; a pod without a
    namespace takes the one of its list file."""
    from triage.bundle import layout
    from triage.bundle.writer import BundleWriter
    from triage.replay.server import ReplayServer
    w = BundleWriter(tmp_path / "b")
    w.write_json(layout.namespaced_list("pods", "ml"), {"kind": "PodList", "apiVersion": "v1", "items": [
        {"metadata": {"name": "odd-0"}, "spec": {"containers": "not-a-list"},
         "status": {"containerStatuses": [{"name": "c", "restartCount": "many", "state": "?"}]}},
        {"metadata": {"name": "fine-0", "namespace": "ml"}, "spec": {"containers": [{"name": "c"}]},
         "status": {"phase": "Running"}},
        "not-an-object", {"metadata": {"labels": {"no": "name"}}}]})
    with ReplayServer(tmp_path / "b") as srv:
        accept = {"Accept": "application/json;as=Table;v=v1;g=meta.k8s.io"}
        code, _, body = _get(srv.url + "/api/v1/namespaces/ml/pods", accept)
        assert code == 200
        rows = {r["cells"][0]: r["cells"] for r in json.loads(body)["rows"]}
        assert rows["odd-0"][1:3] == ["<invalid>", "<invalid>"]
        assert rows["fine-0"][2] == "Running"
        code, _, body = _get(srv.url + "/api/v1/namespaces/ml/pods/odd-0")
        assert code == 200 and json.loads(body)["metadata"]["namespace"] == "ml"
        code, _, body = _get(srv.url + "/api/v1/pods?labelSelector=no%3Dname")
        assert json.loads(body)["items"] == []
