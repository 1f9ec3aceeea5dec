"""Builds first-contact batch G10 (fixtures/first-contact/batch-g10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of 48
queries in the batch README (this round's pool: all four corpora of the `search` tool at once: `issues`, `pages`,
`docs`, `code`, 12 queries each). fg1001, fg1002 and fg1004 are prose cases (a reporter's or a PR author's own words,
which never reach the cluster): their text is NOT placed in the bundle; each builder builds the cluster state the
source describes. fg1003's text is a kubelet event message and is placed in the pod's FailedCreatePodSandBox event.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, kubelet and containerd builds,
image tags, GPU models, the workloads) are filled in plausibly; each scenario's README says which parts of the world
are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_g10      # (re)writes fixtures/first-contact/batch-g10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import HEALTHY_GFD_LOG, OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import init_stuck, node_subj, pod_subj

FC = ThreadBatch("batch-g10", "G10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a reporter's or a PR author's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fg1001", "fg1002", "fg1004"}


def _one_line(text: str) -> str:
    """A message the source quotes wrapped over several lines, as the single line the API holds."""
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


def _no_requests(pod: dict) -> dict:
    """A GPU-stack DaemonSet pod as its manifests ship it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


# ---- runtime layer ---------------------------------------------------------------------------

_RKE2_INFO = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-57-generic",
              "containerRuntimeVersion": "containerd://2.2.2-k3s1", "kubeletVersion": "v1.35.3+rke2r1",
              "kubeProxyVersion": "v1.35.3+rke2r1"}

_TOOLKIT_LOG = (
    'time="2026-04-24T09:41:07Z" level=info msg="Parsing arguments"\n'
    'time="2026-04-24T09:41:07Z" level=info msg="Starting nvidia-toolkit"\n'
    'time="2026-04-24T09:41:07Z" level=info msg="Verifying Flags"\n'
    'time="2026-04-24T09:41:07Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Setting up runtime"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Starting \'setup\' for containerd"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Config file does not exist; using empty config"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Wrote updated config to '
    '/var/lib/rancher/rke2/agent/etc/containerd/config.toml.d/99-nvidia.toml"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Sending SIGHUP signal to containerd"\n'
    'time="2026-04-24T09:41:08Z" level=info msg="Successfully signaled containerd"\n')


@case("fg1001", node_subj("gpu-rke2-01"),
      "Single-node RKE2 cluster v1.35.3+rke2r1 with rke2's embedded containerd 2.2.2 (the version the issue names; "
      "the RKE2 release, host OS, kernel and GPU assumed): the one node gpu-rke2-01 (control plane, etcd and GPU "
      "worker, one NVIDIA L40S, host-installed driver, so the operator runs in pre-installed-driver mode) with its "
      "Ready condition False and the kubelet's 'container runtime is down' message (wording illustrative) and a "
      "Starting event of the kubelet counted 14 times (the rke2 restart loop, illustrative), advertising no "
      "nvidia.com/gpu. The GPU Operator (namespace gpu-operator) has its toolkit DaemonSet pod "
      "nvidia-container-toolkit-daemonset Running again after 14 restarts, its current log (illustrative, the "
      "toolkit's usual lines) ending with 'Sending SIGHUP signal to containerd' / 'Successfully signaled "
      "containerd'; the device plugin, GFD and operator-validator pods wait in their toolkit-validation / "
      "driver-validation init containers. containerd's own journal line quoted by the issue is not a bundle "
      "source, and the reporter's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.35.3+rke2r1"
    name = "gpu-rke2-01"
    n = w.gpu_node(name, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="263842588Ki",
                   ready=False,
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                           "node-role.kubernetes.io/master": "true", "node.kubernetes.io/instance-type": "rke2",
                           "nvidia.com/gpu.deploy.driver": "pre-installed",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, **_RKE2_INFO)
    for res in ("capacity", "allocatable"):
        n["status"][res].pop("nvidia.com/gpu", None)
    for c in n["status"]["conditions"]:
        if c["type"] == "Ready":
            c["message"] = "container runtime is down"
        elif c["type"] == "MemoryPressure":
            c.update({"status": "False", "reason": "KubeletHasSufficientMemory",
                      "message": "kubelet has sufficient memory available"})
        elif c["type"] == "DiskPressure":
            c.update({"status": "False", "reason": "KubeletHasNoDiskPressure",
                      "message": "kubelet has no disk pressure"})
    # the pre-installed driver: no driver DaemonSet pod
    drv = w.stack(name, "driver")
    w.pods[OPERATOR_NS] = [p for p in w.pods[OPERATOR_NS] if p["metadata"]["name"] != drv]
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == drv]:
        w.logs.pop(key)
    for p in w.pods[OPERATOR_NS]:
        _no_requests(p)
    tk = w.get_pod(OPERATOR_NS, w.stack(name, "toolkit"))
    for s in tk["status"]["containerStatuses"]:
        s.update({"restartCount": 14, "ready": True,
                  "lastState": {"terminated": {"exitCode": 255, "reason": "Unknown", "startedAt": T0,
                                               "finishedAt": T1}}})
    w.log(OPERATOR_NS, tk["metadata"]["name"], "nvidia-container-toolkit-ctr", _TOOLKIT_LOG)
    init_stuck(w, name, "device-plugin", "toolkit-validation", None)
    init_stuck(w, name, "gfd", "toolkit-validation", None)
    init_stuck(w, name, "validator", "toolkit-validation", None)
    for role in ("device-plugin", "gfd", "validator"):
        pod = w.stack(name, role)
        for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == pod]:
            w.logs.pop(key)
    w.event("default", "Node", name, "Starting", "Starting kubelet.", type="Normal", component="kubelet",
            host=name, count=14)
    w.event("default", "Node", name, "NodeNotReady", f"Node {name} status is now: NodeNotReady", type="Normal",
            component="node-controller", count=14)
    w.event(OPERATOR_NS, "Pod", tk["metadata"]["name"], "SandboxChanged",
            "Pod sandbox changed, it will be killed and re-created.", type="Normal", component="kubelet",
            host=name, count=14)
    w.target("Node", None, name)


