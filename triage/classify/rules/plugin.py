"""Rules of the plugin layer: device plugin, GPU Feature Discovery, MIG manager and the
operator's validators, read from their logs, their pod states, the kubelet's admission
errors and the node's MIG labels."""

from __future__ import annotations

from datetime import timedelta

from triage.bundle.objects.fields import parse_time
from triage.classify.model import Certainty
from triage.classify.rules.base import node_subject, pod_subject, rule
from triage.classify.rules.components import component_findings
from triage.classify.rules.context import device_admission, gpu_capacity_short, gpu_stack_role
from triage.classify.rules.driver import XID_ECC, XID_GSP, XID_NVLINK
from triage.classify.rules.patterns import LogPattern, apply_patterns
from triage.evidence.go_panic import frame_function, panic_frames
from triage.evidence.k8s_events.container_start import DraPrepareKind, dra_prepare_cause
from triage.evidence.log_facts import problems
from triage.evidence.log_signatures import scan_log

P = LogPattern
PATTERNS = (
    P("device-plugin", "plugin_nvml_unavailable", "plugin.nvml_unavailable", "error"),
    P("device-plugin", "plugin_no_devices", "plugin.no_devices_found", "error"),
    P("device-plugin", "plugin_register_failed", "plugin.not_registered", "error"),
    P("device-plugin", "mig_config_invalid", "plugin.mig_config_failed", "error"),
    P("device-plugin", "nvml_version_mismatch", "driver.version_mismatch", "critical"),
    # NVML's "Driver Not Loaded" in the plugin says no driver answered; on a node that shows no
    # NVIDIA hardware (no GPU resource, no NFD/GFD/provider label) it cannot say a driver is
    # missing there: the plugin could not start NVML, on a node that may have no GPU at all
    P("device-plugin", "driver_not_loaded", "driver.not_loaded", "critical", gpu_node=True),
    P("device-plugin", "driver_not_loaded", "plugin.nvml_unavailable", "error", gpu_node=False),
    P("device-plugin", "gpu_lost", "driver.gpu_fallen_off_bus", "critical"),
    # "Failed to initialize NVML: Unknown Error" in the plugin: its device nodes are not usable
    P("device-plugin", "nvml_unknown_error", "plugin.nvml_unavailable", "error"),
    P("device-plugin", "plugin_xid_unhealthy", "driver.xid_ecc_error", "critical", when=("xid", tuple(sorted(XID_ECC)))),
    P("device-plugin", "plugin_xid_unhealthy", "driver.xid_gsp_error", "critical", when=("xid", tuple(sorted(XID_GSP)))),
    P("device-plugin", "plugin_xid_unhealthy", "driver.xid_nvlink_error", "critical", when=("xid", tuple(sorted(XID_NVLINK)))),
    P("device-plugin", "plugin_xid_unhealthy", "driver.gpu_fallen_off_bus", "critical", when=("xid", (79,))),
    P("device-plugin", "plugin_xid_unhealthy", "driver.xid_unhealthy_device", "error",
      when=("xid", tuple(x for x in range(1, 200) if x not in XID_ECC | XID_GSP | XID_NVLINK | {79}))),
    # a device the plugin marks unhealthy without an Xid (its health checker's own NVML reasons,
    # internal/rm/health.go; GKE's bare "device marked as Unhealthy") names no driver fault: the node's
    # allocatable says what it cost (node.gpu_unhealthy_devices / gpu_allocatable_zero)
    P("gfd", "gfd_error", "plugin.gfd_error", "error"),
    P("mig-manager", "mig_apply_failed", "plugin.mig_config_failed", "error"),
    P("mig-manager", "mig_config_invalid", "plugin.mig_config_failed", "error"),
    P("mig-manager", "mig_state_failed", "plugin.mig_config_failed", "error"),
    P("mig-manager", "mig_gpu_in_use", "plugin.mig_config_failed", "error"),
    # NVIDIA's DRA driver: its kubelet plugins (gpus, compute-domains containers) and ComputeDomain daemons
    P("dra-plugin", "plugin_nvml_unavailable", "plugin.nvml_unavailable", "error"),
    P("dra-plugin", "dra_device_held", "plugin.stale_allocation", "error"),
    P("dra-plugin", "plugin_register_failed", "plugin.not_registered", "error"),
    P("dra-plugin", "mig_config_invalid", "plugin.mig_config_failed", "error"),
    P("dra-plugin", "mig_apply_failed", "plugin.mig_config_failed", "error"),
    P("dra-plugin", "nvml_version_mismatch", "driver.version_mismatch", "critical"),
    P("dra-plugin", "driver_not_loaded", "driver.not_loaded", "critical"),
    P("dra-plugin", "gpu_lost", "driver.gpu_fallen_off_bus", "critical"),
    # GKE: the partition-gpus init container of the driver installer DaemonSet applies the MIG layout
    P("driver", "mig_config_invalid", "plugin.mig_config_failed", "error"),
    P("driver", "mig_apply_failed", "plugin.mig_config_failed", "error"),
    P("validator", "plugin_validation_no_resource", "plugin.validation_no_free_gpu", "warning"),
    P("validator", "insufficient_gpu", "plugin.validation_no_free_gpu", "warning"),
)


