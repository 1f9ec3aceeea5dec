"""`collect pod` of a pod that kube-scheduler holds back for its gang (spec.schedulingGroup): the
other unbound members of the same pod group and their events are collected (one extra list,
asked only for a pod that has a group), so the diagnosis can name the member whose own message
says why. Against the replay server with the official client; a pod of no group asks nothing more."""

from __future__ import annotations

import json

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML, base, pending_pod
from triage.bundle import layout
from triage.collect.run import Target, collect
from triage.collect.session import Options
from triage.commands.analyze import analyze_document
from triage.replay.server import Faults, ReplayServer

SHORT = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
         "affinity/selector.")


def _cluster(tmp_path, group: bool = True):
    w = base(World("gang-live"), gpus=8)
    for name, message in (("trainer-0", "minCount (2) cannot be satisfied: 1 scheduled, 0 remaining"),
                          ("trainer-1", SHORT)):
        p = pending_pod(w, name, message, gpu=8)
        if group:
            p["spec"]["schedulingGroup"] = {"podGroupName": "trainer"}
    pending_pod(w, "other-0", SHORT, gpu=8)          # pending too, in no group: not a member
    w.target("Pod", ML, "trainer-0")
    return w.write(tmp_path / "cluster")


def _collect(src, tmp_path):
    with ReplayServer(src, port=0, faults=Faults(seed=1)) as srv:
        kubeconfig = str(srv.write_kubeconfig(tmp_path / "kubeconfig", namespace=ML))
        result = collect(Target("Pod", ML, "trainer-0"), Options(kubeconfig=kubeconfig, namespace=ML, exec=False),
                         tmp_path / "out")
        unbound_lists = [r for r in srv.requests if r.path == f"/api/v1/namespaces/{ML}/pods"
                         and "fieldSelector=spec.nodeName%3D&" in r.query + "&"]     # spec.nodeName= (unbound)
    return result, unbound_lists


def test_the_other_members_of_a_held_back_pods_group_are_collected_and_name_the_blocker(tmp_path):
    result, lists = _collect(_cluster(tmp_path), tmp_path)
    assert len(lists) == 1, lists
    names = {p["metadata"]["name"] for p in json.loads(
        (result.path / layout.namespaced_list("pods", ML)).read_text())["items"]}
    assert names == {"trainer-0", "trainer-1"}
    events = json.loads((result.path / layout.namespaced_list("events", ML)).read_text())["items"]
    assert any(e["involvedObject"]["name"] == "trainer-1" and e["reason"] == "FailedScheduling" for e in events)
    rc = analyze_document(result.path)["root_cause"]
    assert rc["id"] == "scheduler.gang_incomplete" and rc["params"]["blocker"] == "trainer-1", rc


def test_a_pending_pod_of_no_group_asks_for_no_unbound_pods(tmp_path):
    _result, lists = _collect(_cluster(tmp_path, group=False), tmp_path)
    assert lists == []
