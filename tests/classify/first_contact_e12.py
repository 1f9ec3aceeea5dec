"""Builds first-contact batch E12 (fixtures/first-contact/batch-e12/cases.jsonl) as scenario bundles.

Driver-layer cases sampled with the fixed list of 120 queries in the batch README (30 per corpus), sent to all four
corpora of the search tool (`issues`, `pages`, `docs`, `code`). The expected answers were reasoned from the sources
(`expected` in the case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a source does not state (cluster flavour, kubelet and runtime versions, operator and
operand versions, node, pod and custom-resource names, label keys) are filled in plausibly; each scenario's README
says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_e12      # (re)writes fixtures/first-contact/batch-e12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, remove_stack_pod
from tests.classify.first_contact_b import block, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-e12", "E12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach the cluster as a whole (a maintainer's bug description, a reporter's sentence): not placed
TEXT_NOT_IN_BUNDLE = {"fe1201", "fe1202"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _control_plane(w, name: str, info: dict) -> dict:
    n = w.node(name, cpu="8", memory="32780384Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)
    return n


def _gpu_operator_deployment(w, node: str, version: str, pod: str) -> None:
    deploy_pod(w, OPERATOR_NS, pod.rsplit("-", 1)[0], pod, node, containers=("gpu-operator",),
               image=f"nvcr.io/nvidia/gpu-operator:{version}",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}, cpu="200m",
               memory="350Mi")


# ---- driver layer ----------------------------------------------------------------------------

def _nvidiadriver(name: str, pool: str, module: str) -> dict:
    """A custom NVIDIADriver CR with a targeted nodeSelector, still carrying the conflict condition the controller
    set while the default CR existed (status.state never set on the conflict path before PR#2289)."""
    return {
        "apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
        "metadata": {"name": name, "creationTimestamp": T0, "generation": 1},
        "spec": {"driverType": "gpu", "repository": "nvcr.io/nvidia", "image": "driver", "version": "580.126.20",
                 "kernelModuleType": module, "usePrecompiled": False,
                 "nodeSelector": {"driver-pool": pool}},
        "status": {"conditions": [
            {"type": "Ready", "status": "False", "reason": "ConflictingNodeSelector", "message": "",
             "lastTransitionTime": T0, "observedGeneration": 1},
            {"type": "Error", "status": "True", "reason": "ConflictingNodeSelector", "message": "",
             "lastTransitionTime": T0, "observedGeneration": 1}]},
    }


@case("fe1201", node_subj("gpu-a100-01"),
      "Kubernetes v1.34 installed with kubeadm on Ubuntu 24.04 (the issue's environment; node names, kernel, "
      "containerd and GPU model assumed) with a control-plane node and two GPU nodes `gpu-a100-01` (label "
      "driver-pool=gold) and `gpu-a100-02` (driver-pool=silver), each 8x A100 80GB, running the NVIDIA GPU Operator "
      "v26.3.0 in NVIDIADriver-CRD mode. The default NVIDIADriver CR (no nodeSelector) has been deleted; its driver "
      "DaemonSet went with it, so no driver DaemonSet or driver pod exists on either node. The two custom "
      "NVIDIADriver CRs `nvd-gold` and `nvd-silver` (cluster-scoped, unique nodeSelectors; names, label key, "
      "driver 580.126.20 and module types assumed) still carry the conflict condition set while the default CR "
      "existed (Ready=False / Error=True, reason ConflictingNodeSelector and empty message assumed; status.state "
      "unset, as PR#2289 describes for v26.3.0) and were never reconciled again, so they created no driver "
      "DaemonSet. The ClusterPolicy is notReady. On both nodes the operands are in Init: the container toolkit and "
      "the operator validator wait in driver-validation, the device plugin and GFD in toolkit-validation (the "
      "recreation of these pods after the driver's removal is assumed; no log, the thread quotes none); the nodes "
      "keep nvidia.com/gpu 8 in capacity but 0 allocatable (the device plugin is gone; assumed). No GPU workload is "
      "modelled. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    info = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-87-generic",
            "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.2",
            "kubeProxyVersion": "v1.34.2"}
    _control_plane(w, "k8s-cp-1", info)
    version = "v26.3.0"
    nodes = [("gpu-a100-01", "gold"), ("gpu-a100-02", "silver")]
    for name, pool in nodes:
        n = w.gpu_node(name, gpus=8, allocatable=0, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920,
                       cpu="128", memory="1056462512Ki",
                       labels={"driver-pool": pool, "nvidia.com/cuda.driver.major": "580",
                               "nvidia.com/cuda.driver.minor": "126", "nvidia.com/cuda.driver.rev": "20",
                               "nvidia.com/cuda.runtime.major": "13", "nvidia.com/gpu.count": "8"},
                       taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
        node_info(n, **info)
        remove_stack_pod(w, name, "driver")
        block(w, name, "toolkit", "driver-validation")
        block(w, name, "validator", "driver-validation")
        block(w, name, "device-plugin", "toolkit-validation")
        block(w, name, "gfd", "toolkit-validation")
    images = {"nvidia-container-toolkit-ctr": "nvcr.io/nvidia/k8s/container-toolkit:v1.19.0-ubuntu20.04",
              "nvidia-device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.19.0",
              "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.19.0",
              "nvidia-operator-validator": f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}"}
    for p in w.pods[OPERATOR_NS]:      # the operand images of this operator version (assumed)
        for key in ("containers", "initContainers"):
            for c in p["spec"].get(key, []):
                c["image"] = images.get(c["name"], f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}")
        for key in ("containerStatuses", "initContainerStatuses"):
            for s in p["status"].get(key, []):
                s["image"] = images.get(s["name"], f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{version}")
    _gpu_operator_deployment(w, "k8s-cp-1", version, "gpu-operator-7b9c6d5f48-q2x7m")
    w.custom["nvidiadrivers.nvidia.com"] = [_nvidiadriver("nvd-gold", "gold", "open"),
                                            _nvidiadriver("nvd-silver", "silver", "proprietary")]
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0,
                     "labels": {"app.kubernetes.io/component": "gpu-operator"}},
        "spec": {"driver": {"enabled": True, "nvidiaDriverCRD": {"enabled": True, "deployDefaultCR": True}},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                 "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "notReady", "namespace": OPERATOR_NS,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "lastTransitionTime": T0}]}}]
    w.target("Node", None, "gpu-a100-01")


# the guest kernel log the reporter quotes, verbatim: the lines up to the cut-off of the stored copy of
# gpu-operator#1932, completed by the same log (same timestamps) the same reporter posted in
# kata-containers#12258; the next line there is cut off in its stored copy and is not placed
KATA_DMESG = """\
[    0.000000] Linux version 5.19.2-nvidia-gpu (root@1ffd18d2e2dc) (gcc (Ubuntu 11.3.0-1ubuntu1~22.04.1) 11.3.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #1 SMP Wed Aug 2 17:50:59 UTC 2023
[    7.819857] nvidia: loading out-of-tree module taints kernel.
[    7.827841] nvidia: module verification failed: signature and/or required key missing - tainting kernel
[    7.832323] nvidia-nvlink: Nvlink Core is being initialized, major device number 245
[    7.832912] nvidia 0000:02:00.0: enabling device (0140 -> 0143)
[    7.844880] nvidia 0000:02:00.0: vgaarb: changed VGA decodes: olddecodes=io+mem,decodes=none:owns=none
[    7.982876] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  535.86.10  Release Build  (dvs-builder@U16-I2-C05-14-2)  Wed Jul 26 23:15:31 UTC 2023
[    7.997821] nvidia-uvm: Loaded the UVM driver, major device number 243.
[    8.005662] nvidia-modeset: Loading NVIDIA UNIX Open Kernel Mode Setting Driver for x86_64  535.86.10  Release Build  (dvs-builder@U16-I2-C05-14-2)  Wed Jul 26 23:05:16 UTC 2023
[    9.607284] NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.
"""

# the reporter's `cat /proc/driver/nvidia/gpus/0000:02:00.0/information` in the pod, verbatim
KATA_GPU_INFO = """\
Model:           NVIDIA GeForce RTX 4090
IRQ:             40
GPU UUID:        GPU-e0549925-97e9-1e24-da74-aad41f9aacda
Video BIOS:      ??.??.??.??.??
Bus Type:        PCIe
DMA Size:        47 bits
DMA Mask:        0x7fffffffffff
Bus Location:    0000:02:00.0
Device Minor:    0
GPU Firmware:    N/A
GPU Excluded:    No
"""

RTX4090 = "nvidia.com/AD102_GEFORCE_RTX_4090"


@case("fe1202", pod_subj("cuda-vectoradd-kata", "default"),
      "Upstream Kubernetes v1.31 (kubeadm on Ubuntu 22.04 assumed; names and versions assumed) with a control-plane "
      "node and one GPU node `gpu-4090-01` whose NVIDIA GeForce RTX 4090 is configured for sandboxed (Kata) "
      "workloads by the GPU Operator (v25.10.0 assumed): label nvidia.com/gpu.workload.config=vm-passthrough, the "
      "VFIO manager and the sandbox device plugin DaemonSets Running (1/1 each), and the node advertising 1 "
      f"`{RTX4090}` (the sandbox device plugin's resource name; assumed). The pod `cuda-vectoradd-kata` in "
      "`default` (runtimeClassName kata-qemu-nvidia-gpu assumed) requests that GPU and is Running (its container "
      "kept alive for the reporter's shell; the command is assumed, its log is empty). Inside the pod's Kata guest "
      "(kernel 5.19.2-nvidia-gpu, NVIDIA open kernel module 535.86.10) two commands the reporter ran are placed as "
      "exec outputs of the pod's container: `cat /proc/driver/nvidia/gpus/0000:02:00.0/information` (the GPU is "
      "bound: Model NVIDIA GeForce RTX 4090, GPU Excluded: No) and `dmesg` (the guest kernel log, ending with "
      "'NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.'). The host's own kernel log carries no "
      "NVIDIA line (the GPU is bound to vfio-pci on the host) and is not modelled. The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.31.6"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-160-generic",
            "containerRuntimeVersion": "containerd://1.7.28", "kubeletVersion": "v1.31.6",
            "kubeProxyVersion": "v1.31.6"}
    _control_plane(w, "k8s-cp-1", info)
    node = "gpu-4090-01"
    version = "v25.10.0"
    n = w.node(node, gpus=1, resource=RTX4090, cpu="32", memory="131811560Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
                       "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                       "nvidia.com/gpu.deploy.vfio-manager": "true",
                       "nvidia.com/gpu.deploy.sandbox-validator": "true",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/iommu-enabled.present": "true",
                       "katacontainers.io/kata-runtime": "true"})
    node_info(n, **info)
    _gpu_operator_deployment(w, "k8s-cp-1", version, "gpu-operator-5d8f7c9b66-t4wzn")
    for ds, ctr, image, selector, sfx in [
            ("nvidia-vfio-manager", "nvidia-vfio-manager", "nvcr.io/nvidia/cuda:12.9.1-base-ubi9",
             "nvidia.com/gpu.deploy.vfio-manager", "k8q2n"),
            ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-ctr",
             "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.4.0", "nvidia.com/gpu.deploy.sandbox-device-plugin",
             "w7h3c")]:
        daemonset(w, OPERATOR_NS, ds, desired=1, containers=[(ctr, image)], node_selector={selector: "true"},
                  tolerations=GPU_TOL, labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"})
        ds_pod(w, OPERATOR_NS, ds, f"{ds}-{sfx}", node, containers=(ctr,), image=image, tolerations=GPU_TOL,
               cpu="50m", memory="64Mi", labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"})
    pod, ctr = "cuda-vectoradd-kata", "cuda-vectoradd"
    p = w.pod("default", pod, node=node, gpu=1, resource=RTX4090, containers=(ctr,),
              image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04",
              runtime_class="kata-qemu-nvidia-gpu", cpu="1", memory="4Gi")
    p["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    w.exec("default", pod, ctr, ["cat", "/proc/driver/nvidia/gpus/0000:02:00.0/information"], KATA_GPU_INFO)
    w.exec("default", pod, ctr, ["dmesg"], KATA_DMESG)
    w.target("Pod", "default", pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
