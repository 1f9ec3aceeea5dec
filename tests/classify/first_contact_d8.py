"""First-contact batch D8 (fixtures/first-contact/batch-d8/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer, sampled this time from all four of the
search tool's corpora at once (`issues`, `pages`, `docs`, `code`) with the fixed query list in the batch README.
Each builder builds the cluster state the source describes (all three texts are prose or a docs table row, so the
text itself is not placed in the bundle) and fills in the rest of the cluster healthy and plausible. The expected
answer was reasoned from the source (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, kubelet and runtime versions, GPU
models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d8      # (re)writes fixtures/first-contact/batch-d8/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import node_info, remove_stack_pod, set_image, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0, World
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d8", "D8")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose or a docs table row (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd801", "fd802", "fd803"}

TOLERATE_GPU = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- world helpers ---------------------------------------------------------------------------

def operator_images(w: World, tag: str) -> None:
    """Retag the GPU Operator operand images (the builder's default is v24.9.0)."""
    for p in w.pods.get(OPERATOR_NS, []):
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace("v24.9.0", tag)
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["image"] = s["image"].replace("v24.9.0", tag)


def stack_ds(w: World, ns: str, name: str, pod: dict) -> None:
    w.workload("DaemonSet", ns, name, template_pod=pod,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})


# ---- KServe LLMInferenceService: read-only root filesystem vs nvidia-cdi-hook ------------------

@case("fd801", pod_subj("qwen3-8b-kserve-decode-7c9d6b5f4-x2m8q", "llm-serving"),
      "OpenShift 4.19 cluster (Red Hat OpenShift AI 3.5 EA, inferred from the downstream tracking issue; CRI-O, RHCOS "
      "and kernel strings, node and pod names assumed) with one GPU worker ocp-gpu-worker-0 (one NVIDIA L40S, GPU "
      "Operator 25.10 with CDI enabled, its driver, toolkit, device plugin, GFD and validator pods Running, the node "
      "advertising nvidia.com/gpu 1). An LLMInferenceService's decode Deployment in namespace llm-serving (model "
      "name, image tag assumed) has its pod bound to the worker: the vLLM main container kserve-container, whose "
      "securityContext sets readOnlyRootFilesystem: true as the llmisvc config generated it, waits in "
      "CreateContainerError with no message modelled, because the source quotes none (the toolkit's nvidia-cdi-hook "
      "exits 1 against the read-only root filesystem); the storage-initializer init container completed. The text is "
      "the PR's prose and is not placed in the bundle.")
def _(w, t):
    node = "ocp-gpu-worker-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/cuda.driver.major": "580",
                           "nvidia.com/cuda.runtime.major": "13"})
    node_info(n, osImage="Red Hat Enterprise Linux CoreOS 9.6.20250910-0 (Plow)",
              kernelVersion="5.14.0-570.42.1.el9_6.x86_64", containerRuntimeVersion="cri-o://1.32.8-2.rhaos4.19.git",
              kubeletVersion="v1.32.8", kubeProxyVersion="v1.32.8")
    operator_images(w, "v25.10.0")
    ns, name, ctr = "llm-serving", "qwen3-8b-kserve-decode-7c9d6b5f4-x2m8q", "kserve-container"
    p = w.pod(ns, name, node=node, gpu=1, containers=(ctr,), init_containers=("storage-initializer",),
              phase="Pending", ready=False, image="registry.redhat.io/rhaiis/vllm-cuda-rhel9:3.2.2",
              owner=("ReplicaSet", "qwen3-8b-kserve-decode-7c9d6b5f4"),
              labels={"app.kubernetes.io/name": "qwen3-8b", "app.kubernetes.io/component": "llminferenceservice-workload",
                      "app.kubernetes.io/part-of": "llminferenceservice"},
              tolerations=TOLERATE_GPU, cpu="4", memory="32Gi",
              statuses={ctr: {"state": {"waiting": {"reason": "CreateContainerError"}}, "ready": False,
                              "restartCount": 0}},
              init_statuses={"storage-initializer": {"state": {"terminated": {"exitCode": 0, "reason": "Completed",
                                                                               "startedAt": T0, "finishedAt": T0}},
                                                     "ready": True, "restartCount": 0}})
    p["spec"]["containers"][0]["securityContext"] = {"allowPrivilegeEscalation": False,
                                                     "capabilities": {"drop": ["ALL"]},
                                                     "readOnlyRootFilesystem": True, "runAsNonRoot": True,
                                                     "seccompProfile": {"type": "RuntimeDefault"}}
    set_image(p, "storage-initializer", "registry.redhat.io/rhoai/odh-kserve-storage-initializer-rhel9:v3.5")
    w.target("Pod", ns, name)


