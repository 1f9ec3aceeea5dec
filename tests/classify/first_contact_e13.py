"""Builds first-contact batch E13 (fixtures/first-contact/batch-e13/cases.jsonl) as scenario bundles.

Cases of any layer sampled from the NVIDIA stack's own repositories (k8s-device-plugin, nvidia-container-toolkit,
gpu-operator, k8s-dra-driver-gpu, dcgm-exporter, mig-parted, gpu-driver-container): their READMEs, docs/ and
changelogs, read whole in the fixed file order of the batch README, the first qualifying entry of each file taken.
The expected answers were reasoned from the documents (`expected` in the case) and committed before any rule change;
they are never taken from the tool's output.

Version strings and names a document does not state (cluster flavour, kubelet and runtime versions, operator and
operand versions, node and pod names, GPU models) are filled in plausibly; each scenario's README says which parts
are assumed.

    .venv/bin/python -m tests.classify.first_contact_e13      # (re)writes fixtures/first-contact/batch-e13/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import host_node, node_info, plugin_ds, plugin_pod, stack_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, HEALTHY_PLUGIN_LOG, OPERATOR_NS, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-e13", "E13", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose texts (a release note's, a prerequisites page's, a known issue's sentences) that never reach the cluster
TEXT_NOT_IN_BUNDLE = {"fe1303", "fe1304", "fe1305"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
DP_NS = "nvidia-device-plugin"


def _control_plane(w, name: str, info: dict, arch: str = "amd64") -> dict:
    n = w.node(name, cpu="8", memory="32780384Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)
    return n


def _helm_plugin(w, node: str, suffix: str, image: str = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
                 log: str = HEALTHY_PLUGIN_LOG) -> None:
    """The device plugin's Helm chart (release nvdp) in nvidia-device-plugin: one healthy pod on `node`."""
    ds = "nvdp-nvidia-device-plugin"
    p = plugin_pod(w, node, f"{ds}-{suffix}", ns=DP_NS, ds=ds, image=image, log=log)
    plugin_ds(w, DP_NS, [p], ds=ds)


# ---- plugin layer: a shared resource requested with a count of 2 ---------------------------------

@case("fe1301", pod_subj("gpu-pod", "default"),
      "kubeadm-style Kubernetes v1.32 (the README states no distribution; control plane `k8s-cp-1`, GPU node "
      "`gpu-node-1` with 8x A100-SXM4-80GB, host-installed driver 550.127.05 and toolkit, containerd 1.7 with the "
      "nvidia runtime as default; names and versions assumed). The NVIDIA device plugin Helm chart v0.17.1 (release "
      "`nvdp`, namespace nvidia-device-plugin, one healthy pod) is configured with time-slicing (replicas 10, "
      "failRequestsGreaterThanOne=true), so the node advertises nvidia.com/gpu 80 in capacity and allocatable and "
      "carries the time-slicing labels (gpu.replicas=10, gpu.sharing-strategy=time-slicing, product with the "
      "-SHARED suffix; assumed from the chart's GFD behaviour). The pod `gpu-pod` in `default` (the README's name; "
      "image and the count 2 from the README's message) requests nvidia.com/gpu 2; the kubelet rejected it at "
      "admission: phase Failed, reason UnexpectedAdmissionError, status message 'Pod was rejected: ' + the text "
      "(the kubelet's prefix), no container status; the kubelet's UnexpectedAdmissionError event carries the "
      "text verbatim.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-125-generic",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.32.2",
            "kubeProxyVersion": "v1.32.2"}
    _control_plane(w, "k8s-cp-1", info)
    node = "gpu-node-1"
    n = host_node(w, node, gpus=80, info=info,
                  labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB-SHARED",
                          "nvidia.com/gpu.count": "8", "nvidia.com/gpu.memory": "81920",
                          "nvidia.com/gpu.replicas": "10", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                          "nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.runtime.major": "12"})
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.device-plugin"] = "true"
    _helm_plugin(w, node, "x7k2p")
    ns, pod = "default", "gpu-pod"
    p = w.pod(ns, pod, node=node, gpu=2, containers=("cuda-container",),
              image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", phase="Failed",
              reason="UnexpectedAdmissionError", message="Pod was rejected: " + t, tolerations=GPU_TOL,
              cpu="1", memory="1Gi")
    p["spec"]["restartPolicy"] = "Never"
    p["status"].pop("containerStatuses", None)
    p["status"].pop("podIP", None)
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T1}]
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {node}", type="Normal",
            component="default-scheduler")
    w.event(ns, "Pod", pod, "UnexpectedAdmissionError", t, component="kubelet", host=node)
    w.target("Pod", ns, pod)


# ---- runtime layer: a running container loses its GPU under a container update -------------------

