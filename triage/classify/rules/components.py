"""Findings from the expected state of the GPU stack (`triage.evidence.stack_state`), shared
by the plugin, runtime and driver rules: each layer's rule asks for the components whose
stage belongs to it.

A missing, unscheduled, Pending, Init-stuck, crash-looping or not-ready component is a
finding at its stage's layer whatever its log says (certainty `inferred`: object state),
citing its status fields and the last error-looking lines of its previous and current
logs. A recognised signature in that log is a finding of its own with a more precise id
that explains this one (explain.py); an unrecognised log never demotes it to the node
symptom. A component seen running is a check of its layer for its node.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from triage.classify.model import Certainty, Citation
from triage.classify.rules.base import clip, node_subject
from triage.evidence.error_lines import last_error_lines
from triage.evidence.stack_state import ORDER, ComponentState, advertises_gpus, has_gpu_hardware, registered_gpus

# stage -> (finding id, severity) when the component of that stage is broken
STAGE_ID: Mapping[str, tuple[str, str]] = {
    "driver": ("driver.not_ready", "error"),
    "toolkit": ("runtime.toolkit_not_ready", "error"),
    "cuda-validator": ("runtime.no_device_visible", "error"),
    "device-plugin": ("plugin.not_running", "error"),
    "dra-plugin": ("plugin.not_running", "error"),
    "gfd": ("plugin.gfd_error", "error"),
    "nfd": ("plugin.gfd_error", "error"),
    "mig-manager": ("plugin.mig_config_failed", "error"),
}
STAGE_LAYER: Mapping[str, str] = {"driver": "driver", "toolkit": "runtime", "cuda-validator": "runtime",
                                  "device-plugin": "plugin", "dra-plugin": "plugin", "gfd": "plugin",
                                  "mig-manager": "plugin", "validator": "plugin", "nfd": "plugin"}
_POD_PARAM = {"driver": "driver_pod", "toolkit": "plugin_pod"}
MIG_LABELS = ("nvidia.com/mig.capable", "nvidia.com/mig.config", "nvidia.com/mig.config.state",
              "nvidia.com/gpu.deploy.mig-manager")


def _status_cite(ctx, c: ComponentState) -> Citation:
    """The status fields that say it, quoted as the object holds them."""
    if c.policy is not None:
        cond = c.condition or {}
        keep = {k: cond[k] for k in ("type", "status", "reason", "message") if k in cond}
        return ctx.cite_field(c.policy, f"{c.policy.kind} {c.policy.name} status.conditions[Error]", keep)
    if c.pod is None and c.daemonset is None and c.state == "not_in_image":
        node = ctx.nodes[c.node]
        return ctx.cite_field(node, f"{node.name} status.nodeInfo.osImage", node.os_image)
    if c.pod is None and c.daemonset is None:
        # nothing of the component exists: the node's resources say what its absence means
        node = ctx.nodes[c.node]
        return ctx.cite_field(node, f"{node.name} status.allocatable", node.allocatable)
    if c.pod is None:
        obj = c.daemonset
        st = obj.raw.get("status") if isinstance(obj.raw.get("status"), dict) else {}
        if c.state == "not_scheduled":
            sel = obj.raw.get("spec", {}).get("template", {}).get("spec", {}).get("nodeSelector") \
                if isinstance(obj.raw.get("spec"), dict) else None
            return ctx.cite_field(obj, f"DaemonSet {obj.name} spec.template.spec.nodeSelector", sel or {})
        return ctx.cite_field(obj, f"DaemonSet {obj.name} status", st)
    if not c.container:
        status = c.pod.raw.get("status") if isinstance(c.pod.raw.get("status"), dict) else {}
        keep = {k: status[k] for k in ("phase", "reason", "message", "conditions") if k in status}
        return ctx.cite_field(c.pod, f"{c.pod.name} status", keep)
    field = "initContainerStatuses" if c.init else "containerStatuses"
    status = c.pod.raw.get("status") if isinstance(c.pod.raw.get("status"), dict) else {}
    raw = next((x for x in status.get(field) or () if isinstance(x, dict) and x.get("name") == c.container), {})
    keep = {k: _without_times(raw[k]) for k in ("restartCount", "state", "lastState") if k in raw}
    return ctx.cite_field(c.pod, f"{c.pod.name} {field}[{c.container}]", keep)


def _without_times(value):
    """A container state without its timestamps and ids (the excerpt keeps what says why)."""
    if isinstance(value, dict):
        return {k: _without_times(v) for k, v in value.items()
                if k not in ("startedAt", "finishedAt", "containerID", "lastTransitionTime")}
    return value


def _log_cites(ctx, c: ComponentState, tail: bool = False) -> list[Citation]:
    """The last error-looking line of the broken container's previous and current logs; with
    `tail`, the current log's last line when none looks like an error (a component that runs and
    says why it does nothing at info level)."""
    if c.pod is None:
        return []
    name = c.container or next((x.name for x in c.pod.containers if not x.init), "")
    out = []
    for previous in (True, False):
        text = ctx.log(c.pod, name, previous)
        if text is None:
            continue
        found = last_error_lines(text.lines, 1)
        if not found and tail and not previous:
            last = _last_line(text.lines)
            found = [] if last is None else [(last + 1, text.lines[last])]
        for line_no, line in found:
            out.append(ctx.cite_line(text, line_no, line))
    if not out and c.state == "pending":
        # a pod that never started a container has no log: the kubelet's last warning says why
        # (FailedMount of a volume, FailedCreatePodSandBox)
        ev = next((e for e in reversed(ctx.pod_events(c.pod)) if e.type == "Warning"), None)
        if ev is not None:
            out.append(ctx.cite_event(ev))
    return out


def _stopped_on_error(ctx, c: ComponentState) -> bool:
    """The running container's current log ends on an error-looking line: it stopped there, neither
    serving nor waiting (a plugin on a node without GPUs ends on its info-level "No devices found")"""
    if c.pod is None:
        return False
    name = c.container or next((x.name for x in c.pod.containers if not x.init), "")
    text = ctx.log(c.pod, name, False)
    if text is None:
        return False
    last = _last_line(text.lines)
    return last is not None and bool(last_error_lines(text.lines[last:last + 1], 1))


def _last_line(lines) -> int | None:
    """Index of the last non-empty line, or None."""
    return next((i for i in range(len(lines) - 1, -1, -1) if lines[i].strip()), None)


def _params(c: ComponentState) -> dict:
    out = {"node": c.node, "state": c.state, "reason": c.reason or None, "container": c.container or None,
           "restarts": c.restarts or None, "exit_code": c.exit_code, "message": clip(c.message, 200) or None,
           "component": c.role}
    if c.policy is not None:                               # the operator could not reconcile its state
        out["operator_object"] = f"{c.policy.kind}/{c.policy.name}"
    if c.pod is not None and c.state == "not_created":     # the pod is the operator's, not the component's
        out["operator_pod"] = c.pod.name
        out["operator_namespace"] = c.pod.namespace
    elif c.pod is not None:
        out[_POD_PARAM.get(c.role, "plugin_pod")] = c.pod.name
        out["operator_namespace"] = c.pod.namespace
    elif c.daemonset is not None:
        out["daemonset"] = c.daemonset.name
        out["operator_namespace"] = c.daemonset.namespace
    return out


def gke_install_off(node) -> bool:
    """A GKE GPU node without automatic driver installation: GKE labels the nodes of a pool
    created with `gpu-driver-version=default|latest` `cloud.google.com/gke-gpu-driver-version`;
    without it (or `disabled`, the Node Auto-Provisioning default) the managed plugin's
    `nvidia-driver-installer` init container only waits for a driver nobody installs."""
    if node is None or "cloud.google.com/gke-accelerator" not in node.labels:
        return False
    return node.labels.get("cloud.google.com/gke-gpu-driver-version", "disabled") == "disabled"


def judged_component(ctx, pod) -> ComponentState | None:
    """The broken stack component `pod` is, when the stack state judges it at its stage's layer
    (its image pull, its crash): then that finding speaks for the pod, not a workload rule."""
    stack = ctx.node_stacks.get(pod.node_name or "")
    return next((c for c in (stack.components if stack else ()) if c.broken and c.pod is not None
                 and c.role in STAGE_LAYER and (c.pod.namespace, c.pod.name) == (pod.namespace, pod.name)), None)


def component_findings(ctx, layer: str) -> Iterator:
    """Findings and checks of `layer` from the stack state of every GPU node."""
    for node, stack in sorted(ctx.node_stacks.items()):
        subject = node_subject(node)
        for c in stack.components:
            own = STAGE_LAYER.get(c.role)
            if not c.broken:
                if own != layer or c.state not in ("running", "completed"):
                    continue
                node_view = ctx.nodes.get(node)
                if c.role == "nfd" and node_view is not None and \
                        not any(k.startswith("feature.node.kubernetes.io/") for k in node_view.labels):
                    # its worker runs, yet the node carries none of the labels it writes: it is not labelling
                    yield ctx.checked(subject, [c.pod.source])
                    yield ctx.finding("plugin.gfd_error", "error", subject, [_status_cite(ctx, c)] + _log_cites(ctx, c),
                                      Certainty.INFERRED, **_params(c))
                    continue
                if c.role == "gfd" and node_view is not None and has_gpu_hardware(node_view) and \
                        not any(k.startswith("nvidia.com/gpu.product") for k in node_view.labels):
                    # it runs on a node with NVIDIA GPUs, yet wrote none of its labels (a GFD that
                    # found no NVML says "Detected non-NVML platform" and labels nothing)
                    yield ctx.checked(subject, [c.pod.source])
                    yield ctx.finding("plugin.gfd_error", "error", subject,
                                      [_status_cite(ctx, c)] + _log_cites(ctx, c, tail=True)
                                      + [ctx.cite_field(node_view, f"{node} metadata.labels",
                                                        {"nvidia.com/gpu.product": None})],
                                      Certainty.INFERRED, **_params(c))
                    continue
                if c.role == "device-plugin" and node_view is not None and not advertises_gpus(node_view):
                    if not registered_gpus(node_view) and (has_gpu_hardware(node_view) or _stopped_on_error(ctx, c)):
                        # it runs, yet the kubelet lists no GPU of it: not registered, whatever its log says
                        cites = [_status_cite(ctx, c), ctx.cite_field(node_view, f"{node} status.allocatable",
                                                                       node_view.raw.get("status", {}).get("allocatable"))]
                        yield ctx.checked(subject, [c.pod.source])
                        yield ctx.finding("plugin.not_registered", "error", subject, cites + _log_cites(ctx, c),
                                          Certainty.INFERRED, **_params(c))
                    continue
                yield ctx.checked(subject, [c.pod.source] if c.pod is not None else [])
                continue
            stages = [c.role] + ([c.stage] if c.stage != c.role else [])
            if c.stage in ORDER and c.role in ORDER and ORDER.index(c.stage) > ORDER.index(c.role):
                # a later stage's init container in the pod fails (GKE's partition-gpus after the
                # driver installer's own, completed, step): that stage's, not the pod's own
                stages = [c.stage]
            cites = None
            for stage in stages:
                if STAGE_LAYER.get(stage) != layer or stage not in STAGE_ID:
                    continue
                if (c.state == "image_pull" or not c.started) and stage != c.role:
                    # the pod cannot pull its image, or the runtime cannot start the validating
                    # container: a validation it never ran says nothing about the stage it validates
                    continue
                fid, sev = STAGE_ID[stage]
                if stage == "driver" and c.state == "image_pull":
                    fid, sev = "driver.image_unavailable", "critical"
                elif stage == "driver" and c.state == "not_in_image":
                    fid, sev = "driver.not_loaded", "critical"       # the node's OS image ships no driver
                elif stage == "driver" and c.role != "driver" and gke_install_off(ctx.nodes.get(node)):
                    # nothing will ever install it (a driver installer's own pod is something)
                    fid, sev = "driver.not_loaded", "critical"
                params = _params(c)
                if cites is None:
                    cites = [_status_cite(ctx, c)] + _log_cites(ctx, c)
                    if c.role == "mig-manager" and c.state == "not_scheduled" and node in ctx.nodes:
                        # the node's side of it: MIG-capable, a layout asked for, no manager's label
                        cites.append(ctx.cite_labels(ctx.nodes[node], MIG_LABELS))
                if c.role == "mig-manager" and node in ctx.nodes:
                    params["mig_config"] = ctx.nodes[node].labels.get("nvidia.com/mig.config")
                yield ctx.checked(subject, [cites[0].path])
                if c.state == "restarting":
                    sev = "warning"        # up now: it failed and came back (restarts, last exit non-zero)
                yield ctx.finding(fid, sev, subject, cites, Certainty.INFERRED, **params)
