"""Live reports say where their bundle is: with --out the bundle is kept, the report names a path
that exists and the sha256 that `sha256sum` gives for it; without, the report says the bundle was
temporary and how to keep it. Real parts: the demo cluster served by the replay server, the CLI in
a subprocess (slow tier)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from tests.test_honest_verdict import gpu_triage, served
from triage.synth.demo_cluster import write_demo_bundle


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("live") / "demo")


def _tree_sha256(root: Path) -> str:
    """What `(cd ROOT && find . -type f | LC_ALL=C sort | xargs sha256sum) | sha256sum` prints."""
    files = sorted("./" + p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    lines = "".join(f"{hashlib.sha256((root / f).read_bytes()).hexdigest()}  {f}\n" for f in files)
    return hashlib.sha256(lines.encode()).hexdigest()


def test_out_keeps_the_bundle_the_report_names_with_its_sha256(demo, tmp_path):
    with served(demo, tmp_path) as kubeconfig:
        proc = gpu_triage("scan", "-A", "--kubeconfig", str(kubeconfig), "--out", str(tmp_path / "keep"),
                          home=tmp_path / "home")
    assert proc.returncode == 3, proc.stderr
    doc = json.loads((tmp_path / "keep" / "findings.json").read_text())
    bundle = Path(doc["bundle"]["path"])
    bundle = bundle if bundle.is_absolute() else tmp_path / "home" / bundle
    assert bundle.is_dir() and (bundle / "manifest.json").is_file()
    assert doc["collection"]["bundle_sha256"] == _tree_sha256(bundle)
    assert "temporary" not in doc["bundle"]
    assert f"(sha256 {_tree_sha256(bundle)})" in proc.stdout and "sha256 unknown" not in proc.stdout


def test_without_out_the_report_says_the_bundle_was_temporary(demo, tmp_path):
    with served(demo, tmp_path) as kubeconfig:
        text = gpu_triage("scan", "-A", "--kubeconfig", str(kubeconfig), home=tmp_path / "home")
        js = gpu_triage("scan", "-A", "--kubeconfig", str(kubeconfig), "-o", "json", home=tmp_path / "home")
    assert "(temporary: removed when the command ended; --out DIR keeps it)" in text.stdout
    doc = json.loads(js.stdout)
    assert doc["bundle"]["temporary"] is True and not Path(doc["bundle"]["path"]).exists()
    assert len(doc["collection"]["bundle_sha256"]) == 64
