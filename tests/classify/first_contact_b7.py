"""Builds first-contact batch B7 (fixtures/first-contact/batch-b7/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and healthy look-alikes) sampled from the search tool's `code` corpus (files of
public repositories where projects write down failures their users hit: troubleshooting guides, runbooks, FAQs,
known-issue and CHANGELOG entries) with the fixed query list C01-C30 in the batch README, the node layer
emphasised. Each builder places the case's text verbatim where a collector would have found it (prose texts are
not placed) and builds the cluster state the file describes. The expected answer was reasoned from the file
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Version strings and names the file does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_b7      # (re)writes fixtures/first-contact/batch-b7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-b7", "B7", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fb701", "fb702", "fb704"}


def unready(p: dict) -> None:
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in p["status"].get("containerStatuses", []):
        s["ready"] = False


def set_request(p: dict, container: str, **res: str) -> None:
    """Adds requests (and the same limits) such as ephemeral-storage to a pod's container."""
    for c in p["spec"]["containers"]:
        if c["name"] == container:
            for k, v in res.items():
                key = k.replace("_", "-")
                c["resources"]["requests"][key] = v
                c["resources"]["limits"][key] = v


def runtime_class(w, name: str = "nvidia", handler: str = "nvidia") -> None:
    w.custom.setdefault("runtimeclasses.node.k8s.io", []).append({
        "apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
        "metadata": {"name": name, "creationTimestamp": T0}, "handler": handler})


# ---- scheduler layer -------------------------------------------------------------------------

@case("fb701", pod_subj("triton-inference-7c5f9d6b48-kx2pz", ns="triton"),
      "EKS 1.33 cluster (AL2023 EKS-optimized nodes bootstrapped with nodeadm; kernel, containerd and kubelet "
      "strings assumed) with a CPU node (m5.large, no GPU) and a GPU node g4dn.xlarge (1 x Tesla T4, instance "
      "type assumed) from a Launch Template with the default 20Gi root volume: ephemeral-storage capacity "
      "20893676Ki, allocatable 18181869758 (about 17Gi; the file says 'about 18Gi'). The NVIDIA device plugin "
      "DaemonSet (kube-system, v0.17 assumed) runs on the GPU node, which advertises 1 GPU, none in use. The "
      "Triton Deployment pod in namespace triton requests 1 GPU, 4 CPU, 16Gi memory and 30Gi ephemeral storage "
      "(the request size is assumed) and is Pending; the FailedScheduling event's wording ('Insufficient "
      "ephemeral-storage') is illustrative. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.33.5-eks-3025e55"
    info = {"osImage": "Amazon Linux 2023.9.20251117", "kernelVersion": "6.12.46-66.121.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.33.5-eks-3025e55",
            "kubeProxyVersion": "v1.33.5-eks-3025e55"}
    cpu = w.node("ip-10-0-2-118.ec2.internal", cpu="2", memory="7910348Ki",
                 labels={"node.kubernetes.io/instance-type": "m5.large", "eks.amazonaws.com/nodegroup": "cpu-ng"})
    node_info(cpu, **info)
    node = "ip-10-0-1-230.ec2.internal"
    n = host_node(w, node, gpus=1, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                                           "eks.amazonaws.com/nodegroup": "gpu-ng", "accelerator": "nvidia"},
                  info=info)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    n["status"]["capacity"].update({"cpu": "4", "memory": "16073720Ki", "ephemeral-storage": "20893676Ki"})
    n["status"]["allocatable"].update({"cpu": "3920m", "memory": "15056888Ki", "ephemeral-storage": "18181869758"})
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7xq4k",
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.17.3")
    plugin_ds(w, KS, [dp])
    name = "triton-inference-7c5f9d6b48-kx2pz"
    msg = ("0/2 nodes are available: 1 Insufficient ephemeral-storage, 1 node(s) didn't match Pod's node "
           "affinity/selector. preemption: 0/2 nodes are available: 1 No preemption victims found for incoming "
           "pod, 1 Preemption is not helpful for scheduling.")
    p = w.pod("triton", name, gpu=1, containers=("triton",), image="nvcr.io/nvidia/tritonserver:25.09-py3",
              phase="Pending", owner=("ReplicaSet", "triton-inference-7c5f9d6b48"),
              labels={"app": "triton-inference"}, scheduled_message=msg, cpu="4", memory="16Gi",
              tolerations=GPU_TOLERATION, node_selector={"accelerator": "nvidia"})
    set_request(p, "triton", ephemeral_storage="30Gi")
    w.event("triton", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.workload("Deployment", "triton", "triton-inference",
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1, "observedGeneration": 1})
    w.target("Pod", "triton", name)


