"""Builds first-contact batch C18 (fixtures/first-contact/batch-c18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by cloud diagnostics and other clouds' Kubernetes GPU tooling
(GoogleCloudPlatform/gcpdiag, oracle-terraform-modules/terraform-oci-oke, oracle-quickstart/oci-hpc-oke,
Azure/aks-engine), read whole in the fixed file order of the batch README (this round's documentation protocol:
snapshots brought with `fetch` and read with git, no search look-ups). Four texts are the documents' own prose
and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); fc1802's quoted condition message is the message of the
node condition oci.oraclecloud.com/MaintenanceFault. The expected answer was reasoned from the document
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the documents do not state (node and pod names, namespaces, image tags, machine types the
document does not name, the other nodes and workloads) are filled in plausibly; each scenario's README says which
parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c18      # (re)writes fixtures/first-contact/batch-c18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_c import GKE_KV, gke_plugin
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.scenario_builder import T0, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-c18", "C18", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc1801", "fc1803", "fc1804", "fc1805"}


def _owned_by(p: dict, api: str) -> dict:
    """A pod owned by a custom resource (MPIJob ...): its owner's apiVersion."""
    for o in p["metadata"].get("ownerReferences", []):
        o["apiVersion"] = api
    return p


def _waiting(p: dict, reason: str = "ContainerCreating") -> dict:
    """A bound pod whose containers were never created (Pending, waiting)."""
    p["status"]["phase"] = "Pending"
    for s in p["status"].get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": reason}}, "ready": False, "started": False, "restartCount": 0})
        s.pop("containerID", None)
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady", "Initialized"):
            c["status"] = "False" if c["type"] != "Initialized" else "True"
    p["status"].pop("podIP", None)
    return p


# ---- node: a GKE GPU unallocatable for 15 minutes (gcpdiag runbook gke/Unallocatable Gpu) -----------------

@case("fc1801", node_subj("gke-train-l4-pool-5c1e9a7d-vx7n"),
      "GKE Standard v1.30 (version assumed; the runbook is GKE's) with node auto-repair on: two default-pool "
      "e2-standard-4 nodes and a GPU node pool l4-pool of two g2-standard-8 nodes (1 NVIDIA L4 each, GKE-managed "
      "driver, GKE's nvidia-gpu-device-plugin DaemonSet pod Running on each; machine type, GPU model and names "
      "assumed; the device plugin's logs are not modelled, the document quotes none). On gke-train-l4-pool-…-vx7n "
      "the GPU is unallocatable: capacity nvidia.com/gpu 1, allocatable 0, the node Ready (the state held for more "
      "than 15 minutes, GKE's auto-repair acting on it outside the cluster's objects); its sibling advertises 1 of 1. "
      "No workload is shown (the document names none).")
def _(w, t):
    w.git_version = "v1.30.5-gke.1014001"
    for i, sfx in enumerate(("7k2p", "q9zd")):
        n = w.node(f"gke-train-default-pool-8d2b4f61-{sfx}", cpu="4", memory="16374572Ki", alloc_cpu="3920m",
                   alloc_memory="13215324Ki", labels={"cloud.google.com/gke-nodepool": "default-pool",
                                                      "node.kubernetes.io/instance-type": "e2-standard-4",
                                                      "topology.kubernetes.io/zone": "us-central1-a"})
        info(n, **GKE_KV)
    gpu_labels = {"cloud.google.com/gke-nodepool": "l4-pool", "cloud.google.com/gke-accelerator": "nvidia-l4",
                  "cloud.google.com/gke-gpu-driver-version": "default",
                  "node.kubernetes.io/instance-type": "g2-standard-8", "topology.kubernetes.io/zone": "us-central1-a"}
    bad, good = "gke-train-l4-pool-5c1e9a7d-vx7n", "gke-train-l4-pool-5c1e9a7d-h3qm"
    for name, alloc in ((bad, 0), (good, "same")):
        n = host_node(w, name, gpus=1, allocatable=alloc, labels=gpu_labels)
        n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        sized(n, "8", "32870160Ki")
        info(n, **GKE_KV)
    gke_plugin(w, bad, "nvidia-gpu-device-plugin-large-cos-r8m2v")
    ds_pod(w, KS, "nvidia-gpu-device-plugin-large-cos", "nvidia-gpu-device-plugin-large-cos-t5k9x", good,
           containers=("nvidia-gpu-device-plugin",),
           image=w.get_pod(KS, "nvidia-gpu-device-plugin-large-cos-r8m2v")["spec"]["containers"][0]["image"],
           labels={"k8s-app": "nvidia-gpu-device-plugin"})
    ds = next(d for d in w.workloads[("daemonsets", KS)] if d["metadata"]["name"] == "nvidia-gpu-device-plugin-large-cos")
    ds["status"].update({"desiredNumberScheduled": 2, "currentNumberScheduled": 2, "numberReady": 2,
                         "numberAvailable": 2, "updatedNumberScheduled": 2})
    w.target("Node", None, bad)


