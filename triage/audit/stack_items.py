"""Checklist items about the GPU stack itself (seed 004): the Kubernetes version, the
operator's pinned version, one driver owner per node, the CUDA validator on every GPU node,
the sharing strategy per pool, DCGM scraped and the GPU alerts."""

from __future__ import annotations

import re

from triage import lazy_re
from triage.audit.facts import AuditFacts, absent, names
from triage.audit.model import FAIL, NOT_CHECKED, PASS, Answer
from triage.audit.support import image_pinned, support
from triage.bundle import layout
from triage.classify.model import Citation, Subject
from triage.classify.rules.base import clip

_MINOR = lazy_re.compile(r"v?(\d+)\.(\d+)")


def _minor(version: str) -> str | None:
    m = _MINOR.match(version or "")
    return f"{m.group(1)}.{m.group(2)}" if m else None


def k8s_version_supported(f: AuditFacts) -> Answer:
    supported = support()["kubernetes_supported_minors"]
    cite = f.ctx.cite_field
    version = f.bundle.cluster_version
    evidence, bad = [], []
    if version:
        evidence.append(Citation(layout.CLUSTER_VERSION, None, clip(f"gitVersion: {version}")))
        if _minor(version) not in supported:
            bad.append(f"API server {version}")
    for node in f.ctx.gpu_nodes():
        kubelet = node.kubelet_version
        if kubelet and _minor(kubelet) not in supported:
            bad.append(f"{node.name} kubelet {kubelet}")
            evidence.append(cite(node, f"{node.name} status.nodeInfo.kubeletVersion", kubelet))
    if not version and not evidence:
        return Answer("k8s_version_supported", NOT_CHECKED, (absent(layout.CLUSTER_VERSION, "the server's /version"),))
    params = {"version": version or "?", "supported": ", ".join(supported), "bad": names(bad)}
    return Answer("k8s_version_supported", FAIL if bad else PASS, tuple(evidence[:6]), params)


def operator_version_pinned(f: AuditFacts) -> Answer:
    ops = [p for role, p in f.ctx.stack_pods if role == "operator"]
    ops += [w for w in f.ctx.workloads if w.kind == "Deployment" and any(
        "gpu-operator" in c.image for c in w.template.containers)]
    if not ops:
        policies = list(f.bundle.custom_resources("clusterpolicies.nvidia.com"))
        where = policies[0].source if policies else layout.namespaced_list("pods", "gpu-operator")
        return Answer("operator_version_pinned", NOT_CHECKED,
                      (absent(where, "the gpu-operator pod or Deployment (its image names the version)"),))
    images, evidence, floating = [], [], []
    for obj in ops:
        for c in (obj.template.containers if hasattr(obj, "template") else obj.containers):
            if c.init:
                continue
            images.append(c.image)
            evidence.append(f.ctx.cite_field(obj, f"{obj.name} container {c.name} image", c.image))
            if not image_pinned(c.image):
                floating.append(c.image)
    if not images:
        return Answer("operator_version_pinned", NOT_CHECKED, tuple(evidence) or
                      (absent(ops[0].source, "the operator's container image"),))
    return Answer("operator_version_pinned", FAIL if floating else PASS, tuple(dict.fromkeys(evidence))[:6],
                  {"images": names(images)})


def single_driver_owner(f: AuditFacts) -> Answer:
    policies = list(f.bundle.custom_resources("clusterpolicies.nvidia.com"))
    driver_enabled = None
    for p in policies:
        enabled = p.get("spec", "driver", "enabled")
        if isinstance(enabled, bool):
            driver_enabled = enabled
    both, unknown, evidence = [], [], []
    for node in f.ctx.gpu_nodes():
        pods = f.ctx.stack_on(node.name, "driver")
        host = node.labels.get("nvidia.com/gpu.deploy.driver") == "pre-installed"
        label_cite = f.ctx.cite_labels(node, ["nvidia.com/gpu.deploy.driver"])
        if pods and host:
            both.append(node.name)
            evidence += [label_cite, f.ctx.cite_object(pods[0], f"{pods[0].name} on {node.name}: {pods[0].phase}")]
        elif pods:
            evidence.append(f.ctx.cite_object(pods[0], f"{pods[0].name} on {node.name}: {pods[0].phase}"))
        elif host or driver_enabled is False:
            evidence.append(label_cite if host else f.ctx.cite_field(policies[0], "spec.driver.enabled", False))
        else:
            unknown.append(node.name)
            evidence.append(label_cite)
    if not evidence:
        return Answer("single_driver_owner", NOT_CHECKED, (absent(layout.NODES, "GPU nodes"),))
    status = FAIL if both else (NOT_CHECKED if unknown else PASS)
    return Answer("single_driver_owner", status, tuple(dict.fromkeys(evidence))[:8],
                  {"nodes": names(both or unknown)}, tuple(Subject("Node", n) for n in both))


_VALIDATOR_ROLES = ("validator", "cuda-validator")