@case("fe1302", pod_subj("gpu-monitor-0", "default"),
      "kubeadm-style Kubernetes v1.30 (the page states no distribution; control plane `k8s-cp-1`, GPU node "
      "`gpu-node-1` with 1x A100-PCIE-40GB, host-installed driver 550.90.07 and NVIDIA Container Toolkit, "
      "containerd 1.7.20 with the nvidia runtime as its default runtime; names and versions assumed). The NVIDIA "
      "device plugin Helm chart v0.17.1 (release `nvdp`, namespace nvidia-device-plugin, default envvar "
      "deviceListStrategy, no CDI, one healthy pod) advertises nvidia.com/gpu 1. The StatefulSet pod "
      "`gpu-monitor-0` in `default` (name, image and loop command assumed) requests the GPU and has been Running "
      "and Ready for days; its container runs `nvidia-smi -L` in a loop, so its current log holds one healthy "
      "output line (assumed) followed by the page's message `NVML: Unknown error`, placed verbatim, after a "
      "container update (its trigger, e.g. a `systemctl daemon-reload` on the node, is not named by the page and "
      "leaves no trace in the bundle). The rest of the text is the page's prose around the message.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-113-generic",
            "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.30.3",
            "kubeProxyVersion": "v1.30.3"}
    w.git_version = "v1.30.3"
    _control_plane(w, "k8s-cp-1", info)
    node = "gpu-node-1"
    n = host_node(w, node, gpus=1, info=info,
                  labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A100-PCIE-40GB",
                          "nvidia.com/gpu.count": "1", "nvidia.com/gpu.memory": "40960",
                          "nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.runtime.major": "12"})
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.device-plugin"] = "true"
    _helm_plugin(w, node, "q4m8d")
    ns, pod, ctr = "default", "gpu-monitor-0", "monitor"
    p = w.pod(ns, pod, node=node, gpu=1, containers=(ctr,), image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04",
              owner=("StatefulSet", "gpu-monitor"), labels={"app": "gpu-monitor"}, tolerations=GPU_TOL,
              cpu="500m", memory="512Mi")
    p["spec"]["containers"][0]["command"] = ["bash", "-c", "while true; do nvidia-smi -L; sleep 60; done"]
    message = "NVML: Unknown error"
    assert message in t
    w.log(ns, pod, ctr, "GPU 0: NVIDIA A100-PCIE-40GB (UUID: GPU-5c1f7a2e-93d4-4b0e-8f62-1d0b7e3a9c41)\n"
                        f"{message}\n")
    w.target("Pod", ns, pod)


# ---- runtime layer: NVIDIA_DRIVER_CAPABILITIES=all on toolkit 1.12.0-rc.4 -------------------------

@case("fe1303", pod_subj("render-worker-6d9f8b7c5-h2vxq", "default"),
      "kubeadm-style Kubernetes v1.26.1 (the changelog states no distribution; control plane `k8s-cp-1`, GPU node "
      "`gpu-node-1` with 1x NVIDIA A10, Ubuntu 22.04, host-installed driver 525.85.05 and NVIDIA Container Toolkit "
      "1.12.0~rc.4 packages, containerd 1.6.15 with the nvidia runtime as its default runtime; names and versions "
      "assumed, early 2023 as the release dates). The NVIDIA device plugin (static DaemonSet v0.13.0 in "
      "kube-system, healthy) advertises nvidia.com/gpu 1. The Deployment pod `render-worker-6d9f8b7c5-h2vxq` in "
      "`default` (name and image assumed) requests the GPU and sets NVIDIA_DRIVER_CAPABILITIES=all in its "
      "container; the container cannot be run: it is waiting in RunContainerError after 5 start attempts "
      "(restartCount 5; the start attempts' terminated state carries reason StartError, exit code 128, and no "
      "message), with the kubelet's generic BackOff event. The runtime's error message is not quoted by the "
      "changelog and is not invented: no event or status in the bundle carries one. The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.26.1"
    info = {"osImage": "Ubuntu 22.04.1 LTS", "kernelVersion": "5.15.0-58-generic",
            "containerRuntimeVersion": "containerd://1.6.15", "kubeletVersion": "v1.26.1",
            "kubeProxyVersion": "v1.26.1"}
    _control_plane(w, "k8s-cp-1", info)
    node = "gpu-node-1"
    host_node(w, node, gpus=1, info=info)
    ks = "kube-system"
    pp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-tb7wn", ns=ks,
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, ks, [pp])
    ns, pod, ctr = "default", "render-worker-6d9f8b7c5-h2vxq", "render"
    state = {ctr: {"state": {"waiting": {"reason": "RunContainerError"}},
                   "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "startedAt": "1970-01-01T00:00:00Z",
                                                "finishedAt": T1}},
                   "ready": False, "restartCount": 5, "started": False}}
    p = w.pod(ns, pod, node=node, gpu=1, containers=(ctr,), image="nvcr.io/nvidia/cuda:11.8.0-runtime-ubuntu22.04",
              owner=("ReplicaSet", "render-worker-6d9f8b7c5"), labels={"app": "render-worker"}, ready=False,
              statuses=state, env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}], cpu="4", memory="16Gi")
    backoff(w, ns, pod, ctr, node, count=24)
    w.target("Pod", ns, pod)


