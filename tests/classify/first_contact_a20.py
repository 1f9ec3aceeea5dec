"""First-contact batch A20 (fixtures/first-contact/batch-a20/cases.jsonl) as scenario bundles.

The search protocol (round 20; batch B15's protocol): 32 fixed queries (8 per corpus: issues, pages, docs, code) on
the theme scheduler, quota, Kueue/KAI/Volcano admission and GPU autoscalers (Karpenter, cluster-autoscaler), each
sent once, round-robin, every result logged in the batch README. No result of the sample was a settled, unused
GPU-on-Kubernetes failure (most settled threads were sources of earlier batches or had been judged by them), so the
batch has no case and no per-case builders; the module keeps the batch's shape (as first_contact_c19 and
first_contact_h17 do) so that a later, separately sampled addition can register its builders here with
`@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_a20      # (re)writes fixtures/first-contact/batch-a20/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-a20", "A20", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
