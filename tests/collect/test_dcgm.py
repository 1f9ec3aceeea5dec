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
