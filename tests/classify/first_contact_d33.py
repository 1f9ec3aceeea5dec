"""Builds first-contact batch D33 (fixtures/first-contact/batch-d33/cases.jsonl) as scenario bundles.

Round 33's frame: the bug-fix commits (since 2024-01-01) of kaito-project/kaito (GPU-filtered),
run-ai/fake-gpu-operator, NVIDIA/go-nvlib and NVIDIA/go-nvml (not filtered). Seven cases:

- fd3301: KAITO (main after v0.10.0): the estimator's max-model-len exceeds the KV cache vLLM can hold for
  Mistral-Small-4-119B on 2 x H100 NVL; vLLM's ValueError, crash-loop (5009de884, PR #2139, fixing #2132).
- fd3302: KAITO: Qwen3.6-35B-A3B with LMCache offloading: 'Hybrid KV cache manager is disabled but failed ...'
  (286d68543, PR #2131).
- fd3303: KAITO: Kimi-K2.5: 'RuntimeError: DeepGEMM backend is not available or outdated' at warmup (513065a0a,
  PR #2110).
- fd3304: KAITO (main between v0.9.0 and v0.10.0): data parallelism 2 with LMCache offloading: the DP1 worker's
  CUDA event error (d1c97f418, PR #1911, fixing #1905).
- fd3305: fake-gpu-operator mock backend: the GPU Operator's operands stuck Init:0/1 without the toolkit-ready
  marker (0164b9b, PR #198; prose).
- fd3306: fake-gpu-operator KWOK DRA slices vs the upstream DRA driver's DeviceClass selector: 'CEL runtime error:
  no such key: type' (47a244c, PR #199).
- fd3307: fake-gpu-operator status-updater RBAC lacks 'watch': a constant forbidden line on a healthy fake-only
  cluster (e5b2ceb, PR #197; healthy look-alike).

Texts are placed verbatim where the commit (or, for fd3301, the issue the fix names) says they appeared; fd3305's
prose text is not in the bundle (TEXT_NOT_IN_BUNDLE). Log lines around the texts are composed from the code at the
fix's parent and say so in the scenario README (the case's note); names, versions and SKUs the commits do not state
are filled in plausibly. The expected answers were reasoned from the fixes (`expected` in each case, preferred first)
and committed before any run; they are never taken from the tool's output.

    .venv/bin/python -m tests.classify.first_contact_d33      # (re)writes fixtures/first-contact/batch-d33/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import HEALTHY_GFD_LOG, HEALTHY_PLUGIN_LOG, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d33", "D33", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3305"}

# ---- KAITO on AKS: shared pieces -------------------------------------------------------------------------------

_K_NS = "kaito-workspace"
_K_DP_DS = "nvidia-device-plugin-daemonset"
_K_DP_IMG = "mcr.microsoft.com/oss/v2/nvidia/k8s-device-plugin:v0.18.2-1"
_K_CTL_IMG = "mcr.microsoft.com/aks/kaito/workspace:0.10.0-main"          # a main build after v0.10.0 (assumed tag)
_SKU_TAINT = {"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}


def _aks_system(w, kubelet: str = "v1.33.3") -> str:
    n = w.node("aks-nodepool1-38147352-vmss000000", cpu="8", memory="32880828Ki",
               labels={"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus2",
                       "kubernetes.azure.com/agentpool": "nodepool1", "kubernetes.azure.com/mode": "system",
                       "node.kubernetes.io/instance-type": "Standard_D8s_v5"})
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1089-azure",
         containerRuntimeVersion="containerd://1.7.27-1", kubeletVersion=kubelet)
    return n["metadata"]["name"]


def _aks_gpu_node(w, name: str, ws: str, sku: str, gpus: int, product: str, memory_mib: int, *, cpu: str,
                  memory: str, kubelet: str = "v1.33.3", extra_labels: dict | None = None) -> dict:
    labels = {"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus2", "kubernetes.azure.com/mode": "user",
              "kubernetes.azure.com/agentpool": ws.replace("workspace-", "ws")[:12],
              "node.kubernetes.io/instance-type": sku, "accelerator": "nvidia", "kaito.sh/workspace": ws,
              "kaito.sh/workspacenamespace": "default", "karpenter.sh/nodepool": "kaito",
              "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product, "nvidia.com/gpu.count": str(gpus),
              "nvidia.com/gpu.memory": str(memory_mib), "nvidia.com/cuda.driver.major": "570",
              "nvidia.com/cuda.runtime.major": "12", "feature.node.kubernetes.io/pci-10de.present": "true"}
    labels.update(extra_labels or {})
    n = w.node(name, gpus=gpus, cpu=cpu, memory=memory, labels=labels, taints=[_SKU_TAINT])
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1089-azure",
         containerRuntimeVersion="containerd://1.7.27-1", kubeletVersion=kubelet)
    return n


def _kaito_stack(w, system: str, gpu_nodes: list[str], ctl_img: str = _K_CTL_IMG) -> None:
    """KAITO's workspace controller, its bundled NVIDIA device plugin DaemonSet (healthy on every GPU node) and the
    gpu-provisioner, as the KAITO chart installs them."""
    rs = "kaito-workspace-6b8f7d9c5d"
    p = deploy_pod(w, _K_NS, rs, f"{rs}-vq7tn", system, containers=("workspace",), image=ctl_img,
                   labels={"app.kubernetes.io/name": "workspace", "app.kubernetes.io/instance": "kaito-workspace"},
                   cpu="500m", memory="128Mi")
    w.workload("Deployment", _K_NS, "kaito-workspace", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    daemonset(w, _K_NS, _K_DP_DS, desired=len(gpu_nodes), containers=[("nvidia-device-plugin-ctr", _K_DP_IMG)],
              tolerations=GPU_TOLERATION + [_SKU_TAINT], labels={"name": "nvidia-device-plugin-ds"})
    for n, sfx in zip(gpu_nodes, ("x8k2p", "m4c7r", "q2w9z")):
        name = f"{_K_DP_DS}-{sfx}"
        ds_pod(w, _K_NS, _K_DP_DS, name, n, containers=("nvidia-device-plugin-ctr",), image=_K_DP_IMG,
               labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION + [_SKU_TAINT], cpu="50m",
               memory="64Mi")
        w.log(_K_NS, name, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    rs = "gpu-provisioner-7f9c8b6d4"
    p = deploy_pod(w, "gpu-provisioner", rs, f"{rs}-h2x5k", system, containers=("controller",),
                   image="mcr.microsoft.com/aks/kaito/gpu-provisioner:0.4.2",
                   labels={"app.kubernetes.io/name": "gpu-provisioner"}, cpu="100m", memory="128Mi")
    w.workload("Deployment", "gpu-provisioner", "gpu-provisioner", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})


def _workspace(w, ws: str, sku: str, preset: str, selector: dict, *, reason: str, message: str) -> None:
    w.ns_custom.setdefault(("workspaces.kaito.sh", "default"), []).append({
        "apiVersion": "kaito.sh/v1beta1", "kind": "Workspace",
        "metadata": {"name": ws, "namespace": "default", "creationTimestamp": T0},
        "resource": {"instanceType": sku, "labelSelector": {"matchLabels": selector}},
        "inference": {"preset": {"name": preset, "presetOptions": {"modelAccessSecret": "hf-secret"}}},
        "status": {"conditions": [
            {"type": "NodeClaimReady", "status": "True", "reason": "installNodePluginsSuccess",
             "lastTransitionTime": T0, "message": ""},
            {"type": "ResourceReady", "status": "True", "reason": "workspaceResourceStatusSuccess",
             "lastTransitionTime": T0, "message": "workspace resource is ready"},
            {"type": "InferenceReady", "status": "False", "reason": reason, "lastTransitionTime": T1,
             "message": message},
            {"type": "WorkspaceSucceeded", "status": "False", "reason": "workspaceFailed",
             "lastTransitionTime": T1, "message": message}]}})


def _inference_pod(w, ws: str, node: str, gpus: int, image: str, selector: dict, *, index: int = 0,
                   restarts: int = 0, crashing: bool = True, cpu: str = "16", memory: str = "64Gi") -> dict:
    p = w.pod("default", f"{ws}-{index}", node=node, gpu=gpus, containers=(ws,), image=image,
              owner=("StatefulSet", ws), labels={**selector, "kaito.sh/workspace": ws},
              tolerations=[_SKU_TAINT] + GPU_TOLERATION, cpu=cpu, memory=memory,
              probes={"startupProbe": {"httpGet": {"path": "/health", "port": 5000}, "periodSeconds": 10,
                                       "failureThreshold": 180}})
    if crashing:
        crashloop(p, ws, restarts=restarts, code=1, reason="Error")
        backoff(w, "default", p["metadata"]["name"], ws, node, count=restarts * 3)
    return p


def _statefulset(w, ws: str, tmpl: dict, replicas: int) -> None:
    w.workload("StatefulSet", "default", ws, replicas=replicas, template_pod=tmpl,
               status={"replicas": replicas, "readyReplicas": 0, "currentReplicas": replicas,
                       "updatedReplicas": replicas, "availableReplicas": 0, "observedGeneration": 1})


def _vllm_head(ts: str, model: str, extra: str) -> str:
    # composed: vLLM's usual start-up lines (not quoted by the commits)
    return (f"INFO {ts} [__init__.py:216] Automatically detected platform cuda.\n"
            f"(APIServer pid=1) INFO {ts} [api_server.py:1839] vLLM API server version 0.22.1\n"
            f"(APIServer pid=1) INFO {ts} [utils.py:328] non-default args: {{'model': '/workspace/vllm/weights', "
            f"'served_model_name': ['{model}'], {extra}}}\n")


# ---- fd3301: max-model-len over-estimated: vLLM's KV-cache ValueError (5009de884, PR #2139, #2132) -------------

_A01_WS = "workspace-mistral-medium"
_A01_SKU = "Standard_NC80adis_H100_v5"
_A01_NODE = "aks-wsmistralm-41263957-vmss000000"
_A01_SEL = {"apps": "mistral-medium"}


def _a01_log(t: str) -> str:
    return (_vllm_head("06-19 08:12:41", "mistralai/Mistral-Small-4-119B-2603",
                       "'tensor_parallel_size': 2, 'max_model_len': 1048576, 'gpu_memory_utilization': 0.84") +
            "(EngineCore_DP0 pid=284) INFO 06-19 08:19:07 [gpu_worker.py:298] Available KV cache memory: 17.39 GiB\n"
            "(EngineCore_DP0 pid=284) ERROR 06-19 08:19:07 [core.py:708] EngineCore failed to start.\n"
            "(EngineCore_DP0 pid=284) ERROR 06-19 08:19:07 [core.py:708] Traceback (most recent call last):\n"
            "(EngineCore_DP0 pid=284) ERROR 06-19 08:19:07 [core.py:708]   File \"/usr/local/lib/python3.12/site-"
            "packages/vllm/v1/core/kv_cache_utils.py\", line 687, in check_enough_kv_cache_memory\n"
            f"{t}\n"
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")


@case("fd3301", pod_subj(f"{_A01_WS}-0", "default"),
      "AKS (Kubernetes v1.33.3 assumed) with a system node and one GPU node made by KAITO's gpu-provisioner for the "
      "Workspace workspace-mistral-medium (Standard_NC80adis_H100_v5: 2 x H100 NVL 94 GB; host driver 570 from the "
      "AKS GPU image; taint sku=gpu:NoSchedule). KAITO (a main build after v0.10.0, tag assumed) runs in "
      "kaito-workspace with its bundled NVIDIA device plugin v0.18.2 (healthy; the node advertises 2 nvidia.com/gpu) "
      "and the gpu-provisioner. The Workspace (preset mistralai/Mistral-Small-4-119B-2603, as in #2132) has "
      "ResourceReady True and InferenceReady False; its StatefulSet's pod workspace-mistral-medium-0 (2 GPUs, base "
      "image 0.4.2) is in CrashLoopBackOff, its previous log ending with the ValueError quoted in #2132 (start-up "
      "lines and traceback frame composed); a kubelet BackOff event.")
def _(w, t):
    w.git_version = "v1.33.3"
    system = _aks_system(w)
    _aks_gpu_node(w, _A01_NODE, _A01_WS, _A01_SKU, 2, "NVIDIA-H100-NVL", 95830, cpu="80", memory="659744564Ki",
                  extra_labels=_A01_SEL)
    _kaito_stack(w, system, [_A01_NODE])
    p = _inference_pod(w, _A01_WS, _A01_NODE, 2, "mcr.microsoft.com/aks/kaito/kaito-base:0.4.2", _A01_SEL,
                       restarts=9)
    w.log("default", p["metadata"]["name"], _A01_WS, _a01_log(t), previous=True)
    _statefulset(w, _A01_WS, p, 1)
    _workspace(w, _A01_WS, _A01_SKU, "mistralai/Mistral-Small-4-119B-2603", _A01_SEL,
               reason="WorkspaceInferenceStatusFailed", message="Inference workload is not ready")
    w.target("Pod", "default", p["metadata"]["name"])


# ---- fd3302: Qwen3.6-35B-A3B with LMCache: hybrid KV cache manager disabled (286d68543, PR #2131) ---------------

_A02_WS = "workspace-qwen3-6-35b"
_A02_NODE = "aks-wsqwen36-27590413-vmss000000"
_A02_SEL = {"apps": "qwen3-6-35b"}


def _a02_log(t: str) -> str:
    return (_vllm_head("06-19 14:03:12", "Qwen/Qwen3.6-35B-A3B",
                       "'tensor_parallel_size': 2, 'kv_transfer_config': KVTransferConfig(kv_connector="
                       "'LMCacheConnectorV1', kv_role='kv_both')") +
            "(EngineCore_DP0 pid=311) INFO 06-19 14:07:58 [kv_cache_utils.py:1297] Hybrid KV cache manager is "
            "disabled for this hybrid model, as the KV connector does not support it.\n"
            "(EngineCore_DP0 pid=311) ERROR 06-19 14:07:58 [core.py:708] EngineCore failed to start.\n"
            "(EngineCore_DP0 pid=311) ERROR 06-19 14:07:58 [core.py:708] Traceback (most recent call last):\n"
            "(EngineCore_DP0 pid=311) ERROR 06-19 14:07:58 [core.py:708]   File \"/usr/local/lib/python3.12/site-"
            "packages/vllm/v1/core/kv_cache_utils.py\", line 1114, in unify_hybrid_kv_cache_specs\n"
            f"(EngineCore_DP0 pid=311) ERROR 06-19 14:07:58 [core.py:708] ValueError: {t}.\n"
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")


@case("fd3302", pod_subj(f"{_A02_WS}-0", "default"),
      "AKS (Kubernetes v1.33.3 assumed) with a system node and one GPU node for the Workspace workspace-qwen3-6-35b "
      "(Standard_NC80adis_H100_v5, the SKU the PR was tested on: 2 x H100 NVL; names assumed). KAITO (main build "
      "after v0.10.0) and its device plugin are healthy, the node advertises 2 nvidia.com/gpu. The Workspace "
      "(preset Qwen3.6-35B-A3B) has InferenceReady False; its pod workspace-qwen3-6-35b-0 (base image 0.4.2: vLLM "
      "0.22.1, LMCache 0.4.6) is in CrashLoopBackOff, its previous log ending with the quoted error (the ValueError "
      "prefix, trailing period, start-up lines and traceback frame composed); a kubelet BackOff event.")
def _(w, t):
    w.git_version = "v1.33.3"
    system = _aks_system(w)
    _aks_gpu_node(w, _A02_NODE, _A02_WS, "Standard_NC80adis_H100_v5", 2, "NVIDIA-H100-NVL", 95830, cpu="80",
                  memory="659744564Ki", extra_labels=_A02_SEL)
    _kaito_stack(w, system, [_A02_NODE])
    p = _inference_pod(w, _A02_WS, _A02_NODE, 2, "mcr.microsoft.com/aks/kaito/kaito-base:0.4.2", _A02_SEL,
                       restarts=7)
    w.log("default", p["metadata"]["name"], _A02_WS, _a02_log(t), previous=True)
    _statefulset(w, _A02_WS, p, 1)
    _workspace(w, _A02_WS, "Standard_NC80adis_H100_v5", "qwen3.6-35b-a3b", _A02_SEL,
               reason="WorkspaceInferenceStatusFailed", message="Inference workload is not ready")
    w.target("Pod", "default", p["metadata"]["name"])


# ---- fd3303: Kimi-K2.5: DeepGEMM backend missing at warmup (513065a0a, PR #2110) --------------------------------

_A03_WS = "workspace-kimi-k2-5"
_A03_NODES = ("aks-wskimik25-19384726-vmss000000", "aks-wskimik25-19384726-vmss000001")
_A03_SEL = {"apps": "kimi-k2-5"}


def _a03_log(t: str) -> str:
    return (_vllm_head("06-15 10:41:03", "moonshotai/Kimi-K2.5",
                       "'tensor_parallel_size': 8, 'pipeline_parallel_size': 2, 'distributed_executor_backend': "
                       "'ray', 'trust_remote_code': True") +
            "(EngineCore_DP0 pid=402) INFO 06-15 11:02:47 [gpu_worker.py:298] Available KV cache memory: 21.86 GiB\n"
            "(EngineCore_DP0 pid=402) INFO 06-15 11:02:51 [fp8_utils.py:812] Warming up DeepGEMM FP8 kernels\n"
            "(EngineCore_DP0 pid=402) ERROR 06-15 11:02:52 [core.py:708] EngineCore failed to start.\n"
            "(EngineCore_DP0 pid=402) ERROR 06-15 11:02:52 [core.py:708] Traceback (most recent call last):\n"
            "(EngineCore_DP0 pid=402) ERROR 06-15 11:02:52 [core.py:708]   File \"/usr/local/lib/python3.12/site-"
            "packages/vllm/utils/deep_gemm.py\", line 118, in _missing\n"
            f"(EngineCore_DP0 pid=402) ERROR 06-15 11:02:52 [core.py:708] {t}\n"
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}\n")


@case("fd3303", pod_subj(f"{_A03_WS}-0", "default"),
      "AKS (Kubernetes v1.33.3 assumed) with a system node and two GPU nodes for the Workspace workspace-kimi-k2-5 "
      "(Standard_ND96isr_H100_v5: 8 x H100 80GB each, InfiniBand; SKU, node count and names assumed). KAITO (main "
      "build after v0.10.0) and its device plugin are healthy, each node advertises 8 nvidia.com/gpu. The Workspace "
      "(preset moonshotai/Kimi-K2.5, multi-node) has InferenceReady False; its StatefulSet's leader pod "
      "workspace-kimi-k2-5-0 (base image 0.4.0: vLLM 0.22.1) is in CrashLoopBackOff, its previous log ending with the "
      "quoted RuntimeError at warmup (start-up lines and traceback frame composed); the worker pod -1 runs; a kubelet "
      "BackOff event.")
def _(w, t):
    w.git_version = "v1.33.3"
    system = _aks_system(w)
    for n in _A03_NODES:
        _aks_gpu_node(w, n, _A03_WS, "Standard_ND96isr_H100_v5", 8, "NVIDIA-H100-80GB-HBM3", 81559, cpu="96",
                      memory="1900246804Ki", extra_labels=_A03_SEL)
    _kaito_stack(w, system, list(_A03_NODES))
    img = "mcr.microsoft.com/aks/kaito/kaito-base:0.4.0"
    p = _inference_pod(w, _A03_WS, _A03_NODES[0], 8, img, _A03_SEL, restarts=4, cpu="90", memory="1600Gi")
    w.log("default", p["metadata"]["name"], _A03_WS, _a03_log(t), previous=True)
    _inference_pod(w, _A03_WS, _A03_NODES[1], 8, img, _A03_SEL, index=1, crashing=False, cpu="90", memory="1600Gi")
    _statefulset(w, _A03_WS, p, 2)
    _workspace(w, _A03_WS, "Standard_ND96isr_H100_v5", "moonshotai/Kimi-K2.5", _A03_SEL,
               reason="WorkspaceInferenceStatusFailed", message="Inference workload is not ready")
    w.target("Pod", "default", p["metadata"]["name"])


# ---- fd3304: data parallelism 2 + LMCache: CUDA event device index error (d1c97f418, PR #1911, #1905) -----------

_A04_WS = "workspace-phi-4-mini"
_A04_NODE = "aks-wsphi4mini-30518274-vmss000000"
_A04_SEL = {"apps": "phi-4-mini"}
_A04_PREFIX = ('(APIServer pid=45) (EngineCore_DP1 pid=353) (Worker pid=362)'
               ' (Worker pid=362) ERROR 04-02 07:50:18 [multiproc_executor.py:880] ')
# verbatim: lines 15-36 of the error block the commit's message pastes (its text's prefix, then these)
_A04_QUOTED = [
    'WorkerProc hit an exception.',
    'Traceback (most recent call last):',
    'File "/usr/local/lib/python3.12/site-packages/vllm/v1/executor/multiproc_executor.py", line 875, in worker_busy_loop',
    'output = func(*args, **kwargs)',
    '^^^^^^^^^^^^^^^^^^^^^',
    'File "/usr/local/lib/python3.12/site-packages/vllm/tracing/otel.py", line 178, in sync_wrapper',
    'return func(*args, **kwargs)',
    '^^^^^^^^^^^^^^^^^^^^^',
    'File "/usr/local/lib/python3.12/site-packages/vllm/v1/worker/gpu_worker.py", line 603, in compile_or_warm_up_model',
    'hidden_states, last_hidden_states = self.model_runner._dummy_run(',
    '^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    'File "/usr/local/lib/python3.12/site-packages/torch/utils/_contextlib.py", line 124, in decorate_context',
    'return func(*args, **kwargs)',
    '^^^^^^^^^^^^^^^^^^^^^',
    'File "/usr/local/lib/python3.12/site-packages/vllm/v1/worker/gpu_model_runner.py", line 4902, in _dummy_run',
    'with self.synchronize_input_prep():',
    '^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    'File "/usr/local/lib/python3.12/contextlib.py", line 144, in exit',
    'next(self.gen)',
    'File "/usr/local/lib/python3.12/site-packages/vllm/v1/worker/gpu_model_runner.py", line 3126, in synchronize_input_prep',
    'self.prepare_inputs_event.record()',
    "RuntimeError: Event device index does not match recording stream's device index",
]


def _a04_log(t: str) -> str:
    head = ("INFO 04-02 07:48:31 [__init__.py:216] Automatically detected platform cuda.\n"
            "(APIServer pid=45) INFO 04-02 07:48:39 [api_server.py:1839] vLLM API server version 0.17.1\n"
            "(APIServer pid=45) INFO 04-02 07:48:39 [utils.py:328] non-default args: {'model': "
            "'/workspace/vllm/weights', 'served_model_name': ['phi-4-mini-instruct'], 'data_parallel_size': 2, "
            "'kv_transfer_config': KVTransferConfig(kv_connector='LMCacheConnectorV1', kv_role='kv_both')}\n")
    body = "".join(_A04_PREFIX + line + "\n" for line in _A04_QUOTED)
    assert t + "\n" in body, "the case's text is the block's last line"
    tail = ("(APIServer pid=45) ERROR 04-02 07:50:19 [core.py:708] EngineCore failed to start.\n"
            "RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): "
            "{'EngineCore_DP1': 1}\n")
    return head + body + tail


@case("fd3304", pod_subj(f"{_A04_WS}-0", "default"),
      "AKS (Kubernetes v1.33.3 assumed) with a system node and one GPU node for the Workspace workspace-phi-4-mini "
      "(Standard_NC48ads_A100_v4: 2 x A100 80GB PCIe; model, SKU and names assumed). KAITO (a main build between "
      "PR #1867 and the fix; tag assumed) and its device plugin are healthy, the node advertises 2 nvidia.com/gpu. "
      "The Workspace has InferenceReady False; its pod workspace-phi-4-mini-0 (2 GPUs, base image 0.2.8: vLLM "
      "0.17.1, LMCache 0.4.2, --data-parallel-size 2 with LMCache offloading) is in CrashLoopBackOff, its previous "
      "log holding the commit's 22 pasted traceback lines verbatim, ending with the quoted line (the start-up lines "
      "before and the engine-failure lines after composed); a kubelet BackOff event.")
def _(w, t):
    w.git_version = "v1.33.3"
    system = _aks_system(w)
    _aks_gpu_node(w, _A04_NODE, _A04_WS, "Standard_NC48ads_A100_v4", 2, "NVIDIA-A100-80GB-PCIe", 81920, cpu="48",
                  memory="461241744Ki", extra_labels=_A04_SEL)
    _kaito_stack(w, system, [_A04_NODE], ctl_img="mcr.microsoft.com/aks/kaito/workspace:0.9.0-main")
    p = _inference_pod(w, _A04_WS, _A04_NODE, 2, "mcr.microsoft.com/aks/kaito/kaito-base:0.2.8", _A04_SEL,
                       restarts=6)
    w.log("default", p["metadata"]["name"], _A04_WS, _a04_log(t), previous=True)
    _statefulset(w, _A04_WS, p, 1)
    _workspace(w, _A04_WS, "Standard_NC48ads_A100_v4", "phi-4-mini-instruct", _A04_SEL,
               reason="WorkspaceInferenceStatusFailed", message="Inference workload is not ready")
    w.target("Pod", "default", p["metadata"]["name"])


# ---- fake-gpu-operator on KIND: shared pieces ------------------------------------------------------------------

_F_NS = "gpu-operator"
_F_IMG = "ghcr.io/run-ai/fake-gpu-operator"
_KWOK_TAINT = {"key": "kwok.x-k8s.io/node", "operator": "Equal", "value": "fake", "effect": "NoSchedule"}


def _kind_node(w, name: str, *, control_plane: bool = False, kubelet: str = "v1.33.1", labels: dict | None = None,
               gpus: int | None = None) -> dict:
    lab = {"node-role.kubernetes.io/control-plane": ""} if control_plane else {}
    lab.update(labels or {})
    n = w.node(name, gpus=gpus, cpu="16", memory="65842768Ki", labels=lab,
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
               if control_plane else ())
    info(n, osImage="Debian GNU/Linux 12 (bookworm)", kernelVersion="6.8.0-60-generic",
         containerRuntimeVersion="containerd://2.1.1", kubeletVersion=kubelet)
    return n


def _kwok_node(w, name: str, pool: str, *, gpus: int | None, product: str, kubelet: str = "v1.33.1") -> dict:
    labels = {"type": "kwok", "run.ai/simulated-gpu-node-pool": pool}
    if gpus:
        labels.update({"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                       "nvidia.com/gpu.count": str(gpus), "nvidia.com/gpu.memory": "81559"})
    n = w.node(name, gpus=gpus, cpu="96", memory="1056757016Ki", labels=labels, taints=[_KWOK_TAINT])
    n["metadata"]["annotations"] = {"kwok.x-k8s.io/node": "fake", "node.alpha.kubernetes.io/ttl": "0"}
    info(n, osImage="", kernelVersion="", containerRuntimeVersion="", kubeletVersion="fake")
    return n


def _fgo_deploy(w, name: str, node: str, tag: str, container: str | None = None, log: str | None = None) -> dict:
    rs = f"{name}-5d8c7b9f6"
    c = container or name
    p = deploy_pod(w, _F_NS, rs, f"{rs}-{name[:3]}4k", node, containers=(c,), image=f"{_F_IMG}/{name}:{tag}",
                   labels={"app": name}, cpu="100m", memory="128Mi")
    w.workload("Deployment", _F_NS, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    if log:
        w.log(_F_NS, p["metadata"]["name"], c, log)
    return p


# ---- fd3305: mock backend: GPU Operator operands stuck Init:0/1 without toolkit-ready (0164b9b, PR #198) --------

_A05_NODE = "fgo-worker"
_A05_TAG = "0.0.0-e5b2ceb"
_A05_GO = "v26.3.1"
_A05_WAIT = "waiting for nvidia container stack to be setup\n" * 6


def _stuck(w, ds: str, container: str, inits: tuple, image: str, sfx: str, waiting_on: str = "toolkit-validation"):
    daemonset(w, _F_NS, ds, desired=1, ready=0, containers=[(container, image)],
              init_containers=[(i, f"nvcr.io/nvidia/gpu-operator:{_A05_GO}") for i in inits],
              node_selector={f"nvidia.com/gpu.deploy.{ds.replace('nvidia-', '').replace('-daemonset', '')}": "true"},
              tolerations=GPU_TOLERATION, labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"},
              runtime_class="nvidia")
    init_st = {}
    for i in inits:
        if i == waiting_on:
            init_st[i] = {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0, "started": True}
            break
        init_st[i] = {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                               "finishedAt": T0}}, "ready": True, "restartCount": 0}
    for i in inits:
        init_st.setdefault(i, {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                               "restartCount": 0})
    name = f"{ds}-{sfx}"
    p = ds_pod(w, _F_NS, ds, name, _A05_NODE, containers=(container,), init_containers=inits, image=image,
               phase="Pending", ready=False, init_statuses=init_st, tolerations=GPU_TOLERATION,
               labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"},
               statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                     "restartCount": 0}},
               runtime_class="nvidia")
    for ic in p["spec"]["initContainers"]:
        ic["image"] = f"nvcr.io/nvidia/gpu-operator:{_A05_GO}"
    if waiting_on == "toolkit-validation" and ds != "nvidia-operator-validator":
        w.log(_F_NS, name, "toolkit-validation", _A05_WAIT)
    return p


@case("fd3305", node_subj(_A05_NODE),
      "A KIND cluster (Kubernetes v1.33.1, kind v0.29; assumed) with a control-plane and one worker fgo-worker in a "
      "mock-backend pool (names assumed). fake-gpu-operator built from main after PR #193 (tag 0.0.0-e5b2ceb, the "
      "main commit before the fix; assumed) runs in gpu-operator: status-updater, topology-server and the per-pool "
      "nvml-mock DaemonSet, whose pod on fgo-worker runs (mock libnvidia-ml set up on the host). The NVIDIA GPU "
      "Operator v26.3.1 subchart is enabled: its operator runs; on fgo-worker (labelled nvidia.com/gpu.present and "
      "the gpu.deploy labels) the container-toolkit pod runs (assumed), while nvidia-device-plugin-daemonset, "
      "gpu-feature-discovery and nvidia-operator-validator stay Pending in Init, their toolkit-validation init "
      "containers waiting (the device plugin's and GFD's logs repeat the GPU Operator's 'waiting for nvidia container "
      "stack to be setup', composed from its manifests); ClusterPolicy notReady. The node advertises no "
      "nvidia.com/gpu. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.1"
    _kind_node(w, "fgo-control-plane", control_plane=True)
    _kind_node(w, _A05_NODE, labels={
        "run.ai/simulated-gpu-node-pool": "mock-a", "nvidia.com/gpu.present": "true",
        "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
        "nvidia.com/gpu.deploy.operator-validator": "true", "nvidia.com/gpu.deploy.container-toolkit": "true"})
    _fgo_deploy(w, "status-updater", "fgo-control-plane", _A05_TAG)
    _fgo_deploy(w, "topology-server", "fgo-control-plane", _A05_TAG)
    daemonset(w, _F_NS, "nvml-mock-mock-a", desired=1, containers=[("nvml-mock", "ghcr.io/nvidia/nvml-mock:latest")],
              node_selector={"run.ai/simulated-gpu-node-pool": "mock-a"}, labels={"app": "nvml-mock-mock-a"})
    ds_pod(w, _F_NS, "nvml-mock-mock-a", "nvml-mock-mock-a-7xq2d", _A05_NODE, containers=("nvml-mock",),
           image="ghcr.io/nvidia/nvml-mock:latest", cpu="50m", memory="64Mi")
    op = deploy_pod(w, _F_NS, "gpu-operator-6d9f8b7c5", "gpu-operator-6d9f8b7c5-r8m2x", "fgo-control-plane",
                    containers=("gpu-operator",), image=f"nvcr.io/nvidia/gpu-operator:{_A05_GO}",
                    labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    w.workload("Deployment", _F_NS, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    tk_img = "nvcr.io/nvidia/k8s/container-toolkit:v1.19.0"
    daemonset(w, _F_NS, "nvidia-container-toolkit-daemonset", desired=1,
              containers=[("nvidia-container-toolkit-ctr", tk_img)],
              node_selector={"nvidia.com/gpu.deploy.container-toolkit": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-container-toolkit-daemonset", "app.kubernetes.io/part-of": "gpu-operator"})
    ds_pod(w, _F_NS, "nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-5kq8w", _A05_NODE,
           containers=("nvidia-container-toolkit-ctr",), image=tk_img, tolerations=GPU_TOLERATION,
           labels={"app": "nvidia-container-toolkit-daemonset", "app.kubernetes.io/part-of": "gpu-operator"})
    _stuck(w, "nvidia-device-plugin-daemonset", "nvidia-device-plugin", ("toolkit-validation",),
           "nvcr.io/nvidia/k8s-device-plugin:v0.19.0", "h7d2k")
    _stuck(w, "gpu-feature-discovery", "gpu-feature-discovery", ("toolkit-validation",),
           "nvcr.io/nvidia/k8s-device-plugin:v0.19.0", "m3x9p")
    _stuck(w, "nvidia-operator-validator", "nvidia-operator-validator",
           ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"),
           f"nvcr.io/nvidia/gpu-operator:{_A05_GO}", "q6w4t")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": False}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}},
        "status": {"state": "notReady", "namespace": _F_NS,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": "ClusterPolicy is not ready, states not ready: "
                                              "[state-operator-validation state-device-plugin "
                                              "gpu-feature-discovery]",
                                   "lastTransitionTime": T1}]}}]
    w.target("Node", None, _A05_NODE)


# ---- fd3306: KWOK DRA slices lack gpu.nvidia.com/type: CEL runtime error (47a244c, PR #199) ---------------------

_A06_NS = "team-a"
_A06_POD = "dra-gpu-test"
_A06_TAG = "0.0.0-0164b9b"
_A06_DRA = "nvidia-dra-driver-gpu"
_A06_DRA_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"
_A06_NODES = ("kwok-gpu-node-1", "kwok-gpu-node-2")


@case("fd3306", pod_subj(_A06_POD, _A06_NS),
      "A KIND cluster (Kubernetes v1.34.0 with resource.k8s.io/v1; assumed) with a control-plane, one worker and two "
      "KWOK fake nodes kwok-gpu-node-1/-2 of the pool 'default' (8 fake H100 each; names and counts assumed). "
      "fake-gpu-operator from main (tag 0.0.0-0164b9b assumed) runs status-updater, topology-server and the "
      "kwok-dra-plugin, which publishes a gpu.nvidia.com ResourceSlice per KWOK node whose devices carry only "
      "'uuid' and 'model'. The upstream nvidia-dra-driver-gpu 25.12.0 subchart is enabled: its controller runs, its "
      "kubelet-plugin DaemonSet has no real GPU node to run on (desired 0), its DeviceClass gpu.nvidia.com selects "
      "device.attributes['gpu.nvidia.com'].type == 'gpu'. A pod in team-a with a ResourceClaim (from a template) of "
      "class gpu.nvidia.com and a nodeSelector for the KWOK pool stays Pending; its FailedScheduling event and "
      "PodScheduled condition carry the quoted message verbatim; the claim is unallocated.")
def _(w, t):
    w.git_version = "v1.34.0"
    _kind_node(w, "fgo-control-plane", control_plane=True, kubelet="v1.34.0")
    _kind_node(w, "fgo-worker", kubelet="v1.34.0")
    for n in _A06_NODES:
        _kwok_node(w, n, "default", gpus=None, product="NVIDIA-H100-80GB-HBM3")
    _fgo_deploy(w, "status-updater", "fgo-worker", _A06_TAG)
    _fgo_deploy(w, "topology-server", "fgo-worker", _A06_TAG)
    _fgo_deploy(w, "kwok-dra-plugin", "fgo-worker", _A06_TAG)
    ctl = deploy_pod(w, _F_NS, f"{_A06_DRA}-controller-7c9d5f8b6", f"{_A06_DRA}-controller-7c9d5f8b6-p4k7z",
                     "fgo-worker", containers=("compute-domain",), image=_A06_DRA_IMG,
                     labels={"app.kubernetes.io/name": _A06_DRA, "app.kubernetes.io/component": "controller"})
    w.workload("Deployment", _F_NS, f"{_A06_DRA}-controller", template_pod=ctl,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    daemonset(w, _F_NS, f"{_A06_DRA}-kubelet-plugin", desired=0,
              containers=[("compute-domains", _A06_DRA_IMG), ("gpus", _A06_DRA_IMG)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": _A06_DRA, "app.kubernetes.io/component": "kubelet-plugin"})
    w.custom["deviceclasses.resource.k8s.io"] = [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
         "metadata": {"name": "gpu.nvidia.com", "creationTimestamp": T0},
         "spec": {"selectors": [{"cel": {"expression": "device.driver == 'gpu.nvidia.com' && "
                                                       "device.attributes['gpu.nvidia.com'].type == 'gpu'"}}]}}]
    for n in _A06_NODES:
        w.custom.setdefault("resourceslices.resource.k8s.io", []).append({
            "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": f"{n}-gpu.nvidia.com-k2x7q", "creationTimestamp": T0},
            "spec": {"driver": "gpu.nvidia.com", "nodeName": n, "pool": {"name": n, "generation": 1,
                                                                          "resourceSliceCount": 1},
                     "devices": [{"name": f"gpu-{i}", "attributes": {
                         "uuid": {"string": f"GPU-{n[-1]}{i}c4e1f0-7a2b-4d9e-8f31-0b6a5c2d{i}e7f"},
                         "model": {"string": "NVIDIA-H100-80GB-HBM3"}}} for i in range(8)]}})
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", _A06_NS)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": "single-gpu", "namespace": _A06_NS, "creationTimestamp": T0},
        "spec": {"spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}}}}]
    w.ns_custom[("resourceclaims.resource.k8s.io", _A06_NS)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": f"{_A06_POD}-gpu-8wq4n", "namespace": _A06_NS, "creationTimestamp": T0,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": _A06_POD, "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
        "status": {}}]
    p = w.pod(_A06_NS, _A06_POD, gpu=0, phase="Pending", scheduled_message=t, containers=("ctr",),
              image="ubuntu:22.04", node_selector={"run.ai/simulated-gpu-node-pool": "default"},
              tolerations=[_KWOK_TAINT], cpu="1", memory="1Gi",
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": f"{_A06_POD}-gpu-8wq4n"}]
    w.event(_A06_NS, "Pod", _A06_POD, "FailedScheduling", t, component="default-scheduler", count=14)
    w.target("Pod", _A06_NS, _A06_POD)


# ---- fd3307: status-updater cannot watch the topology ConfigMap: cosmetic on fake-only (e5b2ceb, PR #197) --------

_A07_TAG = "0.0.0-5ec82f4"
_A07_NODES = ("kwok-gpu-node-1", "kwok-gpu-node-2", "kwok-gpu-node-3")


def _a07_log(t: str) -> str:
    # composed: status-updater's start-up line and client-go's reflector wording around the quoted words
    out = "I0512 09:12:04.118201       1 main.go:44] Starting status-updater (version 0.0.0-5ec82f4)\n"
    for i, ts in enumerate(("09:12:05.204311", "09:12:06.731902", "09:12:09.418067", "09:12:14.902215",
                            "09:12:25.377640", "09:12:46.015822")):
        out += f"W0512 {ts}       1 reflector.go:569] failed to watch *v1.ConfigMap: {t}\n"
        if i == 2:
            out += ("I0512 09:12:10.000412       1 controller.go:118] mock controller: no pools with backend "
                    "mock, nothing to reconcile\n")
    return out


@case("fd3307", {"kind": "Deployment", "namespace": _F_NS, "name": "status-updater"},
      "A KIND cluster (Kubernetes v1.33.1; assumed) with a control-plane, one worker and three KWOK fake GPU nodes "
      "kwok-gpu-node-1/-2/-3 of the pool 'default' (8 fake H100 each, advertised as nvidia.com/gpu; counts and names "
      "assumed), fake-gpu-operator upgraded from 0.0.64 to 0.0.0-5ec82f4 (as the commit's verification), no "
      "mock-backend pool. In gpu-operator: status-updater (its log repeating the quoted forbidden line in a composed "
      "client-go reflector wording), topology-server, kwok-gpu-device-plugin and the KWOK status exporter all run. "
      "Two training pods (1 and 4 GPUs) run on KWOK nodes. No GPU-stack fault.")
def _(w, t):
    w.git_version = "v1.33.1"
    _kind_node(w, "fgo-control-plane", control_plane=True)
    _kind_node(w, "fgo-worker")
    for n in _A07_NODES:
        _kwok_node(w, n, "default", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    _fgo_deploy(w, "status-updater", "fgo-worker", _A07_TAG, log=_a07_log(t))
    _fgo_deploy(w, "topology-server", "fgo-worker", _A07_TAG)
    _fgo_deploy(w, "kwok-gpu-device-plugin", "fgo-worker", _A07_TAG)
    _fgo_deploy(w, "kwok-status-exporter", "fgo-worker", _A07_TAG, container="nvidia-dcgm-exporter")
    for name, node, gpus in (("bert-train-0", _A07_NODES[0], 1), ("llama-ft-0", _A07_NODES[1], 4)):
        w.pod("ml", name, node=node, gpu=gpus, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.04-py3",
              owner=("Job", name.rsplit("-", 1)[0]), tolerations=[_KWOK_TAINT], cpu="8", memory="64Gi")
    w.target("Deployment", _F_NS, "status-updater")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
