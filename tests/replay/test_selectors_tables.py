"""Pure parts of the replay server: selector grammar and kubectl's pod STATUS rules."""

from __future__ import annotations

import pytest

from triage.replay.selectors import (SelectorError, fields_match, labels_match, parse_field_selector,
                                     parse_label_selector)
from triage.replay.tables import human_duration, node_cells, parse_time, pod_cells

NOW = parse_time("2026-11-29T12:31:00Z")
LABELS = {"app": "vllm", "tier": "gpu", "nvidia.com/gpu.count": "8"}


@pytest.mark.parametrize("selector, expected", [
    ("app=vllm", True), ("app==vllm", True), ("app!=vllm", False), ("app=train", False),
    ("app in (train, vllm)", True), ("app notin (vllm)", False), ("tier", True), ("!tier", False),
    ("canary", False), ("!canary", True), ("canary!=x", True),        # != matches a missing key
    ("nvidia.com/gpu.count>4", True), ("nvidia.com/gpu.count<4", False),
    ("app=vllm,tier=cpu", False), ("app=vllm, tier in (gpu)", True), ("", True),
])
def test_label_selector_grammar(selector, expected):
    assert labels_match(parse_label_selector(selector), LABELS) is expected


@pytest.mark.parametrize("bad", ["app in (", "app in vllm", "=x", "app=v=w", "a b", "app>x", "-bad=1"])
def test_bad_label_selectors_are_refused(bad):
    with pytest.raises(SelectorError):
        parse_label_selector(bad)


def test_field_selector_escapes_and_empty_values():
    reqs = parse_field_selector(r"metadata.name=a\,b,spec.nodeName=,status.phase!=Failed")
    assert [(r.key, r.op, r.values[0]) for r in reqs] == [
        ("metadata.name", "=", "a,b"), ("spec.nodeName", "=", ""), ("status.phase", "!=", "Failed")]
    assert fields_match(reqs, {"metadata.name": "a,b", "spec.nodeName": "", "status.phase": "Pending"})
    assert not fields_match(reqs, {"metadata.name": "a,b", "spec.nodeName": "n1", "status.phase": "Pending"})
    with pytest.raises(SelectorError):
        parse_field_selector("spec.nodeName")


def _pod(status, spec=None, meta=None):
    return {"metadata": {"name": "p", "creationTimestamp": "2026-11-29T12:00:00Z", **(meta or {})},
            "spec": spec or {"containers": [{"name": "c"}]}, "status": status}


def _cs(state, ready=False, restarts=0, last=None, name="c"):
    return {"name": name, "ready": ready, "restartCount": restarts, "state": state, "lastState": last or {}}


@pytest.mark.parametrize("status, spec, meta, want", [
    # terminated without reason: ExitCode, with signal: Signal
    ({"phase": "Running", "containerStatuses": [_cs({"terminated": {"exitCode": 137}})]}, None, None,
     ("0/1", "ExitCode:137")),
    ({"phase": "Running", "containerStatuses": [_cs({"terminated": {"exitCode": 0, "signal": 9}})]}, None, None,
     ("0/1", "Signal:9")),
    ({"phase": "Running", "containerStatuses": [_cs({"terminated": {"exitCode": 137, "reason": "OOMKilled"}})]},
     None, None, ("0/1", "OOMKilled")),
    # failed init container
    ({"phase": "Pending", "initContainerStatuses": [_cs({"terminated": {"exitCode": 2}}, name="i")]},
     {"initContainers": [{"name": "i"}], "containers": [{"name": "c"}]}, None, ("0/1", "Init:ExitCode:2")),
    ({"phase": "Pending", "initContainerStatuses": [_cs({"waiting": {"reason": "ImagePullBackOff"}}, name="i")]},
     {"initContainers": [{"name": "i"}], "containers": [{"name": "c"}]}, None, ("0/1", "Init:ImagePullBackOff")),
    # pod-level reason (evicted) and admission errors
    ({"phase": "Failed", "reason": "Evicted"}, None, None, ("0/1", "Evicted")),
    ({"phase": "Failed", "reason": "UnexpectedAdmissionError"}, None, None, ("0/1", "UnexpectedAdmissionError")),
    # scheduling gates
    ({"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "False", "reason": "SchedulingGated"}]},
     None, None, ("0/1", "SchedulingGated")),
    # deleting a running pod
    ({"phase": "Running", "containerStatuses": [_cs({"running": {}}, ready=True)]}, None,
     {"deletionTimestamp": "2026-11-29T12:30:00Z"}, ("1/1", "Terminating")),
    # one container completed, the other still running and the pod not ready
    ({"phase": "Running", "conditions": [{"type": "Ready", "status": "False"}],
      "containerStatuses": [_cs({"terminated": {"exitCode": 0, "reason": "Completed"}}, name="a"),
                            _cs({"running": {}}, ready=True, name="b")]},
     {"containers": [{"name": "a"}, {"name": "b"}]}, None, ("1/2", "NotReady")),
    # a native sidecar (restartable init container) counts in READY
    ({"phase": "Running", "conditions": [{"type": "Initialized", "status": "True"}],
      "initContainerStatuses": [_cs({"running": {}}, ready=True, name="proxy") | {"started": True}],
      "containerStatuses": [_cs({"running": {}}, ready=True)]},
     {"initContainers": [{"name": "proxy", "restartPolicy": "Always"}], "containers": [{"name": "c"}]}, None,
     ("2/2", "Running")),
])
def test_pod_status_column_follows_print_pod(status, spec, meta, want):
    cells = pod_cells(_pod(status, spec, meta), NOW)
    assert (cells[1], cells[2]) == want


def test_restarts_column_and_ages():
    pod = _pod({"phase": "Running", "containerStatuses": [_cs(
        {"running": {}}, ready=True, restarts=3,
        last={"terminated": {"exitCode": 1, "finishedAt": "2026-11-29T09:31:00Z"}})]})
    assert pod_cells(pod, NOW)[3] == "3 (3h ago)"
    assert [human_duration(s) for s in (5, 119, 125, 600, 3 * 3600 + 120, 9 * 3600, 3 * 86400 + 3600, 400 * 86400)] \
        == ["5s", "119s", "2m5s", "10m", "3h2m", "9h", "3d1h", "400d"]


def test_node_status_roles():
    node = {"metadata": {"name": "n", "labels": {"node-role.kubernetes.io/control-plane": "",
                                                 "kubernetes.io/role": "gpu"}},
            "spec": {"unschedulable": True}, "status": {"conditions": [{"type": "Ready", "status": "False"}]}}
    cells = node_cells(node, NOW)
    assert cells[1:3] == ["NotReady,SchedulingDisabled", "control-plane,gpu"]
    assert node_cells({"metadata": {"name": "m"}}, NOW)[1:4] == ["Unknown", "<none>", "<unknown>"]
