"""First-contact batch D3 (fixtures/first-contact/batch-d3/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public threads in the container runtime / toolkit layer (libnvidia-container,
the NVIDIA hook and its device environment, Docker's default runtime, CDI specs of the DRA driver and the toolkit's
jit-cdi mode), sampled with the fixed query list in the batch README. Each builder places the case's text verbatim
where a collector would have found it (prose texts are not placed) and builds the cluster state the thread
describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d3      # (re)writes fixtures/first-contact/batch-d3/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod, running_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-d3", "D3")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd302", "fd303", "fd308"}


def size(w, node: str, cpu: str, memory: str) -> None:
    """The node's CPU and memory capacity (allocatable alike)."""
    n = w.get_node(node)
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": cpu, "memory": memory})


# ---- libnvidia-container / the NVIDIA hook ----------------------------------------------------

@case("fd301", pod_subj("inference-api-6c9d8f7b5-q4wzt", "ml"),
      "k3s v1.27.5+k3s1 single GPU agent on an AWS g4dn.xlarge (one Tesla T4; Ubuntu 22.04 AMI built by the "
      "reporter with host driver 535.54.03 and NVIDIA Container Toolkit 1.14.0; k3s's embedded containerd with the "
      "nvidia runtime as default; kernel and version strings assumed for September 2023); the NVIDIA device plugin "
      "DaemonSet (Helm, kube-system) runs and advertises nvidia.com/gpu 1 (its device-list strategy is not quoted; "
      "the volume-mounts strategy is inferred from the path in the text); a GPU Deployment pod (names and image "
      "assumed) fails to start: its container shows RunContainerError with a StartError last state, and the kubelet "
      "Failed event carries the hook error. The event and status messages are completed illustratively around the "
      "text (the journal line the thread quotes is cut at 'error during container >'); the text itself is verbatim.")
def _(w, t):
    node = "ip-10-20-31-84"
    host_node(w, node, gpus=1, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                                        "topology.kubernetes.io/region": "ap-southeast-2",
                                        "node-role.kubernetes.io/agent": "true"},
              info={"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "6.2.0-1011-aws",
                    "containerRuntimeVersion": "containerd://1.7.3-k3s1", "kubeletVersion": "v1.27.5+k3s1",
                    "kubeProxyVersion": "v1.27.5+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-7xkq2", image="nvcr.io/nvidia/k8s-device-plugin:v0.14.1")
    plugin_ds(w, KS, [p])
    msg = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
           "failed: unable to start container process: error during container init: error running hook #0: error "
           "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\n" + t)
    ns, pod = "ml", "inference-api-6c9d8f7b5-q4wzt"
    w.pod(ns, pod, node=node, gpu=1, containers=("api",), image="registry.example.com/ml/inference-api:2023.09.1",
          ready=False, owner=("ReplicaSet", "inference-api-6c9d8f7b5"), cpu="2", memory="8Gi",
          statuses=crashing("api", 128, "StartError", msg, restarts=5, waiting="RunContainerError"))
    w.event(ns, "Pod", pod, "Failed", "Error: " + msg, component="kubelet", host=node, count=6,
            field_path="spec.containers{api}")
    backoff(w, ns, pod, "api", node, count=24)
    w.target("Pod", ns, pod)


