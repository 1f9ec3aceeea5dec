"""Rules of the driver layer: the driver container's log and state, the node's kernel
log (Xid lines, fallen off the bus, nouveau), image pulls of the driver pod, and an
nvidia-smi the collector ran that never returned."""

from __future__ import annotations

from triage.bundle.objects.gpu_stack import COMPUTE_DOMAIN_LABEL
from triage.classify.rules.base import node_subject, rule
from triage.classify.rules.components import component_findings
from triage.classify.rules.context import gpu_stack_role
from triage.classify.rules.patterns import LogPattern, apply_patterns, scan
from triage.evidence.xid_catalog import HARDWARE_XIDS

P = LogPattern
PATTERNS = (
    P("driver", "driver_kernel_unresolved", "driver.kernel_mismatch", "critical"),
    P("driver", "driver_headers_missing", "driver.kernel_mismatch", "critical"),
    P("driver", "driver_symbol_mismatch", "driver.kernel_mismatch", "critical"),
    P("driver", "driver_module_load_failed", "driver.kernel_mismatch", "critical", when=("load", ("abi", None))),
    P("driver", "driver_module_load_failed", "driver.not_loaded", "critical", when=("load", ("refused", "unexplained"))),
    P("driver", "driver_key_rejected", "driver.secure_boot_rejected", "critical"),
    P("driver", "driver_secure_boot", "driver.secure_boot_rejected", "critical"),
    P("driver", "driver_nouveau", "driver.nouveau_conflict", "critical"),
    P("driver", "driver_in_use", "driver.in_use_cannot_unload", "critical"),
    P("driver", "driver_image_pull_failed", "driver.image_unavailable", "critical"),
    P("driver", "fabric_manager_not_running", "driver.fabric_manager_not_running", "critical"),
    P("driver", "cuda_system_not_initialized", "driver.fabric_manager_not_running", "critical"),
    P("driver", "nvml_version_mismatch", "driver.version_mismatch", "critical"),
    P("validator", "driver_validation_failed", "driver.not_ready", "error"),
    # GKE's COS installer verifying its install; the DRA kubelet plugin's init container (and the plugins)
    # not finding the driver under NVIDIA_DRIVER_ROOT
    P("driver", "driver_validation_failed", "driver.not_ready", "error"),
    P("dra-plugin", "driver_validation_failed", "driver.not_ready", "error"),
    # the ComputeDomain kubelet plugin refusing to start on a GPU whose NVLink fabric is not attached
    P("dra-plugin", "fabric_manager_not_running", "driver.fabric_manager_not_running", "critical"),
    # still retrying (a driver-validation that passed is skipped by apply_patterns)
    P("validator", "driver_validation_attempt", "driver.not_ready", "error"),
)


@rule(ids=sorted({p.id for p in PATTERNS}), reads=("pods/log",))
def log_signatures(ctx):
    yield from apply_patterns(ctx, PATTERNS)


XID_ECC = frozenset({48, 63, 64, 92, 94, 95})
XID_GSP = frozenset({119, 120})
XID_NVLINK = frozenset({74, 144, 145, 146, 147, 148, 149, 150})
assert XID_ECC | XID_GSP | XID_NVLINK <= HARDWARE_XIDS


def xid_finding_id(event) -> tuple[str, str] | None:
    """(finding id, severity) for one kernel Xid event; application-induced Xids are the
    application's (13, 31, 43, 45, 109), hardware ones the driver layer's. An Xid the kernel
    says was "caused by previous Xid N" is judged by N when N is not itself application-induced
    (Xid 45 channel kills after an NVLink Xid 149 are the link's fault). An init failure the
    parser marks `nouveau` (probe routine not called) is the nouveau conflict; other init
    failures leave the GPU without a working driver."""
    if event.kind.value == "init_failed":
        return ("driver.nouveau_conflict", "critical") if event.nouveau else ("driver.not_loaded", "critical")
    if event.kind.value == "fallen_off_bus" or event.xid == 79:
        return "driver.gpu_fallen_off_bus", "critical"
    if event.kind.value == "gsp_timeout":          # the GSP failure an Xid 119/120 would name
        return "driver.xid_gsp_error", "critical"
    own = _code_judgement(event.xid, event.xid_class.value)
    if event.caused_by is not None and event.caused_by != event.xid:
        from triage.evidence.xid_catalog import classify_code, lookup
        info = lookup(event.caused_by)
        cause_cls = (info.xid_class if info else classify_code(event.caused_by)).value
        cause = _code_judgement(event.caused_by, cause_cls)
        if cause is not None and cause[0] != "application.xid_application_fault":
            return cause
    return own


