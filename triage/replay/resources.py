"""The resource kinds a replay server knows, and the discovery documents for them.

Built-in kinds map to the bundle's list folders (triage.bundle.layout); custom
resources are found in `cluster-resources/custom-resources/` and take their
version and kind from their objects. Field selectors accept, per kind, the
labels the apiserver accepts (pkg/registry/*/strategy.go ToSelectableFields):

    >>> sorted(FIELD_GETTERS["events"])[:3]
    ['involvedObject.apiVersion', 'involvedObject.fieldPath', 'involvedObject.kind']
"""

from __future__ import annotations

from msgspec import Struct, field
from typing import Callable, Mapping

Getter = Callable[[Mapping], str]


class ResourceType(Struct, frozen=True):
    plural: str                     # pods
    kind: str                       # Pod
    group: str                      # "" for core
    version: str                    # v1
    namespaced: bool
    singular: str = ""
    short_names: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    bundle_kind: str | None = None  # layout.NAMESPACED_KINDS key, None for derived / custom
    subresources: tuple[tuple[str, str, tuple[str, ...]], ...] = ()   # (name, kind, verbs)
    custom_name: str | None = field(default=None)                     # plural.group for custom resources

    @property
    def group_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    @property
    def qualified(self) -> str:
        """`pods`, `deployments.apps`, `clusterpolicies.nvidia.com` (the store's key)."""
        return f"{self.plural}.{self.group}" if self.group else self.plural

    @property
    def list_kind(self) -> str:
        return self.kind + "List"


def _s(*keys: str) -> Getter:
    def get(obj: Mapping) -> str:
        d = obj
        for k in keys:
            if not isinstance(d, Mapping):
                return ""
            d = d.get(k)
        if d is None:
            return ""
        if isinstance(d, bool):
            return "true" if d else "false"
        return str(d)
    return get


def _event_source(obj: Mapping) -> str:
    return _s("source", "component")(obj) or _s("reportingComponent")(obj)


_META = {"metadata.name": _s("metadata", "name"), "metadata.namespace": _s("metadata", "namespace")}

FIELD_GETTERS: dict[str, dict[str, Getter]] = {
    "pods": {**_META,
             "spec.nodeName": _s("spec", "nodeName"),
             "spec.restartPolicy": _s("spec", "restartPolicy"),
             "spec.schedulerName": _s("spec", "schedulerName"),
             "spec.serviceAccountName": _s("spec", "serviceAccountName"),
             "spec.hostNetwork": lambda o: _s("spec", "hostNetwork")(o) or "false",
             "status.phase": _s("status", "phase"),
             "status.podIP": _s("status", "podIP"),
             "status.nominatedNodeName": _s("status", "nominatedNodeName")},
    "events": {**_META,
               "involvedObject.kind": _s("involvedObject", "kind"),
               "involvedObject.namespace": _s("involvedObject", "namespace"),
               "involvedObject.name": _s("involvedObject", "name"),
               "involvedObject.uid": _s("involvedObject", "uid"),
               "involvedObject.apiVersion": _s("involvedObject", "apiVersion"),
               "involvedObject.resourceVersion": _s("involvedObject", "resourceVersion"),
               "involvedObject.fieldPath": _s("involvedObject", "fieldPath"),
               "reason": _s("reason"),
               "reportingComponent": _s("reportingComponent"),
               "source": _event_source,
               "type": _s("type")},
    "nodes": {"metadata.name": _s("metadata", "name"),
              "spec.unschedulable": lambda o: _s("spec", "unschedulable")(o) or "false"},
    "namespaces": {"metadata.name": _s("metadata", "name"), "status.phase": _s("status", "phase")},
    "replicasets": {**_META, "status.replicas": _s("status", "replicas")},
    "jobs": {**_META, "status.successful": _s("status", "succeeded")},
}


def field_getters(plural: str) -> dict[str, Getter]:
    return FIELD_GETTERS.get(plural, _META)


_POD_SUBRESOURCES = (("log", "Pod", ("get",)), ("exec", "PodExecOptions", ("create", "get")))