_EKS_AL2_INFO = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.186-179.751.amzn2.x86_64",
                 "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.27.4-eks-8ccc7ba",
                 "kubeProxyVersion": "v1.27.4-eks-8ccc7ba"}


def _eks_labels(ng: str, itype: str, zone: str = "us-east-1a", extra: dict | None = None) -> dict:
    labels = {"eks.amazonaws.com/nodegroup": ng, "eks.amazonaws.com/capacityType": "ON_DEMAND",
              "node.kubernetes.io/instance-type": itype, "beta.kubernetes.io/instance-type": itype,
              "topology.kubernetes.io/region": "us-east-1", "topology.kubernetes.io/zone": zone,
              "failure-domain.beta.kubernetes.io/region": "us-east-1", "failure-domain.beta.kubernetes.io/zone": zone}
    labels.update(extra or {})
    return labels


@case("fg1002", pod_subj("cuda-gvisor", "default"),
      "EKS 1.27 cluster (versions, names and instance types assumed; the issue names the AMI family only): the "
      "system node ip-10-0-12-41.ec2.internal (m5.large) and the GPU node ip-10-0-17-208.ec2.internal (g4dn.xlarge, "
      "one Tesla T4) on the regular Amazon Linux 2 EKS AMI, with the NVIDIA driver, the container toolkit and runsc "
      "installed by the reporter (containerd runtimes nvidia and runsc, nvproxy=true), advertising nvidia.com/gpu 1, "
      "all of it allocated. The NVIDIA k8s-device-plugin DaemonSet (kube-system, v0.14.1, 1/1 ready, startup log "
      "without error) runs on the GPU node. The pod cuda-gvisor (namespace default, image "
      "nvidia/cuda:12.2.0-base-ubuntu22.04, runtimeClassName gvisor, one GPU, command sleep) is Running and ready; "
      "an `nvidia-smi` exec in it fails with \"executable file not found in $PATH\" (exit 126) and a `printenv "
      "NVIDIA_VISIBLE_DEVICES` exec answers the GPU's UUID (both illustrative: the issue says the variables are set "
      "and the binary is gone). The reporter's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.27.4-eks-8ccc7ba"
    sysn = "ip-10-0-12-41.ec2.internal"
    n = w.node(sysn, cpu="2", memory="7934440Ki", alloc_cpu="1930m", alloc_memory="7244264Ki", pods_cap="29",
               labels=_eks_labels("system", "m5.large"))
    node_info(n, **_EKS_AL2_INFO)
    gpu = "ip-10-0-17-208.ec2.internal"
    g = w.node(gpu, gpus=1, cpu="4", memory="16181152Ki", alloc_cpu="3920m", alloc_memory="15490976Ki",
               pods_cap="29", labels=_eks_labels("gpu-gvisor", "g4dn.xlarge", "us-east-1b", {"gvisor": "enabled"}))
    node_info(g, **_EKS_AL2_INFO)
    plugin_log = ("2023/09/12 16:02:11 Starting FS watcher.\n"
                  "2023/09/12 16:02:11 Starting OS watcher.\n"
                  "2023/09/12 16:02:11 Starting Plugins.\n"
                  "2023/09/12 16:02:11 Loading configuration.\n"
                  "2023/09/12 16:02:11 Updating config with default resource matching patterns.\n"
                  "2023/09/12 16:02:11 Retreiving plugins.\n"
                  "2023/09/12 16:02:11 Detected NVML platform: found NVML library\n"
                  "2023/09/12 16:02:11 Detected non-Tegra platform: /sys/devices/soc0/family file not found\n"
                  "2023/09/12 16:02:11 Starting GRPC server for 'nvidia.com/gpu'\n"
                  "2023/09/12 16:02:11 Starting to serve 'nvidia.com/gpu' on "
                  "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                  "2023/09/12 16:02:11 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
    pp = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-7kq4d", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.1",
                    log=plugin_log)
    pp["spec"]["priorityClassName"] = "system-node-critical"
    _no_requests(pp)
    plugin_ds(w, KS, [pp])
    ns, pod = "default", "cuda-gvisor"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("cuda",), image="nvidia/cuda:12.2.0-base-ubuntu22.04",
              runtime_class="gvisor", labels={"app": "cuda-gvisor"}, cpu="1", memory="2Gi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    p["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    p["spec"]["restartPolicy"] = "Never"
    w.exec(ns, pod, "cuda", ["nvidia-smi"], "",
           'OCI runtime exec failed: exec failed: unable to start container process: exec: "nvidia-smi": '
           'executable file not found in $PATH: unknown\n', exit_code=126)
    w.exec(ns, pod, "cuda", ["printenv", "NVIDIA_VISIBLE_DEVICES"], "GPU-5f7e0a1c-3b2d-9e44-8a61-0c2f9d7b3e15\n")
    w.target("Pod", ns, pod)


_NVPROXY_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1024-aws",
                 "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.3",
                 "kubeProxyVersion": "v1.32.3"}


