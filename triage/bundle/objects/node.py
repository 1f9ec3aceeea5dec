"""The Node view: readiness, taints, GPU capacity/allocatable, node info.

Reads a core/v1 Node.
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    "nodeInfo": {"kernelVersion": "6.8.0-1041-azure", "osImage": "K3s v1.31.2+k3s1",
                 "containerRuntimeVersion": "containerd://1.7.22-k3s1", "kubeletVersion": "v1.31.2+k3s1", ...}
"""

from __future__ import annotations

from functools import cached_property
from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.fields import as_tuple, dig, str_map
from triage.bundle.objects.gpu_resource import is_gpu_resource, labels_say_gpu, labels_say_other_accelerator
from triage.bundle.objects.meta import Condition, K8sObject, conditions_from
from triage.bundle.objects.taints import Taint
from triage.bundle.quantity import parse_quantity


class Node(K8sObject):
    __slots__ = ()
    kind = "Node"

    @cached_property
    def capacity(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "status", "capacity"))

    @cached_property
    def allocatable(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "status", "allocatable"))

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return conditions_from(dig(self.raw, "status", "conditions", default=()))

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)

    @property
    def ready(self) -> bool | None:
        """True / False from the Ready condition; None when the node reports none."""
        c = self.condition("Ready")
        return None if c is None else c.status == "True"

    @property
    def unschedulable(self) -> bool:
        return bool(dig(self.raw, "spec", "unschedulable"))

    @cached_property
    def taints(self) -> tuple[Taint, ...]:
        taints = as_tuple(dig(self.raw, "spec", "taints"))
        return tuple(Taint(str(t.get("key") or ""), str(t.get("value") or ""), str(t.get("effect") or ""))
                     for t in taints if isinstance(t, Mapping))

    @cached_property
    def gpu_capacity(self) -> Mapping[str, int]:
        return {k: int(parse_quantity(v) or 0) for k, v in self.capacity.items() if is_gpu_resource(k)}

    @cached_property
    def gpu_allocatable(self) -> Mapping[str, int]:
        return {k: int(parse_quantity(v) or 0) for k, v in self.allocatable.items() if is_gpu_resource(k)}

    @cached_property
    def whole_gpu_capacity(self) -> int | None:
        """status.capacity[nvidia.com/gpu] when it counts whole GPUs, else None: not with MIG
        (mig-* resources, a mixed strategy, a MIG layout applied), time-slicing replicas or a
        renamed shared resource, nor when it is absent or 0."""
        labels = self.labels
        mig = labels.get("nvidia.com/mig.config")
        if any(r != "nvidia.com/gpu" for r in self.gpu_capacity) or labels.get("nvidia.com/mig.strategy") == "mixed" \
                or (mig is not None and mig != "all-disabled") or labels.get("nvidia.com/gpu.replicas", "1") not in ("", "1"):
            return None
        return self.gpu_capacity.get("nvidia.com/gpu") or None

    @property
    def kernel_version(self) -> str:
        return str(dig(self.raw, "status", "nodeInfo", "kernelVersion", default=""))

    @property
    def os_image(self) -> str:
        return str(dig(self.raw, "status", "nodeInfo", "osImage", default=""))

    @property
    def provider_id(self) -> str:
        """spec.providerID (aws:///<zone>/<id>, gce://<project>/<zone>/<name>, azure://...), or ""."""
        return str(dig(self.raw, "spec", "providerID", default="") or "")

    @property
    def container_runtime(self) -> str:
        return str(dig(self.raw, "status", "nodeInfo", "containerRuntimeVersion", default=""))

    @property
    def kubelet_version(self) -> str:
        return str(dig(self.raw, "status", "nodeInfo", "kubeletVersion", default=""))

    @property
    def looks_like_gpu_node(self) -> bool:
        """Advertises a GPU resource, or carries GPU labels (GFD / NFD / operator, the cloud
        provider's accelerator labels, a GPU instance type), or labels of another vendor's
        accelerator (an AMD or Intel GPU, an AWS Neuron instance type)."""
        if self.gpu_capacity or self.gpu_allocatable:
            return True
        return any(k.startswith("nvidia.com/") for k in self.labels) or labels_say_gpu(self.labels) \
            or labels_say_other_accelerator(self.labels)
