"""Pending pods and refused creations in words the default scheduler's own events do not hold.

- An autoscaler that wrote about the pod (FailedScaleUp: a cloud quota, a stockout;
  NotTriggerScaleUp with its node groups' reasons) explains "no current node has that label":
  its node groups at size 0 are where such nodes come from.
- Karpenter writes its own FailedScheduling ("Failed to schedule pod, ..."): that is the
  autoscaler's word, not the scheduler's, and never a scheduler rejection in unknown words.
- A scheduler message quoted without its `0/N nodes are available:` head is read by its reasons.
- A controller that logs the API server's refusal (an admission webhook) instead of a
  FailedCreate event is a create rejection, cited from its log.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML, pending_pod
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.scheduler_message import parse_scheduling_message
from triage.render.json import findings_document

SELECTOR = "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector."
L4 = {"cloud.google.com/gke-accelerator": "nvidia-l4"}


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _cpu_cluster(name: str) -> World:
    w = World(name)
    w.node("cpu-1")
    w.node("cpu-2")
    return w


def test_a_failed_scale_up_explains_the_missing_label(tmp_path):
    w = _cpu_cluster("failed-scale-up")
    pending_pod(w, "tgi-0", SELECTOR, node_selector=L4)
    w.event(ML, "Pod", "tgi-0", "FailedScaleUp", "Node scale up in zones us-central1-c associated with this pod "
            "failed: GCE quota exceeded. Pod is at risk of not being scheduled.", component="cluster-autoscaler")
    w.target("Pod", ML, "tgi-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.autoscaler_no_scale_up", [f["id"] for f in doc["findings"]]
    assert "GCE quota exceeded" in doc["root_cause"]["evidence"][0]["excerpt"]


def test_a_scale_up_not_triggered_is_the_autoscalers_word_on_the_selector(tmp_path):
    """No current node has the label: with an autoscaler that wrote about the pod, its node groups
    (at size 0) are what matters, and its own reasons are quoted."""
    w = _cpu_cluster("not-triggered")
    pending_pod(w, "tgi-0", SELECTOR, node_selector=L4)
    w.event(ML, "Pod", "tgi-0", "NotTriggerScaleUp", "pod didn't trigger scale-up: 1 node(s) didn't match Pod's node "
            "affinity/selector", component="cluster-autoscaler")
    w.target("Pod", ML, "tgi-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.autoscaler_no_scale_up" and "didn't match" in rc["evidence"][0]["excerpt"], rc
    assert "scheduler.selector_label_absent" in rc["explains"]


def test_karpenters_failedscheduling_is_the_autoscalers_word(tmp_path):
    w = _cpu_cluster("karpenter")
    pending_pod(w, "vllm-0", "0/2 nodes are available: 2 Insufficient nvidia.com/gpu.")
    w.event(ML, "Pod", "vllm-0", "FailedScheduling", 'Failed to schedule pod, incompatible with nodepool "gpu", '
            "all available instance types exceed limits for nodepool: \"gpu\"", component="karpenter")
    w.target("Pod", ML, "vllm-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] == "scheduler.autoscaler_no_scale_up" and "scheduler.rejected_unrecognised" not in ids


def test_a_headless_scheduler_message_is_read_by_its_reasons():
    m = parse_scheduling_message("1 node(s) had untolerated taint {nvidia.com/gpu: present}")
    assert [r.kind.value for r in m.reasons] == ["taint"] and m.total_nodes is None
    assert parse_scheduling_message("3 apples fell off the tree") is None


def test_a_controller_logging_a_webhook_denial_is_a_create_rejection(tmp_path):
    w = World("controller-log-webhook")
    w.node("cpu-1")
    w.pod("agones-system", "agones-controller-6c9d8b7f5-2xq8v", node="cpu-1", gpu=0, containers=("agones-controller",))
    w.log("agones-system", "agones-controller-6c9d8b7f5-2xq8v", "agones-controller",
          '{"message":"Starting workers...","severity":"info"}\n'
          '{"message":"error creating Pod for GameServer gs-1: admission webhook \\"policy.example.com\\" denied the '
          'request: GPU game servers need ephemeral-storage >= 512Mi","severity":"error"}\n')
    w.target("Pod", "agones-system", "agones-controller-6c9d8b7f5-2xq8v")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "scheduler.create_rejected", doc["status"]
    assert rc["evidence"][0]["line"] == 2 and "denied the" in rc["evidence"][0]["excerpt"]


def test_a_gpu_schedulers_unknown_words_are_its_own_rejection(tmp_path):
    w = World("kai-unknown")
    w.gpu_node("gpu-node-1", gpus=8)
    pending_pod(w, "infer-0", "no nodes with enough resources were found: 1 node(s) frobnicated the claim",
                component="kai-scheduler", scheduler="kai-scheduler")
    w.target("Pod", ML, "infer-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"] or {"id": doc.get("suspect")}
    assert rc["id"] == "scheduler.custom_scheduler_rejected", [f["id"] for f in doc["findings"]]


# The scheduler's words in a form no catalogued format knows (a future or patched kube-scheduler,
# a vendor fork): state decides what it can, the words are quoted either way.
UNKNOWN_WORDS = "pod cannot be placed: every candidate was vetoed by policy (3 nodes)"


def _tainted_gpu_cluster(name: str, taint: bool) -> World:
    w = World(name)
    taints = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}] if taint else []
    w.gpu_node("gpu-node-1", gpus=1, taints=taints)
    w.node("cpu-1")
    w.node("cpu-2")
    return w


def test_unknown_scheduler_words_with_an_untolerated_gpu_taint_are_the_taint(tmp_path):
    w = _tainted_gpu_cluster("unknown-words-taint", taint=True)
    pending_pod(w, "llm-0", UNKNOWN_WORDS)
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.untolerated_taint", [f["id"] for f in doc["findings"]]
    assert rc["certainty"] == "inferred"
    excerpts = [e["excerpt"] for e in rc["evidence"]]
    assert any("vetoed by policy" in e for e in excerpts) and any("nvidia.com/gpu" in e for e in excerpts[1:])


def test_unknown_scheduler_words_with_nothing_in_the_way_stay_unrecognised(tmp_path):
    w = _tainted_gpu_cluster("unknown-words-free", taint=False)
    pending_pod(w, "llm-0", UNKNOWN_WORDS)
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.rejected_unrecognised" and rc["certainty"] == "unrecognised", rc


# A shortage of GPUs that every candidate node offers in full (allocatable == capacity) is real
# demand: no layer below can give more, so the plugin's missing log blinds nothing.

def _full_node_world(name: str, *, allocatable: int, held: bool) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=4, allocatable=allocatable, plugin_log=None)
    if held:
        w.pod(ML, "trainer-0", node="gpu-node-1", gpu=allocatable)
    return w


def test_gpus_offered_in_full_and_all_held_are_the_cause(tmp_path):
    w = _full_node_world("held-in-full", allocatable=4, held=True)
    pending_pod(w, "llm-0", "0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match "
                "Pod's node affinity/selector.")
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "scheduler.insufficient_gpu", doc.get("suspect")
    assert doc["root_cause"]["params"]["demand"] == "held"


def test_a_request_larger_than_any_node_is_the_cause(tmp_path):
    w = _full_node_world("too-big", allocatable=4, held=False)
    pending_pod(w, "llm-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.", gpu=8)
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["params"]["demand"] == "exceeds_node", doc.get("suspect")
    from triage.playbooks import title_for
    assert "more than any one node has" in title_for(rc["id"], rc["params"])


def test_a_node_offering_fewer_gpus_than_it_has_keeps_the_shortage_a_symptom(tmp_path):
    """2 of 4 GPUs offered: the missing two are the plugin's or the driver's to explain."""
    w = _full_node_world("fewer-offered", allocatable=2, held=True)
    pending_pod(w, "llm-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu.")
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert not (doc["status"] == "problem" and doc["root_cause"]["id"] == "scheduler.insufficient_gpu"), ids
    assert all(f["params"].get("demand") is None for f in doc["findings"] if f["id"] == "scheduler.insufficient_gpu")


def test_a_scheduler_symptom_is_not_blinded_by_runtime_or_driver_when_the_node_offers_its_gpus(tmp_path):
    """A custom scheduler's rejection on a node whose plugin registered every GPU: the runtime
    and driver reach the scheduler only through that, so their missing evidence is no gap in
    the answer (here: no kernel log, no exec)."""
    w = World("custom-blind-below")
    w.gpu_node("gpu-node-1", gpus=4, operator=False)       # a host-managed stack: no toolkit pod to judge
    pending_pod(w, "infer-0", "0/1 nodes are available: 1 node(s) resource fit failed.", component="kai-scheduler",
                scheduler="kai-scheduler")
    w.target("Pod", ML, "infer-0")
    doc = _doc(w, tmp_path)
    layers = {name: v["status"] for name, v in doc["layers"].items()}
    assert layers["node"] == "passed" and layers["plugin"] == "passed" and layers["runtime"] == "not_checked", layers
    assert doc["status"] == "problem" and doc["root_cause"]["layer"] == "scheduler", (doc.get("suspect"), layers)


def _dra_pending(name: str, allocated: bool) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=0)
    p = w.pod(ML, "dra-0", gpu=0, phase="Pending",
              extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "one-gpu"}]})
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable"}]
    p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": "dra-0-gpu-x7k2p"}]
    claim = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "dra-0-gpu-x7k2p", "namespace": ML}, "spec": {}, "status": {}}
    if allocated:
        claim["status"] = {"allocation": {"devices": {"results": [{"device": "gpu-0", "driver": "gpu.nvidia.com",
                                                                   "pool": "gpu-node-1", "request": "gpu"}]}}}
    w.custom.setdefault("resourceclaims.resource.k8s.io", []).append(claim)
    w.target("Pod", ML, "dra-0")
    return w


def test_a_silent_pending_pod_whose_dra_claims_are_unallocated_waits_for_the_allocation(tmp_path):
    doc = _doc(_dra_pending("dra-unallocated", allocated=False), tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.dra_claim_unallocatable" and rc["certainty"] == "inferred", doc["findings"]
    assert rc["params"]["claim"] == "dra-0-gpu-x7k2p"


def test_an_allocated_claim_is_not_what_a_silent_pending_pod_waits_for(tmp_path):
    doc = _doc(_dra_pending("dra-allocated", allocated=True), tmp_path)
    assert "scheduler.dra_claim_unallocatable" not in [f["id"] for f in doc["findings"]], doc["findings"]


def _karpenter_world(name: str, launched: str, earlier: tuple[str, ...] = (), registered: str | None = None) -> World:
    w = _cpu_cluster(name)
    pending_pod(w, "vllm-0", "0/2 nodes are available: 2 Insufficient nvidia.com/gpu.")
    for claim in (*earlier, "gpu-x7k2p"):
        w.event(ML, "Pod", "vllm-0", "Nominated", f"Pod should schedule on: nodeclaim/{claim}", component="karpenter",
                type="Normal")
    conds = [{"type": "Launched", "status": launched}, {"type": "Ready", "status": "Unknown"}]
    if registered is not None:
        conds.insert(1, {"type": "Registered", "status": registered, "reason": "NodeNotFound",
                         "message": "Node not registered with cluster"})
    w.custom.setdefault("nodeclaims.karpenter.sh", []).append(
        {"apiVersion": "karpenter.sh/v1", "kind": "NodeClaim", "metadata": {"name": "gpu-x7k2p"},
         "status": {"conditions": conds}})
    w.target("Pod", ML, "vllm-0")
    return w


def test_a_nomination_to_a_nodeclaim_that_never_launched_is_the_autoscalers(tmp_path):
    doc = _doc(_karpenter_world("nodeclaim-unlaunched", "Unknown"), tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.autoscaler_no_scale_up" and rc["certainty"] == "inferred", doc["findings"]
    assert "scheduler.insufficient_gpu" in rc["explains"]


def test_a_launched_nodeclaim_is_no_autoscaler_finding(tmp_path):
    doc = _doc(_karpenter_world("nodeclaim-launched", "True"), tmp_path)
    assert "scheduler.autoscaler_no_scale_up" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_launched_nodeclaims_that_never_register_and_are_replaced_are_the_autoscalers(tmp_path):
    # Karpenter deletes a claim whose node does not register in time and nominates the pod to a new one:
    # the earlier nominations name claims that are gone, the newest launched and is not Registered
    doc = _doc(_karpenter_world("nodeclaim-never-registers", "True", earlier=("gpu-m4t9c",), registered="Unknown"),
               tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.autoscaler_no_scale_up", doc["findings"]
    assert rc["params"]["reason"] == "NodeClaimNotRegistered" and rc["params"]["replaced"] == ["gpu-m4t9c"]


def test_a_first_nodeclaim_still_registering_is_no_autoscaler_finding(tmp_path):
    doc = _doc(_karpenter_world("nodeclaim-registering", "True", registered="Unknown"), tmp_path)
    assert "scheduler.autoscaler_no_scale_up" not in [f["id"] for f in doc["findings"]], doc["findings"]


def test_the_schedulers_own_filter_beats_summed_requests_on_the_free_gpu_node(tmp_path):
    """The requests on the free GPU node add up past its CPU (requests the kubelet may count
    otherwise), but the scheduler names the filter that failed there: the volume's zone."""
    w = World("volume-zone")
    w.gpu_node("gpu-node-1", gpus=1, cpu="16")
    w.pod(ML, "busy-0", node="gpu-node-1", gpu=0, cpu="15")
    w.node("cpu-1")
    pending_pod(w, "nb-0", "0/2 nodes are available: 1 node(s) had volume node affinity conflict, "
                "1 Insufficient nvidia.com/gpu.", cpu="2")
    w.target("Pod", ML, "nb-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.volume_node_affinity_conflict", [f["id"] for f in doc["findings"]]


def test_a_gated_pod_waits_for_its_gates_whatever_the_nodes_look_like(tmp_path):
    w = _tainted_gpu_cluster("gated-tainted", taint=True)
    p = pending_pod(w, "llm-0", "Scheduling is blocked due to non-empty scheduling gates",
                    extra_spec={"schedulingGates": [{"name": "example.com/admission"}]})
    w.target("Pod", ML, "llm-0")
    doc = _doc(w, tmp_path)
    ids = [f["id"] for f in doc["findings"]]
    assert doc["root_cause"]["id"] == "scheduler.scheduling_gated" and "scheduler.untolerated_taint" not in ids, ids


def test_unknown_words_about_a_pod_served_by_dra_are_judged_by_its_claims(tmp_path):
    """The scheduler said why in words no format knows, and the pod asks for its GPU through a DRA
    claim: the nodes' nvidia.com/gpu capacity says nothing about it, the unallocated claim does."""
    w = _dra_pending("dra-unknown-words", allocated=False)
    w.event(ML, "Pod", "dra-0", "FailedScheduling", "the frobnicator declined every node", component="default-scheduler")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.dra_claim_unallocatable" and rc["certainty"] == "inferred", doc["findings"]
    assert "scheduler.insufficient_gpu" not in [f["id"] for f in doc["findings"]]
