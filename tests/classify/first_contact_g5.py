"""Builds first-contact batch G5 (fixtures/first-contact/batch-g5/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public web pages (the `pages` pool: a team's decision record, a homelab
write-up, a page analysing a GPU Operator bug) that no rule was written for, sampled
with the fixed query list in the batch README. Every case of this batch is a prose case: its text is the page's
own sentence and is not placed in the bundle; each builder builds the cluster state the page describes. The
expected answer was reasoned from the page (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g5      # (re)writes fixtures/first-contact/batch-g5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import drop_logs, no_gpu_resource, node_info, set_image, stack_pod, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.first_contact_h import talos_info
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-g5", "G5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): all of them
TEXT_NOT_IN_BUNDLE = {"fg501", "fg502", "fg503"}


def _not_ready(p: dict) -> None:
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"


def _sandbox_failing(p: dict) -> None:
    """A pod whose sandbox the runtime cannot create: Pending, no container (init or main) ever started."""
    p["status"]["phase"] = "Pending"
    p["status"].pop("podIP", None)
    _not_ready(p)
    for s in p["status"].get("initContainerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                  "restartCount": 0})
        s.pop("containerID", None)
    for s in p["status"].get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "started": False,
                  "restartCount": 0})
        s.pop("containerID", None)


def _init_waiting(p: dict, init: str) -> None:
    """A pod held in Init: `init` is running (waiting for its condition), the later init containers and the
    main containers have not started."""
    p["status"]["phase"] = "Pending"
    _not_ready(p)
    seen = False
    for s in p["status"].get("initContainerStatuses", []):
        if s["name"] == init:
            s.update({"state": {"running": {"startedAt": T0}}, "ready": False, "started": True, "restartCount": 0})
            seen = True
        elif seen:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                      "restartCount": 0})
    for s in p["status"].get("containerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                  "restartCount": 0})


def _operand(w, ns: str, name: str, node: str, app: str, container: str, inits: tuple[str, ...], image: str,
             runtime_class: str | None = "nvidia", tolerations=None) -> dict:
    """A GPU Operator operand pod that is not one of the builder's five stack roles (DCGM exporter)."""
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), init_containers=inits,
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              runtime_class=runtime_class, tolerations=tolerations or GPU_TOLERATION, cpu="100m", memory="512Mi")
    set_image(p, container, image)
    return p


# ---- runtime layer ---------------------------------------------------------------------------

SANDBOX_MSG = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
               'no runtime for "nvidia" is configured')


