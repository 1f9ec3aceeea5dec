"""Build consistent scenario bundles (v1 layout) from a few lines of Python.

A `World` holds nodes, pods, events, logs, exec outputs and node files as a real
cluster would show them; `gpu_node()` adds a node with a healthy GPU Operator stack
(driver, toolkit, device plugin, GFD, validator pods, each with a healthy log) that a
scenario then breaks in one place. `write(dir)` writes the bundle through the real
`BundleWriter` and `layout`, so the paths are the ones the collector writes.

    w = World("plugin-nvml")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)          # resource absent
    w.log("gpu-operator", w.stack("gpu-node-1", "device-plugin"), "nvidia-device-plugin", TEXT)
    p = w.pod("ml", "trainer-0", gpu=1)                          # pending
    w.event("ml", "Pod", "trainer-0", "FailedScheduling", MSG, component="default-scheduler")
    w.target("Pod", "ml", "trainer-0")
    w.write(out_dir)

Regenerate every committed scenario: `python -m tests.classify.scenario_builder`.
"""

from __future__ import annotations

import re

import hashlib
import json
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from triage.bundle import layout  # noqa: E402
from triage.bundle.writer import BundleWriter  # noqa: E402

T0 = "2026-11-29T14:00:00Z"
T1 = "2026-11-29T14:20:00Z"
T2 = "2026-11-29T14:55:00Z"
OPERATOR_NS = "gpu-operator"

HEALTHY_PLUGIN_LOG = """I1129 14:01:02.123456       1 main.go:317] Retrieving plugins.
I1129 14:01:02.456789       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'
I1129 14:01:02.457012       1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock
I1129 14:01:02.460331       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet
"""
HEALTHY_DRIVER_LOG = """DRIVER_ARCH is x86_64
Creating directory NVIDIA-Linux-x86_64-550.127.05
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
Done, now waiting for signal
"""
HEALTHY_CUDA_VALIDATION_LOG = "cuda workload validation is successful\n"
HEALTHY_GFD_LOG = """I1129 14:01:05.000001       1 main.go:163] Start running
I1129 14:01:05.100002       1 main.go:226] Creating Labels
I1129 14:01:05.100003       1 output.go:82] Writing labels to output file /etc/kubernetes/node-feature-discovery/features.d/gfd
"""


# the GPU Operator's DaemonSets and the node label each one's nodeSelector asks for
STACK_DS_SELECTOR = {
    "nvidia-driver-daemonset": "nvidia.com/gpu.deploy.driver",
    "nvidia-container-toolkit-daemonset": "nvidia.com/gpu.deploy.container-toolkit",
    "nvidia-device-plugin-daemonset": "nvidia.com/gpu.deploy.device-plugin",
    "gpu-feature-discovery": "nvidia.com/gpu.deploy.gpu-feature-discovery",
    "nvidia-operator-validator": "nvidia.com/gpu.deploy.operator-validator",
}


def _collector_of(path: str) -> str | None:
    """The collector that writes a bundle path (None: not one a collector lists)."""
    if path.endswith("-errors.json"):
        return None
    if path == layout.NODES:
        return "nodes"
    if path.startswith(layout.LOGS + "/"):
        return "logs"
    if path.startswith(layout.GPU_EXEC + "/"):
        return "exec"
    if path.startswith(layout.GPU_NODES + "/"):
        return "node-files"
    parsed = layout.parse_namespaced_list(path)
    if parsed:
        return {"pods": "pods", "events": "events"}.get(parsed[0], "workloads")
    return None


def _sfx(*parts: str) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:5]


def _uid(*parts: str) -> str:
    h = hashlib.sha256("uid/".join(parts).encode()).hexdigest()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


