"""A privileged GPU container sees every GPU of its node (the runtime mounts the host's /dev for
it), whatever the device plugin allocated: a pod charged fewer GPUs than the node has is
`runtime.visible_devices_misconfigured` from its spec alone. The node's count is GFD's
`nvidia.com/gpu.count`, else a capacity that counts whole GPUs; a time-sliced node's capacity
(GPUs x replicas) without that label says nothing."""

from __future__ import annotations

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.classify.rules.runtime_privileged import node_gpu_count
from triage.bundle.objects.node import Node
from triage.render.json import findings_document

ML = "ml"
FID = "runtime.visible_devices_misconfigured"


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / w.name)) as b:
        return findings_document(diagnose(b), b)


def _privileged(w: World, ns: str, name: str, gpus: int, **kw) -> None:
    p = w.pod(ns, name, node="gpu-node-1", gpu=gpus, containers=("main",), **kw)
    p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    w.log(ns, name, "main", "step 10 loss=3.1\n")
    w.target("Pod", ns, name)


def test_privileged_pod_given_fewer_gpus_than_the_node_has(tmp_path):
    w = World("privileged-2-of-8")
    w.gpu_node("gpu-node-1", gpus=8)
    _privileged(w, ML, "trainer-0", 2, owner=("StatefulSet", "trainer"))
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == FID, doc["status"]
    root = doc["root_cause"]
    assert "runs privileged" in root["title"] and "all 8 GPU(s)" in root["title"] and "allocated 2" in root["title"]
    assert root["certainty"] == "inferred"
    assert [e["excerpt"] for e in root["evidence"]] == ["trainer-0 container main securityContext.privileged: true",
                                                        "gpu-node-1 label nvidia.com/gpu.count: 8"]


def test_an_unprivileged_pod_given_fewer_gpus_is_not_this_finding(tmp_path):
    w = World("unprivileged-2-of-8")
    w.gpu_node("gpu-node-1", gpus=8)
    w.pod(ML, "trainer-0", node="gpu-node-1", gpu=2, containers=("main",), owner=("StatefulSet", "trainer"))
    w.log(ML, "trainer-0", "main", "step 10 loss=3.1\n")
    w.target("Pod", ML, "trainer-0")
    assert FID not in [f["id"] for f in _doc(w, tmp_path)["findings"]]


def test_node_gpu_count_reads_whole_gpus_only():
    def node(labels, capacity):
        return Node({"metadata": {"name": "n", "labels": labels}, "status": {"capacity": capacity}}, "nodes.json")
    assert node_gpu_count(node({"nvidia.com/gpu.count": "8"}, {"nvidia.com/gpu": "32"})) == (8, "label nvidia.com/gpu.count")
    assert node_gpu_count(node({}, {"nvidia.com/gpu": "4"})) == (4, "status.capacity[nvidia.com/gpu]")
    # time-slicing: capacity is GPUs x replicas; MIG devices are not whole GPUs
    assert node_gpu_count(node({"nvidia.com/gpu.replicas": "4"}, {"nvidia.com/gpu": "16"})) is None
    assert node_gpu_count(node({}, {"nvidia.com/gpu": "1", "nvidia.com/mig-1g.10gb": "7"})) is None
    assert node_gpu_count(node({}, {})) is None
