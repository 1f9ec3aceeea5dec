"""Rules, one module per layer (the scheduler's in two: placement, and what controllers and
autoscalers say about pods not placed; the runtime's in three: start and device errors, the driver
capabilities a container runs with, and what a privileged container sees). `all_rules()` imports them all and returns the
registry in a stable order (the output never depends on it: findings are sorted)."""

from __future__ import annotations

import importlib

LAYER_MODULES = ("scheduler", "scheduler_controllers", "scheduler_daemonsets", "node", "plugin", "runtime", "runtime_capabilities", "runtime_privileged", "driver", "driver_fabric",
                 "application", "application_image", "application_shm")
# modules of one cross-source check each (their rules name their layer)
CHECK_MODULES = ("driver_versions",)


def all_rules():
    from triage.classify.rules.base import RULES
    for name in LAYER_MODULES + CHECK_MODULES:
        importlib.import_module(f"triage.classify.rules.{name}")
    return tuple(sorted(RULES, key=lambda r: r.name))
