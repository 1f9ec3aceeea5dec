"""The expected state of the GPU stack, node by node: which components should run on each
GPU node, and the state each one is in. A pure combiner over typed views (nodes, pods,
DaemonSets, the operator's ClusterPolicy): no message text is read here, so a component
that is visibly broken in the objects is seen whatever its log says.

Sources, in this order:
- the stack DaemonSets (GPU Operator, the standalone k8s-device-plugin chart with its GFD,
  GKE's `nvidia-gpu-device-plugin` / `nvidia-driver-installer`, EKS/AKS add-ons, the DRA
  driver's kubelet plugin): a DaemonSet whose nodeSelector, required node affinity and
  tolerations admit a node should have a pod there;
- the stack pods on each node (phase, init-container progress, waiting reasons, restarts,
  exit codes), bound to their node by `spec.nodeName` or, while Pending, by the
  DaemonSet controller's `matchFields metadata.name` affinity;
- the node itself: a Bottlerocket node runs the device plugin as part of its OS (no pod to
  read: the component is `os`); a ClusterPolicy with `driver.enabled: false` or the node label
  `nvidia.com/gpu.deploy.driver=pre-installed` means the host owns the driver (`host`).

    >>> ComponentState("gpu-1", "device-plugin", "crash_loop").broken
    True
    >>> ComponentState("gpu-1", "driver", "host").broken
    False
"""

from __future__ import annotations

from collections import defaultdict
from msgspec import Struct
from msgspec.structs import replace
from typing import Iterable, Mapping

from triage import lazy_re
from triage.bundle.objects.fields import as_tuple, dig
from triage.bundle.objects.gpu_resource import expected_accelerator_resource, labels_say_gpu, labels_say_other_accelerator
from triage.bundle.objects.gpu_stack import COMPUTE_DOMAIN_LABEL, stack_role
from triage.bundle.objects.node import Node
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.workload import Workload

# The operator's order: each stage waits for the one before it.
ORDER = ("nfd", "driver", "toolkit", "device-plugin", "dra-plugin", "gfd", "mig-manager", "validator")

# The state names, worst first within "broken".
BROKEN = ("missing", "not_in_image", "not_created", "not_scheduled", "pending", "image_pull", "start_failed",
          "crash_loop", "failed", "init_stuck", "not_ready", "restarting", "not_reconciled")
FINE = ("running", "completed", "host", "os")
# neither: a container that runs on a NotReady node, not ready with no restart: the kubelet that
# would report its readiness is what is down (the node's finding), so the component is not judged
UNKNOWN = ("unknown",)

_START_FAILED = {"CreateContainerError", "CreateContainerConfigError", "RunContainerError", "StartError",
                 "ContainerCannotRun", "CreateContainerSandboxError", "PostStartHookError"}
_NEVER_RAN = {"StartError", "ContainerCannotRun"}   # terminated reasons of a process the runtime never started
_IMAGE = {"ImagePullBackOff", "ErrImagePull", "InvalidImageName", "ErrImageNeverPull"}
_CREATING = {"", "ContainerCreating", "PodInitializing"}
# an operator validation init container speaks for the stage it validates
# (and GKE's driver installer, an init container of its own DaemonSet, for the driver; the AMD GPU
# Operator's operands, ROCm/gpu-operator internal/plugin/plugin.go and the labeller's and exporter's,
# wait in `driver-init` until /sys/class/kfd and /sys/module/amdgpu/drivers exist)
STAGE_OF_INIT = {"driver-validation": "driver", "toolkit-validation": "toolkit", "cuda-validation": "cuda-validator",
                 "plugin-validation": "device-plugin", "nvidia-driver-installer": "driver",
                 "k8s-driver-manager": "driver", "driver-init": "driver",
                 # GKE's driver installer DaemonSet (container-engine-accelerators
                 # nvidia-driver-installer/*/daemonset-preloaded*.yaml): after the driver, its partition-gpus
                 # init container applies the node pool's MIG partition size
                 "partition-gpus": "mig-manager"}
