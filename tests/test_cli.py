"""The command line as a user meets it: -h with examples on every command, --version,
one-line errors that say what to do (no traceback unless --debug), the exit statuses
of shared/contracts/cli.md, and `kubectl gpu-triage` as a kubectl plugin.

Commands run as subprocesses (`python -m triage.cli`), the cluster is the replay server
over the demo cluster's bundle: nothing is mocked."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from triage import __version__
from triage.cli import build_parser
from triage.replay.server import Faults, ReplayServer
from triage.synth.demo_cluster import write_demo_bundle

REPO = Path(__file__).resolve().parent.parent
QWEN = "qwen-vllm-7d9f8c6b5-x2x4k"
EMBEDDER = "embedder-5c7d9b8f4-p9q2w"


def _env(home: Path, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "KUBECONFIG"}
    env.update(HOME=str(home), PYTHONPATH=str(REPO), **extra)
    env.pop("KUBERNETES_SERVICE_HOST", None)
    return env


def gpu_triage(*args: str, home: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "triage.cli", *args], capture_output=True, text=True,
                          env=env or _env(home), cwd=home, timeout=120)


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    """The error a user reads: exactly one line on stderr, `gpu-triage: error: ...`, no traceback."""
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("gpu-triage: error: "), lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def demo_bundle(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("cli") / "demo")


def _subcommands(parser=None, prefix=()) -> list[tuple[tuple[str, ...], object]]:
    import argparse
    parser = parser or build_parser()
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append((prefix + (name,), sub))
                found += _subcommands(sub, prefix + (name,))
    return found


# ---- help and version ----------------------------------------------------------------------

def test_version(tmp_path):
    proc = gpu_triage("--version", home=tmp_path)
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"gpu-triage {__version__}"


def test_every_contract_command_exists():
    names = {path[0] for path, _ in _subcommands()}
    assert {"pod", "workload", "node", "scan", "collect", "analyze", "serve", "slack", "demo", "rbac",
            "rules", "playbook"} <= names


SHELL_OPERATORS = ("|", "||", "&&", ";", ">", ">>", "2>", "2>&1", "<", "&")


def command_lines(text: str) -> list[list[str]]:
    """Every `gpu-triage ...` invocation in shell text, as argv after the program name:
    continuation lines joined, comments, env assignments, `kubectl`, `.venv/bin/`, pipes
    and redirections left out. Lines that are not valid shell are skipped."""
    found = []
    for line in text.replace("\\\n", " ").splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        for i, word in enumerate(words):
            before = words[i - 1] if i else ""
            in_command_position = (not before or before in ("kubectl", "$", "time", "exec", "watch")
                                   or before in SHELL_OPERATORS or ("=" in before and not before.startswith("-")))
            if (word == "gpu-triage" or word.endswith("/gpu-triage")) and in_command_position:
                argv = []
                for w in words[i + 1:]:
                    if w in SHELL_OPERATORS or w.startswith((">", "2>")):
                        break
                    argv.append(w)
                found.append(argv)
    return found


@pytest.mark.parametrize("path", [p for p, _ in _subcommands()],
                         ids=lambda p: " ".join(p))
def test_help_has_an_example_that_parses(path):
    """-h of every command ends with at least one example of that very command, and each
    example is accepted by the parser as written (a renamed flag breaks this test)."""
    sub = dict(_subcommands())[path]
    epilog = sub.epilog or ""
    examples = command_lines(epilog)
    assert any(argv[: len(path)] == list(path) for argv in examples), (path, epilog)
    parser = build_parser()
    for argv in examples:
        args = parser.parse_args(argv)
        assert args.command == argv[0]


@pytest.mark.parametrize("command", ["pod", "scan", "demo", "analyze", "collect"])
def test_dash_h_prints_the_examples(tmp_path, command):
    proc = gpu_triage(command, "-h", home=tmp_path)
    assert proc.returncode == 0
    assert "example" in proc.stdout and f"gpu-triage {command}" in proc.stdout


# ---- one-line errors that say what to do -------------------------------------------------------

def test_no_kubeconfig(tmp_path):
    proc = gpu_triage("pod", QWEN, "-n", "llm", home=tmp_path)
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert "no kubeconfig found" in line and "--kubeconfig" in line and "KUBECONFIG" in line


def test_kubeconfig_file_missing(tmp_path):
    proc = gpu_triage("scan", "-A", "--kubeconfig", str(tmp_path / "nope.yaml"), home=tmp_path)
    assert proc.returncode == 1
    assert str(tmp_path / "nope.yaml") in one_line_error(proc)


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _kubeconfig(path: Path, server: str, context: str = "x") -> Path:
    path.write_text(f"""apiVersion: v1
