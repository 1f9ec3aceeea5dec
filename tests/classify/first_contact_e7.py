"""Builds first-contact batch E7 (fixtures/first-contact/batch-e7/cases.jsonl) as scenario bundles.

Driver-layer cases from files of public repositories (the search tool's `code` corpus: troubleshooting guides,
notes and rule documentation), sampled with the fixed query list in the batch README: AMD GPU Operator operands
stuck in Init:0/1 because the worker has no GPU driver loaded, and a GKE GPU node pool without the
nvidia-driver-installer DaemonSet. Every text is prose from the file and is not placed in the bundle; the builders
build the cluster state each file describes. The expected answers were reasoned from the files (`expected` in the
case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a file does not state (node and pod names, kernels, kubelet versions, operator and
driver versions) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e7      # (re)writes fixtures/first-contact/batch-e7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import ML, node_subj

FC = ThreadBatch("batch-e7", "E7", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# every case's text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe701", "fe702"}

AMD_NS = "kube-amd-gpu"
AMD_TOLERATION = {"key": "amd.com/gpu", "operator": "Exists", "effect": "NoSchedule"}


def _control_plane(w, name: str, info: dict, labels: dict | None = None) -> dict:
    n = w.node(name, cpu="8", memory="32780384Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                              **(labels or {})},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **info)
    return n


# ---- driver layer ----------------------------------------------------------------------------

@case("fe701", node_subj("gpu-worker-1"),
      "Kubernetes v1.31 (kubeadm-style assumed) with a control-plane node and one Ubuntu 22.04 GPU worker "
      "`gpu-worker-1` with eight AMD Instinct MI300X (names, kernel and versions assumed) on which no amdgpu driver "
      "is loaded; AMD GPU Operator v1.3.0 in `kube-amd-gpu` (controller-manager and NFD Running) with its default "
      "DeviceConfig, which uses the inbox driver (spec.driver.enable false): the operand DaemonSets "
      "`default-device-plugin` and `default-metrics-exporter` (desired 1, ready 0) have their pods on the worker "
      "Pending in Init:0/1, the init container `driver-init` (name assumed) still running and its main container "
      "waiting in PodInitializing; no `default-node-labeller` labels; the worker carries "
      "feature.node.kubernetes.io/amd-gpu=true and advertises no amd.com/gpu. No log is quoted by the page, so the "
      "waiting pods have none. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.31.6"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic",
            "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.6",
            "kubeProxyVersion": "v1.31.6"}
    _control_plane(w, "cp-1", info)
    node = "gpu-worker-1"
    n = w.node(node, cpu="192", memory="2113612712Ki",
               labels={"feature.node.kubernetes.io/amd-gpu": "true",
                       "feature.node.kubernetes.io/pci-1002.present": "true"})
    node_info(n, **info)
    nfd_image = "registry.k8s.io/nfd/node-feature-discovery:v0.16.1"
    daemonset(w, AMD_NS, "amd-gpu-operator-node-feature-discovery-worker", desired=2,
              containers=[("worker", nfd_image)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    for host, sfx in (("cp-1", "k2x7d"), (node, "p9m4q")):
        ds_pod(w, AMD_NS, "amd-gpu-operator-node-feature-discovery-worker",
               f"amd-gpu-operator-node-feature-discovery-worker-{sfx}", host, containers=("worker",),
               image=nfd_image, cpu="100m", memory="128Mi",
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    w.pod(AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8-t4w2n", node="cp-1", gpu=0,
          containers=("manager",), image="docker.io/rocm/gpu-operator:v1.3.0",
          owner=("ReplicaSet", "amd-gpu-operator-gpu-operator-charts-controller-manager-6b5f7c9d8"),
          labels={"app.kubernetes.io/name": "amd-gpu-operator-gpu-operator-charts-controller-manager"},
          tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                        "effect": "NoSchedule"}], cpu="100m", memory="256Mi")
    selector = {"feature.node.kubernetes.io/amd-gpu": "true"}
    init_image = "docker.io/busybox:1.36"
    waiting = {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}
    for ds, sfx, ctr, image in (("default-device-plugin", "x8k2m", "device-plugin",
                                 "docker.io/rocm/k8s-device-plugin:rocm-6.3.0"),
                                ("default-metrics-exporter", "q7z4r", "metrics-exporter",
                                 "docker.io/rocm/device-metrics-exporter:v1.3.0")):
        daemonset(w, AMD_NS, ds, desired=1, current=1, ready=0, containers=[(ctr, image)],
                  init_containers=[("driver-init", init_image)], node_selector=selector,
                  tolerations=[AMD_TOLERATION], labels={"app.kubernetes.io/name": ds})
        p = ds_pod(w, AMD_NS, ds, f"{ds}-{sfx}", node, containers=(ctr,), image=image, phase="Pending",
                   init_containers=("driver-init",), init_statuses={"driver-init": waiting}, ready=False,
                   tolerations=[AMD_TOLERATION], cpu="100m", memory="128Mi")
        p["spec"]["nodeSelector"] = dict(selector)
        p["spec"]["initContainers"][0]["image"] = init_image
        p["status"]["initContainerStatuses"][0]["image"] = init_image
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [{
        "apiVersion": "amd.com/v1alpha1", "kind": "DeviceConfig",
        "metadata": {"name": "default", "namespace": AMD_NS, "creationTimestamp": T0},
        "spec": {"driver": {"enable": False},
                 "devicePlugin": {"devicePluginImage": "docker.io/rocm/k8s-device-plugin:rocm-6.3.0",
                                  "enableNodeLabeller": True},
                 "metricsExporter": {"enable": True, "image": "docker.io/rocm/device-metrics-exporter:v1.3.0"},
                 "selector": dict(selector)},
        "status": {"conditions": [{"type": "Ready", "status": "True", "reason": "OperatorReady", "message": "",
                                   "lastTransitionTime": T0}],
                   "devicePlugin": {"availableNumber": 0, "desiredNumber": 1, "nodesMatchingSelectorNumber": 1},
                   "metricsExporter": {"availableNumber": 0, "desiredNumber": 1,
                                       "nodesMatchingSelectorNumber": 1},
                   "observedGeneration": 1}}]
    w.target("Node", None, node)


@case("fe702", node_subj("gke-gpu-cluster-gpu-pool-4f2a9c1e-7xqd"),
      "GKE Standard cluster `gpu-cluster` (v1.23.8-gke.1900; versions, zone and names assumed for 2022) with a "
      "default pool node and a GPU node pool `gpu-pool` of one n1-standard-8 COS node with one NVIDIA Tesla T4 "
      "(labels cloud.google.com/gke-accelerator=nvidia-tesla-t4, cloud.google.com/gke-nodepool=gpu-pool; GKE's "
      "taint nvidia.com/gpu=present:NoSchedule): no `nvidia-driver-installer` DaemonSet in kube-system (the state "
      "the rule detects), GKE's `nvidia-gpu-device-plugin` DaemonSet pod on the GPU node Running (its log is not "
      "quoted by the page and is left out), the node advertising no nvidia.com/gpu; a CUDA job pod requesting one "
      "GPU Pending with a FailedScheduling event in the standard format (composed). The text is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.23.8-gke.1900"
    info = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.10.123+",
            "containerRuntimeVersion": "containerd://1.5.13", "kubeletVersion": "v1.23.8-gke.1900",
            "kubeProxyVersion": "v1.23.8-gke.1900"}
    gke = {"cloud.google.com/gke-boot-disk": "pd-standard", "cloud.google.com/gke-container-runtime": "containerd",
           "cloud.google.com/gke-os-distribution": "cos", "topology.kubernetes.io/zone": "us-central1-c"}
    cpu = w.node("gke-gpu-cluster-default-pool-8b1d3e5a-m2kq", cpu="4", memory="16393264Ki",
                 labels={**gke, "cloud.google.com/gke-nodepool": "default-pool",
                         "node.kubernetes.io/instance-type": "e2-standard-4"})
    node_info(cpu, **info)
    node = "gke-gpu-cluster-gpu-pool-4f2a9c1e-7xqd"
    n = w.node(node, cpu="8", memory="30808412Ki",
               labels={**gke, "cloud.google.com/gke-nodepool": "gpu-pool",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                       "node.kubernetes.io/instance-type": "n1-standard-8"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, **info)
    plugin_image = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", plugin_image)],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}},
              tolerations=[{"operator": "Exists", "effect": "NoExecute"},
                           {"operator": "Exists", "effect": "NoSchedule"}],
              labels={"k8s-app": "nvidia-gpu-device-plugin"})
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-r8w4k", node,
           containers=("nvidia-gpu-device-plugin",), image=plugin_image, cpu="50m", memory="50Mi",
           tolerations=[{"operator": "Exists", "effect": "NoExecute"},
                        {"operator": "Exists", "effect": "NoSchedule"}])
    msg = ("0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    w.pod(ML, "cuda-train-7q2lx", gpu=1, phase="Pending", scheduled_message=msg, containers=("trainer",),
          image="nvidia/cuda:11.4.2-base-ubuntu20.04", owner=("Job", "cuda-train"),
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
          cpu="2", memory="8Gi")
    w.event(ML, "Pod", "cuda-train-7q2lx", "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