# ---- driver: GPU ECC row remaps exhausted, OCI maintenance condition (oci-hpc-oke-utils labeler) ------------

_OKE_KV = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1081-oracle",
           "containerRuntimeVersion": "cri-o://1.33.2", "kubeletVersion": "v1.33.1"}
_UTILS_IMG = "iad.ocir.io/idxzjcdglx2s/oci-hpc-oke-utils:v0.9.4"


def _oke_cpu(w, name: str) -> None:
    n = w.node(name, cpu="16", memory="131900680Ki", labels={"node.kubernetes.io/instance-type": "VM.Standard.E5.Flex",
                                                              "oke.oraclecloud.com/pool.name": "oke-system"})
    info(n, **_OKE_KV)


def _oke_gpu(w, name: str, shape: str, gpus: int, product: str, mem: int, pool: str = "oke-rdma", **kw) -> dict:
    n = w.gpu_node(name, gpus=gpus, product=product, memory_mib=mem,
                   labels={"node.kubernetes.io/instance-type": shape, "oke.oraclecloud.com/pool.name": pool,
                           "nvidia.com/gpu": "true"}, **kw)
    sized(n, "224", "2113412700Ki")
    info(n, **_OKE_KV)
    return n


@case("fc1802", node_subj("10.0.127.206"),
      "OKE v1.33 (version assumed) built by the oci-hpc-oke stack: a system node and two BM.GPU.H100.8 RDMA "
      "workers (8 H100 80GB each, the GPU Operator stack Running; names, IPs-as-names and sizes assumed), the "
      "oci-hpc-oke-utils labeler Deployment Running in kube-system (image tag assumed). An OCI instance "
      "maintenance event is active for 10.0.127.206: the labeler set oci.oraclecloud.com/host.maintenance.reason "
      "EVACUATION, .action REBOOT, .state SCHEDULED (values from the document's examples, assumed for this host) "
      "and the node condition oci.oraclecloud.com/MaintenanceFault True, reason HPCGPU-0002-02, with the quoted "
      "words as its message. The node is Ready and still advertises 8 allocatable GPUs (assumed); a training pod "
      "runs on the other worker. No Xid or nvidia-smi output is modelled (the document quotes none).")
