"""What classification produces: findings with cited evidence, and gaps.

Detection returns ids and parameters only. Titles and advice are prose and
live in playbooks (front matter `title:` of playbooks/<layer>/<name>.md) and
report templates; see triage/render/.
"""

from __future__ import annotations

import enum
from msgspec import Struct, field
from msgspec.structs import force_setattr
from types import MappingProxyType
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from triage.evidence.inventory import ResourceInventory


class Layer(enum.Enum):
    """Troubleshooting layers, outside in (the seeds' order)."""

    SCHEDULER = "scheduler"
    NODE = "node"
    PLUGIN = "plugin"
    RUNTIME = "runtime"
    DRIVER = "driver"
    APPLICATION = "application"

    @property
    def depth(self) -> int:
        """0 for the scheduler ... 4 for the driver; the application sits apart (5)."""
        return LAYER_ORDER.index(self)


LAYER_ORDER = tuple(Layer)


class Severity(enum.Enum):
    CRITICAL = "critical"
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """Lower is worse: critical 0 ... info 3."""
        return tuple(Severity).index(self)


class Status(enum.Enum):
    PROBLEM = "problem"
    HEALTHY = "healthy"
    INCONCLUSIVE = "inconclusive"
    NO_GPU = "no_gpu"          # a valid bundle, but no GPU node and no GPU workload in scope


class Certainty(enum.Enum):
    """How a finding knows what it says (findings v1, 2026-12 extension)."""

    RECOGNISED = "recognised"      # a message format or catalog row matched
    INFERRED = "inferred"          # object state or a join of several objects
    UNRECOGNISED = "unrecognised"  # the layer is known from where the evidence sits, the words are not

    @property
    def rank(self) -> int:
        """Lower is surer: recognised 0, inferred 1, unrecognised 2."""
        return tuple(Certainty).index(self)


class LayerStatus(enum.Enum):
    ROOT = "root"
    FAILED = "failed"
    PASSED = "passed"
    NOT_CHECKED = "not_checked"
    NOT_APPLICABLE = "not_applicable"


class Citation(Struct, frozen=True, order=True):
    """One piece of evidence: a bundle path, a 1-based line (None for a JSON
    object) and a short redacted excerpt."""

    path: str
    line: int | None
    excerpt: str

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "excerpt": self.excerpt}


class Subject(Struct, frozen=True, order=True):
    """What a finding is about: a Pod, Node, Deployment ... (namespace None for
    cluster-scoped kinds)."""

    kind: str
    name: str
    namespace: str | None = None

    def to_json(self) -> dict:
        out = {"kind": self.kind, "name": self.name}
        if self.namespace is not None:
            out["namespace"] = self.namespace
        return out

    def __str__(self) -> str:
        return f"{self.kind}/{self.namespace}/{self.name}" if self.namespace else f"{self.kind}/{self.name}"


def _freeze(params: Mapping[str, object] | None) -> Mapping[str, object]:
    return MappingProxyType(dict(params or {}))


class Finding(Struct, frozen=True):
    """A judged fact. `id` is a taxonomy id `<layer>.<name>`; `params` are the
    values templates and playbooks fill in (node, resource, counts ...)."""

    id: str
    severity: Severity
    subject: Subject
    evidence: tuple[Citation, ...]
    params: Mapping[str, object] = field(default_factory=dict)
    explains: tuple[str, ...] = ()
    certainty: Certainty = Certainty.RECOGNISED

    def __post_init__(self):
        if not self.evidence:
            raise ValueError(f"finding {self.id} cites no evidence")
        force_setattr(self, "params", _freeze(self.params))

    @property
    def layer(self) -> Layer:
        return Layer(self.id.split(".", 1)[0])

    @property
    def playbook(self) -> str:
        """`<layer>/<name>`, the playbook that says what to do next."""
        return self.id.replace(".", "/", 1)

    def with_explains(self, ids) -> "Finding":
        return Finding(self.id, self.severity, self.subject, self.evidence, self.params,
                       tuple(sorted(set(ids))), self.certainty)

    def sort_key(self):
        return (self.severity.rank, self.layer.depth, self.id, self.subject, self.evidence)


class Gap(Struct, frozen=True, order=True):
    """Evidence that could not be collected or checked, and what would close it. `layer`
    is the layer the missing evidence blinds ("" when no single layer: a whole list)."""

    collector: str
    reason: str          # forbidden | not_found | timeout | not_collected | unreadable | ...
    detail: str
    needs: str           # the permission, flag or source that would close the gap
    layer: str = ""

    def to_json(self) -> dict:
        out = {"collector": self.collector, "reason": self.reason,
               "detail": self.detail, "needs": self.needs}
        if self.layer:
            out["layer"] = self.layer
        return out


class Check(Struct, frozen=True):
    """A check that ran for a diagnosis: the rule's name and the bundle paths it read."""

    name: str
    paths: tuple[str, ...]

    def to_json(self) -> dict:
        return {"name": self.name, "evidence": list(self.paths)}


class LayerVerdict(Struct, frozen=True):
    """One step of a diagnosis' ladder."""

    layer: Layer
    status: LayerStatus
    checks: tuple[Check, ...] = ()
    gaps: tuple[Gap, ...] = ()

    def to_json(self) -> dict:
        return {"status": self.status.value, "checks": [c.to_json() for c in self.checks],
                "gaps": [g.to_json() for g in self.gaps]}


class Diagnosis(Struct, frozen=True):
    """The classifier's answer for one target."""

    target: Subject | None
    status: Status
    root_cause: Finding | None
    findings: tuple[Finding, ...]     # root cause first, then worst first
    gaps: tuple[Gap, ...] = ()
    layers: tuple[LayerVerdict, ...] = ()     # one per layer, outside in (empty: not derived)
    scope: Mapping[str, object] = field(default_factory=dict)   # what was looked at (no_gpu headline)
    suspect: Finding | None = None    # inconclusive: the finding that would be the root cause


class ReleaseCheck(Struct, frozen=True):
    """One of the seeds' release questions for a workload: yes / no / unknown, with evidence."""

    id: str
    answer: str                       # yes | no | unknown
    evidence: tuple[Citation, ...] = ()

    def to_json(self) -> dict:
        return {"id": self.id, "answer": self.answer, "evidence": [c.to_json() for c in self.evidence]}


class Report(Struct, frozen=True):
    """Everything `diagnose()` found in one bundle: one Diagnosis per target (worst
    first), the GPU inventory and, for workloads, the release checks."""

    diagnoses: tuple[Diagnosis, ...]
    target: Subject | None = None     # what was asked for (None: a scan)
    inventory: tuple[ResourceInventory, ...] = ()    # triage.evidence.inventory rows
    release_checks: tuple[ReleaseCheck, ...] = ()
    gaps: tuple[Gap, ...] = ()        # every gap of the bundle, whether it mattered or not

    @property
    def worst(self) -> Diagnosis | None:
        return self.diagnoses[0] if self.diagnoses else None