@case("fg501", node_subj("gke-ml-gpu-l4-pool-5c1e2a7b-q8zt"),
      "GKE Standard cluster (version strings assumed for June 2026: GKE 1.33, Ubuntu with containerd node image) "
      "with a system node and one GPU node of a `gpu-l4-pool` node pool (g2-standard-8 assumed: one NVIDIA L4), "
      "GKE's GPU taint `nvidia.com/gpu=present:NoSchedule`, the label `gke-no-default-nvidia-gpu-device-plugin=true` "
      "(GKE's own device plugin off for the self-managed path) and no nvidia.com/gpu advertised. The GPU Operator "
      "(Helm, namespace gpu-operator, driver container enabled; operand image tags assumed): the driver pod Running "
      "and Ready (default /run/nvidia/driver), the toolkit pod Running (no runtimeClassName); the device plugin, GFD, "
      "DCGM exporter and validator pods (runtimeClassName nvidia) Pending in ContainerCreating with kubelet "
      "FailedCreatePodSandBox events (the wording around the page's quoted `no runtime for \"nvidia\" is "
      "configured` is the kubelet's usual one, assumed; counts assumed). The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1021-gke",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.1-gke.1584000",
            "kubeProxyVersion": "v1.33.1-gke.1584000"}
    sysnode = w.node("gke-ml-default-pool-9f3b6d21-7kxw", cpu="4", memory="16393216Ki",
                     labels={"cloud.google.com/gke-nodepool": "default-pool",
                             "node.kubernetes.io/instance-type": "e2-standard-4",
                             "cloud.google.com/gke-os-distribution": "ubuntu"})
    node_info(sysnode, **info)
    node = "gke-ml-gpu-l4-pool-5c1e2a7b-q8zt"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034, allocatable=None,
                   taints=({"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},),
                   labels={"cloud.google.com/gke-nodepool": "gpu-l4-pool",
                           "cloud.google.com/gke-accelerator": "nvidia-l4",
                           "cloud.google.com/gke-os-distribution": "ubuntu",
                           "gke-no-default-nvidia-gpu-device-plugin": "true",
                           "node.kubernetes.io/instance-type": "g2-standard-8",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **info)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "32880040Ki"})
    ns = OPERATOR_NS
    tk = stack_pod(w, node, "toolkit")
    tk["spec"].pop("runtimeClassName", None)
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04")
    set_image(stack_pod(w, node, "driver"), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:570.172.08-ubuntu22.04")
    failing = []
    for role in ("device-plugin", "gfd", "validator"):
        p = stack_pod(w, node, role)
        _sandbox_failing(p)
        drop_logs(w, ns, p["metadata"]["name"])
        failing.append(p)
    exp = _operand(w, ns, "nvidia-dcgm-exporter-m2q7d", node, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
                   ("toolkit-validation",), "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04")
    _sandbox_failing(exp)
    failing.append(exp)
    wl = w.workload("DaemonSet", ns, "nvidia-dcgm-exporter", template_pod=exp, status=ds_status(1, 1, 0))
    wl["spec"]["template"]["spec"]["nodeSelector"] = {"nvidia.com/gpu.deploy.dcgm-exporter": "true"}
    for p in failing:
        w.event(ns, "Pod", p["metadata"]["name"], "FailedCreatePodSandBox", SANDBOX_MSG, count=37, host=node)
    w.target("Node", None, node)


@case("fg502", node_subj("gpu-1"),
      "Talos Linux homelab cluster (Talos, kernel, containerd and kubelet strings assumed for 2026) with a "
      "control-plane node and the GPU worker `gpu-1` (one GPU assumed: RTX 3090), its NVIDIA kernel modules and "
      "container toolkit from Talos system extensions; the GPU Operator (Helm, namespace gpu-operator) with "
      "driver.enabled: false and toolkit.enabled: false, so no driver or toolkit pod exists; the device-plugin, "
      "feature-discovery, dcgm-exporter and validator pods are Init:0/1 (the validator in driver-validation, the "
      "others in toolkit-validation, all running and waiting); the node carries nvidia.com/gpu.present=true and the "
      "NFD PCI label but no GFD labels and advertises no nvidia.com/gpu. The Ollama workload the page deploys "
      "is not modelled (the page describes only the operator pods' state). The text is prose and not placed.")
def _(w, t):
    info = talos_info("v1.10.4", "6.12.31-talos", "containerd://2.0.5", "v1.33.1")
    cp = w.node("cp-1", cpu="4", memory="16318756Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **info)
    node = "gpu-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GeForce-RTX-3090", memory_mib=24576, allocatable=None,
                   labels={"nvidia.com/gpu.deploy.driver": "false", "nvidia.com/gpu.deploy.container-toolkit": "false",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **info)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "65596076Ki"})
    ns = OPERATOR_NS
    for role in ("driver", "toolkit"):
        name = w.stack(node, role)
        w.pods[ns] = [p for p in w.pods[ns] if p["metadata"]["name"] != name]
        drop_logs(w, ns, name)
    for role, init in (("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation"),
                       ("validator", "driver-validation")):
        p = stack_pod(w, node, role)
        _init_waiting(p, init)
        drop_logs(w, ns, p["metadata"]["name"])
    exp = _operand(w, ns, "nvidia-dcgm-exporter-7wq2c", node, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
                   ("toolkit-validation",), "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04")
    _init_waiting(exp, "toolkit-validation")
    wl = w.workload("DaemonSet", ns, "nvidia-dcgm-exporter", template_pod=exp, status=ds_status(1, 1, 0))
    wl["spec"]["template"]["spec"]["nodeSelector"] = {"nvidia.com/gpu.deploy.dcgm-exporter": "true"}
    w.target("Node", None, node)


