"""The Pod view: placement, phase, conditions, containers, GPU requests, scheduling constraints.

Reads a core/v1 Pod.
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    "spec": {"nodeName": "primary-node", ...}, "status": {"phase": "Running", ...}
"""

from __future__ import annotations

from functools import cached_property
from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.containers import (
    Container, ContainerStatus, ContainerState, raw_gpu_resources, read_container)
from triage.bundle.objects.fields import as_mapping, as_tuple, dig, str_map
from triage.bundle.objects.meta import Condition, K8sObject, conditions_from
from triage.bundle.objects.taints import Taint, Toleration


class Pod(K8sObject):
    __slots__ = ()
    kind = "Pod"

    @property
    def node_name(self) -> str:
        return str(dig(self.raw, "spec", "nodeName", default=""))

    @property
    def phase(self) -> str:
        return str(dig(self.raw, "status", "phase", default=""))

    @property
    def reason(self) -> str:
        return str(dig(self.raw, "status", "reason", default=""))

    @property
    def message(self) -> str:
        return str(dig(self.raw, "status", "message", default=""))

    @property
    def scheduler_name(self) -> str:
        return str(dig(self.raw, "spec", "schedulerName", default="default-scheduler"))

    @property
    def pod_group(self) -> str | None:
        """The pod group kube-scheduler places this pod with, all-or-nothing (`raw_pod_group`)."""
        return raw_pod_group(self.raw)

    @property
    def runtime_class_name(self) -> str:
        return str(dig(self.raw, "spec", "runtimeClassName", default=""))

    @property
    def deletion_timestamp(self) -> str:
        return str(dig(self.raw, "metadata", "deletionTimestamp", default=""))

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return conditions_from(dig(self.raw, "status", "conditions", default=()))

    def condition(self, type_: str) -> Condition | None:
        """The first condition of `type_`, as `conditions` holds it; read from the raw list when
        `conditions` was not built (a scan asks each running pod for its Ready condition only)."""
        if "conditions" in self.__dict__:
            return next((c for c in self.conditions if c.type == type_), None)
        for c in as_tuple(dig(self.raw, "status", "conditions", default=())):
            if isinstance(c, Mapping) and str(c.get("type", "")) == type_:
                return conditions_from((c,))[0]
        return None

    @cached_property
    def containers(self) -> tuple[Container, ...]:
        spec = as_mapping(self.raw.get("spec"))
        return tuple(read_container(c, True) for c in as_tuple(spec.get("initContainers")) if isinstance(c, Mapping)) + \
            tuple(read_container(c, False) for c in as_tuple(spec.get("containers")) if isinstance(c, Mapping))

    def container(self, name: str) -> Container | None:
        return next((c for c in self.containers if c.name == name), None)

    @cached_property
    def container_statuses(self) -> tuple[ContainerStatus, ...]:
        status = as_mapping(self.raw.get("status"))
        out = []
        for key, init in (("initContainerStatuses", True), ("containerStatuses", False)):
            for s in as_tuple(status.get(key)):
                if not isinstance(s, Mapping):
                    continue
                out.append(ContainerStatus(
                    name=str(s.get("name", "")), ready=bool(s.get("ready")),
                    restart_count=s.get("restartCount") if isinstance(s.get("restartCount"), int) else 0,
                    image=str(s.get("image", "")), state=ContainerState.from_raw(s.get("state")),
                    last_state=ContainerState.from_raw(s.get("lastState")), init=init))
        return tuple(out)

    def container_status(self, name: str) -> ContainerStatus | None:
        return next((s for s in self.container_statuses if s.name == name), None)

    @cached_property
    def gpu_requests(self) -> Mapping[str, int]:
        """GPU resource -> count the pod holds (max of init containers vs sum of app containers).
        Read from the raw containers' resources (what `containers` would answer, in its order):
        a scan asks it of every GPU pod, most of which never need their containers' views."""
        total: dict[str, int] = {}
        init_max: dict[str, int] = {}
        spec = as_mapping(self.raw.get("spec"))
        for key, init in (("initContainers", True), ("containers", False)):
            for c in as_tuple(spec.get(key)):
                if not isinstance(c, Mapping):
                    continue
                for res, n in raw_gpu_resources(c).items():
                    if init:
                        init_max[res] = max(init_max.get(res, 0), n)
                    else:
                        total[res] = total.get(res, 0) + n
        for res, n in init_max.items():
            total[res] = max(total.get(res, 0), n)
        return total

    @property
    def requests_gpu(self) -> bool:
        return bool(self.gpu_requests) or bool(self.resource_claims)

    @cached_property
    def resource_claims(self) -> tuple[str, ...]:
        claims = as_tuple(dig(self.raw, "spec", "resourceClaims"))
        return tuple(str(c.get("name", "")) for c in claims if isinstance(c, Mapping))

    @cached_property
    def node_selector(self) -> Mapping[str, str]:
        return str_map(dig(self.raw, "spec", "nodeSelector"))

    @cached_property
    def required_node_affinity(self) -> tuple[tuple[tuple[str, str, tuple[str, ...]], ...], ...]:
        """ORed terms, each an ANDed tuple of (key, operator, values)."""
        terms = as_tuple(dig(self.raw, "spec", "affinity", "nodeAffinity",
                          "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"))
        out = []
        for term in terms:
            if not isinstance(term, Mapping):
                continue
            exprs = tuple((str(e.get("key", "")), str(e.get("operator", "")),
                           tuple(str(v) for v in as_tuple(e.get("values"))))
                          for e in as_tuple(term.get("matchExpressions")) if isinstance(e, Mapping))
            out.append(exprs)
        return tuple(out)

    @cached_property
    def tolerations(self) -> tuple[Toleration, ...]:
        tols = as_tuple(dig(self.raw, "spec", "tolerations"))
        return tuple(Toleration(str(t.get("key") or ""), str(t.get("operator") or "Equal"),
                                str(t.get("value") or ""), str(t.get("effect") or ""))
                     for t in tols if isinstance(t, Mapping))

    def tolerates(self, taint: Taint) -> bool:
        return any(t.tolerates(taint) for t in self.tolerations)

    @cached_property
    def volumes(self) -> tuple[Mapping, ...]:
        return tuple(v for v in as_tuple(dig(self.raw, "spec", "volumes")) if isinstance(v, Mapping))

    @property
    def pvc_names(self) -> tuple[str, ...]:
        return tuple(str(v["persistentVolumeClaim"].get("claimName", "")) for v in self.volumes
                     if isinstance(v.get("persistentVolumeClaim"), Mapping))

    @property
    def is_terminal(self) -> bool:
        return self.phase in ("Succeeded", "Failed")


def raw_pod_group(raw: object) -> str | None:
    """The pod group a raw pod belongs to for kube-scheduler's own gang scheduling:
    spec.schedulingGroup.podGroupName (GenericWorkload, 2026 main), or 1.35's spec.workloadRef
    as `<workload>/<podGroup>`; None for any other pod. Never raises.

        >>> raw_pod_group({"spec": {"schedulingGroup": {"podGroupName": "trainer"}}})
        'trainer'
        >>> raw_pod_group({"spec": {"workloadRef": {"name": "llama-ft", "podGroup": "workers"}}})
        'llama-ft/workers'
    """
    spec = raw.get("spec") if isinstance(raw, dict) else None
    if not isinstance(spec, dict):
        return None
    group = spec.get("schedulingGroup")
    if isinstance(group, dict) and isinstance(group.get("podGroupName"), str) and group["podGroupName"]:
        return group["podGroupName"][:253]
    ref = spec.get("workloadRef")
    if isinstance(ref, dict) and isinstance(ref.get("name"), str) and ref["name"]:
        part = ref.get("podGroup")
        return f"{ref['name'][:253]}/{part[:253]}" if isinstance(part, str) and part else ref["name"][:253]
    return None
