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
             near_miss_for=(), absent=(), suspect: str | None = None, readme: str = ""):
    """`suspect`: the would-be root cause of an inconclusive answer (a symptom whose cause lies
    in a layer the bundle holds no evidence of), written into expected.json as `suspect`."""
    def deco(fn):
        _n[0] += 1
        exp = expect(root, subject, status, suspect=suspect)
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
               (f" (suspect `{suspect}`)" if suspect else "") + \
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

# the driver labels GFD writes for the driver of the corpus' H100 captures (nvidia-smi 590.48.01)
DRIVER_590 = {"nvidia.com/cuda.driver.major": "590", "nvidia.com/cuda.driver.minor": "48",
              "nvidia.com/cuda.driver.rev": "01"}


@scenario("healthy_vllm_serving", None, pod_subj("vllm-0"), status="healthy", kind="healthy",
          near_miss_for=("application.cuda_oom", "application.vllm_kv_cache_insufficient", "runtime.lost_gpu_access",
                         "node.gpu_model_label_mismatch", "runtime.no_device_visible", "driver.version_inconsistent"),
          readme="nvidia-smi output: corpus h100-80gb-hbm3-590.48.01-linux-default-load.txt.")
def _(w):
    """A vLLM pod serving on an H100 node; its log reports the KV cache size and
    gpu_memory_utilization=0.9 (normal), nvidia-smi in the container shows memory in use."""
    # GFD labels the driver nvidia-smi reports (590.48.01): a healthy node's sources agree
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-H100-80GB-HBM3", labels=DRIVER_590)
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
    w.log(ML, "vllm-1", "server", "")    # what `collect pod` stores for a quiet container
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
    w.log(ML, "rag-llm-0", "server", "")    # what `collect pod` stores for a quiet container
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
    w.log(ML, "infer-0", "server", "")    # what `collect pod` stores for a quiet container
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


@scenario("near_autoscaler_triggered", None, pod_subj("train-big-0"), status="inconclusive", kind="near_miss",
          near_miss_for=("scheduler.autoscaler_no_scale_up", "application.crash_unclassified",
                         "scheduler.insufficient_gpu"))
def _(w):
    """The autoscaler triggered a scale-up five minutes before collection (within cluster-autoscaler's
    15-minute node provision time) and has refused nothing since: the pod waits for the new node and
    nothing has failed yet. Not a shortage PROBLEM, not autoscaler_no_scale_up: inconclusive, with a
    scheduler-layer gap saying a node is being added (a GPU scale-out takes minutes by design, as
    first-contact case fb504 settled). Before session 6 this scenario expected insufficient_gpu."""
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


@scenario("near_quota_failedcreate_other_error", "scheduler.create_rejected",
          {"kind": "Deployment", "namespace": ML, "name": "api"}, kind="near_miss",
          near_miss_for=("scheduler.quota_exceeded",))
def _(w):
    """A ReplicaSet cannot create pods, but because its service account is missing, not a quota: the
    ServiceAccount admission's refusal (`error looking up service account %s/%s: %v`, catalogued in
    session 17; before, a FailedCreate in words no format knew) is create_rejected, never the quota id."""
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
    w.log(ML, "l4-infer-0", "server", "")    # what `collect pod` stores for a quiet container
    w.target("Pod", ML, "l4-infer-0")


@scenario("gpu_model_label_mismatch", "node.gpu_model_label_mismatch", pod_subj("bench-0"),
          readme="nvidia-smi output: corpus h100-80gb-hbm3-590.48.01-linux-default-load.txt.")
def _(w):
    """The node is labelled NVIDIA-A100-SXM4-80GB but nvidia-smi in the pod shows an H100."""
    w.gpu_node("gpu-node-1", gpus=1, product="NVIDIA-A100-SXM4-80GB", labels=DRIVER_590)
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
    w.log(ML, "ts-infer-1", "server", "")    # what `collect pod` stores for a quiet container
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
    w.log(ML, "ok-0", "app", "")    # what `collect pod` stores for a quiet container
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
    # no nvidia-smi capture here: the corpus has none of 550.127.05, and a 590.48.01 one would
    # contradict the module this node loaded (driver.version_inconsistent)
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
    w.log(ML, "vllm-warm-0", "server", "")    # what `collect pod` stores for a quiet container
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


# ---- the project's own ids (taxonomy.yaml "(gpu-triage)") and the node symptoms ----------------
# Every firing world keeps the GPU stack healthy and complete: a scheduler or node symptom is a
# problem only when the layers that could explain it were checked and passed (verdict.py).

def _initialized(pod: dict) -> dict:
    """A placed pod without init containers whose container is not created yet (Pending) is
    Initialized=True, as the kubelet reports it."""
    for c in pod["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    return pod


def _failed_waiting(container: str) -> dict:
    return {container: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}}


@scenario("sched_rejected_unrecognised", "scheduler.rejected_unrecognised", pod_subj("llm-4"),
          readme="The message is made up in kube-scheduler's own format (`0/N nodes are available: <count> "
                 "<reason>.` plus the preemption summary), with a reason no catalogued filter writes: the wording "
                 "of an out-of-tree filter plugin compiled into the cluster's scheduler build.")
def _(w):
    """A GPU pod of the default scheduler stays Pending; the scheduler's FailedScheduling names a reason
    no catalogued filter writes. The GPU node advertises a free GPU and its whole stack is healthy."""
    w.gpu_node("gpu-node-1", gpus=1)
    w.node("cpu-node-1")
    w.node("cpu-node-2")
    pending_pod(w, "llm-4", "0/3 nodes are available: 3 node(s) had a condition no parser knows. preemption: 0/3 "
                            "nodes are available: 3 Preemption is not helpful for scheduling.")
    w.target("Pod", ML, "llm-4")


@scenario("near_rejected_unrecognised_taint", "scheduler.untolerated_taint", pod_subj("llm-5"), kind="near_miss",
          near_miss_for=("scheduler.rejected_unrecognised",),
          readme="kube-scheduler's TaintToleration wording (`node(s) had untolerated taint {key: value}`) for the GPU "
                 "node, NodeResourcesFit's `Insufficient nvidia.com/gpu` for the CPU nodes (no such resource).")
