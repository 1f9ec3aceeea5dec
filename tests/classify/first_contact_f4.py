"""First-contact batch F4 (fixtures/first-contact/batch-f4/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads that no rule was written for, in the application layer
(CUDA errors, GPU and host OOM, CUDA version vs driver, model servers, ...), sampled with the fixed query list in
the batch README (prose cases admitted). Each builder places the case's text verbatim where a collector would
have found it (prose texts are not placed; a fragment the thread quotes as a log line is) and builds the cluster
state the thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred
first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_f4      # (re)writes fixtures/first-contact/batch-f4/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, app_pod, host_node, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f4", "F4")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"ff401", "ff402", "ff403"}


# ---- application layer -----------------------------------------------------------------------

_GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.87+",
             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.5-gke.1080000",
             "kubeProxyVersion": "v1.33.5-gke.1080000"}


def _gke_gpu_stack(w, node: str) -> None:
    """GKE's driver installer and device plugin DaemonSets on one GPU node, both healthy."""
    tol = [{"operator": "Exists"}]
    inst = "nvidia-driver-installer-8mq4d"
    p = w.pod(KS, inst, node=node, gpu=0, containers=("pause",), init_containers=("nvidia-driver-installer",),
              image="gcr.io/google-containers/pause:2.0", labels={"k8s-app": "nvidia-driver-installer"},
              owner=("DaemonSet", "nvidia-driver-installer"), cpu="150m", memory="64Mi", tolerations=tol)
    set_image(p, "nvidia-driver-installer",
              "cos-nvidia-installer@sha256:7d2e9c4b1a0f3e6d8c5b2a9f0e1d4c7b6a3f8e2d5c0b9a4f7e1d6c3b8a5f2e0d")
    w.log(KS, inst, "nvidia-driver-installer",
          "Installing GPU driver version 570.172.08\nFinished installing the drivers.\nUpdating host's ld cache\n")
    w.workload("DaemonSet", KS, "nvidia-driver-installer", template_pod=p, status=ds_status(1, 1, 1))
    dp = w.pod(KS, "nvidia-gpu-device-plugin-small-cos-x7kq2", node=node, gpu=0,
               containers=("nvidia-gpu-device-plugin",),
               image="gke.gcr.io/nvidia-gpu-device-plugin@sha256:3c8f1e6b9d2a5c0f7e4b1d8a6c3f0e9b2d5a8c1f4e7b0d3a6c9f2e5b8d1a4c7f",
               labels={"k8s-app": "nvidia-gpu-device-plugin"},
               owner=("DaemonSet", "nvidia-gpu-device-plugin-small-cos"), cpu="50m", memory="50Mi", tolerations=tol)
    w.log(KS, "nvidia-gpu-device-plugin-small-cos-x7kq2", "nvidia-gpu-device-plugin",
          "I1124 08:02:11.204117       1 nvidia_gpu.go:75] device-plugin started\n"
          "I1124 08:02:11.305421       1 nvidia_gpu.go:101] Found Nvidia GPU \"nvidia0\"\n"
          "I1124 08:02:11.307012       1 plugin.go:85] Registered device plugin for nvidia.com/gpu with Kubelet\n")
    w.workload("DaemonSet", KS, "nvidia-gpu-device-plugin-small-cos", template_pod=dp, status=ds_status(1, 1, 1))


@case("ff401", pod_subj("scvi-train-7f9c6d8b4-q2wzn", "scvi"),
      "GKE Standard cluster (GKE 1.33, COS, containerd; versions, names and the GPU model assumed: one g2-standard-8 "
      "node with one NVIDIA L4, tainted nvidia.com/gpu=present:NoSchedule, next to one n2-standard-4 default-pool "
      "node); GKE's nvidia-driver-installer and nvidia-gpu-device-plugin DaemonSets are healthy (their log lines "
      "illustrative) and the GPU node advertises nvidia.com/gpu 1; the scvi-tools workload (a Deployment, names and "
      "image tag assumed) requests and limits nvidia.com/gpu 1, tolerates the taint, runs an image built FROM "
      "python:3.12 with no LD_LIBRARY_PATH in its env, and crash-loops (exit code 1 and restart count assumed); its "
      "previous log ends with the RuntimeError line the PR quotes (no other line of the traceback is quoted, so "
      "none is added). The text is prose and not placed in the bundle.")
