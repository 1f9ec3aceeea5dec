"""The one pass over a bundle's pods and workloads (triage.bundle.lazy_list, pod_rows,
objects.lazy) answers exactly as the plain JSON reader: the same rows, the same views, the
same problems, the same findings; a pod's whole object is decoded only when something asks
for more than its row holds."""

from __future__ import annotations

import json
import shutil

import pytest

import triage.bundle.views as views
from tests.conftest import FIXTURES
from triage.bundle.objects.lazy import LazyPod
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document
from triage.synth.generate import generate_bundle

GPU = {"nvidia.com/gpu": "1"}


def _pod(name, node="n1", **spec):
    return {"metadata": {"name": name, "namespace": "ns",
                         "ownerReferences": [{"kind": "ReplicaSet", "name": f"{name}-rs", "controller": True}]},
            "spec": {"nodeName": node, "containers": [{"name": "c", "image": "img"}], **spec},
            "status": {"phase": "Running", "containerStatuses": [{"name": "c", "ready": True, "restartCount": 0,
                                                                  "state": {"running": {}}}]}}


# pods whose fields sit where each reader of a row or a view looks, and shapes the slim dict refuses
PODS = [
    _pod("web"),
    _pod("train", containers=[{"name": "c", "resources": {"limits": GPU}}]),
    _pod("mig", containers=[{"name": "c", "resources": {"requests": {"nvidia.com/mig-1g.10gb": "2"}}}]),
    _pod("zero", containers=[{"name": "c", "resources": {"limits": {"nvidia.com/gpu": "0"}}}]),
    _pod("claim", resourceClaims=[{"name": "gpu"}]),
    _pod("nvidia-device-plugin-daemonset-abcde"),                       # stack role by name
    {**_pod("labelled"), "metadata": {"name": "x-1", "namespace": "ns", "labels": {"app": "nvidia-dcgm-exporter"}}},
    _pod("templated", template={"metadata": {"labels": {"app": "gpu-feature-discovery"}}}),
    _pod("rc", runtimeClassName="nvidia"),
    _pod("debug", hostPID=True, volumes=[{"name": "h", "hostPath": {"path": "/"}}]),
    {**_pod("nometa"), "metadata": None},                               # slim refuses: decoded whole
    _pod("oddctr", containers=["not a container"]),                     # slim refuses: decoded whole
    {**_pod("pending", node=None), "status": {"phase": "Pending"}},
    _pod("huge", containers=[{"name": "c", "resources": {"limits": GPU}, "args": ["__BIG__"]}]),   # 1e400: json's inf
    _pod("n" * 400),                                                    # a name cut to the bound
    _pod("é" * 253, node="ü" * 254),                                    # at the bound, one past it
    {**_pod("intname"), "metadata": {"name": 7, "namespace": "ns"}},
    {"kind": "Pod", **_pod("kinded")},
    "not an object",
]


def _bundle(tmp_path, pods, list_kind="PodList"):
    root = tmp_path / "b"
    (root / "cluster-resources" / "pods").mkdir(parents=True)
    (root / "manifest.json").write_text(json.dumps({"format": "gpu-triage-bundle", "version": 1}))
    text = json.dumps({"kind": list_kind, "items": pods}).replace('"__BIG__"', "1e400")
    (root / "cluster-resources" / "pods" / "ns.json").write_text(text)
    return root


def _plain_reader(monkeypatch):
    monkeypatch.setattr(views, "read_lazy_list", lambda *a, **k: None)


def _answers(path):
    """Everything a rule may ask of each pod, and the bundle's problems."""
    with load_bundle(path) as b:
        rows = list(b.pod_rows())
        out = [(r[1:], r.pod.name, r.pod.namespace, r.pod.node_name, r.pod.phase, r.pod.controller, r.pod.labels,
                r.pod.runtime_class_name, r.pod.resource_claims, dict(r.pod.gpu_requests), r.pod.requests_gpu,
                r.pod.container_statuses, r.pod.is_terminal, json.dumps(r.pod.raw, sort_keys=True)) for r in rows]
        return out, [(p.path, p.detail) for p in b.problems], [type(r.pod) for r in rows]


