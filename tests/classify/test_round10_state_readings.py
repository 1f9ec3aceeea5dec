"""Readings that first-contact round 10 showed wrong or over-sure, each decided by state or by
the emitting component's own format:

- nvidia-smi run by the collector that did not return before its timeout (the exec record
  `{"exit_code": null, "error": "timed out after <s>"}`, collect/kube.py) is a driver that does
  not answer: `driver.not_responding`, never HEALTHY; one that answered elsewhere on the node
  says the driver does;
- the GPU Operator labels every MIG-capable node `nvidia.com/gpu.deploy.mig-manager=true`
  (controllers/state_manager.go addGPUStateLabels / hasMIGCapableGPU); a MIG-capable node
  asking for a layout that the MIG manager's DaemonSet does not select has nobody to apply it;
- libnvidia-container's configure step writes `mount error: %s` when the driver was found and
  its files could not be mounted (src/cli/configure.c): not an initialisation failure;
- crun reports a failed OCI hook as `error executing hook `<path>` (exit code: N)` without the
  hook's words: the start failure is the runtime layer's, its cause unrecognised.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML

OPERATOR_NS = "gpu-operator"


_doc = diagnosis_of
_ids = finding_ids


def _smi_world(name: str, *, answered_elsewhere: bool) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=8)
    plugin = w.stack("gpu-node-1", "device-plugin")
    w.exec(OPERATOR_NS, plugin, "nvidia-device-plugin", ["nvidia-smi"], "", exit_code=None,
           error="timed out after 20.0s")
    if answered_elsewhere:
        w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi"],
               "No devices were found\n", exit_code=6)
    w.target("Node", None, "gpu-node-1")
    return w


def test_an_nvidia_smi_that_never_returned_is_a_driver_that_does_not_answer(tmp_path):
    doc = _doc(_smi_world("smi-hung", answered_elsewhere=False), tmp_path)
    assert doc["status"] == "problem", doc["status"]
    root = doc["root_cause"]
    assert (root["id"], root["layer"], root["certainty"]) == ("driver.not_responding", "driver", "inferred")
    assert root["evidence"][0]["path"].endswith("/nvidia-device-plugin/nvidia-smi.json")
    assert '"error":"timed out after 20.0s"' in root["evidence"][0]["excerpt"]


def test_an_nvidia_smi_that_answered_on_the_node_says_the_driver_does(tmp_path):
    doc = _doc(_smi_world("smi-hung-once", answered_elsewhere=True), tmp_path)
    assert "driver.not_responding" not in _ids(doc)


def _mig_world(name: str, **labels) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A100-PCIE-40GB",
               labels={"nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "single", **labels})
    w.workload("DaemonSet", OPERATOR_NS, "nvidia-mig-manager", template_pod={"spec": {
        "nodeSelector": {"nvidia.com/gpu.deploy.mig-manager": "true"},
        "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
        "containers": [{"name": "nvidia-mig-manager", "image": "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.1"}]}},
        status={"desiredNumberScheduled": 0, "currentNumberScheduled": 0, "numberReady": 0,
                "numberAvailable": 0, "updatedNumberScheduled": 0, "numberMisscheduled": 0})
    w.workloads[("daemonsets", OPERATOR_NS)][-1]["metadata"]["labels"]["app"] = "nvidia-mig-manager"
    w.target("Node", None, "gpu-node-1")
    return w


def test_a_mig_layout_no_mig_manager_will_apply_is_the_mig_stage(tmp_path):
    doc = _doc(_mig_world("mig-manager-never-placed", **{"nvidia.com/mig.config": "all-1g.5gb"}), tmp_path)
    root = doc["root_cause"]
    assert root is not None and root["id"] == "plugin.mig_config_failed", _ids(doc)
    assert root["params"]["mig_config"] == "all-1g.5gb"
    cited = " ".join(e["excerpt"] for e in root["evidence"])
    assert '"nvidia.com/gpu.deploy.mig-manager":null' in cited and '"nvidia.com/mig.config":"all-1g.5gb"' in cited


def test_no_layout_asked_or_one_already_acted_on_is_not_a_mig_failure(tmp_path):
    for i, labels in enumerate(({"nvidia.com/mig.config": "all-disabled"}, {},
                                {"nvidia.com/mig.config": "all-1g.5gb", "nvidia.com/mig.config.state": "success"},
                                {"nvidia.com/mig.config": "all-1g.5gb", "nvidia.com/vgpu.host-driver-version": "550.90"})):
        doc = _doc(_mig_world(f"mig-fine-{i}", **labels), tmp_path / str(i))
        assert "plugin.mig_config_failed" not in _ids(doc), labels


def _start_failure_world(name: str, message: str, reason: str = "RunContainerError") -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "infer-0", node="gpu-node-1", gpu=1, statuses={"infer": {
        "ready": False, "restartCount": 3, "state": {"waiting": {"reason": reason, "message": message}}}},
        containers=("infer",))
    w.event(ML, "Pod", "infer-0", "Failed", f"Error: {message}")
    w.target("Pod", ML, "infer-0")
    return w


def test_a_cli_mount_error_is_not_an_initialisation_failure(tmp_path):
    message = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
               "failed: unable to start container process: error during container init: error running hook #0: error "
               "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: "
               "mount error: file creation failed: /run/containerd/io.containerd.runtime.v2.task/k8s.io/0a1b/rootfs/"
               "run/nvidia-persistenced/socket: no such device or address: unknown")
    doc = _doc(_start_failure_world("cli-mount-error", message), tmp_path)
    assert doc["root_cause"]["id"] == "runtime.container_cli_mount_failed", _ids(doc)
    assert doc["root_cause"]["certainty"] == "recognised"
    assert "runtime.container_cli_init_failed" not in _ids(doc)


def test_a_crun_hook_failure_without_its_words_is_unrecognised_at_the_runtime(tmp_path):
    message = ("container create failed: error executing hook `/usr/local/nvidia/toolkit/nvidia-container-runtime-hook` "
               "(exit code: 1)")
    doc = _doc(_start_failure_world("crun-hook", message, "CreateContainerError"), tmp_path)
    root = doc["root_cause"]
    assert (root["id"], root["certainty"]) == ("runtime.start_failed_unrecognised", "unrecognised"), _ids(doc)
    assert "runtime.container_cli_init_failed" not in _ids(doc)


def test_the_operators_toolkit_check_that_cannot_start_is_not_explained_by_the_toolkit_stage():
    """The validator's own `toolkit-validation` container failing to be created is why the
    toolkit stage reads not ready (the other operands wait on it), not a consequence of it."""
    from triage.classify.explain import explained_by
    assert "runtime.toolkit_not_ready" not in explained_by("runtime.start_failed_unrecognised",
                                                           {"container": "toolkit-validation"})
    assert "runtime.toolkit_not_ready" in explained_by("runtime.start_failed_unrecognised", {"container": "infer"})
