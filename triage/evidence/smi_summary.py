"""What an nvidia-smi run inside a pod showed, judged against what the pod asked for: the GPUs
it sees (against the GPUs it requests), the driver and CUDA versions (against the CUDA the
image says it needs: `NVIDIA_REQUIRE_CUDA` / `CUDA_VERSION` in the container's env), MIG
devices, and the error it printed instead, if any. Pure: the pod view and its nvidia-smi runs in,
plain dicts out (the findings document's `nvidia_smi`, which the reports print).

    summarise(pod, smi_runs(exec_outputs)) -> [{"container", "path", "line", "gpus", "visible", "requested",
                                      "driver_version", "cuda_version", "required_cuda", "mig_devices",
                                      "error", "verdict"}]

`verdict`: `ok`, `fewer_gpus` (sees fewer than it requested), `cuda_too_old` (the driver's CUDA
is older than the image needs), `error` (nvidia-smi failed: its first error line is `error`).
"""

from __future__ import annotations

import re
from typing import Iterable

from triage import lazy_re

_REQUIRE = lazy_re.compile(r"cuda>=(\d+(?:\.\d+)?)")


def _version(text: str | None) -> tuple[int, ...] | None:
    m = re.match(r"(\d+)(?:\.(\d+))?", text or "")
    return tuple(int(g) for g in m.groups() if g is not None) if m else None


def required_cuda(container) -> str | None:
    """The CUDA version the image declares it needs (NVIDIA's base images set both variables)."""
    env = {e.name: e.value for e in getattr(container, "env", ()) if getattr(e, "value", None)}
    m = _REQUIRE.search(env.get("NVIDIA_REQUIRE_CUDA", ""))
    if m:
        return m.group(1)
    cuda = env.get("CUDA_VERSION")
    return ".".join(cuda.split(".")[:2]) if cuda and _version(cuda) else None


def summarise(pod, runs: Iterable) -> list[dict]:
    """`runs`: the pod's nvidia-smi runs (`triage.evidence.smi_runs.smi_runs` of its exec outputs)."""
    runs = [r for r in runs if r.out.name in ("nvidia-smi", "nvidia-smi-L")]
    if not runs:
        return []
    requests = getattr(pod, "gpu_requests", None) or {}
    requested = sum((requests() if callable(requests) else requests).values())
    containers = {c.name: c for c in getattr(pod, "containers", ())}
    out = []
    for r in runs:
        o = r.out
        # the stream that says what it saw (stdout first); the errors of both
        parsed = next((p for _, p in r.streams() if p.report is not None or p.listing is not None), None)
        if parsed is None:
            continue
        report, listing = parsed.report, parsed.listing
        source = o.stdout if o.stdout is not None and o.stdout.text else o.stderr
        errors = [e for _, e in r.errors]
        if listing is not None:          # nvidia-smi -L: GPUs and MIG devices, no versions
            gpus, mig, driver, cuda, line = [g.name for g in listing.gpus if g.name], listing.mig_count, None, None, None
        else:
            gpus, mig = [g.name for g in report.gpus if g.name], len(report.mig_devices)
            driver, cuda, line = report.driver_version, report.cuda_version, report.driver_version_line
        need = required_cuda(containers.get(o.container))
        row = {"container": o.container, "command": "nvidia-smi -L" if o.name == "nvidia-smi-L" else "nvidia-smi",
               "path": source.path if source is not None else None, "line": line, "gpus": gpus,
               "visible": len(gpus), "requested": requested, "driver_version": driver, "cuda_version": cuda,
               "required_cuda": need, "mig_devices": mig, "error": errors[0].excerpt if errors else None}
        if errors and not gpus:
            row["verdict"] = "error"
        elif requested and len(gpus) < requested and not mig:
            row["verdict"] = "fewer_gpus"
        elif need and cuda and _version(cuda) < _version(need):
            row["verdict"] = "cuda_too_old"
        else:
            row["verdict"] = "ok"
        out.append(row)
    return out
