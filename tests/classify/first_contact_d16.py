"""First-contact batch D16 (fixtures/first-contact/batch-d16/cases.jsonl) as scenario bundles.

The documentation protocol (no search look-ups; whole documents read in a fixed order): the `.md`/`.mdx`/`.rst`
pages of opendatahub-io/opendatahub-documentation, NVIDIA/dcgm-exporter and NVIDIA/NVSentinel that mention GPUs and
Kubernetes and are troubleshooting / FAQ / known-issue / release-note pages or GPU pages (the rule and the list are
in the batch README). The list held one file, NVIDIA/dcgm-exporter's README.md (opendatahub-documentation is
written in AsciiDoc, which the rule does not list; NVSentinel could not be fetched), and that page states no
GPU-on-Kubernetes failure with its cause and fix. So the batch has no case and no per-case builders; the module
keeps the batch's shape (as first_contact_a15 and first_contact_b4 do) so that a later, separately sampled
addition can register its builders here with `@case(...)`.

    .venv/bin/python -m tests.classify.first_contact_d16      # (re)writes fixtures/first-contact/batch-d16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-d16", "D16", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): none, the batch has no case
TEXT_NOT_IN_BUNDLE: set[str] = set()

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
