"""Builds first-contact batch F15 (fixtures/first-contact/batch-f15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by GKE's and Ray-on-Kubernetes' sample repositories
(GoogleCloudPlatform/ai-on-gke, GoogleCloudPlatform/kubernetes-engine-samples, ray-project/kuberay), read whole in
the fixed file order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch`
and read with git). The one case is a prose case: the guide's sentences are NOT placed in the bundle
(TEXT_NOT_IN_BUNDLE), which carries the cluster state the guide describes. The expected answer was reasoned from
the document (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Names and versions the document does not state (pod and claim suffixes, kernels, runtime builds, the DRA driver's
image tag, the default pool's machine type) are filled in plausibly; the scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f15      # (re)writes fixtures/first-contact/batch-f15/scenarios/
"""

from __future__ import annotations

import copy

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f15", "F15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff1501"}


# ---- scheduler: the cluster autoscaler does not scale up for DRA-claimed GPUs (GKE CCC + DRA sample) --------

_GKE = "v1.32.0-gke.1358000"
_GKE_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1019-gke",
             "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": _GKE, "kubeProxyVersion": _GKE}
_CC = "inference-1x8x24"
_CC_TAINT = {"key": "cloud.google.com/compute-class", "value": _CC, "effect": "NoSchedule"}
_GPU_TAINT = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
_DRA_NS = "nvidia-dra-driver-gpu"
_DRA_IMAGE = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"
_RS = "ccc-gpu-6b6866cb68"
_T4_NODE = "gke-drabeta-n1-standard-4-2xt4-a48308e9-92pw"
_T4_UUIDS = ("GPU-9cbaabad-b724-9242-39e2-486a9450527a", "GPU-3d424488-8672-f8af-3fb7-2ace22ec966e")


def _gke_labels(pool: str, machine: str, zone: str, **extra) -> dict:
    return {"cloud.google.com/gke-nodepool": pool, "cloud.google.com/machine-family": machine.split("-")[0],
            "node.kubernetes.io/instance-type": machine, "beta.kubernetes.io/instance-type": machine,
            "topology.kubernetes.io/zone": zone, "topology.kubernetes.io/region": "us-central1",
            "cloud.google.com/gke-boot-disk": "pd-balanced", "cloud.google.com/gke-container-runtime": "containerd",
            **extra}


def _claim(name: str, pod: dict | None, devices: tuple[str, ...]) -> dict:
    c = {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceClaim",
         "metadata": {"name": name, "namespace": "default", "uid": f"{name}-uid", "creationTimestamp": T0,
                      "annotations": {"resource.kubernetes.io/pod-claim-name": "gpu"},
                      "finalizers": ["resource.kubernetes.io/delete-protection"] if devices else []},
         "spec": {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com",
                                            "allocationMode": "All"}]}},
         "status": {}}
    if pod is not None:
        c["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Pod", "name": pod["metadata"]["name"],
                                             "uid": pod["metadata"]["uid"], "controller": True,
                                             "blockOwnerDeletion": True}]
    if devices:
        c["status"] = {
            "allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com", "pool": _T4_NODE,
                                                    "device": d} for d in devices]},
                           "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                               {"key": "metadata.name", "operator": "In", "values": [_T4_NODE]}]}]}},
            "reservedFor": [{"resource": "pods", "name": pod["metadata"]["name"], "uid": pod["metadata"]["uid"]}]}
    return c


@case("ff1501", pod_subj(f"{_RS}-rj7z6", "default"),
      "GKE Standard cluster drabeta in us-central1 (the guide's; DRA beta APIs enabled; nodes at "
      f"{_GKE} as in the guide's output, Ubuntu 22.04 kernel and containerd builds assumed). Three default-pool "
      "nodes (e2-standard-4, assumed) and ONE GPU node, of node pool n1-standard-4-2xt4 (n1-standard-4 with 2 "
      "Tesla T4, gpu-driver-version=disabled, labels gke-no-default-nvidia-gpu-device-plugin=true, "
      "nvidia.com/gpu.present=true and cloud.google.com/compute-class=inference-1x8x24, the compute-class "
      "NoSchedule taint and GKE's nvidia.com/gpu taint); the pools g2-standard-4 and n1-standard-4-4xp4 (spot) "
      "have no node; all three pools autoscale 0..3 (GKE's autoscaler runs in the control plane: no pod, and it "
      "wrote no event). The node advertises no nvidia.com/gpu (no device plugin): its GPUs are published by the "
      "NVIDIA DRA driver (Helm, namespace nvidia-dra-driver-gpu, kubelet-plugin DaemonSet 1/1; image tag "
      "assumed) in a ResourceSlice with gpu-0 and gpu-1; the preloaded Ubuntu nvidia-driver-installer and the "
      "guide's nvidia-container-toolkit-installer DaemonSets run in kube-system (1/1; the driver installer's images "
      "assumed). ComputeClass "
      "inference-1x8x24 as in the guide. The Deployment ccc-gpu (the guide's pod template WITHOUT its "
      "podAntiAffinity workaround; ubuntu:22.04 printing nvidia-smi -L; claim from ResourceClaimTemplate all-gpus, "
      "allocationMode All; GKE's compute-class toleration added) is scaled to 4: one pod Running on the T4 node "
      "with its claim allocated both GPUs (its log the guide's two nvidia-smi lines for a T4 pod), three pods "
      "Pending and unbound, their generated claims unallocated, each with the default scheduler's "
      "FailedScheduling 'cannot allocate all claims' for the T4 node and the node-selector mismatch for the "
      "default pool (DRA plugin's wording, illustrative). The text is the guide's prose and is not placed.")
