"""What every kind shares: metadata (name, namespace, uid, labels, owners) and conditions.

`K8sObject` wraps the raw API dict (no copy, no model classes: a 100,000-pod bundle must
load fast) and knows where it came from (`source`: the bundle path of its list file) for
citations. Reads `metadata` and `status.conditions`.
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    "metadata": {"name": "coredns-56f6fc8fd7-p4x9z", "generateName": "coredns-56f6fc8fd7-",
                 "namespace": "kube-system", "uid": "dd820d56-5b83-42c5-955f-058aedc0ad27", ...}
"""

from __future__ import annotations

from msgspec import Struct
from functools import cached_property
from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.fields import as_tuple, dig, str_map


class OwnerRef(Struct, frozen=True):
    kind: str
    name: str
    controller: bool


class Condition(Struct, frozen=True):
    type: str
    status: str
    reason: str
    message: str
    last_transition: str


def conditions_from(raw) -> tuple[Condition, ...]:
    out = []
    for c in as_tuple(raw):
        if isinstance(c, Mapping):
            out.append(Condition(str(c.get("type", "")), str(c.get("status", "")), str(c.get("reason") or ""),
                                 str(c.get("message") or ""), str(c.get("lastTransitionTime") or "")))
    return tuple(out)


class K8sObject:
    """Base view: metadata shared by every kind."""

    __slots__ = ("raw", "source", "__dict__")

    kind = "Object"

    def __init__(self, raw: Mapping, source: str):
        self.raw = raw
        self.source = source

    @property
    def name(self) -> str:
        return str(dig(self.raw, "metadata", "name", default=""))

    @property
    def namespace(self) -> str | None:
        ns = dig(self.raw, "metadata", "namespace")
        return str(ns) if ns is not None else None

    @property
    def uid(self) -> str:
        return str(dig(self.raw, "metadata", "uid", default=""))

    @cached_property
    def labels(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "metadata", "labels"))

    @cached_property
    def annotations(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "metadata", "annotations"))

    @property
    def creation_timestamp(self) -> str:
        return str(dig(self.raw, "metadata", "creationTimestamp", default=""))

    @cached_property
    def owner_references(self) -> tuple[OwnerRef, ...]:
        refs = as_tuple(dig(self.raw, "metadata", "ownerReferences"))
        return tuple(OwnerRef(str(r.get("kind", "")), str(r.get("name", "")), bool(r.get("controller")))
                     for r in refs if isinstance(r, Mapping))

    @property
    def controller(self) -> OwnerRef | None:
        return next((r for r in self.owner_references if r.controller), None)

    def __repr__(self) -> str:
        return f"<{self.kind} {self.namespace + '/' if self.namespace else ''}{self.name}>"
