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


def test_gpu_triage_rbac_covers_every_request_a_live_audit_makes(tmp_path, capsys):
    from tests.collect.test_rbac import _allowed, _namespace_of, _request_to_permission
    from triage.collect.audit import collect_audit
    from triage.collect.session import Options
    from triage.commands.rbac import manifests
    docs = manifests(None, None)
    cluster = write_demo_bundle(tmp_path / "cluster")
    with ReplayServer(cluster) as srv:
        kubeconfig = srv.write_kubeconfig(tmp_path / "kubeconfig")
        collect_audit(Options(kubeconfig=str(kubeconfig)), tmp_path / "bundle")
        requests = list(srv.requests)
    missing = set()
    for r in requests:
        perm = _request_to_permission(r.method, r.path)
        ns = _namespace_of(r.path)
        rules = [rule for d in docs if d["kind"] == "ClusterRole" or d["metadata"].get("namespace") == ns
                 for rule in d["rules"]]
        if perm and not _allowed(rules, *perm):
            missing.add((*perm, ns))
    assert missing == set()
    asked = {(_request_to_permission(r.method, r.path) or ("", "", ""))[2] for r in requests}
    assert {"priorityclasses", "horizontalpodautoscalers", "prometheusrules", "resourcequotas"} <= asked
