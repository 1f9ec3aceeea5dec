"""First-contact batch E2 (fixtures/first-contact/batch-e2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and look-alikes) of the driver layer from public threads that no rule was written
for, sampled with the fixed query list in the batch README: driver container images that do not exist for the
node's OS (Amazon Linux 2 twice, RHEL 9.7 on RKE2), a vGPU Manager driver container that never writes its
readiness marker, kernel headers missing for a RHEL 9 EUS kernel, and two healthy look-alikes (the driver upgrade
controller's upgrade-failed -> upgrade-done transition, NVLink reported down on PCIe GPUs). Each builder places
the case's text verbatim where a collector would have found it (prose texts are not placed) and builds the cluster
state the thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e2      # (re)writes fixtures/first-contact/batch-e2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import no_gpu_resource, node_info, set_image, stack_pod, strip_gfd, drop_logs
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import eks_labels
from tests.classify.first_contact_h import operator_blocked, rhcos
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import node_subj, stack_crash

FC = ThreadBatch("batch-e2", "E2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe203", "fe205", "fe207"}


# ---- world helpers (batch E2) ------------------------------------------------------------------

def driver_image_backoff(w, node: str, image: str) -> str:
    """The operator's driver pod: k8s-driver-manager done, nvidia-driver-ctr never pulled (ImagePullBackOff)."""
    name = w.stack(node, "driver")
    pod = stack_pod(w, node, "driver")
    set_image(pod, "nvidia-driver-ctr", image)
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in pod["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                            "message": f'Back-off pulling image "{image}"'}},
                      "ready": False, "started": False, "restartCount": 0})
    drop_logs(w, OPERATOR_NS, name)
    return name


def unadvertised_gpu_node(w, name: str, *, gpus: int, product: str, memory_mib: int, labels=None) -> dict:
    """A GPU node whose operator stack never got past the driver: no GFD labels, no nvidia.com/gpu."""
    n = w.gpu_node(name, gpus=gpus, product=product, memory_mib=memory_mib, labels=labels)
    strip_gfd(n)
    no_gpu_resource(n)
    return n


# ---- driver layer: images, kernel headers, vGPU Manager ------------------------------------------

