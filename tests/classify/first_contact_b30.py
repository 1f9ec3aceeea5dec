"""Builds first-contact batch B30 (fixtures/first-contact/batch-b30/cases.jsonl) as scenario bundles.

Fix commits of NVIDIA/nvidia-container-toolkit (round 30, fixed commit frame): a pre-CUDA 12.0 application fails
with `PTX JIT compiler library not found` because the CDI spec omits libnvidia-nvvm70.so (commit 01c0013a, issue
#1875); an OpenCL application finds no platform because /etc/OpenCL/vendors/nvidia.icd is not injected (commit
253f1ea5, issue #682); a CRI-O node configured with `nvidia-ctk runtime configure --runtime=crio` gets no nvidia
runtime handler because the drop-in is written to /etc/crio/conf.d, which CRI-O never reads (commit 584f68ef).
fb3001's text is placed verbatim in the failing Job pod's log; fb3002's and fb3003's texts are the commits' own
prose and are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the fix
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Names and versions the commits and issues do not state (clusters, GPU models, driver and stack versions, images,
log lines around the quoted error, the CRI-O and scheduler messages) are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b30      # (re)writes fixtures/first-contact/batch-b30/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, set_image, stack_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-b30", "B30", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb3002", "fb3003"}


# ---- shared: a GPU Operator (v26.3.0, toolkit v1.19.1, CDI on) on one GPU node ------------------------------

_STACK_IMAGES = {
    "toolkit": ("nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.19.1"),
    "device-plugin": ("nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"),
    "gfd": ("gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"),
    "validator": ("nvidia-operator-validator", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.0"),
}


def _driver_log(version: str) -> str:
    return (f"DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-{version}\n"
            "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\n"
            "Done, now waiting for signal\n")


def _operator(w, node: str, cpu_node: str, driver: str, os_tag: str) -> None:
    """Set the operator stack's images to the assumed release, its driver log to `driver`, and add the operator
    Deployment pod and a ready ClusterPolicy with CDI enabled."""
    for role, (container, image) in _STACK_IMAGES.items():
        set_image(stack_pod(w, node, role), container, image)
    for role in ("driver", *_STACK_IMAGES):
        pod = stack_pod(w, node, role)
        for init in pod["spec"].get("initContainers", []):
            set_image(pod, init["name"], "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1"
                      if init["name"] == "k8s-driver-manager" else
                      "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.0")
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", f"nvcr.io/nvidia/driver:{driver}-{os_tag}")
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", _driver_log(driver))
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6c8d9f7b5", "gpu-operator-6c8d9f7b5-q2w8z", cpu_node,
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v26.3.0",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "containerd"}, "cdi": {"enabled": True},
                 "driver": {"enabled": True, "version": driver},
                 "toolkit": {"enabled": True, "version": "v1.19.1"},
                 "devicePlugin": {"enabled": True, "version": "v0.19.0"}, "gfd": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]


# ---- fb3001: CDI spec without libnvidia-nvvm70.so; a CUDA 11.8 solver's PTX JIT fails ----------------------

_B01_NS = "sim"
_B01_NODE = "gpu-node-1"
_B01_JOB = "legacy-solver-run-42"
_B01_POD = f"{_B01_JOB}-x7k2p"
_B01_IMAGE = "registry.example.com/sim/legacy-solver:4.2.1-cuda11.8"


def _b01_log(t: str) -> str:
    return ("legacy-solver 4.2.1 (CUDA runtime 11.8)\n"
            "Reading case /data/cases/run-42/case.yaml\n"
            "Detected 1 CUDA device(s)\n"
            "  Device 0: NVIDIA RTX PRO 6000 Blackwell Server Edition, compute capability 12.0, 97887 MiB\n"
            "Loading solver kernels (PTX for compute_86, JIT-compiled at load)\n"
            f"CUDA error at kernels/flux.cu:118: {t}\n"
            "Aborting run 42\n")


@case("fb3001", pod_subj(_B01_POD, _B01_NS),
      "A self-managed Kubernetes v1.33.5 cluster (assumed) with one CPU node and one GPU node "
      f"({_B01_NODE}: 2 x NVIDIA RTX PRO 6000 Blackwell Server Edition, compute capability 12.0; model assumed) "
      "running the GPU Operator v26.3.0 with CDI enabled (ClusterPolicy ready), driver 610.43.02 (an R610 driver as "
      "the issue says; version assumed), toolkit v1.19.1 (the release before the fix) and device plugin v0.19.0; "
      "every stack pod is Running and the node advertises nvidia.com/gpu 2. A Job in namespace sim (image built "
      f"with CUDA 11.8, names assumed) requested one GPU; its pod {_B01_POD} ran and failed (exit code 1, Job "
      "BackoffLimitExceeded). Its container log (assumed lines around the quote) carries the issue's error verbatim "
      "after an assumed 'CUDA error at kernels/flux.cu:118: ' prefix.")
def _(w, t):
    w.git_version = "v1.33.5"
    kv = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-86-generic",
          "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.33.5", "kubeProxyVersion": "v1.33.5"}
    n = w.gpu_node(_B01_NODE, gpus=2, product="NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition", memory_mib=97887,
                   cpu="64", memory="528012340Ki",
                   labels={"nvidia.com/cuda.driver.major": "610", "nvidia.com/cuda.driver.minor": "43",
                           "nvidia.com/cuda.driver.rev": "02", "nvidia.com/cuda.runtime.major": "13",
                           "nvidia.com/cuda.runtime.minor": "2", "nvidia.com/gpu.compute.major": "12",
                           "nvidia.com/gpu.compute.minor": "0", "nvidia.com/gpu.family": "blackwell"})
    node_info(n, **kv)
    c = w.node("cpu-node-1", cpu="16", memory="65842768Ki")
    node_info(c, **kv)
    _operator(w, _B01_NODE, "cpu-node-1", "610.43.02", "ubuntu24.04")
    term = {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}
    p = w.pod(_B01_NS, _B01_POD, node=_B01_NODE, gpu=1, containers=("solver",), image=_B01_IMAGE, phase="Failed",
              owner=("Job", _B01_JOB), cpu="8", memory="32Gi", tolerations=GPU_TOLERATION,
              labels={"job-name": _B01_JOB, "batch.kubernetes.io/job-name": _B01_JOB},
              statuses={"solver": {"state": {"terminated": term}, "ready": False, "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    job = w.workload("Job", _B01_NS, _B01_JOB, template_pod=p, status={
        "failed": 1, "startTime": T0,
        "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                        "message": "Job has reached the specified backoff limit", "lastTransitionTime": T1}]})
    job["spec"].pop("replicas", None)
    job["spec"].update({"backoffLimit": 0, "completions": 1, "parallelism": 1})
    w.log(_B01_NS, _B01_POD, "solver", _b01_log(t))
    ev = w.event(_B01_NS, "Job", _B01_JOB, "BackoffLimitExceeded", "Job has reached the specified backoff limit",
                 component="job-controller")
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    w.target("Pod", _B01_NS, _B01_POD)


# ---- fb3002: nvidia.icd not injected; an OpenCL worker finds no platform -----------------------------------

_B02_NS = "imaging"
_B02_NODE = "k3s-gpu-01"
_B02_RS = "opencl-worker-5d9c7b8f6"
_B02_POD = f"{_B02_RS}-m4t8c"
_B02_IMAGE = "registry.example.com/imaging/opencl-worker:1.7.0"
_B02_LOG = """opencl-worker 1.7.0 starting (pyopencl 2025.2.6, ocl-icd 2.3.2)
Traceback (most recent call last):
  File "/app/worker.py", line 41, in <module>
    ctx = make_context()
  File "/app/worker.py", line 18, in make_context
    platforms = cl.get_platforms()
