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
- `gpu_stack`: `stack_role` (which part of the GPU stack a raw pod or DaemonSet is)
- `list_items`: `iter_items` (the items of a List document)
- `fields`: safe reads of raw dicts (`dig`, `as_tuple`, `as_mapping`, `str_map`)
"""