# the DRA kubelet plugin's init container (k8s-dra-driver-gpu hack/kubelet-plugin-prestart.sh) waits until
# nvidia-smi and libnvidia-ml.so.1 answer under NVIDIA_DRIVER_ROOT: stuck there, the driver is what is missing
DRA_DRIVER_CHECK = "init-container"


class ComponentState(Struct, frozen=True):
    """One component of the GPU stack on one node."""

    node: str
    role: str                      # driver | toolkit | device-plugin | dra-plugin | gfd | mig-manager | validator
    state: str                     # one of BROKEN, FINE or UNKNOWN
    pod: Pod | None = None
    daemonset: Workload | None = None
    container: str = ""            # the container or init container that is in that state
    init: bool = False
    reason: str = ""               # the waiting / terminated reason, or why no pod is there
    message: str = ""
    restarts: int = 0
    exit_code: int | None = None
    started: bool = True           # False: the runtime could not create or start the container
    policy: object | None = None   # the ClusterPolicy / NVIDIADriver whose status says the operator could not reconcile it
    condition: Mapping | None = None   # that object's Error condition, as it holds it

    @property
    def broken(self) -> bool:
        return self.state in BROKEN

    @property
    def stage(self) -> str:
        """The stage the broken part speaks for: a validation init container waits for the
        stage it validates (toolkit-validation stuck in the device plugin pod = the toolkit)."""
        if self.init and self.container in STAGE_OF_INIT:
            return STAGE_OF_INIT[self.container]
        if self.init and self.role == "dra-plugin" and self.container == DRA_DRIVER_CHECK:
            return "driver"
        return self.role


class NodeStack(Struct, frozen=True):
    node: str
    components: tuple[ComponentState, ...]

    def get(self, role: str) -> tuple[ComponentState, ...]:
        return tuple(c for c in self.components if c.role == role)


# ---- pod state ------------------------------------------------------------------------

def pod_state(node: str, role: str, pod: Pod, ds: Workload | None = None) -> ComponentState:
    """The state of one stack pod, read from its phase and container statuses."""
    base = dict(node=node, role=role, pod=pod, daemonset=ds)
    if pod.phase == "Succeeded":
        return ComponentState(state="completed", **base)
    if pod.phase == "Failed":
        return ComponentState(state="failed", reason=pod.reason, message=pod.message, **base)
    statuses = pod.container_statuses
    if not pod.node_name:
        c = pod.condition("PodScheduled")
        return ComponentState(state="pending", reason=(c.reason if c else "") or "Unschedulable",
                              message=c.message if c else "", **base)
    for st in statuses:                # init containers come first, in order
        if not st.init:
            continue
        s = st.state
        if s is None or (s.kind == "terminated" and s.exit_code == 0):
            continue
        if s.kind == "waiting" and s.reason in _IMAGE:
            return ComponentState(state="image_pull", container=st.name, init=True, reason=s.reason,
                                  message=s.message, restarts=st.restart_count, **base)
        if s.kind == "waiting" and s.reason in _CREATING and st.restart_count == 0 and st.last_state is None:
            # the pod itself is still being created (no sandbox yet): no stage has run
            return ComponentState(state="pending", reason=s.reason or "PodInitializing", message=s.message, **base)
        last = st.last_state if st.last_state is not None and st.last_state.kind == "terminated" else None
        return ComponentState(state="init_stuck", container=st.name, init=True,
                              reason=s.reason or s.kind, message=s.message or (last.message if last else ""),
                              restarts=st.restart_count,
                              exit_code=s.exit_code if s.kind == "terminated" else (last.exit_code if last else None),
                              started=_started(s, last), **base)
    for st in statuses:
        if st.init:
            continue
        s = st.state
        last = st.last_state if st.last_state is not None and st.last_state.kind == "terminated" else None
        if s is not None and s.kind == "waiting" and s.reason not in _CREATING:
            state = ("crash_loop" if s.reason == "CrashLoopBackOff" else "image_pull" if s.reason in _IMAGE
                     else "start_failed" if s.reason in _START_FAILED else "not_ready")
            return ComponentState(state=state, container=st.name, reason=s.reason,
                                  message=s.message or (last.message if last else ""), restarts=st.restart_count,
                                  exit_code=last.exit_code if last else None, started=_started(s, last), **base)
        if s is not None and s.kind == "terminated" and (s.exit_code or 0) != 0:
            return ComponentState(state="crash_loop", container=st.name, reason=s.reason or "Error",
                                  message=s.message, restarts=st.restart_count, exit_code=s.exit_code, **base)
        if st.ready and last is not None and (last.exit_code or 0) != 0 and st.restart_count:
            # running again after its last run failed: it keeps failing and coming back
            return ComponentState(state="restarting", container=st.name, reason=last.reason or "Error",
                                  message=last.message or "", restarts=st.restart_count, exit_code=last.exit_code,
                                  **base)
        if not st.ready:
            return ComponentState(state="not_ready", container=st.name,
                                  reason=(s.reason if s is not None else "") or (s.kind if s is not None else "unknown"),
                                  message=s.message if s is not None else "", restarts=st.restart_count,
                                  exit_code=last.exit_code if last else None, **base)
    if not any(not st.init for st in statuses):
        return ComponentState(state="pending", reason=pod.phase or "ContainerCreating", **base)
    return ComponentState(state="running", **base)