def _(w):
    """The same three nodes; the GPU node (free GPU) carries nvidia.com/gpu=present:NoSchedule and the pod has
    no toleration: a recognised wording gives its own id."""
    w.gpu_node("gpu-node-1", gpus=1, taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    w.node("cpu-node-1")
    w.node("cpu-node-2")
    pending_pod(w, "llm-5", "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, "
                            "2 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 Preemption is not "
                            "helpful for scheduling.")
    w.target("Pod", ML, "llm-5")


def _host_port_pod(w, ns: str, name: str, node: str, port: int, app: str) -> dict:
    p = w.pod(ns, name, node=node, gpu=0, containers=(app,), labels={"app": app}, owner=("DaemonSet", app), cpu="100m",
              memory="128Mi")
    p["spec"]["containers"][0]["ports"] = [{"containerPort": port, "hostPort": port, "protocol": "TCP"}]
    return p


@scenario("sched_other_filter_host_ports", "scheduler.other_filter", pod_subj("vllm-metrics-0"),
          readme="kube-scheduler's NodePorts wording (`node(s) didn't have free ports for the requested pod ports`). "
                 "NodePorts runs before NodeResourcesFit, so the CPU node fails on the port too.")
def _(w):
    """A vLLM pod asks for hostPort 9100 (its metrics port exposed on the node); node-exporter, a DaemonSet,
    already holds hostPort 9100 on every node. The GPU node has a free GPU and a healthy stack."""
    gpu_cluster(w)
    for n, sfx in (("gpu-node-1", "4hq7d"), ("cpu-node-1", "m2x9k")):
        _host_port_pod(w, "monitoring", f"node-exporter-{sfx}", n, 9100, "node-exporter")
    p = pending_pod(w, "vllm-metrics-0", "0/2 nodes are available: 2 node(s) didn't have free ports for the "
                                         "requested pod ports. preemption: 0/2 nodes are available: 2 No preemption "
                                         "victims found for incoming pod.", owner=("StatefulSet", "vllm-metrics"))
    p["spec"]["containers"][0]["ports"] = [{"containerPort": 8000, "protocol": "TCP"},
                                           {"containerPort": 9100, "hostPort": 9100, "protocol": "TCP"}]
    w.target("Pod", ML, "vllm-metrics-0")


@scenario("near_other_filter_ports_on_cpu_gpu_held", "scheduler.insufficient_gpu", pod_subj("vllm-edge-0"),
          kind="near_miss", near_miss_for=("scheduler.other_filter",))
def _(w):
    """The pod asks for hostPort 8000, which an ingress proxy holds on the CPU node only; the GPU node's
    port is free but its only GPU is held by a notebook: the GPU, not the port, is what is missing."""
    gpu_cluster(w)
    holder(w)
    _host_port_pod(w, "ingress", "edge-proxy-x7k2q", "cpu-node-1", 8000, "edge-proxy")
    p = pending_pod(w, "vllm-edge-0", "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't have "
                                      "free ports for the requested pod ports. preemption: 0/2 nodes are available: "
                                      "1 No preemption victims found for incoming pod, 1 Preemption is not helpful "
                                      "for scheduling.", owner=("StatefulSet", "vllm-edge"))
    p["spec"]["containers"][0]["ports"] = [{"containerPort": 8000, "hostPort": 8000, "protocol": "TCP"}]
    w.target("Pod", ML, "vllm-edge-0")


@scenario("sched_pending_unexplained_no_such_scheduler", "scheduler.pending_unexplained", pod_subj("llm-hami-0"),
          readme="A pod no scheduler picked up has status `{phase: Pending}` and no PodScheduled condition (a "
                 "scheduler writes that condition when it fails to place a pod).")
def _(w):
    """HAMi was uninstalled but the StatefulSet still sets schedulerName hami-scheduler: no scheduler
    watches the pod, so it is Pending, unbound, with no condition and no scheduler event. The namespace's
    events were collected (the StatefulSet's SuccessfulCreate is there); the GPU stack is healthy."""
    gpu_cluster(w)
    p = w.pod(ML, "llm-hami-0", scheduler="hami-scheduler", owner=("StatefulSet", "llm-hami"), containers=("server",))
    p["status"].pop("conditions")
    w.workload("StatefulSet", ML, "llm-hami")
    w.event(ML, "StatefulSet", "llm-hami", "SuccessfulCreate", "create Pod llm-hami-0 in StatefulSet llm-hami "
            "successful", type="Normal", component="statefulset-controller")
    w.target("Pod", ML, "llm-hami-0")


@scenario("near_pending_unexplained_condition_only", "scheduler.insufficient_gpu", pod_subj("llm-6"),
          kind="near_miss", near_miss_for=("scheduler.pending_unexplained",),
          readme="The FailedScheduling events have expired (the API server keeps events for an hour) but the "
                 "PodScheduled=False condition keeps the scheduler's last message.")
def _(w):
    """No scheduler event about the pending pod, but its PodScheduled condition still says Insufficient
    nvidia.com/gpu, and the only GPU is held by a notebook: the scheduler did say why."""
    gpu_cluster(w)
    holder(w)
    w.pod(ML, "llm-6", scheduled_message="0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 "
                                         "nodes are available: 1 No preemption victims found for incoming pod, 1 "
                                         "Preemption is not helpful for scheduling.", owner=("StatefulSet", "llm"))
    w.event(ML, "StatefulSet", "llm", "SuccessfulCreate", "create Pod llm-6 in StatefulSet llm successful",
            type="Normal", component="statefulset-controller")
    w.target("Pod", ML, "llm-6")


KUEUE_LABELS = {"kueue.x-k8s.io/managed": "true", "kueue.x-k8s.io/queue-name": "gpu-queue"}


@scenario("sched_scheduling_gated_kueue", "scheduler.scheduling_gated", pod_subj("finetune-pod-0"),
          readme="Kueue's plain-Pod integration adds the gate `kueue.x-k8s.io/admission`; the API server sets "
                 "PodScheduled=False reason SchedulingGated, message `Scheduling is blocked due to non-empty "
                 "scheduling gates`, and the scheduler writes no event for a gated pod.")
def _(w):
    """A Kueue-managed GPU pod waits for admission to its queue: spec.schedulingGates holds Kueue's gate.
    The GPU node has a free GPU and a healthy stack."""
    gpu_cluster(w)
    p = w.pod(ML, "finetune-pod-0", labels=KUEUE_LABELS, containers=("trainer",),
              extra_spec={"schedulingGates": [{"name": "kueue.x-k8s.io/admission"}]})
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "SchedulingGated",
                                  "message": "Scheduling is blocked due to non-empty scheduling gates",
                                  "lastTransitionTime": T0}]
    w.target("Pod", ML, "finetune-pod-0")


@scenario("near_scheduling_gated_admitted_gpu_full", "scheduler.insufficient_gpu", pod_subj("finetune-pod-1"),
          kind="near_miss", near_miss_for=("scheduler.scheduling_gated",))
def _(w):
    """Kueue admitted the pod and removed its gate (no schedulingGates left); the scheduler then found the
    only GPU held by a notebook outside Kueue's quota."""
    gpu_cluster(w)
    holder(w)
    pending_pod(w, "finetune-pod-1", "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes "
                                     "are available: 1 No preemption victims found for incoming pod, 1 Preemption is "
                                     "not helpful for scheduling.", labels=KUEUE_LABELS, containers=("trainer",))
    w.target("Pod", ML, "finetune-pod-1")


def _gpu_job_template(privileged: bool = False) -> dict:
    c = {"name": "trainer", "image": "nvcr.io/nvidia/pytorch:24.09-py3",
         "resources": {"limits": {"nvidia.com/gpu": "2"}, "requests": {"nvidia.com/gpu": "2"}}}
    if privileged:
        c["securityContext"] = {"privileged": True}
    return {"spec": {"containers": [c], "restartPolicy": "Never"}}


@scenario("job_failedcreate_pod_security", "scheduler.create_rejected",
          {"kind": "Job", "namespace": ML, "name": "finetune"}, near_miss_for=("scheduler.create_failed_unrecognised",),
          readme="The Job controller's `Error creating: <err>` FailedCreate wording around the API server's Pod "
                 "Security admission error (`violates PodSecurity \"baseline:latest\": privileged (container ... "
                 "must not set securityContext.privileged=true)`).")
