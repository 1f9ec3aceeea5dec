"""Builds first-contact batch B33 (fixtures/first-contact/batch-b33/cases.jsonl) as scenario bundles.

Round 33's frame: the bug-fix commits (2024 on) of NVIDIA/kubevirt-gpu-device-plugin, and the GPU-filtered bug-fix
commits of kubevirt/kubevirt, koordinator-sh/koordinator and kubernetes-sigs/scheduler-plugins. Each case is a
fixed, user-visible failure on a Kubernetes cluster running GPU workloads, built as the cluster a collector would
have found at the release before the fix:

- fb3301: a KubeVirt VM with a passed-through GPU and a hotplugged block volume fails to start again: virt-handler's
  cgroups v2 device-filter rebuild drops the device plugin's /dev/vfio nodes and libvirt refuses the PCI host
  device (kubevirt/kubevirt 2fefa666e0, Fixes kubevirt/kubevirt#17124); the reporter's quoted error, verbatim in
  the virt-launcher compute log and the VMI's SyncFailed events (the lines around it composed).
- fb3302: koord-scheduler's reservation-level event says 'Insufficient nvidia' for a pod whose matched
  Reservations have no nvidia.com/gpu left (koordinator-sh/koordinator#2073); the PR's quoted 'before' message,
  verbatim in the pod's FailedScheduling-Reservation event.

The expected answer was reasoned from the fix (`expected` in the case, preferred first) before any run; it is
never taken from the tool's output. Names, versions, node counts and the log lines the commits do not quote are
assumed; each scenario's README says which.

    .venv/bin/python -m tests.classify.first_contact_b33      # (re)writes fixtures/first-contact/batch-b33/scenarios/
"""

from __future__ import annotations

import json

from tests.classify.first_contact_a import FCWorld, annotate, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b33", "B33", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_GO = "gpu-operator"


def _images(p: dict, images: dict) -> dict:
    for key in ("containers", "initContainers"):
        for c in p["spec"].get(key, []):
            if c["name"] in images:
                c["image"] = images[c["name"]]
    for key in ("containerStatuses", "initContainerStatuses"):
        for s in p["status"].get(key, []):
            if s["name"] in images:
                s["image"] = images[s["name"]]
    return p


# ---- fb3301: KubeVirt GPU passthrough VM + hotplug block volume: /dev/vfio access wiped, domain fails to start ----

_K1_CP = "kv-cp-1"
_K1_NODE = "kv-gpu-worker-1"
_K1_NS = "vms"
_K1_VM = "gpu-vm-01"
_K1_LAUNCHER = "virt-launcher-gpu-vm-01-q7x2m"
_K1_RES = "nvidia.com/GA102GL_A10"
_KV = "v1.8.1"
_SANDBOX_DP_IMG = "nvcr.io/nvidia/kubevirt-gpu-device-plugin:v1.5.0"
_VALIDATOR = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.0"
_K1_LABELS = {
    "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
    "nvidia.com/gpu.deploy.sandbox-device-plugin": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true",
    "nvidia.com/gpu.deploy.vfio-manager": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
    "kubevirt.io/schedulable": "true", "cpumanager": "false"}


def _k1_launcher_log(t: str) -> str:
    ts = ["2026-11-29T14:52:07.118000Z", "2026-11-29T14:52:07.402000Z", "2026-11-29T14:52:07.403000Z",
          "2026-11-29T14:52:07.405000Z"]
    lines = [
        {"component": "virt-launcher", "level": "info", "msg": "Marked as ready", "pos": "virt-launcher.go:74",
         "timestamp": ts[0]},
        {"component": "virt-launcher", "level": "info", "msg": "Domain defined.", "kind": "",
         "name": _K1_VM, "namespace": _K1_NS, "pos": "manager.go:1190", "timestamp": ts[1]},
        {"component": "virt-launcher", "level": "error", "msg": t, "subcomponent": "libvirt", "thread": "32",
         "timestamp": ts[2]},
        {"component": "virt-launcher", "level": "error", "msg": "Failed to start VirtualMachineInstance with flags 0.",
         "kind": "", "name": _K1_VM, "namespace": _K1_NS, "pos": "manager.go:1201",
         "reason": f"virError(Code=67, Domain=10, Message='{t}')", "timestamp": ts[3]},
    ]
    out = []
    for rep in range(4):
        for d in lines[1:] if rep else lines:
            out.append(json.dumps(d, separators=(",", ":")))
    return "\n".join(out) + "\n"


