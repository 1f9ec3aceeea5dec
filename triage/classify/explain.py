"""Which finding explains which, and the root cause of a diagnosis.

Inner layers explain symptoms in outer ones (taxonomy.yaml): a driver, runtime, plugin
or node finding accounts for a scheduler symptom or an application crash on the same
node; an application finding is the root cause only when nothing below explains it.
`EXPLAINED_BY` is the data: symptom id -> the ids (or whole layers, written `layer.`)
that can account for it. The engine only puts related findings side by side (same pod,
same node, or a node the pending pod could have used), so the table needs no places.

    >>> can_explain("plugin.nvml_unavailable", "node.gpu_not_advertised")
    True
    >>> can_explain("driver.xid_ecc_error", "application.cuda_oom")
    False
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

from triage.classify.model import Finding, Severity, Subject

INFRA = ("node.", "plugin.", "runtime.", "driver.")
BELOW_NODE = ("plugin.", "runtime.", "driver.")
DRIVER_BUILD = ("driver.image_unavailable", "driver.kernel_mismatch", "driver.secure_boot_rejected",
                "driver.nouveau_conflict", "driver.in_use_cannot_unload")
GPU_LOST = ("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error",
            "driver.xid_nvlink_error", "driver.xid_unhealthy_device")

EXPLAINED_BY: Mapping[str, tuple[str, ...]] = {
    # scheduler symptoms
    "scheduler.insufficient_gpu": INFRA + ("scheduler.rollout_needs_extra_gpu", "scheduler.autoscaler_no_scale_up"),
    # a GPU share the node autoscaler cannot see (KAI's annotations) is why the full nodes stay full
    "scheduler.custom_scheduler_rejected": INFRA + ("scheduler.quota_exceeded", "scheduler.autoscaler_no_scale_up"),
    # with an autoscaler in the cluster, "no current node has that label" is what a node group at
    # size 0 looks like: the autoscaler's own words (why it adds no node) come first
    "scheduler.node_affinity_mismatch": ("scheduler.selector_label_absent", "node.label_drift", "plugin.gfd_error",
                                         "plugin.mig_config_failed", "plugin.mig_reconfiguring",
                                         "scheduler.autoscaler_no_scale_up"),
    "scheduler.selector_label_absent": ("plugin.gfd_error", "plugin.mig_config_failed", "plugin.mig_reconfiguring",
                                        "scheduler.autoscaler_no_scale_up"),
    "scheduler.untolerated_taint": ("node.not_ready",),
    # a gated pod waits for its queue (Kueue's verdict on its Workload says why)
    "scheduler.scheduling_gated": ("scheduler.quota_exceeded",),
    "scheduler.autoscaler_no_scale_up": (),
    "scheduler.dra_claim_unallocatable": BELOW_NODE,
    # the scheduler's words are unknown: whatever is broken below may be why
    "scheduler.rejected_unrecognised": INFRA + ("scheduler.quota_exceeded",),
    "scheduler.other_filter": ("node.not_ready",),
    # no event, no condition: the pod's own scheduler's log says what it made of it
    "scheduler.pending_unexplained": ("scheduler.custom_scheduler_rejected",),
    # node
    "node.gpu_not_advertised": BELOW_NODE,
    "node.gpu_allocatable_zero": BELOW_NODE,
    "node.gpu_unhealthy_devices": GPU_LOST + ("plugin.allocate_failed_unhealthy",),
    # a GPU the driver does not enumerate: lost off the bus, or a driver fault on the node
    "node.gpus_missing": ("driver.",),
    "node.gpu_model_label_mismatch": ("plugin.gfd_error", "plugin.mig_config_failed", "plugin.mig_reconfiguring"),
    # a runtime handler whose binary is missing, as containerd's default, fails every sandbox on the
    # node, the CNI's too ("container runtime network not ready"); a MIG mode change with
    # WITH_SHUTDOWN_HOST_GPU_CLIENTS=true stops the kubelet itself (mig-parted reconfigure-mig.sh adds
    # HOST_KUBELET_SERVICE to the services it stops), so the node stops posting status by design
    "node.not_ready": ("driver.gpu_fallen_off_bus", "runtime.runtime_handler_missing", "plugin.mig_reconfiguring"),
    # plugin
    "plugin.nvml_unavailable": ("runtime.", "driver."),
    # k8s-device-plugin (internal/rm factory.go, main.go): no NVML found ("Incompatible strategy
    # detected", "could not load NVML"), it starts no resource manager and waits "No devices found"
    "plugin.no_devices_found": ("plugin.nvml_unavailable", "runtime.", "driver."),
    # the operator's validator waits in plugin-validation while its workload cannot get a GPU
    "plugin.not_running": ("plugin.nvml_unavailable", "plugin.no_devices_found", "plugin.mig_config_failed",
                           "plugin.validation_no_free_gpu", "node.not_ready", "runtime.", "driver."),
    "plugin.not_registered": ("plugin.not_running", "plugin.nvml_unavailable", "plugin.no_devices_found",
                              "plugin.mig_config_failed", "plugin.mig_reconfiguring", "runtime.", "driver."),
    "plugin.stale_allocation": ("plugin.not_registered", "plugin.not_running", "plugin.validation_no_free_gpu"),
    "plugin.allocate_failed_unhealthy": ("driver.",),
    "plugin.allocate_rpc_failed": ("plugin.not_running", "driver."),
    "plugin.gfd_error": ("plugin.mig_config_failed", "runtime.", "driver."),
    "plugin.mig_config_failed": ("driver.",),
    "plugin.mig_reconfiguring": ("plugin.mig_config_failed",),
    "plugin.validation_no_free_gpu": ("driver.",),
    "plugin.admission_failed": ("plugin.", "driver.", "node.gpu_not_advertised", "node.gpu_allocatable_zero", "node.gpus_missing",
                                "node.gpu_unhealthy_devices"),
    # runtime
    "runtime.container_cli_init_failed": ("driver.",),
    "runtime.no_device_visible": ("runtime.toolkit_not_ready", "runtime.runtime_handler_missing", "driver."),
    "runtime.toolkit_not_ready": ("driver.",),
    "runtime.cdi_unresolvable": ("runtime.toolkit_not_ready", "driver."),
    "runtime.lost_gpu_access": GPU_LOST,
    "runtime.start_failed_unrecognised": ("runtime.toolkit_not_ready", "runtime.runtime_handler_missing",
                                          "runtime.container_cli_init_failed", "driver."),
    # driver
    "driver.not_ready": DRIVER_BUILD + ("driver.not_loaded",),
    "driver.not_loaded": DRIVER_BUILD + GPU_LOST,
    "driver.version_mismatch": ("driver.in_use_cannot_unload",),
    "driver.kernel_mismatch": ("driver.secure_boot_rejected", "driver.nouveau_conflict"),
    "driver.nvrm_unrecognised": ("driver.",),
    "driver.health_report_unrecognised": ("driver.",),
    "driver.xid_unhealthy_device": ("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error",
                                    "driver.xid_nvlink_error"),
    # application: explained by the GPU stack below it, or by a more specific application finding
    "application.crash_unclassified": INFRA + ("application.",),
    "application.gpu_error_unrecognised": INFRA + ("application.",),
    "application.nccl_error": GPU_LOST + ("runtime.lost_gpu_access", "application.shm_too_small"),
    "application.killed_sigkill": ("node.not_ready", "application.probe_killed_during_startup",
                                   "application.oom_killed"),
    "application.probe_killed_during_startup": ("application.model_download_unauthorized",
                                                "application.model_access_not_granted") + GPU_LOST,
    "application.cuda_driver_too_old": ("runtime.container_cli_init_failed",),
    "application.xid_application_fault": (),
    "application.volume_mount_failed": ("node.not_ready",),
    "application.no_kernel_image": (),
}


# pairs that hold only when the cause carries a parameter: the operator's validation workload
# cannot get a GPU because other pods hold it (not because none is advertised)
WHEN_PARAM: Mapping[tuple[str, str], str] = {
    ("plugin.validation_no_free_gpu", "plugin.not_running"): "holders",
}
# explanations only a cause's parameter makes (outside EXPLAINED_BY, whose direct entries would
# also forbid the reverse): a device plugin still starting on a node the autoscaler took for a
# node without GPUs is accounted for by that node's missing label
CAUSE_PARAM: Mapping[tuple[str, str], str] = {
    ("node.gpu_not_advertised", "plugin.not_running"): "rescaled",
    # a DaemonSet that registers devices with the kubelet (it mounts the device-plugin directory) and
    # that the controller keeps off the node: nothing advertises the node's GPUs
    ("scheduler.selector_label_absent", "node.gpu_not_advertised"): "device_plugin",
    ("scheduler.untolerated_taint", "node.gpu_not_advertised"): "device_plugin",
    # a device plugin that panics inside its Allocate handler: the kubelet's call crashes it
    ("plugin.allocate_rpc_failed", "plugin.not_running"): "panicked_in",
}


# a missing node label the plugin layer can account for only when a component there writes it
# (GFD and the operator: nvidia.com/...; NFD: feature.node.kubernetes.io/...); a provider's own
# label (cloud.google.com/gke-accelerator, an instance type, a label set by hand) is not theirs
LABELLED_BY_STACK = ("nvidia.com/", "feature.node.kubernetes.io/")
_LABEL_SYMPTOMS = frozenset({"scheduler.selector_label_absent"})


# (symptom, param, value, keep): a symptom whose param has that value (True: any truthy value)
# keeps only the EXPLAINED_BY patterns `keep` accepts
_NARROWINGS: tuple[tuple[str, str, object, Callable[[str], bool]], ...] = (
    # no node of the cluster offers the GPU the gang asks for: there is no node below to be broken
    ("scheduler.custom_scheduler_rejected", "reason", "no_capacity", lambda p: not p.endswith(".")),
    # the node offers other GPU resources than the one asked for: only its MIG layout or sharing
    # configuration (the MIG manager) can account for that, nothing broken below it
    ("node.gpu_not_advertised", "offered", True, lambda p: p in ("plugin.mig_config_failed", "plugin.mig_reconfiguring")),
    # the plugin is still starting on a new node: nothing below has been tried yet; the label the
    # autoscaler waits on is what is missing
    ("node.gpu_not_advertised", "rescaled", True, lambda p: False),
    # a DaemonSet kept off by a label no node carries, and no labeller of it deployed (the cluster-wide
    # DaemonSet list has no NFD / GFD): no plugin-layer component could have written it
    ("scheduler.selector_label_absent", "unlabelled", True, lambda p: not p.startswith("plugin.")),
    # the operator's own check of the toolkit could not even be created: that failure is why the
    # toolkit stage reads not ready (the other operands wait on it), not the other way round
    # ... and so its crash loop does not account for the failed call
    ("plugin.allocate_rpc_failed", "panicked_in", True, lambda p: p != "plugin.not_running"),
    ("runtime.start_failed_unrecognised", "container", "toolkit-validation",
     lambda p: p != "runtime.toolkit_not_ready"),
)


def explained_by(symptom: str, params: Mapping | None = None) -> tuple[str, ...]:
    """EXPLAINED_BY's patterns for `symptom`, narrowed by its parameters: the plugin layer
    drops out for a missing label no GPU-stack component writes, and `_NARROWINGS`."""
    params = params or {}
    patterns = EXPLAINED_BY.get(symptom, ())
    label = params.get("label")
    if symptom in _LABEL_SYMPTOMS and isinstance(label, str) and not label.startswith(LABELLED_BY_STACK):
        patterns = tuple(p for p in patterns if not p.startswith("plugin."))
    for who, param, value, keep in _NARROWINGS:
        have = params.get(param)
        if who == symptom and (bool(have) if value is True else have == value):
            patterns = tuple(p for p in patterns if keep(p))
    return patterns


def finding_explains(cause: Finding, symptom: Finding) -> bool:
    """`can_explain` for two findings, with the parameter conditions of WHEN_PARAM and of
    `explained_by`. A stack component that is up again after failing (state `restarting`)
    explains nothing that fails now."""
    if cause.params.get("state") == "restarting":
        return False
    if cause.subject.kind == "Pod" and symptom.subject.kind == "Node":
        # one pod's own failure is downstream of its node's state: it never accounts for it
        return False
    only = CAUSE_PARAM.get((cause.id, symptom.id))
    if only is not None and cause.params.get(only):
        return cause.params.get("node") == symptom.params.get("node")
    flag = WHEN_PARAM.get((cause.id, symptom.id))
    return can_explain(cause.id, symptom.id, symptom.params) and (flag is None or bool(cause.params.get(flag)))


# findings that say the sources disagree, not that anything failed: a layer-wide pattern
# ("driver.") never lets them account for a failure (they explain only what names them)
NO_FAILURE = frozenset({"driver.version_inconsistent"})
# a labeller's failure (GFD, NFD, a vendor's node labeller) leaves the node's labels wrong and
# nothing else: it explains the symptoms that name it (a selector, a model label), never, through a
# layer-wide pattern, a node that advertises no GPU or a crash (labels do not make the resource)
LABELS_ONLY = frozenset({"plugin.gfd_error"})


def can_explain(cause: str, symptom: str, params: Mapping | None = None) -> bool:
    """True when finding id `cause` can account for finding id `symptom` (with the symptom's
    `params`, `explained_by`'s narrowing)."""
    if cause == symptom:
        return False
    for pattern in explained_by(symptom, params):
        if pattern.endswith(".") and cause.startswith(pattern) and cause not in NO_FAILURE | LABELS_ONLY \
                or cause == pattern:
            # a more specific same-layer pattern never lets a symptom explain its own cause
            return not (symptom in _direct(cause))
    return False


def _direct(cause: str) -> tuple[str, ...]:
    return tuple(p for p in EXPLAINED_BY.get(cause, ()) if not p.endswith("."))


def depth(f: Finding) -> int:
    """Scheduler 0 ... driver 4; the application sits outside the stack (-1)."""
    return -1 if f.id.startswith("application.") else f.layer.depth


def explains_map(findings: Iterable[Finding]) -> dict[int, set[int]]:
    """index -> indices of the findings it explains directly (cycles broken: when two
    findings could explain each other, the deeper layer is the cause)."""
    items = list(findings)
    out: dict[int, set[int]] = {i: set() for i in range(len(items))}
    for i, cause in enumerate(items):
        for j, symptom in enumerate(items):
            if i == j or cause.id == symptom.id:
                continue
            if finding_explains(cause, symptom):
                if finding_explains(symptom, cause) and depth(symptom) > depth(cause):
                    continue
                out[i].add(j)
    return out


def _closure(start: int, direct: Mapping[int, set[int]]) -> set[int]:
    seen: set[int] = set()
    stack = list(direct.get(start, ()))
    while stack:
        j = stack.pop()
        if j in seen or j == start:
            continue
        seen.add(j)
        stack.extend(direct.get(j, ()))
    return seen


def resolve(findings: Iterable[Finding], target: Subject | None = None) -> tuple[Finding | None, tuple[Finding, ...]]:
    """(root cause or None, every finding with `explains` filled, root first then worst first).

    The root is a finding no other finding explains; among several, one about the target
    itself (a pod's own admission rejection before an unrelated fault of its node), then the
    one explaining most, then the worst severity, then the deepest layer. Deterministic
    whatever the input order."""
    unique = {(f.id, f.subject, f.evidence): f for f in findings}
    items = sorted(unique.values(), key=lambda f: f.sort_key())
    if not items:
        return None, ()
    direct = explains_map(items)
    explained = {j for js in direct.values() for j in js}
    closure = {i: _closure(i, direct) for i in range(len(items))}
    with_explains = [f.with_explains(items[j].id for j in closure[i]) for i, f in enumerate(items)]
    candidates = [i for i in range(len(items)) if i not in explained]
    if not candidates:          # a cycle the table did not break: fall back to the deepest
        candidates = list(range(len(items)))

    def rank(i: int):
        f = items[i]
        # the target's own failure first; a warning about it (a setting that may be wrong) does not
        # outrank a failure of what it runs on
        about_target = 0 if target is not None and f.subject == target and f.severity.rank <= Severity.ERROR.rank \
            else 1
        return (about_target, -len(closure[i]), f.severity.rank, -depth(f), f.sort_key())

    root_i = min(candidates, key=rank)
    rest = sorted((i for i in range(len(items)) if i != root_i), key=lambda i: items[i].sort_key())
    return with_explains[root_i], tuple([with_explains[root_i]] + [with_explains[i] for i in rest])
