"""First-contact batch G (fixtures/first-contact/batch-g/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, in the scheduler layer (a KAI scale-adjuster pod
stuck Terminating, a per-container GPU allocation on TrueNAS/k3s, a rolling update that needs a second GPU, the
kubelet pod limit on DGX nodes, an AKS GPU pool the autoscaler could not grow), the node layer (GPUs left unhealthy
by the device plugin, a kubelet restart, a Spot pool the plugin cannot tolerate) and the plugin layer (GFD without
NVML on GKE, a plugin idling without NVML on OpenShift, gpu-manager Allocate mismatches, MPS control daemons
refused by SCC and RBAC or unable to chroot on GKE, a MIG-mode DGX before the operator, DRA kubelet plugins that never get a pod), plus healthy
look-alikes. Each builder places the case's text verbatim where it appears in a cluster, inside a world built from
the `state` the thread describes. The expected answer is reasoned from what the thread settled (`expected`,
preferred first), never from what the tool printed; the texts and expected ids were written before any rule change
for them.

    .venv/bin/python -m tests.classify.first_contact_g     # (re)writes fixtures/first-contact/batch-g/scenarios/
"""

from __future__ import annotations

import shutil
from functools import lru_cache

from tests.classify.first_contact_a import (readme_scenario, GPU_TOLERATION, KS, annotate, daemonset, deploy_pod,
                                            drop_gpu_resource, ds_pod, eks_labels, info)
from tests.classify.first_contact_c import EKS_KV, GKE_KV, gke_plugin
from tests.classify.first_contact_e import AKS_KV, aks_labels, failed_admission, plugin_ds
from tests.classify.scenario_builder import (checked_case_ids, HEALTHY_GFD_LOG, HEALTHY_PLUGIN_LOG, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, write_batch, write_scenario)
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-g"
SCENARIOS_DIR = BATCH / "scenarios"
# prose, an issue title or a PR description that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fg003", "fg004", "fg007", "fg008", "fg009", "fg017", "fg018", "fg020"}
# renderings (describe / get rows, a folded YAML field, a 'Reason: message' pair, GitHub-linkified event text):
# their values become the corresponding object fields, but the text as a whole is not a bundle string
RENDERED = {"fg002", "fg005", "fg006", "fg012", "fg013", "fg014", "fg015", "fg016", "fg019"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


def _msg_after(row: str, component: str) -> str:
    """The message column of a `kubectl describe` event row."""
    return row.split(component, 1)[1].strip()


UBUNTU_KV = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-112-generic",
             "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.4"}


# =============================================================================================
# scheduler layer
# =============================================================================================

@case("fg001", "kai_scale_adjuster_pod_stuck_terminating", pod_subj("whisper-frac-7d9c8b6f5-k2x8q", "inference"),
      "Kubernetes v1.32 with two GPU nodes (nvidia.com/gpu 4 each, device plugin registered, one GPU free on each) "
      "and KAI Scheduler v0.9 with GPU sharing (scheduler, binder, pod-grouper, podgroup-controller, "
      "node-scale-adjuster); namespace kai-scale-adjust holds one scaling pod stuck Terminating (deletionTimestamp "
      "set, finalizer kept); the node-scale-adjuster log carries the case's four lines; a GPU-fraction pod "
      "(gpu-fraction 0.5, schedulerName kai-scheduler) is Pending with a BindRequest failure event from the binder "
      "(wording illustrative, after the thread's binder error). Names are illustrative ('pod-name' as the thread).")
