"""Builds first-contact batch E10 (fixtures/first-contact/batch-e10/cases.jsonl) as scenario bundles.

Driver-layer cases sampled with the fixed list of 48 queries in the batch README (12 per corpus), sent to all four
corpora of the search tool (`issues`, `pages`, `docs`, `code`). The expected answers were reasoned from the sources
(`expected` in the case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a source does not state (node and pod names, kernels, kubelet versions, plugin versions,
instance types) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e10      # (re)writes fixtures/first-contact/batch-e10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenario_builder import HEALTHY_GFD_LOG, HEALTHY_PLUGIN_LOG, OPERATOR_NS, T0
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-e10", "E10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach the cluster (a PR description, host journal output): not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fe1001", "fe1003"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
RUNNING = {"state": {"running": {"startedAt": T0}}, "ready": True, "restartCount": 0}
DONE = {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}},
        "ready": True, "restartCount": 0}


def _set_images(pod: dict, images: dict[str, str]) -> None:
    """Give a pod's containers and init containers (spec and status) their own images."""
    for key in ("containers", "initContainers"):
        for c in pod["spec"].get(key, []):
            if c["name"] in images:
                c["image"] = images[c["name"]]
    for key in ("containerStatuses", "initContainerStatuses"):
        for s in pod["status"].get(key, []):
            if s["name"] in images:
                s["image"] = images[s["name"]]


def _control_plane(w, name: str, info: dict, *, cpu: str = "8", memory: str = "32780384Ki", labels=None) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels={"node-role.kubernetes.io/control-plane": "", **(labels or {})},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)
    return n


def _operands(w, node: str, sfx: dict[str, str], *, version: str, desired: int = 1,
              gfd: bool = True) -> None:
    """The GPU Operator's operand DaemonSets past the driver (toolkit, device plugin, GFD, DCGM exporter,
    validator), all Running and Ready on `node` (1 desired each)."""
    specs = [
        ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr",
         "nvcr.io/nvidia/k8s/container-toolkit:v1.19.1-ubuntu20.04", ("driver-validation",),
         "nvidia.com/gpu.deploy.container-toolkit", None),
        ("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
         ("toolkit-validation",), "nvidia.com/gpu.deploy.device-plugin", HEALTHY_PLUGIN_LOG),
        ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:4.4.1-4.6.0-ubuntu22.04",
         ("toolkit-validation",), "nvidia.com/gpu.deploy.dcgm-exporter", None),
        ("nvidia-operator-validator", "nvidia-operator-validator",
         f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}",
         ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"),
         "nvidia.com/gpu.deploy.operator-validator", None),
    ]
    if gfd:
        specs.insert(2, ("gpu-feature-discovery", "gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
                         ("toolkit-validation",), "nvidia.com/gpu.deploy.gpu-feature-discovery", HEALTHY_GFD_LOG))
    for ds, ctr, image, inits, selector, log in specs:
        daemonset(w, OPERATOR_NS, ds, desired=desired, containers=[(ctr, image)],
                  init_containers=[(i, f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}")
                                   for i in inits],
                  node_selector={selector: "true"}, tolerations=GPU_TOL, runtime_class="nvidia",
                  labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"})
        pod = f"{ds}-{sfx[ds]}"
        ds_pod(w, OPERATOR_NS, ds, pod, node, containers=(ctr,), image=image, init_containers=inits,
               runtime_class="nvidia", tolerations=GPU_TOL, cpu="100m", memory="128Mi",
               labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"})
        if log:
            w.log(OPERATOR_NS, pod, ctr, log)


def _cluster_policy(w, *, state: str, rdma: bool) -> None:
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/component": "gpu-operator"}},
        "spec": {"driver": {"enabled": True, "rdma": {"enabled": rdma, "useHostMofed": False},
                            "kernelModuleType": "open",
                            "upgradePolicy": {"autoUpgrade": True, "maxParallelUpgrades": 1}},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                 "dcgmExporter": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": state, "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "True" if state == "ready" else "False",
                                   "reason": "Reconciled" if state == "ready" else "OperandNotReady",
                                   "lastTransitionTime": T0}]}}]


