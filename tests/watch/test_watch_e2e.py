"""The issue's done-when: the watcher, against the replay server's scripted watch timeline
(a GPU pod goes Pending and stays, its root cause changes, the watch expires with 410),
posts exactly the expected messages to the Slack stand-in, no duplicates.

Real parts only: the official kubernetes client over HTTP to the replay server, the
same collect + analyse path as `gpu-triage pod`, httpx to the loopback Slack stand-in.
"""

from __future__ import annotations

import threading
import time
import urllib.parse
from types import SimpleNamespace

import pytest

from tests.notify.slack_standin import SlackStandIn
from tests.watch import cluster
from tests.watch.helpers import posted, root_cause_ids, wait_for
from triage.collect.kube import Budget, Kube
from triage.collect.session import Options
from triage.collect.watch_stream import FOREVER, GpuPodWatch
from triage.commands.watch import make_poster
from triage.replay.server import ReplayServer
from triage.watch.dedup import DedupStore
from triage.watch.live import LiveTriage
from triage.watch.watcher import Watcher

NVML, REJECTED = "plugin.nvml_unavailable", "node.admission_rejected"


@pytest.fixture
def world(tmp_path, monkeypatch, request):
    timeline = getattr(request, "param", True)
    bundle = cluster.build(tmp_path / "cluster", with_timeline=timeline)
    with ReplayServer(bundle) as srv, SlackStandIn() as slack:
        monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-good-token")
        monkeypatch.setenv("SLACK_API_URL", slack.url + "/api")
        monkeypatch.delenv("SLACK_WEBHOOK_URL", raising=False)
        yield SimpleNamespace(srv=srv, slack=slack, kubeconfig=srv.write_kubeconfig(str(tmp_path / "kubeconfig")),
                              state=tmp_path / "state" / "dedup.json")


def start_watcher(world, **kw):
    kube = Kube.connect(world.kubeconfig, None, budget=Budget(FOREVER))
    stream = GpuPodWatch(kube, None, watch_timeout_s=60)
    args = SimpleNamespace(token_file=None, webhook_file=None, channel="C0GPU", report_url_base="https://r.example/x")
    post, close_slack = make_poster(args, "replay-prod")
    errors = []
    settings = {"grace_s": 120, "retriage_s": 0.3, "workers": 1, "min_post_interval_s": 0, "sweep_s": 0.3, **kw}
    watcher = Watcher(events=stream, triage=LiveTriage(Options(kubeconfig=world.kubeconfig, exec=False, timeout=30)),
                      post=post, store=DedupStore(world.state, ttl_s=3600), cluster="replay-prod",
                      on_error=lambda trig, err: errors.append(err), **settings)
    thread = threading.Thread(target=watcher.run, daemon=True)
    thread.start()

    def stop():
        stream.close()
        thread.join(20)
        close_slack()
        kube.close()
        assert not thread.is_alive()
    return SimpleNamespace(stream=stream, watcher=watcher, stop=stop, errors=errors)


def pod_requests(srv, keys: set[str], **query):
    """Queries of requests to /api/v1/pods with exactly these parameter names and values."""
    out = []
    for r in srv.requests:
        q = dict(urllib.parse.parse_qsl(r.query))
        if r.path == "/api/v1/pods" and set(q) == keys and all(q.get(k) == v for k, v in query.items()):
            out.append(q)
    return out


def test_pending_pod_posts_once_then_again_when_the_root_cause_changes_and_not_after_the_410(world):
    w = start_watcher(world)
    try:
        assert wait_for(lambda: len(posted(world.slack)) >= 1, 20)
        assert root_cause_ids(world.slack) == [NVML]
        # stays Pending: MODIFIED events with only the resourceVersion changing, re-triaged, not re-posted
        assert wait_for(lambda: w.watcher.stats.duplicates >= 1, 20)
        assert len(posted(world.slack)) == 1
        # the kubelet rejects it at admission (timeline, 5 s): a new root cause, one new post
        assert wait_for(lambda: len(posted(world.slack)) >= 2, 20)
        # the watch expires (410 at 7 s): relist and rewatch from the relist's resourceVersion
        assert wait_for(lambda: w.stream.stats.expired == 1 and w.stream.stats.watches >= 2, 20)
        # several sweeps later: the failed pod, unchanged, is not collected again and again
        triaged = w.watcher.stats.triaged
        time.sleep(1.5)
        assert w.watcher.stats.triaged == triaged
    finally:
        w.stop()
    assert root_cause_ids(world.slack) == [NVML, REJECTED]
    assert w.errors == []
    first, second = posted(world.slack)
    assert first["channel"] == "C0GPU" and "replay-prod" in str(first["blocks"][1])
    assert "Failed to initialize NVML: could not load NVML library." in str(first["blocks"])
    assert "Node didn't have enough resource: cpu" in str(second["blocks"])
    assert "https://r.example/x/llm/qwen-vllm-7d9f-abcde" in str(second["blocks"])
    # what the API server saw: two full lists (start, after the 410), watches that resume
    assert len(pod_requests(world.srv, {"limit"}, limit="500")) == 2
    watches = pod_requests(world.srv, {"watch", "resourceVersion", "allowWatchBookmarks", "timeoutSeconds"},
                           watch="true")
    assert len(watches) == 2
    assert watches[0]["resourceVersion"] == "1001"           # the first list's version
    assert watches[1]["resourceVersion"] == "1100"           # the relist's: the rejected pod applied
    assert all(q["allowWatchBookmarks"] == "true" and q["timeoutSeconds"] == "60" for q in watches)
    # the CPU pod in the same namespace was never a trigger
    assert {(t) for t in w.watcher._last_triage} == {("llm", cluster.POD)}


