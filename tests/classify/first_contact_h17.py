"""First-contact batch H17 (fixtures/first-contact/batch-h17/cases.jsonl) as scenario bundles.

The documentation protocol (no search look-ups; whole documents read in a fixed order): the `.md`/`.mdx`/`.rst`
pages of kubernetes-sigs/gateway-api-inference-extension, ai-dynamo/grove, allegroai/clearml-agent and
NVIDIA/kubevirt-gpu-device-plugin that mention GPUs and Kubernetes and are troubleshooting / FAQ / known-issue /
limitations / release-note pages or GPU pages (the rule and the list of 13 files are in the batch README). None of
the 13 listed pages states a GPU-on-Kubernetes failure with a precise symptom, its cause and its fix (they are a
protocol page, design proposals, user guides, an installation page whose troubleshooting entries are not about GPUs,
and two READMEs), so the batch has no case and no per-case builders; the module keeps the batch's shape (as
first_contact_a15, first_contact_b16 and first_contact_d16 do) so that a later, separately sampled addition can
register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_h17      # (re)writes fixtures/first-contact/batch-h17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-h17", "H17", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
