"""Rule machinery: the evaluation context (indexes over a loaded bundle), the rule
registry, and citation helpers.

A rule is a small function `fn(ctx) -> Iterable[Finding | NeedGap | Checked]` registered
with `@rule(ids=..., reads=...)`:

- `ids` are the finding ids it may emit;
- `reads` the evidence kinds it needs (`triage.classify.coverage.EVIDENCE_KINDS`; `a|b`
  means either). The engine enforces them: a rule whose inputs are absent from the
  bundle does not run, and the engine records a gap naming what is missing and the
  layer it blinds;
- `layer` the layer the rule checks (default: its module's name up to an `_`: one module per
  layer, a layer's second module `<layer>_<topic>`).

Besides findings, a rule yields `ctx.checked(subject, paths)` for every subject whose
evidence it examined: the ladder of a diagnosis is derived from these (a layer is
"passed" only when a check of that layer ran for the target on evidence that is present).
Rules never parse raw text: they call the parsers of `triage.evidence` and judge their facts.

    @rule(ids=("node.not_ready",), reads=("nodes",))
    def not_ready(ctx):
        for node in ctx.gpu_nodes():
            yield ctx.checked(node_subject(node.name), [node.source])
            ...
            yield ctx.finding("node.not_ready", "critical", node_subject(node.name), [cite], node=node.name)
"""

from __future__ import annotations

from msgspec import Struct
from typing import Callable, Iterable

from triage.bundle.objects.pod import Pod
from triage.classify.model import Finding, Gap, Subject

EXCERPT_MAX = 300


class NeedGap(Struct, frozen=True):
    """A rule needed a source the bundle lacks. `decisive` gaps make the diagnosis of
    their subject inconclusive when nothing else explains it."""

    gap: Gap
    subject: Subject | None = None
    node: str | None = None
    decisive: bool = True


class Checked(Struct, frozen=True):
    """A rule examined the evidence at `paths` about `subject` (a Pod or a Node). The
    engine fills in the rule's name and layer."""

    subject: Subject
    paths: tuple[str, ...]
    layer: str | None = None        # set by the engine (the rule's layer) unless the rule says
    rule: str = ""


class RuleInfo(Struct, frozen=True):
    name: str
    ids: tuple[str, ...]
    reads: tuple[str, ...]
    fn: Callable[..., Iterable[Finding | NeedGap | Checked]]
    layer: str = ""


RULES: list[RuleInfo] = []


def rule(ids: Iterable[str], reads: Iterable[str], layer: str | None = None):
    """Register a rule function; see the module docstring."""
    def deco(fn):
        module = fn.__module__.rsplit('.', 1)[-1]
        # a layer's second module is named `<layer>_<topic>` (scheduler_controllers)
        RULES.append(RuleInfo(f"{module}.{fn.__name__}", tuple(ids), tuple(reads), fn,
                              layer or module.split("_", 1)[0]))
        return fn
    return deco


def clip(text: str, limit: int = EXCERPT_MAX) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def pod_subject(pod: Pod) -> Subject:
    return Subject("Pod", pod.name, pod.namespace or "")


def node_subject(name: str) -> Subject:
    return Subject("Node", name)


_NO_DEVICES = (None, "", "void", "none")


def requests_nvidia(pod: Pod) -> bool:
    """The pod asks the scheduler for an NVIDIA GPU: an nvidia.com/* resource (or the kubelet's
    legacy one), or a DRA ResourceClaim."""
    return any(r.startswith("nvidia.com/") or r == "alpha.kubernetes.io/nvidia-gpu" for r in pod.gpu_requests) \
        or bool(pod.resource_claims)


def privileged_containers(pod: Pod) -> tuple[str, ...]:
    """The names of the pod's containers that run privileged: they see every device of the node."""
    spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
    return tuple(str(c.get("name") or "") for c in spec.get("containers") or ()
                 if isinstance(c, dict) and isinstance(c.get("securityContext"), dict)
                 and c["securityContext"].get("privileged"))


def privileged(pod: Pod) -> bool:
    """A container of the pod runs privileged: it sees every device of the node."""
    return bool(privileged_containers(pod))


def visible_devices_by_hand(pod: Pod, container: str | None = None) -> str | None:
    """The NVIDIA_VISIBLE_DEVICES a pod's container (or any container) sets itself, asking the
    NVIDIA runtime for devices outside the device plugin; None when it sets none (or `void`)."""
    for c in pod.containers:
        if container is None or c.name == container:
            for e in c.env:
                if e.name == "NVIDIA_VISIBLE_DEVICES" and e.value not in _NO_DEVICES:
                    return e.value
    return None
