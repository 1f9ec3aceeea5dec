"""A pod asked about whose image is built for CUDA and that requests no GPU, in a cluster with GPU
nodes (triage/classify/rules/application_image.py): it runs without a GPU, whatever it prints.

The case behind it (fixtures/first-contact/batch-a24, fa2401, Metaflow PR 1202): a step decorated
@resources(gpu=1) run `--with kubernetes` got a Job without nvidia.com/gpu, ran on a CPU node and
said nothing; the answer was NO GPU. The image tags are the frameworks' own published forms
(hub.docker.com pytorch/pytorch `<v>-cuda<x.y>-cudnn<n>-runtime`, nvidia/cuda `<x.y.z>-runtime-<os>`).
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

TORCH = "pytorch/pytorch:1.13.0-cuda11.6-cudnn8-runtime"


def _doc(tmp_path, *, image: str = TORCH, gpu_node: bool = True, gpu: int = 0, owner=None, target: bool = True):
    w = World("cuda-image-no-gpu")
    if gpu_node:
        w.gpu_node("gpu-node-1", gpus=1)
    w.node("cpu-node-1")
    w.pod(ML, "train-0", node="cpu-node-1" if not gpu else "gpu-node-1", gpu=gpu, image=image, owner=owner)
    if target:
        w.target("Pod", ML, "train-0")
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def test_a_cuda_image_that_asks_for_no_gpu_runs_without_one(tmp_path):
    doc = _doc(tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "application.gpu_not_requested", doc["findings"]
    assert rc["certainty"] == "inferred" and rc["params"]["image_cuda"] == "11.6"
    assert TORCH in rc["evidence"][0]["excerpt"] and "resources" in rc["evidence"][1]["excerpt"]
    assert "requests no GPU" in rc["title"]


def test_without_a_gpu_node_there_is_no_gpu_to_ask_for(tmp_path):
    assert _doc(tmp_path, gpu_node=False)["status"] == "no_gpu"


def test_an_image_whose_tag_names_no_cuda_is_not_judged(tmp_path):
    # vLLM's image is CUDA inside, but nothing in its reference says so: no guess
    assert _doc(tmp_path, image="vllm/vllm-openai:v0.6.3")["status"] == "no_gpu"


def test_a_pod_that_requests_its_gpu_is_not_this(tmp_path):
    doc = _doc(tmp_path, gpu=1)
    assert "application.gpu_not_requested" not in [f["id"] for f in doc["findings"]]


def test_a_node_agent_reaches_the_gpus_through_the_host(tmp_path):
    doc = _doc(tmp_path, owner=("DaemonSet", "trainer-agent"))
    assert "application.gpu_not_requested" not in [f["id"] for f in doc["findings"]]


def test_a_scan_judges_only_the_pods_that_request_gpus(tmp_path):
    doc = _doc(tmp_path, target=False)
    assert "application.gpu_not_requested" not in [f["id"] for f in doc["findings"]]