@case("fb3301", pod_subj(_K1_LAUNCHER, _K1_NS),
      f"A KubeVirt {_KV} cluster (the release before the fix's date) on Kubernetes v1.34.2, Ubuntu 22.04 with "
      f"cgroups v2, containerd 2.0 (distribution, names and versions assumed; the reporter ran Harvester): control "
      f"plane {_K1_CP} and one GPU worker {_K1_NODE} with 2 x NVIDIA A10 bound to vfio-pci, the GPU Operator "
      f"(v26.3.0 assumed) in vm-passthrough mode: its vfio-manager, sandbox validator and sandbox device plugin "
      f"(kubevirt-gpu-device-plugin v1.5.0) run and the node advertises {_K1_RES}: 2. The KubeVirt CR permits the "
      f"device (pciVendorSelector 10DE:2236, externalResourceProvider). VM {_K1_VM} in namespace {_K1_NS} has one "
      f"A10 as a host device and a hotplugged block volume (its attachment pod hp-volume-* runs); after a stop and "
      f"a start its new virt-launcher pod runs, but the domain does not start: the compute container's log carries "
      f"the reporter's libvirt error verbatim (the JSON lines around it composed), virt-handler's SyncFailed events "
      f"on the VMI quote it (wording composed), and the VMI stays Scheduled with Synchronized=False.")
