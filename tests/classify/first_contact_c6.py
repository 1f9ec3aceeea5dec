"""Builds first-contact batch C6 (fixtures/first-contact/batch-c6/cases.jsonl) as scenario bundles.

Real device-plugin-layer failures from documentation pages (the `docs` pool: a vendor's container troubleshooting
page, a device plugin's README, a project FAQ, a gist) that no rule was written for, sampled with the fixed query
list in the batch README. fc601 places the page's log line verbatim in the crashed container's previous log;
fc602, fc603 and fc604 are prose cases whose text is the page's own words and is not placed in the bundle (each
builder builds the cluster state the page describes). The expected answer was reasoned from the page (`expected`
in the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, images) are
filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c6      # (re)writes fixtures/first-contact/batch-c6/scenarios/
"""

from __future__ import annotations

import dataclasses

from tests.classify.first_contact_b import node_info, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status, thread_scenario
from tests.classify.first_contact_d import eks_labels
from tests.classify.scenarios_real import node_subj, pod_subj

class _DocsBatch(ThreadBatch):
    """ThreadBatch whose folder names also work for a gist URL (source_slug reads `gist.github.com/<user>/<id>`
    as a GitHub thread and fails): the slug is made from the URL with the gist host spelled as a plain site."""

    def scenario(self, case_id: str):
        c = self.cases()[case_id]
        if "gist.github.com/" not in c["source"]:
            return super().scenario(case_id)
        alias = dict(c, source=c["source"].replace("gist.github.com", "gist.githubusercontent.example"))
        s = thread_scenario(case_id, self.builders[case_id], alias, self.letter, self.world)
        user, gist_id = c["source"].rstrip("/").split("gist.github.com/")[-1].split("/")[:2]
        return dataclasses.replace(s, name=f"{case_id}_gist_{gist_id[:12]}",
                                   readme=s.readme.replace(alias["source"], c["source"]))


FC = _DocsBatch("batch-c6", "C6")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fc602", "fc603", "fc604"}

KS = "kube-system"
ML = "ml"


def _plain_node(w, name: str, *, cpu: str = "16", memory: str = "65842220Ki", labels=None, info=None, **kw) -> dict:
    n = w.node(name, cpu=cpu, memory=memory, labels=labels, **kw)
    if info:
        node_info(n, **info)
    return n


def _accel_node(w, name: str, resources: dict[str, int], *, cpu: str, memory: str, labels=None, info=None,
                taints=()) -> dict:
    """A node advertising non-NVIDIA accelerator resources (capacity = allocatable)."""
    n = w.node(name, cpu=cpu, memory=memory, labels=labels, taints=taints)
    for res, count in resources.items():
        n["status"]["capacity"][res] = str(count)
        n["status"]["allocatable"][res] = str(count)
    if info:
        node_info(n, **info)
    return n


def _ds_pod(w, ns: str, name: str, node: str, ds: str, container: str, image: str, *, labels=None,
            runtime_class=None, tolerations=None, ready=True, statuses=None) -> dict:
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), labels=labels or {"name": ds},
              owner=("DaemonSet", ds), runtime_class=runtime_class, tolerations=tolerations, cpu="100m",
              memory="128Mi", ready=ready, statuses=statuses)
    set_image(p, container, image)
    return p


def _ds(w, ns: str, name: str, pods: list[dict], *, node_selector=None, ready: int | None = None) -> dict:
    ready = sum(1 for p in pods if all(c.get("ready") for c in p["status"]["containerStatuses"])) \
        if ready is None else ready
    wl = w.workload("DaemonSet", ns, name, template_pod=pods[0], status=ds_status(len(pods), len(pods), ready))
    wl["spec"]["selector"] = {"matchLabels": {"name": name}}
    wl["spec"]["template"]["metadata"]["labels"] = {"name": name}
    if node_selector is not None:
        wl["spec"]["template"]["spec"]["nodeSelector"] = node_selector
    return wl


