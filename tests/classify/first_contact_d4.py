"""First-contact batch D4 (fixtures/first-contact/batch-d4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads in the container runtime / toolkit layer (containerd's
default runtime and config layering on RKE2, EKS and plain containerd, Docker's default runtime, crun's device
cgroup), sampled with the fixed query list in the batch README. Every case of this batch is a prose case: the
text is the reporter's own sentence and is not placed in the bundle; each builder builds the cluster state the
thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d4      # (re)writes fixtures/first-contact/batch-d4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod, remove_stack_pod, running_pod, \
    set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d4", "D4")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle): all of them
TEXT_NOT_IN_BUNDLE = {"fd401", "fd402", "fd403", "fd404", "fd405", "fd406"}


def size(w, node: str, cpu: str, memory: str) -> None:
    """The node's CPU and memory capacity (allocatable alike)."""
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": cpu, "memory": memory})


# ---- containerd's config: RKE2's template, config imports ------------------------------------

@case("fd401", pod_subj("pytorch-test", "default"),
      "Single-node RKE2 cluster (node sles-rke2-node, SUSE Linux Enterprise Server 15 SP5; the RKE2, kernel and GPU "
      "strings are assumed for October 2024: one NVIDIA L40S, host driver 560.35.03 as the thread's library names "
      "say, RKE2's embedded containerd) with the GPU Operator in namespace gpu-operator (driver container disabled, "
      "the driver is the host's; toolkit, device plugin, GFD and validator pods Running with runtimeClassName "
      "nvidia, their logs healthy as far as the thread says: it reports no operator pod failure); the test pod "
      "pytorch-test in default (image assumed, one nvidia.com/gpu requested, assumed; no runtimeClassName) is "
      "Running, and `mount | grep -i nvidia` in it prints nothing (exit code 1): no NVIDIA library, binary or "
      "device is mounted. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "sles-rke2-node"
    w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="263842712Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                       "node-role.kubernetes.io/master": "true", "nvidia.com/cuda.driver.major": "560",
                       "nvidia.com/gpu.deploy.driver": "false"})
    w.get_node(node)["status"]["nodeInfo"].update(
        {"osImage": "SUSE Linux Enterprise Server 15 SP5", "kernelVersion": "5.14.21-150500.55.80-default",
         "containerRuntimeVersion": "containerd://1.7.21-k3s2", "kubeletVersion": "v1.30.5+rke2r1",
         "kubeProxyVersion": "v1.30.5+rke2r1"})
    remove_stack_pod(w, node, "driver")
    ns, pod = "default", "pytorch-test"
    running_pod(w, pod, None, ns=ns, node=node, container="pytorch-test", gpu=1,
                image="nvcr.io/nvidia/pytorch:24.09-py3", cpu="2", memory="8Gi")
    w.exec(ns, pod, "pytorch-test", ["sh", "-c", "mount | grep -i nvidia"], "", exit_code=1)
    w.target("Pod", ns, pod)


@case("fd405", pod_subj("nvidia-device-plugin-daemonset-7xq2m", "gpu-operator-resources"),
      "Kubernetes cluster (v1.22 assumed; node names, GPU and the operator's image tags assumed for December 2021) "
      "with one GPU worker running containerd 1.4.12 (containerd.io 1.4.12 7b11cfaabd73bb80907dd23182b9347b4245eb5d, "
      "as the reporter's companion containerd issue says) whose /etc/containerd/config.toml imports "
      "/etc/containerd/config.d/*.toml (registries.toml for a private registry); the NVIDIA driver is assumed "
      "host-installed. The GPU Operator (v1.9.0 assumed) in gpu-operator-resources: the container-toolkit "
      "DaemonSet pod Running (it wrote the nvidia runtime into config.toml); the device plugin, GPU feature "
      "discovery, DCGM exporter and operator validator pods, which all use runtimeClassName nvidia, are Pending "
      "in Init with no sandbox, each with the kubelet FailedCreatePodSandBox event the reporter quotes in the "
      "companion containerd/containerd#6389 (same cluster, same day). The node advertises no nvidia.com/gpu. The "
      "text is prose and not placed in the bundle.")
