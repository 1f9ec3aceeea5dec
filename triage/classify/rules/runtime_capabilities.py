"""The NVIDIA driver capabilities a GPU container runs with, against what its log says it
needs: a workload that fails at the GPU's video engines (NVENC / NVDEC: FFmpeg's
`Cannot load libnvidia-encode.so.1`, an `h264_nvenc` encoder that failed) while its
`NVIDIA_DRIVER_CAPABILITIES` lacks `video` got no codec library from the NVIDIA runtime.

The runtime mounts the driver libraries of the capabilities listed (nvidia-container-toolkit:
compute, compat32, graphics, utility, video, display, or all); unset or empty means its
default, `utility,compute`. The value comes from `env` run in the container when the bundle
holds it (the image's own ENV included), else from the pod spec, which an image may override:
the finding says which it read.
"""

from __future__ import annotations

from triage import lazy_re
from triage.classify.model import Certainty
from triage.classify.rules.base import pod_subject, requests_nvidia, rule, visible_devices_by_hand
from triage.classify.rules.patterns import role_logs, scan

CAPABILITIES = "NVIDIA_DRIVER_CAPABILITIES"
RUNTIME_DEFAULT = "utility,compute"


# `env`, `printenv`, or either piped through `grep <word>` where the word is part of the name: an
# output that would show NVIDIA_DRIVER_CAPABILITIES if it were set
_LISTING = lazy_re.compile(r"\s*(?:env|printenv)\s*(?:\|\s*grep\s+(?:-\w+\s+)*['\"]?([A-Za-z_]{1,40})['\"]?\s*)?")


def _reads_capabilities(command: tuple[str, ...]) -> str | None:
    """How an exec'd command shows the variable: `value` (printenv of it alone), `listing` (the
    whole environment, or a grep that keeps its line), or None (it says nothing of it)."""
    if list(command) == ["printenv", CAPABILITIES]:
        return "value"
    text = command[-1] if command and command[0] in ("sh", "bash", "/bin/sh", "/bin/bash") else " ".join(command)
    m = _LISTING.fullmatch(text[:200])
    word = m.group(1) if m else None
    if m and word is not None and " -i" in text:
        word = word.upper()
    return "listing" if m and (word is None or word in CAPABILITIES) else None


def driver_capabilities(ctx, pod, container: str) -> tuple[str | None, str]:
    """(the container's NVIDIA_DRIVER_CAPABILITIES or None when unset, where it was read)."""
    for out in ctx.exec_outputs(pod):
        how = _reads_capabilities(out.command) if out.container == container and out.stdout else None
        if how is None or out.error is not None:
            continue
        if how == "value":
            value = next((line.strip() for line in out.stdout.lines if line.strip()), None)
        else:
            value = next((line.split("=", 1)[1].strip() for line in out.stdout.lines
                          if line.startswith(f"{CAPABILITIES}=")), None)
        return value or None, "env in the container"
    spec = next((e.value for c in pod.containers if c.name == container for e in c.env
                 if e.name == CAPABILITIES), None)
    return (spec.strip() or None) if spec else None, "the pod spec (an image may set its own)"


def grants(value: str | None, capability: str) -> bool:
    caps = {c.strip() for c in (value or RUNTIME_DEFAULT).split(",")}
    return capability in caps or "all" in caps


@rule(ids=("runtime.visible_devices_misconfigured",), reads=("pods/log", "pods"), layer="runtime")
def video_capability(ctx):
    """A GPU container whose log says the video codec libraries or an NVENC / NVDEC codec are
    unavailable, running without the `video` driver capability."""
    seen: set[tuple[str, str, str]] = set()
    for pod, container, text in role_logs(ctx, "workload"):
        key = (pod.namespace or "", pod.name, container)
        if key in seen or not (requests_nvidia(pod) or visible_devices_by_hand(pod, container)):
            continue
        fact = next((f for f in scan(ctx, text) if f.kind.value == "video_codec_unavailable"), None)
        if fact is None:
            continue
        value, source = driver_capabilities(ctx, pod, container)
        if grants(value, "video"):
            continue
        seen.add(key)
        yield ctx.finding("runtime.visible_devices_misconfigured", "error", pod_subject(pod),
                          [ctx.cite_line(text, fact.line, fact.excerpt)], Certainty.INFERRED,
                          namespace=pod.namespace, pod=pod.name, container=container, node=pod.node_name or None,
                          missing_capability="video", capabilities=value or f"unset ({RUNTIME_DEFAULT})",
                          capabilities_source=source, codec=fact.get("codec") or fact.get("library"))
