"""Builds first-contact batch J36 (fixtures/first-contact/batch-j36/cases.jsonl) as scenario bundles.

Round 36R, this batch's frame: the troubleshooting entries of NVIDIA/cloud-native-docs (HEAD 52dcb7b8) in four
guides (GPU Operator, Container Toolkit, OpenShift, Confidential Containers). Three cases:

- fj3601: GPU pods on a node with a mix of MIG slices and full GPUs stay Pending (bound, never started) under the
  R570 drivers' NVML regression (NVIDIA/gpu-operator#1361); prose (the entry's own words, not in the bundle).
- fj3602: `groups: cannot find name for group ID 993` in a healthy GPU pod's log, the toolkit's additional GIDs
  for device nodes (a cosmetic warning; healthy look-alike); text verbatim, placed in the pod's log.
- fj3603: a Confidential Containers node whose nvidia.com/cc.mode.state stays `off` after cc.mode=on because a
  Kata workload holds a passthrough GPU; the nvidia-cc-manager's log lines verbatim.

The expected answers were reasoned from the entries' documented causes (`expected` in each case); never taken from
the tool's output. Names, versions, node sizes and every line the entries do not quote are assumed or composed; the
world notes say which.

    .venv/bin/python -m tests.classify.first_contact_j36      # (re)writes fixtures/first-contact/batch-j36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, info, remove_stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, T2
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-j36", "J36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: the text is the troubleshooting entry's own words, not a line of the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fj3601"}


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


# ---- fj3601: mixed MIG + full GPU node, GPU pods bound and never started (R570 NVML regression) -------------------

_MIG_NODE = "gpu-a100-1"


@case("fj3601", pod_subj("finetune-6f7b9c8d4-2xkqp", "research"),
      "kubeadm Kubernetes v1.31.7, containerd 1.7.25, Ubuntu 22.04 (stated). One control-plane node and one GPU node "
      "with 8 x A100 80GB (stated) in the mixed MIG strategy: GPUs 0-3 full (nvidia.com/gpu 4), GPUs 4-7 split into "
      "7 x 1g.10gb each (nvidia.com/mig-1g.10gb 28) (layout assumed), mig.config.state success. GPU Operator 24.9.2 "
      "(stated) with a host-installed driver 570.124.06 (stated; no driver pod, nvidia.com/gpu.deploy.driver="
      "pre-installed), its toolkit, device plugin, GFD, validator and MIG manager pods Running with healthy logs "
      "(images of that release assumed). The workload pod (name, namespace, image assumed) requests one "
      "nvidia.com/gpu, is bound to the GPU node (PodScheduled True, a Scheduled event) and stays in phase Pending "
      "with no container status, no hostIP and no kubelet event: the kubelet's device-plugin call never returns. "
      "The text (the entry's prose) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.7"
    kv = {"kubeletVersion": "v1.31.7", "containerRuntimeVersion": "containerd://1.7.25",
          "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-134-generic"}
    _control_plane(w, "k8s-cp-1", **kv)
    n = w.gpu_node(_MIG_NODE, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="256",
                   memory="2113412344Ki",
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed", "nvidia.com/cuda.driver.major": "570",
                           "nvidia.com/cuda.driver.minor": "124", "nvidia.com/cuda.driver.rev": "06",
                           "nvidia.com/cuda.runtime.major": "12", "nvidia.com/cuda.runtime.minor": "8",
                           "nvidia.com/mig.capable": "true", "nvidia.com/mig.strategy": "mixed",
                           "nvidia.com/mig.config": "custom-half-1g.10gb", "nvidia.com/mig.config.state": "success",
                           "nvidia.com/gpu.deploy.mig-manager": "true",
                           "nvidia.com/mig-1g.10gb.count": "28", "nvidia.com/mig-1g.10gb.memory": "9728",
                           "nvidia.com/mig-1g.10gb.product": "NVIDIA-A100-SXM4-80GB-MIG-1g.10gb"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["nvidia.com/mig-1g.10gb"] = "28"
    info(n, **kv)
    remove_stack_pod(w, _MIG_NODE, "driver")          # host-installed driver (driver.enabled=false)
    _stack_images(w, {
        "nvidia-container-toolkit-daemonset": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.4-ubuntu20.04",
        "nvidia-device-plugin-daemonset": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
        "gpu-feature-discovery": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
        "nvidia-operator-validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.9.2"})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-7c8f9d6b5c", "gpu-operator-7c8f9d6b5c-q4w8z", "k8s-cp-1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v24.9.2",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    mig_img = "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.10.0-ubuntu20.04"
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=1, containers=[("nvidia-mig-manager", mig_img)],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"app": "nvidia-mig-manager"})
    ds_pod(w, OPERATOR_NS, "nvidia-mig-manager", "nvidia-mig-manager-h6v2d", _MIG_NODE,
           containers=("nvidia-mig-manager",), image=mig_img)
    w.log(OPERATOR_NS, "nvidia-mig-manager-h6v2d", "nvidia-mig-manager",
          'time="2026-11-29T14:02:11Z" level=info msg="Waiting for change to \'nvidia.com/mig.config\' label"\n')
    name = "finetune-6f7b9c8d4-2xkqp"
    p = w.pod("research", name, node=_MIG_NODE, gpu=1, phase="Pending", containers=("trainer",),
              image="nvcr.io/nvidia/pytorch:25.02-py3", owner=("ReplicaSet", "finetune-6f7b9c8d4"),
              labels={"app": "finetune"}, cpu="16", memory="128Gi")
    st = p["status"]
    for k in ("containerStatuses", "hostIP", "podIP", "startTime"):
        st.pop(k, None)
    st["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}]
    w.event("research", "Pod", name, "Scheduled", f"Successfully assigned research/{name} to {_MIG_NODE}",
            type="Normal", component="default-scheduler")
    w.target("Pod", "research", name)


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


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
