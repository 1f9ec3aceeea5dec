"""What the node autoscalers say about a pending pod, read from its events: why no node is added
(cluster-autoscaler's NotTriggerScaleUp, GKE's FailedScaleUp, Karpenter's own FailedScheduling), or
that one is being added (cluster-autoscaler's TriggeredScaleUp). Shared by the placement rules
(rules/scheduler.py) and the autoscaler rule (rules/scheduler_controllers.py)."""

from __future__ import annotations

from datetime import timedelta

from triage.bundle.objects.fields import parse_time

# Karpenter (kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/events.go) writes its own
# FailedScheduling: "Failed to schedule pod, %s"
KARPENTER_WORDS = ("Failed to schedule pod, ",)
# cluster-autoscaler's --max-node-provision-time default: a node group that has produced no node by
# then counts as failed and the scale-up backs off
MAX_NODE_PROVISION = timedelta(minutes=15)


def autoscaler_event(ev) -> bool:
    """An autoscaler's word on why it adds no node: cluster-autoscaler's NotTriggerScaleUp, GKE's
    cluster-autoscaler FailedScaleUp (its visibility events: "Node scale up in zones %v associated
    with this pod failed: %v. Pod is at risk of not being scheduled.", a GCE quota or stockout), or
    Karpenter's own FailedScheduling."""
    if ev.reason in ("NotTriggerScaleUp", "FailedScaleUp"):
        return True
    return ev.reason == "FailedScheduling" and (ev.source_component == "karpenter"
                                                or ev.message.startswith(KARPENTER_WORDS))


def autoscaler_verdict(ctx, pod):
    """(parsed message, citation, event) of the pod's latest autoscaler refusal, or Nones."""
    from triage.evidence.scheduler_message import parse_scheduling_message
    for ev in reversed(ctx.pod_events(pod)):
        if autoscaler_event(ev):
            msg = parse_scheduling_message(ev.message)
            return msg, ctx.cite_event(ev), ev
    return None, None, None


def scale_up_in_progress(ctx, pod):
    """cluster-autoscaler's TriggeredScaleUp for `pod` (core/scaleup/orchestrator: "pod triggered
    scale-up: %v"), with no refusal after it and seen within the node provision time before the
    bundle was collected: a node is being added for it, nothing has failed yet. The event, or None."""
    events = ctx.pod_events(pod)
    trigger = next((ev for ev in reversed(events) if ev.reason == "TriggeredScaleUp"), None)
    seen = parse_time(trigger.last_seen) if trigger is not None else None
    if seen is None:
        return None
    # a refusal seen as late as the trigger (a node group at its max the next loop) ends it
    if any(autoscaler_event(ev) and (parse_time(ev.last_seen) or seen) >= seen for ev in events):
        return None
    manifest = ctx.bundle.manifest
    collected = parse_time(manifest.created_at if manifest else "")
    if collected is None or not timedelta(0) <= collected - seen <= MAX_NODE_PROVISION:
        return None
    return trigger


# cluster-autoscaler's GPU label per cloud provider (cloudprovider/<provider>: GPULabel). A node that
# carries it but has no allocatable GPU yet counts as a GPU node still starting (utils/gpu: the
# device plugin has not registered yet), so the autoscaler waits for it; without the label the new
# node looks like a finished node without GPUs, and the pending pod triggers one more scale-up
GPU_LABELS = {"aws": "k8s.amazonaws.com/accelerator", "gce": "cloud.google.com/gke-accelerator",
              "clusterapi": "cluster-api/accelerator", "alicloud": "aliyun.accelerator/nvidia_name"}
_CAPI_GROUPS = ("MachineDeployment/", "MachineSet/", "MachinePool/")


def provider_of(node, trigger_message: str) -> str | None:
    """The autoscaler's cloud provider for `node`, from its providerID, its names and labels, or the
    node group the scale-up names (Cluster API's are `<Kind>/<namespace>/<name>`); None if unknown."""
    pid = node.provider_id
    if any(g in trigger_message for g in _CAPI_GROUPS):
        return "clusterapi"
    if pid.startswith("aws://") or node.name.endswith((".ec2.internal", ".compute.internal")) \
            or any(k.startswith(("eks.amazonaws.com/", "k8s.amazonaws.com/")) for k in node.labels):
        return "aws"
    if pid.startswith("gce://") or "cloud.google.com/gke-nodepool" in node.labels:
        return "gce"
    if pid.startswith("alicloud://"):
        return "alicloud"
    return None


def scale_ups(ctx, pod) -> tuple:
    """The pod's TriggeredScaleUp events, one per distinct scale-up (message), oldest first."""
    seen: dict[str, object] = {}
    for ev in ctx.pod_events(pod):
        if ev.reason == "TriggeredScaleUp" and parse_time(ev.last_seen) is not None:
            seen.setdefault(ev.message, ev)
    return tuple(sorted(seen.values(), key=lambda ev: parse_time(ev.last_seen)))


def born_between(node, first, last) -> bool:
    born = parse_time(node.creation_timestamp)
    return born is not None and parse_time(first.last_seen) <= born <= parse_time(last.last_seen)
