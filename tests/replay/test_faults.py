"""Fault injection as a client meets it: reproducible from a seed, over real HTTP."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
import urllib3
from kubernetes import client
from kubernetes.client.rest import ApiException

from triage.replay.faults import Faults
from triage.replay.server import ReplayServer


def _statuses(url: str, n: int) -> list[int]:
    out = []
    for i in range(n):
        try:
            with urllib.request.urlopen(f"{url}/api/v1/namespaces/ml/pods?limit={i % 3 + 1}", timeout=10) as r:
                out.append(r.status)
        except urllib.error.HTTPError as err:
            out.append(err.code)
    return out


def test_same_seed_same_faults_other_seed_other_faults(bundle_dir):
    runs = []
    for seed in (7, 7, 8):
        with ReplayServer(bundle_dir, faults=Faults(seed=seed, rate_500=0.3, rate_503=0.3)) as srv:
            runs.append(_statuses(srv.url, 30))
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]
    assert set(runs[0]) == {200, 500, 503}


def test_500_and_503_are_status_bodies(bundle_dir):
    with ReplayServer(bundle_dir, faults=Faults(rate_503=1.0)) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        with client.ApiClient(cfg) as api:
            with pytest.raises(ApiException) as err:
                client.CoreV1Api(api).list_node()
    assert err.value.status == 503
    assert '"kind":"Status"' in err.value.body and '"reason":"ServiceUnavailable"' in err.value.body
    assert srv.requests[-1].status == 503


def test_stall_runs_past_the_client_timeout_only_on_matching_paths(bundle_dir):
    with ReplayServer(bundle_dir, faults=Faults(stall_paths=("/api/v1/nodes*",), stall_seconds=3)) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        cfg.retries = 0
        with client.ApiClient(cfg) as api:
            core = client.CoreV1Api(api)
            with pytest.raises(urllib3.exceptions.MaxRetryError) as err:
                core.list_node(_request_timeout=0.5)
            assert isinstance(err.value.reason, urllib3.exceptions.ReadTimeoutError)
            assert len(core.list_namespaced_pod("ml", _request_timeout=2).items) == 5


def test_dropped_connection_cuts_the_body(bundle_dir, server):
    with urllib.request.urlopen(server.url + "/api/v1/namespaces/ml/pods", timeout=10) as r:
        full = len(r.read())
    with ReplayServer(bundle_dir, faults=Faults(drop_rate=1.0)) as srv:
        cfg = client.Configuration()
        cfg.host = srv.url
        cfg.retries = 0
        with client.ApiClient(cfg) as api:
            with pytest.raises(urllib3.exceptions.HTTPError):
                client.CoreV1Api(api).list_namespaced_pod("ml")
        rec = srv.requests[-1]
        assert rec.path == "/api/v1/namespaces/ml/pods" and rec.status == 200
        assert rec.bytes == full // 2            # headers promised `full` bytes, half came


def test_latency_is_added_to_every_answer(bundle_dir):
    with ReplayServer(bundle_dir, faults=Faults(latency_ms=150)) as srv:
        started = time.monotonic()
        for _ in range(3):
            with urllib.request.urlopen(srv.url + "/version", timeout=10) as r:
                assert r.status == 200
        assert time.monotonic() - started >= 0.45


def test_forbidden_custom_resource_by_plural_group(bundle_dir):
    with ReplayServer(bundle_dir, faults=Faults(forbidden={"clusterpolicies.nvidia.com"})) as srv:
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(srv.url + "/apis/nvidia.com/v1/clusterpolicies", timeout=10)
        assert err.value.code == 403
        assert json.loads(err.value.read())["message"] == (
            'clusterpolicies.nvidia.com is forbidden: User "system:serviceaccount:gpu-triage:replay" cannot '
            'list resource "clusterpolicies" in API group "nvidia.com" at the cluster scope')


def test_fault_rates_are_checked():
    with pytest.raises(ValueError):
        Faults(rate_429=1.5)
