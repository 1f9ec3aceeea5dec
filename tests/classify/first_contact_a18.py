"""Builds first-contact batch A18 (fixtures/first-contact/batch-a18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes states documented by NVIDIA's AI blueprints and ingestion stacks deployed with Helm
(NVIDIA-AI-Blueprints/rag, NVIDIA/nv-ingest, NVIDIA/GenerativeAIExamples, NVIDIA-AI-Blueprints/ai-virtual-assistant
in place of video-search-and-summarization, whose snapshot is over the size limit), read in the fixed file order of
the batch README (snapshots brought with `fetch` and read with git; no search look-ups). All three texts are the
documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); the bundles show the state the
documents describe. The expected answer was reasoned from the document (`expected` in the case, preferred first)
and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, GPU models and counts, the OpenShift release,
which NIM caches are affected) are filled in plausibly; the image names and tags are the RAG chart's values.yaml at
the snapshot commit. Each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a18      # (re)writes fixtures/first-contact/batch-a18/scenarios/
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_a2 import A2World, _pvc
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import pod_subj


@dataclass
class A18World(A2World, FCWorld):
    """PVC lists (A2World) and the cluster version (FCWorld) in one world."""
    git_version: str = "v1.34.2"


FC = ThreadBatch("batch-a18", "A18", world=A18World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa1801", "fa1802", "fa1803"}

NS = "rag"
GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

# the RAG chart's images at the snapshot commit (deploy/helm/nvidia-blueprint-rag/values.yaml)
IMG = {
    "rag-server": "nvcr.io/nvidia/blueprint/rag-server:2.6.0",
    "ingestor-server": "nvcr.io/nvidia/blueprint/ingestor-server:2.6.0",
    "rag-frontend": "nvcr.io/nvidia/blueprint/rag-frontend:2.6.0",
    "rag-nv-ingest": "nvcr.io/nvidia/nemo-microservices/nv-ingest:26.3.0",
    "nim-llm": "nvcr.io/nim/nvidia/nemotron-3-super-120b-a12b:1.8.0",
    "nemotron-embedding-ms": "nvcr.io/nim/nvidia/llama-nemotron-embed-1b-v2:1.13.0",
    "nemotron-ranking-ms": "nvcr.io/nim/nvidia/llama-nemotron-rerank-1b-v2:1.10.0",
    "nemotron-ocr-v1": "nvcr.io/nim/nvidia/nemotron-ocr-v1:1.3.0",
    "nemotron-graphic-elements-v1": "nvcr.io/nim/nvidia/nemotron-graphic-elements-v1:1.8.0",
    "nemotron-page-elements-v3": "nvcr.io/nim/nvidia/nemotron-page-elements-v3:1.8.0",
    "nemotron-table-structure-v1": "nvcr.io/nim/nvidia/nemotron-table-structure-v1:1.8.0",
}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1):
    st = {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": replicas}
    if replicas > ready:
        st["unavailableReplicas"] = replicas - ready
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


def _rag_services(w, node: str, *, es_node: str | None = None) -> None:
    """The RAG chart's CPU services, Running and ready (Deployments, the redis and Elasticsearch StatefulSets)."""
    for name, rs, sfx, cpu, mem in (("rag-server", "rag-server-6d9cd4c677", "ntzgz", "1", "8Gi"),
                                    ("ingestor-server", "ingestor-server-6cc886bcdf", "6rfwm", "1", "25Gi"),
                                    ("rag-frontend", "rag-frontend-5db7874b77", "49q8f", "100m", "512Mi"),
                                    ("rag-nv-ingest", "rag-nv-ingest-6bf4d98866", "kbgg7", "4", "24Gi"),
                                    ("rag-seaweedfs-all-in-one", "rag-seaweedfs-all-in-one-649f6476c", "n29b8",
                                     "500m", "1Gi")):
        image = IMG.get(name, "chrislusf/seaweedfs:3.73")
        p = deploy_pod(w, NS, rs, f"{rs}-{sfx}", node, containers=(name,), image=image,
                       labels={"app": name, "app.kubernetes.io/instance": "rag"}, cpu=cpu, memory=mem)
        _deployment(w, NS, name, p)
    for name, image, owner in (("rag-redis-master-0", "redis:8.2.1", "rag-redis-master"),
                               ("rag-redis-replicas-0", "redis:8.2.1", "rag-redis-replicas"),
                               ("rag-eck-elasticsearch-es-default-0",
                                "docker.elastic.co/elasticsearch/elasticsearch:9.1.2", "rag-eck-elasticsearch-es-default")):
        p = w.pod(NS, name, node=es_node or node, gpu=0,
                  containers=(name.split("-")[1] if "redis" in name else "elasticsearch",), image=image,
                  owner=("StatefulSet", owner), labels={"app.kubernetes.io/instance": "rag"}, cpu="500m", memory="4Gi")
        w.workload("StatefulSet", NS, owner, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "currentReplicas": 1,
                           "updatedReplicas": 1, "observedGeneration": 1})