def _(w):
    """A GPU Job's pod template sets privileged: true; namespace ml enforces the baseline Pod Security
    level, so the Job controller cannot create a single pod. No quota is involved: the Pod Security
    wording is a catalogued refusal (create_rejected), not an unrecognised one."""
    gpu_cluster(w)
    w.workload("Job", ML, "finetune", template_pod=_gpu_job_template(privileged=True),
               status={"active": 0, "ready": 0})
    w.event(ML, "Job", "finetune", "FailedCreate",
            'Error creating: pods "finetune-" is forbidden: violates PodSecurity "baseline:latest": privileged '
            '(container "trainer" must not set securityContext.privileged=true)', component="job-controller", count=6)
    w.target("Job", ML, "finetune")


@scenario("near_create_failed_job_quota", "scheduler.quota_exceeded", {"kind": "Job", "namespace": ML, "name": "finetune"},
          kind="near_miss", near_miss_for=("scheduler.create_failed_unrecognised", "scheduler.create_rejected"),
          readme="The Job controller's FailedCreate around the ResourceQuota admission wording.")
def _(w):
    """The Job controller cannot create its pod because the namespace's GPU quota is used up: a FailedCreate
    in the quota's own words is the quota id, not the unrecognised one."""
    gpu_cluster(w)
    w.workload("Job", ML, "finetune", template_pod=_gpu_job_template(), status={"active": 0, "ready": 0})
    w.event(ML, "Job", "finetune", "FailedCreate",
            'Error creating: pods "finetune-" is forbidden: exceeded quota: gpu-quota, requested: '
            "requests.nvidia.com/gpu=2, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4",
            component="job-controller", count=6)
    w.target("Job", ML, "finetune")


@scenario("node_admission_out_of_cpu", "node.admission_rejected", pod_subj("bench-0"),
          readme="The kubelet's resource-fit admission wording (`Node didn't have enough resource: cpu, requested: "
                 "48000, used: 20000, capacity: 64000`, reason OutOfcpu; `Pod was rejected: ` in status.message). "
                 "Used is the five GPU-stack pods' 4 CPUs each; capacity is the node's allocatable 64 CPUs.")
def _(w):
    """A benchmark pod names spec.nodeName gpu-node-1 itself (bypassing the scheduler) and asks for 48 CPUs
    on a 64-CPU node where the GPU stack already requests 20: the kubelet rejects it at admission."""
    gpu_cluster(w)
    w.pod(ML, "bench-0", node="gpu-node-1", cpu="48", phase="Failed", reason="OutOfcpu",
          message="Pod was rejected: Node didn't have enough resource: cpu, requested: 48000, used: 20000, "
                  "capacity: 64000", containers=("bench",), statuses=_failed_waiting("bench"))
    w.event(ML, "Pod", "bench-0", "OutOfcpu", "Node didn't have enough resource: cpu, requested: 48000, used: 20000, "
                                              "capacity: 64000", host="gpu-node-1")
    w.target("Pod", ML, "bench-0")


@scenario("near_admission_job_deadline_exceeded", None, pod_subj("eval-run-0"), status="healthy", kind="near_miss",
          near_miss_for=("node.admission_rejected", "application.killed_sigkill"),
          readme="The kubelet's active-deadline wording: status reason DeadlineExceeded, message `Pod was active on "
                 "the node longer than the specified deadline`, and a Normal DeadlineExceeded event. The container "
                 "exits on the SIGTERM the kubelet sends (143), within the grace period.")