def cuda_validator_completed(f: AuditFacts) -> Answer:
    """The operator's validator pod on each GPU node, its cuda-validation init container
    terminated with exit code 0 (or an nvidia-cuda-validator pod Succeeded there)."""
    operator = bool(list(f.bundle.custom_resources("clusterpolicies.nvidia.com"))) or \
        any(role == "operator" for role, _ in f.ctx.stack_pods)
    namespaces = sorted(f.stack_namespaces) or ["gpu-operator"]
    collected = any(f.list_collected("pods", ns) for ns in namespaces)
    evidence, failing, done = [], [], []
    for node in f.ctx.gpu_nodes():
        pods = [p for role in _VALIDATOR_ROLES for p in f.ctx.stack_on(node.name, role)]
        if not pods:
            failing.append(node.name)
            continue
        ok = False
        for pod in pods:
            if pod.phase == "Succeeded" and "cuda" in pod.name:
                ok = True
                evidence.append(f.ctx.cite_object(pod, f"{pod.name} on {node.name}: phase Succeeded"))
            for st in pod.container_statuses:
                if "cuda" in st.name and st.state is not None and st.state.kind == "terminated":
                    code = st.state.exit_code
                    evidence.append(f.ctx.cite_object(pod, f"{pod.name} {st.name}: terminated, exit code {code}"))
                    ok = ok or code == 0
            if pod.phase == "Running" and pod.name.startswith("nvidia-operator-validator") and all(
                    s.ready for s in pod.container_statuses if not s.init) and pod.container_statuses:
                ok = True
                evidence.append(f.ctx.cite_object(pod, f"{pod.name} on {node.name}: Running, ready"))
        (done if ok else failing).append(node.name)
        if not ok:
            evidence.append(f.ctx.cite_object(pods[0], f"{pods[0].name} on {node.name}: {pods[0].phase}"))
    if not operator:
        return Answer("cuda_validator_completed", NOT_CHECKED, tuple(evidence[:6]) or (
            absent(layout.custom_resource("clusterpolicies.nvidia.com"), "the GPU Operator (no ClusterPolicy, no operator pod)"),))
    if failing and not collected:
        return Answer("cuda_validator_completed", NOT_CHECKED, (absent(
            layout.namespaced_list("pods", namespaces[0]), "the GPU Operator namespace's pod list"),))
    if failing:
        for name in failing:
            if not any(True for role in _VALIDATOR_ROLES for _ in f.ctx.stack_on(name, role)):
                evidence.append(Citation(layout.namespaced_list("pods", namespaces[0]), None,
                                         clip(f"no nvidia-operator-validator / nvidia-cuda-validator pod with spec.nodeName {name}")))
    if not evidence:
        return Answer("cuda_validator_completed", NOT_CHECKED, (absent(layout.NODES, "GPU nodes"),))
    return Answer("cuda_validator_completed", FAIL if failing else PASS, tuple(dict.fromkeys(evidence))[:8],
                  {"nodes": names(failing), "namespace": namespaces[0]}, tuple(Subject("Node", n) for n in failing))


def sharing_strategy(node) -> tuple[str, dict]:
    """exclusive | mig-single | mig-mixed | time-slicing | mps, and the labels that say so."""
    labels = node.labels
    keys = ("nvidia.com/gpu.sharing-strategy", "nvidia.com/gpu.replicas", "nvidia.com/mig.strategy",
            "nvidia.com/mig.config", "nvidia.com/gpu.product")
    shown = {k: labels.get(k) for k in keys if k in labels}
    explicit = labels.get("nvidia.com/gpu.sharing-strategy")
    if explicit and explicit != "none":
        return explicit, shown
    if any(r.startswith("nvidia.com/mig-") for r in node.gpu_capacity):
        return "mig-mixed", shown
    mig = labels.get("nvidia.com/mig.config", "")
    if mig and mig != "all-disabled":
        return f"mig-{labels.get('nvidia.com/mig.strategy', 'single')}", shown
    try:
        if int(labels.get("nvidia.com/gpu.replicas", "1")) > 1:
            return "time-slicing", shown
    except ValueError:
        pass
    if labels.get("nvidia.com/gpu.product", "").endswith("-SHARED"):
        return "time-slicing", shown
    return "exclusive", shown


def sharing_strategy_per_pool(f: AuditFacts) -> Answer:
    by_product: dict[str, dict[str, list[str]]] = {}
    evidence = []
    for node in f.ctx.gpu_nodes():
        product = node.labels.get("nvidia.com/gpu.product", "").removesuffix("-SHARED")
        if not product:
            continue
        strategy, shown = sharing_strategy(node)
        by_product.setdefault(product, {}).setdefault(strategy, []).append(node.name)
        evidence.append(f.ctx.cite_field(node, f"{node.name} metadata.labels", shown))
    if not evidence:
        return Answer("sharing_strategy_per_pool", NOT_CHECKED,
                      (absent(layout.NODES, "GPU Feature Discovery labels (nvidia.com/gpu.product) on GPU nodes"),))
    mixed = [f"{product}: " + "; ".join(f"{s} on {names(ns, 3)}" for s, ns in sorted(strategies.items()))
             for product, strategies in sorted(by_product.items()) if len(strategies) > 1]
    return Answer("sharing_strategy_per_pool", FAIL if mixed else PASS, tuple(evidence[:8]),
                  {"nodes": "; ".join(mixed)})


