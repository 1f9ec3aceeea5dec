"""Builds first-contact batch G3 (fixtures/first-contact/batch-g3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and healthy look-alikes) from public threads that no rule was written for, in any
layer, sampled with the fixed query list in the batch README (managed distributions and healthy look-alikes
emphasised). Each builder places the case's text verbatim where a collector would have found it (prose texts are
not placed) and builds the cluster state the thread describes. The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the tool's
output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g3      # (re)writes fixtures/first-contact/batch-g3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            running_pod, set_image, stack_pod, strip_gfd)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.first_contact_h import operator_blocked, rhcos, start_error
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-g3", "G3")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fg301", "fg303", "fg304", "fg305", "fg306", "fg310"}


def _operand_pod(w, ns: str, name: str, node: str, app: str, container: str, init: str, image: str) -> dict:
    """An operator operand pod (not one of the builder's five stack roles) waiting in its init container."""
    p = w.pod(ns, name, node=node, gpu=0, containers=(container,), init_containers=(init,), phase="Pending",
              ready=False, labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
              runtime_class="nvidia", tolerations=GPU_TOLERATION,
              statuses={container: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False}},
              init_statuses={init: {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}})
    set_image(p, container, image)
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    return p


# ---- driver layer ----------------------------------------------------------------------------

@case("fg301", node_subj("controller-0"),
      "StarlingX all-in-one controller `controller-0` (control plane and worker on one host; osImage, kernel "
      "build without CONFIG_MEMORY_HOTPLUG, containerd and kubelet strings assumed for a 2026 StarlingX release) "
      "with one NVIDIA GPU (model assumed: L4) and the GPU Operator (Helm, namespace gpu-operator, driver container "
      "enabled; operand image tags assumed). The driver DaemonSet pod's k8s-driver-manager init container completed "
      "and its nvidia-driver-ctr container waits in CreateContainerError with a kubelet Failed event (x14): the "
      "runtime cannot set up the hostPath volume /sys/devices/system/memory/auto_online_blocks (message wording "
      "illustrative; the thread only says 'a mount error for' that path). Toolkit and validator wait in "
      "driver-validation, device plugin and GFD in toolkit-validation, the DCGM and DCGM-exporter pods in their "
      "toolkit-validation init container; DaemonSets as `kubectl get ds` showed them (1/1/0, MPS control daemon "
      "0/0/0). The node advertises no nvidia.com/gpu and carries no GFD labels. The text is prose and not placed.")
