"""Builds first-contact batch F20 (fixtures/first-contact/batch-f20/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures on managed distributions, taken from the four search corpora with the fixed query
list of the batch README (32 queries, round-robin). ff2001's TCPXO daemon words (NVIDIA/aicr PR#1662, GKE A3 Mega)
are placed verbatim in the tcpxo-daemon sidecar's previous log; ff2002 is a prose case (the numbered impact list of
aws/sagemaker-hyperpod-cli PR#282, which never reaches a cluster: TEXT_NOT_IN_BUNDLE) whose bundle carries the state
the PR describes (p6-b200 nodes advertising 10 EFA devices, NCCL failures in the training workers). The expected
answers were reasoned from the sources (`expected` in the case, preferred first) and committed before any rule
change; they are never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, GKE/EKS patch versions, image tags,
log wrappers) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f20      # (re)writes fixtures/first-contact/batch-f20/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, sized
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f20", "F20", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a source's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"ff2002"}

GPU_TAINT_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _owned_by(p: dict, api_version: str) -> dict:
    """Point a pod's (or workload's) owner reference at a custom resource's API version."""
    for o in p["metadata"].get("ownerReferences", []):
        o["apiVersion"] = api_version
    return p


def _add_resource(p: dict, container: str, resource: str, count: int) -> None:
    for c in p["spec"]["containers"]:
        if c["name"] == container:
            for k in ("requests", "limits"):
                c["resources"].setdefault(k, {})[resource] = str(count)


# ---- ff2001: a gVNIC network on the A3 Mega pool displaces a GPU NIC; TCPXO RxDM sees 7/8 GPUs -----------

_FF2001_NS = "nccl-test"
_FF2001_JOB = "nccl-all-reduce-bw"
_GKE_INFO = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.12.55+",
             "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.35.2-gke.1150000",
             "kubeProxyVersion": "v1.35.2-gke.1150000"}
_FF2001_GPU_NODES = ("gke-aicr-28964466473-gpu-pool-5d2c8a1e-7kq2", "gke-aicr-28964466473-gpu-pool-5d2c8a1e-x9m4")
_FF2001_CPU_NODE = "gke-aicr-28964466473-system-pool-0b7e3f4c-h2lp"
_TCPXO_IMG = "us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpxo/tcpgpudmarxd-dev:v1.0.21"
_NCCL_IMG = "us-docker.pkg.dev/gce-ai-infra/gpudirect-tcpxo/nccl-plugin-gpudirecttcpx-dev:v1.0.15"


def _gke_labels(pool: str, machine: str, extra: dict | None = None) -> dict:
    lab = {"cloud.google.com/gke-nodepool": pool, "node.kubernetes.io/instance-type": machine,
           "topology.kubernetes.io/region": "us-central1", "topology.kubernetes.io/zone": "us-central1-a",
           "cloud.google.com/gke-os-distribution": "cos"}
    lab.update(extra or {})
    return lab


@case("ff2001", pod_subj(f"{_FF2001_JOB}-worker-0", _FF2001_NS),
      "GKE Standard v1.35 (the PR names GKE H100, a3-megagpu-8g and the UAT cluster aicr-28964466473; the GKE patch "
      "version, zone, namespace and node names assumed) with a system pool node (e2-standard-8) and the A3 Mega GPU "
      "pool (two a3-megagpu-8g nodes, 8x NVIDIA H100 80GB each, taint nvidia.com/gpu=present:NoSchedule, node count "
      "assumed) whose pool was created with an extra gVNIC additional network (gvnicCidr; the node objects do not "
      "show the NIC layout). GKE's nvidia-gpu-device-plugin, the nccl-tcpxo-installer and the NRI device-injector "
      "DaemonSets (kube-system) are Running and ready on both GPU nodes, each advertising nvidia.com/gpu 8. The "
      "MPIJob nccl-all-reduce-bw (kubeflow.org/v2beta1; the PR's test name) has two worker pods, one per GPU node, "
      "each with the worker container (8 GPUs, sshd, running) and the tcpxo-daemon container (image v1.0.21, "
      "assumed) crash-looping with exit code 1, its previous log ending with the quoted RxDM line verbatim (the "
      "glog prefixes and the lines before it are assumed); the launcher Job's pod on the system node Failed (exit "
      "1) with a log holding the PR's quoted 'connect() error: 111: Connection refused' on NET/FasTrak and 'ORTE "
      "was unable to reliably start one or more daemons' inside assumed NCCL/mpirun wrapper lines.")
