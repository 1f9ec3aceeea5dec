"""Builds first-contact batch H36 (fixtures/first-contact/batch-h36/cases.jsonl) as scenario bundles.

Round 36R frame: the Fixed issues / Known Limitations bullets of the GPU Operator release notes
(gpu-operator/release-notes.rst of NVIDIA/cloud-native-docs), releases 24.9.2 down to 23.9.1. Nine cases: the
Helm CRD-upgrade hook Job that tolerates no taint (24.9.0 fixed issue), an NFD restart that restarts the operands
so the new driver pod cannot unload the driver held by a workload (NVIDIA/gpu-operator#782), the driver container
on a custom SEV-SNP kernel
(known limitation), the operator crash-looping on `fatal error: concurrent map read and map write` (#689), and the
upgrade controller failing on a NotReady node (#688); then, from B46-B81 (23.9.2 and 23.9.1), four more: the
NVIDIADriver CR's driver DaemonSet without the GPU nodes' custom toleration (#602), the CRD-upgrade hook Job
refused under Argo CD for want of its service account, the KubeVirt GPU device plugin's GLIBC mismatch, and the
nvidia-peermem container on OpenShift with GPUDirect RDMA. fh3601-fh3603, fh3606, fh3607 and fh3609 are prose cases
(the release note's own sentences, NOT placed in the bundle: TEXT_NOT_IN_BUNDLE) whose bundles carry the state
NVIDIA and the threads describe; fh3604 and fh3605 place the line the reporter quoted verbatim in the operator's
log, fh3608 the release note's quoted line in the plugin container's previous log.

Each world runs the GPU Operator release the case's README names (the release a fixed issue was fixed in, minus
one; a known limitation's own release), with the images its chart's values.yaml pins (read at the release's tag in
the local mirror of NVIDIA/gpu-operator; not for 23.9.0, the world of fh3606-fh3609, whose images and sandbox /
OpenShift operand names are assumed, the follow-up budget being spent) and the DaemonSet names, labels and
containers of its assets. Names,
node counts, GPU models and the log lines around the quoted text are assumed and said so in the case's note.

    .venv/bin/python -m tests.classify.first_contact_h36      # (re)writes fixtures/first-contact/batch-h36/scenarios/
"""

from __future__ import annotations

import hashlib

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch, crashloop
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-h36", "H36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the release note's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh3601", "fh3602", "fh3603", "fh3606", "fh3607", "fh3609"}