def _started(state, last) -> bool:
    """False when the kubelet says the runtime never ran the container's process: waiting in a
    create/start error, or its last run ended in the runtime's StartError / ContainerCannotRun."""
    return not (state.reason in _START_FAILED or (last is not None and last.reason in _NEVER_RAN))


def bound_node(pod: Pod) -> str:
    """The node a stack pod belongs to: spec.nodeName, else (a DaemonSet pod still Pending)
    the `metadata.name` its DaemonSet controller pinned it to."""
    if pod.node_name:
        return pod.node_name
    terms = dig(pod.raw, "spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution",
                "nodeSelectorTerms")
    for term in as_tuple(terms):
        for f in as_tuple(term.get("matchFields") if isinstance(term, Mapping) else None):
            if isinstance(f, Mapping) and f.get("key") == "metadata.name" and f.get("operator") == "In":
                values = as_tuple(f.get("values"))
                if values and isinstance(values[0], str):
                    return values[0]
    return ""


# ---- DaemonSet placement -------------------------------------------------------------------

def admits(ds: Workload, node: Node) -> tuple[bool, str]:
    """Whether `ds`'s pod template may run on `node` (nodeSelector, required node affinity,
    NoSchedule/NoExecute taints vs tolerations) and, when not, why (one line)."""
    tmpl = ds.template
    for k, v in tmpl.node_selector.items():
        if node.labels.get(k) != v:
            have = node.labels.get(k)
            return False, f"nodeSelector {k}={v} (node has {k}={have})" if have is not None else \
                f"nodeSelector {k}={v} (node has no {k})"
    terms = tmpl.required_node_affinity
    if terms and not any(all(_expr(node, e) for e in term) for term in terms):
        return False, "required node affinity"
    for t in node.taints:
        if t.effect in ("NoSchedule", "NoExecute") and not tmpl.tolerates(t):
            return False, f"taint {t} not tolerated"
    return True, ""


def gpu_selector(ds: Workload) -> tuple[str, str] | None:
    """The GPU label a DaemonSet's pods require (nodeSelector, or a required affinity term's `In` /
    `Exists`), when it selects GPU nodes by one: NFD's PCI-presence labels (`pci-10de.present`,
    `pci-1002.present`), GFD's `nvidia.com/gpu.present`, the clouds' accelerator labels, AMD's and
    Intel's GPU labels. (label, value); None for a DaemonSet that selects no GPU label."""
    tmpl = ds.template
    wanted = list(tmpl.node_selector.items())
    terms = tmpl.required_node_affinity
    if len(terms) == 1:           # ORed terms: only a single one requires its labels
        wanted += [(k, vs[0] if op == "In" and vs else "true") for k, op, vs in terms[0] if op in ("In", "Exists")]
    for k, v in wanted:
        if labels_say_gpu({k: v}) or labels_say_other_accelerator({k: v}):
            return k, v
    return None


