"""Builds first-contact batch B23 (fixtures/first-contact/batch-b23/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of NIM / NIM Operator / KServe / Dynamo deployments found with the fixed query list
of the batch README (round 23, search protocol): the nim-llm Helm chart installed with `persistence.enabled=true`
on a cluster with no automatic PV provisioner, so the NIM pod stays Pending on an unbound PersistentVolumeClaim
(NVIDIA/nim-deploy#87), and NIMService pods of NIM Operator releases before v2.0.2 restarted by their startup probe
while a model that is not pre-cached downloads and builds (the NIM Operator v2.0.2 release notes). fb2301's text is
placed verbatim where the thread says it appeared (the scheduler's FailedScheduling event); fb2302's text is a
release-note sentence (prose, not in the bundle), and its bundle models the state the note describes. The expected
answer was reasoned from the source (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, GPU models, images, probe settings, the operator
version before the fix) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b23      # (re)writes fixtures/first-contact/batch-b23/scenarios/
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_a2 import A2World, _pvc
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj


@dataclass
class B23World(A2World, FCWorld):
    """FCWorld (cluster version, namespaced custom resources) that also writes PersistentVolumeClaim lists
    (A2World's writer)."""


FC = ThreadBatch("batch-b23", "B23", world=B23World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words, never in the bundle)
TEXT_NOT_IN_BUNDLE: set[str] = {"fb2302"}

_UBUNTU = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
           "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.30.4",
           "kubeProxyVersion": "v1.30.4"}


# ---- fb2301: nim-llm chart with persistence.enabled=true, no automatic PV provisioner ------------------------

_B01_NS = "nim"
_B01_NODE = "nim-gpu-01"
_B01_POD = "my-nim-nim-llm-0"
_B01_PVC = "my-nim-nim-llm"


@case("fb2301", pod_subj(_B01_POD, _B01_NS),
      "A single-node Kubernetes cluster (kubeadm-style; Ubuntu 22.04, containerd 1.7 and kubelet v1.30 strings "
      "assumed, the thread states none) whose only node `nim-gpu-01` (no control-plane taint) has one NVIDIA A100 "
      "80GB (model assumed) and the GPU Operator stack Running, advertising nvidia.com/gpu 1. No StorageClass and "
      "no PersistentVolume exist (the reporter: no automatic PV provisioner). The nim-llm Helm chart (release "
      "my-nim in namespace nim, as in the chart README's command; image nvcr.io/nim/meta/llama3-8b-instruct:1.0.0 "
      "assumed) was installed with --set persistence.enabled=true: its model-cache PVC `my-nim-nim-llm` (no "
      "storageClassName, 50Gi; name and size assumed) is Pending with a persistentvolume-controller FailedBinding "
      "event 'no persistent volumes available for this claim and no storage class is set' (standard wording, "
      "illustrative), and the StatefulSet's pod `my-nim-nim-llm-0` (nvidia.com/gpu 1, mounting the PVC at "
      "/model-store) is Pending and unbound; its PodScheduled condition and the default-scheduler's "
      "FailedScheduling event (x12, count assumed) carry the quoted message verbatim.")
def _(w, t):
    w.git_version = "v1.30.4"
    n = w.gpu_node(_B01_NODE, gpus=1, cpu="32", memory="263842452Ki")
    node_info(n, **_UBUNTU)
    w.pvcs[_B01_NS] = [_pvc(_B01_NS, _B01_PVC, size="50Gi")]
    w.event(_B01_NS, "PersistentVolumeClaim", _B01_PVC, "FailedBinding",
            "no persistent volumes available for this claim and no storage class is set", type="Normal", count=48,
            component="persistentvolume-controller")
    p = w.pod(_B01_NS, _B01_POD, gpu=1, containers=("nim-llm",), image="nvcr.io/nim/meta/llama3-8b-instruct:1.0.0",
              phase="Pending", owner=("StatefulSet", "my-nim-nim-llm"),
              labels={"app.kubernetes.io/name": "nim-llm", "app.kubernetes.io/instance": "my-nim",
                      "statefulset.kubernetes.io/pod-name": _B01_POD},
              env=[{"name": "NIM_CACHE_PATH", "value": "/model-store"},
                   {"name": "NGC_API_KEY", "valueFrom": {"secretKeyRef": {"name": "ngc-api", "key": "NGC_API_KEY"}}}],
              volumes=[{"name": "nim-model-store", "persistentVolumeClaim": {"claimName": _B01_PVC}}],
              mounts=[{"name": "nim-model-store", "mountPath": "/model-store"}],
              cpu="4", memory="16Gi", scheduled_message=t)
    w.workload("StatefulSet", _B01_NS, "my-nim-nim-llm", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 0, "observedGeneration": 1})
    w.event(_B01_NS, "Pod", _B01_POD, "FailedScheduling", t, count=12, component="default-scheduler")
    w.target("Pod", _B01_NS, _B01_POD)


