"""Builds first-contact batch E25 (fixtures/first-contact/batch-e25/cases.jsonl) as scenario bundles.

Notebooks and developer workspaces on Kubernetes GPUs (round 25, search protocol): a Pangeo JupyterHub GPU
notebook pod Pending because every GPU of a cluster shared with other tenants is already requested
(pangeo-data/pangeo-eosc#74). The text is placed verbatim where the thread says it appeared (the scheduler's
FailedScheduling event). Names, versions and the node split are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_e25      # (re)writes fixtures/first-contact/batch-e25/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e25", "E25", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_NS = "daskhub"
_POD = "jupyter-pangeo-user"


@case("fe2501", pod_subj(_POD, _NS),
      "A 36-node Kubernetes cluster (v1.29.4 assumed) on the EGI cloud shared by the Pangeo daskhub and other "
      "tenants. 4 GPU nodes (2 x Tesla V100 each, GPU Operator stack healthy; model and counts assumed) have all "
      "their GPUs requested by running pods of another tenant's namespace (assumed); 29 nodes have no GPU, 3 of "
      "them cordoned (assumed split). The hub and proxy run; the user's singleuser pod (name, image and profile "
      "assumed) requests one nvidia.com/gpu and is Pending, its FailedScheduling event and PodScheduled condition "
      "carrying the quoted message verbatim.")
def _(w, t):
    w.git_version = "v1.29.4"
    for i in range(4):
        n = f"pangeo-k8s-gpu-{i + 1}"
        w.gpu_node(n, gpus=2, product="Tesla-V100-PCIE-32GB", memory_mib=32768, cpu="32", memory="263855396Ki")
        w.pod("tenant-b", f"train-{i + 1}-7f9c4", node=n, gpu=2, image="nvcr.io/nvidia/pytorch:24.03-py3",
              owner=("ReplicaSet", f"train-{i + 1}"), cpu="8", memory="32Gi")
    for i in range(29):
        w.node(f"pangeo-k8s-node-{i + 1}", cpu="16", memory="65856316Ki", unschedulable=i < 3)
    for name, img in (("hub-6d8f9c7b5-x2kqp", "quay.io/jupyterhub/k8s-hub:3.3.7"),
                      ("proxy-5c7b8d9f4-m8w2z", "quay.io/jupyterhub/configurable-http-proxy:4.6.1")):
        w.pod(_NS, name, node="pangeo-k8s-node-5", gpu=0, image=img, owner=("ReplicaSet", name.rsplit("-", 1)[0]),
              cpu="200m", memory="512Mi", containers=(name.split("-")[0],))
    w.pod(_NS, _POD, gpu=1, phase="Pending", scheduled_message=t, image="pangeo/ml-notebook:2024.04.30",
          containers=("notebook",), cpu="4", memory="16Gi",
          labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/username": "pangeo-user"})
    w.event(_NS, "Pod", _POD, "FailedScheduling", t, component="default-scheduler", count=9)
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
