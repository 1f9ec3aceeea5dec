"""`gpu-triage diff A B`: the demo cluster before and after its device plugin was fixed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.inputs.helpers import run
from triage.bundle import layout
from triage.synth import demo_cluster as demo


def _fixed(root: Path) -> Path:
    """The demo cluster after the fix: on gpu-t4-2 the device plugin runs, logs its registration,
    the node advertises its one T4 and the Pending qwen-vllm pod runs there (everything else as before)."""
    demo.write_demo_bundle(root)
    plugin = "nvidia-device-plugin-daemonset-t2x8q"
    (root / layout.container_log(demo.OPERATOR_NS, plugin, "nvidia-device-plugin")).write_text(demo.PLUGIN_OK_LOG)
    (root / layout.container_log(demo.OPERATOR_NS, plugin, "nvidia-device-plugin", previous=True)).unlink()
    pods_path = root / layout.namespaced_list("pods", demo.OPERATOR_NS)
    pods = json.loads(pods_path.read_text())
    for pod in pods["items"]:
        if pod["metadata"]["name"] == plugin:
            pod["status"] = demo._running(pod["spec"]["containers"], restarts=14)
    pods_path.write_text(json.dumps(pods))
    llm_path = root / layout.namespaced_list("pods", "llm")
    llm = json.loads(llm_path.read_text())
    for pod in llm["items"]:
        if pod["metadata"]["name"].startswith("qwen-vllm-"):      # scheduled once the T4 was advertised
            pod["spec"]["nodeName"] = "gpu-t4-2"
            pod["status"] = demo._running(pod["spec"]["containers"])
    llm_path.write_text(json.dumps(llm))
    nodes_path = root / layout.NODES
    nodes = json.loads(nodes_path.read_text())
    for node in nodes["items"]:
        if node["metadata"]["name"] == "gpu-t4-2":
            node["status"]["capacity"]["nvidia.com/gpu"] = "1"
            node["status"]["allocatable"]["nvidia.com/gpu"] = "1"
    nodes_path.write_text(json.dumps(nodes))
    ds_path = root / layout.namespaced_list("daemonsets", demo.OPERATOR_NS)
    ds = json.loads(ds_path.read_text())
    for d in ds["items"]:
        d["status"].update(numberReady=3, numberAvailable=3, numberUnavailable=0)
    ds_path.write_text(json.dumps(ds))
    return root


@pytest.fixture(scope="module")
def bundles(tmp_path_factory):
    base = tmp_path_factory.mktemp("diff")
    return demo.write_demo_bundle(base / "before"), _fixed(base / "after")


def test_diff_lists_the_nvml_finding_resolved_and_the_gpus_added(bundles):
    before, after = bundles
    r = run("diff", str(before), str(after), "-o", "json")
    assert r.rc == 0, r.err                      # nothing appeared after the fix
    d = r.doc
    resolved = {(f["id"], f["subject"]["name"]) for f in d["findings"]["resolved"]}
    assert ("plugin.nvml_unavailable", "gpu-t4-2") in resolved
    assert d["nodes"]["gpu-t4-2"]["capacity"] == {"nvidia.com/gpu": [None, 1]}
    assert d["nodes"]["gpu-t4-2"]["allocatable"] == {"nvidia.com/gpu": [None, 1]}
    assert {"node": "gpu-t4-2", "role": "device-plugin", "state": ["crash_loop", "running"],
            "pod": ["nvidia-device-plugin-daemonset-t2x8q"] * 2} in d["components"]
    assert not d["findings"]["appeared"]


def test_diff_text_and_markdown_say_it_in_words(bundles):
    before, after = bundles
    text = run("diff", str(before), str(after)).out
    assert "Findings resolved" in text
    assert "- plugin.nvml_unavailable (plugin, error) Node gpu-t4-2" in text
    assert "GPU capacity nvidia.com/gpu: - -> 1 (added)" in text
    assert "device-plugin: crash_loop -> running" in text
    md = run("diff", str(before), str(after), "-o", "markdown").out
    assert md.startswith("# gpu-triage diff: ")
    assert "## Findings resolved" in md and "`plugin.nvml_unavailable`" in md


def test_diff_the_other_way_round_is_a_regression_exit_3(bundles):
    before, after = bundles
    r = run("diff", str(after), str(before), "-o", "json")
    assert r.rc == 3
    assert "plugin.nvml_unavailable" in {f["id"] for f in r.doc["findings"]["appeared"]}
    assert r.doc["nodes"]["gpu-t4-2"]["capacity"] == {"nvidia.com/gpu": [1, None]}


def test_diff_of_a_bundle_with_itself_is_the_same(bundles):
    before, _ = bundles
    r = run("diff", str(before), str(before), "-o", "json")
    assert r.rc == 0 and r.doc["same"] is True
    assert "No change" in run("diff", str(before), str(before)).out


def test_diff_of_labels_and_taints(tmp_path):
    a = demo.write_demo_bundle(tmp_path / "a")
    b = demo.write_demo_bundle(tmp_path / "b")
    nodes_path = b / layout.NODES
    nodes = json.loads(nodes_path.read_text())
    for node in nodes["items"]:
        if node["metadata"]["name"] == "gpu-h100-1":
            node["metadata"]["labels"]["nvidia.com/gpu.product"] = "NVIDIA-H100-80GB-HBM3-MIG"
            node["spec"]["taints"] = node["spec"]["taints"] + [{"key": "maintenance", "effect": "NoExecute"}]
    nodes_path.write_text(json.dumps(nodes))
    d = run("diff", str(a), str(b), "-o", "json").doc
    h = d["nodes"]["gpu-h100-1"]
    assert h["labels"] == {"nvidia.com/gpu.product": ["NVIDIA-H100-80GB-HBM3", "NVIDIA-H100-80GB-HBM3-MIG"]}
    assert h["taints"]["added"] and "maintenance" in h["taints"]["added"][0]


def test_diff_of_a_missing_input_is_one_line_exit_1(tmp_path, bundles):
    r = run("diff", str(bundles[0]), str(tmp_path / "nope"))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1
