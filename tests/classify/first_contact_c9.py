"""Builds first-contact batch C9 (fixtures/first-contact/batch-c9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer sampled from all four pools of the search tool at once
(`issues`, `pages`, `docs`, `code`) with the fixed list of 48 queries in the batch README, that no rule was written
for. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, runtime versions, some image
tags, GPU models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c9      # (re)writes fixtures/first-contact/batch-c9/scenarios/
"""

from __future__ import annotations

import dataclasses

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import node_subj, pod_subj

PROSE = ("The case's text is prose (the reporter's description) that never reaches the cluster: it is NOT in the "
         "bundle, which shows only the state the thread describes.")


class _Batch(ThreadBatch):
    """ThreadBatch, its README saying where a prose case's text is (not in the bundle)."""

    def scenario(self, case_id):
        s = super().scenario(case_id)
        if case_id in TEXT_NOT_IN_BUNDLE:
            s = dataclasses.replace(s, readme=s.readme.replace("The case's text is used verbatim.", PROSE))
        return s


FC = _Batch("batch-c9", "C9", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle as a whole)
TEXT_NOT_IN_BUNDLE = {"fc904"}


def _hostpath(name: str, path: str, mount: str | None = None) -> tuple[dict, dict]:
    return ({"name": name, "hostPath": {"path": path}}, {"name": name, "mountPath": mount or path})


# ---- containerd without the nvidia default runtime: the plugin cannot load NVML --------------

@case("fc901", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.26.15 (the thread says 1.26) on one Ubuntu 22.04 GPU node gpu-node-1 with containerd 1.7 "
      "(node name, kernel, containerd version and the GPU model, an NVIDIA RTX A4000, assumed); the host driver "
      "535.161.07 is installed (the thread's nvidia-smi) and containerd has an `nvidia` runtime that is not the "
      "default; the NVIDIA device plugin DaemonSet nvidia-device-plugin-daemonset in kube-system (image "
      "nvcr.io/nvidia/k8s-device-plugin:v0.14.5 assumed, the static manifest of the README) runs without "
      "runtimeClassName, desired 1 / ready 0; its pod is in CrashLoopBackOff (assumed from the plugin's default "
      "fail-on-init-error) and its previous log holds the two lines quoted in the thread verbatim; the node "
      "advertises no nvidia.com/gpu; the reporter's pod gpu-pod in default (name and image assumed) requesting "
      "one GPU is Pending with the scheduler's FailedScheduling 'Insufficient nvidia.com/gpu' (standard wording, "
      "assumed from the thread's title 'failed to schedule using GPU').")
