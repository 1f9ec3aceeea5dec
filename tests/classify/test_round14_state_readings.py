"""Readings that first-contact round 14 (documentation read whole) showed wrong, each decided by
state or by the emitting component's own format:

- an init container that requests no GPU (a storage initializer, a model downloader) and
  crash-loops is the workload's own crash, with or without its log: the device plugin gives it no
  device and the runtime injects none (a GPU init container still waits for its log);
- the Hugging Face Hub's 401 body for a gated repo ("... You must have access to it and be
  authenticated to access it. Please log in.") is an unauthenticated download;
- a pod that asks KAI-Scheduler for a GPU share in annotations (gpu-fraction, gpu-memory) is invisible
  to the node autoscaler, which simulates pods from their resource requests (KAI docs/gpu-sharing/
  autoscaling): no GPU node is added unless KAI's node-scale-adjuster stands in;
- the AMD GPU Operator loads amdgpu through Kernel Module Management's worker pods; their
  `modprobe: ERROR: could not insert 'amdgpu': Required key not available` is Secure Boot's refusal;
- a pending pod that made the cluster autoscaler scale up twice, with a node joined in between that
  has no GPU resource yet, a device plugin still starting and without the provider's GPU label
  (cluster-autoscaler cloudprovider/<p> GPULabel): the label is missing, the plugin is not broken;
- (round 15) a DaemonSet's pod on a node that no longer matches its selector is no label drift: the
  DaemonSet controller deletes such a pod (pkg/controller/daemon nodeShouldRunDaemonPod).
"""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML

