"""Builds first-contact batch A24 (fixtures/first-contact/batch-a24/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of engines that launch GPU pods for workflow steps and jobs, found with the fixed
query list of the batch README (round 24, search protocol): a Metaflow step decorated @resources(gpu=1) run
'--with kubernetes' whose pod gets no GPU request (Netflix/metaflow PR#1202), and a cluster-readiness-engine
WorkloadRun whose own spec.resources leave the TrainJob's container without nvidia.com/gpu while torch still
starts one process per GPU (NVIDIA/cluster-readiness-engine PR#58). Both texts are the pull requests' prose and
are NOT placed in the bundle (TEXT_NOT_IN_BUNDLE); the bundles carry the state the pull requests describe. The
expected answer was reasoned from the document (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the documents do not state (clusters, node and pod names, instance types, images, the engine
versions, log lines) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a24      # (re)writes fixtures/first-contact/batch-a24/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, eks_labels
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a24", "A24", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa2401", "fa2402"}


# ---- fa2401: Metaflow '--with kubernetes' drops the GPU count of @resources(gpu=1) ---------------------------

_A01_NS = "metaflow"
_A01_GPU = "ip-10-0-77-142.us-west-2.compute.internal"
_A01_CPU = "ip-10-0-21-9.us-west-2.compute.internal"
_A01_POD = "t-4f2c9a1e-trainflow-train-0-7kq2x"
_A01_JOB = "t-4f2c9a1e-trainflow-train-0"
_A01_IMAGE = "pytorch/pytorch:1.13.0-cuda11.6-cudnn8-runtime"
_A01_INFO = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.149-133.644.amzn2.x86_64",
             "containerRuntimeVersion": "containerd://1.6.6", "kubeletVersion": "v1.24.7-eks-fb459a0",
             "kubeProxyVersion": "v1.24.7-eks-fb459a0"}
_A01_LOG = """Setting up task environment.
Downloading code package...
Code package downloaded.
Task is starting.
"""


@case("fa2401", pod_subj(_A01_POD, _A01_NS),
      "Amazon EKS 1.24 (assumed; the PR names no cluster): an m5.2xlarge CPU node and a g4dn.xlarge GPU node group "
      "with one Tesla T4, tainted nvidia.com/gpu=true:NoSchedule, running the GPU Operator stack and advertising "
      "nvidia.com/gpu: 1 (all assumed). A Metaflow flow (Metaflow 2.7.14, before the fix; assumed) runs its "
      "`train` step, decorated @resources(gpu=1), '--with kubernetes': the step's Job "
      f"{_A01_JOB} in namespace {_A01_NS} has a container with CPU and memory requests but no nvidia.com/gpu "
      "(the state the PR reproduced: 'The pods were scheduled without gpus'). Its pod is Running on the CPU node "
      "with the PyTorch CUDA image (assumed); its log holds Metaflow's task bootstrap lines only (illustrative; the "
      "PR quotes no output of the step, so no CUDA message is placed). The GPU node's T4 stays unallocated. The "
      "PR's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.24.7-eks-fb459a0"
    cpu = w.node(_A01_CPU, cpu="8", memory="32386544Ki", labels=eks_labels("m5.2xlarge", nodegroup="system",
                                                                           zone="us-west-2a"))
    node_info(cpu, **_A01_INFO)
    gpu = w.gpu_node(_A01_GPU, gpus=1, product="Tesla-T4", memory_mib=15360, cpu="4", memory="16093772Ki",
                     taints=[{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}],
                     labels=eks_labels("g4dn.xlarge", nodegroup="gpu", zone="us-west-2a"))
    node_info(gpu, **{**_A01_INFO, "osImage": "Amazon Linux 2 (EKS-optimized accelerated AMI)"})
    labels = {"app": "metaflow", "app.kubernetes.io/name": "metaflow-task", "app.kubernetes.io/part-of": "metaflow",
              "metaflow/flow_name": "TrainFlow", "metaflow/step_name": "train", "metaflow/run_id": "4f2c9a1e",
              "job-name": _A01_JOB}
    p = w.pod(_A01_NS, _A01_POD, node=_A01_CPU, gpu=0, containers=(_A01_JOB,), image=_A01_IMAGE, labels=labels,
              owner=("Job", _A01_JOB), cpu="1", memory="4096M",
              env=[{"name": "METAFLOW_CODE_URL", "value": "s3://metaflow-artifacts/TrainFlow/data/3e/3e9d0c"},
                   {"name": "METAFLOW_KUBERNETES_WORKLOAD", "value": "1"}])
    p["spec"]["restartPolicy"] = "Never"
    w.log(_A01_NS, _A01_POD, _A01_JOB, _A01_LOG)
    w.workload("Job", _A01_NS, _A01_JOB, template_pod=p, status={"active": 1, "startTime": T0})
    w.target("Pod", _A01_NS, _A01_POD)


# ---- fa2402: cluster-readiness-engine WorkloadRun, spec.resources used verbatim without nvidia.com/gpu --------

_A02_NS = "cre-workloads"
_A02_GPU = "gpu-l40s-worker-03"
_A02_CPU = "cpu-worker-01"
_A02_TJ = "nccl-allreduce-smoke-8xk4t"
_A02_JOB = f"{_A02_TJ}-node-0"
_A02_POD = f"{_A02_JOB}-0-q7m2d"
_A02_IMAGE = "nvcr.io/nvidia/pytorch:25.08-py3"


def _a02_log() -> str:
    lines = [
        "W0912 10:04:11.518000 1 torch/distributed/run.py:792] ",
        "W0912 10:04:11.518000 1 torch/distributed/run.py:792] *****************************************",
        "W0912 10:04:11.518000 1 torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for "
        "each process to be 1 in default, to avoid your system being overloaded, please further tune the variable "
        "for optimal performance in your application as needed. ",
        "W0912 10:04:11.518000 1 torch/distributed/run.py:792] *****************************************",
    ]
    for rank in range(8):
        lines += [
            f"[rank{rank}]: Traceback (most recent call last):",
            f"[rank{rank}]:   File \"/workspace/allreduce.py\", line 21, in <module>",
            f"[rank{rank}]:     torch.cuda.set_device(local_rank)",
            f"[rank{rank}]: RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime version",
        ]
    lines += [
        "E0912 10:04:14.902000 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) "
        "local_rank: 0 (pid: 52) of binary: /usr/bin/python",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "/workspace/allreduce.py FAILED",
    ]
    return "\n".join(lines) + "\n"


@case("fa2402", pod_subj(_A02_POD, _A02_NS),
      "Upstream Kubernetes 1.33 with the NVIDIA GPU Operator, Kubeflow Trainer v2 and JobSet (all assumed; the PR "
      f"names no cluster): a CPU node and an 8x L40S GPU node {_A02_GPU} that is not a DGX, advertising "
      "nvidia.com/gpu: 8 with all eight free (assumed). cluster-readiness-engine, before the fix, ran a "
      f"WorkloadRun whose own spec.resources (cpu 32, memory 256Gi, no nvidia.com/gpu; values assumed) were used "
      f"verbatim as the container's resources of its TrainJob {_A02_TJ} (namespace {_A02_NS}; names assumed), "
      "while numProcPerNode was set from gpusPerNode (8), as the PR states. The training pod scheduled onto the "
      "GPU node, its container 'node' names no nvidia.com/gpu and terminated with exit code 1; its log (modelled "
      "on the PR's 'something like driver version is insufficient': torchrun's 8 ranks each failing in "
      "torch.cuda.set_device with 'CUDA driver version is insufficient for CUDA runtime version', then "
      "ChildFailedError) is illustrative. The Job has failed; the PR's prose is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    w.node(_A02_CPU, cpu="16", memory="65842768Ki", labels={"node-role.kubernetes.io/worker": ""})
    w.gpu_node(_A02_GPU, gpus=8, product="NVIDIA-L40S", memory_mib=46068, cpu="128", memory="1056427048Ki",
               labels={"node-role.kubernetes.io/worker": "", "nvidia.com/gpu.machine": "PowerEdge-R760xa"})
    labels = {"jobset.sigs.k8s.io/jobset-name": _A02_TJ, "jobset.sigs.k8s.io/replicatedjob-name": "node",
              "trainer.kubeflow.org/trainjob-ancestor-step": "trainer", "batch.kubernetes.io/job-name": _A02_JOB,
              "job-name": _A02_JOB, "app.kubernetes.io/managed-by": "cluster-readiness-engine"}
    statuses = {"node": {"state": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": T0,
                                                  "finishedAt": T1}},
                         "ready": False, "restartCount": 0, "started": False}}
    p = w.pod(_A02_NS, _A02_POD, node=_A02_GPU, gpu=0, containers=("node",), image=_A02_IMAGE, labels=labels,
              owner=("Job", _A02_JOB), phase="Failed", ready=False, statuses=statuses, cpu="32", memory="256Gi",
              tolerations=GPU_TOLERATION,
              env=[{"name": "PET_NNODES", "value": "1"}, {"name": "PET_NPROC_PER_NODE", "value": "8"},
                   {"name": "PET_NODE_RANK", "value": "0"}])
    p["spec"]["restartPolicy"] = "Never"
    p["spec"]["containers"][0]["command"] = ["torchrun", "--nproc_per_node=8", "/workspace/allreduce.py"]
    w.log(_A02_NS, _A02_POD, "node", _a02_log())
    w.workload("Job", _A02_NS, _A02_JOB, template_pod=p,
               status={"failed": 1, "startTime": T0,
                       "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                       "message": "Job has reached the specified backoff limit"}]})
    w.target("Pod", _A02_NS, _A02_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
