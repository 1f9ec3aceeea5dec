"""Builds first-contact batch E15 (fixtures/first-contact/batch-e15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures and healthy look-alikes documented by AWS's EKS blueprint and sample documentation
(awslabs/data-on-eks, aws-ia/terraform-aws-eks-blueprints, awslabs/ai-on-eks; aws-samples/awsome-distributed-training
and aws-samples/aws-do-eks gave none), read whole in the fixed file order of the batch README (this round's
protocol: no search look-ups; snapshots brought with `fetch` and read with git). Five of the six texts are the
documents' own prose or a message that never reaches the cluster and are NOT placed in the bundles
(TEXT_NOT_IN_BUNDLE); fe1505's quoted scheduler message is placed as the worker pod's FailedScheduling event. The
expected answer was reasoned from the document (`expected` in the case, preferred first) and committed before any
build; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, kernels, kubelet builds, image tags, the other
nodes and workloads) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e15      # (re)writes fixtures/first-contact/batch-e15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, eks_labels, info
from tests.classify.first_contact_b import KS, host_node
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-e15", "E15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases, or a message that never reaches the cluster: their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fe1501", "fe1502", "fe1503", "fe1504", "fe1506"}

_NDP_NS = "nvidia-device-plugin"          # the Helm chart's namespace in the AWS blueprints
_NDP_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"


def _eks_node(w, name: str, instance: str, *, gpus: int | None = None, cpu: str, memory: str, nodegroup: str,
              kubelet: str, zone: str = "us-west-2a", taint: bool = False, labels: dict | None = None,
              product: str | None = None, os_image: str = "Amazon Linux 2023.7.20250512") -> dict:
    lab = eks_labels(instance, nodegroup, zone)
    if product:
        lab.update({"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                    "nvidia.com/gpu.count": str(gpus), "feature.node.kubernetes.io/pci-10de.present": "true"})
    lab.update(labels or {})
    if gpus:
        n = host_node(w, name, gpus=gpus, labels=lab)
    else:
        n = w.node(name, cpu=cpu, memory=memory, labels=lab)
    sized(n, cpu, memory)
    if taint:
        n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    info(n, kubeletVersion=kubelet, osImage=os_image, kernelVersion="6.1.134-150.224.amzn2023.x86_64",
         containerRuntimeVersion="containerd://1.7.27")
    return n


def _ndp(w, nodes: list[tuple[str, str]], ns: str = _NDP_NS) -> None:
    """The NVIDIA device plugin Helm chart's DaemonSet (ns nvidia-device-plugin); `nodes` = [(node, pod)]."""
    daemonset(w, ns, "nvidia-device-plugin", desired=len(nodes), containers=[("nvidia-device-plugin-ctr", _NDP_IMAGE)],
              tolerations=GPU_TOLERATION, node_selector={"nvidia.com/gpu.present": "true"},
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvidia-device-plugin"})
    for node, pod in nodes:
        ds_pod(w, ns, "nvidia-device-plugin", pod, node, containers=("nvidia-device-plugin-ctr",), image=_NDP_IMAGE,
               tolerations=GPU_TOLERATION, cpu="50m", memory="64Mi")


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, **({"unavailableReplicas": replicas - ready} if ready < replicas else {})})


# ---- application: RAPIDS executors OOM killed, pinned memory not in memoryOverhead (data-on-eks) ------------

_SPARK_NS = "spark-team-a"
_RAPIDS_IMAGE = "varabonthu/spark352-rapids25-tpcds4-cuda12-9:v1.1.0"