def _code_judgement(code: int | None, cls: str) -> tuple[str, str] | None:
    if code == XID_TEARDOWN:
        return None
    if code == 79:
        return "driver.gpu_fallen_off_bus", "critical"
    if code in XID_ECC:
        return "driver.xid_ecc_error", "critical"
    if code in XID_GSP:
        return "driver.xid_gsp_error", "critical"
    if code in XID_NVLINK:
        return "driver.xid_nvlink_error", "critical"
    if cls == "application":
        return "application.xid_application_fault", "error"
    if cls == "hardware":
        return "driver.xid_unhealthy_device", "error"
    if cls == "other" and code is not None:
        # neither benign (IGNORE/UPDATE_SWFW...) nor the workload's: NVIDIA's bucket is
        # CONTACT_SUPPORT, and the device plugin marks the GPU unhealthy for any Xid outside
        # its application skip list (Xid 42 on a T400, for one)
        from triage.evidence.xid_catalog import lookup
        info = lookup(code)
        if info is not None and info.immediate_action == "CONTACT_SUPPORT":
            return "driver.xid_unhealthy_device", "error"
    return None


# Xid 45 (ROBUST_CHANNEL_PREEMPTIVE_REMOVAL): the driver removing the channels of a process that
# ends (aborted, killed, or after another Xid), NVIDIA's catalog "Preemptive cleanup, due to previous
# errors", its bucket WORKFLOW_XID_45 "Not Solo: IGNORE (follow other Xid)". Every job killed
# mid-kernel prints it: alone it names no fault (NVSentinel#1710 dropped it from its repeated-Xid
# rule); with "caused by previous Xid N" the cause's code decides, and the companion Xid is
# judged on its own line.
XID_TEARDOWN = 45


def _pod_dmesg(ctx, node: str):
    """The output of a `dmesg` run in a pod on `node` (the exec record's command), or None."""
    for pod in ctx.pods_by_node.get(node, ()):
        for out in ctx.exec_outputs(pod):
            if out.stdout is not None and out.command and out.command[0] == "dmesg" and out.error is None:
                return out.stdout
    return None


def unexplained_nvrm_lines(lines, known: set[int], limit: int = 20000) -> list[tuple[int, str]]:
    """(line number, line) of kernel lines from the NVIDIA driver (NVRM) that look like an error
    and that no catalog row parsed (an Xid, an API mismatch, a module load)."""
    from triage.evidence.error_lines import looks_like_error
    out = []
    for i, line in enumerate(lines[:limit], 1):
        if "NVRM" in line and i not in known and looks_like_error(line):
            out.append((i, line))
    return out


def dcgm_xids(text) -> list:
    """Non-zero Xid samples of a node's DCGM scrape (`XidGauge`s). Only lines naming XID are
    parsed (the others are blanked, so line numbers stay the file's): a scrape has hundreds
    of samples per GPU and classification reads only these.

        DCGM_FI_DEV_XID_ERRORS{gpu="0",UUID="GPU-2652...",device="nvidia0"} 0      <- no Xid
        DCGM_FI_DEV_XID_ERRORS_ACTIVE{gpu="0",...,window_size_in_ms="300000",xid="42"} 1
    """
    from triage.evidence.dcgm import parse_scrape
    if "XID" not in text.text.upper():
        return []
    kept = "\n".join(line if "XID" in line.upper() else "" for line in text.lines)
    scrape = parse_scrape(kept)
    if scrape is None:
        return []
    return [g for g in scrape.xid_per_gpu() if g.xid > 0]


def _xid_class(code: int) -> str:
    from triage.evidence.xid_catalog import classify_code, lookup
    info = lookup(code)
    return (info.xid_class if info else classify_code(code)).value


