"""First-contact batch F6 (fixtures/first-contact/batch-f6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from documentation pages (this round's pool: the `search` tool's `docs` corpus:
a project's troubleshooting page, a serving operator's troubleshooting guide, the KubeRay troubleshooting guide, a
vendor's model-serving documentation, a library's debugging guide) that no rule was written for, in the application
layer, sampled with the fixed query list in the batch README (prose cases admitted). Each builder places the case's
text verbatim where a collector would have found it (prose texts are not placed) and builds the cluster state the
page describes. The expected answer was reasoned from the page (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f6      # (re)writes fixtures/first-contact/batch-f6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0, T1, T2
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f6", "F6", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"ff603", "ff604", "ff605"}

_UBUNTU_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
                "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
                "kubeProxyVersion": "v1.31.4"}


def _not_ready(pod: dict) -> None:
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"


# ---- ff601: vLLM multi-node serving, NCCL communicator fails (no IPC_LOCK, no /dev/shm) ----------

_FF601_LEADER_LOG_HEAD = (
    "INFO 11-29 14:52:10 [__init__.py:239] Automatically detected platform cuda.\n"
    "INFO 11-29 14:52:14 [api_server.py:1043] vLLM API server version 0.9.1\n"
    "INFO 11-29 14:52:31 [config.py:1957] Defaulting to use ray for distributed inference\n"
    "INFO 11-29 14:52:31 [ray_utils.py:334] Connecting to existing Ray cluster at address: 10.244.1.7:6379...\n"
)


@case("ff601", pod_subj("vllm-llama-70b-0", "llm-serving"),
      "Kubernetes cluster on-prem (the page names no distribution; kubeadm-style, Ubuntu 22.04 / containerd / "
      "kubelet 1.31 strings assumed) with two GPU nodes, each with 8 NVIDIA H100 80GB (GPU model assumed) and an "
      "InfiniBand HCA exposed by the RDMA shared device plugin as `rdma/rdma_shared_device_a` (resource name and "
      "count assumed), a host-installed driver and toolkit, and the NVIDIA device plugin (Helm chart, kube-system) "
      "advertising nvidia.com/gpu 8 on each; a vLLM deployment on LeaderWorkerSet (group size 2: leader "
      "`vllm-llama-70b-0`, worker `vllm-llama-70b-0-1`; names, model and vLLM 0.9.1 image assumed) with "
      "--tensor-parallel-size 8 --pipeline-parallel-size 2 over Ray, NCCL_IB_HCA set, each pod requesting 8 GPUs "
      "and one RDMA device; the pod template has no securityContext capabilities (no IPC_LOCK) and no /dev/shm "
      "volume (assumed: a template written without the page's GPUDirect RDMA setup). The leader crash-loops (exit "
      "code 1, 4 restarts assumed); its previous log holds vLLM's start-up lines (illustrative) and the page's "
      "traceback (verbatim); the worker pod (Ray worker) is Running, restarted with its group (assumed), no log "
      "modelled.")
def _(w, t):
    ns = "llm-serving"
    rdma = "rdma/rdma_shared_device_a"
    nodes = ["gpu-h100-01", "gpu-h100-02"]
    plugin_pods = []
    for i, node in enumerate(nodes):
        host_node(w, node, gpus=8, labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                                           "feature.node.kubernetes.io/rdma.available": "true"}, info=_UBUNTU_INFO)
        sized(w.get_node(node), "224", "2113645908Ki")
        n = w.get_node(node)
        n["status"]["capacity"][rdma] = "63"
        n["status"]["allocatable"][rdma] = "63"
        n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        plugin_pods.append(plugin_pod(w, node, f"nvidia-device-plugin-{'x7q2k' if i == 0 else 'm4p9d'}",
                                      ds="nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2"))
    plugin_ds(w, KS, plugin_pods, ds="nvidia-device-plugin")
    env = [{"name": "NCCL_IB_HCA", "value": "mlx5"}, {"name": "NCCL_DEBUG", "value": "INFO"},
           {"name": "HF_HOME", "value": "/models/hf"}]
    volumes = [{"name": "models", "persistentVolumeClaim": {"claimName": "llama-70b-weights"}}]
    mounts = [{"name": "models", "mountPath": "/models"}]
    image = "vllm/vllm-openai:v0.9.1"
    labels = {"leaderworkerset.sigs.k8s.io/name": "vllm-llama-70b", "leaderworkerset.sigs.k8s.io/group-index": "0"}
    leader = w.pod(ns, "vllm-llama-70b-0", node=nodes[0], gpu=8, containers=("vllm-leader",), image=image,
                   labels={**labels, "leaderworkerset.sigs.k8s.io/worker-index": "0", "role": "leader"},
                   owner=("StatefulSet", "vllm-llama-70b"), env=env, volumes=volumes, mounts=mounts,
                   tolerations=GPU_TOLERATION, cpu="64", memory="512Gi", ready=False)
    crashloop(leader, "vllm-leader", restarts=4)
    c = leader["spec"]["containers"][0]
    c["resources"]["limits"][rdma] = "1"
    c["resources"]["requests"][rdma] = "1"
    c["command"] = ["sh", "-c", "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh leader "
                                "--ray_cluster_size=$(LWS_GROUP_SIZE); python3 -m vllm.entrypoints.openai.api_server "
                                "--port 8080 --model /models/Llama-3.1-70B-Instruct --tensor-parallel-size 8 "
                                "--pipeline-parallel-size 2"]
    w.log(ns, "vllm-llama-70b-0", "vllm-leader", _FF601_LEADER_LOG_HEAD + t.strip() + "\n", previous=True)
    backoff(w, ns, "vllm-llama-70b-0", "vllm-leader", nodes[0], count=12)
    worker = w.pod(ns, "vllm-llama-70b-0-1", node=nodes[1], gpu=8, containers=("vllm-worker",), image=image,
                   labels={**labels, "leaderworkerset.sigs.k8s.io/worker-index": "1", "role": "worker"},
                   owner=("StatefulSet", "vllm-llama-70b-0"), env=env, volumes=volumes, mounts=mounts,
                   tolerations=GPU_TOLERATION, cpu="64", memory="512Gi", restarts=4)
    wc = worker["spec"]["containers"][0]
    wc["resources"]["limits"][rdma] = "1"
    wc["resources"]["requests"][rdma] = "1"
    wc["command"] = ["sh", "-c", "bash /vllm-workspace/examples/online_serving/multi-node-serving.sh worker "
                                 "--ray_address=$(LWS_LEADER_ADDRESS)"]
    w.target("Pod", ns, "vllm-llama-70b-0")


# ---- ff602: OME InferenceService without spec.model.kind for a namespaced BaseModel ---------------

def _ff602_leader_log(text: str) -> str:
    return ("2026-11-29T14:40:02Z\tINFO\tsetup\tstarting manager\n"
            "2026-11-29T14:40:02Z\tINFO\tattempting to acquire leader lease ome/ome-controller-manager-leader...\n"
            "2026-11-29T14:40:03Z\tINFO\tsuccessfully acquired lease ome/ome-controller-manager-leader\n"
            "2026-11-29T14:40:03Z\tINFO\tStarting Controller\t{\"controller\": \"inferenceservice\"}\n"
            f"2026-11-29T14:58:12Z\tERROR\t{text}\t"
            "{\"controller\": \"inferenceservice\", \"namespace\": \"demo\", \"name\": \"qwen2-5-7b\"}\n")


_FF602_FOLLOWER_LOG = (
    "2026-11-29T14:40:04Z\tINFO\tsetup\tstarting manager\n"
    "2026-11-29T14:40:04Z\tINFO\tattempting to acquire leader lease ome/ome-controller-manager-leader...\n"
)


@case("ff602", {"kind": "InferenceService", "namespace": "demo", "name": "qwen2-5-7b"},
      "Kubernetes cluster (the page names no distribution; Ubuntu 22.04 / containerd / kubelet 1.31 strings "
      "assumed) with the page's two GPU nodes gpu-node-1 and gpu-node-2 (one NVIDIA L40S each, GPU model assumed; "
      "host-installed driver and toolkit, NVIDIA device plugin in kube-system advertising nvidia.com/gpu 1), both "
      "labelled `models.ome.io/demo.basemodel.qwen2-5-7b=Ready` by OME's model agent; OME v1.3 in namespace ome "
      "(controller manager Deployment with two replicas; pod names and log lines other than the page's quoted "
      "message illustrative); in namespace demo the BaseModel qwen2-5-7b (Ready on both nodes) and the "
      "InferenceService qwen2-5-7b whose spec.model names it without a kind (so the ClusterBaseModel default "
      "applies); no engine pod exists and no event was recorded; the InferenceService has no status conditions "
      "(the page: Ready NotRecorded). The leader replica's log holds the page's line (verbatim, with a "
      "controller-runtime style prefix, illustrative).")
def _(w, t):
    nodes = ["gpu-node-1", "gpu-node-2"]
    plugin_pods = []
    for i, node in enumerate(nodes):
        host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-L40S",
                                           "models.ome.io/demo.basemodel.qwen2-5-7b": "Ready"}, info=_UBUNTU_INFO)
        sized(w.get_node(node), "48", "394694488Ki")
        plugin_pods.append(plugin_pod(w, node, f"nvidia-device-plugin-{'k2v8n' if i == 0 else 'r5t3w'}",
                                      ds="nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2"))
    plugin_ds(w, KS, plugin_pods, ds="nvidia-device-plugin")
    w.node("cpu-node-1", cpu="16", memory="65842452Ki")
    w.get_node("cpu-node-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    ome_pods = []
    for name, log in (("ome-controller-manager-7d6f9c5b8-2xkqp", _ff602_leader_log(t.strip())),
                      ("ome-controller-manager-7d6f9c5b8-9hz4m", _FF602_FOLLOWER_LOG)):
        p = w.pod("ome", name, node="cpu-node-1", gpu=0, containers=("manager",),
                  image="ghcr.io/moirai-internal/ome-manager:v1.3.0",
                  labels={"control-plane": "ome-controller-manager"},
                  owner=("ReplicaSet", "ome-controller-manager-7d6f9c5b8"), cpu="500m", memory="1Gi")
        w.log("ome", name, "manager", log)
        ome_pods.append(p)
    dep = w.workload("Deployment", "ome", "ome-controller-manager", replicas=2, template_pod=ome_pods[0],
                     status={"replicas": 2, "readyReplicas": 2, "availableReplicas": 2, "updatedReplicas": 2,
                             "observedGeneration": 1})
    dep["spec"]["selector"] = {"matchLabels": {"control-plane": "ome-controller-manager"}}
    w.ns_custom[("basemodels.ome.io", "demo")] = [{
        "apiVersion": "ome.io/v1beta1", "kind": "BaseModel",
        "metadata": {"name": "qwen2-5-7b", "namespace": "demo", "creationTimestamp": T0},
        "spec": {"modelFormat": {"name": "safetensors"}, "modelFramework": {"name": "transformers"},
                 "storage": {"storageUri": "hf://Qwen/Qwen2.5-7B-Instruct", "path": "/raid/models/qwen2-5-7b"}},
        "status": {"state": "Ready", "nodesReady": nodes}}]
    w.ns_custom[("inferenceservices.ome.io", "demo")] = [{
        "apiVersion": "ome.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": "qwen2-5-7b", "namespace": "demo", "creationTimestamp": T1, "generation": 1},
        "spec": {"model": {"name": "qwen2-5-7b"}, "engine": {"minReplicas": 1, "maxReplicas": 1}},
        "status": {}}]
    w.target("InferenceService", "demo", "qwen2-5-7b")


# ---- ff603: KubeRay head pod, Ray 2.34 dashboard agent stuck after a job is created --------------

_RAY_IMAGE = "rayproject/ray:2.34.0-py310-gpu"


def _ray_probes(kind: str, failure: int) -> dict:
    cmd = ("wget -T 2 -q -O- http://localhost:52365/api/local_raylet_healthz | grep success"
           + (" && wget -T 2 -q -O- http://localhost:8265/api/gcs_healthz | grep success" if kind == "head" else ""))
    probe = {"exec": {"command": ["bash", "-c", cmd]}, "initialDelaySeconds": 30, "periodSeconds": 5,
             "timeoutSeconds": 2, "successThreshold": 1}
    return {"readinessProbe": {**probe, "failureThreshold": 10},
            "livenessProbe": {**probe, "failureThreshold": failure}}


@case("ff603", pod_subj("rayjob-gpu-train-raycluster-head-8xk2p", "ray"),
      "Kubernetes cluster (the guide names no distribution; Ubuntu 22.04 / containerd / kubelet 1.31 strings "
      "assumed) with one CPU node for the Ray head and two GPU nodes with one NVIDIA A10G each (GPU model assumed; "
      "host-installed driver and toolkit, NVIDIA device plugin in kube-system advertising nvidia.com/gpu 1); the "
      "KubeRay operator 1.1 (namespace kuberay-system, assumed) and, in namespace ray, a RayJob `rayjob-gpu-train` "
      "whose RayCluster runs rayVersion 2.34.0 (image rayproject/ray:2.34.0-py310-gpu; inside the guide's "
      "2.11.0-2.37.0 range) with a GPU worker group of two one-GPU workers; the head pod carries KubeRay's default "
      "exec probes (wget of the dashboard agent's raylet health endpoint and of the GCS health endpoint); it is "
      "Running and not Ready, restarted 3 times (last exit code 143 after the kubelet's SIGTERM, assumed), with "
      "kubelet Unhealthy events for both probes (the probe's output `wget: download timed out`, illustrative) and "
      "Killing events for the liveness restarts; the two GPU workers are Running and Ready; the RayJob's submitter "
      "pod is Running (its `ray job submit` waiting, no log modelled). The text is prose and not placed.")
def _(w, t):
    ns = "ray"
    w.node("cpu-node-1", cpu="16", memory="65842452Ki", labels={"node.kubernetes.io/instance-type": "c-16"})
    w.get_node("cpu-node-1")["status"]["nodeInfo"].update(_UBUNTU_INFO)
    gpu_nodes = ["gpu-a10g-1", "gpu-a10g-2"]
    plugin_pods = []
    for i, node in enumerate(gpu_nodes):
        host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-A10G"}, info=_UBUNTU_INFO)
        sized(w.get_node(node), "32", "131811880Ki")
        w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        plugin_pods.append(plugin_pod(w, node, f"nvidia-device-plugin-{'c8d2f' if i == 0 else 'h6j1s'}",
                                      ds="nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.16.2"))
    plugin_ds(w, KS, plugin_pods, ds="nvidia-device-plugin")
    op = w.pod("kuberay-system", "kuberay-operator-6b8c9d7f5-q2w7e", node="cpu-node-1", gpu=0,
               containers=("kuberay-operator",), image="quay.io/kuberay/operator:v1.1.1",
               labels={"app.kubernetes.io/name": "kuberay-operator"},
               owner=("ReplicaSet", "kuberay-operator-6b8c9d7f5"), cpu="100m", memory="512Mi")
    w.workload("Deployment", "kuberay-system", "kuberay-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "observedGeneration": 1})
    cluster = "rayjob-gpu-train-raycluster"
    rlabels = {"ray.io/cluster": cluster, "app.kubernetes.io/created-by": "kuberay-operator"}
    head_name = f"{cluster}-head-8xk2p"
    head_status = {"ray-head": {"state": {"running": {"startedAt": T1}}, "started": True, "ready": False,
                                "restartCount": 3,
                                "lastState": {"terminated": {"exitCode": 143, "reason": "Error", "startedAt": T0,
                                                             "finishedAt": T1}}}}
    head = w.pod(ns, head_name, node="cpu-node-1", gpu=0, containers=("ray-head",), image=_RAY_IMAGE,
                 labels={**rlabels, "ray.io/node-type": "head", "ray.io/group": "headgroup"},
                 owner=("RayCluster", cluster), probes=_ray_probes("head", 120), statuses=head_status,
                 ready=False, cpu="8", memory="32Gi")
    head["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    head["spec"]["containers"][0]["command"] = ["/bin/bash", "-lc", "--"]
    head["spec"]["containers"][0]["args"] = ["ulimit -n 65536; ray start --head --dashboard-host=0.0.0.0 "
                                             "--num-cpus=0 --block --metrics-export-port=8080"]
    w.log(ns, head_name, "ray-head",
          "2026-11-29 14:55:41,102\tINFO usage_lib.py:467 -- Usage stats collection is enabled by default without "
          "user confirmation because this terminal is detected to be non-interactive.\n"
          "2026-11-29 14:55:41,103\tINFO scripts.py:767 -- Local node IP: 10.244.1.9\n"
          "2026-11-29 14:55:43,877\tSUCC scripts.py:804 -- Ray runtime started.\n"
          "2026-11-29 14:55:43,878\tINFO scripts.py:935 -- --block\n")
    fp = "spec.containers{ray-head}"
    w.event(ns, "Pod", head_name, "Unhealthy", "Readiness probe failed: wget: download timed out\n", count=214,
            host="cpu-node-1", field_path=fp)
    w.event(ns, "Pod", head_name, "Unhealthy", "Liveness probe failed: wget: download timed out\n", count=360,
            host="cpu-node-1", field_path=fp)
    w.event(ns, "Pod", head_name, "Killing", "Container ray-head failed liveness probe, will be restarted",
            type="Normal", count=3, host="cpu-node-1", field_path=fp)
    for i, node in enumerate(gpu_nodes):
        wname = f"{cluster}-gpu-group-worker-{'n4b7t' if i == 0 else 'z9k3m'}"
        wp = w.pod(ns, wname, node=node, gpu=1, containers=("ray-worker",), image=_RAY_IMAGE,
                   labels={**rlabels, "ray.io/node-type": "worker", "ray.io/group": "gpu-group"},
                   owner=("RayCluster", cluster), probes=_ray_probes("worker", 3), tolerations=GPU_TOLERATION,
                   cpu="8", memory="48Gi", init_containers=("wait-gcs-ready",))
        wp["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
        wp["spec"]["initContainers"][0]["image"] = _RAY_IMAGE
        for s in wp["status"].get("initContainerStatuses", []):
            s["image"] = _RAY_IMAGE
    sub = w.pod(ns, "rayjob-gpu-train-7hq4x", node="cpu-node-1", gpu=0, containers=("ray-job-submitter",),
                image=_RAY_IMAGE, labels={"job-name": "rayjob-gpu-train", "ray.io/originated-from-crd": "RayJob"},
                owner=("Job", "rayjob-gpu-train"), cpu="500m", memory="200Mi")
    sub["spec"]["restartPolicy"] = "Never"
    sub["spec"]["containers"][0]["command"] = [
        "ray", "job", "submit", "--address", f"http://{cluster}-head-svc.ray.svc.cluster.local:8265",
        "--submission-id", "rayjob-gpu-train-x2lq9", "--", "python", "/home/ray/samples/train_gpu.py"]
    job = w.workload("Job", ns, "rayjob-gpu-train", template_pod=sub,
                     status={"active": 1, "startTime": T1, "ready": 1})
    job["spec"].pop("replicas", None)
    w.ns_custom[("rayclusters.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayCluster",
        "metadata": {"name": cluster, "namespace": ns, "creationTimestamp": T0,
                     "ownerReferences": [{"apiVersion": "ray.io/v1", "kind": "RayJob", "name": "rayjob-gpu-train",
                                          "controller": True}]},
        "spec": {"rayVersion": "2.34.0",
                 "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0", "num-cpus": "0"}},
                 "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 2, "minReplicas": 2, "maxReplicas": 2,
                                       "rayStartParams": {}}]},
        "status": {"state": "ready", "availableWorkerReplicas": 2, "desiredWorkerReplicas": 2,
                   "readyWorkerReplicas": 2, "desiredGPU": "2", "lastUpdateTime": T2,
                   "head": {"podIP": "10.244.1.9", "serviceIP": "10.96.44.12"}}}]
    w.ns_custom[("rayjobs.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayJob",
        "metadata": {"name": "rayjob-gpu-train", "namespace": ns, "creationTimestamp": T0},
        "spec": {"entrypoint": "python /home/ray/samples/train_gpu.py", "shutdownAfterJobFinishes": True,
                 "rayClusterSpec": {"rayVersion": "2.34.0"}},
        "status": {"jobDeploymentStatus": "Running", "jobStatus": "PENDING", "jobId": "rayjob-gpu-train-x2lq9",
                   "rayClusterName": cluster, "startTime": T1}}]
    w.target("Pod", ns, head_name)


# ---- ff604: OpenShift AI KServe predictor past Knative's 10-minute progress deadline --------------

@case("ff604", pod_subj("granite-34b-code-predictor-00001-deployment-6f8d7c9b5d-x4k2p", "llm-serving"),
      "OpenShift Dedicated cluster with the Red Hat OpenShift AI cloud service (OpenShift 4.16, RHCOS and CRI-O "
      "strings assumed) and its single-model serving platform (KServe in Serverless mode on OpenShift Serverless / "
      "Knative Serving); one GPU worker with one NVIDIA A10G (instance type g5.8xlarge and GPU model assumed) run "
      "by the NVIDIA GPU Operator (its DaemonSet pods healthy); in project llm-serving the InferenceService "
      "granite-34b-code (vLLM ServingRuntime, storageUri s3://models/granite-34b-code-instruct in an "
      "S3-compatible bucket; names assumed) without the serving.knative.dev/progress-deadline annotation; its "
      "revision's predictor Deployment (progressDeadlineSeconds 600, Knative's default) reports "
      "Progressing=False, ProgressDeadlineExceeded; the predictor pod has been in its storage-initializer init "
      "container for 11 minutes (model download, assumed length), kserve-container and queue-proxy wait in "
      "PodInitializing; the InferenceService is not Ready, its predictor condition carrying Knative's 'Initial "
      "scale was never achieved' (illustrative wording). The text is prose and not placed.")
def _(w, t):
    ns = "llm-serving"
    node = "ip-10-0-142-17.ec2.internal"
    w.gpu_node(node, gpus=1, product="NVIDIA-A10G", memory_mib=23028,
               labels={"node.kubernetes.io/instance-type": "g5.8xlarge",
                       "node-role.kubernetes.io/worker": "", "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    n = w.get_node(node)
    n["status"]["nodeInfo"].update({"osImage": "Red Hat Enterprise Linux CoreOS 416.94.202411201433-0",
                                    "kernelVersion": "5.14.0-427.47.1.el9_4.x86_64",
                                    "containerRuntimeVersion": "cri-o://1.29.10-3.rhaos4.16.git",
                                    "kubeletVersion": "v1.29.10+67d3387", "kubeProxyVersion": "v1.29.10+67d3387"})
    sized(w.get_node(node), "32", "131811880Ki")
    rev = "granite-34b-code-predictor-00001"
    dep_name = f"{rev}-deployment"
    pod_name = f"{dep_name}-6f8d7c9b5d-x4k2p"
    labels = {"serving.kserve.io/inferenceservice": "granite-34b-code", "component": "predictor",
              "serving.knative.dev/revision": rev, "serving.knative.dev/service": "granite-34b-code-predictor"}
    init_status = {"storage-initializer": {"state": {"running": {"startedAt": T1}}, "ready": False,
                                           "restartCount": 0, "started": True}}
    statuses = {c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
                for c in ("kserve-container", "queue-proxy")}
    pod = w.pod(ns, pod_name, node=node, gpu=1, phase="Pending", containers=("kserve-container", "queue-proxy"),
                init_containers=("storage-initializer",), image="quay.io/modh/vllm:rhoai-2.16-cuda",
                labels=labels, owner=("ReplicaSet", f"{dep_name}-6f8d7c9b5d"), statuses=statuses,
                init_statuses=init_status, ready=False, cpu="6", memory="24Gi", tolerations=GPU_TOLERATION,
                env=[{"name": "HF_HOME", "value": "/tmp/hf_home"}],
                volumes=[{"name": "kserve-provision-location", "emptyDir": {}},
                         {"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "2Gi"}}],
                mounts=[{"name": "kserve-provision-location", "mountPath": "/mnt/models", "readOnly": True},
                        {"name": "shm", "mountPath": "/dev/shm"}])
    pod["spec"]["initContainers"][0].update({
        "image": "quay.io/modh/kserve-storage-initializer:rhoai-2.16",
        "args": ["s3://models/granite-34b-code-instruct", "/mnt/models"],
        "volumeMounts": [{"name": "kserve-provision-location", "mountPath": "/mnt/models"}]})
    for s in pod["status"]["initContainerStatuses"]:
        s["image"] = "quay.io/modh/kserve-storage-initializer:rhoai-2.16"
    qp = pod["spec"]["containers"][1]
    qp["image"] = "registry.redhat.io/openshift-serverless-1/serving-queue-rhel8:1.35.0"
    qp["resources"] = {"requests": {"cpu": "25m"}}
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "queue-proxy":
            s["image"] = qp["image"]
    pod["spec"]["containers"][0]["args"] = ["--port=8080", "--model=/mnt/models", "--served-model-name=granite-34b-code"]
    w.log(ns, pod_name, "storage-initializer",
          "INFO:root:Initializing, args: src_uri [s3://models/granite-34b-code-instruct] dest_path[ [/mnt/models]\n"
          "INFO:root:Copying contents of s3://models/granite-34b-code-instruct to local\n")
    dep = w.workload("Deployment", ns, dep_name, template_pod=pod, owner=("Revision", rev),
                     status={"observedGeneration": 1, "replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                             "conditions": [
                                 {"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                  "message": "Deployment does not have minimum availability.",
                                  "lastUpdateTime": T1, "lastTransitionTime": T1},
                                 {"type": "Progressing", "status": "False", "reason": "ProgressDeadlineExceeded",
                                  "message": f'ReplicaSet "{dep_name}-6f8d7c9b5d" has timed out progressing.',
                                  "lastUpdateTime": T2, "lastTransitionTime": T2}]})
    dep["spec"]["progressDeadlineSeconds"] = 600
    dep["spec"]["selector"] = {"matchLabels": {"serving.knative.dev/revision": rev}}
    w.ns_custom[("inferenceservices.serving.kserve.io", ns)] = [{
        "apiVersion": "serving.kserve.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": "granite-34b-code", "namespace": ns, "creationTimestamp": T0,
                     "annotations": {"serving.kserve.io/deploymentMode": "Serverless",
                                     "openshift.io/display-name": "granite-34b-code"}},
        "spec": {"predictor": {"minReplicas": 1, "maxReplicas": 1,
                               "model": {"modelFormat": {"name": "vLLM"}, "runtime": "granite-34b-code",
                                         "storageUri": "s3://models/granite-34b-code-instruct",
                                         "resources": {"limits": {"nvidia.com/gpu": "1"},
                                                       "requests": {"nvidia.com/gpu": "1"}}}}},
        "status": {"conditions": [
            {"type": "IngressReady", "status": "False", "lastTransitionTime": T2},
            {"type": "PredictorReady", "status": "False", "reason": "ProgressDeadlineExceeded",
             "message": "Initial scale was never achieved", "lastTransitionTime": T2},
            {"type": "Ready", "status": "False", "reason": "ProgressDeadlineExceeded",
             "message": "Initial scale was never achieved", "lastTransitionTime": T2}],
            "modelStatus": {"states": {"activeModelState": "", "targetModelState": "Pending"},
                            "transitionStatus": "InProgress"}}}]
    w.target("Pod", ns, pod_name)


# ---- ff605: DeepSpeed ZeRO-3 with CPU offload, killed for memory during launch --------------------

_FF605_LOG = (
    "[2026-11-29 14:57:02,118] [INFO] [real_accelerator.py:219:get_accelerator] Setting ds_accelerator to cuda "
    "(auto detect)\n"
    "[2026-11-29 14:57:09,402] [INFO] [comm.py:652:init_distributed] cdb=None\n"
    "[2026-11-29 14:57:09,402] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with "
    "backend nccl\n"
    "[2026-11-29 14:57:41,730] [INFO] [partition_parameters.py:348:__exit__] finished initializing model - num_params "
    "= 723, num_elems = 70.55B\n"
)


@case("ff605", pod_subj("llama-sft-zero3-0-4kq8r", "ml-train"),
      "Kubernetes cluster (the guide names no cluster; kubeadm-style, Ubuntu 22.04 / containerd / kubelet 1.31 "
      "strings assumed) with one GPU worker with 8 NVIDIA A100 80GB (GPU model and count assumed; host-installed "
      "driver and toolkit, NVIDIA device plugin in kube-system advertising nvidia.com/gpu 8); an indexed Job "
      "`llama-sft-zero3` (names, image and model assumed) runs `deepspeed --num_gpus 4 train.py --deepspeed "
      "/config/ds_zero3_offload.json` with the Hugging Face Trainer, requesting 4 GPUs and 96Gi of memory "
      "(limit 96Gi); its ConfigMap's ZeRO-3 config offloads the optimizer and the parameters to the CPU; the "
      "container was OOMKilled (exit code 137) and restarted twice during start-up (restart count assumed); its "
      "previous log ends after DeepSpeed's start-up lines (illustrative) with no traceback. The text is prose and "
      "not placed.")
def _(w, t):
    ns = "ml-train"
    node = "gpu-a100-1"
    host_node(w, node, gpus=8, labels={"nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"}, info=_UBUNTU_INFO)
    sized(w.get_node(node), "128", "1056493804Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-w8d3c", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    name = "llama-sft-zero3-0-4kq8r"
    status = {"trainer": {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                                "message": "back-off 40s restarting failed container=trainer "
                                                           f"pod={name}_{ns}(5c1d0b7e-2f4a-4b8e-9d61-7a3e2c8f1b90)"}},
                          "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled", "startedAt": T1,
                                                       "finishedAt": T2}},
                          "ready": False, "restartCount": 2, "started": False}}
    pod = w.pod(ns, name, node=node, gpu=4, containers=("trainer",), image="registry.example.com/ml/hf-deepspeed:"
                "torch2.5-ds0.16", labels={"job-name": "llama-sft-zero3",
                                           "batch.kubernetes.io/job-completion-index": "0"},
                owner=("Job", "llama-sft-zero3"), statuses=status, ready=False, cpu="32", memory="96Gi",
                tolerations=GPU_TOLERATION,
                volumes=[{"name": "ds-config", "configMap": {"name": "llama-sft-ds-config"}},
                         {"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "32Gi"}},
                         {"name": "data", "persistentVolumeClaim": {"claimName": "sft-data"}}],
                mounts=[{"name": "ds-config", "mountPath": "/config"}, {"name": "shm", "mountPath": "/dev/shm"},
                        {"name": "data", "mountPath": "/data"}])
    _not_ready(pod)
    pod["spec"]["restartPolicy"] = "OnFailure"
    pod["spec"]["containers"][0]["command"] = ["deepspeed", "--num_gpus", "4", "train.py", "--deepspeed",
                                               "/config/ds_zero3_offload.json", "--model_name_or_path",
                                               "/data/Llama-3.1-70B", "--bf16", "true"]
    w.log(ns, name, "trainer", _FF605_LOG, previous=True)
    backoff(w, ns, name, "trainer", node, count=2)
    job = w.workload("Job", ns, "llama-sft-zero3", template_pod=pod,
                     status={"active": 1, "startTime": T0, "ready": 0})
    job["spec"].pop("replicas", None)
    job["spec"].update({"completions": 1, "parallelism": 1, "completionMode": "Indexed", "backoffLimit": 6})
    w.ns_custom[("configmaps", ns)] = [{
        "apiVersion": "v1", "kind": "ConfigMap",
        "metadata": {"name": "llama-sft-ds-config", "namespace": ns},
        "data": {"ds_zero3_offload.json": (
            '{\n  "bf16": {"enabled": "auto"},\n  "zero_optimization": {\n    "stage": 3,\n'
            '    "offload_optimizer": {"device": "cpu", "pin_memory": true},\n'
            '    "offload_param": {"device": "cpu", "pin_memory": true},\n'
            '    "overlap_comm": true,\n    "stage3_gather_16bit_weights_on_model_save": true\n  },\n'
            '  "train_micro_batch_size_per_gpu": "auto",\n  "gradient_accumulation_steps": "auto"\n}\n')}}]
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
