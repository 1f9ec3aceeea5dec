"""Rules of the application layer: the workload itself (its logs, its container states,
the kubelet's probe events). They are the root cause only when nothing below explains
them (see explain.py)."""

from __future__ import annotations

import functools

from triage.bundle import layout
from triage.bundle.objects.gpu_resource import is_accelerator_resource, raw_gpu_intent
from triage.classify.rules.base import NeedGap, pod_subject, privileged, requests_nvidia, rule, visible_devices_by_hand
from triage.classify.rules.components import judged_component
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.node import node_matches_selector
from triage.classify.rules.patterns import LogPattern, apply_patterns, fact_params, role_logs, scan
from triage.classify.rules.scheduler_controllers import gpu_share_annotation
from triage.classify.model import Gap
from triage.evidence.cuda_compat import DRIVER_CUDA_LABELS, driver_runs
from triage.evidence.error_lines import first_gpu_error_line, last_error_lines, mentions_gpu

P = LogPattern
PATTERNS = (
    P("workload", "cuda_oom", "application.cuda_oom", "error"),
    P("workload", "no_kernel_image", "application.no_kernel_image", "error"),
    P("workload", "nccl_timeout", "application.nccl_error", "error"),
    P("workload", "nccl_network", "application.nccl_error", "error"),
    P("workload", "nccl_error", "application.nccl_error", "error"),
    P("workload", "shm_exhausted", "application.shm_too_small", "error"),
    P("workload", "bus_error", "application.shm_too_small", "error"),
    P("workload", "hf_unauthorized", "application.model_download_unauthorized", "error"),
    P("workload", "hf_forbidden", "application.model_access_not_granted", "error"),
    P("workload", "vllm_max_len_exceeds_kv", "application.vllm_kv_cache_insufficient", "error"),
    P("workload", "vllm_no_cache_memory", "application.vllm_kv_cache_insufficient", "error"),
    P("workload", "vllm_free_memory_low", "application.vllm_kv_cache_insufficient", "error"),
)

APP_IDS = sorted({p.id for p in PATTERNS})
# nvidia-smi missing from a GPU container: the toolkit injects it with the driver (capability
# `utility`), so a container that lacks it was most likely started without the NVIDIA runtime
NO_GPU_KINDS = ("cuda_driver_too_old", "no_nvidia_driver", "no_cuda_device", "nvidia_smi_not_found")
# NVML that could not start, for a reason no other kind names: no GPU in a pod that asked for none
NO_GPU_UNREQUESTED_KINDS = ("nvml_init_failed",)
# nvidia-smi's "couldn't communicate with the NVIDIA driver" in a workload container given an NVIDIA GPU:
# the container reached no driver, CUDA's "Found no NVIDIA driver" in nvidia-smi's words (a node whose
# driver is down says so at the driver layer, which explains it)
NO_GPU_REQUESTED_KINDS = {"driver_not_loaded": "no_nvidia_driver"}
# the CUDA samples' `Failed to <step> (error code <CUDA error>)!` (vectorAdd, the operator's
# validator) quotes the CUDA error: judged by the error it quotes
_QUOTED_CUDA = {"driver_too_old": "cuda_driver_too_old", "no_device": "no_cuda_device"}


def _server_on_cpu(f) -> bool:
    """A model server's own INFO line that it found no GPU and serves on the CPU (Ollama)."""
    return str(dict(f.params).get("variant", "")).startswith("ollama")


def no_gpu_kind(f, pod=None) -> str | None:
    """The no-GPU kind a log fact stands for, directly or through the CUDA error it quotes; NVML
    that could not start counts too in a workload `pod` that asked for no GPU (not in a node agent
    or a GPU-stack pod: those reach the GPUs through the host)."""
    if f.kind.value in NO_GPU_KINDS:
        if _server_on_cpu(f) and (pod is None or not pod.requests_gpu):
            return None           # a model server run on the CPU on purpose says the same
        return f.kind.value
    if f.kind.value in NO_GPU_REQUESTED_KINDS and pod is not None and requests_nvidia(pod) and not gpu_stack_role(pod):
        return NO_GPU_REQUESTED_KINDS[f.kind.value]
    if f.kind.value in NO_GPU_UNREQUESTED_KINDS and pod is not None and not requests_nvidia(pod) \
            and not node_agent(pod) and not gpu_stack_role(pod):
        return "no_nvidia_driver"
    if f.kind.value == "cuda_validation_failed":
        return _QUOTED_CUDA.get(str(dict(f.params).get("cuda_error")))
    return None


