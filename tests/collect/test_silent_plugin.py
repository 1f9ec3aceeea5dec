"""A pending GPU pod whose only candidate node is labelled for GPUs but advertises none:
the device plugin never registered, yet its pod looks healthy (Running, no restarts).
Collection must still read that plugin's log, because it is the evidence of the cause."""

from __future__ import annotations

import json

from triage.bundle import layout
from triage.collect.run import Target, collect
from triage.collect.session import Options
from triage.commands.analyze import analyze_document
from triage.replay.server import Faults, ReplayServer
from triage.synth.demo_cluster import write_demo_bundle

PLUGIN = "nvidia-device-plugin-daemonset-t2x8q"


def _quiet_plugin(root):
    """The demo cluster, with the T4 node's plugin pod Running and never restarted."""
    path = root / layout.namespaced_list("pods", "gpu-operator")
    doc = json.loads(path.read_text())
    for pod in doc["items"]:
        if pod["metadata"]["name"] == PLUGIN:
            for cs in pod["status"]["containerStatuses"]:
                cs.update(ready=True, restartCount=0, started=True, state={"running": {"startedAt": "2026-11-29T14:00:00Z"}})
                cs.pop("lastState", None)
            for cond in pod["status"].get("conditions", []):
                cond["status"] = "True"
    path.write_text(json.dumps(doc))
    prev = root / layout.container_log("gpu-operator", PLUGIN, "nvidia-device-plugin", previous=True)
    prev.unlink(missing_ok=True)
    return root


def test_plugin_log_of_a_gpu_node_advertising_no_gpu_is_collected_and_decides(tmp_path):
    src = _quiet_plugin(write_demo_bundle(tmp_path / "cluster"))
    with ReplayServer(src, port=0, faults=Faults(seed=1)) as srv:
        kubeconfig = str(srv.write_kubeconfig(tmp_path / "kubeconfig", namespace="llm"))
        result = collect(Target("Pod", "llm", "qwen-vllm-7d9f8c6b5-x2x4k"),
                         Options(kubeconfig=kubeconfig, namespace="llm", exec=False), tmp_path / "out")
    log = result.path / layout.container_log("gpu-operator", PLUGIN, "nvidia-device-plugin")
    assert "Failed to initialize NVML: could not load NVML library." in log.read_text()
    doc = analyze_document(result.path)
    assert doc["root_cause"]["id"] == "plugin.nvml_unavailable"
    assert "node.gpu_not_advertised" in doc["root_cause"]["explains"]
