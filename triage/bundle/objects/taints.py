"""Node taints and the pod tolerations that let a pod past them.

Reads `spec.taints` of a Node and `spec.tolerations` of a Pod. Real sample (the scheduler
names a taint no toleration of the pod matched):

    0/4 nodes are available: 1 NodeUnfitPod, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, ...

    >>> t = Taint("node.kubernetes.io/unreachable", "", "NoSchedule")
    >>> str(t), Toleration("node.kubernetes.io/unreachable", "Exists", "", "").tolerates(t)
    ('node.kubernetes.io/unreachable:NoSchedule', True)
"""

from __future__ import annotations

from msgspec import Struct


class Taint(Struct, frozen=True):
    key: str
    value: str
    effect: str

    def __str__(self) -> str:
        return f"{self.key}={self.value}:{self.effect}" if self.value else f"{self.key}:{self.effect}"


class Toleration(Struct, frozen=True):
    key: str
    operator: str      # Equal | Exists
    value: str
    effect: str        # "" = every effect

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if not self.key:
            return self.operator == "Exists"
        if self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value
