"""Reading a bundle costs at most its bounds (reader.Limits), whatever its files hold, and
says what it cut: a log of one huge line, an events list of many items, a pod whose name is
megabytes long. The answer still comes. Sizes here are small, with the bounds lowered the
way a user lowers them (Limits, or GPU_TRIAGE_LIMIT_* in the environment)."""

from __future__ import annotations

import json
import shutil

import pytest

from tests.conftest import FIXTURES
from triage.bundle.reader import DEFAULT_LIMITS, Limits
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.errors import BundleError
from triage.render.json import dumps, findings_document

R014 = FIXTURES / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
R049 = FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle"


def _analyze(work, limits):
    with load_bundle(work, limits) as b:
        doc = findings_document(diagnose(b), b)
    assert doc["status"] in ("problem", "healthy", "inconclusive")
    return doc, {p["path"]: p["detail"] for p in doc["collection"]["problems"]}


def test_a_log_of_one_huge_line_is_read_from_its_end_and_cut(tmp_path):
    work = tmp_path / "b"
    shutil.copytree(R014, work)
    log = next(work.glob("cluster-resources/pods/logs/**/nvidia-device-plugin.log"))
    real = log.read_text()
    log.write_text("a" * (3 << 20) + "\n" + real)          # 3 MiB on one line, then the real lines
    doc, problems = _analyze(work, Limits(max_text_bytes=1 << 20, max_line_chars=4096))
    rel = log.relative_to(work).as_posix()
    assert problems[rel].startswith("read the last 1.0 MiB of 3.0 MiB")
    expected = json.loads((R014.parent / "expected.json").read_text())["root_cause"]
    assert doc["root_cause"]["id"] == expected        # the real lines at the end still decide
    whole, _ = _analyze(R014, DEFAULT_LIMITS)
    lines = [e.get("line") for e in doc["root_cause"]["evidence"] if e.get("path") == rel]
    assert lines and lines == [n + 1 for n in (e.get("line") for e in whole["root_cause"]["evidence"]
                                               if e.get("path") == rel)]     # the huge line is line 1
    with load_bundle(work, Limits(max_text_bytes=1 << 20, max_line_chars=4096)) as b:
        lines = b.read_text(rel).lines
    assert max(map(len, lines)) <= 4096


def test_a_log_of_many_lines_keeps_its_last_ones(tmp_path):
    work = tmp_path / "b"
    shutil.copytree(R014, work)
    log = next(work.glob("cluster-resources/pods/logs/**/nvidia-device-plugin.log"))
    real = log.read_text()
    log.write_text("noise\n" * 50_000 + real)
    doc, problems = _analyze(work, Limits(max_text_lines=1000))
    rel = log.relative_to(work).as_posix()
    assert problems[rel].startswith("read the last 1000 of ")
    expected = json.loads((R014.parent / "expected.json").read_text())["root_cause"]
    assert doc["root_cause"]["id"] == expected
    # citations keep the file's own line numbers
    whole, _ = _analyze(R014, DEFAULT_LIMITS)
    cited = [(e["path"], e.get("line")) for e in doc["root_cause"]["evidence"] if e.get("path") == rel]
    cited_whole = [(e["path"], (e.get("line") or 0) + 50_000) for e in whole["root_cause"]["evidence"]
                   if e.get("path") == rel]
    assert cited and cited == cited_whole


def test_an_events_list_past_its_bound_keeps_its_first_items_and_says_so(tmp_path):
    work = tmp_path / "b"
    shutil.copytree(R049, work)
    path = next(work.glob("cluster-resources/events/*.json"))
    doc = json.loads(path.read_text())
    doc["items"] = doc["items"] + [dict(doc["items"][0], metadata={"name": f"ev{i}"}) for i in range(3000)]
    path.write_text(json.dumps(doc))
    rel = path.relative_to(work).as_posix()
    _, problems = _analyze(work, Limits(max_events=500))
    assert problems[rel].startswith("read the first 500 of")
    _, problems = _analyze(work, Limits(max_json_bytes=64 * 1024))      # read item by item, not as a whole
    assert problems[rel].startswith("read the first ") and "64.0 KiB" in problems[rel]


def test_a_megabyte_pod_name_is_cut_and_not_repeated_into_the_report(tmp_path):
    work = tmp_path / "b"
    shutil.copytree(R049, work)
    pods = next(work.glob("cluster-resources/pods/*.json"))
    names = [p["metadata"]["name"] for p in json.loads(pods.read_text())["items"]]
    for f in work.rglob("*.json"):
        text = f.read_text()
        for n in names:
            text = text.replace(f'"{n}"', f'"{n}{"x" * (1 << 20)}"')
        f.write_text(text)
    doc, problems = _analyze(work, DEFAULT_LIMITS)
    assert "names longer than 253 characters cut" in problems.values()
    assert len(dumps(doc)) < 200_000           # was 14 copies of each name


def test_the_bounds_come_from_the_environment_too():
    limits = Limits.from_env({"GPU_TRIAGE_LIMIT_MAX_TEXT_BYTES": "1024", "GPU_TRIAGE_LIMIT_MAX_RATIO": "50"})
    assert (limits.max_text_bytes, limits.max_ratio, limits.max_events) == (1024, 50.0, DEFAULT_LIMITS.max_events)
    with pytest.raises(BundleError, match="GPU_TRIAGE_LIMIT_MAX_ITEMS"):
        Limits.from_env({"GPU_TRIAGE_LIMIT_MAX_ITEMS": "many"})


def test_the_default_bounds_fit_a_2_gb_container():
    d = DEFAULT_LIMITS
    assert d.max_total_bytes <= 1024**3            # unpacked into $TMPDIR, which may be memory
    assert d.max_ratio <= 200                      # a 9.7 MB tarball may no longer unpack 1.5 GiB
    assert d.max_json_bytes <= 64 * 1024**2 and d.max_text_bytes <= 8 * 1024**2
