"""First-contact batch A2 (fixtures/first-contact/batch-a2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) in the scheduler layer from public threads that no rule was
written for, sampled with the fixed query list in the batch README. Each builder places the case's text verbatim
where a collector would have found it (prose texts are not placed) and builds the cluster state the thread
describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a2      # (re)writes fixtures/first-contact/batch-a2/scenarios/
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from triage.bundle import layout
from tests.classify.first_contact_b import KS, node_info, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import pod_subj

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fa201", "fa202", "fa204", "fa205", "fa206", "fa207", "fa208"}


@dataclass
class A2World(World):
    """A World that also writes namespaced PersistentVolumeClaim lists (cluster-resources/pvcs/<ns>.json),
    listed under the workloads collector of the manifest as the collector would."""
    pvcs: dict[str, list[dict]] = field(default_factory=dict)

    def write(self, out: Path) -> Path:
        out = super().write(out)
        written = []
        for ns, items in sorted(self.pvcs.items()):
            rel = layout.namespaced_list("pvcs", ns)
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"apiVersion": "v1", "kind": "PersistentVolumeClaimList",
                                        "metadata": {"resourceVersion": "9000"}, "items": items},
                                       indent=2, sort_keys=True) + "\n", encoding="utf-8")
            written.append(rel)
        if written and self.with_manifest:
            mpath = out / "manifest.json"
            m = json.loads(mpath.read_text(encoding="utf-8"))
            wl = next((c for c in m["collectors"] if c["name"] == "workloads"), None)
            if wl is None:
                wl = {"name": "workloads", "status": "ok", "duration_s": 0.1, "error": None, "files": []}
                m["collectors"].append(wl)
                m["collectors"].sort(key=lambda c: c["name"])
            wl["files"] = sorted(set(wl["files"]) | set(written))
            mpath.write_text(json.dumps(m, indent=2, sort_keys=False) + "\n", encoding="utf-8")
        return out


def _pvc(ns: str, name: str, *, phase: str = "Pending", storage_class: str | None = None, size: str = "100Gi",
         volume: str | None = None, annotations: dict | None = None) -> dict:
    spec = {"accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": size}}, "volumeMode": "Filesystem"}
    if storage_class:
        spec["storageClassName"] = storage_class
    if volume:
        spec["volumeName"] = volume
    status = {"phase": phase}
    if phase == "Bound":
        status.update({"accessModes": ["ReadWriteOnce"], "capacity": {"storage": size}})
    meta = {"name": name, "namespace": ns, "creationTimestamp": "2026-11-29T14:20:00Z",
            "finalizers": ["kubernetes.io/pvc-protection"]}
    if annotations:
        meta["annotations"] = annotations
    return {"apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": meta, "spec": spec, "status": status}


FC = ThreadBatch("batch-a2", "A2", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def _cpu_node(w, name: str, *, cpu: str = "4", memory: str = "16266364Ki", labels=None, info=None) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels)
    if info:
        node_info(n, **info)
    return n


def _pending_event(w, ns: str, name: str, msg: str, *, count: int, component: str = "default-scheduler") -> None:
    w.event(ns, "Pod", name, "FailedScheduling", msg, count=count, component=component)


# ---- scheduler layer -------------------------------------------------------------------------

@case("fa203", {"kind": "Deployment", "namespace": "demo", "name": "demo-chat"},
      "Kubernetes GPU node (Ubuntu 22.04, containerd, one NVIDIA GPU with the driver on the host and the NVIDIA device "
      "plugin DaemonSet healthy; names and version strings assumed, the thread states none) advertising nvidia.com/gpu "
      "1 with no pod using it. Namespace `demo` holds the Application composition's LimitRange (max memory 4Gi per "
      "container) and the Model composition's Ollama Deployment `demo-chat` (cpu 4, memory 8Gi, nvidia.com/gpu 1; "
      "names assumed from the quoted pod prefix). Its ReplicaSet has 0 of 1 replicas, a ReplicaFailure condition, and "
      "a FailedCreate event (x37, count assumed) whose message is the text after the controller's usual "
      "'Error creating: ' prefix (the thread quotes the text with the pod name elided as `demo-chat-...`; the elision "
      "is kept). No pod of the Model exists.")
def _(w, t):
    from tests.classify.first_contact_b import host_node, plugin_ds, plugin_pod
    node = "gpu-worker-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.2",
                             "kubeProxyVersion": "v1.33.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q8w2z")
    plugin_ds(w, KS, [p])
    ns = "demo"
    w.pod(ns, "demo-web-5b7d8c9f6-k2m4p", node=node, gpu=0, containers=("web",), image="nginx:1.27",
          owner=("ReplicaSet", "demo-web-5b7d8c9f6"), cpu="250m", memory="512Mi")
    tmpl = w.pod(ns, "demo-chat-template", node=None, gpu=1, containers=("ollama",), image="ollama/ollama:0.9.2",
                 labels={"app": "demo-chat"}, cpu="4", memory="8Gi")
    w.pods[ns].remove(tmpl)
    rs_name = "demo-chat-6d9c7b5f4"
    msg = f"Error creating: {t}"
    w.workload("Deployment", ns, "demo-chat", template_pod=tmpl, revision="1",
               status={"observedGeneration": 1, "replicas": 0, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."},
                                      {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                       "message": msg},
                                      {"type": "Progressing", "status": "False", "reason": "ProgressDeadlineExceeded",
                                       "message": f'ReplicaSet "{rs_name}" has timed out progressing.'}]})
    w.workload("ReplicaSet", ns, rs_name, template_pod=tmpl, owner=("Deployment", "demo-chat"), revision="1",
               status={"replicas": 0, "observedGeneration": 1,
                       "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                       "message": msg}]})
    w.event(ns, "ReplicaSet", rs_name, "FailedCreate", msg, count=37, component="replicaset-controller")
    w.target("Deployment", ns, "demo-chat")


@case("fa204", pod_subj("qwen-predictor-7f9d6c8b5-tx4kz", "kserve-models"),
      "k3s v1.32.3 single-node cluster node252 (UOS Server 20, kernel 5.10.0-79.uel20.x86_64, as stated; containerd "
      "version assumed) with 8 x NVIDIA H100 80GB HBM3 (81559 MiB each), driver on the host, advertised as "
      "nvidia.com/gpu 8 by HAMi's device plugin; no pod on the node requests a GPU. HAMi v2.7.1 in kube-system: the "
      "hami-scheduler Deployment pod (kube-scheduler v1.32.3 + vgpu-scheduler-extender) and the hami-device-plugin "
      "DaemonSet pod, both Ready, each container with 3 restarts, as stated. A KServe InferenceService's replacement "
      "Predictor pod (schedulerName hami-scheduler, nvidia.com/gpu 8; namespace, names and image assumed) is Pending "
      "and unbound. The thread quotes no event or log line verbatim beyond the reason code, so no scheduler message "
      "is placed (the PodScheduled condition carries reason Unschedulable only); the text is prose and not placed.")
def _(w, t):
    node = "node252"
    n = w.node(node, gpus=8, cpu="224", memory="2113401572Ki",
               labels={"gpu": "on", "hami.io/node-nvidia-register": "true"})
    node_info(n, osImage="UOS Server 20", kernelVersion="5.10.0-79.uel20.x86_64",
              containerRuntimeVersion="containerd://1.7.26-k3s1", kubeletVersion="v1.32.3+k3s1",
              kubeProxyVersion="v1.32.3+k3s1")
    n["metadata"]["labels"]["node-role.kubernetes.io/control-plane"] = "true"
    n["metadata"]["labels"]["node-role.kubernetes.io/master"] = "true"
    restarted = {"state": {"running": {"startedAt": "2026-11-29T12:10:00Z"}}, "ready": True, "restartCount": 3,
                 "lastState": {"terminated": {"exitCode": 2, "reason": "Error", "startedAt": "2026-11-29T09:00:00Z",
                                              "finishedAt": "2026-11-29T12:09:58Z"}}}
    w.pod(KS, "hami-scheduler-6b8f9d7c4-m2x7p", node=node, gpu=0, containers=("kube-scheduler", "vgpu-scheduler-extender"),
          image="hami/hami:v2.7.1", owner=("ReplicaSet", "hami-scheduler-6b8f9d7c4"),
          labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
          statuses={"kube-scheduler": dict(restarted, image="hami/kube-scheduler:v1.32.3"),
                    "vgpu-scheduler-extender": restarted}, cpu="500m", memory="512Mi")
    w.get_pod(KS, "hami-scheduler-6b8f9d7c4-m2x7p")["spec"]["containers"][0]["image"] = "hami/kube-scheduler:v1.32.3"
    dp = w.pod(KS, "hami-device-plugin-8kq2d", node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image="hami/hami:v2.7.1", owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
               statuses={"device-plugin": restarted, "vgpu-monitor": restarted}, cpu="100m", memory="256Mi")
    w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=dp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns, name = "kserve-models", "qwen-predictor-7f9d6c8b5-tx4kz"
    w.pod(ns, name, gpu=8, containers=("kserve-container",), image="kserve/huggingfaceserver:v0.15.2-gpu",
          phase="Pending", scheduler="hami-scheduler",
          labels={"serving.kserve.io/inferenceservice": "qwen", "component": "predictor"},
          owner=("ReplicaSet", "qwen-predictor-7f9d6c8b5"), cpu="32", memory="256Gi")
    w.target("Pod", ns, name)


@case("fa201", pod_subj("jupyter-chauhankaranraj", "opf-jupyterhub"),
      "OpenShift 4.6 cluster of the Operate First MOC environment (2021; RHCOS, CRI-O; node names, versions and "
      "sizes assumed) with three worker nodes, none with a GPU (no NVIDIA operator, no nvidia.com/gpu anywhere); the "
      "JupyterHub hub runs in namespace opf-jupyterhub. The user's single-user server pod (GPU field 1 in the spawner "
      "form: nvidia.com/gpu 1; pod name from the reporter's handle, assumed) is Pending with a default-scheduler "
      "FailedScheduling event ('0/6 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
      "{node-role.kubernetes.io/master: }, that the pod didn't tolerate.', x9): the scheduler's standard message for "
      "this state, illustrative, not quoted by the thread. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Red Hat Enterprise Linux CoreOS 46.82.202101131942-0 (Ootpa)",
            "kernelVersion": "4.18.0-193.40.1.el8_2.x86_64", "containerRuntimeVersion": "cri-o://1.19.1-2.rhaos4.6.git2af9ecf.el8",
            "kubeletVersion": "v1.19.0+7070803", "kubeProxyVersion": "v1.19.0+7070803"}
    for i in range(3):
        _cpu_node(w, f"master-{i}.cnv.massopen.cloud", cpu="8", memory="32817468Ki", info=info,
                  labels={"node-role.kubernetes.io/master": ""})
        w.get_node(f"master-{i}.cnv.massopen.cloud")["spec"]["taints"] = [
            {"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
    for i in range(3):
        _cpu_node(w, f"worker-{i}.cnv.massopen.cloud", cpu="32", memory="131765388Ki", info=info,
                  labels={"node-role.kubernetes.io/worker": ""})
    ns = "opf-jupyterhub"
    w.pod(ns, "jupyterhub-1-k7v2x", node="worker-0.cnv.massopen.cloud", gpu=0, containers=("jupyterhub",),
          image="quay.io/odh-jupyterhub/jupyterhub-img:v0.2.0", owner=("ReplicationController", "jupyterhub-1"),
          labels={"app": "jupyterhub", "deploymentconfig": "jupyterhub"}, cpu="500m", memory="1Gi")
    name = "jupyter-chauhankaranraj"
    msg = ("0/6 nodes are available: 3 Insufficient nvidia.com/gpu, 3 node(s) had taint "
           "{node-role.kubernetes.io/master: }, that the pod didn't tolerate.")
    w.pod(ns, name, gpu=1, containers=("notebook",), image="quay.io/thoth-station/s2i-minimal-notebook:v0.0.7",
          phase="Pending", labels={"app": "jupyterhub", "component": "singleuser-server"}, cpu="1", memory="4Gi",
          scheduled_message=msg)
    _pending_event(w, ns, name, msg, count=9)
    w.target("Pod", ns, name)


@case("fa202", pod_subj("raycluster-gpu-head-9fz7k", "ray"),
      "Kubernetes cluster (provider not named; one CPU node pool with two nodes, a GPU node pool that autoscales from "
      "0 and has no node now; names and version strings assumed) with the KubeRay operator 0.3 and a RayCluster "
      "`raycluster-gpu` (in-tree autoscaling enabled): the head pod (ray-head + autoscaler sidecar) Running on a CPU "
      "node; the GPU worker group `gpu-group` has replicas 0, minReplicas 0, maxReplicas 4, its container asks for "
      "nvidia.com/gpu 1, and its rayStartParams lack num-gpus (the RayCluster object is in the bundle's custom "
      "resources). No worker pod exists and no pod is Pending. The thread quotes no log line of the Ray autoscaler; "
      "none is placed. The text is prose and not placed.")
def _(w, t):
    for i in range(2):
        _cpu_node(w, f"cpu-pool-node-{i + 1}", cpu="8", memory="32863968Ki",
                  labels={"node-pool": "cpu-pool"})
    ns = "ray"
    w.pod(ns, "kuberay-operator-7d4b9c8f6d-w5x2l", node="cpu-pool-node-1", gpu=0, containers=("kuberay-operator",),
          image="kuberay/operator:v0.3.0", owner=("ReplicaSet", "kuberay-operator-7d4b9c8f6d"),
          cpu="100m", memory="512Mi")
    head = "raycluster-gpu-head-9fz7k"
    w.pod(ns, head, node="cpu-pool-node-2", gpu=0, containers=("ray-head", "autoscaler"),
          image="rayproject/ray:2.0.0-py38",
          labels={"ray.io/cluster": "raycluster-gpu", "ray.io/node-type": "head", "ray.io/group": "headgroup"},
          cpu="2", memory="8Gi")
    w.custom["rayclusters.ray.io"] = [{
        "apiVersion": "ray.io/v1alpha1", "kind": "RayCluster",
        "metadata": {"name": "raycluster-gpu", "namespace": ns},
        "spec": {"enableInTreeAutoscaling": True,
                 "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0", "block": "true"},
                                   "template": {"spec": {"containers": [{"name": "ray-head",
                                                                         "image": "rayproject/ray:2.0.0-py38"}]}}},
                 "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 0, "minReplicas": 0, "maxReplicas": 4,
                                       "rayStartParams": {"block": "true"},
                                       "template": {"spec": {"containers": [{
                                           "name": "ray-worker", "image": "rayproject/ray-ml:2.0.0-py38-gpu",
                                           "resources": {"limits": {"nvidia.com/gpu": "1", "cpu": "4",
                                                                    "memory": "16Gi"}}}]}}}]},
        "status": {"state": "ready", "availableWorkerReplicas": 0, "desiredWorkerReplicas": 0}}]
    w.target("Pod", ns, head)


@case("fa205", pod_subj("inference-perf-model-populate-8kq2x", "aicr-validation"),
      "Kubernetes on AWS with two GB200 nodes (arm64, 4 x NVIDIA GB200 each, advertised as nvidia.com/gpu 4; driver "
      "and device plugin healthy; instance type, kernel, kubelet and containerd strings assumed, EKS inferred from the "
      "gp2 StorageClass) and one system node. StorageClass gp2 exists but is not the default (no StorageClass objects "
      "are in the bundle). In namespace aicr-validation (name assumed) the validator's model-cache PVC "
      "`inference-perf-model-cache` (no storageClassName, 100Gi, names assumed) is Pending with a "
      "persistentvolume-controller FailedBinding event 'no persistent volumes available for this claim and no storage "
      "class is set' (x31; the standard wording, which the thread quotes with its middle elided), and the populate "
      "Job's pod that mounts it is Pending with 'pod has unbound immediate PersistentVolumeClaims' (standard wording, "
      "illustrative). No vLLM worker pod exists yet. The text is prose and not placed.")
def _(w, t):
    for i in range(2):
        name = f"ip-10-0-{40 + i}-17.us-east-2.compute.internal"
        n = w.node(name, gpus=4, cpu="144", memory="1979364304Ki",
                   labels={"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
                           "node.kubernetes.io/instance-type": "p6e-gb200.36xlarge",
                           "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-GB200",
                           "nvidia.com/gpu.count": "4", "topology.kubernetes.io/zone": "us-east-2a"},
                   taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}])
        node_info(n, architecture="arm64", osImage="Amazon Linux 2023.8.20250818",
                  kernelVersion="6.12.40-63.114.amzn2023.aarch64", containerRuntimeVersion="containerd://2.0.5",
                  kubeletVersion="v1.33.3-eks-3abbec1", kubeProxyVersion="v1.33.3-eks-3abbec1")
        w.pod(KS, f"nvidia-device-plugin-daemonset-{'mx'[i]}7k2q", node=name, gpu=0, containers=("nvidia-device-plugin-ctr",),
              image="nvcr.io/nvidia/k8s-device-plugin:v0.17.3", owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
              labels={"name": "nvidia-device-plugin-ds"}, cpu="50m", memory="64Mi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    sysn = "ip-10-0-12-201.us-east-2.compute.internal"
    n = w.node(sysn, cpu="8", memory="32386948Ki", labels={"node.kubernetes.io/instance-type": "m7i.2xlarge",
                                                           "topology.kubernetes.io/zone": "us-east-2a"})
    node_info(n, osImage="Amazon Linux 2023.8.20250818", kernelVersion="6.12.40-63.114.amzn2023.x86_64",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.3-eks-3abbec1",
              kubeProxyVersion="v1.33.3-eks-3abbec1")
    ns = "aicr-validation"
    w.pvcs[ns] = [_pvc(ns, "inference-perf-model-cache", size="100Gi")]
    w.event(ns, "PersistentVolumeClaim", "inference-perf-model-cache", "FailedBinding",
            "no persistent volumes available for this claim and no storage class is set", count=31,
            component="persistentvolume-controller")
    name = "inference-perf-model-populate-8kq2x"
    msg = ("0/3 nodes are available: pod has unbound immediate PersistentVolumeClaims. preemption: 0/3 nodes are "
           "available: 3 Preemption is not helpful for scheduling.")
    w.pod(ns, name, gpu=0, containers=("populate",), image="python:3.12-slim", phase="Pending",
          owner=("Job", "inference-perf-model-populate"), labels={"job-name": "inference-perf-model-populate"},
          cpu="2", memory="8Gi", scheduled_message=msg,
          volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": "inference-perf-model-cache"}}],
          mounts=[{"name": "model-cache", "mountPath": "/model-cache"}])
    w.get_pod(ns, name)["spec"]["restartPolicy"] = "Never"
    _pending_event(w, ns, name, msg, count=12)
    w.target("Pod", ns, name)


@case("fa206", pod_subj("qwen-vulkan-6d8f7c9b5-k2x4p", "default"),
      "microk8s 2-node lab cluster (Ubuntu 24.04; kernel, kubelet and containerd strings assumed): shadowstack, the "
      "CUDA node (one NVIDIA GPU, nvidia.com/gpu 1, driver on the host, NVIDIA device plugin Running), and shadowstrix, "
      "the AMD node (devic.es/dri-render 1 advertised by a generic device-plugin DaemonSet pod, Running; names of "
      "the plugin pods assumed). The LLMKube operator's shared cache PVC `llmkube-model-cache` (RWO, "
      "microk8s-hostpath) is Bound; its hostpath PV (not in the bundle: no PersistentVolume list) has node affinity "
      "kubernetes.io/hostname In [shadowstack] (the PVC carries volume.kubernetes.io/selected-node: shadowstack). The "
      "InferenceService's Deployment pod (Vulkan llama.cpp image, devic.es/dri-render 1, supplementalGroups for the "
      "render group, mounts the cache PVC; names and image assumed) is Pending with a default-scheduler "
      "FailedScheduling event '0/2 nodes are available: 1 Insufficient devic.es/dri-render, 1 node(s) had volume node "
      "affinity conflict. ...' (x40): the scheduler's standard wording for this state, illustrative. The text is "
      "prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 24.04.2 LTS", "containerRuntimeVersion": "containerd://1.7.27",
            "kubeletVersion": "v1.33.3", "kubeProxyVersion": "v1.33.3"}
    a = w.node("shadowstack", gpus=1, cpu="24", memory="65536000Ki",
               labels={"nvidia.com/gpu.present": "true", "node.kubernetes.io/microk8s-controlplane": "microk8s-controlplane"})
    node_info(a, kernelVersion="6.8.0-71-generic", **info)
    b = w.node("shadowstrix", gpus=1, resource="devic.es/dri-render", cpu="32", memory="131072000Ki",
               labels={"node.kubernetes.io/microk8s-worker": "microk8s-worker", "feature.node.kubernetes.io/pci-1002.present": "true"})
    node_info(b, kernelVersion="6.8.0-71-generic", **info)
    w.pod(KS, "nvidia-device-plugin-daemonset-w7q2x", node="shadowstack", gpu=0, containers=("nvidia-device-plugin-ctr",),
          image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1", owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
          labels={"name": "nvidia-device-plugin-ds"}, cpu="50m", memory="64Mi")
    gdp = w.pod(KS, "generic-device-plugin-8m4kd", node="shadowstrix", gpu=0, containers=("generic-device-plugin",),
                image="squat/generic-device-plugin:latest", owner=("DaemonSet", "generic-device-plugin"),
                labels={"app.kubernetes.io/name": "generic-device-plugin"}, cpu="50m", memory="64Mi")
    w.workload("DaemonSet", KS, "generic-device-plugin", template_pod=gdp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns = "default"
    w.pvcs[ns] = [_pvc(ns, "llmkube-model-cache", phase="Bound", storage_class="microk8s-hostpath", size="200Gi",
                       volume="pvc-3f6b2c1e-7a4d-4e8b-9c2f-5d1a0b6e8c47",
                       annotations={"volume.kubernetes.io/selected-node": "shadowstack",
                                    "pv.kubernetes.io/bind-completed": "yes"})]
    w.pod(ns, "llmkube-controller-manager-7b9c6d5f8-r2t6w", node="shadowstack", gpu=0, containers=("manager",),
          image="ghcr.io/defilantech/llmkube-controller:0.7.0", owner=("ReplicaSet", "llmkube-controller-manager-7b9c6d5f8"),
          cpu="100m", memory="256Mi")
    name = "qwen-vulkan-6d8f7c9b5-k2x4p"
    msg = ("0/2 nodes are available: 1 Insufficient devic.es/dri-render, 1 node(s) had volume node affinity conflict. "
           "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not "
           "helpful for scheduling.")
    w.pod(ns, name, gpu=1, resource="devic.es/dri-render", containers=("llama-server",),
          image="ghcr.io/ggml-org/llama.cpp:server-vulkan", phase="Pending",
          owner=("ReplicaSet", "qwen-vulkan-6d8f7c9b5"), labels={"app": "qwen-vulkan", "inference.llmkube.dev/service": "qwen-vulkan"},
          cpu="4", memory="16Gi", scheduled_message=msg,
          volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": "llmkube-model-cache"}}],
          mounts=[{"name": "model-cache", "mountPath": "/models"}],
          extra_spec={"securityContext": {"supplementalGroups": [992]}})
    _pending_event(w, ns, name, msg, count=40)
    w.target("Pod", ns, name)


@case("fa207", pod_subj("alnair-device-plugin-q4m8z", "alnair"),
      "Kubernetes cluster (kubeadm-style, Ubuntu 20.04, containerd; versions and names assumed for 2022) whose pods, "
      "DaemonSets included, are scheduled by Alnair's customized vGPU scheduler (schedulerName alnair-scheduler, "
      "assumed; its pod Running in kube-system). gpu-node-1 carries the GPU information annotation written by "
      "Alnair's device plugin (annotation key and value assumed) and advertises alnair/vgpu-memory; gpu-node-2 has just "
      "joined: Ready, with the NVIDIA hardware labels but no annotation and no GPU resource; the DaemonSet pods for it "
      "(alnair-device-plugin and the node-exporter, both with the custom schedulerName) are Pending and unbound. The "
      "scheduler's PostFilter messages are not quoted by the thread, so no event is placed. The text is prose and not "
      "placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-107-generic",
            "containerRuntimeVersion": "containerd://1.5.10", "kubeletVersion": "v1.23.5", "kubeProxyVersion": "v1.23.5"}
    cp = w.node("k8s-master", cpu="8", memory="32826084Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(cp, **info)
    n1 = w.node("gpu-node-1", gpus=4, resource="alnair/vgpu-memory", cpu="32", memory="263853232Ki",
                labels={"feature.node.kubernetes.io/pci-10de.present": "true"})
    n1["status"]["capacity"]["alnair/vgpu-compute"] = "400"
    n1["status"]["allocatable"]["alnair/vgpu-compute"] = "400"
    n1["metadata"]["annotations"] = {"ai.centaurus.io/gpu-info": "4x Tesla-V100-SXM2-16GB"}
    node_info(n1, **info)
    n2 = w.node("gpu-node-2", cpu="32", memory="263853232Ki",
                labels={"feature.node.kubernetes.io/pci-10de.present": "true"})
    n2["metadata"]["creationTimestamp"] = "2026-11-29T14:40:00Z"
    node_info(n2, **info)
    w.pod(KS, "alnair-scheduler-6f7d8b9c5-h2k7m", node="k8s-master", gpu=0, containers=("alnair-scheduler",),
          image="centaurusinfra/alnair-scheduler:v0.4", owner=("ReplicaSet", "alnair-scheduler-6f7d8b9c5"),
          cpu="200m", memory="256Mi", tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists",
                                                     "effect": "NoSchedule"}])
    ns = "alnair"
    aff = lambda node: {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [node]}]}]}}}
    ok = w.pod(ns, "alnair-device-plugin-7xk2p", node="gpu-node-1", gpu=0, containers=("alnair-device-plugin",),
               image="centaurusinfra/alnair-device-plugin:v0.4", owner=("DaemonSet", "alnair-device-plugin"),
               labels={"app": "alnair-device-plugin"}, scheduler="alnair-scheduler", affinity=aff("gpu-node-1"),
               cpu="100m", memory="128Mi")
    w.pod(ns, "alnair-device-plugin-q4m8z", gpu=0, containers=("alnair-device-plugin",), phase="Pending",
          image="centaurusinfra/alnair-device-plugin:v0.4", owner=("DaemonSet", "alnair-device-plugin"),
          labels={"app": "alnair-device-plugin"}, scheduler="alnair-scheduler", affinity=aff("gpu-node-2"),
          cpu="100m", memory="128Mi")
    w.workload("DaemonSet", ns, "alnair-device-plugin", template_pod=ok,
               status={"desiredNumberScheduled": 2, "currentNumberScheduled": 2, "numberReady": 1,
                       "numberAvailable": 1, "numberUnavailable": 1, "updatedNumberScheduled": 2,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    ne = w.pod("monitoring", "node-exporter-9w2lx", node="gpu-node-1", gpu=0, containers=("node-exporter",),
               image="quay.io/prometheus/node-exporter:v1.3.1", owner=("DaemonSet", "node-exporter"),
               labels={"app": "node-exporter"}, scheduler="alnair-scheduler", affinity=aff("gpu-node-1"),
               cpu="100m", memory="64Mi")
    w.pod("monitoring", "node-exporter-t5r8n", gpu=0, containers=("node-exporter",), phase="Pending",
          image="quay.io/prometheus/node-exporter:v1.3.1", owner=("DaemonSet", "node-exporter"),
          labels={"app": "node-exporter"}, scheduler="alnair-scheduler", affinity=aff("gpu-node-2"),
          cpu="100m", memory="64Mi")
    w.workload("DaemonSet", "monitoring", "node-exporter", template_pod=ne,
               status={"desiredNumberScheduled": 2, "currentNumberScheduled": 2, "numberReady": 1,
                       "numberAvailable": 1, "numberUnavailable": 1, "updatedNumberScheduled": 2,
                       "numberMisscheduled": 0, "observedGeneration": 1})
    w.target("Pod", ns, "alnair-device-plugin-q4m8z")


@case("fa208", pod_subj("dist-mnist-gang-worker-0", "kubeflow"),
      "Kubernetes 1.10.4 on-prem (kubeadm-style, CentOS 7, docker 17.03; node names, GPU models and counts assumed) "
      "with kube-batchd (kube-arbitrator release-0.1) Running in kube-system and tf-operator v0.2.0-rc1 with "
      "--enable-gang-scheduler. gpu-node-1 (4 GPUs) is fully used by running pods; gpu-node-2 and gpu-node-3 have just "
      "been added, each advertising nvidia.com/gpu 4 (NVIDIA device plugin v1.10 Running on every GPU node) with no "
      "GPU requested. The TFJob's 4 worker pods (schedulerName kube-batchd, nvidia.com/gpu 2 each) are Pending and "
      "unbound; kube-batchd writes no event for them (none is quoted by the thread). The text is prose and not "
      "placed.")
def _(w, t):
    info = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-862.3.2.el7.x86_64",
            "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.10.4", "kubeProxyVersion": "v1.10.4"}
    cp = w.node("k8s-master-1", cpu="16", memory="65808744Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(cp, **info)
    for i in (1, 2, 3):
        n = w.node(f"gpu-node-{i}", gpus=4, cpu="32", memory="263853232Ki")
        node_info(n, **info)
        if i > 1:
            n["metadata"]["creationTimestamp"] = "2026-11-29T14:40:00Z"
        w.pod(KS, f"nvidia-device-plugin-daemonset-{'abc'[i - 1]}9k2x", node=f"gpu-node-{i}", gpu=0,
              containers=("nvidia-device-plugin-ctr",), image="nvidia/k8s-device-plugin:1.10",
              owner=("DaemonSet", "nvidia-device-plugin-daemonset"), labels={"name": "nvidia-device-plugin-ds"},
              cpu="50m", memory="64Mi")
    w.pod(KS, "kube-batchd-5d7f8c6b9-x4q2n", node="k8s-master-1", gpu=0, containers=("kube-batchd",),
          image="kubearbitrator/kube-batchd:v0.1", owner=("ReplicaSet", "kube-batchd-5d7f8c6b9"), cpu="200m",
          memory="256Mi", tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists",
                                        "effect": "NoSchedule"}])
    ns = "kubeflow"
    w.pod(ns, "tf-job-operator-v1alpha2-6c9f7b8d5-p2m7k", node="k8s-master-1", gpu=0, containers=("tf-job-operator",),
          image="gcr.io/kubeflow-images-public/tf_operator:v0.2.0-rc1", owner=("ReplicaSet", "tf-job-operator-v1alpha2-6c9f7b8d5"),
          cpu="100m", memory="128Mi")
    for j in range(2):
        w.pod("research", f"resnet-train-{j}", node="gpu-node-1", gpu=2, containers=("train",),
              image="tensorflow/tensorflow:1.8.0-gpu", cpu="8", memory="32Gi")
    for k in range(4):
        w.pod(ns, f"dist-mnist-gang-worker-{k}", gpu=2, containers=("tensorflow",), phase="Pending",
              image="kubeflow/tf-dist-mnist-test:1.0", scheduler="kube-batchd",
              labels={"tf_job_name": "dist-mnist-gang", "tf-replica-type": "worker", "tf-replica-index": str(k)},
              cpu="4", memory="8Gi")
        w.get_pod(ns, f"dist-mnist-gang-worker-{k}")["metadata"]["annotations"] = {
            "scheduling.k8s.io/group-name": "dist-mnist-gang"}
    w.target("Pod", ns, "dist-mnist-gang-worker-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
