"""Readings that first-contact round 13 (documentation read whole) showed wrong, each decided by
state or by the emitting component's own format:

- the EKS node monitoring agent names an NVIDIA health issue as the reason of its
  `AcceleratedHardwareReady=False` condition (awsdocs/amazon-eks-user-guide node-health.adoc:
  NvidiaXID<code>Error, NvidiaDoubleBitError, NvidiaNVLinkError);
- a container that lost its devices under a container update reports `NVML: Unknown error`
  (NVIDIA/k8s-device-plugin docs/cdi.md), not only nvidia-smi's `Failed to initialize NVML: Unknown Error`;
- the device plugin before its allocate-validation refactor wrote "request for '<res>: <n>' too large:
  maximum request size for shared resources is 1": a shared request too large, not an RPC failure;
- two NVIDIADrivers selecting one node is the conflict the operator refuses to reconcile
  (ConflictingNodeSelector): both versions are sources of the node's driver version;
- a pod pinned to its node by name (a per-node download job) is not placed for the node's GPU.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML
from triage.evidence.k8s_events.admission import parse_admission_failure


def _eks_node_world(name: str, conditions: list[dict]) -> World:
    w = World(name)
    node = w.gpu_node("ip-10-0-87-142", gpus=8, operator=False)
    node["status"]["conditions"] += conditions
    w.target("Node", None, "ip-10-0-87-142")
    return w


def test_the_eks_agents_accelerated_hardware_condition_names_the_fault(tmp_path):
    doc = diagnosis_of(_eks_node_world("eks-double-bit", [
        {"type": "AcceleratedHardwareReady", "status": "False", "reason": "NvidiaDoubleBitError",
         "message": "A double bit error was produced by the GPU driver."}]), tmp_path / "a")
    assert doc["root_cause"]["id"] == "driver.xid_ecc_error", finding_ids(doc)
    doc = diagnosis_of(_eks_node_world("eks-xid-79", [
        {"type": "AcceleratedHardwareReady", "status": "False", "reason": "NvidiaXID79Error",
         "message": "The GPU driver attempted to access the GPU over its PCI Express connection and found that "
                    "the GPU is not accessible."}]), tmp_path / "b")
    assert doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus", finding_ids(doc)


def test_the_eks_agents_ready_monitors_are_no_fault(tmp_path):
    doc = diagnosis_of(_eks_node_world("eks-monitors", [
        {"type": "KernelReady", "status": "True", "reason": "KernelIsReady",
         "message": "Monitoring for the Kernel system is active"},
        {"type": "AcceleratedHardwareReady", "status": "True", "reason": "NvidiaXID79Error", "message": ""}]), tmp_path)
    assert not [f for f in doc["findings"] if f["layer"] == "driver"], finding_ids(doc)


def test_a_running_container_reporting_nvml_unknown_error_lost_its_gpu(tmp_path):
    w = World("nvml-unknown-bare")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "gpu-monitor-0", node="gpu-node-1", gpu=1, containers=("monitor",))
    w.log(ML, "gpu-monitor-0", "monitor", "GPU 0: NVIDIA A100-PCIE-40GB (UUID: GPU-5c1f7a2e)\nNVML: Unknown error")
    w.target("Pod", ML, "gpu-monitor-0")
    doc = diagnosis_of(w, tmp_path)
    assert doc["root_cause"]["id"] == "runtime.lost_gpu_access", finding_ids(doc)


def test_the_older_shared_request_wording_is_a_shared_request_too_large():
    f = parse_admission_failure("Allocate failed due to rpc error: code = Unknown desc = request for "
                                "'nvidia.com/gpu: 2' too large: maximum request size for shared resources is 1, "
                                "which is unexpected", "UnexpectedAdmissionError")
    assert (f.kind.value, f.requested, f.available) == ("shared_request_too_large", 2, 1)


def _nvidiadriver(name: str, selector: dict, version: str, *, conflict: bool) -> dict:
    status = {"state": "ready", "conditions": []}
    if conflict:
        status = {"state": "notReady", "conditions": [
            {"type": "Ready", "status": "False", "reason": "Error", "message": ""},
            {"type": "Error", "status": "True", "reason": "ConflictingNodeSelector",
             "message": "multiple NVIDIADrivers match the same node worker-1: [demo-precomp gold]"}]}
    return {"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver", "metadata": {"name": name},
            "spec": {"driverType": "gpu", "nodeSelector": selector, "repository": "nvcr.io/nvidia", "image": "driver",
                     "version": version}, "status": status}


def _driver_world(name: str, *, second: bool) -> World:
    w = World(name)
    w.gpu_node("worker-1", gpus=1, labels={"driver.config": "gold", "nvidia.com/cuda.driver.major": "580",
                                          "nvidia.com/cuda.driver.minor": "95", "nvidia.com/cuda.driver.rev": "05"})
    pod = w.get_pod("gpu-operator", w.stack("worker-1", "driver"))
    pod["spec"]["containers"][0]["image"] = "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04"
    drivers = [_nvidiadriver("gold", {"driver.config": "gold"}, "580.95.05", conflict=second)]
    if second:
        drivers.append(_nvidiadriver("demo-precomp", {"nvidia.com/gpu.present": "true"}, "580.126.20", conflict=True))
    w.custom["nvidiadrivers.nvidia.com"] = drivers
    w.target("Node", None, "worker-1")
    return w


def test_two_nvidiadrivers_selecting_one_node_are_both_its_driver_sources(tmp_path):
    doc = diagnosis_of(_driver_world("nvidiadriver-conflict", second=True), tmp_path)
    f = next((f for f in doc["findings"] if f["id"] == "driver.version_inconsistent"), None)
    assert f is not None, finding_ids(doc)
    assert any("ConflictingNodeSelector" in e["excerpt"] for e in f["evidence"]), f["evidence"]


def test_one_nvidiadriver_that_matches_the_running_driver_is_consistent(tmp_path):
    doc = diagnosis_of(_driver_world("nvidiadriver-one", second=False), tmp_path)
    assert "driver.version_inconsistent" not in finding_ids(doc)


def test_a_pod_pinned_to_a_gpu_node_by_name_was_not_placed_for_its_gpu(tmp_path):
    w = World("pinned-by-hostname")
    w.gpu_node("gpu-node-01", gpus=1)
    w.pod(ML, "model-download-8m2kd", node="gpu-node-01", gpu=0, containers=("storage-initializer",),
          node_selector={"kubernetes.io/hostname": "gpu-node-01"},
          statuses={"storage-initializer": {"ready": False, "restartCount": 4,
                                            "state": {"waiting": {"reason": "CrashLoopBackOff"}},
                                            "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log(ML, "model-download-8m2kd", "storage-initializer", "mkdir: permission denied", previous=True)
    w.target("Pod", ML, "model-download-8m2kd")
    doc = diagnosis_of(w, tmp_path)
    assert "application.gpu_not_requested" not in finding_ids(doc), finding_ids(doc)
