"""Builds first-contact batch D17 (fixtures/first-contact/batch-d17/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by Determined's own documentation (determined-ai/determined docs/), read
whole in the fixed file order of the batch README (this round's protocol: no search look-ups; snapshots brought
with `fetch` and read with git). rapidsai/deployment, NVIDIA/spark-rapids and dask/dask-kubernetes contributed no
case (see the README's sampling log). All three texts are the documents' own prose and are NOT placed in the bundles
(TEXT_NOT_IN_BUNDLE); each bundle holds the cluster state the document describes. The expected answer was reasoned
from the document (`expected` in the case, preferred first) and committed before any build; it is never taken from
the tool's output.

Names and versions the documents do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
the scheduler's and the autoscaler's message wording) are filled in plausibly; each scenario's README says which
parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d17      # (re)writes fixtures/first-contact/batch-d17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d17", "D17", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd1701", "fd1702", "fd1703"}

_DET_NS = "default"
_DET_VERSION = "0.38.1"
_GPU_IMAGE = "determinedai/pytorch-ngc-dev:0736b6d"


def _versions(n: dict, kubelet: str, **kw) -> None:
    node_info(n, kubeletVersion=kubelet, kubeProxyVersion=kubelet, **kw)


def _det_master(w, node: str) -> None:
    """The Determined master and its Postgres, as the Helm chart deploys them (both Running)."""
    m = deploy_pod(w, _DET_NS, "determined-master-deployment-determined-6c9f7d8b5",
                   "determined-master-deployment-determined-6c9f7d8b5-k2x7q", node,
                   containers=("determined-master-determined",), image=f"determinedai/determined-master:{_DET_VERSION}",
                   labels={"app": "determined-master-determined", "release": "determined"}, cpu="2", memory="8Gi")
    w.workload("Deployment", _DET_NS, "determined-master-deployment-determined", template_pod=m,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    db = deploy_pod(w, _DET_NS, "determined-db-deployment-determined-7b5c8d9f6",
                    "determined-db-deployment-determined-7b5c8d9f6-p4m8r", node, containers=("determined-db-determined",),
                    image="postgres:14", labels={"app": "determined-db-determined", "release": "determined"},
                    cpu="2", memory="8Gi")
    w.workload("Deployment", _DET_NS, "determined-db-deployment-determined", template_pod=db,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})


def _trial_pod(w, exp: int, rank: int, sfx: str, *, gpus: int, node: str | None = None,
               scheduled_message: str | None = None) -> dict:
    """A Determined trial pod: a Kubernetes Job's pod with determined-init-container and determined-container."""
    job = f"exp-{exp}-trial-{exp}-rank-{rank}"
    name = f"{job}-{sfx}"
    labels = {"determined": "", "determined.ai/task_type": "TRIAL", "determined.ai/experiment_id": str(exp),
              "determined.ai/trial_id": str(exp), "determined.ai/task_id": f"{exp}.{exp}",
              "determined.ai/resource_pool": "default", "determined.ai/user": "determined",
              "determined.ai/workspace": "Uncategorized", "batch.kubernetes.io/job-name": job, "job-name": job}
    p = w.pod(_DET_NS, name, node=node, gpu=gpus, containers=("determined-container",),
              init_containers=("determined-init-container",), image=_GPU_IMAGE, owner=("Job", job), labels=labels,
              cpu="8", memory="32Gi", scheduled_message=scheduled_message,
              env=[{"name": "DET_MASTER", "value": "determined-master-service-determined.default.svc.cluster.local:8080"},
                   {"name": "DET_EXPERIMENT_ID", "value": str(exp)}])
    p["spec"]["restartPolicy"] = "Never"
    for ic in p["spec"]["initContainers"]:
        ic["image"] = f"determinedai/determined-master:{_DET_VERSION}"
    for s in p["status"].get("initContainerStatuses", []):
        s["image"] = f"determinedai/determined-master:{_DET_VERSION}"
    w.workload("Job", _DET_NS, job, template_pod=p, status={"active": 1, "startTime": "2026-11-29T14:40:00Z"})["spec"].pop("replicas", None)
    return p


# ---- scheduler: two 16-GPU trials deadlocked without gang scheduling (Determined introduction) -------------

