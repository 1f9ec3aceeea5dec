"""Builds first-contact batch D14 (fixtures/first-contact/batch-d14/cases.jsonl) as scenario bundles.

Real accelerator-on-Kubernetes failures documented by the other accelerators' and GKE's stacks
(GoogleCloudPlatform/container-engine-accelerators, ROCm/gpu-operator, aws-neuron/aws-neuron-sdk; the fixed file
list also held GoogleCloudPlatform/cos-gpu-installer, ROCm/k8s-device-plugin and
intel/intel-device-plugins-for-kubernetes, which gave no case), read whole in the fixed file order of the batch
README (this round's protocol: no search look-ups; local mirrors and `fetch` snapshots read with git). Four texts are
the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE); fd1404's quoted modprobe error is
placed in the KMM worker pod's log, fd1405's quoted scheduler-extension warning in the pod's FailedScheduling event
and PodScheduled condition. The expected answer was reasoned from the document (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
instance sizes, GPU models, the other nodes and workloads) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d14      # (re)writes fixtures/first-contact/batch-d14/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d14", "D14", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd1401", "fd1402", "fd1403", "fd1406"}

AMD_NS = "kube-amd-gpu"
_AMD_OPERATOR_IMG = "docker.io/rocm/gpu-operator:v1.4.0"
_AMD_DP_IMG = "docker.io/rocm/k8s-device-plugin:latest"
_AMD_LBL_IMG = "docker.io/rocm/k8s-device-plugin:labeller-latest"
_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
           "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5", "kubeProxyVersion": "v1.32.5"}


def _amd_node(w, name: str, *, gpus: int | None = 8, labels: dict | None = None, taints=(), info=None) -> dict:
    """An AMD Instinct GPU worker (amd.com/gpu advertised when `gpus` is not None)."""
    lab = {"feature.node.kubernetes.io/amd-gpu": "true", "node-role.kubernetes.io/worker": ""}
    lab.update(labels or {})
    n = w.node(name, gpus=gpus, resource="amd.com/gpu", labels=lab, taints=taints, cpu="192",
               memory="2113276288Ki")
    node_info(n, **(info or _UBUNTU))
    return n


def _amd_operator(w, node: str) -> None:
    """The AMD GPU Operator's controller Deployment (healthy)."""
    rs = "amd-gpu-operator-gpu-operator-charts-controller-manager-6b9f7d8c5d"
    p = deploy_pod(w, AMD_NS, rs, f"{rs}-x2v7q", node, containers=("manager",), image=_AMD_OPERATOR_IMG,
                   labels={"app.kubernetes.io/name": "gpu-operator-charts", "control-plane": "controller-manager"},
                   cpu="100m", memory="256Mi")
    w.workload("Deployment", AMD_NS, "amd-gpu-operator-gpu-operator-charts-controller-manager", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})


def _amd_ds(w, app: str, container: str, image: str, nodes: list[str], sfx: tuple[str, ...], *,
            selector: dict | None = None, tolerations=None) -> None:
    """An operator-managed DaemonSet of the AMD stack with a ready pod on each of `nodes`."""
    daemonset(w, AMD_NS, app, desired=len(nodes), containers=[(container, image)],
              node_selector=selector or {"feature.node.kubernetes.io/amd-gpu": "true"}, tolerations=tolerations,
              labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    for n, s in zip(nodes, sfx):
        ds_pod(w, AMD_NS, app, f"{app}-{s}", n, containers=(container,), image=image, cpu="100m", memory="128Mi",
               tolerations=tolerations)


def _deviceconfig(name: str, spec: dict) -> dict:
    return {"apiVersion": "amd.com/v1alpha1", "kind": "DeviceConfig",
            "metadata": {"name": name, "namespace": AMD_NS, "creationTimestamp": T0, "generation": 1},
            "spec": spec}


# ---- fd1401: tcpxo-daemon as a regular container keeps a finished Job's pod running (GKE A3 Mega) -------

_GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.56+",
             "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.30.8-gke.1051000",
             "kubeProxyVersion": "v1.30.8-gke.1051000"}
_FD1401_NODE = "gke-a3mega-a3-megagpu-pool-7e2b4c1d-q8wz"
_FD1401_POD = "a3-mega-workloads-9fz4q"
_TCPXO_IMG = "us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpxo/tcpgpudmarxd-dev:v1.0.21"


