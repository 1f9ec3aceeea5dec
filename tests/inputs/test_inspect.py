"""OpenShift's `oc adm inspect` tree, laid out as openshift/oc writes it (tests/inputs/gen_inspect.py,
from the demo cluster): the demo's root cause cited in the tree's own files; nested in an `oc adm
must-gather` download, alone or beside the GPU Operator's must-gather files."""

from __future__ import annotations

import shutil

from tests.conftest import FIXTURES
from tests.inputs.helpers import citations, run

TREE = FIXTURES / "inputs" / "inspect" / "demo-nvml"
MG = FIXTURES / "inputs" / "must-gather" / "demo-nvml"
PLUGIN_LOG = "namespaces/gpu-operator/pods/nvidia-device-plugin-daemonset-t2x8q/nvidia-device-plugin/" \
             "nvidia-device-plugin/logs/previous.log"


def test_inspect_tree_is_detected_and_gives_the_demo_root_cause_citing_its_files():
    r = run("analyze", str(TREE), "-o", "json")
    assert r.rc == 3, r.err
    assert r.err.startswith(f"gpu-triage: read {TREE} as inspect: 7 pods in 2 namespace(s)")
    doc = r.doc
    by = {(d["target"]["name"], d["status"]): d for d in doc["diagnoses"]}
    t4 = by[("gpu-t4-2", "problem")]
    assert t4["root_cause"]["id"] == "plugin.nvml_unavailable"
    ev = t4["root_cause"]["evidence"][0]
    assert ev["path"] == f"{TREE}/{PLUGIN_LOG}"
    assert "Failed to initialize NVML" in (TREE / PLUGIN_LOG).read_text().splitlines()[ev["line"] - 1]
    assert by[("qwen-vllm-7d9f8c6b5-x2x4k", "problem")]["root_cause"]["id"] == "plugin.nvml_unavailable"
    assert ("gpu-h100-1", "healthy") in by
    for fid, c in citations(doc):
        assert c["path"].startswith(f"{TREE}/"), (fid, c)
    node = next(c for fid, c in citations(doc) if fid == "node.gpu_not_advertised")
    assert node["path"] == f"{TREE}/cluster-scoped-resources/core/nodes/gpu-t4-2.yaml"


def test_as_inspect_and_a_nested_download(tmp_path):
    top = tmp_path / "must-gather.local.4711"
    shutil.copytree(TREE, top / "quay-io-openshift-release-dev-ocp-v4-0-art-dev-sha256-0c3f")
    r = run("analyze", str(top), "--as", "inspect", "-o", "json")
    assert r.rc == 3 and r.doc["input"]["reader"] == "inspect", r.err
    r = run("analyze", str(top), "-o", "json")
    assert "as inspect" in r.err


def test_without_nodes_the_node_layer_is_a_gap_naming_oc_adm_inspect(tmp_path):
    tree = tmp_path / "inspect"
    shutil.copytree(TREE, tree)
    shutil.rmtree(tree / "cluster-scoped-resources")
    doc = run("analyze", str(tree), "-o", "json").doc
    assert any("oc adm inspect node/NODE" in g["needs"] for g in doc["gaps"])


def test_a_gpu_must_gather_beside_an_inspect_tree_reads_both(tmp_path):
    """`oc adm must-gather --image-stream=openshift/must-gather --image=<GPU must-gather>`: the GPU files
    under one image's folder, the default image's inspect tree under another. The must-gather reader
    reads the workload namespace the GPU files lack from the tree."""
    top = tmp_path / "must-gather.local.99"
    shutil.copytree(MG, top / "nvcr-io-nvidia-gpu-operator-sha256-1a2b")
    ocp = top / "quay-io-openshift-must-gather-sha256-3c4d"
    shutil.copytree(TREE / "namespaces" / "llm", ocp / "namespaces" / "llm")
    r = run("analyze", str(top), "-o", "json")
    assert r.rc == 3, r.err
    assert "as must-gather" in r.err and "the oc adm inspect tree beside it: 2 more pods" in r.err
    doc = r.doc
    qwen = next(d for d in doc["diagnoses"] if d["target"]["name"] == "qwen-vllm-7d9f8c6b5-x2x4k")
    assert qwen["root_cause"]["id"] == "plugin.nvml_unavailable"
    assert not any(g.get("reason") == "not_in_must_gather" for g in doc["gaps"])
    from_tree = [c["path"] for fid, c in citations({"diagnoses": [qwen]}) if "/quay-io-openshift-must-gather" in c["path"]]
    assert from_tree and all("/namespaces/llm/" in p for p in from_tree), list(citations({"diagnoses": [qwen]}))


def test_bad_yaml_and_binary_members_are_one_line(tmp_path):
    for what, data in (("alias", b"a: &x [1]\nb: *x\n"), ("binary", b"\x00\x01\x02" * 5000)):
        tree = tmp_path / what
        shutil.copytree(TREE, tree)
        (tree / "namespaces" / "llm" / "core" / "pods.yaml").write_bytes(data)
        r = run("analyze", str(tree))
        assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, (what, r.err)
        assert "pods.yaml" in r.err


def test_a_100_mb_line_in_a_log_is_cut_to_what_a_collection_keeps(tmp_path):
    tree = tmp_path / "inspect"
    shutil.copytree(TREE, tree)
    log = tree / PLUGIN_LOG
    lines = log.read_text().splitlines()
    with open(log, "wb") as fh:
        for _ in range(100):
            fh.write(b"z" * (1024 * 1024))
        fh.write(("\n" + "\n".join(lines) + "\n").encode())
    r = run("analyze", str(tree), "-o", "json")
    assert r.rc == 3, r.err
    t4 = next(d for d in r.doc["diagnoses"] if d["target"]["name"] == "gpu-t4-2")
    ev = next(c for c in t4["root_cause"]["evidence"] if c["path"].endswith("previous.log"))
    assert "Failed to initialize NVML" in log.read_text().splitlines()[ev["line"] - 1]