@case("fd1701", pod_subj("exp-7-trial-7-rank-1-q8m2d", _DET_NS),
      "Vanilla Kubernetes v1.32 (assumed; the document names no distribution) with Determined 0.38.1 installed by its "
      "Helm chart (defaultScheduler unset, so the default scheduler; the coscheduling plugin not enabled; "
      "maxSlotsPerPod 8): one CPU node hosting the Determined master and database (both Running) and two GPU nodes "
      "with 8 NVIDIA A100 each (host driver and toolkit, NVIDIA device plugin DaemonSet 2/2 Running; GPU model and "
      "names assumed), 16 GPUs in all. Experiments 7 and 8 (slots_per_trial 16 each, created together) each run as "
      "two 8-GPU Job pods (determined-container, restartPolicy Never): exp-7 rank 0 is Running on gpu-node-a100-01 "
      "and exp-8 rank 0 on gpu-node-a100-02, each waiting for its peer (no log written: the document quotes none); "
      "exp-7 rank 1 (the subject) and exp-8 rank 1 are Pending and unbound with the default scheduler's "
      "FailedScheduling '0/3 nodes are available: 3 Insufficient nvidia.com/gpu' (standard wording, illustrative).")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="16", memory="65838448Ki")
    gpus = ["gpu-node-a100-01", "gpu-node-a100-02"]
    for n in gpus:
        host_node(w, n, gpus=8, labels={"nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB", "nvidia.com/gpu.memory": "81920"})
    plugin_ds(w, KS, [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{s}") for n, s in zip(gpus, ("h6k2w", "r9t4x"))])
    _det_master(w, cpu)
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No "
           "preemption victims found for incoming pod.")
    _trial_pod(w, 7, 0, "c5v9n", gpus=8, node=gpus[0])
    _trial_pod(w, 8, 0, "x3p7k", gpus=8, node=gpus[1])
    for exp, sfx in ((7, "q8m2d"), (8, "w2j6f")):
        p = _trial_pod(w, exp, 1, sfx, gpus=8, scheduled_message=msg)
        w.event(_DET_NS, "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler", count=18)
    w.target("Pod", _DET_NS, "exp-7-trial-7-rank-1-q8m2d")


# ---- scheduler: az-created GPU node pool tainted sku=gpu, trial pod without the toleration (Determined AKS page) --

@case("fd1702", pod_subj("exp-3-trial-3-rank-0-t7b4m", _DET_NS),
      "AKS, Kubernetes v1.21.9 (the page's supported range 1.19-1.21; patch version assumed) with Determined 0.38.1 "
      "installed by its Helm chart (maxSlotsPerPod 4; no default pod spec): the system node pool's node "
      "aks-nodepool1-31718369-vmss000000 (Standard_D8_v3, no GPU) runs the Determined master and database (Running); "
      "the GPU node pool gpupool, created with az aks nodepool add --node-taints sku=gpu:NoSchedule (the page's "
      "example taint), has one node aks-gpupool-31718369-vmss000000 (Standard_NC24, 4 Tesla K80; names assumed) "
      "advertising nvidia.com/gpu 4 through the NVIDIA device plugin DaemonSet of Azure's GPU tutorial (namespace "
      "gpu-resources, tolerating sku=gpu, 1/1 Running). No GPU pod runs. The trial pod exp-3-trial-3-rank-0 "
      "(nvidia.com/gpu 4, no toleration for sku=gpu) is Pending and unbound with the default scheduler's "
      "FailedScheduling in Kubernetes 1.21's wording '0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 "
      "node(s) had taint {sku: gpu}, that the pod didn't tolerate.' (illustrative).")
def _(w, t):
    kube = "v1.21.9"
    w.git_version = kube
    sysn = w.node("aks-nodepool1-31718369-vmss000000", cpu="8", memory="32879852Ki",
                  labels={"kubernetes.azure.com/agentpool": "nodepool1", "agentpool": "nodepool1",
                          "kubernetes.azure.com/mode": "system", "node.kubernetes.io/instance-type": "Standard_D8_v3",
                          "topology.kubernetes.io/region": "westus2"})
    _versions(sysn, kube, containerRuntimeVersion="containerd://1.4.12+azure", kernelVersion="5.4.0-1068-azure",
              osImage="Ubuntu 18.04.6 LTS")
    gpu = "aks-gpupool-31718369-vmss000000"
    g = host_node(w, gpu, gpus=4, labels={"kubernetes.azure.com/agentpool": "gpupool", "agentpool": "gpupool",
                                          "kubernetes.azure.com/mode": "user", "accelerator": "nvidia",
                                          "node.kubernetes.io/instance-type": "Standard_NC24",
                                          "topology.kubernetes.io/region": "westus2"})
    g["spec"]["taints"] = [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]
    _versions(g, kube, containerRuntimeVersion="containerd://1.4.12+azure", kernelVersion="5.4.0-1068-azure",
              osImage="Ubuntu 18.04.6 LTS")
    dp = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-m8q4z", ns="gpu-resources",
                    image="mcr.microsoft.com/oss/nvidia/k8s-device-plugin:1.11")
    dp["spec"]["tolerations"].append({"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"})
    plugin_ds(w, "gpu-resources", [dp])
    _det_master(w, sysn["metadata"]["name"])
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had taint {sku: gpu}, that the pod didn't tolerate."
    p = _trial_pod(w, 3, 0, "t7b4m", gpus=4, scheduled_message=msg)
    w.event(_DET_NS, "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler", count=23)
    w.target("Pod", _DET_NS, "exp-3-trial-3-rank-0-t7b4m")


