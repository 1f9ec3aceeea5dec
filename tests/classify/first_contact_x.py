"""First-contact batch X (fixtures/first-contact/batch-x/cases.jsonl) as scenario bundles.

Real application-layer failures from public threads that no rule was written for, sampled with the fixed query
list in the batch README: a GPU image without an arm64 build on an arm64 GPU node, a PyTorchJob worker whose
persistent volume cannot follow it to a second GKE GPU node, nccl-tests between GH200 pods behind Istio sidecars
without RDMA/GPUDirect set up, NCCL GPU-RDMA on Talos without the gdrdrv module, and a Seldon Core Triton server
whose container requests no GPU. Each builder places the case's text verbatim where a collector would have found
it (prose texts are not placed) and builds the cluster state the thread describes. The expected answer was
reasoned from the thread (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions, GPU models)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_x      # (re)writes fixtures/first-contact/batch-x/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU
from tests.classify.first_contact_f import waiting
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-x", "X")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fx002", "fx003", "fx004"}


def _info(os_image: str, kernel: str, containerd: str, kubelet: str, arch: str = "amd64") -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet, "architecture": arch,
            "operatingSystem": "linux"}


def _arm64(node: dict) -> None:
    node["metadata"]["labels"].update({"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64"})


# ---- application layer -----------------------------------------------------------------------

@case("fx001", pod_subj("kokoro-fastapi-gpu-6c9f8d7b5-w2k4r", "tts"),
      "arm64 Kubernetes node `altra-gpu-1` (Ampere Altra, one RTX A6000, host driver and NVIDIA container runtime; "
      "OS/kernel/kubelet strings assumed) labelled kubernetes.io/arch=arm64, with the NVIDIA device plugin "
      "DaemonSet (runtimeClassName nvidia) advertising nvidia.com/gpu 1; the Kokoro-FastAPI Deployment pod (one "
      "GPU, image ghcr.io/remsky/kokoro-fastapi-gpu:v0.2.4 as named in the thread, published for amd64 only; pod "
      "and namespace names assumed) crash-loops: exit 1, the text as its previous log.")
def _(w, t):
    node = "altra-gpu-1"
    n = host_node(w, node, labels={"nvidia.com/gpu.product": "NVIDIA-RTX-A6000"},
                  info=_info("Ubuntu 24.04.2 LTS", "6.8.0-60-generic", "containerd://1.7.27", "v1.32.4", "arm64"))
    _arm64(n)
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-7qv2m", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    ns, name, c = "tts", "kokoro-fastapi-gpu-6c9f8d7b5-w2k4r", "kokoro-fastapi"
    w.pod(ns, name, node=node, containers=(c,), ready=False, image="ghcr.io/remsky/kokoro-fastapi-gpu:v0.2.4",
          runtime_class="nvidia", owner=("ReplicaSet", "kokoro-fastapi-gpu-6c9f8d7b5"),
          statuses=crashing(c, 1, restarts=7))
    w.log(ns, name, c, t, previous=True)
    w.target("Pod", ns, name)


@case("fx002", pod_subj("pytorch-dist-gpu-worker-1", "kubeflow"),
      "GKE GPU node pool with two nodes (n1-standard-8 with one NVIDIA Tesla T4 each, COS, GKE-installed driver and "
      "the GKE nvidia-gpu-device-plugin; node names and version strings assumed for autumn 2019); a Kubeflow "
      "PyTorchJob `pytorch-dist-gpu` (pytorch-operator; names assumed) whose master-0 and worker-0 run on the first "
      "node and whose worker-1 was scheduled to the second node, all three mounting the same PVC `training-data` "
      "(a GCE persistent disk, ReadWriteOnce, already attached to the first node): worker-1 waits in "
      "ContainerCreating; the attach-detach controller's FailedAttachVolume (Multi-Attach) and the kubelet's "
      "FailedMount events are the standard wordings, illustrative (the thread quotes neither). The text is prose "
      "and not placed in the bundle.")
def _(w, t):
    labels = {"cloud.google.com/gke-accelerator": "nvidia-tesla-t4", "cloud.google.com/gke-nodepool": "gpu-pool",
              "node.kubernetes.io/instance-type": "n1-standard-8"}
    info = _info("Container-Optimized OS from Google", "4.14.138+", "docker://19.3.1", "v1.13.10-gke.0")
    a, b = "gke-kf-gpu-pool-5e1f2a3b-8k2m", "gke-kf-gpu-pool-5e1f2a3b-q7wd"
    pods = []
    for node, suffix in ((a, "m4x8z"), (b, "t2r6k")):
        host_node(w, node, labels=labels, info=info)
        w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        pods.append(plugin_pod(w, node, f"nvidia-gpu-device-plugin-{suffix}", ds="nvidia-gpu-device-plugin",
                               image="k8s.gcr.io/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"))
    plugin_ds(w, KS, pods, ds="nvidia-gpu-device-plugin")
    ns, job, c = "kubeflow", "pytorch-dist-gpu", "pytorch"
    vol = [{"name": "training-data", "persistentVolumeClaim": {"claimName": "training-data"}}]
    mnt = [{"name": "training-data", "mountPath": "/data"}]
    for name, node in ((f"{job}-master-0", a), (f"{job}-worker-0", a)):
        w.pod(ns, name, node=node, containers=(c,), image="gcr.io/kubeflow-ci/pytorch-dist-mnist-test:v1.0",
              owner=("PyTorchJob", job), tolerations=TOLERATE_GPU, volumes=vol, mounts=mnt,
              labels={"pytorch-job-name": job, "pytorch-replica-type": name.rsplit("-", 2)[1]})
    name = f"{job}-worker-1"
    w.pod(ns, name, node=b, containers=(c,), phase="Pending", ready=False,
          image="gcr.io/kubeflow-ci/pytorch-dist-mnist-test:v1.0", owner=("PyTorchJob", job),
          tolerations=TOLERATE_GPU, volumes=vol, mounts=mnt,
          labels={"pytorch-job-name": job, "pytorch-replica-type": "worker"}, statuses=waiting(c, "ContainerCreating"))
    w.event(ns, "Pod", name, "FailedAttachVolume", 'Multi-Attach error for volume "pvc-3f1c9a52-e8d4-11e9-a1b2-42010a800017" '
            "Volume is already used by pod(s) pytorch-dist-gpu-master-0, pytorch-dist-gpu-worker-0",
            component="attachdetach-controller", count=1)
    w.event(ns, "Pod", name, "FailedMount", "Unable to mount volumes for pod \"pytorch-dist-gpu-worker-1_kubeflow"
            "(7d2e4c1a-e8d5-11e9-a1b2-42010a800017)\": timeout expired waiting for volumes to attach or mount for pod "
            "\"kubeflow\"/\"pytorch-dist-gpu-worker-1\". list of unmounted volumes=[training-data]. list of unattached "
            "volumes=[training-data default-token-x8v2p]", count=14, host=b)
    w.target("Pod", ns, name)


@case("fx003", pod_subj("demo-pod-1", "default"),
      "Vanilla Kubernetes 1.31 with two GH200 nodes (arm64, one GH200 480GB each, BlueField-3; GPU Operator and "
      "NVIDIA Network Operator, RDMA shared device plugin advertising rdma/rdma_shared_device_a; node names, "
      "kernel and operator versions assumed) and Istio sidecar injection enabled in the namespace: demo-pod-1 and "
      "demo-pod-2 (nvcr.io/nvidia/pytorch:24.08-py3, one GPU each, istio-init init container and istio-proxy "
      "sidecar) are Running and Ready; the mpirun of nccl-tests between them ran through `kubectl exec`, so its "
      "output is in no container log. The text is prose and not placed in the bundle.")
def _(w, t):
    pods = []
    for i, node in enumerate(("gh200-node-1", "gh200-node-2"), start=1):
        n = w.gpu_node(node, gpus=1, product="NVIDIA-GH200-480GB", memory_mib=97871)
        _arm64(n)
        n["status"]["nodeInfo"].update(_info("Ubuntu 22.04.4 LTS", "6.5.0-1019-nvidia-64k", "containerd://1.7.20",
                                             "v1.31.0", "arm64"))
        for k in ("capacity", "allocatable"):
            n["status"][k]["rdma/rdma_shared_device_a"] = "63"
        name = f"demo-pod-{i}"
        p = w.pod("default", name, node=node, containers=("nccl", "istio-proxy"), init_containers=("istio-init",),
                  image="nvcr.io/nvidia/pytorch:24.08-py3", labels={"app": "nccl-demo", "security.istio.io/tlsMode": "istio"},
                  tolerations=TOLERATE_GPU, extra_spec={"hostname": name})
        res = p["spec"]["containers"][0]["resources"]
        res["limits"]["rdma/rdma_shared_device_a"] = "1"
        res["requests"]["rdma/rdma_shared_device_a"] = "1"
        p["metadata"]["annotations"] = {"sidecar.istio.io/status": '{"initContainers":["istio-init"],'
                                        '"containers":["istio-proxy"],"volumes":["istio-envoy","istio-data",'
                                        '"istio-podinfo","istio-token","istiod-ca-cert"]}'}
        for spec in p["spec"]["containers"][1:] + p["spec"]["initContainers"]:
            spec["image"] = "docker.io/istio/proxyv2:1.23.0"
            spec["resources"] = {"requests": {"cpu": "100m", "memory": "128Mi"}, "limits": {"cpu": "2", "memory": "1Gi"}}
        for s in p["status"]["containerStatuses"][1:] + p["status"].get("initContainerStatuses", []):
            s["image"] = "docker.io/istio/proxyv2:1.23.0"
        pods.append(p)
    w.target("Pod", "default", "demo-pod-1")


@case("fx004", pod_subj("vllm-distributed-worker-0", "llm"),
      "Two Talos GPU nodes (cn75, cn76; eight GPUs and four mlx5 InfiniBand HCAs each; Talos/kernel/extension "
      "versions and the GPU model assumed) with the NVIDIA GPU extensions and device plugin but without the "
      "nvidia-gdrdrv-device module loaded; the vLLM distributed-inference StatefulSet (two pods, eight GPUs each; "
      "names and image assumed) mounts /dev/shm as an in-memory emptyDir and /dev/infiniband as a hostPath, not "
      "/dev/gdrdrv; both pods are Running but the workload does not come up (no log line is quoted in the stored "
      "excerpt, none is added). The text is prose and not placed in the bundle.")
def _(w, t):
    pods = []
    for i, node in enumerate(("cn75", "cn76")):
        host_node(w, node, gpus=8, labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3"},
                  info=_info("Talos (v1.10.2)", "6.12.28-talos", "containerd://2.0.5", "v1.33.1"))
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-{'x7k2p' if i == 0 else 'r4m9d'}",
                               runtime_class="nvidia"))
        name = f"vllm-distributed-worker-{i}"
        w.pod("llm", name, node=node, gpu=8, containers=("vllm",), image="vllm/vllm-openai:v0.19.1",
              runtime_class="nvidia", owner=("StatefulSet", "vllm-distributed-worker"), tolerations=TOLERATE_GPU,
              extra_spec={"hostNetwork": True},
              volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory"}},
                       {"name": "model-storage", "persistentVolumeClaim": {"claimName": "llm-models"}},
                       {"name": "infiniband", "hostPath": {"path": "/dev/infiniband", "type": "Directory"}}],
              mounts=[{"mountPath": "/dev/shm", "name": "dshm"},
                      {"name": "model-storage", "mountPath": "/mnt/llm-models"},
                      {"name": "infiniband", "mountPath": "/dev/infiniband"}],
              memory="256Gi", cpu="32")
    plugin_ds(w, KS, pods)
    w.target("Pod", "llm", "vllm-distributed-worker-0")


@case("fx005", pod_subj("triton-0", "seldon-mesh"),
      "Kubernetes GPU node with one NVIDIA T4 (host driver and toolkit, NVIDIA device plugin DaemonSet; node and "
      "version strings assumed) running Seldon Core v2 (2.5) in seldon-mesh: the `triton` Server StatefulSet pod "
      "(containers rclone, agent and triton, image nvcr.io/nvidia/tritonserver:23.02-py3 as in the text's banner; "
      "pod name from the Server's StatefulSet, assumed) is scheduled on the GPU node but none of its containers "
      "requests nvidia.com/gpu; it is Running and its triton container's current log holds the text.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, labels={"nvidia.com/gpu.product": "Tesla-T4"},
              info=_info("Ubuntu 22.04.2 LTS", "5.15.0-73-generic", "containerd://1.6.21", "v1.26.5"))
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-k9z3w")
    plugin_ds(w, KS, [p])
    ns, name = "seldon-mesh", "triton-0"
    pod = w.pod(ns, name, node=node, gpu=0, containers=("rclone", "agent", "triton"),
                image="docker.io/seldonio/seldon-rclone:2.5.0", owner=("StatefulSet", "triton"),
                labels={"seldon-server-name": "triton"}, cpu="1", memory="1Gi")
    images = {"agent": "docker.io/seldonio/seldon-agent:2.5.0", "triton": "nvcr.io/nvidia/tritonserver:23.02-py3"}
    for spec in pod["spec"]["containers"]:
        if spec["name"] in images:
            spec["image"] = images[spec["name"]]
    for s in pod["status"]["containerStatuses"]:
        if s["name"] in images:
            s["image"] = images[s["name"]]
    w.log(ns, name, "triton", t)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
