"""The describe parsers against the API objects of the same cluster: the must-gather fixture holds
kubectl's own `describe` text and `get -oyaml` of the same pods, and the demo bundle the nodes
behind `gpu_nodes.descr` - what describe prints must read back as the same object fields."""

from __future__ import annotations

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


def _labels_file() -> dict[str, dict[str, str]]:
    """gpu_nodes.labels: the script's `kubectl get node -ojsonpath={.metadata.labels}`, one block per node."""
    out, node = {}, None
    for line in (MG / "gpu_nodes.labels").read_text().splitlines():
        if not line.strip():
            node = None
        elif node is None:
            node = line.strip()
            out[node] = {}
        elif line.startswith("- ") and "=" in line:
            k, v = line[2:].split("=", 1)
            out[node][k] = v
    return out


def test_describe_nodes_read_back_the_api_objects():
    """gpu_nodes.descr against the same must-gather's label dump and -o wide status."""
    labels = _labels_file()
    wide = {l.split()[0]: l.split() for l in (MG / "gpu_nodes.status").read_text().splitlines()[1:] if l.strip()}
    lines = input_lines((MG / "gpu_nodes.descr").read_text())
    nodes = {}
    for chunk, first in split_described(lines, 1):
        node = parse_describe_node(chunk, first, "?").raw
        nodes[node["metadata"]["name"]] = node
    assert set(nodes) == set(labels) == set(wide)
    for name, node in nodes.items():
        assert node["metadata"]["labels"] == labels[name]
        assert node["spec"]["taints"] == [{"key": "nvidia.com/gpu", "effect": "NoSchedule", "value": "present"}]
        assert node["status"]["conditions"][0]["type"] == "Ready" and wide[name][1] == "Ready"
        assert node["status"]["conditions"][0]["status"] == "True"
        assert node["status"]["nodeInfo"]["kernelVersion"] in wide[name]
    gpus = {n: (node["status"]["capacity"].get("nvidia.com/gpu"), node["status"]["allocatable"].get("nvidia.com/gpu"))
            for n, node in nodes.items()}
    assert gpus == {"gpu-h100-1": ("8", "8"), "gpu-a10g-1": ("1", "1"), "gpu-t4-2": (None, None)}