@rule(ids=("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error", "driver.xid_nvlink_error",
           "driver.xid_unhealthy_device", "application.xid_application_fault", "driver.nouveau_conflict",
           "driver.not_loaded", "driver.version_mismatch", "driver.nvrm_unrecognised", "driver.secure_boot_rejected"),
      reads=("node-files",))
def kernel_log(ctx):
    """Xids of a GPU node from its kernel log and its DCGM scrape (the second source when
    exec is off or the kernel log has rotated): one finding per finding id and node,
    citing the kernel lines and the scrape samples that name it."""
    for node in ctx.gpu_node_names:
        yield from _kernel_findings(ctx, node, ctx.bundle.node_dmesg(node), ctx.bundle.node_dcgm(node))


@rule(ids=("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error", "driver.xid_nvlink_error",
           "driver.xid_unhealthy_device", "application.xid_application_fault", "driver.nouveau_conflict",
           "driver.not_loaded", "driver.version_mismatch", "driver.nvrm_unrecognised"),
      reads=("pods/exec",))
def pod_kernel_log(ctx):
    """A GPU node whose own kernel log and DCGM scrape the bundle lacks: a `dmesg` someone ran in a
    pod on it is read as its kernel log (a container shares its node's kernel; a Kata pod's is its
    guest's, whose driver is the pod's). Nothing else: the node-files gap stays for the others."""
    for node in ctx.gpu_node_names:
        if ctx.bundle.node_dmesg(node) is None and ctx.bundle.node_dcgm(node) is None:
            text = _pod_dmesg(ctx, node)
            if text is not None:
                yield from _kernel_findings(ctx, node, text, None)


def _kernel_findings(ctx, node: str, text, scrape):
    """Checks and findings of one node's kernel log `text` and DCGM `scrape` (either may be None)."""
    from triage.evidence.xid import parse_kernel_log
    if text is None and scrape is None:
        return
    yield ctx.checked(node_subject(node), [t.path for t in (text, scrape) if t is not None])
    found: dict[tuple[str, str], list] = {}
    log = parse_kernel_log(text.text) if text is not None else None
    serving = _serves_gpus(ctx, node)
    if log is not None:
        for ev in log.events:
            judged = xid_finding_id(ev)
            if judged == ("driver.not_loaded", "critical") and serving:
                # the driver is loaded and serves the node's other GPUs: the init failure is one
                # GPU's, which no catalogued id names (the line says what happened to it)
                judged = ("driver.nvrm_unrecognised", "error")
            if judged:
                found.setdefault(judged, []).append(ev)
        if log.api_mismatches:
            m = log.api_mismatches[0]
            yield ctx.finding("driver.version_mismatch", "critical", node_subject(node),
                              [ctx.cite_line(text, a.line) for a in log.api_mismatches[:3]], node=node,
                              driver_version=m.kernel_version or None)
        known = {n for e in log.events for n in range(e.line, max(e.line, e.end_line) + 1)} \
            | {a.line for a in log.api_mismatches} | {d.line for d in log.driver_loads}
        odd = unexplained_nvrm_lines(text.lines, known)
        if odd:
            yield ctx.finding("driver.nvrm_unrecognised", "warning", node_subject(node),
                              [ctx.cite_line(text, n, line) for n, line in odd[-3:]], "unrecognised",
                              node=node, message=odd[-1][1][:300])
    sampled: dict[tuple[str, str], list] = {}
    if scrape is not None:
        for gauge in dcgm_xids(scrape):
            judged = _code_judgement(gauge.xid, _xid_class(gauge.xid))
            if judged:
                sampled.setdefault(judged, []).append(gauge)
    for (fid, sev) in sorted(set(found) | set(sampled)):
        events, gauges = found.get((fid, sev), []), sampled.get((fid, sev), [])
        cites = [ctx.cite_line(text, e.line, e.excerpt) for e in events[:3]]
        cites += [ctx.cite_line(scrape, g.line) for g in gauges[:3]]
        # an Xid judged by its cause ("caused by previous Xid 149") reports the cause's code
        xids = sorted({e.caused_by if e.caused_by is not None and _code_judgement(e.xid, e.xid_class.value)
                       != (fid, sev) else e.xid for e in events if e.xid is not None} | {g.xid for g in gauges})
        procs = sorted({e.process for e in events if e.process and e.process != "<unknown>"})
        pci = sorted({e.pci for e in events if e.pci}) or sorted({g.gpu.pci_bus_id for g in gauges
                                                                 if g.gpu.pci_bus_id}) or None
        # the GPU by the exporter's UUID, else by the PCI address the kernel names it with
        gpus = sorted({g.gpu.uuid for g in gauges if g.gpu.uuid}) or pci or []
        culprit = {}
        if fid == "application.xid_application_fault":
            # the kernel names a process, not a pod: name the pod only when it is the one
            # workload on the node that holds GPUs
            users = [p for p in ctx.pods_by_node.get(node, ()) if id(p) in ctx.gpu_pod_ids
                     and not p.is_terminal and gpu_stack_role(p) is None]
            if len(users) == 1:
                culprit = {"namespace": users[0].namespace, "pod": users[0].name}
                cites.append(ctx.cite_object(users[0], f"{users[0].name}: the only GPU workload on {node} "
                                                       f"({', '.join(f'{k}={v}' for k, v in users[0].gpu_requests.items())})"))
        yield ctx.finding(fid, sev, node_subject(node), cites, node=node, xid=xids[0] if len(xids) == 1 else xids or None,
                          pci=pci, gpu=", ".join(gpus) or None, message=", ".join(procs) or None, **culprit)
    facts = scan(ctx, text)
    # the module refused for its signing key (Secure Boot, a kernel and modules from different builds)
    refused = [f for f in facts if f.kind.value == "driver_key_rejected"]
    if refused:
        yield ctx.finding("driver.secure_boot_rejected", "critical", node_subject(node),
                          [ctx.cite_line(text, f.line, f.excerpt) for f in refused[:3]], node=node,
                          load_module=next((dict(f.params).get("load_module") for f in refused
                                            if dict(f.params).get("load_module")), None))
    nouveau = [f for f in facts if f.kind.value == "driver_nouveau"]
    if nouveau and ("driver.nouveau_conflict", "critical") not in found:
        yield ctx.finding("driver.nouveau_conflict", "critical", node_subject(node),
                          [ctx.cite_line(text, f.line, f.excerpt) for f in nouveau[:3]], node=node)


