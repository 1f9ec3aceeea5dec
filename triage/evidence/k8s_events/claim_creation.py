"""The resource-claim controller's word on a pod whose DRA claim it could not create.

kube-controller-manager's resource-claim controller (kubernetes pkg/controller/resourceclaim/
controller.go, v1.26+) creates a pod's ResourceClaims from the templates its
`spec.resourceClaims[].resourceClaimTemplateName` names; when it cannot, it records on the pod

    Warning FailedResourceClaimCreation  PodResourceClaim <claim>: <error>

where a template it cannot read gives `resource claim template "<name>": <the get error>`:

    >>> r = parse_claim_creation('PodResourceClaim gpu: resource claim template "gpu-tmpl": '
    ...                          'resourceclaimtemplate.resource.k8s.io "gpu-tmpl" not found')
    >>> r.claim, r.template
    ('gpu', 'gpu-tmpl')
    >>> parse_claim_creation("pod has unbound immediate PersistentVolumeClaims") is None
    True
"""

from __future__ import annotations

from msgspec import Struct

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text

REASON = "FailedResourceClaimCreation"
_MESSAGE = lazy_re.compile(r"^PodResourceClaim (?P<claim>[\w.-]{1,253}): "
                           r"(?:resource claim template \"(?P<template>[\w.-]{1,253})\")?")


class ClaimCreation(Struct, frozen=True):
    claim: str
    template: str | None       # the template it could not read, when that is the error


def parse_claim_creation(message) -> ClaimCreation | None:
    m = _MESSAGE.match(bounded_text(message))
    return ClaimCreation(m.group("claim"), m.group("template")) if m else None