def _(w, t):
    w.git_version = _GKE
    for sfx, zone in (("32z4", "us-central1-a"), ("3wmn", "us-central1-c"), ("57b6", "us-central1-a")):
        n = w.node(f"gke-drabeta-default-pool-64569529-{sfx}", cpu="4", memory="16380932Ki", alloc_cpu="3920m",
                   alloc_memory="13109764Ki", labels=_gke_labels("default-pool", "e2-standard-4", zone,
                                                                 **{"cloud.google.com/gke-os-distribution": "cos"}))
        node_info(n, osImage="Container-Optimized OS from Google", kernelVersion="6.6.56+",
                  containerRuntimeVersion="containerd://1.7.24", kubeletVersion=_GKE, kubeProxyVersion=_GKE)
    gpu = w.node(_T4_NODE, cpu="4", memory="15358288Ki", alloc_cpu="3920m", alloc_memory="12418896Ki",
                 taints=[_CC_TAINT, _GPU_TAINT],
                 labels=_gke_labels("n1-standard-4-2xt4", "n1-standard-4", "us-central1-c",
                                    **{"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                       "cloud.google.com/gke-gpu-driver-version": "disabled",
                                       "cloud.google.com/gke-os-distribution": "ubuntu",
                                       "cloud.google.com/compute-class": _CC,
                                       "gke-no-default-nvidia-gpu-device-plugin": "true",
                                       "nvidia.com/gpu.present": "true"}))
    node_info(gpu, **_GKE_INFO)
    tol_all = [{"operator": "Exists"}]
    # the node's GPU stack: driver installer, toolkit installer (kube-system), DRA kubelet plugin
    daemonset(w, KS, "nvidia-driver-installer", desired=1,
              containers=[("pause", "gcr.io/google-containers/pause:2.0")],
              init_containers=[("nvidia-driver-installer",
                                "gke-nvidia-installer:fixed")],
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"}, tolerations=tol_all,
              labels={"k8s-app": "nvidia-driver-installer"})
    ds_pod(w, KS, "nvidia-driver-installer", "nvidia-driver-installer-x7k2d", _T4_NODE, containers=("pause",),
           image="gcr.io/google-containers/pause:2.0", tolerations=tol_all, cpu="10m", memory="16Mi")
    daemonset(w, KS, "nvidia-container-toolkit-installer", desired=1, containers=[("ctr", "ubuntu:22.04")],
              node_selector={"nvidia.com/gpu.present": "true", "cloud.google.com/gke-os-distribution": "ubuntu"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
                           {"key": "cloud.google.com/compute-class", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"app": "nvidia-container-toolkit-installer"})
    ds_pod(w, KS, "nvidia-container-toolkit-installer", "nvidia-container-toolkit-installer-m4q9d", _T4_NODE,
           containers=("ctr",), image="ubuntu:22.04", cpu="10m", memory="16Mi",
           tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
                        {"key": "cloud.google.com/compute-class", "operator": "Exists", "effect": "NoSchedule"}])
    daemonset(w, _DRA_NS, "nvidia-dra-driver-gpu-kubelet-plugin", desired=1,
              containers=[("gpus", _DRA_IMAGE)], node_selector={"nvidia.com/gpu.present": "true"},
              tolerations=tol_all, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    ds_pod(w, _DRA_NS, "nvidia-dra-driver-gpu-kubelet-plugin", "nvidia-dra-driver-gpu-kubelet-plugin-t2v8s",
           _T4_NODE, containers=("gpus",), image=_DRA_IMAGE, tolerations=tol_all, cpu="100m", memory="128Mi")
    w.log(_DRA_NS, "nvidia-dra-driver-gpu-kubelet-plugin-t2v8s", "gpus",
          "I1129 14:01:12.104233       1 driver.go:109] Starting kubelet plugin for driver gpu.nvidia.com\n"
          "I1129 14:01:12.318562       1 device_state.go:142] Published 2 devices in ResourceSlice\n")
    w.custom["deviceclasses.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1beta1", "kind": "DeviceClass",
        "metadata": {"name": "gpu.nvidia.com", "creationTimestamp": T0},
        "spec": {"selectors": [{"cel": {"expression": "device.driver == 'gpu.nvidia.com' && "
                                                      "device.attributes['gpu.nvidia.com'].type == 'gpu'"}}]}}]
    w.custom["resourceslices.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceSlice",
        "metadata": {"name": f"{_T4_NODE}-gpu.nvidia.com-k8w2p", "creationTimestamp": T0},
        "spec": {"driver": "gpu.nvidia.com", "nodeName": _T4_NODE,
                 "pool": {"name": _T4_NODE, "generation": 1, "resourceSliceCount": 1},
                 "devices": [{"name": f"gpu-{i}", "basic": {"attributes": {
                     "type": {"string": "gpu"}, "productName": {"string": "Tesla T4"},
                     "uuid": {"string": uuid}, "index": {"int": i}},
                     "capacity": {"memory": {"value": "15Gi"}}}} for i, uuid in enumerate(_T4_UUIDS)]}}]
    w.custom["computeclasses.cloud.google.com"] = [{
        "apiVersion": "cloud.google.com/v1", "kind": "ComputeClass",
        "metadata": {"name": _CC, "creationTimestamp": T0},
        "spec": {"priorities": [{"nodepools": ["n1-standard-4-2xt4"]}, {"nodepools": ["g2-standard-4"]},
                                {"nodepools": ["n1-standard-4-4xp4"]}],
                 "whenUnsatisfiable": "DoNotScaleUp"},
        "status": {"conditions": [{"type": "Health", "status": "True", "reason": "Health",
                                   "lastTransitionTime": T0}]}}]
    w.ns_custom[("resourceclaimtemplates.resource.k8s.io", "default")] = [{
        "apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceClaimTemplate",
        "metadata": {"name": "all-gpus", "namespace": "default", "creationTimestamp": T0},
        "spec": {"spec": {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com",
                                                    "allocationMode": "All"}]}}}}]
    # the Deployment's pods: one Running with both T4s, three Pending
    tols = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"},
            {"key": "cloud.google.com/compute-class", "operator": "Equal", "value": _CC, "effect": "NoSchedule"}]
    extra = {"volumes": [{"name": "host-root", "hostPath": {"path": "/", "type": ""}}]}
    common = dict(gpu=0, containers=("ctr",), image="ubuntu:22.04", owner=("ReplicaSet", _RS),
                  labels={"app": "ccc-gpu", "pod-template-hash": "6b6866cb68"}, tolerations=tols,
                  node_selector={"cloud.google.com/compute-class": _CC},
                  mounts=[{"name": "host-root", "mountPath": "/host"}], cpu="0", memory="0")
    claims = []
    msg = ("0/4 nodes are available: 1 cannot allocate all claims, 3 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming pod, "
           "3 Preemption is not helpful for scheduling.")
    pods = []
    for sfx, node in (("prb2k", _T4_NODE), ("rj7z6", None), ("66zrl", None), ("t2jrp", None)):
        name = f"{_RS}-{sfx}"
        claim = f"{name}-gpu-{sfx[::-1]}"
        p = w.pod("default", name, node=node, scheduled_message=None if node else msg, extra_spec=extra, **common)
        p["metadata"]["generateName"] = f"{_RS}-"
        c0 = p["spec"]["containers"][0]
        c0["resources"] = {"claims": [{"name": "gpu"}]}
        c0["command"] = ["bash", "-c"]
        c0["args"] = ["while [ 1 ]; do date; /host/opt/nvidia/bin/nvidia-smi -L || echo Waiting...; sleep 30; done"]
        p["spec"]["resourceClaims"] = [{"name": "gpu", "resourceClaimTemplateName": "all-gpus"}]
        p["status"]["qosClass"] = "BestEffort"
        p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": claim}]
        claims.append(_claim(claim, p, ("gpu-0", "gpu-1") if node else ()))
        if node:
            w.log("default", name, "ctr", "Sun Nov 29 14:54:31 UTC 2026\n"
                  f"GPU 0: Tesla T4 (UUID: {_T4_UUIDS[0]})\nGPU 1: Tesla T4 (UUID: {_T4_UUIDS[1]})\n")
            w.event("default", "Pod", name, "Scheduled", f"Successfully assigned default/{name} to {node}",
                    type="Normal", component="default-scheduler", last=T1)
        else:
            w.event("default", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=17)
        pods.append(p)
    w.ns_custom[("resourceclaims.resource.k8s.io", "default")] = claims
    tmpl = copy.deepcopy(pods[0])
    tmpl["spec"].pop("nodeName", None)
    dep = w.workload("Deployment", "default", "ccc-gpu", replicas=4, template_pod=tmpl,
                     status={"replicas": 4, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 4,
                             "unavailableReplicas": 3, "observedGeneration": 2})
    dep["spec"]["template"]["metadata"]["labels"] = {"app": "ccc-gpu"}
    dep["metadata"]["annotations"] = {"deployment.kubernetes.io/revision": "1"}
    w.target("Pod", "default", f"{_RS}-rj7z6")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
