"""Builds first-contact batch A30 (fixtures/first-contact/batch-a30/cases.jsonl) as scenario bundles.

Round 30 samples a new frame: the bug-fix commits (since 2024) of the GPU stack's own repositories, here
NVIDIA/k8s-device-plugin (with GPU Feature Discovery, the MPS control daemon and config-manager) and
NVIDIA/mig-parted. A fix commit settles its cause by definition; each case is the failure the fixed code caused
on a Kubernetes cluster, built as the cluster state a collector would have found at the release before the fix:

- fa3001 (PR#1807): the mixed MIG strategy's unanchored resource patterns fold '1g.24gb-me' instances into
  nvidia.com/mig-1g.24gb, so nvidia.com/mig-1g.24gb-me is never advertised and a pod asking for it stays Pending.
- fa3002 (PR#1822, fixing #1726): config-manager panics 'index out of range [0] with length 0' in findPidToSignal
  when a node is switched to an MPS config by label; the MPS control daemon's config-manager crash-loops.
- fa3003 (commit ab05acef5): with the nvidia.com/device-plugin.config label unset, config-manager's init container
  can hang forever ('Waiting for change to ... label'), so the device-plugin pod never leaves Init.
- fa3004 (commit 8cd14472a): on devices too old for NVML event registration the health checker marks every GPU
  unhealthy, so the node advertises nvidia.com/gpu with allocatable 0.
- fa3005 (commit a63946cd5): on an SELinux host the MPS control daemon cannot label its pipe directory
  ('lsetxattr /mps/nvidia.com/gpu/pipe: invalid argument'), so the plugin waits for MPS and never registers.
- fa3006 (commit 442edd450, fixing #791): GFD's non-atomic feature-file write makes nfd-worker fail to read the
  file ('permission denied'), so the GPU labels drop off the node.
- fa3007 (commit f27fd1439): on Tegra the plugin's CDI spec generation looks for the CSV mount specs at their
  absolute paths, not under the container's driver root, fails, and the plugin crash-loops.

Prose cases (TEXT_NOT_IN_BUNDLE) carry the commit's own words as text; their bundles carry the state. Names,
versions, GPU models and log lines the commits do not state are assumed; each case's world note says which.

    .venv/bin/python -m tests.classify.first_contact_a30      # (re)writes fixtures/first-contact/batch-a30/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, drop_gpu_resource, ds_pod, info
from tests.classify.first_contact_b import set_image, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-a30", "A30", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commits' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa3001", "fa3003", "fa3004", "fa3006", "fa3007"}

_CP_LABELS = {"node-role.kubernetes.io/control-plane": ""}
_CP_TAINT = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]


def _control_plane(w, name: str = "cp-1") -> dict:
    return w.node(name, cpu="8", memory="32856488Ki", labels=_CP_LABELS, taints=_CP_TAINT)


def _images(pod: dict, image: str) -> None:
    for c in pod["spec"]["containers"] + pod["spec"].get("initContainers", []):
        set_image(pod, c["name"], image)


def _plugin_log(stamp: str, version: str, resources: list[str], extra: str = "") -> str:
    """The device plugin's start-up and registration lines (v0.18/v0.19 code); `stamp` is 'MMDD HH:MM'."""
    lines = [f'I{stamp}:01.000102       1 main.go:247] "Starting NVIDIA Device Plugin" version=<',
             f"\t{version}", " >",
             f"I{stamp}:01.000130       1 main.go:250] Starting FS watcher for /var/lib/kubelet/device-plugins",
             f"I{stamp}:01.000241       1 main.go:257] Starting OS watcher.",
             f"I{stamp}:01.000398       1 main.go:272] Starting Plugins.",
             f"I{stamp}:01.000405       1 main.go:329] Loading configuration.",
             f"I{stamp}:01.001522       1 main.go:355] Updating config with default resource matching patterns.",
             f"I{stamp}:01.042967       1 main.go:369] Retrieving plugins."]
    for r in resources:
        sock = "nvidia-" + r.split("/", 1)[1] + ".sock"
        lines += [f"I{stamp}:01.118304       1 server.go:197] Starting GRPC server for '{r}'",
                  f"I{stamp}:01.118930       1 server.go:141] Starting to serve '{r}' on "
                  f"/var/lib/kubelet/device-plugins/{sock}",
                  f"I{stamp}:01.121775       1 server.go:148] Registered device plugin for '{r}' with Kubelet"]
    return "\n".join(lines) + "\n" + extra


# ---- fa3001: unanchored MIG resource patterns fold 1g.24gb-me into nvidia.com/mig-1g.24gb ------------------

_A01_NODE = "gpu-rtxpro-01"
_A01_NS = "media-ai"
_A01_POD = "embed-worker-0"
_A01_SCHED = ("0/2 nodes are available: 1 Insufficient nvidia.com/mig-1g.24gb-me, 1 node(s) had untolerated taint "
              "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption "
              "victims found for incoming pod, 1 Preemption is not helpful for scheduling.")


