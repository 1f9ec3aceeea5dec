"""Fill the names a finding's playbook needs from the bundle, when the rule that made the
finding did not set them: the node of a pod, the GPU-stack pods on that node (driver, device
plugin, validator, GFD, toolkit, MIG manager), the operator's namespace, the pod's only
container. Only params the playbook uses and the finding lacks are added; a rule's own value
always wins. What the bundle cannot name stays missing, and the playbook then leaves the
command out with a note (`triage.playbooks.render`).

    fill_params(ctx, findings) -> findings       # same order, params completed
"""

from __future__ import annotations

from msgspec.structs import replace
from typing import Iterable

from triage import playbooks
from triage.classify.model import Finding
from triage.errors import TriageError

# which GPU-stack role a `plugin_pod` means, by a word in the finding id (first match)
_PLUGIN_ROLE = (("gfd", ("gfd",)), ("toolkit", ("toolkit",)), ("mig", ("mig-manager",)),
                ("", ("device-plugin", "dra-plugin")))
_ROLE = {"driver_pod": ("driver",), "validator_pod": ("validator", "cuda-validator", "plugin-validator")}


def _wanted(f: Finding) -> set[str]:
    try:
        used = set(playbooks.params_used(f.id))
    except (TriageError, LookupError, OSError, ValueError):
        return set()
    return {p for p in used if f.params.get(p) in (None, "")}


def _node(ctx, f: Finding) -> str | None:
    if f.params.get("node"):
        return str(f.params["node"])
    if f.subject.kind == "Node":
        return f.subject.name
    if f.subject.kind == "Pod":
        pod = ctx.pods_by_key.get((f.subject.namespace or "", f.subject.name))
        return (pod.node_name or None) if pod is not None else None
    return None


def _stack_pod(ctx, node: str, roles: tuple[str, ...]):
    for role in roles:
        pods = ctx.stack_on(node, role)
        if pods:
            return pods[0]
    return None


def _fill(ctx, f: Finding, wanted: set[str]) -> dict:
    extra: dict = {}
    if f.subject.kind == "Pod":
        if "pod" in wanted:
            extra["pod"] = f.subject.name
        if "namespace" in wanted and f.subject.namespace:
            extra["namespace"] = f.subject.namespace
        if "container" in wanted:
            pod = ctx.pods_by_key.get((f.subject.namespace or "", f.subject.name))
            names = [c.name for c in pod.containers] if pod is not None else []
            if len(names) == 1:
                extra["container"] = names[0]
    node = _node(ctx, f)
    if node and "node" in wanted:
        extra["node"] = node
    if not node:
        return extra
    found = None
    for param in ("driver_pod", "plugin_pod", "validator_pod"):
        if param not in wanted:
            continue
        roles = _ROLE.get(param) or next(r for word, r in _PLUGIN_ROLE if word in f.id)
        pod = _stack_pod(ctx, node, roles)
        if pod is not None:
            extra[param] = pod.name
            found = found or pod
    if "operator_namespace" in wanted and found is not None and found.namespace:
        extra["operator_namespace"] = found.namespace
    return extra


def fill_params(ctx, findings: Iterable[Finding]) -> list[Finding]:
    out = []
    for f in findings:
        wanted = _wanted(f)
        extra = _fill(ctx, f, wanted) if wanted else {}
        out.append(replace(f, params={**f.params, **extra}) if extra else f)
    return out
