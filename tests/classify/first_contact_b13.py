"""Builds first-contact batch B13 (fixtures/first-contact/batch-b13/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and one look-alike) documented in AKS documentation read whole, in the fixed file
order of the batch README (MicrosoftDocs/azure-aks-docs, then Azure/AKS's CHANGELOG). Three cases are prose (the
document's own sentences, which never reach a cluster: TEXT_NOT_IN_BUNDLE); their bundles carry the state the
document describes. fb1303 quotes `kubectl describe pod` events: they are the pod's events. The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the documents do not state (node names, VM sizes where not named, kernels, kubelet and runtime
builds, image tags, workspace and NodeClaim names) are filled in plausibly; each scenario's README says which parts
of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b13      # (re)writes fixtures/first-contact/batch-b13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b13", "B13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb1301", "fb1302", "fb1304"}

_SKU_TAINT = {"key": "sku", "value": "gpu", "effect": "NoSchedule"}
_SKU_TOLERATION = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]


def _aks_info(k8s: str, *, os_image: str = "Ubuntu 22.04.5 LTS", kernel: str = "5.15.0-1089-azure",
              runtime: str = "containerd://1.7.27-1") -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": runtime,
            "kubeletVersion": k8s, "kubeProxyVersion": k8s}


def _aks_node(w, name: str, pool: str, vm: str, zone: str, info: dict, *, cpu: str, memory: str, alloc_cpu: str,
              alloc_memory: str, mode: str = "user", extra: dict | None = None, taints=()) -> dict:
    region = zone.rsplit("-", 1)[0]
    labels = {"agentpool": pool, "kubernetes.azure.com/agentpool": pool, "kubernetes.azure.com/mode": mode,
              "kubernetes.azure.com/cluster": "MC_rg-aks_aks-cluster_" + region,
              "node.kubernetes.io/instance-type": vm, "beta.kubernetes.io/instance-type": vm,
              "topology.kubernetes.io/region": region, "topology.kubernetes.io/zone": zone,
              "failure-domain.beta.kubernetes.io/region": region, "failure-domain.beta.kubernetes.io/zone": zone,
              "kubernetes.azure.com/os-sku": "Ubuntu" if "Ubuntu" in info["osImage"] else "AzureLinux"}
    labels.update(extra or {})
    n = w.node(name, cpu=cpu, memory=memory, alloc_cpu=alloc_cpu, alloc_memory=alloc_memory, pods_cap="110",
               labels=labels, taints=taints)
    node_info(n, **info)
    return n


def _system_pool(w, prefix: str, count: int, info: dict, zone_prefix: str = "eastus2", first: int = 0,
                 pool: str = "nodepool1", vm: str = "Standard_D4ds_v5") -> list[str]:
    names = []
    for i in range(first, first + count):
        name = f"{prefix}{i:06d}"
        _aks_node(w, name, pool, vm, f"{zone_prefix}-{i % 3 + 1}", info, cpu="4", memory="16375396Ki",
                  alloc_cpu="3860m", alloc_memory="12880484Ki", mode="system")
        names.append(name)
    return names


def _coredns(w, node: str) -> None:
    p = deploy_pod(w, KS, "coredns-6f9d8b7c5d", "coredns-6f9d8b7c5d-k7x2p", node, containers=("coredns",),
                   image="mcr.microsoft.com/oss/v2/kubernetes/coredns:v1.12.1-1", labels={"k8s-app": "kube-dns"},
                   cpu="100m", memory="70Mi")
    w.workload("Deployment", KS, "coredns", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})


def _kaito(w, node: str, *, ns: str, ws: str, preset: str, instance: str, nodeclaim: str, selector: dict,
           workspace_image: str) -> None:
    """The KAITO add-on's workspace controller (kube-system; the add-on runs the gpu-provisioner in the AKS
    control plane, so no provisioner pod), a Workspace whose ResourceReady condition is False and the NodeClaim it
    asked for, never launched. No Azure error wording is written: the documents quote none."""
    p = deploy_pod(w, KS, "kaito-workspace-7c9f6d8b4", "kaito-workspace-7c9f6d8b4-m2q8t", node,
                   containers=("manager",), image=workspace_image,
                   labels={"app.kubernetes.io/name": "workspace", "app.kubernetes.io/instance": "kaito-workspace"},
                   cpu="100m", memory="128Mi")
    w.workload("Deployment", KS, "kaito-workspace", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.ns_custom[("workspaces.kaito.sh", ns)] = [{
        "apiVersion": "kaito.sh/v1beta1", "kind": "Workspace",
        "metadata": {"name": ws, "namespace": ns, "creationTimestamp": T0, "generation": 1,
                     "uid": "5d1e8a27-3c4b-4f6e-b9a2-7e0c3d8f1a64"},
        "resource": {"instanceType": instance, "labelSelector": {"matchLabels": selector}},
        "inference": {"preset": {"name": preset}},
        "status": {"conditions": [
            {"type": "ResourceReady", "status": "False", "reason": "workspaceResourceStatusFailed",
             "message": f"nodeClaim {nodeclaim} is not ready", "lastTransitionTime": T1, "observedGeneration": 1},
            {"type": "InferenceReady", "status": "Unknown", "reason": "WorkspacePending",
             "message": "inference has not been deployed", "lastTransitionTime": T0, "observedGeneration": 1},
            {"type": "WorkspaceSucceeded", "status": "False", "reason": "workspaceFailed",
             "message": f"nodeClaim {nodeclaim} is not ready", "lastTransitionTime": T1,
             "observedGeneration": 1}]}}]
    w.custom["nodeclaims.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
        "metadata": {"name": nodeclaim, "creationTimestamp": T0,
                     "labels": {"kaito.sh/workspace": ws, "kaito.sh/workspacenamespace": ns,
                                "karpenter.sh/nodepool": "kaito", "kaito.sh/machine-type": "gpu"}},
        "spec": {"nodeClassRef": {"group": "karpenter.azure.com", "kind": "AKSNodeClass", "name": "default"},
                 "requirements": [
                     {"key": "node.kubernetes.io/instance-type", "operator": "In", "values": [instance]},
                     {"key": "karpenter.sh/nodepool", "operator": "In", "values": ["kaito"]},
                     {"key": "kaito.sh/workspace", "operator": "In", "values": [ws]},
                     {"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]}],
                 "resources": {"requests": {"storage": "120Gi"}},
                 "taints": [dict(_SKU_TAINT)]},
        "status": {"conditions": [
            {"type": "Launched", "status": "False", "reason": "LaunchFailed", "lastTransitionTime": T1},
            {"type": "Registered", "status": "Unknown", "reason": "AwaitingReconciliation",
             "lastTransitionTime": T0},
            {"type": "Initialized", "status": "Unknown", "reason": "AwaitingReconciliation",
             "lastTransitionTime": T0},
            {"type": "Ready", "status": "False", "reason": "NotLaunched", "lastTransitionTime": T1}]}}]


# ---- fb1301: KAITO workspace without GPU quota (ai-toolchain-operator.md) -----------------------

_AKS_133 = _aks_info("v1.33.2")


@case("fb1301", {"kind": "Workspace", "namespace": "default", "name": "workspace-phi-4-mini"},
      "AKS 1.33 in eastus2 with the AI toolchain operator (KAITO) add-on (the article names the add-on, its flags "
      "and the example workspace workspace-phi-4-mini with the phi-4-mini-instruct preset; region, node names, VM "
      "sizes, versions and the workspace's instance type Standard_NC24ads_A100_v4 assumed): three system nodes "
      "(nodepool1, Standard_D4ds_v5, Ubuntu 22.04, Ready, no GPU) run coredns and the add-on's kaito-workspace "
      "controller (Running; the add-on runs the gpu-provisioner in the AKS control plane). In namespace default the "
      "Workspace workspace-phi-4-mini has ResourceReady False and WorkspaceSucceeded False, InferenceReady Unknown; "
      "the NodeClaim it asked for (instance type Standard_NC24ads_A100_v4) has Launched False (reason "
      "LaunchFailed; the Azure quota error's wording is not quoted by the article and is not written). No GPU node "
      "joins, and no inference Deployment or pod exists (KAITO creates it once the resource is ready). The case's "
      "text is the article's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.2"
    nodes = _system_pool(w, "aks-nodepool1-27361845-vmss", 3, _AKS_133)
    _coredns(w, nodes[0])
    _kaito(w, nodes[1], ns="default", ws="workspace-phi-4-mini", preset="phi-4-mini-instruct",
           instance="Standard_NC24ads_A100_v4", nodeclaim="ws4b7e2c9a1", selector={"apps": "phi-4-mini"},
           workspace_image="mcr.microsoft.com/aks/kaito/workspace:0.6.0")
    w.target("Workspace", "default", "workspace-phi-4-mini")


# ---- fb1302: Driver only GPU node pool, no device plugin (aks-managed-gpu-nodes.md) ---------------

@case("fb1302", pod_subj("managed-gpu-test", "default"),
      "AKS 1.33 in eastus2 (the article names the pool gpunp, the VM size Standard_NC4as_T4_v3, the taint "
      "sku=gpu:NoSchedule, --enable-managed-gpu=false and the sample pod managed-gpu-test; region, node names and "
      "versions assumed): two system nodes (nodepool1, Standard_D4ds_v5, Ready) run coredns; the GPU node "
      "aks-gpunp-19283746-vmss000000 (Standard_NC4as_T4_v3, one Tesla T4, labels kubernetes.azure.com/accelerator="
      "nvidia, taint sku=gpu:NoSchedule) is Ready with the AKS-installed NVIDIA driver, and has no nvidia.com/gpu "
      "in capacity or allocatable; no device-plugin DaemonSet (nor DCGM exporter) exists in any namespace. The "
      "article's sample pod managed-gpu-test (image mcr.microsoft.com/azuredocs/samples-tf-mnist-demo:gpu, command "
      "nvidia-smi, nvidia.com/gpu: 1, tolerating sku=gpu) is Pending with the default scheduler's FailedScheduling "
      "event (0/3 nodes available: 3 Insufficient nvidia.com/gpu; the scheduler's standard wording, modelled). The "
      "case's text is the article's prose and is not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.2"
    nodes = _system_pool(w, "aks-nodepool1-27361845-vmss", 2, _AKS_133)
    _coredns(w, nodes[0])
    gpu = "aks-gpunp-19283746-vmss000000"
    _aks_node(w, gpu, "gpunp", "Standard_NC4as_T4_v3", "eastus2-1", _AKS_133, cpu="4", memory="28751376Ki",
              alloc_cpu="3860m", alloc_memory="23991824Ki", taints=(_SKU_TAINT,),
              extra={"kubernetes.azure.com/accelerator": "nvidia"})
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: "
           "3 No preemption victims found for incoming pod.")
    p = w.pod("default", "managed-gpu-test", gpu=1, containers=("gpu-test",),
              image="mcr.microsoft.com/azuredocs/samples-tf-mnist-demo:gpu", tolerations=_SKU_TOLERATION,
              scheduled_message=msg, cpu="100m", memory="256Mi")
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    p["spec"]["containers"][0]["resources"] = {"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}}
    p["status"]["qosClass"] = "BestEffort"
    w.event("default", "Pod", "managed-gpu-test", "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Pod", "default", "managed-gpu-test")


# ---- fb1303: look-alike, a GPU pod Pending while the autoscaler scales the GPU pool from 0 ----------

_AKS_131 = _aks_info("v1.31.7", kernel="5.15.0-1084-azure", runtime="containerd://1.7.25-1")
_POD_CREATED = "2026-11-29T14:56:41Z"       # 3m19s before the collection (15:00:00)
_SCALE_UP = "2026-11-29T14:57:17Z"          # 2m43s before the collection


@case("fb1303", pod_subj("my-gpu-workload-6b8f7d9c54-t5wq2", "default"),
      "AKS with nodes at v1.31.7 (the article shows the node names aks-nodepool1-34179260-vmss000002/3, the pool "
      "gpunp with VM size Standard_NC40ads_H100_v5, taint sku=gpu:NoSchedule, the scale set "
      "aks-gpunp-36854149-vmss with max 2, the Deployment my-gpu-workload and both events; region, node OS, "
      "kernel, runtime, the pod's name and the KEDA and Managed Prometheus set-up, which the bundle does not "
      "carry, assumed): two system nodes (Standard_D4ds_v5, Ready) run coredns; the GPU pool has scaled to 0 "
      "(cluster autoscaler, min 0, max 2), so no GPU node exists. The Deployment my-gpu-workload (one replica, "
      "nvidia.com/gpu: 1, tolerating sku=gpu) was applied 3m19s before the collection: its pod is Pending "
      "(PodScheduled False, Unschedulable) with the default scheduler's FailedScheduling event and the "
      "cluster-autoscaler's Normal TriggeredScaleUp event 2m43s old, both verbatim from the article; the new GPU "
      "node is still being provisioned.")
def _(w, t):
    w.git_version = "v1.31.7"
    nodes = _system_pool(w, "aks-nodepool1-34179260-vmss", 2, _AKS_131, first=2)
    _coredns(w, nodes[0])
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    rs = "my-gpu-workload-6b8f7d9c54"
    p = w.pod("default", f"{rs}-t5wq2", gpu=1, containers=("my-gpu-workload",),
              image="mcr.microsoft.com/azuredocs/samples-tf-mnist-demo:gpu", owner=("ReplicaSet", rs),
              labels={"app": "my-gpu-workload"}, tolerations=_SKU_TOLERATION, scheduled_message=msg,
              cpu="100m", memory="256Mi")
    c = p["spec"]["containers"][0]
    c["command"] = ["/bin/sh"]
    c["args"] = ["-c", "while true; do python /app/main.py --max_steps=500; done"]
    c["resources"] = {"limits": {"nvidia.com/gpu": "1"}, "requests": {"nvidia.com/gpu": "1"}}
    p["status"]["qosClass"] = "BestEffort"
    p["metadata"]["creationTimestamp"] = _POD_CREATED
    p["status"]["conditions"][0]["lastTransitionTime"] = _POD_CREATED
    d = w.workload("Deployment", "default", "my-gpu-workload", template_pod=p,
                   status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                           "unavailableReplicas": 1})
    d["metadata"]["creationTimestamp"] = _POD_CREATED
    ev = w.event("default", "Pod", p["metadata"]["name"], "FailedScheduling", msg, component="default-scheduler",
                 last=_POD_CREATED)
    ev2 = w.event("default", "Pod", p["metadata"]["name"], "TriggeredScaleUp",
                  "pod triggered scale-up: [{aks-gpunp-36854149-vmss 0->1 (max: 2)}]", type="Normal",
                  component="cluster-autoscaler", last=_SCALE_UP)
    for e, at in ((ev, _POD_CREATED), (ev2, _SCALE_UP)):
        e["firstTimestamp"] = at
        e["metadata"]["creationTimestamp"] = at
    w.target("Pod", "default", p["metadata"]["name"])


# ---- fb1304: KAITO on AKS Automatic, the gpu-provisioner's agent pool refused (CHANGELOG) ----------

_AKS_AUTO = _aks_info("v1.32.6", os_image="Microsoft Azure Linux 3.0", kernel="6.6.96.1-1.azl3",
                      runtime="containerd://2.0.0")


@case("fb1304", {"kind": "Workspace", "namespace": "default", "name": "workspace-phi-3-mini"},
      "An AKS Automatic cluster before release v20250921 (the release note names AKS Automatic, KAITO, the "
      "gpu-provisioner and its agentPool; Kubernetes 1.32, eastus2, node names, the workspace "
      "workspace-phi-3-mini with preset phi-3-mini-4k-instruct and instance type Standard_NC24ads_A100_v4 "
      "assumed): the system pool's three nodes (Azure Linux 3.0, Standard_D4ds_v5, one per zone, tainted "
      "CriticalAddonsOnly) and one node-auto-provisioned general node (aks-default-*, Standard_D8ds_v5) are Ready; "
      "coredns and the KAITO add-on's kaito-workspace controller run in kube-system (the add-on runs the "
      "gpu-provisioner in the AKS control plane). The Workspace workspace-phi-3-mini has ResourceReady False and "
      "WorkspaceSucceeded False, InferenceReady Unknown; the NodeClaim the gpu-provisioner handles has Launched "
      "False (reason LaunchFailed; the refusal's wording is not quoted by the release note and is not written). "
      "No GPU node joins and no inference pod exists. The case's text is the release note and is not placed in "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.32.6"
    crit = {"key": "CriticalAddonsOnly", "value": "true", "effect": "NoSchedule"}
    sys_nodes = []
    for i in range(3):
        name = f"aks-system-40918273-vmss{i:06d}"
        _aks_node(w, name, "system", "Standard_D4ds_v5", f"eastus2-{i + 1}", _AKS_AUTO, cpu="4",
                  memory="16375396Ki", alloc_cpu="3860m", alloc_memory="12880484Ki", mode="system",
                  taints=(crit,))
        sys_nodes.append(name)
    _aks_node(w, "aks-default-x7k2q", "default", "Standard_D8ds_v5", "eastus2-2", _AKS_AUTO, cpu="8",
              memory="32864196Ki", alloc_cpu="7820m", alloc_memory="27551604Ki",
              extra={"karpenter.sh/nodepool": "default", "karpenter.sh/registered": "true",
                     "karpenter.sh/initialized": "true", "kubernetes.azure.com/sku-cpu": "8"})
    _coredns(w, sys_nodes[0])
    crit_tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
    for p in w.pods[KS]:
        p["spec"]["tolerations"] += crit_tol
    _kaito(w, sys_nodes[1], ns="default", ws="workspace-phi-3-mini", preset="phi-3-mini-4k-instruct",
           instance="Standard_NC24ads_A100_v4", nodeclaim="ws9d3a61f0e", selector={"apps": "phi-3"},
           workspace_image="mcr.microsoft.com/aks/kaito/workspace:0.5.1")
    w.get_pod(KS, "kaito-workspace-7c9f6d8b4-m2q8t")["spec"]["tolerations"] += crit_tol
    w.target("Workspace", "default", "workspace-phi-3-mini")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