pyopencl._cl.LogicError: clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR
"""


@case("fb3002", pod_subj(_B02_POD, _B02_NS),
      f"A single-node k3s v1.33.5+k3s1 cluster (assumed; node {_B02_NODE}, control plane and worker) with one "
      "NVIDIA L4 (assumed) and the GPU Operator v26.3.0 with CDI enabled (ClusterPolicy ready), driver 580.95.05, "
      "toolkit v1.19.1 (the release before the fix), device plugin v0.19.0 (versions assumed); every stack pod is "
      "Running and the node advertises nvidia.com/gpu 1. An OpenCL worker Deployment in namespace imaging (image on a "
      "plain distribution base with ocl-icd and pyopencl, no nvidia.icd of its own; NVIDIA_DRIVER_CAPABILITIES=all; "
      "names assumed) holds the GPU and crash-loops: its previous log (assumed, pyopencl's standard error for a "
      "loader that finds no platform) ends in 'clGetPlatformIDs failed: PLATFORM_NOT_FOUND_KHR'. The commit's prose "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5+k3s1"
    n = w.gpu_node(_B02_NODE, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65842768Ki",
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "95",
                           "nvidia.com/cuda.driver.rev": "05", "nvidia.com/cuda.runtime.major": "13",
                           "nvidia.com/cuda.runtime.minor": "0"})
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-86-generic",
              containerRuntimeVersion="containerd://2.1.4-k3s1", kubeletVersion="v1.33.5+k3s1",
              kubeProxyVersion="v1.33.5+k3s1")
    _operator(w, _B02_NODE, _B02_NODE, "580.95.05", "ubuntu24.04")
    env = [{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}, {"name": "WORKER_QUEUE", "value": "tiles"}]
    p = w.pod(_B02_NS, _B02_POD, node=_B02_NODE, gpu=1, containers=("worker",), image=_B02_IMAGE, ready=False,
              statuses=crashing("worker", 1, restarts=9), owner=("ReplicaSet", _B02_RS), env=env, cpu="2",
              memory="8Gi", labels={"app": "opencl-worker"})
    w.workload("Deployment", _B02_NS, "opencl-worker", template_pod=p, revision="3",
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1, "observedGeneration": 3})
    w.log(_B02_NS, _B02_POD, "worker", _B02_LOG, previous=True)
    w.log(_B02_NS, _B02_POD, "worker", "opencl-worker 1.7.0 starting (pyopencl 2025.2.6, ocl-icd 2.3.2)\n")
    backoff(w, _B02_NS, _B02_POD, "worker", _B02_NODE, count=41)
    w.target("Pod", _B02_NS, _B02_POD)


# ---- fb3003: CRI-O never reads /etc/crio/conf.d/99-nvidia.toml; no nvidia runtime handler ------------------

_B03_NODE = "gpu-a10-1"
_B03_CP = "cp-1"
_B03_DS = "nvidia-device-plugin"
_B03_POD = "nvidia-device-plugin-h7m2x"
_B03_SANDBOX = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to find runtime handler nvidia "
                "from runtime list map[crun:0xc0004a2d20 runc:0xc0004a2e10]")
_B03_SCHED = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
              "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 2 Preemption is not "
              "helpful for scheduling.")


@case("fb3003", pod_subj(_B03_POD, KS),
      f"A kubeadm v1.33.4 cluster on RHEL 9.6 with CRI-O 1.33.3 (assumed): control-plane node {_B03_CP} and GPU "
      f"node {_B03_NODE} (one NVIDIA A10, host driver 580.95.05 and host NVIDIA Container Toolkit v1.19.0, the "
      "release before the fix; versions assumed), configured with `nvidia-ctk runtime configure --runtime=crio`, "
      "whose drop-in went to /etc/crio/conf.d/ (not collected: host files). RuntimeClass nvidia (handler nvidia) "
      "exists. The NVIDIA device plugin DaemonSet (Helm chart v0.18.0, runtimeClassName nvidia; assumed) has its "
      f"pod {_B03_POD} stuck in ContainerCreating with the kubelet's FailedCreatePodSandBox event carrying CRI-O's "
      "standard 'failed to find runtime handler' wording (assumed, pointer values illustrative); the GPU node has no "
      "nvidia.com/gpu, and a training pod requesting one GPU is Pending with the scheduler's standard Insufficient "
      "nvidia.com/gpu message (assumed). The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    kv = {"osImage": "Red Hat Enterprise Linux 9.6 (Plow)", "kernelVersion": "5.14.0-570.12.1.el9_6.x86_64",
          "containerRuntimeVersion": "cri-o://1.33.3", "kubeletVersion": "v1.33.4", "kubeProxyVersion": "v1.33.4"}
    cp = w.node(_B03_CP, cpu="8", memory="32588356Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **kv)
    host_node(w, _B03_NODE, gpus=1, advertised=False, info=kv, labels={"nvidia.com/gpu.present": "true"})
    w.custom["runtimeclasses.node.k8s.io"] = [{"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
                                               "metadata": {"name": "nvidia", "creationTimestamp": T0},
                                               "handler": "nvidia"}]
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    waiting = {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}
    p = w.pod(KS, _B03_POD, node=_B03_NODE, gpu=0, containers=("nvidia-device-plugin-ctr",), phase="Pending",
              ready=False, statuses={"nvidia-device-plugin-ctr": waiting}, owner=("DaemonSet", _B03_DS),
              labels=labels, runtime_class="nvidia", tolerations=GPU_TOLERATION, cpu="10m", memory="20Mi",
              node_selector={"nvidia.com/gpu.present": "true"})
    set_image(p, "nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    for cond in p["status"]["conditions"]:
        if cond["type"] == "Initialized":
            cond["status"] = "True"
    p["status"]["conditions"].insert(0, {"type": "PodReadyToStartContainers", "status": "False",
                                         "lastTransitionTime": T0})
    p["status"].pop("podIP", None)
    ds = w.workload("DaemonSet", KS, _B03_DS, template_pod=p, strategy={"type": "RollingUpdate"},
                    status=ds_status(1, 1, 0))
    ds["metadata"]["labels"] = dict(labels)
    ds["spec"]["selector"] = {"matchLabels": dict(labels)}
    ds["spec"]["template"]["metadata"]["labels"] = dict(labels)
    w.event(KS, "Pod", _B03_POD, "FailedCreatePodSandBox", _B03_SANDBOX, component="kubelet", host=_B03_NODE,
            count=187)
    q = w.pod("ml", "trainer-0", gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
              phase="Pending", scheduled_message=_B03_SCHED, tolerations=GPU_TOLERATION,
              labels={"app": "trainer"})
    q["spec"]["runtimeClassName"] = "nvidia"
    w.event("ml", "Pod", "trainer-0", "FailedScheduling", _B03_SCHED, component="default-scheduler", count=14)
    w.target("Pod", KS, _B03_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