@case("fe1501", pod_subj("tpcds-benchmark-rapids-exec-2", _SPARK_NS),
      "EKS 1.34 (the page's test environment) with the Spark Operator (namespace spark-operator, controller 1/1 "
      "Running) and Karpenter; one c6i.2xlarge driver node and four g6.2xlarge GPU nodes (1 NVIDIA L4, 8 vCPU, 32 GiB "
      "each; taint nvidia.com/gpu NoSchedule; node names, zones and AMI assumed) with the NVIDIA device plugin "
      "(Helm, nvidia-device-plugin, 4/4 Running). The SparkApplication tpcds-benchmark-rapids in spark-team-a runs "
      "with the page's previous executor configuration (cores 7, memory 20g, memoryOverhead 6g: memory limit 26Gi, "
      "1 nvidia.com/gpu each). Its driver pod is Running; executor tpcds-benchmark-rapids-exec-2 (the subject) is "
      "Failed with its container terminated OOMKilled, exit code 137 (restartPolicy Never, as Spark sets it); "
      "executors exec-1, exec-3, exec-4 and the replacement exec-5 are Running. No log is written (the page quotes "
      "none); the text is the page's breakdown and is not placed.")
def _(w, t):
    w.git_version = "v1.34.1-eks-3025e55"
    kubelet = "v1.34.1-eks-3025e55"
    drv = "ip-100-64-12-40.us-west-2.compute.internal"
    _eks_node(w, drv, "c6i.2xlarge", cpu="8", memory="15896988Ki", nodegroup="spark-driver", kubelet=kubelet)
    gpus = [f"ip-100-64-{n}.us-west-2.compute.internal" for n in ("33-101", "47-18", "52-230", "61-77")]
    for g in gpus:
        _eks_node(w, g, "g6.2xlarge", gpus=1, cpu="8", memory="32329028Ki", nodegroup="g6-gpu-karpenter",
                  kubelet=kubelet, taint=True, product="NVIDIA-L4", labels={"karpenter.sh/nodepool": "g6-gpu-karpenter"})
    _ndp(w, [(g, f"nvidia-device-plugin-{s}") for g, s in zip(gpus, ("4kq7m", "b8x2r", "h6t9w", "p3n5z"))])
    op = deploy_pod(w, "spark-operator", "spark-operator-controller-7d9c6f5b8", "spark-operator-controller-7d9c6f5b8-k2m4x",
                    drv, containers=("spark-operator-controller",), image="ghcr.io/kubeflow/spark-operator/controller:2.1.1",
                    labels={"app.kubernetes.io/name": "spark-operator"}, cpu="100m", memory="300Mi")
    _deployment(w, "spark-operator", "spark-operator-controller", op)
    app = "tpcds-benchmark-rapids"
    labels = {"sparkoperator.k8s.io/app-name": app, "spark-app-name": app}
    d = w.pod(_SPARK_NS, f"{app}-driver", node=drv, gpu=0, containers=("spark-kubernetes-driver",), image=_RAPIDS_IMAGE,
              labels={**labels, "spark-role": "driver"}, cpu="4", memory="10Gi")
    d["spec"]["restartPolicy"] = "Never"
    for i, g in zip((1, 2, 3, 4, 5), gpus + [gpus[1]]):
        name = f"{app}-exec-{i}"
        p = w.pod(_SPARK_NS, name, node=g, gpu=1, containers=("spark-kubernetes-executor",), image=_RAPIDS_IMAGE,
                  labels={**labels, "spark-role": "executor", "spark-exec-id": str(i)}, cpu="7", memory="26Gi",
                  tolerations=GPU_TOLERATION, owner=("Pod", f"{app}-driver"),
                  node_selector={"node.kubernetes.io/instance-type": "g6.2xlarge"},
                  env=[{"name": "SPARK_EXECUTOR_MEMORY", "value": "20g"},
                       {"name": "SPARK_EXECUTOR_CORES", "value": "7"}],
                  phase="Failed" if i == 2 else None,
                  statuses={"spark-kubernetes-executor": {"state": {"terminated": {
                      "exitCode": 137, "reason": "OOMKilled", "startedAt": T0, "finishedAt": T1}},
                      "ready": False, "restartCount": 0}} if i == 2 else None)
        p["spec"]["restartPolicy"] = "Never"
        p["metadata"]["ownerReferences"][0].update({"apiVersion": "v1", "blockOwnerDeletion": True})
        if i == 2:
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"], c["reason"] = "False", "PodFailed"
    w.target("Pod", _SPARK_NS, f"{app}-exec-2")


