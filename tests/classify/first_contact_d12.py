"""Builds first-contact batch D12 (fixtures/first-contact/batch-d12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer (nvidia-container-toolkit,
nvidia-container-runtime and its hook, containerd configuration, RuntimeClass) from public sources that no rule was
written for, sampled with the fixed list of 120 queries in the batch README (all four corpora of the `search` tool at
once: `issues`, `pages`, `docs`, `code`, 30 queries each). Cases whose text never reaches a source a bundle collects
(a maintainer's prose, a kubelet journal line of a kubelet that does not start) are listed in TEXT_NOT_IN_BUNDLE:
their text is NOT placed in the bundle; each builder builds the cluster state the source describes. The other
case's quoted event message is placed verbatim where the source says it appeared.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, kernels, kubelet and runtime builds, image tags,
GPU models) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d12      # (re)writes fixtures/first-contact/batch-d12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d12", "D12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach a bundle source (a maintainer's prose; the journal line of a kubelet that exits at start)
TEXT_NOT_IN_BUNDLE = {"fd1201", "fd1202"}

UNREACHABLE_TAINTS = ({"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                      {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1})


def _no_requests(pod: dict) -> dict:
    """A GPU-stack DaemonSet pod as its manifests ship it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


# ---- runtime layer: containerd's config written for the NVIDIA runtime mixes config versions ----------

_KUBEADM_2024 = {"osImage": "CentOS Stream 8", "kernelVersion": "4.18.0-552.el8.x86_64",
                 "kubeletVersion": "v1.26.15", "kubeProxyVersion": "v1.26.15"}

_PLUGIN_LOG_2024 = ("I0314 08:02:11.104512       1 main.go:178] Starting FS watcher.\n"
                    "I0314 08:02:11.104601       1 main.go:185] Starting OS watcher.\n"
                    "I0314 08:02:11.104877       1 main.go:200] Starting Plugins.\n"
                    "I0314 08:02:11.104889       1 main.go:257] Loading configuration.\n"
                    "I0314 08:02:11.105522       1 main.go:345] Retrieving plugins.\n"
                    "I0314 08:02:11.142356       1 server.go:185] Starting GRPC server for 'nvidia.com/gpu'\n"
                    "I0314 08:02:11.143096       1 server.go:129] Starting to serve 'nvidia.com/gpu' on "
                    "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                    "I0314 08:02:11.145871       1 server.go:136] Registered device plugin for 'nvidia.com/gpu' with "
                    "Kubelet\n")


@case("fd1201", node_subj("gpu-vgpu-1"),
      "Kubernetes v1.26.15 cluster set up with kubeadm (assumed; the issue names Kubernetes 1.26, containerd 1.6.28, "
      "nvidia-container-toolkit 1.14.6, CentOS 8 Stream and vGPU devices; names, kernel and the GPU profile assumed, "
      "March 2024): a control-plane node k8s-cp-1 (Ready) and the GPU node gpu-vgpu-1 with one NVIDIA vGPU, which had "
      "run with Docker and cri-dockerd. The node was switched to containerd and its kubelet no longer starts, so the "
      "node object shows what the node controller writes when a kubelet stops posting: the Ready, MemoryPressure and "
      "DiskPressure conditions Unknown with reason NodeStatusUnknown and 'Kubelet stopped posting node status.', the "
      "unreachable NoSchedule and NoExecute taints, and the nodeInfo the kubelet last posted (docker://24.0.9, from "
      "the cri-dockerd days); its capacity still lists nvidia.com/gpu 1. The NVIDIA device plugin DaemonSet "
      "(kube-system, v0.14.5, static manifest) still lists its pod on gpu-vgpu-1, marked not ready by the node "
      "controller; its log is the one of its last run under Docker (illustrative startup lines, no error). The "
      "kubelet's journal line (the case's text) is NOT in the bundle: the kubelet exits before it could report "
      "anything, and the journal is not a bundle source. The containerd config.toml itself is not a bundle source "
      "either and is described here only.")
def _(w, t):
    w.git_version = "v1.26.15"
    cp = w.node("k8s-cp-1", cpu="8", memory="16130752Ki", alloc_cpu="8", alloc_memory="16028352Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, containerRuntimeVersion="containerd://1.6.28", **_KUBEADM_2024)
    gpu = "gpu-vgpu-1"
    # the node as the node lifecycle controller leaves it once the kubelet stops posting status
    n = w.node(gpu, gpus=1, ready="Unknown", cpu="16", memory="65665088Ki", alloc_cpu="16",
               alloc_memory="65562688Ki", taints=UNREACHABLE_TAINTS)
    node_info(n, containerRuntimeVersion="docker://24.0.9", **_KUBEADM_2024)
    pp = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-m4q8z", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.5",
                    log=_PLUGIN_LOG_2024, ready=False)
    pp["spec"]["priorityClassName"] = "system-node-critical"
    for s in pp["status"]["containerStatuses"]:
        s["containerID"] = "docker://" + s["containerID"].split("://", 1)[1]
    plugin_ds(w, KS, [_no_requests(pp)])
    w.event("default", "Node", gpu, "NodeNotReady", f"Node {gpu} status is now: NodeNotReady", type="Normal",
            component="node-controller")
    w.target("Node", None, gpu)


# ---- runtime layer: a RuntimeClass whose handler the node's containerd does not have ------------------

_K3S_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
             "containerRuntimeVersion": "containerd://1.7.20-k3s1", "kubeletVersion": "v1.30.4+k3s1",
             "kubeProxyVersion": "v1.30.4+k3s1"}