kind: Config
clusters: [{{name: c, cluster: {{server: "{server}"}}}}]
contexts: [{{name: {context}, context: {{cluster: c, user: u}}}}]
current-context: {context}
users: [{{name: u, user: {{}}}}]
""")
    return path


def test_unreachable_api_server(tmp_path):
    url = f"http://127.0.0.1:{_closed_port()}"
    kc = _kubeconfig(tmp_path / "kc", url)
    proc = gpu_triage("scan", "-A", "--kubeconfig", str(kc), "--request-timeout", "3", home=tmp_path)
    assert proc.returncode == 1
    line = one_line_error(proc)
    assert "cannot reach the API server" in line and url in line


def test_context_not_found(tmp_path):
    kc = _kubeconfig(tmp_path / "kc", "http://127.0.0.1:1")
    proc = gpu_triage("pod", QWEN, "-n", "llm", "--kubeconfig", str(kc), "--context", "prod-eu", home=tmp_path)
    assert proc.returncode == 1
    assert "context 'prod-eu' not found" in one_line_error(proc)


def test_bundle_missing_or_not_a_bundle(tmp_path):
    missing = gpu_triage("analyze", str(tmp_path / "incident.tar.gz"), home=tmp_path)
    assert missing.returncode == 1
    assert "incident.tar.gz" in one_line_error(missing)
    garbage = tmp_path / "attachment.tar.gz"
    garbage.write_bytes(b"this is an email signature, not a bundle\n")
    proc = gpu_triage("analyze", str(garbage), home=tmp_path)
    assert proc.returncode == 1
    assert "attachment.tar.gz" in one_line_error(proc)


def test_forbidden_is_a_gap_and_inconclusive(tmp_path, demo_bundle):
    """Read access to pods refused: no crash, the permission named, exit 5 (inconclusive)."""
    with ReplayServer(demo_bundle, faults=Faults(forbidden={"pods"})) as srv:
        kc = srv.write_kubeconfig(tmp_path / "kc")
        proc = gpu_triage("pod", QWEN, "-n", "llm", "--kubeconfig", str(kc), "-o", "json", home=tmp_path)
    assert proc.returncode == 5, proc.stderr
    assert "Traceback" not in proc.stderr
    assert all(line.startswith("gpu-triage: warning: ") for line in proc.stderr.splitlines())
    assert "not allowed to list pods" in proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["status"] == "inconclusive"
    assert any("pods in namespace llm" in gap["needs"] for gap in doc["gaps"])


def test_usage_errors_exit_2(tmp_path):
    both = gpu_triage("scan", "-n", "llm", "-A", "--kubeconfig", str(tmp_path / "kc"), home=tmp_path)
    assert both.returncode == 2
    assert "either -n NS or -A" in one_line_error(both)
    unknown = gpu_triage("diagnose", home=tmp_path)
    assert unknown.returncode == 2 and "invalid choice: 'diagnose'" in unknown.stderr
    bare = gpu_triage(home=tmp_path)
    assert bare.returncode == 2 and "COMMAND" in bare.stderr


def test_debug_shows_the_traceback_before_or_after_the_command(tmp_path):
    missing = str(tmp_path / "incident.tar.gz")
    for argv in (["--debug", "analyze", missing], ["analyze", missing, "--debug"]):
        proc = gpu_triage(*argv, home=tmp_path)
        assert proc.returncode == 1
        assert "Traceback (most recent call last)" in proc.stderr and "BundleError" in proc.stderr


def test_unexpected_exception_is_one_line(monkeypatch, capsys):
    """A bug in a command still ends as one line on stderr and exit 1; --debug re-raises."""
    from triage import cli
    from triage.commands import rules

    def broken(args):
        raise KeyError("layer")
    monkeypatch.setattr(rules, "run", broken)
    assert cli.main(["rules"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unexpected KeyError" in err and "--debug" in err
    with pytest.raises(KeyError):
        cli.main(["rules", "--debug"])


# ---- exit statuses of a diagnosis (contract) -------------------------------------------------------

def test_exit_status_follows_the_diagnosis(tmp_path, demo_bundle):
    healthy = gpu_triage("analyze", str(demo_bundle), "--target", f"Pod/llm/{EMBEDDER}", home=tmp_path)
    assert healthy.returncode == 0, healthy.stderr
    problem = gpu_triage("analyze", str(demo_bundle), "--target", f"Pod/llm/{QWEN}", home=tmp_path)
    assert problem.returncode == 3, problem.stderr
    absent = gpu_triage("analyze", str(demo_bundle), "--target", "Pod/llm/nope", home=tmp_path)
    assert absent.returncode == 1 and "Pod/llm/nope" in one_line_error(absent)


# ---- kubectl plugin ------------------------------------------------------------------------

def test_works_as_a_kubectl_plugin(tmp_path):
    bin_dir = Path(sys.executable).parent
    plugin = shutil.which("kubectl-gpu_triage", path=str(bin_dir))
    kubectl = shutil.which("kubectl")
    if not plugin or not kubectl:
        pytest.skip("kubectl or the installed kubectl-gpu_triage entry point is missing")
    env = _env(tmp_path, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    proc = subprocess.run([kubectl, "gpu-triage", "--version"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"gpu-triage {__version__}"
    listed = subprocess.run([kubectl, "plugin", "list"], capture_output=True, text=True, env=env, timeout=60)
    assert str(Path(plugin)) in listed.stdout


def test_krew_manifest_names_the_plugin_binary():
    import yaml
    doc = yaml.safe_load((REPO / "plugins" / "gpu-triage.yaml").read_text())
    assert doc["kind"] == "Plugin" and doc["apiVersion"] == "krew.googlecontainertools.github.com/v1alpha2"
    assert doc["metadata"]["name"] == "gpu-triage"
    assert doc["spec"]["version"] == f"v{__version__}"
    for platform in doc["spec"]["platforms"]:
        assert platform["bin"].startswith("kubectl-gpu_triage")
        assert platform["sha256"] and platform["uri"].startswith("https://")


def test_krew_launcher_runs_the_installed_tool(tmp_path):
    """The launcher krew puts on PATH execs the tool from its private environment (here the
    test's own, linked in place of the one it would create on first run)."""
    store, bin_dir = tmp_path / "store" / "gpu-triage" / f"v{__version__}", tmp_path / "bin"
    store.mkdir(parents=True)
    bin_dir.mkdir()
    shutil.copy2(REPO / "plugins" / "kubectl-gpu_triage", store / "kubectl-gpu_triage")
    (store / ".venv").symlink_to(Path(sys.prefix))
    if not (store / ".venv" / "bin" / "gpu-triage").exists():
        pytest.skip("the test's Python has no gpu-triage entry point (not a venv install)")
    # as krew installs it: the files in its store, a relative symlink in its bin folder
    launcher = bin_dir / "kubectl-gpu_triage"
    launcher.symlink_to(os.path.relpath(store / "kubectl-gpu_triage", bin_dir))
    proc = subprocess.run([str(launcher), "--version"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"gpu-triage {__version__}"
    kubectl = shutil.which("kubectl")
    if kubectl:
        env = _env(tmp_path, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
        via = subprocess.run([kubectl, "gpu-triage", "rules", "-o", "json"], capture_output=True, text=True,
                             env=env, timeout=60)
        assert via.returncode == 0, via.stderr
        assert "plugin.nvml_unavailable" in {r["id"] for r in json.loads(via.stdout)}
