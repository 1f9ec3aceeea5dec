"""Builds first-contact batch C11 (fixtures/first-contact/batch-c11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer (and one healthy look-alike) sampled from all four pools
of the search tool at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 72 queries in the batch README,
that no rule was written for. The expected answer was reasoned from the source (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, runtime versions, some image
tags, GPU models, instance types) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_c11      # (re)writes fixtures/first-contact/batch-c11/scenarios/
"""

from __future__ import annotations

import dataclasses

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

PROSE = ("The case's text is prose (the source's own description) that never reaches the cluster: it is NOT in the "
         "bundle, which shows only the state the source describes.")


class _Batch(ThreadBatch):
    """ThreadBatch, its README saying where a prose case's text is (not in the bundle)."""

    def scenario(self, case_id):
        s = super().scenario(case_id)
        if case_id in TEXT_NOT_IN_BUNDLE:
            s = dataclasses.replace(s, readme=s.readme.replace("The case's text is used verbatim.", PROSE))
        return s


FC = _Batch("batch-c11", "C11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle as a whole)
TEXT_NOT_IN_BUNDLE = {"fc1104"}


def _set_image(p: dict, image: str) -> None:
    for c in p["spec"]["containers"]:
        c["image"] = image
    for s in p["status"].get("containerStatuses", []):
        s["image"] = image


# ---- KubeVirt GPU device plugin: an A40 missing from the image's pci.ids, nothing registered ----

KV_LOG_HEAD = """2021/07/09 00:38:05 Not a device, continuing
"""


@case("fc1101", pod_subj("nvidia-kubevirt-gpu-dp-daemonset-7qk2m", "kube-system"),
      "Kubernetes v1.21.2 (kubeadm on Ubuntu 20.04 assumed: the issue names no distribution; the node name "
      "k8s-usra-01 is the reporter's prompt) with KubeVirt v0.43 (assumed) in kubevirt, its CR permitting the host "
      "device 10DE:2235 as nvidia.com/GA102GL_A40 with an external resource provider (assumed: the usual entry for "
      "this plugin); the node k8s-usra-01 with two NVIDIA A40 at 0000:01:00.0 and 0000:81:00.0 bound to vfio-pci "
      "(the reporter's lspci), KubeVirt's devices.kubevirt.io/kvm, tun and vhost-net advertised, but no "
      "nvidia.com/GA102GL_A40 and no nvidia.com/gpu in capacity or allocatable (the reporter: nothing new appeared "
      "in allocatable); a CPU control-plane node cp-1; the NVIDIA KubeVirt GPU device plugin DaemonSet "
      "nvidia-kubevirt-gpu-dp-daemonset in kube-system (image nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.0.0 "
      "assumed: the fix shipped in v1.0.1), desired 1 / ready 1, its pod Running, not crash-looping (the reporter), "
      "its current log the log the reporter quotes, verbatim, after an assumed first line 'Not a device, "
      "continuing' that the issue also shows above the quoted lines. No VM is written (none is described).")
def _(w, t):
    w.git_version = "v1.21.2"
    info = dict(osImage="Ubuntu 20.04.2 LTS", kernelVersion="5.4.0-77-generic",
                containerRuntimeVersion="containerd://1.4.6", kubeletVersion="v1.21.2", kubeProxyVersion="v1.21.2")
    cp = "cp-1"
    c = w.node(cp, cpu="8", memory="32827228Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                          "node-role.kubernetes.io/master": ""},
               taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(c, **info)
    node = "k8s-usra-01"
    n = w.node(node, cpu="64", memory="263846948Ki", labels={"kubevirt.io/schedulable": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"devices.kubevirt.io/kvm": "1k", "devices.kubevirt.io/tun": "1k",
                                 "devices.kubevirt.io/vhost-net": "1k"})
    node_info(n, **info)
    ns, ds = "kube-system", "nvidia-kubevirt-gpu-dp-daemonset"
    img = "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.0.0"
    daemonset(w, ns, ds, desired=1, containers=[("nvidia-kubevirt-gpu-dp-ctr", img)],
              labels={"name": "nvidia-kubevirt-gpu-dp-ds"})
    pod = "nvidia-kubevirt-gpu-dp-daemonset-7qk2m"
    ds_pod(w, ns, ds, pod, node, containers=("nvidia-kubevirt-gpu-dp-ctr",), image=img,
           labels={"name": "nvidia-kubevirt-gpu-dp-ds"})
    w.log(ns, pod, "nvidia-kubevirt-gpu-dp-ctr", KV_LOG_HEAD + t + "\n")
    w.custom["kubevirts.kubevirt.io"] = [{
        "apiVersion": "kubevirt.io/v1", "kind": "KubeVirt",
        "metadata": {"name": "kubevirt", "namespace": "kubevirt", "creationTimestamp": T0},
        "spec": {"configuration": {
            "developerConfiguration": {"featureGates": ["GPU", "HostDevices"]},
            "permittedHostDevices": {"pciHostDevices": [
                {"pciVendorSelector": "10DE:2235", "resourceName": "nvidia.com/GA102GL_A40",
                 "externalResourceProvider": True}]}}},
        "status": {"phase": "Deployed"}}]
    w.target("Pod", ns, pod)


# ---- GPU Operator on a CRI-O node: the cdi.nriPluginEnabled trial breaks GFD and dcgm-exporter ----

@case("fc1102", pod_subj("gpu-feature-discovery-w8k4n", OPERATOR_NS),
      "A home-lab Kubernetes v1.33.5 cluster managed with Flux (kubeadm assumed; the PR names no distribution); GPU "
      "node worker8 with one Tesla P40 (the PR) on a RHEL-family OS with CRI-O 1.33 and the host NVIDIA driver "
      "570.172.08 and OCI hooks (assumed, as home-ops#11852 describes the node); the NVIDIA GPU Operator v25.3.4 "
      "(assumed) in gpu-operator, ClusterPolicy with driver.enabled false, cdi.enabled true and the trial's "
      "cdi.nriPluginEnabled true; worker8 labelled nvidia.com/gpu.deploy.container-toolkit=false (the PR's "
      "runtime override suppresses the toolkit DaemonSet on CRI-O nodes) so no toolkit pod runs there; the "
      "operator on a CPU control-plane node; on worker8 the device-plugin pod Running with a registering log "
      "(the PR: the device plugin stayed up), advertising nvidia.com/gpu 1; gpu-feature-discovery crash-looping "
      "(restart count assumed), its previous log the quoted message verbatim; nvidia-dcgm-exporter crash-looping "
      "with exit code 1 (its log is not quoted and not written); the kubelet's BackOff events; an Ollama "
      "Deployment's pod Running on the GPU (the PR: Ollama fine). The GFD labels (gpu.product, gpu.count...) are "
      "absent from worker8.")
def _(w, t):
    w.git_version = "v1.33.5"
    info = dict(osImage="Rocky Linux 9.6 (Blue Onyx)", kernelVersion="5.14.0-570.42.2.el9_6.x86_64",
                containerRuntimeVersion="cri-o://1.33.4", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    cp = "cp-1"
    c = w.node(cp, cpu="8", memory="32827228Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(c, **dict(info, containerRuntimeVersion="containerd://1.7.27"))
    node = "worker8"
    n = w.gpu_node(node, gpus=1, product="Tesla-P40", memory_mib=23040, operator=False, cpu="32",
                   memory="131890244Ki",
                   labels={"nvidia.com/gpu.deploy.container-toolkit": "false",
                           "nvidia.com/gpu.deploy.driver": "false",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    node_info(n, **info)
    op_img = "nvcr.io/nvidia/gpu-operator:v25.3.4"
    w.workload("Deployment", OPERATOR_NS, "gpu-operator",
               template_pod={"spec": {"containers": [{"name": "gpu-operator", "image": op_img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-5d9c7b8f6", "gpu-operator-5d9c7b8f6-hq2zt", cp,
               containers=("gpu-operator",), image=op_img,
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    dp = "nvidia-device-plugin-daemonset-r7m2c"
    p = w.pod(OPERATOR_NS, dp, node=node, gpu=0, containers=("nvidia-device-plugin",),
              init_containers=("toolkit-validation",), owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
              labels={"app": "nvidia-device-plugin-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              runtime_class="nvidia", tolerations=tol)
    _set_image(p, "nvcr.io/nvidia/k8s-device-plugin:v0.17.4")
    w.log(OPERATOR_NS, dp, "nvidia-device-plugin", HEALTHY_PLUGIN_LOG)
    gfd = "gpu-feature-discovery-w8k4n"
    p = w.pod(OPERATOR_NS, gfd, node=node, gpu=0, containers=("gpu-feature-discovery",),
              init_containers=("toolkit-validation",), owner=("DaemonSet", "gpu-feature-discovery"),
              labels={"app": "gpu-feature-discovery", "app.kubernetes.io/part-of": "gpu-operator"},
              runtime_class="nvidia", tolerations=tol, ready=False)
    _set_image(p, "nvcr.io/nvidia/k8s-device-plugin:v0.17.4")
    crashloop(p, "gpu-feature-discovery", restarts=31, code=1)
    w.log(OPERATOR_NS, gfd, "gpu-feature-discovery", t + "\n", previous=True)
    backoff(w, OPERATOR_NS, gfd, "gpu-feature-discovery", node, count=142)
    dcgm = "nvidia-dcgm-exporter-5xk9p"
    daemonset(w, OPERATOR_NS, "nvidia-dcgm-exporter", desired=1, ready=0,
              containers=[("nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04")],
              init_containers=[("toolkit-validation", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.4")],
              node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, tolerations=tol,
              labels={"app": "nvidia-dcgm-exporter"}, runtime_class="nvidia")
    p = ds_pod(w, OPERATOR_NS, "nvidia-dcgm-exporter", dcgm, node, containers=("nvidia-dcgm-exporter",),
               image="nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04", labels={"app": "nvidia-dcgm-exporter"},
               runtime_class="nvidia", tolerations=tol, ready=False)
    crashloop(p, "nvidia-dcgm-exporter", restarts=29, code=1)
    backoff(w, OPERATOR_NS, dcgm, "nvidia-dcgm-exporter", node, count=133)
    # the served workload the PR says was unaffected
    ns = "ai"
    w.workload("Deployment", ns, "ollama", template_pod={"spec": {"containers": [
        {"name": "ollama", "image": "ollama/ollama:0.11.10"}]}},
        status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    o = w.pod(ns, "ollama-7b9f6c5d8-2xv4q", node=node, gpu=1, containers=("ollama",), image="ollama/ollama:0.11.10",
              labels={"app": "ollama"}, owner=("ReplicaSet", "ollama-7b9f6c5d8"), runtime_class="nvidia",
              tolerations=tol)
    w.log(ns, "ollama-7b9f6c5d8-2xv4q", "ollama",
          'time=2026-09-19T10:02:11.412Z level=INFO source=types.go:130 msg="inference compute" id=GPU-3c1f0a2e '
          'library=cuda variant=v12 compute=6.1 driver=12.8 name="Tesla P40" total="22.4 GiB" available="22.2 GiB"\n')
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": False}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "dcgmExporter": {"enabled": True},
                 "cdi": {"enabled": True, "nriPluginEnabled": True},
                 "operator": {"defaultRuntime": "crio"}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS}}]
    w.target("Pod", OPERATOR_NS, gfd)


# ---- Crusoe CMK: MOFED refuses to install while NFS-loaded RDMA storage modules are present ----

MOFED_PREV_HEAD = """[13-Mar-26_09:14:02] NVIDIA driver container exec start
[13-Mar-26_09:14:02] Container full version: 24.10-0.7.0.0-0
[13-Mar-26_09:14:03] Checking if storage modules are loaded
"""


@case("fc1103", pod_subj("mofed-ubuntu22.04-6d8f9c7b4-ds-x2k8q", "nvidia-network-operator"),
      "Crusoe Managed Kubernetes v1.31.6 (the article); one B200 GPU node np-b200-1 (8 GPUs, node name and Ubuntu "
      "22.04 image assumed) on kernel 5.15.0-170-generic (the article) with a Crusoe shared volume mounted (its "
      "NFS/RDMA modules are the cause, not written as host state); a CPU node for the operators (assumed); the "
      "NVIDIA Network Operator (v25.1.0 assumed) in nvidia-network-operator with a NicClusterPolicy without "
      "UNLOAD_STORAGE_MODULES (the article's cause), its MOFED DaemonSet pod on the GPU node in CrashLoopBackOff "
      "(restart count assumed), its previous log the article's message verbatim after three assumed start lines; "
      "the node labelled network.nvidia.com/operator.mofed.wait=true (the article); the SR-IOV device plugin "
      "DaemonSet, nodeSelector network.nvidia.com/operator.mofed.wait=false (assumed: how it waits on MOFED), at "
      "desired 0; nvidia.com/hostdev 0 on the node (the article); the NVIDIA GPU Operator (v25.3.x assumed) with "
      "GPUDirect RDMA enabled: its driver pod on the node held in its mofed-validation init container, its "
      "toolkit and validator pods held in driver-validation and its device-plugin and GFD pods in "
      "toolkit-validation (assumed mechanism: the article says only that "
      "nvidia.com/gpu disappears; their init containers' logs are not written), no nvidia.com/gpu in the "
      "node's capacity or allocatable and no GFD labels on it; the kubelet's BackOff event. No GPU workload is "
      "written.")
def _(w, t):
    w.git_version = "v1.31.6"
    info = dict(osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-170-generic",
                containerRuntimeVersion="containerd://1.7.25", kubeletVersion="v1.31.6", kubeProxyVersion="v1.31.6")
    cpu = "np-cpu-1"
    c = w.node(cpu, cpu="32", memory="131890244Ki", labels={"crusoe.ai/instance.type": "c1a.32x",
                                                           "node.kubernetes.io/instance-type": "c1a.32x"})
    node_info(c, **info)
    node = "np-b200-1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-B200", memory_mib=183359, operator=False, cpu="224",
                   memory="2113534116Ki",
                   labels={"network.nvidia.com/operator.mofed.wait": "true",
                           "feature.node.kubernetes.io/pci-15b3.present": "true",
                           "crusoe.ai/instance.type": "b200-180gb-sxm-ib.8x",
                           "node.kubernetes.io/instance-type": "b200-180gb-sxm-ib.8x"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    for res in ("capacity", "allocatable"):
        n["status"][res].pop("nvidia.com/gpu", None)
        n["status"][res]["nvidia.com/hostdev"] = "0"
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)      # GFD never ran on the fresh node
    node_info(n, **info)
    nns = "nvidia-network-operator"
    w.workload("Deployment", nns, "network-operator", template_pod={"spec": {"containers": [
        {"name": "network-operator", "image": "nvcr.io/nvidia/cloud-native/network-operator:v25.1.0"}]}},
        status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, nns, "network-operator-7c8d9f6b5", "network-operator-7c8d9f6b5-m4t2x", cpu,
               containers=("network-operator",), image="nvcr.io/nvidia/cloud-native/network-operator:v25.1.0",
               labels={"app.kubernetes.io/name": "network-operator"})
    mofed_ds = "mofed-ubuntu22.04-6d8f9c7b4-ds"
    mofed_img = "nvcr.io/nvidia/mellanox/doca-driver:24.10-0.7.0.0-0-ubuntu22.04-amd64"
    mofed_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    daemonset(w, nns, mofed_ds, desired=1, ready=0, containers=[("mofed-container", mofed_img)],
              node_selector={"feature.node.kubernetes.io/pci-15b3.present": "true"}, tolerations=mofed_tol,
              labels={"app": "mofed-ubuntu22.04", "nvidia.com/ofed-driver": ""})
    mofed = "mofed-ubuntu22.04-6d8f9c7b4-ds-x2k8q"
    p = ds_pod(w, nns, mofed_ds, mofed, node, containers=("mofed-container",), image=mofed_img,
               labels={"app": "mofed-ubuntu22.04"}, tolerations=mofed_tol, ready=False)
    crashloop(p, "mofed-container", restarts=37, code=1)
    w.log(nns, mofed, "mofed-container", MOFED_PREV_HEAD + t + "\n", previous=True)
    backoff(w, nns, mofed, "mofed-container", node, count=164)
    daemonset(w, nns, "network-operator-sriov-device-plugin", desired=0,
              containers=[("kube-sriovdp", "ghcr.io/k8snetworkplumbingwg/sriov-network-device-plugin:v3.9.0")],
              node_selector={"network.nvidia.com/operator.mofed.wait": "false"}, tolerations=mofed_tol,
              labels={"app": "sriovdp"})
    w.custom["nicclusterpolicies.mellanox.com"] = [{
        "apiVersion": "mellanox.com/v1alpha1", "kind": "NicClusterPolicy",
        "metadata": {"name": "nic-cluster-policy", "creationTimestamp": T0},
        "spec": {"ofedDriver": {"image": "doca-driver", "repository": "nvcr.io/nvidia/mellanox",
                                "version": "24.10-0.7.0.0-0", "env": [{"name": "RESTORE_DRIVER_ON_POD_TERMINATION",
                                                                        "value": "true"}]},
                 "sriovDevicePlugin": {"image": "sriov-network-device-plugin",
                                       "repository": "ghcr.io/k8snetworkplumbingwg", "version": "v3.9.0"}},
        "status": {"state": "notReady"}}]
    # the GPU Operator, waiting on MOFED (GPUDirect RDMA): assumed wiring
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    drv = "nvidia-driver-daemonset-j5p7w"
    waiting = {"state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 0}
    p = w.pod(OPERATOR_NS, drv, node=node, gpu=0, phase="Pending", containers=("nvidia-driver-ctr",),
              init_containers=("k8s-driver-manager", "mofed-validation"),
              init_statuses={"mofed-validation": waiting},
              owner=("DaemonSet", "nvidia-driver-daemonset"),
              labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              tolerations=tol)
    _set_image(p, "nvcr.io/nvidia/driver:570.172.08-ubuntu22.04")
    dp = "nvidia-device-plugin-daemonset-8vz6d"
    p = w.pod(OPERATOR_NS, dp, node=node, gpu=0, phase="Pending", containers=("nvidia-device-plugin",),
              init_containers=("toolkit-validation",), init_statuses={"toolkit-validation": waiting},
              owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
              labels={"app": "nvidia-device-plugin-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              runtime_class="nvidia", tolerations=tol)
    _set_image(p, "nvcr.io/nvidia/k8s-device-plugin:v0.17.4")
    for app, pname, ctr, init, img in [
            ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-q2w9r",
             "nvidia-container-toolkit-ctr", "driver-validation", "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04"),
            ("gpu-feature-discovery", "gpu-feature-discovery-c4n7h", "gpu-feature-discovery", "toolkit-validation",
             "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"),
            ("nvidia-operator-validator", "nvidia-operator-validator-t6x3b", "nvidia-operator-validator",
             "driver-validation", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.4")]:
        p = w.pod(OPERATOR_NS, pname, node=node, gpu=0, phase="Pending", containers=(ctr,), init_containers=(init,),
                  init_statuses={init: waiting}, owner=("DaemonSet", app),
                  labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"},
                  runtime_class="nvidia" if app != "nvidia-container-toolkit-daemonset" else None, tolerations=tol)
        _set_image(p, img)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True, "rdma": {"enabled": True}}, "toolkit": {"enabled": True},
                 "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS}}]
    w.target("Pod", nns, mofed)


# ---- GB200 fleet with NVSentinel: repeated XID 45 from job aborts, escalated but harmless ----

XID45_DMESG = "\n".join(
    f"[{ts}] NVRM: Xid (PCI:{bus}:01:00): 45, pid={pid}, name=python3, Ch 0000000{ch}"
    for ts, bus, pid, ch in [
        ("Tue Sep  1 09:12:04 2026", "0008", 412233, 8), ("Tue Sep  1 09:12:04 2026", "0008", 412233, 9),
        ("Tue Sep  1 09:41:37 2026", "0008", 418871, 8), ("Tue Sep  1 10:05:12 2026", "0008", 423305, 8),
        ("Tue Sep  1 10:05:12 2026", "0008", 423305, 9), ("Tue Sep  1 10:33:58 2026", "0008", 429914, 8),
        ("Tue Sep  1 11:02:19 2026", "0008", 435120, 8), ("Tue Sep  1 11:02:19 2026", "0009", 435120, 8)]) + "\n"


@case("fc1104", node_subj("gb200-rack07-tray03"),
      "A GB200 NVL72 Kubernetes v1.33.4 fleet (kubeadm on Ubuntu 24.04 arm64 assumed; the issue names no "
      "distribution) with the NVIDIA GPU Operator (assumed) and NVIDIA NVSentinel (v0.9 assumed) in nvsentinel "
      "(syslog-health-monitor DaemonSet, health-events-analyzer Deployment; fault-quarantine not enabled, the fix "
      "PR: with it enabled the nodes would be cordoned); one compute-tray node gb200-rack07-tray03 with four GB200 "
      "GPUs (name assumed), all advertised and allocatable, its GPU Operator stack healthy; its kernel log holding "
      "repeated XID 45 lines from job aborts (format the driver's usual; timestamps, PCI addresses, pids and "
      "process name assumed: the report quotes no NVRM line); an NVSentinel node condition "
      "RepeatedXIDErrorOnSameGPU True whose wording is assumed from the rule name and its CONTACT_SUPPORT action; "
      "a training job's pods Running on the node and an earlier one Failed after its user cancelled it (assumed: "
      "the 'application churn'). The case's text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    node = "gb200-rack07-tray03"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-GB200", memory_mib=189471, cpu="144", memory="894435328Ki",
                   labels={"nvidia.com/gpu.clique": "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d.32766",
                           "kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, architecture="arm64", osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-1036-nvidia-64k",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    n["status"]["conditions"].append({
        "type": "RepeatedXIDErrorOnSameGPU", "status": "True", "reason": "RepeatedXIDErrorOnSameGPUIsNotHealthy",
        "message": "ErrorCode:45 GPU:0 XID 45 repeated 5 times within 24 hours Recommended Action=CONTACT_SUPPORT;",
        "lastHeartbeatTime": T2, "lastTransitionTime": T1})
    w.dmesg(node, XID45_DMESG)
    ns = "nvsentinel"
    img = "ghcr.io/nvidia/nvsentinel/syslog-health-monitor:v0.9.0"
    daemonset(w, ns, "syslog-health-monitor", desired=1, containers=[("syslog-health-monitor", img)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "syslog-health-monitor"})
    ds_pod(w, ns, "syslog-health-monitor", "syslog-health-monitor-q8d2k", node,
           containers=("syslog-health-monitor",), image=img,
           labels={"app.kubernetes.io/name": "syslog-health-monitor"}, tolerations=GPU_TOLERATION)
    cp = "cp-1"
    c = w.node(cp, cpu="16", memory="65860180Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(c, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    aimg = "ghcr.io/nvidia/nvsentinel/health-events-analyzer:v0.9.0"
    w.workload("Deployment", ns, "health-events-analyzer", template_pod={"spec": {"containers": [
        {"name": "health-events-analyzer", "image": aimg}]}},
        status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, ns, "health-events-analyzer-6c7d8b9f5", "health-events-analyzer-6c7d8b9f5-tz4lp", cp,
               containers=("health-events-analyzer",), image=aimg,
               labels={"app.kubernetes.io/name": "health-events-analyzer"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    # the workload churn: a running job and an earlier one the user cancelled
    tns, timg = "research", "nvcr.io/nvidia/pytorch:25.08-py3"
    run = "llm-sft-7f3a-worker-0"
    w.pod(tns, run, node=node, gpu=4, containers=("trainer",), image=timg, owner=("Job", "llm-sft-7f3a-worker"),
          labels={"job-name": "llm-sft-7f3a-worker"}, tolerations=GPU_TOLERATION, cpu="64", memory="512Gi")
    w.log(tns, run, "trainer", "step 1200/20000 loss=1.8421 lr=2.0e-05 tokens/s=41822\n"
                                "step 1210/20000 loss=1.8377 lr=2.0e-05 tokens/s=41907\n")
    old = "llm-sft-7e91-worker-0"
    w.pod(tns, old, node=node, gpu=4, containers=("trainer",), image=timg, owner=("Job", "llm-sft-7e91-worker"),
          labels={"job-name": "llm-sft-7e91-worker"}, tolerations=GPU_TOLERATION, cpu="64", memory="512Gi",
          phase="Failed", ready=False,
          statuses={"trainer": {"state": {"terminated": {"exitCode": 143, "reason": "Error", "startedAt": T0,
                                                         "finishedAt": T1}}, "ready": False, "restartCount": 0}})
    w.log(tns, old, "trainer", "step 420/20000 loss=2.1033 lr=2.0e-05 tokens/s=41650\n"
                                "Received SIGTERM, shutting down workers\n")
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