def _(w, t):
    w.git_version = "v1.33.1"
    _oke_cpu(w, "10.0.103.73")
    bad, good = "10.0.127.206", "10.0.127.32"
    for name in (bad, good):
        _oke_gpu(w, name, "BM.GPU.H100.8", 8, "NVIDIA-H100-80GB-HBM3", 81559)
    n = w.get_node(bad)
    n["metadata"]["labels"].update({"oci.oraclecloud.com/host.maintenance.reason": "EVACUATION",
                                    "oci.oraclecloud.com/host.maintenance.action": "REBOOT",
                                    "oci.oraclecloud.com/host.maintenance.state": "SCHEDULED"})
    n["status"]["conditions"].insert(0, {"type": "oci.oraclecloud.com/MaintenanceFault", "status": "True",
                                         "reason": "HPCGPU-0002-02", "message": t,
                                         "lastHeartbeatTime": T2, "lastTransitionTime": T1})
    for name in (good,):
        w.get_node(name)["status"]["conditions"].insert(0, {
            "type": "oci.oraclecloud.com/MaintenanceFault", "status": "False", "reason": "Resolved",
            "message": "No active maintenance events", "lastHeartbeatTime": T2, "lastTransitionTime": T0})
    lab = deploy_pod(w, KS, "oci-hpc-oke-utils-controller-7b9c5d8f4", "oci-hpc-oke-utils-controller-7b9c5d8f4-m2x7q",
                     "10.0.103.73", containers=("controller",), image=_UTILS_IMG,
                     labels={"app.kubernetes.io/name": "oci-hpc-oke-utils"}, cpu="100m", memory="256Mi")
    w.workload("Deployment", KS, "oci-hpc-oke-utils-controller", template_pod=lab,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.pod("default", "llama-ft-worker-0", node=good, gpu=8, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:25.01-py3", labels={"app": "llama-ft"}, cpu="96", memory="1000Gi",
          tolerations=GPU_TOLERATION)
    w.target("Node", None, bad)


# ---- scheduler: the worker pods name a ResourceClaimTemplate the ComputeDomain never creates (oci-hpc-oke DRA) --

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1"
_NCCL_IMG = "iad.ocir.io/idxzjcdglx2s/nccl-tests:cuda-12.9.1-ubuntu-24.04-nccl-2.29.3-020926.1"


@case("fc1803", pod_subj("nccl-tests-gb200-worker-0", "default"),
      "OKE v1.33 with DRA enabled (version assumed) built by the oci-hpc-oke stack: a system node and two "
      "BM.GPU.GB200-v3.4 workers (arm64, 4 GB200 GPUs each, the GPU Operator stack Running; names and sizes "
      "assumed), the NVIDIA DRA driver v25.8.1 (controller 1/1 and the kubelet plugin 2/2 Running in "
      "nvidia-dra-driver-gpu), MPI Operator and Kueue. The ComputeDomain bm-gpu-gb200-v3.4-nccl-tests-compute-domain "
      "(numNodes 0, channel.resourceClaimTemplate.name bm-gpu-gb200-v3.4-nccl-tests-compute-domain-channel) exists in "
      "default and its ResourceClaimTemplate of that name was created (names from the document's naming table). "
      "The MPIJob nccl-tests-gb200's two worker pods (nvidia.com/gpu 4, claim alias compute-domain-channel) name "
      "resourceClaimTemplateName bm-gpu-gb200-v3.4-nccl-test-compute-domain-channel (the mistyped name assumed): "
      "Pending, unbound, no scheduler message (the scheduler holds a pod whose claims do not exist yet), each with "
      "the resourceclaim-controller's FailedResourceClaimCreation event (standard wording, illustrative); the "
      "launcher pod Running, waiting for its workers.")
def _(w, t):
    w.git_version = "v1.33.1"
    _oke_cpu(w, "10.0.103.73")
    nodes = ["10.0.96.82", "10.0.83.93"]
    for name in nodes:
        n = _oke_gpu(w, name, "BM.GPU.GB200-v3.4", 4, "NVIDIA-GB200", 189471, pool="oke-gmc")
        sized(n, "144", "889178592Ki")
        info(n, architecture="arm64", kernelVersion="6.8.0-1028-nvidia-64k")
    deploy_pod(w, _DRA_NS, "nvidia-dra-driver-gpu-controller-6c8d9f7b5", "nvidia-dra-driver-gpu-controller-6c8d9f7b5-p2w9k",
               "10.0.103.73", containers=("compute-domain",), image=_DRA_IMG,
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, cpu="100m", memory="256Mi")
    daemonset(w, _DRA_NS, "nvidia-dra-driver-gpu-kubelet-plugin", desired=2,
              containers=[("compute-domains", _DRA_IMG)], labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    for name, sfx in zip(nodes, ("7xk2d", "w4n8c")):
        ds_pod(w, _DRA_NS, "nvidia-dra-driver-gpu-kubelet-plugin", f"nvidia-dra-driver-gpu-kubelet-plugin-{sfx}", name,
               containers=("compute-domains",), image=_DRA_IMG, cpu="100m", memory="256Mi")
    cd, good_tmpl = "bm-gpu-gb200-v3.4-nccl-tests-compute-domain", "bm-gpu-gb200-v3.4-nccl-tests-compute-domain-channel"
    bad_tmpl = "bm-gpu-gb200-v3.4-nccl-test-compute-domain-channel"
    w.ns_custom[("computedomains.resource.nvidia.com", "default")] = [{
        "apiVersion": "resource.nvidia.com/v1beta1", "kind": "ComputeDomain",
        "metadata": {"name": cd, "namespace": "default", "creationTimestamp": T0},
        "spec": {"numNodes": 0, "channel": {"resourceClaimTemplate": {"name": good_tmpl}}},
        "status": {"status": "Ready"}}]
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", "default")] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": good_tmpl, "namespace": "default", "creationTimestamp": T0,
                     "ownerReferences": [{"apiVersion": "resource.nvidia.com/v1beta1", "kind": "ComputeDomain",
                                          "name": cd, "controller": True}]},
        "spec": {"spec": {"devices": {"requests": [{"name": "channel", "exactly": {
            "deviceClassName": "compute-domain-default-channel.nvidia.com"}}]}}}}]
    job = "nccl-tests-gb200"
    lab = {"training.kubeflow.org/job-name": job, "kueue.x-k8s.io/queue-name": "gb200-local-queue"}
    launcher = w.pod("default", f"{job}-launcher-q8t4m", node="10.0.103.73", gpu=0, containers=("mpi-launcher",),
                     image=_NCCL_IMG, owner=("Job", f"{job}-launcher"),
                     labels={**lab, "training.kubeflow.org/job-role": "launcher"}, cpu="2", memory="8Gi")
    assert launcher
    msg_of = {}
    for i in range(2):
        name = f"{job}-worker-{i}"
        p = w.pod("default", name, gpu=4, containers=("mpi-worker",), image=_NCCL_IMG, owner=("MPIJob", job),
                  labels={**lab, "training.kubeflow.org/job-role": "worker",
                          "training.kubeflow.org/replica-index": str(i)},
                  cpu="100", memory="750Gi", tolerations=GPU_TOLERATION,
                  node_selector={"node.kubernetes.io/instance-type": "BM.GPU.GB200-v3.4"},
                  extra_spec={"resourceClaims": [{"name": "compute-domain-channel",
                                                  "resourceClaimTemplateName": bad_tmpl}],
                              "hostNetwork": True, "dnsPolicy": "ClusterFirstWithHostNet"})
        p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "compute-domain-channel"}]
        p["status"]["conditions"] = []
        _owned_by(p, "kubeflow.org/v2beta1")
        msg_of[name] = (f"PodResourceClaim compute-domain-channel: resource claim template \"{bad_tmpl}\": "
                        f"resourceclaimtemplate.resource.k8s.io \"{bad_tmpl}\" not found")
    for name, msg in msg_of.items():
        w.event("default", "Pod", name, "FailedResourceClaimCreation", msg, component="resource_claim", count=14)
    w.target("Pod", "default", f"{job}-worker-0")