@case("fe201", node_subj("ip-192-168-41-17.ec2.internal"),
      "EKS v1.29 GPU node (p3.8xlarge, four V100; Amazon Linux 2 with kernel 5.10.210-201.852.amzn2.x86_64 as "
      "quoted; containerd and kubelet strings, node name and node group assumed) with the GPU Operator 23.9.2 "
      "deploying its driver container (driver 550.54.14): the driver pod's k8s-driver-manager init container has "
      "completed and nvidia-driver-ctr waits in ImagePullBackOff for `nvcr.io/nvidia/driver:550.54.14-amzn2`; the "
      "kubelet `Failed` event (x6, count illustrative) is the text. The toolkit and validator wait in "
      "driver-validation, the device plugin and GFD in toolkit-validation; no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "ip-192-168-41-17.ec2.internal"
    n = unadvertised_gpu_node(w, node, gpus=4, product="Tesla-V100-SXM2-16GB", memory_mib=16384,
                              labels=eks_labels("p3.8xlarge", "gpu-p3"))
    node_info(n, osImage="Amazon Linux 2", kernelVersion="5.10.210-201.852.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.7.11", kubeletVersion="v1.29.0-eks-5e0fdde",
              kubeProxyVersion="v1.29.0-eks-5e0fdde")
    name = driver_image_backoff(w, node, "nvcr.io/nvidia/driver:550.54.14-amzn2")
    operator_blocked(w, node)
    w.event(OPERATOR_NS, "Pod", name, "Failed", t, count=6, host=node, field_path="spec.containers{nvidia-driver-ctr}")
    w.target("Node", None, node)


@case("fe202", node_subj("ip-172-31-20-114.ec2.internal"),
      "AWS GPU node on Amazon Linux 2 with the Docker runtime (EKS inferred; g4dn.xlarge with one T4, kernel, "
      "Docker and kubelet strings and node name assumed for early 2021) with the GPU Operator Helm chart in its "
      "default configuration (operator 1.6.x assumed; its operands modelled in the `gpu-operator` namespace) and "
      "driver 460.32.03: the driver pod's nvidia-driver-ctr waits in ImagePullBackOff for "
      "`nvcr.io/nvidia/driver:460.32.03-amzn2`; the kubelet `Failed` event (x4, as quoted) is the text. The "
      "other operands wait in their validation init containers; no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "ip-172-31-20-114.ec2.internal"
    n = unadvertised_gpu_node(w, node, gpus=1, product="Tesla-T4", memory_mib=15360,
                              labels=eks_labels("g4dn.xlarge", "gpu"))
    node_info(n, osImage="Amazon Linux 2", kernelVersion="4.14.214-160.339.amzn2.x86_64",
              containerRuntimeVersion="docker://19.3.13", kubeletVersion="v1.18.9-eks-d1db3c",
              kubeProxyVersion="v1.18.9-eks-d1db3c")
    name = driver_image_backoff(w, node, "nvcr.io/nvidia/driver:460.32.03-amzn2")
    operator_blocked(w, node)
    w.event(OPERATOR_NS, "Pod", name, "Failed", t, count=4, host=node, field_path="spec.containers{nvidia-driver-ctr}")
    w.target("Node", None, node)


@case("fe204", node_subj("worker-vgpu-0.ocp.example.com"),
      "OpenShift vGPU host worker (RHCOS 4.16 / RHEL 9.4 kernel and CRI-O strings assumed, two A10 GPUs assumed) "
      "with the GPU Operator in sandbox mode (nvidia.com/gpu.workload.config=vm-vgpu; no container operands, no "
      "nvidia.com/gpu): the nvidia-vgpu-manager-daemonset pod (nvidia-vgpu-manager-ctr plus "
      "openshift-driver-toolkit-ctr) is Running and Ready (driver loaded), the nvidia-vgpu-device-manager pod "
      "waits in Init:0/1 with its vgpu-manager-validation init container running; the DaemonSets say desired 1 / "
      "ready 1 and desired 1 / ready 0. The ClusterPolicy status carries the text (condition message and reason, "
      "state). Namespace, pod names and images assumed.")
def _(w, t):
    node = "worker-vgpu-0.ocp.example.com"
    ns = "nvidia-gpu-operator"
    n = w.node(node, labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-vgpu",
                             "nvidia.com/gpu.deploy.vgpu-manager": "true",
                             "nvidia.com/gpu.deploy.vgpu-device-manager": "true",
                             "feature.node.kubernetes.io/pci-10de.present": "true"})
    rhcos(n, "416.94.202507081445-0", "5.14.0-427.76.1.el9_4.x86_64", "cri-o://1.29.13-5.rhaos4.16.git1d5bc1b.el9",
          "v1.29.14+7cf4c05")
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    mgr = w.pod(ns, "nvidia-vgpu-manager-daemonset-416.94.202507081445-0-p7k2x", node=node, gpu=0,
                containers=("nvidia-vgpu-manager-ctr", "openshift-driver-toolkit-ctr"),
                init_containers=("k8s-driver-manager",), labels={"app": "nvidia-vgpu-manager-daemonset"},
                owner=("DaemonSet", "nvidia-vgpu-manager-daemonset-416.94.202507081445-0"), tolerations=tol)
    set_image(mgr, "nvidia-vgpu-manager-ctr", "registry.example.com/nvidia/vgpu-manager:580.95.02-rhcos4.16")
    set_image(mgr, "openshift-driver-toolkit-ctr",
              "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:3c1a6f0e8e5d7b2a9f4c6d8e0b1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d")
    dm = w.pod(ns, "nvidia-vgpu-device-manager-m4v9q", node=node, gpu=0, containers=("nvidia-vgpu-device-manager",),
               init_containers=("vgpu-manager-validation",), phase="Pending", ready=False,
               labels={"app": "nvidia-vgpu-device-manager"}, owner=("DaemonSet", "nvidia-vgpu-device-manager"),
               tolerations=tol,
               init_statuses={"vgpu-manager-validation": {"state": {"running": {"startedAt": T0}}, "ready": False,
                                                          "restartCount": 0}})
    for c in dm["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "False"
    set_image(dm, "nvidia-vgpu-device-manager", "nvcr.io/nvidia/cloud-native/vgpu-device-manager:v0.4.1")
    for pod, ds, ready in ((mgr, "nvidia-vgpu-manager-daemonset-416.94.202507081445-0", 1),
                           (dm, "nvidia-vgpu-device-manager", 0)):
        status = {"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": ready,
                  "numberAvailable": ready, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                  "observedGeneration": 1}
        if not ready:
            status["numberUnavailable"] = 1
        wl = w.workload("DaemonSet", ns, ds, template_pod=pod, status=status)
        app = pod["metadata"]["labels"]["app"]
        wl["spec"]["selector"] = {"matchLabels": {"app": app}}
        wl["spec"]["template"]["metadata"]["labels"] = {"app": app}
    message = "ClusterPolicy is not ready, states not ready: [state-vgpu-device-manager]"
    assert f"message: '{message}'\nreason: OperandNotReady\nstate: notReady" == t
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "gpu-cluster-policy"},
        "spec": {"sandboxWorkloads": {"enabled": True, "defaultWorkload": "vm-vgpu"},
                 "vgpuManager": {"enabled": True, "repository": "registry.example.com/nvidia",
                                 "image": "vgpu-manager", "version": "580.95.02"},
                 "vgpuDeviceManager": {"enabled": True}, "driver": {"enabled": True}},
        "status": {"conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": message, "lastTransitionTime": T0}],
                   "namespace": ns, "state": "notReady"}}]
    w.target("Node", None, node)


