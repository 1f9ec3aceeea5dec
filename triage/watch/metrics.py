"""The watcher's findings as Prometheus metrics (prometheus_client, a registry of its own),
served at `/metrics` beside `/healthz`, so the fleet-wide view, history and paging run on the
Prometheus and Alertmanager a GPU platform already has (deploy/watcher/monitoring/).

    gpu_triage_finding{cluster,id,layer,severity,namespace,pod,node}      1 while open
    gpu_triage_root_cause{cluster,id,layer,namespace,pod,node}            1 while open
    gpu_triage_scan_duration_seconds{cluster}                             histogram of one triage
    gpu_triage_collector_errors_total{cluster,collector,kind}             a piece that could not be read
    gpu_triage_triage_failures_total{cluster}                             a triage that raised

A target's series are replaced by each triage of it and removed when it is healthy again,
deleted, or no longer judged (its trigger cleared): "open" means the last triage found it.

    m = WatchMetrics("prod")
    m.observe(("llm", "qwen-0"), doc, seconds=2.1)
    m.clear(("llm", "qwen-0"))
    body, content_type = m.exposition()
"""

from __future__ import annotations

import threading
from typing import Mapping

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest

FINDING_LABELS = ("cluster", "id", "layer", "severity", "namespace", "pod", "node")
ROOT_LABELS = ("cluster", "id", "layer", "namespace", "pod", "node")
# what a gap's reason says about the collection; "not_collected" / "skipped" are choices, not errors
NOT_ERRORS = frozenset({"not_collected", "skipped", ""})


def _node_of(finding: Mapping, target: Mapping) -> str:
    subject = finding.get("subject") or {}
    if subject.get("kind") == "Node":
        return str(subject.get("name") or "")
    params = finding.get("params") or {}
    return str(params.get("node") or "")


def _labels(cluster: str, finding: Mapping, target: Mapping, key: tuple[str, str]) -> dict[str, str]:
    fid = str(finding.get("id") or "")
    return {"cluster": cluster, "id": fid, "layer": fid.split(".", 1)[0],
            "severity": str(finding.get("severity") or ""),
            "namespace": str(target.get("namespace") or key[0]), "pod": str(target.get("name") or key[1]),
            "node": _node_of(finding, target)}


class WatchMetrics:
    def __init__(self, cluster: str):
        self.cluster = cluster
        self.registry = CollectorRegistry(auto_describe=True)
        self.finding = Gauge("gpu_triage_finding", "A finding of the last triage of a GPU pod (1 while open).",
                             FINDING_LABELS, registry=self.registry)
        self.root_cause = Gauge("gpu_triage_root_cause", "The root cause of the last triage of a GPU pod (1 while open).",
                                ROOT_LABELS, registry=self.registry)
        self.duration = Histogram("gpu_triage_scan_duration_seconds", "Seconds one triage (collect and analyse) took.",
                                  ("cluster",), registry=self.registry,
                                  buckets=(0.5, 1, 2, 5, 10, 20, 30, 60, 120, float("inf")))
        self.collector_errors = Counter("gpu_triage_collector_errors", "Pieces of evidence a triage could not "
                                        "collect, by collector and kind (forbidden, timeout, not_found ...).",
                                        ("cluster", "collector", "kind"), registry=self.registry)
        self.failures = Counter("gpu_triage_triage_failures", "Triages that raised instead of answering.",
                                ("cluster",), registry=self.registry)
        self._open: dict[tuple[str, str], tuple[list[tuple[str, ...]], list[tuple[str, ...]]]] = {}
        self._lock = threading.Lock()

    def observe(self, key: tuple[str, str], doc: Mapping, seconds: float | None = None) -> None:
        """The findings document of the latest triage of pod `key` (namespace, name)."""
        if seconds is not None:
            self.duration.labels(self.cluster).observe(seconds)
        for gap in doc.get("gaps") or ():
            reason = str(gap.get("reason") or "")
            if reason not in NOT_ERRORS:
                self.collector_errors.labels(self.cluster, str(gap.get("collector") or ""), reason).inc()
        target = doc.get("target") or {}
        findings, roots = [], []
        if doc.get("status") != "healthy":
            for f in doc.get("findings") or ():
                labels = _labels(self.cluster, f, target, key)
                findings.append(tuple(labels[k] for k in FINDING_LABELS))
            root = doc.get("root_cause")
            if root:
                labels = _labels(self.cluster, root, target, key)
                roots.append(tuple(labels[k] for k in ROOT_LABELS))
        with self._lock:
            old = self._open.pop(key, ([], []))
            for values in set(old[0]) - set(findings):
                self._remove(self.finding, values)
            for values in set(old[1]) - set(roots):
                self._remove(self.root_cause, values)
            for values in findings:
                self.finding.labels(*values).set(1)
            for values in roots:
                self.root_cause.labels(*values).set(1)
            if findings or roots:
                self._open[key] = (findings, roots)

    def failed(self) -> None:
        self.failures.labels(self.cluster).inc()

    def clear(self, key: tuple[str, str]) -> None:
        """Pod `key` is healthy again or gone: its findings are no longer open."""
        with self._lock:
            old = self._open.pop(key, ([], []))
            for values in set(old[0]):
                self._remove(self.finding, values)
            for values in set(old[1]):
                self._remove(self.root_cause, values)

    @staticmethod
    def _remove(metric, values) -> None:
        try:
            metric.remove(*values)
        except KeyError:
            pass

    def exposition(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
