"""Single-source rules as data: a recognised log fact (`triage.evidence.log_signatures.scan_log`)
in a log of a given role means a finding id. Layer modules declare their `PATTERNS` and
run them with `apply_patterns(ctx, PATTERNS)`.

    P("device-plugin", "plugin_nvml_unavailable", "plugin.nvml_unavailable", "error")
"""

from __future__ import annotations

from collections import defaultdict
from msgspec import Struct
from typing import Iterator

from triage.bundle.views import LogText
from triage.classify.model import Finding
from triage.classify.rules.base import node_subject, pod_subject
from triage.classify.rules.context import Context, gpu_stack_role


class LogPattern(Struct, frozen=True):
    """A single-source rule as data: a recognised log fact `kind` (a
    `triage.evidence.log_facts.LogKind` value) in a log of `role` means finding `id`.
    `when` optionally narrows on one fact parameter: (name, allowed values); `gpu_node` on
    whether the pod's node shows NVIDIA hardware by its own account (`has_gpu_hardware`)."""

    role: str          # workload | device-plugin | gfd | mig-manager | validator | driver | toolkit
    kind: str
    id: str
    severity: str
    when: tuple[str, tuple] | None = None
    gpu_node: bool | None = None


def scan(ctx: "Context", text: LogText | None):
    """`scan_log` facts of one bundle text file (Context.log_facts: scanned once).
    Normal-flow facts stay: a rule may judge them in context (a driver-validation that is
    still retrying); none of the patterns maps a normal kind on its own."""
    return () if text is None else ctx.log_facts(text)


VALIDATOR_ROLES = ("validator", "cuda-validator", "plugin-validator")


def role_logs(ctx: "Context", role: str):
    """(pod, container, LogText) for every collected log of pods playing `role`.
    `validator` also covers the operator's validation init containers of any stack pod."""
    if role == "workload":
        pods = ctx.scope_pods
        for pod in pods:
            if not ctx.has_logs(pod):
                continue
            for c in pod.containers:
                for prev in (True, False):
                    t = ctx.log(pod, c.name, prev)
                    if t is not None:
                        yield pod, c.name, t
        return
    for r, pod in ctx.stack_pods:
        if not ctx.has_logs(pod):
            continue
        for c in pod.containers:
            is_validation = c.init and c.name.endswith("-validation")
            if role == "validator":
                if not (is_validation or r in VALIDATOR_ROLES):
                    continue
                st = pod.container_status(c.name)
                if st is not None and st.state is not None and st.state.kind == "terminated" \
                        and st.state.exit_code == 0:
                    continue      # a validation that passed: its old waiting lines are history
            elif r != role or is_validation:
                continue
            for prev in (True, False):
                t = ctx.log(pod, c.name, prev)
                if t is not None:
                    yield pod, c.name, t


# fact parameter -> standard finding parameter (docs/internal-interfaces.md)
_FACT_PARAM = {"xid": "xid", "required_cuda": "required_cuda", "resource": "resource", "device": "gpu",
               "found_version": "driver_version", "driver_version": "driver_version", "cuda_version": "cuda_version",
               "pci": "pci", "load": "load", "load_module": "load_module", "load_error": "load_error"}


def fact_params(facts) -> dict:
    """Standard params from the facts' parameters (the first value of each wins)."""
    out: dict = {}
    for f in facts:
        for k, v in f.params:
            name = _FACT_PARAM.get(k)
            if name and name not in out:
                out[name] = v
    return out


_ROLE_PARAM = {"device-plugin": "plugin_pod", "driver": "driver_pod", "validator": "validator_pod",
               "gfd": "plugin_pod", "mig-manager": "plugin_pod", "toolkit": "plugin_pod"}


def _log_check(ctx: "Context", role: str, pod, container: str, text: LogText):
    """Reading a component's log is a check of that component's layer (a validation init
    container's, of the stage it validates); a workload's log, of the application."""
    from triage.classify.coverage import ROLE_LAYER, VALIDATION_LAYER
    if role == "workload":
        return ctx.checked(pod_subject(pod), [text.path], "application")
    layer = VALIDATION_LAYER.get(container) or ROLE_LAYER.get(gpu_stack_role(pod) or role, "plugin")
    return ctx.checked(node_subject(pod.node_name) if pod.node_name else pod_subject(pod), [text.path], layer)


def _on_gpu_node(ctx: "Context", pod) -> bool:
    from triage.evidence.stack_state import has_gpu_hardware
    node = ctx.nodes.get(pod.node_name) if pod.node_name else None
    return node is None or has_gpu_hardware(node)     # an unknown node is given the benefit


def apply_patterns(ctx: "Context", patterns) -> Iterator[Finding]:
    """Run data rules: one finding per (id, subject) citing every matching line."""
    by_role: dict[str, list[LogPattern]] = defaultdict(list)
    for p in patterns:
        by_role[p.role].append(p)
    for role, pats in sorted(by_role.items()):
        # one finding per (pod, container, id), whether the lines sit in the current or previous log
        grouped: dict[tuple, list] = defaultdict(list)
        for pod, container, text in role_logs(ctx, role):
            yield _log_check(ctx, role, pod, container, text)
            for fact in scan(ctx, text):
                for p in pats:
                    if p.kind != fact.kind.value:
                        continue
                    if p.when and fact.get(p.when[0]) not in p.when[1]:
                        continue
                    if p.gpu_node is not None and _on_gpu_node(ctx, pod) != p.gpu_node:
                        continue
                    grouped[(id(pod), container, p.id, p.severity)].append((pod, text, fact))
        for (_pid, container, fid, sev), hits in sorted(grouped.items(), key=lambda kv: (
                kv[1][0][0].namespace or "", kv[1][0][0].name, kv[0][1], kv[0][2])):
            pod = hits[0][0]
            facts = [f for _, _, f in hits]
            cites = [ctx.cite_line(t, f.line, f.excerpt) for _, t, f in hits[:3]]
            params = fact_params(facts)
            node = ctx.nodes.get(pod.node_name) if pod.node_name else None
            if node is not None and fid.startswith("driver."):
                params.setdefault("kernel", node.kernel_version or None)
            if node is not None and fid == "plugin.mig_config_failed":
                params.setdefault("mig_config", node.labels.get("nvidia.com/mig.config"))
            if role == "workload" and fid.startswith("driver.") and pod.node_name:
                # the GPU under the pod is at fault: a node finding, cited from the pod's log
                yield ctx.finding(fid, sev, node_subject(pod.node_name), cites, node=pod.node_name,
                                  namespace=pod.namespace, pod=pod.name, container=container, **params)
            elif role == "workload":
                yield ctx.finding(fid, sev, pod_subject(pod), cites, namespace=pod.namespace, pod=pod.name,
                                  container=container, node=pod.node_name or None, **params)
            else:
                subject = node_subject(pod.node_name) if pod.node_name else pod_subject(pod)
                yield ctx.finding(fid, sev, subject, cites, node=pod.node_name or None,
                                  operator_namespace=pod.namespace, namespace=pod.namespace, pod=pod.name,
                                  container=container, **{_ROLE_PARAM.get(role, "validator_pod"): pod.name}, **params)
