"""What the cluster's state says, where the loudest message says something else.

- A GPU container whose log says `nvidia-smi: command not found` started without the
  NVIDIA runtime (the toolkit injects nvidia-smi with the driver): runtime, not HEALTHY.
- "0/41 nodes are available: 2 Insufficient pods, 35 Insufficient cpu, ..." counts every node;
  the GPU node's own allocatable and requests say which one it is for this pod.
- mig.config.state=pending while the MIG manager is back in its watch loop after an apply it
  never finished: the apply failed, nothing is reconfiguring.
- The GPU Operator runs and no device plugin exists anywhere: the plugin was never created,
  cited from the operator's own log.
- A gang scheduler's queue that refuses a job (Volcano's PodGroup event) is a cause.
- A DRA pod whose NodePrepareResources failed is the plugin's allocation failure.
- An nvidia-smi run whose words no parser knows exits with a documented return value (9 driver
  not loaded, 12 NVML library not found, 15 GPU lost): the exit status says it; known words decide.
- A device the plugin's health checker marks unhealthy for an NVML reason of its own, with no Xid,
  is no Xid finding: the node's allocatable is the state.
"""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, OPERATOR_NS, World
from tests.classify.scenarios_real import ML, crash_pod, crashing, pending_pod
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def test_nvidia_smi_missing_in_a_gpu_container_is_no_gpu_injected(tmp_path):
    w = World("smi-missing")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "localai-0", node="gpu-node-1", containers=("localai",))
    w.log(ML, "localai-0", "localai", "NVIDIA GPU detected\n/aio/entrypoint.sh: line 52: nvidia-smi: command not found\n"
          "GPU acceleration is not enabled or supported. Defaulting to CPU.\n")
    w.target("Pod", ML, "localai-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "runtime.no_device_visible", doc["status"]
    assert doc["root_cause"]["certainty"] == "inferred"


def test_the_gpu_nodes_own_state_names_the_short_resource(tmp_path):
    w = World("cpu-short-on-gpu-node")
    w.gpu_node("gpu-node-1", gpus=1, cpu="6", alloc_cpu="5840m")
    for i in range(3):
        w.node(f"cpu-{i}")
    pending_pod(w, "notebook-0", "0/4 nodes are available: 2 Insufficient pods, 1 Insufficient cpu, "
                "1 Insufficient memory.", cpu="8")
    w.target("Pod", ML, "notebook-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.insufficient_cpu_memory" and rc["params"]["resource"] == "cpu", rc["id"]
    assert any('"cpu":"5840m"' in e["excerpt"] for e in rc["evidence"])


def test_mig_pending_while_the_manager_waits_again_is_a_failed_apply(tmp_path):
    w = World("mig-wedged")
    n = w.gpu_node("gpu-node-1", gpus=4)
    n["metadata"]["labels"].update({"nvidia.com/mig.config": "all-balanced", "nvidia.com/mig.config.state": "pending"})
    w.pod(OPERATOR_NS, "nvidia-mig-manager-k7q2v", node="gpu-node-1", gpu=0, containers=("nvidia-mig-manager",),
          labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"))
    w.log(OPERATOR_NS, "nvidia-mig-manager-k7q2v", "nvidia-mig-manager",
          'time="2026-08-30T09:14:02Z" level=info msg="Updating to MIG config: all-balanced"\n'
          "Waiting for the device-plugin to shutdown\n"
          'time="2026-08-30T09:19:02Z" level=info msg="Waiting for change to \'nvidia.com/mig.config\' label"\n')
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.mig_config_failed", [f["id"] for f in doc["findings"]]
    assert "all-balanced" in doc["root_cause"]["title"]


def test_an_operator_that_created_no_plugin_is_cited_from_its_log(tmp_path):
    w = World("operator-no-operands")
    n = w.gpu_node("gpu-node-1", gpus=1, operator=False, allocatable=None)
    n["status"]["capacity"].pop("nvidia.com/gpu")
    w.pod(OPERATOR_NS, "gpu-operator-6d8f9b7c5-z8x2p", node="cpu-0", gpu=0, containers=("gpu-operator",),
          labels={"app": "gpu-operator"}, owner=("ReplicaSet", "gpu-operator-6d8f9b7c5"))
    w.node("cpu-0")
    w.log(OPERATOR_NS, "gpu-operator-6d8f9b7c5-z8x2p", "gpu-operator",
          '{"level":"info","msg":"Starting workers","controller":"clusterpolicy-controller"}\n'
          '{"level":"error","msg":"Reconciler error","controller":"clusterpolicy-controller","error":"failed to '
          'retrieve GPU node OS tag"}\n')
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "plugin.not_running" and rc["params"]["operator_pod"] == "gpu-operator-6d8f9b7c5-z8x2p", rc
    assert any(e["line"] == 2 and "Reconciler error" in e["excerpt"] for e in rc["evidence"])


@pytest.mark.parametrize("verdict", [
    "queue resource quota insufficient",                                    # proportion.go, no names
    "queue resource quota insufficient: insufficient nvidia.com/gpu",       # util.FormatResourceNames
    "resource quota insufficient, requested: cpu=8, used: cpu=60, limited: cpu=64",    # resourcequota.go
])
def test_a_volcano_queue_that_refuses_the_job_is_the_cause(tmp_path, verdict):
    w = World("volcano-queue")
    w.gpu_node("gpu-node-1", gpus=8)
    pg = "train-2f9c4e1a-5b6d-4c8e-9a7f-1d2e3c4b5a69"
    w.event("team", "PodGroup", pg, "Unschedulable", verdict, component="volcano", type="Normal")
    w.event("team", "PodGroup", pg, "Unschedulable", "0/0 tasks in gang unschedulable: pod group is not ready, "
            "1 minAvailable", component="volcano")
    w.target("Job", "team", "train")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "scheduler.custom_scheduler_rejected"
    assert verdict in doc["root_cause"]["evidence"][0]["excerpt"]


def test_a_failed_dra_prepare_is_the_plugins_allocation(tmp_path):
    w = World("dra-prepare")
    w.gpu_node("gpu-node-1", gpus=8)
    w.pod(ML, "bench-0", node="gpu-node-1", gpu=0, phase="Pending", containers=("bench",),
          statuses={"bench": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}})
    w.event(ML, "Pod", "bench-0", "FailedPrepareDynamicResources", "Failed to prepare dynamic resources: "
            "NodePrepareResources failed for ResourceClaim bench-0-gpus: error preparing devices for claim: invalid "
            "CDI Spec: invalid device, empty device edits", component="kubelet")
    w.target("Pod", ML, "bench-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.allocate_rpc_failed", [f["id"] for f in doc["findings"]]


def _gfd_node(w: World, labelled: bool):
    n = w.gpu_node("gpu-node-1", gpus=1, operator=False)
    labels = n["metadata"]["labels"]
    labels["cloud.google.com/gke-accelerator"] = "nvidia-l4"
    if not labelled:
        for k in [k for k in labels if k.startswith("nvidia.com/")]:
            labels.pop(k)
    w.pod("gpu-operator", "gpu-feature-discovery-x7k2p", node="gpu-node-1", gpu=0,
          containers=("gpu-feature-discovery",), labels={"app": "gpu-feature-discovery"},
          owner=("DaemonSet", "gpu-feature-discovery"))
    w.log("gpu-operator", "gpu-feature-discovery-x7k2p", "gpu-feature-discovery",
          "I0524 15:35:55.518183       1 factory.go:48] Detected non-NVML platform: could not load NVML library: "
          "libnvidia-ml.so.1: cannot open shared object file: No such file or directory\n")
    w.target("Node", None, "gpu-node-1")


def test_a_running_gfd_that_labels_nothing_on_a_gpu_node_fails(tmp_path):
    w = World("gfd-no-labels")
    _gfd_node(w, labelled=False)
    doc = _doc(w, tmp_path)
    gfd = [f for f in doc["findings"] if f["id"] == "plugin.gfd_error"]
    assert gfd and gfd[0]["certainty"] == "inferred", [f["id"] for f in doc["findings"]]
    assert any("Detected non-NVML platform" in e["excerpt"] for e in gfd[0]["evidence"])


def test_a_running_gfd_whose_labels_are_there_is_no_finding(tmp_path):
    w = World("gfd-labelled")
    _gfd_node(w, labelled=True)
    doc = _doc(w, tmp_path)
    assert "plugin.gfd_error" not in [f["id"] for f in doc["findings"]]


@pytest.mark.parametrize("held", [True, False])
def test_a_validation_without_a_free_gpu_explains_the_validator_only_when_pods_hold_it(tmp_path, held):
    """plugin-validation cannot get a GPU: because a workload holds it (the validator waits on it), or
    because no GPU is advertised at all (then the waiting validator is the plugin's own failure)."""
    from triage.classify.explain import finding_explains
    from triage.classify.model import Finding, Severity, Subject
    from triage.classify.model import Citation
    cite = (Citation("cluster-resources/pods/gpu-operator.json", None, "x"),)
    node = Subject("Node", "gpu-node-1")
    cause = Finding("plugin.validation_no_free_gpu", Severity.WARNING, node, cite,
                    {"holders": ["ml/train-0"]} if held else {})
    symptom = Finding("plugin.not_running", Severity.ERROR, node, cite, {"state": "init_stuck"})
    assert finding_explains(cause, symptom) is held


GKE_L4 = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
UNKNOWN_CRASH = "RuntimeError: provider 'Accel' could not be created for device_id 0\n"


def test_a_pod_placed_for_a_gpu_that_asks_for_none_and_fails_requested_no_gpu(tmp_path):
    """It selects the GPU node pool, asks for no nvidia.com/gpu, and crashes in words no
    signature knows: the missing request is the cause, inferred from the spec, citing both."""
    w = World("intent-no-request")
    w.gpu_node("gpu-node-1", gpus=1, labels=GKE_L4)
    crash_pod(w, "embed-0", UNKNOWN_CRASH, gpu=0, node_selector=GKE_L4)
    w.target("Pod", ML, "embed-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "application.gpu_not_requested" and rc["certainty"] == "inferred", doc["findings"]
    excerpts = " ".join(e["excerpt"] for e in rc["evidence"])
    assert "gke-accelerator" in excerpts and "resources.limits" in excerpts and "device_id 0" in excerpts


def test_a_node_agent_that_asks_for_no_gpu_is_not_told_to(tmp_path):
    """A DaemonSet's pod reaches the GPU through the host: no request is expected of it."""
    w = World("agent-no-request")
    w.gpu_node("gpu-node-1", gpus=1, labels=GKE_L4)
    crash_pod(w, "gpu-agent-x7k2p", UNKNOWN_CRASH, gpu=0, node_selector=GKE_L4, owner=("DaemonSet", "gpu-agent"))
    w.target("Pod", ML, "gpu-agent-x7k2p")
    doc = _doc(w, tmp_path)
    assert "application.gpu_not_requested" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_a_stack_pod_that_cannot_pull_its_own_init_image_is_its_own_layer(tmp_path):
    """The toolkit pod's driver-validation init container cannot pull its (CUDA base) image: the
    toolkit never starts; the driver, whose validation never ran, is not the one failing."""
    from tests.classify.scenarios_real import init_stuck
    w = World("toolkit-init-pull")
    w.gpu_node("gpu-node-1", gpus=1)
    init_stuck(w, "gpu-node-1", "toolkit", "driver-validation", None, state={
        "state": {"waiting": {"reason": "ImagePullBackOff",
                              "message": 'Back-off pulling image "nvcr.io/nvidia/cuda@sha256:0123"'}},
        "ready": False, "restartCount": 0})
    w.target("Node", "", "gpu-node-1")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] == "runtime.toolkit_not_ready" and "driver.image_unavailable" not in ids, ids


def test_a_third_party_device_plugin_crashing_on_an_unlabelled_node_is_the_plugin(tmp_path):
    """tkestack's gpu-manager (label name=gpu-manager-ds) crash-loops on a node that advertises
    nothing yet: the node is a GPU node because its GPU stack runs there, and the plugin is down."""
    w = World("gpu-manager-down")
    w.node("gpu-node-3", labels={"nvidia-device-enable": "enable"})
    w.pod("kube-system", "gpu-manager-daemonset-8x2kq", node="gpu-node-3", gpu=0, containers=("gpu-manager",),
          image="tkestack/gpu-manager:v1.1.5", labels={"name": "gpu-manager-ds"}, phase="Running", ready=False,
          owner=("DaemonSet", "gpu-manager-daemonset"), statuses=crashing("gpu-manager", 1), restarts=8)
    w.target("Node", "", "gpu-node-3")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "plugin.not_running", doc["status"]


def test_a_running_third_party_plugin_whose_resources_are_advertised_is_registered(tmp_path):
    w = World("gpu-manager-up")
    node = w.node("gpu-node-3", labels={"nvidia.com/gpu.present": "true"})
    for k, v in (("tencent.com/vcuda-core", "400"), ("tencent.com/vcuda-memory", "96")):
        node["status"]["capacity"][k] = v
        node["status"]["allocatable"][k] = v
    w.pod("kube-system", "gpu-manager-daemonset-8x2kq", node="gpu-node-3", gpu=0, containers=("gpu-manager",),
          image="tkestack/gpu-manager:v1.1.5", labels={"name": "gpu-manager-ds"},
          owner=("DaemonSet", "gpu-manager-daemonset"))
    w.target("Node", "", "gpu-node-3")
    doc = _doc(w, tmp_path)
    assert "plugin.not_registered" not in [f["id"] for f in doc["findings"]], doc["findings"]


NO_DEVICES = ('I1129 14:01:02.000311       1 main.go:370] No devices found. Waiting indefinitely.\n')


@pytest.mark.parametrize("operator, status", [(False, "inconclusive"), (True, "problem")])
def test_a_plugin_that_finds_no_devices_is_a_symptom_of_what_it_was_given(tmp_path, operator, status):
    """The plugin's NVML loaded and saw no GPU: the devices were not handed to its container or
    the driver does not see them. With the runtime and driver layers unchecked (a host-installed
    stack, no exec, no kernel log) that is a suspect, not a verdict; with them checked, the answer."""
    w = World(f"no-devices-{operator}")
    node = w.gpu_node("gpu-node-1", gpus=1, operator=operator, plugin_log=NO_DEVICES)
    for part in ("capacity", "allocatable"):          # never registered: no nvidia.com/gpu at all
        node["status"][part].pop("nvidia.com/gpu")
    if not operator:                                  # the standalone chart's plugin on a host-installed stack
        w.pod("kube-system", "nvidia-device-plugin-daemonset-q8wzr", node="gpu-node-1", gpu=0,
              containers=("nvidia-device-plugin-ctr",), labels={"app.kubernetes.io/name": "nvidia-device-plugin"},
              owner=("DaemonSet", "nvidia-device-plugin-daemonset"))
        w.log("kube-system", "nvidia-device-plugin-daemonset-q8wzr", "nvidia-device-plugin-ctr", NO_DEVICES)
    w.target("Node", "", "gpu-node-1")
    doc = _doc(w, tmp_path)
    answer = doc["root_cause"]["id"] if doc["root_cause"] else doc.get("suspect")
    assert doc["status"] == status and answer == "plugin.no_devices_found", (doc["status"], answer)


def test_a_plugin_daemonset_that_does_not_tolerate_the_legacy_gpu_nodes_taint_wants_no_pod_there(tmp_path):
    """The node shows only the kubelet's pre-device-plugin resource (alpha.kubernetes.io/nvidia-gpu)
    and a taint the plugin's DaemonSet does not tolerate: the DaemonSet wants 0 pods, so no plugin
    will ever advertise nvidia.com/gpu there."""
    w = World("legacy-taint")
    w.node("gpu-node-01", gpus=1, resource="alpha.kubernetes.io/nvidia-gpu",
           taints=[{"key": "nvidia.com/gpu", "effect": "NoSchedule"}])
    template = {"metadata": {"name": "t", "labels": {"name": "nvidia-device-plugin-ds"}},
                "spec": {"tolerations": [{"key": "CriticalAddonsOnly", "operator": "Exists"}],
                         "containers": [{"name": "nvidia-device-plugin-ctr",
                                         "image": "nvidia/k8s-device-plugin:1.10"}]}}
    ds = w.workload("DaemonSet", "kube-system", "nvidia-device-plugin-daemonset", template_pod=template,
                    status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0})
    ds["spec"]["template"]["metadata"]["labels"] = {"name": "nvidia-device-plugin-ds"}
    w.target("Node", "", "gpu-node-01")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "plugin.not_running", (doc["status"], doc.get("suspect"))


@pytest.mark.parametrize("auto_install, finds", [(None, True), ("default", False)])
def test_a_gke_gpu_pool_that_installs_no_driver_has_none(tmp_path, auto_install, finds):
    w = World(f"gke-no-driver-{auto_install}")
    labels = {"cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-nodepool": "gpu-pool"}
    if auto_install:
        labels["cloud.google.com/gke-gpu-driver-version"] = auto_install
    w.node("gke-gpu-pool-1", labels=labels)
    w.pod("kube-system", "nvidia-gpu-device-plugin-5xq7m", node="gke-gpu-pool-1", gpu=0,
          containers=("nvidia-gpu-device-plugin",), labels={"k8s-app": "nvidia-gpu-device-plugin"},
          owner=("DaemonSet", "nvidia-gpu-device-plugin"))
    w.target("Node", "", "gke-gpu-pool-1")
    doc = _doc(w, tmp_path)
    hit = [f for f in doc["findings"] if f["id"] == "driver.not_loaded" and f["params"].get("reason") == "gke_driver_not_installed"]
    assert bool(hit) is finds, doc["findings"]
    if finds:
        assert doc["root_cause"]["id"] == "driver.not_loaded"


# nvidia-smi's documented return values (man page, RETURN VALUE): the exit status the collector
# recorded says what the words would, when there are none a parser knows (here: no output kept)
_NOT_COMMUNICATE = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that "
                    "the latest NVIDIA driver is installed and running.\n")


def _smi_exit_world(name: str, code: int, stdout: str = "", *, workload: bool = False) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    if workload:
        w.pod(ML, "train-0", node="gpu-node-1", gpu=1, containers=("main",))
        w.exec(ML, "train-0", "main", ["nvidia-smi"], stdout, exit_code=code)
        w.target("Pod", ML, "train-0")
    else:
        w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi"], stdout,
               exit_code=code)
        w.target("Node", None, "gpu-node-1")
    return w


