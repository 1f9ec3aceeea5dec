"""First-contact batch F21 (fixtures/first-contact/batch-f21/cases.jsonl) as scenario bundles.

The search protocol (round 21; theme: Ray, Spark RAPIDS, Dask and Jupyter GPU workloads on Kubernetes): 24 fixed
queries, 6 per corpus (issues, pages, docs, code), each sent once round-robin and every result logged in the batch
README, plus 6 follow-up look-ups. No result was a settled GPU-on-Kubernetes failure (or a documented harmless state)
not already used or judged by an earlier batch: the settled threads and pages the queries returned were earlier
batches' sources or verdicts, and the rest were how-tos, reference pages, threads without a confirmed cause or not on
Kubernetes (the sampling log says which). So the batch has no case and no per-case builders; the module keeps the
batch's shape (as first_contact_a15, first_contact_b16, first_contact_d16 and first_contact_h17 do) so that a later,
separately sampled addition can register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_f21      # (re)writes fixtures/first-contact/batch-f21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-f21", "F21", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
