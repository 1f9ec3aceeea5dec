"""Every committed scenario bundle through the real pipeline (load -> diagnose -> findings v1),
checked against its hand-written expected.json."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CORPUS, FIXTURES
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document

SCENARIOS = sorted(p for p in (FIXTURES / "scenarios").iterdir() if (p / "expected.json").exists())


def analyse(path: Path, target=None) -> dict:
    with load_bundle(path) as b:
        return findings_document(diagnose(b, target), b)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[p.name for p in SCENARIOS])
def test_scenario(scenario: Path):
    expected = json.loads((scenario / "expected.json").read_text())
    doc = analyse(scenario / "bundle")
    assert doc["status"] == expected["status"], [f["id"] for f in doc["findings"]]
    rc = doc["root_cause"]
    assert (rc["id"] if rc else None) == expected["root_cause"], [f["id"] for f in doc["findings"]]
    if "suspect" in expected:
        assert doc.get("suspect") == expected["suspect"], doc.get("suspect")
    if rc is not None:
        assert rc["layer"] == expected["layer"]
        if expected.get("subject"):
            assert doc["target"] == expected["subject"]     # the triaged subject the answer is about
        # evidence or nothing: every finding cites a bundle file that exists, lines in range
        for f in doc["findings"]:
            assert f["evidence"], f["id"]
            for ev in f["evidence"]:
                assert (scenario / "bundle" / ev["path"]).is_file(), ev
                if ev["line"] is not None:
                    lines = (scenario / "bundle" / ev["path"]).read_text().splitlines()
                    assert 1 <= ev["line"] <= len(lines)
    else:
        assert doc["findings"] == [] or expected["status"] == "inconclusive"
    if expected["status"] == "inconclusive":
        assert doc["gaps"], "an inconclusive answer names what is missing"


def test_real_case_text_is_verbatim_in_its_bundle():
    """Each real-case scenario holds (a line of) its case's text somewhere in the bundle."""
    cases = {json.loads(l)["id"]: json.loads(l) for l in (CORPUS / "real-cases.jsonl").read_text().splitlines() if l}
    for scenario in SCENARIOS:
        exp = json.loads((scenario / "expected.json").read_text())
        cid = exp.get("case_id")
        if not cid or cases[cid]["where"] in ("node_status", "kubectl_describe", "other"):
            continue      # describe/prose renderings: their values sit in the objects' JSON fields
        blob = "\n".join(p.read_text(errors="replace") for p in (scenario / "bundle").rglob("*") if p.is_file())
        blob_json_unescaped = blob.replace('\\"', '"').replace("\\\\", "\\")
        lines = [l.strip().lstrip("> ").strip("`") for l in cases[cid]["text"].splitlines()
                 if len(l.strip()) > 30 and not l.strip().startswith(("$", "root@", "note:", "Today,", "But image",
                                                                      "1.", "2.", "3.", "We are", "Exact error",
                                                                      "`kubectl", "NAME ", "result is", "```",
                                                                      "sudo ", "- The output", "(container)",
                                                                      "(host)"))]
        from triage.evidence.k8s_events.describe_text import parse_event_rows
        event_rows = parse_event_rows(cases[cid]["text"])
        if event_rows:          # `kubectl describe` event rows: the message column is the verbatim part
            lines = [r.message for r in event_rows]
        if not lines:
            continue
        assert any(l[:60] in blob or l[:60] in blob_json_unescaped for l in lines), cid


def test_every_corpus_case_has_a_scenario():
    cases = [json.loads(l)["id"] for l in (CORPUS / "real-cases.jsonl").read_text().splitlines() if l]
    have = {json.loads((s / "expected.json").read_text()).get("case_id") for s in SCENARIOS}
    assert set(cases) <= have