def _nim_pod(w, service: str, rs: str, sfx: str, node: str, *, gpus: int = 1, **kw) -> dict:
    """A NIMService pod (the NIM Operator's Deployment named after the service)."""
    p = deploy_pod(w, NS, rs, f"{rs}-{sfx}", node, containers=(service,), image=IMG[service],
                   labels={"app": service, "app.kubernetes.io/managed-by": "k8s-nim-operator",
                           "app.kubernetes.io/part-of": "nim-service"},
                   cpu="4", memory="32Gi", tolerations=GPU_TOL, **kw)
    c = p["spec"]["containers"][0]
    for k in ("limits", "requests"):
        c["resources"][k]["nvidia.com/gpu"] = str(gpus)
    p["spec"]["serviceAccountName"] = service
    return p


def _cache_job_pod(w, cache: str, sfx: str, node: str | None, image: str, **kw) -> dict:
    """A NIMCache's model-puller Job pod (service account nim-cache-sa, no GPU request)."""
    job = f"{cache}-job"
    p = w.pod(NS, f"{job}-{sfx}", node=node, gpu=0, containers=("nim-cache",), image=image, owner=("Job", job),
              labels={"app": job, "app.kubernetes.io/managed-by": "k8s-nim-operator",
                      "batch.kubernetes.io/job-name": job}, cpu="500m", memory="2Gi", tolerations=GPU_TOL,
              volumes=[{"name": "nim-cache-volume", "persistentVolumeClaim": {"claimName": f"{cache}-pvc"}}],
              mounts=[{"name": "nim-cache-volume", "mountPath": "/model-store"}], **kw)
    p["spec"]["serviceAccountName"] = "nim-cache-sa"
    p["spec"]["restartPolicy"] = "OnFailure"
    job_status = {"active": 1, "startTime": T0, "uncountedTerminatedPods": {}}
    w.workload("Job", NS, job, template_pod=p, status=job_status)["spec"].pop("replicas", None)
    return p


def _pulling(w, pod: str, container: str, image: str, host: str) -> None:
    w.event(NS, "Pod", pod, "Scheduled", f"Successfully assigned {NS}/{pod} to {host}", type="Normal",
            component="default-scheduler", count=1)
    w.event(NS, "Pod", pod, "Pulling", f'Pulling image "{image}"', type="Normal", component="kubelet", host=host,
            count=1, field_path=f"spec.containers{{{container}}}")


def _creating(p: dict) -> None:
    """A scheduled pod whose container is still being created (image pull in progress)."""
    p["status"]["phase"] = "Pending"
    for cond in p["status"]["conditions"]:
        if cond["type"] in ("ContainersReady", "Ready"):
            cond.update({"status": "False", "reason": "ContainersNotReady",
                         "message": f"containers with unready status: [{p['spec']['containers'][0]['name']}]"})
        if cond["type"] == "Initialized":
            cond["status"] = "True"
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "started": False,
                  "restartCount": 0, "containerID": None})
        s.pop("containerID")
    p["status"].pop("podIP", None)


# ---- healthy look-alike: NIM pods ContainerCreating during the first model downloads (debugging guide) -------

