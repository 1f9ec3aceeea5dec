"""Builds first-contact batch I36 (fixtures/first-contact/batch-i36/cases.jsonl) as scenario bundles.

Round 36R's frame: the fixed/known-issue items of NVIDIA/cloud-native-docs container-toolkit/release-notes.md
(NVIDIA Container Toolkit 1.20.0 down to 1.14.4, at HEAD 52dcb7b8). Four cases, all prose (the release note's own
words; none quotes an error line, none names a GitHub thread), each cited by its release's anchor and frame number:

- fi3601: toolkit 1.19.1 Known Issue (item 8): CDI specs generated with the v0.7.0 schema, which containerd < 1.7.16
  cannot read; with the GPU Operator's CDI (containerd injects the devices) every GPU pod fails CreateContainerError,
  'CDI device injection failed: unresolvable CDI devices ...' (composed);
- fi3602: toolkit 1.18.2 fix (item 10): a container setting NVIDIA_VISIBLE_DEVICES=none received every GPU (toolkit
  1.18.1, GPU Operator 25.10.1; a GPU management agent's log lists the node's 8 GPUs, composed);
- fi3603: toolkit 1.17.2 fix (item 27): legacy images (CUDA_VERSION, no NVIDIA_REQUIRE_CUDA) had their IMEX channels
  set to all and failed to start (toolkit 1.17.1, legacy mode; runc's prestart hook error 'unsupported IMEX channel
  value: all', composed in the wording reporters quoted elsewhere);
- fi3604: toolkit 1.17.1 fix (item 28): an image's own libcuda.so symlink made the CDI create-symlinks hook fail and
  the container never started (toolkit 1.17.0, CDI mode; the hook's error composed from the 1.17.0 code).

The case texts are not in the bundles (TEXT_NOT_IN_BUNDLE); every event, status message and log line is composed
(kubelet, containerd, runc, toolkit wording), and names, GPU models and versions not given by the release notes are
assumed; each scenario's description says so. The expected answers were reasoned from the release notes and
committed before any run.

    .venv/bin/python -m tests.classify.first_contact_i36      # (re)writes fixtures/first-contact/batch-i36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_a14 import driver_version, stack_images
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-i36", "I36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the release note's words never reach the cluster
TEXT_NOT_IN_BUNDLE: set[str] = {"fi3601", "fi3602", "fi3603", "fi3604"}


def _info(n: dict, k8s: str, containerd: str, os_image: str, kernel: str) -> None:
    node_info(n, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion=f"containerd://{containerd}",
              kubeletVersion=k8s, kubeProxyVersion=k8s)


def _policy(w, operator: str, toolkit: str, driver: str, *, cdi: bool, cdi_default: bool | None = None) -> None:
    cdi_spec = {"enabled": cdi, **({"default": cdi_default} if cdi_default is not None else {})}
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 2,
                     "labels": {"app.kubernetes.io/component": "gpu-operator", "app.kubernetes.io/version": operator}},
        "spec": {"cdi": cdi_spec, "driver": {"enabled": True, "version": driver},
                 "toolkit": {"enabled": True, "version": toolkit}, "devicePlugin": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Reconciled",
                                   "lastTransitionTime": T0, "message": ""}]}}]


def _not_started(w, ns: str, name: str, node: str, container: str, image: str, reason: str, message: str,
                 count: int = 12, **kw) -> dict:
    """A scheduled pod whose container was never created (CreateContainerError): phase Pending, waiting."""
    p = w.pod(ns, name, node=node, containers=(container,), image=image, phase="Pending",
              statuses={container: {"state": {"waiting": {"reason": reason, "message": message}}, "ready": False,
                                    "restartCount": 0}}, **kw)
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    p["status"]["containerStatuses"][0]["containerID"] = ""
    p["status"]["containerStatuses"][0]["started"] = False
    w.event(ns, "Pod", name, "Failed", f"Error: {message}", host=node, count=count,
            field_path=f"spec.containers{{{container}}}")
    return p


def _start_error(w, ns: str, name: str, node: str, container: str, image: str, message: str, **kw) -> dict:
    """A scheduled GPU pod whose container fails at start (runc hook error): StartError, exit 128, CrashLoopBackOff."""
    p = w.pod(ns, name, node=node, containers=(container,), image=image, **kw)
    crashloop(p, container, restarts=8, code=128, reason="StartError", message=message)
    w.event(ns, "Pod", name, "Pulled", f'Container image "{image}" already present on machine', type="Normal",
            host=node, count=9, field_path=f"spec.containers{{{container}}}")
    w.event(ns, "Pod", name, "Created", f"Created container {container}", type="Normal", host=node, count=9,
            field_path=f"spec.containers{{{container}}}")
    w.event(ns, "Pod", name, "Failed", f"Error: {message}", host=node, count=9,
            field_path=f"spec.containers{{{container}}}")
    backoff(w, ns, name, container, node, count=34)
    return p


# ---- fi3601: toolkit 1.19.1 writes CDI v0.7.0 specs that containerd 1.7.12 cannot read (Known Issue) -------------

_N1 = "gpu-worker-01"


@case("fi3601", pod_subj("finetune-0", "ml-team"),
      "Kubernetes v1.33.5 (assumed); one GPU node gpu-worker-01 (4 x NVIDIA L40S, assumed) on Ubuntu 24.04 "
      "with containerd 1.7.12 (assumed: older than 1.7.16, the note's condition), one CPU node. GPU Operator v26.3.2 "
      "(toolkit v1.19.1, device plugin v0.19.2, driver 580.126.09 assumed), ClusterPolicy cdi.enabled true (the "
      "default since 25.10.0, so containerd's own CDI support injects GPUs). The operand pods (runtimeClassName "
      "nvidia) run; the node advertises 4 nvidia.com/gpu. The operator's validator pod is stuck in "
      "its plugin-validation init container, because its workload pod nvidia-device-plugin-validator-m4x8q (1 GPU) "
      "is in CreateContainerError; the user's pod ml-team/finetune-0 (1 GPU, image assumed) likewise. The kubelet's "
      "Failed events and the containers' waiting messages carry 'failed to generate container ... spec: failed to "
      "generate spec: CDI device injection failed: unresolvable CDI devices nvidia.com/gpu=GPU-...' (composed from "
      "containerd 1.7's CRI wording; UUIDs and container ids composed). The case's text is the known issue's prose "
      "and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    node = w.gpu_node(_N1, gpus=4, product="NVIDIA-L40S", memory_mib=46068, cpu="64", memory="527938872Ki",
                      labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    _info(node, "v1.33.5", "1.7.12", "Ubuntu 24.04.3 LTS", "6.8.0-86-generic")
    driver_version(w, _N1, "580.126.09")
    stack_images(w, _N1, "v26.3.2", "580.126.09-ubuntu24.04", "v1.19.1", "v0.19.2")
    cpu = w.node("cpu-worker-01", cpu="16", memory="65842768Ki")
    _info(cpu, "v1.33.5", "1.7.12", "Ubuntu 24.04.3 LTS", "6.8.0-86-generic")
    _policy(w, "v26.3.2", "v1.19.1", "580.126.09", cdi=True)
    # the validator on gpu-worker-01 waits in plugin-validation
    v = w.get_pod(OPERATOR_NS, w.stack(_N1, "validator"))
    st = v["status"]
    st["phase"] = "Pending"
    for ic in st["initContainerStatuses"]:
        if ic["name"] == "plugin-validation":
            ic.update({"state": {"running": {"startedAt": T1}}, "ready": False, "started": True})
    st["containerStatuses"][0].update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                       "started": False})
    for c in st["conditions"]:
        if c["type"] in ("Initialized", "Ready", "ContainersReady"):
            c["status"] = "False"
    uuid1 = "GPU-5d7e0c1a-93b4-4f2e-8a61-2c0f7b9e4d13"
    uuid2 = "GPU-8f2a6b3c-1d4e-4a7b-9c05-6e3d2f1a0b87"
    img = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.2"
    msg = ('failed to generate container "{cid}" spec: failed to generate spec: CDI device injection failed: '
           "unresolvable CDI devices nvidia.com/gpu={uuid}")
    pv = _not_started(w, OPERATOR_NS, "nvidia-device-plugin-validator-m4x8q", _N1, "plugin-validation", img,
                      "CreateContainerError",
                      msg.format(cid="3f9c1d7e0a2b4c6d8e1f5a7b9c0d2e4f6a8b1c3d5e7f9a0b2c4d6e8f1a3b5c7d", uuid=uuid1),
                      gpu=1, cpu="100m", memory="128Mi", tolerations=GPU_TOLERATION,
                      labels={"app": "nvidia-device-plugin-validator"}, extra_spec={"restartPolicy": "OnFailure"})
    for c in pv["spec"]["containers"] + pv["status"]["containerStatuses"]:
        c["image"] = img
    _not_started(w, "ml-team", "finetune-0", _N1, "trainer", "nvcr.io/nvidia/pytorch:26.01-py3",
                 "CreateContainerError",
                 msg.format(cid="9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2f3a5b7c9d1e3f5a7b", uuid=uuid2),
                 gpu=1, cpu="8", memory="64Gi", owner=("StatefulSet", "finetune"), labels={"app": "finetune"})
    w.target("Pod", "ml-team", "finetune-0")


# ---- fi3602: NVIDIA_VISIBLE_DEVICES=none gets every GPU (toolkit 1.18.1, fixed in 1.18.2) ------------------------

_N2 = "gpu-h100-01"


@case("fi3602", pod_subj("node-inventory-7xk2p", "gpu-monitoring"),
      "Kubernetes v1.33.5 (assumed); GPU node gpu-h100-01 (8 x H100 80GB HBM3, assumed) and a CPU node. GPU Operator "
      "v25.10.1 (toolkit v1.18.1, the release before the fix; device plugin v0.18.1; driver 580.95.05), CDI enabled "
      "(the default). Four training pods (ml/train-*, 2 GPUs each, assumed) hold all 8 GPUs. A site DaemonSet "
      "gpu-monitoring/node-inventory (assumed) runs with runtimeClassName nvidia, requests no GPU, and sets "
      "NVIDIA_VISIBLE_DEVICES=none, NVIDIA_DRIVER_CAPABILITIES=utility; its pod on gpu-h100-01 is Running and Ready, "
      "and its log (composed) shows nvidia-smi -L listing all 8 GPUs of the node (UUIDs composed) where the fix's e2e "
      "test expects 'No devices found.'. Nothing fails or restarts. The case's text is the release note's prose and "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    n = w.gpu_node(_N2, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="224", memory="2113412556Ki",
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    _info(n, "v1.33.5", "1.7.27", "Ubuntu 22.04.5 LTS", "5.15.0-157-generic")
    driver_version(w, _N2, "580.95.05")
    stack_images(w, _N2, "v25.10.1", "580.95.05-ubuntu22.04", "v1.18.1", "v0.18.1")
    cpu = w.node("cpu-node-01", cpu="32", memory="131890476Ki")
    _info(cpu, "v1.33.5", "1.7.27", "Ubuntu 22.04.5 LTS", "5.15.0-157-generic")
    _policy(w, "v25.10.1", "v1.18.1", "580.95.05", cdi=True)
    for i in range(4):
        w.pod("ml", f"train-{i}", node=_N2, gpu=2, image="nvcr.io/nvidia/pytorch:25.11-py3", containers=("trainer",),
              owner=("Job", f"train-{i}"), cpu="24", memory="256Gi", tolerations=GPU_TOLERATION)
    img = "registry.example.internal/ops/node-inventory:1.4.2"
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "none"},
           {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "utility"}]
    labels = {"app.kubernetes.io/name": "node-inventory"}
    daemonset(w, "gpu-monitoring", "node-inventory", desired=1, containers=[("inventory", img)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION, labels=labels,
              runtime_class="nvidia", env=env)
    p = ds_pod(w, "gpu-monitoring", "node-inventory", "node-inventory-7xk2p", _N2, containers=("inventory",),
               image=img, labels=dict(labels), runtime_class="nvidia", env=env, tolerations=GPU_TOLERATION,
               cpu="100m", memory="128Mi", node_selector={"nvidia.com/gpu.present": "true"})
    gpus = "\n".join(f"GPU {i}: NVIDIA H100 80GB HBM3 (UUID: GPU-{0x3a7c1e20 + i:08x}-6b4d-4e1f-9a2c-{i:04x}7d5e9b31)"
                     for i in range(8))
    w.log("gpu-monitoring", p["metadata"]["name"], "inventory",
          "2026-11-29T14:00:04Z inventory starting (node=gpu-h100-01)\n"
          "2026-11-29T14:00:04Z driver_version=580.95.05\n"
          "2026-11-29T14:00:04Z nvidia-smi -L:\n" + gpus + "\n"
          "2026-11-29T14:00:05Z reported 8 devices to inventory service\n")
    w.target("Pod", "gpu-monitoring", "node-inventory-7xk2p")


# ---- fi3603: legacy image, IMEX channels defaulted to all, container fails to start (toolkit 1.17.1) --------------

_N3 = "gpu-a100-03"


@case("fi3603", pod_subj("resnet-train-0", "research"),
      "Kubernetes v1.30.6 (assumed); GPU node gpu-a100-03 (4 x A100-SXM4-80GB, assumed) and a CPU node. GPU Operator "
      "v24.9.0 with ClusterPolicy toolkit.version v1.17.1-ubuntu20.04 (assumed override; the release before the fix), "
      "cdi.enabled false (legacy mode), driver 550.127.05. The operand pods run; the node advertises 4 nvidia.com/gpu. "
      "The pod research/resnet-train-0 (1 GPU; an in-house image assumed to set CUDA_VERSION=12.4.1 but neither "
      "NVIDIA_REQUIRE_CUDA nor NVIDIA_IMEX_CHANNELS: a legacy image) never starts: last state StartError, exit 128, "
      "CrashLoopBackOff, 8 restarts; the kubelet's Failed event and the terminated message carry containerd's/runc's "
      "prestart hook error ending in 'nvidia-container-cli: error parsing IMEX info: unsupported IMEX channel value: "
      "all: unknown' (composed in the wording reporters quoted in threads met in a follow-up, not sources). The "
      "case's text is the release note's prose and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.6"
    n = w.gpu_node(_N3, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="96", memory="1056561152Ki")
    _info(n, "v1.30.6", "1.7.22", "Ubuntu 22.04.5 LTS", "5.15.0-125-generic")
    driver_version(w, _N3, "550.127.05")
    stack_images(w, _N3, "v24.9.0", "550.127.05-ubuntu22.04", "v1.17.1-ubuntu20.04", "v0.17.0")
    cpu = w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _info(cpu, "v1.30.6", "1.7.22", "Ubuntu 22.04.5 LTS", "5.15.0-125-generic")
    _policy(w, "v24.9.0", "v1.17.1-ubuntu20.04", "550.127.05", cdi=False)
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
           "failed: unable to start container process: error during container init: error running hook #0: error "
           "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
           "nvidia-container-cli: error parsing IMEX info: unsupported IMEX channel value: all: unknown")
    _start_error(w, "research", "resnet-train-0", _N3, "trainer", "registry.example.internal/research/resnet-train:2.3",
                 msg, gpu=1, cpu="8", memory="64Gi", owner=("Job", "resnet-train"),
                 labels={"job-name": "resnet-train"}, tolerations=GPU_TOLERATION)
    w.target("Pod", "research", "resnet-train-0")


# ---- fi3604: an image's own libcuda.so symlink fails the CDI create-symlinks hook (toolkit 1.17.0) -----------------

_N4 = "gpu-a10-02"


@case("fi3604", pod_subj("ci-cuda-build-5fh2k", "ci"),
      "Kubernetes v1.30.6 (assumed); GPU node gpu-a10-02 (2 x A10, assumed) and a CPU node. GPU Operator v24.9.0 "
      "(toolkit v1.17.0, the release before the fix; device plugin v0.17.0; driver 550.127.05), ClusterPolicy "
      "cdi.enabled and cdi.default true (assumed), so the nvidia runtime applies the toolkit's CDI spec with its "
      "create-symlinks hook (libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so). The operand pods run; the node "
      "advertises 2 nvidia.com/gpu. The CI pod ci/ci-cuda-build-5fh2k (1 GPU; an in-house build image assumed to "
      "ship /usr/lib/x86_64-linux-gnu/libcuda.so -> /usr/local/cuda/lib64/stubs/libcuda.so) never starts: StartError, "
      "exit 128, CrashLoopBackOff; the Failed event and terminated message carry runc's hook error with the hook's "
      "'failed to create link [libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so]: failed to check if link exists: "
      "unexpected link target: /usr/local/cuda/lib64/stubs/libcuda.so' (composed from the 1.17.0 code; runc and "
      "containerd wrapping composed). The case's text is the release note's prose and is not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.6"
    n = w.gpu_node(_N4, gpus=2, product="NVIDIA-A10", memory_mib=23028, cpu="64", memory="527938872Ki")
    _info(n, "v1.30.6", "1.7.22", "Ubuntu 22.04.5 LTS", "5.15.0-125-generic")
    driver_version(w, _N4, "550.127.05")
    stack_images(w, _N4, "v24.9.0", "550.127.05-ubuntu22.04", "v1.17.0-ubuntu20.04", "v0.17.0")
    cpu = w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _info(cpu, "v1.30.6", "1.7.22", "Ubuntu 22.04.5 LTS", "5.15.0-125-generic")
    _policy(w, "v24.9.0", "v1.17.0-ubuntu20.04", "550.127.05", cdi=True, cdi_default=True)
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
           "failed: unable to start container process: error during container init: error running hook #1: error "
           "running hook: exit status 1, stdout: , stderr: time=\"2026-11-29T14:20:00Z\" level=error msg=\"failed to "
           "create link [libcuda.so.1 /usr/lib/x86_64-linux-gnu/libcuda.so]: failed to check if link exists: "
           "unexpected link target: /usr/local/cuda/lib64/stubs/libcuda.so\": unknown")
    _start_error(w, "ci", "ci-cuda-build-5fh2k", _N4, "build", "registry.example.internal/ci/cuda-build:12.4-2024.10",
                 msg, gpu=1, cpu="8", memory="32Gi", owner=("Job", "ci-cuda-build"),
                 labels={"job-name": "ci-cuda-build"}, tolerations=GPU_TOLERATION)
    w.target("Pod", "ci", "ci-cuda-build-5fh2k")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
