"""Driver-version consistency (driver layer): what each source says the node's NVIDIA driver
version is, and whether they agree.

Sources, per GPU node: GFD's labels (`nvidia.com/cuda.driver.major/.minor/.rev`, or the newer
`nvidia.com/cuda.driver-version.*`), the GPU operator's wanted version (an NVIDIADriver whose
nodeSelector matches the node, else ClusterPolicy `spec.driver.version`; only where the operator
runs a driver pod), the tag of that driver pod's image, and `Driver Version:` in any nvidia-smi
output collected on the node. Two sources disagree when their versions differ on the
components both give (`535` agrees with `535.86.10`). A disagreement is one finding on the
node citing every source: a driver upgrade half done, a node whose labels went stale, a host
driver beside the operator's. Agreement says nothing about the driver's health, so this rule
records no check that could turn the layer green.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator

from triage.classify.rules.base import node_subject, rule
from triage.evidence.cuda_compat import DRIVER_FULL_LABEL, DRIVER_VERSION_LABELS, gfd_driver_version

_VERSION = re.compile(r"(\d{2,4}(?:\.\d{1,3}){0,2})(?![\d.])")
_SMI_VERSION = re.compile(r"Driver Version\s*(?::\s*)?(\d{2,4}(?:\.\d{1,3}){1,2})")   # `\s*:?\s*` is quadratic


def parts(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split("."))


def agree(a: str, b: str) -> bool:
    """Equal on the components both give: `535` and `535.86.10` agree, `535.86.10` and
    `590.48.01` do not, nor do `535.86.10` and `535.104.05`.

    >>> agree("535", "535.86.10"), agree("535.86.10", "590.48.01"), agree("590.48.01", "590.48.1")
    (True, False, True)
    """
    pa, pb = parts(a), parts(b)
    n = min(len(pa), len(pb))
    return pa[:n] == pb[:n]


def image_version(image: str) -> str | None:
    """The driver version in a driver image's tag (`nvcr.io/nvidia/driver:535.86.10-ubuntu22.04`)."""
    if ":" not in image.rsplit("/", 1)[-1] or "@" in image:
        return None
    m = _VERSION.match(image.rsplit(":", 1)[1])
    return m.group(1) if m else None


def _wanted(ctx, node) -> Iterator[tuple[str, str, object]]:
    """(source, version, citation) of what the operator is told to install on the node: every
    NVIDIADriver that selects it (more than one is the conflict the operator refuses to reconcile,
    controllers/nvidiadriver_controller.go: state notReady, condition Error ConflictingNodeSelector,
    the node keeping the driver it has), else the ClusterPolicy's version."""
    matched = False
    for nd in ctx.bundle.custom_resources("nvidiadrivers.nvidia.com"):
        selector = nd.get("spec", "nodeSelector") or {}
        version = nd.get("spec", "version")
        if isinstance(selector, dict) and isinstance(version, str) and _VERSION.fullmatch(version.strip()) \
                and all(node.labels.get(k) == v for k, v in selector.items()):
            matched = True
            yield (f"NVIDIADriver {nd.name}", version.strip(),
                   ctx.cite_object(nd, f"NVIDIADriver {nd.name} spec.version: {version}{_not_ready(nd)}"))
    if matched:
        return
    for policy in ctx.bundle.custom_resources("clusterpolicies.nvidia.com"):
        driver = policy.get("spec", "driver") or {}
        version = driver.get("version") if isinstance(driver, dict) else None
        if isinstance(version, str) and _VERSION.fullmatch(version.strip()) and not driver.get("useNvidiaDriverCRD"):
            yield (f"ClusterPolicy {policy.name}", version.strip(),
                   ctx.cite_object(policy, f"ClusterPolicy {policy.name} spec.driver.version: {version}"))
            return


def _not_ready(nd) -> str:
    """`; status notReady: <reason>: <message>` of an NVIDIADriver the operator did not reconcile."""
    state = nd.get("status", "state")
    if state in (None, "ready"):
        return ""
    conds = nd.get("status", "conditions") or []
    err = next((c for c in conds if isinstance(c, dict) and c.get("type") == "Error" and c.get("status") == "True"), None)
    said = f": {err.get('reason')}: {err.get('message')}" if err else ""
    return f"; status {state}{said}"


def _smi(ctx, pods: Iterable) -> Iterator[tuple[str, str, object]]:
    for pod in pods:
        for out in ctx.exec_outputs(pod):
            if not out.name.startswith("nvidia-smi") or out.stdout is None:
                continue
            for i, line in enumerate(out.stdout.lines, 1):
                m = _SMI_VERSION.search(line)
                if m:
                    yield (f"nvidia-smi in {pod.name}", m.group(1), ctx.cite_line(out.stdout, i, line.strip()))
                    break


def node_sources(ctx, node) -> list[tuple[str, str, object]]:
    """Every (source, version, citation) the bundle holds for the node's driver version."""
    sources = []
    labelled = gfd_driver_version(node.labels)
    if labelled:
        shown = ", ".join(f"{k}={node.labels[k]}" for names in DRIVER_VERSION_LABELS for k in names if k in node.labels) \
            or f"{DRIVER_FULL_LABEL}={node.labels.get(DRIVER_FULL_LABEL)}"
        sources.append(("node labels", labelled, ctx.cite_object(node, f"{node.name} labels {shown}")))
    driver_pods = ctx.stack_on(node.name, "driver")
    for pod in driver_pods[:1]:
        for c in pod.containers:
            version = image_version(c.image)
            if version and not c.init:
                sources.append((f"driver pod {pod.name}", version,
                                ctx.cite_object(pod, f"{pod.name} container {c.name} image {c.image}")))
                break
    if driver_pods:
        sources += list(_wanted(ctx, node))
    sources += list(_smi(ctx, ctx.pods_by_node.get(node.name, ())))
    return sources


@rule(ids=("driver.version_inconsistent",), reads=("nodes",), layer="driver")
def version_consistency(ctx):
    for node in ctx.gpu_nodes():
        sources = node_sources(ctx, node)
        clash = [(a, b) for i, a in enumerate(sources) for b in sources[i + 1:] if not agree(a[1], b[1])]
        if not clash:
            continue
        running = next((v for s, v, _ in sources if s.startswith("nvidia-smi")), None)
        driver_pod = next((s.split(" ", 2)[2] for s, _, _ in sources if s.startswith("driver pod ")), None)
        yield ctx.finding("driver.version_inconsistent", "warning", node_subject(node.name),
                          [c for _, _, c in sources], certainty="inferred", node=node.name,
                          driver_version=running, driver_pod=driver_pod,
                          values=[f"{s}: {v}" for s, v, _ in sources])
