"""Scheduler-layer rules on where the DaemonSet controller places the pods meant for GPU nodes
that are not the GPU stack's own stages (those are judged in `triage.evidence.stack_state`): a
GPU agent selecting GPU nodes by a label (GPUStack's workers select NFD's `pci-10de.present`),
the DCGM exporter. The controller never creates a pod on a node its selector, required affinity
or taints exclude (pkg/controller/daemon nodeShouldRunDaemonPod), so nothing else reports it: no
pod, no event, `desiredNumberScheduled` counts without the node. This is state, whatever any
log says.

- the selector names a GPU label that no node of the cluster carries (the labeller that writes it,
  NFD or GFD, runs nowhere): `scheduler.selector_label_absent`;
- the node is selected, and a NoSchedule / NoExecute taint it carries is not tolerated:
  `scheduler.untolerated_taint` (for the DCGM exporter, whose absence costs metrics and no
  workload, only when the node itself is asked about).
"""

from __future__ import annotations

from triage.bundle.objects.fields import as_tuple, dig
from triage.bundle.objects.gpu_stack import stack_role
from triage.classify.model import Certainty
from triage.classify.rules.base import node_subject, rule
from triage.evidence.stack_state import ORDER, admits, gpu_selector, owner_daemonset, same_accelerator

# node components outside the stack's stages: monitoring, judged only for the node asked about
_MONITORING = ("dcgm-exporter", "dcgm")
_KUBELET_PLUGIN_DIRS = ("/var/lib/kubelet/device-plugins", "/var/lib/kubelet/plugins_registry")


def _registers_devices(ds) -> bool:
    """Its pods mount the kubelet's device-plugin (or DRA plugin) directory: it advertises devices."""
    vols = as_tuple(dig(ds.raw, "spec", "template", "spec", "volumes"))
    return any(isinstance(v, dict) and isinstance(v.get("hostPath"), dict)
               and str(v["hostPath"].get("path", "")).rstrip("/") in _KUBELET_PLUGIN_DIRS for v in vols)


def _status(ds) -> dict:
    st = ds.raw.get("status")
    return {k: st[k] for k in ("desiredNumberScheduled", "currentNumberScheduled", "numberReady") if k in st} \
        if isinstance(st, dict) else {}


@rule(ids=("scheduler.selector_label_absent", "scheduler.untolerated_taint"), reads=("daemonsets", "nodes"))
def daemonset_excludes_gpu_node(ctx):
    """A DaemonSet meant for GPU nodes that the controller keeps off a GPU node in scope."""
    unseen = {(ds.namespace, ds.name): (label, value) for ds, label, value in ctx.gpu_label_unseen_daemonsets}
    for ds in ctx.daemonsets:
        role = stack_role(ds.raw, images=True)
        if role in ORDER or role in ("cuda-validator", "plugin-validator", "validator", "operator"):
            continue
        sel = gpu_selector(ds)
        if sel is None and role not in _MONITORING:
            continue
        for node in ctx.gpu_nodes():
            if sel is not None and not same_accelerator(node, *sel) and node.looks_like_gpu_node:
                continue
            ok, why = admits(ds, node)
            if ok or any(owner_daemonset(p) == ds.name and p.namespace == ds.namespace
                         for p in ctx.pods_by_node.get(node.name, ())):
                # (a pod placed before a NoSchedule taint came keeps running: the controller leaves it)
                continue
            subject = node_subject(node.name)
            base = dict(node=node.name, daemonset=ds.name, namespace=ds.namespace, status=_status(ds) or None,
                        device_plugin=_registers_devices(ds) or None)
            if sel is not None and (ds.namespace, ds.name) in unseen and node.labels.get(sel[0]) is None:
                label, value = unseen[(ds.namespace, ds.name)]
                labeller = "nfd" if label.startswith("feature.node.kubernetes.io/") else "gfd"
                unlabelled = ctx.stack_listed_everywhere and not any(
                    stack_role(d.raw, images=True) == labeller for d in ctx.stack_daemonsets)
                yield ctx.checked(subject, [ds.source, node.source])
                yield ctx.finding("scheduler.selector_label_absent", "error", subject,
                                  [ctx.cite_field(ds, f"DaemonSet {ds.name} spec.template.spec.nodeSelector",
                                                  dict(ds.template.node_selector)), ctx.cite_labels(node, [label]),
                                   ctx.cite_field(ds, f"DaemonSet {ds.name} status", _status(ds))],
                                  Certainty.INFERRED, label=label, requested=[value], unlabelled=unlabelled or None, **base)
            elif why.startswith("taint ") and (sel is not None or ctx.scope.node == node.name):
                taint = next(t for t in node.taints if t.effect in ("NoSchedule", "NoExecute")
                             and not ds.template.tolerates(t))
                yield ctx.checked(subject, [ds.source, node.source])
                yield ctx.finding("scheduler.untolerated_taint", "error" if sel is not None else "warning", subject,
                                  [ctx.cite_field(node, f"{node.name} spec.taints", dig(node.raw, "spec", "taints")),
                                   ctx.cite_field(ds, f"DaemonSet {ds.name} spec.template.spec.tolerations",
                                                  dig(ds.raw, "spec", "template", "spec", "tolerations") or []),
                                   ctx.cite_field(ds, f"DaemonSet {ds.name} status", _status(ds))],
                                  Certainty.INFERRED, taint=str(taint), nodes=[node.name], **base)
