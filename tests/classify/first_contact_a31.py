"""Builds first-contact batch A31 (fixtures/first-contact/batch-a31/cases.jsonl) as scenario bundles.

Round 31 continues round 30's frame, the bug-fix commits (since 2024) of the GPU stack's own repositories, here
GoogleCloudPlatform/container-engine-accelerators (GKE's GPU device plugin, driver installers, partition-gpus)
and bottlerocket-os/bottlerocket (GPU-filtered; no case). Each case is the failure the fixed code caused on a
GKE cluster, built as the cluster state a collector would have found at the code before the fix:

- fa3101 (PR#613): the vGPU driver-installer DaemonSet's init container runs before the node's default route
  exists, fails its first network call and restarts with back-off; the driver is not installed, the node
  advertises no nvidia.com/gpu.
- fa3102 (PR#512): partition-gpus expects the GPU name prefix 'NVIDIA RTX-PRO-6000', nvidia-smi says 'NVIDIA RTX
  PRO 6000 Blackwell Server Edition'; the GPU-type check fails, MIG mode is never enabled, the driver-installer
  pod never leaves Init.
- fa3103 (PR#515): the partition tables spell '4g.96gb ' with a trailing space; partition-gpus fails '4g.96gb is
  not a valid partition size' on every start.

All three are prose cases (TEXT_NOT_IN_BUNDLE): the text is the commit's or PR's own words; the bundle carries
the state. Log lines are composed from the repository's code before each fix (glog prefixes, timestamps and
line numbers modelled); names, versions, machine types and the GKE device plugin's part are assumed, and each
case's world note says which.

    .venv/bin/python -m tests.classify.first_contact_a31      # (re)writes fixtures/first-contact/batch-a31/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-a31", "A31", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' or PRs' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa3101", "fa3102", "fa3103"}

KS = "kube-system"
_GKE_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
_INSTALLER_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"},
                          {"key": "cloud.google.com/gke-gpu-driver-version", "operator": "DoesNotExist"}]}]}}}
_PLUGIN_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"},
                          {"key": "cloud.google.com/gke-os-distribution", "operator": "In", "values": ["cos"]}]}]}}}
_INSTALLER_IMG = "cos-nvidia-installer:fixed"
_PAUSE_IMG = "gke.gcr.io/pause:3.8@sha256:880e63f94b145e46f1b1082bb71b85e21f16b99b180b9996407d61240ceb9830"
_PLUGIN_IMG = "gke.gcr.io/nvidia-gpu-device-plugin@sha256:9c3f1b7d2a4e6f80c1d5e7a9b3c2f4d6e8a0b1c3d5e7f9a2b4c6d8e0f1a3b5c7"


def _gke_info(kubelet: str, kernel: str) -> dict:
    return {"osImage": "Container-Optimized OS from Google", "kernelVersion": kernel,
            "containerRuntimeVersion": "containerd://2.0.4", "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


def _cpu_nodes(w, cluster: str, kubelet: str, kernel: str) -> None:
    for sfx in ("7k2m", "q9xd"):
        n = w.node(f"gke-{cluster}-default-pool-5f3a2c1e-{sfx}", cpu="4", memory="16393220Ki", labels={
            "cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
            "cloud.google.com/machine-family": "e2", "node.kubernetes.io/instance-type": "e2-standard-4"})
        info(n, **_gke_info(kubelet, kernel))


def _gke_gpu_node(w, name: str, pool: str, machine: str, accel: str, kubelet: str, kernel: str, *, cpu: str,
                  memory: str, extra_labels: dict | None = None) -> dict:
    """A GKE GPU node whose driver is not (yet) usable: no nvidia.com/gpu in capacity or allocatable."""
    labels = {"cloud.google.com/gke-nodepool": pool, "cloud.google.com/gke-accelerator": accel,
              "cloud.google.com/gke-accelerator-count": "1", "cloud.google.com/gke-os-distribution": "cos",
              "cloud.google.com/gke-container-runtime": "containerd", "cloud.google.com/machine-family": "g4",
              "node.kubernetes.io/instance-type": machine, "cloud.google.com/gke-provisioning": "standard"}
    labels.update(extra_labels or {})
    n = w.node(name, cpu=cpu, memory=memory, labels=labels, taints=_GKE_TAINT)
    info(n, **_gke_info(kubelet, kernel))
    return n


def _gke_plugin(w, ds: str, pod: str, node: str, log: str) -> None:
    """GKE's own device-plugin DaemonSet pod on the GPU node: running, waiting for the driver / devices (it logs
    its start-up lines and retries CheckDevicePaths at V(3), so nothing more)."""
    daemonset(w, KS, ds, desired=1, containers=[("nvidia-gpu-device-plugin", _PLUGIN_IMG)],
              affinity=_PLUGIN_AFFINITY, tolerations=[{"operator": "Exists"}],
              labels={"k8s-app": "nvidia-gpu-device-plugin"})
    ds_pod(w, KS, ds, pod, node, containers=("nvidia-gpu-device-plugin",), image=_PLUGIN_IMG, cpu="50m",
           memory="100Mi", labels={"k8s-app": "nvidia-gpu-device-plugin"}, tolerations=[{"operator": "Exists"}])
    w.log(KS, pod, "nvidia-gpu-device-plugin", log)


def _installer_pod(w, pod: str, node: str, failing: str, inits: list[tuple[str, str]],
                   containers: list[tuple[str, str]], *, restarts: int, done: tuple[str, ...] = ()) -> dict:
    """A driver-installer DaemonSet pod stuck in Init: `failing` init container crash-looping (exit 1), the
    init containers in `done` completed, the others and the containers waiting."""
    init_st = {}
    for c, _ in inits:
        if c in done:
            init_st[c] = {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                                   "finishedAt": T0}}, "ready": True, "restartCount": 0}
        elif c == failing:
            init_st[c] = crashing(c, code=1, restarts=restarts)[c]
        else:
            init_st[c] = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
    waiting = {c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
               for c, _ in containers}
    p = ds_pod(w, KS, "nvidia-driver-installer", pod, node, containers=tuple(c for c, _ in containers),
               init_containers=tuple(c for c, _ in inits), phase="Pending", ready=False, statuses=waiting,
               init_statuses=init_st, labels={"k8s-app": "nvidia-driver-installer"},
               tolerations=[{"operator": "Exists"}], cpu="150m", memory="64Mi",
               extra_spec={"hostNetwork": True, "hostPID": True, "priorityClassName": "system-node-critical",
                           "affinity": _INSTALLER_AFFINITY})
    images = dict(inits + containers)
    for c in p["spec"]["initContainers"] + p["spec"]["containers"]:
        c["image"] = images[c["name"]]
    for s in p["status"].get("initContainerStatuses", []) + p["status"].get("containerStatuses", []):
        s["image"] = images[s["name"]]
    w.event(KS, "Pod", pod, "BackOff", f"Back-off restarting failed container {failing} in pod "
            f"{pod}_kube-system({p['metadata']['uid']})", component="kubelet", host=node, count=restarts + 2,
            field_path=f"spec.initContainers{{{failing}}}")
    return p


def _installer_ds(w, inits: list[tuple[str, str]], containers: list[tuple[str, str]]) -> None:
    daemonset(w, KS, "nvidia-driver-installer", desired=1, ready=0, init_containers=inits, containers=containers,
              affinity=_INSTALLER_AFFINITY, tolerations=[{"operator": "Exists"}],
              labels={"k8s-app": "nvidia-driver-installer"})


def _pending_gpu_pod(w, ns: str, name: str, owner: str, sched: str, *, resource: str = "nvidia.com/gpu",
                     selector: dict, image: str, container: str) -> None:
    w.pod(ns, name, gpu=1, resource=resource, phase="Pending", scheduled_message=sched, containers=(container,),
          image=image, owner=("StatefulSet", owner), labels={"app": owner}, cpu="4", memory="16Gi",
          tolerations=GPU_TOLERATION, node_selector=selector)
    w.event(ns, "Pod", name, "FailedScheduling", sched, component="default-scheduler", count=11)
    w.target("Pod", ns, name)


_SCHED = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node "
          "affinity/selector. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, "
          "2 Preemption is not helpful for scheduling.")


# ---- fa3101: the vGPU driver-installer's init container races the node's network (PR#613) -------------------

_V_VER = "v1.35.2-gke.1485000"
_V_KERNEL = "6.6.87+"
_V_NODE = "gke-vdi-vgpu-pool-3c9e1a47-m2xf"
_V_POD = "nvidia-driver-installer-8qzt4"
_V_INITS = [("nvidia-driver-installer", _INSTALLER_IMG)]
_V_CONTAINERS = [("nvidia-daemon-installer", "gcr.io/gke-release/nvidia-persistenced-installer@sha256:"
                                             "cf78b70c83c132de3cdb0947212a44ecaa060ef89fb36636eb65f24824174ece"),
                 ("pause", "gke.gcr.io/pause:3.8")]
_V_INIT_LOG = ("Fetching machine type from metadata server...\n"
               "curl: (6) Could not resolve host: metadata.google.internal\n")
_V_PLUGIN_LOG = ("I0529 06:41:12.118301       1 nvidia_gpu.go:112] device-plugin started\n"
                 "I0529 06:41:12.118455       1 nvidia_gpu.go:119] Reading GPU config file: /etc/nvidia/gpu_config.json\n")


@case("fa3101", pod_subj("render-worker-0", "vdi"),
      "GKE Standard v1.35.2-gke.1485000 (assumed; the fix is of 2026-05-29, the vGPU DaemonSet of 2026-04-06), two "
      "e2 CPU nodes and one vGPU node (g4-standard-6 with an RTX PRO 6000 vGPU profile, accelerator label "
      "nvidia-rtx-pro-6000; machine type, label value and names assumed) without a gke-gpu-driver-version label, "
      "tainted nvidia.com/gpu. The user-applied nvidia-driver-installer DaemonSet of the repository's "
      "daemonset-vgpu-latest.yaml (init container nvidia-driver-installer; containers nvidia-daemon-installer and "
      "pause) has its pod in Init:CrashLoopBackOff, 3 restarts, exit 1; the init container's previous log is the "
      "script's first echo line (from the pre-fix manifest) and an illustrative curl error, the kubelet's BackOff "
      "event names the init container. GKE's own device-plugin pod runs and logs only its start-up lines "
      "(modelled on cmd/nvidia_gpu; it waits for the driver silently). The node has no nvidia.com/gpu; a GPU "
      "StatefulSet pod is Pending with the scheduler's standard wording (not quoted by the PR). The commit's prose "
      "is not in the bundle.")
def _(w, t):
    w.git_version = _V_VER
    _cpu_nodes(w, "vdi", _V_VER, _V_KERNEL)
    _gke_gpu_node(w, _V_NODE, "vgpu-pool", "g4-standard-6", "nvidia-rtx-pro-6000", _V_VER, _V_KERNEL, cpu="6",
                  memory="24605624Ki")
    _installer_ds(w, _V_INITS, _V_CONTAINERS)
    _installer_pod(w, _V_POD, _V_NODE, "nvidia-driver-installer", _V_INITS, _V_CONTAINERS, restarts=3)
    w.log(KS, _V_POD, "nvidia-driver-installer", _V_INIT_LOG, previous=True)
    w.log(KS, _V_POD, "nvidia-driver-installer", "Fetching machine type from metadata server...\n")
    _gke_plugin(w, "nvidia-gpu-device-plugin-small-cos", "nvidia-gpu-device-plugin-small-cos-x4kdp", _V_NODE,
                _V_PLUGIN_LOG)
    _pending_gpu_pod(w, "vdi", "render-worker-0", "render-worker", _SCHED,
                     selector={"cloud.google.com/gke-accelerator": "nvidia-rtx-pro-6000"},
                     image="us-docker.pkg.dev/vdi-prod/render/blender-worker:4.4-cuda12.8", container="render")


# ---- fa3102 / fa3103: partition-gpus on RTX PRO 6000 nodes (PR#512, PR#515) -----------------------------------

_P_VER = "v1.33.3-gke.1136000"
_P_KERNEL = "6.6.93+"
_P_INITS = [("nvidia-driver-installer", _INSTALLER_IMG),
            ("partition-gpus", "gcr.io/gke-release/nvidia-partition-gpu@sha256:"
                               "de12f85ebfb4fb6c1893cd30c23aab662a72fa0448f97ef74fccb82d7522ef17")]
_P_CONTAINERS = [("pause", _PAUSE_IMG)]
_P_INSTALLER_LOG = ("Checking for existing GPU driver modules\n"
                    "No GPU driver module detected, installing now\n")


def _p_plugin_log(stamp: str) -> str:
    return (f"I{stamp}:31.204118       1 nvidia_gpu.go:112] device-plugin started\n"
            f"I{stamp}:31.204260       1 nvidia_gpu.go:119] Reading GPU config file: /etc/nvidia/gpu_config.json\n")


def _partition_case(w, node: str, pool: str, size: str, part_prev: str, part_now: str, plugin_log: str,
                    plugin_pod: str, workload: tuple[str, str, str]) -> None:
    w.git_version = _P_VER
    _cpu_nodes(w, "media", _P_VER, _P_KERNEL)
    _gke_gpu_node(w, node, pool, "g4-standard-48", "nvidia-rtx-pro-6000", _P_VER, _P_KERNEL, cpu="48",
                  memory="185010432Ki", extra_labels={"cloud.google.com/gke-gpu-partition-size": size})
    _installer_ds(w, _P_INITS, _P_CONTAINERS)
    pod = f"nvidia-driver-installer-{workload[2]}"
    _installer_pod(w, pod, node, "partition-gpus", _P_INITS, _P_CONTAINERS, restarts=6,
                   done=("nvidia-driver-installer",))
    w.log(KS, pod, "nvidia-driver-installer", _P_INSTALLER_LOG)
    w.log(KS, pod, "partition-gpus", part_prev, previous=True)
    w.log(KS, pod, "partition-gpus", part_now)
    _gke_plugin(w, "nvidia-gpu-device-plugin-large-cos", plugin_pod, node, plugin_log)
    ns, name, _ = workload
    _pending_gpu_pod(w, ns, name, name.rsplit("-", 1)[0], _SCHED,
                     selector={"cloud.google.com/gke-accelerator": "nvidia-rtx-pro-6000",
                               "cloud.google.com/gke-gpu-partition-size": size},
                     image="nvcr.io/nvidia/tritonserver:25.07-py3", container="triton")


def _b_log(stamp: str) -> str:
    """partition-gpus at e4b41d797^ on a GPU whose MIG mode is off: the GPU-type check fails (gpu_name keeps its
    trailing newline)."""
    return (f"I{stamp}.102233       1 partition_gpu.go:153] Using gpu config: {{1g.24gb}}\n"
            f"I{stamp}.251930       1 partition_gpu.go:170] MIG mode is not enabled. Enabling now.\n"
            f"I{stamp}.251968       1 partition_gpu.go:171] Checking the GPU type now.\n"
            f"E{stamp}.318244       1 partition_gpu.go:174] Failed to check GPU Type: nvidia-smi returned invalid "
            "GPU type for MIG: NVIDIA RTX PRO 6000 Blackwell Server Edition\n\n")


@case("fa3102", pod_subj("asr-triton-0", "media-ai"),
      "GKE Standard v1.33.3-gke.1136000 (assumed; the fix is of 2025-08-19), two e2 CPU nodes and one G4 node "
      "(g4-standard-48, one NVIDIA RTX PRO 6000 Blackwell Server Edition; machine type and names assumed) labelled "
      "cloud.google.com/gke-gpu-partition-size=1g.24gb, tainted nvidia.com/gpu, with no nvidia.com/gpu. The "
      "kube-system nvidia-driver-installer DaemonSet has the init containers of the repository's "
      "daemonset-preloaded-latest.yaml (nvidia-driver-installer completed, partition-gpus in Init:CrashLoopBackOff "
      "with 6 restarts, exit 1; container pause); partition-gpus' previous and current logs are the pre-fix code's "
      "lines ending 'Failed to check GPU Type: nvidia-smi returned invalid GPU type for MIG: NVIDIA RTX PRO 6000 "
      "Blackwell Server Edition' (composed from partition_gpu.go; glog prefixes, line numbers and timestamps "
      "modelled). GKE's device-plugin pod runs and logs its start-up lines (modelled; its registering no device "
      "while no partition exists is assumed). A StatefulSet pod asking for nvidia.com/gpu on the partitioned pool "
      "is Pending with the scheduler's standard wording. The PR's prose is not in the bundle.")
def _(w, t):
    _partition_case(w, "gke-media-g4-mig-pool-1b7c4e92-t6wq", "g4-mig-pool", "1g.24gb",
                    _b_log("0819 07:58:09"), _b_log("0819 08:03:41"), _p_plugin_log("0819 07:57"),
                    "nvidia-gpu-device-plugin-large-cos-9hm2v", ("media-ai", "asr-triton-0", "r5t8k"))


def _c_log(stamp: str) -> str:
    """partition-gpus at 0a25ffa54^ on a restart (MIG mode already on, no GPU instance): '4g.96gb' is in neither
    partition table."""
    return (f"I{stamp}.100417       1 partition_gpu.go:153] Using gpu config: {{4g.96gb}}\n"
            f"I{stamp}.188052       1 partition_gpu.go:195] MIG mode is enabled on all GPUs, proceeding to create GPU "
            "partitions.\n"
            f"E{stamp}.241370       1 partition_gpu.go:357] failed to execute 'nvidia-smi mig -lgi': exit status 6\n"
            f"I{stamp}.241402       1 partition_gpu.go:206] Current GPU partition configuration does not match the "
            "desired state. Reconfiguring partitions...\n"
            f"I{stamp}.241409       1 partition_gpu.go:207] Cleaning up any existing GPU partitions\n"
            f"I{stamp}.241415       1 partition_gpu.go:288] Running /usr/local/nvidia/bin/nvidia-smi mig -dci\n"
            f"I{stamp}.301877       1 partition_gpu.go:294] Output:\n"
            " No GPU instances found: Not Found\n\n"
            f"I{stamp}.301902       1 partition_gpu.go:297] Running /usr/local/nvidia/bin/nvidia-smi mig -dgi\n"
            f"I{stamp}.360561       1 partition_gpu.go:303] Output:\n"
            " No GPU instances found: Not Found\n\n"
            f"I{stamp}.360588       1 partition_gpu.go:213] Creating new GPU partitions\n"
            f"E{stamp}.360604       1 partition_gpu.go:215] Failed to create GPU partitions: 4g.96gb is not a valid "
            "partition size\n")


@case("fa3103", pod_subj("llm-serve-0", "genai"),
      "GKE Standard v1.33.3-gke.1136000 (assumed; the fix is of 2025-08-20), two e2 CPU nodes and one G4 node "
      "(g4-standard-48, one NVIDIA RTX PRO 6000 Blackwell Server Edition; machine type and names assumed) labelled "
      "cloud.google.com/gke-gpu-partition-size=4g.96gb, tainted nvidia.com/gpu, with no nvidia.com/gpu. The "
      "kube-system nvidia-driver-installer DaemonSet as in the repository's daemonset-preloaded-latest.yaml "
      "(nvidia-driver-installer completed; partition-gpus in Init:CrashLoopBackOff, 6 restarts, exit 1; "
      "container pause); partition-gpus' previous and current logs are a restart's lines of the pre-fix code "
      "(MIG mode already enabled by the first run; 'nvidia-smi mig -lgi' failing with no GPU instance, the "
      "cleanup, then 'Failed to create GPU partitions: 4g.96gb is not a valid partition size'; composed from "
      "partition_gpu.go; nvidia-smi's outputs, exit status, glog prefixes and timestamps modelled). GKE's "
      "device-plugin pod runs and logs its start-up lines (modelled). A StatefulSet pod asking for nvidia.com/gpu "
      "on the pool is Pending with the scheduler's standard wording. The commit's prose is not in the bundle.")
def _(w, t):
    _partition_case(w, "gke-genai-g4-full-pool-6d2a8f13-k3np", "g4-full-pool", "4g.96gb",
                    _c_log("0820 10:12:37"), _c_log("0820 10:18:05"), _p_plugin_log("0820 10:04"),
                    "nvidia-gpu-device-plugin-large-cos-w7c2j", ("genai", "llm-serve-0", "j2m9x"))


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
