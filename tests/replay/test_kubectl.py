"""Real kubectl 1.32 against the replay server over real HTTP."""

from __future__ import annotations

import json
import subprocess

import pytest
import yaml

from tests.replay.conftest import GPU_LOST, H100_TABLE, OOM_LOG, TRAIN_LOG, KUBECTL, env_for_kubectl
from triage.replay.server import Faults, ReplayServer

pytestmark = pytest.mark.skipif(not KUBECTL, reason="kubectl not installed")


@pytest.fixture(scope="module")
def kubectl(kubeconfig, tmp_path_factory):
    home = tmp_path_factory.mktemp("kubectl-home")

    def run(*args: str, config=None, check_rc: int | None = 0) -> subprocess.CompletedProcess:
        cmd = [KUBECTL, "--kubeconfig", str(config or kubeconfig), "--cache-dir", str(home / "cache"), *args]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60, env=env_for_kubectl(home))
        if check_rc is not None:
            assert proc.returncode == check_rc, (args, proc.stdout, proc.stderr)
        return proc
    return run


def table_rows(out: str) -> dict[str, list[str]]:
    """kubectl's column output -> {NAME: [cells split on 2+ spaces]}."""
    import re
    lines = out.strip().splitlines()
    header = re.split(r"\s{2,}", lines[0].strip())
    rows = {}
    for line in lines[1:]:
        cells = re.split(r"\s{2,}", line.strip())
        row = dict(zip(header, cells))
        rows[row["NAME"]] = row
    return rows


def test_get_pods_all_namespaces_shows_real_status_columns(kubectl):
    out = kubectl("get", "pods", "-A").stdout
    assert out.splitlines()[0].split() == ["NAMESPACE", "NAME", "READY", "STATUS", "RESTARTS", "AGE"]
    rows = table_rows(out)
    # Crash-looping trainer: waiting reason wins, restarts say when the last one ended (12:29 vs capture 12:31).
    assert rows["train-0"]["STATUS"] == "CrashLoopBackOff"
    assert rows["train-0"]["RESTARTS"] == "7 (2m ago)"
    assert rows["train-0"]["READY"] == "0/1"
    assert rows["train-0"]["AGE"] == "31m"
    assert rows["vllm-0"]["READY"] == "2/2" and rows["vllm-0"]["STATUS"] == "Running"
    assert rows["prep-0"]["STATUS"] == "Init:0/1"
    assert rows["pending-gpu-0"]["STATUS"] == "Pending"
    assert rows["nvidia-device-plugin-daemonset-x7k2p"]["NAMESPACE"] == "gpu-operator"


def test_get_pods_wide_shows_node_and_ip(kubectl):
    rows = table_rows(kubectl("get", "pods", "-n", "ml", "-o", "wide").stdout)
    assert rows["train-0"]["NODE"] == "gpu-node-1"
    assert rows["train-0"]["IP"] == "10.0.3.4"
    assert rows["pending-gpu-0"]["NODE"] == "<none>"


def test_get_nodes_status_roles_version(kubectl):
    rows = table_rows(kubectl("get", "nodes").stdout)
    assert rows["gpu-node-1"]["STATUS"] == "Ready"
    assert rows["gpu-node-1"]["ROLES"] == "gpu-worker"
    assert rows["gpu-node-1"]["VERSION"] == "v1.32.4"
    assert rows["gpu-node-2"]["STATUS"] == "NotReady,SchedulingDisabled"


def test_get_pod_json_and_yaml_are_the_bundle_objects(kubectl):
    doc = json.loads(kubectl("get", "pod", "train-0", "-n", "ml", "-o", "json").stdout)
    assert doc["status"]["containerStatuses"][0]["restartCount"] == 7
    assert doc["spec"]["nodeName"] == "gpu-node-1"
    listed = yaml.safe_load(kubectl("get", "pods", "-n", "ml", "-o", "yaml").stdout)
    assert listed["kind"] == "List"
    assert sorted(p["metadata"]["name"] for p in listed["items"]) == [
        "lost-0", "pending-gpu-0", "prep-0", "train-0", "vllm-0"]