def dcgm_scraped(f: AuditFacts) -> Answer:
    policies = list(f.bundle.custom_resources("clusterpolicies.nvidia.com"))
    exporters = [p for role, p in f.ctx.stack_pods if role == "dcgm-exporter"]
    monitors = list(f.bundle.custom_resources("servicemonitors.monitoring.coreos.com"))
    dcgm_monitors = [m for m in monitors if "dcgm" in str(m.raw).lower()]
    evidence = []
    for p in policies:
        enabled = p.get("spec", "dcgmExporter", "enabled")
        sm = p.get("spec", "dcgmExporter", "serviceMonitor", "enabled")
        evidence.append(f.ctx.cite_field(p, "spec.dcgmExporter", p.get("spec", "dcgmExporter", default={})))
        if enabled is False:
            return Answer("dcgm_scraped", FAIL, tuple(evidence), {"detail": "the ClusterPolicy disables the DCGM exporter"})
        if sm is True:
            dcgm_monitors.append(p)
    scrapes = [n for n in f.ctx.gpu_node_names if f.bundle.node_dcgm(n) is not None]
    for p in exporters[:3]:
        evidence.append(f.ctx.cite_object(p, f"{p.name} on {p.node_name}: {p.phase}"))
    for n in scrapes[:2]:
        evidence.append(Citation(layout.node_dcgm(n), 1, clip((f.bundle.node_dcgm(n).lines or [""])[0])))
    for m in dcgm_monitors[:2]:
        evidence.append(f.ctx.cite_object(m, f"ServiceMonitor {m.name} selects the DCGM exporter"
                                          if m not in policies else "spec.dcgmExporter.serviceMonitor.enabled: true"))
    gpu_nodes = f.ctx.gpu_node_names
    exporter_nodes = {p.node_name for p in exporters if p.phase == "Running"}
    missing = [n for n in gpu_nodes if n not in exporter_nodes]
    if not exporters and not policies:
        return Answer("dcgm_scraped", NOT_CHECKED, (absent(layout.namespaced_list("pods", "gpu-operator"),
                                                           "a DCGM exporter pod or the operator's ClusterPolicy"),))
    if missing and (exporters or f.list_collected("pods", sorted(f.stack_namespaces or {"gpu-operator"})[0])):
        return Answer("dcgm_scraped", FAIL, tuple(evidence) or (absent(
            layout.namespaced_list("pods", "gpu-operator"), "a DCGM exporter pod"),),
            {"detail": f"no running DCGM exporter on {names(missing)}"}, tuple(Subject("Node", n) for n in missing))
    if dcgm_monitors:
        return Answer("dcgm_scraped", PASS, tuple(evidence))
    if f.custom_collected("servicemonitors.monitoring.coreos.com") or \
            f.collector_status.get("servicemonitors") in ("ok", "skipped"):
        return Answer("dcgm_scraped", FAIL, tuple(evidence) or (absent(
            layout.custom_resource("servicemonitors.monitoring.coreos.com"), "a ServiceMonitor"),),
            {"detail": "the exporters run but no ServiceMonitor selects them"})
    return Answer("dcgm_scraped", NOT_CHECKED, tuple(evidence) + (absent(
        layout.custom_resource("servicemonitors.monitoring.coreos.com"),
        "ServiceMonitors (whether Prometheus scrapes the exporters)"),))


ALERT_SIGNALS = {"temperature": ("DCGM_FI_DEV_GPU_TEMP",), "memory": ("DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_FREE"),
                 "xid": ("DCGM_FI_DEV_XID_ERRORS",), "idle": ("DCGM_FI_DEV_GPU_UTIL",)}


def gpu_alerts(f: AuditFacts) -> Answer:
    plural = "prometheusrules.monitoring.coreos.com"
    rules = list(f.bundle.custom_resources(plural))
    if not rules and not f.custom_collected(plural) and f.collector_status.get("prometheusrules") not in ("ok", "skipped"):
        return Answer("gpu_alerts", NOT_CHECKED, (absent(layout.custom_resource(plural),
                                                         "PrometheusRule objects (the alerts Prometheus evaluates)"),))
    found: dict[str, object] = {}
    for obj in rules:
        for group in obj.get("spec", "groups", default=()) or ():
            for rule in (group.get("rules") or ()) if isinstance(group, dict) else ():
                expr = str(rule.get("expr") or "") if isinstance(rule, dict) else ""
                for signal, metrics in ALERT_SIGNALS.items():
                    if signal not in found and rule.get("alert") and any(m in expr.upper() for m in metrics):
                        found[signal] = f.ctx.cite_object(obj, f"alert {rule.get('alert')}: {expr}")
    missing = [s for s in ALERT_SIGNALS if s not in found]
    evidence = tuple(found.values()) or (Citation(layout.custom_resource(plural), None,
                                                  clip(f"{len(rules)} PrometheusRule object(s), none alerting on DCGM_FI_DEV_*")),)
    return Answer("gpu_alerts", FAIL if missing else PASS, evidence, {"missing": ", ".join(missing)})