@case("fa3001", pod_subj(_A01_POD, _A01_NS),
      "Kubernetes v1.33.2 (kubeadm; assumed) with the NVIDIA GPU Operator v26.3.1 (device plugin and GFD v0.19.3, "
      "the last release before the fix; assumed), a control-plane node and one GPU node with an NVIDIA RTX PRO "
      "6000 Blackwell Server Edition (the commit's profile names '1g.24gb', '1g.24gb-me', '+me.all', '+gfx' are "
      "this board's; model assumed) in MIG mode, partitioned by the MIG manager into two 1g.24gb and two "
      "1g.24gb-me instances (layout and config name assumed) with the mixed strategy. The device plugin's "
      "default resource for profile '1g.24gb' also matches '1g.24gb-me', so the node advertises "
      "nvidia.com/mig-1g.24gb: 4 and no nvidia.com/mig-1g.24gb-me (GFD's count label likewise says 4); the "
      "plugin log registers only nvidia.com/mig-1g.24gb (lines modelled on v0.19 code, timestamps assumed). A "
      "pod asking for one nvidia.com/mig-1g.24gb-me is Pending with the scheduler's 'Insufficient "
      "nvidia.com/mig-1g.24gb-me' (message modelled on the scheduler's format). The commit's prose is not in "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.33.2"
    _control_plane(w)
    n = w.gpu_node(_A01_NODE, gpus=4, resource="nvidia.com/mig-1g.24gb",
                   product="NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition", memory_mib=97887, cpu="64",
                   memory="528012684Ki",
                   plugin_log=_plugin_log("0818 09:12", "v0.19.3", ["nvidia.com/mig-1g.24gb"]),
                   labels={"nvidia.com/gpu.count": "1", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "rtxpro-1g24-1g24me",
                           "nvidia.com/mig.config.state": "success", "nvidia.com/gpu.deploy.mig-manager": "true",
                           "nvidia.com/mig-1g.24gb.count": "4", "nvidia.com/mig-1g.24gb.memory": "23808",
                           "nvidia.com/mig-1g.24gb.slices.gi": "1", "nvidia.com/mig-1g.24gb.slices.ci": "1",
                           "nvidia.com/gpu.family": "blackwell", "nvidia.com/cuda.driver.major": "580"})
    info(n, kernelVersion="6.8.0-60-generic", osImage="Ubuntu 24.04.2 LTS", kubeletVersion="v1.33.2")
    mm = w.pod(OPERATOR_NS, "nvidia-mig-manager-q8r4t", node=_A01_NODE, gpu=0, containers=("nvidia-mig-manager",),
               labels={"app": "nvidia-mig-manager", "app.kubernetes.io/part-of": "gpu-operator"},
               owner=("DaemonSet", "nvidia-mig-manager"), tolerations=GPU_TOLERATION)
    _images(mm, "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.14.0-ubuntu20.04")
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1,
              containers=[("nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.14.0-ubuntu20.04")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"})
    w.pod(_A01_NS, _A01_POD, gpu=1, resource="nvidia.com/mig-1g.24gb-me", phase="Pending",
          scheduled_message=_A01_SCHED, containers=("embedder",), image="nvcr.io/nvidia/tritonserver:25.07-py3",
          owner=("StatefulSet", "embed-worker"), labels={"app": "embed-worker"}, cpu="4", memory="16Gi",
          tolerations=GPU_TOLERATION)
    w.event(_A01_NS, "Pod", _A01_POD, "FailedScheduling", _A01_SCHED, component="default-scheduler", count=14)
    w.target("Pod", _A01_NS, _A01_POD)


# ---- fa3002: config-manager panics in findPidToSignal on a switch to MPS (#1726, fixed by PR#1822) ------------

_A02_NODE = "gpu-worker-3"
_A02_MPS = "nvidia-device-plugin-mps-control-daemon-x7k2p"
_A02_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"


def _a02_cm_log(t: str) -> str:
    return ("I0427 08:12:40.118230       1 main.go:247] Waiting for change to 'nvidia.com/device-plugin.config' label\n"
            "I0427 08:14:02.551907       1 main.go:249] Label change detected: nvidia.com/device-plugin.config=mps-10x\n"
            "I0427 08:14:02.552311       1 main.go:305] Updating to config: mps-10x\n"
            "I0427 08:14:02.553018       1 main.go:320] Successfully updated to config: mps-10x\n"
            "I0427 08:14:02.553042       1 main.go:324] Sending signal 'hangup' to 'mps-control-daemon'\n"
            f"panic: runtime error: {t}\n"
            "\n"
            "goroutine 1 [running]:\n"
            "main.findPidToSignal(...)\n"
            "\t/build/cmd/config-manager/main.go:456\n"
            "main.signalProcess(...)\n"
            "\t/build/cmd/config-manager/main.go:435\n")


_A02_MPS_LOG = ("I0427 08:02:11.004512       1 main.go:80] NVIDIA MPS Control Daemon version=v0.19.0\n"
                "I0427 08:02:11.004890       1 main.go:109] Starting OS watcher.\n"
                "I0427 08:02:11.005102       1 main.go:123] Starting Daemons.\n"
                "I0427 08:02:11.005230       1 main.go:166] Loading configuration.\n"
                "I0427 08:02:11.006981       1 main.go:181] Updating config with default resource matching patterns.\n"
                "I0427 08:02:11.052318       1 main.go:196] Retrieving MPS daemons.\n"
                "I0427 08:02:11.052902       1 main.go:205] No devices are configured for MPS sharing; Waiting indefinitely.\n")

_A02_PLUGIN_LOG = ("I0427 08:14:02.612877       1 main.go:314] Received SIGHUP, restarting.\n"
                   "I0427 08:14:02.612990       1 main.go:404] Stopping plugins.\n"
                   "I0427 08:14:02.613402       1 main.go:372] Retrieving plugins.\n"
                   "E0427 08:14:02.731556       1 main.go:390] Failed to start plugin: error waiting for MPS daemon: "
                   "error checking MPS daemon health: failed to send command to MPS daemon: exit status 1\n"
                   "I0427 08:14:02.731601       1 main.go:283] Failed to start one or more plugins. Retrying in 30s...\n")


@case("fa3002", node_subj(_A02_NODE),
      "Kubernetes v1.32.4 (assumed) with the NVIDIA GPU Operator v26.3.0 and its k8s-device-plugin v0.19.0 (as the "
      "issue states), one GPU node with an NVIDIA A100 PCIe 40GB (model assumed) and the operator's device-plugin "
      "configs including 'mps-10x'. The node was labelled nvidia.com/device-plugin.config=mps-10x (the issue's "
      "step); the operator's MPS control daemon pod runs mps-control-daemon-ctr, still 'Waiting indefinitely' "
      "with no MPS config, and its config-manager sidecar is in CrashLoopBackOff, its previous log ending in the "
      "panic (the log lines and the two stack frames are modelled on v0.19.0 code: main.go:456 is the "
      "cmdline[0] line; timestamps assumed). The device-plugin pod switched to the MPS config and cannot reach "
      "the MPS daemon, so it stopped serving: its log (modelled on v0.19.0 code) says 'Failed to start plugin: "
      "error waiting for MPS daemon ...', and the node's nvidia.com/gpu is 0 in capacity and allocatable "
      "(assumed: the issue states only the panic and the failed switch).")
def _(w, t):
    w.git_version = "v1.32.4"
    _control_plane(w)
    n = w.gpu_node(_A02_NODE, gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, cpu="32",
                   memory="263855396Ki", plugin_log=_A02_PLUGIN_LOG,
                   labels={"nvidia.com/device-plugin.config": "mps-10x", "nvidia.com/cuda.driver.major": "580",
                           "nvidia.com/cuda.runtime.major": "13", "nvidia.com/gpu.deploy.mps-control-daemon": "true",
                           "nvidia.com/mps.capable": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["nvidia.com/gpu"] = "0"
    plugin = w.get_pod(OPERATOR_NS, w.stack(_A02_NODE, "device-plugin"))
    _images(plugin, _A02_IMAGE)
    p = w.pod(OPERATOR_NS, _A02_MPS, node=_A02_NODE, gpu=0, containers=("mps-control-daemon-ctr", "config-manager"),
              init_containers=("mps-control-daemon-mounts", "config-manager-init"),
              labels={"app": "nvidia-device-plugin-mps-control-daemon", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", "nvidia-device-plugin-mps-control-daemon"), runtime_class="nvidia",
              tolerations=GPU_TOLERATION, extra_spec={"shareProcessNamespace": True})
    _images(p, _A02_IMAGE)
    crashloop(p, "config-manager", restarts=6, code=2)
    w.log(OPERATOR_NS, _A02_MPS, "mps-control-daemon-ctr", _A02_MPS_LOG)
    w.log(OPERATOR_NS, _A02_MPS, "config-manager", _a02_cm_log(t), previous=True)
    w.log(OPERATOR_NS, _A02_MPS, "config-manager",
          "I0427 08:19:51.330127       1 main.go:247] Waiting for change to 'nvidia.com/device-plugin.config' label\n")
    backoff(w, OPERATOR_NS, _A02_MPS, "config-manager", _A02_NODE, count=22)
    daemonset(w, OPERATOR_NS, "nvidia-device-plugin-mps-control-daemon", desired=1, ready=0,
              containers=[("mps-control-daemon-ctr", _A02_IMAGE), ("config-manager", _A02_IMAGE)],
              init_containers=[("mps-control-daemon-mounts", _A02_IMAGE), ("config-manager-init", _A02_IMAGE)],
              node_selector={"nvidia.com/gpu.deploy.mps-control-daemon": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-device-plugin-mps-control-daemon"}, runtime_class="nvidia")
    w.target("Node", None, _A02_NODE)


# ---- fa3003: config-manager init hangs when the config label is unset (commit ab05acef5) ---------------------

_A03_NS = "nvidia-device-plugin"
_A03_NODE = "gpu-node-07"
_A03_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.18.1"
_A03_DS = "nvdp-nvidia-device-plugin"
_A03_POD = "nvdp-nvidia-device-plugin-5wq9z"
_A03_GFD_DS = "nvdp-nvidia-device-plugin-gpu-feature-discovery"
_A03_INIT_LOG = ("I1208 10:41:17.262004       1 main.go:247] Waiting for change to "
                 "'nvidia.com/device-plugin.config' label\n")


@case("fa3003", node_subj(_A03_NODE),
      "Kubernetes v1.31.6 (kubeadm; assumed) with a host-installed driver 570.195.03 and container toolkit on a "
      "newly added node with 2 NVIDIA L40S (all assumed), and the device plugin's own Helm chart v0.18.1 (the "
      "last release whose config-manager has the race; release name 'nvdp' and namespace assumed) deployed with "
      "a ConfigMap of named configs and a default config, so the plugin pod runs config-manager as its init "
      "container nvidia-device-plugin-init (ONESHOT=true). The node has no nvidia.com/device-plugin.config "
      "label. The plugin pod stays Pending in Init: the init container is still running after hours, its "
      "only log line 'Waiting for change to ...' (the line config-manager's code prints before the Get() that "
      "never returns; timestamp assumed); its other containers wait in PodInitializing. The node advertises no "
      "nvidia.com/gpu. GFD's pod on the node got past its own init container (the race did not hit it; "
      "assumed) and labelled the node. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.6"
    _control_plane(w)
    n = w.gpu_node(_A03_NODE, gpus=2, operator=False, product="NVIDIA-L40S", memory_mib=46068, cpu="48",
                   memory="395994776Ki",
                   labels={"nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.runtime.major": "12"})
    strip_gfd(n)
    n["metadata"]["labels"].update({"nvidia.com/gpu.product": "NVIDIA-L40S", "nvidia.com/gpu.count": "2",
                                    "nvidia.com/gpu.memory": "46068", "nvidia.com/gpu.present": "true"})
    for k in [k for k in n["metadata"]["labels"] if k.startswith("nvidia.com/gpu.deploy.")]:
        n["metadata"]["labels"].pop(k)
    drop_gpu_resource(n)
    info(n, kernelVersion="6.8.0-57-generic", osImage="Ubuntu 24.04.2 LTS", kubeletVersion="v1.31.6")
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A03_NS, _A03_DS, desired=1, ready=0,
              containers=[("nvidia-device-plugin-sidecar", _A03_IMAGE), ("nvidia-device-plugin-ctr", _A03_IMAGE)],
              init_containers=[("nvidia-device-plugin-init", _A03_IMAGE)], tolerations=GPU_TOLERATION,
              labels=labels)
    init_state = {"nvidia-device-plugin-init": {"state": {"running": {"startedAt": T0}}, "ready": False,
                                                "restartCount": 0, "started": True}}
    waiting = {c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
               for c in ("nvidia-device-plugin-sidecar", "nvidia-device-plugin-ctr")}
    p = ds_pod(w, _A03_NS, _A03_DS, _A03_POD, _A03_NODE,
               containers=("nvidia-device-plugin-sidecar", "nvidia-device-plugin-ctr"),
               init_containers=("nvidia-device-plugin-init",), image=_A03_IMAGE, phase="Pending", ready=False,
               statuses=waiting, init_statuses=init_state, tolerations=GPU_TOLERATION,
               extra_spec={"shareProcessNamespace": True})
    _images(p, _A03_IMAGE)
    w.log(_A03_NS, _A03_POD, "nvidia-device-plugin-init", _A03_INIT_LOG)
    glabels = {"app.kubernetes.io/name": "gpu-feature-discovery", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A03_NS, _A03_GFD_DS, desired=1,
              containers=[("gpu-feature-discovery-sidecar", _A03_IMAGE), ("gpu-feature-discovery-ctr", _A03_IMAGE)],
              init_containers=[("gpu-feature-discovery-init", _A03_IMAGE)], tolerations=GPU_TOLERATION,
              labels=glabels)
    g = ds_pod(w, _A03_NS, _A03_GFD_DS, "nvdp-nvidia-device-plugin-gpu-feature-discovery-m2x8d", _A03_NODE,
               containers=("gpu-feature-discovery-sidecar", "gpu-feature-discovery-ctr"),
               init_containers=("gpu-feature-discovery-init",), image=_A03_IMAGE, tolerations=GPU_TOLERATION)
    _images(g, _A03_IMAGE)
    w.target("Node", None, _A03_NODE)


# ---- fa3004: old devices marked unhealthy when NVML event registration is unsupported (commit 8cd14472a) ------

_A04_NS = "nvidia-device-plugin"
_A04_NODE = "k80-node-2"
_A04_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.18.2"
_A04_POD = "nvdp-nvidia-device-plugin-h4c7n"
_A04_UUIDS = ("GPU-6b7c3f21-0d4e-5a19-8c2b-91f0e3a7d5c4", "GPU-e2a94b10-7c3d-4f85-a61e-3d8b27c90f16")
_A04_JOB_POD = "cv-train-28xk9"
_A04_SCHED = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
              "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption "
              "victims found for incoming pod, 1 Preemption is not helpful for scheduling.")


def _a04_log() -> str:
    base = _plugin_log("0212 07:29", "v0.18.2", ["nvidia.com/gpu"])
    tail = "I0212 07:30:01.020000       1 health.go:64] Ignoring the following XIDs for health checks: map[13:true 31:true 43:true 45:true 68:true 109:true]\n"
    for u in _A04_UUIDS:
        tail += (f"W0212 07:30:01.021{_A04_UUIDS.index(u)}00       1 health.go:106] Device {u} is too old to support "
                 "healthchecking.\n"
                 f"I0212 07:30:01.021{_A04_UUIDS.index(u)}10       1 health.go:109] Marking device {u} as unhealthy: "
                 "Not Supported\n")
    for u in _A04_UUIDS:
        tail += f"I0212 07:30:01.0220{_A04_UUIDS.index(u)}0       1 server.go:278] 'nvidia.com/gpu' device marked unhealthy: {u}\n"
    return base + tail


@case("fa3004", pod_subj(_A04_JOB_POD, "research"),
      "Kubernetes v1.30.10 (kubeadm, a university lab cluster; assumed) with a host-installed driver 470.256.02 "
      "(the last branch for Kepler) and container toolkit, a control-plane node and one GPU node with a Tesla K80 "
      "board (two GK210 devices; the commit says only 'old devices', the model is assumed), and the device "
      "plugin's Helm chart v0.18.2 (the last release before the fix; release name and namespace assumed). The "
      "plugin registers nvidia.com/gpu, then its health checker cannot register NVML events on either device "
      "and marks both unhealthy: its log shows, per device, 'Device ... is too old to support healthchecking.' "
      "then 'Marking device ... as unhealthy: Not Supported' and 'device marked unhealthy' (lines from the "
      "v0.18.2 code; UUIDs and timestamps assumed). The node shows nvidia.com/gpu capacity 2, allocatable 0. "
      "A training pod asking for one GPU is Pending 'Insufficient nvidia.com/gpu' (message modelled on the "
      "scheduler's format). The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.10"
    _control_plane(w)
    n = w.gpu_node(_A04_NODE, gpus=2, allocatable=0, operator=False, product="Tesla-K80", memory_mib=11441,
                   cpu="24", memory="131812244Ki")
    strip_gfd(n, deploy=True)
    info(n, kernelVersion="5.15.0-131-generic", osImage="Ubuntu 22.04.5 LTS", kubeletVersion="v1.30.10")
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A04_NS, "nvdp-nvidia-device-plugin", desired=1,
              containers=[("nvidia-device-plugin-ctr", _A04_IMAGE)], tolerations=GPU_TOLERATION, labels=labels)
    p = ds_pod(w, _A04_NS, "nvdp-nvidia-device-plugin", _A04_POD, _A04_NODE, containers=("nvidia-device-plugin-ctr",),
               image=_A04_IMAGE, tolerations=GPU_TOLERATION)
    _images(p, _A04_IMAGE)
    w.log(_A04_NS, _A04_POD, "nvidia-device-plugin-ctr", _a04_log())
    w.pod("research", _A04_JOB_POD, gpu=1, phase="Pending", scheduled_message=_A04_SCHED, containers=("train",),
          image="pytorch/pytorch:1.12.1-cuda11.3-cudnn8-runtime", owner=("Job", "cv-train"),
          labels={"job-name": "cv-train"}, cpu="4", memory="24Gi", tolerations=GPU_TOLERATION)
    w.event("research", "Pod", _A04_JOB_POD, "FailedScheduling", _A04_SCHED, component="default-scheduler", count=31)
    w.target("Pod", "research", _A04_JOB_POD)


# ---- fa3005: MPS control daemon cannot set the SELinux label of its pipe directory (commit a63946cd5) ----------

_A05_NS = "nvidia-device-plugin"
_A05_NODE = "rhel-gpu-01"
_A05_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.16.1"
_A05_PLUGIN = "nvdp-nvidia-device-plugin-t6j2w"
_A05_MPS = "nvdp-nvidia-device-plugin-mps-control-daemon-9vlgd"


def _a05_mps_log(t: str) -> str:
    lines = ["I0801 13:05:40.118402       1 main.go:81] NVIDIA MPS Control Daemon version=v0.16.1",
             "I0801 13:05:40.118720       1 main.go:110] Starting OS watcher.",
             "I0801 13:05:40.118933       1 main.go:124] Starting Daemons.",
             "I0801 13:05:40.119025       1 main.go:167] Loading configuration.",
             "I0801 13:05:40.120544       1 main.go:182] Updating config with default resource matching patterns.",
             "I0801 13:05:40.162310       1 main.go:197] Retrieving MPS daemons."]
    for i, hhmmss in enumerate(("13:05:40", "13:06:10", "13:06:40")):
        lines += [f'I0801 {hhmmss}.2{i}3119       1 daemon.go:94] "Staring MPS daemon" resource="nvidia.com/gpu"',
                  f"E0801 {hhmmss}.2{i}8402       1 main.go:213] Failed to start MPS daemon: error setting SELinux "
                  f"context: {t}",
                  f"I0801 {hhmmss}.2{i}8466       1 main.go:132] Failed to start one or more MPS deamons. "
                  "Retrying in 30s..."]
    return "\n".join(lines) + "\n"


def _a05_plugin_log() -> str:
    lines = ["I0801 13:05:42.007131       1 main.go:199] Starting FS watcher.",
             "I0801 13:05:42.007240       1 main.go:206] Starting OS watcher.",
             "I0801 13:05:42.007512       1 main.go:221] Starting Plugins.",
             "I0801 13:05:42.007530       1 main.go:278] Loading configuration.",
             "I0801 13:05:42.008803       1 main.go:303] Updating config with default resource matching patterns.",
             "I0801 13:05:42.051190       1 main.go:317] Retrieving plugins."]
    for i, hhmmss in enumerate(("13:05:42", "13:06:12", "13:06:42")):
        lines += [f"E0801 {hhmmss}.1{i}2207       1 main.go:339] Failed to start plugin: error waiting for MPS daemon: "
                  "error checking MPS daemon health: failed to send command to MPS daemon: exit status 1",
                  f"I0801 {hhmmss}.1{i}2290       1 main.go:229] Failed to start one or more plugins. Retrying in 30s..."]
    return "\n".join(lines) + "\n"


@case("fa3005", node_subj(_A05_NODE),
      "Kubernetes v1.30.3 (kubeadm; assumed) on RHEL 9.4 nodes with SELinux enforcing, a host-installed driver "
      "550.90.07 and container toolkit (assumed), one GPU node with an NVIDIA A100 PCIe 40GB (assumed), and the "
      "device plugin's Helm chart v0.16.1 (the last release with the go-selinux labelling; release name and "
      "namespace assumed) with an MPS sharing config (nvidia.com/gpu, 4 replicas; assumed) as the default. The "
      "MPS control daemon pod runs, but every start of the MPS daemon fails: its log repeats 'Failed to start MPS "
      "daemon: error setting SELinux context: ' followed by the commit's quoted error, then 'Retrying in 30s' "
      "(lines from the v0.16.1 code, the commit's text placed verbatim; timestamps assumed). The device-plugin "
      "pod runs and keeps failing to start its plugin because the MPS daemon does not answer ('error waiting for "
      "MPS daemon ...', modelled on the v0.16.1 code), so it never registers: the node has no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.30.3"
    _control_plane(w)
    n = w.gpu_node(_A05_NODE, gpus=1, operator=False, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960,
                   cpu="32", memory="263855396Ki")
    strip_gfd(n, deploy=True)
    drop_gpu_resource(n)
    info(n, kernelVersion="5.14.0-427.28.1.el9_4.x86_64", osImage="Red Hat Enterprise Linux 9.4 (Plow)",
         kubeletVersion="v1.30.3", containerRuntimeVersion="containerd://1.7.20")
    pl = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A05_NS, "nvdp-nvidia-device-plugin", desired=1,
              containers=[("nvidia-device-plugin-sidecar", _A05_IMAGE), ("nvidia-device-plugin-ctr", _A05_IMAGE)],
              init_containers=[("nvidia-device-plugin-init", _A05_IMAGE)], tolerations=GPU_TOLERATION, labels=pl)
    p = ds_pod(w, _A05_NS, "nvdp-nvidia-device-plugin", _A05_PLUGIN, _A05_NODE,
               containers=("nvidia-device-plugin-sidecar", "nvidia-device-plugin-ctr"),
               init_containers=("nvidia-device-plugin-init",), image=_A05_IMAGE, tolerations=GPU_TOLERATION,
               extra_spec={"shareProcessNamespace": True})
    _images(p, _A05_IMAGE)
    w.log(_A05_NS, _A05_PLUGIN, "nvidia-device-plugin-ctr", _a05_plugin_log())
    ml = {"app.kubernetes.io/name": "nvidia-device-plugin-mps-control-daemon", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A05_NS, "nvdp-nvidia-device-plugin-mps-control-daemon", desired=1,
              containers=[("mps-control-daemon-sidecar", _A05_IMAGE), ("mps-control-daemon-ctr", _A05_IMAGE)],
              init_containers=[("mps-control-daemon-mounts", _A05_IMAGE), ("mps-control-daemon-init", _A05_IMAGE)],
              node_selector={"nvidia.com/mps.capable": "true"}, tolerations=GPU_TOLERATION, labels=ml)
    n["metadata"]["labels"]["nvidia.com/mps.capable"] = "true"
    m = ds_pod(w, _A05_NS, "nvdp-nvidia-device-plugin-mps-control-daemon", _A05_MPS, _A05_NODE,
               containers=("mps-control-daemon-sidecar", "mps-control-daemon-ctr"),
               init_containers=("mps-control-daemon-mounts", "mps-control-daemon-init"), image=_A05_IMAGE,
               tolerations=GPU_TOLERATION, extra_spec={"shareProcessNamespace": True})
    _images(m, _A05_IMAGE)
    w.log(_A05_NS, _A05_MPS, "mps-control-daemon-ctr", _a05_mps_log(t))
    w.target("Node", None, _A05_NODE)


# ---- fa3006: GFD's feature file unreadable by nfd-worker (#791, fixed by commit 442edd450) --------------------

_A06_NODE = "gpu-a10-04"
_A06_NFD = "gpu-operator-node-feature-discovery-worker-7kzrd"
_A06_NFD_IMAGE = "registry.k8s.io/nfd/node-feature-discovery:v0.15.4"
_A06_NFD_LOG = ('I0620 11:41:07.301554       1 nfd-worker.go:561] "starting feature discovery..."\n'
                'I0620 11:41:07.318211       1 nfd-worker.go:573] "feature discovery completed"\n'
                'I0620 11:42:07.301002       1 nfd-worker.go:561] "starting feature discovery..."\n'
                'E0620 11:42:07.317960       1 local.go:291] "failed to read file" err="open '
                '/etc/kubernetes/node-feature-discovery/features.d/gfd: permission denied" fileName="gfd"\n'
                'I0620 11:42:07.318402       1 nfd-worker.go:573] "feature discovery completed"\n')


@case("fa3006", node_subj(_A06_NODE),
      "Kubernetes v1.29.5 (assumed) with the NVIDIA GPU Operator v24.3.0 (GFD v0.15.0, before the fix in v0.16.0; "
      "NFD v0.15.4 with the file-based feature source; assumed), one GPU node with an NVIDIA A10 (assumed). GFD "
      "rewrites /etc/kubernetes/node-feature-discovery/features.d/gfd every minute through a temporary file in "
      "gfd-tmp, renamed into place before its mode is set; nfd-worker, reading the directory on its own minute, "
      "caught the file in between and logged a permission-denied read error (the line is illustrative: modelled "
      "on NFD's local source, the commit names only a '\"permission denied\" error observed in the nfd-worker "
      "logs'), and pushed that pass's features without GFD's. At collection the node therefore lacks GFD's "
      "labels (nvidia.com/gpu.product, .count, .memory, cuda.*; the effect on the labels is reasoned from NFD's "
      "behaviour, not stated by the commit), while nvidia.com/gpu is still advertised and the GFD pod runs "
      "with a healthy log. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.5"
    _control_plane(w)
    n = w.gpu_node(_A06_NODE, gpus=1, product="NVIDIA-A10", memory_mib=23028, cpu="32", memory="131812244Ki")
    strip_gfd(n)
    gfd = w.get_pod(OPERATOR_NS, w.stack(_A06_NODE, "gfd"))
    _images(gfd, "nvcr.io/nvidia/k8s-device-plugin:v0.15.0")
    nfd = w.pod(OPERATOR_NS, _A06_NFD, node=_A06_NODE, gpu=0, containers=("worker",),
                labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"},
                owner=("DaemonSet", "gpu-operator-node-feature-discovery-worker"))
    _images(nfd, _A06_NFD_IMAGE)
    daemonset(w, OPERATOR_NS, "gpu-operator-node-feature-discovery-worker", desired=2,
              containers=[("worker", _A06_NFD_IMAGE)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    other = w.pod(OPERATOR_NS, "gpu-operator-node-feature-discovery-worker-c5m9q", node="cp-1", gpu=0,
                  containers=("worker",), labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"},
                  owner=("DaemonSet", "gpu-operator-node-feature-discovery-worker"))
    _images(other, _A06_NFD_IMAGE)
    w.log(OPERATOR_NS, _A06_NFD, "worker", _A06_NFD_LOG)
    w.target("Node", None, _A06_NODE)


# ---- fa3007: Tegra CDI spec generation ignores the driver root (commit f27fd1439) ----------------------------

_A07_NS = "nvidia-device-plugin"
_A07_NODE = "orin-agx-02"
_A07_IMAGE = "nvcr.io/nvidia/k8s-device-plugin:v0.19.3"
_A07_POD = "nvdp-nvidia-device-plugin-kq5vt"
_A07_LOG = ('I0304 16:20:11.402216       1 main.go:247] "Starting NVIDIA Device Plugin" version=<\n'
            "\tv0.19.3\n"
            " >\n"
            "I0304 16:20:11.402300       1 main.go:250] Starting FS watcher for /var/lib/kubelet/device-plugins\n"
            "I0304 16:20:11.402391       1 main.go:257] Starting OS watcher.\n"
            "I0304 16:20:11.402566       1 main.go:272] Starting Plugins.\n"
            "I0304 16:20:11.402581       1 main.go:329] Loading configuration.\n"
            "I0304 16:20:11.403840       1 main.go:355] Updating config with default resource matching patterns.\n"
            "I0304 16:20:11.404102       1 main.go:369] Retrieving plugins.\n"
            "I0304 16:20:11.404655       1 plugin-manager.go:100] Detected platform: tegra\n"
            "I0304 16:20:11.431907       1 cdi.go:190] Generating CDI spec for resource: k8s.device-plugin.nvidia.com/gpu\n"
            "E0304 16:20:11.433518       1 main.go:185] error starting plugins: error getting plugins: unable to create "
            "cdi spec file: failed to get CDI spec: failed to load CSV files: open "
            "/etc/nvidia-container-runtime/host-files-for-container.d/devices.csv: no such file or directory\n")


@case("fa3007", node_subj(_A07_NODE),
      "k3s v1.32.5+k3s1 (assumed) with an NVIDIA Jetson AGX Orin agent node (JetPack 6.2, L4T r36.4, arm64; the "
      "commit says 'Tegra-based systems', the board is assumed) whose container toolkit keeps its CSV mount specs "
      "under /etc/nvidia-container-runtime/host-files-for-container.d on the host, and the device plugin's Helm "
      "chart v0.19.3 (the last release before the fix; release name and namespace assumed) with a CDI device-list "
      "strategy (cdi-cri; assumed: the CDI spec is generated only when a CDI strategy is on). The chart mounts the "
      "host root at /driver-root in the plugin container, so the CSV files are not at their absolute paths there: "
      "the plugin exits at start-up and is in CrashLoopBackOff, its previous log ending in 'error starting "
      "plugins: ... unable to create cdi spec file: failed to get CDI spec: ...' (the wrapping from the v0.19.3 "
      "code; the final nvcdi message is illustrative, the commit does not quote it). The node advertises no "
      "nvidia.com/gpu. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5+k3s1"
    srv = w.node("k3s-server-1", cpu="8", memory="16318252Ki", labels={"node-role.kubernetes.io/control-plane": "true",
                                                                        "node-role.kubernetes.io/master": "true"})
    info(srv, kubeletVersion="v1.32.5+k3s1", containerRuntimeVersion="containerd://2.0.5-k3s1",
         osImage="Ubuntu 24.04.2 LTS")
    n = w.gpu_node(_A07_NODE, gpus=1, operator=False, product="Orin", memory_mib=62841, cpu="12",
                   memory="64335820Ki")
    strip_gfd(n, deploy=True)
    drop_gpu_resource(n)
    info(n, architecture="arm64", kernelVersion="5.15.148-tegra", osImage="Ubuntu 22.04.5 LTS",
         kubeletVersion="v1.32.5+k3s1", containerRuntimeVersion="containerd://2.0.5-k3s1")
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"}
    daemonset(w, _A07_NS, "nvdp-nvidia-device-plugin", desired=1, ready=0,
              containers=[("nvidia-device-plugin-ctr", _A07_IMAGE)], tolerations=GPU_TOLERATION, labels=labels,
              env=[{"name": "DEVICE_LIST_STRATEGY", "value": "cdi-cri"}])
    p = ds_pod(w, _A07_NS, "nvdp-nvidia-device-plugin", _A07_POD, _A07_NODE, containers=("nvidia-device-plugin-ctr",),
               image=_A07_IMAGE, tolerations=GPU_TOLERATION,
               env=[{"name": "DEVICE_LIST_STRATEGY", "value": "cdi-cri"}],
               volumes=[{"name": "driver-root", "hostPath": {"path": "/"}}],
               mounts=[{"name": "driver-root", "mountPath": "/driver-root", "readOnly": True}])
    _images(p, _A07_IMAGE)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=9)
    w.log(_A07_NS, _A07_POD, "nvidia-device-plugin-ctr", _A07_LOG, previous=True)
    backoff(w, _A07_NS, _A07_POD, "nvidia-device-plugin-ctr", _A07_NODE, count=40)
    w.target("Node", None, _A07_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