def _(w, t):
    w.git_version = "v1.32.5"
    nodes = ["gpu-a10-node-1", "gpu-a10-node-2"]
    for n in nodes:
        info(w.node(n, gpus=4, cpu="48", memory="197838016Ki",
                    labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A10G",
                            "nvidia.com/gpu.count": "4", "nvidia.com/gpu.memory": "23028"}), **dict(UBUNTU_KV, kubeletVersion="v1.32.5"))
    plugin_ds(w, KS, [(nodes[0], "nvidia-device-plugin-daemonset-7xk2q"), (nodes[1], "nvidia-device-plugin-daemonset-p4m9z")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    for i, n in enumerate(nodes):
        for j in range(3):
            w.pod("inference", f"asr-worker-{i}{j}-5f6d7c8b9-q{i}{j}x", node=n, gpu=1, containers=("asr",),
                  image="ghcr.io/example/asr:2.3", scheduler="kai-scheduler", owner=("ReplicaSet", f"asr-worker-{i}{j}-5f6d7c8b9"))
    for comp, rs in (("scheduler", "kai-scheduler-default-6c9d8f7b5"), ("binder", "binder-5d8c7b6f4"),
                     ("pod-grouper", "pod-grouper-6b7c8d9f5"), ("podgroup-controller", "podgroup-controller-7f6e5d4c3"),
                     ("node-scale-adjuster", "node-scale-adjuster-59d8c7b6a")):
        deploy_pod(w, "kai-scheduler", rs, f"{rs}-m{len(comp)}x2q", nodes[0], containers=(comp,),
                   image=f"ghcr.io/nvidia/kai-scheduler/{comp}:v0.9.7", tolerations=GPU_TOLERATION)
    w.log("kai-scheduler", "node-scale-adjuster-59d8c7b6a-m19x2q", "node-scale-adjuster", t + "\n" + t)
    sp = w.pod("kai-scale-adjust", "pod-name", gpu=0, containers=("scaling-pod",), image="registry.k8s.io/pause:3.10",
               phase="Pending", labels={"kai.scheduler/scaling-pod": "true"})
    sp["metadata"]["deletionTimestamp"] = T1
    sp["metadata"]["deletionGracePeriodSeconds"] = 0
    sp["metadata"]["finalizers"] = ["kai.scheduler/scaling-pod"]
    ns, pod = "inference", "whisper-frac-7d9c8b6f5-k2x8q"
    p = w.pod(ns, pod, gpu=0, containers=("whisper",), image="ghcr.io/example/whisper:1.4", scheduler="kai-scheduler",
              phase="Pending", owner=("ReplicaSet", "whisper-frac-7d9c8b6f5"), labels={"kai.scheduler/queue": "inference"},
              tolerations=GPU_TOLERATION)
    annotate(p, **{"gpu-fraction": "0.5"})
    p["status"]["conditions"] = []
    w.event(ns, "Pod", pod, "BindingFailed",
            "Failed to reserve GPUs resources for pod: cluster is scaling up, could not create reservation pod",
            component="binder", count=57)
    w.target("Pod", ns, pod)


@case("fg002", "truenas_immich_gpu_allocated_to_both_containers", pod_subj("immich-machinelearning-6d8c9b7f5-x2k4q", "ix-immich"),
      "TrueNAS SCALE single-node k3s (v1.26) with an Intel iGPU advertised as gpu.intel.com/i915 1 by the Intel GPU "
      "device plugin (kube-system); the Immich chart 4.0.7 gives the GPU to both immich-server (Running, holds "
      "gpu.intel.com/i915 1) and immich-machinelearning, which is Pending; its FailedScheduling event and "
      "PodScheduled message are the case's row (message column). Names and sizes are illustrative.")
def _(w, t):
    w.git_version = "v1.26.6+k3s-6a894050-dirty"
    node = "ix-truenas"
    n = w.node(node, cpu="12", memory="65605424Ki")
    n["status"]["capacity"]["gpu.intel.com/i915"] = "1"
    n["status"]["allocatable"]["gpu.intel.com/i915"] = "1"
    n["metadata"]["labels"].update({"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                                    "intel.feature.node.kubernetes.io/gpu": "true"})
    info(n, osImage="Debian GNU/Linux 12 (bookworm)", kernelVersion="6.6.32-production+truenas",
         containerRuntimeVersion="containerd://1.7.7-k3s1", kubeletVersion="v1.26.6+k3s-6a894050-dirty")
    img = "intel/intel-gpu-plugin:0.29.0"
    daemonset(w, KS, "intel-gpu-plugin", desired=1, containers=[("intel-gpu-plugin", img)], labels={"app": "intel-gpu-plugin"})
    ds_pod(w, KS, "intel-gpu-plugin", "intel-gpu-plugin-r8k2m", node, containers=("intel-gpu-plugin",), image=img,
           labels={"app": "intel-gpu-plugin"})
    ns = "ix-immich"
    srv = w.pod(ns, "immich-server-5c7d8b9f6-m4x7p", node=node, gpu=1, resource="gpu.intel.com/i915", containers=("immich-server",),
                image="ghcr.io/immich-app/immich-server:v1.106.4", owner=("ReplicaSet", "immich-server-5c7d8b9f6"))
    msg = _msg_after(t, "default-scheduler")
    pod = "immich-machinelearning-6d8c9b7f5-x2k4q"
    w.pod(ns, pod, gpu=1, resource="gpu.intel.com/i915", containers=("immich-machinelearning",),
          image="ghcr.io/immich-app/immich-machine-learning:v1.106.4-openvino", phase="Pending",
          owner=("ReplicaSet", "immich-machinelearning-6d8c9b7f5"), scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=6)
    assert srv
    w.target("Pod", ns, pod)


@case("fg003", "rolling_update_needs_second_gpu_pool_at_max", pod_subj("gpu-workers-7b9c5d8f6-n4x2k", "platform"),
      "Kubernetes v1.33 with a CPU node and one GPU node (nvidia.com/gpu 1, tainted nvidia.com/gpu=present, device "
      "plugin registered) from a GPU pool capped at one node; cluster-autoscaler runs in kube-system; Deployment "
      "gpu-workers (replicas 1, default RollingUpdate 25%/25%) has an old ReplicaSet pod Running with the GPU and a "
      "new ReplicaSet pod Pending; its events: FailedScheduling (Insufficient nvidia.com/gpu) and the autoscaler's "
      "NotTriggerScaleUp (max node group size reached), wordings illustrative. The PR's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    info(w.node("pool-cpu-1", cpu="8", memory="32880000Ki"), **dict(UBUNTU_KV, kubeletVersion="v1.33.4"))
    gpu = "pool-gpu-1"
    info(w.node(gpu, gpus=1, cpu="8", memory="65850000Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-L4", "pool": "gpu"}),
         **dict(UBUNTU_KV, kubeletVersion="v1.33.4"))
    plugin_ds(w, KS, [(gpu, "nvidia-device-plugin-daemonset-8q2wm")], "nvcr.io/nvidia/k8s-device-plugin:v0.17.4")
    deploy_pod(w, KS, "cluster-autoscaler-6f7d8c9b5", "cluster-autoscaler-6f7d8c9b5-x7k2p", "pool-cpu-1",
               containers=("cluster-autoscaler",), image="registry.k8s.io/autoscaling/cluster-autoscaler:v1.33.0",
               labels={"app": "cluster-autoscaler"})
    ns = "platform"
    tmpl = {"spec": {"containers": [{"name": "worker", "image": "ghcr.io/bayesimpact/gpu-workers:2026.9.2",
                                     "resources": {"limits": {"nvidia.com/gpu": "1"}}}], "tolerations": GPU_TOLERATION}}
    w.workload("Deployment", ns, "gpu-workers", template_pod=tmpl, revision="8",
               strategy={"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
               status={"replicas": 2, "updatedReplicas": 1, "readyReplicas": 1, "availableReplicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", ns, "gpu-workers-5c8d7f6b9", template_pod=tmpl, owner=("Deployment", "gpu-workers"), revision="7",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    w.workload("ReplicaSet", ns, "gpu-workers-7b9c5d8f6", template_pod=tmpl, owner=("Deployment", "gpu-workers"), revision="8",
               status={"replicas": 1})
    w.pod(ns, "gpu-workers-5c8d7f6b9-q2m7x", node=gpu, gpu=1, containers=("worker",), image="ghcr.io/bayesimpact/gpu-workers:2026.8.4",
          owner=("ReplicaSet", "gpu-workers-5c8d7f6b9"), tolerations=GPU_TOLERATION, labels={"app": "gpu-workers"})
    pod = "gpu-workers-7b9c5d8f6-n4x2k"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector. "
           "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("worker",), image="ghcr.io/bayesimpact/gpu-workers:2026.9.2", phase="Pending",
          owner=("ReplicaSet", "gpu-workers-7b9c5d8f6"), tolerations=GPU_TOLERATION, node_selector={"pool": "gpu"},
          labels={"app": "gpu-workers"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", "pod didn't trigger scale-up: 1 max node group size reached, "
            "1 node(s) didn't match Pod's node affinity/selector", type="Normal", component="cluster-autoscaler", count=9)
    w.target("Pod", ns, pod)


@case("fg004", "dgx_nodes_at_kubelet_pod_limit", pod_subj("jupyter-user-142-0", "kubeflow-user-142"),
      "On-prem Kubernetes v1.22 with three DGX A100 nodes (nvidia.com/gpu 8 each, pods capacity 110); two DGX nodes "
      "run 110 pods each (Kubeflow Pipelines ml-pipeline-ui / visualization-server pods of many user profiles, modelled "
      "as 110 small pods) with free GPUs; the third has all 8 GPUs requested; a notebook StatefulSet pod asking for "
      "nvidia.com/gpu 1 is Pending with the scheduler's Too many pods / Insufficient nvidia.com/gpu message "
      "(illustrative). The reporter's prose is NOT in the bundle. Names are illustrative.")
def _(w, t):
    w.git_version = "v1.22.9"
    kv = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-109-generic",
          "containerRuntimeVersion": "containerd://1.5.11", "kubeletVersion": "v1.22.9"}
    dgx = [f"dgx-a100-{i:02d}" for i in range(1, 4)]
    for n in dgx:
        info(w.node(n, gpus=8, cpu="256", memory="2113500000Ki", labels={"nvidia.com/gpu.present": "true",
                                                                          "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB"}), **kv)
    plugin_ds(w, KS, [(n, f"nvidia-device-plugin-daemonset-{i}k7q2") for i, n in enumerate(dgx)], "nvcr.io/nvidia/k8s-device-plugin:v0.11.0")
    for i, n in enumerate(dgx[:2]):
        for j in range(109):
            ns = f"kubeflow-user-{j:03d}"
            kind = "ml-pipeline-ui" if (i + j) % 2 else "ml-pipeline-visualizationserver"
            w.pod(ns, f"{kind}-{i}{j:03d}-6f8d7c9b5-x{j:03d}", node=n, gpu=0, containers=(kind,), cpu="10m", memory="70Mi",
                  image=f"gcr.io/ml-pipeline/{'frontend' if kind == 'ml-pipeline-ui' else 'visualization-server'}:1.8.2",
                  owner=("ReplicaSet", f"{kind}-{i}{j:03d}-6f8d7c9b5"))
    for j in range(8):
        w.pod(f"kubeflow-user-{200 + j}", f"jupyter-user-{200 + j}-0", node=dgx[2], gpu=1, containers=("notebook",),
              image="kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.8.0", owner=("StatefulSet", f"jupyter-user-{200 + j}"))
    ns, pod = "kubeflow-user-142", "jupyter-user-142-0"
    msg = ("0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 Too many pods. preemption: 0/3 nodes are available: "
           "3 No preemption victims found for incoming pod.")
    w.pod(ns, pod, gpu=1, containers=("notebook",), image="kubeflownotebookswg/jupyter-pytorch-cuda-full:v1.8.0", phase="Pending",
          owner=("StatefulSet", "jupyter-user-142"), labels={"notebook-name": "jupyter-user-142"}, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=11)
    w.target("Pod", ns, pod)


@case("fg005", "aks_4gpu_pool_no_capacity_in_region", pod_subj("crop-imaging-4gpu-0", "crop-imaging"),
      "AKS 1.22 (Canada Central) modelled with a system node (taint node.statcan.gc.ca/purpose=system), a 1-GPU user "
      "node (taint node.statcan.gc.ca/use=gpu, all GPUs requested) and the autoscaled 4-GPU pool at 0 nodes; "
      "cluster-autoscaler is AKS-managed (not a pod); the team's notebook pod (nvidia.com/gpu 4, tolerations for "
      "nvidia.com/gpu and node.statcan.gc.ca/use=gpu) is Pending; its NotTriggerScaleUp event carries the case's "
      "event with GitHub's markdown links removed and the reporter's line breaks joined by spaces; the "
      "FailedScheduling row is illustrative. Node names and counts are illustrative (the thread's cluster is larger).")
def _(w, t):
    w.git_version = "v1.22.6"
    kv = dict(AKS_KV, kubeletVersion="v1.22.6", osImage="Ubuntu 18.04.6 LTS", kernelVersion="5.4.0-1083-azure",
              containerRuntimeVersion="containerd://1.5.11+azure-2")
    info(w.node("aks-system-23456789-vmss000000", cpu="8", memory="32879000Ki", labels=aks_labels("system", "Standard_D8s_v3"),
                taints=[{"key": "node.statcan.gc.ca/purpose", "value": "system", "effect": "NoSchedule"}]), **kv)
    g1 = "aks-gpu1-34567890-vmss000000"
    info(w.node(g1, gpus=1, cpu="6", memory="115488836Ki", labels=aks_labels("gpu1", "Standard_NC6s_v3"),
                taints=[{"key": "node.statcan.gc.ca/use", "value": "gpu", "effect": "NoSchedule"}]), **kv)
    plugin_ds(w, KS, [(g1, "nvidia-device-plugin-daemonset-5kx7q")], "mcr.microsoft.com/oss/nvidia/k8s-device-plugin:v0.9.0")
    w.pod("other-team", "jupyter-gpu-0", node=g1, gpu=1, containers=("notebook",), image="k8scc01covidacr.azurecr.io/jupyterlab-cpu:v1",
          owner=("StatefulSet", "jupyter-gpu"), tolerations=GPU_TOLERATION + [{"key": "node.statcan.gc.ca/use", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    ns, pod = "crop-imaging", "crop-imaging-4gpu-0"
    unlinked = " ".join(l.strip() for l in t.splitlines())
    for link in ("node.statcan.gc.ca/purpose", "node.statcan.gc.ca/use", "data.statcan.gc.ca/classification",
                 "remediator.aks.microsoft.com/unschedulable", "nvidia.com/gpu"):
        unlinked = unlinked.replace(f"[{link}](http://{link})", link)
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had taint {node.statcan.gc.ca/purpose: system}, that the pod didn't tolerate."
    w.pod(ns, pod, gpu=4, cpu="20", memory="200Gi", containers=("notebook",), image="k8scc01covidacr.azurecr.io/jupyterlab-pytorch:v1",
          phase="Pending", owner=("StatefulSet", "crop-imaging-4gpu"), node_selector={"agentpool": "gpu4"}, scheduled_message=msg,
          tolerations=GPU_TOLERATION + [{"key": "node.statcan.gc.ca/use", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=40)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", unlinked, type="Normal", component="cluster-autoscaler", count=300)
    w.target("Pod", ns, pod)


# =============================================================================================
# node layer
# =============================================================================================

@case("fg006", "akash_gpu_marked_unhealthy_8gpu_pending", pod_subj("service-1-6c8f7d9b5-q2x7m", "eogo7cjtebo8fr0g9l1mfmo17j5r3efi"),
      "Akash provider (Kubernetes v1.28, kubespray-style) with a control-plane node and seven 8-GPU H100 nodes; six "
      "are fully requested by other leases, node4 has capacity nvidia.com/gpu 8 but allocatable 7 (one GPU marked "
      "unhealthy) and nothing running; nvdp-nvidia-device-plugin 0.15.0 (helm, namespace nvidia-device-plugin) is "
      "Running on every GPU node, node4's log ends with an illustrative 'device marked unhealthy' line and its kernel "
      "log with an illustrative Xid 94 line; the lease's 8-GPU pod is Pending with the case's two FailedScheduling "
      "rows (message columns) as events; its PVC is Bound now. Lease namespace shortened; names illustrative.")
def _(w, t):
    w.git_version = "v1.28.6"
    kv = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-117-generic",
          "containerRuntimeVersion": "containerd://1.7.13", "kubeletVersion": "v1.28.6"}
    info(w.node("node1", cpu="32", memory="131900000Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.15.0"
    gnodes = [f"node{i}" for i in range(2, 9)]
    plugins = []
    for n in gnodes:
        bad = n == "node4"
        info(w.node(n, gpus=8, allocatable=7 if bad else "same", cpu="224", memory="2113500000Ki",
                    labels={"nvidia.com/gpu.present": "true", "akash.network/capabilities.gpu.vendor.nvidia.model.h100": "true"}), **kv)
        plugins.append((n, f"nvdp-nvidia-device-plugin-{n}x7q"))
    plugin_ds(w, "nvidia-device-plugin", plugins, img, name="nvdp-nvidia-device-plugin", container="nvidia-device-plugin-ctr")
    w.log("nvidia-device-plugin", "nvdp-nvidia-device-plugin-node4x7q", "nvidia-device-plugin-ctr",
          HEALTHY_PLUGIN_LOG + "I0809 13:32:56.512233       1 health.go:159] XidCriticalError: Xid=94 on Device=GPU-c24840ec-8de1-83d5-b126-08000173ae32; marking device as unhealthy.\n"
          "I0809 13:32:56.512301       1 server.go:245] 'nvidia.com/gpu' device marked unhealthy: GPU-c24840ec-8de1-83d5-b126-08000173ae32\n")
    w.dmesg("node4", "[Fri Aug  9 13:32:56 2024] NVRM: Xid (PCI:0000:00:08): 94, pid='<unknown>', name=<unknown>, Contained: SM (0x1). RST: No, D-RST: No\n")
    for n in gnodes:
        if n != "node4":
            w.pod(f"lease-{n}", f"service-1-{n}-7d8c9b6f5-k2m4x", node=n, gpu=8, containers=("app",), image="vllm/vllm-openai:v0.5.3",
                  owner=("ReplicaSet", f"service-1-{n}-7d8c9b6f5"))
    ns, pod = "eogo7cjtebo8fr0g9l1mfmo17j5r3efi", "service-1-6c8f7d9b5-q2x7m"
    rows = t.splitlines()
    msgs = [_msg_after(r, "default-scheduler") for r in rows]
    w.ns_custom[("persistentvolumeclaims", ns)] = [{
        "apiVersion": "v1", "kind": "PersistentVolumeClaim", "metadata": {"name": "service-1-data", "namespace": ns},
        "spec": {"storageClassName": "beta3", "accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "500Gi"}}},
        "status": {"phase": "Bound"}}]
    w.pod(ns, pod, gpu=8, cpu="64", memory="512Gi", containers=("app",), image="vllm/vllm-openai:v0.5.3", phase="Pending",
          owner=("ReplicaSet", "service-1-6c8f7d9b5"), scheduled_message=msgs[1],
          node_selector={"akash.network/capabilities.gpu.vendor.nvidia.model.h100": "true"},
          volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": "service-1-data"}}])
    w.event(ns, "Pod", pod, "FailedScheduling", msgs[0], component="default-scheduler", count=1)
    w.event(ns, "Pod", pod, "FailedScheduling", msgs[1], component="default-scheduler", count=23)
    w.target("Pod", ns, pod)


@case("fg007", "kubelet_restart_gpu_marked_unhealthy", node_subj("gpu-worker-3"),
      "Kubernetes v1.25 (kubeadm-style) with a control-plane node and a 1-GPU worker (Tesla T4) right after a "
      "Kubernetes upgrade: the worker's kubelet restarted (node events 'Starting kubelet.' / NodeAllocatableEnforced), "
      "capacity nvidia.com/gpu 1 and allocatable 0; the nvdp DaemonSet pod on it is Running with 0 restarts and its "
      "log ends with illustrative unhealthy-device lines after the re-registration; a GPU Job pod is Pending with an "
      "Insufficient nvidia.com/gpu message (illustrative). The reporter's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.25.12"
    kv = {"osImage": "Ubuntu 22.04.2 LTS", "kernelVersion": "5.15.0-76-generic",
          "containerRuntimeVersion": "containerd://1.6.21", "kubeletVersion": "v1.25.12"}
    info(w.node("cp-1", cpu="4", memory="8141000Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "gpu-worker-3"
    info(w.node(node, gpus=1, allocatable=0, cpu="16", memory="65842000Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "Tesla-T4"}), **kv)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.14.1"
    plugin_ds(w, "nvdp", [(node, "nvdp-nvidia-device-plugin-h7k2w")], img, name="nvdp-nvidia-device-plugin",
              container="nvidia-device-plugin-ctr", log=None)
    w.log("nvdp", "nvdp-nvidia-device-plugin-h7k2w", "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG +
          "I0724 06:31:07.104522       1 main.go:202] inotify: /var/lib/kubelet/device-plugins/kubelet.sock created, restarting.\n"
          "I0724 06:31:07.215830       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
          "I0724 06:31:08.002718       1 health.go:159] XidCriticalError: Xid=999 on Device=GPU-5b1e6f4a-2c3d-4e5f-8a9b-0c1d2e3f4a5b; marking device as unhealthy.\n"
          "I0724 06:31:08.002790       1 server.go:245] 'nvidia.com/gpu' device marked unhealthy: GPU-5b1e6f4a-2c3d-4e5f-8a9b-0c1d2e3f4a5b\n")
    w.event("default", "Node", node, "Starting", "Starting kubelet.", type="Normal", component="kubelet", host=node)
    w.event("default", "Node", node, "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods", type="Normal",
            component="kubelet", host=node)
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }."
    w.pod(ML, "train-nightly-28193740-x4k2q", gpu=1, containers=("train",), image="nvcr.io/nvidia/pytorch:23.06-py3",
          phase="Pending", owner=("Job", "train-nightly-28193740"), scheduled_message=msg)
    w.event(ML, "Pod", "train-nightly-28193740-x4k2q", "FailedScheduling", msg, component="default-scheduler", count=8)
    w.target("Node", None, node)


@case("fg008", "mig_manager_deploy_label_after_mig_disabled", node_subj("gpu-a100-1"),
      "Kubernetes v1.26 on CentOS 7.9 (containerd) with GPU Operator v23.9.0 on an 8x A100 node; MIG was enabled and "
      "then disabled with nvidia.com/mig.config=all-disabled (mig.config.state success, mig.capable true, "
      "mig.strategy single); the node keeps nvidia.com/gpu.deploy.mig-manager=true and the MIG manager pod runs "
      "(waiting for label changes); nvidia.com/gpu 8 advertised and a GPU pod Running. The prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.26.9"
    node = "gpu-a100-1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-80GB", labels={
        "nvidia.com/gpu.deploy.mig-manager": "true", "nvidia.com/mig.capable": "true", "nvidia.com/mig.config": "all-disabled",
        "nvidia.com/mig.config.state": "success", "nvidia.com/mig.strategy": "single", "nvidia.com/cuda.driver.major": "535"})
    info(n, osImage="CentOS Linux 7 (Core)", kernelVersion="3.10.0-1160.el7.x86_64",
         containerRuntimeVersion="containerd://1.6.24", kubeletVersion="v1.26.9")
    img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.5.5-ubuntu20.04"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, labels={"app": "nvidia-mig-manager"})
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", "nvidia-mig-manager-7d2kx", node, containers=("nvidia-mig-manager",), image=img,
           labels={"app": "nvidia-mig-manager"}, runtime_class="nvidia")
    w.log(OPERATOR_NS, "nvidia-mig-manager-7d2kx", "nvidia-mig-manager",
          "time=\"2024-04-17T08:12:40Z\" level=info msg=\"Updating to MIG config: all-disabled\"\n"
          "MIG configuration applied successfully\n"
          "time=\"2024-04-17T08:13:02Z\" level=info msg=\"Successfuly updated to MIG config: all-disabled\"\n"
          "time=\"2024-04-17T08:13:02Z\" level=info msg=\"Waiting for change to 'nvidia.com/mig.config' label\"\n")
    w.pod(ML, "trainer-0", node=node, gpu=2, containers=("trainer",), image="nvcr.io/nvidia/pytorch:24.03-py3",
          owner=("StatefulSet", "trainer"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


@case("fg009", "aks_spot_gpu_pool_plugin_untolerated", node_subj("aks-gpuspot-41526374-vmss000000"),
      "AKS 1.29 with a system node and one node of the autoscaled Spot GPU pool gpuspot (Standard_NC6s_v3, taints "
      "type=gpu-spot:NoSchedule and kubernetes.azure.com/scalesetpriority=spot:NoSchedule, label "
      "kubernetes.azure.com/scalesetpriority=spot); the NVIDIA device plugin DaemonSet from the AKS GPU guide "
      "(namespace gpu-resources, toleration nvidia.com/gpu only) has no pod on it (desired 0); the node advertises no "
      "nvidia.com/gpu; a Kubeflow GPU job pod tolerating the Spot taints is Pending (Insufficient nvidia.com/gpu, "
      "illustrative). The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.29.4"
    kv = dict(AKS_KV, kubeletVersion="v1.29.4", kernelVersion="5.15.0-1066-azure", containerRuntimeVersion="containerd://1.7.15-1")
    info(w.node("aks-system-15263748-vmss000000", cpu="4", memory="16365848Ki", labels=aks_labels("system", "Standard_D4s_v3")), **kv)
    spot = "aks-gpuspot-41526374-vmss000000"
    labels = dict(aks_labels("gpuspot", "Standard_NC6s_v3"), **{"kubernetes.azure.com/scalesetpriority": "spot", "type": "gpu-spot",
                                                                "kubernetes.azure.com/accelerator": "nvidia"})
    info(w.node(spot, cpu="6", memory="115488836Ki", labels=labels,
                taints=[{"key": "type", "value": "gpu-spot", "effect": "NoSchedule"},
                        {"key": "kubernetes.azure.com/scalesetpriority", "value": "spot", "effect": "NoSchedule"}]), **kv)
    daemonset(w, "gpu-resources", "nvidia-device-plugin-daemonset", desired=0,
              containers=[("nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.15.0")],
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "nvidia-device-plugin-ds"})
    ns, pod = "kubeflow-user", "train-spot-worker-0"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector. "
           "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("train",), image="pytorch/pytorch:2.3.1-cuda12.1-cudnn8-runtime", phase="Pending",
          owner=("Job", "train-spot"), node_selector={"type": "gpu-spot"}, scheduled_message=msg,
          tolerations=[{"key": "type", "operator": "Equal", "value": "gpu-spot", "effect": "NoSchedule"},
                       {"key": "kubernetes.azure.com/scalesetpriority", "operator": "Equal", "value": "spot", "effect": "NoSchedule"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Node", None, spot)


# =============================================================================================
# plugin layer
# =============================================================================================

GFD_CONFIG_PREFIX = """I0524 15:35:55.517312       1 main.go:122] Starting OS watcher.
I0524 15:35:55.517547       1 main.go:127] Loading configuration.
"""


@case("fg010", "gke_standalone_gfd_no_nvml", node_subj("gke-ml-gpu-pool-3c1f9a2e-x7k2"),
      "GKE 1.27 (COS) with a T4 node pool: Google's driver installer and GKE's nvidia-gpu-device-plugin (kube-system) "
      "are Running and nvidia.com/gpu 1 is advertised; a standalone gpu-feature-discovery DaemonSet (namespace gfd, "
      "allowed by a ResourceQuota for its system-node-critical priority class) runs on the GPU node; its log ends with "
      "the case's two lines after illustrative startup lines; the node has no nvidia.com/gpu.* GFD labels.")
def _(w, t):
    w.git_version = "v1.27.3-gke.100"
    node = "gke-ml-gpu-pool-3c1f9a2e-x7k2"
    n = w.node(node, gpus=1, cpu="4", memory="15358588Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
               labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-nodepool": "gpu-pool",
                       "cloud.google.com/gke-gpu": "true", "node.kubernetes.io/instance-type": "n1-standard-4"})
    info(n, **dict(GKE_KV, kubeletVersion="v1.27.3-gke.100", kernelVersion="5.15.107+"))
    gke_plugin(w, node, "nvidia-gpu-device-plugin-large-cos-k2x7q")
    img = "nvcr.io/nvidia/gpu-feature-discovery:v0.8.0"
    daemonset(w, "gfd", "gpu-feature-discovery", desired=1, containers=[("gpu-feature-discovery", img)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "gpu-feature-discovery"})
    ds_pod(w, "gfd", "gpu-feature-discovery", "gpu-feature-discovery-m8q4z", node, containers=("gpu-feature-discovery",), image=img,
           labels={"app.kubernetes.io/name": "gpu-feature-discovery"}, tolerations=GPU_TOLERATION)
    w.log("gfd", "gpu-feature-discovery-m8q4z", "gpu-feature-discovery", GFD_CONFIG_PREFIX + t + "\n")
    w.pod(ML, "t4-infer-0", node=node, gpu=1, containers=("server",), owner=("StatefulSet", "t4-infer"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


@case("fg011", "openshift_scaleup_plugin_idle_without_nvml", node_subj("worker-gpu-1"),
      "OpenShift 4.4 (Kubernetes v1.17, RHCOS, CRI-O) with GPU Operator 1.0 on two GPU workers: worker-gpu-0 is fully "
      "set up (nvidia.com/gpu 1); worker-gpu-1 was added by a scale-up: its driver and toolkit pods are Running now, "
      "but its device-plugin pod started before them, shows Running/Ready with 0 restarts and its log is the case's "
      "five lines; worker-gpu-1 advertises no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.17.1"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 44.81.202005062110-0 (Ootpa)", "kernelVersion": "4.18.0-147.8.1.el8_1.x86_64",
          "containerRuntimeVersion": "cri-o://1.17.4-12.dev.rhaos4.4.git2be4d9c.el8", "kubeletVersion": "v1.17.1"}
    for name in ("worker-gpu-0", "worker-gpu-1"):
        n = w.gpu_node(name, gpus=1, product="Tesla-T4", memory_mib=15109, labels={"node-role.kubernetes.io/worker": ""})
        info(n, **kv)
    n1 = w.get_node("worker-gpu-1")
    drop_gpu_resource(n1)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory"):
        n1["metadata"]["labels"].pop(k, None)
    w.log(OPERATOR_NS, w.stack("worker-gpu-1", "device-plugin"), "nvidia-device-plugin", t)
    w.pod(ML, "render-0", node="worker-gpu-0", gpu=1, containers=("render",), owner=("StatefulSet", "render"), tolerations=GPU_TOLERATION)
    w.target("Node", None, "worker-gpu-1")


@case("fg012", "gpu_manager_allocate_device_mismatch", pod_subj("tencent-gpu-test-app-time-cost-7fc956cd5f-2f98c", "danlu-efficiency"),
      "Kubernetes v1.14 (docker) with GTX 1080 Ti nodes; tkestack gpu-manager DaemonSet (kube-system, resources "
      "tencent.com/vcuda-core 800 / vcuda-memory 176 per node) and the gpu-admission scheduler extender; the pod "
      "(vcuda-core 20, vcuda-memory 10) carries the extender's annotations (predicate-node ai-1080ti-25, predicate "
      "GPU index 0) and is Failed at admission with the case's Reason and Message as its status; a kubelet "
      "UnexpectedAdmissionError event carries the same message.")
def _(w, t):
    w.git_version = "v1.14.3"
    node = "ai-1080ti-25"
    n = w.node(node, cpu="40", memory="263842000Ki", labels={"nvidia-device-enable": "enable"})
    for k, v in (("tencent.com/vcuda-core", "800"), ("tencent.com/vcuda-memory", "176")):
        n["status"]["capacity"][k] = v
        n["status"]["allocatable"][k] = v
    info(n, osImage="CentOS Linux 7 (Core)", kernelVersion="3.10.0-957.el7.x86_64",
         containerRuntimeVersion="docker://18.9.7", kubeletVersion="v1.14.3")
    img = "tkestack/gpu-manager:1.1.0"
    daemonset(w, KS, "gpu-manager-daemonset", desired=1, containers=[("gpu-manager", img)], labels={"name": "gpu-manager-ds"})
    ds_pod(w, KS, "gpu-manager-daemonset", "gpu-manager-daemonset-9k2xq", node, containers=("gpu-manager",), image=img,
           labels={"name": "gpu-manager-ds"})
    deploy_pod(w, KS, "gpu-admission-6b8d7c9f5", "gpu-admission-6b8d7c9f5-x2k7m", node, containers=("gpu-admission",),
               image="tkestack/gpu-admission:v0.1.0", labels={"app": "gpu-admission"})
    ns, pod = "danlu-efficiency", "tencent-gpu-test-app-time-cost-7fc956cd5f-2f98c"
    lines = t.splitlines()
    reason = lines[1].split(":", 1)[1].strip()
    message = lines[2].split(":", 1)[1].strip()
    p = w.pod(ns, pod, node=node, gpu=20, resource="tencent.com/vcuda-core", containers=("tencent-gpu-test-app-time-cost",),
              image="xxx:gpu-test-app-time-cost", phase="Failed", reason=reason, message=message,
              owner=("ReplicaSet", "tencent-gpu-test-app-time-cost-7fc956cd5f"), labels={"app": "tencent-gpu-test-app-time-cost"})
    c = p["spec"]["containers"][0]["resources"]
    c["limits"]["tencent.com/vcuda-memory"] = "10"
    c["requests"]["tencent.com/vcuda-memory"] = "10"
    annotate(p, **{"tencent.com/gpu-assigned": "false", "tencent.com/predicate-gpu-idx-0": "0",
                   "tencent.com/predicate-node": node, "tencent.com/predicate-time": "1598447456624461570"})
    failed_admission(p)
    w.event(ns, "Pod", pod, "UnexpectedAdmissionError", message, component="kubelet", host=node)
    w.target("Pod", ns, pod)


def _dra_kubelet_plugin(w, ns: str, ds: str, node: str | None, image: str, desired: int | None = None, affinity=None) -> str | None:
    daemonset(w, ns, ds, desired=(1 if node else 0) if desired is None else desired, containers=[("gpus", image)],
              tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, affinity=affinity)
    if not node:
        return None
    pod = f"{ds}-q7x2k"
    ds_pod(w, ns, ds, pod, node, containers=("gpus",), image=image, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    return pod


def _claim(ns: str, name: str, pod: str, opaque: dict | None = None, allocated_node: str | None = None) -> dict:
    req = {"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}
    spec: dict = {"devices": {"requests": [req]}}
    if opaque:
        spec["devices"]["config"] = [{"requests": ["gpu"], "opaque": {"driver": "gpu.nvidia.com", "parameters": opaque}}]
    status: dict = {}
    if allocated_node:
        status = {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com", "pool": allocated_node,
                                                          "device": "gpu-0"}]},
                                 "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [{"key": "metadata.name", "operator": "In",
                                                                                          "values": [allocated_node]}]}]}},
                  "reservedFor": [{"resource": "pods", "name": pod}]}
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": name, "namespace": ns},
            "spec": spec, "status": status}


MPS_OPAQUE = {"apiVersion": "resource.nvidia.com/v1beta1", "kind": "GpuConfig",
              "sharing": {"strategy": "MPS", "mpsConfig": {"defaultActiveThreadPercentage": 50}}}


@case("fg013", "openshift_dra_mps_daemon_refused_by_scc", pod_subj("test-pod", "gpu-test-mps"),
      "OpenShift 4.19 (Kubernetes v1.32) with one GPU worker (A100, GPU Operator driver; GPUs published by the NVIDIA "
      "DRA driver's gpu kubelet plugin, which is Running); namespace gpu-test-mps holds test-pod (scheduled, "
      "ContainerCreating) with an allocated MPS ResourceClaim and a kubelet FailedPrepareDynamicResources event "
      "(illustrative wording); in the driver namespace the MPS control-daemon Deployment has 0 ready replicas and a "
      "ReplicaFailure condition whose message is the case's folded YAML value unfolded (its tail beyond the quoted "
      "lines completed illustratively), and its ReplicaSet a FailedCreate event with that message.")
def _(w, t):
    w.git_version = "v1.32.6"
    node = "host-10-34-1-174"
    n = w.node(node, cpu="64", memory="527938872Ki", labels={"node-role.kubernetes.io/worker": "", "nvidia.com/gpu.present": "true",
                                                             "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB",
                                                             "feature.node.kubernetes.io/pci-10de.present": "true"})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 9.6.20250701-0 (Plow)", kernelVersion="5.14.0-570.25.1.el9_6.x86_64",
         containerRuntimeVersion="cri-o://1.32.6-2.rhaos4.19.git2b4d2c1.el9", kubeletVersion="v1.32.6")
    dns = "nvidia-dra-driver-gpu"
    _dra_kubelet_plugin(w, dns, "nvidia-dra-driver-gpu-kubelet-plugin", node, "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0")
    folded = "\n".join(t.splitlines())
    value = folded.split("message: '", 1)[1]
    value = " ".join(part.strip() for part in value.splitlines())
    value += (' value: "hostPath": hostPath volumes are not allowed to be used, provider "hostnetwork-v2": Forbidden: not usable '
              'by user or serviceaccount, provider "privileged": Forbidden: not usable by user or serviceaccount]')
    daemon = "mps-control-daemon-f640e7a8-79d3-4457-9b40-cfcee05c19b4-79614"
    tmpl = {"spec": {"hostPID": True, "containers": [{"name": "mps-control-daemon", "image": "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0"}]}}
    w.workload("Deployment", dns, daemon, template_pod=tmpl, status={
        "replicas": 0, "unavailableReplicas": 1,
        "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                        "message": "Deployment does not have minimum availability.", "lastTransitionTime": T1},
                       {"type": "ReplicaFailure", "status": "True", "reason": "FailedCreate", "message": value,
                        "lastTransitionTime": T1}]})
    w.workload("ReplicaSet", dns, f"{daemon}-64fdb4c886", template_pod=tmpl, owner=("Deployment", daemon), status={"replicas": 0})
    w.event(dns, "ReplicaSet", f"{daemon}-64fdb4c886", "FailedCreate", "Error creating: " + value, component="replicaset-controller", count=19)
    ns, pod = "gpu-test-mps", "test-pod"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "test-pod-shared-gpu-x7k2q", pod, MPS_OPAQUE, node)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("mps-ctr0",), image="nvcr.io/nvidia/k8s/cuda-sample:nbody-cuda11.6.0-ubuntu18.04",
              phase="Pending", ready=False, labels={"app": "pod"},
              statuses={"mps-ctr0": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "shared-gpu", "resourceClaimName": "test-pod-shared-gpu-x7k2q"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "shared-gpu"}]
    annotate(p, **{"openshift.io/scc": "anyuid"})
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            "Failed to prepare dynamic resources: NodePrepareResources failed for claim gpu-test-mps/test-pod-shared-gpu-x7k2q: "
            "error preparing devices for claim: prepare devices failed: error applying GPU config: "
            "timed out waiting for the MPS control daemon deployment to become ready", component="kubelet", host=node, count=7)
    w.target("Pod", ns, pod)


@case("fg014", "dra_mps_daemon_rbac_forbidden", pod_subj("mps-gpu-7bbd549f7b-z2vgr", "lab"),
      "Kubernetes v1.32 (containerd) with one GPU node published through the NVIDIA DRA driver (namespace nvidia-dra, "
      "helm release nvidia-dra; kubelet plugin Running); its ClusterRole lacks the deployments/pods/jobs rules "
      "(custom resource clusterroles as collected); Deployment mps-gpu's pod in namespace lab is scheduled and "
      "ContainerCreating with an allocated MPS ResourceClaim; its kubelet FailedPrepareDynamicResources event is the "
      "case's row (message column).")
def _(w, t):
    w.git_version = "v1.32.1"
    node = "gpu-node-7"
    n = w.node(node, cpu="48", memory="263842000Ki", labels={"nvidia.com/gpu.present": "true",
                                                             "nvidia.com/gpu.product": "NVIDIA-L40S",
                                                             "feature.node.kubernetes.io/pci-10de.present": "true"})
    info(n, **dict(UBUNTU_KV, kubeletVersion="v1.32.1"))
    _dra_kubelet_plugin(w, "nvidia-dra", "nvidia-dra-k8s-dra-driver-kubelet-plugin", node, "nvcr.io/nvidia/k8s-dra-driver:v0.1.0-dev")
    w.custom["clusterroles.rbac.authorization.k8s.io"] = [{
        "apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "nvidia-dra-k8s-dra-driver-role"},
        "rules": [{"apiGroups": ["resource.k8s.io"], "resources": ["resourceclaims", "resourceslices", "deviceclasses"],
                   "verbs": ["get", "list", "watch", "create", "update", "delete"]},
                  {"apiGroups": [""], "resources": ["nodes"], "verbs": ["get", "list", "watch"]}]}]
    ns, pod = "lab", "mps-gpu-7bbd549f7b-z2vgr"
    msg = _msg_after(t, "kubelet")
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "mps-gpu-7bbd549f7b-z2vgr-mps-gpus-k6kf5", pod, MPS_OPAQUE, node)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("mps-ctr",), image="nvcr.io/nvidia/k8s/cuda-sample:nbody-cuda11.6.0-ubuntu18.04",
              phase="Pending", ready=False, owner=("ReplicaSet", "mps-gpu-7bbd549f7b"),
              statuses={"mps-ctr": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "mps-gpus", "resourceClaimName": "mps-gpu-7bbd549f7b-z2vgr-mps-gpus-k6kf5"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "mps-gpus"}]
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources", msg, component="kubelet", host=node, count=3)
    w.target("Pod", ns, pod)


def _rename_stack_pod(w, node: str, role: str, new: str) -> None:
    old = w.stack(node, role)
    p = w.get_pod(OPERATOR_NS, old)
    p["metadata"]["name"] = new
    w._stack[(node, role)] = new
    for key in [k for k in w.logs if k[1] == old]:
        w.logs[(key[0], new, key[2], key[3])] = w.logs.pop(key)


@case("fg015", "openshift_dgx_mig_mode_before_operator", node_subj("dgxa100"),
      "OpenShift 4.9 (RHCOS 49.84) with the GPU Operator on a DGX A100 (8 GPUs) already in MIG mode: driver, toolkit, "
      "DCGM, dcgm-exporter and node-status-exporter Running; no nvidia.com/gpu.deploy.mig-manager label, so the "
      "nvidia-mig-manager DaemonSet has desired 0; the device-plugin and GFD pods crash-loop (exit code 1, restarts 6, "
      "logs not quoted in the thread), the operator validator waits in Init and the CUDA validator is in "
      "Init:CrashLoopBackOff; the node advertises no nvidia.com/gpu; pod names, restarts and ages as the case's rows.")
def _(w, t):
    w.git_version = "v1.22.1"
    node = "dgxa100"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-40GB", memory_mib=40536, labels={"node-role.kubernetes.io/worker": ""})
    info(n, osImage="Red Hat Enterprise Linux CoreOS 49.84.202110142155-0 (Ootpa)", kernelVersion="4.18.0-305.19.1.el8_4.x86_64",
         containerRuntimeVersion="cri-o://1.22.0-74.rhaos4.9.gitd745cab.el8", kubeletVersion="v1.22.1")
    drop_gpu_resource(n)
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory"):
        n["metadata"]["labels"].pop(k, None)
    n["metadata"]["labels"]["nvidia.com/mig.capable"] = "true"
    rows = {line.split()[0]: line.split() for line in t.splitlines()}
    for role, prefix in (("driver", "nvidia-driver-daemonset-"), ("toolkit", "nvidia-container-toolkit-daemonset-"),
                         ("device-plugin", "nvidia-device-plugin-daemonset-"), ("gfd", "gpu-feature-discovery-")):
        _rename_stack_pod(w, node, role, next(k for k in rows if k.startswith(prefix)))
    dp, gfd, val = (w.stack(node, r) for r in ("device-plugin", "gfd", "validator"))
    for name, role, ctr in ((dp, "device-plugin", "nvidia-device-plugin"), (gfd, "gfd", "gpu-feature-discovery")):
        p = w.get_pod(OPERATOR_NS, name)
        p["status"]["containerStatuses"][0].update(crashing(ctr, restarts=6)[ctr])
        p["status"]["phase"] = "Running"
        for c in p["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "False"
        w.logs.pop((OPERATOR_NS, name, ctr, False), None)
    vp = w.get_pod(OPERATOR_NS, val)
    vp["status"]["phase"] = "Pending"
    vp["status"]["containerStatuses"][0].update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for s in vp["status"]["initContainerStatuses"]:
        if s["name"] in ("cuda-validation", "plugin-validation"):
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    w.logs.pop((OPERATOR_NS, val, "cuda-validation", False), None)
    cuda = "nvidia-cuda-validator-xnppb"
    w.pod(OPERATOR_NS, cuda, node=node, gpu=1, containers=("nvidia-cuda-validator",), init_containers=("cuda-validation",),
          phase="Pending", owner=None, labels={"app": "nvidia-cuda-validator"}, runtime_class="nvidia",
          init_statuses={"cuda-validation": crashing("cuda-validation", restarts=5)["cuda-validation"]},
          statuses={"nvidia-cuda-validator": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}})
    for role, app, ctr in (("dcgm", "nvidia-dcgm", "nvidia-dcgm-ctr"), ("dcgm-exporter", "nvidia-dcgm-exporter", "nvidia-dcgm-exporter"),
                           ("nse", "nvidia-node-status-exporter", "nvidia-node-status-exporter")):
        pname = next(k for k in rows if k.startswith(app + "-") and k.count("-") == app.count("-") + 1)
        daemonset(w, OPERATOR_NS, app, desired=1, containers=[(ctr, f"nvcr.io/nvidia/cloud-native/{app}:v1.9.0")], labels={"app": app})
        ds_pod(w, OPERATOR_NS, app, pname, node, containers=(ctr,), labels={"app": app})
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=0, containers=[("nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.2.0-ubi8")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, labels={"app": "nvidia-mig-manager"})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-55f6c8c764", "gpu-operator-55f6c8c764-g82h9", node, containers=("gpu-operator",),
               image="nvcr.io/nvidia/gpu-operator:v1.9.0", labels={"app": "gpu-operator"})
    w.target("Node", None, node)


@case("fg016", "gke_dra_kubelet_plugin_critical_quota", pod_subj("llama-l4-0", "modelplane"),
      "GKE Standard 1.33 with one L4 node (cloud.google.com/gke-accelerator nvidia-l4, GKE device plugin disabled for "
      "DRA with gke-gpu-driver-version latest, NFD label feature.node.kubernetes.io/pci-0302_10de.present); the DRA "
      "driver's controller runs but its kubelet-plugin DaemonSet (priorityClassName system-node-critical) has desired "
      "1, current 0, and a FailedCreate event whose message is the case's text after 'FailedCreate: ' (prefixed "
      "'Error creating: '); no ResourceQuota in the namespace; the model server pod with a ResourceClaim is Pending "
      "(scheduler wording illustrative).")
def _(w, t):
    w.git_version = "v1.33.2-gke.1240000"
    node = "gke-mp-l4-pool-9f8e7d6c-2x7k"
    n = w.node(node, cpu="8", memory="32880000Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
               labels={"cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-gpu-driver-version": "latest",
                       "cloud.google.com/gke-nodepool": "l4-pool", "node.kubernetes.io/instance-type": "g2-standard-8",
                       "nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-0302_10de.present": "true"})
    info(n, **dict(GKE_KV, kubeletVersion="v1.33.2-gke.1240000", kernelVersion="6.6.87+"))
    info(w.node("gke-mp-default-pool-1a2b3c4d-q7x2", cpu="4", memory="16393000Ki",
                labels={"cloud.google.com/gke-nodepool": "default-pool"}), **dict(GKE_KV, kubeletVersion="v1.33.2-gke.1240000"))
    dns = "dra-driver-nvidia-gpu"
    img = "registry.k8s.io/dra-driver-nvidia/dra-driver-nvidia-gpu:v25.8.0"
    ds = daemonset(w, dns, "dra-driver-nvidia-gpu-kubelet-plugin", desired=1, current=0, containers=[("gpus", img)],
                   tolerations=GPU_TOLERATION, labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu"})
    ds["spec"]["template"]["spec"]["priorityClassName"] = "system-node-critical"
    deploy_pod(w, dns, "dra-driver-nvidia-gpu-controller-6c8d7f9b5", "dra-driver-nvidia-gpu-controller-6c8d7f9b5-m2x7q",
               "gke-mp-default-pool-1a2b3c4d-q7x2", containers=("controller",), image=img,
               labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu-controller"})
    reason, message = t.split(": ", 1)
    w.event(dns, "DaemonSet", "dra-driver-nvidia-gpu-kubelet-plugin", reason, "Error creating: " + message,
            component="daemonset-controller", count=14)
    ns, pod = "modelplane", "llama-l4-0"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "llama-l4-0-gpu-k2x7q", pod)]
    msg = "0/2 nodes are available: 2 cannot allocate all claims. still not schedulable, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."
    p = w.pod(ns, pod, gpu=0, containers=("vllm",), image="vllm/vllm-openai:v0.10.1", phase="Pending", owner=("StatefulSet", "llama-l4"),
              tolerations=GPU_TOLERATION, scheduled_message=msg,
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "llama-l4-0-gpu-k2x7q"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=21)
    w.target("Pod", ns, pod)


DRA_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/pci-10de.present", "operator": "In", "values": ["true"]}]},
    {"matchExpressions": [{"key": "feature.node.kubernetes.io/cpu-model.vendor_id", "operator": "In", "values": ["NVIDIA"]}]},
    {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}


@case("fg017", "dra_kubelet_plugin_upstream_nfd_labels", pod_subj("sim-worker-0", "research"),
      "Kubernetes v1.34 with two GPU nodes (RTX 6000 Ada, host driver and toolkit) labelled by upstream NFD v0.18 "
      "(feature.node.kubernetes.io/pci-0302_10de.present / pci-0300_10de.present, NFD master and workers Running); "
      "the standalone NVIDIA DRA driver chart's kubelet-plugin DaemonSet carries the chart's default node affinity "
      "(pci-10de / cpu vendor NVIDIA / nvidia.com/gpu.present) and has desired 0; the controller runs; a pod with a "
      "ResourceClaim for gpu.nvidia.com is Pending (scheduler wording illustrative). The issue prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.34.1"
    nodes = ["ws-gpu-01", "ws-gpu-02"]
    for i, n in enumerate(nodes):
        info(w.node(n, cpu="64", memory="263842000Ki",
                    labels={f"feature.node.kubernetes.io/pci-0{'302' if i == 0 else '300'}_10de.present": "true",
                            "feature.node.kubernetes.io/cpu-model.vendor_id": "AMD"}), **dict(UBUNTU_KV, kubeletVersion="v1.34.1"))
    info(w.node("cp-01", cpu="8", memory="32880000Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **dict(UBUNTU_KV, kubeletVersion="v1.34.1"))
    img = "registry.k8s.io/nfd/node-feature-discovery:v0.18.0"
    deploy_pod(w, "node-feature-discovery", "nfd-master-6d8f7c9b5d", "nfd-master-6d8f7c9b5d-q7x2m", "cp-01", containers=("master",),
               image=img, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
    daemonset(w, "node-feature-discovery", "nfd-worker", desired=2, containers=[("worker", img)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    for i, n in enumerate(nodes):
        ds_pod(w, "node-feature-discovery", "nfd-worker", f"nfd-worker-{'kz4tp' if i == 0 else 'h8w2n'}", n, containers=("worker",),
               image=img, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    dns = "nvidia-dra-driver-gpu"
    dimg = "registry.k8s.io/dra-driver-nvidia/dra-driver-nvidia-gpu:v25.12.0"
    _dra_kubelet_plugin(w, dns, "nvidia-dra-driver-gpu-kubelet-plugin", None, dimg, desired=0, affinity=DRA_AFFINITY)
    deploy_pod(w, dns, "nvidia-dra-driver-gpu-controller-7b9c5d8f6", "nvidia-dra-driver-gpu-controller-7b9c5d8f6-x2k4q", "cp-01",
               containers=("compute-domain",), image=dimg, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu-controller"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}])
    ns, pod = "research", "sim-worker-0"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "sim-worker-0-gpu-m4x7p", pod)]
    msg = "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 cannot allocate all claims. still not schedulable, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
    p = w.pod(ns, pod, gpu=0, containers=("sim",), image="nvcr.io/nvidia/pytorch:25.09-py3", phase="Pending",
              owner=("StatefulSet", "sim-worker"), scheduled_message=msg,
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "sim-worker-0-gpu-m4x7p"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=16)
    w.target("Pod", ns, pod)


@case("fg018", "eksctl_device_plugin_skips_al2023_gpu_nodes", node_subj("ip-192-168-44-201.us-west-2.compute.internal"),
      "EKS 1.32 with a core node group (AL2023, m5) and a GPU node group upgraded to the AL2023 NVIDIA AMI (g4dn.xlarge, "
      "taint nvidia.com/gpu=present); the eksctl-managed nvidia-device-plugin-daemonset (kube-system) keeps a node "
      "affinity on an AL2-era label the AL2023 GPU nodes do not carry (modelled as eks.amazonaws.com/nodegroup-image "
      "In [amazon-eks-gpu-node-*], judgement), so it has desired 0; the GPU node advertises no nvidia.com/gpu; a "
      "JupyterHub GPU user server is Pending (Insufficient nvidia.com/gpu, illustrative). The PR prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.32.9-eks-113cf36"
    kv = dict(EKS_KV, kubeletVersion="v1.32.9-eks-113cf36")
    info(w.node("ip-192-168-12-34.us-west-2.compute.internal", cpu="4", memory="15896788Ki",
                labels=eks_labels("m5.xlarge", "core-b", "us-west-2a")), **kv)
    gpu = "ip-192-168-44-201.us-west-2.compute.internal"
    labels = dict(eks_labels("g4dn.xlarge", "nb-gpu-t4-b", "us-west-2b"), **{"k8s.amazonaws.com/accelerator": "nvidia-tesla-t4"})
    info(w.node(gpu, cpu="4", memory="15896788Ki", labels=labels,
                taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]),
         **dict(kv, osImage="Amazon Linux 2023.9.20251014", kernelVersion="6.12.46-66.121.amzn2023.x86_64",
                containerRuntimeVersion="containerd://2.1.4"))
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=0,
              containers=[("nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.17.1")], tolerations=GPU_TOLERATION,
              labels={"name": "nvidia-device-plugin-ds"},
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "eks.amazonaws.com/nodegroup-image", "operator": "In",
                                         "values": ["amazon-eks-gpu-node-1.32-v20251014"]}]}]}}})
    ns, pod = "prod", "jupyter-researcher-7"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector. "
           "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.")
    w.pod(ns, pod, gpu=1, containers=("notebook",), image="quay.io/jupyter/pytorch-notebook:cuda12-2025-10-20", phase="Pending",
          labels={"component": "singleuser-server"}, node_selector={"node.kubernetes.io/instance-type": "g4dn.xlarge"},
          tolerations=GPU_TOLERATION, scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Node", None, gpu)


@case("fg022", "gke_dra_mps_daemon_chroot_no_shell", pod_subj("test-pod", "gpu-test-mps"),
      "GKE 1.33 (UBUNTU_CONTAINERD) with one T4 node: Google's nvidia-driver-installer DaemonSet (kube-system) Running, "
      "GKE's device plugin disabled for DRA; the NVIDIA DRA driver (namespace nvidia, nvidiaDriverRoot the GKE driver "
      "directory) kubelet plugin Running; the MPS control-daemon Deployment's pod is in CrashLoopBackOff and its "
      "previous log is the case's line; the quickstart test-pod is scheduled, ContainerCreating, with an allocated MPS "
      "claim and a kubelet FailedPrepareDynamicResources event (illustrative wording).")
def _(w, t):
    w.git_version = "v1.33.2-gke.1240000"
    node = "gke-kasiak-gpu-pool-6a973d4a-x2k7"
    n = w.node(node, cpu="4", memory="15358588Ki", taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
               labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-gpu-driver-version": "disabled",
                       "cloud.google.com/gke-nodepool": "gpu-pool", "nvidia.com/gpu.present": "true"})
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1022-gke", containerRuntimeVersion="containerd://1.7.27",
         kubeletVersion="v1.33.2-gke.1240000")
    daemonset(w, KS, "nvidia-driver-installer", desired=1, containers=[("pause", "gke.gcr.io/pause:3.8@sha256:880e63f94b145e46f1b1082bb71b85e21f16b99b180b9996407d61240ceb9830")],
              init_containers=[("nvidia-driver-installer", "gke.gcr.io/ubuntu-nvidia-driver-installer:fixed")], labels={"k8s-app": "nvidia-driver-installer"},
              tolerations=[{"operator": "Exists"}])
    ds_pod(w, KS, "nvidia-driver-installer", "nvidia-driver-installer-q7x2k", node, containers=("pause",), labels={"k8s-app": "nvidia-driver-installer"})
    dns = "nvidia"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"
    _dra_kubelet_plugin(w, dns, "nvidia-dra-driver-gpu-kubelet-plugin", node, img)
    daemon = "mps-control-daemon-d8478efa-5c09-461d-b7b9-f59f320396a8"
    tmpl = {"spec": {"containers": [{"name": "mps-control-daemon", "image": img}]}}
    w.workload("Deployment", dns, daemon, template_pod=tmpl, status={"replicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", dns, f"{daemon}-5cv5n", template_pod=tmpl, owner=("Deployment", daemon), status={"replicas": 1})
    mp = f"{daemon}-5cv5nr8"
    w.pod(dns, mp, node=node, gpu=0, containers=("mps-control-daemon",), phase="Running", ready=False,
          owner=("ReplicaSet", f"{daemon}-5cv5n"), statuses=crashing("mps-control-daemon", code=127, restarts=11))
    for c in w.get_pod(dns, mp)["spec"]["containers"]:
        c["image"] = img
    w.log(dns, mp, "mps-control-daemon", t, previous=True)
    ns, pod = "gpu-test-mps", "test-pod"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "test-pod-shared-gpu-q2m7x", pod, MPS_OPAQUE, node)]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("mps-ctr0", "mps-ctr1"), image="nvcr.io/nvidia/k8s/cuda-sample:nbody-cuda11.6.0-ubuntu18.04",
              phase="Pending", ready=False, labels={"app": "pod"}, tolerations=GPU_TOLERATION,
              statuses={c: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0} for c in ("mps-ctr0", "mps-ctr1")},
              extra_spec={"resourceClaims": [{"name": "shared-gpu", "resourceClaimName": "test-pod-shared-gpu-q2m7x"}]})
    for c in p["spec"]["containers"]:
        c.setdefault("resources", {})["claims"] = [{"name": "shared-gpu"}]
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            "Failed to prepare dynamic resources: NodePrepareResources failed for claim gpu-test-mps/test-pod-shared-gpu-q2m7x: "
            "error preparing devices for claim: prepare devices failed: error applying GPU config: MPS control daemon did not become ready",
            component="kubelet", host=node, count=9)
    w.target("Pod", ns, pod)


