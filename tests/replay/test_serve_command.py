"""`gpu-triage serve` as a user runs it: a real process, its printed kubectl line, Ctrl-C."""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import time

import pytest

from tests.conftest import REPO
from tests.replay.conftest import KUBECTL, env_for_kubectl


def _start(args, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "triage.cli", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=str(REPO))
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("press Ctrl-C"):
            return proc, lines
    proc.kill()
    raise AssertionError(f"serve did not come up: {lines} {proc.stderr.read()}")


@pytest.mark.skipif(not KUBECTL, reason="kubectl not installed")
def test_serve_prints_a_kubectl_line_that_works_and_stops_on_ctrl_c(bundle_dir, tmp_path):
    config = tmp_path / "replay.kubeconfig"
    proc, lines = _start([str(bundle_dir), "--kubeconfig-out", str(config), "--latency-ms", "5"], tmp_path)
    try:
        assert lines[0].startswith(f"serving {bundle_dir} (6 pods, 2 nodes, 2 events) at http://127.0.0.1:")
        assert lines[1] == f'kubeconfig: {config} (context "replay")'
        assert lines[2] == f"try: kubectl --kubeconfig {config} get pods -A"
        assert lines[3] == "watch timeline: 3 events over 0.3s (replay/timeline.json)"
        cmd = shlex.split(lines[2][len("try: "):])
        cmd[0] = KUBECTL
        out = subprocess.run([*cmd, "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True,
                             timeout=60, env=env_for_kubectl(tmp_path))
        assert out.returncode == 0, out.stderr
        assert "CrashLoopBackOff" in out.stdout
    finally:
        proc.send_signal(signal.SIGINT)
        rc = proc.wait(timeout=20)
    assert rc == 0


def test_serve_refuses_a_missing_bundle_in_one_line(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "triage.cli", "serve", str(tmp_path / "nope.tar.gz")],
                          capture_output=True, text=True, timeout=30, cwd=str(REPO))
    assert proc.returncode == 1
    assert proc.stderr.startswith("gpu-triage: error: ")
    assert len(proc.stderr.strip().splitlines()) == 1


def test_serve_refuses_a_malformed_timeline(bundle_dir, tmp_path):
    import shutil
    copy = tmp_path / "bundle"
    shutil.copytree(bundle_dir, copy)
    (copy / "replay" / "timeline.json").write_text('[{"after_s": -1, "type": "ADDED", "object": {}}]')
    proc = subprocess.run([sys.executable, "-m", "triage.cli", "serve", str(copy)],
                          capture_output=True, text=True, timeout=30, cwd=str(REPO))
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("gpu-triage: error: replay/timeline.json entry 0: after_s must be a number "
                                   "of seconds >= 0")


def test_serve_on_a_taken_port_says_so_in_one_line(bundle_dir):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "triage.cli", "serve", str(bundle_dir), "--port", str(port)],
                              capture_output=True, text=True, timeout=60, cwd=str(REPO))
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"gpu-triage: error: cannot serve on 127.0.0.1:{port}: ")
    assert "address already in use" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def _stop(proc) -> int:
    proc.send_signal(signal.SIGINT)
    try:
        return proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()


def _kubectl(config, tmp_path, *args):
    return subprocess.run([KUBECTL, "--kubeconfig", str(config), "--cache-dir", str(tmp_path / "cache"), *args],
                          capture_output=True, text=True, timeout=60, env=env_for_kubectl(tmp_path))


@pytest.mark.skipif(not KUBECTL, reason="kubectl not installed")
def test_serve_fault_options_rehearse_a_degraded_cluster_with_kubectl(bundle_dir, tmp_path):
    config = tmp_path / "replay.kubeconfig"
    proc, lines = _start([str(bundle_dir), "--kubeconfig-out", str(config), "--forbid", "nodes",
                          "--forbid", "pods/log", "--fail-rate", "0.3", "--seed", "7"], tmp_path)
    try:
        assert "faults (seed 7): 403 for nodes, pods/log; 30% answered 429/500/503" in lines
        nodes = _kubectl(config, tmp_path, "get", "nodes")
        assert nodes.returncode != 0 and 'nodes is forbidden: User "system:serviceaccount:gpu-triage:replay" ' \
                                          'cannot list resource "nodes"' in nodes.stderr
        # kubectl retries the 429s and 5xx it meets: the pods still come
        pods = _kubectl(config, tmp_path, "get", "pods", "-A")
        assert pods.returncode == 0 and "CrashLoopBackOff" in pods.stdout, pods.stderr
    finally:
        assert _stop(proc) == 0


def test_serve_fault_options_are_checked_in_one_line(bundle_dir):
    for flags, words in ((["--fail-rate", "2"], "--fail-rate: expected a share between 0 and 1, got '2'"),
                         (["--drop-rate", "x"], "--drop-rate: expected a share between 0 and 1, got 'x'"),
                         (["--stall-seconds", "-1"], "--stall-seconds must be 0 or more, got -1")):
        proc = subprocess.run([sys.executable, "-m", "triage.cli", "serve", str(bundle_dir), *flags],
                              capture_output=True, text=True, timeout=30, cwd=str(REPO))
        last = proc.stderr.strip().splitlines()[-1]          # argparse prints its usage above
        assert proc.returncode in (1, 2) and last.startswith("gpu-triage") and words in last, proc.stderr
        assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("scenario, target", [
    ("s059_general_crash_on_lost_gpu_node", ["pod", "train-9", "-n", "ml"]),
    ("s046_xid_nvlink_error", ["node", "gpu-node-1"]),
])
def test_a_bundle_with_only_the_node_kernel_log_diagnoses_the_same_live(scenario, target, tmp_path, capsys):
    """No exec recording: `gpu-triage pod/node` against `serve` reads the Xid lines through the
    driver pod, answered from gpu/nodes/<node>/dmesg.log, and names the root cause offline
    analysis names."""
    import json
    from tests.conftest import FIXTURES
    from triage.cli import main
    bundle = FIXTURES / "scenarios" / scenario / "bundle"
    assert not (bundle / "gpu" / "exec").exists()
    main(["analyze", str(bundle), "-o", "json"])
    offline = json.loads(capsys.readouterr().out)
    config = tmp_path / "replay.kubeconfig"
    proc, _lines = _start([str(bundle), "--kubeconfig-out", str(config)], tmp_path)
    try:
        main([*target, "--kubeconfig", str(config), "-o", "json", "--out", str(tmp_path / "live")])
        live = json.loads(capsys.readouterr().out)
        if KUBECTL and scenario.startswith("s059"):
            shown = _kubectl(config, tmp_path, "exec", "-n", "gpu-operator", "nvidia-driver-daemonset-8b27e", "--",
                             "dmesg")
            assert shown.returncode == 0 and (bundle / "gpu/nodes/gpu-node-1/dmesg.log").read_text() in shown.stdout
    finally:
        assert _stop(proc) == 0
    assert offline["root_cause"]["id"].startswith("driver.")
    assert (live.get("root_cause") or {}).get("id") == offline["root_cause"]["id"], live["status"]
    kept = sorted(p.relative_to(tmp_path / "live").as_posix() for p in (tmp_path / "live").rglob("dmesg.log"))
    assert kept and all(p.endswith("gpu/nodes/gpu-node-1/dmesg.log") for p in kept), kept   # read live, through exec
