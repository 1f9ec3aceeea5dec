"""Shared test helpers: where the corpus and fixtures live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"


def _find_shared() -> Path:
    env = os.environ.get("GPU_TRIAGE_SHARED")
    candidates = [Path(env)] if env else []
    candidates += [REPO.parent / "shared", REPO.parent.parent / "shared"]
    for c in candidates:
        if (c / "corpus").is_dir():
            return c
    raise RuntimeError("shared/ (with corpus/) not found beside the repository; set GPU_TRIAGE_SHARED")


SHARED = _find_shared()
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus() -> Path:
    return CORPUS


# The fast tier (`pytest -m "not slow"`, a minute on 2 cores is its budget) is the in-process tests.
# Whole modules that start servers, subprocesses or a browser belong to the slow tier (still run
# by CI and by plain `pytest`); single tests elsewhere mark themselves `@pytest.mark.slow`.
SLOW_MODULES = ("tests/watch/", "tests/replay/", "tests/collect/", "tests/test_demo.py", "tests/test_deploy.py",
                "tests/test_cli.py", "tests/test_honest_verdict.py", "tests/render/test_browser.py",
                "tests/notify/", "tests/classify/test_exec_gap.py", "tests/test_live_report.py")


# tests that run the CLI in a subprocess (an interpreter start each), and the heaviest in-process ones
SLOW_TESTS = (# every mutation of a fixture bundle's JSON through the whole analysis (~4 s), every mutated
              # nvidia-smi corpus file (~3 s), every JSON shape through the inventory (~2 s); the hostile
              # inputs of each parser stay in the fast tier
              "tests/classify/test_hostile_bundles.py",
              "tests/evidence/test_nvidia_smi_properties.py::test_mutated_corpus_files",
              "tests/evidence/test_inventory.py::test_any_json_shape_gives_an_inventory",
"tests/classify/test_scenarios.py::test_analyze_",
              # every fixture's report through both text layouts (~10 s)
              "tests/render/test_plain.py::test_every_fixture_report_prints_rich_s_bytes_without_rich",
              # every rendering of every scenario (~15 s)
              "tests/classify/test_runnable_playbooks.py::test_no_placeholder_survives_in_any_command",
              # every catalogued sample mutated at every position (~10 s); arbitrary bytes and
              # hostile long lines stay in the fast tier
              "tests/evidence/test_log_signatures.py::test_mutated_samples_never_raise",
              # every first-contact bundle diagnosed (~6 s)
              "tests/classify/test_first_contact_regression.py",
              # every batch's texts and threads against every other's (~5 s for 39 batches)
              "tests/classify/test_first_contact_batches.py",
              # every scenario diagnosed again to render its root cause's title (~2 s)
              "tests/classify/test_scenarios.py::test_root_cause_titles_have_every_param_filled",
              # 100 MB lines through each non-bundle reader (~1 s each)
              "tests/inputs/test_bug_report.py::test_a_report_with_a_100_mb_line",
              "tests/inputs/test_host_smi.py::test_a_100_mb_line",
              "tests/inputs/test_inspect.py::test_a_100_mb_line")


# the two first-contact modules build a parameter per bundle of every batch (~950), and the
# evidence-removal module diagnoses every scenario to build its own: all their tests are slow
WHOLLY_SLOW = SLOW_MODULES + ("tests/classify/test_first_contact_regression.py",
                              "tests/classify/test_first_contact_batches.py")


def pytest_ignore_collect(collection_path, config):
    """A run that deselects the slow tier (`-m "not slow"`) does not import the modules whose every
    test is slow (WHOLLY_SLOW, or `pytestmark = pytest.mark.slow` at their top): importing them
    builds their parameters for nothing (the evidence-removal module diagnoses 148 scenarios to
    name its cases, ~4 s of every fast run). Any other mark expression collects everything."""
    if (config.getoption("markexpr", "") or "").replace(" ", "") != "notslow":
        return None
    path = Path(collection_path)
    try:
        rel = path.resolve().relative_to(REPO).as_posix()
    except ValueError:
        return None
    if path.is_dir():
        return True if any(m.endswith("/") and rel + "/" == m for m in WHOLLY_SLOW) else None
    if path.suffix != ".py" or not path.name.startswith("test_"):
        return None
    if rel.startswith(WHOLLY_SLOW):
        return True
    try:
        head = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return True if "\npytestmark = pytest.mark.slow" in head else None


def pytest_collection_modifyitems(config, items):
    root = Path(__file__).resolve().parent.parent
    for item in items:
        rel = Path(str(item.fspath)).resolve().relative_to(root).as_posix()
        if rel.startswith(SLOW_MODULES) or f"{rel}::{item.name}".startswith(SLOW_TESTS):
            item.add_marker(pytest.mark.slow)
