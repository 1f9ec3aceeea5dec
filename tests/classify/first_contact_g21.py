"""Builds first-contact batch G21 (fixtures/first-contact/batch-g21/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of small inference servers (Ollama), taken from the search corpora with the
fixed query list of the batch README (24 queries, 6 per corpus, round-robin; theme: image generation and small
inference servers). fg2101's quoted Ollama log line is placed verbatim in the ollama container's log (inside an
assumed time/level/source prefix); fg2102 is a prose case (the reporter's own sentences, NOT placed in the bundle:
TEXT_NOT_IN_BUNDLE) whose bundle carries the state the thread describes. The expected answers were reasoned from
the threads (`expected` in the case, preferred first) and committed before any rule change; they are never taken
from the tool's output.

Names and versions the threads do not state (node and pod names, GPU models, Kubernetes, containerd, chart and
image versions, the other log lines) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g21      # (re)writes fixtures/first-contact/batch-g21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g21", "G21", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a thread's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg2102"}

_OLLAMA_NS = "ollama"


def _info(kubelet: str, containerd: str) -> dict:
    return {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-124-generic",
            "containerRuntimeVersion": f"containerd://{containerd}", "kubeletVersion": kubelet,
            "kubeProxyVersion": kubelet}


def _cp(w, name: str, info: dict) -> None:
    n = w.node(name, cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)


def _runtime_class(w) -> None:
    w.custom["runtimeclasses.node.k8s.io"] = [
        {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "handler": "nvidia",
         "metadata": {"name": "nvidia", "creationTimestamp": T0}}]


def _ollama(w, node: str, rs: str, sfx: str, image: str, log: str, *, env=None, runtime_class=None) -> dict:
    """The ollama Helm chart's Deployment (otwld/ollama-helm) with its one pod, Running and Ready, 1 GPU."""
    name = f"{rs}-{sfx}"
    labels = {"app.kubernetes.io/name": "ollama", "app.kubernetes.io/instance": "ollama"}
    p = w.pod(_OLLAMA_NS, name, node=node, gpu=1, containers=("ollama",), image=image, labels=labels,
              owner=("ReplicaSet", rs), env=env, runtime_class=runtime_class, tolerations=GPU_TOLERATION,
              cpu="2", memory="8Gi", memory_limit="32Gi",
              mounts=[{"name": "ollama-data", "mountPath": "/root/.ollama"}],
              volumes=[{"name": "ollama-data", "persistentVolumeClaim": {"claimName": "ollama"}}])
    p["spec"]["containers"][0]["ports"] = [{"name": "http", "containerPort": 11434, "protocol": "TCP"}]
    w.log(_OLLAMA_NS, name, "ollama", log)
    dep = w.workload("Deployment", _OLLAMA_NS, "ollama", template_pod=p,
                     status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                             "observedGeneration": 1})
    dep["spec"]["template"]["metadata"]["labels"] = dict(labels)
    w.target("Pod", _OLLAMA_NS, name)
    return p


# ---- fg2101: OLLAMA_LLM_LIBRARY=cuda makes Ollama 0.12.5 skip its cuda_v12/cuda_v13 libraries --------------

_FG2101_NODE = "gpu-h100-01"


@case("fg2101", pod_subj("ollama-6d9c7b8f54-x2k7p", _OLLAMA_NS),
      "Vanilla Kubernetes v1.32.4 (assumed; the thread says 'k8s' and 'helm charts' and names no distribution) "
      "with one control-plane node and one GPU node with one NVIDIA H100 80GB HBM3 (host driver 570.172.08 and "
      "NVIDIA container toolkit, nvidia the containerd default runtime; name, driver and builds assumed) whose "
      "NVIDIA device plugin (Helm DaemonSet, v0.17.1) is Running and advertises nvidia.com/gpu 1. Ollama 0.12.5 "
      "(image ollama/ollama:0.12.5) runs as the ollama Helm chart's Deployment in namespace ollama with "
      "nvidia.com/gpu 1 and the environment variable OLLAMA_LLM_LIBRARY=cuda (the value the thread's log shows: "
      "requested=cuda); the pod is Running and Ready, no restarts. Its log holds the quoted line verbatim (the "
      "time/level/source prefix is assumed), the thread's second line (cuda_v13) with the same assumed prefix, and "
      "illustrative server-config, listening and CPU inference-compute lines.")