# ---- application: the NCCL parameters ConfigMap lives in default, the job elsewhere (oci-hpc-oke) ------------

@case("fc1804", pod_subj("nccl-tests-h100-worker-0", "research"),
      "OKE v1.33 (version assumed) built by the oci-hpc-oke stack: a system node and two BM.GPU.H100.8 RDMA "
      "workers (8 H100 80GB each, the GPU Operator stack Running; names and sizes assumed), MPI Operator and Kueue; "
      "the ConfigMap oci-nccl-parameters-bm-gpu-h100-8 exists only in default (not in the bundle). The MPIJob "
      "nccl-tests-h100 in namespace research (assumed) uses the document's worked-example worker template (volume "
      "nccl-conf from that ConfigMap at /etc/nccl.conf, subPath nccl.conf; nvidia.com/gpu 8; image from the "
      "document): both worker pods are bound to the GPU workers but ContainerCreating, each with the kubelet's "
      "FailedMount event for the volume (standard wording, illustrative); the launcher pod Running, waiting for "
      "its workers.")
def _(w, t):
    w.git_version = "v1.33.1"
    _oke_cpu(w, "10.0.103.73")
    nodes = ["10.0.127.206", "10.0.127.32"]
    for name in nodes:
        _oke_gpu(w, name, "BM.GPU.H100.8", 8, "NVIDIA-H100-80GB-HBM3", 81559)
    ns, job, cm = "research", "nccl-tests-h100", "oci-nccl-parameters-bm-gpu-h100-8"
    img = "iad.ocir.io/idxzjcdglx2s/nccl-tests:cuda-13.1.1-ubuntu-24.04-nccl-2.29.3-020926.1"
    lab = {"training.kubeflow.org/job-name": job, "kueue.x-k8s.io/queue-name": "h100-local-queue"}
    w.pod(ns, f"{job}-launcher-b7r2k", node="10.0.103.73", gpu=0, containers=("mpi-launcher",), image=img,
          owner=("Job", f"{job}-launcher"), labels={**lab, "training.kubeflow.org/job-role": "launcher"},
          cpu="2", memory="8Gi")
    for i, node in enumerate(nodes):
        name = f"{job}-worker-{i}"
        p = w.pod(ns, name, node=node, gpu=8, containers=("mpi-worker",), image=img, owner=("MPIJob", job),
                  labels={**lab, "training.kubeflow.org/job-role": "worker",
                          "training.kubeflow.org/replica-index": str(i)},
                  cpu="100", memory="1000Gi", tolerations=GPU_TOLERATION,
                  volumes=[{"name": "nccl-conf", "configMap": {"name": cm, "defaultMode": 420}}],
                  mounts=[{"name": "nccl-conf", "mountPath": "/etc/nccl.conf", "subPath": "nccl.conf"}],
                  extra_spec={"hostNetwork": True, "dnsPolicy": "ClusterFirstWithHostNet"})
        _waiting(_owned_by(p, "kubeflow.org/v2beta1"))
        w.event(ns, "Pod", name, "FailedMount",
                f"MountVolume.SetUp failed for volume \"nccl-conf\" : configmap \"{cm}\" not found",
                component="kubelet", host=node, count=23)
    w.target("Pod", ns, f"{job}-worker-0")


