"""Builds first-contact batch G17 (fixtures/first-contact/batch-g17/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by GPU-sharing device plugins' and schedulers' own documentation
(AliyunContainerService/gpushare-device-plugin, 4paradigm/k8s-vgpu-scheduler, NexusGPU/tensor-fusion,
Project-HAMi/HAMi-core), read whole in the fixed file order of the batch README (this round's protocol: no search
look-ups; snapshots brought with `fetch` and read with git). Two texts are the documents' own prose and are NOT
placed in the bundles (TEXT_NOT_IN_BUNDLE); fg1702's quoted webhook words end the ReplicaSet's FailedCreate event,
fg1703's quoted eviction words are the evicted pod's status message and the kubelet's Evicted event. The expected
answer was reasoned from the document (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, image tags, instance
types, the other nodes and workloads) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g17      # (re)writes fixtures/first-contact/batch-g17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_b import KS, host_node, set_image
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g17", "G17", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg1701", "fg1704"}


def _deployment(w, ns: str, name: str, p: dict | None, ready: int = 0, replicas: int = 1, status: dict | None = None):
    st = status or {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                    "updatedReplicas": replicas, "unavailableReplicas": replicas - ready}
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


def _daemonset(w, ns: str, name: str, pods: list[dict]) -> None:
    n = len(pods)
    ds = w.workload("DaemonSet", ns, name, template_pod=pods[0], status=ds_status(n, n, n))
    ds["spec"].pop("replicas", None)


def _tf_owned(p: dict) -> dict:
    """A pod owned by a TensorFusion custom resource (GPUNode, TensorFusionWorkload): its owner's apiVersion."""
    for o in p["metadata"].get("ownerReferences", []):
        o["apiVersion"] = "tensor-fusion.ai/v1"
    return p


def _limits(c: dict, **res) -> None:
    for k in ("limits", "requests"):
        c.setdefault("resources", {}).setdefault(k, {}).update({r: str(v) for r, v in res.items()})


# ---- scheduler: more vGPUs than any node has physical GPUs (4paradigm k8s-vgpu-scheduler README) ----------

_VGPU_IMG = "4pdosc/k8s-vdevice:v2.3.8"


@case("fg1701", pod_subj("gpu-pod", "default"),
      "Vanilla Kubernetes v1.20 (assumed; the README names no distribution; the chart's default kube-scheduler tag "
      "v1.20.0) with the 4paradigm vGPU chart installed with Helm in kube-system (release vgpu): Deployment "
      "vgpu-scheduler (kube-scheduler + vgpu-scheduler-extender, 1/1 Running, scheduler name 4pd-scheduler) and "
      "DaemonSet vgpu-device-plugin (2/2 Running on the nodes labelled gpu=on). Two GPU nodes with 2 Tesla V100 "
      "each (host driver, nvidia-container-runtime the default runtime; names and GPU model assumed, the model "
      "from the README's benchmark environment), each advertising nvidia.com/gpu 20 (deviceSplitCount 10), no GPU "
      "in use. The pod gpu-pod (the README's example with nvidia.com/gpu 3 instead of 2, nvidia.com/gpumem 3000, "
      "nvidia.com/gpucores 30; schedulerName 4pd-scheduler as the chart's webhook sets it) is Pending and unbound "
      "with a FailedScheduling event from 4pd-scheduler whose message is illustrative (the README quotes none).")
def _(w, t):
    nodes = ["gpu-v100-node-01", "gpu-v100-node-02"]
    for n in nodes:
        host_node(w, n, gpus=20, labels={"gpu": "on"})
    sched = deploy_pod(w, KS, "vgpu-scheduler-7c9d8f6b5", "vgpu-scheduler-7c9d8f6b5-kq4zt", nodes[0],
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_VGPU_IMG,
                       labels={"app.kubernetes.io/component": "4pd-scheduler", "app.kubernetes.io/name": "vgpu"},
                       cpu="100m", memory="128Mi")
    set_image(sched, "kube-scheduler", "registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:v1.20.0")
    _deployment(w, KS, "vgpu-scheduler", sched, ready=1)
    pods = [w.pod(KS, f"vgpu-device-plugin-{sfx}", node=n, gpu=0, containers=("device-plugin", "vgpu-monitor"),
                  image=_VGPU_IMG, owner=("DaemonSet", "vgpu-device-plugin"),
                  labels={"app.kubernetes.io/component": "4pd-device-plugin", "app.kubernetes.io/name": "vgpu"},
                  cpu="100m", memory="128Mi", node_selector={"gpu": "on"})
            for n, sfx in zip(nodes, ("h2m7x", "r9c4w"))]
    _daemonset(w, KS, "vgpu-device-plugin", pods)
    msg = "0/2 nodes are available: 2 node(s) cannot fit the vGPU request."
    p = w.pod("default", "gpu-pod", gpu=0, containers=("ubuntu-container",), image="ubuntu:18.04",
              scheduler="4pd-scheduler", cpu="100m", memory="256Mi", scheduled_message=msg)
    c = p["spec"]["containers"][0]
    c["command"] = ["bash", "-c", "sleep 86400"]
    _limits(c, **{"nvidia.com/gpu": 3, "nvidia.com/gpumem": 3000, "nvidia.com/gpucores": 30})
    w.event("default", "Pod", "gpu-pod", "FailedScheduling", msg, component="4pd-scheduler", count=12)
    w.target("Pod", "default", "gpu-pod")