_SANDBOX_MSG = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
                'no runtime for "nvidia" is configured')


@case("fd1202", pod_subj("sky-cpu-2ea4-head", "default"),
      "Single-node k3s v1.30.4+k3s1 cluster (the PR names k3s, a RuntimeClass for the NVIDIA runtime and no GPU "
      "Operator; the version, node, names and sizes assumed, September 2024): the node k3s-server-1 (Ready, no GPU "
      "resource, k3s's containerd without an nvidia runtime handler; the RuntimeClass object 'nvidia' with handler "
      "nvidia is not a bundle source and is described here only). SkyPilot launched a CPU-only cluster: its head pod "
      "sky-cpu-2ea4-head (namespace default, container ray-node, 2 CPU / 8Gi, no GPU, runtimeClassName nvidia as "
      "SkyPilot set it whenever that RuntimeClass existed) is scheduled to k3s-server-1 and stays Pending with the "
      "container waiting in ContainerCreating; its events are the scheduler's Scheduled event and the kubelet's "
      "FailedCreatePodSandBox event with the message the PR quotes verbatim (x3 over 28s). The PR's prose (the "
      "case's text) is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.30.4+k3s1"
    node = "k3s-server-1"
    n = w.node(node, cpu="8", memory="32827632Ki", alloc_cpu="8", alloc_memory="32827632Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s", "k3s.io/hostname": node})
    node_info(n, **_K3S_INFO)
    ns, pod = "default", "sky-cpu-2ea4-head"
    p = w.pod(ns, pod, node=node, gpu=0, phase="Pending", containers=("ray-node",),
              image="us-central1-docker.pkg.dev/skypilot-375900/skypilotk8s/skypilot:latest",
              labels={"parent": "skypilot", "ray-cluster-name": "sky-cpu-2ea4", "ray-node-type": "head",
                      "skypilot-cluster": "sky-cpu-2ea4", "ray-user-node-type": "ray_head_default",
                      "component": "sky-cpu-2ea4-head"},
              runtime_class="nvidia", cpu="2", memory="8Gi",
              statuses={"ray-node": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                     "restartCount": 0}})
    p["spec"]["containers"][0]["command"] = ["/bin/bash", "-c", "--"]
    p["spec"]["containers"][0]["args"] = ["trap : TERM INT; sleep infinity & wait;"]
    p["spec"]["restartPolicy"] = "Never"
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    p["status"]["conditions"].insert(1, {"type": "PodReadyToStartContainers", "status": "False",
                                         "lastTransitionTime": T1})
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {node}", type="Normal",
            component="default-scheduler")
    w.event(ns, "Pod", pod, "FailedCreatePodSandBox", _SANDBOX_MSG, component="kubelet", host=node, count=3)
    w.target("Pod", ns, pod)


# ---- runtime layer: the device plugin asks the NVIDIA hook for every driver capability on a headless GPU -----

_K3D_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.8.0-40-generic",
             "containerRuntimeVersion": "containerd://1.7.15-k3s1", "kubeletVersion": "v1.28.8+k3s1",
             "kubeProxyVersion": "v1.28.8+k3s1"}


@case("fd1203", node_subj("k3d-uds-server-0"),
      "Single-node k3d cluster (k3s v1.28.8+k3s1 in Docker, from LeapfrogAI's k3d-gpu image 0.9.2 as the issue "
      "says; the k3s version, names and the GPU assumed, July 2024) on an Ubuntu 22.04 host whose one NVIDIA GPU is "
      "set to compute-only (headless): the node k3d-uds-server-0 is Ready and has no nvidia.com/gpu in capacity or "
      "allocatable (the device plugin never registered; no GPU Feature Discovery runs, so no GPU labels). The NVIDIA "
      "device plugin DaemonSet the package deploys (kube-system, nvidia-device-plugin-daemonset, v0.15.0, "
      "runtimeClassName nvidia, its container's env NVIDIA_DRIVER_CAPABILITIES=all as the issue quotes it) has one "
      "pod, in CrashLoopBackOff: each start fails with reason StartError, exit code 128 and the event message the "
      "issue quotes (everything after 'the following event:' in the case's text), and the kubelet's Failed event "
      "holds 'Error: ' followed by that message; a BackOff event follows. The plugin container never ran, so it has "
      "no log. The reporter's introducing sentence is not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.8+k3s1"
    msg = t.split("the following event:", 1)[1].strip()
    node = "k3d-uds-server-0"
    n = w.node(node, cpu="24", memory="65503288Ki", alloc_cpu="24", alloc_memory="65503288Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s", "k3s.io/hostname": node})
    node_info(n, **_K3D_INFO)
    name = "nvidia-device-plugin-daemonset-5vw2k"
    pp = plugin_pod(w, node, name, image="nvcr.io/nvidia/k8s-device-plugin:v0.15.0", log=None, ready=False,
                    runtime_class="nvidia")
    pp["spec"]["priorityClassName"] = "system-node-critical"
    pp["spec"]["containers"][0]["env"] = [{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": "all"}]
    crashloop(pp, "nvidia-device-plugin-ctr", restarts=9, code=128, reason="StartError", message=msg)
    plugin_ds(w, KS, [_no_requests(pp)])
    w.event(KS, "Pod", name, "Scheduled", f"Successfully assigned {KS}/{name} to {node}", type="Normal",
            component="default-scheduler")
    w.event(KS, "Pod", name, "Failed", f"Error: {msg}", component="kubelet", host=node, count=10,
            field_path="spec.containers{nvidia-device-plugin-ctr}")
    backoff(w, KS, name, "nvidia-device-plugin-ctr", node, count=41)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