_DOWNLOAD_LOG = """INFO 2026-11-29 14:21:03.118 nimcache.py:88] Caching NIM model profiles for nvcr.io/nim/nvidia/nemotron-3-super-120b-a12b:1.8.0
INFO 2026-11-29 14:21:05.402 nim_sdk.py:376] Downloading manifest profile: 4f6b0d9c2e1a8b7f35d6c0e9a1b2c3d4e5f60718293a4b5c6d7e8f9012345678
INFO 2026-11-29 14:21:06.957 nim_sdk.py:402] Downloading 27 files (241.7 GB) to /model-store
INFO 2026-11-29 14:38:44.230 nim_sdk.py:421] Downloaded 9/27 files (80.6 GB)
INFO 2026-11-29 14:54:51.671 nim_sdk.py:421] Downloaded 17/27 files (152.3 GB)
"""


@case("fa1801", pod_subj("nemotron-embedding-ms-86f75c8f65-dfhd2", NS),
      "Vanilla Kubernetes v1.34.2 on Ubuntu 22.04 (the Helm guide's prerequisite; this page names none). One GPU "
      "node with 8 H100 80GB and the GPU Operator healthy (node name, GPU model and count assumed), the NIM "
      "Operator installed. The RAG Blueprint chart v2.6.0 (NIM and blueprint images from its values.yaml; the Elasticsearch tag assumed) installed about 35 minutes "
      "earlier in namespace rag: the chart's CPU services Running and ready; the NIMs page-elements-v3, ocr-v1, "
      "graphic-elements-v1 and table-structure-v1 Running (1 GPU each); the NIMService pods nemotron-embedding-ms "
      "and nemotron-ranking-ms (1 GPU each) scheduled, container waiting in ContainerCreating, with the kubelet's "
      "Normal Scheduled and Pulling events only (the pull still going); the NIMCache job pod nim-llm-cache-job "
      "Running, its log showing the LLM's model files downloading (illustrative lines); no nim-llm pod yet.")
def _(w, t):
    gpu = "rag-gpu-node-01"
    w.gpu_node(gpu, gpus=8, product="NVIDIA-H100-80GB-HBM3")
    node_info(w.get_node(gpu), kubeletVersion="v1.34.2", kubeProxyVersion="v1.34.2")
    _rag_services(w, gpu)
    for svc, rs, sfx in (("nemotron-page-elements-v3", "nemotron-page-elements-v3-56ddcf9b4b", "qsg82"),
                         ("nemotron-ocr-v1", "nemotron-ocr-v1-78f56cddb9", "f4852"),
                         ("nemotron-graphic-elements-v1", "nemotron-graphic-elements-v1-67d9d65bdc", "ftbkw"),
                         ("nemotron-table-structure-v1", "nemotron-table-structure-v1-696c9f5665", "l9sxn")):
        _deployment(w, NS, svc, _nim_pod(w, svc, rs, sfx, gpu))
    for svc, rs, sfx in (("nemotron-embedding-ms", "nemotron-embedding-ms-86f75c8f65", "dfhd2"),
                         ("nemotron-ranking-ms", "nemotron-ranking-ms-5ff774889f", "fwrlm")):
        p = _nim_pod(w, svc, rs, sfx, gpu)
        _creating(p)
        _deployment(w, NS, svc, p, ready=0)
        _pulling(w, p["metadata"]["name"], svc, IMG[svc], gpu)
    job = _cache_job_pod(w, "nim-llm-cache", "77hpc", gpu, IMG["nim-llm"])
    w.log(NS, job["metadata"]["name"], "nim-cache", _DOWNLOAD_LOG)
    w.target("Pod", NS, "nemotron-embedding-ms-86f75c8f65-dfhd2")


# ---- application: NIMCache pods in ImagePullBackOff before nim-cache-sa has the pull secret (OpenShift) ----

_OCP_INFO = {"containerRuntimeVersion": "cri-o://1.31.6-2.rhaos4.18.git0b1bda3.el9",
             "kernelVersion": "5.14.0-427.55.1.el9_4.x86_64", "kubeletVersion": "v1.31.6",
             "kubeProxyVersion": "v1.31.6", "osImage": "Red Hat Enterprise Linux CoreOS 418.94.202503040821-0"}


def _openshift_operator_ns(w) -> None:
    """The GPU Operator's pods in nvidia-gpu-operator, OpenShift's namespace for it."""
    pods = w.pods.pop(OPERATOR_NS, [])
    for p in pods:
        p["metadata"]["namespace"] = "nvidia-gpu-operator"
    w.pods.setdefault("nvidia-gpu-operator", []).extend(pods)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS]:
        w.logs[("nvidia-gpu-operator",) + key[1:]] = w.logs.pop(key)


