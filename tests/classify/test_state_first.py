"""State first, words second: a GPU-stack component that is visibly broken in the objects is a
finding at its own layer whatever its log says; a recognised log line refines the id, an
unknown one never demotes it to the node symptom; a component the OS owns is no missing pod.

Each world is a GPU node with the GPU Operator's stack (tests/classify/scenario_builder.py),
broken in one place; the log lines of the broken components are written as the component's
klog would print an error no signature knows."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import OPERATOR_NS, World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

UNKNOWN_ERROR = ('E1129 14:20:00.000001       1 main.go:142] error starting plugins: a wording no catalog '
                 'has seen: frobnicator rejected the socket\n')


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _crash(w: World, role: str, container: str, init: bool = False, reason: str = "CrashLoopBackOff",
           restarts: int = 7, running: bool = False) -> str:
    name = w.stack("gpu-node-1", role)
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending" if init else "Running"
    key = "initContainerStatuses" if init else "containerStatuses"
    for st in pod["status"].get(key, []):
        if st["name"] == container:
            state = {"running": {"startedAt": "2026-11-29T14:00:00Z"}} if running else \
                {"waiting": {"reason": reason, "message": "back-off 5m0s restarting failed container"}}
            st.update({"state": state, "ready": False, "restartCount": restarts,
                       "lastState": {} if running else {"terminated": {"exitCode": 1, "reason": "Error",
                                                                       "startedAt": "2026-11-29T14:19:00Z",
                                                                       "finishedAt": "2026-11-29T14:20:00Z"}}})
    if init:
        for st in pod["status"]["containerStatuses"]:
            st.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
    return name


def test_crash_looping_plugin_with_an_unknown_log_is_the_plugin_layer(tmp_path):
    w = World("dp-crash-unknown")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = _crash(w, "device-plugin", "nvidia-device-plugin")
    w.log(OPERATOR_NS, name, "nvidia-device-plugin", UNKNOWN_ERROR, previous=True)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "plugin.not_running", [f["id"] for f in doc["findings"]]
    assert rc["certainty"] == "inferred" and "node.gpu_not_advertised" in rc["explains"]
    assert doc["layers"]["plugin"]["status"] == "root" and doc["layers"]["node"]["status"] == "failed"
    # it cites the container status and the last error-looking line of the previous log, verbatim
    assert any(e["line"] == 1 and "frobnicator rejected the socket" in e["excerpt"] for e in rc["evidence"])
    assert any(e["line"] is None and "CrashLoopBackOff" in e["excerpt"] for e in rc["evidence"])


def test_a_plugin_its_own_liveness_probe_restarts_is_the_plugin_layer(tmp_path):
    """The kubelet kills the device plugin on a failed liveness probe (its messages as
    pkg/kubelet/prober and kuberuntime write them) and it crash-loops: a stage that is not running,
    asked about itself; the probe is how it died, not a workload's own probe."""
    w = World("dp-probe-killed")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = _crash(w, "device-plugin", "nvidia-device-plugin", restarts=14)
    w.event(OPERATOR_NS, "Pod", name, "Unhealthy",
            'Liveness probe failed: timeout: failed to connect service ":51516" within 1s: context deadline exceeded')
    w.event(OPERATOR_NS, "Pod", name, "Killing",
            "Container nvidia-device-plugin failed liveness probe, will be restarted", type="Normal")
    w.target("Pod", OPERATOR_NS, name)
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"] and doc["root_cause"]["id"] == "plugin.not_running", ids
    assert "application.probe_killed_during_startup" not in ids, ids


@pytest.mark.parametrize("reason, code", [("OOMKilled", 137), ("Error", 137)])
def test_a_plugin_killed_and_crash_looping_is_the_plugin_layer_not_the_workloads(tmp_path, reason, code):
    """The device plugin's container ends OOMKilled or with SIGKILL's 137 and crash-loops: the
    stage is not running; the kill is how, not a workload's memory limit or an outside SIGKILL."""
    w = World(f"dp-killed-{reason}")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = _crash(w, "device-plugin", "nvidia-device-plugin", restarts=9)
    st = next(x for x in w.get_pod(OPERATOR_NS, name)["status"]["containerStatuses"] if x["name"] == "nvidia-device-plugin")
    st["lastState"]["terminated"].update({"exitCode": code, "reason": reason})
    w.target("Pod", OPERATOR_NS, name)
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"] and doc["root_cause"]["id"] == "plugin.not_running", ids
    assert not any(i.startswith("application.") for i in ids), ids