@dataclass
class World:
    name: str
    created_at: str = "2026-11-29T15:00:00Z"
    nodes: list[dict] = field(default_factory=list)
    pods: dict[str, list[dict]] = field(default_factory=dict)
    events: dict[str, list[dict]] = field(default_factory=dict)
    workloads: dict[tuple[str, str], list[dict]] = field(default_factory=dict)   # (kind, ns) -> items
    logs: dict[tuple[str, str, str, bool], str] = field(default_factory=dict)
    execs: list[tuple] = field(default_factory=list)
    node_files: dict[tuple[str, str], str] = field(default_factory=dict)
    custom: dict[str, list[dict]] = field(default_factory=dict)
    errors: list[tuple[str, list[str], str]] = field(default_factory=list)
    gaps: list[dict] = field(default_factory=list)
    manifest_target: dict | None = None
    with_manifest: bool = True
    skip_nodes: bool = False
    skip_pod_lists: tuple[str, ...] = ()      # namespaces whose PodList could not be collected
    _stack: dict[tuple[str, str], str] = field(default_factory=dict)

    # ---- nodes -----------------------------------------------------------------
    def node(self, name: str, *, gpus: int | None = None, allocatable: int | None | str = "same",
             resource: str = "nvidia.com/gpu", ready: bool | str = True, taints=(), labels=None,
             unschedulable: bool = False, cpu: str = "64", memory: str = "527938872Ki",
             alloc_cpu: str | None = None, alloc_memory: str | None = None, pods_cap: str = "110",
             conditions: list[dict] | None = None) -> dict:
        cap = {"cpu": cpu, "ephemeral-storage": "1967317840Ki", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
               "memory": memory, "pods": pods_cap}
        alloc = {"cpu": alloc_cpu or cpu, "ephemeral-storage": "1813031258405", "hugepages-1Gi": "0",
                 "hugepages-2Mi": "0", "memory": alloc_memory or memory, "pods": pods_cap}
        if gpus is not None:
            cap[resource] = str(gpus)
            a = gpus if allocatable == "same" else allocatable
            if a is not None:
                alloc[resource] = str(a)
        base_labels = {"kubernetes.io/arch": "amd64", "kubernetes.io/hostname": name, "kubernetes.io/os": "linux",
                       "beta.kubernetes.io/arch": "amd64", "beta.kubernetes.io/os": "linux"}
        base_labels.update(labels or {})
        if conditions is None:
            status = "True" if ready is True else ("Unknown" if ready == "Unknown" else "False")
            reason = {"True": "KubeletReady", "False": "KubeletNotReady", "Unknown": "NodeStatusUnknown"}[status]
            msg = {"True": "kubelet is posting ready status",
                   "False": "container runtime network not ready",
                   "Unknown": "Kubelet stopped posting node status."}[status]
            conditions = [
                {"type": "MemoryPressure", "status": "False" if status == "True" else status,
                 "reason": "KubeletHasSufficientMemory" if status == "True" else reason,
                 "message": "kubelet has sufficient memory available" if status == "True" else msg,
                 "lastHeartbeatTime": T2, "lastTransitionTime": T0},
                {"type": "DiskPressure", "status": "False" if status == "True" else status,
                 "reason": "KubeletHasNoDiskPressure" if status == "True" else reason,
                 "message": "kubelet has no disk pressure" if status == "True" else msg,
                 "lastHeartbeatTime": T2, "lastTransitionTime": T0},
                {"type": "Ready", "status": status, "reason": reason, "message": msg,
                 "lastHeartbeatTime": T2, "lastTransitionTime": T1 if status != "True" else T0},
            ]
        node = {
            "apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "uid": _uid(self.name, "node", name), "labels": base_labels,
                         "creationTimestamp": "2026-10-01T08:00:00Z", "resourceVersion": "1000"},
            "spec": {"podCIDR": "10.244.1.0/24",
                     "taints": [dict(t) for t in taints] or None,
                     "unschedulable": True if unschedulable else None},
            "status": {"capacity": cap, "allocatable": alloc, "conditions": conditions,
                       "nodeInfo": {"architecture": "amd64", "containerRuntimeVersion": "containerd://1.7.22",
                                    "kernelVersion": "5.15.0-118-generic", "kubeletVersion": "v1.32.2",
                                    "kubeProxyVersion": "v1.32.2", "operatingSystem": "linux",
                                    "osImage": "Ubuntu 22.04.5 LTS"},
                       "addresses": [{"type": "InternalIP", "address": f"10.0.0.{len(self.nodes) + 10}"},
                                     {"type": "Hostname", "address": name}]},
        }
        node["spec"] = {k: v for k, v in node["spec"].items() if v is not None}
        self.nodes.append(node)
        return node

    def gpu_node(self, name: str, *, gpus: int = 1, product: str = "NVIDIA-A100-SXM4-80GB",
                 memory_mib: int = 81920, operator: bool = True, plugin_log: str | None = HEALTHY_PLUGIN_LOG,
                 **kw) -> dict:
        labels = {"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": product,
                  "nvidia.com/gpu.count": str(gpus), "nvidia.com/gpu.memory": str(memory_mib),
                  "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.driver": "true",
                  "nvidia.com/gpu.deploy.container-toolkit": "true",
                  "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                  "nvidia.com/gpu.deploy.operator-validator": "true",
                  "nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.runtime.major": "12",
                  "feature.node.kubernetes.io/pci-10de.present": "true"}
        labels.update(kw.pop("labels", None) or {})
        node = self.node(name, gpus=gpus, labels=labels, **kw)
        if operator:
            self.operator_stack(name, plugin_log=plugin_log)
        return node

    def operator_stack(self, node: str, *, plugin_log: str | None = HEALTHY_PLUGIN_LOG) -> None:
        ns = OPERATOR_NS
        roles = [
            ("driver", "nvidia-driver-daemonset", ["nvidia-driver-ctr"], ["k8s-driver-manager"], HEALTHY_DRIVER_LOG),
            ("toolkit", "nvidia-container-toolkit-daemonset", ["nvidia-container-toolkit-ctr"], ["driver-validation"], None),
            ("device-plugin", "nvidia-device-plugin-daemonset", ["nvidia-device-plugin"], ["toolkit-validation"], plugin_log),
            ("gfd", "gpu-feature-discovery", ["gpu-feature-discovery"], ["toolkit-validation"], HEALTHY_GFD_LOG),
            ("validator", "nvidia-operator-validator", ["nvidia-operator-validator"],
             ["driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"], None),
        ]
        for role, app, containers, inits, log in roles:
            pname = f"{app}-{_sfx(self.name, node, app)}"
            self._stack[(node, role)] = pname
            self.pod(ns, pname, node=node, gpu=0, containers=containers, init_containers=inits,
                     labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"},
                     owner=("DaemonSet", app), runtime_class="nvidia" if role != "driver" else None,
                     tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
            if log:
                self.log(ns, pname, containers[0], log)
            if role == "validator":
                self.log(ns, pname, "cuda-validation", HEALTHY_CUDA_VALIDATION_LOG)

    def stack(self, node: str, role: str) -> str:
        return self._stack[(node, role)]

    def get_pod(self, ns: str, name: str) -> dict:
        return next(p for p in self.pods[ns] if p["metadata"]["name"] == name)

    def get_node(self, name: str) -> dict:
        return next(n for n in self.nodes if n["metadata"]["name"] == name)

    # ---- pods ------------------------------------------------------------------
    def pod(self, ns: str, name: str, *, node: str | None = None, gpu: int = 1, resource: str = "nvidia.com/gpu",
            phase: str | None = None, containers=("main",), init_containers=(), image: str = "vllm/vllm-openai:v0.8.3",
            labels=None, owner: tuple[str, str] | None = None, scheduler: str | None = None,
            runtime_class: str | None = None, tolerations=None, node_selector=None, affinity=None,
            env=None, probes=None, volumes=None, mounts=None, statuses: dict | None = None,
            init_statuses: dict | None = None, ready: bool | None = None, reason: str | None = None,
            message: str | None = None, cpu: str = "4", memory: str = "16Gi", memory_limit: str | None = None,
            restarts: int = 0, scheduled_message: str | None = None, extra_spec=None) -> dict:
        scheduled = node is not None
        if phase is None:
            phase = "Running" if scheduled else "Pending"
        specs = []
        for i, c in enumerate(containers):
            res = {"requests": {"cpu": cpu, "memory": memory}, "limits": {"memory": memory_limit or memory}}
            if gpu and i == 0:
                res["limits"][resource] = str(gpu)
                res["requests"][resource] = str(gpu)
            spec_c = {"name": c, "image": image if not name.startswith("nvidia") else f"nvcr.io/nvidia/{c}:v24.9.0",
                      "imagePullPolicy": "IfNotPresent", "resources": res,
                      "terminationMessagePath": "/dev/termination-log", "terminationMessagePolicy": "File"}
            if env and i == 0:
                spec_c["env"] = env
            if probes and i == 0:
                spec_c.update(probes)
            if mounts and i == 0:
                spec_c["volumeMounts"] = mounts
            specs.append(spec_c)
        inits = [{"name": c, "image": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.0",
                  "resources": {}} for c in init_containers]
        meta = {"name": name, "namespace": ns, "uid": _uid(self.name, ns, name), "labels": dict(labels or {}),
                "creationTimestamp": T0, "resourceVersion": "2000"}
        if owner:
            meta["ownerReferences"] = [{"apiVersion": "apps/v1" if owner[0] != "Job" else "batch/v1",
                                        "kind": owner[0], "name": owner[1], "uid": _uid(self.name, ns, *owner),
                                        "controller": True, "blockOwnerDeletion": True}]
        spec = {"containers": specs, "restartPolicy": "Always", "schedulerName": scheduler or "default-scheduler",
                "serviceAccountName": "default", "terminationGracePeriodSeconds": 30,
                "tolerations": [{"key": "node.kubernetes.io/not-ready", "operator": "Exists", "effect": "NoExecute",
                                 "tolerationSeconds": 300},
                                {"key": "node.kubernetes.io/unreachable", "operator": "Exists", "effect": "NoExecute",
                                 "tolerationSeconds": 300}] + list(tolerations or [])}
        if inits:
            spec["initContainers"] = inits
        if node:
            spec["nodeName"] = node
        if runtime_class:
            spec["runtimeClassName"] = runtime_class
        if node_selector:
            spec["nodeSelector"] = node_selector
        if affinity:
            spec["affinity"] = affinity
        if volumes:
            spec["volumes"] = volumes
        spec.update(extra_spec or {})
        status: dict = {"phase": phase, "qosClass": "Burstable"}
        if reason:
            status["reason"] = reason
        if message:
            status["message"] = message
        if scheduled:
            all_ready = ready if ready is not None else phase == "Running"
            status["hostIP"] = "10.0.0.10"
            status["podIP"] = f"10.244.1.{len(self.pods.get(ns, [])) + 5}"
            status["startTime"] = T0
            status["conditions"] = [
                {"type": "PodScheduled", "status": "True", "lastTransitionTime": T0},
                {"type": "Initialized", "status": "True" if phase != "Pending" else "False", "lastTransitionTime": T0},
                {"type": "ContainersReady", "status": "True" if all_ready else "False", "lastTransitionTime": T1},
                {"type": "Ready", "status": "True" if all_ready else "False", "lastTransitionTime": T1},
            ]
            cs = []
            for c in containers:
                st = (statuses or {}).get(c)
                if st is None:
                    if phase == "Running":
                        st = {"state": {"running": {"startedAt": T0}}, "ready": all_ready, "restartCount": restarts}
                    elif phase == "Succeeded":
                        st = {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0,
                                                       "finishedAt": T1}}, "ready": False, "restartCount": 0}
                    else:
                        st = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
                full = {"name": c, "image": specs[[s["name"] for s in specs].index(c)]["image"],
                        "imageID": "", "containerID": f"containerd://{_sfx(name, c)}" * 1, "started": "running" in st.get("state", {})}
                full.update({"ready": False, "restartCount": 0})
                full.update(st)
                cs.append(full)
            status["containerStatuses"] = cs
            ics = []
            for c in init_containers:
                st = (init_statuses or {}).get(c) or {
                    "state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}},
                    "ready": True, "restartCount": 0}
                full = {"name": c, "image": inits[0]["image"], "imageID": "", "started": False}
                full.update({"ready": False, "restartCount": 0})
                full.update(st)
                ics.append(full)
            if ics:
                status["initContainerStatuses"] = ics
        else:
            cond = {"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "lastTransitionTime": T0}
            if scheduled_message:
                cond["message"] = scheduled_message
            status["conditions"] = [cond] if phase == "Pending" else []
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": meta, "spec": spec, "status": status}
        self.pods.setdefault(ns, []).append(pod)
        return pod

    def workload(self, kind: str, ns: str, name: str, *, replicas: int = 1, template_pod: dict | None = None,
                 strategy: dict | None = None, owner: tuple[str, str] | None = None, revision: str | None = None,
                 status: dict | None = None) -> dict:
        folder = {"Deployment": "deployments", "ReplicaSet": "replicasets", "StatefulSet": "statefulsets",
                  "DaemonSet": "daemonsets", "Job": "jobs"}[kind]
        tmpl = {"metadata": {"labels": {"app": name}}, "spec": (template_pod or {}).get("spec", {"containers": []})}
        meta = {"name": name, "namespace": ns, "uid": _uid(self.name, ns, kind, name), "creationTimestamp": T0,
                "labels": {"app": name}}
        if owner:
            meta["ownerReferences"] = [{"apiVersion": "apps/v1", "kind": owner[0], "name": owner[1],
                                        "uid": _uid(self.name, ns, *owner), "controller": True}]
        if revision:
            meta["annotations"] = {"deployment.kubernetes.io/revision": revision}
        spec = {"replicas": replicas, "selector": {"matchLabels": {"app": name}}, "template": tmpl}
        if strategy is not None:
            spec["strategy" if kind == "Deployment" else "updateStrategy"] = strategy
        obj = {"apiVersion": "apps/v1" if kind != "Job" else "batch/v1", "kind": kind, "metadata": meta,
               "spec": spec, "status": status or {}}
        self.workloads.setdefault((folder, ns), []).append(obj)
        return obj

    # ---- events, logs, exec, node files ------------------------------------------
    def event(self, ns: str, kind: str, name: str, reason: str, message: str, *, type: str = "Warning",
              component: str = "kubelet", count: int = 1, host: str | None = None, last: str = T2,
              field_path: str | None = None) -> dict:
        n = len(self.events.get(ns, []))
        inv = {"kind": kind, "namespace": ns if kind != "Node" else "", "name": name,
               "uid": _uid(self.name, ns, name) if kind == "Pod" else _uid(self.name, ns, kind, name),
               "apiVersion": "v1" if kind in ("Pod", "Node") else "apps/v1"}
        if field_path:
            inv["fieldPath"] = field_path
        if kind == "Node":
            inv["uid"] = _uid(self.name, "node", name)
        ev = {"apiVersion": "v1", "kind": "Event",
              "metadata": {"name": f"{name}.{_sfx(self.name, name, reason, str(n))}{n:04x}", "namespace": ns,
                           "creationTimestamp": T1},
              "involvedObject": inv, "reason": reason, "message": message, "type": type,
              "source": {"component": component, **({"host": host} if host else {})},
              "firstTimestamp": T1, "lastTimestamp": last, "count": count,
              "reportingComponent": component, "reportingInstance": host or ""}
        self.events.setdefault(ns, []).append(ev)
        return ev

    def log(self, ns: str, pod: str, container: str, text: str, previous: bool = False) -> None:
        self.logs[(ns, pod, container, previous)] = text if text.endswith("\n") else text + "\n"

    def exec(self, ns: str, pod: str, container: str, command: list[str], stdout: str, stderr: str = "",
             exit_code: int | None = 0, error: str | None = None) -> None:
        self.execs.append((ns, pod, container, command, stdout, stderr, exit_code, error))

    def dmesg(self, node: str, text: str) -> None:
        self.node_files[(node, "dmesg")] = text if text.endswith("\n") else text + "\n"

    def error(self, piece: str, messages: list[str], reason: str) -> None:
        self.errors.append((piece, messages, reason))

    def gap(self, collector: str, reason: str, detail: str, needs: str) -> None:
        self.gaps.append({"collector": collector, "reason": reason, "detail": detail, "needs": needs})

    def target(self, kind: str, ns: str | None, name: str) -> None:
        self.manifest_target = {"kind": kind, "namespace": ns, "name": name} if ns else {"kind": kind, "name": name}

    # ---- writing -----------------------------------------------------------------
    def _with_stack_daemonsets(self) -> dict[tuple[str, str], list[dict]]:
        """The workloads, plus one DaemonSet per GPU-stack app whose pods the world holds and
        that no explicit `workload("DaemonSet", ...)` describes, as the controller would report
        it: nodeSelector `nvidia.com/gpu.deploy.<component>=true`, desired = the nodes carrying
        that label, current/ready/available counted from its pods. A scenario that breaks a
        DaemonSet's state (desired 0, a selector no node has) declares it explicitly."""
        out = {k: list(v) for k, v in self.workloads.items()}
        for ns, pods in sorted(self.pods.items()):
            have = {w["metadata"]["name"] for w in out.get(("daemonsets", ns), [])}
            apps: dict[str, list[dict]] = {}
            for p in pods:
                refs = p["metadata"].get("ownerReferences") or []
                if refs and refs[0]["kind"] == "DaemonSet" and refs[0]["name"] in STACK_DS_SELECTOR:
                    apps.setdefault(refs[0]["name"], []).append(p)
            for app, app_pods in sorted(apps.items()):
                if app in have:
                    continue
                key = STACK_DS_SELECTOR[app]
                wanted = [n for n in self.nodes if n["metadata"]["labels"].get(key) == "true"]
                ready = sum(1 for p in app_pods if p["status"].get("phase") == "Running"
                            and all(c.get("ready") for c in p["status"].get("containerStatuses") or [{}]))
                scheduled = sum(1 for p in app_pods if p["spec"].get("nodeName"))
                desired = max(len(wanted), scheduled)
                template = {"metadata": {"labels": dict(app_pods[0]["metadata"]["labels"])},
                            "spec": {"nodeSelector": {key: "true"},
                                     "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists",
                                                      "effect": "NoSchedule"}],
                                     "containers": [{"name": c["name"], "image": c["image"]}
                                                    for c in app_pods[0]["spec"]["containers"]]}}
                ds = {"apiVersion": "apps/v1", "kind": "DaemonSet",
                      "metadata": {"name": app, "namespace": ns, "uid": _uid(self.name, ns, "DaemonSet", app),
                                   "creationTimestamp": T0, "labels": {"app": app}, "generation": 1},
                      "spec": {"selector": {"matchLabels": {"app": app}}, "template": template,
                               "updateStrategy": {"type": "RollingUpdate"}},
                      "status": {"desiredNumberScheduled": desired, "currentNumberScheduled": scheduled,
                                 "numberReady": ready, "numberAvailable": ready, "updatedNumberScheduled": scheduled,
                                 "numberMisscheduled": 0, "observedGeneration": 1,
                                 **({"numberUnavailable": desired - ready} if desired > ready else {})}}
                out.setdefault(("daemonsets", ns), []).append(ds)
        return out

    def write(self, out: Path) -> Path:
        out = Path(out)
        if out.exists():
            shutil.rmtree(out)
        w = BundleWriter(out)
        w.write_json(layout.CLUSTER_VERSION, {"major": "1", "minor": "32", "gitVersion": "v1.32.2",
                                              "platform": "linux/amd64"})
        if not self.skip_nodes:
            w.write_json(layout.NODES, {"apiVersion": "v1", "kind": "NodeList", "metadata": {"resourceVersion": "9000"},
                                        "items": self.nodes})
        namespaces = sorted(set(self.pods) | set(self.events))
        for ns in namespaces:
            if ns in self.skip_pod_lists:
                w.write_json(layout.namespaced_list("events", ns), {"apiVersion": "v1", "kind": "EventList",
                                                                     "metadata": {"resourceVersion": "9000"},
                                                                     "items": self.events.get(ns, [])})
                continue
            w.write_json(layout.namespaced_list("pods", ns), {"apiVersion": "v1", "kind": "PodList",
                                                               "metadata": {"resourceVersion": "9000"},
                                                               "items": self.pods.get(ns, [])})
            w.write_json(layout.namespaced_list("events", ns), {"apiVersion": "v1", "kind": "EventList",
                                                                 "metadata": {"resourceVersion": "9000"},
                                                                 "items": self.events.get(ns, [])})
        for (folder, ns), items in sorted(self._with_stack_daemonsets().items()):
            kind = {"deployments": "DeploymentList", "replicasets": "ReplicaSetList", "statefulsets": "StatefulSetList",
                    "daemonsets": "DaemonSetList", "jobs": "JobList"}[folder]
            w.write_json(layout.namespaced_list(folder, ns), {"apiVersion": "apps/v1", "kind": kind, "items": items})
        for (ns, pod, container, prev), text in sorted(self.logs.items()):
            w.write_text(layout.container_log(ns, pod, container, prev), text)
        for ns, pod, container, command, stdout, stderr, code, error in self.execs:
            w.write_exec(ns, pod, container, command, stdout, stderr, code, error)
        for (node, kind), text in sorted(self.node_files.items()):
            w.write_text(layout.node_dmesg(node) if kind == "dmesg" else layout.node_dcgm(node), text)
        for name, items in sorted(self.custom.items()):
            w.write_json(layout.custom_resource(name), items)
        for piece, messages, reason in self.errors:
            w.write_error(piece, messages, reason)
        if self.with_manifest:
            for g in self.gaps:
                w.add_gap(**g)
            # each collector lists the files it wrote, as the real collector does (a file the
            # manifest lists and the bundle lacks is then a gap on its layer)
            files: dict[str, list[str]] = {k: [] for k in ("nodes", "pods", "events", "logs", "exec", "node-files",
                                                          "workloads")}
            for path in sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()):
                files[_collector_of(path)].append(path) if _collector_of(path) else None
            for kind, written in files.items():
                if written or kind in ("nodes", "pods", "events", "logs", "exec"):
                    w.add_collector(kind, "ok", 0.1, written)
            w.write_manifest(self.manifest_target, {"rules": ["default"], "count": 0}, created_at=self.created_at)
        return out


