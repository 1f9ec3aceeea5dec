"""Kueue's admission verdict on a Workload: why a job waits in its queue with no pod created.

Kueue (kubernetes-sigs/kueue, v0.6-v0.19) suspends a job until its ClusterQueue admits the
Workload that stands for it. While it cannot, the admission scheduler records a Warning event on
the Workload (recorder `kueue-admission`; reason the QuotaReserved condition's, fallback
`Pending`; pkg/scheduler/scheduler.go `requeueAndUpdate`) whose message is the flavor
assigner's (pkg/scheduler/flavorassigner/flavorassigner.go `Assignment.Message`: per pod set
`couldn't assign flavors to pod set <ps>: ` + the reasons, sorted, joined by `, `; pod sets
joined by `; `) or a queue lookup's (pkg/controller/core/workload_controller.go):

    couldn't assign flavors to pod set main: insufficient unused quota for nvidia.com/gpu in flavor a100, 4 more needed
    couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor a100, request > maximum capacity (16 > 8)
    couldn't assign flavors to pod set worker: resource nvidia.com/gpu unavailable in ClusterQueue
    couldn't assign flavors to pod set main: untolerated taint {nvidia.com/gpu NoSchedule} in flavor a100
    LocalQueue team-a doesn't exist

`parse_kueue_verdict` returns the first reason that says why (quota before flavor mismatches
before queue configuration), or None for text that is no Kueue verdict. `workload_owner` reads
the job a Workload stands for from its generated name (jobframework/workload_names.go:
`<lowercase kind>-<owner name>-<5-character hash>`). Neither raises.
"""

from __future__ import annotations

from msgspec import Struct
from enum import Enum

from triage import lazy_re
from triage.evidence.k8s_events.bounds import bounded_text


class KueueKind(str, Enum):
    QUOTA = "quota"                      # the ClusterQueue's quota (or its cohort's) cannot hold the request
    FLAVOR_TAINT = "flavor_taint"        # untolerated taint <t> in flavor <f>
    FLAVOR_AFFINITY = "flavor_affinity"  # flavor <f> doesn't match node affinity
    QUEUE = "queue"                      # a LocalQueue / ClusterQueue / flavor that is missing or inactive
    ADMISSION_CHECK = "admission_check"  # The workload has failed admission checks
    ERROR = "error"                      # failed to assign flavors to pod set <ps>: <error>


class KueueVerdict(Struct, frozen=True):
    kind: KueueKind
    format: KueueFormat
    text: str                    # the reason as written
    resource: str | None = None
    flavor: str | None = None
    queue: str | None = None
    podset: str | None = None


class KueueFormat(str, Enum):
    UNUSED_QUOTA = "kueue.unused_quota"
    MAX_CAPACITY = "kueue.max_capacity"
    BORROWING_LIMIT = "kueue.borrowing_limit"
    RESOURCE_UNAVAILABLE = "kueue.resource_unavailable"
    FLAVOR_TAINT = "kueue.flavor_taint"
    FLAVOR_AFFINITY = "kueue.flavor_affinity"
    FLAVOR_NOT_FOUND = "kueue.flavor_not_found"
    QUEUE = "kueue.queue"
    ADMISSION_CHECK = "kueue.admission_check"
    ERROR = "kueue.error"


_R = r"(?P<res>[\w./-]{1,253})"
_F = r"(?P<fl>[\w.-]{1,253})"
_FM, _K = KueueFormat, KueueKind
# (format, kind, pattern) in the order a verdict is reported: the quota first, then what rules a flavor out
_REASONS: tuple[tuple[KueueFormat, KueueKind, lazy_re.LazyPattern], ...] = tuple((f, k, lazy_re.compile(p)) for f, k, p in (
    # v0.10+: "insufficient unused quota for %s in flavor %s, %s more needed"; <=v0.9 also "... in cohort ..."
    (_FM.UNUSED_QUOTA, _K.QUOTA, rf"insufficient unused quota (?:in cohort )?for {_R} in flavor {_F}, \S{{1,64}} more needed"),
    # v0.10-v0.18 "request > maximum capacity (%s > %s)"; v0.19 "previously considered podsets requests ...";
    # <=v0.9 "insufficient quota for %s in flavor %s in ClusterQueue"
    (_FM.MAX_CAPACITY, _K.QUOTA, rf"insufficient quota for {_R} in flavor {_F}(?:,| in ClusterQueue)"),
    (_FM.BORROWING_LIMIT, _K.QUOTA, rf"borrowing limit for {_R} in flavor {_F} exceeded"),
    (_FM.RESOURCE_UNAVAILABLE, _K.QUOTA, rf"resource {_R} unavailable in ClusterQueue"),
    (_FM.FLAVOR_TAINT, _K.FLAVOR_TAINT, rf"untolerated taint .{{1,300}}? in flavor {_F}"),
    (_FM.FLAVOR_AFFINITY, _K.FLAVOR_AFFINITY, rf"flavor {_F} doesn't match node affinity"),
    (_FM.FLAVOR_NOT_FOUND, _K.QUEUE, rf"flavor {_F} not found"),
    (_FM.QUEUE, _K.QUEUE, r"(?P<q>(?:LocalQueue|ClusterQueue) \S{1,253}) (?:doesn't exist|not found|is inactive)"),
    (_FM.ADMISSION_CHECK, _K.ADMISSION_CHECK, r"The workload has failed admission checks"),
))
_PODSET = lazy_re.compile(r"(?:couldn't|failed to) assign flavors to pod set (\S{1,253}): ")
_ERROR = lazy_re.compile(r"failed to assign flavors to pod set \S{1,253}: ")
_NAME = lazy_re.compile(r"^([a-z0-9]{1,63})-(.{1,253})-[a-z0-9]{5}$")
# jobframework integrations: the lowercase kind in a Workload's name -> the owner's kind
_KINDS = {"job": "Job", "pod": "Pod", "jobset": "JobSet", "rayjob": "RayJob", "raycluster": "RayCluster",
          "pytorchjob": "PyTorchJob", "tfjob": "TFJob", "mpijob": "MPIJob", "xgboostjob": "XGBoostJob",
          "paddlejob": "PaddleJob", "jaxjob": "JAXJob", "trainjob": "TrainJob", "appwrapper": "AppWrapper",
          "leaderworkerset": "LeaderWorkerSet", "statefulset": "StatefulSet", "deployment": "Deployment",
          "sparkapplication": "SparkApplication"}


def parse_kueue_verdict(message) -> KueueVerdict | None:
    text = bounded_text(message).strip()
    if not text:
        return None
    ps = _PODSET.search(text)
    podset = ps.group(1) if ps else None
    for fmt, kind, pat in _REASONS:
        m = pat.search(text)
        if m is not None:
            groups = m.groupdict()
            return KueueVerdict(kind, fmt, m.group(0), groups.get("res"), groups.get("fl"), groups.get("q"), podset)
    if _ERROR.search(text):
        return KueueVerdict(KueueKind.ERROR, KueueFormat.ERROR, text[:300], podset=podset)
    return None


def workload_owner(name: str) -> tuple[str, str] | None:
    """("Job", "train") for a Workload named `job-train-8x2kq`; None for a name Kueue did not generate."""
    m = _NAME.match(bounded_text(name))
    if m is None or m.group(1) not in _KINDS:
        return None
    return _KINDS[m.group(1)], m.group(2)