def _gpu_operator_deployment(w, node: str, version: str, pod: str) -> None:
    deploy_pod(w, OPERATOR_NS, pod.rsplit("-", 1)[0], pod, node, containers=("gpu-operator",),
               image=f"nvcr.io/nvidia/gpu-operator:{version}",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}, cpu="200m",
               memory="350Mi")


def _driver_pod(w, node: str, name: str, *, image: str, containers: tuple[str, ...], crashing_ctr: str,
                restarts: int, manager_image: str, version: str, rdma_init: bool = True) -> dict:
    """The GPU Operator's driver DaemonSet pod: every container Running and Ready but `crashing_ctr`, which
    crash-loops (so the pod is Running and not Ready); its init containers completed."""
    inits = ("k8s-driver-manager",) + (("mofed-validation",) if rdma_init else ())
    statuses = {c: dict(RUNNING) for c in containers}
    statuses.update(crashing(crashing_ctr, code=1, restarts=restarts))
    p = ds_pod(w, OPERATOR_NS, "nvidia-driver-daemonset", name, node, containers=containers, image=image,
               init_containers=inits, init_statuses={i: dict(DONE) for i in inits}, statuses=statuses,
               ready=False, restarts=0, tolerations=GPU_TOL, cpu="500m", memory="1Gi",
               labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator",
                       "app.kubernetes.io/component": "nvidia-driver"})
    images = {"k8s-driver-manager": manager_image,
              "mofed-validation": f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}"}
    if "nvidia-gdrcopy-ctr" in containers:
        images["nvidia-gdrcopy-ctr"] = "nvcr.io/nvidia/cloud-native/gdrdrv:v2.5.1-ubuntu24.04"
    _set_images(p, images)
    for s in p["status"]["containerStatuses"]:
        s["started"] = s["name"] != crashing_ctr
    return p


# ---- driver layer ----------------------------------------------------------------------------

