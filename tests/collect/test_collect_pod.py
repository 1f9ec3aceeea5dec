"""`collect pod` against the replay server (real client, real HTTP): the bundle holds
what a diagnosis needs, byte for byte, and nothing a single-pod triage should not fetch;
the server's request log proves it only read."""

from __future__ import annotations

from triage.bundle import layout
from triage.bundle.views import load_bundle
from tests.collect.cluster_fixture import (DMESG_COMMAND, NVIDIA_SMI, NVIDIA_SMI_XML, OOM_LOG, OPERATOR_NS,
                                           PENDING, PLUGIN_XID_LOG, TRAINER, XID_DMESG)
from tests.collect.helpers import gaps, items_by_name, read_json, run_collect, served, source_object

LLM_PODS = layout.namespaced_list("pods", "llm")
OP_PODS = layout.namespaced_list("pods", OPERATOR_NS)


def _only_reads(requests) -> None:
    for r in requests:
        if r.method == "POST":
            assert r.path == "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", r
        else:
            assert r.method == "GET", r


def _no_cluster_wide_pod_list(requests) -> None:
    for r in requests:
        if r.path == "/api/v1/pods":
            assert "fieldSelector=spec.nodeName" in r.query, f"cluster-wide pod list: {r}"


def test_running_pod_bundle_holds_logs_exec_and_stack_verbatim(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, name=TRAINER)
        requests = list(srv.requests)
    root = result.path
    # The crashed instance's CUDA OOM, byte for byte, and the current log.
    assert (root / layout.container_log("llm", TRAINER, "trainer", previous=True)).read_text() == OOM_LOG
    assert (root / layout.container_log("llm", TRAINER, "trainer")).read_text() == "Epoch 3: loading shard 17\n"
    # nvidia-smi inside the target container, text and XML, verbatim with exit code 0.
    smi = layout.exec_paths("llm", TRAINER, "trainer", "nvidia-smi")
    assert (root / smi.stdout).read_text() == NVIDIA_SMI
    assert read_json(root, smi.meta) == {"command": ["nvidia-smi"], "exit_code": 0, "error": None}
    xml = layout.exec_paths("llm", TRAINER, "trainer", "nvidia-smi-q-x")
    assert (root / xml.stdout).read_text() == NVIDIA_SMI_XML
    # The node's GPU stack, found in namespace nvidia-system by labels: every container's log,
    # init containers included; nvidia-smi and dmesg in the driver pod.
    for pod, container in (("nvidia-device-plugin-daemonset-aaaaa", "nvidia-device-plugin"),
                           ("nvidia-device-plugin-daemonset-aaaaa", "toolkit-validation"),
                           ("nvidia-operator-validator-aaaaa", "driver-validation"),
                           ("nvidia-operator-validator-aaaaa", "cuda-validation"),
                           ("nvidia-driver-daemonset-aaaaa", "nvidia-driver-ctr"),
                           ("gpu-feature-discovery-aaaaa", "gpu-feature-discovery")):
        assert (root / layout.container_log(OPERATOR_NS, pod, container)).is_file(), (pod, container)
    drv = layout.exec_paths(OPERATOR_NS, "nvidia-driver-daemonset-aaaaa", "nvidia-driver-ctr", "nvidia-smi")
    assert (root / drv.stdout).read_text() == NVIDIA_SMI
    dmesg = layout.exec_paths(OPERATOR_NS, "nvidia-driver-daemonset-aaaaa", "nvidia-driver-ctr",
                              layout.command_slug(DMESG_COMMAND))
    assert read_json(root, dmesg.meta)["exit_code"] == 1          # grep found no NVRM/Xid line
    # Objects are what the API returned (this pod has nothing to redact).
    got = items_by_name(root, LLM_PODS)[TRAINER]
    assert (got.pop("kind"), got.pop("apiVersion")) == ("Pod", "v1")   # a GET answers with kind, a list without
    assert got == source_object(tmp_path, LLM_PODS, TRAINER)
    assert set(items_by_name(root, layout.NODES)) == {"gpu-node-1"}
    assert "llama-train" in items_by_name(root, layout.namespaced_list("statefulsets", "llm"))
    # Nothing a single-pod triage should not have: no CPU pods, not the other GPU node's stack.
    assert not (root / layout.namespaced_list("pods", "web")).exists()
    assert "nvidia-driver-daemonset-bbbbb" not in items_by_name(root, OP_PODS)
    assert gaps(result) == []
    _only_reads(requests)
    _no_cluster_wide_pod_list(requests)
    assert not any("/namespaces/web/" in r.path for r in requests)


