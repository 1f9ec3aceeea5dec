"""The NVIDIA DRA driver's and GKE's GPU components end to end (docs/message-catalog.md, their
sections): a kubelet plugin, device plugin or driver installer that crash-loops with a catalogued
line gives that line's finding at the plugin or driver layer, cited to the line; the same pods on
a healthy start, their logs holding every benign line the catalog lists for them, give no finding.
The lines are the catalog's samples (written from the components' format strings)."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import World
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.benign_lines import BENIGN_SAMPLES
from triage.render.json import findings_document

NODE = "gpu-node-1"
DRA_NS = "nvidia-dra-driver-gpu"
DRA_POD = "nvidia-dra-driver-gpu-kubelet-plugin-a7x2q"
DRA_LABELS = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-component": "kubelet-plugin"}
GKE_PLUGIN = "nvidia-gpu-device-plugin-small-cos-x7k2p"
GKE_INSTALLER = "nvidia-driver-installer-9m4qz"

CRASH = {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting failed container"}},
         "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": "2026-11-29T14:19:00Z",
                                      "finishedAt": "2026-11-29T14:20:00Z"}},
         "ready": False, "restartCount": 7}
INIT_RUNNING = {"state": {"running": {"startedAt": "2026-11-29T14:00:00Z"}}, "ready": False, "restartCount": 0}
WAITING = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}


def _doc(w: World, tmp_path, name: str = "bundle") -> dict:
    with load_bundle(w.write(tmp_path / name)) as b:
        return findings_document(diagnose(b), b)


def _same_as_without(w: World, baseline: World, tmp_path) -> None:
    """No finding, and the verdict the same pods give without those lines (a bundle without
    exec output or kernel logs stays inconclusive for those gaps, not for the lines)."""
    base = _doc(baseline, tmp_path, "baseline")
    doc = _doc(w, tmp_path, "benign")
    assert base["findings"] == [] and base["status"] != "problem"
    assert doc["findings"] == [], [(f["id"], [e["excerpt"] for e in f["evidence"]]) for f in doc["findings"]]
    status = {k: v["status"] for k, v in doc["layers"].items()}
    assert doc["status"] == base["status"] and status == {k: v["status"] for k, v in base["layers"].items()}
    assert status["plugin"] == "passed" and status["driver"] == "passed"


def _benign(prefix: str, role: str) -> str:
    return "".join(b.line + "\n" for b in BENIGN_SAMPLES if b.source.startswith(prefix) and b.role == role)


# ---- the DRA driver -----------------------------------------------------------------------------------

def _dra_world(name: str, *, statuses=None, init_statuses=None, phase=None) -> World:
    w = World(name)
    n = w.gpu_node(NODE, gpus=8, operator=False, allocatable=None)
    n["status"]["capacity"].pop("nvidia.com/gpu")
    w.pod(DRA_NS, DRA_POD, node=NODE, gpu=0, containers=("gpus", "compute-domains"), init_containers=("init-container",),
          labels=DRA_LABELS, owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"), phase=phase,
          statuses=statuses, init_statuses=init_statuses)
    w.target("Node", None, NODE)
    return w


def test_the_dra_driver_pods_have_their_roles():
    assert stack_role({"metadata": {"name": DRA_POD, "labels": DRA_LABELS}}) == "dra-plugin"
    # the 2026 chart is named dra-driver-nvidia-gpu
    assert stack_role({"metadata": {"name": "dra-driver-nvidia-gpu-kubelet-plugin-8wmmz",
                                    "labels": {"app.kubernetes.io/name": "dra-driver-nvidia-gpu"}}}) == "dra-plugin"
    # a ComputeDomain's IMEX daemon
    assert stack_role({"metadata": {"name": "computedomain-daemon-6b0e2c1d-x2k4p",
                                    "labels": {"resource.nvidia.com/computeDomain": "6b0e2c1d"}}}) == "dra-plugin"
    # the controller shares the chart's name label but is no node component
    assert stack_role({"metadata": {"name": "nvidia-dra-driver-gpu-controller-7d9f8c6b5-x2x4k",
                                    "labels": {"app.kubernetes.io/name": "nvidia-dra-driver-gpu",
                                               "nvidia-dra-driver-gpu-component": "controller"}}}) == "dra-controller"


@pytest.mark.parametrize("container,line,fid,layer", [
    ("gpus", "Error: error creating driver: error enumerating all possible devices: error enumerating allocatable "
             "devices: ensureNVML failed: ERROR_LIBRARY_NOT_FOUND", "plugin.nvml_unavailable", "plugin"),
    ("compute-domains", "Error: error creating driver: error getting cliqueID: error getting fabric information from "
                        "one or more devices: NVLink fabric not attached (device "
                        "0/GPU-4404041a-04cf-1ccf-9e70-f139a9b1e23c): state=1, refusing to start",
     "driver.fabric_manager_not_running", "driver"),
    # kubernetes-sigs/dra-driver-nvidia-gpu main (2026-08), FabricManagerPartitioning: the node's Fabric Manager
    ("gpus", "Error: error creating driver: FabricManagerPartitioning enabled but Fabric Manager could not be opened: "
             "fabric manager not available: fabricmanager: fmLibInit: FM_ST_CONNECTION_NOT_VALID",
     "driver.fabric_manager_not_running", "driver"),
])
def test_crash_looping_dra_kubelet_plugin_gives_the_lines_finding(tmp_path, container, line, fid, layer):
    w = _dra_world("dra-crash", statuses={container: CRASH})
    w.log(DRA_NS, DRA_POD, container, line + "\n", previous=True)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == fid, [f["id"] for f in doc["findings"]]
    assert rc["layer"] == layer and rc["certainty"] == "recognised"
    assert any(e["line"] == 1 and e["path"].endswith(f"{container}-previous.log") for e in rc["evidence"]), rc["evidence"]
    assert "plugin.not_running" in [f["id"] for f in doc["findings"]]


def test_crash_looping_dra_kubelet_plugin_that_cannot_register(tmp_path):
    """A registration failure that ends the plugin: the crash loop is the root (as for the device
    plugin, explain.py), the registration line its recognised cause, cited."""
    w = _dra_world("dra-register", statuses={"gpus": CRASH})
    w.log(DRA_NS, DRA_POD, "gpus", "Error: error creating driver: start registrar: start gRPC server: listen on "
          "\"/var/lib/kubelet/plugins_registry/gpu.nvidia.com-reg.sock\": listen unix "
          "/var/lib/kubelet/plugins_registry/gpu.nvidia.com-reg.sock: bind: permission denied\n", previous=True)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "plugin.not_running" and rc["layer"] == "plugin", [f["id"] for f in doc["findings"]]
    assert "plugin.not_registered" in rc["explains"]
    reg = next(f for f in doc["findings"] if f["id"] == "plugin.not_registered")
    assert reg["certainty"] == "recognised" and reg["evidence"][0]["line"] == 1


def test_dra_init_container_waiting_for_the_driver_is_the_driver_layer(tmp_path):
    """The kubelet plugin's init container loops until nvidia-smi and libnvidia-ml.so.1 answer under
    NVIDIA_DRIVER_ROOT: stuck there, the driver is what is missing, in the check's own words."""
    w = _dra_world("dra-no-driver", phase="Pending", init_statuses={"init-container": INIT_RUNNING},
                   statuses={"gpus": WAITING, "compute-domains": WAITING})
    w.log(DRA_NS, DRA_POD, "init-container",
          "create symlink: /driver-root -> /driver-root-parent/driver\n"
          "2026-11-29T14:01:02Z  /driver-root (/run/nvidia/driver on host): nvidia-smi: not found, libnvidia-ml.so.1: "
          "not found, current contents: [].\n\n"
          "Check failed. Has the NVIDIA GPU driver been set up? It is expected to be installed under NVIDIA_DRIVER_ROOT "
          "(currently set to '/run/nvidia/driver') in the host filesystem. If that path appears to be unexpected: "
          "review the DRA driver's 'nvidiaDriverRoot' Helm chart variable. Otherwise, review if the GPU driver has "
          "actually been installed under that path.\n")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "driver.not_ready" and rc["layer"] == "driver", [f["id"] for f in doc["findings"]]
    assert rc["certainty"] == "recognised"
    assert any("Check failed. Has the NVIDIA GPU driver been set up?" in e["excerpt"] for e in rc["evidence"])


