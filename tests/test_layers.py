"""The layers stay honest: only collect/kube.py talks to the Kubernetes client;
evidence, classification, bundle reading and rendering never reach the network;
evidence does not import judgement, and judgement does not import collection."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TRIAGE = Path(__file__).resolve().parent.parent / "triage"
NETWORK = {"kubernetes", "httpx", "aiohttp", "socket", "urllib.request", "http.client", "requests", "websocket"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _modules(package: str):
    return sorted((TRIAGE / package).rglob("*.py"))


def _hits(names: set[str], roots: set[str]) -> set[str]:
    return {n for n in names if any(n == r or n.startswith(r + ".") for r in roots)}


def test_only_collect_kube_imports_the_kubernetes_client():
    importers = {p.relative_to(TRIAGE).as_posix() for p in TRIAGE.rglob("*.py") if _hits(_imports(p), {"kubernetes"})}
    assert importers == {"collect/kube.py"}


@pytest.mark.parametrize("package", ["evidence", "classify", "bundle", "render"])
def test_pure_layers_never_import_network_code(package):
    offenders = {p.name: _hits(_imports(p), NETWORK) for p in _modules(package)}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_evidence_does_not_judge_and_judgement_does_not_collect():
    for p in _modules("evidence"):
        assert not _hits(_imports(p), {"triage.classify", "triage.render", "triage.collect", "triage.notify"}), p
    for p in _modules("classify"):
        assert not _hits(_imports(p), {"triage.collect", "triage.replay", "triage.notify", "triage.commands"}), p