def _(w, t):
    node = "controller-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034, allocatable=None,
                   labels={"node-role.kubernetes.io/control-plane": "", "nvidia.com/gpu.deploy.dcgm": "true",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true", "openstack-control-plane": "enabled"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Debian GNU/Linux 11 (bullseye)", kernelVersion="6.6.0-1-amd64",
              containerRuntimeVersion="containerd://1.7.24", kubeletVersion="v1.31.5", kubeProxyVersion="v1.31.5")
    ns = OPERATOR_NS
    drv = stack_pod(w, node, "driver")
    name = drv["metadata"]["name"]
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.105.08")
    msg = ('failed to generate container "nvidia-driver-ctr" spec: failed to mkdir '
           '"/sys/devices/system/memory/auto_online_blocks": mkdir /sys/devices/system/memory: operation not permitted')
    drv["spec"].setdefault("volumes", []).append(
        {"name": "sysfs-memory-online", "hostPath": {"path": "/sys/devices/system/memory/auto_online_blocks"}})
    drv["spec"]["containers"][0]["volumeMounts"] = [
        {"name": "sysfs-memory-online", "mountPath": "/sys/devices/system/memory/auto_online_blocks"}]
    drv["status"]["phase"] = "Pending"
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "CreateContainerError", "message": msg}}, "ready": False,
                  "started": False})
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.logs.pop((ns, name, "nvidia-driver-ctr", False), None)
    w.event(ns, "Pod", name, "Failed", "Error: " + msg, count=14, host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    operator_blocked(w, node)
    dcgm = _operand_pod(w, ns, "nvidia-dcgm-8kq2v", node, "nvidia-dcgm", "nvidia-dcgm-ctr", "toolkit-validation",
                        "nvcr.io/nvidia/cloud-native/dcgm:4.2.3-1-ubuntu22.04")
    exp = _operand_pod(w, ns, "nvidia-dcgm-exporter-t5w9c", node, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter",
                       "toolkit-validation", "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04")
    for app, pod, sel in (("nvidia-dcgm", dcgm, {"nvidia.com/gpu.deploy.dcgm": "true"}),
                          ("nvidia-dcgm-exporter", exp, {"nvidia.com/gpu.deploy.dcgm-exporter": "true"})):
        wl = w.workload("DaemonSet", ns, app, template_pod=pod, status=ds_status(1, 1, 0))
        wl["spec"]["template"]["spec"]["nodeSelector"] = sel
    mps = w.workload("DaemonSet", ns, "nvidia-device-plugin-mps-control-daemon", status=ds_status(0, 0, 0))
    mps["spec"]["template"]["spec"] = {"nodeSelector": {"nvidia.com/gpu.deploy.device-plugin": "true",
                                                        "nvidia.com/mps.capable": "true"},
                                       "containers": [{"name": "mps-control-daemon-ctr",
                                                       "image": "nvcr.io/nvidia/k8s-device-plugin:v0.18.0"}]}
    w.target("Node", None, node)


@case("fg303", node_subj("ip-10-0-41-17.us-west-2.compute.internal"),
      "EKS 1.34 cluster with one single-GPU worker (g6.xlarge assumed: one NVIDIA L4) from the EKS-optimized AL2023 "
      "NVIDIA AMI (host driver, container toolkit and fabric manager from the AMI; version strings assumed for mid "
      "2026) and a CPU system node; the NVIDIA device plugin (Helm chart, kube-system) Running and advertising "
      "nvidia.com/gpu 1; a GPU inference pod Running and Ready (names and image assumed). The fabric manager unit's "
      "failure lives in the host's systemd journal, which a bundle does not hold; nothing in the cluster is wrong. "
      "The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Amazon Linux 2023.9.20260601", "kernelVersion": "6.12.37-61.105.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://2.1.3", "kubeletVersion": "v1.34.1-eks-113cf36",
            "kubeProxyVersion": "v1.34.1-eks-113cf36"}
    sysnode = w.node("ip-10-0-12-88.us-west-2.compute.internal", cpu="4", memory="15896988Ki",
                     labels={"eks.amazonaws.com/nodegroup": "system", "node.kubernetes.io/instance-type": "m6i.xlarge"})
    node_info(sysnode, **info)
    node = "ip-10-0-41-17.us-west-2.compute.internal"
    n = host_node(w, node, gpus=1, labels={"eks.amazonaws.com/nodegroup": "gpu-g6",
                                           "node.kubernetes.io/instance-type": "g6.xlarge",
                                           "eks.amazonaws.com/nodegroup-image": "ami-0b7e3c9d2a41f5e68"}, info=info)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "16092024Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-4xq7m", ds="nvidia-device-plugin",
                   image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    plugin_ds(w, KS, [p], ds="nvidia-device-plugin")
    running_pod(w, "embedder-6d8f7b9c5-k2v4n", None, ns="inference", node=node, container="server",
                image="ghcr.io/huggingface/text-embeddings-inference:89-1.8", owner=("ReplicaSet", "embedder-6d8f7b9c5"),
                tolerations=GPU_TOLERATION, cpu="2", memory="8Gi")
    w.target("Node", None, node)


@case("fg304", pod_subj("trainer-0", "ml-train"),
      "EKS 1.29 cluster with one p4d.24xlarge worker (8 A100-SXM4-40GB on NVSwitch) running Bottlerocket "
      "`aws-k8s-1.29-nvidia` 1.19.2 (version strings assumed for March 2024, before fabric manager was added): the "
      "NVIDIA kmods load and Bottlerocket's built-in device plugin (a host service, so no DaemonSet) advertises "
      "nvidia.com/gpu 8; no fabric manager exists on the host. The user's training pod (8 GPUs, StatefulSet "
      "`trainer`; names, image, exit code 1 and restart count assumed) crash-loops; the thread quotes no log, so "
      "none is modelled. The text is prose and not placed.")
def _(w, t):
    node = "ip-10-0-77-201.us-west-2.compute.internal"
    host_node(w, node, gpus=8, labels={"node.kubernetes.io/instance-type": "p4d.24xlarge",
                                       "eks.amazonaws.com/nodegroup": "p4d",
                                       "topology.kubernetes.io/region": "us-west-2"},
              info={"osImage": "Bottlerocket OS 1.19.2 (aws-k8s-1.29-nvidia)", "kernelVersion": "6.1.79",
                    "containerRuntimeVersion": "containerd://1.6.28+bottlerocket",
                    "kubeletVersion": "v1.29.1-eks-61c0bbb", "kubeProxyVersion": "v1.29.1-eks-61c0bbb"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "96", "memory": "1176944412Ki"})
    w.pod("ml-train", "trainer-0", node=node, gpu=8, containers=("trainer",),
          image="nvcr.io/nvidia/pytorch:24.02-py3", ready=False, owner=("StatefulSet", "trainer"),
          statuses=crashing("trainer", 1, restarts=6), cpu="90", memory="1000Gi")
    w.target("Pod", "ml-train", "trainer-0")


@case("fg306", node_subj("worker-gpu-0.ocp.example.com"),
      "OpenShift 4.19 GPU worker (RHCOS 9.6; RHCOS build, kernel, CRI-O and kubelet strings assumed for late 2025) "
      "with one GPU (model assumed) and the GPU Operator installed from OperatorHub (operand namespace modelled as the "
      "builder's `gpu-operator`); the ClusterPolicy's driver section sets only version 570.172.08 (no repository, no "
      "image) and its status is notReady; the driver DaemonSet pod's nvidia-driver-ctr has the image reference "
      "`/:570.172.08-rhel9.6` and waits in InvalidImageName with a kubelet InspectFailed event (x9; reason and "
      "message wording illustrative); toolkit and validator wait in driver-validation, device plugin and GFD in "
      "toolkit-validation; the node advertises no nvidia.com/gpu. The text is prose and not placed.")
def _(w, t):
    node = "worker-gpu-0.ocp.example.com"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "9.6.20251112-0 (Plow)", "5.14.0-570.60.1.el9_6.x86_64", "cri-o://1.32.9-2.rhaos4.19.git2a8c5e4.el9",
          "v1.32.9")
    ns = OPERATOR_NS
    drv = stack_pod(w, node, "driver")
    name = drv["metadata"]["name"]
    image = "/:570.172.08-rhel9.6"
    set_image(drv, "nvidia-driver-ctr", image)
    msg = f'Failed to apply default image tag "{image}": couldn\'t parse image name "{image}": invalid reference format'
    drv["status"]["phase"] = "Pending"
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "InvalidImageName", "message": msg}}, "ready": False,
                  "started": False})
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.logs.pop((ns, name, "nvidia-driver-ctr", False), None)
    w.event(ns, "Pod", name, "InspectFailed", msg, count=9, host=node, field_path="spec.containers{nvidia-driver-ctr}")
    w.event(ns, "Pod", name, "Failed", "Error: InvalidImageName", count=9, host=node,
            field_path="spec.containers{nvidia-driver-ctr}")
    operator_blocked(w, node)
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "gpu-cluster-policy", "creationTimestamp": T0},
        "spec": {"operator": {"defaultRuntime": "crio", "use_ocp_driver_toolkit": True},
                 "driver": {"enabled": True, "version": "570.172.08", "upgradePolicy": {"autoUpgrade": True}},
                 "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                 "dcgmExporter": {"enabled": True}, "validator": {"plugin": {"env": []}}},
        "status": {"state": "notReady", "namespace": ns,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "OperandNotReady",
                                   "message": "ClusterPolicy is not ready, states not ready: [state-driver]",
                                   "lastTransitionTime": T1}]}}]
    w.target("Node", None, node)