@pytest.mark.parametrize("world", [False], indirect=True)   # a pod that stays Pending
def test_a_restart_with_the_same_state_posts_nothing_new(world):
    w = start_watcher(world)
    try:
        assert wait_for(lambda: len(posted(world.slack)) == 1, 20)
    finally:
        w.stop()
    assert world.state.exists()
    again = start_watcher(world)
    try:
        assert wait_for(lambda: again.watcher.stats.triaged >= 2, 20)
        time.sleep(0.2)
    finally:
        again.stop()
    assert again.watcher.stats.duplicates >= 1
    assert root_cause_ids(world.slack)[:1] == [NVML] and root_cause_ids(world.slack).count(NVML) == 1


@pytest.mark.parametrize("world", [False], indirect=True)
def test_slack_trouble_is_retried_and_a_refused_post_is_not_remembered(world, monkeypatch):
    # a 429 (Retry-After 2) and a dropped connection first: the post still arrives, once
    world.slack.script = ["429", "drop"]
    w = start_watcher(world)
    try:
        assert wait_for(lambda: len(posted(world.slack)) == 1, 30)
    finally:
        w.stop()
    assert root_cause_ids(world.slack) == [NVML] and w.errors == []
    # a revoked token: invalid_auth is an error of that triage, and nothing is marked as posted
    world.state.unlink()
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-revoked")
    bad = start_watcher(world)
    try:
        assert wait_for(lambda: len(bad.errors) >= 2, 30)
    finally:
        bad.stop()
    assert bad.watcher.stats.posted == 0
    assert all("invalid_auth" in str(e) and "xoxb-revoked" not in str(e) for e in bad.errors)
    # the token fixed, the same state: the diagnosis is posted now
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-good-token")
    fixed = start_watcher(world)
    try:
        assert wait_for(lambda: fixed.watcher.stats.posted == 1, 30)
    finally:
        fixed.stop()
    assert root_cause_ids(world.slack) == [NVML, NVML]


def test_a_warning_event_about_the_pod_re_judges_it_at_once_not_at_the_next_sweep(tmp_path, monkeypatch):
    from triage.collect.watch_stream import PodWarningEvents
    from triage.commands.watch import follow_warnings
    bundle = cluster.build(tmp_path / "cluster", with_timeline=False)
    (bundle / "replay").mkdir()
    (bundle / "replay" / "timeline.json").write_text(__import__("json").dumps(
        [{"after_s": 2.0, "type": "MODIFIED", "object": cluster.repeated_event("1201", 151)}]))
    with ReplayServer(bundle) as srv, SlackStandIn() as slack:
        monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-good-token")
        monkeypatch.setenv("SLACK_API_URL", slack.url + "/api")
        world = SimpleNamespace(srv=srv, slack=slack, kubeconfig=srv.write_kubeconfig(str(tmp_path / "kc")),
                                state=tmp_path / "dedup.json")
        w = start_watcher(world, sweep_s=600.0)
        warnings = PodWarningEvents(w.stream.kube, None)
        follower = threading.Thread(target=follow_warnings, args=(warnings, w.watcher), daemon=True)
        follower.start()
        try:
            assert wait_for(lambda: w.watcher.stats.triaged == 1, 20)
            started = time.monotonic()
            assert wait_for(lambda: w.watcher.stats.triaged == 2, 20)     # the event at 2 s, not the sweep
            assert time.monotonic() - started < 10
        finally:
            warnings.close()
            follower.join(10)
            w.stop()
        assert root_cause_ids(slack) == [NVML] and w.watcher.stats.duplicates == 1
