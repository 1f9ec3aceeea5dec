"""Workload views (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job) and the generic
view of kinds read too rarely for their own (PVC, quota, PDB, custom resources).

Reads `spec.replicas`, `spec.strategy`, `spec.selector`, `spec.template`, `status`.
Real sample (corpus support bundle `troubleshoot-baseline-kind`, Deployment coredns):

    "spec": {"replicas": 1, "selector": {"matchLabels": {"k8s-app": "kube-dns"}}, "template": {...}}
"""

from __future__ import annotations

from functools import cached_property
from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.fields import as_mapping, dig, str_map
from triage.bundle.objects.meta import Condition, K8sObject, conditions_from
from triage.bundle.objects.pod import Pod


class Workload(K8sObject):
    """Deployment, ReplicaSet, StatefulSet, DaemonSet or Job: the fields triage reads."""

    __slots__ = ()

    @property
    def kind(self) -> str:  # type: ignore[override]
        return str(self.raw.get("kind") or "")

    @property
    def replicas(self) -> int | None:
        r = dig(self.raw, "spec", "replicas")
        return r if isinstance(r, int) else None

    @property
    def strategy(self) -> Mapping:
        s = dig(self.raw, "spec", "strategy") or dig(self.raw, "spec", "updateStrategy") or {}
        return s if isinstance(s, Mapping) else {}

    @cached_property
    def selector(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "spec", "selector", "matchLabels"))

    @cached_property
    def template(self) -> Pod:
        tmpl = as_mapping(dig(self.raw, "spec", "template"))
        return Pod({"metadata": as_mapping(tmpl.get("metadata")), "spec": as_mapping(tmpl.get("spec"))}, self.source)

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return conditions_from(dig(self.raw, "status", "conditions", default=()))


class GenericObject(K8sObject):
    """Objects read rarely enough to need no own view (PVC, quota, PDB, custom resources)."""

    __slots__ = ()

    @property
    def kind(self) -> str:  # type: ignore[override]
        return str(self.raw.get("kind") or "")

    def get(self, *keys, default=None):
        return dig(self.raw, *keys, default=default)
