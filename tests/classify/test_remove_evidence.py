"""Remove one piece of evidence, diagnose again: the answer may lose certainty, never honesty.

For every committed scenario whose expected status is `problem`, each evidence file on the
root cause's path -- the files the root cause cites, plus the files read by the checks of the
root's layer and of the layers between it and the target (a pod or workload target: scheduler
down to the root's layer; a node target: node down to it) -- is removed, alone, from a copy of
the bundle, and the bundle is diagnosed again. Acceptable outcomes:

* the same root cause (other evidence still shows it);
* INCONCLUSIVE, with a gap or a not_checked layer naming the removed file's layer;
* PROBLEM whose root is a more superficial symptom (scheduler or node layer), with the removed
  file's layer not_checked.

Never HEALTHY (or no_gpu), and never a layer that lost its only evidence still `passed`. A list
that serves several layers (pods/<ns>.json, events/<ns>.json: `piece_layer` names none) may
have any of the outcomes above, whichever layer they name.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.classify.test_scenarios import SCENARIOS, analyse
from triage.bundle.views import load_bundle
from triage.classify.coverage import piece_layer
from triage.classify.model import LAYER_ORDER
from triage.classify.rules.context import Context

pytestmark = pytest.mark.slow

ORDER = [layer.value for layer in LAYER_ORDER]
SUPERFICIAL = ("scheduler", "node")
NOT_EVIDENCE = {"manifest.json", "cluster-info/cluster_version.json"}   # a removed manifest is another test

# (scenario, removed file) -> why the engine's answer is wrong today; strict: remove once fixed.
KNOWN_WRONG: dict[tuple[str, str], str] = {
    ('r043_rt_legacy_libcuda_missing_non_gpu_node',
     'cluster-resources/events/kube-system.json'):
        'runtime.start_failed_unrecognised at runtime, list not not_checked (was runtime.container_cli_init_failed)',
    ('r043_rt_legacy_libcuda_missing_non_gpu_node',
     'cluster-resources/pods/kube-system.json'):
        'plugin.not_running at plugin, list not not_checked (was runtime.container_cli_init_failed)',
    ('r046_probe_liveness_404_killed',
     'cluster-resources/events/ml.json'):
        'application.killed_sigkill at application, list not not_checked (was application.probe_killed_during_startup)',
    ('r047_probe_startup_503_killed_mid_load',
     'cluster-resources/events/ml.json'):
        'application.killed_sigkill at application, list not not_checked (was application.probe_killed_during_startup)',
    ('r050_rt_no_runtime_for_nvidia_configured',
     'cluster-resources/events/gpu-operator.json'):
        'plugin.not_running at plugin, list not not_checked (was runtime.runtime_handler_missing)',
    ('s020_autoscaler_no_scale_up',
     'cluster-resources/events/ml.json'):
        'scheduler.insufficient_gpu, no layer not_checked (was scheduler.autoscaler_no_scale_up)',
}


def _layer_evidence(doc: dict, layer: str) -> set[str]:
    return {p for c in doc["layers"][layer]["checks"] for p in c["evidence"]}


def _root_path_files(doc: dict) -> list[str]:
    rc = doc["root_cause"]
    start = ORDER.index("node") if (doc.get("target") or {}).get("kind") == "Node" else 0
    files = {ev["path"] for ev in rc["evidence"]}
    for layer in ORDER[start:ORDER.index(rc["layer"]) + 1]:
        files |= _layer_evidence(doc, layer)
    return sorted(files - NOT_EVIDENCE)


def _roles(bundle: Path) -> dict[tuple[str, str], str]:
    with load_bundle(bundle) as b:
        return {(p.namespace or "", p.name): role for role, p in Context(b).stack_pods}


BASELINES: dict[str, dict] = {}


def _cases():
    out = []
    for scenario in SCENARIOS:
        if json.loads((scenario / "expected.json").read_text())["status"] != "problem":
            continue
        doc = analyse(scenario / "bundle")
        if doc["root_cause"] is None:      # test_scenarios says so; nothing to remove from here
            continue
        BASELINES[scenario.name] = doc
        roles = _roles(scenario / "bundle")
        for path in _root_path_files(doc):
            layer = piece_layer(path.rsplit(".", 1)[0] if "." in path.rsplit("/", 1)[-1] else path, roles)
            key = (scenario.name, path)
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN_WRONG[key])] if key in KNOWN_WRONG else []
            out.append(pytest.param(scenario, path, layer, id=f"{scenario.name}:{path}", marks=marks))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def bundle_copy(tmp_path_factory):
    """One copy of each scenario's bundle, reused by all its removals (each restores its file)."""
    copies: dict[str, Path] = {}

    def get(scenario: Path) -> Path:
        if scenario.name not in copies:
            dest = tmp_path_factory.mktemp(scenario.name) / "bundle"
            shutil.copytree(scenario / "bundle", dest)
            copies[scenario.name] = dest
        return copies[scenario.name]
    return get


