"""Builds first-contact batch C42 (fixtures/first-contact/batch-c42/cases.jsonl) as scenario bundles.

Model serving on Kubernetes GPUs (round 42, search protocol, `issues` corpus only, 24 fixed queries):

- fc4201: on a GKE 1.27 cluster set up by Substratus, the GKE-managed nvidia-gpu-device-plugin pod of an L4 node
  stays in Init because its nvidia-driver-installer finds no driver for L4 on the node's COS version
  (substratusai/runbooks#37, fixed by PR#39). The text is the installer log the reporter quoted, placed verbatim
  as that init container's log.
- fc4202: the production-stack CI's two-replica Helm test renders no GPU request for `requestGPU: 0.5`, so both vLLM
  engine pods run without nvidia.com/gpu, share GPU 0 and one restarts (vllm-project/production-stack PR#1047).
  The text is the pull request's prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE).

Names and versions the threads do not state are filled in plausibly; each case's `note` and world note say which
parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c42      # (re)writes fixtures/first-contact/batch-c42/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import KS, FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-c42", "C42", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc4202"}


# ---- fc4201: GKE 1.27 managed driver installer has no driver for L4 (substratusai/runbooks#37) ---------------

_A01_GPU = "gke-substratus-l4-pool-5e2b9c71-t9k4"
_A01_CPU = "gke-substratus-default-pool-0c8d1a3f-m2xq"
_A01_DS = "nvidia-gpu-device-plugin-small-cos"
_A01_POD = "nvidia-gpu-device-plugin-small-cos-t47jf"          # the thread's pod
_A01_GIT = "v1.27.2-gke.1200"
_A01_KV = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.15.107+",
           "containerRuntimeVersion": "containerd://1.7.0", "kubeletVersion": _A01_GIT}
# the reporter's `k logs ... -c nvidia-driver-installer` output, as quoted in the issue description
_A01_LOG = (
    "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current\n"
    "                                 Dload  Upload   Total   Spent    Left  Speed\n"
    "100   815  100   815    0     0   562k      0 --:--:-- --:--:-- --:--:--  795k\n"
    "I0625 05:36:32.677469    5389 installer.go:424] Getting the default GPU driver version\n"
    "I0625 05:36:32.677825    5389 utils.go:88] Downloading gpu_default_version from "
    "https://storage.googleapis.com/cos-tools/17412.101.13/gpu_default_version\n"
    "W0625 05:36:32.745071    5389 install.go:488] \n\n")
_A01_SERVER = "falcon-7b-instruct-server-6c9f7d8b5-q2wzx"


@case("fc4201", node_subj(_A01_GPU),
      f"GKE Standard {_A01_GIT} (assumed; the fix says GKE 1.27) on the REGULAR channel: a default-pool e2-standard-4 "
      "node and one g2-standard-8 COS node with an NVIDIA L4 (cloud.google.com/gke-accelerator=nvidia-l4, "
      "gke-gpu-driver-version=default, nvidia.com/gpu=present:NoSchedule taint, no nvidia.com/gpu capacity; names, "
      f"machine type and kernel assumed). The GKE-managed {_A01_DS} DaemonSet in kube-system (DESIRED 1, READY 0) "
      f"has its pod {_A01_POD} (the thread's name) in Init: the nvidia-driver-installer init container runs and "
      "logs the reporter's quoted output (the case's text as its tail), partition-gpus and the plugin containers "
      "wait (their names and images assumed). A Substratus Server pod requesting one nvidia.com/gpu is Pending "
      "with the scheduler's standard Insufficient nvidia.com/gpu wording (assumed; not quoted by the thread).")
def _(w, t):
    w.git_version = _A01_GIT
    info(w.node(_A01_CPU, cpu="4", memory="16393220Ki", labels={
        "cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
        "cloud.google.com/machine-family": "e2", "node.kubernetes.io/instance-type": "e2-standard-4"}), **_A01_KV)
    info(w.node(_A01_GPU, cpu="8", memory="32880668Ki", labels={
        "cloud.google.com/gke-nodepool": "l4-pool", "cloud.google.com/gke-accelerator": "nvidia-l4",
        "cloud.google.com/gke-accelerator-count": "1", "cloud.google.com/gke-gpu-driver-version": "default",
        "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/machine-family": "g2",
        "node.kubernetes.io/instance-type": "g2-standard-8"},
        taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]), **_A01_KV)
    img_dp = "gke.gcr.io/nvidia-gpu-device-plugin@sha256:7d1f0c3a9e2b4f6d8a0c1e3f5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7c9e1b3d"
    img_inst = "gke.gcr.io/cos-nvidia-installer:fixed"
    inits, ctrs = ("nvidia-driver-installer", "partition-gpus"), ("nvidia-gpu-device-plugin",)
    daemonset(w, KS, _A01_DS, desired=1, current=1, ready=0,
              init_containers=[(c, img_inst) for c in inits], containers=[(c, img_dp) for c in ctrs],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"},
                                        {"key": "cloud.google.com/gke-gpu-driver-version", "operator": "In",
                                         "values": ["default", "latest"]},
                                        {"key": "cloud.google.com/gke-os-distribution", "operator": "In",
                                         "values": ["cos"]}]}]}}},
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "nvidia-gpu-device-plugin"})
    p = ds_pod(w, KS, _A01_DS, _A01_POD, _A01_GPU, containers=ctrs, image=img_dp, init_containers=inits,
               phase="Pending", ready=False, labels={"k8s-app": "nvidia-gpu-device-plugin"},
               statuses={c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False} for c in ctrs},
               init_statuses={"nvidia-driver-installer": {"state": {"running": {"startedAt": T1}}, "ready": False,
                                                          "started": True, "restartCount": 0},
                              "partition-gpus": {"state": {"waiting": {"reason": "PodInitializing"}},
                                                 "ready": False, "restartCount": 0}})
    for c in p["spec"]["initContainers"]:
        c["image"] = img_inst
    for s in p["status"]["initContainerStatuses"]:
        s["image"] = img_inst
    w.log(KS, _A01_POD, "nvidia-driver-installer", _A01_LOG + t + "\n")
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector."
    w.pod("default", _A01_SERVER, gpu=1, containers=("model",), phase="Pending", tolerations=GPU_TOLERATION,
          image="substratusai/model-server-basic:latest", cpu="2", memory="16Gi",
          node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, scheduled_message=msg,
          owner=("ReplicaSet", _A01_SERVER.rsplit("-", 1)[0]),
          labels={"app.kubernetes.io/managed-by": "substratus", "role": "run", "server": "falcon-7b-instruct"})
    w.event("default", "Pod", _A01_SERVER, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Node", None, _A01_GPU)


# ---- fc4202: production-stack two-pods test, requestGPU 0.5 renders no GPU request (PR#1047) ------------------

_A02_NODE = "minikube"
_A02_NS = "default"
_A02_RS = "vllm-opt125m-deployment-vllm-7b9c6d5f48"
_A02_PODS = (f"{_A02_RS}-hx2qm", f"{_A02_RS}-w8tkp")
_A02_ROUTER_RS = "vllm-deployment-router-5d8f9b7c64"
_A02_IMAGE = "vllm/vllm-openai:latest"
_A02_LABELS = {"model": "opt125m", "helm-release-name": "vllm", "environment": "test", "release": "test"}
# illustrative vLLM start-up lines (the PR quotes no output of the engines)
_A02_LOG = """INFO 08-22 09:41:12 [__init__.py:241] Automatically detected platform cuda.
INFO 08-22 09:41:15 [api_server.py:1805] vLLM API server version 0.10.1.1
INFO 08-22 09:41:15 [utils.py:326] non-default args: {'model': 'facebook/opt-125m', 'host': '0.0.0.0', 'port': 8000, 'gpu_memory_utilization': 0.4}
INFO 08-22 09:41:31 [gpu_model_runner.py:1953] Starting to load model facebook/opt-125m...
INFO 08-22 09:41:34 [gpu_model_runner.py:2007] Model loading took 0.2389 GiB and 2.118 seconds
"""


@case("fc4202", pod_subj(_A02_PODS[1], _A02_NS),
      "A single-node Kubernetes cluster on the CI runner (minikube v1.36, Kubernetes v1.33.1, assumed) with two "
      "NVIDIA L4 GPUs advertised as nvidia.com/gpu: 2 by the GPU Operator's device plugin (operator stack healthy, "
      "assumed). The production-stack release 'vllm' from the two-pods test values: a router pod and two vLLM "
      f"engine pods ({_A02_RS}-*) whose container has CPU and memory requests but no nvidia.com/gpu (the state the "
      "PR describes: requestGPU 0.5 renders no GPU request); both are scheduled on the GPU node, so the node's "
      f"nvidia.com/gpu stays unrequested. {_A02_PODS[1]} restarted once: its last state is terminated (exit code 1, "
      "reason Error, assumed), its current container runs and is not ready yet; both engines' logs hold vLLM start-"
      "up lines only (illustrative: the PR quotes no engine output). Names, versions and the model are assumed. "
      "The PR's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.1"
    node = w.gpu_node(_A02_NODE, gpus=2, product="NVIDIA-L4", memory_mib=23034, cpu="48", memory="196438508Ki",
                      labels={"minikube.k8s.io/name": "minikube", "minikube.k8s.io/primary": "true",
                              "node-role.kubernetes.io/control-plane": ""})
    info(node, kubeletVersion="v1.33.1", containerRuntimeVersion="docker://28.1.1",
         osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-60-generic")
    deploy_pod(w, _A02_NS, _A02_ROUTER_RS, f"{_A02_ROUTER_RS}-zj4vn", _A02_NODE, containers=("router-container",),
               image="lmcache/lmstack-router:latest", labels={"environment": "router", "release": "router"},
               cpu="400m", memory="500Mi")
    for i, name in enumerate(_A02_PODS):
        restarted = i == 1
        statuses = None
        if restarted:
            statuses = {"vllm": {"state": {"running": {"startedAt": T1}}, "ready": False, "started": True,
                                 "restartCount": 1,
                                 "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                              "finishedAt": T1}}}}
        deploy_pod(w, _A02_NS, _A02_RS, name, _A02_NODE, containers=("vllm",), image=_A02_IMAGE,
                   labels=dict(_A02_LABELS), cpu="6", memory="16Gi", statuses=statuses,
                   ready=False if restarted else None,
                   env=[{"name": "HF_HOME", "value": "/data"}, {"name": "VLLM_PORT", "value": "8000"}])
        w.log(_A02_NS, name, "vllm", _A02_LOG)
        if restarted:
            w.log(_A02_NS, name, "vllm", _A02_LOG, previous=True)
    w.target("Pod", _A02_NS, _A02_PODS[1])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
