"""ResourceQuota rejections: the API server refused to create a pod over quota.

Reads a `FailedCreate` event message (on the owning ReplicaSet/Job) or a 403 body. Real sample:

    Error creating: pods "train-7c9d8f6b5d-" is forbidden: exceeded quota: gpu-quota, requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from triage.evidence.k8s_events.bounds import bounded_text


@dataclass(frozen=True)
class ResourceAmount:
    resource: str        # requests.nvidia.com/gpu
    quantity: str        # as written: 4, 60Gi, 32575m


@dataclass(frozen=True)
class QuotaRejection:
    quota: str
    requested: tuple[ResourceAmount, ...]
    used: tuple[ResourceAmount, ...]
    limited: tuple[ResourceAmount, ...]
    object_kind: str | None = None     # pods
    object_name: str | None = None     # the pod's name, or its generateName prefix ("train-7c9d8f6b5d-")

    @property
    def generated_name(self) -> bool:
        """The name is a controller's generateName prefix: look at the owner's FailedCreate events."""
        return bool(self.object_name) and self.object_name.endswith("-")

    def amount(self, which: str, resource: str) -> str | None:
        return next((a.quantity for a in getattr(self, which) if a.resource == resource), None)

    @property
    def resources(self) -> tuple[str, ...]:
        return tuple(a.resource for a in self.limited)


_QUOTA = re.compile(r"exceeded quota: (?P<q>[^,\s]+), requested: (?P<r>\S*), used: (?P<u>\S*), limited: (?P<l>\S*)")
_FORBIDDEN = re.compile(r"(?P<k>[a-z][a-z0-9.]*) \"(?P<n>[^\"]*)\" is forbidden")


def _amounts(text: str) -> tuple[ResourceAmount, ...]:
    out = []
    for part in text.strip().rstrip(".").split(","):
        key, sep, qty = part.partition("=")
        if sep and key:
            out.append(ResourceAmount(key.strip(), qty.strip()))
    return tuple(out)


def parse_quota_rejection(message: str) -> QuotaRejection | None:
    """`exceeded quota: <q>, requested: k=v,..., used: ..., limited: ...` (FailedCreate or a 403).

    >>> q = parse_quota_rejection('pods "test-pod" is forbidden: exceeded quota: money-claims-quota, requested: '
    ...     'requests.cpu=20,requests.memory=60Gi, used: requests.cpu=32575m,requests.memory=90368Mi, '
    ...     'limited: requests.cpu=50,requests.memory=140Gi')
    >>> q.quota, q.object_name, q.amount("used", "requests.memory")
    ('money-claims-quota', 'test-pod', '90368Mi')
    """
    text = bounded_text(message)
    m = _QUOTA.search(text)
    if not m:
        return None
    fm = _FORBIDDEN.search(text[:m.start()])
    return QuotaRejection(m.group("q"), _amounts(m.group("r")), _amounts(m.group("u")), _amounts(m.group("l")),
                          fm.group("k") if fm else None, fm.group("n") if fm else None)
