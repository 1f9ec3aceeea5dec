"""Parameter builders of the log recognisers: sizes to bytes, PyTorch OOM numbers,
cuda-validator error classes, Hugging Face repo names.

Sample: `to_bytes("74.16 GiB")` -> 79628693667.
"""

from __future__ import annotations

import re
from typing import Callable

from triage.evidence.log_facts import ParamValue

Params = dict[str, ParamValue | None]
Builder = Callable[[re.Match[str], str], Params | None]

_UNITS = {"b": 1, "byte": 1, "bytes": 1, "kb": 1000, "kib": 1 << 10, "mb": 1000**2, "mib": 1 << 20,
          "gb": 1000**3, "gib": 1 << 30, "tb": 1000**4, "tib": 1 << 40}
SIZE = r"\d{1,20}(?:\.\d{1,6})?\s?(?:[KMGT]i?B|bytes|B)"


def to_bytes(size: str | None) -> int | None:
    """'74.16 GiB' -> 79628693667; None or unparsable -> None."""
    if not size:
        return None
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s?([A-Za-z]+)\s*", size)
    if not m or m.group(2).lower() not in _UNITS:
        return None
    return int(float(m.group(1)) * _UNITS[m.group(2).lower()])


def to_int(s: str | None) -> int | None:
    return int(s) if s and s.isdecimal() and len(s) < 19 else None


def no_params(m: re.Match[str], line: str) -> Params:
    return {}


def groups(m: re.Match[str], line: str) -> Params:
    """Named groups as params: digits -> int, `*_size` groups -> `*_bytes`."""
    out: Params = {}
    for name, value in m.groupdict().items():
        if value is None:
            continue
        if name.endswith("_size"):
            out[name[:-5] + "_bytes"] = to_bytes(value)
        elif value.isdecimal() and len(value) < 19:
            out[name] = int(value)
        else:
            out[name] = value.strip()
    return out


def search(rx: str, line: str, group: int = 1) -> str | None:
    m = re.search(rx, line)
    return m.group(group) if m else None


def torch_oom(m: re.Match[str], line: str) -> Params:
    """Numbers of every PyTorch OOM wording (pre-2.1 tuple, 2.1 'capacty', 2.2+)."""
    legacy = re.search(rf"\(GPU (\d+); ({SIZE}) total capacity; ({SIZE}) already allocated; ({SIZE}) free", line)
    others = re.findall(rf"Process (\d+) has ({SIZE}) memory in use", line)
    params: Params = {"tried_bytes": to_bytes(search(rf"Tried to allocate ({SIZE})", line))}
    if legacy:
        params.update(format="legacy", gpu=int(legacy.group(1)), total_bytes=to_bytes(legacy.group(2)),
                      allocated_bytes=to_bytes(legacy.group(3)), free_bytes=to_bytes(legacy.group(4)),
                      reserved_bytes=to_bytes(search(rf"({SIZE}) reserved in total by PyTorch", line)))
    else:
        current = re.search(rf"GPU (\d+) has a total (capac(?:i)?ty) of ({SIZE})(?: of which ({SIZE}) is free)?", line)
        if current:
            params.update(format="capacty_typo" if current.group(2) == "capacty" else "current",
                          gpu=int(current.group(1)), total_bytes=to_bytes(current.group(3)),
                          free_bytes=to_bytes(current.group(4)))
        params.update(
            this_process_bytes=to_bytes(search(rf"this process has ({SIZE}) memory in use", line)),
            allocated_bytes=to_bytes(search(rf"({SIZE}) is allocated by PyTorch", line)),
            reserved_bytes=to_bytes(search(rf"({SIZE}) is reserved by PyTorch but unallocated", line)))
    if others:
        params["other_process_bytes"] = sum(to_bytes(size) or 0 for _, size in others)
        params["other_pids"] = ",".join(pid for pid, _ in others)
    return params


def cuda_validation(m: re.Match[str], line: str) -> Params:
    error = m.group("error")
    low = error.lower()
    if "no cuda-capable device" in low:
        cls = "no_device"
    elif "system not yet initialized" in low:
        cls = "not_initialized"
    elif "busy or unavailable" in low:
        cls = "busy_unavailable"
    elif "driver version is insufficient" in low:
        cls = "driver_too_old"
    elif "no kernel image" in low:
        cls = "no_kernel_image"
    elif "unsupported display driver / cuda driver combination" in low:
        cls = "driver_mismatch"
    else:
        cls = "other"
    return {"step": m.group("step").strip(), "cuda_error": cls, "error": error}


def cuda_oom_format(m: re.Match[str], line: str) -> Params:
    """Which wrapper printed a bare CUDA out-of-memory: TensorRT-LLM's `CUDA runtime error in
    <call>: out of memory`, a driver-API name (TensorFlow/XLA `CUDA_ERROR_OUT_OF_MEMORY`), or generic."""
    text = m.group(0)
    if text.startswith("CUDA runtime error in"):
        return {"format": "trtllm", "call": search(r"CUDA runtime error in ([\w:]{1,80})", text)}
    if text.startswith("NCCL WARN"):
        return {"format": "nccl"}
    if text == "CUDA_ERROR_OUT_OF_MEMORY":
        return {"format": "cuda_driver_api"}
    return {"format": "generic"}


_HEALTHCHECK_REASONS = (("unable to get device handle", "device_handle"), ("supported events", "events_unsupported"),
                        ("device placement", "placement"), ("waiting for event", "event_wait"),
                        ("uuid for event", "event_uuid"), ("Marking device", "register_events"))


def healthcheck_reason(reason: str) -> str:
    """The device plugin health checker's reason for marking a device unhealthy, as an id."""
    return next((rid for needle, rid in _HEALTHCHECK_REASONS if needle in reason), "other")


def container_cli(m: re.Match[str], line: str) -> Params:
    params = groups(m, line)
    params["required_cuda"] = search(r"--require=cuda>=([\d.]+)", line) or search(r"cuda>=([\d.]+)", m.group("detail"))
    return params


def hf_repo(m: re.Match[str], line: str) -> Params:
    repo = search(r"huggingface\.co/(?:api/models/)?(?!api/)([\w.-]{1,96}/[\w.-]{1,96})", line) \
        or search(r"Access to model ([\w.-]{1,96}/[\w.-]{1,96})", line)
    module = search(r"(huggingface_hub\.(?:utils\._errors|errors))\.", line)
    return {"repo": repo, "module": module}


def nvml_generation(generation: str) -> Builder:
    def build(m: re.Match[str], line: str) -> Params:
        return {"generation": generation}
    return build


def image_pull(m: re.Match[str], line: str) -> Params:
    tag = m.group("tag")
    return {"image": m.group("image"), "tag": tag,
            "os": search(r"-((?:ubuntu|rhel|rhcos|centos|sles|rocky|amzn|debian|buildroot|flatcar|cos)[\d.]*)$", tag)}


def with_params(builder: Builder, **extra: ParamValue) -> Builder:
    def build(m: re.Match[str], line: str) -> Params | None:
        params = builder(m, line)
        if params is not None:
            params.update(extra)
        return params
    return build