# ---- plugin layer: the DRA driver's ComputeDomain plugin on a driver older than 570.158.01 --------

DRA_NS = "dra-driver-nvidia-gpu"
DRA_IMAGE = "registry.k8s.io/dra-driver-nvidia/dra-driver-nvidia-gpu:v0.4.0"


@case("fe1304", pod_subj("dra-driver-nvidia-gpu-kubelet-plugin-5qhc7", DRA_NS),
      "Upstream Kubernetes v1.34.2 (kubeadm; the page states no distribution) with a control-plane node and two "
      "GB200 NVL72 compute-tray nodes `gb200-node-001` and `gb200-node-002` (4 GPUs each, Ubuntu 24.04 arm64, "
      "containerd 2.1 with CDI; names and versions assumed). The GPU Operator (v25.3.0, assumed) runs its healthy "
      "stack on both nodes with driver 570.124.06 (older than 570.158.01: the GFD driver labels and the driver "
      "pod's image tag say so), the device plugin advertising nvidia.com/gpu 4 per node, GFD writing the "
      "nvidia.com/gpu.clique label. The DRA Driver for NVIDIA GPUs v0.4.0 Helm chart (namespace "
      "dra-driver-nvidia-gpu, ComputeDomain support only: GPU allocation left disabled as by default, default "
      "feature gates so IMEXDaemonsWithDNSNames is on) runs its controller Deployment pod (Running, Ready) and "
      "the kubelet-plugin DaemonSet (2 desired, 0 ready): on each node the kubelet-plugin pod's compute-domains "
      "container fails to start and is in CrashLoopBackOff (restarts 9, exit code 1). The page quotes no log, so "
      "none is placed. No ComputeDomain workload is modelled (the page describes none). The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    info = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-1025-nvidia-64k",
            "containerRuntimeVersion": "containerd://2.1.3", "kubeletVersion": "v1.34.2",
            "kubeProxyVersion": "v1.34.2", "architecture": "arm64"}
    _control_plane(w, "k8s-cp-1", {**info, "kernelVersion": "6.8.0-60-generic", "architecture": "amd64"})
    driver = "570.124.06"
    nodes = [("gb200-node-001", "5qhc7"), ("gb200-node-002", "m8zt4")]
    plugin_pods = []
    for name, sfx in nodes:
        n = w.gpu_node(name, gpus=4, product="NVIDIA-GB200", memory_mib=189471, cpu="144", memory="899534136Ki",
                       labels={"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
                               "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "124",
                               "nvidia.com/cuda.driver.rev": "06", "nvidia.com/cuda.runtime.major": "12",
                               "nvidia.com/cuda.runtime.minor": "8", "nvidia.com/gpu.family": "blackwell",
                               "nvidia.com/gpu.clique": "4f3b9a2c-8e1d-4c6a-b7f0-2d5e9c1a6b38.1"},
                       taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
        node_info(n, **info)
        for role in ("driver", "toolkit", "device-plugin", "gfd", "validator"):
            sp = stack_pod(w, name, role)
            for key in ("containers", "initContainers"):
                for c in sp["spec"].get(key, []):
                    c["image"] = {"nvidia-driver-ctr": f"nvcr.io/nvidia/driver:{driver}-ubuntu24.04",
                                  "nvidia-container-toolkit-ctr": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.5-ubuntu20.04",
                                  "nvidia-device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
                                  "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"}.get(
                        c["name"], "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.0")
            for key in ("containerStatuses", "initContainerStatuses"):
                for s in sp["status"].get(key, []):
                    s["image"] = next(c["image"] for c in sp["spec"]["containers"] + sp["spec"].get("initContainers", [])
                                      if c["name"] == s["name"])
        drv = w.stack(name, "driver")      # the driver container's log, in this node's architecture and version
        w.log(OPERATOR_NS, drv, "nvidia-driver-ctr",
              HEALTHY_DRIVER_LOG.replace("x86_64", "aarch64").replace("550.127.05", driver))
        pname = f"dra-driver-nvidia-gpu-kubelet-plugin-{sfx}"
        p = ds_pod(w, DRA_NS, "dra-driver-nvidia-gpu-kubelet-plugin", pname, name, containers=("compute-domains",),
                   image=DRA_IMAGE, tolerations=GPU_TOL, cpu="100m", memory="128Mi",
                   labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu",
                           "app.kubernetes.io/component": "kubelet-plugin"})
        crashloop(p, "compute-domains", restarts=9, code=1)
        backoff(w, DRA_NS, pname, "compute-domains", name, count=40)
        plugin_pods.append(p)
    daemonset(w, DRA_NS, "dra-driver-nvidia-gpu-kubelet-plugin", desired=2, current=2, ready=0,
              containers=[("compute-domains", DRA_IMAGE)], tolerations=GPU_TOL,
              node_selector={"feature.node.kubernetes.io/pci-10de.present": "true"},
              labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu",
                      "app.kubernetes.io/component": "kubelet-plugin"})
    deploy_pod(w, DRA_NS, "dra-driver-nvidia-gpu-controller-7fb7956988", "dra-driver-nvidia-gpu-controller-7fb7956988-4kv59",
               "k8s-cp-1", containers=("compute-domain",), image=DRA_IMAGE, cpu="100m", memory="128Mi",
               labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu",
                       "app.kubernetes.io/component": "controller"})
    w.target("Pod", DRA_NS, "dra-driver-nvidia-gpu-kubelet-plugin-5qhc7")


