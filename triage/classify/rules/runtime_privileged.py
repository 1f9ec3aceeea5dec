"""A privileged GPU container against the node's GPU count: a container with
`securityContext.privileged: true` gets every device node of the host (the container runtime
bind-mounts the host's /dev for it), so CUDA in it enumerates all of the node's GPUs whatever the
device plugin allocated. The pod is charged N GPUs and can use (and take from other pods) all of
them: the device visibility comes from the pod spec, not the allocation.

The node's GPU count is GFD's `nvidia.com/gpu.count` when the node carries it, else its
`nvidia.com/gpu` capacity when that counts whole GPUs (no time-slicing replicas, no MIG devices).
GPU-stack pods and node debuggers see the host on purpose and are not judged here.
"""

from __future__ import annotations

from triage.bundle.objects.pod import Pod
from triage.classify.model import Certainty
from triage.classify.rules.base import pod_subject, privileged_containers, rule
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.runtime import host_view

GPU = "nvidia.com/gpu"


def _privileged_gpu_container(pod: Pod) -> str | None:
    """The first privileged container of `pod` that asks for a whole GPU."""
    for name in privileged_containers(pod):
        c = pod.container(name)
        if c is not None and c.gpu_resources().get(GPU):
            return c.name
    return None


def node_gpu_count(node) -> tuple[int, str] | None:
    """(the node's whole GPUs, where that number was read), or None when it cannot be told."""
    labels = node.labels
    count = labels.get("nvidia.com/gpu.count", "")
    if count.isdigit() and int(count) > 0:
        return int(count), "label nvidia.com/gpu.count"
    cap = node.whole_gpu_capacity
    return (cap, f"status.capacity[{GPU}]") if cap is not None else None


@rule(ids=("runtime.visible_devices_misconfigured",), reads=("pods", "nodes"))
def privileged_sees_every_gpu(ctx):
    """A privileged GPU container on a node with more GPUs than the pod was allocated."""
    for pod in ctx.scope_pods:
        container = _privileged_gpu_container(pod)
        node = ctx.nodes.get(pod.node_name) if container and pod.node_name else None
        if node is None or gpu_stack_role(pod) or host_view(pod):
            continue
        counted = node_gpu_count(node)
        requested = pod.gpu_requests.get(GPU, 0)
        if counted is None or counted[0] <= requested:
            continue
        gpus, where = counted
        yield ctx.finding("runtime.visible_devices_misconfigured", "warning", pod_subject(pod),
                          [ctx.cite_field(pod, f"{pod.name} container {container} securityContext.privileged", True),
                           ctx.cite_field(node, f"{node.name} {where}", gpus)],
                          Certainty.INFERRED, namespace=pod.namespace, pod=pod.name, node=pod.node_name,
                          container=container, privileged=True, visible=gpus, requested=requested)
