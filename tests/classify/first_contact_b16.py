"""First-contact batch B16 (fixtures/first-contact/batch-b16/cases.jsonl) as scenario bundles.

Round 16's documentation protocol (no search look-ups): every GPU-and-Kubernetes troubleshooting / FAQ / known-issue
/ limitations / release-notes page or GPU page of kubeflow/mpi-operator and kubeflow/website, listed by one script
rule before any entry was read and read whole in path order (the batch README gives the list, the commits and a
skip log of every entry). The six listed files (the MPI Operator's README; the Kubeflow website's Notebooks
container-images and quickstart pages, the Pipelines v1 standalone-deployment and benchmark pages, the Trainer
overview) hold no entry stating a GPU-on-Kubernetes symptom with its cause and fix, so the batch has no case and
no per-case builder; the module keeps the batch's shape (as first_contact_b4 and first_contact_a15 do) so that a
later, separately sampled addition can register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_b16      # (re)writes fixtures/first-contact/batch-b16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-b16", "B16", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
