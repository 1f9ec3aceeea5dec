"""The NVLink fabric of a GPU node (driver layer): each GPU's registration with the fabric manager,
as nvidia-smi reports it (the `Fabric` section of `-q` and `-q -x`, the `fabric.state` and
`fabric.status` query fields: NVML's nvmlGpuFabricInfo). A GPU no fabric manager has probed
(Not Started), or Completed with a failed status, cannot run CUDA (error 802) while every object
of the cluster looks healthy. In Progress is no fault by itself: the fabric may still be training,
and with shared-NVSwitch partitioning (FABRIC_MODE=1) a GPU stays In Progress until a partition
that uses it is activated (NVIDIA/gpu-driver-container PR 909; kubernetes-sigs/dra-driver-nvidia-gpu
issue 1264, where that state was legitimate and the DRA plugin's check was wrong), so it neither
fails nor passes the fabric. On an NVSwitch board (`triage/evidence/nvswitch.py`) with no such reading and no
CUDA validation of the GPU Operator on the node, the fabric is named as a gap of the driver layer:
it was not checked."""

from __future__ import annotations

from typing import Iterator, NamedTuple

from triage.classify.model import Gap
from triage.classify.rules.base import NeedGap, node_subject, rule
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.runtime_privileged import node_gpu_count


class _Reading(NamedTuple):
    pod: object
    stream: object          # the LogText of the nvidia-smi output
    gpu: object             # its SmiGpu


def _readings(ctx, node: str) -> Iterator[_Reading]:
    """Each GPU's fabric state in the nvidia-smi outputs the collector took in pods on `node`
    (the parsers are imported only when there is one)."""
    for pod in ctx.pods_by_node.get(node, ()):
        for run in ctx.pod_smi_runs(pod):
            for gpu in (run.stdout.report.gpus if run.stdout and run.stdout.report else ()):
                if gpu.fabric is not None:
                    yield _Reading(pod, run.out.stdout, gpu)


def _gpus(readings) -> int:
    """How many GPUs the readings are of (nvidia-smi -q and -q -x in one pod read each GPU twice)."""
    return len({r.gpu.uuid or r.gpu.bus_id or r.gpu.index for r in readings})


def _cuda_validated(ctx, node: str):
    """The GPU Operator's proof that CUDA runs on `node`, in the stack's own reading of its pods
    (`stack_state.pod_state`): its CUDA validator completed, or the operator validator runs with
    every init container (CUDA validation among them) done and every container ready."""
    from triage.evidence.stack_state import pod_state
    for role, fine in (("cuda-validator", "completed"), ("validator", "running")):
        for pod in ctx.stack_on(node, role):
            if (role == "cuda-validator" or pod.name.startswith("nvidia-operator-validator")) \
                    and pod_state(node, role, pod).state == fine:
                return pod
    return None


@rule(ids=("driver.fabric_manager_not_running",), reads=("nodes",))
def fabric_state(ctx):
    from triage.evidence.nvswitch import nvswitch_board
    for node in ctx.gpu_nodes():
        readings = list(_readings(ctx, node.name))
        waiting = [r for r in readings if r.gpu.fabric in ("not_started", "failed")]
        if waiting:
            first = waiting[0]
            role = gpu_stack_role(first.pod)
            yield ctx.finding(
                "driver.fabric_manager_not_running", "critical", node_subject(node.name),
                [ctx.cite_line(r.stream, r.gpu.fabric_line or r.gpu.line or 1) for r in waiting[:3]],
                node=node.name, fabric_state=first.gpu.fabric_state, fabric_status=first.gpu.fabric_status,
                gpus_waiting=_gpus(waiting), gpu=first.gpu.bus_id, smi_pod=f"{first.pod.namespace}/{first.pod.name}",
                operator_namespace=first.pod.namespace if role else None,
                driver_pod=first.pod.name if role == "driver" else None)
            continue
        training = [r for r in readings if r.gpu.fabric == "in_progress"]
        if training:
            pod = training[0].pod
            yield NeedGap(Gap("pods/exec", "in_progress",
                              f"{_gpus(training)} GPU(s) of {node.name} report fabric State In Progress in the nvidia-smi "
                              f"of {pod.namespace}/{pod.name}: the fabric still training, or (shared-NVSwitch "
                              "partitioning) a partition not activated yet; CUDA on such a GPU waits for it",
                              "nvidia-smi -q on the node again (Fabric State) and the fabric manager's log "
                              "(/var/log/fabricmanager.log on the host, or the driver pod's)", "driver"),
                          None, node.name, decisive=False)
            continue
        if readings and all(r.gpu.fabric == "registered" for r in readings):
            yield ctx.checked(node_subject(node.name), [readings[0].stream.path])
            continue
        label = nvswitch_board(node.labels, (node_gpu_count(node) or (0, ""))[0])
        if label is None:
            continue
        proof = _cuda_validated(ctx, node.name)
        if proof is not None:
            yield ctx.checked(node_subject(node.name), [proof.source])
            continue
        yield NeedGap(Gap("pods/exec", "not_collected",
                          f"{node.name} is an NVSwitch board ({label}={node.labels.get(label)}): its CUDA needs the "
                          "fabric manager's fabric, and no nvidia-smi fabric state or CUDA validation of the node is "
                          "in the bundle",
                          f"create pods/exec (nvidia-smi -q in a GPU pod on {node.name}: its Fabric State)", "driver"),
                      None, node.name, decisive=False)
