"""Builds first-contact batch F17 (fixtures/first-contact/batch-f17/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by GPU serving platforms' own documentation (GPUStack, the Ollama
Helm chart, llmaz, OME), read whole in the fixed file order of the batch README (this round's protocol: no search
look-ups; snapshots brought with `fetch` and read with git). Both texts are the documents' own prose and are NOT
placed in the bundles (TEXT_NOT_IN_BUNDLE); each bundle holds the cluster state the document describes. The
expected answer was reasoned from the document (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, instance names, kernels, image tags, the model
and its flavors, the other workloads) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f17      # (re)writes fixtures/first-contact/batch-f17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-f17", "F17", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff1701", "ff1702"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1) -> dict:
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
                      status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                              "updatedReplicas": replicas})


# ---- scheduler: GPUStack's NVIDIA worker DaemonSet selects no node without NFD (GPUStack Helm page) ---------

_GS = "gpustack-system"
_GS_IMG = "gpustack/gpustack:v2.2.0"
_K3S = {"kubeletVersion": "v1.30.11+k3s1", "kubeProxyVersion": "v1.30.11+k3s1",
        "containerRuntimeVersion": "containerd://1.7.26-k3s1", "osImage": "Ubuntu 22.04.5 LTS",
        "kernelVersion": "5.15.0-136-generic"}


@case("ff1701", node_subj("gpu-node-01"),
      "k3s v1.30.11+k3s1 (the page's example distribution and install command; Traefik disabled) with three nodes: "
      "k3s-server-01 (control plane, CPU only) and two NVIDIA GPU nodes gpu-node-01 and gpu-node-02 (4 GPUs each; "
      "driver and container toolkit installed on the host as the page's prerequisites ask; no GPU Operator, no other "
      "device plugin; names, GPU count and kernels assumed). Node Feature Discovery is NOT installed: no node carries "
      "any feature.node.kubernetes.io/* label, and the GPU nodes advertise no GPU resource. GPUStack was installed "
      "with the chart in gpustack-system with worker.enabled=true and worker.gpuVendors={nvidia}: the StatefulSet "
      "gpustack-server (gpustack-server-0 Running on the server node), the higress-plugins Deployment and the "
      "bundled Higress gateway and controller are Running; the DaemonSet gpustack-worker-nvidia (nodeSelector "
      "feature.node.kubernetes.io/pci-10de.present: \"true\", required podAntiAffinity on hostname, the kubelet's "
      "device-plugins directory mounted) has DESIRED 0, CURRENT 0 and no pods (the page says the worker pods stay "
      "Pending; a DaemonSet creates no pod for a node its selector does not match). No event concerns it. The chart's "
      "CPU worker DaemonSet, the GPUStack operator and its bootstrap Job are not in the bundle (assumed out of scope; "
      "the page says nothing about them).")
def _(w, t):
    w.git_version = "v1.30.11+k3s1"
    srv = w.node("k3s-server-01", cpu="8", memory="32865164Ki",
                 labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                         "node.kubernetes.io/instance-type": "k3s"})
    node_info(srv, **_K3S)
    for name in ("gpu-node-01", "gpu-node-02"):
        n = host_node(w, name, gpus=4, advertised=False, labels={"node.kubernetes.io/instance-type": "k3s"})
        node_info(n, **_K3S)
    sts_pod = w.pod(_GS, "gpustack-server-0", node="k3s-server-01", gpu=0, containers=("gpustack-server",),
                    image=_GS_IMG, owner=("StatefulSet", "gpustack-server"), labels={"app": "gpustack-server"},
                    cpu="1", memory="2Gi")
    w.workload("StatefulSet", _GS, "gpustack-server", template_pod=sts_pod,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "currentReplicas": 1,
                       "updatedReplicas": 1})
    for dep, rs, sfx, cont, img in (
            ("gpustack-higress-plugins", "gpustack-higress-plugins-7d9f8c6b5", "k2m4x", "higress-plugins",
             "gpustack/higress-plugins:v2.2.0"),
            ("higress-gateway", "higress-gateway-6c8d7f9b4", "p7w2r", "higress-gateway",
             "higress-registry.cn-hangzhou.cr.aliyuncs.com/higress/gateway:2.1.9"),
            ("higress-controller", "higress-controller-5b7c9d8f6", "t4q8n", "higress-core",
             "higress-registry.cn-hangzhou.cr.aliyuncs.com/higress/higress:2.1.9")):
        p = deploy_pod(w, _GS, rs, f"{rs}-{sfx}", "k3s-server-01", containers=(cont,), image=img,
                       labels={"app": dep}, cpu="100m", memory="256Mi")
        _deployment(w, _GS, dep, p)
    aff = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": {"app.kubernetes.io/component": "worker"}},
         "topologyKey": "kubernetes.io/hostname"}]}}
    ds = daemonset(w, _GS, "gpustack-worker-nvidia", desired=0, containers=[("gpustack-worker", _GS_IMG)],
                   node_selector={"feature.node.kubernetes.io/pci-10de.present": "true"}, affinity=aff,
                   labels={"app": "gpustack-worker-nvidia", "app.kubernetes.io/component": "worker",
                           "gpustack.io/runtime": "nvidia", "app.kubernetes.io/managed-by": "Helm"},
                   env=[{"name": "GPUSTACK_SERVER_URL", "value": "http://gpustack-server.gpustack-system.svc:30080"},
                        {"name": "GPUSTACK_RUNTIME_DEPLOY", "value": "Kubernetes"}])
    ds["spec"].pop("replicas", None)
    spec = ds["spec"]["template"]["spec"]
    spec["hostNetwork"] = True
    spec["volumes"] = [{"name": "kubelet-device-plugins", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}]
    spec["containers"][0]["volumeMounts"] = [{"name": "kubelet-device-plugins",
                                              "mountPath": "/var/lib/kubelet/device-plugins"}]
    spec["containers"][0]["securityContext"] = {"privileged": True}
    ds["spec"]["template"]["metadata"]["labels"].update({"app.kubernetes.io/component": "worker",
                                                         "gpustack.io/runtime": "nvidia"})
    w.target("Node", None, "gpu-node-01")


# ---- scheduler: Karpenter launches a T4 node the llmaz-scheduler rejects (llmaz Proposal-106) ----------------

_LLM_NS = "default"
_T4_NODE = "ip-192-168-121-37.us-west-2.compute.internal"
_NODEPOOL = "llmaz-demo-gpu-nodepool"
_CLAIM = "llmaz-demo-gpu-nodepool-x7k2p"


def _eks_labels(instance: str, zone: str = "us-west-2a") -> dict:
    return {"node.kubernetes.io/instance-type": instance, "topology.kubernetes.io/zone": zone,
            "topology.kubernetes.io/region": "us-west-2", "eks.amazonaws.com/compute-type": "ec2"}


@case("ff1702", pod_subj("llama2-7b-0", _LLM_NS),
      "Amazon EKS 1.32 (the proposal targets AWS; version as llmaz's Karpenter integration page, assumed) in "
      "us-west-2: two m5.xlarge nodes of a managed node group (CPU only) run upstream Karpenter 1.5.0 (kube-system, "
      "image public.ecr.aws/karpenter/controller, NOT the forked inftyai/karpenter-provider-aws), llmaz's "
      "controller manager and the llmaz-scheduler (llmaz-system, Running). The Karpenter NodePool "
      "llmaz-demo-gpu-nodepool (spot, instance families g4dn, g5, g6; taint nvidia.com/gpu=true:NoSchedule) launched "
      "NodeClaim llmaz-demo-gpu-nodepool-x7k2p, now the Ready node ip-192-168-121-37 (g4dn.xlarge, one Tesla T4, "
      "karpenter.k8s.aws/instance-gpu-name t4; the GPU Operator's stack Running, nvidia.com/gpu 1 free). The "
      "OpenModel llama2-7b (names assumed) has flavors a10g and l4 (nvidia.com/gpu 1, nodeSelector "
      "karpenter.k8s.aws/instance-gpu-name a10g / l4). Its Playground's pod llama2-7b-0 (LeaderWorkerSet "
      "llama2-7b, schedulerName llmaz-scheduler, nvidia.com/gpu 1, toleration of the GPU taint, no nodeSelector) is "
      "Pending and unbound with FailedScheduling events from llmaz-scheduler (wording illustrative: the T4 node "
      "matches no flavor of the model, the two CPU nodes have no GPU) and Karpenter's Normal Nominated event naming "
      "the T4 node (format illustrative). No further NodeClaim is being created.")
def _(w, t):
    w.git_version = "v1.32.3-eks-4096722"
    eks = {"kubeletVersion": "v1.32.3-eks-473151a", "kubeProxyVersion": "v1.32.3-eks-473151a",
           "containerRuntimeVersion": "containerd://1.7.27", "osImage": "Amazon Linux 2023.7.20250512",
           "kernelVersion": "6.1.134-152.225.amzn2023.x86_64"}
    cpu_nodes = ["ip-192-168-12-101.us-west-2.compute.internal", "ip-192-168-45-88.us-west-2.compute.internal"]
    for i, name in enumerate(cpu_nodes):
        n = w.node(name, cpu="4", memory="15896988Ki", alloc_cpu="3920m", alloc_memory="14880156Ki",
                   labels={**_eks_labels("m5.xlarge", "us-west-2a" if i == 0 else "us-west-2b"),
                           "eks.amazonaws.com/nodegroup": "system-ng", "eks.amazonaws.com/capacityType": "ON_DEMAND"})
        node_info(n, **eks)
    gpu = w.gpu_node(_T4_NODE, gpus=1, product="Tesla-T4", memory_mib=15360, cpu="4", memory="16073188Ki",
                     alloc_cpu="3920m", alloc_memory="15056356Ki",
                     taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
                     labels={**_eks_labels("g4dn.xlarge"), "karpenter.sh/nodepool": _NODEPOOL,
                             "karpenter.sh/capacity-type": "spot", "karpenter.sh/initialized": "true",
                             "karpenter.sh/registered": "true", "karpenter.k8s.aws/ec2nodeclass": "llmaz-demo",
                             "karpenter.k8s.aws/instance-family": "g4dn", "karpenter.k8s.aws/instance-size": "xlarge",
                             "karpenter.k8s.aws/instance-gpu-name": "t4", "karpenter.k8s.aws/instance-gpu-count": "1",
                             "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
                             "karpenter.k8s.aws/instance-gpu-memory": "16384"})
    node_info(gpu, **eks)
    gpu["metadata"]["annotations"] = {"karpenter.sh/nodepool-hash": "6821555240767823036",
                                      "karpenter.k8s.aws/ec2nodeclass-hash": "15535182697325354914"}
    gpu["metadata"]["ownerReferences"] = [{"apiVersion": "karpenter.sh/v1", "kind": "NodeClaim", "name": _CLAIM,
                                           "uid": "5c1e7a2b-8d3f-4b6a-9e0c-2f7d1a3b4c5d", "blockOwnerDeletion": True}]
    kp = deploy_pod(w, KS, "karpenter-7f6b8d9c5", "karpenter-7f6b8d9c5-h4v9m", cpu_nodes[0], containers=("controller",),
                    image="public.ecr.aws/karpenter/controller:1.5.0",
                    labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"},
                    cpu="1", memory="1Gi")
    _deployment(w, KS, "karpenter", kp)
    for dep, rs, sfx, node, cont, img in (
            ("llmaz-controller-manager", "llmaz-controller-manager-6d5c8b7f9", "q2w8e", cpu_nodes[1], "manager",
             "inftyai/llmaz:v0.1.4"),
            ("llmaz-scheduler", "llmaz-scheduler-5f9c7d6b8", "z3n6k", cpu_nodes[1], "scheduler",
             "inftyai/scheduler-plugins:v0.1.0")):
        p = deploy_pod(w, "llmaz-system", rs, f"{rs}-{sfx}", node, containers=(cont,), image=img,
                       labels={"app.kubernetes.io/name": dep}, cpu="500m", memory="512Mi")
        _deployment(w, "llmaz-system", dep, p)
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": _NODEPOOL},
        "spec": {"disruption": {"consolidationPolicy": "WhenEmptyOrUnderutilized", "consolidateAfter": "5m",
                                "budgets": [{"nodes": "10%"}]},
                 "limits": {"cpu": "1000"},
                 "template": {"spec": {
                     "nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "llmaz-demo"},
                     "expireAfter": "720h",
                     "requirements": [
                         {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]},
                         {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["spot"]},
                         {"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g4dn", "g5", "g6"]}],
                     "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]}}},
        "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "Ready"}],
                   "resources": {"cpu": "4", "nodes": "1", "nvidia.com/gpu": "1"}}}]
    w.custom["nodeclaims.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
        "metadata": {"name": _CLAIM, "labels": {"karpenter.sh/nodepool": _NODEPOOL,
                                                "node.kubernetes.io/instance-type": "g4dn.xlarge",
                                                "karpenter.k8s.aws/instance-gpu-name": "t4"}},
        "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "llmaz-demo"}},
        "status": {"nodeName": _T4_NODE, "providerID": "aws:///us-west-2a/i-0a3f5c7e9b1d2f468",
                   "capacity": {"cpu": "4", "memory": "15155Mi", "nvidia.com/gpu": "1", "pods": "29"},
                   "conditions": [{"type": t_, "status": "True"} for t_ in
                                  ("Launched", "Registered", "Initialized", "Ready")]}}]
    w.custom["openmodels.llmaz.io"] = [{
        "apiVersion": "llmaz.io/v1alpha1", "kind": "OpenModel", "metadata": {"name": "llama2-7b"},
        "spec": {"familyName": "llama2", "source": {"modelHub": {"modelID": "meta-llama/Llama-2-7b-chat-hf"}},
                 "inferenceConfig": {"flavors": [
                     {"name": "a10g", "limits": {"nvidia.com/gpu": 1},
                      "nodeSelector": {"karpenter.k8s.aws/instance-gpu-name": "a10g"}},
                     {"name": "l4", "limits": {"nvidia.com/gpu": 1},
                      "nodeSelector": {"karpenter.k8s.aws/instance-gpu-name": "l4"}}]}}}]
    w.ns_custom[("playgrounds.inference.llmaz.io", _LLM_NS)] = [{
        "apiVersion": "inference.llmaz.io/v1alpha1", "kind": "Playground",
        "metadata": {"name": "llama2-7b", "namespace": _LLM_NS, "labels": {"llmaz.io/model-name": "llama2-7b"}},
        "spec": {"replicas": 1, "modelClaim": {"modelName": "llama2-7b"},
                 "backendRuntimeConfig": {"backendName": "vllm"}},
        "status": {"conditions": [{"type": "Available", "status": "False", "reason": "Progressing"}]}}]
    name = "llama2-7b-0"
    msg = ("0/3 nodes are available: 1 node(s) didn't match the inference flavors of model llama2-7b, "
           "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 Preemption is not helpful for "
           "scheduling.")
    p = w.pod(_LLM_NS, name, gpu=1, containers=("model-runner",), init_containers=("model-loader",),
              image="vllm/vllm-openai:v0.6.0", owner=("StatefulSet", "llama2-7b"), scheduler="llmaz-scheduler",
              labels={"llmaz.io/model-name": "llama2-7b", "leaderworkerset.sigs.k8s.io/name": "llama2-7b",
                      "leaderworkerset.sigs.k8s.io/group-index": "0", "leaderworkerset.sigs.k8s.io/worker-index": "0"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              cpu="4", memory="8Gi", scheduled_message=msg)
    for c in p["spec"].get("initContainers", []):
        c["image"] = "inftyai/model-loader:v0.0.10"
    w.workload("StatefulSet", _LLM_NS, "llama2-7b", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "currentReplicas": 1,
                       "updatedReplicas": 1})
    w.event(_LLM_NS, "Pod", name, "FailedScheduling", msg, component="llmaz-scheduler", count=17)
    w.event(_LLM_NS, "Pod", name, "Nominated", f"Pod should schedule on: nodeclaim/{_CLAIM}, node/{_T4_NODE}",
            type="Normal", component="karpenter", count=9)
    w.target("Pod", _LLM_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
