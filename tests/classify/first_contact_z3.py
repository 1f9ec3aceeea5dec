"""First-contact batch Z3 (fixtures/first-contact/batch-z3/cases.jsonl) as scenario bundles.

Real failures (and look-alikes) from public threads in the device-plugin layer (NVIDIA device plugin, GFD/NFD,
MIG, sharing, the operator-managed plugin, DRA kubelet plugins, AMD/Intel plugins, plugin registration) that no
rule was written for, sampled by the fixed query list in the batch README. Each builder places the case's text
where it appears in a cluster (prose texts are not placed) inside a world built from the `state` the thread
describes. The expected answer is reasoned from what the thread settled (`expected`, preferred first), never
from what the tool printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_z3     # (re)writes fixtures/first-contact/batch-z3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import GPU_TOLERATION, KS, daemonset, ds_pod, eks_labels, info
from tests.classify.first_contact_common import PROSE_NOT_IN_BUNDLE, ReadmeBatch, backoff, crashloop
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG
from tests.classify.scenarios_real import node_subj, pod_subj

# prose (a reporter's sentence, an issue title) that never reaches the cluster: the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fz301", "fz302", "fz303", "fz304", "fz305", "fz307", "fz308", "fz310"}


FC = ReadmeBatch("batch-z3", placed=[(TEXT_NOT_IN_BUNDLE, PROSE_NOT_IN_BUNDLE)],
                 world_heading="World built here (what is assumed)")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


MASTER_TAINT = [{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]
NVDP_LABELS = {"name": "nvidia-device-plugin-ds"}


def set_resource(node: dict, resource: str, capacity: str, allocatable: str | None = None) -> None:
    node["status"]["capacity"][resource] = capacity
    node["status"]["allocatable"][resource] = capacity if allocatable is None else allocatable


def nvdp(w, nodes: list[tuple[str, str]], image: str, *, ns: str = KS, ds: str = "nvidia-device-plugin-daemonset",
         logs: dict | None = None, args=None, node_selector=None) -> None:
    """The static-manifest NVIDIA device plugin DaemonSet (kube-system); `nodes` = [(node, pod)]."""
    d = daemonset(w, ns, ds, desired=len(nodes), containers=[("nvidia-device-plugin-ctr", image)],
                  tolerations=GPU_TOLERATION, labels=NVDP_LABELS, node_selector=node_selector)
    if args:
        d["spec"]["template"]["spec"]["containers"][0]["args"] = list(args)
    for node, pod in nodes:
        p = ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=image, labels=NVDP_LABELS,
                   tolerations=GPU_TOLERATION)
        if args:
            p["spec"]["containers"][0]["args"] = list(args)
        if logs and pod in logs:
            w.log(ns, pod, "nvidia-device-plugin-ctr", logs[pod])


def dra_plugin(w, ns: str, ds: str, pod: str, node: str, image: str, containers=("gpus",), ready: int = 1) -> dict:
    """The NVIDIA DRA driver's kubelet-plugin DaemonSet with its pod on `node`."""
    labels = {"app.kubernetes.io/name": ns}
    daemonset(w, ns, ds, desired=1, ready=ready, containers=[(c, image) for c in containers],
              tolerations=GPU_TOLERATION, labels=labels)
    return ds_pod(w, ns, ds, pod, node, containers=containers, image=image, labels=labels, tolerations=GPU_TOLERATION)


# =============================================================================================

