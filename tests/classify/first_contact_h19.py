"""Builds first-contact batch H19 (fixtures/first-contact/batch-h19/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by AMD and NVIDIA node components' own documentation
(ROCm/device-metrics-exporter, NVIDIA/holodeck, ROCm/k8s-gpu-dra-driver; the fixed file list also held
NVIDIA/nvkind's README, which gave no case), read whole in the fixed file order of the batch README (this round's
documentation protocol: snapshots brought with `fetch` and read with git, no search look-ups). All three texts are
the documents' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE). The expected answer was reasoned
from the document (`expected` in the case, preferred first) and committed before any rule change; it is never
taken from the tool's output.

Names and versions the documents do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
instance hostnames, GPU counts, the other nodes and workloads) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_h19      # (re)writes fixtures/first-contact/batch-h19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d14 import AMD_NS, _amd_ds, _amd_node, _amd_operator, _deviceconfig
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-h19", "H19", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fh1901", "fh1902", "fh1903"}

_UBUNTU = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic",
           "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5", "kubeProxyVersion": "v1.32.5"}


# ---- node: a stale fatal CPER record keeps a healthy AMD GPU unhealthy (Device Metrics Exporter release notes) --

_DME_IMG = "docker.io/rocm/device-metrics-exporter:v1.5.0"
_DP_IMG = "docker.io/rocm/k8s-device-plugin:v1.31.0.7"
_LBL_IMG = "docker.io/rocm/k8s-device-plugin:labeller-v1.31.0.7"
_FH1901_NODE = "mi300x-worker-02"


@case("fh1901", node_subj(_FH1901_NODE),
      "Vanilla Kubernetes v1.32.5 (assumed; the release notes name no distribution) on Ubuntu 22.04 with the AMD "
      "GPU Operator (v1.4, assumed) in kube-amd-gpu: controller Running on a CPU node; DeviceConfig `default` with "
      "the device plugin, the node labeller and the Device Metrics Exporter enabled (exporter image v1.5.0, the "
      "release before the fix; health service on, its default; no HealthThresholds set; the device plugin and "
      "labeller images assumed). Two AMD Instinct MI300X workers with 8 GPUs each (model, count and names "
      "assumed); every AMD stack pod (device plugin, labeller, metrics exporter) Running on both. On "
      "mi300x-worker-02 one GPU's latest fatal CPER record is stale (an old event; not in the bundle), so the "
      "exporter's health service reports that GPU unhealthy and the device plugin withdraws it: capacity "
      "amd.com/gpu 8, allocatable 7, the node Ready; mi300x-worker-01 advertises 8 of 8. No workload is shown and "
      "no log is written (the release notes quote none).")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = "cpu-worker-01"
    node_info(w.node(cpu, cpu="16", memory="65842432Ki"), **_UBUNTU)
    workers = ["mi300x-worker-01", _FH1901_NODE]
    for name in workers:
        _amd_node(w, name, info=_UBUNTU, labels={"amd.com/gpu.product-name": "AMD_Instinct_MI300X_OAM",
                                                 "amd.com/gpu.family": "AI", "amd.com/gpu.count": "8"})
    bad = w.get_node(_FH1901_NODE)
    bad["status"]["allocatable"]["amd.com/gpu"] = "7"
    _amd_operator(w, cpu)
    _amd_ds(w, "default-device-plugin", "device-plugin", _DP_IMG, workers, ("k2x9m", "r7q4d"))
    _amd_ds(w, "default-node-labeller", "node-labeller", _LBL_IMG, workers, ("c8v3n", "h5w2t"))
    _amd_ds(w, "default-metrics-exporter", "metrics-exporter", _DME_IMG, workers, ("p4d7s", "w9f2b"))
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig("default", {
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
        "driver": {"enable": False},
        "devicePlugin": {"enableDevicePlugin": True, "enableNodeLabeller": True,
                         "devicePluginImage": _DP_IMG, "nodeLabellerImage": _LBL_IMG},
        "metricsExporter": {"enable": True, "image": _DME_IMG, "port": 5000, "serviceType": "ClusterIP"}})]
    w.target("Node", None, _FH1901_NODE)


# ---- runtime: a Day-0 pod names runtimeClassName nvidia before any GPU Operator (Holodeck AICR guide) -------

_FH1902_NODE = "ip-10-0-0-38"
_CUDA_IMG = "nvcr.io/nvidia/cuda:12.8.1-base-ubuntu22.04"


@case("fh1902", {"kind": "Job", "namespace": "default", "name": "gpu-check"},
      "A single-node kubeadm cluster (Kubernetes v1.35.0, control plane and worker on one host, no NoSchedule "
      "taint) provisioned by holodeck on an AWS g6e.xlarge (1 NVIDIA L40S; instance type, OS and version by the "
      "guide) running Ubuntu 22.04 with containerd, the NVIDIA driver and the NVIDIA Container Toolkit installed "
      "on the host by holodeck's Ansible plays (hostname, kernel, containerd and driver versions assumed). Phase 2 "
      "has not run: no GPU Operator, so no RuntimeClass `nvidia` exists (the bundle has no runtimeclasses file: "
      "no existing pod names one) and the node advertises no nvidia.com/gpu and carries no GPU labels. The Day-0 "
      "verification Job gpu-check in default (name, image and command assumed; pod template with runtimeClassName "
      "nvidia running nvidia-smi, no nvidia.com/gpu request) has no pod: the job-controller's FailedCreate events "
      "carry the API server's RuntimeClass rejection (standard wording, illustrative; the guide's note is prose, "
      "not placed). The cluster's own kube-system pods are Running.")
def _(w, t):
    w.git_version = "v1.35.0"
    n = w.node(_FH1902_NODE, cpu="4", memory="32475976Ki",
               labels={"node-role.kubernetes.io/control-plane": "", "node.kubernetes.io/exclude-from-external-load-balancers": ""})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1029-aws",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.35.0", kubeProxyVersion="v1.35.0")
    for comp in ("etcd", "kube-apiserver", "kube-controller-manager", "kube-scheduler"):
        p = w.pod("kube-system", f"{comp}-{_FH1902_NODE}", node=_FH1902_NODE, gpu=0, containers=(comp,),
                  image=f"registry.k8s.io/{comp}:{'3.6.4-0' if comp == 'etcd' else 'v1.35.0'}",
                  labels={"component": comp, "tier": "control-plane"}, cpu="100m", memory="128Mi")
        p["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Node", "name": _FH1902_NODE,
                                             "uid": n["metadata"]["uid"], "controller": True}]
    ds_pod(w, "kube-system", "kube-proxy", "kube-proxy-7xk4q", _FH1902_NODE, containers=("kube-proxy",),
           image="registry.k8s.io/kube-proxy:v1.35.0", labels={"k8s-app": "kube-proxy"}, cpu="0", memory="0")
    daemonset(w, "kube-system", "kube-proxy", desired=1, containers=[("kube-proxy", "registry.k8s.io/kube-proxy:v1.35.0")],
              labels={"k8s-app": "kube-proxy"})
    rs = "coredns-7c65d6cfc9"
    cd = deploy_pod(w, "kube-system", rs, f"{rs}-q2m8w", _FH1902_NODE, containers=("coredns",),
                    image="registry.k8s.io/coredns/coredns:v1.12.1", labels={"k8s-app": "kube-dns"},
                    cpu="100m", memory="70Mi")
    w.workload("Deployment", "kube-system", "coredns", template_pod=cd,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ns, job = "default", "gpu-check"
    template = {"spec": {"runtimeClassName": "nvidia", "restartPolicy": "Never",
                         "containers": [{"name": "nvidia-smi", "image": _CUDA_IMG, "command": ["nvidia-smi"],
                                         "resources": {}}]}}
    wl = w.workload("Job", ns, job, template_pod=template, status={"active": 0, "ready": 0, "startTime": T0,
                                                                 "uncountedTerminatedPods": {}})
    wl["spec"] = {"backoffLimit": 6, "completions": 1, "parallelism": 1, "completionMode": "NonIndexed",
                  "selector": {"matchLabels": {"batch.kubernetes.io/controller-uid": wl["metadata"]["uid"]}},
                  "template": {"metadata": {"labels": {"batch.kubernetes.io/job-name": job, "job-name": job}},
                               "spec": template["spec"]}}
    w.event(ns, "Job", job, "FailedCreate",
            f'Error creating: pods "{job}-" is forbidden: pod rejected: RuntimeClass "nvidia" not found',
            component="job-controller", count=9)
    for e in w.events[ns]:
        e["involvedObject"]["apiVersion"] = "batch/v1"
    w.pods.setdefault(ns, [])
    w.target("Job", ns, job)


# ---- scheduler: partition claims on unpartitioned MI300X GPUs (AMD GPU DRA driver demo) -----------------------

_KIND = "k8s-gpu-dra-driver-cluster"
_KIND_INFO = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.8.0-60-generic",
              "containerRuntimeVersion": "containerd://2.1.3", "kubeletVersion": "v1.34.0", "kubeProxyVersion": "v1.34.0"}
_DRA_IMG = "docker.io/rocm/k8s-gpu-dra-driver:v0.1.0"
_FH1903_POD = "pod-two-partitions-same-parent"
_CLAIM = "two-partitions-same-parent"


def _slice_device(card: int, i: int) -> dict:
    render = 128 + card
    return {"name": f"gpu-{card}-{render}",
            "attributes": {"cardIndex": {"int": card}, "renderIndex": {"int": render},
                           "deviceID": {"string": str(994913940318892495 + i * 104729)},
                           "driverSrcVersion": {"string": "7AA72EC2C8F513519BE86FD"},
                           "driverVersion": {"version": "6.12.12"}, "family": {"string": "AI"},
                           "partitionProfile": {"string": "spx_nps1"},
                           "pciAddr": {"string": f"000{i // 2 + 1}:00:0{2 + i % 2}.0"},
                           "productName": {"string": "AMD_Instinct_MI300X_OAM"},
                           "resource.kubernetes.io/pcieRoot": {"string": f"pci000{i // 2 + 1}:00"},
                           "type": {"string": "amdgpu"}},
            "capacity": {"computeUnits": {"value": "304"}, "memory": {"value": "196592Mi"},
                         "simdUnits": {"value": "1216"}}}


def _partition_request(name: str) -> dict:
    return {"name": name, "exactly": {
        "deviceClassName": "gpu.amd.com", "allocationMode": "ExactCount", "count": 1,
        "selectors": [{"cel": {"expression": 'device.attributes["gpu.amd.com"].type == "amdgpu-partition"'}}]}}


@case("fh1903", pod_subj(_FH1903_POD, "gpu-test"),
      "The demo guide's kind cluster k8s-gpu-dra-driver-cluster (kind node image v1.34.0, resource.k8s.io/v1; node "
      "names from the guide's pool name; containerd and kernel assumed): a control-plane node (NoSchedule taint) and "
      "the worker k8s-gpu-dra-driver-cluster-worker with the host's 8 AMD Instinct MI300X passed in (the count "
      "assumed; the model, SPX/NPS1 profile and attribute names from the guide), not partitioned. The AMD GPU DRA "
      "driver (chart v0.1.0, release and namespace k8s-gpu-dra-driver as in the guide's Helm command) runs its "
      "kubelet plugin DaemonSet 1/1 Running on the worker; the DeviceClass gpu.amd.com exists and the worker's one "
      "ResourceSlice lists 8 full GPUs, all of type amdgpu (attribute values per GPU assumed after the guide's "
      "trimmed example). The repository's example-partitions-same-parent.yaml is applied: the ResourceClaim "
      "two-partitions-same-parent (requests p0 and p1, each one device of type amdgpu-partition, matchAttribute "
      "gpu.amd.com/deviceID) is unallocated and the pod pod-two-partitions-same-parent (docker.io/rocm/pytorch) is "
      "Pending and unbound with the default scheduler's FailedScheduling event (standard wording, illustrative). "
      "The worker advertises no amd.com/gpu (no device plugin).")
def _(w, t):
    w.git_version = "v1.34.0"
    cp, worker = f"{_KIND}-control-plane", f"{_KIND}-worker"
    n = w.node(cp, cpu="192", memory="2113276288Ki",
               labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(n, **_KIND_INFO)
    node_info(w.node(worker, cpu="192", memory="2113276288Ki"), **_KIND_INFO)
    ds = "k8s-gpu-dra-driver-kubeletplugin"
    labels = {"app.kubernetes.io/name": "k8s-gpu-dra-driver", "app.kubernetes.io/instance": "k8s-gpu-dra-driver",
              "app.kubernetes.io/component": "kubeletplugin"}
    daemonset(w, "k8s-gpu-dra-driver", ds, desired=1, containers=[("plugin", _DRA_IMG)], labels=labels)
    ds_pod(w, "k8s-gpu-dra-driver", ds, f"{ds}-9m4xk", worker, containers=("plugin",), image=_DRA_IMG,
           labels=labels, cpu="100m", memory="128Mi")
    w.custom["deviceclasses.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
        "metadata": {"name": "gpu.amd.com", "creationTimestamp": T0},
        "spec": {"selectors": [{"cel": {"expression": "device.driver == 'gpu.amd.com'"}}]}}]
    w.custom["resourceslices.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{worker}-gpu.amd.com-7x2kq", "creationTimestamp": T0,
                     "ownerReferences": [{"apiVersion": "v1", "kind": "Node", "name": worker,
                                          "uid": w.get_node(worker)["metadata"]["uid"], "controller": True}]},
        "spec": {"driver": "gpu.amd.com", "nodeName": worker,
                 "pool": {"name": worker, "generation": 1, "resourceSliceCount": 1},
                 "devices": [_slice_device(card, i) for i, card in enumerate(range(0, 64, 8))]}}]
    ns = "gpu-test"
    msg = ("0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) had untolerated taint "
           "{node-role.kubernetes.io/control-plane: }. still not schedulable, preemption: 0/2 nodes are available: "
           "2 Preemption is not helpful for scheduling.")
    p = w.pod(ns, _FH1903_POD, gpu=0, containers=("ctr0",), image="docker.io/rocm/pytorch:latest",
              labels={"app": "pod"}, cpu="0", memory="0",
              extra_spec={"resourceClaims": [{"name": "two", "resourceClaimName": _CLAIM}]},
              scheduled_message=msg)
    c = p["spec"]["containers"][0]
    c["command"] = ["bash", "-c"]
    c["args"] = ["echo 'Using two partitions from same parent'; export; trap 'exit 0' TERM; sleep 9999 & wait"]
    c["resources"] = {"claims": [{"name": "two"}]}
    p["status"]["qosClass"] = "BestEffort"
    w.event(ns, "Pod", _FH1903_POD, "FailedScheduling", msg, component="default-scheduler", count=6)
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": _CLAIM, "namespace": ns, "creationTimestamp": T0},
        "spec": {"devices": {"requests": [_partition_request("p0"), _partition_request("p1")],
                             "constraints": [{"matchAttribute": "gpu.amd.com/deviceID", "requests": ["p0", "p1"]}]}},
        "status": {}}]
    assert T1
    w.target("Pod", ns, _FH1903_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
