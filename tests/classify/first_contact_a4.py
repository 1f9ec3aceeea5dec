"""First-contact batch A4 (fixtures/first-contact/batch-a4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and a healthy look-alike) in the scheduler layer (Karpenter provisioning, GPU
requests a chart spreads over every pod, LimitRange admission, placement constraints an operator drops, volume
provisioning on tainted GPU nodes, Kueue admission) from public threads that no rule was written for, sampled with
the fixed query list in the batch README. Each builder places the case's text verbatim where a collector would
have found it (prose texts are not placed) and builds the cluster state the thread describes. The expected answer
was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule change; it
is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a4      # (re)writes fixtures/first-contact/batch-a4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import _pvc
from tests.classify.first_contact_a3 import A3World
from tests.classify.first_contact_b import node_info, plugin_ds, plugin_pod, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a4", "A4", world=A3World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (a reporter's sentence or an issue title) and is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa401", "fa406", "fa407"}


def _unready(p: dict) -> dict:
    for c in p["status"].get("conditions", []):
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return p


# ---- Karpenter provisioning ------------------------------------------------------------------

_EKS_2024 = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.217-205.860.amzn2.x86_64",
             "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.29.3-eks-ae9a62a",
             "kubeProxyVersion": "v1.29.3-eks-ae9a62a"}


@case("fa401", pod_subj("cuda-vectoradd-7w2kd", "default"),
      "EKS 1.29 cluster (June 2024; AMI, kernel, containerd and kubelet strings assumed) with two CPU nodes of a "
      "general NodePool and Karpenter (karpenter.sh/v1beta1) plus Cilium as CNI. The GPU NodePool `gpu` (g5 family, "
      "taint nvidia.com/gpu NoSchedule, no startupTaints; names assumed) has three NodeClaims for the one pending "
      "pod: gpu-x7k2p launched and registered as node ip-10-0-73-154 (g5.xlarge, one A10G, nvidia.com/gpu 1 "
      "advertised by the NVIDIA device plugin DaemonSet), still tainted node.cilium.io/agent-not-ready while its "
      "cilium agent pod initialises; gpu-9qv4m launched in the same zone, not yet registered; gpu-h5t8c just "
      "created. The CUDA vector-add Job pod (one GPU, tolerates nvidia.com/gpu) is Pending with a FailedScheduling "
      "event on the Cilium taint and Karpenter Nominated events (wording and counts illustrative). The text is "
      "prose and not placed.")
def _(w, t):
    for i, ip in enumerate(("10-0-12-41", "10-0-45-208")):
        n = w.node(f"ip-{ip}.us-west-2.compute.internal", cpu="4", memory="15896988Ki",
                   labels={"karpenter.sh/nodepool": "default", "karpenter.sh/capacity-type": "on-demand",
                           "node.kubernetes.io/instance-type": "m5.xlarge",
                           "topology.kubernetes.io/zone": ("us-west-2a", "us-west-2b")[i]})
        node_info(n, **_EKS_2024)
    gpu = "ip-10-0-73-154.us-west-2.compute.internal"
    g = w.gpu_node(gpu, gpus=1, product="NVIDIA-A10G", memory_mib=23028, operator=False, cpu="4",
                   memory="16181648Ki",
                   labels={"karpenter.sh/nodepool": "gpu", "karpenter.sh/capacity-type": "on-demand",
                           "karpenter.sh/registered": "true", "karpenter.sh/initialized": "false",
                           "node.kubernetes.io/instance-type": "g5.xlarge",
                           "topology.kubernetes.io/zone": "us-west-2c"},
                   taints=({"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"},
                           {"key": "node.cilium.io/agent-not-ready", "value": "true", "effect": "NoSchedule"}))
    node_info(g, **_EKS_2024)
    strip_gfd(g, deploy=True)
    ks = "kube-system"
    cil = w.pod(ks, "cilium-6hx4v", node=gpu, gpu=0, containers=("cilium-agent",), init_containers=(
        "config", "mount-cgroup", "apply-sysctl-overwrites", "mount-bpf-fs", "clean-cilium-state", "install-cni-binaries"),
        image="quay.io/cilium/cilium:v1.15.5", phase="Pending", ready=False, owner=("DaemonSet", "cilium"),
        labels={"k8s-app": "cilium"}, tolerations=[{"operator": "Exists"}], cpu="100m", memory="10Mi",
        statuses={"cilium-agent": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}},
        init_statuses={"clean-cilium-state": {"state": {"running": {"startedAt": T1}}, "ready": False}})
    _unready(cil)
    plugin_ds(w, ks, [plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-r8m2c")])
    ns, pod = "default", "cuda-vectoradd-7w2kd"
    msg = ("0/3 nodes are available: 1 node(s) had untolerated taint {node.cilium.io/agent-not-ready: true}, "
           "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
           "scheduling, 2 No preemption victims found for incoming pod.")
    p = w.pod(ns, pod, gpu=1, containers=("cuda-vectoradd",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1",
              phase="Pending", scheduled_message=msg, owner=("Job", "cuda-vectoradd"),
              labels={"job-name": "cuda-vectoradd"}, tolerations=GPU_TOLERATION, cpu="100m", memory="128Mi")
    p["spec"]["restartPolicy"] = "OnFailure"
    w.workload("Job", ns, "cuda-vectoradd", template_pod=p, status={"active": 1, "ready": 0})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=4)
    for claim in ("gpu-x7k2p", "gpu-9qv4m", "gpu-h5t8c"):
        w.event(ns, "Pod", pod, "Nominated", f"Pod should schedule on: nodeclaim/{claim}", type="Normal",
                component="karpenter")
    claims = []
    for name, state, node in (("gpu-x7k2p", "registered", gpu), ("gpu-9qv4m", "launched", None),
                              ("gpu-h5t8c", "created", None)):
        conds = [{"type": "Launched", "status": "True" if state != "created" else "Unknown", "lastTransitionTime": T1},
                 {"type": "Registered", "status": "True" if state == "registered" else "Unknown",
                  "lastTransitionTime": T1},
                 {"type": "Initialized", "status": "Unknown", "lastTransitionTime": T1},
                 {"type": "Ready", "status": "Unknown", "lastTransitionTime": T1}]
        st = {"conditions": conds}
        if node:
            st.update({"nodeName": node, "providerID": "aws:///us-west-2c/i-0c3f2a9b7d41e8a56",
                       "capacity": {"cpu": "4", "memory": "15136Mi", "nvidia.com/gpu": "1", "pods": "58"}})
        elif state == "launched":
            st["providerID"] = "aws:///us-west-2c/i-07e5d1b3c9a4f2086"
        claims.append({"apiVersion": "karpenter.sh/v1beta1", "kind": "NodeClaim",
                       "metadata": {"name": name, "labels": {"karpenter.sh/nodepool": "gpu",
                                                             "node.kubernetes.io/instance-type": "g5.xlarge",
                                                             "topology.kubernetes.io/zone": "us-west-2c"},
                                    "creationTimestamp": T1},
                       "spec": {"nodeClassRef": {"name": "gpu"},
                                "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
                                "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In",
                                                  "values": ["g5"]}],
                                "resources": {"requests": {"cpu": "255m", "memory": "300Mi", "nvidia.com/gpu": "1",
                                                           "pods": "4"}}},
                       "status": st})
    w.custom["nodeclaims.karpenter.sh"] = claims
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1beta1", "kind": "NodePool", "metadata": {"name": "gpu", "creationTimestamp": T0},
        "spec": {"template": {"spec": {"nodeClassRef": {"name": "gpu"},
                                       "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
                                       "requirements": [{"key": "karpenter.k8s.aws/instance-family", "operator": "In",
                                                         "values": ["g5"]},
                                                        {"key": "karpenter.sh/capacity-type", "operator": "In",
                                                         "values": ["on-demand"]}]}},
                 "disruption": {"consolidationPolicy": "WhenUnderutilized", "expireAfter": "720h"},
                 "limits": {"nvidia.com/gpu": "8"}},
        "status": {"resources": {"cpu": "4", "memory": "15136Mi", "nvidia.com/gpu": "1"}}}]
    w.target("Pod", ns, pod)


# ---- a GPU request on every pod of a chart ---------------------------------------------------

@case("fa402", pod_subj("nextcloud-preview-cron-28485450-7nmr5", "ix-nextcloud"),
      "TrueNAS SCALE 23.10.1 single-node k3s (node name ix-truenas, k3s and kernel strings assumed for February 2024) "
      "with an Intel iGPU advertised by the Intel GPU device plugin DaemonSet (kube-system) as gpu.intel.com/i915 1. "
      "The TrueCharts Nextcloud app (namespace ix-nextcloud as TrueNAS names app namespaces) with the GPU assigned: "
      "the main nextcloud pod Running and requesting gpu.intel.com/i915 1, the nextcloud-preview-cron CronJob "
      "(concurrencyPolicy Forbid, every 5 minutes assumed) whose Job pod also requests gpu.intel.com/i915 1 and is "
      "Pending. The text is split over the two events: the cronjob-controller's 'Not starting job' event on the "
      "CronJob and the default-scheduler's FailedScheduling event on the Pending pod (the TrueNAS UI prints each "
      "event's timestamp above it).")
def _(w, t):
    node = "ix-truenas"
    n = w.node(node, gpus=1, resource="gpu.intel.com/i915", cpu="8", memory="32617304Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "intel.feature.node.kubernetes.io/gpu": "true", "gpu.intel.com/family": "A_Series"})
    node_info(n, osImage="Debian GNU/Linux 12 (bookworm)", kernelVersion="6.1.63-production+truenas",
              containerRuntimeVersion="containerd://1.7.6-k3s1", kubeletVersion="v1.26.6+k3s-6a894050-dirty",
              kubeProxyVersion="v1.26.6+k3s-6a894050-dirty")
    ks = "kube-system"
    dp = w.pod(ks, "intel-gpu-plugin-4nq7x", node=node, gpu=0, containers=("intel-gpu-plugin",),
               image="intel/intel-gpu-plugin:0.28.0", owner=("DaemonSet", "intel-gpu-plugin"),
               labels={"app": "intel-gpu-plugin"}, cpu="40m", memory="45Mi")
    w.workload("DaemonSet", ks, "intel-gpu-plugin", template_pod=dp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns = "ix-nextcloud"
    main = w.pod(ns, "nextcloud-6c9d7f8b5-q2w7l", node=node, gpu=1, resource="gpu.intel.com/i915",
                 containers=("nextcloud",), image="tccr.io/truecharts/nextcloud-fpm:28.0.2",
                 owner=("ReplicaSet", "nextcloud-6c9d7f8b5"), labels={"app.kubernetes.io/name": "nextcloud"},
                 cpu="10m", memory="50Mi")
    w.workload("Deployment", ns, "nextcloud", template_pod=main,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    ev_text, sched_text = t.split("\n")[1], t.split("\n")[3]
    job, pod = "nextcloud-preview-cron-28485450", "nextcloud-preview-cron-28485450-7nmr5"
    p = w.pod(ns, pod, gpu=1, resource="gpu.intel.com/i915", containers=("nextcloud-preview-cron",),
              image="tccr.io/truecharts/nextcloud-fpm:28.0.2", phase="Pending", scheduled_message=sched_text,
              owner=("Job", job), labels={"job-name": job, "app.kubernetes.io/name": "nextcloud"},
              cpu="10m", memory="50Mi")
    p["spec"]["restartPolicy"] = "Never"
    jw = w.workload("Job", ns, job, template_pod=p, owner=("CronJob", "nextcloud-preview-cron"),
                    status={"active": 1, "ready": 0, "startTime": T1})
    jw["metadata"]["ownerReferences"][0]["apiVersion"] = "batch/v1"
    w.ns_custom[("cronjobs.batch", ns)] = [{
        "apiVersion": "batch/v1", "kind": "CronJob",
        "metadata": {"name": "nextcloud-preview-cron", "namespace": ns, "creationTimestamp": T0},
        "spec": {"schedule": "*/5 * * * *", "concurrencyPolicy": "Forbid",
                 "jobTemplate": {"spec": {"template": {"spec": p["spec"]}}}},
        "status": {"active": [{"kind": "Job", "namespace": ns, "name": job, "apiVersion": "batch/v1"}],
                   "lastScheduleTime": T1}}]
    w.event(ns, "Job", job, "SuccessfulCreate", f"Created pod: {pod}", type="Normal", component="job-controller")
    w.event(ns, "Pod", pod, "FailedScheduling", sched_text, component="default-scheduler", count=5)
    ev = w.event(ns, "CronJob", "nextcloud-preview-cron", "JobAlreadyActive", ev_text, type="Normal",
                 component="cronjob-controller", count=6)
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    w.target("Pod", ns, pod)


# ---- a LimitRange refusing the GPU worker pod ----------------------------------------------------

@case("fa403", {"kind": "RayCluster", "namespace": "hyperkube", "name": "pytorch-image-classifier-g9z7q-raycluster-s5dl4"},
      "Kubernetes 1.29 GPU cluster (distribution not stated; node names, versions and GPU model assumed: two CPU "
      "nodes, one node with four NVIDIA L4 advertised by the NVIDIA device plugin DaemonSet) running the KubeRay "
      "operator 1.1.1 (namespace kuberay-system assumed). Namespace hyperkube has a LimitRange whose container "
      "default CPU limit is 250m (value assumed from the same author's KubeRay PR#2958 for this namespace). The "
      "RayJob pytorch-image-classifier-g9z7q (sample manifest) created RayCluster "
      "pytorch-image-classifier-g9z7q-raycluster-s5dl4: head pod Running, worker group gpu-group (1 replica, image "
      "rayproject/ray-ml:2.9.0-gpu, requests cpu 1, limits nvidia.com/gpu 1 and no CPU limit) without any pod. "
      "The text is the operator's log line; the stored copy breaks off after `Invalid value: \"1\"`, so the line "
      "and the RayCluster's status.reason are completed with the API server's LimitRange wording (assumed), and a "
      "FailedToCreateWorkerPod event on the RayCluster repeats it (reason name assumed).")
def _(w, t):
    for i in range(2):
        node_info(w.node(f"cpu-node-{i + 1}", cpu="32", memory="131895208Ki"), kubeletVersion="v1.29.4",
                  kubeProxyVersion="v1.29.4")
    gpu = "gpu-node-1"
    g = w.gpu_node(gpu, gpus=4, product="NVIDIA-L4", memory_mib=23034, operator=False, cpu="48", memory="196608000Ki")
    node_info(g, kubeletVersion="v1.29.4", kubeProxyVersion="v1.29.4")
    strip_gfd(g, deploy=True)
    ks = "kube-system"
    plugin_ds(w, ks, [plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-7cz4b")])
    op_ns = "kuberay-system"
    op = w.pod(op_ns, "kuberay-operator-6b9c8d7f5-2xkzq", node="cpu-node-1", gpu=0, containers=("kuberay-operator",),
               image="quay.io/kuberay/operator:v1.1.1", owner=("ReplicaSet", "kuberay-operator-6b9c8d7f5"),
               labels={"app.kubernetes.io/name": "kuberay-operator"}, cpu="100m", memory="512Mi")
    w.workload("Deployment", op_ns, "kuberay-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    tail = ': must be less than or equal to cpu limit of 250m"}'
    full_reason = ('Pod "lassifier-g9z7q-raycluster-s5dl4-worker-gpu-group-hd7ct" is invalid: '
                   'spec.containers[0].resources.requests: Invalid value: "1": must be less than or equal to cpu '
                   'limit of 250m')
    w.log(op_ns, op["metadata"]["name"], "kuberay-operator",
          '{"level":"info","ts":"2024-06-04T21:55:28.118Z","logger":"controllers.RayCluster","msg":"Reconciling '
          'Ingress","RayCluster":{"name":"pytorch-image-classifier-g9z7q-raycluster-s5dl4","namespace":"hyperkube"},'
          '"reconcileID":"a97cf90d-9bee-4cd6-9cdc-89bb04fed89e"}\n' + t + tail + "\n")
    ns, rc = "hyperkube", "pytorch-image-classifier-g9z7q-raycluster-s5dl4"
    head = w.pod(ns, f"{rc}-head-v4kxm", node="cpu-node-2", gpu=0, containers=("ray-head",),
                 image="rayproject/ray-ml:2.9.0-gpu", owner=("RayCluster", rc),
                 labels={"ray.io/cluster": rc, "ray.io/node-type": "head", "ray.io/group": "headgroup"},
                 cpu="1", memory="4Gi")
    head["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    head["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "1"
    worker_tmpl = {"containers": [{"name": "ray-worker", "image": "rayproject/ray-ml:2.9.0-gpu",
                                   "resources": {"requests": {"cpu": "1", "memory": "4Gi"},
                                                 "limits": {"memory": "4Gi", "nvidia.com/gpu": "1"}}}]}
    spec = {"rayVersion": "2.9.0",
            "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0"}, "template": {"spec": head["spec"]}},
            "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 1, "minReplicas": 1, "maxReplicas": 1,
                                  "rayStartParams": {}, "template": {"spec": worker_tmpl}}]}
    w.ns_custom[("rayclusters.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayCluster",
        "metadata": {"name": rc, "namespace": ns, "creationTimestamp": T0,
                     "labels": {"ray.io/originated-from-crd": "RayJob",
                                "ray.io/originated-from-cr-name": "pytorch-image-classifier-g9z7q"},
                     "ownerReferences": [{"apiVersion": "ray.io/v1", "kind": "RayJob",
                                          "name": "pytorch-image-classifier-g9z7q", "controller": True}]},
        "spec": spec,
        "status": {"state": "ready", "reason": full_reason, "availableWorkerReplicas": 0,
                   "desiredWorkerReplicas": 1, "readyWorkerReplicas": 0, "desiredGPU": "1",
                   "head": {"podName": head["metadata"]["name"]}}}]
    w.ns_custom[("rayjobs.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayJob",
        "metadata": {"name": "pytorch-image-classifier-g9z7q", "namespace": ns, "creationTimestamp": T0},
        "spec": {"entrypoint": "python ray_train_pytorch_image_classifier.py", "rayClusterSpec": spec},
        "status": {"jobDeploymentStatus": "Initializing", "rayClusterName": rc}}]
    w.ns_custom[("limitranges", ns)] = [{
        "apiVersion": "v1", "kind": "LimitRange",
        "metadata": {"name": "default-limits", "namespace": ns, "creationTimestamp": T0},
        "spec": {"limits": [{"type": "Container", "default": {"cpu": "250m", "memory": "512Mi"},
                             "defaultRequest": {"cpu": "100m", "memory": "256Mi"}}]}}]
    ev = w.event(ns, "RayCluster", rc, "FailedToCreateWorkerPod",
                 f"Failed to create worker Pod {ns}/, {full_reason}", component="raycluster-controller", count=12)
    ev["involvedObject"]["apiVersion"] = "ray.io/v1"
    w.target("RayCluster", ns, rc)


# ---- LLMKube: placement constraints dropped, a cache volume no node can bind -----------------

_MK8S = {"containerRuntimeVersion": "containerd://1.6.28", "kubeletVersion": "v1.33.4", "kubeProxyVersion": "v1.33.4"}
_SPARK_TAINT = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}


def _llmkube_fleet(w) -> None:
    """The maintainer's four-node microk8s fleet: two DGX Spark nodes (arm64, GB10, tainted), a CUDA node and an
    AMD Strix node (both untainted)."""
    for name in ("ahazidgx1", "ahazidgx2"):
        n = w.gpu_node(name, gpus=1, product="NVIDIA-GB10", memory_mib=122502, operator=False, cpu="20",
                       memory="127843176Ki", taints=(_SPARK_TAINT,))
        strip_gfd(n, deploy=True)
        n["metadata"]["labels"].update({"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"})
        node_info(n, architecture="arm64", osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.11.0-1016-nvidia",
                  **_MK8S)
    cuda = w.gpu_node("shadowstack", gpus=1, product="NVIDIA-GeForce-RTX-4090", memory_mib=24564, operator=False,
                      cpu="24", memory="65544292Ki")
    strip_gfd(cuda, deploy=True)
    node_info(cuda, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-79-generic", **_MK8S)
    strix = w.node("shadowstrix", gpus=1, resource="devic.es/dri-render", cpu="32", memory="32586548Ki",
                   labels={"amd.com/gpu.family": "gfx1151"})
    node_info(strix, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.14.0-29-generic", **_MK8S)


@case("fa404", pod_subj("muse-glimmer-strix-5d8c7b9f46-xk2lp", "default"),
      "Four-node microk8s 1.33 fleet (August 2026; versions assumed): DGX Spark nodes ahazidgx1 and ahazidgx2 "
      "(arm64, one GB10 each, tainted nvidia.com/gpu=present:NoSchedule; taint assumed), the CUDA node shadowstack "
      "and the AMD Strix node shadowstrix (devic.es/dri-render advertised) with memory already requested by other "
      "workloads so that neither fits another 48Gi (filler pods assumed). The LLMKube InferenceService "
      "muse-glimmer-strix (namespace default assumed) sets spec.nodeSelector kubernetes.io/hostname: shadowstrix, "
      "resources cpu 8 / memory 48Gi and no GPU; its Deployment's pod has no nodeSelector and only the default "
      "tolerations, is Pending, and carries the text's second line as its PodScheduled message; the "
      "FailedScheduling event repeats it (count assumed).")
def _(w, t):
    _llmkube_fleet(w)
    ns = "default"
    for host, name, mem in (("shadowstack", "qwen3-coder-cuda-7f6d9c8b4-m2x8r", "40Gi"),
                            ("shadowstrix", "muse-embed-strix-6b7c5d9f8-t4q2n", "24Gi")):
        w.pod(ns, name, node=host, gpu=0, containers=("llama-server",), image="ghcr.io/ggml-org/llama.cpp:server",
              owner=("ReplicaSet", name.rsplit("-", 1)[0]), cpu="4", memory=mem)
    msg = t.split("\n")[1].strip()
    isvc, pod = "muse-glimmer-strix", "muse-glimmer-strix-5d8c7b9f46-xk2lp"
    p = w.pod(ns, pod, gpu=0, containers=("llama-server",), image="ghcr.io/ggml-org/llama.cpp:server-vulkan",
              phase="Pending", scheduled_message=msg, owner=("ReplicaSet", f"{isvc}-5d8c7b9f46"),
              labels={"app": isvc, "inference.llmkube.dev/service": isvc}, cpu="8", memory="48Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["devic.es/dri-render"] = "1"
    p["spec"]["containers"][0]["resources"]["requests"]["devic.es/dri-render"] = "1"
    w.workload("Deployment", ns, isvc, template_pod=p, owner=("InferenceService", isvc),
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.ns_custom[("inferenceservices.inference.llmkube.dev", ns)] = [{
        "apiVersion": "inference.llmkube.dev/v1alpha1", "kind": "InferenceService",
        "metadata": {"name": isvc, "namespace": ns, "creationTimestamp": T0},
        "spec": {"modelRef": "muse-glimmer", "nodeSelector": {"kubernetes.io/hostname": "shadowstrix"},
                 "resources": {"cpu": "8", "memory": "48Gi"}},
        "status": {"phase": "Pending", "readyReplicas": 0}}]
    w.target("Pod", ns, pod)


@case("fa405", pod_subj("qwopus-fusion-7c9b6d5f48-pz4wk", "default"),
      "The same four-node microk8s fleet (versions assumed). The microk8s-hostpath StorageClass (provisioner "
      "microk8s.io/hostpath, WaitForFirstConsumer) creates each volume with a helper pod pinned to the PVC's "
      "selected node that carries only the two default NoExecute tolerations; four helper pods in kube-system are "
      "Pending (names and ages from the thread) with the text as their FailedScheduling event (x413 on the oldest; "
      "the other counts assumed). The model-cache PVC of a new InferenceService (qwopus-fusion, names assumed) is "
      "Bound to a PV whose node affinity is kubernetes.io/hostname In [\"\"]; the serving pod, pinned to a Spark "
      "by the PVC's selected-node annotation ahazidgx2, is Pending with the scheduler's PreBind VolumeBinding "
      "message (wording from the fix PR#1511, the PV name completed).")
def _(w, t):
    _llmkube_fleet(w)
    ks = "kube-system"
    prov = w.pod(ks, "hostpath-provisioner-7b9cb5b48c-wt9fm", node="shadowstack", gpu=0,
                 containers=("hostpath-provisioner",), image="cdkbot/hostpath-provisioner:1.5.0",
                 owner=("ReplicaSet", "hostpath-provisioner-7b9cb5b48c"), labels={"k8s-app": "hostpath-provisioner"},
                 cpu="10m", memory="32Mi")
    w.workload("Deployment", ks, "hostpath-provisioner", template_pod=prov,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    msg = " ".join(x.strip() for x in t.split(":", 1)[1].split("\n")).strip()
    for name, node, count in (("hostpath-provisioner-ahazidgx1-xt5wr", "ahazidgx1", 413),
                              ("hostpath-provisioner-ahazidgx1-2gqrv", "ahazidgx1", 9),
                              ("hostpath-provisioner-ahazidgx1-286mz", "ahazidgx1", 7),
                              ("hostpath-provisioner-ahazidgx2-6cgdm", "ahazidgx2", 5)):
        hp = w.pod(ks, name, gpu=0, containers=("hostpath-provisioner",), image="busybox:1.28.4", phase="Pending",
                   scheduled_message=msg, cpu="0", memory="0",
                   affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
                       "nodeSelectorTerms": [{"matchExpressions": [
                           {"key": "kubernetes.io/hostname", "operator": "In", "values": [node]}]}]}}})
        hp["spec"]["restartPolicy"] = "Never"
        hp["spec"]["containers"][0]["resources"] = {}
        w.event(ks, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=count)
    ns, pvc = "default", "qwopus-fusion-model-cache"
    pv = "pvc-7d8e47dd-3b1a-4c2e-9f60-5a8b2c1d4e7f"
    w.pvcs[ns] = [_pvc(ns, pvc, phase="Bound", storage_class="microk8s-hostpath", size="100Gi", volume=pv,
                       annotations={"pv.kubernetes.io/bind-completed": "yes",
                                    "pv.kubernetes.io/bound-by-controller": "yes",
                                    "volume.beta.kubernetes.io/storage-provisioner": "microk8s.io/hostpath",
                                    "volume.kubernetes.io/storage-provisioner": "microk8s.io/hostpath",
                                    "volume.kubernetes.io/selected-node": "ahazidgx2"})]
    w.custom["persistentvolumes"] = [{
        "apiVersion": "v1", "kind": "PersistentVolume",
        "metadata": {"name": pv, "annotations": {"hostPathProvisionerIdentity": "shadowstack",
                                                 "pv.kubernetes.io/provisioned-by": "microk8s.io/hostpath"}},
        "spec": {"storageClassName": "microk8s-hostpath", "capacity": {"storage": "100Gi"},
                 "accessModes": ["ReadWriteOnce"], "persistentVolumeReclaimPolicy": "Delete",
                 "claimRef": {"kind": "PersistentVolumeClaim", "namespace": ns, "name": pvc},
                 "hostPath": {"path": f"/var/snap/microk8s/common/default-storage/{ns}-{pvc}-{pv}",
                              "type": "DirectoryOrCreate"},
                 "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                     {"key": "kubernetes.io/hostname", "operator": "In", "values": [""]}]}]}}},
        "status": {"phase": "Bound"}}]
    isvc, pod = "qwopus-fusion", "qwopus-fusion-7c9b6d5f48-pz4wk"
    sched = (f'running PreBind plugin "VolumeBinding": binding volumes: pv "{pv}" node affinity doesn\'t match node '
             f'"ahazidgx2": no matching NodeSelectorTerms')
    p = w.pod(ns, pod, gpu=1, containers=("llama-server",), image="ghcr.io/ggml-org/llama.cpp:server-cuda",
              phase="Pending", scheduled_message=sched, owner=("ReplicaSet", f"{isvc}-7c9b6d5f48"),
              labels={"app": isvc, "inference.llmkube.dev/service": isvc}, tolerations=[_SPARK_TAINT],
              node_selector={"kubernetes.io/arch": "arm64"}, cpu="8", memory="64Gi",
              volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": pvc}}],
              mounts=[{"name": "model-cache", "mountPath": "/models"}])
    p["status"]["conditions"][0]["reason"] = "SchedulerError"
    w.workload("Deployment", ns, isvc, template_pod=p, owner=("InferenceService", isvc),
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", sched, component="default-scheduler", count=31)
    w.target("Pod", ns, pod)


# ---- a healthy look-alike: a revision change on a fully used GPU -------------------------------

@case("fa406", pod_subj("llm-predictor-00002-deployment-7d9f8c6b5-h4x2m", "kserve-test"),
      "Kubernetes 1.29 cluster (distribution, names and versions assumed; June 2024) with Knative Serving and the "
      "serving-progressive-rollout extension, one GPU node (one NVIDIA A100 80GB assumed, host driver, NVIDIA "
      "device plugin DaemonSet) and a CPU node. The Knative Service llm (namespace kserve-test assumed) moved from "
      "revision llm-predictor-00001 to llm-predictor-00002; the old revision's pod is gone, the new revision's pod "
      "on the GPU node is Running and Ready (user-container and queue-proxy) with restartCount 3, its previous "
      "user-container instance terminated with exit code 1 and a previous log ending in a CUDA out-of-memory line "
      "(illustrative: the thread quotes no log), its current log healthy. The text is prose and not placed.")
def _(w, t):
    node_info(w.node("cpu-node-1", cpu="16", memory="65865932Ki"), kubeletVersion="v1.29.6",
              kubeProxyVersion="v1.29.6")
    gpu = "gpu-node-1"
    g = w.gpu_node(gpu, gpus=1, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, operator=False, cpu="32",
                   memory="263846208Ki")
    node_info(g, kubeletVersion="v1.29.6", kubeProxyVersion="v1.29.6")
    strip_gfd(g, deploy=True)
    plugin_ds(w, "kube-system", [plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-k5d8w")])
    ns, rev = "kserve-test", "llm-predictor-00002"
    pod = f"{rev}-deployment-7d9f8c6b5-h4x2m"
    term = {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T0}
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("user-container", "queue-proxy"),
              image="kserve/huggingfaceserver:v0.13.0-gpu", owner=("ReplicaSet", f"{rev}-deployment-7d9f8c6b5"),
              labels={"serving.knative.dev/service": "llm", "serving.knative.dev/revision": rev,
                      "serving.knative.dev/configuration": "llm-predictor"}, cpu="4", memory="32Gi",
              statuses={"user-container": {"state": {"running": {"startedAt": T1}}, "ready": True,
                                           "restartCount": 3, "lastState": {"terminated": term}},
                        "queue-proxy": {"state": {"running": {"startedAt": T0}}, "ready": True, "restartCount": 0}},
              ready=True)
    p["spec"]["containers"][1]["image"] = "gcr.io/knative-releases/knative.dev/serving/cmd/queue:v1.14.1"
    w.log(ns, pod, "user-container",
          "INFO:root:Loading model meta-llama/Meta-Llama-3-8B-Instruct\n"
          "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1002.00 MiB. GPU 0 has a total capacity "
          "of 79.15 GiB of which 612.19 MiB is free.\n", previous=True)
    w.log(ns, pod, "user-container",
          "INFO:root:Loading model meta-llama/Meta-Llama-3-8B-Instruct\nINFO:kserve:Starting uvicorn with 1 workers\n"
          "INFO:     Uvicorn running on http://0.0.0.0:8080 (Press CTRL+C to quit)\n"
          "INFO:     10.244.1.1:52044 - \"GET /v1/models/llm HTTP/1.1\" 200 OK\n")
    w.workload("Deployment", ns, f"{rev}-deployment", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    w.event(ns, "Pod", pod, "BackOff", "Back-off restarting failed container user-container in pod "
            f"{pod}_{ns}", component="kubelet", host=gpu, count=2, field_path="spec.containers{user-container}",
            last=T1)
    w.target("Pod", ns, pod)


# ---- Kueue admission -------------------------------------------------------------------------

@case("fa407", {"kind": "Job", "namespace": "rbenes", "name": "ml-job-face-recognition-t131-4gpu-newton"},
      "On-prem production cluster (June 2024; three tainted control-plane nodes k8s-prod-master0..2 and three GPU "
      "workers of different GPU models, names, versions and GPU counts assumed) with host drivers, the NVIDIA "
      "device plugin DaemonSet and GFD-style nvidia.com/gpu.memory labels, and Kueue v0.7.1 (assumed). The "
      "ClusterQueue gpu-cluster-queue has three ResourceFlavors (the first two, einstein and curie, named here; "
      "the third, newton, from the thread) with free GPU quota in einstein; three Kueue-managed Jobs in namespace "
      "rbenes (ml-job-online-filtering-6-4f6f9f6 from the thread, ml-job-face-recognition-t131-4gpu-newton with "
      "4 GPUs, and a third assumed) stay suspended with no pods; their Workloads carry QuotaReserved=False with a "
      "'couldn't assign flavors' message naming flavor newton (wording illustrative). The text is prose and not "
      "placed.")
def _(w, t):
    for i in range(3):
        w.node(f"k8s-prod-master{i}", cpu="8", memory="32858676Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    flavors = (("einstein", "gpu-einstein-1", "NVIDIA-A100-SXM4-80GB", 81920, 8),
               ("curie", "gpu-curie-1", "NVIDIA-A40", 46068, 4),
               ("newton", "gpu-newton-1", "NVIDIA-GeForce-RTX-3090", 24576, 4))
    dp = []
    for flavor, node, product, mem, gpus in flavors:
        n = w.gpu_node(node, gpus=gpus, product=product, memory_mib=mem, operator=False, cpu="64",
                       labels={"gpu.cluster/flavor": flavor})
        for k in [k for k in n["metadata"]["labels"] if k.startswith("nvidia.com/gpu.deploy.")]:
            n["metadata"]["labels"].pop(k)
        dp.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{flavor[:4]}x"))
    plugin_ds(w, "kube-system", dp)
    ns = "rbenes"
    # the newton node is busy with two running 2-GPU jobs already admitted there
    for k in range(2):
        name = f"ml-job-translation-{k}-3b8e1c2"
        rp = w.pod(ns, f"{name}-q{k}x7p", node="gpu-newton-1", gpu=2, containers=("main",),
                   image="registry.example.com/ml/train:2024.06", owner=("Job", name), labels={"job-name": name})
        w.workload("Job", ns, name, template_pod=rp, status={"active": 1, "ready": 1})
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "NotIn",
                               "values": ["k8s-prod-master0", "k8s-prod-master1", "k8s-prod-master2"]},
                              {"key": "nvidia.com/gpu.memory", "operator": "Gt", "values": ["4096"]}]}]}}}
    wls = []
    for job, gpus, wl in (("ml-job-online-filtering-6-4f6f9f6", 1, "job-ml-job-online-filtering-6-4f6f9f6-9a073"),
                          ("ml-job-face-recognition-t131-4gpu-newton", 4,
                           "job-ml-job-face-recognition-t131-4gpu-newton-0a3c5"),
                          ("ml-job-ocr-eval-2-7c1d9e0", 1, "job-ml-job-ocr-eval-2-7c1d9e0-51b2e")):
        tmpl = {"spec": {"affinity": affinity, "restartPolicy": "Never",
                         "containers": [{"name": "main", "image": "registry.example.com/ml/train:2024.06",
                                         "command": ["bash", "-c", "python train.py"],
                                         "resources": {"requests": {"cpu": "8", "memory": "32Gi",
                                                                    "nvidia.com/gpu": str(gpus)},
                                                       "limits": {"nvidia.com/gpu": str(gpus)}}}]}}
        j = w.workload("Job", ns, job, template_pod=tmpl, status={})
        j["metadata"]["labels"]["kueue.x-k8s.io/queue-name"] = "gpu-queue"
        j["spec"].pop("replicas", None)
        j["spec"].update({"suspend": True, "parallelism": 1, "completions": 1, "backoffLimit": 0})
        j["status"] = {"conditions": [{"type": "Suspended", "status": "True", "reason": "JobSuspended",
                                       "message": "Job suspended", "lastTransitionTime": T0}]}
        msg = (f"couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor "
               f"newton, {gpus} more needed")
        wls.append({"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
                    "metadata": {"name": wl, "namespace": ns, "creationTimestamp": T0,
                                 "labels": {"kueue.x-k8s.io/job-uid": j["metadata"]["uid"]},
                                 "finalizers": ["kueue.x-k8s.io/resource-in-use"],
                                 "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": job,
                                                      "uid": j["metadata"]["uid"], "controller": True}]},
                    "spec": {"active": True, "queueName": "gpu-queue",
                             "podSets": [{"name": "main", "count": 1, "template": tmpl}]},
                    "status": {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "Pending",
                                               "message": msg, "lastTransitionTime": T1}]}})
        ev = w.event(ns, "Workload", wl, "Pending", msg, type="Warning", component="kueue-admission", count=40)
        ev["involvedObject"]["apiVersion"] = "kueue.x-k8s.io/v1beta1"
    w.ns_custom[("workloads.kueue.x-k8s.io", ns)] = wls
    w.ns_custom[("localqueues.kueue.x-k8s.io", ns)] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "LocalQueue",
        "metadata": {"name": "gpu-queue", "namespace": ns, "creationTimestamp": T0},
        "spec": {"clusterQueue": "gpu-cluster-queue"},
        "status": {"pendingWorkloads": 3, "admittedWorkloads": 2, "reservingWorkloads": 2}}]
    w.custom["resourceflavors.kueue.x-k8s.io"] = [
        {"apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ResourceFlavor",
         "metadata": {"name": f, "creationTimestamp": T0}, "spec": {"nodeLabels": {"gpu.cluster/flavor": f}}}
        for f, *_ in flavors]
    w.custom["clusterqueues.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "ClusterQueue",
        "metadata": {"name": "gpu-cluster-queue", "creationTimestamp": T0},
        "spec": {"namespaceSelector": {}, "queueingStrategy": "BestEffortFIFO",
                 "preemption": {"withinClusterQueue": "LowerPriority"},
                 "resourceGroups": [{"coveredResources": ["cpu", "memory", "nvidia.com/gpu"], "flavors": [
                     {"name": f, "resources": [{"name": "cpu", "nominalQuota": "64"},
                                               {"name": "memory", "nominalQuota": "500Gi"},
                                               {"name": "nvidia.com/gpu", "nominalQuota": str(g)}]}
                     for f, _n, _p, _m, g in flavors]}]},
        "status": {"pendingWorkloads": 3, "admittedWorkloads": 2, "reservingWorkloads": 2,
                   "flavorsUsage": [{"name": "einstein", "resources": [{"name": "nvidia.com/gpu", "total": "0"}]},
                                    {"name": "curie", "resources": [{"name": "nvidia.com/gpu", "total": "0"}]},
                                    {"name": "newton", "resources": [{"name": "nvidia.com/gpu", "total": "4"}]}],
                   "conditions": [{"type": "Active", "status": "True", "reason": "Ready",
                                   "message": "Can admit new workloads", "lastTransitionTime": T0}]}}]
    w.target("Job", ns, "ml-job-face-recognition-t131-4gpu-newton")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
