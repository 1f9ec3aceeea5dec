"""Builds first-contact batch J36 (fixtures/first-contact/batch-j36/cases.jsonl) as scenario bundles.

Round 36R, this batch's frame: the troubleshooting entries of NVIDIA/cloud-native-docs (HEAD 52dcb7b8) in four
guides (GPU Operator, Container Toolkit, OpenShift, Confidential Containers). Nine cases (fj3604-fj3610 added in a
second pass, after the batch test kept a document URL's anchor: seven GPU Operator entries each cited by its own):

- fj3601: dropped at the merge (session 17): the same thread (NVIDIA/gpu-operator#1361) as fg3603, gathered in
  parallel from the release notes and committed two minutes earlier; the batch test refuses two cases of one thread.
- fj3602: `groups: cannot find name for group ID 993` in a healthy GPU pod's log, the toolkit's additional GIDs
  for device nodes (a cosmetic warning; healthy look-alike); text verbatim, placed in the pod's log.
- fj3603: a Confidential Containers node whose nvidia.com/cc.mode.state stays `off` after cc.mode=on because a
  Kata workload holds a passthrough GPU; the nvidia-cc-manager's log lines verbatim.
- fj3604: every operand in Init behind a driver pod 0/2 Running (entry 2); kubectl's listing (not in the bundle).
- fj3605: GFD StartError `driver rpc error: timed out` with an Xid 79 in dmesg (entry 5); the message verbatim.
- fj3606: 7 of 8 GPUs allocatable, the device plugin's Xid 79 lines verbatim (entry 6).
- fj3607: dcgm-exporter crash-loops, the standalone DCGM pod unreachable (entry 7); its log lines verbatim.
- fj3608: a NoSchedule taint leaves every operand DaemonSet at DESIRED 0 (entry 11); kubectl's listing (not in the bundle).
- fj3609: the GPU Operator pod crash-loops on a 311-node cluster, memory limit too low (entry 12); kubectl's listing.
- fj3610: infoROM corrupted, nvidia-smi returns 14, driver validation never passes (entry 13); the lines verbatim.

The expected answers were reasoned from the entries' documented causes (`expected` in each case); never taken from
the tool's output. Names, versions, node sizes and every line the entries do not quote are assumed or composed; the
world notes say which.

    .venv/bin/python -m tests.classify.first_contact_j36      # (re)writes fixtures/first-contact/batch-j36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info, remove_stack_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-j36", "J36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the troubleshooting entry's own words, not a line of the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fj3604", "fj3608", "fj3609"}


def _stack_images(w, images: dict[str, str]) -> None:
    """Set the GPU Operator stack pods' main-container images by their app label (the version the case assumes)."""
    for p in w.pods.get(OPERATOR_NS, []):
        img = images.get(p["metadata"]["labels"].get("app", ""))
        if not img:
            continue
        p["spec"]["containers"][0]["image"] = img
        for s in p["status"].get("containerStatuses", [])[:1]:
            s["image"] = img