# ---- driver: a new aks-engine GPU node reports nvidia.com/gpu 0 while its driver installs (aks-engine gpu.md) --

def _retime(obj: dict, at: str) -> None:
    obj["metadata"]["creationTimestamp"] = at
    st = obj.get("status", {})
    if "startTime" in st:
        st["startTime"] = at
    for c in st.get("conditions") or []:
        c["lastTransitionTime"] = at
    for s in st.get("containerStatuses") or []:
        if "running" in s.get("state", {}):
            s["state"]["running"]["startedAt"] = at


@case("fc1805", node_subj("k8s-gpupool-38416472-vmss000000"),
      "A freshly created aks-engine cluster on Azure: Kubernetes v1.18.20 with the docker runtime (docker is the "
      "runtime under which aks-engine installs its nvidia-device-plugin addon; version assumed), Ubuntu "
      "18.04-LTS agents; a master node (created about 20 minutes before the collection), a CPU agent pool node and "
      "a GPU agent pool of one Standard_NC12 VM (2 Tesla K80 by the document; names assumed). The GPU node joined "
      "the cluster 4 minutes before the collection while the host's NVIDIA driver installation (470.103.01 for "
      "Ubuntu 18.04-LTS, by the document; run by the node's provisioning script, not by a pod) is still in "
      "progress: capacity and allocatable nvidia.com/gpu 0, the node Ready. The nvidia-device-plugin addon "
      "DaemonSet's pod on it (kube-system; image assumed) is Running; its log is not modelled (the document quotes "
      "none). No GPU workload is shown.")
def _(w, t):
    w.git_version = "v1.18.20"
    kv = {"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "5.4.0-1089-azure",
          "containerRuntimeVersion": "docker://19.3.14", "kubeletVersion": "v1.18.20"}
    master = w.node("k8s-master-38416472-0", cpu="2", memory="8152920Ki",
                    labels={"kubernetes.azure.com/role": "master", "node-role.kubernetes.io/master": "",
                            "node.kubernetes.io/instance-type": "Standard_D2s_v3"},
                    taints=[{"key": "node-role.kubernetes.io/master", "value": "true", "effect": "NoSchedule"}])
    cpu = w.node("k8s-agentpool-38416472-vmss000000", cpu="4", memory="16393244Ki",
                 labels={"kubernetes.azure.com/role": "agent", "agentpool": "agentpool",
                         "node.kubernetes.io/instance-type": "Standard_D4s_v3"})
    gpu = w.node("k8s-gpupool-38416472-vmss000000", gpus=0, cpu="12", memory="115490656Ki",
                 labels={"kubernetes.azure.com/role": "agent", "agentpool": "gpupool", "accelerator": "nvidia",
                         "node.kubernetes.io/instance-type": "Standard_NC12"})
    for n, at in ((master, "2026-11-29T14:35:00Z"), (cpu, "2026-11-29T14:41:00Z"), (gpu, "2026-11-29T14:51:00Z")):
        info(n, **kv)
        n["metadata"]["creationTimestamp"] = at
        for c in n["status"]["conditions"]:
            c["lastTransitionTime"] = at
    name = gpu["metadata"]["name"]
    p = plugin_pod(w, name, "nvidia-device-plugin-w8vnt", ds="nvidia-device-plugin", log=None,
                   image="mcr.microsoft.com/oss/nvidia/k8s-device-plugin:1.11")
    p["spec"]["nodeSelector"] = {"accelerator": "nvidia"}
    _retime(p, "2026-11-29T14:52:10Z")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    w.target("Node", None, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
