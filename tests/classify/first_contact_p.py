"""First-contact batch P (fixtures/first-contact/batch-p/cases.jsonl) as scenario bundles.

Real failures (and one look-alike) from public threads that no rule was written for, in the device-plugin layer,
sampled by a fixed query list (the batch README holds the list and the sampling log): an NVIDIA device-plugin
DaemonSet crashing on nodes without a GPU (2018), the ROCm device plugin that never re-registers after its
ListAndWatch stream ends (OpenShift), GFD started before the driver, a crash-looping tkestack gpu-manager, a DRA
kubelet plugin writing a CDI spec before /dev/nvidia* exist, HAMi's gpumem that is no node resource (look-alike),
HAMi's device-plugin restart breaking running vGPU pods, and HAMi's vgpu-scheduler landing on a non-GPU node.
Each builder places the case's text where it appears in a cluster (or, for prose, nowhere) inside a world built
from the `state` the thread describes. The expected answer is reasoned from what the thread settled (`expected`,
preferred first), never from what the tool printed; the texts and expected ids were written before any rule
change for them.

    .venv/bin/python -m tests.classify.first_contact_p     # (re)writes fixtures/first-contact/batch-p/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_a import readme_scenario, GPU_TOLERATION, KS, annotate, daemonset, deploy_pod, ds_pod, info
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_PLUGIN_LOG, read_cases, REPO, Scenario, T0, T1,
                                             write_batch)
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-p"
SCENARIOS_DIR = BATCH / "scenarios"
# prose (a reporter's or maintainer's sentence) that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fp002", "fp003", "fp004", "fp005", "fp006", "fp007"}
# renderings (a sentence around a quoted message): the quoted message becomes the object field
RENDERED = {"fp008"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


UBUNTU_KV = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-112-generic",
             "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.4"}
CP_TAINT = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
CP_TOL = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]


def _crashloop(p: dict, container: str, *, restarts: int = 7, code: int = 1, reason: str = "Error",
               message: str | None = None) -> dict:
    """A pod whose container is in CrashLoopBackOff (Running phase, not ready)."""
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update(crashing(container, code=code, reason=reason, message=message, restarts=restarts)[container])
            s["started"] = False
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return p


# =============================================================================================

@case("fp001", "device_plugin_daemonset_on_non_gpu_node_hook_error", pod_subj("nvidia-device-plugin-daemonset-7xk2p", KS),
      "Kubernetes v1.11.1 (docker 17.03 with nvidia-container-runtime as the default runtime on every worker) with one "
      "GPU worker (1 GPU, plugin pod Running and registered) and one CPU worker (no GPU, no NVIDIA driver); the "
      "static nvidia-device-plugin DaemonSet (nvidia/k8s-device-plugin:1.11, no nodeSelector) has 2 desired, 1 ready; "
      "on the CPU worker its pod is in CrashLoopBackOff with the case's text as the terminated container's StartError "
      "message and the kubelet Failed event (verbatim, no wording added). Node names, the restart count and the exit "
      "code 128 are assumed.")
def _(w, t):
    w.git_version = "v1.11.1"
    kv = {"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.4.0-130-generic",
          "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.11.1"}
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    info(w.node("gpu-worker-1", gpus=1, cpu="16", memory="65846072Ki"), **kv)
    info(w.node("cpu-worker-1", cpu="16", memory="65846072Ki"), **kv)
    img = "nvidia/k8s-device-plugin:1.11"
    ds = "nvidia-device-plugin-daemonset"
    daemonset(w, KS, ds, desired=2, ready=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ok = "nvidia-device-plugin-daemonset-q9m4d"
    ds_pod(w, KS, ds, ok, "gpu-worker-1", containers=("nvidia-device-plugin-ctr",), image=img,
           labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    w.log(KS, ok, "nvidia-device-plugin-ctr",
          "2018/07/21 08:10:02 Loading NVML\n2018/07/21 08:10:02 Fetching devices.\n"
          "2018/07/21 08:10:02 Starting FS watcher.\n2018/07/21 08:10:02 Starting OS watcher.\n"
          "2018/07/21 08:10:02 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
          "2018/07/21 08:10:02 Registered device plugin with Kubelet\n")
    bad = "nvidia-device-plugin-daemonset-7xk2p"
    p = ds_pod(w, KS, ds, bad, "cpu-worker-1", containers=("nvidia-device-plugin-ctr",), image=img,
               labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    _crashloop(p, "nvidia-device-plugin-ctr", restarts=9, code=128, reason="ContainerCannotRun", message=t)
    w.event(KS, "Pod", bad, "Failed", t, component="kubelet", host="cpu-worker-1", count=9,
            field_path="spec.containers{nvidia-device-plugin-ctr}")
    w.event(KS, "Pod", bad, "BackOff", "Back-off restarting failed container", component="kubelet",
            host="cpu-worker-1", count=31, field_path="spec.containers{nvidia-device-plugin-ctr}")
    w.target("Pod", KS, bad)


@case("fp002", "rocm_device_plugin_never_reregisters_after_listandwatch_eof", node_subj("mi325x-worker-0"),
      "OpenShift 4.21 (Kubernetes v1.34.6, RHCOS, CRI-O) with two AMD Instinct MI325X worker nodes (8 GPUs each): "
      "amd.com/gpu capacity 8 and allocatable 0 on both; AMD GPU Operator v1.5.0 in kube-amd-gpu with its DeviceConfig "
      "(device plugin enabled, DRA disabled again); the device-plugin DaemonSet pods (rocm/k8s-device-plugin:"
      "v1.25.2.7) are Running and Ready with no restart. No plugin or kubelet log is quoted in the issue, so none is "
      "in the bundle. Node names, pod names and the RHCOS build are assumed. The summary is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.34.6"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 9.6.20260510-0 (Plow)", "kernelVersion": "5.14.0-570.49.1.el9_6.x86_64",
          "containerRuntimeVersion": "cri-o://1.34.2-2.rhaos4.21.git1a2b3c4.el9", "kubeletVersion": "v1.34.6"}
    for i in range(3):
        info(w.node(f"master-{i}", cpu="16", memory="65846072Ki",
                    labels={"node-role.kubernetes.io/master": "", "node-role.kubernetes.io/control-plane": ""},
                    taints=CP_TAINT), **kv)
    ns, ds = "kube-amd-gpu", "default-device-plugin"
    img = "docker.io/rocm/k8s-device-plugin:v1.25.2.7"
    nodes = ["mi325x-worker-0", "mi325x-worker-1"]
    for n in nodes:
        info(w.node(n, gpus=8, allocatable=0, resource="amd.com/gpu", cpu="256", memory="2113470236Ki",
                    labels={"node-role.kubernetes.io/worker": "", "feature.node.kubernetes.io/amd-gpu": "true",
                            "amd.com/gpu.product-name": "AMD_Instinct_MI325X", "amd.com/gpu.driver-version": "6.16.6"}),
             **kv)
    daemonset(w, ns, ds, desired=2, containers=[("device-plugin", img)],
              node_selector={"feature.node.kubernetes.io/amd-gpu": "true"},
              labels={"app.kubernetes.io/name": "device-plugin", "app": "default-device-plugin"})
    for i, n in enumerate(nodes):
        ds_pod(w, ns, ds, f"default-device-plugin-{'kx7q2m'[i*3:i*3+3]}9z", n, containers=("device-plugin",), image=img,
               labels={"app.kubernetes.io/name": "device-plugin"})
    deploy_pod(w, ns, "amd-gpu-operator-gpu-operator-charts-controller-manager-6b7c9d8f5",
               "amd-gpu-operator-gpu-operator-charts-controller-manager-6b7c9d8f5-p2x7k", "master-0",
               containers=("manager",), image="docker.io/rocm/gpu-operator:v1.5.0", tolerations=CP_TOL,
               labels={"app.kubernetes.io/name": "gpu-operator-charts"})
    w.ns_custom[("deviceconfigs.amd.com", ns)] = [{
        "apiVersion": "amd.com/v1alpha1", "kind": "DeviceConfig",
        "metadata": {"name": "default", "namespace": ns, "generation": 3},
        "spec": {"driver": {"enable": True, "version": "30.20.1"}, "devicePlugin": {"enableNodeLabeller": True},
                 "draDriver": {"enable": False}, "selector": {"feature.node.kubernetes.io/amd-gpu": "true"}},
        "status": {"devicePlugin": {"availableNumber": 2, "desiredNumber": 2, "nodesMatchingSelectorNumber": 2}}}]
    w.target("Node", None, nodes[0])


@case("fp003", "gfd_started_before_driver_no_cuda_labels", node_subj("gpu-node-2"),
      "Kubernetes v1.28 with two T4 GPU nodes and the NVIDIA GPU Operator v24.3.0 in gpu-operator (all operand pods "
      "Running, validators Completed); gpu-node-1 carries the full GFD label set, gpu-node-2 only the operator's "
      "nvidia.com/gpu.present / gpu.deploy.* labels and NFD's PCI label, with nvidia.com/gpu 1 advertised, but no "
      "nvidia.com/cuda.* and no NVML-derived nvidia.com/gpu.product/count/memory labels. Its GFD pod is Running; its "
      "log is only a screenshot in the thread and is not in the bundle. Versions and names are assumed. The reporter's "
      "sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    kv = dict(UBUNTU_KV, kubeletVersion="v1.28.9", containerRuntimeVersion="containerd://1.7.13")
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=CP_TAINT), **kv)
    info(w.gpu_node("gpu-node-1", gpus=1, product="Tesla-T4", memory_mib=15360, cpu="32", memory="131896340Ki"), **kv)
    n2 = w.gpu_node("gpu-node-2", gpus=1, product="Tesla-T4", memory_mib=15360, cpu="32", memory="131896340Ki")
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n2["metadata"]["labels"].pop(k, None)
    info(n2, **kv)
    gfd = w.stack("gpu-node-2", "gfd")
    for key in [k for k in w.logs if k[1] == gfd]:
        w.logs.pop(key)
    w.target("Node", None, "gpu-node-2")


@case("fp004", "tkestack_gpu_manager_v104_crashloop", pod_subj("gpu-manager-daemonset-x7k2q", KS),
      "Kubernetes v1.18 (kubeadm-style, docker) on one GPU server without internet access (2 GPUs, labelled "
      "nvidia-device-enable=enable, no tencent.com/vcuda-core / vcuda-memory advertised) and a control-plane node; the "
      "tkestack gpu-manager DaemonSet (image tkestack/gpu-manager:v1.0.4 loaded by hand) has 1 desired, 0 ready; its "
      "pod is in CrashLoopBackOff. The crash log is only in photos and is not in the bundle. Sizes, names and exit code "
      "are assumed. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.18.6"
    kv = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-142-generic",
          "containerRuntimeVersion": "docker://19.3.15", "kubeletVersion": "v1.18.6"}
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    info(w.node("gpu-server", cpu="40", memory="263940360Ki", labels={"nvidia-device-enable": "enable"}), **kv)
    img = "tkestack/gpu-manager:v1.0.4"
    ds = "gpu-manager-daemonset"
    daemonset(w, KS, ds, desired=1, ready=0, containers=[("gpu-manager", img)],
              node_selector={"nvidia-device-enable": "enable"}, labels={"name": "gpu-manager-ds"})
    p = ds_pod(w, KS, ds, "gpu-manager-daemonset-x7k2q", "gpu-server", containers=("gpu-manager",), image=img,
               labels={"name": "gpu-manager-ds"})
    _crashloop(p, "gpu-manager", restarts=6, code=255)
    w.target("Pod", KS, "gpu-manager-daemonset-x7k2q")


@case("fp005", "dra_cdi_spec_written_before_dev_nvidia_exists", pod_subj("pod0", "gpu-test1"),
      "Kubernetes v1.36.1 (kubeadm-style) with a control-plane node and one fresh headless Ubuntu 24.04 node with two "
      "A30 GPUs, NVIDIA driver 595.58.03 loaded from the host (nvidiaDriverRoot /) and the NVIDIA DRA driver v0.5.0 "
      "kubelet plugin running (DaemonSet 1/1 ready, no log quoted, none in the bundle); no nvidia.com/gpu device-plugin "
      "resource. In namespace gpu-test1 the ResourceClaim pod0-gpu-x7k2q (device class gpu.nvidia.com) is allocated "
      "on the node and reserved for pod0, whose container ran nvidia-smi and exited 9 (phase Failed); its log holds the "
      "nvidia-smi message the thread quotes. Names are assumed. The case's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.36.1"
    kv = {"osImage": "Ubuntu 24.04.1 LTS", "kernelVersion": "6.8.0-139-generic",
          "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.36.1"}
    info(w.node("k8s-cp", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=CP_TAINT), **kv)
    node = "gpu-a30-1"
    info(w.node(node, cpu="64", memory="263940360Ki", labels={"nvidia.com/gpu.present": "true"}), **kv)
    ns_d = "nvidia-dra-driver-gpu"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v0.5.0"
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    daemonset(w, ns_d, ds, desired=1, containers=[("gpus", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}})
    ds_pod(w, ns_d, ds, "nvidia-dra-driver-gpu-kubelet-plugin-q7m2x", node, containers=("gpus",), image=img,
           labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, tolerations=GPU_TOLERATION)
    ns, pod, claim = "gpu-test1", "pod0", "pod0-gpu-x7k2q"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": claim, "namespace": ns, "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod, "controller": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}]}},
        "status": {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com",
                                                            "pool": node, "device": "gpu-0"}]},
                                  "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                      {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                   "reservedFor": [{"resource": "pods", "name": pod}]}}]
    term = {"state": {"terminated": {"exitCode": 9, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
            "ready": False, "restartCount": 0}
    w.pod(ns, pod, node=node, gpu=0, containers=("ctr",), image="ubuntu:24.04", phase="Failed",
          statuses={"ctr": term}, restarts=0,
          extra_spec={"restartPolicy": "Never", "resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]})
    w.get_pod(ns, pod)["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.get_pod(ns, pod)["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    w.log(ns, pod, "ctr", "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n"
                          "Make sure that the latest NVIDIA driver is installed and running.\n")
    w.target("Pod", ns, pod)


@case("fp006", "hami_gpumem_not_a_node_resource", node_subj("gpu-node-1"),
      "Kubernetes v1.28 with HAMi v2.4.1 (hami-scheduler in kube-system with its kube-scheduler and "
      "vgpu-scheduler-extender containers, hami-device-plugin DaemonSet) and one GPU node with one physical A10 split "
      "into 10 vGPUs: capacity/allocatable list nvidia.com/gpu 10 and no nvidia.com/gpumem; a Running vGPU pod asks "
      "for nvidia.com/gpu 1 and nvidia.com/gpumem 3000. Everything is healthy. Names and sizes are assumed. The "
      "question is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    kv = dict(UBUNTU_KV, kubeletVersion="v1.28.9", containerRuntimeVersion="containerd://1.7.13")
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=CP_TAINT), **kv)
    node = "gpu-node-1"
    n = w.node(node, gpus=10, cpu="32", memory="131896340Ki", labels={"gpu": "on"})
    annotate(n, **{"hami.io/node-handshake": "Requesting_2024.10.29 09:59:26",
                   "hami.io/node-nvidia-register": "GPU-8a3c2f1e-5d4b-4c7a-9e2f-1b6d0a7c3e95,10,23028,100,NVIDIA-NVIDIA A10,0,true:"})
    info(n, **kv)
    img = "projecthami/hami:v2.4.1"
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/component": "hami-device-plugin", "app": "hami-device-plugin"})
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-m2x7q", node, containers=("device-plugin", "vgpu-monitor"),
           image=img, labels={"app": "hami-device-plugin"})
    w.log(KS, "hami-device-plugin-m2x7q", "device-plugin",
          "I1029 09:40:11.102334       1 register.go:167] \"Register device\" node=\"gpu-node-1\" devices=1 split=10\n"
          "I1029 09:40:11.118902       1 server.go:297] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    deploy_pod(w, KS, "hami-scheduler-6d9f8c7b5", "hami-scheduler-6d9f8c7b5-k2q7x", "k8s-master",
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img, labels={"app": "hami-scheduler"},
               tolerations=CP_TOL)
    p = w.pod("default", "gpu-pod", node=node, gpu=1, containers=("ubuntu-container",), image="ubuntu:22.04",
              scheduler="hami-scheduler", cpu="1", memory="1Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "3000"
    w.target("Node", None, node)


@case("fp007", "hami_device_plugin_restart_breaks_vgpu_pods", pod_subj("vgpu-smi-loop-0", "default"),
      "Kubernetes v1.28 with HAMi (latest) on containerd: one GPU node (nvidia.com/gpu 10 vGPU slots) whose "
      "hami-device-plugin pod has restarted once (Running, Ready, restartCount 1); two Running vGPU workload pods (one "
      "running nvidia-smi every second) each show restartCount 1 with a last state terminated by an error just after "
      "the plugin restart (exit code 1 and the timing are illustrative: the thread quotes no status). Names are assumed. "
      "The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    kv = dict(UBUNTU_KV, kubeletVersion="v1.28.9", containerRuntimeVersion="containerd://1.7.13")
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=CP_TAINT), **kv)
    node = "gpu-node-1"
    n = w.node(node, gpus=10, cpu="32", memory="131896340Ki", labels={"gpu": "on"})
    annotate(n, **{"hami.io/node-nvidia-register": "GPU-3e7c1a9d-2b4f-4d6e-8a1c-5f9b0e2d7c41,10,24576,100,NVIDIA-NVIDIA L4,0,true:"})
    info(n, **kv)
    img = "projecthami/hami:latest"
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/component": "hami-device-plugin", "app": "hami-device-plugin"})
    dp = ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-q2x9m", node, containers=("device-plugin", "vgpu-monitor"),
                image=img, labels={"app": "hami-device-plugin"}, restarts=1)
    for s in dp["status"]["containerStatuses"]:
        s["lastState"] = {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T1}}
    w.log(KS, "hami-device-plugin-q2x9m", "device-plugin",
          "I1224 10:02:41.102334       1 register.go:167] \"Register device\" node=\"gpu-node-1\" devices=1 split=10\n"
          "I1224 10:02:41.118902       1 server.go:297] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    deploy_pod(w, KS, "hami-scheduler-6d9f8c7b5", "hami-scheduler-6d9f8c7b5-k2q7x", "k8s-master",
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img, labels={"app": "hami-scheduler"},
               tolerations=CP_TOL)
    for name, cmd in (("vgpu-smi-loop-0", ["bash", "-c", "while true; do nvidia-smi; sleep 1; done"]),
                      ("vgpu-worker-1", ["bash", "-c", "sleep infinity"])):
        p = w.pod("default", name, node=node, gpu=1, containers=("main",), image="nvidia/cuda:12.4.1-base-ubuntu22.04",
                  scheduler="hami-scheduler", cpu="1", memory="2Gi", restarts=1)
        p["spec"]["containers"][0]["command"] = cmd
        p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpumem"] = "4000"
        p["status"]["containerStatuses"][0]["lastState"] = {
            "terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}}
    w.target("Pod", "default", "vgpu-smi-loop-0")


@case("fp008", "hami_vgpu_scheduler_on_non_gpu_node", pod_subj("vgpu-scheduler-7d9c8b6f5-x2k7q", KS),
      "Kubernetes v1.22 (kubeadm-style, docker with nvidia as the default runtime on every node) with two GPU nodes "
      "labelled gpu=true (vgpu-device-plugin DaemonSet pods Running there, nvidia.com/gpu advertised) and one CPU "
      "worker without the label and without an NVIDIA driver; the vgpu-scheduler Deployment pod (4pdosc/k8s-vdevice:"
      "v2.2.5) landed on the CPU worker and is in CrashLoopBackOff: its terminated state and kubelet Failed event carry "
      "the quoted nvidia-container-cli message (the error part of the reporter's sentence, unchanged). Names, counts "
      "and exit code are assumed.")
def _(w, t):
    w.git_version = "v1.22.15"
    kv = {"osImage": "Ubuntu 20.04.5 LTS", "kernelVersion": "5.4.0-131-generic",
          "containerRuntimeVersion": "docker://20.10.21", "kubeletVersion": "v1.22.15"}
    info(w.node("k8s-master", cpu="8", memory="16305700Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    img = "4pdosc/k8s-vdevice:v2.2.5"
    gpu_nodes = ["gpu-node-1", "gpu-node-2"]
    for n in gpu_nodes:
        info(w.node(n, gpus=20, cpu="32", memory="131896340Ki", labels={"gpu": "true"}), **kv)
    info(w.node("cpu-worker-1", cpu="16", memory="65846072Ki"), **kv)
    ds = "vgpu-device-plugin"
    daemonset(w, KS, ds, desired=2, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "true"}, labels={"app.kubernetes.io/component": "4pd-device-plugin", "app": "vgpu-device-plugin"})
    for i, n in enumerate(gpu_nodes):
        ds_pod(w, KS, ds, f"vgpu-device-plugin-{'k7q2m9'[i*3:i*3+3]}xz", n, containers=("device-plugin", "vgpu-monitor"),
               image=img, labels={"app": "vgpu-device-plugin"})
    msg = t.split("导致报错", 1)[1]
    rs = "vgpu-scheduler-7d9c8b6f5"
    pod = "vgpu-scheduler-7d9c8b6f5-x2k7q"
    tmpl = {"spec": {"containers": [{"name": "kube-scheduler", "image": "registry.cn-hangzhou.aliyuncs.com/google_containers/kube-scheduler:v1.22.15"},
                                    {"name": "vgpu-scheduler-extender", "image": img}]}}
    w.workload("Deployment", KS, "vgpu-scheduler", template_pod=tmpl, revision="1",
               status={"replicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", KS, rs, template_pod=tmpl, owner=("Deployment", "vgpu-scheduler"), revision="1",
               status={"replicas": 1})
    p = deploy_pod(w, KS, rs, pod, "cpu-worker-1", containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app": "vgpu-scheduler"})
    _crashloop(p, "vgpu-scheduler-extender", restarts=12, code=128, reason="ContainerCannotRun", message=msg)
    w.event(KS, "Pod", pod, "Failed", msg, component="kubelet", host="cpu-worker-1", count=12,
            field_path="spec.containers{vgpu-scheduler-extender}")
    w.event(KS, "Pod", pod, "BackOff", "Back-off restarting failed container", component="kubelet",
            host="cpu-worker-1", count=40, field_path="spec.containers{vgpu-scheduler-extender}")
    w.target("Pod", KS, pod)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is prose (a reporter's or maintainer's sentence) that never reaches the cluster: it is "
              "NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (a sentence around a quoted message): the quoted message becomes the "
              "corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-p", case_id, BUILDERS[case_id], cases()[case_id], placed, world_heading="World built here (what is assumed)")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
