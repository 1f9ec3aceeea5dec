"""The owner chain of a pod as the bundle holds it: Pod <- ReplicaSet <- Deployment (or a Job
<- CronJob, a StatefulSet, a DaemonSet), following each object's controller ownerReference
through the workload lists the bundle collected. A link whose object is not in the bundle ends
the chain with that reference (its kind and name are known, its own owner is not); nothing is
guessed from names.

    owner_chain(bundle, "llm", "qwen-vllm-7d9f8c6b5-x2x4k")
    -> [{"kind": "ReplicaSet", "namespace": "llm", "name": "qwen-vllm-7d9f8c6b5"},
        {"kind": "Deployment", "namespace": "llm", "name": "qwen-vllm"}]
"""

from __future__ import annotations

MAX_DEPTH = 4


def owner_chain(bundle, namespace: str, pod_name: str, workloads=None) -> list[dict]:
    """`workloads`: the namespace's workloads when the caller already has them (else each
    link reads only the lists that may hold its kind)."""
    pod = bundle.pod(namespace, pod_name)
    if pod is None:
        return []
    by_key = {(w.kind, w.name): w for w in workloads} if workloads is not None else None
    chain: list[dict] = []
    ref = pod.controller
    while ref is not None and ref.kind and ref.name and len(chain) < MAX_DEPTH:
        chain.append({"kind": ref.kind, "namespace": namespace, "name": ref.name})
        if by_key is not None:
            owner = by_key.get((ref.kind, ref.name))
        else:       # the last of that kind and name, as the index over all of them keeps
            owner = None
            for w in bundle.workloads(namespace, of_kind=ref.kind):
                if w.name == ref.name:
                    owner = w
        ref = owner.controller if owner is not None else None
    return chain
