"""A firing scenario for every taxonomy id the real cases do not already cover, a near miss
for every id (a world that looks alike where that id must not be the answer), healthy
clusters, and worlds where missing evidence makes the answer inconclusive.

Texts come from the corpus where it has them (Xid lines, nvidia-smi outputs) or follow
the real message formats of the components (kubelet, scheduler, device plugin, driver
container); each README says which. `expected` is reasoned from the world built.
"""

from __future__ import annotations

import re

from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, Scenario, World
from tests.classify.scenarios_real import (ML, crash_pod, crashing, expect, init_stuck, node_subj, pending_pod,
                                           pod_subj, stack_crash)
from tests.conftest import CORPUS

SMI_LOAD = CORPUS / "nvidia-smi" / "text" / "h100-80gb-hbm3-590.48.01-linux-default-load.txt"
XID_SAMPLES = CORPUS / "xid" / "dmesg_samples.txt"


def xid_lines(pattern: str, n: int = 2) -> str:
    lines = [l for l in XID_SAMPLES.read_text().splitlines() if re.search(pattern, l) and not l.startswith("#")]
    return "\n".join(lines[:n]) + "\n"


SCENARIOS: list[Scenario] = []
_n = [0]


def scenario(name: str, root: str | None, subject: dict | None, *, status: str = "problem", kind: str = "firing",
             near_miss_for=(), absent=(), readme: str = ""):
    def deco(fn):
        _n[0] += 1
        exp = expect(root, subject, status)
        if near_miss_for:
            exp["near_miss_for"] = sorted(near_miss_for)
        if absent:
            exp["absent"] = sorted(absent)

        def build(fn=fn, name=name):
            w = World(name)
            fn(w)
            return w
        text = f"# {name}\n\n{(fn.__doc__ or '').strip()}\n\n{readme}\n\nExpected: " + \
               (f"`{root}` ({status})" if root else status) + \
               (f"; near miss for {', '.join('`' + i + '`' for i in sorted(near_miss_for))}" if near_miss_for else "") + "\n"
        SCENARIOS.append(Scenario(f"s{_n[0]:03d}_{name}", build, exp, text, kind=kind))
        return fn
    return deco


def gpu_cluster(w: World, gpus: int = 1, **kw):
    w.gpu_node("gpu-node-1", gpus=gpus, **kw)
    w.node("cpu-node-1")


def holder(w: World, node: str = "gpu-node-1", gpu: int = 1, name: str = "jupyter-bob", ns: str = "research"):
    w.pod(ns, name, node=node, gpu=gpu, containers=("notebook",), owner=("StatefulSet", name))


PENDING_GPU = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node "
               "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
               "pod, 1 Preemption is not helpful for scheduling.")
GPU_AFFINITY = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
    {"matchExpressions": [{"key": "nvidia.com/gpu.present", "operator": "In", "values": ["true"]}]}]}}}


# ---- healthy and inconclusive ------------------------------------------------------------

@scenario("healthy_vllm_serving", None, pod_subj("vllm-0"), status="healthy", kind="healthy",
          near_miss_for=("application.cuda_oom", "application.vllm_kv_cache_insufficient", "runtime.lost_gpu_access",
                         "node.gpu_model_label_mismatch", "runtime.no_device_visible"),
          readme="nvidia-smi output: corpus h100-80gb-hbm3-590.48.01-linux-default-load.txt.")
def _(w):
    """A vLLM pod serving on an H100 node; its log reports the KV cache size and
    gpu_memory_utilization=0.9 (normal), nvidia-smi in the container shows memory in use."""
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-H100-80GB-HBM3")
    w.pod(ML, "vllm-0", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "vllm"))
    w.log(ML, "vllm-0", "server", "INFO 11-29 14:01:02 [config.py:1604] Using gpu_memory_utilization=0.9\n"
          "INFO 11-29 14:02:10 [kv_cache_utils.py:634] GPU KV cache size: 451,088 tokens\n"
          "INFO 11-29 14:02:10 [kv_cache_utils.py:637] Maximum concurrency for 32,768 tokens per request: 13.77x\n"
          "INFO 11-29 14:02:31 [api_server.py:1090] Starting vLLM API server on http://0.0.0.0:8000\n")
    w.exec(ML, "vllm-0", "server", ["nvidia-smi"], SMI_LOAD.read_text())
    w.target("Pod", ML, "vllm-0")


@scenario("healthy_scan_no_manifest", None, None, status="healthy", kind="healthy",
          near_miss_for=("node.gpu_not_advertised", "node.not_ready", "node.gpu_allocatable_zero",
                         "node.gpu_unhealthy_devices", "plugin.nvml_unavailable", "plugin.not_running",
                         "plugin.gfd_error", "driver.not_ready", "driver.kernel_mismatch",
                         "driver.xid_unhealthy_device", "runtime.cdi_unresolvable",
                         "runtime.cuda_requirement_unsatisfied", "runtime.runtime_handler_missing",
                         "driver.fabric_manager_not_running", "application.no_kernel_image"))
def _(w):
    """A third-party style bundle without manifest: two GPU nodes (one 8-GPU node fully used
    by a training job), a NotReady CPU node, healthy operator stack, GPU pods running."""
    w.with_manifest = False
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    w.gpu_node("gpu-node-2", gpus=1, product="NVIDIA-L4")
    w.node("cpu-node-1", ready=False)
    w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    w.pod(ML, "embed-0", node="gpu-node-2", gpu=1, containers=("server",), runtime_class="nvidia",
          owner=("StatefulSet", "embed"))
    w.log(ML, "train-0", "pytorch", "NCCL INFO Bootstrap : Using eth0:10.244.1.7<0>\n"
          "NCCL INFO NET/Plugin: No plugin found (libnccl-net.so), using internal implementation\n"
          "NCCL INFO cudaDriverVersion 12040\nepoch 3 step 1200 loss 1.873\n")


@scenario("healthy_mig_manager_assertion_is_normal", None, node_subj(), status="healthy", kind="healthy",
          near_miss_for=("plugin.mig_config_failed", "plugin.mig_reconfiguring"))
def _(w):
    """The MIG manager logs its normal `Assertion failure: selected configuration not
    currently applied` before applying; the node's mig.config.state is success."""
    w.gpu_node("gpu-node-1", gpus=1, labels={"nvidia.com/mig.config": "all-1g.10gb",
                                             "nvidia.com/mig.config.state": "success"})
    w.pod(OPERATOR_NS, "nvidia-mig-manager-7dq2x", node="gpu-node-1", gpu=0, containers=("nvidia-mig-manager",),
          labels={"app": "nvidia-mig-manager"}, owner=("DaemonSet", "nvidia-mig-manager"))
    w.log(OPERATOR_NS, "nvidia-mig-manager-7dq2x", "nvidia-mig-manager",
          'time="2026-11-29T14:01:02Z" level=info msg="Asserting that the requested configuration is present in the configuration file"\n'
          'time="2026-11-29T14:01:02Z" level=info msg="Selected MIG configuration is valid"\n'
          'time="2026-11-29T14:01:02Z" level=info msg="Asserting that the requested configuration is currently applied"\n'
          'time="2026-11-29T14:01:03Z" level=fatal msg="Assertion failure: selected configuration not currently applied"\n'
          'time="2026-11-29T14:01:03Z" level=info msg="Applying the selected MIG config to the node"\n'
          'time="2026-11-29T14:01:40Z" level=info msg="Successfully updated to MIG config: all-1g.10gb"\n')
    w.target("Node", None, "gpu-node-1")


