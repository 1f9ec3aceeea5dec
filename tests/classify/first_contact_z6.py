"""First-contact batch Z6 (fixtures/first-contact/batch-z6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the application layer (model servers, training/serving pods, the operator's
CUDA validator, notebooks) from public threads that no rule was written for, sampled with the fixed query list
in the batch README (prose cases admitted). Each builder places the case's text verbatim where a collector
would have found it (prose texts are not placed) and builds the cluster state the thread describes. The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_z6      # (re)writes fixtures/first-contact/batch-z6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, driver_log, host_node, node_info, plugin_ds, plugin_pod, set_image, stack_pod)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, init_stuck, pod_subj

FC = ThreadBatch("batch-z6", "Z6")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fz601", "fz604", "fz605", "fz606"}


UBUNTU_2204 = {"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-91-generic",
               "containerRuntimeVersion": "containerd://1.7.2", "kubeletVersion": "v1.28.4",
               "kubeProxyVersion": "v1.28.4"}


def _cpu_node(w, name: str, info: dict, cpu: str = "16", memory: str = "65843668Ki") -> dict:
    n = w.node(name, cpu=cpu, memory=memory)
    node_info(n, **info)
    return n


def _host_plugin(w, node: str, pod: str) -> None:
    """The NVIDIA device plugin as a plain DaemonSet on a host-driver GPU node."""
    p = plugin_pod(w, node, pod)
    plugin_ds(w, KS, [p])


def _back_off(w, ns: str, pod: dict, container: str, node: str, count: int) -> None:
    w.event(ns, "Pod", pod["metadata"]["name"], "BackOff",
            f"Back-off restarting failed container {container} in pod {pod['metadata']['name']}_{ns}"
            f"({pod['metadata']['uid']})", count=count, host=node)


# ---- TGI without /dev/shm (fz601) --------------------------------------------------------------

@case("fz601", pod_subj("bloom-560m-tgi-6d5f8c7b9-q2w7x", "llm"),
      "Kubernetes v1.26 GPU node with 2 x A100 80GB (not MIG-partitioned), host driver 525.105.17 and the NVIDIA "
      "device plugin DaemonSet (node, kubelet and containerd strings assumed); the text-generation-inference 0.8 "
      "Deployment pod (2 GPUs, args --model-id bigscience/bloom-560m --num-shard 2, a PVC for /data, no /dev/shm "
      "volume; names assumed) crash-loops (exit 1, 5 restarts); its previous log is the launcher's start-up in "
      "TGI 0.8's wording (illustrative) with the download process killed by signal 7. The text (the issue title) "
      "is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-a100-node-1"
    host_node(w, node, gpus=2, info={"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.4.0-149-generic",
                                     "containerRuntimeVersion": "containerd://1.6.21", "kubeletVersion": "v1.26.5",
                                     "kubeProxyVersion": "v1.26.5"})
    _host_plugin(w, node, "nvidia-device-plugin-daemonset-7kx2m")
    ns, name, c = "llm", "bloom-560m-tgi-6d5f8c7b9-q2w7x", "text-generation-inference"
    pod = w.pod(ns, name, node=node, gpu=2, containers=(c,), ready=False,
                image="ghcr.io/huggingface/text-generation-inference:0.8", owner=("ReplicaSet", "bloom-560m-tgi-6d5f8c7b9"),
                cpu="8", memory="64Gi", statuses=crashing(c, 1, restarts=5),
                volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "tgi-models"}}],
                mounts=[{"name": "data", "mountPath": "/data"}])
    pod["spec"]["containers"][0]["args"] = ["--model-id", "bigscience/bloom-560m", "--num-shard", "2"]
    w.log(ns, name, c,
          '2023-06-13T12:06:01.102934Z  INFO text_generation_launcher: Args { model_id: "bigscience/bloom-560m", '
          'revision: None, sharded: None, num_shard: Some(2), quantize: None, trust_remote_code: false, '
          'max_concurrent_requests: 128, port: 80, shard_uds_path: "/tmp/text-generation-server", '
          'master_addr: "localhost", master_port: 29500, huggingface_hub_cache: Some("/data") }\n'
          "2023-06-13T12:06:01.103012Z  INFO text_generation_launcher: Sharding model on 2 processes\n"
          "2023-06-13T12:06:01.103287Z  INFO text_generation_launcher: Starting download process.\n"
          "2023-06-13T12:06:04.816402Z ERROR text_generation_launcher: Download process was signaled to shutdown "
          "with signal 7\n"
          "Error: DownloadError\n", previous=True)
    w.workload("Deployment", ns, "bloom-560m-tgi", template_pod=pod,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1})
    _back_off(w, ns, pod, c, node, 14)
    w.target("Pod", ns, name)


# ---- Triton on Seldon: extra files in the S3 model folder (fz602) ------------------------------

@case("fz602", pod_subj("ts-triton-4-default-0-triton-7f9c8d6b54-k2m9p", "dhinesh"),
      "Kubernetes cluster (v1.27, Ubuntu 22.04 workers; strings assumed) with Seldon Core 1.17; the "
      "SeldonDeployment `ts-triton-4` predictor pod (names modelled on Seldon's scheme) runs on a CPU worker "
      "without a GPU request (assumed: the thread does not show resources, and the server worked once the bucket "
      "was cleaned, with no CUDA fix); its init container hotspot-detect-model-initializer "
      "(seldonio/rclone-storage-initializer:1.17.1) completed copying s3://hotspot-detect/ts-models/hotspot-detect; "
      "the triton container (nvcr.io/nvidia/tritonserver:21.08-py3) crash-loops (exit 1, 7 restarts) and its "
      "previous log holds the text among illustrative Triton 21.08 lines (model loaded, then unloaded, server "
      "exiting). A GPU node with the device plugin exists in the cluster and is idle.")
def _(w, t):
    gpu = "gpu-worker-1"
    host_node(w, gpu, gpus=1, info=UBUNTU_2204)
    _host_plugin(w, gpu, "nvidia-device-plugin-daemonset-4hq8v")
    node = "cpu-worker-2"
    _cpu_node(w, node, UBUNTU_2204)
    ns, name, c = "dhinesh", "ts-triton-4-default-0-triton-7f9c8d6b54-k2m9p", "triton"
    pod = w.pod(ns, name, node=node, gpu=0, containers=(c, "seldon-container-engine"), ready=False,
                image="nvcr.io/nvidia/tritonserver:21.08-py3",
                init_containers=("hotspot-detect-model-initializer",),
                owner=("ReplicaSet", "ts-triton-4-default-0-triton-7f9c8d6b54"),
                labels={"seldon-deployment-id": "ts-triton-4", "app.kubernetes.io/managed-by": "seldon-core"},
                cpu="2", memory="8Gi", statuses=crashing(c, 1, restarts=7),
                volumes=[{"name": "hotspot-detect-provision-location", "emptyDir": {}}],
                mounts=[{"name": "hotspot-detect-provision-location", "mountPath": "/mnt/models", "readOnly": True}])
    spec = pod["spec"]
    spec["containers"][0]["args"] = ["/opt/tritonserver/bin/tritonserver", "--grpc-port=9500", "--http-port=9000",
                                     "--model-repository=/mnt/models"]
    spec["containers"][1]["image"] = "docker.io/seldonio/seldon-core-executor:1.17.1"
    spec["containers"][1]["resources"] = {"requests": {"cpu": "100m", "memory": "200Mi"}}
    spec["initContainers"][0]["image"] = "seldonio/rclone-storage-initializer:1.17.1"
    spec["initContainers"][0]["args"] = ["s3://hotspot-detect/ts-models/hotspot-detect", "/mnt/models"]
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "seldon-container-engine":
            s["image"] = "docker.io/seldonio/seldon-core-executor:1.17.1"
            s.update({"state": {"running": {"startedAt": T0}}, "ready": True, "started": True})
    pod["status"]["initContainerStatuses"][0]["image"] = "seldonio/rclone-storage-initializer:1.17.1"
    w.log(ns, name, c,
          "I1011 08:02:58.911214 1 server.cc:127] Initializing Triton Inference Server\n"
          "I1011 08:02:59.083127 1 python.cc:1797] TRITONBACKEND_Initialize: python\n"
          + t + "\n"
          "I1011 08:03:04.214803 1 python.cc:1827] TRITONBACKEND_ModelInstanceInitialize: hotspot-detect_0 "
          "(CPU device 0)\n"
          "I1011 08:03:06.552761 1 model_repository_manager.cc:1183] successfully loaded 'hotspot-detect' version 1\n"
          "I1011 08:03:06.601339 1 model_repository_manager.cc:1078] unloading: hotspot-detect:1\n"
          "I1011 08:03:06.903512 1 model_repository_manager.cc:1195] successfully unloaded 'hotspot-detect' version 1\n"
          "I1011 08:03:07.603812 1 server.cc:249] Timeout 29: Found 0 live models and 0 in-flight non-inference "
          "requests\n"
          "error: creating server: Internal - failed to load all models\n", previous=True)
    w.workload("Deployment", ns, "ts-triton-4-default-0-triton", template_pod=pod,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1})
    _back_off(w, ns, pod, c, node, 19)
    w.target("Pod", ns, name)


# ---- sglang CUDA OOM under load (fz603) --------------------------------------------------------

@case("fz603", pod_subj("sglang-r1-distill-qwen-7b-5b7d9c8f46-hx4tz", "inference"),
      "Kubernetes GPU node with one NVIDIA A100 40GB (model, count and version strings assumed), host driver and "
      "the NVIDIA device plugin DaemonSet; the sglang Deployment pod (lmsysorg/sglang:v0.4.1.post7-cu124, requests "
      "cpu 4, ephemeral-storage 200Mi, memory 32Gi, nvidia.com/gpu 1 as quoted; names assumed) is Running and Ready "
      "with no restart; its current log (illustrative sglang 0.4 lines around the text) shows the benchmark's "
      "prefill batches and then the OOM traceback ending in the text.")
def _(w, t):
    node = "gpu-node-a100-1"
    host_node(w, node, gpus=1, info=UBUNTU_2204)
    _host_plugin(w, node, "nvidia-device-plugin-daemonset-m8c3r")
    ns, name, c = "inference", "sglang-r1-distill-qwen-7b-5b7d9c8f46-hx4tz", "sglang"
    pod = w.pod(ns, name, node=node, gpu=1, containers=(c,), image="lmsysorg/sglang:v0.4.1.post7-cu124",
                owner=("ReplicaSet", "sglang-r1-distill-qwen-7b-5b7d9c8f46"), cpu="4", memory="32Gi")
    pod["spec"]["containers"][0]["resources"]["requests"]["ephemeral-storage"] = "200Mi"
    pod["spec"]["containers"][0]["args"] = ["python3", "-m", "sglang.launch_server", "--model-path",
                                            "deepseek-ai/DeepSeek-R1-Distill-Qwen-7B", "--host", "0.0.0.0",
                                            "--port", "30000"]
    w.log(ns, name, c,
          "[2025-03-24 09:12:40 TP0] Prefill batch. #new-seq: 64, #new-token: 16384, #cached-token: 0, cache hit "
          "rate: 0.00%, token usage: 0.41, #running-req: 212, #queue-req: 1483\n"
          "[2025-03-24 09:12:41 TP0] Decode batch. #running-req: 276, #token: 58213, token usage: 0.62, gen "
          "throughput (token/s): 4125.37, #queue-req: 1419\n"
          "[2025-03-24 09:12:43 TP0] Scheduler hit an exception: Traceback (most recent call last):\n"
          '  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1748, in '
          "run_scheduler_process\n"
          "    scheduler.event_loop_overlap()\n"
          '  File "/sgl-workspace/sglang/python/sglang/srt/model_executor/model_runner.py", line 785, in forward\n'
          "    return self.forward_extend(forward_batch)\n"
          + t + "\n")
    w.workload("Deployment", ns, "sglang-r1-distill-qwen-7b", template_pod=pod,
               status={"replicas": 1, "updatedReplicas": 1, "readyReplicas": 1, "availableReplicas": 1,
                       "observedGeneration": 1})
    w.target("Pod", ns, name)


# ---- GPU Operator CUDA validator on a K80 (fz604) ----------------------------------------------

@case("fz604", pod_subj("nvidia-cuda-validator-8x2lq", OPERATOR_NS),
      "GPU node with one Tesla K80 board (two GPUs; CentOS 7 and the version strings assumed; Calico CNI) and the GPU Operator "
      "v1.11 stack with its R470 driver container (driver 470.129.06, CUDA 11.4; the node's cuda.runtime labels "
      "11.7 as the operator wrote them): driver, toolkit, device plugin and GFD Running, the node advertising "
      "nvidia.com/gpu 2; the nvidia-operator-validator pod waits in its cuda-validation init container, and the "
      "nvidia-cuda-validator pod it started (gpu-operator-validator:v1.11.0, CUDA 11.6 vectorAdd with the compat "
      "libraries) crash-loops in its cuda-validation init container with the thread's vectorAdd lines as previous "
      "log; the reporter's test pod cuda-vector-add-11-6 (nvidia/samples:vectoradd-cuda11.6.0, nodeSelector "
      "nvidia.com/gpu.count=1, restartPolicy OnFailure, no resources, as in the thread) fails the same way, while "
      "a CUDA 11.4 workload pod on the node runs. The text (the issue title) is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-k80-worker-1"
    n = w.gpu_node(node, gpus=2, product="Tesla-K80", memory_mib=11441,
                   labels={"nvidia.com/cuda.driver.major": "470", "nvidia.com/cuda.driver.minor": "129",
                           "nvidia.com/cuda.runtime.major": "11", "nvidia.com/cuda.runtime.minor": "7",
                           "nvidia.com/gpu.compute.major": "3", "nvidia.com/gpu.compute.minor": "7",
                           "nvidia.com/gpu.family": "kepler"})
    node_info(n, osImage="CentOS Linux 7 (Core)", kernelVersion="3.10.0-1160.71.1.el7.x86_64",
              containerRuntimeVersion="containerd://1.4.13", kubeletVersion="v1.23.9", kubeProxyVersion="v1.23.9")
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:470.129.06-centos7")
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", driver_log("470.129.06", ""))
    vector_log = ("[Vector addition of 50000 elements]\n"
                  "Failed to allocate device vector A (error code CUDA driver version is insufficient for CUDA "
                  "runtime version)!\n")
    init_stuck(w, node, "validator", "cuda-validation", None)
    name, init = "nvidia-cuda-validator-8x2lq", "cuda-validation"
    st = {init: {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                       "message": f"back-off 5m0s restarting failed container={init}"}},
                 "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
                 "ready": False, "restartCount": 8}}
    pod = w.pod(OPERATOR_NS, name, node=node, gpu=1, containers=("nvidia-cuda-validator",), phase="Pending",
                init_containers=(init,), init_statuses=st, runtime_class="nvidia",
                labels={"app": "nvidia-cuda-validator"}, tolerations=TOLERATE_GPU,
                extra_spec={"restartPolicy": "OnFailure"})
    pod["metadata"]["annotations"] = {"cni.projectcalico.org/podIP": "192.168.114.131/32"}
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    set_image(pod, init, "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.11.0")
    set_image(pod, "nvidia-cuda-validator", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.11.0")
    w.log(OPERATOR_NS, name, init, vector_log, previous=True)
    w.event(OPERATOR_NS, "Pod", name, "BackOff", f"Back-off restarting failed container {init} in pod "
            f"{name}_{OPERATOR_NS}({pod['metadata']['uid']})", count=31, host=node)
    test = w.pod("default", "cuda-vector-add-11-6", node=node, gpu=0, containers=("cuda-vectoradd",), ready=False,
                 image="nvidia/samples:vectoradd-cuda11.6.0", node_selector={"nvidia.com/gpu.count": "1"},
                 statuses=crashing("cuda-vectoradd", 1, restarts=3), extra_spec={"restartPolicy": "OnFailure"})
    test["metadata"]["annotations"] = {"cni.projectcalico.org/podIP": "192.168.114.147/32"}
    w.log("default", "cuda-vector-add-11-6", "cuda-vectoradd", vector_log, previous=True)
    w.pod("ml", "trainer-cuda114-0", node=node, gpu=1, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:21.09-py3", owner=("StatefulSet", "trainer-cuda114"), tolerations=TOLERATE_GPU)
    w.target("Pod", OPERATOR_NS, name)


# ---- vLLM killed by its startup probe (fz605) --------------------------------------------------

@case("fz605", pod_subj("gemma-deployment-6c9f7d8b5d-vx2lp", "default"),
      "Kubernetes GPU node with one NVIDIA L4 (driver 535.230.02 as quoted; machine, kernel and kubelet strings "
      "assumed) with the NVIDIA device plugin DaemonSet; the Deployment `gemma-deployment` (vllm/vllm-openai:v0.8.5, "
      "`vllm serve google/gemma-3-1b-it`, env VLLM_TRACE_FUNCTION=1 and an HF token from a Secret, one GPU, "
      "startupProbe httpGet /health:8000 periodSeconds 10 failureThreshold 15 (~2.5 min), readiness probe; "
      "pod name, probe numbers and Secret name assumed) restarts: container running again after 4 restarts, last "
      "termination exit code 0 (Completed) after SIGTERM; kubelet events `Unhealthy` (Startup probe failed: ... "
      "connection refused, x60) and `Killing` (Container vllm failed startup probe, will be restarted, x4), "
      "wordings illustrative; the previous log is illustrative vLLM 0.8.5 start-up ending in the KeyboardInterrupt "
      "traceback the thread names. The text (the maintainer's sentence) is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-l4-node-1"
    host_node(w, node, gpus=1, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1025-gcp",
                                     "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.6",
                                     "kubeProxyVersion": "v1.31.6"})
    n = w.get_node(node)
    n["metadata"]["labels"]["nvidia.com/gpu.product"] = "NVIDIA-L4"
    _host_plugin(w, node, "nvidia-device-plugin-daemonset-q9t4d")
    ns, name, c = "default", "gemma-deployment-6c9f7d8b5d-vx2lp", "vllm"
    probes = {"startupProbe": {"httpGet": {"path": "/health", "port": 8000}, "periodSeconds": 10,
                               "failureThreshold": 15},
              "readinessProbe": {"httpGet": {"path": "/health", "port": 8000}, "periodSeconds": 5}}
    term = {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T1}
    statuses = {c: {"state": {"running": {"startedAt": T1}}, "lastState": {"terminated": term}, "ready": False,
                    "started": False, "restartCount": 4}}
    pod = w.pod(ns, name, node=node, gpu=1, containers=(c,), image="vllm/vllm-openai:v0.8.5", ready=False,
                labels={"app": "gemma"}, owner=("ReplicaSet", "gemma-deployment-6c9f7d8b5d"), cpu="4",
                memory="16Gi", probes=probes, statuses=statuses,
                env=[{"name": "VLLM_TRACE_FUNCTION", "value": "1"},
                     {"name": "HUGGING_FACE_HUB_TOKEN",
                      "valueFrom": {"secretKeyRef": {"name": "hf-token-secret", "key": "token"}}}])
    pod["spec"]["containers"][0]["command"] = ["/bin/sh", "-c"]
    pod["spec"]["containers"][0]["args"] = ["vllm serve google/gemma-3-1b-it --max-model-len 8192"]
    w.log(ns, name, c,
          "INFO 04-29 05:41:02 [__init__.py:239] Automatically detected platform cuda.\n"
          "INFO 04-29 05:41:05 [api_server.py:1043] vLLM API server version 0.8.5\n"
          "WARNING 04-29 05:41:05 [logger.py:202] VLLM_TRACE_FUNCTION is enabled. It will record every function "
          "executed by Python. This will slow down the code. It is suggested to be used for debugging hang or "
          "crashes only.\n"
          "INFO 04-29 05:41:05 [logger.py:206] Trace frame log is saved to /tmp/root/vllm/vllm-instance-8f3a2/"
          "VLLM_TRACE_FUNCTION_for_process_1_thread_140201744566080_at_2025-04-29_05:41:05.612345.log\n"
          "INFO 04-29 05:43:21 [core.py:58] Initializing a V1 LLM engine (v0.8.5) with config: "
          "model='google/gemma-3-1b-it', dtype=torch.bfloat16, max_seq_len=8192\n"
          "Traceback (most recent call last):\n"
          '  File "/usr/local/lib/python3.12/dist-packages/vllm/entrypoints/openai/api_server.py", line 1130, '
          "in signal_handler\n"
          '    raise KeyboardInterrupt("terminated")\n'
          "KeyboardInterrupt: terminated\n", previous=True)
    w.workload("Deployment", ns, "gemma-deployment", template_pod=pod,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", name, "Unhealthy", 'Startup probe failed: Get "http://10.244.1.9:8000/health": dial tcp '
            "10.244.1.9:8000: connect: connection refused", count=60, host=node, field_path="spec.containers{vllm}")
    w.event(ns, "Pod", name, "Killing", "Container vllm failed startup probe, will be restarted", type="Normal",
            count=4, host=node, field_path="spec.containers{vllm}")
    w.target("Pod", ns, name)


# ---- Kubeflow notebook without the nvidia runtime class (fz606) --------------------------------

@case("fz606", pod_subj("test-gpu-0", "kubeflow-user-example-com"),
      "GPU node with one GeForce RTX 3060 (host kernel module 535.129.03 as quoted; OS, kernel, containerd and "
      "kubelet strings assumed) where the GPU Operator installed the toolkit with an `nvidia` containerd handler "
      "and RuntimeClass but left runc as containerd's default (modelled as the operator stack with its driver "
      "container replaced by the host driver: no driver pod); the node advertises nvidia.com/gpu 1; Kubeflow 1.9's "
      "Notebook `test-gpu` has its StatefulSet pod test-gpu-0 (kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.9.1, "
      "nvidia.com/gpu 1, no runtimeClassName) Running and Ready on that node with an illustrative Jupyter start-up "
      "log; an exec of nvidia-smi in the container fails with `nvidia-smi: command not found`, and "
      "/proc/driver/nvidia/version shows the host's module. The text (the reporter's sentence) is prose and not "
      "placed in the bundle.")
def _(w, t):
    node = "gpu-rtx3060-node"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-3060", memory_mib=12288,
                   labels={"nvidia.com/cuda.driver.major": "535", "nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="6.5.0-35-generic",
              containerRuntimeVersion="containerd://1.7.13", kubeletVersion="v1.29.4", kubeProxyVersion="v1.29.4")
    drv = w.stack(node, "driver")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != drv]
    for key in [k for k in w.logs if k[1] == drv]:
        w.logs.pop(key)
    ns, name, c = "kubeflow-user-example-com", "test-gpu-0", "test-gpu"
    pod = w.pod(ns, name, node=node, gpu=1, containers=(c,),
                image="kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.9.1", owner=("StatefulSet", "test-gpu"),
                labels={"app": "test-gpu", "notebook-name": "test-gpu", "statefulset": "test-gpu",
                        "apps.kubernetes.io/pod-index": "0"},
                cpu="500m", memory="1Gi", memory_limit="1200Mi", tolerations=TOLERATE_GPU,
                env=[{"name": "NB_PREFIX", "value": "/notebook/kubeflow-user-example-com/test-gpu"}])
    pod["spec"]["serviceAccountName"] = "default-editor"
    w.log(ns, name, c,
          "[I 2024-10-21 09:11:02.431 ServerApp] jupyter_lsp | extension was successfully loaded.\n"
          "[I 2024-10-21 09:11:02.618 ServerApp] Serving notebooks from local directory: /home/jovyan\n"
          "[I 2024-10-21 09:11:02.618 ServerApp] Jupyter Server 2.14.2 is running at:\n"
          "[I 2024-10-21 09:11:02.618 ServerApp] http://test-gpu-0:8888/notebook/kubeflow-user-example-com/test-gpu/lab\n"
          "[I 2024-10-21 09:14:37.905 ServerApp] Kernel started: 3f6c2a1e-8d4b-4f0e-9a7c-2b5d1e6f9a80\n")
    w.exec(ns, name, c, ["nvidia-smi"], "", "bash: nvidia-smi: command not found\n", exit_code=127)
    w.exec(ns, name, c, ["cat", "/proc/driver/nvidia/version"],
           "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023\n"
           "GCC version:  gcc version 13.2.0 (GCC)\n")
    w.workload("StatefulSet", ns, "test-gpu", template_pod=pod,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1, "observedGeneration": 1})
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
