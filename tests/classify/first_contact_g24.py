"""Builds first-contact batch G24 (fixtures/first-contact/batch-g24/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the storage and images of GPU pods (huge images, ephemeral storage, model-cache
volumes, /dev/shm sizing), taken from the search corpora with the fixed query list of the batch README (24 queries,
6 per corpus, round-robin): a single-node NCCL all-reduce Job whose manifest mounts no /dev/shm volume, so UCX's
shared-memory bootstrap of 8 local ranks segfaults (NVIDIA/ai-cloud-validation#643), and a fine-tuning pod whose
intermediate checkpoints fill its ephemeral disk (foundation-model-stack/fms-hf-tuning#217). fg2402 is a prose
case (the reporter's own sentence, NOT placed in the bundle: TEXT_NOT_IN_BUNDLE) whose bundle carries the state the
thread describes. The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Names and versions the threads do not state (node and pod names, GPU models, driver, Kubernetes and image
versions, the log lines around the quoted text) are filled in plausibly; each scenario's README says which parts
of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g24      # (re)writes fixtures/first-contact/batch-g24/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-g24", "G24", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a thread's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg2402"}

_GPU_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]


def _failed(container: str, code: int, started: str = T0, finished: str = T1) -> dict:
    return {container: {"state": {"terminated": {"exitCode": code, "reason": "Error", "startedAt": started,
                                                 "finishedAt": finished}},
                        "ready": False, "restartCount": 0, "started": False}}


def _cpu_node(w, name: str) -> None:
    n = w.node(name, cpu="16", memory="65842364Ki", labels={"node-role.kubernetes.io/worker": ""})
    info(n, kubeletVersion=w.git_version, kubeProxyVersion=w.git_version)


# ---- fg2401: single-node NCCL all-reduce Job without a /dev/shm volume; UCX shm bootstrap segfaults --------------

_G01_NODE = "gpu-h100-8x-node-01"
_G01_NS = "isvtest"
_G01_JOB = "nccl-allreduce"
_G01_IMAGE = "nvcr.io/nvidia/hpc-benchmarks:25.04"
_G01_PODS = ("nccl-allreduce-7xq2m", "nccl-allreduce-k4c9w", "nccl-allreduce-p8t5z")


def _g01_log(t: str) -> str:
    """all_reduce_perf_mpi's opening and mpirun's abort notice around the quoted block (illustrative)."""
    return ("# Collective test starting: all_reduce_perf_mpi\n"
            "# nThread 1 nGpus 1 minBytes 8 maxBytes 17179869184 step: 2(factor) warmup iters: 5 iters: 20 "
            "agg iters: 1 validation: 1 graph: 0\n#\n"
            + t + "\n"
            "--------------------------------------------------------------------------\n"
            "Primary job  terminated normally, but 1 process returned\n"
            "a non-zero exit code. Per user-direction, the job has been aborted.\n"
            "--------------------------------------------------------------------------\n"
            "--------------------------------------------------------------------------\n"
            f"mpirun noticed that process rank 5 with PID 0 on node {_G01_PODS[-1]} exited on signal 11 "
            "(Segmentation fault).\n"
            "--------------------------------------------------------------------------\n")


@case("fg2401", pod_subj(_G01_PODS[-1], _G01_NS),
      "Kubernetes v1.33.4 (distribution not stated; version, containerd 2.0, node names and the GPU node with 8 "
      "NVIDIA H100 80GB HBM3 and the GPU Operator stack are assumed). The NVIDIA ai-cloud-validation v0.12.0 "
      "K8sNcclWorkload runs a Job (nccl-allreduce, namespace isvtest, backoffLimit 2; names and backoffLimit "
      "assumed) from nccl_allreduce_job.yaml: one pod, restartPolicy Never, image nvcr.io/nvidia/hpc-benchmarks:25.04 "
      "(taken from the repository's PR#90, assumed), command all_reduce_perf_mpi under mpirun -np 8, "
      "nvidia.com/gpu 8, and no volume mounted at /dev/shm (the thread's cause). Three pods, one per attempt, "
      "are Failed with exit code 139; the last one's log carries the quoted block verbatim (the header lines "
      "before it and mpirun's abort notice after it are illustrative). The Job is Failed (BackoffLimitExceeded).")
def _(w, t):
    w.git_version = "v1.33.4"
    _cpu_node(w, "cpu-node-01")
    n = w.gpu_node(_G01_NODE, gpus=8, product="NVIDIA-H100-80GB-HBM3", cpu="224", memory="2113485800Ki",
                   taints=_GPU_TAINT)
    info(n, containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4",
         kernelVersion="6.8.0-60-generic", osImage="Ubuntu 24.04.2 LTS")
    cmd = ["mpirun", "--allow-run-as-root", "-np", "8", "all_reduce_perf_mpi", "-b", "8", "-e", "16G", "-f", "2",
           "-g", "1"]
    pods = []
    for i, name in enumerate(_G01_PODS):
        p = w.pod(_G01_NS, name, node=_G01_NODE, gpu=8, phase="Failed", containers=("nccl-allreduce",),
                  image=_G01_IMAGE, labels={"job-name": _G01_JOB, "batch.kubernetes.io/job-name": _G01_JOB},
                  owner=("Job", _G01_JOB), tolerations=GPU_TOLERATION, cpu="32", memory="256Gi",
                  statuses=_failed("nccl-allreduce", 139), extra_spec={"restartPolicy": "Never"})
        p["spec"]["containers"][0]["command"] = cmd
        pods.append(p)
        w.event(_G01_NS, "Job", _G01_JOB, "SuccessfulCreate", f"Created pod: {name}", type="Normal",
                component="job-controller")
    w.log(_G01_NS, _G01_PODS[-1], "nccl-allreduce", _g01_log(t))
    job = w.workload("Job", _G01_NS, _G01_JOB, template_pod=pods[-1],
                     status={"failed": 3, "startTime": T0,
                             "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                             "message": "Job has reached the specified backoff limit",
                                             "lastTransitionTime": T1}]})
    job["spec"].update({"backoffLimit": 2, "completions": 1, "parallelism": 1})
    job["spec"].pop("replicas", None)
    w.event(_G01_NS, "Job", _G01_JOB, "BackoffLimitExceeded", "Job has reached the specified backoff limit",
            component="job-controller")
    w.target("Pod", _G01_NS, _G01_PODS[-1])


# ---- fg2402: fine-tuning checkpoints written to a temporary folder fill the pod's ephemeral disk (prose) -------

_G02_NODE = "gpu-a100-node-03"
_G02_NS = "tuning"
_G02_POD = "sft-trainer-granite-7b"
_G02_IMAGE = "quay.io/modh/fms-hf-tuning:v2.0.1"
_G02_TMP = "/tmp/tmpk3v9x1ab"


def _g02_log() -> str:
    """Trainer progress to about epoch 7 and torch.save's write failure into the temporary folder (illustrative)."""
    lines = []
    for step, epoch, loss in ((620, 6.2, 0.4127), (640, 6.4, 0.4081), (660, 6.6, 0.3994), (680, 6.8, 0.3952),
                              (700, 7.0, 0.3917)):
        lines.append(f"{{'loss': {loss}, 'grad_norm': 1.8{step % 7}, 'learning_rate': 3.0e-06, 'epoch': {epoch}}}")
    return ("\n".join(lines) + "\n"
            f"Saving model checkpoint to {_G02_TMP}/checkpoint-700\n"
            "Traceback (most recent call last):\n"
            '  File "/app/accelerate_launch.py", line 139, in main\n'
            "    launch_command(args)\n"
            '  File "/home/tuning/.local/lib/python3.11/site-packages/torch/serialization.py", line 652, in save\n'
            "    with _open_zipfile_writer(f) as opened_zipfile:\n"
            "RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed writing file "
            "data/403: file write failed\n")