def _llm_library_env(pod, container: str) -> str | None:
    """The container's OLLAMA_LLM_LIBRARY (Ollama's choice of GPU library, set by hand), or None."""
    c = pod.container(container)
    return next((e.value for e in (c.env if c is not None else ()) if e.name == "OLLAMA_LLM_LIBRARY" and e.value), None)


@rule(ids=APP_IDS, reads=("pods/log",))
def log_signatures(ctx):
    yield from apply_patterns(ctx, PATTERNS)


@rule(ids=("application.gpu_not_requested", "application.cuda_driver_too_old", "runtime.no_device_visible",
           "runtime.visible_devices_misconfigured", "application.no_kernel_image"), reads=("pods/log", "pods"))
def no_gpu_in_container(ctx):
    """`CUDA driver version is insufficient` / `Found no NVIDIA driver` / `no CUDA-capable device`:
    without a GPU request it is the pod spec; with one, an old driver or nothing injected."""
    for pod, container, text in role_logs(ctx, "workload"):
        facts = [f for f in scan(ctx, text) if no_gpu_kind(f, pod)]
        if not facts:
            continue
        cites = [ctx.cite_line(text, f.line, f.excerpt) for f in facts[:3]]
        common = dict(namespace=pod.namespace, pod=pod.name, container=container, node=pod.node_name or None,
                      **fact_params(facts))
        kinds = {no_gpu_kind(f, pod) for f in facts}
        seen = _no_driver_seen(ctx, pod, container, facts) if "cuda_driver_too_old" in kinds else ()
        by_hand = visible_devices_by_hand(pod, container)
        other_gpu = sorted(r for r in pod.gpu_requests if not r.startswith("nvidia.com/"))
        on_cpu = any(_server_on_cpu(f) for f in facts)
        forced = _llm_library_env(pod, container) if on_cpu else None
        if forced is not None:
            # the server was told which GPU library to use and found none by that name: the device env by hand
            yield ctx.finding("runtime.visible_devices_misconfigured", "error", pod_subject(pod),
                              cites + [ctx.cite_field(pod, f"containers[{container}].env OLLAMA_LLM_LIBRARY", forced)],
                              "inferred", llm_library=forced, **common)
        elif on_cpu:
            # it was given a GPU and serves on the CPU: no device reached the container
            yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod), cites, "inferred",
                              runtime_class=pod.runtime_class_name or None, **common)
        elif not requests_nvidia(pod) and other_gpu and not by_hand:
            # it was given another vendor's GPU (AMD's, Intel's) and its CUDA build finds no NVIDIA
            # driver: the image carries no code for the GPU it got
            yield ctx.finding("application.no_kernel_image", "error", pod_subject(pod),
                              cites + [_limits_cite(ctx, pod, container)],
                              "inferred", resource=other_gpu[0], **common)
        elif not requests_nvidia(pod) and pod.node_name and (share := gpu_share_annotation(pod)) is not None:
            # its GPU scheduler placed a share of a GPU asked in annotations (KAI's gpu-fraction), and no
            # device reached the container: the share's injection failed, not the spec
            yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod),
                              cites + [ctx.cite_field(pod, f"{pod.name} metadata.annotations[{share}]",
                                                      pod.annotations[share])], "inferred",
                              annotation=share, scheduler=pod.scheduler_name, **common)
        elif not requests_nvidia(pod) and by_hand:
            # it asked the NVIDIA runtime for devices by env instead of the device plugin
            yield ctx.finding("runtime.visible_devices_misconfigured", "error", pod_subject(pod),
                              cites + [ctx.cite_field(pod, f"containers[{container}].env NVIDIA_VISIBLE_DEVICES",
                                                      by_hand)], **common)
        elif not requests_nvidia(pod):
            yield ctx.finding("application.gpu_not_requested", "error", pod_subject(pod),
                              cites + [_limits_cite(ctx, pod, container)],
                              **common)
        elif "cuda_driver_too_old" in kinds and not seen:
            yield ctx.finding("application.cuda_driver_too_old", "error", pod_subject(pod), cites, **common)
        else:
            if seen:                  # the join that overrode the message's own words
                node = ctx.nodes[pod.node_name]
                image = next((c.image for c in pod.containers if c.name == container), "")
                cites.append(ctx.cite_field(pod, f"containers[{container}].image", image))
                cites.append(ctx.cite_field(node, f"{node.name} metadata.labels", {k: node.labels[k] for k in seen}))
            inferred = bool(seen) or kinds == {"nvidia_smi_not_found"}
            yield ctx.finding("runtime.no_device_visible", "error", pod_subject(pod), cites,
                              "inferred" if inferred else "recognised", runtime_class=pod.runtime_class_name or None,
                              **common)
            gap = _exec_gap(ctx, pod)
            if gap is not None:
                yield NeedGap(gap, pod_subject(pod), pod.node_name or None)