# ---- scheduler: GPU node group cannot launch, EC2 vCPU quota 0 (terraform-aws-eks-blueprints multi-node vLLM) --

@case("fe1502", pod_subj("vllm-0", "default"),
      "EKS 1.32 (the pattern's cluster_version) with two default managed-node-group nodes (m7a.xlarge, as the "
      "pattern's node list shows; names and zone assumed) and no GPU node: the g6e managed node group (desired 2, "
      "g6e.8xlarge) cannot launch its instances (EC2 vCPU quota; the activity message is outside the cluster and not "
      "in the bundle). The NVIDIA device plugin (Helm, nvidia-device-plugin) and EFA device plugin (kube-system) "
      "DaemonSets have 0 desired pods; LWS controller (lws-system) 1/1 Running. The LeaderWorkerSet vllm (size 4; "
      "leader vllm-0 and workers vllm-0-1..3, each nvidia.com/gpu 1, vpc.amazonaws.com/efa 1, ephemeral-storage "
      "160Gi, toleration nvidia.com/gpu) has all four pods Pending with the default scheduler's FailedScheduling "
      "'0/2 nodes are available: 2 Insufficient nvidia.com/gpu, 2 Insufficient vpc.amazonaws.com/efa' (standard "
      "wording, illustrative). No cluster autoscaler or Karpenter runs.")
def _(w, t):
    w.git_version = "v1.32.3-eks-4096722"
    kubelet = "v1.32.0-eks-aeac579"
    cpus = ["ip-10-0-26-209.us-east-2.compute.internal", "ip-10-0-40-21.us-east-2.compute.internal"]
    for n, z in zip(cpus, ("us-east-2c", "us-east-2a")):
        _eks_node(w, n, "m7a.xlarge", cpu="4", memory="15896988Ki", nodegroup="default", kubelet=kubelet, zone=z)
    daemonset(w, _NDP_NS, "nvidia-device-plugin", desired=0, containers=[("nvidia-device-plugin-ctr", _NDP_IMAGE)],
              tolerations=GPU_TOLERATION, node_selector={"nvidia.com/gpu.present": "true"},
              labels={"app.kubernetes.io/name": "nvidia-device-plugin"})
    daemonset(w, KS, "aws-efa-k8s-device-plugin", desired=0,
              containers=[("aws-efa-k8s-device-plugin", "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/aws-efa-k8s-device-plugin:v0.5.6")],
              tolerations=GPU_TOLERATION, node_selector={"vpc.amazonaws.com/efa.present": "true"},
              labels={"name": "aws-efa-k8s-device-plugin"})
    lws = deploy_pod(w, "lws-system", "lws-controller-manager-fbb6489f9", "lws-controller-manager-fbb6489f9-9n98v", cpus[0],
                     containers=("manager",), image="registry.k8s.io/lws/lws:v0.5.1",
                     labels={"control-plane": "controller-manager"}, cpu="500m", memory="128Mi")
    _deployment(w, "lws-system", "lws-controller-manager", lws)
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu, 2 Insufficient vpc.amazonaws.com/efa. "
           "preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.")
    img = "111111111111.dkr.ecr.us-east-2.amazonaws.com/vllm-efa:latest"
    for name, role, idx in (("vllm-0", "leader", "0"), ("vllm-0-1", "worker", "1"), ("vllm-0-2", "worker", "2"),
                            ("vllm-0-3", "worker", "3")):
        p = w.pod("default", name, gpu=1, containers=(f"vllm-{role}",), image=img, owner=("StatefulSet", "vllm" if role == "leader" else "vllm-0"),
                  labels={"leaderworkerset.sigs.k8s.io/name": "vllm", "leaderworkerset.sigs.k8s.io/worker-index": idx,
                          **({"role": "leader"} if role == "leader" else {})},
                  tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
                  scheduled_message=msg, cpu="4", memory="64Gi",
                  volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "15Gi"}}],
                  mounts=[{"name": "dshm", "mountPath": "/dev/shm"}])
        res = p["spec"]["containers"][0]["resources"]
        for k in ("limits", "requests"):
            res[k].update({"vpc.amazonaws.com/efa": "1", "ephemeral-storage": "160Gi"})
        w.event("default", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=37)
    w.target("Pod", "default", "vllm-0")