# ---- plugin layer ----------------------------------------------------------------------------

@case("fb702", node_subj("k3s-gpu"),
      "Home k3s cluster: k3s-master (control-plane, v1.33.6+k3s1, no GPU) and the agent k3s-gpu (v1.34.3+k3s1) on "
      "Windows WSL2 Ubuntu 24.04 (osImage 'Ubuntu 24.04.3 LTS', WSL2 kernel and containerd strings assumed), 16 "
      "CPUs and 32Gi as the runbook's expected output lists, RTX 4060 whose driver is inherited from Windows. "
      "RuntimeClass nvidia present. The NVIDIA device plugin DaemonSet in kube-system (label "
      "name=nvidia-device-plugin-ds, runtimeClassName nvidia, image v0.17.3 assumed) has its pod on k3s-gpu in "
      "CrashLoopBackOff (exit code 1 assumed, 9 restarts) with the kubelet's BackOff event; the node carries "
      "no nvidia.com/gpu. The runbook quotes no plugin log, so no log file is in the bundle. The text is prose "
      "and not placed.")
def _(w, t):
    w.git_version = "v1.33.6+k3s1"
    master = w.node("k3s-master", cpu="8", memory="16303064Ki",
                    labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"})
    node_info(master, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-90-generic",
              containerRuntimeVersion="containerd://2.1.5-k3s1", kubeletVersion="v1.33.6+k3s1",
              kubeProxyVersion="v1.33.6+k3s1")
    node = "k3s-gpu"
    n = host_node(w, node, gpus=1, advertised=False,
                  labels={"gpu-type": "rtx4060", "workload-type": "gpu-transcode"},
                  info={"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.6.87.2-microsoft-standard-WSL2",
                        "containerRuntimeVersion": "containerd://2.1.5-k3s1", "kubeletVersion": "v1.34.3+k3s1",
                        "kubeProxyVersion": "v1.34.3+k3s1"})
    n["status"]["capacity"].update({"cpu": "16", "memory": "32817152Ki", "ephemeral-storage": "1055762868Ki"})
    n["status"]["allocatable"].update({"cpu": "16", "memory": "32817152Ki"})
    runtime_class(w)
    name = "nvidia-device-plugin-daemonset-8vmtz"
    dp = plugin_pod(w, node, name, log=None, runtime_class="nvidia", ready=False,
                    statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=9),
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.17.3")
    unready(dp)
    plugin_ds(w, KS, [dp])
    w.event(KS, "Pod", name, "BackOff", "Back-off restarting failed container nvidia-device-plugin-ctr in pod "
            f"{name}_kube-system({dp['metadata']['uid']})", component="kubelet", host=node, count=40,
            field_path="spec.containers{nvidia-device-plugin-ctr}")
    w.target("Node", None, node)


@case("fb703", node_subj("llm-laptop"),
      "Single-node native k3s (v1.33.6+k3s1 assumed for 'latest') on Ubuntu 24.04 (node name, kernel and "
      "containerd strings assumed) with an NVIDIA GeForce RTX 3060 Laptop GPU, the host driver (570 assumed) and "
      "nvidia-container-runtime; RuntimeClass nvidia present (k3s creates it when it detects the runtime), runc "
      "the default. The device plugin DaemonSet nvidia-device-plugin-daemonset (kube-system, "
      "nvcr.io/nvidia/k8s-device-plugin:v0.14.1, --fail-on-init-error=false, no runtimeClassName) has its pod "
      "Running and Ready; its log holds the guide's quoted message inside an illustrative v0.14-style klog line "
      "(the 'Detected non-NVML platform' prefix and the closing ': No such file or directory' are not in the "
      "guide) after the usual start-up lines. The node has no nvidia.com/gpu.")
def _(w, t):
    w.git_version = "v1.33.6+k3s1"
    node = "llm-laptop"
    n = host_node(w, node, gpus=1, advertised=False,
                  labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"},
                  info={"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.14.0-36-generic",
                        "containerRuntimeVersion": "containerd://2.1.5-k3s1", "kubeletVersion": "v1.33.6+k3s1",
                        "kubeProxyVersion": "v1.33.6+k3s1"})
    n["status"]["capacity"].update({"cpu": "16", "memory": "32594908Ki"})
    n["status"]["allocatable"].update({"cpu": "16", "memory": "32594908Ki"})
    runtime_class(w)
    quoted = t.split("`")[1]
    log = ("I1129 14:01:02.118402       1 main.go:154] Starting FS watcher.\n"
           "I1129 14:01:02.118481       1 main.go:161] Starting OS watcher.\n"
           "I1129 14:01:02.118736       1 main.go:176] Starting Plugins.\n"
           "I1129 14:01:02.118753       1 main.go:234] Loading configuration.\n"
           "I1129 14:01:02.119121       1 main.go:242] Updating config with default resource matching patterns.\n"
           "I1129 14:01:02.119286       1 main.go:256] Retrieving plugins.\n"
           f"I1129 14:01:02.119402       1 factory.go:107] Detected non-NVML platform: {quoted}: No such file or directory\n")
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-k9r2d", log=log,
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.14.1")
    for c in dp["spec"]["containers"]:
        c["args"] = ["--fail-on-init-error=false"]
        c["env"] = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"},
                    {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}]
    plugin_ds(w, KS, [dp])
    w.target("Node", None, node)


