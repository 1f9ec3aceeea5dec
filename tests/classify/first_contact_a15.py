"""First-contact batch A15 (fixtures/first-contact/batch-a15/cases.jsonl) as scenario bundles.

Scheduler and node layers (pending GPU pods under autoscalers, Karpenter, GKE NAP, Kueue, Volcano, KAI, YuniKorn,
Koordinator, quotas, taints, affinity, DRA claims and topology; GPU nodes with zero or reduced allocatable, NotReady
or under pressure, with missing labels, MIG resources or extended resources), sampled with the fixed query list
I01-I30 / P01-P30 (the `issues` and `pages` corpora) in the batch README. The sample yielded no case: every result
was a source of an earlier batch, the holdout or the corpus, a thread or page an earlier batch had already judged,
without a settled cause in the stored copy, not GPU, not Kubernetes, not a failure (docs, features, guides,
course pages, generic error pages), or out of the two layers (the README's skip log gives each result and its
reason). So there are no per-case builders; the module keeps the batch's shape (as first_contact_b4 does) so that
a later, separately sampled addition can register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_a15      # (re)writes fixtures/first-contact/batch-a15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-a15", "A15", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