# ---- NVIDIA notice: containers losing their GPUs after a systemd reload -----------------------

@case("fd802", pod_subj("resnet-train-0", "ml-team"),
      "kubeadm-style cluster (Kubernetes v1.26, containerd 1.6 with SystemdCgroup = true and runc 1.1, Ubuntu 22.04; "
      "all modelled: the notice names no cluster) with one GPU worker gpu-worker-01 (four NVIDIA A100 80GB, host "
      "driver 525.85.05 and toolkit, the static NVIDIA device plugin DaemonSet in kube-system Running and the node "
      "advertising nvidia.com/gpu 4; no GPU Operator). A training pod resnet-train-0 (StatefulSet, one GPU, image "
      "assumed) is Running and Ready; after a systemctl daemon-reload on the node its container lost its GPU: its "
      "current log ends with the symptom the notice's title names, modelled as the linked GitHub notice reports it "
      "('Failed to initialize NVML: Unknown Error'), after a few healthy training lines (illustrative). The text is "
      "the notice's prose and is not placed in the bundle.")
def _(w, t):
    node = "gpu-worker-01"
    n = w.gpu_node(node, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, operator=False)
    strip_gfd(n, deploy=True)
    node_info(n, osImage="Ubuntu 22.04.1 LTS", kernelVersion="5.15.0-58-generic",
              containerRuntimeVersion="containerd://1.6.16", kubeletVersion="v1.26.1", kubeProxyVersion="v1.26.1")
    from tests.classify.first_contact_b import KS, plugin_ds, plugin_pod
    dp = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9vq2d", image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
    plugin_ds(w, KS, [dp])
    ns, name = "ml-team", "resnet-train-0"
    p = w.pod(ns, name, node=node, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:23.01-py3",
              owner=("StatefulSet", "resnet-train"), cpu="8", memory="64Gi")
    w.workload("StatefulSet", ns, "resnet-train", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1, "observedGeneration": 1})
    w.log(ns, name, "trainer",
          "Epoch 12/90: 100%|##########| 5005/5005 [14:02<00:00, 5.94it/s, loss=1.412]\n"
          "Epoch 13/90:  41%|####      | 2052/5005 [05:45<08:17, 5.94it/s, loss=1.398]\n"
          "Failed to initialize NVML: Unknown Error\n")
    w.target("Pod", ns, name)


# ---- Confidential Containers: device cold plug without the PodResources Get gate -------------

@case("fd803", pod_subj("cuda-vectoradd-cc", "default"),
      "kubeadm-style cluster (Kubernetes v1.33 with the KubeletPodResourcesGet feature gate not enabled on the "
      "worker's kubelet; containerd 2.1, Ubuntu 24.04, an AMD SEV-SNP host with one NVIDIA H100; all versions and "
      "names assumed) prepared for Confidential Containers: the Kata Helm chart's runtime class "
      "kata-qemu-nvidia-gpu-snp, the GPU Operator configured for Confidential Containers on the worker cc-worker-1 "
      "(node labelled nvidia.com/gpu.workload.config=vm-passthrough and nvidia.com/cc.mode=on, GPU bound to vfio-pci, "
      "no driver or toolkit pods; nvidia-cc-manager, nvidia-kata-sandbox-device-plugin-daemonset, "
      "nvidia-sandbox-validator and nvidia-vfio-manager Running, as in the docs' example listing; the node advertises "
      "nvidia.com/pgpu 1). The workload pod cuda-vectoradd-cc (runtimeClassName kata-qemu-nvidia-gpu-snp, one "
      "nvidia.com/pgpu) is bound to the worker and waits in ContainerCreating; its kubelet FailedCreatePodSandBox "
      "event carries the docs' phrase 'device cold plug failed' inside the kubelet's standard sandbox-failure "
      "framing (the framing is illustrative). The text is the docs' table row and is not placed in the bundle.")