def _control_plane(w, name: str, **kv) -> dict:
    n = w.node(name, cpu="16", memory="65776144Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    return info(n, **kv)


# ---- fj3602: `groups: cannot find name for group ID` in a healthy GPU pod (cosmetic) ------------------------------

_GID_NODE = "gpu-l40s-1"


@case("fj3602", pod_subj("trainer-0", "ml-team"),
      "Vanilla kubeadm Kubernetes v1.33.4 (assumed) with one GPU node (1 x L40S, assumed) and the GPU Operator "
      "v25.10.1 stack (toolkit v1.18.1, device plugin v0.18.1; assumed) Running with healthy logs. The workload "
      "StatefulSet pod (name, namespace, image assumed) runs as uid 1000 (runAsNonRoot), requests one "
      "nvidia.com/gpu and is Running and Ready. Its entrypoint (composed) prints the user's groups: the first log "
      "line is the text verbatim, followed by composed lines (`groups`' stdout, a CUDA check that finds the GPU and "
      "training progress).")
def _(w, t):
    w.git_version = "v1.33.4"
    kv = {"kubeletVersion": "v1.33.4", "containerRuntimeVersion": "containerd://1.7.27",
          "osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic"}
    _control_plane(w, "cp-1", **kv)
    n = w.gpu_node(_GID_NODE, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="48", memory="395948496Ki",
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13"})
    info(n, **kv)
    _stack_images(w, {
        "nvidia-driver-daemonset": "nvcr.io/nvidia/driver:580.95.05-ubuntu24.04",
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.18.1",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
        "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.18.1",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.10.1"})
    p = w.pod("ml-team", "trainer-0", node=_GID_NODE, gpu=1, containers=("trainer",),
              image="registry.example.com/ml/trainer:2026.11", owner=("StatefulSet", "trainer"),
              labels={"app": "trainer"}, cpu="8", memory="64Gi",
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    p["spec"]["securityContext"] = {"runAsUser": 1000, "runAsGroup": 1000, "runAsNonRoot": True}
    w.log("ml-team", "trainer-0", "trainer",
          t + "\n"
          "trainer 993\n"
          "2026-11-29 14:01:10,412 INFO torch 2.8.0+cu128, cuda available: True, device 0: NVIDIA L40S\n"
          "2026-11-29 14:01:42,907 INFO epoch 1/20 step 100/2400 loss 2.3141 lr 3.0e-04\n"
          "2026-11-29 14:02:15,233 INFO epoch 1/20 step 200/2400 loss 1.9876 lr 3.0e-04\n")
    w.target("Pod", "ml-team", "trainer-0")


# ---- fj3603: CC mode transition blocked by a Kata workload holding a passthrough GPU --------------------------------

_CC_NODE = "coco-worker-1"


@case("fj3603", node_subj(_CC_NODE),
      "Vanilla kubeadm Kubernetes v1.34.2 (assumed) with one control-plane node and one Confidential Containers "
      "worker (2 x H100 passthrough GPUs bound to vfio-pci: nvidia.com/pgpu 2, no nvidia.com/gpu; model and count "
      "assumed, the count matching the log's two GPUs). The worker's labels: gpu.workload.config=vm-passthrough, "
      "cc.mode=on, cc.mode.state=off, cc.ready.state=false (the entry's example). In gpu-operator (GPU Operator "
      "v26.3.1, the CoCo guide's version): the operator, NFD gc/master/worker, nvidia-cc-manager and "
      "nvidia-kata-sandbox-device-plugin-daemonset Running, nvidia-vfio-manager 0/1 Terminating (deletionTimestamp "
      "set; its Killing event composed); operand images and tags assumed; pod names as in the entry's example output. The nvidia-cc-manager "
      "container's log is the text verbatim. kata-deploy runs in kata-system. default/cuda-vectoradd-kata (runtime "
      "class kata-qemu-nvidia-gpu-snp, nvidia.com/pgpu 1, image from the guide's sample page) is Running on the "
      "worker (that it is still running is assumed, as the entry's check finds it).")
def _(w, t):
    w.git_version = "v1.34.2"
    kv = {"kubeletVersion": "v1.34.2", "containerRuntimeVersion": "containerd://2.1.4",
          "osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.14.0-1015-nvidia"}
    _control_plane(w, "coco-cp-1", **kv)
    n = w.node(_CC_NODE, gpus=2, resource="nvidia.com/pgpu", cpu="192", memory="1584856112Ki", labels={
        "feature.node.kubernetes.io/pci-10de.present": "true", "feature.node.kubernetes.io/iommu-enabled": "true",
        "nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
        "nvidia.com/gpu.deploy.cc-manager": "true", "nvidia.com/gpu.deploy.vfio-manager": "true",
        "nvidia.com/gpu.deploy.sandbox-device-plugin": "true", "nvidia.com/gpu.deploy.sandbox-validator": "true",
        "nvidia.com/cc.capable": "true", "nvidia.com/cc.mode": "on", "nvidia.com/cc.mode.state": "off",
        "nvidia.com/cc.ready.state": "false"})
    info(n, **kv)
    ns, tol = OPERATOR_NS, [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    deploy_pod(w, ns, "gpu-operator-6474ddf79d", "gpu-operator-6474ddf79d-s4gcb", "coco-cp-1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v26.3.1",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.18.2"
    for rs, pod, role in (("gpu-operator-node-feature-discovery-gc-8fb8d5d8d",
                           "gpu-operator-node-feature-discovery-gc-8fb8d5d8d-mvvfz", "gc"),
                          ("gpu-operator-node-feature-discovery-master-5bbc6d887b",
                           "gpu-operator-node-feature-discovery-master-5bbc6d887b-66wrs", "master")):
        deploy_pod(w, ns, rs, pod, "coco-cp-1", containers=(role,), image=nfd_img,
                   labels={"app.kubernetes.io/name": "node-feature-discovery", "role": role})
    daemonset(w, ns, "gpu-operator-node-feature-discovery-worker", desired=1, containers=[("worker", nfd_img)],
              labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    ds_pod(w, ns, "gpu-operator-node-feature-discovery-worker", "gpu-operator-node-feature-discovery-worker-9xbb8",
           _CC_NODE, containers=("worker",), image=nfd_img)
    for ds, pod, ctr, img, sel, ready in (
            ("nvidia-cc-manager", "nvidia-cc-manager-tqdc6", "nvidia-cc-manager",
             "nvcr.io/nvidia/cloud-native/k8s-cc-manager:v0.3.0", "cc-manager", True),
            ("nvidia-kata-sandbox-device-plugin-daemonset", "nvidia-kata-sandbox-device-plugin-daemonset-b5tp7",
             "nvidia-kata-sandbox-device-plugin-ctr", "nvcr.io/nvidia/cloud-native/nvidia-sandbox-device-plugin:v0.0.2",
             "sandbox-device-plugin", True),
            ("nvidia-vfio-manager", "nvidia-vfio-manager-b7jtv", "nvidia-vfio-manager",
             "nvcr.io/nvidia/cuda:13.0.1-base-ubuntu24.04", "vfio-manager", False)):
        daemonset(w, ns, ds, desired=1, ready=1 if ready else 0, containers=[(ctr, img)],
                  node_selector={f"nvidia.com/gpu.deploy.{sel}": "true"}, tolerations=tol, labels={"app": ds})
        p = ds_pod(w, ns, ds, pod, _CC_NODE, containers=(ctr,), image=img, tolerations=tol)
        if not ready:
            p["metadata"]["deletionTimestamp"] = T2
            p["metadata"]["deletionGracePeriodSeconds"] = 30
            for s in p["status"]["containerStatuses"]:
                s["ready"] = False
            for c in p["status"]["conditions"]:
                if c["type"] in ("Ready", "ContainersReady"):
                    c["status"] = "False"
            w.event(ns, "Pod", pod, "Killing", f"Stopping container {ctr}", type="Normal", host=_CC_NODE,
                    field_path=f"spec.containers{{{ctr}}}")
    w.log(ns, "nvidia-cc-manager-tqdc6", "nvidia-cc-manager", t)
    daemonset(w, "kata-system", "kata-deploy", desired=1, containers=[("kube-kata", "quay.io/kata-containers/kata-deploy:3.21.0")],
              labels={"name": "kata-deploy"})
    ds_pod(w, "kata-system", "kata-deploy", "kata-deploy-7x2lm", _CC_NODE, containers=("kube-kata",),
           image="quay.io/kata-containers/kata-deploy:3.21.0")
    w.pod("default", "cuda-vectoradd-kata", node=_CC_NODE, gpu=1, resource="nvidia.com/pgpu",
          containers=("cuda-vectoradd",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04",
          runtime_class="kata-qemu-nvidia-gpu-snp", cpu="1", memory="4Gi")
    w.target("Node", None, _CC_NODE)


# ---- cases fj3604-fj3610: the seven GPU Operator entries re-judged after the thread rule kept a document's anchor ---

_GO = OPERATOR_NS
_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
_RUN = {"state": {"running": {"startedAt": T0}}, "ready": False, "restartCount": 0}
_WAIT_INIT = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
_DONE = {"state": {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}},
         "ready": True, "restartCount": 0}
# the chart's init command of the operands that wait for the toolkit (until the file exists: echo ...; sleep 5)
_TOOLKIT_WAIT_LOG = "waiting for nvidia container stack to be setup\n" * 3


def _operand(w, ds: str, name: str, node: str, containers, image: str, inits=(), init_statuses=None,
             phase: str = "Running", statuses=None, runtime_class: str | None = "nvidia", ready=None,
             restarts: int = 0) -> dict:
    """A GPU Operator operand pod (owner: its DaemonSet, label app=<ds>), its init containers' states as given."""
    p = ds_pod(w, _GO, ds, name, node, containers=tuple(containers), image=image,
               labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"}, init_containers=tuple(inits),
               init_statuses=init_statuses, phase=phase, statuses=statuses, runtime_class=runtime_class,
               tolerations=_TOL, ready=ready, restarts=restarts)
    return p


def _init_wait(first: str, rest=()) -> dict:
    """Init statuses: `first` running, every later init container waiting."""
    st = {first: dict(_RUN)}
    st.update({r: dict(_WAIT_INIT) for r in rest})
    return st


def _stack_ds(w, names, *, desired: int, ready: int | None = None) -> None:
    """Operand DaemonSets with the operator's nodeSelector nvidia.com/gpu.deploy.<component>=true."""
    comp = {"gpu-feature-discovery": "gpu-feature-discovery", "nvidia-container-toolkit-daemonset": "container-toolkit",
            "nvidia-dcgm-exporter": "dcgm-exporter", "nvidia-dcgm": "dcgm", "nvidia-device-plugin-daemonset": "device-plugin",
            "nvidia-driver-daemonset": "driver", "nvidia-mig-manager": "mig-manager",
            "nvidia-operator-validator": "operator-validator"}
    for ds, img in names:
        daemonset(w, _GO, ds, desired=desired, ready=ready, containers=[(ds.replace("-daemonset", "") + "-ctr", img)],
                  node_selector={f"nvidia.com/gpu.deploy.{comp[ds]}": "true"}, tolerations=_TOL,
                  labels={"app": ds, "app.kubernetes.io/part-of": "gpu-operator"})


def _operator_pod(w, node: str, rs: str, name: str, version: str) -> dict:
    return deploy_pod(w, _GO, rs, name, node, containers=("gpu-operator",), image=f"nvcr.io/nvidia/gpu-operator:{version}",
                      labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})


# ---- fj3604: every operand in Init behind a driver pod that is not ready (entry 2) ---------------------------------

_INIT_NODE = "gpu-node-1"
_DRV_535 = "nvcr.io/nvidia/driver:535.154.05-ubuntu22.04"
_VAL_239 = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.2"
_DRIVER_VALIDATION_WAIT = ("running command chroot with args [/run/nvidia/driver nvidia-smi]\n"
                           "chroot: failed to run command 'nvidia-smi': No such file or directory\n"
                           "command failed, retrying after 5 seconds\n") * 2


@case("fj3604", node_subj(_INIT_NODE),
      "kubeadm Kubernetes v1.28.6, containerd 1.7.13, Ubuntu 22.04 (all assumed; the entry names no version). One "
      "control-plane node (the operator and NFD master there) and one GPU node (2 x A100 80GB PCIe, assumed) with the "
      "GPU Operator v23.9.2 stack (assumed) and its driver container 535.154.05 (assumed). Pod names, READY counts, "
      "statuses and restart counts are the entry's listing: nvidia-driver-daemonset-4rtiu 0/2 Running with 3 restarts "
      "(two containers: nvidia-driver-ctr and nvidia-peermem-ctr, driver.rdma.enabled=true assumed to account for the "
      "entry's 0/2; nvidia-driver-ctr restarted 3 times, last exit code 1, both containers not ready), the toolkit, "
      "device plugin, GFD and dcgm-exporter pods in Init:0/1 and the validator in Init:0/4. Their init containers' logs "
      "are composed from the validator's retry loop and the chart's toolkit-wait command; the driver container's log "
      "(the installer's first lines, no error) is composed. The node has no nvidia.com/gpu (the device plugin never "
      "ran) and no GFD labels. The text (kubectl's listing) is client-side output, not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.6"
    kv = {"kubeletVersion": "v1.28.6", "containerRuntimeVersion": "containerd://1.7.13",
          "osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-97-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    n = w.node(_INIT_NODE, cpu="64", memory="527938872Ki", labels={
        "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
        "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
        "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
        "nvidia.com/gpu.deploy.dcgm-exporter": "true", "nvidia.com/gpu.deploy.operator-validator": "true"})
    info(n, **kv)
    _operator_pod(w, "k8s-cp-1", "gpu-operator-6b8f7d9c5d", "gpu-operator-6b8f7d9c5d-7xk2p", "v23.9.2")
    p = _operand(w, "nvidia-driver-daemonset", "nvidia-driver-daemonset-4rtiu", _INIT_NODE,
                 ("nvidia-driver-ctr", "nvidia-peermem-ctr"), _DRV_535, inits=("k8s-driver-manager",),
                 init_statuses={"k8s-driver-manager": dict(_DONE)}, runtime_class=None, ready=False, statuses={
                     "nvidia-driver-ctr": {"state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 3,
                                           "lastState": {"terminated": {"exitCode": 1, "reason": "Error",
                                                                        "startedAt": T0, "finishedAt": T1}}},
                     "nvidia-peermem-ctr": {"state": {"running": {"startedAt": T0}}, "ready": False,
                                            "restartCount": 0}})
    p["spec"]["initContainers"][0]["image"] = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.5"
    drv_log = ("DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-535.154.05\n"
               "Verifying archive integrity... OK\n"
               "Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 535.154.05......\n")
    w.log(_GO, "nvidia-driver-daemonset-4rtiu", "nvidia-driver-ctr", drv_log)
    w.log(_GO, "nvidia-driver-daemonset-4rtiu", "nvidia-driver-ctr", drv_log, previous=True)
    w.log(_GO, "nvidia-driver-daemonset-4rtiu", "nvidia-peermem-ctr", "waiting for mellanox ofed and nvidia drivers to be installed\n")
    _operand(w, "nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-mqzwq", _INIT_NODE,
             ("nvidia-container-toolkit-ctr",), "nvcr.io/nvidia/k8s/container-toolkit:v1.14.6-ubuntu20.04",
             inits=("driver-validation",), init_statuses=_init_wait("driver-validation"), phase="Pending",
             runtime_class=None)
    w.log(_GO, "nvidia-container-toolkit-daemonset-mqzwq", "driver-validation", _DRIVER_VALIDATION_WAIT)
    for ds, pod, ctr, img in (
            ("gpu-feature-discovery", "gpu-feature-discovery-tmblp", "gpu-feature-discovery",
             "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8"),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter-qpxxl", "nvidia-dcgm-exporter",
             "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.0-3.2.0-ubuntu22.04"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-tl9k7", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8")):
        _operand(w, ds, pod, _INIT_NODE, (ctr,), img, inits=("toolkit-validation",),
                 init_statuses=_init_wait("toolkit-validation"), phase="Pending")
        w.log(_GO, pod, "toolkit-validation", _TOOLKIT_WAIT_LOG)
    daemonset(w, _GO, "nvidia-dcgm-exporter", desired=1, ready=0,
              containers=[("nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.0-3.2.0-ubuntu22.04")],
              node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, tolerations=_TOL,
              labels={"app": "nvidia-dcgm-exporter"}, runtime_class="nvidia")
    inits = ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation")
    _operand(w, "nvidia-operator-validator", "nvidia-operator-validator-th4w7", _INIT_NODE,
             ("nvidia-operator-validator",), _VAL_239, inits=inits,
             init_statuses=_init_wait("driver-validation", inits[1:]), phase="Pending")
    w.log(_GO, "nvidia-operator-validator-th4w7", "driver-validation", _DRIVER_VALIDATION_WAIT)
    w.target("Node", None, _INIT_NODE)


# ---- fj3605: GFD StartError "driver rpc error: timed out" after an Xid 79 (entry 5) ---------------------------------

_RPC_NODE = "gpu-node-1"
_XID79_UUID = "GPU-5c1f3a2e-8d47-4b6a-9e0f-7a2b61c4d8e3"


@case("fj3605", pod_subj("gpu-feature-discovery-x7k9q", OPERATOR_NS),
      "kubeadm Kubernetes v1.27.4, containerd 1.7.2, Ubuntu 22.04 (assumed). One GPU node with 8 x A100-SXM4-80GB "
      "(assumed) under the GPU Operator v23.3.2 (assumed from the entry's GFD image tag v0.8.0-ubi8, which is the "
      "entry's) with its driver container 525.105.17 (assumed). One GPU (PCI 0000:ca:00, the entry's dmesg line) has "
      "fallen off the bus: the node's dmesg holds the entry's Xid 79 line verbatim; the device plugin's log "
      "(composed in the format entry 6 quotes, UUID composed) marks that GPU unhealthy, so the node advertises "
      "8 nvidia.com/gpu with 7 allocatable. The gpu-feature-discovery pod (name composed) is in CrashLoopBackOff: its "
      "last state is terminated with reason StartError, exit code 128 and the text as its message (the entry's "
      "`kubectl describe` output), and the kubelet's Failed event carries 'Error: ' and the text (composed form). The "
      "driver, toolkit, validator and device-plugin pods still Run (their logs healthy or composed).")
def _(w, t):
    w.git_version = "v1.27.4"
    kv = {"kubeletVersion": "v1.27.4", "containerRuntimeVersion": "containerd://1.7.2",
          "osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-79-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    plugin_log = ("I1129 14:01:02.123456       1 main.go:256] Retrieving plugins.\n"
                  "I1129 14:01:02.456789       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
                  "I1129 14:01:02.457012       1 server.go:117] Starting to serve 'nvidia.com/gpu' on "
                  "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                  "I1129 14:01:02.460331       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
                  "I1129 14:12:40.210117       1 health.go:159] Processing event {Device:{Handle:0x7f3c1e5a9f60} "
                  "EventType:8 EventData:79 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}\n"
                  f"I1129 14:12:40.210245       1 health.go:185] XidCriticalError: Xid=79 on Device={_XID79_UUID}; "
                  "marking device as unhealthy.\n"
                  f"I1129 14:12:40.210281       1 server.go:245] 'nvidia.com/gpu' device marked unhealthy: {_XID79_UUID}\n")
    n = w.gpu_node(_RPC_NODE, gpus=8, allocatable=7, product="NVIDIA-A100-SXM4-80GB", cpu="256",
                   memory="2113412344Ki", plugin_log=plugin_log,
                   labels={"nvidia.com/cuda.driver.major": "525", "nvidia.com/cuda.driver.minor": "105",
                           "nvidia.com/cuda.driver.rev": "17", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "0"})
    info(n, **kv)
    _stack_images(w, {
        "nvidia-driver-daemonset": "nvcr.io/nvidia/driver:525.105.17-ubuntu22.04",
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.13.0-ubuntu20.04",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.14.0-ubi8",
        "gpu-feature-discovery": "nvcr.io/nvidia/gpu-feature-discovery:v0.8.0-ubi8",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.3.2"})
    _operator_pod(w, "k8s-cp-1", "gpu-operator-5d9c6b7f8c", "gpu-operator-5d9c6b7f8c-hq2mx", "v23.3.2")
    gfd = w.stack(_RPC_NODE, "gfd")
    p = w.get_pod(_GO, gfd)
    # the GFD pod under the entry's name-like form: rename the stack's pod (the entry's describe gives no pod name)
    p["metadata"]["name"] = "gpu-feature-discovery-x7k9q"
    for key in [k for k in w.logs if k[1] == gfd]:
        w.logs.pop(key)
    crashloop(p, "gpu-feature-discovery", restarts=9, code=128, reason="StartError", message=t)
    backoff(w, _GO, "gpu-feature-discovery-x7k9q", "gpu-feature-discovery", _RPC_NODE)
    w.event(_GO, "Pod", "gpu-feature-discovery-x7k9q", "Failed", "Error: " + t, component="kubelet", host=_RPC_NODE,
            count=9, field_path="spec.containers{gpu-feature-discovery}")
    w.dmesg(_RPC_NODE, "NVRM: Xid (PCI:0000:ca:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n")
    w.target("Pod", _GO, "gpu-feature-discovery-x7k9q")


# ---- fj3606: the node advertises 7 of its 8 GPUs as allocatable after an Xid 79 (entry 6) --------------------------

_XID_NODE = "gpu-node-1"


@case("fj3606", node_subj(_XID_NODE),
      "kubeadm Kubernetes v1.29.5, containerd 1.7.16, Ubuntu 22.04 (assumed). The GPU node gpu-node-1 (role worker, "
      "InternalIP 10.158.144.58, 96 CPUs, memory 527422416Ki: the entry's describe output) with 8 GPUs (the entry; "
      "H100 80GB HBM3 assumed) under the GPU Operator v24.3.0 stack (device plugin v0.15.0, driver 550.54.15; "
      "assumed), all operand pods Running. The device plugin's log: its start-up lines (composed) and the text (the "
      "entry's three lines) verbatim. Capacity nvidia.com/gpu 8, allocatable 7: the kubelet keeps an unhealthy "
      "device in capacity and drops it from allocatable (the entry's describe snippet shows 7 in both, which the "
      "mechanism it names does not produce; the bundle follows the mechanism). The node's dmesg holds one composed "
      "Xid 79 line (the entry says to look there; PCI address and time composed).")
def _(w, t):
    w.git_version = "v1.29.5"
    kv = {"kubeletVersion": "v1.29.5", "containerRuntimeVersion": "containerd://1.7.16",
          "osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-107-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    plugin_log = ("I0624 21:40:11.301245       1 main.go:279] Retrieving plugins.\n"
                  "I0624 21:40:11.508912       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'\n"
                  "I0624 21:40:11.509771       1 server.go:147] Starting to serve 'nvidia.com/gpu' on "
                  "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                  "I0624 21:40:11.512034       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n"
                  + t + "\n")
    n = w.gpu_node(_XID_NODE, gpus=8, allocatable=7, product="NVIDIA-H100-80GB-HBM3", cpu="96",
                   memory="527422416Ki", alloc_memory="527320016Ki", plugin_log=plugin_log,
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/cuda.driver.major": "550",
                           "nvidia.com/cuda.driver.minor": "54", "nvidia.com/cuda.driver.rev": "15"})
    n["status"]["addresses"] = [{"type": "InternalIP", "address": "10.158.144.58"},
                                {"type": "Hostname", "address": _XID_NODE}]
    info(n, **kv)
    _stack_images(w, {
        "nvidia-driver-daemonset": "nvcr.io/nvidia/driver:550.54.15-ubuntu22.04",
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8",
        "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0"})
    _operator_pod(w, "k8s-cp-1", "gpu-operator-7d6c9b8f4b", "gpu-operator-7d6c9b8f4b-m2kzt", "v24.3.0")
    w.dmesg(_XID_NODE, "[Mon Jun 24 22:58:05 2024] NVRM: Xid (PCI:0000:9d:00): 79, pid='<unknown>', "
                       "name=<unknown>, GPU has fallen off the bus.\n")
    w.target("Node", None, _XID_NODE)


# ---- fj3607: dcgm-exporter crash-loops, the standalone DCGM pod unreachable (entry 7) -------------------------------

_DCGM_NODE = "gpu-node-1"
_DCGM_EXP_IMG = "nvcr.io/nvidia/k8s/dcgm-exporter:4.2.3-4.1.3-ubuntu22.04"
_DCGM_IMG = "nvcr.io/nvidia/cloud-native/dcgm:4.2.3-1-ubuntu22.04"


@case("fj3607", pod_subj("nvidia-dcgm-exporter-5vq8n", OPERATOR_NS),
      "kubeadm Kubernetes v1.32.5, containerd 2.0.5, Ubuntu 24.04 (assumed). One GPU node (4 x L40S, assumed) under "
      "the GPU Operator v25.3.1 (assumed from the log's date, June 2025) with the standalone DCGM enabled "
      "(dcgm.enabled=true, the entry's premise): the nvidia-dcgm pod Runs on the node (its service nvidia-dcgm:5555 is "
      "not an object the bundle holds), nvidia-dcgm-exporter (env DCGM_REMOTE_HOSTENGINE_INFO=nvidia-dcgm:5555) is in "
      "CrashLoopBackOff (exit code 1, 12 restarts; composed) and its log, current and previous, is the text verbatim. "
      "The driver, toolkit, device plugin, GFD and validator pods Run with healthy logs. The cause (a NetworkPolicy or a "
      "firewall/security-group rule blocking pod-to-pod traffic) is not in the bundle: the world holds no "
      "NetworkPolicy or cloud firewall object. Pod names and images are assumed.")
def _(w, t):
    w.git_version = "v1.32.5"
    kv = {"kubeletVersion": "v1.32.5", "containerRuntimeVersion": "containerd://2.0.5",
          "osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    n = w.gpu_node(_DCGM_NODE, gpus=4, product="NVIDIA-L40S", memory_mib=46068, cpu="64",
                   labels={"nvidia.com/gpu.deploy.dcgm": "true", "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                           "nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.driver.minor": "148",
                           "nvidia.com/cuda.driver.rev": "08"})
    info(n, **kv)
    _stack_images(w, {
        "nvidia-driver-daemonset": "nvcr.io/nvidia/driver:570.148.08-ubuntu24.04",
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.17.2",
        "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.17.2",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v25.3.1"})
    _operator_pod(w, "k8s-cp-1", "gpu-operator-84b9d6c7f5", "gpu-operator-84b9d6c7f5-w9tqd", "v25.3.1")
    daemonset(w, _GO, "nvidia-dcgm", desired=1, containers=[("nvidia-dcgm-ctr", _DCGM_IMG)],
              node_selector={"nvidia.com/gpu.deploy.dcgm": "true"}, tolerations=_TOL, labels={"app": "nvidia-dcgm"},
              runtime_class="nvidia")
    _operand(w, "nvidia-dcgm", "nvidia-dcgm-2hx7c", _DCGM_NODE, ("nvidia-dcgm-ctr",), _DCGM_IMG,
             inits=("toolkit-validation",))
    w.log(_GO, "nvidia-dcgm-2hx7c", "nvidia-dcgm-ctr", "Started host engine version 4.2.3 using port number: 5555 \n")
    daemonset(w, _GO, "nvidia-dcgm-exporter", desired=1, ready=0,
              containers=[("nvidia-dcgm-exporter", _DCGM_EXP_IMG)],
              node_selector={"nvidia.com/gpu.deploy.dcgm-exporter": "true"}, tolerations=_TOL,
              labels={"app": "nvidia-dcgm-exporter"}, runtime_class="nvidia",
              env=[{"name": "DCGM_REMOTE_HOSTENGINE_INFO", "value": "nvidia-dcgm:5555"}])
    p = _operand(w, "nvidia-dcgm-exporter", "nvidia-dcgm-exporter-5vq8n", _DCGM_NODE, ("nvidia-dcgm-exporter",),
                 _DCGM_EXP_IMG, inits=("toolkit-validation",), ready=False)
    p["spec"]["containers"][0]["env"] = [{"name": "DCGM_REMOTE_HOSTENGINE_INFO", "value": "nvidia-dcgm:5555"}]
    crashloop(p, "nvidia-dcgm-exporter", restarts=12, code=1)
    backoff(w, _GO, "nvidia-dcgm-exporter-5vq8n", "nvidia-dcgm-exporter", _DCGM_NODE)
    w.log(_GO, "nvidia-dcgm-exporter-5vq8n", "nvidia-dcgm-exporter", t)
    w.log(_GO, "nvidia-dcgm-exporter-5vq8n", "nvidia-dcgm-exporter", t, previous=True)
    w.target("Pod", _GO, "nvidia-dcgm-exporter-5vq8n")


# ---- fj3608: a NoSchedule taint leaves every operand DaemonSet at DESIRED 0 (entry 11) ------------------------------

_TAINT_NODE = "gpu-node-1"
_NFD_IMG = "registry.k8s.io/nfd/node-feature-discovery:v0.14.2"


@case("fj3608", node_subj(_TAINT_NODE),
      "kubeadm Kubernetes v1.28.6, containerd 1.7.13, Ubuntu 22.04 (assumed). One control-plane node, two CPU workers "
      "and one GPU node (2 x A100 80GB PCIe by its machine type; assumed) that carries the taint dedicated=gpu:NoSchedule "
      "(key and value assumed; the entry says only that NoSchedule taints are applied). GPU Operator v23.9.2 "
      "(assumed), its operator pod and NFD master/gc on cpu-worker-1, the NFD worker DaemonSet on the three untainted "
      "nodes (it tolerates the control-plane and nvidia.com/gpu taints, not this one), so the GPU node has no NFD "
      "labels, no nvidia.com/gpu.deploy.* labels and no nvidia.com/gpu. Every operand DaemonSet exists with the "
      "operator's nodeSelector and DESIRED/CURRENT/READY 0 (the entry's listing), no operand pod anywhere. No workload "
      "pod is modelled (the entry shows none). The text (kubectl's listing) is client-side output, not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.6"
    kv = {"kubeletVersion": "v1.28.6", "containerRuntimeVersion": "containerd://1.7.13",
          "osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-97-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    for name in ("cpu-worker-1", "cpu-worker-2"):
        info(w.node(name, cpu="32", memory="131893260Ki"), **kv)
    n = w.node(_TAINT_NODE, cpu="64", memory="527938872Ki",
               taints=[{"key": "dedicated", "value": "gpu", "effect": "NoSchedule"}])
    info(n, **kv)
    _operator_pod(w, "cpu-worker-1", "gpu-operator-6b8f7d9c5d", "gpu-operator-6b8f7d9c5d-lq8vz", "v23.9.2")
    for rs, pod, role in (("gpu-operator-node-feature-discovery-gc-7cc8b6d5d9",
                           "gpu-operator-node-feature-discovery-gc-7cc8b6d5d9-f2xvd", "gc"),
                          ("gpu-operator-node-feature-discovery-master-6c8d9c6b7f",
                           "gpu-operator-node-feature-discovery-master-6c8d9c6b7f-kt4rw", "master")):
        deploy_pod(w, _GO, rs, pod, "cpu-worker-1", containers=(role,), image=_NFD_IMG,
                   labels={"app.kubernetes.io/name": "node-feature-discovery", "role": role})
    nfd_tol = [{"key": "node-role.kubernetes.io/master", "operator": "Equal", "effect": "NoSchedule"},
               {"key": "node-role.kubernetes.io/control-plane", "operator": "Equal", "effect": "NoSchedule"},
               {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    daemonset(w, _GO, "gpu-operator-node-feature-discovery-worker", desired=3, containers=[("worker", _NFD_IMG)],
              tolerations=nfd_tol, labels={"app.kubernetes.io/name": "node-feature-discovery", "role": "worker"})
    for node, sfx in (("k8s-cp-1", "4hxzl"), ("cpu-worker-1", "9mw2c"), ("cpu-worker-2", "sd7fj")):
        ds_pod(w, _GO, "gpu-operator-node-feature-discovery-worker",
               f"gpu-operator-node-feature-discovery-worker-{sfx}", node, containers=("worker",), image=_NFD_IMG,
               tolerations=nfd_tol)
    _stack_ds(w, [("gpu-feature-discovery", "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8"),
                  ("nvidia-container-toolkit-daemonset", "nvcr.io/nvidia/k8s/container-toolkit:v1.14.6-ubuntu20.04"),
                  ("nvidia-dcgm-exporter", "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.0-3.2.0-ubuntu22.04"),
                  ("nvidia-device-plugin-daemonset", "nvcr.io/nvidia/k8s-device-plugin:v0.14.5-ubi8"),
                  ("nvidia-driver-daemonset", _DRV_535),
                  ("nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.5.5-ubuntu20.04"),
                  ("nvidia-operator-validator", _VAL_239)], desired=0)
    w.target("Node", None, _TAINT_NODE)


# ---- fj3609: the GPU Operator pod crash-loops on a 300+ node cluster, its memory limit too low (entry 12) ----------

_OP_NODE = "cpu-worker-017"


@case("fj3609", pod_subj("gpu-operator-568c7ff7f6-chg5b", OPERATOR_NS),
      "A 311-node kubeadm Kubernetes v1.28.4 cluster (containerd 1.7.11, Ubuntu 22.04; size in the entry's range '300 "
      "or more', versions assumed): 3 control-plane nodes, 300 CPU workers and 8 GPU nodes (8 x A100 each, assumed) "
      "with the GPU Operator v23.9.1 stack Running on each GPU node (healthy logs). The operator pod "
      "gpu-operator-568c7ff7f6-chg5b (the entry's name, on a worker whose conditions are the entry's: sufficient "
      "memory, Ready) runs with the chart's default resources (requests 200Mi, limits 350Mi; assumed from the chart) "
      "and is in CrashLoopBackOff with 4 restarts (the entry's listing); its last state is terminated with reason "
      "OOMKilled and exit code 137 (inferred from the entry's root cause, not quoted), plus the kubelet's BackOff "
      "event. NFD is not modelled (its worker would run on all 311 nodes). The text (kubectl's listing) is client-side "
      "output, not in the bundle.")
def _(w, t):
    w.git_version = "v1.28.4"
    kv = {"kubeletVersion": "v1.28.4", "containerRuntimeVersion": "containerd://1.7.11",
          "osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-91-generic"}
    for i in range(1, 4):
        _control_plane(w, f"k8s-cp-{i}", **kv)
    for i in range(1, 301):
        info(w.node(f"cpu-worker-{i:03d}", cpu="32", memory="131893260Ki"), **kv)
    for i in range(1, 9):
        n = w.gpu_node(f"gpu-node-{i}", gpus=8, product="NVIDIA-A100-SXM4-80GB", cpu="256", memory="2113412344Ki",
                       labels={"nvidia.com/cuda.driver.major": "535", "nvidia.com/cuda.driver.minor": "129",
                               "nvidia.com/cuda.driver.rev": "03"})
        info(n, **kv)
    _stack_images(w, {
        "nvidia-driver-daemonset": "nvcr.io/nvidia/driver:535.129.03-ubuntu22.04",
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.14.3-ubuntu20.04",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.14.3-ubi8",
        "gpu-feature-discovery": "nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.1"})
    p = deploy_pod(w, _GO, "gpu-operator-568c7ff7f6", "gpu-operator-568c7ff7f6-chg5b", _OP_NODE,
                   containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v23.9.1",
                   labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
                   cpu="200m", memory="200Mi", memory_limit="350Mi", ready=False)
    p["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "500m"
    crashloop(p, "gpu-operator", restarts=4, code=137, reason="OOMKilled")
    backoff(w, _GO, "gpu-operator-568c7ff7f6-chg5b", "gpu-operator", _OP_NODE, count=12)
    w.log(_GO, "gpu-operator-568c7ff7f6-chg5b", "gpu-operator", _OPERATOR_START_LOG, previous=True)
    w.target("Pod", _GO, "gpu-operator-568c7ff7f6-chg5b")


_OPERATOR_START_LOG = (
    '{"level":"info","ts":1703599291.51,"logger":"setup","msg":"version: 23.9.1"}\n'
    '{"level":"info","ts":1703599291.62,"msg":"Starting EventSource","controller":"clusterpolicy-controller",'
    '"source":"kind source: *v1.ClusterPolicy"}\n'
    '{"level":"info","ts":1703599291.62,"msg":"Starting EventSource","controller":"clusterpolicy-controller",'
    '"source":"kind source: *v1.Node"}\n'
    '{"level":"info","ts":1703599292.03,"msg":"Starting Controller","controller":"clusterpolicy-controller"}\n')


# ---- fj3610: infoROM corrupted: nvidia-smi returns 14, driver validation never passes (entry 13) --------------------

_ROM_NODE = "gpu-node-1"
_VAL_191 = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v1.9.1"


# the entry's example output of the driver-validation container, verbatim (its indentation removed)
_ROM_LOG = """| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |
|-------------------------------+----------------------+----------------------+
| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|                               |                      |               MIG M. |
|===============================+======================+======================|
|   0  Tesla P100-PCIE...  On   | 00000000:0B:00.0 Off |                    0 |
| N/A   42C    P0    29W / 250W |      0MiB / 16280MiB |      0%      Default |
|                               |                      |                  N/A |
+-------------------------------+----------------------+----------------------+

+-----------------------------------------------------------------------------+
| Processes:                                                                  |
|  GPU   GI   CI        PID   Type   Process name                  GPU Memory |
|        ID   ID                                                   Usage      |
|=============================================================================|
|  No running processes found                                                 |
+-----------------------------------------------------------------------------+
"""


@case("fj3610", pod_subj("nvidia-operator-validator-k2t6w", OPERATOR_NS),
      "kubeadm Kubernetes v1.22.4, containerd 1.5.8, Ubuntu 20.04 (assumed). One GPU node with one Tesla P100 PCIe "
      "16GB at 0000:0B:00.0 and the driver container 470.82.01 (both the entry's nvidia-smi output) under the GPU "
      "Operator v1.9.1 (assumed: the release whose default driver is 470.82.01). The driver pod's nvidia-driver-ctr "
      "Runs but is not ready (its startup probe runs nvidia-smi, which returns 14; probe assumed for this release, no "
      "probe event composed); its log is the installer's healthy lines (composed). The validator pod "
      "(nvidia-operator-validator-k2t6w, name composed) is in Init:0/4 with driver-validation running; its log, and that "
      "of the toolkit pod's driver-validation init container, is the entry's example output verbatim (the nvidia-smi "
      "table and the text), repeated as the validator retries (repetition composed). Device plugin and GFD wait in "
      "their toolkit-validation init (the chart's wait line, composed), so the node has no nvidia.com/gpu and no GFD "
      "labels.")
def _(w, t):
    w.git_version = "v1.22.4"
    kv = {"kubeletVersion": "v1.22.4", "containerRuntimeVersion": "containerd://1.5.8",
          "osImage": "Ubuntu 20.04.3 LTS", "kernelVersion": "5.4.0-91-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    n = w.node(_ROM_NODE, cpu="32", memory="263803288Ki", labels={
        "feature.node.kubernetes.io/pci-10de.present": "true", "nvidia.com/gpu.present": "true",
        "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
        "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
        "nvidia.com/gpu.deploy.operator-validator": "true"})
    info(n, **kv)
    _operator_pod(w, "k8s-cp-1", "gpu-operator-5f8b7c9d6", "gpu-operator-5f8b7c9d6-zr4pn", "v1.9.1")
    drv = "nvcr.io/nvidia/driver:470.82.01-ubuntu20.04"
    p = _operand(w, "nvidia-driver-daemonset", "nvidia-driver-daemonset-6mvq8", _ROM_NODE, ("nvidia-driver-ctr",),
                 drv, runtime_class=None, ready=False)
    w.log(_GO, "nvidia-driver-daemonset-6mvq8", "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-470.82.01\nLoading NVIDIA driver kernel modules...\n"
          "+ modprobe nvidia\n+ modprobe nvidia-uvm\n+ modprobe nvidia-modeset\nDone, now waiting for signal\n")
    rom = (_ROM_LOG + t + "\n") * 2
    _operand(w, "nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-c8rjv", _ROM_NODE,
             ("nvidia-container-toolkit-ctr",), "nvcr.io/nvidia/k8s/container-toolkit:1.7.2-ubuntu18.04",
             inits=("driver-validation",), init_statuses=_init_wait("driver-validation"), phase="Pending",
             runtime_class=None)
    w.log(_GO, "nvidia-container-toolkit-daemonset-c8rjv", "driver-validation", rom)
    for ds, pod, ctr, img in (
            ("gpu-feature-discovery", "gpu-feature-discovery-lb9qs", "gpu-feature-discovery",
             "nvcr.io/nvidia/gpu-feature-discovery:v0.4.1"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-7fxwd", "nvidia-device-plugin",
             "nvcr.io/nvidia/k8s-device-plugin:v0.10.0-ubi8")):
        _operand(w, ds, pod, _ROM_NODE, (ctr,), img, inits=("toolkit-validation",),
                 init_statuses=_init_wait("toolkit-validation"), phase="Pending")
        w.log(_GO, pod, "toolkit-validation", _TOOLKIT_WAIT_LOG)
    inits = ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation")
    _operand(w, "nvidia-operator-validator", "nvidia-operator-validator-k2t6w", _ROM_NODE,
             ("nvidia-operator-validator",), _VAL_191, inits=inits,
             init_statuses=_init_wait("driver-validation", inits[1:]), phase="Pending")
    w.log(_GO, "nvidia-operator-validator-k2t6w", "driver-validation", rom)
    w.target("Pod", _GO, "nvidia-operator-validator-k2t6w")


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
