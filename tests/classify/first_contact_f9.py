"""Builds first-contact batch F9 (fixtures/first-contact/batch-f9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (application layer) from public sources that no rule was written for, sampled with
the fixed query list in the batch README (this round's pool: all four corpora of the `search` tool at once:
`issues`, `pages`, `docs`, `code`). Each builder places the case's text verbatim where a collector would have found
it (or, for a prose case, builds only the cluster state the source describes) and builds the cluster state the
source describes. The expected answer was reasoned from the source (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f9      # (re)writes fixtures/first-contact/batch-f9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import (FCWorld, daemonset, deploy_pod, ds_pod, eks_labels, eks_plugin)
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f9", "F9", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def _ubuntu(kubelet: str, containerd: str = "containerd://1.6.12", kernel: str = "5.15.0-56-generic",
            os_image: str = "Ubuntu 22.04.1 LTS") -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


# ---- ff901: PyTorch DataLoader bus error, /dev/shm too small (prose) ---------------------------------

@case("ff901", pod_subj("maskrcnn-coco-train-7kq2d", "alnair"),
      "Kubernetes v1.23.5 on containerd 1.6.2 (kubeadm-style; the issue names no distribution, versions assumed for "
      "January 2022) with one GPU node gpu-worker-1 (one 12 GB GPU, assumed a Tesla P100-PCIE-12GB, host driver "
      "470.82.01 and NVIDIA container toolkit, static NVIDIA device plugin DaemonSet in kube-system Running) "
      "advertising nvidia.com/gpu 1 and a control-plane node; in namespace alnair (assumed) the Job "
      "maskrcnn-coco-train (Mask R-CNN on COCO with the default model configuration, one GPU, DataLoader workers, "
      "no volume at /dev/shm so the container runtime's default 64 MB shm applies) with its pod "
      "maskrcnn-coco-train-7kq2d Failed, the container terminated with exit code 1 (reason Error); the issue "
      "quotes no log line, so the bundle holds no log text for the pod (prose case: the case's text is NOT in the "
      "bundle).")
def _(w, t):
    w.git_version = "v1.23.5"
    info = _ubuntu("v1.23.5", "containerd://1.6.2", "5.4.0-94-generic", "Ubuntu 20.04.3 LTS")
    gpu = "gpu-worker-1"
    host_node(w, gpu, gpus=1, info=info)
    sized(w.get_node(gpu), "16", "65842208Ki")
    cp = w.node("k8s-master", cpu="8", memory="16393320Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(cp, **info)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.10.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-x8m2p", gpu,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION)
    ns, pod, ctr = "alnair", "maskrcnn-coco-train-7kq2d", "trainer"
    st = {ctr: {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}},
                "ready": False, "restartCount": 0}}
    p = w.pod(ns, pod, node=gpu, gpu=1, phase="Failed", containers=(ctr,),
              image="pytorch/pytorch:1.10.0-cuda11.3-cudnn8-runtime", owner=("Job", "maskrcnn-coco-train"),
              labels={"job-name": "maskrcnn-coco-train"}, statuses=st, ready=False, cpu="8", memory="32Gi",
              volumes=[{"name": "coco", "persistentVolumeClaim": {"claimName": "coco-dataset"}}],
              mounts=[{"name": "coco", "mountPath": "/data/coco"}])
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["python", "tools/train_net.py", "--config-file",
                                             "configs/e2e_mask_rcnn_R_50_FPN_1x.yaml"]
    job = w.workload("Job", ns, "maskrcnn-coco-train", template_pod=p,
                     status={"failed": 1, "startTime": T0,
                             "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                             "message": "Job has reached the specified backoff limit",
                                             "lastTransitionTime": T1}]})
    job["spec"].pop("replicas", None)
    job["spec"]["backoffLimit"] = 0
    job["spec"]["selector"] = {"matchLabels": {"job-name": "maskrcnn-coco-train"}}
    job["spec"]["template"]["metadata"]["labels"] = {"job-name": "maskrcnn-coco-train"}
    w.event(ns, "Job", "maskrcnn-coco-train", "BackoffLimitExceeded", "Job has reached the specified backoff limit",
            component="job-controller")
    w.target("Pod", ns, pod)


# ---- ff902: HAMi vGPU pod, nvidia-smi shows no processes (healthy look-alike) ----------------------------

_HAMI_SMI = """\
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 545.29.06              Driver Version: 545.29.06    CUDA Version: 12.3     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |
|                                         |                      |               MIG M. |
|=========================================+======================+======================|
|   0  Tesla V100-PCIE-16GB           Off | 00000000:00:06.0 Off |                    0 |
| N/A   31C    P0              37W / 250W |   2716MiB /  3000MiB |      0%      Default |
|                                         |                      |                  N/A |
+-----------------------------------------+----------------------+----------------------+
                                                                                         \x20