def _intent_cite(ctx, pod):
    """The field by which a pod means to run on a GPU node (runtimeClassName, nodeSelector,
    required node affinity, a toleration of the nvidia.com/gpu taint)."""
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    for key in ("runtimeClassName", "nodeSelector", "affinity", "tolerations"):
        value = spec.get(key)
        if value:
            return ctx.cite_field(pod, f"{pod.name} spec.{key}", value)
    return None


def _status_field(ctx, pod, container: str):
    """A container's status quoted as the pod holds it (restarts, state, last state)."""
    status = pod.raw.get("status") if isinstance(pod.raw.get("status"), dict) else {}
    raw = next((x for x in status.get("containerStatuses") or () if isinstance(x, dict) and x.get("name") == container), {})
    return ctx.cite_field(pod, f"{pod.name} containerStatuses[{container}]",
                          {k: raw[k] for k in ("restartCount", "state", "lastState") if k in raw})


def _selected_accelerator_node(ctx, pod):
    """The node (the one it runs on, else the first it selects) when the pod's nodeSelector or
    required affinity picks only nodes advertising an accelerator (a GPU, AWS Neuron, Gaudi,
    TPU) and it asks for none of what that node advertises: placed for a device it never
    requested."""
    if not (pod.node_selector or pod.required_node_affinity) or not ctx.nodes_collected or _pinned_by_name(pod):
        return None
    chosen = [ctx.nodes[pod.node_name]] if pod.node_name in ctx.nodes else \
        [n for n in ctx.nodes.values() if node_matches_selector(n, pod)]
    if not chosen or not all(node_matches_selector(n, pod) for n in chosen):
        return None
    if not all(_accelerators(n) for n in chosen):
        return None
    asked = {r for c in pod.containers for part in (c.limits, c.requests) for r in part}
    return None if asked & set(_accelerators(chosen[0])) else chosen[0]


def _pinned_by_name(pod) -> bool:
    """The pod picks its node by name only (`kubernetes.io/hostname`): a per-node job (a cache
    download, a node agent's helper), placed where it must run, not for a device the node has."""
    keys = set(pod.node_selector) | {k for term in pod.required_node_affinity for k, _op, _vals in term}
    return bool(keys) and keys <= {"kubernetes.io/hostname"}


def _accelerators(node) -> list[str]:
    """The accelerator resources `node` advertises with a non-zero allocatable, sorted."""
    return sorted(r for r, v in node.allocatable.items() if is_accelerator_resource(r) and v not in ("0", ""))


def _limits_cite(ctx, pod, container: str):
    return ctx.cite_field(pod, f"containers[{container}].resources.limits",
                          next((dict(c.limits) for c in pod.containers if c.name == container), {}))


