"""Builds first-contact batch D32 (fixtures/first-contact/batch-d32/cases.jsonl) as scenario bundles.

Round 32's frame: the bug-fix commits (since 2024-01-01) of six serving/training stacks that run GPU workloads on
Kubernetes (ray-project/kuberay, kubernetes-sigs/lws, vllm-project/production-stack, vllm-project/aibrix,
llm-d/llm-d, kubeflow/trainer; all GPU-filtered). One case:

- fd3201: the vLLM production-stack operator built from main between PR #958 (2026-05-27) and PR #974
  (2026-06-17): the VLLMRuntime CRD defaults spec.deploymentConfig.runtimeClass to the misspelt "nividia", so every
  pod of a VLLMRuntime created without that field is refused by the API server's RuntimeClass admission
  (commit 05bffc49, PR #974, fixing #972; prose).

fd3201's prose text is not in the bundle (TEXT_NOT_IN_BUNDLE); the bundle carries the state: the Deployment and
ReplicaSet the operator made (runtimeClassName nividia), their ReplicaFailure conditions and the ReplicaSet's
FailedCreate event, composed from Kubernetes' RuntimeClass admission plugin ('pod rejected: RuntimeClass %q not
found' after the API server's 'pods "<name>" is forbidden: ' and the controller's 'Error creating: '), not quoted by
the commit. The expected answer was reasoned from the fix (`expected` in the case, preferred first) and committed
before any run; it is never taken from the tool's output.

Names and versions the commit does not state (nodes, GPU models, namespaces, image tags, the operator image built
from main) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d32      # (re)writes fixtures/first-contact/batch-d32/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-d32", "D32", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3201"}

# ---- fd3201: production-stack operator (main, after #958): default runtimeClass "nividia" (05bffc49, #974) ----

_PS_NS = "vllm"
_PS_OP_NS = "production-stack-system"
_VR = "llama3-8b"
_RS = "llama3-8b-6f7c9d8b5d"
_RC_BAD = "nividia"


def _a01_failed_create() -> str:
    # composed: the replicaset controller's prefix, the API server's Forbidden wrapper and the RuntimeClass
    # admission plugin's error (plugin/pkg/admission/runtimeclass); the commit quotes none of it
    return (f'Error creating: pods "{_RS}-x7k2p" is forbidden: pod rejected: RuntimeClass "{_RC_BAD}" not found')


@case("fd3201", {"kind": "Deployment", "namespace": _PS_NS, "name": _VR},
      "Kubernetes v1.33.4 (self-managed, assumed) with two GPU nodes gpu-node-1/-2 (1 x NVIDIA L40S each; names, "
      "model and versions assumed) and one CPU node. The NVIDIA GPU Operator stack is healthy on both GPU nodes "
      "(its pods use runtimeClassName nvidia; the RuntimeClass nvidia exists, as the operator creates it). The vLLM "
      "production-stack operator (namespace production-stack-system; image built from main after PR #958, tag "
      "assumed) runs; the user's VLLMRuntime llama3-8b (namespace vllm; name assumed) sets no "
      "deploymentConfig.runtimeClass, so the CRD default 'nividia' applies. The operator made Deployment llama3-8b "
      "(runtimeClassName nividia, nvidia.com/gpu 1, cpu 5, memory 32Gi as in the operator's sample) and its "
      "ReplicaSet; 0 of 1 replicas, ReplicaFailure conditions and a FailedCreate event (x23, count assumed) whose "
      "message is composed from Kubernetes' RuntimeClass admission plugin (not quoted by the commit). No pod of the "
      "model exists; both GPUs are free. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in (1, 2):
        w.gpu_node(f"gpu-node-{i}", gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="131868300Ki")
    w.node("cpu-node-1", cpu="16", memory="65856316Ki")
    op = deploy_pod(w, _PS_OP_NS, "production-stack-controller-manager-7d9f6b8c4",
                    "production-stack-controller-manager-7d9f6b8c4-q4m8n", "cpu-node-1", containers=("manager",),
                    image="lmcache/production-stack-operator:main-20260610",
                    labels={"control-plane": "controller-manager", "app.kubernetes.io/name": "production-stack"},
                    cpu="10m", memory="64Mi")
    w.workload("Deployment", _PS_OP_NS, "production-stack-controller-manager", template_pod=op)
    tmpl = w.pod(_PS_NS, f"{_VR}-template", node=None, gpu=1, containers=(_VR,),
                 image="docker.io/lmcache/vllm-openai:2025-05-27-v1", runtime_class=_RC_BAD,
                 labels={"app": _VR, "model": "Llama-3.1-8B-Instruct"}, cpu="5", memory="32Gi")
    w.pods[_PS_NS].remove(tmpl)
    msg = _a01_failed_create()
    dep = w.workload("Deployment", _PS_NS, _VR, template_pod=tmpl, revision="1",
                     status={"observedGeneration": 1, "replicas": 0, "unavailableReplicas": 1,
                             "conditions": [{"type": "Available", "status": "False",
                                             "reason": "MinimumReplicasUnavailable",
                                             "message": "Deployment does not have minimum availability."},
                                            {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                             "message": msg},
                                            {"type": "Progressing", "status": "False",
                                             "reason": "ProgressDeadlineExceeded",
                                             "message": f'ReplicaSet "{_RS}" has timed out progressing.'}]})
    dep["metadata"]["ownerReferences"] = [{"apiVersion": "production-stack.vllm.ai/v1alpha1", "kind": "VLLMRuntime",
                                           "name": _VR, "uid": "5b0c2f7e-3d1a-4c8e-9f26-7a4e1b9d0c31",
                                           "controller": True}]
    w.workload("ReplicaSet", _PS_NS, _RS, template_pod=tmpl, owner=("Deployment", _VR), revision="1",
               status={"replicas": 0, "observedGeneration": 1,
                       "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                       "message": msg}]})
    w.event(_PS_NS, "ReplicaSet", _RS, "FailedCreate", msg, count=23, component="replicaset-controller")
    w.target("Deployment", _PS_NS, _VR)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