def _(w):
    """An evaluation Job's pod sets activeDeadlineSeconds 3600; it ran for an hour on the GPU and the kubelet
    stopped it: the pod failed by its own deadline after it was admitted and ran, not by an admission
    rejection, and nothing in the GPU stack is at fault."""
    gpu_cluster(w)
    p = w.pod(ML, "eval-run-0", node="gpu-node-1", phase="Failed", reason="DeadlineExceeded",
              message="Pod was active on the node longer than the specified deadline", containers=("eval",),
              owner=("Job", "eval-run"), statuses={"eval": {"state": {"terminated": {
                  "exitCode": 143, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
                  "ready": False, "restartCount": 0}},
              extra_spec={"activeDeadlineSeconds": 3600})
    p["spec"]["restartPolicy"] = "Never"
    w.log(ML, "eval-run-0", "eval", "Evaluating:  12%|#2        | 611/5000 [07:21<52:48,  1.39it/s]\n"
          "Evaluating:  97%|#########7| 4853/5000 [59:58<01:49,  1.35it/s]\n")
    w.event(ML, "Pod", "eval-run-0", "DeadlineExceeded", "Pod was active on the node longer than the specified "
            "deadline", type="Normal")
    w.target("Pod", ML, "eval-run-0")


@scenario("plugin_admission_allocated_less", "plugin.admission_failed", pod_subj("infer-7f9c-less1"),
          readme="The device manager's `Allocate failed due to unexpectedly allocated less resources than "
                 "required. Requested: 2, Got: 1, which is unexpected` (kubelet cm/devicemanager), a wording "
                 "with no finding of its own.")
def _(w):
    """A two-GPU pod is rejected by the kubelet's device manager, which handed out fewer devices than asked."""
    gpu_cluster(w, gpus=2)
    _admission(w, "infer-7f9c-less1", "Allocate failed due to unexpectedly allocated less resources than required. "
                                      "Requested: 2, Got: 1, which is unexpected", gpu=2)


@scenario("near_plugin_admission_out_of_gpu", "node.admission_rejected", pod_subj("bench-gpu-0"), kind="near_miss",
          near_miss_for=("plugin.admission_failed", "plugin.stale_allocation"),
          readme="The kubelet's resource-fit admission wording for an extended resource (reason "
                 "`OutOfnvidia.com/gpu`), which its predicate writes before the device manager is asked.")
def _(w):
    """A pod names spec.nodeName gpu-node-1 itself while the node's only GPU is held by a notebook: the
    kubelet's resource fit rejects it (a node admission about a GPU, not the device manager's words)."""
    gpu_cluster(w)
    holder(w)
    w.pod(ML, "bench-gpu-0", node="gpu-node-1", phase="Failed", reason="OutOfnvidia.com/gpu",
          message="Pod was rejected: Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 1, "
                  "capacity: 1", containers=("bench",), statuses=_failed_waiting("bench"))
    w.event(ML, "Pod", "bench-gpu-0", "OutOfnvidia.com/gpu", "Node didn't have enough resource: nvidia.com/gpu, "
            "requested: 1, used: 1, capacity: 1", host="gpu-node-1")
    w.target("Pod", ML, "bench-gpu-0")


@scenario("runtime_start_failed_mount_type", "runtime.start_failed_unrecognised", pod_subj("vllm-cfg-0"),
          readme="runc's mount error in containerd's wrapping (`error mounting \"<src>\" to rootfs at \"<dst>\": "
                 "mount <src>:<dst> (via /proc/self/fd/6), flags: 0x5000: not a directory: unknown: Are you trying "
                 "to mount a directory onto a file (or vice-versa)? ...`): no nvidia-container-cli, CDI or "
                 "runtime-handler words.")
def _(w):
    """A GPU pod mounts the host file /etc/vllm/config.yaml (hostPath, type unset) at /app/config, a
    directory in the image: runc cannot bind a file onto a directory and the container never starts."""
    gpu_cluster(w)
    msg = ('Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc '
           'create failed: unable to start container process: error during container init: error mounting '
           '"/etc/vllm/config.yaml" to rootfs at "/app/config": mount /etc/vllm/config.yaml:/app/config (via '
           '/proc/self/fd/6), flags: 0x5000: not a directory: unknown: Are you trying to mount a directory onto a '
           'file (or vice-versa)? Check if the specified host path exists and is the expected type')
    w.pod(ML, "vllm-cfg-0", node="gpu-node-1", containers=("server",), ready=False, runtime_class="nvidia",
          statuses=crashing("server", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"),
          volumes=[{"name": "cfg", "hostPath": {"path": "/etc/vllm/config.yaml"}}],
          mounts=[{"name": "cfg", "mountPath": "/app/config"}])
    w.event(ML, "Pod", "vllm-cfg-0", "Failed", msg, count=5, field_path="spec.containers{server}")
    w.target("Pod", ML, "vllm-cfg-0")


@scenario("near_start_failed_cuda_requirement", "runtime.cuda_requirement_unsatisfied", pod_subj("llm-cu128-1"),
          kind="near_miss", near_miss_for=("runtime.start_failed_unrecognised",),
          readme="nvidia-container-cli's requirement error (`requirement error: unsatisfied condition: cuda>=12.8, "
                 "please update your driver to a newer version, or use an earlier cuda container`) in the prestart "
                 "hook wrapping of runc.")
def _(w):
    """The same start failure shape (RunContainerError / StartError), but in nvidia-container-cli's words: a
    CUDA 12.8 image on a node whose R550 driver supports CUDA 12.4."""
    gpu_cluster(w)
    msg = ("Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc "
           "create failed: unable to start container process: error during container init: error running prestart "
           "hook #0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: "
           "requirement error: unsatisfied condition: cuda>=12.8, please update your driver to a newer version, or "
           "use an earlier cuda container: unknown")
    w.pod(ML, "llm-cu128-1", node="gpu-node-1", containers=("server",), ready=False, runtime_class="nvidia",
          image="vllm/vllm-openai:v0.9.2",
          statuses=crashing("server", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "llm-cu128-1", "Failed", msg, count=5, field_path="spec.containers{server}")
    w.target("Pod", ML, "llm-cu128-1")


@scenario("nvrm_unrecognised_client_unmap", "driver.nvrm_unrecognised", node_subj(),
          readme="NVRM lines in the formats of NVIDIA's open-gpu-kernel-modules: `NV_PRINTF(LEVEL_ERROR, \"Failed "
                 "to auto-unmap (status=0x%x) hClient %x: hResource: %x\")` in clientUnmapResourceRefMappings "
                 "(rs_client.c) and the NV_ASSERT failure line `nvAssertFailedNoLog: Assertion failed: ... @ "
                 "<file>:<line>`; no Xid, no catalogued row (RmInitAdapter failed is one: the parser knows it).")
def _(w):
    """An H100 node whose kernel log, after the driver loaded, shows resource-manager errors without an Xid:
    a failed auto-unmap at client teardown and the assertion after it. The GPU stack is otherwise healthy."""
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    w.dmesg("gpu-node-1",
            "[    5.301877] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:23:31 UTC 2024\n"
            "[ 7423.118204] NVRM: clientUnmapResourceRefMappings: Failed to auto-unmap (status=0x23) hClient c1d00a41: "
            "hResource: 5c\n"
            "[ 7423.118211] NVRM: clientUnmapResourceRefMappings: hContext: beef0003 at addr 7F2C41A000\n"
            "[ 7423.118230] NVRM: nvAssertFailedNoLog: Assertion failed: 0 @ rs_client.c:1194\n")
    w.target("Node", None, "gpu-node-1")


@scenario("near_nvrm_benign_lines", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("driver.nvrm_unrecognised", "driver.not_loaded", "driver.nouveau_conflict"),
          readme="Driver load lines in the formats the NVIDIA kernel modules print at load (module taint notices, "
                 "`NVRM: loading NVIDIA UNIX x86_64 Kernel Module ...`, nvidia-nvlink and nvidia-modeset "
                 "banners, `NVRM: GPU at PCI:...: GPU-<uuid>`), none an error.")
def _(w):
    """An H100 node's kernel log holds only the NVIDIA driver's load banners: NVRM lines, none an error."""
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    w.dmesg("gpu-node-1",
            "[    5.120119] nvidia: loading out-of-tree module taints kernel.\n"
            "[    5.120127] nvidia: module license 'NVIDIA' taints kernel.\n"
            "[    5.188421] nvidia-nvlink: Nvlink Core is being initialized, major device number 234\n"
            "[    5.301877] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:23:31 UTC 2024\n"
            "[    5.402133] nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  550.127.05  "
            "Tue Oct  8 02:56:05 UTC 2024\n"
            "[   11.730512] NVRM: GPU at PCI:0000:3b:00: GPU-5c1e2a7b-9d4f-4e1a-8b2c-3f6d7e8a9b01\n")
    w.target("Node", None, "gpu-node-1")


@scenario("near_nvrm_xid79_block", "driver.gpu_fallen_off_bus", node_subj(), kind="near_miss",
          near_miss_for=("driver.nvrm_unrecognised",), absent=("driver.nvrm_unrecognised",),
          readme="Kernel lines: corpus xid/dmesg_samples.txt, the akash-network/support#209 block verbatim (load "
                 "banner, GPU at, Xid 79, `GPU has fallen off the bus.`, crash-dump notice).")
def _(w):
    """A node's GPU fell off the bus: every NVRM line around the Xid is part of what the Xid parser reads,
    so none is left over as an unrecognised NVRM error."""
    w.gpu_node("gpu-node-1", gpus=8, allocatable=7, product="NVIDIA-H100-80GB-HBM3")
    lines = XID_SAMPLES.read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if "akash-network/support/issues/209" in l) + 1
    block = []
    for l in lines[start:]:
        if not l.strip() or l.startswith("#"):
            break
        block.append(l)
    w.dmesg("gpu-node-1", "\n".join(block) + "\n")
    w.pod(ML, "train-0", node="gpu-node-1", gpu=7, containers=("pytorch",), owner=("Job", "train"))
    w.target("Node", None, "gpu-node-1")


@scenario("app_container_config_missing_secret_key", "application.container_config_invalid",
          pod_subj("vllm-llama-1"),
          readme="The kubelet's CreateContainerConfigError for a secretKeyRef whose key is absent (`couldn't find "
                 "key HF_TOKEN in Secret ml/hf`), and its `Error: ...` Failed event.")
def _(w):
    """A vLLM pod takes HF_TOKEN from key HF_TOKEN of Secret ml/hf; the Secret exists but has no such key, so
    the kubelet cannot build the container's config. It is placed on the GPU node; the stack is healthy."""
    gpu_cluster(w)
    p = w.pod(ML, "vllm-llama-1", node="gpu-node-1", phase="Pending", containers=("server",), ready=False,
              owner=("StatefulSet", "vllm-llama"),
              env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf", "key": "HF_TOKEN"}}}],
              statuses={"server": {"state": {"waiting": {"reason": "CreateContainerConfigError",
                                                         "message": "couldn't find key HF_TOKEN in Secret ml/hf"}},
                                   "ready": False, "restartCount": 0}})
    _initialized(p)
    w.event(ML, "Pod", "vllm-llama-1", "Failed", "Error: couldn't find key HF_TOKEN in Secret ml/hf", count=14,
            field_path="spec.containers{server}")
    w.target("Pod", ML, "vllm-llama-1")


@scenario("near_container_config_fixed", None, pod_subj("vllm-llama-2"), status="healthy", kind="near_miss",
          near_miss_for=("application.container_config_invalid", "application.model_download_unauthorized"))
def _(w):
    """The same missing key was reported at 14:00 (the Failed event is still listed), then the key was added
    to the Secret: the container was created and the pod is Running and ready."""
    gpu_cluster(w)
    w.pod(ML, "vllm-llama-2", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "vllm-llama"),
          env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "hf", "key": "HF_TOKEN"}}}])
    w.event(ML, "Pod", "vllm-llama-2", "Failed", "Error: couldn't find key HF_TOKEN in Secret ml/hf", count=3,
            field_path="spec.containers{server}", last=T0)
    w.log(ML, "vllm-llama-2", "server", "INFO 11-29 14:21:40 [api_server.py:1090] Starting vLLM API server on "
          "http://0.0.0.0:8000\n")
    w.target("Pod", ML, "vllm-llama-2")


