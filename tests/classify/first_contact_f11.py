"""Builds first-contact batch F11 (fixtures/first-contact/batch-f11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (application layer) from public sources that no rule was written for, sampled with
the fixed query list in the batch README (this round's pool: all four corpora of the `search` tool at once:
`issues`, `pages`, `docs`, `code`, 18 queries each). Each builder places the case's text verbatim where a collector
would have found it (or, for a prose case, builds only the cluster state the source describes) and builds the
cluster state the source describes. The expected answer was reasoned from the source (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f11      # (re)writes fixtures/first-contact/batch-f11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f11", "F11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

NVIDIA_RUNTIMECLASS = {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": {"name": "nvidia"},
                       "handler": "nvidia"}


def _info(kubelet: str, containerd: str, kernel: str, os_image: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


def _times(p: dict, created: str, started: str) -> None:
    p["metadata"]["creationTimestamp"] = created
    p["status"]["startTime"] = created
    for cond in p["status"].get("conditions", []):
        cond["lastTransitionTime"] = started


def _plugin(w, node: str, sfx: str, *, runtime_class: str | None = None,
            img: str = "nvcr.io/nvidia/k8s-device-plugin:v0.15.0") -> None:
    """The static NVIDIA device plugin DaemonSet (kube-system) with its one Running pod on `node`."""
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"}, runtime_class=runtime_class)
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION, runtime_class=runtime_class)


def _kserve_controller(w, node: str) -> None:
    deploy_pod(w, "kserve", "kserve-controller-manager-6b8f9c7d54", "kserve-controller-manager-6b8f9c7d54-qz7xk",
               node, containers=("manager", "kube-rbac-proxy"), image="kserve/kserve-controller:v0.13.0",
               labels={"control-plane": "kserve-controller-manager"}, cpu="100m", memory="300Mi")
    w.workload("Deployment", "kserve", "kserve-controller-manager",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})


def _isvc(name: str, ns: str, args: list[str], ready: bool, reason: str, message: str, created: str) -> dict:
    return {
        "apiVersion": "serving.kserve.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": name, "namespace": ns, "creationTimestamp": created,
                     "annotations": {"serving.kserve.io/deploymentMode": "RawDeployment"}},
        "spec": {"predictor": {"model": {
            "modelFormat": {"name": "huggingface"}, "args": args,
            "resources": {"limits": {"cpu": "6", "memory": "24Gi", "nvidia.com/gpu": "1"},
                          "requests": {"cpu": "6", "memory": "24Gi", "nvidia.com/gpu": "1"}}}}},
        "status": {"conditions": [
            {"type": "IngressReady", "status": "True", "lastTransitionTime": created},
            {"type": "PredictorReady", "status": "True" if ready else "False",
             **({} if ready else {"reason": reason, "message": message}), "lastTransitionTime": created},
            {"type": "Ready", "status": "True" if ready else "False",
             **({} if ready else {"reason": reason, "message": message}), "lastTransitionTime": created}],
            "modelStatus": {"states": {"activeModelState": "Loaded" if ready else "",
                                       "targetModelState": "Loaded" if ready else "Pending"},
                            "transitionStatus": "UpToDate" if ready else "InProgress"}}}


# ---- ff1101: KServe vLLM backend on k3d without the nvidia RuntimeClass (blog.gitcode.com 900d7492) -------------

@case("ff1101", pod_subj("huggingface-llama2-predictor-7c9f6d8b54-m4kqz", "default"),
      "A single-node k3d cluster (k3s v1.29.6+k3s2 inside docker, containerd 1.7.17-k3s1; versions, names, the GPU "
      "model and the image tags assumed: the article names none) whose node k3d-gpu-server-0 has one NVIDIA GPU "
      "(RTX 4090 assumed) advertised as nvidia.com/gpu 1 by the NVIDIA device plugin DaemonSet in kube-system "
      "(1 desired / 1 ready, its pod started with runtimeClassName nvidia); the RuntimeClass `nvidia` exists, but "
      "nvidia is not the node's default containerd runtime (the article's cause; a runtime default a bundle does "
      "not collect); KServe v0.13.0 (controller 1/1 Running in kserve) in RawDeployment mode; in default the "
      "InferenceService huggingface-llama2 (the article's own name; huggingface model format, vLLM backend, "
      "nvidia.com/gpu 1, no runtimeClassName) not Ready, its predictor Deployment 0/1 available and the predictor "
      "pod in CrashLoopBackOff (restart count 6 assumed) with a BackOff event; the pod's previous log ends with the "
      "article's error line, written in KServe's log format (timestamp, pid and source location illustrative); "
      "the GPU is allocated to the crashing pod, so no other GPU pod is placed.")
def _(w, t):
    w.git_version = "v1.29.6+k3s2"
    info = _info("v1.29.6+k3s2", "containerd://1.7.17-k3s1", "6.8.0-45-generic", "K3s v1.29.6+k3s2")
    node = "k3d-gpu-server-0"
    host_node(w, node, gpus=1, info=info,
              labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                      "node.kubernetes.io/instance-type": "k3s"})
    sized(w.get_node(node), "24", "65624780Ki")
    _plugin(w, node, "5xq2w", runtime_class="nvidia")
    w.custom["runtimeclasses.node.k8s.io"] = [dict(NVIDIA_RUNTIMECLASS)]
    _kserve_controller(w, node)

    ns, isvc = "default", "huggingface-llama2"
    rs = f"{isvc}-predictor-7c9f6d8b54"
    pod = f"{rs}-m4kqz"
    image = "kserve/huggingfaceserver:v0.13.0"
    args = ["--model_name=llama2", "--model_id=meta-llama/Llama-2-7b-chat-hf"]
    p = deploy_pod(w, ns, rs, pod, node, containers=("kserve-container",), image=image,
                   labels={"serving.kserve.io/inferenceservice": isvc, "app": f"isvc.{isvc}-predictor",
                           "component": "predictor"}, cpu="6", memory="24Gi")
    c = p["spec"]["containers"][0]
    c["args"] = args
    c["env"] = [{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-secret", "key": "HF_TOKEN"}}}]
    c["resources"] = {"limits": {"cpu": "6", "memory": "24Gi", "nvidia.com/gpu": "1"},
                      "requests": {"cpu": "6", "memory": "24Gi", "nvidia.com/gpu": "1"}}
    crashloop(p, "kserve-container", restarts=6, code=1)
    _times(p, "2026-11-29T14:21:40Z", "2026-11-29T14:21:42Z")
    log = f"2026-11-29 14:57:33.108 1 kserve ERROR [__main__.py:<module>():254] {t}\n"
    w.log(ns, pod, "kserve-container", log, previous=True)
    backoff(w, ns, pod, "kserve-container", node, count=27)
    w.workload("Deployment", ns, f"{isvc}-predictor", template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability.",
                                       "lastTransitionTime": "2026-11-29T14:21:40Z"}]})
    w.ns_custom[("inferenceservices.serving.kserve.io", ns)] = [
        _isvc(isvc, ns, args, False, "MinimumReplicasUnavailable",
              "Deployment does not have minimum availability.", "2026-11-29T14:21:38Z")]
    w.target("Pod", ns, pod)


# ---- ff1102: KServe HF text-embedding model, GPU inference tensors on two devices (blog.gitcode.com 8a1bb9e0) -----

@case("ff1102", pod_subj("embedding-predictor-5d7b9c6f48-tr6pn", "kserve-test"),
      "A kubeadm-style Kubernetes v1.30.4 cluster on containerd 1.7.20 (the article names no distribution; "
      "versions, names, the GPU model and the image tags assumed) with a control-plane node and one GPU node "
      "gpu-node-1 (one NVIDIA L4, host driver 550.90.07 and NVIDIA container toolkit with nvidia as containerd's "
      "default runtime, static NVIDIA device plugin DaemonSet in kube-system 1 desired / 1 ready) advertising "
      "nvidia.com/gpu 1; KServe v0.14.0 (controller 1/1 Running) in RawDeployment mode; in kserve-test the "
      "InferenceService embedding (huggingface model format, --task=text_embedding, --model_id=thenlper/gte-base, "
      "nvidia.com/gpu 1) Ready, its predictor pod Running and Ready with no restart (the server starts and loads the "
      "model on cuda); the pod's current log holds illustrative startup lines and, for each inference request, an "
      "ERROR line with the article's error message verbatim (KServe's log format, timestamps illustrative) and a "
      "500 response line: the requests fail while the pod stays healthy.")
def _(w, t):
    w.git_version = "v1.30.4"
    info = _info("v1.30.4", "containerd://1.7.20", "5.15.0-119-generic", "Ubuntu 22.04.4 LTS")
    gpu = "gpu-node-1"
    host_node(w, gpu, gpus=1, info=info)
    sized(w.get_node(gpu), "16", "65842028Ki")
    cp = w.node("k8s-control-plane", cpu="4", memory="8148380Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **info)
    _plugin(w, gpu, "w7k2p")
    _kserve_controller(w, gpu)

    ns, isvc = "kserve-test", "embedding"
    rs = f"{isvc}-predictor-5d7b9c6f48"
    pod = f"{rs}-tr6pn"
    args = ["--model_name=embedding", "--model_id=thenlper/gte-base", "--task=text_embedding"]
    p = deploy_pod(w, ns, rs, pod, gpu, containers=("kserve-container",), image="kserve/huggingfaceserver:v0.14.0-gpu",
                   labels={"serving.kserve.io/inferenceservice": isvc, "app": f"isvc.{isvc}-predictor",
                           "component": "predictor"}, cpu="2", memory="8Gi")
    c = p["spec"]["containers"][0]
    c["args"] = args
    c["resources"] = {"limits": {"cpu": "2", "memory": "8Gi", "nvidia.com/gpu": "1"},
                      "requests": {"cpu": "2", "memory": "8Gi", "nvidia.com/gpu": "1"}}
    _times(p, "2026-11-29T14:10:05Z", "2026-11-29T14:11:02Z")
    lines = ["2026-11-29 14:10:41.217 1 kserve INFO [model_server.py:register_model():398] Registering model: embedding",
             "2026-11-29 14:10:58.904 1 kserve INFO [__main__.py:load_model():220] Loaded model embedding on device cuda",
             "2026-11-29 14:11:01.332 1 uvicorn.error INFO:     Uvicorn running on http://0.0.0.0:8080 "
             "(Press CTRL+C to quit)"]
    for ts in ("14:52:17.640", "14:52:48.113", "14:53:20.975"):
        lines.append(f"2026-11-29 {ts} 1 kserve ERROR [errors.py:generic_exception_handler():108] "
                     f"Exception: RuntimeError: {t}")
        lines.append(f"2026-11-29 {ts} 1 kserve.trace INFO:     10.244.1.1:51842 - "
                     "\"POST /v1/models/embedding:predict HTTP/1.1\" 500 Internal Server Error")
    w.log(ns, pod, "kserve-container", "\n".join(lines) + "\n")
    w.workload("Deployment", ns, f"{isvc}-predictor", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ev = w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", type="Normal",
                 component="default-scheduler")
    ev.update({"firstTimestamp": "2026-11-29T14:10:05Z", "lastTimestamp": "2026-11-29T14:10:05Z"})
    w.ns_custom[("inferenceservices.serving.kserve.io", ns)] = [
        _isvc(isvc, ns, args, True, "", "", "2026-11-29T14:10:03Z")]
    w.target("Pod", ns, pod)


# ---- ff1103: Kubeflow notebook on k3s sees no GPU without runtimeClassName (kubeflow/manifests#2683) ---------------

@case("ff1103", pod_subj("gpu-notebook-0", "kubeflow-user-example-com"),
      "A single-node k3s v1.28.8+k3s1 cluster (containerd 1.7.11-k3s2; versions, names, the GPU model and the image "
      "tags assumed: the issue names none) with the NVIDIA GPU Operator (driver, toolkit, device plugin, GFD and "
      "validator pods Running, every operand with runtimeClassName nvidia) and the RuntimeClass `nvidia`; the node "
      "k3s-gpu-01 (one NVIDIA RTX A6000) advertises nvidia.com/gpu 1; k3s's containerd keeps runc as its default "
      "runtime (the thread's cause; the containerd config is not in a bundle); a test pod cuda-vectoradd with "
      "runtimeClassName nvidia has Completed (the issue: test pods see the GPU; its log illustrative 'Test PASSED'); "
      "Kubeflow 1.8 with the notebook controller and the Jupyter web app Running in kubeflow; in "
      "kubeflow-user-example-com the Notebook gpu-notebook (a PyTorch CUDA Jupyter image, nvidia.com/gpu 1 chosen in "
      "the dashboard, no runtimeClassName, which the Kubeflow manifests give no way to set) with its StatefulSet 1/1 "
      "and the pod gpu-notebook-0 Running and Ready on the GPU node (its log illustrative Jupyter startup lines). "
      "The reporter's sentence (the case's text) is prose and is NOT in the bundle: torch.cuda.is_available() "
      "returning False is seen only inside the notebook.")
def _(w, t):
    w.git_version = "v1.28.8+k3s1"
    node = "k3s-gpu-01"
    w.gpu_node(node, gpus=1, product="NVIDIA-RTX-A6000", memory_mib=49140,
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s"})
    node_info(w.get_node(node), **_info("v1.28.8+k3s1", "containerd://1.7.11-k3s2", "5.15.0-105-generic",
                                        "Ubuntu 22.04.4 LTS"))
    sized(w.get_node(node), "32", "131811020Ki")
    w.custom["runtimeclasses.node.k8s.io"] = [dict(NVIDIA_RUNTIMECLASS)]

    test = w.pod("default", "cuda-vectoradd", node=node, gpu=1, phase="Succeeded", containers=("cuda-vectoradd",),
                 image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1-ubuntu20.04", runtime_class="nvidia",
                 cpu="100m", memory="128Mi")
    test["spec"]["restartPolicy"] = "OnFailure"
    w.log("default", "cuda-vectoradd", "cuda-vectoradd",
          "[Vector addition of 50000 elements]\nCopy input data from the host memory to the CUDA device\n"
          "CUDA kernel launch with 196 blocks of 256 threads\nCopy output data from the CUDA device to the host memory\n"
          "Test PASSED\nDone\n")

    for ctl, rs, sfx, img in (
            ("notebook-controller-deployment", "notebook-controller-deployment-7b9d8c6f5", "k2x9p",
             "docker.io/kubeflownotebookswg/notebook-controller:v1.8.0"),
            ("jupyter-web-app-deployment", "jupyter-web-app-deployment-5c8f7d9b46", "v7m3q",
             "docker.io/kubeflownotebookswg/jupyter-web-app:v1.8.0")):
        deploy_pod(w, "kubeflow", rs, f"{rs}-{sfx}", node, containers=(ctl.split("-deployment")[0],), image=img,
                   labels={"app": ctl.split("-deployment")[0]}, cpu="100m", memory="256Mi")
        w.workload("Deployment", "kubeflow", ctl,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})

    ns, nb = "kubeflow-user-example-com", "gpu-notebook"
    image = "kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.8.0"
    p = w.pod(ns, f"{nb}-0", node=node, gpu=1, containers=(nb,), image=image, owner=("StatefulSet", nb),
              labels={"app": nb, "notebook-name": nb, "statefulset": nb,
                      "statefulset.kubernetes.io/pod-name": f"{nb}-0"},
              tolerations=GPU_TOLERATION, cpu="500m", memory="1Gi",
              env=[{"name": "NB_PREFIX", "value": f"/notebook/{ns}/{nb}"}])
    p["spec"]["containers"][0]["ports"] = [{"containerPort": 8888, "name": "notebook-port", "protocol": "TCP"}]
    p["spec"]["containers"][0]["resources"] = {"limits": {"cpu": "600m", "memory": "1.2Gi",
                                                          "nvidia.com/gpu": "1"},
                                               "requests": {"cpu": "500m", "memory": "1Gi", "nvidia.com/gpu": "1"}}
    _times(p, "2026-11-29T14:31:12Z", "2026-11-29T14:32:40Z")
    w.log(ns, f"{nb}-0", nb,
          "[I 2026-11-29 14:32:38.411 ServerApp] Jupyter Server 2.10.0 is running at:\n"
          f"[I 2026-11-29 14:32:38.411 ServerApp] http://{nb}-0:8888/notebook/{ns}/{nb}/lab\n"
          "[I 2026-11-29 14:41:07.902 ServerApp] Kernel started: 3f1c9a2e-7b64-4d0e-9a51-2c8d6e0f4b17\n")
    w.workload("StatefulSet", ns, nb, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1})
    w.ns_custom[("notebooks.kubeflow.org", ns)] = [{
        "apiVersion": "kubeflow.org/v1", "kind": "Notebook",
        "metadata": {"name": nb, "namespace": ns, "creationTimestamp": "2026-11-29T14:31:10Z"},
        "spec": {"template": {"spec": {"containers": [{
            "name": nb, "image": image,
            "resources": {"limits": {"nvidia.com/gpu": "1"}, "requests": {"cpu": "500m", "memory": "1Gi"}}}]}}},
        "status": {"readyReplicas": 1, "containerState": {"running": {"startedAt": "2026-11-29T14:32:37Z"}},
                   "conditions": [{"type": "Ready", "status": "True",
                                   "lastProbeTime": "2026-11-29T14:32:40Z"}]}}]
    w.target("Pod", ns, f"{nb}-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
