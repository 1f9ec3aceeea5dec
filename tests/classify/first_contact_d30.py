"""Builds first-contact batch D30 (fixtures/first-contact/batch-d30/cases.jsonl) as scenario bundles.

Round 30's frame: the bug-fix commits (since 2024-01-01) of the GPU stack's own repositories, here
NVIDIA/k8s-dra-driver-gpu (now kubernetes-sigs/dra-driver-nvidia-gpu), NVIDIA/KAI-Scheduler, Project-HAMi/HAMi and
kubernetes-sigs/node-feature-discovery. Six cases:

- fd3001: the DRA driver's ComputeDomain kubelet plugin crash-loops on an NVLink-capable but not MNNVL-capable
  node with `empty cluster UUID, refusing to start` (issue #864, fixed by 58dcfacb);
- fd3002: on OpenShift the per-ComputeDomain IMEX daemon pods, run with a random UID, cannot write
  /etc/nvidia-imex/nodes_config.cfg and shut down (commit 616fe033, which quotes the error);
- fd3003: the DRA kubelet plugin's 30-second liveness probe kills the plugin before its health checker is up
  (commit dcd084a8; prose);
- fd3004: KAI-Scheduler refuses non-MIG jobs on a node whose MIG was disabled but still lists
  `nvidia.com/mig-*: 0` resources (PR #1123, issue #1120; prose);
- fd3005: HAMi's scheduler rejects a Dynamic-MIG pod asking for two MIG instances of the node's one GPU
  against the physical GPU count (PR #2724; prose);
- fd3006: HAMi's device plugin marks GPUs that do not support NVML event registration unhealthy, so the node's
  nvidia.com/gpu allocatable drops to 0 (PR #2393; prose).

fd3001's and fd3002's texts are placed verbatim where they would appear (the plugin's / daemon's container log);
the four prose texts are not in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the fix
(`expected` in the case, preferred first) and committed before any run; it is never taken from the tool's output.

Names and versions the commits do not state (nodes, GPU models, namespaces, image tags at the release before each
fix, log lines around the quoted ones, events the collector would have seen) are filled in plausibly; each
scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d30      # (re)writes fixtures/first-contact/batch-d30/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d30", "D30", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's or the issue's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3003", "fd3004", "fd3005", "fd3006"}

_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_DS = "nvidia-dra-driver-gpu-kubelet-plugin"
_DRA_CTL = "nvidia-dra-driver-gpu-controller"
_DRA_LABELS = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/component": "kubelet-plugin"}
_DRA_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/pci-10de.present", "operator": "In",
                           "values": ["true"]}]},
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/cpu-model.vendor_id", "operator": "In",
                           "values": ["NVIDIA"]}]},
    {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}


def _dra_node(w, name: str, *, gpus: int, product: str, arch: str = "amd64", kubelet: str, runtime: str,
              os_image: str, kernel: str, cpu: str, memory: str, extra_labels=None) -> dict:
    """A GPU node whose GPUs are published only through the DRA driver (no device plugin: no nvidia.com/gpu)."""
    labels = {"kubernetes.io/arch": arch, "beta.kubernetes.io/arch": arch,
              "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
              "nvidia.com/gpu.product": product, "nvidia.com/gpu.count": str(gpus)}
    labels.update(extra_labels or {})
    n = w.node(name, cpu=cpu, memory=memory, labels=labels)
    node_info(n, architecture=arch, osImage=os_image, kernelVersion=kernel, containerRuntimeVersion=runtime,
              kubeletVersion=kubelet, kubeProxyVersion=kubelet)
    return n


def _dra_driver(w, nodes: list[str], image: str, *, ready: int | None = None) -> dict[str, dict]:
    """The DRA driver's controller Deployment and kubelet-plugin DaemonSet (containers compute-domains and gpus)
    with one pod per node, all Running and ready unless a case breaks one."""
    ready = len(nodes) if ready is None else ready
    daemonset(w, _DRA_NS, _DRA_DS, desired=len(nodes), ready=ready,
              containers=[("compute-domains", image), ("gpus", image)], init_containers=[("init-container", image)],
              labels=_DRA_LABELS, affinity=_DRA_AFFINITY, tolerations=GPU_TOLERATION)
    pods = {}
    for n, sfx in zip(nodes, ("7wxlq", "k4m9r", "p2c8v", "z6t3n")):
        pods[n] = ds_pod(w, _DRA_NS, _DRA_DS, f"{_DRA_DS}-{sfx}", n, containers=("compute-domains", "gpus"),
                         init_containers=("init-container",), image=image, labels=dict(_DRA_LABELS),
                         tolerations=GPU_TOLERATION)
    ctl_labels = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "app.kubernetes.io/component": "controller"}
    w.workload("Deployment", _DRA_NS, _DRA_CTL,
               template_pod={"spec": {"containers": [{"name": "compute-domain", "image": image}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    deploy_pod(w, _DRA_NS, f"{_DRA_CTL}-5f7c9d8b64", f"{_DRA_CTL}-5f7c9d8b64-qk2rv", nodes[0],
               containers=("compute-domain",), image=image, labels=ctl_labels)
    w.custom["deviceclasses.resource.k8s.io"] = [
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": name, "creationTimestamp": T0},
         "spec": {"selectors": [{"cel": {"expression": expr}}]}}
        for name, expr in (("gpu.nvidia.com", "device.driver == 'gpu.nvidia.com' && "
                                              "device.attributes['gpu.nvidia.com'].type == 'gpu'"),
                           ("compute-domain-default-channel.nvidia.com",
                            "device.driver == 'compute-domain.nvidia.com' && "
                            "device.attributes['compute-domain.nvidia.com'].type == 'channel' && "
                            "device.attributes['compute-domain.nvidia.com'].id == 0"))]
    return pods


def _gpu_slice(w, node: str, gpus: int, product: str, arch: str) -> None:
    w.custom.setdefault("resourceslices.resource.k8s.io", []).append({
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{node}-gpu.nvidia.com-x7k2q", "creationTimestamp": T0},
        "spec": {"driver": "gpu.nvidia.com", "nodeName": node,
                 "pool": {"name": node, "generation": 1, "resourceSliceCount": 1},
                 "devices": [{"name": f"gpu-{i}", "attributes": {"type": {"string": "gpu"},
                                                                  "productName": {"string": product},
                                                                  "architecture": {"string": arch}}}
                             for i in range(gpus)]}})


def _set_state(p: dict, container: str, state: dict, *, ready: bool, restarts: int | None = None,
               last: dict | None = None) -> None:
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s["state"] = state
            s["ready"] = ready
            if restarts is not None:
                s["restartCount"] = restarts
            if last is not None:
                s["lastState"] = last
    if not ready:
        for c in p["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"


# ---- fd3001: CD kubelet plugin crash on a non-MNNVL NVLink system: empty cluster UUID (#864) -----------------

_A01_NODE = "hgx-h100-01"
_A01_IMG = "ghcr.io/nvidia/k8s-dra-driver-gpu:66e0153f"        # a main-branch build between #843 and the fix
_A01_UUID = "GPU-3f9d2c1a-7b64-4e85-a1c9-52d07e8b6f14"


def _a01_log(t: str) -> str:
    return (
        "I0205 10:14:02.118734       1 utils.go:65]\n"
        'Feature gates: map[string]bool{"AllAlpha":false, "AllBeta":false, "ComputeDomainCliques":true, '
        '"ContextualLogging":true, "CrashOnNVLinkFabricErrors":true, "DynamicMIG":false, '
        '"IMEXDaemonsWithDNSNames":true, "LoggingAlphaOptions":false, "LoggingBetaOptions":true, '
        '"MPSSupport":false, "PassthroughSupport":false, "TimeSlicingSettings":false}\n'
        "I0205 10:14:02.119210       1 envvar.go:172] \"Feature gate default state\" feature=\"WatchListClient\" "
        "enabled=false\n"
        "I0205 10:14:02.301447       1 nvlib.go:142] Found 8 GPUs on node hgx-h100-01\n"
        "Error: error creating driver: error getting cliqueID: error getting fabric information from one or more "
        f"devices: NVLink fabric not attached (device 0/{_A01_UUID}): {t}\n")


@case("fd3001", pod_subj(f"{_DRA_DS}-7wxlq", _DRA_NS),
      "A self-managed Kubernetes v1.34.3 cluster (assumed) with one HGX H100 node hgx-h100-01 (8 x H100 80GB SXM5 "
      "on NVSwitch: NVLink-capable, not multi-node-NVLink (MNNVL) capable; host driver 580.105.08 and fabric "
      "manager running, GPUs' fabric state Completed with a zero ClusterUUID; model, driver and names assumed) whose "
      "GPUs come only through the NVIDIA DRA driver, installed from the main branch between PR #843 (CD plugin: "
      "crash on NVLink fabric errors, feature gate CrashOnNVLinkFabricErrors on by default) and the fix 58dcfacb "
      "(image ghcr.io/nvidia/k8s-dra-driver-gpu:66e0153f assumed, the commit the issue links). In namespace "
      "nvidia-dra-driver-gpu the controller runs; the kubelet-plugin pod's gpus container runs (its ResourceSlice "
      "for gpu.nvidia.com lists 8 GPUs) while its compute-domains container is in CrashLoopBackOff, its previous "
      "log ending with the plugin's fatal error, whose last words are the issue's quote (the error chain before "
      "them composed from the code at the parent commit; earlier log lines illustrative); a kubelet BackOff event. "
      "No workload is modelled.")
def _(w, t):
    w.git_version = "v1.34.3"
    _dra_node(w, _A01_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", kubelet="v1.34.3",
              runtime="containerd://2.1.4", os_image="Ubuntu 24.04.3 LTS", kernel="6.8.0-87-generic", cpu="224",
              memory="2113412584Ki")
    pods = _dra_driver(w, [_A01_NODE], _A01_IMG, ready=0)
    p = pods[_A01_NODE]
    crashloop(p, "compute-domains", restarts=23, code=1, reason="Error")
    w.log(_DRA_NS, p["metadata"]["name"], "compute-domains", _a01_log(t), previous=True)
    w.log(_DRA_NS, p["metadata"]["name"], "gpus",
          "I0205 10:13:58.402113       1 driver.go:118] Publishing 8 devices in ResourceSlice for node "
          "hgx-h100-01\nI0205 10:13:58.517920       1 health.go:84] Health check server listening on :51516\n")
    backoff(w, _DRA_NS, p["metadata"]["name"], "compute-domains", _A01_NODE, count=96)
    _gpu_slice(w, _A01_NODE, 8, "NVIDIA H100 80GB HBM3", "Hopper")
    w.target("Pod", _DRA_NS, p["metadata"]["name"])


# ---- fd3002: OpenShift: IMEX daemon (random UID) cannot write /etc/nvidia-imex/nodes_config.cfg (616fe033) -----

_A02_NODES = ("gb200-tray-01", "gb200-tray-02")
_A02_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1"
_A02_NS = "llm-train"
_A02_CD = "imex-train-cd"
_A02_CD_UID = "6b1f0d3e-8c2a-4f57-9e61-3a4d2b7c9e05"


def _a02_log(t: str, ts: str) -> str:
    return (
        f"I0915 {ts}.101233       1 main.go:188] Starting compute-domain-daemon (version v25.8.1)\n"
        f"I0915 {ts}.102851       1 main.go:214] ComputeDomain {_A02_NS}/{_A02_CD} ({_A02_CD_UID}), clique "
        "9f6c1a27-3b84-4d0e-a5c2-7e91d04b6f38.32766\n"
        f"I0915 {ts}.288410       1 computedomain.go:412] Observed 2 of 2 nodes in IMEX domain\n"
        f"E0915 {ts}.288902       1 main.go:261] {t}\n"
        f"I0915 {ts}.289011       1 main.go:281] Shutting down\n")


@case("fd3002", pod_subj(f"{_A02_CD}-6b1f0-x7m4p", _DRA_NS),
      "Red Hat OpenShift 4.19 (Kubernetes v1.32.7; release assumed) with two GB200 compute trays (arm64, 4 GPUs "
      "each, one NVLink clique; RHCOS 9.6, CRI-O, driver from the GPU Operator; all assumed) whose GPUs come "
      "through the NVIDIA DRA driver v25.8.1 (the release before the fix, assumed) in namespace "
      "nvidia-dra-driver-gpu: controller and kubelet-plugin pods Running (the plugin pods privileged). A workload "
      "in llm-train (names assumed) created the ComputeDomain imex-train-cd; its per-domain IMEX daemon DaemonSet "
      "has one pod per tray, admitted under the restricted-v2 SCC (annotation openshift.io/scc, a random UID from "
      "the namespace's range), each in CrashLoopBackOff with the quoted error in its previous log (klog prefix and "
      "the lines around it illustrative); kubelet BackOff events. The workload's two pods are bound and stuck in "
      "ContainerCreating waiting for the domain (no event text modelled for them). The ComputeDomain's status is "
      "NotReady (assumed).")
def _(w, t):
    w.git_version = "v1.32.7"
    for n in _A02_NODES:
        _dra_node(w, n, gpus=4, product="NVIDIA-GB200", arch="arm64", kubelet="v1.32.7",
                  runtime="cri-o://1.32.7-2.rhaos4.19.git5b8f1e2.el9",
                  os_image="Red Hat Enterprise Linux CoreOS 9.6.20250910-0 (Plow)",
                  kernel="5.14.0-570.39.1.el9_6.aarch64+64k", cpu="144", memory="1003405312Ki",
                  extra_labels={"node-role.kubernetes.io/worker": "",
                                "nvidia.com/gpu.clique": "9f6c1a27-3b84-4d0e-a5c2-7e91d04b6f38.32766"})
    w.node("master-0", cpu="16", memory="65842768Ki",
           taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}],
           labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": ""})
    pods = _dra_driver(w, list(_A02_NODES), _A02_IMG)
    for p in pods.values():
        annotate(p, **{"openshift.io/scc": "privileged"})
        p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    label = {"resource.nvidia.com/computeDomain": _A02_CD_UID}
    cd_ds = f"{_A02_CD}-6b1f0"
    daemonset(w, _DRA_NS, cd_ds, desired=2, ready=0, containers=[("compute-domain-daemon", _A02_IMG)],
              labels=label, node_selector=label)
    w.ns_custom[("computedomains.resource.nvidia.com", _A02_NS)] = [{
        "apiVersion": "resource.nvidia.com/v1beta1", "kind": "ComputeDomain",
        "metadata": {"name": _A02_CD, "namespace": _A02_NS, "uid": _A02_CD_UID, "creationTimestamp": T0},
        "spec": {"numNodes": 2, "channel": {"resourceClaimTemplate": {"name": f"{_A02_CD}-channel"}}},
        "status": {"status": "NotReady", "nodes": []}}]
    for i, (n, sfx, ts) in enumerate(zip(_A02_NODES, ("x7m4p", "r8d2k"), ("09:41:07", "09:41:09"))):
        n_lab = w.get_node(n)["metadata"]["labels"]
        n_lab.update(label)
        name = f"{cd_ds}-{sfx}"
        p = ds_pod(w, _DRA_NS, cd_ds, name, n, containers=("compute-domain-daemon",), image=_A02_IMG,
                   labels=dict(label))
        annotate(p, **{"openshift.io/scc": "restricted-v2"})
        p["spec"]["securityContext"] = {"runAsNonRoot": True, "seccompProfile": {"type": "RuntimeDefault"},
                                        "fsGroup": 1000790000, "seLinuxOptions": {"level": "s0:c28,c17"}}
        p["spec"]["containers"][0]["securityContext"] = {
            "allowPrivilegeEscalation": False, "capabilities": {"drop": ["ALL"]}, "runAsUser": 1000790000}
        crashloop(p, "compute-domain-daemon", restarts=11 - i, code=1, reason="Error")
        w.log(_DRA_NS, name, "compute-domain-daemon", _a02_log(t, ts), previous=True)
        backoff(w, _DRA_NS, name, "compute-domain-daemon", n, count=40 - i)
        wp = w.pod(_A02_NS, f"trainer-{i}", node=n, gpu=0, containers=("trainer",),
                   image="nvcr.io/nvidia/pytorch:25.08-py3", phase="Pending", ready=False,
                   statuses={"trainer": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                         "restartCount": 0}},
                   extra_spec={"resourceClaims": [{"name": "imex-channel",
                                                   "resourceClaimTemplateName": f"{_A02_CD}-channel"},
                                                  {"name": "gpus", "resourceClaimTemplateName": "four-gpus"}]})
        wp["spec"]["containers"][0]["resources"]["claims"] = [{"name": "imex-channel"}, {"name": "gpus"}]
    w.target("Pod", _DRA_NS, f"{cd_ds}-x7m4p")


# ---- fd3003: DRA kubelet plugin killed by a 30-second liveness probe before its health checker is up ---------

_A03_NODE = "dgx-h100-07"
_A03_IMG = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0"
_A03_LOG = """I1201 08:02:11.406522       1 main.go:221] Starting gpu kubelet plugin (version v25.8.0)
I1201 08:02:11.512337       1 nvlib.go:96] Enumerating GPUs on node dgx-h100-07
I1201 08:02:13.884901       1 cdi.go:143] Generating CDI spec for 8 GPU devices
"""


@case("fd3003", pod_subj(f"{_DRA_DS}-7wxlq", _DRA_NS),
      "A self-managed Kubernetes v1.33.5 cluster (assumed) with one DGX H100 node dgx-h100-07 (8 GPUs, host driver "
      "570.172.08; assumed) whose GPUs come only through the NVIDIA DRA driver v25.8.0 (the last release whose "
      "chart has only the liveness probe: gRPC on the healthcheck port, failureThreshold 3, periodSeconds 10) in "
      "namespace nvidia-dra-driver-gpu. The kubelet-plugin pod's gpus container keeps being killed: kubelet "
      "Unhealthy events (liveness probe on port 51516 failing to connect), Killing events ('failed liveness probe, "
      "will be restarted') and BackOff, the container in CrashLoopBackOff with 14 restarts; its previous log stops "
      "during CDI spec generation (lines illustrative). The compute-domains container runs. No ResourceSlice is "
      "published for the node; no workload is modelled. Event wordings are the kubelet's usual ones, assumed. The "
      "commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    _dra_node(w, _A03_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", kubelet="v1.33.5",
              runtime="containerd://1.7.27", os_image="Ubuntu 22.04.5 LTS", kernel="5.15.0-1063-nvidia", cpu="224",
              memory="2113412584Ki")
    pods = _dra_driver(w, [_A03_NODE], _A03_IMG, ready=0)
    p = pods[_A03_NODE]
    name = p["metadata"]["name"]
    p["spec"]["containers"][1]["livenessProbe"] = {"grpc": {"port": 51516, "service": "liveness"},
                                                   "failureThreshold": 3, "periodSeconds": 10, "timeoutSeconds": 1}
    p["spec"]["containers"][0]["livenessProbe"] = {"grpc": {"port": 51515, "service": "liveness"},
                                                   "failureThreshold": 3, "periodSeconds": 10, "timeoutSeconds": 1}
    crashloop(p, "gpus", restarts=14, code=1, reason="Error")
    w.log(_DRA_NS, name, "gpus", _A03_LOG, previous=True)
    w.log(_DRA_NS, name, "compute-domains",
          "I1201 07:41:02.220418       1 main.go:230] Starting compute-domain kubelet plugin (version v25.8.0)\n"
          "I1201 07:41:03.907114       1 health.go:84] Health check server listening on :51515\n")
    w.event(_DRA_NS, "Pod", name, "Unhealthy",
            'Liveness probe failed: timeout: failed to connect service ":51516" within 1s: context deadline exceeded',
            component="kubelet", host=_A03_NODE, count=42, field_path="spec.containers{gpus}")
    w.event(_DRA_NS, "Pod", name, "Killing", "Container gpus failed liveness probe, will be restarted",
            type="Normal", component="kubelet", host=_A03_NODE, count=14, field_path="spec.containers{gpus}")
    backoff(w, _DRA_NS, name, "gpus", _A03_NODE, count=31)
    w.target("Pod", _DRA_NS, name)


# ---- fd3004: KAI refuses non-MIG jobs on a MIG-disabled node still listing mig-*: 0 (#1123 / #1120) ----------

_A04_NODE = "gpu-node-01"
_A04_NS = "team-a"
_A04_POD = "notebook-frac-0"
_A04_KAI = "ghcr.io/nvidia/kai-scheduler"
_A04_VER = "v0.12.15"


@case("fd3004", pod_subj(_A04_POD, _A04_NS),
      "Kubernetes v1.32.9 (assumed) with one GPU node gpu-node-01 whose capacity and allocatable are the issue's "
      "(cpu 192, memory 1583754476Ki, nvidia.com/gpu 8, nvidia.com/mig-1g.24gb 0, nvidia.com/mig-2g.48gb 0, "
      "rdma/ib0 63); GPU Operator stack healthy, GFD labels with mig.strategy mixed, mig.config all-disabled, "
      "mig.config.state success (GPU model NVIDIA RTX PRO 6000 Blackwell Server Edition assumed from the MIG "
      "profiles). KAI-Scheduler v0.12.15 (the reporter's version) runs in namespace kai-scheduler (scheduler, "
      "binder, podgrouper, admission, queue-controller; names assumed). A fractional-GPU pod (annotation "
      "gpu-fraction 0.5, queue team-a, schedulerName kai-scheduler; names assumed) stays Pending; KAI's "
      "Unschedulable event and the PodScheduled condition carry a message composed from KAI v0.12.15's "
      "DefaultPodError prefix and the fit error its node predicate returns for non-MIG tasks on a node it counts "
      "as MIG-enabled in mixed strategy (the composition is assumed; the issue's stored copy stops before the "
      "reporter's message). The issue's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.9"
    n = w.gpu_node(_A04_NODE, gpus=8, product="NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition", memory_mib=97887,
                   cpu="192", memory="1583754476Ki",
                   labels={"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "all-disabled",
                           "nvidia.com/mig.config.state": "success", "nvidia.com/mig.capable": "true",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic",
              containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.32.9", kubeProxyVersion="v1.32.9")
    n["status"]["capacity"].update({"ephemeral-storage": "300602976Ki", "nvidia.com/mig-1g.24gb": "0",
                                    "nvidia.com/mig-2g.48gb": "0", "rdma/ib0": "63"})
    n["status"]["allocatable"].update({"ephemeral-storage": "292426574824", "nvidia.com/mig-1g.24gb": "0",
                                       "nvidia.com/mig-2g.48gb": "0", "rdma/ib0": "63"})
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    for comp in ("scheduler", "binder", "podgrouper", "admission", "queue-controller"):
        rs = f"kai-{comp}-6d8f9c7b5" if comp != "scheduler" else "kai-scheduler-default-7c5d8b9f6"
        p = deploy_pod(w, "kai-scheduler", rs, f"{rs}-q2x8m", "cpu-node-01", containers=(comp,),
                       image=f"{_A04_KAI}/{comp}:{_A04_VER}", labels={"app": rs.rsplit("-", 1)[0]})
        w.workload("Deployment", "kai-scheduler", rs.rsplit("-", 1)[0], template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
    msg = "Unable to schedule pod: non MIG jobs cant run on a node with MigStrategy='mixed'"
    p = w.pod(_A04_NS, _A04_POD, gpu=0, phase="Pending", scheduler="kai-scheduler", scheduled_message=msg,
              containers=("notebook",), image="nvcr.io/nvidia/pytorch:25.10-py3", cpu="8", memory="64Gi",
              labels={"kai.scheduler/queue": "team-a", "app": "notebook-frac"})
    annotate(p, **{"gpu-fraction": "0.5", "pod-group-name": "pg-notebook-frac-0"})
    w.event(_A04_NS, "Pod", _A04_POD, "Unschedulable", msg, component="kai-scheduler", count=27)
    w.target("Pod", _A04_NS, _A04_POD)


# ---- fd3005: HAMi rejects a Dynamic-MIG pod asking for 2 MIG instances of the node's one GPU (#2724) ---------

_A05_NODE = "a100-node-01"
_A05_NS = "default"
_A05_POD = "mig-pod-2x"
_A05_IMG = "projecthami/hami:v2.9.0"


def _hami(w, node: str, cpu_node: str) -> None:
    """HAMi v2.9.0 in kube-system: the scheduler Deployment (kube-scheduler + extender) and the device plugin
    DaemonSet (device-plugin + vgpu-monitor) on the GPU node."""
    rs = "hami-scheduler-7b9d6c5f84"
    sp = deploy_pod(w, "kube-system", rs, f"{rs}-m2kq9", cpu_node, containers=("kube-scheduler", "vgpu-scheduler-extender"),
                    image=_A05_IMG, labels={"app.kubernetes.io/component": "hami-scheduler"})
    sp["spec"]["containers"][0]["image"] = "registry.k8s.io/kube-scheduler:v1.29.6"
    w.workload("Deployment", "kube-system", "hami-scheduler", template_pod=sp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    ds = "hami-device-plugin"
    labels = {"app.kubernetes.io/component": "hami-device-plugin"}
    daemonset(w, "kube-system", ds, desired=1, containers=[("device-plugin", _A05_IMG), ("vgpu-monitor", _A05_IMG)],
              labels=labels, node_selector={"gpu": "on"})
    ds_pod(w, "kube-system", ds, f"{ds}-t8w4n", node, containers=("device-plugin", "vgpu-monitor"), image=_A05_IMG,
           labels=dict(labels), node_selector={"gpu": "on"})


@case("fd3005", pod_subj(_A05_POD, _A05_NS),
      "Kubernetes v1.29.6 (assumed) with one GPU node a100-node-01 (one NVIDIA A100-SXM4-80GB, host driver "
      "550.127.05 and the NVIDIA runtime; assumed) labelled gpu=on and configured for HAMi's Dynamic MIG mode; "
      "HAMi v2.9.0 (the release before the fix) in kube-system: hami-scheduler (kube-scheduler + "
      "vgpu-scheduler-extender) and the hami-device-plugin DaemonSet, all Running; the node advertises "
      "nvidia.com/gpu 10 (the default split count). A pod (annotation nvidia.com/vgpu-mode mig, limits "
      "nvidia.com/gpu 2 and nvidia.com/gpumem 4000, schedulerName hami-scheduler; names assumed) stays Pending: "
      "the extender's FilteringFailed event ('no available node, 1 nodes do not meet', HAMi v2.9.0's wording) and "
      "the kube-scheduler's FailedScheduling event naming the extender's reason NodeInsufficientDevice (the "
      "composition assumed). The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.6"
    n = w.node(_A05_NODE, gpus=10, cpu="64", memory="527938872Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-126-generic",
              containerRuntimeVersion="containerd://1.7.22", kubeletVersion="v1.29.6", kubeProxyVersion="v1.29.6")
    annotate(n, **{"hami.io/node-handshake": "Reported 2026-08-18 09:12:44",
                   "hami.io/node-nvidia-register":
                       '[{"id":"GPU-9b7c3e1a-52d4-4f86-b0a7-1c6e2d9f8a31","count":10,"devmem":81920,"devcore":100,'
                       '"type":"NVIDIA-NVIDIA A100-SXM4-80GB","mode":"mig","health":true}]'})
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami(w, _A05_NODE, "cpu-node-01")
    fs = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 NodeInsufficientDevice. preemption: 0/2 nodes " \
         "are available: 2 Preemption is not helpful for scheduling."
    p = w.pod(_A05_NS, _A05_POD, gpu=2, phase="Pending", scheduler="hami-scheduler", scheduled_message=fs,
              containers=("ubuntu-container",), image="ubuntu:22.04", cpu="1", memory="2Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "4000"
    annotate(p, **{"nvidia.com/vgpu-mode": "mig"})
    w.event(_A05_NS, "Pod", _A05_POD, "FilteringFailed", "no available node, 1 nodes do not meet",
            component="hami-scheduler", count=18)
    w.event(_A05_NS, "Pod", _A05_POD, "FailedScheduling", fs, component="hami-scheduler", count=18)
    w.target("Pod", _A05_NS, _A05_POD)


# ---- fd3006: HAMi device plugin marks GPUs without NVML event support unhealthy: allocatable 0 (#2393) ------

_A06_NODE = "gpu-lab-01"
_A06_UUIDS = ("GPU-1c4e7a92-3b58-4d61-8f20-6a9d3e5b7c14", "GPU-5d8b2f06-9e41-4a7c-b3d5-0f6c1e8a2b97",
              "GPU-8a3f6c1d-2e75-4b90-a6c8-d41f7b0e3952", "GPU-e27b9d54-6f13-4c8a-9d02-b5a8c3f1e6d0")


def _a06_plugin_log() -> str:
    lines = ["I0806 14:20:31.118204       1 main.go:256] Starting NVIDIA Device Plugin (HAMi v2.9.0)",
             "I0806 14:20:31.402917       1 server.go:157] Starting GRPC server for 'nvidia.com/gpu'",
             "I0806 14:20:31.404551       1 server.go:107] Starting to serve 'nvidia.com/gpu' on "
             "/var/lib/kubelet/device-plugins/nvidia-gpu.sock",
             "I0806 14:20:31.409018       1 server.go:114] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
             "I0806 14:20:31.411673       1 health.go:80] Using XIDs for health checks: map[13:true 31:true 43:true "
             "45:true 68:true 109:true]"]
    for i, u in enumerate(_A06_UUIDS):
        lines.append(f"W0806 14:20:31.41{2 + i}208       1 health.go:122] Device {u} is too old to support healthchecking.")
        lines.append(f"I0806 14:20:31.41{2 + i}240       1 health.go:125] Marking device {u} as unhealthy: "
                     "ERROR_NOT_SUPPORTED")
    return "\n".join(lines) + "\n"


@case("fd3006", node_subj(_A06_NODE),
      "Kubernetes v1.29.6 (assumed) with one GPU node gpu-lab-01 (4 GPUs of a model whose NVML returns "
      "ERROR_NOT_SUPPORTED for event registration: NVIDIA GeForce RTX 3090 assumed, the commit names none; host "
      "driver 550.127.05 and the NVIDIA runtime; assumed) labelled gpu=on; HAMi v2.9.0 (the release before the "
      "fix) in kube-system: hami-scheduler and the hami-device-plugin DaemonSet, Running and ready. The node's "
      "nvidia.com/gpu capacity is 40 (4 GPUs x the default split count 10) and its allocatable 0, every device "
      "reported Unhealthy. The device-plugin container's log shows, for each GPU, the two lines the fixed code "
      "printed ('... is too old to support healthchecking.' then 'Marking device ... as unhealthy: "
      "ERROR_NOT_SUPPORTED'; taken from the code at v2.9.0, the commit quotes no log; the surrounding lines "
      "illustrative). A training pod requesting one nvidia.com/gpu (names assumed) is Pending with the scheduler's "
      "usual 'Insufficient nvidia.com/gpu' FailedScheduling message (assumed). The commit's prose is not in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.29.6"
    n = w.node(_A06_NODE, gpus=40, allocatable=0, cpu="32", memory="263855396Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-126-generic",
              containerRuntimeVersion="containerd://1.7.22", kubeletVersion="v1.29.6", kubeProxyVersion="v1.29.6")
    annotate(n, **{"hami.io/node-handshake": "Reported 2026-08-06 14:21:02",
                   "hami.io/node-nvidia-register": "[" + ",".join(
                       '{"id":"%s","count":10,"devmem":24576,"devcore":100,"type":"NVIDIA-NVIDIA GeForce RTX 3090",'
                       '"mode":"hami-core","health":false}' % u for u in _A06_UUIDS) + "]"})
    w.node("cpu-node-01", cpu="16", memory="65842768Ki")
    _hami(w, _A06_NODE, "cpu-node-01")
    w.log("kube-system", "hami-device-plugin-t8w4n", "device-plugin", _a06_plugin_log())
    fs = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No " \
         "preemption victims found for incoming pod."
    w.pod("ml", "resnet-train-0", gpu=1, phase="Pending", scheduler="hami-scheduler", scheduled_message=fs,
          containers=("trainer",), image="nvcr.io/nvidia/pytorch:24.08-py3", cpu="4", memory="16Gi")
    w.event("ml", "Pod", "resnet-train-0", "FailedScheduling", fs, component="hami-scheduler", count=12)
    w.target("Node", None, _A06_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
