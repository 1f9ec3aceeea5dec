"""Builds first-contact batch B6 (fixtures/first-contact/batch-b6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and healthy look-alikes) sampled from the `docs` corpus (vendor documentation:
troubleshooting pages, runbooks, release notes, provider docs) with the fixed query list D01-D30 in the batch
README, the node layer emphasised. Each builder places the case's text verbatim where a collector would have
found it (prose texts are not placed) and builds the cluster state the page describes. The expected answer was
reasoned from the page (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b6      # (re)writes fixtures/first-contact/batch-b6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image, stack_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import ML, crashing, init_stuck, node_subj, pod_subj

FC = ThreadBatch("batch-b6", "B6", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fb602", "fb603", "fb604", "fb605"}


def base_conditions(ready: str = "True") -> list[dict]:
    """A node's standard conditions, Ready as given ('True', or 'Unknown' for a node that stopped posting)."""
    if ready == "True":
        pressure = [("MemoryPressure", "False", "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
                    ("DiskPressure", "False", "KubeletHasNoDiskPressure", "kubelet has no disk pressure"),
                    ("PIDPressure", "False", "KubeletHasSufficientPID", "kubelet has sufficient PID available")]
        ready_c = ("Ready", "True", "KubeletReady", "kubelet is posting ready status")
    else:
        msg = "Kubelet stopped posting node status."
        pressure = [(t, "Unknown", "NodeStatusUnknown", msg) for t in ("MemoryPressure", "DiskPressure", "PIDPressure")]
        ready_c = ("Ready", "Unknown", "NodeStatusUnknown", msg)
    out = []
    for t, s, r, m in pressure + [ready_c]:
        out.append({"type": t, "status": s, "reason": r, "message": m, "lastHeartbeatTime": T2 if s != "Unknown" else T1,
                    "lastTransitionTime": T0 if s in ("False", "True") else T1})
    return out


def waiting_pod(w, ns: str, name: str, node: str, app: str, container: str, inits: tuple[str, ...], image: str,
                owner_ds: str) -> dict:
    """An operand pod held in its first init container (Init:0/N): that init running, the rest PodInitializing."""
    init_statuses = {}
    for i, c in enumerate(inits):
        init_statuses[c] = ({"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0} if i == 0
                            else {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0})
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), init_containers=inits, phase="Pending", ready=False,
              labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", owner_ds),
              statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                    "restartCount": 0}},
              init_statuses=init_statuses, tolerations=GPU_TOLERATION)
    set_image(p, container, image)
    return p


def unready(p: dict) -> None:
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in p["status"].get("containerStatuses", []):
        s["ready"] = False


# ---- driver layer ----------------------------------------------------------------------------

