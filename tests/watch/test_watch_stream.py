"""GpuPodWatch, the official client's watch of GPU pods, against the replay server over
real HTTP: only GPU pods come out, a 410 relists (and reports pods that went away), a
dropped connection reconnects from the last resourceVersion, close() ends it at once,
and a forbidden first list is a one-line ClusterError. Also the replay timeline's
`apply` and `once`, which these tests rely on."""

from __future__ import annotations

import json
import queue
import socket
import subprocess
import threading
import time
import urllib.parse
import urllib.request

import pytest

from tests.watch import cluster
from tests.watch.helpers import wait_for
from triage.collect.kube import Budget, Kube
from triage.collect.watch_stream import FOREVER, GpuPodWatch
from triage.errors import BundleError, ClusterError
from triage.replay.server import Faults, ReplayServer

KUBECTL = "kubectl"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def consume(stream: GpuPodWatch) -> tuple[queue.Queue, threading.Thread]:
    """Run the stream in a thread; events land in the queue, an exception as ("RAISED", err)."""
    out: queue.Queue = queue.Queue()

    def run():
        try:
            for type_, pod in stream:
                out.put((type_, pod))
        except Exception as err:  # noqa: BLE001 - handed to the test
            out.put(("RAISED", err))
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return out, thread


def take(q: queue.Queue, n: int, timeout: float = 15.0) -> list[tuple[str, str, str]]:
    """n events as (type, pod name, phase)."""
    got = []
    deadline = time.monotonic() + timeout
    while len(got) < n:
        type_, pod = q.get(timeout=max(0.01, deadline - time.monotonic()))
        if type_ == "RAISED":
            raise pod
        got.append((type_, pod["metadata"]["name"], (pod.get("status") or {}).get("phase")))
    return got


def connect(kubeconfig: str, **kw) -> tuple[Kube, GpuPodWatch]:
    kube = Kube.connect(kubeconfig, None, request_timeout=2, budget=Budget(FOREVER))
    return kube, GpuPodWatch(kube, None, backoff_s=0.1, backoff_max_s=0.5, **kw)


def test_only_gpu_pods_then_the_timeline_then_a_relist_after_410(tmp_path):
    bundle = cluster.build(tmp_path / "b", same_at=(0.2,), rejected_at=0.5, expire_at=0.8)
    with ReplayServer(bundle) as srv:
        kube, stream = connect(srv.write_kubeconfig(str(tmp_path / "kc")))
        q, thread = consume(stream)
        try:
            events = take(q, 3)
            assert wait_for(lambda: stream.stats.watches >= 2, 10)
            time.sleep(0.3)
        finally:
            stream.close()
            thread.join(10)
    # the device plugin (gpu-operator) and web-0 request no GPU: never yielded
    assert events == [("ADDED", cluster.POD, "Pending"),          # the first list
                      ("MODIFIED", cluster.POD, "Pending"),       # 0.2 s
                      ("MODIFIED", cluster.POD, "Failed")]        # 0.5 s, applied
    assert q.empty()              # the relist after the 410 finds the pod as last seen: nothing to repeat
    assert (stream.stats.lists, stream.stats.expired) == (2, 1)
    assert stream.resource_version == "1100"
    assert not thread.is_alive()


def test_relist_reports_pods_that_went_away_as_deleted(tmp_path):
    bundle = cluster.build(tmp_path / "b", with_timeline=False)
    timeline = [{"after_s": 0.3, "type": "DELETED", "apply": True, "object": cluster.pending_pod("1200")},
                {"after_s": 0.6, "type": "ERROR", "once": True,
                 "object": {"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 410,
                            "reason": "Expired", "message": "too old resource version"}}]
    (bundle / "replay").mkdir()
    (bundle / "replay" / "timeline.json").write_text(json.dumps(timeline))
    with ReplayServer(bundle) as srv:
        kube, stream = connect(srv.write_kubeconfig(str(tmp_path / "kc")))
        q, thread = consume(stream)
        try:
            assert take(q, 2) == [("ADDED", cluster.POD, "Pending"), ("DELETED", cluster.POD, "Pending")]
            assert wait_for(lambda: stream.stats.lists == 2, 10)
            time.sleep(0.3)
        finally:
            stream.close()
            thread.join(10)
    assert q.empty()      # the relist finds nothing new, and no second DELETED for a pod already gone


def test_a_dropped_connection_reconnects_from_the_last_resource_version(tmp_path):
    port = free_port()
    bundle = cluster.build(tmp_path / "b", same_at=(0.2,), rejected_at=30, expire_at=40)
    srv = ReplayServer(bundle, port=port).start()
    kube, stream = connect(srv.write_kubeconfig(str(tmp_path / "kc")))
    q, thread = consume(stream)
    try:
        assert take(q, 2) == [("ADDED", cluster.POD, "Pending"), ("MODIFIED", cluster.POD, "Pending")]
        srv.stop()                                   # the API server goes away mid-watch
        assert wait_for(lambda: stream.stats.reconnects >= 1, 15)
        srv = ReplayServer(bundle, port=port).start()   # and comes back
        failures = stream.stats.reconnects
        time.sleep(1.5)                                  # backoff is at most 0.5 s here
        assert stream.stats.reconnects <= failures + 1  # connected again, not failing any more
    finally:
        stream.close()
        thread.join(10)
        srv.stop()                                       # a watch is logged when it ends
    rewatch = [dict(urllib.parse.parse_qsl(r.query)) for r in srv.requests if "watch=true" in r.query]
    assert rewatch[0]["resourceVersion"] == "1010"    # resumes after the last event it saw: no relist
    assert stream.stats.lists == 1
    assert q.empty()                                  # nothing replayed twice (the server skips rv <= 1010)


