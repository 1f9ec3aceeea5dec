"""Collection when the cluster or the permissions are not what we hoped: it finishes
within its budget, and the gaps (manifest + `-errors.json`) say exactly what is missing
and which permission would close it. One failed source never stops the others."""

from __future__ import annotations

import pytest

from triage.bundle import layout
from triage.bundle.views import load_bundle
from triage.errors import ClusterError
from triage.replay.server import Faults
from tests.collect.cluster_fixture import NVIDIA_SMI, OOM_LOG, OPERATOR_NS, PENDING, TRAINER
from tests.collect.helpers import gaps, read_json, run_collect, served

PREVIOUS = layout.container_log("llm", TRAINER, "trainer", previous=True)


def test_nodes_forbidden_is_a_gap_naming_the_permission(tmp_path):
    with served(tmp_path, Faults(seed=1, forbidden={"nodes"})) as srv:
        result, took = run_collect(srv, tmp_path, name=PENDING)
    root = result.path
    assert gaps(result) == [("nodes", "Forbidden", "list nodes at cluster scope")]
    errors = read_json(root, layout.errors_path(layout.NODES))
    assert errors["reason"] == "Forbidden" and "cannot list resource \"nodes\"" in errors["errors"][0]
    assert not (root / layout.NODES).exists()
    # The access review said so before collecting.
    assert result.manifest["access_denied"] == ["list nodes at cluster scope"]
    # Everything else still came: the pod, its events, its owners.
    assert (root / layout.namespaced_list("events", "llm")).is_file()
    assert (root / layout.namespaced_list("deployments", "llm")).is_file()
    status = {c["name"]: c["status"] for c in result.manifest["collectors"]}
    assert status["nodes"] == "failed" and status["pods"] == "ok" and status["owners"] == "ok"
    with load_bundle(root) as bundle:
        assert [e.reason for e in bundle.collection_errors()] == ["Forbidden"]


def test_exec_forbidden_records_each_command_and_keeps_logs(tmp_path):
    with served(tmp_path, Faults(seed=1, forbidden={"pods/exec"})) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)
    root = result.path
    assert sorted(set(gaps(result))) == [("exec", "Forbidden", "create pods/exec in namespace llm"),
                                         ("exec", "Forbidden", f"create pods/exec in namespace {OPERATOR_NS}")]
    assert len(result.manifest["gaps"]) == 4          # nvidia-smi, -q -x, driver nvidia-smi, dmesg
    meta = read_json(root, layout.exec_paths("llm", TRAINER, "trainer", "nvidia-smi").meta)
    assert meta["exit_code"] is None and meta["error"].startswith("Forbidden (403)")
    assert (root / PREVIOUS).read_text() == OOM_LOG
    assert not (root / layout.node_dmesg("gpu-node-1")).exists()


def test_no_exec_skips_commands_and_says_so_in_one_soft_gap(tmp_path):
    """--no-exec runs no command, and the bundle says what was skipped (docs/deploy-watcher.md
    promises gaps): one gap, reason "skipped", that names the flag."""
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER, exec=False)
        assert not any(r.path.endswith("/exec") for r in srv.requests)
    found = result.manifest["gaps"]
    assert [(g["collector"], g["reason"]) for g in found] == [("exec", "skipped")]
    assert "--no-exec" in found[0]["detail"] and "pods/exec" in found[0]["needs"]
    assert not (result.path / "gpu" / "exec").exists()


def test_429_and_500_on_a_fifth_of_requests_are_retried_to_a_complete_bundle(tmp_path):
    with served(tmp_path, Faults(seed=3, rate_429=0.1, rate_500=0.1, retry_after_s=1)) as srv:
        result, took = run_collect(srv, tmp_path, name=TRAINER, timeout=30)
        failed = [r for r in srv.requests if r.status in (429, 500)]
    assert failed, "the fault injection did not fire"
    assert result.manifest["collection"]["retries"] >= len(failed)
    assert took < 30
    assert gaps(result) == []
    root = result.path
    assert (root / PREVIOUS).read_text() == OOM_LOG
    assert (root / layout.exec_paths("llm", TRAINER, "trainer", "nvidia-smi").stdout).read_text() == NVIDIA_SMI


def test_dropped_connections_are_retried(tmp_path):
    with served(tmp_path, Faults(seed=2, drop_rate=0.2)) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)
    assert result.manifest["collection"]["retries"] > 0
    assert gaps(result) == []
    assert (result.path / PREVIOUS).read_text() == OOM_LOG


def test_stalled_answer_times_out_into_a_gap_and_the_rest_finishes(tmp_path):
    faults = Faults(seed=1, stall_paths=("/api/v1/namespaces/llm/events",), stall_seconds=30)
    with served(tmp_path, faults) as srv:
        result, took = run_collect(srv, tmp_path, name=TRAINER, request_timeout=1.0, timeout=10)
    assert took < 5
    assert set(gaps(result)) == {("events", "Timeout",
                                  "list events in namespace llm (not answered in time: raise --request-timeout "
                                  "or --timeout)")}
    details = sorted(g["detail"].split(":")[0] for g in result.manifest["gaps"])
    assert details == ["events of Pod llm/llama-train-0", "events of StatefulSet llm/llama-train"]
    assert (result.path / PREVIOUS).read_text() == OOM_LOG


