"""Workload, node and scan targets against the replay server."""

from __future__ import annotations

from triage.bundle import layout
from tests.collect.cluster_fixture import OPERATOR_NS, PENDING, PLUGIN_XID_LOG, TRAINER, XID_DMESG
from tests.collect.helpers import gaps, items_by_name, read_json, run_collect, served


def test_deployment_collects_its_replicasets_pods_and_every_controllers_events(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Deployment", name="qwen-vllm")
        requests = list(srv.requests)
    root = result.path
    assert result.manifest["target"] == {"kind": "Deployment", "namespace": "llm", "name": "qwen-vllm"}
    assert set(items_by_name(root, layout.namespaced_list("pods", "llm"))) >= {PENDING}
    assert "qwen-vllm-7d9f5c6b8" in items_by_name(root, layout.namespaced_list("replicasets", "llm"))
    kinds = {(e["involvedObject"]["kind"], e["reason"])
             for e in read_json(root, layout.namespaced_list("events", "llm"))["items"]}
    assert kinds >= {("Deployment", "ScalingReplicaSet"), ("ReplicaSet", "SuccessfulCreate"),
                     ("Pod", "FailedScheduling")}
    # Pods by the Deployment's selector in its namespace: never a cluster-wide or unselected list.
    pod_lists = [r for r in requests if r.path.endswith("/pods")]
    assert all("labelSelector=app%3Dqwen-vllm" in r.query or "spec.nodeName" in r.query
               or "gpu-operator" in r.query for r in pod_lists), pod_lists
    # Each read once, even though the owner chain leads back to the Deployment.
    gets = [(r.path, r.query) for r in requests if r.method == "GET"]
    assert len(gets) == len(set(gets))
    assert gaps(result) == []


def test_node_collects_its_stack_xids_and_events_without_user_logs(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Node", ns=None, name="gpu-node-2")
        requests = list(srv.requests)
    root = result.path
    assert result.manifest["target"] == {"kind": "Node", "name": "gpu-node-2"}
    assert set(items_by_name(root, layout.NODES)) == {"gpu-node-2"}
    assert (root / layout.node_dmesg("gpu-node-2")).read_text() == XID_DMESG
    plugin = layout.container_log(OPERATOR_NS, "nvidia-device-plugin-daemonset-bbbbb", "nvidia-device-plugin")
    assert (root / plugin).read_text() == PLUGIN_XID_LOG
    assert not (root / layout.container_log("llm", TRAINER, "trainer")).exists()
    assert any(r.path == "/api/v1/events" and "involvedObject.kind%3DNode" in r.query for r in requests)
    assert gaps(result) == []


def test_scan_keeps_unhealthy_gpu_pods_and_gpu_nodes_only(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Scan", ns=None, page_size=2)
        requests = list(srv.requests)
    root = result.path
    assert result.manifest["target"] is None
    # The pending vLLM pod and the restarted trainer; never the CPU pods of `web`.
    assert set(items_by_name(root, layout.namespaced_list("pods", "llm"))) == {PENDING, TRAINER}
    assert not (root / layout.namespaced_list("pods", "web")).exists()
    # Every GPU node, not the CPU or control-plane nodes.
    assert set(items_by_name(root, layout.NODES)) == {"gpu-node-1", "gpu-node-2"}
    # GPU stack pods of every node; the troubled node's plugin log and Xid lines.
    stack = items_by_name(root, layout.namespaced_list("pods", OPERATOR_NS))
    assert {"nvidia-device-plugin-daemonset-aaaaa", "nvidia-device-plugin-daemonset-bbbbb"} <= set(stack)
    plugin = layout.container_log(OPERATOR_NS, "nvidia-device-plugin-daemonset-bbbbb", "nvidia-device-plugin")
    assert (root / plugin).read_text() == PLUGIN_XID_LOG
    assert (root / layout.node_dmesg("gpu-node-2")).read_text() == XID_DMESG
    # Paged with limit/continue: 13 pods at 2 a page.
    pages = [r for r in requests if r.path == "/api/v1/pods"]
    assert len(pages) == 7 and all("limit=2" in r.query for r in pages)
    assert sum("continue=" in r.query for r in pages) == 6
    scan = result.manifest["collection"]["scan"]
    assert scan["unhealthy_gpu_pods"] == 2
    assert gaps(result) == []


def test_scan_of_one_namespace_still_finds_the_gpu_stack_elsewhere(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Scan", ns="llm")
        requests = list(srv.requests)
    root = result.path
    assert set(items_by_name(root, layout.namespaced_list("pods", "llm"))) == {PENDING, TRAINER}
    assert "nvidia-driver-daemonset-bbbbb" in items_by_name(root, layout.namespaced_list("pods", OPERATOR_NS))
    # All-namespace pod lists only with a GPU-stack label selector.
    for r in requests:
        if r.path == "/api/v1/pods":
            assert "labelSelector=app" in r.query, r


def test_a_workload_spread_over_many_nodes_gets_full_detail_on_a_bounded_few(tmp_path, monkeypatch):
    """A DaemonSet runs everywhere: reading every node's GPU stack would be a cluster dump.
    Full detail (exec, every stack log) stops at MAX_FULL_NODES; the rest get the light pass."""
    from triage.collect import run as run_mod
    monkeypatch.setattr(run_mod, "MAX_FULL_NODES", 1)
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, kind="DaemonSet", ns=OPERATOR_NS,
                                name="nvidia-device-plugin-daemonset")
        execs = {r.path.split("/")[6] for r in srv.requests if r.path.endswith("/exec")}
    root = result.path
    pods = items_by_name(root, layout.namespaced_list("pods", OPERATOR_NS))
    assert {"nvidia-device-plugin-daemonset-aaaaa", "nvidia-device-plugin-daemonset-bbbbb"} <= set(pods)
    assert set(items_by_name(root, layout.NODES)) == {"gpu-node-1", "gpu-node-2"}
    assert {p for p in execs if "driver" in p} == {"nvidia-driver-daemonset-aaaaa"}   # the first node only
    assert (root / layout.node_dmesg("gpu-node-1")).exists()
    assert not (root / layout.node_dmesg("gpu-node-2")).exists()
    assert gaps(result) == []