def test_every_pod_answers_as_the_plain_reader_reads_it(tmp_path, monkeypatch):
    path = _bundle(tmp_path, PODS)
    one_pass, problems, kinds = _answers(path)
    _plain_reader(monkeypatch)
    plain, plain_problems, plain_kinds = _answers(path)
    assert one_pass == plain
    assert problems == plain_problems == [("cluster-resources/pods/ns.json", "names longer than 253 characters cut")]
    assert LazyPod in kinds and LazyPod not in plain_kinds          # the one pass did read lazily
    by_name = {a[1]: a for a in one_pass}
    assert by_name["train"][0][4] and by_name["mig"][0][4] and by_name["claim"][0][4] and not by_name["zero"][0][4]
    assert by_name["nvidia-device-plugin-daemonset-abcde"][0][5] == "device-plugin"
    assert by_name["x-1"][0][5] == "dcgm-exporter" and by_name["templated"][0][5] == "gfd"
    assert by_name["rc"][0][7] and by_name["debug"][0][6]           # nvidia runtime, hostPID
    assert "Infinity" in by_name["huge"][-1] and len(by_name["n" * 253][1]) == 253


def test_a_cpu_pod_is_not_decoded_whole_by_its_row(tmp_path):
    with load_bundle(_bundle(tmp_path, [_pod("web"), _pod("train", containers=[{"resources": {"limits": GPU}}])])) as b:
        web, train = (r.pod for r in b.pod_rows())
        assert (web.name, web.node_name, web.phase, web.controller.name) == ("web", "n1", "Running", "web-rs")
        assert not web.decoded
        assert train.gpu_requests == {"nvidia.com/gpu": 1} and train.decoded
        assert b.pod("ns", "web") is web                                # one view per pod, however asked


@pytest.mark.parametrize("content, problem", [
    (b'{"items": [{"metadata": {"name": "a"}}]', "not valid JSON"),              # cut short
    (b'{"items": [{"metadata": {"name": "\\ud800"}}]}', None),                    # a lone surrogate, cleaned
    (b'{"items": [' + b'[' * 100_000 + b']' * 100_000 + b']}', "nested too deeply"),
    (b'\xff{"items": []}', "not valid JSON"),
])
def test_a_file_the_plain_reader_reads_differently_is_read_by_it(tmp_path, monkeypatch, content, problem):
    path = _bundle(tmp_path, [])
    (path / "cluster-resources" / "pods" / "ns.json").write_bytes(content)
    with load_bundle(path) as b:
        names = [p.name for p in b.pods()]
        problems = [p.detail for p in b.problems]
    _plain_reader(monkeypatch)
    with load_bundle(path) as b:
        assert names == [p.name for p in b.pods()]
        assert problems == [p.detail for p in b.problems]
    assert (problem is None and not problems) or any(problem in p for p in problems)
    if problem is None:
        assert names == ["\ufffd"]


def test_a_list_past_its_item_bound_says_so_as_the_plain_reader_does(tmp_path, monkeypatch):
    path = _bundle(tmp_path, [_pod(f"p{i}") for i in range(5)])
    limits = views.Limits(max_items=3)
    with load_bundle(path, limits) as b:
        got = [p.name for p in b.pods()], [p.detail for p in b.problems]
    _plain_reader(monkeypatch)
    with load_bundle(path, limits) as b:
        assert got == ([p.name for p in b.pods()], [p.detail for p in b.problems])
    assert got == (["p0", "p1", "p2"], ["read the first 3 of 5 items"])


