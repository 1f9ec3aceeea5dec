"""Several clusters at once (`scan` / `audit` with `--context a --context b` or
`--all-contexts`): each context is collected and analysed on its own, concurrently, with the
same code as one cluster; the answers become one report with a section per cluster
(triage/render/fleet.py), the cluster's name on every line of text.

    results = run_fleet(["prod-eu", "prod-us"], lambda ctx: (doc, status))
    fleet_status(results)       # the worst: 1 if a cluster could not be read, else 3 > 5 > 4 > 0
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from msgspec import Struct
from typing import Callable

from triage.errors import TriageError, UsageError

MAX_CONCURRENT = 4
_RANK = {1: 0, 3: 1, 5: 2, 4: 3, 0: 4}       # which exit status wins over which


class ClusterResult(Struct, frozen=True):
    context: str | None
    doc: dict | None
    status: int
    error: str | None = None

    @property
    def name(self) -> str:
        return self.context or "current-context"


def contexts_of(args) -> list[str | None]:
    """The contexts asked for: --all-contexts, the repeated --context, else the current one."""
    given = args.context if isinstance(args.context, list) else ([args.context] if args.context else [])
    if getattr(args, "all_contexts", False):
        if given:
            raise UsageError("use either --context or --all-contexts, not both")
        from triage.collect.contexts import kube_contexts
        return list(kube_contexts(args.kubeconfig))
    return list(dict.fromkeys(given)) or [None]


def run_fleet(contexts: list[str | None], work: Callable[[str | None], tuple[dict, int]]) -> list[ClusterResult]:
    """`work(context)` for every context, concurrently; a cluster that cannot be read is an
    error line of its own, never the end of the others."""
    def one(ctx):
        try:
            doc, status = work(ctx)
            return ClusterResult(ctx, doc, status)
        except TriageError as err:
            return ClusterResult(ctx, None, 1, str(err))
        except Exception as err:  # noqa: BLE001 - one cluster's bug must not hide the others
            return ClusterResult(ctx, None, 1, f"unexpected {type(err).__name__}: {' '.join(str(err).split())[:300]}")
    with ThreadPoolExecutor(max_workers=min(MAX_CONCURRENT, len(contexts)), thread_name_prefix="cluster") as pool:
        return list(pool.map(one, contexts))


def fleet_status(results: list[ClusterResult]) -> int:
    return min((r.status for r in results), key=lambda s: _RANK.get(s, 0), default=0)