def test_a_driver_pod_that_cannot_mount_its_volume_is_the_driver_citing_the_kubelet(tmp_path):
    """The driver pod stays Pending: a ConfigMap its volume names does not exist (the kubelet's
    FailedMount, pkg/volume/configmap "configmap %q not found"). The driver stage is not ready, and
    the event is its evidence; it is no workload's container config."""
    w = World("driver-failed-mount")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = w.stack("gpu-node-1", "driver")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for key in ("initContainerStatuses", "containerStatuses"):
        for st in pod["status"].get(key, []):
            st.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0})
    w.event(OPERATOR_NS, "Pod", name, "FailedMount",
            'MountVolume.SetUp failed for volume "licensing-config" : configmap "licensing-config" not found')
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    assert root and root["id"] == "driver.not_ready", [f["id"] for f in doc["findings"]]
    assert any("FailedMount" in e["excerpt"] for e in root["evidence"]), root["evidence"]
    assert "application.container_config_invalid" not in [f["id"] for f in doc["findings"]]


def test_a_recognised_line_refines_the_crash_loop(tmp_path):
    w = World("dp-crash-nvml")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = _crash(w, "device-plugin", "nvidia-device-plugin")
    w.log(OPERATOR_NS, name, "nvidia-device-plugin", "I1129 14:20:00.000001       1 main.go:317] Retrieving plugins.\n"
          "E1129 14:20:00.000002       1 factory.go:115] Failed to initialize NVML: could not load NVML library.\n",
          previous=True)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.nvml_unavailable" and doc["root_cause"]["certainty"] == "recognised"
    assert "plugin.not_running" in doc["root_cause"]["explains"]


def test_plugin_stuck_in_init_on_toolkit_validation_is_the_toolkit(tmp_path):
    w = World("dp-init-stuck")
    w.gpu_node("gpu-node-1", gpus=2, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    _crash(w, "device-plugin", "toolkit-validation", init=True, running=True, restarts=0)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] == "runtime.toolkit_not_ready", ids
    assert "plugin.not_running" in doc["root_cause"]["explains"]
    assert doc["layers"]["runtime"]["status"] == "root" and doc["layers"]["plugin"]["status"] == "failed"


