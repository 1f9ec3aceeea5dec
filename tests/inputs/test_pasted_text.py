"""Pasted kubectl text read by `gpu-triage analyze TICKET` / `analyze -`: the same rules judge it as
a bundle, every citation names the input file and line, and what the paste cannot show is
not_checked with a gap that says what to paste next."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES
from tests.inputs.helpers import citations, run

PASTED = FIXTURES / "inputs" / "pasted"
TICKET = PASTED / "pending-no-gpu-advertised.txt"


def _ladder(doc):
    return {name: layer["status"] for name, layer in doc["layers"].items()}


def _gaps(doc, layer):
    return [g for g in doc["layers"][layer]["gaps"]]


def test_pending_pod_and_node_without_gpus_never_healthy_and_names_what_to_paste():
    r = run("analyze", str(TICKET), "-o", "json")
    assert r.rc == 5, r.err                        # inconclusive: the layers that could say why are unseen
    doc = r.doc
    assert doc["status"] == "inconclusive"
    assert doc["target"] == {"kind": "Pod", "namespace": "default", "name": "triton-inference-server-5b6c7f889c-f54c6"}
    ladder = _ladder(doc)
    assert ladder["plugin"] == "not_checked" and ladder["driver"] == "not_checked"
    plugin_needs = " ".join(g["needs"] for g in _gaps(doc, "plugin"))
    assert "device plugin's log on my-ai-srv02" in plugin_needs and "kubectl logs" in plugin_needs
    node_needs = " ".join(g["needs"] for g in doc["gaps"])
    assert "paste the whole `kubectl describe node my-ai-srv02`" in node_needs     # the paste went through grep
    assert doc["input"]["reader"] == "text"
    # the scheduler's words are cited where they sit in the ticket
    cites = {fid: c for fid, c in citations(doc)}
    c = cites["scheduler.insufficient_gpu"]
    assert c["path"] == str(TICKET) and c["line"] == 39
    assert TICKET.read_text().splitlines()[38].strip().startswith("Warning  FailedScheduling")


@pytest.mark.xfail(strict=True, reason="classify (owner's area): a pasted node the scheduler counted "
                   "'Insufficient nvidia.com/gpu' carries no GPU label, so the engine calls it no GPU node "
                   "(engine.no_gpu_node passes the node layer) instead of naming node.gpu_not_advertised")
def test_pending_pod_and_node_without_gpus_point_at_the_node_layer():
    doc = run("analyze", str(TICKET), "-o", "json").doc
    answer = doc.get("root_cause") or doc.get("suspect") or {}
    assert answer.get("layer") == "node", answer
    assert _ladder(doc)["node"] in ("root", "failed")


def test_stderr_says_which_reader_read_which_lines():
    r = run("analyze", str(TICKET))
    assert r.rc == 5
    assert r.err.splitlines()[0] == (f"gpu-triage: read {TICKET} as pasted text: describe-pod "
                                     "pending-no-gpu-advertised.txt:2-39, describe-node pending-no-gpu-advertised.txt:41-55")
    assert f"{TICKET}:39" in r.out                   # the text report cites the ticket's line


def test_stdin_is_read_like_a_file():
    r = run("analyze", "-", "-o", "json", stdin=TICKET.read_text())
    assert r.rc == 5, r.err
    cites = {fid: c for fid, c in citations(r.doc)}
    assert cites["scheduler.insufficient_gpu"]["path"] == "<stdin>"
    assert cites["scheduler.insufficient_gpu"]["line"] == 39


def test_as_text_overrides_detection(tmp_path):
    (tmp_path / "ticket.json").write_text(TICKET.read_text())
    r = run("analyze", str(tmp_path / "ticket.json"), "--as", "text", "-o", "json")
    assert r.rc == 5 and r.doc["input"]["reader"] == "text"


PLUGIN_CRASH = """\
$ kubectl describe pod -n gpu-operator nvidia-device-plugin-daemonset-t2x8q
Name:             nvidia-device-plugin-daemonset-t2x8q
Namespace:        gpu-operator
Node:             gpu-t4-2/10.0.0.8
Labels:           app=nvidia-device-plugin-daemonset
Status:           Running
Controlled By:    DaemonSet/nvidia-device-plugin-daemonset
Containers:
  nvidia-device-plugin:
    Image:          nvcr.io/nvidia/k8s-device-plugin:v0.11.0
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       Error
      Exit Code:    1
    Ready:          False
    Restart Count:  14
