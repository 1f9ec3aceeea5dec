"""A small, realistic bundle for the replay server tests, written with BundleWriter.

Namespace `ml`:
- train-0: GPU trainer in CrashLoopBackOff (7 restarts, last one 2m before capture),
  current + previous logs (the previous one is a real CUDA OOM traceback from the corpus);
- vllm-0: Running, 2/2 ready, containers `server` + `metrics`; nvidia-smi recorded (exit 0,
  a real H100 table) and `nvidia-smi -q -x`... not recorded (exec answers 127);
- pending-gpu-0: Pending, unscheduled (no nodeName), FailedScheduling event;
- prep-0: stuck in its init container (Init:0/1);
- lost-0: Running on gpu-node-2, nvidia-smi recorded with the real "GPU is lost" text and exit 15.
Namespace `gpu-operator`: the device plugin pod on gpu-node-1.
Nodes: gpu-node-1 (Ready, control-plane role absent, GPU labels), gpu-node-2 (NotReady,
cordoned). Capture time 2026-11-29T12:31:00Z; pods created at 12:00:00Z (age 31m).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS
from triage.bundle import layout
from triage.bundle.writer import BundleWriter
from triage.replay.server import Faults, ReplayServer

CAPTURE = "2026-11-29T12:31:00Z"
CREATED = "2026-11-29T12:00:00Z"

KUBECTL = shutil.which("kubectl") or "/usr/local/bin/kubectl"


def _oom_log() -> str:
    for line in (CORPUS / "real-cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        if case["where"] == "container_log" and "CUDA out of memory" in case["text"]:
            return case["text"] + "\n"
    raise AssertionError("corpus has no CUDA OOM container log")


H100_TABLE = (CORPUS / "nvidia-smi/text/8x-h100-80gb-hbm3-550.90.07-default-leptonai-gpud.txt").read_text()
GPU_LOST = (CORPUS / "nvidia-smi/text/error-gpu-is-lost.txt").read_text()
OOM_LOG = _oom_log()
TRAIN_LOG = "".join(f"step {i} loss {2.5 - i * 0.01:.2f}\n" for i in range(1, 21))


def meta(name, ns=None, labels=None, rv="100", owner=None):
    m = {"name": name, "uid": f"uid-{name}", "resourceVersion": rv, "creationTimestamp": CREATED}
    if ns:
        m["namespace"] = ns
    if labels:
        m["labels"] = labels
    if owner:
        m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": owner[0], "name": owner[1],
                                 "uid": f"uid-{owner[1]}", "controller": True}]
    return m


def container(name, image="nvcr.io/nvidia/pytorch:24.05-py3", gpus=None):
    c = {"name": name, "image": image, "resources": {}}
    if gpus:
        c["resources"] = {"limits": {"nvidia.com/gpu": str(gpus)}, "requests": {"nvidia.com/gpu": str(gpus)}}
    return c


def cstatus(name, ready, state, restarts=0, last=None, image="nvcr.io/nvidia/pytorch:24.05-py3"):
    s = {"name": name, "ready": ready, "restartCount": restarts, "image": image,
         "imageID": f"{image}@sha256:{'a' * 64}", "started": ready, "state": state}
    s["lastState"] = last or {}
    return s


def pods_ml():
    train = {"metadata": meta("train-0", "ml", {"app": "train", "tier": "gpu"}, "210", ("StatefulSet", "train")),
             "spec": {"nodeName": "gpu-node-1", "containers": [container("trainer", gpus=1)],
                      "restartPolicy": "Always", "schedulerName": "default-scheduler"},
             "status": {"phase": "Running", "podIP": "10.0.3.4", "podIPs": [{"ip": "10.0.3.4"}],
                        "conditions": [{"type": "Ready", "status": "False"},
                                       {"type": "PodScheduled", "status": "True"}],
                        "containerStatuses": [cstatus(
                            "trainer", False,
                            {"waiting": {"reason": "CrashLoopBackOff",
                                         "message": "back-off 5m0s restarting failed container=trainer"}},
                            restarts=7,
                            last={"terminated": {"exitCode": 1, "reason": "Error",
                                                 "startedAt": "2026-11-29T12:28:30Z",
                                                 "finishedAt": "2026-11-29T12:29:00Z"}})]}}
    vllm = {"metadata": meta("vllm-0", "ml", {"app": "vllm", "tier": "gpu"}, "180", ("ReplicaSet", "vllm-7d9f")),
            "spec": {"nodeName": "gpu-node-1",
                     "containers": [container("server", "vllm/vllm-openai:v0.6.3", gpus=1),
                                    container("metrics", "prom/statsd-exporter:v0.26.0")]},
            "status": {"phase": "Running", "podIP": "10.0.3.9", "podIPs": [{"ip": "10.0.3.9"}],
                       "conditions": [{"type": "Ready", "status": "True"}],
                       "containerStatuses": [
                           cstatus("metrics", True, {"running": {"startedAt": CREATED}}),
                           cstatus("server", True, {"running": {"startedAt": CREATED}})]}}
    pending = {"metadata": meta("pending-gpu-0", "ml", {"app": "train", "tier": "gpu"}, "150"),
               "spec": {"containers": [container("trainer", gpus=8)]},
               "status": {"phase": "Pending", "conditions": [{
                   "type": "PodScheduled", "status": "False", "reason": "Unschedulable",
                   "message": "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) were "
                              "unschedulable. preemption: 0/2 nodes are available: 1 No preemption victims "
                              "found for incoming pod, 1 Preemption is not helpful for scheduling."}]}}
    prep = {"metadata": meta("prep-0", "ml", {"app": "prep"}, "160"),
            "spec": {"nodeName": "gpu-node-1", "initContainers": [container("fetch", "busybox:1.36")],
                     "containers": [container("main", "busybox:1.36")]},
            "status": {"phase": "Pending", "conditions": [{"type": "Initialized", "status": "False"}],
                       "initContainerStatuses": [cstatus("fetch", False, {"running": {"startedAt": CREATED}},
                                                         image="busybox:1.36")],
                       "containerStatuses": [cstatus("main", False, {"waiting": {"reason": "PodInitializing"}},
                                                     image="busybox:1.36")]}}
    lost = {"metadata": meta("lost-0", "ml", {"app": "bench", "tier": "gpu"}, "170"),
            "spec": {"nodeName": "gpu-node-2", "containers": [container("bench", gpus=1)]},
            "status": {"phase": "Running", "podIP": "10.0.4.2", "podIPs": [{"ip": "10.0.4.2"}],
                       "conditions": [{"type": "Ready", "status": "True"}],
                       "containerStatuses": [cstatus("bench", True, {"running": {"startedAt": CREATED}})]}}
    return [train, vllm, pending, prep, lost]


def nodes():
    def node(name, ready, unschedulable, labels, rv):
        n = {"metadata": meta(name, labels=labels, rv=rv),
             "spec": {"unschedulable": True} if unschedulable else {},
             "status": {"conditions": [{"type": "Ready", "status": "True" if ready else "Unknown",
                                        "reason": "KubeletReady" if ready else "NodeStatusUnknown",
                                        "lastTransitionTime": CREATED, "lastHeartbeatTime": CREATED}],
                        "capacity": {"cpu": "96", "memory": "1056Gi", "nvidia.com/gpu": "8", "pods": "110"},
                        "allocatable": {"cpu": "95", "memory": "1040Gi", "nvidia.com/gpu": "8", "pods": "110"},
                        "addresses": [{"type": "InternalIP", "address": f"10.1.0.{rv[-1]}"},
                                      {"type": "Hostname", "address": name}],
                        "nodeInfo": {"kubeletVersion": "v1.32.4", "osImage": "Ubuntu 22.04.4 LTS",
                                     "kernelVersion": "5.15.0-105-generic",
                                     "containerRuntimeVersion": "containerd://1.7.22",
                                     "architecture": "amd64", "operatingSystem": "linux",
                                     "bootID": f"boot-{name}", "machineID": f"machine-{name}",
                                     "systemUUID": f"uuid-{name}", "kubeProxyVersion": ""}}}
        return n
    gpu = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
           "nvidia.com/gpu.count": "8", "kubernetes.io/hostname": ""}
    return [node("gpu-node-1", True, False, {**gpu, "kubernetes.io/hostname": "gpu-node-1",
                                             "node-role.kubernetes.io/gpu-worker": ""}, "91"),
            node("gpu-node-2", False, True, {**gpu, "kubernetes.io/hostname": "gpu-node-2"}, "92")]


def events_ml():
    return [
        {"metadata": meta("pending-gpu-0.181a", "ml", rv="151"),
         "involvedObject": {"kind": "Pod", "namespace": "ml", "name": "pending-gpu-0", "uid": "uid-pending-gpu-0",
                            "apiVersion": "v1"},
         "reason": "FailedScheduling", "type": "Warning", "action": "Scheduling",
         "message": "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) were unschedulable. "
                    "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, "
                    "1 Preemption is not helpful for scheduling.",
         "source": {}, "reportingComponent": "default-scheduler", "eventTime": "2026-11-29T12:30:00.000000Z",
         "firstTimestamp": None, "lastTimestamp": None},
        {"metadata": meta("train-0.181b", "ml", rv="211"),
         "involvedObject": {"kind": "Pod", "namespace": "ml", "name": "train-0", "uid": "uid-train-0",
                            "apiVersion": "v1", "fieldPath": "spec.containers{trainer}"},
         "reason": "BackOff", "type": "Warning", "message": "Back-off restarting failed container trainer in pod "
                                                            "train-0_ml(uid-train-0)",
         "source": {"component": "kubelet", "host": "gpu-node-1"}, "count": 31,
         "firstTimestamp": "2026-11-29T12:02:00Z", "lastTimestamp": "2026-11-29T12:30:30Z"},
    ]


def build_bundle(root: Path) -> Path:
    w = BundleWriter(root)
    w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "32", "gitVersion": "v1.32.4",
                                          "platform": "linux/amd64"})
    w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "metadata": {"resourceVersion": "300"},
                                "items": nodes()})
    w.write_json(layout.namespaced_list("pods", "ml"), {"apiVersion": "v1", "kind": "PodList", "items": pods_ml()})
    plugin = {"metadata": meta("nvidia-device-plugin-daemonset-x7k2p", "gpu-operator",
                               {"app": "nvidia-device-plugin-daemonset"}, "120"),
              "spec": {"nodeName": "gpu-node-1",
                       "containers": [container("nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.17.0")]},
              "status": {"phase": "Running", "conditions": [{"type": "Ready", "status": "True"}],
                         "containerStatuses": [cstatus("nvidia-device-plugin", True,
                                                       {"running": {"startedAt": CREATED}})]}}
    w.write_json(layout.namespaced_list("pods", "gpu-operator"),
                 {"apiVersion": "v1", "kind": "PodList", "items": [plugin]})
    w.write_json(layout.namespaced_list("events", "ml"), {"apiVersion": "v1", "kind": "EventList",
                                                         "items": events_ml()})
    w.write_json(layout.namespaced_list("deployments", "ml"), {"apiVersion": "apps/v1", "kind": "DeploymentList",
        "items": [{"metadata": meta("vllm", "ml", {"app": "vllm"}),
                   "spec": {"replicas": 2, "selector": {"matchLabels": {"app": "vllm"}},
                            "template": {"metadata": {"labels": {"app": "vllm"}},
                                         "spec": {"containers": [container("server", "vllm/vllm-openai:v0.6.3",
                                                                           gpus=1)]}}},
                   "status": {"replicas": 2, "readyReplicas": 1, "updatedReplicas": 2, "availableReplicas": 1}}]})
    w.write_json(layout.namespaced_list("jobs", "ml"), {"apiVersion": "batch/v1", "kind": "JobList",
        "items": [{"metadata": meta("prep", "ml"), "spec": {"completions": 1, "template": {
            "metadata": {"labels": {"app": "prep"}}, "spec": {"restartPolicy": "Never", "containers": [
                container("main", "busybox:1.36")]}}}, "status": {"active": 1}}]})
    w.write_json(layout.namespaced_list("resource-quota", "ml"), {"apiVersion": "v1", "kind": "ResourceQuotaList",
        "items": [{"metadata": meta("gpu-quota", "ml"), "spec": {"hard": {"requests.nvidia.com/gpu": "4"}},
                   "status": {"hard": {"requests.nvidia.com/gpu": "4"}, "used": {"requests.nvidia.com/gpu": "3"}}}]})
    w.write_json(layout.custom_resource("clusterpolicies.nvidia.com"), [
        {"apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": meta("cluster-policy"),
         "spec": {"driver": {"enabled": True, "version": "550.90.07"}}, "status": {"state": "ready"}}])
    w.write_json(layout.custom_resource("resourceslices.resource.k8s.io"), [
        {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceSlice",
         "metadata": meta("gpu-node-1-gpu.nvidia.com-x2l9k"),
         "spec": {"driver": "gpu.nvidia.com", "nodeName": "gpu-node-1",
                  "pool": {"name": "gpu-node-1", "generation": 1, "resourceSliceCount": 1},
                  "devices": [{"name": f"gpu-{i}", "basic": {"attributes": {"type": {"string": "gpu"}}}}
                              for i in range(8)]}}])
    w.write_json(layout.custom_resource("resourceclaims.resource.k8s.io", "ml"), [
        {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceClaim", "metadata": meta("train-gpu", "ml"),
         "spec": {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com"}]}},
         "status": {}}])
    w.write_text(layout.container_log("ml", "train-0", "trainer"), TRAIN_LOG)
    w.write_text(layout.container_log("ml", "train-0", "trainer", previous=True), OOM_LOG)
    w.write_text(layout.container_log("ml", "vllm-0", "server"), "INFO:     Uvicorn running on http://0.0.0.0:8000\n")
    w.write_text(layout.container_log("ml", "vllm-0", "metrics"), "level=info msg=\"Accepting StatsD Traffic\"\n")
    w.write_exec("ml", "vllm-0", "server", ["nvidia-smi"], H100_TABLE, "", 0, None)
    w.write_exec("ml", "lost-0", "bench", ["nvidia-smi"], "", GPU_LOST, 15, None)
    w.write_json("replay/timeline.json", [
        # pending-gpu-0 gets scheduled and its container starts being created
        {"after_s": 0.1, "type": "MODIFIED", "object": {
            **pods_ml()[2], "kind": "Pod", "apiVersion": "v1",
            "metadata": {**pods_ml()[2]["metadata"], "resourceVersion": "400"},
            "spec": {**pods_ml()[2]["spec"], "nodeName": "gpu-node-1"},
            "status": {"phase": "Pending", "conditions": [{"type": "PodScheduled", "status": "True"}],
                       "containerStatuses": [cstatus("trainer", False, {"waiting": {"reason": "ContainerCreating"}})]}}},
        {"after_s": 0.2, "type": "DELETED", "object": {**pods_ml()[3], "kind": "Pod", "apiVersion": "v1",
                                                       "metadata": {**pods_ml()[3]["metadata"],
                                                                    "resourceVersion": "401"}}},
        {"after_s": 0.3, "type": "ERROR", "object": {
            "kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Failure",
            "message": "too old resource version: 100 (402)", "reason": "Expired", "code": 410}},
    ])
    w.write_manifest({"kind": "Pod", "namespace": "ml", "name": "train-0"}, created_at=CAPTURE)
    return root


@pytest.fixture(scope="session")
def bundle_dir(tmp_path_factory) -> Path:
    return build_bundle(tmp_path_factory.mktemp("replay") / "bundle")


@pytest.fixture(scope="session")
def server(bundle_dir):
    with ReplayServer(bundle_dir, port=0) as srv:
        yield srv


@pytest.fixture(scope="session")
def kubeconfig(server, tmp_path_factory) -> Path:
    return server.write_kubeconfig(tmp_path_factory.mktemp("kc") / "config")


@pytest.fixture
def api(server):
    from kubernetes import client
    cfg = client.Configuration()
    cfg.host = server.url
    with client.ApiClient(cfg) as api_client:
        yield api_client


def env_for_kubectl(tmp: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KUBE")}
    env["HOME"] = str(tmp)
    return env


__all__ = ["Faults", "KUBECTL"]
