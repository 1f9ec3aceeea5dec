"""Builds first-contact batch F12 (fixtures/first-contact/batch-f12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (application layer) from public sources that no rule was written for, sampled with
the fixed query list in the batch README (this round's pool: all four corpora of the `search` tool at once:
`issues`, `pages`, `docs`, `code`, 30 queries each). Each builder places the case's text verbatim where a collector
would have found it (or, for a prose case, builds only the cluster state the source describes) and builds the
cluster state the source describes. The expected answer was reasoned from the source (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f12      # (re)writes fixtures/first-contact/batch-f12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f12", "F12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def _info(kubelet: str, containerd: str, kernel: str, os_image: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


def _times(p: dict, created: str, started: str) -> None:
    p["metadata"]["creationTimestamp"] = created
    if "startTime" in p["status"]:
        p["status"]["startTime"] = created
    for cond in p["status"].get("conditions", []):
        cond["lastTransitionTime"] = started


def _ready_deploy(w, ns: str, name: str, rs: str, pod: str, node: str, container: str, image: str,
                  labels: dict, cpu: str = "100m", memory: str = "256Mi") -> dict:
    p = deploy_pod(w, ns, rs, pod, node, containers=(container,), image=image, labels=labels, cpu=cpu,
                   memory=memory)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    return p


# ---- ff1201: docker-stacks pytorch-notebook on a GKE T4 node sees no GPU (2i2c-org/infrastructure PR#4269) -------

@case("ff1201", pod_subj("jupyter-ana-2dlucia", "plnc"),
      "A GKE cluster (v1.29.4-gke.1043002 on Container-Optimized OS with containerd 1.7.15; versions, node and pod "
      "names, the user name and the image tag assumed: the thread names none) run by 2i2c for catalystproject-latam, "
      "hub namespace plnc: a core node with the JupyterHub hub and proxy (Running, 1/1) and a GPU node of the "
      "nb-gpu-t4 pool (n1-highmem-4, one NVIDIA Tesla T4, labels cloud.google.com/gke-accelerator nvidia-tesla-t4 "
      "and node.kubernetes.io/instance-type n1-highmem-4, GKE's nvidia.com/gpu=present:NoSchedule taint and 2i2c's "
      "hub.jupyter.org_dedicated=user:NoSchedule taint) whose GKE-managed nvidia-driver-installer and "
      "nvidia-gpu-device-plugin DaemonSets (kube-system, 1 desired / 1 ready each) have their pods Running, the node "
      "advertising nvidia.com/gpu 1; the user server jupyter-ana-2dlucia (KubeSpawner pod, no owner) from the GPU "
      "profile of 2i2c-org/infrastructure#4162 (node_selector instance-type n1-highmem-4, nvidia.com/gpu limit 1, "
      "environment NVIDIA_DRIVER_CAPABILITIES compute,utility) with image quay.io/jupyter/pytorch-notebook "
      "(a 2024-06 cuda tag assumed) Running and Ready on the GPU node with the GPU allocated; its log holds "
      "illustrative Jupyter Server startup lines. The PR's sentence (the case's text) is prose and is NOT in the "
      "bundle: 'nvidia-smi' not found and the frameworks seeing no GPU are seen only inside the user's server.")
def _(w, t):
    w.git_version = "v1.29.4-gke.1043002"
    info = _info("v1.29.4-gke.1043002", "containerd://1.7.15", "6.1.75+", "Container-Optimized OS from Google")
    gpu = "gke-latam-cluster-nb-gpu-t4-9b1e6d2f-m4qz"
    n = host_node(w, gpu, gpus=1, info=info,
                  labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                          "cloud.google.com/gke-nodepool": "nb-gpu-t4", "cloud.google.com/gke-os-distribution": "cos",
                          "cloud.google.com/machine-family": "n1", "node.kubernetes.io/instance-type": "n1-highmem-4",
                          "hub.jupyter.org/node-purpose": "user", "k8s.dask.org/node-purpose": "scheduler",
                          "topology.kubernetes.io/region": "us-central1",
                          "topology.kubernetes.io/zone": "us-central1-b"})
    n["spec"]["taints"] = [{"key": "hub.jupyter.org_dedicated", "value": "user", "effect": "NoSchedule"},
                           {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    sized(n, "4", "26716748Ki")
    n["status"]["allocatable"].update({"cpu": "3920m", "memory": "23506508Ki"})
    core = w.node("gke-latam-cluster-core-pool-5c2e7a91-2xjd", cpu="4", memory="16393240Ki",
                  labels={"cloud.google.com/gke-nodepool": "core-pool", "hub.jupyter.org/node-purpose": "core",
                          "node.kubernetes.io/instance-type": "n2-highmem-2",
                          "topology.kubernetes.io/zone": "us-central1-b"})
    node_info(core, **info)
    cname = core["metadata"]["name"]

    gke_tol = [{"operator": "Exists"}]
    daemonset(w, KS, "nvidia-driver-installer", desired=1,
              containers=[("pause", "gcr.io/google-containers/pause:2.0")],
              init_containers=[("nvidia-driver-installer", "cos-nvidia-installer:fixed")],
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"}, tolerations=gke_tol,
              labels={"k8s-app": "nvidia-driver-installer"})
    ds_pod(w, KS, "nvidia-driver-installer", "nvidia-driver-installer-8mtvp", gpu, containers=("pause",),
           image="gcr.io/google-containers/pause:2.0", tolerations=gke_tol)
    plugin_img = "gke.gcr.io/nvidia-gpu-device-plugin:1.0.25-gke.56"
    daemonset(w, KS, "nvidia-gpu-device-plugin-small-cos", desired=1,
              containers=[("nvidia-gpu-device-plugin", plugin_img)], tolerations=gke_tol,
              labels={"k8s-app": "nvidia-gpu-device-plugin"})
    ds_pod(w, KS, "nvidia-gpu-device-plugin-small-cos", "nvidia-gpu-device-plugin-small-cos-q2k7d", gpu,
           containers=("nvidia-gpu-device-plugin",), image=plugin_img, tolerations=gke_tol)

    ns = "plnc"
    _ready_deploy(w, ns, "hub", "hub-7d9f5c6b8d", "hub-7d9f5c6b8d-wl4zn", cname, "hub",
                  "quay.io/2i2c/pangeo-hub:4.0.0-0.dev.git.6634.h5a1f3b8e",
                  {"app": "jupyterhub", "component": "hub"}, cpu="10m", memory="512Mi")
    _ready_deploy(w, ns, "proxy", "proxy-6f8c9b7d45", "proxy-6f8c9b7d45-p9rtx", cname, "chp",
                  "quay.io/jupyterhub/configurable-http-proxy:4.6.1",
                  {"app": "jupyterhub", "component": "proxy"}, cpu="10m", memory="128Mi")

    pod, user = "jupyter-ana-2dlucia", "ana-lucia"
    image = "quay.io/jupyter/pytorch-notebook:cuda12-2024-06-17"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("notebook",), image=image,
              labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/network-access-hub":
                      "true", "hub.jupyter.org/servername": "", "hub.jupyter.org/username": user},
              tolerations=[{"key": "hub.jupyter.org_dedicated", "operator": "Equal", "value": "user",
                            "effect": "NoSchedule"},
                           {"key": "nvidia.com/gpu", "operator": "Equal", "value": "present",
                            "effect": "NoSchedule"}],
              node_selector={"node.kubernetes.io/instance-type": "n1-highmem-4"},
              env=[{"name": "JUPYTERHUB_USER", "value": user},
                   {"name": "JUPYTERHUB_SERVICE_PREFIX", "value": f"/user/{user}/"},
                   {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "compute,utility"}],
              cpu="3", memory="22Gi")
    c = p["spec"]["containers"][0]
    c["args"] = ["jupyterhub-singleuser"]
    c["ports"] = [{"containerPort": 8888, "name": "notebook-port", "protocol": "TCP"}]
    c["resources"] = {"limits": {"memory": "24Gi", "nvidia.com/gpu": "1"},
                      "requests": {"cpu": "3", "memory": "22Gi"}}
    _times(p, "2026-11-29T14:36:02Z", "2026-11-29T14:42:10Z")
    w.log(ns, pod, "notebook",
          "Entered start.sh with args: jupyterhub-singleuser\n"
          "Running hooks in: /usr/local/bin/start-notebook.d as uid: 1000 gid: 100\n"
          f"[I 2026-11-29 14:42:06.518 ServerApp] Jupyter Server 2.14.1 is running at:\n"
          f"[I 2026-11-29 14:42:06.518 ServerApp] http://{pod}:8888/user/{user}/lab\n"
          "[I 2026-11-29 14:42:09.937 JupyterHubSingleUser] Updating Hub with activity every 300 seconds\n"
          "[I 2026-11-29 14:47:31.204 ServerApp] Kernel started: 6a2e9f41-0c3b-4d7e-8f15-b2c94d7a1e38\n")
    for reason, msg, comp, host, ts in (
            ("Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", "default-scheduler", None,
             "2026-11-29T14:36:02Z"),
            ("Pulling", f"Pulling image \"{image}\"", "kubelet", gpu, "2026-11-29T14:36:04Z"),
            ("Pulled", f"Successfully pulled image \"{image}\" in 5m51.208s (5m51.208s including waiting)",
             "kubelet", gpu, "2026-11-29T14:41:55Z"),
            ("Started", "Started container notebook", "kubelet", gpu, "2026-11-29T14:42:01Z")):
        ev = w.event(ns, "Pod", pod, reason, msg, type="Normal", component=comp, host=host,
                     field_path=None if reason == "Scheduled" else "spec.containers{notebook}")
        ev.update({"firstTimestamp": ts, "lastTimestamp": ts})
    w.target("Pod", ns, pod)


# ---- ff1202: KFServing GPU predictor scaled to zero while Pending for a GPU node scale-up (kserve/kserve#1247) ----

@case("ff1202", pod_subj("flowers-gpu-predictor-default-00001-deployment-6c8d9f7b5-x2r4k", "kfserving-test"),
      "A Kubernetes v1.18.12 cluster on containerd 1.4.3 (the thread names no distribution; versions, names, node "
      "sizes, the node group name and the GPU model assumed) with the cluster autoscaler (kube-system, 1/1 Running), Knative Serving and "
      "KFServing 0.5 (controller Running), one CPU worker cpu-worker-1 and two GPU nodes gpu-worker-1 and gpu-worker-2 of the node group gpu-workers (one GPU each, nvidia.com/gpu 1, "
      "static NVIDIA device plugin DaemonSet 2 desired / 2 ready) whose GPUs are both requested by the Running "
      "pods of another GPU Deployment (gpu-workloads/embedder, 2 replicas; assumed, the thread only says the GPUs "
      "are fully occupied). In kfserving-test the InferenceService flowers-gpu (predictor minReplicas 0, "
      "nvidia.com/gpu 1; the thread's custom image takes 3 minutes to load) is not Ready; its Knative revision's "
      "Deployment wants 1 replica, 0 available; the predictor pod (kfserving-container + queue-proxy) is Pending "
      "for 100 s, PodScheduled False (Unschedulable, 0/3 nodes are available: 3 Insufficient nvidia.com/gpu.), "
      "with the scheduler's FailedScheduling event and the cluster autoscaler's TriggeredScaleUp event (GPU node "
      "group 2->3). This is step 2-3 of the thread: the snapshot is taken before scale-to-zero deletes the pod; "
      "the new node is not registered yet. The reporter's diagnosis (the case's text) is prose and is NOT in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.18.12"
    info = _info("v1.18.12", "containerd://1.4.3", "5.4.0-58-generic", "Ubuntu 20.04.1 LTS")
    cpu_node = "cpu-worker-1"
    cn = w.node(cpu_node, cpu="8", memory="32408888Ki",
                labels={"node-group": "cpu-workers"})
    node_info(cn, **info)
    gpus = ("gpu-worker-1", "gpu-worker-2")
    for g in gpus:
        host_node(w, g, gpus=1, info=info,
                  labels={"node-group": "gpu-workers"})
        sized(w.get_node(g), "4", "16106060Ki")
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.7.3"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=2, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    for g, sfx in zip(gpus, ("7lq2m", "c9x4t")):
        ds_pod(w, KS, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", g,
               containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
               tolerations=GPU_TOLERATION)
    _ready_deploy(w, KS, "cluster-autoscaler", "cluster-autoscaler-5b8d7f9c64", "cluster-autoscaler-5b8d7f9c64-vn2hq",
                  cpu_node, "cluster-autoscaler", "k8s.gcr.io/autoscaling/cluster-autoscaler:v1.18.3",
                  {"app": "cluster-autoscaler"}, cpu="100m", memory="300Mi")
    _ready_deploy(w, "kfserving-system", "kfserving-controller-manager", "kfserving-controller-manager-0",
                  "kfserving-controller-manager-0-8ksd2", cpu_node, "manager", "gcr.io/kfserving/kfserving-controller:v0.5.0",
                  {"control-plane": "kfserving-controller-manager"})
    _ready_deploy(w, "knative-serving", "autoscaler", "autoscaler-6c7f8b9d54", "autoscaler-6c7f8b9d54-4mzpl",
                  cpu_node, "autoscaler", "gcr.io/knative-releases/knative.dev/serving/cmd/autoscaler:v0.19.0",
                  {"app": "autoscaler"})
    _ready_deploy(w, "knative-serving", "activator", "activator-7d9c8f6b45", "activator-7d9c8f6b45-j7wrd",
                  cpu_node, "activator", "gcr.io/knative-releases/knative.dev/serving/cmd/activator:v0.19.0",
                  {"app": "activator"})

    # the two GPUs are requested by another workload's pods (assumed)
    for g, sfx in zip(gpus, ("h4kzt", "r8wpn")):
        q = w.pod("gpu-workloads", f"embedder-84f6d9c7b5-{sfx}", node=g, gpu=1, containers=("embedder",),
                  image="registry.example.com/ml/embedder:2.3.1", owner=("ReplicaSet", "embedder-84f6d9c7b5"),
                  labels={"app": "embedder"}, tolerations=GPU_TOLERATION, cpu="2", memory="8Gi")
        _times(q, "2026-11-29T09:12:40Z", "2026-11-29T09:14:05Z")
    w.workload("Deployment", "gpu-workloads", "embedder", replicas=2,
               status={"replicas": 2, "readyReplicas": 2, "availableReplicas": 2, "updatedReplicas": 2})

    ns, isvc = "kfserving-test", "flowers-gpu"
    rev = f"{isvc}-predictor-default-00001"
    rs = f"{rev}-deployment-6c8d9f7b5"
    pod = f"{rs}-x2r4k"
    msg = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    image = "registry.example.com/ml/flowers-model:gpu-0.3"
    p = w.pod(ns, pod, gpu=1, containers=("kfserving-container", "queue-proxy"), image=image,
              owner=("ReplicaSet", rs), tolerations=GPU_TOLERATION,
              labels={"serving.kubeflow.org/inferenceservice": isvc, "component": "predictor",
                      "serving.knative.dev/revision": rev, "serving.knative.dev/service": f"{isvc}-predictor-default",
                      "app": rev}, cpu="2", memory="8Gi", scheduled_message=msg)
    p["spec"]["containers"][1]["image"] = "gcr.io/knative-releases/knative.dev/serving/cmd/queue:v0.19.0"
    p["spec"]["containers"][1]["resources"] = {"requests": {"cpu": "25m"}}
    p["metadata"]["creationTimestamp"] = "2026-11-29T14:53:20Z"
    p["status"]["conditions"][0]["lastTransitionTime"] = "2026-11-29T14:53:20Z"
    ev = w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=3)
    ev.update({"firstTimestamp": "2026-11-29T14:53:20Z", "lastTimestamp": "2026-11-29T14:54:52Z"})
    ev = w.event(ns, "Pod", pod, "TriggeredScaleUp",
                 "pod triggered scale-up: [{gpu-workers 2->3 (max: 4)}]",
                 type="Normal", component="cluster-autoscaler")
    ev.update({"firstTimestamp": "2026-11-29T14:53:31Z", "lastTimestamp": "2026-11-29T14:53:31Z"})
    w.workload("Deployment", ns, f"{rev}-deployment", template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability.",
                                       "lastTransitionTime": "2026-11-29T14:53:20Z"}]})
    w.ns_custom[("inferenceservices.serving.kubeflow.org", ns)] = [{
        "apiVersion": "serving.kubeflow.org/v1beta1", "kind": "InferenceService",
        "metadata": {"name": isvc, "namespace": ns, "creationTimestamp": "2026-11-29T14:53:18Z"},
        "spec": {"predictor": {"minReplicas": 0, "containers": [{
            "name": "kfserving-container", "image": image,
            "resources": {"limits": {"cpu": "2", "memory": "8Gi", "nvidia.com/gpu": "1"},
                          "requests": {"cpu": "2", "memory": "8Gi", "nvidia.com/gpu": "1"}}}]}},
        "status": {"conditions": [
            {"type": "PredictorReady", "status": "False", "lastTransitionTime": "2026-11-29T14:53:20Z"},
            {"type": "Ready", "status": "False", "lastTransitionTime": "2026-11-29T14:53:20Z"}]}}]
    w.target("Pod", ns, pod)


# ---- ff1203: SGLang on a TKE GPU node below compute capability 7.5 (imroc/tke-guide sglang-deepseek.md) -----------

@case("ff1203", pod_subj("deepseek-r1-distill-7b-5f9c8d7b64-qk2mv", "default"),
      "A TKE standard cluster (Kubernetes v1.30.0-tke.11, containerd 1.6.9-tke.8, TencentOS Server 3.1; versions, "
      "names, the instance type and the GPU model assumed: the guide does not name the failing node's GPU) with a "
      "GPU node pool node 172.16.0.31 (instance type GN10Xp.2XLARGE40, one NVIDIA Tesla V100 32 GB, compute "
      "capability 7.0, host driver, static NVIDIA device plugin DaemonSet in kube-system 1 desired / 1 ready) "
      "advertising nvidia.com/gpu 1, and a CPU node 172.16.0.12; in default the Deployment deepseek-r1-distill-7b "
      "(image lmsysorg/sglang:latest, python3 -m sglang.launch_server with a distilled DeepSeek-R1 model from the "
      "CFS-backed PVC ai-model; model, PVC mount and args assumed) 0/1 available, its pod on the GPU node in "
      "CrashLoopBackOff (restart count 5 assumed, exit code 1 assumed) with a BackOff event; the pod's previous log "
      "is the guide's quoted log, verbatim.")
def _(w, t):
    w.git_version = "v1.30.0-tke.11"
    info = _info("v1.30.0-tke.11", "containerd://1.6.9-tke.8", "5.4.119-19.0009.44", "TencentOS Server 3.1 (Final)")
    gpu = "172.16.0.31"
    host_node(w, gpu, gpus=1, info=info,
              labels={"node.kubernetes.io/instance-type": "GN10Xp.2XLARGE40",
                      "tke.cloud.tencent.com/nodepool-id": "np-8k2x9q1m",
                      "topology.kubernetes.io/region": "gz", "topology.kubernetes.io/zone": "100003"})
    sized(w.get_node(gpu), "10", "40230932Ki")
    cpu = w.node("172.16.0.12", cpu="8", memory="16132864Ki",
                 labels={"node.kubernetes.io/instance-type": "SA5.2XLARGE16",
                         "topology.kubernetes.io/region": "gz", "topology.kubernetes.io/zone": "100003"})
    node_info(cpu, **info)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-t6wq8", gpu,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION)

    ns, name = "default", "deepseek-r1-distill-7b"
    rs = f"{name}-5f9c8d7b64"
    pod = f"{rs}-qk2mv"
    p = deploy_pod(w, ns, rs, pod, gpu, containers=("sglang",), image="lmsysorg/sglang:latest",
                   labels={"app": name}, cpu="8", memory="32Gi",
                   volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "ai-model"}},
                            {"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "8Gi"}}],
                   mounts=[{"name": "data", "mountPath": "/data"}, {"name": "dshm", "mountPath": "/dev/shm"}])
    c = p["spec"]["containers"][0]
    c["command"] = ["python3", "-m", "sglang.launch_server"]
    c["args"] = ["--model-path", "/data/DeepSeek-R1-Distill-Qwen-7B", "--served-model-name", "deepseek-r1",
                 "--trust-remote-code", "--host", "0.0.0.0", "--port", "30000"]
    c["ports"] = [{"containerPort": 30000, "name": "api", "protocol": "TCP"}]
    c["resources"] = {"limits": {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "1"},
                      "requests": {"cpu": "8", "memory": "32Gi", "nvidia.com/gpu": "1"}}
    crashloop(p, "sglang", restarts=5, code=1)
    _times(p, "2026-11-29T14:30:11Z", "2026-11-29T14:31:02Z")
    w.log(ns, pod, "sglang", t, previous=True)
    backoff(w, ns, pod, "sglang", gpu, count=19)
    w.workload("Deployment", ns, name, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability.",
                                       "lastTransitionTime": "2026-11-29T14:30:11Z"}]})
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
