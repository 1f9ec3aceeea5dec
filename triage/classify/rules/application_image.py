"""What a workload's image says it runs on (application layer): an image built for CUDA, its tag
naming the CUDA it was built on (`nvidia/cuda:12.4.1-runtime-ubuntu22.04`,
`pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime`, `...-cu121`: `evidence/cuda_compat.image_cuda`),
in a pod that was asked about, runs, and requests no GPU, in a cluster whose nodes offer GPUs:
the device plugin hands it none, so it runs on the CPU or fails to find a device, silently or in
words of its own. State first: no log line is needed for it (a training step whose orchestrator
dropped the GPU request runs on a CPU node and prints nothing about it)."""

from __future__ import annotations

from triage.bundle.objects.gpu_resource import is_accelerator_resource
from triage.classify.rules.application import node_agent
from triage.classify.rules.base import pod_subject, rule, visible_devices_by_hand
from triage.evidence.cuda_compat import image_cuda


def _asks_accelerator(pod) -> bool:
    """A GPU or another accelerator in any container's limits or requests, or a DRA claim."""
    return bool(pod.resource_claims) or any(
        is_accelerator_resource(r) for c in pod.containers for part in (c.limits, c.requests) for r in part)


@rule(ids=("application.gpu_not_requested",), reads=("pods", "nodes"))
def cuda_image_without_gpu(ctx):
    """Only pods a diagnosis was asked about (a scan judges pods that request GPUs): a node
    agent (a DaemonSet's pod, a privileged container, the GPU stack) reaches the GPUs through
    the host, devices named by hand in NVIDIA_VISIBLE_DEVICES are visible_devices_misconfigured's,
    and without a GPU node in the cluster there is no GPU to ask for (NO GPU)."""
    if not ctx.gpu_node_names:
        return
    for pod in ctx.scope_pods:
        # (a pod the one pass saw request a GPU asks for an accelerator: answered without its views)
        if not pod.node_name or id(pod) in ctx.gpu_pod_ids or _asks_accelerator(pod) or node_agent(pod) \
                or visible_devices_by_hand(pod):
            continue
        container = next((c for c in pod.containers if not c.init and image_cuda(c.image)), None)
        if container is None:
            continue
        cuda = "%d.%d" % image_cuda(container.image)
        yield ctx.finding("application.gpu_not_requested", "error", pod_subject(pod),
                          [ctx.cite_field(pod, f"containers[{container.name}].image", container.image),
                           ctx.cite_field(pod, f"containers[{container.name}].resources", {
                               "limits": dict(container.limits), "requests": dict(container.requests)})],
                          "inferred", namespace=pod.namespace, pod=pod.name, container=container.name,
                          node=pod.node_name, image=container.image, image_cuda=cuda)
