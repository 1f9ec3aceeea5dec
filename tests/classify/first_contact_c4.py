"""First-contact batch C4 (fixtures/first-contact/batch-c4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer (AMD, Intel and NVIDIA device plugins, NFD labels the GPU
Operator selects on, the operator-managed plugin's CDI spec generation) from public threads that no rule was written
for, sampled with the fixed query list in the batch README. Each builder places the case's text verbatim where a
collector would have found it (prose texts are not placed) and builds the cluster state the thread describes. The
expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models,
image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c4      # (re)writes fixtures/first-contact/batch-c4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_b import KS, host_node
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-c4", "C4", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fc401", "fc402", "fc404", "fc405", "fc406", "fc407"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- AMD device plugin: node selection ------------------------------------------------------

@case("fc401", node_subj("ghost"),
      "Two-node lab cluster (Kubernetes v1.33 and containerd strings assumed; rpm-ostree Fedora-based OS image string "
      "assumed; August 2026): nodes ghost and exo-0, identical 64 GB Framework Desktop machines (Strix Halo iGPU; 16 "
      "cores), both carrying NFD's feature.node.kubernetes.io/pci-0380_1002.present=true; exo-0 also carries the "
      "hand-applied label lab.projectbluefin.io/amd-gpu (value 'true' assumed) and advertises amd.com/gpu 1; ghost "
      "advertises amd.com/gpu 0 in capacity and allocatable (as issue #586 quotes); the AMD GPU device plugin "
      "DaemonSet amdgpu-device-plugin-daemonset in kube-system (namespace, name and image tag assumed) has "
      "nodeSelector lab.projectbluefin.io/amd-gpu and its one pod Running on exo-0; no pod of it on ghost. No pending "
      "workload pod is modelled (the threads name none). The text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.3"
    kv = {"osImage": "Fedora Linux 42 (Bluefin)", "kernelVersion": "6.15.9-201.fc42.x86_64",
          "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.3"}
    nfd = {"feature.node.kubernetes.io/pci-0380_1002.present": "true"}
    ghost = w.node("ghost", gpus=0, resource="amd.com/gpu", cpu="32", memory="65075876Ki",
                   labels={**nfd, "node-role.kubernetes.io/control-plane": ""})
    info(ghost, **kv)
    exo = w.node("exo-0", gpus=1, resource="amd.com/gpu", cpu="32", memory="65075876Ki",
                 labels={**nfd, "lab.projectbluefin.io/amd-gpu": "true"})
    info(exo, **kv)
    img = "docker.io/rocm/k8s-device-plugin:1.31.0.7"
    ds, c = "amdgpu-device-plugin-daemonset", "amdgpu-dp-cntr"
    labels = {"name": "amdgpu-dp-ds"}
    sel = {"lab.projectbluefin.io/amd-gpu": "true"}
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
    daemonset(w, KS, ds, desired=1, containers=[(c, img)], tolerations=tol, labels=labels, node_selector=sel)
    ds_pod(w, KS, ds, "amdgpu-device-plugin-daemonset-7kq2m", "exo-0", containers=(c,), image=img, labels=labels,
           tolerations=tol, node_selector=sel)
    w.target("Node", None, "ghost")


# ---- NFD labels the GPU Operator selects on ------------------------------------------------------

OCP_OP_NS = "nvidia-gpu-operator"


@case("fc402", node_subj("worker-gpu-0"),
      "OpenShift 4.18 cluster installed with the assisted installer (RHCOS, CRI-O and kubelet strings assumed; May "
      "2025): three control-plane nodes (one modelled) and the GPU worker worker-gpu-0 with one NVIDIA GPU (PCI device "
      "id 2237, as the PR's label shows); the NFD operator's worker labels the node "
      "feature.node.kubernetes.io/pci-10de_2237.present=true (and no pci-10de.present); the NVIDIA GPU operator "
      "(nvidia-gpu-operator namespace, its Deployment pod Running; version assumed) finds no GPU node: it has "
      "not labelled the node nvidia.com/gpu.present or gpu.deploy.*, and no operand DaemonSet (driver, container "
      "toolkit, device plugin, GFD, validator) exists (assumed: the operator creates its operands only for nodes "
      "with the NVIDIA PCI vendor label; the PR does not list the pods); the node advertises no nvidia.com/gpu. The ClusterPolicy is not modelled (a cluster-scoped custom resource). The "
      "text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.31.8"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 418.94.202505061319-0",
          "kernelVersion": "5.14.0-427.66.1.el9_4.x86_64", "containerRuntimeVersion": "cri-o://1.31.8-3.rhaos4.18.gitb9a9b2e.el9",
          "kubeletVersion": "v1.31.8"}
    cp = w.node("master-0", cpu="8", memory="32817488Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": "",
                        "node.openshift.io/os_id": "rhcos"},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    info(cp, **kv)
    gpu = w.node("worker-gpu-0", cpu="32", memory="131634436Ki",
                 labels={"node-role.kubernetes.io/worker": "", "node.openshift.io/os_id": "rhcos",
                         "feature.node.kubernetes.io/pci-10de_2237.present": "true",
                         "feature.node.kubernetes.io/pci-1af4_1041.present": "true",
                         "feature.node.kubernetes.io/kernel-version.full": "5.14.0-427.66.1.el9_4.x86_64"})
    info(gpu, **kv)
    ns = OCP_OP_NS
    op_img = "nvcr.io/nvidia/gpu-operator:v25.3.0"
    w.pod(ns, "gpu-operator-6b8f9c7d5-x2lqp", node="master-0", gpu=0, containers=("gpu-operator",), image=op_img,
          owner=("ReplicaSet", "gpu-operator-6b8f9c7d5"), labels={"app": "gpu-operator"},
          tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Node", None, "worker-gpu-0")


# ---- Intel GPU plugin ---------------------------------------------------------------------------

@case("fc403", pod_subj("intel-gpu-plugin-b7x4d", KS),
      "Kubernetes v1.33 home cluster (kubeadm-style; Ubuntu 24.04 with an HWE kernel newer than 6.8.0, containerd and "
      "kubelet strings assumed for June 2025) with one node nuc-01 (Intel iGPU, NFD label "
      "intel.feature.node.kubernetes.io/gpu=true) that advertises no gpu.intel.com/i915; the Intel GPU plugin "
      "DaemonSet intel-gpu-plugin in kube-system (image intel/intel-gpu-plugin, tag assumed; nodeSelector on the NFD "
      "label) has its pod in CrashLoopBackOff (exit code 1 and 9 restarts assumed) with the text as its previous "
      "log (the error as the issue title quotes it; the plugin's other lines are not in the thread) and a kubelet "
      "BackOff event. The node's inotify limit is not a collected object and is not modelled.")
def _(w, t):
    w.git_version = "v1.33.1"
    node = "nuc-01"
    n = w.node(node, cpu="16", memory="65591352Ki",
               labels={"intel.feature.node.kubernetes.io/gpu": "true",
                       "feature.node.kubernetes.io/pci-0300_8086.present": "true",
                       "node-role.kubernetes.io/control-plane": ""})
    info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.11.0-26-generic", containerRuntimeVersion="containerd://1.7.27",
         kubeletVersion="v1.33.1")
    img = "intel/intel-gpu-plugin:0.32.1"
    ds, pod, c = "intel-gpu-plugin", "intel-gpu-plugin-b7x4d", "intel-gpu-plugin"
    labels = {"app": "intel-gpu-plugin"}
    sel = {"intel.feature.node.kubernetes.io/gpu": "true"}
    daemonset(w, KS, ds, desired=1, ready=0, containers=[(c, img)], labels=labels, node_selector=sel)
    ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False, node_selector=sel,
           statuses=crashing(c, 1, restarts=9),
           volumes=[{"name": "devfs", "hostPath": {"path": "/dev/dri"}},
                    {"name": "kubeletsockets", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}],
           mounts=[{"name": "devfs", "mountPath": "/dev/dri", "readOnly": True},
                   {"name": "kubeletsockets", "mountPath": "/var/lib/kubelet/device-plugins"}])
    w.log(KS, pod, c, t, previous=True)
    backoff(w, KS, pod, c, node, count=36)
    w.target("Pod", KS, pod)


# ---- operator-managed NVIDIA device plugin: CDI spec generation ------------------------------

GKE_OP_NS = "gpu-operator"


@case("fc404", pod_subj("nvidia-device-plugin-daemonset-5xv8r", GKE_OP_NS),
      "GKE Standard cluster (v1.29, April 2024; version strings assumed) with one COS GPU node "
      "gke-dev-gpu-pool-3f1c2a9e-7m4k (n1-standard-8 with one Tesla T4 assumed; COS with kernel 6.1, containerd) "
      "using GKE's preinstalled driver 535.129.03 under /home/kubernetes/bin/nvidia; the node advertises no "
      "nvidia.com/gpu; the GPU Operator (a development build adding GKE support; images from a private registry, "
      "names assumed) in namespace gpu-operator with driver disabled and CDI enabled: the container toolkit pod "
      "Running, the device plugin DaemonSet (image v0.15.0-rc.2, NVIDIA_DRIVER_ROOT=/home/kubernetes/bin/nvidia, "
      "runtimeClassName nvidia-cdi) with its pod in CrashLoopBackOff (exit code 1 and 6 restarts assumed: the "
      "thread quotes the error only in its title) and a kubelet BackOff event. The text is prose (the issue title) "
      "and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.29.3-gke.1282001"
    node = "gke-dev-gpu-pool-3f1c2a9e-7m4k"
    n = w.node(node, cpu="8", memory="30817516Ki",
               labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                       "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/gke-gpu-driver-version": "default",
                       "node.kubernetes.io/instance-type": "n1-standard-8"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, osImage="Container-Optimized OS from Google", kernelVersion="6.1.75+",
         containerRuntimeVersion="containerd://1.7.13", kubeletVersion="v1.29.3-gke.1282001")
    ns = GKE_OP_NS
    tk_img = "gcr.io/example-gke-dev/container-toolkit:v4"
    daemonset(w, ns, "nvidia-container-toolkit-daemonset", desired=1, containers=[("nvidia-container-toolkit-ctr", tk_img)],
              tolerations=GPU_TOL, labels={"app": "nvidia-container-toolkit-daemonset"},
              node_selector={"nvidia.com/gpu.deploy.container-toolkit": "true"})
    ds_pod(w, ns, "nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-q9w2t", node,
           containers=("nvidia-container-toolkit-ctr",), image=tk_img,
           labels={"app": "nvidia-container-toolkit-daemonset"}, tolerations=GPU_TOL)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-rc.2"
    ds, pod, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-5xv8r", "nvidia-device-plugin"
    labels = {"app": "nvidia-device-plugin-daemonset"}
    env = [{"name": "NVIDIA_DRIVER_ROOT", "value": "/home/kubernetes/bin/nvidia"},
           {"name": "CONTAINER_DRIVER_ROOT", "value": "/home/kubernetes/bin/nvidia"},
           {"name": "NVIDIA_CTK_PATH", "value": "/home/kubernetes/bin/nvidia/toolkit/nvidia-ctk"},
           {"name": "DEVICE_LIST_STRATEGY", "value": "cdi-annotations,cdi-cri"},
           {"name": "PASS_DEVICE_SPECS", "value": "true"}]
    daemonset(w, ns, ds, desired=1, ready=0, containers=[(c, img)], tolerations=GPU_TOL, labels=labels, env=env,
              runtime_class="nvidia-cdi", node_selector={"nvidia.com/gpu.deploy.device-plugin": "true"})
    ds_pod(w, ns, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False, tolerations=GPU_TOL, env=env,
           runtime_class="nvidia-cdi", statuses=crashing(c, 1, restarts=6),
           volumes=[{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}},
                    {"name": "cdi-root", "hostPath": {"path": "/var/run/cdi"}}],
           mounts=[{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"},
                   {"name": "cdi-root", "mountPath": "/var/run/cdi"}])
    n["metadata"]["labels"].update({"nvidia.com/gpu.deploy.container-toolkit": "true",
                                    "nvidia.com/gpu.deploy.device-plugin": "true",
                                    "nvidia.com/gpu.present": "true"})
    backoff(w, ns, pod, c, node, count=24)
    w.target("Pod", ns, pod)


# ---- GFD labels ----------------------------------------------------------------------------------

NFD_NS = "node-feature-discovery"


@case("fc405", node_subj("gke-ml-a100-pool-6d2f9b1c-q3lx"),
      "GKE Standard cluster (v1.22, September 2022; version strings assumed) with one Ubuntu GPU node "
      "gke-ml-a100-pool-6d2f9b1c-q3lx (a2-highgpu-1g, one A100 40 GB, assumed from the thread's '40 GB') advertising "
      "nvidia.com/gpu 1 through GKE's nvidia-gpu-device-plugin (kube-system, Running); NFD and the standalone "
      "gpu-feature-discovery v0.6.1 DaemonSet (MIG strategy none; version assumed) in node-feature-discovery, all "
      "Running; the node's GFD labels carry nvidia.com/gpu.memory=42505273344 (the thread's value) beside plausible "
      "product, count and CUDA labels (assumed). The text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.22.12-gke.300"
    node = "gke-ml-a100-pool-6d2f9b1c-q3lx"
    n = w.node(node, gpus=1, cpu="12", memory="87544788Ki",
               labels={"cloud.google.com/gke-nodepool": "a100-pool",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-a100",
                       "cloud.google.com/gke-os-distribution": "ubuntu",
                       "node.kubernetes.io/instance-type": "a2-highgpu-1g",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "nvidia.com/gfd.timestamp": "1662019387",
                       "nvidia.com/gpu.present": "true",
                       "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-40GB",
                       "nvidia.com/gpu.count": "1",
                       "nvidia.com/gpu.memory": "42505273344",
                       "nvidia.com/gpu.family": "ampere",
                       "nvidia.com/gpu.compute.major": "8",
                       "nvidia.com/gpu.compute.minor": "0",
                       "nvidia.com/cuda.driver.major": "470",
                       "nvidia.com/cuda.driver.minor": "141",
                       "nvidia.com/cuda.driver.rev": "03",
                       "nvidia.com/cuda.runtime.major": "11",
                       "nvidia.com/cuda.runtime.minor": "4",
                       "nvidia.com/mig.strategy": "none"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, osImage="Ubuntu 20.04.4 LTS", kernelVersion="5.4.0-1080-gke",
         containerRuntimeVersion="containerd://1.5.13", kubeletVersion="v1.22.12-gke.300")
    tol = [{"operator": "Exists"}]
    dp_img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"
    dp_labels = {"k8s-app": "nvidia-gpu-device-plugin"}
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", dp_img)],
              tolerations=tol, labels=dp_labels)
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-8wz4t", node,
           containers=("nvidia-gpu-device-plugin",), image=dp_img, labels=dp_labels, tolerations=tol)
    for ds, c, img, labels, pod, on in (
            ("nfd-worker", "nfd-worker", "k8s.gcr.io/nfd/node-feature-discovery:v0.10.1", {"app": "nfd-worker"},
             "nfd-worker-k2v9p", node),
            ("gpu-feature-discovery", "gpu-feature-discovery", "nvcr.io/nvidia/gpu-feature-discovery:v0.6.1",
             {"app.kubernetes.io/name": "gpu-feature-discovery"}, "gpu-feature-discovery-7tq5n", node)):
        env = [{"name": "GFD_MIG_STRATEGY", "value": "none"}] if ds == "gpu-feature-discovery" else None
        daemonset(w, NFD_NS, ds, desired=1, containers=[(c, img)], tolerations=tol, labels=labels, env=env)
        ds_pod(w, NFD_NS, ds, pod, on, containers=(c,), image=img, labels=labels, tolerations=tol, env=env)
    w.pod(NFD_NS, "nfd-master-5c8d9f7b64-hx2rw", node=node, gpu=0, containers=("nfd-master",),
          image="k8s.gcr.io/nfd/node-feature-discovery:v0.10.1", owner=("ReplicaSet", "nfd-master-5c8d9f7b64"),
          labels={"app": "nfd-master"}, tolerations=tol)
    w.target("Node", None, node)


# ---- HAMi vGPU sharing ----------------------------------------------------------------------------

@case("fc406", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.28 (kubeadm-style, containerd; strings assumed for August 2024) with one GPU node gpu-node-1 "
      "(one physical GPU, model assumed) whose HAMi device plugin splits it into 10 vGPUs (nvidia.com/gpu 10 in "
      "capacity and allocatable); HAMi v2.3 (version assumed) in kube-system: the hami-scheduler Deployment pod and "
      "the hami-device-plugin DaemonSet pod Running; pod default/gpu-pod (the README example: nvidia.com/gpu 2, "
      "gpumem 3000, gpucores 30; image assumed) with schedulerName hami-scheduler is Pending with a FailedScheduling "
      "event from hami-scheduler (wording illustrative: the HAMi scheduler's message as quoted in HAMi#587; the "
      "thread quotes none). The text is prose (the issue title) and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.28.12"
    node = "gpu-node-1"
    n = w.node(node, gpus=10, cpu="32", memory="131590108Ki",
               labels={"gpu": "on"})
    info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-117-generic", containerRuntimeVersion="containerd://1.7.19",
         kubeletVersion="v1.28.12")
    n["metadata"].setdefault("annotations", {})["hami.io/node-handshake"] = "Reported 2024-08-16 09:12:44.118204237 +0000 UTC m=+604.118204237"
    hv = "projecthami/hami:v2.3.13"
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", hv), ("vgpu-monitor", hv)],
              labels={"app.kubernetes.io/component": "hami-device-plugin"}, node_selector={"gpu": "on"},
              tolerations=tol)
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-5kq8w", node, containers=("device-plugin", "vgpu-monitor"),
           image=hv, labels={"app.kubernetes.io/component": "hami-device-plugin"}, node_selector={"gpu": "on"},
           tolerations=tol)
    w.pod(KS, "hami-scheduler-7d9c6b8f5d-2xq4j", node=node, gpu=0, containers=("kube-scheduler", "vgpu-scheduler-extender"),
          image=hv, owner=("ReplicaSet", "hami-scheduler-7d9c6b8f5d"),
          labels={"app.kubernetes.io/component": "hami-scheduler"})
    msg = "no available node, all node scores do not meet"
    p = w.pod("default", "gpu-pod", gpu=2, phase="Pending", scheduler="hami-scheduler", containers=("ubuntu-container",),
              image="ubuntu:18.04", scheduled_message=msg)
    for c in p["spec"]["containers"]:
        for k in ("limits", "requests"):
            c.setdefault("resources", {}).setdefault(k, {}).update(
                {"nvidia.com/gpu": "2", "nvidia.com/gpumem": "3000", "nvidia.com/gpucores": "30"})
    w.event("default", "Pod", "gpu-pod", "FailedScheduling", msg, component="hami-scheduler", count=12)
    w.target("Pod", "default", "gpu-pod")


# ---- device plugin without the NVIDIA runtime (minikube) -------------------------------------------

@case("fc407", node_subj("minikube"),
      "minikube v0.28.0 with --vm-driver=none on the host (June 2018): one node minikube running Kubernetes v1.10.0 "
      "on the host's Docker (17.12, Ubuntu 16.04 and kernel assumed) with nvidia-docker2 installed but Docker's "
      "default runtime runc; one GPU (model assumed); the NVIDIA device plugin v1.10 DaemonSet "
      "nvidia-device-plugin-daemonset in kube-system from the project's v1.10 manifest, its pod Running; the node "
      "has no nvidia.com/gpu in capacity or allocatable. The plugin's log is not quoted and not modelled. The text "
      "is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.10.0"
    node = "minikube"
    host_node(w, node, gpus=1, advertised=False,
              labels={"node-role.kubernetes.io/master": ""},
              info={"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.13.0-45-generic",
                    "containerRuntimeVersion": "docker://17.12.1-ce", "kubeletVersion": "v1.10.0",
                    "kubeProxyVersion": "v1.10.0"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "32819196Ki"})
    img = "nvidia/k8s-device-plugin:1.10"
    ds, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-ctr"
    labels = {"name": "nvidia-device-plugin-ds"}
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]
    daemonset(w, KS, ds, desired=1, containers=[(c, img)], tolerations=tol, labels=labels)
    ds_pod(w, KS, ds, "nvidia-device-plugin-daemonset-zp8wd", node, containers=(c,), image=img, labels=labels,
           tolerations=tol, volumes=[{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}}],
           mounts=[{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"}])
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
