"""First-contact batch Z5 (fixtures/first-contact/batch-z5/cases.jsonl) as scenario bundles.

Real driver-layer failures (and one look-alike) from public threads that no rule was written for, sampled
with batch Z5's fixed query list (see the batch README): nouveau holding the GPU under the GPU Operator's
driver container (Ubuntu 18.04, RHEL 9.2), a leftover kernel driver that the operands keep busy so the
re-deployed driver container can never load its own (OpenShift), the Fabric Manager extension failing on a
Talos 8x H200 node, a data-center driver on vGPU-attached RKE2 VMs, a driver image tag missing for a
pre-release OpenShift, one H100 faulting at driver probe on AKS, and driver-manager lines about eviction
being disabled by the upgrade policy (look-alike). Each builder places the case's text verbatim where a
collector would have found it (prose cases and texts no collector reads: the text stays in the case and the
bundle carries the state the thread describes) and builds the cluster state the thread describes. The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernel builds, kubelet and runtime
versions, GPU models, image tags) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_z5      # (re)writes fixtures/first-contact/batch-z5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import (KS, drop_logs, host_node, init_crashloop, no_gpu_resource, node_info,
                                            plugin_ds, plugin_pod, remove_stack_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_w import cluster_policy, crash_driver, operands_wait
from tests.classify.scenario_builder import OPERATOR_NS
from tests.classify.scenarios_real import crashing, node_subj

FC = ThreadBatch("batch-z5", "Z5", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


# ---- helpers ---------------------------------------------------------------------------------

def no_inits(pod: dict) -> None:
    """A pod of an operator release whose DaemonSet had no init containers."""
    pod["spec"].pop("initContainers", None)
    pod["status"].pop("initContainerStatuses", None)


def rename_stack_pod(w: FCWorld, node: str, role: str, name: str) -> dict:
    """Give a GPU-stack pod the name the thread quotes (its logs dropped first)."""
    old = w.stack(node, role)
    drop_logs(w, OPERATOR_NS, old)
    p = w.get_pod(OPERATOR_NS, old)
    p["metadata"]["name"] = name
    w._stack[(node, role)] = name
    return p


def driver_ok_log(w: FCWorld, node: str, version: str) -> None:
    """The driver container's usual start-up lines for the driver version the node runs."""
    w.log(OPERATOR_NS, w.stack(node, "driver"), "nvidia-driver-ctr",
          f"DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-{version}\n"
          "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\n"
          "Done, now waiting for signal\n")


def not_ready(pod: dict, phase: str | None = None) -> None:
    if phase:
        pod["status"]["phase"] = phase
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady") or (phase == "Pending" and c["type"] == "Initialized"):
            c["status"] = "False"


# ---- driver layer ----------------------------------------------------------------------------

@case("fz501", node_subj("gpu-worker-1"),
      "Kubernetes v1.16.3 GPU node `gpu-worker-1` (Ubuntu 18.04.3, kernel 5.0.0-36-generic as in the text, docker "
      "19.03; node name, GPU model (one Tesla T4), kubelet and docker strings assumed for November 2019) with the "
      "GPU Operator of that time (its operands' namespace `gpu-operator-resources` is modelled as `gpu-operator`; "
      "that release's driver DaemonSet had no init container, so none is shown): the driver pod "
      "(`nvidia/driver:418.87.01-ubuntu18.04`) crash-loops with 5 restarts and its previous log is the text (the "
      "lines after 'Compiling NVIDIA driver kernel modules...' are not stored in the thread's excerpt and are not "
      "invented); the standalone `nvidia-driver-validation` pod crash-loops (5 restarts; its container name and "
      "image illustrative, no log placed: the thread quotes none); the toolkit pod is Running; no device-plugin, GFD "
      "or operator-validator pods exist yet (the pod list the reporter quotes has none); GFD never labelled the "
      "node; no nvidia.com/gpu is advertised. The loaded nouveau module is not visible to any collector and no "
      "kernel log is quoted, so none is placed.")
def _(w, t):
    w.git_version = "v1.16.3"
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="Tesla-T4", memory_mib=15109)
    strip_gfd(n)
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 18.04.3 LTS", kernelVersion="5.0.0-36-generic",
              containerRuntimeVersion="docker://19.3.5", kubeletVersion="v1.16.3", kubeProxyVersion="v1.16.3")
    name = crash_driver(w, node, t, restarts=5, image="nvidia/driver:418.87.01-ubuntu18.04")
    no_inits(w.get_pod(OPERATOR_NS, name))
    no_inits(stack_pod(w, node, "toolkit"))
    for role in ("device-plugin", "gfd", "validator"):
        remove_stack_pod(w, node, role)
    val = w.pod(OPERATOR_NS, "nvidia-driver-validation", node=node, gpu=0, containers=("cuda-vector-add",),
                ready=False, statuses=crashing("cuda-vector-add", 1, restarts=5),
                labels={"app": "nvidia-driver-validation"})
    set_image(val, "cuda-vector-add", "nvidia/samples:cuda10.0-vectorAdd")
    w.target("Node", None, node)