# ---- scheduler: tainted autoscaled g4dn.metal node group at 0 nodes, trial without toleration (Determined EKS page) --

@case("fd1703", pod_subj("exp-5-trial-5-rank-0-n4c8s", _DET_NS),
      "EKS, Kubernetes v1.19 (the page's eksctl config version; eks patch build assumed) with Determined 0.38.1 "
      "installed by its Helm chart (maxSlotsPerPod 8; checkpoint service account set): the managed node group "
      "managed-m5-2xlarge has one node ip-192-168-21-147.us-west-2.compute.internal (m5.2xlarge, no GPU) running the "
      "Determined master and database (Running); the node group g4dn-metal-us-west-2b (g4dn.metal, 8 T4 per node, "
      "minSize 0, maxSize 2) is tainted g4dn.metal-us-west-2b=true:NoSchedule with the matching cluster-autoscaler "
      "node-template taint tag (the page's config) and has 0 nodes. The cluster autoscaler (Deployment "
      "cluster-autoscaler, kube-system, v1.19.1, 1/1 Running) and the NVIDIA device plugin DaemonSet from the static "
      "manifest with the page's added toleration (kube-system; its one pod Running on the m5 node, no log written) "
      "are deployed. The trial pod exp-5-trial-5-rank-0 (nvidia.com/gpu 8, no toleration) is Pending and unbound: "
      "the default scheduler's FailedScheduling '0/1 nodes are available: 1 Insufficient nvidia.com/gpu.' and the "
      "cluster autoscaler's NotTriggerScaleUp 'pod didn't trigger scale-up (it wouldn't fit if a new node is "
      "added): 1 node(s) had taint {g4dn.metal-us-west-2b: true}, that the pod didn't tolerate' (both in the 1.19 "
      "wording, illustrative).")
def _(w, t):
    kube = "v1.19.15-eks-9c63c4"
    w.git_version = kube
    m5 = "ip-192-168-21-147.us-west-2.compute.internal"
    n = w.node(m5, cpu="8", memory="32408620Ki",
               labels={"eks.amazonaws.com/nodegroup": "managed-m5-2xlarge", "nodegroup-type": "m5.2xlarge",
                       "nodegroup-role": "cpu-worker", "node.kubernetes.io/instance-type": "m5.2xlarge",
                       "topology.kubernetes.io/zone": "us-west-2b", "topology.kubernetes.io/region": "us-west-2"})
    _versions(n, kube, containerRuntimeVersion="docker://20.10.7", kernelVersion="5.4.149-73.259.amzn2.x86_64",
              osImage="Amazon Linux 2")
    dp = plugin_pod(w, m5, "nvidia-device-plugin-daemonset-5kq9v", log=None,
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0")
    dp["spec"]["tolerations"].append({"key": "g4dn.metal-us-west-2b", "operator": "Exists", "effect": "NoSchedule"})
    plugin_ds(w, KS, [dp])
    ca = deploy_pod(w, KS, "cluster-autoscaler-5d8b9c7f6", "cluster-autoscaler-5d8b9c7f6-r7w2h", m5,
                    containers=("cluster-autoscaler",), image="k8s.gcr.io/autoscaling/cluster-autoscaler:v1.19.1",
                    labels={"app": "cluster-autoscaler"}, cpu="100m", memory="300Mi")
    w.workload("Deployment", KS, "cluster-autoscaler", template_pod=ca,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    _det_master(w, m5)
    msg = "0/1 nodes are available: 1 Insufficient nvidia.com/gpu."
    p = _trial_pod(w, 5, 0, "n4c8s", gpus=8, scheduled_message=msg)
    p["spec"]["serviceAccountName"] = "checkpoint-storage-s3-bucket"
    name = p["metadata"]["name"]
    w.event(_DET_NS, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=16)
    w.event(_DET_NS, "Pod", name, "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 node(s) had taint "
            "{g4dn.metal-us-west-2b: true}, that the pod didn't tolerate", type="Normal",
            component="cluster-autoscaler", count=31)
    w.target("Pod", _DET_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