# ---- runtime layer ---------------------------------------------------------------------------

@case("fg302", pod_subj("nvidia-smi", "default"),
      "EKS 1.10 cluster (October 2018) with one worker from the EKS-optimized GPU AMI (p3.2xlarge assumed: one "
      "Tesla V100; Amazon Linux 2 with the host NVIDIA driver and nvidia-docker2, Docker runtime; kernel, Docker and "
      "kubelet strings assumed) and the NVIDIA device plugin 1.10 DaemonSet in kube-system advertising "
      "nvidia.com/gpu 1 (its healthy 2018-style log lines illustrative); the user guide's test pod `nvidia-smi` (image nvidia/cuda:latest, args nvidia-smi, one GPU, "
      "restartPolicy OnFailure) cannot start: its last termination (ContainerCannotRun, exit 128) carries the text "
      "as message and the kubelet Failed event (x6) is the text; the container is in back-off.")
def _(w, t):
    node = "ip-192-168-142-37.ec2.internal"
    host_node(w, node, gpus=1, labels={"beta.kubernetes.io/instance-type": "p3.2xlarge",
                                       "failure-domain.beta.kubernetes.io/region": "us-east-1"},
              info={"osImage": "Amazon Linux 2", "kernelVersion": "4.14.62-70.117.amzn2.x86_64",
                    "containerRuntimeVersion": "docker://17.6.2", "kubeletVersion": "v1.10.3",
                    "kubeProxyVersion": "v1.10.3"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "62884240Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-6xs2h", image="nvidia/k8s-device-plugin:1.10",
                   log="2018/10/07 09:12:41 Loading NVML\n2018/10/07 09:12:41 Fetching devices.\n"
                       "2018/10/07 09:12:41 Starting FS watcher.\n2018/10/07 09:12:41 Starting OS watcher.\n"
                       "2018/10/07 09:12:41 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
                       "2018/10/07 09:12:41 Registered device plugin with Kubelet\n")
    plugin_ds(w, KS, [p])
    ns, pod = "default", "nvidia-smi"
    p = w.pod(ns, pod, node=node, gpu=1, containers=("nvidia-smi",), image="nvidia/cuda:latest", ready=False,
              statuses=crashing("nvidia-smi", 128, "ContainerCannotRun", t, restarts=6), cpu="100m", memory="128Mi")
    p["spec"]["restartPolicy"] = "OnFailure"
    p["spec"]["containers"][0]["args"] = ["nvidia-smi"]
    w.event(ns, "Pod", pod, "Failed", t, count=6, host=node, field_path="spec.containers{nvidia-smi}")
    w.target("Pod", ns, pod)


@case("fg307", pod_subj("gpu-test1", "default"),
      "minikube single-node cluster (Docker driver, Docker Engine via cri-dockerd; minikube, Kubernetes and kernel "
      "strings assumed for April 2025) on a GPU workstation; the node advertises no nvidia.com/gpu and no device "
      "plugin is deployed (the thread describes neither; nothing GPU-related is modelled beyond the pod). The pod "
      "`gpu-test1` from `kubectl run ... --restart=Never --command -- nvidia-smi` (image "
      "nvidia/cuda:12.6.2-base-ubuntu22.04, no GPU request) is Failed: its container terminated with "
      "ContainerCannotRun (exit 127) whose message is the text after `Error response from daemon: `, and the "
      "kubelet Failed event is the text.")
def _(w, t):
    node = "minikube"
    n = w.node(node, cpu="16", memory="65574772Ki",
               labels={"minikube.k8s.io/name": "minikube", "minikube.k8s.io/primary": "true",
                       "minikube.k8s.io/version": "v1.35.0", "node-role.kubernetes.io/control-plane": ""})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-57-generic",
              containerRuntimeVersion="docker://27.4.1", kubeletVersion="v1.32.0", kubeProxyVersion="v1.32.0")
    ns, pod = "default", "gpu-test1"
    term = {"exitCode": 127, "reason": "ContainerCannotRun", "message": t.split("Error response from daemon: ", 1)[1],
            "startedAt": T0, "finishedAt": T0}
    p = w.pod(ns, pod, node=node, gpu=0, containers=(pod,), image="nvidia/cuda:12.6.2-base-ubuntu22.04",
              phase="Failed", ready=False, labels={"run": pod}, cpu="0", memory="0",
              statuses={pod: {"state": {"terminated": term}, "ready": False, "restartCount": 0}})
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["nvidia-smi"]
    p["spec"]["containers"][0]["resources"] = {}
    w.event(ns, "Pod", pod, "Failed", t, host=node, field_path=f"spec.containers{{{pod}}}")
    w.target("Pod", ns, pod)


