"""The facts several audit items share, computed once over the classifier's Context:
the GPU workloads (top-level controllers whose pods request a GPU, or bare GPU pods), the
inference ones, the team namespaces and the classifier's own diagnosis of the bundle.

    facts = AuditFacts(bundle)
    for unit in facts.units: unit.kind, unit.obj, unit.pods
"""

from __future__ import annotations

from msgspec import Struct
from functools import cached_property

from triage.bundle import layout
from triage.bundle.objects.pod import Pod
from triage.classify.model import Citation, Subject
from triage.classify.rules.base import clip
from triage.classify.rules.context import Context, Scope

SYSTEM_NAMESPACES = frozenset({"kube-system", "kube-public", "kube-node-lease"})
INFERENCE_KINDS = ("Deployment", "StatefulSet")
SYSTEM_PRIORITY = frozenset({"system-cluster-critical", "system-node-critical"})


class Unit(Struct, frozen=True):
    """One GPU workload: its top controller in the bundle (or the bare pod), and its pods."""

    kind: str
    namespace: str
    name: str
    obj: object                  # Workload, or the Pod itself for a bare pod
    template: Pod                # the pod template (the pod for a bare pod)
    pods: tuple[Pod, ...]

    @property
    def subject(self) -> Subject:
        return Subject(self.kind, self.name, self.namespace)

    @property
    def label(self) -> str:
        return f"{self.kind}/{self.namespace}/{self.name}"

    @property
    def inference(self) -> bool:
        """A long-running server: a Deployment or StatefulSet (a Job or a bare pod is batch)."""
        return self.kind in INFERENCE_KINDS


class AuditFacts:
    def __init__(self, bundle):
        self.bundle = bundle
        self.ctx = Context(bundle, Scope(None))

    # ---- the classifier's view ----------------------------------------------------
    @cached_property
    def report(self):
        """The classifier's diagnosis of the whole bundle (a scan): findings, root causes."""
        from triage.classify.engine import diagnose
        return diagnose(self.bundle, None)

    @cached_property
    def stack_namespaces(self) -> frozenset[str]:
        return frozenset((p.namespace or "") for _, p in self.ctx.stack_pods) | \
            frozenset((w.namespace or "") for w in self.ctx.stack_daemonsets)

    # ---- workloads ------------------------------------------------------------------
    @cached_property
    def gpu_pods(self) -> tuple[Pod, ...]:
        """Workload pods that request a GPU (GPU-stack pods are the platform's, not a team's)."""
        return self.ctx.scope_pods

    def top_controller(self, pod: Pod):
        """(kind, name) of the pod's top controller the bundle can name: a ReplicaSet's
        Deployment, else the pod's controller, else None for a bare pod."""
        ref = pod.controller
        if ref is None:
            return None
        if ref.kind == "ReplicaSet":
            rs = self.ctx.replicasets.get((pod.namespace or "", ref.name))
            if rs is not None and rs.controller is not None:
                return rs.controller.kind, rs.controller.name
            if rs is None and "-" in ref.name:
                return "Deployment", ref.name.rsplit("-", 1)[0]
        return ref.kind, ref.name

    @cached_property
    def _workload_index(self):
        return {(w.kind, w.namespace or "", w.name): w for w in self.ctx.workloads}

    @cached_property
    def units(self) -> tuple[Unit, ...]:
        groups: dict[tuple[str, str, str], list[Pod]] = {}
        for pod in self.gpu_pods:
            top = self.top_controller(pod)
            key = (top[0], pod.namespace or "", top[1]) if top else ("Pod", pod.namespace or "", pod.name)
            groups.setdefault(key, []).append(pod)
        # GPU controllers with no pod in the bundle (scaled to zero, or pods not collected)
        for w in self.ctx.workloads:
            if w.kind in ("Deployment", "StatefulSet", "Job", "DaemonSet") and w.template.requests_gpu \
                    and (w.namespace or "") not in self.stack_namespaces and w.controller is None:
                groups.setdefault((w.kind, w.namespace or "", w.name), [])
        out = []
        for (kind, ns, name), pods in sorted(groups.items()):
            obj = self._workload_index.get((kind, ns, name))
            if obj is not None:
                out.append(Unit(kind, ns, name, obj, obj.template, tuple(pods)))
            elif kind == "Pod":
                out.append(Unit(kind, ns, name, pods[0], pods[0], tuple(pods)))
            else:   # the controller was not collected: its pods speak for the template
                out.append(Unit(kind, ns, name, pods[0], pods[0], tuple(pods)))
        return tuple(out)

    @cached_property
    def inference_units(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.inference)

    @cached_property
    def team_namespaces(self) -> tuple[str, ...]:
        """Namespaces running GPU workloads, the GPU stack's and the system's left out."""
        return tuple(sorted({u.namespace for u in self.units}
                            - self.stack_namespaces - SYSTEM_NAMESPACES))

    # ---- bundle files -----------------------------------------------------------------
    def list_collected(self, kind: str, namespace: str) -> bool:
        """The namespace's list of `kind` is in the bundle (read, possibly empty)."""
        return self.bundle.read_json(layout.namespaced_list(kind, namespace)) is not None

    def custom_collected(self, plural_group: str) -> bool:
        cluster = layout.custom_resource(plural_group)
        prefix = f"{layout.CUSTOM_RESOURCES}/{plural_group}/"
        return any(f == cluster or f.startswith(prefix) for f in self.bundle.files)

    @cached_property
    def collector_status(self) -> dict[str, str]:
        """collector name -> status in the manifest (ok, partial, failed, skipped)."""
        m = self.bundle.manifest
        return {str(c.get("name")): str(c.get("status")) for c in (m.collectors if m else ())}


def absent(path: str, what: str) -> Citation:
    """Where evidence would be, and that the bundle does not hold it (a not_checked answer's cite)."""
    return Citation(path, None, clip(f"not in the bundle: {what}"))


def names(items, limit: int = 6) -> str:
    items = list(dict.fromkeys(items))
    text = ", ".join(items[:limit])
    return text + (f" (+{len(items) - limit} more)" if len(items) > limit else "")