@case("fz301", "k8s_1_12_upgrade_docker_default_runtime_gpu_zero", node_subj("gpu-node-1"),
      "kubeadm-style Kubernetes v1.12.4 (Docker 18.06, Ubuntu 16.04) with a control-plane node and two GPU nodes "
      "(gpu-node-1, gpu-node-2; one GeForce GTX 1080 Ti each, host driver 410.79, nvidia-docker2 installed but "
      "Docker's default runtime not set to nvidia: not visible to a collector); both GPU nodes report nvidia.com/gpu "
      "0 in capacity and allocatable, as the title says. kube-system holds the static nvidia-device-plugin-daemonset "
      "(image nvidia/k8s-device-plugin:1.11, 2 desired, 2 ready) whose pods are Running with no log (the thread "
      "quotes none). Node names, GPU model, driver and image tag are assumed. The issue title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.12.4"
    kv = {"osImage": "Ubuntu 16.04.5 LTS", "kernelVersion": "4.4.0-141-generic",
          "containerRuntimeVersion": "docker://18.6.1", "kubeletVersion": "v1.12.4"}
    info(w.node("k8s-master", cpu="8", memory="16390520Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=MASTER_TAINT), **kv)
    pods = []
    for n, sfx in (("gpu-node-1", "4xq7c"), ("gpu-node-2", "m2k9d")):
        info(w.node(n, gpus=0, cpu="32", memory="131916356Ki"), **kv)
        pods.append((n, f"nvidia-device-plugin-daemonset-{sfx}"))
    nvdp(w, pods, "nvidia/k8s-device-plugin:1.11")
    w.target("Node", None, "gpu-node-1")


@case("fz302", "mig_layout_lost_after_reboot_plugin_finds_none", node_subj("a100-node-1"),
      "Kubernetes v1.20.1 (kubeadm-style, CentOS 7.8, Docker 19.03 with the NVIDIA runtime as default) with one "
      "control-plane node and the A100 node a100-node-1 (A100-SXM4-40GB, driver 460.32.03, MIG mode enabled). "
      "Before the reboot the node advertised nvidia.com/mig-1g.5gb: 7 (seven 1g.5gb devices made by hand); after the "
      "reboot the MIG devices are gone and the resource is advertised as 0 (capacity and allocatable). kube-system "
      "holds the static nvidia-device-plugin-daemonset (image nvcr.io/nvidia/k8s-device-plugin:v0.7.3, "
      "--mig-strategy=mixed) with its pod Running on the node and no log (the thread quotes none). Versions, "
      "names, the strategy and the 0 count are assumed. The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.20.1"
    kv = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1127.el7.x86_64",
          "containerRuntimeVersion": "docker://19.3.14", "kubeletVersion": "v1.20.1"}
    info(w.node("k8s-master", cpu="16", memory="65806384Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=MASTER_TAINT), **kv)
    n = info(w.node("a100-node-1", cpu="128", memory="1056613376Ki"), **kv)
    set_resource(n, "nvidia.com/mig-1g.5gb", "0")
    nvdp(w, [("a100-node-1", "nvidia-device-plugin-daemonset-p8w5n")], "nvcr.io/nvidia/k8s-device-plugin:v0.7.3",
         args=["--mig-strategy=mixed"])
    w.target("Node", None, "a100-node-1")


@case("fz303", "manual_mig_reconfig_plugin_not_restarted", node_subj("gpu-mig-01"),
      "Kubernetes v1.29.6 (kubeadm-style, Ubuntu 22.04, containerd 1.7 with the NVIDIA runtime as default) with one "
      "control-plane node and gpu-mig-01 (one A100-SXM4-80GB in MIG mode). The device plugin started when the GPU "
      "held one 3g.40gb instance and advertises nvidia.com/mig-3g.40gb: 1 (its healthy registration log for that "
      "resource is in the bundle, illustrative); two 1g.10gb GPU/compute instances created by hand later are not "
      "advertised (no nvidia.com/mig-1g.10gb in capacity). kube-system holds the Helm-installed nvidia-device-plugin "
      "DaemonSet (v0.16.2, migStrategy mixed), 1 desired, 1 ready, never restarted. Profiles, versions and names are "
      "assumed. The reporter's description is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.29.6"
    kv = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
          "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.29.6"}
    info(w.node("cp-01", cpu="8", memory="32857256Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    n = info(w.node("gpu-mig-01", cpu="96", memory="1056613376Ki"), **kv)
    set_resource(n, "nvidia.com/mig-3g.40gb", "1")
    log = HEALTHY_PLUGIN_LOG.replace("nvidia.com/gpu", "nvidia.com/mig-3g.40gb").replace(
        "nvidia-gpu.sock", "nvidia-mig-3g.40gb.sock")
    ds, pod, img = "nvidia-device-plugin", "nvidia-device-plugin-7hq2r", "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvidia-device-plugin"}
    daemonset(w, KS, ds, desired=1, containers=[("nvidia-device-plugin-ctr", img)], tolerations=GPU_TOLERATION,
              labels=labels, env=[{"name": "MIG_STRATEGY", "value": "mixed"}])
    ds_pod(w, KS, ds, pod, "gpu-mig-01", containers=("nvidia-device-plugin-ctr",), image=img, labels=labels,
           tolerations=GPU_TOLERATION, env=[{"name": "MIG_STRATEGY", "value": "mixed"}])
    w.log(KS, pod, "nvidia-device-plugin-ctr", log)
    w.target("Node", None, "gpu-mig-01")


@case("fz304", "rocm_plugin_registration_fails_k3s_1_25", node_subj("k3s-apu-1"),
      "k3s v1.26.3+k3s1 single node k3s-apu-1 (Ubuntu 22.04, containerd 1.6.19-k3s1, AMD Ryzen APU with a gfx90c "
      "integrated GPU, amdgpu driver loaded); no amd.com/gpu in capacity or allocatable. kube-system holds the ROCm "
      "amdgpu-device-plugin-daemonset (image rocm/k8s-device-plugin:1.25.2.2, the release before the fix, 1 desired, "
      "1 ready) whose pod Running has no log in the bundle (the thread's plugin log is not in the stored excerpt). "
      "The k3s version, node name and image tag are assumed. The issue title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.26.3+k3s1"
    info(w.node("k3s-apu-1", cpu="16", memory="32558316Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                        "node.kubernetes.io/instance-type": "k3s"}),
         osImage="Ubuntu 22.04.2 LTS", kernelVersion="5.19.0-38-generic",
         containerRuntimeVersion="containerd://1.6.19-k3s1", kubeletVersion="v1.26.3+k3s1")
    ds, img = "amdgpu-device-plugin-daemonset", "rocm/k8s-device-plugin:1.25.2.2"
    daemonset(w, KS, ds, desired=1, containers=[("amdgpu-dp-cntr", img)], labels={"name": "amdgpu-dp-ds"},
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}])
    ds_pod(w, KS, ds, "amdgpu-device-plugin-daemonset-6tq4z", "k3s-apu-1", containers=("amdgpu-dp-cntr",),
           image=img, labels={"name": "amdgpu-dp-ds"})
    w.target("Node", None, "k3s-apu-1")


@case("fz305", "cd_kubelet_plugin_crash_fabric_in_progress_non_mnnvl", pod_subj("dra-driver-nvidia-gpu-kubelet-plugin-5wq8t", "dra-driver-nvidia-gpu"),
      "Kubernetes v1.34.3 (kubeadm-style) with one control-plane node and the HGX H200 node hgx-h200-07 (8 H200, Ubuntu "
      "24.04.3 LTS, kernel 6.8.0-124-generic, containerd 2.0.0, driver 580.126.20 on the host; fabric-manager with "
      "FABRIC_MODE=1 on the host, not visible to a collector). Namespace dra-driver-nvidia-gpu holds the DRA driver's "
      "kubelet-plugin DaemonSet (containers gpus and compute-domains, 1 desired, 0 ready): its pod's gpus container is "
      "running, its compute-domains container is in CrashLoopBackOff (exit 1, 9 restarts, no log: the thread quotes "
      "none), with the kubelet's BackOff event. `nvidia-smi -q` run in the gpus container shows GPU 0's fabric State `In "
      "Progress` (the thread's observation; the surrounding lines are illustrative). Names, image tag and counts are "
      "assumed. The bug description is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.34.3"
    kv = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-124-generic",
          "containerRuntimeVersion": "containerd://2.0.0", "kubeletVersion": "v1.34.3"}
    info(w.node("cp-01", cpu="16", memory="65806384Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "hgx-h200-07"
    info(w.node(node, cpu="224", memory="2113225420Ki", labels={"nvidia.com/gpu.present": "true"}), **kv)
    ns, ds, pod = "dra-driver-nvidia-gpu", "dra-driver-nvidia-gpu-kubelet-plugin", "dra-driver-nvidia-gpu-kubelet-plugin-5wq8t"
    p = dra_plugin(w, ns, ds, pod, node, "registry.k8s.io/dra-driver-nvidia-gpu/dra-driver-nvidia-gpu:v0.5.0",
                   containers=("gpus", "compute-domains"), ready=0)
    crashloop(p, "compute-domains", restarts=9)
    backoff(w, ns, pod, "compute-domains", node, count=41)
    smi = ("==============NVSMI LOG==============\n\nDriver Version                            : 580.126.20\n"
           "CUDA Version                              : 13.0\n\nAttached GPUs                             : 8\n"
           "GPU 00000000:18:00.0\n    Product Name                          : NVIDIA H200\n"
           "    Fabric\n        State                             : In Progress\n"
           "        Status                            : N/A\n        CliqueId                          : N/A\n"
           "        ClusterUUID                       : N/A\n")
    w.exec(ns, pod, "gpus", ["nvidia-smi", "-q"], smi)
    w.target("Pod", ns, pod)


@case("fz306", "dra_gpu_plugin_crash_pcie_root_azure_vmbus", pod_subj("nvidia-dra-driver-gpu-kubelet-plugin-8kx2m", "nvidia-dra-driver-gpu"),
      "Kubernetes v1.34.1 on Azure: a control-plane node and the GPU node gpu-a100-vm-0 (Standard_NC48ads_A100_v4, 2 "
      "A100 80GB PCIe, Ubuntu 24.04, containerd 1.7.27); GPU Operator v25.3.3 in namespace gpu-operator manages the "
      "driver (its stack pods healthy; device plugin disabled: the GPUs are for DRA, so no nvidia.com/gpu). Namespace "
      "nvidia-dra-driver-gpu holds the DRA driver's kubelet-plugin DaemonSet (image 25.8.0-dev-f2eaddd6, 1 desired, 0 "
      "ready); its pod's gpus container crash-loops (exit 1, 6 restarts) and its previous log is the case's text "
      "(verbatim, the only line). Node/pod names, kernel build, the operator's stack layout and counts are assumed.")
def _(w, t):
    w.git_version = "v1.34.1"
    kv = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-1041-azure",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.34.1"}
    info(w.node("cp-0", cpu="8", memory="32857256Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    node = "gpu-a100-vm-0"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-A100-80GB-PCIe", memory_mib=81920,
                   labels={"node.kubernetes.io/instance-type": "Standard_NC48ads_A100_v4",
                           "nvidia.com/gpu.deploy.device-plugin": "false", "nvidia.com/cuda.driver.major": "570"})
    info(n, **kv)
    n["status"]["capacity"].pop("nvidia.com/gpu", None)
    n["status"]["allocatable"].pop("nvidia.com/gpu", None)
    gone = w.stack(node, "device-plugin")
    w.pods["gpu-operator"] = [p for p in w.pods["gpu-operator"] if p["metadata"]["name"] != gone]
    for key in [k for k in w.logs if k[1] == gone]:
        w.logs.pop(key)
    ns, ds, pod = "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin", "nvidia-dra-driver-gpu-kubelet-plugin-8kx2m"
    p = dra_plugin(w, ns, ds, pod, node, "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0-dev-f2eaddd6", ready=0)
    crashloop(p, "gpus", restarts=6)
    w.log(ns, pod, "gpus", t, previous=True)
    backoff(w, ns, pod, "gpus", node, count=28)
    w.target("Pod", ns, pod)


@case("fz307", "dra_gpu_plugin_panic_non_sriov_vfio_k3s", pod_subj("dra-driver-nvidia-gpu-kubelet-plugin-r4n7v", "dra-driver-nvidia-gpu"),
      "k3s v1.34.2+k3s1 single node k3s-vfio-1 (Ubuntu 24.04, containerd 2.1.4-k3s1) with an NVIDIA T400 and an A2000 "
      "bound to vfio-pci (host driver 580.105.08 installed); no nvidia.com/gpu resource (the GPUs are for DRA). "
      "Namespace dra-driver-nvidia-gpu holds the DRA driver v0.4.0 kubelet-plugin DaemonSet (PassthroughSupport "
      "enabled, 1 desired, 0 ready): its gpus container crash-loops at start (exit 2, the Go panic's code, 11 restarts; "
      "no log: the thread quotes none). Node/pod names, versions and counts are assumed. The bug description is NOT "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.34.2+k3s1"
    node = "k3s-vfio-1"
    info(w.node(node, cpu="24", memory="65659144Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node.kubernetes.io/instance-type": "k3s"}),
         osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-90-generic",
         containerRuntimeVersion="containerd://2.1.4-k3s1", kubeletVersion="v1.34.2+k3s1")
    ns, ds, pod = "dra-driver-nvidia-gpu", "dra-driver-nvidia-gpu-kubelet-plugin", "dra-driver-nvidia-gpu-kubelet-plugin-r4n7v"
    p = dra_plugin(w, ns, ds, pod, node, "registry.k8s.io/dra-driver-nvidia-gpu/dra-driver-nvidia-gpu:v0.4.0", ready=0)
    obj = next(d for d in w.workloads[("daemonsets", ns)] if d["metadata"]["name"] == ds)
    obj["spec"]["template"]["spec"]["containers"][0]["env"] = [{"name": "FEATURE_GATES", "value": "PassthroughSupport=true"}]
    crashloop(p, "gpus", restarts=11, code=2)
    backoff(w, ns, pod, "gpus", node, count=52)
    w.target("Pod", ns, pod)


@case("fz308", "eksctl_0_42_neuron_plugin_not_installed_inf1", node_subj("ip-192-168-33-120.us-west-2.compute.internal"),
      "EKS 1.19 (eksctl 0.43.0, EKS-optimized accelerated AL2 AMI) with a CPU nodegroup node (m5.large) and an inf1 "
      "nodegroup node (inf1.xlarge, one Inferentia device); kube-system holds aws-node and kube-proxy on both nodes "
      "(healthy) and no neuron-device-plugin DaemonSet, so the inf1 node has no aws.amazon.com/neuron in capacity or "
      "allocatable. Versions, names and instance types are assumed. The issue title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.19.6-eks-49a6c0"
    kv = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.105-48.177.amzn2.x86_64",
          "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.6-eks-49a6c0"}
    cpu_node = "ip-192-168-12-51.us-west-2.compute.internal"
    inf_node = "ip-192-168-33-120.us-west-2.compute.internal"
    info(w.node(cpu_node, cpu="2", memory="7935996Ki", labels=eks_labels("m5.large", "ng-cpu", "us-west-2a")), **kv)
    info(w.node(inf_node, cpu="4", memory="7935996Ki", labels=eks_labels("inf1.xlarge", "ng-inf1", "us-west-2b")), **kv)
    for ds, ctr, img, sfx in (("aws-node", "aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.7.5",
                               ("k9d2x", "p4m7q")),
                              ("kube-proxy", "kube-proxy",
                               "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.19.6-eksbuild.2",
                               ("t2w8c", "h6r3n"))):
        daemonset(w, KS, ds, desired=2, containers=[(ctr, img)], labels={"k8s-app": ds}, tolerations=[{"operator": "Exists"}])
        for n, s in zip((cpu_node, inf_node), sfx):
            ds_pod(w, KS, ds, f"{ds}-{s}", n, containers=(ctr,), image=img, labels={"k8s-app": ds})
    w.target("Node", None, inf_node)


@case("fz309", "aks_nc6_promo_plugin_cannot_load_nvml", pod_subj("nvidia-device-plugin-daemonset-7sxq4", KS),
      "AKS 1.14.0 node pool of Standard_NC6_Promo VMs (one node, aks-gpupromo-28157496-vmss000000, Ubuntu 16.04, "
      "Docker/moby 3.0.5; the GPU stack AKS installs for GPU SKUs not visible to a collector) plus a system node; no "
      "nvidia.com/gpu in the GPU node's capacity or allocatable. kube-system holds the guide's "
      "nvidia-device-plugin-daemonset (image nvidia/k8s-device-plugin:1.11; a nodeSelector for the GPU pool is "
      "assumed, so 1 desired, 1 ready) whose pod is Running "
      "and whose current log is the case's text (verbatim). Names and versions other than the SKU and Kubernetes "
      "version are assumed.")
def _(w, t):
    w.git_version = "v1.14.0"
    kv = {"osImage": "Ubuntu 16.04.6 LTS", "kernelVersion": "4.15.0-1045-azure",
          "containerRuntimeVersion": "docker://3.0.5", "kubeletVersion": "v1.14.0"}
    info(w.node("aks-nodepool1-28157496-vmss000000", cpu="2", memory="7113668Ki",
                labels={"kubernetes.azure.com/cluster": "MC_rg_aks_westeurope", "agentpool": "nodepool1",
                        "node.kubernetes.io/instance-type": "Standard_DS2_v2"}), **kv)
    node = "aks-gpupromo-28157496-vmss000000"
    info(w.node(node, cpu="6", memory="57691688Ki",
                labels={"kubernetes.azure.com/cluster": "MC_rg_aks_westeurope", "agentpool": "gpupromo",
                        "node.kubernetes.io/instance-type": "Standard_NC6_Promo",
                        "beta.kubernetes.io/instance-type": "Standard_NC6_Promo", "accelerator": "nvidia"}), **kv)
    pod = "nvidia-device-plugin-daemonset-7sxq4"
    nvdp(w, [(node, pod)], "nvidia/k8s-device-plugin:1.11", logs={pod: t}, node_selector={"agentpool": "gpupromo"})
    w.target("Pod", KS, pod)


@case("fz310", "jetson_arm64_plugin_nvml_only_not_supported", pod_subj("nvidia-device-plugin-daemonset-zq5tn", KS),
      "kubeadm-style Kubernetes v1.23.5 with an amd64 control-plane node and the arm64 Jetson Xavier NX node "
      "jetson-nx-01 (L4T R32.7.1 / Ubuntu 18.04, kernel 4.9.253-tegra, Docker 20.10 with the NVIDIA runtime as default, "
      "integrated GPU, no nvidia.com/gpu in capacity or allocatable). kube-system holds the static "
      "nvidia-device-plugin-daemonset (image nvcr.io/nvidia/k8s-device-plugin:v0.11.0, 1 desired, 0 ready; its "
      "toleration/selector keeps it off the control plane) whose pod on the Jetson crash-loops (exit 1, 14 restarts; "
      "no log, the thread quotes none) with the kubelet's BackOff event. Board, versions, names and counts are "
      "assumed. The issue title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.23.5"
    info(w.node("k8s-cp-01", cpu="8", memory="16390520Ki", labels={"node-role.kubernetes.io/control-plane": "",
                                                                 "node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]),
         osImage="Ubuntu 20.04.4 LTS", kernelVersion="5.4.0-107-generic", containerRuntimeVersion="docker://20.10.14",
         kubeletVersion="v1.23.5")
    node = "jetson-nx-01"
    info(w.node(node, cpu="6", memory="7913472Ki"), osImage="Ubuntu 18.04.6 LTS", kernelVersion="4.9.253-tegra",
         containerRuntimeVersion="docker://20.10.7", kubeletVersion="v1.23.5", architecture="arm64")
    pod = "nvidia-device-plugin-daemonset-zq5tn"
    nvdp(w, [(node, pod)], "nvcr.io/nvidia/k8s-device-plugin:v0.11.0")
    obj = next(d for d in w.workloads[("daemonsets", KS)] if d["metadata"]["name"] == "nvidia-device-plugin-daemonset")
    obj["status"].update({"numberReady": 0, "numberAvailable": 0, "numberUnavailable": 1})
    crashloop(w.get_pod(KS, pod), "nvidia-device-plugin-ctr", restarts=14)
    backoff(w, KS, pod, "nvidia-device-plugin-ctr", node, count=63)
    w.target("Pod", KS, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
