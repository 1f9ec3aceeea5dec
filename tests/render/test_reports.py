"""`write_reports`: --out DIR holds the bundle, report.md, report.html and findings.json."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from triage.errors import TriageError
from triage.render.reports import write_reports

DOCS = Path(__file__).resolve().parent / "docs"


@pytest.fixture
def doc() -> dict:
    return json.loads((DOCS / "pending-nvml.json").read_text("utf-8"))


def test_writes_all_three_renderings_and_the_bundle(doc, tmp_path):
    bundle = tmp_path / "incident-0412.tar.gz"
    bundle.write_bytes(b"\x1f\x8b not really a tarball, only bytes to carry over")
    out = tmp_path / "out" / "nested"
    paths = write_reports(doc, bundle, out)
    assert set(paths) == {"json", "markdown", "html", "bundle"}
    assert sorted(p.name for p in out.iterdir()) == [
        "findings.json", "incident-0412.tar.gz", "report.html", "report.md"]
    assert json.loads(paths["json"].read_text("utf-8")) == doc
    assert paths["markdown"].read_text("utf-8").startswith("# gpu-triage: PROBLEM · Pod llm/qwen-vllm-7d9f-abcde")
    assert "<!DOCTYPE html>" in paths["html"].read_text("utf-8")
    assert paths["bundle"].read_bytes() == bundle.read_bytes()


def test_bundle_directory_is_copied_without_following_links(doc, tmp_path):
    bundle = tmp_path / "bundle"
    (bundle / "cluster-resources").mkdir(parents=True)
    (bundle / "manifest.json").write_text("{}")
    secret = tmp_path / "secret.txt"
    secret.write_text("outside the bundle")
    os.symlink(secret, bundle / "cluster-resources" / "link")
    paths = write_reports(doc, bundle, tmp_path / "out")
    copied = paths["bundle"]
    assert (copied / "manifest.json").read_text() == "{}"
    assert (copied / "cluster-resources" / "link").is_symlink()    # a link, not the secret's bytes


def test_bad_document_changes_nothing(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(TriageError):
        write_reports({"schema": "nope"}, None, out)
    assert not out.exists()


def test_out_that_is_a_file_is_a_clear_error(doc, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    with pytest.raises(TriageError, match="not a folder"):
        write_reports(doc, None, target)
    assert target.read_text() == "x"


def test_missing_bundle_is_a_clear_error(doc, tmp_path):
    with pytest.raises(TriageError, match="does not exist"):
        write_reports(doc, tmp_path / "gone.tar.gz", tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_rewriting_into_the_same_folder_replaces_reports(doc, tmp_path):
    write_reports(doc, None, tmp_path)
    doc["status"], doc["root_cause"] = "healthy", None
    doc["findings"], doc["gaps"] = [], []
    paths = write_reports(doc, None, tmp_path)
    assert "HEALTHY" in paths["markdown"].read_text("utf-8")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_out_inside_a_bundle_directory_is_refused(doc, tmp_path):
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    (bundle / "manifest.json").write_text("{}")
    with pytest.raises(TriageError, match="inside the bundle"):
        write_reports(doc, bundle, bundle / "reports")
    assert sorted(p.name for p in bundle.iterdir()) == ["manifest.json"]
