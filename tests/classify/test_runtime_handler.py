"""Which runtime runs a GPU container, from the cluster's state (issue 11: state first).

- A GPU pod without a RuntimeClass on a node whose toolkit was told not to make the NVIDIA
  runtime the default (NVIDIA_RUNTIME_SET_AS_DEFAULT=false), or whose distribution rewrites the
  containerd config the toolkit edited (RKE2 and k3s with CONTAINERD_CONFIG on config.toml, not
  its .tmpl), is started by runc: no GPU is injected, whatever it logs.
- A pod that asks the NVIDIA runtime for devices by env (NVIDIA_VISIBLE_DEVICES by hand, no
  GPU request) and sees none: the env is the misconfiguration, not a missing request.
"""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import OPERATOR_NS, World
from tests.classify.scenarios_real import ML
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _toolkit_env(w: World, env: list[dict]) -> None:
    pod = w.get_pod(OPERATOR_NS, w.stack("gpu-node-1", "toolkit"))
    pod["spec"]["containers"][0]["env"] = env


def _world(name: str, env: list[dict], kubelet: str = "v1.31.2", runtime_class: str | None = None) -> World:
    w = World(name)
    node = w.gpu_node("gpu-node-1", gpus=1)
    node["status"]["nodeInfo"]["kubeletVersion"] = kubelet
    _toolkit_env(w, env)
    w.pod(ML, "train-0", node="gpu-node-1", gpu=1, runtime_class=runtime_class)
    w.target("Pod", ML, "train-0")
    return w


NOT_DEFAULT = [{"name": "NVIDIA_RUNTIME_SET_AS_DEFAULT", "value": "false"}, {"name": "RUNTIME", "value": "containerd"}]
RKE2_TOML = [{"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml"},
             {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "true"}]
RKE2_TMPL = [{"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml.tmpl"},
             {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "true"}]


@pytest.mark.parametrize("env, kubelet, reason", [(NOT_DEFAULT, "v1.31.2", "not_default"),
                                                  (RKE2_TOML, "v1.30.4+rke2r1", "overwritten")])
def test_a_gpu_pod_without_runtime_class_on_a_node_without_the_nvidia_default_gets_no_gpu(tmp_path, env, kubelet, reason):
    doc = _doc(_world("no-default-" + reason, env, kubelet), tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "runtime.no_device_visible" and rc["certainty"] == "inferred", doc["findings"]
    assert rc["params"]["reason"] == reason
    assert any("runtimeClassName" in e["excerpt"] for e in rc["evidence"])


@pytest.mark.parametrize("env, kubelet, runtime_class", [(NOT_DEFAULT, "v1.31.2", "nvidia"),
                                                         (RKE2_TMPL, "v1.30.4+rke2r1", None),
                                                         (RKE2_TOML, "v1.30.4", None)])
def test_the_nvidia_runtime_class_or_a_kept_default_is_no_finding(tmp_path, env, kubelet, runtime_class):
    doc = _doc(_world("kept-default", env, kubelet, runtime_class), tmp_path)
    assert "runtime.no_device_visible" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_devices_asked_for_by_env_without_a_request_are_the_envs_misconfiguration(tmp_path):
    w = World("env-by-hand")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "reset-0", node="gpu-node-1", gpu=0, phase="Failed", image="nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04",
          env=[{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}],
          statuses={"main": {"state": {"terminated": {"exitCode": 127, "reason": "Error"}}, "ready": False,
                             "restartCount": 0}})
    w.log(ML, "reset-0", "main", "/usr/local/bin/reset.sh: line 12: nvidia-smi: command not found\n")
    w.target("Pod", ML, "reset-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] == "runtime.visible_devices_misconfigured", ids
    assert "application.gpu_not_requested" not in ids


# libnvidia-container src/cli/configure.c `device error: %s` with the driver's "unknown device"
UNKNOWN_DEVICE = ('failed to create containerd task: failed to create shim task: OCI runtime create failed: runc '
                  'create failed: unable to start container process: error during container init: error running '
                  'hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as \'legacy\'\n'
                  'nvidia-container-cli: device error: GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202: unknown device: unknown')


@pytest.mark.parametrize("by_hand, device, expected", [
    (False, None, "plugin.stale_allocation"),
    (True, None, "runtime.visible_devices_misconfigured"),
    # k8s-device-plugin's volume-mounts strategy: NVIDIA_VISIBLE_DEVICES is the list's directory
    # (deviceListAsVolumeMountsContainerPathRoot), which a hook not reading lists from mounts names
    (False, "/var/run/nvidia-container-devices", "runtime.visible_devices_misconfigured")])
def test_an_unknown_device_is_the_allocation_or_the_env_that_named_it(tmp_path, by_hand, device, expected):
    """The hook was handed a GPU id the driver does not know. Allocated by the device plugin (a
    GPU request, no hand-set env), the allocation outlived the device (a UUID changed across a host
    restart); named by hand in NVIDIA_VISIBLE_DEVICES, the env is wrong; a path is the plugin's
    volume-mounts list the toolkit did not read: a configuration mismatch, no lost GPU."""
    w = World(f"unknown-device-{by_hand}-{bool(device)}")
    w.gpu_node("gpu-node-1", gpus=1)
    env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202"}] if by_hand else None
    w.pod(ML, "train-0", node="gpu-node-1", gpu=0 if by_hand else 1, env=env, restarts=4,
          statuses={"main": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 1m20s"}},
                             "lastState": {"terminated": {"exitCode": 128, "reason": "StartError",
                                                          "message": UNKNOWN_DEVICE.replace(
                                                              "GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202",
                                                              device or "GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202")}},
                             "ready": False, "restartCount": 4}})
    w.target("Pod", ML, "train-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == expected, [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["params"].get("device_list_path") == device
    if device:
        assert device in doc["root_cause"]["title"] and "by hand" not in doc["root_cause"]["title"]


SANDBOX_NO_RUNTIME = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create containerd task: "
                      "failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime error: "
                      "fork/exec /usr/bin/nvidia-container-runtime: no such file or directory: unknown")