# =============================================================================================
# healthy look-alikes (plugin layer)
# =============================================================================================

@case("fg019", "gfd_mixed_mig_label_prefix", node_subj("a100-node6"),
      "DeepOps 20.12 (kubespray, Kubernetes v1.18) with an 8x A100 40GB node in MIG mode (each GPU split into two "
      "3g.20gb instances), device plugin and GFD deployed by DeepOps with mig-strategy mixed; the node's labels are "
      "the case's nvidia.com/mig-3g.21gb.* lines and nvidia.com/mig.strategy=mixed, capacity and allocatable "
      "nvidia.com/mig-3g.20gb 16, nothing allocated (the last rows of the case).")
def _(w, t):
    w.git_version = "v1.18.9"
    node = "a100-node6"
    n = w.node(node, gpus=16, resource="nvidia.com/mig-3g.20gb", cpu="256", memory="1056000000Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "A100-SXM4-40GB", "nvidia.com/gpu.count": "8"})
    for line in t.splitlines()[1:]:
        s = line.strip()
        if "=" in s and not s.startswith("$"):
            k, v = s.split("=", 1)
            n["metadata"]["labels"][k] = v
    info(n, osImage="Ubuntu 18.04.5 LTS", kernelVersion="4.15.0-128-generic", containerRuntimeVersion="docker://19.3.14",
         kubeletVersion="v1.18.9")
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.7.3"
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-1608843620-q7x2k")], img, name="nvidia-device-plugin-1608843620",
              log=HEALTHY_PLUGIN_LOG.replace("nvidia.com/gpu", "nvidia.com/mig-3g.20gb"))
    gimg = "nvcr.io/nvidia/gpu-feature-discovery:v0.3.0"
    daemonset(w, KS, "gpu-feature-discovery", desired=1, containers=[("gpu-feature-discovery", gimg)],
              labels={"app.kubernetes.io/name": "gpu-feature-discovery"})
    ds_pod(w, KS, "gpu-feature-discovery", "gpu-feature-discovery-m2x7k", node, containers=("gpu-feature-discovery",), image=gimg,
           labels={"app.kubernetes.io/name": "gpu-feature-discovery"})
    w.log(KS, "gpu-feature-discovery-m2x7k", "gpu-feature-discovery", HEALTHY_GFD_LOG)
    w.target("Node", None, node)