def same_accelerator(node: Node, label: str, value: str) -> bool:
    """`node`'s accelerator is the kind a DaemonSet selecting `label=value` is meant for (an AMD
    DaemonSet is nothing an NVIDIA node misses)."""
    return expected_accelerator_resource(node.labels) == expected_accelerator_resource({label: value})


def _expr(node: Node, e) -> bool:
    key, op, values = e
    have = node.labels.get(key)
    return {"In": have in values, "NotIn": have not in values, "Exists": have is not None,
            "DoesNotExist": have is None}.get(op, True)


_BOTTLEROCKET = lazy_re.compile(r"^Bottlerocket OS [\w.+-]{1,40} \(([\w.-]{1,60})\)$")


def bottlerocket_variant(os_image: str) -> str | None:
    """The variant in Bottlerocket's osImage (its os-release PRETTY_NAME, `Bottlerocket OS <version>
    (<variant>)`): the NVIDIA kernel driver and device plugin ship only in the `-nvidia` variants
    (aws-k8s-1.28-nvidia), so a GPU node booted from any other has no driver to load.

        >>> bottlerocket_variant("Bottlerocket OS 1.2.1 (aws-k8s-1.21)"), bottlerocket_variant("Ubuntu 22.04.4 LTS")
        ('aws-k8s-1.21', None)
    """
    m = _BOTTLEROCKET.match(os_image.strip()[:120])
    return m.group(1) if m else None


def mig_capable(labels: Mapping[str, str]) -> bool:
    """The GPU Operator's own test (controllers/state_manager.go hasMIGCapableGPU): not a vGPU
    host; GFD's `nvidia.com/mig.capable=true`, or without that label a product naming an A100,
    A30 or H100. The operator then labels the node `nvidia.com/gpu.deploy.mig-manager=true`
    (addGPUStateLabels, container workloads) and its MIG manager runs there."""
    if labels.get("nvidia.com/vgpu.host-driver-version"):
        return False
    if "nvidia.com/mig.capable" in labels:
        return labels["nvidia.com/mig.capable"] == "true"
    product = labels.get("nvidia.com/gpu.product", "").lower()
    return any(g in product for g in ("h100", "a100", "a30"))


def mig_layout_unserved(node: Node) -> str:
    """Why a MIG manager belongs on `node` though its DaemonSet does not select it: a MIG-capable
    node of container workloads asking for a layout (`nvidia.com/mig.config`, other than
    all-disabled) that no MIG manager has acted on (no `nvidia.com/mig.config.state`); "" otherwise."""
    labels = node.labels
    wanted = labels.get("nvidia.com/mig.config", "")
    if not wanted or wanted == "all-disabled" or "nvidia.com/mig.config.state" in labels \
            or labels.get("nvidia.com/gpu.workload.config", "container") != "container" or not mig_capable(labels):
        return ""
    return (f"the node is MIG-capable and asks for nvidia.com/mig.config={wanted}, which no MIG manager "
            "has acted on (no nvidia.com/mig.config.state)")


def has_gpu_hardware(node: Node) -> bool:
    """The node has NVIDIA GPUs by its own account: a GPU resource in capacity, or the labels
    NFD (`pci-10de.present`) and GFD / the operator (`nvidia.com/gpu.present`, `.product`,
    `.count`) write from the hardware, or the cloud provider's accelerator labels."""
    return any(v > 0 for v in node.gpu_capacity.values()) or labels_say_gpu(node.labels)


def advertises_gpus(node: Node) -> bool:
    """The kubelet lists a GPU resource (NVIDIA's, or another device plugin's: Intel, AMD,
    tkestack's vcuda) with a non-zero allocatable: a device plugin registered it."""
    return any(v > 0 for v in node.gpu_allocatable.values())


def registered_gpus(node: Node) -> bool:
    """The kubelet knows a GPU resource at all (in capacity, even at 0): a device plugin
    registered it once; a 0 or a lower allocatable is about its devices, not its registration."""
    return bool(node.gpu_capacity) or bool(node.gpu_allocatable)