# ---- driver layer ----------------------------------------------------------------------------

@case("fg503", node_subj("gpu-worker-1"),
      "Kubernetes 1.31 cluster (kubeadm-style, Ubuntu 22.04, containerd; versions assumed for March 2025, the page "
      "names no distribution) with a control-plane node and one GPU worker (one GPU assumed), every node tainted "
      "`dedicated=ml:NoSchedule` (taint key and value assumed; the page says a custom taint); GPU Operator (Helm, "
      "namespace gpu-operator, daemonsets.tolerations covering the taint) with the NVIDIADriver CRD enabled and an "
      "NVIDIADriver CR `default` without that toleration (its status notReady, wording illustrative); the driver "
      "DaemonSet it creates (`nvidia-gpu-driver-ubuntu22.04-7c9d8f6b5`, name assumed) reports 0 desired / 0 current "
      "and has no pod (the operator keeps deleting and recreating it); toolkit and validator wait in "
      "driver-validation, device plugin and GFD in toolkit-validation; the node advertises no nvidia.com/gpu. The "
      "text is prose and not placed.")
def _(w, t):
    taint = {"key": "dedicated", "value": "ml", "effect": "NoSchedule"}
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic",
            "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.6", "kubeProxyVersion": "v1.31.6"}
    cp = w.node("control-plane-1", cpu="8", memory="32827756Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}, taint))
    node_info(cp, **info)
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068, allocatable=None, taints=(taint,))
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **info)
    ns = OPERATOR_NS
    tol = GPU_TOLERATION + [{"key": "dedicated", "operator": "Exists", "effect": "NoSchedule"}]
    drv_name = w.stack(node, "driver")
    w.pods[ns] = [p for p in w.pods[ns] if p["metadata"]["name"] != drv_name]
    drop_logs(w, ns, drv_name)
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        p = stack_pod(w, node, role)
        p["spec"]["tolerations"] += [tol[1]]
        _init_waiting(p, init)
        drop_logs(w, ns, p["metadata"]["name"])
    ds_name = "nvidia-gpu-driver-ubuntu22.04-7c9d8f6b5"
    ds = w.workload("DaemonSet", ns, ds_name, status=ds_status(0, 0, 0))
    ds["metadata"]["creationTimestamp"] = T1
    ds["metadata"]["labels"] = {"app": ds_name, "app.kubernetes.io/component": "nvidia-driver",
                                "app.kubernetes.io/managed-by": "gpu-operator", "nvidia.com/precompiled": "false"}
    ds["metadata"]["ownerReferences"] = [{"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
                                          "name": "default", "uid": "5f0c2e1a-8d4b-4c3e-9a7f-1b2d3c4e5f60",
                                          "controller": True}]
    ds["spec"]["template"]["spec"] = {
        "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true",
                         "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                         "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"},
        "tolerations": GPU_TOLERATION,
        "containers": [{"name": "nvidia-driver-ctr", "image": "nvcr.io/nvidia/driver:570.124.06-ubuntu22.04"}]}
    n["metadata"]["labels"].update({"feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                                    "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"})
    w.custom["nvidiadrivers.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
        "metadata": {"name": "default", "creationTimestamp": T0, "uid": "5f0c2e1a-8d4b-4c3e-9a7f-1b2d3c4e5f60"},
        "spec": {"driverType": "gpu", "repository": "nvcr.io/nvidia", "image": "driver", "version": "570.124.06",
                 "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"}, "tolerations": GPU_TOLERATION},
        "status": {"state": "notReady", "namespace": ns,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "DriverNotReady",
                                   "message": "Waiting for driver pod to be ready", "lastTransitionTime": T1}]}}]
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": True, "useNvidiaDriverCRD": True},
                 "daemonsets": {"tolerations": tol}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}},
        "status": {"state": "notReady", "namespace": ns}}]
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
