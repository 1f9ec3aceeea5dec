"""Readings from the misses of earlier first-contact runs (session 18), each from the emitting
component's own format or the cluster's state:

- A device plugin that panics inside its Allocate handler (the Go runtime's panic report, the
  panicking goroutine's frames through the device plugin API's Allocate) is the failed allocation
  call, its crash loop the consequence; a plugin that panics at start-up stays plugin.not_running.
- The shared-GPU resources of Volcano's vGPU device plugin (`volcano.sh/vgpu-number`,
  `vgpu-memory`, `vgpu-cores`) are GPU resources: a node offering them advertises its GPUs, and
  its vGPU memory at 0 beside the vGPU count is the resource advertised as 0, not a stale name.
- A GPU pod bound to a Ready node for minutes with nothing of the kubelet's on it: the device
  manager's admission has not returned; a DRA pod ContainerCreating as long without a kubelet
  event: the kubelet's NodePrepareResources call has not.
- A pending pod asking for a GPU resource no node offers, beside GPU nodes offering others of the
  same vendor (a MIG profile on nodes of whole GPUs): the node does not advertise that resource.
- A GPU share asked in annotations (KAI's gpu-fraction), placed, whose container finds no driver:
  no device was injected (runtime), not a pod that asked for no GPU.
"""

from __future__ import annotations

import doctest

from tests.classify.scenario_builder import OPERATOR_NS, World
from tests.classify.scenarios_real import ML, crashing, pending_pod
from triage.bundle.objects.gpu_resource import gpu_devices, is_gpu_resource
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence import go_panic
from triage.evidence.go_panic import frame_function, panic_frames
from triage.render.json import findings_document


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


# The Go runtime's report (runtime/panic.go printpanics, traceback.go) of a nil dereference in
# k8s-device-plugin's Allocate (internal/plugin/server.go `func (plugin *nvidiaDevicePlugin)
# Allocate(ctx context.Context, reqs *pluginapi.AllocateRequest)`), called through the device
# plugin API's generated handler
def _panic_log(function: str, handler: bool) -> str:
    frames = [f"github.com/NVIDIA/k8s-device-plugin/internal/plugin.(*nvidiaDevicePlugin).{function}"
              "(0xc0003a2000, {0x1e3c5a8, 0xc0004b6f00}, 0xc0002f4a80)",
              "\t/build/internal/plugin/server.go:331 +0x1a4"]
    if handler:
        frames += ["k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1._DevicePlugin_Allocate_Handler"
                   "({0x1b2e0c0, 0xc0003a2000}, {0x1e3c5a8, 0xc0004b6f00}, 0xc0005d2100, 0x0)",
                   "\t/build/vendor/k8s.io/kubelet/pkg/apis/deviceplugin/v1beta1/api.pb.go:1428 +0x1be"]
    else:
        frames += ["main.main()", "\t/build/cmd/nvidia-device-plugin/main.go:187 +0x2c5"]
    return ("I1129 14:02:11.204117       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
            "panic: runtime error: invalid memory address or nil pointer dereference\n"
            "[signal SIGSEGV: segmentation violation code=0x1 addr=0x18 pc=0x14a2f3e]\n\n"
            "goroutine 143 [running]:\n" + "\n".join(frames) + "\n")


def _crashing_plugin(w: World, log: str) -> None:
    w.gpu_node("gpu-node-1", gpus=2)
    plugin = w.stack("gpu-node-1", "device-plugin")
    p = w.get_pod(OPERATOR_NS, plugin)
    p["status"]["phase"] = "Running"
    p["status"]["containerStatuses"] = [dict(name="nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
                                            **crashing("nvidia-device-plugin", code=2)["nvidia-device-plugin"])]
    w.log(OPERATOR_NS, plugin, "nvidia-device-plugin", log, previous=True)
    w.pod(ML, "train-0", node="gpu-node-1", phase="Failed", reason="UnexpectedAdmissionError",
          message="Pod was rejected: Allocate failed due to rpc error: code = Unavailable desc = error reading from "
                  "server: EOF, which is unexpected", statuses={})
    w.target("Pod", ML, "train-0")