+---------------------------------------------------------------------------------------+
| Processes:                                                                            |
|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |
"""
# the paste ends at the header above; the header's second line and the empty table are the driver's
# standard layout for a container that cannot see the GPU processes (assumed, no error line)
_HAMI_SMI_TAIL = """\
|        ID   ID                                                             Usage      |
|=======================================================================================|
+---------------------------------------------------------------------------------------+
"""

_HAMI_PLUGIN_LOG = (
    "I0329 02:11:40.120311       1 main.go:163] Starting FS watcher.\n"
    "I0329 02:11:40.120402       1 main.go:170] Starting OS watcher.\n"
    "I0329 02:11:40.120733       1 main.go:185] Starting Plugins.\n"
    "I0329 02:11:40.120751       1 main.go:243] Loading configuration.\n"
    "I0329 02:11:40.302115       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
    "I0329 02:11:40.302876       1 server.go:117] Starting to serve 'nvidia.com/gpu' on "
    "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
    "I0329 02:11:40.305221       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")


@case("ff902", pod_subj("vgpu-workload-6b8d9f7c4-m5k8r", "default"),
      "Kubernetes v1.27.6 on containerd 1.7.2 (the issue names no distribution; versions, node and pod names "
      "assumed) with one GPU node gpu-v100-01 (one Tesla V100-PCIE-16GB, host driver 545.29.06 with CUDA 12.3 as the "
      "issue's nvidia-smi shows, NVIDIA container toolkit with nvidia as containerd's default runtime) that the HAMi "
      "device plugin splits into 10 nvidia.com/gpu (HAMi's default split count); HAMi v2.3 in kube-system (assumed): "
      "hami-scheduler Deployment 1/1 Running, hami-device-plugin DaemonSet 1 desired / 1 ready with a healthy "
      "registration log; the workload Deployment vgpu-workload in default (its image and log assumed: the issue shows neither; no log text) with one pod Running and Ready asking "
      "nvidia.com/gpu 1 and nvidia.com/gpumem 3000; nvidia-smi in its container (exec) prints the issue's table "
      "verbatim (2716MiB / 3000MiB, GPU-Util 0%, the Processes header) followed by the empty process table "
      "(assumed: the paste is cut after the header). The reporter's sentence (the case's text) is prose and is NOT "
      "in the bundle.")
def _(w, t):
    w.git_version = "v1.27.6"
    node = "gpu-v100-01"
    host_node(w, node, gpus=10, labels={"gpu": "on"},
              info=_ubuntu("v1.27.6", "containerd://1.7.2", "5.15.0-91-generic", "Ubuntu 22.04.3 LTS"))
    sized(w.get_node(node), "32", "131891412Ki")
    cp = w.node("k8s-master-01", cpu="8", memory="16380760Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_ubuntu("v1.27.6", "containerd://1.7.2", "5.15.0-91-generic", "Ubuntu 22.04.3 LTS"))
    img = "projecthami/hami:v2.3.12"
    deploy_pod(w, KS, "hami-scheduler-5d7f9c8b6", "hami-scheduler-5d7f9c8b6-q4w7z", "k8s-master-01",
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
               labels={"app.kubernetes.io/component": "hami-scheduler"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    w.workload("Deployment", KS, "hami-scheduler",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    plugin = "hami-device-plugin-9rjzt"
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/component": "hami-device-plugin"})
    ds_pod(w, KS, "hami-device-plugin", plugin, node, containers=("device-plugin", "vgpu-monitor"), image=img,
           labels={"app.kubernetes.io/component": "hami-device-plugin"}, node_selector={"gpu": "on"},
           tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}], cpu="0", memory="0")
    w.log(KS, plugin, "device-plugin", _HAMI_PLUGIN_LOG)
    w.log(KS, plugin, "vgpu-monitor", "I0329 02:11:41.018213       1 metrics.go:201] Start vGPU monitor\n")
    ns, pod, ctr = "default", "vgpu-workload-6b8d9f7c4-m5k8r", "main"
    p = deploy_pod(w, ns, "vgpu-workload-6b8d9f7c4", pod, node, containers=(ctr,), image="pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime",
                   labels={"app": "vgpu-workload"}, cpu="250m", memory="512Mi")
    res = p["spec"]["containers"][0]["resources"]
    for part in ("limits", "requests"):
        res[part].update({"nvidia.com/gpu": "1", "nvidia.com/gpumem": "3000"})
    p["spec"]["schedulerName"] = "hami-scheduler"
    w.workload("Deployment", ns, "vgpu-workload", template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.exec(ns, pod, ctr, ["nvidia-smi"], _HAMI_SMI + _HAMI_SMI_TAIL, "", exit_code=0)
    w.target("Pod", ns, pod)


# ---- ff903: Cortex Python Predictor, second TF process out of GPU memory (docs) ---------------------------

@case("ff903", pod_subj("api-text-classifier-6d5b9c7f8-tq8xn", "default"),
      "EKS cluster created by Cortex v0.22 (Kubernetes v1.17.12-eks, Amazon Linux 2 EKS GPU AMI, docker 19.03.6; "
      "versions assumed for November 2020) with an operator node m5.large and one GPU node ip-192-168-41-17 "
      "(g4dn.xlarge: 4 vCPU, 16 GB, one Tesla T4) advertising nvidia.com/gpu 1; the NVIDIA device plugin DaemonSet "
      "Cortex installs in kube-system 1 desired / 1 ready; the Cortex API text-classifier (Python Predictor "
      "loading a TensorFlow/Keras model, processes_per_replica: 2, compute gpu: 1; names assumed) as the Deployment "
      "api-text-classifier in default with one replica whose api container crash-loops (exit 1, restarts assumed: "
      "the page says only that loading throws) and whose request-monitor sidecar runs; the api container's "
      "previous log holds the error the page names, 'CUDA_ERROR_OUT_OF_MEMORY: out of memory', as one line "
      "(verbatim as quoted; the framework's surrounding words are not quoted and not invented); a BackOff event.")
def _(w, t):
    w.git_version = "v1.17.12-eks-7684af"
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.203-156.332.amzn2.x86_64",
            "containerRuntimeVersion": "docker://19.3.6", "kubeletVersion": "v1.17.12-eks-7684af",
            "kubeProxyVersion": "v1.17.12-eks-7684af"}
    gpu = "ip-192-168-41-17.ec2.internal"
    host_node(w, gpu, gpus=1, labels=eks_labels("g4dn.xlarge", nodegroup="cx-wd-g4dn-xlarge"), info=info)
    sized(w.get_node(gpu), "4", "15854004Ki")
    op = w.node("ip-192-168-12-201.ec2.internal", cpu="2", memory="7935284Ki",
                labels=eks_labels("m5.large", nodegroup="cx-operator"))
    node_info(op, **info)
    eks_plugin(w, [(gpu, "nvidia-device-plugin-daemonset-wq7vf")], image="nvidia/k8s-device-plugin:1.0.0-beta6")
    ns, pod = "default", "api-text-classifier-6d5b9c7f8-tq8xn"
    p = deploy_pod(w, ns, "api-text-classifier-6d5b9c7f8", pod, gpu, containers=("api", "request-monitor"),
                   image="cortexlabs/python-predictor-gpu:0.22.0",
                   labels={"apiName": "text-classifier", "apiKind": "RealtimeAPI"}, cpu="3", memory="12Gi")
    p["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"] = "1"
    p["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = "1"
    p["spec"]["containers"][0]["env"] = [{"name": "CORTEX_PROCESSES_PER_REPLICA", "value": "2"},
                                         {"name": "CORTEX_THREADS_PER_PROCESS", "value": "1"}]
    p["spec"]["containers"][1]["image"] = "cortexlabs/request-monitor:0.22.0"
    p["spec"]["tolerations"].append({"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"})
    crashloop(p, "api", restarts=5, code=1)
    w.workload("Deployment", ns, "api-text-classifier", template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1})
    assert "CUDA_ERROR_OUT_OF_MEMORY: out of memory" in t
    w.log(ns, pod, "api", "CUDA_ERROR_OUT_OF_MEMORY: out of memory\n", previous=True)
    backoff(w, ns, pod, "api", gpu, count=12)
    w.target("Pod", ns, pod)


# ---- ff904: KubeRay head pod without a GPU request sees the host's GPUs (prose) ---------------------------

@case("ff904", pod_subj("rayjob-sample-raycluster-8m4wq-head-7xk2n", "default"),
      "Kubernetes v1.28.5 on containerd 1.7.11 (the issue names no distribution; versions, names, the GPU model "
      "and counts assumed) with one GPU host gpu-node-a1 (four NVIDIA A10G, host driver 535.129.03, NVIDIA "
      "container toolkit with nvidia as containerd's default runtime, static NVIDIA device plugin DaemonSet "
      "Running) advertising nvidia.com/gpu 4 and a CPU node; the KubeRay operator v1.1.0 Deployment Running in "
      "default; the RayJob rayjob-sample (Ray 2.9.3 GPU image) with its RayCluster's head pod on gpu-node-a1 "
      "requesting cpu 4, ephemeral-storage 10Gi and memory 16Gi and no GPU (the issue's resources, verbatim in the "
      "spec) and two GPU workers (nvidia.com/gpu 1 each) on the same host, all Running and Ready, the submitter "
      "Job's pod Running; no error line anywhere (prose case: the case's text is NOT in the bundle).")
def _(w, t):
    w.git_version = "v1.28.5"
    info = _ubuntu("v1.28.5", "containerd://1.7.11", "5.15.0-94-generic", "Ubuntu 22.04.3 LTS")
    gpu = "gpu-node-a1"
    host_node(w, gpu, gpus=4, info=info)
    sized(w.get_node(gpu), "48", "196701388Ki")
    cpu_node = w.node("cpu-node-1", cpu="16", memory="65842208Ki")
    node_info(cpu_node, **info)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.14.5"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-5lq9h", gpu,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION)
    ns = "default"
    deploy_pod(w, ns, "kuberay-operator-7d8b9c6f5", "kuberay-operator-7d8b9c6f5-h2j4k", "cpu-node-1",
               containers=("kuberay-operator",), image="quay.io/kuberay/operator:v1.1.0",
               labels={"app.kubernetes.io/name": "kuberay-operator"}, cpu="100m", memory="512Mi")
    w.workload("Deployment", ns, "kuberay-operator",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    cluster = "rayjob-sample-raycluster-8m4wq"
    ray_img = "rayproject/ray:2.9.3-py310-gpu"
    head = f"{cluster}-head-7xk2n"
    h = w.pod(ns, head, node=gpu, gpu=0, containers=("ray-head",), image=ray_img,
              labels={"ray.io/cluster": cluster, "ray.io/node-type": "head", "ray.io/group": "headgroup"},
              owner=("RayCluster", cluster))
    h["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    h["spec"]["containers"][0]["resources"] = {
        "limits": {"ephemeral-storage": "10Gi", "memory": "16Gi"},
        "requests": {"cpu": "4", "ephemeral-storage": "10Gi", "memory": "16Gi"}}
    h["spec"]["containers"][0]["ports"] = [{"containerPort": 6379, "name": "gcs-server"},
                                           {"containerPort": 8265, "name": "dashboard"},
                                           {"containerPort": 10001, "name": "client"}]
    for i, sfx in enumerate(("x9p4t", "c3v7m")):
        wk = w.pod(ns, f"{cluster}-worker-gpu-group-{sfx}", node=gpu, gpu=1, containers=("ray-worker",),
                   image=ray_img, labels={"ray.io/cluster": cluster, "ray.io/node-type": "worker",
                                          "ray.io/group": "gpu-group"},
                   owner=("RayCluster", cluster), tolerations=GPU_TOLERATION, cpu="8", memory="32Gi")
        wk["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1"
    sub = w.pod(ns, "rayjob-sample-lk8d2", node="cpu-node-1", gpu=0, containers=("ray-job-submitter",),
                image=ray_img, labels={"job-name": "rayjob-sample"}, owner=("Job", "rayjob-sample"),
                cpu="500m", memory="200Mi")
    sub["spec"]["restartPolicy"] = "Never"
    w.log(ns, sub["metadata"]["name"], "ray-job-submitter",
          "2024-04-11 08:02:14,512\tINFO cli.py:36 -- Job submission server address: "
          f"http://{cluster}-head-svc.default.svc.cluster.local:8265\n"
          "2024-04-11 08:02:15,120\tSUCC cli.py:60 -- Job 'rayjob-sample-6tb4r' submitted successfully\n")
    w.ns_custom[("rayjobs.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1", "kind": "RayJob",
        "metadata": {"name": "rayjob-sample", "namespace": ns, "creationTimestamp": T0},
        "spec": {"entrypoint": "python /home/ray/samples/sample_code.py", "shutdownAfterJobFinishes": True,
                 "rayClusterSpec": {"rayVersion": "2.9.3",
                                    "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0"},
                                                      "template": {"spec": {"containers": [
                                                          {"name": "ray-head", "image": ray_img,
                                                           "resources": h["spec"]["containers"][0]["resources"]}]}}},
                                    "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 2, "minReplicas": 2,
                                                          "maxReplicas": 2, "rayStartParams": {},
                                                          "template": {"spec": {"containers": [
                                                              {"name": "ray-worker", "image": ray_img,
                                                               "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}]}},
        "status": {"jobStatus": "RUNNING", "jobDeploymentStatus": "Running", "rayClusterName": cluster}}]
    w.target("Pod", ns, head)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
