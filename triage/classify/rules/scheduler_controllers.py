"""Scheduler-layer rules on what controllers say about pods that are not placed: the API
server refusing a controller's pods (FailedCreate events, or a controller's own log), a gang
scheduler's PodGroup verdict (the job has no pod yet), and the autoscalers' words on why no node
is added. Placement itself (the scheduler's message judged against the nodes) is rules/scheduler.py."""

from __future__ import annotations

import re

from triage.bundle.objects.fields import as_tuple, dig
from triage.bundle.objects.gpu_resource import is_accelerator_resource
from triage.classify.rules.base import pod_subject, rule
from triage.classify.rules.patterns import role_logs
from triage.classify.rules.autoscaling import autoscaler_verdict

# ResourceQuota wordings that mean "over the quota" (the others: the quota could not be evaluated)
_OVER_QUOTA = frozenset({"exceeded", "must_specify", "failed_constraint", "insufficient_to_consume", "uncovered_scopes"})


@rule(ids=("scheduler.quota_exceeded", "scheduler.create_rejected", "scheduler.create_failed_unrecognised",
           "runtime.runtime_handler_missing"), reads=("events",))
def create_rejections(ctx):
    """A controller could not create its pods (FailedCreate): the API server's admission said
    no. A ResourceQuota over its limit is quota_exceeded; LimitRanger, PodSecurity and a quota
    that could not be evaluated are create_rejected; a missing RuntimeClass is the runtime's;
    any other wording is a finding too, in its own words."""
    from triage.classify.model import Subject
    from triage.evidence.k8s_events.create_rejection import parse_create_rejection
    for (kind, ns, name), events in sorted(ctx.events_by_object.items()):
        builtin = kind in ("ReplicaSet", "StatefulSet", "Job", "DaemonSet", "CronJob", "ReplicationController")
        if not builtin and kind in ("Pod", "Node", ""):
            continue
        for ev in reversed(events):
            if builtin and ev.reason != "FailedCreate":
                continue
            r = None
            if not builtin:
                # an operator's own object (RayCluster, PyTorchJob, a CI runner set) with its own
                # reason (KubeRay's FailedToCreateWorkerPod): only a refusal the API server's own
                # words say (a webhook, quota, policy), never an unknown message of another kind
                if ev.type != "Warning" or "creat" not in ev.reason.lower():
                    continue
                r = parse_create_rejection(ev.message)
                if r is None or r.kind.value == "other":
                    continue
            subject, cites = Subject(kind, name, ns), [ctx.cite_event(ev)]
            base = dict(namespace=ns, workload=f"{kind}/{name}")
            r = r or parse_create_rejection(ev.message)
            q = r.quota if r is not None else None
            if q is not None and q.kind.value in _OVER_QUOTA:
                yield ctx.finding("scheduler.quota_exceeded", "error", subject, cites, **base, quota=q.quota or None,
                                  requested=", ".join(f"{a.resource}={a.quantity}" for a in q.requested)[:200] or None)
            elif r is not None and r.kind.value == "runtime_class_not_found":
                yield ctx.finding("runtime.runtime_handler_missing", "error", subject, cites, **base,
                                  runtime_class=r.runtime_class)
            elif r is not None and r.kind.value != "other":
                yield ctx.finding("scheduler.create_rejected", "error", subject, cites, **base,
                                  reason=(q.kind.value if q is not None else r.kind.value), message=r.detail[:300],
                                  policy=r.policy)
            else:
                yield ctx.finding("scheduler.create_failed_unrecognised", "error", subject, cites, "unrecognised",
                                  **base, message=ev.message[:300])
            break


