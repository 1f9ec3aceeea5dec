"""First-contact batch F3 (fixtures/first-contact/batch-f3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads that no rule was written for, in the application layer
(CUDA/NCCL/framework errors, GPU OOM, CUDA version vs driver, model servers, training jobs, notebooks), sampled
with the fixed query list in the batch README (prose cases admitted). Each builder places the case's text verbatim
where a collector would have found it (prose texts are not placed) and builds the cluster state the thread
describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_f3      # (re)writes fixtures/first-contact/batch-f3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, app_pod, host_node, plugin_ds, plugin_pod, running_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f3", "F3")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"ff301", "ff303"}


# ---- application layer -----------------------------------------------------------------------

# The commenter's quoted log lines (verbatim; his leading '...' elision and the line the stored copy cuts off are
# left out), then the cuBLAS line of the issue title, which he calls 'a similar error' (timestamp illustrative).
_FF301_LOG = (
    "2021-04-07 20:59:48.297555: I tensorflow/compiler/jit/xla_cpu_device.cc:41] Not creating XLA devices, "
    "tf_xla_enable_xla_devices not set\n"
    "2021-04-07 20:59:48.298272: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
    "opened dynamic library libcuda.so.1\n"
    "2021-04-07 20:59:50.104318: E tensorflow/stream_executor/cuda/cuda_blas.cc:226] failed to create cublas "
    "handle: CUBLAS_STATUS_NOT_INITIALIZED\n"
)


@case("ff301", pod_subj("mnist-train-worker-0", "kubeflow-user"),
      "On-prem Kubernetes 1.20.5 node (Ubuntu 20.04.2, containerd 1.4.3 as in the thread; kernel string assumed) "
      "with one GeForce GTX 1050 Ti (4 GB) and the host-installed NVIDIA driver 460.39 with nvidia-container-toolkit "
      "1.4.2; the NVIDIA device plugin as a plain DaemonSet in kube-system advertising nvidia.com/gpu 1 (the thread "
      "does not name the plugin; a static DaemonSet is assumed); the Kubeflow 1.2.0 MNIST example's training pod "
      "(pod name, namespace and TFJob owner assumed) runs tensorflow/tensorflow:latest-gpu (TF 2.4.1) with one GPU "
      "and crash-loops (exit code 1 and restart count assumed); its previous log holds the commenter's quoted "
      "TensorFlow start-up lines and the title's cuBLAS line (timestamp illustrative). The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    node = "gpu-workstation-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-GeForce-GTX-1050-Ti"},
              info={"osImage": "Ubuntu 20.04.2 LTS", "kernelVersion": "5.4.0-70-generic",
                    "containerRuntimeVersion": "containerd://1.4.3", "kubeletVersion": "v1.20.5",
                    "kubeProxyVersion": "v1.20.5"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "32826848Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7hq2z", image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0")
    plugin_ds(w, KS, [p])
    ns, name = "kubeflow-user", "mnist-train-worker-0"
    pod = app_pod(w, name, _FF301_LOG, ns=ns, node=node, container="tensorflow", gpu=1,
                  image="tensorflow/tensorflow:latest-gpu", restarts=3, cpu="1", memory="4Gi")
    pod["metadata"]["ownerReferences"] = [{"apiVersion": "kubeflow.org/v1", "kind": "TFJob", "name": "mnist-train",
                                           "uid": "5d0b6f7e-1c2a-4e8b-9f3d-2a7c1e9b4f60", "controller": True,
                                           "blockOwnerDeletion": True}]
    pod["metadata"]["labels"].update({"training.kubeflow.org/job-name": "mnist-train",
                                      "training.kubeflow.org/replica-type": "worker",
                                      "training.kubeflow.org/replica-index": "0"})
    pod["spec"]["restartPolicy"] = "OnFailure"
    backoff(w, ns, name, "tensorflow", node, count=9)
    w.target("Pod", ns, name)


_GKE125_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.15.107+",
                "containerRuntimeVersion": "containerd://1.6.18", "kubeletVersion": "v1.25.10-gke.2700",
                "kubeProxyVersion": "v1.25.10-gke.2700"}

# collect_env's next lines, verbatim from the thread, after the warning
_FF302_TAIL = "PyTorch version: 2.1.0+cu121\nIs debug build: False\nCUDA used to build PyTorch: 12.1\nROCM used to build PyTorch: N/A\n"


@case("ff302", pod_subj("torch-worker-6b8d9f7c5-m4x7p", "ml"),
      "GKE Standard v1.25 cluster (COS kernel 5.15.107+ as in the thread's platform string; GKE patch, containerd "
      "and node names assumed) with a default pool of two n1-standard-4 nodes and a GPU node pool of one "
      "n1-standard-8 node with one Tesla T4 (the thread does not name the GPU model; a T4 is assumed), carrying "
      "GKE's nvidia.com/gpu=present:NoSchedule taint and cloud.google.com/gke-accelerator label; the COS "
      "nvidia-driver-installer DaemonSet installed driver 470.182.03 (its log line assumed) and GKE's "
      "nvidia-gpu-device-plugin DaemonSet advertises nvidia.com/gpu 1 (its log lines illustrative); the workload pod (Deployment, one GPU, "
      "tolerating the taint; names and image tag assumed) runs an image with torch 2.1.0+cu121 and keeps running; "
      "its current log holds the text followed by collect_env's next lines (verbatim).")
def _(w, t):
    for i in range(2):
        n = w.node(f"gke-ml-default-pool-7c2e91d4-{'ab'[i]}9kq", cpu="4", memory="15358656Ki",
                   labels={"cloud.google.com/gke-nodepool": "default-pool",
                           "cloud.google.com/gke-os-distribution": "cos",
                           "node.kubernetes.io/instance-type": "n1-standard-4"})
        n["status"]["nodeInfo"].update(_GKE125_INFO)
    node = "gke-ml-gpu-pool-3f81a0b6-t4xz"
    host_node(w, node, gpus=1, labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                       "cloud.google.com/gke-os-distribution": "cos",
                                       "node.kubernetes.io/instance-type": "n1-standard-8"}, info=_GKE125_INFO)
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "30817408Ki"})
    tol = [{"operator": "Exists"}]
    inst = "nvidia-driver-installer-5kz8r"
    p = w.pod(KS, inst, node=node, gpu=0, containers=("pause",), init_containers=("nvidia-driver-installer",),
              image="gcr.io/google-containers/pause:2.0", labels={"k8s-app": "nvidia-driver-installer"},
              owner=("DaemonSet", "nvidia-driver-installer"), cpu="150m", memory="64Mi", tolerations=tol)
    set_image(p, "nvidia-driver-installer",
              "cos-nvidia-installer@sha256:4c0e3a8f2b1d9e7c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b")
    w.log(KS, inst, "nvidia-driver-installer",
          "Installing GPU driver version 470.182.03\nFinished installing the drivers.\nUpdating host's ld cache\n")
    w.workload("DaemonSet", KS, "nvidia-driver-installer", template_pod=p,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    dp = w.pod(KS, "nvidia-gpu-device-plugin-q7w2d", node=node, gpu=0, containers=("nvidia-gpu-device-plugin",),
               image="gke.gcr.io/nvidia-gpu-device-plugin@sha256:9b1c4d7e2f0a3b6c8d5e1f4a7b0c3d6e9f2a5b8c1d4e7f0a3b6c9d2e5f8a1b4c",
               labels={"k8s-app": "nvidia-gpu-device-plugin"}, owner=("DaemonSet", "nvidia-gpu-device-plugin"),
               cpu="50m", memory="20Mi", tolerations=tol)
    w.log(KS, "nvidia-gpu-device-plugin-q7w2d", "nvidia-gpu-device-plugin",
          "I1101 09:12:04.118204       1 nvidia_gpu.go:75] device-plugin started\n"
          "I1101 09:12:04.219561       1 nvidia_gpu.go:101] Found Nvidia GPU \"nvidia0\"\n"
          "I1101 09:12:04.221034       1 plugin.go:85] Registered device plugin for nvidia.com/gpu with Kubelet\n")
    w.workload("DaemonSet", KS, "nvidia-gpu-device-plugin", template_pod=dp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns, name = "ml", "torch-worker-6b8d9f7c5-m4x7p"
    running_pod(w, name, t.rstrip("\n") + "\n" + _FF302_TAIL, ns=ns, node=node, container="worker", gpu=1,
                image="us-docker.pkg.dev/ml-prod/images/torch-worker:2.1.0-cu121",
                owner=("ReplicaSet", "torch-worker-6b8d9f7c5"), cpu="4", memory="16Gi",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Pod", ns, name)


@case("ff303", pod_subj("llama3-8b-predictor-00001-deployment-6d9c7b8f5-x2k4q", "llm-serving"),
      "Kubernetes cluster (distribution and versions not stated; defaults of the builder) with one GPU node of 8 "
      "NVIDIA H100 80GB (GPU Operator stack assumed: driver, toolkit, device plugin, GFD and validator all healthy; "
      "GPU count assumed); a KServe InferenceService in serverless mode (assumed; the InferenceService custom "
      "resource itself is not collected) whose predictor pod runs the custom Triton+vLLM image (registry and tag "
      "assumed, built FROM nvcr.io/nvidia/tritonserver:24.07-vllm-python-py3) in kserve-container next to Knative's "
      "queue-proxy; the InferenceService had empty resources, so the pod carries only KServe's default requests "
      "and limits (cpu 1, memory 2Gi; assumed from KServe's defaulting) and no nvidia.com/gpu; the pod is Running "
      "and not Ready; the kserve-container log holds one Triton error line with the thread's phrase `Stub process "
      "is not healthy` (its prefix and wording around the phrase illustrative). The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    node = "gpu-h100-node-1"
    w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
               labels={"node.kubernetes.io/instance-type": "bare-metal-8xh100"})
    ns, name = "llm-serving", "llama3-8b-predictor-00001-deployment-6d9c7b8f5-x2k4q"
    image = "registry.example.com/ml/triton-vllm-flashinfer:24.07"
    env = [{"name": "VLLM_ATTENTION_BACKEND", "value": "FLASHINFER"},
           {"name": "PORT", "value": "8080"},
           {"name": "K_REVISION", "value": "llama3-8b-predictor-00001"}]
    pod = w.pod(ns, name, node=node, gpu=0, containers=("kserve-container", "queue-proxy"), image=image,
                owner=("ReplicaSet", "llama3-8b-predictor-00001-deployment-6d9c7b8f5"), env=env,
                labels={"serving.kserve.io/inferenceservice": "llama3-8b", "component": "predictor",
                        "serving.knative.dev/revision": "llama3-8b-predictor-00001"},
                cpu="1", memory="2Gi", ready=False)
    kc, qp = pod["spec"]["containers"]
    kc["resources"] = {"limits": {"cpu": "1", "memory": "2Gi"}, "requests": {"cpu": "1", "memory": "2Gi"}}
    qp["image"] = "gcr.io/knative-releases/knative.dev/serving/cmd/queue@sha256:8e3f1c0d7b2a5e4f6c9d8b7a0e1f2c3d4b5a6978e1d2c3b4a5f6e7d8c9b0a1f2"
    qp["resources"] = {"requests": {"cpu": "25m"}}
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "queue-proxy":
            s.update({"image": qp["image"], "ready": False})
        else:
            s["ready"] = False
    w.log(ns, name, "kserve-container",
          "E0820 06:41:17.523904 1 model.cc:1175] \"Failed to process the request(s) for model 'vllm_model_0_0', "
          "message: Stub process is not healthy.\"\n")
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