def stack_judged(ctx, pod) -> bool:
    """A GPU-stack component's pod that the stack state judges at its stage's layer (its crash, its
    wait, its kill, its volume): that finding speaks for the pod; no workload rule does."""
    return bool(gpu_stack_role(pod)) and judged_component(ctx, pod) is not None


def node_agent(pod) -> bool:
    """A DaemonSet's pod, a privileged container or a GPU-stack component (the DRA driver's
    per-claim MPS daemon is a Deployment): node agents reach the GPUs through the host (device
    nodes, NVML), not through a device-plugin request."""
    return (pod.controller is not None and pod.controller.kind == "DaemonSet") or privileged(pod) \
        or gpu_stack_role(pod) is not None


@rule(ids=("application.gpu_not_requested",), reads=("pods", "nodes"))
def gpu_intent_not_requested(ctx):
    """State first: a pod placed for a GPU (the nvidia RuntimeClass, a GPU-node selector or
    affinity, a toleration of the GPU taint) that asks for no GPU and fails (crash-loops, or its
    log ends in errors) in words no signature knows: without nvidia.com/gpu in its limits the
    device plugin gives it none, whatever it prints. A known no-GPU line is no_gpu_in_container's."""
    for pod in ctx.scope_pods:
        if node_agent(pod):
            continue
        if requests_nvidia(pod) or not raw_gpu_intent(pod.raw, env=False):
            node = _selected_accelerator_node(ctx, pod)
            if node is None:
                continue
            intent = [_intent_cite(ctx, pod), ctx.cite_field(node, f"{node.name} status.allocatable",
                                                              dict(node.allocatable))]
            resource = _accelerators(node)[0]
        else:
            intent, resource = [_intent_cite(ctx, pod)], None
        failed = [_status_field(ctx, pod, st.name) for st in crashing_containers(pod)]
        texts = [t for c in pod.containers if not c.init for t in (ctx.log(pod, c.name, True), ctx.log(pod, c.name, False))
                 if t is not None]
        if judged_elsewhere(ctx, pod, texts):
            continue          # a signature another rule judges (a driver fault, a known no-GPU line)
        for t in texts:
            errors = last_error_lines(t.lines, 1)
            if errors:
                failed.append(ctx.cite_line(t, *errors[0]))
                break
        if not failed or intent[0] is None:
            continue
        container = next((c for c in pod.containers if not c.init), None)
        yield ctx.finding("application.gpu_not_requested", "error", pod_subject(pod),
                          [*failed[:2], *intent, _limits_cite(ctx, pod, container.name)],
                          "inferred", namespace=pod.namespace, pod=pod.name, container=container.name,
                          node=pod.node_name or None, resource=resource)


def _no_driver_seen(ctx, pod, container: str, facts) -> tuple[str, ...]:
    """CUDA's "driver version is insufficient" without a driver version of its own, while the
    node's driver (its GFD labels) runs the CUDA the image was built for: the container found
    no driver library at all, the runtime did not inject it (no NVIDIA runtime, no CDI).
    Returns the node labels that say so (empty: the message stands)."""
    if any(dict(f.params).get("variant") in ("torch", "nvenc") for f in facts):
        return ()             # PyTorch names the driver's CUDA it found, FFmpeg its NVENC API: there is one
    node = ctx.nodes.get(pod.node_name or "")
    image = next((c.image for c in pod.containers if c.name == container), None)
    if node is None or not driver_runs(image, node.labels):
        return ()
    return tuple(k for k in DRIVER_CUDA_LABELS if k in node.labels)


