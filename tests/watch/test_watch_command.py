"""`gpu-triage watch` as the Deployment runs it: a separate process against the replay
server and the Slack stand-in. /healthz answers, SIGTERM ends it cleanly (exit 0) within
seconds, a restart with the same --state posts nothing new, and it refuses to start
with a one-line error when it cannot work."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

from tests.conftest import REPO
from tests.notify.slack_standin import SlackStandIn
from tests.watch import cluster
from tests.watch.helpers import posted, root_cause_ids, wait_for
from triage.replay.server import Faults, ReplayServer
from triage.watch.health import HealthServer

PORT_LINE = re.compile(r"healthz on http://127\.0\.0\.1:(\d+)/healthz")


class WatchProcess:
    """`python -m triage.cli watch ...` with stderr collected by a reader thread."""

    def __init__(self, kubeconfig: str, slack: SlackStandIn, state, *extra: str):
        env = dict(os.environ, SLACK_BOT_TOKEN="xoxb-good-token", SLACK_API_URL=slack.url + "/api",
                   PYTHONPATH=str(REPO))
        env.pop("SLACK_WEBHOOK_URL", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "triage.cli", "watch", "--kubeconfig", kubeconfig, "-A", "--cluster", "replay",
             "--channel", "C0GPU", "--state", str(state), "--healthz-port", "0", "--no-exec",
             "--retriage", "0.3", "--sweep", "0.3", "--min-post-interval", "0", *extra],
            env=env, stderr=subprocess.PIPE, text=True, cwd=REPO)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        assert wait_for(lambda: any(PORT_LINE.search(line) for line in self.lines) or self.proc.poll() is not None,
                        30), self.stderr
        match = next((PORT_LINE.search(line) for line in self.lines if PORT_LINE.search(line)), None)
        assert match, self.stderr
        self.healthz_url = f"http://127.0.0.1:{match.group(1)}/healthz"

    def _read(self):
        for line in self.proc.stderr:
            self.lines.append(line)

    @property
    def stderr(self) -> str:
        return "".join(self.lines)

    def healthz(self) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.healthz_url, timeout=5) as resp:
                return resp.status, resp.read().decode()
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode()

    def terminate(self, timeout: float = 10.0) -> tuple[int, float]:
        started = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
        self._reader.join(5)
        return rc, time.monotonic() - started


@pytest.fixture
def pending_cluster(tmp_path):
    """The pod stays Pending (no timeline): one diagnosis, plugin.nvml_unavailable."""
    bundle = cluster.build(tmp_path / "cluster", with_timeline=False)
    with ReplayServer(bundle) as srv, SlackStandIn() as slack:
        yield srv.write_kubeconfig(str(tmp_path / "kubeconfig")), slack, srv


def test_healthz_then_sigterm_exits_0_within_seconds_and_a_restart_posts_nothing_new(pending_cluster, tmp_path):
    kubeconfig, slack, _srv = pending_cluster
    state = tmp_path / "state" / "dedup.json"
    first = WatchProcess(kubeconfig, slack, state)
    assert wait_for(lambda: len(posted(slack)) == 1, 30), first.stderr
    status, body = first.healthz()
    assert status == 200 and body.startswith("ok: 1 lists, 1 watches"), body
    # keep it busy: re-triages run every 0.3 s, so SIGTERM lands with triage work around
    assert wait_for(lambda: "duplicates" in first.healthz()[1] and " 0 duplicates" not in first.healthz()[1], 30)
    rc, took = first.terminate()
    assert rc == 0 and took < 8, (rc, took, first.stderr)
    assert "SIGTERM: stopping the watch" in first.stderr and "stopped: " in first.stderr
    assert "Traceback" not in first.stderr
    assert root_cause_ids(slack) == ["plugin.nvml_unavailable"]

    second = WatchProcess(kubeconfig, slack, state)
    assert wait_for(lambda: re.search(r", [2-9]\d* triaged", second.healthz()[1]) is not None, 30), second.stderr
    rc, _took = second.terminate()
    assert rc == 0, second.stderr
    assert root_cause_ids(slack) == ["plugin.nvml_unavailable"]      # nothing new after the restart
    assert "posted" not in "".join(line for line in second.lines if "stopped:" not in line)


def test_a_watcher_killed_while_its_post_waits_posts_it_once_after_the_restart(pending_cluster, tmp_path):
    kubeconfig, slack, _srv = pending_cluster
    state = tmp_path / "state" / "dedup.json"
    slack.script = ["429:30"]                   # Slack says: retry in 30 s
    first = WatchProcess(kubeconfig, slack, state)
    assert wait_for(lambda: slack.scripted == ["429:30"], 30), first.stderr
    time.sleep(0.5)                             # the post now waits out the Retry-After
    first.proc.kill()                           # SIGKILL: no cleanup, no chance to write anything
    first.proc.wait(10)
    assert posted(slack) == []

    second = WatchProcess(kubeconfig, slack, state)
    # the intent is re-posted at start; the pod's re-triages find it posted
    assert wait_for(lambda: len(posted(slack)) == 1 and re.search(r", [3-9]\d* triaged", second.healthz()[1]), 30), \
        second.stderr
    rc, _took = second.terminate()
    assert rc == 0, second.stderr
    assert root_cause_ids(slack) == ["plugin.nvml_unavailable"]      # exactly once
    assert "re-posting 1 diagnosis(es)" in second.stderr

    third = WatchProcess(kubeconfig, slack, state)   # committed: nothing left to re-post
    assert wait_for(lambda: re.search(r", [2-9]\d* triaged", third.healthz()[1]) is not None, 30), third.stderr
    third.terminate()
    assert root_cause_ids(slack) == ["plugin.nvml_unavailable"] and "re-posting" not in third.stderr


def test_unreachable_api_server_is_unhealthy_and_still_stops_cleanly(tmp_path):
    with socket.socket() as s:      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    kubeconfig = tmp_path / "kubeconfig"
    kubeconfig.write_text(f"""apiVersion: v1