def test_a_driver_pods_nvidia_smi_that_exits_9_without_words_is_a_driver_not_loaded(tmp_path):
    doc = _doc(_smi_exit_world("smi-exit-9", 9), tmp_path)
    root = doc["root_cause"]
    assert root is not None and root["id"] == "driver.not_loaded", [f["id"] for f in doc["findings"]]
    assert root["evidence"][0]["path"].endswith("/nvidia-driver-ctr/nvidia-smi.json")
    assert '"command":["nvidia-smi"],"exit_code":9' in root["evidence"][0]["excerpt"]   # the record, verbatim


def test_an_exit_status_the_man_page_gives_no_layer_is_no_finding(tmp_path):
    doc = _doc(_smi_exit_world("smi-exit-255", 255), tmp_path)
    assert "driver.not_loaded" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_the_words_decide_when_a_parser_knows_them(tmp_path):
    doc = _doc(_smi_exit_world("smi-exit-9-words", 9, _NOT_COMMUNICATE), tmp_path)
    found = [f for f in doc["findings"] if f["id"] == "driver.not_loaded"]
    assert len(found) == 1 and "couldn't communicate" in found[0]["evidence"][0]["excerpt"], found


def test_a_workload_nvidia_smi_that_exits_12_found_no_nvml_injected(tmp_path):
    doc = _doc(_smi_exit_world("smi-exit-12", 12, workload=True), tmp_path)
    assert "runtime.no_device_visible" in [f["id"] for f in doc["findings"]], doc["findings"]