# ---- TensorFusion: control plane on a GPU node -----------------------------------------------------------

_TF_NS = "tensor-fusion-sys"
_TF_OP = "tensorfusion/tensor-fusion-operator:2.15.0"
_TF_HV = "tensorfusion/tensor-fusion-hypervisor:2.15.0"


def _tf_gpu_node(w, name: str, product: str = "NVIDIA-L40S", mem: int = 46068, **kw) -> dict:
    n = host_node(w, name, gpus=1, labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                                           "nvidia.com/gpu.memory": str(mem), "tensor-fusion.ai/gpupool": kw.pop("pool", "tf-nvidia-main")})
    for res in ("capacity", "allocatable"):
        for i in "0123456789abcdef":
            n["status"][res][f"tensor-fusion.ai/index_{i}"] = "36"
    return n


def _tf_stack(w, gpu_nodes: list[str], ctrl_node: str) -> None:
    ctrl = deploy_pod(w, _TF_NS, "tensor-fusion-sys-controller-6b8d9c7f5", "tensor-fusion-sys-controller-6b8d9c7f5-x4k8m",
                      ctrl_node, containers=("controller", "vector"), image=_TF_OP,
                      labels={"tensor-fusion.ai/component": "operator", "app.kubernetes.io/name": "tensor-fusion"},
                      cpu="500m", memory="1Gi")
    set_image(ctrl, "vector", "timberio/vector:0.46.1-debian")
    _deployment(w, _TF_NS, "tensor-fusion-sys-controller", ctrl, ready=1)
    for n in gpu_nodes:
        hv = w.pod(_TF_NS, f"hypervisor-{n}", node=n, gpu=0, containers=("tensor-fusion-hypervisor",), image=_TF_HV,
              owner=("GPUNode", n), labels={"tensor-fusion.ai/component": "hypervisor"}, cpu="200m", memory="512Mi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
        _tf_owned(hv)


# ---- scheduler: no gpupool annotation and no default pool (TensorFusion cross-vendor matrix) ---------------

@case("fg1702", {"kind": "Deployment", "namespace": "default", "name": "vllm-chat"},
      "Vanilla Kubernetes v1.32 (assumed; the document names no distribution): one CPU node and one GPU node (1 "
      "NVIDIA L40S, host driver and toolkit; names and GPU model assumed). TensorFusion v2 (chart 1.8.3, app 2.15.0) "
      "in tensor-fusion-sys, installed with cluster.enabled=false (no default NVIDIA cluster): controller 1/1 "
      "Running, the GPU node's hypervisor Running; the user's TensorFusionCluster has one GPUPool, tf-nvidia-main, "
      "not marked default (the CRs are not in the bundle). The Deployment vllm-chat (label tensor-fusion.ai/enabled "
      "'true', annotations vram-request 8Gi and compute-percent-request 50, no tensor-fusion.ai/gpupool) has 0 of 1 "
      "replicas with a ReplicaFailure condition; its ReplicaSet has 0 pods and the replicaset-controller's "
      "FailedCreate event whose message ends with the quoted words (wrapper illustrative).")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="8", memory="32865164Ki")
    gpu = "gpu-node-l40s-01"
    _tf_gpu_node(w, gpu)
    _tf_stack(w, [gpu], cpu)
    tmpl = w.pod("default", "vllm-chat-template", gpu=0, containers=("vllm",), image="vllm/vllm-openai:v0.11.0",
                 labels={"app": "vllm-chat", "tensor-fusion.ai/enabled": "true"}, cpu="4", memory="16Gi")
    w.pods["default"].remove(tmpl)           # only the template: no pod was created
    tmpl["metadata"]["annotations"] = {"tensor-fusion.ai/vram-request": "8Gi",
                                       "tensor-fusion.ai/compute-percent-request": "50",
                                       "tensor-fusion.ai/is-local-gpu": "true"}
    cond = [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
             "message": "Deployment does not have minimum availability.", "lastTransitionTime": T0},
            {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
             "message": "Error creating: admission webhook \"mpod.tensor-fusion.ai\" denied the request: " + t,
             "lastTransitionTime": T1}]
    dep = _deployment(w, "default", "vllm-chat", tmpl, status={"replicas": 0, "unavailableReplicas": 1,
                                                               "observedGeneration": 1, "conditions": cond})
    dep["spec"]["template"]["metadata"] = {"labels": dict(tmpl["metadata"]["labels"]),
                                           "annotations": dict(tmpl["metadata"]["annotations"])}
    rs = "vllm-chat-7d9f8c6b45"
    rsw = w.workload("ReplicaSet", "default", rs, template_pod=tmpl, owner=("Deployment", "vllm-chat"),
                     status={"replicas": 0, "observedGeneration": 1,
                             "conditions": [{"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate",
                                             "message": cond[1]["message"], "lastTransitionTime": T1}]})
    rsw["spec"]["template"]["metadata"] = dict(dep["spec"]["template"]["metadata"])
    w.event("default", "ReplicaSet", rs, "FailedCreate", cond[1]["message"], component="replicaset-controller",
            count=17)
    w.target("Deployment", "default", "vllm-chat")


