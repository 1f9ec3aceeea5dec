"""Builds first-contact batch B32 (fixtures/first-contact/batch-b32/cases.jsonl) as scenario bundles.

Round 32, fix-commit frame of Kubernetes distributions (GPU-FILTERED): Talos, MicroK8s, Canonical k8s-snap,
RKE2 (k3s could not be fetched). One case: on Talos v1.13 the GPU Operator's device plugin writes a CDI spec
whose hooks point at /usr/bin/nvidia-ctk, but Talos extensions install it under /usr/local/bin, so every pod
requesting nvidia.com/gpu fails to start (siderolabs/talos PR#13022, issue #13021). The issue's quoted error is
placed verbatim inside the kubelet's Failed event and the container's termination message; the runc/containerd
wrapper around it is composed (the issue quotes only the inner part). Names and versions are assumed; the
scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_b32      # (re)writes fixtures/first-contact/batch-b32/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info, remove_stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-b32", "B32", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_NODE = "talos-gpu-w1"
_NS = "default"
_POD = "cuda-vectoradd-cdi"


@case("fb3201", pod_subj(_POD, _NS),
      "A Talos Linux v1.13.0-beta.0 cluster (Kubernetes v1.35.2; release before the fix, versions and names "
      "assumed): control-plane node talos-cp1 and GPU worker talos-gpu-w1 (one NVIDIA L4, assumed) with the NVIDIA "
      "driver and nvidia-container-toolkit from Talos system extensions (binaries under /usr/local/bin) and "
      "containerd's enable_cdi=true. GPU Operator (v25.10.1 assumed) with driver and toolkit disabled; its device "
      "plugin (v0.18.1, the version the issue links), GFD and validator Running, the node advertising "
      "nvidia.com/gpu 1. A test pod with runtimeClassName nvidia and an nvidia.com/gpu limit (name and image "
      "assumed) is bound to the node; its container fails to start (StartError, exit 128) and crash-loops. The "
      "kubelet's Failed event and the container's termination message carry the issue's quoted error verbatim "
      "inside containerd/runc's usual wrapper ('failed to create containerd task: failed to create shim task: OCI "
      "runtime create failed: runc create failed: unable to start container process: error during container "
      "init: ' before it, ': unknown' after it), which is composed, not quoted.")
def _(w, t):
    w.git_version = "v1.35.2"
    kv = {"osImage": "Talos (v1.13.0-beta.0)", "kernelVersion": "6.18.9-talos",
          "containerRuntimeVersion": "containerd://2.2.1", "kubeletVersion": "v1.35.2"}
    info(w.node("talos-cp1", cpu="4", memory="8026500Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    n = w.gpu_node(_NODE, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65842768Ki",
                   labels={"extensions.talos.dev/nvidia-container-toolkit-production": "580.95.05-v1.18.1",
                           "extensions.talos.dev/nvidia-open-gpu-kernel-modules-production": "580.95.05-v1.13.0"})
    info(n, **kv)
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.driver"] = "pre-installed"
    n["metadata"]["labels"]["nvidia.com/gpu.deploy.container-toolkit"] = "false"
    remove_stack_pod(w, _NODE, "driver")
    remove_stack_pod(w, _NODE, "toolkit")
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
           "failed: unable to start container process: error during container init: " + t + ": unknown")
    p = w.pod(_NS, _POD, node=_NODE, gpu=1, containers=("cuda-vectoradd",),
              image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04", runtime_class="nvidia",
              ready=False, statuses=crashing("cuda-vectoradd", code=128, reason="StartError", message=msg,
                                             restarts=5),
              restarts=5, cpu="100m", memory="256Mi")
    p["status"]["phase"] = "Running"
    w.event(_NS, "Pod", _POD, "Pulled", 'Container image "nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-'
            'ubuntu22.04" already present on machine', type="Normal", component="kubelet", host=_NODE, count=6,
            field_path="spec.containers{cuda-vectoradd}")
    w.event(_NS, "Pod", _POD, "Failed", f"Error: {msg}", component="kubelet", host=_NODE, count=6,
            field_path="spec.containers{cuda-vectoradd}")
    w.event(_NS, "Pod", _POD, "BackOff", "Back-off restarting failed container cuda-vectoradd in pod "
            f"{_POD}_{_NS}(" + p["metadata"]["uid"] + ")", component="kubelet", host=_NODE, count=24,
            field_path="spec.containers{cuda-vectoradd}")
    w.target("Pod", _NS, _POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
