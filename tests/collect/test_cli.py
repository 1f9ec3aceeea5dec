"""The live commands: collect into a bundle, then the same analysis as `gpu-triage analyze`."""

from __future__ import annotations

import json

from triage.cli import main
from tests.collect.cluster_fixture import PENDING, TRAINER
from tests.collect.helpers import served


def test_live_pod_analyses_what_it_collected_and_keeps_it_with_out(tmp_path, capsys):
    out = tmp_path / "report"
    with served(tmp_path) as srv:
        code = main(["pod", PENDING, "-n", "llm", "--kubeconfig", srv.kubeconfig, "-o", "json", "--out", str(out)])
    doc = json.loads(capsys.readouterr().out)
    assert doc["target"] == {"kind": "Pod", "name": PENDING, "namespace": "llm"}
    assert doc["root_cause"]["layer"] == "scheduler"                    # a Pending pod's verdict
    assert code == 3                                                    # cli.md: a problem was diagnosed
    manifest = json.loads((out / "bundle" / "manifest.json").read_text())
    assert manifest["target"]["name"] == PENDING
    # Evidence cited by the analysis exists in the bundle the live command kept.
    for ev in doc["root_cause"]["evidence"]:
        assert (out / "bundle" / ev["path"]).is_file(), ev


def test_live_commands_share_flags_and_refuse_bad_usage(tmp_path, capsys):
    with served(tmp_path) as srv:
        assert main(["workload", "cronjob/x", "-n", "llm", "--kubeconfig", srv.kubeconfig]) == 2
        assert "workload must be KIND/NAME" in capsys.readouterr().err
        assert main(["pod", TRAINER, "-A", "--kubeconfig", srv.kubeconfig]) == 2
        assert "-A applies to scan only" in capsys.readouterr().err
        assert main(["pod", "ghost", "-n", "llm", "--kubeconfig", srv.kubeconfig]) == 1
        assert capsys.readouterr().err.strip() == "gpu-triage: error: pod ghost not found in namespace llm"


def test_namespace_defaults_to_the_kubeconfig_context(tmp_path, capsys):
    with served(tmp_path) as srv:            # the served kubeconfig's context namespace is llm
        code = main(["collect", "pod", TRAINER, "--kubeconfig", srv.kubeconfig, "-o", str(tmp_path / "b")])
    assert code == 0
    assert (tmp_path / "b" / "cluster-resources" / "pods" / "llm.json").is_file()


def test_live_node_finds_the_xid_it_read_through_the_driver_pod(tmp_path, capsys):
    """End to end: the Xid lines exist only inside the driver pod (exec); the diagnosis cites them."""
    with served(tmp_path) as srv:
        code = main(["node", "gpu-node-2", "--kubeconfig", srv.kubeconfig, "-o", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 3
    assert doc["root_cause"]["layer"] == "driver"
    assert "gpu/nodes/gpu-node-2/dmesg.log" in {ev["path"] for ev in doc["root_cause"]["evidence"]}
