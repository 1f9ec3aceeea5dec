"""First-contact batch V (fixtures/first-contact/batch-v/cases.jsonl) as scenario bundles.

Real failures (and one look-alike) from public threads that no rule was written for, sampled with batch V's
fixed query list (see the batch README), all in the container runtime / toolkit layer: GPU access lost after a
systemd daemon-reload, a containerd nvidia runtime without the systemd cgroup option, libnvidia-container on
cgroups v2, a docker-to-containerd migration that the GPU Operator's toolkit did not follow node by node, a DRA
claim on a GPU Operator install with CDI disabled, a RuntimeClass that does not exist on a CDI+NRI install, a
MicroK8s containerd without the nvidia handler, Bottlerocket's volume-mount injection for pods that request no
GPU, an AKS hybrid node image without the NVIDIA runtime binary, and the documented exposure of all GPUs to a
pod that requests none. Each builder places the case's text verbatim where a collector would have found it
(prose cases: the text is the thread's words and the bundle carries the state it describes) and builds the
cluster state the thread describes. The expected answer was reasoned from the thread (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_v      # (re)writes fixtures/first-contact/batch-v/scenarios/
"""

from __future__ import annotations

import re

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import (KS, drop_logs, host_node, no_gpu_resource, node_info, plugin_ds,
                                            plugin_pod, remove_stack_pod, running_pod, stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.first_contact_d import eks_labels
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj

FC = ThreadBatch("batch-v", "V", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case
TOLERATE_GPU = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- world helpers (batch V) -----------------------------------------------------------------

def unready(pod: dict) -> None:
    """A pod whose node went NotReady: the node controller marks it not ready (its containers' last state stays)."""
    for c in pod["status"].get("conditions", []):
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in pod["status"].get("containerStatuses", []):
        s["ready"] = False


def no_sandbox(pod: dict) -> None:
    """A scheduled pod whose sandbox cannot be created: Pending, ContainerCreating, no IP, no logs."""
    pod["status"]["phase"] = "Pending"
    pod["status"].pop("podIP", None)
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in pod["status"].get("initContainerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "started": False})


NVIDIA_RUNTIMECLASS = {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": {"name": "nvidia"},
                       "handler": "nvidia"}


def runtime_class_object(w) -> None:
    """The RuntimeClass `nvidia` the GPU Operator creates, as the collector fetches it for pods that name it."""
    w.custom["runtimeclasses.node.k8s.io"] = [dict(NVIDIA_RUNTIMECLASS)]


def set_env(pod: dict, container: str, env: list[dict]) -> None:
    for c in pod["spec"]["containers"]:
        if c["name"] == container:
            c["env"] = env


EVENT_ROW = re.compile(r"^\s*(Normal|Warning)\s+(\S+)\s+(\S+(?: \(x(\d+) over \S+\))?)\s+kubelet\s+(.*)$")


def describe_events(rows: str) -> list[tuple[str, str, int, str]]:
    """(type, reason, count, message) of `kubectl describe` event rows from the kubelet."""
    out = []
    for line in rows.splitlines():
        m = EVENT_ROW.match(line)
        if m:
            out.append((m.group(1), m.group(2), int(m.group(4) or 1), m.group(5)))
    return out


NGINX_QUOTED_LOG = """/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration
/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/
/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh
10-listen-on-ipv6-by-default.sh: info: /etc/nginx/conf.d/default.conf is not a file or does not exist
/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh
/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh
/docker-entrypoint.sh: Configuration complete; ready for start up
2022/08/01 13:26:56 [notice] 1#1: using the "epoll" event method
2022/08/01 13:26:56 [notice] 1#1: nginx/1.21.4
2022/08/01 13:26:56 [notice] 1#1: built by gcc 10.2.1 20210110 (Debian 10.2.1-6) 
"""


# ---- cgroups / systemd ----------------------------------------------------------------------

@case("fv001", pod_subj("cuda-nvidia-smi-loop", "default"),
      "GPU node `gpu-node-1` with one A100-PCIE-40GB, host driver and NVIDIA Container Toolkit with containerd on "
      "the systemd cgroup driver (Ubuntu 22.04, containerd 1.6.16, kubelet v1.26.1 assumed for early 2023), the "
      "NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1; the maintainers' test pod cuda-nvidia-smi-loop "
      "(namespace default, one GPU, restartPolicy OnFailure, image from the thread) is Running and its current log "
      "is the text (the GPU listed until the daemon-reload, then the NVML error).")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.1 LTS", "kernelVersion": "5.15.0-58-generic",
                             "containerRuntimeVersion": "containerd://1.6.16", "kubeletVersion": "v1.26.1",
                             "kubeProxyVersion": "v1.26.1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-k7q2m")
    plugin_ds(w, KS, [p])
    running_pod(w, "cuda-nvidia-smi-loop", t, ns="default", node=node, container="cuda",
                image="nvcr.io/nvidia/cuda:12.0.0-base-ubuntu20.04", extra_spec={"restartPolicy": "OnFailure"},
                cpu="100m", memory="128Mi")
    w.target("Pod", "default", "cuda-nvidia-smi-loop")


@case("fv002", pod_subj("nginx-6d4cf56db6-8kq2x", "default"),
      "GPU node `gpu-node-1` (Ubuntu 20.04, containerd 1.6.6 with the nvidia runtime as containerd's default, "
      "toolkit 1.10, kubelet v1.24.3 on the systemd cgroup driver; strings and the GPU model assumed for mid-2022) "
      "with the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1; a plain nginx:1.21.4 Deployment pod "
      "(no GPU request; names assumed) restarts endlessly: last state terminated exit 0 (nginx's graceful quit "
      "on SIGQUIT; the exit code is assumed), restartCount 1043, CrashLoopBackOff; its previous log is the "
      "nginx start-up the reporter pasted, as far as the stored excerpt goes. The containerd config difference "
      "(systemdCgroup only under runc) is not a collector-visible object; the text is prose and not in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-122-generic",
                             "containerRuntimeVersion": "containerd://1.6.6", "kubeletVersion": "v1.24.3",
                             "kubeProxyVersion": "v1.24.3"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-t4n8w")
    plugin_ds(w, KS, [p])
    name = "nginx-6d4cf56db6-8kq2x"
    w.pod("default", name, node=node, gpu=0, containers=("nginx",), image="nginx:1.21.4", ready=False,
          owner=("ReplicaSet", "nginx-6d4cf56db6"), labels={"app": "nginx"}, cpu="100m", memory="128Mi",
          statuses=crashing("nginx", 0, "Completed", restarts=1043))
    w.log("default", name, "nginx", NGINX_QUOTED_LOG, previous=True)
    w.event("default", "Pod", name, "BackOff", f"Back-off restarting failed container nginx in pod {name}_default",
            count=1043, host=node)
    w.target("Pod", "default", name)


@case("fv003", node_subj("debian-gpu-1"),
      "Debian node `debian-gpu-1` (Debian bullseye/sid with cgroups v2, kernel 5.10, k3s v1.20.5+k3s1 started with "
      "--docker, docker 20.10.5; strings assumed for March 2021) with host driver and the NVIDIA container runtime "
      "hook of early 2021; the static nvidia-device-plugin DaemonSet v0.9.0 (kube-system) has its pod in back-off: "
      "last state terminated ContainerCannotRun exit 128 whose message is the docker part of the quoted error "
      "(illustrative rendering), and the four kubelet events of the text (Pulled, Pulled x4, Created x5, Failed "
      "x5; ages dropped, messages as quoted, the Failed message ending where the stored excerpt ends); the plugin "
      "never registered, so the node advertises no nvidia.com/gpu.")
def _(w, t):
    node = "debian-gpu-1"
    host_node(w, node, advertised=False,
              info={"osImage": "Debian GNU/Linux bullseye/sid", "kernelVersion": "5.10.0-5-amd64",
                    "containerRuntimeVersion": "docker://20.10.5", "kubeletVersion": "v1.20.5+k3s1",
                    "kubeProxyVersion": "v1.20.5+k3s1"})
    rows = describe_events(t)
    failed = next(m for ty, r, n, m in rows if r == "Failed")
    name = "nvidia-device-plugin-daemonset-2xq8d"
    p = plugin_pod(w, node, name, log=None, ready=False, image="nvidia/k8s-device-plugin:v0.9.0",
                   statuses=crashing("nvidia-device-plugin-ctr", 128, "ContainerCannotRun",
                                     failed.split("Error response from daemon: ", 1)[1], restarts=5))
    plugin_ds(w, KS, [p])
    for ty, reason, count, msg in rows:
        w.event(KS, "Pod", name, reason, msg, type=ty, count=count, host=node,
                field_path="spec.containers{nvidia-device-plugin-ctr}")
    w.target("Node", None, node)


# ---- docker vs containerd, toolkit DaemonSet ---------------------------------------------------

@case("fv004", node_subj("k8s-gpu-02"),
      "kubeadm-style cluster mid-migration: GPU node `k8s-gpu-01` already on Kubernetes v1.24.12 with "
      "containerd 1.6.20 (Ready), GPU nodes `k8s-gpu-02` and `k8s-gpu-03` still on v1.23.8 with docker 20.10.23 "
      "(Ubuntu 20.04; one NVIDIA A10 each; node names, versions and the GPU model assumed); the GPU Operator "
      "(driver container and toolkit) runs its stack on all three, its container-toolkit pods all carry "
      "RUNTIME=containerd (the operator's cluster-wide choice after the first node moved); the two docker "
      "nodes are NotReady (Ready False, kubelet message `container runtime is down` illustrative; not-ready "
      "taint) and the pods on them are marked not ready; the RuntimeClass `nvidia` the operator created (handler "
      "nvidia) is in the bundle. The text is prose and not in the bundle.")
def _(w, t):
    for i, (kube, runtime, ready) in enumerate((("v1.24.12", "containerd://1.6.20", True),
                                                 ("v1.23.8", "docker://20.10.23", False),
                                                 ("v1.23.8", "docker://20.10.23", False)), start=1):
        node = f"k8s-gpu-0{i}"
        kw = {} if ready else {"ready": False, "taints": [{"key": "node.kubernetes.io/not-ready",
                                                           "effect": "NoSchedule"}]}
        n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028, **kw)
        node_info(n, osImage="Ubuntu 20.04.6 LTS", kernelVersion="5.4.0-148-generic",
                  containerRuntimeVersion=runtime, kubeletVersion=kube, kubeProxyVersion=kube)
        if not ready:
            cond = next(c for c in n["status"]["conditions"] if c["type"] == "Ready")
            cond["message"] = "container runtime is down"
        tk = stack_pod(w, node, "toolkit")
        set_env(tk, "nvidia-container-toolkit-ctr",
                [{"name": "RUNTIME", "value": "containerd"},
                 {"name": "CONTAINERD_CONFIG", "value": "/runtime/config-dir/config.toml"},
                 {"name": "CONTAINERD_SOCKET", "value": "/runtime/sock-dir/containerd.sock"}])
        if not ready:
            for role in ("driver", "toolkit", "device-plugin", "gfd", "validator"):
                unready(stack_pod(w, node, role))
    runtime_class_object(w)
    w.target("Node", None, "k8s-gpu-02")


# ---- CDI and RuntimeClass -----------------------------------------------------------------------

def _claim(ns: str, name: str, pod: str, node: str, device: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1beta1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": ns},
            "spec": {"devices": {"requests": [{"name": "gpu", "deviceClassName": "gpu.nvidia.com",
                                               "selectors": [{"cel": {"expression":
                                                   f"device.attributes['gpu.nvidia.com'].index == {device[-1]}"}}]}]}},
            "status": {"allocation": {"devices": {"results": [{"request": "gpu", "driver": "gpu.nvidia.com",
                                                               "pool": node, "device": device}]},
                                      "nodeSelector": {"nodeSelectorTerms": [{"matchFields": [
                                          {"key": "metadata.name", "operator": "In", "values": [node]}]}]}},
                       "reservedFor": [{"resource": "pods", "name": pod}]}}


@case("fv005", pod_subj("gpu-test-1", "gpu-test"),
      "GPU node `gpu-node-1` with two A100-PCIE-40GB (Kubernetes v1.32.5; strings assumed for mid-2025) and the "
      "GPU Operator (driver, toolkit, GFD, validator; device plugin disabled, so no nvidia.com/gpu resource) whose "
      "ClusterPolicy has cdi.enabled false; the NVIDIA DRA driver (namespace nvidia-dra-driver-gpu, controller "
      "and kubelet plugin Running, image tag assumed); pod gpu-test-1 (namespace gpu-test, names assumed) with a "
      "ResourceClaim selecting GPU index 1, allocated device gpu-1 on the node, Running. What the container saw "
      "is not quoted in the stored excerpts; the RuntimeClass `nvidia` the operator created is in the bundle; the "
      "text (the issue title) is prose and not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.5"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=2, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, allocatable=None,
                   labels={"nvidia.com/gpu.deploy.device-plugin": "false"})
    no_gpu_resource(n)
    remove_stack_pod(w, node, "device-plugin")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"cdi": {"enabled": False, "default": False}, "devicePlugin": {"enabled": False},
                 "driver": {"enabled": True}, "toolkit": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    dra = "nvidia-dra-driver-gpu"
    kp = w.pod(dra, "nvidia-dra-driver-gpu-kubelet-plugin-x2k9p", node=node, gpu=0, containers=("gpus",),
               image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0",
               owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"),
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, tolerations=TOLERATE_GPU)
    w.workload("DaemonSet", dra, "nvidia-dra-driver-gpu-kubelet-plugin", template_pod=kp, status=ds_status(1, 1, 1))
    w.pod(dra, "nvidia-dra-driver-gpu-controller-6c8d9f7b5-m4q7z", node=node, gpu=0, containers=("compute-domain",),
          image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0", owner=("ReplicaSet", "nvidia-dra-driver-gpu-controller-6c8d9f7b5"))
    ns, name = "gpu-test", "gpu-test-1"
    pod = w.pod(ns, name, node=node, gpu=0, containers=("ctr",), image="nvcr.io/nvidia/cuda:12.8.1-base-ubuntu24.04",
                extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimName": "gpu-test-1-gpu"}]})
    pod["spec"]["containers"][0]["resources"]["claims"] = [{"name": "gpu"}]
    pod["spec"]["containers"][0]["command"] = ["bash", "-c", "nvidia-smi -L; trap 'exit 0' TERM; sleep 9999 & wait"]
    pod["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": "gpu-test-1-gpu"}]
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [_claim(ns, "gpu-test-1-gpu", name, node, "gpu-1")]
    runtime_class_object(w)
    w.target("Pod", ns, name)


@case("fv006", {"kind": "DaemonSet", "namespace": "lmcache", "name": "lmcache-engine"},
      "Two GPU nodes (`gpu-node-1`, `gpu-node-2`, one L40S each; Kubernetes v1.34.1, containerd 2.1; strings "
      "assumed for 2026) with the GPU Operator installed with CDI and the NRI plugin (ClusterPolicy "
      "cdi.enabled true, cdi.nriPluginEnabled true) so its operands use no RuntimeClass and no RuntimeClass object "
      "exists (the bundle has no runtimeclasses file: no existing pod names one); the device plugin advertises "
      "nvidia.com/gpu 1 per node; the LMCache operator (namespace lmcache-system) Running; its engine DaemonSet "
      "`lmcache-engine` (namespace lmcache, pod template with runtimeClassName nvidia and one GPU; names and image "
      "assumed) has desired 2, current 0, and the daemonset-controller's FailedCreate events carry the API "
      "server's rejection around the quoted `RuntimeClass \"nvidia\" not found` (wording around the quote "
      "illustrative).")
def _(w, t):
    w.git_version = "v1.34.1"
    for i in (1, 2):
        node = f"gpu-node-{i}"
        n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                       labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
        node_info(n, containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.1",
                  kubeProxyVersion="v1.34.1", kernelVersion="6.8.0-85-generic", osImage="Ubuntu 24.04.3 LTS")
    for p in w.pods[OPERATOR_NS]:
        p["spec"].pop("runtimeClassName", None)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy", "metadata": {"name": "cluster-policy"},
        "spec": {"cdi": {"enabled": True, "nriPluginEnabled": True}, "devicePlugin": {"enabled": True},
                 "driver": {"enabled": True}, "toolkit": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.pod("lmcache-system", "lmcache-operator-controller-manager-7d9f8c6b5-q4x2n", node="gpu-node-1", gpu=0,
          containers=("manager",), image="lmcache/lmcache-operator:v0.4.0",
          owner=("ReplicaSet", "lmcache-operator-controller-manager-7d9f8c6b5"), cpu="100m", memory="256Mi")
    ns, ds = "lmcache", "lmcache-engine"
    template = {"spec": {"runtimeClassName": "nvidia", "tolerations": TOLERATE_GPU,
                         "containers": [{"name": "engine", "image": "lmcache/vllm-openai:latest",
                                         "resources": {"limits": {"nvidia.com/gpu": "1"},
                                                       "requests": {"nvidia.com/gpu": "1"}}}]}}
    wl = w.workload("DaemonSet", ns, ds, template_pod=template, status=ds_status(2, 0, 0))
    wl["spec"]["template"]["metadata"]["labels"] = {"app.kubernetes.io/name": ds}
    for i, sfx in enumerate(("x7k2p", "m9q4t")):
        w.event(ns, "DaemonSet", ds, "FailedCreate",
                f'Error creating: pods "{ds}-{sfx}" is forbidden: pod rejected: RuntimeClass "nvidia" not found',
                component="daemonset-controller", count=14 - i)
    w.events.setdefault(ns, [])
    w.pods.setdefault(ns, [])
    w.target("DaemonSet", ns, ds)


# ---- containerd config / toolkit installation ----------------------------------------------------

OPERANDS = (("nvidia-device-plugin-daemonset", "nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.9.0", "n2x8q"),
            ("gpu-feature-discovery", "gpu-feature-discovery", "nvcr.io/nvidia/gpu-feature-discovery:v0.4.1", "k7m4z"),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:2.2.9-2.4.0-ubuntu20.04", "p5t9c"),
            ("nvidia-operator-validator", "nvidia-operator-validator", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.7.1", "r3w6h"))


@case("fv007", pod_subj("nvidia-device-plugin-daemonset-n2x8q", "gpu-operator-resources"),
      "Single-node MicroK8s v1.21.3 (stable channel; Ubuntu 20.04, containerd 1.4.4; node name, versions and the "
      "GPU model assumed for July 2021) after `microk8s enable gpu`: the GPU Operator v1.7 operands in namespace "
      "gpu-operator-resources; the container-toolkit DaemonSet pod Running (assumed), the operands that use "
      "runtimeClassName nvidia (device plugin, GFD, dcgm-exporter, operator validator) Pending in "
      "ContainerCreating, each with the kubelet FailedCreatePodSandBox event whose message is the text's third "
      "line (x26); the RuntimeClass `nvidia` (handler nvidia) the operator created exists; no nvidia.com/gpu "
      "advertised (NFD and operator labels present, no GFD labels).")
def _(w, t):
    node = "gpu-workstation"
    n = w.gpu_node(node, gpus=1, operator=False, allocatable=None, product="Quadro-RTX-6000", memory_mib=24576)
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Ubuntu 20.04.2 LTS", kernelVersion="5.8.0-63-generic", containerRuntimeVersion="containerd://1.4.4",
              kubeletVersion="v1.21.3-3+90fd5f3d2aea0a", kubeProxyVersion="v1.21.3-3+90fd5f3d2aea0a")
    ns = "gpu-operator-resources"
    msg = t.splitlines()[-1]
    tk = w.pod(ns, "nvidia-container-toolkit-daemonset-9qv4l", node=node, gpu=0,
               containers=("nvidia-container-toolkit-ctr",), init_containers=("driver-validation",),
               labels={"app": "nvidia-container-toolkit-daemonset"},
               owner=("DaemonSet", "nvidia-container-toolkit-daemonset"), tolerations=TOLERATE_GPU)
    tk["spec"]["containers"][0]["image"] = "nvcr.io/nvidia/k8s/container-toolkit:1.5.0-ubuntu18.04"
    for ds, ctr, image, sfx in OPERANDS:
        name = f"{ds}-{sfx}"
        p = w.pod(ns, name, node=node, gpu=0, containers=(ctr,), image=image, runtime_class="nvidia",
                  labels={"app": ds}, owner=("DaemonSet", ds), tolerations=TOLERATE_GPU)
        p["spec"]["containers"][0]["image"] = image
        no_sandbox(p)
        w.event(ns, "Pod", name, "FailedCreatePodSandBox", msg, count=26, host=node)
    runtime_class_object(w)      # the operator created the RuntimeClass; containerd lacks the handler it names
    w.target("Pod", ns, "nvidia-device-plugin-daemonset-n2x8q")


@case("fv008", pod_subj("torch-gpu-test-5c7d9b8f6-h4k2p", "default"),
      "EKS node g4dn.xlarge (one Tesla T4) on Bottlerocket OS 1.19.2 (aws-k8s-1.29-nvidia; kernel, containerd and "
      "kubelet strings assumed for April 2024): host driver, the NVIDIA container toolkit and the built-in device "
      "plugin (a host service, no plugin pod) advertising nvidia.com/gpu 1, no GFD labels; the thread's minimal "
      "PyTorch reproduction as a Deployment pod (namespace default, names and image assumed) with the thread's "
      "resources (requests cpu 100m / memory 1000Mi, limits memory 1000Mi, no nvidia.com/gpu) crash-loops (exit 1 "
      "assumed); its log is not quoted, so the bundle has none.")
def _(w, t):
    node = "ip-192-168-61-23.eu-west-1.compute.internal"
    host_node(w, node, labels=eks_labels("g4dn.xlarge", "gpu-bottlerocket") | {"topology.kubernetes.io/region": "eu-west-1"},
              info={"osImage": "Bottlerocket OS 1.19.2 (aws-k8s-1.29-nvidia)", "kernelVersion": "6.1.79",
                    "containerRuntimeVersion": "containerd://1.6.28+bottlerocket",
                    "kubeletVersion": "v1.29.1-eks-61c0bbb", "kubeProxyVersion": "v1.29.1-eks-61c0bbb"})
    name = "torch-gpu-test-5c7d9b8f6-h4k2p"
    w.pod("default", name, node=node, gpu=0, containers=("model",), ready=False,
          image="123456789012.dkr.ecr.eu-west-1.amazonaws.com/torch-gpu-test:1.0",
          owner=("ReplicaSet", "torch-gpu-test-5c7d9b8f6"), cpu="100m", memory="1000Mi",
          statuses=crashing("model", 1, restarts=7))
    w.target("Pod", "default", name)


@case("fv009", node_subj("moc-lgpu8k2x7q4"),
      "AKS hybrid (AKS on Azure Stack HCI, October 2022 preview) workload cluster: a Linux GPU node pool node "
      "`moc-lgpu8k2x7q4` (CBL-Mariner 2.0, containerd 1.6, kubelet v1.24.6, Standard_NK6 with one Tesla T4; "
      "names and strings assumed) NotReady (kubelet `container runtime network not ready`, not-ready taint), no "
      "nvidia.com/gpu; its kube-system pods (kube-proxy, the CNI's calico-node, the NVIDIA device plugin) stay "
      "ContainerCreating with FailedCreatePodSandBox events whose wording (containerd unable to exec "
      "/usr/bin/nvidia-container-runtime) is illustrative: the notice describes the failure but does not quote "
      "the kubelet. The text is prose and not in the bundle.")
def _(w, t):
    node = "moc-lgpu8k2x7q4"
    host_node(w, node, advertised=False,
              labels={"node.kubernetes.io/instance-type": "Standard_NK6", "msft.microsoft/nodepool-name": "gpupool"},
              info={"osImage": "CBL-Mariner/Linux", "kernelVersion": "5.15.72.1-1.cm2",
                    "containerRuntimeVersion": "containerd://1.6.6", "kubeletVersion": "v1.24.6",
                    "kubeProxyVersion": "v1.24.6"})
    n = w.get_node(node)
    for c in n["status"]["conditions"]:
        if c["type"] == "Ready":
            c.update({"status": "False", "reason": "KubeletNotReady", "message": "container runtime network not ready",
                      "lastTransitionTime": T1})
    n["spec"]["taints"] = [{"key": "node.kubernetes.io/not-ready", "effect": "NoSchedule"}]
    msg = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create containerd task: "
           "failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime error: "
           "fork/exec /usr/bin/nvidia-container-runtime: no such file or directory: unknown")
    pods = [("kube-proxy-7m2xq", "kube-proxy", "mcr.microsoft.com/oss/kubernetes/kube-proxy:v1.24.6", "kube-proxy"),
            ("calico-node-r8k4t", "calico-node", "mcr.microsoft.com/oss/calico/node:v3.23.1", "calico-node")]
    for name, ctr, image, ds in pods:
        p = w.pod(KS, name, node=node, gpu=0, containers=(ctr,), image=image, owner=("DaemonSet", ds),
                  labels={"k8s-app": ds}, tolerations=[{"operator": "Exists"}], cpu="100m", memory="128Mi")
        no_sandbox(p)
        w.event(KS, "Pod", name, "FailedCreatePodSandBox", msg, count=31, host=node)
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-w5j9d", log=None)
    no_sandbox(dp)
    plugin_ds(w, KS, [dp])
    w.event(KS, "Pod", "nvidia-device-plugin-daemonset-w5j9d", "FailedCreatePodSandBox", msg, count=31, host=node)
    w.target("Node", None, node)


# ---- healthy look-alike -----------------------------------------------------------------------------

@case("fv010", pod_subj("cuda-dev-0"),
      "GPU node `gpu-node-1` with four Tesla V100 (Ubuntu 16.04, docker 18.03 with nvidia-docker2 as docker's "
      "default runtime, kubelet v1.10.5; strings assumed for July 2018) and the NVIDIA device plugin DaemonSet "
      "v1.10 advertising nvidia.com/gpu 4; a pod using an NVIDIA CUDA image with a resource request and limit of "
      "nvidia.com/gpu 0 (names and image assumed) is Running and Ready; nothing fails. The text is prose and not "
      "in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=4, info={"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.4.0-130-generic",
                                     "containerRuntimeVersion": "docker://18.3.1", "kubeletVersion": "v1.10.5",
                                     "kubeProxyVersion": "v1.10.5"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-5lq8v", image="nvidia/k8s-device-plugin:1.10")
    plugin_ds(w, KS, [p])
    pod = running_pod(w, "cuda-dev-0", None, node=node, container="dev", gpu=0, image="nvidia/cuda:9.0-devel",
                      owner=("StatefulSet", "cuda-dev"))
    res = pod["spec"]["containers"][0]["resources"]
    res["limits"]["nvidia.com/gpu"] = "0"
    res["requests"]["nvidia.com/gpu"] = "0"
    w.target("Pod", ML, "cuda-dev-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