def _(w, t):
    w.git_version = "v1.34.2"
    ni = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-87-generic",
          "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.34.2"}
    info(w.node(_K1_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **ni)
    gn = info(w.node(_K1_NODE, gpus=2, resource=_K1_RES, cpu="64", memory="528102820Ki",
                     labels=dict(_K1_LABELS)), **ni)
    for r, v in (("devices.kubevirt.io/kvm", "1k"), ("devices.kubevirt.io/tun", "1k"),
                 ("devices.kubevirt.io/vhost-net", "1k")):
        gn["status"]["capacity"][r] = v
        gn["status"]["allocatable"][r] = v
    # the GPU Operator in vm-passthrough mode
    deploy_pod(w, _GO, "gpu-operator-6c9f7d8b54", "gpu-operator-6c9f7d8b54-w2k8r", _K1_CP, containers=("gpu-operator",),
               image="nvcr.io/nvidia/gpu-operator:v26.3.0", labels={"app": "gpu-operator"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    for ds, pod, ctr, inits, img in (
            ("nvidia-vfio-manager", "nvidia-vfio-manager-m4t9c", "nvidia-vfio-manager", ("k8s-driver-manager",),
             "nvcr.io/nvidia/cuda:13.0.1-base-ubi9"),
            ("nvidia-sandbox-validator", "nvidia-sandbox-validator-h6p2d", "nvidia-sandbox-validator",
             ("vfio-pci-validation",), _VALIDATOR),
            ("nvidia-sandbox-device-plugin-daemonset", "nvidia-sandbox-device-plugin-daemonset-z8q5n",
             "nvidia-sandbox-device-plugin-ctr", ("vfio-pci-validation",), _SANDBOX_DP_IMG)):
        p = ds_pod(w, _GO, ds, pod, _K1_NODE, containers=(ctr,), init_containers=inits,
                   labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"}, tolerations=GPU_TOLERATION)
        _images(p, {ctr: img, **{i: _VALIDATOR for i in inits if i != "k8s-driver-manager"},
                    "k8s-driver-manager": "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.9.1"})
        daemonset(w, _GO, ds, desired=1, containers=[(ctr, img)],
                  node_selector={f"nvidia.com/gpu.deploy.{ds.replace('nvidia-', '').replace('-daemonset', '')}": "true"},
                  tolerations=GPU_TOLERATION, labels={"app": ds})
    w.log(_GO, "nvidia-sandbox-device-plugin-daemonset-z8q5n", "nvidia-sandbox-device-plugin-ctr",
          "2026/11/29 08:02:11 Nvidia device  0000:41:00.0\n2026/11/29 08:02:11 Iommu Group 28\n"
          "2026/11/29 08:02:11 Device Id 2236\n2026/11/29 08:02:11 Nvidia device  0000:c1:00.0\n"
          "2026/11/29 08:02:11 Iommu Group 91\n2026/11/29 08:02:11 Device Id 2236\n"
          "2026/11/29 08:02:11 Iommu Map map[28:[{0000:41:00.0}] 91:[{0000:c1:00.0}]]\n"
          "2026/11/29 08:02:11 Device Map map[2236:[28 91]]\n"
          "2026/11/29 08:02:11 Devicename GA102GL_A10\n"
          "2026/11/29 08:02:11 GA102GL_A10 Device plugin server ready\n")
    # KubeVirt itself
    kv_img = f"quay.io/kubevirt/%s:{_KV}"
    for rs, name, ctr in (("virt-operator-7d9c6b5f8", "virt-operator-7d9c6b5f8-2xg4h", "virt-operator"),
                          ("virt-api-5b8f6c9d7", "virt-api-5b8f6c9d7-k3m8t", "virt-api"),
                          ("virt-controller-6f7d8c5b9", "virt-controller-6f7d8c5b9-p9v2w", "virt-controller")):
        deploy_pod(w, "kubevirt", rs, name, _K1_CP, containers=(ctr,), image=kv_img % ctr,
                   labels={"kubevirt.io": ctr},
                   tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                 "effect": "NoSchedule"}])
    daemonset(w, "kubevirt", "virt-handler", desired=1, containers=[("virt-handler", kv_img % "virt-handler")],
              labels={"kubevirt.io": "virt-handler"})
    ds_pod(w, "kubevirt", "virt-handler", "virt-handler-8nq4f", _K1_NODE, containers=("virt-handler",),
           image=kv_img % "virt-handler", labels={"kubevirt.io": "virt-handler"})
    w.ns_custom[("kubevirts.kubevirt.io", "kubevirt")] = [{
        "apiVersion": "kubevirt.io/v1", "kind": "KubeVirt",
        "metadata": {"name": "kubevirt", "namespace": "kubevirt", "creationTimestamp": T0},
        "spec": {"configuration": {"developerConfiguration": {"featureGates": ["HostDevices", "HotplugVolumes"]},
                                   "permittedHostDevices": {"pciHostDevices": [
                                       {"pciVendorSelector": "10DE:2236", "resourceName": _K1_RES,
                                        "externalResourceProvider": True}]}}},
        "status": {"phase": "Deployed", "observedKubeVirtVersion": _KV, "targetKubeVirtVersion": _KV}}]
    # the VM: its hotplug attachment pod and its (new) virt-launcher pod
    hp = w.pod(_K1_NS, "hp-volume-r5b7k", node=_K1_NODE, gpu=0, containers=("hotplug-disk",),
               image=kv_img % "virt-launcher", cpu="10m", memory="2M",
               labels={"kubevirt.io": "hotplug-disk"}, owner=None)
    hp["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Pod", "name": _K1_LAUNCHER,
                                          "uid": "launcher", "controller": True, "blockOwnerDeletion": True}]
    lp = w.pod(_K1_NS, _K1_LAUNCHER, node=_K1_NODE, gpu=1, resource=_K1_RES, containers=("compute",),
               image=kv_img % "virt-launcher", cpu="4", memory="16Gi",
               labels={"kubevirt.io": "virt-launcher", "vm.kubevirt.io/name": _K1_VM,
                       "kubevirt.io/created-by": "vmi-uid"})
    lp["metadata"]["ownerReferences"] = [{"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
                                          "name": _K1_VM, "uid": "vmi-uid", "controller": True,
                                          "blockOwnerDeletion": True}]
    annotate(lp, **{"kubevirt.io/domain": _K1_VM, "kubectl.kubernetes.io/default-container": "compute"})
    for r, v in (("devices.kubevirt.io/kvm", "1"), ("devices.kubevirt.io/tun", "1"),
                 ("devices.kubevirt.io/vhost-net", "1")):
        lp["spec"]["containers"][0]["resources"]["limits"][r] = v
        lp["spec"]["containers"][0]["resources"]["requests"][r] = v
    w.log(_K1_NS, _K1_LAUNCHER, "compute", _k1_launcher_log(t))
    w.ns_custom[("virtualmachines.kubevirt.io", _K1_NS)] = [{
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": _K1_VM, "namespace": _K1_NS, "creationTimestamp": T0},
        "spec": {"runStrategy": "Always", "template": {"spec": {"domain": {
            "devices": {"hostDevices": [{"name": "gpu1", "deviceName": _K1_RES}],
                        "disks": [{"name": "rootdisk", "disk": {"bus": "virtio"}},
                                  {"name": "data-1", "disk": {"bus": "scsi"}}]}},
            "volumes": [{"name": "rootdisk", "dataVolume": {"name": "gpu-vm-01-root"}},
                        {"name": "data-1", "persistentVolumeClaim": {"claimName": "gpu-vm-01-data-1",
                                                                     "hotpluggable": True}}]}}},
        "status": {"printableStatus": "Starting", "ready": False, "created": True}}]
    w.ns_custom[("virtualmachineinstances.kubevirt.io", _K1_NS)] = [{
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachineInstance",
        "metadata": {"name": _K1_VM, "namespace": _K1_NS, "uid": "vmi-uid", "creationTimestamp": T0},
        "spec": {"domain": {"devices": {"hostDevices": [{"name": "gpu1", "deviceName": _K1_RES}]}}},
        "status": {"phase": "Scheduled", "nodeName": _K1_NODE,
                   "conditions": [{"type": "Ready", "status": "False", "reason": "PodNotReady",
                                   "lastTransitionTime": T1},
                                  {"type": "Synchronized", "status": "False", "reason": "Synchronizing with the Domain failed.",
                                   "message": f"server error. command SyncVMI failed: \"LibvirtError(Code=67, "
                                              f"Domain=10, Message='{t}')\"", "lastTransitionTime": T1}],
                   "volumeStatus": [{"name": "data-1", "target": "sda", "phase": "Ready", "hotplugVolume": {
                       "attachPodName": "hp-volume-r5b7k"}}]}}]
    ev = w.event(_K1_NS, "VirtualMachineInstance", _K1_VM, "SyncFailed",
                 f"server error. command SyncVMI failed: \"LibvirtError(Code=67, Domain=10, Message='{t}')\"",
                 component="virt-handler", host=_K1_NODE, count=11)
    ev["involvedObject"]["apiVersion"] = "kubevirt.io/v1"
    w.event(_K1_NS, "VirtualMachineInstance", _K1_VM, "SuccessfulCreate", f"Created virtual machine pod {_K1_LAUNCHER}",
            type="Normal", component="virtualmachine-controller")["involvedObject"]["apiVersion"] = "kubevirt.io/v1"
    w.target("Pod", _K1_NS, _K1_LAUNCHER)


# ---- fb3302: koord-scheduler reservation-level event 'Insufficient nvidia': matched Reservations have no GPU left ----

_K2_NS = "llm"
_K2_POD = "llm-finetune-worker-0"
_KOORD = "v1.4.1"
_K2_NODE_MSG = ("0/21 nodes are available: 1 Insufficient nvidia.com/gpu by node, 4 Reservation(s) Insufficient "
                "nvidia.com/gpu. 1 Reservation(s) is unschedulable, 5 Reservation(s) matched owner total")


def _reservation(name: str, node: str | None, gpus: int, owners: list[str]) -> dict:
    r = {"apiVersion": "scheduling.koordinator.sh/v1alpha1", "kind": "Reservation",
         "metadata": {"name": name, "creationTimestamp": T0, "labels": {"team": "llm"}},
         "spec": {"allocateOnce": False, "owners": [{"labelSelector": {"matchLabels": {"team": "llm"}}}],
                  "template": {"spec": {"containers": [{"name": "main", "resources": {
                      "requests": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": str(gpus)}}}],
                      "schedulerName": "koord-scheduler"}}}}
    if node:
        r["status"] = {"phase": "Available", "nodeName": node,
                       "allocatable": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": str(gpus)},
                       "allocated": {"cpu": "32", "memory": "256Gi", "nvidia.com/gpu": str(gpus)},
                       "currentOwners": [{"namespace": _K2_NS, "name": o} for o in owners],
                       "conditions": [{"type": "Scheduled", "status": "True", "reason": "Scheduled",
                                       "lastTransitionTime": T0},
                                      {"type": "Ready", "status": "True", "reason": "Available",
                                       "lastTransitionTime": T0}]}
    else:
        r["status"] = {"phase": "Pending", "conditions": [
            {"type": "Scheduled", "status": "False", "reason": "Unschedulable",
             "message": "0/21 nodes are available: 4 Insufficient nvidia.com/gpu, 16 node(s) didn't match Pod's "
                        "node affinity/selector, 1 Insufficient cpu.", "lastTransitionTime": T1}]}
    return r


@case("fb3302", pod_subj(_K2_POD, _K2_NS),
      f"A Kubernetes v1.28.9 cluster (distribution, names and versions assumed) running Koordinator {_KOORD} (the "
      "release before the fix): koord-scheduler and koord-manager on a control-plane node, koordlet on every node. "
      "21 schedulable worker nodes: 5 GPU nodes (8 x A100-SXM4-80GB each, GPU Operator stack healthy) and 16 CPU "
      "nodes. 5 Reservations for team llm (cluster-scoped, scheduling.koordinator.sh/v1alpha1): 4 Available on "
      "gpu-node-1..4, each reserving 8 nvidia.com/gpu, all of it allocated to running owner pods of namespace "
      "llm; 1 Pending (unschedulable). gpu-node-5 has 2 of its 8 GPUs free (6 used by other pods). The pod "
      f"{_K2_POD} (schedulerName koord-scheduler, reservation-affinity annotation selecting team=llm) requests 4 "
      "nvidia.com/gpu and is Pending: its FailedScheduling-Reservation event carries the PR's quoted message "
      "verbatim; its FailedScheduling event and PodScheduled condition carry the node-level message, composed "
      "from the fix's unit-test input.")
def _(w, t):
    w.git_version = "v1.28.9"
    ni = {"kubeletVersion": "v1.28.9", "containerRuntimeVersion": "containerd://1.7.13",
          "kernelVersion": "5.15.0-105-generic", "osImage": "Ubuntu 22.04.4 LTS"}
    cp = "k8s-cp-1"
    info(w.node(cp, cpu="16", memory="65856316Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **ni)
    gpu_nodes = [f"gpu-node-{i}" for i in range(1, 6)]
    for n in gpu_nodes:
        info(w.gpu_node(n, gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="128",
                        memory="2113393772Ki",
                        taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]), **ni)
    cpu_nodes = [f"cpu-node-{i}" for i in range(1, 17)]
    for n in cpu_nodes:
        info(w.node(n, cpu="64", memory="263855396Ki"), **ni)
    ks = "koordinator-system"
    cp_tol = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]
    img = f"registry.cn-beijing.aliyuncs.com/koordinator-sh/%s:{_KOORD}"
    for rs, name, ctr in (("koord-scheduler-5f8d7c9b6", "koord-scheduler-5f8d7c9b6-4kx9p", "koord-scheduler"),
                          ("koord-scheduler-5f8d7c9b6", "koord-scheduler-5f8d7c9b6-t2w7m", "koord-scheduler"),
                          ("koord-manager-6b9c8d7f5", "koord-manager-6b9c8d7f5-h8r3n", "koord-manager"),
                          ("koord-manager-6b9c8d7f5", "koord-manager-6b9c8d7f5-q5z2v", "koord-manager")):
        deploy_pod(w, ks, rs, name, cp, containers=(ctr,), image=img % ctr, labels={"koord-app": ctr},
                   tolerations=cp_tol)
    all_nodes = gpu_nodes + cpu_nodes
    daemonset(w, ks, "koordlet", desired=len(all_nodes), containers=[("koordlet", img % "koordlet")],
              labels={"koord-app": "koordlet"}, tolerations=[{"operator": "Exists"}])
    for i, n in enumerate(all_nodes):
        ds_pod(w, ks, "koordlet", f"koordlet-{i:02d}{'abcdefghjkmnpqrstvwxz'[i]}x4", n, containers=("koordlet",),
               image=img % "koordlet", labels={"koord-app": "koordlet"})
    w.log(ks, "koord-scheduler-5f8d7c9b6-4kx9p", "koord-scheduler",
          f"I1129 14:55:02.118204       1 scheduler.go:400] \"Unable to schedule pod; no fit; waiting\" "
          f"pod=\"{_K2_NS}/{_K2_POD}\" err=\"{_K2_NODE_MSG}\"\n" * 3)
    # the reservations and their owners
    res = []
    for i, n in enumerate(gpu_nodes[:4], 1):
        owners = [f"llm-pretrain-{i}-{k}" for k in range(2)]
        for o in owners:
            p = w.pod(_K2_NS, o, node=n, gpu=4, image="nvcr.io/nvidia/pytorch:24.03-py3", cpu="16", memory="128Gi",
                      owner=("Job", f"llm-pretrain-{i}"), scheduler="koord-scheduler", labels={"team": "llm"},
                      tolerations=GPU_TOLERATION)
            annotate(p, **{"scheduling.koordinator.sh/reservation-allocated":
                           json.dumps({"name": f"llm-reserve-{i}", "uid": f"resv-{i}"})})
        res.append(_reservation(f"llm-reserve-{i}", n, 8, owners))
    res.append(_reservation("llm-reserve-5", None, 8, []))
    w.custom["reservations.scheduling.koordinator.sh"] = res
    for k, g in ((0, 4), (1, 2)):
        w.pod("inference", f"embed-server-{k}", node=gpu_nodes[4], gpu=g, image="vllm/vllm-openai:v0.4.2",
              owner=("ReplicaSet", "embed-server-7c9d5b8f6"), labels={"app": "embed-server"}, cpu="8",
              memory="64Gi", tolerations=GPU_TOLERATION)
    p = w.pod(_K2_NS, _K2_POD, gpu=4, phase="Pending", scheduled_message=_K2_NODE_MSG,
              image="nvcr.io/nvidia/pytorch:24.03-py3", scheduler="koord-scheduler", cpu="16", memory="128Gi",
              owner=("Job", "llm-finetune"), labels={"team": "llm", "job-name": "llm-finetune"},
              tolerations=GPU_TOLERATION)
    annotate(p, **{"scheduling.koordinator.sh/reservation-affinity":
                   json.dumps({"reservationSelector": {"team": "llm"}})})
    w.event(_K2_NS, "Pod", _K2_POD, "FailedScheduling", _K2_NODE_MSG, component="koord-scheduler", count=17)
    w.event(_K2_NS, "Pod", _K2_POD, "FailedScheduling-Reservation", t, component="koord-scheduler", count=17)
    w.target("Pod", _K2_NS, _K2_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