@rule(ids=sorted({p.id for p in PATTERNS}), reads=("pods/log",))
def log_signatures(ctx):
    yield from apply_patterns(ctx, PATTERNS)


_ADMISSION_ID = {"devices_unavailable": "plugin.stale_allocation", "unregistered_device": "plugin.not_registered",
                 "unknown_device_plugin": "plugin.not_registered",
                 "no_healthy_devices": "plugin.allocate_failed_unhealthy",
                 "allocated_now_unhealthy": "plugin.allocate_failed_unhealthy",
                 "preferred_allocation_failed": "plugin.allocate_rpc_failed",
                 "plugin_rpc_failed": "plugin.allocate_rpc_failed",
                 "empty_allocate_response": "plugin.allocate_rpc_failed",
                 "shared_request_too_large": "plugin.sharing_request_too_large",
                 # the device manager's own errors with no finding of their own
                 "request_changed": "plugin.admission_failed", "allocated_less_than_required": "plugin.admission_failed",
                 "no_devices_in_cache": "plugin.admission_failed", "checkpoint_failed": "plugin.admission_failed",
                 "update_plugin_resources_failed": "plugin.admission_failed"}


@rule(ids=sorted(set(_ADMISSION_ID.values()) | {"plugin.validation_no_free_gpu", "driver.gpu_fallen_off_bus",
                                                  "node.gpu_not_advertised"}),
      reads=("pods",))
