"""Builds first-contact batch B34 (fixtures/first-contact/batch-b34/cases.jsonl) as scenario bundles.

Fix commits of the CDI library, CRI-O and containerd (round 34, fixed-commit-frame protocol): a GPU pod that loses
its GPU after a host `systemctl daemon-reload` on a node whose containerd runs runc 1.2.4 (the systemd v230
device-rule regression fixed in runc v1.2.5; containerd/containerd 938775864 pulls it in). fb3401's text is the
commit's own prose (runc's release note), which never reaches the cluster, so it is listed in TEXT_NOT_IN_BUNDLE;
the bundle carries the state: the Running pod and its `nvidia-smi` exec output (composed, not quoted by the commit).

Names and versions the commit does not state are filled in plausibly; the scenario README says which parts are
assumed.

    .venv/bin/python -m tests.classify.first_contact_b34      # (re)writes fixtures/first-contact/batch-b34/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b34", "B34", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# fb3401: the text is the fix commit's prose (runc's release note); the bundle carries only the state
TEXT_NOT_IN_BUNDLE: set[str] = {"fb3401"}

_NVML_UNKNOWN = "Failed to initialize NVML: Unknown Error"

# ---- fb3401: runc 1.2.4 + systemd >= 230: a running GPU container loses its GPU after daemon-reload ------------

_NS = "research"
_POD = "cuda-train-0"
_NODE = "gpu-worker-01"
_OS = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-131-generic",
       "containerRuntimeVersion": "containerd://2.0.2", "kubeletVersion": "v1.31.5"}


@case("fb3401", pod_subj(_POD, _NS),
      "A kubeadm Kubernetes v1.31.5 cluster (assumed) with one control-plane node and one GPU worker (one NVIDIA "
      "A100 80GB; assumed) running Ubuntu 22.04 (systemd 249) with containerd 2.0.2 and runc 1.2.4 (the release "
      "before runc v1.2.5; runc's version is not visible in the node object), kubelet and containerd on the systemd "
      "cgroup driver (assumed). The GPU Operator stack (driver, toolkit, device plugin, GFD, validator) is Running "
      "and healthy; the node advertises nvidia.com/gpu 1, allocated to the workload. The workload StatefulSet pod "
      "(a CUDA image sleeping between training steps; name and image assumed) is Running and Ready, never "
      "restarted; the collector's exec of `nvidia-smi` in its container prints the NVML 'Unknown Error' line with "
      "exit code 255 (composed from the known symptom, not quoted by the commit). The host's systemctl "
      "daemon-reload (the trigger) is not visible to the collector. The case's text is the commit's prose and is "
      "not in the bundle (TEXT_NOT_IN_BUNDLE).")
def _(w, t):
    w.git_version = "v1.31.5"
    cp = w.node("cp-01", cpu="4", memory="16374612Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    info(cp, **_OS)
    gpu = w.gpu_node(_NODE, gpus=1, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, cpu="32",
                     memory="263855396Ki")
    info(gpu, **_OS)
    w.pod(_NS, _POD, node=_NODE, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/cuda:12.6.3-base-ubuntu22.04",
          owner=("StatefulSet", "cuda-train"), labels={"app": "cuda-train"}, tolerations=GPU_TOLERATION,
          cpu="8", memory="64Gi")
    w.get_pod(_NS, _POD)["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    w.exec(_NS, _POD, "trainer", ["nvidia-smi"], _NVML_UNKNOWN + "\n", "", exit_code=255)
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
