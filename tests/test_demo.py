"""End to end: `gpu-triage demo` as a user runs it, in a subprocess.

The demo serves its built-in cluster with the replay server and runs the live path
(kubeconfig -> kubernetes client -> collection -> analysis -> rendering). What a user
must see, reasoned from the demo cluster (triage/synth/demo_cluster.py):
- llm/qwen-vllm is Pending because the only T4 node advertises no nvidia.com/gpu, and
  that is because the device plugin there cannot load NVML (its log, line 2);
- training/finetune-qwen crash-loops on CUDA OOM (the previous log, line 2), and nothing
  below the application explains it;
- llm/embedder is healthy;
- the exit status is 3, as for any scan that found a problem.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
QWEN = "qwen-vllm-7d9f8c6b5-x2x4k"
FINETUNE = "finetune-qwen-6f8d7c9b4-k8s2d"
EMBEDDER = "embedder-5c7d9b8f4-p9q2w"
PLUGIN_NVML_LINE = "Failed to initialize NVML: could not load NVML library."


def _env(tmp_path: Path) -> dict:
    env = dict(os.environ)
    # the user's own kubeconfig must play no part: the demo writes and passes its own
    env["KUBECONFIG"] = str(tmp_path / "no-such-kubeconfig")
    env["HOME"] = str(tmp_path)
    env["PYTHONPATH"] = str(REPO)
    env.pop("NO_COLOR", None)
    return env


def _demo(tmp_path: Path, *args: str, timeout: float = 90) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "triage.cli", "demo", *args], cwd=tmp_path, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    tmp = tmp_path_factory.mktemp("demo")
    return _demo(tmp, "--out", "out"), tmp


def _section(stdout: str, header: str) -> str:
    """The block printed after a `$ gpu-triage ...` line, up to the next blank line."""
    start = stdout.index(header)
    end = stdout.find("\n\n", start)
    return stdout[start: end if end != -1 else None]


def test_demo_exits_3_with_no_traceback(demo_run):
    proc, _ = demo_run
    assert proc.returncode == 3, proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout


def test_scan_reads_as_two_incidents(demo_run):
    """The scan's compact incident table: the NVML failure on gpu-t4-2 (the node and the pod it
    leaves Pending, one incident) and the fine-tuning job's CUDA OOM; no HEALTHY row unless asked."""
    proc, _ = demo_run
    start = proc.stdout.index("$ gpu-triage scan -A --kubeconfig")
    block = proc.stdout[start: proc.stdout.index("$ gpu-triage pod", start)]
    lines = block.strip().splitlines()[1:]
    assert lines[0].split() == ["STATUS", "TARGET(S)", "ROOT", "CAUSE", "LAYER"]
    rows = [line for line in lines[1:] if line.startswith(("PROBLEM", "INCONCLUSIVE", "HEALTHY"))]
    assert len(rows) == 2, block
    assert rows[0].split()[0] == "PROBLEM" and "Node gpu-t4-2, Pod llm/" + QWEN in rows[0]
    assert rows[0].split()[-2:] == ["plugin.nvml_unavailable", "plugin"]
    assert f"Pod training/{FINETUNE}" in rows[1] and rows[1].split()[-2:] == ["application.cuda_oom", "application"]
    assert "HEALTHY" not in block and EMBEDDER not in block
    assert "2 incident(s) over 3 target(s); 3 healthy target(s) not listed (--show-healthy lists them)" in block


def test_pending_vllm_is_traced_to_the_device_plugin(demo_run):
    proc, _ = demo_run
    block = _section(proc.stdout, f"$ gpu-triage pod {QWEN} -n llm")
    root = re.search(r"root cause\s+(\S+)\s+\(layer (\w+)", block)
    assert root, block
    assert root.group(1) in ("plugin.nvml_unavailable", "runtime.runtime_handler_missing")
    assert root.group(2) in ("plugin", "runtime")
    # the chain: the plugin failure explains the node's missing GPUs and the scheduler's refusal
    explains = re.search(r"explains\s+(.+)", block).group(1)
    assert "node.gpu_not_advertised" in explains and "scheduler.insufficient_gpu" in explains
    # evidence: the device plugin's own log line, with its file and line number
    assert re.search(r"nvidia-device-plugin-daemonset-t2x8q/nvidia-device-plugin(-previous)?\.log:2\b", block)
    assert PLUGIN_NVML_LINE in block
    # a first step the user can run, and where the full playbook is
    assert "kubectl logs -n gpu-operator nvidia-device-plugin-daemonset-t2x8q" in block
    assert f"gpu-triage playbook {root.group(1)}" in block


def test_crash_loop_is_cuda_oom_from_the_previous_log(demo_run):
    proc, _ = demo_run
    block = _section(proc.stdout, f"$ gpu-triage pod {FINETUNE} -n training")
    assert re.search(r"root cause\s+application\.cuda_oom\s+\(layer application", block), block
    assert f"training/{FINETUNE}/trainer-previous.log:2" in block
    assert "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 518.00 MiB." in block
    assert "explains" not in block        # nothing below the application is involved


def test_healthy_embedder_is_not_diagnosed(demo_run):
    proc, _ = demo_run
    assert f"$ gpu-triage pod {EMBEDDER}" not in proc.stdout