def test_a_scan_finds_the_same_as_with_the_plain_reader(tmp_path, monkeypatch):
    """The synthetic cluster (planted problems) and a real scenario: the same findings document."""
    synth = generate_bundle(tmp_path / "synth", nodes=12, pods=150, seed=3)
    scenario = tmp_path / "r049"
    shutil.copytree(FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle", scenario)
    docs = []
    for _ in range(2):
        out = []
        for path in (synth, scenario):
            with load_bundle(path) as b:
                out.append(json.dumps(findings_document(diagnose(b), b), sort_keys=True))
        docs.append(out)
        _plain_reader(monkeypatch)
    assert docs[0] == docs[1]
    assert '"problem"' in docs[0][0]


def test_the_daemonsets_of_a_mixed_list_are_found(tmp_path):
    """A DaemonSet inside another kind's list file (a List of mixed kinds) is still a DaemonSet."""
    path = _bundle(tmp_path, [])
    ds = {"kind": "DaemonSet", "metadata": {"name": "nvidia-device-plugin-daemonset", "namespace": "ns"},
          "spec": {"template": {"metadata": {"labels": {"app": "nvidia-device-plugin-daemonset"}}}}}
    dep = {"kind": "Deployment", "metadata": {"name": "web", "namespace": "ns"}}
    (path / "cluster-resources" / "deployments").mkdir()
    (path / "cluster-resources" / "deployments" / "ns.json").write_text(json.dumps({"kind": "List", "items": [dep, ds]}))
    with load_bundle(path) as b:
        assert [w.name for w in b.workloads(of_kind="DaemonSet")] == ["nvidia-device-plugin-daemonset"]
        assert [w.kind for w in b.workloads()] == ["Deployment", "DaemonSet"]


# ---- logs as bytes: the scan reads a log's bytes and decodes only the lines it cites ----

S055 = FIXTURES / "scenarios" / "s055_general_torch_oom_legacy_format" / "bundle"
TRAINER = "cluster-resources/pods/logs/ml/sd-train-0/trainer-previous.log"


def _log_doc(path, limits=None):
    with load_bundle(path, limits) as b:
        doc = findings_document(diagnose(b), b)
        texts = [t for t in (b.log("ml", "sd-train-0", "trainer", True),) if t is not None]
    return json.dumps(doc, sort_keys=True), texts[0]


@pytest.mark.parametrize("prefix", [
    b"ok \xff\xfe not UTF-8\n" * 3 + "caf\u00e9 \u2028 a line separator\n".encode(),
    b"x" * 5000 + b"\n",                       # a line past the bound: read as text, cut, said
])
def test_a_log_scanned_as_bytes_finds_and_cites_as_the_text_does(tmp_path, monkeypatch, prefix):
    work = tmp_path / "b"
    shutil.copytree(S055, work)
    (work / TRAINER).write_bytes(prefix + (work / TRAINER).read_bytes())
    limits = views.Limits(max_line_chars=4096)
    doc, text = _log_doc(work, limits)
    assert '"application.cuda_oom"' in doc
    monkeypatch.setattr(views, "bounded_bytes_file", lambda *a, **k: None)
    plain_doc, plain_text = _log_doc(work, limits)
    assert doc == plain_doc and text == plain_text
    assert ("4096 characters" in doc) == (b"x" * 5000 in prefix)


def test_a_scanned_log_is_not_decoded_whole(tmp_path):
    with load_bundle(S055) as b:
        from triage.classify.rules.context import Context
        ctx = Context(b)
        text = ctx.log(b.pod("ml", "sd-train-0"), "trainer", True)
        facts = ctx.log_facts(text)
        assert any(f.kind.value == "cuda_oom" for f in facts)
        assert text.data is not None and "text" not in text.__dict__
        cite = ctx.cite_line(text, facts[0].line, facts[0].excerpt)
        assert cite.line == facts[0].line and cite.excerpt


def test_analyze_hashes_the_bundle_beside_the_analysis_to_the_same_sum(tmp_path):
    """The document's bundle_sha256 is `sha256sum` of the sorted file list's sums, whether
    hashed in the analysis' thread or beside it; an archive is hashed whole, a missing path is None."""
    import hashlib
    from triage.commands.analyze import analyze_document
    from triage.render.json import start_bundle_sha256
    work = tmp_path / "r049"
    shutil.copytree(FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle", work)
    rels = sorted("./" + p.relative_to(work).as_posix() for p in work.rglob("*") if p.is_file())
    lines = "".join(f"{hashlib.sha256((work / rel).read_bytes()).hexdigest()}  {rel}\n" for rel in rels)
    assert analyze_document(work)["collection"]["bundle_sha256"] == hashlib.sha256(lines.encode()).hexdigest()
    gone = tmp_path / "gone.tar.gz"
    gone.write_bytes(b"x")
    wait = start_bundle_sha256(gone)
    assert wait() == hashlib.sha256(b"x").hexdigest()
    wait = start_bundle_sha256(tmp_path / "never")
    assert wait() is None
