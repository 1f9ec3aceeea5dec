"""First-contact batch F8 (fixtures/first-contact/batch-f8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) in the application layer that no rule was written for,
sampled with a fixed list of 32 queries sent to all four corpora of the `search` tool at once (GitHub threads,
pages, documentation sites, repository files; see the batch README). Each builder places the case's text verbatim
where a collector would have found it (or, for a prose case, builds only the state the source describes) and
builds the cluster state the source describes. The expected answer was reasoned from the source (`expected` in the
case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f8      # (re)writes fixtures/first-contact/batch-f8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f8", "F8", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

_UBUNTU_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
                "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
                "kubeProxyVersion": "v1.31.4"}


def _plain_gpu_node(w, node: str, gpus: int, product: str, plugin: str) -> None:
    """A GPU node with a host-installed driver and toolkit and the NVIDIA device plugin DaemonSet's pod."""
    host_node(w, node, gpus=gpus, labels={"nvidia.com/gpu.product": product}, info=_UBUNTU_INFO)
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    return plugin_pod(w, node, plugin, ds="nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")


# ---- ff801: vLLM offline batch Job, CudaIPCTypes warning at shutdown (look-alike) ----------------

def _ff801_log(text: str) -> str:
    return ("INFO 11-29 14:02:11 llm_engine.py:237] Initializing an LLM engine (v0.5.0.post1) with config: "
            "model='microsoft/Phi-3-medium-4k-instruct', tensor_parallel_size=2, max_model_len=2048\n"
            "INFO 11-29 14:04:52 model_runner.py:160] Loading model weights took 13.1039 GB\n"
            "INFO 11-29 14:05:40 gpu_executor.py:83] # GPU blocks: 2841, # CPU blocks: 1638\n"
            "Processed prompts: 100%|██████████| 512/512 [03:12<00:00,  2.66it/s]\n"
            "Wrote 512 completions to /output/completions.jsonl\n"
            f"{text.strip()}\n")


@case("ff801", pod_subj("phi3-batch-generate-5k8wq", "batch-inference"),
      "Kubernetes cluster (the thread names none; it runs the vllm/vllm-openai image with tensor_parallel_size 2; "
      "Ubuntu 22.04 / containerd / kubelet 1.31 strings assumed) with one GPU node carrying two NVIDIA L40S (GPU "
      "model assumed), a host-installed driver and toolkit and the NVIDIA device plugin in kube-system "
      "advertising nvidia.com/gpu 2; in namespace batch-inference a Job `phi3-batch-generate` (name assumed) runs "
      "an offline vLLM generation over 512 prompts (model from the thread's parameters) requesting both GPUs, "
      "with a 16Gi in-memory /dev/shm; its pod is Succeeded (exit 0) and the Job Complete; the pod's log holds "
      "vLLM's start-up and progress lines (illustrative) and ends with the thread's warning (verbatim), printed "
      "at shutdown. No event other than the normal ones is recorded.")
