"""What an audit produces: one answer per checklist item and release question, and the
waste it measured. Ids and params only; the wording is report_templates/audit.yaml's.

    Answer("gpu_nodes_tainted", "fail", (Citation("cluster-resources/nodes.json", None,
           'gpu-a10g-1 spec.taints: null'),), {"nodes": "gpu-a10g-1"})
"""

from __future__ import annotations

from msgspec import Struct, field
from msgspec.structs import force_setattr
from types import MappingProxyType
from typing import Mapping

from triage.classify.model import Citation, Subject

PASS, FAIL, NOT_CHECKED = "pass", "fail", "not_checked"
STATUSES = (PASS, FAIL, NOT_CHECKED)


def _freeze(params) -> Mapping[str, object]:
    return MappingProxyType({k: v for k, v in dict(params or {}).items() if v not in (None, "", ())})


class Answer(Struct, frozen=True):
    """One checklist item or release question, judged from the bundle. `evidence` is what the
    judgement rests on (for not_checked: where the evidence would be and that it is absent);
    `subjects` are the objects that fail it."""

    id: str
    status: str
    evidence: tuple[Citation, ...]
    params: Mapping[str, object] = field(default_factory=dict)
    subjects: tuple[Subject, ...] = ()

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"audit item {self.id}: status {self.status!r}")
        if not self.evidence:
            raise ValueError(f"audit item {self.id} cites no evidence")
        force_setattr(self, "params", _freeze(self.params))


class Waste(Struct, frozen=True):
    """GPUs held and not used: what holds them, how many, the evidence, and the seed's cost
    lever (an id of audit.yaml's waste.levers)."""

    kind: str
    subject: Subject
    node: str
    gpus: int
    evidence: tuple[Citation, ...]
    lever: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self):
        if not self.evidence:
            raise ValueError(f"waste {self.kind} cites no evidence")
        force_setattr(self, "params", _freeze(self.params))


class WasteReport(Struct, frozen=True):
    entries: tuple[Waste, ...]
    allocated_gpus: int          # GPUs requested by non-terminal workload pods on nodes
    measured_gpus: int           # ... of which some evidence (DCGM, in-pod nvidia-smi) shows use or idleness
    idle_gpus: int               # ... of which sit near zero
    time_sliced_nodes: tuple[str, ...] = ()
    dcgm_nodes: tuple[str, ...] = ()     # nodes with a DCGM scrape in the bundle
    window: str | None = None            # the Prometheus window GPU use was averaged over, if read

    @property
    def idle_share(self) -> float | None:
        return round(self.idle_gpus / self.measured_gpus, 4) if self.measured_gpus else None


class AuditReport(Struct, frozen=True):
    answers: tuple[Answer, ...]
    waste: WasteReport
    cluster: str | None = None

    def counts(self) -> dict[str, int]:
        out = {s: 0 for s in STATUSES}
        for a in self.answers:
            out[a.status] += 1
        return out