# ---- fb2302: NIMService pod restarted by its startup probe while an un-cached model downloads (NIM Operator v2.0.1)

_B02_NS = "nim-service"
_B02_NODE = "gpu-worker-1"
_B02_SVC = "meta-llama-3-1-8b-instruct"
_B02_RS = f"{_B02_SVC}-7c9d8f6b54"
_B02_POD = f"{_B02_RS}-x4k2p"
_B02_IMG = "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3"

# the NIM container's start-up log while it downloads the model (illustrative: the release notes quote none)
_B02_LOG = """
===========================================
== NVIDIA Inference Microservice LLM NIM ==
===========================================

NVIDIA Inference Microservice LLM NIM Version 1.3.3
Model: meta/llama-3.1-8b-instruct

INFO 2025-07-14 09:12:41.118 ngc_profile.py:231] Running NIM without LoRA. Only looking for compatible profiles that do not support LoRA.
INFO 2025-07-14 09:12:41.118 ngc_profile.py:233] Detected 1 compatible profile(s).
INFO 2025-07-14 09:12:41.119 ngc_injector.py:152] Valid profile: 193649a2eb95e821309d6023a2cabb31489d3b690a9973c7ab5d1ff58b0aa7eb (vllm-bf16-tp1) on GPUs [0]
INFO 2025-07-14 09:12:41.119 ngc_injector.py:206] Selected profile: 193649a2eb95e821309d6023a2cabb31489d3b690a9973c7ab5d1ff58b0aa7eb (vllm-bf16-tp1)
INFO 2025-07-14 09:12:41.121 ngc_injector.py:214] Profile metadata: llm_engine: vllm
INFO 2025-07-14 09:12:41.121 ngc_injector.py:214] Profile metadata: precision: bf16
INFO 2025-07-14 09:12:41.121 ngc_injector.py:214] Profile metadata: tp: 1
INFO 2025-07-14 09:12:41.122 ngc_injector.py:245] Preparing model workspace. This step might download additional files to run the model.
"""


