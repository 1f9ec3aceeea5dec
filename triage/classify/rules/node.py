"""Rules of the node layer, from the typed Node views: readiness, and the three states of
the GPU resource (absent, "0", lower than capacity); fewer GPUs than the node's machine type
has; pods whose node no longer matches their required affinity; GPU model labels vs what
nvidia-smi sees."""

from __future__ import annotations

from triage.bundle.objects.gpu_resource import OTHER_ACCELERATOR_RE, expected_accelerator_resource, is_gpu_amount
from triage.classify.model import Certainty
from triage.classify.rules.base import node_subject, pod_subject, rule
from triage.classify.rules.autoscaling import GPU_LABELS, born_between, provider_of, scale_ups
from triage.classify.rules.context import device_admission, gpu_capacity_short


@rule(ids=("node.not_ready",), reads=("nodes",))
def not_ready(ctx):
    for node in ctx.gpu_nodes():
        c = node.condition("Ready")
        if node.ready is False and c is not None:
            yield ctx.finding("node.not_ready", "critical", node_subject(node.name),
                              [ctx.cite_field(node, f"{node.name} status.conditions[Ready]",
                                             {"status": c.status, "reason": c.reason, "message": c.message})],
                              node=node.name, reason=c.reason, message=c.message)


def _gpu_fields(node, key: str) -> dict:
    raw = node.raw.get("status", {}).get(key) if isinstance(node.raw.get("status"), dict) else None
    return raw if isinstance(raw, dict) else {}


@rule(ids=("node.gpu_not_advertised", "node.gpu_allocatable_zero", "node.gpu_unhealthy_devices"), reads=("nodes",))
def gpu_resource_state(ctx):
    """The node's GPU resource: absent, "0", or lower than capacity. Every GPU node whose
    status was read is a check of this layer."""
    for node in ctx.gpu_nodes():
        yield ctx.checked(node_subject(node.name), [node.source])
        if node.ready is False:
            continue
        cap, alloc = node.gpu_capacity, node.gpu_allocatable
        resources = sorted(set(cap) | set(alloc))
        if not resources and node.name in ctx.dra_nodes:
            continue        # its GPUs are offered as DRA devices (ResourceSlices), not as a node resource
        if not resources and any(OTHER_ACCELERATOR_RE.match(r) for r, v in node.allocatable.items() if v not in ("0", "")):
            continue        # it advertises its accelerator (AWS Neuron, Gaudi, TPU): no GPU resource is expected
        if not resources:
            yield ctx.finding("node.gpu_not_advertised", "error", node_subject(node.name),
                              [ctx.cite_field(node, f"{node.name} status.allocatable", _gpu_fields(node, "allocatable"))],
                              Certainty.INFERRED, node=node.name, resource=expected_accelerator_resource(node.labels))
            continue
        served = any(v > 0 for v in alloc.values())
        for res in resources:
            c, a = cap.get(res), alloc.get(res)
            if served and not c and not a and not is_gpu_amount(res):
                # capacity and allocatable 0 beside a resource the node does offer: the kubelet zeroes a
                # resource whose plugin stopped serving it (devicemanager, after a MIG layout or strategy
                # change) and drops the name later; nothing is missing. A shared GPU's memory or cores
                # at 0 beside its devices is no stale name: one plugin advertises them together
                continue
            quote = [ctx.cite_field(node, f"{node.name} status.capacity[{res}], allocatable[{res}]",
                                    [_gpu_fields(node, "capacity").get(res), _gpu_fields(node, "allocatable").get(res)])]
            if (a or 0) == 0:
                yield ctx.finding("node.gpu_allocatable_zero", "error", node_subject(node.name), quote,
                                  Certainty.INFERRED, node=node.name, resource=res, available=a or 0, requested=c)
            elif c is not None and a < c:
                yield ctx.finding("node.gpu_unhealthy_devices", "warning", node_subject(node.name), quote,
                                  Certainty.INFERRED, node=node.name, resource=res, available=a, requested=c)


@rule(ids=("node.gpus_missing",), reads=("nodes",))
def gpus_missing(ctx):
    """The node advertises fewer whole GPUs than its machine type has (the provider's size table,
    `triage/evidence/instance_gpus.py`): the device plugin offers what the driver enumerates, so a
    GPU the kernel or the driver does not see (off the bus, a kernel regression, a passthrough gap)
    is missing from capacity itself, below any unhealthy mark. A node that offers nothing is
    gpu_not_advertised's; MIG and shared resources count otherwise (Node.whole_gpu_capacity)."""
    from triage.evidence.instance_gpus import gpus_of_machine_type, machine_type_of
    for node in ctx.gpu_nodes():
        label, machine = machine_type_of(node.labels) or (None, None)
        expected = gpus_of_machine_type(machine)
        cap = node.whole_gpu_capacity
        if expected is None or cap is None or node.ready is False:
            continue
        yield ctx.checked(node_subject(node.name), [node.source])
        if cap >= expected:
            continue
        cites = [ctx.cite_field(node, f"{node.name} metadata.labels[{label}]", machine),
                 ctx.cite_field(node, f"{node.name} status.capacity[nvidia.com/gpu]",
                                _gpu_fields(node, "capacity").get("nvidia.com/gpu"))]
        seen = node.labels.get("nvidia.com/gpu.count")
        if seen is not None:
            cites.append(ctx.cite_field(node, f"{node.name} metadata.labels[nvidia.com/gpu.count]", seen))
        yield ctx.finding("node.gpus_missing", "error", node_subject(node.name), cites, Certainty.INFERRED,
                          node=node.name, resource="nvidia.com/gpu", machine_type=machine, expected=expected,
                          advertised=cap)