@case("fa1802", pod_subj("nemotron-embedding-ms-cache-job-k7d2v", NS),
      "OpenShift 4.18 (assumed; the guide asks for 4.14 or later; Kubernetes v1.31.6, CRI-O, RHCOS): one CPU "
      "worker and two GPU workers with 4 H100 80GB each (names, GPU model and count assumed), the GPU Operator "
      "healthy in nvidia-gpu-operator, the NIM Operator installed. The RAG Blueprint chart v2.6.0 installed in "
      "namespace rag with values-openshift.yaml (NIM and blueprint images from values.yaml; the Elasticsearch tag assumed) before step 5 linked ngc-secret to the "
      "nim-cache-sa ServiceAccount. The NIMCache job pods of nim-llm-cache, nemotron-embedding-ms-cache and "
      "nemotron-ranking-ms-cache (serviceAccountName nim-cache-sa, the NIM image as model puller, no "
      "imagePullSecrets) are Pending on the GPU workers with the container waiting in ImagePullBackOff; the "
      "kubelet's Pulling, Failed (CRI-O's unauthorized words, illustrative), ErrImagePull and BackOff events; no "
      "NIMService pod exists for these caches; the chart's CPU services Running and ready on the CPU worker.")
def _(w, t):
    w.git_version = "v1.31.6"
    cpu = "worker-0.ocp4.example.com"
    node_info(w.node(cpu, cpu="16", memory="65842036Ki",
                     labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos"}), **_OCP_INFO)
    gpus = ["gpu-worker-0.ocp4.example.com", "gpu-worker-1.ocp4.example.com"]
    for g in gpus:
        n = w.gpu_node(g, gpus=4, product="NVIDIA-H100-80GB-HBM3",
                       labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos"})
        node_info(n, **_OCP_INFO)
    _openshift_operator_ns(w)
    _rag_services(w, cpu)
    for cache, sfx, host, svc in (("nim-llm-cache", "x9f4q", gpus[0], "nim-llm"),
                                  ("nemotron-embedding-ms-cache", "k7d2v", gpus[1], "nemotron-embedding-ms"),
                                  ("nemotron-ranking-ms-cache", "p3m8c", gpus[1], "nemotron-ranking-ms")):
        image = IMG[svc]
        wait = {"state": {"waiting": {"reason": "ImagePullBackOff", "message": f'Back-off pulling image "{image}"'}},
                "ready": False, "restartCount": 0}
        p = _cache_job_pod(w, cache, sfx, host, image, phase="Pending", statuses={"nim-cache": wait})
        for cond in p["status"]["conditions"]:
            if cond["type"] == "Initialized":
                cond["status"] = "True"
            if cond["type"] in ("ContainersReady", "Ready"):
                cond.update({"reason": "ContainersNotReady", "message": "containers with unready status: [nim-cache]"})
        name = p["metadata"]["name"]
        repo, tag = image.rsplit(":", 1)
        fp = "spec.containers{nim-cache}"
        _pulling(w, name, "nim-cache", image, host)
        w.event(NS, "Pod", name, "Failed",
                f'Failed to pull image "{image}": initializing source docker://{image}: reading manifest {tag} in '
                f'{repo}: unauthorized: authentication required', component="kubelet", host=host, count=9,
                field_path=fp)
        w.event(NS, "Pod", name, "Failed", "Error: ErrImagePull", component="kubelet", host=host, count=9,
                field_path=fp)
        w.event(NS, "Pod", name, "BackOff", f'Back-off pulling image "{image}"', type="Normal", component="kubelet",
                host=host, count=131, field_path=fp)
        w.event(NS, "Pod", name, "Failed", "Error: ImagePullBackOff", component="kubelet", host=host, count=131,
                field_path=fp)
    w.target("Pod", NS, "nemotron-embedding-ms-cache-job-k7d2v")


# ---- scheduler: NIM cache PVCs request a StorageClass named "default" that does not exist (troubleshooting) --

@case("fa1803", pod_subj("nemotron-embedding-ms-cache-job-r5t8n", NS),
      "Vanilla Kubernetes v1.34.2 on Ubuntu 22.04 (the Helm guide's prerequisite; the page names none) with the "
      "Rancher local-path provisioner (Deployment local-path-provisioner in local-path-storage Running; StorageClass "
      "local-path marked default, not in the bundle), the GPU Operator healthy and the NIM Operator installed; one "
      "CPU node and one GPU node with 8 H100 80GB (names, GPU model and count assumed). The RAG Blueprint chart "
      "v2.6.0 in namespace rag (NIM and blueprint images from values.yaml; the Elasticsearch tag assumed): the PVCs nemotron-embedding-ms-cache-pvc and "
      "nemotron-ranking-ms-cache-pvc request storageClassName default and are Pending with the "
      "persistentvolume-controller's ProvisioningFailed events (standard words for a missing StorageClass, "
      "illustrative); their NIMCache job pods Pending and unbound with the default scheduler's FailedScheduling "
      "(standard unbound-claim words, illustrative); which caches are affected is assumed. The other NIM cache "
      "PVCs and the Elasticsearch PVC Bound on local-path, those NIMs Running with 1 GPU each, the chart's CPU "
      "services Running and ready.")
def _(w, t):
    cpu = "rag-cpu-node-01"
    w.node(cpu, cpu="32", memory="131890036Ki")
    gpu = "rag-gpu-node-01"
    w.gpu_node(gpu, gpus=8, product="NVIDIA-H100-80GB-HBM3")
    for n in (cpu, gpu):
        node_info(w.get_node(n), kubeletVersion="v1.34.2", kubeProxyVersion="v1.34.2")
    lp = deploy_pod(w, "local-path-storage", "local-path-provisioner-7577fdbbfb", "local-path-provisioner-7577fdbbfb-m2xqz",
                    cpu, containers=("local-path-provisioner",), image="rancher/local-path-provisioner:v0.0.26",
                    labels={"app": "local-path-provisioner"}, cpu="50m", memory="64Mi")
    _deployment(w, "local-path-storage", "local-path-provisioner", lp)
    _rag_services(w, cpu)
    bound = []
    for i, (svc, rs, sfx) in enumerate((("nemotron-page-elements-v3", "nemotron-page-elements-v3-56ddcf9b4b", "qsg82"),
                                        ("nemotron-ocr-v1", "nemotron-ocr-v1-78f56cddb9", "f4852"),
                                        ("nemotron-graphic-elements-v1", "nemotron-graphic-elements-v1-67d9d65bdc", "ftbkw"),
                                        ("nemotron-table-structure-v1", "nemotron-table-structure-v1-696c9f5665", "l9sxn"))):
        _deployment(w, NS, svc, _nim_pod(w, svc, rs, sfx, gpu))
        bound.append(_pvc(NS, f"{svc}-cache-pvc", phase="Bound", storage_class="local-path", size="50Gi",
                          volume=f"pvc-3b7c{i:04d}-5c1e-4d2a-9b7f-3e8a1c6d0f42"))
    bound.append(_pvc(NS, "elasticsearch-data-rag-eck-elasticsearch-es-default-0", phase="Bound",
                      storage_class="local-path", size="100Gi",
                      volume="pvc-8d3f1a27-6b4e-4c9d-a1f0-7e2b5c9d4a61"))
    pending = []
    for svc, sfx in (("nemotron-embedding-ms", "r5t8n"), ("nemotron-ranking-ms", "w2j6h")):
        claim = f"{svc}-cache-pvc"
        pvc = _pvc(NS, claim, phase="Pending", storage_class="default", size="50Gi")
        pvc["spec"]["accessModes"] = ["ReadWriteOnce"]
        pending.append(pvc)
        ev = w.event(NS, "PersistentVolumeClaim", claim, "ProvisioningFailed",
                     'storageclass.storage.k8s.io "default" not found', component="persistentvolume-controller",
                     count=142)
        ev["involvedObject"]["apiVersion"] = "v1"
        msg = ("0/2 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/2 nodes "
               "are available: 2 Preemption is not helpful for scheduling.")
        p = _cache_job_pod(w, f"{svc}-cache", sfx, None, IMG[svc], scheduled_message=msg)
        w.event(NS, "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler", count=27)
    w.pvcs[NS] = bound + pending
    w.target("Pod", NS, "nemotron-embedding-ms-cache-job-r5t8n")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