# ---- plugin layer: the MIG manager cannot reset the GPU while nvidia_drm is loaded ----------------

HOST_DRIVER_DMESG = """\
[    5.912384] nvidia: loading out-of-tree module taints kernel.
[    5.912390] nvidia: module license 'NVIDIA' taints kernel.
[    5.951207] nvidia-nvlink: Nvlink Core is being initialized, major device number 508
[    6.498215] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024
[    6.551930] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.183.01  Sun May 12 19:29:29 UTC 2024
[    6.560114] [drm] [nvidia-drm] [GPU ID 0x00000700] Loading driver
[    6.560118] [drm] Initialized nvidia-drm 0.0.0 20160202 for 0000:07:00.0 on minor 1
[    6.612004] nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint.
[    6.640551] nvidia-uvm: Loaded the UVM driver, major device number 504.
"""


@case("fe1305", node_subj("gpu-a100-01"),
      "kubeadm-style Kubernetes v1.30 (the README states no distribution and describes the CLI; control plane "
      "`k8s-cp-1`, GPU node `gpu-a100-01` with 8x A100-SXM4-80GB, Ubuntu 22.04, host-installed driver 535.183.01 "
      "with nvidia_drm loaded; names and versions assumed). The GPU Operator v24.9.0 (driver.enabled=false, "
      "assumed) runs its toolkit, device plugin, GFD, validator and MIG manager pods, all Running; the node "
      "carries nvidia.com/mig.config=all-1g.10gb (set by the admin), nvidia.com/mig.config.state=failed (written "
      "by the MIG manager after the failed apply), mig.capable=true, mig.strategy=single, and still advertises "
      "nvidia.com/gpu 8 (MIG mode never enabled). The node's kernel log holds the host driver's load lines "
      "including the nvidia-drm initialisation (healthy lines, assumed). The MIG manager's log is not quoted by "
      "the README and is not placed. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.30.5"
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
            "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.5",
            "kubeProxyVersion": "v1.30.5"}
    _control_plane(w, "k8s-cp-1", info)
    node = "gpu-a100-01"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920,
                   labels={"nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "single",
                           "nvidia.com/mig.config": "all-1g.10gb", "nvidia.com/mig.config.state": "failed",
                           "nvidia.com/gpu.deploy.mig-manager": "true", "nvidia.com/gpu.deploy.driver": "pre-installed",
                           "nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "183",
                           "nvidia.com/cuda.driver.rev": "01"})
    node_info(n, **info)
    # the driver is host-installed: the operator runs no driver pod
    name = w.stack(node, "driver")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != name]
    for key in [k for k in w.logs if k[1] == name]:
        w.logs.pop(key)
    mm = "nvidia-mig-manager"
    image = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.10.0-ubuntu20.04"
    daemonset(w, OPERATOR_NS, mm, desired=1, containers=[(mm, image)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOL,
              labels={"app": mm, "app.kubernetes.io/part-of": "gpu-operator"}, runtime_class="nvidia")
    ds_pod(w, OPERATOR_NS, mm, f"{mm}-7xk4d", node, containers=(mm,), image=image, tolerations=GPU_TOL,
           runtime_class="nvidia", cpu="100m", memory="256Mi",
           labels={"app": mm, "app.kubernetes.io/part-of": "gpu-operator"})
    w.dmesg(node, HOST_DRIVER_DMESG)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