@case("fb601", node_subj("ip-10-0-133-209.ec2.internal"),
      "OpenShift 4.8 on AWS: the page's GPU worker ip-10-0-133-209.ec2.internal (kubelet v1.21.1+9807387, RHCOS "
      "48.84.202110270303-0; kernel, CRI-O version, instance type g4dn.xlarge and the Tesla T4 assumed) and a CPU "
      "worker running the operator. GPU Operator (v1.9-era images assumed) in namespace nvidia-gpu-operator with "
      "an entitlement-based driver build (no Driver Toolkit sidecar): the driver pod "
      "nvidia-driver-daemonset-48.84.202110270303-0-9df9j crash-loops (13 restarts) with the text as its previous "
      "log (the page quotes only this line); container toolkit, device plugin, GFD and DCGM wait in their first "
      "init container, the DCGM exporter too, the operator validator at driver-validation (Init:0/4); the node "
      "status exporter runs. The ClusterPolicy is notReady. The node carries NFD's pci-10de label and the "
      "operator's deploy labels, no GFD labels and no nvidia.com/gpu. Deviations from the page's listing: the "
      "operator pod is Running here (the page's illustrative listing shows it Init:0/1 as well) and the "
      "cuda-validator and plugin-validator pods, which the validator creates only after driver validation, are "
      "left out. The console alert ('nvidia driver could not be properly deployed') is not a cluster object and "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.21.1+9807387"
    ns = "nvidia-gpu-operator"
    info = {"osImage": "Red Hat Enterprise Linux CoreOS 48.84.202110270303-0 (Ootpa)",
            "kernelVersion": "4.18.0-305.19.1.el8_4.x86_64",
            "containerRuntimeVersion": "cri-o://1.21.3-8.rhaos4.8.git7415a53.el8", "kubeletVersion": "v1.21.1+9807387",
            "kubeProxyVersion": "v1.21.1+9807387"}
    cpu = w.node("ip-10-0-150-12.ec2.internal", cpu="4", memory="16082500Ki", pods_cap="250",
                 labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "m5.xlarge"})
    node_info(cpu, **info)
    node = "ip-10-0-133-209.ec2.internal"
    n = w.node(node, cpu="4", memory="16095312Ki", pods_cap="250",
               labels={"node-role.kubernetes.io/worker": "", "node.kubernetes.io/instance-type": "g4dn.xlarge",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": "4.18.0-305.19.1.el8_4.x86_64",
                       "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "48.84.202110270303-0",
                       "nvidia.com/gpu.present": "true", "nvidia.com/gpu.deploy.driver": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true", "nvidia.com/gpu.deploy.dcgm": "true",
                       "nvidia.com/gpu.deploy.dcgm-exporter": "true", "nvidia.com/gpu.deploy.operator-validator": "true",
                       "nvidia.com/gpu.deploy.node-status-exporter": "true"})
    node_info(n, **info)

    op = w.pod(ns, "gpu-operator-8dc8d6648-jzhnr", node=cpu["metadata"]["name"], gpu=0, containers=("gpu-operator",),
               labels={"app": "gpu-operator"}, owner=("ReplicaSet", "gpu-operator-8dc8d6648"))
    set_image(op, "gpu-operator", "nvcr.io/nvidia/gpu-operator:v1.9.0")
    w.workload("Deployment", ns, "gpu-operator",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})

    drv_ds = "nvidia-driver-daemonset-48.84.202110270303-0"
    drv = f"{drv_ds}-9df9j"
    p = w.pod(ns, drv, node=node, gpu=0, containers=("nvidia-driver-ctr",), init_containers=("k8s-driver-manager",),
              ready=False, labels={"app": "nvidia-driver-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", drv_ds), statuses=crashing("nvidia-driver-ctr", 1, restarts=13),
              tolerations=GPU_TOLERATION)
    set_image(p, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:470.82.01-rhcos4.8")
    set_image(p, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.2.0")
    w.log(ns, drv, "nvidia-driver-ctr", t, previous=True)
    backoff(w, ns, drv, "nvidia-driver-ctr", node, count=13)
    w.workload("DaemonSet", ns, drv_ds, template_pod=p, status=ds_status(1, 1, 0))

    validator = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.9.0"
    held = [("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-z2wh7",
             "nvidia-container-toolkit-ctr", ("driver-validation",), "nvcr.io/nvidia/k8s/container-toolkit:1.7.2-ubi8"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-nqxmc", "nvidia-device-plugin",
             ("toolkit-validation",), "nvcr.io/nvidia/k8s-device-plugin:v0.10.0-ubi8"),
            ("gpu-feature-discovery", "gpu-feature-discovery-hlpgs", "gpu-feature-discovery", ("toolkit-validation",),
             "nvcr.io/nvidia/gpu-feature-discovery:v0.4.1"),
            ("nvidia-dcgm", "nvidia-dcgm-k7tz6", "nvidia-dcgm-ctr", ("toolkit-validation",),
             "nvcr.io/nvidia/cloud-native/dcgm:2.3.1-1-ubi8"),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter-ds9xd", "nvidia-dcgm-exporter", ("toolkit-validation",),
             "nvcr.io/nvidia/k8s/dcgm-exporter:2.3.1-2.6.0-ubi8"),
            ("nvidia-operator-validator", "nvidia-operator-validator-kjznr", "nvidia-operator-validator",
             ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"), validator)]
    for app, name, container, inits, image in held:
        p = waiting_pod(w, ns, name, node, app, container, inits, image, app)
        for c in inits:
            set_image(p, c, validator)
        w.workload("DaemonSet", ns, app, template_pod=p, status=ds_status(1, 1, 0))
    nse = w.pod(ns, "nvidia-node-status-exporter-7bhdk", node=node, gpu=0, containers=("nvidia-node-status-exporter",),
                labels={"app": "nvidia-node-status-exporter", "app.kubernetes.io/part-of": "gpu-operator"},
                owner=("DaemonSet", "nvidia-node-status-exporter"), tolerations=GPU_TOLERATION)
    set_image(nse, "nvidia-node-status-exporter", validator)
    w.workload("DaemonSet", ns, "nvidia-node-status-exporter", template_pod=nse, status=ds_status(1, 1, 1))
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True, "use_ocp_driver_toolkit": True}, "toolkit": {"enabled": True},
                 "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}, "dcgm": {"enabled": True},
                 "dcgmExporter": {"enabled": True}, "operator": {"defaultRuntime": "crio"}},
        "status": {"state": "notReady", "namespace": ns}}]
    w.target("Node", None, node)