def test_healthy_dra_kubelet_plugin_with_its_benign_lines_has_no_finding(tmp_path):
    w = _dra_world("dra-healthy")
    benign = _benign("NVIDIA/k8s-dra-driver-gpu", "dra-plugin")
    assert benign.count("\n") >= 10
    w.log(DRA_NS, DRA_POD, "init-container", benign)
    w.log(DRA_NS, DRA_POD, "gpus", benign)
    w.log(DRA_NS, DRA_POD, "compute-domains", benign)
    _same_as_without(w, _dra_world("dra-healthy"), tmp_path)


def dra_prepare_failed(name: str, message: str, pod: str = "trainer-0", claim: str = "imex-channel-0") -> World:
    """The DRA world with a pod bound to the node, ContainerCreating, whose claim's prepare failed
    (the kubelet's FailedPrepareDynamicResources event carrying `message`)."""
    w = _dra_world(name)
    w.pod("ml", pod, node=NODE, gpu=0, containers=("trainer",), phase="Pending",
          statuses={"trainer": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}},
          extra_spec={"resourceClaims": [{"name": "imex", "resourceClaimName": claim}]})
    w.event("ml", "Pod", pod, "FailedPrepareDynamicResources", message, component="kubelet")
    w.target("Pod", "ml", pod)
    return w


