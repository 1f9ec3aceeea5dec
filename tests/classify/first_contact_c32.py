"""Builds first-contact batch C32 (fixtures/first-contact/batch-c32/cases.jsonl) as scenario bundles.

Round 32's frame: the bug-fix commits (2024 on) of NVIDIA/k8s-nim-operator, k8s-kata-manager, k8s-cc-manager and
nvkind (NVSentinel could not be fetched). Two cases, both healthy look-alikes from the NIM Operator on OpenShift AI's
KServe:

- fc3201: with KServe token auth the operator's model-status check of the InferenceService's HTTPS URL fails TLS
  verification (and would get 401), so the NIMService stays NotReady while the NIM serves (k8s-nim-operator
  8afd292b, PR #764); prose (the commit's words).
- fc3202: with autoscaling disabled the operator writes the InferenceService with minReplicas/maxReplicas 0, so the
  dashboard shows "0 replicas" while the deployment runs (k8s-nim-operator 24ea3e09, PR #755); prose.

The prose cases' texts (the commits' words) are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer
was reasoned from the fix (`expected` in the case); it is never taken from the tool's output. Names, versions, node
sizes and the log lines the commits do not state are assumed or composed from the NIM Operator's code at v3.0.2;
the scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_c32      # (re)writes fixtures/first-contact/batch-c32/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1, T2
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c32", "C32", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc3201", "fc3202"}

_OPS = "openshift-operators"          # OLM installs the certified operators here (assumed)
_NS = "nim-demo"
_NIM = "llama-3-1-8b-instruct"
_NIM_IMG = "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.8.4"
_OP_IMG = "nvcr.io/nvidia/k8s-nim-operator:v3.0.2"
_OP_POD = "k8s-nim-operator-7c9d8f6b54-k2v7q"
_PRED_RS = f"{_NIM}-predictor-6f8b9c7d5"
_PRED_POD = f"{_PRED_RS}-x4m2t"
_GPU = "ocp-gpu-l40s-1"
_WORKERS = ("ocp-master-0", "ocp-master-1", "ocp-master-2")
_RHCOS = dict(osImage="Red Hat Enterprise Linux CoreOS 9.6.20250701-0 (Plow)",
              kernelVersion="5.14.0-570.25.1.el9_6.x86_64", containerRuntimeVersion="cri-o://1.32.6-2.rhaos4.19.el9",
              kubeletVersion="v1.32.6")
_URL = f"https://{_NIM}-predictor.{_NS}.svc.cluster.local:8443/v1/models"
_WAIT = f"Waiting for InferenceService \"{_NIM}\" reporting Predictor readiness"


def _cluster(w) -> None:
    w.git_version = "v1.32.6"
    for n in _WORKERS:
        node = w.node(n, cpu="16", memory="65842604Ki",
                      labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": "",
                              "node-role.kubernetes.io/worker": ""})
        info(node, **_RHCOS)
    g = w.gpu_node(_GPU, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="48", memory="195893928Ki",
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/cuda.driver.major": "570"},
                   taints=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    info(g, **_RHCOS)


def _operator(w, log: str) -> None:
    op = w.pod(_OPS, _OP_POD, node=_WORKERS[1], gpu=0, containers=("manager",), image=_OP_IMG,
               owner=("ReplicaSet", "k8s-nim-operator-7c9d8f6b54"), cpu="500m", memory="256Mi",
               labels={"app.kubernetes.io/name": "k8s-nim-operator", "control-plane": "controller-manager"})
    op["metadata"]["labels"]["pod-template-hash"] = "7c9d8f6b54"
    w.workload("Deployment", _OPS, "k8s-nim-operator", replicas=1,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.log(_OPS, _OP_POD, "manager", log)


def _nim(w, *, proxy: bool) -> None:
    containers = ("kserve-container", "kube-rbac-proxy") if proxy else ("kserve-container",)
    p = w.pod(_NS, _PRED_POD, node=_GPU, gpu=1, containers=containers, image=_NIM_IMG, cpu="8", memory="32Gi",
              owner=("ReplicaSet", _PRED_RS), tolerations=GPU_TOLERATION,
              labels={"app": f"isvc.{_NIM}-predictor", "serving.kserve.io/inferenceservice": _NIM,
                      "component": "predictor", "app.kubernetes.io/managed-by": "k8s-nim-operator"})
    p["metadata"]["labels"]["pod-template-hash"] = "6f8b9c7d5"
    w.workload("Deployment", _NS, f"{_NIM}-predictor", replicas=1,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.log(_NS, _PRED_POD, "kserve-container",
          "INFO 2026-02-10 09:02:41.118 api_server.py:719] Available routes are:\n"
          "INFO 2026-02-10 09:02:41.120 server.py:82] Started server process [1]\n"
          "INFO 2026-02-10 09:02:41.121 on.py:48] Waiting for application startup.\n"
          "INFO 2026-02-10 09:02:41.133 on.py:62] Application startup complete.\n"
          "INFO 2026-02-10 09:02:41.136 server.py:214] Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)\n")


def _isvc(*, min_replicas: int, max_replicas: int, auth: bool) -> dict:
    ann = {"serving.kserve.io/deploymentMode": "RawDeployment"}
    if auth:
        ann["security.opendatahub.io/enable-auth"] = "true"
    return {"apiVersion": "serving.kserve.io/v1beta1", "kind": "InferenceService",
            "metadata": {"name": _NIM, "namespace": _NS, "annotations": ann, "creationTimestamp": T0,
                         "ownerReferences": [{"apiVersion": "apps.nvidia.com/v1alpha1", "kind": "NIMService",
                                              "name": _NIM, "controller": True}]},
            "spec": {"predictor": {"minReplicas": min_replicas, "maxReplicas": max_replicas,
                                   "containers": [{"name": "kserve-container", "image": _NIM_IMG,
                                                   "resources": {"limits": {"nvidia.com/gpu": "1"},
                                                                 "requests": {"nvidia.com/gpu": "1"}}}]}},
            "status": {"url": f"https://{_NIM}-predictor.{_NS}.svc.cluster.local:8443" if auth else
                       f"http://{_NIM}-predictor.{_NS}.svc.cluster.local",
                       "conditions": [{"type": t, "status": "True", "lastTransitionTime": T1}
                                      for t in ("IngressReady", "PredictorReady", "Ready")],
                       "modelStatus": {"states": {"activeModelState": "Loaded", "targetModelState": "Loaded"},
                                       "transitionStatus": "UpToDate"}}}


def _nimservice(*, ready: bool, auth: bool) -> dict:
    cond = ({"type": "Ready", "status": "True", "reason": "Ready", "message": "", "lastTransitionTime": T1}
            if ready else
            {"type": "NotReady", "status": "True", "reason": "NotReady", "message": _WAIT, "lastTransitionTime": T0})
    status = {"state": "Ready" if ready else "NotReady", "availableReplicas": 1, "conditions": [cond]}
    if ready:
        status["model"] = {"name": "meta/llama-3.1-8b-instruct", "clusterEndpoint": f"{_NIM}-predictor.{_NS}:80",
                           "externalEndpoint": ""}
    spec = {"inferencePlatform": "kserve", "image": {"repository": "nvcr.io/nim/meta/llama-3.1-8b-instruct",
                                                     "tag": "1.8.4", "pullSecrets": ["ngc-secret"]},
            "authSecret": "ngc-api-secret", "replicas": 1, "resources": {"limits": {"nvidia.com/gpu": "1"}},
            "scale": {"enabled": False}, "expose": {"service": {"type": "ClusterIP", "port": 8000}}}
    ann = {"security.opendatahub.io/enable-auth": "true"} if auth else {}
    return {"apiVersion": "apps.nvidia.com/v1alpha1", "kind": "NIMService",
            "metadata": {"name": _NIM, "namespace": _NS, "creationTimestamp": T0, "annotations": ann},
            "spec": spec, "status": status}


# controller-runtime zap console lines; message texts from the code at v3.0.2 (composed; see the case note)
_CTX = f'{{"controller": "nimservice", "controllerGroup": "apps.nvidia.com", "controllerKind": "NIMService", ' \
       f'"NIMService": {{"name":"{_NIM}","namespace":"{_NS}"}}, "namespace": "{_NS}", "name": "{_NIM}"'
_X509 = (f'Get \\"{_URL}\\": tls: failed to verify certificate: x509: certificate signed by unknown authority')
_LOG1 = "".join(
    f'2026-02-10T09:{m:02d}:{s:02d}Z\tERROR\tGET request failed\t{_CTX}, "url": "{_URL}", "error": "{_X509}"}}\n'
    f'2026-02-10T09:{m:02d}:{s:02d}Z\tINFO\tWARN: Model status update failed, will retry in 5 seconds\t{_CTX}, '
    f'"error": "{_X509}"}}\n'
    for m, s in ((14, 2), (14, 7), (14, 12), (14, 17)))
_LOG1 = "2026-02-10T08:55:10Z\tINFO\tsetup\tstarting manager\n" + _LOG1

_LOG2 = ("2026-02-10T08:55:10Z\tINFO\tsetup\tstarting manager\n"
         f'2026-02-10T09:03:05Z\tINFO\tReconciling\t{_CTX}}}\n')


@case("fc3201", pod_subj(_PRED_POD, _NS),
      "An OpenShift 4.19 cluster (Kubernetes v1.32.6, RHCOS 9.6 nodes, CRI-O; version and names assumed): three "
      "schedulable control-plane nodes and one L40S GPU worker (1 GPU, tainted nvidia.com/gpu:NoSchedule) with a "
      "healthy GPU Operator stack. The NIM Operator v3.0.2 (the release before the fix) runs in openshift-operators; "
      "its manager log is composed from the code at v3.0.2: 'GET request failed' with Go's x509 unknown-authority "
      "error for the InferenceService's https://...:8443/v1/models, then 'WARN: Model status update failed, will "
      "retry in 5 seconds', every 5 s. In nim-demo a NIMService (inferencePlatform kserve, token auth annotation) "
      "stays NotReady with the message 'Waiting for InferenceService ... reporting Predictor readiness'; its "
      "InferenceService (RawDeployment, auth enabled) is Ready, the predictor Deployment has 1/1 ready and the NIM "
      "pod (kserve-container + kube-rbac-proxy, 1 GPU) is Running and Ready, its log showing the server up. The "
      "commit's words are not in the bundle.")
def _(w, t):
    _cluster(w)
    _operator(w, _LOG1)
    _nim(w, proxy=True)
    w.ns_custom[("inferenceservices.serving.kserve.io", _NS)] = [_isvc(min_replicas=1, max_replicas=1, auth=True)]
    w.ns_custom[("nimservices.apps.nvidia.com", _NS)] = [_nimservice(ready=False, auth=True)]
    w.event(_NS, "NIMService", _NIM, "NotReady", f"NIMService {_NIM} not ready yet, msg: {_WAIT}", type="Normal",
            component="nimservice-controller", count=1)
    w.target("Pod", _NS, _PRED_POD)


@case("fc3202", pod_subj(_PRED_POD, _NS),
      "An OpenShift 4.19 cluster (Kubernetes v1.32.6, RHCOS 9.6 nodes, CRI-O; version and names assumed) with "
      "OpenShift AI's KServe in Standard/RawDeployment mode: three schedulable control-plane nodes and one L40S GPU "
      "worker (1 GPU, tainted nvidia.com/gpu:NoSchedule) with a healthy GPU Operator stack. The NIM Operator v3.0.2 "
      "(the release before the fix) runs in openshift-operators (log composed: start-up and reconcile lines only). "
      "In nim-demo a NIMService (inferencePlatform kserve, replicas 1, scale disabled) is Ready; the InferenceService "
      "it rendered has predictor minReplicas 0 and maxReplicas 0 and is Ready; the predictor Deployment has 1/1 "
      "ready and the NIM pod (1 GPU) is Running and Ready. The dashboard's '0 replicas' is not in the bundle; the "
      "commit's words are not either.")
def _(w, t):
    _cluster(w)
    _operator(w, _LOG2)
    _nim(w, proxy=False)
    w.ns_custom[("inferenceservices.serving.kserve.io", _NS)] = [_isvc(min_replicas=0, max_replicas=0, auth=False)]
    w.ns_custom[("nimservices.apps.nvidia.com", _NS)] = [_nimservice(ready=True, auth=False)]
    w.event(_NS, "NIMService", _NIM, "Ready", f"NIMService {_NIM} ready, msg: ", type="Normal",
            component="nimservice-controller", count=1, last=T2)
    w.target("Pod", _NS, _PRED_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