@case("fg1003", pod_subj("sandboxed-infer-6d9b7c5f8-q2x7n", "sandbox"),
      "Kubernetes v1.32.3 cluster (the issue names no distribution; its fix's motivation mentions AWS EC2 GPU fleets; "
      "names, versions and the GPU assumed): one CPU node and the GPU node gpu-sandbox-1 (one NVIDIA A10G, "
      "containerd 1.7.27, host NVIDIA driver 570.211.01 shown by GPU Feature Discovery's labels "
      "nvidia.com/cuda.driver-version.full=570.211.01 and friends, gVisor runsc release-20260316.0 installed as the "
      "containerd runtime handler runsc with nvproxy = \"true\" in runsc.toml), advertising nvidia.com/gpu 1; the "
      "NVIDIA device plugin and GFD DaemonSets (kube-system) run there without error. The Deployment sandboxed-infer "
      "(namespace sandbox, runtimeClassName gvisor, one GPU) has one pod scheduled on the GPU node and stuck in "
      "ContainerCreating, with the kubelet's FailedCreatePodSandBox event holding the issue's message (its four "
      "lines joined into one, the sandbox id \"...\" as quoted) counted 23 times; the GPU is allocated to it.")
def _(w, t):
    w.git_version = "v1.32.3"
    cpu = "cpu-node-1"
    n = w.node(cpu, cpu="8", memory="32386408Ki", alloc_cpu="7910m", alloc_memory="31236456Ki")
    node_info(n, **_NVPROXY_INFO)
    gpu = "gpu-sandbox-1"
    g = w.node(gpu, gpus=1, cpu="16", memory="65023068Ki", alloc_cpu="15890m", alloc_memory="63873116Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-A10G",
                       "nvidia.com/gpu.count": "1", "nvidia.com/gpu.memory": "23028",
                       "nvidia.com/gpu.family": "ampere", "nvidia.com/gpu.machine": "g5.4xlarge",
                       "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "211",
                       "nvidia.com/cuda.driver.rev": "01", "nvidia.com/cuda.driver-version.full": "570.211.01",
                       "nvidia.com/cuda.driver-version.major": "570", "nvidia.com/cuda.driver-version.minor": "211",
                       "nvidia.com/cuda.driver-version.revision": "01", "nvidia.com/cuda.runtime.major": "12",
                       "nvidia.com/cuda.runtime.minor": "8", "nvidia.com/cuda.runtime-version.full": "12.8",
                       "nvidia.com/gfd.timestamp": "1774300000", "sandbox.gvisor.dev/runtime": "runsc",
                       "feature.node.kubernetes.io/pci-10de.present": "true"})
    node_info(g, **_NVPROXY_INFO)
    pp = _no_requests(plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-m4t9z"))
    plugin_ds(w, KS, [pp])
    gfd = w.pod(KS, "gpu-feature-discovery-w8c2r", node=gpu, gpu=0, containers=("gpu-feature-discovery",),
                image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1", owner=("DaemonSet", "gpu-feature-discovery"),
                labels={"app.kubernetes.io/name": "gpu-feature-discovery"}, cpu="100m", memory="128Mi",
                tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.log(KS, gfd["metadata"]["name"], "gpu-feature-discovery", HEALTHY_GFD_LOG)
    ds = w.workload("DaemonSet", KS, "gpu-feature-discovery", template_pod=gfd, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ns, dep = "sandbox", "sandboxed-infer"
    rs = f"{dep}-6d9b7c5f8"
    pod = f"{rs}-q2x7n"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("infer",), image="registry.internal/ml/sandboxed-infer:1.4.2",
              phase="Pending", owner=("ReplicaSet", rs), labels={"app": dep}, runtime_class="gvisor",
              statuses={"infer": {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                  "restartCount": 0}},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              cpu="4", memory="16Gi")
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep),
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "fullyLabeledReplicas": 1})
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", type="Normal",
            component="default-scheduler")
    w.event(ns, "Pod", pod, "FailedCreatePodSandBox", _one_line(t), component="kubelet", host=gpu, count=23)
    w.target("Pod", ns, pod)