def test_label_and_field_selectors(kubectl):
    out = kubectl("get", "pods", "-n", "ml", "-l", "app=train", "-o", "name").stdout.split()
    assert out == ["pod/pending-gpu-0", "pod/train-0"]
    out = kubectl("get", "pods", "-n", "ml", "-l", "tier=gpu,app notin (train)", "-o", "name").stdout.split()
    assert out == ["pod/lost-0", "pod/vllm-0"]
    out = kubectl("get", "pods", "-A", "--field-selector", "spec.nodeName=gpu-node-1,status.phase=Running",
                  "-o", "name").stdout.split()
    assert out == ["pod/nvidia-device-plugin-daemonset-x7k2p", "pod/train-0", "pod/vllm-0"]


def test_unsupported_field_selector_is_a_server_error(kubectl):
    proc = kubectl("get", "pods", "-n", "ml", "--field-selector", "spec.hostname=x", check_rc=1)
    assert 'field label not supported: spec.hostname' in proc.stderr


def test_get_events_and_describe_pod_show_the_events(kubectl):
    rows = kubectl("get", "events", "-n", "ml").stdout
    assert "FailedScheduling" in rows and "pod/pending-gpu-0" in rows
    assert "Back-off restarting failed container trainer" in rows
    out = kubectl("describe", "pod", "train-0", "-n", "ml").stdout
    assert "Reason:       CrashLoopBackOff" in out
    assert "Restart Count:  7" in out
    assert "nvidia.com/gpu:  1" in out
    assert "Back-off restarting failed container trainer" in out     # events found by field selector


def test_describe_node_lists_its_pods_and_gpu_allocation(kubectl):
    out = kubectl("describe", "node", "gpu-node-1").stdout
    assert "Kubelet Version:            v1.32.4" in out
    assert "Non-terminated Pods:          (4 in total)" in out
    assert "nvidia.com/gpu     2         2" in out                 # train-0 + vllm-0 request one each


def test_logs_container_previous_and_tail(kubectl):
    assert kubectl("logs", "train-0", "-n", "ml").stdout == TRAIN_LOG
    assert kubectl("logs", "train-0", "-n", "ml", "--previous").stdout == OOM_LOG
    assert kubectl("logs", "train-0", "-n", "ml", "--tail", "2").stdout == "step 19 loss 2.31\nstep 20 loss 2.30\n"
    assert kubectl("logs", "vllm-0", "-n", "ml", "-c", "metrics").stdout.startswith("level=info")


def test_logs_previous_not_recorded_is_the_kubelet_error(kubectl):
    proc = kubectl("logs", "vllm-0", "-n", "ml", "-c", "server", "--previous", check_rc=1)
    assert 'Error from server (BadRequest): previous terminated container "server" in pod "vllm-0" not found' \
        in proc.stderr


def test_exec_prints_recorded_stdout_and_exit_code(kubectl):
    proc = kubectl("exec", "vllm-0", "-n", "ml", "-c", "server", "--", "nvidia-smi")
    assert proc.stdout == H100_TABLE
    proc = kubectl("exec", "lost-0", "-n", "ml", "--", "nvidia-smi", check_rc=15)
    assert GPU_LOST in proc.stderr
    assert "command terminated with exit code 15" in proc.stderr


def test_exec_without_recording_exits_127(kubectl):
    proc = kubectl("exec", "vllm-0", "-n", "ml", "-c", "server", "--", "nvidia-smi", "-q", "-x", check_rc=127)
    assert "no recording of `nvidia-smi -q -x`" in proc.stderr


def test_write_verbs_refused(kubectl, server):
    proc = kubectl("delete", "pod", "train-0", "-n", "ml", "--wait=false", check_rc=1)
    assert "MethodNotAllowed" in proc.stderr or "does not allow this method" in proc.stderr
    assert any(r.method == "DELETE" and r.path == "/api/v1/namespaces/ml/pods/train-0" and r.status == 405
               for r in server.requests)
    assert kubectl("get", "pod", "train-0", "-n", "ml", "-o", "name").stdout.strip() == "pod/train-0"