@case("fb2302", pod_subj(_B02_POD, _B02_NS),
      "Kubernetes cluster (distribution not stated; Ubuntu 22.04, containerd 1.7 and kubelet v1.30 strings assumed) "
      "with one GPU worker `gpu-worker-1` (one NVIDIA L40S, model assumed) whose GPU Operator stack is Running and "
      "advertises nvidia.com/gpu 1, and one CPU node. The NVIDIA NIM Operator v2.0.1 (the release before the fix; "
      "assumed) reconciles the NIMService `meta-llama-3-1-8b-instruct` in namespace nim-service (image "
      "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3, names assumed) with no NIMCache: its storage is a fresh PVC "
      "(bound; not in the bundle), so the model is not pre-cached. The operator's Deployment pod mounts it at "
      "/model-store and carries the release's default startup probe (httpGet /v1/health/ready on 8000, initial "
      "delay 30 s, period 10 s, failure threshold 30: about five and a half minutes; values assumed, the notes give "
      "none). The pod is Running and not Ready, its container not started, restarted 3 times (last exit code 137, "
      "assumed); the kubelet's Unhealthy events (x88) carry the probe's connection-refused failure and its Killing "
      "events (x3) the restarts, in the kubelet's usual wording (pod IP illustrative); the container's log shows "
      "NIM selecting its profile and preparing the model workspace (illustrative). The NIMService custom resource "
      "reports NotReady. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.30.4"
    n = w.gpu_node(_B02_NODE, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="48", memory="527951036Ki")
    node_info(n, **_UBUNTU)
    node_info(w.node("cpu-worker-1", cpu="16", memory="65842452Ki"), **_UBUNTU)
    probes = {"startupProbe": {"httpGet": {"path": "/v1/health/ready", "port": 8000, "scheme": "HTTP"},
                               "initialDelaySeconds": 30, "periodSeconds": 10, "timeoutSeconds": 1,
                               "successThreshold": 1, "failureThreshold": 30},
              "readinessProbe": {"httpGet": {"path": "/v1/health/ready", "port": 8000, "scheme": "HTTP"},
                                 "initialDelaySeconds": 15, "periodSeconds": 10, "timeoutSeconds": 1,
                                 "successThreshold": 1, "failureThreshold": 3},
              "livenessProbe": {"httpGet": {"path": "/v1/health/live", "port": 8000, "scheme": "HTTP"},
                                "initialDelaySeconds": 15, "periodSeconds": 10, "timeoutSeconds": 1,
                                "successThreshold": 1, "failureThreshold": 3},
              "ports": [{"containerPort": 8000, "name": "api", "protocol": "TCP"}]}
    status = {_B02_SVC: {"state": {"running": {"startedAt": T1}}, "started": False, "ready": False,
                         "restartCount": 3,
                         "lastState": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0,
                                                      "finishedAt": T1}}}}
    p = w.pod(_B02_NS, _B02_POD, node=_B02_NODE, gpu=1, containers=(_B02_SVC,), image=_B02_IMG,
              owner=("ReplicaSet", _B02_RS),
              labels={"app": _B02_SVC, "app.kubernetes.io/name": _B02_SVC,
                      "app.kubernetes.io/managed-by": "k8s-nim-operator"},
              env=[{"name": "NIM_CACHE_PATH", "value": "/model-store"},
                   {"name": "NIM_SERVER_PORT", "value": "8000"},
                   {"name": "NGC_API_KEY", "valueFrom": {"secretKeyRef": {"name": "ngc-api-secret",
                                                                           "key": "NGC_API_KEY"}}}],
              volumes=[{"name": "model-store", "persistentVolumeClaim": {"claimName": f"{_B02_SVC}-pvc"}},
                       {"name": "dshm", "emptyDir": {"medium": "Memory"}}],
              mounts=[{"name": "model-store", "mountPath": "/model-store"},
                      {"name": "dshm", "mountPath": "/dev/shm"}],
              probes=probes, statuses=status, ready=False, cpu="8", memory="32Gi", tolerations=GPU_TOLERATION)
    w.workload("Deployment", _B02_NS, _B02_SVC, template_pod=p)
    w.log(_B02_NS, _B02_POD, _B02_SVC, _B02_LOG)
    w.log(_B02_NS, _B02_POD, _B02_SVC, _B02_LOG, previous=True)
    w.event(_B02_NS, "Pod", _B02_POD, "Unhealthy",
            'Startup probe failed: Get "http://10.244.2.31:8000/v1/health/ready": dial tcp 10.244.2.31:8000: '
            "connect: connection refused", count=88, host=_B02_NODE, field_path=f"spec.containers{{{_B02_SVC}}}")
    w.event(_B02_NS, "Pod", _B02_POD, "Killing", f"Container {_B02_SVC} failed startup probe, will be restarted",
            type="Normal", count=3, host=_B02_NODE, field_path=f"spec.containers{{{_B02_SVC}}}")
    w.ns_custom[("nimservices.apps.nvidia.com", _B02_NS)] = [{
        "apiVersion": "apps.nvidia.com/v1alpha1", "kind": "NIMService",
        "metadata": {"name": _B02_SVC, "namespace": _B02_NS, "creationTimestamp": T0},
        "spec": {"image": {"repository": "nvcr.io/nim/meta/llama-3.1-8b-instruct", "tag": "1.3.3",
                           "pullSecrets": ["ngc-secret"]},
                 "authSecret": "ngc-api-secret",
                 "storage": {"pvc": {"create": True, "size": "50Gi", "volumeAccessMode": "ReadWriteOnce"}},
                 "resources": {"limits": {"nvidia.com/gpu": 1}}, "replicas": 1,
                 "expose": {"service": {"type": "ClusterIP", "port": 8000}}},
        "status": {"state": "NotReady",
                   "conditions": [{"type": "Ready", "status": "False", "reason": "NotReady",
                                   "message": f"deployment \"{_B02_SVC}\" not ready",
                                   "lastTransitionTime": T0}]}}]
    w.target("Pod", _B02_NS, _B02_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
