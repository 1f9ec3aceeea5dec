"""Rules of the runtime layer (container runtime, NVIDIA Container Toolkit, CDI), plus the
one place that reads container-start errors: the inner `nvidia-container-cli` error
decides the layer (a driver/library mismatch inside a hook error is the driver's)."""

from __future__ import annotations

from triage.classify.model import Gap
from triage.classify.rules.base import (NeedGap, node_subject, pod_subject, privileged, requests_nvidia, rule,
                                         visible_devices_by_hand)
from triage.classify.rules.components import component_findings
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.patterns import LogPattern, apply_patterns, scan
from triage.evidence.cuda_compat import gfd_cuda_version, gfd_driver_version

P = LogPattern
PATTERNS = (
    P("validator", "toolkit_validation_waiting", "runtime.toolkit_not_ready", "error"),
    P("validator", "cuda_validation_failed", "runtime.no_device_visible", "error",
      when=("cuda_error", ("no_device", "busy_unavailable"))),
    P("validator", "cuda_validation_failed", "driver.fabric_manager_not_running", "critical",
      when=("cuda_error", ("not_initialized",))),
    P("validator", "cuda_system_not_initialized", "driver.fabric_manager_not_running", "critical"),
    P("validator", "no_cuda_device", "runtime.no_device_visible", "error"),
    P("validator", "cuda_device_busy", "runtime.no_device_visible", "error"),
    # CUDA 46 (cudaErrorDevicesUnavailable) in a workload: the device is there and will not take the work
    # (exclusive-process mode held elsewhere, an unlicensed vGPU): no injection fault; an unclassified crash
    P("workload", "cuda_ecc_error", "driver.xid_ecc_error", "critical"),
    P("workload", "gpu_lost", "driver.gpu_fallen_off_bus", "critical"),
    # CUDA 802 in the workload's own log (PyTorch "Error 802: system not yet initialized", ggml
    # "failed to initialize CUDA: system not yet initialized"): the node's fabric manager is not up
    P("workload", "cuda_system_not_initialized", "driver.fabric_manager_not_running", "critical"),
    P("workload", "nvml_unknown_error", "runtime.lost_gpu_access", "error"),
    P("workload", "cdi_unresolvable", "runtime.cdi_unresolvable", "error"),
    # CUDA 803 (cudaErrorSystemDriverMismatch) / XLA "kernel version X does not match DSO version Y":
    # the libcuda the container loaded is not the loaded kernel module's
    P("workload", "cuda_driver_mismatch", "driver.version_mismatch", "critical"),
    # NVML's "Driver/library version mismatch" printed by the workload itself (nvidia-smi in an
    # entrypoint, pynvml in vLLM/TGI) or a validator: the same node-level mismatch
    P("workload", "nvml_version_mismatch", "driver.version_mismatch", "critical"),
    P("validator", "nvml_version_mismatch", "driver.version_mismatch", "critical"),
    P("validator", "cuda_driver_mismatch", "driver.version_mismatch", "critical"),
    P("validator", "cuda_validation_failed", "driver.version_mismatch", "critical",
      when=("cuda_error", ("driver_mismatch",))),
    # CUDA 220 (cudaErrorNvlinkUncorrectable): the NVLink fabric under the pod failed
    P("workload", "cuda_nvlink_error", "driver.xid_nvlink_error", "critical"),
    # the toolkit container could not install the toolkit or configure/restart the runtime
    P("toolkit", "toolkit_install_failed", "runtime.toolkit_not_ready", "error"),
)


@rule(ids=sorted({p.id for p in PATTERNS}), reads=("pods/log",))
def log_signatures(ctx):
    yield from apply_patterns(ctx, PATTERNS)


@rule(ids=("runtime.toolkit_not_ready", "runtime.no_device_visible"), reads=("nodes", "pods|daemonsets"))
def components(ctx):
    """The container toolkit (and the operator's toolkit / CUDA validation stages) of each GPU
    node from the stack's expected state. A GPU container that started on the node shows
    that the runtime injected a GPU there: a check of this layer (host-installed toolkits
    have no pod)."""
    yield from component_findings(ctx, "runtime")
    for node, pods in sorted(ctx.started_gpu_containers.items()):
        if node in ctx.nodes:
            yield ctx.checked(node_subject(node), sorted({p.source for p in pods}))


