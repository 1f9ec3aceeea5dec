"""Rule machinery: the evaluation context (indexes over a loaded bundle), the rule
registry, and citation helpers.

A rule is a small function `fn(ctx) -> Iterable[Finding | NeedGap]` registered with
`@rule(ids=..., reads=...)`: `ids` are the finding ids it may emit, `reads` the
evidence sources it needs (for `gpu-triage rules` and the meta-test). Rules never
parse raw text: they call the parsers of `triage.evidence` and judge their facts.

    @rule(ids=("node.not_ready",), reads=("nodes",))
    def not_ready(ctx):
        for node in ctx.gpu_nodes():
            ...
            yield ctx.finding("node.not_ready", node_subject, [cite], node=node.name)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from triage.bundle.objects.pod import Pod
from triage.classify.model import Finding, Gap, Subject

EXCERPT_MAX = 300


@dataclass(frozen=True)
class NeedGap:
    """A rule needed a source the bundle lacks. `decisive` gaps make the diagnosis of
    their subject inconclusive when nothing else explains it."""

    gap: Gap
    subject: Subject | None = None
    node: str | None = None
    decisive: bool = True


@dataclass(frozen=True)
class RuleInfo:
    name: str
    ids: tuple[str, ...]
    reads: tuple[str, ...]
    fn: Callable[..., Iterable[Finding | NeedGap]]


RULES: list[RuleInfo] = []


def rule(ids: Iterable[str], reads: Iterable[str]):
    """Register a rule function; see the module docstring."""
    def deco(fn):
        RULES.append(RuleInfo(f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}", tuple(ids), tuple(reads), fn))
        return fn
    return deco


def clip(text: str, limit: int = EXCERPT_MAX) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def pod_subject(pod: Pod) -> Subject:
    return Subject("Pod", pod.name, pod.namespace or "")


def node_subject(name: str) -> Subject:
    return Subject("Node", name)
