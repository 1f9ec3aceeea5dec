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


def _answer(doc) -> dict:
    """The root cause, else the suspected finding (an INCONCLUSIVE document names its id)."""
    if doc.get("root_cause"):
        return doc["root_cause"]
    suspect = doc.get("suspect")
    sid = suspect.get("id") if isinstance(suspect, dict) else suspect
    return next((f for f in doc.get("findings") or () if f["id"] == sid), {})


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


def test_pending_pod_and_node_without_gpus_point_at_the_node_layer():
    """The node pasted beside the GPU pod is the user's GPU node, even through a grep that kept
    no GPU label: it advertising no nvidia.com/gpu is the node layer (the manifest's
    input.gpu_nodes_shown)."""
    doc = run("analyze", str(TICKET), "-o", "json").doc
    answer = _answer(doc)
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
    answer = _answer(doc)
    assert answer["id"] == "plugin.nvml_unavailable"
    lines = ticket.read_text().splitlines()
    assert [c["line"] for c in answer["evidence"]] == [13]
    assert lines[12].endswith("Failed to initialize NVML: could not load NVML library.")
    crash = {fid: c for fid, c in citations(doc) if c["line"] and "CrashLoopBackOff" in c["excerpt"]}
    assert any(c["line"] == 5 for c in crash.values())          # the wvvnp row of the table
    assert "get-pods ticket" not in r.err and "get-pods plugin-nvml-k8s-1.24.txt:1-6" in r.err
    ladder = _ladder(doc)
    assert ladder["runtime"] == "not_checked" and ladder["driver"] == "not_checked"


# The done-when paste, in kubectl describe's layout (the demo cluster's T4 node before GPU Feature
# Discovery labelled its driver: GPU labels, no nvidia.com/gpu; kubectl's own describe text of the same
# objects is fixtures/inputs/pasted/pending-t4-not-advertised.txt).
DONE_WHEN = """\
$ kubectl describe pod qwen-vllm-7d9f8c6b5-x2x4k -n llm
Name:             qwen-vllm-7d9f8c6b5-x2x4k
Namespace:        llm
Priority:         0
Service Account:  default
Node:             <none>
Labels:           app=qwen-vllm
                  pod-template-hash=7d9f8c6b5
Annotations:      <none>
Status:           Pending
IP:
IPs:              <none>
Controlled By:    ReplicaSet/qwen-vllm-7d9f8c6b5
Containers:
  vllm:
    Image:      vllm/vllm-openai:v0.6.4
    Port:       <none>
    Host Port:  <none>
    Limits:
      memory:          16Gi
      nvidia.com/gpu:  1
    Requests:
      cpu:             2
      memory:          8Gi
      nvidia.com/gpu:  1
    Environment:       <none>
    Mounts:            <none>
Conditions:
  Type           Status
  PodScheduled   False
Volumes:                      <none>
QoS Class:                    Burstable
Node-Selectors:               nvidia.com/gpu.product=Tesla-T4
Tolerations:                  nvidia.com/gpu:NoSchedule op=Exists
Events:
  Type     Reason            Age                  From               Message
  ----     ------            ----                 ----               -------
  Warning  FailedScheduling  3m (x31 over 50m)    default-scheduler  0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.
$ kubectl describe node gpu-node-1
Name:               gpu-node-1
Roles:              <none>
Labels:             feature.node.kubernetes.io/pci-10de.present=true
                    kubernetes.io/hostname=gpu-node-1
                    kubernetes.io/os=linux
                    nvidia.com/gpu.present=true
                    nvidia.com/gpu.product=Tesla-T4
Annotations:        <none>
CreationTimestamp:  Sun, 29 Nov 2026 14:00:00 +0000
Taints:             nvidia.com/gpu=present:NoSchedule
Unschedulable:      false
Conditions:
  Type    Status  LastHeartbeatTime                 LastTransitionTime                Reason         Message
  ----    ------  -----------------                 ------------------                ------         -------
  Ready   True    Sun, 29 Nov 2026 14:00:00 +0000   Sun, 29 Nov 2026 14:00:00 +0000   KubeletReady   kubelet is posting ready status
Capacity:
  cpu:                48
  ephemeral-storage:  500Gi
  memory:             192Gi
  pods:               110
Allocatable:
  cpu:                47500m
  ephemeral-storage:  460Gi
  memory:             188Gi
  pods:               110
System Info:
  Kernel Version:             5.15.0-122-generic
  OS Image:                   Ubuntu 22.04.5 LTS
  Container Runtime Version:  containerd://1.7.22
  Kubelet Version:            v1.32.4
"""


