"""Builds first-contact batch E16 (fixtures/first-contact/batch-e16/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by inference servers' own documentation (Triton Inference Server,
Text Generation Inference, BentoML, Seldon Core), read whole in the fixed file order of the batch README (this
round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). The one case's quoted
message is placed in the Triton container's previous log. The expected answer was reasoned from the document
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the document does not state (node and pod names, namespaces, GPU model, kubelet and runtime
builds, the other workloads) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_e16      # (re)writes fixtures/first-contact/batch-e16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e16", "E16", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


def _gpu_node(w, name: str, gpus: int = 1, product: str = "NVIDIA-A10G", mem: int = 23028, **labels) -> dict:
    lab = {"nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": str(mem)}
    lab.update(labels)
    return host_node(w, name, gpus=gpus, labels=lab)


def _plugin(w, nodes: list[str]) -> None:
    pods = [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{sfx}")
            for n, sfx in zip(nodes, ("k7x2p", "m4q9d", "t2v8s", "w6c3n"))]
    plugin_ds(w, KS, pods)


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, "unavailableReplicas": replicas - ready})


# ---- application: the TRT-LLM launch script run from inside the cloned TensorRT-LLM folder (Triton guide) ----

_TRITON_NS = "triton"
_TRTLLM_IMAGE = "nvcr.io/nvidia/tritonserver:25.12-trtllm-python-py3"


@case("fe1601", pod_subj("triton-trtllm-7d9f8c6b5-x4k2p", _TRITON_NS),
      "Vanilla Kubernetes v1.32 (modelled; the guide runs the container with `docker run`): one GPU node with one "
      "NVIDIA A10G (host driver and toolkit, NVIDIA device plugin DaemonSet in kube-system 1/1 Running; GPU model "
      "and names assumed). The Deployment triton-trtllm (namespace triton; the guide's image "
      "nvcr.io/nvidia/tritonserver:25.12-trtllm-python-py3, nvidia.com/gpu 1, a 2Gi memory-backed emptyDir on "
      "/dev/shm as the guide's --shm-size=2g, an emptyDir Hugging Face cache) has its container `triton` run a "
      "command that clones TensorRT-LLM into /workspace, enters the cloned folder and runs "
      "triton_backend/scripts/launch_triton_server.py from there with the llmapi model repository (model.yaml "
      "set to TinyLlama/TinyLlama-1.1B-Chat-v1.0, the guide's example). The container is in CrashLoopBackOff "
      "(last exit code 1, reason Error, restart count 5; the crash branch is assumed, the guide states only the "
      "error), its previous log holding the quoted message alone (the guide quotes no other line), and the "
      "kubelet's BackOff event; the Deployment is 0/1 ready.")
def _(w, t):
    node = "gpu-node-a10g-01"
    _gpu_node(w, node)
    _plugin(w, [node])
    rs = "triton-trtllm-7d9f8c6b5"
    name = f"{rs}-x4k2p"
    vols = [{"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "2Gi"}},
            {"name": "hf-cache", "emptyDir": {}}]
    mounts = [{"name": "shm", "mountPath": "/dev/shm"}, {"name": "hf-cache", "mountPath": "/root/.cache/huggingface"}]
    p = w.pod(_TRITON_NS, name, node=node, gpu=1, containers=("triton",), image=_TRTLLM_IMAGE,
              owner=("ReplicaSet", rs), labels={"app": "triton-trtllm"}, cpu="8", memory="32Gi",
              env=[{"name": "HF_HOME", "value": "/root/.cache/huggingface"}], volumes=vols, mounts=mounts,
              ready=False)
    c = p["spec"]["containers"][0]
    c["command"] = ["bash", "-c"]
    c["args"] = ["cd /workspace && git clone https://github.com/NVIDIA/TensorRT-LLM.git && cd TensorRT-LLM && "
                 "sed -i 's|^model:.*|model: TinyLlama/TinyLlama-1.1B-Chat-v1.0|' "
                 "triton_backend/all_models/llmapi/tensorrt_llm/1/model.yaml && "
                 "python3 triton_backend/scripts/launch_triton_server.py --model_repo=triton_backend/all_models/llmapi/ "
                 "&& wait"]
    c["ports"] = [{"containerPort": 8000, "name": "http"}, {"containerPort": 8001, "name": "grpc"},
                  {"containerPort": 8002, "name": "metrics"}]
    crashloop(p, "triton", restarts=5, code=1)
    w.log(_TRITON_NS, name, "triton", t, previous=True)
    backoff(w, _TRITON_NS, name, "triton", node, count=11)
    _deployment(w, _TRITON_NS, "triton-trtllm", p)
    w.target("Pod", _TRITON_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