@rule(ids=("driver.gpu_fallen_off_bus", "driver.xid_ecc_error", "driver.xid_gsp_error", "driver.xid_nvlink_error",
           "driver.xid_unhealthy_device", "application.xid_application_fault", "driver.health_report_unrecognised"),
      reads=("nodes|events",))
def node_reported_xids(ctx):
    """Xids the node's own reporters wrote on the Node (node-problem-detector's kernel monitor
    events, a GPU health checker's condition): the third source of a node's Xids, read when its
    kernel log is not in the bundle (with it, kernel_log cites the lines themselves). A problem
    condition about the GPU that names no Xid is read by the Xid catalog's fault-class phrases
    (row remaps, double-bit ECC, NVLink ...); in words none of them knows, it is still a finding
    (`driver.health_report_unrecognised`): the reporter said the GPU is not well."""
    from triage.evidence.node_reported import (STANDARD_CONDITIONS, names_gpu, names_imex, phrase_xids, reason_xids,
                                               reported_xids)
    for node in ctx.gpu_node_names:
        if ctx.bundle.node_dmesg(node) is not None:
            continue
        obj = ctx.nodes.get(node)
        said = []          # (citation, ReportedXid, the condition whose words named only its class, or None)
        unknown = []       # (citation, condition): a GPU problem condition in words nothing here knows
        for ev in ctx.events_for("Node", "", node) + ctx.events_for("Node", "default", node):
            said += [(ctx.cite_event(ev), x, None) for x in reported_xids(ev.message) or reason_xids(ev.reason)]
        conditions = obj.raw.get("status", {}).get("conditions") if obj is not None and \
            isinstance(obj.raw.get("status"), dict) else None
        for c in conditions if isinstance(conditions, list) else ():
            if not isinstance(c, dict) or c.get("type") in STANDARD_CONDITIONS:
                continue
            # a problem condition (XidError=True) or a health one that is not ready
            # (the EKS agent's AcceleratedHardwareReady=False, its reason the name)
            bad = c.get("status") == "True" if not str(c.get("type", "")).endswith("Ready") else c.get("status") == "False"
            if bad:
                cite = ctx.cite_field(obj, f"{node} status.conditions[{c.get('type')}]",
                                      {k: c.get(k) for k in ("type", "status", "reason", "message")})
                xids = reported_xids(c.get("message")) or reason_xids(c.get("reason"))
                phrased = None if xids else str(c.get("type"))       # the class is named, not a code
                xids = xids or phrase_xids(c.get("message"))
                said += [(cite, x, phrased) for x in xids]
                if not xids and names_gpu(c.get("message")) \
                        and not (names_imex(c.get("message")) and _imex_by_compute_domains_only(ctx, node)):
                    unknown.append((cite, c))
        by_id: dict[tuple[str, str], list] = {}
        for cite, x, phrased in said:
            judged = _code_judgement(x.code, x.xid_class or _xid_class(x.code))
            if judged:
                by_id.setdefault(judged, []).append((cite, x, phrased))
        for (fid, sev), hits in sorted(by_id.items()):
            codes = sorted({x.code for _, x, _ in hits})
            yield ctx.finding(fid, sev, node_subject(node), list(dict.fromkeys(c for c, _, _ in hits))[:3],
                              "recognised" if any(x.nvrm for _, x, _ in hits) else "inferred", node=node,
                              xid=codes[0] if len(codes) == 1 else codes,
                              reported=next((t for _, _, t in hits if t), None))
        if unknown and not by_id:
            cite, c = unknown[0]
            yield ctx.finding("driver.health_report_unrecognised", "error", node_subject(node), [cite], "unrecognised",
                              node=node, condition=str(c.get("type")), reason=str(c.get("reason") or "") or None,
                              message=str(c.get("message") or "")[:300])