@case("fe205", node_subj("rke2-gpu-worker-01"),
      "RKE2 GPU worker on RHEL 9.7 (kernel, RKE2/containerd strings, node name and the GPU model assumed) with the "
      "GPU Operator (driver.version 580.82.07; toolkit env CONTAINERD_CONFIG/CONTAINERD_SOCKET for RKE2, runtime "
      "class nvidia set as default, as quoted): the driver pod's nvidia-driver-ctr waits in ImagePullBackOff for "
      "`nvcr.io/nvidia/driver:580.82.07-rhel9.7` with the kubelet's standard back-off message (illustrative). The "
      "other operands wait in their validation init containers; no GFD labels, no nvidia.com/gpu. The text is the "
      "reporter's prose and is not placed in the bundle.")
def _(w, t):
    node = "rke2-gpu-worker-01"
    n = unadvertised_gpu_node(w, node, gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    node_info(n, osImage="Red Hat Enterprise Linux 9.7 (Plow)", kernelVersion="5.14.0-611.5.1.el9_7.x86_64",
              containerRuntimeVersion="containerd://2.1.4-k3s2", kubeletVersion="v1.33.5+rke2r1",
              kubeProxyVersion="v1.33.5+rke2r1")
    driver_image_backoff(w, node, "nvcr.io/nvidia/driver:580.82.07-rhel9.7")
    operator_blocked(w, node)
    tk = stack_pod(w, node, "toolkit")
    tk["spec"]["containers"][0]["env"] = [
        {"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml"},
        {"name": "CONTAINERD_SOCKET", "value": "/run/k3s/containerd/containerd.sock"},
        {"name": "CONTAINERD_RUNTIME_CLASS", "value": "nvidia"},
        {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "true"}]
    w.target("Node", None, node)


@case("fe206", node_subj("rhel9-gpu-worker-2"),
      "GPU worker on RHEL 9.6 with an EUS kernel (5.14.0-570.112.1.el9_6.x86_64, as quoted; containerd and kubelet "
      "strings, node name, GPU model and the driver image tag assumed) with the GPU Operator deploying its RHEL 9 "
      "driver container: nvidia-driver-ctr crash-loops with the text as its previous log; the toolkit and "
      "validator wait in driver-validation, the device plugin and GFD in toolkit-validation; no GFD labels, no "
      "nvidia.com/gpu.")
def _(w, t):
    node = "rhel9-gpu-worker-2"
    n = unadvertised_gpu_node(w, node, gpus=2, product="NVIDIA-L4", memory_mib=23034)
    node_info(n, osImage="Red Hat Enterprise Linux 9.6 (Plow)", kernelVersion="5.14.0-570.112.1.el9_6.x86_64",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.9", kubeProxyVersion="v1.32.9")
    drop_logs(w, OPERATOR_NS, w.stack(node, "driver"))      # its only log is the failed attempt's
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=9)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.09-rhel9.6")
    operator_blocked(w, node)
    w.target("Node", None, node)


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("fe203", node_subj("gpu-node-7"),
      "GPU node (Ubuntu 22.04, one A100; names and version strings assumed, the stored thread does not state them) "
      "with the GPU Operator's driver upgrade controller enabled (annotation "
      "nvidia.com/gpu-driver-upgrade-enabled=true): the node's upgrade-state label reads `upgrade-done`, the "
      "driver pod (compiled driver, after the switch from precompiled) and the rest of the stack are Running and "
      "Ready, the node advertises nvidia.com/gpu 1. The text (the issue title) is prose and is not placed in the "
      "bundle; no upgrade events are modelled.")
def _(w, t):
    node = "gpu-node-7"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920,
                   labels={"nvidia.com/gpu-driver-upgrade-state": "upgrade-done",
                           "nvidia.com/cuda.driver.major": "580"})
    n["metadata"]["annotations"] = {"nvidia.com/gpu-driver-upgrade-enabled": "true"}
    drv = w.stack(node, "driver")
    key = (OPERATOR_NS, drv, "nvidia-driver-ctr", False)
    w.logs[key] = w.logs[key].replace("550.127.05", "580.95.05")
    set_image(w.get_pod(OPERATOR_NS, drv), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04")
    w.target("Node", None, node)


@case("fe207", node_subj("a100-pcie-node-3"),
      "GPU node with two A100 PCIe 80GB GPUs (Ubuntu 22.04; names and version strings assumed) with the GPU "
      "Operator stack healthy plus its DCGM pod (DCGM 3.3.7) and NVSentinel's gpu-health-monitor pod Running; the "
      "node advertises nvidia.com/gpu 2. The text (the PR author's sentence about DCGM's NVLink health watch) is "
      "prose and is not placed in the bundle; no NVSentinel event or node condition is modelled, the thread does "
      "not quote one.")
def _(w, t):
    node = "a100-pcie-node-3"
    w.gpu_node(node, gpus=2, product="NVIDIA-A100-80GB-PCIe", memory_mib=81920,
               labels={"nvidia.com/gpu.deploy.dcgm": "true"})
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    dcgm = w.pod(OPERATOR_NS, "nvidia-dcgm-5rj8w", node=node, gpu=0, containers=("nvidia-dcgm-ctr",),
                 labels={"app": "nvidia-dcgm"}, owner=("DaemonSet", "nvidia-dcgm"), runtime_class="nvidia",
                 tolerations=tol)
    set_image(dcgm, "nvidia-dcgm-ctr", "nvcr.io/nvidia/cloud-native/dcgm:3.3.7-1-ubuntu22.04")
    hm = w.pod("nvsentinel", "gpu-health-monitor-dcgm-3.x-q8ztn", node=node, gpu=0,
               containers=("gpu-health-monitor",), labels={"app": "gpu-health-monitor"},
               owner=("DaemonSet", "gpu-health-monitor-dcgm-3.x"), tolerations=tol)
    set_image(hm, "gpu-health-monitor", "ghcr.io/nvidia/nvsentinel/gpu-health-monitor:v1.9.0-dcgm-3.x")
    for pod, ns, ds in ((dcgm, OPERATOR_NS, "nvidia-dcgm"), (hm, "nvsentinel", "gpu-health-monitor-dcgm-3.x")):
        wl = w.workload("DaemonSet", ns, ds, template_pod=pod,
                        status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                                "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                                "observedGeneration": 1})
        app = pod["metadata"]["labels"]["app"]
        wl["spec"]["selector"] = {"matchLabels": {"app": app}}
        wl["spec"]["template"]["metadata"]["labels"] = {"app": app}
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
