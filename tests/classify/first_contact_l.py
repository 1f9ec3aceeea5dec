"""First-contact batch L (fixtures/first-contact/batch-l/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled with the wider fixed-query protocol
of batch L (30 queries, each sent to the GitHub-issue corpus and to the web-page corpus; see the batch README):
a driver container that cannot resolve a custom kernel's version, an MPIJob whose NGC image has no sshd, a
production-stack tutorial image without the `vllm` entrypoint, a GPU Operator toolkit pod whose pinned CUDA init
image cannot be pulled, and AKS A10 nodes whose GRID driver leaves the vGPU unlicensed. Each builder places the
case's text verbatim where a collector would have found it and builds the cluster state the thread describes
(pods, container states, events, node labels). The expected answer was reasoned from the thread (`expected` in
the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_l      # (re)writes fixtures/first-contact/batch-l/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_b import (KS, block, host_node, no_gpu_resource, node_info, plugin_ds, plugin_pod,
                                            remove_stack_pod, running_pod, set_image, stack_pod, strip_gfd,
                                            thread_scenario)
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.first_contact_h import operator_blocked, start_error
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1, World,
                                             write_batch)
from tests.classify.scenarios_real import crashing, pod_subj, stack_crash

BATCH = REPO / "fixtures" / "first-contact" / "batch-l"
SCENARIOS_DIR = BATCH / "scenarios"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


# ---- world helpers (batch L) -----------------------------------------------------------------

def rename_stack_pod(w: World, node: str, role: str, new_name: str) -> str:
    """Give a GPU-stack pod the name the thread shows (its logs follow it)."""
    old = w.stack(node, role)
    pod = w.get_pod(OPERATOR_NS, old)
    pod["metadata"]["name"] = new_name
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == old]:
        w.logs[(key[0], new_name, key[2], key[3])] = w.logs.pop(key)
    w._stack[(node, role)] = new_name
    return new_name


def move_stack(w: World, ns: str) -> None:
    """Put the GPU Operator's operand pods (and their logs and events) in the namespace the thread shows."""
    pods = w.pods.pop(OPERATOR_NS, [])
    for p in pods:
        p["metadata"]["namespace"] = ns
    w.pods.setdefault(ns, []).extend(pods)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS]:
        w.logs[(ns, key[1], key[2], key[3])] = w.logs.pop(key)
    events = w.events.pop(OPERATOR_NS, [])
    for e in events:
        e["metadata"]["namespace"] = ns
        e["involvedObject"]["namespace"] = ns
    if events:
        w.events.setdefault(ns, []).extend(events)


def arm64(node: dict) -> None:
    labels = node["metadata"]["labels"]
    labels["kubernetes.io/arch"] = "arm64"
    labels["beta.kubernetes.io/arch"] = "arm64"
    node["status"]["nodeInfo"]["architecture"] = "arm64"


# ---- driver layer ----------------------------------------------------------------------------

@case("fl001", {"kind": "Node", "name": "gpu-arm64-node-1"},
      "Kubernetes GPU node `gpu-arm64-node-1` (Ubuntu 24.04, aarch64, custom kernel 6.11.0-01075-gc758b3587a28 as "
      "quoted; node name, GPU model, containerd/kubelet strings assumed) with the GPU Operator in namespace "
      "nvidia-gpu-operator managing driver 575.57.08 (Ubuntu driver container; image tag assumed): the driver pod "
      "nvidia-driver-daemonset-kr8vj (name from the thread) crash-loops with the text as the previous log of "
      "nvidia-driver-ctr; toolkit and validator wait in driver-validation, device plugin and GFD in "
      "toolkit-validation; no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-arm64-node-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GH200-480GB", memory_mib=97871, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    arm64(n)
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.11.0-01075-gc758b3587a28",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    name = rename_stack_pod(w, node, "driver", "nvidia-driver-daemonset-kr8vj")
    stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=9)
    w.logs.pop((OPERATOR_NS, name, "nvidia-driver-ctr", False), None)   # the healthy log of the stock stack
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:575.57.08-ubuntu24.04")
    operator_blocked(w, node)
    move_stack(w, "nvidia-gpu-operator")
    w.target("Node", None, node)


@case("fl005", pod_subj("a10-inference-7d9c8b6f5-q2w8r"),
      "AKS node `aks-a10x8811f-36662775-vmss00002a` (name from the thread; Standard_NV36ads_A10_v5, one A10 vGPU; "
      "AKS Ubuntu 22.04 node image 202503.02.0 with the AKS-installed GRID driver, kernel/containerd/kubelet strings "
      "assumed) with the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1; the PyTorch workload pod "
      "(one GPU; name, namespace and image assumed) crash-loops with the text as its previous log. The host's "
      "`nvidia-smi` output the thread quotes (run from a node debug pod) is not part of the bundle.")