@scenario("app_image_pull_tag_not_found", "application.image_pull_failed", pod_subj("vllm-1"),
          readme="containerd's pull error for a missing tag (`rpc error: code = NotFound desc = failed to pull and "
                 "unpack image ...: failed to resolve reference ...: not found`) and the kubelet's ErrImagePull / "
                 "ImagePullBackOff wordings.")
def _(w):
    """A vLLM pod's image tag has a typo (v0.8.33 instead of v0.8.3): the registry has no such tag and the
    kubelet backs off pulling it. The pod is placed on the GPU node; the stack is healthy."""
    gpu_cluster(w)
    image = "vllm/vllm-openai:v0.8.33"
    ref = f"docker.io/{image}"
    p = w.pod(ML, "vllm-1", node="gpu-node-1", phase="Pending", containers=("server",), ready=False, image=image,
              owner=("StatefulSet", "vllm"),
              statuses={"server": {"state": {"waiting": {"reason": "ImagePullBackOff",
                                                         "message": f'Back-off pulling image "{image}"'}},
                                   "ready": False, "restartCount": 0}})
    _initialized(p)
    fp = "spec.containers{server}"
    w.event(ML, "Pod", "vllm-1", "Failed", f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed '
            f'to pull and unpack image "{ref}": failed to resolve reference "{ref}": {ref}: not found', count=4,
            field_path=fp)
    w.event(ML, "Pod", "vllm-1", "Failed", "Error: ErrImagePull", count=4, field_path=fp)
    w.event(ML, "Pod", "vllm-1", "BackOff", f'Back-off pulling image "{image}"', type="Normal", count=31,
            field_path=fp)
    w.event(ML, "Pod", "vllm-1", "Failed", "Error: ImagePullBackOff", count=31, field_path=fp)
    w.target("Pod", ML, "vllm-1")


@scenario("near_image_pull_driver_pod", "driver.image_unavailable", pod_subj("llm-7"), kind="near_miss",
          near_miss_for=("application.image_pull_failed",),
          readme="The driver pod's pull failure in containerd's NotFound wording for the precompiled driver tag; "
                 "the operands that wait for the driver sit in their first init container.")
def _(w):
    """The user's pod is Pending (no node advertises nvidia.com/gpu) because the GPU Operator's driver pod
    cannot pull its image: an image pull failure of the driver's, not of the workload."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.node("cpu-node-1")
    image = "nvcr.io/nvidia/driver:550.127.05-5.15.0-118-generic-ubuntu22.04"
    name = w.stack("gpu-node-1", "driver")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] in ("ContainersReady", "Ready"):
            c["status"] = "False"
    pod["status"]["containerStatuses"][0].update({"state": {"waiting": {
        "reason": "ImagePullBackOff", "message": f'Back-off pulling image "{image}"'}}, "ready": False, "started": False})
    w.event(OPERATOR_NS, "Pod", name, "Failed",
            f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
            f'"{image}": failed to resolve reference "{image}": {image}: not found', count=9)
    for role, init in (("toolkit", "driver-validation"), ("device-plugin", "toolkit-validation"),
                       ("gfd", "toolkit-validation"), ("validator", "driver-validation")):
        init_stuck(w, "gpu-node-1", role, init, None)
    pending_pod(w, "llm-7", "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are "
                            "available: 2 Preemption is not helpful for scheduling.", owner=("StatefulSet", "llm"))
    w.target("Pod", ML, "llm-7")


@scenario("node_gpu_allocatable_zero_stack_healthy", "node.gpu_allocatable_zero", node_subj(),
          readme="Every lower layer was checked and passed: driver, toolkit, device plugin (its log: registered "
                 "with the kubelet), GFD and validator pods Running and ready, healthy logs, no kernel log "
                 "collected (so no Xid). The node's 0 is the finding; what made it 0 is in none of them.")
def _(w):
    """An 8-GPU H100 node: the device plugin registered (capacity nvidia.com/gpu 8) but allocatable is 0."""
    w.gpu_node("gpu-node-1", gpus=8, allocatable=0, product="NVIDIA-H100-80GB-HBM3")
    w.node("cpu-node-1")
    w.target("Node", None, "gpu-node-1")


@scenario("inconclusive_gpu_not_advertised_operator_pods_forbidden", None, node_subj(), status="inconclusive",
          kind="near_miss", suspect="node.gpu_not_advertised",
          near_miss_for=("plugin.not_running", "plugin.nvml_unavailable", "driver.not_ready"),
          readme="The gpu-operator namespace's PodList could not be read (the API server's RBAC wording): the "
                 "device plugin, toolkit and driver pods, their states and logs are not in the bundle.")
def _(w):
    """A node labelled as having a GPU (NFD's pci-10de, GFD's gpu.present/product) advertises no nvidia.com/gpu.
    The collector could not list pods in gpu-operator, so why (no plugin, no NVML, no driver) cannot be seen:
    the node's symptom is the suspect, and guessing a plugin or driver failure would be wrong."""
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None, operator=False)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    w.node("cpu-node-1")
    msg = ('pods is forbidden: User "system:serviceaccount:ml:triage" cannot list resource "pods" in API group "" '
           'in the namespace "gpu-operator"')
    w.error("cluster-resources/pods/gpu-operator.json", [msg], "forbidden")
    w.gap("pods", "forbidden", msg, "list pods in namespace gpu-operator")
    w.target("Node", None, "gpu-node-1")


@scenario("driver_version_inconsistent", "driver.version_inconsistent", node_subj(),
          readme="nvidia-smi output: corpus h100-80gb-hbm3-590.48.01-linux-default-load.txt; the ClusterPolicy "
                 "driver version and GFD's cuda.driver labels say 535.86.10.")
def _(w):
    """A half-done driver change: the ClusterPolicy asks for 535.86.10 and GFD still labels the
    node 535.86.10, while nvidia-smi in the driver pod reports Driver Version 590.48.01."""
    gpu_cluster(w, product="NVIDIA-H100-80GB-HBM3", labels={"nvidia.com/cuda.driver.major": "535",
                                                          "nvidia.com/cuda.driver.minor": "86",
                                                          "nvidia.com/cuda.driver.rev": "10"})
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True, "version": "535.86.10"}, "toolkit": {"enabled": True},
                 "devicePlugin": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi"], SMI_LOAD.read_text())
    w.target("Node", None, "gpu-node-1")