# k8s-device-plugin internal/rm/health.go (v0.14 - v0.18): a device whose NVML events cannot be
# registered is marked unhealthy with NVML's reason, no Xid; server.go then says it is marked
_NO_XID_UNHEALTHY = (
    "W1129 14:01:02.000311       1 health.go:107] Device GPU-6b7c3f21-0d4e-5a19-8c2b-91f0e3a7d5c4 is too old to "
    "support healthchecking.\n"
    "I1129 14:01:02.000313       1 health.go:109] Marking device GPU-6b7c3f21-0d4e-5a19-8c2b-91f0e3a7d5c4 as "
    "unhealthy: Not Supported\n"
    "I1129 14:01:02.000320       1 server.go:279] 'nvidia.com/gpu' device marked unhealthy: "
    "GPU-6b7c3f21-0d4e-5a19-8c2b-91f0e3a7d5c4\n")


def test_a_device_the_health_checker_marks_unhealthy_without_an_xid_is_no_xid_finding(tmp_path):
    """The plugin took the GPU out for a reason of its own health checker (NVML could not register
    events on it): no Xid was reported, so no Xid finding; the node's allocatable is the state."""
    w = World("unhealthy-no-xid")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=0, plugin_log=HEALTHY_PLUGIN_LOG + _NO_XID_UNHEALTHY)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert not any(i.startswith("driver.xid") for i in ids), ids
    assert "node.gpu_allocatable_zero" in ids, ids
