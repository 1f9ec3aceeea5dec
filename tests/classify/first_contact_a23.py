"""Builds first-contact batch A23 (fixtures/first-contact/batch-a23/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures on edge and ARM GPU nodes (Jetson / L4T in k3s or microk8s, GH200 / GB200 arm64
nodes, DGX Spark) found with the fixed query list of the batch README (round 23, search protocol): the HAMi
device plugin v2.7.1 panicking on a DGX Spark (GB10) because NVML's GetMemoryInfo() returns Not Supported on its
unified memory (Project-HAMi/HAMi#1511, settled by the merged fix PR#1637). fa2301's text is the issue's own
prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the thread does not state (node and pod names, the namespace, the CPU server node, kernel and
containerd strings, the plugin's log lines) are filled in plausibly; the scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a23      # (re)writes fixtures/first-contact/batch-a23/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-a23", "A23", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the threads' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2301"}


# ---- world helpers (batch A23) ------------------------------------------------------------------

def arm64(node: dict) -> dict:
    """Mark a node arm64 (labels and nodeInfo)."""
    node["metadata"]["labels"].update({"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"})
    node_info(node, architecture="arm64")
    return node


_RKE2 = "v1.32.9+rke2r1"
_RKE2_INFO = {"containerRuntimeVersion": "containerd://2.1.4-k3s2", "kubeletVersion": _RKE2,
              "kubeProxyVersion": _RKE2}


# ---- fa2301: HAMi device plugin v2.7.1 panics on a DGX Spark (GB10): GetMemoryInfo returns Not Supported ------

_A01_NODE = "spark-4f1c"
_A01_IMG = "projecthami/hami:v2.7.1"

_A01_PLUGIN_LOG = """I1201 09:14:02.118204       1 main.go:92] Starting FS watcher.
I1201 09:14:02.118371       1 main.go:99] Starting OS watcher.
I1201 09:14:02.131946       1 main.go:116] Retrieving plugins.
I1201 09:14:02.132014       1 register.go:97] into WatchAndRegister
panic: 0

goroutine 51 [running]:
github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice.(*NvidiaDevicePlugin).getAPIDevices(0x4000282a80)
\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/register.go:115 +0x8f4
github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice.(*NvidiaDevicePlugin).RegistrInAnnotation(0x4000282a80)
\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/register.go:160 +0x44
github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice.(*NvidiaDevicePlugin).WatchAndRegister(0x4000282a80, 0x40000a6f60)
\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/register.go:248 +0x98
created by github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice.(*NvidiaDevicePlugin).Start in goroutine 1
\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/plugin.go:141 +0x1a0
"""

_A01_MONITOR_LOG = """I1201 09:02:41.557102       1 main.go:43] Start hami-vgpu-monitor
I1201 09:02:41.561870       1 metrics.go:227] Initializing metrics for vGPUmonitor
"""


@case("fa2301", node_subj(_A01_NODE),
      "RKE2 v1.32.9+rke2r1 (as the issue states; containerd 2.1.4-k3s2 assumed) with one amd64 server node (name "
      "and size assumed) and a DGX Spark joined as an agent: NVIDIA GB10 (Blackwell, 128 GB unified memory), arm64, "
      "Ubuntu 24.04 with host driver 580.95.05 / CUDA 13.0 (as stated; the kernel string 6.11.0-1016-nvidia and the "
      "hostname are assumed), labelled gpu=on for HAMi. HAMi v2.7.1 from its Helm chart in kube-system (namespace "
      "assumed): hami-scheduler 1/1 Running on the server node; the hami-device-plugin DaemonSet 0/1 ready, its pod "
      "on the Spark Running but not ready: vgpu-monitor runs, device-plugin crash-loops (exit 2, 11 restarts, "
      "count assumed) with a previous log of illustrative start lines ending in 'panic: 0' and a goroutine trace "
      "at register.go:115 (the place HAMi PR#1637 gives for the unpatched plugin; the issue quotes no log); the "
      "kubelet's BackOff event. The Spark advertises no nvidia.com/gpu (no HAMi resources either). The case's text "
      "is the reporter's prose and is not in the bundle.")
def _(w, t):
    w.git_version = _RKE2
    srv = "rke2-server-1"
    node_info(w.node(srv, cpu="8", memory="32863568Ki",
                     labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                             "node-role.kubernetes.io/master": "true"}),
              osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic", **_RKE2_INFO)
    n = arm64(w.node(_A01_NODE, cpu="20", memory="125506464Ki", labels={"gpu": "on"}))
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.11.0-1016-nvidia", **_RKE2_INFO)
    sched = deploy_pod(w, KS, "hami-scheduler-7b9c5d8f46", "hami-scheduler-7b9c5d8f46-q2w8n", srv,
                       containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_A01_IMG,
                       labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                       cpu="100m", memory="128Mi")
    w.workload("Deployment", KS, "hami-scheduler", template_pod=sched)
    daemonset(w, KS, "hami-device-plugin", desired=1, ready=0,
              containers=[("device-plugin", _A01_IMG), ("vgpu-monitor", _A01_IMG)], node_selector={"gpu": "on"},
              labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"})
    p = ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-7xk4d", _A01_NODE,
               containers=("device-plugin", "vgpu-monitor"), image=_A01_IMG, ready=False,
               node_selector={"gpu": "on"}, cpu="100m", memory="128Mi")
    crashloop(p, "device-plugin", restarts=11, code=2)
    name = p["metadata"]["name"]
    w.log(KS, name, "device-plugin", _A01_PLUGIN_LOG, previous=True)
    w.log(KS, name, "device-plugin", _A01_PLUGIN_LOG)
    w.log(KS, name, "vgpu-monitor", _A01_MONITOR_LOG)
    backoff(w, KS, name, "device-plugin", _A01_NODE, count=47)
    w.target("Node", None, _A01_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