def judge(before: dict, after: dict, removed: str, layer: str, present: set[str]) -> list[str]:
    """What is dishonest or wrong about `after` (the diagnosis without `removed`); [] if nothing."""
    wrong: list[str] = []
    status = after["status"]
    if status in ("healthy", "no_gpu"):
        wrong.append(f"status {status}")
    for name, verdict in after["layers"].items():
        if verdict["status"] != "passed":
            continue
        if _layer_evidence(before, name) == {removed}:
            wrong.append(f"{name} lost its only evidence and is still passed")
        elif not (_layer_evidence(after, name) & present):
            wrong.append(f"{name} passed with no evidence left in the bundle")
    if wrong:
        return wrong

    rc_before, rc_after = before["root_cause"], after["root_cause"]
    if rc_after is not None and rc_after["id"] == rc_before["id"]:
        return []
    not_checked = {n for n, v in after["layers"].items() if v["status"] == "not_checked"}
    gap_layers = {g.get("layer") or "" for g in after["gaps"]}
    gap_layers |= {g.get("layer") or n for n, v in after["layers"].items() for g in v["gaps"]}
    if status == "inconclusive":
        if layer:
            if layer in not_checked or layer in gap_layers:
                return []
            return [f"inconclusive, but neither a gap nor a not_checked layer names {layer}"]
        return [] if (not_checked or after["gaps"]) else ["inconclusive without a gap or a not_checked layer"]
    if status == "problem":
        got = f"{rc_after['id']} ({rc_after['layer']})" if rc_after else "no root"
        if rc_after is None or rc_after["layer"] not in SUPERFICIAL:
            return [f"problem with another root {got}, not a superficial symptom"]
        if layer and layer not in not_checked:
            return [f"problem {got}, but {layer} is {after['layers'][layer]['status']}, not not_checked"]
        if not layer and not not_checked:
            return [f"problem {got}, but no layer is not_checked"]
        return []
    return [f"status {status}"]


@pytest.mark.parametrize("scenario,removed,layer", CASES)
def test_removing_one_evidence_file_keeps_the_answer_honest(scenario: Path, removed: str, layer: str,
                                                             bundle_copy):
    bundle = bundle_copy(scenario)
    target = bundle / removed
    aside = bundle.parent / "removed.tmp"
    target.rename(aside)
    try:
        after = analyse(bundle)
        present = {p.relative_to(bundle).as_posix() for p in bundle.rglob("*") if p.is_file()}
    finally:
        aside.rename(target)
    before = BASELINES[scenario.name]
    wrong = judge(before, after, removed, layer, present)
    rc = after["root_cause"]
    assert not wrong, (f"without {removed} ({layer or 'list'}): expected {before['root_cause']['id']}, or inconclusive"
                       f"/a superficial root naming {layer or 'a layer'}; got {after['status']} "
                       f"{rc['id'] if rc else None}; layers "
                       f"{ {n: v['status'] for n, v in after['layers'].items()} }: {wrong}")
