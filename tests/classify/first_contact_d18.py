"""Builds first-contact batch D18 (fixtures/first-contact/batch-d18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by Kubernetes platform distributions' own documentation
(opentelekomcloud-docs/cloud-container-engine, kubermatic/docs, and the alternates gardener/gardener and
cozystack/website for kubesphere/website and spectrocloud/librarium, over the size limit), read in the fixed file
order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with
git). fd1801 and fd1802 are the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE);
fd1803's quoted lines are the previous log of vfio-manager's k8s-driver-manager init container. The expected
answer was reasoned from the document (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, namespaces, GPU models, image tags, the other
nodes and workloads) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d18      # (re)writes fixtures/first-contact/batch-d18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_b import host_node, node_info, no_gpu_resource
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d18", "D18", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd1801", "fd1802"}

_GPU_NS = "cozy-gpu-operator"
_OP_IMG = "nvcr.io/nvidia/gpu-operator:v26.3.1"
_UBUNTU_2404 = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
                "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.1",
                "kubeProxyVersion": "v1.33.1"}


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1):
    st = {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": replicas}
    if replicas > ready:
        st["unavailableReplicas"] = replicas - ready
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


def _daemonset(w, ns: str, name: str, pods: list[dict], selector: dict, desired: int | None = None,
               ready: int | None = None) -> dict:
    n = len(pods) if desired is None else desired
    r = (sum(1 for p in pods if p["status"].get("phase") == "Running"
             and all(c.get("ready") for c in p["status"].get("containerStatuses") or [{}]))
         if ready is None else ready)
    tmpl = pods[0] if pods else {"spec": {"containers": [{"name": name, "image": _OP_IMG}]}}
    ds = w.workload("DaemonSet", ns, name, template_pod=tmpl, status=ds_status(n, len(pods), r))
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["spec"] = dict(ds["spec"]["template"]["spec"], nodeSelector=dict(selector))
    return ds


def _operator(w, node: str) -> None:
    op = deploy_pod(w, _GPU_NS, "gpu-operator-7976b5b8fb", "gpu-operator-7976b5b8fb-xqg2z", node,
                    containers=("gpu-operator",), image=_OP_IMG,
                    labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
                    cpu="200m", memory="256Mi")
    _deployment(w, _GPU_NS, "gpu-operator", op)


def _limits(c: dict, **res) -> None:
    for k in ("limits", "requests"):
        c.setdefault("resources", {}).setdefault(k, {}).update({r: str(v) for r, v in res.items()})


# ---- application: HAMi-core silently absent in a glibc 2.39 neighbour (Cozystack GPU sharing) ----------

_HAMI_NS = "cozy-hami"
_HAMI_IMG = "projecthami/hami:v2.8.1"


@case("fd1801", pod_subj("trainer-0", "default"),
      "A Cozystack tenant Kubernetes cluster v1.33 (assumed) with the gpuOperator and hami addons enabled: GPU "
      "Operator v26.3.1 in cozy-gpu-operator with its own device plugin disabled (gpu-operator 1/1 Running; its "
      "driver and toolkit operand pods are not modelled, the node's driver and toolkit are taken as working), HAMi "
      "v2.8.1 (the version Cozystack 1.4's release post names) in cozy-hami: hami-scheduler 1/1 Running (scheduler "
      "extender) and the hami-device-plugin DaemonSet 1/1 Running on the GPU worker (namespace and pod names "
      "assumed). One CPU worker and one GPU worker of node group gpu-workers (1 NVIDIA A10 24 GiB passed through, "
      "the page's example GPU; HAMi advertises nvidia.com/gpu 10 with deviceSplitCount 10). Two pods share the "
      "GPU: embed-batch-0 (image nvcr.io/nvidia/pytorch:25.01-py3, Ubuntu 24.04 / glibc 2.39, nvidia.com/gpumem "
      "6000 — HAMi-core failed to load silently, it holds about 20 GiB) Running, and trainer-0 (image "
      "nvcr.io/nvidia/cuda:11.8.0-base-ubuntu20.04 family, nvidia.com/gpumem 12000, gpucores 50) crash-looping "
      "with exit 1; its previous log ends with an illustrative CUDA out-of-memory line (the page names only 'GPU "
      "out-of-memory errors'). Images, names and memory figures assumed.")
def _(w, t):
    cpu = "my-cluster-md-0-7f9c4-k2x8p"
    w.node(cpu, cpu="4", memory="16374852Ki")
    gpu = "my-cluster-gpu-workers-5d8b7-q9w4z"
    n = host_node(w, gpu, gpus=10, labels={"gpu": "on", "nvidia.com/gpu.present": "true",
                                            "feature.node.kubernetes.io/pci-10de.present": "true"})
    sized(n, "8", "32865164Ki")
    node_info(n, **_UBUNTU_2404)
    _operator(w, cpu)
    sched = deploy_pod(w, _HAMI_NS, "hami-scheduler-6c8d9f7b54", "hami-scheduler-6c8d9f7b54-m2k7r", cpu,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_HAMI_IMG,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    _deployment(w, _HAMI_NS, "hami-scheduler", sched)
    dp = w.pod(_HAMI_NS, "hami-device-plugin-x7q2c", node=gpu, gpu=0, containers=("device-plugin", "vgpu-monitor"),
               image=_HAMI_IMG, owner=("DaemonSet", "hami-device-plugin"),
               labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
               cpu="100m", memory="128Mi", node_selector={"gpu": "on"})
    _daemonset(w, _HAMI_NS, "hami-device-plugin", [dp], {"gpu": "on"})
    nb = w.pod("default", "embed-batch-0", node=gpu, gpu=1, containers=("embed",),
               image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("StatefulSet", "embed-batch"),
               labels={"app": "embed-batch"}, scheduler="hami-scheduler", cpu="2", memory="8Gi")
    _limits(nb["spec"]["containers"][0], **{"nvidia.com/gpumem": 6000})
    w.log("default", "embed-batch-0", "embed", "Loading model BAAI/bge-large-en-v1.5 ...\n"
          "Embedding shard 14/64: 100%|##########| 2048/2048 [01:12<00:00, 28.3it/s]\n")
    p = w.pod("default", "trainer-0", node=gpu, gpu=1, containers=("trainer",),
              image="registry.example.com/ml/trainer:cu118-ubuntu20.04", owner=("StatefulSet", "trainer"),
              labels={"app": "trainer"}, scheduler="hami-scheduler", cpu="4", memory="16Gi")
    _limits(p["spec"]["containers"][0], **{"nvidia.com/gpumem": 12000, "nvidia.com/gpucores": 50})
    crashloop(p, "trainer", restarts=5, code=1)
    w.log("default", "trainer-0", "trainer",
          "Epoch 1/20: loading dataset shards from /data/train ...\n"
          "Traceback (most recent call last):\n"
          "  File \"/app/train.py\", line 88, in <module>\n"
          "    model = build_model(cfg).to(device)\n"
          "RuntimeError: CUDA error: out of memory\n", previous=True)
    backoff(w, "default", "trainer-0", "trainer", gpu, count=21)
    for sts in ("embed-batch", "trainer"):
        pod = w.get_pod("default", f"{sts}-0")
        ready = 1 if sts == "embed-batch" else 0
        w.workload("StatefulSet", "default", sts, template_pod=pod,
                   status={"replicas": 1, "readyReplicas": ready, "currentReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", "default", "trainer-0")


# ---- plugin: leftover vm-passthrough workload label on a container-variant node (Cozystack GPU containers) --

@case("fd1802", pod_subj("cuda-smoke", "default"),
      "A Cozystack management cluster of three nodes (Kubernetes v1.33, names assumed) with cozystack.gpu-operator "
      "installed as a Package CR with variant container (GPU Operator chart v26.3.1 in cozy-gpu-operator; driver, "
      "toolkit and vfio-manager pinned off; gpu-operator 1/1 Running). The GPU node gpu-node-01 (Ubuntu 24.04, "
      "apt-installed NVIDIA driver 580.82.07 and nvidia-container-toolkit registered with containerd; 2 GPUs, "
      "model assumed) was migrated from the passthrough setup and still carries "
      "nvidia.com/gpu.workload.config=vm-passthrough; the operator's deploy labels for the container operands are "
      "false on it (modelled), so the device-plugin, GFD, DCGM-exporter and validator DaemonSets have 0 pods and "
      "the node advertises no nvidia.com/gpu. The page's cuda-smoke pod (nvidia.com/gpu 1) is Pending with the "
      "default scheduler's FailedScheduling 'Insufficient nvidia.com/gpu' (standard words, illustrative).")
def _(w, t):
    cps = ["cozy-node-01", "cozy-node-02"]
    for c in cps:
        n = w.node(c, cpu="16", memory="65842036Ki", labels={"node-role.kubernetes.io/control-plane": ""})
        node_info(n, **_UBUNTU_2404)
    gpu = "gpu-node-01"
    n = host_node(w, gpu, gpus=2, advertised=False, labels={
        "nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
        "nvidia.com/gpu.workload.config": "vm-passthrough",
        "nvidia.com/gpu.deploy.device-plugin": "false", "nvidia.com/gpu.deploy.gpu-feature-discovery": "false",
        "nvidia.com/gpu.deploy.dcgm-exporter": "false", "nvidia.com/gpu.deploy.operator-validator": "false",
        "nvidia.com/gpu.deploy.container-toolkit": "false"})
    sized(n, "32", "131890496Ki")
    node_info(n, **_UBUNTU_2404)
    _operator(w, cps[0])
    for ds in ("nvidia-device-plugin-daemonset", "gpu-feature-discovery", "nvidia-dcgm-exporter",
               "nvidia-operator-validator"):
        key = {"nvidia-device-plugin-daemonset": "device-plugin", "gpu-feature-discovery": "gpu-feature-discovery",
               "nvidia-dcgm-exporter": "dcgm-exporter", "nvidia-operator-validator": "operator-validator"}[ds]
        _daemonset(w, _GPU_NS, ds, [], {f"nvidia.com/gpu.deploy.{key}": "true"}, desired=0, ready=0)
    msg = ("0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No "
           "preemption victims found for incoming pod.")
    p = w.pod("default", "cuda-smoke", gpu=1, containers=("cuda",), image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04",
              cpu="100m", memory="128Mi", scheduled_message=msg)
    p["spec"]["restartPolicy"] = "OnFailure"
    p["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    w.event("default", "Pod", "cuda-smoke", "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", "default", "cuda-smoke")


# ---- driver: passthrough variant on a host with a pre-installed NVIDIA driver (Cozystack troubleshooting) ----

_DM_IMG = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.0"
_VAL_IMG = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.1"
_SANDBOX_LOG = ("Error: error validating vfio-pci driver installation:\n"
                "  device not bound to 'vfio-pci'; device: 0000:18:00.0 driver: 'nvidia'\n")


def _init_crashloop_pod(w, name: str, ds: str, node: str, init: str, image: str, main: str, restarts: int) -> dict:
    st = {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                "message": f"back-off 5m0s restarting failed container={init}"}},
          "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
          "ready": False, "restartCount": restarts}
    p = w.pod(_GPU_NS, name, node=node, gpu=0, phase="Pending", containers=(main,), init_containers=(init,),
              owner=("DaemonSet", ds), labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"},
              init_statuses={init: st}, cpu="100m", memory="128Mi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    p["spec"]["initContainers"][0]["image"] = image
    p["status"]["initContainerStatuses"][0]["image"] = image
    w.event(_GPU_NS, "Pod", name, "BackOff", "Back-off restarting failed container " + init + " in pod "
            + name + "_" + _GPU_NS + "(" + p["metadata"]["uid"] + ")", component="kubelet", host=node,
            count=restarts * 3, field_path=f"spec.initContainers{{{init}}}")
    return p


@case("fd1803", node_subj("gpu-node-01"),
      "A Cozystack management cluster of three nodes (Kubernetes v1.33, names assumed) with cozystack.gpu-operator "
      "in the default (passthrough) variant: GPU Operator chart v26.3.1 in cozy-gpu-operator (gpu-operator 1/1 "
      "Running). The GPU node gpu-node-01 (Ubuntu 24.04 with nvidia-driver-580-open 580.82.07 installed through "
      "apt, the page's verified environment; 1 GPU at 0000:18:00.0, model NVIDIA L40S assumed) carries "
      "nvidia.com/gpu.workload.config=vm-passthrough and nvidia.com/gpu.deploy.driver=pre-installed, and its "
      "allocatable has no nvidia.com/ resource. nvidia-vfio-manager's init container k8s-driver-manager (v0.10.0) "
      "is in CrashLoopBackOff (pod Init:CrashLoopBackOff); its previous log is the quoted lines followed by the "
      "page's 'Labeling node' line with the node's name filled in. nvidia-sandbox-validator's vfio-pci-validation "
      "init container crash-loops with the page's second quoted error. kubelet BackOff events for both.")
def _(w, t):
    cps = ["cozy-node-01", "cozy-node-02"]
    for c in cps:
        n = w.node(c, cpu="16", memory="65842036Ki", labels={"node-role.kubernetes.io/control-plane": ""})
        node_info(n, **_UBUNTU_2404)
    gpu = "gpu-node-01"
    n = host_node(w, gpu, gpus=1, advertised=False, labels={
        "nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
        "nvidia.com/gpu.workload.config": "vm-passthrough", "nvidia.com/gpu.deploy.driver": "pre-installed",
        "nvidia.com/gpu.deploy.vfio-manager": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true"})
    sized(n, "32", "131890496Ki")
    node_info(n, **_UBUNTU_2404)
    _operator(w, cps[0])
    vm = _init_crashloop_pod(w, "nvidia-vfio-manager-5xq8t", "nvidia-vfio-manager", gpu, "k8s-driver-manager",
                             _DM_IMG, "nvidia-vfio-manager", restarts=9)
    w.log(_GPU_NS, vm["metadata"]["name"], "k8s-driver-manager",
          t + "\nLabeling node " + gpu + " with nvidia.com/gpu.deploy.driver=pre-installed\n", previous=True)
    sv = _init_crashloop_pod(w, "nvidia-sandbox-validator-k7m2d", "nvidia-sandbox-validator", gpu,
                             "vfio-pci-validation", _VAL_IMG, "nvidia-sandbox-validator", restarts=8)
    w.log(_GPU_NS, sv["metadata"]["name"], "vfio-pci-validation", _SANDBOX_LOG, previous=True)
    _daemonset(w, _GPU_NS, "nvidia-vfio-manager", [vm], {"nvidia.com/gpu.deploy.vfio-manager": "true"}, ready=0)
    _daemonset(w, _GPU_NS, "nvidia-sandbox-validator", [sv], {"nvidia.com/gpu.deploy.sandbox-validator": "true"},
               ready=0)
    w.target("Node", None, gpu)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