Conditions:
  Type              Status
  Initialized       True
  Ready             False
  ContainersReady   False
  PodScheduled      True
Events:
  Type     Reason   Age                  From     Message
  ----     ------   ----                 ----     -------
  Warning  BackOff  2m (x60 over 17m)    kubelet  Back-off restarting failed container
$ kubectl logs -n gpu-operator nvidia-device-plugin-daemonset-t2x8q --previous
2023/10/19 03:11:54 Loading NVML
2023/10/19 03:11:54 Failed to initialize NVML: could not load NVML library.
2023/10/19 03:11:54 If this is a GPU node, did you set the docker default runtime to `nvidia`?
$ kubectl describe node gpu-t4-2
Name:               gpu-t4-2
Roles:              <none>
Labels:             kubernetes.io/hostname=gpu-t4-2
                    nvidia.com/gpu.present=true
                    nvidia.com/gpu.product=Tesla-T4
Taints:             nvidia.com/gpu=present:NoSchedule
Unschedulable:      false
Capacity:
  cpu:                48
  memory:             196608Mi
  pods:               110
Allocatable:
  cpu:                47500m
  memory:             192512Mi
  pods:               110
"""


def test_plugin_describe_log_and_node_find_the_nvml_failure_citing_each_line(tmp_path):
    """Three pasted blocks of one node (the NVML line is NVIDIA/k8s-device-plugin#444's, as in the demo):
    the plugin's log line, its crash loop in the describe and the node without nvidia.com/gpu are
    each cited at their own line of the ticket."""
    ticket = tmp_path / "ticket.txt"
    ticket.write_text(PLUGIN_CRASH)
    r = run("analyze", str(ticket), "-o", "json")
    doc = r.doc
    assert doc["status"] in ("problem", "inconclusive"), doc["status"]
    lines = PLUGIN_CRASH.splitlines()
    found = {}
    for fid, c in citations(doc):
        assert c["path"] == str(ticket), c
        assert c["line"] is None or 1 <= c["line"] <= len(lines), c
        found.setdefault(fid, []).append(c["line"])
    assert "plugin.nvml_unavailable" in found, found
    assert 30 in found["plugin.nvml_unavailable"]          # "Failed to initialize NVML" is line 30
    assert "Failed to initialize NVML" in lines[29]
    assert "node.gpu_not_advertised" in found
    assert found["node.gpu_not_advertised"][0] == 44                            # its Allocatable: line
    assert lines[43] == "Allocatable:"
    assert doc["status"] != "healthy"


def test_get_events_and_get_pods_tables(tmp_path):
    text = (
        "$ kubectl get pods -n gpu-operator -o wide\n"
        "NAME                                   READY   STATUS             RESTARTS      AGE   IP           NODE       NOMINATED NODE   READINESS GATES\n"
        "nvidia-device-plugin-daemonset-t2x8q   0/1     CrashLoopBackOff   14 (2m ago)   1h    10.244.1.4   gpu-t4-2   <none>           <none>\n"
        "$ kubectl get events -n llm\n"
        "LAST SEEN   TYPE      REASON             OBJECT                          MESSAGE\n"
        "2m          Warning   FailedScheduling   pod/qwen-vllm-7d9f8c6b5-x2x4k   0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) didn't match Pod's node affinity/selector.\n")
    from triage.bundle.from_text import write_text_bundle
    summary = write_text_bundle([("t.txt", text)], tmp_path / "b")
    import json
    pods = json.loads((tmp_path / "b/cluster-resources/pods/gpu-operator.json").read_text())["items"]
    assert pods[0]["spec"]["nodeName"] == "gpu-t4-2"
    assert pods[0]["status"]["containerStatuses"][0]["state"] == {"waiting": {"reason": "CrashLoopBackOff"}}
    assert pods[0]["status"]["containerStatuses"][0]["restartCount"] == 14
    events = json.loads((tmp_path / "b/cluster-resources/events/llm.json").read_text())["items"]
    assert events[0]["involvedObject"] == {"kind": "Pod", "name": "qwen-vllm-7d9f8c6b5-x2x4k", "namespace": "llm"}
    assert events[0]["message"].startswith("0/4 nodes are available: 1 Insufficient nvidia.com/gpu")
    assert [b["shape"] for b in summary.blocks] == ["get-pods", "get-events"]


@pytest.mark.parametrize("text", ["", "hello\n", "\x00\x01binary", "Name:\n" * 5000, "$ kubectl logs\n",
                                  "| NVIDIA-SMI 535 |\n" * 3, "Events:\n  Warning  X  1s  y  " + "a " * 50000])
def test_bad_or_unknown_text_is_one_line_exit_1_or_read(tmp_path, text):
    f = tmp_path / "t.txt"
    f.write_text(text)
    r = run("analyze", str(f), "-o", "json")
    assert "Traceback" not in r.err
    if r.rc == 1:
        assert r.out == "" and len(r.err.strip().splitlines()) == 1, r.err
        assert r.err.startswith("gpu-triage: error: ")
    else:
        assert r.doc["status"] != "healthy"


def test_splitting_is_linear_in_the_input():
    import time
    from triage.evidence.pasted.blocks import split_blocks
    line = "  Warning  FailedScheduling  3s (x3 over 3s)  default-scheduler  " + "x" * 200
    small = "\n".join([line] * 2000)
    big = "\n".join([line] * 20000)
    t0 = time.perf_counter(); split_blocks(small); t1 = time.perf_counter(); split_blocks(big); t2 = time.perf_counter()
    assert (t2 - t1) < 25 * max(t1 - t0, 1e-3)


@pytest.mark.parametrize("make", ["describe", "plugin-log"])
def test_folders_of_pasted_text_are_read_never_healthy(tmp_path, make):
    """The two folders tests/test_honest_verdict.py refused before issue 15: read now, and never HEALTHY."""
    from tests.test_honest_verdict import _describe_folder, _plugin_log_folder
    folder = (_describe_folder if make == "describe" else _plugin_log_folder)(tmp_path)
    r = run("analyze", str(folder), "-o", "json")
    assert r.rc == 5, (r.rc, r.err)
    assert r.doc["status"] == "inconclusive"
    assert "as pasted text" in r.err.splitlines()[0]
    needs = " ".join(g["needs"] for g in r.doc["gaps"])
    assert "`kubectl describe node" in needs, needs           # what to paste next


def test_unrecognised_text_keeps_the_one_line_refusal(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("we restarted the node yesterday and it still fails\n")
    r = run("analyze", str(f))
    assert r.rc == 1 and r.out == ""
    assert len(r.err.splitlines()) == 1 and "not an evidence bundle" in r.err


def test_real_plugin_log_and_headerless_pods_table_name_the_nvml_failure():
    """NVIDIA/k8s-device-plugin#302 as pasted: the thread's root cause (NVML not loadable in the
    plugin's container) is the answer, cited at the ticket's lines."""
    ticket = PASTED / "plugin-nvml-k8s-1.24.txt"
    r = run("analyze", str(ticket), "-o", "json")
    doc = r.doc
    assert doc["status"] in ("problem", "inconclusive") and r.rc in (3, 5)
    answer = doc.get("root_cause") or doc.get("suspect")
    assert answer["id"] == "plugin.nvml_unavailable"
    lines = ticket.read_text().splitlines()
    assert [c["line"] for c in answer["evidence"]] == [13]
    assert lines[12].endswith("Failed to initialize NVML: could not load NVML library.")
    crash = {fid: c for fid, c in citations(doc) if c["line"] and "CrashLoopBackOff" in c["excerpt"]}
    assert any(c["line"] == 5 for c in crash.values())          # the wvvnp row of the table
    assert "get-pods ticket" not in r.err and "get-pods plugin-nvml-k8s-1.24.txt:1-6" in r.err
    ladder = _ladder(doc)
    assert ladder["runtime"] == "not_checked" and ladder["driver"] == "not_checked"
