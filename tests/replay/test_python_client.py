"""The official `kubernetes` Python client against the replay server over real HTTP."""

from __future__ import annotations

import json

import pytest
from kubernetes import client, watch
from kubernetes.client.rest import ApiException
from kubernetes.stream import stream

from tests.replay.conftest import GPU_LOST, H100_TABLE, OOM_LOG
from triage.replay.server import Faults, ReplayServer


def test_list_and_read_every_kind(api):
    core, apps, batch = client.CoreV1Api(api), client.AppsV1Api(api), client.BatchV1Api(api)
    pods = core.list_pod_for_all_namespaces()
    assert len(pods.items) == 6
    pod = core.read_namespaced_pod("train-0", "ml")
    assert pod.status.container_statuses[0].state.waiting.reason == "CrashLoopBackOff"
    assert [n.metadata.name for n in core.list_node().items] == ["gpu-node-1", "gpu-node-2"]
    assert core.read_node("gpu-node-1").status.allocatable["nvidia.com/gpu"] == "8"
    assert [ns.metadata.name for ns in core.list_namespace().items] == ["gpu-operator", "ml"]
    assert core.read_namespace("ml").status.phase == "Active"
    events = core.list_namespaced_event("ml").items
    assert {e.reason for e in events} == {"FailedScheduling", "BackOff"}
    assert core.list_event_for_all_namespaces().items[0].involved_object.name == "pending-gpu-0"
    assert core.read_namespaced_resource_quota("gpu-quota", "ml").status.used == {"requests.nvidia.com/gpu": "3"}
    assert apps.read_namespaced_deployment("vllm", "ml").status.ready_replicas == 1
    assert [d.metadata.name for d in apps.list_deployment_for_all_namespaces().items] == ["vllm"]
    assert apps.list_namespaced_stateful_set("ml").items == []
    assert batch.read_namespaced_job("prep", "ml").status.active == 1
    custom = client.CustomObjectsApi(api)
    policies = custom.list_cluster_custom_object("nvidia.com", "v1", "clusterpolicies")
    assert policies["items"][0]["spec"]["driver"]["version"] == "550.90.07"
    assert custom.get_cluster_custom_object("nvidia.com", "v1", "clusterpolicies", "cluster-policy")[
        "status"]["state"] == "ready"
    slices = custom.list_cluster_custom_object("resource.k8s.io", "v1beta1", "resourceslices")["items"]
    assert [len(s["spec"]["devices"]) for s in slices] == [8]
    claims = custom.list_namespaced_custom_object("resource.k8s.io", "v1beta1", "ml", "resourceclaims")["items"]
    assert [c["metadata"]["name"] for c in claims] == ["train-gpu"]
    assert custom.list_namespaced_custom_object("resource.k8s.io", "v1beta1", "other", "resourceclaims")[
        "items"] == []


def test_missing_object_is_404_status(api):
    core = client.CoreV1Api(api)
    with pytest.raises(ApiException) as err:
        core.read_namespaced_pod("nope", "ml")
    assert err.value.status == 404
    body = json.loads(err.value.body)
    assert body["kind"] == "Status" and body["message"] == 'pods "nope" not found'


def test_pagination_walks_every_pod_once(api):
    core = client.CoreV1Api(api)
    seen, token, pages = [], None, 0
    while True:
        page = core.list_pod_for_all_namespaces(limit=2, _continue=token)
        pages += 1
        seen += [(p.metadata.namespace, p.metadata.name) for p in page.items]
        token = page.metadata._continue
        if not token:
            break
        assert page.metadata.remaining_item_count == 6 - len(seen)
    assert pages == 3
    assert seen == sorted(seen) and len(set(seen)) == 6


def test_pagination_with_selector_and_bad_token(api):
    core = client.CoreV1Api(api)
    first = core.list_namespaced_pod("ml", label_selector="tier=gpu", limit=2)
    second = core.list_namespaced_pod("ml", label_selector="tier=gpu", limit=2, _continue=first.metadata._continue)
    names = [p.metadata.name for p in first.items + second.items]
    assert names == ["lost-0", "pending-gpu-0", "train-0", "vllm-0"][:len(names)] and len(names) == 4
    assert second.metadata._continue is None
    with pytest.raises(ApiException) as err:
        core.list_namespaced_pod("ml", limit=2, _continue="not-a-token")
    assert err.value.status == 400


def test_selectors(api):
    core = client.CoreV1Api(api)
    names = lambda pods: [p.metadata.name for p in pods.items]  # noqa: E731
    assert names(core.list_namespaced_pod("ml", label_selector="app in (vllm,bench)")) == ["lost-0", "vllm-0"]
    assert names(core.list_namespaced_pod("ml", label_selector="!tier")) == ["prep-0"]
    assert names(core.list_namespaced_pod("ml", label_selector="tier,app!=train")) == ["lost-0", "vllm-0"]
    assert names(core.list_pod_for_all_namespaces(field_selector="status.phase=Pending")) == [
        "pending-gpu-0", "prep-0"]
    assert names(core.list_pod_for_all_namespaces(field_selector="spec.nodeName=")) == ["pending-gpu-0"]
    events = core.list_namespaced_event("ml", field_selector="involvedObject.name=train-0,type=Warning")
    assert [e.reason for e in events.items] == ["BackOff"]
    sched = core.list_event_for_all_namespaces(field_selector="source=default-scheduler")
    assert [e.reason for e in sched.items] == ["FailedScheduling"]
    with pytest.raises(ApiException) as err:
        core.list_namespaced_pod("ml", field_selector="spec.containers=x")
    assert err.value.status == 400 and "field label not supported: spec.containers" in err.value.body
    with pytest.raises(ApiException) as err:
        core.list_namespaced_pod("ml", label_selector="app in (")
    assert err.value.status == 400


