"""SIGTERM (what `kill`, systemd and Kubernetes send) cleans up like Ctrl-C: the bundle a
command unpacked into $TMPDIR is gone when the process has exited, for `serve` (always
unpacked while it runs) and for `analyze` stopped in the middle of unpacking."""

from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, REPO

pytestmark = pytest.mark.slow   # real processes, a few seconds each


def _env(tmp: Path) -> dict:
    import os
    env = dict(os.environ)
    env["TMPDIR"] = str(tmp)
    return env


def _unpacked(tmp: Path) -> list[Path]:
    return sorted(tmp.glob("gpu-triage-bundle-*"))


def _wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False


def _tarball(src: Path, dest: Path) -> Path:
    with tarfile.open(dest, "w:gz") as tar:
        tar.add(src, arcname="bundle")
    return dest


def test_sigterm_stops_serve_and_removes_the_unpacked_bundle(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    bundle = _tarball(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle",
                      tmp_path / "b.tar.gz")
    proc = subprocess.Popen([sys.executable, "-m", "triage.cli", "serve", str(bundle),
                             "--kubeconfig-out", str(tmp_path / "k.cfg")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(REPO), env=_env(tmp))
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line or line.startswith("press Ctrl-C"):
                break
        assert _unpacked(tmp), "serve should hold its unpacked bundle while it runs"
        proc.send_signal(signal.SIGTERM)
        rc = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    # 0 "stopped" once serving, 143 "terminated" when the signal lands just before the wait loop
    assert rc in (0, 143), proc.stderr.read()
    assert _unpacked(tmp) == []


def test_sigterm_during_unpack_removes_the_partial_bundle(tmp_path):
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    bundle = tmp_path / "many.tar.gz"
    with tarfile.open(bundle, "w:gz", compresslevel=1) as tar:
        def add(name, data):
            info = tarfile.TarInfo(f"b/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
        add("manifest.json", json.dumps({"format": "gpu-triage-bundle", "version": 1}).encode())
        for i in range(12000):    # many small members: unpacking takes a couple of seconds
            add(f"cluster-resources/filler/{i // 500}/{i}.txt", b"x" * 64)
    proc = subprocess.Popen([sys.executable, "-m", "triage.cli", "analyze", str(bundle), "-o", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=str(REPO), env=_env(tmp))
    try:
        started = _wait_for(lambda: any(p.rglob("*.txt") for p in _unpacked(tmp)))
        assert started, "analyze never started unpacking"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 143, err
    assert err.strip() == "gpu-triage: terminated"
    assert out == ""
    assert _unpacked(tmp) == []
