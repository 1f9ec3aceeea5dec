"""Builds first-contact batch G11 (fixtures/first-contact/batch-g11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of 72
queries in the batch README (all four corpora of the `search` tool at once: `issues`, `pages`, `docs`, `code`, 18
queries each). fg1101 and fg1103 are prose cases (an issue title, a project member's answer): their text is NOT
placed in the bundle; each builder builds the cluster state the source describes. fg1102's text is placed in the
crash-looping container's previous log, fg1104's in a Warning event of the VirtualMachineInstance.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state are filled in plausibly; each scenario's README says which parts of the
world are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_g11      # (re)writes fixtures/first-contact/batch-g11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, strip_gfd
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenario_builder import HEALTHY_GFD_LOG, OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g11", "G11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (an issue title, a project member's answer): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fg1101", "fg1103"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _move_ns(w, old: str, new: str) -> None:
    """Move every pod, log and event of namespace `old` to `new` (the operator installed elsewhere)."""
    pods = w.pods.pop(old, [])
    for p in pods:
        p["metadata"]["namespace"] = new
    w.pods.setdefault(new, []).extend(pods)
    for key in [k for k in w.logs if k[0] == old]:
        w.logs[(new,) + key[1:]] = w.logs.pop(key)


def _waiting_init(p: dict) -> dict:
    """A pod whose sandbox was never created: Pending, its init and main containers waiting."""
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in p["status"].get("initContainerStatuses", []) + p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False,
                  "restartCount": 0, "containerID": ""})
    return p


# ---- runtime layer: MicroK8s 1.21 ---------------------------------------------------------

_MK8S_121_INFO = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-117-generic",
                  "containerRuntimeVersion": "containerd://1.4.4", "kubeletVersion": "v1.21.13-3+54bd8e3a4f5f6e",
                  "kubeProxyVersion": "v1.21.13-3+54bd8e3a4f5f6e"}

_MK8S_TOOLKIT_LOG = (
    'time="2022-06-08T07:41:12Z" level=info msg="Starting nvidia-toolkit"\n'
    'time="2022-06-08T07:41:12Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
    'time="2022-06-08T07:41:13Z" level=info msg="Setting up runtime"\n'
    'time="2022-06-08T07:41:13Z" level=info msg="Successfully signaled containerd"\n'
    'time="2022-06-08T07:41:13Z" level=info msg="Waiting for signal"\n')

_MK8S_DRIVER_LOG = """DRIVER_ARCH is x86_64
Creating directory NVIDIA-Linux-x86_64-510.47.03
Loading NVIDIA driver kernel modules...
+ modprobe nvidia
+ modprobe nvidia-uvm
+ modprobe nvidia-modeset
Done, now waiting for signal
"""

_NO_NVIDIA = ('Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: '
              'no runtime for "nvidia" is configured')


@case("fg1101", node_subj("gpu-ws-01"),
      "Single-node MicroK8s 1.21 (snap) on Ubuntu 20.04 (versions, names and the GPU assumed; the issue names "
      "MicroK8s 1.21, focal and GPU Operator v1.10.1): the node gpu-ws-01 (control plane and GPU worker, NFD label "
      "pci-10de present, GPU Operator deploy labels, no GFD labels because GFD never ran) advertises no "
      "nvidia.com/gpu. In gpu-operator-resources the operator, NFD master and worker run; the driver DaemonSet pod "
      "runs (driver 510.47.03, the operator's v1.10.1 default) and the container-toolkit pod runs (its log "
      "illustrative, the toolkit's usual lines); the device plugin, GFD, operator validator, DCGM and DCGM exporter "
      "pods (runtimeClassName nvidia) stay Pending at Init:0/1 with the kubelet's FailedCreatePodSandBox event "
      "'... failed to get sandbox runtime: no runtime for \"nvidia\" is configured' counted 26 times each (the "
      "kubelet's standard wording, as the reporter's twin issue #3219 quotes it). The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.21.13-3+54bd8e3a4f5f6e"
    name = "gpu-ws-01"
    n = w.gpu_node(name, gpus=1, cpu="16", memory="65842064Ki",
                   labels={"microk8s.io/cluster": "true",
                           "node.kubernetes.io/microk8s-controlplane": "microk8s-controlplane"})
    node_info(n, **_MK8S_121_INFO)
    strip_gfd(n)
    for res in ("capacity", "allocatable"):
        n["status"][res].pop("nvidia.com/gpu", None)
    ns = "gpu-operator-resources"
    _move_ns(w, OPERATOR_NS, ns)
    w.log(ns, w.stack(name, "driver"), "nvidia-driver-ctr", _MK8S_DRIVER_LOG)
    tk = w.get_pod(ns, w.stack(name, "toolkit"))
    tk["spec"].pop("runtimeClassName", None)
    w.log(ns, tk["metadata"]["name"], "nvidia-container-toolkit-ctr", _MK8S_TOOLKIT_LOG)
    stuck = [w.get_pod(ns, w.stack(name, r)) for r in ("device-plugin", "gfd", "validator")]
    for p in stuck:
        for key in [k for k in w.logs if k[0] == ns and k[1] == p["metadata"]["name"]]:
            w.logs.pop(key)
    for app, ctr in (("nvidia-dcgm", "nvidia-dcgm-ctr"), ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter")):
        p = w.pod(ns, f"{app}-m7q2c" if app == "nvidia-dcgm" else f"{app}-x4k8d", node=name, gpu=0,
                  containers=(ctr,), init_containers=("toolkit-validation",), owner=("DaemonSet", app),
                  labels={"app": app}, runtime_class="nvidia", tolerations=GPU_TOL)
        w.workload("DaemonSet", ns, app, template_pod=p, status=ds_status(1, 1, 0))["spec"].pop("replicas", None)
        stuck.append(p)
    for p in stuck:
        _waiting_init(p)
        w.event(ns, "Pod", p["metadata"]["name"], "FailedCreatePodSandBox", _NO_NVIDIA, component="kubelet",
                host=name, count=26)
    for pname, app in (("gpu-operator-7d4c8bd5f9-2xk4p", "gpu-operator"),
                       ("gpu-operator-node-feature-discovery-master-6c9d8f7b4-qw8rt", "node-feature-discovery-master"),
                       ("gpu-operator-node-feature-discovery-worker-5lq2v", "node-feature-discovery-worker")):
        w.pod(ns, pname, node=name, gpu=0, containers=(app,), labels={"app": app},
              owner=("DaemonSet", app) if "worker" in pname else ("ReplicaSet", pname.rsplit("-", 1)[0]),
              cpu="100m", memory="128Mi")
    w.target("Node", None, name)


# ---- application layer: MicroK8s 1.29, ACE Animation Pipeline --------------------------------

_MK8S_129_INFO = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "6.5.0-35-generic",
                  "containerRuntimeVersion": "containerd://1.6.28", "kubeletVersion": "v1.29.4",
                  "kubeProxyVersion": "v1.29.4"}

_DRIVER_535_LOG = _MK8S_DRIVER_LOG.replace("510.47.03", "535.129.03")


@case("fg1102", pod_subj("a2f-3d-7c9d8b6f5-k2x9m", "app"),
      "Single-node MicroK8s 1.29 on Ubuntu 22.04 with the nvidia addon (GPU Operator v23.9, namespace "
      "gpu-operator-resources; all versions, names and the GPU assumed; the documentation names only MicroK8s "
      "1.29/1.30 and minikube): the node ace-dev-01 (one NVIDIA L40S) advertises nvidia.com/gpu 1, its GFD labels "
      "show driver 535.129.03 (CUDA 12.2), the operator's driver, toolkit, device plugin, GFD and validator pods run "
      "without error. The ACE Animation Pipeline's GPU microservice a2f-3d (namespace app, Deployment, one GPU, "
      "image with CUDA_VERSION=12.4.1) crash-loops: exit code 1, restart count 9, its previous log holding the "
      "documented error line (no other line invented), the kubelet's BackOff event.")
def _(w, t):
    w.git_version = "v1.29.4"
    name = "ace-dev-01"
    n = w.gpu_node(name, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="131596144Ki",
                   labels={"microk8s.io/cluster": "true",
                           "node.kubernetes.io/microk8s-controlplane": "microk8s-controlplane",
                           "nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "129",
                           "nvidia.com/cuda.driver.rev": "03", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "2", "nvidia.com/gpu.family": "ada-lovelace"})
    node_info(n, **_MK8S_129_INFO)
    _move_ns(w, OPERATOR_NS, "gpu-operator-resources")
    w.log("gpu-operator-resources", w.stack(name, "driver"), "nvidia-driver-ctr", _DRIVER_535_LOG)
    ns, dep = "app", "a2f-3d"
    rs = f"{dep}-7c9d8b6f5"
    pod = f"{rs}-k2x9m"
    p = w.pod(ns, pod, node=name, gpu=1, containers=("a2f-3d",), image="nvcr.io/nvidia/ace/audio2face-3d:1.0",
              owner=("ReplicaSet", rs), labels={"app": dep}, cpu="8", memory="24Gi",
              env=[{"name": "CUDA_VERSION", "value": "12.4.1"}], tolerations=GPU_TOL)
    crashloop(p, "a2f-3d", restarts=9, code=1)
    w.log(ns, pod, "a2f-3d", t, previous=True)
    backoff(w, ns, pod, "a2f-3d", name, count=41)
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep),
               status={"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "fullyLabeledReplicas": 1})
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.target("Pod", ns, pod)


# ---- plugin layer: HAMi vgpu-monitor ----------------------------------------------------------

_HAMI_PLUGIN_LOG = """I1129 14:01:03.102331       1 main.go:93] Starting FS watcher.
I1129 14:01:03.102513       1 main.go:100] Starting OS watcher.
I1129 14:01:03.118092       1 register.go:159] Registering device plugin for 'nvidia.com/gpu'
I1129 14:01:03.121407       1 server.go:171] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock
I1129 14:01:03.124016       1 server.go:179] Registered device plugin for 'nvidia.com/gpu' with Kubelet
"""

_HAMI_MONITOR_LOG = """Initializing metrics...
server listening at [::]:9395
"""

# (pod, container, started): the containers whose HAMi-core caches the issue lists, pytorch's the old one
_VGPU_PODS = (("sd-webui-6f8b9c7d5-r2k4x", "stable-diffusion", "2026-11-24T06:30:00Z"),
              ("dataset-loader-5c7d9b8f6-m8q2z", "dataset-loader", "2026-11-23T06:15:00Z"),
              ("pytorch-notebook-0", "pytorch", "2026-11-08T09:20:00Z"),
              ("inference-7b9c5d8f4-t6w3n", "inference", "2026-11-22T06:30:00Z"),
              ("kebe-dev-0", "kebe-dev", "2026-11-23T09:50:00Z"))


@case("fg1103", pod_subj("hami-device-plugin-8wz5k", KS),
      "Kubernetes v1.28 cluster with HAMi (namespace kube-system; versions, names, the GPU count and the split "
      "count assumed; the issue names the node worker-a800-3 and the containers): the node worker-a800-3 (8 NVIDIA "
      "A800 80GB, label gpu=on, advertising nvidia.com/gpu 80 with deviceSplitCount 10) runs the HAMi device-plugin "
      "DaemonSet pod hami-device-plugin-8wz5k (started 2026-11-19, after the HAMi upgrade), its device-plugin "
      "container ready, its vgpu-monitor container in CrashLoopBackOff (exit code 2, 37 restarts; its previous log "
      "holds only the monitor's startup lines, illustrative: the panic's text is not quoted by the issue); the "
      "hami-scheduler runs. Five workload pods (namespace ai, schedulerName hami-scheduler, one vGPU each) run "
      "without error: stable-diffusion, dataset-loader, inference, kebe-dev (started 2026-11-22..24) and pytorch "
      "(started 2026-11-08, before the upgrade). The project member's answer is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.9"
    name = "worker-a800-3"
    n = w.node(name, gpus=80, cpu="128", memory="1056457696Ki",
               labels={"gpu": "on", "nvidia.com/gpu.present": "true"})
    node_info(n, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-105-generic",
              containerRuntimeVersion="containerd://1.7.13", kubeletVersion="v1.28.9", kubeProxyVersion="v1.28.9")
    n["metadata"]["annotations"] = {"hami.io/node-handshake": "Reported 2026-11-29 14:58:01",
                                    "hami.io/node-nvidia-register": "GPU-3a1c...,10,81920,100,NVIDIA-NVIDIA A800-SXM4-80GB,0,true:..."}
    cp = w.node("master-1", cpu="16", memory="65842064Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, osImage="Ubuntu 22.04.4 LTS", kernelVersion="5.15.0-105-generic",
              containerRuntimeVersion="containerd://1.7.13", kubeletVersion="v1.28.9", kubeProxyVersion="v1.28.9")
    dp = "hami-device-plugin-8wz5k"
    p = w.pod(KS, dp, node=name, gpu=0, containers=("device-plugin", "vgpu-monitor"),
              image="projecthami/hami:v2.3.12", owner=("DaemonSet", "hami-device-plugin"),
              labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
              cpu="100m", memory="128Mi", tolerations=GPU_TOL)
    p["metadata"]["creationTimestamp"] = "2026-11-19T03:10:00Z"
    p["status"]["startTime"] = "2026-11-19T03:10:00Z"
    crashloop(p, "vgpu-monitor", restarts=37, code=2)
    w.log(KS, dp, "device-plugin", _HAMI_PLUGIN_LOG)
    w.log(KS, dp, "vgpu-monitor", _HAMI_MONITOR_LOG)
    w.log(KS, dp, "vgpu-monitor", _HAMI_MONITOR_LOG, previous=True)
    backoff(w, KS, dp, "vgpu-monitor", name, count=212)
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=p, status=ds_status(1, 1, 0))
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["spec"]["nodeSelector"] = {"gpu": "on"}
    sched = w.pod(KS, "hami-scheduler-6d8f7c9b5-x2l7q", node="master-1", gpu=0,
                  containers=("kube-scheduler", "vgpu-scheduler-extender"), image="projecthami/hami:v2.3.12",
                  owner=("ReplicaSet", "hami-scheduler-6d8f7c9b5"),
                  labels={"app.kubernetes.io/component": "hami-scheduler"}, cpu="100m", memory="256Mi")
    w.workload("Deployment", KS, "hami-scheduler", template_pod=sched,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    for pod, ctr, started in _VGPU_PODS:
        wp = w.pod("ai", pod, node=name, gpu=1, containers=(ctr,), scheduler="hami-scheduler",
                   image="registry.internal/ai/" + ctr + ":latest", labels={"app": ctr}, cpu="8", memory="64Gi",
                   tolerations=GPU_TOL)
        res = wp["spec"]["containers"][0]["resources"]
        res["limits"]["nvidia.com/gpumem"] = "20000"
        wp["metadata"]["creationTimestamp"] = started
        wp["status"]["startTime"] = started
        wp["metadata"]["annotations"] = {"hami.io/vgpu-node": name, "hami.io/bind-phase": "success"}
    w.target("Pod", KS, dp)


# ---- runtime layer: Harvester vGPU VM ---------------------------------------------------------

_HARVESTER_INFO = {"osImage": "Harvester v1.3.0-rc3", "kernelVersion": "5.14.21-150500.55.39-default",
                   "containerRuntimeVersion": "containerd://1.7.11-k3s2", "kubeletVersion": "v1.27.10+rke2r1",
                   "kubeProxyVersion": "v1.27.10+rke2r1"}

_VGPU_RES = "nvidia.com/NVIDIA_A10-4Q"


@case("fg1104", pod_subj("virt-launcher-test-vm-9kq2d", "default"),
      "Two-node bare-metal Harvester v1.3.0-rc3 cluster (RKE2 v1.27.10+rke2r1 and KubeVirt; the node names, the "
      "NVIDIA A10 GPUs, the vGPU profile NVIDIA_A10-4Q and its resource name assumed): harvester-node-0 and "
      "harvester-node-1 (HPE DL360, control plane and workers) each advertise nvidia.com/NVIDIA_A10-4Q 6. In "
      "namespace default the VirtualMachine test-vm (two vGPUs of that profile, display defaults) has its "
      "VirtualMachineInstance Scheduled on harvester-node-0 and not ready, and its virt-launcher pod "
      "virt-launcher-test-vm-9kq2d Running but not ready, holding the two vGPUs; a Warning event SyncFailed of the "
      "VirtualMachineInstance from virt-handler (reason and component illustrative) holds the issue's message, "
      "counted 12 times.")
def _(w, t):
    w.git_version = "v1.27.10+rke2r1"
    for i, name in enumerate(("harvester-node-0", "harvester-node-1")):
        n = w.node(name, gpus=6, resource=_VGPU_RES, cpu="48", memory="395875376Ki",
                   labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/etcd": "true",
                           "node-role.kubernetes.io/master": "true", "harvesterhci.io/managed": "true",
                           "kubevirt.io/schedulable": "true"})
        node_info(n, **_HARVESTER_INFO)
    ns, vm = "default", "test-vm"
    pod = "virt-launcher-test-vm-9kq2d"
    p = w.pod(ns, pod, node="harvester-node-0", gpu=2, resource=_VGPU_RES, containers=("compute",),
              image="registry.suse.com/suse/sles/15.5/virt-launcher:1.1.0-150500.8.6.1",
              labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": vm, "harvesterhci.io/vmName": vm},
              ready=False, cpu="2", memory="4363Mi")
    p["metadata"]["ownerReferences"] = [{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                                          "name": vm, "uid": "5c0d7a3e-1f2b-4c8d-9e6a-7b3f2d1c0a99",
                                          "controller": True, "blockOwnerDeletion": True}]
    gpus = [{"name": "gpu1", "deviceName": _VGPU_RES}, {"name": "gpu2", "deviceName": _VGPU_RES}]
    vmi = {"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
           "metadata": {"name": vm, "namespace": ns, "uid": "5c0d7a3e-1f2b-4c8d-9e6a-7b3f2d1c0a99",
                        "labels": {"harvesterhci.io/vmName": vm}, "creationTimestamp": T0},
           "spec": {"domain": {"cpu": {"cores": 2}, "memory": {"guest": "4Gi"},
                               "devices": {"gpus": gpus, "disks": [{"name": "disk-0", "disk": {"bus": "virtio"}}]}}},
           "status": {"phase": "Scheduled", "nodeName": "harvester-node-0",
                      "conditions": [{"type": "Ready", "status": "False", "lastTransitionTime": T1}]}}
    w.ns_custom[("virtualmachineinstances.kubevirt.io", ns)] = [vmi]
    w.ns_custom[("virtualmachines.kubevirt.io", ns)] = [{
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": vm, "namespace": ns, "creationTimestamp": T0},
        "spec": {"running": True, "template": {"spec": vmi["spec"]}},
        "status": {"printableStatus": "Starting", "created": True, "ready": False}}]
    ev = w.event(ns, "VirtualMachineInstance", vm, "SyncFailed", t, component="virt-handler",
                 host="harvester-node-0", count=12, last=T2)
    ev["involvedObject"].update({"apiVersion": "kubevirt.io/v1", "uid": "5c0d7a3e-1f2b-4c8d-9e6a-7b3f2d1c0a99"})
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
