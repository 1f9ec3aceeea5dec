"""Readings that first-contact round 9 showed wrong, each decided by state:

- a scheduler reason about a taint that no GPU node carries (the control plane's) is not why a
  GPU pod waits: `0/5 nodes are available: 1 node(s) had untolerated taint {...}, 4 Insufficient
  nvidia.com/gpu` is a GPU shortage;
- the NVIDIA DRA driver's per-claim MPS control daemon (a Deployment it creates, named
  `mps-control-daemon-<claim>`) is a GPU-stack pod: its crash-loop is the plugin stage's, never a
  workload that forgot to request a GPU;
- (`NVIDIA_VISIBLE_DEVICES=void` on the GPU Operator's own operands is by design: the real case
  fd901 in tests/classify/test_first_contact_regression.py holds that reading.)

Messages are written from the emitters' formats: kube-scheduler's FitError
(`0/%v nodes are available: %v.` with `node(s) had untolerated taint {%s: %s}` of
TaintToleration).
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def test_a_taint_no_gpu_node_carries_is_not_why_a_gpu_pod_waits(tmp_path):
    w = World("control-plane-taint-beside-gpu-shortage")
    w.node("cp-1", taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    for i in range(1, 5):
        w.gpu_node(f"gpu-node-{i}", gpus=8)
        w.operator_stack(f"gpu-node-{i}")
    w.pod(ML, "train-worker-0", gpu=4, scheduled_message=(
        "0/5 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
        "4 Insufficient nvidia.com/gpu. preemption: 0/5 nodes are available: 5 Preemption is not helpful "
        "for scheduling."))
    w.target("Pod", ML, "train-worker-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.insufficient_gpu", [f["id"] for f in doc["findings"]]
    assert "scheduler.untolerated_taint" not in [f["id"] for f in doc["findings"]]


def test_a_taint_a_gpu_node_carries_still_decides(tmp_path):
    w = World("gpu-node-taint")
    w.gpu_node("gpu-node-1", gpus=8, taints=[{"key": "dedicated", "value": "train", "effect": "NoSchedule"}])
    w.operator_stack("gpu-node-1")
    w.pod(ML, "serve-0", gpu=1, scheduled_message=(
        "0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: train}. preemption: 0/1 nodes are "
        "available: 1 Preemption is not helpful for scheduling."))
    w.target("Pod", ML, "serve-0")
    assert _doc(w, tmp_path)["root_cause"]["id"] == "scheduler.untolerated_taint"


def test_the_dra_drivers_mps_daemon_crash_is_the_plugin_stage(tmp_path):
    w = World("dra-mps-daemon-crash")
    w.gpu_node("gpu-node-1", gpus=1)
    w.operator_stack("gpu-node-1")
    name = "mps-control-daemon-7f3c9a2e-6d9c8b7f5-q8z2n"
    w.pod("nvidia", name, node="gpu-node-1", gpu=0, containers=("mps-control-daemon",),
          image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0", owner=("ReplicaSet", "mps-control-daemon-7f3c9a2e-6d9c8b7f5"),
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
          statuses={"mps-control-daemon": {"ready": False, "restartCount": 9, "state": {"waiting": {
              "reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting failed container"}},
              "lastState": {"terminated": {"exitCode": 127, "reason": "Error"}}}})
    w.log("nvidia", name, "mps-control-daemon", "chroot: can't execute 'sh': No such file or directory\n", previous=True)
    w.target("Pod", "nvidia", name)
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["layer"] == "plugin", ids
    assert "application.gpu_not_requested" not in ids