def _exec_gap(ctx, pod) -> Gap | None:
    """nvidia-smi in the container would tell an empty injection from a lost device or a
    driver fault; when it was not run because exec is forbidden, say which permission
    would have decided (a running pod without nvidia-smi output and an exec gap)."""
    smi = [o for o in ctx.exec_outputs(pod) if o.name.startswith("nvidia-smi")]
    if pod.phase != "Running" or any(o.error is None and o.exit_code is not None for o in smi):
        return None           # it ran: its output is evidence, not a gap
    ns = pod.namespace or ""
    manifest = ctx.bundle.manifest
    for g in (manifest.gaps if manifest else ()):
        needs, detail = str(g.get("needs") or ""), str(g.get("detail") or "")
        if "pods/exec" in needs and (f"namespace {ns}" in needs or ns in detail):
            return Gap(str(g.get("collector") or "exec"), str(g.get("reason") or ""), detail, needs)
    failed = next((o for o in smi if o.error), None)
    if failed is not None and ("Forbidden" in failed.error or "forbidden" in failed.error):
        return Gap("exec", "Forbidden", failed.error[:300], f"create pods/exec in namespace {ns}")
    # or the collector recorded the failed exec as an error file beside where its output would be
    prefix = f"{layout.GPU_EXEC}/{ns}/{pod.name}/"
    for err in ctx.bundle.collection_errors():
        if err.piece.startswith(prefix):
            detail = err.errors[0] if err.errors else err.reason
            return Gap("exec", err.reason, detail, f"create pods/exec in namespace {ns}")
    return None


def _terminations(pod):
    for st in pod.container_statuses:
        if st.init:
            continue
        for state in (st.state, st.last_state):
            if state is not None and state.kind == "terminated":
                yield st, state


@rule(ids=("application.oom_killed", "application.killed_sigkill"), reads=("pods",))
def terminations(ctx):
    """OOMKilled is host memory; 137 without OOMKilled is a SIGKILL from outside (probe, eviction).
    A GPU-stack component the stack state judges (crash-looping, not ready) is its stage's finding."""
    for pod in ctx.troubled_pods:
        if stack_judged(ctx, pod):
            continue
        for st, state in _terminations(pod):
            common = dict(namespace=pod.namespace, pod=pod.name, container=st.name, node=pod.node_name or None,
                          exit_code=state.exit_code, reason=state.reason)
            excerpt = (f"containerStatuses[{st.name}] terminated: reason {state.reason or '-'}, "
                       f"exitCode {state.exit_code}, restartCount {st.restart_count}")
            if state.reason == "OOMKilled":
                limit = next((c.limits.get("memory") for c in pod.containers if c.name == st.name), None)
                yield ctx.finding("application.oom_killed", "error", pod_subject(pod),
                                  [ctx.cite_object(pod, excerpt)], requested=limit, **common)
                break
            if state.exit_code == 137:
                yield ctx.finding("application.killed_sigkill", "warning" if st.ready else "error",
                                  pod_subject(pod), [ctx.cite_object(pod, excerpt)], **common)
                break


_IMAGE_REASONS = frozenset({"ImagePullBackOff", "ErrImagePull", "InvalidImageName", "ErrImageNeverPull"})


@rule(ids=("application.container_config_invalid", "application.image_pull_failed"), reads=("pods",))
def container_waiting(ctx):
    """A workload container that cannot be created from its own spec: a ConfigMap or Secret
    key it names is missing (CreateContainerConfigError), or its image cannot be pulled. A GPU-stack
    component's pod is no workload: the stack state judges it at its stage's layer."""
    from triage.evidence.k8s_events.container_start import config_error_of_spec
    for pod in ctx.troubled_pods:
        if stack_judged(ctx, pod):
            continue
        for st in pod.container_statuses:
            s = st.state
            if s is None or s.kind != "waiting":
                continue
            if s.reason == "CreateContainerConfigError":
                if not config_error_of_spec(s.message):
                    continue      # the kubelet's own cause (a DRA claim's devices): the runtime layer quotes it
                fid = "application.container_config_invalid"
            elif s.reason in _IMAGE_REASONS:
                fid = "application.image_pull_failed"
            else:
                continue
            yield ctx.finding(fid, "error", pod_subject(pod),
                              [ctx.cite_object(pod, f"containerStatuses[{st.name}].state.waiting: {s.reason}: {s.message}")],
                              namespace=pod.namespace, pod=pod.name, container=st.name, node=pod.node_name or None,
                              reason=s.reason, message=s.message[:300] or None, image=st.image or None)
            break


