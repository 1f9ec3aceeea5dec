"""scan and audit over several clusters: two bundles served by two replay servers, one
kubeconfig with a context for each; one report names both clusters, every text line carries
its cluster, and a cluster that cannot be reached is an error line of its own."""

from __future__ import annotations

import json

import pytest
import yaml

from triage.cli import main
from triage.replay.server import ReplayServer
from triage.synth.audit_cluster import write_audit_bundle
from triage.synth.demo_cluster import write_demo_bundle

pytestmark = pytest.mark.slow


def two_context_kubeconfig(path, servers: dict[str, str]):
    config = {"apiVersion": "v1", "kind": "Config", "current-context": next(iter(servers)),
              "clusters": [{"name": n, "cluster": {"server": url}} for n, url in servers.items()],
              "contexts": [{"name": n, "context": {"cluster": n, "user": n, "namespace": "default"}}
                           for n in servers],
              "users": [{"name": n, "user": {}} for n in servers]}
    path.write_text(yaml.safe_dump(config, sort_keys=False))
    return path


@pytest.fixture(scope="module")
def fleet(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fleet")
    with ReplayServer(write_demo_bundle(tmp / "eu")) as eu, ReplayServer(write_audit_bundle(tmp / "us")) as us:
        yield two_context_kubeconfig(tmp / "kubeconfig", {"prod-eu": eu.url, "prod-us": us.url}), tmp


def test_one_scan_report_names_both_clusters(fleet, capsys):
    kubeconfig, tmp = fleet
    status = main(["scan", "-A", "--kubeconfig", str(kubeconfig), "--context", "prod-eu", "--context", "prod-us",
                   "--out", str(tmp / "scan")])
    captured = capsys.readouterr()
    text = captured.out
    assert status == 3, captured.err
    lines = [line for line in text.splitlines() if line]
    assert all(line.startswith(("[prod-eu]", "[prod-us]")) for line in lines), text
    for cluster in ("prod-eu", "prod-us"):
        assert any(line.startswith(f"[{cluster}] ") and "plugin.nvml_unavailable" in line for line in lines), text
        assert (tmp / "scan" / cluster / "bundle" / "manifest.json").is_file()
    doc = json.loads((tmp / "scan" / "scan.json").read_text())
    assert [c["cluster"] for c in doc["clusters"]] == ["prod-eu", "prod-us"]
    assert all(c["document"]["root_cause"]["id"] for c in doc["clusters"])
    md = (tmp / "scan" / "scan.md").read_text()
    assert "## Cluster prod-eu" in md and "## Cluster prod-us" in md


def test_audit_over_every_context_is_one_report(fleet, capsys):
    kubeconfig, _tmp = fleet
    status = main(["audit", "-A", "--kubeconfig", str(kubeconfig), "--all-contexts", "-o", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert status == 3
    by = {c["cluster"]: c["document"] for c in doc["clusters"]}
    assert set(by) == {"prod-eu", "prod-us"} and all(d["cluster"] == c for c, d in by.items())
    taints = {c: next(i for i in d["items"] if i["id"] == "gpu_nodes_tainted")["status"] for c, d in by.items()}
    assert taints == {"prod-eu": "pass", "prod-us": "fail"}       # the planted untainted node is prod-us's


def test_an_unreachable_cluster_is_its_own_error_line(fleet, tmp_path, capsys):
    kubeconfig, _tmp = fleet
    config = yaml.safe_load(kubeconfig.read_text())
    config["clusters"][1]["cluster"]["server"] = "http://127.0.0.1:9"      # nothing listens there
    broken = tmp_path / "kubeconfig"
    broken.write_text(yaml.safe_dump(config))
    status = main(["scan", "-A", "--kubeconfig", str(broken), "--all-contexts", "--request-timeout", "2"])
    captured = capsys.readouterr()
    assert status == 1
    assert "[prod-us] error: cannot reach the API server" in captured.out
    assert any(line.startswith("[prod-eu] ") and "plugin.nvml_unavailable" in line for line in captured.out.splitlines())
