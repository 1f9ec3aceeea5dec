"""Builds first-contact batch D31 (fixtures/first-contact/batch-d31/cases.jsonl) as scenario bundles.

Round 31's frame: the bug-fix commits (since 2024-01-01) of the GPU stack's own repositories, continuing round 30's
frames of NVIDIA/k8s-dra-driver-gpu (now kubernetes-sigs/dra-driver-nvidia-gpu), NVIDIA/KAI-Scheduler and
Project-HAMi/HAMi, and new frames for volcano-sh/devices, volcano-sh/volcano and kubernetes-sigs/kueue (the last two
GPU-filtered). Five cases:

- fd3101: a DRA-driver main build (after PR #383): the per-ComputeDomain daemon cannot write its node info, the
  ComputeDomain status being rejected with `status.status: Unsupported value: ""` (PR #388, commit f1bfd693);
- fd3102: DRA driver v25.3.0-rc.2: the ComputeDomain kubelet plugin logs `error getting status of nodes in
  ComputeDomain: %!w(<nil>)` while a domain is still forming, a transient state (issue #321, commit b26e2442):
  a healthy look-alike;
- fd3103: HAMi v2.9.0 with topology scoring: the device plugin panics on asymmetric P2P link data and crash-loops
  (PR #2306);
- fd3104: Volcano v1.15.0-alpha.0: the scheduler warns `Devices hamivgpu assertion conversion failed, skip` for
  nodes without vGPU registration on every allocation there (PR #5290): a healthy look-alike;
- fd3105: Volcano v1.12.1 after an upgrade from 1.7 + volcano-device-plugin: pods still holding
  volcano.sh/gpu-number make the scheduler panic, so new GPU pods stay Pending (commit 5f59b59a; prose).

fd3101-fd3104's texts are placed verbatim where they would appear (container logs); fd3105's prose text is not in
the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the fix (`expected` in the case, preferred
first) and committed before any run; it is never taken from the tool's output.

Names and versions the commits do not state (nodes, GPU models, namespaces, image tags at the release before each
fix, log lines around the quoted ones, events the collector would have seen) are filled in plausibly; each
scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d31      # (re)writes fixtures/first-contact/batch-d31/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d31", "D31", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3105"}

# ---- the NVIDIA DRA driver (fd3101, fd3102) ---------------------------------------------------

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_DS = "nvidia-dra-driver-gpu-kubelet-plugin"
_DRA_CTL = "nvidia-dra-driver-gpu-controller"
_DRA_LABELS = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/component": "kubelet-plugin"}
_GB200_CLIQUE = "4e1d7c9a-26b3-4f08-9a5e-c3b7d2e16f80.32766"


def _dra_node(w, name: str, *, gpus: int, kubelet: str, runtime: str, os_image: str, kernel: str,
              cpu: str = "144", memory: str = "1003405312Ki", extra_labels=None) -> dict:
    """A GB200 compute tray (arm64) whose GPUs are published only through the DRA driver (no nvidia.com/gpu)."""
    labels = {"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
              "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
              "nvidia.com/gpu.product": "NVIDIA-GB200", "nvidia.com/gpu.count": str(gpus),
              "nvidia.com/gpu.clique": _GB200_CLIQUE}
    labels.update(extra_labels or {})
    n = w.node(name, cpu=cpu, memory=memory, labels=labels)
    node_info(n, architecture="arm64", osImage=os_image, kernelVersion=kernel, containerRuntimeVersion=runtime,
              kubeletVersion=kubelet, kubeProxyVersion=kubelet)
    return n


def _dra_driver(w, nodes: list[str], image: str, *, api: str) -> dict[str, dict]:
    """The DRA driver's controller Deployment and kubelet-plugin DaemonSet (containers compute-domains and gpus),
    one pod per node, all Running and ready; the driver's two DeviceClasses."""
    daemonset(w, _DRA_NS, _DRA_DS, desired=len(nodes), containers=[("compute-domains", image), ("gpus", image)],
              labels=_DRA_LABELS, tolerations=GPU_TOLERATION)
    pods = {}
    for n, sfx in zip(nodes, ("9vqzt", "m3k7d", "x2p5r", "h8w4c")):
        pods[n] = ds_pod(w, _DRA_NS, _DRA_DS, f"{_DRA_DS}-{sfx}", n, containers=("compute-domains", "gpus"),
                         image=image, labels=dict(_DRA_LABELS), tolerations=GPU_TOLERATION)
    ctl_labels = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/component": "controller"}
    w.workload("Deployment", _DRA_NS, _DRA_CTL,
               template_pod={"spec": {"containers": [{"name": "compute-domain", "image": image}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    deploy_pod(w, _DRA_NS, f"{_DRA_CTL}-6c8d7f9b5", f"{_DRA_CTL}-6c8d7f9b5-t4nbw", "cpu-node-01",
               containers=("compute-domain",), image=image, labels=ctl_labels)
    w.custom["deviceclasses.resource.k8s.io"] = [
        {"apiVersion": api, "kind": "DeviceClass", "metadata": {"name": name, "creationTimestamp": T0},
         "spec": {"selectors": [{"cel": {"expression": expr}}]}}
        for name, expr in (("gpu.nvidia.com", "device.driver == 'gpu.nvidia.com' && "
                                              "device.attributes['gpu.nvidia.com'].type == 'gpu'"),
                           ("compute-domain-daemon.nvidia.com",
                            "device.driver == 'compute-domain.nvidia.com' && "
                            "device.attributes['compute-domain.nvidia.com'].type == 'daemon'"),
                           ("compute-domain-default-channel.nvidia.com",
                            "device.driver == 'compute-domain.nvidia.com' && "
                            "device.attributes['compute-domain.nvidia.com'].type == 'channel' && "
                            "device.attributes['compute-domain.nvidia.com'].id == 0"))]
    return pods


def _control_plane(w) -> None:
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")


def _compute_domain(w, ns: str, name: str, uid: str, *, status: str | None, nodes: list[dict]) -> None:
    st = {"nodes": nodes}
    if status is not None:
        st["status"] = status
    w.ns_custom[("computedomains.resource.nvidia.com", ns)] = [{
        "apiVersion": "resource.nvidia.com/v1beta1", "kind": "ComputeDomain",
        "metadata": {"name": name, "namespace": ns, "uid": uid, "creationTimestamp": T0},
        "spec": {"numNodes": 2, "channel": {"resourceClaimTemplate": {"name": f"{name}-channel"}}},
        "status": st}]


def _channel_workers(w, ns: str, prefix: str, nodes, cd: str, *, running: bool, image: str) -> None:
    for i, n in enumerate(nodes):
        kw = {} if running else {
            "phase": "Pending", "ready": False,
            "statuses": {"worker": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                    "restartCount": 0}}}
        wp = w.pod(ns, f"{prefix}-{i}", node=n, gpu=0, containers=("worker",), image=image,
                   extra_spec={"resourceClaims": [{"name": "compute-domain-channel",
                                                   "resourceClaimTemplateName": f"{cd}-channel"},
                                                  {"name": "gpus", "resourceClaimTemplateName": "four-gpus"}]},
                   **kw)
        wp["spec"]["containers"][0]["resources"]["claims"] = [{"name": "compute-domain-channel"}, {"name": "gpus"}]


# ---- fd3101: CD daemon cannot write its node info: status.status Unsupported value "" (#388) ----------------

_A01_NODES = ("gb200-tray-01", "gb200-tray-02")
_A01_IMG = "ghcr.io/nvidia/k8s-dra-driver-gpu:b0854de8"     # a main-branch build after PR #383, before the fix
_A01_CD = "nvbandwidth-test-compute-domain"
_A01_CD_UID = "2d7f4b1c-93e6-4a85-b0d2-6c1e8f5a7b39"


def _a01_log(t: str, ts: str) -> str:
    return (
        f"I0603 {ts}.512094       1 main.go:156] Starting compute-domain-daemon\n"
        f"I0603 {ts}.513870       1 main.go:182] ComputeDomain default/{_A01_CD} ({_A01_CD_UID}), clique "
        f"{_GB200_CLIQUE}\n"
        f"E0603 {ts}.778179       1 workqueue.go:99] {t}\n"
        f"E0603 {ts[:-2]}{int(ts[-2:]) + 1:02d}.791305       1 workqueue.go:99] {t}\n")


@case("fd3101", pod_subj(f"{_A01_CD}-2d7f4-k9q2m", _DRA_NS),
      "A self-managed Kubernetes v1.32.5 cluster (assumed) with two GB200 compute trays (arm64, 4 GPUs each, one "
      "NVLink clique; Ubuntu 24.04, containerd, host driver; all assumed) whose GPUs come only through the NVIDIA DRA "
      "driver, installed from the main branch after PR #383 (IMEX daemons with pod IPs) and before the fix f1bfd693 "
      "(image ghcr.io/nvidia/k8s-dra-driver-gpu:b0854de8 assumed: the merge of #383; the bug was on main for about a "
      "day and in no release). In namespace nvidia-dra-driver-gpu the controller and kubelet-plugin pods run. The "
      "nvbandwidth test of the PR (names from the PR's error; namespace default assumed) created the ComputeDomain "
      "nvbandwidth-test-compute-domain, whose status has no status field and no nodes; its per-domain daemon "
      "DaemonSet has one pod per tray, each restarting (startup probe `compute-domain-daemon check` failing; "
      "restart counts, probe events and state assumed), its log carrying the PR's error line verbatim after the "
      "klog header (the lines before it illustrative). The two worker pods are bound and stuck in "
      "ContainerCreating waiting for the domain (no event text modelled for them).")
def _(w, t):
    w.git_version = "v1.32.5"
    for n in _A01_NODES:
        _dra_node(w, n, gpus=4, kubelet="v1.32.5", runtime="containerd://2.0.5", os_image="Ubuntu 24.04.2 LTS",
                  kernel="6.8.0-1028-nvidia-64k")
    _control_plane(w)
    _dra_driver(w, list(_A01_NODES), _A01_IMG, api="resource.k8s.io/v1beta1")
    label = {"resource.nvidia.com/computeDomain": _A01_CD_UID}
    cd_ds = f"{_A01_CD}-2d7f4"
    daemonset(w, _DRA_NS, cd_ds, desired=2, ready=0, containers=[("compute-domain-daemon", _A01_IMG)],
              labels=label, node_selector=label)
    _compute_domain(w, "default", _A01_CD, _A01_CD_UID, status=None, nodes=[])
    for i, (n, sfx, ts) in enumerate(zip(_A01_NODES, ("k9q2m", "w5t8j"), ("13:54:30", "13:54:33"))):
        w.get_node(n)["metadata"]["labels"].update(label)
        name = f"{cd_ds}-{sfx}"
        p = ds_pod(w, _DRA_NS, cd_ds, name, n, containers=("compute-domain-daemon",), image=_A01_IMG,
                   labels=dict(label))
        p["spec"]["containers"][0]["startupProbe"] = {
            "exec": {"command": ["compute-domain-daemon", "check"]}, "initialDelaySeconds": 1, "periodSeconds": 1,
            "timeoutSeconds": 10, "failureThreshold": 10}
        crashloop(p, "compute-domain-daemon", restarts=7 - i, code=137, reason="Error")
        w.log(_DRA_NS, name, "compute-domain-daemon", _a01_log(t, ts), previous=True)
        w.event(_DRA_NS, "Pod", name, "Unhealthy", "Startup probe failed: IMEX daemon not ready", component="kubelet",
                host=n, count=70 - i, field_path="spec.containers{compute-domain-daemon}")
        backoff(w, _DRA_NS, name, "compute-domain-daemon", n, count=21 - i)
    _channel_workers(w, "default", "nvbandwidth-test-worker", _A01_NODES, _A01_CD, running=False,
                     image="ghcr.io/nvidia/k8s-samples:nvbandwidth-v0.7-8d103163")
    w.target("Pod", _DRA_NS, f"{cd_ds}-k9q2m")


# ---- fd3102 (healthy look-alike): `%!w(<nil>)` while a ComputeDomain is still forming (#321) -------------------

_A02_NODES = ("gb200-node-a1", "gb200-node-a2")
_A02_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0-rc.2"
_A02_CD = "imex-channel-cd"
_A02_CD_UID = "06e764af-9b43-4225-b937-4ee77f75d1c0"       # the domain directory the line names


def _a02_plugin_log(t: str) -> str:
    return (
        "I0422 19:26:58.104512       1 driver.go:142] Publishing 1 devices in ResourceSlice for node gb200-node-a1\n"
        "I0422 19:27:19.401277       1 driver.go:236] Preparing claim 1f499887-2e2e-48d3-b2a9-90ee5fc2d38e\n"
        f"E0422 19:27:19.718667       1 workqueue.go:99] {t}\n"
        "I0422 19:27:24.733018       1 driver.go:236] Preparing claim 1f499887-2e2e-48d3-b2a9-90ee5fc2d38e\n"
        "I0422 19:27:25.019842       1 driver.go:262] Prepared claim 1f499887-2e2e-48d3-b2a9-90ee5fc2d38e\n")


@case("fd3102", pod_subj(f"{_DRA_DS}-9vqzt", _DRA_NS),
      "A self-managed Kubernetes v1.32.3 cluster (assumed) with two GB200 trays (arm64, 4 GPUs each, one NVLink "
      "clique; all assumed) and the NVIDIA DRA driver v25.3.0-rc.2 (the last tag before the fix) in namespace "
      "nvidia-dra-driver-gpu: controller and kubelet-plugin pods Running and ready. A training job in ml (names "
      "assumed) created the ComputeDomain imex-channel-cd (uid the issue's domain directory); the domain is now "
      "Ready with both nodes listed, its two daemon pods Running, the two worker pods Running. The first kubelet "
      "plugin's compute-domains container log holds the issue's line (after its klog header) from the first "
      "attempt to prepare the daemon's claim before any node had written its status, followed by the retry "
      "preparing the same claim (the retry lines composed). Nothing is broken at collection time.")
def _(w, t):
    w.git_version = "v1.32.3"
    for n in _A02_NODES:
        _dra_node(w, n, gpus=4, kubelet="v1.32.3", runtime="containerd://1.7.27", os_image="Ubuntu 22.04.5 LTS",
                  kernel="6.5.0-1024-nvidia-64k")
    _control_plane(w)
    pods = _dra_driver(w, list(_A02_NODES), _A02_IMG, api="resource.k8s.io/v1beta1")
    w.log(_DRA_NS, pods[_A02_NODES[0]]["metadata"]["name"], "compute-domains", _a02_plugin_log(t))
    label = {"resource.nvidia.com/computeDomain": _A02_CD_UID}
    cd_ds = f"{_A02_CD}-06e76"
    daemonset(w, _DRA_NS, cd_ds, desired=2, containers=[("compute-domain-daemon", _A02_IMG)], labels=label,
              node_selector=label)
    nodes = []
    for i, (n, sfx) in enumerate(zip(_A02_NODES, ("f6c3x", "b7n2q"))):
        w.get_node(n)["metadata"]["labels"].update(label)
        ds_pod(w, _DRA_NS, cd_ds, f"{cd_ds}-{sfx}", n, containers=("compute-domain-daemon",), image=_A02_IMG,
               labels=dict(label))
        nodes.append({"name": n, "ipAddress": f"10.42.{i + 1}.17", "cliqueID": _GB200_CLIQUE})
    _compute_domain(w, "ml", _A02_CD, _A02_CD_UID, status="Ready", nodes=nodes)
    _channel_workers(w, "ml", "imex-train-worker", _A02_NODES, _A02_CD, running=True,
                     image="nvcr.io/nvidia/pytorch:25.03-py3")
    w.target("Pod", _DRA_NS, pods[_A02_NODES[0]]["metadata"]["name"])


# ---- fd3103: HAMi device plugin panics on asymmetric P2P link data (topology score on) (#2306) ----------------

_A03_NODE = "a100-sxm-07"
_A03_IMG = "projecthami/hami:v2.9.0"
_A03_DS = "hami-device-plugin"
_A03_POD = f"{_A03_DS}-q7v2n"


def _a03_log(t: str) -> str:
    return (
        "I0805 08:12:40.218734       1 main.go:256] Starting NVIDIA Device Plugin (HAMi v2.9.0)\n"
        "I0805 08:12:40.507221       1 server.go:157] Starting GRPC server for 'nvidia.com/gpu'\n"
        "I0805 08:12:40.509384       1 server.go:258] Starting to serve 'nvidia.com/gpu' on "
        "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
        "I0805 08:12:40.513610       1 server.go:266] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
        "I0805 08:12:40.514002       1 register.go:242] Starting WatchAndRegister\n"
        f"panic: {t}\n"
        "\n"
        "goroutine 87 [running]:\n"
        "github.com/Project-HAMi/HAMi/pkg/device/nvidia.calculateGPUPairScore(...)\n"
        "\t/k8s-vgpu/pkg/device/nvidia/calculate_score.go:215\n"
        "github.com/Project-HAMi/HAMi/pkg/device/nvidia.calculateGPUScore(...)\n"
        "\t/k8s-vgpu/pkg/device/nvidia/calculate_score.go:193\n"
        "github.com/Project-HAMi/HAMi/pkg/device/nvidia.CalculateGPUScore({0xc0003f6a80, 0x8, 0x8})\n"
        "\t/k8s-vgpu/pkg/device/nvidia/calculate_score.go:185 +0x2b4\n"
        "github.com/Project-HAMi/HAMi/pkg/device-plugin/nvidiadevice/nvinternal/plugin.(*NvidiaDevicePlugin)."
        "RegisterInAnnotation(0xc0001e2480)\n"
        "\t/k8s-vgpu/pkg/device-plugin/nvidiadevice/nvinternal/plugin/register.go:215 +0x3c5\n")


@case("fd3103", pod_subj(_A03_POD, "kube-system"),
      "Kubernetes v1.30.8 (assumed) with one GPU node a100-sxm-07 (8 x NVIDIA A100-SXM4-80GB on NVLink, one GPU "
      "pair reporting a one-sided NVLink link count; host driver 550.127.05 and the NVIDIA runtime; all assumed) "
      "labelled gpu=on; HAMi v2.9.0 (the release before the fix) in kube-system with topology-aware scoring "
      "enabled (ENABLE_TOPOLOGY_SCORE=true in the device plugin's environment): hami-scheduler Running; the "
      "hami-device-plugin pod's device-plugin container in CrashLoopBackOff (restarts assumed), its previous log "
      "ending in the Go panic whose message is the removed panic's error string (verbatim from the diff; the "
      "`panic: ` prefix is Go's, the start-up lines and the goroutine trace are composed from the code at v2.9.0); "
      "a kubelet BackOff event. The node's nvidia.com/gpu capacity is 80 (8 GPUs x the default split 10), its "
      "allocatable 0 (the plugin's endpoint down past the kubelet's grace period, assumed), and it carries no "
      "hami.io/node-nvidia-register annotation (the panic happens before the first patch). No workload modelled.")
def _(w, t):
    w.git_version = "v1.30.8"
    n = w.node(_A03_NODE, gpus=80, allocatable=0, cpu="128", memory="2113412584Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-130-generic",
              containerRuntimeVersion="containerd://1.7.24", kubeletVersion="v1.30.8", kubeProxyVersion="v1.30.8")
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    rs = "hami-scheduler-7b9d6c5f84"
    sp = deploy_pod(w, "kube-system", rs, f"{rs}-x4mcz", "cpu-node-01",
                    containers=("kube-scheduler", "vgpu-scheduler-extender"), image=_A03_IMG,
                    labels={"app.kubernetes.io/component": "hami-scheduler"})
    sp["spec"]["containers"][0]["image"] = "registry.k8s.io/kube-scheduler:v1.30.8"
    w.workload("Deployment", "kube-system", "hami-scheduler", template_pod=sp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    env = [{"name": "ENABLE_TOPOLOGY_SCORE", "value": "true"}, {"name": "NODE_NAME", "value": _A03_NODE}]
    daemonset(w, "kube-system", _A03_DS, desired=1, ready=0,
              containers=[("device-plugin", _A03_IMG), ("vgpu-monitor", _A03_IMG)], labels=labels,
              node_selector={"gpu": "on"}, env=env)
    p = ds_pod(w, "kube-system", _A03_DS, _A03_POD, _A03_NODE, containers=("device-plugin", "vgpu-monitor"),
               image=_A03_IMG, labels=dict(labels), node_selector={"gpu": "on"}, env=env)
    crashloop(p, "device-plugin", restarts=19, code=2, reason="Error")
    w.log("kube-system", _A03_POD, "device-plugin", _a03_log(t), previous=True)
    backoff(w, "kube-system", _A03_POD, "device-plugin", _A03_NODE, count=88)
    w.target("Pod", "kube-system", _A03_POD)


# ---- Volcano (fd3104, fd3105) ----------------------------------------------------------------------------------

_VC_NS = "volcano-system"


def _volcano(w, version: str, node: str, *, scheduler_ok: bool = True) -> dict:
    """Volcano's scheduler, controller manager and admission Deployments (one pod each) on `node`."""
    out = {}
    for comp, rs_sfx, pod_sfx in (("scheduler", "6f8d9c7b4", "r2kxw"), ("controllers", "5c7b9d8f6", "q8m4t"),
                                  ("admission", "7d9f6c8b5", "z3n7p")):
        name = f"volcano-{comp}"
        rs = f"{name}-{rs_sfx}"
        p = deploy_pod(w, _VC_NS, rs, f"{rs}-{pod_sfx}", node, containers=(name,),
                       image=f"volcanosh/vc-{'controller-manager' if comp == 'controllers' else comp}:{version}",
                       labels={"app": name})
        ok = scheduler_ok or comp != "scheduler"
        w.workload("Deployment", _VC_NS, name, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1 if ok else 0, "availableReplicas": 1 if ok else 0,
                           "updatedReplicas": 1, "observedGeneration": 1,
                           **({} if ok else {"unavailableReplicas": 1})})
        out[comp] = p
    return out


def _vgpu_plugin(w, node: str, image: str) -> None:
    labels = {"app.kubernetes.io/name": "volcano-device-plugin"}
    daemonset(w, "kube-system", "volcano-device-plugin", desired=1,
              containers=[("device-plugin", image), ("monitor", image)], labels=labels, node_selector={"gpu": "on"})
    ds_pod(w, "kube-system", "volcano-device-plugin", "volcano-device-plugin-c6h2d", node,
           containers=("device-plugin", "monitor"), image=image, labels=dict(labels), node_selector={"gpu": "on"})


def _vgpu_node(w, name: str, *, gpus: int, kubelet: str, product: str, memory_mib: int) -> dict:
    n = w.node(name, gpus=gpus * 10, resource="volcano.sh/vgpu-number", cpu="64", memory="527938872Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"volcano.sh/vgpu-memory": str(gpus * memory_mib),
                                 "volcano.sh/vgpu-cores": str(gpus * 100)})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-126-generic",
              containerRuntimeVersion="containerd://1.7.22", kubeletVersion=kubelet, kubeProxyVersion=kubelet)
    annotate(n, **{"volcano.sh/node-vgpu-handshake": "Reported 2026-05-06 10:02:11",
                   "volcano.sh/node-vgpu-register": ":".join(
                       f"GPU-{i:08x}-7a3c-4e1b-9d52-6f0e8b4c21a{i},10,{memory_mib},100,NVIDIA-{product},0,true"
                       for i in range(gpus)) + ":"})
    return n


# ---- fd3104 (healthy look-alike): `Devices hamivgpu assertion conversion failed, skip` (#5290) ---------------

_A04_VER = "v1.15.0-alpha.0"


def _a04_sched_log(t: str) -> str:
    lines = ["I0507 10:14:02.118204       1 scheduler.go:98] scheduler completes Initialization and start to run",
             "I0507 10:14:03.402917       1 cache.go:1288] There are <3> Jobs, <2> Queues and <3> Nodes in total for "
             "scheduling."]
    for i, (node, task) in enumerate((("cpu-node-01", "etl-batch-0"), ("cpu-node-02", "etl-batch-1"),
                                      ("cpu-node-01", "etl-batch-2"))):
        lines.append(f"I0507 10:14:0{4 + i}.21{i}003       1 statement.go:378] After allocated Task <data/{task}> "
                     f"to Node <{node}>")
        lines.append(f"W0507 10:14:0{4 + i}.21{i}240       1 predicates.go:246] Devices hamivgpu {t}")
    return "\n".join(lines) + "\n"


@case("fd3104", pod_subj("volcano-scheduler-6f8d9c7b4-r2kxw", _VC_NS),
      "Kubernetes v1.33.4 (assumed) with one GPU node gpu-node-01 (4 x NVIDIA A30, registered by the HAMi "
      "volcano-vgpu-device-plugin: volcano.sh/vgpu-number 40 and the volcano.sh/node-vgpu-* annotations; all "
      "assumed) and two CPU nodes without vGPU registration; Volcano v1.15.0-alpha.0 (the only tag with the bug: "
      "CloneOthers since d7ad7689, fixed before v1.15.0) in volcano-system with the deviceshare plugin's VGPUEnable "
      "on: scheduler, controllers and admission Running and ready. A vGPU inference pod runs on the GPU node, "
      "an ETL job's three pods run on the CPU nodes (names assumed). The scheduler's log carries, after each "
      "allocation to a CPU node, the warning the commit quotes with its %s filled by the vgpu device name "
      "(hamivgpu); the case's text is the quote's fixed tail (log lines around it composed from the code). "
      "Nothing is broken.")
def _(w, t):
    w.git_version = "v1.33.4"
    _vgpu_node(w, "gpu-node-01", gpus=4, kubelet="v1.33.4", product="A30", memory_mib=24576)
    for c in ("cpu-node-01", "cpu-node-02"):
        w.node(c, cpu="32", memory="131868300Ki")
    _vgpu_plugin(w, "gpu-node-01", "projecthami/volcano-vgpu-device-plugin:v1.11.0")
    vc = _volcano(w, _A04_VER, "cpu-node-02")
    w.log(_VC_NS, vc["scheduler"]["metadata"]["name"], "volcano-scheduler", _a04_sched_log(t))
    w.pod("serving", "bert-infer-0", node="gpu-node-01", gpu=1, resource="volcano.sh/vgpu-number",
          scheduler="volcano", containers=("server",), image="nvcr.io/nvidia/tritonserver:25.04-py3",
          owner=("StatefulSet", "bert-infer"))
    for i, node in enumerate(("cpu-node-01", "cpu-node-02", "cpu-node-01")):
        w.pod("data", f"etl-batch-{i}", node=node, gpu=0, scheduler="volcano", containers=("etl",),
              image="apache/spark:3.5.5", owner=("Job", "etl-batch"))
    w.target("Pod", _VC_NS, vc["scheduler"]["metadata"]["name"])


# ---- fd3105: Volcano 1.12 scheduler panics on pods still holding volcano.sh/gpu-number from 1.7 (5f59b59a) ----

_A05_VER = "v1.12.1"


def _a05_panic() -> str:
    return (
        "I0728 09:31:07.204118       1 scheduler.go:98] scheduler completes Initialization and start to run\n"
        'E0728 09:31:07.391552       1 runtime.go:79] Observed a panic: "invalid memory address or nil pointer '
        'dereference" (runtime error: invalid memory address or nil pointer dereference)\n'
        "goroutine 214 [running]:\n"
        "volcano.sh/volcano/pkg/scheduler/api/devices/nvidia/gpushare.(*GPUDevices).AddResource(0x0, "
        "0xc000d84480)\n"
        "\t/go/src/volcano.sh/volcano/pkg/scheduler/api/devices/nvidia/gpushare/device_info.go:106 +0x8a\n"
        "volcano.sh/volcano/pkg/scheduler/api.(*NodeInfo).addResource(...)\n"
        "\t/go/src/volcano.sh/volcano/pkg/scheduler/api/node_info.go:498\n"
        "volcano.sh/volcano/pkg/scheduler/api.(*NodeInfo).AddTask(0xc0004b2d80, 0xc000e1a2c0)\n"
        "\t/go/src/volcano.sh/volcano/pkg/scheduler/api/node_info.go:428 +0x4f1\n"
        "volcano.sh/volcano/pkg/scheduler/cache.(*SchedulerCache).addTask(0xc000286000, 0xc000e1a2c0)\n"
        "\t/go/src/volcano.sh/volcano/pkg/scheduler/cache/event_handlers.go:221 +0x1b6\n"
        "panic: runtime error: invalid memory address or nil pointer dereference [recovered]\n"
        "\tpanic: runtime error: invalid memory address or nil pointer dereference\n"
        "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1d6f84a]\n")


@case("fd3105", pod_subj("llm-finetune-0", "ml"),
      "Kubernetes v1.29.10 (assumed) with one GPU node gpu-node-01 (4 x Tesla V100-SXM2-32GB; all assumed) just "
      "upgraded from Volcano 1.7 + volcano-device-plugin (gpu-number strategy) to Volcano v1.12.1 (the release "
      "before the fix) + the HAMi volcano-vgpu-device-plugin with VGPUEnable (gpu sharing and gpu-number off): "
      "the node now advertises volcano.sh/vgpu-number 40. Two training pods scheduled by Volcano 1.7 still run "
      "there holding volcano.sh/gpu-number 1 each (annotation volcano.sh/gpu-index; names assumed). In "
      "volcano-system the controllers and admission run; the volcano-scheduler pod is in CrashLoopBackOff, its "
      "previous log ending in a nil-pointer panic in gpushare's AddResource (composed from the code at v1.12.1: "
      "HandleCrash's 'Observed a panic' line, the trace, Go's panic lines); a kubelet BackOff event. A new vGPU "
      "pod (schedulerName volcano, volcano.sh/vgpu-number 1; names assumed) stays Pending with no scheduling "
      "event and no PodScheduled condition. The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.10"
    _vgpu_node(w, "gpu-node-01", gpus=4, kubelet="v1.29.10", product="Tesla V100-SXM2-32GB", memory_mib=32768)
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    _vgpu_plugin(w, "gpu-node-01", "projecthami/volcano-vgpu-device-plugin:v1.10.0")
    vc = _volcano(w, _A05_VER, "cpu-node-01", scheduler_ok=False)
    sp = vc["scheduler"]
    crashloop(sp, "volcano-scheduler", restarts=36, code=2, reason="Error")
    w.log(_VC_NS, sp["metadata"]["name"], "volcano-scheduler", _a05_panic(), previous=True)
    backoff(w, _VC_NS, sp["metadata"]["name"], "volcano-scheduler", "cpu-node-01", count=151)
    for i in range(2):
        p = w.pod("ml", f"resnet-train-{i}", node="gpu-node-01", gpu=1, resource="volcano.sh/gpu-number",
                  scheduler="volcano", containers=("trainer",), image="nvcr.io/nvidia/pytorch:23.10-py3",
                  owner=("Job", "resnet-train"))
        annotate(p, **{"volcano.sh/gpu-index": str(i), "volcano.sh/predicate-time": "1721200015000000000"})
    p = w.pod("ml", "llm-finetune-0", gpu=1, resource="volcano.sh/vgpu-number", phase="Pending", scheduler="volcano",
              containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.06-py3", cpu="8", memory="64Gi",
              owner=("Job", "llm-finetune"))
    p["status"]["conditions"] = []            # no scheduler ever wrote about it
    w.target("Pod", "ml", "llm-finetune-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