# ---- application: business pod evicted under node memory pressure (TensorFusion installation guide) ---------

@case("fg1703", pod_subj("vllm-qwen-5c7d9b8f64-t6w2p", "default"),
      "Vanilla Kubernetes v1.32 (assumed; the guide names no distribution): one GPU node (1 NVIDIA L40S, 64 GiB of "
      "memory, host driver and toolkit; names, sizes and GPU model assumed) with TensorFusion v2 (chart 1.8.3, app "
      "2.15.0; controller 1/1 Running on a CPU node, the GPU node's hypervisor Running). The business Deployment "
      "vllm-qwen (label tensor-fusion.ai/enabled 'true', local GPU, soft isolation, vLLM serving a large model; "
      "container memory request 8Gi, limit 96Gi; model and sizes assumed) had its pod evicted by the kubelet: "
      "phase Failed, reason Evicted, the quoted words as status message, container terminated with exit code 137; "
      "the kubelet's Evicted event with the same words and its Killing event. The node's MemoryPressure condition "
      "has cleared again; the ReplicaSet's replacement pod is Running on the node, not yet ready (loading).")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="8", memory="32865164Ki")
    gpu = "gpu-node-l40s-01"
    n = _tf_gpu_node(w, gpu)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "65842036Ki"})
    _tf_stack(w, [gpu], cpu)
    rs = "vllm-qwen-5c7d9b8f64"
    ann = {"tensor-fusion.ai/gpupool": "tf-nvidia-main", "tensor-fusion.ai/is-local-gpu": "true",
           "tensor-fusion.ai/isolation": "soft", "tensor-fusion.ai/vram-request": "40Gi",
           "tensor-fusion.ai/compute-percent-request": "80", "tensor-fusion.ai/gpu-count": "1",
           "tensor-fusion.ai/gpu-ids": "gpu-4f2a9c71-8e3b-4d6a-b1c5-7e9d2f0a3b18"}
    lab = {"app": "vllm-qwen", "tensor-fusion.ai/enabled": "true", "tensor-fusion.ai/component": "client"}
    name = f"{rs}-t6w2p"
    term = {"exitCode": 137, "reason": "Error", "startedAt": T0, "finishedAt": T1}
    ev = w.pod("default", name, node=gpu, gpu=0, phase="Failed", containers=("vllm",),
               image="vllm/vllm-openai:v0.11.0", owner=("ReplicaSet", rs), labels=lab, cpu="4", memory="8Gi",
               memory_limit="96Gi", reason="Evicted", message=t,
               statuses={"vllm": {"state": {"terminated": term}, "ready": False, "restartCount": 0}})
    ev["metadata"]["annotations"] = dict(ann)
    ev["status"]["conditions"].append({"type": "DisruptionTarget", "status": "True",
                                       "reason": "TerminationByKubelet", "lastTransitionTime": T1})
    w.event("default", "Pod", name, "Evicted", t, component="kubelet", host=gpu, count=1)
    w.event("default", "Pod", name, "Killing", "Stopping container vllm", type="Normal", component="kubelet",
            host=gpu, count=1, field_path="spec.containers{vllm}")
    new = w.pod("default", f"{rs}-m3k8q", node=gpu, gpu=0, containers=("vllm",), image="vllm/vllm-openai:v0.11.0",
                owner=("ReplicaSet", rs), labels=lab, cpu="4", memory="8Gi", memory_limit="96Gi", ready=False)
    new["metadata"]["annotations"] = dict(ann)
    _deployment(w, "default", "vllm-qwen", new, ready=0)
    w.target("Pod", "default", name)


# ---- scheduler: Karpenter NodeOverlay without the v2 index buckets (TensorFusion v1->v2 upgrade) -------------

