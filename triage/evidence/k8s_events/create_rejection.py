"""Pod creation refused by the API server: a controller's `FailedCreate` event.

A ReplicaSet, Job or DaemonSet writes `Error creating: <error>`, a StatefulSet
`create Pod <pod> in StatefulSet <set> failed error: <error>`; the error is the API server's
`pods "<name>" is forbidden: <admission error>`. Which admission plugin refused it:

    Error creating: pods "train-7c9d8f6b5d-x2x4k" is forbidden: maximum nvidia.com/gpu usage per Container is 1, but limit is 2
    create Pod trainer-0 in StatefulSet trainer failed error: pods "trainer-0" is forbidden: violates PodSecurity "restricted:latest": privileged (container "cuda" must not set securityContext.privileged=true)

`parse_create_rejection` returns a `CreateRejection` whose kind says which plugin and wording
(ResourceQuota wordings keep the `quota` fact of `quota.parse_quota_rejection`), kind OTHER for
a forbidden creation in no catalogued wording, None when the text is no creation failure. It
never raises.
"""

from __future__ import annotations

import re
from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text
from triage.evidence.k8s_events.quota import QuotaRejection, parse_quota_rejection


class CreateRejectionKind(str, Enum):
    QUOTA = "quota"                            # any ResourceQuota wording (see .quota.kind)
    LIMIT_MAX = "limit_range_max"              # maximum <r> usage per <Container|Pod> is X, but limit|request is Y
    LIMIT_MIN = "limit_range_min"              # minimum <r> usage per <Container|Pod> is X, but limit|request is Y
    LIMIT_NO_LIMIT = "limit_range_no_limit"    # maximum <r> usage per Container is X.  No limit is specified
    LIMIT_RATIO = "limit_range_ratio"          # <r> max limit to request ratio per Container is X, but provided ratio is Y
    POD_SECURITY = "pod_security"              # violates PodSecurity "restricted:latest": ...
    POD_SECURITY_POLICY = "pod_security_policy"  # PodSecurityPolicy: unable to admit pod: [...] (removed in 1.25)
    RUNTIME_CLASS_NOT_FOUND = "runtime_class_not_found"   # pod rejected: RuntimeClass "nvidia" not found
    SERVICE_ACCOUNT_MISSING = "service_account_missing"   # error looking up service account ns/sa: ... not found
    WEBHOOK_DENIED = "webhook_denied"          # admission webhook "w" denied the request: ... (GKE Warden, Gatekeeper, Kyverno)
    POLICY_DENIED = "policy_denied"            # ValidatingAdmissionPolicy 'p' with binding 'b' denied request: ...
    INVALID = "invalid"                        # Pod "p" is invalid: [spec...: Invalid value: ...] (API validation)
    OTHER = "other"                            # forbidden for a reason no catalog entry knows (webhook, policy...)


class Controller(str, Enum):
    POD_CONTROL = "pod_control"                # Error creating: ... (ReplicaSet, Job, DaemonSet, ReplicationController)
    STATEFULSET = "statefulset"                # create Pod p in StatefulSet s failed error: ...
    CRONJOB = "cronjob"                        # Error creating job: ...
    NONE = "none"                              # the bare API error (a 403 body, kubectl output)


class CreateRejection(Struct, frozen=True):
    kind: CreateRejectionKind
    detail: str                                # the admission error, after "is forbidden: "
    controller: Controller = Controller.NONE
    object_kind: str | None = None             # pods
    object_name: str | None = None             # the pod's name or generateName prefix
    statefulset: str | None = None
    resource: str | None = None                # LimitRanger: the resource
    scope: str | None = None                   # LimitRanger: Container / Pod / PersistentVolumeClaim
    enforced: str | None = None                # LimitRanger: the range's value
    observed: str | None = None                # LimitRanger: the pod's limit / request / ratio
    policy: str | None = None                  # PodSecurity: "restricted:latest"
    violations: tuple[str, ...] = ()           # PodSecurity: each failed check, as written
    quota: QuotaRejection | None = None
    runtime_class: str | None = None           # RuntimeClass admission: the missing RuntimeClass
    service_account: str | None = None         # ServiceAccount admission: the account, as namespace/name