def test_a_plugin_that_panics_inside_allocate_is_the_failed_allocation_call(tmp_path):
    w = World("plugin-panics-in-allocate")
    _crashing_plugin(w, _panic_log("Allocate", handler=True))
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "plugin.allocate_rpc_failed", [f["id"] for f in doc["findings"]]
    assert root["params"]["panicked_in"] == "Allocate" and root["params"]["pod"] == "train-0"
    assert any("(*nvidiaDevicePlugin).Allocate(" in e["excerpt"] for e in root["evidence"])
    assert "plugin.not_running" in root["explains"], root["explains"]


def test_a_plugin_that_panics_at_start_up_is_not_running(tmp_path):
    w = World("plugin-panics-at-start")
    _crashing_plugin(w, _panic_log("Start", handler=False))
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.not_running", [f["id"] for f in doc["findings"]]
    assert not any(f.get("params", {}).get("panicked_in") for f in doc["findings"])


def test_panic_frames_read_the_panicking_goroutine_only():
    lines = _panic_log("Allocate", handler=True).splitlines() + ["", "goroutine 1 [select]:", "main.(*x).Allocate()"]
    start, frames = panic_frames(lines)
    assert lines[start].startswith("panic: runtime error")
    assert [frame_function(f) for _, f in frames] == ["Allocate", "_DevicePlugin_Allocate_Handler"]
    assert panic_frames(["E1129 error: could not load NVML"]) is None
    assert doctest.testmod(go_panic).failed == 0


def test_a_panic_report_without_its_goroutine_has_no_frames():
    start, frames = panic_frames(["panic: boom"] + ["x"] * 20 + ["goroutine 1 [running]:", "main.Allocate()"])
    assert start == 0 and frames == []


VGPU = ("volcano.sh/vgpu-number", "volcano.sh/vgpu-memory", "volcano.sh/vgpu-cores")


def _vgpu_node(w: World, memory: str) -> None:
    n = w.node("gpu-node-1", labels={"nvidia.com/gpu.present": "true", "volcano.sh/vgpu": "true"})
    for key in ("capacity", "allocatable"):
        n["status"][key].update({VGPU[0]: "20", VGPU[1]: memory, VGPU[2]: "200"})
    w.pod("kube-system", "volcano-device-plugin-q9w4z", node="gpu-node-1", gpu=0,
          containers=("volcano-device-plugin",), labels={"name": "volcano-device-plugin"},
          owner=("DaemonSet", "volcano-device-plugin"))
    w.target("Node", None, "gpu-node-1")


def test_volcano_vgpu_resources_are_gpu_resources_and_memory_is_no_device_count():
    assert all(is_gpu_resource(r) for r in VGPU)
    assert is_gpu_resource("aliyun.com/gpu-mem") and is_gpu_resource("volcano.sh/gpu-number")
    assert gpu_devices({VGPU[0]: 2, VGPU[1]: 3000, VGPU[2]: 50}) == 2


def test_a_node_offering_vgpu_resources_advertises_its_gpus(tmp_path):
    w = World("vgpu-served")
    _vgpu_node(w, "46068")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert "node.gpu_not_advertised" not in ids and "plugin.not_registered" not in ids, ids


def test_vgpu_memory_at_zero_beside_its_count_is_advertised_as_zero(tmp_path):
    w = World("vgpu-memory-zero")
    _vgpu_node(w, "0")
    doc = _doc(w, tmp_path)
    zero = [f for f in doc["findings"] if f["id"] == "node.gpu_allocatable_zero"]
    assert zero and zero[0]["params"]["resource"] == "volcano.sh/vgpu-memory", [f["id"] for f in doc["findings"]]


def _bound_silent(w: World, bound_at: str, kubelet_event: bool = False) -> None:
    """A GPU pod bound to a Ready node with the healthy operator stack, and nothing of the kubelet's
    on it: the status the scheduler's binding leaves (PodScheduled only)."""
    w.gpu_node("gpu-node-1", gpus=8)
    p = w.pod(ML, "train-0", node="gpu-node-1", phase="Pending")
    p["status"] = {"phase": "Pending", "qosClass": "Burstable",
                   "conditions": [{"type": "PodScheduled", "status": "True", "lastTransitionTime": bound_at}]}
    w.event(ML, "Pod", "train-0", "Scheduled", "Successfully assigned ml/train-0 to gpu-node-1", type="Normal",
            component="default-scheduler")
    if kubelet_event:
        w.event(ML, "Pod", "train-0", "FailedMount", 'MountVolume.SetUp failed for volume "data" : '
                'configmap "train-config" not found', component="kubelet")
    w.target("Pod", ML, "train-0")