def _(w, t):
    info = _info("v1.32.4", "1.7.27")
    _cp(w, "cp-1", info)
    n = host_node(w, _FG2101_NODE, gpus=1, info=info,
                  labels={"nvidia.com/gpu.present": "true"})
    sized(n, "64", "1056561200Ki")
    dp = plugin_pod(w, _FG2101_NODE, "nvidia-device-plugin-7qk4d", ds="nvidia-device-plugin")
    plugin_ds(w, KS, [dp], ds="nvidia-device-plugin")
    cfg = ("map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: HIP_VISIBLE_DEVICES: HSA_OVERRIDE_GFX_VERSION: "
           "HTTPS_PROXY: HTTP_PROXY: NO_PROXY: OLLAMA_CONTEXT_LENGTH:4096 OLLAMA_DEBUG:INFO "
           "OLLAMA_FLASH_ATTENTION:false OLLAMA_GPU_OVERHEAD:0 OLLAMA_HOST:http://0.0.0.0:11434 "
           "OLLAMA_KEEP_ALIVE:5m0s OLLAMA_KV_CACHE_TYPE: OLLAMA_LLM_LIBRARY:cuda OLLAMA_LOAD_TIMEOUT:5m0s "
           "OLLAMA_MAX_LOADED_MODELS:0 OLLAMA_MAX_QUEUE:512 OLLAMA_MODELS:/root/.ollama/models "
           "OLLAMA_NOPRUNE:false OLLAMA_NUM_PARALLEL:1 OLLAMA_SCHED_SPREAD:false ROCR_VISIBLE_DEVICES:]")
    second = t.replace("cuda_v12", "cuda_v13")
    log = (f'time=2025-10-28T09:12:03.412Z level=INFO source=routes.go:1511 msg="server config" env="{cfg}"\n'
           'time=2025-10-28T09:12:03.415Z level=INFO source=images.go:522 msg="total blobs: 9"\n'
           'time=2025-10-28T09:12:03.415Z level=INFO source=images.go:529 msg="total unused blobs removed: 0"\n'
           'time=2025-10-28T09:12:03.416Z level=INFO source=routes.go:1564 msg="Listening on [::]:11434 '
           '(version 0.12.5)"\n'
           'time=2025-10-28T09:12:03.417Z level=INFO source=runner.go:80 msg="discovering available GPUs..."\n'
           f'time=2025-10-28T09:12:03.418Z level=INFO source=runner.go:112 {t}\n'
           f'time=2025-10-28T09:12:03.418Z level=INFO source=runner.go:112 {second}\n'
           'time=2025-10-28T09:12:03.431Z level=INFO source=types.go:131 msg="inference compute" id=cpu '
           'library=cpu compute="" name=cpu description=cpu libdirs=ollama driver="" pci_id="" type="" '
           'total="1007.6 GiB" available="991.2 GiB"\n'
           'time=2025-10-28T09:12:03.431Z level=INFO source=routes.go:1605 msg="entering low vram mode" '
           '"total vram"="0 B" threshold="20.0 GiB"\n')
    env = [{"name": "OLLAMA_HOST", "value": "0.0.0.0:11434"}, {"name": "OLLAMA_LLM_LIBRARY", "value": "cuda"},
           {"name": "OLLAMA_NUM_PARALLEL", "value": "1"}]
    _ollama(w, _FG2101_NODE, "ollama-6d9c7b8f54", "x2k7p", "ollama/ollama:0.12.5", log, env=env)


# ---- fg2102: the ollama chart's empty runtimeClassName: the pod runs under runc, no GPU injected ----------

_FG2102_NODE = "gpu-rtx-01"


