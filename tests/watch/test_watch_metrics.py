"""`gpu-triage watch` serves /metrics: scraped over HTTP during the end-to-end run (a separate
watcher process against the replay server) and parsed with prometheus_client's own parser,
the pending pod's findings appear (= 1, with its cluster, layer, severity, namespace, pod and
node) and go away when the pod is deleted; the scan duration is observed. deploy/watcher/
monitoring/ holds the ServiceMonitor and PrometheusRule that use these names."""

from __future__ import annotations

import copy
import json
import urllib.request

import yaml
from prometheus_client.parser import text_string_to_metric_families

from tests.conftest import REPO
from tests.notify.slack_standin import SlackStandIn
from tests.watch import cluster
from tests.watch.helpers import wait_for
from tests.watch.test_watch_command import WatchProcess
from triage.replay.server import ReplayServer

DELETE_AT = 8.0


def scrape(url: str) -> dict[str, list]:
    with urllib.request.urlopen(url, timeout=5) as resp:
        assert resp.status == 200 and resp.headers["Content-Type"].startswith("text/plain")
        text = resp.read().decode()
    return {fam.name: fam.samples for fam in text_string_to_metric_families(text)}


def open_findings(url: str) -> list[dict]:
    return [dict(s.labels) for s in scrape(url).get("gpu_triage_finding", []) if s.value == 1]


def test_a_finding_appears_on_metrics_and_goes_away_when_the_pod_is_deleted(tmp_path):
    bundle = cluster.build(tmp_path / "cluster", with_timeline=False)
    pod = copy.deepcopy(cluster.pending_pod("1200"))
    (bundle / "replay" / "timeline.json").parent.mkdir(parents=True, exist_ok=True)
    (bundle / "replay" / "timeline.json").write_text(json.dumps(
        [{"after_s": DELETE_AT, "type": "DELETED", "object": {**pod, "kind": "Pod"}, "apply": True}]))
    with ReplayServer(bundle) as srv, SlackStandIn() as slack:
        watcher = WatchProcess(srv.write_kubeconfig(str(tmp_path / "kubeconfig")), slack, tmp_path / "state.json")
        url = watcher.healthz_url.replace("/healthz", "/metrics")
        try:
            assert wait_for(lambda: open_findings(url), DELETE_AT - 1), watcher.stderr
            found = open_findings(url)
            nvml = [f for f in found if f["id"] == "plugin.nvml_unavailable"]
            assert nvml == [{"cluster": "replay", "id": "plugin.nvml_unavailable", "layer": "plugin",
                             "severity": "error", "namespace": cluster.NS, "pod": cluster.POD,
                             "node": cluster.NODE}], found
            families = scrape(url)
            roots = [dict(s.labels) for s in families["gpu_triage_root_cause"] if s.value == 1]
            assert [r["id"] for r in roots] == ["plugin.nvml_unavailable"]
            count = next(s.value for s in families["gpu_triage_scan_duration_seconds"]
                         if s.name == "gpu_triage_scan_duration_seconds_count")
            assert count >= 1
            # the pod is deleted: nothing of it stays open
            assert wait_for(lambda: not open_findings(url), DELETE_AT + 20), (open_findings(url), watcher.stderr)
            assert not [s for s in scrape(url).get("gpu_triage_root_cause", []) if s.value == 1]
        finally:
            rc, _ = watcher.terminate()
    assert rc == 0, watcher.stderr


def test_the_prometheus_rule_alerts_on_the_metrics_the_watcher_serves():
    folder = REPO / "deploy" / "watcher" / "monitoring"
    listed = yaml.safe_load((folder / "kustomization.yaml").read_text())["resources"]
    assert sorted(listed) == sorted(p.name for p in folder.glob("*.yaml") if p.name != "kustomization.yaml")
    rule = yaml.safe_load((folder / "prometheusrule.yaml").read_text())
    exprs = {r.get("alert") or r.get("record"): r["expr"] for g in rule["spec"]["groups"] for r in g["rules"]}
    layers = {"driver", "runtime", "plugin", "node", "scheduler", "application"}
    for layer in layers:      # one root-cause alert per layer
        assert any(f'gpu_triage_root_cause{{layer="{layer}"}}' in e for e in exprs.values()), layer
    assert "gpu_triage_finding" in exprs["GPUTriageXidFinding"] and "xid" in exprs["GPUTriageXidFinding"]
    assert "DCGM_FI_DEV_GPU_UTIL" in exprs["gpu_triage:allocated_gpu_idle_share:2h"]
    monitor = yaml.safe_load((folder / "servicemonitor.yaml").read_text())
    service = yaml.safe_load((folder / "service.yaml").read_text())
    assert monitor["spec"]["endpoints"][0]["path"] == "/metrics"
    assert monitor["spec"]["selector"]["matchLabels"].items() <= service["metadata"]["labels"].items()
    deployment = yaml.safe_load((REPO / "deploy" / "watcher" / "deployment.yaml").read_text())
    assert service["spec"]["selector"].items() <= deployment["spec"]["template"]["metadata"]["labels"].items()
