"""First-contact batch F7 (fixtures/first-contact/batch-f7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from repository documentation files (this round's pool: the `search` tool's
`code` corpus: a GPU test image's troubleshooting guide, a model server's troubleshooting page) that no rule was
written for, in the application layer, sampled with the fixed query list in the batch README. Each builder places
the case's text verbatim where a collector would have found it and builds the cluster state the file describes.
The expected answer was reasoned from the file (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Version strings and names the file does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f7      # (re)writes fixtures/first-contact/batch-f7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f7", "F7", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

_UBUNTU_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
                "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
                "kubeProxyVersion": "v1.31.4"}


# ---- ff701: gpu_cluster_testing image, PyTorch import fails on an HPC-X library conflict ---------

_FF701_LOG_HEAD = (
    "==========================================\n"
    "GPU Cluster Acceptance Test\n"
    "==========================================\n"
    "Checking Python environment...\n"
)


@case("ff701", pod_subj("gpu-cluster-test-single-7xk2q", "gpu-tests"),
      "Kubernetes cluster (the guide names no distribution; the project's examples target Nebius Managed "
      "Kubernetes, Ubuntu 22.04 / containerd / kubelet 1.31 strings assumed) with one GPU node carrying one NVIDIA "
      "H100 80GB (GPU model assumed), a host-installed driver and toolkit and the NVIDIA device plugin in "
      "kube-system advertising nvidia.com/gpu 1; in namespace gpu-tests a Job `gpu-cluster-test-single` (name "
      "after the project's single-GPU example, assumed) runs an image of the project built before its v1.0 "
      "entrypoint fix (tag assumed), requesting one GPU, with no LD_LIBRARY_PATH in its env; its container exits "
      "with code 1 right after start and is in CrashLoopBackOff (4 restarts assumed); its previous log holds the "
      "tool's start-up banner (illustrative) and the guide's two lines (verbatim).")
def _(w, t):
    ns = "gpu-tests"
    node = "gpu-h100-node-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"}, info=_UBUNTU_INFO)
    sized(w.get_node(node), "16", "205520896Ki")
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-5mq8t", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    name = "gpu-cluster-test-single-7xk2q"
    pod = w.pod(ns, name, node=node, gpu=1, containers=("gpu-test",),
                image="ghcr.io/ahmabboud/gpu_cluster_testing:0.9.0",
                labels={"job-name": "gpu-cluster-test-single", "app": "gpu-cluster-test"},
                owner=("Job", "gpu-cluster-test-single"), tolerations=GPU_TOLERATION, cpu="8", memory="32Gi",
                volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "8Gi"}}],
                mounts=[{"name": "dshm", "mountPath": "/dev/shm"}], ready=False)
    crashloop(pod, "gpu-test", restarts=4)
    pod["spec"]["restartPolicy"] = "OnFailure"
    pod["spec"]["containers"][0]["args"] = ["--model", "resnet50", "--batch-size", "128"]
    w.log(ns, name, "gpu-test", _FF701_LOG_HEAD + t.strip() + "\n", previous=True)
    backoff(w, ns, name, "gpu-test", node, count=9)
    job = w.workload("Job", ns, "gpu-cluster-test-single", template_pod=pod,
                     status={"active": 1, "ready": 0})
    job["spec"].pop("replicas", None)
    job["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 6})
    w.target("Pod", ns, name)


# ---- ff702: Xinference worker, gated Llama 2 launched without a Hugging Face token ---------------

def _ff702_worker_log(text: str) -> str:
    return ("2026-11-29 14:31:02,118 xinference.core.worker 1 INFO     Starting metrics export server at "
            "0.0.0.0:None\n"
            "2026-11-29 14:31:02,441 xinference.core.worker 1 INFO     Xinference worker 10.244.1.12:30001 "
            "started\n"
            "2026-11-29 14:47:19,806 xinference.core.worker 1 INFO     [request 6b1f0c2e] Enter launch_builtin_model, "
            "args: <xinference.core.worker.WorkerActor object>, kwargs: model_uid=llama-2-chat-1-0,"
            "model_name=llama-2-chat,model_size_in_billions=7,model_format=pytorch,quantization=none\n"
            f"{text.strip()}\n")


@case("ff702", pod_subj("xinference-worker-0", "xinference"),
      "Kubernetes cluster (the page names no distribution; kubeadm-style, Ubuntu 22.04 / containerd / kubelet "
      "1.31 strings assumed) with one CPU node and one GPU node carrying one NVIDIA L40S (GPU model assumed; "
      "host-installed driver and toolkit, NVIDIA device plugin in kube-system advertising nvidia.com/gpu 1); "
      "Xinference in namespace xinference (a supervisor Deployment on the CPU node and a worker StatefulSet "
      "requesting one GPU, image xprobe/xinference:v0.16.3, names and version assumed), both Running and Ready; "
      "the worker's environment has no HF_TOKEN or HUGGING_FACE_HUB_TOKEN and mounts no token Secret; a user's "
      "launch of meta-llama/Llama-2-7b-hf (as llama-2-chat, assumed) fails and the worker's current log holds "
      "Xinference's launch line (illustrative) followed by the page's message (verbatim). No event is recorded.")
def _(w, t):
    ns = "xinference"
    w.node("cpu-node-1", cpu="16", memory="65842452Ki")
    w.get_node("cpu-node-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    node = "gpu-l40s-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-L40S"}, info=_UBUNTU_INFO)
    sized(w.get_node(node), "48", "394694488Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-q7w2r", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    image = "xprobe/xinference:v0.16.3"
    sup = w.pod(ns, "xinference-supervisor-6d9c7b8f5-k4m2x", node="cpu-node-1", gpu=0,
                containers=("xinference-supervisor",), image=image,
                labels={"app.kubernetes.io/name": "xinference", "app.kubernetes.io/component": "supervisor"},
                owner=("ReplicaSet", "xinference-supervisor-6d9c7b8f5"), cpu="2", memory="4Gi")
    sup["spec"]["containers"][0]["command"] = ["xinference-supervisor", "-H", "0.0.0.0", "--port", "9997"]
    w.log(ns, "xinference-supervisor-6d9c7b8f5-k4m2x", "xinference-supervisor",
          "2026-11-29 14:30:51,702 xinference.core.supervisor 1 INFO     Xinference supervisor "
          "10.244.0.21:30001 started\n"
          "2026-11-29 14:30:55,318 xinference.api.restful_api 1 INFO     Starting Xinference at endpoint: "
          "http://0.0.0.0:9997\n")
    w.workload("Deployment", ns, "xinference-supervisor", template_pod=sup,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    worker = w.pod(ns, "xinference-worker-0", node=node, gpu=1, containers=("xinference-worker",), image=image,
                   labels={"app.kubernetes.io/name": "xinference", "app.kubernetes.io/component": "worker"},
                   owner=("StatefulSet", "xinference-worker"), tolerations=GPU_TOLERATION, cpu="8",
                   memory="48Gi", env=[{"name": "XINFERENCE_HOME", "value": "/data/xinference"}],
                   volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "xinference-data"}},
                            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "16Gi"}}],
                   mounts=[{"name": "data", "mountPath": "/data"}, {"name": "dshm", "mountPath": "/dev/shm"}])
    worker["spec"]["containers"][0]["command"] = [
        "xinference-worker", "-e", "http://xinference-supervisor.xinference.svc.cluster.local:9997",
        "-H", "0.0.0.0"]
    w.log(ns, "xinference-worker-0", "xinference-worker", _ff702_worker_log(t))
    w.workload("StatefulSet", ns, "xinference-worker", template_pod=worker,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1, "observedGeneration": 1})
    w.target("Pod", ns, "xinference-worker-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