# RuntimeFailure (triage.evidence.runtime_error) -> finding id
_KIND_ID = {"cdi_unresolvable": "runtime.cdi_unresolvable", "cdi_injection": "runtime.cdi_unresolvable",
            "runtime_handler_missing": "runtime.runtime_handler_missing",
            "runtime_class_not_found": "runtime.runtime_handler_missing",
            "runtime_binary_missing": "runtime.runtime_handler_missing",
            "hook_binary_missing": "runtime.toolkit_not_ready"}
_CAUSE_ID = {"no_driver_visible": ("runtime.container_cli_init_failed", "error"),
             "driver_version_mismatch": ("driver.version_mismatch", "critical"),
             "driver_not_loaded": ("driver.not_loaded", "critical"),
             "gpu_lost": ("driver.gpu_fallen_off_bus", "critical"),
             # the kernel driver does not answer the hook's RPC (timed out / failed to process request):
             # nvidia-smi on the node cannot talk to it either - the driver is not (properly) loaded
             "driver_rpc_failed": ("driver.not_loaded", "critical"),
             # the toolkit chroots into a driver root that is not there (operator's /run/nvidia/driver
             # before the driver container populated it, or a host driver with the container root set)
             "driver_root_invalid": ("runtime.toolkit_not_ready", "error"),
             "cuda_requirement": ("runtime.cuda_requirement_unsatisfied", "error"),
             "requirement_other": ("runtime.cuda_requirement_unsatisfied", "error"),
             "ldcache": ("runtime.container_cli_init_failed", "error"),
             "unknown_device": ("runtime.visible_devices_misconfigured", "error"),
             "visible_devices_placeholder": ("runtime.visible_devices_misconfigured", "error"),
             # libnvidia-container's configure step: the driver was found, its files, devices or
             # sockets could not be mounted into the container (src/cli/configure.c "mount error: %s")
             "mount": ("runtime.container_cli_mount_failed", "error"),
             "other": ("runtime.container_cli_init_failed", "error")}
def failure_id(f) -> tuple[str, str] | None:
    """(finding id, severity) for a parsed RuntimeFailure; None when it names no cause we know."""
    if f.kind.value in _KIND_ID:
        return _KIND_ID[f.kind.value], "error"
    if f.kind.value == "container_cli":
        cause = f.cause.value if f.cause else "other"
        if cause == "unstated":
            # crun's `error executing hook `<path>` (exit code: N)`: the NVIDIA hook failed and nothing
            # says at which step, so no nvidia-container-cli stage is named (start_failure reads it as unrecognised)
            return None
        if cause == "other" and f.cli_kind != "initialization":
            # an OCI hook of the toolkit (nvidia-cdi-hook, nvidia-ctk hook) or a CLI step that failed for a
            # cause no catalog row knows: not "cannot initialise"; start_failure quotes it as unrecognised
            return None
        return _CAUSE_ID.get(cause, _CAUSE_ID["other"])
    return None


def driver_versions(ctx, node_name: str | None) -> dict:
    """driver_version / cuda_version from the node's GPU Feature Discovery labels, when present."""
    node = ctx.nodes.get(node_name) if node_name else None
    if node is None:
        return {}
    out = {"driver_version": gfd_driver_version(node.labels), "cuda_version": gfd_cuda_version(node.labels)}
    return {k: v for k, v in out.items() if v}


def _candidate_texts(ctx, pod):
    """(text, citation) of every event and container-status message about `pod`."""
    for ev in ctx.pod_events(pod):
        if ev.type == "Warning" or ev.reason in ("Failed", "FailedCreatePodSandBox"):
            yield ev.message, ctx.cite_event(ev)
    for st in pod.container_statuses:
        for label, state in (("state", st.state), ("lastState", st.last_state)):
            if state is not None and state.message:
                yield state.message, ctx.cite_object(
                    pod, f"containerStatuses[{st.name}].{label}: {state.reason}: {state.message}")


