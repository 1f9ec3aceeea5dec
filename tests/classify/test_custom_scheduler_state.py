"""A pending GPU pod whose own scheduler (spec.schedulerName) saw it and wrote no word: that
scheduler's pods say whether it is failing (scheduler.rules `pending`, scheduler_controllers
`scheduler_failing`). State first: a scheduler crashing with a panic in its previous log, or logging
errors (a stale token's 401s) while Running, or whose log ends waiting for its caches, is why nothing
was written; one that runs clean leaves the gap that asks for its log and objects."""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids

_NS = "kai-scheduler"
# KAI's scheduler panicking in reclaim (a Go runtime panic, the runtime's own wording)
_PANIC = ("panic: runtime error: invalid memory address or nil pointer dereference\n"
          "[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x1c2f5a4]\n")
# client-go's reflector when the API server refuses a stale ServiceAccount token
_UNAUTHORIZED = ('E1129 14:55:02.660381       1 reflector.go:166] "Unhandled Error" err="k8s.io/client-go/informers/'
                 'factory.go:160: Failed to watch *v1.Pod: failed to list *v1.Pod: Unauthorized"\n')


def _world(name: str, *, restarts: int = 0, previous: str | None = None, current: str = "") -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=8)
    last = {"terminated": {"exitCode": 2, "reason": "Error", "startedAt": "2026-11-29T14:00:00Z",
                           "finishedAt": "2026-11-29T14:50:00Z"}} if restarts else {}
    w.pod(_NS, "kai-scheduler-default-6d8f9c7b5-q2x8m", node="gpu-node-1", gpu=0, containers=("scheduler",),
          image="ghcr.io/nvidia/kai-scheduler/scheduler:v0.16.2", labels={"app": "kai-scheduler-default"},
          statuses={"scheduler": {"state": {"running": {"startedAt": "2026-11-29T14:51:00Z"}}, "ready": True,
                                  "restartCount": restarts, "lastState": last}})
    if previous is not None:
        w.log(_NS, "kai-scheduler-default-6d8f9c7b5-q2x8m", "scheduler", previous, previous=True)
    w.log(_NS, "kai-scheduler-default-6d8f9c7b5-q2x8m", "scheduler",
          'I1129 14:51:02.000000       1 scheduler.go:98] "Scheduler started"\n' + current)
    w.pod("ml", "finetune-0", gpu=8, scheduler="kai-scheduler", labels={"kai.scheduler/queue": "team-a"})
    w.target("Pod", "ml", "finetune-0")
    return w


def test_a_scheduler_that_crashed_with_a_panic_is_why_the_pod_waits(tmp_path):
    doc = diagnosis_of(_world("kai-panics", restarts=37, previous=_PANIC), tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "scheduler.pending_unexplained", finding_ids(doc)
    excerpts = [e["excerpt"] for e in doc["root_cause"]["evidence"]]
    assert any('"restartCount":37' in e for e in excerpts), excerpts
    assert any(e.startswith("panic: runtime error") for e in excerpts), excerpts


def test_a_running_scheduler_whose_log_shows_its_requests_refused_is_why_the_pod_waits(tmp_path):
    doc = diagnosis_of(_world("kai-unauthorized", current=_UNAUTHORIZED), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.pending_unexplained", finding_ids(doc)
    assert any("Unauthorized" in e["excerpt"] for e in doc["root_cause"]["evidence"])


def test_a_scheduler_that_restarted_once_long_ago_and_runs_clean_leaves_the_gap(tmp_path):
    doc = diagnosis_of(_world("kai-restarted-clean", restarts=3), tmp_path)
    assert doc["status"] == "inconclusive", (doc["status"], finding_ids(doc))
    gaps = doc["layers"]["scheduler"]["gaps"]
    assert any(g["reason"] == "no_message" for g in gaps), gaps


# client-go's WaitForNamedCacheSync (tools/cache/shared_informer.go): "Waiting for caches to sync for %s",
# then "Caches are synced for %s" once its informers have listed
_WAITING = 'I1129 14:51:02.420381       1 shared_informer.go:313] Waiting for caches to sync for scheduler cache\n'
_SYNCED = 'I1129 14:51:03.117202       1 shared_informer.go:320] Caches are synced for scheduler cache\n'


def test_a_scheduler_whose_log_ends_waiting_for_its_caches_never_started_its_loop(tmp_path):
    doc = diagnosis_of(_world("kai-cache-wait", current=_WAITING), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.pending_unexplained", finding_ids(doc)
    assert any("Waiting for caches to sync" in e["excerpt"] for e in doc["root_cause"]["evidence"])


def test_a_scheduler_whose_caches_synced_runs_clean_and_leaves_the_gap(tmp_path):
    doc = diagnosis_of(_world("kai-cache-synced", current=_WAITING + _SYNCED), tmp_path)
    assert doc["status"] == "inconclusive", (doc["status"], finding_ids(doc))
