"""Builds first-contact batch B35 (fixtures/first-contact/batch-b35/cases.jsonl) as scenario bundles.

Fix commits of opencontainers/runc, Mellanox/network-operator and k8snetworkplumbingwg/sriov-network-device-plugin
(round 35, fix-commit frame, GPU-FILTERED): runc set a transient unit's DevicePolicy before its DeviceAllow, so
every unit needed a daemon reload since systemd v230 and a `systemctl daemon-reload` cut running GPU containers off
their devices (opencontainers/runc commit d84388ae, PR #4612, fixes #4568). The text is the commit's prose and is
NOT placed in the bundle (TEXT_NOT_IN_BUNDLE); the bundle carries the state. The NVML symptom line in the bundle is
composed (see the case note). Names, versions and images are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_b35      # (re)writes fixtures/first-contact/batch-b35/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b35", "B35", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the commit's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fb3501"}

_NS = "ml-train"
_NODE = "gpu-worker-03"
_POD = "resnet-train-0"
_NVML = "Failed to initialize NVML: Unknown Error"
_LOG = """[2025-01-28 09:12:04] epoch 41/90 step 1200/1251 loss=1.482 lr=0.0400 gpu_mem=21.3GiB
[2025-01-28 09:12:41] epoch 41/90 step 1250/1251 loss=1.477 lr=0.0400 gpu_mem=21.3GiB
[2025-01-28 09:13:02] saving checkpoint to /ckpt/epoch-41.pt
[2025-01-28 09:13:05] gpu monitor: nvidia-smi query failed: Failed to initialize NVML: Unknown Error
"""


@case("fb3501", pod_subj(_POD, _NS),
      "A kubeadm Kubernetes v1.31.5 cluster (assumed) with one control-plane node and GPU worker "
      f"{_NODE} (4 x NVIDIA A100-SXM4-80GB, Ubuntu 22.04, containerd 1.7.25 with runc v1.2.4, the release before "
      "the fix, systemd cgroup driver; all assumed) running the GPU Operator stack, healthy, and advertising "
      f"nvidia.com/gpu: 4. The training pod {_POD} (StatefulSet, one nvidia.com/gpu, image assumed) is Running and "
      "Ready; after a `systemctl daemon-reload` on the node (assumed trigger) its container can no longer open the "
      "GPU: its log's last line and an exec of nvidia-smi in it show the NVML error (COMPOSED: the commit quotes no "
      "error line; the symptom is the one the related threads name). The commit's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.5"
    cp = w.node("cp-01", cpu="8", memory="32863064Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
            "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.31.5",
            "kubeProxyVersion": "v1.31.5"}
    node_info(cp, **info)
    g = w.gpu_node(_NODE, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="128",
                   memory="1056389132Ki")
    node_info(g, **info)
    p = w.pod(_NS, _POD, node=_NODE, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:24.12-py3",
              owner=("StatefulSet", "resnet-train"), cpu="16", memory="128Gi", ready=True,
              labels={"app": "resnet-train", "statefulset.kubernetes.io/pod-name": _POD})
    w.log(_NS, _POD, "trainer", _LOG)
    w.exec(_NS, _POD, "trainer", ["nvidia-smi"], _NVML + "\n", exit_code=255)
    w.workload("StatefulSet", _NS, "resnet-train", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1})
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
