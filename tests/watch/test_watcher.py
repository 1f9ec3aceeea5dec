"""The watcher posts each new diagnosis once: not again when only counts and
ages change, again when the root cause changes, and not again after a restart."""

from __future__ import annotations

import copy
import datetime as dt
import time

from triage.watch.dedup import DedupStore, dedup_key, fingerprint
from triage.watch.triggers import TriggerKind, trigger_for
from triage.watch.watcher import Watcher
from triage.bundle.objects.pod import Pod

NOW = dt.datetime(2026, 11, 29, 15, 0, tzinfo=dt.timezone.utc)
MSG = ("0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, "
       "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for "
       "scheduling, 2 No preemption victims found for incoming pod.")


def pending_pod(name="qwen-vllm-7d9f-abcde", since="2026-11-29T14:40:00Z", gpu=True):
    limits = {"nvidia.com/gpu": "1"} if gpu else {}
    return {"metadata": {"name": name, "namespace": "llm", "uid": "u-" + name},
            "spec": {"containers": [{"name": "server", "image": "vllm/vllm-openai:v0.6.4",
                                     "resources": {"limits": limits}}]},
            "status": {"phase": "Pending", "conditions": [
                {"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": MSG,
                 "lastTransitionTime": since}]}}


def doc(root_id, excerpt, status="problem"):
    return {"schema": "gpu-triage.findings/v1", "status": status,
            "target": {"kind": "Pod", "namespace": "llm", "name": "qwen-vllm-7d9f-abcde"},
            "root_cause": None if status != "problem" else {
                "id": root_id, "subject": {"kind": "Node", "name": "gpu-node-3"},
                "evidence": [{"path": "cluster-resources/events/llm.json", "line": None, "excerpt": excerpt}]},
            "findings": [], "gaps": []}