NS = "gpu-operator"
T2 = "2026-11-29T14:40:00Z"
GPU_TAINT = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
CP_TAINT = {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}
UNREACHABLE = [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
               {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]

# images pinned by each release's deployments/gpu-operator/values.yaml (NVIDIA/gpu-operator at the tag)
REL = {
    "24.6.2": dict(op="v24.6.2", driver="550.90.07", toolkit="v1.16.2-ubuntu20.04", plugin="v0.16.2-ubi8",
                   gfd="nvcr.io/nvidia/k8s-device-plugin:v0.16.2-ubi8", manager="v0.6.10", nfd="v0.16.3"),
    "24.6.0": dict(op="v24.6.0", driver="550.90.07", toolkit="v1.16.1-ubuntu20.04", plugin="v0.16.1-ubi8",
                   gfd="nvcr.io/nvidia/k8s-device-plugin:v0.16.1-ubi8", manager="v0.6.10", nfd="v0.16.3"),
    "24.3.0": dict(op="v24.3.0", driver="550.54.15", toolkit="v1.15.0-ubuntu20.04", plugin="v0.15.0-ubi8",
                   gfd="nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8", manager="v0.6.8", nfd="v0.15.4"),
    "23.9.2": dict(op="v23.9.2", driver="550.54.14", toolkit="v1.14.6-ubuntu20.04", plugin="v0.14.5-ubi8",
                   gfd="nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8", manager="v0.6.5", nfd="v0.14.2"),
    # 23.9.0 (fh3606-fh3609): NOT read at the tag (the follow-up budget was spent by B01-B45): the versions are
    # assumed (the 23.9.0 release's component list as remembered), said so in the cases' notes and the README
    "23.9.0": dict(op="v23.9.0", driver="535.104.12", toolkit="v1.14.3-ubuntu20.04", plugin="v0.14.2-ubi8",
                   gfd="nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8", manager="v0.6.4", nfd="v0.14.2"),
}

# the operands of the GPU Operator's assets: DaemonSet, pod labels, containers, init containers
ROLES = {
    "driver": ("nvidia-driver-daemonset",
               {"app": "nvidia-driver-daemonset", "app.kubernetes.io/component": "nvidia-driver",
                "nvidia.com/precompiled": "false"},
               ("nvidia-driver-ctr",), ("k8s-driver-manager",), "nvidia.com/gpu.deploy.driver"),
    "toolkit": ("nvidia-container-toolkit-daemonset", {"app": "nvidia-container-toolkit-daemonset"},
                ("nvidia-container-toolkit-ctr",), ("driver-validation",), "nvidia.com/gpu.deploy.container-toolkit"),
    "device-plugin": ("nvidia-device-plugin-daemonset", {"app": "nvidia-device-plugin-daemonset"},
                      ("nvidia-device-plugin", "config-manager"), ("toolkit-validation", "config-manager-init"),
                      "nvidia.com/gpu.deploy.device-plugin"),
    "gfd": ("gpu-feature-discovery", {"app": "gpu-feature-discovery", "app.kubernetes.io/part-of": "nvidia-gpu"},
            ("gpu-feature-discovery", "config-manager"), ("toolkit-validation", "config-manager-init"),
            "nvidia.com/gpu.deploy.gpu-feature-discovery"),
    "validator": ("nvidia-operator-validator",
                  {"app": "nvidia-operator-validator", "app.kubernetes.io/part-of": "gpu-operator"},
                  ("nvidia-operator-validator",),
                  ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"),
                  "nvidia.com/gpu.deploy.operator-validator"),
}
DEPLOY_LABELS = ("nvidia.com/gpu.deploy.driver", "nvidia.com/gpu.deploy.container-toolkit",
                 "nvidia.com/gpu.deploy.device-plugin", "nvidia.com/gpu.deploy.gpu-feature-discovery",
                 "nvidia.com/gpu.deploy.operator-validator", "nvidia.com/gpu.deploy.dcgm-exporter",
                 "nvidia.com/gpu.deploy.dcgm", "nvidia.com/gpu.deploy.node-status-exporter")


def _sfx(*parts: str) -> str:
    h = hashlib.sha256("/".join(parts).encode()).hexdigest()
    alphabet = "bcdfghjklmnpqrstvwxz2456789"
    return "".join(alphabet[int(h[i:i + 2], 16) % len(alphabet)] for i in range(0, 10, 2))


def _driver_log(version: str) -> str:
    return (f"DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-{version}\n"
            "Verifying archive integrity... OK\n"
            f"Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 {version}..........\n"
            "Loading ipmi and i2c_core kernel modules...\nLoading NVIDIA driver kernel modules...\n"
            "+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\n"
            "Starting NVIDIA persistence daemon...\nMounting NVIDIA driver rootfs...\n"
            "Done, now waiting for signal\n")


def gpu_labels(product: str, gpus: int, memory_mib: int, *, driver_major: str, kernel: str, gfd: bool = True,
               operator_labels: bool = True) -> dict:
    """A GPU node's NFD labels, and the operator's and GFD's labels when they ran on it."""
    labels = {"feature.node.kubernetes.io/pci-10de.present": "true",
              "feature.node.kubernetes.io/kernel-version.full": kernel}
    if operator_labels:
        labels["nvidia.com/gpu.present"] = "true"
        labels.update({k: "true" for k in DEPLOY_LABELS})
    if gfd:
        labels.update({"nvidia.com/gpu.product": product, "nvidia.com/gpu.count": str(gpus),
                       "nvidia.com/gpu.memory": str(memory_mib), "nvidia.com/cuda.driver.major": driver_major,
                       "nvidia.com/cuda.runtime.major": "12", "nvidia.com/gpu.family": "ampere",
                       "nvidia.com/mig.capable": "false"})
    return labels


def _images(rel: str, driver_image: str) -> dict[str, str]:
    r = REL[rel]
    return {"driver": driver_image, "toolkit": f"nvcr.io/nvidia/k8s/container-toolkit:{r['toolkit']}",
            "device-plugin": f"nvcr.io/nvidia/k8s-device-plugin:{r['plugin']}", "gfd": r["gfd"],
            "validator": f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{r['op']}"}


def nfd_pods(w, ns: str, prefix: str, workers: list[str], master: str, version: str) -> list[str]:
    """Node Feature Discovery (the chart's master Deployment pod and worker DaemonSet pods); returns worker pods."""
    image = f"registry.k8s.io/nfd/node-feature-discovery:{version}"
    rs = f"{prefix}-master-6d8f7c9b5d"
    deploy_pod(w, ns, rs, f"{rs}-{_sfx(w.name, rs)}", master, containers=("master",), image=image,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"})
    daemonset(w, ns, f"{prefix}-worker", desired=len(workers), containers=[("worker", image)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    names = []
    for n in workers:
        name = f"{prefix}-worker-{_sfx(w.name, n, prefix)}"
        ds_pod(w, ns, f"{prefix}-worker", name, n, containers=("worker",), image=image,
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
        names.append(name)
    return names


def stack_pods(w, rel: str, node: str, *, driver_image: str, driver_ds: str = "nvidia-driver-daemonset",
               driver_labels: dict | None = None, created: str = T0, healthy: bool = True) -> dict[str, str]:
    """The operand pods of one GPU node (driver, toolkit, device plugin, GFD, validator), all running and ready
    when `healthy`; returns role -> pod name."""
    r = REL[rel]
    images = _images(rel, driver_image)
    validator = images["validator"]
    names = {}
    for role, (ds, labels, containers, inits, _sel) in ROLES.items():
        if role == "driver":
            ds, labels = driver_ds, dict(driver_labels or labels)
        name = f"{ds}-{_sfx(w.name, node, ds)}"
        p = ds_pod(w, NS, ds, name, node, containers=containers, image=images[role], labels=dict(labels),
                   init_containers=inits, tolerations=GPU_TOL,
                   runtime_class=None if role == "driver" else "nvidia")
        p["metadata"]["creationTimestamp"] = created
        p["status"]["startTime"] = created
        for c in p["spec"]["containers"]:
            if c["name"] == "config-manager":
                c["image"] = images[role]
        init_image = {"k8s-driver-manager": f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{r['manager']}",
                      "config-manager-init": images[role]}
        for c in p["spec"].get("initContainers", []):
            c["image"] = init_image.get(c["name"], validator)
        for s in p["status"].get("initContainerStatuses", []):
            s["image"] = init_image.get(s["name"], validator)
        for s in p["status"].get("containerStatuses", []):
            s["image"] = next(c["image"] for c in p["spec"]["containers"] if c["name"] == s["name"])
        p["spec"]["priorityClassName"] = "system-node-critical"
        if healthy:
            if role == "driver":
                w.log(NS, name, "nvidia-driver-ctr", _driver_log(driver_image.split(":")[1].split("-")[0]))
            elif role == "device-plugin":
                w.log(NS, name, "nvidia-device-plugin", HEALTHY_PLUGIN_LOG)
            elif role == "validator":
                w.log(NS, name, "cuda-validation", "cuda workload validation is successful\n")
        names[role] = name
    return names


def stack_daemonsets(w, rel: str, *, desired: int, ready: int | None = None, driver_ds: str = "nvidia-driver-daemonset",
                     driver_labels: dict | None = None, driver_selector: dict | None = None,
                     driver_image: str = "", current: int | None = None, overrides: dict | None = None) -> dict:
    """The operands' DaemonSets (counts as the controller reports them); returns role -> DaemonSet object."""
    images = _images(rel, driver_image)
    out = {}
    for role, (ds, labels, containers, _inits, sel) in ROLES.items():
        selector = {sel: "true"}
        if role == "driver":
            ds, labels = driver_ds, dict(driver_labels or labels)
            selector = driver_selector or selector
        o = (overrides or {}).get(role, {})
        obj = daemonset(w, NS, ds, desired=o.get("desired", desired), current=o.get("current", current),
                        ready=o.get("ready", ready), containers=[(c, images[role]) for c in containers],
                        node_selector=selector, tolerations=GPU_TOL, labels=labels)
        obj["spec"]["selector"] = {"matchLabels": {"app": labels["app"]}}
        obj["spec"]["template"]["metadata"]["labels"] = dict(labels)
        if role == "driver":
            obj["spec"]["updateStrategy"] = {"type": "OnDelete"}
        if "misscheduled" in o:
            obj["status"]["numberMisscheduled"] = o["misscheduled"]
        out[role] = obj
    return out


def operator_pod(w, rel: str, node: str, *, rs: str = "gpu-operator-6c8d9f7b4", pod: str | None = None,
                 tolerations=None, **kw) -> dict:
    pod = pod or f"{rs}-{_sfx(w.name, rs)}"
    labels = {"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator",
              "app.kubernetes.io/name": "gpu-operator", "app.kubernetes.io/instance": "gpu-operator",
              "app.kubernetes.io/managed-by": "Helm", "helm.sh/chart": f"gpu-operator-{REL[rel]['op']}",
              "app.kubernetes.io/version": REL[rel]["op"], "nvidia.com/gpu-driver-upgrade-drain.skip": "true"}
    p = deploy_pod(w, NS, rs, pod, node, containers=("gpu-operator",),
                   image=f"nvcr.io/nvidia/gpu-operator:{REL[rel]['op']}", labels=labels,
                   tolerations=tolerations, **kw)
    p["spec"]["serviceAccountName"] = "gpu-operator"
    return p


def operator_deployment(w, rel: str, *, available: int = 1) -> dict:
    d = w.workload("Deployment", NS, "gpu-operator", strategy={"type": "RollingUpdate"},
                   status={"replicas": 1, "readyReplicas": available, "availableReplicas": available,
                           "updatedReplicas": 1, "observedGeneration": 1,
                           **({"unavailableReplicas": 1} if not available else {})})
    d["spec"]["selector"] = {"matchLabels": {"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}}
    d["spec"]["template"]["spec"] = {"containers": [{"name": "gpu-operator",
                                                     "image": f"nvcr.io/nvidia/gpu-operator:{REL[rel]['op']}"}]}
    return d


def _kubelet(n: dict, version: str, **kw) -> dict:
    return info(n, kubeletVersion=version, kubeProxyVersion=version, **kw)


def _not_ready(p: dict) -> None:
    for c in p["status"].get("conditions", []):
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
            c["lastTransitionTime"] = T1
    for s in p["status"].get("containerStatuses", []):
        s["ready"] = False


def _init_waiting(p: dict, running_init: str) -> None:
    """A recreated operand pod waiting in Init: `running_init` runs, later inits and the containers wait."""
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    seen = False
    for s in p["status"].get("initContainerStatuses", []):
        if s["name"] == running_init:
            s.update({"state": {"running": {"startedAt": T1}}, "ready": False, "started": True, "restartCount": 0})
            seen = True
        elif seen:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                  "restartCount": 0})


# ---- fh3601: the CRD-upgrade Helm hook Job tolerates none of the cluster's taints (GPU Operator 24.6.2) -----------

_01_JOB = "gpu-operator-upgrade-crd"
_01_POD = f"{_01_JOB}-x7k2p"
_01_WORKER_TAINT = {"key": "workload-class", "value": "batch", "effect": "NoSchedule"}
_01_MSG = ("0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "2 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) had untolerated taint "
           "{workload-class: batch}. preemption: 0/5 nodes are available: 5 Preemption is not helpful for scheduling.")


@case("fh3601", pod_subj(_01_POD, NS),
      "kubeadm cluster v1.30.4 (assumed): 1 control-plane node (control-plane taint), 2 GPU nodes (4 x L40S each, "
      "tainted nvidia.com/gpu=present:NoSchedule), 2 CPU workers tainted workload-class=batch:NoSchedule (taints, "
      "counts and models assumed). GPU Operator 24.6.2 (Helm, operator.upgradeCRD=true, operator.tolerations "
      "listing the three taints) runs healthy: operator Deployment on cpu-worker-1, NFD, and the operands on both "
      "GPU nodes with 24.6.2's images. `helm upgrade` created the pre-upgrade hook Job gpu-operator-upgrade-crd "
      "(container upgrade-crd, image gpu-operator:v24.6.2, no tolerations, restartPolicy OnFailure, as the 24.6.2 "
      "chart's template writes it); its pod is Pending, the default scheduler's FailedScheduling event and the "
      "PodScheduled condition carrying a message composed from those taints. The case's text (the release note) "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.4"
    cp = w.node("k8s-cp-1", cpu="8", memory="32863428Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.30.4")
    tols = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"},
            {"key": "workload-class", "operator": "Equal", "value": "batch", "effect": "NoSchedule"}] + GPU_TOL
    gpu_nodes = ["gpu-worker-1", "gpu-worker-2"]
    for n in gpu_nodes:
        node = w.node(n, gpus=4, taints=[GPU_TAINT], cpu="64", memory="527938872Ki",
                      labels=gpu_labels("NVIDIA-L40S", 4, 46068, driver_major="550", kernel="5.15.0-119-generic"))
        node["metadata"]["labels"]["nvidia.com/gpu.family"] = "ada-lovelace"
        _kubelet(node, "v1.30.4")
        stack_pods(w, "24.6.2", n, driver_image="nvcr.io/nvidia/driver:550.90.07-ubuntu22.04")
    for n in ("cpu-worker-1", "cpu-worker-2"):
        _kubelet(w.node(n, cpu="32", memory="131890132Ki", taints=[_01_WORKER_TAINT]), "v1.30.4")
    stack_daemonsets(w, "24.6.2", desired=2, driver_image="nvcr.io/nvidia/driver:550.90.07-ubuntu22.04")
    operator_deployment(w, "24.6.2")
    operator_pod(w, "24.6.2", "cpu-worker-1", tolerations=tols)
    nfd_pods(w, NS, "gpu-operator-node-feature-discovery", ["k8s-cp-1", *gpu_nodes, "cpu-worker-1", "cpu-worker-2"],
        "cpu-worker-1", REL["24.6.2"]["nfd"])
    job = w.workload("Job", NS, _01_JOB, status={"active": 1, "startTime": T1})
    job["metadata"]["annotations"] = {"helm.sh/hook": "pre-upgrade", "helm.sh/hook-weight": "1",
                                      "helm.sh/hook-delete-policy": "hook-succeeded,before-hook-creation"}
    labels = {"app.kubernetes.io/name": "gpu-operator", "app.kubernetes.io/instance": "gpu-operator",
              "app.kubernetes.io/managed-by": "Helm", "helm.sh/chart": "gpu-operator-v24.6.2",
              "app.kubernetes.io/version": "v24.6.2", "app.kubernetes.io/component": "gpu-operator",
              "batch.kubernetes.io/job-name": _01_JOB, "job-name": _01_JOB}
    job["spec"] = {"backoffLimit": 6, "completions": 1, "parallelism": 1,
                   "template": {"metadata": {"labels": dict(labels)},
                                "spec": {"serviceAccountName": "gpu-operator-upgrade-crd-hook-sa",
                                         "restartPolicy": "OnFailure",
                                         "containers": [{"name": "upgrade-crd",
                                                         "image": "nvcr.io/nvidia/gpu-operator:v24.6.2",
                                                         "command": ["/bin/sh", "-c", "kubectl apply -f "
                                                                     "/opt/gpu-operator/nvidia.com_clusterpolicies_crd.yaml; "
                                                                     "kubectl apply -f /opt/gpu-operator/nvidia.com_nvidiadrivers.yaml; "
                                                                     "kubectl apply -f /opt/gpu-operator/nfd-api-crds.yaml;"]}]}}}
    p = w.pod(NS, _01_POD, gpu=0, phase="Pending", scheduled_message=_01_MSG, containers=("upgrade-crd",),
              image="nvcr.io/nvidia/gpu-operator:v24.6.2", owner=("Job", _01_JOB), labels=labels,
              cpu="100m", memory="128Mi",
              extra_spec={"restartPolicy": "OnFailure", "serviceAccountName": "gpu-operator-upgrade-crd-hook-sa"})
    p["metadata"]["creationTimestamp"] = T1
    w.event(NS, "Pod", _01_POD, "FailedScheduling", _01_MSG, component="default-scheduler", count=4)
    ev = w.event(NS, "Job", _01_JOB, "SuccessfulCreate", f"Created pod: {_01_POD}", type="Normal",
                 component="job-controller")
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    w.target("Pod", NS, _01_POD)


# ---- fh3602: NFD restart -> operands restarted -> the new driver pod cannot unload the driver in use (24.3.0) -----

_02_NODE = "gpu-node-01"
_02_DRIVER = "nvidia-driver-daemonset"


def _02_manager_log(node: str) -> str:
    """k8s-driver-manager v0.6.8's driver-manager echo strings, in the order of this path (composed)."""
    return ("Current value of AUTO_UPGRADE_POLICY_ENABLED=true'\n"
            "Waiting for the operator-validator to shutdown\n"
            "Waiting for the container-toolkit to shutdown\n"
            "Waiting for the device-plugin to shutdown\n"
            "Waiting for gpu-feature-discovery to shutdown\n"
            "Waiting for dcgm-exporter to shutdown\n"
            "Waiting for dcgm to shutdown\n"
            f"Auto eviction of GPU pods on node {node} is disabled by the upgrade policy\n"
            "Unloading NVIDIA driver kernel modules...\n"
            "Could not unload NVIDIA driver kernel modules, driver is in use\n"
            f"Auto drain of the node {node} is disabled by the upgrade policy\n"
            "Failed to uninstall nvidia driver components\n")


@case("fh3602", pod_subj(f"{_02_DRIVER}-{_sfx('fh3602', _02_NODE, _02_DRIVER)}", NS),
      "Kubernetes v1.28.9 (assumed) with CRI-O 1.28.4 (version assumed) on RHEL 8.10 (kernel "
      "4.18.0-553.el8_10.x86_64): a control-plane node and GPU node gpu-node-01 (2 x A100 PCIe 40GB, assumed). "
      "GPU Operator 24.3.0 with the containerized driver 535.183.01 (rhel8.10 image), NFD v0.15.4 deployed "
      "separately in namespace node-feature-discovery. A training pod holds both GPUs. The node's NFD worker pod was "
      "recreated minutes ago; the operand pods on the node were recreated at the same time: the driver pod's "
      "k8s-driver-manager init container crash-loops (restart 6, its log composed from k8s-driver-manager v0.6.8's "
      "messages: eviction and drain left to the upgrade policy, the modules in use, exit), the toolkit, device "
      "plugin, GFD and validator pods wait in their first validation init container. The node keeps "
      "nvidia.com/gpu-driver-upgrade-state=upgrade-done; its nvidia.com/gpu allocatable is 0 while the device "
      "plugin is down. The case's text (the release note) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    rhel = dict(osImage="Red Hat Enterprise Linux 8.10 (Ootpa)", kernelVersion="4.18.0-553.el8_10.x86_64",
                containerRuntimeVersion="cri-o://1.28.4")
    cp = w.node("k8s-master-1", cpu="16", memory="65217564Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.28.9", **rhel)
    labels = gpu_labels("NVIDIA-A100-PCIE-40GB", 2, 40960, driver_major="535", kernel="4.18.0-553.el8_10.x86_64")
    labels["nvidia.com/gpu-driver-upgrade-state"] = "upgrade-done"
    labels["feature.node.kubernetes.io/system-os_release.ID"] = "rhel"
    labels["feature.node.kubernetes.io/system-os_release.VERSION_ID"] = "8.10"
    gpu = w.node(_02_NODE, gpus=2, allocatable=0, cpu="64", memory="527938872Ki", labels=labels)
    _kubelet(gpu, "v1.28.9", **rhel)
    drv_image = "nvcr.io/nvidia/driver:535.183.01-rhel8.10"
    names = stack_pods(w, "24.3.0", _02_NODE, driver_image=drv_image, created=T1, healthy=False)
    drv = w.get_pod(NS, names["driver"])
    drv["status"]["phase"] = "Pending"
    for c in drv["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    drv["status"]["initContainerStatuses"][0].update(
        {"state": {"waiting": {"reason": "CrashLoopBackOff",
                               "message": "back-off 2m40s restarting failed container=k8s-driver-manager "
                                          f"pod={names['driver']}_{NS}"}},
         "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T2, "finishedAt": T2}},
         "ready": False, "restartCount": 6, "started": False})
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    w.log(NS, names["driver"], "k8s-driver-manager", _02_manager_log(_02_NODE), previous=True)
    w.log(NS, names["driver"], "k8s-driver-manager", _02_manager_log(_02_NODE).split("Unloading")[0])
    w.event(NS, "Pod", names["driver"], "BackOff",
            f"Back-off restarting failed container k8s-driver-manager in pod {names['driver']}_{NS}"
            f"({drv['metadata']['uid']})", component="kubelet", host=_02_NODE, count=14,
            field_path="spec.initContainers{k8s-driver-manager}")
    for role, init in (("toolkit", "driver-validation"), ("device-plugin", "toolkit-validation"),
                       ("gfd", "toolkit-validation"), ("validator", "driver-validation")):
        _init_waiting(w.get_pod(NS, names[role]), init)
    stack_daemonsets(w, "24.3.0", desired=1, ready=0, driver_image=drv_image)
    operator_deployment(w, "24.3.0")
    operator_pod(w, "24.3.0", "k8s-master-1",
                 tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                               "effect": "NoSchedule"}])
    workers = nfd_pods(w, "node-feature-discovery", "nfd", [_02_NODE], "k8s-master-1", REL["24.3.0"]["nfd"])
    wp = w.get_pod("node-feature-discovery", workers[0])
    wp["metadata"]["creationTimestamp"] = T1
    wp["status"]["startTime"] = T1
    w.pod("ml-team", "trainer-0", node=_02_NODE, gpu=2, image="nvcr.io/nvidia/pytorch:24.05-py3",
          containers=("trainer",), owner=("StatefulSet", "trainer"), cpu="16", memory="128Gi")
    w.target("Pod", NS, names["driver"])


# ---- fh3603: the driver container on a custom SEV-SNP host kernel: no kernel headers (24.6.0) ------------------

_04_NODE = "snp-gpu-01"
_04_KERNEL = "6.9.0-rc7-snp-host-05b10142ac6a"


def _04_driver_log() -> str:
    """Echo strings of gpu-driver-container's ubuntu22.04/nvidia-driver on this path (composed)."""
    return ("DRIVER_ARCH is x86_64\n\n========== NVIDIA Software Installer ==========\n\n"
            f"Starting installation of NVIDIA driver version 550.90.07 for Linux kernel version {_04_KERNEL}\n\n"
            "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
            "Unmounting NVIDIA driver rootfs...\nChecking NVIDIA driver packages...\nUpdating the package cache...\n"
            "Resolving Linux kernel version...\nCould not resolve Linux kernel version\n"
            "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
            "Unmounting NVIDIA driver rootfs...\n")


@case("fh3603", pod_subj(f"nvidia-driver-daemonset-{_sfx('fh3603', _04_NODE, 'nvidia-driver-daemonset')}", NS),
      "kubeadm v1.30.2 (assumed): a control-plane node and GPU node snp-gpu-01, an AMD EPYC host with one H100 PCIe "
      "(assumed) booted with a custom SEV-SNP host kernel 6.9.0-rc7-snp-host-05b10142ac6a (name assumed) on Ubuntu "
      "22.04. GPU Operator 24.6.0 with the containerized driver 550.90.07-ubuntu22.04: the driver pod crash-loops "
      "(its previous log composed from the driver script's messages: the kernel version cannot be resolved, no "
      "headers package), the toolkit, device plugin, GFD and validator pods wait in their validation init "
      "containers, the node has NFD's and the operator's labels but no GFD labels and no nvidia.com/gpu. The "
      "case's text (the release note) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.30.2"
    ubuntu = dict(osImage="Ubuntu 22.04.4 LTS", containerRuntimeVersion="containerd://1.7.19")
    cp = w.node("k8s-cp-1", cpu="8", memory="32863428Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.30.2", kernelVersion="5.15.0-117-generic", **ubuntu)
    labels = gpu_labels("NVIDIA-H100-PCIe", 1, 81559, driver_major="550", kernel=_04_KERNEL, gfd=False)
    labels["feature.node.kubernetes.io/cpu-security.sev.snp.enabled"] = "true"
    gpu = w.node(_04_NODE, cpu="128", memory="792343592Ki", labels=labels)
    _kubelet(gpu, "v1.30.2", kernelVersion=_04_KERNEL, **ubuntu)
    drv_image = "nvcr.io/nvidia/driver:550.90.07-ubuntu22.04"
    names = stack_pods(w, "24.6.0", _04_NODE, driver_image=drv_image, healthy=False)
    drv = w.get_pod(NS, names["driver"])
    crashloop(drv, "nvidia-driver-ctr", restarts=9, code=1)
    w.log(NS, names["driver"], "nvidia-driver-ctr", _04_driver_log(), previous=True)
    w.event(NS, "Pod", names["driver"], "BackOff", "Back-off restarting failed container nvidia-driver-ctr in pod "
            f"{names['driver']}_{NS}({drv['metadata']['uid']})", component="kubelet", host=_04_NODE, count=31,
            field_path="spec.containers{nvidia-driver-ctr}")
    for role, init in (("toolkit", "driver-validation"), ("device-plugin", "toolkit-validation"),
                       ("gfd", "toolkit-validation"), ("validator", "driver-validation")):
        _init_waiting(w.get_pod(NS, names[role]), init)
    stack_daemonsets(w, "24.6.0", desired=1, ready=0, driver_image=drv_image)
    operator_deployment(w, "24.6.0")
    operator_pod(w, "24.6.0", "k8s-cp-1",
                 tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                               "effect": "NoSchedule"}])
    nfd_pods(w, NS, "gpu-operator-node-feature-discovery", [_04_NODE], "k8s-cp-1", REL["24.6.0"]["nfd"])
    w.target("Pod", NS, names["driver"])


# ---- fh3604: the operator crash-loops on a concurrent map access; a new GPU node gets no operands (23.9.2) ------

_05_GKE = "v1.27.10-gke.1055000"
_05_OP_POD = "gpu-operator-5d8c7b9f6d-q4v7n"
_05_NEW = "gke-ml-cluster-gpu-pool-8d2e4f6a-b3n7"
_05_QUOTED = (
    '{"level":"info","ts":1711652616.7035823,"logger":"controllers.ClusterPolicy","msg":"Reconciliate ClusterPolicies '
    'after node label update","nb":1}\n'
    '{"level":"info","ts":1711652616.703655,"logger":"controllers.ClusterPolicy","msg":"Kubernetes version detected",'
    '"version":"v1.27.10-gke.1055000"}\n')


def _05_log(t: str) -> str:
    """The run the reporter quoted: two info lines, the fatal error, the first frames of the goroutine."""
    return (_05_QUOTED + t + "\n\ngoroutine 216 [running]:\n"
            "k8s.io/apimachinery/pkg/runtime.(*Scheme).New(0xc0002401c0, {{0x1d7bcdf, 0xa}, {0x1d762e6, 0x2}, "
            "{0x1905e27, 0xd}})\n\t/workspace/vendor/k8s.io/apimachinery/pkg/runtime/scheme.go:296 +0x65\n"
            "sigs.k8s.io/controller-runtime/pkg/cache.(*informerCache).objectTypeForListObject(0xc00049d710, "
            "{0x2073490?, 0xc0002cbb90})\n\t/workspace/vendor/sigs.k8s.io/controller-runtime/pkg/cache/"
            "informer_cache.go:119 +0x3dd\n")


def _gke(n: dict, pool: str, instance: str) -> dict:
    n["metadata"]["labels"].update({"cloud.google.com/gke-nodepool": pool,
                                    "cloud.google.com/gke-os-distribution": "ubuntu",
                                    "node.kubernetes.io/instance-type": instance,
                                    "beta.kubernetes.io/instance-type": instance,
                                    "topology.kubernetes.io/zone": "us-central1-a",
                                    "topology.kubernetes.io/region": "us-central1"})
    return _kubelet(n, _05_GKE, osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-1045-gke",
                    containerRuntimeVersion="containerd://1.7.10")


@case("fh3604", pod_subj(_05_OP_POD, NS),
      "GKE v1.27.10-gke.1055000 (from the quoted log), Ubuntu node image (kernel 5.15.0-1045-gke): a default pool "
      "node and a GPU pool of g2-standard-8 nodes (1 x L4 each, tainted nvidia.com/gpu=present:NoSchedule; sizes "
      "and models assumed). GPU Operator 23.9.2 (the release before the fix; the reporter ran 22.9.1): its "
      "Deployment's pod crash-loops (restart 23, exit code 2; its previous log the reporter's quoted run, verbatim); "
      "the two older GPU nodes keep running operands with 23.9.2's images; the GPU node added last carries NFD's "
      "labels only (no nvidia.com/gpu.present, no deploy labels), has no operand pods and no nvidia.com/gpu.")
def _(w, t):
    w.git_version = _05_GKE
    _gke(w.node("gke-ml-cluster-default-pool-5f3c1a2b-x1z9", cpu="8", memory="32880756Ki"), "default-pool",
         "e2-standard-8")
    old = ["gke-ml-cluster-gpu-pool-8d2e4f6a-7k2m", "gke-ml-cluster-gpu-pool-8d2e4f6a-9p4q"]
    for n in old:
        node = w.node(n, gpus=1, taints=[GPU_TAINT], cpu="8", memory="32880756Ki",
                      labels=gpu_labels("NVIDIA-L4", 1, 23034, driver_major="550", kernel="5.15.0-1045-gke"))
        node["metadata"]["labels"]["nvidia.com/gpu.family"] = "ada-lovelace"
        node["metadata"]["labels"]["cloud.google.com/gke-accelerator"] = "nvidia-l4"
        _gke(node, "gpu-pool", "g2-standard-8")
        stack_pods(w, "23.9.2", n, driver_image="nvcr.io/nvidia/driver:550.54.14-ubuntu22.04")
    new = w.node(_05_NEW, taints=[GPU_TAINT], cpu="8", memory="32880756Ki",
                 labels=gpu_labels("NVIDIA-L4", 1, 23034, driver_major="550", kernel="5.15.0-1045-gke", gfd=False,
                                   operator_labels=False))
    new["metadata"]["labels"]["cloud.google.com/gke-accelerator"] = "nvidia-l4"
    new["metadata"]["creationTimestamp"] = "2026-11-29T13:20:00Z"
    _gke(new, "gpu-pool", "g2-standard-8")
    stack_daemonsets(w, "23.9.2", desired=2, driver_image="nvcr.io/nvidia/driver:550.54.14-ubuntu22.04")
    operator_deployment(w, "23.9.2", available=0)
    p = operator_pod(w, "23.9.2", "gke-ml-cluster-default-pool-5f3c1a2b-x1z9", rs="gpu-operator-5d8c7b9f6d",
                     pod=_05_OP_POD)
    crashloop(p, "gpu-operator", restarts=23, code=2)
    w.log(NS, _05_OP_POD, "gpu-operator", _05_log(t), previous=True)
    w.event(NS, "Pod", _05_OP_POD, "BackOff", "Back-off restarting failed container gpu-operator in pod "
            f"{_05_OP_POD}_{NS}({p['metadata']['uid']})", component="kubelet",
            host="gke-ml-cluster-default-pool-5f3c1a2b-x1z9", count=88, field_path="spec.containers{gpu-operator}")
    nfd_pods(w, NS, "gpu-operator-node-feature-discovery", [*old, _05_NEW], "gke-ml-cluster-default-pool-5f3c1a2b-x1z9",
        REL["23.9.2"]["nfd"])
    w.target("Pod", NS, _05_OP_POD)


# ---- fh3605: the driver upgrade controller cannot build its state while a GPU node is NotReady (23.9.2) ---------

_06_DS = "nvidia-gpu-driver-ubuntu20.04-797bd4457c"
_06_PENDING = f"{_06_DS}-x4czx"
_06_BROKEN = "gpu-node-3"
_06_OP_POD = "gpu-operator-7b9d6c8f5c-m2w8t"
_06_MSG = ("0/5 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 4 node(s) "
           "didn't match Pod's node affinity/selector. preemption: 0/5 nodes are available: 5 Preemption is not "
           "helpful for scheduling.")


def _06_log(t: str) -> str:
    head = ('{"level":"info","ts":"2024-03-27T06:00:03.271Z","logger":"controllers.Upgrade","msg":"Reconciling '
            'Upgrade","upgrade":{"name":"cluster-policy"}}\n')
    return head + t + "\n"


@case("fh3605", pod_subj(_06_OP_POD, NS),
      "Kubernetes v1.28.6 (assumed) with CRI-O 1.28.4 (assumed) on Ubuntu 20.04 (kernel 5.15.0-69-generic): a "
      "control-plane node and four GPU nodes (4 x A30 each, assumed). GPU Operator 23.9.2 with the NVIDIADriver "
      "CRD: the driver DaemonSet nvidia-gpu-driver-ubuntu20.04-797bd4457c (name from the quoted line; labels "
      "assumed) runs on three nodes; gpu-node-3 has a disk problem and is NotReady (modelled as Unknown with the "
      "unreachable taints), its operand pods not ready, and the driver pod the quoted line names "
      "(nvidia-gpu-driver-ubuntu20.04-797bd4457c-x4czx) Pending and bound to no node (FailedScheduling message "
      "composed). The operator's log (Running pod) holds the reporter's error line verbatim after a composed info "
      "line. The NVIDIADriver resource itself is not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.6"
    ub = dict(osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.15.0-69-generic", containerRuntimeVersion="cri-o://1.28.4")
    cp = w.node("k8s-cp-1", cpu="16", memory="65842364Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.28.6", **ub)
    drv_labels = {"app": _06_DS, "app.kubernetes.io/component": "nvidia-driver", "nvidia.com/precompiled": "false",
                  "app.kubernetes.io/managed-by": "gpu-operator"}
    drv_image = "nvcr.io/nvidia/driver:550.54.14-ubuntu20.04"
    for i in range(1, 5):
        n = f"gpu-node-{i}"
        broken = n == _06_BROKEN
        node = w.node(n, gpus=4, ready="Unknown" if broken else True, taints=UNREACHABLE if broken else (),
                      cpu="64", memory="527938872Ki",
                      labels=gpu_labels("NVIDIA-A30", 4, 24576, driver_major="550", kernel="5.15.0-69-generic"))
        _kubelet(node, "v1.28.6", **ub)
        names = stack_pods(w, "23.9.2", n, driver_image=drv_image, driver_ds=_06_DS, driver_labels=drv_labels)
        if broken:
            w.pods[NS] = [p for p in w.pods[NS] if p["metadata"]["name"] != names["driver"]]
            w.logs = {k: v for k, v in w.logs.items() if k[1] != names["driver"]}
            for role, name in names.items():
                if role != "driver":
                    _not_ready(w.get_pod(NS, name))
                    w.event(NS, "Pod", name, "NodeNotReady", "Node is not ready", component="node-controller")
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchFields": [{"key": "metadata.name", "operator": "In", "values": [_06_BROKEN]}]}]}}}
    p = w.pod(NS, _06_PENDING, gpu=0, phase="Pending", scheduled_message=_06_MSG, containers=("nvidia-driver-ctr",),
              init_containers=("k8s-driver-manager",), image=drv_image, owner=("DaemonSet", _06_DS),
              labels=drv_labels, tolerations=GPU_TOL, affinity=aff, cpu="100m", memory="256Mi",
              extra_spec={"priorityClassName": "system-node-critical", "serviceAccountName": "nvidia-driver"})
    p["spec"]["initContainers"][0]["image"] = f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{REL['23.9.2']['manager']}"
    p["spec"]["containers"][0]["image"] = drv_image
    w.event(NS, "Pod", _06_PENDING, "FailedScheduling", _06_MSG, component="default-scheduler", count=37)
    stack_daemonsets(w, "23.9.2", desired=4, ready=3, current=4, driver_ds=_06_DS, driver_labels=drv_labels,
                     driver_image=drv_image,
                     overrides={"driver": {"desired": 4, "current": 3, "ready": 3}})
    operator_deployment(w, "23.9.2")
    op = operator_pod(w, "23.9.2", "k8s-cp-1", rs="gpu-operator-7b9d6c8f5c", pod=_06_OP_POD,
                      tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                    "effect": "NoSchedule"}])
    assert op["metadata"]["name"] == _06_OP_POD
    w.log(NS, _06_OP_POD, "gpu-operator", _06_log(t))
    nfd_pods(w, NS, "gpu-operator-node-feature-discovery", [f"gpu-node-{i}" for i in range(1, 4)], "k8s-cp-1",
        REL["23.9.2"]["nfd"])
    w.event("default", "Node", _06_BROKEN, "NodeNotReady", f"Node {_06_BROKEN} status is now: NodeNotReady",
            type="Normal", component="node-controller")
    w.target("Pod", NS, _06_OP_POD)


# ---- fh3606: the NVIDIADriver CR's driver DaemonSet carries no custom toleration (23.9.0; gpu-operator#602) ------

_07_DS = "nvidia-gpu-driver-ubuntu22.04-6c9f7d8b4f"
_07_TAINT = {"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}
_07_TOL = [{"key": "dedicated", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}] + GPU_TOL
_07_NODES = ("gpu-node-1", "gpu-node-2")
_07_POD = "llm-finetune-0"
_07_MSG = ("0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
           "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
           "scheduling, 2 No preemption victims found for incoming pod.")


@case("fh3606", pod_subj(_07_POD, "ml-team"),
      "kubeadm v1.28.4 on Ubuntu 22.04 with containerd 1.7.11 (all assumed): a control-plane node and two GPU nodes "
      "(2 x A100 PCIe 80GB each, assumed) reserved for GPU work with the custom taint dedicated=gpu:NoSchedule "
      "(taint assumed: the note says only 'some environments'). GPU Operator 23.9.0 (the release before the fix; "
      "images assumed, see the note) with the technical-preview NVIDIADriver CR (driver.useNvidiaDriverCRD=true) "
      "and daemonsets.tolerations in ClusterPolicy listing the custom taint: the toolkit, device-plugin, GFD and "
      "validator DaemonSets carry it and their pods run on both GPU nodes, waiting in their first validation init "
      "container; the driver DaemonSet the NVIDIADriver controller rendered (name nvidia-gpu-driver-ubuntu22.04-"
      "<hash>, the form of fh3605's quoted line; hash assumed) carries only the nvidia.com/gpu toleration "
      "(assumed), so the DaemonSet controller places no pod on the tainted nodes: desiredNumberScheduled 0, no "
      "driver pod. The GPU nodes have NFD's and the operator's labels, no GFD labels and no nvidia.com/gpu; a "
      "user's GPU pod that tolerates both taints is Pending (FailedScheduling message composed). The "
      "NVIDIADriver resource is not in the bundle; the case's text (the release note) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.4"
    ub = dict(osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-88-generic",
              containerRuntimeVersion="containerd://1.7.11")
    cp = w.node("k8s-cp-1", cpu="8", memory="32863428Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.28.4", **ub)
    drv_labels = {"app": _07_DS, "app.kubernetes.io/component": "nvidia-driver", "nvidia.com/precompiled": "false",
                  "app.kubernetes.io/managed-by": "gpu-operator"}
    drv_image = "nvcr.io/nvidia/driver:535.104.12-ubuntu22.04"
    for n in _07_NODES:
        labels = gpu_labels("NVIDIA-A100-80GB-PCIe", 2, 81920, driver_major="535", kernel="5.15.0-88-generic",
                            gfd=False)
        labels.update({"feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                       "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"})
        node = w.node(n, taints=[_07_TAINT], cpu="64", memory="527938872Ki", labels=labels)
        _kubelet(node, "v1.28.4", **ub)
        names = stack_pods(w, "23.9.0", n, driver_image=drv_image, driver_ds=_07_DS, driver_labels=drv_labels,
                           healthy=False)
        w.pods[NS] = [p for p in w.pods[NS] if p["metadata"]["name"] != names["driver"]]
        for role, init in (("toolkit", "driver-validation"), ("device-plugin", "toolkit-validation"),
                           ("gfd", "toolkit-validation"), ("validator", "driver-validation")):
            p = w.get_pod(NS, names[role])
            _init_waiting(p, init)
            p["spec"]["tolerations"] = [x for x in p["spec"]["tolerations"] if x.get("key") != "nvidia.com/gpu"] + _07_TOL
    ds = stack_daemonsets(w, "23.9.0", desired=2, ready=0, driver_ds=_07_DS, driver_labels=drv_labels,
                          driver_image=drv_image,
                          driver_selector={"nvidia.com/gpu.deploy.driver": "true",
                                           "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"},
                          overrides={"driver": {"desired": 0, "current": 0, "ready": 0}})
    for role, obj in ds.items():
        if role != "driver":
            obj["spec"]["template"]["spec"]["tolerations"] = list(_07_TOL)
    ds["driver"]["spec"]["template"]["spec"]["initContainers"] = [
        {"name": "k8s-driver-manager", "image": f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{REL['23.9.0']['manager']}"}]
    ds["driver"]["metadata"]["ownerReferences"] = [{"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
                                                    "name": "default", "controller": True,
                                                    "uid": "5b8e2c41-7d3a-4f6e-9a10-2f4c8e6b1d07"}]
    operator_deployment(w, "23.9.0")
    operator_pod(w, "23.9.0", "k8s-cp-1",
                 tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                               "effect": "NoSchedule"}])
    nfd_tols = _07_TOL + [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]
    for name in nfd_pods(w, NS, "gpu-operator-node-feature-discovery", ["k8s-cp-1", *_07_NODES], "k8s-cp-1",
                         REL["23.9.0"]["nfd"]):
        w.get_pod(NS, name)["spec"]["tolerations"] += nfd_tols     # the NFD worker values list the custom taint too
    w.pod("ml-team", _07_POD, gpu=1, phase="Pending", scheduled_message=_07_MSG, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:23.10-py3", owner=("StatefulSet", "llm-finetune"), tolerations=_07_TOL,
          cpu="8", memory="64Gi")
    w.event("ml-team", "Pod", _07_POD, "FailedScheduling", _07_MSG, component="default-scheduler", count=12)
    w.target("Pod", "ml-team", _07_POD)


# ---- fh3607: Argo CD runs the CRD-upgrade hook before the service account it uses exists (23.9.0) ---------------

_08_JOB = "gpu-operator-upgrade-crd"
_08_MSG = (f'Error creating: pods "{_08_JOB}-" is forbidden: error looking up service account '
           'gpu-operator/gpu-operator: serviceaccount "gpu-operator" not found')


@case("fh3607", {"kind": "Job", "namespace": NS, "name": _08_JOB},
      "kubeadm v1.28.4 (assumed) on Ubuntu 22.04: a control-plane node, a CPU worker and two GPU nodes (1 x L4 "
      "each, assumed), with Argo CD v2.9 (assumed) in namespace argocd. The first sync of an Argo CD Application "
      "installing the gpu-operator Helm chart v23.9.0 (operator.upgradeCRD=true, CreateNamespace=true; names "
      "assumed) created namespace gpu-operator and, as a PreSync hook (Argo CD's reading of the chart's "
      "pre-install/pre-upgrade hook), the Job gpu-operator-upgrade-crd (container upgrade-crd, image "
      "gpu-operator:v23.9.0, serviceAccountName gpu-operator as the note says; the rest of the template as the "
      "24.6.2 chart's, assumed). The sync waits for the hook, so nothing else of the chart exists: no service "
      "account, no operator Deployment, no NFD, no operands. The Job has no pods; the job controller's "
      "FailedCreate event carries the API server's refusal (message composed in the ServiceAccount admission "
      "plugin's words). The GPU nodes have no NFD or NVIDIA labels and no nvidia.com/gpu. The case's text (the "
      "release note) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.4"
    ub = dict(osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-88-generic",
              containerRuntimeVersion="containerd://1.7.11")
    cp = w.node("k8s-cp-1", cpu="8", memory="32863428Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.28.4", **ub)
    _kubelet(w.node("cpu-worker-1", cpu="16", memory="65842364Ki"), "v1.28.4", **ub)
    for n in ("gpu-node-1", "gpu-node-2"):
        _kubelet(w.node(n, cpu="16", memory="65842364Ki"), "v1.28.4", **ub)
    for i, (dep, img) in enumerate((("argocd-server", "quay.io/argoproj/argocd:v2.9.3"),
                                    ("argocd-repo-server", "quay.io/argoproj/argocd:v2.9.3"))):
        rs = f"{dep}-7f9c6d5b8{i}"
        deploy_pod(w, "argocd", rs, f"{rs}-{_sfx(w.name, rs)}", "cpu-worker-1", containers=(dep,), image=img,
                   labels={"app.kubernetes.io/name": dep, "app.kubernetes.io/part-of": "argocd"})
    app_rs = "argocd-application-controller"
    p = w.pod("argocd", f"{app_rs}-0", node="cpu-worker-1", gpu=0, containers=(app_rs,),
              image="quay.io/argoproj/argocd:v2.9.3", owner=("StatefulSet", app_rs),
              labels={"app.kubernetes.io/name": app_rs, "app.kubernetes.io/part-of": "argocd"})
    assert p["metadata"]["name"] == f"{app_rs}-0"
    job = w.workload("Job", NS, _08_JOB, status={"startTime": T1})
    job["metadata"]["annotations"] = {"helm.sh/hook": "pre-install,pre-upgrade", "helm.sh/hook-weight": "1",
                                      "helm.sh/hook-delete-policy": "hook-succeeded,before-hook-creation"}
    job["metadata"]["labels"] = {"app.kubernetes.io/instance": "gpu-operator", "app.kubernetes.io/name": "gpu-operator",
                                 "app.kubernetes.io/component": "gpu-operator", "helm.sh/chart": "gpu-operator-v23.9.0",
                                 "app.kubernetes.io/version": "v23.9.0", "app.kubernetes.io/managed-by": "Helm"}
    job["metadata"]["creationTimestamp"] = T1
    job["spec"] = {"backoffLimit": 6, "completions": 1, "parallelism": 1,
                   "template": {"metadata": {"labels": {"app.kubernetes.io/name": "gpu-operator",
                                                        "app.kubernetes.io/component": "gpu-operator"}},
                                "spec": {"serviceAccountName": "gpu-operator", "restartPolicy": "OnFailure",
                                         "containers": [{"name": "upgrade-crd",
                                                         "image": "nvcr.io/nvidia/gpu-operator:v23.9.0",
                                                         "command": ["/bin/sh", "-c", "kubectl apply -f "
                                                                     "/opt/gpu-operator/nvidia.com_clusterpolicies_crd.yaml; "
                                                                     "kubectl apply -f /opt/gpu-operator/nvidia.com_nvidiadrivers.yaml;"]}]}}}
    ev = w.event(NS, "Job", _08_JOB, "FailedCreate", _08_MSG, component="job-controller", count=9)
    ev["involvedObject"]["apiVersion"] = "batch/v1"
    w.target("Job", NS, _08_JOB)


# ---- fh3608: the KubeVirt GPU device plugin's binary needs a newer glibc than its image has (23.9.0) ------------

_09_NODE = "gpu-pt-node-1"
_09_DS = "nvidia-sandbox-device-plugin-daemonset"
_09_RES = "nvidia.com/GA100_A100_PCIE_40GB"
_09_VMI = "vm-gpu-1"
_09_LAUNCHER = "virt-launcher-vm-gpu-1-r8xkq"
_09_MSG = (f"0/2 nodes are available: 1 Insufficient {_09_RES}, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: 1 No preemption "
           "victims found for incoming pod, 1 Preemption is not helpful for scheduling.")


@case("fh3608", pod_subj(f"{_09_DS}-{_sfx('fh3608', _09_NODE, _09_DS)}", NS),
      "kubeadm v1.28.4 (assumed) with KubeVirt v1.1.0 (assumed) on Ubuntu 22.04: a control-plane node and the GPU "
      "node gpu-pt-node-1 (2 x A100 PCIe 40GB, assumed) labelled nvidia.com/gpu.workload.config=vm-passthrough. GPU "
      "Operator 23.9.0 (the release before the fix) with sandboxWorkloads.enabled=true: nvidia-vfio-manager and "
      "nvidia-sandbox-validator run on the node; the nvidia-sandbox-device-plugin-daemonset pod (image "
      "kubevirt-gpu-device-plugin v1.2.3, assumed: the version before the v1.2.4 the fix ships; container and "
      "init-container names as remembered from the operator's sandbox assets, not checked) crash-loops, its "
      "previous log the note's quoted line verbatim. The node advertises no "
      "nvidia.com/GA100_A100_PCIE_40GB (resource name assumed in the plugin's naming); a VirtualMachineInstance's "
      "virt-launcher pod requesting it is Pending (FailedScheduling message composed).")
def _(w, t):
    w.git_version = "v1.28.4"
    ub = dict(osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-88-generic",
              containerRuntimeVersion="containerd://1.7.11")
    cp = w.node("k8s-cp-1", cpu="8", memory="32863428Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": ""})
    _kubelet(cp, "v1.28.4", **ub)
    labels = {"feature.node.kubernetes.io/pci-10de.present": "true",
              "feature.node.kubernetes.io/kernel-version.full": "5.15.0-88-generic",
              "feature.node.kubernetes.io/iommu-enabled.present": "true", "nvidia.com/gpu.present": "true",
              "nvidia.com/gpu.workload.config": "vm-passthrough",
              "nvidia.com/gpu.deploy.sandbox-device-plugin": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true",
              "nvidia.com/gpu.deploy.vfio-manager": "true", "kubevirt.io/schedulable": "true"}
    node = w.node(_09_NODE, cpu="64", memory="527938872Ki", labels=labels)
    _kubelet(node, "v1.28.4", **ub)
    validator = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.0"
    operands = (
        ("nvidia-vfio-manager", "nvidia.com/gpu.deploy.vfio-manager", ("nvidia-vfio-manager",), (),
         "nvcr.io/nvidia/cuda:12.3.1-base-ubi8"),
        ("nvidia-sandbox-validator", "nvidia.com/gpu.deploy.sandbox-validator", ("nvidia-sandbox-validator",),
         ("vfio-pci-validation",), validator),
        (_09_DS, "nvidia.com/gpu.deploy.sandbox-device-plugin", ("nvidia-sandbox-device-plugin-ctr",),
         ("vfio-pci-validation",), "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.2.3"),
    )
    for ds, sel, containers, inits, image in operands:
        broken = ds == _09_DS
        daemonset(w, NS, ds, desired=1, ready=0 if broken else 1, containers=[(c, image) for c in containers],
                  init_containers=[(c, validator) for c in inits], node_selector={sel: "true"},
                  tolerations=GPU_TOL, labels={"app": ds})
        name = f"{ds}-{_sfx(w.name, _09_NODE, ds)}"
        p = ds_pod(w, NS, ds, name, _09_NODE, containers=containers, image=image, labels={"app": ds},
                   init_containers=inits, tolerations=GPU_TOL)
        p["spec"]["priorityClassName"] = "system-node-critical"
        for c in p["spec"].get("initContainers", []):
            c["image"] = validator
        for s in p["status"].get("initContainerStatuses", []):
            s["image"] = validator
        if broken:
            crashloop(p, "nvidia-sandbox-device-plugin-ctr", restarts=17, code=1)
            w.log(NS, name, "nvidia-sandbox-device-plugin-ctr", t, previous=True)
            w.event(NS, "Pod", name, "BackOff", "Back-off restarting failed container "
                    f"nvidia-sandbox-device-plugin-ctr in pod {name}_{NS}({p['metadata']['uid']})",
                    component="kubelet", host=_09_NODE, count=64,
                    field_path="spec.containers{nvidia-sandbox-device-plugin-ctr}")
            target = name
    operator_deployment(w, "23.9.0")
    operator_pod(w, "23.9.0", "k8s-cp-1",
                 tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                               "effect": "NoSchedule"}])
    nfd_pods(w, NS, "gpu-operator-node-feature-discovery", ["k8s-cp-1", _09_NODE], "k8s-cp-1", REL["23.9.0"]["nfd"])
    daemonset(w, "kubevirt", "virt-handler", desired=1, containers=[("virt-handler", "quay.io/kubevirt/virt-handler:v1.1.0")],
              labels={"kubevirt.io": "virt-handler"})
    ds_pod(w, "kubevirt", "virt-handler", f"virt-handler-{_sfx(w.name, 'virt-handler')}", _09_NODE,
           containers=("virt-handler",), image="quay.io/kubevirt/virt-handler:v1.1.0", labels={"kubevirt.io": "virt-handler"})
    w.pod("vms", _09_LAUNCHER, gpu=1, resource=_09_RES, phase="Pending", scheduled_message=_09_MSG,
          containers=("compute",), image="quay.io/kubevirt/virt-launcher:v1.1.0",
          owner=("VirtualMachineInstance", _09_VMI),
          labels={"kubevirt.io": "virt-launcher", "kubevirt.io/created-by": "3c0f7a9e-1b2d-4e5f-8a6b-9c7d0e1f2a3b",
                  "vm.kubevirt.io/name": _09_VMI}, cpu="4", memory="16Gi")
    w.event("vms", "Pod", _09_LAUNCHER, "FailedScheduling", _09_MSG, component="default-scheduler", count=8)
    w.target("Pod", NS, target)


# ---- fh3609: OpenShift, GPUDirect RDMA: the driver pod's nvidia-peermem container fails (23.9.0) ----------------

_10_NS = "nvidia-gpu-operator"
_10_RHCOS = "414.92.202311061957-0"
_10_DS = f"nvidia-driver-daemonset-{_10_RHCOS}"
_10_NODE = "worker-gpu-0.ocp.example.com"
_10_KERNEL = "5.14.0-284.40.1.el9_2.x86_64"
_10_OCP = "v1.27.8+4fab27b"


def _10_peermem_log() -> str:
    """The nvidia-peermem container's run (composed: the note says only that the error was the RHEL_VERSION
    variable being unbound; the script path and line number are assumed)."""
    return "/usr/local/bin/nvidia-driver: line 76: RHEL_VERSION: unbound variable\n"


@case("fh3609", pod_subj(f"{_10_DS}-{_sfx('fh3609', _10_NODE, _10_DS)}", _10_NS),
      "Red Hat OpenShift 4.14 (Kubernetes v1.27.8+4fab27b, RHCOS 414.92.202311061957-0, kernel "
      "5.14.0-284.40.1.el9_2.x86_64, CRI-O; versions assumed): three control-plane nodes (one in the bundle) and "
      "the GPU worker worker-gpu-0 (2 x A100 SXM4 80GB with ConnectX-6 NICs, assumed). The NVIDIA Network Operator's "
      "MOFED driver pod runs on the node; GPU Operator 23.9.0 (OLM, namespace nvidia-gpu-operator; images "
      "assumed) with driver.rdma.enabled=true. The driver DaemonSet nvidia-driver-daemonset-<RHCOS version> "
      "(the OpenShift naming; containers nvidia-driver-ctr, openshift-driver-toolkit-ctr and nvidia-peermem-ctr, "
      "init containers as remembered, not checked): the driver container runs, the nvidia-peermem container "
      "crash-loops (its previous log composed around the unbound RHEL_VERSION variable), so the driver pod and "
      "its DaemonSet are not ready. The later operands' pods wait in their driver-validation init containers "
      "(modelled so: the operator's state order; an assumption), the node has no nvidia.com/gpu yet. The case's "
      "text (the release note) is not in the bundle.")
def _(w, t):
    w.git_version = _10_OCP
    rh = dict(osImage=f"Red Hat Enterprise Linux CoreOS {_10_RHCOS} (Plow)", kernelVersion=_10_KERNEL,
              containerRuntimeVersion="cri-o://1.27.1-13.1.rhaos4.14.git956c5f7.el9")
    cp = w.node("master-0.ocp.example.com", cpu="16", memory="65842364Ki", taints=[CP_TAINT],
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""})
    _kubelet(cp, _10_OCP, **rh)
    labels = gpu_labels("NVIDIA-A100-SXM4-80GB", 2, 81920, driver_major="535", kernel=_10_KERNEL, gfd=False)
    labels.update({"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                   "feature.node.kubernetes.io/system-os_release.ID": "rhcos",
                   "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.14",
                   "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": _10_RHCOS,
                   "feature.node.kubernetes.io/pci-15b3.present": "true",
                   "feature.node.kubernetes.io/rdma.capable": "true", "network.nvidia.com/operator.mofed.wait": "false"})
    node = w.node(_10_NODE, cpu="128", memory="1056328740Ki", labels=labels)
    _kubelet(node, _10_OCP, **rh)
    r = REL["23.9.0"]
    validator = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{r['op']}"
    drv_image = f"nvcr.io/nvidia/driver:{r['driver']}-rhcos4.14"
    dtk = "quay.io/openshift-release-dev/ocp-v4.0-art-dev@sha256:5f1a3c9e0b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d1f"
    drv_labels = {"app": _10_DS, "app.kubernetes.io/component": "nvidia-driver", "openshift.driver-toolkit": "true",
                  "openshift.driver-toolkit.rhcos": _10_RHCOS, "nvidia.com/precompiled": "false"}
    containers = ("nvidia-driver-ctr", "openshift-driver-toolkit-ctr", "nvidia-peermem-ctr")
    inits = ("mofed-validation", "k8s-driver-manager")
    daemonset(w, _10_NS, _10_DS, desired=1, ready=0,
              containers=[("nvidia-driver-ctr", drv_image), ("openshift-driver-toolkit-ctr", dtk),
                          ("nvidia-peermem-ctr", drv_image)],
              init_containers=[("mofed-validation", validator),
                               ("k8s-driver-manager", f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{r['manager']}")],
              node_selector={"nvidia.com/gpu.deploy.driver": "true",
                             "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": _10_RHCOS},
              tolerations=GPU_TOL, labels=drv_labels)
    name = f"{_10_DS}-{_sfx(w.name, _10_NODE, _10_DS)}"
    p = ds_pod(w, _10_NS, _10_DS, name, _10_NODE, containers=containers, image=drv_image, labels=dict(drv_labels),
               init_containers=inits, tolerations=GPU_TOL)
    p["spec"]["priorityClassName"] = "system-node-critical"
    p["spec"]["serviceAccountName"] = "nvidia-driver"
    for c in p["spec"]["containers"]:
        if c["name"] == "openshift-driver-toolkit-ctr":
            c["image"] = dtk
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "openshift-driver-toolkit-ctr":
            s["image"] = dtk
    init_image = {"mofed-validation": validator,
                  "k8s-driver-manager": f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{r['manager']}"}
    for c in p["spec"]["initContainers"]:
        c["image"] = init_image[c["name"]]
    for s in p["status"]["initContainerStatuses"]:
        s["image"] = init_image[s["name"]]
    crashloop(p, "nvidia-peermem-ctr", restarts=12, code=1)
    w.log(_10_NS, name, "nvidia-driver-ctr", _driver_log(r["driver"]))
    w.log(_10_NS, name, "nvidia-peermem-ctr", _10_peermem_log(), previous=True)
    w.event(_10_NS, "Pod", name, "BackOff", "Back-off restarting failed container nvidia-peermem-ctr in pod "
            f"{name}_{_10_NS}({p['metadata']['uid']})", component="kubelet", host=_10_NODE, count=47,
            field_path="spec.containers{nvidia-peermem-ctr}")
    images = _images("23.9.0", drv_image)
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation")):
        ds, dlabels, cs, ics, sel = ROLES[role]
        daemonset(w, _10_NS, ds, desired=1, ready=0, containers=[(c, images[role]) for c in cs],
                  node_selector={sel: "true"}, tolerations=GPU_TOL, labels=dict(dlabels))
        pn = f"{ds}-{_sfx(w.name, _10_NODE, ds)}"
        q = ds_pod(w, _10_NS, ds, pn, _10_NODE, containers=cs, image=images[role], labels=dict(dlabels),
                   init_containers=ics, tolerations=GPU_TOL, runtime_class="nvidia")
        for c in q["spec"]["initContainers"]:
            c["image"] = validator
        for s in q["status"]["initContainerStatuses"]:
            s["image"] = validator
        _init_waiting(q, init)
    rs = "gpu-operator-5c7d9b8f6d"
    dep = w.workload("Deployment", _10_NS, "gpu-operator", strategy={"type": "RollingUpdate"},
                     status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                             "observedGeneration": 1})
    dep["spec"]["selector"] = {"matchLabels": {"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}}
    dep["spec"]["template"]["spec"] = {"containers": [{"name": "gpu-operator",
                                                       "image": f"nvcr.io/nvidia/gpu-operator:{r['op']}"}]}
    deploy_pod(w, _10_NS, rs, f"{rs}-{_sfx(w.name, rs)}", "master-0.ocp.example.com", containers=("gpu-operator",),
               image=f"nvcr.io/nvidia/gpu-operator:{r['op']}",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator",
                       "olm.owner": "gpu-operator-certified.v23.9.0", "olm.owner.kind": "ClusterServiceVersion"},
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    mofed = "mofed-rhcos4.14-7c6b5d4f9-ds"
    daemonset(w, "nvidia-network-operator", mofed, desired=1,
              containers=[("mofed-container", "nvcr.io/nvidia/mellanox/doca-driver:23.10-0.5.5.0-0-rhcos4.14-amd64")],
              labels={"app": mofed, "nvidia.com/ofed-driver": ""})
    ds_pod(w, "nvidia-network-operator", mofed, f"{mofed}-{_sfx(w.name, mofed)}", _10_NODE,
           containers=("mofed-container",),
           image="nvcr.io/nvidia/mellanox/doca-driver:23.10-0.5.5.0-0-rhcos4.14-amd64", labels={"app": mofed})
    daemonset(w, "openshift-nfd", "nfd-worker", desired=2,
              containers=[("nfd-worker", "registry.redhat.io/openshift4/ose-node-feature-discovery:v4.14")],
              labels={"app": "nfd-worker"})
    for n in ("master-0.ocp.example.com", _10_NODE):
        ds_pod(w, "openshift-nfd", "nfd-worker", f"nfd-worker-{_sfx(w.name, n)}", n, containers=("nfd-worker",),
               image="registry.redhat.io/openshift4/ose-node-feature-discovery:v4.14", labels={"app": "nfd-worker"})
    w.target("Pod", _10_NS, name)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