_CRASH = {"ready": False, "restartCount": 4, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
          "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}


def _init_crash_world(name: str, *, gpu_init: bool) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    pod = w.pod(ML, "llm-predictor-7c9f6-q2x7m", node="gpu-node-1", gpu=1, phase="Pending",
                init_containers=("storage-initializer",), init_statuses={"storage-initializer": _CRASH})
    if gpu_init:
        pod["spec"]["initContainers"][0]["resources"] = {"limits": {"nvidia.com/gpu": "1"},
                                                         "requests": {"nvidia.com/gpu": "1"}}
    w.target("Pod", ML, "llm-predictor-7c9f6-q2x7m")
    return w


def test_a_crashing_init_container_without_a_gpu_is_the_workloads_crash_even_without_its_log(tmp_path):
    doc = diagnosis_of(_init_crash_world("cpu-init-crash", gpu_init=False), tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "application.crash_unclassified", finding_ids(doc)
    assert doc["root_cause"]["params"]["container"] == "storage-initializer"
    assert "initContainerStatuses[storage-initializer]" in doc["root_cause"]["evidence"][0]["excerpt"]


def test_a_crashing_gpu_init_container_without_its_log_waits_for_the_log(tmp_path):
    doc = diagnosis_of(_init_crash_world("gpu-init-crash", gpu_init=True), tmp_path)
    assert "application.crash_unclassified" not in finding_ids(doc), finding_ids(doc)


def test_the_hubs_gated_401_body_is_an_unauthenticated_download(tmp_path):
    w = _init_crash_world("hf-gated-401-body", gpu_init=False)
    w.log(ML, "llm-predictor-7c9f6-q2x7m", "storage-initializer",
          "Cannot access gated repo for url https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/"
          "config.json.\nAccess to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it "
          "and be authenticated to access it. Please log in.", previous=True)
    doc = diagnosis_of(w, tmp_path)
    assert doc["root_cause"]["id"] == "application.model_download_unauthorized", finding_ids(doc)


def _kai_share_world(name: str, *, adjuster: bool) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "holder-0", node="gpu-node-1", gpu=1, scheduler="kai-scheduler")
    share = w.pod(ML, "gpu-sharing", gpu=0, scheduler="kai-scheduler")
    share["metadata"]["annotations"] = {"gpu-fraction": "0.5"}
    w.event(ML, "Pod", "gpu-sharing", "Unschedulable",
            "0/1 nodes are available: 1 node(s) didn't have enough resources: GPUs.", component="kai-scheduler")
    ca = w.pod("kube-system", "cluster-autoscaler-5c8d7f9b6-t4n8v", node="cpu-node", gpu=0,
               image="registry.k8s.io/autoscaling/cluster-autoscaler:v1.32.1")
    w.workload("Deployment", "kube-system", "cluster-autoscaler", template_pod=ca)
    if adjuster:
        nsa = w.pod("kai-scheduler", "node-scale-adjuster-6d5f-x8k2p", node="cpu-node", gpu=0,
                    image="ghcr.io/nvidia/kai-scheduler/node-scale-adjuster:v0.13.0")
        w.workload("Deployment", "kai-scheduler", "node-scale-adjuster", template_pod=nsa)
    w.target("Pod", ML, "gpu-sharing")
    return w


def test_a_gpu_share_asked_in_annotations_is_invisible_to_the_node_autoscaler(tmp_path):
    doc = diagnosis_of(_kai_share_world("kai-share-no-adjuster", adjuster=False), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.autoscaler_no_scale_up", finding_ids(doc)
    assert doc["root_cause"]["params"]["reason"] == "request_in_annotation"
    assert "scheduler.custom_scheduler_rejected" in finding_ids(doc)


def test_with_kais_node_scale_adjuster_the_full_nodes_are_kais_verdict(tmp_path):
    doc = diagnosis_of(_kai_share_world("kai-share-adjuster", adjuster=True), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.custom_scheduler_rejected", finding_ids(doc)


def test_a_kmm_worker_refused_amdgpu_under_secure_boot(tmp_path):
    w = World("kmm-amdgpu-enokey")
    w.node("mi300x-worker-01", labels={"feature.node.kubernetes.io/amd-gpu": "true"})
    w.pod("kube-amd-gpu", "kmm-worker-mi300x-worker-01-default", node="mi300x-worker-01", gpu=0, phase="Failed",
          containers=("worker",), image="docker.io/rocm/amdgpu-driver:ubuntu-22.04-5.15.0-143-generic-6.4",
          labels={"kmm.node.kubernetes.io/module.name": "default", "kmm.node.kubernetes.io/worker-action": "Load"},
          statuses={"worker": {"ready": False, "restartCount": 0,
                               "state": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log("kube-amd-gpu", "kmm-worker-mi300x-worker-01-default", "worker",
          "modprobe: ERROR: could not insert 'amdgpu': Required key not available")
    w.target("Node", None, "mi300x-worker-01")
    doc = diagnosis_of(w, tmp_path)
    assert doc["root_cause"]["id"] == "driver.secure_boot_rejected", finding_ids(doc)
    assert "amdgpu module" in doc["root_cause"]["title"]


def _rescale_world(name: str, *, labelled: bool) -> World:
    w = World(name)
    w.node("ip-10-0-1-17.ec2.internal", labels={"node.kubernetes.io/instance-type": "m5.xlarge"})
    labels = {"node.kubernetes.io/instance-type": "g4dn.xlarge"}
    if labelled:
        labels["k8s.amazonaws.com/accelerator"] = "nvidia-tesla-t4"
    new = w.node("ip-10-0-3-41.ec2.internal", labels=labels)
    new["metadata"]["creationTimestamp"] = "2026-11-29T14:52:40Z"
    plugin = w.pod("kube-system", "nvidia-device-plugin-daemonset-r7k5d", node="ip-10-0-3-41.ec2.internal", gpu=0,
                   containers=("nvidia-device-plugin-ctr",), phase="Pending",
                   labels={"app.kubernetes.io/name": "nvidia-device-plugin"}, owner=("DaemonSet", "nvidia-device-plugin"),
                   statuses={"nvidia-device-plugin-ctr": {"ready": False, "restartCount": 0,
                                                          "state": {"waiting": {"reason": "ContainerCreating"}}}})
    plugin["spec"]["containers"][0]["image"] = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    w.pod(ML, "inference-7b9c5d8f6c-h2x9p", gpu=1,
          scheduled_message="0/2 nodes are available: 2 Insufficient nvidia.com/gpu.")
    w.event(ML, "Pod", "inference-7b9c5d8f6c-h2x9p", "FailedScheduling",
            "0/2 nodes are available: 2 Insufficient nvidia.com/gpu.", component="default-scheduler")
    for last, step in (("2026-11-29T14:49:05Z", "0->1"), ("2026-11-29T14:55:30Z", "1->2")):
        w.event(ML, "Pod", "inference-7b9c5d8f6c-h2x9p", "TriggeredScaleUp",
                f"pod triggered scale-up: [{{gpu-asg-g4dn {step} (max: 5)}}]", type="Normal",
                component="cluster-autoscaler", last=last)
    w.target("Pod", ML, "inference-7b9c5d8f6c-h2x9p")
    return w


def test_a_new_gpu_node_without_the_autoscalers_gpu_label_makes_it_scale_up_again(tmp_path):
    doc = diagnosis_of(_rescale_world("rescale-no-label", labelled=False), tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "node.gpu_not_advertised", finding_ids(doc)
    assert (root["params"]["reason"], root["params"]["label"]) == ("autoscaler_gpu_label_missing",
                                                                   "k8s.amazonaws.com/accelerator")
    assert "plugin.not_running" not in [f["id"] for f in doc["findings"] if f.get("role") == "root_cause"]


def test_with_the_gpu_label_the_starting_node_is_no_label_fault(tmp_path):
    doc = diagnosis_of(_rescale_world("rescale-labelled", labelled=True), tmp_path)
    assert not any(f["params"].get("reason") == "autoscaler_gpu_label_missing" for f in doc["findings"]), \
        finding_ids(doc)


def _drift_world(name: str, *, owner: tuple[str, str] | None) -> World:
    w = World(name)
    w.gpu_node("gpu-worker-1", gpus=1)
    w.pod("nvidia-gpu-operator", "nvidia-dcgm-exporter-7kx4q", node="gpu-worker-1", gpu=0, owner=owner,
          node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, containers=("nvidia-dcgm-exporter",),
          labels={"app": "nvidia-dcgm-exporter"})
    w.target("Pod", "nvidia-gpu-operator", "nvidia-dcgm-exporter-7kx4q")
    return w


def test_a_daemonset_pod_on_a_node_that_stopped_matching_is_no_label_drift(tmp_path):
    doc = diagnosis_of(_drift_world("ds-pod-unmatched", owner=("DaemonSet", "nvidia-dcgm-exporter")), tmp_path)
    assert "node.label_drift" not in finding_ids(doc), finding_ids(doc)


def test_a_bare_pod_on_a_node_that_stopped_matching_is_label_drift(tmp_path):
    doc = diagnosis_of(_drift_world("bare-pod-unmatched", owner=None), tmp_path)
    assert "node.label_drift" in finding_ids(doc), finding_ids(doc)