# a gang scheduler's PodGroup (Volcano: <job>-<job uid>; scheduler-plugins' coscheduling: named by the
# user) carries the scheduler's word while the job has no pod at all
_PODGROUP_UID = re.compile(r"-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_PODGROUP_PLURALS = ("podgroups.scheduling.volcano.sh", "podgroups.scheduling.x-k8s.io", "podgroups.scheduling.sigs.k8s.io")


@rule(ids=("scheduler.custom_scheduler_rejected",), reads=("events",))
def podgroup_events(ctx):
    """The newest Warning event of a PodGroup (Volcano `Unschedulable`: `queue resource quota
    insufficient`, `x/y tasks in gang unschedulable: ...`), about the job that owns it: the job
    waits in its gang scheduler's queue before any pod is created."""
    from triage.classify.model import Subject
    from triage.evidence.scheduler_message import parse_scheduling_message
    owners = {}
    for plural in _PODGROUP_PLURALS:
        for pg in ctx.bundle.custom_resources(plural):
            ref = pg.controller
            if ref is not None:
                owners[(pg.namespace or "", pg.name)] = (ref.kind, ref.name)
    for (kind, ns, name), events in sorted(ctx.events_by_object.items()):
        if kind != "PodGroup":
            continue
        # the queue's verdict is the cause (Volcano writes it as a Normal or a Warning event);
        # "x/y tasks in gang unschedulable" is what it leads to
        policy = [e for e in events if _VOLCANO_VERDICT.match(e.message.strip())]
        warned = [e for e in events if e.type == "Warning" and e.message.strip()]
        if not warned and not policy:
            continue
        ev = (policy or warned)[-1]
        owner_kind, owner = owners.get((ns, name), ("Job", _PODGROUP_UID.sub("", name)))
        known = bool(policy) or parse_scheduling_message(ev.message) is not None
        yield ctx.finding("scheduler.custom_scheduler_rejected", "error", Subject(owner_kind, owner, ns),
                          [ctx.cite_event(ev)], "recognised" if known else "unrecognised", namespace=ns,
                          workload=f"{owner_kind}/{owner}", message=ev.message[:300],
                          scheduler=ev.source_component or None, reason=ev.reason,
                          policy_verdict=bool(policy) or None)


@rule(ids=("scheduler.custom_scheduler_rejected",), reads=("custom-resources|nodes",))
def podgroup_state(ctx):
    """State first: a gang scheduler's PodGroup still Pending (Volcano's enqueue action has not
    moved it to Inqueue, so no pod of its job exists) whose minResources ask for a GPU resource
    that no node of the cluster offers, and no event of it says why. Volcano's enqueue plugins
    (proportion, overcommit: JobEnqueueable) weigh the job against the capacity of the nodes that
    are there: with none offering the GPU it is never enqueued, and an autoscaler that only sees
    pending pods never adds the node it waits for."""
    from triage.classify.model import Subject
    if not ctx.nodes_collected:
        return
    with_events = {(ns, name) for (kind, ns, name) in ctx.events_by_object if kind == "PodGroup"}
    for plural in _PODGROUP_PLURALS:
        for pg in ctx.bundle.custom_resources(plural):
            raw = pg.raw
            status = raw.get("status") if isinstance(raw.get("status"), dict) else {}
            spec = raw.get("spec") if isinstance(raw.get("spec"), dict) else {}
            wants = spec.get("minResources") if isinstance(spec.get("minResources"), dict) else {}
            gpus = sorted(r for r in wants if is_accelerator_resource(r) and str(wants[r]) not in ("0", ""))
            ns = pg.namespace or ""
            if status.get("phase") != "Pending" or not gpus or (ns, pg.name) in with_events:
                continue
            if any(ctx.nodes_with_resource.get(r) for r in gpus):
                continue
            ref = pg.controller
            owner_kind, owner = (ref.kind, ref.name) if ref is not None else ("Job", _PODGROUP_UID.sub("", pg.name))
            yield ctx.finding("scheduler.custom_scheduler_rejected", "error", Subject(owner_kind, owner, ns),
                              [ctx.cite_field(pg, f"PodGroup {pg.name} status, spec.minResources",
                                              {"phase": status.get("phase"), "minResources": wants})],
                              "inferred", namespace=ns, workload=f"{owner_kind}/{owner}", reason="no_capacity",
                              resource=gpus[0], scheduler="volcano" if "volcano" in plural else "coscheduling")


# Volcano's enqueue verdicts, recorded as PodGroup events (Normal, Unschedulable): proportion.go and
# capacity.go `util.FormatResourceNames("queue resource quota insufficient", "insufficient", names)`
# ("queue resource quota insufficient[: insufficient nvidia.com/gpu, ...]"), resourcequota.go
# "resource quota insufficient, requested: %v, used: %v, limited: %v"
_VOLCANO_VERDICT = re.compile(r"^(?:queue resource quota insufficient(?::|$)|resource quota insufficient, requested: )")


# Kueue's verdict on a Workload (evidence/k8s_events/kueue.py): its quota is a quota; every other
# reason (a flavor ruled out, a queue missing or stopped, a failed admission check) keeps the job
# suspended, its pods uncreated or gated
_KUEUE_IDS = {"quota": "scheduler.quota_exceeded"}


@rule(ids=("scheduler.quota_exceeded", "scheduler.scheduling_gated"), reads=("events|custom-resources",))
def queue_admission(ctx):
    """The newest Kueue verdict (a Warning event on a kueue.x-k8s.io Workload, or any event the
    `kueue-admission` recorder wrote; else the Workload's own not-admitted condition) about the
    job the Workload stands for."""
    from triage.evidence.k8s_events.kueue import parse_kueue_verdict
    owners, workloads = {}, []
    for wl in ctx.bundle.custom_resources("workloads.kueue.x-k8s.io"):
        ref = wl.controller
        if ref is not None:
            owners[(wl.namespace or "", wl.name)] = (ref.kind, ref.name)
        workloads.append(wl)
    judged = set()
    for (kind, ns, name), events in sorted(ctx.events_by_object.items()):
        if kind != "Workload":
            continue
        said = [e for e in events if e.type == "Warning" or e.source_component == "kueue-admission"]
        verdicts = [(e, v) for e in said if (v := parse_kueue_verdict(e.message)) is not None]
        if not verdicts:
            kueue = [e for e in said if e.source_component.startswith("kueue") and e.message.strip()]
            if not kueue:
                continue
            verdicts = [(kueue[-1], None)]
        ev, v = verdicts[-1]
        judged.add((ns, name))
        yield _kueue_finding(ctx, v, ev.message, ns, name, owners, ctx.cite_event(ev))
    # state first: a Workload not admitted says why in its own QuotaReserved (or Admitted)
    # condition even when no event about it is in the bundle
    for wl in workloads:
        cond = _not_admitted(wl)
        if cond is not None and (wl.namespace or "", wl.name) not in judged:
            yield _kueue_finding(ctx, parse_kueue_verdict(cond.get("message")), str(cond.get("message")),
                                 wl.namespace or "", wl.name, owners,
                                 ctx.cite_field(wl, f"{wl.name} status.conditions[{cond.get('type')}]", cond))


def _kueue_finding(ctx, v, message: str, ns: str, name: str, owners, cite):
    """The finding of Kueue's verdict `v` (None: words no format knows) on Workload ns/name,
    about the job it stands for: its ownerReference, else the job its generated name carries."""
    from triage.classify.model import Subject
    from triage.evidence.k8s_events.kueue import workload_owner
    owner_kind, owner = owners.get((ns, name)) or workload_owner(name) or ("Workload", name)
    fid = _KUEUE_IDS.get(v.kind.value, "scheduler.scheduling_gated") if v is not None else "scheduler.scheduling_gated"
    params = dict(namespace=ns, workload=f"{owner_kind}/{owner}", admission="kueue", kueue_workload=name,
                  message=message[:300])
    if fid == "scheduler.quota_exceeded":
        # `resource %s unavailable in ClusterQueue`: the queue's resource groups do not cover it at all
        params.update(quota=v.flavor, resource=v.resource, uncovered=v.format.value == "kueue.resource_unavailable" or None)
    else:
        params.update(pod=owner if owner_kind == "Pod" else None, reason=v.kind.value if v else None)
    return ctx.finding(fid, "error", Subject(owner_kind, owner, ns), [cite], "recognised" if v else "unrecognised",
                       **params)


def _not_admitted(wl) -> dict | None:
    """The condition by which Kueue says a Workload waits: QuotaReserved False, else Admitted
    False, with a message (kueue pkg/workload: `Inadmissible` / `Pending` reasons); None when
    it is admitted, finished or says nothing."""
    status = wl.raw.get("status") if isinstance(wl.raw.get("status"), dict) else {}
    conds = {c.get("type"): c for c in status.get("conditions") or () if isinstance(c, dict)}
    if conds.get("Finished", {}).get("status") == "True" or conds.get("Admitted", {}).get("status") == "True":
        return None
    for kind in ("QuotaReserved", "Admitted"):
        c = conds.get(kind)
        if c is not None and c.get("status") == "False" and isinstance(c.get("message"), str) and c["message"].strip():
            return c
    return None


_DENIED_WORDS = ("denied the request", "denied request", "is forbidden: ", " is invalid: ")


@rule(ids=("scheduler.create_rejected",), reads=("pods/log",))
def controller_log_rejections(ctx):
    """A controller that is not one of Kubernetes' own (Agones, KubeRay, a training operator, a
    CI runner controller) logs the API server's refusal to create its pods instead of a
    FailedCreate event: the newest such line of a target pod's log, parsed like the event."""
    from triage.evidence.k8s_events.create_rejection import parse_create_rejection
    for pod, container, text in role_logs(ctx, "workload"):
        if not text.mentions(*_DENIED_WORDS):
            continue              # most logs: decided on their bytes, never decoded
        for n, line in reversed(text.tail(2000)):
            if "creat" not in line.lower() or not any(w in line for w in _DENIED_WORDS):
                continue
            r = parse_create_rejection(line)
            if r is None or r.kind.value == "other":
                continue
            yield ctx.finding("scheduler.create_rejected", "error", pod_subject(pod), [ctx.cite_line(text, n, line)],
                              namespace=pod.namespace, workload=f"Pod/{pod.name}", reason=r.kind.value,
                              message=r.detail[:300], controller_log=container, policy=r.policy)
            break


# Karpenter's nomination (kubernetes-sigs/karpenter pkg/controllers/provisioning/scheduling/events.go
# NominatePodEvent): "Pod should schedule on: nodeclaim/<name>" (or node/<name>)
_NOMINATED = re.compile(r"Pod should schedule on: nodeclaim/(\S{1,253})")


@rule(ids=("scheduler.autoscaler_no_scale_up",), reads=("events",))
def autoscaler(ctx):
    for pod in ctx.scope_pods:
        if pod.node_name:
            continue
        msg, cite, ev = autoscaler_verdict(ctx, pod)
        if cite is not None:
            yield ctx.finding("scheduler.autoscaler_no_scale_up", "warning", pod_subject(pod), [cite],
                              namespace=pod.namespace, pod=pod.name, message=(msg.text if msg else ev.message)[:200],
                              reason=ev.reason)
            continue
        yield from _unlaunched_nodeclaim(ctx, pod)


# KAI-Scheduler's GPU sharing (docs/gpu-sharing): a fraction or an amount of GPU memory asked in the
# pod's annotations, not in its resources. Node autoscalers simulate a pending pod from its resource
# requests, so they never add a GPU node for it; KAI's node-scale-adjuster (docs/gpu-sharing/
# autoscaling, Helm global.clusterAutoscaling) exists to launch full-GPU utility pods in its stead
_SHARE_ANNOTATIONS = ("gpu-fraction", "gpu-memory")


def gpu_share_annotation(pod) -> str | None:
    """The annotation in which `pod` asks its GPU scheduler for a share of a GPU, if any."""
    return next((k for k in _SHARE_ANNOTATIONS if pod.annotations.get(k)), None)
_AUTOSCALERS = ("cluster-autoscaler", "karpenter")          # in their images' names
_SCALE_ADJUSTER = "node-scale-adjuster"


def _images(ctx) -> tuple[str, ...]:
    return tuple(c.image for w in ctx.workloads if w.kind in ("Deployment", "StatefulSet")
                 for c in w.template.containers)


@rule(ids=("scheduler.autoscaler_no_scale_up",), reads=("pods",))
def annotation_share_unseen(ctx):
    """State first: a pending pod whose GPU share lives only in annotations, in a cluster whose node
    autoscaler runs and where nothing stands in for the share (no node-scale-adjuster): the
    autoscaler cannot see that the pod needs a GPU, so no GPU node is added for it, whatever the
    GPU scheduler says about the full nodes."""
    shared = [(pod, share) for pod in ctx.scope_pods if not pod.node_name and pod.phase == "Pending"
              for share in [{k: v for k, v in pod.annotations.items() if k in _SHARE_ANNOTATIONS}]
              if share and not pod.gpu_requests]
    if not shared:
        return                # the workloads' images are read only when a pod asks for a share
    images = _images(ctx)
    autoscaler = next((i for i in images if any(a in i for a in _AUTOSCALERS)), None)
    if autoscaler is None or any(_SCALE_ADJUSTER in i for i in images) \
            or any(w.name == _SCALE_ADJUSTER for w in ctx.workloads):
        return
    for pod, share in shared:
        key = sorted(share)[0]
        yield ctx.finding("scheduler.autoscaler_no_scale_up", "error", pod_subject(pod),
                          [ctx.cite_field(pod, f"{pod.name} metadata.annotations", share)], "inferred",
                          namespace=pod.namespace, pod=pod.name, reason="request_in_annotation",
                          annotation=key, message=f"{key}: {share[key]}", autoscaler=autoscaler.rsplit("/", 1)[-1])


def _unlaunched_nodeclaim(ctx, pod):
    """State first: Karpenter nominated the pod to a NodeClaim that has not launched (its
    Launched condition is not True), or that launched and never registered while the claims it
    nominated the pod to before are gone (Karpenter deletes a claim whose node does not register in
    time and makes another): the node it is adding for the pod does not come."""
    claims = {c.name: c for c in ctx.bundle.custom_resources("nodeclaims.karpenter.sh")}
    nominated = [(ev, m.group(1)) for ev in ctx.pod_events(pod) if ev.reason == "Nominated"
                 for m in [_NOMINATED.search(ev.message)] if m is not None]
    if not nominated:
        return
    ev, name = nominated[-1]
    claim = claims.get(name)
    status = claim.raw.get("status") if claim is not None and isinstance(claim.raw.get("status"), dict) else None
    if status is None:
        return
    conds = {c.get("type"): c for c in status.get("conditions") or () if isinstance(c, dict)}
    launched, registered = conds.get("Launched"), conds.get("Registered")
    gone = sorted({n for _, n in nominated if n not in claims})
    if launched is not None and launched.get("status") == "True":
        if not gone or (registered is not None and registered.get("status") == "True"):
            return            # launched and registering for the first time, or registered: nothing failed yet
        reason, said = "NodeClaimNotRegistered", registered
    else:
        reason, said = "NodeClaimNotLaunched", launched
    yield ctx.finding("scheduler.autoscaler_no_scale_up", "warning", pod_subject(pod),
                      [ctx.cite_event(ev), ctx.cite_field(claim, f"NodeClaim {claim.name} status.conditions",
                                                          status.get("conditions"))], "inferred",
                      namespace=pod.namespace, pod=pod.name, reason=reason, replaced=gone or None,
                      message=str((said or {}).get("message") or (said or {}).get("reason") or "")[:200] or None)


@rule(ids=("scheduler.custom_scheduler_rejected",), reads=("pods/log", "pods"))
def custom_scheduler_log(ctx):
    """A pod waits for a scheduler of its own (spec.schedulerName) that wrote no event and no
    condition about it: that scheduler's pod (named after it, or labelled with its name) says in
    its log what it made of the pod. Its newest line that is not at info level is cited, in words
    no catalog knows (certainty `unrecognised`); no such line leaves the pod unexplained."""
    for pod in ctx.scope_pods:
        name = pod.scheduler_name
        if pod.node_name or pod.phase != "Pending" or name in ("", "default-scheduler") \
                or pod.condition("PodScheduled") is not None:
            continue
        said = _scheduler_says(ctx, name)
        if said is not None:
            text, n, line = said
            yield ctx.finding("scheduler.custom_scheduler_rejected", "error", pod_subject(pod),
                              [ctx.cite_line(text, n, line)], "unrecognised", namespace=pod.namespace,
                              pod=pod.name, message=line.strip()[:300], reason=name, scheduler=name)


def _scheduler_says(ctx, name: str):
    """(log, line number, line): the newest line above info level in the current log of a pod of
    the scheduler `name`, or None."""
    from triage.evidence.error_lines import last_error_lines, looks_informational
    for sched in _scheduler_pods(ctx, name):
        for c in sched.containers:
            text = ctx.log(sched, c.name, False)
            if text is None:
                continue
            found = last_error_lines(text.lines, 1) or [
                (n, line) for n, line in text.tail(20) if line.strip() and not looks_informational(line)][-1:]
            if found:
                return (text, *found[-1])
    return None


def scheduler_failing(ctx, name: str) -> list:
    """Citations that the scheduler `name` is failing, from its own pods: a container that is down
    (not ready, not running) or that crashed with an error its previous log shows (its status and that
    line), the last error-looking line of its current log, or that log ending on client-go's wait
    for its informers' caches (it never started scheduling). Empty when its pods run clean (a
    restart long ago with no log of it says nothing), or none is in the bundle."""
    from triage.evidence.error_lines import last_error_lines
    cites = []
    for sched in _scheduler_pods(ctx, name, running=False):
        for st in sched.container_statuses:
            if st.init:
                continue
            last = st.last_state
            crashed = st.restart_count > 0 and last is not None and last.kind == "terminated" and bool(last.exit_code)
            prev = ctx.log(sched, st.name, True) if crashed else None
            prev_err = last_error_lines(prev.lines, 1) if prev is not None else []
            down = not st.ready or (st.state is not None and st.state.kind != "running")
            if down or prev_err:
                raw = next((x for x in as_tuple(dig(sched.raw, "status", "containerStatuses"))
                            if isinstance(x, dict) and x.get("name") == st.name), {})
                cites.append(ctx.cite_field(sched, f"{sched.name} containerStatuses[{st.name}]",
                                            {k: raw[k] for k in ("ready", "restartCount", "state", "lastState") if k in raw}))
            if prev_err:
                cites.append(ctx.cite_line(prev, *prev_err[-1]))
            cur = ctx.log(sched, st.name, False)
            cur_err = last_error_lines(cur.lines, 1) if cur is not None else []
            if cur_err:
                cites.append(ctx.cite_line(cur, *cur_err[-1]))
            elif cur is not None and (waiting := _waiting_for_caches(cur.lines)) is not None:
                cites.append(ctx.cite_line(cur, waiting + 1, cur.lines[waiting]))
    return cites


# client-go tools/cache shared_informer.go WaitForNamedCacheSync: `Waiting for caches to sync for %s`
# (structured since 1.30: "Waiting for caches to sync" controller=...), then `Caches are synced for %s`
# once every informer has listed; a scheduler whose log ends on the first never started its loop
_CACHE_WAIT = "Waiting for caches to sync"


def _waiting_for_caches(lines) -> int | None:
    """Index of the log's last line when it is client-go's wait for the informers' caches (no
    "Caches are synced" after it), else None."""
    last = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].strip()), None)
    return last if last is not None and _CACHE_WAIT in lines[last] else None


def _scheduler_pods(ctx, name: str, running: bool = True):
    """The pods of the scheduler `name` (the running ones, unless `running` is False): named after it
    (a Deployment's `<name>-<hash>-<id>`) or labelled with it (app, app.kubernetes.io/name, component)."""
    for p in ctx.all_pods:
        labels = p.labels
        if (p.phase == "Running" or not running) and (p.name.startswith(name + "-") or name in (
                labels.get("app"), labels.get("app.kubernetes.io/name"), labels.get("component"))):
            yield p