# ---- healthy look-alike: the MPI launcher restarts until the workers run (terraform-aws-eks-blueprints GPU+EFA) ---

@case("fe1503", pod_subj("efa-info-test-launcher-wm8pm", "default"),
      "EKS 1.32 (the pattern's node list: v1.32.0-eks-ae9a62a) with two m5.large default nodes and two p5.48xlarge "
      "GPU nodes (8 NVIDIA H100 80GB and 32 vpc.amazonaws.com/efa each, taint nvidia.com/gpu NoSchedule, labels "
      "nvidia.com/gpu.present and vpc.amazonaws.com/efa.present; node names from the pattern), the NVIDIA device "
      "plugin (Helm, nvidia-device-plugin, 2/2) and EFA device plugin (kube-system, 2/2), and the MPI Operator "
      "v0.6.0 (mpi-operator, 1/1 Running). The MPIJob efa-info-test was just applied: efa-info-test-worker-0 and "
      "-1 (8 GPUs, 32 EFA each) are Running and ready on the two GPU nodes; the launcher efa-info-test-launcher-"
      "wm8pm (no GPU, on a default node) is in CrashLoopBackOff with 1 restart (last exit code 1, illustrative) and "
      "the kubelet's BackOff event, as the pattern's first `kubectl get pods` shows. No log is written (the pattern "
      "quotes none); the text is the pattern's sentence and is not placed.")
def _(w, t):
    w.git_version = "v1.32.3-eks-4096722"
    kubelet = "v1.32.0-eks-ae9a62a"
    cpus = ["ip-10-0-12-113.us-east-2.compute.internal", "ip-10-0-46-217.us-east-2.compute.internal"]
    gpus = ["ip-10-0-1-16.us-east-2.compute.internal", "ip-10-0-12-201.us-east-2.compute.internal"]
    for n in cpus:
        _eks_node(w, n, "m5.large", cpu="2", memory="7910348Ki", nodegroup="default", kubelet=kubelet, zone="us-east-2a")
    for n in gpus:
        g = _eks_node(w, n, "p5.48xlarge", gpus=8, cpu="192", memory="2097152000Ki", nodegroup="p5", kubelet=kubelet,
                      zone="us-east-2a", taint=True, product="NVIDIA-H100-80GB-HBM3",
                      labels={"vpc.amazonaws.com/efa.present": "true"})
        for k in ("capacity", "allocatable"):
            g["status"][k]["vpc.amazonaws.com/efa"] = "32"
    _ndp(w, [(g, f"nvidia-device-plugin-{s}") for g, s in zip(gpus, ("pjt52", "s9pt5"))])
    efa_img = "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/aws-efa-k8s-device-plugin:v0.5.6"
    daemonset(w, KS, "aws-efa-k8s-device-plugin", desired=2, containers=[("aws-efa-k8s-device-plugin", efa_img)],
              tolerations=GPU_TOLERATION, node_selector={"vpc.amazonaws.com/efa.present": "true"},
              labels={"name": "aws-efa-k8s-device-plugin"})
    for g, s in zip(gpus, ("9jxp9", "z5j46")):
        ds_pod(w, KS, "aws-efa-k8s-device-plugin", f"aws-efa-k8s-device-plugin-{s}", g,
               containers=("aws-efa-k8s-device-plugin",), image=efa_img, tolerations=GPU_TOLERATION,
               cpu="10m", memory="20Mi")
    op = deploy_pod(w, "mpi-operator", "mpi-operator-6d8f7c9b5d", "mpi-operator-6d8f7c9b5d-q7x2m", cpus[0],
                    containers=("mpi-operator",), image="mpioperator/mpi-operator:0.6.0",
                    labels={"app": "mpi-operator"}, cpu="100m", memory="128Mi")
    _deployment(w, "mpi-operator", "mpi-operator", op)
    img = "111111111111.dkr.ecr.us-east-2.amazonaws.com/cuda-efa-nccl-tests:ubuntu22.04"
    job_labels = {"training.kubeflow.org/job-name": "efa-info-test", "training.kubeflow.org/operator-name": "mpi-operator"}
    for i, g in enumerate(gpus):
        p = w.pod("default", f"efa-info-test-worker-{i}", node=g, gpu=8, containers=("efa-info-test-worker",), image=img,
                  labels={**job_labels, "training.kubeflow.org/job-role": "worker", "training.kubeflow.org/replica-index": str(i)},
                  tolerations=GPU_TOLERATION, owner=("MPIJob", "efa-info-test"), cpu="8", memory="64Gi")
        p["metadata"]["ownerReferences"][0]["apiVersion"] = "kubeflow.org/v2beta1"
        res = p["spec"]["containers"][0]["resources"]
        for k in ("limits", "requests"):
            res[k]["vpc.amazonaws.com/efa"] = "32"
    name = "efa-info-test-launcher-wm8pm"
    la = w.pod("default", name, node=cpus[1], gpu=0, containers=("efa-info-test-launcher",), image=img,
               labels={**job_labels, "training.kubeflow.org/job-role": "launcher", "batch.kubernetes.io/job-name": "efa-info-test-launcher"},
               owner=("Job", "efa-info-test-launcher"), cpu="100m", memory="256Mi")
    la["spec"]["restartPolicy"] = "OnFailure"
    crashloop(la, "efa-info-test-launcher", restarts=1, code=1)
    st = la["status"]["containerStatuses"][0]
    st["state"]["waiting"]["message"] = "back-off 10s restarting failed container=efa-info-test-launcher pod=" + name + "_default(" + la["metadata"]["uid"] + ")"
    backoff(w, "default", name, "efa-info-test-launcher", cpus[1], count=1)
    jw = w.workload("Job", "default", "efa-info-test-launcher", template_pod=la, owner=("MPIJob", "efa-info-test"),
                    status={"active": 1, "startTime": T1})
    jw["spec"].pop("replicas", None)
    w.target("Pod", "default", name)


