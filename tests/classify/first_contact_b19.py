"""Builds first-contact batch B19 (fixtures/first-contact/batch-b19/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by GPU health and diagnosis tools' own documentation (leptonai/gpud,
utkuozdemir/nvidia_gpu_exporter, k8sgpt-ai/k8sgpt, robusta-dev/robusta), read whole in the fixed file order of the
batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). The one
case's text is the document's own prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE); the bundle shows the
state the document describes. The expected answer was reasoned from the document (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (node and pod names, namespaces, GPU model and count, image tags,
the workload) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b19      # (re)writes fixtures/first-contact/batch-b19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b19", "B19")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1901"}


# ---- scheduler: the GPU exporter DaemonSet requests nvidia.com/gpu and holds a GPU per node (nvidia_gpu_exporter) ----

_EXPORTER_IMG = "utkuozdemir/nvidia_gpu_exporter:1.4.1"


@case("fb1901", pod_subj("llama-finetune-0", "ml-train"),
      "Vanilla Kubernetes (assumed; the guide names no distribution) with two GPU nodes gpu-node-01 and gpu-node-02 "
      "(4 NVIDIA A100-SXM4-80GB each, 64 CPUs, 512 GiB; host-installed driver and NVIDIA Container Toolkit, the "
      "NVIDIA runtime the containerd default; names, sizes and GPU model assumed), each advertising nvidia.com/gpu "
      "4, and the NVIDIA device plugin v0.17.1 as a plain DaemonSet in kube-system (2/2 Running, healthy logs). "
      "nvidia_gpu_exporter 1.4.1 (tag assumed) runs as the DaemonSet nvidia-gpu-exporter in namespace monitoring "
      "(2/2 Running, port 9835) whose container requests and limits nvidia.com/gpu 1 — the setup the note warns "
      "against — so each node has 3 of 4 GPUs left. The training pod ml-train/llama-finetune-0 (StatefulSet "
      "llama-finetune, nvidia.com/gpu 4, one node's worth; image and names assumed) is Pending and unbound with "
      "kube-scheduler's FailedScheduling 'Insufficient nvidia.com/gpu' (illustrative: the guide quotes no message).")
def _(w, t):
    nodes = ["gpu-node-01", "gpu-node-02"]
    for n in nodes:
        sized(host_node(w, n, gpus=4), "64", "528280716Ki")
    plugin_ds(w, KS, [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{s}") for n, s in zip(nodes, ("r7k2m", "x4p9q"))])
    pods = []
    for n, s in zip(nodes, ("b6t3w", "h8n5c")):
        p = w.pod("monitoring", f"nvidia-gpu-exporter-{s}", node=n, gpu=1, containers=("nvidia-gpu-exporter",),
                  image=_EXPORTER_IMG, owner=("DaemonSet", "nvidia-gpu-exporter"),
                  labels={"app.kubernetes.io/name": "nvidia-gpu-exporter", "app.kubernetes.io/instance": "nvidia-gpu-exporter"},
                  cpu="50m", memory="64Mi", memory_limit="128Mi")
        p["spec"]["containers"][0]["ports"] = [{"containerPort": 9835, "name": "metrics", "protocol": "TCP"}]
        pods.append(p)
    ds = w.workload("DaemonSet", "monitoring", "nvidia-gpu-exporter", template_pod=pods[0], status=ds_status(2, 2, 2))
    ds["spec"].pop("replicas", None)
    name = "llama-finetune-0"
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No "
           "preemption victims found for incoming pod.")
    p = w.pod("ml-train", name, gpu=4, containers=("trainer",), image="nvcr.io/nvidia/pytorch:24.05-py3",
              owner=("StatefulSet", "llama-finetune"), labels={"app": "llama-finetune"}, cpu="32", memory="256Gi",
              scheduled_message=msg)
    w.event("ml-train", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.workload("StatefulSet", "ml-train", "llama-finetune", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    w.target("Pod", "ml-train", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
