"""Builds first-contact batch H24 (fixtures/first-contact/batch-h24/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of AMD and Intel GPU stacks found with the fixed query list of the batch README
(round 24, search protocol). The one case is an entry of the AMD GPU Operator's own release notes (v1.5.1 'Fixes',
ROCm/gpu-operator docs/releasenotes.md): operands left with `exec format error` after the operator-managed
driver-upgrade reboot. Its text is the entry's own heading and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE);
the bundle shows the state the entry describes and carries the entry's quoted words `exec format error` in the
operands' start errors. The expected answer was reasoned from the entry (`expected`
in the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the entries do not state (node and pod names, GPU models, the Kubernetes and operator
versions, image tags, the DRA driver's name) are filled in plausibly; each scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h24      # (re)writes fixtures/first-contact/batch-h24/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-h24", "H24", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh2401"}

AMD_NS = "kube-amd-gpu"
AMD_TAINT = {"key": "amd.com/gpu", "value": "present", "effect": "NoSchedule"}
AMD_TOLERATION = [{"key": "amd.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
_CP_TAINT = {"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}


# ---- world helpers (batch H24) ------------------------------------------------------------------

def control_plane(w, name: str, kubelet: str) -> None:
    n = w.node(name, cpu="8", memory="32865164Ki", taints=[_CP_TAINT],
               labels={"node-role.kubernetes.io/control-plane": ""})
    info(n, kubeletVersion=kubelet, kubeProxyVersion=kubelet, osImage="Ubuntu 24.04.3 LTS",
         kernelVersion="6.8.0-85-generic", containerRuntimeVersion="containerd://2.1.4")


def amd_gpu_node(w, name: str, *, gpus: int | None, allocatable, kubelet: str, driver_label: str | None) -> dict:
    """An AMD Instinct worker labelled by NFD (feature.node.kubernetes.io/amd-gpu) with the AMD GPU Operator's
    KMM-managed amdgpu module; `gpus`/`allocatable` set amd.com/gpu (None: no extended resource at all)."""
    labels = {"feature.node.kubernetes.io/amd-gpu": "true", "feature.node.kubernetes.io/pci-1002.present": "true",
              "node.kubernetes.io/instance-type": "bare-metal-mi300x-8"}
    if driver_label:
        labels[f"kmm.node.kubernetes.io/version-module.{AMD_NS}.default"] = driver_label
        labels[f"kmm.node.kubernetes.io/{AMD_NS}.default.ready"] = ""
    n = w.node(name, gpus=gpus, allocatable=allocatable, resource="amd.com/gpu", cpu="192",
               memory="2113428616Ki", taints=[AMD_TAINT], labels=labels)
    info(n, kubeletVersion=kubelet, kubeProxyVersion=kubelet, osImage="Ubuntu 24.04.3 LTS",
         kernelVersion="6.8.0-85-generic", containerRuntimeVersion="containerd://2.1.4")
    return n


def amd_operator(w, cpu_node: str, version: str) -> None:
    img = f"docker.io/rocm/gpu-operator:{version}"
    p = deploy_pod(w, AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager-7c9d8f6b5d",
                   "amd-gpu-operator-gpu-operator-charts-controller-manager-7c9d8f6b5d-q2x8m", cpu_node,
                   containers=("manager",), image=img, labels={"app.kubernetes.io/name": "gpu-operator-charts"},
                   cpu="100m", memory="256Mi")
    w.workload("Deployment", AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager", template_pod=p)


def device_config(w, *, driver_version: str) -> None:
    spec = {"driver": {"enable": True, "version": driver_version, "blacklist": True,
                       "upgradePolicy": {"enable": True, "rebootRequired": True}},
            "devicePlugin": {"enableDevicePlugin": True, "enableNodeLabeller": True},
            "metricsExporter": {"enable": True, "port": 5000},
            "selector": {"feature.node.kubernetes.io/amd-gpu": "true"}}
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [{
        "apiVersion": "amd.com/v1alpha1", "kind": "DeviceConfig",
        "metadata": {"name": "default", "namespace": AMD_NS, "creationTimestamp": T0}, "spec": spec}]


def operand(w, ds: str, node: str, sfx: str, container: str, image: str) -> dict:
    daemonset(w, AMD_NS, ds, desired=1, containers=[(container, image)], tolerations=AMD_TOLERATION,
              node_selector={"feature.node.kubernetes.io/amd-gpu": "true"},
              labels={"app.kubernetes.io/name": ds})
    return ds_pod(w, AMD_NS, ds, f"{ds}-{sfx}", node, containers=(container,), image=image,
                  tolerations=AMD_TOLERATION, cpu="100m", memory="128Mi")


# ---- fh2401: operands left with `exec format error` after the driver-upgrade reboot ---------------------

_H01_NODE = "mi300x-worker-03"
_H01_WORDS = "exec format error"      # the words the entry quotes for the operands' failure
_H01_START = ('failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create '
              'failed: unable to start container process: error during container init: exec: "{exe}": {t}: unknown')


@case("fh2401", node_subj(_H01_NODE),
      "Vanilla Kubernetes v1.34.2 on Ubuntu 24.04 (assumed; the entry names no distribution): a tainted control-plane "
      "node, a CPU worker running the AMD GPU Operator v1.5.0 controller (the release before the fix; assumed) in "
      "kube-amd-gpu, and the GPU worker mi300x-worker-03 with 8 AMD Instinct MI300X (assumed) whose amdgpu driver "
      "the DeviceConfig 'default' manages through KMM with automatic upgrade and reboot (driver version label "
      "7.1.1 after the upgrade; assumed). After the operator's driver-upgrade reboot the node is Ready, the KMM "
      "module is loaded and the node labeller runs, but the device-plugin and metrics-exporter containers cannot be "
      "started: each crash-loops with a StartError whose message carries the entry's quoted words (`exec format error`) inside the standard "
      "containerd/runc start-error wrapper (the wrapper and the executable paths are illustrative), and the "
      "kubelet's Failed and BackOff events repeat it. The device plugin has not re-registered since the reboot: "
      "amd.com/gpu is 0 in capacity and allocatable. Names, counts and versions are assumed.")
def _(w, t):
    kube = "v1.34.2"
    w.git_version = kube
    control_plane(w, "k8s-cp-01", kube)
    cpu = "cpu-worker-01"
    info(w.node(cpu, cpu="32", memory="131811396Ki", labels={"node-role.kubernetes.io/worker": ""}),
         kubeletVersion=kube, kubeProxyVersion=kube, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic",
         containerRuntimeVersion="containerd://2.1.4")
    amd_gpu_node(w, _H01_NODE, gpus=0, allocatable=0, kubelet=kube, driver_label="7.1.1")
    amd_operator(w, cpu, "v1.5.0")
    device_config(w, driver_version="7.1.1")
    # the KMM module loader on the GPU node: done
    operand(w, "default-kmm-module-loader", _H01_NODE, "l8v2k", "module-loader",
            "registry.example.internal/amdgpu-driver:ubuntu-24.04-6.8.0-85-generic-7.1.1")
    operand(w, "default-node-labeller", _H01_NODE, "n4c7p", "node-labeller-container",
            "docker.io/rocm/k8s-device-plugin:labeller-v1.5.0")
    for ds, sfx, container, image, exe, restarts in (
            ("default-device-plugin", "r9t6w", "device-plugin", "docker.io/rocm/k8s-device-plugin:v1.5.0",
             "./k8s-device-plugin", 11),
            ("default-metrics-exporter", "z3h5d", "metrics-exporter-container",
             "docker.io/rocm/device-metrics-exporter:v1.5.0", "/home/amd/bin/server", 10)):
        p = operand(w, ds, _H01_NODE, sfx, container, image)
        msg = _H01_START.format(exe=exe, t=_H01_WORDS)
        crashloop(p, container, restarts=restarts, code=128, reason="StartError", message=msg)
        for d in w.workloads[("daemonsets", AMD_NS)]:
            if d["metadata"]["name"] == ds:
                d["status"].update({"numberReady": 0, "numberAvailable": 0, "numberUnavailable": 1})
        name = p["metadata"]["name"]
        w.event(AMD_NS, "Pod", name, "Failed", f"Error: {msg}", component="kubelet", host=_H01_NODE,
                count=restarts, field_path=f"spec.containers{{{container}}}")
        backoff(w, AMD_NS, name, container, _H01_NODE, count=restarts * 4)
    w.target("Node", None, _H01_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