def test_a_notready_node_whose_sandboxes_cannot_find_the_runtime_binary_is_the_runtimes(tmp_path):
    """containerd's default runtime points at a binary that is not on the node: every sandbox fails
    (the device plugin's here, the CNI's too) and the node goes NotReady ("container runtime network
    not ready"). The node's NotReady is the symptom; the missing runtime binary is the cause."""
    w = World("sandbox-no-runtime")
    w.gpu_node("gpu-node-1", gpus=0, ready=False)
    plugin = w.get_pod(OPERATOR_NS, w.stack("gpu-node-1", "device-plugin"))
    plugin["status"]["phase"] = "Pending"
    for st in plugin["status"]["containerStatuses"]:
        st.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0})
    w.event(OPERATOR_NS, "Pod", plugin["metadata"]["name"], "FailedCreatePodSandBox", SANDBOX_NO_RUNTIME, count=40)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem", (doc["status"], [f["id"] for f in doc["findings"]])
    assert doc["root_cause"]["id"] == "runtime.runtime_handler_missing", [f["id"] for f in doc["findings"]]


def _smi_list(n: int) -> str:
    # nvidia-smi -L's format (`GPU %u: %s (UUID: %s)`), one line per GPU
    return "".join(f"GPU {i}: Tesla T4 (UUID: GPU-6f2a8c4d-9e1b-4d73-a5c0-3e7f1b9d2c8{i})\n" for i in range(n))


@pytest.mark.parametrize("gpu, seen, privileged, fires", [(1, 4, False, True), (0, 4, False, True), (1, 1, False, False),
                                                           (0, 4, True, False)])
def test_a_container_that_sees_more_gpus_than_it_was_allocated(tmp_path, gpu, seen, privileged, fires):
    """nvidia-smi -L in the workload lists more GPUs than the pod asked for: the runtime exposed
    devices outside the allocation (an image's NVIDIA_VISIBLE_DEVICES=all, the NVIDIA runtime as
    the default). Seeing what it was given is fine; a privileged container sees every GPU by design."""
    w = World(f"sees-{gpu}-{seen}-{privileged}")
    w.gpu_node("gpu-node-1", gpus=4, product="Tesla-T4")
    pod = w.pod(ML, "train-0", node="gpu-node-1", gpu=gpu)
    if privileged:
        pod["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    w.log(ML, "train-0", "main", "")
    w.exec(ML, "train-0", "main", ["nvidia-smi", "-L"], _smi_list(seen))
    w.target("Pod", ML, "train-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert ("runtime.visible_devices_misconfigured" in ids) is fires, ids
    if fires:
        rc = doc["root_cause"]
        assert rc["id"] == "runtime.visible_devices_misconfigured" and rc["params"]["visible"] == seen
        assert rc["evidence"][0]["excerpt"].startswith(f"GPU {gpu}: ")      # the first GPU past the allocation


@pytest.mark.parametrize("gpu, fires", [(1, True), (0, False)])
def test_nvidia_smi_missing_in_a_gpu_container_is_an_injection_that_did_not_happen(tmp_path, gpu, fires):
    """`nvidia-smi` run in the container is not there (bash's `%s: command not found`, exit 127):
    the NVIDIA runtime injects it with the driver, so a container that asked for a GPU was started
    without it (runc as containerd's default and no runtimeClassName). Without a GPU request its
    absence is expected."""
    w = World(f"smi-missing-{gpu}")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "nb-0", node="gpu-node-1", gpu=gpu, containers=("notebook",))
    w.log(ML, "nb-0", "notebook", "")
    w.exec(ML, "nb-0", "notebook", ["nvidia-smi"], "", stderr="bash: nvidia-smi: command not found\n", exit_code=127)
    w.target("Pod", ML, "nb-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert ("runtime.no_device_visible" in ids) is fires, ids
    if fires:
        assert doc["root_cause"]["id"] == "runtime.no_device_visible"