def _(w, t):
    w.git_version = "v1.35.2-gke.1150000"
    n = w.node(_FF2001_CPU_NODE, cpu="8", memory="32880784Ki", alloc_cpu="7910m", alloc_memory="29077648Ki",
               labels=_gke_labels("system-pool", "e2-standard-8"))
    node_info(n, **_GKE_INFO)
    for name in _FF2001_GPU_NODES:
        g = host_node(w, name, gpus=8, info=_GKE_INFO,
                      labels=_gke_labels("gpu-pool", "a3-megagpu-8g",
                                         {"cloud.google.com/gke-accelerator": "nvidia-h100-mega-80gb",
                                          "cloud.google.com/gke-gpu": "true",
                                          "cloud.google.com/gke-gpu-driver-version": "latest"}))
        g["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
        sized(g, "208", "1931789688Ki")
    dps = [plugin_pod(w, node, f"nvidia-gpu-device-plugin-large-cos-{sfx}", ds="nvidia-gpu-device-plugin-large-cos",
                      image="gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:6f3b2d1c")
           for node, sfx in zip(_FF2001_GPU_NODES, ("q4w7z", "m8k2c"))]
    plugin_ds(w, KS, dps, ds="nvidia-gpu-device-plugin-large-cos")
    sel = {"cloud.google.com/gke-accelerator": "nvidia-h100-mega-80gb"}
    daemonset(w, KS, "nccl-tcpxo-installer", desired=2, tolerations=GPU_TAINT_TOL,
              containers=[("pause", "registry.k8s.io/pause:3.9")],
              init_containers=[("nccl-tcpxo-installer", _NCCL_IMG)], node_selector=sel,
              labels={"name": "nccl-tcpxo-installer"})
    daemonset(w, KS, "device-injector", desired=2, tolerations=GPU_TAINT_TOL,
              containers=[("device-injector", "ghcr.io/containerd/nri/plugins/device-injector:v0.7.0")],
              node_selector=sel, labels={"name": "device-injector"})
    for node, a, b in zip(_FF2001_GPU_NODES, ("p7m2c", "r3d9v"), ("t6j4n", "b2x8q")):
        ds_pod(w, KS, "nccl-tcpxo-installer", f"nccl-tcpxo-installer-{a}", node, containers=("pause",),
               image="registry.k8s.io/pause:3.9", tolerations=GPU_TAINT_TOL, cpu="10m", memory="16Mi")
        ds_pod(w, KS, "device-injector", f"device-injector-{b}", node, containers=("device-injector",),
               image="ghcr.io/containerd/nri/plugins/device-injector:v0.7.0", tolerations=GPU_TAINT_TOL,
               cpu="10m", memory="32Mi")
    ns, job = _FF2001_NS, _FF2001_JOB
    mpi_api = "kubeflow.org/v2beta1"
    ann = {"devices.gke.io/container.tcpxo-daemon": "".join(f"- path: /dev/nvidia{i}\n" for i in range(8)) +
           "- path: /dev/nvidiactl\n- path: /dev/nvidia-uvm\n- path: /dev/dmabuf_import_helper\n",
           "networking.gke.io/default-interface": "eth0",
           "networking.gke.io/interfaces": "[{\"interfaceName\":\"eth0\",\"network\":\"default\"}," +
           ",".join(f"{{\"interfaceName\":\"eth{i + 1}\",\"network\":\"gpu-nic-{i}\"}}" for i in range(8)) + "]"}
    workers = []
    for i, node in enumerate(_FF2001_GPU_NODES):
        name = f"{job}-worker-{i}"
        p = w.pod(ns, name, node=node, gpu=8, containers=("worker", "tcpxo-daemon"), image=_NCCL_IMG,
                  owner=("MPIJob", job), tolerations=GPU_TAINT_TOL, cpu="16", memory="64Gi",
                  labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/job-role": "worker",
                          "training.kubeflow.org/replica-index": str(i)},
                  env=[{"name": "NCCL_FASTRAK_CTRL_DEV", "value": "eth0"},
                       {"name": "NCCL_FASTRAK_IFNAME", "value": ",".join(f"eth{k}" for k in range(1, 9))},
                       {"name": "NCCL_FASTRAK_USE_SNAP", "value": "1"}],
                  extra_spec={"hostNetwork": True, "dnsPolicy": "ClusterFirstWithHostNet"})
        _owned_by(p, mpi_api)
        p["metadata"]["annotations"] = dict(ann)
        p["spec"]["containers"][0]["command"] = ["/usr/sbin/sshd", "-De"]
        set_image(p, "tcpxo-daemon", _TCPXO_IMG)
        d = p["spec"]["containers"][1]
        d["command"] = ["bash", "-c", "/fts/entrypoint_rxdm_container.sh --num_hops=2 --num_nics=8 --uid= --alsologtostderr"]
        d["securityContext"] = {"capabilities": {"add": ["NET_ADMIN", "NET_BIND_SERVICE"]}}
        d["resources"] = {"requests": {"cpu": "1", "memory": "2Gi"}, "limits": {"memory": "2Gi"}}
        crashloop(p, "tcpxo-daemon", restarts=9, code=1)
        w.log(ns, name, "tcpxo-daemon",
              "I0708 09:14:02.118344       1 fastrak_gpumem_manager.cc:98] Starting fastrak_gpumem_manager\n"
              "I0708 09:14:02.309127       1 fastrak_gpumem_manager.cc:143] Enumerating GPUs and NICs from the PCI tree\n"
              f"E0708 09:14:02.412877       1 fastrak_gpumem_manager.cc:200] {t}\n", previous=True)
        backoff(w, ns, name, "tcpxo-daemon", node, count=23)
        workers.append(p)
    launcher = f"{job}-launcher-8xk2p"
    term = {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T1}
    lp = w.pod(ns, launcher, node=_FF2001_CPU_NODE, gpu=0, phase="Failed", containers=("launcher",),
               image=_NCCL_IMG, owner=("Job", f"{job}-launcher"), cpu="1", memory="2Gi",
               labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/job-role": "launcher"},
               statuses={"launcher": {"state": {"terminated": term}, "ready": False, "restartCount": 0}})
    lp["spec"]["restartPolicy"] = "Never"
    lines = ["+ mpirun --allow-run-as-root -np 16 --hostfile /etc/mpi/hostfile -mca plm_rsh_no_tree_spawn 1 "
             "/third_party/nccl-tests/build/all_reduce_perf -b 1M -e 8G -f 2 -g 1 -w 5 --iters 20"]
    for wi in range(2):
        for r in range(2):
            lines.append(f"{job}-worker-{wi}:{311 + r}:{402 + r} [{r}] NCCL INFO NET/FasTrak : Using gpu-nic "
                         f"eth{r + 1} for rank {wi * 8 + r}")
            lines.append(f"{job}-worker-{wi}:{311 + r}:{402 + r} [{r}] NCCL WARN NET/FasTrak : connect() error: "
                         "111: Connection refused")
    lines += ["--------------------------------------------------------------------------",
              "ORTE was unable to reliably start one or more daemons.",
              "--------------------------------------------------------------------------"]
    w.log(ns, launcher, "launcher", "\n".join(lines) + "\n")
    lj = w.workload("Job", ns, f"{job}-launcher", template_pod=lp,
                    status={"active": 0, "failed": 1, "succeeded": 0, "startTime": T0,
                            "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                            "message": "Job has reached the specified backoff limit",
                                            "lastTransitionTime": T1}]})
    lj["spec"].pop("replicas", None)
    lj["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 0})
    _owned_by(lj, mpi_api)
    w.ns_custom[("mpijobs.kubeflow.org", ns)] = [{
        "apiVersion": mpi_api, "kind": "MPIJob", "metadata": {"name": job, "namespace": ns},
        "spec": {"slotsPerWorker": 8, "runPolicy": {"cleanPodPolicy": "Running", "backoffLimit": 0},
                 "mpiReplicaSpecs": {"Launcher": {"replicas": 1}, "Worker": {"replicas": 2}}},
        "status": {"conditions": [
            {"type": "Created", "status": "True", "reason": "MPIJobCreated", "lastTransitionTime": T0},
            {"type": "Running", "status": "False", "reason": "MPIJobFailed", "lastTransitionTime": T1},
            {"type": "Failed", "status": "True", "reason": "MPIJobFailed",
             "message": f"MPIJob {ns}/{job} has failed", "lastTransitionTime": T1}],
            "replicaStatuses": {"Launcher": {"failed": 1}, "Worker": {"active": 2}}}}]
    w.target("Pod", ns, f"{job}-worker-0")


# ---- ff2002: EFA device plugin < 0.5.10 counts the p6-b200 NVLink controllers as EFA devices --------------

_FF2002_NS = "training"
_FF2002_JOB = "llm-pretrain"
_HP_INFO = {"osImage": "Amazon Linux 2023.8.20250915", "kernelVersion": "6.1.150-174.273.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.7-eks-98436be",
            "kubeProxyVersion": "v1.32.7-eks-98436be"}
_FF2002_NODES = ("hyperpod-i-0a3f5c7e9b1d24680", "hyperpod-i-0b4e6d8f0a2c35791")
_EFA_IMG = "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/aws-efa-k8s-device-plugin:v0.5.3"
_PT_IMG = "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.7.1-gpu-py312-cu128-ubuntu22.04-ec2"


def _efa_log(devices: list[str]) -> str:
    lines = ["2025/09/26 03:11:08 Fetching EFA devices."]
    for i, d in enumerate(devices):
        lines.append(f"2025/09/26 03:11:08 device: {d},uverbs{i},/sys/class/infiniband_verbs/uverbs{i},"
                     f"/sys/class/infiniband/{d}")
    lines += ["2025/09/26 03:11:08 Starting FS watcher.",
              "2025/09/26 03:11:08 Starting to serve on /var/lib/kubelet/device-plugins/aws-efa-device-plugin.sock",
              "2025/09/26 03:11:08 Registered device plugin with Kubelet"]
    return "\n".join(lines) + "\n"


@case("ff2002", pod_subj(f"{_FF2002_JOB}-worker-0", _FF2002_NS),
      "Amazon SageMaker HyperPod cluster orchestrated by EKS 1.32 (assumed; the PR names HyperPod and "
      "p6-b200.48xlarge) with two ml.p6-b200.48xlarge nodes (8 NVIDIA B200 each, AL2023; names, versions and sizes "
      "assumed) and the HyperPod Helm chart's dependencies in kube-system: the NVIDIA device plugin (chart 0.16.1 "
      "as in the chart's Chart.yaml; image v0.16.1) healthy, each node advertising nvidia.com/gpu 8, and the "
      "aws-efa-k8s-device-plugin of chart 0.5.3 (the version the PR replaces; image tag v0.5.3 assumed), whose log "
      "lists the two ibp* NVLink controllers (ibp115s0f0, ibp116s0f0, the PR's examples) among ten devices, so each "
      "node advertises vpc.amazonaws.com/efa 10. The Kubeflow PyTorchJob llm-pretrain (namespace training; name, "
      "image and sizes assumed) has two workers, one per node, each requesting 8 GPUs and 8 EFA devices; both are "
      "crash-looping and their previous logs end with an illustrative PyTorch NCCL watchdog timeout (the PR quotes "
      "no log). The case's text is the PR's prose and is not placed.")
def _(w, t):
    w.git_version = "v1.32.7-eks-98436be"
    devices = ["ibp115s0f0", "ibp116s0f0"] + [f"rdmap{79 + i}s0" for i in range(8)]
    for name in _FF2002_NODES:
        n = host_node(w, name, gpus=8, info=_HP_INFO,
                      labels={"node.kubernetes.io/instance-type": "ml.p6-b200.48xlarge",
                              "sagemaker.amazonaws.com/compute-type": "hyperpod",
                              "sagemaker.amazonaws.com/instance-group-name": "gpu-workers",
                              "sagemaker.amazonaws.com/node-health-status": "Schedulable",
                              "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": "us-west-2b",
                              "vpc.amazonaws.com/efa.present": "true"})
        sized(n, "192", "2113282316Ki")
        for res in ("capacity", "allocatable"):
            n["status"][res]["vpc.amazonaws.com/efa"] = "10"
    dps = [plugin_pod(w, node, f"hyperpod-dependencies-nvidia-device-plugin-{sfx}",
                      ds="hyperpod-dependencies-nvidia-device-plugin", image="nvcr.io/nvidia/k8s-device-plugin:v0.16.1")
           for node, sfx in zip(_FF2002_NODES, ("k7q2m", "z4w9d"))]
    plugin_ds(w, KS, dps, ds="hyperpod-dependencies-nvidia-device-plugin")
    efa_ds = "hyperpod-dependencies-aws-efa-k8s-device-plugin"
    daemonset(w, KS, efa_ds, desired=2, tolerations=GPU_TAINT_TOL, containers=[("aws-efa-k8s-device-plugin", _EFA_IMG)],
              node_selector={"vpc.amazonaws.com/efa.present": "true"}, labels={"name": "aws-efa-k8s-device-plugin"})
    for node, sfx in zip(_FF2002_NODES, ("h3n8t", "v6c2x")):
        pod = f"{efa_ds}-{sfx}"
        ds_pod(w, KS, efa_ds, pod, node, containers=("aws-efa-k8s-device-plugin",), image=_EFA_IMG,
               tolerations=GPU_TAINT_TOL, cpu="10m", memory="20Mi")
        w.log(KS, pod, "aws-efa-k8s-device-plugin", _efa_log(devices))
    ns, job = _FF2002_NS, _FF2002_JOB
    for i, node in enumerate(_FF2002_NODES):
        name = f"{job}-worker-{i}"
        p = w.pod(ns, name, node=node, gpu=8, containers=("pytorch",), image=_PT_IMG, owner=("PyTorchJob", job),
                  tolerations=GPU_TAINT_TOL, cpu="96", memory="1000Gi",
                  labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/replica-type": "worker",
                          "training.kubeflow.org/replica-index": str(i)},
                  env=[{"name": "FI_PROVIDER", "value": "efa"}, {"name": "FI_EFA_USE_DEVICE_RDMA", "value": "1"},
                       {"name": "NCCL_DEBUG", "value": "WARN"}, {"name": "PET_NNODES", "value": "2"},
                       {"name": "PET_NPROC_PER_NODE", "value": "8"}])
        _owned_by(p, "kubeflow.org/v1")
        p["spec"]["restartPolicy"] = "OnFailure"
        _add_resource(p, "pytorch", "vpc.amazonaws.com/efa", 8)
        crashloop(p, "pytorch", restarts=4, code=1)
        rank = i * 8 + 3
        w.log(ns, name, "pytorch",
              f"[rank{rank}]: initializing torch.distributed (backend=nccl, world_size=16)\n"
              f"[rank{rank}]:[E926 03:42:17.508000 ProcessGroupNCCL.cpp:632] [Rank {rank}] Watchdog caught "
              "collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
              "Timeout(ms)=600000) ran for 600069 milliseconds before timing out.\n"
              f"[rank{rank}]:[E926 03:42:17.511000 ProcessGroupNCCL.cpp:2136] [PG ID 0 PG GUID 0(default_pg) "
              f"Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught "
              "collective operation timeout\n"
              "terminate called after throwing an instance of 'c10::DistBackendError'\n", previous=True)
        backoff(w, ns, name, "pytorch", node, count=6)
    w.ns_custom[("pytorchjobs.kubeflow.org", ns)] = [{
        "apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob", "metadata": {"name": job, "namespace": ns},
        "spec": {"nprocPerNode": "8", "pytorchReplicaSpecs": {"Worker": {"replicas": 2, "restartPolicy": "OnFailure"}}},
        "status": {"conditions": [
            {"type": "Created", "status": "True", "reason": "PyTorchJobCreated", "lastTransitionTime": T0},
            {"type": "Running", "status": "True", "reason": "PyTorchJobRunning", "lastTransitionTime": T0}],
            "replicaStatuses": {"Worker": {"active": 2}}}}]
    w.target("Pod", ns, f"{job}-worker-0")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
