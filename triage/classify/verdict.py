"""The ladder and the status of one diagnosis, derived from what ran.

For each of the six layers: `root` (the root cause is there), `failed` (another finding
is), `passed` (at least one check of that layer ran for the target on evidence that is
present, and nothing there failed), `not_checked` (no check could run: the gaps that
blind it are named) or `not_applicable` (e.g. a node has no application layer, a pod that
never started none either).

The status says only what was checked:
- a root cause that names a symptom (a scheduler or node finding, an unclassified crash)
  whose explanation could sit in a layer that was not checked (a node that advertises no
  GPU, with no device-plugin evidence at all) is INCONCLUSIVE, the would-be root kept as
  the suspect; a component's own failure is a cause whatever lies below it unchecked;
- so is a root cause whose own layer lost evidence that could confirm or refine it (a device
  plugin crash-looping while its log is forbidden), and a symptom whose explaining layers did;
- otherwise a root cause is a PROBLEM;
- nothing found: HEALTHY only when every applicable layer passed and no evidence that
  matters is missing; else INCONCLUSIVE.

    >>> could_explain_from("plugin", "node.gpu_not_advertised"), could_explain_from("driver", "application.cuda_oom")
    (True, False)
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from triage.classify import coverage
from triage.classify.explain import explained_by
from triage.classify.model import (
    LAYER_ORDER, Certainty, Check, Finding, Gap, Layer, LayerStatus, LayerVerdict, Status)
from triage.classify.rules.base import Checked

ALL_LAYERS = frozenset(LAYER_ORDER)
NODE_LAYERS = frozenset({Layer.NODE, Layer.PLUGIN, Layer.RUNTIME, Layer.DRIVER})
MAX_CHECKS_SHOWN = 6


def could_explain_from(layer: str, fid: str, params: Mapping | None = None) -> bool:
    """Whether some finding of `layer` could account for finding `fid` with these params
    (explain.py's table, narrowed by `explain.explained_by`)."""
    return any(p == f"{layer}." or p.startswith(f"{layer}.") for p in explained_by(fid, params))


# ids that name what is seen, not why: a root cause among them is only a problem when the
# layers that could say why were checked
SYMPTOM_IDS = frozenset({"application.crash_unclassified", "application.gpu_error_unrecognised", "plugin.not_registered"})
# a component that works and reports what it was given: the device plugin's NVML loaded and
# found no GPU ("No devices found"), so the devices were not handed to its container (runtime)
# or the driver does not see them; its own words never say which
BELOW_ITSELF = frozenset({"plugin.no_devices_found"})


def is_symptom(f: Finding) -> bool:
    """Scheduler and node findings say what the cluster shows (no GPU advertised, nowhere to
    place the pod); so do an unclassified crash and a plugin that runs yet registered nothing,
    unless a message said why. A component's own failure (plugin, runtime, driver, the
    workload) is a cause."""
    if f.params.get("policy_verdict") or f.params.get("demand"):
        # a queue's or quota's own "no", or GPUs that are all offered and taken (or too few on
        # any one node): a cause whatever the layers below show
        return False
    return f.layer in (Layer.SCHEDULER, Layer.NODE) or (f.id in SYMPTOM_IDS and f.certainty is not Certainty.RECOGNISED) \
        or f.id in BELOW_ITSELF


def _checks(items: Iterable[Checked]) -> tuple[Check, ...]:
    paths: dict[str, dict[str, None]] = {}
    for c in items:
        mine = paths.get(c.rule)
        if mine is None:
            paths[c.rule] = mine = {}
        for p in c.paths:
            mine[p] = None
    return tuple(Check(name, tuple(p)[:MAX_CHECKS_SHOWN]) for name, p in sorted(paths.items()))


# (layer, its value) outside in: a scan builds 10,000 ladders, and an enum's `.value` is a
# descriptor call each time
_LAYER_VALUES = tuple((layer, layer.value) for layer in LAYER_ORDER)


def ladder(applicable: frozenset[Layer], root: Finding | None, findings: Sequence[Finding],
           checks: Iterable[Checked], gaps: Sequence[Gap], about: str) -> tuple[LayerVerdict, ...]:
    """One LayerVerdict per layer, outside in. `about` names the target for the gap a
    layer gets when nothing at all speaks for it. The checks and gaps are grouped by layer
    once (in their order), not filtered again per layer."""
    by_layer: dict[str, list[Checked]] = {}
    for c in checks:
        by_layer.setdefault(c.layer or "", []).append(c)
    gaps_by_layer: dict[str, list[Gap]] = {}
    for g in gaps:
        gaps_by_layer.setdefault(g.layer, []).append(g)
    failed = {f.layer for f in findings}
    root_layer = root.layer if root is not None else None
    out = []
    for layer, value in _LAYER_VALUES:
        if layer not in applicable:
            out.append(LayerVerdict(layer, LayerStatus.NOT_APPLICABLE))
            continue
        ran = _checks(by_layer.get(value, ()))
        mine = tuple(gaps_by_layer.get(value, ()))
        if root_layer is layer:
            out.append(LayerVerdict(layer, LayerStatus.ROOT, ran, mine))
        elif layer in failed:
            out.append(LayerVerdict(layer, LayerStatus.FAILED, ran, mine))
        elif ran:
            out.append(LayerVerdict(layer, LayerStatus.PASSED, ran, mine))
        else:
            blind = mine or tuple(g for g in gaps if not g.layer) or (
                Gap(value, "not_collected", f"no {value}-layer evidence about {about} is in the bundle",
                    coverage.LAYER_NEEDS[value], value),)
            out.append(LayerVerdict(layer, LayerStatus.NOT_CHECKED, (), blind))
    return tuple(out)


def status_of(root: Finding | None, layers: Sequence[LayerVerdict], decisive: Sequence[Gap],
              symptom: str | None) -> tuple[Status, Finding | None]:
    """(status, suspect): the suspect is the would-be root cause of an inconclusive diagnosis."""
    blind = [v.layer.value for v in layers if v.status is LayerStatus.NOT_CHECKED]
    if root is not None:
        symptom = is_symptom(root)
        if root.layer is Layer.SCHEDULER and _passed(layers, Layer.NODE) and _passed(layers, Layer.PLUGIN):
            # the runtime and the driver reach the scheduler only through what the plugin
            # advertises on the node: both were checked and passed, so their blindness is not decisive
            blind = [b for b in blind if b not in (Layer.RUNTIME.value, Layer.DRIVER.value)]
        if symptom and any(could_explain_from(layer, root.id, root.params) for layer in blind):
            return Status.INCONCLUSIVE, root
        if gpu_words_unexplained(root, layers):
            return Status.INCONCLUSIVE, root
        # evidence of the root's own layer that could confirm or refine it is missing (a forbidden
        # or lost log): the answer is a suspect, not a verdict; for a symptom, so is any layer below
        for g in decisive:
            if g.reason == "not_collected":
                continue        # absent without a record of a failure: not lost evidence
            if g.layer == root.layer.value or (symptom and g.layer and could_explain_from(g.layer, root.id, root.params)):
                return Status.INCONCLUSIVE, root
        return Status.PROBLEM, None
    if blind or decisive or symptom:
        return Status.INCONCLUSIVE, None
    return Status.HEALTHY, None


def _passed(layers: Sequence[LayerVerdict], layer: Layer) -> bool:
    return any(v.layer is layer and v.status is LayerStatus.PASSED for v in layers)


def gpu_words_unexplained(root: Finding, layers: Sequence[LayerVerdict]) -> bool:
    """A crash whose log names CUDA, NCCL, NVML or the GPU in words no catalog knows, while
    the driver layer was judged without the node's own record of faults (its kernel log,
    DCGM): an Xid there would make it the driver's, so the crash is a suspect, not a cause."""
    if root.id not in SYMPTOM_IDS or not root.params.get("gpu_error"):
        return False
    # the node's record of faults, not the in-container nvidia-smi (whose hang check a missing
    # exec leaves unrun): that record is where an Xid would be
    return any(v.layer is Layer.DRIVER and any(g.collector != "pods/exec" for g in v.gaps) for v in layers)


def blinding_gaps(layers: Sequence[LayerVerdict], root: Finding | None = None) -> tuple[Gap, ...]:
    """The gaps of the layers that were not checked (those that could explain `root`, when given)."""
    out: dict[Gap, None] = {}
    gpu_words = root is not None and gpu_words_unexplained(root, layers)
    for v in layers:
        if v.status is LayerStatus.NOT_CHECKED and (root is None or could_explain_from(v.layer.value, root.id, root.params)):
            out.update(dict.fromkeys(v.gaps))
        elif gpu_words and v.layer is Layer.DRIVER:
            out.update(dict.fromkeys(v.gaps))
    return tuple(out)