# the kubelet's reasons for a container the runtime could not create or start
# (CreateContainerConfigError in a wording of the pod spec's own is the spec's: rules/application.py)
START_REASONS = frozenset({"CreateContainerError", "RunContainerError", "StartError", "ContainerCannotRun",
                           "CreateContainerSandboxError", "PostStartHookError"})


def _start_reason(state) -> bool:
    if state.reason == "CreateContainerConfigError":
        from triage.evidence.k8s_events.container_start import config_error_of_spec
        return not config_error_of_spec(state.message)
    return state.reason in START_REASONS


def start_failure(ctx, pod):
    """(container, reason, message, citation) of the first container the runtime could not
    start (a waiting or terminated state with a start reason), else of a FailedCreatePodSandBox
    event; None when the pod shows none."""
    for st in pod.container_statuses:
        for label, state in (("state", st.state), ("lastState", st.last_state)):
            if state is not None and _start_reason(state):
                return st.name, state.reason, state.message, ctx.cite_object(
                    pod, f"containerStatuses[{st.name}].{label}: {state.reason}: {state.message}")
    for ev in reversed(ctx.pod_events(pod)):
        if ev.reason == "FailedCreatePodSandBox" and ev.message.strip():
            return "", ev.reason, ev.message, ctx.cite_event(ev)
    return None


def _pods_to_check(ctx, troubled_only: bool = False):
    seen = set()
    for pod in (ctx.troubled_pods if troubled_only else ctx.scope_pods):
        seen.add((pod.namespace, pod.name))
        yield pod
    for _, pod in ctx.stack_pods:
        if (pod.namespace, pod.name) not in seen:
            seen.add((pod.namespace, pod.name))
            yield pod
    if not troubled_only:
        for pod in ctx.host_pid_pods:       # host_view's candidates, from the one pass over pods
            if (pod.namespace, pod.name) not in seen and host_view(pod):
                yield pod


def host_view(pod) -> bool:
    """A pod that sees the node itself: `kubectl debug node/<node>` (its pod is
    `node-debugger-<node>-<suffix>`, the host's root at /host), or a hostPID pod with the
    host's `/` mounted. Its `nvidia-smi` is the node's, like the driver pod's."""
    if not pod.node_name:
        return False
    if pod.name.startswith(f"node-debugger-{pod.node_name}-"):
        return True
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    return bool(spec.get("hostPID")) and any(
        isinstance(v, dict) and isinstance(v.get("hostPath"), dict) and v["hostPath"].get("path") == "/"
        for v in pod.volumes)


def _plugin_allocated(pod) -> bool:
    """The pod's GPUs come from the device plugin's allocation: it asks for a GPU resource and
    no container names its devices by hand."""
    return any(c.gpu_resources() for c in pod.containers) and visible_devices_by_hand(pod) is None


def _runs_missing_smi(message: str) -> bool:
    """The start failed because exec found no `nvidia-smi` (Go os/exec: `exec: "nvidia-smi":
    executable file not found in $PATH`, runc's container init quoting it)."""
    from triage.evidence.log_scan import scan_log
    return "nvidia-smi" in message and any(f.kind.value == "nvidia_smi_not_found" for f in scan_log(message[:4096]))


def _device_list_path(f) -> str | None:
    """The path in `device error: <path>: unknown device`: NVIDIA_VISIBLE_DEVICES holds the
    device plugin's volume-mounts list root (k8s-device-plugin's
    deviceListAsVolumeMountsContainerPathRoot, /var/run/nvidia-container-devices) and the hook
    took it for a device name: a toolkit not set to read device lists from mounts
    (accept-nvidia-visible-devices-as-volume-mounts), or one that regressed at it. No GPU was
    lost: the list never reached the hook."""
    name = (f.detail or "").split(": unknown device", 1)[0].strip()
    return name if name.startswith("/") else None


