"""Builds first-contact batch F13 (fixtures/first-contact/batch-f13/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by the workload side's own documentation (KServe website, Triton
Inference Server, HAMi website), read whole in the fixed file order of the batch README (this round's protocol:
no search look-ups; snapshots brought with `fetch` and read with git). Six of the seven texts are the documents'
own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); ff1303's quoted message `mkdir: permission
denied` is placed in the download Job pod's log, ff1307's text (a runtime error) in the container's waiting message
and the kubelet's Failed event. The expected answer was reasoned from the document (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, kernels, kubelet and runtime
builds, image tags, instance types, the other nodes and workloads) are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f13      # (re)writes fixtures/first-contact/batch-f13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-f13", "F13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff1301", "ff1302", "ff1303", "ff1304", "ff1305", "ff1306"}

_SI_IMAGE = "kserve/storage-initializer:latest"
_T_LATE = "2026-11-29T14:58:10Z"


def _init_image(p: dict, name: str, image: str) -> None:
    for c in p["spec"].get("initContainers", []):
        if c["name"] == name:
            c["image"] = image
    for s in p["status"].get("initContainerStatuses", []):
        if s["name"] == name:
            s["image"] = image


def _kserve_gpu_node(w, name: str, product: str = "NVIDIA-A10G", mem: int = 23028) -> dict:
    n = host_node(w, name, gpus=1, labels={"nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": str(mem),
                                           "node-role.kubernetes.io/gpu": ""})
    return n


def _plugin(w, nodes: list[str]) -> None:
    pods = [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{sfx}") for n, sfx in zip(nodes, ("k7x2p", "m4q9d", "t2v8s"))]
    plugin_ds(w, KS, pods)


# ---- application: storage-initializer OOMKilled (KServe autoscaling page) ------------------------

@case("ff1301", pod_subj("huggingface-qwen-predictor-6c9f8d7b54-h2kxz", "default"),
      "Vanilla Kubernetes v1.32 (assumed) with KServe in Standard deployment mode and KEDA (the page's setup): a "
      "CPU node and one GPU node (1 NVIDIA A10G, host driver and toolkit, NVIDIA device plugin DaemonSet in "
      "kube-system Running; GPU model, node names and sizes assumed). The InferenceService huggingface-qwen (the "
      "page's example: huggingface runtime, storageUri hf://Qwen/Qwen2.5-0.5B-Instruct, limits cpu 2 / memory 6Gi / "
      "nvidia.com/gpu 1) has its predictor Deployment huggingface-qwen-predictor 0/1 ready; its pod is bound to the "
      "GPU node, phase Pending, Initialized False, the storage-initializer init container terminated with reason "
      "OOMKilled, exit code 137 (restart count 3, last state OOMKilled too: kubectl shows Init:OOMKilled), the "
      "kserve-container waiting PodInitializing. The storage-initializer's memory limit 1Gi (KServe's default "
      "for the init container) and the kubelet's BackOff event for it are assumed; no log is written (the page "
      "quotes none). The KEDA ScaledObject is not in the bundle.")
def _(w, t):
    cpu = "worker-cpu-01"
    n = w.node(cpu, cpu="8", memory="32865164Ki")
    gpu = "worker-gpu-01"
    _kserve_gpu_node(w, gpu)
    _plugin(w, [gpu])
    oom = {"exitCode": 137, "reason": "OOMKilled", "startedAt": "2026-11-29T14:57:31Z", "finishedAt": _T_LATE}
    rs = "huggingface-qwen-predictor-6c9f8d7b54"
    name = f"{rs}-h2kxz"
    p = w.pod("default", name, node=gpu, gpu=1, phase="Pending", containers=("kserve-container",),
              init_containers=("storage-initializer",), image="kserve/huggingfaceserver:latest",
              owner=("ReplicaSet", rs), labels={"serving.kserve.io/inferenceservice": "huggingface-qwen",
                                                 "component": "predictor", "app": "isvc.huggingface-qwen-predictor"},
              cpu="1", memory="4Gi", memory_limit="6Gi",
              init_statuses={"storage-initializer": {"state": {"terminated": oom}, "lastState": {"terminated": oom},
                                                     "ready": False, "restartCount": 3}})
    _init_image(p, "storage-initializer", _SI_IMAGE)
    for c in p["spec"]["initContainers"]:
        c["args"] = ["hf://Qwen/Qwen2.5-0.5B-Instruct", "/mnt/models"]
        c["resources"] = {"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "1", "memory": "1Gi"}}
    p["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "2"
    p["spec"]["containers"][0]["args"] = ["--model_name=qwen"]
    w.event("default", "Pod", name, "BackOff", "Back-off restarting failed container storage-initializer in pod "
            f"{name}_default(" + p["metadata"]["uid"] + ")", host=gpu, count=4,
            field_path="spec.initContainers{storage-initializer}")
    w.workload("Deployment", "default", "huggingface-qwen-predictor", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Pod", "default", name)


# ---- application: LoRA adapter download failure (KServe LoRA adapters page) -----------------------

@case("ff1302", pod_subj("qwen-lora-kserve-7d5b9c6f8-x8wqn", "default"),
      "Vanilla Kubernetes v1.32 (assumed) with KServe's LLMInferenceService (the page's setup): one GPU node "
      "(1 NVIDIA L4, host driver and toolkit, NVIDIA device plugin Running; model, names and sizes assumed). The "
      "LLMInferenceService qwen-lora (base model hf://Qwen/Qwen2.5-7B-Instruct and one hf:// LoRA adapter; names "
      "assumed) has its Deployment qwen-lora-kserve 0/1 ready; its pod (service account qwen-lora-sa, whose "
      "attached secret holds invalid Hugging Face credentials) is bound to the GPU node, phase Pending, the "
      "storage-initializer init container in CrashLoopBackOff (restart count 5, last exit code 1, reason Error) "
      "and the main (vLLM) container waiting PodInitializing; the kubelet's BackOff event. The storage-initializer's "
      "log is not quoted by the page and is not written.")
def _(w, t):
    gpu = "gpu-node-l4-01"
    _kserve_gpu_node(w, gpu, product="NVIDIA-L4", mem=23034)
    _plugin(w, [gpu])
    rs = "qwen-lora-kserve-7d5b9c6f8"
    name = f"{rs}-x8wqn"
    err = {"exitCode": 1, "reason": "Error", "startedAt": "2026-11-29T14:56:40Z", "finishedAt": "2026-11-29T14:56:49Z"}
    p = w.pod("default", name, node=gpu, gpu=1, phase="Pending", containers=("main",),
              init_containers=("storage-initializer",), image="vllm/vllm-openai:v0.11.0",
              owner=("ReplicaSet", rs), labels={"app.kubernetes.io/name": "qwen-lora",
                                                 "app.kubernetes.io/part-of": "llminferenceservice",
                                                 "app": "qwen-lora-kserve"},
              cpu="4", memory="32Gi",
              init_statuses={"storage-initializer": {"state": {"waiting": {"reason": "CrashLoopBackOff",
                  "message": "back-off 2m40s restarting failed container=storage-initializer pod=" + name + "_default("
                             + "%s)"}}, "lastState": {"terminated": err}, "ready": False, "restartCount": 5}})
    st = p["status"]["initContainerStatuses"][0]["state"]["waiting"]
    st["message"] = st["message"] % p["metadata"]["uid"]
    _init_image(p, "storage-initializer", _SI_IMAGE)
    p["spec"]["serviceAccountName"] = "qwen-lora-sa"
    for c in p["spec"]["initContainers"]:
        c["args"] = ["hf://Qwen/Qwen2.5-7B-Instruct", "/mnt/models", "hf://my-org/qwen-support-lora",
                     "/mnt/lora/support-lora"]
    backoff(w, "default", name, "storage-initializer", gpu, count=17)
    w.events["default"][-1]["involvedObject"]["fieldPath"] = "spec.initContainers{storage-initializer}"
    w.workload("Deployment", "default", "qwen-lora-kserve", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Pod", "default", name)


# ---- application: hostPath ownership for the local model cache (KServe LocalModel page) -------------

_LM_NS = "kserve-localmodel-jobs"


@case("ff1303", pod_subj("qwen2-5-7b-gpu-node-01-8m2kd", _LM_NS),
      "Vanilla Kubernetes v1.32 (assumed) with KServe's Local Model Cache (the page's setup): two GPU nodes "
      "(1 NVIDIA A10G each, host driver and toolkit, NVIDIA device plugin Running; names and sizes assumed), "
      "labelled kserve/localmodel=worker, the LocalModelNodeGroup's local.path /mnt/models backed by a hostPath "
      "/mnt/models on the nodes, the kserve-localmodelnode-agent DaemonSet in kserve 2/2 ready. The download "
      "Job qwen2-5-7b-gpu-node-01 (LocalModelCache qwen2-5-7b; names assumed) in kserve-localmodel-jobs runs "
      "the storage-initializer image on gpu-node-01 with the hostPath mounted; its pod is in CrashLoopBackOff "
      "(restart count 4, last exit code 1, the kubelet's BackOff event) and its current and previous log hold "
      "the message the page quotes, `mkdir: permission denied` (placed verbatim; the rest of the case's text is "
      "not in the bundle). The host directory's ownership (not UID/GID 1000) is not visible to a collector.")
def _(w, t):
    nodes = ["gpu-node-01", "gpu-node-02"]
    for n in nodes:
        node = _kserve_gpu_node(w, n)
        node["metadata"]["labels"]["kserve/localmodel"] = "worker"
    _plugin(w, nodes)
    agents = []
    for n, sfx in zip(nodes, ("q8r4z", "w2n6c")):
        a = w.pod("kserve", f"kserve-localmodelnode-agent-{sfx}", node=n, gpu=0,
                  containers=("manager",), image="kserve/kserve-localmodelnode-agent:v0.20.0",
                  owner=("DaemonSet", "kserve-localmodelnode-agent"),
                  labels={"control-plane": "kserve-localmodelnode-agent"}, cpu="100m", memory="200Mi",
                  volumes=[{"name": "models", "hostPath": {"path": "/mnt/models", "type": "DirectoryOrCreate"}}],
                  mounts=[{"name": "models", "mountPath": "/mnt/models"}], node_selector={"kserve/localmodel": "worker"})
        agents.append(a)
    ds = w.workload("DaemonSet", "kserve", "kserve-localmodelnode-agent", template_pod=agents[0],
                    status=ds_status(2, 2, 2))
    ds["spec"].pop("replicas", None)
    job = "qwen2-5-7b-gpu-node-01"
    name = f"{job}-8m2kd"
    p = w.pod(_LM_NS, name, node=nodes[0], gpu=0, containers=("storage-initializer",), image=_SI_IMAGE,
              owner=("Job", job), labels={"job-name": job, "batch.kubernetes.io/job-name": job},
              cpu="100m", memory="100Mi", memory_limit="1Gi",
              volumes=[{"name": "models", "hostPath": {"path": "/mnt/models", "type": "DirectoryOrCreate"}}],
              mounts=[{"name": "models", "mountPath": "/mnt/models"}])
    p["spec"]["restartPolicy"] = "OnFailure"
    p["spec"]["nodeSelector"] = {"kubernetes.io/hostname": nodes[0]}
    p["spec"]["containers"][0]["args"] = ["hf://Qwen/Qwen2.5-7B-Instruct", "/mnt/models/models/qwen2-5-7b"]
    crashloop(p, "storage-initializer", restarts=4, code=1)
    msg = "mkdir: permission denied"
    w.log(_LM_NS, name, "storage-initializer", msg)
    w.log(_LM_NS, name, "storage-initializer", msg, previous=True)
    backoff(w, _LM_NS, name, "storage-initializer", nodes[0], count=9)
    jw = w.workload("Job", _LM_NS, job, template_pod=p,
                    status={"active": 1, "failed": 0, "startTime": "2026-11-29T14:40:00Z"})
    jw["spec"].pop("replicas", None)
    jw["spec"]["backoffLimit"] = 6
    w.target("Pod", _LM_NS, name)


# ---- scheduler: HPA scale-out while the GPU pool is full (Triton GKE marketplace app) ------------------

_GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.1.100+",
             "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.5-gke.1014001",
             "kubeProxyVersion": "v1.30.5-gke.1014001"}


def _gke_labels(pool: str, itype: str, extra: dict | None = None) -> dict:
    lab = {"cloud.google.com/gke-nodepool": pool, "node.kubernetes.io/instance-type": itype,
           "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-a",
           "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-boot-disk": "pd-standard"}
    lab.update(extra or {})
    return lab


@case("ff1304", pod_subj("triton-1-triton-5b8f9d6c7-vq4mt", "default"),
      "GKE Standard (the README requires >= 1.18.7; v1.30 assumed) in us-central1-a (zone, project and node "
      "names assumed): a default pool node (n1-standard-4) and a GPU node pool gpu-pool of two n1-standard-8 nodes "
      "with one NVIDIA T4 each (GKE's driver installer and nvidia-gpu-device-plugin DaemonSet in kube-system "
      "Running, taint nvidia.com/gpu=present:NoSchedule), node-pool autoscaling 2..5. The Triton marketplace "
      "app's Deployment triton-1-triton (one GPU per pod, HPA on GPU duty cycle; names and image tag assumed) was "
      "scaled by the HPA from 2 to 3: the two running pods hold both T4s, the third pod is Pending with the "
      "default scheduler's FailedScheduling event (Insufficient nvidia.com/gpu on all three nodes; the scheduler's standard "
      "wording, illustrative) and the cluster autoscaler's TriggeredScaleUp event (gpu-pool 2->3, illustrative); "
      "no new node has registered yet.")
def _(w, t):
    w.git_version = "v1.30.5-gke.1014001"
    cpu = "gke-triton-default-pool-3f1a2b7c-8xkq"
    n = w.node(cpu, cpu="4", memory="15358148Ki", alloc_cpu="3920m", alloc_memory="12246724Ki",
               labels=_gke_labels("default-pool", "n1-standard-4"))
    node_info(n, **_GKE_INFO)
    gpus = ["gke-triton-gpu-pool-9c4d2e1f-2mnb", "gke-triton-gpu-pool-9c4d2e1f-7tqw"]
    for g in gpus:
        gn = host_node(w, g, gpus=1, labels=_gke_labels("gpu-pool", "n1-standard-8",
                                                       {"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                                        "cloud.google.com/gke-gpu": "true"}), info=_GKE_INFO)
        gn["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    pods = [plugin_pod(w, g, f"nvidia-gpu-device-plugin-small-cos-{s}", ds="nvidia-gpu-device-plugin-small-cos",
                       image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4e1b2f3c") for g, s in zip(gpus, ("fm2lq", "j9sxd"))]
    plugin_ds(w, KS, pods, ds="nvidia-gpu-device-plugin-small-cos")
    rs = "triton-1-triton-5b8f9d6c7"
    img = "nvcr.io/nvidia/tritonserver:24.08-py3"
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    lab = {"app": "triton-1-triton", "app.kubernetes.io/name": "triton-1"}
    run = []
    for g, s in zip(gpus, ("c2d7h", "p5k3r")):
        run.append(w.pod("default", f"{rs}-{s}", node=g, gpu=1, containers=("triton-inference-server",), image=img,
                         owner=("ReplicaSet", rs), labels=lab, tolerations=tol, cpu="4", memory="12Gi"))
    name = f"{rs}-vq4mt"
    w.pod("default", name, gpu=1, containers=("triton-inference-server",), image=img, owner=("ReplicaSet", rs),
          labels=lab, tolerations=tol, cpu="4", memory="12Gi",
          scheduled_message="0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are "
                            "available: 3 No preemption victims found for incoming pod.")
    msg = w.get_pod("default", name)["status"]["conditions"][0]["message"]
    w.event("default", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=3)
    w.event("default", "Pod", name, "TriggeredScaleUp",
            "pod triggered scale-up: [{https://www.googleapis.com/compute/v1/projects/triton-demo/zones/us-central1-a/"
            "instanceGroups/gke-triton-gpu-pool-9c4d2e1f-grp 2->3 (max: 5)}]", type="Normal",
            component="cluster-autoscaler")
    w.workload("Deployment", "default", "triton-1-triton", replicas=3, template_pod=run[0],
               status={"replicas": 3, "readyReplicas": 2, "availableReplicas": 2, "updatedReplicas": 3,
                       "unavailableReplicas": 1})
    w.target("Pod", "default", name)


# ---- plugin: UnexpectedAdmissionError while the HAMi admission-patch Job has not completed --------------

_HAMI_SCHED_IMG = "projecthami/hami:v2.6.0"


def _hami_node(w, name: str, split: int = 10, product: str = "NVIDIA-A10") -> dict:
    n = host_node(w, name, gpus=split, labels={"gpu": "on", "nvidia.com/gpu.product": product})
    n["metadata"].setdefault("annotations", {})["hami.io/node-handshake"] = "Reported 2026-11-29 14:59:40"
    return n


def _hami_stack(w, node: str, sfx: str = "7xk2m") -> None:
    sched = deploy_pod(w, KS, "hami-scheduler-6d8f7c9b5d", "hami-scheduler-6d8f7c9b5d-r4wz8", node,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_HAMI_SCHED_IMG,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    set_image(sched, "kube-scheduler", "registry.k8s.io/kube-scheduler:v1.32.2")
    w.workload("Deployment", KS, "hami-scheduler", template_pod=sched,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    dp = w.pod(KS, f"hami-device-plugin-{sfx}", node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image=_HAMI_SCHED_IMG, owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
               cpu="100m", memory="128Mi", node_selector={"gpu": "on"})
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=dp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)


@case("ff1305", pod_subj("gpu-pod", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the post names no distribution) with HAMi installed from its Helm chart "
      "in kube-system (release, image tags and names assumed): one GPU node (1 NVIDIA A10, host driver and "
      "toolkit, labelled gpu=on) advertising nvidia.com/gpu 10 through the hami-device-plugin DaemonSet (1/1 "
      "ready), the hami-scheduler Deployment (kube-scheduler + vgpu-scheduler-extender) 1/1 ready. The chart's "
      "Job hami-vgpu.admission-patch (the post's name) has not completed: active 1, succeeded 0, its pod Running "
      "with no log written (why it has not finished is not stated and not modelled). The pod gpu-pod (default, "
      "nvidia.com/gpu 1, schedulerName left at default-scheduler because the webhook call failed and its "
      "failurePolicy is Ignore, as the post's webhook configuration shows) was bound to the GPU node and is Failed "
      "with status reason UnexpectedAdmissionError; the kubelet's message is not quoted by the post and not "
      "written. The kube-apiserver's x509 message is in its own log, which a bundle does not hold.")
def _(w, t):
    node = "gpu-node-a10-01"
    _hami_node(w, node)
    _hami_stack(w, node)
    job = "hami-vgpu.admission-patch"
    jp = w.pod(KS, f"{job}-5qv8n", node=node, gpu=0, containers=("patch",),
               image="registry.k8s.io/ingress-nginx/kube-webhook-certgen:v1.4.1", owner=("Job", job),
               labels={"job-name": job, "app.kubernetes.io/component": "admission-webhook"}, cpu="10m", memory="32Mi")
    jp["spec"]["restartPolicy"] = "OnFailure"
    jw = w.workload("Job", KS, job, template_pod=jp, status={"active": 1, "startTime": "2026-11-29T14:40:12Z"})
    jw["spec"].pop("replicas", None)
    p = w.pod("default", "gpu-pod", node=node, gpu=1, phase="Failed", containers=("ubuntu-container",),
              image="ubuntu:22.04", reason="UnexpectedAdmissionError", cpu="1", memory="1Gi",
              statuses={"ubuntu-container": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                             "restartCount": 0}})
    p["status"]["conditions"] = [c for c in p["status"]["conditions"] if c["type"] == "PodScheduled"]
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    w.target("Pod", "default", "gpu-pod")


# ---- scheduler: two vGPUs of one card (HAMi FAQ) ----------------------------------------------------

@case("ff1306", pod_subj("gpu-pod-two", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the FAQ names no distribution) with HAMi (Helm, kube-system; release and "
      "names assumed): one GPU node with one physical GPU (NVIDIA A10, host driver and toolkit, labelled gpu=on), "
      "deviceSplitCount 10, so it advertises nvidia.com/gpu 10 (capacity and allocatable), hami-device-plugin 1/1 "
      "ready, hami-scheduler 1/1 ready. The pod gpu-pod-two (default) requests nvidia.com/gpu 2, its schedulerName "
      "set to hami-scheduler by HAMi's webhook; it is Pending and unbound, with a FailedScheduling event from "
      "hami-scheduler whose message is illustrative (the FAQ quotes none; HAMi's NodeInsufficientDevice reason "
      "in the usual 0/N format). No other GPU pod runs.")
def _(w, t):
    node = "gpu-node-a10-01"
    _hami_node(w, node)
    _hami_stack(w, node)
    msg = "0/1 nodes are available: 1 NodeInsufficientDevice."
    w.pod("default", "gpu-pod-two", gpu=2, containers=("ubuntu-container",), image="ubuntu:22.04",
          scheduler="hami-scheduler", cpu="1", memory="1Gi", scheduled_message=msg)
    w.event("default", "Pod", "gpu-pod-two", "FailedScheduling", msg, component="hami-scheduler", count=5)
    w.target("Pod", "default", "gpu-pod-two")


# ---- runtime: CDI spec with the wrong driver root (HAMi Configure CDI) ---------------------------------

@case("ff1307", pod_subj("vgpu-demo", "default"),
      "Vanilla Kubernetes v1.32 with containerd 1.7 (CDI enabled; assumed) and the NVIDIA GPU Operator managing "
      "driver and toolkit (nvidia-driver-daemonset and nvidia-container-toolkit-daemonset in gpu-operator 1/1 "
      "ready, driver root /run/nvidia/driver; release assumed), its own device plugin disabled; HAMi (Helm, "
      "kube-system) with devicePlugin.deviceListStrategy cdi-annotations and devicePlugin.nvidiaDriverRoot left "
      "at `/` (the host-install value; which value was mis-set is assumed, the Helm values are not in the bundle). "
      "One GPU node (1 NVIDIA A10, nvidia.com/gpu 10), hami-device-plugin and hami-scheduler ready. The pod "
      "vgpu-demo (default, nvidia.com/gpu 1, hami-scheduler) is bound and Pending, its container waiting with "
      "reason CreateContainerError and the case's text as message, and the kubelet's Failed event carries the same "
      "text (count 6).")
def _(w, t):
    node = "gpu-node-a10-01"
    _hami_node(w, node)
    _hami_stack(w, node)
    for app, ctr in (("nvidia-driver-daemonset", "nvidia-driver-ctr"),
                     ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr")):
        op = w.pod("gpu-operator", f"{app}-h8n2c", node=node, gpu=0, containers=(ctr,),
                   owner=("DaemonSet", app), labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"},
                   cpu="100m", memory="256Mi",
                   tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
        set_image(op, ctr, "nvcr.io/nvidia/driver:570.172.08-ubuntu22.04" if "driver" in app
                  else "nvcr.io/nvidia/k8s/container-toolkit:v1.18.1-ubuntu20.04")
        ds = w.workload("DaemonSet", "gpu-operator", app, template_pod=op, status=ds_status(1, 1, 1))
        ds["spec"].pop("replicas", None)
    w.get_node(node)["metadata"]["labels"].update({"nvidia.com/gpu.deploy.driver": "true",
                                                   "nvidia.com/gpu.deploy.container-toolkit": "true",
                                                   "nvidia.com/gpu.deploy.device-plugin": "false"})
    p = w.pod("default", "vgpu-demo", node=node, gpu=1, phase="Pending", containers=("ubuntu-container",),
              image="ubuntu:22.04", scheduler="hami-scheduler", cpu="1", memory="1Gi",
              statuses={"ubuntu-container": {"state": {"waiting": {"reason": "CreateContainerError", "message": t}},
                                             "ready": False, "restartCount": 0}})
    p["metadata"]["annotations"] = {"hami.io/vgpu-node": node, "hami.io/bind-phase": "success"}
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    w.event("default", "Pod", "vgpu-demo", "Failed", t, host=node, count=6,
            field_path="spec.containers{ubuntu-container}")
    w.target("Pod", "default", "vgpu-demo")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