@case("fb603", pod_subj("bert-pretrain-0-7xk2q"),
      "GPU node gpu-worker-3 (8 x H100 80GB assumed; Ubuntu 22.04, kernel, containerd and kubelet strings and the "
      "550 driver assumed for 2026) with the GPU Operator (namespace gpu-operator; driver, toolkit, device plugin, GFD and validator "
      "healthy as last logged, nvidia-dcgm and nvidia-dcgm-exporter Running) and NVSentinel (namespace nvsentinel, "
      "gpu-health-monitor DaemonSet in operator-service mode, Running). The node is Ready, untainted, capacity "
      "and allocatable nvidia.com/gpu 8, and carries GpuDcgmConnectivityFailure=True whose message names "
      "DCGM_PROBE_HANG and CONTACT_SUPPORT (wording illustrative; the runbook gives only the condition type, "
      "code and action for remote modes). The training Job pod bert-pretrain-0-7xk2q (8 GPUs) scheduled there "
      "fails to start: StartError exit 128, message with 'context deadline exceeded' (the containerd wording "
      "around it is illustrative), kubelet Failed event, 3 restarts. `nvidia-smi` run in the device-plugin pod "
      "never returned (the collector's exec timed out). The runbook quotes no kernel line and the bundle holds "
      "no node kernel log. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    node = "gpu-worker-3"
    conds = base_conditions("True")
    conds.insert(0, {"type": "GpuDcgmConnectivityFailure", "status": "True",
                     "reason": "GpuDcgmConnectivityFailureIsNotHealthy",
                     "message": "ErrorCode:DCGM_PROBE_HANG Recommended Action=CONTACT_SUPPORT;",
                     "lastHeartbeatTime": T2, "lastTransitionTime": T1})
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, conditions=conds,
                   labels={"nvidia.com/gpu.deploy.dcgm": "true", "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-160-generic",
              containerRuntimeVersion="containerd://2.1.5", kubeletVersion="v1.34.2", kubeProxyVersion="v1.34.2")
    for app, container in (("nvidia-dcgm", "nvidia-dcgm-ctr"), ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter")):
        p = w.pod(OPERATOR_NS, f"{app}-q8v2m", node=node, gpu=0, containers=(container,), init_containers=("toolkit-validation",),
                  labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
                  runtime_class="nvidia", tolerations=GPU_TOLERATION)
        w.workload("DaemonSet", OPERATOR_NS, app, template_pod=p, status=ds_status(1, 1, 1))
    mon = w.pod("nvsentinel", "gpu-health-monitor-5lq7w", node=node, gpu=0, containers=("gpu-health-monitor",),
                labels={"app.kubernetes.io/name": "gpu-health-monitor"}, owner=("DaemonSet", "gpu-health-monitor"),
                tolerations=GPU_TOLERATION, cpu="100m", memory="256Mi")
    set_image(mon, "gpu-health-monitor", "ghcr.io/nvidia/nvsentinel/gpu-health-monitor:v1.27.0")
    w.workload("DaemonSet", "nvsentinel", "gpu-health-monitor", template_pod=mon, status=ds_status(1, 1, 1))
    name = "bert-pretrain-0-7xk2q"
    msg = "failed to create containerd task: failed to create shim task: context deadline exceeded: unknown"
    w.pod(ML, name, node=node, gpu=8, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.10-py3", ready=False,
          owner=("Job", "bert-pretrain-0"), tolerations=GPU_TOLERATION, cpu="96", memory="900Gi",
          statuses=crashing("trainer", 128, "StartError", msg, restarts=3))
    w.event(ML, "Pod", name, "Failed", f"Error: {msg}", count=4, host=node,
            field_path="spec.containers{trainer}")
    backoff(w, ML, name, "trainer", node, count=6)
    plugin = stack_pod(w, node, "device-plugin")["metadata"]["name"]
    w.exec(OPERATOR_NS, plugin, "nvidia-device-plugin", ["nvidia-smi"], "", "", exit_code=None,
           error="timed out after 30s")
    w.target("Pod", ML, name)


# ---- node layer ------------------------------------------------------------------------------

@case("fb605", node_subj("gke-a3-cluster-a3-pool-3f9c2d1e-7kqp"),
      "GKE Standard 1.33 cluster (COS node image, GKE-managed driver and the GKE device-plugin DaemonSet "
      "nvidia-gpu-device-plugin-large-cos in kube-system; versions assumed for late 2026) with a CPU default pool "
      "node and an A3 High pool node gke-a3-cluster-a3-pool-3f9c2d1e-7kqp (a3-highgpu-8g, 8 x H100 80GB, GKE's "
      "nvidia.com/gpu=present:NoSchedule taint). The node carries cloud.google.com/scheduled-maintenance-time "
      "(epoch of the scheduled start, assumed) and its host maintenance has started: Ready Unknown ('Kubelet "
      "stopped posting node status.') with the unreachable NoSchedule/NoExecute taints and the node-controller's "
      "NodeNotReady event; its device-plugin pod is last seen Running with Ready False; the training Job pod "
      "llm-pretrain-0-h4t8x (8 GPUs) is Terminating (deletionTimestamp set by the taint eviction, event "
      "illustrative). Node and pod names assumed. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.5-gke.1201000"
    info = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
            "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.33.5-gke.1201000",
            "kubeProxyVersion": "v1.33.5-gke.1201000"}
    cpu = w.node("gke-a3-cluster-default-pool-8b1e4c2a-m2zd", cpu="8", memory="32880464Ki",
                 labels={"cloud.google.com/gke-nodepool": "default-pool",
                         "node.kubernetes.io/instance-type": "e2-standard-8"})
    node_info(cpu, **info)
    node = "gke-a3-cluster-a3-pool-3f9c2d1e-7kqp"
    n = host_node(w, node, gpus=8, labels={"cloud.google.com/gke-nodepool": "a3-pool",
                                           "cloud.google.com/gke-accelerator": "nvidia-h100-80gb",
                                           "cloud.google.com/gke-gpu-driver-version": "default",
                                           "cloud.google.com/gke-os-distribution": "cos",
                                           "cloud.google.com/scheduled-maintenance-time": "1795960800",
                                           "node.kubernetes.io/instance-type": "a3-highgpu-8g"},
                  info=info)
    n["status"]["conditions"] = base_conditions("Unknown")
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "208", "memory": "1915081168Ki"})
    dp = plugin_pod(w, node, "nvidia-gpu-device-plugin-large-cos-6m2xq", ds="nvidia-gpu-device-plugin-large-cos",
                    image="gke.gcr.io/nvidia-gpu-device-plugin:v0.1.27-gke.2",
                    log=None)
    unready(dp)
    plugin_ds(w, KS, [dp], ds="nvidia-gpu-device-plugin-large-cos")
    name = "llm-pretrain-0-h4t8x"
    p = w.pod(ML, name, node=node, gpu=8, containers=("trainer",), image="us-docker.pkg.dev/deeplearning-platform-release/gcr.io/pytorch-cu124.2-4.py310",
              owner=("Job", "llm-pretrain-0"), ready=False, cpu="200", memory="1800Gi",
              tolerations=GPU_TOLERATION + [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}])
    unready(p)
    p["metadata"]["deletionTimestamp"] = T2
    p["metadata"]["deletionGracePeriodSeconds"] = 30
    w.workload("Job", ML, "llm-pretrain-0", status={"active": 1, "startTime": T0})
    w.event("default", "Node", node, "NodeNotReady", f"Node {node} status is now: NodeNotReady", type="Normal",
            component="node-controller")
    w.event(ML, "Pod", name, "TaintManagerEviction", f"Marking for deletion Pod {ML}/{name}", type="Normal",
            component="taint-eviction-controller")
    w.target("Node", None, node)