_WRAPPERS = (
    (Controller.STATEFULSET, lazy_re.compile(r"create Pod (?P<pod>\S{1,253}) in StatefulSet (?P<set>\S{1,253}) failed error: ")),
    (Controller.CRONJOB, lazy_re.compile(r"Error creating job: ")),
    (Controller.POD_CONTROL, lazy_re.compile(r"Error creating: ")),
)
# A bounded run searched from every character of a long word costs the bound at each one:
# the `(?<!...)` lookbehinds start each run only where a word starts.
_FORBIDDEN = lazy_re.compile(r"(?<![a-z0-9.])(?P<k>[a-z][a-z0-9.]{0,252}) (?:\"(?P<n>[^\"]{0,253})\" )?is forbidden: ")
_Q = r"(?P<res>[^\s,]{1,317}) usage per (?P<scope>\w{1,64}) is (?P<enf>[^\s,.]{1,64}(?:\.\d{1,9})?)"
_LIMITS: tuple[tuple[CreateRejectionKind, re.Pattern], ...] = tuple((k, lazy_re.compile(p)) for k, p in (
    (CreateRejectionKind.LIMIT_NO_LIMIT, r"maximum " + _Q + r"\.\s{1,2}No limit is specified"),
    (CreateRejectionKind.LIMIT_MAX, r"maximum " + _Q + r", but (?:limit|request) is (?P<obs>[^\s,\]]{1,64})"),
    (CreateRejectionKind.LIMIT_MIN, r"minimum " + _Q + r", but (?:limit|request) is (?P<obs>[^\s,\]]{1,64})"),
    (CreateRejectionKind.LIMIT_RATIO, r"(?<![^\s,\[])(?P<res>[^\s,\[]{1,317}) max limit to request ratio per (?P<scope>\w{1,64}) is "
                                      r"(?P<enf>[^\s,]{1,64}), but (?:provided ratio is (?P<obs>[^\s,\]]{1,64})"
                                      r"|no (?:request|limit) is specified or (?:request|limit) is 0)"),
))
_RUNTIME_CLASS = lazy_re.compile(r"pod rejected: RuntimeClass \"(?P<rc>[^\"]{1,253})\" not found")
# the ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount/admission.go): the pod names an
# account its namespace does not have: "error looking up service account %s/%s: %v" (the lister's NotFound;
# "Error looking up ..." before 1.8), "service account %s/%s was not found, retry after the service account is
# created" (<= 1.19)
_SERVICE_ACCOUNT = lazy_re.compile(r"(?:[Ee]rror looking up service account|service account) (?P<sa>[a-z0-9.-]{1,253}/"
                                   r"[a-z0-9.-]{1,253})(?:: | was not found, retry after the service account is created)")
# k8s.io/apiserver admission/plugin/webhook/errors: "admission webhook %q denied the request: %s" (quotes
# escaped when the line is a JSON log's string); policy/validating: "ValidatingAdmissionPolicy '%s' with
# binding '%s' denied request: %s"
_WEBHOOK = lazy_re.compile(r"admission webhook \\?\"(?P<w>[^\"\\]{1,253})\\?\" denied the request(?::\s{0,2}|$)")
_VAP = lazy_re.compile(r"ValidatingAdmissionPolicy '(?P<p>[^']{1,253})' with binding '(?P<b>[^']{1,253})' denied request(?::\s{0,2}|$)")
# apimachinery errors.NewInvalid: `%s %q is invalid: %s` (the kind, the name, the field errors); a pod the
# API server's validation refused (a GPU limit named `gpu`, not `nvidia.com/gpu`, an unknown field value)
_INVALID = lazy_re.compile(r"(?<![\w.])(?P<k>[A-Z][A-Za-z0-9.]{0,62}) \\?\"(?P<n>[^\"\\]{0,253})\\?\" is invalid: ")
_PSA = lazy_re.compile(r"violates PodSecurity \"(?P<p>[^\"]{1,64})\": (?P<v>[^\n]{0,4096})")
_PSA_ITEM = lazy_re.compile(r"(?:[^,(]|\([^()]{0,1024}\)){1,2048}")
# The PodSecurityPolicy admission plugin (plugin/pkg/admission/security/podsecuritypolicy/admission.go,
# Kubernetes 1.8 - 1.24): "PodSecurityPolicy: unable to admit pod: %v" (1.13+; before, "unable to validate
# against any pod security policy: %v") with the field.ErrorList of every policy tried, and
# "[PodSecurityPolicy: ]no providers available to validate pod request" when no policy may be used
_PSP = lazy_re.compile(r"(?:PodSecurityPolicy: )?(?:unable to admit pod|unable to validate against any pod security policy)"
                       r"|(?:PodSecurityPolicy: )?no providers available to validate pod request")
