"""First-contact batch C3 (fixtures/first-contact/batch-c3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer (NVIDIA device plugin, MPS sharing, DRA kubelet plugin,
AMD device plugin) from public threads that no rule was written for, sampled with the fixed query list in the batch
README. Each builder places the case's text verbatim where a collector would have found it (prose texts are not
placed) and builds the cluster state the thread describes. The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models,
image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c3      # (re)writes fixtures/first-contact/batch-c3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_b import KS, host_node, no_gpu_resource, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.first_contact_g import _claim
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-c3", "C3", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fc302", "fc303", "fc305"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _resources(pod: dict, container: str, cpu: str, memory: str) -> None:
    for c in pod["spec"]["containers"]:
        if c["name"] == container:
            c["resources"] = {"limits": {"cpu": cpu, "memory": memory}, "requests": {"cpu": cpu, "memory": memory}}


def _set_ip(pod: dict, ip: str) -> None:
    pod["status"]["podIP"] = ip


# ---- NVIDIA device plugin: resources ---------------------------------------------------------

@case("fc301", pod_subj("nvidia-gpu-device-plugin-ngkrv", KS),
      "GKE Standard 1.19.9-gke.1900 cluster; one Ubuntu GPU node gke-iguazio-gpu-pool-5c2b7e1d-x8kq "
      "(n1-standard-16, one Tesla T4 assumed; Ubuntu image, kernel and containerd strings assumed for July 2021) "
      "advertising nvidia.com/gpu 1; GKE's nvidia-gpu-device-plugin DaemonSet in kube-system (image digest assumed) "
      "with limits and requests cpu 50m / memory 20Mi and LD_LIBRARY_PATH=/usr/local/nvidia/lib64, its pod "
      "nvidia-gpu-device-plugin-ngkrv Running and Ready with restart count 1 and last state OOMKilled (exit 137, "
      "started 08:15:02Z, finished 13:49:32Z on 27 July 2021, the text's +0300 times in UTC); the load-test pod "
      "(one GPU; name, namespace and image assumed) Running on the node. No events are modelled (the thread quotes "
      "none).")
def _(w, t):
    w.git_version = "v1.19.9-gke.1900"
    node = "gke-iguazio-gpu-pool-5c2b7e1d-x8kq"
    host_node(w, node, gpus=1, labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                       "cloud.google.com/gke-os-distribution": "ubuntu",
                                       "node.kubernetes.io/instance-type": "n1-standard-16"},
              info={"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "5.4.0-1046-gke",
                    "containerRuntimeVersion": "containerd://1.4.3", "kubeletVersion": "v1.19.9-gke.1900",
                    "kubeProxyVersion": "v1.19.9-gke.1900"})
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "61830880Ki"})
    img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e"
    labels = {"k8s-app": "nvidia-gpu-device-plugin"}
    ds = "nvidia-gpu-device-plugin"
    d = daemonset(w, KS, ds, desired=1, containers=[("nvidia-gpu-device-plugin", img)],
                  tolerations=[{"operator": "Exists"}], labels=labels,
                  env=[{"name": "LD_LIBRARY_PATH", "value": "/usr/local/nvidia/lib64"}],
                  affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                      {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    _resources(d["spec"]["template"], "nvidia-gpu-device-plugin", "50m", "20Mi")
    st = {"nvidia-gpu-device-plugin": {
        "state": {"running": {"startedAt": "2021-07-27T13:49:33Z"}},
        "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled", "startedAt": "2021-07-27T08:15:02Z",
                                     "finishedAt": "2021-07-27T13:49:32Z"}},
        "ready": True, "restartCount": 1}}
    p = ds_pod(w, KS, ds, "nvidia-gpu-device-plugin-ngkrv", node, containers=("nvidia-gpu-device-plugin",),
               image=img, labels=labels, statuses=st, tolerations=[{"operator": "Exists"}],
               env=[{"name": "LD_LIBRARY_PATH", "value": "/usr/local/nvidia/lib64"}],
               volumes=[{"name": "dev", "hostPath": {"path": "/dev"}}],
               mounts=[{"name": "dev", "mountPath": "/dev"}])
    _resources(p, "nvidia-gpu-device-plugin", "50m", "20Mi")
    p["status"]["qosClass"] = "Guaranteed"
    p["spec"]["priorityClassName"] = "system-node-critical"
    w.log(KS, "nvidia-gpu-device-plugin-ngkrv", "nvidia-gpu-device-plugin",
          "I0727 13:49:34.102311       1 nvidia_gpu.go:75] device-plugin started\n"
          "I0727 13:49:34.108712       1 beta_plugin.go:40] device-plugin: ListAndWatch start\n")
    lt = w.pod("default-tenant", "gpu-load-test-6f9c8d7b5-t2wqz", node=node, gpu=1, containers=("load-test",),
               image="gcr.io/iguazio/gpu-burn:latest", owner=("ReplicaSet", "gpu-load-test-6f9c8d7b5"),
               tolerations=GPU_TOL)
    _set_ip(lt, "10.244.1.23")
    w.target("Pod", KS, "nvidia-gpu-device-plugin-ngkrv")


@case("fc302", pod_subj("nvidia-gpu-device-plugin-rg2d9", KS),
      "Self-managed Kubernetes on AWS (Zalando kubernetes-on-aws 'data' cluster; Ubuntu 22.04 node image, kernel, "
      "containerd and kubelet v1.28 strings assumed for February 2024); one GPU node "
      "ip-172-31-14-201.eu-central-1.compute.internal (g4dn.xlarge, one T4, assumed) advertising nvidia.com/gpu 1 "
      "(the plugin re-registers after each restart; assumed), plus one CPU worker; the nvidia-gpu-device-plugin "
      "DaemonSet in kube-system with fixed resources (limits memory 20Mi, cpu 50m: assumed, the PR does not quote "
      "the old values); its pod is in CrashLoopBackOff with last state OOMKilled (exit 137, 9 restarts assumed) "
      "and a kubelet BackOff event. The text is prose and not placed in the bundle.")
def _(w, t):
    info_ = {"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "6.5.0-1014-aws",
             "containerRuntimeVersion": "containerd://1.7.13", "kubeletVersion": "v1.28.6",
             "kubeProxyVersion": "v1.28.6"}
    cpu = w.node("ip-172-31-9-77.eu-central-1.compute.internal", cpu="16", memory="64920476Ki",
                 labels={"node.kubernetes.io/instance-type": "m5.4xlarge", "node.kubernetes.io/role": "worker"})
    info(cpu, **info_)
    node = "ip-172-31-14-201.eu-central-1.compute.internal"
    host_node(w, node, gpus=1, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                                       "node.kubernetes.io/role": "worker", "zalando.org/nvidia-gpu": "tesla"},
              info=info_)
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "16069752Ki"})
    img = "registry.opensource.zalan.do/teapot/nvidia-gpu-device-plugin:v0.14.4"
    ds, pod, c = "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-rg2d9", "nvidia-gpu-device-plugin"
    labels = {"application": "kubernetes", "component": "nvidia-gpu-device-plugin"}
    d = daemonset(w, KS, ds, desired=1, ready=0, containers=[(c, img)], tolerations=GPU_TOL, labels=labels,
                  node_selector={"zalando.org/nvidia-gpu": "tesla"})
    _resources(d["spec"]["template"], c, "50m", "20Mi")
    p = ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False,
               statuses=crashing(c, 137, reason="OOMKilled", restarts=9), tolerations=GPU_TOL,
               node_selector={"zalando.org/nvidia-gpu": "tesla"})
    _resources(p, c, "50m", "20Mi")
    p["status"]["qosClass"] = "Guaranteed"
    backoff(w, KS, pod, c, node, count=41)
    w.target("Pod", KS, pod)


# ---- NVIDIA device plugin: MPS sharing ------------------------------------------------------

@case("fc303", pod_subj("nvidia-device-plugin-daemonset-7xk2p", KS),
      "Kubernetes v1.28 GPU node gpu-node-1 (kubeadm-style, Ubuntu 22.04, containerd; one GPU, host driver and "
      "toolkit; version strings and GPU model assumed for April 2024) with no GFD labels and no nvidia.com/gpu in "
      "capacity or allocatable; the NVIDIA device plugin v0.15.0 as a plain DaemonSet in kube-system mounting a "
      "sharing config (MPS, replicas 4: assumed) through CONFIG_FILE; its pod is Running and its log repeats the "
      "failed MPS daemon health check and the 30 s retry (wording illustrative: the plugin's own lines for this "
      "failure; the reporter's output is in screenshots); no gpu-feature-discovery and no MPS control-daemon "
      "DaemonSet exist. The text is the issue title and is not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=1, advertised=False,
              info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-102-generic",
                    "containerRuntimeVersion": "containerd://1.7.2", "kubeletVersion": "v1.28.8",
                    "kubeProxyVersion": "v1.28.8"})
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.15.0"
    ds, pod, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-7xk2p", "nvidia-device-plugin-ctr"
    labels = {"name": "nvidia-device-plugin-ds"}
    env = [{"name": "CONFIG_FILE", "value": "/etc/nvidia-device-plugin/config.yaml"},
           {"name": "FAIL_ON_INIT_ERROR", "value": "false"}]
    vols = [{"name": "device-plugin", "hostPath": {"path": "/var/lib/kubelet/device-plugins"}},
            {"name": "config", "configMap": {"name": "nvidia-device-plugin-config"}}]
    mounts = [{"name": "device-plugin", "mountPath": "/var/lib/kubelet/device-plugins"},
              {"name": "config", "mountPath": "/etc/nvidia-device-plugin"}]
    daemonset(w, KS, ds, desired=1, containers=[(c, img)], tolerations=GPU_TOL, labels=labels, env=env)
    ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, tolerations=GPU_TOL, env=env,
           volumes=vols, mounts=mounts)
    line = ("E0411 08:{m:02d}:03.201337       1 main.go:301] Failed to start plugin: error waiting for MPS daemon: "
            "error checking MPS daemon health: failed to send command to MPS daemon: exit status 1\n"
            "I0411 08:{m:02d}:03.201366       1 main.go:208] Failed to start one or more plugins. Retrying in 30s...\n"
            "I0411 08:{m:02d}:33.230112       1 main.go:315] Stopping plugins.\n"
            "I0411 08:{m:02d}:33.230187       1 main.go:200] Starting Plugins.\n"
            "I0411 08:{m:02d}:33.231005       1 main.go:279] Retrieving plugins.\n")
    head = ("I0411 08:11:59.004512       1 main.go:178] Starting FS watcher.\n"
            "I0411 08:11:59.004601       1 main.go:185] Starting OS watcher.\n"
            "I0411 08:11:59.005117       1 main.go:200] Starting Plugins.\n"
            "I0411 08:11:59.005139       1 main.go:257] Loading configuration.\n"
            "I0411 08:12:03.118221       1 main.go:279] Retrieving plugins.\n"
            "I0411 08:12:03.120044       1 factory.go:104] Detected NVML platform: found NVML library\n")
    w.log(KS, pod, c, head + "".join(line.format(m=m) for m in range(12, 16)))
    w.target("Pod", KS, pod)


# ---- NVIDIA device plugin: placement ---------------------------------------------------------

@case("fc304", pod_subj("nvidia-device-plugin-daemonset-b8q4n", KS),
      "RKE2 v1.33 cluster of two GPU-less Intel TDX confidential VMs cvm-tdx-0 and cvm-tdx-1 (c8s node-guest-image; "
      "OS, kernel, containerd and RKE2 strings assumed for August 2026; no nvidia.com/gpu anywhere); the image's "
      "nvidia-device-plugin DaemonSet in kube-system (FAIL_ON_INIT_ERROR=false, DEVICE_LIST_STRATEGY=cdi-annotations, "
      "no nodeSelector; image tag assumed) has a pod on each node, both in CrashLoopBackOff (15 and 14 restarts, "
      "exit code 1) with the text as their previous log and kubelet BackOff events.")
def _(w, t):
    w.git_version = "v1.33.3+rke2r1"
    info_ = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-79-generic",
             "containerRuntimeVersion": "containerd://2.0.5-k3s2", "kubeletVersion": "v1.33.3+rke2r1",
             "kubeProxyVersion": "v1.33.3+rke2r1"}
    nodes = ("cvm-tdx-0", "cvm-tdx-1")
    for i, name in enumerate(nodes):
        n = w.node(name, cpu="16", memory="65842608Ki",
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                           "node.kubernetes.io/instance-type": "rke2"} if i == 0 else
                   {"node.kubernetes.io/instance-type": "rke2"})
        info(n, **info_)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.18.1"
    ds, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-ctr"
    labels = {"name": "nvidia-device-plugin-ds"}
    env = [{"name": "FAIL_ON_INIT_ERROR", "value": "false"}, {"name": "DEVICE_LIST_STRATEGY", "value": "cdi-annotations"}]
    daemonset(w, KS, ds, desired=2, ready=0, containers=[(c, img)], tolerations=GPU_TOL, labels=labels, env=env)
    for name, node, restarts in (("nvidia-device-plugin-daemonset-b8q4n", nodes[0], 15),
                                 ("nvidia-device-plugin-daemonset-m2v7d", nodes[1], 14)):
        ds_pod(w, KS, ds, name, node, containers=(c,), image=img, labels=labels, ready=False,
               statuses=crashing(c, 1, restarts=restarts), tolerations=GPU_TOL, env=env)
        w.log(KS, name, c, t, previous=True)
        backoff(w, KS, name, c, node, count=restarts * 3)
    w.target("Pod", KS, "nvidia-device-plugin-daemonset-b8q4n")


# ---- DRA kubelet plugin ----------------------------------------------------------------------

@case("fc305", pod_subj("gpu-nic-pod", "default"),
      "Kubernetes v1.33 (containerd; strings assumed for July 2025) with one GPU node gpu-node-1 (8 GPUs, no "
      "nvidia.com/gpu extended resource: GPUs are published by the NVIDIA DRA driver's gpu kubelet plugin, Running in "
      "nvidia-dra-driver-gpu, and NICs by DraNet's DaemonSet in kube-system, Running); ResourceClaim "
      "default/gpu-nic-claim with requests nic-request (DeviceClass dranet) and gpu-request (DeviceClass "
      "gpu.nvidia.com) constrained to the same resource.kubernetes.io/pcieRoot, allocated on the node (eth1 from "
      "dra.net, gpu-0 from gpu.nvidia.com; device names illustrative); pod gpu-nic-pod is scheduled and "
      "ContainerCreating with a kubelet FailedPrepareDynamicResources event naming 'requested device is not "
      "allocatable' (wording illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.2"
    node = "gpu-node-1"
    n = w.node(node, cpu="208", memory="1980000000Ki", labels={"nvidia.com/gpu.present": "true",
                                                               "node.kubernetes.io/instance-type": "a3-highgpu-8g"})
    info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-1031-gcp", containerRuntimeVersion="containerd://2.0.4",
         kubeletVersion="v1.33.2")
    dns, ds = "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin"
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0"
    labels = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}
    daemonset(w, dns, ds, desired=1, containers=[("gpus", img)], tolerations=GPU_TOL, labels=labels)
    ds_pod(w, dns, ds, f"{ds}-q7x2k", node, containers=("gpus",), image=img, labels=labels, tolerations=GPU_TOL)
    net_img = "ghcr.io/google/dranet:v0.2.0"
    daemonset(w, KS, "dranet", desired=1, containers=[("dranet", net_img)], tolerations=[{"operator": "Exists"}],
              labels={"app": "dranet"})
    ds_pod(w, KS, "dranet", "dranet-h5t9w", node, containers=("dranet",), image=net_img, labels={"app": "dranet"},
           tolerations=[{"operator": "Exists"}])
    ns, pod, claim = "default", "gpu-nic-pod", "gpu-nic-claim"
    cl = _claim(ns, claim, pod, allocated_node=node)
    cl["spec"]["devices"] = {
        "requests": [{"name": "nic-request", "exactly": {"deviceClassName": "dranet"}},
                     {"name": "gpu-request", "exactly": {"deviceClassName": "gpu.nvidia.com"}}],
        "constraints": [{"requests": ["nic-request", "gpu-request"],
                         "matchAttribute": "resource.kubernetes.io/pcieRoot"}]}
    cl["status"]["allocation"]["devices"]["results"] = [
        {"request": "nic-request", "driver": "dra.net", "pool": node, "device": "eth1"},
        {"request": "gpu-request", "driver": "gpu.nvidia.com", "pool": node, "device": "gpu-0"}]
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [cl]
    p = w.pod(ns, pod, node=node, gpu=0, containers=("ctr",), image="nvcr.io/nvidia/cuda:12.9.1-base-ubuntu24.04",
              phase="Pending", ready=False,
              statuses={"ctr": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}},
              extra_spec={"resourceClaims": [{"name": "gpu-nic", "resourceClaimName": claim}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu-nic"}]
    w.event(ns, "Pod", pod, "FailedPrepareDynamicResources",
            f"Failed to prepare dynamic resources: NodePrepareResources failed for claim {ns}/{claim}: error preparing "
            "devices for claim 6c1f0e2a-3b9d-4f57-9a21-8e4d5b7c2f10: prepare devices failed: requested device is not "
            "allocatable: eth1", component="kubelet", host=node, count=9)
    w.target("Pod", ns, pod)


# ---- NVIDIA device plugin: image and manifest -------------------------------------------------

@case("fc306", pod_subj("nvidia-device-plugin-daemonset-5fwq8", KS),
      "Kubernetes v1.20.0 (kubeadm-style, containerd 1.4.3; strings assumed for December 2020) with one GPU node "
      "gpu-node-1 (one GPU, host driver and toolkit; GPU model assumed) advertising no nvidia.com/gpu; the v0.7.2 "
      "static nvidia-device-plugin-daemonset in kube-system, its pod waiting in ErrImagePull (ImagePullBackOff "
      "between attempts) with the describe row's kubelet Failed event (x2) and a Normal BackOff event (wording "
      "standard kubelet, illustrative).")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=1, advertised=False,
              info={"osImage": "Ubuntu 20.04.1 LTS", "kernelVersion": "5.4.0-58-generic",
                    "containerRuntimeVersion": "containerd://1.4.3", "kubeletVersion": "v1.20.0",
                    "kubeProxyVersion": "v1.20.0"})
    img = "nvidia/k8s-device-plugin:v0.7.2"
    ds, pod, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-5fwq8", "nvidia-device-plugin-ctr"
    labels = {"name": "nvidia-device-plugin-ds"}
    msg = t.split("kubelet", 1)[1].strip()
    pull = msg.split(": ", 1)[1]
    daemonset(w, KS, ds, desired=1, ready=0, containers=[(c, img)], tolerations=GPU_TOL, labels=labels)
    ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False, tolerations=GPU_TOL,
           phase="Pending",
           statuses={c: {"state": {"waiting": {"reason": "ErrImagePull", "message": pull}}, "ready": False,
                         "restartCount": 0}})
    w.event(KS, "Pod", pod, "Failed", msg, component="kubelet", host=node, count=2, field_path=f"spec.containers{{{c}}}")
    w.event(KS, "Pod", pod, "BackOff", f'Back-off pulling image "{img}"', type="Normal", component="kubelet", host=node,
            count=2, field_path=f"spec.containers{{{c}}}")
    w.target("Pod", KS, pod)


@case("fc307", pod_subj("nvidia-device-plugin-daemonset-7mzv4", KS),
      "EKS 1.18 cluster (Onepanel v0.16.0-rc.2 installed with `--gpu-device-plugins nvidia`) with one CPU node and "
      "one GPU node ip-192-168-71-23.us-west-2.compute.internal (p2.xlarge, one K80; EKS GPU AMI: Amazon Linux 2, "
      "Docker 19.03; instance type and version strings assumed for December 2020) advertising no nvidia.com/gpu; "
      "Onepanel's nvidia-device-plugin-daemonset in kube-system (image tag assumed; container args "
      "--fail-on-init-error=false as modelled) with its pod in CrashLoopBackOff (last state ContainerCannotRun, "
      "exit code 127, 6 restarts assumed); the pod's events are the text's two messages (kubelet Failed x6, "
      "FailedMount x1).")
def _(w, t):
    info_ = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.209-160.339.amzn2.x86_64",
             "containerRuntimeVersion": "docker://19.3.6", "kubeletVersion": "v1.18.9-eks-d1db3c",
             "kubeProxyVersion": "v1.18.9-eks-d1db3c"}
    cpu = w.node("ip-192-168-12-40.us-west-2.compute.internal", cpu="4", memory="16205984Ki",
                 labels={"node.kubernetes.io/instance-type": "m5.xlarge", "eks.amazonaws.com/nodegroup": "default"})
    info(cpu, **info_)
    node = "ip-192-168-71-23.us-west-2.compute.internal"
    host_node(w, node, gpus=1, advertised=False, labels={"node.kubernetes.io/instance-type": "p2.xlarge",
                                                         "eks.amazonaws.com/nodegroup": "gpu"}, info=info_)
    img = "nvidia/k8s-device-plugin:1.0.0-beta6"
    ds, pod, c = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-7mzv4", "nvidia-device-plugin-ctr"
    labels = {"name": "nvidia-device-plugin-ds"}
    start_err, mount_err = [part.strip() for part in t.split("\n\n")]
    d = daemonset(w, KS, ds, desired=1, ready=0, containers=[(c, img)], tolerations=GPU_TOL, labels=labels)
    d["spec"]["template"]["spec"]["containers"][0]["args"] = ["--fail-on-init-error=false"]
    term_msg = start_err.split("Error response from daemon: ", 1)[1]
    p = ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False, tolerations=GPU_TOL,
               statuses=crashing(c, 127, reason="ContainerCannotRun", message=term_msg, restarts=6))
    p["spec"]["containers"][0]["args"] = ["--fail-on-init-error=false"]
    w.event(KS, "Pod", pod, "FailedMount", mount_err, component="kubelet", host=node, count=1)
    w.event(KS, "Pod", pod, "Failed", start_err, component="kubelet", host=node, count=6,
            field_path=f"spec.containers{{{c}}}")
    backoff(w, KS, pod, c, node, count=24)
    w.target("Pod", KS, pod)


# ---- AMD device plugin -----------------------------------------------------------------------

AMD_TOL = [{"key": "CriticalAddonsOnly", "operator": "Exists"}]


@case("fc308", pod_subj("amdgpu-device-plugin-daemonset-x4k9c", KS),
      "Kubernetes v1.31 (kubeadm-style, containerd; strings assumed for September 2025) with one arm64 node "
      "ampere-mi50-01 (Ampere 128-core CPU, one AMD Instinct MI50, Ubuntu 22.04.5 LTS, ROCm 6.3.3 host driver) "
      "advertising no amd.com/gpu; the AMD device plugin DaemonSet amdgpu-device-plugin-daemonset in kube-system "
      "(image rocm/k8s-device-plugin, tag assumed) has its pod in CrashLoopBackOff (exit code 255 and 11 restarts "
      "assumed) with the text as its previous log and a kubelet BackOff event.")
def _(w, t):
    node = "ampere-mi50-01"
    n = w.node(node, cpu="128", memory="263723056Ki")
    info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-153-generic", containerRuntimeVersion="containerd://1.7.27",
         kubeletVersion="v1.31.12", architecture="arm64")
    img = "docker.io/rocm/k8s-device-plugin:1.31.0.7"
    ds, pod, c = "amdgpu-device-plugin-daemonset", "amdgpu-device-plugin-daemonset-x4k9c", "amdgpu-dp-cntr"
    labels = {"name": "amdgpu-dp-ds"}
    daemonset(w, KS, ds, desired=1, ready=0, containers=[(c, img)], tolerations=AMD_TOL, labels=labels)
    ds_pod(w, KS, ds, pod, node, containers=(c,), image=img, labels=labels, ready=False, tolerations=AMD_TOL,
           statuses=crashing(c, 255, restarts=11))
    w.log(KS, pod, c, t, previous=True)
    backoff(w, KS, pod, c, node, count=44)
    w.target("Pod", KS, pod)


@case("fc309", pod_subj("amdgpu-device-plugin-daemonset-zqk24", KS),
      "k3s v1.25 cluster (inferred from the 10.42.x pod IPs; strings assumed for March 2023) with three arm64 nodes "
      "captain, pirate1 and pirate2 (no AMD GPU) and one amd64 node bosun with one AMD GPU advertising amd.com/gpu 1 "
      "(assumed: the thread shows only the crashing pods); the example-manifest DaemonSets amdgpu-device-plugin-"
      "daemonset and amdgpu-labeller-daemonset in kube-system without an architecture selector, their six arm64 pods "
      "in CrashLoopBackOff with the text's pod names, IPs, nodes and restart counts (two device-plugin pods on "
      "pirate1 as listed; exit codes assumed), their amd64 pods Running; BackOff events. The pods' logs are not "
      "quoted and not modelled.")
def _(w, t):
    w.git_version = "v1.25.6+k3s1"
    kv = {"osImage": "Ubuntu 22.04.2 LTS", "containerRuntimeVersion": "containerd://1.6.15-k3s1",
          "kubeletVersion": "v1.25.6+k3s1"}
    for name in ("captain", "pirate1", "pirate2"):
        n = w.node(name, cpu="4", memory="7998728Ki",
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"}
                   if name == "captain" else None)
        info(n, kernelVersion="5.15.0-1024-raspi", architecture="arm64", **kv)
    gpu = "bosun"
    n = w.node(gpu, gpus=1, resource="amd.com/gpu", cpu="16", memory="32827268Ki",
               labels={"beta.amd.com/gpu.family.AI": "1", "amd.com/gpu.family": "AI"})
    info(n, kernelVersion="5.15.0-67-generic", **kv)
    specs = {"amdgpu-device-plugin-daemonset": ("amdgpu-dp-cntr", "rocm/k8s-device-plugin:latest", {"name": "amdgpu-dp-ds"}),
             "amdgpu-labeller-daemonset": ("amdgpu-labeller-cntr", "rocm/k8s-device-plugin:labeller-latest",
                                           {"name": "amdgpu-labeller-ds"})}
    rows = [line.split() for line in t.splitlines() if line.strip()]
    for ds, (c, img, labels) in specs.items():
        mine = [r for r in rows if r[0].startswith(ds)]
        daemonset(w, KS, ds, desired=len(mine) + 1, ready=1, containers=[(c, img)], tolerations=AMD_TOL, labels=labels)
        for r in mine:
            name, restarts, ip, node = r[0], int(r[3]), r[7], r[8]
            p = ds_pod(w, KS, ds, name, node, containers=(c,), image=img, labels=labels, ready=False,
                       tolerations=AMD_TOL, statuses=crashing(c, 1, restarts=restarts))
            _set_ip(p, ip)
            backoff(w, KS, name, c, node, count=restarts * 4)
        ok = ds_pod(w, KS, ds, f"{ds}-r2n7s", gpu, containers=(c,), image=img, labels=labels, tolerations=AMD_TOL)
        _set_ip(ok, "10.42.3.17" if "plugin" in ds else "10.42.3.18")
    w.target("Pod", KS, "amdgpu-device-plugin-daemonset-zqk24")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