@case("fe1001", pod_subj("nvidia-driver-daemonset-7xk2p", OPERATOR_NS),
      "Upstream Kubernetes v1.33 (kubeadm-style on Ubuntu 22.04 assumed; names and versions assumed) with a "
      "control-plane node and one GPU node `dgx-h100-07` (8x NVIDIA H100 80GB HBM3, ConnectX NICs) running the NVIDIA "
      "GPU Operator v26.3.0 with GPUDirect RDMA enabled (driver.rdma.enabled=true, useHostMofed=false; driver "
      "595.58.03 assumed). The driver DaemonSet `nvidia-driver-daemonset` (1 desired / 0 ready) has just recreated "
      "its pod on the node after the old one was deleted: init containers k8s-driver-manager and mofed-validation "
      "completed, nvidia-driver-ctr Running and Ready (the fast path; the kernel modules, nvidia_peermem included, "
      "stay loaded), nvidia-peermem-ctr in CrashLoopBackOff (exit code 1, restart count assumed; no log, the PR "
      "quotes none) with the kubelet's BackOff event. The other operands (toolkit, device plugin, GFD, DCGM "
      "exporter, validator) are Running and the node keeps advertising its 8 nvidia.com/gpu; no GPU workload error "
      "is modelled. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.4"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-144-generic",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4",
            "kubeProxyVersion": "v1.33.4"}
    _control_plane(w, "k8s-cp-1", info)
    node = "dgx-h100-07"
    version = "v26.3.0"
    n = w.node(node, gpus=8, cpu="224", memory="2113456892Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                       "nvidia.com/gpu.count": "8", "nvidia.com/gpu.memory": "81559",
                       "nvidia.com/cuda.driver.major": "595", "nvidia.com/cuda.driver.minor": "58",
                       "nvidia.com/cuda.driver.rev": "03", "nvidia.com/gpu.deploy.driver": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true",
                       "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                       "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/pci-15b3.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": "5.15.0-144-generic"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, **info)
    _gpu_operator_deployment(w, "k8s-cp-1", version, "gpu-operator-6c8d9f7b54-h2lqz")
    image = "nvcr.io/nvidia/driver:595.58.03-ubuntu22.04"
    containers = ("nvidia-driver-ctr", "nvidia-peermem-ctr")
    daemonset(w, OPERATOR_NS, "nvidia-driver-daemonset", desired=1, current=1, ready=0,
              containers=[(c, image) for c in containers],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.0"),
                               ("mofed-validation", f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true"}, tolerations=GPU_TOL,
              labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator",
                      "app.kubernetes.io/component": "nvidia-driver"})
    pod = "nvidia-driver-daemonset-7xk2p"
    _driver_pod(w, node, pod, image=image, containers=containers, crashing_ctr="nvidia-peermem-ctr", restarts=5,
                manager_image="nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.0", version=version)
    backoff(w, OPERATOR_NS, pod, "nvidia-peermem-ctr", node, count=22)
    _operands(w, node, {"nvidia-container-toolkit-daemonset": "q8w2d", "nvidia-device-plugin-daemonset": "m4t7x",
                        "gpu-feature-discovery": "b6n9c", "nvidia-dcgm-exporter": "z3k5r",
                        "nvidia-operator-validator": "p7j2f"}, version=version)
    w.target("Pod", OPERATOR_NS, pod)


@case("fe1002", pod_subj("nvidia-driver-daemonset-5hq8n", OPERATOR_NS),
      "AKS 1.35.5 (node names, pod names and image tags assumed) with a system node pool and a GPU node "
      "`aks-ndh100-31415926-vmss000002` (Standard_ND96isr_H100_v5: 8x NVIDIA H100 80GB HBM3, Ubuntu 24.04, kernel "
      "6.8.0-1059-azure, containerd 2.3.2) running the GPU Operator v26.3.2 (driver 580.126.20, open kernel modules, "
      "driver.rdma.enabled=true, useHostMofed=false) beside the Network Operator, whose DOCA/MOFED driver pod on the "
      "node is Running. The driver DaemonSet `nvidia-driver-daemonset` is 1 desired / 0 ready: its restarted pod on "
      "the node is at 2/3, nvidia-driver-ctr Running and Ready (its log carries the userspace-only-install line the "
      "issue quotes), nvidia-gdrcopy-ctr Running and Ready, nvidia-peermem-ctr in CrashLoopBackOff whose previous "
      "log is the case's text (restart count assumed), with the kubelet's BackOff event. The driver-upgrade state "
      "machine keeps the node cordoned (spec.unschedulable, label nvidia.com/gpu-driver-upgrade-state="
      "pod-restart-required) and the ClusterPolicy is notReady. The other operands are Running; the node still "
      "advertises its 8 nvidia.com/gpu (the driver is loaded); no GPU workload is modelled.")
def _(w, t):
    w.git_version = "v1.35.5"
    info = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-1059-azure",
            "containerRuntimeVersion": "containerd://2.3.2", "kubeletVersion": "v1.35.5",
            "kubeProxyVersion": "v1.35.5"}
    sysn = "aks-system-27182818-vmss000000"
    n0 = w.node(sysn, cpu="8", memory="32863360Ki",
                labels={"kubernetes.azure.com/agentpool": "system", "kubernetes.azure.com/mode": "system",
                        "node.kubernetes.io/instance-type": "Standard_D8ds_v5",
                        "kubernetes.azure.com/cluster": "MC_rg-gpu_aks-gpu_westus3"})
    node_info(n0, **info)
    node = "aks-ndh100-31415926-vmss000002"
    version = "v26.3.2"
    n = w.node(node, gpus=8, cpu="96", memory="1857048672Ki", unschedulable=True,
               labels={"kubernetes.azure.com/agentpool": "ndh100", "kubernetes.azure.com/mode": "user",
                       "node.kubernetes.io/instance-type": "Standard_ND96isr_H100_v5",
                       "kubernetes.azure.com/cluster": "MC_rg-gpu_aks-gpu_westus3",
                       "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                       "nvidia.com/gpu.count": "8", "nvidia.com/gpu.memory": "81559",
                       "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "126",
                       "nvidia.com/cuda.driver.rev": "20", "nvidia.com/gpu.deploy.driver": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true",
                       "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                       "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true",
                       "nvidia.com/gpu-driver-upgrade-state": "pod-restart-required",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/pci-15b3.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": "6.8.0-1059-azure"},
               taints=[{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": T0}])
    node_info(n, **info)
    _gpu_operator_deployment(w, sysn, version, "gpu-operator-7f9c6d5b48-kq4vz")
    image = "nvcr.io/nvidia/driver:580.126.20-ubuntu24.04"
    containers = ("nvidia-driver-ctr", "nvidia-gdrcopy-ctr", "nvidia-peermem-ctr")
    daemonset(w, OPERATOR_NS, "nvidia-driver-daemonset", desired=1, current=1, ready=0,
              containers=[("nvidia-driver-ctr", image),
                          ("nvidia-gdrcopy-ctr", "nvcr.io/nvidia/cloud-native/gdrdrv:v2.5.1-ubuntu24.04"),
                          ("nvidia-peermem-ctr", image)],
              init_containers=[("k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.1"),
                               ("mofed-validation", f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true"}, tolerations=GPU_TOL,
              labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator",
                      "app.kubernetes.io/component": "nvidia-driver"})
    pod = "nvidia-driver-daemonset-5hq8n"
    _driver_pod(w, node, pod, image=image, containers=containers, crashing_ctr="nvidia-peermem-ctr", restarts=9,
                manager_image="nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.10.1", version=version)
    w.log(OPERATOR_NS, pod, "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\n"
          "The NVIDIA driver is already loaded with the desired configuration, performing userspace-only install\n")
    w.log(OPERATOR_NS, pod, "nvidia-peermem-ctr", t, previous=True)
    backoff(w, OPERATOR_NS, pod, "nvidia-peermem-ctr", node, count=37)
    _operands(w, node, {"nvidia-container-toolkit-daemonset": "v2c8m", "nvidia-device-plugin-daemonset": "r9x4k",
                        "gpu-feature-discovery": "h5q2t", "nvidia-dcgm-exporter": "w7n3j",
                        "nvidia-operator-validator": "f4d8s"}, version=version)
    _cluster_policy(w, state="notReady", rdma=True)
    net_ns = "nvidia-network-operator"
    mofed = "mofed-ubuntu24.04-6b7c9d8f5-ds"
    mofed_image = "nvcr.io/nvidia/mellanox/doca-driver:doca3.1.0-25.07-0.9.7.0-0-6.8.0-1059-azure-ubuntu24.04-amd64"
    daemonset(w, net_ns, mofed, desired=1, containers=[("mofed-container", mofed_image)],
              node_selector={"feature.node.kubernetes.io/pci-15b3.present": "true"}, tolerations=GPU_TOL,
              labels={"app": "mofed-ubuntu24.04", "nvidia.com/ofed-driver": ""})
    ds_pod(w, net_ns, mofed, f"{mofed}-x2p9l", node, containers=("mofed-container",), image=mofed_image,
           tolerations=GPU_TOL, cpu="200m", memory="1Gi", labels={"app": "mofed-ubuntu24.04"})
    w.target("Pod", OPERATOR_NS, pod)


@case("fe1003", node_subj("edge-hgx-b200-01"),
      "A Spectro Cloud Palette Edge appliance (a single-node edge cluster built from a CanvOS/Kairos image; K3s "
      "v1.32 assumed, names and versions assumed) on an HGX B200 (8x NVIDIA B200, NVLink5 NVSwitch fabric managed "
      "through InfiniBand devices) whose image installs the NVIDIA driver (570.172.08 assumed) and "
      "nvidia-fabricmanager on the host. On this fresh appliance the host's fabric manager unit stopped at its "
      "precheck (the case's text, host journal output the collector does not read; not placed), so nv-fabricmanager "
      "is not running. The standalone NVIDIA device plugin DaemonSet (Helm chart, namespace `nvidia-device-plugin`, "
      "assumed) is 1/1 Ready and the node advertises 8 nvidia.com/gpu; the PR quotes no workload error, kernel line "
      "or CUDA error, so none is placed and no failing workload is modelled.")
def _(w, t):
    w.git_version = "v1.32.6+k3s1"
    node = "edge-hgx-b200-01"
    n = w.node(node, gpus=8, cpu="224", memory="4227858432Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s", "nvidia.com/gpu.present": "true",
                       "kairos.io/managed": "true", "spectrocloud.com/edge-host": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS (Kairos)", kernelVersion="6.8.0-79-generic",
              containerRuntimeVersion="containerd://2.0.5-k3s1", kubeletVersion="v1.32.6+k3s1",
              kubeProxyVersion="v1.32.6+k3s1")
    dp_ns, dp_image = "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.3"
    ctr = "nvidia-device-plugin-ctr"
    daemonset(w, dp_ns, "nvidia-device-plugin", desired=1, containers=[(ctr, dp_image)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOL, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "nvidia-device-plugin"})
    pod = "nvidia-device-plugin-t8k3w"
    ds_pod(w, dp_ns, "nvidia-device-plugin", pod, node, containers=(ctr,), image=dp_image, tolerations=GPU_TOL,
           runtime_class="nvidia", cpu="50m", memory="64Mi")
    w.log(dp_ns, pod, ctr, HEALTHY_PLUGIN_LOG)
    w.target("Node", None, node)


@case("fe1004", pod_subj("vllm-server-7b9f6c5d84-q2xkp", "swe-ai-fleet"),
      "A self-managed Kubernetes v1.34 cluster (kubeadm assumed; names and versions assumed) on CRI-O with a "
      "control-plane node and one GPU node `gpu-node-01` on Arch Linux (kernel 6.18 assumed) whose host NVIDIA driver "
      "(open kernel modules) an OS update moved to the 590 branch (590.48.01 assumed; one RTX-class GPU assumed). The "
      "NVIDIA device plugin (standalone chart in kube-system, assumed) is Running and the node advertises 1 "
      "nvidia.com/gpu. In namespace `swe-ai-fleet` the Deployment `vllm-server` (image vllm/vllm-openai:latest, CUDA "
      "12.x) has its pod Running but its container `vllm-server` in CrashLoopBackOff (exit code 1, restart count "
      "assumed); its previous log is the case's text (the entry's elided line, the only line placed) and the "
      "kubelet's BackOff event is there.")
def _(w, t):
    w.git_version = "v1.34.2"
    info = {"osImage": "Arch Linux", "kernelVersion": "6.18.2-arch1-1",
            "containerRuntimeVersion": "cri-o://1.34.3", "kubeletVersion": "v1.34.2",
            "kubeProxyVersion": "v1.34.2"}
    _control_plane(w, "k8s-cp-01", info)
    node = "gpu-node-01"
    n = w.node(node, gpus=1, cpu="32", memory="131817884Ki",
               labels={"nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(n, **info)
    dp_image = "nvcr.io/nvidia/k8s-device-plugin:v0.18.1"
    ctr = "nvidia-device-plugin-ctr"
    daemonset(w, KS, "nvidia-device-plugin", desired=1, containers=[(ctr, dp_image)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOL, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "nvidia-device-plugin"})
    dp_pod = "nvidia-device-plugin-6wq9z"
    ds_pod(w, KS, "nvidia-device-plugin", dp_pod, node, containers=(ctr,), image=dp_image, tolerations=GPU_TOL,
           runtime_class="nvidia", cpu="50m", memory="64Mi")
    w.log(KS, dp_pod, ctr, HEALTHY_PLUGIN_LOG)
    ns = "swe-ai-fleet"
    rs = "vllm-server-7b9f6c5d84"
    w.workload("Deployment", ns, "vllm-server", replicas=1, strategy={"type": "Recreate"}, revision="3",
               status={"replicas": 1, "updatedReplicas": 1, "readyReplicas": 0, "availableReplicas": 0,
                       "unavailableReplicas": 1, "observedGeneration": 3})
    w.workload("ReplicaSet", ns, rs, owner=("Deployment", "vllm-server"), revision="3",
               status={"replicas": 1, "fullyLabeledReplicas": 1, "readyReplicas": 0, "availableReplicas": 0,
                       "observedGeneration": 1})
    pod = "vllm-server-7b9f6c5d84-q2xkp"
    w.pod(ns, pod, node=node, gpu=1, containers=("vllm-server",), image="vllm/vllm-openai:latest",
          phase="Running", ready=False, statuses=crashing("vllm-server", code=1, restarts=8), restarts=8,
          owner=("ReplicaSet", rs), labels={"app": "vllm-server"}, cpu="4", memory="24Gi")
    w.log(ns, pod, "vllm-server", t, previous=True)
    backoff(w, ns, pod, "vllm-server", node, count=31)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