# ---- ai-on-eks (jark-stack): shared world ------------------------------------------------------------

_JARK_KUBELET = "v1.30.0-eks-036c24b"


def _jark(w, gpu_nodes: list[tuple[str, str, str, int]], cpu_nodes: list[str]) -> None:
    """jark-stack: Karpenter CPU/GPU node pools, the NVIDIA device plugin chart (with GFD and NFD) in
    nvidia-device-plugin and the KubeRay operator; gpu_nodes = [(node, instance, product, gpus)]."""
    w.git_version = "v1.30.13-eks-5d4a308"
    for n in cpu_nodes:
        _eks_node(w, n, "m5.xlarge", cpu="4", memory="15896988Ki", nodegroup="core-node-group", kubelet=_JARK_KUBELET,
                  os_image="Amazon Linux 2")
    for n, inst, product, g in gpu_nodes:
        _eks_node(w, n, inst, gpus=g, cpu="16" if inst == "g5.4xlarge" else "8",
                  memory="65023592Ki" if inst == "g5.4xlarge" else "32499160Ki", nodegroup="", kubelet=_JARK_KUBELET,
                  taint=True, product=product, os_image="Bottlerocket OS 1.20.3 (aws-k8s-1.30-nvidia)",
                  labels={"karpenter.sh/nodepool": "g5-gpu-karpenter", "type": "karpenter",
                          "NodeGroupType": "g5-gpu-karpenter"})
        w.get_node(n)["metadata"]["labels"].pop("eks.amazonaws.com/nodegroup", None)
    _ndp(w, [(n, f"nvidia-device-plugin-{s}") for (n, *_), s in zip(gpu_nodes, ("p56jj", "x7k2m"))])
    op = deploy_pod(w, "kuberay-operator", "kuberay-operator-7894df98dc", "kuberay-operator-7894df98dc-447pm", cpu_nodes[0],
                    containers=("kuberay-operator",), image="quay.io/kuberay/operator:v1.1.1",
                    labels={"app.kubernetes.io/name": "kuberay-operator"}, cpu="100m", memory="512Mi")
    _deployment(w, "kuberay-operator", "kuberay-operator", op)


