"""First-contact batch F2 (fixtures/first-contact/batch-f2/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the application layer (training jobs, model servers, workflow tasks) from
public threads that no rule was written for, sampled with the fixed query list in the batch README (prose cases
admitted): a training PyTorchJob and a vLLM server that crash on an unwritable cache directory under
OpenShift's arbitrary UID, inference pods of an edge deployment crash-looping on a model-sync race, a Flyte GPU
task whose pod the API server refuses (resource name `gpu`), a PyTorchJob's GPU workers whose operator-injected
init image cannot be pulled, a KAITO vLLM pod whose memory fraction exceeds the free VRAM, an nccl-tests MPIJob
whose 8GB memory limit shows up as an EFA error, and a Helm value that leaves a GPU pod without its runtime class.
Each builder places the case's text verbatim where a collector would have found it (the prose texts of ff203 and
ff208 are not placed) and builds the cluster state the thread describes.
The expected answer was reasoned from the thread (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the thread does not state (node and pod names, kernels, kubelet versions) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f2      # (re)writes fixtures/first-contact/batch-f2/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d import TOLERATE_GPU, eks_labels
from tests.classify.first_contact_f import waiting
from tests.classify.first_contact_h import rhcos
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-f2", "F2")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"ff203", "ff208"}


def _openshift_gpu_worker(w, name: str, *, gpus: int = 1, product: str = "NVIDIA-A100-SXM4-40GB",
                          memory_mib: int = 40960, release: str = "418.94.202506121335-0",
                          kernel: str = "5.14.0-427.72.1.el9_4.x86_64", crio: str = "cri-o://1.31.9-2.rhaos4.18.git",
                          kubelet: str = "v1.31.9") -> dict:
    n = w.gpu_node(name, gpus=gpus, product=product, memory_mib=memory_mib)
    rhcos(n, release, kernel, crio, kubelet)
    return n


# ---- application layer -----------------------------------------------------------------------

@case("ff201", pod_subj("train-phase-1-worker-0", "ilab"),
      "OpenShift 4.16 GPU worker (RHCOS/CRI-O strings, GPU model and count assumed) with the GPU Operator stack "
      "healthy and nvidia.com/gpu advertised; the InstructLab pipeline's training PyTorchJob `train-phase-1` in "
      "namespace `ilab` (names, image and one GPU per replica assumed): the master pod runs, the worker pod (rank 1) "
      "crash-loops (restartPolicy OnFailure) with the text as its previous log; no HOME/XDG_CACHE_HOME is set, so "
      "the arbitrary UID's home is `/`.")
def _(w, t):
    node = "worker-gpu-0"
    _openshift_gpu_worker(w, node, gpus=2, release="416.94.202409040013-0", kernel="5.14.0-427.35.1.el9_4.x86_64",
                          crio="cri-o://1.29.8-5.rhaos4.16.git", kubelet="v1.29.8+f10c92d")
    ns, image = "ilab", "registry.redhat.io/rhelai1/instructlab-nvidia-rhel9:1.1"
    owner = ("PyTorchJob", "train-phase-1")
    w.pod(ns, "train-phase-1-master-0", node=node, containers=("pytorch",), image=image, owner=owner,
          labels={"training.kubeflow.org/job-name": "train-phase-1", "training.kubeflow.org/replica-type": "master"},
          tolerations=TOLERATE_GPU, extra_spec={"restartPolicy": "OnFailure"})
    name = "train-phase-1-worker-0"
    w.pod(ns, name, node=node, containers=("pytorch",), image=image, owner=owner, ready=False,
          labels={"training.kubeflow.org/job-name": "train-phase-1", "training.kubeflow.org/replica-type": "worker"},
          tolerations=TOLERATE_GPU, extra_spec={"restartPolicy": "OnFailure"},
          statuses=crashing("pytorch", 1, restarts=4))
    w.log(ns, name, "pytorch", t, previous=True)
    w.target("Pod", ns, name)


@case("ff202", pod_subj("inference-benchmarker-5dcf598989-k2bhw", "blue"),
      "OpenShift 4.18 GPU worker (RHCOS/CRI-O strings, GPU model assumed) with the GPU Operator stack healthy and "
      "nvidia.com/gpu advertised; the Helm-deployed pod inference-benchmarker-5dcf598989-k2bhw in namespace blue "
      "(name from the thread; container name, image tag vllm/vllm-openai:v0.9.1 and one GPU assumed; no HOME "
      "override and no writable volume, as before the fix) is in CrashLoopBackOff with the text as its previous log "
      "(cut where the stored thread cuts it).")
def _(w, t):
    node = "worker-gpu-0"
    _openshift_gpu_worker(w, node, product="NVIDIA-L40S", memory_mib=46068)
    ns, name = "blue", "inference-benchmarker-5dcf598989-k2bhw"
    w.pod(ns, name, node=node, containers=("vllm",), image="vllm/vllm-openai:v0.9.1", ready=False,
          owner=("ReplicaSet", "inference-benchmarker-5dcf598989"), tolerations=TOLERATE_GPU,
          env=[{"name": "HF_TOKEN", "valueFrom": {"secretKeyRef": {"name": "inference-benchmarker-hf-token",
                                                                    "key": "HF_TOKEN"}}}],
          statuses=crashing("vllm", 1, restarts=6))
    w.log(ns, name, "vllm", t, previous=True)
    w.target("Pod", ns, name)


@case("ff203", pod_subj("inference-model-det-a-6b7c9d8f5-q2w4e", "edge"),
      "Single-node k3s on an AWS g4dn.xlarge (one T4; host driver, NVIDIA device plugin DaemonSet; k3s, kernel and "
      "containerd strings assumed) running Groundlight edge-endpoint in namespace `edge` (names assumed): the "
      "`warmup-inference-model` Job's pod is still running its download, and two inference Deployment pods (two "
      "detectors) share the hostPath volume /opt/groundlight/edge/pinamod; their `sync-pinamod` init container "
      "(`aws s3 sync --delete`) is in Init:CrashLoopBackOff (no log quoted in the thread, none placed). The pods "
      "request no nvidia.com/gpu and lack INFERENCE_FLAVOR (the K3s template's gap; GPU use otherwise assumed "
      "absent). The case's text is prose and is not placed in the bundle.")
def _(w, t):
    node = "ip-172-31-20-14"
    host_node(w, node, labels={"node.kubernetes.io/instance-type": "g4dn.xlarge",
                               "node-role.kubernetes.io/control-plane": "true"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-1024-aws",
                    "containerRuntimeVersion": "containerd://2.0.4-k3s2", "kubeletVersion": "v1.32.5+k3s1",
                    "kubeProxyVersion": "v1.32.5+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-k8v2m", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    ns = "edge"
    vol = [{"name": "pinamod", "hostPath": {"path": "/opt/groundlight/edge/pinamod", "type": "DirectoryOrCreate"}}]
    mnt = [{"name": "pinamod", "mountPath": "/opt/groundlight/edge/pinamod"}]
    w.pod(ns, "warmup-inference-model-7xk2p", node=node, gpu=0, containers=("warmup",),
          image="public.ecr.aws/groundlight/edge-endpoint:latest", owner=("Job", "warmup-inference-model"),
          volumes=vol, mounts=mnt, extra_spec={"restartPolicy": "Never"})
    for det, name in (("det-a", "inference-model-det-a-6b7c9d8f5-q2w4e"),
                      ("det-b", "inference-model-det-b-5f6d8c7b9-m3n8r")):
        pod = w.pod(ns, name, node=node, gpu=0, containers=("inference-model",), init_containers=("sync-pinamod",),
                    phase="Pending", ready=False, image="public.ecr.aws/groundlight/gl-edge-inference:latest",
                    owner=("ReplicaSet", name.rsplit("-", 1)[0]), volumes=vol, mounts=mnt,
                    init_statuses={"sync-pinamod": {
                        "state": {"waiting": {"reason": "CrashLoopBackOff",
                                              "message": "back-off 5m0s restarting failed container=sync-pinamod"}},
                        "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                     "finishedAt": T1}},
                        "ready": False, "restartCount": 7}},
                    statuses=waiting("inference-model", "PodInitializing"),
                    probes={"startupProbe": {"httpGet": {"path": "/health/ready", "port": 8000},
                                             "periodSeconds": 10, "failureThreshold": 120}})
        set_image(pod, "sync-pinamod", "public.ecr.aws/aws-cli/aws-cli:2.22.35")
        pod["spec"]["initContainers"][0]["command"] = ["sh", "-c", f"aws s3 sync --delete s3://pinamod-models/{det} "
                                                       "/opt/groundlight/edge/pinamod"]
        pod["spec"]["initContainers"][0]["volumeMounts"] = mnt
        w.event(ns, "Pod", name, "BackOff", f"Back-off restarting failed container sync-pinamod in pod {name}_{ns}"
                f"({pod['metadata']['uid']})", count=7, host=node, field_path="spec.initContainers{sync-pinamod}")
    w.target("Pod", ns, "inference-model-det-a-6b7c9d8f5-q2w4e")


@case("ff204", pod_subj("flytepropeller-7d5c8b9f6-x4k2m", "flyte"),
      "Kubernetes with one GPU node (host driver, NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1; "
      "version strings assumed for early 2020) and Flyte in namespace `flyte` (flytepropeller pod name and image tag "
      "assumed): flytepropeller is Running and its log holds the text; the task namespace yolotrain-development has "
      "no pod (the API server refused every create), so no task pod, no scheduler event.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 18.04.4 LTS", "kernelVersion": "4.15.0-76-generic",
                             "containerRuntimeVersion": "docker://19.3.5", "kubeletVersion": "v1.16.6",
                             "kubeProxyVersion": "v1.16.6"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-r7t4q", image="nvidia/k8s-device-plugin:1.0.0-beta4")
    plugin_ds(w, KS, [p])
    cpu = w.node("cpu-node-1", cpu="16", memory="65843668Ki")
    node_info(cpu, osImage="Ubuntu 18.04.4 LTS", kernelVersion="4.15.0-76-generic",
              containerRuntimeVersion="docker://19.3.5", kubeletVersion="v1.16.6", kubeProxyVersion="v1.16.6")
    ns, name = "flyte", "flytepropeller-7d5c8b9f6-x4k2m"
    w.pod(ns, name, node="cpu-node-1", gpu=0, containers=("flytepropeller",), image="lyft/flytepropeller:v0.2.13",
          owner=("ReplicaSet", "flytepropeller-7d5c8b9f6"), cpu="1", memory="1Gi")
    w.log(ns, name, "flytepropeller", t)
    w.target("Pod", ns, name)


@case("ff205", pod_subj("pytorch-dist-mnist-nccl-worker-0", "default"),
      "EKS GPU node (g4dn.xlarge, Amazon Linux 2 GPU AMI, host driver; instance type, version strings assumed) with "
      "the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 1 per node, two such nodes; pytorch-operator "
      "Running in namespace pytorch-operator; PyTorchJob pytorch-dist-mnist-nccl in namespace default (spec from "
      "the thread): master-0 Running on one node, worker-0 on the other waits in its operator-injected init "
      "container init-pytorch (image alpine:3.10) with ImagePullBackOff; the kubelet `Failed` event (x6) is the "
      "text, with the standard BackOff event.")
def _(w, t):
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.232-177.418.amzn2.x86_64",
            "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.6-eks-49a6c0",
            "kubeProxyVersion": "v1.19.6-eks-49a6c0"}
    nodes = ["ip-10-0-41-17.us-west-2.compute.internal", "ip-10-0-52-88.us-west-2.compute.internal"]
    pods = []
    for i, node in enumerate(nodes):
        labels = eks_labels("g4dn.xlarge", "gpu")
        labels["topology.kubernetes.io/region"] = "us-west-2"
        host_node(w, node, labels=labels, info=info)
        pods.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'ab'[i]}9x4t",
                               image="nvcr.io/nvidia/k8s-device-plugin:v0.9.0"))
    plugin_ds(w, KS, pods)
    cpu = w.node("ip-10-0-33-5.us-west-2.compute.internal", cpu="8", memory="32408188Ki",
                 labels={"node.kubernetes.io/instance-type": "m5.2xlarge"})
    node_info(cpu, **info)
    w.pod("pytorch-operator", "pytorch-operator-6746dbbc89-sv2qw", node="ip-10-0-33-5.us-west-2.compute.internal",
          gpu=0, containers=("pytorch-operator",), image="gcr.io/kubeflow-images-public/pytorch-operator:vmaster-g518f9c76",
          owner=("ReplicaSet", "pytorch-operator-6746dbbc89"), cpu="100m", memory="256Mi")
    ns, image, owner = "default", "gcr.io/kubeflow-images-public/pytorch-dist-mnist-test:latest", \
        ("PyTorchJob", "pytorch-dist-mnist-nccl")
    env = [{"name": "NCCL_DEBUG", "value": "INFO"}, {"name": "NCCL_SOCKET_IFNAME", "value": "eth0"}]
    master = w.pod(ns, "pytorch-dist-mnist-nccl-master-0", node=nodes[0], containers=("pytorch",), image=image,
                   owner=owner, env=env,
                   labels={"pytorch-job-name": "pytorch-dist-mnist-nccl", "pytorch-replica-type": "master"},
                   extra_spec={"restartPolicy": "OnFailure"})
    master["spec"]["containers"][0]["args"] = ["--backend", "nccl"]
    name = "pytorch-dist-mnist-nccl-worker-0"
    worker = w.pod(ns, name, node=nodes[1], containers=("pytorch",), init_containers=("init-pytorch",),
                   phase="Pending", ready=False, image=image, owner=owner, env=env,
                   labels={"pytorch-job-name": "pytorch-dist-mnist-nccl", "pytorch-replica-type": "worker"},
                   extra_spec={"restartPolicy": "OnFailure"},
                   init_statuses={"init-pytorch": {"state": {"waiting": {
                       "reason": "ImagePullBackOff", "message": "Back-off pulling image \"alpine:3.10\""}},
                       "ready": False, "restartCount": 0}},
                   statuses=waiting("pytorch", "PodInitializing"))
    worker["spec"]["containers"][0]["args"] = ["--backend", "nccl"]
    set_image(worker, "init-pytorch", "alpine:3.10")
    worker["spec"]["initContainers"][0]["command"] = [
        "sh", "-c", "until nslookup pytorch-dist-mnist-nccl-master-0; do echo waiting for master; sleep 2; done;"]
    w.event(ns, "Pod", name, "Failed", t, count=6, host=nodes[1], field_path="spec.initContainers{init-pytorch}")
    w.event(ns, "Pod", name, "BackOff", "Back-off pulling image \"alpine:3.10\"", type="Normal", count=24,
            host=nodes[1], field_path="spec.initContainers{init-pytorch}")
    w.target("Pod", ns, name)


@case("ff206", pod_subj("workspace-phi-4-mini-0", "default"),
      "AKS node with one NVIDIA A10 (Standard_NV36ads_A10_v5, AKS GPU node image with the managed driver and the "
      "NVIDIA device plugin DaemonSet; node name, image and version strings assumed) and the KAITO workspace "
      "controller; the workspace's inference pod (StatefulSet workspace-phi-4-mini, one GPU, vLLM >= 0.9.1 started by "
      "KAITO with --gpu-memory-utilization 0.95; model, names and image assumed) crash-loops with the text as its "
      "previous log.")
def _(w, t):
    node = "aks-gpua10-31415926-vmss000000"
    host_node(w, node, labels={"kubernetes.azure.com/agentpool": "gpua10", "kubernetes.azure.com/accelerator": "nvidia",
                               "node.kubernetes.io/instance-type": "Standard_NV36ads_A10_v5",
                               "apps": "phi-4-mini"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-1089-azure",
                    "containerRuntimeVersion": "containerd://1.7.27-1", "kubeletVersion": "v1.32.6",
                    "kubeProxyVersion": "v1.32.6"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-w4k7x")
    plugin_ds(w, KS, [p])
    ns, name = "default", "workspace-phi-4-mini-0"
    pod = w.pod(ns, name, node=node, containers=("workspace-phi-4-mini",),
                image="mcr.microsoft.com/aks/kaito/kaito-base:0.0.8", owner=("StatefulSet", "workspace-phi-4-mini"),
                ready=False, tolerations=TOLERATE_GPU, statuses=crashing("workspace-phi-4-mini", 1, restarts=5))
    pod["spec"]["containers"][0]["command"] = [
        "/bin/sh", "-c", "python3 /workspace/vllm/inference_api.py --served-model-name phi-4-mini-instruct "
        "--gpu-memory-utilization 0.95 --kaito-config-file /mnt/config/inference_config.yaml"]
    w.log(ns, name, "workspace-phi-4-mini", t, previous=True)
    w.target("Pod", ns, name)


@case("ff207", pod_subj("test-nccl-launcher-7xq2k", "default"),
      "EKS with two EFA-enabled GPU nodes (p4d.24xlarge, 8 A100 each; instance type, AMI and version strings "
      "assumed; the host ids in the text are the thread's) with the NVIDIA and EFA device plugins; the nccl-tests "
      "MPIJob `test-nccl` from the repository's manifest: workers test-nccl-worker-0/1 request 8 GPUs, 4 "
      "vpc.amazonaws.com/efa and a memory limit of 8Gi; worker-1's container was OOMKilled (exit 137; modelled from "
      "the thread's 'OOM issue') and restarted, worker-0 runs, and the launcher pod (mpirun) failed with the text "
      "as its log.")
def _(w, t):
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.215-203.850.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.7.11", "kubeletVersion": "v1.29.3-eks-ae9a62a",
            "kubeProxyVersion": "v1.29.3-eks-ae9a62a"}
    nodes = ["ip-192-168-75-122.us-west-2.compute.internal", "ip-192-168-92-47.us-west-2.compute.internal"]
    plugins = []
    for i, node in enumerate(nodes):
        labels = eks_labels("p4d.24xlarge", "p4d")
        labels.update({"topology.kubernetes.io/region": "us-west-2", "vpc.amazonaws.com/efa.present": "true"})
        n = host_node(w, node, gpus=8, labels=labels, info=info)
        n["status"]["capacity"]["vpc.amazonaws.com/efa"] = "4"
        n["status"]["allocatable"]["vpc.amazonaws.com/efa"] = "4"
        plugins.append(plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{'pq'[i]}7m2c"))
    plugin_ds(w, KS, plugins)
    ns, image, owner = "default", "public.ecr.aws/hpc-cloud/nccl-tests:latest", ("MPIJob", "test-nccl")
    res = {"requests": {"nvidia.com/gpu": "8", "vpc.amazonaws.com/efa": "4", "memory": "8Gi", "cpu": "90"},
           "limits": {"nvidia.com/gpu": "8", "vpc.amazonaws.com/efa": "4", "memory": "8Gi"}}
    for i, node in enumerate(nodes):
        name = f"test-nccl-worker-{i}"
        st = None
        if i == 1:
            st = {"mpi-worker": {"state": {"running": {"startedAt": T1}}, "ready": True, "restartCount": 1,
                                 "lastState": {"terminated": {"exitCode": 137, "reason": "OOMKilled",
                                                              "startedAt": T0, "finishedAt": T1}}}}
        pod = w.pod(ns, name, node=node, containers=("mpi-worker",), image=image, owner=owner, statuses=st,
                    labels={"training.kubeflow.org/job-name": "test-nccl", "training.kubeflow.org/job-role": "worker"},
                    tolerations=TOLERATE_GPU)
        pod["spec"]["containers"][0]["resources"] = res
    launcher = "test-nccl-launcher-7xq2k"
    w.pod(ns, launcher, node=nodes[0], gpu=0, containers=("mpi-launcher",), image=image, owner=("Job", "test-nccl-launcher"),
          phase="Failed", ready=False, cpu="1", memory="1Gi",
          statuses={"mpi-launcher": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                              "finishedAt": T1}},
                                     "ready": False, "restartCount": 0}},
          extra_spec={"restartPolicy": "Never"})
    w.log(ns, launcher, "mpi-launcher", t)
    w.event(ns, "Pod", "test-nccl-worker-1", "BackOff", "Back-off restarting failed container mpi-worker in pod "
            "test-nccl-worker-1_default", type="Warning", count=1, host=nodes[1])
    w.target("Pod", ns, launcher)


@case("ff208", pod_subj("immich-machine-learning-6f8d9c7b5-h4k2p", "applications"),
      "Kubernetes GPU node with one GPU (host driver and NVIDIA container toolkit, containerd default runtime not "
      "`nvidia`; the NVIDIA device plugin DaemonSet runs with runtimeClassName nvidia and advertises nvidia.com/gpu "
      "1; node name, GPU model and version strings assumed); the immich machine-learning Deployment in namespace "
      "applications (CUDA image, TRANSFORMERS_CACHE=/cache, nvidia.com/gpu 1, the GPU toleration, as in the thread; "
      "image tag and pod name assumed) is Running and Ready without runtimeClassName. The case's text is prose and "
      "is not placed in the bundle; no container log is placed (the thread quotes none).")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
                             "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.33.1",
                             "kubeProxyVersion": "v1.33.1"})
    w.get_node(node)["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-t2v9k", runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    ns, name = "applications", "immich-machine-learning-6f8d9c7b5-h4k2p"
    w.pod(ns, name, node=node, containers=("main",), image="ghcr.io/immich-app/immich-machine-learning:v2.0.1-cuda",
          owner=("ReplicaSet", "immich-machine-learning-6f8d9c7b5"),
          env=[{"name": "TRANSFORMERS_CACHE", "value": "/cache"}],
          tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}])
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
