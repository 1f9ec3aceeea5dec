"""First-contact batch U (fixtures/first-contact/batch-u/cases.jsonl) as scenario bundles.

Real failures from public threads in the device-plugin layer that no rule was written for, sampled by the fixed
query list in the batch README: a time-slicing configuration passed with the wrong Helm value that leaves the
NVIDIA device-plugin pod not running, the device plugin v0.19.3 no longer detecting a Jetson Thor (MicroK8s) and
exiting on NVML, the Intel GPU plugin crashing on a host without an Intel GPU, the eksctl-installed NVIDIA plugin
DaemonSet crash-looping on a CPU node until that node reports DiskPressure (EKS), and the AMD ROCm plugin and
labeller on Talos where the ROCm kernel driver (/dev/kfd) is absent. Each builder places the case's text where it
appears in a cluster (or, for prose, nowhere) inside a world built from the `state` the thread describes. The
expected answer is reasoned from what the thread settled (`expected`, preferred first), never from what the tool
printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_u     # (re)writes fixtures/first-contact/batch-u/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import GPU_TOLERATION, KS, daemonset, ds_pod, eks_labels, info
from tests.classify.first_contact_common import PROSE_NOT_IN_BUNDLE, ReadmeBatch, backoff, crashloop
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, T0, T1, T2
from tests.classify.scenarios_real import pod_subj

# prose (a reporter's sentence, an issue title) that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fu001", "fu004"}


FC = ReadmeBatch("batch-u", placed=[(TEXT_NOT_IN_BUNDLE, PROSE_NOT_IN_BUNDLE)],
                 world_heading="World built here (what is assumed)")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


CP_TOL = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]


# =============================================================================================

@case("fu001", "time_slicing_wrong_helm_value_device_plugin_not_running",
      pod_subj("nvidia-device-plugin-daemonset-drdv2", KS),
      "Kubernetes v1.23.6 (kubeadm-style, CentOS 8.5, containerd) with a control-plane node and the GPU node "
      "onp1-4-r750 (one A100 80GB, no nvidia.com/gpu in capacity or allocatable: assumed, the plugin has not "
      "registered since its re-install); kube-system holds calico-node, kube-multus-ds and kube-proxy pods on the node "
      "(names from the thread; their replicas on the control-plane node are assumed) and the nvidia-device-plugin-daemonset DaemonSet (1 desired, 0 ready) whose pod "
      "nvidia-device-plugin-daemonset-drdv2 is in CrashLoopBackOff. The thread's plugin log and pod description are "
      "attachments the stored copy does not hold: the failing container, exit code 1 and restart count are assumed and "
      "no log is in the bundle. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.23.6"
    kv = {"osImage": "CentOS Linux 8", "kernelVersion": "4.18.0-348.7.1.el8_5.x86_64",
          "containerRuntimeVersion": "containerd://1.6.8", "kubeletVersion": "v1.23.6"}
    info(w.node("onp1-1-r750", cpu="64", memory="263940360Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "onp1-4-r750"
    info(w.node(node, cpu="112", memory="527938872Ki"), **kv)
    for ds, pod, ctr, img in (("calico-node", "calico-node-m8xcl", "calico-node", "docker.io/calico/node:v3.24.1"),
                              ("kube-multus-ds", "kube-multus-ds-cps4h", "kube-multus",
                               "ghcr.io/k8snetworkplumbingwg/multus-cni:v3.9.2"),
                              ("kube-proxy", "kube-proxy-zhwt4", "kube-proxy", "k8s.gcr.io/kube-proxy:v1.23.6")):
        daemonset(w, KS, ds, desired=2, containers=[(ctr, img)], labels={"k8s-app": ds},
                  tolerations=[{"operator": "Exists"}])
        ds_pod(w, KS, ds, pod, node, containers=(ctr,), image=img, labels={"k8s-app": ds})
        ds_pod(w, KS, ds, f"{ds}-q7t2n", "onp1-1-r750", containers=(ctr,), image=img, labels={"k8s-app": ds})
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.17.0"
    ds = "nvidia-device-plugin-daemonset"
    daemonset(w, KS, ds, desired=1, ready=0, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    pod = "nvidia-device-plugin-daemonset-drdv2"
    p = ds_pod(w, KS, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img,
               labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=8, code=1)
    backoff(w, KS, pod, "nvidia-device-plugin-ctr", node, count=36)
    w.target("Pod", KS, pod)


@case("fu002", "jetson_thor_platform_not_detected_plugin_exits_on_nvml",
      pod_subj("nvidia-device-plugin-7q2xk", "gpu-operator"),
      "MicroK8s 1.35 (single node thor-devkit, arm64, JetPack 7.2 / Ubuntu 24.04, containerd 2.1.6) on a Jetson AGX "
      "Thor developer kit; no nvidia.com/gpu in the node's capacity or allocatable; in namespace gpu-operator the "
      "Helm-installed nvidia-device-plugin DaemonSet (chart 0.9.0, image k8s-device-plugin:v0.19.3, 1 desired, 0 "
      "ready) has its pod in CrashLoopBackOff with exit code 1; the case's text is that container's previous log "
      "(verbatim, no lines added). The node name, kernel build, pod name and restart count are assumed.")
def _(w, t):
    w.git_version = "v1.35.0"
    node = "thor-devkit"
    info(w.node(node, cpu="14", memory="130469524Ki",
                labels={"node.kubernetes.io/microk8s-controlplane": "microk8s-controlplane"}),
         osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.12-tegra", containerRuntimeVersion="containerd://2.1.6",
         kubeletVersion="v1.35.0", architecture="arm64")
    w.get_node(node)["status"]["nodeInfo"]["architecture"] = "arm64"
    ns, ds = "gpu-operator", "nvidia-device-plugin"
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.19.3"
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvidia-device-plugin"}
    daemonset(w, ns, ds, desired=1, ready=0, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels=labels,
              env=[{"name": "DEVICE_ID_STRATEGY", "value": "index"}])
    pod = "nvidia-device-plugin-7q2xk"
    p = ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img, labels=labels,
               tolerations=GPU_TOLERATION)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=11, code=1)
    w.log(ns, pod, "nvidia-device-plugin-ctr", t, previous=True)
    backoff(w, ns, pod, "nvidia-device-plugin-ctr", node, count=48)
    w.target("Pod", ns, pod)


@case("fu003", "intel_gpu_plugin_crash_on_host_without_intel_gpu", pod_subj("intel-gpu-plugin-8sqch", KS),
      "Kubernetes v1.16.2 (docker) with hosts controller-0 and controller-1; the intel-gpu-plugin DaemonSet (image "
      "intel/intel-gpu-plugin:0.15.0, no nodeSelector) runs on both: on controller-0 (assumed to have an Intel GPU; it "
      "advertises gpu.intel.com/i915: 1) its pod is Running, on controller-1 (no Intel GPU, no i915 driver, no "
      "gpu.intel.com/i915 resource) the pod intel-gpu-plugin-8sqch is in CrashLoopBackOff and its previous log is the "
      "case's text (verbatim, without the reporter's inline-code back-ticks). The Kubernetes version, image tag, "
      "exit code and restart count are assumed.")
def _(w, t):
    w.git_version = "v1.16.2"
    kv = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1062.1.1.el7.x86_64",
          "containerRuntimeVersion": "docker://18.9.6", "kubeletVersion": "v1.16.2"}
    info(w.node("controller-0", gpus=1, resource="gpu.intel.com/i915", cpu="32", memory="97493540Ki",
                labels={"node-role.kubernetes.io/master": ""}), **kv)
    info(w.node("controller-1", cpu="32", memory="97493540Ki", labels={"node-role.kubernetes.io/master": ""}), **kv)
    ds, img = "intel-gpu-plugin", "intel/intel-gpu-plugin:0.15.0"
    daemonset(w, KS, ds, desired=2, ready=1, containers=[("intel-gpu-plugin", img)], labels={"app": "intel-gpu-plugin"},
              tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    ds_pod(w, KS, ds, "intel-gpu-plugin-vx4lq", "controller-0", containers=("intel-gpu-plugin",), image=img,
           labels={"app": "intel-gpu-plugin"})
    w.log(KS, "intel-gpu-plugin-vx4lq", "intel-gpu-plugin", "GPU device plugin started\n")
    pod = "intel-gpu-plugin-8sqch"
    p = ds_pod(w, KS, ds, pod, "controller-1", containers=("intel-gpu-plugin",), image=img,
               labels={"app": "intel-gpu-plugin"})
    crashloop(p, "intel-gpu-plugin", restarts=9, code=1)
    w.log(KS, pod, "intel-gpu-plugin", t, previous=True)
    backoff(w, KS, pod, "intel-gpu-plugin", "controller-1", count=40)
    w.target("Pod", KS, pod)


@case("fu004", "eksctl_device_plugin_on_cpu_node_diskpressure",
      pod_subj("nvidia-device-plugin-daemonset-k8v2p", KS),
      "EKS 1.35 (eksctl 0.230.0, AL2023 nodes) with a CPU nodegroup node (m5.xlarge, head-ng) and a GPU nodegroup node "
      "(g5.xlarge, gpu-ng, nvidia.com/gpu 1, tainted nvidia.com/gpu=true:NoSchedule); the eksctl-installed "
      "kube-system/nvidia-device-plugin-daemonset (toleration for the nvidia.com/gpu taint, no nodeSelector or "
      "affinity) has 2 desired, 1 ready: on the GPU node its pod is Running with a healthy registration log, on the "
      "CPU node its pod is in CrashLoopBackOff (exit code 1, 214 restarts; no log, the thread quotes none). The CPU "
      "node's DiskPressure condition is True with the node.kubernetes.io/disk-pressure:NoSchedule taint and the "
      "kubelet's NodeHasDiskPressure event (standard wording, illustrative). Instance types, node names, versions and "
      "counts are assumed. The issue title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.35.2-eks-3c1d8f5"
    kv = {"osImage": "Amazon Linux 2023.9.20260901", "kernelVersion": "6.12.40-63.114.amzn2023.x86_64",
          "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.35.2-eks-3c1d8f5"}
    cpu_node = "ip-192-168-12-34.us-west-2.compute.internal"
    gpu_node = "ip-192-168-45-67.us-west-2.compute.internal"
    conds = [
        {"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
         "message": "kubelet has sufficient memory available", "lastHeartbeatTime": T2, "lastTransitionTime": T0},
        {"type": "DiskPressure", "status": "True", "reason": "KubeletHasDiskPressure",
         "message": "kubelet has disk pressure", "lastHeartbeatTime": T2, "lastTransitionTime": T1},
        {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
         "message": "kubelet has sufficient PID available", "lastHeartbeatTime": T2, "lastTransitionTime": T0},
        {"type": "Ready", "status": "True", "reason": "KubeletReady", "message": "kubelet is posting ready status",
         "lastHeartbeatTime": T2, "lastTransitionTime": T0},
    ]
    info(w.node(cpu_node, cpu="4", memory="15896988Ki", labels=eks_labels("m5.xlarge", "head-ng", "us-west-2a"),
                taints=[{"key": "node.kubernetes.io/disk-pressure", "effect": "NoSchedule", "timeAdded": T1}],
                conditions=conds), **kv)
    info(w.node(gpu_node, gpus=1, cpu="4", memory="15896988Ki", labels=eks_labels("g5.xlarge", "gpu-ng", "us-west-2a"),
                taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]), **kv)
    ds, img = "nvidia-device-plugin-daemonset", "nvcr.io/nvidia/k8s-device-plugin:v0.17.1"
    daemonset(w, KS, ds, desired=2, ready=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ok = "nvidia-device-plugin-daemonset-m4x9t"
    ds_pod(w, KS, ds, ok, gpu_node, containers=("nvidia-device-plugin-ctr",), image=img,
           labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    w.log(KS, ok, "nvidia-device-plugin-ctr", HEALTHY_PLUGIN_LOG)
    bad = "nvidia-device-plugin-daemonset-k8v2p"
    p = ds_pod(w, KS, ds, bad, cpu_node, containers=("nvidia-device-plugin-ctr",), image=img,
               labels={"name": "nvidia-device-plugin-ds"}, tolerations=GPU_TOLERATION)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=214, code=1)
    backoff(w, KS, bad, "nvidia-device-plugin-ctr", cpu_node, count=1630)
    w.event("default", "Node", cpu_node, "NodeHasDiskPressure",
            f"Node {cpu_node} status is now: NodeHasDiskPressure", type="Normal", component="kubelet", host=cpu_node)
    w.target("Pod", KS, bad)


@case("fu005", "talos_amd_rocm_plugin_without_kfd_driver", pod_subj("vega-test", "default"),
      "Talos v0.13 (kernel 5.15, containerd 1.5.7, Kubernetes v1.22.3) with 3 control-plane nodes tainted "
      "node-role.kubernetes.io/master:NoSchedule and 6 workers, none advertising amd.com/gpu; talos-w-4 has the Ryzen 5 "
      "2400G APU (Vega 11). The amd-gpu-helm-0.2.0 chart's device-plugin and node-labeller DaemonSets run on the 6 "
      "workers (pods Running, no plugin log quoted, none in the bundle); the labeller pod on talos-w-4 logs the case's "
      "text (verbatim). The workload pod default/vega-test asks for amd.com/gpu: 1 and is Pending with the "
      "FailedScheduling message quoted in the thread. Node, pod, DaemonSet names, the image tags and the Talos and "
      "Kubernetes versions are assumed.")
def _(w, t):
    w.git_version = "v1.22.3"
    kv = {"osImage": "Talos (v0.13.3)", "kernelVersion": "5.15.2-talos", "containerRuntimeVersion": "containerd://1.5.7",
          "kubeletVersion": "v1.22.3"}
    master_taint = [{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
    for i in range(1, 4):
        info(w.node(f"talos-cp-{i}", cpu="4", memory="8039824Ki", labels={"node-role.kubernetes.io/master": ""},
                    taints=master_taint), **kv)
    workers = [f"talos-w-{i}" for i in range(1, 7)]
    for n in workers:
        info(w.node(n, cpu="8", memory="32771556Ki"), **kv)
    dp, dp_img = "amd-gpu-device-plugin", "rocm/k8s-device-plugin:1.18.0"
    lab, lab_img = "amd-gpu-labeller", "rocm/k8s-device-plugin:labeller-1.18.0"
    daemonset(w, KS, dp, desired=6, containers=[("amd-gpu-dp-cntr", dp_img)], labels={"name": "amd-gpu-dp-ds"})
    daemonset(w, KS, lab, desired=6, containers=[("amdgpu-node-labeller", lab_img)], labels={"name": "amd-gpu-labeller-ds"})
    sfx = ["h2k7q", "m9x4t", "p3v8z", "r6d2w", "t8n5c", "w4j7b"]
    for n, s in zip(workers, sfx):
        ds_pod(w, KS, dp, f"{dp}-{s}", n, containers=("amd-gpu-dp-cntr",), image=dp_img, labels={"name": "amd-gpu-dp-ds"})
        ds_pod(w, KS, lab, f"{lab}-{s}", n, containers=("amdgpu-node-labeller",), image=lab_img,
               labels={"name": "amd-gpu-labeller-ds"})
    w.log(KS, f"{lab}-r6d2w", "amdgpu-node-labeller", t)
    msg = ("0/9 nodes are available: 3 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't "
           "tolerate, 6 Insufficient amd.com/gpu.")
    w.pod("default", "vega-test", gpu=1, resource="amd.com/gpu", containers=("rocm",), image="rocm/rocm-terminal:4.5",
          phase="Pending", scheduled_message=msg, cpu="1", memory="2Gi")
    w.event("default", "Pod", "vega-test", "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Pod", "default", "vega-test")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
