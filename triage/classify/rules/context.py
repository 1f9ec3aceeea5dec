"""The evaluation context of the rules: indexes over one loaded bundle (pods by key and
node, GPU-stack pods by role, events by involved object, logs and exec outputs present),
built lazily and once, plus citation helpers.

    ctx = Context(bundle, Scope(None))          # a scan: every GPU pod is in scope
    for role, pod in ctx.stack_pods: ...
    ctx.cite_line(log_text, 14, "Failed to initialize NVML: ...")
"""

from __future__ import annotations

from collections import defaultdict
from msgspec import Struct, field
from functools import cached_property
from typing import Iterable, Iterator, Mapping

from triage.bundle import layout
from triage.bundle.objects.event import Event
from triage.bundle.objects.gpu_resource import raw_pod_requests_gpu
from triage.bundle.objects.gpu_stack import stack_role
from triage.bundle.objects.lazy import slim_of
from triage.bundle.objects.node import Node
from triage.bundle.objects.pod import Pod
from triage.bundle.pod_rows import PodRow
from triage.bundle.views import Bundle, LogText
from triage.classify.model import Certainty, Citation, Finding, Severity, Subject
from triage.classify.rules.base import Checked, clip

# Kubernetes' recommended label for one installed instance of an application
APP_INSTANCE = "app.kubernetes.io/instance"


def gpu_stack_role(pod: Pod) -> str | None:
    """The GPU-stack role of an operator/plugin pod (labels, then name), or None for any other
    pod: `triage.bundle.objects.gpu_stack.stack_role`, the table the collector can share."""
    return stack_role(pod.raw)


# one implementation of "does this raw pod ask for a GPU" (bundle layer), re-exported here
raw_requests_gpu = raw_pod_requests_gpu


_CONTROL_PLANE = ("node-role.kubernetes.io/control-plane", "node-role.kubernetes.io/master")


def _control_plane_only(node: Node) -> bool:
    """A control-plane node that keeps workloads off (its NoSchedule control-plane taint); a
    single-node cluster's server, untainted, runs the GPU workloads too."""
    return any(t.key in _CONTROL_PLANE and t.effect in ("NoSchedule", "NoExecute") for t in node.taints)


def gpu_capacity_short(f) -> bool:
    """An OutOf<GPU resource> rejection where the node's own capacity is below the request (0
    while the device plugin has not registered, fewer after devices went unhealthy): the device
    layer's. With the capacity there but used by other pods, it is the node's resource fit."""
    if f.kind.value != "out_of_resource" or not f.resource or "gpu" not in f.resource.lower():
        return False
    return f.capacity is None or f.requested is None or f.capacity < f.requested


def device_admission(f, reason: str) -> bool:
    """An admission failure in the kubelet's device manager's words (an UnexpectedAdmissionError,
    `Allocate failed`, a device named): the plugin layer's, not the node's."""
    text = f.message.lower()
    return reason == "UnexpectedAdmissionError" or "allocate failed" in text or "device" in text


_NOT_STARTED = frozenset({"StartError", "ContainerCannotRun", "CreateContainerError", "RunContainerError"})


def _ran(st) -> bool:
    """The container's process ran at least once: it runs, or a state says it exited on its own."""
    for s in (st.state, st.last_state):
        if s is None:
            continue
        if s.kind == "running" or (s.kind == "terminated" and s.reason not in _NOT_STARTED and s.started_at):
            return True
    return False


class Scope(Struct):
    """Which pods the rules look at: the targets' pods plus every GPU-stack pod."""

    pod_keys: frozenset[tuple[str, str]] | None = None   # None: every GPU pod (scan)
    extra_keys: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    node: str | None = None                              # the node asked for by name