@case("fg020", "time_slicing_rename_flag_misplaced", node_subj("gpu-pool-a-3"),
      "Kubernetes v1.31 with two GPU nodes (1x L40S each) and the NVIDIA device plugin 0.17.4 (helm, kube-system) using "
      "the time-slicing ConfigMap time-slicing-config (replicas 16384, renameByDefault and failRequestsGreaterThanOne "
      "placed under flags); the plugin log's printed config shows sharing.timeSlicing with the nvidia.com/gpu resource "
      "and no rename; the nodes advertise nvidia.com/gpu 16384 and GFD labels gpu.replicas=16384, "
      "sharing-strategy=time-slicing, product without -SHARED; several pods run with VRAM-sized slices. The prose is "
      "NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.31.6"
    nodes = ["gpu-pool-a-3", "gpu-pool-a-4"]
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.4"
    plog = ("I1001 09:12:40.100000       1 main.go:356] \nRunning with config:\n{\n  \"version\": \"v1\",\n  \"flags\": {\n"
            "    \"migStrategy\": \"none\",\n    \"failOnInitError\": true\n  },\n  \"resources\": {\n    \"gpus\": [\n"
            "      {\n        \"pattern\": \"*\",\n        \"name\": \"nvidia.com/gpu\"\n      }\n    ]\n  },\n  \"sharing\": {\n"
            "    \"timeSlicing\": {\n      \"resources\": [\n        {\n          \"name\": \"nvidia.com/gpu\",\n"
            "          \"devices\": \"all\",\n          \"replicas\": 16384\n        }\n      ]\n    }\n  }\n}\n" + HEALTHY_PLUGIN_LOG)
    for n in nodes:
        info(w.node(n, gpus=16384, cpu="64", memory="527938872Ki",
                    labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-L40S", "nvidia.com/gpu.count": "1",
                            "nvidia.com/gpu.replicas": "16384", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                            "nvidia.com/gpu.memory": "46068"}), **dict(UBUNTU_KV, kubeletVersion="v1.31.6"))
    plugin_ds(w, KS, [(n, f"nvdp-nvidia-device-plugin-{i}q7xk") for i, n in enumerate(nodes)], img, name="nvdp-nvidia-device-plugin",
              log=plog)
    w.ns_custom[("configmaps", KS)] = [{
        "apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "time-slicing-config", "namespace": KS},
        "data": {"any": "version: v1\nflags:\n  migStrategy: none\n  renameByDefault: true\n  failRequestsGreaterThanOne: false\n"
                        "sharing:\n  timeSlicing:\n    resources:\n      - name: nvidia.com/gpu\n        replicas: 16384\n"}}]
    for i, (n, slices) in enumerate(((nodes[0], 4096), (nodes[0], 8192), (nodes[1], 2048))):
        w.pod(ML, f"embedder-{i}", node=n, gpu=slices, containers=("embedder",), image="ghcr.io/example/embedder:1.2",
              owner=("StatefulSet", "embedder"))
    w.target("Node", None, nodes[0])