# each refused field of the ErrorList (`spec.volumes[0]: Invalid value: "hostPath": ...`)
_PSP_FIELD = lazy_re.compile(r"(?<![\w.])(?:spec|metadata)(?:\.[A-Za-z]{1,64}(?:\[\d{1,4}\])?){1,8}(?=: )")


def parse_create_rejection(message: str) -> CreateRejection | None:
    """Which admission plugin refused a pod creation (`FailedCreate` event or the API error).

    >>> r = parse_create_rejection('Error creating: pods "a-" is forbidden: maximum nvidia.com/gpu usage per '
    ...                            'Container is 1, but limit is 2')
    >>> r.kind.value, r.resource, r.enforced, r.observed
    ('limit_range_max', 'nvidia.com/gpu', '1', '2')
    """
    text = bounded_text(message)
    controller, statefulset, start = Controller.NONE, None, 0
    for ctl, pattern in _WRAPPERS:
        w = pattern.search(text)
        if w:
            controller, start = ctl, w.end()
            statefulset = w.group("set") if ctl is Controller.STATEFULSET else None
            break
    fm = _FORBIDDEN.search(text, start)
    quota = parse_quota_rejection(text[start:])
    wh = _WEBHOOK.search(text, start) or _VAP.search(text, start)
    if wh is not None and quota is None:
        detail = " ".join(text[wh.start():].split())[:4096]     # the webhook's name stays in its words
        kind = CreateRejectionKind.WEBHOOK_DENIED if wh.re is _WEBHOOK.compiled else CreateRejectionKind.POLICY_DENIED
        return CreateRejection(kind, detail, controller=controller, object_kind=fm.group("k") if fm else None,
                               object_name=fm.group("n") if fm else None,
                               policy=wh.group("w") if wh.re is _WEBHOOK.compiled else wh.group("p"))
    inv = _INVALID.search(text, start) if fm is None and quota is None else None
    if inv is not None:
        detail = " ".join(text[inv.end():].split())[:4096]
        return CreateRejection(CreateRejectionKind.INVALID, detail, controller=controller, object_kind=inv.group("k"),
                               object_name=inv.group("n"), statefulset=statefulset)
    if fm is None and quota is None and controller is Controller.NONE:
        return None
    detail = " ".join(text[fm.end() if fm else start:].split())[:4096]
    base = dict(controller=controller, object_kind=fm.group("k") if fm else None,
                object_name=fm.group("n") if fm else None, statefulset=statefulset)
    if quota is not None:
        return CreateRejection(CreateRejectionKind.QUOTA, detail, quota=quota, **base)
    for kind, pattern in _LIMITS:
        m = pattern.search(detail)
        if m:
            return CreateRejection(kind, detail, resource=m.group("res"), scope=m.group("scope"),
                                   enforced=m.group("enf"), observed=m.groupdict().get("obs"), **base)
    m = _RUNTIME_CLASS.search(detail)
    if m:
        return CreateRejection(CreateRejectionKind.RUNTIME_CLASS_NOT_FOUND, detail, runtime_class=m.group("rc"), **base)
    m = _SERVICE_ACCOUNT.match(detail)
    if m:
        return CreateRejection(CreateRejectionKind.SERVICE_ACCOUNT_MISSING, detail, service_account=m.group("sa"), **base)
    m = _PSA.search(detail)
    if m:
        items = tuple(i.group(0).strip() for i in _PSA_ITEM.finditer(m.group("v")) if i.group(0).strip())[:64]
        return CreateRejection(CreateRejectionKind.POD_SECURITY, detail, policy=m.group("p"), violations=items, **base)
    m = _PSP.search(detail)
    if m:
        fields = tuple(dict.fromkeys(f.group(0) for f in _PSP_FIELD.finditer(detail, m.end())))[:64]
        return CreateRejection(CreateRejectionKind.POD_SECURITY_POLICY, detail, policy="PodSecurityPolicy",
                               violations=fields, **base)
    if fm is None:
        return None             # a controller's error that is no admission refusal (e.g. a timeout)
    return CreateRejection(CreateRejectionKind.OTHER, detail, **base)
