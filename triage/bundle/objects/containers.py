"""A pod's containers: spec (image, resources, env, probes, mounts) and status (states).

Reads `spec.containers` / `spec.initContainers` and `status.containerStatuses` /
`status.initContainerStatuses` of a Pod.
Real sample (corpus support bundle `troubleshoot-baseline-kind`):

    "restartCount": 0,
    "state": {"running": {"startedAt": "2025-12-10T17:26:08Z"}}

    >>> ContainerState.from_raw({"terminated": {"reason": "OOMKilled", "exitCode": 137}}).exit_code
    137
"""

from __future__ import annotations

from msgspec import Struct
from collections.abc import Mapping  # not typing.Mapping: its isinstance() is ~10x slower

from triage.bundle.objects.fields import as_mapping, as_tuple, str_map
from triage.bundle.objects.gpu_resource import is_gpu_resource
from triage.bundle.quantity import parse_quantity


class ContainerState(Struct, frozen=True):
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


class ContainerStatus(Struct, frozen=True):
    name: str
    ready: bool
    restart_count: int
    image: str
    state: ContainerState | None
    last_state: ContainerState | None
    init: bool


class Probe(Struct, frozen=True):
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


class EnvVar(Struct, frozen=True):
    name: str
    value: str | None         # None when it comes from a reference (secret, configmap, field)
    source: str               # "value" | "secretKeyRef" | "configMapKeyRef" | "fieldRef" | ...


class Container(Struct, frozen=True):
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
        return _gpu_counts(self.requests.items(), self.limits.items())


def _gpu_counts(requests, limits) -> dict[str, int]:
    out: dict[str, int] = {}
    for source in (requests, limits):
        for name, qty in source:
            if is_gpu_resource(name):
                out[name] = max(out.get(name, 0), int(parse_quantity(qty) or 0))
    return {k: v for k, v in out.items() if v > 0}


def _str_items(value):
    """The (name, quantity) pairs `str_map` would hold, GPU names only (the rest are dropped by
    `_gpu_counts` anyway, so they are not stringified)."""
    if not isinstance(value, Mapping):
        return ()
    return [(name, "" if v is None else str(v)) for name, v in ((str(k), v) for k, v in value.items())
            if is_gpu_resource(name)]


def raw_gpu_resources(raw: Mapping) -> dict[str, int]:
    """`read_container(raw, ...).gpu_resources()` of a raw container dict, without building the
    view (env, probes, mounts): `Pod.gpu_requests` asks it of every container of every GPU pod."""
    res = as_mapping(raw.get("resources"))
    return _gpu_counts(_str_items(res.get("requests")), _str_items(res.get("limits")))


def raw_app_requests(raw_pod: Mapping) -> list[Mapping[str, str]]:
    """`c.requests` of each app (not init) container of a raw or slim pod dict, in spec order:
    what `Pod.containers` holds, without building the views (env, probes, mounts) of every pod
    on a node whose requests are summed."""
    spec = as_mapping(raw_pod.get("spec"))
    return [str_map(as_mapping(c.get("resources")).get("requests"))
            for c in as_tuple(spec.get("containers")) if isinstance(c, Mapping)]


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


def read_container(raw, init: bool) -> Container:
    res = as_mapping(raw.get("resources"))
    env = []
    for item in as_tuple(raw.get("env")):
        if not isinstance(item, Mapping):
            continue
        if "value" in item:
            env.append(EnvVar(str(item.get("name", "")), str(item.get("value") or ""), "value"))
        else:
            vf = as_mapping(item.get("valueFrom"))
            env.append(EnvVar(str(item.get("name", "")), None, next(iter(vf), "valueFrom")))
    probes = tuple(p for p in (
        _probe("liveness", raw.get("livenessProbe")),
        _probe("readiness", raw.get("readinessProbe")),
        _probe("startup", raw.get("startupProbe"))) if p)
    mounts = tuple((str(m.get("name", "")), str(m.get("mountPath", "")))
                   for m in as_tuple(raw.get("volumeMounts")) if isinstance(m, Mapping))
    return Container(
        name=str(raw.get("name", "")), image=str(raw.get("image", "")), init=init,
        requests=str_map(res.get("requests")), limits=str_map(res.get("limits")),
        env=tuple(env), probes=probes, volume_mounts=mounts,
        command=tuple(str(c) for c in as_tuple(raw.get("command"))),
        args=tuple(str(a) for a in as_tuple(raw.get("args"))))
