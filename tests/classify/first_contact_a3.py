"""First-contact batch A3 (fixtures/first-contact/batch-a3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the scheduler layer (autoscaling and node provisioning, Volcano, KAI GPU
sharing, volume binding, GPU counts per node) from public threads that no rule was written for, sampled with the
fixed query list in the batch README. Each builder places the case's text verbatim where a collector would have
found it (prose texts and cloud-console texts are not placed) and builds the cluster state the thread describes.
The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a3      # (re)writes fixtures/first-contact/batch-a3/scenarios/
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter
from tests.classify.first_contact_a2 import A2World, _pvc
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

# cases whose text is not placed in the bundle (prose, or a cloud-console message that never reaches the cluster)
TEXT_NOT_IN_BUNDLE = {"fa301", "fa302", "fa303", "fa305", "fa306", "fa307"}


@dataclass
class A3World(A2World):
    """A2's World (namespaced PVC lists) that also writes namespaced custom resources
    (cluster-resources/custom-resources/<plural>.<group>/<ns>.json), e.g. a Kubeflow Notebook."""
    ns_custom: dict[tuple[str, str], list[dict]] = field(default_factory=dict)   # (plural.group, ns) -> items

    def write(self, out: Path) -> Path:
        out = super().write(out)
        w = BundleWriter(out)
        for (plural, ns), items in sorted(self.ns_custom.items()):
            w.write_json(layout.custom_resource(plural, ns), items)
        return out


FC = ThreadBatch("batch-a3", "A3", world=A3World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def _info(node: dict, **kw) -> dict:
    node_info(node, **kw)
    return node


def _workload_pod(w, ns: str, name: str, node: str, containers, image: str, labels=None, gpu: int = 0, **kw) -> dict:
    return w.pod(ns, name, node=node, gpu=gpu, containers=containers, image=image, labels=labels or {}, **kw)


# ---- autoscaling / node provisioning ---------------------------------------------------------

_EKS_2023 = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.197-186.748.amzn2.x86_64",
             "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.27.7-eks-e71965b",
             "kubeProxyVersion": "v1.27.7-eks-e71965b"}


@case("fa301", pod_subj("jupyter-sea-2dice-2dresearcher", "prod"),
      "EKS 1.27 cluster of the CryoCloud hub (us-west-2; AMI, kernel and kubelet strings assumed for October 2023) "
      "with two core nodes (r5.xlarge, eksctl node group core-a, us-west-2a/b) running JupyterHub; the GPU node group "
      "(g4dn.xlarge, eksctl node group nb-g4dn-xlarge, pinned to us-west-2a) is at 0 nodes, so no node advertises "
      "nvidia.com/gpu and no GPU node object exists (the device-plugin DaemonSet, with no GPU node to run on, is not "
      "modelled). The user pod (KubeSpawner, one GPU, node selector node.kubernetes.io/instance-type=g4dn.xlarge, "
      "GPU and user tolerations; pod and user names assumed) is Pending with a default-scheduler FailedScheduling "
      "event and the cluster-autoscaler's TriggeredScaleUp event for the GPU node group's ASG (both wordings "
      "illustrative; the thread says only that the last thing logged is 'triggered scale up'). The case's text is "
      "the ASG's activity message in the AWS console, which is not a cluster object and is not in the bundle.")
def _(w, t):
    for i, zone in enumerate(("us-west-2a", "us-west-2b")):
        _info(w.node(f"ip-192-168-{18 + 40 * i}-{101 + i}.us-west-2.compute.internal", cpu="4", memory="32386884Ki",
                     labels={"node.kubernetes.io/instance-type": "r5.xlarge", "topology.kubernetes.io/zone": zone,
                             "topology.kubernetes.io/region": "us-west-2", "alpha.eksctl.io/nodegroup-name": "core-a",
                             "hub.jupyter.org/node-purpose": "core"}), **_EKS_2023)
    core = w.nodes[0]["metadata"]["name"]
    for name, image, cont in (("hub-7c9b8d6f5-x2q8l", "quay.io/2i2c/pangeo-hub:0.0.1-0.dev.git.6914.h5d4a3c1", "hub"),
                              ("proxy-5f6d8c7b9-m4k2p", "quay.io/jupyterhub/configurable-http-proxy:4.5.6", "chp")):
        _workload_pod(w, "prod", name, core, (cont,), image, labels={"app": "jupyterhub", "component": cont},
                      owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="200m", memory="512Mi")
    ns, pod = "prod", "jupyter-sea-2dice-2dresearcher"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling..")
    w.pod(ns, pod, gpu=1, containers=("notebook",), image="quay.io/2i2c/cryocloud-gpu-image:2023.10.20",
          labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/username": "sea-ice-researcher"},
          node_selector={"node.kubernetes.io/instance-type": "g4dn.xlarge"}, phase="Pending", scheduled_message=msg,
          cpu="3", memory="14Gi",
          tolerations=GPU_TOLERATION + [{"key": "hub.jupyter.org/dedicated", "operator": "Equal", "value": "user",
                                         "effect": "NoSchedule"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            "pod triggered scale-up: [{eksctl-cryocloud-nodegroup-nb-g4dn-xlarge-NodeGroup-1X2Y3Z4W5V6U 0->1 (max: 20)}]",
            type="Normal", component="cluster-autoscaler", count=3)
    w.target("Pod", ns, pod)


# ---- Volcano / KAI (GPU sharing schedulers) ---------------------------------------------------

_UBUNTU_2025 = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-144-generic",
                "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.31.9",
                "kubeProxyVersion": "v1.31.9"}


@case("fa302", pod_subj("vgpu-multi-container", "default"),
      "Kubernetes 1.31 (kubeadm-style; version strings assumed for July 2025) with one GPU node gpu-l20-01 (Ubuntu "
      "22.04, two NVIDIA L20, driver 550.54.15 on the host; node name and GPU count assumed) on which the "
      "volcano-vgpu-device-plugin v1.10.0 DaemonSet in kube-system runs and advertises volcano.sh/vgpu-number 20 "
      "(10 per GPU, the plugin's default split; assumed); Volcano 1.12.1 in volcano-system with the admission and "
      "controller pods Running and the volcano-scheduler pod in CrashLoopBackOff (restart count, exit code 2 of a "
      "Go panic, and BackOff event assumed; its panic log is not quoted in the thread and not modelled). The "
      "reporter's test pod (schedulerName volcano, two containers each requesting volcano.sh/vgpu-number 1 and "
      "volcano.sh/vgpu-memory 1024; names and image assumed) is Pending with no scheduling condition and no "
      "event: no running scheduler ever wrote about it. The text is the issue title (prose) and is not placed.")
def _(w, t):
    node = "gpu-l20-01"
    _info(w.node("k8s-master-01", cpu="8", memory="32768000Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                 taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},)), **_UBUNTU_2025)
    n = _info(w.node(node, gpus=20, resource="volcano.sh/vgpu-number", cpu="64", memory="527938872Ki",
                     labels={"volcano.sh/vgpu-enable": "true"}), **_UBUNTU_2025)
    for res in ("capacity", "allocatable"):
        n["status"][res]["volcano.sh/vgpu-memory"] = "92160"
        n["status"][res]["volcano.sh/vgpu-cores"] = "200"
    dp = plugin_pod(w, node, "volcano-device-plugin-6xq2m", ds="volcano-device-plugin", log=None,
                    image="projecthami/volcano-vgpu-device-plugin:v1.10.0")
    plugin_ds(w, KS, [dp], ds="volcano-device-plugin")
    vs = "volcano-system"
    master = "k8s-master-01"
    for name, cont in (("volcano-admission-7c8d9f6b5-t2x9k", "admission"),
                       ("volcano-controllers-5d7f8c9b6-q4m8n", "volcano-controllers")):
        _workload_pod(w, vs, name, master, (cont,), f"volcanosh/vc-{cont.split('-')[-1]}:v1.12.1",
                      labels={"app": name.rsplit("-", 2)[0]}, owner=("ReplicaSet", name.rsplit("-", 1)[0]),
                      cpu="100m", memory="128Mi",
                      tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                    "effect": "NoSchedule"}])
    sched = "volcano-scheduler-6b9f7d8c5-w7r4z"
    _workload_pod(w, vs, sched, master, ("volcano-scheduler",), "volcanosh/vc-scheduler:v1.12.1",
                  labels={"app": "volcano-scheduler"}, owner=("ReplicaSet", "volcano-scheduler-6b9f7d8c5"),
                  cpu="100m", memory="256Mi", ready=False,
                  statuses=crashing("volcano-scheduler", code=2, restarts=9),
                  tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                "effect": "NoSchedule"}])
    backoff(w, vs, sched, "volcano-scheduler", master, count=41)
    ns, pod = "default", "vgpu-multi-container"
    p = w.pod(ns, pod, gpu=1, resource="volcano.sh/vgpu-number", containers=("cuda-container-0", "cuda-container-1"),
              image="nvidia/cuda:12.4.1-base-ubuntu22.04", scheduler="volcano", phase="Pending", cpu="1", memory="2Gi")
    for c in p["spec"]["containers"]:
        for k in ("limits", "requests"):
            c["resources"][k]["volcano.sh/vgpu-number"] = "1"
            c["resources"][k]["volcano.sh/vgpu-memory"] = "1024"
    p["status"]["conditions"] = []
    w.target("Pod", ns, pod)


@case("fa303", pod_subj("gpu-sharing", "default"),
      "Kubernetes 1.32 (kubeadm-style; version strings assumed for April 2025) with one GPU node gpu-node-1 (one "
      "NVIDIA L4; GPU model assumed) running the NVIDIA GPU Operator stack (driver, toolkit, device plugin, GFD, "
      "validator all healthy) with CDI enabled in the ClusterPolicy (cdi.enabled and cdi.default true, the "
      "toolkit injecting devices through CDI); KAI Scheduler in kai-scheduler (binder, scheduler, admission, "
      "pod-grouper, podgroup-controller, queue-controller Running; the binder without --cdi-enabled, its default) "
      "with GPU sharing on; KAI's GPU reservation pod for the node Running in runai-reservation with nvidia.com/gpu 1. "
      "The reporter's fraction pod gpu-sharing (annotation gpu-fraction 0.5, label runai/queue test, schedulerName "
      "kai-scheduler, no nvidia.com/gpu request) is bound to gpu-node-1 and its container crash-loops with a "
      "StartError; the kubelet's Failed event and the container's termination message carry the title's quoted "
      "words behind containerd's usual 'failed to create containerd task: failed to create shim task:' prefix "
      "(the prefix is illustrative, the thread's logs were attachments; the tail after the quoted words is not "
      "invented). The text is the issue title (prose) and is not placed as such.")
def _(w, t):
    node = "gpu-node-1"
    _info(w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034), **{**_UBUNTU_2025, "kubeletVersion": "v1.32.3",
                                                                            "kubeProxyVersion": "v1.32.3"})
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"cdi": {"enabled": True, "default": True}, "devicePlugin": {"enabled": True},
                 "toolkit": {"enabled": True}, "driver": {"enabled": True}, "migManager": {"enabled": False}},
        "status": {"state": "ready", "namespace": "gpu-operator"}}]
    kai = "kai-scheduler"
    for comp in ("admission", "binder", "pod-grouper", "podgroup-controller", "queue-controller", "scheduler"):
        _workload_pod(w, kai, f"{comp}-7d9c8b6f5-{comp[:2]}x4q", node, (comp,),
                      f"ghcr.io/nvidia/kai-scheduler/{comp}:v0.3.0", labels={"app": comp},
                      owner=("ReplicaSet", f"{comp}-7d9c8b6f5"), cpu="50m", memory="128Mi")
    _workload_pod(w, "runai-reservation", "gpu-reservation-gpu-node-1-k8m2q", node, ("resource-reservation",),
                  "ghcr.io/nvidia/kai-scheduler/resource-reservation:v0.3.0", gpu=1,
                  labels={"app": "kai-resource-reservation", "runai-gpu-group": "5a1c9e7d-3b2f-4c8a-9d6e-7f0b1a2c3d4e"},
                  cpu="2m", memory="20Mi")
    ns, pod = "default", "gpu-sharing"
    msg = f"failed to create containerd task: failed to create shim task: {t.split('. ', 1)[1]}"
    p = w.pod(ns, pod, node=node, gpu=0, containers=("ubuntu",), image="ubuntu:24.04", scheduler="kai-scheduler",
              labels={"runai/queue": "test", "runai-gpu-group": "5a1c9e7d-3b2f-4c8a-9d6e-7f0b1a2c3d4e"},
              ready=False, statuses=crashing("ubuntu", code=128, reason="StartError", message=msg, restarts=5),
              cpu="100m", memory="256Mi")
    p["metadata"]["annotations"] = {"gpu-fraction": "0.5"}
    p["spec"]["containers"][0]["args"] = ["sleep", "infinity"]
    crashloop(p, "ubuntu", restarts=5, code=128, reason="StartError", message=msg)
    w.event(ns, "Pod", pod, "Failed", f"Error: {msg}", component="kubelet", host=node, count=6,
            field_path="spec.containers{ubuntu}")
    backoff(w, ns, pod, "ubuntu", node, count=24)
    w.target("Pod", ns, pod)


# ---- volume binding ----------------------------------------------------------------------------

_GKE_2020 = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "4.19.76+",
             "containerRuntimeVersion": "docker://19.3.1", "kubeletVersion": "v1.14.10-gke.17",
             "kubeProxyVersion": "v1.14.10-gke.17"}


@case("fa304", pod_subj("notebook-dev-gpu2-0", "rbarreto"),
      "GKE 1.14 cluster of Kubeflow 1.0 (us-central1; version strings and node names assumed for February 2020) "
      "with a default CPU pool of five n1-standard-8 nodes spread over us-central1-a, -b, -c and -f and an "
      "autoscaling GPU pool (nvidia-tesla-k80, only in us-central1-a and -c) at 0 nodes, so no node object "
      "advertises nvidia.com/gpu (the GPU pool's driver-installer and device-plugin DaemonSets have no node to run "
      "on and are not modelled). In the user's namespace rbarreto: the Notebook notebook-dev-gpu2 (custom resource "
      "notebooks.kubeflow.org), its StatefulSet (0 of 1 ready), the workspace PVC workspace-notebook-dev-gpu2 "
      "(standard StorageClass, Immediate binding) Bound to a PersistentVolume whose node affinity is zone "
      "us-central1-b (cluster custom resource persistentvolumes; the zone is one of the non-GPU zones the thread "
      "names, chosen for the bundle), and the notebook pod notebook-dev-gpu2-0 (one GPU, GPU toleration) Pending. "
      "Events: on the pod, the default-scheduler's FailedScheduling and the cluster-autoscaler's NotTriggerScaleUp; "
      "on the Notebook, the notebook-controller's reissued copies as the thread quotes them (the case's text is "
      "the reissued FailedScheduling). The NotTriggerScaleUp tail after 'it wouldn't fit if a new node is added):' "
      "is cut in the stored thread; '2 node(s) had volume node affinity conflict' (the pool's two zones) is "
      "illustrative.")
def _(w, t):
    zones = ("us-central1-a", "us-central1-b", "us-central1-c", "us-central1-f", "us-central1-b")
    for i, zone in enumerate(zones):
        _info(w.node(f"gke-kubeflow-default-pool-{('3f1c9a2e', '8d4b7e21', 'c5a2f913')[i % 3]}-{'k7x2q9m4w'[i]}{i}q",
                     cpu="8", memory="30817036Ki", alloc_cpu="7910m", alloc_memory="27046700Ki",
                     labels={"cloud.google.com/gke-nodepool": "default-pool",
                             "beta.kubernetes.io/instance-type": "n1-standard-8",
                             "failure-domain.beta.kubernetes.io/region": "us-central1",
                             "failure-domain.beta.kubernetes.io/zone": zone}), **_GKE_2020)
    ns, pod, nb = "rbarreto", "notebook-dev-gpu2-0", "notebook-dev-gpu2"
    pvc, pv = f"workspace-{nb}", "pvc-6b2f9c4e-5a1d-11ea-9f3b-42010a800002"
    w.pvcs[ns] = [_pvc(ns, pvc, phase="Bound", storage_class="standard", size="10Gi", volume=pv,
                       annotations={"pv.kubernetes.io/bind-completed": "yes",
                                    "pv.kubernetes.io/bound-by-controller": "yes",
                                    "volume.beta.kubernetes.io/storage-provisioner": "kubernetes.io/gce-pd"})]
    w.custom["persistentvolumes"] = [{
        "apiVersion": "v1", "kind": "PersistentVolume",
        "metadata": {"name": pv, "labels": {"failure-domain.beta.kubernetes.io/region": "us-central1",
                                            "failure-domain.beta.kubernetes.io/zone": "us-central1-b"}},
        "spec": {"storageClassName": "standard", "capacity": {"storage": "10Gi"}, "accessModes": ["ReadWriteOnce"],
                 "persistentVolumeReclaimPolicy": "Delete",
                 "claimRef": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": pvc},
                 "gcePersistentDisk": {"pdName": "gke-kubeflow-c2d1a0b-pvc-6b2f9c4e-5a1d-11ea-9f3b-42010a800002",
                                       "fsType": "ext4"},
                 "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                     {"key": "failure-domain.beta.kubernetes.io/zone", "operator": "In", "values": ["us-central1-b"]},
                     {"key": "failure-domain.beta.kubernetes.io/region", "operator": "In",
                      "values": ["us-central1"]}]}]}}},
        "status": {"phase": "Bound"}}]
    sched_msg = t.split(": ", 1)[1]
    image = "gcr.io/kubeflow-images-public/tensorflow-1.15.2-notebook-gpu:1.0.0"
    p = w.pod(ns, pod, gpu=1, containers=(nb,), image=image, phase="Pending", scheduled_message=sched_msg,
              labels={"notebook-name": nb, "statefulset": nb, "statefulset.kubernetes.io/pod-name": pod},
              owner=("StatefulSet", nb), tolerations=GPU_TOLERATION, cpu="4", memory="16Gi",
              volumes=[{"name": "workspace", "persistentVolumeClaim": {"claimName": pvc}},
                       {"name": "dshm", "emptyDir": {"medium": "Memory"}}],
              mounts=[{"name": "workspace", "mountPath": "/home/jovyan"}, {"name": "dshm", "mountPath": "/dev/shm"}])
    p["spec"]["serviceAccountName"] = "default-editor"
    w.workload("StatefulSet", ns, nb, template_pod=p, owner=("Notebook", nb),
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "observedGeneration": 1})
    ca_msg = "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 2 node(s) had volume node affinity conflict"
    w.event(ns, "Pod", pod, "FailedScheduling", sched_msg, component="default-scheduler", count=14)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", ca_msg, type="Normal", component="cluster-autoscaler", count=66)
    w.ns_custom[("notebooks.kubeflow.org", ns)] = [{
        "apiVersion": "kubeflow.org/v1beta1", "kind": "Notebook",
        "metadata": {"name": nb, "namespace": ns, "creationTimestamp": T0, "labels": {"app": nb}},
        "spec": {"template": {"spec": p["spec"]}},
        "status": {"readyReplicas": 0, "containerState": {"waiting": {"reason": "PodInitializing"}},
                   "conditions": []}}]
    for reason, message, typ in (
            ("SuccessfulCreate", f"Reissued from statefulset/{nb}: create Pod {pod} in StatefulSet {nb} successful",
             "Normal"),
            ("FailedScheduling", t, "Warning"),
            ("NotTriggerScaleUp", f"Reissued from pod/{pod}: {ca_msg}", "Normal")):
        ev = w.event(ns, "Notebook", nb, reason, message, type=typ, component="notebook-controller")
        ev["involvedObject"]["apiVersion"] = "kubeflow.org/v1beta1"
    w.target("Pod", ns, pod)


# ---- GPU count per node --------------------------------------------------------------------------

_ONPREM_2019 = {"osImage": "Ubuntu 18.04.3 LTS", "kernelVersion": "4.15.0-70-generic",
                "containerRuntimeVersion": "docker://18.9.7", "kubeletVersion": "v1.15.5", "kubeProxyVersion": "v1.15.5"}


@case("fa305", pod_subj("aiml-training", "aiml"),
      "On-prem Kubernetes 1.15 (kubeadm-style, Docker; version strings assumed for November 2019) with a tainted "
      "control-plane node and six bare-metal workers gpu-worker-1..6, each with two NVIDIA GPUs (Tesla V100 PCIe "
      "assumed) and the host driver, advertised as nvidia.com/gpu 2 by the NVIDIA device plugin DaemonSet in "
      "kube-system (six healthy pods); no other pod uses a GPU. The AI/ML pod aiml-training (namespace, name and "
      "image assumed) requests nvidia.com/gpu 4 ('more than two GPUs'; the count is assumed) and is Pending with a "
      "default-scheduler FailedScheduling event (`0/7 nodes are available: 1 node(s) had taints that the pod didn't "
      "tolerate, 6 Insufficient nvidia.com/gpu.`, x30; wording of that Kubernetes version, illustrative). The text "
      "is the reporter's description (prose) and is not placed.")
def _(w, t):
    _info(w.node("k8s-master", cpu="16", memory="65841424Ki", labels={"node-role.kubernetes.io/master": ""},
                 taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},)), **_ONPREM_2019)
    pods = []
    for i in range(1, 7):
        node = f"gpu-worker-{i}"
        host_node(w, node, gpus=2, labels={"accelerator": "nvidia-tesla-v100"}, info=_ONPREM_2019)
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'k2m7q9x4w8'[i - 1]}{i}z{i}p",
                               image="nvidia/k8s-device-plugin:1.0.0-beta4"))
    plugin_ds(w, KS, pods)
    ns, pod = "aiml", "aiml-training"
    msg = ("0/7 nodes are available: 1 node(s) had taints that the pod didn't tolerate, 6 Insufficient "
           "nvidia.com/gpu.")
    w.pod(ns, pod, gpu=4, containers=("trainer",), image="tensorflow/tensorflow:2.0.0-gpu-py3", phase="Pending",
          scheduled_message=msg, cpu="16", memory="64Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=30)
    w.target("Pod", ns, pod)


@case("fa306", pod_subj("pod1", "default"),
      "Kubernetes 1.19 with Volcano (kubeadm-style; version strings, GPU model and the other node names assumed for "
      "November 2021): node1 has eight NVIDIA GPUs (capacity nvidia.com/gpu 8) with the host driver and the NVIDIA "
      "device plugin DaemonSet in kube-system; after a GPU error two GPUs are unhealthy, so node1's allocatable "
      "nvidia.com/gpu is 6 (the plugin's own log lines about it are not quoted in the thread and not modelled). "
      "pod0 (schedulerName volcano, nvidia.com/gpu 8) still runs on node1. pod1 (schedulerName volcano, "
      "nvidia.com/gpu 6) was bound to node1 by Volcano (Scheduled event from volcano) and rejected by the kubelet: "
      "phase Failed, reason UnexpectedAdmissionError, with the kubelet's message and UnexpectedAdmissionError event "
      "in the usual device-manager wording (illustrative: the thread names only the reason). Volcano's scheduler, "
      "controllers and admission pods are Running in volcano-system. The text is the issue's steps (prose) and is "
      "not placed.")
def _(w, t):
    kv = {"osImage": "Ubuntu 20.04.3 LTS", "kernelVersion": "5.4.0-89-generic",
          "containerRuntimeVersion": "docker://20.10.10", "kubeletVersion": "v1.19.16", "kubeProxyVersion": "v1.19.16"}
    _info(w.node("master1", cpu="16", memory="65841424Ki", labels={"node-role.kubernetes.io/master": ""},
                 taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},)), **kv)
    host_node(w, "node1", gpus=8, allocatable=6, labels={"accelerator": "nvidia-tesla-v100"}, info=kv)
    plugin_ds(w, KS, [plugin_pod(w, "node1", "nvidia-device-plugin-daemonset-8fj2k",
                                 image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0")])
    vs = "volcano-system"
    for name, cont in (("volcano-scheduler-7b8c9d6f5-h2k9m", "volcano-scheduler"),
                       ("volcano-controllers-6c7d8f9b5-p4w2x", "volcano-controllers"),
                       ("volcano-admission-5d6f7c8b9-r8q3n", "volcano-admission")):
        _workload_pod(w, vs, name, "master1", (cont,), f"volcanosh/vc-{cont.split('-')[1]}:v1.4.0",
                      labels={"app": cont}, owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="100m", memory="256Mi",
                      tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists",
                                    "effect": "NoSchedule"}])
    ns = "default"
    w.pod(ns, "pod0", node="node1", gpu=8, containers=("train",), image="nvcr.io/nvidia/pytorch:21.10-py3",
          scheduler="volcano", cpu="32", memory="256Gi")
    msg = ("Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
           "Requested: 6, Available: 0, which is unexpected")
    p1 = w.pod(ns, "pod1", node="node1", gpu=6, containers=("train",), image="nvcr.io/nvidia/pytorch:21.10-py3",
               scheduler="volcano", phase="Failed", reason="UnexpectedAdmissionError", message=msg,
               cpu="24", memory="192Gi")
    p1["status"].pop("containerStatuses", None)
    p1["status"].pop("podIP", None)
    p1["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T1}]
    w.event(ns, "Pod", "pod1", "Scheduled", "Successfully assigned default/pod1 to node1", type="Normal",
            component="volcano")
    w.event(ns, "Pod", "pod1", "UnexpectedAdmissionError", msg.split(": ", 1)[1], component="kubelet", host="node1")
    w.target("Pod", ns, "pod1")


@case("fa307", pod_subj("multi-gpu-train", "default"),
      "DeepOps-deployed Kubernetes 1.13 (kubespray, Docker; version strings assumed for February 2019) on four DGX "
      "Stations dgx-station-1..4 (DGX OS / Ubuntu 18.04, four Tesla V100 each, host driver), the first also running "
      "the control plane untainted as in a small DeepOps install (assumed); the NVIDIA device plugin DaemonSet in "
      "kube-system (four healthy pods) advertises nvidia.com/gpu 4 per node and no other pod uses a GPU. The pod "
      "multi-gpu-train (name and image assumed) requests nvidia.com/gpu 8 and is Pending with a default-scheduler "
      "FailedScheduling event (`0/4 nodes are available: 4 Insufficient nvidia.com/gpu.`, x25; illustrative). The text "
      "is the reporter's question (prose) and is not placed.")
def _(w, t):
    kv = {"osImage": "Ubuntu 18.04.1 LTS", "kernelVersion": "4.15.0-45-generic",
          "containerRuntimeVersion": "docker://18.6.1", "kubeletVersion": "v1.13.3", "kubeProxyVersion": "v1.13.3"}
    pods = []
    for i in range(1, 5):
        node = f"dgx-station-{i}"
        labels = {"node-role.kubernetes.io/master": ""} if i == 1 else {}
        host_node(w, node, gpus=4, labels=labels, info=kv)
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'qz7k'[i - 1]}{i}m{i}x",
                               image="nvidia/k8s-device-plugin:1.11"))
    plugin_ds(w, KS, pods)
    ns, pod = "default", "multi-gpu-train"
    msg = "0/4 nodes are available: 4 Insufficient nvidia.com/gpu."
    w.pod(ns, pod, gpu=8, containers=("train",), image="nvcr.io/nvidia/tensorflow:19.01-py3", phase="Pending",
          scheduled_message=msg, cpu="8", memory="64Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=25)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
