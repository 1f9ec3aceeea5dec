"""DCGM end to end: the collector reads the exporter's /metrics through the pod proxy of the
real replay server, with the real client, into gpu/nodes/<node>/dcgm.prom."""

from __future__ import annotations

from tests.collect.cluster_fixture import OPERATOR_NS, TRAINER
from tests.collect.helpers import gaps, run_collect, served
from tests.conftest import CORPUS
from triage.bundle import layout
from triage.replay.server import Faults

SCRAPE = (CORPUS / "dcgm/metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom").read_bytes()
PROXY = f"/api/v1/namespaces/{OPERATOR_NS}/pods/nvidia-dcgm-exporter-aaaaa:9400/proxy/metrics"


def _collectors(result) -> dict[str, dict]:
    return {c["name"]: c for c in result.manifest["collectors"]}


def test_target_pods_node_scrape_is_collected_byte_for_byte(tmp_path):
    with served(tmp_path, dcgm=SCRAPE) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)          # the trainer runs on gpu-node-1
        proxied = [r.path for r in srv.requests if "/proxy/" in r.path]
    assert proxied == [PROXY]
    assert (result.path / layout.node_dcgm("gpu-node-1")).read_bytes() == SCRAPE
    dcgm = _collectors(result)["dcgm"]
    assert (dcgm["status"], dcgm["files"]) == ("ok", [layout.node_dcgm("gpu-node-1")])
    assert not [g for g in gaps(result) if g[0] == "dcgm"]


def test_node_target_collects_its_exporters_scrape(tmp_path):
    with served(tmp_path, dcgm=SCRAPE) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Node", ns=None, name="gpu-node-1")
    assert (result.path / layout.node_dcgm("gpu-node-1")).read_bytes() == SCRAPE


def test_forbidden_pods_proxy_is_a_gap_naming_the_permission(tmp_path):
    with served(tmp_path, Faults(seed=1, forbidden={"pods/proxy"}), dcgm=SCRAPE) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)
    assert gaps(result) == [("dcgm", "Forbidden", f"get pods/proxy in namespace {OPERATOR_NS}")]
    assert not (result.path / layout.node_dcgm("gpu-node-1")).exists()
    assert (result.path / layout.errors_path(layout.node_dcgm("gpu-node-1"))).is_file()
    assert _collectors(result)["dcgm"]["status"] == "failed"
    # The access review said so before collecting, and everything else still came in.
    review = {(r["resource"], r["allowed"]) for r in result.manifest["access_review"]}
    assert ("pods/proxy", False) in review
    assert (result.path / layout.container_log("llm", TRAINER, "trainer", previous=True)).is_file()


XID_SCRAPE = (CORPUS / "dcgm/metrics-excerpt-xid-errors-count-t400-545.29.02-dcgm-exporter-pr239.prom").read_bytes()


def test_node_triage_names_the_xid_dcgm_saw_when_the_kernel_log_is_unavailable(tmp_path):
    """`gpu-triage node gpu-node-1` without exec (no dmesg): the exporter's windowed Xid 42
    (DCGM_FI_DEV_XID_ERRORS_ACTIVE{xid="42"} 1, a real T400 scrape) is the only Xid evidence."""
    from triage.commands.analyze import analyze_document
    with served(tmp_path, dcgm=XID_SCRAPE) as srv:
        result, _ = run_collect(srv, tmp_path, kind="Node", ns=None, name="gpu-node-1", exec=False)
    assert (result.path / layout.node_dcgm("gpu-node-1")).read_bytes() == XID_SCRAPE
    assert not (result.path / layout.node_dmesg("gpu-node-1")).exists()
    doc = analyze_document(result.path)
    xids = [f for f in doc["findings"] if str((f.get("params") or {}).get("xid")) == "42"]
    assert xids, [f["id"] for f in doc["findings"]]
    assert any(e["path"] == layout.node_dcgm("gpu-node-1") for e in xids[0]["evidence"])
