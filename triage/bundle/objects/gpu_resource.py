"""Which extended resource names mean "a GPU" (or a slice of one) to the scheduler.

Reads a resource name as it appears in requests, limits, capacity and allocatable:

    >>> is_gpu_resource("nvidia.com/gpu"), is_gpu_resource("nvidia.com/mig-1g.10gb"), is_gpu_resource("cpu")
    (True, True, False)
"""

from __future__ import annotations

import re

# Resource names that mean "a GPU" (or a slice of one) to the scheduler.
GPU_RESOURCE_RE = re.compile(
    r"^(nvidia\.com/(gpu(\.shared)?|mig-[0-9a-z.]+(\.shared)?)|alpha\.kubernetes\.io/nvidia-gpu|amd\.com/gpu)$")


def is_gpu_resource(name: str) -> bool:
    return bool(GPU_RESOURCE_RE.match(name))


_NAME_CACHE: dict[str, bool] = {}


def _gpu_name(name: object) -> bool:
    hit = _NAME_CACHE.get(name) if isinstance(name, str) else False
    if hit is None:
        hit = ("gpu" in name or name.startswith("nvidia.com/")) and is_gpu_resource(name)  # type: ignore[union-attr]
        if len(_NAME_CACHE) < 4096:
            _NAME_CACHE[name] = hit  # type: ignore[index]
    return bool(hit)


def raw_pod_requests_gpu(raw: object) -> bool:
    """Does a raw pod dict ask for a GPU: a GPU resource with a non-zero count in any container's
    (or init container's) limits or requests, or a DRA ResourceClaim? The answer `Pod.requests_gpu`
    gives, without building the views (a scan asks it of 100,000 pods). Never raises.

        >>> raw_pod_requests_gpu({"spec": {"containers": [{"resources": {"limits": {"nvidia.com/gpu": "1"}}}]}})
        True
        >>> raw_pod_requests_gpu({"spec": {"containers": [{"resources": {"limits": {"nvidia.com/gpu": "0"}}}]}})
        False
    """
    spec = raw.get("spec") if isinstance(raw, dict) else None
    if not isinstance(spec, dict):
        return False
    if spec.get("resourceClaims"):
        return True
    for key in ("containers", "initContainers"):
        containers = spec.get(key)
        if not isinstance(containers, list):
            continue
        for c in containers:
            res = c.get("resources") if isinstance(c, dict) else None
            if not isinstance(res, dict):
                continue
            for part in ("limits", "requests"):
                names = res.get(part)
                if isinstance(names, dict):
                    for k, v in names.items():
                        if _gpu_name(k) and str(v).strip() not in ("0", ""):
                            return True
    return False


def raw_mentions_gpu(raw: object) -> bool:
    """Whether a raw pod or node names any GPU-like extended resource (`nvidia.com/gpumem`,
    `aliyun.com/gpu-mem`, `volcano.sh/vgpu-number`: any name containing "gpu") in its
    containers' requests or limits, or in its capacity / allocatable, or asks for a DRA
    claim: wider than `raw_pod_requests_gpu`, for deciding that something is out of GPU scope.

        >>> raw_mentions_gpu({"spec": {"containers": [{"resources": {"limits": {"aliyun.com/gpu-mem": "1"}}}]}})
        True
        >>> raw_mentions_gpu({"status": {"capacity": {"cpu": "8"}}})
        False
    """
    if not isinstance(raw, dict):
        return False
    spec = raw.get("spec") if isinstance(raw.get("spec"), dict) else {}
    if spec.get("resourceClaims"):
        return True
    maps = []
    for key in ("containers", "initContainers"):
        for c in spec.get(key) or ():
            res = c.get("resources") if isinstance(c, dict) else None
            if isinstance(res, dict):
                maps += [res.get("limits"), res.get("requests")]
    status = raw.get("status") if isinstance(raw.get("status"), dict) else {}
    maps += [status.get("capacity"), status.get("allocatable")]
    return any(isinstance(m, dict) and any(isinstance(k, str) and "gpu" in k.lower() for k in m) for m in maps)
