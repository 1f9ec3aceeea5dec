"""Readings that first-contact round 11 showed wrong or over-sure, each decided by state or by
the emitting component's own format:

- a scale-up the autoscaler started is "nothing has failed yet" only when the pod's pool is really
  full: a node of that pool that offers fewer GPUs than it has (capacity 1, allocatable 0) is what
  the pod waits for, and a new node would come up the same way;
- one pod's own setting (a warning about the target: NVIDIA_VISIBLE_DEVICES by hand) never outranks
  the failure of the stack it runs on, and a pod's finding never explains its node's state;
- a device plugin that runs on a node advertising nothing, whose log ends on an error, has not
  registered (the KubeVirt plugin naming no resource for a device id), while one ending on its
  info-level "No devices found" is a plugin on a node without GPUs;
- a GPU-stack component's own crash (GFD) is its stage's finding, not an unclassified workload crash;
- Xid 45 (ROBUST_CHANNEL_PREEMPTIVE_REMOVAL) is the driver tearing down a process's channels as it
  ends: alone it names no fault (NVIDIA's catalog: "Not Solo: IGNORE (follow other Xid)");
- a GPU pod without a RuntimeClass on a node whose default runtime is not NVIDIA's is started by
  runc: on k3s/RKE2 when the toolkit was pointed at no distribution config (the distribution
  registers `nvidia` as a handler, not the default), and on a node with no toolkit pod whose own
  device plugin runs with a RuntimeClass, when the pod crash-loops in words no signature knows.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML

OPERATOR_NS = "gpu-operator"
PENDING = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
           "pod, 1 Preemption is not helpful for scheduling.")


_doc = diagnosis_of
_ids = finding_ids


def _named(doc: dict) -> str | None:
    return doc["root_cause"]["id"] if doc.get("root_cause") else doc.get("suspect")


def _scale_up_world(name: str, allocatable) -> World:
    w = World(name)
    w.node("cpu-1")
    w.gpu_node("gpu-pool-1", gpus=1, allocatable=allocatable)
    w.pod(ML, "infer-0", gpu=1, scheduled_message=PENDING)
    w.event(ML, "Pod", "infer-0", "FailedScheduling", PENDING, component="default-scheduler")
    w.event(ML, "Pod", "infer-0", "TriggeredScaleUp", "pod triggered scale-up: [{gpu-pool 1->2 (max: 3)}]",
            type="Normal", component="cluster-autoscaler", last="2026-11-29T14:55:00Z")
    w.target("Pod", ML, "infer-0")
    return w


def test_a_scale_up_beside_a_pool_node_that_offers_none_of_its_gpus_is_not_just_waiting(tmp_path):
    doc = _doc(_scale_up_world("scale-up-alloc-zero", allocatable=0), tmp_path)
    assert not any(g["collector"] == "autoscaler" for g in doc["gaps"]), doc["gaps"]
    assert _named(doc) == "node.gpu_allocatable_zero", (doc["status"], _ids(doc))


def test_a_scale_up_for_a_pool_whose_gpus_are_all_offered_is_still_waiting(tmp_path):
    w = _scale_up_world("scale-up-held", allocatable="same")
    w.pod(ML, "holder-0", node="gpu-pool-1", gpu=1)
    doc = _doc(w, tmp_path)
    assert any(g["collector"] == "autoscaler" and g["reason"] == "in_progress" for g in doc["gaps"]), doc["gaps"]


def test_a_warning_about_the_target_does_not_outrank_the_driver_it_runs_on(tmp_path):
    w = World("env-by-hand-driver-not-ready")
    w.gpu_node("gpu-node-2", gpus=1)
    driver = w.get_pod(OPERATOR_NS, w.stack("gpu-node-2", "driver"))
    driver["status"]["containerStatuses"][0].update({"ready": False})
    driver["status"]["conditions"][-1]["status"] = "False"
    w.pod("monitoring", "gpu-metrics-agent-x7kq2", node="gpu-node-2", gpu=0, containers=("agent",),
          env=[{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}], owner=("DaemonSet", "gpu-metrics-agent"),
          statuses={"agent": {"ready": False, "restartCount": 7, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
                              "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log("monitoring", "gpu-metrics-agent-x7kq2", "agent", "failed to initialise NVML", previous=True)
    w.target("Pod", "monitoring", "gpu-metrics-agent-x7kq2")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "driver.not_ready", _ids(doc)


def test_a_pods_own_finding_never_explains_its_nodes_state():
    from triage.classify.explain import can_explain, finding_explains
    from triage.classify.model import Citation, Finding, Severity, Subject
    cite = (Citation("cluster-resources/pods/monitoring.json", None, "env NVIDIA_VISIBLE_DEVICES=all"),)
    pod = Finding("runtime.visible_devices_misconfigured", Severity.WARNING, Subject("Pod", "agent", "monitoring"), cite)
    node = Finding("node.gpu_not_advertised", Severity.ERROR, Subject("Node", "gpu-node-2"), cite)
    assert can_explain(pod.id, node.id)           # the table allows the runtime layer in general ...
    assert not finding_explains(pod, node)         # ... but not one pod's own setting


KUBEVIRT_LOG = """2021/07/09 00:38:05 Nvidia device  0000:01:00.0
2021/07/09 00:38:05 Iommu Group 0
2021/07/09 00:38:05 Device Id 2235
2021/07/09 00:38:05 Error: Could not find device name for device id: 2235"""
NO_GPU_PLUGIN_LOG = """I1129 14:01:02.123456       1 main.go:317] Retrieving plugins.
E1129 14:01:02.456789       1 factory.go:112] Incompatible strategy detected auto
E1129 14:01:02.456790       1 factory.go:113] If this is a GPU node, did you configure the NVIDIA Container Toolkit?
I1129 14:01:02.456791       1 main.go:346] No devices found. Waiting indefinitely."""


def _unlabelled_plugin_world(name: str, log: str) -> World:
    w = World(name)
    w.node("k8s-usra-01", labels={"kubevirt.io/schedulable": "true"})
    w.pod("kube-system", "nvidia-kubevirt-gpu-dp-daemonset-7qk2m", node="k8s-usra-01", gpu=0,
          containers=("nvidia-kubevirt-gpu-dp-ctr",), image="nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.0.0",
          labels={"name": "nvidia-kubevirt-gpu-dp-ds"}, owner=("DaemonSet", "nvidia-kubevirt-gpu-dp-daemonset"))
    w.log("kube-system", "nvidia-kubevirt-gpu-dp-daemonset-7qk2m", "nvidia-kubevirt-gpu-dp-ctr", log)
    w.target("Node", None, "k8s-usra-01")
    return w


def test_a_running_plugin_whose_log_ends_on_an_error_has_not_registered(tmp_path):
    doc = _doc(_unlabelled_plugin_world("kubevirt-dp-no-name", KUBEVIRT_LOG), tmp_path)
    assert _named(doc) == "plugin.not_registered", (doc["status"], _ids(doc))
    f = next(f for f in doc["findings"] if f["id"] == "plugin.not_registered")
    assert any("Could not find device name for device id: 2235" in e["excerpt"] for e in f["evidence"])


def test_a_plugin_that_ends_waiting_for_devices_on_a_node_without_gpus_has_nothing_to_register(tmp_path):
    doc = _doc(_unlabelled_plugin_world("plugin-on-cpu-node", NO_GPU_PLUGIN_LOG), tmp_path)
    assert "plugin.not_registered" not in _ids(doc)


def test_a_crash_looping_gfd_is_its_stage_not_an_unclassified_crash(tmp_path):
    w = World("gfd-crash")
    w.gpu_node("worker8", gpus=1)
    gfd = w.stack("worker8", "gfd")
    pod = w.get_pod(OPERATOR_NS, gfd)
    pod["status"]["containerStatuses"][0].update({
        "ready": False, "restartCount": 31, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
        "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}})
    w.log(OPERATOR_NS, gfd, "gpu-feature-discovery", "failed to create resource manager: unsupported strategy auto",
          previous=True)
    w.target("Pod", OPERATOR_NS, gfd)
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.gfd_error", _ids(doc)
    assert "application.crash_unclassified" not in _ids(doc)


XID_45 = """[Tue Sep  1 09:12:04 2026] NVRM: Xid (PCI:0008:01:00): 45, pid=412233, name=python3, Ch 00000008
[Tue Sep  1 09:41:37 2026] NVRM: Xid (PCI:0008:01:00): 45, pid=418871, name=python3, Ch 00000008"""


def test_xid_45_alone_is_a_process_ending_not_a_fault(tmp_path):
    w = World("xid-45-alone")
    w.gpu_node("gb200-tray03", gpus=4)
    w.dmesg("gb200-tray03", XID_45)
    w.target("Node", None, "gb200-tray03")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "healthy", (doc["status"], _ids(doc))


def test_xid_45_beside_a_fault_leaves_the_fault_to_speak(tmp_path):
    w = World("xid-45-after-79")
    w.gpu_node("gpu-node-1", gpus=8)
    w.dmesg("gpu-node-1", XID_45 + "\n[Tue Sep  1 09:50:00 2026] NVRM: Xid (PCI:0008:01:00): 79, pid=0, "
                                   "name=swapper/0, GPU has fallen off the bus.")
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus", _ids(doc)
    assert "application.xid_application_fault" not in _ids(doc)


def _k3s_world(name: str, toolkit_env: list | None, *, plugin_class: bool = True, toolkit: bool = True) -> World:
    w = World(name)
    w.gpu_node("k3s-gpu-0", gpus=1, operator=False)
    w.get_node("k3s-gpu-0")["status"]["nodeInfo"]["kubeletVersion"] = "v1.29.4+k3s1"
    w.pod("kube-system", "nvidia-device-plugin-daemonset-5xq2w", node="k3s-gpu-0", gpu=0,
          containers=("nvidia-device-plugin-ctr",), image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
          labels={"app.kubernetes.io/name": "nvidia-device-plugin"},
          owner=("DaemonSet", "nvidia-device-plugin-daemonset"), runtime_class="nvidia" if plugin_class else None)
    if toolkit:
        w.pod(OPERATOR_NS, "nvidia-container-toolkit-daemonset-f38b4", node="k3s-gpu-0", gpu=0,
              containers=("nvidia-container-toolkit-ctr",), env=toolkit_env,
              labels={"app": "nvidia-container-toolkit-daemonset"},
              owner=("DaemonSet", "nvidia-container-toolkit-daemonset"), runtime_class="nvidia")
    return w


def test_on_k3s_a_toolkit_pointed_at_no_distribution_config_leaves_runc_the_default(tmp_path):
    w = _k3s_world("k3s-no-containerd-config", [])
    w.pod(ML, "gpu-notebook-0", node="k3s-gpu-0", gpu=1, containers=("gpu-notebook",))
    w.target("Pod", ML, "gpu-notebook-0")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert (root["id"], root["params"]["reason"]) == ("runtime.no_device_visible", "distribution_default"), _ids(doc)


def test_on_k3s_a_toolkit_pointed_at_the_template_is_no_finding(tmp_path):
    w = _k3s_world("k3s-template", [{"name": "CONTAINERD_CONFIG",
                                     "value": "/var/lib/rancher/k3s/agent/etc/containerd/config.toml.tmpl"}])
    w.pod(ML, "gpu-notebook-0", node="k3s-gpu-0", gpu=1, containers=("gpu-notebook",))
    w.target("Pod", ML, "gpu-notebook-0")
    assert "runtime.no_device_visible" not in _ids(_doc(w, tmp_path))


def _classless_crash(w: World, log: str) -> None:
    w.pod(ML, "predictor-0", node="k3s-gpu-0", gpu=1, containers=("kserve-container",),
          statuses={"kserve-container": {"ready": False, "restartCount": 6,
                                         "state": {"waiting": {"reason": "CrashLoopBackOff"}},
                                         "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log(ML, "predictor-0", "kserve-container", log, previous=True)
    w.target("Pod", ML, "predictor-0")


def test_a_classless_gpu_pod_crashing_beside_a_plugin_that_needs_a_class_got_no_gpu(tmp_path):
    w = _k3s_world("classless-crash", None, toolkit=False)
    _classless_crash(w, "kserve ERROR [__main__.py:<module>():254] Failed to start model server: integer "
                        "division or modulo by zero")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert (root["id"], root["certainty"], root["params"]["reason"]) == \
        ("runtime.no_device_visible", "inferred", "stack_runs_with_class"), _ids(doc)


def test_a_classless_pod_whose_crash_a_signature_names_keeps_that_name(tmp_path):
    w = _k3s_world("classless-oom", None, toolkit=False)
    _classless_crash(w, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
                        "capacity of 79.15 GiB of which 1.12 GiB is free.")
    doc = _doc(w, tmp_path)
    assert "runtime.no_device_visible" not in _ids(doc), _ids(doc)


def test_a_classless_pod_beside_a_classless_plugin_is_no_runtime_finding(tmp_path):
    w = _k3s_world("classless-both", None, toolkit=False, plugin_class=False)
    _classless_crash(w, "Failed to start model server: integer division or modulo by zero")
    assert "runtime.no_device_visible" not in _ids(_doc(w, tmp_path))