@scenario("app_volume_multi_attach", "application.volume_mount_failed", pod_subj("vllm-llama-3"),
          readme="The attach/detach controller's FailedAttachVolume (`Multi-Attach error for volume ...`) and the "
                 "kubelet's FailedMount timeout, written from operation_generator.go and volume_manager.go.")
def _(w):
    """A vLLM StatefulSet pod was rescheduled to gpu-node-1; its ReadWriteOnce model-cache volume is still
    attached to the node it left, so the kubelet never mounts it and the pod stays ContainerCreating."""
    gpu_cluster(w)
    p = w.pod(ML, "vllm-llama-3", node="gpu-node-1", phase="Pending", containers=("server",), ready=False,
              owner=("StatefulSet", "vllm-llama"),
              statuses={"server": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                   "restartCount": 0}})
    _initialized(p)
    w.event(ML, "Pod", "vllm-llama-3", "FailedAttachVolume", 'Multi-Attach error for volume '
            '"pvc-6f1c2a9e-3b7d-4c21-9a0e-5d8f7e6b4a21" Volume is already exclusively attached to one node and '
            "can't be attached to another", component="attachdetach-controller", count=12)
    w.event(ML, "Pod", "vllm-llama-3", "FailedMount", "Unable to attach or mount volumes: unmounted "
            "volumes=[model-cache], unattached volumes=[model-cache kube-api-access-8x2lq]: timed out waiting for "
            "the condition", component="kubelet", count=6)
    w.target("Pod", ML, "vllm-llama-3")


@scenario("app_volume_secret_missing", "application.volume_mount_failed", pod_subj("vllm-llama-4"),
          readme="The kubelet's FailedMount for a secret volume whose Secret does not exist "
                 "(`MountVolume.SetUp failed for volume %q : secret %q not found`).")
def _(w):
    """A vLLM pod mounts Secret ml/hf-token as a volume; the Secret was never created, so the kubelet cannot
    set the volume up and the pod stays ContainerCreating (no CreateContainerConfigError: no container yet)."""
    gpu_cluster(w)
    p = w.pod(ML, "vllm-llama-4", node="gpu-node-1", phase="Pending", containers=("server",), ready=False,
              owner=("StatefulSet", "vllm-llama"),
              statuses={"server": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                   "restartCount": 0}})
    _initialized(p)
    w.event(ML, "Pod", "vllm-llama-4", "FailedMount", 'MountVolume.SetUp failed for volume "hf-token" : secret '
            '"hf-token" not found', component="kubelet", count=9)
    w.target("Pod", ML, "vllm-llama-4")


@scenario("near_volume_mounted_after_retry", None, pod_subj("vllm-llama-5"), status="healthy", kind="near_miss",
          near_miss_for=("application.volume_mount_failed",))
def _(w):
    """The Multi-Attach error was reported while the old node released the volume; the volume then attached,
    the pod started and is Running and ready (the old events are still listed)."""
    gpu_cluster(w)
    w.pod(ML, "vllm-llama-5", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "vllm-llama"))
    w.event(ML, "Pod", "vllm-llama-5", "FailedAttachVolume", 'Multi-Attach error for volume '
            '"pvc-0b3e7c51-8d2a-4f60-b1c9-2e7a4d9f8c13" Volume is already exclusively attached to one node and '
            "can't be attached to another", component="attachdetach-controller", count=2, last=T0)
    w.log(ML, "vllm-llama-5", "server", "INFO 11-29 14:21:40 [api_server.py:1090] Starting vLLM API server on "
          "http://0.0.0.0:8000\n")
    w.target("Pod", ML, "vllm-llama-5")


_SMI_TIMED_OUT = "timed out after 20.0s"      # the collector's own exec record (collect/kube.py Kube.exec)


@scenario("driver_not_responding_smi_timeout", "driver.not_responding", node_subj(),
          readme="The exec record the collector writes for a command that outlived its timeout "
                 "(`{\"command\": [\"nvidia-smi\"], \"exit_code\": null, \"error\": \"timed out after 20.0s\"}`, "
                 "contracts bundle-v1 gpu/exec/<ns>/<pod>/<container>/<name>.json); no kernel log collected.")
def _(w):
    """An 8-GPU node after an unattended driver package upgrade: every pod looks Running, and nvidia-smi,
    run by the collector in the device plugin and in the driver pod, never returned."""
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    for role, container in (("device-plugin", "nvidia-device-plugin"), ("driver", "nvidia-driver-ctr")):
        w.exec(OPERATOR_NS, w.stack("gpu-node-1", role), container, ["nvidia-smi"], "", exit_code=None,
               error=_SMI_TIMED_OUT)
    w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    w.target("Node", None, "gpu-node-1")


@scenario("near_smi_timeout_answered_in_driver_pod", None, node_subj(), status="healthy", kind="near_miss",
          near_miss_for=("driver.not_responding",),
          readme="One nvidia-smi exec timed out (the collector's record), the driver pod's nvidia-smi printed its "
                 "table (corpus nvidia-smi/text/h100-80gb-hbm3-590.48.01-linux-default-load.txt).")
def _(w):
    """The device plugin's nvidia-smi did not return in time, but the driver pod's answered on the same node:
    the driver answers; one slow exec says nothing about it."""
    w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3",     # GFD's labels of that driver
               labels={"nvidia.com/cuda.driver.major": "590", "nvidia.com/cuda.runtime.major": "13"})
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "device-plugin"), "nvidia-device-plugin", ["nvidia-smi"], "",
           exit_code=None, error=_SMI_TIMED_OUT)
    w.exec(OPERATOR_NS, w.stack("gpu-node-1", "driver"), "nvidia-driver-ctr", ["nvidia-smi"], SMI_LOAD.read_text())
    w.pod(ML, "train-0", node="gpu-node-1", gpu=8, containers=("pytorch",), owner=("Job", "train"))
    w.target("Node", None, "gpu-node-1")


_CLI_HOOK = ("Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc "
             "create failed: unable to start container process: error during container init: error running hook "
             "#0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n")


@scenario("runtime_cli_mount_error_run_overlay", "runtime.container_cli_mount_failed", pod_subj("metrics-agent-0"),
          readme="libnvidia-container's configure step (`src/cli/configure.c`: `warnx(\"mount error: %s\", "
                 "nvc_error(nvc))` after nvc_driver_mount) wrapped by runc's hook error; the detail in the "
                 "library's `file creation failed: <path>: <strerror>` form.")
