"""`gpu-triage slack scan.json` on a several-cluster scan (gpu-triage.fleet/v1): one message
per cluster, each naming its cluster; a cluster that could not be read posts nothing."""

from __future__ import annotations

import json

from triage.cli import main
from triage.commands.analyze import analyze_document
from triage.fleet import ClusterResult
from triage.render.fleet import fleet_document
from triage.synth.audit_cluster import write_audit_bundle
from triage.synth.demo_cluster import write_demo_bundle


def test_each_cluster_of_a_fleet_scan_is_its_own_message_naming_it(tmp_path, capsys):
    eu = analyze_document(str(write_demo_bundle(tmp_path / "eu")))
    us = analyze_document(str(write_audit_bundle(tmp_path / "us")))
    results = [ClusterResult("prod-eu", eu, 3), ClusterResult("prod-us", us, 3),
               ClusterResult("lab", None, 1, "cannot reach the API server")]
    path = tmp_path / "scan.json"
    path.write_text(json.dumps(fleet_document(results, "scan")))
    assert main(["slack", str(path), "--dry-run"]) == 0
    messages = json.loads(capsys.readouterr().out)
    assert len(messages) == 2
    for message, cluster in zip(messages, ("prod-eu", "prod-us")):
        text = json.dumps(message)
        assert cluster in text and ("prod-us" if cluster == "prod-eu" else "prod-eu") not in text
