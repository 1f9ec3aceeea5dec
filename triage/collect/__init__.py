"""Live collection: cluster -> bundle (shared/contracts/bundle-v1.md). Read-only, bounded, redacted.

Public API (the commands `collect`, `pod`, `workload`, `node`, `scan` use nothing else):

    from triage.collect.run import Target, collect, parse_workload
    from triage.collect.session import Options
    result = collect(Target("Pod", "llm", "qwen-vllm-7d9f-abcde"), Options(), "out/bundle")
    result.path          # the bundle directory
    result.manifest      # manifest.json as written: collectors, gaps, redaction, access_review, collection
    result.summary()     # a few lines for a terminal

Targets: Target("Pod"|"Deployment"|"StatefulSet"|"Job"|"DaemonSet"|"ReplicaSet", ns, name),
Target("Node", None, name), Target("Scan", ns_or_None, None).

Modules, one source each: kube (the only importer of `kubernetes`), session (state, gaps,
writing), access (SelfSubjectAccessReview), pods, events, owners, namespace_objects, nodes,
gpu_stack, logs, in_container (exec), dcgm, custom (CRDs, DRA), scan, permissions (the RBAC
table behind gaps, the access review and `gpu-triage rbac`), progress, run (orchestration).
"""
