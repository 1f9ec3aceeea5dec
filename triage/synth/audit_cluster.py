"""The demo cluster with what a readiness audit must catch planted in it (tests, docs):

- gpu-a10g-1 loses its taint (untainted GPU node);
- the team namespaces' ResourceQuota and PodDisruptionBudget lists are collected and empty
  (missing GPU quota, missing PDB);
- the H100 node's DCGM exporter scrape shows the embedder's GPU at 0% (idle allocated GPU);
  the samples are in dcgm-exporter's own label shape (gpu, UUID, device, modelName,
  Hostname, container, namespace, pod; NVIDIA/dcgm-exporter README);
- a finished fine-tuning Job whose pod still runs and holds a GPU on gpu-h100-1;
- a Kubeflow notebook holding a GPU on gpu-h100-1, at 0% in the scrape (idle notebook);
- gpu-l4-1, time-sliced (4 replicas of its one L4), nothing scheduled on it and its GPU at 0%:
  a GPU node with every GPU free, and an idle GPU DCGM reports per GPU only.

    write_audit_bundle(Path("b"))  # then gpu-triage audit b
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from triage.bundle import layout
from triage.synth.demo_cluster import GPU_TAINT, GPU_TOLERATION, T0, _ctr, _gfd, _meta, _running, write_demo_bundle

EMBEDDER = "embedder-5c7d9b8f4-p9q2w"
JOB_POD = "eval-qwen-x7k2p"
NOTEBOOK_POD = "alice-notebook-0"
UUID = "GPU-5b1a7d2c-9e3f-4a61-8c0d-2f6e9b4a1c37"


def _dcgm_scrape() -> str:
    base = f'gpu="{{gpu}}",UUID="{UUID[:-1]}{{gpu}}",device="nvidia{{gpu}}",modelName="NVIDIA H100 80GB HBM3",Hostname="gpu-h100-1"'
    lines = ["# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).", "# TYPE DCGM_FI_DEV_GPU_UTIL gauge"]
    owners = {0: ("llm", EMBEDDER, "embedder"), 1: ("training", JOB_POD, "eval"),
              2: ("research", NOTEBOOK_POD, "notebook")}
    for gpu in range(8):
        ns, pod, ctr = owners.get(gpu, ("", "", ""))
        util = {0: 0, 1: 0}.get(gpu, 0)
        lines.append(f'DCGM_FI_DEV_GPU_UTIL{{{base.format(gpu=gpu)},container="{ctr}",namespace="{ns}",pod="{pod}"}} {util}')
    lines += ["# HELP DCGM_FI_DEV_FB_USED Framebuffer memory used (in MiB).", "# TYPE DCGM_FI_DEV_FB_USED gauge"]
    for gpu in range(8):
        ns, pod, ctr = owners.get(gpu, ("", "", ""))
        lines.append(f'DCGM_FI_DEV_FB_USED{{{base.format(gpu=gpu)},container="{ctr}",namespace="{ns}",pod="{pod}"}} 0')
    return "\n".join(lines) + "\n"


def _l4_scrape() -> str:
    # time-slicing: the exporter cannot map the GPU to a pod, its pod labels stay empty
    return ("# HELP DCGM_FI_DEV_GPU_UTIL GPU utilization (in %).\n# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
            'DCGM_FI_DEV_GPU_UTIL{gpu="0",UUID="GPU-7c3e9a14-2b5d-4f08-9e61-0a8d3c5b7f22",device="nvidia0",'
            'modelName="NVIDIA L4",Hostname="gpu-l4-1",container="",namespace="",pod=""} 0\n')


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
        labels = {**_gfd("NVIDIA-L4-SHARED", "23034", 1), "nvidia.com/gpu.replicas": "4",
                  "nvidia.com/gpu.sharing-strategy": "time-slicing"}
        l4 = copy.deepcopy(next(n for n in doc["items"] if n["metadata"]["name"] == "gpu-a10g-1"))
        l4["metadata"].update(name="gpu-l4-1", uid="node-gpu-l4-1",
                              labels={"kubernetes.io/hostname": "gpu-l4-1", "kubernetes.io/os": "linux", **labels})
        l4["spec"] = {"taints": GPU_TAINT}
        for part in ("capacity", "allocatable"):
            l4["status"][part]["nvidia.com/gpu"] = "4"
        for a in l4["status"].get("addresses") or ():
            if a.get("type") == "InternalIP":
                a["address"] = "10.0.0.41"
        doc["items"].append(l4)
    _rewrite(root, layout.NODES, untaint)
    (root / layout.node_dcgm("gpu-l4-1")).parent.mkdir(parents=True, exist_ok=True)
    (root / layout.node_dcgm("gpu-l4-1")).write_text(_l4_scrape(), "utf-8")
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
    # a Kubeflow notebook (its StatefulSet's pod, the notebook controller's label) holding a GPU
    nb = _ctr("notebook", "kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.8.0", gpus=1)
    notebook = {"metadata": {**_meta(NOTEBOOK_POD, "research", {"notebook-name": "alice-notebook",
                                                                "statefulset": "alice-notebook"}),
                             "ownerReferences": [{"apiVersion": "apps/v1", "kind": "StatefulSet",
                                                  "name": "alice-notebook", "uid": "alice-notebook-uid",
                                                  "controller": True}]},
                "spec": {"nodeName": "gpu-h100-1", "containers": [nb], "tolerations": GPU_TOLERATION},
                "status": _running([nb])}
    (root / layout.namespaced_list("pods", "research")).write_text(json.dumps(
        {"kind": "PodList", "apiVersion": "v1", "items": [notebook]}), "utf-8")
    return root