def _(w, t):
    ns = "batch-inference"
    node = "gpu-l40s-1"
    p = _plain_gpu_node(w, node, 2, "NVIDIA-L40S", "nvidia-device-plugin-v2m4t")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    sized(w.get_node(node), "48", "394694488Ki")
    name = "phi3-batch-generate-5k8wq"
    pod = w.pod(ns, name, node=node, gpu=2, containers=("generate",), image="vllm/vllm-openai:v0.5.0.post1",
                labels={"job-name": "phi3-batch-generate", "batch.kubernetes.io/job-name": "phi3-batch-generate"},
                owner=("Job", "phi3-batch-generate"), tolerations=GPU_TOLERATION, cpu="16", memory="64Gi",
                phase="Succeeded", ready=False,
                volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "16Gi"}},
                         {"name": "output", "persistentVolumeClaim": {"claimName": "batch-output"}}],
                mounts=[{"name": "dshm", "mountPath": "/dev/shm"}, {"name": "output", "mountPath": "/output"}])
    pod["spec"]["restartPolicy"] = "Never"
    pod["spec"]["containers"][0]["command"] = ["python3", "/app/generate.py"]
    pod["spec"]["containers"][0]["args"] = ["--model", "microsoft/Phi-3-medium-4k-instruct",
                                            "--tensor-parallel-size", "2", "--max-model-len", "2048",
                                            "--trust-remote-code"]
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["reason"] = "PodCompleted"
    w.log(ns, name, "generate", _ff801_log(t))
    job = w.workload("Job", ns, "phi3-batch-generate", template_pod=pod,
                     status={"succeeded": 1, "startTime": T0, "completionTime": T1,
                             "conditions": [{"type": "Complete", "status": "True", "lastTransitionTime": T1}]})
    job["spec"].pop("replicas", None)
    job["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 0})
    w.event(ns, "Job", "phi3-batch-generate", "Completed", "Job completed", type="Normal",
            component="job-controller")
    w.target("Pod", ns, name)


# ---- ff802: Ray Serve LLM image with an incompatible nixl_ep package ----------------------------

_FF802_LOG_HEAD = (
    "2026-11-29 14:31:02,118\tINFO scripts.py:507 -- Running import path: 'serve_llm:app'.\n"
    "2026-11-29 14:31:05,441\tINFO worker.py:1888 -- Started a local Ray instance. View the dashboard at "
    "127.0.0.1:8265 \n"
)


@case("ff802", pod_subj("qwen-serve-llm-7d9f6c8b5-x2m9p", "llm-serving"),
      "Kubernetes cluster (the page names none; Ubuntu 22.04 / containerd / kubelet 1.31 strings assumed) with "
      "one CPU node and one GPU node carrying one NVIDIA L4 (GPU model assumed; host-installed driver and toolkit, "
      "NVIDIA device plugin in kube-system advertising nvidia.com/gpu 1); in namespace llm-serving a Deployment "
      "`qwen-serve-llm` (names, image and model assumed) runs an image built by installing ray[llm] and vLLM "
      "directly (with the incompatible nixl_ep package the page describes) and starts a Ray Serve LLM app with "
      "`serve run serve_llm:app`, requesting one GPU; the container exits 1 at start and is in CrashLoopBackOff "
      "(5 restarts assumed); its previous log holds Ray's start-up lines (illustrative) and the page's ImportError "
      "(verbatim); the kubelet's BackOff event is recorded.")
def _(w, t):
    ns = "llm-serving"
    w.node("cpu-node-1", cpu="16", memory="65842452Ki")
    w.get_node("cpu-node-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    node = "gpu-l4-1"
    p = _plain_gpu_node(w, node, 1, "NVIDIA-L4", "nvidia-device-plugin-8xq2d")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    sized(w.get_node(node), "16", "65842452Ki")
    name = "qwen-serve-llm-7d9f6c8b5-x2m9p"
    pod = w.pod(ns, name, node=node, gpu=1, containers=("serve",),
                image="registry.example.com/ml/ray-serve-llm:2.58.0-vllm",
                labels={"app": "qwen-serve-llm", "pod-template-hash": "7d9f6c8b5"},
                owner=("ReplicaSet", "qwen-serve-llm-7d9f6c8b5"), tolerations=GPU_TOLERATION, cpu="6",
                memory="24Gi", ready=False,
                env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "token"}}}],
                volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "8Gi"}}],
                mounts=[{"name": "dshm", "mountPath": "/dev/shm"}])
    pod["spec"]["containers"][0]["command"] = ["serve", "run", "serve_llm:app"]
    crashloop(pod, "serve", restarts=5)
    w.log(ns, name, "serve", _FF802_LOG_HEAD + t.strip() + "\n", previous=True)
    backoff(w, ns, name, "serve", node, count=12)
    w.workload("Deployment", ns, "qwen-serve-llm", template_pod=pod,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 1})
    w.target("Pod", ns, name)


# ---- ff803: KubeRay head pod on a GPU node, duplicate GPU accounting, PP>1 serving hangs ---------