def _set_limits(p: dict, container: str, limits: dict[str, str], requests: dict[str, str] | None = None) -> None:
    for c in p["spec"]["containers"]:
        if c["name"] == container:
            c["resources"]["limits"].update(limits)
            c["resources"]["requests"].update(requests if requests is not None else limits)


def _owned_by_deployment(w, ns: str, p: dict, deploy: str, rs: str) -> None:
    w.workload("Deployment", ns, deploy, template_pod=p, status={"replicas": 1, "updatedReplicas": 1,
                                                                 "unavailableReplicas": 1, "observedGeneration": 1})
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", deploy), revision="1",
               status={"replicas": 1, "fullyLabeledReplicas": 1, "readyReplicas": 0, "availableReplicas": 0,
                       "observedGeneration": 1})


EKS_INFO = {"osImage": "Amazon Linux 2023.6.20250115", "kernelVersion": "6.1.124-134.200.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.4-eks-aeac579",
            "kubeProxyVersion": "v1.31.4-eks-aeac579"}
NEURON_PLUGIN_IMAGE = "public.ecr.aws/neuron/neuron-device-plugin:2.23.30.0"


# ---- other accelerator plugins: AWS Neuron ----------------------------------------------------

@case("fc601", pod_subj("bert-neuron-infer-6d9c8b7f4-x2vqk"),
      "EKS 1.31 cluster (versions assumed for early 2025) with a system node (m5.large) and one Inferentia2 node "
      "`ip-192-168-41-17.us-east-2.compute.internal` (inf2.xlarge assumed: one Neuron device, two cores), EKS "
      "accelerated AL2023 AMI (Neuron driver on the host), advertising aws.amazon.com/neuron: 1 and "
      "aws.amazon.com/neuroncore: 2 through the Neuron device plugin DaemonSet (kube-system, Running, Ready). The "
      "inference Deployment `bert-neuron-infer` (namespace ml, image assumed) selects the node by instance type but "
      "its container requests only CPU and memory; the container crash-loops (exit 1) and its previous log holds "
      "the text verbatim (the Neuron runtime's other start-up lines are not quoted by the page and not invented).")
def _(w, t):
    _plain_node(w, "ip-192-168-12-201.us-east-2.compute.internal", cpu="2", memory="7910212Ki",
                labels=eks_labels("m5.large", "system"), info=EKS_INFO)
    node = "ip-192-168-41-17.us-east-2.compute.internal"
    _accel_node(w, node, {"aws.amazon.com/neuron": 1, "aws.amazon.com/neuroncore": 2}, cpu="4", memory="15834492Ki",
                labels=eks_labels("inf2.xlarge", "neuron"), info=EKS_INFO)
    dp = _ds_pod(w, KS, "neuron-device-plugin-7hk2m", node, "neuron-device-plugin", "neuron-device-plugin",
                 NEURON_PLUGIN_IMAGE, tolerations=[{"key": "aws.amazon.com/neuron", "operator": "Exists",
                                                    "effect": "NoSchedule"}])
    _ds(w, KS, "neuron-device-plugin", [dp])
    name = "bert-neuron-infer-6d9c8b7f4-x2vqk"
    p = w.pod(ML, name, node=node, gpu=0, containers=("infer",), image="public.ecr.aws/neuron/"
              "pytorch-inference-neuronx:2.1.2-neuronx-py310-sdk2.20.2-ubuntu20.04",
              node_selector={"node.kubernetes.io/instance-type": "inf2.xlarge"}, owner=("ReplicaSet",
              "bert-neuron-infer-6d9c8b7f4"), labels={"app": "bert-neuron-infer"}, cpu="2", memory="8Gi")
    crashloop(p, "infer", restarts=6, code=1)
    w.log(ML, name, "infer", t, previous=True)
    backoff(w, ML, name, "infer", node, count=24)
    _owned_by_deployment(w, ML, p, "bert-neuron-infer", "bert-neuron-infer-6d9c8b7f4")
    w.target("Pod", ML, name)


# ---- other accelerator plugins: Intel GPU ----------------------------------------------------