@case("fb704", node_subj("gpu-worker-01"),
      "Kubernetes 1.30 cluster (kubeadm-style; distribution, node names, Ubuntu 22.04, kernel, containerd, driver 550 "
      "and the 2 x A10 GPUs assumed) with a control-plane node and the GPU node gpu-worker-01 (host driver and "
      "toolkit, HAMi's required label gpu=on). HAMi installed by Helm in kube-system: the hami-scheduler Deployment "
      "Running; the hami-device-plugin DaemonSet, whose pod template (chart v2.4.1 assumed) sets NODE_NAME from "
      "spec.nodeName, runs the image projecthami/hami:v2.3.9 (a version earlier than v2.3.10, assumed): its "
      "device-plugin container is in CrashLoopBackOff (exit code 1 and 11 restarts assumed; the page says only "
      "'may fail to start'), its vgpu-monitor container Running; the DaemonSet is 1 desired / 0 ready. The node "
      "advertises no nvidia.com/gpu. The page quotes no log line, so no log file is in the bundle. The text is "
      "prose and not placed.")
def _(w, t):
    w.git_version = "v1.30.14"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-153-generic",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.30.14",
            "kubeProxyVersion": "v1.30.14"}
    cp = w.node("k8s-master-01", cpu="8", memory="16303064Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **info)
    node = "gpu-worker-01"
    host_node(w, node, gpus=2, advertised=False, labels={"gpu": "on"}, info=info)
    sched = w.pod(KS, "hami-scheduler-6c9f7d8b54-t2vqx", node="k8s-master-01", gpu=0,
                  containers=("kube-scheduler", "vgpu-scheduler-extender"),
                  labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"},
                  owner=("ReplicaSet", "hami-scheduler-6c9f7d8b54"),
                  tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                "effect": "NoSchedule"}])
    for c in sched["spec"]["containers"] + sched["status"]["containerStatuses"]:
        c["image"] = ("registry.k8s.io/kube-scheduler:v1.30.14" if c["name"] == "kube-scheduler"
                      else "projecthami/hami:v2.4.1")
    w.workload("Deployment", KS, "hami-scheduler",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    name = "hami-device-plugin-5w8kd"
    statuses = crashing("device-plugin", 1, restarts=11)
    p = w.pod(KS, name, node=node, gpu=0, containers=("device-plugin", "vgpu-monitor"), ready=False,
              statuses=statuses, labels={"app.kubernetes.io/component": "hami-device-plugin",
                                         "app.kubernetes.io/name": "hami"},
              owner=("DaemonSet", "hami-device-plugin"), node_selector={"gpu": "on"},
              env=[{"name": "NODE_NAME", "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "spec.nodeName"}}},
                   {"name": "NVIDIA_MIG_MONITOR_DEVICES", "value": "all"},
                   {"name": "HOOK_PATH", "value": "/usr/local"}])
    unready(p)
    for c in p["spec"]["containers"] + p["status"]["containerStatuses"]:
        c["image"] = "projecthami/hami:v2.3.9"
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "vgpu-monitor":
            s["state"] = {"running": {"startedAt": T0}}
            s["started"] = True
            s["ready"] = True
    w.event(KS, "Pod", name, "BackOff", "Back-off restarting failed container device-plugin in pod "
            f"{name}_kube-system({p['metadata']['uid']})", component="kubelet", host=node, count=45,
            field_path="spec.containers{device-plugin}")
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=p,
                    status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                            "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                            "numberMisscheduled": 0, "observedGeneration": 2})
    ds["spec"]["template"]["spec"]["nodeSelector"] = {"gpu": "on"}
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
