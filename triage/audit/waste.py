"""GPU waste (seed 004's cost section: "measure first"): GPUs allocated to pods whose DCGM
utilisation sits near zero, time-sliced GPUs idle (per GPU only: DCGM cannot attribute them
to a pod), GPU nodes with every GPU free, finished Jobs and idle notebooks still holding GPUs,
and pods whose processes use fewer GPUs than they request (in-pod nvidia-smi). Each with the
seed's cost lever (an id; the words are report_templates/audit.yaml's)."""

from __future__ import annotations

from triage.audit.facts import AuditFacts
from triage.audit.model import Waste, WasteReport
from triage.audit.stack_items import sharing_strategy
from triage.audit.support import support
from triage.bundle import layout
from triage.bundle.objects.gpu_resource import gpu_devices
from triage.classify.model import Citation, Subject
from triage.classify.rules.base import clip

NOTEBOOK_LABELS = ("notebook-name", "notebooks.kubeflow.org/name", "jupyter")
NOTEBOOK_WORDS = ("jupyter", "notebook")


def is_notebook(pod) -> bool:
    labels = pod.labels
    if any(k in labels for k in NOTEBOOK_LABELS):
        return True
    if any(w in (labels.get("app") or "").lower() for w in NOTEBOOK_WORDS):
        return True
    return any(w in c.image.lower() for c in pod.containers for w in NOTEBOOK_WORDS)


def _job_finished(job) -> Citation | None:
    for c in job.conditions:
        if c.type in ("Complete", "Failed", "SuccessCriteriaMet") and c.status == "True":
            return Citation(job.source, None, clip(f"Job {job.name} condition {c.type}=True"
                                                   + (f" ({c.reason})" if c.reason else "")))
    succeeded = (job.raw.get("status") or {}).get("succeeded") if isinstance(job.raw.get("status"), dict) else None
    completions = (job.raw.get("spec") or {}).get("completions") if isinstance(job.raw.get("spec"), dict) else None
    if isinstance(succeeded, int) and isinstance(completions, int) and succeeded >= completions > 0:
        return Citation(job.source, None, clip(f"Job {job.name} status.succeeded {succeeded} of {completions}"))
    return None


def _pod_subject(pod) -> Subject:
    return Subject("Pod", pod.name, pod.namespace or "")


class _Meter:
    """GPUs measured and idle, per pod, from DCGM first and in-pod nvidia-smi second."""

    def __init__(self):
        self.measured: dict[tuple[str, str], int] = {}
        self.idle: dict[tuple[str, str], int] = {}
        self.cites: dict[tuple[str, str], list[Citation]] = {}
        self.util: dict[tuple[str, str], float] = {}
        self.window_keys: set[tuple[str, str]] = set()     # measured over a Prometheus window


def _prometheus(f: AuditFacts, meter: _Meter, threshold: float) -> str | None:
    """avg_over_time(DCGM_FI_DEV_GPU_UTIL[w]) per GPU series with a pod label, from the
    Prometheus answer the live audit kept; returns the window, or None without one."""
    import json
    doc = f.bundle.read_json(layout.PROMETHEUS_GPU_UTIL)
    if not isinstance(doc, dict):
        return None
    result = ((doc.get("answer") or {}).get("data") or {}).get("result") if isinstance(doc.get("answer"), dict) else None
    pods = f.ctx.pods_by_key
    for series in result if isinstance(result, list) else ():
        if not isinstance(series, dict) or not isinstance(series.get("metric"), dict):
            continue
        labels = series["metric"]
        pod = labels.get("exported_pod") or labels.get("pod") or ""
        ns = labels.get("exported_namespace") or labels.get("namespace") or ""
        value = series.get("value")
        try:
            util = float(value[1]) if isinstance(value, list) and len(value) == 2 else None
        except (TypeError, ValueError):
            util = None
        key = (ns, pod)
        if util is None or util != util or not pod or key not in pods:
            continue
        meter.measured[key] = meter.measured.get(key, 0) + 1
        meter.window_keys.add(key)
        meter.cites.setdefault(key, []).append(Citation(layout.PROMETHEUS_GPU_UTIL, None, clip(
            f"{doc.get('query')} {json.dumps(labels, sort_keys=True, separators=(',', ':'))} = {value[1]}")))
        meter.util[key] = max(meter.util.get(key, 0.0), util)
        if util <= threshold:
            meter.idle[key] = meter.idle.get(key, 0) + 1
    return str(doc.get("window") or "") or None


def _dcgm(f: AuditFacts, meter: _Meter, entries: list[Waste], threshold: float) -> tuple[list[str], list[str]]:
    from triage.evidence.dcgm import parse_scrape
    dcgm_nodes, shared_nodes = [], []
    pods = f.ctx.pods_by_key
    for node_name in f.ctx.gpu_node_names:
        text = f.bundle.node_dcgm(node_name)
        scrape = parse_scrape(text.text) if text is not None else None
        if scrape is None:
            continue
        dcgm_nodes.append(node_name)
        node = f.ctx.nodes.get(node_name)
        shared = node is not None and sharing_strategy(node)[0] in ("time-slicing", "mps")
        if shared:
            shared_nodes.append(node_name)
        for s in scrape.metric("DCGM_FI_DEV_GPU_UTIL"):
            if s.value is None:
                continue
            cite = Citation(text.path, s.line, clip(text.lines[s.line - 1] if 0 < s.line <= len(text.lines) else ""))
            if shared:
                if s.value <= threshold:
                    entries.append(Waste("idle_shared_gpu", Subject("Node", node_name), node_name, 1, (cite,),
                                         "share", {"gpu": s.gpu.gpu if s.gpu.gpu is not None else s.gpu.uuid,
                                                   "node": node_name, "util": s.value}))
                continue
            if s.pod is None or not s.pod.pod:
                continue
            key = (s.pod.namespace or "", s.pod.pod)
            if key not in pods or key in meter.window_keys:     # a window beats one scrape
                continue
            meter.measured[key] = meter.measured.get(key, 0) + 1
            meter.cites.setdefault(key, []).append(cite)
            meter.util[key] = max(meter.util.get(key, 0.0), s.value)
            if s.value <= threshold:
                meter.idle[key] = meter.idle.get(key, 0) + 1
    return dcgm_nodes, shared_nodes


