"""Synthetic cluster bundles, deterministic from a seed, for tests and benchmarks.

    generate_bundle("/tmp/big", nodes=5000, pods=100000, seed=1)

writes a valid v1 bundle: GPU nodes (a share of `nodes`) with GFD labels, a
`nvidia.com/gpu` NoSchedule taint, and variants (plain, MIG mixed strategy,
time-slicing with `nvidia.com/gpu.shared`); CPU nodes; the GPU operator's
daemonset pods on every GPU node with short real-looking logs; user pods spread
over namespaces (GPU pods on GPU nodes, CPU pods elsewhere), Deployments and
ReplicaSets owning them, and a few planted problems so a scan has something to
find: pending GPU pods with a FailedScheduling event, a node whose allocatable
GPU count is below capacity after an Xid, and a crash-looping CUDA OOM pod.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from pathlib import Path

from triage.bundle import layout
from triage.bundle.writer import BundleWriter

OPERATOR_NS = "gpu-operator"
T0 = "2026-11-29T12:00:00Z"
GPU_PRODUCTS = [("NVIDIA-H100-80GB-HBM3", "81559", 8), ("NVIDIA-A100-SXM4-80GB", "81920", 8),
                ("NVIDIA-L4", "23034", 1), ("Tesla-T4", "15360", 4)]
GPU_TOLERATION = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
OPERATOR_APPS = [
    ("nvidia-device-plugin-daemonset", "nvidia-device-plugin"),
    ("gpu-feature-discovery", "gpu-feature-discovery"),
    ("nvidia-driver-daemonset", "nvidia-driver-ctr"),
    ("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-ctr"),
    ("nvidia-operator-validator", "nvidia-operator-validator"),
    ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter"),
]
PLUGIN_LOG = (
    "I1129 11:58:02.120513       1 main.go:317] Retrieving plugins.\n"
    "I1129 11:58:02.431002       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'\n"
    "I1129 11:58:02.433875       1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
    "I1129 11:58:02.440157       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
)


def _uid(*parts) -> str:
    h = hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def _meta(name, namespace=None, labels=None, owner=None, kind=None):
    m = {"name": name, "uid": _uid(kind, namespace, name), "creationTimestamp": T0,
         "resourceVersion": str(int(_uid(name)[:6], 16))}
    if namespace:
        m["namespace"] = namespace
    if labels:
        m["labels"] = labels
    if owner:
        okind, oname = owner
        m["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": okind, "name": oname,
                                 "uid": _uid(okind, namespace, oname), "controller": True,
                                 "blockOwnerDeletion": True}]
    return m


def _node(name, gpu: dict | None, rng: random.Random):
    labels = {"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
              "topology.kubernetes.io/zone": f"zone-{rng.randint(1, 3)}"}
    capacity = {"cpu": "64", "memory": "527988132Ki", "pods": "110", "ephemeral-storage": "1873920380Ki"}
    allocatable = {"cpu": "63500m", "memory": "517502372Ki", "pods": "110", "ephemeral-storage": "1726973150222"}
    taints = []
    if gpu:
        labels.update(gpu["labels"])
        capacity.update(gpu["capacity"])
        allocatable.update(gpu["allocatable"])
        taints.append({"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"})
    node = {"metadata": _meta(name, labels=labels, kind="Node"),
            "spec": {"taints": taints} if taints else {},
            "status": {"capacity": capacity, "allocatable": allocatable,
                       "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                                       "message": "kubelet is posting ready status",
                                       "lastTransitionTime": T0, "lastHeartbeatTime": T0}],
                       "nodeInfo": {"kernelVersion": "5.15.0-122-generic", "osImage": "Ubuntu 22.04.5 LTS",
                                    "containerRuntimeVersion": "containerd://1.7.22",
                                    "kubeletVersion": "v1.32.4"}}}
    return node


def _gpu_variant(i: int, rng: random.Random) -> dict:
    product, mem, count = GPU_PRODUCTS[i % len(GPU_PRODUCTS)]
    labels = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
              "nvidia.com/gpu.memory": mem, "nvidia.com/gpu.count": str(count),
              "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/cuda.driver.major": "570",
              "feature.node.kubernetes.io/pci-10de.present": "true"}
    variant = i % 10
    if variant == 7 and "A100" in product:        # MIG, mixed strategy
        labels.update({"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.config": "all-1g.10gb",
                       "nvidia.com/mig.config.state": "success"})
        res = {"nvidia.com/mig-1g.10gb": str(count * 7)}
        return {"labels": labels, "capacity": res, "allocatable": dict(res), "resource": "nvidia.com/mig-1g.10gb",
                "slots": count * 7}
    if variant == 8:                              # time-slicing, renamed resource
        labels.update({"nvidia.com/gpu.replicas": "4", "nvidia.com/gpu.sharing-strategy": "time-slicing",
                       "nvidia.com/gpu.product": product + "-SHARED"})
        res = {"nvidia.com/gpu.shared": str(count * 4)}
        return {"labels": labels, "capacity": res, "allocatable": dict(res), "resource": "nvidia.com/gpu.shared",
                "slots": count * 4}
    res = {"nvidia.com/gpu": str(count)}
    return {"labels": labels, "capacity": res, "allocatable": dict(res), "resource": "nvidia.com/gpu",
            "slots": count}


def _container(name, image, requests=None, limits=None):
    c = {"name": name, "image": image, "resources": {}}
    if requests:
        c["resources"]["requests"] = requests
    if limits:
        c["resources"]["limits"] = limits
    return c


def _running_status(containers, node_ip):
    return {"phase": "Running", "hostIP": node_ip, "podIP": node_ip, "startTime": T0,
            "conditions": [{"type": t, "status": "True", "lastTransitionTime": T0}
                           for t in ("PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady",
                                     "PodScheduled")],
            "containerStatuses": [{"name": c["name"], "image": c["image"], "imageID": "", "ready": True,
                                   "restartCount": 0, "started": True,
                                   "state": {"running": {"startedAt": T0}}} for c in containers]}


def generate_bundle(out_dir, nodes: int = 20, pods: int = 200, gpu_node_share: float = 0.25,
                    seed: int = 0, namespaces: int = 20) -> Path:
    rng = random.Random(seed)
    w = BundleWriter(out_dir)
    n_gpu = max(1, int(nodes * gpu_node_share)) if nodes else 0
    node_items, gpu_nodes, cpu_nodes = [], [], []
    for i in range(nodes):
        is_gpu = i < n_gpu
        name = f"gpu-node-{i:05d}" if is_gpu else f"cpu-node-{i:05d}"
        variant = _gpu_variant(i, rng) if is_gpu else None
        node = _node(name, variant, rng)
        node_items.append(node)
        (gpu_nodes if is_gpu else cpu_nodes).append((name, variant, f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}"))
    # planted: the first plain GPU node lost one device after an Xid 79
    planted_unhealthy = next((n for n in gpu_nodes if n[1]["resource"] == "nvidia.com/gpu" and n[1]["slots"] > 1), None)
    if planted_unhealthy:
        node = next(x for x in node_items if x["metadata"]["name"] == planted_unhealthy[0])
        node["status"]["allocatable"]["nvidia.com/gpu"] = str(planted_unhealthy[1]["slots"] - 1)
    w.write_json(layout.NODES, {"kind": "NodeList", "apiVersion": "v1", "metadata": {"resourceVersion": "1"},
                                "items": node_items})
    w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "32", "gitVersion": "v1.32.4",
                                          "platform": "linux/amd64"})

    by_ns: dict[str, list] = {}
    events: dict[str, list] = {}
    workloads: dict[str, dict[str, list]] = {}
    # operator pods on every GPU node
    op_pods = by_ns.setdefault(OPERATOR_NS, [])
    for name, _variant, ip in gpu_nodes:
        for app, ctr in OPERATOR_APPS:
            pod_name = f"{app}-{_uid(name, app)[:5]}"
            containers = [_container(ctr, f"nvcr.io/nvidia/{app}:v24.9.0")]
            op_pods.append({"metadata": _meta(pod_name, OPERATOR_NS, {"app": app}, ("DaemonSet", app), "Pod"),
                            "spec": {"nodeName": name, "containers": containers,
                                     "tolerations": GPU_TOLERATION},
                            "status": _running_status(containers, ip)})
            if app == "nvidia-device-plugin-daemonset":
                w.write_text(layout.container_log(OPERATOR_NS, pod_name, ctr), PLUGIN_LOG)
            elif app == "nvidia-driver-daemonset" and planted_unhealthy and name == planted_unhealthy[0]:
                w.write_text(layout.node_dmesg(name),
                             "[Sat Nov 29 11:40:12 2026] NVRM: Xid (PCI:0000:9b:00): 79, pid=2851, "
                             "name=python3, GPU has fallen off the bus.\n")

    # user pods: GPU pods fill GPU slots, the rest are CPU pods
    gpu_slots = [(name, v["resource"], ip) for name, v, ip in gpu_nodes for _ in range(v["slots"])]
    rng.shuffle(gpu_slots)
    n_user = max(0, pods - len(op_pods))
    n_gpu_pods = min(len(gpu_slots), n_user // 10)
    for k in range(n_user):
        ns = f"team-{k % namespaces:03d}"
        deploy = f"app-{k // 50:05d}"
        rs = f"{deploy}-{_uid(deploy)[:10]}"
        pod_name = f"{rs}-{_uid(k)[:5]}"
        labels = {"app": deploy, "pod-template-hash": _uid(deploy)[:10]}
        wl = workloads.setdefault(ns, {}).setdefault(deploy, [])
        wl.append(pod_name)
        if k < n_gpu_pods:
            node, res, ip = gpu_slots[k]
            containers = [_container("server", "vllm/vllm-openai:v0.6.4", {"cpu": "4", "memory": "32Gi", res: "1"},
                                     {res: "1", "memory": "64Gi"})]
            spec = {"nodeName": node, "containers": containers,
                    "tolerations": GPU_TOLERATION}
        else:
            node, _, ip = cpu_nodes[k % len(cpu_nodes)] if cpu_nodes else (gpu_nodes[0][0], None, gpu_nodes[0][2])
            containers = [_container("web", "nginx:1.27", {"cpu": "100m", "memory": "128Mi"})]
            spec = {"nodeName": node, "containers": containers}
        by_ns.setdefault(ns, []).append({"metadata": _meta(pod_name, ns, labels, ("ReplicaSet", rs), "Pod"),
                                         "spec": spec, "status": _running_status(containers, ip)})

    # planted problems in team-000
    ns = "team-000"
    pend = [_container("server", "vllm/vllm-openai:v0.6.4", {"nvidia.com/gpu": "1"}, {"nvidia.com/gpu": "1"})]
    for j in range(3):
        name = f"llm-pending-{j}"
        by_ns.setdefault(ns, []).append({
            "metadata": _meta(name, ns, {"app": "llm-pending"}, None, "Pod"),
            "spec": {"containers": pend, "schedulerName": "default-scheduler",
                     "tolerations": GPU_TOLERATION},
            "status": {"phase": "Pending", "conditions": [{
                "type": "PodScheduled", "status": "False", "reason": "Unschedulable", "lastTransitionTime": T0,
                "message": f"0/{nodes} nodes are available: {len(cpu_nodes)} Insufficient nvidia.com/gpu, "
                           f"{len(gpu_nodes)} Insufficient nvidia.com/gpu. preemption: 0/{nodes} nodes are available: "
                           f"{nodes} No preemption victims found for incoming pod."}]}})
        events.setdefault(ns, []).append({
            "metadata": _meta(f"{name}.18a2b3c4d5e6f7{j}", ns, None, None, "Event"),
            "involvedObject": {"kind": "Pod", "namespace": ns, "name": name, "uid": _uid("Pod", ns, name),
                               "apiVersion": "v1"},
            "reason": "FailedScheduling", "type": "Warning", "action": "Scheduling",
            "reportingComponent": "default-scheduler", "reportingInstance": "default-scheduler-cp-0",
            "eventTime": "2026-11-29T11:59:00.000000Z", "source": {},
            "message": by_ns[ns][-1]["status"]["conditions"][0]["message"]})

    for ns, items in by_ns.items():
        w.write_json(layout.namespaced_list("pods", ns), {"kind": "PodList", "apiVersion": "v1",
                                                           "metadata": {"resourceVersion": "2"}, "items": items})
        w.write_json(layout.namespaced_list("events", ns), {"kind": "EventList", "apiVersion": "v1",
                                                             "metadata": {"resourceVersion": "2"},
                                                             "items": events.get(ns, [])})
    for ns, deploys in workloads.items():
        d_items, rs_items = [], []
        for deploy, pod_names in deploys.items():
            h = _uid(deploy)[:10]
            sel = {"matchLabels": {"app": deploy}}
            d_items.append({"kind": "Deployment", "apiVersion": "apps/v1",
                            "metadata": _meta(deploy, ns, {"app": deploy}, None, "Deployment"),
                            "spec": {"replicas": len(pod_names), "selector": sel,
                                     "strategy": {"type": "RollingUpdate",
                                                  "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": "25%"}},
                                     "template": {"metadata": {"labels": {"app": deploy}}, "spec": {"containers": []}}},
                            "status": {"replicas": len(pod_names), "readyReplicas": len(pod_names)}})
            rs_items.append({"kind": "ReplicaSet", "apiVersion": "apps/v1",
                             "metadata": _meta(f"{deploy}-{h}", ns, {"app": deploy, "pod-template-hash": h},
                                               ("Deployment", deploy), "ReplicaSet"),
                             "spec": {"replicas": len(pod_names), "selector": sel},
                             "status": {"replicas": len(pod_names)}})
        w.write_json(layout.namespaced_list("deployments", ns),
                     {"kind": "DeploymentList", "apiVersion": "apps/v1", "items": d_items})
        w.write_json(layout.namespaced_list("replicasets", ns),
                     {"kind": "ReplicaSetList", "apiVersion": "apps/v1", "items": rs_items})
    w.write_manifest(None, created_at=T0, extra={"synthetic": {"nodes": nodes, "pods": pods, "seed": seed}})
    return Path(out_dir)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description="write a synthetic cluster bundle")
    p.add_argument("out")
    p.add_argument("--nodes", type=int, default=20)
    p.add_argument("--pods", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    print(generate_bundle(a.out, a.nodes, a.pods, seed=a.seed))


if __name__ == "__main__":
    main()
