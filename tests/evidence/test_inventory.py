"""GPU inventory combiner over hand-built Node/Pod views and a written bundle, plus the
pasted `kubectl describe node` parsers over real corpus text."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.conftest import CORPUS
from tests.evidence.real_cases import CASES
from triage.bundle import layout
from triage.bundle.objects.node import Node
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.taints import Taint
from triage.bundle.views import load_bundle
from triage.bundle.writer import BundleWriter
from triage.evidence.inventory import (
    AllocatableState as S, DescribedResources, GpuHolder, build_inventory, kubelet_stopped_reporting,
    parse_describe_conditions, parse_describe_resources, parse_node_column)

NODES_SRC = "cluster-resources/nodes.json"


def node_raw(name, capacity=None, allocatable=None, labels=None, ready="True", taints=None, unschedulable=False):
    return {"metadata": {"name": name, "labels": labels or {}},
            "spec": {"taints": taints or [], "unschedulable": unschedulable},
            "status": {"capacity": capacity or {}, "allocatable": allocatable or {},
                       "conditions": [{"type": "Ready", "status": ready}]}}


def pod_raw(name, node, gpus=None, phase="Running", ns="ml", init_gpus=None):
    def res(g):
        return {"limits": dict(g)} if g else {}
    spec = {"nodeName": node, "containers": [{"name": "app", "resources": res(gpus)}]}
    if init_gpus:
        spec["initContainers"] = [{"name": "init", "resources": res(init_gpus)}]
    return {"metadata": {"name": name, "namespace": ns}, "spec": spec, "status": {"phase": phase}}


def nodes(*raws):
    return [Node(r, NODES_SRC) for r in raws]


def pods(*raws):
    return [Pod(r, f"cluster-resources/pods/{r['metadata']['namespace']}.json") for r in raws]


GPU = "nvidia.com/gpu"


def test_reduced_allocatable_with_holders_and_terminal_pods_not_counted():
    inv = build_inventory(
        nodes(node_raw("gpu-a", {GPU: "8"}, {GPU: "7"})),
        pods(pod_raw("train-0", "gpu-a", {GPU: "4"}),
             pod_raw("serve-0", "gpu-a", {GPU: "2"}, phase="Pending"),
             pod_raw("done-0", "gpu-a", {GPU: "8"}, phase="Succeeded"),
             pod_raw("crashed-0", "gpu-a", {GPU: "8"}, phase="Failed"),
             pod_raw("cpu-only", "gpu-a", {"cpu": "4"}),
             pod_raw("elsewhere", "gpu-z", {GPU: "1"})))
    row = inv.node("gpu-a").resource(GPU)
    assert (row.capacity, row.allocatable, row.state, row.unhealthy) == (8, 7, S.REDUCED, 1)
    assert (row.requested, row.free) == (6, 1)
    assert row.holders == (GpuHolder("ml", "serve-0", 2, "Pending"), GpuHolder("ml", "train-0", 4, "Running"))
    assert inv.node("gpu-z") is None          # a pod on a node that is not in the node list


def test_absent_zero_and_full_are_told_apart():
    inv = build_inventory(nodes(
        node_raw("absent", {"cpu": "32"}, {"cpu": "32"}, labels={"nvidia.com/gpu.present": "true"}),
        node_raw("zero", {GPU: "0"}, {GPU: "0"}),
        node_raw("full", {GPU: "4"}, {GPU: "4"}),
        node_raw("cpu", {"cpu": "8"}, {"cpu": "8"})), [])
    assert [n.node for n in inv.nodes] == ["absent", "zero", "full"]    # the CPU node is not listed
    absent = inv.node("absent").resource(GPU)
    assert (absent.state, absent.capacity, absent.allocatable, absent.free) == (S.ABSENT, None, None, None)
    assert inv.node("absent").labels.present is True
    zero = inv.node("zero").resource(GPU)
    assert (zero.state, zero.unhealthy, zero.free) == (S.ZERO, 0, 0)
    assert inv.node("full").resource(GPU).state is S.FULL
    assert len(build_inventory(nodes(node_raw("cpu", {"cpu": "8"})), [], all_nodes=True).nodes) == 1


def test_mig_mixed_strategy_resources_and_labels():
    labels = {"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "all-balanced",
              "nvidia.com/mig.config.state": "success", "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-80GB",
              "nvidia.com/gpu.memory": "81920", "nvidia.com/gpu.count": "1",
              "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.mig-manager": "true"}
    caps = {"nvidia.com/mig-1g.10gb": "2", "nvidia.com/mig-2g.20gb": "1", "nvidia.com/mig-3g.40gb": "1"}
    inv = build_inventory(nodes(node_raw("a100", caps, caps, labels)),
                          pods(pod_raw("small", "a100", {"nvidia.com/mig-1g.10gb": "1"}),
                               pod_raw("big", "a100", {"nvidia.com/mig-3g.40gb": "1"})))
    n = inv.node("a100")
    # mixed strategy: no plain nvidia.com/gpu row is invented next to the MIG resources
    assert [r.resource for r in n.resources] == sorted(caps)
    assert [(r.resource, r.requested, r.free) for r in n.resources] == [
        ("nvidia.com/mig-1g.10gb", 1, 1), ("nvidia.com/mig-2g.20gb", 0, 1), ("nvidia.com/mig-3g.40gb", 1, 0)]
    assert (n.labels.mig_strategy, n.labels.mig_config, n.labels.mig_config_state) == ("mixed", "all-balanced", "success")
    assert (n.labels.product, n.labels.memory_mib, n.labels.count) == ("NVIDIA-A100-SXM4-80GB", 81920, 1)
    assert n.labels.deploy_value("mig-manager") == "true" and n.labels.deploy_value("dcgm") is None


def test_time_slicing_shared_resource_and_legacy_name():
    labels = {"nvidia.com/gpu.product": "NVIDIA-A10G-SHARED", "nvidia.com/gpu.replicas": "4",
              "nvidia.com/gpu.sharing-strategy": "time-slicing"}
    inv = build_inventory(
        nodes(node_raw("a10g", {"nvidia.com/gpu.shared": "4"}, {"nvidia.com/gpu.shared": "4"}, labels),
              node_raw("old", {"alpha.kubernetes.io/nvidia-gpu": "2"}, {"alpha.kubernetes.io/nvidia-gpu": "2"})),
        pods(pod_raw("s1", "a10g", {"nvidia.com/gpu.shared": "1"}), pod_raw("s2", "a10g", {"nvidia.com/gpu.shared": "1"}),
             pod_raw("legacy", "old", {"alpha.kubernetes.io/nvidia-gpu": "1"})))
    shared = inv.node("a10g").resource("nvidia.com/gpu.shared")
    assert (shared.requested, shared.free) == (2, 2)
    assert inv.node("a10g").resource(GPU) is None
    assert (inv.node("a10g").labels.replicas, inv.node("a10g").labels.sharing_strategy) == (4, "time-slicing")
    assert inv.node("old").resource("alpha.kubernetes.io/nvidia-gpu").free == 1


def test_node_state_taints_and_init_container_max():
    taint = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
    inv = build_inventory(nodes(node_raw("g", {GPU: "2"}, {GPU: "2"}, ready="False", taints=[taint],
                                         unschedulable=True)),
                          pods(pod_raw("p", "g", {GPU: "1"}, init_gpus={GPU: "2"})))
    n = inv.node("g")
    assert (n.ready, n.unschedulable, n.taints) == (False, True, (Taint("nvidia.com/gpu", "present", "NoSchedule"),))
    assert n.resource(GPU).requested == 2 and n.resource(GPU).ready is False


def test_gpu_pod_on_a_node_without_the_resource_is_overcommitted():
    inv = build_inventory(nodes(node_raw("plain", {"cpu": "8"}, {"cpu": "8"})),
                          pods(pod_raw("lost", "plain", {GPU: "1"})))
    row = inv.node("plain").resource(GPU)
    assert (row.state, row.requested, row.overcommitted) == (S.ABSENT, 1, True)


def test_to_json_has_the_findings_inventory_shape():
    inv = build_inventory(nodes(node_raw("gpu-a", {GPU: "8"}, {GPU: "7"})), pods(pod_raw("t", "gpu-a", {GPU: "3"})))
    assert inv.to_json() == [{"node": "gpu-a", "resource": GPU, "capacity": 8, "allocatable": 7, "requested": 3,
                              "free": 4, "unhealthy": 1, "ready": True,
                              "holders": [{"namespace": "ml", "pod": "t", "count": 3, "phase": "Running"}]}]


def test_from_a_written_bundle(tmp_path):
    w = BundleWriter(tmp_path / "b")
    w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList",
                                "items": [node_raw("gpu-a", {GPU: "8"}, {GPU: "8"})]})
    w.write_json(layout.namespaced_list("pods", "ml"), {"apiVersion": "v1", "kind": "PodList",
                                                        "items": [pod_raw("t", "gpu-a", {GPU: "8"})]})
    w.write_json(layout.namespaced_list("pods", "team"), {"apiVersion": "v1", "kind": "PodList",
                                                          "items": [pod_raw("u", "gpu-a", {GPU: "1"}, ns="team",
                                                                            phase="Succeeded")]})
    with load_bundle(tmp_path / "b") as bundle:
        inv = build_inventory(bundle)
    row = inv.node("gpu-a").resource(GPU)
    assert (row.requested, row.free, [h.pod for h in row.holders]) == (8, 0, ["t"])
    assert inv.node("gpu-a").source == layout.NODES


def test_malformed_objects_do_not_break_the_combiner():
    bad_nodes = [Node({"metadata": {"name": "x"}, "status": {"capacity": ["not", "a", "map"],
                                                           "allocatable": {GPU: "lots"}}}, NODES_SRC),
                 Node({}, NODES_SRC)]
    bad_pods = [Pod({"spec": {"nodeName": "x", "containers": ["junk", {"resources": {"limits": [1]}}]}}, "p"),
                Pod({"spec": "junk"}, "p"), Pod({"status": {"phase": None}}, "p")]
    inv = build_inventory(bad_nodes, bad_pods)
    assert inv.node("x").resource(GPU).allocatable == 0


# ---- pasted kubectl text ------------------------------------------------------------------------------

def test_real_describe_node_reduced_allocatable():
    d = parse_describe_resources(CASES["node-allocatable-7-of-8-xid94"]["text"])
    assert (d.capacity_of(GPU), d.allocatable_of(GPU), d.state(GPU)) == (8, 7, S.REDUCED)
    assert d.capacity_of("pods") == 110 and d.gpu_resources == (GPU,)


def test_real_grep_of_describe_with_zero_gpus():
    d = parse_describe_resources(CASES["node-gpu-capacity-zero-plugin-crashloop"]["text"])
    # the label line nvidia.com/gpu=true is not a quantity; capacity, allocatable, then the allocated table
    assert (d.capacity_of(GPU), d.allocatable_of(GPU), d.requested_of(GPU), d.state()) == (0, 0, 0, S.ZERO)


def test_real_custom_columns_none_is_absent():
    (row,) = parse_node_column(CASES["node-minikube-no-gpu-allocatable"]["text"])
    assert (row.node, row.value) == ("minikube", None)


def test_real_conditions_unknown_means_kubelet_stopped():
    conds = parse_describe_conditions(CASES["node-kubelet-stopped-posting-status"]["text"])
    assert [c.type for c in conds] == ["OutOfDisk", "MemoryPressure", "DiskPressure"]
    assert {(c.status, c.reason) for c in conds} == {("Unknown", "NodeStatusUnknown")}
    assert kubelet_stopped_reporting(conds)


def test_full_describe_node_sections():
    text = """Name:               gpu-3