def admission_errors(ctx):
    """Kubelet admission failures (pod Failed, UnexpectedAdmissionError): the device
    manager and the plugin disagree, the plugin is gone, or the devices are unhealthy."""
    pods = list(ctx.troubled_pods) + [p for r, p in ctx.stack_pods if r in ("plugin-validator", "validator")]
    for pod in pods:
        found: dict[str, tuple[list, object]] = {}
        for f, cite, reason in ctx.admission_facts(pod):
            fid = _ADMISSION_ID.get(f.kind.value)
            if gpu_capacity_short(f) and f.capacity == 0:
                # capacity 0 when the kubelet admitted it: the node did not advertise the GPU yet
                # (bound before its device plugin registered, e.g. by a node autoscaler)
                fid = "node.gpu_not_advertised"
            elif gpu_capacity_short(f):
                fid = "plugin.admission_failed"      # the kubelet has fewer GPUs than the pod asks for at all
            elif fid is None and f.kind.value == "other" and device_admission(f, reason):
                fid = "plugin.admission_failed"      # the device manager's words, none catalogued
            if fid is None:
                continue
            if fid == "plugin.stale_allocation" and gpu_stack_role(pod) in ("plugin-validator", "validator"):
                fid = "plugin.validation_no_free_gpu"
            entry = found.setdefault(fid, ([], f))
            if cite not in entry[0]:
                entry[0].append(cite)
            if getattr(f, "gpu_lost", False) and pod.node_name:
                g = found.setdefault("driver.gpu_fallen_off_bus", ([], f))
                if cite not in g[0]:
                    g[0].append(cite)
        for fid, (cites, f) in sorted(found.items()):
            resource = f.resource or next(iter(sorted(pod.gpu_requests)), None)
            # a message without the count (GKE's sharing refusal): the pod's own request says it
            requested = f.requested if f.requested is not None else pod.gpu_requests.get(resource) if resource else None
            params = dict(node=pod.node_name or None, resource=resource,
                          requested=requested, available=f.available, reason=f.kind.value)
            if fid == "driver.gpu_fallen_off_bus" or fid == "plugin.validation_no_free_gpu":
                holders = [f"{p.namespace}/{p.name}" for p in ctx.pods_by_node.get(pod.node_name, ())
                           if p.gpu_requests and not p.is_terminal and p is not pod and not gpu_stack_role(p)]
                yield ctx.finding(fid, "critical" if fid.startswith("driver") else "warning",
                                  node_subject(pod.node_name) if pod.node_name else pod_subject(pod), cites[:3],
                                  validator_pod=pod.name if fid.startswith("plugin") else None,
                                  holders=holders or None, **params)
            else:
                sure = "unrecognised" if f.kind.value == "other" else "recognised"
                yield ctx.finding(fid, "error", pod_subject(pod), cites[:3], sure, namespace=pod.namespace,
                                  pod=pod.name, message=f.message[:300] if fid == "plugin.admission_failed" else None,
                                  at_admission=fid == "node.gpu_not_advertised" or None, **params)


@rule(ids=("plugin.not_running", "plugin.not_registered", "plugin.gfd_error", "plugin.mig_config_failed"),
      reads=("nodes", "pods|daemonsets"))
def components(ctx):
    """The device plugin (or DRA kubelet plugin), GFD and MIG manager of each GPU node, from
    the stack's expected state: missing, unscheduled, Pending, Init-stuck, crash-looping or
    not ready is a finding whatever its log says. A node that advertises its GPUs has a
    registered plugin: that is a check of this layer too (Bottlerocket's built-in plugin,
    a plugin whose pod was not collected)."""
    yield from component_findings(ctx, "plugin")
    for node in ctx.gpu_nodes():
        if any(v > 0 for r, v in node.gpu_allocatable.items() if r.startswith("nvidia.com/")):
            yield ctx.checked(node_subject(node.name), [node.source])


# the device plugin API's allocation calls (k8s.io/kubelet pkg/apis/deviceplugin/v1beta1 api.pb.go
# registers `_DevicePlugin_Allocate_Handler`, `_DevicePlugin_GetPreferredAllocation_Handler`, which
# call the plugin's own `Allocate` / `GetPreferredAllocation` methods)
_ALLOCATION_FRAMES = frozenset({"Allocate", "GetPreferredAllocation", "_DevicePlugin_Allocate_Handler",
                                "_DevicePlugin_GetPreferredAllocation_Handler"})