def _(w, t):
    node = "aks-a10x8811f-36662775-vmss00002a"
    host_node(w, node, labels={"kubernetes.azure.com/agentpool": "a10x8811f",
                               "kubernetes.azure.com/accelerator": "nvidia",
                               "node.kubernetes.io/instance-type": "Standard_NV36ads_A10_v5",
                               "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202503.02.0"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1081-azure",
                    "containerRuntimeVersion": "containerd://1.7.25-1", "kubeletVersion": "v1.31.5",
                    "kubeProxyVersion": "v1.31.5"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-m7x2k")
    plugin_ds(w, KS, [p])
    ns, name = "ml", "a10-inference-7d9c8b6f5-q2w8r"
    w.pod(ns, name, node=node, containers=("inference",), ready=False,
          image="acme.azurecr.io/ml/a10-inference:2025.03", owner=("ReplicaSet", "a10-inference-7d9c8b6f5"),
          tolerations=TOLERATE_GPU, statuses=crashing("inference", 1, restarts=6))
    w.log(ns, name, "inference", t, previous=True)
    w.target("Pod", ns, name)


# ---- runtime layer ---------------------------------------------------------------------------

@case("fl004", {"kind": "Node", "name": "gpu-node-1"},
      "GPU node `gpu-node-1` (one GPU; OS, kernel, containerd and kubelet strings and GPU model assumed) with the GPU "
      "Operator in namespace gpu-operator-resources (operator version not stated; the namespace of releases before "
      "v22.9): the driver pod nvidia-driver-daemonset-jk2t8 is Running and ready with 12 restarts; the toolkit pod "
      "nvidia-container-toolkit-daemonset-xwp6p (names from the thread) waits in Init:ImagePullBackOff, its init "
      "container's image is nvcr.io/nvidia/cuda@sha256:ed72... (container name assumed), the waiting message and the "
      "kubelet BackOff event (x19) are the text; no device plugin, GFD or validator pod exists yet (the thread's pod "
      "list shows none); no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    for role in ("device-plugin", "gfd", "validator"):
        remove_stack_pod(w, node, role)
    drv = rename_stack_pod(w, node, "driver", "nvidia-driver-daemonset-jk2t8")
    for s in w.get_pod(OPERATOR_NS, drv)["status"]["containerStatuses"]:
        s.update({"restartCount": 12,
                  "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}}})
    tk = rename_stack_pod(w, node, "toolkit", "nvidia-container-toolkit-daemonset-xwp6p")
    pod = w.get_pod(OPERATOR_NS, tk)
    image = "nvcr.io/nvidia/cuda@sha256:ed723a1339cddd75eb9f2be2f3476edf497a1b189c10c9bf9eb8da4a16a51a59"
    pod["spec"]["initContainers"][0]["image"] = image
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    pod["status"]["initContainerStatuses"][0].update(
        {"image": image, "state": {"waiting": {"reason": "ImagePullBackOff", "message": t}}, "ready": False,
         "restartCount": 0})
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    ev = w.event(OPERATOR_NS, "Pod", tk, "BackOff", t, type="Normal", count=19, host=node,
                 field_path="spec.initContainers{driver-validation}")
    ev["involvedObject"]["uid"] = pod["metadata"]["uid"]
    move_stack(w, "gpu-operator-resources")
    w.target("Node", None, node)


# ---- application layer -----------------------------------------------------------------------

@case("fl002", pod_subj("nccl-test-launcher-5xq2b", "default"),
      "Two AWS SageMaker HyperPod EKS GPU nodes (ml.p5.48xlarge with 8 H100 each assumed; node names, AMI, kernel and "
      "kubelet strings assumed) with the NVIDIA device plugin DaemonSet; CloudAI's MPIJob `nccl-test` (MPI Operator; "
      "names assumed): the two worker pods (8 GPUs each, image nvcr.io/nvidia/pytorch:25.06-py3, command "
      "`/usr/sbin/sshd -p 2222; sleep infinity`, port assumed) are Running and their current log is the text; the "
      "launcher pod (Job `nccl-test-launcher`, no GPU) has Failed with exit code 1 (assumed; its log was not quoted).")
def _(w, t):
    ns = "default"
    nodes = ["hyperpod-i-0a1b2c3d4e5f60718", "hyperpod-i-0f9e8d7c6b5a40392"]
    pods = []
    for node in nodes:
        host_node(w, node, gpus=8, labels={**eks_labels("ml.p5.48xlarge", "gpu-worker-group"),
                                            "sagemaker.amazonaws.com/compute-type": "hyperpod",
                                            "sagemaker.amazonaws.com/node-health-status": "Schedulable"},
                  info={"osImage": "Amazon Linux 2", "kernelVersion": "5.10.236-228.935.amzn2.x86_64",
                        "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.31.7-eks-473151a",
                        "kubeProxyVersion": "v1.31.7-eks-473151a"})
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{node[-5:]}"))
    plugin_ds(w, KS, pods)
    for i, node in enumerate(nodes):
        name = f"nccl-test-worker-{i}"
        p = w.pod(ns, name, node=node, gpu=8, containers=("worker",), image="nvcr.io/nvidia/pytorch:25.06-py3",
                  owner=("MPIJob", "nccl-test"), labels={"training.kubeflow.org/job-name": "nccl-test",
                                                         "training.kubeflow.org/job-role": "worker"},
                  tolerations=TOLERATE_GPU)
        p["metadata"]["ownerReferences"][0]["apiVersion"] = "kubeflow.org/v2beta1"
        p["spec"]["containers"][0]["command"] = ["/bin/bash", "-c"]
        p["spec"]["containers"][0]["args"] = ["/usr/sbin/sshd -p 2222; sleep infinity"]
        w.log(ns, name, "worker", t)
    launcher = "nccl-test-launcher-5xq2b"
    lp = w.pod(ns, launcher, node=nodes[0], gpu=0, containers=("launcher",), phase="Failed", ready=False,
               image="nvcr.io/nvidia/pytorch:25.06-py3", owner=("Job", "nccl-test-launcher"),
               labels={"training.kubeflow.org/job-name": "nccl-test", "training.kubeflow.org/job-role": "launcher"},
               statuses={"launcher": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                               "finishedAt": T1}},
                                      "ready": False, "restartCount": 0}},
               extra_spec={"restartPolicy": "Never"})
    lp["spec"]["containers"][0]["command"] = ["mpirun"]
    lp["spec"]["containers"][0]["args"] = ["--allow-run-as-root", "-np", "16", "all_reduce_perf_mpi", "-b", "8",
                                           "-e", "8G", "-f", "2", "-g", "1"]
    w.target("Pod", ns, launcher)


@case("fl003", pod_subj("vllm-mistral-deployment-vllm-67dd8b6d79-kk7fs", "default"),
      "minikube node `minikube` (names and the 4 restarts from the thread; minikube's Ubuntu 22.04 base, docker "
      "runtime and kubelet strings assumed) on an H100 host with the minikube NVIDIA device plugin DaemonSet "
      "advertising 8 GPUs (count assumed); the production-stack release `vllm`: the router pod "
      "vllm-deployment-router-8666bf6464-4whxb is Running, the model pod vllm-mistral-deployment-vllm-67dd8b6d79-kk7fs "
      "(one GPU; image lmcache/vllm-openai:latest assumed) is in CrashLoopBackOff with StartError exit 128 whose "
      "termination message is the text, and the kubelet `Failed` event (x5) carries the text.")
def _(w, t):
    node = "minikube"
    host_node(w, node, gpus=8, labels={"minikube.k8s.io/name": "minikube", "minikube.k8s.io/primary": "true",
                                       "node-role.kubernetes.io/control-plane": ""},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                    "containerRuntimeVersion": "docker://27.4.1", "kubeletVersion": "v1.32.0",
                    "kubeProxyVersion": "v1.32.0"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-2lq9v", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
    plugin_ds(w, KS, [p])
    ns = "default"
    w.pod(ns, "vllm-deployment-router-8666bf6464-4whxb", node=node, gpu=0, containers=("router-container",),
          image="lmcache/lmstack-router:latest", owner=("ReplicaSet", "vllm-deployment-router-8666bf6464"),
          labels={"environment": "router", "release": "router"})
    name = "vllm-mistral-deployment-vllm-67dd8b6d79-kk7fs"
    pod = w.pod(ns, name, node=node, containers=("vllm",), ready=False, image="lmcache/vllm-openai:latest",
                owner=("ReplicaSet", "vllm-mistral-deployment-vllm-67dd8b6d79"),
                labels={"environment": "test", "helm-release-name": "vllm", "model": "mistral"},
                statuses=start_error("vllm", t, restarts=4))
    pod["spec"]["containers"][0]["command"] = ["vllm", "serve", "mistralai/Mistral-7B-Instruct-v0.2"]
    w.event(ns, "Pod", name, "Failed", t, count=5, host=node)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "L")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