@case("ff803", {"kind": "RayService", "namespace": "llm", "name": "llama-pp2"},
      "Kubernetes 1.31 cluster (the guide names none; names, versions and GPU model assumed) with two GPU nodes "
      "carrying eight NVIDIA A100 80GB each, managed by the NVIDIA GPU Operator (driver, toolkit as the nodes' "
      "default containerd runtime, device plugin, GFD, validator all Running), and one CPU node; the KubeRay "
      "operator 1.3 in kuberay-system; in namespace llm a RayService `llama-pp2` (vLLM through Ray Serve LLM, "
      "tensor_parallel_size 8 and pipeline_parallel_size 2) whose RayCluster has a head group with no "
      "nvidia.com/gpu request and no num-gpus in rayStartParams, and a worker group of two pods requesting 8 "
      "GPUs each; the head pod runs on gpu-node-1 (nothing in its spec keeps it off the GPU nodes), the workers "
      "on gpu-node-1 and gpu-node-2; all pods Running, the head Ready; the Serve application stays DEPLOYING and "
      "the RayService's status never reaches ready (the RayCluster's status and the Serve status are in the "
      "bundle's custom resources; the RayCluster's desiredGPU is 16 while Ray itself counts 24). The guide quotes "
      "no log line, so no pod log carries the text.")
def _(w, t):
    w.git_version = "v1.31.4"
    w.node("cpu-node-1", cpu="32", memory="131895208Ki")
    w.get_node("cpu-node-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    for g in ("gpu-node-1", "gpu-node-2"):
        w.gpu_node(g, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="128",
                   memory="2113276288Ki")
        w.get_node(g)["status"]["nodeInfo"].update(_UBUNTU_INFO)
    op_ns = "kuberay-system"
    op = w.pod(op_ns, "kuberay-operator-5f7c9d8b6-qk2lp", node="cpu-node-1", gpu=0, containers=("kuberay-operator",),
               image="quay.io/kuberay/operator:v1.3.2", owner=("ReplicaSet", "kuberay-operator-5f7c9d8b6"),
               labels={"app.kubernetes.io/name": "kuberay-operator"}, cpu="100m", memory="512Mi")
    w.workload("Deployment", op_ns, "kuberay-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ns, svc = "llm", "llama-pp2"
    rc = f"{svc}-raycluster-8gx4q"
    image = "rayproject/ray-llm:2.46.0-py311-cu124"
    labels = {"ray.io/cluster": rc}
    head = w.pod(ns, f"{rc}-head-n7vbd", node="gpu-node-1", gpu=0, containers=("ray-head",), image=image,
                 owner=("RayCluster", rc), labels={**labels, "ray.io/node-type": "head", "ray.io/group": "headgroup"},
                 cpu="8", memory="32Gi")
    head["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    head["spec"]["containers"][0]["command"] = ["/bin/bash", "-lc", "--"]
    head["spec"]["containers"][0]["args"] = [
        "ulimit -n 65536; ray start --head --dashboard-host=0.0.0.0 --metrics-export-port=8080 --block"]
    workers = []
    for i, (g, sfx) in enumerate((("gpu-node-1", "x4c7m"), ("gpu-node-2", "p9w2z"))):
        wp = w.pod(ns, f"{rc}-gpu-group-worker-{sfx}", node=g, gpu=8, containers=("ray-worker",), image=image,
                   owner=("RayCluster", rc), labels={**labels, "ray.io/node-type": "worker", "ray.io/group": "gpu-group"},
                   tolerations=GPU_TOLERATION, cpu="64", memory="512Gi",
                   volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "64Gi"}}],
                   mounts=[{"name": "dshm", "mountPath": "/dev/shm"}])
        wp["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
        wp["spec"]["containers"][0]["command"] = ["/bin/bash", "-lc", "--"]
        wp["spec"]["containers"][0]["args"] = [
            f"ulimit -n 65536; ray start --address={rc}-head-svc.{ns}.svc.cluster.local:6379 "
            "--metrics-export-port=8080 --block"]
        workers.append(wp)
    head_tmpl = {"containers": [{"name": "ray-head", "image": image,
                                 "resources": {"requests": {"cpu": "8", "memory": "32Gi"},
                                               "limits": {"memory": "32Gi"}}}]}
    worker_tmpl = {"tolerations": GPU_TOLERATION,
                   "containers": [{"name": "ray-worker", "image": image,
                                   "resources": {"requests": {"cpu": "64", "memory": "512Gi", "nvidia.com/gpu": "8"},
                                                 "limits": {"memory": "512Gi", "nvidia.com/gpu": "8"}}}]}
    rc_spec = {"rayVersion": "2.46.0", "enableInTreeAutoscaling": False,
               "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0"}, "template": {"spec": head_tmpl}},
               "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 2, "minReplicas": 2, "maxReplicas": 2,
                                     "rayStartParams": {}, "template": {"spec": worker_tmpl}}]}
    serve_config = (
        "applications:\n"
        "- name: llm\n"
        "  route_prefix: /\n"
        "  import_path: ray.serve.llm:build_openai_app\n"
        "  args:\n"
        "    llm_configs:\n"
        "    - model_loading_config:\n"
        "        model_id: llama-3.1-405b-instruct-fp8\n"
        "        model_source: /models/Llama-3.1-405B-Instruct-FP8\n"
        "      engine_kwargs:\n"
        "        tensor_parallel_size: 8\n"
        "        pipeline_parallel_size: 2\n"
        "      deployment_config:\n"
        "        num_replicas: 1\n")
    w.ns_custom[("rayservices.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayService",
        "metadata": {"name": svc, "namespace": ns, "creationTimestamp": T0},
        "spec": {"serveConfigV2": serve_config, "rayClusterConfig": rc_spec},
        "status": {"serviceStatus": "", "numServeEndpoints": 0,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "Initializing",
                                   "lastTransitionTime": T0,
                                   "message": "Serve applications are not ready"}],
                   "pendingServiceStatus": {
                       "rayClusterName": rc,
                       "applicationStatuses": {"llm": {
                           "status": "DEPLOYING", "healthLastUpdateTime": T1,
                           "serveDeploymentStatuses": {"LLMServer:llama-3_1-405b-instruct-fp8": {
                               "status": "UPDATING", "healthLastUpdateTime": T1},
                               "OpenAiIngress": {"status": "HEALTHY", "healthLastUpdateTime": T1}}}}}}}]
    w.ns_custom[("rayclusters.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayCluster",
        "metadata": {"name": rc, "namespace": ns, "creationTimestamp": T0, "labels": {
            "ray.io/originated-from-crd": "RayService", "ray.io/originated-from-cr-name": svc},
            "ownerReferences": [{"apiVersion": "ray.io/v1", "kind": "RayService", "name": svc, "controller": True}]},
        "spec": rc_spec,
        "status": {"state": "ready", "availableWorkerReplicas": 2, "desiredWorkerReplicas": 2,
                   "readyWorkerReplicas": 2, "desiredGPU": "16", "desiredCPU": "136", "desiredMemory": "1056Gi",
                   "head": {"podName": head["metadata"]["name"], "serviceName": f"{rc}-head-svc"}}}]
    w.log(ns, head["metadata"]["name"], "ray-head",
          "2026-11-29 14:02:11,482\tINFO usage_lib.py:441 -- Usage stats collection is enabled by default without "
          "user confirmation because this terminal is detected to be non-interactive.\n"
          "2026-11-29 14:02:11,483\tINFO scripts.py:865 -- Local node IP: 10.244.1.5\n"
          "2026-11-29 14:02:14,901\tSUCC scripts.py:902 -- Ray runtime started.\n")
    w.target("RayService", ns, svc)


