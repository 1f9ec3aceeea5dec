"""Driver-version consistency (triage/classify/rules/driver_versions.py), through the real
pipeline on bundles: quiet on the demo cluster (whose sources agree: 535.86.10 from the
operator's driver pods, 590.48.01 on the H100 node's pre-installed driver), a finding citing
every source when one disagrees."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from triage.bundle import layout
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.classify.rules.driver_versions import agree, image_version
from triage.evidence.cuda_compat import gfd_driver_version as label_version
from triage.render.json import findings_document
from triage.synth.demo_cluster import write_demo_bundle

ID = "driver.version_inconsistent"


def _doc(path: Path) -> dict:
    with load_bundle(path) as b:
        return findings_document(diagnose(b), b)


def _ours(doc: dict) -> list[dict]:
    return [f for f in doc["findings"] if f["id"] == ID]


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return write_demo_bundle(tmp_path_factory.mktemp("demo") / "cluster")


def test_quiet_on_the_consistent_demo_cluster(demo):
    doc = _doc(demo)
    assert _ours(doc) == []
    assert {d["target"]["name"]: d["status"] for d in doc["diagnoses"]}["gpu-h100-1"] == "healthy"


def test_fires_when_the_labels_lag_behind_the_running_driver(demo, tmp_path):
    """The H100 node labelled 535 (as the demo had it) while nvidia-smi in its pod says 590.48.01."""
    import shutil
    bundle = tmp_path / "b"
    shutil.copytree(demo, bundle)
    nodes_path = bundle / layout.NODES
    nodes = json.loads(nodes_path.read_text())
    h100 = next(n for n in nodes["items"] if n["metadata"]["name"] == "gpu-h100-1")
    h100["metadata"]["labels"].update({"nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "86",
                                       "nvidia.com/cuda.driver.rev": "10"})
    nodes_path.write_text(json.dumps(nodes))
    found = _ours(_doc(bundle))
    assert len(found) == 1
    f = found[0]
    assert f["subject"] == {"kind": "Node", "name": "gpu-h100-1"} and f["layer"] == "driver"
    assert f["severity"] == "warning" and f["certainty"] == "inferred"
    excerpts = [e["excerpt"] for e in f["evidence"]]
    assert any("nvidia.com/cuda.driver.major=535" in e for e in excerpts)
    smi = next(e for e in f["evidence"] if e["path"].endswith("nvidia-smi.stdout"))
    assert smi["line"] and "Driver Version: 590.48.01" in smi["excerpt"]
    assert f["params"]["values"] == ["node labels: 535.86.10", "nvidia-smi in embedder-5c7d9b8f4-p9q2w: 590.48.01"]
    assert f["title"] == "Driver version sources disagree on node gpu-h100-1"


def test_the_policy_and_labels_against_the_driver_pod_nvidia_smi():
    doc = _doc(FIXTURES / "scenarios" / "s096_driver_version_inconsistent" / "bundle")
    assert doc["root_cause"]["id"] == ID
    sources = doc["root_cause"]["params"]["values"]
    assert "ClusterPolicy cluster-policy: 535.86.10" in sources and any("590.48.01" in s for s in sources)


def test_version_parts():
    assert label_version({"nvidia.com/cuda.driver.major": "535"}) == "535"
    assert label_version({"nvidia.com/cuda.driver-version.full": "590.48.01"}) == "590.48.01"
    assert image_version("nvcr.io/nvidia/driver:535.86.10-ubuntu22.04") == "535.86.10"
    assert image_version("nvcr.io/nvidia/driver@sha256:abc") is None
    assert image_version("nvcr.io/nvidia/gpu-operator:v24.9.0") is None
    assert agree("535", "535.86.10") and not agree("535.86.10", "535.104.05")