def test_done_when_pending_pod_and_gpu_node_without_nvidia_gpu_give_the_node_layer(tmp_path):
    ticket = tmp_path / "ticket.txt"
    ticket.write_text(DONE_WHEN)
    r = run("analyze", str(ticket), "-o", "json")
    doc = r.doc
    assert r.rc == 5 and doc["status"] == "inconclusive"            # never healthy, never a guess
    answer = _answer(doc)
    assert answer["id"] == "node.gpu_not_advertised" and answer["layer"] == "node"
    ladder = _ladder(doc)
    assert ladder["node"] == "root"
    assert ladder["plugin"] == "not_checked" and ladder["driver"] == "not_checked"
    plugin_needs = " ".join(g["needs"] for g in _gaps(doc, "plugin"))
    assert "paste the device plugin's log on gpu-node-1" in plugin_needs
    lines = DONE_WHEN.splitlines()
    node_cite = answer["evidence"][0]
    assert node_cite["path"] == str(ticket) and lines[node_cite["line"] - 1] == "Allocatable:"
    sched = next(c for fid, c in citations(doc) if fid == "scheduler.insufficient_gpu")
    assert "Insufficient nvidia.com/gpu" in lines[sched["line"] - 1]


def test_kubectls_own_describe_text_gives_the_node_layer_and_names_the_plugin_pod():
    """Real kubectl describe output (kubectl against gpu-triage serve of the demo cluster): the node
    lists its device plugin pod, and the gap asks for that pod's log by name."""
    ticket = PASTED / "pending-t4-not-advertised.txt"
    doc = run("analyze", str(ticket), "-o", "json").doc
    answer = _answer(doc)
    assert answer["id"] == "node.gpu_not_advertised"
    assert _ladder(doc)["plugin"] == "not_checked"
    needs = " ".join(g["needs"] for g in _gaps(doc, "plugin"))
    assert "kubectl logs -n gpu-operator nvidia-device-plugin-daemonset-t2x8q" in needs


def test_pasted_text_is_redacted_like_a_collection_and_keeps_its_lines(tmp_path):
    """A token in a pasted log never reaches the bundle or the report; the lines still match the input."""
    token = "hf_" + "a1B2c3D4e5F6g7H8i9J0kLmNoPqRsT"
    text = ("$ kubectl logs -n llm qwen-0\n"
            f"export HF_TOKEN={token}\n"
            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 518.00 MiB.\n")
    ticket = tmp_path / "t.txt"
    ticket.write_text(text)
    out = tmp_path / "report"
    r = run("analyze", str(ticket), "-o", "json", "--out", str(out))
    assert token not in r.out
    for f in out.rglob("*"):
        if f.is_file():
            assert token not in f.read_text(errors="replace"), f
    logs = list(out.rglob("qwen-0/*.log"))
    assert logs and logs[0].read_text().splitlines()[0].startswith("export HF_TOKEN=<redacted:")
    manifest = next(out.rglob("manifest.json"))
    import json
    assert json.loads(manifest.read_text())["redaction"]["count"] >= 1


@pytest.mark.parametrize("path", [TICKET, FIXTURES / "inputs" / "must-gather" / "demo-nvml",
                                  FIXTURES / "inputs" / "cluster-dump" / "cluster-info-dump.json"], ids=lambda p: p.name)
def test_documents_of_every_reader_validate_against_the_findings_schema(path):
    import json
    import jsonschema
    from tests.conftest import REPO
    schema = json.loads((REPO / "triage" / "data" / "findings-v1.schema.json").read_text())
    doc = run("analyze", str(path), "-o", "json").doc
    jsonschema.validate(doc, schema)
    assert doc["input"]["reader"] in ("text", "must-gather", "cluster-dump")
    assert doc["bundle"]["path"] == str(path)


@pytest.mark.parametrize("text,words", [
    ("NVRM: Xid (PCI:0000:01:00): 79, pid=1234, name=python, GPU has fallen off the bus.\n", "kernel log of no known node"),
    ("$ kubectl get nodes\nNAME     STATUS     ROLES    AGE   VERSION\ngpu-1    NotReady   <none>   3d    v1.30.2\n",
     "paste `kubectl describe node NAME`")])
def test_what_cannot_be_placed_is_refused_saying_what_to_paste(tmp_path, text, words):
    f = tmp_path / "t.txt"
    f.write_text(text)
    r = run("analyze", str(f))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, r.err
    assert words in r.err and "nothing in it can be placed" in r.err