def _(w, t):
    d = w.node("gke-sc-default-pool-4b1e9a7c-k2mf", cpu="4", memory="16374856Ki",
               labels={"cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
                       "node.kubernetes.io/instance-type": "n2-standard-4"})
    d["status"]["nodeInfo"].update(_GKE_INFO)
    node = "gke-sc-gpu-pool-8d3f2c1a-l4xp"
    host_node(w, node, gpus=1, labels={"cloud.google.com/gke-nodepool": "gpu-pool",
                                       "cloud.google.com/gke-accelerator": "nvidia-l4",
                                       "cloud.google.com/gke-gpu-driver-version": "default",
                                       "cloud.google.com/gke-os-distribution": "cos",
                                       "node.kubernetes.io/instance-type": "g2-standard-8"}, info=_GKE_INFO)
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "8", "memory": "32880484Ki"})
    _gke_gpu_stack(w, node)
    ns, name = "scvi", "scvi-train-7f9c6d8b4-q2wzn"
    app_pod(w, name, "RuntimeError: Found no NVIDIA driver on your system.\n", ns=ns, node=node, container="scvi",
            gpu=1, image="us-docker.pkg.dev/lab-scverse/images/scvi-tools:1.4.0-py312", restarts=5,
            owner=("ReplicaSet", "scvi-train-7f9c6d8b4"), cpu="4", memory="16Gi",
            env=[{"name": "PYTHONUNBUFFERED", "value": "1"}],
            tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    backoff(w, ns, name, "scvi", node, count=14)
    w.target("Pod", ns, name)


@case("ff402", pod_subj("ollama-0", "ai"),
      "Home-lab Kubernetes cluster (distribution and versions not stated; the builder's defaults: Ubuntu 22.04, "
      "containerd, kubelet 1.32) with one GPU node (GPU model, count and the host-driver + device-plugin setup "
      "assumed: one NVIDIA GeForce RTX 3060, the NVIDIA device plugin as a plain DaemonSet advertising "
      "nvidia.com/gpu 1); the ollama StatefulSet in namespace ai (as in the PR's path kubernetes/apps/ai/ollama) "
      "with pod ollama-0 whose container requests and limits memory 6G (as in the PR) and nvidia.com/gpu 1 (the GPU "
      "request assumed), env OLLAMA_MAX_LOADED_MODELS=3 (as in the PR) and no LLAMA_ARG_CACHE_RAM; the container is "
      "Running and Ready again with lastState terminated, reason OOMKilled, exit code 137 (as in the PR; restart "
      "count and timestamps assumed); its current log is not quoted in the PR and is left out. The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    node = "k8s-gpu-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-GeForce-RTX-3060"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "16", "memory": "65773212Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r8t2m")
    plugin_ds(w, KS, [p])
    ns, name = "ai", "ollama-0"
    env = [{"name": "OLLAMA_MAX_LOADED_MODELS", "value": "3"}, {"name": "OLLAMA_HOST", "value": "0.0.0.0"},
           {"name": "OLLAMA_KEEP_ALIVE", "value": "24h"}]
    pod = w.pod(ns, name, node=node, gpu=1, containers=("app",), image="docker.io/ollama/ollama:0.11.8",
                owner=("StatefulSet", "ollama"), env=env, cpu="500m", memory="6G", restarts=9,
                labels={"app.kubernetes.io/name": "ollama", "app.kubernetes.io/instance": "ollama"},
                mounts=[{"name": "models", "mountPath": "/root/.ollama"}],
                volumes=[{"name": "models", "persistentVolumeClaim": {"claimName": "ollama"}}])
    st = pod["status"]["containerStatuses"][0]
    st["lastState"] = {"terminated": {"exitCode": 137, "reason": "OOMKilled", "startedAt": T0, "finishedAt": T1}}
    st["state"] = {"running": {"startedAt": T1}}
    pod["metadata"]["ownerReferences"][0]["apiVersion"] = "apps/v1"
    w.workload("StatefulSet", ns, "ollama", template_pod=pod,
               status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1,
                       "availableReplicas": 1, "observedGeneration": 4})
    w.target("Pod", ns, name)


@case("ff403", pod_subj("qwen3-32b-6c9d7f5b8-h4kzt", "llmkube"),
      "Kubernetes lab cluster (distribution and versions not stated; builder defaults: Ubuntu, containerd, kubelet "
      "1.32) with one control-plane/CPU node and one NVIDIA GB10 node (arm64; node name, 20 CPUs and 128 GB unified "
      "memory assumed; driver and device plugin assumed host-installed, the plugin DaemonSet's pod on the GB10 node "
      "as last reported Running); the GB10 node stopped posting status: Ready, MemoryPressure and DiskPressure "
      "Unknown ('Kubelet stopped posting node status.'), the node.kubernetes.io/unreachable taints added; an LLMKube "
      "InferenceService's serving Deployment pod (model, names and llama.cpp server image assumed) on that node "
      "whose container requests memory 64Gi and nvidia.com/gpu 1 and has no memory limit (as the issue states), its "
      "last status Running with Ready false after the node went unreachable; the node controller's NodeNotReady "
      "event on the pod (wording illustrative). The text is prose and not placed in the bundle.")
def _(w, t):
    w.node("lab-cp-1", cpu="8", memory="32698364Ki",
           labels={"node-role.kubernetes.io/control-plane": ""})
    node = "gb10-spark-1"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-GB10", "kubernetes.io/arch": "arm64",
                                       "beta.kubernetes.io/arch": "arm64"})
    n = w.get_node(node)
    n["status"]["nodeInfo"].update({"architecture": "arm64", "osImage": "Ubuntu 24.04.3 LTS",
                                    "kernelVersion": "6.11.0-1016-nvidia"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "20", "memory": "127535244Ki"})
    msg = "Kubelet stopped posting node status."
    for c in n["status"]["conditions"]:
        c.update({"status": "Unknown", "reason": "NodeStatusUnknown", "message": msg, "lastTransitionTime": T1})
    n["spec"]["taints"] = [{"key": "node.kubernetes.io/unreachable", "effect": "NoSchedule", "timeAdded": T1},
                           {"key": "node.kubernetes.io/unreachable", "effect": "NoExecute", "timeAdded": T1}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9vw4c")
    plugin_ds(w, KS, [p])
    ns, name = "llmkube", "qwen3-32b-6c9d7f5b8-h4kzt"
    pod = w.pod(ns, name, node=node, gpu=1, containers=("llama-server",),
                image="ghcr.io/ggml-org/llama.cpp:server-cuda", owner=("ReplicaSet", "qwen3-32b-6c9d7f5b8"),
                cpu="8", memory="64Gi", ready=False,
                labels={"app": "qwen3-32b", "inference.llmkube.dev/service": "qwen3-32b"},
                mounts=[{"name": "model-cache", "mountPath": "/models"}],
                volumes=[{"name": "model-cache", "persistentVolumeClaim": {"claimName": "llmkube-model-cache"}}])
    res = pod["spec"]["containers"][0]["resources"]
    res["limits"].pop("memory", None)
    for c in pod["status"]["conditions"]:
        if c["type"] == "Ready":
            c.update({"status": "False", "reason": "NodeNotReady"})
    w.event(ns, "Pod", name, "NodeNotReady", "Node is not ready", component="node-controller")
    w.target("Pod", ns, name)


@case("ff404", pod_subj("faster-whisper-5d8b9c7f6-tn3vx", "voice"),
      "Self-managed Kubernetes cluster (distribution and versions not stated; builder defaults) with one GPU node "
      "(name assumed) holding one RTX 3090 FE with the host driver 550.144.03 (CUDA 12.4, as in the thread) and the "
      "NVIDIA runtime as containerd's default runtime ('Container runtime is nvidia'); the NVIDIA device plugin as a "
      "plain DaemonSet advertising nvidia.com/gpu 1 (assumed); the faster-whisper Deployment's pod (namespace and "
      "names assumed) runs lscr.io/linuxserver/faster-whisper:gpu with no nvidia.com/gpu request or limit and "
      "crash-loops (exit code 1 and restart count assumed); its previous log holds the text verbatim (no other "
      "line of the reporter's log is quoted).")
def _(w, t):
    node = "gpu-node-3090"
    host_node(w, node, gpus=1, labels={"nvidia.com/gpu.product": "NVIDIA-GeForce-RTX-3090"})
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "24", "memory": "131811436Ki"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-m5hqz")
    plugin_ds(w, KS, [p])
    ns, name = "voice", "faster-whisper-5d8b9c7f6-tn3vx"
    env = [{"name": "PUID", "value": "1000"}, {"name": "PGID", "value": "1000"}, {"name": "TZ", "value": "Etc/UTC"},
           {"name": "WHISPER_MODEL", "value": "medium-int8"}]
    app_pod(w, name, t.rstrip("\n") + "\n", ns=ns, node=node, container="faster-whisper", gpu=0,
            image="lscr.io/linuxserver/faster-whisper:gpu", restarts=6,
            owner=("ReplicaSet", "faster-whisper-5d8b9c7f6"), cpu="2", memory="4Gi", env=env)
    backoff(w, ns, name, "faster-whisper", node, count=21)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