@rule(ids=("application.volume_mount_failed",), reads=("pods", "events"))
def volume_mounts(ctx):
    """A pod that stays ContainerCreating because a volume cannot be attached or mounted: the
    kubelet says so only in FailedMount / FailedAttachVolume events, in its words. A Secret or
    ConfigMap the volume names that does not exist is a parameter (`missing`): the id follows the
    kubelet's event, not CreateContainerConfigError (no container exists yet)."""
    from triage.evidence.k8s_events.pod_setup import parse_volume_failure
    for pod in ctx.troubled_pods:
        if stack_judged(ctx, pod):
            continue          # a GPU-stack stage that cannot mount its volume: the stage's finding cites it
        if not pod.node_name or pod.phase != "Pending" or any(
                st.state is not None and st.state.kind != "waiting" for st in pod.container_statuses if not st.init):
            continue
        for ev in reversed(ctx.pod_events(pod)):
            if ev.reason not in ("FailedMount", "FailedAttachVolume"):
                continue
            f = parse_volume_failure(ev.message)
            missing = f.missing_object if f is not None else None
            yield ctx.finding("application.volume_mount_failed", "error", pod_subject(pod), [ctx.cite_event(ev)],
                              "recognised" if f is not None else "unrecognised", namespace=pod.namespace, pod=pod.name,
                              node=pod.node_name, reason=ev.reason, message=(f.detail if f else ev.message)[:300],
                              volume=(f.volume or next(iter(f.unmounted), None)) if f else None,
                              path=f.host_path if f else None,
                              missing=f"{missing[0]} {missing[1]}" if missing else None)
            break


@rule(ids=(), reads=("pods",))
def workload_state(ctx):
    """Every workload pod that started is a check of this layer: its containers' states,
    restarts and terminations were read (the rules above judge what they show). A Running GPU
    pod of a diagnosis passes only on its own output (`_heard_from`); without it, a gap."""
    for pod in ctx.scope_pods:
        main = [st for st in pod.container_statuses if not st.init]
        if not (pod.node_name and main and all(_quiet(st) for st in main)):
            continue
        if _heard_from(ctx, pod):
            yield ctx.checked(pod_subject(pod), [pod.source])
        else:
            ns = pod.namespace or ""
            if ctx.has_logs(pod):
                # its log is there and never names the GPU: only nvidia-smi in it would say it reached one
                yield NeedGap(Gap("exec", "silent", f"the log of {ns}/{pod.name} never names a GPU (CUDA, NCCL, "
                                  "NVML, a device) and no nvidia-smi ran in it: Running says it started, not that "
                                  "it reached its GPU", f"create pods/exec in namespace {ns} (nvidia-smi in the pod)"),
                              pod_subject(pod), pod.node_name, decisive=False)
                continue
            reason = next((r for st in main if (r := ctx.log_error(pod, st.name))), "not_collected")
            yield NeedGap(Gap("logs", reason, f"no log of {ns}/{pod.name} and no nvidia-smi run in it: Running says "
                              "it started, not that it reached its GPU", f"get pods/log in namespace {ns}"),
                          pod_subject(pod), pod.node_name, decisive=False)


def _heard_from(ctx, pod) -> bool:
    """A running GPU workload's state says it started, not that it reached its GPU ("silently
    not using its GPU" looks Running): its layer passes on what it printed (a log, nvidia-smi
    in it), not on its phase alone. A pod that asks for no GPU is judged by its state, and so is
    every GPU pod of a scan (it reads the logs of troubled pods only: a fleet's quiet pods are
    judged by the objects, and a diagnosis of one of them reads its log)."""
    if ctx.scope.pod_keys is None or pod.phase != "Running" or not (requests_nvidia(pod) or raw_gpu_intent(pod.raw)):
        return True
    # an nvidia-smi run in it reached the GPU; `env` or `ls` there says nothing of the workload,
    # and neither does a log that never names the GPU (a notebook server's, a web server's)
    if any(o.error is None and any("nvidia-smi" in part for part in o.command) for o in ctx.exec_outputs(pod)):
        return True
    return any(mentions_gpu(t.lines) for st in pod.container_statuses if not st.init
               for t in (ctx.log(pod, st.name, False),) if t is not None)