def test_reports_on_disk(demo_run):
    _, tmp = demo_run
    out = tmp / "out"
    doc = json.loads((out / "findings.json").read_text())
    assert doc["status"] == "problem"
    statuses = {(d["target"]["kind"], d["target"]["name"]): d["status"] for d in doc["diagnoses"]}
    assert statuses[("Pod", EMBEDDER)] == "healthy"
    assert statuses[("Node", "gpu-t4-2")] == "problem"
    html = (out / "report.html").read_text()
    assert html.lstrip().lower().startswith("<!doctype html") and "plugin.nvml_unavailable" in html
    assert "application.cuda_oom" in (out / "report.md").read_text()
    manifest = json.loads((out / "bundle" / "manifest.json").read_text())
    assert manifest["format"] == "gpu-triage-bundle"
    pod_doc = json.loads((out / "pods" / f"llm.{QWEN}" / "findings.json").read_text())
    assert pod_doc["root_cause"]["id"] in ("plugin.nvml_unavailable", "runtime.runtime_handler_missing")
    assert (out / "pods" / f"training.{FINETUNE}" / "bundle" / "manifest.json").is_file()
    assert (out / "kubeconfig").is_file()


def test_rerun_replaces_its_own_folder(demo_run):
    proc, tmp = demo_run
    again = _demo(tmp, "--out", "out")
    assert again.returncode == 3, again.stderr
    assert (tmp / "out" / "findings.json").is_file()


def test_refuses_a_folder_it_did_not_write(tmp_path):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "todo.txt").write_text("keep me\n")
    proc = _demo(tmp_path, "--out", "notes")
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "choose another --out" in proc.stderr
    assert [p.name for p in mine.iterdir()] == ["todo.txt"]


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed")
def test_printed_kubectl_commands_work_while_serving(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "triage.cli", "demo", "--out", "out", "--keep-serving"],
                            cwd=tmp_path, env=_env(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            if "press Ctrl-C to stop" in line:
                break
        assert any("press Ctrl-C to stop" in line for line in lines), "".join(lines) + proc.stderr.read()
        commands = [line.strip() for line in lines if line.strip().startswith("kubectl --kubeconfig")]
        assert commands, "".join(lines)
        env = _env(tmp_path)

        def run(cmd: str) -> str:
            done = subprocess.run(shlex.split(cmd), cwd=tmp_path, env=env, capture_output=True, text=True,
                                  timeout=60)
            assert done.returncode == 0, f"{cmd}: {done.stderr}"
            return done.stdout

        outputs = {cmd: run(cmd) for cmd in commands}
        get_pods = next(o for c, o in outputs.items() if " get pods -A" in c)
        qwen_row = next(line for line in get_pods.splitlines() if QWEN in line).split()
        assert qwen_row[0] == "llm" and qwen_row[3] == "Pending"
        smi = next(o for c, o in outputs.items() if " exec " in c and EMBEDDER in c and c.endswith("nvidia-smi"))
        assert "NVIDIA H100 80GB HBM3" in smi and "Driver Version: 590.48.01" in smi
        plugin_log = next(o for c, o in outputs.items() if " logs " in c and "nvidia-device-plugin" in c)
        assert PLUGIN_NVML_LINE in plugin_log
        describe = next(o for c, o in outputs.items() if f"describe pod -n llm {QWEN}" in c)
        assert "FailedScheduling" in describe and "Insufficient nvidia.com/gpu" in describe
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            rest, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
    assert proc.returncode == 3, err
    assert "stopped" in rest and "Traceback" not in err


def test_readme_shows_what_the_demo_prints_today(tmp_path, monkeypatch):
    """The README's captured run is the demo's real output (the port aside). When a change to
    the analysis changes it, paste a fresh `gpu-triage demo` run into README.md."""
    import io
    from triage.demo import run_demo
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert run_demo(Path("gpu-triage-demo"), stdout=out) == 3
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    captured = re.search(r"```text\n(gpu-triage demo: .*?)```", readme, re.S)
    assert captured, "README.md lost its captured demo run"

    def norm(text: str) -> list[str]:
        return [re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", line.rstrip()) for line in text.strip().splitlines()]
    assert norm(captured.group(1)) == norm(out.getvalue())


def test_colour_on_a_terminal_only(tmp_path):
    """On a terminal the status words are coloured; NO_COLOR (and any pipe) turns that off."""
    import pty
    outputs = {}
    for name, extra in (("tty", {}), ("no_color", {"NO_COLOR": "1"})):
        primary, secondary = pty.openpty()
        env = {**_env(tmp_path), "TERM": "xterm", **extra}
        proc = subprocess.Popen([sys.executable, "-m", "triage.cli", "demo", "--out", f"out-{name}"], cwd=tmp_path,
                                env=env, stdout=secondary, stderr=subprocess.PIPE)
        os.close(secondary)
        chunks = []
        while True:
            try:
                chunk = os.read(primary, 65536)
            except OSError:        # EIO: the child closed the terminal
                break
            if not chunk:
                break
            chunks.append(chunk)
        os.close(primary)
        assert proc.wait(timeout=90) == 3
        outputs[name] = b"".join(chunks).decode()
    assert "\x1b[1;31mPROBLEM\x1b[0m  Pod llm/" in outputs["tty"]
    assert "\x1b[1;31mPROBLEM\x1b[0m  Node gpu-t4-2, Pod llm/" in outputs["tty"]     # the incident table
    assert "\x1b[" not in outputs["no_color"] and "PROBLEM  Pod llm/" in outputs["no_color"]
