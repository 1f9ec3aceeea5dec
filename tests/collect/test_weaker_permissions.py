"""Answers with a permission missing (issue 13): a refused access review is said, no gap
names a namespace that does not exist, and live `pod` reads enough of its owner to judge a
rolling update as offline analysis does. The official client against the replay server."""

from __future__ import annotations

import json
import re

from tests.collect.cluster_fixture import OPERATOR_NS, TRAINER
from tests.collect.helpers import run_collect, served
from tests.conftest import FIXTURES
from triage.cli import main
from triage.collect.run import Target, collect
from triage.collect.session import Options
from triage.replay.server import Faults, ReplayServer

NAMESPACES = {"llm", "web", OPERATOR_NS, "kube-system"}        # the fixture cluster's


def _analyze(capsys, bundle) -> dict:
    capsys.readouterr()
    main(["analyze", str(bundle), "-o", "json"])
    return json.loads(capsys.readouterr().out)


def test_a_refused_access_review_is_a_warning_and_a_gap_and_changes_no_verdict(tmp_path, capsys):
    with served(tmp_path / "a") as srv:
        plain, _ = run_collect(srv, tmp_path, name=TRAINER, out="plain")
    with served(tmp_path / "b", Faults(seed=1, forbidden={"selfsubjectaccessreviews.authorization.k8s.io"})) as srv:
        assert main(["collect", "pod", TRAINER, "-n", "llm", "--kubeconfig", srv.kubeconfig,
                     "-o", str(tmp_path / "refused")]) == 0
        err = capsys.readouterr().err
    assert "gpu-triage: warning: access review failed (Forbidden): cannot tell in advance what will be missing" in err
    manifest = json.loads((tmp_path / "refused" / "manifest.json").read_text())
    review_gaps = [g for g in manifest["gaps"] if g["collector"] == "access-review"]
    assert len(review_gaps) == 1
    assert review_gaps[0]["needs"] == "create selfsubjectaccessreviews.authorization.k8s.io at cluster scope"
    before, after = _analyze(capsys, plain.path), _analyze(capsys, tmp_path / "refused")
    assert (after["status"], after["root_cause"]["id"]) == (before["status"], before["root_cause"]["id"])


def _named_namespaces(texts) -> set[str]:
    return set(re.findall(r"namespace ([A-Za-z0-9_.-]+)", " ".join(texts)))


def test_no_gap_names_a_namespace_that_does_not_exist(tmp_path, capsys):
    # the stack DaemonSets (listed across namespaces) forbidden; the pods-on-node list stalled
    faults = Faults(seed=1, forbidden={"daemonsets.apps"}, stall_paths=("/api/v1/pods",), stall_seconds=3)
    with served(tmp_path, faults) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER, request_timeout=1)
    doc = _analyze(capsys, result.path)
    texts = [f"{g.get('needs')} {g.get('detail')}" for g in result.manifest["gaps"] + doc["gaps"]]
    texts += [f"{g.get('needs')} {g.get('detail')}" for layer in doc["layers"].values() if isinstance(layer, dict)
              for g in layer.get("gaps") or []]
    assert _named_namespaces(texts) <= NAMESPACES, texts
    assert any("list daemonsets.apps in all namespaces" in t or "list daemonsets in all namespaces" in t
               for t in texts), texts
    assert any("on node gpu-node-1" in t for t in texts), texts


def test_live_pod_of_a_rolling_update_names_the_rollout_as_offline_analysis_does(tmp_path, capsys):
    bundle = FIXTURES / "scenarios" / "r049_rolling_update_gpu_deadlock" / "bundle"
    offline = _analyze(capsys, bundle)
    with ReplayServer(bundle, port=0) as srv:
        kubeconfig = str(srv.write_kubeconfig(tmp_path / "kubeconfig", namespace="ml"))
        result = collect(Target("Pod", "ml", "vllm-6b7c9d-new12"), Options(kubeconfig=kubeconfig, exec=False),
                         tmp_path / "live")
        listed = [r for r in srv.requests if r.path == "/apis/apps/v1/namespaces/ml/replicasets"]
    live = _analyze(capsys, result.path)
    assert offline["root_cause"]["id"] == "scheduler.rollout_needs_extra_gpu"
    assert live["root_cause"]["id"] == offline["root_cause"]["id"]
    assert len(listed) == 1                       # the Deployment's ReplicaSets, read once