@rule(ids=("plugin.allocate_rpc_failed",), reads=("pods", "pods/log"))
def plugin_panics_in_allocate(ctx):
    """A device plugin that crashes inside its Allocate (or GetPreferredAllocation) handler: its
    previous (or current) log ends on the Go runtime's panic report, and the panicking goroutine's
    frames pass through the allocation call. The kubelet's call is what crashes it (the request
    it cannot serve), so the failed call is the root and the crash loop its consequence
    (explain.CAUSE_PARAM `panicked_in`), whatever the panic's own words."""
    for node, stack in sorted(ctx.node_stacks.items()):
        for c in stack.components:
            if c.role != "device-plugin" or c.pod is None or not c.broken:
                continue
            name = c.container or next((x.name for x in c.pod.containers if not x.init), "")
            for previous in (True, False):
                text = ctx.log(c.pod, name, previous)
                report = panic_frames(text.lines) if text is not None else None
                frame = next((f for f in report[1] if frame_function(f[1]) in _ALLOCATION_FRAMES), None) \
                    if report else None
                if frame is None:
                    continue
                start = report[0]
                # the GPU pod on the node that the kubelet could not admit, when the bundle holds one
                asked = next((p for p in ctx.troubled_pods if p.node_name == node and p.gpu_requests
                              and not gpu_stack_role(p)), None)
                yield ctx.finding("plugin.allocate_rpc_failed", "error", node_subject(node),
                                  [ctx.cite_line(text, start + 1, text.lines[start]),
                                   ctx.cite_line(text, frame[0] + 1, text.lines[frame[0]])],
                                  node=node, plugin_pod=c.pod.name, operator_namespace=c.pod.namespace,
                                  panicked_in=frame_function(frame[1]),
                                  namespace=asked.namespace if asked else None, pod=asked.name if asked else None)
                break


# how long after binding a pod may go without any status of the kubelet's before admission counts as
# stalled (the kubelet admits a pod within seconds of seeing it; an image pull comes after admission)
ADMISSION_STALL = timedelta(minutes=5)
_KUBELET_CONDITIONS = frozenset({"Initialized", "ContainersReady", "Ready", "PodReadyToStartContainers"})
_CREATING = frozenset({"ContainerCreating", "PodInitializing"})   # the kubelet's waiting reasons before any start


