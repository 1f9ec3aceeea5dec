"""A GPU pod scheduled onto a node but unable to start is a trigger once the grace period
has passed: the runtime layer's failures (no "nvidia" runtime handler, the prestart hook
failing) keep a pod Pending in ContainerCreating / RunContainerError, never CrashLoopBackOff."""

from __future__ import annotations

import datetime as dt
import json

from tests.conftest import CORPUS
from triage.bundle.objects.pod import Pod
from triage.watch.triggers import TriggerKind, trigger_for

NOW = dt.datetime(2026, 11, 29, 15, 0, tzinfo=dt.timezone.utc)


def _case(case_id: str) -> str:
    for line in (CORPUS / "real-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["id"] == case_id:
            return case["text"]
    raise KeyError(case_id)


def starting_pod(reason: str, message: str = "", scheduled_at: str = "2026-11-29T14:50:00Z", gpu: bool = True):
    limits = {"nvidia.com/gpu": "1"} if gpu else {}
    return {"metadata": {"name": "train-0", "namespace": "ml"},
            "spec": {"nodeName": "gpu-node-1", "containers": [{"name": "trainer", "image": "nvcr.io/nvidia/pytorch:24.05-py3",
                                                               "resources": {"limits": limits}}]},
            "status": {"phase": "Pending",
                       "conditions": [{"type": "PodScheduled", "status": "True", "lastTransitionTime": scheduled_at}],
                       "containerStatuses": [{"name": "trainer", "ready": False, "restartCount": 0, "image": "x",
                                              "imageID": "", "state": {"waiting": {"reason": reason, "message": message}}}]}}


def test_stuck_in_container_creating_past_the_grace_is_a_trigger():
    trig = trigger_for(Pod(starting_pod("ContainerCreating"), "w"), NOW, grace_s=120)
    assert (trig.kind, trig.namespace, trig.pod, trig.detail) == (
        TriggerKind.STUCK_STARTING, "ml", "train-0", "trainer: ContainerCreating")


def test_prestart_hook_failure_is_a_trigger_with_the_container_named():
    hook = _case("rt-ldcache-ldconfig-signal9-k3s")
    trig = trigger_for(Pod(starting_pod("RunContainerError", hook), "w"), NOW)
    assert trig.kind is TriggerKind.STUCK_STARTING and trig.detail == "trainer: RunContainerError"


def test_inside_the_grace_or_initialising_or_not_a_gpu_pod_is_not():
    assert trigger_for(Pod(starting_pod("ContainerCreating", scheduled_at="2026-11-29T14:59:00Z"), "w"), NOW,
                       grace_s=120) is None
    assert trigger_for(Pod(starting_pod("PodInitializing"), "w"), NOW) is None
    assert trigger_for(Pod(starting_pod("ContainerCreating", gpu=False), "w"), NOW) is None


def test_a_failed_pod_is_triaged_again_only_when_it_changes():
    from triage.watch.dedup import DedupStore
    from triage.watch.watcher import Watcher
    rejected = starting_pod("ContainerCreating")
    rejected["metadata"]["resourceVersion"] = "500"
    rejected["status"] = {"phase": "Failed", "reason": "UnexpectedAdmissionError",
                          "message": "Allocate failed due to requested number of devices unavailable for "
                                     "nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected"}
    triaged = []
    w = Watcher(events=iter(()), triage=lambda t: triaged.append(t) or {"status": "healthy"}, post=lambda d: None,
                store=DedupStore(None), cluster="c", retriage_s=0, workers=1, now=lambda: NOW)
    for w_ in w._workers:
        w_.start()
    for _ in range(3):                     # the sweep judges it again and again
        w.handle_event("MODIFIED", rejected)
        w._queue.join()
    changed = json.loads(json.dumps(rejected))
    changed["metadata"]["resourceVersion"] = "501"
    w.handle_event("MODIFIED", changed)
    w._queue.join()
    w.drain()
    assert [t.kind for t in triaged] == [TriggerKind.ADMISSION_FAILED] * 2
