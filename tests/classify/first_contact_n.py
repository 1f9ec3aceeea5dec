"""First-contact batch N (fixtures/first-contact/batch-n/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled with batch N's fixed query list
(see the batch README): runtime layer (KubeOne rewriting containerd's config under the GPU Operator, the
toolkit's default runtime lost on RKE2, a CDI spec never generated on AKS A100 nodes, a pod that loses its
GPU after days), driver layer (a precompiled driver image that was never published, a GPU whose adapter
initialisation fails on an OpenPAI node) and application layer (an exporter that hand-mounts NVML, image
tags that do not exist). Each builder places the case's text verbatim where a collector would have found it
(prose cases: the text is the thread's words and the bundle carries the state it describes) and builds the
cluster state the thread describes. The expected answer was reasoned from the thread (`expected` in the
case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_n      # (re)writes fixtures/first-contact/batch-n/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_b import (KS, block, drop_logs, host_node, no_gpu_resource, node_info, plugin_ds,
                                            plugin_pod, stack_pod, strip_gfd, thread_scenario)
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1,
                                             World, write_batch)
from tests.classify.scenarios_real import ML, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-n"
SCENARIOS_DIR = BATCH / "scenarios"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


def set_env(pod: dict, container: str, env: list[dict]) -> None:
    for c in pod["spec"]["containers"]:
        if c["name"] == container:
            c["env"] = env


# ---- application layer -----------------------------------------------------------------------

@case("fn001", pod_subj("nvidia-gpu-exporter-7kq2x", "monitoring"),
      "GPU node `gpu-node-1` (Ubuntu 20.04 host driver 530.30.02, quoted in the thread; one GPU, model, kernel, "
      "containerd and kubelet strings assumed) with the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1; "
      "the nvidia-gpu-exporter Helm DaemonSet pod (namespace `monitoring` and pod name assumed; chart values as "
      "quoted: privileged, no resources, node affinity NotIn pt01-pt03) runs without the nvidia runtime and without "
      "a GPU request, with the chart's hostPath mounts of /dev/nvidiactl, /dev/nvidia0, /usr/bin/nvidia-smi and the "
      "libnvidia-ml.so / libnvidia-ml.so.1 symlinks (no versioned .so.530.30.02); it is Running and Ready and its "
      "current log repeats the quoted error (the `ts=`/`caller=` prefix is illustrative, in the exporter's logfmt "
      "form; the error value is the reporter's).")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.4.0-169-generic",
                             "containerRuntimeVersion": "containerd://1.6.28", "kubeletVersion": "v1.27.10",
                             "kubeProxyVersion": "v1.27.10"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-5hx8c", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.5")
    plugin_ds(w, KS, [p])
    ns, name = "monitoring", "nvidia-gpu-exporter-7kq2x"
    hostpaths = [("nvidiactl", "/dev/nvidiactl"), ("nvidia0", "/dev/nvidia0"), ("nvidia-smi", "/usr/bin/nvidia-smi"),
                 ("libnvidia-ml-so", "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so"),
                 ("libnvidia-ml-so-1", "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1")]
    volumes = [{"name": v, "hostPath": {"path": path}} for v, path in hostpaths]
    mounts = [{"name": v, "mountPath": path} for v, path in hostpaths]
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "NotIn",
                               "values": ["pt01", "pt02", "pt03"]}]}]}}}
    pod = w.pod(ns, name, node=node, gpu=0, containers=("nvidia-gpu-exporter",),
                image="docker.io/utkuozdemir/nvidia_gpu_exporter:1.2.0", owner=("DaemonSet", "nvidia-gpu-exporter"),
                labels={"app.kubernetes.io/name": "nvidia-gpu-exporter", "app.kubernetes.io/instance": "nvidia-gpu-exporter"},
                volumes=volumes, mounts=mounts, affinity=affinity)
    c = pod["spec"]["containers"][0]
    c["securityContext"] = {"privileged": True}
    c["resources"] = {}
    c["args"] = ["--web.listen-address", ":9835", "--web.telemetry-path", "/metrics", "--nvidia-smi-command",
                 "nvidia-smi", "--query-field-names", "AUTO", "--log.level", "info", "--log.format", "logfmt"]
    c["ports"] = [{"name": "http", "containerPort": 9835, "protocol": "TCP"}]
    pod["status"]["qosClass"] = "BestEffort"
    err = t.split("pod is reporting errors. ", 1)[1]
    lines = ['ts=2024-03-07T02:11:40.512Z caller=main.go:66 level=info msg="Listening on address" address=:9835',
             'ts=2024-03-07T02:11:40.513Z caller=tls_config.go:195 level=info msg="TLS is disabled." http2=false']
    for s in ("02:12:01.118", "02:12:16.104", "02:12:31.097", "02:12:46.121"):
        lines.append(f"ts=2024-03-07T{s}Z caller=exporter.go:157 level=error {err}")
    w.log(ns, name, "nvidia-gpu-exporter", "\n".join(lines))
    wl = w.workload("DaemonSet", ns, "nvidia-gpu-exporter", template_pod=pod,
                    status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                            "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                            "observedGeneration": 1})
    wl["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/name": "nvidia-gpu-exporter"}}
    w.target("Pod", ns, name)


@case("fn008", pod_subj("nvidia-smi-q852m", "default"),
      "Charmed Kubernetes on AWS: GPU worker `ip-172-31-13-131` (Ubuntu 20.04, one Tesla T4 assumed for the AWS "
      "instance; kernel, containerd and kubelet strings assumed for early 2022) with the host driver and the NVIDIA "
      "device plugin DaemonSet advertising nvidia.com/gpu 1; the doc's test pod `nvidia-smi-q852m` (namespace "
      "default, image `nvidia/cuda` without a tag, one GPU; owned by the Job `nvidia-smi`, assumed from the generated "
      "name) waits in ImagePullBackOff; the quoted event rows are the pod's events (Scheduled, Pulling, Failed x3, "
      "BackOff) with the quoted messages.")
def _(w, t):
    node = "ip-172-31-13-131"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "juju-application": "kubernetes-worker"},
              info={"osImage": "Ubuntu 20.04.3 LTS", "kernelVersion": "5.11.0-1028-aws",
                    "containerRuntimeVersion": "containerd://1.5.9", "kubeletVersion": "v1.23.3",
                    "kubeProxyVersion": "v1.23.3"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-xq7lp", image="nvcr.io/nvidia/k8s-device-plugin:v0.10.0")
    plugin_ds(w, KS, [p])
    ns, name = "default", "nvidia-smi-q852m"
    w.pod(ns, name, node=node, containers=("nvidia-smi",), phase="Pending", ready=False, image="nvidia/cuda",
          owner=("Job", "nvidia-smi"), labels={"job-name": "nvidia-smi"}, extra_spec={"restartPolicy": "Never"},
          statuses=waiting("nvidia-smi", "ImagePullBackOff", 'Back-off pulling image "nvidia/cuda"'))
    rows = t.splitlines()[1:]
    for row in rows:
        parts = row.split(None, 4)
        typ, reason, msg = parts[1], parts[2], parts[4]
        comp = "default-scheduler" if reason == "Scheduled" else "kubelet"
        w.event(ns, "Pod", name, reason, msg, type=typ, component=comp, host=None if comp != "kubelet" else node)
    w.target("Pod", ns, name)


@case("fn009", pod_subj("nvshare-tf-pod-1", "default"),
      "GKE Standard cluster with a GPU node pool: node `gke-nvshare-gpu-pool-3c1d8a52-x7km` (Container-Optimized OS, "
      "one Tesla T4; GKE, kernel and containerd strings assumed for mid-2023) with the Google-managed driver and "
      "device plugin (nvidia.com/gpu 1) and nvshare in `nvshare-system` (device plugin and scheduler DaemonSets; the "
      "node advertises nvshare.com/gpu 10; names assumed); the README's TF test pod (name assumed, image "
      "docker.io/grgalex/nvshare:tf-matmul-1, one nvshare.com/gpu) is bound to the node and its container waits in "
      "ErrImagePull with the text (without `: ErrImagePull`) as message; the kubelet `Failed` event carries "
      "`Failed to pull image \"...\": ` followed by that message (the prefix is the kubelet's usual wording, "
      "illustrative).")
def _(w, t):
    node = "gke-nvshare-gpu-pool-3c1d8a52-x7km"
    n = host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                                   "cloud.google.com/gke-nodepool": "gpu-pool",
                                   "cloud.google.com/gke-os-distribution": "cos",
                                   "node.kubernetes.io/instance-type": "n1-standard-8"},
                  info={"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.15.107+",
                        "containerRuntimeVersion": "containerd://1.7.0", "kubeletVersion": "v1.27.3-gke.100",
                        "kubeProxyVersion": "v1.27.3-gke.100"})
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    n["status"]["capacity"]["nvshare.com/gpu"] = "10"
    n["status"]["allocatable"]["nvshare.com/gpu"] = "10"
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    gp = w.pod(KS, "nvidia-gpu-device-plugin-small-cos-8vqzt", node=node, gpu=0, containers=("nvidia-gpu-device-plugin",),
               image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:3d1c6b8a", tolerations=tol,
               owner=("DaemonSet", "nvidia-gpu-device-plugin-small-cos"), labels={"k8s-app": "nvidia-gpu-device-plugin"})
    dp = w.pod("nvshare-system", "nvshare-device-plugin-d4r9t", node=node, containers=("nvshare-device-plugin",),
               image="docker.io/grgalex/nvshare:nvshare-device-plugin-v0.1-f654c296", tolerations=tol,
               owner=("DaemonSet", "nvshare-device-plugin"), labels={"name": "nvshare-device-plugin"})
    sc = w.pod("nvshare-system", "nvshare-scheduler-5mzqf", node=node, gpu=0, containers=("nvshare-scheduler",),
               image="docker.io/grgalex/nvshare:nvshare-scheduler-v0.1-f654c296", tolerations=tol,
               owner=("DaemonSet", "nvshare-scheduler"), labels={"name": "nvshare-scheduler"})
    for pod, ns, ds in ((gp, KS, "nvidia-gpu-device-plugin-small-cos"),
                        (dp, "nvshare-system", "nvshare-device-plugin"),
                        (sc, "nvshare-system", "nvshare-scheduler")):
        wl = w.workload("DaemonSet", ns, ds, template_pod=pod,
                        status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                                "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                                "observedGeneration": 1})
        wl["spec"]["selector"] = {"matchLabels": dict(pod["metadata"]["labels"])}
    image = "docker.io/grgalex/nvshare:tf-matmul-1"
    msg = t.removesuffix(": ErrImagePull")
    ns, name = "default", "nvshare-tf-pod-1"
    w.pod(ns, name, node=node, resource="nvshare.com/gpu", containers=("tf-matmul",), phase="Pending", ready=False,
          image=image, tolerations=tol, extra_spec={"restartPolicy": "OnFailure"},
          statuses=waiting("tf-matmul", "ErrImagePull", msg))
    w.event(ns, "Pod", name, "Failed", f'Failed to pull image "{image}": {msg}', count=3, host=node)
    w.event(ns, "Pod", name, "Failed", "Error: ErrImagePull", count=3, host=node)
    w.target("Pod", ns, name)


# ---- runtime layer ---------------------------------------------------------------------------

@case("fn002", pod_subj("cuda-app-6d9f7b8c5-k2p4s"),
      "Claudie-managed cluster (KubeOne-built; GPU worker `claudie-gpu-nodepool-1`, Ubuntu 24.04, one GPU; "
      "kernel, containerd and kubelet strings assumed for mid-2025) with GPU Operator 25.3 (toolkit configured "
      "containerd with nvidia as the default runtime): every operator pod Running, the node advertises "
      "nvidia.com/gpu 1; a Python GPU Deployment pod (names and image assumed; one GPU, no runtimeClassName) "
      "restarted once after KubeOne rewrote /etc/containerd/config.toml and is Running, its CUDA without the GPU "
      "(the thread quotes no application output, so the pod has no log). The rewritten config.toml is not part of "
      "the bundle (no collector reads node files other than the kernel log).")
def _(w, t):
    node = "claudie-gpu-nodepool-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-63-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.5", kubeProxyVersion="v1.32.5")
    n["metadata"]["labels"].update({"claudie.io/nodepool": "gpu-nodepool", "nvidia.com/cuda.driver.major": "570"})
    tk = stack_pod(w, node, "toolkit")
    set_env(tk, "nvidia-container-toolkit-ctr", [{"name": "RUNTIME", "value": "containerd"},
                                                 {"name": "CONTAINERD_CONFIG", "value": "/runtime/config-dir/config.toml"},
                                                 {"name": "CONTAINERD_SOCKET", "value": "/runtime/sock-dir/containerd.sock"},
                                                 {"name": "CONTAINERD_RUNTIME_CLASS", "value": "nvidia"},
                                                 {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "true"}])
    ns, name = ML, "cuda-app-6d9f7b8c5-k2p4s"
    w.pod(ns, name, node=node, containers=("app",), image="pytorch/pytorch:2.7.1-cuda12.6-cudnn9-runtime",
          owner=("ReplicaSet", "cuda-app-6d9f7b8c5"), restarts=1)
    w.target("Pod", ns, name)


@case("fn003", pod_subj("cuda-vectoradd"),
      "RKE2 cluster: GPU worker `rke2-gpu-worker-1` (Ubuntu 20.04, one GPU; RKE2, kernel and containerd strings "
      "assumed for January 2023) with GPU Operator v22.9.1 installed with the quoted toolkit env "
      "(CONTAINERD_CONFIG=/var/lib/rancher/rke2/agent/etc/containerd/config.toml, CONTAINERD_SOCKET, "
      "CONTAINERD_RUNTIME_CLASS=nvidia, CONTAINERD_SET_AS_DEFAULT=\"true\"): installation complete, every operator "
      "pod Running, the node advertises nvidia.com/gpu 1; a GPU pod without runtimeClassName (name and image "
      "assumed; one GPU) is Running without access to its GPU (the thread quotes no pod output, so it has no log).")
def _(w, t):
    node = "rke2-gpu-worker-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360)
    node_info(n, osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.4.0-136-generic",
              containerRuntimeVersion="containerd://1.6.14-k3s1", kubeletVersion="v1.24.9+rke2r2",
              kubeProxyVersion="v1.24.9+rke2r2")
    n["metadata"]["labels"].update({"node.kubernetes.io/instance-type": "rke2", "nvidia.com/cuda.driver.major": "525"})
    tk = stack_pod(w, node, "toolkit")
    set_env(tk, "nvidia-container-toolkit-ctr",
            [{"name": "CONTAINERD_CONFIG", "value": "/var/lib/rancher/rke2/agent/etc/containerd/config.toml"},
             {"name": "CONTAINERD_SOCKET", "value": "/run/k3s/containerd/containerd.sock"},
             {"name": "CONTAINERD_RUNTIME_CLASS", "value": "nvidia"},
             {"name": "CONTAINERD_SET_AS_DEFAULT", "value": "true"}])
    w.pod(ML, "cuda-vectoradd", node=node, containers=("cuda-vectoradd",),
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda11.7.1-ubuntu20.04", extra_spec={"restartPolicy": "OnFailure"})
    w.target("Pod", ML, "cuda-vectoradd")


@case("fn005", node_subj("aks-a100-38471626-vmss000004"),
      "AKS node provisioned by Karpenter (`aks-a100-38471626-vmss000004`; name, VM size label and node-image label "
      "assumed; versions as quoted: Kubernetes v1.35.7, Ubuntu 22.04.5 LTS, kernel 5.15.0-1118-azure, containerd "
      "1.7.34-2) with one A100 80GB PCIe (host driver 580.159.04) and the NVIDIA device plugin v0.18.2 DaemonSet in "
      "kube-system: the plugin pod is Running and its log ends with the line the reporter quotes (the lines before "
      "it are illustrative start-up lines); the node has no nvidia.com/gpu in capacity or allocatable (no workload "
      "pod is modelled: the thread describes none). The failing `nvidia-ctk cdi generate` unit is on the host and not part of the bundle.")
def _(w, t):
    node = "aks-a100-38471626-vmss000004"
    host_node(w, node, advertised=False,
              labels={"kubernetes.azure.com/agentpool": "a100", "kubernetes.azure.com/accelerator": "nvidia",
                      "node.kubernetes.io/instance-type": "Standard_NC24ads_A100_v4",
                      "karpenter.sh/nodepool": "kaito-a100",
                      "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202608.25.0"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1118-azure",
                    "containerRuntimeVersion": "containerd://1.7.34-2", "kubeletVersion": "v1.35.7",
                    "kubeProxyVersion": "v1.35.7"})
    line = "No devices found. Waiting indefinitely."
    log = ('I0907 09:41:12.204113       1 main.go:235] "Starting NVIDIA Device Plugin" version=<\n'
           '\t3f1e6c2b\n\tcommit: 3f1e6c2b1c1e0b5a7d6f\n >\n'
           'I0907 09:41:12.204291       1 main.go:238] Starting FS watcher for /var/lib/kubelet/device-plugins\n'
           'I0907 09:41:12.204360       1 main.go:245] Starting OS watcher.\n'
           'I0907 09:41:12.205014       1 main.go:260] Starting Plugins.\n'
           'I0907 09:41:12.205057       1 main.go:317] Loading configuration.\n'
           'I0907 09:41:12.206410       1 main.go:342] Updating config with default resource matching patterns.\n'
           'I0907 09:41:12.231878       1 main.go:353] Retrieving plugins.\n'
           f'I0907 09:41:12.262011       1 main.go:370] {line}\n')
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-q8wzr", log=log, image="nvcr.io/nvidia/k8s-device-plugin:v0.18.2")
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fn006", pod_subj("train-3090-0", "research"),
      "kubeadm-style Kubernetes v1.20.0 with containerd (node `gpu-3090-node`, Ubuntu 18.04 assumed; driver 460.39 and "
      "three GeForce RTX 3090 as quoted from nvidia-container-cli info) and the NVIDIA device plugin "
      "nvidia/k8s-device-plugin:v0.8.0 DaemonSet advertising nvidia.com/gpu 3; the user's GPU pod (namespace, name, "
      "image and CPU/memory requests assumed; one GPU; Burstable QoS) has been Running for six days. The thread "
      "paraphrases the nvidia-smi error ('NVML initialize failed: Unknow'), so no nvidia-smi output is placed in the "
      "bundle: it carries only the long-running pod, the node and the plugin.")
def _(w, t):
    node = "gpu-3090-node"
    host_node(w, node, gpus=3,
              info={"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "5.4.0-66-generic",
                    "containerRuntimeVersion": "containerd://1.4.3", "kubeletVersion": "v1.20.0",
                    "kubeProxyVersion": "v1.20.0"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-m4v9k", image="nvidia/k8s-device-plugin:v0.8.0")
    plugin_ds(w, KS, [p])
    pod = w.pod("research", "train-3090-0", node=node, containers=("trainer",),
                image="pytorch/pytorch:1.8.0-cuda11.1-cudnn8-runtime", owner=("StatefulSet", "train-3090"),
                cpu="8", memory="32Gi", memory_limit="64Gi")
    pod["status"]["startTime"] = "2026-11-23T09:12:00Z"
    pod["metadata"]["creationTimestamp"] = "2026-11-23T09:11:58Z"
    for s in pod["status"]["containerStatuses"]:
        s["state"] = {"running": {"startedAt": "2026-11-23T09:12:31Z"}}
    w.target("Pod", "research", "train-3090-0")


# ---- driver layer ----------------------------------------------------------------------------

@case("fn004", node_subj("gpu-worker-03"),
      "Kubernetes node `gpu-worker-03` (Ubuntu 22.04, kernel 5.15.0-100-generic as the image tag says; one GPU; "
      "containerd and kubelet strings assumed for March 2024) with GPU Operator 23.9.2 (driver.usePrecompiled=true, "
      "driver.version=535): the operator's DaemonSet `nvidia-driver-daemonset-5.15.0-100-generic-ubuntu22.04` "
      "(desired 1, ready 0) has one pod, k8s-driver-manager completed, nvidia-driver-ctr waiting in "
      "ImagePullBackOff for nvcr.io/nvidia/driver:535-5.15.0-100-generic-ubuntu22.04; the kubelet's Failed/BackOff "
      "event wordings are the kubelet's usual ones (illustrative; the thread quotes the image, not the events); "
      "toolkit and validator wait in driver-validation, device plugin and GFD in toolkit-validation; no GFD labels, "
      "no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-worker-03"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-L40S", memory_mib=46068)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"feature.node.kubernetes.io/kernel-version.full": "5.15.0-100-generic",
                                    "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                                    "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04",
                                    "nvidia.com/gpu.deploy.driver": "true"})
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-100-generic",
              containerRuntimeVersion="containerd://1.7.12", kubeletVersion="v1.28.7", kubeProxyVersion="v1.28.7")
    image = t.split("it tries to pull ", 1)[1].strip()
    ds = "nvidia-driver-daemonset-5.15.0-100-generic-ubuntu22.04"
    drv = stack_pod(w, node, "driver")
    old = drv["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, old)
    new = f"{ds}-7xq4m"
    drv["metadata"]["name"] = new
    drv["metadata"]["ownerReferences"][0]["name"] = ds
    drv["metadata"]["labels"].update({"app": "nvidia-driver-daemonset", "nvidia.com/precompiled": "true"})
    w._stack[(node, "driver")] = new
    for c in drv["spec"]["containers"]:
        if c["name"] == "nvidia-driver-ctr":
            c["image"] = image
    for s in drv["status"]["containerStatuses"]:
        if s["name"] == "nvidia-driver-ctr":
            s["image"] = image
    drv["spec"]["initContainers"][0]["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.5"
    drv["status"]["phase"] = "Pending"
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ImagePullBackOff", "message": f'Back-off pulling image "{image}"'}},
                  "ready": False, "started": False})
    w.event(OPERATOR_NS, "Pod", new, "Pulling", f'Pulling image "{image}"', type="Normal", count=6, host=node)
    w.event(OPERATOR_NS, "Pod", new, "Failed",
            f'Failed to pull image "{image}": rpc error: code = NotFound desc = failed to pull and unpack image '
            f'"{image}": failed to resolve reference "{image}": {image}: not found', count=6, host=node)
    w.event(OPERATOR_NS, "Pod", new, "Failed", "Error: ErrImagePull", count=6, host=node)
    w.event(OPERATOR_NS, "Pod", new, "BackOff", f'Back-off pulling image "{image}"', type="Normal", count=41, host=node)
    w.event(OPERATOR_NS, "Pod", new, "Failed", "Error: ImagePullBackOff", count=41, host=node)
    wl = w.workload("DaemonSet", OPERATOR_NS, ds, template_pod=drv,
                    status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0,
                            "numberAvailable": 0, "numberUnavailable": 1, "updatedNumberScheduled": 1,
                            "numberMisscheduled": 0, "observedGeneration": 1})
    wl["spec"]["selector"] = {"matchLabels": {"app": "nvidia-driver-daemonset"}}
    wl["spec"]["template"]["metadata"]["labels"] = {"app": "nvidia-driver-daemonset", "nvidia.com/precompiled": "true"}
    wl["spec"]["template"]["spec"]["nodeSelector"] = {
        "nvidia.com/gpu.deploy.driver": "true",
        "feature.node.kubernetes.io/kernel-version.full": "5.15.0-100-generic",
        "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04"}
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    w.target("Node", None, node)


@case("fn007", node_subj("pai-worker-17"),
      "OpenPAI production bed (Kubernetes on-prem, 2020; node name, OS, kernel, docker and kubelet strings assumed) "
      "with the NVIDIA device plugin DaemonSet; worker `pai-worker-17` has 4 GPUs of which the driver initialises "
      "3 (nvidia-smi reports 3, as the thread says), so the node advertises nvidia.com/gpu 3 (judgement); the "
      "node's kernel log is the text (as pasted, its first timestamp cut); a job task pod scheduled by the "
      "OpenPAI scheduler (names, image, and exit code 1 assumed) has Failed, its container terminated (the "
      "thread quotes no container message).")
def _(w, t):
    node = "pai-worker-17"
    host_node(w, node, gpus=3, labels={"pai-worker": "true"},
              info={"osImage": "Ubuntu 16.04.6 LTS", "kernelVersion": "4.15.0-88-generic",
                    "containerRuntimeVersion": "docker://18.9.7", "kubeletVersion": "v1.15.11",
                    "kubeProxyVersion": "v1.15.11"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r2d7n", image="nvidia/k8s-device-plugin:1.0.0-beta4")
    plugin_ds(w, KS, [p])
    w.dmesg(node, t)
    ns, name = "default", "4f8a2c1e9b7d3a60-taskrole-0"
    pod = w.pod(ns, name, node=node, gpu=1, containers=("app",), phase="Failed", ready=False,
                image="openpai/standard:python_3.6-pytorch_1.2.0-gpu", scheduler="hivedscheduler",
                labels={"FC_FRAMEWORK_NAME": "4f8a2c1e9b7d3a60", "FC_TASKROLE_NAME": "taskrole"},
                statuses={"app": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                           "finishedAt": T1}},
                                  "ready": False, "restartCount": 0}},
                extra_spec={"restartPolicy": "Never"})
    pod["status"].pop("podIP", None)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "N")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
