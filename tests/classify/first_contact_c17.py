"""Builds first-contact batch C17 (fixtures/first-contact/batch-c17/cases.jsonl) as scenario bundles.

Cases of any layer sampled from the documentation of Mellanox/network-operator, confidential-containers/
confidential-containers, kata-containers/kata-containers and NVIDIA/k8s-kata-manager, read whole in the fixed file
order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with
git), the first qualifying entry of each file taken. The expected answers were reasoned from the documents
(`expected` in the case, preferred first) and committed before any rule change; they are never taken from the
tool's output.

Names and versions the documents do not state (cluster flavour, kubelet, runtime, Kata and operator versions, node
and pod names, GPU models) are filled in plausibly; each scenario's README says which parts are assumed. The Kata
GPU node helpers are batch C14's (first_contact_c14), reused unchanged.

    .venv/bin/python -m tests.classify.first_contact_c17      # (re)writes fixtures/first-contact/batch-c17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_c14 import _kata_gpu_node, _operator, _pending_create
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c17", "C17", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- runtime layer: the host has no /dev/vhost-vsock, so the Kata GPU sandbox never starts ---------------

@case("fc1701", pod_subj("cuda-vectoradd-kata-pt", "default"),
      "Vanilla Kubernetes v1.33.4 (assumed; the page runs `ctr` and names no distribution): one GPU node "
      "`kata-gpu-node-01` (Ubuntu 22.04, kernel 6.8, containerd 1.7.27; names and versions assumed) with one "
      "NVIDIA A30 (the page's sample nvidia-smi output) bound to vfio-pci. The GPU Operator v26.3.0 in sandbox "
      "mode (vm-passthrough, kata) runs its vfio-manager, kata sandbox device plugin, sandbox validator and CC "
      "manager (cc.mode off) pods, all Running, and the node advertises nvidia.com/pgpu 1; kata-deploy (4.1.0, "
      "kata-system) is Running. The host's vhost_vsock module is not loaded (not visible in the bundle: no "
      "collector of this layout lists host modules or /dev). The pod `cuda-vectoradd-kata-pt` in `default` "
      "(name assumed; runtimeClassName kata-qemu-nvidia-gpu, nvidia.com/pgpu 1, the CUDA vectorAdd sample image) "
      "is bound to the node and stays Pending in ContainerCreating: the kubelet's FailedCreatePodSandBox event "
      "(count 9) carries the page's message verbatim inside containerd's usual wrapping (illustrative, built from "
      "the Kata Go runtime's own error string `host system doesn't support vsock: %v` and os.Stat's suffix).")
def _(w, t):
    w.git_version = "v1.33.4"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-60-generic",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4",
            "kubeProxyVersion": "v1.33.4"}
    node = "kata-gpu-node-01"
    _kata_gpu_node(w, node, info, product="NVIDIA-A30")
    _operator(w, node)
    ns, pod, ctr = "default", "cuda-vectoradd-kata-pt", "cuda-vectoradd"
    _pending_create(w, ns, pod, ctr, node, image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04",
                    runtime_class="kata-qemu-nvidia-gpu", waiting={"reason": "ContainerCreating"})
    sandbox = "4f7d2b9e1c6a08e35b72d41f9ac3e6b07d58f21a9e4c3b6d70f1a82e5c9d4b13"
    w.event(ns, "Pod", pod, "FailedCreatePodSandBox",
            "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to start sandbox "
            f"\"{sandbox}\": failed to create containerd task: failed to create shim task: {t}: no such file or "
            "directory: unknown", component="kubelet", host=node, count=9)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
