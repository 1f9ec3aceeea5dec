"""Live audit: the demo cluster served by the replay server, `gpu-triage audit` through the
real Kubernetes client; the audit collection reads the quotas and PDBs a scan does not, so
the missing GPU quota and PDB are answered (fail), not left unchecked."""

from __future__ import annotations

import json

import pytest

from triage.cli import main
from triage.replay.server import ReplayServer
from triage.synth.demo_cluster import write_demo_bundle

pytestmark = pytest.mark.slow


def test_live_audit_of_the_demo_cluster(tmp_path, capsys):
    cluster = write_demo_bundle(tmp_path / "cluster")
    with ReplayServer(cluster) as srv:
        kubeconfig = srv.write_kubeconfig(tmp_path / "kubeconfig")
        status = main(["audit", "--kubeconfig", str(kubeconfig), "-A", "-o", "json", "--out", str(tmp_path / "out")])
    doc = json.loads(capsys.readouterr().out)
    items = {i["id"]: i for i in doc["items"]}
    assert status == 3 and len(items) == 24
    assert items["gpu_quota_per_namespace"]["status"] == "fail"
    assert items["pdb_on_inference"]["status"] == "fail"
    assert (tmp_path / "out" / "bundle" / "cluster-resources" / "resource-quota" / "llm.json").is_file()
    # the same items as the offline audit of the kept bundle
    assert main(["audit", str(tmp_path / "out" / "bundle"), "-o", "json"]) == 3
    again = json.loads(capsys.readouterr().out)
    assert [i["status"] for i in again["items"]] == [i["status"] for i in doc["items"]]