# ---- ff804: vLLM Deployment restarted by its startup probe while loading the model --------------

def _ff804_log() -> str:
    return ("INFO 11-29 14:01:07 [api_server.py:1043] vLLM API server version 0.8.5\n"
            "INFO 11-29 14:01:07 [api_server.py:1044] args: Namespace(host=None, port=8000, "
            "model='mistralai/Mistral-7B-Instruct-v0.3', max_model_len=32768, gpu_memory_utilization=0.9)\n"
            "INFO 11-29 14:01:21 [core.py:58] Initializing a V1 LLM engine (v0.8.5) with config: "
            "model='mistralai/Mistral-7B-Instruct-v0.3'\n"
            "INFO 11-29 14:01:24 [gpu_model_runner.py:1329] Starting to load model mistralai/Mistral-7B-Instruct-v0.3...\n"
            "INFO 11-29 14:01:25 [weight_utils.py:265] Using model weights format ['*.safetensors']\n"
            "KeyboardInterrupt: terminated\n")


@case("ff804", pod_subj("mistral-7b-6c9d8f7b4-q8v2k", "default"),
      "Kubernetes cluster (the guide names none; Ubuntu 22.04 / containerd / kubelet 1.31 strings assumed) with "
      "one GPU node carrying one NVIDIA L4 (GPU model assumed; host-installed driver and toolkit, NVIDIA device "
      "plugin in kube-system advertising nvidia.com/gpu 1); in namespace default the guide's `mistral-7b` "
      "Deployment (vllm/vllm-openai, model mistralai/Mistral-7B-Instruct-v0.3, one GPU, an in-memory /dev/shm and "
      "a PVC for the Hugging Face cache, as in the guide) with a startupProbe on /health:8000 "
      "(periodSeconds 10, failureThreshold 6: one minute, values assumed) that is shorter than the model's load "
      "time; the pod is Running, not ready, with 4 restarts (assumed); the container's previous log holds vLLM's "
      "start-up lines (illustrative) and ends with the guide's `KeyboardInterrupt: terminated` (verbatim); the "
      "kubelet's Unhealthy events (wording illustrative) and its Killing event carrying the guide's message with "
      "$NAME filled in as the container's name are recorded.")
