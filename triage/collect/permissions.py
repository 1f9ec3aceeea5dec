"""What the collectors read, as RBAC: one table feeds the gaps' "needs" text, the
access review run before collecting, and `gpu-triage rbac`.

    needs("list", "nodes")                      -> "list nodes at cluster scope"
    needs("get", "pods/log", "gpu-operator")    -> "get pods/log in namespace gpu-operator"
"""

from __future__ import annotations

from msgspec import Struct


class Access(Struct, frozen=True):
    group: str
    resource: str            # may carry a subresource: "pods/log"
    verbs: tuple[str, ...]
    why: str


# Read-only: get/list/watch on what the collectors read.
READ = (
    Access("", "pods", ("get", "list", "watch"), "the target pods, pods holding GPUs on a node, GPU operator pods"),
    Access("", "pods/log", ("get",), "current and previous logs of the target and GPU stack containers"),
    Access("", "events", ("get", "list", "watch"), "scheduler, kubelet and controller events"),
    Access("", "nodes", ("get", "list", "watch"), "GPU capacity, labels, taints and conditions of nodes"),
    Access("", "persistentvolumeclaims", ("get", "list"), "volumes a pending pod waits for"),
    Access("", "resourcequotas", ("get", "list"), "GPU quotas that reject pods"),
    Access("apps", "deployments", ("get", "list", "watch"), "owner chain and rollout state"),
    Access("apps", "replicasets", ("get", "list", "watch"), "owner chain; quota rejections show here"),
    Access("apps", "statefulsets", ("get", "list", "watch"), "owner chain"),
    Access("apps", "daemonsets", ("get", "list", "watch"), "GPU operator / device plugin daemonsets"),
    Access("batch", "jobs", ("get", "list", "watch"), "owner chain of training jobs"),
    Access("batch", "cronjobs", ("get", "list"), "owner chain of scheduled jobs"),
    Access("policy", "poddisruptionbudgets", ("get", "list"), "disruption budgets of the namespace"),
    Access("node.k8s.io", "runtimeclasses", ("get", "list"), "the pod's runtime class (nvidia)"),
    Access("nvidia.com", "clusterpolicies", ("get", "list"), "GPU operator configuration"),
    Access("nvidia.com", "nvidiadrivers", ("get", "list"), "GPU operator driver configuration"),
    Access("resource.k8s.io", "resourceclaims", ("get", "list"), "DRA claims of GPU pods"),
    Access("resource.k8s.io", "resourceslices", ("get", "list"), "DRA devices published by nodes"),
    Access("resource.k8s.io", "deviceclasses", ("get", "list"), "DRA device classes"),
    # gpu-triage audit (triage/collect/audit.py): the readiness checklist's objects
    Access("scheduling.k8s.io", "priorityclasses", ("get", "list"), "audit: PriorityClasses for production vs dev"),
    Access("autoscaling", "horizontalpodautoscalers", ("get", "list"), "audit: the autoscaling signal of inference"),
    Access("keda.sh", "scaledobjects", ("get", "list"), "audit: KEDA autoscaling of inference"),
    Access("monitoring.coreos.com", "servicemonitors", ("get", "list"), "audit: DCGM exporters scraped by Prometheus"),
    Access("monitoring.coreos.com", "prometheusrules", ("get", "list"), "audit: GPU alerts"),
    Access("authorization.k8s.io", "selfsubjectaccessreviews", ("create",),
           "the access review before collecting (reads nothing)"),
)

# Separate, namespaced: the API server's proxy to the DCGM exporter pods. `pods/proxy` reaches
# any port of a pod (an HTTP request on the pod's behalf, not a read), so it is granted by a Role
# in the namespaces that run the exporters only, never cluster-wide.
DCGM = (
    Access("", "pods/proxy", ("get",), "DCGM exporter metrics of a node (pod proxy to :9400/metrics)"),
)
DCGM_NAMESPACES = ("gpu-operator",)      # where the GPU operator runs its dcgm-exporter DaemonSet

# Separate, optional: running nvidia-smi and reading kernel Xid lines inside containers.
EXEC = (
    Access("", "pods", ("get",), "find the container to run in"),
    Access("", "pods/exec", ("create", "get"), "nvidia-smi in the target container and the node's driver pod"),
)

CLUSTER_SCOPED = {"nodes", "clusterpolicies", "nvidiadrivers", "runtimeclasses", "resourceslices", "deviceclasses",
                  "selfsubjectaccessreviews", "priorityclasses"}


def needs(verb: str, resource: str, namespace: str | None = None, group: str = "") -> str:
    """The permission, in words, that would have closed a gap."""
    res = f"{resource}.{group}" if group else resource
    if namespace:
        return f"{verb} {res} in namespace {namespace}"
    if resource.split("/")[0] in CLUSTER_SCOPED:
        return f"{verb} {res} at cluster scope"
    return f"{verb} {res} in all namespaces"