def test_pod_logs(api):
    core = client.CoreV1Api(api)
    assert core.read_namespaced_pod_log("train-0", "ml", previous=True) == OOM_LOG.rstrip("\n") + "\n"
    assert core.read_namespaced_pod_log("train-0", "ml", container="trainer", tail_lines=1) == "step 20 loss 2.30\n"
    assert core.read_namespaced_pod_log("train-0", "ml", limit_bytes=6) == "step 1"
    with pytest.raises(ApiException) as err:
        core.read_namespaced_pod_log("vllm-0", "ml")
    assert err.value.status == 400
    assert json.loads(err.value.body)["message"] == (
        "a container name must be specified for pod vllm-0, choose one of: [server metrics]")
    with pytest.raises(ApiException) as err:
        core.read_namespaced_pod_log("vllm-0", "ml", container="nope")
    assert json.loads(err.value.body)["message"] == "container nope is not valid for pod vllm-0"
    # Never scheduled: the apiserver has no kubelet to ask and answers 204 with no body.
    resp = core.read_namespaced_pod_log("pending-gpu-0", "ml", _preload_content=False)
    assert resp.status == 204 and resp.data == b""


def _exec(api, pod, container, command):
    core = client.CoreV1Api(api)
    ws = stream(core.connect_get_namespaced_pod_exec, pod, "ml", container=container, command=command,
                stderr=True, stdin=False, stdout=True, tty=False, _preload_content=False)
    ws.run_forever(timeout=10)
    return ws.read_all() if hasattr(ws, "read_all") else "", ws


def test_exec_returncode_and_output(api):
    core = client.CoreV1Api(api)
    ws = stream(core.connect_get_namespaced_pod_exec, "vllm-0", "ml", container="server", command=["nvidia-smi"],
                stderr=True, stdin=False, stdout=True, tty=False, _preload_content=False)
    ws.run_forever(timeout=10)
    assert ws.read_stdout() == H100_TABLE
    assert ws.returncode == 0
    ws = stream(core.connect_get_namespaced_pod_exec, "lost-0", "ml", container="bench", command=["nvidia-smi"],
                stderr=True, stdin=False, stdout=True, tty=False, _preload_content=False)
    ws.run_forever(timeout=10)
    assert ws.read_stderr() == GPU_LOST
    assert ws.returncode == 15
    ws = stream(core.connect_get_namespaced_pod_exec, "lost-0", "ml", container="bench", command=["dmesg"],
                stderr=True, stdin=False, stdout=True, tty=False, _preload_content=False)
    ws.run_forever(timeout=10)
    assert ws.returncode == 127
    assert "no recording of `dmesg`" in ws.read_stderr()


def test_forbidden_and_throttled(bundle_dir):
    with ReplayServer(bundle_dir, faults=Faults(forbidden={"nodes", "pods/log"})) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        with client.ApiClient(cfg) as api:
            core = client.CoreV1Api(api)
            with pytest.raises(ApiException) as err:
                core.list_node()
            assert err.value.status == 403
            assert json.loads(err.value.body)["reason"] == "Forbidden"
            with pytest.raises(ApiException) as err:
                core.read_namespaced_pod_log("train-0", "ml")
            assert err.value.status == 403
            assert json.loads(err.value.body)["message"] == (
                'pods "train-0" is forbidden: User "system:serviceaccount:gpu-triage:replay" cannot get resource '
                '"pods/log" in API group "" in the namespace "ml"')
            assert len(core.list_namespaced_pod("ml").items) == 5        # pods themselves stay readable
            review = client.AuthorizationV1Api(api).create_self_subject_access_review(
                client.V1SelfSubjectAccessReview(spec=client.V1SelfSubjectAccessReviewSpec(
                    resource_attributes=client.V1ResourceAttributes(verb="get", resource="pods",
                                                                    subresource="log", namespace="ml"))))
            assert review.status.allowed is False
            review = client.AuthorizationV1Api(api).create_self_subject_access_review(
                client.V1SelfSubjectAccessReview(spec=client.V1SelfSubjectAccessReviewSpec(
                    resource_attributes=client.V1ResourceAttributes(verb="list", resource="pods", namespace="ml"))))
            assert review.status.allowed is True
    with ReplayServer(bundle_dir, faults=Faults(seed=3, rate_429=1.0)) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        with client.ApiClient(cfg) as api:
            with pytest.raises(ApiException) as err:
                client.CoreV1Api(api).list_namespaced_pod("ml")
            assert err.value.status == 429
            assert err.value.headers["Retry-After"] == "1"
            assert err.value.body == "Too many requests, please try again later.\n"