def test_a_daemonset_that_wants_no_pod_on_a_gpu_node_is_the_plugin(tmp_path):
    """The plugin's DaemonSet selects nvidia.com/gpu.deploy.device-plugin=true; the GPU node says false."""
    w = World("dp-not-scheduled")
    w.gpu_node("gpu-node-1", gpus=2, allocatable=None,
               labels={"nvidia.com/gpu.deploy.device-plugin": "false"})
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    plugin = w.stack("gpu-node-1", "device-plugin")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != plugin]
    w.workload("DaemonSet", OPERATOR_NS, "nvidia-device-plugin-daemonset",
               template_pod={"spec": {"nodeSelector": {"nvidia.com/gpu.deploy.device-plugin": "true"},
                                      "containers": [{"name": "nvidia-device-plugin",
                                                      "image": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"}]}},
               status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0})
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "plugin.not_running" and rc["params"]["state"] == "not_scheduled", [f["id"] for f in doc["findings"]]
    assert "nvidia.com/gpu.deploy.device-plugin" in rc["params"]["reason"]


def test_bottlerocket_has_no_plugin_pod_and_that_is_not_missing(tmp_path):
    """Bottlerocket's device plugin is part of the OS: no pod, no DaemonSet; the node advertises."""
    w = World("bottlerocket-healthy")
    w.gpu_node("gpu-node-1", gpus=1, operator=False)
    w.get_node("gpu-node-1")["status"]["nodeInfo"]["osImage"] = "Bottlerocket OS 1.26.1 (aws-k8s-1.31-nvidia)"
    w.pod("ml", "infer-0", node="gpu-node-1", gpu=1, containers=("server",))
    w.log("ml", "infer-0", "server", "")          # what `collect pod` stores for a quiet container
    w.target("Pod", "ml", "infer-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "healthy", (doc["findings"], doc["layers"])
    assert doc["layers"]["plugin"]["status"] == "passed"


@pytest.mark.parametrize("install, expected", [("latest", "driver.not_ready"), (None, "driver.not_loaded"),
                                               ("disabled", "driver.not_loaded")])
def test_gke_driver_installer_stuck_is_the_driver(tmp_path, install, expected):
    """GKE: kube-system's nvidia-gpu-device-plugin waits in its nvidia-driver-installer init container.
    With automatic installation (gke-gpu-driver-version=default|latest) the driver is still coming
    (not_ready); without it (no label, or disabled: Node Auto-Provisioning's default) nothing will
    install one (not_loaded)."""
    w = World("gke-installer-stuck")
    labels = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
    if install:
        labels["cloud.google.com/gke-gpu-driver-version"] = install
    w.gpu_node("gpu-node-1", gpus=1, operator=False, allocatable=None, labels=labels)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.pod("kube-system", "nvidia-gpu-device-plugin-small-cos-x7k2p", node="gpu-node-1", gpu=0,
          containers=("nvidia-gpu-device-plugin",), init_containers=("nvidia-driver-installer",),
          labels={"k8s-app": "nvidia-gpu-device-plugin"}, owner=("DaemonSet", "nvidia-gpu-device-plugin-small-cos"),
          phase="Pending", statuses={"nvidia-gpu-device-plugin": {"state": {"waiting": {"reason": "PodInitializing"}},
                                                                   "ready": False}},
          init_statuses={"nvidia-driver-installer": {"state": {"running": {"startedAt": "2026-11-29T14:00:00Z"}},
                                                      "ready": False, "restartCount": 0}})
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == expected, [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["params"]["container"] == "nvidia-driver-installer"


# GKE's own driver installer DaemonSet (container-engine-accelerators nvidia-driver-installer/cos/
# daemonset-preloaded-latest.yaml): init containers nvidia-driver-installer, then partition-gpus (the
# pool's MIG partition size); its log line from partition_gpu.go ("Failed to check GPU Type: %v")
_PARTITION_LOG = ("E1129 14:05:09.318244       1 partition_gpu.go:190] Failed to check GPU Type: nvidia-smi returned "
                  "invalid GPU type for MIG: NVIDIA L4\n")


def _gke_installer_world(name: str, failing: str) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1, operator=False, allocatable=None,
               labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                       "cloud.google.com/gke-gpu-partition-size": "1g.5gb"})
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    done = {"state": {"terminated": {"exitCode": 0, "reason": "Completed"}}, "ready": True, "restartCount": 0}
    crash = {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting failed container"}},
             "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}, "ready": False, "restartCount": 6}
    w.pod("kube-system", "nvidia-driver-installer-r5t8k", node="gpu-node-1", gpu=0, containers=("pause",),
          init_containers=("nvidia-driver-installer", "partition-gpus"), labels={"k8s-app": "nvidia-driver-installer"},
          owner=("DaemonSet", "nvidia-driver-installer"), phase="Pending",
          statuses={"pause": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}},
          init_statuses={"nvidia-driver-installer": crash if failing == "nvidia-driver-installer" else done,
                         "partition-gpus": crash if failing == "partition-gpus" else
                         {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}})
    if failing == "partition-gpus":
        w.log("kube-system", "nvidia-driver-installer-r5t8k", "partition-gpus", _PARTITION_LOG, previous=True)
    w.target("Node", None, "gpu-node-1")
    return w


@pytest.mark.parametrize("failing, expected", [("partition-gpus", "plugin.mig_config_failed"),
                                               ("nvidia-driver-installer", "driver.not_ready")])
def test_gke_driver_installer_pod_is_judged_by_the_init_container_that_fails(tmp_path, failing, expected):
    """The installer's own step done, its partition-gpus init container crash-looping: the MIG
    partitioning fails, not the driver. Its installer step crash-looping on a pool without GKE's
    automatic installation label: the driver is not ready; something does install it (this pod)."""
    doc = _doc(_gke_installer_world(f"gke-installer-{failing}", failing), tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"] and doc["root_cause"]["id"] == expected, ids
    if failing == "partition-gpus":
        assert not any(i.startswith("driver.") for i in ids), ids


def test_unknown_container_start_error_is_the_runtime_layer_in_its_own_words(tmp_path):
    w = World("start-unknown")
    w.gpu_node("gpu-node-1", gpus=1)
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: a new "
           "runtime said no in words no catalog knows: unknown")
    w.pod("ml", "infer-0", node="gpu-node-1", gpu=1, containers=("server",), runtime_class="nvidia", ready=False,
          statuses={"server": {"state": {"waiting": {"reason": "RunContainerError", "message": msg}}, "ready": False,
                               "restartCount": 3}})
    w.target("Pod", "ml", "infer-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "runtime.start_failed_unrecognised" and rc["certainty"] == "unrecognised"
    assert "a new runtime said no" in rc["evidence"][0]["excerpt"]


def _running_gpu_pod(w: World) -> None:
    from tests.classify.scenarios_ids import DRIVER_590    # the driver the nvidia-smi table below reports
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-H100-80GB-HBM3", labels=DRIVER_590)
    w.pod("ml", "infer-0", node="gpu-node-1", gpu=1, containers=("server",))


def test_a_running_gpu_pod_whose_output_is_absent_is_not_healthy(tmp_path):
    """Say only what you checked: a Running GPU pod with every component healthy, but neither its
    log nor nvidia-smi in it was collected. "Silently not using its GPU" looks exactly like this,
    so the application layer is a gap naming its log, and the verdict is not HEALTHY."""
    w = World("running-unheard")
    _running_gpu_pod(w)
    w.target("Pod", "ml", "infer-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "inconclusive" and doc["root_cause"] is None, doc["findings"]
    app = doc["layers"]["application"]
    assert app["status"] == "not_checked"
    assert [g["needs"] for g in app["gaps"]] == ["get pods/log in namespace ml"]


@pytest.mark.parametrize("heard", ["log", "nvidia-smi"])
def test_a_running_gpu_pod_that_was_heard_from_is_healthy(tmp_path, heard):
    """Its (quiet) log, or nvidia-smi run in it, is the check the application layer passes on."""
    w = World(f"running-heard-{heard}")
    _running_gpu_pod(w)
    if heard == "log":
        w.log("ml", "infer-0", "server", "")
    else:
        from tests.classify.scenarios_ids import SMI_LOAD      # a real nvidia-smi table (corpus)
        w.exec("ml", "infer-0", "server", ["nvidia-smi"], SMI_LOAD.read_text())
    w.target("Pod", "ml", "infer-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "healthy", (doc["findings"], doc["layers"]["application"])
    assert doc["layers"]["application"]["status"] == "passed"


def test_a_scan_judges_quiet_gpu_pods_by_their_objects(tmp_path):
    """A scan reads only troubled pods' logs (the collector's budget): a fleet's quiet GPU pod is
    not a gap of the scan."""
    w = World("scan-quiet")
    _running_gpu_pod(w)
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        report = diagnose(b)
    assert all(d.status.value == "healthy" for d in report.diagnoses), [d.status for d in report.diagnoses]


# Volcano's own wording (volcano pkg/scheduler/api/unschedule_info.go: "%v/%v nodes are
# unavailable", NodeResourceFitFailed "node(s) resource fit failed")
VOLCANO_UNFIT = "0/2 nodes are unavailable: 2 node(s) resource fit failed."


def _volcano_pending(w: World, resource: str) -> None:
    w.gpu_node("gpu-node-1", gpus=2, operator=False)      # no stack pods collected: the plugin is unseen
    node = w.get_node("gpu-node-1")
    for part in ("capacity", "allocatable"):
        node["status"][part][resource] = node["status"][part].pop("nvidia.com/gpu")
    w.node("cpu-node-1")
    w.pod("ml", "infer-0", gpu=1, resource=resource, scheduler="volcano", containers=("server",))
    w.event("ml", "Pod", "infer-0", "FailedScheduling", VOLCANO_UNFIT, component="volcano")
    w.target("Pod", "ml", "infer-0")


@pytest.mark.parametrize("resource", ["nvidia.com/gpu", "nvidia.com/gpu-tesla-v100"])
def test_a_scheduler_rejection_with_the_gpus_advertised_free_is_the_schedulers(tmp_path, resource):
    """The plugin's pods were not collected, but the node advertises the GPU resource the pod asks
    for, under the name the device plugin's config gave it: the plugin registered, so the custom
    scheduler's refusal is the cause, not a symptom of a layer below."""
    w = World("volcano-free")
    _volcano_pending(w, resource)
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem", (doc["findings"], doc["layers"]["plugin"])
    assert doc["root_cause"]["id"] == "scheduler.custom_scheduler_rejected"
    assert doc["layers"]["plugin"]["status"] == "passed"



# KubeRay's reason and message (ray-operator controllers: FailedToCreateWorkerPod, "Failed to create
# worker Pod %s/%s, %v") around the API server's webhook denial ("admission webhook %q denied the
# request: %s", apiserver pkg/admission/plugin/webhook/errors)
KUBERAY_DENIED = ('Failed to create worker Pod ml/rc-gpu-worker-gpu-group-, admission webhook "policy.example.com" '
                  'denied the request: GPU workers must set a priority class')


@pytest.mark.parametrize("message, fires", [(KUBERAY_DENIED, True),
                                            ("Failed to create worker Pod ml/rc-gpu-worker-gpu-group-, "
                                             "frobnicator is sad", False)])
def test_an_operators_own_object_refused_at_creation(tmp_path, message, fires):
    """An operator's object (a RayCluster) whose worker pods the API server refused: no pod and no
    FailedCreate exist, only the operator's own event. A refusal in the API server's words is the
    scheduler layer's create_rejected; an unknown message under such a reason is not judged."""
    w = World("kuberay-refused")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("ml", "rc-gpu-head-0", node="gpu-node-1", gpu=0, containers=("ray-head",), owner=("RayCluster", "rc-gpu"))
    w.log("ml", "rc-gpu-head-0", "ray-head", "")
    w.event("ml", "RayCluster", "rc-gpu", "FailedToCreateWorkerPod", message, component="raycluster-controller")
    w.target("Pod", "ml", "rc-gpu-head-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert ("scheduler.create_rejected" in ids) is fires, ids
    if fires:
        assert doc["status"] == "problem" and doc["root_cause"]["id"] == "scheduler.create_rejected"


@pytest.mark.parametrize("node_ready", [False, True])
def test_stack_pods_not_ready_on_a_notready_node_are_the_nodes(tmp_path, node_ready):
    """Every stack container runs, not ready, never restarted. On a NotReady node that is what the
    kubelet being down looks like (nobody reports readiness): the node is the finding, not four
    components. On a Ready node the driver that is not ready is the driver's."""
    w = World(f"stack-not-ready-{node_ready}")
    w.gpu_node("gpu-node-1", gpus=1, ready=node_ready)
    for role in ("driver", "toolkit", "device-plugin", "gfd"):
        pod = w.get_pod(OPERATOR_NS, w.stack("gpu-node-1", role))
        for st in pod["status"].get("containerStatuses", []):
            st["ready"] = False
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    if node_ready:
        assert doc["root_cause"]["id"] == "driver.not_ready", ids
    else:
        assert doc["root_cause"]["id"] == "node.not_ready", ids
        assert not [i for i in ids if i.split(".")[0] in ("driver", "runtime", "plugin")], ids


@pytest.mark.parametrize("gpu, expected", [(0, "application.gpu_not_requested"), (1, "application.crash_unclassified")])
def test_nvml_that_cannot_start_in_a_pod_that_asked_for_no_gpu(tmp_path, gpu, expected):
    """nvidia-smi's `Failed to initialize NVML: %s` with a reason no other format names: in a pod
    that tolerates the GPU taint yet asks for no GPU, the device plugin gave it none; with a GPU
    request the words alone do not say which layer failed (nor in a node agent: a DaemonSet's pod
    reaches the GPUs through the host)."""
    w = World(f"nvml-init-{gpu}")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("monitoring", "exporter-0", node="gpu-node-1", gpu=gpu, containers=("exporter",), restarts=6,
          owner=("ReplicaSet", "exporter-5d8f9"),
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
          statuses={"exporter": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 2m40s"}},
                                 "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}},
                                 "ready": False, "restartCount": 6}})
    w.log("monitoring", "exporter-0", "exporter", "Failed to initialize NVML: Insufficient Permissions\n", previous=True)
    w.target("Pod", "monitoring", "exporter-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert expected in ids and ("application.gpu_not_requested" in ids) is (gpu == 0), ids


def test_a_gpu_stack_pod_on_a_node_without_gpus_is_in_scope(tmp_path):
    """The DRA driver's controller runs on a control-plane node without GPUs and cannot start (the
    NVIDIA runtime as that node's default, libnvidia-container finds no driver): asked about it,
    the answer is its start failure, not "no GPU in scope"."""
    w = World("dra-controller-cpu-node")
    w.gpu_node("gpu-node-1", gpus=1)
    w.node("cp-1")
    message = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
               "failed: unable to start container process: error during container init: error running hook #0: error "
               "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
               "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open "
               "shared object file: no such file or directory: unknown")
    w.pod("nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-controller-6b8f9-x2k4p", node="cp-1", gpu=0,
          containers=("compute-domain",), labels={"nvidia-dra-driver-gpu-component": "controller"}, restarts=5,
          statuses={"compute-domain": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off"}},
                                       "lastState": {"terminated": {"exitCode": 128, "reason": "StartError",
                                                                    "message": message}},
                                       "ready": False, "restartCount": 5}})
    w.target("Pod", "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-controller-6b8f9-x2k4p")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem", doc["status"]
    assert doc["root_cause"]["id"] == "runtime.container_cli_init_failed", [f["id"] for f in doc["findings"]]


@pytest.mark.parametrize("role, ds_name, expected", [("gfd", "gpu-feature-discovery", "plugin.gfd_error"),
                                                      ("toolkit", "nvidia-container-toolkit-daemonset",
                                                       "runtime.toolkit_not_ready")])
def test_a_stage_whose_daemonset_does_not_tolerate_the_gpu_nodes_taint(tmp_path, role, ds_name, expected):
    """The stage's DaemonSet selects the GPU node (its nodeSelector matches) but tolerates none of
    the node's taints: it wants 0 pods there and that stage never runs, a finding at its layer
    naming the taint, whatever the other stages do."""
    w = World(f"taint-{role}")
    w.gpu_node("gpu-node-1", gpus=1, taints=[{"key": "dedicated", "value": "ml", "effect": "NoSchedule"}])
    pod = w.stack("gpu-node-1", role)
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != pod]
    w.workload("DaemonSet", OPERATOR_NS, ds_name,
               template_pod={"metadata": {"labels": {"app": ds_name}},
                             "spec": {"nodeSelector": {"nvidia.com/gpu.present": "true"},
                                      "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists",
                                                       "effect": "NoSchedule"}],
                                      "containers": [{"name": "main", "image": "nvcr.io/nvidia/x:v1"}]}},
               status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0})
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    found = [f for f in doc["findings"] if f["id"] == expected and f["params"].get("state") == "not_scheduled"]
    assert found, [(f["id"], f["params"].get("state")) for f in doc["findings"]]
    assert "dedicated=ml:NoSchedule" in found[0]["params"]["reason"]


# NVRM's per-device init failure (kernel-open/nvidia/nv.c), as the driver prints it at probe
PROBE_FAILED = ("[    5.102311] NVRM: The NVIDIA GPU 000a:00:00.0 (PCI ID: 10de:2330) installed in this system\n"
                "[    5.102311] NVRM: is not supported by the NVIDIA 580.126.09 driver release.\n"
                "[    5.102388] NVRM: The NVIDIA probe routine failed for 1 device(s).\n")


@pytest.mark.parametrize("serving, expected", [(True, "driver.nvrm_unrecognised"), (False, "driver.not_loaded")])
def test_an_init_failure_is_one_gpus_when_the_driver_serves_the_others(tmp_path, serving, expected):
    """The probe failed for one device. With GPUs allocatable on the node the driver is loaded and
    serves the others: not `not_loaded`, the quoted line at the driver layer; with none, the
    driver took no GPU."""
    w = World(f"probe-failed-{serving}")
    node = w.gpu_node("gpu-node-1", gpus=7)
    if not serving:
        node["status"]["allocatable"]["nvidia.com/gpu"] = "0"
    w.dmesg("gpu-node-1", PROBE_FAILED)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == expected, [f["id"] for f in doc["findings"]]


@pytest.mark.parametrize("listed", [True, False])
def test_no_device_plugin_anywhere_is_the_plugins_when_the_cluster_was_listed(tmp_path, listed):
    """A GPU node (GFD-less, its hardware labels only) advertising no GPU and no device plugin pod or
    DaemonSet in the bundle. When the collector listed the stack's DaemonSets in every namespace
    (its gpu-stack run ok), nobody installed one: plugin.not_running, state missing. Without that
    list, the plugin could sit in a namespace not read: the node's symptom stays a suspect."""
    import json
    w = World(f"no-plugin-{listed}")
    node = w.gpu_node("gpu-node-1", gpus=1, operator=False)
    for part in ("capacity", "allocatable"):
        node["status"][part].pop("nvidia.com/gpu")
    w.pod("ml", "train-0", gpu=1, containers=("main",), scheduled_message="0/1 nodes are available: "
          "1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for "
          "incoming pod.")
    w.target("Pod", "ml", "train-0")
    bundle = w.write(tmp_path / "bundle")
    if listed:
        manifest = json.loads((bundle / "manifest.json").read_text())
        manifest["collectors"].append({"name": "gpu-stack", "status": "ok", "duration_s": 0.1, "error": None,
                                       "files": []})
        (bundle / "manifest.json").write_text(json.dumps(manifest))
    with load_bundle(bundle) as b:
        doc = findings_document(diagnose(b), b)
    if listed:
        assert doc["status"] == "problem" and doc["root_cause"]["id"] == "plugin.not_running", doc["findings"]
        assert doc["root_cause"]["params"]["state"] == "missing"
    else:
        assert doc["status"] == "inconclusive", [f["id"] for f in doc["findings"]]


def test_a_node_running_the_dra_kubelet_plugin_is_a_gpu_node(tmp_path):
    """A node whose GPUs go to DRA has no nvidia.com/gpu and maybe no GPU label; the DRA driver's
    kubelet plugin runs only where GPUs are. Its crash-looping pod there is the plugin stage's
    failure, not "no GPU in scope"."""
    w = World("dra-only-node")
    w.node("k3s-1")
    w.pod("dra-driver-nvidia-gpu", "dra-driver-nvidia-gpu-kubelet-plugin-r4n7v", node="k3s-1", gpu=0,
          containers=("gpus",), labels={"app.kubernetes.io/name": "dra-driver-nvidia-gpu"}, restarts=11,
          statuses={"gpus": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}},
                             "lastState": {"terminated": {"exitCode": 2, "reason": "Error"}},
                             "ready": False, "restartCount": 11}})
    w.target("Node", None, "k3s-1")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "plugin.not_running", doc["findings"]