def _quiet(st) -> bool:
    """Running (or completed) and never failed since: a state that shows nothing wrong. A crash
    or a restart is not a passing check, whatever else says why."""
    s, last = st.state, st.last_state
    if s is None or s.kind == "waiting" or (s.kind == "terminated" and (s.exit_code or 0) != 0):
        return False
    return not (last is not None and last.kind == "terminated" and (last.exit_code or 0) != 0)


@rule(ids=("application.probe_killed_during_startup",), reads=("events",))
def probe_kills(ctx):
    """The kubelet killed the container because a startup or liveness probe failed. A GPU-stack
    component's pod (asked about itself) that the stack state judges is its own layer's: killed and
    restarted, it is a stage that is not running (`components`), not the workload's probe."""
    from triage.evidence.k8s_events.probes import parse_killing, parse_probe_failure
    for pod in ctx.troubled_pods:
        if stack_judged(ctx, pod):
            continue
        unhealthy, killing = [], []
        for ev in ctx.pod_events(pod):
            if ev.reason == "Unhealthy":
                pf = parse_probe_failure(ev.message)
                if pf is not None and pf.probe.value in ("startup", "liveness"):
                    unhealthy.append((ev, pf))
            elif ev.reason == "Killing":
                k = parse_killing(ev.message)
                if k is not None and k.cause.value in ("startup", "liveness", "startup_probe", "liveness_probe"):
                    killing.append(ev)
        restarted = any(st.restart_count > 0 for st in pod.container_statuses if not st.init)
        if unhealthy and (killing or restarted):
            ev, pf = unhealthy[-1]
            cites = [ctx.cite_event(ev)] + [ctx.cite_event(k) for k in killing[-1:]]
            yield ctx.finding("application.probe_killed_during_startup", "error", pod_subject(pod), cites,
                              namespace=pod.namespace, pod=pod.name, node=pod.node_name or None,
                              reason=pf.probe.value, message=ev.message[:200])


@functools.cache
def judged_kinds() -> frozenset[str]:
    """Log fact kinds that some rule turns into a finding for a workload container (built once:
    the pattern tables are constants, and crash_unclassified asks for every fact it scans)."""
    from triage.classify.rules import runtime
    return frozenset(p.kind for p in PATTERNS + runtime.PATTERNS if p.role == "workload") | frozenset(NO_GPU_KINDS)


def _cpu_init(pod, st) -> bool:
    """`st` is an init container that requests no GPU: a model downloader, a storage
    initializer. The device plugin gives it no device and the runtime injects none, so its crash
    is the workload's own whatever its log says (or if its log is missing)."""
    c = pod.container(st.name)
    return st.init and c is not None and c.init and not c.gpu_resources()


def crashing_containers(pod):
    """Crash-looping containers, and containers of a Failed pod that will not restart them
    (restartPolicy Never, a Job's pod) that ended non-zero on their own, whose last termination is not already a known
    signature: OOMKilled and exit 137 (SIGKILL from outside) are `terminations`' findings. Init
    containers count only when they request no GPU (`_cpu_init`); a GPU init container is read
    like the stack's validators, by its own rules."""
    for st in pod.container_statuses:
        if st.init and not _cpu_init(pod, st):
            continue
        ended = next((s for s in (st.last_state, st.state) if s is not None and s.kind == "terminated"), None)
        if ended is not None and (ended.reason == "OOMKilled" or ended.exit_code == 137):
            continue
        waiting = st.state is not None and st.state.kind == "waiting" and st.state.reason == "CrashLoopBackOff"
        failed = ended is not None and (ended.exit_code or 0) != 0
        # a Failed pod the kubelet stopped itself (DeadlineExceeded, Evicted: pod.reason) is not the
        # container's own crash, nor is a container that exited on the SIGTERM it was sent (143)
        gave_up = st.state is ended and pod.phase == "Failed" and not pod.reason and ended.exit_code != 143
        if waiting or (failed and (st.restart_count > 0 or gave_up)):
            yield st


def judged_elsewhere(ctx, pod, texts) -> bool:
    """One of `texts` (the pod's logs) holds a signature some rule turns into a finding."""
    return any(f.kind.value in judged_kinds() or no_gpu_kind(f, pod) for t in texts for f in scan(ctx, t))


