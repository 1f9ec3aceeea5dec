"""First-contact batch J (fixtures/first-contact/batch-j/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled with the fixed-query protocol in
fixtures/first-contact/batch-j/README.md: runtime layer (model-server pods without the nvidia RuntimeClass on a
bare-metal cluster, a GPU reset Job that relies on NVIDIA_VISIBLE_DEVICES while nvidia is not the default
runtime on GKE, a toolkit image flavour that needs a newer glibc than the Amazon Linux 2 host), driver layer (GPUs
left unhealthy by the device plugin after Xids, a replacement driver pod that cannot install after a GPU
hot-plug, a crash-looping GKE driver installer, operand images left as a placeholder by GPU Operator 1.8.0 on
OpenShift 4.6) and application layer (vLLM dying on OpenShift's random UID). Each builder places the case's text
verbatim where a collector would have found it and builds the cluster state the thread describes (pods,
container states, events, node capacity/allocatable, labels). The expected answer was reasoned from the thread
(`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_j      # (re)writes fixtures/first-contact/batch-j/scenarios/
"""

from __future__ import annotations

from functools import lru_cache

from tests.classify.first_contact_b import (KS, block, drop_logs, host_node, no_gpu_resource, node_info, plugin_ds,
                                            plugin_pod, remove_stack_pod, set_image, stack_pod, strip_gfd,
                                            thread_scenario)
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.first_contact_h import operator_blocked, rhcos
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1,
                                             World, write_batch)
from tests.classify.scenarios_real import crashing, node_subj, pod_subj, stack_crash

BATCH = REPO / "fixtures" / "first-contact" / "batch-j"
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


# ---- world helpers (batch J) -----------------------------------------------------------------

def gke_info(version: str, kernel: str, containerd: str) -> dict:
    return {"osImage": "Container-Optimized OS from Google", "kernelVersion": kernel,
            "containerRuntimeVersion": containerd, "kubeletVersion": version, "kubeProxyVersion": version}