@case("fc602", pod_subj("transcode-vaapi-5b7c9d6f8-mz4ql", "media"),
      "On-prem Kubernetes 1.31 (kubeadm-style, Ubuntu 24.04, containerd; versions assumed, the README names no "
      "distribution) with a control-plane node and a worker `media-node-1` with two Intel data-center GPUs "
      "(Flex 170 assumed) advertising gpu.intel.com/i915: 2 through the Intel GPU plugin DaemonSet "
      "(`intel-gpu-plugin`, namespace inteldeviceplugins-system, Running). Pod `transcode-hevc-0` (namespace "
      "media) holds one GPU and runs; pod `transcode-vaapi-5b7c9d6f8-mz4ql` holds the other (its device file is "
      "renderD129, not visible in a bundle), its ffmpeg VA-API command names no device, and its container "
      "crash-loops (exit 1). The text is prose and not placed; no application log is quoted by the page, so none "
      "is placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 24.04.1 LTS", "kernelVersion": "6.8.0-49-generic",
            "containerRuntimeVersion": "containerd://1.7.22", "kubeletVersion": "v1.31.3",
            "kubeProxyVersion": "v1.31.3"}
    _plain_node(w, "k8s-cp-1", cpu="8", memory="32827756Ki", info=info,
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node = "media-node-1"
    _accel_node(w, node, {"gpu.intel.com/i915": 2}, cpu="64", memory="263856396Ki", info=info,
                labels={"intel.feature.node.kubernetes.io/gpu": "true",
                        "gpu.intel.com/device-id.0380-56c0.present": "true",
                        "feature.node.kubernetes.io/pci-0380_8086.present": "true"})
    ns_plugin = "inteldeviceplugins-system"
    gp = _ds_pod(w, ns_plugin, "intel-gpu-plugin-9v4xd", node, "intel-gpu-plugin", "intel-gpu-plugin",
                 "intel/intel-gpu-plugin:0.31.1", labels={"app": "intel-gpu-plugin", "name": "intel-gpu-plugin"})
    _ds(w, ns_plugin, "intel-gpu-plugin", [gp], node_selector={"intel.feature.node.kubernetes.io/gpu": "true"})
    image = "intel/intel-optimized-ffmpeg:avx2"
    ok = w.pod("media", "transcode-hevc-0", node=node, gpu=1, resource="gpu.intel.com/i915",
               containers=("ffmpeg",), image=image, owner=("StatefulSet", "transcode-hevc"),
               labels={"app": "transcode-hevc"}, cpu="4", memory="8Gi")
    name = "transcode-vaapi-5b7c9d6f8-mz4ql"
    p = w.pod("media", name, node=node, gpu=1, resource="gpu.intel.com/i915", containers=("ffmpeg",), image=image,
              owner=("ReplicaSet", "transcode-vaapi-5b7c9d6f8"), labels={"app": "transcode-vaapi"}, cpu="4",
              memory="8Gi")
    for c in p["spec"]["containers"]:
        c["command"] = ["ffmpeg", "-hwaccel", "vaapi", "-hwaccel_output_format", "vaapi", "-i",
                        "/media/in/input.mp4", "-c:v", "h264_vaapi", "/media/out/output.mp4"]
    crashloop(p, "ffmpeg", restarts=7, code=1)
    backoff(w, "media", name, "ffmpeg", node, count=26)
    _owned_by_deployment(w, "media", p, "transcode-vaapi", "transcode-vaapi-5b7c9d6f8")
    assert ok
    w.target("Pod", "media", name)


# ---- other sharing plugins: tkestack gpu-manager ----------------------------------------------

@case("fc603", pod_subj("vcuda-job-7f6d5c-tl8wz"),
      "Kubernetes 1.20 cluster (kubeadm, CentOS 7, containerd 1.4 with the systemd cgroup driver, kubelet "
      "cgroupDriver systemd; versions assumed for a gpu-manager v1.1.5 era cluster) with a control-plane node and "
      "a GPU node `gpu-node-1` (two Tesla T4 assumed) where tkestack gpu-manager runs as the DaemonSet "
      "`gpu-manager-daemonset` (kube-system, Running, image tkestack/gpu-manager:v1.1.5, EXTRA_FLAGS with the "
      "container-runtime endpoint and no --cgroup-driver) and advertises tencent.com/vcuda-core: 200 and "
      "tencent.com/vcuda-memory: 60. The pod `vcuda-job-7f6d5c-tl8wz` (namespace ml) requests vcuda-core 50 and "
      "vcuda-memory 10; its CUDA program fails and the container crash-loops (exit 1). The text is prose and not "
      "placed; no program log is quoted by the FAQ, so none is placed.")
def _(w, t):
    info = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1160.el7.x86_64",
            "containerRuntimeVersion": "containerd://1.4.13", "kubeletVersion": "v1.20.15",
            "kubeProxyVersion": "v1.20.15"}
    _plain_node(w, "k8s-master-1", cpu="8", memory="16266436Ki", info=info,
                labels={"node-role.kubernetes.io/master": ""},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node = "gpu-node-1"
    _accel_node(w, node, {"tencent.com/vcuda-core": 200, "tencent.com/vcuda-memory": 60}, cpu="32",
                memory="131748816Ki", info=info, labels={"nvidia-device-enable": "enable"})
    gm = _ds_pod(w, KS, "gpu-manager-daemonset-5mx7r", node, "gpu-manager-daemonset", "gpu-manager",
                 "tkestack/gpu-manager:v1.1.5", labels={"name": "gpu-manager-ds"})
    for c in gm["spec"]["containers"]:
        c["env"] = [{"name": "LOG_LEVEL", "value": "4"},
                    {"name": "EXTRA_FLAGS", "value": "--logtostderr=false "
                     "--container-runtime-endpoint=/var/run/containerd/containerd.sock"}]
        c["securityContext"] = {"privileged": True}
    _ds(w, KS, "gpu-manager-daemonset", [gm], node_selector={"nvidia-device-enable": "enable"})
    name = "vcuda-job-7f6d5c-tl8wz"
    p = w.pod(ML, name, node=node, gpu=0, containers=("cuda",), image="nvidia/cuda:11.4.3-runtime-centos7",
              owner=("ReplicaSet", "vcuda-job-7f6d5c"), labels={"app": "vcuda-job"}, cpu="2", memory="4Gi")
    _set_limits(p, "cuda", {"tencent.com/vcuda-core": "50", "tencent.com/vcuda-memory": "10"})
    crashloop(p, "cuda", restarts=6, code=1)
    backoff(w, ML, name, "cuda", node, count=21)
    _owned_by_deployment(w, ML, p, "vcuda-job", "vcuda-job-7f6d5c")
    w.target("Pod", ML, name)


# ---- GFD / NFD labels on k3s ------------------------------------------------------------------

@case("fc604", pod_subj("gpu-feature-discovery-k7r2d", "node-feature-discovery"),
      "k3s v1.24 cluster (Ubuntu 22.04, k3s's embedded containerd with the nvidia runtime registered; version "
      "strings assumed for October 2022) with one GPU node `k3s-gpu-1` (one GPU assumed: RTX 3080, host driver "
      "and toolkit) and two CPU-only nodes `k3s-node-1` and `k3s-node-2`; the RuntimeClass `nvidia`; NFD master "
      "and workers and the static gpu-feature-discovery DaemonSet (namespace node-feature-discovery, "
      "runtimeClassName nvidia, no node selector) from the gist's manifest before its fix, so GFD runs on all "
      "three nodes: Running and Ready on `k3s-gpu-1`, CrashLoopBackOff on the two CPU-only nodes; the device "
      "plugin DaemonSet (kube-system, v0.12.2, runtimeClassName nvidia) selects `gpu: yes` and runs on the GPU "
      "node only, which carries that label and advertises nvidia.com/gpu: 1 (assumed: the gist says only the "
      "discovery pods crash-looped; the plugin's log lines are an illustrative healthy start). The text is prose "
      "and not placed; the gist quotes no GFD log, so the crashed pods carry none.")
def _(w, t):
    info = {"osImage": "Ubuntu 22.04.1 LTS", "kernelVersion": "5.15.0-50-generic",
            "containerRuntimeVersion": "containerd://1.6.8-k3s1", "kubeletVersion": "v1.24.6+k3s1",
            "kubeProxyVersion": "v1.24.6+k3s1"}
    gpu = w.gpu_node("k3s-gpu-1", gpus=1, product="NVIDIA-GeForce-RTX-3080", memory_mib=10240, operator=False,
                     labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true"})
    for k in [k for k in gpu["metadata"]["labels"] if k.startswith("nvidia.com/gpu.deploy.")]:
        gpu["metadata"]["labels"].pop(k)
    node_info(gpu, **info)
    for res in ("capacity", "allocatable"):
        gpu["status"][res].update({"cpu": "16", "memory": "65776196Ki"})
    cpu_nodes = ["k3s-node-1", "k3s-node-2"]
    for n in cpu_nodes:
        _plain_node(w, n, cpu="8", memory="16331968Ki", info=info)
    ns = "node-feature-discovery"
    nfd_image = "registry.k8s.io/nfd/node-feature-discovery:v0.10.1"
    master = w.pod(ns, "nfd-master-6b8f7d9c5b-wq4zt", node="k3s-gpu-1", gpu=0, containers=("nfd-master",),
                   image=nfd_image, owner=("ReplicaSet", "nfd-master-6b8f7d9c5b"), labels={"app": "nfd-master"},
                   cpu="100m", memory="128Mi")
    assert master
    workers = [_ds_pod(w, ns, f"nfd-worker-{sfx}", n, "nfd-worker", "nfd-worker", nfd_image)
               for sfx, n in zip(("x8q2l", "m3k9c", "p7v4d"), ["k3s-gpu-1"] + cpu_nodes)]
    _ds(w, ns, "nfd-worker", workers)
    gfd_image = "nvcr.io/nvidia/gpu-feature-discovery:v0.6.2"
    gfd_pods = []
    for sfx, n in zip(("b5n8w", "k7r2d", "t2h6j"), ["k3s-gpu-1"] + cpu_nodes):
        p = _ds_pod(w, ns, f"gpu-feature-discovery-{sfx}", n, "gpu-feature-discovery", "gpu-feature-discovery",
                    gfd_image, runtime_class="nvidia")
        if n != "k3s-gpu-1":
            crashloop(p, "gpu-feature-discovery", restarts=9, code=1)
            backoff(w, ns, p["metadata"]["name"], "gpu-feature-discovery", n, count=40)
        gfd_pods.append(p)
    _ds(w, ns, "gpu-feature-discovery", gfd_pods)
    dp = _ds_pod(w, KS, "nvidia-device-plugin-daemonset-zq8mf", "k3s-gpu-1", "nvidia-device-plugin-daemonset",
                 "nvidia-device-plugin-ctr", "nvcr.io/nvidia/k8s-device-plugin:v0.12.2", runtime_class="nvidia",
                 labels={"name": "nvidia-device-plugin-ds"},
                 tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.log(KS, dp["metadata"]["name"], "nvidia-device-plugin-ctr",
          "2022/10/17 13:02:11 Starting FS watcher.\n2022/10/17 13:02:11 Starting OS watcher.\n"
          "2022/10/17 13:02:11 Starting Plugins.\n2022/10/17 13:02:11 Loading configuration.\n"
          "2022/10/17 13:02:11 Starting GRPC server for 'nvidia.com/gpu'\n"
          "2022/10/17 13:02:11 Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
          "2022/10/17 13:02:11 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    _ds(w, KS, "nvidia-device-plugin-daemonset", [dp], node_selector={"gpu": "yes"})
    gpu["metadata"]["labels"]["gpu"] = "yes"
    w.target("Pod", ns, "gpu-feature-discovery-k7r2d")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