@case("fg021", "dra_compute_domain_plugin_nvsandboxutils_noise", node_subj("gb200-tray-07"),
      "Kubernetes v1.34 with a GB200 compute tray (4 GPUs, published through the NVIDIA DRA driver 25.8.1); the DRA "
      "kubelet plugin pod (containers gpus and compute-domains) is Running and Ready with 0 restarts; the "
      "compute-domains container log starts with the case's stderr fragments, the glog line they run into continuing "
      "with illustrative normal startup lines; a ComputeDomain workload pod runs on the tray.")
def _(w, t):
    w.git_version = "v1.34.2"
    node = "gb200-tray-07"
    info(w.node(node, cpu="144", memory="1981878272Ki",
                labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-GB200", "nvidia.com/gpu.clique": "r07.1",
                        "feature.node.kubernetes.io/pci-10de.present": "true"}),
         architecture="arm64", kubeletVersion="v1.34.2", osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1025-nvidia-64k",
         containerRuntimeVersion="containerd://2.0.5")
    ns, ds = "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1"
    daemonset(w, ns, ds, desired=1, containers=[("gpus", img), ("compute-domains", img)], tolerations=GPU_TOLERATION,
              labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    pod = "nvidia-dra-driver-gpu-kubelet-plugin-x7k2q"
    ds_pod(w, ns, ds, pod, node, containers=("gpus", "compute-domains"), image=img, labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"})
    w.log(ns, pod, "compute-domains", t + "       1 main.go:211] \"Starting compute-domain kubelet plugin\" version=\"v25.8.1\"\n"
          "I0212 05:45:48.204117       1 driver.go:104] \"Registered DRA plugin with kubelet\" driver=\"compute-domain.nvidia.com\"\n"
          "I0212 05:45:48.204390       1 driver.go:131] \"Published ResourceSlice\" node=\"gb200-tray-07\"\n")
    w.log(ns, pod, "gpus", "I0212 05:45:47.901122       1 driver.go:104] \"Registered DRA plugin with kubelet\" driver=\"gpu.nvidia.com\"\n")
    w.pod("training", "cd-trainer-0", node=node, gpu=0, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.08-py3",
          owner=("StatefulSet", "cd-trainer"), tolerations=GPU_TOLERATION)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is prose, an issue title or a PR description that never reaches the cluster: it is "
              "NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (describe / get rows, a folded YAML field, a 'Reason: message' pair, "
              "GitHub-linkified event text): its values become the corresponding object fields."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-g", case_id, BUILDERS[case_id], cases()[case_id], placed)


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
