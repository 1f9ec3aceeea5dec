"""ResourceQuota rejections: the API server refused to create a pod over quota.

Reads a `FailedCreate` event message (on the owning ReplicaSet/Job) or a 403 body. Real sample:

    Error creating: pods "train-7c9d8f6b5d-" is forbidden: exceeded quota: gpu-quota, requested: requests.nvidia.com/gpu=1, used: requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4

Every wording of the API server's ResourceQuota admission (apiserver
pkg/admission/plugin/resourcequota/controller.go) has its own `QuotaKind`; `EXCEEDED` is the
one with amounts. docs/message-catalog-kubernetes.md lists them with their source.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text


class ResourceAmount(Struct, frozen=True):
    resource: str        # requests.nvidia.com/gpu
    quantity: str        # as written: 4, 60Gi, 32575m


class QuotaKind(str, Enum):
    EXCEEDED = "exceeded"                  # exceeded quota: q, requested: ..., used: ..., limited: ...
    MUST_SPECIFY = "must_specify"          # failed quota: q: must specify limits.cpu,requests.nvidia.com/gpu
    FAILED_CONSTRAINT = "failed_constraint"   # failed quota: q: <any other constraint error>
    STATUS_UNKNOWN = "status_unknown"      # status unknown for quota: q, resources: r1,r2 (quota controller not synced)
    NEGATIVE_USAGE = "negative_usage"      # quota usage is negative for resource(s): r
    NO_PRIOR_VERSION = "no_prior_version"  # unable to get previous usage since prior version of object was not found
    INSUFFICIENT_TO_CONSUME = "insufficient_to_consume"   # insufficient quota to consume: r (limitedResources, no quota)
    UNCOVERED_SCOPES = "uncovered_scopes"  # insufficient quota to match these scopes: [{PriorityClass In [high]}]
    TIMED_OUT = "timed_out"                # resource quota evaluation timed out


class QuotaRejection(Struct, frozen=True):
    quota: str                         # "" when the wording names no quota
    requested: tuple[ResourceAmount, ...]
    used: tuple[ResourceAmount, ...]
    limited: tuple[ResourceAmount, ...]
    object_kind: str | None = None     # pods
    object_name: str | None = None     # the pod's name, or its generateName prefix ("train-7c9d8f6b5d-")
    kind: QuotaKind = QuotaKind.EXCEEDED
    missing: tuple[str, ...] = ()      # resources the wording names (must specify / status unknown / to consume)
    detail: str | None = None          # the wording after the quota name (scopes, constraint error)

    @property
    def generated_name(self) -> bool:
        """The name is a controller's generateName prefix: look at the owner's FailedCreate events."""
        return bool(self.object_name) and self.object_name.endswith("-")

    def amount(self, which: str, resource: str) -> str | None:
        return next((a.quantity for a in getattr(self, which) if a.resource == resource), None)

    @property
    def resources(self) -> tuple[str, ...]:
        return tuple(a.resource for a in self.limited)


_QUOTA = lazy_re.compile(r"exceeded quota: (?P<q>[^,\s]{1,253}), requested: (?P<r>\S{0,4096}), used: (?P<u>\S{0,4096}), "
                    r"limited: (?P<l>\S{0,4096})")
# starts where a word starts: from every character of a long word it would cost 252 steps each
_FORBIDDEN = lazy_re.compile(r"(?<![a-z0-9.])(?P<k>[a-z][a-z0-9.]{0,252}) \"(?P<n>[^\"]{0,253})\" is forbidden")
_RES_LIST = r"(?P<res>[^\s,]{1,317}(?:, ?[^\s,]{1,317}){0,64})"
# the other wordings of the ResourceQuota admission, in the order the plugin checks them
_OTHER: tuple[tuple[QuotaKind, re.Pattern], ...] = tuple((k, lazy_re.compile(p)) for k, p in (
    (QuotaKind.MUST_SPECIFY, r"failed quota: (?P<q>[^:\s]{1,253}): must specify " + _RES_LIST),
    (QuotaKind.FAILED_CONSTRAINT, r"failed quota: (?P<q>[^:\s]{1,253}): (?P<d>[^\n]{1,1024})"),
    (QuotaKind.STATUS_UNKNOWN, r"status unknown for quota: (?P<q>[^,\s]{1,253}), resources?: " + _RES_LIST),
    (QuotaKind.NEGATIVE_USAGE, r"quota usage is negative for resource\(s\): " + _RES_LIST),
    (QuotaKind.NO_PRIOR_VERSION, r"unable to get previous usage since prior version of object was not found"),
    (QuotaKind.INSUFFICIENT_TO_CONSUME, r"insufficient quota to consume: " + _RES_LIST),
    (QuotaKind.UNCOVERED_SCOPES, r"insufficient quota to match these scopes: (?P<d>\[[^\n]{0,1024}\])"),
    (QuotaKind.TIMED_OUT, r"resource quota evaluation timed out"),
))


def _amounts(text: str) -> tuple[ResourceAmount, ...]:
    out = []
    for part in text.strip().rstrip(".").split(","):
        key, sep, qty = part.partition("=")
        if sep and key:
            out.append(ResourceAmount(key.strip(), qty.strip()))
    return tuple(out)


def parse_quota_rejection(message: str) -> QuotaRejection | None:
    """A ResourceQuota rejection (FailedCreate or a 403): `exceeded quota: <q>, requested: k=v,..., used: ...,
    limited: ...` and the plugin's other wordings (`failed quota: q: must specify ...`, `status unknown for quota`...).

    >>> q = parse_quota_rejection('pods "test-pod" is forbidden: exceeded quota: money-claims-quota, requested: '
    ...     'requests.cpu=20,requests.memory=60Gi, used: requests.cpu=32575m,requests.memory=90368Mi, '
    ...     'limited: requests.cpu=50,requests.memory=140Gi')
    >>> q.quota, q.object_name, q.amount("used", "requests.memory")
    ('money-claims-quota', 'test-pod', '90368Mi')
    """
    text = bounded_text(message)
    m = _QUOTA.search(text)
    if m:
        fm = _FORBIDDEN.search(text[:m.start()])
        return QuotaRejection(m.group("q"), _amounts(m.group("r")), _amounts(m.group("u")), _amounts(m.group("l")),
                              fm.group("k") if fm else None, fm.group("n") if fm else None)
    for kind, pattern in _OTHER:
        m = pattern.search(text)
        if m:
            groups = m.groupdict()
            fm = _FORBIDDEN.search(text[:m.start()])
            missing = tuple(r.strip() for r in (groups.get("res") or "").split(",") if r.strip())
            return QuotaRejection(groups.get("q") or "", (), (), (), fm.group("k") if fm else None,
                                  fm.group("n") if fm else None, kind, missing, groups.get("d"))
    return None
