"""Builds first-contact batch G9 (fixtures/first-contact/batch-g9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of 48
queries in the batch README (this round's pool: all four corpora of the `search` tool at once: `issues`, `pages`,
`docs`, `code`, 12 queries each). Both cases are prose cases (a reporter's or a vendor page's own words, which never
reach the cluster): their text is NOT placed in the bundle; each builder builds the cluster state the source
describes. The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed
before any rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, kubelet and containerd builds,
image tags, GPU models, the workloads) are filled in plausibly; each scenario's README says which parts of the world
are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_g9      # (re)writes fixtures/first-contact/batch-g9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, ds_status

from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g9", "G9", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a reporter's or a document's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fg901", "fg902"}


# ---- runtime layer ---------------------------------------------------------------------------

_AKS_INFO = {"osImage": "Ubuntu 22.04.2 LTS", "kernelVersion": "5.15.0-1038-azure",
             "containerRuntimeVersion": "containerd://1.7.1+azure-1", "kubeletVersion": "v1.26.3",
             "kubeProxyVersion": "v1.26.3"}

_AKS_PLUGIN_LOG = (
    "I1129 13:58:41.301224       1 main.go:154] Starting FS watcher.\n"
    "I1129 13:58:41.301310       1 main.go:161] Starting OS watcher.\n"
    "I1129 13:58:41.301621       1 main.go:176] Starting Plugins.\n"
    "I1129 13:58:41.301640       1 main.go:234] Loading configuration.\n"
    "I1129 13:58:41.302180       1 main.go:242] Updating config with default resource matching patterns.\n"
    "I1129 13:58:41.302377       1 main.go:253] \nRunning with config:\n{\n  \"version\": \"v1\",\n"
    "  \"flags\": {\n    \"migStrategy\": \"none\",\n    \"failOnInitError\": false,\n"
    "    \"nvidiaDriverRoot\": \"/\",\n    \"gdsEnabled\": false,\n    \"mofedEnabled\": false,\n"
    "    \"plugin\": {\n      \"passDeviceSpecs\": false,\n      \"deviceListStrategy\": [\n        \"envvar\"\n"
    "      ],\n      \"deviceIDStrategy\": \"uuid\",\n      \"cdiAnnotationPrefix\": \"cdi.k8s.io/\",\n"
    "      \"nvidiaCTKPath\": \"/usr/bin/nvidia-ctk\",\n      \"containerDriverRoot\": \"/driver-root\"\n    }\n  },\n"
    "  \"resources\": {\n    \"gpus\": [\n      {\n        \"pattern\": \"*\",\n        \"name\": \"nvidia.com/gpu\"\n"
    "      }\n    ]\n  },\n  \"sharing\": {\n    \"timeSlicing\": {}\n  }\n}\n"
    "I1129 13:58:41.302391       1 main.go:256] Retreiving plugins.\n"
    "I1129 13:58:41.303031       1 factory.go:107] Detected NVML platform: found NVML library\n"
    "I1129 13:58:41.303077       1 factory.go:107] Detected non-Tegra platform: /sys/devices/soc0/family file not found\n"
    "I1129 13:58:41.331472       1 server.go:165] Starting GRPC server for 'nvidia.com/gpu'\n"
    "I1129 13:58:41.332093       1 server.go:117] Starting to serve 'nvidia.com/gpu' on "
    "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
    "I1129 13:58:41.334818       1 server.go:125] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")

_SKU_GPU = {"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}


@case("fg901", pod_subj("inference-api-7c9d8f6b5-h4k2w", "ml"),
      "AKS cluster, Kubernetes v1.26.3 (versions, SKUs, names and the workload assumed; the issue names none): the "
      "system pool node aks-nodepool1-38787940-vmss000000 (Standard_D4s_v3) and the GPU pool node "
      "aks-gpunp-24613055-vmss000000 (Standard_NC6s_v3, one Tesla V100, taint sku=gpu:NoSchedule as the AKS GPU "
      "guide sets it, node image AKSUbuntu-2204gen2containerd-202305.24.0, i.e. older than the fixing 202306.07.0, "
      "NVIDIA driver and container runtime installed by AKS) advertising nvidia.com/gpu 1, all of it allocated. The "
      "NVIDIA device plugin runs as the AKS guide's DaemonSet nvidia-device-plugin-daemonset in namespace "
      "gpu-resources (image nvcr.io/nvidia/k8s-device-plugin:v0.14.0, 1/1 ready, no PASS_DEVICE_SPECS: its "
      "startup log, illustrative, prints passDeviceSpecs false). The Deployment inference-api (namespace ml) has one "
      "Running, ready pod holding the GPU, no restarts, its log illustrative and without errors; an `nvidia-smi` "
      "exec in its container answers 'Failed to initialize NVML: Unknown Error' (exit 255), the symptom in the words "
      "of Azure/AKS#3680, the thread the maintainer points to (not a line of #3601). The reporter's prose is NOT in "
      "the bundle.")
def _(w, t):
    w.git_version = "v1.26.3"
    sysnode = "aks-nodepool1-38787940-vmss000000"
    n = w.node(sysnode, cpu="4", memory="16375612Ki", alloc_cpu="3860m", alloc_memory="12880188Ki",
               labels={"agentpool": "nodepool1", "kubernetes.azure.com/agentpool": "nodepool1",
                       "kubernetes.azure.com/mode": "system", "kubernetes.azure.com/cluster": "MC_ml-rg_ml-aks_westeurope",
                       "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202305.24.0",
                       "kubernetes.azure.com/os-sku": "Ubuntu", "kubernetes.azure.com/role": "agent",
                       "node.kubernetes.io/instance-type": "Standard_D4s_v3",
                       "beta.kubernetes.io/instance-type": "Standard_D4s_v3",
                       "topology.kubernetes.io/region": "westeurope", "topology.kubernetes.io/zone": "0"})
    node_info(n, **_AKS_INFO)
    gpu = "aks-gpunp-24613055-vmss000000"
    g = w.node(gpu, gpus=1, cpu="6", memory="115531508Ki", alloc_cpu="5840m", alloc_memory="104542964Ki",
               taints=({"key": "sku", "value": "gpu", "effect": "NoSchedule"},),
               labels={"agentpool": "gpunp", "kubernetes.azure.com/agentpool": "gpunp", "accelerator": "nvidia",
                       "kubernetes.azure.com/mode": "user", "kubernetes.azure.com/cluster": "MC_ml-rg_ml-aks_westeurope",
                       "kubernetes.azure.com/node-image-version": "AKSUbuntu-2204gen2containerd-202305.24.0",
                       "kubernetes.azure.com/os-sku": "Ubuntu", "kubernetes.azure.com/role": "agent",
                       "node.kubernetes.io/instance-type": "Standard_NC6s_v3",
                       "beta.kubernetes.io/instance-type": "Standard_NC6s_v3",
                       "topology.kubernetes.io/region": "westeurope", "topology.kubernetes.io/zone": "0"})
    node_info(g, **_AKS_INFO)
    ns_plugin = "gpu-resources"
    pp = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-8xq2d", ns=ns_plugin,
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.14.0", log=_AKS_PLUGIN_LOG)
    pp["spec"]["tolerations"].append(dict(_SKU_GPU))
    pp["spec"]["priorityClassName"] = "system-node-critical"
    plugin_ds(w, ns_plugin, [pp])
    ns, dep = "ml", "inference-api"
    rs = f"{dep}-7c9d8f6b5"
    pod = f"{rs}-h4k2w"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("api",), image="mlteam.azurecr.io/inference-api:2.3.1",
              owner=("ReplicaSet", rs), labels={"app": dep}, tolerations=[dict(_SKU_GPU)],
              cpu="4", memory="32Gi")
    w.workload("ReplicaSet", ns, rs, template_pod=p, owner=("Deployment", dep),
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "fullyLabeledReplicas": 1})
    w.workload("Deployment", ns, dep, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.log(ns, pod, "api",
          "2026-11-29 14:00:41,118 INFO  loading model weights from /models/classifier-v7\n"
          "2026-11-29 14:01:19,604 INFO  model loaded on cuda:0\n"
          "2026-11-29 14:01:19,732 INFO  Uvicorn running on http://0.0.0.0:8000\n")
    w.exec(ns, pod, "api", ["nvidia-smi"], "Failed to initialize NVML: Unknown Error\n", exit_code=255)
    w.target("Pod", ns, pod)


# ---- scheduler layer -------------------------------------------------------------------------

_COS_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.93+",
             "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.4-gke.1350000",
             "kubeProxyVersion": "v1.33.4-gke.1350000"}


def _gke_labels(pool: str, machine: str, zone: str = "us-central1-a", extra: dict | None = None) -> dict:
    labels = {"cloud.google.com/gke-nodepool": pool, "cloud.google.com/gke-os-distribution": "cos",
              "cloud.google.com/gke-container-runtime": "containerd", "cloud.google.com/gke-boot-disk": "pd-balanced",
              "cloud.google.com/machine-family": machine.split("-")[0],
              "node.kubernetes.io/instance-type": machine, "beta.kubernetes.io/instance-type": machine,
              "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": zone,
              "failure-domain.beta.kubernetes.io/region": "us-central1", "failure-domain.beta.kubernetes.io/zone": zone}
    labels.update(extra or {})
    return labels


@case("fg902", pod_subj("l4-batch-embed-9xk2p", "batch"),
      "GKE Standard cluster at 1.33.4-gke.1350000, an affected version (the known-issue entry names no cluster: "
      "node, pool and workload names, machine types and the L4 GPU assumed): two default-pool nodes (e2-standard-8) "
      "and the GPU pool node gke-prod-gpu-pool-8f2e41c7-x2lm (g2-standard-8, one NVIDIA L4, COS, "
      "gpu-driver-version=default: GKE's driver and its device plugin DaemonSet nvidia-gpu-device-plugin-small-cos, "
      "1/1 ready), Ready, not cordoned, advertising nvidia.com/gpu 1 with none of it allocated, and carrying GKE's "
      "nvidia.com/gpu=present:NoSchedule taint plus the taint cloud.google.com/impending-node-termination:NoSchedule "
      "left on it after a host maintenance event (assumed: the entry names two taints, the bundle carries the "
      "first). The Job l4-batch-embed (namespace batch) has one Pending pod requesting one GPU, tolerating "
      "nvidia.com/gpu (as GKE's ExtendedResourceToleration adds it) and selecting "
      "cloud.google.com/gke-accelerator=nvidia-l4, with a FailedScheduling event naming the untolerated "
      "impending-node-termination taint and the node selector on the two CPU nodes (wording illustrative, standard "
      "format). The page's prose is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4-gke.1350000"
    cpu_nodes = []
    for sfx, zone in (("4k7p", "us-central1-a"), ("9wqz", "us-central1-b")):
        name = f"gke-prod-default-pool-6c1a2b3d-{sfx}"
        n = w.node(name, cpu="8", memory="32880856Ki", alloc_cpu="7910m", alloc_memory="29094104Ki",
                   labels=_gke_labels("default-pool", "e2-standard-8", zone))
        node_info(n, **_COS_INFO)
        cpu_nodes.append(name)
    gpu = "gke-prod-gpu-pool-8f2e41c7-x2lm"
    g = w.node(gpu, gpus=1, cpu="8", memory="32880852Ki", alloc_cpu="7910m", alloc_memory="28994776Ki",
               taints=({"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"},
                       {"key": "cloud.google.com/impending-node-termination", "effect": "NoSchedule"}),
               labels=_gke_labels("gpu-pool", "g2-standard-8", "us-central1-a", {
                   "cloud.google.com/gke-accelerator": "nvidia-l4",
                   "cloud.google.com/gke-accelerator-count": "1",
                   "cloud.google.com/gke-gpu-driver-version": "default",
                   "cloud.google.com/gke-gpu": "true"}))
    node_info(g, **_COS_INFO)
    # GKE-managed NVIDIA device plugin (gpu-driver-version=default), Running on the GPU node
    ds_name = "nvidia-gpu-device-plugin-small-cos"
    dp = w.pod(KS, f"{ds_name}-r8t5v", node=gpu, gpu=0, containers=("nvidia-gpu-device-plugin",),
               image="gke.gcr.io/nvidia-gpu-device-plugin:v1.0.25-gke.56", owner=("DaemonSet", ds_name),
               labels={"k8s-app": "nvidia-gpu-device-plugin"}, tolerations=[{"operator": "Exists"}],
               cpu="50m", memory="50Mi", init_containers=("nvidia-driver-installer",))
    dp["spec"]["priorityClassName"] = "system-node-critical"
    installer = "gke.gcr.io/cos-nvidia-installer:fixed"
    dp["spec"]["initContainers"][0]["image"] = installer
    dp["status"]["initContainerStatuses"][0]["image"] = installer
    dp["spec"]["nodeSelector"] = {"cloud.google.com/gke-accelerator": "nvidia-l4"}
    w.log(KS, dp["metadata"]["name"], "nvidia-gpu-device-plugin",
          "I1129 13:52:18.204113       1 nvidia_gpu.go:80] device-plugin started\n"
          "I1129 13:52:18.204187       1 nvidia_gpu.go:87] Reading GPU config file: /etc/nvidia/gpu_config.json\n"
          "I1129 13:52:18.204265       1 nvidia_gpu.go:96] Using gpu config: {0 {  0} {0 } {0 []} []}\n"
          "I1129 13:52:18.221530       1 manager.go:305] Found 1 GPU devices\n"
          "I1129 13:52:18.241776       1 beta_plugin.go:40] Device Plugin started\n"
          "I1129 13:52:18.242007       1 beta_plugin.go:132] device-plugin: ListAndWatch start\n"
          "I1129 13:52:18.243122       1 manager.go:497] device-plugin registered with the kubelet\n")
    ds = w.workload("DaemonSet", KS, ds_name, template_pod=dp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ds["spec"]["selector"] = {"matchLabels": {"k8s-app": "nvidia-gpu-device-plugin"}}
    ds["spec"]["template"]["metadata"]["labels"] = {"k8s-app": "nvidia-gpu-device-plugin"}
    ns, job = "batch", "l4-batch-embed"
    pod = f"{job}-9xk2p"
    msg = ("0/3 nodes are available: 1 node(s) had untolerated taint {cloud.google.com/impending-node-termination: }, "
           "2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is "
           "not helpful for scheduling.")
    p = w.pod(ns, pod, gpu=1, containers=("embed",), image="us-docker.pkg.dev/prod-ml/batch/embedder:1.8.0",
              phase="Pending", owner=("Job", job), labels={"batch.kubernetes.io/job-name": job, "job-name": job},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, cpu="6", memory="20Gi",
              scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Never"
    jw = w.workload("Job", ns, job, template_pod=p,
                    status={"active": 1, "ready": 0, "startTime": "2026-11-29T14:02:10Z"})
    jw["spec"].pop("replicas", None)
    jw["spec"].update({"parallelism": 1, "completions": 1, "backoffLimit": 2})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=17)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