@scenario("inconclusive_pending_without_nodes", None, pod_subj("llm-0"), status="inconclusive", kind="near_miss",
          near_miss_for=("scheduler.insufficient_gpu",))
def _(w):
    """A pending pod with Insufficient nvidia.com/gpu, but nodes could not be listed (403):
    which nodes advertise or hold GPUs cannot be checked."""
    w.gpu_node("gpu-node-1", gpus=1)
    w.skip_nodes = True
    w.error("cluster-resources/nodes.json", ['nodes is forbidden: User "system:serviceaccount:ml:triage" cannot list '
                                             'resource "nodes" in API group "" at the cluster scope'], "forbidden")
    w.gap("nodes", "forbidden", 'nodes is forbidden: User "system:serviceaccount:ml:triage" cannot list resource '
                                '"nodes" in API group "" at the cluster scope', "list nodes (cluster scope)")
    pending_pod(w, "llm-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are "
                            "available: 1 No preemption victims found for incoming pod.")
    w.target("Pod", ML, "llm-0")


@scenario("inconclusive_target_pods_forbidden", None, pod_subj("llm-0"), status="inconclusive", kind="near_miss",
          near_miss_for=("scheduler.insufficient_gpu",))
def _(w):
    """The bundle's target pod could not be read: listing pods in its namespace was forbidden."""
    w.gpu_node("gpu-node-1", gpus=1)
    pending_pod(w, "llm-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are "
                            "available: 1 No preemption victims found for incoming pod.")
    w.skip_pod_lists = ("ml",)
    msg = ('pods is forbidden: User "system:serviceaccount:ml:triage" cannot list resource "pods" in API group "" '
           'in the namespace "ml"')
    w.error("cluster-resources/pods/ml.json", [msg], "forbidden")
    w.gap("pods", "forbidden", msg, "list pods in namespace ml")
    w.target("Pod", ML, "llm-0")


@scenario("inconclusive_crashloop_without_logs", None, pod_subj("trainer-0"), status="inconclusive",
          kind="near_miss", near_miss_for=("application.crash_unclassified",))
def _(w):
    """A crash-looping container whose previous log could not be read (pods/log forbidden)."""
    gpu_cluster(w)
    w.pod(ML, "trainer-0", node="gpu-node-1", containers=("trainer",), ready=False, statuses=crashing("trainer", 1))
    w.error("cluster-resources/pods/logs/ml/trainer-0/trainer-previous.log",
            ['pods "trainer-0" is forbidden: User "system:serviceaccount:ml:triage" cannot get resource "pods/log" '
             'in API group "" in the namespace "ml"'], "forbidden")
    w.target("Pod", ML, "trainer-0")


# ---- scheduler -------------------------------------------------------------------------------

@scenario("insufficient_cpu_memory", "scheduler.insufficient_cpu_memory", pod_subj("llm-big-0"))
def _(w):
    """The GPU node has a free GPU but its CPU is taken by CPU-only pods (no GPU taint)."""
    w.gpu_node("gpu-node-1", gpus=2, cpu="16")
    for i in range(3):
        w.pod("batch", f"etl-{i}", node="gpu-node-1", gpu=0, cpu="5", containers=("etl",))
    pending_pod(w, "llm-big-0", "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: "
                                "1 No preemption victims found for incoming pod.", cpu="8")
    w.target("Pod", ML, "llm-big-0")


@scenario("near_insufficient_cpu_memory_gpu_full", "scheduler.insufficient_gpu", pod_subj("llm-1"),
          kind="near_miss", near_miss_for=("scheduler.insufficient_cpu_memory", "scheduler.too_many_pods"))
def _(w):
    """Memory and pod count are short on the CPU node, but the GPU node's only GPU is held."""
    w.gpu_node("gpu-node-1", gpus=1)
    w.node("cpu-node-1")
    holder(w)
    pending_pod(w, "llm-1", "0/2 nodes are available: 1 Insufficient memory, 1 Too many pods, 1 Insufficient "
                            "nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No preemption victims found for "
                            "incoming pod.")
    w.target("Pod", ML, "llm-1")


@scenario("node_affinity_mismatch", "scheduler.node_affinity_mismatch", pod_subj("trainer-a100"),
          near_miss_for=("scheduler.selector_label_absent",))
def _(w):
    """The pod selects pool=training, a label value that exists only on a CPU node; the GPU
    node (free GPU) is in pool=inference."""
    w.gpu_node("gpu-node-1", gpus=1, labels={"pool": "inference"})
    w.node("cpu-node-1", labels={"pool": "training"})
    pending_pod(w, "trainer-a100", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match "
                                   "Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is "
                                   "not helpful for scheduling.", node_selector={"pool": "training"})
    w.target("Pod", ML, "trainer-a100")


@scenario("selector_label_absent", "scheduler.selector_label_absent", pod_subj("l4-infer-0"),
          near_miss_for=("scheduler.node_affinity_mismatch",))
def _(w):
    """After time-slicing was enabled GFD relabelled the node NVIDIA-L4-SHARED; the pod still
    selects nvidia.com/gpu.product=NVIDIA-L4, a value no node has."""
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-L4-SHARED", labels={"nvidia.com/gpu.replicas": "4",
                                                                          "nvidia.com/gpu.sharing-strategy": "time-slicing"})
    w.node("cpu-node-1")
    pending_pod(w, "l4-infer-0", "0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. "
                                 "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
                node_selector={"nvidia.com/gpu.product": "NVIDIA-L4"})
    w.target("Pod", ML, "l4-infer-0")


@scenario("near_untolerated_taint_gpu_full", "scheduler.insufficient_gpu", pod_subj("llm-2"), kind="near_miss",
          near_miss_for=("scheduler.untolerated_taint", "scheduler.pod_affinity_conflict"))
