"""First-contact batch C19 (fixtures/first-contact/batch-c19/cases.jsonl) as scenario bundles.

The documentation protocol (round 19; no search look-ups; whole documents read in a fixed order): the
`.md`/`.mdx`/`.rst`/`.adoc` pages of opencost/opencost, kubecost/docs, opencost/opencost-helm-chart and NVIDIA/DCGM
(alternates prometheus-community/helm-charts and grafana/helm-charts, taken because kubecost/docs' snapshot holds no
documentation) that mention GPUs and Kubernetes and are troubleshooting / FAQ / known-issue / limitations /
release-note pages or GPU pages (the rule and the list of 2 files are in the batch README). Neither listed page
(opencost's and DCGM's top-level READMEs) states a GPU-on-Kubernetes failure with a precise symptom, its cause and
its fix, so the batch has no case and no per-case builders; the module keeps the batch's shape (as
first_contact_h17 and first_contact_d16 do) so that a later, separately sampled addition can register its builders
here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_c19      # (re)writes fixtures/first-contact/batch-c19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-c19", "C19", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