# ---- generating the committed fixtures ----------------------------------------------

SCENARIOS_DIR = REPO / "fixtures" / "scenarios"


@dataclass(frozen=True)
class Scenario:
    """A scenario: a builder function, the answer reasoned from the world it builds,
    and its provenance (README)."""

    name: str                     # NNN_finding_name
    build: object                 # () -> World
    expected: dict                # {"status", "root_cause": id|None, "layer", "subject", "accept": [...]}
    readme: str
    case_id: str | None = None    # real-cases.jsonl id when built from the corpus
    kind: str = "firing"          # firing | near_miss | healthy | real


def diagnosis_of(w: World, tmp_path: Path) -> dict:
    """The findings document of world `w`, written as a bundle under `tmp_path` and diagnosed."""
    from triage.bundle.views import load_bundle
    from triage.classify.engine import diagnose
    from triage.render.json import findings_document
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def finding_ids(doc: dict) -> list[str]:
    return [f["id"] for f in doc["findings"]]


def read_cases(path: Path) -> dict[str, dict]:
    """id -> case of a cases.jsonl (holdout, first-contact batches: the corpus's fields)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            c = json.loads(line)
            out[c["id"]] = c
    return out


def source_slug(case: dict) -> str:
    """A folder-name part for a case's source: `<repo>_<number>` of a GitHub thread URL; for any
    other page (a Q&A site, a forum, a vendor article) `<site>_<number or last path part>`.

        >>> source_slug({"source": "https://github.com/NVIDIA/gpu-operator/issues/608"})
        'gpu_operator_608'
        >>> source_slug({"source": "https://stackoverflow.com/questions/71234567/gpu-pod-pending-insufficient"})
        'stackoverflow_71234567'
    """
    url = case["source"].rstrip("/")
    if "github.com/" in url:
        tail = url.split("github.com/")[-1].split("/")
        return re.sub(r"[^a-z0-9]+", "_", f"{tail[1]}_{tail[3]}".lower()).strip("_")
    host, _, path = url.split("://", 1)[-1].partition("/")
    parts = [p for p in path.split("/") if p]
    site = next((label for label in host.lower().split(".") if label not in ("www", "forums", "forum", "discuss")),
                host.lower())
    key = next((p for p in parts if p.isdigit()), parts[-1] if parts else "")
    return re.sub(r"[^a-z0-9]+", "_", f"{site}_{key}".lower()).strip("_")[:60]


def checked_case_ids(cases: dict[str, dict], builders: dict) -> list[str]:
    """The case ids of a batch, in file order, once every case has a builder and every builder a case."""
    missing = [cid for cid in cases if cid not in builders]
    extra = [cid for cid in builders if cid not in cases]
    if missing or extra:
        raise RuntimeError(f"first-contact cases without a scenario: {missing}; builders without a case: {extra}")
    return list(cases)


def write_batch(scenarios: list[Scenario], directory: Path) -> None:
    """(Re)write a first-contact batch's scenarios/ folder from its builders."""
    if directory.exists():
        shutil.rmtree(directory)
    for s in scenarios:
        write_scenario(s, directory)
    print(f"wrote {len(scenarios)} first-contact scenarios under {directory}")