@rule(ids=("node.gpu_not_advertised",), reads=("nodes", "events", "pods"))
def autoscaler_unready_gpu_node(ctx):
    """State first: a pending pod made the cluster autoscaler scale up more than once, and a node
    that joined between those scale-ups has no GPU resource yet while its device plugin is still
    starting (no restart), without the label the autoscaler knows GPU nodes by (`GPU_LABELS`). The
    autoscaler took it for a finished node without GPUs and added another: the missing label is
    the node's fault, the plugin's start is expected."""
    for pod in ctx.scope_pods:
        triggers = scale_ups(ctx, pod) if not pod.node_name else ()
        if len(triggers) < 2:
            continue
        for node in ctx.gpu_nodes():
            if node.gpu_capacity or node.ready is not True or not born_between(node, triggers[0], triggers[-1]):
                continue
            label = GPU_LABELS.get(provider_of(node, triggers[-1].message))
            plugins = ctx.stack_on(node.name, "device-plugin")
            if label is None or label in node.labels or not plugins \
                    or any(st.restart_count for p in plugins for st in p.container_statuses):
                continue
            yield ctx.finding("node.gpu_not_advertised", "error", node_subject(node.name),
                              [ctx.cite_field(node, f"{node.name} metadata.labels[{label}]", None),
                               *(ctx.cite_event(ev) for ev in triggers[:3])], Certainty.INFERRED,
                              node=node.name, resource=expected_accelerator_resource(node.labels),
                              reason="autoscaler_gpu_label_missing", label=label, rescaled=True,
                              namespace=pod.namespace, pod=pod.name, plugin_pod=plugins[0].name)


MAX_NODES_NAMED = 8


def _every_node_weighed(ctx, pod) -> bool:
    """Whether the bundle holds every node the scheduler weighed for `pod` (its message's "0/N
    nodes are available" against the node list): a collector that keeps a bounded few candidate
    nodes may leave out the very nodes that offer the resource."""
    from triage.classify.rules.scheduler import latest_scheduling_message
    msg, _ = latest_scheduling_message(ctx, pod)
    total = msg.total_nodes if msg is not None else None
    return total is not None and total <= len(ctx.bundle.nodes_by_name)


@rule(ids=("node.gpu_not_advertised",), reads=("nodes", "pods"))
def requested_resource_not_offered(ctx):
    """State first: a pending pod asks for a GPU resource that no node's capacity holds, while the
    GPU nodes it may use offer other GPU resources of the same vendor (a MIG profile asked for on
    nodes without that layout, `nvidia.com/gpu` asked for on nodes whose GPUs are MIG slices or
    renamed `.shared` by time-slicing). The scheduler says "Insufficient <resource>"; what is
    missing is that resource on the node: its MIG layout or sharing configuration does not make it.
    Only when the bundle holds every node the scheduler weighed (`_every_node_weighed`)."""
    offered_anywhere = {r for n in ctx.nodes.values() for r in n.gpu_capacity}
    gpu_nodes = [ctx.nodes[n] for n in ctx.gpu_node_names if n in ctx.nodes]
    named: dict[str, set[str]] = {}          # resource -> the nodes already named for it
    for pod in ctx.scope_pods:
        if pod.phase != "Pending" or pod.node_name:
            continue
        wanted = sorted(r for r in pod.gpu_requests if r not in offered_anywhere and not is_gpu_amount(r))
        if not wanted:
            continue
        if not _every_node_weighed(ctx, pod):
            continue
        res = wanted[0]
        vendor = res.split("/", 1)[0]
        seen = named.setdefault(res, set())
        for node in gpu_nodes:
            if len(seen) >= MAX_NODES_NAMED:
                break             # a fleet without that layout anywhere: a few nodes say it for all
            offered = sorted(r for r, v in node.gpu_capacity.items() if v > 0 and r.split("/", 1)[0] == vendor)
            if node.name in seen or not offered or node.ready is False or not node_matches_selector(node, pod):
                continue
            seen.add(node.name)
            yield ctx.finding("node.gpu_not_advertised", "error", node_subject(node.name),
                              [ctx.cite_field(node, f"{node.name} status.capacity",
                                              {r: _gpu_fields(node, "capacity").get(r) for r in offered} | {res: None}),
                               ctx.cite_field(pod, f"{pod.name} resources[{res}]", pod.gpu_requests[res])],
                              Certainty.INFERRED, node=node.name, resource=res, offered=offered,
                              namespace=pod.namespace, pod=pod.name)