def _(w):
    """The control-plane taint and an anti-affinity rule are in the message, but the GPU
    node's GPU is held by a finished-looking notebook that still runs."""
    w.gpu_node("gpu-node-1", gpus=1)
    w.node("cp-1", taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    holder(w)
    pending_pod(w, "llm-2", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had untolerated taint "
                            "{node-role.kubernetes.io/control-plane: }, 1 node(s) didn't match pod anti-affinity rules. "
                            "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, "
                            "1 Preemption is not helpful for scheduling.")
    w.target("Pod", ML, "llm-2")


@scenario("selected_node_without_gpu_resource", "driver.kernel_mismatch", pod_subj("t4-infer-0"),
          near_miss_for=("scheduler.node_affinity_mismatch", "scheduler.insufficient_gpu"))
def _(w):
    """The pod selects Tesla-T4; an H100 node has free GPUs but the only T4 node advertises
    none, because its driver container cannot build the module for the running kernel."""
    w.gpu_node("gpu-h100-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    w.gpu_node("gpu-t4-1", gpus=1, allocatable=None, product="Tesla-T4")
    w.get_node("gpu-t4-1")["status"]["capacity"].pop("nvidia.com/gpu")
    stack_crash(w, "gpu-t4-1", "driver", "nvidia-driver-ctr",
                "Installing NVIDIA driver kernel modules...\n"
                "[  123.456789] nvidia: disagrees about version of symbol module_layout\n"
                "[  123.456801] nvidia: Unknown symbol module_layout (err -22)\n"
                "modprobe: ERROR: could not insert 'nvidia': Invalid argument\n")
    pending_pod(w, "t4-infer-0", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match "
                                 "Pod's node affinity/selector. preemption: 0/2 nodes are available: 2 Preemption is "
                                 "not helpful for scheduling.", node_selector={"nvidia.com/gpu.product": "Tesla-T4"})
    w.target("Pod", ML, "t4-infer-0")


@scenario("too_many_pods", "scheduler.too_many_pods", pod_subj("infer-small-0"))
def _(w):
    """The GPU node has a free GPU but reached its pod limit."""
    w.gpu_node("gpu-node-1", gpus=2, pods_cap="3")
    for i in range(3):
        w.pod("batch", f"sidecar-{i}", node="gpu-node-1", gpu=0, containers=("s",))
    pending_pod(w, "infer-small-0", "0/1 nodes are available: 1 Too many pods. preemption: 0/1 nodes are available: "
                                    "1 No preemption victims found for incoming pod.")
    w.target("Pod", ML, "infer-small-0")


@scenario("topology_spread_unsatisfied", "scheduler.topology_spread_unsatisfied", pod_subj("vllm-2"))
def _(w):
    """Replica 3 of a spread Deployment: the only GPU node with a free GPU would break maxSkew 1."""
    w.gpu_node("gpu-node-1", gpus=2, labels={"topology.kubernetes.io/zone": "a"})
    w.node("cpu-node-1", labels={"topology.kubernetes.io/zone": "b"})
    w.node("cpu-node-2", labels={"topology.kubernetes.io/zone": "c"})
    w.pod(ML, "vllm-1", node="gpu-node-1", containers=("server",))
    spread = {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone",
                                             "whenUnsatisfiable": "DoNotSchedule",
                                             "labelSelector": {"matchLabels": {"app": "vllm"}}}]}
    pending_pod(w, "vllm-2", "0/3 nodes are available: 1 node(s) didn't match pod topology spread constraints, "
                             "2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: "
                             "3 Preemption is not helpful for scheduling.", affinity=GPU_AFFINITY, extra_spec=spread)
    w.target("Pod", ML, "vllm-2")


@scenario("near_topology_spread_running", None, pod_subj("vllm-1"), status="healthy", kind="near_miss",
          near_miss_for=("scheduler.topology_spread_unsatisfied", "scheduler.unbound_pvc",
                         "scheduler.volume_node_affinity_conflict", "scheduler.dra_claim_unallocatable"))
def _(w):
    """A spread, PVC-backed replica that was placed and runs."""
    gpu_cluster(w, gpus=2)
    spread = {"topologySpreadConstraints": [{"maxSkew": 1, "topologyKey": "topology.kubernetes.io/zone",
                                             "whenUnsatisfiable": "DoNotSchedule",
                                             "labelSelector": {"matchLabels": {"app": "vllm"}}}]}
    w.pod(ML, "vllm-1", node="gpu-node-1", containers=("server",), extra_spec=spread,
          volumes=[{"name": "cache", "persistentVolumeClaim": {"claimName": "model-cache"}}])
    w.target("Pod", ML, "vllm-1")


@scenario("near_pod_affinity_running", None, pod_subj("rag-llm-0"), status="healthy", kind="near_miss",
          near_miss_for=("scheduler.pod_affinity_conflict", "scheduler.custom_scheduler_rejected",
                         "scheduler.quota_exceeded"))
def _(w):
    """Pod affinity satisfied, a non-default scheduler, a ResourceQuota in the namespace: it runs."""
    gpu_cluster(w)
    w.pod(ML, "rag-helper-0", node="gpu-node-1", gpu=0, labels={"app": "rag-helper"}, containers=("helper",))
    w.pod(ML, "rag-llm-0", node="gpu-node-1", scheduler="volcano", containers=("server",))
    w.event(ML, "Pod", "rag-llm-0", "Scheduled", "Successfully assigned ml/rag-llm-0 to gpu-node-1", type="Normal",
            component="volcano")
    w.target("Pod", ML, "rag-llm-0")


@scenario("node_unschedulable", "scheduler.node_unschedulable", pod_subj("infer-0"))
def _(w):
    """The only GPU node (free GPU) is cordoned for maintenance."""
    w.gpu_node("gpu-node-1", gpus=1, unschedulable=True,
               taints=[{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule"}])
    w.node("cpu-node-1")
    pending_pod(w, "infer-0", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) were unschedulable. "
                              "preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling.",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Pod", ML, "infer-0")


@scenario("near_node_unschedulable_cpu_cordoned", None, pod_subj("infer-0"), status="healthy", kind="near_miss",
          near_miss_for=("scheduler.node_unschedulable",))
def _(w):
    """A CPU node is cordoned; the GPU pod runs on the GPU node."""
    w.gpu_node("gpu-node-1", gpus=1)
    w.node("cpu-node-1", unschedulable=True)
    w.pod(ML, "infer-0", node="gpu-node-1", containers=("server",))
    w.target("Pod", ML, "infer-0")


@scenario("near_volume_affinity_gpu_full", "scheduler.insufficient_gpu", pod_subj("llm-3"), kind="near_miss",
          near_miss_for=("scheduler.volume_node_affinity_conflict", "scheduler.rollout_needs_extra_gpu"))
def _(w):
    """Volume zone conflicts on CPU nodes, but the GPU node's GPU is held by another team
    (Deployment with strategy Recreate: no rollout involved)."""
    w.gpu_node("gpu-node-1", gpus=1)
    for i in (1, 2, 3):
        w.node(f"cpu-node-{i}")
    holder(w, name="other-team-llm", ns="team-b")
    w.workload("Deployment", ML, "llm", strategy={"type": "Recreate"})
    w.workload("ReplicaSet", ML, "llm-5d9c7", owner=("Deployment", "llm"), revision="1")
    pending_pod(w, "llm-3", "0/4 nodes are available: 3 node(s) had volume node affinity conflict, 1 Insufficient "
                            "nvidia.com/gpu. preemption: 0/4 nodes are available: 1 No preemption victims found for "
                            "incoming pod, 3 Preemption is not helpful for scheduling.",
                owner=("ReplicaSet", "llm-5d9c7"))
    w.target("Pod", ML, "llm-3")


@scenario("autoscaler_no_scale_up", "scheduler.autoscaler_no_scale_up", pod_subj("train-big-0"))
def _(w):
    """Every GPU is held and the cluster autoscaler's GPU node group is at its maximum size."""
    w.gpu_node("gpu-node-1", gpus=1)
    holder(w)
    pending_pod(w, "train-big-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are "
                                  "available: 1 No preemption victims found for incoming pod.")
    w.event(ML, "Pod", "train-big-0", "NotTriggerScaleUp",
            "pod didn't trigger scale-up: 1 max node group size reached", type="Normal", component="cluster-autoscaler")
    w.target("Pod", ML, "train-big-0")


@scenario("near_autoscaler_triggered", "scheduler.insufficient_gpu", pod_subj("train-big-0"), kind="near_miss",
          near_miss_for=("scheduler.autoscaler_no_scale_up", "application.crash_unclassified"))
def _(w):
    """The autoscaler did trigger a scale-up; the pod waits for the new node."""
    w.gpu_node("gpu-node-1", gpus=1)
    holder(w)
    pending_pod(w, "train-big-0", "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are "
                                  "available: 1 No preemption victims found for incoming pod.")
    w.event(ML, "Pod", "train-big-0", "TriggeredScaleUp",
            "pod triggered scale-up: [{gpu-pool 1->2 (max: 4)}]", type="Normal", component="cluster-autoscaler")
    w.target("Pod", ML, "train-big-0")


@scenario("dra_claim_unallocatable", "scheduler.dra_claim_unallocatable", pod_subj("dra-infer-0"))
def _(w):
    """A pod with a ResourceClaim whose device selector matches no GPU (k8s 1.32 DRA)."""
    gpu_cluster(w)
    pending_pod(w, "dra-infer-0", "0/2 nodes are available: 2 cannot allocate all claims. preemption: 0/2 nodes are "
                                  "available: 2 Preemption is not helpful for scheduling.", gpu=0,
                extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "dra-infer-0-gpu"}]})
    w.target("Pod", ML, "dra-infer-0")