def test_triggers_follow_the_pod_state():
    assert trigger_for(Pod(pending_pod(), "w"), NOW).kind is TriggerKind.UNSCHEDULABLE
    assert trigger_for(Pod(pending_pod(since="2026-11-29T14:59:30Z"), "w"), NOW, grace_s=120) is None
    assert trigger_for(Pod(pending_pod(gpu=False), "w"), NOW) is None   # not a GPU pod
    crash = pending_pod()
    crash["status"] = {"phase": "Running", "containerStatuses": [{
        "name": "server", "ready": False, "restartCount": 7, "image": "x", "imageID": "",
        "state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting failed container"}},
        "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}]}
    assert trigger_for(Pod(crash, "w"), NOW).kind is TriggerKind.CRASH_LOOP
    rejected = pending_pod()
    rejected["status"] = {"phase": "Failed", "reason": "UnexpectedAdmissionError",
                          "message": "Pod was rejected: Allocate failed due to requested number of devices "
                                     "unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected"}
    assert trigger_for(Pod(rejected, "w"), NOW).kind is TriggerKind.ADMISSION_FAILED


def test_fingerprint_ignores_counts_and_ages_but_not_the_cause():
    a = doc("plugin.nvml_unavailable", "Warning FailedScheduling 26m (x150 over 12h) " + MSG)
    b = doc("plugin.nvml_unavailable", "Warning FailedScheduling 27m (x151 over 12h) " + MSG)
    c = doc("driver.version_mismatch", "Warning FailedScheduling 26m (x150 over 12h) " + MSG)
    assert fingerprint(a) == fingerprint(b) != fingerprint(c)
    assert dedup_key("prod", a) != dedup_key("staging", a)


def test_dedup_is_per_incident_not_per_pod():
    """Two pods left Pending by the same node's NVML failure are one incident: one post."""
    a = doc("plugin.nvml_unavailable", MSG)
    other_pod = dict(a, target={"kind": "Pod", "namespace": "llm", "name": "qwen-vllm-7d9f-zzzzz"})
    assert dedup_key("prod", a) == dedup_key("prod", other_pod)
    other_node = dict(a, root_cause=dict(a["root_cause"], subject={"kind": "Node", "name": "gpu-node-4"}))
    assert dedup_key("prod", a) != dedup_key("prod", other_node)
    unsure = doc("x", MSG, status="inconclusive")
    assert dedup_key("prod", unsure) != dedup_key("prod", dict(unsure, target=other_pod["target"]))


def _run(events_docs, tmp_path, store=None):
    """Feed events one at a time, each after the previous triage finished."""
    answers = iter([d for _, _, d in events_docs])
    posted = []
    store = store or DedupStore(tmp_path / "dedup.json")
    watcher = None

    def events():
        for i, (type_, raw, _d) in enumerate(events_docs):
            yield type_, raw
            deadline = time.monotonic() + 5
            # done: triaged, and no longer in flight (posted, its dedup state on disk)
            while (watcher.stats.triaged + watcher.stats.errors < i + 1 or watcher._inflight) \
                    and time.monotonic() < deadline:
                time.sleep(0.01)

    watcher = Watcher(events=events(), triage=lambda trig: next(answers), post=posted.append, store=store,
                      cluster="prod", retriage_s=0, min_post_interval_s=0, workers=1, now=lambda: NOW)
    stats = watcher.run()
    return posted, stats


def test_same_diagnosis_posts_once_changed_root_cause_posts_again(tmp_path):
    pod = pending_pod()
    first = doc("plugin.nvml_unavailable", "26m (x150 over 12h) " + MSG)
    same = doc("plugin.nvml_unavailable", "31m (x171 over 12h) " + MSG)
    changed = doc("driver.version_mismatch", "Failed to initialize NVML: Driver/library version mismatch")
    posted, stats = _run([("ADDED", pod, first), ("MODIFIED", copy.deepcopy(pod), same),
                          ("MODIFIED", copy.deepcopy(pod), changed)], tmp_path)
    assert [d["root_cause"]["id"] for d in posted] == ["plugin.nvml_unavailable", "driver.version_mismatch"]
    assert (stats.triaged, stats.posted, stats.duplicates) == (3, 2, 1)
    # a restart with the same store does not post the same diagnosis again
    posted_again, _ = _run([("ADDED", pod, changed)], tmp_path)
    assert posted_again == []


def test_healthy_result_is_not_posted_and_a_failed_post_is_retried_later(tmp_path):
    store = DedupStore(tmp_path / "d.json")
    calls = []

    def flaky_post(d):
        calls.append(d)
        if len(calls) == 1:
            raise RuntimeError("slack down")

    pod = pending_pod()
    answers = iter([doc(None, "", status="healthy"), doc("plugin.nvml_unavailable", MSG),
                    doc("plugin.nvml_unavailable", MSG)])
    w = Watcher(events=iter(()), triage=lambda t: next(answers), post=flaky_post, store=store, cluster="c",
                retriage_s=0, min_post_interval_s=0, workers=1, now=lambda: NOW)
    for w_ in w._workers:
        w_.start()
    for _ in range(3):
        w.handle_event("MODIFIED", pod)
        w._queue.join()
    w.drain()
    assert len(calls) == 2 and w.stats.errors == 1 and w.stats.posted == 1


def test_pending_pod_inside_grace_is_picked_up_by_the_sweep_later(tmp_path):
    clock = {"now": dt.datetime(2026, 11, 29, 14, 40, 30, tzinfo=dt.timezone.utc)}
    triaged = []
    w = Watcher(events=iter(()), triage=lambda t: triaged.append(t) or doc("x.y", MSG), post=lambda d: None,
                store=DedupStore(None), cluster="c", grace_s=120, retriage_s=0, workers=1,
                now=lambda: clock["now"])
    for w_ in w._workers:
        w_.start()
    w.handle_event("ADDED", pending_pod())
    w._queue.join()
    assert triaged == []
    clock["now"] = NOW
    w.sweep()
    w._queue.join()
    w.drain()
    assert [t.kind for t in triaged] == [TriggerKind.UNSCHEDULABLE]


def test_full_queue_drops_and_counts(tmp_path):
    w = Watcher(events=iter(()), triage=lambda t: doc("x.y", MSG), post=lambda d: None, store=DedupStore(None),
                cluster="c", max_queue=2, workers=1, now=lambda: NOW)
    for i in range(5):   # workers not started: the queue fills up
        w.handle_event("ADDED", pending_pod(name=f"p{i}"))
    assert (w.stats.triggers, w.stats.dropped) == (2, 3)


def test_an_intent_left_by_a_killed_run_is_re_posted_once_and_a_failed_post_is_forgotten(tmp_path):
    path = tmp_path / "d.json"
    killed = DedupStore(path)
    assert killed.should_post("k", {"status": "problem"})     # intent on disk; the run dies here
    assert not DedupStore(path).should_post("k")               # under way: not a second post
    restarted = DedupStore(path)
    assert restarted.take_pending() == [("k", {"status": "problem"})]
    assert DedupStore(path).take_pending() == []               # killed again mid re-post: not a third post
    failed = DedupStore(path)
    assert failed.should_post("k2", {"status": "problem"})
    failed.forget("k2")                                        # the post failed: the next triage posts it
    assert DedupStore(path).take_pending() == [] and DedupStore(path).should_post("k2")
    done = DedupStore(tmp_path / "e.json")
    assert done.should_post("k3", {})
    done.commit("k3")
    assert DedupStore(tmp_path / "e.json").take_pending() == [] and not DedupStore(tmp_path / "e.json").should_post("k3")
