"""Kubelet/controller events, pod status messages and container states: real corpus cases,
the formats of k8s-protocol.md A2/A3, and properties over arbitrary and mutated text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from tests.conftest import CORPUS
from tests.evidence.real_cases import CASES
from triage.bundle.objects.containers import ContainerState
from triage.evidence.k8s_events.admission import AdmissionFailure, AdmissionKind as A, parse_admission_failure
from triage.evidence.k8s_events.container_start import ContainerStartFailure
from triage.evidence.k8s_events.create_rejection import CreateRejection
from triage.evidence.k8s_events.describe_text import EventRow, parse_describe_states, parse_event_rows
from triage.evidence.k8s_events.dispatch import parse_event, parse_event_message, parse_pod_status, scheduling_failure
from triage.evidence.k8s_events.eviction import EvictedContainer, Eviction, parse_eviction
from triage.evidence.k8s_events.image_pull import ImagePullFailure, PullErrorKind, parse_image_pull
from triage.evidence.k8s_events.node_events import NodeNotReady, SystemOOM, parse_node_not_ready, parse_system_oom
from triage.evidence.k8s_events.pod_setup import (
    SandboxFailure, VolumeFailure, VolumeFailureKind, parse_sandbox_failure, parse_volume_failure)
from triage.evidence.k8s_events.probes import (
    BackOff, BackOffKind, ContainerKilled, KillCause, ProbeFailure, ProbeKind, ProbeOutcome as PO, parse_back_off,
    parse_killing, parse_probe_failure)
from triage.evidence.k8s_events.quota import QuotaRejection, parse_quota_rejection
from triage.evidence.k8s_events.termination import TerminationKind as T, classify_termination
from triage.evidence.runtime_error import CliCause, RuntimeErrorKind, RuntimeFailure
from triage.evidence.scheduler_message import parse_scheduling_message



def text(case_id: str) -> str:
    return CASES[case_id]["text"]


def line_with(case_id: str, needle: str) -> str:
    return next(line for line in text(case_id).splitlines() if needle in line)


# ---- admission ------------------------------------------------------------------------------------

@pytest.mark.parametrize("case_id,resource,requested,available", [
    ("admission-devices-unavailable-after-node-reboot", "aliyun.com/gpu-mem", 1, 0),
    ("operator-reconcile-alert-plugin-validation-restarting", "nvidia.com/gpu", 1, 0),
    ("legacy-gpus-stranded-after-container-restart", "alpha.kubernetes.io/nvidia-gpu", 4, 0),
])
def test_real_devices_unavailable(case_id, resource, requested, available):
    f = parse_admission_failure(line_with(case_id, "Requested"))
    assert (f.kind, f.resource, f.requested, f.available) == (A.DEVICES_UNAVAILABLE, resource, requested, available)


def test_real_get_preferred_allocation_gpu_lost():
    f = parse_admission_failure(line_with("dp-gpu-lost-blocks-other-gpus", "GetPreferredAllocation"))
    assert (f.kind, f.rpc_code, f.gpu_lost) == (A.PREFERRED_ALLOCATION_FAILED, "Unknown", True)


def test_status_message_prefix_and_spacing_variants():
    status = ("Pod was rejected: Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
              "Requested: 1, Available: 0, which is unexpected")
    f = parse_pod_status("UnexpectedAdmissionError", status)
    assert f.rejected and not f.message.startswith("Pod was rejected")
    assert (f.resource, f.requested, f.available) == ("nvidia.com/gpu", 1, 0)
    tight = parse_admission_failure("Allocate failed due to requested number of devices unavailable for "
                                       "nvidia.com/gpu. Requested:1, Available: 0, which is unexpected")
    assert (tight.requested, tight.available, tight.rejected) == (1, 0, False)


@pytest.mark.parametrize("message,kind,resource", [
    ("Allocate failed due to cannot allocate unregistered device nvidia.com/gpu, which is unexpected",
     A.UNREGISTERED_DEVICE, "nvidia.com/gpu"),
    ("Allocate failed due to no healthy devices present; cannot allocate unhealthy devices nvidia.com/gpu, "
     "which is unexpected", A.NO_HEALTHY_DEVICES, "nvidia.com/gpu"),
    ("Allocate failed due to previously allocated devices are no longer healthy; cannot allocate unhealthy devices "
     "nvidia.com/mig-1g.10gb, which is unexpected", A.ALLOCATED_NOW_UNHEALTHY, "nvidia.com/mig-1g.10gb"),
])
def test_device_manager_variants(message, kind, resource):
    f = parse_event_message("UnexpectedAdmissionError", message)
    assert (f.kind, f.resource) == (kind, resource)


def test_plugin_rpc_failures():
    eof = parse_event_message("UnexpectedAdmissionError", "Allocate failed due to rpc error: code = Unavailable "
                                 "desc = error reading from server: EOF, which is unexpected")
    assert (eof.kind, eof.rpc_code, eof.gpu_lost) == (A.PLUGIN_RPC_FAILED, "Unavailable", False)
    shared = parse_event_message("UnexpectedAdmissionError", "Allocate failed due to rpc error: code = Unknown desc "
                                    "= invalid request: maximum request size for shared resources is 1; found 2, "
                                    "which is unexpected")
    assert (shared.kind, shared.requested, shared.available) == (A.SHARED_REQUEST_TOO_LARGE, 2, 1)


def test_out_of_resource_reason_and_message():
    f = parse_pod_status("OutOfnvidia.com/gpu", "Pod was rejected: Node didn't have enough resource: "
                            "nvidia.com/gpu, requested: 1, used: 1, capacity: 1")
    assert (f.kind, f.resource, f.requested, f.used, f.capacity) == (A.OUT_OF_RESOURCE, "nvidia.com/gpu", 1, 1, 1)
    bare = parse_event_message("OutOfcpu", "something else entirely")
    assert (bare.kind, bare.resource) == (A.OUT_OF_RESOURCE, "cpu")
    pred = parse_pod_status("NodeAffinity", "Pod was rejected: Predicate NodeAffinity failed")
    assert (pred.kind, pred.predicate) == (A.PREDICATE_FAILED, "NodeAffinity")


# ---- probes, kills, back-off ------------------------------------------------------------------------

def test_real_liveness_404_and_kill():
    rows = parse_event_rows(text("probe-liveness-404-killed"))
    assert [(r.reason, r.count, r.source) for r in rows] == [("Unhealthy", 3, "kubelet"), ("Killing", 1, "kubelet")]
    probe = parse_event_message(rows[0].reason, rows[0].message)
    assert (probe.probe, probe.outcome, probe.status_code) == (ProbeKind.LIVENESS, PO.HTTP_STATUS, 404)
    kill = parse_event_message(rows[1].reason, rows[1].message)
    assert (kill.container, kill.cause) == ("vllm-standalone-3b-vllm-llama-3-3b-instruct", KillCause.LIVENESS_PROBE)


def test_real_startup_503():
    f = parse_probe_failure(text("probe-startup-503-killed-mid-load"))
    assert (f.probe, f.outcome, f.status_code) == (ProbeKind.STARTUP, PO.HTTP_STATUS, 503)


@pytest.mark.parametrize("message,outcome,target", [
    ('Readiness probe failed: Get "http://10.1.2.3:8080/healthz": dial tcp 10.1.2.3:8080: connect: connection refused',
     PO.CONNECTION_REFUSED, "http://10.1.2.3:8080/healthz"),
    ('Liveness probe failed: Get "http://10.244.1.7:8000/health": context deadline exceeded (Client.Timeout exceeded '
     'while awaiting headers)', PO.TIMEOUT, "http://10.244.1.7:8000/health"),
    ("Liveness probe failed: dial tcp 10.244.1.7:8000: i/o timeout", PO.TIMEOUT, "10.244.1.7:8000"),
    ("Startup probe failed: cat: /tmp/ready: No such file or directory", PO.EXEC_OUTPUT, None),
    ('Readiness probe failed: service unhealthy (responded with "NOT_SERVING")', PO.GRPC, None),
])
def test_probe_outcomes(message, outcome, target):
    f = parse_event_message("Unhealthy", message)
    assert (f.outcome, f.target) == (outcome, target)


def test_probe_errored_and_kill_variants():
    assert parse_probe_failure("Liveness probe errored: rpc error: code = Unknown").errored
    assert parse_killing("Container trainer failed startup probe, will be restarted").cause is KillCause.STARTUP_PROBE
    assert parse_killing("Stopping container trainer") == ContainerKilled("trainer", KillCause.STOPPING)


def test_back_off_both_forms_and_crashloop_message():
    old = parse_event_message("BackOff", "Back-off restarting failed container")
    assert (old.kind, old.container) == (BackOffKind.CONTAINER_RESTART, None)
    new = parse_event_message("BackOff", "Back-off restarting failed container trainer in pod job-0_ml(6b1f2c)")
    assert (new.container, new.pod) == ("trainer", "job-0_ml(6b1f2c)")
    loop = parse_event_message("CrashLoopBackOff", "back-off 5m0s restarting failed container=trainer "
                                  "pod=job-0_ml(6b1f2c)")
    assert (loop.delay, loop.container, loop.pod) == ("5m0s", "trainer", "job-0_ml(6b1f2c)")
    img = parse_event_message("BackOff", 'Back-off pulling image "nvcr.io/nvidia/cuda:12.4.0-base-ubuntu22.04"')
    assert (img.kind, img.image) == (BackOffKind.IMAGE_PULL, "nvcr.io/nvidia/cuda:12.4.0-base-ubuntu22.04")


# ---- images, sandbox, volumes -----------------------------------------------------------------------

def test_real_driver_image_not_found():
    f = parse_event_message("Failed", text("driver-image-pull-notfound-buildroot"))
    assert (f.kind, f.image) == (PullErrorKind.NOT_FOUND, "nvcr.io/nvidia/driver:515.65.01-buildroot2021.02.12")


@pytest.mark.parametrize("detail,kind", [
    ("rpc error: code = Unknown desc = failed to pull and unpack image \"x\": failed to resolve reference \"x\": "
     "unexpected status from HEAD request to https://nvcr.io/v2/x/manifests/1: 401 Unauthorized", PullErrorKind.UNAUTHORIZED),
    ("rpc error: code = Unknown desc = Error response from daemon: manifest for x:1 not found: manifest unknown: "
     "manifest unknown", PullErrorKind.MANIFEST_UNKNOWN),
    ("rpc error: code = Unknown desc = toomanyrequests: You have reached your pull rate limit.", PullErrorKind.RATE_LIMITED),
    ("rpc error: code = DeadlineExceeded desc = dial tcp 1.2.3.4:443: i/o timeout", PullErrorKind.NETWORK),
])
def test_pull_error_kinds(detail, kind):
    assert parse_image_pull(f'Failed to pull image "x:1": {detail}').kind is kind


def test_pull_error_reasons():
    assert parse_event_message("Failed", "Error: ErrImagePull").kind is PullErrorKind.ERR_IMAGE_PULL
    assert parse_event_message("Failed", "Error: ImagePullBackOff").kind is PullErrorKind.BACK_OFF


def test_real_sandbox_runtime_handler():
    rows = parse_event_rows(text("rt-no-runtime-for-nvidia-configured"))
    sandbox = next(r for r in rows if r.reason == "FailedCreatePodSandBox")
    assert sandbox.count == 10
    f = parse_event_message(sandbox.reason, sandbox.message)
    assert (f.runtime.kind, f.runtime.handler) == (RuntimeErrorKind.RUNTIME_HANDLER_MISSING, "nvidia")
    f = parse_sandbox_failure(text("rt-runtimehandler-not-supported-dockershim"))
    assert f.runtime.handler == "nvidia" and f.detail.startswith("rpc error: code = Unknown")


def test_volume_failures():
    f = parse_event_message("FailedMount", 'MountVolume.SetUp failed for volume "model-cache" : secret '
                               '"hf-token" not found')
    assert (f.kind, f.volume, f.detail) == (VolumeFailureKind.MOUNT_SETUP, "model-cache", 'secret "hf-token" not found')
    f = parse_event_message("FailedMount", "Unable to attach or mount volumes: unmounted volumes=[model-cache], "
                               "unattached volumes=[model-cache kube-api-access-x2x], failed to process volumes=[]: "
                               "context deadline exceeded")
    assert (f.kind, f.unmounted, f.unattached) == (VolumeFailureKind.MOUNT_TIMEOUT, ("model-cache",),
                                                   ("model-cache", "kube-api-access-x2x"))
    f = parse_event_message("FailedAttachVolume", 'Multi-Attach error for volume "pvc-1f2e" Volume is already '
                               "exclusively attached to one node and can't be attached to another")
    assert (f.kind, f.volume) == (VolumeFailureKind.MULTI_ATTACH, "pvc-1f2e")


# ---- eviction, quota, node events --------------------------------------------------------------------

def test_eviction():
    f = parse_pod_status("Evicted", "The node was low on resource: memory. Threshold quantity: 100Mi, available: "
                            "72Mi. Container vllm was using 30Gi, request is 16Gi, has larger consumption of memory. ")
    assert (f.resource, f.threshold, f.available) == ("memory", "100Mi", "72Mi")
    assert f.containers == (EvictedContainer("vllm", "30Gi", "16Gi"),)
    f = parse_eviction("The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 9Gi. ")
    assert f.resource == "ephemeral-storage"
    f = parse_eviction('Container trainer exceeded its local ephemeral storage limit "20Gi". ')
    assert f.storage_limit_exceeded and f.resource is None


def test_real_quota_rejection():
    f = parse_quota_rejection(text("quota-exceeded-admission-format"))
    assert f.quota == "money-claims-quota"
    assert (f.object_kind, f.object_name, f.generated_name) == ("pods", "test-pod", False)
    assert f.amount("requested", "requests.memory") == "60Gi"
    assert f.amount("used", "requests.cpu") == "32575m"
    assert f.amount("limited", "requests.cpu") == "50" and f.resources == ("requests.cpu", "requests.memory")


def test_failed_create_on_the_owner_has_the_generate_name():
    f = parse_event_message("FailedCreate", 'Error creating: pods "train-7c9d8f6b5d-" is forbidden: exceeded '
                               "quota: gpu-quota, requested: requests.nvidia.com/gpu=1, used: "
                               "requests.nvidia.com/gpu=4, limited: requests.nvidia.com/gpu=4")
    assert (f.quota, f.object_name, f.generated_name) == ("gpu-quota", "train-7c9d8f6b5d-", True)
    assert [(a.resource, a.quantity) for a in f.used] == [("requests.nvidia.com/gpu", "4")]


def test_node_not_ready_and_system_oom():
    assert parse_event_message("NodeNotReady", "Node gpu-3 status is now: NodeNotReady") == NodeNotReady(
        "gpu-3", "NodeNotReady")
    assert parse_event_message("NodeNotReady", "Node is not ready").node is None
    assert parse_event_message("SystemOOM", "System OOM encountered, victim process: python3, pid: 4121") == \
        SystemOOM("python3", 4121)
    assert parse_system_oom("System OOM encountered") == SystemOOM(None, None)


# ---- container states -------------------------------------------------------------------------------

def test_real_exit_137_error_is_sigkill_not_oom():
    states = parse_describe_states(text("exit-137-reason-error-not-oomkilled"))
    assert [s.kind for s in states] == ["running", "terminated"]
    t = classify_termination(states[1])
    assert (t.kind, t.exit_code, t.reason) == (T.SIGKILL, 137, "Error")


def test_real_start_error_carries_the_runtime_cause():
    states = parse_describe_states(text("rt-hook-nvml-mismatch-toolkit-validation"))
    assert [(s.kind, s.reason) for s in states] == [("waiting", "CrashLoopBackOff"), ("terminated", "StartError")]
    t = classify_termination(states[1])
    assert (t.kind, t.exit_code) == (T.START_ERROR, 128)
    assert t.runtime.cause is CliCause.DRIVER_VERSION_MISMATCH     # the message ran on over two lines


@pytest.mark.parametrize("reason,code,kind", [
    ("OOMKilled", 137, T.OOM_KILLED), ("Error", 137, T.SIGKILL), ("Error", 143, T.SIGTERM), ("Error", 1, T.ERROR),
    ("Completed", 0, T.COMPLETED), ("StartError", 128, T.START_ERROR), ("ContainerCannotRun", 128, T.START_ERROR),
    ("ContainerStatusUnknown", 137, T.UNKNOWN), ("OOMKilled", 0, T.OOM_KILLED),
])
def test_termination_kinds(reason, code, kind):
    assert classify_termination(ContainerState("terminated", reason, "", code)).kind is kind


def test_non_terminated_states_are_not_terminations():
    assert classify_termination(ContainerState("waiting", "CrashLoopBackOff")) is None
    assert classify_termination(None) is None


# ---- describe rows ---------------------------------------------------------------------------------

def test_real_scheduler_row_feeds_the_scheduler_parser():
    (row,) = parse_event_rows(text("sched-legacy-didnt-match-node-selector-gpu"))
    assert (row.type, row.reason, row.count, row.source) == ("Warning", "FailedScheduling", 5, "default-scheduler")
    assert parse_scheduling_message(row.message).total_nodes == 6
    rows = parse_event_rows(text("sched-hami-scheduler-custom-reasons"))
    assert [(r.reason, r.source) for r in rows] == [("FailedScheduling", "hami-scheduler"),
                                                   ("FilteringFailed", "hami-scheduler")]


# ---- properties ------------------------------------------------------------------------------------

PARSERS = {parse_admission_failure: AdmissionFailure, parse_probe_failure: ProbeFailure,
           parse_killing: ContainerKilled, parse_back_off: BackOff, parse_image_pull: ImagePullFailure,
           parse_sandbox_failure: SandboxFailure, parse_volume_failure: VolumeFailure,
           parse_eviction: Eviction, parse_quota_rejection: QuotaRejection,
           parse_node_not_ready: NodeNotReady, parse_system_oom: SystemOOM}
FACT_TYPES = tuple(PARSERS.values()) + (RuntimeFailure, CreateRejection, ContainerStartFailure)


def _check_all(message: str, reason: str) -> None:
    for parse, kind in PARSERS.items():
        out = parse(message)
        assert out is None or isinstance(out, kind), parse.__name__
    assert all(isinstance(r, EventRow) for r in parse_event_rows(message))
    assert all(isinstance(s, ContainerState) for s in parse_describe_states(message))
    out = parse_event_message(reason, message)
    assert out is None or isinstance(out, FACT_TYPES)
    out = parse_pod_status(reason, message)
    assert out is None or isinstance(out, (AdmissionFailure, Eviction))
REAL_TEXTS = [c["text"] for c in CASES.values() if c["where"] in ("pod_event", "kubectl_describe", "other")]
REASONS = ["", "Failed", "BackOff", "Unhealthy", "UnexpectedAdmissionError", "OutOfnvidia.com/gpu", "FailedCreate",
           "Evicted", "FailedMount", "Killing", "FailedCreatePodSandBox", "NodeNotReady", "SystemOOM"]


@given(st.text(max_size=400), st.sampled_from(REASONS))
@settings(max_examples=300, deadline=None)
def test_arbitrary_text(message, reason):
    _check_all(message, reason)


@given(st.sampled_from(REAL_TEXTS), st.integers(0, 3000), st.integers(0, 60), st.text(max_size=20),
       st.sampled_from(REASONS))
@settings(max_examples=300, deadline=None)
def test_mutated_real_texts(msg, pos, cut, insert, reason):
    pos %= len(msg) + 1
    _check_all(msg[:pos] + insert + msg[pos + cut:], reason)


def test_wrong_types_give_none():
    assert parse_event_message(None, None) is None      # type: ignore[arg-type]
    assert parse_admission_failure(42) is None           # type: ignore[arg-type]
    assert parse_describe_states(b"bytes") == ()         # type: ignore[arg-type]


# ---- bundle views in -------------------------------------------------------------------------------

def test_parse_event_from_views_of_both_event_apis():
    from triage.bundle.objects.event import Event
    sched = Event({"reason": "FailedScheduling", "type": "Warning", "reportingController": "default-scheduler",
                   "regarding": {"kind": "Pod", "name": "p", "namespace": "ml"},
                   "note": line_with("sched-pod-affinity-plus-insufficient-gpu", "nodes are available")},
                  "cluster-resources/events/ml.json")
    m = parse_event(sched)
    assert m.total_nodes == 4 and m.preemption.no_victims == 3
    kubelet = Event({"reason": "Unhealthy", "message": "(combined from similar events): Liveness probe failed: "
                     "HTTP probe failed with statuscode: 404", "involvedObject": {"kind": "Pod", "name": "p"}},
                    "cluster-resources/events/ml.json")
    assert parse_event(kubelet).status_code == 404
    assert parse_event({"reason": "Unhealthy"}) is None            # type: ignore[arg-type]


def test_scheduling_failure_reads_the_pod_condition():
    from triage.bundle.objects.pod import Pod
    msg = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu. preemption: 0/2 nodes are available: 2 No " \
          "preemption victims found for incoming pod."
    pod = Pod({"metadata": {"name": "p", "namespace": "ml"}, "status": {"phase": "Pending", "conditions": [
        {"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg}]}}, "x")
    assert scheduling_failure(pod).insufficient_resources == ("nvidia.com/gpu",)
    placed = Pod({"status": {"conditions": [{"type": "PodScheduled", "status": "True"}]}}, "x")
    assert scheduling_failure(placed) is None


# ---- real support bundles (troubleshoot, no GPUs): every event and container state --------------------

@pytest.mark.parametrize("name", ["troubleshoot-baseline-kind.tar.gz", "troubleshoot-testdata-k3s.tar.gz"])
def test_real_support_bundle_events_and_states(name):
    from triage.bundle.views import load_bundle
    with load_bundle(CORPUS / "support-bundles" / name) as bundle:
        facts = {(e.reason, e.message): parse_event(e) for e in bundle.events()}
        states = [(p.name, s.name, classify_termination(st)) for p in bundle.pods()
                  for s in p.container_statuses for st in (s.state, s.last_state)]
    # routine Normal events (Pulled, Created, Scheduled, ScalingReplicaSet ...) are no facts
    recognised = {reason for (reason, _), f in facts.items() if f is not None}
    if name.startswith("troubleshoot-baseline"):
        assert recognised == {"Unhealthy"}
        (probe,) = [f for (r, _), f in facts.items() if r == "Unhealthy"]
        assert (probe.probe, probe.outcome, probe.status_code) == (ProbeKind.READINESS, PO.HTTP_STATUS, 500)
    else:
        assert recognised == {"BackOff"}
        (back,) = [f for (r, _), f in facts.items() if r == "BackOff"]
        assert (back.kind, back.container) == (BackOffKind.CONTAINER_RESTART, None)   # the <=1.25 form
        by = {(pod.split("-")[0], c): t for pod, c, t in states if t}
        # k3s restarted: containerd reports reason Unknown with exit 255, not an application error
        assert by[("nginx", "hello")].kind is T.UNKNOWN and by[("nginx", "hello")].exit_code == 255
        assert by[("local", "local-path-provisioner")].kind is T.ERROR
        assert by[("helm", "helm")].kind is T.COMPLETED


def test_every_kubernetes_side_real_case_is_recognised_except_prose():
    """Every pod_event / kubectl_describe / node_status / other case carries a message one of
    these parsers reads, except the two that are a reporter's prose."""
    from triage.evidence.inventory import parse_describe_conditions, parse_describe_resources, parse_node_column
    from triage.evidence.runtime_error import parse_runtime_error

    def recognised(t: str) -> bool:
        whole = (parse_scheduling_message(t), parse_runtime_error(t), parse_describe_resources(t),
                 parse_node_column(t), parse_describe_conditions(t), parse_describe_states(t))
        return any(whole) or any(parse_event_message("", line) for line in t.splitlines())

    kube_side = [c for c in CASES.values() if c["where"] in ("pod_event", "kubectl_describe", "node_status", "other")]
    missed = {c["id"] for c in kube_side if not recognised(c["text"])}
    assert missed == {"driver-precompiled-tag-missing-new-kernel", "rolling-update-gpu-deadlock"}