def _gke_labels(pool: str, itype: str, extra: dict | None = None) -> dict:
    lab = {"cloud.google.com/gke-nodepool": pool, "node.kubernetes.io/instance-type": itype,
           "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-c",
           "cloud.google.com/gke-os-distribution": "cos"}
    lab.update(extra or {})
    return lab


@case("fd1401", pod_subj(_FD1401_POD, "default"),
      "GKE Standard v1.30 (the page asks for >= 1.29 for the fix; version, zone and names assumed) with a default "
      "pool node (e2-standard-8) and an A3 Mega node pool (a3-megagpu-8g, 8x NVIDIA H100 80GB, taint "
      "nvidia.com/gpu=present:NoSchedule; one node modelled). On the GPU node GKE's nvidia-gpu-device-plugin "
      "DaemonSet (kube-system) and the nccl-tcpxo-installer DaemonSet (kube-system) are Running and ready; the node "
      "advertises nvidia.com/gpu 8. The Job a3-mega-workloads (the page's example name; default namespace) has one "
      "pod on the GPU node with the page's 'Before' layout: two regular containers, tcpxo-daemon (image v1.0.21 of "
      "the release notes, running, ready) and main-application-container (8 GPUs, terminated Completed, exit 0). "
      "The pod is in phase Running with Ready False; the Job has active 1, succeeded 0, no completion time. No "
      "log is written (the page quotes none for this entry). The text is the page's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.30.8-gke.1051000"
    cpu = "gke-a3mega-default-pool-3c9d1e2f-m4tx"
    n = w.node(cpu, cpu="8", memory="32880784Ki", alloc_cpu="7910m", alloc_memory="29077648Ki",
               labels=_gke_labels("default-pool", "e2-standard-8"))
    node_info(n, **_GKE_INFO)
    g = host_node(w, _FD1401_NODE, gpus=8, info=_GKE_INFO,
                  labels=_gke_labels("a3-megagpu-pool", "a3-megagpu-8g",
                                     {"cloud.google.com/gke-accelerator": "nvidia-h100-mega-80gb",
                                      "cloud.google.com/gke-gpu": "true"}))
    g["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        g["status"][res].update({"cpu": "208", "memory": "1931789688Ki"})
    dp = plugin_pod(w, _FD1401_NODE, "nvidia-gpu-device-plugin-large-cos-6kx8d", ds="nvidia-gpu-device-plugin-large-cos",
                    image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:9c2a5f1e")
    plugin_ds(w, KS, [dp], ds="nvidia-gpu-device-plugin-large-cos")
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    daemonset(w, KS, "nccl-tcpxo-installer", desired=1, tolerations=tol,
              containers=[("pause", "registry.k8s.io/pause:3.9")],
              init_containers=[("nccl-tcpxo-installer",
                                "us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpxo/nccl-plugin-gpudirecttcpx-dev:v1.0.15")],
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-h100-mega-80gb"},
              labels={"name": "nccl-tcpxo-installer"})
    ds_pod(w, KS, "nccl-tcpxo-installer", "nccl-tcpxo-installer-p7m2c", _FD1401_NODE, containers=("pause",),
           image="registry.k8s.io/pause:3.9", tolerations=tol, cpu="10m", memory="16Mi")
    done = {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T1}
    p = w.pod("default", _FD1401_POD, node=_FD1401_NODE, gpu=0,
              containers=("tcpxo-daemon", "main-application-container"), image=_TCPXO_IMG,
              owner=("Job", "a3-mega-workloads"), ready=False, tolerations=tol, cpu="2", memory="8Gi",
              labels={"job-name": "a3-mega-workloads", "batch.kubernetes.io/job-name": "a3-mega-workloads"},
              statuses={"tcpxo-daemon": {"state": {"running": {"startedAt": T0}}, "ready": True,
                                         "started": True, "restartCount": 0},
                        "main-application-container": {"state": {"terminated": done}, "ready": False,
                                                       "started": False, "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    p["metadata"]["annotations"] = {"devices.gke.io/container.tcpxo-daemon": "- path: /dev/nvidia0\n"
                                    "- path: /dev/nvidia1\n- path: /dev/nvidia2\n- path: /dev/nvidia3\n"
                                    "- path: /dev/nvidia4\n- path: /dev/nvidia5\n- path: /dev/nvidia6\n"
                                    "- path: /dev/nvidia7\n- path: /dev/nvidiactl\n- path: /dev/nvidia-uvm\n"
                                    "- path: /dev/dmabuf_import_helper\n",
                                    "networking.gke.io/default-interface": "eth0"}
    main = p["spec"]["containers"][1]
    main["image"] = "us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpxo/nccl-plugin-gpudirecttcpx-dev:v1.0.15"
    main["resources"] = {"requests": {"cpu": "16", "memory": "64Gi", "nvidia.com/gpu": "8"},
                         "limits": {"memory": "64Gi", "nvidia.com/gpu": "8"}}
    main["env"] = [{"name": "NCCL_LIB_DIR", "value": "/usr/local/nvidia/lib64"}]
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "main-application-container":
            s["image"] = main["image"]
    job = w.workload("Job", "default", "a3-mega-workloads", template_pod=p,
                     status={"active": 1, "ready": 0, "failed": 0, "succeeded": 0, "startTime": T0})
    job["spec"].pop("replicas", None)
    job["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 0})
    w.target("Pod", "default", _FD1401_POD)


# ---- fd1402: the remediation taint left on the node after a failed auto-remediation workflow -----------

_FD1402_NODE = "mi300x-worker-03"
_FD1402_POD = "llm-train-7c4d9b8f6-t5kpn"


@case("fd1402", pod_subj(_FD1402_POD, "default"),
      "Vanilla Kubernetes v1.32.5 (assumed; the page names no distribution) on Ubuntu 22.04 with the AMD GPU "
      "Operator v1.4 (assumed) in kube-amd-gpu: its controller, device plugin, node labeller and Device Metrics "
      "Exporter DaemonSets ready on the AMD GPU workers (the operator adds the amd-gpu-unhealthy toleration to its "
      "own components, as the page says), Node Problem Detector (DaemonSet with that toleration) ready. Two AMD "
      "MI300X workers with 8 GPUs each (amd.com/gpu 8; models, names and sizes assumed) and a CPU node. "
      "mi300x-worker-03 carries the default remediation taint amd-gpu-unhealthy:NoSchedule and the NPD condition "
      "AMDGPUProblem True (reason AMDGPUIsDown, the name of the NPD page's example rule, for an uncorrectable ECC "
      "counter); the Argo Workflow of its remediation is Failed (custom resource), and the operator's "
      "amd-gpu-remediation-failed Node event says the validation tests failed (wording illustrative). The other "
      "worker's 8 GPUs are all requested by a running training pod. A new pod requesting 8 amd.com/gpu is Pending "
      "with the default scheduler's FailedScheduling event (standard wording, illustrative). The text is the page's "
      "prose and is not placed.")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = "cpu-worker-01"
    n = w.node(cpu, cpu="32", memory="131891680Ki")
    node_info(n, **_UBUNTU)
    other = "mi300x-worker-02"
    _amd_node(w, other)
    taint = {"key": "amd-gpu-unhealthy", "effect": "NoSchedule", "timeAdded": T1}
    bad = _amd_node(w, _FD1402_NODE, taints=[taint])
    bad["status"]["conditions"].insert(0, {"type": "AMDGPUProblem", "status": "True", "reason": "AMDGPUIsDown",
                                           "message": "gpu_ecc_uncorrect_total exceeded threshold 0",
                                           "lastHeartbeatTime": T2, "lastTransitionTime": T0})
    _amd_operator(w, cpu)
    tol = [{"key": "amd-gpu-unhealthy", "operator": "Exists", "effect": "NoSchedule"}]
    workers = [other, _FD1402_NODE]
    _amd_ds(w, "default-device-plugin", "device-plugin", _AMD_DP_IMG, workers, ("k2x9m", "r7q4d"), tolerations=tol)
    _amd_ds(w, "default-node-labeller", "node-labeller", _AMD_LBL_IMG, workers, ("c8v3n", "h5w2t"), tolerations=tol)
    _amd_ds(w, "default-metrics-exporter", "metrics-exporter", "docker.io/rocm/device-metrics-exporter:v1.4.0",
            workers, ("j3p8z", "m9d6f"), tolerations=tol)
    _amd_ds(w, "node-problem-detector", "node-problem-detector",
            "registry.k8s.io/node-problem-detector/node-problem-detector:v0.8.20", workers, ("b4n7s", "x6l2k"),
            tolerations=tol)
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig("default", {
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
        "driver": {"enable": False},
        "devicePlugin": {"enableDevicePlugin": True, "enableNodeLabeller": True},
        "metricsExporter": {"enable": True},
        "remediationWorkflow": {"enable": True, "config": {"name": "default-conditional-workflow-mappings"},
                                "ttlForFailedWorkflows": "24h", "testerImage": "docker.io/rocm/test-runner:v1.5.1"}})]
    wf = f"{_FD1402_NODE}-amdgpuproblem-7xk2q"
    w.ns_custom[("workflows.argoproj.io", AMD_NS)] = [{
        "apiVersion": "argoproj.io/v1alpha1", "kind": "Workflow",
        "metadata": {"name": wf, "namespace": AMD_NS, "creationTimestamp": T0,
                     "labels": {"workflows.argoproj.io/phase": "Failed", "workflows.argoproj.io/completed": "true"}},
        "spec": {"workflowTemplateRef": {"name": "default-template"},
                 "arguments": {"parameters": [{"name": "node_name", "value": _FD1402_NODE},
                                              {"name": "node_condition", "value": "AMDGPUProblem"}]}},
        "status": {"phase": "Failed", "startedAt": T0, "finishedAt": T1,
                   "message": "child 'validate-gpus' failed"}}]
    w.event(AMD_NS, "Node", _FD1402_NODE, "amd-gpu-remediation-failed",
            f"Remediation workflow {wf} failed for node {_FD1402_NODE}: GPU validation tests failed after "
            "remediation (node condition AMDGPUProblem)", component="amd-gpu-operator")
    train = "llm-pretrain-5f8c7d9b4-w2hxr"
    w.pod("default", train, node=other, gpu=8, resource="amd.com/gpu", containers=("trainer",),
          image="rocm/pytorch:rocm6.4_ubuntu22.04_py3.10_pytorch_release_2.6.0", owner=("ReplicaSet", train[:-6]),
          labels={"app": "llm-pretrain"}, cpu="64", memory="512Gi")
    rs = _FD1402_POD[:-6]
    p = w.pod("default", _FD1402_POD, gpu=8, resource="amd.com/gpu", containers=("trainer",),
              image="rocm/pytorch:rocm6.4_ubuntu22.04_py3.10_pytorch_release_2.6.0", owner=("ReplicaSet", rs),
              labels={"app": "llm-train"}, cpu="64", memory="512Gi",
              scheduled_message="0/3 nodes are available: 1 node(s) had untolerated taint {amd-gpu-unhealthy: }, "
                                "2 Insufficient amd.com/gpu. preemption: 0/3 nodes are available: 1 Preemption "
                                "is not helpful for scheduling, 2 No preemption victims found for incoming pod.")
    msg = p["status"]["conditions"][0]["message"]
    w.event("default", "Pod", _FD1402_POD, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.workload("Deployment", "default", "llm-train", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "updatedReplicas": 1,
                       "unavailableReplicas": 1})
    w.target("Pod", "default", _FD1402_POD)


# ---- fd1403: DRA driver running, no ResourceSlices, the amdgpu module not loaded ---------------------------

_FD1403_NODE = "gpu-worker-1"
_FD1403_POD = "rocm-smoke-test"
_DRA_IMG = "rocm/k8s-gpu-dra-driver:latest"


@case("fd1403", pod_subj(_FD1403_POD, "default"),
      "Vanilla Kubernetes v1.34.2 (DRA GA; assumed, the page asks for 1.32+) with containerd 2.1 (CDI enabled by "
      "default) on Ubuntu 22.04 (kernel and names assumed), the AMD GPU Operator v1.4 (assumed) in kube-amd-gpu, "
      "its DeviceConfig `default` with draDriver.enable true, devicePlugin.enableDevicePlugin false and "
      "driver.enable false; no amdgpu driver on the host (not installed, so the module is not loaded; the bundle "
      "has no kernel log: the page quotes none). One GPU worker gpu-worker-1 (an MI300X node, assumed; it "
      "advertises no amd.com/gpu since the device plugin is off, and carries NFD's AMD PCI label but no "
      "amd.com/gpu.* labeller labels) and a CPU node. The DaemonSet default-dra-driver is 1/1 ready, its pod "
      "Running with a start-up log that names no GPU (illustrative: two lines, no error). The DeviceClass "
      "gpu.amd.com exists; the ResourceSlice list is empty. The pod rocm-smoke-test with a ResourceClaim (from a "
      "template) for one device of class gpu.amd.com is Pending: its claim is unallocated and the default "
      "scheduler's FailedScheduling event says no node can allocate it (standard wording, illustrative). The text "
      "is the page's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    info = dict(_UBUNTU, containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.2",
                kubeProxyVersion="v1.34.2")
    cpu = "cpu-worker-1"
    n = w.node(cpu, cpu="16", memory="65842432Ki")
    node_info(n, **info)
    g = _amd_node(w, _FD1403_NODE, gpus=None, info=info,
                  labels={"feature.node.kubernetes.io/pci-0302_1002.present": "true"})
    g["metadata"]["labels"].pop("node-role.kubernetes.io/worker", None)
    _amd_operator(w, cpu)
    _amd_ds(w, "default-dra-driver", "gpu-kubeletplugin", _DRA_IMG, [_FD1403_NODE], ("abc12",))
    w.log(AMD_NS, "default-dra-driver-abc12", "gpu-kubeletplugin",
          "I1129 14:00:08.112340       1 main.go:102] Starting AMD GPU DRA kubelet plugin for driver gpu.amd.com\n"
          "I1129 14:00:08.305117       1 driver.go:88] Registered with kubelet plugin registration service\n")
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig("default", {
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
        "driver": {"enable": False},
        "devicePlugin": {"enableDevicePlugin": False, "enableNodeLabeller": False},
        "draDriver": {"enable": True, "image": _DRA_IMG}})]
    w.custom["deviceclasses.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": "gpu.amd.com", "creationTimestamp": T0},
        "spec": {"selectors": [{"cel": {"expression": "device.driver == 'gpu.amd.com'"}}]}}]
    w.custom["resourceslices.resource.k8s.io"] = []
    claim = "rocm-smoke-test-gpu-8r2xk"
    p = w.pod("default", _FD1403_POD, gpu=0, containers=("rocm",), image="rocm/rocm-terminal:6.4",
              cpu="2", memory="8Gi", extra_spec={"resourceClaims": [{"name": "gpu",
                                                                     "resourceClaimTemplateName": "single-gpu"}]},
              scheduled_message="0/2 nodes are available: 2 cannot allocate all claims. still not schedulable, "
                                "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    p["spec"]["restartPolicy"] = "Never"
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": claim}]
    msg = p["status"]["conditions"][0]["message"]
    w.event("default", "Pod", _FD1403_POD, "FailedScheduling", msg, component="default-scheduler", count=8)
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", "default")] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": "single-gpu", "namespace": "default", "creationTimestamp": T0},
        "spec": {"spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.amd.com"}}]}}}}]
    w.ns_custom[("resourceclaims.resource.k8s.io", "default")] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": claim, "namespace": "default", "creationTimestamp": T0,
                     "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": _FD1403_POD,
                                          "uid": p["metadata"]["uid"], "controller": True,
                                          "blockOwnerDeletion": True}]},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.amd.com",
                                                                      "allocationMode": "ExactCount", "count": 1}}]}},
        "status": {}}]
    w.target("Pod", "default", _FD1403_POD)