@case("fd302", pod_subj("llm-cluster-ray-head-0", "neutree"),
      "Kubernetes 1.30 cluster (version strings, node and pod names assumed for July 2025) with one GPU worker node "
      "(two NVIDIA L40S assumed; host driver and NVIDIA Container Toolkit with the nvidia runtime as containerd's "
      "default) and the NVIDIA device plugin DaemonSet in kube-system advertising nvidia.com/gpu 2; a neutree Ray "
      "cluster in namespace neutree: the head pod (no nvidia.com/gpu request, CUDA-based Ray image whose "
      "NVIDIA_VISIBLE_DEVICES=all is set by the image, not by the pod spec) and one worker pod requesting both GPUs, "
      "both Running on the GPU node. `nvidia-smi -L` in the head container lists both GPUs (illustrative: the thread "
      "shows the effect only as Ray detecting the GPUs). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "gpu-worker-01"
    host_node(w, node, gpus=2,
              info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-116-generic",
                    "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.2",
                    "kubeProxyVersion": "v1.30.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-5mq8d")
    plugin_ds(w, KS, [p])
    ns, image = "neutree", "neutree/neutree-serve:v0.1.0-ray2.43.0-cu124"
    running_pod(w, "llm-cluster-ray-head-0", "2025-07-11 09:12:04,118\tINFO usage_lib.py:467 -- Usage stats "
                "collection is disabled.\n2025-07-11 09:12:04,120\tINFO scripts.py:865 -- Local node IP: "
                "10.244.1.5\n", ns=ns, node=node, container="ray-head", gpu=0, image=image,
                owner=("StatefulSet", "llm-cluster-ray-head"), cpu="4", memory="16Gi")
    running_pod(w, "llm-cluster-ray-worker-0", None, ns=ns, node=node, container="ray-worker", gpu=2, image=image,
                owner=("StatefulSet", "llm-cluster-ray-worker"), cpu="16", memory="96Gi")
    w.exec(ns, "llm-cluster-ray-head-0", "ray-head", ["nvidia-smi", "-L"],
           "GPU 0: NVIDIA L40S (UUID: GPU-3b1f6a0e-8c2d-4e55-9a71-0d4c2b8e6f13)\n"
           "GPU 1: NVIDIA L40S (UUID: GPU-a7d94c21-5e0b-4f38-b6c2-91e3f05d7a84)\n")
    w.target("Pod", ns, "llm-cluster-ray-head-0")


@case("fd308", pod_subj("cpu-cluster-ray-worker-0", "neutree"),
      "Kubernetes 1.30 cluster (version strings, node and pod names assumed for July 2025) with a CPU node and a GPU "
      "node (four NVIDIA A10 assumed; host driver and NVIDIA Container Toolkit with the nvidia runtime as containerd's "
      "default; the NVIDIA device plugin DaemonSet in kube-system advertising nvidia.com/gpu 4, none allocated); a "
      "neutree CPU Ray cluster in namespace neutree whose head and worker pods request no GPU, use the default "
      "CUDA-based image (NVIDIA_VISIBLE_DEVICES=all set by the image, not by the pod spec) and run on the GPU node. "
      "`nvidia-smi -L` in the worker container lists the node's four GPUs (illustrative: the thread shows the effect "
      "only as Ray detecting GPUs). The text is prose and not placed in the bundle.")
def _(w, t):
    cpu_node = "cpu-worker-01"
    w.node(cpu_node, cpu="32", memory="131891700Ki")
    w.get_node(cpu_node)["status"]["nodeInfo"].update(
        {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-116-generic",
         "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.2", "kubeProxyVersion": "v1.30.2"})
    node = "gpu-worker-02"
    host_node(w, node, gpus=4,
              info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-116-generic",
                    "containerRuntimeVersion": "containerd://1.7.18", "kubeletVersion": "v1.30.2",
                    "kubeProxyVersion": "v1.30.2"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-t9c4h")
    plugin_ds(w, KS, [p])
    ns, image = "neutree", "neutree/neutree-serve:v0.1.1-ray2.43.0-cu124"
    for role in ("head", "worker"):
        running_pod(w, f"cpu-cluster-ray-{role}-0", None, ns=ns, node=node, container=f"ray-{role}", gpu=0,
                    image=image, owner=("StatefulSet", f"cpu-cluster-ray-{role}"), cpu="8", memory="32Gi")
    w.exec(ns, "cpu-cluster-ray-worker-0", "ray-worker", ["nvidia-smi", "-L"],
           "GPU 0: NVIDIA A10 (UUID: GPU-5c0e9a42-1f7b-4d3a-8e26-b94d07c1a3f5)\n"
           "GPU 1: NVIDIA A10 (UUID: GPU-e81b27d6-0a4c-4f95-b3d8-62f1c9e0a7b4)\n"
           "GPU 2: NVIDIA A10 (UUID: GPU-2d6f8b13-c5e0-47a9-9f12-0b7e3a6d4c85)\n"
           "GPU 3: NVIDIA A10 (UUID: GPU-97a3c4e8-6b21-4d0f-a5e7-3c8f1d2b9e06)\n")
    w.target("Pod", ns, "cpu-cluster-ray-worker-0")


# ---- the device environment: driver capabilities ----------------------------------------------

@case("fd303", pod_subj("gaofin-jellyfin-664bdc6cff-g5d9b", "ix-gaofin"),
      "TrueNAS SCALE 22.02.0 single-node k3s (node ix-truenas; the k3s, kernel and GPU strings are assumed: a "
      "GeForce GTX 1660 SUPER, host driver and NVIDIA runtime as shipped with SCALE 22.02, the NVIDIA device plugin "
      "DaemonSet in kube-system advertising nvidia.com/gpu 1); the TrueCharts jellyfin app in namespace ix-gaofin: "
      "pod gaofin-jellyfin-664bdc6cff-g5d9b with init containers autopermissions and inotify (completed) and main "
      "container gaofin-jellyfin Running with one GPU; its Normal events are the thread's ('Successfully assigned "
      "ix-gaofin/gaofin-jellyfin-664bdc6cff-g5d9b to ix-truenas', the image-present/Created/Started lines); `env | "
      "grep NVIDIA` in the container prints only the thread's NVIDIA_VISIBLE_DEVICES line. The jellyfin log is quoted "
      "only truncated in the stored copy and is not modelled. The text is prose and not placed in the bundle.")
def _(w, t):
    node = "ix-truenas"
    host_node(w, node, gpus=1,
              info={"osImage": "Debian GNU/Linux 11 (bullseye)", "kernelVersion": "5.10.93+truenas",
                    "containerRuntimeVersion": "docker://20.10.12", "kubeletVersion": "v1.23.5+k3s1",
                    "kubeProxyVersion": "v1.23.5+k3s1"})
    size(w, node, "12", "65747656Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-xl4pw", image="nvidia/k8s-device-plugin:v0.10.0")
    plugin_ds(w, KS, [p])
    ns, pod = "ix-gaofin", "gaofin-jellyfin-664bdc6cff-g5d9b"
    image = "tccr.io/truecharts/jellyfin:v10.7.7@sha256:0136db4677a2ee2ee8a6962d813d6e3b49aa86784a7cfdc3af76427db32c3470"
    alpine = "ghcr.io/truecharts/alpine:v3.14.2@sha256:4095394abbae907e94b1f2fd2e2de6c4f201a5b9704573243ca8eb16db8cdb7c"
    p = w.pod(ns, pod, node=node, gpu=1, containers=("gaofin-jellyfin",), init_containers=("autopermissions", "inotify"),
              image=image, owner=("ReplicaSet", "gaofin-jellyfin-664bdc6cff"), cpu="10m", memory="50Mi",
              labels={"app.kubernetes.io/name": "jellyfin", "app.kubernetes.io/instance": "gaofin"})
    set_image(p, "autopermissions", alpine)
    set_image(p, "inotify", alpine)
    for reason, msg in (("Scheduled", f"Successfully assigned {ns}/{pod} to {node}"),
                        ("AddedInterface", "Add eth0 [172.16.0.78/16] from ix-net"),
                        ("Pulled", f'Container image "{alpine}" already present on machine'),
                        ("Created", "Created container autopermissions"),
                        ("Started", "Started container autopermissions"),
                        ("Created", "Created container inotify"),
                        ("Started", "Started container inotify"),
                        ("Pulled", f'Container image "{image}" already present on machine'),
                        ("Created", "Created container gaofin-jellyfin"),
                        ("Started", "Started container gaofin-jellyfin")):
        w.event(ns, "Pod", pod, reason, msg, type="Normal",
                component="default-scheduler" if reason == "Scheduled" else "multus" if reason == "AddedInterface"
                else "kubelet", host=None if reason == "Scheduled" else node)
    w.exec(ns, pod, "gaofin-jellyfin", ["sh", "-c", "env | grep NVIDIA"],
           "NVIDIA_VISIBLE_DEVICES=GPU-b9c6b00b-95b2-0893-a633-772387351cf6\n")
    w.target("Pod", ns, pod)


@case("fd304", pod_subj("memories-generate-2026-09-14-7hkq9", "immich"),
      "Kubernetes 1.33 cluster (version strings, node, namespace and pod names assumed for September 2026) with a "
      "shared GPU node (one NVIDIA RTX A4000 assumed; host driver, NVIDIA Container Toolkit as the default runtime, "
      "the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1); a plain Job of immich-video-memory-generator "
      "whose pod requests one GPU and sets no NVIDIA_DRIVER_CAPABILITIES (the app's GPU overlay is not used), Running "
      "with software encoding; its current log is the text (the thread's two code blocks joined).")
def _(w, t):
    node = "k8s-gpu-shared-01"
    host_node(w, node, gpus=1,
              info={"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-79-generic",
                    "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.33.4",
                    "kubeProxyVersion": "v1.33.4"})
    size(w, node, "32", "131891700Ki")
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r2d7n", image="nvcr.io/nvidia/k8s-device-plugin:v0.18.0")
    plugin_ds(w, KS, [p])
    ns, pod = "immich", "memories-generate-2026-09-14-7hkq9"
    running_pod(w, pod, t, ns=ns, node=node, container="generator", gpu=1,
                image="ghcr.io/sam-dumont/immich-video-memory-generator:0.42.0",
                owner=("Job", "memories-generate-2026-09-14"), cpu="4", memory="8Gi",
                env=[{"name": "IMMICH_URL", "value": "http://immich-server.immich.svc:2283"}])
    w.target("Pod", ns, pod)


# ---- Docker's default runtime -------------------------------------------------------------------

@case("fd305", pod_subj("nvidia-device-plugin-daemonset-8kz4c", KS),
      "Kubernetes v1.15.0 (kubeadm-style; version strings and names assumed for September 2019) with one GPU node "
      "running Docker 19.03.2 (NVIDIA driver and nvidia-container-toolkit installed, no nvidia runtime set as Docker's "
      "default) and a control-plane node; the NVIDIA device plugin 1.0.0-beta DaemonSet pod on the GPU node is "
      "Running (the beta plugin idles after the NVML failure instead of exiting) with the text as its current log; the "
      "GPU node advertises no nvidia.com/gpu. The text is the reporter's docker-run reproduction of the same image "
      "under the same default runtime, placed as the pod's log.")
def _(w, t):
    info = {"osImage": "Ubuntu 18.04.3 LTS", "kernelVersion": "4.15.0-64-generic",
            "containerRuntimeVersion": "docker://19.3.2", "kubeletVersion": "v1.15.0", "kubeProxyVersion": "v1.15.0"}
    m = w.node("k8s-master", cpu="4", memory="8167300Ki", labels={"node-role.kubernetes.io/master": ""},
               taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    m["status"]["nodeInfo"].update(info)
    node = "k8s-gpu-worker"
    host_node(w, node, gpus=1, advertised=False, info=info)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-8kz4c", log=t, image="nvidia/k8s-device-plugin:1.0.0-beta")
    plugin_ds(w, KS, [p])
    w.target("Pod", KS, "nvidia-device-plugin-daemonset-8kz4c")


# ---- CDI: the DRA driver's specs and the toolkit's jit-cdi mode -----------------------------------

@case("fd306", pod_subj("mig-workload-7f8d9", "gpu-test"),
      "Kubernetes 1.34 cluster (version strings and names assumed for late 2025) with one GB200 node (4 GPUs, MIG "
      "enabled, host driver) and the NVIDIA DRA driver (namespace nvidia-dra-driver-gpu) whose GPU kubelet plugin "
      "DaemonSet pod is Running on it (its log is not modelled: the thread's CDI-logger lines are quoted only cut "
      "off); a workload pod in gpu-test with a ResourceClaim for one MIG device (the claim object is not modelled; "
      "the pod names it in spec.resourceClaims) is Running; `nvidia-smi -L` in its container prints the text (the "
      "thread's example line).")
def _(w, t):
    node = "gb200-node-01"
    host_node(w, node, gpus=4, advertised=False,
              labels={"nvidia.com/mig.capable": "true"},
              info={"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-1031-nvidia-64k",
                    "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.1",
                    "kubeProxyVersion": "v1.34.1"})
    size(w, node, "144", "890314752Ki")
    dns = "nvidia-dra-driver-gpu"
    kp = w.pod(dns, "nvidia-dra-driver-gpu-kubelet-plugin-w8x2k", node=node, gpu=0,
               containers=("gpus",), owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"),
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu"}, cpu="100m", memory="128Mi")
    set_image(kp, "gpus", "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.12.0-dev")
    w.workload("DaemonSet", dns, "nvidia-dra-driver-gpu-kubelet-plugin", template_pod=kp,
               status={"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 1,
                       "numberAvailable": 1, "updatedNumberScheduled": 1, "numberMisscheduled": 0,
                       "observedGeneration": 1})
    ns, pod = "gpu-test", "mig-workload-7f8d9"
    p = w.pod(ns, pod, node=node, gpu=0, containers=("ctr",), image="nvcr.io/nvidia/cuda:13.0.0-base-ubuntu24.04",
              cpu="1", memory="2Gi",
              extra_spec={"resourceClaims": [{"name": "mig", "resourceClaimName": "mig-workload-7f8d9-mig-4xq2p"}]})
    p["spec"]["containers"][0]["resources"]["claims"] = [{"name": "mig"}]
    w.exec(ns, pod, "ctr", ["nvidia-smi", "-L"], t + "\n")
    w.target("Pod", ns, pod)


@case("fd307", pod_subj("nvidia-device-plugin-daemonset-q7v2m", KS),
      "Kubernetes 1.33 cluster (version strings and names assumed for March 2026) with one MIG-enabled GPU node (one "
      "A100-SXM4-80GB in MIG mode assumed; host driver, NVIDIA Container Toolkit 1.19.0 as containerd's default runtime "
      "in mode auto); the NVIDIA device plugin DaemonSet runs non-privileged with MIG_STRATEGY=mixed and its pod "
      "crash-loops with the text in its previous log (the log line around the reporter's fragment is completed "
      "illustratively); the node registers no MIG resources.")
def _(w, t):
    node = "gpu-mig-01"
    host_node(w, node, gpus=1, advertised=False, labels={"nvidia.com/mig.capable": "true"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-171-generic",
                    "containerRuntimeVersion": "containerd://2.0.7", "kubeletVersion": "v1.33.8",
                    "kubeProxyVersion": "v1.33.8"})
    name = "nvidia-device-plugin-daemonset-q7v2m"
    p = plugin_pod(w, node, name, log=None, ready=False, image="nvcr.io/nvidia/k8s-device-plugin:v0.18.2",
                   statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=11))
    p["spec"]["containers"][0]["env"] = [{"name": "MIG_STRATEGY", "value": "mixed"},
                                         {"name": "FAIL_ON_INIT_ERROR", "value": "true"}]
    plugin_ds(w, KS, [p])
    w.log(KS, name, "nvidia-device-plugin-ctr",
          "I0318 09:41:12.503117       1 main.go:235] \"Starting NVIDIA Device Plugin\" version=\"v0.18.2\"\n"
          "I0318 09:41:12.503189       1 main.go:238] Starting FS watcher for /var/lib/kubelet/device-plugins\n"
          "I0318 09:41:12.511642       1 main.go:356] Retrieving plugins.\n"
          "E0318 09:41:12.618204       1 main.go:177] error starting plugins: error getting plugins: unable to "
          "create plugins: " + t + "\n", previous=True)
    backoff(w, KS, name, "nvidia-device-plugin-ctr", node, count=40)
    w.target("Pod", KS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