def test_a_gpu_pod_bound_for_minutes_that_the_kubelet_never_admitted_is_the_device_manager(tmp_path):
    w = World("bound-not-admitted")
    _bound_silent(w, "2026-11-29T14:20:00Z")           # 40 minutes before the bundle was collected
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "plugin.admission_failed", [f["id"] for f in doc["findings"]]
    assert root["params"]["reason"] == "not_admitted" and root["params"]["minutes"] == 40
    assert root["certainty"] == "inferred" and doc["status"] != "healthy"


def test_a_pod_bound_a_minute_ago_or_one_the_kubelet_works_on_is_no_stalled_admission(tmp_path):
    for name, bound_at, event in (("just-bound", "2026-11-29T14:59:00Z", False),
                                  ("kubelet-mounting", "2026-11-29T14:20:00Z", True)):
        w = World(name)
        _bound_silent(w, bound_at, kubelet_event=event)
        doc = _doc(w, tmp_path / name)
        assert not any(f["params"].get("reason") == "not_admitted" for f in doc["findings"]), name


def test_a_mig_profile_no_node_offers_beside_whole_gpus_is_the_node_not_advertising_it(tmp_path):
    w = World("mig-not-offered")
    w.gpu_node("gpu-node-1", gpus=8)          # whole GPUs only: no MIG layout applied
    msg = "0/1 nodes are available: 1 Insufficient nvidia.com/mig-1g.5gb."
    pending_pod(w, "mixed-0", msg, resource="nvidia.com/mig-1g.5gb")
    w.target("Pod", ML, "mixed-0")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "node.gpu_not_advertised", [f["id"] for f in doc["findings"]]
    assert root["params"]["resource"] == "nvidia.com/mig-1g.5gb" and root["params"]["offered"] == ["nvidia.com/gpu"]
    assert "scheduler.insufficient_gpu" in root["explains"] and doc["status"] == "problem"


def test_a_resource_some_node_offers_and_others_hold_stays_insufficient(tmp_path):
    w = World("gpu-all-taken")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "holder-0", node="gpu-node-1", owner=("ReplicaSet", "holder"))
    pending_pod(w, "waiting-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.")
    w.target("Pod", ML, "waiting-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.insufficient_gpu", [f["id"] for f in doc["findings"]]
    assert not any(f["params"].get("offered") for f in doc["findings"])


def _dra_pod_creating(w: World, pulling: bool) -> None:
    """A DRA pod bound 40 minutes ago whose container waits in ContainerCreating; the DRA driver's
    kubelet plugin runs on the node."""
    w.gpu_node("gpu-node-1", gpus=0, operator=False)
    w.pod("nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin-9xv4d", node="gpu-node-1", gpu=0,
          containers=("gpus",), labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"},
          owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"))
    p = w.pod(ML, "bench-0", node="gpu-node-1", gpu=0, phase="Pending",
              statuses={"main": {"state": {"waiting": {"reason": "ContainerCreating"}}}},
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]})
    for c in p["status"]["conditions"]:
        c["lastTransitionTime"] = "2026-11-29T14:20:00Z"
    if pulling:
        w.event(ML, "Pod", "bench-0", "Pulling", 'Pulling image "vllm/vllm-openai:v0.8.3"', type="Normal",
                component="kubelet")
    w.target("Pod", ML, "bench-0")


def test_a_dra_pod_creating_for_minutes_without_a_kubelet_word_waits_on_the_prepare_call(tmp_path):
    w = World("dra-prepare-pending")
    _dra_pod_creating(w, pulling=False)
    doc = _doc(w, tmp_path)
    found = [f for f in doc["findings"] if f["params"].get("reason") == "prepare_pending"]
    assert found and found[0]["id"] == "plugin.allocate_rpc_failed", [f["id"] for f in doc["findings"]]
    assert found[0]["params"]["claim"] == "gpu" and found[0]["params"]["minutes"] == 40


def test_a_dra_pod_whose_image_the_kubelet_pulls_is_past_the_prepare_call(tmp_path):
    w = World("dra-pulling")
    _dra_pod_creating(w, pulling=True)
    doc = _doc(w, tmp_path)
    assert not any(f["params"].get("reason") == "prepare_pending" for f in doc["findings"])


