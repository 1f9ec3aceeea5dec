"""First-contact batch G19 (fixtures/first-contact/batch-g19/cases.jsonl) as scenario bundles.

The documentation protocol (no search look-ups; whole documents read in a fixed order): the `.md`/`.mdx`/`.rst`/
`.adoc` pages of kinvolk/lokomotive, kubean-io/kubean, kubernetes-sigs/cluster-api-provider-gcp and
kubernetes-sigs/cluster-api-provider-openstack that mention GPUs and Kubernetes and are troubleshooting / FAQ /
known-issue / limitations / release-note pages or GPU pages (the rule and the list, one file, are in the batch
README). The one listed page (cluster-api-provider-gcp's `docs/book/src/topics/gpus.md`) is a how-to with a note on
a GCE limitation and states no GPU-on-Kubernetes failure with a symptom, cause and fix, so the batch has no case
and no per-case builders; the module keeps the batch's shape (as first_contact_h17 does) so that a later,
separately sampled addition can register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_g19      # (re)writes fixtures/first-contact/batch-g19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-g19", "G19", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
