"""First-contact batch Z1 (fixtures/first-contact/batch-z1/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and a look-alike) from public threads that no rule was written for, in the
scheduler layer and around it (node provisioning, taints and tolerations of GPU-stack DaemonSets, admission of
pods, GPU capacity held by other pods), sampled with the fixed query list in the batch README under the wider
protocol (prose cases admitted). Each builder places the case's text verbatim where a collector would have found
it (prose texts are not placed) and builds the cluster state the thread describes. The expected answer was
reasoned from the thread (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_z1      # (re)writes fixtures/first-contact/batch-z1/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.first_contact_d import TOLERATE_GPU
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-z1", "Z1")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fz101", "fz103", "fz104", "fz105", "fz107"}


# ---- helpers ---------------------------------------------------------------------------------

def _info(node: dict, **kw) -> None:
    node["status"]["nodeInfo"].update(kw)


def _cpu_node(w, name: str, labels: dict, info: dict, cpu: str = "8", memory: str = "32863256Ki",
              taints=()) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels, taints=taints)
    _info(n, **info)
    return n


def _daemonset(w, ns: str, name: str, *, labels: dict, node_selector: dict | None, tolerations: list | None,
               containers: list[dict], status: dict, priority_class: str | None = None) -> dict:
    """A DaemonSet declared explicitly (its pods, if any, are added by the caller)."""
    spec: dict = {"containers": containers}
    if node_selector:
        spec["nodeSelector"] = node_selector
    if tolerations is not None:
        spec["tolerations"] = tolerations
    if priority_class:
        spec["priorityClassName"] = priority_class
    ds = w.workload("DaemonSet", ns, name, template_pod={"spec": spec}, status=status)
    ds["spec"]["selector"] = {"matchLabels": dict(labels)}
    ds["spec"]["template"]["metadata"]["labels"] = dict(labels)
    return ds


def _unscheduled(w, ns: str, name: str, *, container: str, image: str, message: str, gpu: int = 1, owner=None,
                 node_selector=None, tolerations=None, labels=None, affinity=None, count: int = 5) -> dict:
    p = w.pod(ns, name, gpu=gpu, containers=(container,), image=image, phase="Pending", owner=owner,
              node_selector=node_selector, tolerations=tolerations, labels=labels, affinity=affinity,
              scheduled_message=message)
    w.event(ns, "Pod", name, "FailedScheduling", message, component="default-scheduler", count=count)
    return p


# ---- plugin layer: Karpenter GPU node without a device plugin (EKS) ----------------------------

EKS_INFO = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.178-162.673.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.25.9-eks-0a21954",
            "kubeProxyVersion": "v1.25.9-eks-0a21954"}


@case("fz101", pod_subj("gpu-app-6c9f7d8b5-k2x7q", "default"),
      "EKS 1.25 (May 2023; version strings assumed) with two CPU nodes of a managed node group (m5.large) and one "
      "GPU node launched by Karpenter v0.27 from the provisioner `gpu` with a customized GPU AMI (instance type "
      "g4dn.xlarge assumed): Ready, labelled karpenter.sh/provisioner-name=gpu but without karpenter.sh/initialized, "
      "and without nvidia.com/gpu in capacity or allocatable; no NVIDIA device plugin DaemonSet exists in the "
      "cluster; the reporter's Deployment pod (limits nvidia.com/gpu: 1; names assumed) is Pending with the default "
      "scheduler's FailedScheduling `0/3 nodes are available: 3 Insufficient nvidia.com/gpu. ...` (illustrative). "
      "The text is prose and not placed in the bundle.")
def _(w, t):
    for i, ip in enumerate(("192-168-12-41", "192-168-47-203")):
        _cpu_node(w, f"ip-{ip}.us-west-2.compute.internal",
                  {"eks.amazonaws.com/nodegroup": "default", "node.kubernetes.io/instance-type": "m5.large",
                   "topology.kubernetes.io/zone": f"us-west-2{'ab'[i]}"}, EKS_INFO, cpu="2", memory="7910348Ki")
    gpu = "ip-192-168-88-17.us-west-2.compute.internal"
    host_node(w, gpu, advertised=False,
              labels={"karpenter.sh/provisioner-name": "gpu", "karpenter.sh/capacity-type": "on-demand",
                      "node.kubernetes.io/instance-type": "g4dn.xlarge", "topology.kubernetes.io/zone": "us-west-2c",
                      "karpenter.k8s.aws/instance-gpu-manufacturer": "nvidia",
                      "karpenter.k8s.aws/instance-gpu-name": "t4", "karpenter.k8s.aws/instance-gpu-count": "1"},
              info=EKS_INFO)
    n = w.get_node(gpu)
    n["status"]["capacity"].update({"cpu": "4", "memory": "16200536Ki"})
    n["status"]["allocatable"].update({"cpu": "3920m", "memory": "15183704Ki"})
    for pname, ctr, ds, image in (
            ("aws-node-7xk2p", "aws-node", "aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.12.6"),
            ("kube-proxy-m4q9z", "kube-proxy", "kube-proxy",
             "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.25.9-minimal-eksbuild.1")):
        w.pod(KS, pname, node=gpu, gpu=0, containers=(ctr,), image=image, owner=("DaemonSet", ds), cpu="25m",
              memory="64Mi")
    ns, name = "default", "gpu-app-6c9f7d8b5-k2x7q"
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No "
           "preemption victims found for incoming pod.")
    _unscheduled(w, ns, name, container="app", image="nvidia/cuda:11.8.0-base-ubuntu22.04", message=msg,
                 owner=("ReplicaSet", "gpu-app-6c9f7d8b5"), count=34)
    w.target("Pod", ns, name)


# ---- scheduler layer: RuntimeClass refused on GKE (ComputeClass, Cilium) ------------------------

GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
            "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.33.4-gke.1245000",
            "kubeProxyVersion": "v1.33.4-gke.1245000"}


@case("fz102", {"kind": "Deployment", "namespace": "llm", "name": "xplane-qwen3-8b"},
      "GKE Standard 1.33 (August 2026; version strings, node names and namespace assumed) with three e2-standard-4 "
      "nodes of the default pool (Cilium dataplane) and no GPU node: the ComputeClass gpu-l4 (L4, "
      "nodePoolAutoCreation, whenUnsatisfiable DoNotScaleUp) has never scaled up (ComputeClasses are not objects a "
      "bundle holds; the README describes it); the serving Deployment xplane-qwen3-8b (replicas 1) has a ReplicaSet "
      "with 0 pods whose template sets runtimeClassName nvidia, nodeSelector karpenter.sh/nodepool=gpu-l4 and one "
      "nvidia.com/gpu, without a toleration for node.cilium.io/agent-not-ready; no RuntimeClass nvidia exists; the "
      "replicaset-controller's FailedCreate event (x12) carries the text on one line after `Error creating: `.")
def _(w, t):
    for i, sfx in enumerate(("7kq2", "m9x4", "t3vz")):
        _cpu_node(w, f"gke-gcp-0-default-pool-3f9c1a7e-{sfx}",
                  {"cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/machine-family": "e2",
                   "node.kubernetes.io/instance-type": "e2-standard-4",
                   "topology.kubernetes.io/zone": f"europe-west1-{'bcd'[i]}", "cloud.google.com/gke-os-distribution": "cos"},
                  GKE_INFO, cpu="4", memory="16389180Ki")
    ns, dep, rs = "llm", "xplane-qwen3-8b", "xplane-qwen3-8b-7d9f8c6b5"
    template = {"spec": {"runtimeClassName": "nvidia", "nodeSelector": {"karpenter.sh/nodepool": "gpu-l4"},
                         "tolerations": TOLERATE_GPU,
                         "containers": [{"name": "vllm", "image": "vllm/vllm-openai:v0.10.1",
                                         "resources": {"limits": {"nvidia.com/gpu": "1", "memory": "24Gi"},
                                                       "requests": {"nvidia.com/gpu": "1", "cpu": "4",
                                                                    "memory": "24Gi"}}}]}}
    d = w.workload("Deployment", ns, dep, template_pod=template, revision="1",
                   status={"observedGeneration": 1, "replicas": 0, "unavailableReplicas": 1,
                           "conditions": [{"type": "Available", "status": "False",
                                           "reason": "MinimumReplicasUnavailable",
                                           "message": "Deployment does not have minimum availability."},
                                          {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                           "message": "Error creating: " + " ".join(t.split())}]})
    r = w.workload("ReplicaSet", ns, rs, template_pod=template, owner=("Deployment", dep), revision="1",
                   status={"replicas": 0, "observedGeneration": 1,
                           "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                           "message": "Error creating: " + " ".join(t.split())}]})
    for obj in (d, r):
        obj["metadata"]["labels"] = {"app": dep}
    w.event(ns, "ReplicaSet", rs, "FailedCreate", "Error creating: " + " ".join(t.split()),
            component="replicaset-controller", count=12)
    w.event(ns, "Deployment", dep, "ScalingReplicaSet", f"Scaled up replica set {rs} from 0 to 1", type="Normal",
            component="deployment-controller")
    w.pods.setdefault(ns, [])
    w.target("Deployment", ns, dep)


# ---- scheduler layer: node affinity pinned to the first offer's GPU type (dstack) ---------------

@case("fz103", pod_subj("dstack-run-7f3a2c-0-0", "dstack"),
      "Kubernetes v1.32 cluster (provider not stated; strings assumed) used as a dstack backend: one CPU node, one "
      "GPU node with 1 A100 (nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB) whose GPU is requested by a Running "
      "non-dstack training pod, and one GPU node with 1 L40S (nvidia.com/gpu.product=NVIDIA-L40S) with its GPU free "
      "(GPU Operator stacks healthy); the dstack job pod (nvidia.com/gpu 1, required node affinity "
      "nvidia.com/gpu.product In [NVIDIA-A100-SXM4-80GB] only; names assumed) is Pending with FailedScheduling "
      "`0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node affinity/selector. "
      "...` (illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    w.node("cpu-node-1", cpu="16", memory="65842148Ki")
    w.gpu_node("gpu-a100-1", gpus=1)
    w.gpu_node("gpu-l40s-1", gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    w.pod("research", "finetune-0", node="gpu-a100-1", gpu=1, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("StatefulSet", "finetune"))
    ns, name = "dstack", "dstack-run-7f3a2c-0-0"
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "nvidia.com/gpu.product", "operator": "In",
                               "values": ["NVIDIA-A100-SXM4-80GB"]}]}]}}}
    msg = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming "
           "pod, 2 Preemption is not helpful for scheduling.")
    _unscheduled(w, ns, name, container="job", image="dstackai/base:py3.12-0.7-cuda-12.1", message=msg,
                 affinity=affinity, labels={"app.kubernetes.io/managed-by": "dstack"}, tolerations=TOLERATE_GPU,
                 count=18)
    w.target("Pod", ns, name)


# ---- scheduler layer: GPU-stack DaemonSets without the GPU taint's toleration -------------------

def _vgpu_host(w, node: str) -> dict:
    """A vGPU host node (GPU Operator, vm-vgpu workload config) tainted nvidia.com/gpu=present:NoSchedule, with the
    operator's vGPU manager, sandbox validator and sandbox device plugin pods running there."""
    n = w.node(node, gpus=None, taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
                       "nvidia.com/gpu.deploy.vgpu-manager": "true",
                       "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
                       "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                       "nvidia.com/gpu.deploy.sandbox-validator": "true", "nvidia.com/gpu.deploy.driver": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    _info(n, kernelVersion="5.15.0-143-generic", kubeletVersion="v1.33.3", kubeProxyVersion="v1.33.3",
          containerRuntimeVersion="containerd://1.7.27")
    stack = (("nvidia-vgpu-manager-daemonset", "nvidia-vgpu-manager-ctr", "nvcr.io/nvidia/vgpu-manager:580.82.02",
              "vgpu-manager", "x7k2p"),
             ("nvidia-sandbox-validator", "nvidia-sandbox-validator",
              "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.3", "sandbox-validator", "m4q9z"),
             ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-ctr",
              "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.4.0", "sandbox-device-plugin", "r2t8w"))
    for app, ctr, image, deploy, sfx in stack:
        p = w.pod(OPERATOR_NS, f"{app}-{sfx}", node=node, gpu=0, containers=(ctr,), image=image, cpu="100m",
                  memory="128Mi", labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"},
                  owner=("DaemonSet", app),
                  tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
        for c in p["spec"]["containers"]:
            c["image"] = image
        for s in p["status"]["containerStatuses"]:
            s["image"] = image
        _daemonset(w, OPERATOR_NS, app, labels={"app": app}, node_selector={f"nvidia.com/gpu.deploy.{deploy}": "true"},
                   tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                   containers=[{"name": ctr, "image": image}], status=ds_status(1, 1, 1),
                   priority_class="system-node-critical")
    w.pod(OPERATOR_NS, "gpu-operator-6d8f9c7b54-q2w7x", node="cpu-node-1", gpu=0, containers=("gpu-operator",),
          image="nvcr.io/nvidia/gpu-operator:v26.3.3", owner=("ReplicaSet", "gpu-operator-6d8f9c7b54"),
          labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    return n


VGPU_DM = ("nvidia-vgpu-device-manager", "nvidia-vgpu-device-manager",
           "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.1")


@case("fz104", node_subj("gpu-host-1"),
      "Kubernetes v1.33 cluster (strings assumed) with one CPU node and one vGPU host node gpu-host-1 (GPU Operator "
      "v26.3.3 applied from its state manifests, not by Helm; workload config vm-vgpu) tainted "
      "nvidia.com/gpu=present:NoSchedule and labelled nvidia.com/gpu.deploy.vgpu-device-manager=true and "
      "nvidia.com/gpu.deploy.driver=true as in the reproduction; the operator's vGPU manager, sandbox validator and "
      "sandbox device plugin DaemonSets tolerate the taint and run Ready there; the nvidia-vgpu-device-manager "
      "DaemonSet (nodeSelector nvidia.com/gpu.deploy.vgpu-device-manager=true, no tolerations, as in the manifest) "
      "has desired 0 and no pod; the node advertises no vGPU resource (none created). The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    w.node("cpu-node-1", cpu="16", memory="65842148Ki")
    _vgpu_host(w, "gpu-host-1")
    app, ctr, image = VGPU_DM
    _daemonset(w, OPERATOR_NS, app, labels={"app": app}, node_selector={"nvidia.com/gpu.deploy.vgpu-device-manager": "true"},
               tolerations=None, containers=[{"name": ctr, "image": image}], status=ds_status(0, 0, 0),
               priority_class="system-node-critical")
    w.target("Node", None, "gpu-host-1")


@case("fz105", node_subj("gpu-node-1"),
      "Kubernetes v1.33 cluster (provider not stated; strings assumed) with one CPU node and two GPU nodes of a pool "
      "tainted nvidia.com/gpu=true:NoSchedule (1 L4 each; host driver and toolkit); the NVIDIA device plugin Helm "
      "release (namespace nvidia-device-plugin, default toleration nvidia.com/gpu Exists) runs Ready on both and "
      "they advertise nvidia.com/gpu 1; the dcgm-exporter Helm release 4.8.3 (namespace monitoring, release name "
      "assumed) has a DaemonSet whose only toleration is node-role.kubernetes.io/control-plane: DESIRED 0 / CURRENT "
      "0, no pods and no events. The text is prose and not placed in the bundle.")
def _(w, t):
    w.node("cpu-node-1", cpu="16", memory="65842148Ki")
    ns = "nvidia-device-plugin"
    pods = []
    for i in (1, 2):
        node = f"gpu-node-{i}"
        host_node(w, node, labels={"nvidia.com/gpu.present": "true"})
        w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
        pods.append(plugin_pod(w, node, f"nvdp-nvidia-device-plugin-{'x7k2p' if i == 1 else 'm4q9z'}", ns=ns,
                               ds="nvdp-nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0"))
    plugin_ds(w, ns, pods, ds="nvdp-nvidia-device-plugin")
    labels = {"app.kubernetes.io/name": "dcgm-exporter", "app.kubernetes.io/instance": "dcgm-exporter-1757330000"}
    _daemonset(w, "monitoring", "dcgm-exporter-1757330000", labels=labels, node_selector=None,
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}],
               containers=[{"name": "exporter", "image": "nvcr.io/nvidia/k8s/dcgm-exporter:4.8.3-4.5.0-ubuntu22.04",
                            "ports": [{"name": "metrics", "containerPort": 9400}]}],
               status=ds_status(0, 0, 0))
    w.pods.setdefault("monitoring", [])
    w.events.setdefault("monitoring", [])
    w.target("Node", None, "gpu-node-1")


# ---- healthy look-alike: the vgpu-device-manager's priority class under Helm --------------------

@case("fz107", node_subj("gpu-host-1"),
      "Kubernetes v1.33 cluster (strings assumed) with one CPU node and one vGPU host node gpu-host-1 tainted "
      "nvidia.com/gpu=present:NoSchedule, GPU Operator v26.3.3 installed by its Helm chart (daemonsets.priorityClassName "
      "system-node-critical, the chart default, applied by the operator to every DaemonSet, and the chart's "
      "nvidia.com/gpu toleration); the vGPU manager, sandbox validator, sandbox device plugin and "
      "nvidia-vgpu-device-manager DaemonSets each run one Ready pod with priorityClassName system-node-critical; "
      "the vGPU device manager's log is an illustrative healthy start-up. The text is prose and not placed in the "
      "bundle.")
def _(w, t):
    w.node("cpu-node-1", cpu="16", memory="65842148Ki")
    _vgpu_host(w, "gpu-host-1")
    app, ctr, image = VGPU_DM
    p = w.pod(OPERATOR_NS, f"{app}-k8d3f", node="gpu-host-1", gpu=0, containers=(ctr,), image=image, cpu="100m",
              memory="128Mi", labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", app),
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              extra_spec={"priorityClassName": "system-node-critical", "priority": 2000001000})
    for c in p["spec"]["containers"]:
        c["image"] = image
    for s in p["status"]["containerStatuses"]:
        s["image"] = image
    for q in w.pods[OPERATOR_NS]:
        if q["spec"].get("nodeName") == "gpu-host-1":
            q["spec"].update({"priorityClassName": "system-node-critical", "priority": 2000001000})
    _daemonset(w, OPERATOR_NS, app, labels={"app": app}, node_selector={"nvidia.com/gpu.deploy.vgpu-device-manager": "true"},
               tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
               containers=[{"name": ctr, "image": image}], status=ds_status(1, 1, 1),
               priority_class="system-node-critical")
    w.log(OPERATOR_NS, p["metadata"]["name"], ctr,
          'time="2026-11-29T14:01:12Z" level=info msg="Updating to vGPU config: default"\n'
          'time="2026-11-29T14:01:14Z" level=info msg="Successfully updated to vGPU config: default"\n'
          'time="2026-11-29T14:01:14Z" level=info msg="Waiting for change to \'nvidia.com/vgpu.config\' label"\n')
    w.target("Node", None, "gpu-host-1")


# ---- scheduler layer: the CI GPU pool held by leftover test workloads (GKE, 2018) -----------------

GKE18 = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "4.14.22+",
         "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.9.7-gke.0",
         "kubeProxyVersion": "v1.9.7-gke.0"}