def test_a_kai_gpu_share_placed_on_a_node_whose_container_finds_no_driver_got_no_device(tmp_path):
    """KAI-Scheduler's GPU sharing asks in annotations (docs/gpu-sharing: `gpu-fraction`), not in
    resources: a bound pod of it that finds no GPU was given a share the runtime did not inject."""
    w = World("kai-share-no-device")
    w.gpu_node("gpu-node-1", gpus=1)
    p = w.pod(ML, "notebook-0", node="gpu-node-1", gpu=0, scheduler="kai-scheduler", containers=("notebook",),
              statuses=crashing("notebook"), phase="Running", ready=False, restarts=4)
    p["metadata"]["annotations"] = {"gpu-fraction": "0.5"}
    # torch/cuda/__init__.py _check_driver: the error PyTorch raises when it finds no NVIDIA driver
    w.log(ML, "notebook-0", "notebook", "RuntimeError: Found no NVIDIA driver on your system. Please check that you "
          "have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n", previous=True)
    w.target("Pod", ML, "notebook-0")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "runtime.no_device_visible", [f["id"] for f in doc["findings"]]
    assert root["params"]["annotation"] == "gpu-fraction"


def test_the_kata_sandbox_plugin_and_its_passthrough_gpus_are_the_gpu_stack():
    """The GPU Operator's Kata / Confidential Containers stack: its sandbox device plugin's DaemonSet
    label (controllers/object_controls.go) and the resource it advertises by default."""
    from triage.bundle.objects.gpu_stack import stack_role
    assert is_gpu_resource("nvidia.com/pgpu") and not is_gpu_resource("nvidia.com/nvswitch")
    pod = {"metadata": {"name": "nvidia-kata-sandbox-device-plugin-daemonset-b5tp7",
                        "labels": {"app": "nvidia-kata-sandbox-device-plugin-daemonset"}}}
    assert stack_role(pod) == "device-plugin"


def test_a_layout_absent_from_a_whole_fleet_is_said_by_a_few_nodes_not_every_one(tmp_path):
    from triage.classify.rules.node import MAX_NODES_NAMED
    w = World("mig-not-offered-fleet")
    for i in range(MAX_NODES_NAMED + 4):
        w.gpu_node(f"gpu-node-{i + 1}", gpus=8, operator=False)
    for name in ("mixed-0", "mixed-1"):
        pending_pod(w, name, "0/12 nodes are available: 12 Insufficient nvidia.com/mig-1g.5gb.",
                    resource="nvidia.com/mig-1g.5gb")
    w.target("Pod", ML, "mixed-1")
    doc = _doc(w, tmp_path)
    named = {f["subject"]["name"] for f in doc["findings"] if f["params"].get("offered")}
    assert len(named) == MAX_NODES_NAMED, sorted(named)
    assert doc["root_cause"]["id"] == "node.gpu_not_advertised", [f["id"] for f in doc["findings"]]


def test_a_mig_profile_absent_from_a_bundle_that_holds_only_some_of_the_nodes_is_not_called_unoffered(tmp_path):
    """The scheduler weighed 40 nodes and the bundle holds 1 (a collector keeps a bounded few
    candidates): a node offering the profile may be among the 39 left out."""
    w = World("mig-not-offered-partial")
    w.gpu_node("gpu-node-1", gpus=8)
    pending_pod(w, "mixed-0", "0/40 nodes are available: 40 Insufficient nvidia.com/mig-1g.5gb.",
                resource="nvidia.com/mig-1g.5gb")
    w.target("Pod", ML, "mixed-0")
    doc = _doc(w, tmp_path)
    assert not any(f["params"].get("offered") for f in doc["findings"]), [f["id"] for f in doc["findings"]]


def test_a_bound_pod_whose_namespace_events_were_not_collected_is_no_stalled_admission(tmp_path):
    from triage.bundle import layout
    w = World("bound-no-events-list")
    _bound_silent(w, "2026-11-29T14:20:00Z")
    root = w.write(tmp_path / "bundle")
    (root / layout.namespaced_list("events", ML)).unlink()     # the pod's namespace: no event list read
    with load_bundle(root) as b:
        doc = findings_document(diagnose(b), b)
    assert not any(f["params"].get("reason") == "not_admitted" for f in doc["findings"]), \
        [f["id"] for f in doc["findings"]]