def _silent_since_binding(ctx, pod, collected):
    """Minutes since `pod` was bound to its Ready node when that is ADMISSION_STALL or more and no
    event of the kubelet's names it, else None."""
    node = ctx.nodes.get(pod.node_name or "")
    if (pod.namespace or "") not in ctx.events_collected_ns:
        return None           # without the namespace's events, "no kubelet event" was not checked
    bound = pod.condition("PodScheduled")
    since = parse_time(bound.last_transition) if bound is not None and bound.status == "True" else None
    if node is None or node.ready is not True or since is None or collected - since < ADMISSION_STALL \
            or any(e.source_component == "kubelet" for e in ctx.pod_events(pod)):
        return None
    return int((collected - since).total_seconds() // 60)


def _stall_cites(ctx, pod) -> list:
    status = {"phase": pod.phase, "conditions": [{"type": c.type, "status": c.status,
                                                  "lastTransitionTime": c.last_transition} for c in pod.conditions]}
    if pod.container_statuses:
        status["containerStatuses"] = [{"name": c.name, "waiting": c.state.reason if c.state else None}
                                       for c in pod.container_statuses]
    return [ctx.cite_field(pod, f"{pod.name} status", status),
            ctx.cite_field(ctx.nodes[pod.node_name], f"{pod.node_name} status.conditions[Ready]", "True")]


@rule(ids=("plugin.admission_failed", "plugin.allocate_rpc_failed"), reads=("pods", "nodes", "events"))
def kubelet_never_answered(ctx):
    """State first: a GPU pod bound to a Ready node for minutes, and the kubelet silent about it
    (no event of its own). Two steps of the kubelet wait on the GPU stack before anything else is
    written: admission (kubelet.go HandlePodAdditions: canAdmitPod, whose resource-allocation
    handler has the device manager call the device plugin's Allocate), before any container
    status or kubelet condition exists; and, for a pod with DRA claims, syncPod's
    PrepareDynamicResources (the NodePrepareResources call to the DRA driver's kubelet plugin),
    before the sandbox, the image pull or any event: the containers wait in ContainerCreating.
    Nothing of the kubelet's on a device-plugin pod: admission has not returned
    (plugin.admission_failed); a DRA pod ContainerCreating without a word: the prepare call has
    not (plugin.allocate_rpc_failed). The kubelet's log says where it waits."""
    manifest = ctx.bundle.manifest
    collected = parse_time(manifest.created_at if manifest else "")
    if collected is None:
        return
    for pod in ctx.scope_pods:
        if pod.phase != "Pending" or not pod.node_name:
            continue
        if pod.gpu_requests and not pod.container_statuses \
                and not any(c.type in _KUBELET_CONDITIONS for c in pod.conditions):
            minutes = _silent_since_binding(ctx, pod, collected)
            if minutes is None:
                continue
            resource = next(iter(sorted(pod.gpu_requests)))
            yield ctx.finding("plugin.admission_failed", "error", pod_subject(pod), _stall_cites(ctx, pod),
                              Certainty.INFERRED, namespace=pod.namespace, pod=pod.name, node=pod.node_name,
                              resource=resource, requested=pod.gpu_requests[resource], reason="not_admitted",
                              minutes=minutes)
        elif pod.resource_claims and pod.container_statuses \
                and all(c.state is not None and c.state.kind == "waiting" and c.state.reason in _CREATING
                        for c in pod.container_statuses):
            minutes = _silent_since_binding(ctx, pod, collected)
            if minutes is None:
                continue
            yield ctx.finding("plugin.allocate_rpc_failed", "error", pod_subject(pod), _stall_cites(ctx, pod),
                              Certainty.INFERRED, namespace=pod.namespace, pod=pod.name, node=pod.node_name,
                              claim=pod.resource_claims[0], reason="prepare_pending", minutes=minutes)


# what the DRA kubelet plugin's own log means below its layer (an NVML error names the driver)
_DRA_BELOW = {p.kind: p for p in PATTERNS if p.role == "dra-plugin" and not p.id.startswith("plugin.")}


@rule(ids=("plugin.allocate_rpc_failed", "plugin.stale_allocation", "plugin.not_registered",
           *sorted({p.id for p in _DRA_BELOW.values()})),
      reads=("pods", "events"))
def dra_prepare_failures(ctx):
    """A DRA pod stays ContainerCreating because the kubelet's NodePrepareResources call to the
    DRA driver's kubelet plugin failed (pkg/kubelet/cm/dra: event FailedPrepareDynamicResources,
    `Failed to prepare dynamic resources: NodePrepareResources failed for ResourceClaim %s: %s`):
    DRA's Allocate, in the plugin's own words. Those words are read as the plugin's log is: an
    error of the layer below it wrapped in the message (`unable to create CDI spec file for claim:
    ...: failed to initialize NVML: Driver/library version mismatch`) is that layer's finding on the
    node, which explains the failed call."""
    for pod in ctx.troubled_pods:
        ev = next((e for e in reversed(ctx.pod_events(pod)) if e.reason == "FailedPrepareDynamicResources"), None)
        if ev is None or not pod.node_name:
            continue
        # the kubelet's own words (its DRA manager: docs/message-catalog-kubernetes.md), then the DRA driver's
        # inside them (docs/message-catalog.md, NVIDIA DRA driver): MIG, MPS, sharing config, CDI spec,
        # ComputeDomain not ready, NVML
        kubelet = dra_prepare_cause(ev.message)
        known = kubelet is not None or "NodePrepareResources failed" in ev.message or \
            "prepare dynamic resources" in ev.message
        facts = problems(scan_log(ev.message[:4000]))
        below = next((f for f in facts if f.kind.value in _DRA_BELOW), None)
        cause = below.kind.value if below is not None else next((f.kind.value for f in facts), None)
        if cause is None and kubelet is not None and kubelet[0] is DraPrepareKind.DRIVER_NOT_REGISTERED:
            # the kubelet has no registration of the claim's driver: its kubelet plugin never registered on
            # this node (not running there, or its registrar failed); the stack's state says which
            yield ctx.finding("plugin.not_registered", "error", node_subject(pod.node_name), [ctx.cite_event(ev)],
                              "recognised", node=pod.node_name, namespace=pod.namespace, pod=pod.name,
                              driver=kubelet[1], claim=pod.resource_claims[0] if pod.resource_claims else None)
            continue
        cause = cause or (kubelet[0].value if kubelet is not None else None)
        if below is not None:
            p = _DRA_BELOW[cause]
            yield ctx.finding(p.id, p.severity, node_subject(pod.node_name), [ctx.cite_event(ev)], node=pod.node_name,
                              namespace=pod.namespace, pod=pod.name)
        # the plugin's own checkpoint still holds the device for a claim the scheduler no longer gave it
        fid = "plugin.stale_allocation" if cause == "dra_device_held" else "plugin.allocate_rpc_failed"
        yield ctx.finding(fid, "error", pod_subject(pod), [ctx.cite_event(ev)],
                          "recognised" if known or cause else "unrecognised", namespace=pod.namespace, pod=pod.name,
                          node=pod.node_name, reason=ev.reason, message=ev.message[:300], cause=cause,
                          claim=pod.resource_claims[0] if pod.resource_claims else None)


# k8s-mig-manager's watch loop (cmd/nvidia-mig-manager main.go): idle, between applies
_MIG_IDLE = "Waiting for change to 'nvidia.com/mig.config' label"


@rule(ids=("plugin.mig_config_failed",), reads=("nodes", "pods/log"))
def mig_manager_idle(ctx):
    """mig.config.state=pending while the node's MIG manager is back in its watch loop (its log
    ends waiting for a label change, after an `Updating to MIG config` it never finished): no
    reconfiguration is running, the apply was abandoned and the node stays wedged."""
    for role, pod in ctx.stack_pods:
        if role != "mig-manager" or not pod.node_name:
            continue
        node = ctx.nodes.get(pod.node_name)
        if node is None or node.labels.get("nvidia.com/mig.config.state") != "pending":
            continue
        for c in pod.containers:
            text = ctx.log(pod, c.name, False)
            lines = [(i + 1, line) for i, line in enumerate(text.lines) if line.strip()] if text else []
            if not lines or _MIG_IDLE not in lines[-1][1]:
                continue
            started = [n for n, line in lines if "Updating to MIG config" in line]
            done = [n for n, line in lines if "Successfully updated to MIG config" in line]
            if started and (not done or done[-1] < started[-1]):
                wanted = node.labels.get("nvidia.com/mig.config", "")
                yield ctx.finding("plugin.mig_config_failed", "error", node_subject(node.name),
                                  [ctx.cite_field(node, f"{node.name} metadata.labels",
                                                  {k: node.labels.get(k) for k in ("nvidia.com/mig.config",
                                                                                    "nvidia.com/mig.config.state")}),
                                   ctx.cite_line(text, started[-1]), ctx.cite_line(text, lines[-1][0])],
                                  "inferred", node=node.name, label="nvidia.com/mig.config",
                                  values=[wanted] if wanted else None, mig_config=wanted or None)
                break


@rule(ids=("plugin.mig_config_failed", "plugin.mig_reconfiguring"), reads=("nodes",))
def mig_state_label(ctx):
    """The MIG manager's verdict is the node label nvidia.com/mig.config.state."""
    for node in ctx.gpu_nodes():
        state = node.labels.get("nvidia.com/mig.config.state")
        wanted = node.labels.get("nvidia.com/mig.config", "")
        if state == "failed":
            yield ctx.finding("plugin.mig_config_failed", "error", node_subject(node.name),
                              [ctx.cite_object(node, f"{node.name} label nvidia.com/mig.config.state=failed "
                                                     f"(mig.config={wanted})")],
                              node=node.name, label="nvidia.com/mig.config", values=[wanted] if wanted else None)
        elif state in ("pending", "rebooting"):
            yield ctx.finding("plugin.mig_reconfiguring", "warning", node_subject(node.name),
                              [ctx.cite_object(node, f"{node.name} label nvidia.com/mig.config.state={state} "
                                                     f"(mig.config={wanted})")],
                              node=node.name, label="nvidia.com/mig.config", values=[wanted] if wanted else None)
