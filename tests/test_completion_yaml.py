"""`-o yaml` is the findings document, the same as `-o json`; `gpu-triage completion bash` is a
script real bash sources and completes commands, sub-commands, flags and their values with."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES
from triage.commands.analyze import render
from triage.commands.completion import bash_script, zsh_script

BUNDLE = FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"


def test_yaml_is_the_json_document():
    from triage.commands.analyze import analyze_document
    doc = analyze_document(str(BUNDLE))
    as_yaml = render(doc, "yaml")
    assert yaml.safe_load(as_yaml) == json.loads(render(doc, "json"))
    excerpt = doc["root_cause"]["evidence"][0]["excerpt"]
    assert any(excerpt in line for line in as_yaml.splitlines())          # one line, never folded


@pytest.fixture(scope="module")
def script(tmp_path_factory) -> Path:
    from triage.cli import build_parser
    path = tmp_path_factory.mktemp("completion") / "gpu-triage.bash"
    path.write_text(bash_script(build_parser()))
    return path


def _complete(script: Path, *words: str) -> list[str]:
    line = " ".join(f"'{w}'" for w in words)
    out = subprocess.run(["bash", "-c", f'source "{script}"; COMP_WORDS=({line}); '
                          'COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _gpu_triage; printf "%s\\n" "${COMPREPLY[@]}"'],
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_commands_flags_and_values(script):
    assert _complete(script, "gpu-triage", "sc") == ["scan"]
    assert "--show-healthy" in _complete(script, "gpu-triage", "scan", "--sh")
    assert _complete(script, "gpu-triage", "analyze", "b.tgz", "-o", "") == ["text", "markdown", "html", "json", "yaml"]
    assert {"pod", "workload", "node", "scan"} <= set(_complete(script, "gpu-triage", "collect", ""))
    assert "--no-exec" in _complete(script, "gpu-triage", "collect", "pod", "--no-")
    assert {"bash", "zsh"} <= set(_complete(script, "gpu-triage", "completion", ""))
    assert "bashcompinit" in zsh_script(__import__("triage.cli", fromlist=["build_parser"]).build_parser())