# ---- healthy look-alikes ---------------------------------------------------------------------

@case("fb602", node_subj("gpu-worker-12"),
      "A GPU node gpu-worker-12 (8 x H100 80GB and the 550 driver assumed; Ubuntu 22.04, kernel, containerd and kubelet "
      "strings assumed for 2026) created a few minutes before collection, with the GPU Operator (namespace gpu-operator): "
      "driver, toolkit, device plugin (8 GPUs advertised), GFD and validator Running; the operator's nvidia-dcgm "
      "and nvidia-dcgm-exporter pods still in their toolkit-validation init container (the exporter waits on "
      "DCGM). NVSentinel's gpu-health-monitor pod (namespace nvsentinel, image tag assumed v1.11.0) is Running and "
      "Ready; the node carries GpuDcgmConnectivityFailure=True whose message names DCGM_CONNECTIVITY_ERROR and "
      "CONTACT_SUPPORT (wording illustrative; the release gives the condition type, code and action). No workload "
      "runs on the node yet. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.34.2"
    node = "gpu-worker-12"
    conds = base_conditions("True")
    conds.insert(0, {"type": "GpuDcgmConnectivityFailure", "status": "True",
                     "reason": "GpuDcgmConnectivityFailureIsNotHealthy",
                     "message": "ErrorCode:DCGM_CONNECTIVITY_ERROR Recommended Action=CONTACT_SUPPORT;",
                     "lastHeartbeatTime": T2, "lastTransitionTime": T2})
    for c in conds:
        c["lastTransitionTime"] = T2
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, conditions=conds,
                   labels={"nvidia.com/gpu.deploy.dcgm": "true", "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    n["metadata"]["creationTimestamp"] = "2026-11-29T14:47:00Z"
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-160-generic",
              containerRuntimeVersion="containerd://2.1.5", kubeletVersion="v1.34.2", kubeProxyVersion="v1.34.2")
    for app, container in (("nvidia-dcgm", "nvidia-dcgm-ctr"), ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter")):
        p = waiting_pod(w, OPERATOR_NS, f"{app}-7wz4c", node, app, container, ("toolkit-validation",),
                        "nvcr.io/nvidia/cloud-native/dcgm:4.4.1-1-ubuntu22.04" if app == "nvidia-dcgm"
                        else "nvcr.io/nvidia/k8s/dcgm-exporter:4.4.1-4.6.0-ubuntu22.04", app)
        p["spec"]["runtimeClassName"] = "nvidia"
        w.workload("DaemonSet", OPERATOR_NS, app, template_pod=p, status=ds_status(1, 1, 0))
    mon = w.pod("nvsentinel", "gpu-health-monitor-9fj2k", node=node, gpu=0, containers=("gpu-health-monitor",),
                labels={"app.kubernetes.io/name": "gpu-health-monitor"}, owner=("DaemonSet", "gpu-health-monitor"),
                tolerations=GPU_TOLERATION, cpu="100m", memory="256Mi")
    set_image(mon, "gpu-health-monitor", "ghcr.io/nvidia/nvsentinel/gpu-health-monitor:v1.11.0")
    w.workload("DaemonSet", "nvsentinel", "gpu-health-monitor", template_pod=mon, status=ds_status(1, 1, 1))
    w.target("Node", None, node)


@case("fb604", node_subj("g8h100-0b7e2a"),
      "CoreWeave Kubernetes Service cluster (kubelet and containerd strings, node names and the 570 host driver "
      "assumed for 2026) with two gd-8xh100ib-i128 nodes (8 x H100 each, CoreWeave-managed driver and the NVIDIA "
      "device plugin DaemonSet in kube-system advertising all 8 GPUs). Node g8h100-0b7e2a is cordoned "
      "(spec.unschedulable true, taint node.kubernetes.io/unschedulable:NoSchedule, kubelet NodeNotSchedulable "
      "event) and its training pod keeps running with its 8 GPUs; node g8h100-4c91d3 runs another training pod. No "
      "pod is Pending. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.4"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.5.0-1027-coreweave",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4",
            "kubeProxyVersion": "v1.33.4"}
    pods = []
    for i, node in enumerate(("g8h100-0b7e2a", "g8h100-4c91d3")):
        n = host_node(w, node, gpus=8, labels={"node.kubernetes.io/instance-type": "gd-8xh100ib-i128"}, info=info)
        for res in ("capacity", "allocatable"):
            n["status"][res].update({"cpu": "128", "memory": "2113310480Ki"})
        if i == 0:
            n["spec"]["unschedulable"] = True
            n["spec"]["taints"] = [{"key": "node.kubernetes.io/unschedulable", "effect": "NoSchedule", "timeAdded": T1}]
            w.event("default", "Node", node, "NodeNotSchedulable", f"Node {node} status is now: NodeNotSchedulable",
                    type="Normal", component="kubelet", host=node)
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'rk7w2' if i == 0 else 'x9p4m'}"))
        w.pod(ML, f"trainer-{i}", node=node, gpu=8, containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.10-py3",
              owner=("StatefulSet", "trainer"), cpu="120", memory="1900Gi")
    plugin_ds(w, KS, pods)
    w.workload("StatefulSet", ML, "trainer", replicas=2,
               status={"replicas": 2, "readyReplicas": 2, "availableReplicas": 2, "currentReplicas": 2,
                       "updatedReplicas": 2, "observedGeneration": 1})
    w.target("Node", None, "g8h100-0b7e2a")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