@scenario("near_quota_failedcreate_other_error", "scheduler.create_failed_unrecognised",
          {"kind": "Deployment", "namespace": ML, "name": "api"}, kind="near_miss",
          near_miss_for=("scheduler.quota_exceeded",))
def _(w):
    """A ReplicaSet cannot create pods, but because its service account is missing, not a quota: the
    controller's FailedCreate is a finding at the scheduler layer whatever its words (certainty
    unrecognised), never the quota id."""
    gpu_cluster(w)
    w.workload("Deployment", ML, "api")
    w.workload("ReplicaSet", ML, "api-6c8d9", owner=("Deployment", "api"), revision="1")
    w.event(ML, "ReplicaSet", "api-6c8d9", "FailedCreate",
            'Error creating: pods "api-6c8d9-" is forbidden: error looking up service account ml/api: '
            'serviceaccount "api" not found', component="replicaset-controller")
    w.target("Deployment", ML, "api")


# ---- node ------------------------------------------------------------------------------------

@scenario("label_drift", "node.label_drift", pod_subj("l4-infer-0"))
def _(w):
    """A running pod requires gpu.product NVIDIA-L4; GFD has since relabelled its node NVIDIA-L4-SHARED."""
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-L4-SHARED")
    w.pod(ML, "l4-infer-0", node="gpu-node-1", containers=("server",), node_selector={"nvidia.com/gpu.product": "NVIDIA-L4"})
    w.target("Pod", ML, "l4-infer-0")


@scenario("near_label_drift_matching", None, pod_subj("l4-infer-0"), status="healthy", kind="near_miss",
          near_miss_for=("node.label_drift",))
def _(w):
    """The pod's selector matches its node's labels."""
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-L4")
    w.pod(ML, "l4-infer-0", node="gpu-node-1", containers=("server",), node_selector={"nvidia.com/gpu.product": "NVIDIA-L4"})
    w.target("Pod", ML, "l4-infer-0")


@scenario("gpu_model_label_mismatch", "node.gpu_model_label_mismatch", pod_subj("bench-0"),
          readme="nvidia-smi output: corpus h100-80gb-hbm3-590.48.01-linux-default-load.txt.")
def _(w):
    """The node is labelled NVIDIA-A100-SXM4-80GB but nvidia-smi in the pod shows an H100."""
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A100-SXM4-80GB")
    w.pod(ML, "bench-0", node="gpu-node-1", containers=("bench",))
    w.exec(ML, "bench-0", "bench", ["nvidia-smi"], SMI_LOAD.read_text())
    w.target("Pod", ML, "bench-0")


# ---- plugin ----------------------------------------------------------------------------------

@scenario("plugin_no_devices_found", "plugin.no_devices_found", node_subj(),
          readme="Log line format of k8s-device-plugin v0.x (`No devices found. Waiting indefinitely.`).")
def _(w):
    """The device plugin starts, finds no GPU and waits; the node advertises nothing."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log="2019/01/29 07:52:58 Loading NVML\n"
               "2019/01/29 07:52:58 Fetching devices.\n2019/01/29 07:52:58 No devices found. Waiting indefinitely.\n")
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.target("Node", None, "gpu-node-1")


@scenario("plugin_not_running", "plugin.not_running", node_subj())
def _(w):
    """The device plugin pod crash-loops with an unrecognised panic; the node still shows its
    last-known allocatable (1), so new pods would be admitted against a dead plugin."""
    gpu_cluster(w)
    stack_crash(w, "gpu-node-1", "device-plugin", "nvidia-device-plugin",
                "panic: runtime error: invalid memory address or nil pointer dereference\n"
                "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x5c4d1a]\n")
    w.target("Node", None, "gpu-node-1")


@scenario("near_plugin_restarted_once", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("plugin.not_running", "plugin.not_registered", "plugin.no_devices_found",
                         "plugin.nvml_unavailable"))
def _(w):
    """The device plugin restarted once after a kubelet restart and registered again."""
    gpu_cluster(w)
    name = w.stack("gpu-node-1", "device-plugin")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["containerStatuses"][0]["restartCount"] = 1
    w.log(OPERATOR_NS, name, "nvidia-device-plugin",
          "I1129 14:01:00.000001       1 main.go:199] Starting FS watcher.\n"
          "I1129 14:01:00.000002       1 main.go:206] Starting OS watcher.\n"
          "I1129 14:01:00.100003       1 main.go:317] Retrieving plugins.\n"
          "I1129 14:01:00.400004       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    w.target("Node", None, "gpu-node-1")


def _admission(w, name: str, message: str, **kw):
    w.pod(ML, name, node="gpu-node-1", phase="Failed", reason="UnexpectedAdmissionError",
          message=f"Pod was rejected: {message}", containers=("server",),
          statuses={"server": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False}}, **kw)
    w.event(ML, "Pod", name, "UnexpectedAdmissionError", message)
    w.target("Pod", ML, name)


@scenario("plugin_not_registered", "plugin.not_registered", pod_subj("infer-7f9c-abcde"))
def _(w):
    """Admitted right after a kubelet restart, before the plugin re-registered."""
    gpu_cluster(w)
    _admission(w, "infer-7f9c-abcde", "Allocate failed due to cannot allocate unregistered device nvidia.com/gpu, "
                                      "which is unexpected")


@scenario("plugin_allocate_failed_unhealthy", "plugin.allocate_failed_unhealthy", pod_subj("infer-7f9c-xyz12"))
def _(w):
    """The only GPU of the node was marked unhealthy; admission fails."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=0)
    _admission(w, "infer-7f9c-xyz12", "Allocate failed due to no healthy devices present; cannot allocate unhealthy "
                                      "devices nvidia.com/gpu, which is unexpected")


@scenario("plugin_allocate_rpc_failed", "plugin.allocate_rpc_failed", pod_subj("infer-7f9c-rpc01"))
def _(w):
    """The plugin crashed while the kubelet called Allocate."""
    gpu_cluster(w)
    _admission(w, "infer-7f9c-rpc01", "Allocate failed due to rpc error: code = Unavailable desc = error reading from "
                                      "server: EOF, which is unexpected")


@scenario("plugin_sharing_request_too_large", "plugin.sharing_request_too_large", pod_subj("ts-infer-0"))
def _(w):
    """Two replicas of a time-sliced GPU requested by one container."""
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-A10-SHARED", labels={"nvidia.com/gpu.replicas": "4"})
    _admission(w, "ts-infer-0", "Allocate failed due to rpc error: code = Unknown desc = invalid request: maximum "
                                "request size for shared resources is 1; found 2, which is unexpected", gpu=2)