def init_waiting(pod: dict, init: str, reason: str, message: str | None = None) -> None:
    """The pod sits in Init:<reason>: its init container `init` waits with `reason`, the rest wait behind it."""
    pod["status"]["phase"] = "Pending"
    for c in pod["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    st = {"reason": reason}
    if message:
        st["message"] = message
    for s in pod["status"].get("initContainerStatuses", []):
        if s["name"] == init:
            s.update({"state": {"waiting": st}, "ready": False, "restartCount": 0})
    for s in pod["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})


# ---- runtime layer ---------------------------------------------------------------------------

@case("fj001", pod_subj("meta-llama-llama-3-2-3b-instruct-decode-69bbb879cd-45jwg", "llm-d"),
      "Bare-metal Kubernetes GPU node `gpu-node-1` (Ubuntu 22.04, containerd with an `nvidia` runtime that is not "
      "the default, host driver and toolkit; GPU model and version strings assumed) with the NVIDIA device plugin "
      "DaemonSet (runtimeClassName nvidia) advertising nvidia.com/gpu 1; the llm-d decode pod (one GPU, init "
      "container routing-proxy, no runtimeClassName; image assumed) crash-loops (18 restarts) with the text as the "
      "previous log of its vllm container.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-139-generic",
                             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.4",
                             "kubeProxyVersion": "v1.32.4"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r7k2m", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    ns, name = "llm-d", "meta-llama-llama-3-2-3b-instruct-decode-69bbb879cd-45jwg"
    pod = w.pod(ns, name, node=node, containers=("vllm",), init_containers=("routing-proxy",), ready=False,
                image="ghcr.io/llm-d/llm-d:0.0.8", owner=("ReplicaSet", "meta-llama-llama-3-2-3b-instruct-decode-69bbb879cd"),
                statuses=crashing("vllm", 1, restarts=18))
    set_image(pod, "routing-proxy", "ghcr.io/llm-d/llm-d-routing-sidecar:0.0.6")
    w.log(ns, name, "vllm", t, previous=True)
    w.target("Pod", ns, name)


@case("fj002", pod_subj("gpu-reset-gke-gpu-pool-1-7c4d-x2k9p-j8w4q", "nvsentinel"),
      "GKE node (COS, GPU Operator with the driver managed by GKE and the toolkit DaemonSet running with "
      "NVIDIA_RUNTIME_SET_AS_DEFAULT=false; node, GPU model and version strings assumed) advertising nvidia.com/gpu 1; "
      "NVSentinel's GPU reset Job pod (nvidia/cuda image, NVIDIA_VISIBLE_DEVICES=all, no GPU request, no "
      "runtimeClassName; names assumed) has failed (exit 127) with the text as its log.")
def _(w, t):
    node = "gke-uat-gpu-pool-1-7c4d2a1b-x2k9"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L4", memory_mib=23034,
                   labels={"nvidia.com/gpu.deploy.driver": "false", "cloud.google.com/gke-accelerator": "nvidia-l4",
                           "cloud.google.com/gke-nodepool": "gpu-pool-1",
                           "cloud.google.com/gke-os-distribution": "cos"})
    node_info(n, **gke_info("v1.33.5-gke.1201000", "6.6.97+", "containerd://2.0.6"))
    remove_stack_pod(w, node, "driver")
    tk = stack_pod(w, node, "toolkit")
    tk["spec"]["containers"][0]["env"] = [{"name": "NVIDIA_RUNTIME_SET_AS_DEFAULT", "value": "false"},
                                          {"name": "RUNTIME", "value": "containerd"}]
    ns, name, c = "nvsentinel", "gpu-reset-gke-gpu-pool-1-7c4d-x2k9p-j8w4q", "gpu-reset"
    w.pod(ns, name, node=node, gpu=0, containers=(c,), phase="Failed", ready=False,
          image="nvcr.io/nvidia/cuda:12.9.1-base-ubuntu24.04", owner=("Job", "gpu-reset-gke-gpu-pool-1-7c4d-x2k9p"),
          env=[{"name": "NVIDIA_VISIBLE_DEVICES", "value": "all"}], tolerations=TOLERATE_GPU,
          statuses={c: {"state": {"terminated": {"exitCode": 127, "reason": "Error", "startedAt": T0,
                                                 "finishedAt": T1}}, "ready": False, "restartCount": 0}},
          extra_spec={"restartPolicy": "Never"})
    w.log(ns, name, c, t)
    w.target("Pod", ns, name)


@case("fj005", node_subj("ip-100-64-143-96.us-west-1.compute.internal"),
      "EKS GPU node on Amazon Linux 2 (g5.xlarge, EKS GPU AMI with the driver on the host; node name from the "
      "thread, AMI/kernel/kubelet strings assumed) with the GPU Operator (driver pre-installed): the toolkit "
      "DaemonSet pod's nvidia-container-toolkit-ctr (Ubuntu-flavoured image; tag assumed) crash-loops with the "
      "text as its previous log; device plugin, GFD and validator wait in toolkit-validation; no nvidia.com/gpu.")
def _(w, t):
    node = "ip-100-64-143-96.us-west-1.compute.internal"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10G", memory_mib=23028, allocatable=None,
                   labels={**eks_labels("g5.xlarge", "gpu"), "nvidia.com/gpu.deploy.driver": "pre-installed",
                           "topology.kubernetes.io/region": "us-west-1"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, osImage="Amazon Linux 2", kernelVersion="5.10.210-201.852.amzn2.x86_64",
              containerRuntimeVersion="containerd://1.7.11", kubeletVersion="v1.28.5-eks-5e0fdde",
              kubeProxyVersion="v1.28.5-eks-5e0fdde")
    remove_stack_pod(w, node, "driver")
    name = stack_crash(w, node, "toolkit", "nvidia-container-toolkit-ctr", t, restarts=14)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.14.6-ubuntu20.04")
    for role in ("device-plugin", "gfd", "validator"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- driver layer ----------------------------------------------------------------------------

@case("fj003", node_subj("gpu-node-8x"),
      "On-prem Kubernetes node with 8 GPUs (host driver; GPU model, kernel and kubelet strings assumed) whose status "
      "is the text (capacity nvidia.com/gpu 8, allocatable 6, rdma/hca 1k, cpu 104 and memory as quoted); the NVIDIA "
      "device plugin DaemonSet pod in kube-system is Running with its registration log (the plugin's health "
      "messages were not quoted); no kernel log (no Xid line was quoted).")
def _(w, t):
    node = "gpu-node-8x"
    n = host_node(w, node, gpus=8, allocatable=6,
                  info={"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-136-generic",
                        "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.18.8",
                        "kubeProxyVersion": "v1.18.8"})
    n["status"]["capacity"].update({"cpu": "104", "ephemeral-storage": "51343996Ki", "hugepages-1Gi": "0",
                                    "hugepages-2Mi": "0", "memory": "791635548Ki", "nvidia.com/gpu": "8",
                                    "pods": "110", "rdma/hca": "1k"})
    n["status"]["allocatable"].update({"cpu": "104", "ephemeral-storage": "47318626636", "hugepages-1Gi": "0",
                                       "hugepages-2Mi": "0", "memory": "791533148Ki", "nvidia.com/gpu": "6",
                                       "pods": "110", "rdma/hca": "1k"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-fs97f", image="nvcr.io/nvidia/k8s-device-plugin:v0.8.2")
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fj004", node_subj("gpu-node-1"),
      "GPU node (Ubuntu 22.04; GPU model, kernel and kubelet strings assumed) with the GPU Operator managing "
      "driver 580.126.20: after a GPU hot-detach/re-attach the replacement driver pod's nvidia-driver-ctr "
      "crash-loops with the text as its previous log; toolkit and validator wait in driver-validation, device "
      "plugin and GFD in toolkit-validation; no GFD labels, no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A10", memory_mib=23028, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, kernelVersion="5.15.0-164-generic", kubeletVersion="v1.33.6", kubeProxyVersion="v1.33.6",
              containerRuntimeVersion="containerd://2.1.5")
    name = stack_crash(w, node, "driver", "nvidia-driver-ctr", t, restarts=6)
    set_image(w.get_pod(OPERATOR_NS, name), "nvidia-driver-ctr", "nvcr.io/nvidia/driver:580.126.20-ubuntu22.04")
    operator_blocked(w, node)
    w.target("Node", None, node)


@case("fj006", node_subj("gke-gpu-cluster-gpu-pool-2f1c9a7e-q4lt"),
      "GKE 1.13 node on Container-Optimized OS with one GPU (node name, GPU model and kernel strings assumed): the "
      "driver installer DaemonSet pod nvidia-driver-installer-z7ht8 (pod name from the text) in kube-system is "
      "Pending with its init container nvidia-driver-installer in CrashLoopBackOff (the 'permission denied' log "
      "was a screenshot and is not in the bundle); the kubelet BackOff event (x7) carries the text; the GKE "
      "nvidia-gpu-device-plugin pod is Running (its log was not quoted); the node advertises no nvidia.com/gpu.")
def _(w, t):
    node = "gke-gpu-cluster-gpu-pool-2f1c9a7e-q4lt"
    host_node(w, node, advertised=False,
              labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-k80", "cloud.google.com/gke-nodepool": "gpu-pool",
                      "cloud.google.com/gke-os-distribution": "cos", "node.kubernetes.io/instance-type": "n1-standard-4"},
              info=gke_info("v1.13.10-gke.0", "4.14.138+", "docker://18.9.7"))
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    inst = "nvidia-driver-installer-z7ht8"
    pod = w.pod(KS, inst, node=node, gpu=0, containers=("pause",), init_containers=("nvidia-driver-installer",),
                phase="Pending", ready=False, image="gcr.io/google-containers/pause:2.0",
                owner=("DaemonSet", "nvidia-driver-installer"), labels={"k8s-app": "nvidia-driver-installer"},
                tolerations=[{"operator": "Exists"}])
    set_image(pod, "nvidia-driver-installer", "cos-nvidia-installer:fixed")
    crash = {"state": {"waiting": {"reason": "CrashLoopBackOff",
                                   "message": "b" + t.removesuffix(": CrashLoopBackOff")[1:]}},
             "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
             "ready": False, "restartCount": 4}
    init_waiting(pod, "nvidia-driver-installer", "CrashLoopBackOff")
    for s in pod["status"]["initContainerStatuses"]:
        s.update(crash)
    w.event(KS, "Pod", inst, "BackOff", t, count=7, host=node)
    dp = w.pod(KS, "nvidia-gpu-device-plugin-6zt5k", node=node, gpu=0, containers=("nvidia-gpu-device-plugin",),
               image="k8s.gcr.io/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e",
               owner=("DaemonSet", "nvidia-gpu-device-plugin"), labels={"k8s-app": "nvidia-gpu-device-plugin"},
               tolerations=[{"operator": "Exists"}])
    for name, pods, ready in (("nvidia-driver-installer", [pod], 0), ("nvidia-gpu-device-plugin", [dp], 1)):
        status = {"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": ready,
                  "numberAvailable": ready, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                  "observedGeneration": 1}
        if not ready:
            status["numberUnavailable"] = 1
        wl = w.workload("DaemonSet", KS, name, template_pod=pods[0], status=status)
        wl["spec"]["selector"] = {"matchLabels": {"k8s-app": name}}
        wl["spec"]["template"]["metadata"]["labels"] = {"k8s-app": name}
    w.target("Node", None, node)


@case("fj007", node_subj("worker-gpu-0"),
      "OpenShift 4.6.48 GPU worker (RHCOS/kernel/CRI-O strings assumed for 4.6; GPU model assumed) with GPU Operator "
      "1.8.0 from the web console: the driver pod nvidia-driver-daemonset-lc4g4 (init k8s-driver-manager) and the "
      "toolkit pod nvidia-container-toolkit-daemonset-rn8fv (init driver-validation) wait in Init:InvalidImageName "
      "with the placeholder image FILLED_BY_THE_OPERATOR; each has a kubelet InspectFailed event (x5) carrying the "
      "text; device plugin and GFD wait in toolkit-validation, the validator in driver-validation; no nvidia.com/gpu.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, allocatable=None)
    no_gpu_resource(n)
    strip_gfd(n)
    rhcos(n, "46.82.202201211412-0 (Ootpa)", "4.18.0-193.71.1.el8_2.x86_64", "cri-o://1.19.5-2.rhaos4.6.git1d1f7b4.el8",
          "v1.19.0+a5a0987")
    msg = t.replace('Failed to apply default image tag "FILLED_BY_THE_OPERATOR": ', "", 1)
    for role, init, new in (("driver", "k8s-driver-manager", "nvidia-driver-daemonset-lc4g4"),
                            ("toolkit", "driver-validation", "nvidia-container-toolkit-daemonset-rn8fv")):
        old = w.stack(node, role)
        pod = w.get_pod(OPERATOR_NS, old)
        drop_logs(w, OPERATOR_NS, old)
        pod["metadata"]["name"] = new
        w._stack[(node, role)] = new
        for ic in pod["spec"]["initContainers"]:
            if ic["name"] == init:
                ic["image"] = "FILLED_BY_THE_OPERATOR"
        for s in pod["status"]["initContainerStatuses"]:
            if s["name"] == init:
                s["image"] = "FILLED_BY_THE_OPERATOR"
        init_waiting(pod, init, "InvalidImageName", msg)
        w.event(OPERATOR_NS, "Pod", new, "InspectFailed", t, count=5, host=node,
                field_path=f"spec.initContainers{{{init}}}")
    block(w, node, "validator", "driver-validation")
    for role in ("device-plugin", "gfd"):
        block(w, node, role, "toolkit-validation")
    w.target("Node", None, node)


# ---- application layer -----------------------------------------------------------------------

@case("fj008", pod_subj("gemma4-predictor-7d9c8b6f5-m2q8x", "genai"),
      "OpenShift GPU worker (RHCOS/CRI-O strings and GPU model assumed) with the GPU Operator stack healthy; the "
      "vLLM model-server pod (image vllm/vllm-openai:gemma4-unified-cu129 as quoted, one GPU, run under the "
      "restricted SCC with a random UID; pod and namespace names assumed) crash-loops with the text as its "
      "previous log.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/cuda.driver.major": "580"})
    rhcos(n, "9.6.20260520-0 (Plow)", "5.14.0-570.112.1.el9_6.x86_64", "cri-o://1.33.4-2.rhaos4.20.git",
          "v1.33.4")
    ns, name = "genai", "gemma4-predictor-7d9c8b6f5-m2q8x"
    pod = w.pod(ns, name, node=node, containers=("vllm",), ready=False, image="vllm/vllm-openai:gemma4-unified-cu129",
                owner=("ReplicaSet", "gemma4-predictor-7d9c8b6f5"), tolerations=TOLERATE_GPU,
                statuses=crashing("vllm", 1, restarts=5))
    pod["metadata"]["annotations"] = {"openshift.io/scc": "restricted-v2"}
    pod["spec"]["securityContext"] = {"runAsNonRoot": True, "runAsUser": 1000910000, "fsGroup": 1000910000}
    w.log(ns, name, "vllm", t, previous=True)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "J")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