@case("fg2102", pod_subj("ollama-7b4f9d6c85-q8m3t", _OLLAMA_NS),
      "Vanilla Kubernetes v1.30.4 (assumed; the thread names no distribution) with one control-plane node and one "
      "GPU node with one NVIDIA GeForce RTX 3090 (host driver 550.107.02 and NVIDIA container toolkit, which "
      "configured containerd's 'nvidia' runtime handler without making it the default: the default runtime is "
      "runc; the RuntimeClass nvidia exists; node name, GPU model, driver and builds assumed, after the RTX "
      "home-lab guide the reporter links). The NVIDIA device plugin (Helm DaemonSet, v0.16.2, runtimeClassName "
      "nvidia) is Running and advertises nvidia.com/gpu 1. Ollama 0.3.6 (image ollama/ollama:0.3.6) runs as the "
      "ollama Helm chart's Deployment in namespace ollama with the chart's GPU values (nvidia.com/gpu 1, assumed) "
      "and its default, empty runtimeClassName, so the pod has no runtimeClassName; it is Running and Ready. Its "
      "log (illustrative) shows Ollama finding no compatible GPU and using the CPU.")
def _(w, t):
    info = _info("v1.30.4", "1.7.20")
    _cp(w, "cp-1", info)
    n = host_node(w, _FG2102_NODE, gpus=1, info=info, labels={"nvidia.com/gpu.present": "true"})
    sized(n, "24", "131841120Ki")
    _runtime_class(w)
    dp = plugin_pod(w, _FG2102_NODE, "nvidia-device-plugin-m5r2x", ds="nvidia-device-plugin",
                    runtime_class="nvidia", image="nvcr.io/nvidia/k8s-device-plugin:v0.16.2")
    plugin_ds(w, KS, [dp], ds="nvidia-device-plugin")
    cfg = ("map[CUDA_VISIBLE_DEVICES: GPU_DEVICE_ORDINAL: HIP_VISIBLE_DEVICES: HSA_OVERRIDE_GFX_VERSION: "
           "OLLAMA_DEBUG:false OLLAMA_FLASH_ATTENTION:false OLLAMA_HOST:http://0.0.0.0:11434 OLLAMA_INTEL_GPU:false "
           "OLLAMA_KEEP_ALIVE:5m0s OLLAMA_LLM_LIBRARY: OLLAMA_MAX_LOADED_MODELS:0 OLLAMA_MAX_QUEUE:512 "
           "OLLAMA_MODELS:/root/.ollama/models OLLAMA_NOHISTORY:false OLLAMA_NOPRUNE:false OLLAMA_NUM_PARALLEL:0 "
           "OLLAMA_RUNNERS_DIR: OLLAMA_SCHED_SPREAD:false OLLAMA_TMPDIR: ROCR_VISIBLE_DEVICES:]")
    log = (f'2024/08/19 18:52:41 routes.go:1125: INFO server config env="{cfg}"\n'
           'time=2024-08-19T18:52:41.204Z level=INFO source=images.go:782 msg="total blobs: 5"\n'
           'time=2024-08-19T18:52:41.205Z level=INFO source=images.go:790 msg="total unused blobs removed: 0"\n'
           'time=2024-08-19T18:52:41.205Z level=INFO source=routes.go:1172 msg="Listening on [::]:11434 '
           '(version 0.3.6)"\n'
           'time=2024-08-19T18:52:41.206Z level=INFO source=payload.go:44 msg="Dynamic LLM libraries '
           '[cpu cpu_avx cpu_avx2 cuda_v11 cuda_v12 rocm_v60102]"\n'
           'time=2024-08-19T18:52:41.206Z level=INFO source=gpu.go:204 msg="looking for compatible GPUs"\n'
           'time=2024-08-19T18:52:41.212Z level=INFO source=gpu.go:347 msg="no compatible GPUs were discovered"\n'
           'time=2024-08-19T18:52:41.212Z level=INFO source=types.go:105 msg="inference compute" id=0 library=cpu '
           'compute="" driver=0.0 name="" total="125.7 GiB" available="119.3 GiB"\n')
    _ollama(w, _FG2102_NODE, "ollama-7b4f9d6c85", "q8m3t", "ollama/ollama:0.3.6", log,
            env=[{"name": "OLLAMA_HOST", "value": "0.0.0.0:11434"}])


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
