"""Builds first-contact batch N37 (fixtures/first-contact/batch-n37/cases.jsonl) as scenario bundles.

Round 37's frame: the fixed-bug entries (2024-01-01 or later, GPU-filtered) of the Azure/AKS, awslabs/amazon-eks-ami
and bottlerocket-os/bottlerocket changelogs. One case:

- fn3701: AKS with self-hosted Karpenter provider for Azure 0.7.0: a GPU VM launched for a pending A100 pod never
  joins, because the VHD's GPU bootstrap builds the driver-installer image name from a GPU_DRIVER_TYPE Karpenter did
  not set and the pull of `aks-gpu-:cuda-...` fails (AKS CHANGELOG 2025-01-06 Bug Fixes; PR
  Azure/karpenter-provider-azure#587, issue #579; the text verbatim from #579, a line of the VM's bootstrap log,
  which never reaches the cluster: NOT in the bundle).

Every event, log line and status message in the bundle is composed (kube-scheduler, Karpenter core wording); names,
sizes and versions are assumed; the scenario's description says so. The expected answers were reasoned from the
fix and committed before any run.

    .venv/bin/python -m tests.classify.first_contact_n37      # (re)writes fixtures/first-contact/batch-n37/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-n37", "N37", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# the text is a line of the GPU VM's bootstrap log; the VM never registers, so the line is not in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fn3701"}

_K8S = "v1.30.6"
_KS = "kube-system"
_IMAGE_ID = ("/CommunityGalleries/AKSUbuntu-38d80f77-467a-481f-a8d4-09b6d4220bd2/images/2204gen2containerd/"
             "versions/202411.12.0")
_CLAIM_T = "2026-11-29T14:34:45Z"
_GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
_SKU_LABELS = {"karpenter.azure.com/sku-accelerator": "A100", "karpenter.azure.com/sku-cpu": "48",
               "karpenter.azure.com/sku-family": "N", "karpenter.azure.com/sku-gpu-count": "2",
               "karpenter.azure.com/sku-gpu-manufacturer": "nvidia", "karpenter.azure.com/sku-gpu-name": "A100",
               "karpenter.azure.com/sku-name": "Standard_NC48ads_A100_v4", "karpenter.sh/nodepool": "a100",
               "karpenter.sh/capacity-type": "on-demand", "kubernetes.io/arch": "amd64", "kubernetes.io/os": "linux",
               "node.kubernetes.io/instance-type": "Standard_NC48ads_A100_v4",
               "topology.kubernetes.io/region": "koreacentral", "topology.kubernetes.io/zone": "koreacentral-1"}


@case("fn3701", pod_subj("a100-train-5d8f7c9b6-q4kzt", "ml"),
      "AKS, Kubernetes v1.30.6 (assumed); a system pool of three Standard_D4s_v5 nodes (AKSUbuntu-2204gen2containerd "
      "202411.12.0; names and sizes assumed); self-hosted Karpenter provider for Azure 0.7.0 in kube-system (the "
      "issue's version; image name assumed) with NodePool a100 and AKSNodeClass a100 (imageFamily Ubuntu2204, "
      "imageVersion 202411.12.0, as the issue suspects), taint nvidia.com/gpu. The Deployment ml/a100-train (one "
      "nvidia.com/gpu; names and image assumed) has its pod Pending: FailedScheduling '0/3 nodes are available: 3 "
      "Insufficient nvidia.com/gpu ...' and Karpenter Nominated events for three NodeClaims in turn (composed). The "
      "current NodeClaim a100-x7qnd (Standard_NC48ads_A100_v4, assumed from the issue's sku-accelerator A100 and "
      "sku-cpu 48 labels) is Launched (providerID set) but Registered Unknown 'Node not registered with cluster' "
      "(Karpenter's wording); no GPU node exists; Karpenter's log shows the nodeclaims launched and no registration "
      "(composed from Karpenter core's messages). The nvidia-device-plugin DaemonSet (Karpenter's example manifest, "
      "assumed) has desired 0. The case's text is a line of the VM's bootstrap log: it never reaches the cluster "
      "and is NOT in the bundle.")
def _(w, t):
    w.git_version = _K8S
    for i in range(3):
        n = w.node(f"aks-nodepool1-38787940-vmss00000{i}", cpu="4", memory="16365128Ki", alloc_cpu="3860m",
                   alloc_memory="12880968Ki",
                   labels={"kubernetes.azure.com/agentpool": "nodepool1", "kubernetes.azure.com/mode": "system",
                           "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202411.12.0",
                           "node.kubernetes.io/instance-type": "Standard_D4s_v5", "agentpool": "nodepool1",
                           "topology.kubernetes.io/region": "koreacentral",
                           "topology.kubernetes.io/zone": f"koreacentral-{i + 1}"})
        node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1074-azure",
                  containerRuntimeVersion="containerd://1.7.23-1", kubeletVersion=_K8S, kubeProxyVersion=_K8S)
    # Karpenter (self-hosted) in kube-system
    rs = "karpenter-7c9f6d8b54"
    kp = deploy_pod(w, _KS, rs, f"{rs}-h2xkw", "aks-nodepool1-38787940-vmss000001", containers=("controller",),
                    image="mcr.microsoft.com/aks/karpenter/controller:v0.7.0",
                    labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"},
                    cpu="500m", memory="512Mi")
    w.workload("Deployment", _KS, "karpenter", template_pod=kp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    vm = ("azure:///subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/mc_ml-rg_ml-aks_koreacentral/"
          "providers/Microsoft.Compute/virtualMachines/aks-{}")
    log = []
    for i, (claim, ts) in enumerate((("a100-m4t9c", "14:02:10"), ("a100-p8w2r", "14:18:31"),
                                     ("a100-x7qnd", "14:34:45"))):
        log += [
            f'{{"level":"INFO","time":"2026-11-29T{ts}.112Z","logger":"controller","message":"found provisionable '
            f'pod(s)","commit":"3d4e8f1","controller":"provisioner","Pods":"ml/a100-train-5d8f7c9b6-q4kzt",'
            f'"duration":"12.407311ms"}}',
            f'{{"level":"INFO","time":"2026-11-29T{ts}.113Z","logger":"controller","message":"computed new '
            f'nodeclaim(s) to fit pod(s)","commit":"3d4e8f1","controller":"provisioner","nodeclaims":1,"pods":1}}',
            f'{{"level":"INFO","time":"2026-11-29T{ts}.131Z","logger":"controller","message":"created nodeclaim",'
            f'"commit":"3d4e8f1","controller":"provisioner","NodePool":{{"name":"a100"}},"NodeClaim":{{"name":'
            f'"{claim}"}},"requests":{{"cpu":"16150m","memory":"160Gi","nvidia.com/gpu":"1","pods":"5"}},'
            f'"instance-types":"Standard_NC48ads_A100_v4"}}',
            f'{{"level":"INFO","time":"2026-11-29T{ts[:3]}{int(ts[3:5]) + 1:02d}:02.204Z","logger":"controller",'
            f'"message":"launched nodeclaim","commit":"3d4e8f1","controller":"nodeclaim.lifecycle","NodeClaim":'
            f'{{"name":"{claim}"}},"provider-id":"{vm.format(claim)}","instance-type":"Standard_NC48ads_A100_v4",'
            f'"zone":"koreacentral-1","capacity-type":"on-demand","allocatable":{{"cpu":"47340m",'
            f'"ephemeral-storage":"128G","memory":"398812Mi","nvidia.com/gpu":"2","pods":"110"}}}}',
        ]
        if i < 2:
            log.append(f'{{"level":"INFO","time":"2026-11-29T{ts[:3]}{int(ts[3:5]) + 15:02d}:24.010Z","logger":'
                       f'"controller","message":"deleted nodeclaim","commit":"3d4e8f1","controller":'
                       f'"nodeclaim.termination","NodeClaim":{{"name":"{claim}"}},"provider-id":"{vm.format(claim)}"}}')
    w.log(_KS, kp["metadata"]["name"], "controller", "\n".join(log))
    daemonset(w, _KS, "nvidia-device-plugin-daemonset", desired=0,
              containers=[("nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.14.5")],
              tolerations=_GPU_TOL, node_selector={"karpenter.azure.com/sku-gpu-manufacturer": "nvidia"},
              labels={"name": "nvidia-device-plugin-ds"})
    # the GPU workload
    ns, pod = "ml", "a100-train-5d8f7c9b6-q4kzt"
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: "
           "3 No preemption victims found for incoming pod.")
    p = w.pod(ns, pod, gpu=1, phase="Pending", scheduled_message=msg, containers=("trainer",),
              image="nvcr.io/nvidia/pytorch:24.10-py3", owner=("ReplicaSet", "a100-train-5d8f7c9b6"),
              labels={"app": "a100-train"}, tolerations=_GPU_TOL, cpu="16", memory="160Gi",
              node_selector={"karpenter.azure.com/sku-gpu-name": "A100"})
    w.workload("Deployment", ns, "a100-train", template_pod=p,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=31)
    for claim in ("a100-m4t9c", "a100-p8w2r", "a100-x7qnd"):
        w.event(ns, "Pod", pod, "Nominated", f"Pod should schedule on: nodeclaim/{claim}", type="Normal",
                component="karpenter", count=3)
    tmpl_taints = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    w.custom["nodeclaims.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
        "metadata": {"name": "a100-x7qnd", "generateName": "a100-", "labels": dict(_SKU_LABELS),
                     "annotations": {"karpenter.sh/nodepool-hash-version": "v3",
                                     "karpenter.azure.com/aksnodeclass-hash-version": "v1"},
                     "finalizers": ["karpenter.sh/termination"], "creationTimestamp": _CLAIM_T},
        "spec": {"nodeClassRef": {"group": "karpenter.azure.com", "kind": "AKSNodeClass", "name": "a100"},
                 "taints": tmpl_taints, "expireAfter": "Never",
                 "requirements": [{"key": "karpenter.azure.com/sku-name", "operator": "In",
                                   "values": ["Standard_NC48ads_A100_v4"]}],
                 "resources": {"requests": {"cpu": "16150m", "memory": "160Gi", "nvidia.com/gpu": "1",
                                            "pods": "5"}}},
        "status": {"providerID": vm.format("a100-x7qnd"), "imageID": _IMAGE_ID,
                   "capacity": {"cpu": "48", "ephemeral-storage": "128G", "memory": "450560Mi",
                                "nvidia.com/gpu": "2", "pods": "110"},
                   "allocatable": {"cpu": "47340m", "ephemeral-storage": "128G", "memory": "398812Mi",
                                   "nvidia.com/gpu": "2", "pods": "110"},
                   "conditions": [
                       {"type": "Launched", "status": "True", "reason": "Launched", "message": "",
                        "lastTransitionTime": "2026-11-29T14:35:02Z"},
                       {"type": "Registered", "status": "Unknown", "reason": "NodeNotFound",
                        "message": "Node not registered with cluster", "lastTransitionTime": _CLAIM_T},
                       {"type": "Initialized", "status": "Unknown", "reason": "NodeNotFound",
                        "message": "Node not registered with cluster", "lastTransitionTime": _CLAIM_T},
                       {"type": "Ready", "status": "Unknown", "reason": "AwaitingReconciliation",
                        "message": "Registered=Unknown, Initialized=Unknown", "lastTransitionTime": _CLAIM_T}]}}]
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "a100", "creationTimestamp": T0},
        "spec": {"template": {"spec": {"nodeClassRef": {"group": "karpenter.azure.com", "kind": "AKSNodeClass",
                                                        "name": "a100"},
                                       "taints": tmpl_taints, "expireAfter": "Never",
                                       "requirements": [{"key": "karpenter.azure.com/sku-name", "operator": "In",
                                                         "values": ["Standard_NC48ads_A100_v4"]},
                                                        {"key": "karpenter.sh/capacity-type", "operator": "In",
                                                         "values": ["on-demand"]}]}},
                 "disruption": {"consolidationPolicy": "WhenEmpty", "consolidateAfter": "30s"},
                 "limits": {"nvidia.com/gpu": "4"}},
        "status": {"resources": {"cpu": "48", "memory": "450560Mi", "nvidia.com/gpu": "2", "nodes": "1"}}}]
    w.custom["aksnodeclasses.karpenter.azure.com"] = [{
        "apiVersion": "karpenter.azure.com/v1alpha2", "kind": "AKSNodeClass",
        "metadata": {"name": "a100", "creationTimestamp": T0},
        "spec": {"imageFamily": "Ubuntu2204", "imageVersion": "202411.12.0", "osDiskSizeGB": 128},
        "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "lastTransitionTime": T0}]}}]
    w.target("Pod", ns, pod)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
