"""Builds first-contact batch F22 (fixtures/first-contact/batch-f22/cases.jsonl) as scenario bundles.

Round 22's search protocol (the batch README's query list: 24 queries, 6 per corpus, each sent once round-robin and
every result logged), theme vLLM and SGLang on Kubernetes 2025-2026 (tensor/pipeline parallel across pods, CUDA
graphs, KV cache memory, LeaderWorkerSet). One case passed every test: a GitCode analysis of a GPUStack deployment on
Kubernetes whose model instance fails NCCL initialisation. Its text is the page's own prose (TEXT_NOT_IN_BUNDLE);
the error the page quotes ends the GPUStack worker container's log as part of the state it describes. The expected answer was reasoned from the document (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (node and pod names, namespace, GPU model and count, image tags, the
volume layout, the other log lines) are filled in plausibly; the scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_f22      # (re)writes fixtures/first-contact/batch-f22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f22", "F22")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff2201"}

_NCCL_ERR = "RuntimeError: NCCL error: unhandled system error"      # the error the page quotes (ff2201's state)


# ---- application: NCCL init fails in a GPUStack worker pod without enlarged shared memory (GitCode blog) ------

_GPUSTACK_IMG = "gpustack/gpustack:v0.6.2"
_NS = "gpustack-system"


@case("ff2201", pod_subj("gpustack-worker-7k2qd", _NS),
      "Vanilla Kubernetes v1.31 (assumed; the page says only 'Kubernetes'): one CPU node running the GPUStack "
      "server (Deployment gpustack-server, 1/1 Running) and one GPU node with 2 NVIDIA A100-SXM4-80GB (host driver "
      "and toolkit, the NVIDIA device plugin DaemonSet v0.17.1 Running; names, GPU model and count assumed). The "
      "GPUStack worker DaemonSet (image gpustack/gpustack:v0.6.2, assumed) runs one pod on the GPU node requesting "
      "nvidia.com/gpu 2; it mounts the model directory from a glusterfs mount of the node (hostPath "
      "/mnt/glusterfs/gpustack-models, assumed layout) and has no in-memory emptyDir at /dev/shm (the container "
      "runtime's default shared memory, as the page's cause implies). The worker pod stays Running; its current "
      "log shows the worker starting a vLLM model instance of deepseek-r1-distill-qwen-32b with tensor-parallel 2 "
      "and that instance's traceback ending in the quoted line (the other log lines and the frames are assumed).")
def _(w, t):
    cpu, gpu = "k8s-cpu-01", "k8s-gpu-a100-01"
    w.node(cpu, cpu="16", memory="65842036Ki")
    host_node(w, gpu, gpus=2)
    plugin_ds(w, KS, [plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-q8v4m")])
    srv = w.pod(_NS, "gpustack-server-6f8d9c7b54-xk2lp", node=cpu, gpu=0, containers=("gpustack-server",),
                image=_GPUSTACK_IMG, labels={"app": "gpustack-server"},
                owner=("ReplicaSet", "gpustack-server-6f8d9c7b54"), cpu="2", memory="4Gi")
    srv["spec"]["containers"][0]["args"] = ["--port", "80"]
    w.workload("Deployment", _NS, "gpustack-server", template_pod=srv,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    vols = [{"name": "models", "hostPath": {"path": "/mnt/glusterfs/gpustack-models", "type": "Directory"}},
            {"name": "data", "hostPath": {"path": "/var/lib/gpustack", "type": "DirectoryOrCreate"}}]
    mounts = [{"name": "models", "mountPath": "/models"}, {"name": "data", "mountPath": "/var/lib/gpustack"}]
    name = "gpustack-worker-7k2qd"
    wk = w.pod(_NS, name, node=gpu, gpu=2, containers=("gpustack-worker",), image=_GPUSTACK_IMG,
               labels={"app": "gpustack-worker"}, owner=("DaemonSet", "gpustack-worker"), cpu="16",
               memory="128Gi", volumes=vols, mounts=mounts,
               env=[{"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack-server." + _NS + ".svc"}])
    ds = w.workload("DaemonSet", _NS, "gpustack-worker", template_pod=wk, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    log = ("2025-03-18T06:41:02+00:00 - gpustack.worker.worker - INFO - Starting GPUStack worker.\n"
           "2025-03-18T06:41:05+00:00 - gpustack.worker.serve_manager - INFO - Starting model instance "
           "deepseek-r1-distill-qwen-32b-Ut9Qx\n"
           "INFO 03-18 06:41:12 [__init__.py:239] Automatically detected platform cuda.\n"
           "INFO 03-18 06:41:14 [config.py:1508] Defaulting to use mp for distributed inference\n"
           "INFO 03-18 06:41:30 [utils.py:990] Found nccl from library libnccl.so.2\n"
           "INFO 03-18 06:41:30 [pynccl.py:69] vLLM is using nccl==2.21.5\n"
           "ERROR 03-18 06:41:31 [engine.py:448] Traceback (most recent call last):\n"
           "ERROR 03-18 06:41:31 [engine.py:448]   File \"/usr/local/lib/python3.11/site-packages/vllm/"
           "distributed/device_communicators/pynccl.py\", line 99, in __init__\n"
           "ERROR 03-18 06:41:31 [engine.py:448]     self.comm: ncclComm_t = self.nccl.ncclCommInitRank(\n"
           "ERROR 03-18 06:41:31 [engine.py:448] " + _NCCL_ERR + "\n"
           "2025-03-18T06:41:33+00:00 - gpustack.worker.serve_manager - ERROR - Model instance "
           "deepseek-r1-distill-qwen-32b-Ut9Qx exited with code 1\n")
    w.log(_NS, name, "gpustack-worker", log)
    w.target("Pod", _NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