def _ray_pod(w, ns: str, name: str, node: str, role: str, image: str, *, gpu: int = 0, cluster: str, **kw) -> dict:
    lab = {"ray.io/cluster": cluster, "ray.io/node-type": role, "ray.io/is-ray-node": "yes",
           "ray.io/group": "headgroup" if role == "head" else "gpu-group"}
    containers = ("ray-head", "autoscaler") if role == "head" and kw.pop("autoscaler", False) else \
        (("ray-head",) if role == "head" else ("ray-worker",))
    p = w.pod(ns, name, node=node, gpu=gpu, containers=containers, image=image, labels=lab,
              owner=("RayCluster", cluster), init_containers=() if role == "head" else ("wait-gcs-ready",),
              tolerations=GPU_TOLERATION if gpu else None, **kw)
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    for c in p["spec"].get("initContainers", []):
        c["image"] = image
    for s in p["status"].get("initContainerStatuses", []):
        s["image"] = image
    return p


# ---- healthy look-alike: first image pull of the Ray vLLM worker (ai-on-eks DeepSeek-R1) ----------------

_DS_NS = "rayserve-vllm"
_DS_WORKER = "vllm-raycluster-7qwlm-worker-gpu-group-vh2ng"


@case("fe1504", pod_subj(_DS_WORKER, _DS_NS),
      "EKS 1.30 (jark-stack; the guide's node list: v1.30.0-eks-036c24b) with two core x86 nodes, Karpenter and a "
      "fresh Karpenter g5.4xlarge node (1 NVIDIA A10G, taint nvidia.com/gpu NoSchedule; names assumed), the NVIDIA "
      "device plugin chart (nvidia-device-plugin, 1/1 Running) and the KubeRay operator (1/1 Running). RayService "
      "vllm (namespace rayserve-vllm, image public.ecr.aws/data-on-eks/ray-2.41.0-py310-cu118-vllm0.7.0): head pod "
      "vllm-raycluster-7qwlm-head-vkqsc 2/2 Running on a core node; GPU worker vllm-raycluster-7qwlm-worker-gpu-"
      "group-vh2ng bound to the GPU node 8m47s ago, its init container wait-gcs-ready completed, container ray-worker "
      "waiting PodInitializing (phase Pending), with the kubelet's Normal 'Pulling image' event (standard wording, "
      "illustrative) and no log. The text is the guide's note and is not placed.")
def _(w, t):
    cpus = ["ip-100-64-127-174.us-west-2.compute.internal", "ip-100-64-132-168.us-west-2.compute.internal"]
    gpu = "ip-100-64-118-130.us-west-2.compute.internal"
    _jark(w, [(gpu, "g5.4xlarge", "NVIDIA-A10G", 1)], cpus)
    img = "public.ecr.aws/data-on-eks/ray-2.41.0-py310-cu118-vllm0.7.0"
    _ray_pod(w, _DS_NS, "vllm-raycluster-7qwlm-head-vkqsc", cpus[0], "head", img, cluster="vllm-raycluster-7qwlm",
             autoscaler=True, cpu="2", memory="8Gi")
    p = _ray_pod(w, _DS_NS, _DS_WORKER, gpu, "worker", img, gpu=1, cluster="vllm-raycluster-7qwlm", phase="Pending",
                 cpu="10", memory="60Gi",
                 env=[{"name": "HUGGING_FACE_HUB_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf-token", "key": "hf-token"}}}])
    p["status"]["initContainerStatuses"][0]["state"] = {"terminated": {"exitCode": 0, "reason": "Completed",
                                                                       "startedAt": T0, "finishedAt": T0}}
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    w.event(_DS_NS, "Pod", _DS_WORKER, "Pulling", f'Pulling image "{img}"', type="Normal", host=gpu,
            field_path="spec.containers{ray-worker}")
    w.target("Pod", _DS_NS, _DS_WORKER)


