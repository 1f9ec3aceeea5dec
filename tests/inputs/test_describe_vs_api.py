"""The describe parsers against the API objects of the same cluster: the must-gather fixture holds
kubectl's own `describe` text and `get -oyaml` of the same pods, and the demo bundle the nodes
behind `gpu_nodes.descr` - what describe prints must read back as the same object fields."""

from __future__ import annotations

import json

import pytest
import yaml

from tests.conftest import FIXTURES
from triage.evidence.pasted.blocks import input_lines
from triage.evidence.pasted.describe_node import parse_describe_node
from triage.evidence.pasted.describe_pod import parse_describe_pod, split_described

MG = FIXTURES / "inputs" / "must-gather" / "demo-nvml"
API_PODS = {p["metadata"]["name"]: p for p in yaml.safe_load((MG / "gpu_operand_pods.yaml").read_text())["items"]}


def _state(raw: dict | None):
    if not raw:
        return None
    kind, body = next(iter(raw.items()))
    return kind, body.get("reason"), body.get("exitCode")


@pytest.mark.parametrize("descr", sorted(MG.glob("gpu_operand_pod_*.descr")), ids=lambda p: p.name)
def test_describe_pod_reads_back_the_api_object(descr):
    d = parse_describe_pod(input_lines(descr.read_text()), 1)
    pod = d.raw
    api = API_PODS[pod["metadata"]["name"]]
    assert pod["metadata"]["namespace"] == api["metadata"]["namespace"]
    assert pod["metadata"]["labels"] == api["metadata"]["labels"]
    assert pod["metadata"]["ownerReferences"][0]["kind"] == api["metadata"]["ownerReferences"][0]["kind"]
    assert pod["spec"]["nodeName"] == api["spec"]["nodeName"]
    assert pod["status"]["phase"] == api["status"]["phase"]
    got = {c["name"]: c for c in pod["status"]["containerStatuses"]}
    for c in api["status"]["containerStatuses"]:
        g = got[c["name"]]
        assert g["restartCount"] == c["restartCount"] and g["ready"] == c["ready"]
        assert _state(g.get("state")) == _state(c.get("state"))
        assert _state(g.get("lastState")) == _state(c.get("lastState") or None)
    assert {c["type"]: c["status"] for c in pod["status"]["conditions"]} == \
        {c["type"]: c["status"] for c in api["status"]["conditions"]}


def test_describe_nodes_read_back_the_api_objects(tmp_path):
    from triage.synth.demo_cluster import write_demo_bundle
    api = {n["metadata"]["name"]: n for n in
           json.loads((write_demo_bundle(tmp_path / "b") / "cluster-resources" / "nodes.json").read_text())["items"]}
    lines = input_lines((MG / "gpu_nodes.descr").read_text())
    seen = 0
    for chunk, first in split_described(lines, 1):
        node = parse_describe_node(chunk, first, "?").raw
        a = api[node["metadata"]["name"]]
        assert node["metadata"]["labels"] == a["metadata"]["labels"]
        assert node["spec"].get("taints", []) == [{k: v for k, v in t.items()} for t in a["spec"].get("taints", [])]
        for part in ("capacity", "allocatable"):
            assert node["status"][part].get("nvidia.com/gpu") == a["status"][part].get("nvidia.com/gpu")
            assert node["status"][part]["cpu"] == a["status"][part]["cpu"]
        assert node["status"]["conditions"][0]["status"] == "True"
        assert node["status"]["nodeInfo"]["kernelVersion"] == a["status"]["nodeInfo"]["kernelVersion"]
        seen += 1
    assert seen == 3                      # the three nodes labelled nvidia.com/gpu.present=true
