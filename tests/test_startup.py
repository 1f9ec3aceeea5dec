"""What a command loads before it answers: `--version`, `-h` and `analyze` never import the
Kubernetes client or aiohttp; a live collection imports only the client's config loaders and
REST layer, never its typed models (pydantic) or the OIDC helpers nobody's kubeconfig asked
for. Each command runs as its own process (the real entry point) and reports the modules it
had imported at exit; nothing here measures time (bench/bench_startup.py does).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from triage.cli import COMMAND_HELP, COMMAND_MODULES, build_parser

REPO = Path(__file__).resolve().parent.parent
ONE_POD = REPO / "fixtures" / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
NEVER_BEFORE_A_CLUSTER = ("kubernetes", "aiohttp", "urllib3", "pydantic", "websocket", "oauthlib")
NEVER_FOR_RAW_READS = ("pydantic", "kubernetes.client.api_client", "kubernetes.client.models", "requests_oauthlib",
                       "oauthlib.oauth2", "kubernetes.dynamic", "kubernetes.watch", "kubernetes.leaderelection")

# The command's modules, printed at exit (after main returned and output was written).
WRAPPER = ("import atexit, json, sys\n"
           "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.__stderr__))\n"
           "from triage.cli import main\n"
           "sys.exit(main(sys.argv[1:]))\n")


def run(*args: str, env: dict | None = None) -> tuple[subprocess.CompletedProcess, set[str]]:
    proc = subprocess.run([sys.executable, "-c", WRAPPER, *args], capture_output=True, text=True, cwd=str(REPO),
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})}, timeout=120)
    modules = set(json.loads(proc.stderr.strip().splitlines()[-1]))
    return proc, modules


def test_top_level_help_is_the_same_without_importing_the_commands():
    """`gpu-triage -h` lists every command with the line its own module gives it."""
    assert build_parser(lazy=True).format_help() == build_parser().format_help()
    assert set(COMMAND_HELP) <= set(COMMAND_MODULES)


@pytest.mark.slow
@pytest.mark.parametrize("args", [("--version",), ("-h",), ("analyze", str(ONE_POD))], ids=" ".join)
def test_no_cluster_client_before_it_is_needed(args):
    proc, modules = run(*args)
    assert proc.returncode in (0, 3), proc.stderr[-2000:]
    if args[0] == "--version":
        assert proc.stdout.startswith("gpu-triage ")
    if args[0] == "analyze":
        assert "llm-serve-0" in proc.stdout
    loaded = sorted(m for m in modules if m.split(".")[0] in NEVER_BEFORE_A_CLUSTER)
    assert loaded == [], loaded


@pytest.mark.slow
def test_a_one_pod_analyze_loads_no_parser_for_evidence_its_bundle_lacks():
    """The one-pod bundle holds no nvidia-smi output, no Node message naming an Xid, no pasted
    text, and logs of a few hundred bytes: their parsers and the Hyperscan database stay unloaded,
    and the report is the same (the goldens hold it)."""
    proc, modules = run("analyze", str(ONE_POD))
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert "plugin.nvml_unavailable" in proc.stdout
    unneeded = ("triage.evidence.nvidia_smi", "triage.evidence.xid", "triage.evidence.records_gpu",
                "triage.evidence.pasted.source_map", "hyperscan",
                # the shipped YAML is read from its stored parse (triage/data/shipped-yaml.json);
                # a directory bundle is not an archive; package data is read by path
                "yaml", "tarfile", "gzip", "importlib.resources.readers")
    assert sorted(m for m in modules if m in unneeded) == []


@pytest.mark.slow
def test_a_collection_imports_only_the_clients_config_and_rest_layers(tmp_path):
    from triage.replay.server import ReplayServer
    from triage.synth.demo_cluster import write_demo_bundle
    bundle = write_demo_bundle(tmp_path / "demo")
    with ReplayServer(bundle, port=0) as srv:
        kubeconfig = srv.write_kubeconfig(tmp_path / "kubeconfig")
        proc, modules = run("collect", "pod", "qwen-vllm-7d9f8c6b5-x2x4k", "-n", "llm", "--no-exec",
                            "--kubeconfig", str(kubeconfig), "-o", str(tmp_path / "pod"))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (tmp_path / "pod" / "manifest.json").exists()
    assert "kubernetes.config.kube_config" in modules and "kubernetes.client.rest" in modules
    assert sorted(m for m in modules if m in NEVER_FOR_RAW_READS or m.startswith("pydantic")) == []
    assert "aiohttp" not in modules
    # the redactor reads detect-secrets' token shapes from its plugins' text: without exec (whose
    # websocket modules need it) nothing imports requests or the scanner's core, and the shapes are on
    manifest = json.loads((tmp_path / "pod" / "manifest.json").read_text())
    assert {"github_token", "aws_access_key"} <= set(manifest["redaction"]["rules"])
    assert sorted(m for m in modules if m.split(".")[0] in ("requests", "detect_secrets")) == []


@pytest.mark.slow
def test_a_collection_with_exec_loads_the_websocket_client_but_not_requests(tmp_path):
    """Exec needs the client's ws_client, which binds a requests helper it never calls: a stand-in
    keeps requests unloaded, and nvidia-smi still runs in the pods."""
    from triage.replay.server import ReplayServer
    from triage.synth.demo_cluster import write_demo_bundle
    bundle = write_demo_bundle(tmp_path / "demo")
    with ReplayServer(bundle, port=0) as srv:
        kubeconfig = srv.write_kubeconfig(tmp_path / "kubeconfig")
        proc, modules = run("collect", "pod", "qwen-vllm-7d9f8c6b5-x2x4k", "-n", "llm",
                            "--kubeconfig", str(kubeconfig), "-o", str(tmp_path / "pod"))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "kubernetes.stream.ws_client" in modules and "websocket" in modules
    assert sorted(m for m in modules if m.split(".")[0] in ("requests", "detect_secrets")) == []
    manifest = json.loads((tmp_path / "pod" / "manifest.json").read_text())
    exec_run = next(c for c in manifest["collectors"] if c["name"] == "exec")
    assert exec_run["status"] == "ok" and exec_run["files"], exec_run
