"""Kueue's admission verdict (a Warning event on its Workload) is the cause of a job that waits
with no pod: its quota is a quota, every other reason keeps the job suspended. Messages written
from Kueue's format strings (pkg/scheduler/flavorassigner/flavorassigner.go, v0.6-v0.19)."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.k8s_events.kueue import KueueKind, parse_kueue_verdict, workload_owner
from triage.playbooks import title_for
from triage.render.json import findings_document


@pytest.mark.parametrize("message, kind, resource, flavor", [
    ("couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100, "
     "4 more needed", KueueKind.QUOTA, "nvidia.com/gpu", "a100"),
    ("couldn't assign flavors to pod set main: insufficient unused quota in cohort for nvidia.com/gpu in flavor "
     "default-flavor, 2 more needed", KueueKind.QUOTA, "nvidia.com/gpu", "default-flavor"),
    ("couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor h100, request > "
     "maximum capacity (16 > 8)", KueueKind.QUOTA, "nvidia.com/gpu", "h100"),
    ("couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor h100, previously "
     "considered podsets requests (0) + current podset request (16) > maximum capacity (8)",
     KueueKind.QUOTA, "nvidia.com/gpu", "h100"),
    ("couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor h100 in ClusterQueue",
     KueueKind.QUOTA, "nvidia.com/gpu", "h100"),
    ("couldn't assign flavors to pod set worker: resource nvidia.com/gpu unavailable in ClusterQueue",
     KueueKind.QUOTA, "nvidia.com/gpu", None),
    ("couldn't assign flavors to pod set main: borrowing limit for nvidia.com/gpu in flavor a100 exceeded",
     KueueKind.QUOTA, "nvidia.com/gpu", "a100"),
    ("couldn't assign flavors to pod set main: untolerated taint {nvidia.com/gpu present NoSchedule <nil>} in "
     "flavor a100", KueueKind.FLAVOR_TAINT, None, "a100"),
    ("couldn't assign flavors to pod set main: flavor a100 doesn't match node affinity",
     KueueKind.FLAVOR_AFFINITY, None, "a100"),
    ("LocalQueue team-a doesn't exist", KueueKind.QUEUE, None, None),
    ("ClusterQueue gpu-cq is inactive", KueueKind.QUEUE, None, None),
    ("The workload has failed admission checks", KueueKind.ADMISSION_CHECK, None, None),
])
def test_kueue_verdicts_are_read_from_their_format(message, kind, resource, flavor):
    v = parse_kueue_verdict(message)
    assert v is not None and v.kind is kind and v.resource == resource and v.flavor == flavor, v


def test_text_that_is_no_kueue_verdict_is_none():
    assert parse_kueue_verdict("Created pod: train-0") is None
    assert parse_kueue_verdict("0/3 nodes are available: 3 Insufficient nvidia.com/gpu.") is None
    assert parse_kueue_verdict(None) is None


def test_a_workload_name_carries_its_job():
    assert workload_owner("job-llm-finetune-8x2kq") == ("Job", "llm-finetune")
    assert workload_owner("pytorchjob-ddp-train-a1b2c") == ("PyTorchJob", "ddp-train")
    assert workload_owner("train-job") is None


QUOTA = ("couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor "
         "a100-80gb, 4 more needed")


def _kueue_world(name: str, message: str) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=8)
    w.event("research", "Workload", "job-llm-finetune-8x2kq", "Pending", message, component="kueue-admission")
    w.event("research", "Job", "llm-finetune", "Suspended", "Kueue managed child job suspended",
            component="kueue-admission", type="Normal")
    w.target("Job", "research", "llm-finetune")
    return w


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def test_a_kueue_quota_verdict_is_the_jobs_quota(tmp_path):
    doc = _doc(_kueue_world("kueue-quota", QUOTA), tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "scheduler.quota_exceeded", doc["findings"]
    assert rc["evidence"][0]["excerpt"].endswith("4 more needed") and rc["certainty"] == "recognised"
    assert rc["subject"] == {"kind": "Job", "name": "llm-finetune", "namespace": "research"}
    title = title_for(rc["id"], rc["params"])
    assert "Kueue" in title and "a100-80gb" in title and "ResourceQuota" not in title, title


def test_a_resource_the_clusterqueue_does_not_cover_is_not_called_used_up(tmp_path):
    msg = "couldn't assign flavors to pod set main: resource nvidia.com/gpu unavailable in ClusterQueue"
    rc = _doc(_kueue_world("kueue-uncovered", msg), tmp_path)["root_cause"]
    title = title_for(rc["id"], rc["params"])
    assert rc["params"]["uncovered"] is True and "covers no nvidia.com/gpu at all" in title, title
    assert "quota left" not in title


def test_kueue_words_no_format_knows_keep_the_job_waiting(tmp_path):
    doc = _doc(_kueue_world("kueue-unknown", "Workload is waiting on the provisioning of its quota slice"), tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.scheduling_gated" and rc["certainty"] == "unrecognised", doc["findings"]
    assert "Kueue has not admitted Job/llm-finetune" in title_for(rc["id"], rc["params"])


def test_a_gated_pod_is_explained_by_its_workloads_quota(tmp_path):
    """Kueue's pod integration: the pod exists behind the kueue.x-k8s.io/admission gate and its
    Workload (pod-<name>-<hash>) carries the quota verdict: the verdict is the cause."""
    w = World("kueue-pod")
    w.gpu_node("gpu-node-1", gpus=8)
    p = w.pod("research", "notebook-0", gpu=2, phase="Pending", labels={"kueue.x-k8s.io/queue-name": "team-a"},
              extra_spec={"schedulingGates": [{"name": "kueue.x-k8s.io/admission"}]})
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "SchedulingGated",
                                  "message": "Scheduling is blocked due to non-empty scheduling gates"}]
    w.event("research", "Workload", "pod-notebook-0-3f9ab", "Pending", QUOTA, component="kueue-admission")
    w.target("Pod", "research", "notebook-0")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == "scheduler.quota_exceeded" and "scheduler.scheduling_gated" in rc["explains"], doc["findings"]


@pytest.mark.parametrize("message, fid, certainty", [
    ("LocalQueue cluster-queue doesn't exist", "scheduler.scheduling_gated", "recognised"),
    (QUOTA, "scheduler.quota_exceeded", "recognised"),
    ("waiting for a slice no format here knows", "scheduler.scheduling_gated", "unrecognised"),
])
def test_a_workload_that_is_not_admitted_says_why_in_its_own_condition(tmp_path, message, fid, certainty):
    """State first: no event about the Workload is in the bundle (only the Job's CreatedWorkload);
    its QuotaReserved=False condition (kueue pkg/workload, reason Inadmissible) carries the verdict."""
    w = World(f"kueue-condition-{fid}-{certainty}")
    w.gpu_node("gpu-node-1", gpus=8)
    w.event("research", "Job", "llm-finetune", "CreatedWorkload", "Created Workload: research/job-llm-finetune-3f2a1",
            component="kueue-job-controller", type="Normal")
    w.custom["workloads.kueue.x-k8s.io"] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
        "metadata": {"name": "job-llm-finetune-3f2a1", "namespace": "research",
                     "ownerReferences": [{"apiVersion": "batch/v1", "kind": "Job", "name": "llm-finetune",
                                          "uid": "u-1", "controller": True}]},
        "status": {"conditions": [{"type": "QuotaReserved", "status": "False", "reason": "Inadmissible",
                                   "message": message, "lastTransitionTime": "2026-11-29T14:20:00Z"}]}}]
    w.target("Job", "research", "llm-finetune")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc is not None and rc["id"] == fid and rc["certainty"] == certainty, (doc["status"], doc["findings"])
    assert rc["subject"] == {"kind": "Job", "name": "llm-finetune", "namespace": "research"}
    assert "status.conditions[QuotaReserved]" in rc["evidence"][0]["excerpt"]