# the kubelet's own accelerator support before device plugins (Kubernetes <= 1.10): no plugin advertises it
_LEGACY_GPU = "alpha.kubernetes.io/nvidia-gpu"


def _plugin_resources(node: Node) -> bool:
    """The node advertises a GPU resource a device plugin registered (not the kubelet's legacy one)."""
    return any(v > 0 for r, v in node.gpu_allocatable.items() if r != _LEGACY_GPU)


def owner_daemonset(pod: Pod) -> str:
    ref = pod.controller
    return ref.name if ref is not None and ref.kind == "DaemonSet" else ""


def _host_driver(node: Node, policy_driver_enabled: bool | None) -> bool:
    return policy_driver_enabled is False or node.labels.get("nvidia.com/gpu.deploy.driver") == "pre-installed"


def policy_driver_enabled(policies: Iterable) -> bool | None:
    """ClusterPolicy `spec.driver.enabled` (None: no policy, or it does not say)."""
    for p in policies:
        enabled = dig(getattr(p, "raw", p), "spec", "driver", "enabled")
        if isinstance(enabled, bool):
            return enabled
    return None


# The GPU Operator's ClusterPolicy status (v23.9 - v26.x: internal/conditions, controllers/
# clusterpolicy_controller.go): a state the operator cannot render is an `Error` condition with reason
# `ReconcileFailed` and message "Failed to reconcile %s: %s" (the state's name, then the error); its
# operand's DaemonSet is then never created or updated (state_manager.go's states, in order)
OPERATOR_STATE_ROLE: Mapping[str, str] = {
    "state-driver": "driver", "state-vgpu-manager": "driver", "state-vfio-manager": "driver",
    "state-container-toolkit": "toolkit", "state-device-plugin": "device-plugin",
    "state-sandbox-device-plugin": "device-plugin", "state-vgpu-device-manager": "device-plugin",
    "state-gpu-feature-discovery": "gfd", "state-mig-manager": "mig-manager",
}
_RECONCILE_FAILED = lazy_re.compile(r"^Failed to reconcile (state-[a-z-]{1,60}): ")


def _failed_conditions(obj) -> Iterable[dict]:
    for cond in as_tuple(dig(getattr(obj, "raw", obj), "status", "conditions")):
        if isinstance(cond, Mapping) and cond.get("type") == "Error" and cond.get("status") == "True" \
                and cond.get("reason") == "ReconcileFailed" and isinstance(cond.get("message"), str):
            yield dict(cond)


def reconcile_failures(policies: Iterable, drivers: Iterable = ()) -> dict[str, tuple[object, dict]]:
    """role -> (the operator's object, its Error condition) for each stage the operator says it
    failed to reconcile: a ClusterPolicy state by its name (`OPERATOR_STATE_ROLE`; states of no stage
    here are left out); an NVIDIADriver (controllers/nvidiadriver_controller.go: an unsupported
    combination, a missing secret, "Error syncing state %s: %v") is the driver's, whatever it says."""
    out: dict[str, tuple[object, dict]] = {}
    for p in policies:
        for cond in _failed_conditions(p):
            m = _RECONCILE_FAILED.match(cond["message"])
            role = OPERATOR_STATE_ROLE.get(m.group(1)) if m else None
            if role:
                out.setdefault(role, (p, cond))
    for d in drivers:
        for cond in _failed_conditions(d):
            out.setdefault("driver", (d, cond))
    return out


def _selects(obj, node: Node) -> bool:
    """An NVIDIADriver's spec.nodeSelector picks the node (a ClusterPolicy, or no selector: every node)."""
    sel = dig(getattr(obj, "raw", obj), "spec", "nodeSelector")
    return not isinstance(sel, Mapping) or all(node.labels.get(k) == v for k, v in sel.items())


def _compute_domain_ds(ds: Workload) -> bool:
    """The DRA driver's per-ComputeDomain IMEX daemon DaemonSet (it selects the domain's node label)."""
    return COMPUTE_DOMAIN_LABEL in ds.template.node_selector or ds.name.startswith("computedomain-daemon-")