@scenario("near_sharing_request_one", None, pod_subj("ts-infer-1"), status="healthy", kind="near_miss",
          near_miss_for=("plugin.sharing_request_too_large", "plugin.allocate_rpc_failed",
                         "plugin.allocate_failed_unhealthy", "plugin.stale_allocation"))
def _(w):
    """One time-sliced replica requested: admitted and running."""
    w.gpu_node("gpu-node-1", gpus=4, product="NVIDIA-A10-SHARED", labels={"nvidia.com/gpu.replicas": "4"})
    w.pod(ML, "ts-infer-1", node="gpu-node-1", containers=("server",))
    w.target("Pod", ML, "ts-infer-1")


@scenario("plugin_mig_reconfiguring", "plugin.mig_reconfiguring", node_subj())
def _(w):
    """The node is being re-partitioned: mig.config.state=pending."""
    w.gpu_node("gpu-node-1", gpus=1, labels={"nvidia.com/mig.config": "all-3g.40gb",
                                             "nvidia.com/mig.config.state": "pending"})
    w.target("Node", None, "gpu-node-1")


@scenario("near_gfd_warning_only", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("plugin.gfd_error",))
def _(w):
    """GFD warns it could not remove an absent output file, then labels the node."""
    gpu_cluster(w)
    w.log(OPERATOR_NS, w.stack("gpu-node-1", "gfd"), "gpu-feature-discovery",
          "gpu-feature-discovery: 2022/06/15 03:25:50 Start running\n"
          "gpu-feature-discovery: 2022/06/15 03:25:50 Warning: Error removing output file: failed to remove output "
          "file: remove /etc/kubernetes/node-feature-discovery/features.d/gfd: no such file or directory\n"
          "gpu-feature-discovery: 2022/06/15 03:25:51 Writing labels to output file\n")
    w.target("Node", None, "gpu-node-1")


@scenario("near_validation_completed", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("plugin.validation_no_free_gpu", "runtime.toolkit_not_ready", "runtime.no_device_visible"))
def _(w):
    """The GPU is held by a user pod; the validators finished earlier (toolkit-validation
    waited a while, then completed)."""
    gpu_cluster(w)
    holder(w)
    w.log(OPERATOR_NS, w.stack("gpu-node-1", "device-plugin"), "toolkit-validation",
          "waiting for nvidia container stack to be setup\nwaiting for nvidia container stack to be setup\n")
    w.target("Node", None, "gpu-node-1")


# ---- runtime ---------------------------------------------------------------------------------

@scenario("visible_devices_misconfigured", "runtime.visible_devices_misconfigured", pod_subj("sneaky-0"))
def _(w):
    """A pod without a GPU request sets NVIDIA_VISIBLE_DEVICES=all and so sees every GPU."""
    gpu_cluster(w)
    w.pod(ML, "sneaky-0", node="gpu-node-1", gpu=0, containers=("app",),
          env=[{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}])
    w.target("Pod", ML, "sneaky-0")


@scenario("near_visible_devices_capabilities", None, pod_subj("ok-0"), status="healthy", kind="near_miss",
          near_miss_for=("runtime.visible_devices_misconfigured", "runtime.runtime_handler_missing",
                         "runtime.cdi_unresolvable", "runtime.container_cli_init_failed"))
def _(w):
    """A GPU pod with runtimeClassName nvidia and NVIDIA_DRIVER_CAPABILITIES=all runs."""
    gpu_cluster(w)
    w.pod(ML, "ok-0", node="gpu-node-1", containers=("app",), runtime_class="nvidia",
          env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}])
    w.target("Pod", ML, "ok-0")


# ---- driver ----------------------------------------------------------------------------------

@scenario("driver_not_ready", "driver.not_ready", node_subj())
def _(w):
    """The driver container runs but is not ready yet (still building); the plugin waits."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = w.stack("gpu-node-1", "driver")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["containerStatuses"][0].update({"ready": False, "started": True})
    pod["status"]["conditions"][-1]["status"] = "False"
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-550.127.05\n"
          "Verifying archive integrity... OK\nUncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 550.127.05\n"
          "Installing NVIDIA driver kernel modules...\n")
    w.target("Node", None, "gpu-node-1")


@scenario("driver_validation_waiting", "driver.not_ready", node_subj(),
          readme="Log lines follow the operator validator's driver-validation format.")
def _(w):
    """The operator validator's driver-validation init container keeps retrying nvidia-smi
    in the driver root; every later operand waits."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    init_stuck(w, "gpu-node-1", "validator", "driver-validation",
               'time="2026-11-29T14:01:02Z" level=info msg="version: 8072420d, commit: 8072420"\n'
               "running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
               "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
               "command failed, retrying after 5 seconds\n"
               "running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
               "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
               "command failed, retrying after 5 seconds\n")
    w.target("Node", None, "gpu-node-1")


@scenario("driver_not_loaded_at_container_start", "driver.not_loaded", pod_subj("trainer-1"),
          near_miss_for=("runtime.container_cli_init_failed",),
          readme="Event text follows the current runc/nvidia-container-cli wrapping (see real-cases-notes trap 7).")
def _(w):
    """A user pod cannot start: the hook's NVML says the driver is not loaded on its node."""
    gpu_cluster(w)
    msg = ("Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc "
           "create failed: unable to start container process: error during container init: error running prestart "
           "hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: "
           "initialization error: nvml error: driver not loaded: unknown")
    w.pod(ML, "trainer-1", node="gpu-node-1", containers=("trainer",), ready=False,
          statuses=crashing("trainer", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "trainer-1", "Failed", msg, count=7)
    w.target("Pod", ML, "trainer-1")


@scenario("driver_in_use_cannot_unload", "driver.in_use_cannot_unload", node_subj(),
          readme="Log lines follow the driver container's script (`Could not unload NVIDIA driver kernel modules, driver is in use`).")
def _(w):
    """A driver upgrade: the new driver container cannot unload the old modules."""
    gpu_cluster(w)
    stack_crash(w, "gpu-node-1", "driver", "nvidia-driver-ctr",
                "Stopping NVIDIA persistence daemon...\nUnloading NVIDIA driver kernel modules...\n"
                "nvidia_modeset       1306624  0\nnvidia_uvm           1527808  4\n"
                "nvidia              56623104  94 nvidia_uvm,nvidia_modeset\n"
                "Could not unload NVIDIA driver kernel modules, driver is in use\n")
    w.target("Node", None, "gpu-node-1")


@scenario("near_driver_reload_ok", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("driver.in_use_cannot_unload", "driver.secure_boot_rejected", "driver.nouveau_conflict",
                         "driver.image_unavailable", "driver.version_mismatch", "driver.not_loaded"))
def _(w):
    """The driver container unloads, checks Secure Boot (undeterminable), loads and waits;
    an old image pull failure is history (the pod is ready)."""
    gpu_cluster(w)
    name = w.stack("gpu-node-1", "driver")
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", "Unloading NVIDIA driver kernel modules...\n"
          "-> Unable to determine if Secure Boot is enabled: No such file or directory\n"
          "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\nDone, now waiting for signal\n")
    w.event(OPERATOR_NS, "Pod", name, "Failed", 'Failed to pull image "nvcr.io/nvidia/driver:550.127.05-ubuntu22.04": '
            'rpc error: code = Unknown desc = failed to pull and unpack image: dial tcp: i/o timeout', last=T0)
    w.dmesg("gpu-node-1", "[    5.120119] nvidia: loading out-of-tree module taints kernel.\n"
            "[    5.301877] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:23:31 UTC 2024\n")
    w.exec(OPERATOR_NS, name, "nvidia-driver-ctr", ["nvidia-smi"], SMI_LOAD.read_text())
    w.target("Node", None, "gpu-node-1")


