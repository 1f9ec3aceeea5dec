"""First-contact batch B4 (fixtures/first-contact/batch-b4/cases.jsonl) as scenario bundles.

Node layer (GPU node NotReady, GPUs missing from capacity/allocatable, unhealthy devices, kubelet admission,
node pressure, GPUs lost after reboot/upgrade/maintenance, node images without GPU support), sampled with the
fixed query list C01-C30 in the batch README. The sample yielded no case: every result was an overlap with an
earlier batch, the holdout or the corpus, was judged without a settled cause, was not a GPU workload on
Kubernetes, or was not a failure (the README's sampling log gives each result and its reason). So there are
no per-case builders; the module keeps the batch's shape so that a later, separately sampled addition can
register its builders here with `@case(...)` as first_contact_b3 does.

    .venv/bin/python -m tests.classify.first_contact_b4      # (re)writes fixtures/first-contact/batch-b4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-b4", "B4", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