kind: Config
clusters: [{{name: dead, cluster: {{server: "http://127.0.0.1:{dead}"}}}}]
users: [{{name: u, user: {{token: abc}}}}]
contexts: [{{name: dead, context: {{cluster: dead, user: u}}}}]
current-context: dead
""")
    with SlackStandIn() as slack:
        proc = WatchProcess(str(kubeconfig), slack, tmp_path / "state.json", "--request-timeout", "1")
        time.sleep(1.0)
        status, body = proc.healthz()
        assert status == 503 and "first list of GPU pods not done yet" in body
        rc, took = proc.terminate()
    assert rc == 0 and took < 8, proc.stderr
    assert posted(slack) == []


def test_forbidden_pod_list_is_a_one_line_error_exit_1(tmp_path):
    bundle = cluster.build(tmp_path / "cluster", with_timeline=False)
    with ReplayServer(bundle, faults=Faults(forbidden={"pods"})) as srv, SlackStandIn() as slack:
        kubeconfig = srv.write_kubeconfig(str(tmp_path / "kubeconfig"))
        env = dict(os.environ, SLACK_BOT_TOKEN="xoxb-good-token", SLACK_API_URL=slack.url + "/api",
                   PYTHONPATH=str(REPO))
        done = subprocess.run([sys.executable, "-m", "triage.cli", "watch", "--kubeconfig", kubeconfig, "-A",
                               "--channel", "C0GPU", "--healthz-port", "0"],
                              env=env, capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 1
    errors = [line for line in done.stderr.splitlines() if line.startswith("gpu-triage: error:")]
    assert len(errors) == 1 and "cannot list pods to watch them" in errors[0] and "Forbidden (403)" in errors[0]
    assert "Traceback" not in done.stderr and "xoxb-good-token" not in done.stderr


def test_no_slack_destination_is_refused_before_watching(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("SLACK_")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run([sys.executable, "-m", "triage.cli", "watch", "--kubeconfig", str(tmp_path / "none")],
                          env=env, capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 2
    assert done.stderr.strip() == ("gpu-triage: error: no Slack destination: set SLACK_WEBHOOK_URL, "
                                   "or SLACK_BOT_TOKEN with --channel")


def test_health_server_answers_200_or_503_from_its_check():
    state = {"ok": True}
    server = HealthServer("127.0.0.1", 0, lambda: (state["ok"], "3 triaged")).start()
    try:
        url = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(url + "/healthz", timeout=5) as resp:
            assert (resp.status, resp.read()) == (200, b"ok: 3 triaged\n")
        state["ok"] = False
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url + "/healthz", timeout=5)
        assert err.value.code == 503 and err.value.read() == b"unhealthy: 3 triaged\n"
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(url + "/metrics", timeout=5)
        assert err.value.code == 404
    finally:
        server.stop()


def test_a_dedup_state_that_cannot_be_written_is_refused_at_start(pending_cluster, tmp_path):
    kubeconfig, slack, _srv = pending_cluster
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the state directory should be\n")
    env = dict(os.environ, SLACK_BOT_TOKEN="xoxb-good-token", SLACK_API_URL=slack.url + "/api",
               PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-m", "triage.cli", "watch", "--kubeconfig", kubeconfig, "-A",
                           "--channel", "C0GPU", "--state", str(blocker / "dedup.json"), "--healthz-port", "0"],
                          env=env, capture_output=True, text=True, timeout=60, cwd=REPO)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1].startswith(
        f"gpu-triage: error: cannot write the dedup state {blocker / 'dedup.json'}: ")
    assert posted(slack) == []