# kubelet admission rejections that are the node's (resources, OS, shutdown, predicates):
# the device manager's are the plugin layer's (rules/plugin.py)
_NODE_ADMISSION = frozenset({"out_of_resource", "predicate_failed", "node_shutdown", "invalid_node_info",
                             "os_not_supported", "os_label_mismatch", "init_restart_policy_forbidden",
                             "sysctl_forbidden", "general_predicates_unknown", "admission_recovery_failed",
                             "topology_affinity", "feature_unsupported", "pod_level_resources_unsupported",
                             "supplemental_groups_policy_unsupported", "empty_shared_pool", "smt_alignment", "other"})


@rule(ids=("node.admission_rejected",), reads=("pods",))
def admission_rejected(ctx):
    """The kubelet rejected a pod at admission for a node reason (OutOf<resource>, a failed
    predicate, topology alignment, node shutdown), or in words no catalog knows."""
    for pod in ctx.troubled_pods:
        for f, cite, reason in ctx.admission_facts(pod):
            if f.kind.value not in _NODE_ADMISSION or (f.kind.value == "other" and device_admission(f, reason)):
                continue
            if gpu_capacity_short(f):
                continue      # fewer GPUs than asked for at all: the device plugin's (rules/plugin.py)
            yield ctx.finding("node.admission_rejected", "error", pod_subject(pod), [cite],
                              "unrecognised" if f.kind.value == "other" else "recognised",
                              namespace=pod.namespace, pod=pod.name, node=pod.node_name or None,
                              reason=reason or f.kind.value, message=f.message[:300], resource=f.resource)
            break


def node_matches_selector(node, pod) -> bool:
    """Whether `node`'s labels satisfy the pod's nodeSelector and required node affinity
    (any term, every expression of it); the scheduler rules use it too."""
    for k, v in pod.node_selector.items():
        if node.labels.get(k) != v:
            return False
    terms = pod.required_node_affinity
    if not terms:
        return True
    return any(all(_expr(node, e) for e in term) for term in terms)


def _expr(node, e) -> bool:
    key, op, values = e
    have = node.labels.get(key)
    if op == "In":
        return have in values
    if op == "NotIn":
        return have not in values
    if op == "Exists":
        return have is not None
    if op == "DoesNotExist":
        return have is None
    return True


@rule(ids=("node.label_drift",), reads=("nodes", "pods"))
def label_drift(ctx):
    """A running pod whose node's labels no longer satisfy its required affinity (e.g. GFD
    relabelled the product after time-slicing was enabled). A DaemonSet's pod is not one: its
    controller deletes the pod of a node that stops matching (pkg/controller/daemon
    nodeShouldRunDaemonPod: shouldContinueRunning false), so a mismatch is that deletion pending."""
    for pod in ctx.scope_pods:
        node = ctx.nodes.get(pod.node_name) if pod.node_name else None
        if node is None or pod.phase != "Running" or (not pod.node_selector and not pod.required_node_affinity) \
                or (pod.controller is not None and pod.controller.kind == "DaemonSet"):
            continue
        if not node_matches_selector(node, pod):
            keys = list(pod.node_selector) + [k for t in pod.required_node_affinity[:1] for k, _o, _v in t]
            yield ctx.finding("node.label_drift", "warning", pod_subject(pod),
                              [ctx.cite_selector(pod), ctx.cite_labels(node, dict.fromkeys(keys))],
                              namespace=pod.namespace, pod=pod.name, node=node.name)


@rule(ids=("node.gpu_model_label_mismatch",), reads=("nodes", "pods/exec"))
def model_label_mismatch(ctx):
    """The GPU nvidia-smi reports in a pod differs from the node's gpu.product label."""
    for pod in ctx.scope_pods:
        runs = ctx.pod_smi_runs(pod)
        if not runs:
            continue
        node = ctx.nodes.get(pod.node_name) if pod.node_name else None
        label = node.labels.get("nvidia.com/gpu.product") if node is not None else None
        if not label:
            continue
        for run in runs:
            if not run.in_container:
                continue
            out, parsed = run.out, run.stdout
            report = parsed.report if parsed else None
            names = sorted({g.name for g in (report.gpus if report else ()) if g.name})
            if not names:
                continue
            norm = lambda s: s.replace(" ", "-").replace("-SHARED", "").lower()  # noqa: E731
            if not any(norm(n) in norm(label) or norm(label).startswith(norm(n)) for n in names):
                yield ctx.finding("node.gpu_model_label_mismatch", "warning", node_subject(node.name),
                                  [ctx.cite_object(node, f"{node.name} label nvidia.com/gpu.product={label}"),
                                   ctx.cite_line(out.stdout, 1, f"nvidia-smi in {pod.name}: {', '.join(names)}")],
                                  node=node.name, label="nvidia.com/gpu.product", values=names, gpu=names[0])