def _(w, t):
    w.git_version = "v1.26.15"
    node = "gpu-node-1"
    n = w.node(node, cpu="32", memory="131890244Ki", labels={"node-role.kubernetes.io/worker": ""})
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-101-generic",
              containerRuntimeVersion="containerd://1.7.12", kubeletVersion="v1.26.15", kubeProxyVersion="v1.26.15")
    ns, ds = "kube-system", "nvidia-device-plugin-daemonset"
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.14.5"
    d = daemonset(w, ns, ds, desired=1, ready=0, containers=[("nvidia-device-plugin-ctr", img)],
                  labels={"name": "nvidia-device-plugin-ds"},
                  tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    vol, mnt = _hostpath("device-plugin", "/var/lib/kubelet/device-plugins")
    d["spec"]["template"]["spec"]["volumes"] = [vol]
    d["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = [mnt]
    pod = "nvidia-device-plugin-daemonset-x7k2p"
    p = ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img, ready=False)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=17, code=1)
    w.log(ns, pod, "nvidia-device-plugin-ctr", t, previous=True)
    backoff(w, ns, pod, "nvidia-device-plugin-ctr", node, count=74)
    w.pod("default", "gpu-pod", gpu=1, containers=("cuda-container",),
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0",
          scheduled_message="0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are "
                            "available: 1 No preemption victims found for incoming pod.",
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.event("default", "Pod", "gpu-pod", "FailedScheduling",
            "0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: 1 No "
            "preemption victims found for incoming pod.", component="default-scheduler", count=9)
    w.target("Pod", "default", "gpu-pod")


# ---- the plugin DaemonSet on nodes without GPU cards: the NVIDIA hook fails there -----------

@case("fc902", pod_subj("nvidia-device-plugin-daemonset-4tq8w", "kube-system"),
      "Kubernetes v1.14.1 (2019; version, names and node count assumed: two GPU nodes gpu-1 and gpu-2 with one "
      "Tesla V100 each, two CPU nodes cpu-1 and cpu-2) on CentOS 7 with docker 18.06 and devicemapper storage "
      "(the thread's rootfs path); the NVIDIA container runtime is the default on every node (the hook runs on "
      "the GPU-less nodes, as the quoted message shows); the NVIDIA device plugin DaemonSet "
      "nvidia-device-plugin-daemonset in kube-system (image nvidia/k8s-device-plugin:1.11 assumed) has no "
      "nodeSelector: desired 4 / ready 2; its pods on the GPU nodes run and the GPU nodes advertise "
      "nvidia.com/gpu 1; its pods on the CPU nodes are in CrashLoopBackOff, their last state terminated with "
      "reason ContainerCannotRun, exit code 128, and the thread's message verbatim (the same message on both, "
      "the pid and rootfs id the thread's); the kubelet's BackOff events; no GPU workload is affected.")
def _(w, t):
    w.git_version = "v1.14.1"
    ns, ds = "kube-system", "nvidia-device-plugin-daemonset"
    img = "nvidia/k8s-device-plugin:1.11"
    info = dict(osImage="CentOS Linux 7 (Core)", kernelVersion="3.10.0-957.12.2.el7.x86_64",
                containerRuntimeVersion="docker://18.6.3", kubeletVersion="v1.14.1", kubeProxyVersion="v1.14.1")
    for name in ("gpu-1", "gpu-2"):
        n = w.node(name, gpus=1, cpu="16", memory="65808340Ki", labels={"node-role.kubernetes.io/worker": ""})
        node_info(n, **info)
    for name in ("cpu-1", "cpu-2"):
        n = w.node(name, cpu="16", memory="65808340Ki", labels={"node-role.kubernetes.io/worker": ""})
        node_info(n, **info)
    d = daemonset(w, ns, ds, desired=4, ready=2, containers=[("nvidia-device-plugin-ctr", img)],
                  labels={"name": "nvidia-device-plugin-ds"},
                  tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                               {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    vol, mnt = _hostpath("device-plugin", "/var/lib/kubelet/device-plugins")
    d["spec"]["template"]["spec"]["volumes"] = [vol]
    d["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = [mnt]
    for pod, node in (("nvidia-device-plugin-daemonset-8vbhz", "gpu-1"), ("nvidia-device-plugin-daemonset-rk2lm", "gpu-2")):
        ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img)
        w.log(ns, pod, "nvidia-device-plugin-ctr",
              "2019/05/28 09:12:04 Loading NVML\n2019/05/28 09:12:04 Fetching devices.\n"
              "2019/05/28 09:12:04 Starting FS watcher.\n2019/05/28 09:12:04 Starting OS watcher.\n"
              "2019/05/28 09:12:04 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
              "2019/05/28 09:12:04 Registered device plugin with Kubelet\n")
    for pod, node in (("nvidia-device-plugin-daemonset-4tq8w", "cpu-1"), ("nvidia-device-plugin-daemonset-m9fcs", "cpu-2")):
        p = ds_pod(w, ns, ds, pod, node, containers=("nvidia-device-plugin-ctr",), image=img, ready=False)
        crashloop(p, "nvidia-device-plugin-ctr", restarts=23, code=128, reason="ContainerCannotRun", message=t)
        backoff(w, ns, pod, "nvidia-device-plugin-ctr", node, count=96)
    w.target("Pod", ns, "nvidia-device-plugin-daemonset-4tq8w")


# ---- GKE: the DRA driver's MPS control daemon cannot run sh in the driver-root chroot -------

def _mps_claim(ns: str, name: str, pod: str, node: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": ns,
                         "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": pod, "controller": True}]},
            "spec": {"devices": {
                "requests": [{"name": "shared-gpu", "exactly": {"deviceClassName": "gpu.nvidia.com"}}],
                "config": [{"requests": ["shared-gpu"], "opaque": {"driver": "gpu.nvidia.com", "parameters": {
                    "apiVersion": "resource.nvidia.com/v1beta1", "kind": "GpuConfig",
                    "sharing": {"strategy": "MPS", "mpsConfig": {"defaultActiveThreadPercentage": 50,
                                                                 "defaultPinnedDeviceMemoryLimit": "10Gi"}}}}}]}},
            "status": {"allocation": {"devices": {"results": [{"request": "shared-gpu", "driver": "gpu.nvidia.com",
                                                               "pool": node, "device": "gpu-0"}]},
                                      "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                          {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod}]}}


@case("fc903", pod_subj("mps-control-daemon-7f3c9a2e-51d4-4b8e-9c0a-2d6e8f1b4a73-6d9c8b7f5-q8z2n", "nvidia"),
      "GKE 1.33 (v1.33.2-gke.1240000, the version of the fix's issue #469) with one GPU node pool on "
      "Container-Optimized OS (node name, machine type n1-standard-8 and its one Tesla T4 assumed; the fix was "
      "tested on T4); the GPU driver installed by the GKE-provided nvidia-driver-installer DaemonSet in kube-system "
      "(Running 1/1) under /home/kubernetes/bin/nvidia; the NVIDIA DRA driver for GPUs in namespace nvidia "
      "(image nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0 assumed) installed with nvidiaDriverRoot "
      "/home/kubernetes/bin/nvidia/: its controller Deployment and its kubelet-plugin DaemonSet Running (desired "
      "1 / ready 1, their logs not quoted and not written); the quickstart workload gpu-test-mps/test-pod (two "
      "containers, the demo's gpu-test-mps.yaml) shares one GPU through an allocated ResourceClaim with an MPS "
      "GpuConfig and waits in ContainerCreating (its kubelet event not quoted and not written); the per-claim "
      "Deployment mps-control-daemon-<claim uid> in nvidia has its pod in CrashLoopBackOff, its previous log the "
      "error the fix quotes, verbatim.")
def _(w, t):
    w.git_version = "v1.33.2-gke.1240000"
    node = "gke-gpu-cluster-gpu-pool-3b7c1d2e-x9kf"
    n = w.node(node, cpu="8", memory="30817816Ki", alloc_cpu="7910m", alloc_memory="26951704Ki",
               labels={"cloud.google.com/gke-nodepool": "gpu-pool", "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                       "cloud.google.com/machine-family": "n1", "node.kubernetes.io/instance-type": "n1-standard-8",
                       "nvidia.com/gpu.present": "true"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, osImage="Container-Optimized OS from Google", kernelVersion="6.6.87+",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.2-gke.1240000",
              kubeProxyVersion="v1.33.2-gke.1240000")
    gpu_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    # the GKE driver installer
    inst = "nvidia-driver-installer"
    daemonset(w, "kube-system", inst, desired=1, containers=[("pause", "gcr.io/google-containers/pause:2.0")],
              init_containers=[("nvidia-driver-installer", "cos-nvidia-installer:fixed")],
              labels={"k8s-app": inst}, tolerations=gpu_tol)
    ds_pod(w, "kube-system", inst, f"{inst}-lq7vd", node, containers=("pause",),
           image="gcr.io/google-containers/pause:2.0", labels={"k8s-app": inst}, tolerations=gpu_tol)
    # the DRA driver
    dns, img = "nvidia", "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.0"
    kp = "nvidia-dra-driver-gpu-kubelet-plugin"
    d = daemonset(w, dns, kp, desired=1, containers=[("gpus", img)],
                  labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, tolerations=gpu_tol,
                  env=[{"name": "NVIDIA_DRIVER_ROOT", "value": "/home/kubernetes/bin/nvidia/"}])
    vol, mnt = _hostpath("driver-root", "/home/kubernetes/bin/nvidia/", "/driver-root")
    d["spec"]["template"]["spec"]["volumes"] = [vol]
    d["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = [mnt]
    ds_pod(w, dns, kp, f"{kp}-h5m2t", node, containers=("gpus",), image=img,
           labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, tolerations=gpu_tol)
    ctl = "nvidia-dra-driver-gpu-controller"
    w.workload("Deployment", dns, ctl, template_pod={"spec": {"containers": [{"name": "compute-domain", "image": img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, dns, f"{ctl}-5c7d9b6f48", f"{ctl}-5c7d9b6f48-wq4rz", node, containers=("compute-domain",),
               image=img, tolerations=gpu_tol)
    # the MPS control daemon of the workload's claim
    uid = "7f3c9a2e-51d4-4b8e-9c0a-2d6e8f1b4a73"
    mps = f"mps-control-daemon-{uid}"
    rs = f"{mps}-6d9c8b7f5"
    pod = f"{rs}-q8z2n"
    w.workload("Deployment", dns, mps,
               template_pod={"spec": {"containers": [{"name": "mps-control-daemon", "image": img}],
                                      "volumes": [{"name": "driver-root",
                                                   "hostPath": {"path": "/home/kubernetes/bin/nvidia/"}}]}},
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1})
    p = deploy_pod(w, dns, rs, pod, node, containers=("mps-control-daemon",), image=img, ready=False,
                   labels={"app": "mps-control-daemon"}, tolerations=gpu_tol)
    crashloop(p, "mps-control-daemon", restarts=14, code=127)
    w.log(dns, pod, "mps-control-daemon", t, previous=True)
    backoff(w, dns, pod, "mps-control-daemon", node, count=58)
    # the quickstart workload
    ns, wpod = "gpu-test-mps", "test-pod"
    claim = "test-pod-shared-gpu-8rxvk"
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_mps_claim(ns, claim, wpod, node)]
    w.custom["resourceslices.resource.k8s.io"] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": f"{node}-gpu.nvidia.com-4k9tq"},
        "spec": {"driver": "gpu.nvidia.com", "nodeName": node, "pool": {"name": node, "generation": 1,
                                                                         "resourceSliceCount": 1},
                 "devices": [{"name": "gpu-0", "attributes": {"type": {"string": "gpu"},
                                                              "productName": {"string": "Tesla T4"},
                                                              "driverVersion": {"version": "570.172.8"}},
                              "capacity": {"memory": {"value": "15Gi"}}}]}}]
    cimg = "nvcr.io/nvidia/k8s/cuda-sample:nbody-cuda11.6.0-ubuntu18.04"
    wp = w.pod(ns, wpod, node=node, gpu=0, containers=("mps-ctr0", "mps-ctr1"), image=cimg, phase="Pending",
               ready=False, tolerations=gpu_tol,
               statuses={c: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}
                         for c in ("mps-ctr0", "mps-ctr1")},
               extra_spec={"resourceClaims": [{"name": "shared-gpu", "resourceClaimTemplateName": "shared-gpu"}]})
    for c in wp["spec"]["containers"]:
        c["resources"]["claims"] = [{"name": "shared-gpu"}]
    wp["status"]["resourceClaimStatuses"] = [{"name": "shared-gpu", "resourceClaimName": claim}]
    w.target("Pod", dns, pod)


# ---- k3s v1.16: the Intel GPU plugin mounts a device-plugins directory the kubelet does not use ----

@case("fc904", node_subj("k8s-4"),
      "k3s v1.16.2+k3s1 (Kubernetes 1.16, the thread's; exact k3s build, containerd version and kernel assumed) "
      "after the reporter's migration from RKE; the node k8s-4 (an ODROID-H2 with Intel UHD Graphics 600, the "
      "node of the reporter's migration notes in PR#76) is Ready and advertises no gpu.intel.com/i915; the Intel "
      "GPU device plugin DaemonSet intel-gpu-plugin in kube-system (image intel/intel-gpu-plugin:0.15.0, the "
      "version the migration notes name) mounts the hostPath /var/lib/kubelet/device-plugins as its "
      "kubeletsockets volume, as the thread says, while the k3s kubelet's registration socket lives under "
      "/var/lib/rancher/k3s/agent/kubelet/device-plugins (the path of the reporter's fix); desired 1 / ready 1, "
      "its pod Running (assumed: the thread does not describe it) with no log written. The case's text (the "
      "reporter's description) is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.16.2+k3s1"
    node = "k8s-4"
    n = w.node(node, cpu="4", memory="16306380Ki",
               labels={"node.kubernetes.io/instance-type": "k3s", "beta.kubernetes.io/instance-type": "k3s",
                       "k3s.io/hostname": node})
    node_info(n, osImage="Ubuntu 18.04.3 LTS", kernelVersion="4.15.0-66-generic",
              containerRuntimeVersion="containerd://1.3.0-k3s.2", kubeletVersion="v1.16.2-k3s.1",
              kubeProxyVersion="v1.16.2-k3s.1")
    ns, ds = "kube-system", "intel-gpu-plugin"
    img = "intel/intel-gpu-plugin:0.15.0"
    d = daemonset(w, ns, ds, desired=1, containers=[("intel-gpu-plugin", img)], labels={"app": ds},
                  node_selector={"kubernetes.io/hostname": node})
    dev, devm = _hostpath("devfs", "/dev/dri")
    sysfs, sysm = _hostpath("sysfs", "/sys/class/drm")
    sock, sockm = _hostpath("kubeletsockets", "/var/lib/kubelet/device-plugins")
    d["spec"]["template"]["spec"]["volumes"] = [dev, sysfs, sock]
    d["spec"]["template"]["spec"]["containers"][0]["volumeMounts"] = [devm, sysm, sockm]
    pod = "intel-gpu-plugin-6f8tb"
    p = ds_pod(w, ns, ds, pod, node, containers=("intel-gpu-plugin",), image=img, labels={"app": ds})
    p["spec"]["volumes"] = [dev, sysfs, sock]
    p["spec"]["containers"][0]["volumeMounts"] = [devm, sysm, sockm]
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