Labels:             nvidia.com/gpu.count=8
Annotations:        node.alpha.kubernetes.io/ttl: 0
Capacity:
  cpu:                96
  nvidia.com/gpu:     8
Allocatable:
  cpu:                95500m
Allocated resources:
  (Total limits may be over 100 percent, i.e., overcommitted.)
  Resource           Requests       Limits
  --------           --------       ------
  cpu                12 (12%)       0 (0%)
  nvidia.com/gpu     6              6
Events:              <none>
"""
    d = parse_describe_resources(text)
    assert d.capacity_of(GPU) == 8 and d.allocatable_of(GPU) is None and d.state(GPU) is S.ABSENT
    assert d.allocatable_of("cpu") == 95 and d.requested_of(GPU) == 6 and d.requested_of("cpu") == 12
    assert d.capacity_of("node.alpha.kubernetes.io/ttl") is None   # annotations are not resources


@given(st.text(max_size=600))
@settings(max_examples=300, deadline=None)
def test_arbitrary_text(text):
    d = parse_describe_resources(text)
    assert d is None or isinstance(d, DescribedResources)
    parse_node_column(text)
    parse_describe_conditions(text)


@given(st.sampled_from(["node-allocatable-7-of-8-xid94", "node-gpu-capacity-zero-plugin-crashloop",
                        "node-kubelet-stopped-posting-status", "node-minikube-no-gpu-allocatable"]),
       st.integers(0, 2000), st.integers(0, 40), st.text(max_size=20))
@settings(max_examples=300, deadline=None)
def test_mutated_real_texts(case_id, pos, cut, insert):
    t = CASES[case_id]["text"]
    pos %= len(t) + 1
    mutated = t[:pos] + insert + t[pos + cut:]
    d = parse_describe_resources(mutated)
    assert d is None or d.state() in set(S)
    parse_node_column(mutated)
    parse_describe_conditions(mutated)


def test_real_support_bundle_without_gpus_has_an_empty_inventory():
    with load_bundle(CORPUS / "support-bundles" / "troubleshoot-testdata-k3s.tar.gz") as bundle:
        assert build_inventory(bundle).nodes == ()
        (node,) = build_inventory(bundle, all_nodes=True).nodes
    assert (node.node, node.ready, node.resources) == ("k3d-mycluster-server-0", True, ())


# a bundle is untrusted: any JSON shape where a node or pod belongs must not break the combiner
_LEAF = st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(["", "1", "2", "x", "Running", "Failed", "1Gi"])
_KEYS = st.sampled_from([GPU, "nvidia.com/mig-1g.10gb", "cpu", "limits", "requests", "resources", "containers",
                         "initContainers", "spec", "status", "metadata", "name", "namespace", "nodeName", "phase",
                         "capacity", "allocatable", "labels", "conditions", "type", "taints", "key", "env",
                         "volumeMounts", "command", "nvidia.com/gpu.present", "nvidia.com/gpu.count"])
_JSON = st.recursive(_LEAF, lambda ch: st.lists(ch, max_size=3) | st.dictionaries(_KEYS, ch, max_size=4), max_leaves=12)
_CONTAINER = st.fixed_dictionaries({"resources": st.fixed_dictionaries({"limits": st.dictionaries(_KEYS, _JSON,
                                                                                                   max_size=3)}) | _JSON,
                                    "env": _JSON, "volumeMounts": _JSON, "command": _JSON}) | _JSON
_POD = st.fixed_dictionaries({"metadata": _JSON, "status": _JSON, "spec": st.fixed_dictionaries(
    {"nodeName": st.sampled_from(["n", ""]) | _JSON, "containers": st.lists(_CONTAINER, max_size=2) | _JSON,
     "initContainers": st.lists(_CONTAINER, max_size=2) | _JSON}) | _JSON})
_NODE = st.fixed_dictionaries({"metadata": st.fixed_dictionaries({"name": st.just("n"), "labels": _JSON}) | _JSON,
                               "spec": _JSON, "status": st.fixed_dictionaries(
                                   {"capacity": _JSON, "allocatable": _JSON, "conditions": _JSON}) | _JSON})


@given(st.lists(_NODE, max_size=2), st.lists(_POD, max_size=3))
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
def test_any_json_shape_gives_an_inventory(raw_nodes, raw_pods):
    inv = build_inventory(nodes(*raw_nodes), [Pod(p, "p") for p in raw_pods], all_nodes=True)
    for row in inv.rows():
        assert row.requested >= 0 and (row.free is None or row.free >= 0)
    json.dumps(inv.to_json())


def test_where_a_gpu_is_free_and_cluster_totals():
    taint = {"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}
    inv = build_inventory(
        nodes(node_raw("busy", {GPU: "8"}, {GPU: "8"}), node_raw("sick", {GPU: "8"}, {GPU: "6"}),
              node_raw("down", {GPU: "4"}, {GPU: "4"}, ready="False"),
              node_raw("cordoned", {GPU: "4"}, {GPU: "4"}, unschedulable=True, taints=[taint])),
        pods(pod_raw("a", "busy", {GPU: "8"}), pod_raw("b", "sick", {GPU: "4"})))
    assert inv.nodes_with_free(GPU) == ("sick",)
    assert inv.nodes_with_free(GPU, at_least=3) == ()
    assert inv.nodes_with_free(GPU, at_least=3, schedulable_only=False) == ("down", "cordoned")
    t = inv.total(GPU)
    assert (t.nodes, t.capacity, t.allocatable, t.requested, t.free, t.unhealthy) == (4, 24, 22, 12, 10, 2)
