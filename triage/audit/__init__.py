"""`gpu-triage audit`: the platform team's view of a bundle. Every item of seed 004's
production-readiness checklist and every release question of seed 000 is answered pass /
fail / not_checked from the evidence, each cited; the waste the evidence shows is measured.
Pure: a loaded bundle in, an AuditReport out (the classifier's Context and release checks are
reused, nothing is collected here).

    with load_bundle(path) as b:
        report = audit_bundle(b)
        report.counts()     # {"pass": 5, "fail": 12, "not_checked": 7}
"""

from __future__ import annotations

from triage.audit import policy_items, release_items, stack_items, workload_items
from triage.audit.facts import AuditFacts
from triage.audit.model import NOT_CHECKED, Answer, AuditReport
from triage.bundle import layout
from triage.classify.model import Citation
from triage.classify.rules.base import clip
from triage.audit.waste import measure_waste

# every item, in the order of the seeds' lists (report_templates/audit.yaml holds the words)
CHECKS = (
    stack_items.k8s_version_supported, stack_items.operator_version_pinned, stack_items.single_driver_owner,
    stack_items.cuda_validator_completed, policy_items.gpu_nodes_tainted, policy_items.gfd_labels_not_node_names,
    stack_items.sharing_strategy_per_pool, policy_items.gpu_quota_per_namespace, policy_items.priority_classes,
    stack_items.dcgm_scraped, stack_items.gpu_alerts, workload_items.images_pinned, workload_items.startup_probes_sized,
    workload_items.model_weights_cached, policy_items.pdb_on_inference, policy_items.autoscaling_queue_depth,
    release_items.gpu_resource_registered, release_items.model_labels_owner, release_items.hard_constraints_satisfiable,
    release_items.taints_tolerated, release_items.replicas_spread, release_items.rollout_headroom,
    release_items.failure_modes_distinguished, release_items.rollback_usable,
)


def audit_bundle(bundle, cluster: str | None = None) -> AuditReport:
    facts = AuditFacts(bundle)
    answers = []
    for check in CHECKS:
        try:
            answer = check(facts)
        except Exception as err:  # noqa: BLE001 - one item's bug must not hide the other answers
            answer = Answer(check.__name__, NOT_CHECKED, (Citation(layout.MANIFEST, None, clip(
                f"the audit check failed on this bundle: {type(err).__name__}: {err}")),))
        if answer.id != check.__name__:
            raise AssertionError(f"audit check {check.__name__} answered for {answer.id}")
        answers.append(answer)
    return AuditReport(tuple(answers), measure_waste(facts), cluster)