@pytest.mark.parametrize("bundle", sorted((CORPUS / "support-bundles").glob("*.tar.gz")), ids=lambda p: p.name)
def test_real_troubleshoot_bundles_have_no_gpu(bundle: Path):
    """Real support bundles of clusters without a single GPU: `no_gpu`, saying what was looked at."""
    doc = analyse(bundle)
    assert doc["status"] == "no_gpu"
    assert doc["root_cause"] is None and doc["findings"] == []
    assert doc["scope"]["nodes"] >= 1 and doc["scope"]["pods"] >= 1
    assert all(v["status"] == "not_applicable" for v in doc["layers"].values())
    assert doc["collection"]["cluster_version"].startswith("v1.")


def test_same_bundle_same_json():
    scenario = FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
    a, b = analyse(scenario), analyse(scenario)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def test_rule_order_does_not_change_the_answer(monkeypatch):
    from triage.classify import rules
    scenario = FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle"
    first = analyse(scenario)
    original = rules.all_rules
    monkeypatch.setattr(rules, "all_rules", lambda: tuple(reversed(original())))
    import triage.classify.engine as engine
    monkeypatch.setattr(engine, "all_rules", lambda: tuple(reversed(original())))
    assert json.dumps(analyse(scenario), sort_keys=True) == json.dumps(first, sort_keys=True)


def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "triage.cli", *args], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])