def _imex_by_compute_domains_only(ctx, node: str) -> bool:
    """NVIDIA's DRA driver runs on `node` (its kubelet plugin pod) and no ComputeDomain daemon does: the node's
    IMEX daemon would run only inside one, so an IMEX health check there reports a daemon nobody started."""
    dra = ctx.stack_on(node, "dra-plugin")
    return bool(dra) and not any(COMPUTE_DOMAIN_LABEL in p.labels or p.name.startswith("computedomain-daemon-")
                                 for p in dra)


@rule(ids=("driver.not_ready", "driver.image_unavailable"), reads=("nodes", "pods|daemonsets"))
def components(ctx):
    """The driver of each GPU node from the stack's expected state (driver container, GKE's
    driver installer, the operator's driver validation). A host-owned driver has no pod: a
    GPU container that started on the node, or GFD's driver-version labels (GFD reads them
    through NVML), show that it answered."""
    yield from component_findings(ctx, "driver")
    for node in ctx.gpu_nodes():
        pods = ctx.started_gpu_containers.get(node.name, ())
        if pods:
            yield ctx.checked(node_subject(node.name), sorted({p.source for p in pods}))
        if node.labels.get("nvidia.com/cuda.driver.major") or node.labels.get("nvidia.com/cuda.driver-version.major"):
            yield ctx.checked(node_subject(node.name), [node.source])


