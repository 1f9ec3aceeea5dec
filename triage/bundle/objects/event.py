"""The Event view: what it is about, why, how often, and when it was last seen.

Reads a core/v1 Event, or an events.k8s.io/v1 one (regarding -> involvedObject,
note -> message).
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    "involvedObject": {"kind": "Addon", "namespace": "kube-system", "name": "aggregated-metrics-reader", ...},
    "reason": "ApplyingManifest", "source": {"component": "deploy", "host": "primary-node"}, "count": 1
"""

from __future__ import annotations

from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.meta import K8sObject


class Event(K8sObject):
    """A core/v1 Event (events.k8s.io fields mapped: regarding -> involvedObject, note -> message)."""

    __slots__ = ()
    kind = "Event"

    def _involved(self, key: str) -> str:
        inv = self.raw.get("involvedObject") or self.raw.get("regarding") or {}
        return str(inv.get(key) or "") if isinstance(inv, Mapping) else ""

    @property
    def involved_kind(self) -> str:
        return self._involved("kind")

    @property
    def involved_name(self) -> str:
        return self._involved("name")

    @property
    def involved_namespace(self) -> str:
        return self._involved("namespace") or (self.namespace or "")

    @property
    def involved_uid(self) -> str:
        return self._involved("uid")

    @property
    def field_path(self) -> str:
        return self._involved("fieldPath")

    @property
    def reason(self) -> str:
        return str(self.raw.get("reason") or "")

    @property
    def message(self) -> str:
        return str(self.raw.get("message") or self.raw.get("note") or "")

    @property
    def type(self) -> str:
        return str(self.raw.get("type") or "")

    @property
    def count(self) -> int:
        series = self.raw.get("series")
        if isinstance(series, Mapping) and isinstance(series.get("count"), int):
            return series["count"]
        c = self.raw.get("count") or self.raw.get("deprecatedCount")
        return c if isinstance(c, int) and c > 0 else 1

    @property
    def source_component(self) -> str:
        src = self.raw.get("source") or self.raw.get("deprecatedSource") or {}
        comp = src.get("component") if isinstance(src, Mapping) else ""
        return str(comp or self.raw.get("reportingComponent") or self.raw.get("reportingController") or "")

    @property
    def last_seen(self) -> str:
        """series.lastObservedTime, then lastTimestamp, then eventTime, then creation."""
        series = self.raw.get("series")
        if isinstance(series, Mapping) and series.get("lastObservedTime"):
            return str(series["lastObservedTime"])
        for key in ("lastTimestamp", "deprecatedLastTimestamp", "eventTime"):
            if self.raw.get(key):
                return str(self.raw[key])
        return self.creation_timestamp