@case("fg308", pod_subj("gpu-test", "default"),
      "kind cluster created by nvkind (control-plane and one worker; kindest/node v1.31 image, Debian 12 inside the "
      "node containers; host kernel, containerd and GPU model assumed: two RTX A6000) on a workstation; the NVIDIA "
      "device plugin (Helm release in namespace nvidia, runtimeClassName nvidia) Running on the worker with a "
      "healthy log and the worker advertising nvidia.com/gpu 2; the README's pod `gpu-test` (ubuntu:22.04, command "
      "`nvidia-smi -L`, limits nvidia.com/gpu 2, restartPolicy OnFailure) crash-loops with StartError (exit 128) "
      "whose message is the text, and the kubelet Failed event (x5) is the text.")
def _(w, t):
    info = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "6.8.0-52-generic",
            "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.31.0", "kubeProxyVersion": "v1.31.0"}
    cp = w.node("nvkind-ztq5k-control-plane", cpu="32", memory="131697484Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **info)
    node = "nvkind-ztq5k-worker"
    n = host_node(w, node, gpus=2, info=info, labels={"nvidia.com/gpu.present": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "32", "memory": "131697484Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-8mwtd", ns="nvidia", ds="nvidia-device-plugin",
                   runtime_class="nvidia", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
    plugin_ds(w, "nvidia", [p], ds="nvidia-device-plugin")
    ns, pod = "default", "gpu-test"
    p = w.pod(ns, pod, node=node, gpu=2, containers=("ctr",), image="ubuntu:22.04", ready=False,
              statuses=start_error("ctr", t), cpu="100m", memory="128Mi")
    p["spec"]["restartPolicy"] = "OnFailure"
    p["spec"]["containers"][0]["command"] = ["nvidia-smi", "-L"]
    w.event(ns, "Pod", pod, "Failed", t, count=5, host=node, field_path="spec.containers{ctr}")
    w.target("Pod", ns, pod)


# ---- plugin layer ----------------------------------------------------------------------------

@case("fg309", node_subj("gpu-node-1"),
      "Kubernetes 1.19 cluster (kubeadm-style, Docker 19.03, Ubuntu 18.04; version strings assumed for November "
      "2020) with one GPU node (one Tesla T4 assumed) and a CPU node; GPU Operator 1.3.0 (operand namespace modelled "
      "as the builder's `gpu-operator`): driver, toolkit, device plugin, GFD and validator Running, the node "
      "advertising nvidia.com/gpu 1 and carrying the NFD `pci-10de` label but none of GFD's labels; the chart's NFD "
      "master Deployment (args without --extra-label-ns) on the CPU node logs the text after three start-up lines "
      "(illustrative), and the NFD worker runs on both nodes.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-124-generic",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.4", "kubeProxyVersion": "v1.19.4"}
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109)
    strip_gfd(n)
    node_info(n, **info)
    cpu = w.node("cpu-node-1", cpu="16", memory="65865932Ki")
    node_info(cpu, **info)
    ns = OPERATOR_NS
    master = "gpu-operator-node-feature-discovery-master-5f8c6b7d9-qk4xm"
    mp = w.pod(ns, master, node="cpu-node-1", gpu=0, containers=("master",),
               labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "master"},
               owner=("ReplicaSet", "gpu-operator-node-feature-discovery-master-5f8c6b7d9"), cpu="100m", memory="128Mi")
    set_image(mp, "master", "quay.io/kubernetes_incubator/node-feature-discovery:v0.6.0")
    mp["spec"]["containers"][0]["command"] = ["nfd-master"]
    mp["spec"]["containers"][0]["args"] = ["--port=8080"]
    w.log(ns, master, "master",
          "2020/11/24 09:10:02 Node Feature Discovery Master v0.6.0\n2020/11/24 09:10:02 NodeName: 'cpu-node-1'\n"
          "2020/11/24 09:10:02 gRPC server serving on port: 8080\n" + t + "\n")
    wl = w.workload("Deployment", ns, "gpu-operator-node-feature-discovery-master", template_pod=mp,
                    status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                            "observedGeneration": 1})
    wl["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/name": "node-feature-discovery", "role": "master"}}
    workers = []
    for host, sfx in ((node, "hx8r2"), ("cpu-node-1", "m4q7c")):
        wp = w.pod(ns, f"gpu-operator-node-feature-discovery-worker-{sfx}", node=host, gpu=0, containers=("worker",),
                   labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"},
                   owner=("DaemonSet", "gpu-operator-node-feature-discovery-worker"), cpu="100m", memory="128Mi",
                   tolerations=GPU_TOLERATION)
        set_image(wp, "worker", "quay.io/kubernetes_incubator/node-feature-discovery:v0.6.0")
        workers.append(wp)
    w.workload("DaemonSet", ns, "gpu-operator-node-feature-discovery-worker", template_pod=workers[0],
               status=ds_status(2, 2, 2))
    w.target("Node", None, node)


