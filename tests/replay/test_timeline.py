"""Timeline entries with `apply` (list/get change once the event was sent) and `once`
(a 410 expires one watch, not every rewatch): what a relisting watcher sees."""

from __future__ import annotations

import json
import shutil

import pytest
from kubernetes import client, watch
from kubernetes.client.rest import ApiException

from tests.replay.conftest import cstatus, pods_ml
from triage.replay.server import ReplayServer


@pytest.fixture
def changing_bundle(bundle_dir, tmp_path):
    copy = tmp_path / "bundle"
    shutil.copytree(bundle_dir, copy)
    pending, prep = pods_ml()[2], pods_ml()[3]
    scheduled = {**pending, "kind": "Pod", "apiVersion": "v1",
                 "metadata": {**pending["metadata"], "resourceVersion": "500"},
                 "spec": {**pending["spec"], "nodeName": "gpu-node-1"},
                 "status": {"phase": "Pending", "containerStatuses": [
                     cstatus("trainer", False, {"waiting": {"reason": "ContainerCreating"}})]}}
    (copy / "replay" / "timeline.json").write_text(json.dumps([
        {"after_s": 0.05, "type": "MODIFIED", "apply": True, "object": scheduled},
        {"after_s": 0.1, "type": "DELETED", "apply": True,
         "object": {**prep, "metadata": {**prep["metadata"], "resourceVersion": "501"}, "kind": "Pod"}},
        {"after_s": 0.15, "type": "ERROR", "once": True, "object": {
            "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
            "message": "too old resource version: 211 (501)", "reason": "Expired", "code": 410}},
    ]))
    return copy


def test_applied_changes_show_in_lists_after_the_watch_sent_them(changing_bundle):
    with ReplayServer(changing_bundle) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        with client.ApiClient(cfg) as api:
            core = client.CoreV1Api(api)
            before = core.list_namespaced_pod("ml")
            assert before.metadata.resource_version == "211"
            assert "prep-0" in [p.metadata.name for p in before.items]
            seen = []
            with pytest.raises(ApiException) as err:
                for ev in watch.Watch().stream(core.list_namespaced_pod, "ml",
                                               resource_version=before.metadata.resource_version, timeout_seconds=5):
                    seen.append((ev["type"], ev["object"].metadata.name))
            assert err.value.status == 410
            assert seen == [("MODIFIED", "pending-gpu-0"), ("DELETED", "prep-0")]
            # the relist a watcher does after 410 sees the applied state
            after = core.list_namespaced_pod("ml")
            assert after.metadata.resource_version == "501"
            assert [p.metadata.name for p in after.items] == ["lost-0", "pending-gpu-0", "train-0", "vllm-0"]
            assert core.read_namespaced_pod("pending-gpu-0", "ml").spec.node_name == "gpu-node-1"
            assert [p.metadata.name for p in core.list_pod_for_all_namespaces(
                field_selector="spec.nodeName=gpu-node-1").items] == [
                "nvidia-device-plugin-daemonset-x7k2p", "pending-gpu-0", "train-0", "vllm-0"]
            # the rewatch from the new resourceVersion: nothing newer, and the once-only 410 is spent
            resp = core.list_namespaced_pod("ml", watch=True, resource_version="501", timeout_seconds=1,
                                            _preload_content=False)
            assert resp.data == b""


def test_without_apply_the_snapshot_stays(server, api):
    core = client.CoreV1Api(api)
    with pytest.raises(ApiException):
        for _ in watch.Watch().stream(core.list_namespaced_pod, "ml", timeout_seconds=5):
            pass
    assert "prep-0" in [p.metadata.name for p in core.list_namespaced_pod("ml").items]
    assert core.read_namespaced_pod("pending-gpu-0", "ml").spec.node_name is None
