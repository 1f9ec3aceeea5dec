"""Kubernetes' 2026 wordings end to end (docs/message-catalog-kubernetes.md, rows read from the
2026 main of kube-scheduler and the kubelet): kube-scheduler's own gang scheduling, NodeDeclaredFeatures,
the 1.33 VolumeBinding wording, the kubelet's new admission reasons and its DRA manager's words.
Each message is written from its format string; the expected answers are reasoned from the
worlds: a gang member held back is the gang's finding and names the member that does not fit,
a refusal the kubelet writes in a catalogued wording is `recognised`, and a DRA driver the
kubelet has no registration of is the plugin layer's."""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML, base, pending_pod
from tests.classify.test_dra_gke_catalog import dra_prepare_failed
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

PREEMPTION = " preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _gang(w: World, members: dict[str, str], group_spec: dict) -> None:
    base(w, gpus=8)
    for name, message in members.items():
        pending_pod(w, name, message, gpu=8)["spec"].update(group_spec)


def test_a_member_held_back_by_kube_schedulers_gang_names_the_member_that_does_not_fit(tmp_path):
    """1.35's field (spec.workloadRef): the same pod group, the member short of GPUs cited."""
    w = World("gang-1-35")
    _gang(w, {"worker-0": "minCount (2) is not yet satisfied: 1 scheduled, 1 remaining",
              "worker-1": "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
                          "affinity/selector."},
          {"workloadRef": {"name": "llama-ft", "podGroup": "workers"}})
    w.target("Pod", ML, "worker-0")
    rc = _doc(w, tmp_path)["root_cause"]
    assert rc["id"] == "scheduler.gang_incomplete" and rc["certainty"] == "recognised", rc
    assert rc["params"]["blocker"] == "worker-1" and rc["params"]["group"] == "llama-ft/workers"
    assert rc["params"]["blocker_reason"] == "Insufficient nvidia.com/gpu"
    assert any("Insufficient nvidia.com/gpu" in e["excerpt"] for e in rc["evidence"])
    assert "worker-1" in rc["title"] or "llama-ft/workers" in rc["title"]


def test_a_gang_whose_other_members_say_nothing_of_their_own_is_still_the_gangs(tmp_path):
    """No member names a reason of its own: the finding stands, naming no blocker (the playbook says
    to read every member's events and the group's size)."""
    w = World("gang-alone")
    _gang(w, {"trainer-0": "pod group is unschedulable", "trainer-1": "pod group is unschedulable"},
          {"schedulingGroup": {"podGroupName": "trainer"}})
    w.target("Pod", ML, "trainer-0")
    rc = _doc(w, tmp_path)["root_cause"]
    assert rc["id"] == "scheduler.gang_incomplete" and "blocker" not in rc["params"], rc
    assert rc["params"]["group"] == "trainer"


def test_a_gang_wording_on_a_pod_of_no_pod_group_is_still_read_as_a_gang(tmp_path):
    """A bundle that lost the pod's spec fields (or an older collector): the words alone decide."""
    w = base(World("gang-no-field"), gpus=8)
    pending_pod(w, "trainer-0", "minCount (4) cannot be satisfied: 3 scheduled, 0 remaining", gpu=8)
    w.target("Pod", ML, "trainer-0")
    rc = _doc(w, tmp_path)["root_cause"]
    assert rc["id"] == "scheduler.gang_incomplete" and "group" not in rc["params"], rc


def test_node_declared_features_is_a_filter_without_gpu_meaning(tmp_path):
    w = base(World("ndf"), gpus=1)
    pending_pod(w, "llm-0", "0/3 nodes are available: 3 node(s) didn't match Pod's required features." + PREEMPTION)
    w.target("Pod", ML, "llm-0")
    rc = _doc(w, tmp_path)["root_cause"]
    assert rc["id"] == "scheduler.other_filter" and rc["certainty"] == "recognised", rc


def test_the_1_33_volume_binding_wording_is_a_volume_node_affinity_conflict(tmp_path):
    w = base(World("pv-affinity"), gpus=1)
    pending_pod(w, "llm-0", "0/3 nodes are available: 1 node(s) didn't match PersistentVolume's node affinity, "
                            "2 node(s) didn't match Pod's node affinity/selector." + PREEMPTION)
    w.target("Pod", ML, "llm-0")
    rc = _doc(w, tmp_path)["root_cause"]
    assert rc["id"] == "scheduler.volume_node_affinity_conflict", rc


def _rejected(w: World, reason: str, message: str) -> None:
    base(w, gpus=1)
    p = w.pod(ML, "llm-0", node="gpu-node-1", gpu=1, phase="Failed")
    p["status"].update({"reason": reason, "message": f"Pod was rejected: {message}"})
    w.event(ML, "Pod", "llm-0", reason, f"Pod was rejected: {message}", component="kubelet")
    w.target("Pod", ML, "llm-0")


def test_the_kubelets_new_admission_reasons_are_recognised_at_the_node_layer(tmp_path):
    for i, (reason, message) in enumerate((
            ("PodFeatureUnsupported", "Pod requires node features that are not available: GuaranteedQoSPodCPUResize"),
            ("PodLevelResourcesNotSupported", "PodLevelResources feature gate is disabled"),
            ("SupplementalGroupsPolicyNotSupported", "SupplementalGroupsPolicy=Strict is not supported in this node"),
            ("SMTAlignmentError", "SMT Alignment Error: requested 3 cpus not multiple cpus per core = 2"))):
        w = World(f"admission-{i}")
        _rejected(w, reason, message)
        rc = _doc(w, tmp_path / str(i))["root_cause"]
        assert rc["id"] == "node.admission_rejected" and rc["certainty"] == "recognised", (reason, rc)
        assert rc["params"]["reason"] == reason


def test_a_dra_driver_the_kubelet_has_not_registered_is_the_plugin_layers_registration(tmp_path):
    for i, message in enumerate((
            "Failed to prepare dynamic resources: prepare dynamic resources: DRA driver gpu.nvidia.com is not "
            "registered",
            "Failed to prepare dynamic resources: prepare resource claim: failed to get DRA Plugin client for plugin "
            "name gpu.nvidia.com: plugin name gpu.nvidia.com not found in the list of registered DRA plugins")):
        doc = _doc(dra_prepare_failed(f"dra-unregistered-{i}", message), tmp_path / str(i))
        f = next((f for f in doc["findings"] if f["id"] == "plugin.not_registered"), None)
        assert f is not None and f["params"]["driver"] == "gpu.nvidia.com", [x["id"] for x in doc["findings"]]
        assert f["certainty"] == "recognised" and "plugin.allocate_rpc_failed" not in [x["id"] for x in doc["findings"]]
        assert doc["root_cause"]["layer"] == "plugin"


def test_the_kubelets_own_dra_words_are_the_cause_of_a_failed_prepare(tmp_path):
    doc = _doc(dra_prepare_failed("dra-timeout", "Failed to prepare dynamic resources: prepare dynamic resources: "
                                              "NodePrepareResources: rpc error: code = DeadlineExceeded desc = context "
                                              "deadline exceeded"), tmp_path)
    f = next(f for f in doc["findings"] if f["id"] == "plugin.allocate_rpc_failed")
    assert f["params"]["cause"] == "dra_prepare_rpc_failed" and f["certainty"] == "recognised"