@case("fz502", node_subj("gpu-node-1"),
      "Kubernetes GPU node `gpu-node-1` on Red Hat Enterprise Linux 9.2 (kernel 5.14.0-284.11.1.el9_2.x86_64 as in "
      "the text; one Tesla P4; node name, containerd and kubelet strings assumed for August 2024) with GPU Operator "
      "v23.9.0 (driver image 535.104.12-rhel9.2 and k8s-driver-manager v0.6.4, the release's defaults, assumed): "
      "after the node's crash and reboot (a kubelet `Rebooted` Warning event on the node, illustrative of the crash "
      "the text reports) the driver pod sits in Init:CrashLoopBackOff in its k8s-driver-manager init container (the "
      "thread's title; no driver-manager log is quoted, so none is placed); the toolkit, device plugin, GFD and "
      "validator pods wait in their validation init containers (the operator's usual ordering, not described in "
      "the thread); GFD never labelled the node; no nvidia.com/gpu is advertised. The nouveau errors are only in a "
      "screenshot of dmesg, so no kernel log is placed.")
def _(w, t):
    w.git_version = "v1.28.9"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="Tesla-P4", memory_mib=7680)
    strip_gfd(n)
    no_gpu_resource(n)
    node_info(n, osImage="Red Hat Enterprise Linux 9.2 (Plow)", kernelVersion="5.14.0-284.11.1.el9_2.x86_64",
              containerRuntimeVersion="containerd://1.7.13", kubeletVersion="v1.28.9", kubeProxyVersion="v1.28.9")
    name = init_crashloop(w, node, "driver", "k8s-driver-manager", None, restarts=7)
    p = w.get_pod(OPERATOR_NS, name)
    set_image(p, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:535.104.12-rhel9.2")
    set_image(p, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.4")
    operands_wait(w, node)
    w.event("default", "Node", node, "Rebooted",
            f"Node {node} has been rebooted, boot id: 6f0c2b9e-3d1a-4c8e-9b7a-2e5d4f1a0c33", host=node)
    w.target("Node", None, node)


VALIDATOR_DRIVER_VALIDATION = """running command chroot with args [/run/nvidia/driver nvidia-smi]
Thu Jun 17 19:15:50 2021
+-----------------------------------------------------------------------------+
| NVIDIA-SMI 460.32.03    Driver Version: 460.32.03    CUDA Version: 11.2     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  Tesla T4            Off  | 00000000:00:1E.0 Off |                    0 |
"""


@case("fz503", node_subj("ip-10-0-141-100.us-east-2.compute.internal"),
      "OpenShift 4.7 GPU worker `ip-10-0-141-100.us-east-2.compute.internal` on AWS (one Tesla T4 at bus "
      "00000000:00:1E.0 with 15109 MiB, as in the validator output the thread quotes; node name, region, RHCOS, "
      "kernel, CRI-O and kubelet strings assumed for June 2021) with GPU Operator 1.6.2 (operands' namespace "
      "`gpu-operator-resources` modelled as `gpu-operator`), re-deployed after an uninstall that left the NVIDIA "
      "460.32.03 kernel modules loaded: the operator validator is Running; its main container's log is 'all "
      "validations are successful' and its driver-validation init container's log is the nvidia-smi run through "
      "/run/nvidia/driver (both as quoted in the thread, up to the T4 row where the stored excerpt is cut); the "
      "toolkit, device plugin (healthy registration log) and GFD are Running and the node advertises nvidia.com/gpu "
      "1; GFD's cuda.driver labels say 460.32.03; the driver pod (`nvcr.io/nvidia/driver:460.32.03-rhcos4.7`, the "
      "same version: the thread does not say the version changed) crash-loops with no log placed (the thread quotes "
      "none).")
def _(w, t):
    w.git_version = "v1.20.0+7d0a2b2"
    node = "ip-10-0-141-100.us-east-2.compute.internal"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109,
                   labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.7",
                           "node.kubernetes.io/instance-type": "g4dn.xlarge",
                           "topology.kubernetes.io/region": "us-east-2", "topology.kubernetes.io/zone": "us-east-2a",
                           "nvidia.com/cuda.driver.major": "460", "nvidia.com/cuda.driver.minor": "32",
                           "nvidia.com/cuda.driver.rev": "03", "nvidia.com/cuda.runtime.major": "11"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 47.83.202106032343-0 (Ootpa)",
              kernelVersion="4.18.0-240.22.1.el8_3.x86_64",
              containerRuntimeVersion="cri-o://1.20.3-3.rhaos4.7.git0d0c863.el8",
              kubeletVersion="v1.20.0+7d0a2b2", kubeProxyVersion="v1.20.0+7d0a2b2")
    crash_driver(w, node, None, restarts=41, image="nvcr.io/nvidia/driver:460.32.03-rhcos4.7")
    v = stack_pod(w, node, "validator")
    vname = v["metadata"]["name"]
    w.log(OPERATOR_NS, vname, "nvidia-operator-validator", "all validations are successful\n")
    w.log(OPERATOR_NS, vname, "driver-validation", VALIDATOR_DRIVER_VALIDATION)
    w.target("Node", None, node)


@case("fz504", node_subj("talos-xd670-1"),
      "Talos node `talos-xd670-1` (the thread redacts the node as `<node ip>`; name, Talos 1.8.2, kernel 6.6.58-talos, "
      "containerd and kubelet strings assumed for November 2024) on an HPE Cray XD670 with 8x H200 (NVSwitch "
      "system), NVIDIA production driver, container-toolkit and nvidia-fabricmanager system extensions (no GPU "
      "Operator, no GFD): the NVIDIA device plugin (Helm chart, DaemonSet `nvidia-device-plugin` in kube-system "
      "with runtimeClassName nvidia, as in the Talos NVIDIA guide; image tag assumed) is Running with its usual "
      "registration log and the node advertises nvidia.com/gpu 8. The text is the Fabric Manager extension "
      "service's log line (talosctl logs), which no collector reads, so it is not placed; the thread quotes no "
      "workload error, so no CUDA failure is placed either.")
def _(w, t):
    w.git_version = "v1.31.2"
    node = "talos-xd670-1"
    host_node(w, node, gpus=8,
              info={"osImage": "Talos (v1.8.2)", "kernelVersion": "6.6.58-talos",
                    "containerRuntimeVersion": "containerd://2.0.0", "kubeletVersion": "v1.31.2",
                    "kubeProxyVersion": "v1.31.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-4qk7z", ns=KS, ds="nvidia-device-plugin", runtime_class="nvidia",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    w.target("Node", None, node)


@case("fz505", node_subj("rke2-gpu-worker-1"),
      "RKE2 v1.31.6+rke2r1 GPU worker `rke2-gpu-worker-1`, a VM on OpenStack with one vGPU attached (PCI ID "
      "10de:26b9 at 0000:05:00.0, as in the text; node name, Ubuntu 22.04 generic kernel 5.15.0-134, RKE2's "
      "containerd and kubelet strings assumed for March 2025) with the GPU Operator using the precompiled driver "
      "container (driver branch 570; image tag `570-5.15.0-134-generic-ubuntu22.04` assumed in the precompiled "
      "naming; the ClusterPolicy in the bundle sets usePrecompiled): the node's kernel log is the text; the driver "
      "pod crash-loops with no log placed (the thread quotes none); the toolkit, device plugin, GFD and validator "
      "pods wait in their validation init containers (the operator's usual ordering, not described in the "
      "thread); GFD never labelled the node; no nvidia.com/gpu is advertised.")
def _(w, t):
    w.git_version = "v1.31.6+rke2r1"
    node = "rke2-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"node.kubernetes.io/instance-type": "g1.l40s-vgpu", "node-role.kubernetes.io/worker": "true"})
    strip_gfd(n)
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-134-generic",
              containerRuntimeVersion="containerd://1.7.26-k3s1", kubeletVersion="v1.31.6+rke2r1",
              kubeProxyVersion="v1.31.6+rke2r1")
    crash_driver(w, node, None, restarts=19, image="nvcr.io/nvidia/driver:570-5.15.0-134-generic-ubuntu22.04")
    operands_wait(w, node)
    w.dmesg(node, t)
    cluster_policy(w, {"enabled": True, "usePrecompiled": True, "repository": "nvcr.io/nvidia", "image": "driver",
                       "version": "570"}, "notReady")
    w.target("Node", None, node)


@case("fz506", node_subj("ip-10-0-150-23.us-east-2.compute.internal"),
      "OpenShift 4.9 (pre-release) GPU worker `ip-10-0-150-23.us-east-2.compute.internal` on AWS (one GPU, Tesla "
      "T4 assumed; node name, RHCOS 49.84 build, kernel, CRI-O and kubelet strings assumed for August 2021) with "
      "GPU Operator v1.8.0 installed with Helm (operands' namespace `gpu-operator-resources` modelled as "
      "`gpu-operator`): the driver pod `nvidia-driver-daemonset-72jqc` (the thread's name) asks for "
      "`nvcr.io/nvidia/driver:470.57.02-rhcos4.9` and waits in ImagePullBackOff after its k8s-driver-manager init "
      "container completed; its kubelet events are the ones the thread quotes (Pulling x2, the text's Failed x2, "
      "'Error: ErrImagePull' x2, 'Error: ImagePullBackOff'); the toolkit, device plugin, GFD and validator pods "
      "wait in their validation init containers (the operator's usual ordering, not described in the thread); GFD "
      "never labelled the node; no nvidia.com/gpu is advertised.")
def _(w, t):
    w.git_version = "v1.22.0-rc.0+75ee307"
    node = "ip-10-0-150-23.us-east-2.compute.internal"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="Tesla-T4", memory_mib=15109,
                   labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.9",
                           "node.kubernetes.io/instance-type": "g4dn.xlarge",
                           "topology.kubernetes.io/region": "us-east-2"})
    strip_gfd(n)
    no_gpu_resource(n)
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 49.84.202108130913-0 (Ootpa)",
              kernelVersion="4.18.0-305.10.2.el8_4.x86_64",
              containerRuntimeVersion="cri-o://1.22.0-52.rhaos4.9.git4c3d7f8.el8",
              kubeletVersion="v1.22.0-rc.0+75ee307", kubeProxyVersion="v1.22.0-rc.0+75ee307")
    pod = "nvidia-driver-daemonset-72jqc"
    image = "nvcr.io/nvidia/driver:470.57.02-rhcos4.9"
    p = rename_stack_pod(w, node, "driver", pod)
    set_image(p, "nvidia-driver-ctr", image)
    not_ready(p, "Pending")
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                        "message": f'Back-off pulling image "{image}"'}},
                  "ready": False, "started": False, "restartCount": 0, "imageID": ""})
    w.event(OPERATOR_NS, "Pod", pod, "Pulling", f'Pulling image "{image}"', type="Normal", count=2, host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    w.event(OPERATOR_NS, "Pod", pod, "Failed", t, count=2, host=node, field_path="spec.containers{nvidia-driver-ctr}")
    w.event(OPERATOR_NS, "Pod", pod, "Failed", "Error: ErrImagePull", count=2, host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    w.event(OPERATOR_NS, "Pod", pod, "Failed", "Error: ImagePullBackOff", host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    operands_wait(w, node)
    w.target("Node", None, node)


@case("fz507", node_subj("aks-gpuworker1-13931626-vmss000001"),
      "AKS cluster (westus; Kubernetes 1.33, node image Ubuntu 24.04 with an Azure 6.8 kernel, containerd and "
      "kubelet strings assumed for July 2026) with two Standard_ND96isr_H100_v5 GPU nodes and the GPU Operator "
      "(driver container 580.126.09 as in the text; image tag assumed): on `aks-gpuworker1-13931626-vmss000001` "
      "(the thread's node) the driver pod is Running and the kernel log is the text; nvidia-smi enumerates 7 "
      "GPUs, so GFD labels gpu.count 7 and the device plugin advertises nvidia.com/gpu 7 (capacity = allocatable); "
      "the sibling `aks-gpuworker1-13931626-vmss000000` (name assumed) advertises 8. The nccl-all-reduce-bw "
      "validator's two whole-node workers (namespace `aicr-validation`, pod and Job names assumed), each asking for "
      "8 GPUs: worker 0 Running on the sibling, worker 1 Pending with a FailedScheduling event (message "
      "illustrative: the thread says only that one worker stayed Pending).")
def _(w, t):
    w.git_version = "v1.33.2"
    bad, good = "aks-gpuworker1-13931626-vmss000001", "aks-gpuworker1-13931626-vmss000000"
    aks = {"kubernetes.azure.com/agentpool": "gpuworker1", "agentpool": "gpuworker1",
           "kubernetes.azure.com/accelerator": "nvidia",
           "node.kubernetes.io/instance-type": "Standard_ND96isr_H100_v5",
           "topology.kubernetes.io/region": "westus",
           "kubernetes.azure.com/node-image-version": "AKSUbuntu-2404gen2containerd-202607.01.0",
           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.driver.minor": "126",
           "nvidia.com/cuda.driver.rev": "09", "nvidia.com/cuda.runtime.major": "13"}
    for name, gpus in ((good, 8), (bad, 7)):
        n = w.gpu_node(name, gpus=gpus, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, labels=dict(aks),
                       cpu="96", memory="1857373184Ki")
        node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1031-azure",
                  containerRuntimeVersion="containerd://1.7.27-1", kubeletVersion="v1.33.2", kubeProxyVersion="v1.33.2")
        set_image(stack_pod(w, name, "driver"), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.09-ubuntu24.04")
        driver_ok_log(w, name, "580.126.09")
    w.dmesg(bad, t)
    ns = "aicr-validation"
    sel = {"node.kubernetes.io/instance-type": "Standard_ND96isr_H100_v5"}
    w.pod(ns, "nccl-all-reduce-bw-worker-0-6v2xq", node=good, gpu=8, containers=("nccl",),
          image="nvcr.io/nvidia/pytorch:26.06-py3", owner=("Job", "nccl-all-reduce-bw-worker-0"), node_selector=sel,
          cpu="90", memory="1600Gi")
    msg = ("0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, "
           "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
           "scheduling, 2 No preemption victims found for incoming pod.")
    w.pod(ns, "nccl-all-reduce-bw-worker-1-k8d4m", gpu=8, containers=("nccl",), image="nvcr.io/nvidia/pytorch:26.06-py3",
          owner=("Job", "nccl-all-reduce-bw-worker-1"), node_selector=sel, cpu="90", memory="1600Gi",
          scheduled_message=msg)
    w.event(ns, "Pod", "nccl-all-reduce-bw-worker-1-k8d4m", "FailedScheduling", msg, component="default-scheduler",
            count=6)
    w.target("Node", None, bad)


@case("fz508", node_subj("gpu-node-1"),
      "Kubernetes GPU node `gpu-node-1` (Ubuntu 22.04, one A100 80GB; distribution, node name, kernel, containerd "
      "and kubelet strings assumed for October 2024) with GPU Operator v24.6 whose ClusterPolicy enables the driver "
      "upgrade policy (driver.upgradePolicy.autoUpgrade true) and sets the driver manager's ENABLE_GPU_POD_EVICTION "
      "and ENABLE_AUTO_DRAIN to true (the commenter says both are allowed); the driver pod's k8s-driver-manager init "
      "container (env AUTO_UPGRADE_POLICY_ENABLED=true) has completed and its log is the text (the commenter's "
      "'...' for the node name kept); the driver container (550.90.07, the release's default, assumed) and the "
      "rest of the stack are Running with their usual logs and the node advertises nvidia.com/gpu 1.")
def _(w, t):
    w.git_version = "v1.30.4"
    node = "gpu-node-1"
    w.gpu_node(node, gpus=1, labels={"nvidia.com/gpu-driver-upgrade-state": "upgrade-done",
                                     "nvidia.com/cuda.driver.minor": "90", "nvidia.com/cuda.driver.rev": "07"})
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:550.90.07-ubuntu22.04")
    driver_ok_log(w, node, "550.90.07")
    set_image(drv, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.10")
    for c in drv["spec"]["initContainers"]:
        if c["name"] == "k8s-driver-manager":
            c["command"] = ["driver-manager"]
            c["args"] = ["uninstall_driver"]
            c["env"] = [{"name": "NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath": "spec.nodeName"}}},
                        {"name": "NVIDIA_VISIBLE_DEVICES", "value": "void"},
                        {"name": "ENABLE_GPU_POD_EVICTION", "value": "true"},
                        {"name": "ENABLE_AUTO_DRAIN", "value": "true"},
                        {"name": "DRAIN_USE_FORCE", "value": "false"},
                        {"name": "DRAIN_TIMEOUT_SECONDS", "value": "0s"},
                        {"name": "AUTO_UPGRADE_POLICY_ENABLED", "value": "true"},
                        {"name": "OPERATOR_NAMESPACE", "value": OPERATOR_NS}]
    w.log(OPERATOR_NS, drv["metadata"]["name"], "k8s-driver-manager", t)
    cluster_policy(w, {"enabled": True, "version": "550.90.07",
                       "upgradePolicy": {"autoUpgrade": True, "maxParallelUpgrades": 1,
                                         "drain": {"enable": False}, "podDeletion": {"force": False}},
                       "manager": {"env": [{"name": "ENABLE_GPU_POD_EVICTION", "value": "true"},
                                           {"name": "ENABLE_AUTO_DRAIN", "value": "true"}]}},
                   "ready")
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
