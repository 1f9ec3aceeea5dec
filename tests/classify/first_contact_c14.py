"""Builds first-contact batch C14 (fixtures/first-contact/batch-c14/cases.jsonl) as scenario bundles.

Cases of any layer sampled from container-runtime documentation (containerd docs/, CRI-O docs/ and tutorials/,
Kata Containers' GPU passthrough use cases and GPU pages with troubleshooting items or release notes, the NVIDIA
Container Toolkit's documents other than its CHANGELOG), read in the fixed file order of the batch README, the first
qualifying entry of each file taken. The expected answers were reasoned from the documents (`expected` in the case)
and committed before any rule change; they are never taken from the tool's output.

Version strings and names a document does not state (cluster flavour, kubelet, runtime, Kata and operator versions,
node and pod names, GPU models) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_c14      # (re)writes fixtures/first-contact/batch-c14/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, deploy_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c14", "C14", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# both texts never reach the cluster: a guest VM's console lines (fc1401) and a page's Note (fc1402)
TEXT_NOT_IN_BUNDLE = {"fc1401", "fc1402"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
KATA_NS = "kata-system"
KATA_DEPLOY = "quay.io/kata-containers/kata-deploy:4.1.0"
OPERATOR_V = "v26.3.0"


def _kata_gpu_node(w, name: str, info: dict, *, product: str, cc_mode: str = "off") -> dict:
    """A GPU node in the GPU Operator's sandbox (vm-passthrough, kata) mode: the GPU bound to vfio-pci and
    advertised by the kata sandbox device plugin as nvidia.com/pgpu; the operator's sandbox operands and
    kata-deploy healthy on it."""
    n = w.node(name, gpus=1, resource="nvidia.com/pgpu", cpu="96", memory="1056589104Ki",
               labels={"nvidia.com/gpu.present": "true", "nvidia.com/gpu.workload.config": "vm-passthrough",
                       "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                       "nvidia.com/gpu.deploy.vfio-manager": "true",
                       "nvidia.com/gpu.deploy.sandbox-validator": "true",
                       "nvidia.com/gpu.deploy.cc-manager": "true", "nvidia.com/cc.mode": cc_mode,
                       "nvidia.com/cc.mode.state": cc_mode,
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "katacontainers.io/kata-runtime": "true"})
    node_info(n, **info)
    n["metadata"]["labels"]["nvidia.com/gpu.product"] = product
    operands = [("nvidia-vfio-manager", "nvidia-vfio-manager", f"nvcr.io/nvidia/cuda:12.8.1-base-ubi9"),
                ("nvidia-kata-sandbox-device-plugin-daemonset", "nvidia-kata-sandbox-device-plugin",
                 "nvcr.io/nvidia/cloud-native/nvidia-sandbox-device-plugin:v0.0.3"),
                ("nvidia-sandbox-validator", "nvidia-sandbox-validator",
                 f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{OPERATOR_V}"),
                ("nvidia-cc-manager", "nvidia-cc-manager", "nvcr.io/nvidia/cloud-native/k8s-cc-manager:v0.2.0")]
    for i, (ds, ctr, image) in enumerate(operands):
        labels = {"app": ds, "app.kubernetes.io/part-of": "gpu-operator"}
        daemonset(w, OPERATOR_NS, ds, desired=1, containers=[(ctr, image)], tolerations=GPU_TOL, labels=labels)
        ds_pod(w, OPERATOR_NS, ds, f"{ds}-{'k7p2x q9d4m w3n8v t6b1z'.split()[i]}", name, containers=(ctr,),
               image=image, tolerations=GPU_TOL, cpu="100m", memory="128Mi", labels=labels)
    labels = {"name": "kata-deploy"}
    daemonset(w, KATA_NS, "kata-deploy", desired=1, containers=[("kube-kata", KATA_DEPLOY)], labels=labels)
    ds_pod(w, KATA_NS, "kata-deploy", "kata-deploy-5hq8r", name, containers=("kube-kata",), image=KATA_DEPLOY,
           cpu="100m", memory="256Mi", labels=labels)
    return n


def _operator(w, node: str) -> None:
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6f8b7c9d5", "gpu-operator-6f8b7c9d5-r2lxm", node,
               containers=("gpu-operator",), image=f"nvcr.io/nvidia/gpu-operator:{OPERATOR_V}", cpu="200m",
               memory="256Mi", labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})


def _pending_create(w, ns: str, pod: str, ctr: str, node: str, *, image: str, runtime_class: str,
                    waiting: dict) -> dict:
    """A scheduled pod whose (only) container was never created: phase Pending, the container waiting."""
    p = w.pod(ns, pod, node=node, gpu=1, resource="nvidia.com/pgpu", containers=(ctr,), image=image,
              runtime_class=runtime_class, phase="Pending", ready=False, cpu="4", memory="16Gi",
              statuses={ctr: {"state": {"waiting": waiting}, "ready": False, "restartCount": 0, "started": False}})
    p["spec"]["restartPolicy"] = "Never"
    p["status"].pop("podIP", None)
    for c in p["status"]["conditions"]:
        if c["type"] == "Initialized":          # no init containers: initialized at once
            c["status"] = "True"
    for c in p["status"]["containerStatuses"]:
        c.pop("containerID", None)
        c["imageID"] = ""
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {node}", type="Normal",
            component="default-scheduler")
    return p


# ---- runtime layer: a locally built Kata nvidia-gpu rootfs image is empty -----------------------------

@case("fc1401", pod_subj("cuda-vectoradd-kata", "default"),
      "A kubeadm-style single test node `kata-gpu-dev-01` (Kubernetes v1.34.1, Ubuntu 24.04, containerd 2.2.1; "
      "names and versions assumed, the page names none) with one H100 PCIe bound to vfio-pci. The GPU Operator "
      f"{OPERATOR_V} in sandbox mode (vm-passthrough, kata) runs its vfio-manager, kata sandbox device plugin, "
      "sandbox validator and CC manager (cc.mode off) pods, all Running, and the node advertises nvidia.com/pgpu "
      "1; kata-deploy (4.1.0, kata-system) is Running. The NVIDIA GPU variant's guest kernel and a locally "
      "rebuilt rootfs image are deployed as the page describes (not visible in the bundle). The pod "
      "`cuda-vectoradd-kata` in `default` (the Kata GPU use-case page's sample name and image; runtimeClassName "
      "kata-qemu-nvidia-gpu, nvidia.com/pgpu 1) was recreated after the deploy and stays Pending in "
      "ContainerCreating: the kubelet's FailedCreatePodSandBox event (count 6) carries an illustrative message "
      "built from the Kata Go runtime's own error strings (the agent check over vsock timing out) inside "
      "containerd's wrapping; the page quotes only the guest console lines, which are NOT placed (no collector "
      "of this layout reads the guest console).")
def _(w, t):
    w.git_version = "v1.34.1"
    info = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-85-generic",
            "containerRuntimeVersion": "containerd://2.2.1", "kubeletVersion": "v1.34.1",
            "kubeProxyVersion": "v1.34.1"}
    node = "kata-gpu-dev-01"
    _kata_gpu_node(w, node, info, product="NVIDIA-H100-PCIe")
    _operator(w, node)
    ns, pod, ctr = "default", "cuda-vectoradd-kata", "cuda-vectoradd"
    _pending_create(w, ns, pod, ctr, node, image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0-ubuntu22.04",
                    runtime_class="kata-qemu-nvidia-gpu", waiting={"reason": "ContainerCreating"})
    sandbox = "9c2e7a41f0b35d86e14c9a7b2f60d358ac17e4b90d2f6c85a3e71b04d9f2c6a8"
    w.event(ns, "Pod", pod, "FailedCreatePodSandBox",
            "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to start sandbox "
            f"\"{sandbox}\": failed to create containerd task: failed to create shim task: Failed to Check if "
            "grpc server is working: rpc error: code = DeadlineExceeded desc = timed out connecting to vsock "
            "2837419305:1024: unknown", component="kubelet", host=node, count=6)
    w.target("Pod", ns, pod)


# ---- runtime layer: a guest-pulled large image outlasts the kubelet's runtime request timeout ---------

@case("fc1402", pod_subj("llm-nim-kata", "default"),
      "A single-node vanilla Kubernetes cluster as the page's Kata CI setup (node `kata-cc-gpu-01`, Kubernetes "
      "v1.34.1, Ubuntu 26.04 (the page's host OS for the TEE scenario), containerd v2.3.0; the node name, "
      "Kubernetes and kernel versions assumed) on an AMD SEV-SNP host with one CC-capable H100 (assumed) bound to "
      f"vfio-pci. The GPU Operator {OPERATOR_V} in sandbox mode runs its vfio-manager, kata sandbox device plugin, "
      "sandbox validator and CC manager (cc.mode on) pods, all Running; the node advertises nvidia.com/pgpu 1; "
      "kata-deploy (4.1.0) is Running; the kubelet keeps the default runtimeRequestTimeout (2m, not visible in the "
      "bundle). The pod `llm-nim-kata` in `default` (name and the large NIM image assumed; runtimeClassName "
      "kata-qemu-nvidia-gpu-snp, nvidia.com/pgpu 1) is Pending: its container is waiting in CreateContainerError "
      "with message `context deadline exceeded`, and the kubelet's Failed event says `Error: context deadline "
      "exceeded` (Kubernetes' standard wording for a CRI call past its deadline, not quoted by the page). The "
      "Note's text is prose and NOT placed.")
def _(w, t):
    w.git_version = "v1.34.1"
    info = {"osImage": "Ubuntu 26.04 LTS", "kernelVersion": "7.0.0-14-generic",
            "containerRuntimeVersion": "containerd://2.3.0", "kubeletVersion": "v1.34.1",
            "kubeProxyVersion": "v1.34.1"}
    node = "kata-cc-gpu-01"
    _kata_gpu_node(w, node, info, product="NVIDIA-H100-PCIe", cc_mode="on")
    _operator(w, node)
    ns, pod, ctr = "default", "llm-nim-kata", "nim"
    image = "nvcr.io/nim/meta/llama-3.1-70b-instruct:1.8.4"
    _pending_create(w, ns, pod, ctr, node, image=image, runtime_class="kata-qemu-nvidia-gpu-snp",
                    waiting={"reason": "CreateContainerError", "message": "context deadline exceeded"})
    w.event(ns, "Pod", pod, "Failed", "Error: context deadline exceeded", component="kubelet", host=node,
            count=1, field_path=f"spec.containers{{{ctr}}}")
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