def test_a_prepare_failure_carries_the_plugins_cause(tmp_path):
    w = dra_prepare_failed(
        "dra-prepare", "Failed to prepare dynamic resources: NodePrepareResources failed for claim ml/imex-channel-0: "
        "error preparing devices for claim ml/imex-channel-0:6b0e2c1d-3f4a-4b5c-8d9e-0a1b2c3d4e5f: prepare devices "
        "failed: error applying config: error asserting ComputeDomain Ready: current node not ready in ComputeDomain")
    doc = _doc(w, tmp_path)
    f = next(f for f in doc["findings"] if f["id"] == "plugin.allocate_rpc_failed")
    assert f["params"]["cause"] == "compute_domain_not_ready" and f["certainty"] == "recognised"


def test_a_host_managed_imex_daemon_not_ready_is_the_prepare_failures_cause(tmp_path):
    """imex.mode=hostManaged (kubernetes-sigs/dra-driver-nvidia-gpu main, 2026-08): the channel's prepare
    checks the host's own nvidia-imex daemon; its state in the event is the compute domain's."""
    w = dra_prepare_failed(
        "dra-host-imex", "Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed "
        "for ResourceClaim ml/imex-channel-0: error preparing devices for claim ml/imex-channel-0:6b0e2c1d: prepare "
        "devices failed: host nvidia-imex daemon not ready: INITIALIZING")
    f = next(f for f in _doc(w, tmp_path)["findings"] if f["id"] == "plugin.allocate_rpc_failed")
    assert f["params"]["cause"] == "compute_domain_not_ready" and f["certainty"] == "recognised"


def test_a_device_the_plugins_checkpoint_holds_for_another_claim_is_a_stale_allocation(tmp_path):
    """kubernetes-sigs/dra-driver-nvidia-gpu device_state.go: `requested device %s is already allocated to
    different claim %s`: the plugin's record outlived the claim (its prepare retried after release)."""
    w = dra_prepare_failed(
        "dra-device-held", "Failed to prepare dynamic resources: NodePrepareResources failed for claim "
        "ml/imex-channel-1: error preparing devices for claim ml/imex-channel-1:1b2c3d4e-5f60-4718-89ab-cdef01234567: "
        "requested device channel-0 is already allocated to different claim 0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
        pod="trainer-1", claim="imex-channel-1")
    root = _doc(w, tmp_path)["root_cause"]
    assert root["id"] == "plugin.stale_allocation" and root["params"]["cause"] == "dra_device_held"
    assert "still holds its device for another claim" in root["title"]


