"""Typed, read-only views of Kubernetes objects as a bundle holds them.

Each view wraps the raw API dict (no copy, no model classes: a 100,000-pod
bundle must load fast) and exposes what the analysis reads as properties, so
code above never indexes raw dicts by string paths. Every view knows where it
came from (`source`: bundle path of its list file) for citations.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from collections.abc import Iterator, Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.quantity import parse_quantity

# Resource names that mean "a GPU" (or a slice of one) to the scheduler.
GPU_RESOURCE_RE = re.compile(
    r"^(nvidia\.com/(gpu(\.shared)?|mig-[0-9a-z.]+(\.shared)?)|alpha\.kubernetes\.io/nvidia-gpu|amd\.com/gpu)$")


def is_gpu_resource(name: str) -> bool:
    return bool(GPU_RESOURCE_RE.match(name))


def _get(d, *keys, default=None):
    for key in keys:
        if not isinstance(d, Mapping):
            return default
        d = d.get(key)
        if d is None:
            return default
    return d


def _seq(value) -> tuple:
    """A JSON array as a tuple; anything else (a malformed bundle) as empty."""
    return tuple(value) if isinstance(value, (list, tuple)) else ()


def _map(value) -> Mapping:
    return value if isinstance(value, Mapping) else {}


def _str_map(value) -> Mapping[str, str]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): "" if v is None else str(v) for k, v in value.items()}


@dataclass(frozen=True)
class OwnerRef:
    kind: str
    name: str
    controller: bool


@dataclass(frozen=True)
class Condition:
    type: str
    status: str
    reason: str
    message: str
    last_transition: str


@dataclass(frozen=True)
class Taint:
    key: str
    value: str
    effect: str

    def __str__(self) -> str:
        return f"{self.key}={self.value}:{self.effect}" if self.value else f"{self.key}:{self.effect}"


@dataclass(frozen=True)
class Toleration:
    key: str
    operator: str      # Equal | Exists
    value: str
    effect: str        # "" = every effect

    def tolerates(self, taint: Taint) -> bool:
        if self.effect and self.effect != taint.effect:
            return False
        if not self.key:
            return self.operator == "Exists"
        if self.key != taint.key:
            return False
        return self.operator == "Exists" or self.value == taint.value


@dataclass(frozen=True)
class ContainerState:
    """One of waiting / running / terminated (kind), with what the runtime said."""

    kind: str                 # waiting | running | terminated | unknown
    reason: str = ""
    message: str = ""
    exit_code: int | None = None
    signal: int | None = None
    started_at: str = ""
    finished_at: str = ""

    @staticmethod
    def from_raw(raw) -> "ContainerState | None":
        if not isinstance(raw, Mapping) or not raw:
            return None
        for kind in ("waiting", "running", "terminated"):
            body = raw.get(kind)
            if isinstance(body, Mapping):
                return ContainerState(
                    kind=kind, reason=str(body.get("reason") or ""), message=str(body.get("message") or ""),
                    exit_code=body.get("exitCode") if isinstance(body.get("exitCode"), int) else None,
                    signal=body.get("signal") if isinstance(body.get("signal"), int) else None,
                    started_at=str(body.get("startedAt") or ""), finished_at=str(body.get("finishedAt") or ""))
        return None


@dataclass(frozen=True)
class ContainerStatus:
    name: str
    ready: bool
    restart_count: int
    image: str
    state: ContainerState | None
    last_state: ContainerState | None
    init: bool


@dataclass(frozen=True)
class Probe:
    kind: str                 # liveness | readiness | startup
    handler: str              # httpGet | tcpSocket | exec | grpc
    path: str
    port: str
    initial_delay: int
    period: int
    timeout: int
    failure_threshold: int

    @property
    def budget_seconds(self) -> int:
        """How long the container may stay unhealthy before this probe gives up."""
        return self.initial_delay + self.period * self.failure_threshold


@dataclass(frozen=True)
class EnvVar:
    name: str
    value: str | None         # None when it comes from a reference (secret, configmap, field)
    source: str               # "value" | "secretKeyRef" | "configMapKeyRef" | "fieldRef" | ...


@dataclass(frozen=True)
class Container:
    name: str
    image: str
    init: bool
    requests: Mapping[str, str]
    limits: Mapping[str, str]
    env: tuple[EnvVar, ...]
    probes: tuple[Probe, ...]
    volume_mounts: tuple[tuple[str, str], ...]     # (volume name, mount path)
    command: tuple[str, ...]
    args: tuple[str, ...]

    def gpu_resources(self) -> dict[str, int]:
        """GPU resource -> count, from limits (extended resources must have limit == request)."""
        out: dict[str, int] = {}
        for source in (self.requests, self.limits):
            for name, qty in source.items():
                if is_gpu_resource(name):
                    out[name] = max(out.get(name, 0), int(parse_quantity(qty) or 0))
        return {k: v for k, v in out.items() if v > 0}


def _probe(kind: str, raw) -> Probe | None:
    if not isinstance(raw, Mapping):
        return None
    handler, path, port = "", "", ""
    for h in ("httpGet", "tcpSocket", "exec", "grpc"):
        if isinstance(raw.get(h), Mapping):
            handler = h
            path = str(raw[h].get("path") or "")
            port = str(raw[h].get("port") or "")
            break

    def num(key, default):
        v = raw.get(key)
        return v if isinstance(v, int) else default
    return Probe(kind, handler, path, port, num("initialDelaySeconds", 0), num("periodSeconds", 10),
                 num("timeoutSeconds", 1), num("failureThreshold", 3))


def _container(raw, init: bool) -> Container:
    res = _map(raw.get("resources"))
    env = []
    for item in _seq(raw.get("env")):
        if not isinstance(item, Mapping):
            continue
        if "value" in item:
            env.append(EnvVar(str(item.get("name", "")), str(item.get("value") or ""), "value"))
        else:
            vf = _map(item.get("valueFrom"))
            env.append(EnvVar(str(item.get("name", "")), None, next(iter(vf), "valueFrom")))
    probes = tuple(p for p in (
        _probe("liveness", raw.get("livenessProbe")),
        _probe("readiness", raw.get("readinessProbe")),
        _probe("startup", raw.get("startupProbe"))) if p)
    mounts = tuple((str(m.get("name", "")), str(m.get("mountPath", "")))
                   for m in _seq(raw.get("volumeMounts")) if isinstance(m, Mapping))
    return Container(
        name=str(raw.get("name", "")), image=str(raw.get("image", "")), init=init,
        requests=_str_map(res.get("requests")), limits=_str_map(res.get("limits")),
        env=tuple(env), probes=probes, volume_mounts=mounts,
        command=tuple(str(c) for c in _seq(raw.get("command"))),
        args=tuple(str(a) for a in _seq(raw.get("args"))))


class K8sObject:
    """Base view: metadata shared by every kind."""

    __slots__ = ("raw", "source", "__dict__")

    kind = "Object"

    def __init__(self, raw: Mapping, source: str):
        self.raw = raw
        self.source = source

    @property
    def name(self) -> str:
        return str(_get(self.raw, "metadata", "name", default=""))

    @property
    def namespace(self) -> str | None:
        ns = _get(self.raw, "metadata", "namespace")
        return str(ns) if ns is not None else None

    @property
    def uid(self) -> str:
        return str(_get(self.raw, "metadata", "uid", default=""))

    @cached_property
    def labels(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "metadata", "labels"))

    @cached_property
    def annotations(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "metadata", "annotations"))

    @property
    def creation_timestamp(self) -> str:
        return str(_get(self.raw, "metadata", "creationTimestamp", default=""))

    @cached_property
    def owner_references(self) -> tuple[OwnerRef, ...]:
        refs = _seq(_get(self.raw, "metadata", "ownerReferences"))
        return tuple(OwnerRef(str(r.get("kind", "")), str(r.get("name", "")), bool(r.get("controller")))
                     for r in refs if isinstance(r, Mapping))

    @property
    def controller(self) -> OwnerRef | None:
        return next((r for r in self.owner_references if r.controller), None)

    def __repr__(self) -> str:
        return f"<{self.kind} {self.namespace + '/' if self.namespace else ''}{self.name}>"


class Pod(K8sObject):
    __slots__ = ()
    kind = "Pod"

    @property
    def node_name(self) -> str:
        return str(_get(self.raw, "spec", "nodeName", default=""))

    @property
    def phase(self) -> str:
        return str(_get(self.raw, "status", "phase", default=""))

    @property
    def reason(self) -> str:
        return str(_get(self.raw, "status", "reason", default=""))

    @property
    def message(self) -> str:
        return str(_get(self.raw, "status", "message", default=""))

    @property
    def scheduler_name(self) -> str:
        return str(_get(self.raw, "spec", "schedulerName", default="default-scheduler"))

    @property
    def runtime_class_name(self) -> str:
        return str(_get(self.raw, "spec", "runtimeClassName", default=""))

    @property
    def deletion_timestamp(self) -> str:
        return str(_get(self.raw, "metadata", "deletionTimestamp", default=""))

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return _conditions(_get(self.raw, "status", "conditions", default=()))

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)

    @cached_property
    def containers(self) -> tuple[Container, ...]:
        spec = _map(self.raw.get("spec"))
        return tuple(_container(c, True) for c in _seq(spec.get("initContainers")) if isinstance(c, Mapping)) + \
            tuple(_container(c, False) for c in _seq(spec.get("containers")) if isinstance(c, Mapping))

    def container(self, name: str) -> Container | None:
        return next((c for c in self.containers if c.name == name), None)

    @cached_property
    def container_statuses(self) -> tuple[ContainerStatus, ...]:
        status = _map(self.raw.get("status"))
        out = []
        for key, init in (("initContainerStatuses", True), ("containerStatuses", False)):
            for s in _seq(status.get(key)):
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
        """GPU resource -> count the pod holds (max of init containers vs sum of app containers)."""
        total: dict[str, int] = {}
        init_max: dict[str, int] = {}
        for c in self.containers:
            for res, n in c.gpu_resources().items():
                if c.init:
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
        claims = _seq(_get(self.raw, "spec", "resourceClaims"))
        return tuple(str(c.get("name", "")) for c in claims if isinstance(c, Mapping))

    @cached_property
    def node_selector(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "spec", "nodeSelector"))

    @cached_property
    def required_node_affinity(self) -> tuple[tuple[tuple[str, str, tuple[str, ...]], ...], ...]:
        """ORed terms, each an ANDed tuple of (key, operator, values)."""
        terms = _seq(_get(self.raw, "spec", "affinity", "nodeAffinity",
                          "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"))
        out = []
        for term in terms:
            if not isinstance(term, Mapping):
                continue
            exprs = tuple((str(e.get("key", "")), str(e.get("operator", "")),
                           tuple(str(v) for v in _seq(e.get("values"))))
                          for e in _seq(term.get("matchExpressions")) if isinstance(e, Mapping))
            out.append(exprs)
        return tuple(out)

    @cached_property
    def tolerations(self) -> tuple[Toleration, ...]:
        tols = _seq(_get(self.raw, "spec", "tolerations"))
        return tuple(Toleration(str(t.get("key") or ""), str(t.get("operator") or "Equal"),
                                str(t.get("value") or ""), str(t.get("effect") or ""))
                     for t in tols if isinstance(t, Mapping))

    def tolerates(self, taint: Taint) -> bool:
        return any(t.tolerates(taint) for t in self.tolerations)

    @cached_property
    def volumes(self) -> tuple[Mapping, ...]:
        return tuple(v for v in _seq(_get(self.raw, "spec", "volumes")) if isinstance(v, Mapping))

    @property
    def pvc_names(self) -> tuple[str, ...]:
        return tuple(str(v["persistentVolumeClaim"].get("claimName", "")) for v in self.volumes
                     if isinstance(v.get("persistentVolumeClaim"), Mapping))

    @property
    def is_terminal(self) -> bool:
        return self.phase in ("Succeeded", "Failed")


class Node(K8sObject):
    __slots__ = ()
    kind = "Node"

    @cached_property
    def capacity(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "status", "capacity"))

    @cached_property
    def allocatable(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "status", "allocatable"))

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return _conditions(_get(self.raw, "status", "conditions", default=()))

    def condition(self, type_: str) -> Condition | None:
        return next((c for c in self.conditions if c.type == type_), None)

    @property
    def ready(self) -> bool | None:
        """True / False from the Ready condition; None when the node reports none."""
        c = self.condition("Ready")
        return None if c is None else c.status == "True"

    @property
    def unschedulable(self) -> bool:
        return bool(_get(self.raw, "spec", "unschedulable"))

    @cached_property
    def taints(self) -> tuple[Taint, ...]:
        taints = _seq(_get(self.raw, "spec", "taints"))
        return tuple(Taint(str(t.get("key") or ""), str(t.get("value") or ""), str(t.get("effect") or ""))
                     for t in taints if isinstance(t, Mapping))

    @cached_property
    def gpu_capacity(self) -> Mapping[str, int]:
        return {k: int(parse_quantity(v) or 0) for k, v in self.capacity.items() if is_gpu_resource(k)}

    @cached_property
    def gpu_allocatable(self) -> Mapping[str, int]:
        return {k: int(parse_quantity(v) or 0) for k, v in self.allocatable.items() if is_gpu_resource(k)}

    @property
    def kernel_version(self) -> str:
        return str(_get(self.raw, "status", "nodeInfo", "kernelVersion", default=""))

    @property
    def os_image(self) -> str:
        return str(_get(self.raw, "status", "nodeInfo", "osImage", default=""))

    @property
    def container_runtime(self) -> str:
        return str(_get(self.raw, "status", "nodeInfo", "containerRuntimeVersion", default=""))

    @property
    def kubelet_version(self) -> str:
        return str(_get(self.raw, "status", "nodeInfo", "kubeletVersion", default=""))

    @property
    def looks_like_gpu_node(self) -> bool:
        """Advertises a GPU resource, or carries GPU labels (GFD / NFD / operator)."""
        if self.gpu_capacity or self.gpu_allocatable:
            return True
        return any(k.startswith("nvidia.com/") or k == "feature.node.kubernetes.io/pci-10de.present"
                   for k in self.labels)


class Event(K8sObject):
    """A core/v1 Event (events.k8s.io fields mapped: regarding -> involvedObject, note -> message)."""

    __slots__ = ()
    kind = "Event"

    def _involved(self, key: str) -> str:
        inv = self.raw.get("involvedObject") or self.raw.get("regarding") or {}
        return str(inv.get(key) or "") if isinstance(inv, Mapping) else ""

    @property
    def involved_kind(self) -> str:
        return self._involved("kind")

    @property
    def involved_name(self) -> str:
        return self._involved("name")

    @property
    def involved_namespace(self) -> str:
        return self._involved("namespace") or (self.namespace or "")

    @property
    def involved_uid(self) -> str:
        return self._involved("uid")

    @property
    def field_path(self) -> str:
        return self._involved("fieldPath")

    @property
    def reason(self) -> str:
        return str(self.raw.get("reason") or "")

    @property
    def message(self) -> str:
        return str(self.raw.get("message") or self.raw.get("note") or "")

    @property
    def type(self) -> str:
        return str(self.raw.get("type") or "")

    @property
    def count(self) -> int:
        series = self.raw.get("series")
        if isinstance(series, Mapping) and isinstance(series.get("count"), int):
            return series["count"]
        c = self.raw.get("count") or self.raw.get("deprecatedCount")
        return c if isinstance(c, int) and c > 0 else 1

    @property
    def source_component(self) -> str:
        src = self.raw.get("source") or self.raw.get("deprecatedSource") or {}
        comp = src.get("component") if isinstance(src, Mapping) else ""
        return str(comp or self.raw.get("reportingComponent") or self.raw.get("reportingController") or "")

    @property
    def last_seen(self) -> str:
        """series.lastObservedTime, then lastTimestamp, then eventTime, then creation."""
        series = self.raw.get("series")
        if isinstance(series, Mapping) and series.get("lastObservedTime"):
            return str(series["lastObservedTime"])
        for key in ("lastTimestamp", "deprecatedLastTimestamp", "eventTime"):
            if self.raw.get(key):
                return str(self.raw[key])
        return self.creation_timestamp

    def about(self, obj: K8sObject) -> bool:
        if self.involved_uid and obj.uid:
            return self.involved_uid == obj.uid
        return (self.involved_kind == obj.kind and self.involved_name == obj.name
                and self.involved_namespace == (obj.namespace or ""))


class Workload(K8sObject):
    """Deployment, ReplicaSet, StatefulSet, DaemonSet or Job: the fields triage reads."""

    __slots__ = ()

    @property
    def kind(self) -> str:  # type: ignore[override]
        return str(self.raw.get("kind") or "")

    @property
    def replicas(self) -> int | None:
        r = _get(self.raw, "spec", "replicas")
        return r if isinstance(r, int) else None

    @property
    def strategy(self) -> Mapping:
        s = _get(self.raw, "spec", "strategy") or _get(self.raw, "spec", "updateStrategy") or {}
        return s if isinstance(s, Mapping) else {}

    @cached_property
    def selector(self) -> Mapping[str, str]:
        return _str_map(_get(self.raw, "spec", "selector", "matchLabels"))

    @cached_property
    def template(self) -> Pod:
        tmpl = _map(_get(self.raw, "spec", "template"))
        return Pod({"metadata": _map(tmpl.get("metadata")), "spec": _map(tmpl.get("spec"))}, self.source)

    @cached_property
    def conditions(self) -> tuple[Condition, ...]:
        return _conditions(_get(self.raw, "status", "conditions", default=()))

    def status_field(self, key: str):
        return _get(self.raw, "status", key)


class GenericObject(K8sObject):
    """Objects read rarely enough to need no own view (PVC, quota, PDB, custom resources)."""

    __slots__ = ()

    @property
    def kind(self) -> str:  # type: ignore[override]
        return str(self.raw.get("kind") or "")

    def get(self, *keys, default=None):
        return _get(self.raw, *keys, default=default)


def _conditions(raw) -> tuple[Condition, ...]:
    out = []
    for c in _seq(raw):
        if isinstance(c, Mapping):
            out.append(Condition(str(c.get("type", "")), str(c.get("status", "")), str(c.get("reason") or ""),
                                 str(c.get("message") or ""), str(c.get("lastTransitionTime") or "")))
    return tuple(out)


def iter_items(doc, default_kind: str) -> Iterator[Mapping]:
    """Items of a List document (or of a JSON array, troubleshoot's custom-resources
    convention), with `kind` filled in from the list kind when missing."""
    items = doc.get("items") if isinstance(doc, Mapping) else doc
    if not isinstance(items, list):
        return
    list_kind = doc.get("kind", "") if isinstance(doc, Mapping) else ""
    kind = list_kind[:-4] if list_kind.endswith("List") and list_kind != "List" else default_kind
    for item in items:
        if isinstance(item, dict):
            if "kind" not in item and kind:
                item["kind"] = kind
            yield item
