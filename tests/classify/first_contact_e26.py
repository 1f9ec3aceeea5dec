"""Builds first-contact batch E26 (fixtures/first-contact/batch-e26/cases.jsonl) as scenario bundles.

2025-2026 CUDA and framework errors inside Kubernetes GPU pods (round 26, search protocol): a PyTorch Lightning
DDP job over InfiniBand whose rank 2 fails at NCCL communicator set-up with 'Could not find NET with id 0', an
NCCL 2.26 topology-search fallback that uses a hardcoded net id invalid under NIC fusion, fixed by NCCL 2.27
(NVIDIA/nccl#1748). The text is placed verbatim where the thread says it appeared (the training pod's log, the
last line of rank 2's NCCL internal error). Names, versions, the job shape and the log lines around the text
(apart from the traceback lines the description shows) are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_e26      # (re)writes fixtures/first-contact/batch-e26/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e26", "E26", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_GPU_TAINT = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]

# ---- fe2601: NCCL 2.26 'Could not find NET with id 0' at communicator init of a Lightning DDP job ------------

_NS = "training"
_JOB = "lightning-ddp"
_IMAGE = "ghcr.io/example-org/trainer:2025.06.18"
_NODES = ("gpu-ib-node-01", "gpu-ib-node-02")
_PODS = ("lightning-ddp-0-7kq2x", "lightning-ddp-1-m4w9c")
_PIXI = "/app/.pixi/envs/default-gpu/lib/python3.11/site-packages"

# the traceback lines of the issue description, as the stored copy shows them
_TRACEBACK = (
    f'[rank2]:   File "{_PIXI}/pytorch_lightning/trainer/trainer.py", line 538, in fit\n'
    "[rank2]:     call._call_and_handle_interrupt(\n"
    f'[rank2]:   File "{_PIXI}/pytorch_lightning/trainer/call.py", line 46, in _call_and_handle_interrupt\n'
    "[rank2]:     return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)\n"
    "[rank2]:            " + "^" * 78 + "\n"
    f'[rank2]:   File "{_PIXI}/pytorch_lightning/strategies/launchers/subprocess_script.py", line 105, in launch\n'
    "[rank2]:     return function(*args, **kwargs)\n"
    "[rank2]:            " + "^" * 25 + "\n")


def _ranks(first: int) -> str:
    return "".join(f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/8\n" for r in range(first, first + 4))


def _log0(t: str) -> str:
    """Lightning's start-up lines, an NCCL WARN line with the maintainer's quoted message, the description's
    traceback lines and the torch DistBackendError lines ending with the text (all but the traceback
    and the text illustrative)."""
    return (_ranks(0)
            + "-" * 100 + "\n"
            "distributed_backend=nccl\n"
            "All distributed processes registered. Starting with 8 processes\n"
            + "-" * 100 + "\n\n"
            f"{_PODS[0]}:214:402 [2] NCCL WARN Could not find a path for pattern 1, falling back to simple order\n"
            "[rank2]: Traceback (most recent call last):\n"
            + _TRACEBACK
            + "[rank2]: torch.distributed.DistBackendError: NCCL error in: "
              "/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3353, internal error - please report "
              "this issue to the NCCL developers, NCCL version 2.26.2\n"
              "[rank2]: ncclInternalError: Internal check failed.\n"
              "[rank2]: Last error:\n"
              f"[rank2]: {t}\n")


def _failed(container: str, code: int) -> dict:
    return {container: {"state": {"terminated": {"exitCode": code, "reason": "Error", "startedAt": T0,
                                                 "finishedAt": T1}},
                        "ready": False, "restartCount": 0, "started": False}}


@case("fe2601", pod_subj(_PODS[0], _NS),
      "Kubernetes v1.31.6 (distribution and version assumed; the thread says only 'in a container, under "
      "Kubernetes'). Two GPU nodes (4 x NVIDIA H100 80GB HBM3 with NVLink and one InfiniBand HCA per GPU, GPU "
      "Operator stack with driver 550.127.05 healthy; model, counts, names and versions assumed, the one-NIC-per-GPU "
      "layout from the maintainer's reading of one reporter's logs) and a CPU node. An indexed Job (lightning-ddp, "
      "namespace training, completions and parallelism 2, backoffLimit 0; all assumed) runs one pod per node, "
      "4 GPUs each, image with a pixi environment (the description's /app/.pixi/envs/default-gpu path; image "
      "name assumed), NCCL_DEBUG=WARN (assumed). Both pods are Failed with exit code 1; pod 0 (ranks 0-3) "
      "carries the description's traceback lines and, after torch's NCCL internal-error lines (illustrative, "
      "NCCL 2.26.2), the text verbatim as rank 2's last error; an NCCL WARN line with the maintainer's quoted "
      "'Could not find a path for pattern 1, falling back to simple order' precedes it (framing illustrative). "
      "Pod 1's log holds only Lightning's start-up lines (assumed). The Job is Failed (BackoffLimitExceeded).")
def _(w, t):
    w.git_version = "v1.31.6"
    cpu = w.node("cpu-node-01", cpu="16", memory="65842364Ki", labels={"node-role.kubernetes.io/worker": ""})
    info(cpu, kubeletVersion=w.git_version)
    for name in _NODES:
        n = w.gpu_node(name, gpus=4, product="NVIDIA-H100-80GB-HBM3", cpu="96", memory="1056495048Ki",
                       taints=_GPU_TAINT, labels={"feature.node.kubernetes.io/rdma.available": "true"})
        info(n, containerRuntimeVersion="containerd://1.7.25", kubeletVersion=w.git_version,
             kernelVersion="5.15.0-139-generic", osImage="Ubuntu 22.04.5 LTS")
    env = [{"name": "NCCL_DEBUG", "value": "WARN"}, {"name": "NCCL_IB_DISABLE", "value": "0"}]
    pods = []
    for i, (name, node) in enumerate(zip(_PODS, _NODES)):
        p = w.pod(_NS, name, node=node, gpu=4, phase="Failed", containers=("trainer",), image=_IMAGE,
                  labels={"job-name": _JOB, "batch.kubernetes.io/job-name": _JOB,
                          "batch.kubernetes.io/job-completion-index": str(i)},
                  owner=("Job", _JOB), tolerations=GPU_TOLERATION, env=env, cpu="32", memory="256Gi",
                  statuses=_failed("trainer", 1), extra_spec={"restartPolicy": "Never", "subdomain": _JOB})
        p["spec"]["containers"][0]["command"] = ["pixi", "run", "-e", "default-gpu", "python", "train.py"]
        pods.append(p)
        w.event(_NS, "Job", _JOB, "SuccessfulCreate", f"Created pod: {name}", type="Normal",
                component="job-controller")
    w.log(_NS, _PODS[0], "trainer", _log0(t))
    w.log(_NS, _PODS[1], "trainer", _ranks(4))
    job = w.workload("Job", _NS, _JOB, template_pod=pods[0],
                     status={"failed": 2, "startTime": T0,
                             "conditions": [{"type": "Failed", "status": "True", "reason": "BackoffLimitExceeded",
                                             "message": "Job has reached the specified backoff limit",
                                             "lastTransitionTime": T1}]})
    job["spec"].update({"backoffLimit": 0, "completions": 2, "parallelism": 2, "completionMode": "Indexed"})
    job["spec"].pop("replicas", None)
    w.event(_NS, "Job", _JOB, "BackoffLimitExceeded", "Job has reached the specified backoff limit",
            component="job-controller")
    w.target("Pod", _NS, _PODS[0])


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
