"""Builds first-contact batch B36 (fixtures/first-contact/batch-b36/cases.jsonl) as scenario bundles.

Round 36's frame: the bug-fix commits (since 2024-01-01, GPU-filtered) of gpustack/gpustack (continuing batch
D35's frame: 30 of its remaining 128 commits looked at), substratusai/kubeai (2 commits) and kubernetes-sigs/jobset
(0 commits). One case:

- fb3601: a GPUStack GPU instance pod from the built-in JupyterLab template crash-loops: the template's command runs
  `jupyter lab` as root without --allow-root (gpustack 8ca94cad, PR #5345); prose.

The expected answer was reasoned from the fix (`expected` in the case); never taken from the tool's output.
Names, versions, node sizes and every line the source does not quote are assumed or composed; the world note says
which.

    .venv/bin/python -m tests.classify.first_contact_b36      # (re)writes fixtures/first-contact/batch-b36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b36", "B36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the commit's own words, not a line of the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb3601"}

_GS_NS = "gpustack-system"                       # the template's system namespace
_GS_IMG = "gpustack/gpustack:dev"                # a main-branch build (tag assumed)
_OP_IMG = "gpustack/gpustack-operator:dev"       # __operator_version__ read 'dev' that week


# ---- fb3601: JupyterLab GPU instance crash-loops as root ---------------------------------------------------------

_NODE = "gpu-l40s-1"
_USER_NS = "gpustack-alice"
_POD = "gi-7-0"
_JUPYTER_IMG = "quay.io/jupyter/pytorch-notebook:cuda12-lab-4.5.7"
_JUPYTER_LOG = (
    "[I 2026-05-19 06:41:27.402 ServerApp] jupyter_lsp | extension was successfully linked.\n"
    "[I 2026-05-19 06:41:27.406 ServerApp] jupyter_server_terminals | extension was successfully linked.\n"
    "[I 2026-05-19 06:41:27.411 ServerApp] jupyterlab | extension was successfully linked.\n"
    "[I 2026-05-19 06:41:27.812 ServerApp] notebook_shim | extension was successfully linked.\n"
    "[C 2026-05-19 06:41:27.836 ServerApp] Running as root is not recommended. Use --allow-root to bypass.\n")


@case("fb3601", pod_subj(_POD, _USER_NS),
      "Vanilla Kubernetes v1.33.1 (assumed) imported into GPUStack, a main-branch build of 2026-05-19 (the failure "
      "was never in a release: templates added 2026-05-13, fixed 2026-05-19, before v2.2.0rc1). A control-plane node "
      "and one GPU node (4 x L40S; model, count and names assumed) with a healthy GPU Operator stack (assumed). In "
      "gpustack-system the worker DaemonSet gpustack-worker (template name, label app: gpustack-worker; privileged, "
      "hostNetwork, runtimeClassName nvidia as the template renders it) and the operator Deployment "
      "gpustack-operator-worker (template labels) run. The GPU instance pod (namespace from the gpustack-<slug> "
      "form; pod, StatefulSet and container names assumed) requests one nvidia.com/gpu, runs the template's image "
      "and command verbatim, as uid 0 (assumed, inferred from the fix's --allow-root), and is in CrashLoopBackOff "
      "with exit code 1. Its previous-run log is composed: Jupyter Server's extension-linking lines and its "
      "critical line about running as root (Jupyter's own message; not quoted by the commit or PR #5345).")
def _(w, t):
    w.git_version = "v1.33.1"
    w.node("k8s-cp-1", cpu="8", memory="32823944Ki", labels={"node-role.kubernetes.io/control-plane": ""})
    w.gpu_node(_NODE, gpus=4, product="NVIDIA-L40S", memory_mib=46068, cpu="64", memory="527952088Ki")
    # GPUStack worker DaemonSet on the GPU node
    ds = "gpustack-worker"
    daemonset(w, _GS_NS, ds, desired=1, containers=[("gpustack-worker", _GS_IMG)], runtime_class="nvidia",
              labels={"app": "gpustack-worker"}, tolerations=[GPU_TOLERATION])
    wp = ds_pod(w, _GS_NS, ds, "gpustack-worker-x7k2p", _NODE, containers=("gpustack-worker",), image=_GS_IMG,
                cpu="500m", memory="1Gi", runtime_class="nvidia", tolerations=[GPU_TOLERATION])
    wp["spec"]["hostNetwork"] = True
    wc = wp["spec"]["containers"][0]
    wc["securityContext"] = {"privileged": True}
    wc["env"] = [{"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack.example.internal"},
                 {"name": "GPUSTACK_RUNTIME_DEPLOY", "value": "Kubernetes"},
                 {"name": "GPUSTACK_RUNTIME_DEPLOY_MIRRORED_DEPLOYMENT", "value": "true"}]
    w.log(_GS_NS, wp["metadata"]["name"], "gpustack-worker",
          "2026-05-19T06:30:02+00:00 - gpustack.worker.worker - INFO - Starting GPUStack worker.\n"
          "2026-05-19T06:30:04+00:00 - gpustack.detectors - INFO - Detected 4 NVIDIA device(s).\n"
          "2026-05-19T06:30:05+00:00 - gpustack.worker.worker - INFO - Worker registered.\n")
    # GPUStack Operator (GPU instances)
    rs = "gpustack-operator-worker-7d9c6b5f48"
    op_labels = {"app.kubernetes.io/part-of": "gpustack-operator", "app.kubernetes.io/component": "operator",
                 "app.kubernetes.io/name": "gpustack-operator-worker"}
    op = deploy_pod(w, _GS_NS, rs, f"{rs}-m2x8q", "k8s-cp-1", containers=("main",), image=_OP_IMG,
                    labels=op_labels, cpu="500m", memory="512Mi")
    op["spec"]["serviceAccountName"] = "gpustack-operator-worker"
    op["spec"]["containers"][0]["args"] = ["gpustack", "worker", "-v=2"]
    w.workload("Deployment", _GS_NS, "gpustack-operator-worker", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    # the GPU instance pod
    p = w.pod(_USER_NS, _POD, node=_NODE, gpu=1, image=_JUPYTER_IMG, containers=("instance",), cpu="2",
              memory="4Gi", owner=("StatefulSet", "gi-7"), tolerations=[GPU_TOLERATION],
              labels={"app.kubernetes.io/managed-by": "gpustack-operator", "worker.gpustack.ai/instance": "gi-7"},
              volumes=[{"name": "workspace", "persistentVolumeClaim": {"claimName": "gi-7-workspace"}}],
              mounts=[{"name": "workspace", "mountPath": "/workspace"}])
    c = p["spec"]["containers"][0]
    c["command"] = ["jupyter", "lab", "--ServerApp.token=''", "--ServerApp.password=''", "-notebook-dir=/workspace"]
    c["ports"] = [{"name": "jupyter", "containerPort": 8888, "protocol": "TCP"}]
    c["securityContext"] = {"runAsUser": 0}
    crashloop(p, "instance", restarts=6, code=1)
    w.workload("StatefulSet", _USER_NS, "gi-7", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1})
    w.log(_USER_NS, _POD, "instance", _JUPYTER_LOG, previous=True)
    backoff(w, _USER_NS, _POD, "instance", _NODE, count=27)
    w.target("Pod", _USER_NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