def test_close_ends_an_idle_watch_at_once(tmp_path):
    with ReplayServer(cluster.build(tmp_path / "b", with_timeline=False)) as srv:
        kube, stream = connect(srv.write_kubeconfig(str(tmp_path / "kc")))
        q, thread = consume(stream)
        take(q, 1)
        assert wait_for(lambda: stream.stats.watches == 1, 10)
        time.sleep(0.3)                                 # blocked reading a quiet watch
        started = time.monotonic()
        stream.close()
        thread.join(5)
        assert not thread.is_alive() and time.monotonic() - started < 2


def test_forbidden_first_list_is_one_line_naming_the_permission(tmp_path):
    with ReplayServer(cluster.build(tmp_path / "b", with_timeline=False), faults=Faults(forbidden={"pods"})) as srv:
        kube, stream = connect(srv.write_kubeconfig(str(tmp_path / "kc")))
        with pytest.raises(ClusterError) as err:
            next(iter(stream))
    text = str(err.value)
    assert "\n" not in text and "Forbidden (403)" in text and "needs list and watch on pods" in text


# ---- the replay timeline's `apply` and `once` ----------------------------------------------


def test_applied_timeline_entries_change_get_and_list_and_once_entries_play_once(tmp_path):
    bundle = cluster.build(tmp_path / "b", same_at=(), rejected_at=0.2, expire_at=0.3)
    with ReplayServer(bundle) as srv:
        pod_url = f"{srv.url}/api/v1/namespaces/llm/pods/{cluster.POD}"

        def phase() -> str:
            return json.load(urllib.request.urlopen(pod_url))["status"]["phase"]

        def watch(rv: str = "") -> list[dict]:
            url = f"{srv.url}/api/v1/pods?watch=true&timeoutSeconds=1&resourceVersion={rv}"
            return [json.loads(line) for line in urllib.request.urlopen(url).read().splitlines()]
        assert phase() == "Pending"
        first = watch()
        assert [e["type"] for e in first][-2:] == ["MODIFIED", "ERROR"]
        assert phase() == "Failed"                                    # applied once sent
        listed = json.load(urllib.request.urlopen(f"{srv.url}/api/v1/namespaces/llm/pods"))
        assert listed["metadata"]["resourceVersion"] == "1100"
        assert {p["metadata"]["name"]: p["status"]["phase"] for p in listed["items"]}[cluster.POD] == "Failed"
        kubeconfig = srv.write_kubeconfig(str(tmp_path / "kc"))
        out = subprocess.run([KUBECTL, "--kubeconfig", kubeconfig, "get", "pod", "-n", "llm", cluster.POD,
                              "--no-headers"], capture_output=True, text=True, timeout=30)
        assert out.returncode == 0 and "OutOfcpu" in out.stdout, out.stderr
        # a second watch from the relist's version: the MODIFIED is old, the 410 was played once
        assert watch("1100") == []


def test_malformed_apply_flag_is_refused_at_start(tmp_path):
    bundle = cluster.build(tmp_path / "b", with_timeline=False)
    (bundle / "replay").mkdir()
    (bundle / "replay" / "timeline.json").write_text(json.dumps(
        [{"after_s": 1, "type": "MODIFIED", "apply": "yes", "object": cluster.pending_pod()}]))
    with pytest.raises(BundleError, match=r"^replay/timeline.json entry 0: apply must be true or false$"):
        ReplayServer(bundle).start()


def test_warning_events_about_pods_only(tmp_path):
    from triage.collect.watch_stream import PodWarningEvents
    bundle = cluster.build(tmp_path / "b", with_timeline=False)
    normal = cluster.repeated_event("1201", 1)
    normal["type"], normal["reason"], normal["message"] = "Normal", "Scheduled", "Successfully assigned"
    node = cluster.repeated_event("1202", 1)
    node["involvedObject"] = {"kind": "Node", "name": cluster.NODE}
    timeline = [{"after_s": 0.2, "type": "ADDED", "object": normal}, {"after_s": 0.3, "type": "ADDED", "object": node},
                {"after_s": 0.4, "type": "MODIFIED", "object": cluster.repeated_event("1203", 151)}]
    (bundle / "replay").mkdir()
    (bundle / "replay" / "timeline.json").write_text(json.dumps(timeline))
    with ReplayServer(bundle) as srv:
        kube = Kube.connect(srv.write_kubeconfig(str(tmp_path / "kc")), None, budget=Budget(FOREVER))
        events = PodWarningEvents(kube, None, backoff_s=0.1)
        q, thread = consume(events)
        try:
            type_, event = q.get(timeout=10)
            time.sleep(0.4)
        finally:
            events.close()
            thread.join(10)
    # no history (the bundle's own FailedScheduling is not replayed), then only the pod's Warning
    assert (type_, event["count"], event["involvedObject"]["name"]) == ("EVENT", 151, cluster.POD)
    assert q.empty() and events.stats.lists == 1