def _smi_usage(f: AuditFacts, pod, idle_mem: float, threshold: float):
    """(GPUs visible, GPUs in use, citations) from the pod's own nvidia-smi, or None."""
    for run in f.ctx.pod_smi_runs(pod):
        out, parsed = run.out, run.stdout
        if not run.in_container or out.exit_code not in (0, None):
            continue
        report = parsed.report if parsed is not None else None
        if report is None or not report.gpus:
            continue
        busy_index = {p.gpu_index for p in report.processes}
        used, cites = 0, []
        lines = out.stdout.lines
        for g in report.gpus:
            mem = g.memory_used_mib
            util = g.utilization_pct
            if g.index in busy_index or (mem is not None and mem > idle_mem) or (util is not None and util > threshold):
                used += 1
            line = g.line
            if line and line < len(lines) and "MiB" in lines[line] and "MiB" not in lines[line - 1]:
                line += 1            # the table's second row holds memory and utilisation
            if line:
                cites.append(Citation(out.stdout.path, line, clip(lines[line - 1])))
        if not report.processes:
            proc_line = next((i + 1 for i, t in enumerate(lines) if "No running processes found" in t), None)
            if proc_line:
                cites.append(Citation(out.stdout.path, proc_line, clip(lines[proc_line - 1])))
        return len(report.gpus), used, cites
    return None


def measure_waste(f: AuditFacts) -> WasteReport:
    cfg = support()
    threshold, idle_mem = float(cfg["idle_util_pct"]), float(cfg["idle_memory_mib"])
    entries: list[Waste] = []
    meter = _Meter()
    window = _prometheus(f, meter, threshold)
    dcgm_nodes, shared_nodes = _dcgm(f, meter, entries, threshold)
    holders = [p for p in f.gpu_pods if p.node_name and not p.is_terminal and gpu_devices(p.gpu_requests) > 0]
    allocated = sum(gpu_devices(p.gpu_requests) for p in holders)
    jobs = {(w.namespace or "", w.name): w for w in f.ctx.workloads if w.kind == "Job"}
    for pod in holders:
        key = (pod.namespace or "", pod.name)
        gpus = gpu_devices(pod.gpu_requests)
        node = pod.node_name
        shared = node in shared_nodes
        measured_by_dcgm = key in meter.measured          # a scrape or a Prometheus window
        smi = None if measured_by_dcgm or shared else _smi_usage(f, pod, idle_mem, threshold)
        if smi is not None:
            visible, used, cites = smi
            meter.measured[key] = gpus
            meter.idle[key] = max(0, gpus - used)
            meter.cites[key] = cites
        idle = meter.idle.get(key, 0)
        ref = pod.controller
        job = jobs.get((pod.namespace or "", ref.name)) if ref is not None and ref.kind == "Job" else None
        finished = _job_finished(job) if job is not None else None
        base = {"subject": f"{pod.namespace}/{pod.name}", "node": node, "gpus": gpus}
        if finished is not None:
            entries.append(Waste("finished_job_holding_gpu", _pod_subject(pod), node, gpus,
                                 (finished, f.ctx.cite_object(pod, f"{pod.name} on {node}: phase {pod.phase}, "
                                                                   f"requests {dict(pod.gpu_requests)}")),
                                 "kill_idle", {**base, "job": job.name}))
            continue
        if not idle:
            continue
        cites = tuple(meter.cites.get(key, ()))[:4]
        if is_notebook(pod):
            entries.append(Waste("idle_notebook", _pod_subject(pod), node, idle, cites, "kill_idle", base))
        elif measured_by_dcgm:
            entries.append(Waste("idle_allocated_gpu", _pod_subject(pod), node, idle, cites, "right_size",
                                 {**base, "gpus": idle, "util": meter.util.get(key)}))
        else:
            entries.append(Waste("gpus_unused_in_pod", _pod_subject(pod), node, idle, cites, "right_size",
                                 {**base, "used": gpus - idle}))
    for node in f.ctx.gpu_nodes():
        total = sum(node.gpu_allocatable.values())
        used = sum(n for (name, _r), n in f.ctx.gpu_used.items() if name == node.name)
        if total > 0 and used == 0 and node.ready is not False and not node.unschedulable:
            entries.append(Waste("gpu_node_all_free", Subject("Node", node.name), node.name, total,
                                 (f.ctx.cite_field(node, f"{node.name} status.allocatable",
                                                   dict(node.gpu_allocatable)),
                                  Citation(f"{layout.RESOURCES}/pods", None,
                                           clip(f"no non-terminal pod with spec.nodeName {node.name} requests a GPU"))),
                                 "scale_to_zero", {"node": node.name, "gpus": total}))
    measured = sum(min(v, gpu_devices(f.ctx.pods_by_key[k].gpu_requests) or v) for k, v in meter.measured.items())
    idle_total = sum(meter.idle.values())
    return WasteReport(tuple(entries), allocated, measured, idle_total, tuple(shared_nodes), tuple(dcgm_nodes),
                       window)
