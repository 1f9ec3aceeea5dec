"""Builds first-contact batch D34 (fixtures/first-contact/batch-d34/cases.jsonl) as scenario bundles.

Round 34's frame: the bug-fix commits (since 2024-01-01) of NVIDIA/cloud-native-stack, NVIDIA/deepops,
ROCm/gpu-operator (continuing round 33's frame after its first 45) and kserve/kserve (GPU-filtered). One case:

- fd3401: the AMD GPU Operator (Helm chart, driver.enable=false) records node status Install-In-Progress in the
  DeviceConfig although it manages no driver; GPUs, plugin and workload are fine; only the chart's pre-upgrade hook
  is blocked (gpu-operator e23b1560, PR #404, issue #403); healthy look-alike.

The text (the reporter's kubectl/jq output) is NOT placed in the bundle verbatim (TEXT_NOT_IN_BUNDLE): the bundle
carries the same status as the DeviceConfig's data. The expected answer was reasoned from the fix (`expected` in the
case); it is never taken from the tool's output. Names, versions, node sizes and every log line the issue does not
quote are assumed or composed; the scenario README says which.

    .venv/bin/python -m tests.classify.first_contact_d34      # (re)writes fixtures/first-contact/batch-d34/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d14 import _amd_node
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-d34", "D34", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# text not placed verbatim in the bundle (the reporter's jq rendering of the DeviceConfig status)
TEXT_NOT_IN_BUNDLE: set[str] = {"fd3401"}

_NS = "amd-gpu-operator"                                   # stated in the issue
_N1 = "fw1"                                                # stated in the issue
_OP_IMG = "docker.io/rocm/gpu-operator:v1.4.1"             # the release before the fix (assumed)
_DP_IMG = "docker.io/rocm/k8s-device-plugin:1.31.0.9"      # assumed
_LBL_IMG = "docker.io/rocm/k8s-device-plugin:labeller-1.31.0.9"
_NOBLE = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-90-generic",
          "containerRuntimeVersion": "containerd://1.7.28", "kubeletVersion": "v1.33.6", "kubeProxyVersion": "v1.33.6"}
_READY = {"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1}

# the device plugin's start-up lines (composed after the plugin's log format; the issue quotes none)
_DP_LOG = ("I1224 09:14:02.104221       1 main.go:305] AMD GPU device plugin for Kubernetes\n"
           "I1224 09:14:02.104290       1 manager.go:42] Starting device plugin manager\n"
           "I1224 09:14:02.104296       1 manager.go:46] Registering for system signal notifications\n"
           "I1224 09:14:02.215840       1 plugin.go:254] Watching GPU with bus ID: 0000:c3:00.0 NUMA Node: [0]\n"
           "I1224 09:14:02.320412       1 plugin.go:187] Registered device plugin with Kubelet amd.com/gpu\n")


@case("fd3401", node_subj(_N1),
      "Vanilla Kubernetes v1.33.6 (assumed) with the AMD GPU Operator v1.4.1 (Helm chart; the release before the "
      "fix, assumed) in amd-gpu-operator (stated), DeviceConfig 'default' (stated) with driver.enable=false "
      "(stated; amdgpu driver pre-installed on the host). One control-plane node (assumed) carrying the operator's "
      "controller-manager, and the GPU node fw1 (stated name; one AMD GPU, OS, kernel and sizes assumed) advertising "
      "amd.com/gpu 1, allocatable 1. The device plugin and node labeller DaemonSet pods run on fw1 (plugin log "
      "composed: discovery and registration); a ROCm workload pod requesting one amd.com/gpu is Running there (log "
      "composed). The DeviceConfig's status.nodeModuleStatus.fw1.status is Install-In-Progress (stated), the "
      "container image and kernel fields empty (no driver managed). The chart's pre-upgrade-check hook Job, which "
      "failed on that status, is gone (ttlSecondsAfterFinished 60). The reporter's jq output is not in the bundle "
      "verbatim.")
def _(w, t):
    w.git_version = "v1.33.6"
    cp = w.node("k8s-cp-1", cpu="8", memory="32823944Ki",
                labels={"node-role.kubernetes.io/control-plane": ""})
    node_info(cp, **_NOBLE)
    _amd_node(w, _N1, gpus=1, info=_NOBLE)
    rs = "amd-gpu-operator-gpu-operator-charts-controller-manager-5d8c9f7b6d"
    op = deploy_pod(w, _NS, rs, f"{rs}-q2x8m", "k8s-cp-1", containers=("manager",), image=_OP_IMG,
                    labels={"app.kubernetes.io/name": "gpu-operator-charts", "control-plane": "controller-manager"},
                    cpu="100m", memory="256Mi")
    w.workload("Deployment", _NS, "amd-gpu-operator-gpu-operator-charts-controller-manager", template_pod=op,
               status=dict(_READY))
    for app, ctr, img, sfx in (("default-device-plugin", "device-plugin", _DP_IMG, "k7x2p"),
                               ("default-node-labeller", "node-labeller", _LBL_IMG, "m4q9z")):
        daemonset(w, _NS, app, desired=1, containers=[(ctr, img)],
                  node_selector={"feature.node.kubernetes.io/amd-gpu": "true"},
                  labels={"app.kubernetes.io/name": app, "daemonset-name": app})
        p = ds_pod(w, _NS, app, f"{app}-{sfx}", _N1, containers=(ctr,), image=img, cpu="100m", memory="256Mi")
        if ctr == "device-plugin":
            w.log(_NS, p["metadata"]["name"], ctr, _DP_LOG)
    w.ns_custom[("deviceconfigs.amd.com", _NS)] = [{
        "apiVersion": "amd.com/v1alpha1", "kind": "DeviceConfig",
        "metadata": {"name": "default", "namespace": _NS, "creationTimestamp": T0, "generation": 1},
        "spec": {"driver": {"enable": False},
                 "devicePlugin": {"devicePluginImage": _DP_IMG, "nodeLabellerImage": _LBL_IMG,
                                  "enableNodeLabeller": True},
                 "selector": {"feature.node.kubernetes.io/amd-gpu": "true"}},
        "status": {"devicePlugin": {"desiredNumber": 1, "nodesMatchingSelectorNumber": 1, "availableNumber": 1},
                   "nodeModuleStatus": {_N1: {"containerImage": "", "kernelVersion": "",
                                              "lastTransitionTime": T1, "status": "Install-In-Progress"}}}}]
    wl = w.pod("ml", "rocm-bench-6f7d8c9b5-h2k4w", node=_N1, gpu=1, resource="amd.com/gpu", containers=("bench",),
               image="rocm/pytorch:rocm6.4.4_ubuntu24.04_py3.12_pytorch_release_2.7.1",
               owner=("ReplicaSet", "rocm-bench-6f7d8c9b5"), labels={"app": "rocm-bench"})
    w.workload("Deployment", "ml", "rocm-bench", template_pod=wl, status=dict(_READY))
    w.log("ml", wl["metadata"]["name"], "bench",
          "torch 2.7.1, HIP available: True, devices: 1\nstep 100/1000 loss 2.413\nstep 200/1000 loss 1.987\n")
    w.target("Node", None, _N1)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