@rule(ids=sorted({v for v in _KIND_ID.values()} | {v[0] for v in _CAUSE_ID.values()}
                 | {"runtime.start_failed_unrecognised", "plugin.stale_allocation", "application.gpu_not_requested"}),
      reads=("pods",))
def container_start_errors(ctx):
    from triage.evidence.runtime_error import parse_runtime_error
    for pod in _pods_to_check(ctx, troubled_only=True):
        found: dict[str, tuple[str, list, object]] = {}
        for text, cite in _candidate_texts(ctx, pod):
            if "nvidia" not in text.lower() and "cdi" not in text.lower() and "runtime" not in text.lower():
                continue
            f = parse_runtime_error(text)
            if f is None:
                continue
            judged = failure_id(f)
            if judged is None:
                continue
            fid, sev = judged
            if f.cause is not None and f.cause.value == "unknown_device" and _plugin_allocated(pod) \
                    and not _device_list_path(f):
                # the device plugin handed over the ids, and the driver knows no such GPU: the
                # allocation outlived the device (a GPU whose UUID changed across a host restart)
                fid, sev = "plugin.stale_allocation", "error"
            entry = found.setdefault(fid, (sev, [], f))
            if cite not in entry[1]:
                entry[1].append(cite)
        if not found:
            failure = start_failure(ctx, pod)
            if failure is not None:
                container, reason, message, cite = failure
                where = node_subject(pod.node_name) if gpu_stack_role(pod) and pod.node_name else pod_subject(pod)
                if not gpu_stack_role(pod) and not requests_nvidia(pod) and _runs_missing_smi(message):
                    # its command is nvidia-smi, which only the NVIDIA runtime puts in a container (with
                    # the driver, capability `utility`), for a container that asked for a GPU; this one
                    # asked for none (one that did is left to the start-failure reading: the runtime path)
                    yield ctx.finding("application.gpu_not_requested", "error", pod_subject(pod), [cite], "inferred",
                                      namespace=pod.namespace,
                                      pod=pod.name, node=pod.node_name or None, container=container,
                                      runtime_class=pod.runtime_class_name or None)
                    continue
                yield ctx.finding("runtime.start_failed_unrecognised", "error", where, [cite], "unrecognised",
                                  namespace=pod.namespace, pod=pod.name, node=pod.node_name or None,
                                  container=container, reason=reason, message=message[:300],
                                  runtime_class=pod.runtime_class_name or None)
        for fid, (sev, cites, f) in sorted(found.items()):
            params = dict(node=pod.node_name or None, required_cuda=f.required_cuda, reason=f.cli_kind,
                          device_list_path=_device_list_path(f),
                          message=f.excerpt[:200], runtime_class=f.handler or pod.runtime_class_name or None,
                          **driver_versions(ctx, pod.node_name))
            role = gpu_stack_role(pod)
            if role and pod.node_name:
                yield ctx.finding(fid, sev, node_subject(pod.node_name), cites[:3], operator_namespace=pod.namespace,
                                  plugin_pod=pod.name, namespace=pod.namespace, pod=pod.name, **params)
            elif fid.startswith("driver.") and pod.node_name:
                # the node's driver is at fault, seen through this pod's container start
                yield ctx.finding(fid, sev, node_subject(pod.node_name), cites[:3], namespace=pod.namespace,
                                  pod=pod.name, **params)
            else:
                yield ctx.finding(fid, sev, pod_subject(pod), cites[:3], namespace=pod.namespace, pod=pod.name,
                                  **params)


def _env_names(raw) -> set[str]:
    """Names of the env vars of a raw pod's containers (a cheap pre-check)."""
    out: set[str] = set()
    spec = raw.get("spec")
    for c in (spec.get("containers") or ()) if isinstance(spec, dict) else ():
        if isinstance(c, dict) and isinstance(c.get("env"), list):
            out.update(e.get("name") for e in c["env"] if isinstance(e, dict))
    return out


