"""What the first-contact batch builders from S on share: a batch's folders, its cases, the `@case` registry of
per-case builders, and the assembling of scenarios (README, expected.json, bundle) and `main`.

Two README styles exist, both unchanged from the batches that introduced them:

- `ThreadBatch`: first_contact_b.thread_scenario's README (`# <id> — first contact, batch <X>`, the folder
  named after the thread), on a `World` or a richer world class (FCWorld, a batch's own World subclass);
  builders are registered as `@case(case_id, subject, world_note)`.
- `ReadmeBatch`: first_contact_a.readme_scenario's README (state-first batches; the folder named after the
  case's slug, an FCWorld), whose "where the text sits" sentence comes from the batch's `placed` rules;
  builders are registered as `@case(case_id, slug, subject, world_note)`.

A module keeps its per-case builders and declares its batch in two lines:

    FC = ThreadBatch("batch-x", "X")
    BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

and ends with `all_scenarios, main = FC.all_scenarios, FC.main`.

Below the assembling: world helpers that more than one of these builders wrote alike (a crash-looping
container and its kubelet BackOff event, a DaemonSet's status block).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Callable

from tests.classify import first_contact_a, first_contact_b
from tests.classify.scenario_builder import REPO, Scenario, World, checked_case_ids, read_cases, write_batch
from tests.classify.scenarios_real import crashing

# the `placed` sentences several state-first batches use
VERBATIM = "The case's text is placed verbatim where the thread says it appeared."
PROSE_NOT_IN_BUNDLE = ("The case's text is prose (a reporter's sentence or an issue title) that never reaches the "
                       "cluster: it is NOT in the bundle, which shows only the state the thread describes.")


class Batch:
    """A first-contact batch: fixtures/first-contact/<name>/ (cases.jsonl, scenarios/) and its builders."""

    def __init__(self, name: str):
        self.name = name
        self.dir = REPO / "fixtures" / "first-contact" / name
        self.scenarios_dir = self.dir / "scenarios"
        self.builders: dict[str, tuple] = {}
        self.cases: Callable[[], dict[str, dict]] = lru_cache(maxsize=1)(lambda: read_cases(self.dir / "cases.jsonl"))

    def case(self, case_id: str, *entry):
        """Registers the decorated builder `fn(world, text)` as the case's, with its entry's fields."""
        def deco(fn):
            self.builders[case_id] = (fn, *entry)
            return fn
        return deco

    def scenario(self, case_id: str) -> Scenario:
        raise NotImplementedError

    def all_scenarios(self) -> list[Scenario]:
        return [self.scenario(cid) for cid in checked_case_ids(self.cases(), self.builders)]

    def main(self) -> None:
        write_batch(self.all_scenarios(), self.scenarios_dir)


def thread_scenario(case_id: str, builder: tuple, c: dict, batch: str, world: type = World) -> Scenario:
    """first_contact_b.thread_scenario, its world built as `world` (a World subclass: FCWorld also writes the
    cluster version and namespaced custom resources)."""
    s = first_contact_b.thread_scenario(case_id, builder, c, batch)
    if world is World:
        return s
    fn = builder[0]

    def build(fn=fn, text=c["text"]):
        w = world(case_id)
        fn(w, text)
        return w
    return dataclasses.replace(s, build=build)


class ThreadBatch(Batch):
    """A batch written as first_contact_b.thread_scenario writes one (B, D, F, H and most batches since)."""

    def __init__(self, name: str, letter: str, world: type = World):
        super().__init__(name)
        self.letter = letter
        self.world = world

    def scenario(self, case_id: str) -> Scenario:
        return thread_scenario(case_id, self.builders[case_id], self.cases()[case_id], self.letter, self.world)


class ReadmeBatch(Batch):
    """A state-first batch written as first_contact_a.readme_scenario writes one. `placed` lists (case ids,
    sentence) rules, first match wins, `default` otherwise: where the case's text sits in the bundle."""

    def __init__(self, name: str, placed: list[tuple[set[str], str]] = (), default: str = VERBATIM,
                 world_heading: str = "World built here"):
        super().__init__(name)
        self.placed = list(placed)
        self.default = default
        self.world_heading = world_heading

    def placement(self, case_id: str) -> str:
        return next((sentence for ids, sentence in self.placed if case_id in ids), self.default)

    def scenario(self, case_id: str) -> Scenario:
        return first_contact_a.readme_scenario(self.name, case_id, self.builders[case_id], self.cases()[case_id],
                                               self.placement(case_id), world_heading=self.world_heading)


# ---- world helpers shared by several batches -------------------------------------------------

GPU_TOLERATION = first_contact_a.GPU_TOLERATION      # the toleration of the GPU taint, defined once


def sized(node: dict, cpu: str, memory: str) -> None:
    """Set a node's CPU and memory, capacity and allocatable alike."""
    for res in ("capacity", "allocatable"):
        node["status"][res].update({"cpu": cpu, "memory": memory})


def crashloop(p: dict, container: str, *, restarts: int = 7, code: int = 1, reason: str = "Error",
              message: str | None = None) -> dict:
    """A pod whose container is in CrashLoopBackOff (Running phase, not ready)."""
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update(crashing(container, code=code, reason=reason, message=message, restarts=restarts)[container])
            s["started"] = False
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    return p


def backoff(w, ns: str, pod: str, container: str, host: str, count: int = 30) -> None:
    """The kubelet's BackOff event for a crash-looping container."""
    w.event(ns, "Pod", pod, "BackOff", "Back-off restarting failed container", component="kubelet", host=host,
            count=count, field_path=f"spec.containers{{{container}}}")


def ds_status(desired: int, current: int, ready: int) -> dict:
    """A DaemonSet's status block: `desired` pods to schedule, `current` scheduled, `ready` ready."""
    st = {"desiredNumberScheduled": desired, "currentNumberScheduled": current, "numberReady": ready,
          "numberAvailable": ready, "updatedNumberScheduled": current, "numberMisscheduled": 0,
          "observedGeneration": 1}
    if desired > ready:
        st["numberUnavailable"] = desired - ready
    return st