def _dmesg_case(name, root, pattern, near=(), kind="firing", status="problem", n=2, doc=""):
    @scenario(name, root, node_subj(), kind=kind, near_miss_for=near, status=status,
              readme=f"Kernel lines: corpus xid/dmesg_samples.txt (lines matching `{pattern}`).")
    def _(w):
        w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
        w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
        w.dmesg("gpu-node-1", xid_lines(pattern, n))
        w.target("Node", None, "gpu-node-1")
    _.__doc__ = doc


_dmesg_case("xid_gsp_error", "driver.xid_gsp_error", r"\): 119,", doc="GSP RPC timeouts (Xid 119) in the node's kernel log.")
_dmesg_case("xid_nvlink_error", "driver.xid_nvlink_error", r"\): 14[5-9],", doc="NVLink Xid 145/149 in the node's kernel log.")
_dmesg_case("xid_application_fault", "application.xid_application_fault", r"\): 13, pid", n=3,
            near=("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error", "driver.xid_nvlink_error"),
            doc="Xid 13 (graphics exception) lines: an application fault, not hardware.")
_dmesg_case("xid_fallen_off_bus", "driver.gpu_fallen_off_bus", r"\): 79,", n=1,
            near=("application.xid_application_fault",), doc="`Xid 79, GPU has fallen off the bus`.")


# ---- application -----------------------------------------------------------------------------

@scenario("cuda_driver_too_old", "application.cuda_driver_too_old", pod_subj("llm-cu128-0"),
          near_miss_for=("application.gpu_not_requested",),
          readme="Message format of PyTorch's driver check (`The NVIDIA driver on your system is too old`).")
def _(w):
    """A CUDA 12.8 image on a node whose driver is 470; the pod requests a GPU."""
    w.gpu_node("gpu-node-1", gpus=1, labels={"nvidia.com/cuda.driver.major": "470"})
    crash_pod(w, "llm-cu128-0", "Traceback (most recent call last):\n  File \"/app/serve.py\", line 12, in <module>\n"
              "    torch.cuda.init()\nRuntimeError: The NVIDIA driver on your system is too old (found version 11040). "
              "Please update your GPU driver by downloading and installing a new version from the URL: "
              "http://www.nvidia.com/Download/index.aspx\n", owner=("StatefulSet", "llm-cu128"))
    w.target("Pod", ML, "llm-cu128-0")


@scenario("gpu_not_requested_driver_insufficient", "application.gpu_not_requested", pod_subj("cuda-app-0"),
          near_miss_for=("application.cuda_driver_too_old",),
          readme="Message format of the CUDA runtime (`CUDA driver version is insufficient for CUDA runtime version`).")
def _(w):
    """`CUDA driver version is insufficient` from a container that requests no GPU: nothing
    was injected, so it is the pod spec, not the driver."""
    gpu_cluster(w)
    crash_pod(w, "cuda-app-0", "[vectorAdd] Failed to allocate device vector A (error code CUDA driver version is "
              "insufficient for CUDA runtime version)!\nCUDA error at main.cu:42 code=35(cudaErrorInsufficientDriver) "
              "\"cudaMalloc(&d_a, size)\"\n", gpu=0, owner=("StatefulSet", "cuda-app"))
    w.target("Pod", ML, "cuda-app-0")


@scenario("oom_killed", "application.oom_killed", pod_subj("loader-0"),
          near_miss_for=("application.killed_sigkill", "application.cuda_oom"))
def _(w):
    """The model loader exceeds its 16Gi memory limit while reading weights into host RAM."""
    gpu_cluster(w)
    w.pod(ML, "loader-0", node="gpu-node-1", containers=("loader",), ready=False, memory_limit="16Gi",
          statuses=crashing("loader", 137, "OOMKilled"))
    w.log(ML, "loader-0", "loader", "Loading safetensors checkpoint shards:  40% Completed | 2/5\n", previous=True)
    w.target("Pod", ML, "loader-0")


@scenario("crash_unclassified", "application.crash_unclassified", pod_subj("api-0"),
          near_miss_for=("application.nccl_error", "application.shm_too_small", "application.model_download_unauthorized"))
def _(w):
    """A crash-looping container whose log shows an ordinary Python KeyError."""
    gpu_cluster(w)
    crash_pod(w, "api-0", "Traceback (most recent call last):\n  File \"/app/main.py\", line 41, in <module>\n"
              "    cfg = settings['model']\nKeyError: 'model'\n", container="api")
    w.target("Pod", ML, "api-0")


@scenario("near_probe_failed_once", None, pod_subj("vllm-warm-0"), status="healthy", kind="near_miss",
          near_miss_for=("application.probe_killed_during_startup", "application.model_access_not_granted",
                         "application.xid_application_fault"))
def _(w):
    """A liveness probe failed once during a GC pause; nothing was killed and the pod is ready."""
    gpu_cluster(w)
    w.pod(ML, "vllm-warm-0", node="gpu-node-1", containers=("server",))
    w.event(ML, "Pod", "vllm-warm-0", "Unhealthy", 'Liveness probe failed: Get "http://10.244.1.9:8000/health": '
            "context deadline exceeded (Client.Timeout exceeded while awaiting headers)", count=1)
    w.target("Pod", ML, "vllm-warm-0")




# ---- generalisation: other wordings of the same failures (formats from the components' sources) ----

@scenario("general_plugin_v015_nvml_not_detected", "plugin.nvml_unavailable", node_subj(), kind="general",
          readme="Wording of k8s-device-plugin v0.15+ (real-cases-notes trap 5).")