def test_pending_pod_follows_owners_events_and_candidate_nodes(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, name=PENDING)
        requests = list(srv.requests)
    root = result.path
    events = read_json(root, layout.namespaced_list("events", "llm"))["items"]
    reasons = {(e["involvedObject"]["kind"], e["reason"]) for e in events}
    # The scheduler's verdict on the pod, and the controllers' own events (quota rejections live there).
    assert ("Pod", "FailedScheduling") in reasons
    assert ("ReplicaSet", "SuccessfulCreate") in reasons and ("Deployment", "ScalingReplicaSet") in reasons
    assert ("Pod", "BackOff") not in reasons                      # another pod's event: not ours
    assert "qwen-vllm-7d9f5c6b8" in items_by_name(root, layout.namespaced_list("replicasets", "llm"))
    assert "qwen-vllm" in items_by_name(root, layout.namespaced_list("deployments", "llm"))
    assert "gpu-quota" in items_by_name(root, layout.namespaced_list("resource-quota", "llm"))
    assert "qwen-vllm" in items_by_name(root, layout.namespaced_list("pod-disruption-budgets", "llm"))
    # Candidates: the GPU nodes matching its nodeSelector, never the CPU or control-plane nodes.
    assert set(items_by_name(root, layout.NODES)) == {"gpu-node-1", "gpu-node-2"}
    # Who holds the GPUs on the candidates: the trainer (8 GPUs on gpu-node-1).
    assert TRAINER in items_by_name(root, LLM_PODS)
    # gpu-node-2 lost a GPU (allocatable 7 < capacity 8): its plugin log and Xid lines are fetched.
    plugin = layout.container_log(OPERATOR_NS, "nvidia-device-plugin-daemonset-bbbbb", "nvidia-device-plugin")
    assert (root / plugin).read_text() == PLUGIN_XID_LOG
    assert (root / layout.node_dmesg("gpu-node-2")).read_text() == XID_DMESG
    # A healthy candidate gets no logs and no exec (bounded work for a pending pod).
    assert not (root / layout.container_log(OPERATOR_NS, "nvidia-device-plugin-daemonset-aaaaa",
                                            "nvidia-device-plugin")).exists()
    assert not (root / layout.node_dmesg("gpu-node-1")).exists()
    # ClusterPolicy, as troubleshoot stores a cluster-scoped custom resource.
    assert read_json(root, layout.custom_resource("clusterpolicies.nvidia.com"))[0]["kind"] == "ClusterPolicy"
    _only_reads(requests)
    _no_cluster_wide_pod_list(requests)
    # A pending pod has no logs and no node to exec on: nothing asked for.
    assert not any(r.path.startswith(f"/api/v1/namespaces/llm/pods/{PENDING}/") for r in requests)


def test_collected_bundle_reads_back_and_names_its_target(tmp_path):
    with served(tmp_path) as srv:
        result, _ = run_collect(srv, tmp_path, name=PENDING)
    manifest = result.manifest
    assert manifest["target"] == {"kind": "Pod", "namespace": "llm", "name": PENDING}
    assert manifest["format"] == "gpu-triage-bundle" and manifest["version"] == 1
    assert manifest["collection"]["budget_exceeded"] is False
    assert all(r["allowed"] for r in manifest["access_review"])
    with load_bundle(result.path) as bundle:
        assert bundle.problems == () or not bundle.problems
        pods = {p.name for p in bundle.pods("llm")}
        assert {PENDING, TRAINER} <= pods
        assert {n.name for n in bundle.nodes()} == {"gpu-node-1", "gpu-node-2"}