def _(w):
    """A GPU monitoring pod mounts the host's /run over its own /run; when the hook mounts the persistenced
    socket into it, the file cannot be created there and the container never starts."""
    gpu_cluster(w)
    msg = (_CLI_HOOK + "nvidia-container-cli: mount error: file creation failed: /run/containerd/io.containerd."
           "runtime.v2.task/k8s.io/5e1f0c2a9b7d/rootfs/run/nvidia-persistenced/socket: no such device or address: "
           "unknown")
    w.pod(ML, "metrics-agent-0", node="gpu-node-1", containers=("agent",), ready=False, runtime_class="nvidia",
          statuses=crashing("agent", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"),
          volumes=[{"name": "host-run", "hostPath": {"path": "/run"}}],
          mounts=[{"name": "host-run", "mountPath": "/run"}])
    w.event(ML, "Pod", "metrics-agent-0", "Failed", msg, count=5, field_path="spec.containers{agent}")
    w.target("Pod", ML, "metrics-agent-0")


@scenario("near_cli_initialization_error_not_mount", "runtime.container_cli_init_failed", pod_subj("metrics-agent-1"),
          kind="near_miss", near_miss_for=("runtime.container_cli_mount_failed",),
          absent=("runtime.container_cli_mount_failed",),
          readme="libnvidia-container's `initialization error: %s` (src/cli/configure.c, before any mount) with "
                 "its `load library failed: libnvidia-ml.so.1: cannot open shared object file` detail.")
def _(w):
    """The same hook wrapping, but the library stops before mounting anything: it cannot load NVML."""
    gpu_cluster(w)
    msg = (_CLI_HOOK + "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot "
           "open shared object file: no such file or directory: unknown")
    w.pod(ML, "metrics-agent-1", node="gpu-node-1", containers=("agent",), ready=False, runtime_class="nvidia",
          statuses=crashing("agent", 128, "StartError", msg.removeprefix("Error: "), waiting="RunContainerError"))
    w.event(ML, "Pod", "metrics-agent-1", "Failed", msg, count=5, field_path="spec.containers{agent}")
    w.target("Pod", ML, "metrics-agent-1")


def _health_condition(w, message: str) -> None:
    """An H100 node on which a GPU health reporter (OCI's maintenance labeler) set its problem condition."""
    node = w.gpu_node("gpu-node-1", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    node["status"]["conditions"].append({"type": "oci.oraclecloud.com/MaintenanceFault", "status": "True",
                                         "reason": "HPCGPU-0099-01", "message": message})
    w.target("Node", None, "gpu-node-1")


@scenario("driver_health_report_unrecognised", "driver.health_report_unrecognised", node_subj(),
          readme="A GPU health reporter's problem condition on the node (oci-hpc-oke-utils' labeler writes "
                 "`oci.oraclecloud.com/MaintenanceFault=True`, reason the OCI fault ID, message its description) "
                 "whose message names the GPU in words no Xid, fault class or agent reason knows.")
def _(w):
    """The reporter says a GPU failed its diagnostic; nothing in the words names a fault class."""
    _health_condition(w, "GPU 5 failed the vendor's burn-in diagnostic and is scheduled for replacement.")


@scenario("near_health_report_row_remap_is_ecc", "driver.xid_ecc_error", node_subj(), kind="near_miss",
          near_miss_for=("driver.health_report_unrecognised",), absent=("driver.health_report_unrecognised",),
          readme="The same condition whose message names row remapping (the Xid catalog's words for Xid 63/64): "
                 "the ECC class, not an unrecognised report.")
def _(w):
    """The reporter's words name the row remapper: the GPU memory fault class decides."""
    _health_condition(w, "The GPU has exceeded the maximum number of ECC defective row remaps.")


# PyTorch's c10 CUDA check (c10/cuda/CUDAException.cpp: "CUDA error: %s" with cudaGetErrorString) for
# cudaErrorStreamCaptureUnsupported (900), a code no catalog row names, as a model server logs it per request
_CAPTURE_ERROR = ("ERROR 11-29 14:52:07 serving.py:233] request 8f2c failed: RuntimeError: CUDA error: operation not "
                  "permitted when stream is capturing\n")
_SERVER_START = "INFO 11-29 14:50:01 serving.py:88] model loaded on cuda:0, listening on 0.0.0.0:8080\n"


@scenario("app_gpu_error_unrecognised_running", "application.gpu_error_unrecognised", pod_subj("embed-0"),
          readme="A Running, Ready model server that requests a GPU and never restarted, whose current log reports "
                 "a CUDA error per request in words no catalog row names (PyTorch's `CUDA error: %s` for code 900); "
                 "the node's kernel log is present and clean, so nothing below the workload explains it.")
def _(w):
    """The pod runs and answers with a CUDA error; no crash, no Xid."""
    gpu_cluster(w)
    w.pod(ML, "embed-0", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "embed"))
    w.log(ML, "embed-0", "server", _SERVER_START + _CAPTURE_ERROR * 3)
    w.dmesg("gpu-node-1", "[    4.120000] nvidia: loading out-of-tree module taints kernel.\n"
                          "[    5.310000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.01  Tue Jun 10 2025\n")
    w.target("Pod", ML, "embed-0")


@scenario("near_gpu_error_xla_registration_nccl_info", None, pod_subj("embed-0"), status="healthy", kind="near_miss",
          near_miss_for=("application.gpu_error_unrecognised",), absent=("application.gpu_error_unrecognised",),
          readme="The same running server whose log holds only XLA's E-level duplicate factory registrations "
                 "(`Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has "
                 "already been registered`) and NCCL INFO lines about a missing net plugin: a healthy start.")
def _(w):
    """Error-looking GPU words that every healthy TensorFlow/JAX or NCCL start prints."""
    gpu_cluster(w)
    w.pod(ML, "embed-0", node="gpu-node-1", containers=("server",), owner=("StatefulSet", "embed"))
    w.log(ML, "embed-0", "server", _SERVER_START
          + "E0000 00:00:1764425407.120001     31 cuda_fft.cc:485] Unable to register cuFFT factory: Attempting to "
            "register factory for plugin cuFFT when one has already been registered\n"
          + "embed-0:31:40 [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.\n")
    w.dmesg("gpu-node-1", "[    5.310000] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.158.01  Tue Jun 10 2025\n")
    w.target("Pod", ML, "embed-0")


def _privileged_trainer(w, gpus: int) -> None:
    """A trainer pod whose container runs privileged (for RDMA, its manifest says), on an 8-GPU node."""
    w.gpu_node("gpu-node-1", gpus=8)
    p = w.pod(ML, "trainer-0", node="gpu-node-1", gpu=gpus, containers=("trainer",), owner=("StatefulSet", "trainer"))
    p["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    w.log(ML, "trainer-0", "trainer", "step 1200/50000 loss=2.913 lr=3.0e-04 tokens/s=48211\n")
    w.target("Pod", ML, "trainer-0")


@scenario("runtime_privileged_sees_every_gpu", "runtime.visible_devices_misconfigured", pod_subj("trainer-0"),
          readme="A Running pod allocated 2 of an 8-GPU node's GPUs whose container runs privileged: the runtime "
                 "mounts the host's /dev for it, so it sees all 8 GPUs, not the 2 the device plugin gave it.")
def _(w):
    """Charged two GPUs, it sees eight."""
    _privileged_trainer(w, 2)


@scenario("near_privileged_holding_every_gpu", None, pod_subj("trainer-0"), status="healthy", kind="near_miss",
          near_miss_for=("runtime.visible_devices_misconfigured",), absent=("runtime.visible_devices_misconfigured",),
          readme="The same privileged trainer allocated all 8 GPUs of the node: what it sees is what it was given.")
def _(w):
    """Privileged, but every GPU of the node is its own."""
    _privileged_trainer(w, 8)


# PyTorch's DataLoader (torch/csrc/DataLoader.cpp): "DataLoader worker (pid %d) exited unexpectedly with exit
# code %d. Details are lost due to multiprocessing. Rerunning with num_workers=0 may give better error trace."
_WORKER_DIED = ("Epoch 0:  12%|#2        | 150/1250 [00:41<05:02,  3.63it/s]\nTraceback (most recent call last):\n"
                "  File \"/workspace/train.py\", line 212, in <module>\n    for step, batch in enumerate(loader):\n"
                "RuntimeError: DataLoader worker (pid 311) exited unexpectedly with exit code 1. Details are lost due "
                "to multiprocessing. Rerunning with num_workers=0 may give better error trace.\n")


def _dataloader_trainer(w, shm: bool) -> None:
    gpu_cluster(w)
    p = crash_pod(w, "detector-0", _WORKER_DIED, container="train", owner=("Job", "detector"))
    if shm:
        p["spec"]["volumes"] = [{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "8Gi"}}]
        p["spec"]["containers"][0]["volumeMounts"] = [{"name": "dshm", "mountPath": "/dev/shm"}]
    w.target("Pod", ML, "detector-0")


@scenario("app_shm_dataloader_default_shm", "application.shm_too_small", pod_subj("detector-0"),
          readme="A crash-looping GPU training pod whose DataLoader worker `exited unexpectedly` (PyTorch loses the "
                 "worker's error) while nothing is mounted at /dev/shm: the runtime's 64Mi default, where "
                 "multi-worker DataLoaders run out of shared memory. Inferred from the two together.")
def _(w):
    """The worker's death and the default /dev/shm, neither enough alone."""
    _dataloader_trainer(w, shm=False)


@scenario("near_shm_dataloader_memory_shm", "application.crash_unclassified", pod_subj("detector-0"),
          kind="near_miss", near_miss_for=("application.shm_too_small",), absent=("application.shm_too_small",),
          readme="The same worker death in a pod that mounts an 8Gi memory-backed emptyDir at /dev/shm: shared "
                 "memory is not the likely cause, and the crash stays unclassified (the worker's own error is lost).")
def _(w):
    """/dev/shm is large: the worker died of something else."""
    _dataloader_trainer(w, shm=True)


# the provider's size table (triage/evidence/instance_gpus.py): an Azure Standard_NC24s_v3 has 4 V100s
def _nc24s_v3(w, advertised: int, **labels) -> None:
    gpu_cluster(w)
    n = w.gpu_node("aks-gpu-31477982-vmss000002", gpus=advertised, product="Tesla-V100-PCIE-16GB", memory_mib=16384,
                   labels={"node.kubernetes.io/instance-type": "Standard_NC24s_v3", **labels})
    w.target("Node", None, n["metadata"]["name"])


@scenario("node_gpus_missing", "node.gpus_missing", {"kind": "Node", "name": "aks-gpu-31477982-vmss000002"},
          readme="An AKS node of size Standard_NC24s_v3 (4 V100s in Azure's size table) whose capacity and GFD count "
                 "say 3: the driver enumerates one GPU fewer than the machine has. Inferred from the machine type "
                 "and the node's capacity; the driver layer was checked (the operator's stack is healthy).")
def _(w):
    """Three GPUs on a four-GPU machine."""
    _nc24s_v3(w, 3)


@scenario("near_gpus_missing_mig_node", None, {"kind": "Node", "name": "aks-gpu-31477982-vmss000002"},
          status="healthy", kind="near_miss", near_miss_for=("node.gpus_missing",), absent=("node.gpus_missing",),
          readme="The same size with a MIG layout applied (nvidia.com/mig.config all-1g.5gb): nvidia.com/gpu no "
                 "longer counts whole GPUs, so the size table says nothing of it.")
def _(w):
    """MIG partitions are counted otherwise."""
    _nc24s_v3(w, 3, **{"nvidia.com/mig.config": "all-1g.5gb", "nvidia.com/mig.config.state": "success"})


@scenario("job_failedcreate_namespace_terminating", "scheduler.create_failed_unrecognised",
          {"kind": "Job", "namespace": ML, "name": "eval-nightly"},
          readme="A Job cannot create its pod because its namespace is being deleted: the NamespaceLifecycle "
                 "admission's refusal (`unable to create new content in namespace %s because it is being "
                 "terminated`), a wording no catalogued format reads, is a finding at the scheduler layer in its own "
                 "words (certainty unrecognised).")
def _(w):
    """The namespace's deletion was started while the Job was still being reconciled."""
    gpu_cluster(w)
    w.workload("Job", ML, "eval-nightly")
    w.event(ML, "Job", "eval-nightly", "FailedCreate",
            'Error creating: pods "eval-nightly-" is forbidden: unable to create new content in namespace ml because '
            "it is being terminated", component="job-controller")
    w.target("Job", ML, "eval-nightly")


def _gang(w: World, members: dict[str, str], *, scheduler: str | None = None, field: str = "schedulingGroup"):
    """A training gang of 8-GPU pods in one pod group, each pending with its own scheduler message."""
    gpu_cluster(w, gpus=8)
    w.node("gpu-node-2", gpus=8, labels={"nvidia.com/gpu.present": "true"})
    for name, message in members.items():
        p = pending_pod(w, name, message, gpu=8, component=scheduler or "default-scheduler")
        if scheduler:
            p["spec"]["schedulerName"] = scheduler
            p["metadata"].setdefault("labels", {})["scheduling.x-k8s.io/pod-group"] = "trainer"
        elif field == "schedulingGroup":
            p["spec"]["schedulingGroup"] = {"podGroupName": "trainer"}
        else:
            p["spec"]["workloadRef"] = {"name": "trainer", "podGroup": "workers"}


@scenario("gang_held_back_by_member_short_of_gpus", "scheduler.gang_incomplete", pod_subj("trainer-0"),
          readme="kube-scheduler's own gang scheduling (GangScheduling, pods in one PodGroup through "
                 "spec.schedulingGroup, 1.35+): the pod-group cycle gives a member it holds back the group's "
                 "PlacementFeasible status (`minCount (%d) cannot be satisfied: %d scheduled, %d remaining`, "
                 "gangscheduling.go); the member that did not fit has its own FitError. Both are cited; the blocker "
                 "is named.")
def _(w):
    """Three of four workers fit; the fourth finds no free GPU, so the scheduler binds none of them."""
    _gang(w, {"trainer-0": "minCount (4) cannot be satisfied: 3 scheduled, 0 remaining",
              "trainer-3": "0/3 nodes are available: 2 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's "
                           "node affinity/selector. preemption: 0/3 nodes are available: 2 No preemption victims "
                           "found for incoming pod, 1 Preemption is not helpful for scheduling."})
    w.target("Pod", ML, "trainer-0")


@scenario("near_gang_coscheduling_plugin", "scheduler.custom_scheduler_rejected", pod_subj("trainer-0"),
          kind="near_miss", near_miss_for=("scheduler.gang_incomplete",),
          readme="The same gang under scheduler-plugins' coscheduling (a second scheduler, PodGroup label): its "
                 "PreFilter wording (`pre-filter pod %v cannot find enough sibling pods, current pods number: %v, "
                 "minMember of group: %v`, coscheduling.go) is that custom scheduler's rejection, not kube-scheduler's "
                 "own gang.")
def _(w):
    """Coscheduling holds the gang: its own words, its own scheduler."""
    _gang(w, {"trainer-0": "0/3 nodes are available: pre-filter pod trainer-0 cannot find enough sibling pods, "
                           "current pods number: 3, minMember of group: 4."}, scheduler="scheduler-plugins-scheduler")
    w.target("Pod", ML, "trainer-0")