# ---- GKE ----------------------------------------------------------------------------------------------

def _gke_world(name: str, *, plugin_statuses=None, installer_init=None, installer_phase=None) -> World:
    w = World(name)
    labels = {"cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-gpu-driver-version": "latest"}
    w.gpu_node(NODE, gpus=1, operator=False, labels=labels)
    w.pod("kube-system", GKE_PLUGIN, node=NODE, gpu=0, containers=("nvidia-gpu-device-plugin",),
          labels={"k8s-app": "nvidia-gpu-device-plugin"}, owner=("DaemonSet", "nvidia-gpu-device-plugin-small-cos"),
          statuses=plugin_statuses)
    w.pod("kube-system", GKE_INSTALLER, node=NODE, gpu=0, containers=("pause",),
          init_containers=("nvidia-driver-installer",), labels={"k8s-app": "nvidia-driver-installer"},
          owner=("DaemonSet", "nvidia-driver-installer"), phase=installer_phase,
          init_statuses={"nvidia-driver-installer": installer_init} if installer_init else None,
          statuses={"pause": WAITING} if installer_init else None)
    w.target("Node", None, NODE)
    return w


def test_crash_looping_gke_device_plugin_gives_the_lines_finding(tmp_path):
    w = _gke_world("gke-plugin-crash", plugin_statuses={"nvidia-gpu-device-plugin": CRASH})
    n = w.get_node(NODE)
    n["status"]["capacity"].pop("nvidia.com/gpu")
    n["status"]["allocatable"].pop("nvidia.com/gpu")
    w.log("kube-system", GKE_PLUGIN, "nvidia-gpu-device-plugin",
          "I1129 14:01:02.000100       1 nvidia_gpu.go:112] device-plugin started\n"
          "F1129 14:01:02.000101       1 nvidia_gpu.go:157] failed to initialize nvml: ERROR_LIBRARY_NOT_FOUND\n",
          previous=True)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "plugin.nvml_unavailable" and rc["layer"] == "plugin", [f["id"] for f in doc["findings"]]
    assert any(e["line"] == 2 and "failed to initialize nvml" in e["excerpt"] for e in rc["evidence"])


@pytest.mark.parametrize("line,fid", [
    ("E1129 14:00:30.000101    2851 install.go:276] The GPU driver is not available for the COS version. Please "
     "wait for half a day and retry.", "driver.image_unavailable"),
    ("E1129 14:00:45.000301    2851 install.go:290] failed to run GPU driver installer: failed to load GPU drivers: "
     "failed to insert module nvidia: exit status 1", "driver.kernel_mismatch"),
])
def test_crash_looping_gke_driver_installer_gives_the_lines_finding(tmp_path, line, fid):
    w = _gke_world("gke-installer-crash", installer_init=CRASH, installer_phase="Pending")
    n = w.get_node(NODE)
    n["status"]["capacity"].pop("nvidia.com/gpu")
    n["status"]["allocatable"].pop("nvidia.com/gpu")
    w.log("kube-system", GKE_INSTALLER, "nvidia-driver-installer",
          "Checking for existing GPU driver modules\nNo GPU driver module detected, installing now\n" + line + "\n",
          previous=True)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == fid and rc["layer"] == "driver", [f["id"] for f in doc["findings"]]
    assert any(e["line"] == 3 for e in rc["evidence"]), rc["evidence"]


def test_healthy_gke_plugin_and_installer_with_their_benign_lines_have_no_finding(tmp_path):
    w = _gke_world("gke-healthy")
    w.log("kube-system", GKE_PLUGIN, "nvidia-gpu-device-plugin",
          _benign("GoogleCloudPlatform/container-engine-accelerators", "device-plugin"))
    installer = "".join(b.line + "\n" for b in BENIGN_SAMPLES if b.component == "GKE nvidia-driver-installer")
    w.log("kube-system", GKE_INSTALLER, "nvidia-driver-installer", installer)
    _same_as_without(w, _gke_world("gke-healthy"), tmp_path)
