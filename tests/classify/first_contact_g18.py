"""Builds first-contact batch G18 (fixtures/first-contact/batch-g18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by inference servers' own documentation (mudler/LocalAI,
InternLM/lmdeploy, predibase/lorax, huggingface/text-embeddings-inference, xorbitsai/inference), read whole in the
fixed file order of the batch README (snapshots brought with `fetch` and read with git). fg1801's text is the
document's own prose (an FAQ answer) and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, image tags, the other
nodes and workloads, the log lines) are filled in plausibly; each scenario's README says which parts of the world
are assumed.

    .venv/bin/python -m tests.classify.first_contact_g18      # (re)writes fixtures/first-contact/batch-g18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g18", "G18", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg1801"}


# ---- application: the api_server runs out of GPU memory (lmdeploy OpenAI-compatible server FAQ 2) ----------

_LMD_IMG = "openmmlab/lmdeploy:v0.16.0-cu12"
_LMD_LOG = (
    "2026-11-29 14:16:41,208 - lmdeploy - INFO - builder.py:66 - matching vision model: None\n"
    "2026-11-29 14:16:41,880 - lmdeploy - INFO - api_server.py:1342 - Build <turbomind> pipeline with engine config "
    "TurbomindEngineConfig(dtype='auto', model_format=None, tp=1, session_len=None, max_batch_size=256, "
    "cache_max_entry_count=0.8, cache_block_seq_len=64, enable_prefix_caching=False, quant_policy=0)\n"
    "[TM][FATAL][2026-11-29 14:17:52.512][allocator.cc:57] CUDA error: out of memory\n"
)


@case("fg1801", pod_subj("internlm2-chat-7b-6d8f9c7b54-x2k9p", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the document names no distribution) with the NVIDIA GPU Operator (assumed) "
      "on one GPU node with 1 NVIDIA A10 (24 GiB; node name and GPU model assumed). The Deployment internlm2-chat-7b "
      "as the repository's k8s/deployment.yaml (the document's 'Deploying to Kubernetes cluster' option): "
      "`lmdeploy serve api_server internlm/internlm2-chat-7b --server-port 23333`, nvidia.com/gpu 1, cpu 16, memory "
      "64Gi, tcpSocket readiness (initialDelaySeconds 400) and liveness (900) probes, the model cache on a hostPath, "
      "/dev/shm as a memory emptyDir (image tag assumed: openmmlab/lmdeploy v0.16.0, the snapshot's version; the "
      "default cache_max_entry_count 0.8). The server aborts while building the TurboMind engine: its previous "
      "container log (illustrative, the document quotes none) ends with TurboMind's fatal 'CUDA error: out of "
      "memory'; exit code 134 (abort), CrashLoopBackOff with 5 restarts, the kubelet's BackOff event.")
def _(w, t):
    gpu = "gpu-a10-node-01"
    w.gpu_node(gpu, gpus=1, product="NVIDIA-A10", memory_mib=23028)
    rs = "internlm2-chat-7b-6d8f9c7b54"
    name = f"{rs}-x2k9p"
    c = "internlm2-chat-7b"
    probe = {"failureThreshold": 3, "periodSeconds": 10, "successThreshold": 1, "timeoutSeconds": 1,
             "tcpSocket": {"port": "main"}}
    probes = {"readinessProbe": dict(probe, initialDelaySeconds=400),
              "livenessProbe": dict(probe, initialDelaySeconds=900, periodSeconds=20)}
    p = w.pod("default", name, node=gpu, gpu=1, containers=(c,), image=_LMD_IMG, owner=("ReplicaSet", rs),
              labels={"app": "internlm2-chat-7b"}, cpu="16", memory="64Gi",
              env=[{"name": "HUGGING_FACE_HUB_TOKEN", "value": "hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}],
              probes=probes,
              volumes=[{"name": "model-data", "hostPath": {"path": "/root/.cache/huggingface",
                                                           "type": "DirectoryOrCreate"}},
                       {"name": "dshm", "emptyDir": {"medium": "Memory"}}],
              mounts=[{"mountPath": "/root/.cache/huggingface", "name": "model-data"},
                      {"mountPath": "/dev/shm", "name": "dshm"}])
    spec_c = p["spec"]["containers"][0]
    spec_c["command"] = ["/bin/sh", "-c"]
    spec_c["args"] = ["lmdeploy serve api_server internlm/internlm2-chat-7b --server-port 23333"]
    spec_c["ports"] = [{"containerPort": 23333, "protocol": "TCP", "name": "main"}]
    spec_c["resources"]["limits"]["cpu"] = "16"
    crashloop(p, c, restarts=5, code=134)
    # the last run: started, loaded the weights, aborted building the engine (before the liveness probe's 900 s)
    p["status"]["containerStatuses"][0]["lastState"]["terminated"].update(startedAt="2026-11-29T14:16:38Z",
                                                                          finishedAt="2026-11-29T14:17:53Z")
    w.log("default", name, c, _LMD_LOG, previous=True)
    backoff(w, "default", name, c, gpu, count=14)
    w.workload("Deployment", "default", "internlm2-chat-7b", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
