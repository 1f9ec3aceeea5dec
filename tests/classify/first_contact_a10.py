"""First-contact batch A10 (fixtures/first-contact/batch-a10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (autoscalers and node provisioning for GPU pools, batch and
gang schedulers, quota, taints, affinity, DRA, volumes, preemption, GPU sharing requests), sampled from all four
corpora of the `search` tool at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 48 queries in the
batch README: a KAITO Workspace whose GPU node the gpu-provisioner cannot create for lack of GPU quota (AKS), two
OpenShift AI InferenceServices whose tolerations name GPU-model taint values the cluster's GPU nodes do not carry,
and an InferenceService whose model PVC was bound in another zone than the only GPU node (OpenShift on AWS). Every
case is a prose case: the source's own words, which never reach the cluster, so the text is not placed in the
bundle; each builder builds the cluster state the source describes, and the scheduler / provisioner wordings in the
bundles are illustrative (standard formats of the versions modelled), as each scenario README says. The expected
answer was reasoned from the source (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Names and versions the sources do not state (node sizes and names, pod and namespace names, kernels, kubelet
versions, GPU models, regions) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_a10      # (re)writes fixtures/first-contact/batch-a10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import _pvc
from tests.classify.first_contact_a7 import A7World, _deploy
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj


FC = ThreadBatch("batch-a10", "A10", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a source's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa1001", "fa1002", "fa1003"}


# ---- fa1001: a KAITO Workspace whose GPU node the gpu-provisioner cannot create (GPU quota) ------------

_AKS_131 = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1079-azure",
            "containerRuntimeVersion": "containerd://1.7.25-1", "kubeletVersion": "v1.31.7",
            "kubeProxyVersion": "v1.31.7"}

_FA1001_WS = "workspace-falcon-7b-instruct"
_FA1001_MACHINE = "ws8f2c1a6d3"
# illustrative: the Azure Resource Manager QuotaExceeded wording (the article quotes no message)
_FA1001_QUOTA = ("Operation could not be completed as it results in exceeding approved standardNCSv3Family Cores "
                 "quota. Additional details - Deployment Model: Resource Manager, Location: eastus, Current Limit: 0, "
                 "Current Usage: 0, Additional Required: 12, (Minimum) New Limit Required: 12.")


@case("fa1001", {"kind": "Workspace", "namespace": "default", "name": _FA1001_WS},
      "AKS 1.31 cluster (eastus; node names, VM sizes, versions and the workspace name assumed) with the AI toolchain "
      "operator add-on enabled: three system-pool nodes (Standard_D8s_v3, agent pool nodepool1, no GPU) run "
      "kube-system's coredns and the add-on's two controllers, kaito-gpu-provisioner and kaito-workspace (Running). "
      "In namespace default a KAITO Workspace workspace-falcon-7b-instruct (preset falcon-7b-instruct, instanceType "
      "Standard_NC12s_v3) has ResourceReady False; the Machine CR ws8f2c1a6d3 the workspace controller created for "
      "it (label kaito.sh/workspace=workspace-falcon-7b-instruct) has Launched False with an Azure QuotaExceeded "
      "message for the standardNCSv3Family cores, and the gpu-provisioner's container log has the matching "
      "create error (both wordings illustrative: the article names the symptom, 'GPU node was not created', and says "
      "the machine CR status carries the error, but quotes no message). No GPU node joins the cluster and no "
      "inference pod exists (the workspace controller creates the inference workload only once the resource is "
      "ready). The case's text is the article's and is not placed.")
def _(w, t):
    w.git_version = "v1.31.7"
    nodes = [f"aks-nodepool1-38475910-vmss00000{i}" for i in range(3)]
    for i, name in enumerate(nodes):
        n = w.node(name, cpu="8", memory="32863804Ki", alloc_cpu="7820m", alloc_memory="28374588Ki", pods_cap="110",
                   labels={"kubernetes.azure.com/agentpool": "nodepool1", "kubernetes.azure.com/mode": "system",
                           "agentpool": "nodepool1", "node.kubernetes.io/instance-type": "Standard_D8s_v3",
                           "topology.kubernetes.io/region": "eastus",
                           "topology.kubernetes.io/zone": f"eastus-{i + 1}",
                           "kubernetes.azure.com/cluster": "MC_rg-kaito_aks-kaito_eastus"})
        node_info(n, **_AKS_131)
    _deploy(w, KS, "coredns", "6f8b9c4d7", "x2k9p", nodes[0], ("coredns",),
            "mcr.microsoft.com/oss/kubernetes/coredns:v1.11.3-2", labels={"k8s-app": "kube-dns"}, memory="70Mi")
    _deploy(w, KS, "kaito-workspace", "5c7d9f8b6", "h4m2t", nodes[1], ("manager",),
            "mcr.microsoft.com/aks/kaito/workspace:0.4.4", labels={"app.kubernetes.io/name": "workspace"},
            memory="128Mi")
    prov = _deploy(w, KS, "kaito-gpu-provisioner", "7b6c5d9f4", "q8w3z", nodes[2], ("controller",),
                   "mcr.microsoft.com/aks/kaito/gpu-provisioner:0.3.3",
                   labels={"app.kubernetes.io/name": "gpu-provisioner"}, memory="256Mi")
    w.log(KS, prov["metadata"]["name"], "controller",
          '{"level":"INFO","time":"2026-11-29T14:05:11.482Z","logger":"controller.provisioner","message":"found '
          'provisionable machine","commit":"3c1e2a7","machine":"' + _FA1001_MACHINE + '"}\n'
          '{"level":"ERROR","time":"2026-11-29T14:05:43.917Z","logger":"controller.machine.lifecycle","message":'
          '"creating machine, creating instance, ' + _FA1001_QUOTA + '","commit":"3c1e2a7","machine":"'
          + _FA1001_MACHINE + '"}\n')
    ns = "default"
    w.ns_custom[("workspaces.kaito.sh", ns)] = [{
        "apiVersion": "kaito.sh/v1alpha1", "kind": "Workspace",
        "metadata": {"name": _FA1001_WS, "namespace": ns, "creationTimestamp": T0, "generation": 1,
                     "uid": "0c8e4f2a-6b1d-4c7e-9a3f-5d2b8e1c7a40"},
        "resource": {"instanceType": "Standard_NC12s_v3", "count": 1,
                     "labelSelector": {"matchLabels": {"apps": "falcon-7b-instruct"}}},
        "inference": {"preset": {"name": "falcon-7b-instruct"}},
        "status": {"conditions": [
            {"type": "ResourceReady", "status": "False", "reason": "workspaceResourceStatusFailed",
             "message": f"machine {_FA1001_MACHINE} is not ready", "lastTransitionTime": T1,
             "observedGeneration": 1}]}}]
    w.custom["machines.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1alpha5", "kind": "Machine",
        "metadata": {"name": _FA1001_MACHINE, "creationTimestamp": T0,
                     "labels": {"kaito.sh/workspace": _FA1001_WS, "kaito.sh/workspacenamespace": ns,
                                "karpenter.sh/provisioner-name": "default", "kaito.sh/machine-type": "gpu"}},
        "spec": {"machineTemplateRef": {"name": _FA1001_MACHINE},
                 "requirements": [
                     {"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["Standard_NC12s_v3"]},
                     {"key": "karpenter.sh/provisioner-name", "operator": "In", "values": ["default"]},
                     {"key": "kaito.sh/machine-type", "operator": "In", "values": ["gpu"]},
                     {"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]}],
                 "resources": {"requests": {"storage": "120Gi"}},
                 "taints": [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]},
        "status": {"conditions": [
            {"type": "Launched", "status": "False", "reason": "LaunchFailed", "message": _FA1001_QUOTA,
             "lastTransitionTime": T1},
            {"type": "Ready", "status": "False", "reason": "NotLaunched", "message": "Machine is not launched",
             "lastTransitionTime": T1}]}}]
    w.target("Workspace", ns, _FA1001_WS)


# ---- fa1002: OpenShift AI InferenceServices tolerate GPU-model taint values the GPU nodes do not carry ------

_OCP_417 = {"osImage": "Red Hat Enterprise Linux CoreOS 417.94.202410211619-0 (Plow)",
            "kernelVersion": "5.14.0-427.40.1.el9_4.x86_64",
            "containerRuntimeVersion": "cri-o://1.30.6-3.rhaos4.17.git2f7d1f8.el9", "kubeletVersion": "v1.30.5",
            "kubeProxyVersion": "v1.30.5"}
_MASTER_TAINT = {"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}
_VLLM_IMAGE = "quay.io/modh/vllm@sha256:4f550996130e7d16cacb24ca9a2865e7cf51eddaab014ceaf31a1ea6ef86d4ec"


def _ocp_nodes(w, region: str, zones: tuple[str, ...]) -> tuple[list[str], list[str]]:
    """Three control-plane nodes and three CPU workers, one of each per zone (OpenShift on AWS)."""
    masters, workers = [], []
    for i, zone in enumerate(zones):
        m = w.node(f"ip-10-0-{16 + 32 * i}-{101 + i}.{region}.compute.internal", cpu="8", memory="32320688Ki",
                   alloc_cpu="7500m", alloc_memory="31169712Ki", pods_cap="250", taints=(_MASTER_TAINT,),
                   labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": "",
                           "node.kubernetes.io/instance-type": "m6i.2xlarge",
                           "topology.kubernetes.io/region": region, "topology.kubernetes.io/zone": zone,
                           "topology.ebs.csi.aws.com/zone": zone,
                           "node.openshift.io/os_id": "rhcos"})
        node_info(m, **_OCP_417)
        masters.append(m["metadata"]["name"])
    for i, zone in enumerate(zones):
        n = w.node(f"ip-10-0-{24 + 32 * i}-{201 + i}.{region}.compute.internal", cpu="16", memory="64936040Ki",
                   alloc_cpu="15500m", alloc_memory="63785064Ki", pods_cap="250",
                   labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "m6i.4xlarge",
                           "topology.kubernetes.io/region": region, "topology.kubernetes.io/zone": zone,
                           "topology.ebs.csi.aws.com/zone": zone,
                           "node.openshift.io/os_id": "rhcos"})
        node_info(n, **_OCP_417)
        workers.append(n["metadata"]["name"])
    return masters, workers


def _ocp_gpu_node(w, name: str, region: str, zone: str, taints=()) -> dict:
    n = w.gpu_node(name, gpus=1, product="NVIDIA-A10G", memory_mib=23028, cpu="8", memory="32160804Ki",
                   alloc_cpu="7500m", alloc_memory="31009828Ki", pods_cap="250", taints=taints,
                   labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "g5.2xlarge",
                           "topology.kubernetes.io/region": region, "topology.kubernetes.io/zone": zone,
                           "topology.ebs.csi.aws.com/zone": zone,
                           "node.openshift.io/os_id": "rhcos", "nvidia.com/gpu.machine": "g5.2xlarge"})
    node_info(n, **_OCP_417)
    return n


def _isvc(name: str, ns: str, runtime: str, storage_uri: str, tolerations: list[dict], ready_msg: str) -> dict:
    return {
        "apiVersion": "serving.kserve.io/v1beta1", "kind": "InferenceService",
        "metadata": {"name": name, "namespace": ns, "creationTimestamp": T0, "generation": 1,
                     "labels": {"opendatahub.io/dashboard": "true"},
                     "annotations": {"serving.kserve.io/deploymentMode": "RawDeployment",
                                     "openshift.io/display-name": runtime}},
        "spec": {"predictor": {"maxReplicas": 1, "minReplicas": 1, "tolerations": tolerations,
                               "model": {"modelFormat": {"name": "vLLM"}, "name": "", "runtime": runtime,
                                         "storageUri": storage_uri,
                                         "resources": {"limits": {"cpu": "6", "memory": "16Gi", "nvidia.com/gpu": "1"},
                                                       "requests": {"cpu": "4", "memory": "8Gi",
                                                                    "nvidia.com/gpu": "1"}}}}},
        "status": {"conditions": [
            {"type": "PredictorReady", "status": "False", "reason": "MinimumReplicasUnavailable",
             "message": ready_msg, "lastTransitionTime": T1},
            {"type": "Ready", "status": "False", "reason": "MinimumReplicasUnavailable",
             "message": ready_msg, "lastTransitionTime": T1}],
            "modelStatus": {"states": {"activeModelState": "", "targetModelState": "Pending"},
                            "transitionStatus": "InProgress"}}}


@case("fa1002", pod_subj("granite32-8b-predictor-6d5f8c7b9d-q7n2x", "rhai-agentic-demo"),
      "OpenShift 4.17 cluster with OpenShift AI on AWS (us-east-2; the cloud, instance types, node names, versions "
      "and the image digest assumed) with three control-plane nodes (tainted node-role.kubernetes.io/master), three "
      "m6i.4xlarge CPU workers and two g5.2xlarge GPU workers (one NVIDIA A10G each, GPU Operator stack healthy, no "
      "GPU in use) tainted nvidia.com/gpu=True:NoSchedule, the taint the merged fix tolerates. In namespace "
      "rhai-agentic-demo the demo's two vLLM InferenceServices, granite32-8b and llama32-3b (RawDeployment, one GPU "
      "each, manifests as before the fix: granite tolerates nvidia.com/gpu=NVIDIA-A10G-SHARED:NoSchedule, llama "
      "nvidia.com/gpu=NVIDIA-L40-SHARED and NVIDIA-L40S-SHARED), have Ready False; their predictor Deployments have "
      "0 of 1 replicas available and their predictor pods are Pending with default-scheduler FailedScheduling "
      "events, '0/8 nodes are available: 2 node(s) had untolerated taint {nvidia.com/gpu: True}, 3 Insufficient "
      "nvidia.com/gpu, 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. preemption: ...' "
      "(wording illustrative, Kubernetes 1.30 format; counts from the modelled nodes). The case's text is the PR "
      "description and is not placed.")
def _(w, t):
    w.git_version = "v1.30.5"
    region = "us-east-2"
    zones = ("us-east-2a", "us-east-2b", "us-east-2c")
    masters, workers = _ocp_nodes(w, region, zones)
    gpu_taint = {"key": "nvidia.com/gpu", "value": "True", "effect": "NoSchedule"}
    for i, zone in enumerate(zones[:2]):
        _ocp_gpu_node(w, f"ip-10-0-{28 + 32 * i}-{61 + i}.{region}.compute.internal", region, zone,
                      taints=(gpu_taint,))
    ns = "rhai-agentic-demo"
    msg = ("0/8 nodes are available: 2 node(s) had untolerated taint {nvidia.com/gpu: True}, 3 Insufficient "
           "nvidia.com/gpu, 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. preemption: 0/8 "
           "nodes are available: 8 Preemption is not helpful for scheduling.")
    services = (
        ("granite32-8b", "6d5f8c7b9d", "q7n2x", "oci://quay.io/redhat-ai-services/modelcar-catalog:granite-3.2-8b-instruct",
         [{"effect": "NoSchedule", "key": "nvidia.com/gpu", "value": "NVIDIA-A10G-SHARED"}], 41),
        ("llama32-3b", "7c9b5d6f8c", "m4k8v", "oci://quay.io/redhat-ai-services/modelcar-catalog:llama-3.2-3b-instruct",
         [{"effect": "NoSchedule", "key": "nvidia.com/gpu", "value": "NVIDIA-L40-SHARED"},
          {"effect": "NoSchedule", "key": "nvidia.com/gpu", "value": "NVIDIA-L40S-SHARED"}], 39),
    )
    isvcs = []
    for name, rs_hash, sfx, uri, tols, count in services:
        dep = f"{name}-predictor"
        rs = f"{dep}-{rs_hash}"
        pod = f"{rs}-{sfx}"
        p = w.pod(ns, pod, gpu=1, containers=("kserve-container",), image=_VLLM_IMAGE, phase="Pending",
                  scheduled_message=msg, owner=("ReplicaSet", rs), tolerations=tols, cpu="4", memory="8Gi",
                  memory_limit="16Gi",
                  labels={"app": f"isvc.{dep}", "component": "predictor",
                          "serving.kserve.io/inferenceservice": name, "pod-template-hash": rs_hash},
                  init_containers=())
        p["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "6"
        w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=count)
        d = w.workload("Deployment", ns, dep, template_pod=p, revision="1",
                       status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                               "observedGeneration": 1,
                               "conditions": [{"type": "Available", "status": "False",
                                               "reason": "MinimumReplicasUnavailable",
                                               "message": "Deployment does not have minimum availability."}]})
        d["spec"]["selector"] = {"matchLabels": {"app": f"isvc.{dep}"}}
        w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep),
                   status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
        isvcs.append(_isvc(name, ns, name, uri, tols, "Deployment does not have minimum availability."))
    w.ns_custom[("inferenceservices.serving.kserve.io", ns)] = isvcs
    w.target("Pod", ns, "granite32-8b-predictor-6d5f8c7b9d-q7n2x")


# ---- fa1003: the model PVC is bound in zone 1c, the only GPU node is in zone 1a ----------------------

@case("fa1003", pod_subj("mistral-7b-instruct-predictor-5f7c9d8b6-w2p4k", "rag-llm"),
      "OpenShift 4.17 cluster on AWS (us-east-1; region, instance types, node names and versions assumed, zones "
      "1a/1b/1c as in the issue) with three control-plane nodes (tainted node-role.kubernetes.io/master) and three "
      "m6i.4xlarge CPU workers, one per zone, plus the GPU MachineSet's one g5.2xlarge worker (NVIDIA A10G, GPU "
      "Operator stack healthy, GPU free) in us-east-1a. In namespace rag-llm (names of the namespace, services, PVC "
      "and pods assumed): the model-download Job's pod Succeeded on the us-east-1c worker; the model PVC "
      "model-storage (gp3-csi, WaitForFirstConsumer) is Bound to a PersistentVolume whose node affinity is "
      "topology.ebs.csi.aws.com/zone=us-east-1c; the InferenceService mistral-7b-instruct (RawDeployment, one GPU, "
      "the PVC mounted at /mnt/models) has Ready False and its predictor pod is Pending with a default-scheduler "
      "FailedScheduling event, '0/7 nodes are available: 1 node(s) had volume node affinity conflict, 3 "
      "Insufficient nvidia.com/gpu, 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. "
      "preemption: ...' (wording illustrative, Kubernetes 1.30 format; counts from the modelled nodes). The case's "
      "text is the issue's and is not placed.")
def _(w, t):
    w.git_version = "v1.30.5"
    region = "us-east-1"
    zones = ("us-east-1a", "us-east-1b", "us-east-1c")
    masters, workers = _ocp_nodes(w, region, zones)
    _ocp_gpu_node(w, f"ip-10-0-30-77.{region}.compute.internal", region, zones[0])
    ns = "rag-llm"
    pvc, pv = "model-storage", "pvc-3e7a9c1f-2b4d-4f8e-a6c5-9d1b7e3f5a20"
    w.pvcs[ns] = [_pvc(ns, pvc, phase="Bound", storage_class="gp3-csi", size="100Gi", volume=pv,
                       annotations={"pv.kubernetes.io/bind-completed": "yes",
                                    "pv.kubernetes.io/bound-by-controller": "yes",
                                    "volume.beta.kubernetes.io/storage-provisioner": "ebs.csi.aws.com",
                                    "volume.kubernetes.io/storage-provisioner": "ebs.csi.aws.com",
                                    "volume.kubernetes.io/selected-node": workers[2]})]
    w.custom["persistentvolumes"] = [{
        "apiVersion": "v1", "kind": "PersistentVolume",
        "metadata": {"name": pv, "creationTimestamp": T0,
                     "annotations": {"pv.kubernetes.io/provisioned-by": "ebs.csi.aws.com",
                                     "volume.kubernetes.io/provisioner-deletion-secret-name": "",
                                     "volume.kubernetes.io/provisioner-deletion-secret-namespace": ""}},
        "spec": {"storageClassName": "gp3-csi", "capacity": {"storage": "100Gi"}, "accessModes": ["ReadWriteOnce"],
                 "persistentVolumeReclaimPolicy": "Delete", "volumeMode": "Filesystem",
                 "claimRef": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": pvc},
                 "csi": {"driver": "ebs.csi.aws.com", "fsType": "ext4", "volumeHandle": "vol-0a7c3e9f51b2d4c68",
                         "volumeAttributes": {"storage.kubernetes.io/csiProvisionerIdentity":
                                              "1732880112345-8081-ebs.csi.aws.com"}},
                 "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                     {"key": "topology.ebs.csi.aws.com/zone", "operator": "In", "values": ["us-east-1c"]}]}]}}},
        "status": {"phase": "Bound"}}]
    vol = [{"name": "model-storage", "persistentVolumeClaim": {"claimName": pvc}}]
    job = "model-download"
    jp = w.pod(ns, f"{job}-8xq2m", node=workers[2], gpu=0, containers=("download",),
               image="registry.access.redhat.com/ubi9/python-311:latest", phase="Succeeded",
               owner=("Job", job), labels={"job-name": job, "batch.kubernetes.io/job-name": job},
               volumes=vol, mounts=[{"name": "model-storage", "mountPath": "/mnt/models"}], cpu="1", memory="2Gi")
    jp["spec"]["restartPolicy"] = "Never"
    w.workload("Job", ns, job, template_pod=jp,
               status={"succeeded": 1, "startTime": T0, "completionTime": T1,
                       "conditions": [{"type": "Complete", "status": "True"}]})
    name = "mistral-7b-instruct"
    dep, rs_hash = f"{name}-predictor", "5f7c9d8b6"
    rs = f"{dep}-{rs_hash}"
    pod = f"{rs}-w2p4k"
    msg = ("0/7 nodes are available: 1 node(s) had volume node affinity conflict, 3 Insufficient nvidia.com/gpu, "
           "3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. preemption: 0/7 nodes are "
           "available: 7 Preemption is not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=1, containers=("kserve-container",), image=_VLLM_IMAGE, phase="Pending",
              scheduled_message=msg, owner=("ReplicaSet", rs), cpu="4", memory="16Gi", memory_limit="24Gi",
              labels={"app": f"isvc.{dep}", "component": "predictor",
                      "serving.kserve.io/inferenceservice": name, "pod-template-hash": rs_hash},
              volumes=vol + [{"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "2Gi"}}],
              mounts=[{"name": "model-storage", "mountPath": "/mnt/models", "readOnly": True},
                      {"name": "shm", "mountPath": "/dev/shm"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=58)
    d = w.workload("Deployment", ns, dep, template_pod=p, revision="1",
                   status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1,
                           "conditions": [{"type": "Available", "status": "False",
                                           "reason": "MinimumReplicasUnavailable",
                                           "message": "Deployment does not have minimum availability."}]})
    d["spec"]["selector"] = {"matchLabels": {"app": f"isvc.{dep}"}}
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
    isvc = _isvc(name, ns, "vllm-runtime", f"pvc://{pvc}/mistral-7b-instruct", [],
                 "Deployment does not have minimum availability.")
    isvc["spec"]["predictor"].pop("tolerations")
    isvc["spec"]["predictor"]["model"]["resources"] = {
        "limits": {"cpu": "4", "memory": "24Gi", "nvidia.com/gpu": "1"},
        "requests": {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"}}
    w.ns_custom[("inferenceservices.serving.kserve.io", ns)] = [isvc]
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