class Context:
    """Indexes over one bundle, built lazily and once."""

    # the indexes that depend on the scope (every other one is the whole bundle's)
    SCOPED = ("scope_pods", "troubled_pods")

    def __init__(self, bundle: Bundle, scope: Scope | None = None):
        self.bundle = bundle
        self.scope = scope or Scope()
        self._log_facts: dict[str, tuple] = {}     # bundle path -> scan_log facts (log_facts)
        self._node_requests: dict[str, tuple[float, float, int]] = {}   # node -> node_requests(node)

    def set_scope(self, scope: Scope) -> None:
        """Narrow the rules to `scope` once the targets are known (the indexes built to find
        them stay); refused once a scoped index was read."""
        if any(name in self.__dict__ for name in self.SCOPED):
            raise RuntimeError("Context.set_scope after a scoped index was built")
        self.scope = scope

    # ---- nodes -----------------------------------------------------------------
    @cached_property
    def nodes_collected(self) -> bool:
        return self.bundle.exists(layout.NODES) and self.bundle.read_json(layout.NODES) is not None

    @cached_property
    def nodes(self) -> Mapping[str, Node]:
        out = dict(self.bundle.nodes_by_name)
        for name in self.input_hosts:
            # a host seen from its own shell (a bug report, pasted host nvidia-smi): no Node object
            # was read, so the node-list rules do not run; its kernel log and nvidia-smi are judged
            out.setdefault(name, Node({"apiVersion": "v1", "kind": "Node", "metadata": {"name": name}},
                                      layout.MANIFEST))
        return out

    @cached_property
    def input_hosts(self) -> tuple[str, ...]:
        """The hosts a non-Kubernetes input is about (the manifest's `input.hosts`, written by the
        bug-report and host nvidia-smi readers) when the bundle holds no node list."""
        manifest = self.bundle.manifest
        hosts = (manifest.raw.get("input") or {}).get("hosts") if manifest is not None else None
        if not isinstance(hosts, list) or self.nodes_collected:
            return ()
        return tuple(h for h in hosts if isinstance(h, str) and h)

    @cached_property
    def gpu_node_names(self) -> tuple[str, ...]:
        """Nodes that advertise or are labelled for GPUs, or run a GPU-stack pod; and the node
        asked for by name, when the GPU stack finds no node to run on and it is no tainted
        control-plane node (nothing labelled it a GPU node: that may be the failure; a
        single-node cluster's untainted server is its GPU node too)."""
        stack_nodes = {p.node_name for role, p in self.stack_pods
                       if role in ("device-plugin", "dra-plugin", "driver", "validator", "gfd", "toolkit", "mig-manager")}
        asked = self.scope.node
        if asked and asked in self.nodes and (self.stack_daemonsets or self.stack_pods or self.gpu_label_unseen_daemonsets) \
                and self.plugin_runs_nowhere \
                and not _control_plane_only(self.nodes[asked]):
            stack_nodes.add(asked)
        # pasted text: the nodes the user described beside their GPU pod (from_text's manifest)
        manifest = self.bundle.manifest
        shown = (manifest.raw.get("input") or {}).get("gpu_nodes_shown") if manifest is not None else None
        if isinstance(shown, list):
            stack_nodes |= {n for n in shown if isinstance(n, str) and n in self.nodes
                            and not _control_plane_only(self.nodes[n])}
        stack_nodes |= set(self.input_hosts)
        stack_nodes |= self._nvidia_kernel_nodes
        return tuple(sorted(n.name for n in self.nodes.values()
                            if n.looks_like_gpu_node or n.name in stack_nodes))

    @cached_property
    def _nvidia_kernel_nodes(self) -> frozenset[str]:
        """Nodes without any GPU sign in their object whose own kernel log names the NVIDIA driver
        (its NVRM lines, or the nvidia module loading or refused): the node has the GPU its
        labels do not show."""
        out = set()
        for node in self.nodes.values():
            try:
                here = not node.looks_like_gpu_node and self.bundle.exists(layout.node_dmesg(node.name))
            except ValueError:          # a name no bundle path can hold: no kernel log of it either
                continue
            text = self.bundle.node_dmesg(node.name) if here else None
            if text is not None:
                from triage.evidence.xid import names_nvidia_driver    # loads only for such a kernel log
                if names_nvidia_driver(text.lines):
                    out.add(node.name)
        return frozenset(out)

    @cached_property
    def plugin_runs_nowhere(self) -> bool:
        """The GPU stack expects GPU nodes and finds none: a device plugin DaemonSet that wants 0
        pods, or, while no node is a GPU node, the GPU Operator installed (its pod, a ClusterPolicy)
        or a DaemonSet selecting GPU nodes by a label no node carries."""
        for ds in self.stack_daemonsets:
            desired = ds.raw.get("status", {}).get("desiredNumberScheduled") if isinstance(ds.raw.get("status"), dict) else None
            if desired == 0 and stack_role(ds.raw, images=True) in ("device-plugin", "dra-plugin"):
                return True
        if any(n.looks_like_gpu_node for n in self.nodes.values()):
            return False
        operator = any(role == "operator" for role, _ in self.stack_pods) or \
            any(True for _ in self.bundle.custom_resources("clusterpolicies.nvidia.com"))
        return operator or bool(self.gpu_label_unseen_daemonsets)

    @cached_property
    def gpu_label_unseen_daemonsets(self) -> tuple:
        """(DaemonSet, label, value) for every DaemonSet that selects GPU nodes by a label no node
        carries (NFD's PCI label on a cluster without NFD): it wants no pod anywhere."""
        from triage.evidence.stack_state import gpu_selector
        out = []
        for ds in self.daemonsets:
            sel = gpu_selector(ds)
            if sel is not None and not any(n.labels.get(sel[0]) is not None for n in self.nodes.values()):
                out.append((ds, *sel))
        return tuple(out)

    @cached_property
    def stack_daemonsets(self) -> tuple:
        """The GPU stack's DaemonSets (device plugin, driver, toolkit, GFD, NFD ...)."""
        return tuple(w for w in self.daemonsets if stack_role(w.raw, images=True))

    @cached_property
    def daemonsets(self) -> tuple:
        """Every DaemonSet (a workload list's items of kind DaemonSet)."""
        if "workloads" in self.__dict__:
            return tuple(w for w in self.workloads if w.kind == "DaemonSet")
        return tuple(self.bundle.workloads(of_kind="DaemonSet"))

    @cached_property
    def gpu_node_set(self) -> frozenset[str]:
        return frozenset(self.gpu_node_names)

    def gpu_nodes(self) -> Iterator[Node]:
        for name in self.gpu_node_names:
            yield self.nodes[name]

    @cached_property
    def present_kinds(self) -> frozenset[str]:
        """The evidence kinds (triage.classify.coverage) the bundle holds at least one file of."""
        from triage.classify.coverage import present_kinds
        return present_kinds(self.bundle.files)

    @cached_property
    def node_stacks(self):
        """node name -> `triage.evidence.stack_state.NodeStack` for every GPU node: the
        expected state of the GPU stack, computed once for every rule that reads it."""
        from triage.evidence.stack_state import node_stacks, policy_driver_enabled, reconcile_failures
        daemonsets = self.stack_daemonsets
        policies = list(self.bundle.custom_resources("clusterpolicies.nvidia.com"))
        return node_stacks(self.gpu_nodes(), self.stack_pods, daemonsets, policy_driver_enabled(policies),
                           self.pods_collected_ns, self.stack_listed_everywhere,
                           reconcile_failures(policies, self.bundle.custom_resources("nvidiadrivers.nvidia.com")))

    @cached_property
    def resource_claims(self) -> Mapping[str, tuple]:
        """namespace -> the DRA ResourceClaims the bundle holds there: read once, for every rule
        that holds a pod against its claims."""
        out: dict[str, list] = defaultdict(list)
        for claim in self.bundle.custom_resources("resourceclaims.resource.k8s.io"):
            out[claim.namespace or ""].append(claim)
        return {ns: tuple(claims) for ns, claims in out.items()}

    @cached_property
    def gpu_asking_objects(self) -> frozenset[tuple[str, str]]:
        """(namespace, name) of every custom-resource object in the bundle (an operator's RayCluster,
        PyTorchJob ...) whose pod templates ask for a GPU resource: read once, for every pod whose
        owner or operator label names one."""
        from triage.bundle.objects.gpu_resource import raw_names_gpu_resource
        return frozenset((obj.namespace or "", obj.name) for name in self.bundle.custom_resource_names()
                         for obj in self.bundle.custom_resources(name) if raw_names_gpu_resource(obj.raw))

    @cached_property
    def stack_listed_everywhere(self) -> bool:
        """The collector listed the GPU stack's DaemonSets in every namespace and got an answer
        (its `gpu-stack` run is ok and no errors file names that list): what the list lacks, the
        cluster lacks."""
        manifest = self.bundle.manifest
        runs = [c for c in (manifest.collectors if manifest else ()) if c.get("name") == "gpu-stack"]
        if not runs or any(c.get("status") != "ok" for c in runs):
            return False
        return not any(e.piece.startswith(layout.namespaced_list("daemonsets", layout.ALL_NAMESPACES).removesuffix(".json"))
                       for e in self.bundle.collection_errors())

    @cached_property
    def _lists_collected(self) -> Mapping[str, frozenset[str]]:
        """list kind (pods, events ...) -> the namespaces whose list file the bundle holds."""
        out: dict[str, set[str]] = defaultdict(set)
        for path in self.bundle.files:
            parsed = layout.parse_namespaced_list(path)
            if parsed:
                out[parsed[0]].add(parsed[1])
        return {k: frozenset(v) for k, v in out.items()}

    @property
    def pods_collected_ns(self) -> frozenset[str]:
        return self._lists_collected.get("pods", frozenset())

    @cached_property
    def started_gpu_containers(self) -> Mapping[str, tuple[Pod, ...]]:
        """node -> pods on it with a GPU (a GPU request, or the nvidia runtime class) whose
        containers all started at least once (running now, or a process that ran and exited,
        not a start failure): the runtime injected the GPU and the driver answered then.
        NVIDIA's k8s-device-plugin counts too once the node advertises its GPUs: it loads NVML
        inside its container, from libraries only the NVIDIA runtime injects (GKE's plugin
        and Bottlerocket's mount or run on the host, and do not count)."""
        out: dict[str, list[Pod]] = defaultdict(list)
        for r in self.pod_rows:
            if not r.node or r.phase not in ("Running", "Succeeded", "Failed"):
                continue
            pod = r.pod
            if not (r.gpu or r.nvidia_runtime
                    or (r.role == "device-plugin" and self._registered_nvidia_plugin(r.node, pod))):
                continue
            main = [st for st in pod.container_statuses if not st.init]
            if main and all(_ran(st) for st in main):
                out[r.node].append(pod)
        return {k: tuple(v) for k, v in out.items()}

    def _registered_nvidia_plugin(self, node_name: str, pod: Pod) -> bool:
        node = self.nodes.get(node_name)
        return node is not None and any(v > 0 for v in node.gpu_allocatable.values()) and pod.phase == "Running" and \
            any("k8s-device-plugin" in c.image for c in pod.containers if not c.init)

    # ---- pods ------------------------------------------------------------------
    @cached_property
    def all_pods(self) -> tuple[Pod, ...]:
        """Every pod; each decoded whole only when asked more than its row holds."""
        return tuple(r.pod for r in self.pod_rows)

    @cached_property
    def pod_rows(self) -> tuple["PodRow", ...]:
        """The bundle's one pass over every pod (`Bundle.pod_rows`): the fields every index needs."""
        return tuple(self.bundle.pod_rows())

    @cached_property
    def host_pid_pods(self) -> tuple[Pod, ...]:
        """Pods that may see their node itself: hostPID set, or named as `kubectl debug node/`
        names its pod (`node-debugger-...`); the runtime rules judge which do."""
        return tuple(r.pod for r in self.pod_rows if r.host_pid or r.name.startswith("node-debugger-"))

    @cached_property
    def gpu_pod_ids(self) -> frozenset[int]:
        """id() of every pod that requests a GPU (a ResourceClaim counts)."""
        return frozenset(id(r.pod) for r in self.pod_rows if r.gpu)

    @cached_property
    def gpu_app_instances(self) -> frozenset[tuple[str, str]]:
        """(namespace, app.kubernetes.io/instance) of every pod that requests a GPU: the
        recommended label names one installed application (a Helm release sets it), so a component
        of that application which asks for no GPU itself (Milvus's coordinators beside its GPU
        query and index nodes) still belongs to a GPU workload. Read only when a pod asked about
        would otherwise be out of the GPU scope."""
        out = set()
        for r in self.pod_rows:
            if r.gpu:
                v = r.pod.labels.get(APP_INSTANCE)
                if isinstance(v, str) and v:
                    out.add((r.namespace, v))
        return frozenset(out)

    @cached_property
    def pods_by_key(self) -> Mapping[tuple[str, str], Pod]:
        return {(r.namespace, r.name): r.pod for r in self.pod_rows}

    # ---- GPU accounting (several scheduler rules ask; computed once) -------------
    @cached_property
    def gpu_used(self) -> Mapping[tuple[str, str], int]:
        """(node, resource) -> GPUs requested by the node's non-terminal pods."""
        out: dict[tuple[str, str], int] = {}
        for row in self.pod_rows:
            if row.gpu and row.node and row.phase not in ("Succeeded", "Failed"):
                for r, n in row.pod.gpu_requests.items():
                    out[(row.node, r)] = out.get((row.node, r), 0) + n
        return out

    @cached_property
    def gpu_holders(self) -> Mapping[tuple[str, str], tuple[str, ...]]:
        """(node, resource) -> `namespace/name` of the non-terminal pods requesting it there."""
        out: dict[tuple[str, str], list[str]] = defaultdict(list)
        for row in self.pod_rows:
            if row.gpu and row.node and not row.pod.is_terminal:
                for r, n in row.pod.gpu_requests.items():
                    if n:
                        out[(row.node, r)].append(f"{row.pod.namespace}/{row.pod.name}")
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def nodes_with_resource(self) -> Mapping[str, tuple[Node, ...]]:
        """GPU resource -> the nodes that have it in capacity or allocatable."""
        out: dict[str, list[Node]] = defaultdict(list)
        for n in self.nodes.values():
            for r in set(n.gpu_capacity) | set(n.gpu_allocatable):
                if n.gpu_capacity.get(r, 0) > 0 or n.gpu_allocatable.get(r, 0) > 0:
                    out[r].append(n)
        return {k: tuple(v) for k, v in out.items()}

    def node_requests(self, node: str) -> tuple[float, float, int]:
        """(cpu cores, memory bytes, pod count) requested by the non-terminal pods on `node`,
        summed once per node asked about (only the GPU nodes a pending pod could use are). Read
        from each pod's slim dict (it holds the containers' resources): a pending pod's candidate
        nodes may be thousands, their pods otherwise never decoded whole."""
        if node not in self._node_requests:
            from triage.bundle.objects.containers import raw_app_requests
            from triage.bundle.quantity import parse_quantity
            cpu = mem = 0.0
            count = 0
            for p in self.pods_by_node.get(node, ()):
                if p.is_terminal:
                    continue
                count += 1
                for requests in raw_app_requests(slim_of(p)):
                    cpu += parse_quantity(requests.get("cpu")) or 0.0
                    mem += parse_quantity(requests.get("memory")) or 0.0
            self._node_requests[node] = (cpu, mem, count)
        return self._node_requests[node]

    @cached_property
    def label_values(self) -> Mapping[str, tuple[str, ...]]:
        """Node label key -> the values the nodes carry, sorted."""
        out: dict[str, set[str]] = defaultdict(set)
        for n in self.nodes.values():
            for k, v in n.labels.items():
                out[k].add(v)
        return {k: tuple(sorted(v)) for k, v in out.items()}

    def log_facts(self, text: LogText) -> tuple:
        """`scan_log` facts of one bundle text file, scanned once however many rules ask."""
        if text.path not in self._log_facts:
            from triage.evidence.log_signatures import scan_log
            self._log_facts[text.path] = tuple(scan_log(text.scan_input()))   # bytes: lines decoded as cited
        return self._log_facts[text.path]

    @cached_property
    def dra_nodes(self) -> frozenset[str]:
        """Nodes whose GPUs go through Dynamic Resource Allocation: a DRA kubelet plugin runs there
        (it publishes ResourceSlices instead of registering nvidia.com/gpu), or a ResourceSlice names it."""
        out = {p.node_name for role, p in self.stack_pods if role == "dra-plugin" and p.phase == "Running"}
        out |= {s.get("spec", "nodeName") for s in self.bundle.custom_resources("resourceslices.resource.k8s.io")}
        return frozenset(n for n in out if isinstance(n, str) and n)

    @cached_property
    def stack_namespaces_by_node(self) -> Mapping[str, frozenset[str]]:
        """node -> the namespaces of the GPU-stack pods on it (each target's gaps ask, once)."""
        out: dict[str, set[str]] = defaultdict(set)
        for _role, p in self.stack_pods:
            out[p.node_name or ""].add(p.namespace or "")
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def pods_by_node(self) -> Mapping[str, tuple[Pod, ...]]:
        out: dict[str, list[Pod]] = defaultdict(list)
        for r in self.pod_rows:
            if r.node:
                out[r.node].append(r.pod)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def pending_pod_groups(self) -> Mapping[tuple[str, str], tuple[Pod, ...]]:
        """Unbound Pending pods of kube-scheduler's pod groups by (namespace, group), in file order
        (built once, on the first gang message; only unbound pending pods are asked their group)."""
        out: dict[tuple[str, str], list[Pod]] = defaultdict(list)
        for r in self.pod_rows:
            if not r.node and r.phase == "Pending" and (group := r.pod.pod_group) is not None:
                out[(r.namespace, group)].append(r.pod)
        return {k: tuple(v) for k, v in out.items()}

    @cached_property
    def stack_pods(self) -> tuple[tuple[str, Pod], ...]:
        """(role, pod) for every GPU-stack pod, sorted by namespace/name."""
        out = [(r.role, r.pod, r.namespace, r.name) for r in self.pod_rows if r.role]
        # a DaemonSet known by its images only (the AMD GPU Operator's operands carry no role label,
        # ROCm/gpu-operator internal/plugin: `daemonset-name: <DeviceConfig>`): its pods take its role
        by_image = {(ds.namespace or "", ds.name): stack_role(ds.raw, images=True) for ds in self.stack_daemonsets
                    if ds.kind == "DaemonSet" and stack_role(ds.raw) is None}
        if by_image:
            for r in self.pod_rows:
                ref = r.pod.controller if not r.role else None
                if ref is not None and ref.kind == "DaemonSet" and (r.namespace, ref.name) in by_image:
                    out.append((by_image[(r.namespace, ref.name)], r.pod, r.namespace, r.name))
        return tuple((role, pod) for role, pod, _, _ in sorted(out, key=lambda x: (x[2], x[3])))

    @cached_property
    def _stack_by_node_role(self) -> Mapping[tuple[str, str], tuple[Pod, ...]]:
        out: dict[tuple[str, str], list[Pod]] = defaultdict(list)
        for role, p in self.stack_pods:
            out[(p.node_name, role)].append(p)
        return {k: tuple(v) for k, v in out.items()}

    def stack_on(self, node: str, role: str) -> tuple[Pod, ...]:
        """The GPU-stack pods of `role` on `node`, in `stack_pods` order."""
        return self._stack_by_node_role.get((node, role), ())

    @cached_property
    def scope_pods(self) -> tuple[Pod, ...]:
        """The workload pods the rules judge (targets, or every GPU pod in a scan);
        GPU-stack pods are judged by their own rules."""
        keys = self.scope.pod_keys
        if keys is None:
            pods = [r.pod for r in self.pod_rows if r.gpu and not r.role]
        else:
            pods = [self.pods_by_key[k] for k in sorted(keys | self.scope.extra_keys) if k in self.pods_by_key]
        return tuple(pods)

    @cached_property
    def replicasets(self) -> Mapping[tuple[str, str], object]:
        out = {}
        for w in self.workloads:
            raw = slim_of(w)              # kind and metadata: the slim dict holds both
            if raw.get("kind") == "ReplicaSet":
                meta = raw.get("metadata")
                if isinstance(meta, dict):
                    out[(str(meta.get("namespace") or ""), str(meta.get("name") or ""))] = w
        return out

    @cached_property
    def workloads(self) -> tuple:
        return tuple(self.bundle.workloads())

    @cached_property
    def troubled_pods(self) -> tuple[Pod, ...]:
        """Scope pods that show any sign of trouble: not Running/Succeeded, a container not
        ready or restarted, or a Warning event. Rules about failures skip the quiet rest."""
        warned = {(ns, name) for (kind, ns, name), evs in self._events_index.items()
                  if kind == "Pod" and any(e.type == "Warning" for e in evs)}
        out = []
        for pod in self.scope_pods:
            raw = pod.raw
            status = raw.get("status") if isinstance(raw.get("status"), dict) else {}
            quiet = status.get("phase") in ("Running", "Succeeded")
            if quiet:
                for key in ("containerStatuses", "initContainerStatuses"):
                    for st in status.get(key) or ():
                        if not isinstance(st, dict) or st.get("restartCount") or (
                                not st.get("ready") and key == "containerStatuses" and status.get("phase") == "Running"):
                            quiet = False
                            break
            if not quiet or (pod.namespace or "", pod.name) in warned:
                out.append(pod)
        return tuple(out)

    # ---- events ----------------------------------------------------------------
    @cached_property
    def _events_index(self) -> Mapping[tuple[str, str, str], tuple[Event, ...]]:
        out: dict[tuple[str, str, str], list[Event]] = defaultdict(list)
        for ev in self.bundle.events():
            out[(ev.involved_kind, ev.involved_namespace, ev.involved_name)].append(ev)
        return {k: tuple(sorted(v, key=lambda e: (e.last_seen, e.name))) for k, v in out.items()}

    @property
    def events_by_object(self) -> Mapping[tuple[str, str, str], tuple[Event, ...]]:
        """(involved kind, namespace, name) -> its events, oldest first."""
        return self._events_index

    def events_for(self, kind: str, namespace: str, name: str) -> tuple[Event, ...]:
        return self._events_index.get((kind, namespace or "", name), ())

    def pod_events(self, pod: Pod) -> tuple[Event, ...]:
        return self.events_for("Pod", pod.namespace or "", pod.name)

    @property
    def events_collected_ns(self) -> frozenset[str]:
        return self._lists_collected.get("events", frozenset())

    # ---- logs ------------------------------------------------------------------
    @cached_property
    def _log_index(self) -> Mapping[tuple[str, str], frozenset[tuple[str, bool]]]:
        """(namespace, pod) -> {(container, previous)} of every log file in the bundle."""
        out: dict[tuple[str, str], set[tuple[str, bool]]] = defaultdict(set)
        for path in self.bundle.files:
            if path.startswith(layout.LOGS + "/"):
                ref = layout.parse_log_path(path)
                if ref:
                    out[(ref.namespace, ref.pod)].add((ref.container, ref.previous))
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _ids_with_logs(self) -> frozenset[int]:
        index = self._log_index
        return frozenset(id(r.pod) for r in self.pod_rows if (r.namespace, r.name) in index)

    def has_logs(self, pod: Pod) -> bool:
        return id(pod) in self._ids_with_logs

    def log(self, pod: Pod, container: str, previous: bool = False) -> LogText | None:
        if (container, previous) not in self._log_index.get((pod.namespace or "", pod.name), ()):
            return None
        return self.bundle.log(pod.namespace or "", pod.name, container, previous)

    def log_error(self, pod: Pod, container: str, previous: bool = False) -> str | None:
        """The reason a log could not be collected, when an errors file says so."""
        try:
            piece = layout.container_log(pod.namespace or "", pod.name, container, previous)
        except ValueError:        # a name no bundle path can hold: no errors file names it either
            return None
        err = self.errors_by_piece.get(piece.removesuffix(".log"))
        return err.reason if err else None

    @cached_property
    def errors_by_piece(self):
        return {e.piece: e for e in self.bundle.collection_errors()}

    @cached_property
    def _exec_pods(self) -> frozenset[tuple[str, str]]:
        out = set()
        for path in self.bundle.files:
            if path.startswith(layout.GPU_EXEC + "/"):
                parsed = layout.parse_exec_path(path)
                if parsed:
                    out.add((parsed[0], parsed[1]))
        return frozenset(out)

    def exec_outputs(self, pod: Pod):
        if (pod.namespace or "", pod.name) not in self._exec_pods:
            return ()
        return tuple(self.bundle.exec_outputs(pod.namespace or "", pod.name))

    @cached_property
    def smi_runs(self) -> Mapping[tuple[str, str], tuple]:
        """(namespace, pod) -> its nvidia-smi runs (`triage.evidence.smi_runs`), every output parsed
        once for all the rules that read them."""
        from triage.evidence.smi_runs import smi_runs
        return {key: runs for key in self._exec_pods if (runs := smi_runs(self.bundle.exec_outputs(*key)))}

    def pod_smi_runs(self, pod: Pod) -> tuple:
        return self.smi_runs.get((pod.namespace or "", pod.name), ())

    def admission_facts(self, pod: Pod):
        """(AdmissionFailure, citation, reason) of each kubelet admission rejection of `pod`: its
        Failed status, and its UnexpectedAdmissionError / OutOf* / Allocate-failed events."""
        from triage.evidence.k8s_events.admission import AdmissionFailure, parse_admission_failure
        from triage.evidence.k8s_events.dispatch import parse_pod_status
        if pod.reason or pod.message:
            f = parse_pod_status(pod.reason, pod.message or pod.reason)
            if isinstance(f, AdmissionFailure):         # not an Eviction
                yield f, self.cite_object(pod, f"status: {pod.reason}: {pod.message}"), pod.reason
        for ev in self.pod_events(pod):
            if ev.reason in ("UnexpectedAdmissionError",) or ev.reason.startswith("OutOf") \
                    or "Allocate failed" in ev.message:
                f = parse_admission_failure(ev.message, ev.reason)
                if f is not None:
                    yield f, self.cite_event(ev), ev.reason

    # ---- findings and citations --------------------------------------------------
    @staticmethod
    def finding(id: str, severity: Severity | str, subject: Subject, evidence: Iterable[Citation],
                certainty: Certainty | str = Certainty.RECOGNISED, **params) -> Finding:
        sev = severity if isinstance(severity, Severity) else Severity(severity)
        sure = certainty if isinstance(certainty, Certainty) else Certainty(certainty)
        clean = {k: v for k, v in params.items() if v is not None and v != "" and v != ()}
        for k, v in list(clean.items()):
            if isinstance(v, (set, frozenset, tuple)):
                clean[k] = sorted(v) if isinstance(v, (set, frozenset)) else list(v)
        return Finding(id, sev, subject, tuple(dict.fromkeys(evidence)), clean, certainty=sure)

    @staticmethod
    def checked(subject: Subject, paths: Iterable[str], layer: str | None = None) -> Checked:
        """A check ran on the evidence at `paths` about `subject` (see rules/base.py)."""
        return Checked(subject, tuple(dict.fromkeys(p for p in paths if p)), layer)

    @staticmethod
    def cite_event(ev: Event) -> Citation:
        return Citation(ev.source, None, clip(f"{ev.reason}: {ev.message}" if ev.reason else ev.message))

    @staticmethod
    def cite_exec_record(out) -> Citation:
        """The collector's record of one exec (`gpu/exec/.../<name>.json`: command, exit code, error),
        quoted as the record holds them."""
        import json
        path = layout.exec_paths(out.namespace, out.pod, out.container, out.name).meta
        record = {"command": list(out.command), "exit_code": out.exit_code, "error": out.error}
        return Citation(path, None, json.dumps(record, separators=(",", ":"))[:300])

    @staticmethod
    def cite_object(obj, excerpt: str) -> Citation:
        return Citation(obj.source, None, clip(excerpt))

    @staticmethod
    def cite_field(obj, label: str, value) -> Citation:
        """Quote a field of an object as the object holds it: `label: <compact JSON>`
        (evidence text, not prose), e.g. `gpu-1 status.allocatable: {"cpu":"64",...}`."""
        import json
        try:
            text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            text = str(value)
        return Citation(obj.source, None, clip(f"{label}: {text}"))

    def cite_selector(self, pod: Pod) -> Citation:
        """The pod's node constraints as its spec holds them: nodeSelector, else the required
        node affinity terms."""
        if pod.node_selector:
            return self.cite_field(pod, f"{pod.name} spec.nodeSelector", dict(pod.node_selector))
        spec = pod.raw.get("spec") if isinstance(pod.raw.get("spec"), dict) else {}
        aff = (((spec.get("affinity") or {}).get("nodeAffinity") or {})
               .get("requiredDuringSchedulingIgnoredDuringExecution")) if isinstance(spec.get("affinity"), dict) else None
        return self.cite_field(pod, f"{pod.name} spec.affinity.nodeAffinity.requiredDuringScheduling"
                                    "IgnoredDuringExecution", aff)

    def cite_labels(self, node: Node, keys: Iterable[str]) -> Citation:
        """The node's values (or absence: null) of the label keys a constraint names."""
        return self.cite_field(node, f"{node.name} metadata.labels", {k: node.labels.get(k) for k in keys})

    @staticmethod
    def cite_line(text: LogText, line: int, excerpt: str | None = None) -> Citation:
        if excerpt is None:
            excerpt = text.lines[line - 1] if 0 < line <= len(text.lines) else ""
        return Citation(text.path, line + text.first_line - 1, clip(excerpt))   # the file's own number