@rule(ids=("runtime.visible_devices_misconfigured",), reads=("pods",))
def visible_devices_env(ctx):
    """NVIDIA_VISIBLE_DEVICES set by hand in a pod's spec: with no GPU request it can expose
    every GPU of the node behind the scheduler's back, or a placeholder value injects none. The
    GPU stack's own pods set it by design (the operator's operands `void`, the device plugin `all`)."""
    for pod in ctx.scope_pods:
        if "NVIDIA_VISIBLE_DEVICES" not in _env_names(pod.raw) or gpu_stack_role(pod) is not None:
            continue
        for c in pod.containers:
            for env in c.env:
                if env.name != "NVIDIA_VISIBLE_DEVICES" or env.value is None:
                    continue
                value = env.value.strip()
                placeholder = value in ("", "void", "none") or "no-gpu" in value
                if placeholder or (not c.gpu_resources() and value not in ("",)):
                    yield ctx.finding("runtime.visible_devices_misconfigured", "warning" if not placeholder else "error",
                                      pod_subject(pod), [ctx.cite_object(pod, f"containers[{c.name}].env "
                                                                              f"NVIDIA_VISIBLE_DEVICES={value}")],
                                      namespace=pod.namespace, pod=pod.name, container=c.name,
                                      node=pod.node_name or None, message=value)


_SMI_ERROR_ID = {"driver_not_loaded": ("driver.not_loaded", "critical"),
                 "driver_library_mismatch": ("driver.version_mismatch", "critical"),
                 "gpu_lost": ("driver.gpu_fallen_off_bus", "critical")}
_SMI_WORKLOAD_ID = {"nvml_unknown_error": ("runtime.lost_gpu_access", "error"),
                    "no_devices": ("runtime.no_device_visible", "error"),
                    "nvml_library_not_found": ("runtime.no_device_visible", "error")}


@rule(ids=("driver.not_loaded", "driver.version_mismatch", "driver.gpu_fallen_off_bus", "runtime.lost_gpu_access",
           "runtime.no_device_visible"), reads=("pods/exec",))
def nvidia_smi_errors(ctx):
    """nvidia-smi run in a container: what its failure says, in its words or, when it printed none
    a parser knows, by its documented return value (`records_gpu.SMI_RETURN_CODES`). In the workload
    container, an NVML Unknown Error while the driver pod's nvidia-smi works is a lost device cgroup."""
    from triage.evidence.records_gpu import SMI_RETURN_CODES
    pods = list(_pods_to_check(ctx))
    for pod in pods:
        role = gpu_stack_role(pod) or ("driver" if host_view(pod) else None)
        for run in ctx.pod_smi_runs(pod):
            out = run.out
            if out.stdout is not None and out.exit_code == 0:
                where = node_subject(pod.node_name) if role and pod.node_name else pod_subject(pod)
                yield ctx.checked(where, [out.stdout.path], "driver" if role == "driver" else "runtime")
                if out.exit_code == 0 and not role and pod.node_name:
                    yield ctx.checked(node_subject(pod.node_name), [out.stdout.path], "driver")
            missing = None if role else _smi_missing(ctx, pod, out)
            if missing is not None:
                yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod), [missing], "inferred",
                                  namespace=pod.namespace, pod=pod.name, node=pod.node_name or None,
                                  container=out.container, runtime_class=pod.runtime_class_name or None)
                continue
            # (kind, citation, the error) of what its words say
            errors = [(e.kind.value, ctx.cite_line(stream, e.line, e.excerpt), e) for stream, e in run.errors]
            if not errors and out.exit_code in SMI_RETURN_CODES:
                # words no parser knows, a documented return value: the exit status says it
                errors = [(SMI_RETURN_CODES[out.exit_code].value, ctx.cite_exec_record(out), None)]
            for kind, cite, err in errors:
                judged = _SMI_ERROR_ID.get(kind) or (None if role else _SMI_WORKLOAD_ID.get(kind))
                if judged is None:
                    continue
                fid, sev = judged
                params = dict(node=pod.node_name or None, container=out.container, pci=err.pci if err else None,
                              driver_version=err.nvml_library_version if err else None)
                if role and pod.node_name:
                    stack = gpu_stack_role(pod) is not None      # not a node-debugger's view of the host
                    yield ctx.finding(fid, sev, node_subject(pod.node_name), [cite],
                                      operator_namespace=pod.namespace if stack else None,
                                      driver_pod=pod.name if stack else None, **params)
                else:
                    yield ctx.finding(fid, sev, pod_subject(pod), [cite], namespace=pod.namespace, pod=pod.name,
                                      **params)