def test_forbidden_nodes_reads_like_rbac(bundle_dir, tmp_path, kubectl):
    with ReplayServer(bundle_dir, faults=Faults(forbidden={"nodes", "pods/exec"})) as srv:
        config = srv.write_kubeconfig(tmp_path / "config")
        proc = kubectl("get", "nodes", config=config, check_rc=1)
        assert ('Error from server (Forbidden): nodes is forbidden: User "system:serviceaccount:gpu-triage:replay" '
                'cannot list resource "nodes" in API group "" at the cluster scope') in proc.stderr
        proc = kubectl("exec", "vllm-0", "-n", "ml", "-c", "server", "--", "nvidia-smi", config=config, check_rc=1)
        assert 'cannot create resource "pods/exec" in API group "" in the namespace "ml"' in proc.stderr


def test_serves_a_real_troubleshoot_support_bundle_tarball(tmp_path, kubectl, corpus):
    """A support bundle written by replicatedhq/troubleshoot (k3s, no manifest), served as .tar.gz."""
    with ReplayServer(corpus / "support-bundles" / "troubleshoot-testdata-k3s.tar.gz") as srv:
        config = srv.write_kubeconfig(tmp_path / "config")
        rows = table_rows(kubectl("get", "pods", "-n", "default", config=config).stdout)
        nginx = rows["nginx-deployment-7986654d4-ztx2g"]
        # two containers, both ready and running, 25 restarts each
        assert (nginx["READY"], nginx["STATUS"]) == ("2/2", "Running")
        assert nginx["RESTARTS"].startswith("50 (")
        rows = table_rows(kubectl("get", "nodes", config=config).stdout)
        assert rows["k3d-mycluster-server-0"]["VERSION"] == "v1.24.4+k3s1"
        assert rows["k3d-mycluster-server-0"]["ROLES"] == "control-plane,master"
        assert "pod/static-hi" in kubectl("get", "events", "-A", config=config).stdout


def test_get_watch_prints_timeline_rows_then_the_expiry(kubectl):
    """`kubectl get -w`: the list, then the timeline's changes as rows, then the 410 Status
    (kubectl prints an ERROR event's Status as a row, as with a real apiserver)."""
    proc = kubectl("get", "pods", "-n", "ml", "-w", "--request-timeout=20s")
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["NAME", "READY", "STATUS", "RESTARTS", "AGE"]
    rows = [line.split() for line in lines[1:]]
    # the 5 listed pods, then the timeline entries above the list's resourceVersion (rv 400, 401)
    assert [r[0] for r in rows[:7]] == ["lost-0", "pending-gpu-0", "prep-0", "train-0", "vllm-0",
                                        "pending-gpu-0", "prep-0"]
    assert rows[1][2] == "Pending" and rows[5][2] == "ContainerCreating"
    assert lines[-1].split()[:2] == ["Failure", "Expired"]


def test_auth_can_i_answers_from_the_fault_settings(bundle_dir, tmp_path, kubectl):
    """kubectl posts the review as protobuf; the answer follows Faults.forbidden."""
    with ReplayServer(bundle_dir, faults=Faults(forbidden={"nodes"})) as srv:
        config = srv.write_kubeconfig(tmp_path / "config")
        assert kubectl("auth", "can-i", "list", "pods", "-n", "ml", config=config).stdout.strip() == "yes"
        assert kubectl("auth", "can-i", "list", "nodes", config=config, check_rc=1).stdout.strip() == (
            "no - forbidden by the replay server's fault injection")
        assert kubectl("auth", "can-i", "delete", "pods", "-n", "ml", config=config,
                       check_rc=1).stdout.strip() == "no - replay server is read-only"


def test_custom_resources_from_the_bundle(kubectl):
    assert kubectl("get", "resourceslices", "-o", "name").stdout.split() == [
        "resourceslice.resource.k8s.io/gpu-node-1-gpu.nvidia.com-x2l9k"]
    rows = table_rows(kubectl("get", "resourceclaims", "-n", "ml").stdout)
    assert rows["train-gpu"]["AGE"] == "31m"
    policy = json.loads(kubectl("get", "clusterpolicy", "cluster-policy", "-o", "json").stdout)
    assert policy["spec"]["driver"]["version"] == "550.90.07"