# ---- healthy look-alike: a FailedScheduling before Karpenter's GPU node came up (ai-on-eks Stable Diffusion) ---

_SD_NS = "stablediffusion"
_SD_WORKER = "stablediffusion-raycluster-ms6pl-worker-gpu-85d22"


@case("fe1505", pod_subj(_SD_WORKER, _SD_NS),
      "EKS 1.30 (jark-stack) with Karpenter: seven x86 nodes (the message's 8 nodes before the GPU node; names and "
      "sizes assumed) and the Karpenter g5.2xlarge node ip-100-64-136-72 (1 NVIDIA A10G, Bottlerocket with the "
      "preloaded image, taint nvidia.com/gpu NoSchedule) launched for nodeclaim gpu-ljvhl; NVIDIA device plugin "
      "chart (1/1 Running), KubeRay operator. RayService stablediffusion-service: head pod 2/2 Running; GPU worker "
      "stablediffusion-raycluster-ms6pl-worker-gpu-85d22 Running and ready on the GPU node for 38 minutes. Its "
      "events as the guide shows them: FailedScheduling 41m (the text verbatim), Karpenter's Nominated 41m, "
      "Scheduled 40m, Pulled 'already present on machine', Created/Started wait-gcs-ready and worker. No log.")
def _(w, t):
    cpus = [f"ip-100-64-{n}.us-west-2.compute.internal" for n in ("12-7", "29-140", "44-91", "58-203", "71-66",
                                                                 "88-15", "102-174")]
    gpu = "ip-100-64-136-72.us-west-2.compute.internal"
    _jark(w, [(gpu, "g5.2xlarge", "NVIDIA-A10G", 1)], cpus)
    img = "public.ecr.aws/data-on-eks/ray2.11.0-py310-gpu-stablediffusion:latest"
    _ray_pod(w, _SD_NS, "stablediffusion-service-raycluster-ms6pl-head-4kfzz", cpus[0], "head", img,
             cluster="stablediffusion-service-raycluster-ms6pl", autoscaler=True, cpu="2", memory="8Gi")
    _ray_pod(w, _SD_NS, _SD_WORKER, gpu, "worker", img, gpu=1, cluster="stablediffusion-service-raycluster-ms6pl",
             cpu="4", memory="20Gi")
    ev = [("FailedScheduling", t, "Warning", "default-scheduler", None, "2026-11-29T14:19:00Z"),
          ("Nominated", "Pod should schedule on: nodeclaim/gpu-ljvhl", "Normal", "karpenter", None, "2026-11-29T14:19:00Z"),
          ("Scheduled", f"Successfully assigned {_SD_NS}/{_SD_WORKER} to {gpu}", "Normal", "default-scheduler", None,
           "2026-11-29T14:20:00Z"),
          ("Pulled", f'Container image "{img}" already present on machine', "Normal", "kubelet", "spec.initContainers{wait-gcs-ready}",
           "2026-11-29T14:20:00Z"),
          ("Created", "Created container wait-gcs-ready", "Normal", "kubelet", "spec.initContainers{wait-gcs-ready}", "2026-11-29T14:20:00Z"),
          ("Started", "Started container wait-gcs-ready", "Normal", "kubelet", "spec.initContainers{wait-gcs-ready}", "2026-11-29T14:20:00Z"),
          ("Pulled", f'Container image "{img}" already present on machine', "Normal", "kubelet", "spec.containers{ray-worker}",
           "2026-11-29T14:21:00Z"),
          ("Created", "Created container worker", "Normal", "kubelet", "spec.containers{ray-worker}", "2026-11-29T14:21:00Z"),
          ("Started", "Started container worker", "Normal", "kubelet", "spec.containers{ray-worker}", "2026-11-29T14:22:00Z")]
    for reason, msg, typ, comp, fp, when in ev:
        e = w.event(_SD_NS, "Pod", _SD_WORKER, reason, msg, type=typ, component=comp, last=when, field_path=fp,
                    host=gpu if comp == "kubelet" else None)
        e["firstTimestamp"] = when
    w.target("Pod", _SD_NS, _SD_WORKER)


