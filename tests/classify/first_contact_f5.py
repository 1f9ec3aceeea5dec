"""First-contact batch F5 (fixtures/first-contact/batch-f5/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public web pages (the `pages` corpus: a Gitea mirror's commit and README, a
vendor troubleshooting article, an engineering post-mortem) that no rule was written for, in the application
layer, sampled with the fixed query list in the batch README (prose cases admitted). Each builder places the
case's text verbatim where a collector would have found it (prose texts are not placed) and builds the cluster
state the page describes. The expected answer was reasoned from the page (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f5      # (re)writes fixtures/first-contact/batch-f5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, app_pod, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f5", "F5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"ff501", "ff503"}

_UBUNTU_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
                "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
                "kubeProxyVersion": "v1.31.4"}


# ---- application layer -----------------------------------------------------------------------

# SGLang's own start-up lines (illustrative; the page quotes no log), the server answering /health slowly but OK
_FF501_LOG = (
    "[2026-04-11 23:41:07] server_args=ServerArgs(model_path='mistralai/Mistral-Small-3.1-24B-Instruct-2503', "
    "host='0.0.0.0', port=8000, tp_size=1)\n"
    "[2026-04-11 23:44:52] INFO:     Started server process [1]\n"
    "[2026-04-11 23:44:52] INFO:     Waiting for application startup.\n"
    "[2026-04-11 23:44:52] INFO:     Application startup complete.\n"
    "[2026-04-11 23:44:52] INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n"
    "[2026-04-11 23:44:58] INFO:     10.244.1.1:51744 - \"GET /health HTTP/1.1\" 200 OK\n"
)


@case("ff501", pod_subj("vllm-mistral-deployment-vllm-6c9f8d7b54-q7x2m", "default"),
      "Kubernetes cluster (distribution and versions not stated; Ubuntu 22.04 / containerd / kubelet 1.31 strings "
      "assumed) with one GPU worker with one NVIDIA L40S (GPU model and count assumed), a host-installed driver and "
      "toolkit, and the NVIDIA device plugin (Helm chart, kube-system) advertising nvidia.com/gpu 1; the vLLM "
      "production-stack Helm chart's serving-engine Deployment (names after the chart's pattern, model "
      "Mistral-Small assumed from the repository's later Mistral tool-parser commit) runs the vllm-to-sglang shim "
      "image (registry and tag assumed) before this commit: SGLang answers on the original port 8000; the "
      "container's startupProbe is the chart's httpGet /health on 8000 with the 1 s default timeout (period and "
      "failureThreshold assumed). The pod is Running and not Ready, its container not started, restarted twice "
      "(last exit code 143 after the kubelet's SIGTERM, assumed); kubelet Unhealthy events (x46) carry the startup "
      "probe's timeout in the kubelet's usual wording (the README quotes it shortened as `Startup probe failed: "
      "context deadline exceeded`; pod IP illustrative) and Killing events (x2) its restarts; the container's "
      "current log holds SGLang's start-up lines and a slow but successful /health (illustrative). The text is "
      "prose and not placed.")
def _(w, t):
    node = "gpu-worker-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-L40S"}, info=_UBUNTU_INFO)
    sized(w.get_node(node), "32", "263842452Ki")
    w.node("cpu-worker-1", cpu="16", memory="65842452Ki")
    w.get_node("cpu-worker-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    p = plugin_pod(w, node, "nvidia-device-plugin-7rk4d", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    ns, name = "default", "vllm-mistral-deployment-vllm-6c9f8d7b54-q7x2m"
    probes = {"startupProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                               "initialDelaySeconds": 15, "periodSeconds": 10, "timeoutSeconds": 1,
                               "successThreshold": 1, "failureThreshold": 60},
              "livenessProbe": {"httpGet": {"path": "/health", "port": 8000, "scheme": "HTTP"},
                                "initialDelaySeconds": 15, "periodSeconds": 10, "timeoutSeconds": 1,
                                "successThreshold": 1, "failureThreshold": 3},
              "ports": [{"containerPort": 8000, "name": "container-port", "protocol": "TCP"}],
              "command": ["vllm", "serve", "mistralai/Mistral-Small-3.1-24B-Instruct-2503", "--host", "0.0.0.0",
                          "--port", "8000"]}
    status = {"vllm": {"state": {"running": {"startedAt": T1}}, "started": False, "ready": False, "restartCount": 2,
                       "lastState": {"terminated": {"exitCode": 143, "reason": "Error", "startedAt": T0,
                                                    "finishedAt": T1}}}}
    w.pod(ns, name, node=node, gpu=1, containers=("vllm",), image="registry.example.com/ml/vllm-to-sglang:0.4",
          labels={"model": "mistral", "helm-release-name": "vllm", "environment": "test"},
          owner=("ReplicaSet", "vllm-mistral-deployment-vllm-6c9f8d7b54"), probes=probes, statuses=status,
          ready=False, cpu="8", memory="48Gi", tolerations=GPU_TOLERATION,
          env=[{"name": "HF_HOME", "value": "/data"}])
    w.log(ns, name, "vllm", _FF501_LOG)
    w.event(ns, "Pod", name, "Unhealthy",
            'Startup probe failed: Get "http://10.244.1.7:8000/health": context deadline exceeded '
            "(Client.Timeout exceeded while awaiting headers)", count=46, host=node, field_path="spec.containers{vllm}")
    w.event(ns, "Pod", name, "Killing", "Container vllm failed startup probe, will be restarted", type="Normal",
            count=2, host=node, field_path="spec.containers{vllm}")
    w.target("Pod", ns, name)


# NCCL's warning with the usual `host:pid:tid [rank]` prefix NCCL prints (prefix illustrative; the line after it is
# the article's, verbatim)
_FF502_PREFIX = "ddp-train-worker-0:112:140 [0] "


@case("ff502", pod_subj("ddp-train-worker-0", "ml-train"),
      "Kubernetes cluster (not stated by the article; kubeadm-style, Ubuntu 22.04 / containerd / kubelet 1.31 "
      "strings assumed) with one GPU worker with 4 NVIDIA A10G on PCIe (no NVLink; GPU model and count assumed), a "
      "host-installed driver and toolkit and the NVIDIA device plugin (Helm chart, kube-system) advertising "
      "nvidia.com/gpu 4; a single-node PyTorch DDP training pod (StatefulSet `ddp-train`, torchrun "
      "--nproc_per_node=4 with NCCL_DEBUG=WARN; names and image assumed) requests the 4 GPUs and mounts no "
      "memory-backed volume at /dev/shm, so its container has the runtime's 64 MiB default; it crash-loops (exit "
      "code 1, 5 restarts assumed) and its previous log holds the article's NCCL warning (verbatim, after "
      "NCCL's usual host:pid:tid [rank] prefix, illustrative).")
def _(w, t):
    node = "gpu-worker-a10g-1"
    host_node(w, node, gpus=4, labels={"nvidia.com/gpu.product": "NVIDIA-A10G"}, info=_UBUNTU_INFO)
    sized(w.get_node(node), "48", "196472564Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-m2c8v", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    ns, name = "ml-train", "ddp-train-worker-0"
    env = [{"name": "NCCL_DEBUG", "value": "WARN"}, {"name": "OMP_NUM_THREADS", "value": "8"}]
    pod = app_pod(w, name, _FF502_PREFIX + t.strip() + "\n", ns=ns, node=node, container="trainer", gpu=4,
                  image="nvcr.io/nvidia/pytorch:24.05-py3", restarts=5, owner=("StatefulSet", "ddp-train"),
                  env=env, cpu="40", memory="160Gi", tolerations=GPU_TOLERATION,
                  volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "ddp-train-data"}}],
                  mounts=[{"name": "data", "mountPath": "/data"}])
    pod["spec"]["containers"][0]["command"] = ["torchrun", "--standalone", "--nproc_per_node=4", "/workspace/train.py"]
    backoff(w, ns, name, "trainer", node, count=18)
    w.target("Pod", ns, name)


@case("ff503", pod_subj("torch-gpu-check-7x9qk", "ml-platform"),
      "Kubernetes cluster on AWS (EKS assumed; the post names Kubernetes and, per its digest, Amazon Linux 2 hosts) "
      "with a GPU node group of g4dn.xlarge nodes (one Tesla T4, the GPU the post's program should print; instance "
      "type, AMI and version strings assumed for mid 2021) running the host driver and nvidia-container-runtime of "
      "the EKS-optimized accelerated AMI, and the NVIDIA device plugin DaemonSet (kube-system) advertising "
      "nvidia.com/gpu 1; an ML platform user's Job pod (names assumed) runs the team's first Nix-built CUDA base "
      "image (registry and tag assumed) whose container sets no NVIDIA_DRIVER_CAPABILITIES, carries an LD_LIBRARY_PATH that "
      "does not reach the host's driver-library mounts (value assumed) and runs "
      "`python -c 'import torch; print(torch.cuda.get_device_name(0))'`; the pod Failed (exit code 1, assumed). "
      "The post quotes no error output, so no log is modelled. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.117-58.216.amzn2.x86_64",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.6-eks-49a6c0",
            "kubeProxyVersion": "v1.19.6-eks-49a6c0"}
    node = "ip-10-12-84-31.ap-southeast-2.compute.internal"
    host_node(w, node, gpus=1, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                                       "eks.amazonaws.com/nodegroup": "ml-gpu-t4",
                                       "topology.kubernetes.io/region": "ap-southeast-2"}, info=info)
    sized(w.get_node(node), "4", "15950836Ki")
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9f2lw", image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0")
    plugin_ds(w, KS, [p])
    ns, name = "ml-platform", "torch-gpu-check-7x9qk"
    status = {"check": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                 "finishedAt": T1}}, "started": False, "ready": False,
                        "restartCount": 0, "containerID": "docker://4b1e9f0c2d7a"}}
    pod = w.pod(ns, name, node=node, gpu=1, phase="Failed", containers=("check",),
                image="123456789012.dkr.ecr.ap-southeast-2.amazonaws.com/ml-platform/nix-cuda-base:2021.06.1",
                labels={"job-name": "torch-gpu-check"}, owner=("Job", "torch-gpu-check"), statuses=status,
                ready=False, cpu="2", memory="8Gi", tolerations=GPU_TOLERATION)
    c = pod["spec"]["containers"][0]
    c["command"] = ["python", "-c", "import torch; print(torch.cuda.get_device_name(0))"]
    c["env"] = [{"name": "LD_LIBRARY_PATH", "value": "/lib:/usr/lib"}]
    pod["spec"]["restartPolicy"] = "Never"
    for cond in pod["status"]["conditions"]:
        if cond["type"] in ("Ready", "ContainersReady"):
            cond["status"] = "False"
            cond["reason"] = "PodFailed"
    job = w.workload("Job", ns, "torch-gpu-check", template_pod=pod,
                     status={"failed": 1, "startTime": T0,
                             "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                             "message": "Job has reached the specified backoff limit",
                                             "lastTransitionTime": T1}]})
    job["spec"].pop("replicas", None)
    job["spec"]["backoffLimit"] = 0
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