# ---- scheduler layer -------------------------------------------------------------------------

_EKS_GPU_INFO = {"osImage": "Amazon Linux 2023.7.20260601", "kernelVersion": "6.1.140-154.222.amzn2023.x86_64",
                 "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.1-eks-7e1e3ab",
                 "kubeProxyVersion": "v1.33.1-eks-7e1e3ab"}


@case("fg1004", pod_subj("pytorch-single-node-training-8t2vx", "dlc-tests"),
      "EKS 1.33 test cluster (the PR names the instance types and the test_type=gpu label; names, counts, the "
      "autoscaler's node-group names and versions assumed): one CPU node (m5.2xlarge), two GPU nodes "
      "(g6.2xlarge: 8 vCPU, allocatable 7910m, one NVIDIA L4 each, free) labelled test_type=gpu and tainted "
      "nvidia.com/gpu=true:NoSchedule, on the EKS accelerated AL2023 AMI, the NVIDIA device plugin DaemonSet 2/2 "
      "ready; a g5.24xlarge node group exists at zero nodes. The test's pod pytorch-single-node-training-8t2vx "
      "(namespace dlc-tests, one GPU, cpu limit 36 and therefore request 36, nodeSelector test_type=gpu) is Pending "
      "with a FailedScheduling event '0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, "
      "2 Insufficient cpu' and a cluster-autoscaler TriggeredScaleUp event for the g5.24xlarge group (both "
      "wordings illustrative, standard formats); no new node has joined. The PR's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.33.1-eks-7e1e3ab"
    cpun = "ip-192-168-41-17.us-west-2.compute.internal"
    n = w.node(cpun, cpu="8", memory="32408532Ki", alloc_cpu="7910m", alloc_memory="31393748Ki", pods_cap="58",
               labels=_eks_labels("cpu-ng", "m5.2xlarge", "us-west-2a") | {"topology.kubernetes.io/region": "us-west-2",
                                                                          "failure-domain.beta.kubernetes.io/region": "us-west-2"})
    node_info(n, **_EKS_GPU_INFO)
    gtaint = {"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}
    pods = []
    for i, (name, zone) in enumerate((("ip-192-168-52-90.us-west-2.compute.internal", "us-west-2b"),
                                      ("ip-192-168-77-133.us-west-2.compute.internal", "us-west-2c"))):
        labels = _eks_labels("gpu-g6-2xlarge", "g6.2xlarge", zone, {
            "topology.kubernetes.io/region": "us-west-2", "failure-domain.beta.kubernetes.io/region": "us-west-2",
            "test_type": "gpu", "k8s.amazonaws.com/accelerator": "nvidia-l4"})
        g = w.node(name, gpus=1, cpu="8", memory="32408532Ki", alloc_cpu="7910m", alloc_memory="31393748Ki",
                   pods_cap="58", taints=(gtaint,), labels=labels)
        node_info(g, **_EKS_GPU_INFO)
        pp = plugin_pod(w, name, f"nvidia-device-plugin-daemonset-{['h7x2p', 'r4m9k'][i]}",
                        image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
        pods.append(_no_requests(pp))
    plugin_ds(w, KS, pods)
    ns, pod = "dlc-tests", "pytorch-single-node-training-8t2vx"
    msg = ("0/3 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 2 Insufficient cpu. "
           "preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims "
           "found for incoming pod.")
    p = w.pod(ns, pod, gpu=1, containers=("pytorch-training",),
              image="763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.10.0-gpu-py312-cu130-ubuntu22.04-ec2",
              phase="Pending", labels={"app": "pytorch-single-node-training"}, node_selector={"test_type": "gpu"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              cpu="36", memory="32Gi", scheduled_message=msg)
    res = p["spec"]["containers"][0]["resources"]
    res["limits"]["cpu"] = "36"
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            "pod triggered scale-up: [{eks-gpu-g5-24xlarge-5ac8e2f1-7b3d-4e2a-9f10-2d6c4b8e1a77 0->1 (max: 2)}]",
            type="Normal", component="cluster-autoscaler", count=4)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
