"""Builds first-contact batch H15 (fixtures/first-contact/batch-h15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by the orchestration and serving side's own documentation (JobSet's
troubleshooting page; KAITO's proposals and website pages), read whole in the fixed file order of the batch README
(this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). Two of the four
texts are the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); fh1501's quoted webhook
message is placed in the Job controller's FailedCreate event, fh1503's quoted assertion words in the leader pod's
previous vLLM log. The expected answer was reasoned from the document (`expected` in the case, preferred first)
and committed before any scenario was built; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, kernels, kubelet and runtime
builds, image tags, instance types, the other nodes and workloads) are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h15      # (re)writes fixtures/first-contact/batch-h15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-h15", "H15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh1502", "fh1504"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1) -> dict:
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
                      status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                              "updatedReplicas": replicas,
                              **({"unavailableReplicas": replicas - ready} if replicas > ready else {})})


def _set_image(p: dict, image: str) -> None:
    for c in p["spec"]["containers"]:
        c["image"] = image
    for s in p["status"].get("containerStatuses", []):
        s["image"] = image


def _no_memory_limit(p: dict) -> None:
    for c in p["spec"]["containers"]:
        c["resources"]["limits"].pop("memory", None)


# ---- fh1501: JobSet exclusive placement, the leader Pending for GPUs, followers rejected by the webhook ---------

_GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.87+",
             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4-gke.1134000",
             "kubeProxyVersion": "v1.33.4-gke.1134000"}
_JS = "llm-train"
_JOB = "llm-train-workers-0"
_LEADER = "llm-train-workers-0-0-r7k2p"
_GKE_GPU_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
_GKE_GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _gke_node(w, name: str, pool: str, machine: str, *, gpus: int | None = None, cpu: str, memory: str) -> dict:
    labels = {"cloud.google.com/gke-nodepool": pool, "node.kubernetes.io/instance-type": machine,
              "beta.kubernetes.io/instance-type": machine, "cloud.google.com/machine-family": machine.split("-")[0],
              "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-a",
              "cloud.google.com/gke-os-distribution": "cos", "cloud.google.com/gke-boot-disk": "pd-balanced"}
    if gpus:
        labels.update({"cloud.google.com/gke-accelerator": "nvidia-h100-80gb",
                       "cloud.google.com/gke-gpu": "true", "cloud.google.com/gke-gpu-driver-version": "default"})
    n = w.node(name, gpus=gpus, cpu=cpu, memory=memory, labels=labels, taints=_GKE_GPU_TAINT if gpus else ())
    node_info(n, **_GKE_INFO)
    return n


@case("fh1501", {"kind": "Job", "namespace": "default", "name": _JOB},
      "GKE 1.33 in us-central1-a (assumed; the page names no distribution, its 'TPU multi-slice or exclusive "
      "placement' and cloud-quota wording point to GKE) with a default-pool node (e2-standard-8, no GPU) and the node "
      "pool a3-pool of two a3-highgpu-8g nodes (8 NVIDIA H100 80GB each, GKE-managed driver, the GKE NVIDIA device "
      "plugin DaemonSet 2/2 Running, the nvidia.com/gpu=present:NoSchedule taint; names and versions assumed). "
      "JobSet v0.10 (jobset-system, controller Running). In namespace research a two-pod training Job holds all 16 "
      "GPUs. The JobSet llm-train (default; exclusive-topology cloud.google.com/gke-nodepool; one replicatedJob "
      "workers, parallelism and completions 2, Indexed, 8 GPUs per pod; names assumed) has one child Job "
      "llm-train-workers-0: its leader pod (completion index 0) is Pending and unbound with the default-scheduler's "
      "FailedScheduling '3 Insufficient nvidia.com/gpu' (standard wording, illustrative); no follower pod exists and "
      "the job-controller's FailedCreate event on the Job carries the page's quoted webhook message after the "
      "controller's 'Error creating: ' prefix.")
def _(w, t):
    w.git_version = "v1.33.4-gke.1134000"
    cpu = "gke-llm-cluster-default-pool-3f9a2c1d-x7k2"
    _gke_node(w, cpu, "default-pool", "e2-standard-8", cpu="8", memory="32880112Ki")
    gpus = ["gke-llm-cluster-a3-pool-8b4e6d2f-m4q9", "gke-llm-cluster-a3-pool-8b4e6d2f-t2v8"]
    for n in gpus:
        _gke_node(w, n, "a3-pool", "a3-highgpu-8g", gpus=8, cpu="208", memory="1919519828Ki")
    dps = [plugin_pod(w, n, f"nvidia-gpu-device-plugin-large-cos-{sfx}", ds="nvidia-gpu-device-plugin-large-cos",
                      image="gke.gcr.io/nvidia-gpu-device-plugin@sha256:4f1c8e0b9d2a7c63e5b1f08d9a4e27c6b3d05f18e9a2c"
                            "7d4b16e08f3a9c52d71")
           for n, sfx in zip(gpus, ("b8x2d", "k5w7n"))]
    plugin_ds(w, KS, dps, ds="nvidia-gpu-device-plugin-large-cos")
    ctrl = deploy_pod(w, "jobset-system", "jobset-controller-manager-7d9c6b8f5", "jobset-controller-manager-7d9c6b8f5-h3k9w",
                      cpu, containers=("manager",), image="registry.k8s.io/jobset/jobset:v0.10.1",
                      labels={"control-plane": "controller-manager", "app.kubernetes.io/name": "jobset"},
                      cpu="500m", memory="512Mi")
    _deployment(w, "jobset-system", "jobset-controller-manager", ctrl, ready=1)
    # another team's training job holds every GPU
    for i, n in enumerate(gpus):
        name = f"pretrain-7b-{i}-{('q2m8v', 'z6c4r')[i]}"
        w.pod("research", name, node=n, gpu=8, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
              owner=("Job", "pretrain-7b"), labels={"batch.kubernetes.io/job-name": "pretrain-7b",
                                                    "batch.kubernetes.io/job-completion-index": str(i)},
              tolerations=_GKE_GPU_TOL, cpu="96", memory="800Gi")
    w.workload("Job", "research", "pretrain-7b", template_pod=w.get_pod("research", "pretrain-7b-0-q2m8v"),
               status={"active": 2, "startTime": "2026-11-29T09:12:00Z"})["spec"].pop("replicas", None)
    # the JobSet's child Job: the leader pod is Pending, the follower is never created
    key = "3b7e9f2c4a1d8e6b0c5f7a9d2e4b6c8a1f3d5e7b"
    js_labels = {"jobset.sigs.k8s.io/jobset-name": _JS, "jobset.sigs.k8s.io/replicatedjob-name": "workers",
                 "jobset.sigs.k8s.io/job-index": "0", "jobset.sigs.k8s.io/job-key": key,
                 "jobset.sigs.k8s.io/replicatedjob-replicas": "1", "jobset.sigs.k8s.io/restart-attempt": "0",
                 "batch.kubernetes.io/job-name": _JOB}
    anns = {"alpha.jobset.sigs.k8s.io/exclusive-topology": "cloud.google.com/gke-nodepool",
            "jobset.sigs.k8s.io/jobset-name": _JS, "jobset.sigs.k8s.io/job-key": key,
            "batch.kubernetes.io/job-completion-index": "0"}
    affinity = {
        "podAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{
            "labelSelector": {"matchExpressions": [{"key": "jobset.sigs.k8s.io/job-key", "operator": "In",
                                                    "values": [key]}]},
            "namespaceSelector": {}, "topologyKey": "cloud.google.com/gke-nodepool"}]},
        "podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [{
            "labelSelector": {"matchExpressions": [
                {"key": "jobset.sigs.k8s.io/job-key", "operator": "Exists"},
                {"key": "jobset.sigs.k8s.io/job-key", "operator": "NotIn", "values": [key]}]},
            "namespaceSelector": {}, "topologyKey": "cloud.google.com/gke-nodepool"}]}}
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No "
           "preemption victims found for incoming pod.")
    p = w.pod("default", _LEADER, gpu=8, containers=("trainer",), image="us-docker.pkg.dev/llm-proj/train/llm-train:2026.11",
              phase="Pending", owner=("Job", _JOB), labels={**js_labels, "batch.kubernetes.io/job-completion-index": "0"},
              tolerations=_GKE_GPU_TOL, affinity=affinity, cpu="96", memory="800Gi", scheduled_message=msg,
              extra_spec={"restartPolicy": "Never", "subdomain": _JS, "hostname": "llm-train-workers-0-0"})
    p["metadata"]["annotations"] = dict(anns)
    w.event("default", "Pod", _LEADER, "FailedScheduling", msg, component="default-scheduler", count=37)
    job = w.workload("Job", "default", _JOB, template_pod=p, owner=("JobSet", _JS),
                     status={"active": 1, "ready": 0, "startTime": T0})
    job["spec"].pop("replicas", None)
    job["spec"].update({"parallelism": 2, "completions": 2, "completionMode": "Indexed", "backoffLimit": 0})
    job["spec"]["selector"] = {"matchLabels": {"batch.kubernetes.io/job-name": _JOB}}
    job["metadata"]["labels"] = {k: v for k, v in js_labels.items() if k.startswith("jobset.sigs.k8s.io/")}
    job["metadata"]["annotations"] = {"alpha.jobset.sigs.k8s.io/exclusive-topology": "cloud.google.com/gke-nodepool"}
    job["metadata"]["ownerReferences"][0]["apiVersion"] = "jobset.x-k8s.io/v1alpha2"
    ev = w.event("default", "Job", _JOB, "FailedCreate", f"Error creating: {t}", component="job-controller", count=19)
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    w.ns_custom[("jobsets.jobset.x-k8s.io", "default")] = [{
        "apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
        "metadata": {"name": _JS, "namespace": "default", "creationTimestamp": T0, "generation": 1,
                     "annotations": {"alpha.jobset.sigs.k8s.io/exclusive-topology": "cloud.google.com/gke-nodepool"}},
        "spec": {"replicatedJobs": [{"name": "workers", "replicas": 1, "template": {"spec": {
            "parallelism": 2, "completions": 2, "completionMode": "Indexed", "backoffLimit": 0,
            "template": {"spec": {"restartPolicy": "Never", "containers": [{
                "name": "trainer", "image": "us-docker.pkg.dev/llm-proj/train/llm-train:2026.11",
                "resources": {"limits": {"nvidia.com/gpu": "8"}, "requests": {"cpu": "96", "memory": "800Gi"}}}]}}}}}],
                 "network": {"enableDNSHostnames": True, "subdomain": _JS},
                 "successPolicy": {"operator": "All"}, "failurePolicy": {"maxRestarts": 0}},
        "status": {"restarts": 0, "terminalState": "",
                   "replicatedJobsStatus": [{"name": "workers", "active": 1, "ready": 0, "succeeded": 0, "failed": 0,
                                             "suspended": 0}],
                   "conditions": []}}]
    w.target("Job", "default", _JOB)


# ---- fh1502: LMCache CPU offload on a shared MIG node, the vLLM containers OOM-killed (KAITO MIG proposal) ------

_AKS_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1089-azure",
             "containerRuntimeVersion": "containerd://1.7.27-1", "kubeletVersion": "v1.33.2",
             "kubeProxyVersion": "v1.33.2"}
_KAITO_IMAGE = "mcr.microsoft.com/aks/kaito/workspace:0.12.0"
_KAITO_BASE = "mcr.microsoft.com/aks/kaito/kaito-base:0.2.3"
_MIG_RES = "nvidia.com/mig-1g.10gb"
_MIG_PLUGIN_LOG = (
    "I1129 14:01:02.123456       1 main.go:317] Retrieving plugins.\n"
    "I1129 14:01:02.456789       1 server.go:216] Starting GRPC server for 'nvidia.com/mig-1g.10gb'\n"
    "I1129 14:01:02.457012       1 server.go:147] Starting to serve 'nvidia.com/mig-1g.10gb' on "
    "/var/lib/kubelet/device-plugins/nvidia-mig-1g.10gb.sock\n"
    "I1129 14:01:02.460331       1 server.go:154] Registered device plugin for 'nvidia.com/mig-1g.10gb' with Kubelet\n")


def _aks_system_node(w, name: str) -> dict:
    n = w.node(name, cpu="4", memory="16375396Ki", alloc_cpu="3860m", alloc_memory="12880484Ki",
               labels={"kubernetes.azure.com/agentpool": "nodepool1", "kubernetes.azure.com/mode": "system",
                       "node.kubernetes.io/instance-type": "Standard_D4ds_v5",
                       "beta.kubernetes.io/instance-type": "Standard_D4ds_v5",
                       "topology.kubernetes.io/region": "eastus2", "topology.kubernetes.io/zone": "eastus2-1"})
    node_info(n, **_AKS_INFO)
    return n


def _kaito_controller(w, node: str) -> None:
    p = deploy_pod(w, "kaito-workspace", "kaito-workspace-6c8d9f7b5", "kaito-workspace-6c8d9f7b5-p4n7x", node,
                   containers=("workspace",), image=_KAITO_IMAGE,
                   labels={"app.kubernetes.io/name": "workspace", "app.kubernetes.io/instance": "kaito-workspace"},
                   cpu="500m", memory="1Gi")
    _deployment(w, "kaito-workspace", "kaito-workspace", p, ready=1)


def _workspace(ns: str, name: str, *, resource: dict, inference: dict, conditions: list[dict]) -> dict:
    return {"apiVersion": "kaito.sh/v1beta1", "kind": "Workspace",
            "metadata": {"name": name, "namespace": ns, "creationTimestamp": T0, "generation": 1},
            "resource": resource, "inference": inference, "status": {"conditions": conditions}}


def _cond(typ: str, status: str, reason: str, message: str) -> dict:
    return {"type": typ, "status": status, "reason": reason, "message": message, "lastTransitionTime": T1,
            "observedGeneration": 1}


@case("fh1502", pod_subj("phi-4-mini-mig-1-7b9d6c5f8-k2x7m", "default"),
      "AKS 1.33 in eastus2 (assumed from the proposal's Azure examples) with KAITO v0.12 (kaito-workspace, controller "
      "Running; the MIG partition API of the proposal; node provisioning off, BYO nodes) and the NVIDIA GPU Operator "
      "(driver, toolkit, device plugin, GFD, validator and MIG manager pods Running; versions assumed). One system "
      "node and one BYO GPU node aks-a100mig-25817361-vmss000000 (Standard_NC24ads_A100_v4: 24 vCPU, 220 GiB, one "
      "A100 80GB PCIe partitioned all-1g.10gb, mig.strategy mixed, mig.config.state success, so "
      "nvidia.com/mig-1g.10gb 7 and nvidia.com/gpu 0; names assumed). Four Workspaces phi-4-mini-mig-1..4 "
      "(phi-4-mini-instruct, partition mig/1g.10gb) each have a Deployment whose pod requests one "
      "nvidia.com/mig-1g.10gb slice and no memory limit, its vLLM command keeping LMCache CPU offload on "
      "(--kaito-kv-cache-cpu-memory-utilization=0.5, value assumed). Three pods are in CrashLoopBackOff with last "
      "state OOMKilled (exit code 137), the fourth Running after two OOMKilled restarts; the kubelet's BackOff "
      "events. No log and no kernel line are written (the proposal quotes none). The text is the proposal's prose "
      "and is not placed.")
def _(w, t):
    w.git_version = "v1.33.2"
    _aks_system_node(w, "aks-nodepool1-31415926-vmss000000")
    node = "aks-a100mig-25817361-vmss000000"
    n = w.gpu_node(node, gpus=0, product="NVIDIA-A100-80GB-PCIe", memory_mib=81920, plugin_log=_MIG_PLUGIN_LOG,
                   labels={"nvidia.com/gpu.count": "1", "nvidia.com/mig.strategy": "mixed",
                           "nvidia.com/mig.capable": "true", "nvidia.com/mig.config": "all-1g.10gb",
                           "nvidia.com/mig.config.state": "success", "nvidia.com/gpu.deploy.mig-manager": "true",
                           "nvidia.com/mig-1g.10gb.count": "7", "nvidia.com/mig-1g.10gb.memory": "9728",
                           "nvidia.com/mig-1g.10gb.product": "NVIDIA-A100-80GB-PCIe-MIG-1g.10gb",
                           "nvidia.com/cuda.driver.major": "570", "kubernetes.azure.com/agentpool": "a100mig",
                           "node.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4",
                           "beta.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4",
                           "topology.kubernetes.io/region": "eastus2", "topology.kubernetes.io/zone": "eastus2-1",
                           "apps": "phi-4-mini-mig"})
    node_info(n, **_AKS_INFO)
    sized(n, "24", "230683852Ki")
    for res in ("capacity", "allocatable"):
        n["status"][res][_MIG_RES] = "7"
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.1-ubuntu20.04"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"})
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", "nvidia-mig-manager-w5d8q", node, containers=("nvidia-mig-manager",),
           image=img, tolerations=GPU_TOLERATION, runtime_class="nvidia", cpu="100m", memory="128Mi")
    _kaito_controller(w, "aks-nodepool1-31415926-vmss000000")
    workspaces = []
    for i, (rs_sfx, pod_sfx) in enumerate((("7b9d6c5f8", "k2x7m"), ("5c8f7d9b6", "m9q4t"), ("6d7b8c9f4", "r3w8n"),
                                          ("8f6c5d7b9", "v6h2p")), start=1):
        ws = f"phi-4-mini-mig-{i}"
        rs = f"{ws}-{rs_sfx}"
        name = f"{rs}-{pod_sfx}"
        p = w.pod("default", name, node=node, gpu=1, resource=_MIG_RES, containers=(ws,), image=_KAITO_BASE,
                  owner=("ReplicaSet", rs), labels={"kaito.sh/workspace": ws, "app": ws}, cpu="4", memory="16Gi",
                  tolerations=GPU_TOLERATION, node_selector={"apps": "phi-4-mini-mig"},
                  volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory"}}],
                  mounts=[{"name": "dshm", "mountPath": "/dev/shm"}])
        _no_memory_limit(p)
        c = p["spec"]["containers"][0]
        c["command"] = ["/bin/sh", "-c", "python3 /workspace/vllm/inference_api.py --served-model-name=phi-4-mini-instruct "
                        "--tensor-parallel-size=1 --gpu-memory-utilization=0.84 "
                        "--kaito-kv-cache-cpu-memory-utilization=0.5 "
                        "--kaito-config-file=/mnt/config/inference_config.yaml"]
        if i < 4:
            crashloop(p, ws, restarts=3 + i, code=137, reason="OOMKilled")
            backoff(w, "default", name, ws, node, count=5 + i)
            ready = 0
        else:
            st = p["status"]["containerStatuses"][0]
            st["restartCount"] = 2
            st["lastState"] = {"terminated": {"exitCode": 137, "reason": "OOMKilled", "startedAt": T0,
                                              "finishedAt": T1}}
            st["ready"] = False
            for cond in p["status"]["conditions"]:
                if cond["type"] in ("Ready", "ContainersReady"):
                    cond["status"] = "False"
            ready = 0
        _deployment(w, "default", ws, p, ready=ready)
        workspaces.append(_workspace(
            "default", ws,
            resource={"labelSelector": {"matchLabels": {"apps": "phi-4-mini-mig"}},
                      "partition": {"mode": "mig", "profile": "1g.10gb"}},
            inference={"preset": {"name": "phi-4-mini-instruct"}},
            conditions=[_cond("ResourceReady", "True", "workspaceResourceStatusSuccess", "workspace resource is ready"),
                        _cond("InferenceReady", "False", "WorkspaceInferenceStatusFailed",
                              f"deployment {ws} is not ready"),
                        _cond("WorkspaceSucceeded", "False", "workspaceFailed", f"deployment {ws} is not ready")]))
    w.ns_custom[("workspaces.kaito.sh", "default")] = workspaces
    w.target("Pod", "default", "phi-4-mini-mig-1-7b9d6c5f8-k2x7m")


# ---- fh1503: DeepSeek-V4 without an fp8 KV cache, vLLM's assertion (KAITO DeepSeek-V4 onboarding proposal) ------

_V4 = "workspace-deepseek-v4-flash"
_ND_H100 = "Standard_ND96isr_H100_v5"


@case("fh1503", pod_subj(f"{_V4}-0", "default"),
      "AKS 1.33 in eastus2 (assumed; the proposal's instance type is an Azure one) with KAITO v0.12 (kaito-workspace, "
      "controller Running; node auto-provisioning through gpu-provisioner, whose NodeClaims are not in the bundle) "
      "and the NVIDIA device plugin DaemonSet KAITO installs (kube-system, 3/3 Running; AKS GPU image with the host "
      "driver): one system node and three Standard_ND96isr_H100_v5 nodes (8 H100 80GB each, labelled for the "
      "Workspace; names assumed). The Workspace workspace-deepseek-v4-flash (preset deepseek-ai/DeepSeek-V4-Flash, "
      "resource.count 3) has InferenceReady False; its StatefulSet of three pods (8 GPUs each, pipeline parallelism 3, "
      "the cuda-toolkit-provisioner init container Completed, a runtime ConfigMap whose vLLM arguments omit "
      "--kv-cache-dtype=fp8) has the leader pod -0 in CrashLoopBackOff (exit code 1, restart count 5) with the quoted "
      "assertion words alone in its previous log (the proposal quotes no other line) and the kubelet's BackOff event; "
      "the worker pods -1 and -2 are Running, not ready (no log written).")
def _(w, t):
    w.git_version = "v1.33.2"
    _aks_system_node(w, "aks-nodepool1-27182818-vmss000000")
    nodes = [f"aks-ws3f8a1c2e9-{i}" for i in ("36417210", "58291734", "90417562")]
    for n in nodes:
        host_node(w, n, gpus=8, labels={"nvidia.com/gpu.present": "true",
                                        "kubernetes.azure.com/accelerator": "nvidia",
                                        "node.kubernetes.io/instance-type": _ND_H100,
                                        "beta.kubernetes.io/instance-type": _ND_H100,
                                        "kaito.sh/workspace": _V4, "kaito.sh/workspacenamespace": "default",
                                        "apps": "deepseek-v4-flash", "topology.kubernetes.io/region": "eastus2"},
                  info=_AKS_INFO)
        sized(w.get_node(n), "96", "1857474404Ki")
    pods = [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{sfx}", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
            for n, sfx in zip(nodes, ("c7m2x", "h4t9q", "w8k3v"))]
    plugin_ds(w, KS, pods)
    _kaito_controller(w, "aks-nodepool1-27182818-vmss000000")
    env = [{"name": "VLLM_USE_DEEP_GEMM", "value": "1"}, {"name": "CUDA_HOME", "value": "/opt/kaito/cuda/129"},
           {"name": "POD_INDEX", "valueFrom": {"fieldRef": {"fieldPath": "metadata.labels['apps.kubernetes.io/pod-index']"}}},
           {"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "HF_TOKEN"}}}]
    vols = [{"name": "dshm", "emptyDir": {"medium": "Memory"}},
            {"name": "cuda-toolkit", "hostPath": {"path": "/opt/kaito/cuda/129", "type": "DirectoryOrCreate"}},
            {"name": "config-volume", "configMap": {"name": "deepseek-v4-flash-runtime"}}]
    mounts = [{"name": "dshm", "mountPath": "/dev/shm"},
              {"name": "cuda-toolkit", "mountPath": "/opt/kaito/cuda/129", "readOnly": True},
              {"name": "config-volume", "mountPath": "/mnt/config"}]
    init_ok = {"cuda-toolkit-provisioner": {"state": {"terminated": {"exitCode": 0, "reason": "Completed",
                                                                     "startedAt": T0, "finishedAt": T0}},
                                            "ready": True, "restartCount": 0}}
    sts_pods = []
    for i, n in enumerate(nodes):
        name = f"{_V4}-{i}"
        p = w.pod("default", name, node=n, gpu=8, containers=(_V4,), init_containers=("cuda-toolkit-provisioner",),
                  image=_KAITO_BASE, owner=("StatefulSet", _V4),
                  labels={"kaito.sh/workspace": _V4, "apps.kubernetes.io/pod-index": str(i),
                          "statefulset.kubernetes.io/pod-name": name},
                  tolerations=GPU_TOLERATION, node_selector={"apps": "deepseek-v4-flash"}, cpu="80", memory="1500Gi",
                  env=env, volumes=vols, mounts=mounts, ready=False, init_statuses=init_ok)
        p["spec"]["initContainers"][0]["image"] = "mcr.microsoft.com/aks/kaito/cuda-toolkit-provisioner:12.9"
        p["status"]["initContainerStatuses"][0]["image"] = "mcr.microsoft.com/aks/kaito/cuda-toolkit-provisioner:12.9"
        p["spec"]["containers"][0]["command"] = ["/bin/sh", "-c",
            'if [ "${POD_INDEX}" = "0" ]; then /workspace/vllm/multi-node-serving.sh leader --ray_cluster_size=3 '
            "--ray_port=6379; python3 /workspace/vllm/inference_api.py --model=deepseek-ai/DeepSeek-V4-Flash "
            "--download-dir=/workspace/weights --tensor-parallel-size=8 --pipeline-parallel-size=3 "
            "--served-model-name=deepseek-v4-flash --kaito-kv-cache-cpu-memory-utilization=0 "
            "--kaito-config-file=/mnt/config/inference_config.yaml; else /workspace/vllm/multi-node-serving.sh worker "
            f"--ray_address={_V4}-0.{_V4}-headless.default.svc.cluster.local; fi"]
        sts_pods.append(p)
    lead = sts_pods[0]
    crashloop(lead, _V4, restarts=5, code=1)
    w.log("default", lead["metadata"]["name"], _V4, t, previous=True)
    backoff(w, "default", lead["metadata"]["name"], _V4, nodes[0], count=11)
    w.workload("StatefulSet", "default", _V4, replicas=3, template_pod=lead,
               status={"replicas": 3, "readyReplicas": 0, "currentReplicas": 3, "updatedReplicas": 3,
                       "availableReplicas": 0})
    w.ns_custom[("workspaces.kaito.sh", "default")] = [_workspace(
        "default", _V4,
        resource={"instanceType": _ND_H100, "count": 3,
                  "labelSelector": {"matchLabels": {"apps": "deepseek-v4-flash"}}},
        inference={"preset": {"name": "deepseek-ai/DeepSeek-V4-Flash"}, "config": "deepseek-v4-flash-runtime"},
        conditions=[_cond("ResourceReady", "True", "workspaceResourceStatusSuccess", "workspace resource is ready"),
                    _cond("InferenceReady", "False", "WorkspaceInferenceStatusFailed",
                          f"statefulset {_V4} is not ready"),
                    _cond("WorkspaceSucceeded", "False", "workspaceFailed", f"statefulset {_V4} is not ready")])]
    w.target("Pod", "default", f"{_V4}-0")


# ---- fh1504: Karpenter without the StaticCapacity gate, the KAITO Workspace stays Pending (KAITO AWS page) ------

_EKS_INFO = {"osImage": "Amazon Linux 2023.9.20260921", "kernelVersion": "6.12.46-66.121.amzn2023.x86_64",
             "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.36.0-eks-4c6f1a2",
             "kubeProxyVersion": "v1.36.0-eks-4c6f1a2"}
_WS = "workspace-phi-4-mini"
_NODEPOOL = "default-workspace-phi-4-mini"


@case("fh1504", {"kind": "Workspace", "namespace": "default", "name": _WS},
      "EKS 1.36 in us-west-2 (the page's AWS_K8S_VERSION and AWS_REGION; node names and builds assumed): two nodes of "
      "the eksctl managed node group for the controllers (m5.large, Amazon Linux 2023, no GPU) run Karpenter v1.13.0 "
      "(kube-system, installed by the Helm chart without settings.featureGates.staticCapacity=true, so its "
      "FEATURE_GATES env has StaticCapacity=false) and the KAITO workspace controller (kaito-workspace, "
      "--node-provisioner=karpenter). The EC2NodeClass default exists. The Workspace workspace-phi-4-mini (the page's "
      "example: instanceType g5.4xlarge, preset phi-4-mini-instruct) has ResourceReady False and WorkspaceSucceeded "
      "False (condition wording illustrative); its NodePool default-workspace-phi-4-mini (name assumed) has "
      "spec.replicas 1 and status nodes 0; no NodeClaim exists (empty list), no GPU node joins, no inference "
      "Deployment or pod exists. No log is written (the page quotes none). The text is the page's prose and is not "
      "placed.")
def _(w, t):
    w.git_version = "v1.36.0-eks-4c6f1a2"
    mng = []
    for i, zone in enumerate(("us-west-2a", "us-west-2b")):
        name = f"ip-192-168-{41 + i * 37}-{118 + i * 9}.us-west-2.compute.internal"
        n = w.node(name, cpu="2", memory="7908812Ki", alloc_cpu="1930m", alloc_memory="7220684Ki", pods_cap="29",
                   labels={"eks.amazonaws.com/nodegroup": "kaito-aws-ng", "eks.amazonaws.com/capacityType": "ON_DEMAND",
                           "node.kubernetes.io/instance-type": "m5.large", "beta.kubernetes.io/instance-type": "m5.large",
                           "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": zone})
        node_info(n, **_EKS_INFO)
        mng.append(name)
    kp = deploy_pod(w, KS, "karpenter-6f8d7c9b54", "karpenter-6f8d7c9b54-x2m7q", mng[0], containers=("controller",),
                    image="public.ecr.aws/karpenter/controller:1.13.0",
                    labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"},
                    cpu="1", memory="1Gi",
                    env=[{"name": "CLUSTER_NAME", "value": "kaito-aws"},
                         {"name": "FEATURE_GATES", "value": "ReservedCapacity=true,SpotToSpotConsolidation=false,"
                                                            "NodeRepair=false,NodeOverlay=false,StaticCapacity=false"},
                         {"name": "BATCH_MAX_DURATION", "value": "10s"}, {"name": "BATCH_IDLE_DURATION", "value": "1s"}])
    _deployment(w, KS, "karpenter", kp, ready=1)
    cd = deploy_pod(w, KS, "coredns-7d8b9c6f54", "coredns-7d8b9c6f54-j4k8w", mng[1], containers=("coredns",),
                    image="602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/coredns:v1.12.3-eksbuild.1",
                    labels={"k8s-app": "kube-dns"}, cpu="100m", memory="70Mi")
    _deployment(w, KS, "coredns", cd, ready=1)
    ctrl = deploy_pod(w, "kaito-workspace", "kaito-workspace-5b7c8d9f6", "kaito-workspace-5b7c8d9f6-t6r2n", mng[1],
                      containers=("workspace",), image="mcr.microsoft.com/aks/kaito/workspace:0.12.0",
                      labels={"app.kubernetes.io/name": "workspace", "app.kubernetes.io/instance": "kaito-workspace"},
                      cpu="500m", memory="1Gi")
    ctrl["spec"]["containers"][0]["args"] = ["--node-provisioner=karpenter", "--feature-gates=vLLM=true"]
    _deployment(w, "kaito-workspace", "kaito-workspace", ctrl, ready=1)
    w.custom["ec2nodeclasses.karpenter.k8s.aws"] = [{
        "apiVersion": "karpenter.k8s.aws/v1", "kind": "EC2NodeClass",
        "metadata": {"name": "default", "creationTimestamp": T0},
        "spec": {"amiSelectorTerms": [{"alias": "al2023@latest"}], "role": "KarpenterNodeRole-kaito-aws",
                 "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "kaito-aws"}}],
                 "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "kaito-aws"}}]},
        "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "lastTransitionTime": T0,
                                   "message": ""}]}}]
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool",
        "metadata": {"name": _NODEPOOL, "creationTimestamp": T1, "generation": 1,
                     "labels": {"karpenter.kaito.sh/managed-by": "kaito", "kaito.sh/workspace": _WS,
                                "kaito.sh/workspacenamespace": "default"}},
        "spec": {"replicas": 1,
                 "template": {"metadata": {"labels": {"kaito.sh/workspace": _WS, "apps": "phi-4-mini"}},
                              "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass",
                                                        "name": "default"},
                                       "requirements": [
                                           {"key": "node.kubernetes.io/instance-type", "operator": "In",
                                            "values": ["g5.4xlarge"]},
                                           {"key": "karpenter.sh/capacity-type", "operator": "In",
                                            "values": ["on-demand"]}],
                                       "taints": [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]}},
                 "disruption": {"budgets": [{"nodes": "1"}], "consolidateAfter": "Never",
                                "consolidationPolicy": "WhenEmpty"}},
        "status": {"nodes": 0, "resources": {"cpu": "0", "memory": "0", "nodes": "0", "pods": "0"},
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "message": "",
                                   "lastTransitionTime": T1},
                                  {"type": "NodeClassReady", "status": "True", "reason": "NodeClassReady", "message": "",
                                   "lastTransitionTime": T1}]}}]
    w.custom["nodeclaims.karpenter.sh"] = []
    w.ns_custom[("workspaces.kaito.sh", "default")] = [_workspace(
        "default", _WS,
        resource={"instanceType": "g5.4xlarge", "labelSelector": {"matchLabels": {"apps": "phi-4-mini"}}},
        inference={"preset": {"name": "phi-4-mini-instruct"}},
        conditions=[_cond("ResourceReady", "False", "workspaceResourceStatusFailed",
                          f"0/1 nodes of instance type g5.4xlarge are ready for nodepool {_NODEPOOL}"),
                    {"type": "InferenceReady", "status": "Unknown", "reason": "WorkspacePending",
                     "message": "inference has not been deployed", "lastTransitionTime": T0, "observedGeneration": 1},
                    _cond("WorkspaceSucceeded", "False", "workspaceFailed",
                          f"0/1 nodes of instance type g5.4xlarge are ready for nodepool {_NODEPOOL}")])]
    w.target("Workspace", "default", _WS)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
