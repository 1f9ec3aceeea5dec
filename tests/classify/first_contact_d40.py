"""Builds first-contact batch D40 (fixtures/first-contact/batch-d40/cases.jsonl) as scenario bundles.

AKS documentation, document frame (round 40): the troubleshooting, known-issue and limitation entries of
MicrosoftDocs/azure-aks-docs (HEAD fb060abe) that pass the GPU filter. Three cases:

- fd4001: a Ray worker pod admitted by Kueue on the `gpu` ResourceFlavor (nodeLabels accelerator=nvidia) is Pending
  because the GPU node lacks that label (configure-ray-kueue-queues.md, Troubleshooting table). Prose case.
- fd4002: a MIG node pool created through an API version older than 2021-08-01 has no MIG resource; the mixed-strategy
  pod requesting nvidia.com/mig-1g.5gb is Pending (gpu-multi-instance.md, Troubleshooting). Prose case.
- fd4003: the Inspektor Gadget profile_cuda gadget's export error on a healthy GPU cluster (Pyroscope never deployed):
  a healthy look-alike; the article's log line is placed verbatim in the gadget pod's log.

Names, versions and sizes are assumed; each case's description says which lines are composed.

    .venv/bin/python -m tests.classify.first_contact_d40      # (re)writes fixtures/first-contact/batch-d40/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info, nfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d40", "D40", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the article's own words and never reaches the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"fd4001", "fd4002"}

K8S = "v1.33.2"
MC = "MC_ml-rg_ml-aks_eastus"
SKU_TAINT = [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]
SKU_TOL = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
PLUGIN_IMG = "nvcr.io/nvidia/k8s-device-plugin:v0.18.0"


def aks_node(w, name: str, pool: str, size: str, *, gpus: int | None = None, accelerator_label: bool = True,
             taints=(), extra=None, cpu: str = "8", memory: str = "32863468Ki", mode: str = "User") -> dict:
    """An AKS node (Ubuntu 22.04 node image, AKS-installed NVIDIA driver on GPU pools)."""
    lab = {"kubernetes.azure.com/cluster": MC, "kubernetes.azure.com/agentpool": pool, "agentpool": pool,
           "kubernetes.azure.com/mode": mode.lower(), "kubernetes.azure.com/os-sku": "Ubuntu",
           "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202606.10.0",
           "node.kubernetes.io/instance-type": size, "beta.kubernetes.io/instance-type": size,
           "topology.kubernetes.io/region": "eastus", "topology.kubernetes.io/zone": "0"}
    if gpus:
        lab["kubernetes.azure.com/accelerator"] = "nvidia"
        if accelerator_label:
            lab["accelerator"] = "nvidia"
    lab.update(extra or {})
    n = w.node(name, gpus=gpus, labels=lab, taints=taints, cpu=cpu, memory=memory)
    info(n, kernelVersion="5.15.0-1089-azure", containerRuntimeVersion="containerd://1.7.27-1",
         kubeletVersion=K8S, osImage="Ubuntu 22.04.5 LTS")
    return n


def aks_plugin(w, nodes: list[tuple[str, str]]) -> None:
    """The NVIDIA device plugin DaemonSet of the AKS GPU article (gpu-resources/nvidia-device-plugin-daemonset)."""
    daemonset(w, "gpu-resources", "nvidia-device-plugin-daemonset", desired=len(nodes),
              containers=[("nvidia-device-plugin-ctr", PLUGIN_IMG)], tolerations=SKU_TOL,
              labels={"name": "nvidia-device-plugin-ds"})
    for node, pod in nodes:
        ds_pod(w, "gpu-resources", "nvidia-device-plugin-daemonset", pod, node, containers=("nvidia-device-plugin-ctr",),
               image=PLUGIN_IMG, labels={"name": "nvidia-device-plugin-ds"}, tolerations=SKU_TOL,
               cpu="50m", memory="64Mi")
        w.log("gpu-resources", pod, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)


def system_nodes(w, count: int = 2) -> list[str]:
    names = []
    for i in range(count):
        n = f"aks-system-31415926-vmss00000{i}"
        aks_node(w, n, "system", "Standard_D8ds_v5", mode="System",
                 taints=[{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}] if i else ())
        names.append(n)
    return names


# ---- fd4001: Kueue `gpu` ResourceFlavor targets accelerator=nvidia, the GPU node lacks it ---------------------

_RAY = "ray"
_WORKER = "rayjob-sample-raycluster-x7k2p-gpu-group-worker-tq8hd"
_FD4001_MSG = ("0/4 nodes are available: 1 node(s) had untolerated taint {CriticalAddonsOnly: true}, 3 node(s) didn't "
               "match Pod's node affinity/selector. preemption: 0/4 nodes are available: 4 Preemption is not helpful for "
               "scheduling.")


@case("fd4001", pod_subj(_WORKER, _RAY),
      "AKS cluster (Kubernetes v1.33.2 assumed) as the Kueue-for-Ray article sets it up: 2 system nodes, 1 CPU user "
      "node, 1 GPU node aks-gpupool-27182818-vmss000000 (Standard_ND96asr_v4, 8 x A100 40GB, taint sku=gpu:NoSchedule; "
      "it advertises nvidia.com/gpu: 8 through the AKS article's device-plugin DaemonSet in gpu-resources, and carries "
      "kubernetes.azure.com/accelerator=nvidia but NOT accelerator=nvidia, assumed). Kueue v0.13.4 (kueue-system) and the "
      "KubeRay operator v1.4.2 (kuberay-system) run. ResourceFlavors default and gpu (nodeLabels accelerator=nvidia), "
      "ClusterQueue ray-cq and LocalQueue ray/ray-lq; the RayJob's Kueue Workload is admitted on flavor gpu. The Ray head "
      "pod runs on the CPU node; the GPU worker pod (nodeSelector accelerator=nvidia injected by Kueue, toleration "
      "sku=gpu, 8 GPUs) is Pending; its FailedScheduling event and PodScheduled condition carry a COMPOSED message in the "
      "default scheduler's standard wording (the article quotes none). The case's text (the article's table row) is "
      "not in the bundle. All names are assumed.")
def _(w, t):
    w.git_version = K8S
    system_nodes(w)
    cpu_node = "aks-cpupool-16180339-vmss000000"
    aks_node(w, cpu_node, "cpupool", "Standard_D32ds_v5", cpu="32", memory="131890916Ki")
    gpu = "aks-gpupool-27182818-vmss000000"
    aks_node(w, gpu, "gpupool", "Standard_ND96asr_v4", gpus=8, accelerator_label=False, taints=SKU_TAINT,
             cpu="96", memory="924385352Ki")
    aks_plugin(w, [(gpu, "nvidia-device-plugin-daemonset-h5l2q")])
    deploy_pod(w, "kueue-system", "kueue-controller-manager-6f9d8c7b5d", "kueue-controller-manager-6f9d8c7b5d-w4x9k",
               "aks-system-31415926-vmss000000", containers=("manager",),
               image="registry.k8s.io/kueue/kueue:v0.13.4", labels={"control-plane": "controller-manager"},
               cpu="500m", memory="512Mi")
    deploy_pod(w, "kuberay-system", "kuberay-operator-7c9b6d5f4", "kuberay-operator-7c9b6d5f4-z8p3r",
               "aks-system-31415926-vmss000000", containers=("kuberay-operator",),
               image="quay.io/kuberay/operator:v1.4.2", labels={"app.kubernetes.io/name": "kuberay-operator"},
               cpu="100m", memory="512Mi")
    ray_labels = {"ray.io/cluster": "rayjob-sample-raycluster-x7k2p", "ray.io/is-ray-node": "yes",
                  "kueue.x-k8s.io/queue-name": "ray-lq", "app.kubernetes.io/created-by": "kuberay-operator"}
    w.pod(_RAY, "rayjob-sample-raycluster-x7k2p-head-9zq4c", node=cpu_node, gpu=0, image="rayproject/ray:2.46.0",
          containers=("ray-head",), owner=("RayCluster", "rayjob-sample-raycluster-x7k2p"), cpu="4", memory="16Gi",
          labels={**ray_labels, "ray.io/node-type": "head"})
    w.pod(_RAY, _WORKER, gpu=8, image="rayproject/ray:2.46.0-gpu", containers=("ray-worker",),
          owner=("RayCluster", "rayjob-sample-raycluster-x7k2p"), cpu="48", memory="384Gi",
          node_selector={"accelerator": "nvidia"}, tolerations=SKU_TOL, scheduled_message=_FD4001_MSG,
          labels={**ray_labels, "ray.io/node-type": "worker", "ray.io/group": "gpu-group"})
    w.event(_RAY, "Pod", _WORKER, "FailedScheduling", _FD4001_MSG, component="default-scheduler", count=14)
    w.custom["resourceflavors.kueue.x-k8s.io"] = [
        {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor", "metadata": {"name": "default"}, "spec": {}},
        {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor", "metadata": {"name": "gpu"},
         "spec": {"nodeLabels": {"accelerator": "nvidia"}}}]
    w.custom["clusterqueues.kueue.x-k8s.io"] = [
        {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue", "metadata": {"name": "ray-cq"},
         "spec": {"namespaceSelector": {}, "resourceGroups": [
             {"coveredResources": ["cpu", "memory", "nvidia.com/gpu"],
              "flavors": [{"name": "gpu", "resources": [{"name": "cpu", "nominalQuota": 96},
                                                        {"name": "memory", "nominalQuota": "768Gi"},
                                                        {"name": "nvidia.com/gpu", "nominalQuota": 8}]}]}]},
         "status": {"admittedWorkloads": 1, "pendingWorkloads": 0, "reservingWorkloads": 1}}]
    w.ns_custom[("workloads.kueue.x-k8s.io", _RAY)] = [
        {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
         "metadata": {"name": "rayjob-rayjob-sample-3c1f2", "namespace": _RAY},
         "spec": {"queueName": "ray-lq"},
         "status": {"admission": {"clusterQueue": "ray-cq", "podSetAssignments": [
             {"name": "head", "flavors": {"cpu": "gpu", "memory": "gpu"}},
             {"name": "gpu-group", "flavors": {"cpu": "gpu", "memory": "gpu", "nvidia.com/gpu": "gpu"}}]},
             "conditions": [{"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved"},
                            {"type": "Admitted", "status": "True", "reason": "Admitted"}]}}]
    w.target("Pod", _RAY, _WORKER)


# ---- fd4002: MIG node pool created through an API version older than 2021-08-01 ---------------------------------

_MIG_POD = "nvidia-mixed"
_FD4002_MSG = ("0/2 nodes are available: 1 node(s) had untolerated taint {CriticalAddonsOnly: true}, 1 Insufficient "
               "nvidia.com/mig-1g.5gb. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
               "pod, 1 Preemption is not helpful for scheduling.")


@case("fd4002", pod_subj(_MIG_POD, "default"),
      "AKS cluster (Kubernetes v1.33.2 assumed): 1 system node (taint CriticalAddonsOnly) and 1 node "
      "aks-migpool-14142135-vmss000000 (Standard_ND96asr_v4, 8 x A100-SXM4-40GB) of a pool created with "
      "--gpu-instance-profile MIG1g through an API version older than 2021-08-01, so MIG is not enabled: the node "
      "advertises nvidia.com/gpu: 8 and no nvidia.com/mig-1g.5gb. The device plugin is the article's Helm release nvdp "
      "(nvidia-device-plugin 0.17.0, migStrategy=mixed, gfd.enabled=true) in namespace nvidia-device-plugin: plugin, "
      "GFD and NFD pods run; GFD labels mig.capable=true and mig.strategy=mixed, no MIG resource labels (composed). The "
      "article's mixed-strategy pod nvidia-mixed (nvidia/cuda:12.1.1-base-ubuntu22.04, limit nvidia.com/mig-1g.5gb: 1) "
      "is Pending; its FailedScheduling event and PodScheduled condition carry a COMPOSED message in the default "
      "scheduler's standard wording. The case's text (the article's sentence) is not in the bundle.")
def _(w, t):
    w.git_version = K8S
    system_nodes(w, 1)
    sysn = "aks-system-31415926-vmss000000"
    w.get_node(sysn)["spec"]["taints"] = [{"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}]
    node = "aks-migpool-14142135-vmss000000"
    aks_node(w, node, "migpool", "Standard_ND96asr_v4", gpus=8, cpu="96", memory="924385352Ki", extra={
        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-40GB", "nvidia.com/gpu.count": "8",
        "nvidia.com/gpu.memory": "40960", "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
        "nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.runtime.major": "12",
        "nvidia.com/gpu.family": "ampere", "feature.node.kubernetes.io/pci-10de.present": "true"})
    ns = "nvidia-device-plugin"
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    helm = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, ns, "nvdp-nvidia-device-plugin", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              labels=helm, env=[{"name": "MIG_STRATEGY", "value": "mixed"}])
    ds_pod(w, ns, "nvdp-nvidia-device-plugin", "nvdp-nvidia-device-plugin-8qz5k", node,
           containers=("nvidia-device-plugin-ctr",), image=img, labels=helm, cpu="50m", memory="64Mi")
    w.log(ns, "nvdp-nvidia-device-plugin-8qz5k", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    gfd = {"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, ns, "nvdp-gpu-feature-discovery", desired=1, containers=[("gpu-feature-discovery", img)], labels=gfd,
              env=[{"name": "MIG_STRATEGY", "value": "mixed"}])
    ds_pod(w, ns, "nvdp-gpu-feature-discovery", "nvdp-gpu-feature-discovery-m7c2t", node,
           containers=("gpu-feature-discovery",), image=img, labels=gfd, cpu="50m", memory="64Mi")
    nfd(w, ns, "nvdp-node-feature-discovery", [node], sysn, "v0.16.6")
    p = w.pod("default", _MIG_POD, gpu=1, resource="nvidia.com/mig-1g.5gb", containers=("nvidia-mixed",),
              scheduled_message=_FD4002_MSG, cpu="100m", memory="128Mi")
    p["spec"]["containers"][0]["image"] = "nvidia/cuda:12.1.1-base-ubuntu22.04"
    p["spec"]["containers"][0]["command"] = ["/bin/sh"]
    p["spec"]["containers"][0]["args"] = ["-c", "sleep 100"]
    w.event("default", "Pod", _MIG_POD, "FailedScheduling", _FD4002_MSG, component="default-scheduler", count=9)
    w.target("Pod", "default", _MIG_POD)


# ---- fd4003: profile_cuda gadget cannot export to a Pyroscope that was never deployed (healthy look-alike) --------

_GNS = "gadget"
_GADGET_POD = "gadget-k7x4v"
_TRAIN = "pytorch-train-5d7f9b8c6-q2w8n"
_TRAIN_LOG = """Epoch 3/20: 100%|##########| 1563/1563 [02:41<00:00, 9.68it/s, loss=0.412]
Epoch 4/20: 100%|##########| 1563/1563 [02:40<00:00, 9.74it/s, loss=0.388]
Epoch 5/20:  37%|###7      | 578/1563 [00:59<01:41, 9.71it/s, loss=0.371]
"""


@case("fd4003", pod_subj(_GADGET_POD, _GNS),
      "AKS cluster (Kubernetes v1.33.2 assumed): 1 system node and 1 GPU node aks-gpunp-17320508-vmss000000 "
      "(Standard_NC24ads_A100_v4, 1 x A100 80GB, taint sku=gpu:NoSchedule, AKS-installed driver), the AKS article's "
      "device-plugin DaemonSet (gpu-resources, v0.18.0) healthy, nvidia.com/gpu: 1 allocatable and used by a running, "
      "healthy PyTorch training pod (ml/pytorch-train-..., log composed). The Inspektor Gadget extension's DaemonSet "
      "gadget (namespace gadget, label k8s-app=gadget, image ghcr.io/inspektor-gadget/inspektor-gadget:v0.53.0 assumed) "
      "runs a pod on each node; a profile_cuda gadget instance gpu-memory-profiles exports to Pyroscope, which was never "
      "deployed (no pyroscope pod in gadget). The gadget pod on the GPU node logs the article's line verbatim, three "
      "times. Nothing in the GPU stack is broken.")
def _(w, t):
    w.git_version = K8S
    system_nodes(w, 1)
    sysn = "aks-system-31415926-vmss000000"
    gpu = "aks-gpunp-17320508-vmss000000"
    aks_node(w, gpu, "gpunp", "Standard_NC24ads_A100_v4", gpus=1, taints=SKU_TAINT, cpu="24", memory="226553384Ki")
    aks_plugin(w, [(gpu, "nvidia-device-plugin-daemonset-r9t6m")])
    deploy_pod(w, "ml", "pytorch-train-5d7f9b8c6", _TRAIN, gpu, containers=("trainer",),
               image="nvcr.io/nvidia/pytorch:25.04-py3", labels={"app": "pytorch-train"}, cpu="16", memory="96Gi")
    w.get_pod("ml", _TRAIN)["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"] = "1"
    w.get_pod("ml", _TRAIN)["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = "1"
    w.get_pod("ml", _TRAIN)["spec"]["tolerations"] += SKU_TOL
    w.log("ml", _TRAIN, "trainer", _TRAIN_LOG)
    img = "ghcr.io/inspektor-gadget/inspektor-gadget:v0.53.0"
    gl = {"k8s-app": "gadget"}
    daemonset(w, _GNS, "gadget", desired=2, containers=[("gadget", img)], labels=gl,
              tolerations=[{"operator": "Exists"}])
    ds_pod(w, _GNS, "gadget", "gadget-p3m8d", sysn, containers=("gadget",), image=img, labels=gl,
           cpu="100m", memory="256Mi", tolerations=[{"operator": "Exists"}])
    ds_pod(w, _GNS, "gadget", _GADGET_POD, gpu, containers=("gadget",), image=img, labels=gl,
           cpu="100m", memory="256Mi", tolerations=[{"operator": "Exists"}])
    w.log(_GNS, "gadget-p3m8d", "gadget", '{"level":"info","msg":"starting gadget service","version":"v0.53.0"}')
    w.log(_GNS, _GADGET_POD, "gadget",
          '{"level":"info","msg":"starting gadget service","version":"v0.53.0"}\n' + "\n".join([t] * 3))
    w.target("Pod", _GNS, _GADGET_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
