"""What a node's own diagnosis may read besides its GPU stack's pods.

- `nvidia-smi` run where the host is visible (a `kubectl debug node` pod, `chroot /host`)
  speaks for the node's driver, like the driver pod's.
- The GPU pods bound to a node are evidence about it: a kubelet that rejects them at
  admission because NVML says a GPU is lost makes the node's driver layer the root cause.
- NVIDIA's device plugin, registered (the node advertises its GPUs), loaded NVML inside its
  container: the NVIDIA runtime injected the driver there, a check of the runtime layer.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

KS = "kube-system"
NODE = "gpu-node-1"


def _doc(w: World, tmp_path) -> dict:
    w.target("Node", None, NODE)
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _host_node(w: World, *, advertised: bool = True, plugin_image: str = "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"):
    n = w.gpu_node(NODE, gpus=4, operator=False, allocatable="same" if advertised else None)
    if not advertised:
        n["status"]["capacity"].pop("nvidia.com/gpu")
    p = w.pod(KS, "nvidia-device-plugin-daemonset-x7k2p", node=NODE, gpu=0, containers=("nvidia-device-plugin-ctr",),
              labels={"app.kubernetes.io/name": "nvidia-device-plugin"},
              owner=("DaemonSet", "nvidia-device-plugin-daemonset"))
    p["spec"]["containers"][0]["image"] = plugin_image
    return p


def test_nvidia_smi_through_a_node_debugger_is_the_nodes_driver(tmp_path):
    w = World("node-debugger-smi")
    _host_node(w, advertised=False)
    w.pod("default", f"node-debugger-{NODE}-7xkcm", node=NODE, gpu=0, containers=("debugger",), image="ubuntu:22.04")
    w.exec("default", f"node-debugger-{NODE}-7xkcm", "debugger", ["chroot", "/host", "nvidia-smi"],
           "Failed to initialize NVML: Driver/library version mismatch (NVML library version: 580.159)\n", exit_code=18)
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "driver.version_mismatch" and rc["subject"]["kind"] == "Node", rc
    assert any("Driver/library version mismatch" in e["excerpt"] for e in rc["evidence"])
    # the debugger is no driver pod: the playbook does not name it as one
    assert "driver_pod" not in rc.get("params", {})


def test_gpu_pods_rejected_at_admission_for_a_lost_gpu_are_the_nodes_driver(tmp_path):
    w = World("node-admission-gpu-lost")
    _host_node(w)
    msg = ("Allocate failed due to device plugin GetPreferredAllocation rpc failed with err: rpc error: code = Unknown "
           "desc = error getting list of preferred allocation devices: failed to get nvlink state: GPU is lost, "
           "which is unexpected")
    for i in range(3):
        p = w.pod("ci", f"runner-{i}", node=NODE, phase="Failed")
        p["status"].update({"reason": "UnexpectedAdmissionError", "message": msg})
        w.event("ci", "Pod", f"runner-{i}", "UnexpectedAdmissionError", msg, component="kubelet")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "driver.gpu_fallen_off_bus", doc["status"]
    assert "Xid" not in doc["root_cause"]["title"]       # NVML said lost; no Xid was read


def test_a_registered_nvidia_device_plugin_is_a_runtime_check(tmp_path):
    w = World("node-plugin-registered")
    _host_node(w)
    doc = _doc(w, tmp_path)
    assert doc["layers"]["runtime"]["status"] == "passed", doc["layers"]["runtime"]


def test_gkes_host_mounted_plugin_is_no_runtime_check(tmp_path):
    w = World("node-gke-plugin")
    _host_node(w, plugin_image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:0f3a")
    doc = _doc(w, tmp_path)
    assert doc["layers"]["runtime"]["status"] == "not_checked", doc["layers"]["runtime"]


def test_a_node_that_offers_its_gpus_by_dra_is_not_missing_them(tmp_path):
    w = World("node-dra")
    n = w.gpu_node(NODE, gpus=8, operator=False, allocatable=None)
    n["status"]["capacity"].pop("nvidia.com/gpu")
    w.pod("nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin-a7x2q", node=NODE, gpu=0,
          containers=("gpus",), labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu-kubelet-plugin"},
          owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"))
    doc = _doc(w, tmp_path)
    assert "node.gpu_not_advertised" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_the_first_dra_chart_kubelet_plugin_is_the_dra_plugin():
    from triage.bundle.objects.gpu_stack import stack_role
    raw = {"metadata": {"name": "nvidia-k8s-dra-driver-kubelet-plugin-8wmmz",
                        "labels": {"app.kubernetes.io/name": "nvidia-k8s-dra-driver"}}}
    assert stack_role(raw) == "dra-plugin"