def write_scenario(s: Scenario, root: Path = SCENARIOS_DIR) -> Path:
    d = root / s.name
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    s.build().write(d / "bundle")
    expected = dict(s.expected)
    expected.setdefault("kind", s.kind)
    if s.case_id:
        expected["case_id"] = s.case_id
    (d / "expected.json").write_text(json.dumps(expected, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (d / "README.md").write_text(s.readme.strip() + "\n", encoding="utf-8")
    return d


def all_scenarios() -> list[Scenario]:
    from tests.classify import scenarios_ids, scenarios_real
    return list(scenarios_real.SCENARIOS) + list(scenarios_ids.SCENARIOS)


def main() -> None:
    names = set()
    for s in all_scenarios():
        if s.name in names:
            raise SystemExit(f"duplicate scenario {s.name}")
        names.add(s.name)
        write_scenario(s)
    for old in SCENARIOS_DIR.iterdir() if SCENARIOS_DIR.exists() else ():
        if old.is_dir() and old.name not in names:
            shutil.rmtree(old)
    write_index(all_scenarios())
    print(f"wrote {len(names)} scenarios under {SCENARIOS_DIR}")


def write_index(scenarios) -> None:
    """fixtures/scenarios/README.md: one line per scenario (what it is, the expected answer)."""
    lines = ["# Scenario bundles", "",
             "Generated by `python -m tests.classify.scenario_builder` (worlds in `tests/classify/scenarios_real.py`",
             "and `tests/classify/scenarios_ids.py`), committed as reviewed data. `rNNN_*` are built from",
             "`shared/corpus/real-cases.jsonl` (text verbatim), `sNNN_*` are per-id firing scenarios, near misses,",
             "healthy and inconclusive worlds. Each folder: `bundle/` (layout v1), `expected.json`, `README.md`.", "",
             "| scenario | kind | expected status | expected root cause | near miss for |", "|---|---|---|---|---|"]
    for sc in scenarios:
        e = sc.expected
        lines.append(f"| `{sc.name}` | {sc.kind} | {e['status']} | {('`' + e['root_cause'] + '`') if e['root_cause'] else '-'} "
                     f"| {', '.join(e.get('near_miss_for', ())) or '-'} |")
    (SCENARIOS_DIR / "README.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
