"""Builds first-contact batch B41 (fixtures/first-contact/batch-b41/cases.jsonl) as scenario bundles.

Round 41, search frame (24 fixed queries in the `issues` corpus, component x observed state in a user's words):

- fb4101: an NVIDIADriver whose nodeSelector was edited to an equivalent label stays NotReady for good while its
  driver pods run and the GPUs work (NVIDIA/gpu-operator#1661; the readiness check wants every pod on the latest
  revision, which an OnDelete DaemonSet never does by itself; root cause stated by the fix PR
  NVIDIA/gpu-operator#1868, "Solves #1661"). A healthy look-alike: the GPU stack works, the status is misleading.
  Prose case: the issue's own sentence is NOT in the bundle (TEXT_NOT_IN_BUNDLE).

The expected answer was reasoned from the thread (`expected`/`expected_status` in the case) and committed before
any rule change; it is never taken from the tool's output. Names, versions, node counts and log lines the thread
does not state are assumed; the scenario README says which.

    .venv/bin/python -m tests.classify.first_contact_b41      # (re)writes fixtures/first-contact/batch-b41/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, info
from tests.classify.first_contact_b31 import (_clusterpolicy, _nfd, _not_ready, _nvidiadriver, _operands, _operator,
                                              _stack_pod)
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b41", "B41", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the thread's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb4101"}

_GO = "gpu-operator"


# ---- fb4101: NVIDIADriver NotReady for good after an equivalent nodeSelector edit (OnDelete DaemonSet) ---------

_A_NODES = ["gpu-l40s-01", "gpu-l40s-02"]
_A_CP = "k8s-cp-01"
_A_OP = "gpu-operator-6c9d7f8b5-t4k2m"
_A_DS = "nvidia-gpu-driver-ubuntu24.04-7d5c9f6b8"
_A_OLD_REV = "6b9f7c5d84"
_A_NEW_REV = "7f4d8c9b65"


def _a_log() -> str:
    out = []
    for i, s in enumerate(["02.211", "07.224", "12.238", "17.251", "22.263"]):
        rid = ["1a2b3c4d", "5e6f7a8b", "9c0d1e2f", "3a4b5c6d", "7e8f9a0b"][i]
        tail = '"reconcileID":"%s-6c7d-4e8f-9a0b-1c2d3e4f5a6b"' % rid
        out.append('{"level":"info","ts":"2025-09-04T10:15:%sZ","msg":"Reconciling NVIDIADriver","controller":'
                   '"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":"default",%s}'
                   % (s, tail))
        out.append('{"level":"info","ts":"2025-09-04T10:15:%sZ","msg":"NVIDIADriver instance is not ready",'
                   '"controller":"nvidia-driver-controller","object":{"name":"default"},"namespace":"","name":'
                   '"default",%s}' % (s, tail))
    return "\n".join(out) + "\n"


@case("fb4101", pod_subj(_A_OP, _GO),
      "A kubeadm Kubernetes v1.31.9 cluster (version and names assumed) on Ubuntu 24.04 nodes, kernel "
      "6.8.0-71-generic (OS and kernel from the issue): control-plane node k8s-cp-01 and two GPU workers (2 x NVIDIA "
      "L40S each; model and counts assumed), both labelled gpu-pool=l40s and, equivalently, nodegroup=l40s "
      "(assumed labels). GPU Operator v25.3.2 (the issue's version) with the NVIDIADriver CRD; the NVIDIADriver "
      "'default' (driver 570.172.08, assumed) had its nodeSelector edited from gpu-pool=l40s to nodegroup=l40s, "
      "which matches the same two nodes. The driver DaemonSet (updateStrategy OnDelete, as the NVIDIADriver "
      "controller sets it) took the new template (generation 2, observed) but no pod was re-created: "
      "desired/current/ready/available 2, updatedNumberScheduled 0; both driver pods are Running and ready on the "
      "old controller-revision-hash, their logs the healthy driver container's. The NVIDIADriver stays notReady "
      "(its DriverNotReady condition with the message the v25.3 controller writes, as batch B31 read it from the code; assumed); the operator's log repeats "
      "'NVIDIADriver instance is not ready' on every reconcile (lines composed from the controller's code; assumed "
      "layout). Toolkit, device plugin, GFD and validator run on both nodes, each node advertises nvidia.com/gpu "
      "2, and a user's inference pod runs on a GPU. The issue's sentence is prose: it is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.9"
    kv = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-71-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.31.9"}
    info(w.node(_A_CP, cpu="8", memory="32858796Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    for n in _A_NODES:
        info(w.node(n, gpus=2, cpu="64", memory="528102820Ki", labels={
            "gpu-pool": "l40s", "nodegroup": "l40s",
            "nvidia.com/gpu.present": "true", "nvidia.com/gpu.product": "NVIDIA-L40S", "nvidia.com/gpu.count": "2",
            "nvidia.com/gpu.memory": "46068", "nvidia.com/cuda.driver.major": "570",
            "nvidia.com/cuda.driver.minor": "172", "nvidia.com/cuda.driver.rev": "08",
            "nvidia.com/gpu.deploy.driver": "true", "nvidia.com/gpu.deploy.container-toolkit": "true",
            "nvidia.com/gpu.deploy.device-plugin": "true", "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
            "nvidia.com/gpu.deploy.operator-validator": "true", "feature.node.kubernetes.io/pci-10de.present": "true",
            "feature.node.kubernetes.io/kernel-version.full": "6.8.0-71-generic",
            "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
            "feature.node.kubernetes.io/system-os_release.VERSION_ID": "24.04"}), **kv)
    _operator(w, _A_CP, "nvcr.io/nvidia/gpu-operator:v25.3.2", _A_OP, "gpu-operator-6c9d7f8b5", log=_a_log())
    _nfd(w, [_A_CP, *_A_NODES], _A_CP, "v0.17.3", ["kz4tp", "h8w2n", "r6d9c"])
    drv = "nvcr.io/nvidia/driver:570.172.08-ubuntu24.04"
    kdm = "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.8.1"
    for n, s in zip(_A_NODES, ["q7m2x", "t3v9k"]):
        p = _stack_pod(w, _A_DS, f"{_A_DS}-{s}", n, ("nvidia-driver-ctr",), ("k8s-driver-manager",),
                       {"nvidia-driver-ctr": drv, "k8s-driver-manager": kdm},
                       labels={"app": _A_DS, "app.kubernetes.io/component": "nvidia-driver",
                               "nvidia.com/precompiled": "false", "controller-revision-hash": _A_OLD_REV,
                               "pod-template-generation": "1"})
        p["spec"]["nodeSelector"] = {"nvidia.com/gpu.deploy.driver": "true", "gpu-pool": "l40s"}
        w.log(_GO, p["metadata"]["name"], "nvidia-driver-ctr",
              "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-570.172.08\n"
              "Loading NVIDIA driver kernel modules...\n+ modprobe nvidia\n+ modprobe nvidia-uvm\n"
              "+ modprobe nvidia-modeset\nDone, now waiting for signal\n")
    ds = daemonset(w, _GO, _A_DS, desired=2, containers=[("nvidia-driver-ctr", drv)],
                   init_containers=[("k8s-driver-manager", kdm)],
                   node_selector={"nvidia.com/gpu.deploy.driver": "true", "nodegroup": "l40s"},
                   tolerations=GPU_TOLERATION, labels={"app": _A_DS, "app.kubernetes.io/component": "nvidia-driver"})
    ds["spec"]["updateStrategy"] = {"type": "OnDelete"}
    ds["metadata"]["generation"] = 2
    ds["metadata"]["ownerReferences"] = [{"apiVersion": "nvidia.com/v1alpha1", "kind": "NVIDIADriver",
                                          "name": "default", "uid": "5d2f8a3e-9c41-4b7e-a1d6-2f0c8e7b9a14",
                                          "controller": True, "blockOwnerDeletion": True}]
    ds["status"].update({"updatedNumberScheduled": 0, "observedGeneration": 2})
    v = "nvcr.io/nvidia/gpu-operator:v25.3.2"
    _operands(w, _A_NODES, {"nvidia-container-toolkit-daemonset": ["c4k8p", "w2n6d"],
                            "nvidia-device-plugin-daemonset": ["b9t5m", "j6r3s"],
                            "gpu-feature-discovery": ["x5p2q", "m8d4z"],
                            "nvidia-operator-validator": ["f7h2c", "v4l9n"]},
              {"validator": v, "toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04",
               "plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.17.2"}, waiting=False)
    _clusterpolicy(w, {"operator": {"defaultRuntime": "containerd"},
                       "driver": {"enabled": True, "useNvidiaDriverCRD": True,
                                  "nvidiaDriverCRD": {"enabled": True, "deployDefaultCR": True}},
                       "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True}})
    _nvidiadriver(w, "default", {"driverType": "gpu", "repository": "nvcr.io/nvidia", "image": "driver",
                                 "version": "570.172.08", "usePrecompiled": False,
                                 "nodeSelector": {"nodegroup": "l40s"}},
                  "notReady", _not_ready("DriverNotReady", "Waiting for driver pod to be ready"))
    w.pod("inference", "llm-server-5b7c9d8f6-x2v4n", node=_A_NODES[0], gpu=1, image="vllm/vllm-openai:v0.10.1",
          owner=("ReplicaSet", "llm-server-5b7c9d8f6"), labels={"app": "llm-server"}, runtime_class="nvidia",
          tolerations=GPU_TOLERATION)
    w.target("Pod", _GO, _A_OP)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
