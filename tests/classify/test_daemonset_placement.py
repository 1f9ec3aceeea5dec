"""DaemonSets meant for GPU nodes that the DaemonSet controller keeps off a GPU node (rules/
scheduler_daemonsets.py): nothing reports it but the objects themselves (no pod, no Pending pod, no
event; pkg/controller/daemon nodeShouldRunDaemonPod), so the state decides it.

- a GPU agent that selects NFD's `pci-10de.present` on a cluster where no node carries it wants no
  pod anywhere: the node asked about is a GPU node of that agent, not "no GPU";
- the DCGM exporter selecting a GPU node whose NoSchedule taint it does not tolerate gets no pod
  there, unless its pod was placed before the taint (the controller leaves a running pod);
- controls: an AMD agent on an NVIDIA cluster, and a GPU pod asked about on the exporter's node.
"""

from __future__ import annotations

from tests.classify.first_contact_common import ds_status
from tests.classify.scenario_builder import World, diagnosis_of, finding_ids

_NS = "gpustack-system"
_GPU_TAINT = {"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}


def _template_only(w: World, ns: str, name: str, **kw) -> dict:
    p = w.pod(ns, f"{name}-template", gpu=0, owner=("DaemonSet", name), **kw)
    w.pods[ns].remove(p)                      # a template: the controller created no pod
    return p


def _agent_ds(w: World, label: str, desired: int = 0) -> dict:
    tmpl = _template_only(w, _NS, "gpustack-worker", image="gpustack/gpustack:v2.2.0", containers=("gpustack-worker",),
                          node_selector={label: "true"})
    tmpl["spec"]["volumes"] = [{"name": "dp", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}]
    ds = w.workload("DaemonSet", _NS, "gpustack-worker", template_pod=tmpl, status=ds_status(desired, desired, desired))
    ds["spec"].pop("replicas", None)
    return ds


def test_a_gpu_agent_selecting_a_label_no_node_carries_makes_the_asked_node_a_gpu_node_that_misses_it(tmp_path):
    w = World("gpu-agent-nfd-label-absent")
    w.node("k3s-server-01", gpus=None, taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    w.node("gpu-node-01", gpus=None)
    _agent_ds(w, "feature.node.kubernetes.io/pci-10de.present")
    w.target("Node", None, "gpu-node-01")
    doc = diagnosis_of(w, tmp_path)
    assert doc["status"] != "no_gpu", doc["status"]
    f = next(f for f in doc["findings"] if f["id"] == "scheduler.selector_label_absent")
    assert f["params"]["daemonset"] == "gpustack-worker" and f["params"]["node"] == "gpu-node-01"
    assert f["params"]["label"] == "feature.node.kubernetes.io/pci-10de.present" and f["params"]["device_plugin"]
    assert "nodeSelector" in f["evidence"][0]["excerpt"] and f["certainty"] == "inferred"


def test_an_amd_agent_that_wants_no_pod_on_an_nvidia_cluster_misses_nothing(tmp_path):
    w = World("amd-agent-on-nvidia-cluster")
    w.gpu_node("gpu-node-01", gpus=1)
    _agent_ds(w, "feature.node.kubernetes.io/pci-1002.present")
    w.target("Node", None, "gpu-node-01")
    doc = diagnosis_of(w, tmp_path)
    assert "scheduler.selector_label_absent" not in finding_ids(doc), finding_ids(doc)
    assert doc["status"] == "healthy", doc["status"]


def _exporter_world(name: str, *, placed_before_taint: bool, target: str) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1, taints=[_GPU_TAINT])
    tol = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]
    if placed_before_taint:
        tmpl = w.pod("monitoring", "dcgm-exporter-x7k2p", node="gpu-node-1", gpu=0, owner=("DaemonSet", "dcgm-exporter"),
                     image="nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04", tolerations=tol)
        status = ds_status(1, 1, 1)
    else:
        tmpl = _template_only(w, "monitoring", "dcgm-exporter", image="nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04",
                              tolerations=tol)
        status = ds_status(0, 0, 0)
    ds = w.workload("DaemonSet", "monitoring", "dcgm-exporter", template_pod=tmpl, status=status)
    ds["spec"].pop("replicas", None)
    w.pod("ml", "trainer-0", node="gpu-node-1", gpu=1, tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists"}])
    w.target(*(("Node", None, "gpu-node-1") if target == "node" else ("Pod", "ml", "trainer-0")))
    return w


def test_the_dcgm_exporter_kept_off_a_tainted_gpu_node_is_that_nodes_untolerated_taint(tmp_path):
    doc = diagnosis_of(_exporter_world("exporter-untolerated", placed_before_taint=False, target="node"), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.untolerated_taint", finding_ids(doc)
    p = doc["root_cause"]["params"]
    assert p["daemonset"] == "dcgm-exporter" and p["taint"] == "nvidia.com/gpu=true:NoSchedule"
    assert doc["root_cause"]["title"].startswith("DaemonSet monitoring/dcgm-exporter runs no pod on gpu-node-1")
    # the node's finding is at the scheduler layer: that layer applies to the node and is the root's
    assert doc["layers"]["scheduler"]["status"] == "root", doc["layers"]["scheduler"]


def test_an_exporter_pod_placed_before_the_taint_keeps_running_and_is_no_finding(tmp_path):
    doc = diagnosis_of(_exporter_world("exporter-placed-before", placed_before_taint=True, target="node"), tmp_path)
    assert "scheduler.untolerated_taint" not in finding_ids(doc), finding_ids(doc)


def test_the_exporters_absence_is_no_finding_about_a_gpu_pod_on_that_node(tmp_path):
    doc = diagnosis_of(_exporter_world("exporter-pod-asked", placed_before_taint=False, target="pod"), tmp_path)
    assert "scheduler.untolerated_taint" not in finding_ids(doc), finding_ids(doc)