def _(w, t):
    node = "k8s-gpu-worker-01"
    host_node(w, node, gpus=1, advertised=False,
              info={"osImage": "Ubuntu 20.04.3 LTS", "kernelVersion": "5.4.0-91-generic",
                    "containerRuntimeVersion": "containerd://1.4.12", "kubeletVersion": "v1.22.4",
                    "kubeProxyVersion": "v1.22.4"})
    w.get_node(node)["metadata"]["labels"].update(
        {"nvidia.com/gpu.present": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
         "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
         "nvidia.com/gpu.deploy.gpu-feature-discovery": "true", "nvidia.com/gpu.deploy.dcgm-exporter": "true",
         "nvidia.com/gpu.deploy.operator-validator": "true", "nvidia.com/gpu.deploy.driver": "false"})
    ns = "gpu-operator-resources"
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    tk = w.pod(ns, "nvidia-container-toolkit-daemonset-5hd8w", node=node, gpu=0,
               containers=("nvidia-container-toolkit-ctr",), init_containers=("driver-validation",),
               labels={"app": "nvidia-container-toolkit-daemonset"},
               owner=("DaemonSet", "nvidia-container-toolkit-daemonset"), tolerations=tol)
    set_image(tk, "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:1.7.2-ubuntu18.04")
    w.workload("DaemonSet", ns, "nvidia-container-toolkit-daemonset", template_pod=tk, status=ds_status(1, 1, 1))
    sandbox = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
               'no runtime for "nvidia" is configured')
    waiting = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
    for app, name, containers, inits in (
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-7xq2m", ("nvidia-device-plugin-ctr",),
             ("toolkit-validation",)),
            ("gpu-feature-discovery", "gpu-feature-discovery-m9k4t", ("gpu-feature-discovery",),
             ("toolkit-validation",)),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter-q2v7c", ("nvidia-dcgm-exporter",),
             ("toolkit-validation",)),
            ("nvidia-operator-validator", "nvidia-operator-validator-z6rjd", ("nvidia-operator-validator",),
             ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"))):
        p = w.pod(ns, name, node=node, gpu=0, phase="Pending", containers=containers, init_containers=inits,
                  labels={"app": app}, owner=("DaemonSet", app), runtime_class="nvidia", tolerations=tol,
                  ready=False, statuses={c: waiting for c in containers}, init_statuses={c: waiting for c in inits})
        p["status"]["conditions"] = [c for c in p["status"]["conditions"] if c["type"] == "PodScheduled"] + [
            {"type": "Initialized", "status": "False", "reason": "ContainersNotInitialized",
             "message": f"containers with incomplete status: [{' '.join(inits)}]", "lastTransitionTime": T0},
            {"type": "Ready", "status": "False", "reason": "ContainersNotReady",
             "message": f"containers with unready status: [{' '.join(containers)}]", "lastTransitionTime": T0},
            {"type": "ContainersReady", "status": "False", "reason": "ContainersNotReady",
             "message": f"containers with unready status: [{' '.join(containers)}]", "lastTransitionTime": T0}]
        p["status"].pop("podIP", None)                  # no sandbox, no pod IP
        w.workload("DaemonSet", ns, app, template_pod=p, status=ds_status(1, 1, 0))
        w.event(ns, "Pod", name, "FailedCreatePodSandBox", sandbox, component="kubelet", host=node, count=7)
    w.target("Pod", ns, "nvidia-device-plugin-daemonset-7xq2m")


# ---- the default runtime: containerd (runc), EKS nodeadm, Docker -----------------------------

@case("fd402", {"kind": "Node", "name": "gpu-node-01"},
      "Kubernetes 1.14 cluster with containerd (version strings, node names and the GPU model assumed for April "
      "2019: one Tesla V100, host driver and nvidia-container-runtime installed, containerd 1.2.5 whose runtime is "
      "runc) and the NVIDIA k8s-device-plugin 1.11 DaemonSet in kube-system, its pod Running (log not modelled: "
      "the thread does not quote it); the GPU node shows nvidia.com/gpu 0 in capacity and allocatable. The text "
      "is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-01"
    host_node(w, node, gpus=0,
              info={"osImage": "Ubuntu 18.04.2 LTS", "kernelVersion": "4.15.0-47-generic",
                    "containerRuntimeVersion": "containerd://1.2.5", "kubeletVersion": "v1.14.0",
                    "kubeProxyVersion": "v1.14.0"})
    size(w, node, "16", "65865116Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r4l9z", log=None, image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fd403", {"kind": "Node", "name": "ip-192-168-41-207.us-west-2.compute.internal"},
      "EKS 1.32 cluster (region, node name, AMI release and the device plugin's version assumed for April 2025) "
      "with one managed-node-group node of instance type gr6.4xlarge (one NVIDIA L4; AL2023 NVIDIA AMI, nodeadm, "
      "containerd 1.7 with runc as the default runtime, as the thread says) and the NVIDIA device plugin DaemonSet "
      "in kube-system (static manifest, no runtimeClassName; assumed, the thread does not mention it), its pod "
      "Running with no log modelled; the node has no nvidia.com/gpu in capacity or allocatable. The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    node = "ip-192-168-41-207.us-west-2.compute.internal"
    host_node(w, node, gpus=1, advertised=False,
              labels={"node.kubernetes.io/instance-type": "gr6.4xlarge", "topology.kubernetes.io/region": "us-west-2",
                      "topology.kubernetes.io/zone": "us-west-2b", "eks.amazonaws.com/nodegroup": "gpu-gr6",
                      "eks.amazonaws.com/capacityType": "ON_DEMAND"},
              info={"osImage": "Amazon Linux 2023.7.20250414", "kernelVersion": "6.1.132-147.221.amzn2023.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.3-eks-473151a",
                    "kubeProxyVersion": "v1.32.3-eks-473151a"})
    size(w, node, "16", "129481276Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-x8kfn", log=None,
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fd404", pod_subj("gpu-mounter-workers-9qk2d", KS),
      "Kubernetes 1.16 cluster with Docker 19.03 (GPUMounter's documented environment; version strings, node name "
      "and the GPU model assumed for November 2022: two GeForce RTX 3090, host driver with libnvidia-ml.so.1 "
      "installed, nvidia-container-runtime registered in Docker but not its default runtime) and GPUMounter in "
      "kube-system: the gpu-mounter-master Deployment pod Running on the control-plane node and the "
      "gpu-mounter-workers DaemonSet pod on the GPU node crash-looping (assumed: the thread shows its failure to "
      "load libnvidia-ml.so.1 only as a screenshot, so no log is modelled); no NVIDIA device plugin is modelled "
      "(the thread does not say), so the GPU node advertises no nvidia.com/gpu. The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.6 LTS", "kernelVersion": "4.15.0-197-generic",
            "containerRuntimeVersion": "docker://19.3.15", "kubeletVersion": "v1.16.2", "kubeProxyVersion": "v1.16.2"}
    m = w.node("k8s-master", cpu="8", memory="16331612Ki", labels={"node-role.kubernetes.io/master": ""},
               taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    m["status"]["nodeInfo"].update(info)
    node = "gpu-node-1"
    host_node(w, node, gpus=2, advertised=False, info=info)
    size(w, node, "32", "131916204Ki")
    mp = w.pod(KS, "gpu-mounter-master-7c9d8b5f4-kx2vp", node="k8s-master", gpu=0, containers=("gpu-mounter-master",),
               labels={"app": "gpu-mounter-master"}, owner=("ReplicaSet", "gpu-mounter-master-7c9d8b5f4"),
               cpu="100m", memory="128Mi",
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    set_image(mp, "gpu-mounter-master", "pokerfacesad/gpu-mounter-master:latest")
    name = "gpu-mounter-workers-9qk2d"
    wp = w.pod(KS, name, node=node, gpu=0, containers=("gpu-mounter-worker",), labels={"app": "gpu-mounter-workers"},
               owner=("DaemonSet", "gpu-mounter-workers"), cpu="100m", memory="128Mi",
               volumes=[{"name": "cgroup", "hostPath": {"path": "/sys/fs/cgroup", "type": "Directory"}},
                        {"name": "device-monitor", "hostPath": {"path": "/var/lib/kubelet/pod-resources",
                                                                "type": "Directory"}}],
               mounts=[{"name": "cgroup", "mountPath": "/sys/fs/cgroup"},
                       {"name": "device-monitor", "mountPath": "/var/lib/kubelet/pod-resources"}],
               extra_spec={"hostPID": True})
    wp["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    set_image(wp, "gpu-mounter-worker", "pokerfacesad/gpu-mounter-worker:latest")
    crashloop(wp, "gpu-mounter-worker", restarts=9, code=2)
    w.workload("DaemonSet", KS, "gpu-mounter-workers", template_pod=wp, status=ds_status(1, 1, 0))
    backoff(w, KS, name, "gpu-mounter-worker", node, count=38)
    w.target("Pod", KS, name)


# ---- the device cgroup: crun with the systemd driver -----------------------------------------

@case("fd406", pod_subj("gpu-workload-5d8c7b9f6-tq4zn", "ml"),
      "Custom Kubernetes 1.32 cluster (version strings, names, GPU model and image assumed for May 2025) with one "
      "GPU node: cgroup v2, containerd 1.7 with crun as its OCI runtime and the systemd cgroup driver, host driver "
      "and NVIDIA Container Toolkit (legacy hook) with the nvidia runtime as containerd's default; the NVIDIA "
      "device plugin DaemonSet in kube-system Running and advertising nvidia.com/gpu 1; a GPU workload Deployment "
      "pod in ml requesting one GPU is Running (its workload's output is not quoted and not modelled; the thread "
      "says it could not open /dev/nvidiactl). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-a1"
    host_node(w, node, gpus=1,
              info={"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.1.0-34-amd64",
                    "containerRuntimeVersion": "containerd://1.7.24", "kubeletVersion": "v1.32.4",
                    "kubeProxyVersion": "v1.32.4"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-h7m2s")
    plugin_ds(w, KS, [p])
    ns, pod = "ml", "gpu-workload-5d8c7b9f6-tq4zn"
    running_pod(w, pod, None, ns=ns, node=node, container="worker", gpu=1,
                image="nvcr.io/nvidia/cuda:12.8.1-base-ubuntu24.04", owner=("ReplicaSet", "gpu-workload-5d8c7b9f6"),
                cpu="2", memory="8Gi")
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