@rule(ids=("runtime.visible_devices_misconfigured",), reads=("pods/exec",))
def visible_beyond_request(ctx):
    """nvidia-smi in a workload container lists more GPUs than the pod was allocated (none, for a
    pod that asks for none): the runtime exposed devices outside the device plugin's allocation
    (an image's NVIDIA_VISIBLE_DEVICES=all honoured for an unprivileged container, the NVIDIA
    runtime as the default). A privileged container sees every device by design; a pod whose
    GPUs come from DRA claims has no count in its resources to compare with."""
    from triage.evidence.smi_summary import summarise
    for pod in ctx.scope_pods:
        if gpu_stack_role(pod) or host_view(pod) or privileged(pod):
            continue
        runs = [r for r in ctx.pod_smi_runs(pod) if r.out.name in ("nvidia-smi", "nvidia-smi-L")]
        if pod.resource_claims:
            if runs and not ctx.resource_claims.get(pod.namespace or ""):
                ns = pod.namespace or ""
                yield NeedGap(Gap("resourceclaims", "not_collected",
                                  f"{ns}/{pod.name} gets its GPUs from DRA claims and the bundle holds none of them: "
                                  "what nvidia-smi lists in it cannot be held against what was allocated",
                                  f"get resourceclaims.resource.k8s.io in namespace {ns}"),
                              pod_subject(pod), pod.node_name or None)
            continue
        for row in summarise(pod, runs):
            if row["verdict"] != "ok" or row["mig_devices"] or row["visible"] <= row["requested"]:
                continue
            out = next(r.out for r in runs if r.out.container == row["container"])
            stream = out.stdout if out.stdout is not None and out.stdout.text else out.stderr
            listed = [i for i, t in enumerate(stream.lines, 1) if _lists_a_gpu(t)]
            # the first GPU past the allocation (`nvidia-smi -L`), else the table's driver line
            line = listed[row["requested"]] if len(listed) > row["requested"] else (row["line"] or 1)
            yield ctx.finding("runtime.visible_devices_misconfigured", "error", pod_subject(pod),
                              [ctx.cite_line(stream, line), ctx.cite_field(pod, f"{pod.name} GPU requests",
                                                                           dict(pod.gpu_requests) or {})],
                              "inferred", namespace=pod.namespace, pod=pod.name, node=pod.node_name or None,
                              container=row["container"], visible=row["visible"], requested=row["requested"])
            break


def _smi_missing(ctx, pod, out):
    """The citation of `nvidia-smi: command not found` (or exec's `executable file not found`)
    when nvidia-smi was run in a container that asked for a GPU: the NVIDIA runtime injects the
    binary with the driver (capability `utility`), so the container was started without it."""
    if out.exit_code not in (126, 127, None) or not any(c.gpu_resources() for c in pod.containers):
        return None
    for stream in (out.stderr, out.stdout):
        fact = next((f for f in scan(ctx, stream) if f.kind.value == "nvidia_smi_not_found"), None)
        if fact is not None:
            return ctx.cite_line(stream, fact.line, fact.excerpt)
    return None


def _lists_a_gpu(line: str) -> bool:
    """An `nvidia-smi -L` line: `GPU %u: %s (UUID: %s)`."""
    head = line.lstrip()[:8]
    return head.startswith("GPU ") and head[4:5].isdigit()


def _raw_env(pod) -> list:
    """The raw env of a pod's containers, as the API returned it (for the toolkit's settings)."""
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    return [e for c in spec.get("containers") or () if isinstance(c, dict) for e in c.get("env") or ()]


