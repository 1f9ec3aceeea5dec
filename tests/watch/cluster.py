"""A one-GPU-node cluster, written as a bundle with a scripted watch timeline, for the
watcher's end-to-end tests (served by the replay server, collected by the real client).

World (capture 2026-11-29T15:00:00Z):
- Node `gpu-node-3`: GPU Feature Discovery labelled it (nvidia.com/gpu.present=true), but
  its capacity has no nvidia.com/gpu: the device plugin never registered.
- `gpu-operator/nvidia-device-plugin-daemonset-k7x2p` on gpu-node-3: its log is the real
  NVML failure of NVIDIA/k8s-device-plugin#444 (corpus case dp-nvml-could-not-load-cri-log);
  it has restarted 4 times.
- `llm/qwen-vllm-7d9f-abcde` asks for 1 nvidia.com/gpu and is Pending, Unschedulable for
  20 minutes with the real scheduler message of NVIDIA/k8s-device-plugin#430
  ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: ...").
- `llm/web-0`: a CPU pod (the watcher must ignore it).

Timeline (`replay/timeline.json`, seconds after each watch opens; defaults):
- 0.4 s, 0.8 s: MODIFIED qwen pod, only its resourceVersion changes (still Pending) -> the
  watcher re-triages and gets the same diagnosis: no new post.
- 5 s: MODIFIED qwen pod, applied: the pod was bound to gpu-node-3 and the kubelet rejected
  it at admission for CPU: phase Failed, reason OutOfcpu (the kubelet's resource-fit wording)
  -> a different root cause (node.admission_rejected, which the plugin's NVML failure does not
  explain): one new post. (The device manager's "which is unexpected" rejection would not do:
  with the plugin unable to load NVML, its root cause stays plugin.nvml_unavailable.)
- 7 s: ERROR 410 Expired (once) -> the watch relists and resumes: no duplicate post.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

from tests.conftest import CORPUS
from triage.bundle import layout
from triage.bundle.writer import BundleWriter

CAPTURE = "2026-11-29T15:00:00Z"
NS, POD, NODE = "llm", "qwen-vllm-7d9f-abcde", "gpu-node-3"
OPERATOR_NS = "gpu-operator"
PLUGIN_POD = "nvidia-device-plugin-daemonset-k7x2p"


def _case(case_id: str) -> dict:
    for line in (CORPUS / "real-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["id"] == case_id:
            return case
    raise KeyError(case_id)


PLUGIN_LOG = _case("dp-nvml-could-not-load-cri-log")["text"] + "\n"
UNSCHEDULABLE = _case("sched-insufficient-gpu-no-preemption-victims")["text"]
# the kubelet's resource-fit admission wording (pkg/kubelet/lifecycle/predicate.go, "Node didn't have
# enough resource: %s, requested: %d, used: %d, capacity: %d"), for a cause the plugin cannot explain
OUT_OF_CPU = "Pod was rejected: Node didn't have enough resource: cpu, requested: 4000, used: 30000, capacity: 32000"


def _meta(name: str, ns: str | None, rv: str, labels: dict | None = None, owner: tuple[str, str] | None = None):
    m = {"name": name, "uid": f"uid-{ns or ''}-{name}", "resourceVersion": rv,
         "creationTimestamp": "2026-11-29T14:39:50Z"}
    if ns:
        m["namespace"] = ns
    if labels:
        m["labels"] = labels
    if owner:
        m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": owner[0], "name": owner[1],
                                 "uid": f"uid-{ns}-{owner[1]}", "controller": True}]
    return m


def _iso(t: dt.datetime) -> str:
    return t.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def pending_pod(rv: str = "1000", since: str = "2026-11-29T14:40:00Z") -> dict:
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": _meta(POD, NS, rv, {"app": "qwen-vllm"}),
            "spec": {"containers": [{"name": "server", "image": "vllm/vllm-openai:v0.6.4",
                                     "resources": {"limits": {"nvidia.com/gpu": "1"},
                                                   "requests": {"nvidia.com/gpu": "1", "cpu": "4"}}}],
                     "restartPolicy": "Always", "schedulerName": "default-scheduler"},
            "status": {"phase": "Pending", "qosClass": "Burstable", "conditions": [
                {"type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                 "lastTransitionTime": since, "message": UNSCHEDULABLE}]}}


def rejected_pod(rv: str, since: str = "2026-11-29T14:40:00Z") -> dict:
    pod = pending_pod(rv, since)
    pod["spec"]["nodeName"] = NODE
    pod["status"] = {"phase": "Failed", "reason": "OutOfcpu", "message": OUT_OF_CPU,
                     "qosClass": "Burstable", "startTime": "2026-11-29T15:00:02Z"}
    return pod


def _node() -> dict:
    cap = {"cpu": "32", "memory": "263856132Ki", "pods": "110", "ephemeral-storage": "1055762868Ki"}
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": _meta(NODE, None, "900", {
                "kubernetes.io/hostname": NODE, "nvidia.com/gpu.present": "true",
                "nvidia.com/gpu.product": "NVIDIA-A10G", "nvidia.com/gpu.count": "1",
                "feature.node.kubernetes.io/pci-10de.present": "true"}),
            "spec": {},
            "status": {"capacity": cap, "allocatable": dict(cap),
                       "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                                       "message": "kubelet is posting ready status"}],
                       "nodeInfo": {"kubeletVersion": "v1.30.4", "containerRuntimeVersion": "containerd://1.7.20"}}}


def _plugin_pod() -> dict:
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": _meta(PLUGIN_POD, OPERATOR_NS, "950", {"app": "nvidia-device-plugin-daemonset"},
                              ("DaemonSet", "nvidia-device-plugin-daemonset")),
            "spec": {"nodeName": NODE, "containers": [{"name": "nvidia-device-plugin",
                                                       "image": "nvcr.io/nvidia/k8s-device-plugin:v0.11.0"}]},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                       "containerStatuses": [{"name": "nvidia-device-plugin", "ready": True, "restartCount": 4,
                                              "image": "nvcr.io/nvidia/k8s-device-plugin:v0.11.0", "imageID": "",
                                              "started": True,
                                              "state": {"running": {"startedAt": "2026-11-29T14:30:00Z"}},
                                              "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}]}}


def _web_pod() -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": _meta("web-0", NS, "990", {"app": "web"}),
            "spec": {"nodeName": NODE, "containers": [{"name": "nginx", "image": "nginx:1.27"}]},
            "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}]}}


def _event(rv: str = "1001", count: int = 150, last: str = "2026-11-29T14:59:00Z") -> dict:
    return {"apiVersion": "v1", "kind": "Event", "metadata": _meta(f"{POD}.187c1", NS, rv),
            "involvedObject": {"kind": "Pod", "namespace": NS, "name": POD, "uid": f"uid-{NS}-{POD}",
                               "apiVersion": "v1"},
            "reason": "FailedScheduling", "message": UNSCHEDULABLE, "type": "Warning", "count": count,
            "firstTimestamp": "2026-11-29T14:40:00Z", "lastTimestamp": last,
            "source": {"component": "default-scheduler"}}


def repeated_event(rv: str, count: int) -> dict:
    """The FailedScheduling event again, its count and last time moved on (a Warning about the pod)."""
    return _event(rv, count, "2026-11-29T15:01:00Z")


def timeline(since: str, same_at: tuple[float, ...] = (0.4, 0.8), rejected_at: float = 5.0,
             expire_at: float = 7.0) -> list[dict]:
    """The scripted watch events (see the module docstring)."""
    out = [{"after_s": t, "type": "MODIFIED", "object": pending_pod(str(1010 + i), since), "apply": True}
           for i, t in enumerate(same_at)]
    return out + [
        {"after_s": rejected_at, "type": "MODIFIED", "object": rejected_pod("1100", since), "apply": True},
        {"after_s": expire_at, "type": "ERROR", "once": True,
         "object": {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
                    "message": "too old resource version: 1000 (1100)", "reason": "Expired", "code": 410}},
    ]


def build(root: Path, now: dt.datetime | None = None, with_timeline: bool = True, rejected: bool = False,
          **timeline_kw) -> Path:
    """Write the cluster into `root`. The pod has been Unschedulable for 20 minutes before
    `now` (default: the real clock, so the watcher's grace period has passed);
    `rejected=True` writes the pod as the timeline leaves it."""
    now = now or dt.datetime.now(dt.timezone.utc)
    since = _iso(now - dt.timedelta(minutes=20))
    w = BundleWriter(root)
    w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "30", "gitVersion": "v1.30.4"})
    w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "metadata": {}, "items": [_node()]})
    w.write_json(layout.namespaced_list("pods", NS), {"apiVersion": "v1", "kind": "PodList", "metadata": {},
                                                      "items": [rejected_pod("1100", since) if rejected
                                                                else pending_pod("1000", since), _web_pod()]})
    w.write_json(layout.namespaced_list("pods", OPERATOR_NS), {"apiVersion": "v1", "kind": "PodList",
                                                               "metadata": {}, "items": [_plugin_pod()]})
    ds = {"apiVersion": "apps/v1", "kind": "DaemonSet",
          "metadata": _meta("nvidia-device-plugin-daemonset", OPERATOR_NS, "800",
                            {"app": "nvidia-device-plugin-daemonset"}),
          "spec": {"selector": {"matchLabels": {"app": "nvidia-device-plugin-daemonset"}},
                   "template": {"metadata": {"labels": {"app": "nvidia-device-plugin-daemonset"}},
                                "spec": {"containers": [{"name": "nvidia-device-plugin",
                                                         "image": "nvcr.io/nvidia/k8s-device-plugin:v0.11.0"}],
                                         "nodeSelector": {"nvidia.com/gpu.present": "true"}}}},
          "status": {"desiredNumberScheduled": 1, "numberReady": 1}}
    w.write_json(layout.namespaced_list("daemonsets", OPERATOR_NS),
                 {"apiVersion": "apps/v1", "kind": "DaemonSetList", "metadata": {}, "items": [ds]})
    w.write_json(layout.namespaced_list("events", NS), {"apiVersion": "v1", "kind": "EventList", "metadata": {},
                                                        "items": [_event()]})
    w.write_text(layout.container_log(OPERATOR_NS, PLUGIN_POD, "nvidia-device-plugin"), PLUGIN_LOG)
    if with_timeline:
        w.write_json("replay/timeline.json", copy.deepcopy(timeline(since, **timeline_kw)))
    w.write_manifest({"kind": "Pod", "namespace": NS, "name": POD})
    return root
