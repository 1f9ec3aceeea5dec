"""Builds first-contact batch C23 (fixtures/first-contact/batch-c23/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of multi-node training launchers found with the fixed query list of the batch
README (round 23, search protocol): the MPI Operator's launcher pod, given a GPU, sees none because the controller
sets NVIDIA_VISIBLE_DEVICES and NVIDIA_DRIVER_CAPABILITIES empty on it (kubeflow/mpi-operator#476), and a Kubeflow
Trainer v2 TrainJob's pod pinned by node affinity to a node whose GPUs other tenants hold, Pending for 7 hours
(NVIDIA/cluster-readiness-engine#310). Both texts are the reporters' sentences (prose cases, TEXT_NOT_IN_BUNDLE):
the bundles model the state the threads describe. The expected answer was reasoned from the thread (`expected` in
the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the threads do not state (node and pod names, GPU models, image tags, operator versions,
the event wording beyond what is quoted) are filled in plausibly; each scenario's README says which parts of the
world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c23      # (re)writes fixtures/first-contact/batch-c23/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c23", "C23", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the reporters' own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc2301", "fc2302"}

GPU_TAINT_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _owned_by(obj: dict, api_version: str) -> dict:
    """Point a pod's (or workload's) owner reference at a custom resource's API version."""
    for o in obj["metadata"].get("ownerReferences", []):
        o["apiVersion"] = api_version
    return obj


def _plugins(w, nodes: list[str], sfxs: tuple[str, ...]) -> None:
    """The NVIDIA device plugin as a plain DaemonSet in kube-system, Running and ready on every GPU node."""
    pods = [plugin_pod(w, node, f"nvidia-device-plugin-daemonset-{sfx}") for node, sfx in zip(nodes, sfxs)]
    plugin_ds(w, KS, pods)


# ---- fc2301: the MPI Operator blanks NVIDIA_VISIBLE_DEVICES on the launcher pod ------------------------------

_C01_NS = "default"
_C01_JOB = "gpu-prep-mpi"
_C01_IMG = "registry.example.com/ml/gpu-prep-mpi:0.4"
_C01_INFO = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-125-generic",
             "containerRuntimeVersion": "containerd://1.6.8", "kubeletVersion": "v1.24.4",
             "kubeProxyVersion": "v1.24.4"}
_C01_NODES = ("gpu-worker-01", "gpu-worker-02", "gpu-worker-03")


@case("fc2301", pod_subj(f"{_C01_JOB}-launcher-x7c2m", _C01_NS),
      "A kubeadm Kubernetes v1.24 cluster (assumed; the thread names no distribution) with three GPU nodes, 4x "
      "NVIDIA A100 40GB each (model and count assumed), host-installed driver and container toolkit, and the NVIDIA "
      "device plugin DaemonSet (kube-system) Running on each, every node advertising nvidia.com/gpu 4. The mpi-operator "
      "(v0.3.0, v2beta1 controller, assumed) runs the MPIJob gpu-prep-mpi (name, image and sizes assumed): two worker "
      "pods (1 GPU each, sshd) Running, and the launcher Job's pod Running on gpu-worker-01 with nvidia.com/gpu 1 "
      "requested and allocated (the request is assumed: the reporter wants GPUs in the launcher). Its container "
      "carries NVIDIA_VISIBLE_DEVICES and NVIDIA_DRIVER_CAPABILITIES with empty values, set by the controller (the "
      "thread's finding); `nvidia-smi` in the launcher container fails with 'nvidia-smi: not found', exit 127 "
      "(illustrative: the thread quotes no output). The reporter's sentence is prose and not in the bundle.")
