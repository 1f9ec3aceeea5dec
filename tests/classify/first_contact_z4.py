"""First-contact batch Z4 (fixtures/first-contact/batch-z4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (and a look-alike) in the container runtime / toolkit layer (RuntimeClass, cgroups,
libnvidia-container, GKE's driver injection, the operator's toolkit DaemonSet, device environment variables, CDI
spec generation) from public threads that no rule was written for, sampled with the fixed query list in the batch
README. Each builder places the case's text verbatim where a collector would have found it (prose texts and the
look-alike's host-journal lines are not placed) and builds the cluster state the thread describes. The expected
answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet/containerd builds, GPU
models and counts, image tags) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_z4      # (re)writes fixtures/first-contact/batch-z4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import (KS, block, drop_logs, host_node, init_crashloop, no_gpu_resource,
                                            plugin_ds, plugin_pod, remove_stack_pod, running_pod, set_image,
                                            stack_crash, stack_pod, strip_gfd)
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.first_contact_d import TOLERATE_GPU
from tests.classify.first_contact_h import start_error
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import crashing, node_subj, pod_subj

FC = ThreadBatch("batch-z4", "Z4")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is not placed in the bundle (prose, or the look-alike's host-journal lines)
TEXT_NOT_IN_BUNDLE = {"fz401", "fz402", "fz403", "fz404", "fz405", "fz406", "fz407", "fz408", "fz409", "fz410"}


def _info(os_image: str, kernel: str, runtime: str, kubelet: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": runtime,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


def _smi_l(n: int, model: str, uuids: list[str]) -> str:
    return "".join(f"GPU {i}: {model} (UUID: {uuids[i]})\n" for i in range(n))


# ---- RuntimeClass ------------------------------------------------------------------------------

@case("fz401", pod_subj("gpu-reservation-gpu-node-1-8k2xq", "kai-resource-reservation"),
      "Kubernetes v1.32 GPU node `gpu-node-1` (Ubuntu 22.04, containerd 1.7 with runc left as the default runtime; "
      "one A100; strings assumed) with the GPU Operator stack Running (its pods use runtimeClassName nvidia) and "
      "advertising nvidia.com/gpu 1; KAI Scheduler v0.7 with GPU sharing (its own pods not modelled); the "
      "fractional pod `gpu-sharing` (namespace `team-a`, annotation gpu-fraction 0.5, schedulerName kai-scheduler, "
      "queue label; names assumed) is Pending and unbound, without a scheduler message; the reservation pod "
      "`gpu-reservation-gpu-node-1-8k2xq` in kai-resource-reservation (nvidia.com/gpu 1, no runtimeClassName) "
      "crash-loops (exit 1, 5 restarts) with an illustrative previous log in the sibling threads' wording "
      "(`unable to initialize NVML: ERROR_LIBRARY_NOT_FOUND`). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1)
    n["status"]["nodeInfo"].update(_info("Ubuntu 22.04.5 LTS", "5.15.0-136-generic", "containerd://1.7.27",
                                         "v1.32.5"))
    ns, name, c = "kai-resource-reservation", "gpu-reservation-gpu-node-1-8k2xq", "resource-reservation"
    w.pod(ns, name, node=node, gpu=1, containers=(c,), ready=False, cpu="2m", memory="20Mi",
          image="ghcr.io/nvidia/kai-scheduler/resourcereservation:v0.7.10",
          labels={"app": "kai-resource-reservation", "runai-gpu-group": "5b0c3e1a-0d2f-4c39-9a8e-7c1f2d4e6a10"},
          statuses=crashing(c, 1, restarts=5))
    w.log(ns, name, c, "Error while running the app: unable to initialize NVML: ERROR_LIBRARY_NOT_FOUND\n",
          previous=True)
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {c} in pod {name}_{ns}"
            f"({w.get_pod(ns, name)['metadata']['uid']})", count=5, host=node)
    p = w.pod("team-a", "gpu-sharing", gpu=0, containers=("ubuntu",), image="ubuntu:24.04", phase="Pending",
              scheduler="kai-scheduler", labels={"kai.scheduler/queue": "test"})
    p["metadata"]["annotations"] = {"gpu-fraction": "0.5"}
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "lastTransitionTime": T0}]
    w.target("Pod", ns, name)


# ---- cgroups -----------------------------------------------------------------------------------

@case("fz402", pod_subj("gpu-test", "default"),
      "Kubernetes v1.14 GPU node `gpu-worker-1` (Ubuntu 18.04, Docker 18.09 with nvidia as default runtime, two "
      "GPUs, host driver; kubelet started with --cpu-manager-policy=static, which a bundle does not carry; strings "
      "assumed) with the NVIDIA device plugin DaemonSet Running in kube-system and nvidia.com/gpu 2 advertised; the "
      "pod `gpu-test` (nvidia.com/gpu 1, cpu 2 requested and limited, Guaranteed QoS; names assumed) is Running and "
      "Ready; `nvidia-smi` run in it prints `Failed to initialize NVML: Unknown Error` (the reporter's output, "
      "placed verbatim as the exec output, exit code assumed 255). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-worker-1"
    host_node(w, node, gpus=2, info=_info("Ubuntu 18.04.2 LTS", "4.15.0-47-generic", "docker://18.9.5",
                                          "v1.14.1"))
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7vzqk", image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [p])
    pod = running_pod(w, "gpu-test", None, ns="default", node=node, container="cuda", cpu="2", memory="4Gi",
                      image="nvidia/cuda:10.0-base", extra_spec={"restartPolicy": "Always"})
    pod["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "2"
    pod["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    pod["status"]["qosClass"] = "Guaranteed"
    w.exec("default", "gpu-test", "cuda", ["nvidia-smi"], "Failed to initialize NVML: Unknown Error\n",
           exit_code=255)
    w.target("Pod", "default", "gpu-test")


# ---- libnvidia-container -----------------------------------------------------------------------

TALOS_MSG = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
             "failed: unable to start container process: error during container init: error running prestart hook "
             "#0: exit status 127, stdout: , stderr: Auto-detected mode as 'legacy'\n"
             "/usr/local/bin/nvidia-container-cli: error while loading shared libraries: libelf.so.1: cannot open "
             "shared object file: No such file or directory: unknown")


@case("fz403", node_subj("talos-gpu-worker-1"),
      "Talos v1.10 worker `talos-gpu-worker-1` (one RTX-class GPU, nonfree NVIDIA kmod and nvidia-container-toolkit "
      "production extensions; kernel/containerd/kubelet strings assumed for mid-2025) advertising no nvidia.com/gpu; "
      "the NVIDIA device plugin Helm release `nvdp` (v0.17.1, runtimeClassName nvidia, namespace nvidia-device-plugin) "
      "has one pod whose init container `nvidia-device-plugin-init` is in CrashLoopBackOff after StartError exit 128 "
      "(6 restarts), its termination message the reporter's quoted message, whose stored copy breaks off after "
      "`libe` (the library name and `: cannot open shared object file: No such file or directory: unknown` "
      "completed illustratively); the kubelet `Failed` event carries `Error: ` and the same message; the DaemonSet "
      "has desired 1, ready 0. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "talos-gpu-worker-1"
    host_node(w, node, advertised=False,
              info=_info("Talos (v1.10.5)", "6.12.35-talos", "containerd://2.0.5", "v1.33.2"))
    ns, name = "nvidia-device-plugin", "nvdp-nvidia-device-plugin-x8f2m"
    init = "nvidia-device-plugin-init"
    st = start_error(init, TALOS_MSG, restarts=6)[init]
    p = w.pod(ns, name, node=node, gpu=0, containers=("nvidia-device-plugin-ctr", "config-manager"),
              init_containers=(init,), phase="Pending", ready=False, runtime_class="nvidia",
              labels={"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "nvdp"},
              owner=("DaemonSet", "nvdp-nvidia-device-plugin"), tolerations=TOLERATE_GPU, cpu="100m",
              memory="128Mi", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
              init_statuses={init: st},
              statuses={c: {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
                        for c in ("nvidia-device-plugin-ctr", "config-manager")})
    for c in ("nvidia-device-plugin-ctr", "config-manager", init):
        set_image(p, c, "nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    for s in p["status"]["initContainerStatuses"]:
        s["imageID"] = ("nvcr.io/nvidia/k8s-device-plugin@sha256:"
                        "af31e2b7c7f89834c4e5219860def7ac2e49a207b3d4e8610d5a26772b7738e5")
    w.event(ns, "Pod", name, "Failed", "Error: " + TALOS_MSG, count=6, host=node,
            field_path=f"spec.initContainers{{{init}}}")
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {init} in pod {name}_{ns}"
            f"({p['metadata']['uid']})", count=24, host=node)
    ds = w.workload("DaemonSet", ns, "nvdp-nvidia-device-plugin", template_pod=p, status=ds_status(1, 1, 0))
    ds["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/name": "nvidia-device-plugin",
                                              "app.kubernetes.io/instance": "nvdp"}}
    ds["spec"]["template"]["metadata"]["labels"] = dict(p["metadata"]["labels"])
    w.target("Node", None, node)


# ---- GKE's driver injection --------------------------------------------------------------------

GKE_INFO = _info("Container-Optimized OS from Google", "6.6.87+", "containerd://2.0.4", "v1.33.5-gke.1080000")


@case("fz404", pod_subj("tei-embeddings-6c9d7f8b54-q2w7t", "default"),
      "GKE 1.33 Standard GPU node (g2-standard-8 with one L4, COS; GKE-installed driver under "
      "/home/kubernetes/bin/nvidia; strings assumed) tainted nvidia.com/gpu=present:NoSchedule, GKE's "
      "nvidia-gpu-device-plugin pod Running in kube-system and nvidia.com/gpu 1 advertised; the text-embeddings-"
      "inference Deployment pod (image tag 1.9.0, one GPU; names assumed) crash-loops (exit 127, 6 restarts) with an "
      "illustrative previous log: the entrypoint shell's `nvidia-smi: not found`. The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    node = "gke-ml-l4-pool-3f2a9c1d-7xkq"
    n = host_node(w, node, labels={"cloud.google.com/gke-accelerator": "nvidia-l4",
                                   "cloud.google.com/gke-nodepool": "l4-pool",
                                   "cloud.google.com/gke-gpu-driver-version": "latest",
                                   "node.kubernetes.io/instance-type": "g2-standard-8"}, info=GKE_INFO)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-gpu-device-plugin-small-cos-9dk4r", ds="nvidia-gpu-device-plugin-small-cos",
                   image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.25-gke.56")
    plugin_ds(w, KS, [p], ds="nvidia-gpu-device-plugin-small-cos")
    ns, name, c = "default", "tei-embeddings-6c9d7f8b54-q2w7t", "tei"
    w.pod(ns, name, node=node, gpu=1, containers=(c,), ready=False, cpu="4", memory="16Gi",
          image="ghcr.io/huggingface/text-embeddings-inference:1.9.0", owner=("ReplicaSet", "tei-embeddings-6c9d7f8b54"),
          tolerations=TOLERATE_GPU, labels={"app": "tei-embeddings"},
          env=[{"name": "MODEL_ID", "value": "BAAI/bge-large-en-v1.5"}, {"name": "PORT", "value": "8080"}],
          statuses=crashing(c, 127, restarts=6))
    w.log(ns, name, c, "/entrypoint.sh: 4: nvidia-smi: not found\n", previous=True)
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {c} in pod {name}_{ns}"
            f"({w.get_pod(ns, name)['metadata']['uid']})", count=27, host=node)
    w.target("Pod", ns, name)


# ---- the operator's toolkit DaemonSet ----------------------------------------------------------

@case("fz405", node_subj("aks-gpunp-31415926-vmss000000"),
      "AKS 1.33 GPU node pool node (Standard_NC4as_T4_v3, one T4; Ubuntu 24.04, kernel 6.8 azure, containerd 2.3.2 "
      "as in the title; kubelet string assumed) with the GPU Operator v25.10.1 stack (namespace modelled as "
      "gpu-operator; driver container Running, assumed); the nvidia-container-toolkit DaemonSet pod crash-loops "
      "with exit code 255 (4 restarts; the thread quotes no toolkit log, so none is in the bundle); device plugin, "
      "GFD and validator wait in toolkit-validation; GFD never ran (no GFD labels) and no nvidia.com/gpu is "
      "advertised. The text is prose (the issue title) and not placed in the bundle.")
def _(w, t):
    node = "aks-gpunp-31415926-vmss000000"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"agentpool": "gpunp", "kubernetes.azure.com/agentpool": "gpunp",
                                    "kubernetes.azure.com/os-sku": "Ubuntu2404",
                                    "node.kubernetes.io/instance-type": "Standard_NC4as_T4_v3"})
    n["status"]["nodeInfo"].update(_info("Ubuntu 24.04.3 LTS", "6.8.0-1041-azure", "containerd://2.3.2",
                                         "v1.33.3"))
    name = stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", None, code=255, restarts=4)
    set_image(stack_pod(w, node, "toolkit"), "nvidia-container-toolkit-ctr", "nvcr.io/nvidia/k8s/container-toolkit:v1.18.1")
    drop_logs(w, OPERATOR_NS, name)
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


MICROK8S_VALIDATION_LOG = (
    "time=\"2024-09-27T21:05:31Z\" level=info msg=\"Detected pre-installed driver on the host\"\n"
    "time=\"2024-09-27T21:05:31Z\" level=info msg=\"Error: error validating driver installation: error creating "
    "symlink creator: failed to create NVIDIA device nodes: failed to create device node nvidiactl: failed to "
    "determine major: invalid device node\"\n")


@case("fz406", node_subj("ubuntu-2204-jammy-amd64-base"),
      "MicroK8s node `ubuntu-2204-jammy-amd64-base` (the thread's node name; Ubuntu 22.04, one GPU with a "
      "host-installed R550 driver; MicroK8s/kubelet/containerd strings assumed) with the GPU Operator v23.9.1 "
      "from the MicroK8s GPU addon (namespace modelled as gpu-operator; no driver DaemonSet pod, label "
      "gpu.deploy.driver=pre-installed); the toolkit DaemonSet pod (image container-toolkit:v1.14.3-ubuntu20.04) "
      "is Pending with its driver-validation init container crash-looping, as is the operator validator's; their "
      "previous logs are illustrative, in the wording of the sibling thread canonical/microk8s#4556; device plugin "
      "and GFD wait in toolkit-validation; no GFD labels and no nvidia.com/gpu. The text is prose and not placed in "
      "the bundle.")
def _(w, t):
    node = "ubuntu-2204-jammy-amd64-base"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-RTX-4000-SFF-Ada-Generation", memory_mib=20475, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"].update({"microk8s.io/cluster": "true", "nvidia.com/gpu.deploy.driver": "pre-installed"})
    n["status"]["nodeInfo"].update(_info("Ubuntu 22.04.5 LTS", "5.15.0-122-generic", "containerd://1.6.28",
                                         "v1.30.5"))
    remove_stack_pod(w, node, "driver")
    for role in ("toolkit", "validator"):
        pname = init_crashloop(w, node, role, "driver-validation", MICROK8S_VALIDATION_LOG, restarts=7)
        pod = w.get_pod(OPERATOR_NS, pname)
        for c in pod["spec"]["initContainers"]:
            c["image"] = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.1"
        for s in pod["status"].get("initContainerStatuses", []):
            s["image"] = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.1"
    set_image(stack_pod(w, node, "toolkit"), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.14.3-ubuntu20.04")
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- device environment variables --------------------------------------------------------------

P100_UUIDS = ["GPU-3c1f5a2e-8d4b-7e6a-91c0-2f5d8b7a4e13", "GPU-7a9e2d41-6b3c-4f80-a5d2-9c1e7b3f6d28",
              "GPU-b25d8e7f-1a4c-4d9b-8e36-5f0a2c9d7b41", "GPU-e94c1b6a-3d7f-48e2-b0a5-6c8d2f1e9a57"]


@case("fz407", pod_subj("preprocess-job-2xk9v", "default"),
      "Kubernetes v1.12 GPU node `gpu-node-1` (Ubuntu 16.04, Docker 18.03 with nvidia-docker 2.0.3, the nvidia "
      "runtime Docker's default, host driver; four Tesla P100 assumed) advertising nvidia.com/gpu 4, the NVIDIA "
      "device plugin DaemonSet Running in kube-system; the Job pod `preprocess-job-2xk9v` (no GPU request, "
      "TensorFlow GPU image; names assumed) is Running; `nvidia-smi -L` in it lists all four GPUs (illustrative "
      "output). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=4, info=_info("Ubuntu 16.04.5 LTS", "4.4.0-141-generic", "docker://18.3.1",
                                          "v1.12.3"))
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-m4r8d", image="nvidia/k8s-device-plugin:1.11")
    plugin_ds(w, KS, [p])
    running_pod(w, "preprocess-job-2xk9v", None, ns="default", node=node, container="preprocess", gpu=0,
                image="tensorflow/tensorflow:1.12.0-gpu-py3", owner=("Job", "preprocess-job"),
                extra_spec={"restartPolicy": "Never"})
    w.exec("default", "preprocess-job-2xk9v", "preprocess", ["nvidia-smi", "-L"],
           _smi_l(4, "Tesla P100-PCIE-16GB", P100_UUIDS))
    w.target("Pod", "default", "preprocess-job-2xk9v")


T4_UUIDS = ["GPU-1d7b3e9a-5c2f-4a81-9e6d-0b8c4f2a7e35", "GPU-6f2a8c4d-9e1b-4d73-a5c0-3e7f1b9d2c86",
            "GPU-a3e5c7b9-2d4f-46a8-81c3-7e9b5d1f3a62", "GPU-c8d0e2f4-6a1b-4c3d-9e5f-1a3b5c7d9e04"]


@case("fz408", pod_subj("pod-1", "default"),
      "EKS 1.29 node from the Bottlerocket NVIDIA variant (aws-k8s-1.29-nvidia, g4dn.12xlarge with four T4; device "
      "plugin and toolkit on the host, so no plugin pod; version strings assumed) advertising nvidia.com/gpu 4; "
      "`pod-1` requests one GPU and `pod-2` two (CUDA base image, which sets NVIDIA_VISIBLE_DEVICES=all; names and "
      "images illustrative of the PR's example), both Running; `nvidia-smi -L` in each lists all four GPUs "
      "(illustrative output). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ip-192-168-61-24.us-west-2.compute.internal"
    host_node(w, node, gpus=4, labels={"node.kubernetes.io/instance-type": "g4dn.12xlarge",
                                       "eks.amazonaws.com/nodegroup": "gpu",
                                       "topology.kubernetes.io/zone": "us-west-2a"},
              info=_info("Bottlerocket OS 1.19.0 (aws-k8s-1.29-nvidia)", "6.1.72", "containerd://1.6.28+bottlerocket",
                         "v1.29.0-eks-a5ec690"))
    for name, gpus in (("pod-1", 1), ("pod-2", 2)):
        running_pod(w, name, None, ns="default", node=node, container="cuda", gpu=gpus,
                    image="nvidia/cuda:12.2.0-base-ubuntu22.04", tolerations=TOLERATE_GPU)
        w.get_pod("default", name)["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
        w.exec("default", name, "cuda", ["nvidia-smi", "-L"], _smi_l(4, "Tesla T4", T4_UUIDS))
    w.target("Pod", "default", "pod-1")


# ---- CDI spec generation (healthy look-alike) --------------------------------------------------

@case("fz409", node_subj("ip-172-31-12-237.us-west-2.compute.internal"),
      "EKS 1.33 node from the Bottlerocket NVIDIA variant (aws-k8s-1.33-nvidia on a g5.xlarge, one A10G at PCI "
      "0000:00:1e.0 as in the quoted journal; device plugin and CDI spec generation on the host; version strings "
      "assumed) advertising nvidia.com/gpu 1; a GPU pod `cuda-sample` is Running and Ready, `nvidia-smi -L` in it "
      "shows the GPU (illustrative output). The text (the host journal of generate-cdi-specs.service) is not placed "
      "in the bundle: no collector reads the host journal.")
def _(w, t):
    node = "ip-172-31-12-237.us-west-2.compute.internal"
    host_node(w, node, gpus=1, labels={"node.kubernetes.io/instance-type": "g5.xlarge",
                                       "eks.amazonaws.com/nodegroup": "gpu",
                                       "topology.kubernetes.io/zone": "us-west-2b"},
              info=_info("Bottlerocket OS 1.55.0 (aws-k8s-1.33-nvidia)", "6.12.68", "containerd://2.1.6+bottlerocket",
                         "v1.33.7-eks-3a1c5f8"))
    running_pod(w, "cuda-sample", None, ns="default", node=node, container="cuda", gpu=1,
                image="nvcr.io/nvidia/cuda:12.8.1-base-ubuntu24.04", tolerations=TOLERATE_GPU)
    w.get_pod("default", "cuda-sample")["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    w.exec("default", "cuda-sample", "cuda", ["nvidia-smi", "-L"],
           "GPU 0: NVIDIA A10G (UUID: GPU-4e8b1c2d-7a3f-4b95-8c1e-2d6f9a0b3c57)\n")
    w.target("Node", None, node)


# ---- the NVIDIA runtime as default on a GPU-less node ------------------------------------------

DRA_MSG = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
           "failed: unable to start container process: error during container init: error running prestart hook "
           "#0: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n"
           "nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared "
           "object file: no such file or directory: unknown")


@case("fz410", pod_subj("nvidia-dra-driver-gpu-controller-6b8f9c7d54-x2k4p", "nvidia-dra-driver-gpu"),
      "Kubernetes v1.33 cluster (Ubuntu 24.04 nodes, containerd 2.0 with the NVIDIA runtime as default on every "
      "node, which a bundle does not show; strings assumed): control-plane node `k8s-cp-1` without GPUs (control-"
      "plane taint) and GPU worker `gpu-node-1` (one H100, host driver) advertising nvidia.com/gpu 1; the NVIDIA DRA "
      "driver (Helm chart in nvidia-dra-driver-gpu, v25.3; names assumed): its kubelet-plugin pod on the GPU node is "
      "Running, its controller Deployment pod on `k8s-cp-1` is in StartError / CrashLoopBackOff (exit 128, 5 "
      "restarts) with an illustrative termination message and kubelet `Failed` event in the toolkit's standard "
      "`load library failed: libnvidia-ml.so.1` wording; the Deployment has 0 available. The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    info = _info("Ubuntu 24.04.2 LTS", "6.8.0-60-generic", "containerd://2.0.5", "v1.33.1")
    cp = w.node("k8s-cp-1", cpu="8", memory="32863256Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    cp["status"]["nodeInfo"].update(info)
    gpu = "gpu-node-1"
    host_node(w, gpu, gpus=1, info=info)
    ns = "nvidia-dra-driver-gpu"
    kp = "nvidia-dra-driver-gpu-kubelet-plugin-7qm5d"
    w.pod(ns, kp, node=gpu, gpu=0, containers=("gpus",), cpu="100m", memory="128Mi",
          image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0", runtime_class="nvidia",
          labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-component": "kubelet-plugin"},
          owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"))
    w.log(ns, kp, "gpus", "I0612 09:14:02.103221       1 driver.go:86] Starting NVIDIA DRA GPU kubelet plugin\n"
                          "I0612 09:14:02.511870       1 driver.go:142] Published ResourceSlice for node gpu-node-1 "
                          "with 1 device(s)\n")
    name, c = "nvidia-dra-driver-gpu-controller-6b8f9c7d54-x2k4p", "compute-domain"
    pod = w.pod(ns, name, node="k8s-cp-1", gpu=0, containers=(c,), ready=False, cpu="100m", memory="128Mi",
                image="nvcr.io/nvidia/k8s-dra-driver-gpu:v25.3.0",
                labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-component": "controller"},
                owner=("ReplicaSet", "nvidia-dra-driver-gpu-controller-6b8f9c7d54"),
                node_selector={"node-role.kubernetes.io/control-plane": ""},
                tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                              "effect": "NoSchedule"}],
                statuses=start_error(c, DRA_MSG, restarts=5))
    w.event(ns, "Pod", name, "Failed", "Error: " + DRA_MSG, count=6, host="k8s-cp-1")
    w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container {c} in pod {name}_{ns}"
            f"({pod['metadata']['uid']})", count=19, host="k8s-cp-1")
    w.workload("Deployment", ns, "nvidia-dra-driver-gpu-controller", template_pod=pod,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.workload("DaemonSet", ns, "nvidia-dra-driver-gpu-kubelet-plugin", template_pod=w.get_pod(ns, kp),
               status=ds_status(1, 1, 1))
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
