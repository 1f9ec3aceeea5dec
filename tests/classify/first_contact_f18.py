"""Builds first-contact batch F18 (fixtures/first-contact/batch-f18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by ML pipeline and training frameworks that launch GPU pods (mlrun/mlrun,
Netflix/metaflow-docs, horovod/horovod, polyaxon/polyaxon and, for zenml-io/zenml, whose snapshot was over the
size limit, the alternate kubeflow/spark-operator), read whole in the fixed file order of the batch README (this
round's documentation protocol: no search look-ups; snapshots brought with `fetch` and read with git). The one
text is the document's own prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE); the bundle holds the cluster
state the document describes. The expected answer was reasoned from the document (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (node and pod names, namespaces, GPU model, image tags, the node
labels that make the merged selector impossible) are filled in plausibly; the scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f18      # (re)writes fixtures/first-contact/batch-f18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod, info
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f18", "F18", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff1801"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1) -> dict:
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
                      status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                              "updatedReplicas": replicas})


# ---- scheduler: MLRun's merged node selector matches no node (MLRun 'Configuring runs and functions') -------

_ML = "mlrun"
_ML_VER = "1.8.0"
# the page's example: service, project and function level selectors and their merge
_MERGED = {"region": "us-central1", "zone": "us-east1", "gpu": "true", "arch": "amd64"}


@case("ff1801", pod_subj("train-gpu-5m8kq", _ML),
      "Vanilla Kubernetes v1.32 (assumed; the page names no distribution) with four nodes (names assumed): two "
      "CPU nodes cpu-node-01/02 (arm64; labels region us-central1, zone us-east1, gpu False, arch arm64) and two GPU "
      "nodes gpu-node-01/02 (amd64, one NVIDIA A100 80GB each with a host driver and the NVIDIA device plugin "
      "(static DaemonSet in kube-system, Running) advertising nvidia.com/gpu 1, none in use; labels region us-central1, zone us-west1, gpu true, arch amd64; "
      "the labels and GPU model assumed). MLRun CE 1.8.0 in namespace mlrun (mlrun-api and mlrun-ui Deployments "
      "1/1 Running on the CPU nodes; the other chart components not in the bundle). Node selectors as the page's "
      "example: service level {region: us-central1, gpu: False, arch: arm64}, project level {zone: us-west1, arch: "
      "amd64}, function level {zone: us-east1, gpu: true}; MLRun's merge {region: us-central1, zone: us-east1, gpu: "
      "true, arch: amd64} is the run pod's nodeSelector. The run's pod train-gpu-5m8kq (kind job, function "
      "train-gpu of project gpu-demo, image mlrun/mlrun-gpu:1.8.0, nvidia.com/gpu 1; names assumed) is Pending and "
      "unbound with the default scheduler's FailedScheduling event (standard wording, illustrative).")
def _(w, t):
    for i in (1, 2):
        n = w.node(f"cpu-node-0{i}", cpu="8", memory="32865164Ki",
                   labels={"region": "us-central1", "zone": "us-east1", "gpu": "False", "arch": "arm64"})
        info(n, architecture="arm64")
    for i in (1, 2):
        host_node(w, f"gpu-node-0{i}", gpus=1, labels={"region": "us-central1", "zone": "us-west1", "gpu": "true",
                                                      "arch": "amd64",
                                                      "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"})
    plugin_ds(w, KS, [plugin_pod(w, f"gpu-node-0{i}", f"nvidia-device-plugin-daemonset-{s}")
                      for i, s in ((1, "k7p2m"), (2, "w3r9x"))])
    for dep, rs, sfx, node, img in (
            ("mlrun-api", "mlrun-api-chief-6d8f7c9b54", "x2k7p", "cpu-node-01", f"mlrun/mlrun-api:{_ML_VER}"),
            ("mlrun-ui", "mlrun-ui-7b9c8d6f45", "q4m8w", "cpu-node-02", f"mlrun/mlrun-ui:{_ML_VER}")):
        p = deploy_pod(w, _ML, rs, f"{rs}-{sfx}", node, containers=(dep,), image=img,
                       labels={"app.kubernetes.io/name": dep, "app.kubernetes.io/instance": "mlrun-ce"},
                       cpu="250m", memory="512Mi")
        _deployment(w, _ML, dep, p)
    name = "train-gpu-5m8kq"
    msg = ("0/4 nodes are available: 4 node(s) didn't match Pod's node affinity/selector. preemption: 0/4 nodes "
           "are available: 4 Preemption is not helpful for scheduling.")
    p = w.pod(_ML, name, gpu=1, containers=("base",), image=f"mlrun/mlrun-gpu:{_ML_VER}",
              labels={"mlrun/class": "job", "mlrun/function": "train-gpu", "mlrun/project": "gpu-demo",
                      "mlrun/name": "train-gpu", "mlrun/owner": "admin",
                      "mlrun/uid": "3f9a1c7e2b5d4e8fa6c0b1d2e3f4a5b6"},
              node_selector=dict(_MERGED), cpu="4", memory="16Gi", scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["mlrun", "run", "--name", "train-gpu", "--from-env"]
    w.event(_ML, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Pod", _ML, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