def _(w, t):
    ns = "default"
    node = "gpu-l4-1"
    p = _plain_gpu_node(w, node, 1, "NVIDIA-L4", "nvidia-device-plugin-c4n7s")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    sized(w.get_node(node), "16", "65842452Ki")
    name = "mistral-7b-6c9d8f7b4-q8v2k"
    probes = {"startupProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                               "periodSeconds": 10, "failureThreshold": 6, "timeoutSeconds": 1,
                               "successThreshold": 1},
              "readinessProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                                 "periodSeconds": 5, "failureThreshold": 3, "timeoutSeconds": 1,
                                 "successThreshold": 1}}
    pod = w.pod(ns, name, node=node, gpu=1, containers=("mistral-7b",), image="vllm/vllm-openai:v0.8.5",
                labels={"app": "mistral-7b", "pod-template-hash": "6c9d8f7b4"},
                owner=("ReplicaSet", "mistral-7b-6c9d8f7b4"), tolerations=GPU_TOLERATION, cpu="10",
                memory="20G", ready=False, probes=probes,
                env=[{"name": "HUGGING_FACE_HUB_TOKEN",
                      "valueFrom": {"secretKeyRef": {"name": "hf-token-secret", "key": "token"}}}],
                volumes=[{"name": "cache-volume", "persistentVolumeClaim": {"claimName": "mistral-7b"}},
                         {"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "2Gi"}}],
                mounts=[{"name": "cache-volume", "mountPath": "/root/.cache/huggingface"},
                        {"name": "shm", "mountPath": "/dev/shm"}])
    pod["spec"]["containers"][0]["command"] = ["/bin/sh", "-c"]
    pod["spec"]["containers"][0]["args"] = [
        "vllm serve mistralai/Mistral-7B-Instruct-v0.3 --trust-remote-code --enable-chunked-prefill "
        "--max_num_batched_tokens 1024"]
    pod["spec"]["containers"][0]["ports"] = [{"containerPort": 8000, "protocol": "TCP"}]
    cs = pod["status"]["containerStatuses"][0]
    cs.update({"state": {"running": {"startedAt": T1}}, "ready": False, "started": False, "restartCount": 4,
               "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                            "finishedAt": T1}}})
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(ns, name, "mistral-7b", _ff804_log(), previous=True)
    w.log(ns, name, "mistral-7b",
          "INFO 11-29 14:20:04 [api_server.py:1043] vLLM API server version 0.8.5\n"
          "INFO 11-29 14:20:18 [core.py:58] Initializing a V1 LLM engine (v0.8.5) with config: "
          "model='mistralai/Mistral-7B-Instruct-v0.3'\n")
    fp = "spec.containers{mistral-7b}"
    ip = pod["status"]["podIP"]
    w.event(ns, "Pod", name, "Unhealthy",
            f'Startup probe failed: Get "http://{ip}:8000/health": dial tcp {ip}:8000: connect: '
            "connection refused", count=24, host=node, field_path=fp)
    w.event(ns, "Pod", name, "Killing", "Container mistral-7b failed startup probe, will be restarted",
            type="Normal", count=4, host=node, field_path=fp)
    w.workload("Deployment", ns, "mistral-7b", template_pod=pod,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                       "updatedReplicas": 1, "observedGeneration": 1})
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