# ---- fd1404: KMM cannot insert the unsigned amdgpu module on a Secure Boot node ---------------------------

_FD1404_NODE = "mi300x-worker-01"
_FD1404_POD = "kmm-worker-mi300x-worker-01-default"


@case("fd1404", node_subj(_FD1404_NODE),
      "Vanilla Kubernetes v1.32.5 (assumed) on Ubuntu 22.04 (kernel 5.15.0-143-generic; assumed) with UEFI Secure "
      "Boot enabled on the GPU worker, the AMD GPU Operator v1.4 (assumed) and its KMM (Kernel Module Management) "
      "dependency in kube-amd-gpu. DeviceConfig `default` has driver.enable true (amdgpu 6.4, operator-built image; "
      "version assumed) and no imageSign secrets. The driver image was built; KMM's worker pod that loads the "
      "module on mi300x-worker-01 (name in KMM's kmm-worker-<node>-<module> form, assumed) terminated with exit "
      "code 1 and phase Failed; its log is the quoted line (no other line: the guide quotes only this one). The "
      "amdgpu module is therefore not loaded, the node never gets KMM's module-ready label, so the operator's device "
      "plugin and node labeller DaemonSets (nodeSelector including that label; modelled) have no pod there "
      "(desired 0) and the node advertises no amd.com/gpu. No kernel log is written (the guide quotes none).")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = "cpu-worker-01"
    n = w.node(cpu, cpu="32", memory="131891680Ki")
    node_info(n, **_UBUNTU)
    _amd_node(w, _FD1404_NODE, gpus=None)
    _amd_operator(w, cpu)
    kmm_rs = "amd-gpu-operator-kmm-controller-7d9f8c6b5c"
    kp = deploy_pod(w, AMD_NS, kmm_rs, f"{kmm_rs}-q4m8t", cpu, containers=("manager",),
                    image="docker.io/rocm/kernel-module-management-operator:v1.4.0",
                    labels={"app.kubernetes.io/name": "kmm", "control-plane": "controller"}, cpu="100m",
                    memory="256Mi")
    w.workload("Deployment", AMD_NS, "amd-gpu-operator-kmm-controller", template_pod=kp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ready_label = {"kmm.node.kubernetes.io/kube-amd-gpu.default.ready": ""}
    for app, ctr, img in (("default-device-plugin", "device-plugin", _AMD_DP_IMG),
                          ("default-node-labeller", "node-labeller", _AMD_LBL_IMG)):
        daemonset(w, AMD_NS, app, desired=0, containers=[(ctr, img)],
                  node_selector={"feature.node.kubernetes.io/amd-gpu": "true", **ready_label},
                  labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    fail = {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T0}
    p = w.pod(AMD_NS, _FD1404_POD, node=_FD1404_NODE, gpu=0, phase="Failed", containers=("worker",),
              image="docker.io/rocm/amdgpu-driver:ubuntu-22.04-5.15.0-143-generic-6.4",
              owner=("Module", "default"), labels={"kmm.node.kubernetes.io/module.name": "default",
                                                   "kmm.node.kubernetes.io/worker-action": "Load"},
              cpu="100m", memory="128Mi",
              statuses={"worker": {"state": {"terminated": fail}, "ready": False, "started": False,
                                   "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    p["spec"]["containers"][0]["args"] = ["kmod", "load", "/etc/kmm-worker/config.yaml"]
    p["metadata"]["ownerReferences"][0].update({"apiVersion": "kmm.sigs.x-k8s.io/v1beta1", "controller": False})
    w.log(AMD_NS, _FD1404_POD, "worker", t)
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig("default", {
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
        "driver": {"enable": True, "version": "6.4", "blacklist": True},
        "devicePlugin": {"enableDevicePlugin": True, "enableNodeLabeller": True}})]
    w.ns_custom[("modules.kmm.sigs.x-k8s.io", AMD_NS)] = [{
        "apiVersion": "kmm.sigs.x-k8s.io/v1beta1", "kind": "Module",
        "metadata": {"name": "default", "namespace": AMD_NS, "creationTimestamp": T0},
        "spec": {"selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
                 "moduleLoader": {"container": {"modprobe": {"moduleName": "amdgpu"}}}},
        "status": {"moduleLoader": {"nodesMatchingSelectorNumber": 1, "desiredNumber": 1, "availableNumber": 0}}}]
    w.target("Node", None, _FD1404_NODE)


# ---- fd1405: a request for 7 Neuron devices on trn1.32xlarge refused by the Neuron scheduler extension --------

_EKS_AL2023 = {"osImage": "Amazon Linux 2023.6.20241212", "kernelVersion": "6.1.119-129.201.amzn2023.x86_64",
               "containerRuntimeVersion": "containerd://1.7.23", "kubeletVersion": "v1.31.3-eks-59bf375",
               "kubeProxyVersion": "v1.31.3-eks-59bf375"}
_FD1405_POD = "llama-pretrain-0"
_NEURON_DP_IMG = "public.ecr.aws/neuron/neuron-device-plugin:2.22.4.0"
_NEURON_SCHED_IMG = "public.ecr.aws/neuron/neuron-scheduler:2.22.4.0"


def _eks_labels(itype: str, ng: str, extra: dict | None = None) -> dict:
    lab = {"node.kubernetes.io/instance-type": itype, "eks.amazonaws.com/nodegroup": ng,
           "topology.kubernetes.io/region": "us-east-1", "topology.kubernetes.io/zone": "us-east-1a"}
    lab.update(extra or {})
    return lab


def _neuron_stack(w, neuron_nodes: list[str], sched_node: str, *, ext_pod: dict | None = None,
                  dp_image: str = _NEURON_DP_IMG) -> None:
    """The Neuron device plugin DaemonSet (ready on `neuron_nodes`), my-scheduler and, unless the caller builds
    it, the k8s-neuron-scheduler extension, ready, in kube-system."""
    tol = [{"key": "aws.amazon.com/neuron", "operator": "Exists", "effect": "NoSchedule"},
           {"key": "CriticalAddonsOnly", "operator": "Exists"}]
    daemonset(w, KS, "neuron-device-plugin", desired=len(neuron_nodes), tolerations=tol,
              containers=[("neuron-device-plugin", dp_image)], labels={"name": "neuron-device-plugin-ds"},
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "node.kubernetes.io/instance-type", "operator": "In",
                                         "values": ["inf1.xlarge", "inf2.xlarge", "inf2.24xlarge", "inf2.48xlarge",
                                                    "trn1.2xlarge", "trn1.32xlarge", "trn1n.32xlarge"]}]}]}}})
    for n, s in zip(neuron_nodes, ("h7k2d", "q3m9x")):
        name = f"neuron-device-plugin-{s}"
        ds_pod(w, KS, "neuron-device-plugin", name, n, containers=("neuron-device-plugin",), image=dp_image,
               tolerations=tol, cpu="100m", memory="128Mi")
        w.log(KS, name, "neuron-device-plugin",
              "I1129 14:00:05.221034       1 main.go:87] Neuron device plugin started\n"
              "I1129 14:00:05.318762       1 server.go:151] Registered device plugin for 'aws.amazon.com/neuron' "
              "with Kubelet\n")
    ms = deploy_pod(w, KS, "my-scheduler-6d5c8b7f9d", "my-scheduler-6d5c8b7f9d-n4w2s", sched_node,
                    containers=("my-scheduler",), image="registry.k8s.io/kube-scheduler:v1.31.3",
                    labels={"component": "scheduler", "tier": "control-plane", "app": "my-scheduler"},
                    cpu="100m", memory="128Mi")
    w.workload("Deployment", KS, "my-scheduler", template_pod=ms,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    if ext_pod is None:
        ext_pod = deploy_pod(w, KS, "k8s-neuron-scheduler-7f9c6d8b5f", "k8s-neuron-scheduler-7f9c6d8b5f-p8r3v",
                             sched_node, containers=("neuron-scheduler-exp",), image=_NEURON_SCHED_IMG,
                             labels={"app": "neuron-scheduler", "component": "k8s-neuron-scheduler"},
                             cpu="100m", memory="128Mi")
    ready = all(c.get("ready") for c in ext_pod["status"]["containerStatuses"])
    w.workload("Deployment", KS, "k8s-neuron-scheduler", template_pod=ext_pod,
               status={"replicas": 1, "readyReplicas": int(ready), "availableReplicas": int(ready),
                       "updatedReplicas": 1, **({} if ready else {"unavailableReplicas": 1})})


@case("fd1405", pod_subj(_FD1405_POD, "default"),
      "EKS v1.31 (assumed) in us-east-1 with a system node (m5.2xlarge) and one trn1.32xlarge node (Amazon Linux "
      "2023 Neuron AMI, assumed) that advertises aws.amazon.com/neuron 16 (and aws.amazon.com/neuroncore 32) through "
      "the Neuron device plugin DaemonSet in kube-system (1/1 ready; image tag assumed). The Neuron scheduler "
      "extension k8s-neuron-scheduler and the second scheduler my-scheduler (the page's 'Multiple Scheduler "
      "Approach') are Deployments in kube-system, 1/1 ready, on the system node. No Neuron workload runs. The pod "
      "llama-pretrain-0 (StatefulSet llama-pretrain, schedulerName my-scheduler) requests aws.amazon.com/neuron 7; "
      "it is Pending and unbound. Its PodScheduled condition and my-scheduler's FailedScheduling event carry the "
      "case's text as the extension's reason for the trn1 node, in the scheduler's usual '0/2 nodes are available' "
      "frame with 'Insufficient aws.amazon.com/neuron' for the system node (frame illustrative).")
def _(w, t):
    w.git_version = "v1.31.3-eks-59bf375"
    sysn = "ip-10-0-12-41.ec2.internal"
    n = w.node(sysn, cpu="8", memory="32386512Ki", alloc_cpu="7910m", alloc_memory="31369680Ki",
               labels=_eks_labels("m5.2xlarge", "system"))
    node_info(n, **_EKS_AL2023)
    trn = "ip-10-0-45-203.ec2.internal"
    tn = w.node(trn, gpus=16, resource="aws.amazon.com/neuron", cpu="128", memory="527938872Ki",
                labels=_eks_labels("trn1.32xlarge", "trn1-ng"))
    for res in ("capacity", "allocatable"):
        tn["status"][res]["aws.amazon.com/neuroncore"] = "32"
    node_info(tn, **_EKS_AL2023)
    _neuron_stack(w, [trn], sysn)
    msg = ("0/2 nodes are available: 1 Insufficient aws.amazon.com/neuron, 1 " + t +
           " preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.")
    p = w.pod("default", _FD1405_POD, gpu=7, resource="aws.amazon.com/neuron", containers=("trainer",),
              image="public.ecr.aws/neuron/pytorch-training-neuronx:2.9.0-neuronx-py312-sdk2.27.1-ubuntu24.04",
              owner=("StatefulSet", "llama-pretrain"), scheduler="my-scheduler", labels={"app": "llama-pretrain"},
              cpu="96", memory="384Gi", scheduled_message=msg)
    w.event("default", "Pod", _FD1405_POD, "FailedScheduling", msg, component="my-scheduler", count=6)
    w.workload("StatefulSet", "default", "llama-pretrain", template_pod=p,
               status={"replicas": 1, "readyReplicas": 0, "currentReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", "default", _FD1405_POD)


# ---- fd1406: the Neuron scheduler extension crashes shortly after installation (before Neuron 2.20.2) ---------

_EKS_AL2 = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.227-219.884.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.30.4-eks-a737599",
            "kubeProxyVersion": "v1.30.4-eks-a737599"}
_FD1406_POD = "k8s-neuron-scheduler-5c7d9f8b6d-j2x7m"


@case("fd1406", pod_subj(_FD1406_POD, KS),
      "EKS v1.30 (assumed) in us-east-1 with a system node (m5.xlarge) and two inf2.24xlarge nodes (Amazon Linux 2 "
      "Neuron AMI, assumed) that advertise aws.amazon.com/neuron 6 each through the Neuron device plugin DaemonSet "
      "(kube-system, 2/2 ready; Neuron 2.20.0 images assumed). The Neuron scheduler extension and my-scheduler were "
      "installed from the 2.20.0 manifests shortly before collection; my-scheduler is 1/1 "
      "ready; the extension's Deployment k8s-neuron-scheduler is 0/1: its pod is in CrashLoopBackOff (restart count "
      "5, last exit code 2, reason Error; the kubelet's BackOff event). Neither its current nor its previous log is "
      "written: the release note quotes none. No Neuron workload pod exists yet. The text is the release note's "
      "prose and is not placed.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    sysn = "ip-10-0-8-117.ec2.internal"
    n = w.node(sysn, cpu="4", memory="15896668Ki", alloc_cpu="3920m", alloc_memory="14879836Ki",
               labels=_eks_labels("m5.xlarge", "system"))
    node_info(n, **_EKS_AL2)
    infs = ["ip-10-0-33-58.ec2.internal", "ip-10-0-37-190.ec2.internal"]
    for name in infs:
        nn = w.node(name, gpus=6, resource="aws.amazon.com/neuron", cpu="96", memory="392733784Ki",
                    labels=_eks_labels("inf2.24xlarge", "inf2-ng"))
        for res in ("capacity", "allocatable"):
            nn["status"][res]["aws.amazon.com/neuroncore"] = "12"
        node_info(nn, **_EKS_AL2)
    img = "public.ecr.aws/neuron/neuron-scheduler:2.20.0.0"
    ext = deploy_pod(w, KS, "k8s-neuron-scheduler-5c7d9f8b6d", _FD1406_POD, sysn, containers=("neuron-scheduler-exp",),
                     image=img, labels={"app": "neuron-scheduler", "component": "k8s-neuron-scheduler"},
                     cpu="100m", memory="128Mi")
    crashloop(ext, "neuron-scheduler-exp", restarts=5, code=2)
    backoff(w, KS, _FD1406_POD, "neuron-scheduler-exp", sysn, count=21)
    _neuron_stack(w, infs, sysn, ext_pod=ext, dp_image="public.ecr.aws/neuron/neuron-device-plugin:2.20.0.0")
    w.target("Pod", KS, _FD1406_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