BUILTIN: tuple[ResourceType, ...] = (
    ResourceType("pods", "Pod", "", "v1", True, "pod", ("po",), ("all",), "pods", _POD_SUBRESOURCES),
    ResourceType("events", "Event", "", "v1", True, "event", ("ev",), (), "events"),
    ResourceType("nodes", "Node", "", "v1", False, "node", ("no",), (), None),
    ResourceType("namespaces", "Namespace", "", "v1", False, "namespace", ("ns",), (), None),
    ResourceType("persistentvolumeclaims", "PersistentVolumeClaim", "", "v1", True,
                 "persistentvolumeclaim", ("pvc",), (), "pvcs"),
    ResourceType("resourcequotas", "ResourceQuota", "", "v1", True, "resourcequota", ("quota",), (),
                 "resource-quota"),
    ResourceType("deployments", "Deployment", "apps", "v1", True, "deployment", ("deploy",), ("all",),
                 "deployments"),
    ResourceType("replicasets", "ReplicaSet", "apps", "v1", True, "replicaset", ("rs",), ("all",),
                 "replicasets"),
    ResourceType("statefulsets", "StatefulSet", "apps", "v1", True, "statefulset", ("sts",), ("all",),
                 "statefulsets"),
    ResourceType("daemonsets", "DaemonSet", "apps", "v1", True, "daemonset", ("ds",), ("all",),
                 "daemonsets"),
    ResourceType("jobs", "Job", "batch", "v1", True, "job", (), ("all",), "jobs"),
    ResourceType("poddisruptionbudgets", "PodDisruptionBudget", "policy", "v1", True,
                 "poddisruptionbudget", ("pdb",), (), "pod-disruption-budgets"),
) + (
    # Kinds a bundle never holds, served empty so that discovery knows them: `kubectl apply
    # --dry-run=client -f deploy/watcher/` (tests/test_deploy.py) maps every manifest's kind.
    ResourceType("serviceaccounts", "ServiceAccount", "", "v1", True, "serviceaccount", ("sa",)),
    ResourceType("secrets", "Secret", "", "v1", True, "secret"),
    ResourceType("cronjobs", "CronJob", "batch", "v1", True, "cronjob", ("cj",), ("all",)),
    ResourceType("clusterroles", "ClusterRole", "rbac.authorization.k8s.io", "v1", False, "clusterrole"),
    ResourceType("clusterrolebindings", "ClusterRoleBinding", "rbac.authorization.k8s.io", "v1", False,
                 "clusterrolebinding"),
    ResourceType("roles", "Role", "rbac.authorization.k8s.io", "v1", True, "role"),
    ResourceType("rolebindings", "RoleBinding", "rbac.authorization.k8s.io", "v1", True, "rolebinding"),
)

# Served for the collector's permission preview; POST only.
SSAR_GROUP = "authorization.k8s.io"
SSAR_RESOURCE = ResourceType("selfsubjectaccessreviews", "SelfSubjectAccessReview", SSAR_GROUP, "v1", False,
                             "selfsubjectaccessreview")

VERBS_READ = ("get", "list", "watch")


def api_resource(rt: ResourceType) -> list[dict]:
    """APIResource entries (the resource and its subresources) for an APIResourceList."""
    verbs = ["create"] if rt is SSAR_RESOURCE else list(VERBS_READ)
    out = [{"name": rt.plural, "singularName": rt.singular or rt.kind.lower(), "namespaced": rt.namespaced,
            "kind": rt.kind, "verbs": verbs}]
    if rt.short_names:
        out[0]["shortNames"] = list(rt.short_names)
    if rt.categories:
        out[0]["categories"] = list(rt.categories)
    for sub, kind, sub_verbs in rt.subresources:
        out.append({"name": f"{rt.plural}/{sub}", "singularName": "", "namespaced": rt.namespaced,
                    "kind": kind, "verbs": list(sub_verbs)})
    return out


def api_resource_list(group_version: str, types: list[ResourceType]) -> dict:
    resources: list[dict] = []
    for rt in types:
        resources.extend(api_resource(rt))
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": group_version,
            "resources": resources}


def api_group(name: str, versions: list[str]) -> dict:
    vs = [{"groupVersion": f"{name}/{v}", "version": v} for v in versions]
    return {"kind": "APIGroup", "apiVersion": "v1", "name": name, "versions": vs, "preferredVersion": vs[0]}


def api_group_list(groups: Mapping[str, list[str]]) -> dict:
    items = []
    for name, versions in groups.items():
        g = api_group(name, versions)
        del g["kind"], g["apiVersion"]
        items.append(g)
    return {"kind": "APIGroupList", "apiVersion": "v1", "groups": items}


def api_versions(host: str) -> dict:
    return {"kind": "APIVersions", "versions": ["v1"],
            "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": host}]}