def test_analyze_json_exit_status_problem():
    r = _cli("analyze", str(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"), "-o", "json")
    assert r.returncode == 3, r.stderr
    doc = json.loads(r.stdout)
    assert doc["schema"] == "gpu-triage.findings/v1"
    assert doc["root_cause"]["id"] == "plugin.nvml_unavailable"
    assert set(doc["root_cause"]["explains"]) >= {"node.gpu_not_advertised", "scheduler.insufficient_gpu"}
    assert doc["root_cause"]["playbook"] == "plugin/nvml_unavailable"
    ev = doc["root_cause"]["evidence"][0]
    assert ev["path"].endswith("nvidia-device-plugin.log") and ev["line"] == 2
    assert "could not load NVML library" in ev["excerpt"]


def test_analyze_no_gpu_exit_zero():
    bundle = sorted((CORPUS / "support-bundles").glob("*.tar.gz"))[0]
    r = _cli("analyze", str(bundle), "-o", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "no_gpu"


def test_analyze_bad_bundle_one_line_error(tmp_path):
    (tmp_path / "x.tar.gz").write_bytes(b"not a tarball")
    r = _cli("analyze", str(tmp_path / "x.tar.gz"), "-o", "json")
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_analyze_bad_target_is_usage_error():
    r = _cli("analyze", str(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"),
             "--target", "nonsense", "-o", "json")
    assert r.returncode == 2 and "KIND/NAMESPACE/NAME" in r.stderr


def test_target_overrides_manifest_and_picks_the_pod():
    from triage.classify.model import Subject
    scenario = FIXTURES / "scenarios" / "r029_sched_insufficient_gpu_no_preemption_victims" / "bundle"
    doc = analyse(scenario, Subject("Pod", "jupyter-alice", "research"))
    # the GPU holder runs, but the bundle has none of its output: its application layer is a gap
    # (its log), not a pass, so the pod is not called healthy on its phase alone
    assert doc["status"] == "inconclusive" and doc["target"]["name"] == "jupyter-alice"
    app = doc["layers"]["application"]
    assert app["status"] == "not_checked" and app["gaps"][0]["needs"] == "get pods/log in namespace research"


def test_insufficient_gpu_names_the_holder():
    doc = analyse(FIXTURES / "scenarios" / "r029_sched_insufficient_gpu_no_preemption_victims" / "bundle")
    assert doc["root_cause"]["params"]["holders"] == ["research/jupyter-alice"]


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if "near_miss_for" in
                                      json.loads((s / "expected.json").read_text())], ids=lambda p: p.name)
def test_near_miss_is_not_that_answer(scenario: Path):
    expected = json.loads((scenario / "expected.json").read_text())
    doc = analyse(scenario / "bundle")
    rc = doc["root_cause"]["id"] if doc["root_cause"] else None
    assert rc not in expected["near_miss_for"]
    for absent in expected.get("absent", ()):
        assert absent not in [f["id"] for f in doc["findings"]]


def _doc(name: str) -> dict:
    """The document of the scenario called `name` (or the one whose name ends with it)."""
    match = [p for p in SCENARIOS if p.name == name] or [p for p in SCENARIOS if p.name.endswith(name)]
    assert len(match) == 1, name
    return analyse(match[0] / "bundle")


def test_selector_label_absent_says_which_label_and_values():
    p = _doc("_selector_label_absent")["root_cause"]["params"]
    assert p["label"] == "nvidia.com/gpu.product"
    assert p["requested"] == ["NVIDIA-L4"] and p["values"] == ["NVIDIA-L4-SHARED"]


def test_taint_named_and_no_gpu_node_free_of_it():
    p = _doc("r057_sched_legacy_predicate_names_2018")["root_cause"]["params"]
    assert p["taint"] == "node-role.kubernetes.io/master:NoSchedule" and p["nodes"] == []


def test_hardware_xid_explains_reduced_allocatable_and_app_xid_stays_listed():
    doc = _doc("r062_dmesg_xid_43_31_94_mixed")
    assert doc["root_cause"]["id"] == "driver.xid_ecc_error" and doc["root_cause"]["params"]["xid"] == 94
    assert "node.gpu_unhealthy_devices" in doc["root_cause"]["explains"]
    app = next(f for f in doc["findings"] if f["id"] == "application.xid_application_fault")
    assert {e["line"] for e in app["evidence"]} == {4, 5, 8}     # the Xid 43, 43 and 31 lines


def test_cuda_driver_insufficient_without_gpu_request_is_not_a_driver_problem():
    doc = _doc("_gpu_not_requested_driver_insufficient")
    assert doc["root_cause"]["id"] == "application.gpu_not_requested"
    assert not any(f["layer"] == "driver" for f in doc["findings"])


def test_exit_137_without_oomkilled_is_sigkill_and_oomkilled_is_host_memory():
    assert _doc("r004_exit_137_reason_error_not_oomkilled")["root_cause"]["id"] == "application.killed_sigkill"
    oom = _doc("_oom_killed")["root_cause"]
    assert oom["id"] == "application.oom_killed" and oom["params"]["requested"] == "16Gi"


def test_release_checks_of_a_rolling_update():
    checks = {c["id"]: c["answer"] for c in _doc("r049_rolling_update_gpu_deadlock")["release_checks"]}
    assert checks["rollout_headroom"] == "no" and checks["rollback_revision_present"] == "yes"
    assert checks["gpu_resource_registered"] == "yes" and checks["probes_sized_for_load"] == "no"


def test_inventory_names_holders():
    inv = _doc("r029_sched_insufficient_gpu_no_preemption_victims")["inventory"]
    assert inv == [{"node": "gpu-node-1", "resource": "nvidia.com/gpu", "capacity": 1, "allocatable": 1,
                    "requested": 1, "free": 0, "unhealthy": 0, "ready": True,
                    "holders": [{"namespace": "research", "pod": "jupyter-alice", "count": 1, "phase": "Running"}]}]


def test_inconclusive_names_the_missing_permission():
    doc = _doc("_inconclusive_pending_without_nodes")
    assert doc["status"] == "inconclusive" and doc["root_cause"] is None
    assert "list nodes (cluster scope)" in [g["needs"] for g in doc["gaps"]]
    doc = _doc("_inconclusive_crashloop_without_logs")
    assert doc["status"] == "inconclusive"
    assert any(g["needs"] == "get pods/log in namespace ml" for g in doc["diagnoses"][0]["gaps"])


def test_fast_gpu_request_check_agrees_with_the_pod_view():
    from triage.classify.rules.context import raw_requests_gpu
    seen = 0
    for scenario in SCENARIOS:
        with load_bundle(scenario / "bundle") as b:
            for pod in b.pods():
                assert raw_requests_gpu(pod.raw) == pod.requests_gpu, (scenario.name, pod.name)
                seen += 1
    assert seen > 500


def test_analyze_warnings_only_exit_four():
    r = _cli("analyze", str(FIXTURES / "scenarios" / "r001_node_allocatable_7_of_8_xid94" / "bundle"), "-o", "json")
    doc = json.loads(r.stdout)
    assert doc["root_cause"]["severity"] == "warning" and r.returncode == 4


def test_analyze_inconclusive_exit_five():
    name = next(p.name for p in SCENARIOS if p.name.endswith("inconclusive_pending_without_nodes"))
    r = _cli("analyze", str(FIXTURES / "scenarios" / name / "bundle"), "-o", "json")
    assert r.returncode == 5 and json.loads(r.stdout)["status"] == "inconclusive"


def test_analyze_unknown_target_is_a_one_line_error():
    r = _cli("analyze", str(FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"),
             "--target", "Pod/ml/no-such-pod", "-o", "json")
    assert r.returncode == 1 and "no-such-pod" in r.stderr and r.stderr.count("\n") == 1


def test_analyze_renders_every_format_and_writes_reports(tmp_path):
    bundle = FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
    for fmt in ("text", "markdown", "html"):
        r = _cli("analyze", str(bundle), "-o", fmt)
        assert r.returncode == 3, r.stderr
        assert "nvml" in r.stdout.lower()
    r = _cli("analyze", str(bundle), "-o", "json", "--out", str(tmp_path / "out"))
    assert r.returncode == 3, r.stderr
    written = {p.name for p in (tmp_path / "out").iterdir()}
    assert {"report.md", "report.html", "findings.json"} <= written
    assert json.loads((tmp_path / "out" / "findings.json").read_text())["root_cause"]["id"] == "plugin.nvml_unavailable"


def test_committed_bundles_are_what_the_builder_writes(tmp_path):
    """The committed fixtures are reviewed data; the builder must reproduce them byte for byte."""
    from tests.classify.scenario_builder import all_scenarios, write_scenario
    chosen = [s for s in all_scenarios() if s.name.startswith(("r014_", "r049_", "r062_"))
              or s.name.endswith("healthy_vllm_serving")]
    assert len(chosen) == 4
    for s in chosen:
        fresh = write_scenario(s, tmp_path)
        committed = FIXTURES / "scenarios" / s.name
        a = sorted(p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file())
        b = sorted(p.relative_to(committed) for p in committed.rglob("*") if p.is_file())
        assert a == b, s.name
        for rel in a:
            assert (fresh / rel).read_bytes() == (committed / rel).read_bytes(), f"{s.name}/{rel}"


def test_tarball_and_directory_give_the_same_diagnosis(tmp_path):
    from triage.bundle.writer import BundleWriter
    src = FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
    tarball = BundleWriter(src).pack(tmp_path / "incident-0412.tar.gz")
    a, b = analyse(src), analyse(tarball)
    for key in ("status", "root_cause", "findings", "gaps", "diagnoses", "inventory"):
        assert a[key] == b[key], key
    # a tarball's sha256 is the file's; a directory's the sha256 of its sha256sum file list (42628c4)
    assert b["collection"]["bundle_sha256"] and a["collection"]["bundle_sha256"]


def test_root_cause_titles_have_every_param_filled():
    """Playbook titles are templates over params; a root cause's title must not show `<param>`."""
    import re
    if not (FIXTURES.parent / "playbooks").is_dir():
        pytest.skip("playbooks/ not present")
    for scenario in SCENARIOS:
        rc = analyse(scenario / "bundle")["root_cause"]
        if rc is not None:
            assert not re.search(r"<[a-z_]+>", rc["title"]), (scenario.name, rc["title"])