def _(w, t):
    w.git_version = "v1.24.4"
    cp = w.node("k8s-master-01", cpu="8", memory="32863740Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **_C01_INFO)
    for name in _C01_NODES:
        host_node(w, name, gpus=4, info=_C01_INFO,
                  labels={"nvidia.com/gpu.product": "NVIDIA-A100-PCIE-40GB", "nvidia.com/gpu.count": "4"})
    _plugins(w, list(_C01_NODES), ("k8w2d", "p3x9v", "m6r4t"))
    ns, job, api = _C01_NS, _C01_JOB, "kubeflow.org/v2beta1"
    for i, node in enumerate(_C01_NODES[1:]):
        name = f"{job}-worker-{i}"
        p = w.pod(ns, name, node=node, gpu=1, containers=("worker",), image=_C01_IMG, owner=("MPIJob", job),
                  cpu="4", memory="16Gi",
                  labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/job-role": "worker",
                          "training.kubeflow.org/replica-index": str(i)})
        _owned_by(p, api)
        p["spec"]["containers"][0]["command"] = ["/usr/sbin/sshd", "-De"]
        p["spec"]["hostname"] = name
        p["spec"]["subdomain"] = f"{job}-worker"
    launcher = f"{job}-launcher-x7c2m"
    lp = w.pod(ns, launcher, node=_C01_NODES[0], gpu=1, containers=("launcher",), image=_C01_IMG,
               owner=("Job", f"{job}-launcher"), cpu="4", memory="16Gi",
               labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/job-role": "launcher"},
               env=[{"name": "OMPI_MCA_orte_keep_fqdn_hostnames", "value": "true"},
                    {"name": "OMPI_MCA_orte_default_hostfile", "value": "/etc/mpi/hostfile"},
                    {"name": "OMPI_MCA_plm_rsh_args", "value": "-o ConnectionAttempts=10"},
                    {"name": "OMPI_MCA_orte_set_default_slots", "value": "1"},
                    {"name": "NVIDIA_VISIBLE_DEVICES", "value": ""},
                    {"name": "NVIDIA_DRIVER_CAPABILITIES", "value": ""}])
    lp["spec"]["restartPolicy"] = "OnFailure"
    lp["spec"]["containers"][0]["command"] = ["/bin/sh", "-c"]
    lp["spec"]["containers"][0]["args"] = ["python3 /opt/app/prepare.py && mpirun -np 2 /opt/app/train"]
    lp["spec"]["containers"][0]["volumeMounts"] = [{"name": "mpi-job-config", "mountPath": "/etc/mpi"},
                                                   {"name": "ssh-auth", "mountPath": "/root/.ssh"}]
    lp["spec"]["volumes"] = [{"name": "mpi-job-config", "configMap": {"name": f"{job}-config"}},
                             {"name": "ssh-auth", "secret": {"secretName": f"{job}-ssh", "defaultMode": 384}}]
    w.exec(ns, launcher, "launcher", ["nvidia-smi"], "", "/bin/sh: 1: nvidia-smi: not found\n", exit_code=127)
    lj = w.workload("Job", ns, f"{job}-launcher", template_pod=lp,
                    status={"active": 1, "failed": 0, "succeeded": 0, "startTime": T0})
    lj["spec"].pop("replicas", None)
    lj["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 6})
    _owned_by(lj, api)
    w.ns_custom[("mpijobs.kubeflow.org", ns)] = [{
        "apiVersion": api, "kind": "MPIJob", "metadata": {"name": job, "namespace": ns},
        "spec": {"slotsPerWorker": 1, "runPolicy": {"cleanPodPolicy": "Running"},
                 "mpiReplicaSpecs": {
                     "Launcher": {"replicas": 1, "template": {"spec": {"containers": [
                         {"name": "launcher", "image": _C01_IMG,
                          "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}},
                     "Worker": {"replicas": 2, "template": {"spec": {"containers": [
                         {"name": "worker", "image": _C01_IMG,
                          "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}}},
        "status": {"conditions": [
            {"type": "Created", "status": "True", "reason": "MPIJobCreated",
             "message": f"MPIJob {ns}/{job} is created.", "lastTransitionTime": T0},
            {"type": "Running", "status": "True", "reason": "MPIJobRunning",
             "message": f"MPIJob {ns}/{job} is running.", "lastTransitionTime": T1}],
            "replicaStatuses": {"Launcher": {"active": 1}, "Worker": {"active": 2}}, "startTime": T0}}]
    w.target("Pod", ns, launcher)


# ---- fc2302: a TrainJob pod pinned to a node whose GPUs other tenants hold ------------------------------------

_C02_NS = "nvcre-certification"
_C02_TJ = "h100-nccl-allreduce-7f3k2"
_C02_POD = f"{_C02_TJ}-node-0-0-9qv4d"
_C02_INFO = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.8.0-85-generic",
             "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.33.5",
             "kubeProxyVersion": "v1.33.5"}
_C02_PINNED = "gpu-h100-node-07"
_C02_OTHERS = ("gpu-h100-node-05", "gpu-h100-node-06")
_C02_IMG = "nvcr.io/nvidia/pytorch:25.08-py3"
_C02_MSG = ("0/4 nodes are available: 1 Insufficient nvidia.com/gpu, 3 node(s) didn't match Pod's node "
            "affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims found for incoming "
            "pod, 3 Preemption is not helpful for scheduling.")


@case("fc2302", pod_subj(_C02_POD, _C02_NS),
      "A Kubernetes v1.33 GPU cluster (distribution assumed) with a CPU system node and three GPU nodes (8x NVIDIA "
      "H100 80GB HBM3 each, taint nvidia.com/gpu:NoSchedule; models, count and names assumed), host-installed "
      "driver and toolkit, the NVIDIA device plugin DaemonSet Running on each, every GPU node advertising "
      "nvidia.com/gpu 8. On gpu-h100-node-07 all 8 GPUs are held by two other tenants' pods (4 GPUs each, Running; "
      "namespaces and names assumed). NVIDIA Cluster Readiness Engine (NVCRE) created the TrainJob "
      "h100-nccl-allreduce-7f3k2 (Kubeflow Trainer v2, runtime torch-distributed, one node; names assumed), whose "
      "JobSet's Job pod asks for 8 GPUs with a required node affinity to gpu-h100-node-07 (the pin the thread "
      "states). The pod is Pending, PodScheduled=False/Unschedulable with the scheduler's message (wording "
      "assumed: the thread quotes 'FailedScheduling: Insufficient nvidia.com/gpu' x114), and the FailedScheduling "
      "event carries it, count 114. The NVCRE Job reports InProgress/WorkloadRunning (the thread's bug). The "
      "reporter's sentence is prose and not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    sysn = w.node("cpu-system-node-01", cpu="16", memory="65842100Ki",
                  labels={"node-role.kubernetes.io/control-plane": ""})
    node_info(sysn, **_C02_INFO)
    gpu_nodes = [*_C02_OTHERS, _C02_PINNED]
    for name in gpu_nodes:
        g = host_node(w, name, gpus=8, info=_C02_INFO,
                      labels={"nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3", "nvidia.com/gpu.count": "8"})
        g["spec"]["taints"] = [{"key": "nvidia.com/gpu", "effect": "NoSchedule"}]
    _plugins(w, gpu_nodes, ("b7t2k", "f4n8w", "z2q6p"))
    for tenant, pname in (("team-vision", "vit-pretrain-worker-0"), ("team-speech", "asr-finetune-0")):
        w.pod(tenant, pname, node=_C02_PINNED, gpu=4, containers=("trainer",), image=_C02_IMG,
              owner=("Job", pname.rsplit("-", 1)[0]), tolerations=GPU_TAINT_TOL, cpu="32", memory="256Gi")
    ns = _C02_NS
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "kubernetes.io/hostname", "operator": "In", "values": [_C02_PINNED]}]}]}}}
    job = f"{_C02_TJ}-node-0"
    p = w.pod(ns, _C02_POD, gpu=8, containers=("node",), image=_C02_IMG, owner=("Job", job),
              tolerations=GPU_TAINT_TOL, affinity=aff, cpu="96", memory="1024Gi", scheduled_message=_C02_MSG,
              labels={"jobset.sigs.k8s.io/jobset-name": _C02_TJ, "jobset.sigs.k8s.io/replicatedjob-name": "node",
                      "trainer.kubeflow.org/trainjob-ancestor-step": "trainer",
                      "nvcre.nvidia.com/job": "h100-nccl-allreduce"})
    p["spec"]["containers"][0]["command"] = ["torchrun", "--nnodes=1", "--nproc-per-node=8",
                                             "/workspace/nccl_allreduce.py"]
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", _C02_POD, "FailedScheduling", _C02_MSG, component="default-scheduler", count=114)
    jw = w.workload("Job", ns, job, template_pod=p,
                    status={"active": 1, "failed": 0, "succeeded": 0, "startTime": T0, "ready": 0})
    jw["spec"].pop("replicas", None)
    jw["spec"].update({"completions": 1, "parallelism": 1, "backoffLimit": 0})
    jw["metadata"]["ownerReferences"] = [{"apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
                                          "name": _C02_TJ, "uid": "c23-jobset-uid", "controller": True}]
    w.ns_custom[("trainjobs.trainer.kubeflow.org", ns)] = [{
        "apiVersion": "trainer.kubeflow.org/v1alpha1", "kind": "TrainJob",
        "metadata": {"name": _C02_TJ, "namespace": ns, "labels": {"nvcre.nvidia.com/job": "h100-nccl-allreduce"}},
        "spec": {"runtimeRef": {"apiGroup": "trainer.kubeflow.org", "kind": "TrainingRuntime",
                                "name": "torch-distributed"},
                 "trainer": {"numNodes": 1, "resourcesPerNode": {"limits": {"nvidia.com/gpu": "8"}}}},
        "status": {"jobsStatus": [{"name": "node", "active": 1, "ready": 0, "failed": 0, "succeeded": 0,
                                   "suspended": 0}]}}]
    w.ns_custom[("jobs.nvcre.nvidia.com", ns)] = [{
        "apiVersion": "nvcre.nvidia.com/v1alpha1", "kind": "Job",
        "metadata": {"name": "h100-nccl-allreduce", "namespace": ns},
        "spec": {"timeoutPerJob": "8h", "nodeNames": [_C02_PINNED]},
        "status": {"workloadRef": {"kind": "TrainJob", "name": _C02_TJ},
                   "conditions": [{"type": "InProgress", "status": "True", "reason": "WorkloadRunning",
                                   "lastTransitionTime": T0}]}}]
    w.target("Pod", ns, _C02_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