def ds_short(ds: Workload) -> bool:
    """The DaemonSet's own status says a pod it wants is not there or not ready (no status: unknown, so yes)."""
    st = ds.raw.get("status") if isinstance(ds.raw.get("status"), Mapping) else {}
    desired = st.get("desiredNumberScheduled")
    if not isinstance(desired, int):
        return True
    return any(isinstance(st.get(k), int) and st[k] < desired for k in ("currentNumberScheduled", "numberReady"))


def node_stacks(nodes: Iterable[Node], stack_pods: Iterable[tuple[str, Pod]], daemonsets: Iterable[Workload],
                driver_enabled: bool | None = None, pods_read: frozenset[str] | None = None,
                listed_everywhere: bool = False,
                reconcile_failed: Mapping[str, tuple[object, dict]] | None = None) -> dict[str, NodeStack]:
    """One NodeStack per node given: the state of every component expected or found there.
    `pods_read`: the namespaces whose pod list the bundle holds (None: all); a DaemonSet's pod is
    called missing only when its namespace was read and the DaemonSet's own status is short.
    With the GPU Operator's own pod running and no device plugin anywhere (no pod, no
    DaemonSet), a node that advertises no GPU has its device plugin `not_created`: the operator
    never made it (its log says why), cited from the operator's pod. `listed_everywhere`: the
    collector listed the GPU stack's DaemonSets in every namespace and got an answer; then a GPU
    node with no GPU resource, no plugin pod and no plugin DaemonSet anywhere has its device
    plugin `missing` (nobody installed one). `reconcile_failed` (`reconcile_failures` of the
    ClusterPolicies): a stage whose state the operator failed to reconcile, with neither a pod nor a
    DaemonSet of it for the node, is `not_created`, cited from the policy's condition."""
    nodes = list(nodes)
    stack_pods = list(stack_pods)
    operator = next((p for role, p in stack_pods if role == "operator" and p.phase == "Running"), None)
    by_node: dict[str, list[tuple[str, Pod]]] = defaultdict(list)
    for role, pod in stack_pods:
        if role in ORDER or role in ("cuda-validator", "plugin-validator"):
            by_node[bound_node(pod)].append((role, pod))
    stack_ds = []
    for ds in daemonsets:
        if ds.kind != "DaemonSet":
            continue
        role = stack_role(ds.raw, images=True, coarse=True)
        if role in ORDER:
            stack_ds.append((role, ds))
    # A node in scope only because a GPU-stack pod runs there, showing no GPU hardware and no GPU
    # resource while other nodes show hardware, is a node without GPUs (a DaemonSet with no GPU
    # selector placed a pod on it): nothing says a device plugin belongs there. With no node
    # showing hardware (no labeller ran anywhere), a node the plugin's DaemonSet does not select
    # may still be one.
    hardware_shown = any(has_gpu_hardware(n) for n in nodes)
    out = {}
    for node in nodes:
        comps: list[ComponentState] = []
        seen_ds: set[tuple[str, str]] = set()
        seen_roles: set[str] = set()
        for role, pod in sorted(by_node.get(node.name, ()), key=lambda rp: (rp[1].namespace or "", rp[1].name)):
            if role in ("cuda-validator", "plugin-validator"):
                st = pod_state(node.name, role, pod)
                if st.broken:
                    comps.append(st)
                continue
            owner = owner_daemonset(pod)
            ds = next((d for r, d in stack_ds if d.name == owner and d.namespace == pod.namespace), None)
            seen_ds.add((pod.namespace or "", owner))
            seen_roles.add(role)
            comps.append(pod_state(node.name, role, pod, ds))
        for role, ds in stack_ds:
            if (ds.namespace or "", ds.name) in seen_ds:
                continue
            ok, why = admits(ds, node)
            if ok:
                if (pods_read is None or (ds.namespace or "") in pods_read) and ds_short(ds):
                    comps.append(ComponentState(node.name, role, "missing", daemonset=ds,
                                                reason="no pod of the DaemonSet on the node"))
            elif role in ("device-plugin", "dra-plugin") and role not in seen_roles and not _plugin_resources(node) \
                    and not _compute_domain_ds(ds) \
                    and (has_gpu_hardware(node) or registered_gpus(node) or not hardware_shown):
                # (a ComputeDomain's IMEX daemons run only on the nodes of that domain: elsewhere nothing is missing)
                # the node has GPUs but the plugin's DaemonSet does not want a pod there
                comps.append(ComponentState(node.name, role, "not_scheduled", daemonset=ds, reason=why))
            elif role == "mig-manager" and (unserved := mig_layout_unserved(node)):
                # the operator labels every MIG-capable node for the MIG manager; this one asks for a
                # layout and the manager's DaemonSet does not select it: nobody will ever apply it
                comps.append(ComponentState(node.name, role, "not_scheduled", daemonset=ds, reason=f"{why}; {unserved}"))
            elif why.startswith("taint ") and has_gpu_hardware(node) and not _compute_domain_ds(ds):
                # any other stage: its DaemonSet selects the node (selector and affinity passed) and
                # a taint it does not tolerate keeps its pod away, so that stage never runs there
                comps.append(ComponentState(node.name, role, "not_scheduled", daemonset=ds, reason=why))
        roles = {c.role for c in comps}
        for role, (policy, cond) in sorted((reconcile_failed or {}).items()):
            if not has_gpu_hardware(node) or not _selects(policy, node):
                continue
            message = str(cond.get("message", ""))
            if role not in roles and not any(r == role for r, _ in stack_ds):
                comps.append(ComponentState(node.name, role, "not_created", reason=message, policy=policy,
                                            condition=cond))
                roles.add(role)
            else:
                # the stage runs, from the spec before the one the operator cannot apply: its
                # object says the stage is not what was asked for (a version, GDRCopy, a secret)
                comps = [replace(c, state="not_reconciled", reason=message, policy=policy, condition=cond)
                         if c.role == role and not c.broken else c for c in comps]
        variant = bottlerocket_variant(node.os_image)
        if variant and "nvidia" not in variant and "driver" not in roles and has_gpu_hardware(node):
            comps.append(ComponentState(node.name, "driver", "not_in_image", reason=node.os_image))
        elif "device-plugin" not in roles and "dra-plugin" not in roles and "bottlerocket" in node.os_image.lower():
            comps.append(ComponentState(node.name, "device-plugin", "os", reason=node.os_image))
        elif "device-plugin" not in roles and "dra-plugin" not in roles and operator is not None \
                and not any(r in ("device-plugin", "dra-plugin") for r, _ in stack_ds) \
                and not any(v > 0 for v in node.gpu_allocatable.values()):
            main = next((c.name for c in operator.containers if not c.init), "")
            comps.append(ComponentState(node.name, "device-plugin", "not_created", pod=operator, container=main,
                                        reason="the GPU Operator runs and no device plugin DaemonSet exists"))
        elif "device-plugin" not in roles and "dra-plugin" not in roles and listed_everywhere \
                and not any(r in ("device-plugin", "dra-plugin") for r, _ in stack_ds) \
                and has_gpu_hardware(node) and not registered_gpus(node) and not _plugin_resources(node):
            comps.append(ComponentState(node.name, "device-plugin", "missing",
                                        reason="no device plugin DaemonSet in any namespace (the cluster-wide "
                                               "DaemonSet list holds none) and no plugin pod on the node"))
        if "driver" not in roles and _host_driver(node, driver_enabled):
            comps.append(ComponentState(node.name, "driver", "host",
                                        reason="ClusterPolicy driver.enabled=false" if driver_enabled is False
                                        else "label nvidia.com/gpu.deploy.driver=pre-installed"))
        if node.ready is False:
            comps = [replace(c, state="unknown", reason=f"{c.reason}; the node is NotReady")
                     if c.state == "not_ready" and c.reason == "running" and not c.restarts else c for c in comps]
        comps.sort(key=lambda c: (ORDER.index(c.role) if c.role in ORDER else len(ORDER), c.state, c.container))
        out[node.name] = NodeStack(node.name, tuple(comps))
    return out