@case("fz108", pod_subj("inception-gpu-v1-74fc6fd6cf-ft226", "kubeflow-presubmit-tf-serving-gpu-794"),
      "GKE 1.9 cluster kubeflow-testing (May 2018; strings, pool sizes and namespaces assumed) with four "
      "default-pool nodes (n1-standard-8, no GPU) and two gpu-pool nodes (1 nvidia-tesla-k80 each, GKE's "
      "nvidia-gpu-device-plugin in kube-system advertising nvidia.com/gpu 1); on each GPU node a Running pod of an "
      "earlier presubmit run (its namespace never garbage-collected) requests the node's GPU; the TF Serving GPU "
      "test's inception-gpu-v1 Deployment pod (nvidia.com/gpu 1) is Pending with the FailedScheduling event whose "
      "message is the text's Message column (x57).")
def _(w, t):
    for i, sfx in enumerate(("1k2q", "7mzx", "c4tw", "q9r3")):
        _cpu_node(w, f"gke-kubeflow-testing-default-pool-5d2f8e1c-{sfx}",
                  {"cloud.google.com/gke-nodepool": "default-pool", "beta.kubernetes.io/instance-type": "n1-standard-8",
                   "failure-domain.beta.kubernetes.io/zone": "us-east1-d"}, GKE18, cpu="8", memory="30871320Ki")
    ns_old = ("kubeflow-presubmit-tf-serving-gpu-771", "kubeflow-presubmit-tf-serving-gpu-782")
    for i, sfx in enumerate(("8b3n", "w2kd")):
        node = f"gke-kubeflow-testing-gpu-pool-0c7a9b42-{sfx}"
        host_node(w, node, labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                                   "cloud.google.com/gke-accelerator": "nvidia-tesla-k80",
                                   "beta.kubernetes.io/instance-type": "n1-standard-8",
                                   "failure-domain.beta.kubernetes.io/zone": "us-east1-d"}, info=GKE18)
        n = w.get_node(node)
        n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        p = plugin_pod(w, node, f"nvidia-gpu-device-plugin-{'x4c9k' if i == 0 else 'p7d2m'}",
                       ds="nvidia-gpu-device-plugin",
                       image="k8s.gcr.io/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e")
        if i == 0:
            first = p
        else:
            plugin_ds(w, KS, [first, p], ds="nvidia-gpu-device-plugin")
        w.pod(ns_old[i], f"inception-gpu-v1-{'5b7c9d8f4d-h2k8v' if i == 0 else '6c8d7f9b5c-r4m2q'}", node=node, gpu=1,
              containers=("inception-gpu-v1",), image="gcr.io/kubeflow-images-public/tf-model-server-gpu:v20180327-995786ec",
              owner=("ReplicaSet", f"inception-gpu-v1-{'5b7c9d8f4d' if i == 0 else '6c8d7f9b5c'}"),
              tolerations=TOLERATE_GPU)
    ns, name = "kubeflow-presubmit-tf-serving-gpu-794", "inception-gpu-v1-74fc6fd6cf-ft226"
    msg = t.split("default-scheduler", 1)[1].strip()
    _unscheduled(w, ns, name, container="inception-gpu-v1",
                 image="gcr.io/kubeflow-images-public/tf-model-server-gpu:v20180327-995786ec", message=msg,
                 owner=("ReplicaSet", "inception-gpu-v1-74fc6fd6cf"), tolerations=TOLERATE_GPU, count=57)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
