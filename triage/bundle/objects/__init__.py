"""Typed, read-only views of Kubernetes objects as a bundle holds them.

Each view wraps the raw API dict (no copy, no model classes: a 100,000-pod
bundle must load fast) and exposes what the analysis reads as properties, so
code above never indexes raw dicts by string paths. Every view knows where it
came from (`source`: bundle path of its list file) for citations.

- `meta`: `K8sObject` (metadata every kind shares), `OwnerRef`, `Condition`
- `pod`, `node`, `event`, `workload`: the views `Pod`, `Node`, `Event`, `Workload`, `GenericObject`
- `containers`: `Container`, `ContainerStatus`, `ContainerState`, `Probe`, `EnvVar`
- `taints`: `Taint`, `Toleration`
- `gpu_resource`: `is_gpu_resource`, `GPU_RESOURCE_RE`, `raw_pod_requests_gpu`
- `list_items`: `iter_items` (the items of a List document)
- `fields`: safe reads of raw dicts (`dig`, `as_tuple`, `as_mapping`, `str_map`)
"""

# Re-exports of the names the single module had (transitional: importers move to the modules above).
from __future__ import annotations

from triage.bundle.objects.containers import (  # noqa: F401
    Container, ContainerState, ContainerStatus, EnvVar, Probe)
from triage.bundle.objects.event import Event  # noqa: F401
from triage.bundle.objects.gpu_resource import GPU_RESOURCE_RE, is_gpu_resource  # noqa: F401
from triage.bundle.objects.list_items import iter_items  # noqa: F401
from triage.bundle.objects.meta import Condition, K8sObject, OwnerRef  # noqa: F401
from triage.bundle.objects.node import Node  # noqa: F401
from triage.bundle.objects.pod import Pod  # noqa: F401
from triage.bundle.objects.taints import Taint, Toleration  # noqa: F401
from triage.bundle.objects.workload import GenericObject, Workload  # noqa: F401