@case("fg2402", pod_subj(_G02_POD, _G02_NS),
      "Kubernetes v1.29.6 (the thread says 'K8s/Openshift'; vanilla Kubernetes, its version, containerd 1.7, the "
      "node with 2 NVIDIA A100-SXM4-80GB and the GPU Operator stack are assumed). A fine-tuning pod "
      "(sft-trainer-granite-7b, namespace tuning, restartPolicy Never; names assumed) runs the fms-hf-tuning image "
      "(quay.io/modh/fms-hf-tuning:v2.0.1, tag assumed) with nvidia.com/gpu 2 (assumed) and ephemeral-storage "
      "request and limit 20Gi (the thread's 'ephemeralStorage: \"20Gi\"'), tuning ibm-granite/granite-7b-base for "
      "10 epochs; its config comes from the ConfigMap sft-trainer-config (as in the repository's build README). "
      "The pod is Failed: the container exited with code 1 at about epoch 7; its log (illustrative: the thread "
      "only paraphrases the error as 'cannot write to file/disk space') ends with a checkpoint save into a /tmp "
      "folder and torch.save's write failure. No PVC is mounted. The case text is the reporter's sentence and "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.29.6"
    _cpu_node(w, "cpu-node-02")
    n = w.gpu_node(_G02_NODE, gpus=2, product="NVIDIA-A100-SXM4-80GB", cpu="64", memory="528114680Ki",
                   taints=_GPU_TAINT)
    info(n, containerRuntimeVersion="containerd://1.7.18", kubeletVersion="v1.29.6", kubeProxyVersion="v1.29.6")
    p = w.pod(_G02_NS, _G02_POD, node=_G02_NODE, gpu=2, phase="Failed", containers=("sft-trainer",),
              image=_G02_IMAGE, labels={"app": "sft-trainer"}, tolerations=GPU_TOLERATION, cpu="8",
              memory="160Gi", env=[{"name": "SFT_TRAINER_CONFIG_JSON_PATH", "value": "/config/config.json"}],
              volumes=[{"name": "sft-trainer-config", "configMap": {"name": "sft-trainer-config"}}],
              mounts=[{"name": "sft-trainer-config", "mountPath": "/config"}],
              statuses=_failed("sft-trainer", 1, finished="2026-11-29T21:47:00Z"),
              extra_spec={"restartPolicy": "Never"})
    res = p["spec"]["containers"][0]["resources"]
    res["requests"]["ephemeral-storage"] = "20Gi"
    res["limits"]["ephemeral-storage"] = "20Gi"
    w.log(_G02_NS, _G02_POD, "sft-trainer", _g02_log())
    w.target("Pod", _G02_NS, _G02_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
