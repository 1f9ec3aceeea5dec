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
