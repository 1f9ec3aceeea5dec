"""First-contact batch F19 (fixtures/first-contact/batch-f19/cases.jsonl) as scenario bundles.

The documentation protocol (no search look-ups; whole documents read in a fixed order): the `.md`/`.mdx`/`.rst`/
`.adoc` pages of AliyunContainerService/gpushare-scheduler-extender, tkestack/gpu-manager, elastic-gpu/elastic-gpu
and the alternates tkestack/vcuda-controller and Project-HAMi/volcano-vgpu-device-plugin (Project-HAMi/HAMi and
NVIDIA/KAI-Scheduler skipped: read by the earlier documentation rounds F14 and B14) that mention GPUs and Kubernetes
and are troubleshooting / FAQ / known-issue / limitations / release-note pages or GPU pages (the rule and the list of
10 files are in the batch README). None of the 10 listed pages states a GPU-on-Kubernetes failure with a precise
symptom, its cause and its fix that is not already a case elsewhere (they are READMEs, a design document, an
installation guide, a user guide, an adopters list and a configuration reference; the only failure-like entry, the
volcano-vgpu README's WARNING that NVIDIA images see all the node's GPUs without a GPU request, is the entry of
batch H16's fh1602 and is quoted in batch V's fv010), so the batch has no case and no per-case builders; the module
keeps the batch's shape (as first_contact_h17 does) so that a later, separately sampled addition can register its
builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_f19      # (re)writes fixtures/first-contact/batch-f19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-f19", "F19", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