def test_the_head_pod_of_a_raycluster_whose_gpu_workers_never_came_is_in_scope(tmp_path):
    """Asked about a RayCluster's CPU head pod while the cluster's GPU worker group has no pod: the
    RayCluster (KubeRay's label ray.io/cluster names it) asks for GPUs, so the answer is not
    "no GPU in scope"."""
    w = World("raycluster-head")
    w.node("cpu-node-1")
    pod = w.pod("ray", "rc-gpu-head-9fz7k", node="cpu-node-1", gpu=0, containers=("ray-head",),
                labels={"ray.io/cluster": "rc-gpu", "ray.io/node-type": "head"})
    w.log("ray", "rc-gpu-head-9fz7k", "ray-head", "")
    w.custom.setdefault("rayclusters.ray.io", []).append(
        {"apiVersion": "ray.io/v1", "kind": "RayCluster", "metadata": {"name": "rc-gpu", "namespace": "ray"},
         "spec": {"workerGroupSpecs": [{"groupName": "gpu", "replicas": 0, "template": {"spec": {"containers": [
             {"name": "ray-worker", "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}]}})
    w.target("Pod", "ray", "rc-gpu-head-9fz7k")
    doc = _doc(w, tmp_path)
    assert doc["status"] != "no_gpu", doc["status"]


@pytest.mark.parametrize("instance, in_scope", [("vdb-prod", True), ("vdb-staging", False)])
def test_a_cpu_component_of_an_application_whose_other_components_ask_for_gpus(tmp_path, instance, in_scope):
    """Asked about a CPU component (on a CPU node) of one installed application whose query node
    asks for a GPU: `app.kubernetes.io/instance` names the application, so the component is in the
    GPU scope. A component of another instance (the same chart, another release) is not."""
    w = World(f"app-instance-{instance}")
    w.node("cpu-node-1")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("vdb", "vdb-prod-querynode-74c9b8d6f-p9l3c", node="gpu-node-1", gpu=1, containers=("querynode",),
          labels={"app.kubernetes.io/instance": "vdb-prod", "component": "querynode"})
    w.pod("vdb", f"{instance}-datacoord-6b9d7c5f8-q2x7m", node="cpu-node-1", gpu=0, containers=("datacoord",),
          labels={"app.kubernetes.io/instance": instance, "component": "datacoord"})
    w.log("vdb", f"{instance}-datacoord-6b9d7c5f8-q2x7m", "datacoord", "")
    w.target("Pod", "vdb", f"{instance}-datacoord-6b9d7c5f8-q2x7m")
    doc = _doc(w, tmp_path)
    assert (doc["status"] != "no_gpu") is in_scope, doc["status"]


def test_a_daemonset_pod_pending_for_a_gpu_node_is_in_scope(tmp_path):
    """A DaemonSet's pod is pinned to its node (matchFields metadata.name) before it is bound: pending
    for a GPU node, it is in the GPU scope whatever it requests."""
    w = World("ds-pending-gpu-node")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod("kube-system", "vendor-plugin-q4m8z", gpu=0, containers=("plugin",), scheduler="vendor-scheduler",
          owner=("DaemonSet", "vendor-plugin"),
          affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
              {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["gpu-node-1"]}]}]}}})
    w.target("Pod", "kube-system", "vendor-plugin-q4m8z")
    doc = _doc(w, tmp_path)
    assert doc["status"] != "no_gpu", doc["status"]


def test_a_mig_mode_change_that_stopped_the_kubelet_explains_the_notready_node(tmp_path):
    """mig-parted's reconfigure with WITH_SHUTDOWN_HOST_GPU_CLIENTS=true stops the kubelet for a MIG
    mode change: the node stops posting status while mig.config.state is pending. The MIG change in
    progress is the answer, the node's NotReady its consequence."""
    w = World("mig-change-kubelet-stopped")
    w.gpu_node("gpu-node-1", gpus=8, ready="Unknown",
               labels={"nvidia.com/mig.config": "all-1g.10gb", "nvidia.com/mig.config.state": "pending",
                       "nvidia.com/mig.capable": "true"})
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.mig_reconfiguring", [f["id"] for f in doc["findings"]]


# the GPU Operator's ClusterPolicy when a state cannot be rendered (clusterpolicy_controller.go
# "Failed to reconcile %s: %s"; the error from object_controls.go "ERROR: could not get ConfigMap %s
# from client: %v" and the API server's NotFound wording)
_RECONCILE = ('Failed to reconcile {state}: ERROR: could not get ConfigMap kernel-module-params from client: '
              'configmaps "kernel-module-params" not found')


def _operator_object(w: World, plural: str, kind: str, name: str, spec: dict, reason: str, message: str) -> None:
    """A GPU Operator object (ClusterPolicy, NVIDIADriver) notReady with its Ready and Error conditions."""
    w.custom.setdefault(plural, []).append(
        {"apiVersion": "nvidia.com/v1", "kind": kind, "metadata": {"name": name}, "spec": spec,
         "status": {"state": "notReady", "conditions": [
             {"type": "Ready", "status": "False", "reason": reason, "message": message},
             {"type": "Error", "status": "True", "reason": reason, "message": message}]}})


def _policy_world(name: str, state: str) -> World:
    w = World(name)
    w.node("cpu-node-1")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, operator=False)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.pod(OPERATOR_NS, "gpu-operator-7f6d8c9b4d-2mzq5", node="cpu-node-1", gpu=0, containers=("gpu-operator",),
          labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    _operator_object(w, "clusterpolicies.nvidia.com", "ClusterPolicy", "cluster-policy", {"driver": {"enabled": True}},
                     "ReconcileFailed", _RECONCILE.format(state=state))
    return w


@pytest.mark.parametrize("state, expected", [("state-driver", "driver.not_ready"),
                                             ("state-container-toolkit", "runtime.toolkit_not_ready"),
                                             ("state-dcgm-exporter", None)])
def test_a_stage_the_operator_failed_to_reconcile_is_that_stage_not_created(tmp_path, state, expected):
    """No DaemonSet and no pod of the stage exist, and the ClusterPolicy says the operator failed to
    reconcile its state: the GPU node's stage is missing for that reason (cited from the policy), and
    the operator's own pod, asked about, answers with it. A state of no stage here names nothing."""
    w = _policy_world(f"policy-{state}", state)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    if expected is None:
        assert not any("ClusterPolicy" in e["excerpt"] for f in doc["findings"] for e in f["evidence"]), doc["findings"]
        return
    assert root is not None and root["id"] == expected, [f["id"] for f in doc["findings"]]
    assert "Failed to reconcile " + state in root["evidence"][0]["excerpt"]
    assert root["params"]["operator_object"] == "ClusterPolicy/cluster-policy"
    w.target("Pod", OPERATOR_NS, "gpu-operator-7f6d8c9b4d-2mzq5")
    doc = _doc(w, tmp_path / "pod")
    assert doc["root_cause"] is not None and doc["root_cause"]["id"] == expected, doc["status"]


# nvidiadriver_controller.go: an NVIDIADriver whose spec the operator cannot apply; its messages
# ("GPUDirect Storage driver (nvidia-fs) and/or GDRCopy driver is not supported along with pre-compiled
# NVIDIA drivers", a ReconcileFailed), and "Waiting for driver pod to be ready" (DriverNotReady) while pods come
_PRECOMPILED_GDR = ("GPUDirect Storage driver (nvidia-fs) and/or GDRCopy driver is not supported along with "
                    "pre-compiled NVIDIA drivers")


@pytest.mark.parametrize("reason, message, expected", [("ReconcileFailed", _PRECOMPILED_GDR, "driver.not_ready"),
                                                       ("DriverNotReady", "Waiting for driver pod to be ready", None)])
def test_an_nvidiadriver_the_operator_cannot_apply_is_the_driver_even_while_its_pods_run(tmp_path, reason, message,
                                                                                          expected):
    """The driver pods run (the spec before the change); the NVIDIADriver says the operator cannot
    apply the current one: the driver is not what was asked for. Waiting for its pods is no finding
    of its own (the pods' states decide)."""
    w = World(f"nvidiadriver-{reason}")
    w.gpu_node("gpu-node-1", gpus=1)
    _operator_object(w, "nvidiadrivers.nvidia.com", "NVIDIADriver", "default",
                     {"usePrecompiled": True, "gdrcopy": {"enabled": True}}, reason, message)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    root = doc["root_cause"]
    if expected is None:
        assert not any("NVIDIADriver" in e["excerpt"] for f in doc["findings"] for e in f["evidence"]), doc["findings"]
        return
    assert root and root["id"] == expected and root["params"]["state"] == "not_reconciled", doc["findings"]
    assert root["params"]["operator_object"] == "NVIDIADriver/default"
    assert "not supported along with pre-compiled" in root["evidence"][0]["excerpt"]
    assert root["title"].startswith("The GPU Operator cannot apply NVIDIADriver/default")


# k8s-device-plugin internal/plugin/factory.go ("Incompatible strategy detected %v" when neither NVML nor
# Tegra is found) and cmd/nvidia-device-plugin/main.go ("No devices found. Waiting indefinitely.")
_NO_NVML_LOG = ("E1129 14:02:11.413372       1 factory.go:118] Incompatible strategy detected auto\n"
                "I1129 14:02:11.413417       1 main.go:416] No devices found. Waiting indefinitely.\n")


def test_a_plugin_that_found_no_nvml_found_no_devices_because_of_it(tmp_path):
    """The plugin's "No devices found" follows from its NVML failure: the NVML finding explains it."""
    w = World("dp-no-nvml")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log=_NO_NVML_LOG)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    by_id = {f["id"]: f for f in doc["findings"]}
    assert "plugin.nvml_unavailable" in by_id and "plugin.no_devices_found" in by_id, list(by_id)
    assert "plugin.no_devices_found" in by_id["plugin.nvml_unavailable"]["explains"], by_id["plugin.nvml_unavailable"]