# ---- healthy look-alike: a time-sliced GPU node advertising 4 (ai-on-eks JupyterHub) ---------------------

_JH_NODE = "ip-100-64-77-39.us-west-2.compute.internal"


@case("fe1506", node_subj(_JH_NODE),
      "EKS (v1.30 modelled, as the site's other pages show; the page states no version) with Karpenter, JupyterHub "
      "(Helm, namespace jupyterhub: hub and proxy 1/1 Running) and the NVIDIA device plugin chart "
      "(nvidia-device-plugin) whose config map sets time-slicing with 4 replicas. The Karpenter g5.2xlarge node "
      "(1 NVIDIA A10G; the page's node status: cpu 8 / 7910m, memory 32499160Ki / 31482328Ki, pods 58, nvidia.com/gpu "
      "4 capacity and allocatable; taint nvidia.com/gpu NoSchedule; name assumed) carries the GFD labels of a "
      "time-sliced GPU (nvidia.com/gpu.count 1, nvidia.com/gpu.replicas 4, nvidia.com/gpu.product NVIDIA-A10G-SHARED, "
      "nvidia.com/gpu.sharing-strategy time-slicing; standard GFD labels, illustrative); the notebook pods "
      "jupyter-user-1 and jupyter-user-2 (nvidia.com/gpu 1 each) are Running on it. The text is the page's prose "
      "and is not placed.")
def _(w, t):
    w.git_version = "v1.30.13-eks-5d4a308"
    core = "ip-100-64-59-227.us-west-2.compute.internal"
    _eks_node(w, core, "m5.xlarge", cpu="4", memory="15896988Ki", nodegroup="core-node-group", kubelet=_JARK_KUBELET,
              os_image="Amazon Linux 2")
    n = _eks_node(w, _JH_NODE, "g5.2xlarge", gpus=4, cpu="8", memory="32499160Ki", nodegroup="", kubelet=_JARK_KUBELET,
                  taint=True, product="NVIDIA-A10G-SHARED",
                  labels={"karpenter.sh/nodepool": "gpu-ts", "type": "karpenter", "nvidia.com/gpu.count": "1",
                          "nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                          "nvidia.com/gpu.memory": "23028"})
    n["metadata"]["labels"].pop("eks.amazonaws.com/nodegroup", None)
    n["status"]["capacity"].update({"ephemeral-storage": "439107072Ki", "pods": "58"})
    n["status"]["allocatable"].update({"cpu": "7910m", "memory": "31482328Ki", "ephemeral-storage": "403607335062",
                                       "pods": "58"})
    _ndp(w, [(_JH_NODE, "nvidia-device-plugin-m2q8z")])
    for comp, rs, sfx, img in (("hub", "hub-6b8c7d9f5", "x2k4p", "quay.io/jupyterhub/k8s-hub:3.3.7"),
                               ("proxy", "proxy-5f7d8c6b9", "r7n3w", "quay.io/jupyterhub/configurable-http-proxy:4.6.1")):
        p = deploy_pod(w, "jupyterhub", rs, f"{rs}-{sfx}", core, containers=(comp,), image=img,
                       labels={"app": "jupyterhub", "component": comp}, cpu="200m", memory="512Mi")
        _deployment(w, "jupyterhub", comp, p)
    for user in ("user-1", "user-2"):
        w.pod("jupyterhub", f"jupyter-{user}", node=_JH_NODE, gpu=1, containers=("notebook",),
              image="cschranz/gpu-jupyter:v1.6_cuda-12.0_ubuntu-22.04",
              labels={"app": "jupyterhub", "component": "singleuser-server", "hub.jupyter.org/username": user},
              tolerations=GPU_TOLERATION, cpu="2", memory="8Gi",
              node_selector={"karpenter.sh/nodepool": "gpu-ts"})
    w.target("Node", None, _JH_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