@case("fg310", node_subj("gpu-worker-2"),
      "Kubernetes 1.34 cluster (kubeadm-style, containerd, Ubuntu 24.04; versions assumed for April 2026, the "
      "reporter's environment is not in the stored thread) with a CPU node and one GPU node (two GPUs assumed) "
      "running the GPU Operator and its NFD; the GPU node's label `nvidia.com/gpu.deploy.device-plugin` reads `true` "
      "again (reset by the operator after NFD rewrote the labels) and the whole operator stack on it is Running and "
      "Ready, the node advertising nvidia.com/gpu 2. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-88-generic",
            "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.2", "kubeProxyVersion": "v1.34.2"}
    cpu = w.node("cpu-worker-1", cpu="16", memory="65865932Ki")
    node_info(cpu, **info)
    n = w.gpu_node("gpu-worker-2", gpus=2, product="NVIDIA-H100-NVL", memory_mib=95830,
                   labels={"nvidia.com/gpu.deploy.dcgm-exporter": "true", "nvidia.com/gpu.deploy.dcgm": "true",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, **info)
    w.target("Node", None, "gpu-worker-2")


# ---- scheduler layer -------------------------------------------------------------------------

@case("fg305", pod_subj("train-model-pipeline-7k2xq-run-model-pod", "os-climate"),
      "OpenShift 4.10 cluster (Operate First OSC cl2; RHCOS, CRI-O and kubelet strings assumed for April 2022) with "
      "three tainted control-plane nodes, two CPU workers and one GPU worker (one GPU assumed) tainted "
      "`nvidia.com/gpu=true:NoSchedule` with the GPU Operator stack Running and nvidia.com/gpu 1 advertised; a "
      "Kubeflow Pipelines (Tekton) TaskRun pod in namespace os-climate whose step asks for one nvidia.com/gpu and "
      "carries no toleration is Pending with a FailedScheduling event (x18; wording and counts illustrative, the "
      "2022 default-scheduler format). Pod and pipeline names assumed. The text is prose and not placed.")
def _(w, t):
    rel, kernel, crio, kubelet = ("410.84.202204051823-0", "4.18.0-305.40.2.el8_4.x86_64",
                                  "cri-o://1.23.2-4.rhaos4.10.git9cd8cd2.el8", "v1.23.5+9ce5071")
    for i in range(3):
        m = w.node(f"master-{i}.cl2.osc.example", cpu="8", memory="32820868Ki",
                   labels={"node-role.kubernetes.io/master": ""},
                   taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
        rhcos(m, rel, kernel, crio, kubelet)
        m["metadata"]["labels"].pop("node-role.kubernetes.io/worker", None)
    for i in range(2):
        c = w.node(f"worker-{i}.cl2.osc.example", cpu="32", memory="131876548Ki")
        rhcos(c, rel, kernel, crio, kubelet)
    gpu = "gpu-worker-0.cl2.osc.example"
    g = w.gpu_node(gpu, gpus=1, product="Tesla-V100-PCIE-32GB", memory_mib=32768,
                   taints=({"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"},))
    rhcos(g, rel, kernel, crio, kubelet)
    ns, pod = "os-climate", "train-model-pipeline-7k2xq-run-model-pod"
    msg = ("0/6 nodes are available: 1 node(s) had taint {nvidia.com/gpu: true}, that the pod didn't tolerate, "
           "2 Insufficient nvidia.com/gpu, 3 node(s) had taint {node-role.kubernetes.io/master: }, that the pod "
           "didn't tolerate.")
    p = w.pod(ns, pod, gpu=1, containers=("step-main",), image="quay.io/os-climate/aicoe-osc-demo:v0.6.0",
              phase="Pending", scheduled_message=msg, cpu="2", memory="8Gi",
              labels={"tekton.dev/pipelineRun": "train-model-pipeline-7k2xq", "tekton.dev/pipelineTask": "run-model"},
              owner=("TaskRun", "train-model-pipeline-7k2xq-run-model"))
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "tekton.dev/v1beta1"
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=18)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