def _(w, t):
    node = "cc-worker-1"
    n = w.gpu_node(node, gpus=1, resource="nvidia.com/pgpu", product="NVIDIA-H100-PCIe", memory_mib=81559,
                   operator=False,
                   labels={"nvidia.com/gpu.workload.config": "vm-passthrough", "nvidia.com/cc.mode": "on",
                           "nvidia.com/cc.mode.state": "on", "nvidia.com/cc.capable": "true",
                           "nvidia.com/gpu.deploy.driver": "false",
                           "nvidia.com/gpu.deploy.container-toolkit": "false",
                           "nvidia.com/gpu.deploy.device-plugin": "false",
                           "nvidia.com/gpu.deploy.cc-manager": "true",
                           "nvidia.com/gpu.deploy.sandbox-device-plugin": "true",
                           "nvidia.com/gpu.deploy.sandbox-validator": "true",
                           "nvidia.com/gpu.deploy.vfio-manager": "true"})
    for k in ("nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.11.0-snp-host-d4c8e2f1",
              containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    w.node("cc-control-1", cpu="8", memory="32827240Ki",
           labels={"node-role.kubernetes.io/control-plane": ""},
           taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    for app, ctr in (("nvidia-cc-manager", "nvidia-cc-manager"),
                     ("nvidia-kata-sandbox-device-plugin-daemonset", "nvidia-kata-sandbox-device-plugin-ctr"),
                     ("nvidia-sandbox-validator", "nvidia-sandbox-validator"),
                     ("nvidia-vfio-manager", "nvidia-vfio-manager")):
        pname = {"nvidia-cc-manager": "nvidia-cc-manager-7z74t",
                 "nvidia-kata-sandbox-device-plugin-daemonset": "nvidia-kata-sandbox-device-plugin-daemonset-d5rvg",
                 "nvidia-sandbox-validator": "nvidia-sandbox-validator-6xnzc",
                 "nvidia-vfio-manager": "nvidia-vfio-manager-h229x"}[app]
        p = w.pod(OPERATOR_NS, pname, node=node, gpu=0, containers=(ctr,),
                  labels={"app": app, "app.kubernetes.io/part-of": "gpu-operator"}, owner=("DaemonSet", app),
                  tolerations=TOLERATE_GPU, cpu="100m", memory="128Mi")
        set_image(p, ctr, f"nvcr.io/nvidia/cloud-native/{app.replace('-daemonset', '')}:v26.3.0")
        stack_ds(w, OPERATOR_NS, app, p)
    op = w.pod(OPERATOR_NS, "gpu-operator-f48fd66b-vtfrl", node="cc-control-1", gpu=0, containers=("gpu-operator",),
               labels={"app": "gpu-operator"}, owner=("ReplicaSet", "gpu-operator-f48fd66b"),
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    set_image(op, "gpu-operator", "nvcr.io/nvidia/gpu-operator:v26.3.0")
    ns, name, ctr = "default", "cuda-vectoradd-cc", "cuda-vectoradd"
    w.pod(ns, name, node=node, gpu=1, resource="nvidia.com/pgpu", containers=(ctr,), phase="Pending", ready=False,
          image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0", runtime_class="kata-qemu-nvidia-gpu-snp",
          cpu="1", memory="4Gi", extra_spec={"restartPolicy": "Never"},
          statuses={ctr: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "restartCount": 0}})
    w.event(ns, "Pod", name, "FailedCreatePodSandBox",
            "Failed to create pod sandbox: rpc error: code = Unknown desc = device cold plug failed",
            component="kubelet", host=node, count=14)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