def _cdi_cri(ctx, node: str) -> bool:
    """The device plugin hands devices to the runtime itself (DEVICE_LIST_STRATEGY=cdi-cri):
    containerd injects them whatever runtime handler runs the container."""
    return any("cdi-cri" in str(e.get("value", "")) for p in ctx.stack_on(node, "device-plugin")
               for e in _raw_env(p) if isinstance(e, dict) and e.get("name") == "DEVICE_LIST_STRATEGY")


@rule(ids=("runtime.no_device_visible",), reads=("pods",))
def default_runtime_not_nvidia(ctx):
    """State first: a GPU pod without a RuntimeClass on a node whose default runtime is not the
    NVIDIA runtime (its toolkit pod was told not to set it as default, or the distribution
    rewrites containerd's config.toml the toolkit edited: RKE2, k3s) is started by runc, and the
    GPU it was given (or NVIDIA_VISIBLE_DEVICES asks for) is never injected, whatever it logs."""
    from triage.evidence.runtime_default import default_runtime
    toolkits = {p.node_name: p for role, p in ctx.stack_pods if role == "toolkit" and p.node_name}
    # per node, not per pod (a scan's GPU nodes each run several GPU pods): the plugin's strategy
    # and the toolkit's default-runtime verdict depend on the node alone
    cdi_cri: dict[str, bool] = {}
    verdicts: dict[str, tuple[str, str] | None] = {}
    for pod in ctx.scope_pods:
        toolkit = toolkits.get(pod.node_name or "")
        if pod.runtime_class_name or pod.phase not in ("Running", "Succeeded", "Failed"):
            continue
        if not (pod.gpu_requests or visible_devices_by_hand(pod)):
            continue
        if pod.node_name not in cdi_cri:
            cdi_cri[pod.node_name] = _cdi_cri(ctx, pod.node_name)
        if cdi_cri[pod.node_name]:
            continue
        if toolkit is None:
            yield from _classless_crash(ctx, pod)
            continue
        node = ctx.nodes.get(pod.node_name)
        if pod.node_name not in verdicts:
            verdicts[pod.node_name] = default_runtime(_raw_env(toolkit), node.kubelet_version if node else "")
        verdict = verdicts[pod.node_name]
        if verdict is None:
            continue
        how, key = verdict
        env = {e.get("name"): e.get("value") for e in _raw_env(toolkit)
               if isinstance(e, dict) and e.get("name") in (key, "CONTAINERD_CONFIG", "RUNTIME")}
        cites = [ctx.cite_field(toolkit, f"{toolkit.name} containers[*].env", env),
                 ctx.cite_field(pod, f"{pod.name} spec.runtimeClassName", None)]
        if how == "overwritten" and node is not None:
            cites.append(ctx.cite_field(node, f"{node.name} status.nodeInfo.kubeletVersion", node.kubelet_version))
        yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod), cites, "inferred",
                          namespace=pod.namespace, pod=pod.name, node=pod.node_name, reason=how)


def _classless_crash(ctx, pod):
    """A node with no toolkit pod (a host-installed toolkit: k3s, k3d, a hand-made node) whose own
    device plugin runs with a RuntimeClass, so the default runtime there is not NVIDIA's; a GPU pod
    without one crash-loops and its log has no signature any rule judges: it was started by runc
    and given no GPU, which is why it crashes in whatever words its framework uses."""
    from triage.classify.rules.application import crashing_unjudged
    plugins = [p for p in ctx.stack_on(pod.node_name or "", "device-plugin") if p.runtime_class_name]
    if not plugins or not crashing_unjudged(ctx, pod):
        return
    plugin = plugins[0]
    yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod),
                      [ctx.cite_field(plugin, f"{plugin.name} spec.runtimeClassName", plugin.runtime_class_name),
                       ctx.cite_field(pod, f"{pod.name} spec.runtimeClassName", None)], "inferred",
                      namespace=pod.namespace, pod=pod.name, node=pod.node_name, reason="stack_runs_with_class",
                      runtime_class=plugin.runtime_class_name)
