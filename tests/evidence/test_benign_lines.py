"""Healthy look-alikes (`triage.evidence.benign_lines`): no signature that maps to a finding
fires on a line a component prints on a healthy start or a harmless fallback, and a healthy
cluster whose logs carry every one of them is diagnosed healthy, end to end."""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import OPERATOR_NS, World
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.classify.rules import application, driver, plugin, runtime
from triage.evidence.benign_lines import BENIGN_SAMPLES, by_role
from triage.evidence.log_facts import NORMAL_KINDS
from triage.evidence.log_scan import scan_log
from triage.render.json import findings_document


def judged_kinds() -> set[str]:
    """Fact kinds some data rule (a PATTERNS row) or the no-GPU rule turns into a finding."""
    rows = {p.kind for m in (plugin, runtime, driver, application) for p in m.PATTERNS}
    return rows | set(application.NO_GPU_KINDS)


def firing(line: str) -> list[str]:
    judged = judged_kinds()
    return [f.kind.value for f in scan_log(line) if f.kind.value in judged and f.kind not in NORMAL_KINDS]


@pytest.mark.parametrize("benign", BENIGN_SAMPLES, ids=[f"{b.role}:{b.line[:48]}" for b in BENIGN_SAMPLES])
def test_no_finding_signature_fires_on_a_benign_line(benign):
    assert firing(benign.line) == [], (benign.component, benign.source)


def test_benign_table_is_well_formed():
    roles = {"device-plugin", "dra-plugin", "gfd", "toolkit", "validator", "driver", "kernel", "mig-manager",
             "dcgm-exporter", "workload"}
    assert {b.role for b in BENIGN_SAMPLES} == roles
    for b in BENIGN_SAMPLES:
        assert b.component and b.source and "\n" not in b.line
    assert len({b.line for b in BENIGN_SAMPLES}) == len(BENIGN_SAMPLES)


NODE = "gpu-node-1"
ML = "ml"


def _world(with_benign: bool) -> World:
    w = World("benign-look-alikes")
    w.gpu_node(NODE, gpus=1, labels={"nvidia.com/gpu.deploy.mig-manager": "true",
                                     "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                                     "nvidia.com/mig.config": "all-disabled", "nvidia.com/mig.config.state": "success"})
    for app, container in (("nvidia-mig-manager", "nvidia-mig-manager"), ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter")):
        w.pod(OPERATOR_NS, f"{app}-k2x9d", node=NODE, gpu=0, containers=(container,),
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.pod(ML, "server-0", node=NODE, containers=("server",), owner=("StatefulSet", "server"))
    logs = {
        "device-plugin": (w.stack(NODE, "device-plugin"), "nvidia-device-plugin"),
        "gfd": (w.stack(NODE, "gfd"), "gpu-feature-discovery"),
        "toolkit": (w.stack(NODE, "toolkit"), "nvidia-container-toolkit-ctr"),
        "validator": (w.stack(NODE, "validator"), "nvidia-operator-validator"),
        "driver": (w.stack(NODE, "driver"), "nvidia-driver-ctr"),
        "mig-manager": ("nvidia-mig-manager-k2x9d", "nvidia-mig-manager"),
        "dcgm-exporter": ("nvidia-dcgm-exporter-k2x9d", "nvidia-dcgm-exporter"),
    }
    for role, (pod, container) in logs.items():
        base = w.logs.get((OPERATOR_NS, pod, container, False), "")
        extra = "".join(b.line + "\n" for b in by_role(role)) if with_benign else ""
        if base or extra:
            w.log(OPERATOR_NS, pod, container, base + extra)
    if with_benign:
        w.log(ML, "server-0", "server", "".join(b.line + "\n" for b in by_role("workload")))
        kernel = "".join(b.line + "\n" for b in by_role("kernel"))
        w.dmesg(NODE, kernel)
        # the driver container echoes the module loader's lines on some distributions: read there too
        driver_pod, driver_ctr = logs["driver"]
        w.log(OPERATOR_NS, driver_pod, driver_ctr, w.logs[(OPERATOR_NS, driver_pod, driver_ctr, False)] + kernel)
    w.target("Pod", ML, "server-0")
    return w


def _diagnose(w: World, tmp_path, name: str) -> dict:
    out = w.write(tmp_path / name)
    with load_bundle(out) as b:
        return findings_document(diagnose(b, None), b)


def test_healthy_cluster_with_every_benign_line_has_no_finding(tmp_path):
    baseline = _diagnose(_world(False), tmp_path, "baseline")
    assert baseline["findings"] == [], [f["id"] for f in baseline["findings"]]
    doc = _diagnose(_world(True), tmp_path, "benign")
    assert [(f["id"], [e["excerpt"] for e in f["evidence"]]) for f in doc["findings"]] == []
    assert doc["status"] == "healthy"