def test_writes_refused_with_405_and_logged(api, server):
    core = client.CoreV1Api(api)
    before = len(server.requests)
    with pytest.raises(ApiException) as err:
        core.delete_namespaced_pod("train-0", "ml")
    assert err.value.status == 405
    assert json.loads(err.value.body)["reason"] == "MethodNotAllowed"
    with pytest.raises(ApiException) as err:
        core.patch_node("gpu-node-1", {"spec": {"unschedulable": True}})
    assert err.value.status == 405
    with pytest.raises(ApiException) as err:
        core.create_namespaced_pod("ml", {"metadata": {"name": "x"}, "spec": {"containers": [
            {"name": "c", "image": "busybox"}]}})
    assert err.value.status == 405
    logged = [(r.method, r.path, r.status) for r in server.requests[before:]]
    assert logged == [("DELETE", "/api/v1/namespaces/ml/pods/train-0", 405),
                      ("PATCH", "/api/v1/nodes/gpu-node-1", 405),
                      ("POST", "/api/v1/namespaces/ml/pods", 405)]
    assert core.read_node("gpu-node-1").spec.unschedulable is None     # nothing changed


def test_watch_streams_objects_then_timeline_until_410(api):
    core = client.CoreV1Api(api)
    seen = []
    with pytest.raises(ApiException) as err:
        for ev in watch.Watch().stream(core.list_namespaced_pod, "ml", timeout_seconds=5):
            seen.append((ev["type"], ev["object"].metadata.name))
    assert err.value.status == 410
    assert seen == [("ADDED", "lost-0"), ("ADDED", "pending-gpu-0"), ("ADDED", "prep-0"), ("ADDED", "train-0"),
                    ("ADDED", "vllm-0"), ("MODIFIED", "pending-gpu-0"), ("DELETED", "prep-0")]


def test_watch_from_resource_version_and_selectors(api, server):
    core = client.CoreV1Api(api)
    # From rv 400 the client already has the MODIFIED pod; only the DELETE (rv 401) and the ERROR remain.
    resp = core.list_namespaced_pod("ml", watch=True, resource_version="400", timeout_seconds=3,
                                    _preload_content=False)
    lines = [json.loads(line) for line in resp.data.decode().splitlines()]
    assert [(e["type"], e["object"].get("metadata", {}).get("name")) for e in lines] == [
        ("DELETED", "prep-0"), ("ERROR", None)]
    assert lines[1]["object"]["code"] == 410
    # Events watch: the pod entries are not for it, the ERROR is.
    resp = core.list_namespaced_event("ml", watch=True, field_selector="reason=BackOff", timeout_seconds=3,
                                      _preload_content=False)
    types = [json.loads(line)["type"] for line in resp.data.decode().splitlines()]
    assert types == ["ADDED", "ERROR"]
    assert any("watch=true" in r.query.lower() and r.path == "/api/v1/namespaces/ml/events"
               for r in server.requests)


def test_booleans_parse_like_go(server):
    """Go's ParseBool takes `True` (what some Python clients send) as well as `true` and `1`."""
    import urllib.request
    for flag in ("True", "1", "TRUE"):
        url = f"{server.url}/api/v1/namespaces/ml/pods/train-0/log?previous={flag}&tailLines=1"
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.read().decode() == OOM_LOG.splitlines()[-1] + "\n"
    with urllib.request.urlopen(f"{server.url}/api/v1/namespaces/ml/pods?watch=True&timeoutSeconds=0.2&"
                                "labelSelector=app%3Dvllm", timeout=10) as resp:
        # timeoutSeconds=0.2 ends the stream before the timeline's ERROR at 0.3s.
        assert [json.loads(line)["type"] for line in resp.read().splitlines()] == ["ADDED"]


def test_concurrent_clients_while_a_watch_is_open(server):
    """The collector lists from many threads at once; an open watch must not hold them up."""
    from concurrent.futures import ThreadPoolExecutor

    def open_watch():
        cfg = client.Configuration()
        cfg.host = server.url
        with client.ApiClient(cfg) as api:
            resp = client.CoreV1Api(api).list_namespaced_pod("ml", watch=True, timeout_seconds=3,
                                                              _preload_content=False)
            return len(resp.data.splitlines())

    def page_through(i):
        cfg = client.Configuration()
        cfg.host = server.url
        with client.ApiClient(cfg) as api:
            core = client.CoreV1Api(api)
            names, token = [], None
            while True:
                page = core.list_pod_for_all_namespaces(limit=1 + i % 3, _continue=token)
                names += [p.metadata.name for p in page.items]
                token = page.metadata._continue
                if not token:
                    return names

    with ThreadPoolExecutor(9) as pool:
        watch_lines = pool.submit(open_watch)
        results = list(pool.map(page_through, range(8)))
        assert all(len(r) == 6 and len(set(r)) == 6 for r in results)
        assert watch_lines.result() == 5 + 3          # 5 ADDED, MODIFIED, DELETED, ERROR