@case("fg1704", pod_subj("llm-serve-tf-worker-8k2xv", "default"),
      "EKS v1.32 (assumed; the guide names no distribution) with Karpenter v1.x (Deployment karpenter in kube-system "
      "1/1 Running; NodePool gpu for g6e instances; names and instance types assumed) and TensorFusion upgraded from "
      "v1 to v2 (chart 1.8.3, app 2.15.0; controller 1/1 Running on a CPU node, tensor-fusion-scheduler the "
      "scheduler of worker pods). The NodeOverlay tensor-fusion-overlay was not updated in step 3 and still "
      "declares only tensor-fusion.ai/index 512 (not in the bundle). The one GPU node (1 NVIDIA L40S, "
      "tensor-fusion.ai/index_0..index_f 36 each, its hypervisor Running) has every index_2 slot used by running "
      "workers (assumed). The new worker pod llm-serve-tf-worker-8k2xv (owner TensorFusionWorkload llm-serve; "
      "requests tensor-fusion.ai/index_2 1) is Pending and unbound: tensor-fusion-scheduler's FailedScheduling "
      "(standard 'Insufficient' words, illustrative) and Karpenter's FailedScheduling (its usual 'incompatible with "
      "nodepool' form, illustrative); no node is being created.")
def _(w, t):
    cpu = "ip-10-0-12-34.ec2.internal"
    w.node(cpu, cpu="8", memory="32386000Ki", labels={"karpenter.sh/nodepool": "system",
                                                     "node.kubernetes.io/instance-type": "m6i.2xlarge"})
    gpu = "ip-10-0-45-67.ec2.internal"
    n = _tf_gpu_node(w, gpu)
    n["metadata"]["labels"].update({"karpenter.sh/nodepool": "gpu", "node.kubernetes.io/instance-type": "g6e.xlarge"})
    _tf_stack(w, [gpu], cpu)
    kp = deploy_pod(w, KS, "karpenter-6f8b7c9d54", "karpenter-6f8b7c9d54-p7q2r", cpu, containers=("controller",),
                    image="public.ecr.aws/karpenter/controller:1.6.0",
                    labels={"app.kubernetes.io/name": "karpenter", "app.kubernetes.io/instance": "karpenter"},
                    cpu="1", memory="1Gi")
    _deployment(w, KS, "karpenter", kp, ready=1)
    for i, sfx in enumerate(("c5n2d", "j8v4m")):
        r = w.pod("default", f"embed-tf-worker-{sfx}", node=gpu, gpu=18, resource="tensor-fusion.ai/index_2",
                  containers=("worker",), image="tensorfusion/tensor-fusion-worker:v2.15.0",
                  owner=("TensorFusionWorkload", "embed"), labels={"tensor-fusion.ai/component": "worker",
                                                                   "tensor-fusion.ai/workload": "embed"},
                  scheduler="tensor-fusion-scheduler", cpu="1", memory="2Gi")
        r["metadata"]["annotations"] = {"tensor-fusion.ai/gpupool": "tf-nvidia-main"}
        _tf_owned(r)
    name = "llm-serve-tf-worker-8k2xv"
    msg = ("0/2 nodes are available: 1 Insufficient tensor-fusion.ai/index_2, 1 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    p = w.pod("default", name, gpu=1, resource="tensor-fusion.ai/index_2", containers=("worker",),
              image="tensorfusion/tensor-fusion-worker:v2.15.0", owner=("TensorFusionWorkload", "llm-serve"),
              labels={"tensor-fusion.ai/component": "worker", "tensor-fusion.ai/workload": "llm-serve"},
              scheduler="tensor-fusion-scheduler", cpu="2", memory="8Gi", scheduled_message=msg,
              node_selector={"tensor-fusion.ai/gpupool": "tf-nvidia-main"})
    _tf_owned(p)
    p["metadata"]["annotations"] = {"tensor-fusion.ai/gpupool": "tf-nvidia-main", "tensor-fusion.ai/vram-request": "20Gi",
                                    "tensor-fusion.ai/compute-percent-request": "50"}
    w.event("default", "Pod", name, "FailedScheduling", msg, component="tensor-fusion-scheduler", count=19)
    kmsg = ('Failed to schedule pod, incompatible with nodepool "gpu", daemonset overhead={"cpu":"200m","memory":'
            '"640Mi","pods":"3"}, no instance type satisfied resources {"cpu":"2200m","memory":"8832Mi",'
            '"pods":"4","tensor-fusion.ai/index_2":"1"} and requirements karpenter.sh/capacity-type In [on-demand], '
            'karpenter.sh/nodepool In [gpu], node.kubernetes.io/instance-type In [g6e.xlarge g6e.2xlarge '
            'g6e.4xlarge]')
    w.event("default", "Pod", name, "FailedScheduling", kmsg, component="karpenter", count=23)
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