def _(w):
    """Device plugin v0.15+: `Incompatible strategy detected auto` after NVML is not found."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, plugin_log=(
        "I0819 07:02:54.757465       1 main.go:342] Updating config with default resource matching patterns.\n"
        "E0819 07:02:54.757602       1 factory.go:112] Incompatible strategy detected auto\n"
        "E0819 07:02:54.757611       1 factory.go:113] If this is a GPU node, did you configure the NVIDIA Container Toolkit?\n"
        "E0819 07:02:54.757620       1 main.go:173] error starting plugins: error creating plugin manager: unable to "
        "create plugin manager: invalid device discovery strategy\n"))
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    stack_crash(w, "gpu-node-1", "device-plugin", "nvidia-device-plugin", None)
    w.target("Node", None, "gpu-node-1")


@scenario("general_torch_oom_legacy_format", "application.cuda_oom", pod_subj("sd-train-0"), kind="general",
          readme="PyTorch < 2.1 OOM wording (real-cases-notes trap 12).")
def _(w):
    """The pre-2.1 PyTorch OOM message with the `(GPU 0; X total capacity; ...)` tuple."""
    gpu_cluster(w, product="Tesla-T4")
    crash_pod(w, "sd-train-0", "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 14.76 GiB total "
              "capacity; 13.52 GiB already allocated; 3.75 MiB free; 13.70 GiB reserved in total by PyTorch)\n",
              container="trainer")
    w.target("Pod", ML, "sd-train-0")


@scenario("general_liveness_connection_refused", "application.probe_killed_during_startup", pod_subj("tgi-0"),
          kind="general")
def _(w):
    """Liveness probes find nothing listening while the model server loads; the kubelet restarts it."""
    gpu_cluster(w)
    w.pod(ML, "tgi-0", node="gpu-node-1", containers=("tgi",), ready=False, statuses={"tgi": {
        "state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 9,
        "lastState": {"terminated": {"exitCode": 143, "reason": "Error", "startedAt": T0, "finishedAt": T1}}}},
          probes={"livenessProbe": {"httpGet": {"path": "/health", "port": 80}, "initialDelaySeconds": 10}})
    w.event(ML, "Pod", "tgi-0", "Unhealthy", 'Liveness probe failed: Get "http://10.244.1.7:80/health": dial tcp '
            "10.244.1.7:80: connect: connection refused", count=27, field_path="spec.containers{tgi}")
    w.event(ML, "Pod", "tgi-0", "Killing", "Container tgi failed liveness probe, will be restarted", type="Normal",
            count=9, field_path="spec.containers{tgi}")
    w.target("Pod", ML, "tgi-0")


@scenario("general_admission_spacing_variant", "plugin.stale_allocation", pod_subj("infer-5d8f-q2w3e"), kind="general",
          readme="Kubelet wording with `Requested:1` (no space), as newer kubelets print it.")
def _(w):
    """UnexpectedAdmissionError with the compact `Requested:1, Available: 0` spacing."""
    gpu_cluster(w)
    _admission(w, "infer-5d8f-q2w3e", "Allocate failed due to requested number of devices unavailable for "
                                      "nvidia.com/gpu. Requested:1, Available: 0, which is unexpected")


@scenario("general_xid79_journald", "driver.gpu_fallen_off_bus", node_subj(), kind="general",
          readme="Kernel line: corpus xid/dmesg_samples.txt (journald prefix).")
def _(w):
    """Xid 79 in journald format, and a workload on the node crashing with CUDA errors."""
    w.gpu_node("gpu-node-1", gpus=8, allocatable=7)
    w.dmesg("gpu-node-1", xid_lines(r"kernel: NVRM: Xid \(PCI:[0-9a-f:]+\): 79,", 1))
    crash_pod(w, "train-9", "RuntimeError: CUDA error: unspecified launch failure\n", container="trainer", gpu=8)
    w.target("Node", None, "gpu-node-1")


@scenario("general_crash_on_lost_gpu_node", "driver.gpu_fallen_off_bus", pod_subj("train-9"), kind="general",
          near_miss_for=("application.crash_unclassified",),
          readme="Kernel line: corpus xid/dmesg_samples.txt. The crash is explained by the GPU lost under it.")
def _(w):
    """A training pod crashes with a CUDA launch failure on a node whose GPU fell off the bus."""
    w.gpu_node("gpu-node-1", gpus=8, allocatable=7)
    w.dmesg("gpu-node-1", xid_lines(r"kernel: NVRM: Xid \(PCI:[0-9a-f:]+\): 79,", 1))
    crash_pod(w, "train-9", "RuntimeError: CUDA error: unspecified launch failure\n", container="trainer", gpu=8)
    w.target("Pod", ML, "train-9")


@scenario("general_hf_401_new_module_path", "application.model_download_unauthorized", pod_subj("vllm-llama-0"),
          kind="general", readme="huggingface_hub >= 0.23 module path (real-cases-notes trap 12).")
def _(w):
    """A gated model download without a token, with the newer huggingface_hub.errors path."""
    gpu_cluster(w)
    crash_pod(w, "vllm-llama-0", "huggingface_hub.errors.GatedRepoError: 401 Client Error. (Request ID: "
              "Root=1-6751a2b3-0a1b2c3d4e5f)\n\nCannot access gated repo for url "
              "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct/resolve/main/config.json.\n"
              "Access to model meta-llama/Llama-3.1-8B-Instruct is restricted. You must have access to it and be "
              "authenticated to access it. Please log in.\n")
    w.target("Pod", ML, "vllm-llama-0")


@scenario("general_statefulset_quota", "scheduler.quota_exceeded", {"kind": "StatefulSet", "namespace": ML,
                                                                    "name": "llm"}, kind="general",
          readme="The StatefulSet controller's FailedCreate wording with a GPU quota key.")
def _(w):
    """A StatefulSet cannot create its pod: requests.nvidia.com/gpu quota is used up."""
    gpu_cluster(w)
    w.workload("StatefulSet", ML, "llm")
    w.event(ML, "StatefulSet", "llm", "FailedCreate",
            'create Pod llm-0 in StatefulSet llm failed error: pods "llm-0" is forbidden: exceeded quota: gpu-quota, '
            "requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4",
            component="statefulset-controller")
    w.target("StatefulSet", ML, "llm")


@scenario("driver_rpc_timeout_at_container_start", "driver.not_loaded", pod_subj("trainer-2"),
          near_miss_for=("runtime.container_cli_init_failed",),
          readme="Hook error text follows nvidia-container-cli's `driver rpc error: timed out` "
                 "(tests/evidence/test_runtime_error.py) in the current runc wrapping.")
def _(w):
    """A user pod cannot start: the hook's RPC to the kernel driver times out (the driver does not answer)."""
    gpu_cluster(w)
    msg = ("Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc "
           "create failed: unable to start container process: error during container init: error running prestart "
           "hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: "
           "initialization error: driver rpc error: timed out: unknown")
    w.pod(ML, "trainer-2", node="gpu-node-1", containers=("trainer",), ready=False,
          statuses=crashing("trainer", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "trainer-2", "Failed", msg, count=5)
    w.target("Pod", ML, "trainer-2")


@scenario("toolkit_driver_root_missing_at_container_start", "runtime.toolkit_not_ready", pod_subj("trainer-3"),
          near_miss_for=("runtime.container_cli_init_failed",),
          readme="Hook error text follows the GPU Operator toolkit's `nvidia-container-cli.real: initialization error: "
                 "change root failed` (tests/evidence/test_runtime_error.py).")
def _(w):
    """A user pod cannot start: the toolkit chroots into a driver root (/run/nvidia/driver) that does not exist."""
    gpu_cluster(w)
    msg = ("Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc "
           "create failed: unable to start container process: error during container init: error running prestart "
           "hook #0: exit status 1, stdout: , stderr: nvidia-container-cli.real: initialization error: change root "
           "failed: no such file or directory: unknown")
    w.pod(ML, "trainer-3", node="gpu-node-1", containers=("trainer",), ready=False,
          statuses=crashing("trainer", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "trainer-3", "Failed", msg, count=5)
    w.target("Pod", ML, "trainer-3")


@scenario("crashloop_exit_137_not_oomkilled", "application.killed_sigkill", pod_subj("embedder-0"),
          near_miss_for=("application.crash_unclassified", "application.oom_killed"),
          absent=("application.crash_unclassified",),
          readme="Exit 137 with reason Error (not OOMKilled) is a SIGKILL from outside the container: the taxonomy's "
                 "`application.killed_sigkill`, a known signature, so not `application.crash_unclassified`.")
def _(w):
    """A crash-looping container last terminated with exit 137 (reason Error); its log ends mid-work."""
    gpu_cluster(w)
    crash_pod(w, "embedder-0", "INFO:     Started server process [1]\nINFO:     Waiting for application startup.\n"
              "Batches:  37%|###7      | 1187/3200 [02:11<03:42,  9.04it/s]\n", container="embedder", code=137)
    w.target("Pod", ML, "embedder-0")


@scenario("no_cuda_device_exec_forbidden", "runtime.no_device_visible", pod_subj("infer-2"),
          readme="The collector could not exec into the pod (`pods \"infer-2\" is forbidden: ... cannot create resource "
                 "\"pods/exec\"`, the API server's RBAC wording), so nvidia-smi in the container was not run: the "
                 "diagnosis names `create pods/exec in namespace ml` as the gap that would have decided.")
def _(w):
    """A running GPU pod whose app says no CUDA-capable device; exec was forbidden, so no in-container nvidia-smi."""
    gpu_cluster(w)
    crash_pod(w, "infer-2", "Traceback (most recent call last):\n  File \"/app/serve.py\", line 12, in <module>\n"
              "    torch.cuda.set_device(0)\nRuntimeError: CUDA error: no CUDA-capable device is detected\n",
              container="server")
    w.gap("exec", "forbidden", 'pods "infer-2" is forbidden: User "system:serviceaccount:ml:triage" cannot create '
          'resource "pods/exec" in API group "" in the namespace "ml"', "create pods/exec in namespace ml")
    w.target("Pod", ML, "infer-2")


@scenario("no_cuda_device_exec_forbidden_collector_record", "runtime.no_device_visible", pod_subj("infer-3"),
          readme="The bundle as `triage/collect/in_container.py` writes a forbidden exec: the exec record "
                 "(empty stdout/stderr, exit code null, `error` = ApiFailure.describe()) and the manifest gap "
                 "`create pods/exec in namespace ml` (session.failed).")
def _(w):
    """A running GPU pod whose app finds no CUDA device; the collector's nvidia-smi exec was refused (403)."""
    gpu_cluster(w)
    crash_pod(w, "infer-3", "RuntimeError: CUDA error: no CUDA-capable device is detected\n", container="server")
    msg = ('pods "infer-3" is forbidden: User "system:serviceaccount:ml:triage" cannot create resource '
           '"pods/exec" in API group "" in the namespace "ml"')
    w.exec(ML, "infer-3", "server", ["nvidia-smi"], "", "", exit_code=None,
           error=f"Forbidden (403): {msg} [/api/v1/namespaces/ml/pods/infer-3/exec]")
    w.gap("exec", "Forbidden", f"`nvidia-smi` in ml/infer-3 container server: {msg}", "create pods/exec in namespace ml")
    w.target("Pod", ML, "infer-3")


@scenario("near_default_scheduler_unparsed_wording", "scheduler.other_filter", pod_subj("train-pv-0"),
          kind="near_miss", near_miss_for=("scheduler.custom_scheduler_rejected",),
          readme="kube-scheduler's PreBind timeout wording (`running PreBind plugin \"VolumeBinding\": binding volumes: "
                 "timed out waiting for the condition`): the framework's plugin-error format, a filter with no GPU "
                 "meaning (the quoted message names the plugin), never the custom-scheduler id.")
def _(w):
    """A pending GPU pod of the default scheduler whose only event is a PreBind volume-binding timeout: the
    default scheduler is not a custom GPU scheduler; the plugin-error wording is recognised as such."""
    gpu_cluster(w)
    pending_pod(w, "train-pv-0", 'running PreBind plugin "VolumeBinding": binding volumes: timed out waiting for '
                                 'the condition', count=3)
    w.target("Pod", ML, "train-pv-0")


@scenario("near_hami_pod_short_of_device_count", "scheduler.insufficient_gpu", pod_subj("vgpu-pod-2"),
          near_miss_for=("scheduler.untolerated_taint",),
          readme="Default-scheduler wording with both a device-count and a vGPU-memory shortage: the device count "
                 "(nvidia.com/gpu) is the resource named, its holders listed.")
def _(w):
    """A HAMi-style pod asks for nvidia.com/gpu 1 plus nvidia.com/gpumem; the only GPU is held by another pod."""
    gpu_cluster(w)
    holder(w)
    p = pending_pod(w, "vgpu-pod-2", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 Insufficient "
                                     "nvidia.com/gpumem, 1 node(s) had untolerated taint "
                                     "{node-role.kubernetes.io/control-plane: }. preemption: 0/2 nodes are available: "
                                     "1 No preemption victims found for incoming pod, 1 Preemption is not helpful for "
                                     "scheduling.")
    for part in ("limits", "requests"):
        p["spec"]["containers"][0]["resources"][part]["nvidia.com/gpumem"] = "3000"
    w.target("Pod", ML, "vgpu-pod-2")


# ---- DCGM as the Xid source (no kernel log: exec off) -----------------------------------------

DCGM_DIR = CORPUS / "dcgm"
DCGM_XID_ACTIVE = DCGM_DIR / "metrics-excerpt-xid-errors-count-t400-545.29.02-dcgm-exporter-pr239.prom"
DCGM_XID_ZERO = DCGM_DIR / "metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom"


@scenario("dcgm_only_xid", "driver.xid_unhealthy_device", node_subj(),
          near_miss_for=("application.xid_application_fault", "driver.gpu_fallen_off_bus"),
          readme="Scrape: corpus dcgm/metrics-excerpt-xid-errors-count-t400-545.29.02-dcgm-exporter-pr239.prom "
                 "verbatim (`DCGM_FI_DEV_XID_ERRORS_ACTIVE{...,xid=\"42\"} 1`, dcgm-exporter PR 239). Xid 42 is "
                 "neither application-induced nor benign: NVIDIA's resolution bucket is CONTACT_SUPPORT and the "
                 "device plugin marks a GPU unhealthy for any Xid outside its skip list (13, 31, 43, 45, 68, 109).")
def _(w):
    """A T400 node whose DCGM exporter counted one Xid 42 in its 5-minute window; no kernel log
    was collected (exec off), so the scrape is the only Xid evidence."""
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-T400-4GB", memory_mib=4096)
    w.pod(ML, "render-0", node="gpu-node-1", gpu=1, containers=("worker",), owner=("Job", "render"))
    w.node_files[("gpu-node-1", "dcgm")] = DCGM_XID_ACTIVE.read_text()
    w.target("Node", None, "gpu-node-1")


@scenario("near_dcgm_xid_errors_zero", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("driver.xid_unhealthy_device", "driver.xid_ecc_error", "driver.xid_gsp_error",
                         "driver.xid_nvlink_error", "driver.gpu_fallen_off_bus", "application.xid_application_fault"),
          readme="Scrape: corpus dcgm/metrics-excerpt-a30-mig-xid-errors-dcgm-exporter-issue317.prom verbatim: "
                 "`DCGM_FI_DEV_XID_ERRORS{...} 0` for six MIG instances of two A30s. The gauge holds the last "
                 "Xid code and 0 means none was seen.")
def _(w):
    """Two A30s split into MIG instances; DCGM reports XID_ERRORS 0 on every instance and no kernel
    log was collected: nothing to say about Xids."""
    w.gpu_node("gpu-node-1", gpus=2, product="NVIDIA-A30", memory_mib=24576)
    w.pod(ML, "notebook-0", node="gpu-node-1", gpu=1, containers=("notebook",), owner=("StatefulSet", "notebook"))
    w.node_files[("gpu-node-1", "dcgm")] = DCGM_XID_ZERO.read_text()
    w.target("Node", None, "gpu-node-1")
