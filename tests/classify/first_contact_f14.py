"""Builds first-contact batch F14 (fixtures/first-contact/batch-f14/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by the workload side's own documentation, part 2 (Kubeflow Trainer,
KServe's code repository, HAMi's design documents, Ollama), read whole in the fixed file order of the batch README
(this round's protocol: no search look-ups; snapshots brought with `fetch` or the local mirror and read with git).
Six of the seven texts are the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE);
ff1402's quoted vLLM message is placed in the decode pod's previous log, ff1407's two quoted Ollama lines in the
Ollama pod's current log. The expected answer was reasoned from the document (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, kernels, kubelet and runtime
builds, image tags, instance types, the other nodes and workloads) are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f14      # (re)writes fixtures/first-contact/batch-f14/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_a2 import A2World, _pvc
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f14", "F14", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff1401", "ff1403", "ff1404", "ff1405", "ff1406"}

_SI_IMAGE = "kserve/storage-initializer:latest"


def _gpu_node(w, name: str, gpus: int = 1, product: str = "NVIDIA-A10G", mem: int = 23028, **labels) -> dict:
    lab = {"nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": str(mem)}
    lab.update(labels)
    return host_node(w, name, gpus=gpus, labels=lab)


def _plugin(w, nodes: list[str]) -> None:
    pods = [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{sfx}")
            for n, sfx in zip(nodes, ("k7x2p", "m4q9d", "t2v8s", "w6c3n"))]
    plugin_ds(w, KS, pods)


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, "unavailableReplicas": replicas - ready})


# ---- application: /dev/shm too small for Megatron-Core's NCCL communicators (Kubeflow Trainer) ----------

@case("ff1401", pod_subj("megatron-gpt-tp-node-0-0-7xq2m", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the guide names no distribution) with Kubeflow Trainer v2 and JobSet "
      "(kubeflow-system; controller Running): two GPU nodes with one NVIDIA A10G each (host driver and toolkit, "
      "NVIDIA device plugin DaemonSet in kube-system 2/2 Running; GPU model and names assumed). The TrainJob "
      "megatron-gpt-tp (the guide's example: runtime torch-distributed, num_nodes 2, gpu 1 and memory 16Gi per "
      "node, TP_SIZE=2) has its two `node` pods (Job pods of the JobSet, restartPolicy OnFailure) bound one per "
      "GPU node, both with the `node` container in CrashLoopBackOff (last exit code 1, reason Error, restart "
      "count 3) and the kubelet's BackOff events; neither pod mounts an emptyDir on /dev/shm (the runtime was not "
      "patched), so /dev/shm is the default 64 MB. No log is written (the guide quotes none).")
def _(w, t):
    nodes = ["gpu-node-a10g-01", "gpu-node-a10g-02"]
    for n in nodes:
        _gpu_node(w, n)
    _plugin(w, nodes)
    ctrl = deploy_pod(w, "kubeflow-system", "kubeflow-trainer-controller-manager-6f7d8c9b5",
                      "kubeflow-trainer-controller-manager-6f7d8c9b5-p2r7k", nodes[0], containers=("manager",),
                      image="ghcr.io/kubeflow/trainer/trainer-controller-manager:v2.1.0",
                      labels={"app.kubernetes.io/name": "trainer", "app.kubernetes.io/component": "manager"},
                      cpu="100m", memory="256Mi")
    _deployment(w, "kubeflow-system", "kubeflow-trainer-controller-manager", ctrl, ready=1)
    env = [{"name": "TP_SIZE", "value": "2"}, {"name": "PET_NNODES", "value": "2"},
           {"name": "PET_NPROC_PER_NODE", "value": "1"},
           {"name": "PET_MASTER_ADDR", "value": "megatron-gpt-tp-node-0-0.megatron-gpt-tp"},
           {"name": "PET_MASTER_PORT", "value": "29400"}]
    for i, (n, sfx) in enumerate(zip(nodes, ("7xq2m", "c4n8v"))):
        job = f"megatron-gpt-tp-node-{i}"
        name = f"{job}-0-{sfx}"
        p = w.pod("default", name, node=n, gpu=1, containers=("node",), image="pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime",
                  owner=("Job", job), cpu="4", memory="16Gi", env=env,
                  labels={"jobset.sigs.k8s.io/jobset-name": "megatron-gpt-tp",
                          "jobset.sigs.k8s.io/replicatedjob-name": "node", "batch.kubernetes.io/job-name": job,
                          "trainer.kubeflow.org/trainjob-ancestor-step": "trainer"})
        p["spec"]["restartPolicy"] = "OnFailure"
        p["spec"]["containers"][0]["command"] = ["bash", "-c"]
        p["spec"]["containers"][0]["args"] = ["pip install megatron-core pybind11 && torchrun /tmp/train.py"]
        crashloop(p, "node", restarts=3, code=1)
        backoff(w, "default", name, "node", n, count=6)
    w.target("Pod", "default", "megatron-gpt-tp-node-0-0-7xq2m")


# ---- application: hybrid model without prefix caching under KV offloading (KServe agentic tool calling) ------

_TC_NS = "tool-calling-test"


@case("ff1402", pod_subj("nemotron-ultra-pd-kserve-6b9d7f8c4-q5m2x", _TC_NS),
      "Vanilla Kubernetes v1.32 (assumed; the guide names no distribution) with KServe's LLMInferenceService "
      "controller and llm-d (the guide's setup): two GPU nodes with 8 NVIDIA H200 each (host driver and toolkit, "
      "NVIDIA device plugin DaemonSet 2/2 Running; node names assumed). The LLMInferenceService nemotron-ultra-pd "
      "(the guide's P/D manifest, 8 GPUs per pod) has its decode Deployment nemotron-ultra-pd-kserve and prefill "
      "Deployment nemotron-ultra-pd-kserve-prefill 0/1 ready; both pods run the `main` container with "
      "VLLM_ADDITIONAL_ARGS lacking --enable-prefix-caching while the kv-transfer-config uses the "
      "OffloadingConnector. The decode pod (the subject) has `main` in CrashLoopBackOff (exit code 1, restart "
      "count 4), its previous log holding the quoted message alone (the guide quotes no other line), and the "
      "kubelet's BackOff event; the prefill pod is Running, not ready (still loading; no log written).")
def _(w, t):
    nodes = ["gpu-node-h200-01", "gpu-node-h200-02"]
    for n in nodes:
        _gpu_node(w, n, gpus=8, product="NVIDIA-H200", mem=143771)
    _plugin(w, nodes)
    img = "ghcr.io/llm-d/llm-d-cuda:v0.9.0"
    args = ("--trust-remote-code --tensor-parallel-size=8 --enable-expert-parallel --kv-cache-dtype=fp8 "
            "--enable-auto-tool-choice --tool-call-parser=qwen3_coder --reasoning-parser=nemotron_v3 "
            "--kv-transfer-config '{\"kv_connector\":\"MultiConnector\",\"kv_role\":\"kv_both\",\"kv_connector_extra_config\":"
            "{\"connectors\":[{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_consumer\"},{\"kv_connector\":"
            "\"OffloadingConnector\",\"kv_role\":\"kv_both\",\"kv_connector_extra_config\":{\"cpu_bytes_to_use\":214748364800,"
            "\"lazy_offload\":true}}]}}'")
    env = [{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "HF_TOKEN"}}},
           {"name": "VLLM_ADDITIONAL_ARGS", "value": args}]
    vols = [{"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "40Gi"}}]
    mounts = [{"name": "shm", "mountPath": "/dev/shm"}]
    out = {}
    for role, n, rs, sfx in (("decode", nodes[0], "nemotron-ultra-pd-kserve-6b9d7f8c4", "q5m2x"),
                             ("prefill", nodes[1], "nemotron-ultra-pd-kserve-prefill-5c8f6d7b9", "h3k9w")):
        name = f"{rs}-{sfx}"
        p = w.pod(_TC_NS, name, node=n, gpu=8, containers=("main",), image=img, owner=("ReplicaSet", rs),
                  labels={"app.kubernetes.io/name": "nemotron-ultra-pd", "app.kubernetes.io/part-of": "llminferenceservice",
                          "llm-d.ai/role": role}, cpu="32", memory="300Gi", memory_limit="600Gi", env=env,
                  volumes=vols, mounts=mounts, ready=False)
        out[role] = p
    dec = out["decode"]
    dname = dec["metadata"]["name"]
    crashloop(dec, "main", restarts=4, code=1)
    w.log(_TC_NS, dname, "main", t, previous=True)
    backoff(w, _TC_NS, dname, "main", nodes[0], count=9)
    _deployment(w, _TC_NS, "nemotron-ultra-pd-kserve", dec)
    _deployment(w, _TC_NS, "nemotron-ultra-pd-kserve-prefill", out["prefill"])
    w.target("Pod", _TC_NS, dname)


# ---- scheduler: model-weights PVC without a default StorageClass (KServe GPT-OSS e2e guide) ---------------

_LAB = "kserve-lab"


@case("ff1403", pod_subj("gpt-oss-20b-init-job-6wz4d", _LAB),
      "Vanilla Kubernetes v1.32 (assumed; the guide names no distribution) without a default StorageClass (no "
      "StorageClass objects are in the bundle), KServe with the LLMInferenceService controller: one CPU node and "
      "one GPU node (1 NVIDIA L4, host driver and toolkit, NVIDIA device plugin 1/1 Running; names assumed). In "
      "kserve-lab the guide's PVC gpt-oss-20b-pvc (256Gi, ReadWriteMany, no storageClassName) is Pending with a "
      "persistentvolume-controller FailedBinding event 'no persistent volumes available for this claim and no "
      "storage class is set' (standard wording, illustrative); the guide's Job gpt-oss-20b-init-job "
      "(kserve/kserve-storage-initializer:v0.17.0, hf://RedHatAI/gpt-oss-20b into the PVC, restartPolicy Never) "
      "has its pod Pending and unbound with the default scheduler's FailedScheduling 'pod has unbound immediate "
      "PersistentVolumeClaims' (standard wording, illustrative). The LLMInferenceService is not applied yet.")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="8", memory="32865164Ki")
    gpu = "worker-gpu-l4-01"
    _gpu_node(w, gpu, product="NVIDIA-L4", mem=23034)
    _plugin(w, [gpu])
    pvc = _pvc(_LAB, "gpt-oss-20b-pvc", size="256Gi")
    pvc["spec"]["accessModes"] = ["ReadWriteMany"]
    w.pvcs[_LAB] = [pvc]
    w.event(_LAB, "PersistentVolumeClaim", "gpt-oss-20b-pvc", "FailedBinding",
            "no persistent volumes available for this claim and no storage class is set", count=24,
            component="persistentvolume-controller")
    job = "gpt-oss-20b-init-job"
    name = f"{job}-6wz4d"
    msg = ("0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    p = w.pod(_LAB, name, gpu=0, containers=("storage-initializer",), image="kserve/kserve-storage-initializer:v0.17.0",
              phase="Pending", owner=("Job", job), labels={"job-name": job, "batch.kubernetes.io/job-name": job},
              cpu="2", memory="16Gi", scheduled_message=msg,
              env=[{"name": "HF_HOME", "value": "/tmp/hf"},
                   {"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "HF_TOKEN"}}}],
              volumes=[{"name": "pvc", "persistentVolumeClaim": {"claimName": "gpt-oss-20b-pvc", "readOnly": False}}],
              mounts=[{"name": "pvc", "mountPath": "/mnt/models"}])
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["args"] = ["hf://RedHatAI/gpt-oss-20b", "/mnt/models"]
    w.event(_LAB, "Pod", name, "FailedScheduling", msg, count=11, component="default-scheduler")
    jw = w.workload("Job", _LAB, job, template_pod=p, status={"active": 1, "startTime": "2026-11-29T14:40:00Z"})
    jw["spec"].pop("replicas", None)
    w.target("Pod", _LAB, name)


# ---- application: LoRA adapter download without a Hugging Face token (KServe LoRA examples) ---------------

@case("ff1404", pod_subj("llama-lora-hf-kserve-5f7c9d8b6-t9p4j", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the README names no distribution) with KServe's LLMInferenceService: "
      "one GPU node (1 NVIDIA A10G, host driver and toolkit, NVIDIA device plugin 1/1 Running; names assumed). The "
      "LLMInferenceService llama-lora-hf (the README's example 1: a base model and one hf:// LoRA adapter; model "
      "and adapter names assumed) has its Deployment llama-lora-hf-kserve 0/1 ready; its pod is bound to the GPU "
      "node, phase Pending, the storage-initializer init container in CrashLoopBackOff (restart count 4, last exit "
      "code 1, reason Error) and the main (vLLM) container waiting PodInitializing; no hf-token secret exists and "
      "the storage-initializer has no HF_TOKEN; the kubelet's BackOff event. The storage-initializer's log is not "
      "quoted by the README and is not written.")
def _(w, t):
    gpu = "gpu-node-a10g-01"
    _gpu_node(w, gpu)
    _plugin(w, [gpu])
    rs = "llama-lora-hf-kserve-5f7c9d8b6"
    name = f"{rs}-t9p4j"
    err = {"exitCode": 1, "reason": "Error", "startedAt": "2026-11-29T14:56:40Z", "finishedAt": "2026-11-29T14:56:47Z"}
    p = w.pod("default", name, node=gpu, gpu=1, phase="Pending", containers=("main",),
              init_containers=("storage-initializer",), image="vllm/vllm-openai:v0.11.0",
              owner=("ReplicaSet", rs), labels={"app.kubernetes.io/name": "llama-lora-hf",
                                                 "app.kubernetes.io/part-of": "llminferenceservice"},
              cpu="4", memory="32Gi",
              init_statuses={"storage-initializer": {"state": {"waiting": {"reason": "CrashLoopBackOff",
                  "message": "back-off 1m20s restarting failed container=storage-initializer pod=" + name + "_default"}},
                  "lastState": {"terminated": err}, "ready": False, "restartCount": 4}})
    for c in p["spec"]["initContainers"]:
        c["image"] = _SI_IMAGE
        c["args"] = ["hf://meta-llama/Llama-3.1-8B-Instruct", "/mnt/models", "hf://my-org/sql-lora-adapter",
                     "/mnt/lora/sql-adapter"]
    for s in p["status"]["initContainerStatuses"]:
        s["image"] = _SI_IMAGE
    backoff(w, "default", name, "storage-initializer", gpu, count=12)
    w.events["default"][-1]["involvedObject"]["fieldPath"] = "spec.initContainers{storage-initializer}"
    _deployment(w, "default", "llama-lora-hf-kserve", p)
    w.target("Pod", "default", name)


# ---- HAMi: scheduler stack on a node ---------------------------------------------------------------

_HAMI_IMG = "projecthami/hami:v2.9.0"


def _hami_node(w, name: str, product: str, mem: int, split: int = 10, **labels) -> dict:
    n = host_node(w, name, gpus=split, labels={"gpu": "on", "nvidia.com/gpu.product": product,
                                               "nvidia.com/gpu.memory": str(mem), **labels})
    n["metadata"].setdefault("annotations", {})["hami.io/node-handshake"] = "Reported 2026-11-29 14:59:40"
    return n


def _hami_stack(w, nodes: list[str]) -> None:
    sched = deploy_pod(w, KS, "hami-scheduler-6d8f7c9b5d", "hami-scheduler-6d8f7c9b5d-r4wz8", nodes[0],
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_HAMI_IMG,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    set_image(sched, "kube-scheduler", "registry.k8s.io/kube-scheduler:v1.32.2")
    _deployment(w, KS, "hami-scheduler", sched, ready=1)
    pods = []
    for n, sfx in zip(nodes, ("7xk2m", "b5r8q")):
        pods.append(w.pod(KS, f"hami-device-plugin-{sfx}", node=n, gpu=0, containers=("device-plugin", "vgpu-monitor"),
                          image=_HAMI_IMG, owner=("DaemonSet", "hami-device-plugin"),
                          labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
                          cpu="100m", memory="128Mi", node_selector={"gpu": "on"}))
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=pods[0],
                    status=ds_status(len(nodes), len(nodes), len(nodes)))
    ds["spec"].pop("replicas", None)


def _vgpu(c: dict, mem: int, cores: int | None = None) -> None:
    for k in ("limits", "requests"):
        c.setdefault("resources", {}).setdefault(k, {})["nvidia.com/gpu"] = "1"
        c["resources"][k]["nvidia.com/gpumem"] = str(mem)
        if cores is not None:
            c["resources"][k]["nvidia.com/gpucores"] = str(cores)


# ---- scheduler: Cluster Autoscaler does not scale for HAMi extender-managed resources (HAMi design) ----------

@case("ff1405", pod_subj("vgpu-infer-7c6d9f5b8-m8x3k", "default"),
      "Vanilla Kubernetes v1.32 on a cloud provider with node groups (assumed; the document names no "
      "distribution) with HAMi (Helm, kube-system; release and names assumed) and the standard Cluster Autoscaler "
      "(Deployment cluster-autoscaler in kube-system 1/1 Running, no extender patch). One CPU node and one GPU node "
      "of the autoscaled node group gpu-a10 (1 NVIDIA A10, 23028 MiB, deviceSplitCount 10 so nvidia.com/gpu 10; "
      "hami-device-plugin 1/1, hami-scheduler 1/1 ready) where a running vGPU pod holds 20000 MiB of the card's "
      "memory. The Deployment vgpu-infer (replicas 2; nvidia.com/gpu 1, nvidia.com/gpumem 16000, "
      "nvidia.com/gpucores 50; schedulerName hami-scheduler) has one pod Running on the GPU node and one Pending "
      "and unbound: hami-scheduler's FailedScheduling (HAMi's CardInsufficientMemory reason in the usual 0/N "
      "format, illustrative) and the cluster autoscaler's NotTriggerScaleUp event 'pod didn't trigger scale-up: 1 "
      "Insufficient nvidia.com/gpucores' (CA's standard format, illustrative). No new node is being added.")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="8", memory="32865164Ki", labels={"node-group": "general"})
    gpu = "gpu-a10-node-01"
    _hami_node(w, gpu, "NVIDIA-A10", 23028, **{"node-group": "gpu-a10"})
    _hami_stack(w, [gpu])
    ca = deploy_pod(w, KS, "cluster-autoscaler-7b9c6d5f4", "cluster-autoscaler-7b9c6d5f4-j2h6t", cpu,
                    containers=("cluster-autoscaler",), image="registry.k8s.io/autoscaling/cluster-autoscaler:v1.32.1",
                    labels={"app.kubernetes.io/name": "cluster-autoscaler"}, cpu="100m", memory="300Mi")
    _deployment(w, KS, "cluster-autoscaler", ca, ready=1)
    rs = "vgpu-infer-7c6d9f5b8"
    lab = {"app": "vgpu-infer"}
    run = w.pod("default", f"{rs}-f4w9n", node=gpu, gpu=0, containers=("server",), image="vllm/vllm-openai:v0.11.0",
                owner=("ReplicaSet", rs), labels=lab, scheduler="hami-scheduler", cpu="4", memory="16Gi")
    _vgpu(run["spec"]["containers"][0], 16000, 50)
    run["metadata"]["annotations"] = {"hami.io/vgpu-node": gpu, "hami.io/bind-phase": "success"}
    other = w.pod("default", "batch-embed-0", node=gpu, gpu=0, containers=("embed",), image="python:3.12-slim",
                  labels={"app": "batch-embed"}, scheduler="hami-scheduler", cpu="2", memory="8Gi")
    _vgpu(other["spec"]["containers"][0], 4000, 20)
    other["metadata"]["annotations"] = {"hami.io/vgpu-node": gpu, "hami.io/bind-phase": "success"}
    name = f"{rs}-m8x3k"
    msg = "0/2 nodes are available: 1 CardInsufficientMemory, 1 NodeUnfitPod."
    p = w.pod("default", name, gpu=0, containers=("server",), image="vllm/vllm-openai:v0.11.0",
              owner=("ReplicaSet", rs), labels=lab, scheduler="hami-scheduler", cpu="4", memory="16Gi",
              scheduled_message=msg)
    _vgpu(p["spec"]["containers"][0], 16000, 50)
    w.event("default", "Pod", name, "FailedScheduling", msg, component="hami-scheduler", count=14)
    w.event("default", "Pod", name, "NotTriggerScaleUp", "pod didn't trigger scale-up: 1 Insufficient nvidia.com/gpucores",
            type="Normal", component="cluster-autoscaler", count=21)
    _deployment(w, "default", "vgpu-infer", run, ready=1, replicas=2)
    w.target("Pod", "default", name)


# ---- scheduler: HAMi sums init and app container GPU memory (HAMi init-container design) --------------------

@case("ff1406", pod_subj("model-warmup-job-0", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the document names no distribution) with HAMi (Helm, kube-system; "
      "release and names assumed): one GPU node with one NVIDIA A30 (24576 MiB, all free; model assumed; "
      "deviceSplitCount 10 so nvidia.com/gpu 10), hami-device-plugin 1/1 and hami-scheduler 1/1 ready. The pod "
      "model-warmup-job-0 (default, schedulerName hami-scheduler; name assumed) has an init container "
      "requesting nvidia.com/gpu 1 with nvidia.com/gpumem 20480 and an app container requesting nvidia.com/gpu 1 "
      "with nvidia.com/gpumem 10240; it is Pending and unbound with a FailedScheduling event from hami-scheduler "
      "whose message is illustrative (HAMi's CardInsufficientMemory reason in the usual 0/N format; the document "
      "quotes none). No other GPU pod runs.")
def _(w, t):
    node = "gpu-node-a30-01"
    _hami_node(w, node, "NVIDIA-A30", 24576)
    _hami_stack(w, [node])
    msg = "0/1 nodes are available: 1 CardInsufficientMemory."
    p = w.pod("default", "model-warmup-job-0", gpu=0, containers=("server",), init_containers=("warmup",),
              image="pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime", scheduler="hami-scheduler", cpu="2",
              memory="8Gi", scheduled_message=msg)
    _vgpu(p["spec"]["containers"][0], 10240)
    ic = p["spec"]["initContainers"][0]
    ic["image"] = "pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime"
    _vgpu(ic, 20480)
    w.event("default", "Pod", "model-warmup-job-0", "FailedScheduling", msg, component="hami-scheduler", count=9)
    w.target("Pod", "default", "model-warmup-job-0")


# ---- application/driver: Ollama's ROCm 7 libraries on a ROCm 6 kernel driver (Ollama troubleshooting) -------

@case("ff1407", pod_subj("ollama-5d8c7b9f6-w7k2r", "ollama"),
      "Vanilla Kubernetes v1.32 (modelled; the page is not about Kubernetes): one AMD GPU node (Ubuntu 22.04, "
      "kernel 5.15, amdgpu/ROCm 6.2 kernel driver installed on the host; GPU model Radeon PRO W7900 and names "
      "assumed) advertising amd.com/gpu 1 through the AMD GPU device plugin DaemonSet (kube-system, 1/1 Running). "
      "The Deployment ollama (namespace ollama, image ollama/ollama:rocm, amd.com/gpu 1) has its pod Running and "
      "Ready on that node (Ollama fell back to CPU); its current log holds the page's two lines verbatim (with the "
      "page's own ellipses), no other line being quoted by the page.")
def _(w, t):
    node = "amd-gpu-node-01"
    n = w.node(node, gpus=1, resource="amd.com/gpu", cpu="32", memory="131900712Ki",
               labels={"amd.com/gpu.present": "true", "amd.com/gpu.product-name": "AMD_Radeon_PRO_W7900",
                       "feature.node.kubernetes.io/pci-1002.present": "true"})
    node_info(n, kernelVersion="5.15.0-118-generic", osImage="Ubuntu 22.04.5 LTS")
    dp = w.pod(KS, "amdgpu-device-plugin-daemonset-x9v4l", node=node, gpu=0, containers=("amdgpu-dp-cntr",),
               image="rocm/k8s-device-plugin:1.31.0.6", owner=("DaemonSet", "amdgpu-device-plugin-daemonset"),
               labels={"name": "amdgpu-dp-ds"}, cpu="100m", memory="64Mi")
    ds = w.workload("DaemonSet", KS, "amdgpu-device-plugin-daemonset", template_pod=dp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    rs = "ollama-5d8c7b9f6"
    name = f"{rs}-w7k2r"
    p = w.pod("ollama", name, node=node, gpu=1, resource="amd.com/gpu", containers=("ollama",),
              image="ollama/ollama:rocm", owner=("ReplicaSet", rs), labels={"app": "ollama"}, cpu="4", memory="16Gi",
              volumes=[{"name": "ollama-data", "persistentVolumeClaim": {"claimName": "ollama-data"}}],
              mounts=[{"name": "ollama-data", "mountPath": "/root/.ollama"}])
    w.pvcs["ollama"] = [_pvc("ollama", "ollama-data", phase="Bound", storage_class="local-path", size="200Gi",
                             volume="pvc-3b7e1c2a-5d4f-4e8b-9a6c-1f2e3d4c5b6a")]
    w.log("ollama", name, "ollama", t)
    _deployment(w, "ollama", "ollama", p, ready=1)
    w.target("Pod", "ollama", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