def test_whole_collection_respects_its_budget(tmp_path):
    # 600 ms a request: the trainer's context (pod -> pods on its node -> stack logs, exec,
    # DCGM) is more than two round trips deep, so 1.5 s cannot cover it.
    with served(tmp_path, Faults(seed=1, latency_ms=600)) as srv:
        result, took = run_collect(srv, tmp_path, name=TRAINER, timeout=1.5)
    assert took < 2.5          # the budget, plus writing the bundle on a busy 2-CPU machine
    assert result.manifest["collection"]["budget_exceeded"] is True
    reasons = {g["reason"] for g in result.manifest["gaps"]}
    assert reasons <= {"Timeout", "BudgetExceeded"} and reasons


def test_access_review_warns_before_collecting(tmp_path, capsys):
    from triage.cli import main
    with served(tmp_path, Faults(seed=1, forbidden={"nodes"})) as srv:
        assert main(["collect", "pod", TRAINER, "-n", "llm", "--kubeconfig", srv.kubeconfig,
                     "-o", str(tmp_path / "b")]) == 0
    err = capsys.readouterr().err
    assert "gpu-triage: warning: access review: not allowed to list nodes at cluster scope" in err


def test_unreachable_api_server_is_one_line_error(tmp_path):
    with served(tmp_path) as srv:
        kubeconfig = srv.kubeconfig
    from triage.collect.run import Target, collect
    from triage.collect.session import Options
    with pytest.raises(ClusterError, match=r"^cannot reach the API server at http://127\.0\.0\.1:\d+"):
        collect(Target("Pod", "llm", TRAINER), Options(kubeconfig=kubeconfig, request_timeout=2), tmp_path / "o")


def test_missing_pod_and_unknown_context_are_one_line_errors(tmp_path):
    from triage.collect.run import Target, collect
    from triage.collect.session import Options
    with served(tmp_path) as srv:
        with pytest.raises(ClusterError, match="^pod nope not found in namespace llm$"):
            collect(Target("Pod", "llm", "nope"), Options(kubeconfig=srv.kubeconfig), tmp_path / "o1")
        with pytest.raises(ClusterError, match="^context 'prod' not found in kubeconfig"):
            collect(Target("Pod", "llm", TRAINER), Options(kubeconfig=srv.kubeconfig, context="prod"), tmp_path / "o2")
    with pytest.raises(ClusterError, match="does not exist"):
        collect(Target("Pod", "llm", TRAINER), Options(kubeconfig=str(tmp_path / "none")), tmp_path / "o3")


def test_dcgm_is_read_through_the_pod_proxy_and_a_refusal_names_the_permission(tmp_path):
    """No scrape was recorded for gpu-node-1, so the replay server's pod proxy answers 404 (as
    an exporter that is not there): the exporter on the target's node is asked, once, and
    the gap says a 404 is nothing a permission would close."""
    with served(tmp_path, dcgm=True) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)
        proxied = [r for r in srv.requests if "/proxy/" in r.path]
    assert [(r.method, r.path) for r in proxied] == [
        ("GET", f"/api/v1/namespaces/{OPERATOR_NS}/pods/nvidia-dcgm-exporter-aaaaa:9400/proxy/metrics")]
    # a 404 is no permission to grant: the exporter is not there (issue 14: not 'needs get pods/proxy')
    assert gaps(result) == [("dcgm", "NotFound",
                             "nothing to grant: the server has no such object or API (404: not installed, or gone)")]
    assert (result.path / layout.errors_path(layout.node_dcgm("gpu-node-1"))).is_file()
    assert (result.path / layout.container_log(OPERATOR_NS, "nvidia-dcgm-exporter-aaaaa",
                                               "nvidia-dcgm-exporter")).read_text() == "Starting webserver\n"


def test_unreadable_target_still_yields_a_bundle_with_its_events(tmp_path):
    with served(tmp_path, Faults(seed=1, forbidden={"deployments"})) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Deployment", name="qwen-vllm")
    assert gaps(result) == [("owners", "Forbidden", "get deployments.apps in namespace llm")]
    events = read_json(result.path, layout.namespaced_list("events", "llm"))["items"]
    assert [(e["involvedObject"]["kind"], e["reason"]) for e in events] == [("Deployment", "ScalingReplicaSet")]


def test_missing_workload_is_a_one_line_error(tmp_path):
    with served(tmp_path) as srv:
        with pytest.raises(ClusterError, match="^deployment nope not found in namespace llm$"):
            run_collect(srv, tmp_path, kind="Deployment", name="nope")