def crashing_unjudged(ctx, pod) -> bool:
    """A container of `pod` crash-loops and its logs hold no signature a rule judges."""
    for st in crashing_containers(pod):
        logs = [t for t in (ctx.log(pod, st.name, True), ctx.log(pod, st.name, False)) if t is not None]
        if logs and not judged_elsewhere(ctx, pod, logs):
            return True
    return False


@rule(ids=("application.crash_unclassified",), reads=("pods",))
def crash_unclassified(ctx):
    """A crash-looping container whose logs carry no known signature; without its
    previous log, a gap (get pods/log) instead of a guess. A GPU-stack component's pod is no
    workload: the stack state judges its crash at its stage's layer."""
    for pod in ctx.troubled_pods:
        if stack_judged(ctx, pod):
            continue
        for st in crashing_containers(pod):
            prev = ctx.log(pod, st.name, True)
            cur = ctx.log(pod, st.name, False)
            if prev is None and cur is None and not _cpu_init(pod, st):
                reason = ctx.log_error(pod, st.name, True) or "not_collected"
                yield NeedGap(Gap("logs", reason, f"no log of {pod.namespace}/{pod.name} container {st.name}",
                                  f"get pods/log in namespace {pod.namespace}"), pod_subject(pod), pod.node_name or None)
                continue
            if judged_elsewhere(ctx, pod, [t for t in (prev, cur) if t is not None]):
                continue          # a signature another rule judges
            state = st.last_state if st.last_state and st.last_state.kind == "terminated" else st.state
            excerpt = (f"{'initC' if st.init else 'c'}ontainerStatuses[{st.name}]: {st.state.reason if st.state else ''}, last exit "
                       f"{state.exit_code if state else '?'} ({state.reason if state else ''}), restarts {st.restart_count}")
            cites = [ctx.cite_object(pod, excerpt)]
            t = prev or cur
            gpu_line = first_gpu_error_line(t.lines) if t is not None else None
            if gpu_line is not None:
                cites.append(ctx.cite_line(t, *gpu_line))
            if t is not None and t.lines and (gpu_line is None or gpu_line[0] != len(t.lines)):
                cites.append(ctx.cite_line(t, len(t.lines), t.lines[-1]))
            # an error naming CUDA/NCCL/NVML/the GPU in words no catalog knows: the cause may
            # sit below the workload (verdict.py asks for the node's kernel log before judging)
            yield ctx.finding("application.crash_unclassified", "error", pod_subject(pod), cites, "unrecognised",
                              namespace=pod.namespace, pod=pod.name, container=st.name, node=pod.node_name or None,
                              exit_code=state.exit_code if state else None, reason=state.reason if state else None,
                              gpu_error=gpu_line is not None)


@rule(ids=("application.gpu_error_unrecognised",), reads=("pods",))
def running_gpu_errors(ctx):
    """A GPU pod that runs without restarting while its container's current log reports a GPU
    error (an error-level line naming CUDA, NCCL, NVML or the GPU; the healthy look-alikes of
    `error_lines` excepted) in words no catalog knows: not HEALTHY, and no crash for
    `crash_unclassified` to name. A symptom (verdict.py): without the node's kernel log it is a
    suspect, since an Xid there would make it the driver's."""
    for pod in ctx.scope_pods:
        if not pod.requests_gpu or pod.phase != "Running":
            continue
        for st in pod.container_statuses:
            if st.init or st.restart_count or st.state is None or st.state.kind != "running":
                continue
            cur = ctx.log(pod, st.name, False)
            line = first_gpu_error_line(cur.lines) if cur is not None else None
            if line is None or judged_elsewhere(ctx, pod, [cur]):
                continue
            yield ctx.finding("application.gpu_error_unrecognised", "error", pod_subject(pod),
                              [ctx.cite_line(cur, *line)], "unrecognised", namespace=pod.namespace, pod=pod.name,
                              container=st.name, node=pod.node_name or None, gpu_error=True)
            break
