"""The demo cluster with what a readiness audit must catch planted in it (tests, docs):

- gpu-a10g-1 loses its taint (untainted GPU node);
- the team namespaces' ResourceQuota and PodDisruptionBudget lists are collected and empty
  (missing GPU quota, missing PDB);
- the H100 node's DCGM exporter scrape shows the embedder's GPU at 0% (idle allocated GPU);
  the samples are in dcgm-exporter's own label shape (gpu, UUID, device, modelName,
  Hostname, container, namespace, pod; NVIDIA/dcgm-exporter README);
- a finished fine-tuning Job whose pod still runs and holds a GPU on gpu-h100-1.

    write_audit_bundle(Path("b"))  # then gpu-triage audit b
"""

from __future__ import annotations

import json
from pathlib import Path

from triage.bundle import layout
from triage.synth.demo_cluster import GPU_TOLERATION, T0, _ctr, _meta, _running, write_demo_bundle

EMBEDDER = "embedder-5c7d9b8f4-p9q2w"
JOB_POD = "eval-qwen-x7k2p"
UUID = "GPU-5b1a7d2c-9e3f-4a61-8c0d-2f6e9b4a1c37"


def _dcgm_scrape() -> str:
    base = f'gpu="{{gpu}}",UUID="{UUID[:-1]}{{gpu}}",device="nvidia{{gpu}}",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-h100-1"'
    lines = ["# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).", "# TYPE DCGM_FI_DEV_GPU_UTIL gauge"]
    owners = {0: ("llm", EMBEDDER, "embedder"), 1: ("training", JOB_POD, "eval")}
    for gpu in range(8):
        ns, pod, ctr = owners.get(gpu, ("", "", ""))
        util = {0: 0, 1: 0}.get(gpu, 0)
        lines.append(f'DCGM_FI_DEV_GPU_UTIL{{{base.format(gpu=gpu)},container="{ctr}",namespace="{ns}",pod="{pod}"}} {util}')
    lines += ["# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).", "# TYPE DCGM_FI_DEV_FB_USED gauge"]
    for gpu in range(8):
        ns, pod, ctr = owners.get(gpu, ("", "", ""))
        lines.append(f'DCGM_FI_DEV_FB_USED{{{base.format(gpu=gpu)},container="{ctr}",namespace="{ns}",pod="{pod}"}} 0')
    return "\n".join(lines) + "\n"


def _rewrite(root: Path, path: str, change) -> None:
    full = root / path
    doc = json.loads(full.read_text("utf-8"))
    change(doc)
    full.write_text(json.dumps(doc, indent=1), "utf-8")


def write_audit_bundle(root: str | Path) -> Path:
    root = Path(write_demo_bundle(root))

    def untaint(doc):
        for n in doc["items"]:
            if n["metadata"]["name"] == "gpu-a10g-1":
                n["spec"] = {}
    _rewrite(root, layout.NODES, untaint)
    for ns in ("llm", "training"):
        (root / layout.namespaced_list("resource-quota", ns)).parent.mkdir(parents=True, exist_ok=True)
        (root / layout.namespaced_list("resource-quota", ns)).write_text(json.dumps(
            {"kind": "ResourceQuotaList", "apiVersion": "v1", "metadata": {}, "items": []}), "utf-8")
        (root / layout.namespaced_list("pod-disruption-budgets", ns)).parent.mkdir(parents=True, exist_ok=True)
        (root / layout.namespaced_list("pod-disruption-budgets", ns)).write_text(json.dumps(
            {"kind": "PodDisruptionBudgetList", "apiVersion": "policy/v1", "metadata": {}, "items": []}), "utf-8")
    (root / layout.node_dcgm("gpu-h100-1")).parent.mkdir(parents=True, exist_ok=True)
    (root / layout.node_dcgm("gpu-h100-1")).write_text(_dcgm_scrape(), "utf-8")
    # a finished Job whose pod still holds a GPU
    ctr = _ctr("eval", "ghcr.io/example/eval:1.4", gpus=1)
    job = {"kind": "Job", "apiVersion": "batch/v1", "metadata": _meta("eval-qwen", "training", {"app": "eval-qwen"},
                                                                       uid="eval-qwen-uid"),
           "spec": {"completions": 1, "template": {"metadata": {"labels": {"app": "eval-qwen"}},
                                                   "spec": {"containers": [ctr], "tolerations": GPU_TOLERATION}}},
           "status": {"succeeded": 1, "conditions": [{"type": "Complete", "status": "True", "lastTransitionTime": T0}]}}
    (root / layout.namespaced_list("jobs", "training")).parent.mkdir(parents=True, exist_ok=True)
    (root / layout.namespaced_list("jobs", "training")).write_text(json.dumps(
        {"kind": "JobList", "apiVersion": "batch/v1", "items": [job]}), "utf-8")
    pod = {"metadata": {**_meta(JOB_POD, "training", {"app": "eval-qwen", "job-name": "eval-qwen"}),
                        "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "eval-qwen",
                                             "uid": "eval-qwen-uid", "controller": True}]},
           "spec": {"nodeName": "gpu-h100-1", "containers": [ctr], "tolerations": GPU_TOLERATION},
           "status": _running([ctr])}
    _rewrite(root, layout.namespaced_list("pods", "training"), lambda d: d["items"].append(pod))
    return root