@rule(ids=("driver.image_unavailable",), reads=("pods",))
def driver_pod_state(ctx):
    """The driver pod cannot pull its image (every later stage waits): the pull's own words."""
    from triage.evidence.k8s_events.image_pull import parse_image_pull
    for role, pod in ctx.stack_pods:
        if role != "driver" or not pod.node_name:
            continue
        if pod.container_statuses and all(st.ready for st in pod.container_statuses if not st.init):
            continue      # running and ready: old pull failures are history
        pulls = []
        for ev in ctx.pod_events(pod):
            f = parse_image_pull(ev.message) if ev.type == "Warning" else None
            if f is not None and f.kind.value in ("not_found", "manifest_unknown", "unauthorized", "other",
                                                  "invalid_name", "network", "rate_limited"):
                pulls.append((ev, f))
        image = None
        for st in pod.container_statuses:
            if st.state and st.state.kind == "waiting" and st.state.reason in ("ImagePullBackOff", "ErrImagePull"):
                f = parse_image_pull(st.state.message) if st.state.message else None
                image = (f.image if f else None) or st.image
                if not pulls:
                    pulls.append((None, f))
        if pulls:
            cites = [ctx.cite_event(ev) for ev, _ in pulls if ev is not None][:3] or [
                ctx.cite_object(pod, f"{pod.name}: image pull back-off for {image}")]
            img = next((f.image for _, f in pulls if f is not None and f.image), image)
            node = ctx.nodes.get(pod.node_name)
            yield ctx.finding("driver.image_unavailable", "critical", node_subject(pod.node_name), cites,
                              node=pod.node_name, driver_pod=pod.name, operator_namespace=pod.namespace,
                              message=img, reason=node.kernel_version if node is not None else None)
            continue


def _serves_gpus(ctx, node_name: str) -> bool:
    """The node's driver demonstrably works: the kubelet lists GPUs as allocatable (the device
    plugin found them through NVML)."""
    node = ctx.nodes.get(node_name)
    return node is not None and any(v > 0 for v in node.gpu_allocatable.values())


@rule(ids=("driver.not_loaded",), reads=("nodes", "pods"))
def gke_driver_not_installed(ctx):
    """A GKE GPU node (cloud.google.com/gke-accelerator) whose pool installs no driver (no
    cloud.google.com/gke-gpu-driver-version label, or `disabled`) and that runs no
    nvidia-driver-installer pod, advertising no GPU: nothing will ever load a driver there
    (GKE's docs: without auto-install the installer DaemonSet must be applied by hand)."""
    from triage.classify.rules.components import gke_install_off
    if "kube-system" not in ctx.pods_collected_ns:
        return
    drivers = {p.node_name for role, p in ctx.stack_pods if role == "driver"}
    for node in ctx.gpu_nodes():
        if node.name in drivers or any(v > 0 for v in node.gpu_allocatable.values()) or not gke_install_off(node):
            continue
        labels = {k: node.labels.get(k) for k in ("cloud.google.com/gke-accelerator",
                                                  "cloud.google.com/gke-gpu-driver-version")}
        yield ctx.finding("driver.not_loaded", "critical", node_subject(node.name),
                          [ctx.cite_field(node, f"{node.name} metadata.labels", labels)], "inferred",
                          node=node.name, reason="gke_driver_not_installed")


# the collector's own record of an exec that outlived its timeout (collect/kube.py `Kube.exec`)
_EXEC_TIMED_OUT = "timed out after "


@rule(ids=("driver.not_responding",), reads=("pods/exec",))
def nvidia_smi_hung(ctx):
    """State first: nvidia-smi, run by the collector in a pod on the node, did not return before
    the collector's timeout (its exec record: no exit code, `timed out after <s>`), and no
    nvidia-smi on that node answered. It only asks the driver for each GPU's state, so a driver
    or GPU that does not answer is why, whatever the words: a timeout is evidence, not a gap."""
    hung: dict[str, tuple] = {}
    answered: set[str] = set()
    pods = {(p.namespace, p.name): p for p in ctx.scope_pods}
    pods.update({(p.namespace, p.name): p for _role, p in ctx.stack_pods})
    for pod in pods.values():
        if not pod.node_name:
            continue
        for out in ctx.exec_outputs(pod):
            if "nvidia-smi" not in out.name:
                continue
            if out.exit_code is not None:
                answered.add(pod.node_name)
            elif out.error and out.error.startswith(_EXEC_TIMED_OUT):
                hung.setdefault(pod.node_name, (pod, out))
    for node, (pod, out) in sorted(hung.items()):
        if node in answered:
            continue          # nvidia-smi answered elsewhere on the node: the driver does
        yield ctx.finding("driver.not_responding", "error", node_subject(node), [ctx.cite_exec_record(out)], "inferred",
                          node=node, namespace=pod.namespace, pod=pod.name, container=out.container,
                          message=out.error[:120])
