"""First-contact batch D2 (fixtures/first-contact/batch-d2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads that no rule was written for, in the container runtime /
toolkit layer (runtime handlers and RuntimeClass, containerd configuration written or left behind by the toolkit,
the kubelet's cgroup handling), sampled with the fixed query list in the batch README. Each builder places the
case's text verbatim where a collector would have found it (prose parts of a text are not placed; a text that is a
log rendering becomes the object field it renders) and builds the cluster state the thread describes. The expected
answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet and runtime versions,
images) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d2      # (re)writes fixtures/first-contact/batch-d2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, drop_logs, host_node, no_gpu_resource, node_info, plugin_ds,
                                            plugin_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.first_contact_d import no_sandbox
from tests.classify.first_contact_h import start_error
from tests.classify.scenario_builder import OPERATOR_NS, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-d2", "D2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case
TOLERATE_GPU = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

# cases whose text (or a prose part of it) is not placed in the bundle verbatim
TEXT_NOT_IN_BUNDLE = {"fd203", "fd204", "fd205"}


# ---- runtime handler / RuntimeClass ----------------------------------------------------------

@case("fd201", pod_subj("nvsentinel-metadata-collector-7k2xq", "nvsentinel"),
      "Kubernetes 1.31 GPU node `gpu-worker-1` (Ubuntu 22.04, CRI-O 1.31 with crun and runc only, one H100; kernel, "
      "CRI-O and kubelet strings assumed) with the NVIDIA driver and Container Toolkit installed on the host (the "
      "toolkit's OCI hook for CRI-O) and the NVIDIA device plugin DaemonSet healthy (its pod runs without a "
      "runtimeClassName), the node advertising nvidia.com/gpu 1; NVSentinel 0.4.0 (namespace `nvsentinel`, names "
      "assumed) with the metadata-collector DaemonSet whose pod template sets runtimeClassName nvidia; its pod on the "
      "GPU node has no sandbox (Pending, container waiting in ContainerCreating) and carries the kubelet "
      "FailedCreatePodSandBox event of the text (x1135). The RuntimeClass object itself is not in the bundle.")
def _(w, t):
    node = "gpu-worker-1"
    host_node(w, node, labels={"nvidia.com/gpu.present": "true"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-126-generic",
                    "containerRuntimeVersion": "cri-o://1.31.2", "kubeletVersion": "v1.31.3",
                    "kubeProxyVersion": "v1.31.3"})
    w.get_node(node)["metadata"]["labels"]["nvidia.com/gpu.product"] = "NVIDIA-H100-80GB-HBM3"
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-5xq8d")
    plugin_ds(w, KS, [p])
    ns, name = "nvsentinel", "nvsentinel-metadata-collector-7k2xq"
    pod = w.pod(ns, name, node=node, gpu=0, containers=("metadata-collector",),
                image="ghcr.io/nvidia/nvsentinel/metadata-collector:v0.4.0", runtime_class="nvidia",
                labels={"app.kubernetes.io/name": "metadata-collector", "app.kubernetes.io/instance": "nvsentinel"},
                owner=("DaemonSet", "nvsentinel-metadata-collector"), tolerations=TOLERATE_GPU,
                node_selector={"nvidia.com/gpu.present": "true"}, cpu="100m", memory="128Mi")
    no_sandbox(pod)
    w.workload("DaemonSet", ns, "nvsentinel-metadata-collector", template_pod=pod, status=ds_status(1, 1, 0))
    w.event(ns, "Pod", name, "FailedCreatePodSandBox", t, count=1135, host=node)
    w.target("Pod", ns, name)


@case("fd204", pod_subj("cuda-vector-add", "default"),
      "MicroK8s 1.32/stable on an AWS g4dn.xlarge node `ip-172-31-18-52` (Ubuntu 22.04, one Tesla T4; kernel, "
      "containerd and kubelet strings assumed) with the `nvidia` addon's GPU Operator stack healthy (driver, toolkit, "
      "device plugin, GFD, validator Running; the operator namespace is modelled as `gpu-operator`), the node "
      "advertising nvidia.com/gpu 1; the addon no longer makes the nvidia runtime containerd's default. The "
      "cuda-vector-add test pod (one GPU, no runtimeClassName; image tag assumed) crash-loops (exit 1, 4 restarts) "
      "and its previous log is the quoted CUDA line only; the PR's sentence before it is prose and not in the bundle.")
def _(w, t):
    line = t.split("```\n")[1].split("\n")[0]
    node = "ip-172-31-18-52"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360,
                   labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "microk8s.io/cluster": "true",
                           "nvidia.com/cuda.driver.major": "550"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1029-aws",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.3",
              kubeProxyVersion="v1.32.3")
    w.pod("default", "cuda-vector-add", node=node, gpu=1, containers=("cuda-vector-add",),
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", ready=False,
          statuses=crashing("cuda-vector-add", 1, restarts=4), cpu="100m", memory="128Mi")
    w.log("default", "cuda-vector-add", "cuda-vector-add", line, previous=True)
    w.event("default", "Pod", "cuda-vector-add", "BackOff", "Back-off restarting failed container cuda-vector-add "
            "in pod cuda-vector-add_default", count=12, host=node)
    w.target("Pod", "default", "cuda-vector-add")


# ---- containerd configuration written (or left behind) by the toolkit ------------------------

@case("fd202", pod_subj("emby-6d8f9c7b5d-qk4vz", "media"),
      "Single-node MicroK8s cluster `homeserver` (Ubuntu 20.04, one consumer GPU; MicroK8s, kernel and containerd "
      "strings assumed for 2021) after `helm uninstall` of the GPU Operator: no operator pods are left, no NVIDIA "
      "driver is loaded and the node advertises no nvidia.com/gpu (GFD labels gone, the NFD PCI label left); the "
      "containerd template still makes `nvidia` the default runtime (configuration, not in the bundle). The Emby "
      "Deployment pod (namespace, names and image tag assumed; it requests no GPU; its image is assumed to set "
      "NVIDIA_VISIBLE_DEVICES, as the hook acts only on such containers) is in CrashLoopBackOff with a last "
      "StartError (exit 128) whose message is the text without `Error: `; the kubelet `Failed` event (x5) is the text "
      "and the `BackOff` event is the thread's second line.")
def _(w, t):
    node = "homeserver"
    n = w.node(node, labels={"feature.node.kubernetes.io/pci-10de.present": "true"}, cpu="12", memory="32778044Ki")
    node_info(n, osImage="Ubuntu 20.04.2 LTS", kernelVersion="5.4.0-73-generic",
              containerRuntimeVersion="containerd://1.4.4", kubeletVersion="v1.21.0", kubeProxyVersion="v1.21.0")
    ns, name = "media", "emby-6d8f9c7b5d-qk4vz"
    w.pod(ns, name, node=node, gpu=0, containers=("emby",), image="emby/embyserver:4.6.1.0", ready=False,
          statuses=start_error("emby", t.removeprefix("Error: "), restarts=5),
          owner=("ReplicaSet", "emby-6d8f9c7b5d"), labels={"app": "emby"}, cpu="500m", memory="1Gi")
    w.event(ns, "Pod", name, "Failed", t, count=5, host=node)
    w.event(ns, "Pod", name, "BackOff", "Back-off restarting failed container", count=23, host=node)
    w.target("Pod", ns, name)


@case("fd205", pod_subj("gpu-feature-discovery-nv7f9", OPERATOR_NS),
      "GKE 1.33 GPU node `gke-gpu-cluster-gpu-pool-3f2a9c1e-h7k2` (node image, kernel and version strings assumed; "
      "one NVIDIA L4; containerd 2.0) with the GPU Operator installing the driver: the driver and container-toolkit "
      "pods Running, the toolkit having rewritten containerd's config.toml (not in the bundle); the device-plugin, "
      "validator and the thread's gpu-feature-discovery-nv7f9 pod have no sandbox (Pending, containers waiting) and "
      "carry kubelet FailedCreatePodSandBox events (x41) whose message is the thread's inner error in the kubelet's "
      "event wording (`Failed to create pod sandbox: ...`, prefix illustrative; the other two pods' events assumed "
      "identical apart from the sandbox id); the node advertises no nvidia.com/gpu. The text itself is a kubelet log "
      "rendering and is not placed verbatim.")
def _(w, t):
    node = "gke-gpu-cluster-gpu-pool-3f2a9c1e-h7k2"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-L4", memory_mib=23034,
                   labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                           "cloud.google.com/gke-nodepool": "gpu-pool",
                           "cloud.google.com/gke-os-distribution": "ubuntu",
                           "node.kubernetes.io/instance-type": "g2-standard-8"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1021-gke",
              containerRuntimeVersion="containerd://2.0.4", kubeletVersion="v1.33.2-gke.1240000",
              kubeProxyVersion="v1.33.2-gke.1240000")
    inner = ("failed to setup network for sandbox \"{sid}\": plugin type=\"gke\" failed (add): failed to find plugin "
             "\"gke\" in path [/opt/cni/bin]")
    thread_sid = "2b62cb2980cd477cefbea1155871bcd2f50b2c6fb3e922039554d8b3fc14784f"
    assert inner.format(sid=thread_sid).replace('"', '\\\\\\"') in t
    # the thread's GFD pod replaces the generated one
    gfd = stack_pod(w, node, "gfd")
    drop_logs(w, OPERATOR_NS, gfd["metadata"]["name"])
    gfd["metadata"]["name"] = "gpu-feature-discovery-nv7f9"
    gfd["metadata"]["uid"] = "b07a2405-29b1-412e-8400-a1367a10e76d"
    sids = {"gfd": thread_sid, "device-plugin": "7c1e04a9b3d25f6e8a90c4b7d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0",
            "validator": "d4f3e2c1b0a99887766554433221100ffeeddccbbaa99887766554433221100a"}
    for role in ("gfd", "device-plugin", "validator"):
        pod = gfd if role == "gfd" else stack_pod(w, node, role)
        no_sandbox(pod)
        drop_logs(w, OPERATOR_NS, pod["metadata"]["name"])
        msg = "Failed to create pod sandbox: rpc error: code = Unknown desc = " + inner.format(sid=sids[role])
        ev = w.event(OPERATOR_NS, "Pod", pod["metadata"]["name"], "FailedCreatePodSandBox", msg, count=41, host=node)
        ev["involvedObject"]["uid"] = pod["metadata"]["uid"]
    w.target("Pod", OPERATOR_NS, "gpu-feature-discovery-nv7f9")


# ---- the kubelet's cgroup handling -------------------------------------------------------------

@case("fd203", pod_subj("tf-train-5b7d9c8f4-x2m9p", "ai"),
      "Self-managed Kubernetes 1.14 GPU node `gpu-node-07` (CentOS 7, Docker 18.09 with the nvidia runtime as "
      "default, two GPUs; kernel, Docker and kubelet strings assumed for mid 2019) whose kubelet runs with the static "
      "CPU manager policy (a kubelet flag; not in the bundle); the NVIDIA device plugin DaemonSet is healthy and the "
      "node advertises nvidia.com/gpu 2. A Guaranteed-QoS training pod (integer CPUs, one GPU; namespace, names and "
      "image assumed) is Running; `nvidia-smi` run in it (kubectl exec) prints the quoted line and exits 255. The "
      "reporter's sentence and the devices.list / strace output are not in the bundle.")
def _(w, t):
    node = "gpu-node-07"
    host_node(w, node, gpus=2, labels={"nvidia.com/gpu.present": "true"},
              info={"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-957.21.3.el7.x86_64",
                    "containerRuntimeVersion": "docker://18.9.7", "kubeletVersion": "v1.14.3",
                    "kubeProxyVersion": "v1.14.3"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9tq4w", image="nvidia/k8s-device-plugin:1.0.0-beta")
    plugin_ds(w, KS, [p])
    ns, name = "ai", "tf-train-5b7d9c8f4-x2m9p"
    pod = w.pod(ns, name, node=node, gpu=1, containers=("trainer",), image="tensorflow/tensorflow:1.14.0-gpu-py3",
                owner=("ReplicaSet", "tf-train-5b7d9c8f4"), labels={"app": "tf-train"}, cpu="8", memory="32Gi")
    res = pod["spec"]["containers"][0]["resources"]
    res["limits"]["cpu"] = res["requests"]["cpu"]
    res["requests"]["memory"] = res["limits"]["memory"]
    pod["status"]["qosClass"] = "Guaranteed"
    out = t.split("```\n")[1].split("\n")[1]
    w.exec(ns, name, "trainer", ["nvidia-smi"], out + "\n", "", exit_code=255)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
