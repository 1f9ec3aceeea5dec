"""First-contact batch A12 (fixtures/first-contact/batch-a12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (autoscalers and node provisioning for GPU pools, batch and
gang schedulers, quota, taints, affinity, DRA, volumes, preemption, GPU sharing requests), sampled from all four
corpora of the `search` tool at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 120 queries in the
batch README: a GPU job on AKS that the AzureML extension's Volcano never enqueues while the GPU pool sits at zero
nodes (a known-issue note in microsoft/physical-ai-toolchain), a high-priority Volcano job that does not preempt a
low-priority 8-GPU job (volcano#2772, fixed by #2775), a KubeShare pod Pending without events because KubeShare's
GPU cell configuration names no cell for the node (KubeShare#25), and a GPU pod on CoreWeave CKS whose CPU request
exceeds any node's allocatable CPU (the vendor's support FAQ). fa1203's text is a line of the KubeShare scheduler's
log and is placed verbatim in that container's log; the other texts are the sources' own sentences, which never
reach the cluster, and are not placed; the scheduler wordings in those bundles are illustrative (standard formats
of the versions modelled), as each scenario README says. The expected answer was reasoned from the source
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Names and versions the sources do not state (node names and sizes, pod, job and namespace names, images, kernels,
kubelet versions) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a12      # (re)writes fixtures/first-contact/batch-a12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a7 import A7World, _deploy
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj


FC = ThreadBatch("batch-a12", "A12", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a source's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa1201", "fa1202", "fa1204"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

_PLUGIN_LOG = ("I1104 07:41:22.310527       1 main.go:356] Retrieving plugins.\n"
               "I1104 07:41:23.502114       1 server.go:195] Starting GRPC server for 'nvidia.com/gpu'\n"
               "I1104 07:41:23.503391       1 server.go:139] Starting to serve 'nvidia.com/gpu' on "
               "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
               "I1104 07:41:23.507822       1 server.go:146] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")


def _plugin_ds(w, nodes: list[str], *, name: str, image: str, container: str = "nvidia-device-plugin-ctr",
               log: str = _PLUGIN_LOG, node_selector: dict | None = None, tolerations=None) -> None:
    """A device-plugin DaemonSet in kube-system with one healthy Running pod per node."""
    tmpl = None
    for i, node in enumerate(nodes):
        p = w.pod(KS, f"{name}-{'bcdfghjklm'[i]}{'npqrstvwxz'[i]}{i}k{i}", node=node, gpu=0, containers=(container,),
                  image=image, owner=("DaemonSet", name), labels={"name": name}, node_selector=node_selector,
                  tolerations=tolerations if tolerations is not None else GPU_TOL, cpu="10m", memory="64Mi")
        w.log(KS, p["metadata"]["name"], container, log)
        tmpl = tmpl or p
    d = w.workload("DaemonSet", KS, name, template_pod=tmpl, status=ds_status(len(nodes), len(nodes), len(nodes)))
    d["spec"]["selector"] = {"matchLabels": {"name": name}}


def _configmap(w, ns: str, name: str, data: dict) -> None:
    w.ns_custom.setdefault(("configmaps", ns), []).append(
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": name, "namespace": ns}, "data": data})


# ---- fa1201: AzureML's Volcano never enqueues a GPU job while the AKS GPU pool sits at zero nodes ---------

_AKS_133 = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1089-azure",
            "containerRuntimeVersion": "containerd://1.7.27-1", "kubeletVersion": "v1.33.3",
            "kubeProxyVersion": "v1.33.3"}
# the AzureML extension's default Volcano configuration as the note describes it: overcommit and proportion in
# the third tier (their position within the tier and the other plugins are assumed)
_AML_VOLCANO_CONF = ('actions: "enqueue, allocate, backfill"\n'
                     "tiers:\n"
                     "  - plugins:\n"
                     "      - name: priority\n"
                     "      - name: conformance\n"
                     "  - plugins:\n"
                     "      - name: gang\n"
                     "      - name: drf\n"
                     "  - plugins:\n"
                     "      - name: overcommit\n"
                     "      - name: proportion\n"
                     "      - name: predicates\n"
                     "      - name: nodeorder\n"
                     "      - name: binpack\n")
_FA1201_NS, _FA1201_JOB = "azureml-workloads", "isaaclab-ppo-train-7k2m9q"
_FA1201_PG = f"{_FA1201_JOB}-3c1f9a4e-8b2d-4f6a-9e7c-5d0b2a8f1e63"


@case("fa1201", {"kind": "Job", "namespace": _FA1201_NS, "name": _FA1201_JOB},
      "AKS 1.33 cluster (eastus2; node names, VM sizes, versions, namespaces, job and image names assumed) with two "
      "system-pool nodes (Standard_D8ds_v5, agent pool system, no GPU) and a GPU node pool gpu "
      "(Standard_NC24ads_A100_v4, cluster autoscaler enabled, minimum 0) at 0 nodes, so no GPU node object exists and "
      "no device plugin pod runs. The AzureML Kubernetes extension (namespace azureml) runs Volcano's scheduler, "
      "controllers and admission (Running); its ConfigMap volcano-scheduler-configmap holds actions 'enqueue, "
      "allocate, backfill' and a third tier with overcommit and proportion (the note's description; the other "
      "plugins and their order assumed). In namespace azureml-workloads the Volcano Job isaaclab-ppo-train-7k2m9q "
      "(queue default, minAvailable 1, one task requesting nvidia.com/gpu 1, tolerating the GPU pool's taint) is "
      "Pending and its PodGroup stays in phase Pending (never Inqueue): no Pod of the job exists, so nothing is "
      "Pending for the cluster autoscaler (AKS-managed, not a pod in the cluster). The Queue default shows one "
      "pending PodGroup. No Volcano event or log line is modelled for the refused enqueue (the note quotes none). "
      "The case's text is the note's and is not placed.")
def _(w, t):
    w.git_version = "v1.33.3"
    nodes = [f"aks-system-31745208-vmss00000{i}" for i in range(2)]
    for i, name in enumerate(nodes):
        n = w.node(name, cpu="8", memory="32863372Ki", alloc_cpu="7820m", alloc_memory="27671692Ki", pods_cap="110",
                   labels={"kubernetes.azure.com/agentpool": "system", "kubernetes.azure.com/mode": "system",
                           "agentpool": "system", "node.kubernetes.io/instance-type": "Standard_D8ds_v5",
                           "topology.kubernetes.io/region": "eastus2",
                           "topology.kubernetes.io/zone": f"eastus2-{i + 1}",
                           "kubernetes.azure.com/cluster": "MC_rg-physical-ai_aks-physical-ai_eastus2"})
        node_info(n, **_AKS_133)
    _deploy(w, KS, "coredns", "6f9d5c7b84", "m2x7q", nodes[0], ("coredns",),
            "mcr.microsoft.com/oss/v2/kubernetes/coredns:v1.12.1-1", labels={"k8s-app": "kube-dns"}, memory="70Mi")
    aml = "azureml"
    for comp, rs_hash, sfx, node in (("volcano-scheduler", "5b8c9d7f46", "q4k2n", nodes[0]),
                                     ("volcano-controllers", "7d6f8c5b92", "w8p3t", nodes[1]),
                                     ("volcano-admission", "84c7b6d9f5", "h6r2m", nodes[1])):
        _deploy(w, aml, comp, rs_hash, sfx, node, (comp,),
                f"mcr.microsoft.com/azureml/amlarc/docker/{comp}:1.10.0", labels={"app": comp}, memory="512Mi")
    _configmap(w, aml, "volcano-scheduler-configmap", {"volcano-scheduler.conf": _AML_VOLCANO_CONF})
    w.custom["queues.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "Queue", "metadata": {"name": "default"},
        "spec": {"reclaimable": True, "weight": 1},
        "status": {"state": "Open", "pending": 1, "allocated": {"cpu": "0", "memory": "0"}}}]
    ns, job = _FA1201_NS, _FA1201_JOB
    task_tmpl = {"spec": {"restartPolicy": "Never", "schedulerName": "volcano",
                          "tolerations": GPU_TOL + [{"key": "sku", "operator": "Equal", "value": "gpu",
                                                      "effect": "NoSchedule"}],
                          "containers": [{"name": "train", "image": "acrphysicalai.azurecr.io/isaaclab-train:2.1.0",
                                          "resources": {"limits": {"nvidia.com/gpu": "1", "memory": "200Gi"},
                                                        "requests": {"nvidia.com/gpu": "1", "cpu": "20",
                                                                     "memory": "200Gi"}}}]}}
    w.ns_custom[("jobs.batch.volcano.sh", ns)] = [{
        "apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job",
        "metadata": {"name": job, "namespace": ns, "creationTimestamp": T0,
                     "labels": {"azureml.k8s.io/job-type": "command"}},
        "spec": {"minAvailable": 1, "schedulerName": "volcano", "queue": "default", "maxRetry": 0,
                 "tasks": [{"name": "master", "replicas": 1, "template": task_tmpl}]},
        "status": {"state": {"phase": "Pending", "lastTransitionTime": T0}, "minAvailable": 1}}]
    w.ns_custom[("podgroups.scheduling.volcano.sh", ns)] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
        "metadata": {"name": _FA1201_PG, "namespace": ns, "creationTimestamp": T0,
                     "ownerReferences": [{"apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job", "name": job,
                                          "controller": True}]},
        "spec": {"minMember": 1, "queue": "default", "minTaskMember": {"master": 1},
                 "minResources": {"cpu": "20", "memory": "200Gi", "nvidia.com/gpu": "1"}},
        "status": {"phase": "Pending"}}]
    w.pods.setdefault(ns, [])
    w.target("Job", ns, job)


# ---- fa1202: a high-priority Volcano job of two 2-GPU tasks does not preempt a low-priority 8-GPU job --------

_UBUNTU_125 = {"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.4.0-147-generic",
               "containerRuntimeVersion": "containerd://1.6.20", "kubeletVersion": "v1.25.9",
               "kubeProxyVersion": "v1.25.9"}
# the volcano-scheduler.conf (its binpack.resources line is cut after 'nvidia.com/gpu, bai' in the stored
# copy: only nvidia.com/gpu is kept)
_FA1202_CONF = ('actions: "enqueue, reclaim, allocate, preempt, backfill"\n'
                "tiers:\n"
                "- plugins:\n"
                "  - name: priority\n"
                "  - name: gang\n"
                "    enableJobStarving: false\n"
                "    enableReclaimable: false\n"
                "    enablePreemptable: false\n"
                "    enableJobPipelined: true\n"
                "  - name: conformance\n"
                "  - name: sla\n"
                "- plugins:\n"
                "  - name: drf\n"
                "  - name: predicates\n"
                "  - name: proportion\n"
                "    enableJobEnqueued: false\n"
                "  - name: nodeorder\n"
                "  - name: binpack\n"
                "    arguments:\n"
                "      binpack.weight: 17\n"
                "      binpack.cpu: 1\n"
                "      binpack.memory: 1\n"
                "      binpack.resources: nvidia.com/gpu\n")
# illustrative (the issue quotes no message): Volcano 1.7's FailedScheduling and PodGroup condition wordings
_FA1202_MSG = "0/1 nodes are unavailable: 1 Insufficient nvidia.com/gpu."
_FA1202_PG_MSG = ("2/2 tasks in gang unschedulable: pod group is not ready, 2 Pending, 2 minAvailable; "
                  "Pending: 2 Unschedulable")


def _vcjob(name: str, ns: str, priority_class: str, tasks: list[tuple[str, int]], phase: str) -> dict:
    return {"apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job",
            "metadata": {"name": name, "namespace": ns, "creationTimestamp": T0},
            "spec": {"minAvailable": len(tasks), "schedulerName": "volcano", "queue": "default",
                     "priorityClassName": priority_class,
                     "tasks": [{"name": tn, "replicas": 1, "template": {"spec": {
                         "priorityClassName": priority_class, "restartPolicy": "Never",
                         "containers": [{"name": "train", "image": "nvcr.io/nvidia/pytorch:23.03-py3",
                                         "resources": {"limits": {"nvidia.com/gpu": str(g)},
                                                       "requests": {"nvidia.com/gpu": str(g), "cpu": "4",
                                                                    "memory": "32Gi"}}}]}}}
                               for tn, g in tasks]},
            "status": {"state": {"phase": phase, "lastTransitionTime": T1}, "minAvailable": len(tasks),
                       **({"running": 1} if phase == "Running" else {"pending": len(tasks)})}}


@case("fa1202", pod_subj("high-job-task1-0", "train"),
      "Single-node Kubernetes 1.25 cluster (the issue's 'only one node in cluster which has 8 cards'; node name, GPU "
      "model, versions, namespace, job, task and priority-class names assumed): node gpu-node-01 with 8 NVIDIA A100 "
      "80GB GPUs advertised by a healthy device-plugin DaemonSet, untainted. Volcano v1.7.0 (volcano-system: "
      "scheduler, controllers, admission Running) with the issue's volcano-scheduler.conf in its ConfigMap (the "
      "binpack.resources line cut in the stored copy is kept as nvidia.com/gpu only). One queue (default). In "
      "namespace train the Volcano Job low-job (priority class low-priority, one task of 8 GPUs) is Running, its pod "
      "low-job-task-0 holding all 8 GPUs; the Volcano Job high-job (priority class high-priority, two tasks task1 "
      "and task2 of 2 GPUs each, minAvailable 2) has both pods Pending with volcano FailedScheduling events '0/1 "
      "nodes are unavailable: 1 Insufficient nvidia.com/gpu.' and its PodGroup Inqueue with an Unschedulable "
      "condition (both wordings illustrative, Volcano 1.7 formats). The two PriorityClasses are written as cluster "
      "custom resources. The case's text is the reporter's sentence and is not placed.")
def _(w, t):
    w.git_version = "v1.25.9"
    node = "gpu-node-01"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, operator=False, cpu="128",
                   memory="1056471368Ki", alloc_cpu="127500m", alloc_memory="1051228488Ki",
                   labels={"node-role.kubernetes.io/control-plane": ""})
    node_info(n, **_UBUNTU_125)
    _plugin_ds(w, [node], name="nvidia-device-plugin-daemonset", image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    _deploy(w, KS, "coredns", "565d847f94", "k8r2v", node, ("coredns",), "registry.k8s.io/coredns/coredns:v1.9.3",
            labels={"k8s-app": "kube-dns"}, memory="70Mi")
    vs = "volcano-system"
    for comp, rs_hash, sfx in (("volcano-scheduler", "6c8d9f7b54", "x2m9k"),
                               ("volcano-controllers", "7b9c6d8f45", "p4n7w"),
                               ("volcano-admission", "5d7f8c9b63", "t3q8h")):
        _deploy(w, vs, comp, rs_hash, sfx, node, (comp,), f"volcanosh/vc-{comp.split('-')[1]}:v1.7.0",
                labels={"app": comp}, memory="256Mi")
    _configmap(w, vs, "volcano-scheduler-configmap", {"volcano-scheduler.conf": _FA1202_CONF})
    w.custom["queues.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "Queue", "metadata": {"name": "default"},
        "spec": {"reclaimable": True, "weight": 1},
        "status": {"state": "Open", "running": 1, "inqueue": 1,
                   "allocated": {"cpu": "4", "memory": "32Gi", "nvidia.com/gpu": "8"}}}]
    w.custom["priorityclasses.scheduling.k8s.io"] = [
        {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass", "metadata": {"name": pc}, "value": v,
         "globalDefault": False, "preemptionPolicy": "PreemptLowerPriority"}
        for pc, v in (("high-priority", 1000000), ("low-priority", 1000))]
    ns = "train"
    w.ns_custom[("jobs.batch.volcano.sh", ns)] = [
        _vcjob("low-job", ns, "low-priority", [("task", 8)], "Running"),
        _vcjob("high-job", ns, "high-priority", [("task1", 2), ("task2", 2)], "Pending")]
    pgs = []
    for job, pc, prio, phase, mm, res in (("low-job", "low-priority", 1000, "Running", 1, "8"),
                                          ("high-job", "high-priority", 1000000, "Inqueue", 2, "4")):
        pg = {"apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
              "metadata": {"name": f"{job}-{'9e2b7c41' if job == 'low-job' else '4f8a1d63'}-5c3e-4b7a-8d2f-"
                                   f"{'1a6c9e0b7d42' if job == 'low-job' else '7b3e5d9c2a18'}", "namespace": ns,
                           "ownerReferences": [{"apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job",
                                                "name": job, "controller": True}]},
              "spec": {"minMember": mm, "queue": "default", "priorityClassName": pc,
                       "minResources": {"cpu": str(4 * mm), "memory": f"{32 * mm}Gi", "nvidia.com/gpu": res}},
              "status": {"phase": phase, **({"running": 1} if phase == "Running" else {})}}
        if phase == "Inqueue":
            pg["status"]["conditions"] = [{"type": "Unschedulable", "status": "True", "reason": "NotEnoughResources",
                                           "message": _FA1202_PG_MSG, "lastTransitionTime": T1,
                                           "transitionID": "0c7f3e2a-6b1d-4e9f-8a5c-2d4b6f8e1a37"}]
        pgs.append(pg)
    w.ns_custom[("podgroups.scheduling.volcano.sh", ns)] = pgs
    low = w.pod(ns, "low-job-task-0", node=node, gpu=8, containers=("train",), scheduler="volcano",
                image="nvcr.io/nvidia/pytorch:23.03-py3", owner=("Job", "low-job"),
                labels={"volcano.sh/job-name": "low-job", "volcano.sh/task-spec": "task"}, cpu="4", memory="32Gi",
                extra_spec={"priorityClassName": "low-priority", "priority": 1000, "restartPolicy": "Never"})
    low["metadata"]["ownerReferences"][0]["apiVersion"] = "batch.volcano.sh/v1alpha1"
    low["metadata"]["annotations"] = {"scheduling.k8s.io/group-name": pgs[0]["metadata"]["name"]}
    for task in ("task1", "task2"):
        pod = f"high-job-{task}-0"
        p = w.pod(ns, pod, gpu=2, containers=("train",), scheduler="volcano",
                  image="nvcr.io/nvidia/pytorch:23.03-py3", owner=("Job", "high-job"),
                  labels={"volcano.sh/job-name": "high-job", "volcano.sh/task-spec": task}, cpu="4", memory="32Gi",
                  scheduled_message=_FA1202_MSG,
                  extra_spec={"priorityClassName": "high-priority", "priority": 1000000, "restartPolicy": "Never"})
        p["metadata"]["ownerReferences"][0]["apiVersion"] = "batch.volcano.sh/v1alpha1"
        p["metadata"]["annotations"] = {"scheduling.k8s.io/group-name": pgs[1]["metadata"]["name"]}
        w.event(ns, "Pod", pod, "FailedScheduling", _FA1202_MSG, component="volcano", count=118)
    w.event(ns, "PodGroup", pgs[1]["metadata"]["name"], "Unschedulable", _FA1202_PG_MSG, component="volcano",
            count=118)
    w.target("Pod", ns, "high-job-task1-0")


# ---- fa1203: KubeShare's GPU cell configuration names no cell for the node; the pod waits without events -------

_UBUNTU_123 = {"osImage": "Ubuntu 20.04.5 LTS", "kernelVersion": "5.15.0-69-generic",
               "containerRuntimeVersion": "docker://20.10.21", "kubeletVersion": "v1.23.6",
               "kubeProxyVersion": "v1.23.6"}
# the configuration after the reporter's first fix (childCellType dash-joined); cellId still 'apple'
_KUBESHARE_CONFIG = ("cellTypes:\n"
                     "  GTX3090-NODE:\n"
                     "    childCellType: \"NVIDIA-GeForce-GTX-3090\"\n"
                     "    childCellNumber: 1\n"
                     "    childCellPriority: 100\n"
                     "    isNodeLevel: true\n"
                     "\n"
                     "cells:\n"
                     "- cellType: GTX3090-NODE\n"
                     "  cellChildren:\n"
                     "  - cellId: apple\n")
_FA1203_POD = "sharedgpu-test"


def _kubeshare_log(text: str) -> str:
    # start-up lines illustrative (the thread quotes only the case's line); the line repeats on every attempt
    head = ("I0502 03:11:40.102318       1 scheduler.go:89] Starting KubeShare scheduler\n"
            "I0502 03:11:40.118204       1 config.go:57] Loading kubeshare config from /kubeshare/scheduler/"
            "kubeshare-config.yaml\n"
            "I0502 03:11:40.131927       1 cell.go:112] Cell types: [GTX3090-NODE]\n")
    return head + "".join(f"{text}\n" for _ in range(3))


@case("fa1203", pod_subj(_FA1203_POD, "default"),
      "Single-node kubeadm-style Kubernetes 1.23 cluster (versions, image tags, namespaces and the pod's name and "
      "labels assumed): the node master (control-plane label, untainted, as the reporter schedules pods on it) "
      "with two NVIDIA GeForce GTX 3090 GPUs advertised by a healthy device-plugin DaemonSet (nvidia.com/gpu 2). "
      "KubeShare 2.0 runs in kube-system: the kubeshare-scheduler and kubeshare-aggregator Deployments and the "
      "kubeshare-collector DaemonSet (names from the KubeShare 2.0 layout, assumed), all Running; the ConfigMap "
      "kubeshare-config holds the reporter's kubeshare-config.yaml as it stood after the dash fix (cellType "
      "GTX3090-NODE, childCellType NVIDIA-GeForce-GTX-3090, one cell whose child has cellId apple, no cell for "
      "node master). The kubeshare-scheduler container's log carries the case's line verbatim (repeated; its "
      "start-up lines illustrative). In namespace default the test pod sharedgpu-test (schedulerName "
      "kubeshare-scheduler, sharedgpu labels of the KubeShare README, no nvidia.com/gpu request) is Pending with no "
      "condition and no event, as the reporter says.")
def _(w, t):
    w.git_version = "v1.23.6"
    node = "master"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-GeForce-GTX-3090", memory_mib=24576, operator=False, cpu="32",
                   memory="131845096Ki", alloc_cpu="32", alloc_memory="131742696Ki",
                   labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""})
    node_info(n, **_UBUNTU_123)
    _plugin_ds(w, [node], name="nvidia-device-plugin-daemonset", image="nvcr.io/nvidia/k8s-device-plugin:v0.12.3")
    _deploy(w, KS, "coredns", "64897985d", "h2k8w", node, ("coredns",), "k8s.gcr.io/coredns/coredns:v1.8.6",
            labels={"k8s-app": "kube-dns"}, memory="70Mi")
    sched = _deploy(w, KS, "kubeshare-scheduler", "6d5f8b9c47", "r7m2x", node, ("kubeshare-scheduler",),
                    "ncy9371/kubeshare-scheduler:v2.0", labels={"app": "kubeshare-scheduler"}, memory="256Mi")
    sched["spec"]["containers"][0]["volumeMounts"] = [{"name": "kubeshare-config",
                                                       "mountPath": "/kubeshare/scheduler"}]
    sched["spec"]["volumes"] = [{"name": "kubeshare-config", "configMap": {"name": "kubeshare-config"}}]
    w.log(KS, sched["metadata"]["name"], "kubeshare-scheduler", _kubeshare_log(t))
    _deploy(w, KS, "kubeshare-aggregator", "7f9c5d6b84", "n4q9t", node, ("kubeshare-aggregator",),
            "ncy9371/kubeshare-aggregator:v2.0", labels={"app": "kubeshare-aggregator"}, memory="128Mi")
    col = w.pod(KS, "kubeshare-collector-v6k2p", node=node, gpu=0, containers=("kubeshare-collector",),
                image="ncy9371/kubeshare-collector:v2.0", owner=("DaemonSet", "kubeshare-collector"),
                labels={"app": "kubeshare-collector"}, tolerations=GPU_TOL, cpu="50m", memory="128Mi")
    d = w.workload("DaemonSet", KS, "kubeshare-collector", template_pod=col, status=ds_status(1, 1, 1))
    d["spec"]["selector"] = {"matchLabels": {"app": "kubeshare-collector"}}
    _configmap(w, KS, "kubeshare-config", {"kubeshare-config.yaml": _KUBESHARE_CONFIG})
    p = w.pod("default", _FA1203_POD, gpu=0, containers=("pytorch",), scheduler="kubeshare-scheduler",
              image="riyazhu/mnist:test", cpu="1", memory="2Gi",
              labels={"sharedgpu/gpu_request": "0.5", "sharedgpu/gpu_limit": "1.0",
                      "sharedgpu/gpu_model": "NVIDIA-GeForce-GTX-3090", "sharedgpu/priority": "100"})
    p["status"]["conditions"] = []
    p["spec"]["restartPolicy"] = "OnFailure"
    w.events.setdefault("default", [])
    w.target("Pod", "default", _FA1203_POD)


# ---- fa1204: a GPU pod on CoreWeave CKS asks for more CPU than any GPU node has; GPUs are free ---------------

_CKS_132 = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.5.0-1025-nvidia",
            "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.32.5",
            "kubeProxyVersion": "v1.32.5"}
# illustrative (the FAQ quotes no message): Kubernetes 1.32's FailedScheduling wording
_FA1204_MSG = ("0/2 nodes are available: 2 Insufficient cpu. preemption: 0/2 nodes are available: 2 No preemption "
               "victims found for incoming pod.")


@case("fa1204", pod_subj("llm-finetune-h7q2x", "research"),
      "CoreWeave CKS cluster on Kubernetes 1.32 (node names, instance type, versions, namespace, workloads and "
      "requests assumed): two GPU nodes of instance type gd-8xh100ib-i128 (8 NVIDIA H100 80GB HBM3 each, 128 vCPU, "
      "126 allocatable), the device plugin DaemonSet healthy on both. On each node an inference Deployment's two "
      "pods run with 2 GPUs and 16 CPU each, leaving 4 GPUs and about 62 CPU free per node. In namespace research "
      "the Job llm-finetune's pod requests nvidia.com/gpu 1, cpu 160 and memory 512Gi and is Pending with "
      "default-scheduler FailedScheduling events '0/2 nodes are available: 2 Insufficient cpu. preemption: ...' "
      "(wording illustrative, Kubernetes 1.32 format). The case's text is the FAQ's sentence and is not placed.")
def _(w, t):
    w.git_version = "v1.32.5"
    nodes = ["gd92a1c", "gd92a3f"]
    for name in nodes:
        n = w.gpu_node(name, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, operator=False, cpu="128",
                       memory="2113163772Ki", alloc_cpu="126", alloc_memory="2060734972Ki",
                       labels={"node.kubernetes.io/instance-type": "gd-8xh100ib-i128",
                               "topology.kubernetes.io/region": "US-EAST-04",
                               "topology.kubernetes.io/zone": "US-EAST-04A"})
        node_info(n, **_CKS_132)
    _plugin_ds(w, nodes, name="nvidia-device-plugin-daemonset", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    _deploy(w, KS, "coredns", "7c6d9b5f48", "z3k8m", nodes[0], ("coredns",), "registry.k8s.io/coredns/coredns:v1.11.3",
            labels={"k8s-app": "kube-dns"}, memory="70Mi", tolerations=GPU_TOL)
    ns_inf, dep, rs_hash = "inference", "qwen-serving", "6b8f7d9c54"
    rs = f"{dep}-{rs_hash}"
    labels = {"app": dep, "pod-template-hash": rs_hash}
    first = None
    for i, sfx in enumerate(("a2k9m", "b7q4x", "c5w2n", "d8t6r")):
        p = w.pod(ns_inf, f"{rs}-{sfx}", node=nodes[i // 2], gpu=2, containers=("vllm",),
                  image="vllm/vllm-openai:v0.10.1", owner=("ReplicaSet", rs), labels=labels, cpu="16",
                  memory="128Gi")
        first = first or p
    d = w.workload("Deployment", ns_inf, dep, replicas=4, template_pod=first, revision="1",
                   status={"replicas": 4, "updatedReplicas": 4, "readyReplicas": 4, "availableReplicas": 4,
                           "observedGeneration": 1})
    d["spec"]["selector"] = {"matchLabels": {"app": dep}}
    w.workload("ReplicaSet", ns_inf, rs, replicas=4, template_pod=first, owner=("Deployment", dep),
               status={"replicas": 4, "fullyLabeledReplicas": 4, "readyReplicas": 4, "availableReplicas": 4,
                       "observedGeneration": 1})
    ns, job, pod = "research", "llm-finetune", "llm-finetune-h7q2x"
    p = w.pod(ns, pod, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.01-py3", owner=("Job", job),
              labels={"job-name": job, "batch.kubernetes.io/job-name": job}, cpu="160", memory="512Gi",
              scheduled_message=_FA1204_MSG)
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", pod, "FailedScheduling", _FA1204_MSG, component="default-scheduler", count=52)
    w.workload("Job", ns, job, template_pod=p, status={"active": 1, "startTime": T0})
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
