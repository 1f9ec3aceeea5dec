"""Builds first-contact batch G7 (fixtures/first-contact/batch-g7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures and look-alikes from files of public repositories (this round's pool: the `search`
tool's `code` corpus: troubleshooting notes and guides, a root-cause write-up, setup summaries) that no rule was
written for, sampled with the fixed query list in the batch README (prose cases admitted). Each builder places the
case's text verbatim where a collector would have found it (prose texts are not placed) and builds the cluster
state the file describes. The expected answer was reasoned from the file (`expected` in the case, preferred first)
and committed before any rule change; it is never taken from the tool's output.

Version strings and names the file does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g7      # (re)writes fixtures/first-contact/batch-g7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod, eks_labels
from tests.classify.first_contact_b import (KS, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, sized
from tests.classify.first_contact_g import _rename_stack_pod
from tests.classify.first_contact_g5 import _init_waiting
from tests.classify.first_contact_h import start_error
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g7", "G7", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle); fg702's message line is placed, its prose around it is not
TEXT_NOT_IN_BUNDLE = {"fg701", "fg703", "fg705", "fg706"}


def _not_ready(p: dict) -> None:
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"


def _pending(w, ns: str, name: str, message: str, *, owner=None, image: str, container: str = "main",
             labels=None, gpu: int = 1, count: int = 12) -> dict:
    """A GPU pod the scheduler could not place, with its FailedScheduling event."""
    p = w.pod(ns, name, gpu=gpu, containers=(container,), image=image, owner=owner, labels=labels,
              tolerations=GPU_TOLERATION, scheduled_message=message)
    w.event(ns, "Pod", name, "FailedScheduling", message, component="default-scheduler", count=count)
    return p


# ---- runtime layer ---------------------------------------------------------------------------

_FG701_HOOK_ERROR = (
    "failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: "
    "unable to start container process: error during container init: error running prestart hook #0: exit status 1, "
    "stdout: , stderr: Auto-detected mode as 'legacy'\n"
    "nvidia-container-cli: ldcache error: open failed: /sbin/ldconfig.real: no such file or directory: unknown")


@case("fg701", pod_subj("nvidia-operator-validator-67zsz", OPERATOR_NS),
      "kind cluster (one node `multikf-control-plane`, a kindest/node v1.31.2 container: osImage Debian GNU/Linux 12 "
      "(bookworm), containerd 1.7.18, the host's kernel 6.8.0-49-generic; versions and the GPU model, one RTX 3090, "
      "assumed) with the host's NVIDIA driver visible in the node; the GPU Operator (Helm, namespace gpu-operator, "
      "driver container disabled: ClusterPolicy driver.enabled false, collected as a custom resource, status wording "
      "illustrative) runs its toolkit pod (Running, no runtime class); the operator validator pod "
      "nvidia-operator-validator-67zsz (runtimeClassName nvidia) has completed driver-validation and cannot start "
      "toolkit-validation: last terminated StartError (exit 128) with the NVIDIA prestart hook's ldcache error for "
      "/sbin/ldconfig.real (the kubelet and nvidia-container-cli wording is illustrative: the file quotes no log), "
      "now in back-off, with the kubelet's Failed and BackOff events; the device plugin and GFD pods wait in "
      "toolkit-validation (running, no log); NFD labels the node (pci-10de), GFD never ran, the node advertises no "
      "nvidia.com/gpu. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.31.2"
    node = "multikf-control-plane"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-3090", memory_mib=24576, allocatable=None,
                   labels={"node-role.kubernetes.io/control-plane": "",
                           "node.kubernetes.io/exclude-from-external-load-balancers": ""})
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].pop("nvidia.com/gpu.deploy.driver", None)
    node_info(n, osImage="Debian GNU/Linux 12 (bookworm)", kernelVersion="6.8.0-49-generic",
              containerRuntimeVersion="containerd://1.7.18", kubeletVersion="v1.31.2", kubeProxyVersion="v1.31.2")
    sized(n, "16", "65767124Ki")
    remove_stack_pod(w, node, "driver")
    tk = stack_pod(w, node, "toolkit")
    tk["spec"].pop("runtimeClassName", None)
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.16.2-ubuntu20.04")
    for role in ("device-plugin", "gfd"):
        p = stack_pod(w, node, role)
        _init_waiting(p, "toolkit-validation")
        for key in [k for k in w.logs if k[1] == p["metadata"]["name"]]:
            w.logs.pop(key)
    _rename_stack_pod(w, node, "validator", "nvidia-operator-validator-67zsz")
    v = stack_pod(w, node, "validator")
    v["status"]["phase"] = "Pending"
    for c in v["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in v["status"]["initContainerStatuses"]:
        if s["name"] == "toolkit-validation":
            s.update(start_error("toolkit-validation", _FG701_HOOK_ERROR, restarts=9)["toolkit-validation"])
        elif s["name"] != "driver-validation":
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                      "restartCount": 0})
    for s in v["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for key in [k for k in w.logs if k[1] == "nvidia-operator-validator-67zsz"]:
        w.logs.pop(key)
    w.event(OPERATOR_NS, "Pod", "nvidia-operator-validator-67zsz", "Failed", "Error: " + _FG701_HOOK_ERROR,
            component="kubelet", host=node, count=10, field_path="spec.initContainers{toolkit-validation}")
    w.event(OPERATOR_NS, "Pod", "nvidia-operator-validator-67zsz", "BackOff",
            "Back-off restarting failed container toolkit-validation in pod "
            "nvidia-operator-validator-67zsz_gpu-operator(" + v["metadata"]["uid"] + ")",
            component="kubelet", host=node, count=41, field_path="spec.initContainers{toolkit-validation}")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": False},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": "ClusterPolicy is not ready, states not ready: [state-operator-validation "
                                              "state-device-plugin state-gpu-feature-discovery]",
                                   "lastTransitionTime": T1}]}}]
    w.target("Pod", OPERATOR_NS, "nvidia-operator-validator-67zsz")


_FG702_LOG_HEAD = (
    "timestamp, index, name, utilization.gpu [%], memory.used [MiB]\n"
    "2026/11/29 14:50:00.112, 0, NVIDIA A10, 41 %, 9874 MiB\n"
    "2026/11/29 14:51:00.108, 0, NVIDIA A10, 38 %, 9874 MiB\n"
    "2026/11/29 14:52:00.115, 0, NVIDIA A10, 44 %, 9876 MiB\n"
)


@case("fg702", pod_subj("gpu-monitor-6f9c8d7b5-x2k4p", "ml"),
      "kubeadm-style cluster (Ubuntu 22.04, kernel 5.15, containerd 1.7.22 with SystemdCgroup = true, kubelet v1.30.6 "
      "with cgroupDriver systemd; versions assumed: the page names no distribution) with one GPU node (one NVIDIA A10 "
      "assumed; host driver and Container Toolkit in legacy hook mode); the NVIDIA device plugin (Helm chart, "
      "namespace kube-system, v0.17.0, DEVICE_LIST_STRATEGY envvar, PASS_DEVICE_SPECS false, i.e. compatWithCPUManager "
      "not set) Running with a healthy log and nvidia.com/gpu 1 advertised; a monitoring Deployment pod "
      "gpu-monitor-6f9c8d7b5-x2k4p (one GPU, a loop running nvidia-smi every minute; names assumed) Running and Ready, "
      "not restarted; its current log holds its CSV lines (illustrative) and then the page's message line "
      "`Failed to initialize NVML: Unknown Error` (verbatim) repeated, after a `systemctl daemon-reload` on the node "
      "(the package update that ran it is assumed). Only the message line of the text is placed.")
def _(w, t):
    w.git_version = "v1.30.6"
    node = "gpu-worker-1"
    n = host_node(w, node, gpus=1, labels={"nvidia.com/gpu.present": "true"},
                  info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
                        "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.6",
                        "kubeProxyVersion": "v1.30.6"})
    sized(n, "32", "131919192Ki")
    env = [{"name": "DEVICE_LIST_STRATEGY", "value": "envvar"}, {"name": "PASS_DEVICE_SPECS", "value": "false"},
           {"name": "FAIL_ON_INIT_ERROR", "value": "true"}, {"name": "NVIDIA_MIG_MONITOR_DEVICES", "value": "all"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-8xk2d", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
    p["spec"]["containers"][0]["env"] = env
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    msg = "Failed to initialize NVML: Unknown Error"
    assert msg in t
    log = _FG702_LOG_HEAD + "".join(msg + "\n" for _ in range(4))
    pod = w.pod("ml", "gpu-monitor-6f9c8d7b5-x2k4p", node=node, gpu=1, containers=("monitor",),
                image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04", owner=("ReplicaSet", "gpu-monitor-6f9c8d7b5"),
                labels={"app": "gpu-monitor"}, cpu="100m", memory="256Mi")
    pod["spec"]["containers"][0]["command"] = ["/bin/sh", "-c"]
    pod["spec"]["containers"][0]["args"] = [
        "while true; do nvidia-smi --query-gpu=timestamp,index,name,utilization.gpu,memory.used --format=csv"
        " 2>&1; sleep 60; done"]
    w.log("ml", "gpu-monitor-6f9c8d7b5-x2k4p", "monitor", log)
    w.target("Pod", "ml", "gpu-monitor-6f9c8d7b5-x2k4p")


# ---- plugin layer ----------------------------------------------------------------------------

@case("fg703", pod_subj("vllm-6d8f7c9b4-k2m5x", "rag-app"),
      "Akamai LKE cluster (LKE 1.31: Debian 12 nodes, containerd 1.7.24, kubelet v1.31.4; versions and ids assumed) "
      "with three g6-standard-4 CPU nodes and one g2-gpu-rtx4000a1-s GPU node (one RTX 4000 Ada) tainted "
      "nvidia.com/gpu:NoSchedule; Node Feature Discovery (namespace node-feature-discovery) with its master and gc "
      "Deployments Running and its worker DaemonSet (no GPU toleration) at 3 desired / 3 ready on the CPU nodes only, "
      "so the GPU node has no NFD labels (no pci-10de) while the CPU nodes have theirs; the GPU Operator (Helm, "
      "namespace gpu-operator, driver container enabled) with its operator Deployment Running and every operand "
      "DaemonSet (driver, toolkit, device plugin, GFD, validator, DCGM exporter; nodeSelector "
      "nvidia.com/gpu.deploy.<component>=true) at 0 desired; the GPU node advertises no nvidia.com/gpu; the vllm "
      "Deployment pod in rag-app (one GPU, GPU toleration) Pending with a FailedScheduling event (wording around "
      "`Insufficient nvidia.com/gpu` the scheduler's usual one, assumed). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.31.4"
    info = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.1.0-28-cloud-amd64",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.31.4",
            "kubeProxyVersion": "v1.31.4"}
    cpu_nodes = [f"lke318204-468211-{s}" for s in ("1a2b3c4d0000", "5e6f7a8b0000", "9c0d1e2f0000")]
    nfd_labels = {"feature.node.kubernetes.io/cpu-model.vendor_id": "AMD",
                  "feature.node.kubernetes.io/cpu-cpuid.AVX2": "true",
                  "feature.node.kubernetes.io/kernel-version.major": "6",
                  "feature.node.kubernetes.io/pci-1af4.present": "true"}
    for name in cpu_nodes:
        n = w.node(name, cpu="4", memory="8148924Ki",
                   labels={"lke.linode.com/pool-id": "468211", "node.kubernetes.io/instance-type": "g6-standard-4",
                           "topology.kubernetes.io/region": "us-sea", **nfd_labels})
        node_info(n, **info)
    gpu = "lke318204-468212-3f7a9c1e0000"
    g = w.node(gpu, cpu="8", memory="32865224Ki", taints=({"key": "nvidia.com/gpu", "effect": "NoSchedule"},),
               labels={"lke.linode.com/pool-id": "468212", "node.kubernetes.io/instance-type": "g2-gpu-rtx4000a1-s",
                       "topology.kubernetes.io/region": "us-sea"})
    node_info(g, **info)
    ns_nfd = "node-feature-discovery"
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.16.4"
    daemonset(w, ns_nfd, "node-feature-discovery-worker", desired=3,
              containers=[("worker", nfd_img)], labels={"app.kubernetes.io/name": "node-feature-discovery",
                                                        "role": "worker"})
    for name, sfx in zip(cpu_nodes, ("qx7lm", "b2r9d", "h6t4s")):
        ds_pod(w, ns_nfd, "node-feature-discovery-worker", f"node-feature-discovery-worker-{sfx}", name,
               containers=("worker",), image=nfd_img)
    for dep, rs, pod, role in (("node-feature-discovery-master", "node-feature-discovery-master-7c9d6b8f5",
                                "node-feature-discovery-master-7c9d6b8f5-h4t2w", "master"),
                               ("node-feature-discovery-gc", "node-feature-discovery-gc-5b8d9c7f6",
                                "node-feature-discovery-gc-5b8d9c7f6-r9p3k", "gc")):
        deploy_pod(w, ns_nfd, rs, pod, cpu_nodes[0], containers=(role,), image=nfd_img,
                   labels={"app.kubernetes.io/name": "node-feature-discovery", "role": role})
        w.workload("Deployment", ns_nfd, dep, status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    op_img = "nvcr.io/nvidia/gpu-operator:v24.9.2"
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6b8f9d7c5", "gpu-operator-6b8f9d7c5-m8w4z", cpu_nodes[1],
               containers=("gpu-operator",), image=op_img, labels={"app": "gpu-operator"})
    w.workload("Deployment", OPERATOR_NS, "gpu-operator", status={"replicas": 1, "readyReplicas": 1,
                                                                  "availableReplicas": 1})
    for ds, comp, ctr, img in (
            ("nvidia-driver-daemonset", "driver", "nvidia-driver-ctr", "nvcr.io/nvidia/driver:550.127.08"),
            ("nvidia-container-toolkit-daemonset", "container-toolkit", "nvidia-container-toolkit-ctr",
             "nvcr.io/nvidia/k8s/container-toolkit:v1.17.4-ubuntu20.04"),
            ("nvidia-device-plugin-daemonset", "device-plugin", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"),
            ("gpu-feature-discovery", "gpu-feature-discovery", "gpu-feature-discovery",
             "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"),
            ("nvidia-operator-validator", "operator-validator", "nvidia-operator-validator",
             "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.2"),
            ("nvidia-dcgm-exporter", "dcgm-exporter", "nvidia-dcgm-exporter",
             "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.9-3.6.1-ubuntu22.04")):
        daemonset(w, OPERATOR_NS, ds, desired=0, containers=[(ctr, img)],
                  node_selector={f"nvidia.com/gpu.deploy.{comp}": "true"}, tolerations=GPU_TOLERATION,
                  labels={"app": ds})
    pod = "vllm-6d8f7c9b4-k2m5x"
    msg = ("0/4 nodes are available: 4 Insufficient nvidia.com/gpu. preemption: 0/4 nodes are available: "
           "4 No preemption victims found for incoming pod.")
    _pending(w, "rag-app", pod, msg, owner=("ReplicaSet", "vllm-6d8f7c9b4"), image="vllm/vllm-openai:v0.8.5",
             container="vllm", labels={"app": "vllm"}, count=34)
    w.workload("Deployment", "rag-app", "vllm", status={"replicas": 1, "unavailableReplicas": 1})
    w.target("Pod", "rag-app", pod)


# ---- scheduler layer -------------------------------------------------------------------------

@case("fg704", pod_subj("llama-instruct-nim-5d7f8b9c6-t8q2v", "nim"),
      "EKS cluster aiq-udf-eks in us-east-1 (Kubernetes 1.28, Amazon Linux 2023 nodes, containerd 1.7.11, kubelet "
      "v1.28.5-eks; versions assumed for November 2025 with Karpenter v0.32.0) with two m5.2xlarge nodes of a managed "
      "node group; Karpenter v0.32.0 (namespace karpenter, two controller pods Running) with a GPU NodePool "
      "(instance family g5, taint nvidia.com/gpu) and its EC2NodeClass (custom resources, shapes after Karpenter's "
      "v1beta1 API); the embedding and instruct-LLM NIM pods (namespace nim) and the RAG ingest server (namespace "
      "rag-blueprint), one GPU each, Pending with FailedScheduling events (wording assumed); three NodeClaims with "
      "condition Launched=False, reason LaunchFailed and the file's message (its line break joined), and a Warning "
      "LaunchFailed event each (reporting component karpenter); no GPU node. The account's vCPU quota of 0 for G and "
      "VT instances is an AWS setting no cluster object carries.")
def _(w, t):
    w.git_version = "v1.28.5-eks-5e0fdde"
    info = {"osImage": "Amazon Linux 2023.6.20241121", "kernelVersion": "6.1.115-126.197.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.28.5-eks-5e0fdde",
            "kubeProxyVersion": "v1.28.5-eks-5e0fdde"}
    nodes = ["ip-10-0-11-84.ec2.internal", "ip-10-0-27-163.ec2.internal"]
    for name, zone in zip(nodes, ("us-east-1a", "us-east-1b")):
        n = w.node(name, cpu="8", memory="32386628Ki", labels=eks_labels("m5.2xlarge", "aiq-udf-eks-system", zone))
        node_info(n, **info)
    kimg = "public.ecr.aws/karpenter/controller:v0.32.0"
    for i, name in enumerate(nodes):
        deploy_pod(w, "karpenter", "karpenter-7f9b6c8d54", f"karpenter-7f9b6c8d54-{('x4k2p', 'q9m7w')[i]}", name,
                   containers=("controller",), image=kimg, labels={"app.kubernetes.io/name": "karpenter"})
    w.workload("Deployment", "karpenter", "karpenter", replicas=2,
               status={"replicas": 2, "readyReplicas": 2, "availableReplicas": 2})
    message = " ".join(line.strip() for line in t.split(":", 1)[1].splitlines()).strip()
    assert t.startswith("LaunchFailed: ")
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    pending = (("nim", "embedding-nim-6c9d7f8b5-w3r7n", "embedding-nim", "nvcr.io/nim/nvidia/nv-embedqa-e5-v5:1.1.0"),
               ("nim", "llama-instruct-nim-5d7f8b9c6-t8q2v", "llama-instruct-nim",
                "nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3"),
               ("rag-blueprint", "rag-ingest-server-7b8c9d6f5-p5k8j", "rag-ingest-server",
                "nvcr.io/nvidia/blueprint/ingestor-server:2.0.0"))
    claims = []
    for i, (ns, pod, app, img) in enumerate(pending):
        rs = pod.rsplit("-", 1)[0]
        _pending(w, ns, pod, msg, owner=("ReplicaSet", rs), image=img, container=app, labels={"app": app}, count=57)
        w.workload("Deployment", ns, app, status={"replicas": 1, "unavailableReplicas": 1})
        claim = f"gpu-nodepool-{('k7x2m', 'p4q9t', 'z8w3c')[i]}"
        claims.append({
            "apiVersion": "karpenter.sh/v1beta1", "kind": "NodeClaim",
            "metadata": {"name": claim, "creationTimestamp": T1, "labels": {"karpenter.sh/nodepool": "gpu-nodepool"},
                         "ownerReferences": [{"apiVersion": "karpenter.sh/v1beta1", "kind": "NodePool",
                                              "name": "gpu-nodepool", "controller": True}]},
            "spec": {"nodeClassRef": {"name": "gpu-nodeclass", "kind": "EC2NodeClass",
                                      "apiVersion": "karpenter.k8s.aws/v1beta1"},
                     "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g5"]},
                                      {"key": "karpenter.sh/capacity-type", "operator": "In",
                                       "values": ["on-demand"]}],
                     "resources": {"requests": {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1", "pods": "1"}},
                     "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]},
            "status": {"conditions": [
                {"type": "Launched", "status": "False", "reason": "LaunchFailed", "message": message,
                 "lastTransitionTime": T1},
                {"type": "Ready", "status": "False", "reason": "NotLaunched", "message": "Node not launched",
                 "lastTransitionTime": T1}]}})
        ev = w.event("default", "NodeClaim", claim, "LaunchFailed", message, component="karpenter", count=1)
        ev["involvedObject"]["apiVersion"] = "karpenter.sh/v1beta1"
        ev["involvedObject"]["namespace"] = ""
    w.custom["nodeclaims.karpenter.sh"] = claims
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1beta1", "kind": "NodePool",
        "metadata": {"name": "gpu-nodepool", "creationTimestamp": T0},
        "spec": {"template": {"spec": {
            "nodeClassRef": {"name": "gpu-nodeclass"},
            "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["g5"]},
                             {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand", "spot"]}],
            "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]}},
            "limits": {"cpu": "200", "nvidia.com/gpu": "8"}},
        "status": {"resources": {"cpu": "0", "memory": "0", "nvidia.com/gpu": "0"}}}]
    w.custom["ec2nodeclasses.karpenter.k8s.aws"] = [{
        "apiVersion": "karpenter.k8s.aws/v1beta1", "kind": "EC2NodeClass",
        "metadata": {"name": "gpu-nodeclass", "creationTimestamp": T0},
        "spec": {"amiFamily": "AL2", "role": "Karpenter-aiq-udf-eks-20251105001410250400000017",
                 "subnetSelectorTerms": [{"tags": {"karpenter.sh/discovery": "aiq-udf-eks"}}],
                 "securityGroupSelectorTerms": [{"tags": {"karpenter.sh/discovery": "aiq-udf-eks"}}]},
        "status": {"securityGroups": [{"id": i} for i in ("sg-05cc90c2e62cb3218", "sg-0ba99047f04469506",
                                                          "sg-0c2c084a96e78b37f", "sg-05eea6fe7a9a036f1")],
                   "subnets": [{"id": "subnet-04941fc545debbc73", "zone": "us-east-1b"},
                               {"id": "subnet-0e3085d951bd27453", "zone": "us-east-1c"},
                               {"id": "subnet-0447fe51207c8bdb6", "zone": "us-east-1a"}]}}]
    w.target("Pod", "nim", "llama-instruct-nim-5d7f8b9c6-t8q2v")


@case("fg707", pod_subj("tgi-test-7c9f8d6b5-h2x4k", "vllm-benchmark"),
      "eight-node Kubernetes cluster (distribution not stated; Ubuntu 22.04, containerd 1.7.24, kubelet v1.30.8 "
      "assumed): three control-plane nodes tainted node-role.kubernetes.io/master:NoSchedule, three CPU workers and "
      "two GPU workers (one NVIDIA L40S each, assumed) tainted nvidia.com/gpu=True:NoSchedule and running the GPU "
      "Operator stack (Running, healthy logs), labelled nvidia.com/gpu.present=true and advertising nvidia.com/gpu 1; "
      "the TGI Deployment tgi-test (Helm release tgi-test, namespace vllm-benchmark; image tag and model assumed) with "
      "nodeSelector nvidia.com/gpu.present=true, one GPU and no toleration for the GPU taint; its pod Pending with a "
      "default-scheduler FailedScheduling event (the scheduler's usual wording, assumed; the file quotes only "
      "'0/8 nodes available'). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.30.8"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.30.8",
            "kubeProxyVersion": "v1.30.8"}
    for i in range(1, 4):
        n = w.node(f"master-{i}", cpu="8", memory="32863924Ki",
                   labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": ""},
                   taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
        node_info(n, **info)
    for i in range(1, 4):
        n = w.node(f"worker-{i}", cpu="16", memory="65843948Ki", labels={"node-role.kubernetes.io/worker": ""})
        node_info(n, **info)
    for i in range(1, 3):
        n = w.gpu_node(f"gpu-worker-{i}", gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                       labels={"node-role.kubernetes.io/worker": ""},
                       taints=({"key": "nvidia.com/gpu", "value": "True", "effect": "NoSchedule"},))
        node_info(n, **info)
        sized(n, "48", "263812024Ki")
    ns, pod = "vllm-benchmark", "tgi-test-7c9f8d6b5-h2x4k"
    msg = ("0/8 nodes are available: 2 node(s) had untolerated taint {nvidia.com/gpu: True}, 3 node(s) didn't match "
           "Pod's node affinity/selector, 3 node(s) had untolerated taint {node-role.kubernetes.io/master: }. "
           "preemption: 0/8 nodes are available: 8 Preemption is not helpful for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("tgi",), image="ghcr.io/huggingface/text-generation-inference:3.2.3",
          owner=("ReplicaSet", "tgi-test-7c9f8d6b5"), cpu="4", memory="16Gi", memory_limit="32Gi",
          labels={"app.kubernetes.io/name": "tgi", "app.kubernetes.io/instance": "tgi-test"},
          node_selector={"nvidia.com/gpu.present": "true"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=27)
    w.workload("Deployment", ns, "tgi-test", status={"replicas": 1, "unavailableReplicas": 1})
    w.target("Pod", ns, pod)


# ---- look-alikes -----------------------------------------------------------------------------

@case("fg705", node_subj("aks-agentpool-27436051-vmss000000"),
      "AKS cluster aks-nvidiatest (AKS-Construction 0.9.9 deployment, Kubernetes v1.25.5, Ubuntu 22.04 node image "
      "with the AKS-installed NVIDIA driver, containerd 1.6.x; versions and the AKS driver branch 470 assumed for "
      "February 2023) with one system-pool node Standard_NC4as_T4_v3 (one Tesla T4); the GPU Operator (Helm release "
      "nvidiagpuop, namespace gpu-operator, driver.repository docker.io/nvidia and driver.version 515.65.01 in its "
      "ClusterPolicy, collected as a custom resource) labels the node nvidia.com/gpu.deploy.driver=pre-installed, so "
      "its driver DaemonSet (nodeSelector nvidia.com/gpu.deploy.driver=true) has 0 desired pods; toolkit, device "
      "plugin, GFD and validator pods Running with healthy logs (assumed: the notes show them only as screenshots); "
      "GFD labels the T4 with driver major 470; the node advertises nvidia.com/gpu 1. The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.25.5"
    node = "aks-agentpool-27436051-vmss000000"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360,
                   labels={"kubernetes.azure.com/agentpool": "agentpool", "kubernetes.azure.com/mode": "system",
                           "kubernetes.azure.com/cluster": "MC_akspersist_aks-nvidiatest_eastus",
                           "node.kubernetes.io/instance-type": "Standard_NC4as_T4_v3",
                           "beta.kubernetes.io/instance-type": "Standard_NC4as_T4_v3",
                           "topology.kubernetes.io/region": "eastus", "kubernetes.azure.com/os-sku": "Ubuntu",
                           "nvidia.com/gpu.deploy.driver": "pre-installed",
                           "nvidia.com/cuda.driver.major": "470", "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, osImage="Ubuntu 22.04.1 LTS", kernelVersion="5.15.0-1033-azure",
              containerRuntimeVersion="containerd://1.6.17+azure-1", kubeletVersion="v1.25.5",
              kubeProxyVersion="v1.25.5")
    sized(n, "4", "28803492Ki")
    remove_stack_pod(w, node, "driver")
    for role, ctr, img in (("toolkit", "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.11.0-ubuntu20.04"),
                           ("device-plugin", "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.13.0-ubi8"),
                           ("gfd", "gpu-feature-discovery", "nvcr.io/nvidia/gpu-feature-discovery:v0.7.0-ubi8"),
                           ("validator", "nvidia-operator-validator",
                            "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v22.9.2")):
        set_image(stack_pod(w, node, role), ctr, img)
    daemonset(w, OPERATOR_NS, "nvidia-driver-daemonset", desired=0,
              containers=[("nvidia-driver-ctr", "docker.io/nvidia/driver:515.65.01-ubuntu22.04")],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.5.1")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-driver-daemonset"})
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/instance": "nvidiagpuop"}},
        "spec": {"operator": {"defaultRuntime": "containerd"},
                 "driver": {"enabled": True, "repository": "docker.io/nvidia", "image": "driver",
                            "version": "515.65.01"},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                 "psp": {"enabled": False}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.target("Node", None, node)


@case("fg706", pod_subj("nvidia-smi-basic", "default"),
      "single-node k3s cluster (node gpu-server, k3s v1.33.3+k3s1, containerd 1.7.27 with CDI enabled and runc 1.2.5 "
      "as the summary states; Ubuntu 24.04 and kernel 6.8 assumed; NVIDIA driver 575.64.03 and Container Toolkit "
      "1.17.8 on the host, CDI spec /etc/cdi/nvidia.yaml) labelled nvidia.com/gpu.present=true and advertising "
      "nvidia.com/gpu 1 (GPU model and count assumed); the NVIDIA device plugin DaemonSet v0.17.3 (kube-system) "
      "Running with a healthy log; the two nvidia-smi test pods in default (nvidia-smi-basic, and nvidia-smi-cdi with "
      "a cdi.k8s.io annotation; restartPolicy Never, one GPU each) scheduled on gpu-server and waiting in "
      "ContainerCreating with the scheduler's Scheduled and the kubelet's Pulling events (Normal; image and wording "
      "illustrative), no container started yet. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.3+k3s1"
    node = "gpu-server"
    host_node(w, node, gpus=1,
              labels={"nvidia.com/gpu.present": "true", "node-role.kubernetes.io/control-plane": "true",
                      "node-role.kubernetes.io/master": "true", "node.kubernetes.io/instance-type": "k3s"},
              info={"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-71-generic",
                    "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.3+k3s1",
                    "kubeProxyVersion": "v1.33.3+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7kq2n", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.3")
    plugin_ds(w, KS, [p])
    image = "nvcr.io/nvidia/cuda:12.9.1-base-ubuntu24.04"
    for name in ("nvidia-smi-basic", "nvidia-smi-cdi"):
        pod = w.pod("default", name, node=node, gpu=1, containers=("nvidia-smi",), image=image, phase="Pending",
                    ready=False, cpu="100m", memory="128Mi", tolerations=GPU_TOLERATION,
                    statuses={"nvidia-smi": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                             "restartCount": 0}},
                    extra_spec={"restartPolicy": "Never"})
        pod["spec"]["containers"][0]["command"] = ["nvidia-smi"]
        pod["status"].pop("podIP", None)
        for c in pod["status"]["conditions"]:
            if c["type"] == "Initialized":
                c["status"] = "True"
        for s in pod["status"]["containerStatuses"]:
            s.pop("containerID", None)
            s["started"] = False
        if name == "nvidia-smi-cdi":
            annotate(pod, **{"cdi.k8s.io/nvidia-smi": "nvidia.com/gpu=all"})
        w.event("default", "Pod", name, "Scheduled", f"Successfully assigned default/{name} to {node}", type="Normal",
                component="default-scheduler", count=1, last=T1)
        w.event("default", "Pod", name, "Pulling", f'Pulling image "{image}"', type="Normal", component="kubelet",
                host=node, count=1, field_path="spec.containers{nvidia-smi}")
    w.target("Pod", "default", "nvidia-smi-basic")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
