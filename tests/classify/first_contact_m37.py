"""Builds first-contact batch M37 (fixtures/first-contact/batch-m37/cases.jsonl) as scenario bundles.

Round 37's frame: the "Fixed" entries of the GPU components' own changelogs (KAI-Scheduler's CHANGELOG.md read first,
then NVIDIA/k8s-device-plugin's; mig-parted's and nvidia-container-toolkit's fell beyond the 60-entry reading budget).
Seven cases, all from KAI-Scheduler's CHANGELOG.md:

- fm3701: KAI rejects pods requesting an extended resource advertised by only some nodes, 'No node in the default
  node-pool has <resource> resources' (issue #1851; prose);
- fm3702: the kai-operator is OOMKilled at its 256Mi limit on a large cluster, its informers caching every Pod,
  Lease and EndpointSlice (issue #1780; prose);
- fm3703: the kai-scheduler pod restarts on a nil pointer dereference during reclaim for root-level queues
  (issue #1863; the reporter's stack trace, placed in the scheduler's previous log);
- fm3704: the scheduler, its ServiceAccount token stale, retries 401 Unauthorized forever while Running/Ready and
  pods stay Pending without a word (issue #1817; prose);
- fm3705: duplicate GPU reservation pods for one gpu-group corrupt fractional-GPU accounting and leave fractional
  pods Pending (issue #1673; prose);
- fm3706: KAI under-counts native sidecars and binds a pod the kubelet rejects with OutOfcpu (PR #1556; prose);
- fm3707: a healthy look-alike: the scheduler's status-updater retries updates of deleted PodGroups and floods its
  log with NotFound errors while every workload runs (issue #1945; prose).

Prose texts (the changelog bullets' own words) are not in the bundles (TEXT_NOT_IN_BUNDLE); fm3703's text is placed
verbatim in the kai-scheduler container's previous log. The expected answers were reasoned from the fixes and
committed before any run. Names, versions, node sizes and the log and event lines the entries do not quote are
assumed or composed; each scenario's README (and the case's note) says which.

    .venv/bin/python -m tests.classify.first_contact_m37      # (re)writes fixtures/first-contact/batch-m37/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, annotate, deploy_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-m37", "M37", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fm3701", "fm3702", "fm3704", "fm3705", "fm3706", "fm3707"}

KAI_NS = "kai-scheduler"
KAI_IMG = "ghcr.io/kai-scheduler/kai-scheduler"      # registry path assumed
_COMPONENTS = ("operator", "scheduler", "binder", "podgrouper", "admission", "queue-controller",
               "podgroup-controller")


def kai_stack(w, ver: str, node: str, *, skip: tuple[str, ...] = ()) -> dict[str, dict]:
    """KAI-Scheduler's control plane in namespace kai-scheduler: one Deployment and pod per component."""
    out = {}
    for comp in _COMPONENTS:
        if comp in skip:
            continue
        name = "kai-operator" if comp == "operator" else ("kai-scheduler-default" if comp == "scheduler" else comp)
        rs = f"{name}-6d8f9c7b5"
        p = deploy_pod(w, KAI_NS, rs, f"{rs}-q2x8m", node, containers=(comp,), image=f"{KAI_IMG}/{comp}:{ver}",
                       labels={"app": name}, cpu="100m", memory="256Mi")
        w.workload("Deployment", KAI_NS, name, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
        out[comp] = p
    return out


def _kai_pod(w, ns: str, name: str, *, queue: str, gpu: int = 1, node: str | None = None, **kw) -> dict:
    labels = {"kai.scheduler/queue": queue, **kw.pop("labels", {})}
    return w.pod(ns, name, gpu=gpu, node=node, scheduler="kai-scheduler", labels=labels,
                 tolerations=[GPU_TOLERATION], **kw)


# ---- fm3701: extended resource on a subset of nodes reported as absent (#1851) -----------------------------

_01_NS = "ml-train"
_01_POD = "dist-train-worker-0"


@case("fm3701", pod_subj(_01_POD, _01_NS),
      "Kubernetes v1.33.4 (assumed) with 8 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; model assumed) "
      "of which 3 (gpu-node-01..03) also advertise rdma/shared_mlx5: 63 from the RDMA shared device plugin (the "
      "resource and the split are assumed; the issue: 24 of 75 nodes), plus one CPU node running KAI-Scheduler "
      "v0.16.4 (operator, scheduler, binder, podgrouper, admission, queue and podgroup controllers; names and "
      "registry assumed). A training pod (schedulerName kai-scheduler, queue team-a) requests 8 nvidia.com/gpu and "
      "1 rdma/shared_mlx5 and stays Pending; KAI's Unschedulable event and the PodScheduled condition carry a "
      "message composed from the issue's template and KAI v0.16.4's buildUnschedulableMessage format. The "
      "changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(8):
        n = w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                       cpu="192", memory="2113466092Ki", taints=[{"key": "nvidia.com/gpu", "value": "present",
                                                                  "effect": "NoSchedule"}])
        if i < 3:
            for res in ("capacity", "allocatable"):
                n["status"][res]["rdma/shared_mlx5"] = "63"
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    kai_stack(w, "v0.16.4", "cpu-node-01")
    msg = ("The pod ml-train/dist-train-worker-0 requires GPU: 8, CPU: 32 (cores), memory: 256 (GB), pods: 1, "
           "rdma/shared_mlx5: 1000. No node in the default node-pool has rdma/shared_mlx5 resources")
    p = _kai_pod(w, _01_NS, _01_POD, queue="team-a", gpu=8, phase="Pending", scheduled_message=msg,
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.05-py3", cpu="32", memory="256Gi",
                 owner=("Job", "dist-train-worker"))
    for c in p["spec"]["containers"]:
        c["resources"]["requests"]["rdma/shared_mlx5"] = "1"
        c["resources"]["limits"]["rdma/shared_mlx5"] = "1"
    w.event(_01_NS, "Pod", _01_POD, "Unschedulable", msg, component="kai-scheduler", count=41)
    w.target("Pod", _01_NS, _01_POD)


# ---- fm3702: kai-operator OOMKilled at 256Mi on a large cluster (#1780) -------------------------------------

_02_NODE = "cpu-node-01"


@case("fm3702", pod_subj("kai-operator-6d8f9c7b5-q2x8m", KAI_NS),
      "Kubernetes v1.33.4 (assumed), a large cluster: 32 GPU nodes (8 x A100 80GB each, GPU Operator stack healthy) "
      "and 8 CPU nodes; about 3,000 pods in total, represented here by the GPU stack's pods and 64 training pods "
      "(assumed). KAI-Scheduler v0.16.3 (names and registry assumed) runs in namespace kai-scheduler; its "
      "kai-operator container (memory limit 256Mi, the chart's default per the entry) is in CrashLoopBackOff, last "
      "state Terminated, reason OOMKilled, exit code 137, 19 restarts (assumed); the other KAI components run. "
      "The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(32):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=8, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920,
                   cpu="128", memory="1056271988Ki")
    for i in range(8):
        w.node(f"cpu-node-{i + 1:02d}", cpu="32", memory="131868300Ki")
    pods = kai_stack(w, "v0.16.3", _02_NODE)
    op = pods["operator"]
    for c in op["spec"]["containers"]:
        c["resources"] = {"requests": {"cpu": "100m", "memory": "256Mi"}, "limits": {"memory": "256Mi"}}
    crashloop(op, "operator", restarts=19, code=137, reason="OOMKilled")
    dep = next(d for d in w.workloads[("deployments", KAI_NS)] if d["metadata"]["name"] == "kai-operator")
    dep["status"] = {"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                     "updatedReplicas": 1, "observedGeneration": 1}
    backoff(w, KAI_NS, op["metadata"]["name"], "operator", _02_NODE, count=212)
    w.log(KAI_NS, op["metadata"]["name"], "operator",
          '{"level":"info","ts":"2026-11-29T14:58:02Z","logger":"setup","msg":"starting manager"}\n'
          '{"level":"info","ts":"2026-11-29T14:58:02Z","msg":"Starting EventSource","controller":"config",'
          '"source":"kind source: *v1.Pod"}\n', previous=True)
    for i in range(64):
        _kai_pod(w, "ml-train", f"train-{i:02d}-worker-0", queue="team-a", gpu=4, node=f"gpu-node-{i // 2 + 1:02d}",
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.05-py3", cpu="16", memory="128Gi",
                 owner=("Job", f"train-{i:02d}-worker"))
    w.target("Pod", KAI_NS, op["metadata"]["name"])


# ---- fm3703: kai-scheduler nil pointer dereference during reclaim for root-level queues (#1863) ---------------

_03_NS = "inference"
_03_POD = "llm-serve-7f9c4b8d6-k2x7q"
_03_NODE = "gpu-node-01"


@case("fm3703", pod_subj(_03_POD, _03_NS),
      "Kubernetes v1.33.4 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; assumed) and "
      "a CPU node running KAI-Scheduler v0.16.2 (the reporter's version; names and registry assumed). Root-level "
      "queues non-gpu, inference and training (the PR's examples plus one assumed); all 16 GPUs are held by "
      "training-queue pods over their quota. The kai-scheduler-default pod is Running with 37 restarts, last state "
      "Terminated exit code 2 (a Go panic); its previous log ends in the panic, whose frames from "
      "solvePendingJobWithGenerator down to BackoffUntil are the issue's (the case's text among them, verbatim) and "
      "whose header and top frames (GetMessageOfEviction, the proportion plugin, named by PR #1866) are composed. An "
      "inference pod requesting 4 GPUs, which needs reclaim from the training queue, is Pending with no event and "
      "no PodScheduled message (assumed: each cycle dies before its status updates are written).")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(2):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   cpu="192", memory="2113466092Ki")
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    pods = kai_stack(w, "v0.16.2", "cpu-node-01")
    sch = pods["scheduler"]
    sname = sch["metadata"]["name"]
    for s in sch["status"]["containerStatuses"]:
        s.update({"restartCount": 37, "lastState": {"terminated": {"exitCode": 2, "reason": "Error",
                                                                    "startedAt": T0, "finishedAt": T1}}})
    prev = ("I1129 14:41:07.118230       1 scheduler.go:131] \"Start scheduling ...\"\n"
            "I1129 14:41:07.121906       1 reclaim.go:58] \"Attempting to reclaim for job: inference/pg-llm-serve-"
            "7f9c4b8d6-k2x7q\"\n"
            "panic: runtime error: invalid memory address or nil pointer dereference\n"
            "[signal SIGSEGV: segmentation violation code=0x1 addr=0x20 pc=0x1e8f3a4]\n\n"
            "goroutine 218 [running]:\n"
            "github.com/kai-scheduler/KAI-scheduler/pkg/scheduler/plugins/proportion.(*proportionPlugin)."
            "getQueueFairShareFn(0x3deb38a1c000, 0x0)\n"
            "\t/local/pkg/scheduler/plugins/proportion/proportion.go:412 +0x24\n"
            "github.com/kai-scheduler/KAI-scheduler/pkg/scheduler/actions/utils.GetMessageOfEviction(0x3deb3dce7888, "
            "0x3deb3a9b8b00, 0x3deb39fa6120)\n"
            "\t/local/pkg/scheduler/actions/utils/action.go:88 +0x1b5\n"
            "github.com/kai-scheduler/KAI-scheduler/pkg/scheduler/actions/common/solvers.(*JobSolver)."
            "solvePendingJobWithGenerator(0x3deb38690740, 0x3deb3dce7888, 0x3deb3c2376c8, 0x3deb3a9b8b00, "
            "{0x3deb3e934820, 0x1, 0x1}, 0x3deb38690780, {{0x322edc9, 0xf}, ...}, ...)\n"
            "\t/local/pkg/scheduler/actions/common/solvers/job_solver.go:165 +0x85\n"
            "github.com/kai-scheduler/KAI-scheduler/pkg/scheduler/actions/common/solvers.(*JobSolver)."
            "SolveWithResult(0x3deb38690740, 0x3deb3dce7888, 0x3deb3a9b8b00)\n"
            "\t/local/pkg/scheduler/actions/common/solvers/job_solver.go:124 +0x5d2\n"
            f"{t}\n"
            "k8s.io/apimachinery/pkg/util/wait.BackoffUntil.func1({0x3b9aca00?, 0x3deb37f2eea8?})\n"
            "\t/go/pkg/mod/k8s.io/apimachinery@v0.35.4/pkg/util/wait/backoff.go:233 +0x13\n"
            "k8s.io/apimachinery/pkg/util/wait.BackoffUntilWithContext.func1({0x33c4610?, 0x3deb37cdee00?}, "
            "0x4275f4?)\n"
            "\t/go/pkg/mod/k8s.io/apimachinery@v0.35.4/pkg/util/wait/backoff.go:255 +0x51\n")
    w.log(KAI_NS, sname, "scheduler", prev, previous=True)
    w.log(KAI_NS, sname, "scheduler", "I1129 14:59:40.002114       1 scheduler.go:131] \"Start scheduling ...\"\n")
    for i in range(4):
        _kai_pod(w, "training", f"pretrain-{i}-worker-0", queue="training", gpu=4, node=f"gpu-node-{i // 2 + 1:02d}",
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.05-py3", cpu="32", memory="256Gi",
                 owner=("Job", f"pretrain-{i}-worker"))
    _kai_pod(w, _03_NS, _03_POD, queue="inference", gpu=4, phase="Pending", containers=("vllm",),
             image="vllm/vllm-openai:v0.11.0", cpu="16", memory="128Gi", owner=("ReplicaSet", "llm-serve-7f9c4b8d6"))
    w.target("Pod", _03_NS, _03_POD)


# ---- fm3704: scheduler retries 401 Unauthorized forever with a stale token (#1817) ---------------------------

_04_NS = "ml-team"
_04_POD = "finetune-llama-worker-0"


@case("fm3704", pod_subj(_04_POD, _04_NS),
      "Kubernetes v1.33.4 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy, GPUs free; "
      "assumed) and a CPU node running KAI-Scheduler v0.16.3 (names and registry assumed). The kai-scheduler-default "
      "pod, recreated by the operator after the kai-config Config CR was deleted, is Running and Ready with 0 "
      "restarts; its log repeats client-go reflector list/watch failures ending in 'Unauthorized' (composed from "
      "client-go's wording, not quoted). A fine-tuning pod (schedulerName kai-scheduler, queue team-a, 2 GPUs) is "
      "Pending with no event and no PodScheduled message. The changelog bullet (the case's text) is not in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(2):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   cpu="192", memory="2113466092Ki")
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    pods = kai_stack(w, "v0.16.3", "cpu-node-01")
    sname = pods["scheduler"]["metadata"]["name"]
    lines = []
    for k, (ts, kind) in enumerate([("14:52:11.402913", "Pod"), ("14:52:12.918544", "PodGroup"),
                                    ("14:53:40.117205", "Node"), ("14:55:02.660381", "Pod")]):
        src = ("k8s.io/client-go/informers/factory.go:160" if kind in ("Pod", "Node")
               else "pkg/apis/client/informers/externalversions/factory.go:149")
        api = "*v1.Pod" if kind == "Pod" else ("*v1.Node" if kind == "Node" else "*v2alpha2.PodGroup")
        lines.append(f"W1129 {ts}       1 reflector.go:569] {src}: failed to list {api}: Unauthorized")
        lines.append(f"E1129 {ts}       1 reflector.go:166] \"Unhandled Error\" err=\"{src}: Failed to watch "
                     f"{api}: failed to list {api}: Unauthorized\" logger=\"UnhandledError\"")
    w.log(KAI_NS, sname, "scheduler", "\n".join(lines) + "\n")
    _kai_pod(w, _04_NS, _04_POD, queue="team-a", gpu=2, phase="Pending", containers=("trainer",),
             image="nvcr.io/nvidia/pytorch:26.05-py3", cpu="16", memory="128Gi",
             owner=("Job", "finetune-llama-worker"))
    w.target("Pod", _04_NS, _04_POD)


# ---- fm3705: duplicate reservation pods for one gpu-group corrupt fractional accounting (#1673) --------------

_05_NS = "ml-serve"
_05_POD = "frac-infer-6"
_05_NODE = "gpu-node-03"
_RES_NS = "kai-resource-reservation"


@case("fm3705", pod_subj(_05_POD, _05_NS),
      "Kubernetes v1.32.6 (assumed) with 4 GPU nodes (4 x H100 80GB each, GPU Operator stack healthy; assumed) and a "
      "CPU node running KAI-Scheduler v0.15.3 with GPU sharing (names and registry assumed). On gpu-node-03 two GPUs "
      "are held by whole-GPU pods and two by reservation pods in namespace kai-resource-reservation (app "
      "kai-resource-reservation; gpu-reservation-<node>-<suffix> names) carrying the same runai-gpu-group value "
      "(assumed); two fractional pods (gpu-fraction 0.5) of that group run; the other GPU nodes are full with "
      "whole-GPU pods. A new fractional pod (gpu-fraction 0.5, queue team-serve) is Pending; KAI's Unschedulable "
      "event and the PodScheduled condition carry a composed GPU-shortage message. The changelog bullet (the case's "
      "text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.6"
    for i in range(4):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=4, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   cpu="96", memory="1056271988Ki")
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    kai_stack(w, "v0.15.3", "cpu-node-01")
    group = "3f6c1e2a-9b47-4d1e-8f0a-5c2d7e91b6a4"
    for sfx in ("wfr6b", "ng5mx"):
        rp = w.pod(_RES_NS, f"gpu-reservation-{_05_NODE}-{sfx}", node=_05_NODE, gpu=1, containers=("resource-reservation",),
                   image=f"{KAI_IMG}/resource-reservation:v0.15.3", cpu="2m", memory="20Mi",
                   labels={"app": "kai-resource-reservation", "runai-gpu-group": group},
                   runtime_class="nvidia", tolerations=[GPU_TOLERATION])
        rp["spec"]["serviceAccountName"] = "kai-resource-reservation"
    for i in range(2):
        p = _kai_pod(w, _05_NS, f"frac-infer-{i}", queue="team-serve", gpu=0, node=_05_NODE,
                     containers=("server",), image="vllm/vllm-openai:v0.9.2", cpu="4", memory="32Gi",
                     labels={"runai-gpu-group": group})
        annotate(p, **{"gpu-fraction": "0.5"})
    for n in range(1, 5):
        for g in range(4 if n != 3 else 2):
            _kai_pod(w, "ml-train", f"train-n{n}-g{g}", queue="team-train", gpu=1, node=f"gpu-node-{n:02d}",
                     containers=("trainer",), image="nvcr.io/nvidia/pytorch:25.05-py3", cpu="16", memory="128Gi",
                     owner=("Job", f"train-n{n}-g{g}"))
    msg = ("Resources were not found for pod ml-serve/frac-infer-6 due to: no nodes with enough resources were "
           "found: 4 node(s) didn't have enough resources: GPUs.")
    p = _kai_pod(w, _05_NS, _05_POD, queue="team-serve", gpu=0, phase="Pending", scheduled_message=msg,
                 containers=("server",), image="vllm/vllm-openai:v0.9.2", cpu="4", memory="32Gi")
    annotate(p, **{"gpu-fraction": "0.5"})
    w.event(_05_NS, "Pod", _05_POD, "Unschedulable", msg, component="kai-scheduler", count=63)
    w.target("Pod", _05_NS, _05_POD)


# ---- fm3706: native sidecar under-counted; kubelet rejects the bound pod with OutOfcpu (#1556) ---------------

_06_NS = "ml-batch"
_06_POD = "embed-job-x7k2p"
_06_NODE = "gke-ml-a100-pool-3f2a9c1d-k8x2"


@case("fm3706", pod_subj(_06_POD, _06_NS),
      "GKE Standard v1.33.5-gke.1080000 (assumed) with a node pool of a2-highgpu-1g nodes (1 x A100 40GB, allocatable "
      "cpu 11440m; assumed) and KAI-Scheduler v0.14.5 on a CPU node (names and registry assumed). The pod "
      "(schedulerName kai-scheduler, queue team-batch, 1 GPU; the GPU is assumed) has a 4-CPU main container and "
      "the 250m gke-gcsfuse-sidecar native sidecar (initContainer with restartPolicy Always, per the PR). KAI bound "
      "it to a node whose other pods request 7250m CPU; the kubelet rejected it: phase Failed, reason OutOfcpu, "
      "message and event composed in the kubelet's format (numbers assumed). The changelog bullet (the case's text) "
      "is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5-gke.1080000"
    w.gpu_node(_06_NODE, gpus=1, product="NVIDIA-A100-SXM4-40GB", memory_mib=40960, cpu="12",
                   memory="87540564Ki", alloc_cpu="11440m", alloc_memory="76331340Ki",
                   labels={"cloud.google.com/gke-accelerator": "nvidia-tesla-a100",
                           "cloud.google.com/gke-nodepool": "ml-a100-pool",
                           "node.kubernetes.io/instance-type": "a2-highgpu-1g"})
    w.node("gke-ml-cpu-pool-9d1e4b7a-p3qz", cpu="8", memory="32882420Ki", alloc_cpu="7910m",
           labels={"cloud.google.com/gke-nodepool": "ml-cpu-pool"})
    kai_stack(w, "v0.14.5", "gke-ml-cpu-pool-9d1e4b7a-p3qz")
    w.pod(_06_NS, "prep-shard-0", node=_06_NODE, gpu=0, containers=("prep",), image="python:3.12-slim",
          cpu="7", memory="24Gi", scheduler="kai-scheduler", labels={"kai.scheduler/queue": "team-batch"})
    msg = "Pod was rejected: Node didn't have enough resource: cpu, requested: 4250, used: 7250, capacity: 11440"
    sidecar = {"name": "gke-gcsfuse-sidecar", "image": "gke.gcr.io/gcs-fuse-csi-driver-sidecar-mounter:v1.17.2-gke.0",
               "restartPolicy": "Always",
               "resources": {"requests": {"cpu": "250m", "memory": "256Mi", "ephemeral-storage": "5Gi"}}}
    p = _kai_pod(w, _06_NS, _06_POD, queue="team-batch", gpu=1, phase="Failed", reason="OutOfcpu", message=msg,
                 containers=("embed",), image="us-docker.pkg.dev/ml-prod/images/embedder:2026.05", cpu="4",
                 memory="32Gi", owner=("Job", "embed-job"),
                 extra_spec={"initContainers": [sidecar]})
    p["spec"]["nodeName"] = _06_NODE
    p["status"].pop("conditions", None)
    p["status"]["startTime"] = T0
    annotate(p, **{"gke-gcsfuse/volumes": "true"})
    w.event(_06_NS, "Pod", _06_POD, "OutOfcpu", "Node didn't have enough resource: cpu, requested: 4250, used: 7250, "
            "capacity: 11440", component="kubelet", host=_06_NODE)
    w.target("Pod", _06_NS, _06_POD)


# ---- fm3707: healthy look-alike: NotFound retries for deleted PodGroups flood the scheduler log (#1945) --------

_07_POD = "kai-scheduler-default-6d8f9c7b5-q2x8m"


@case("fm3707", pod_subj(_07_POD, KAI_NS),
      "Kubernetes v1.33.4 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; assumed) and a "
      "CPU node running KAI-Scheduler v0.16.3 (names and registry assumed), all components Running and Ready. Four "
      "training pods of queue team-a run on the GPU nodes; jobs that finished earlier had their PodGroups deleted. "
      "The kai-scheduler-default container's log repeats status-update failures for those deleted PodGroups, each "
      "ending in the API server's NotFound wording (composed, not quoted). Nothing is Pending or failing: a healthy "
      "look-alike. The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    for i in range(2):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   cpu="192", memory="2113466092Ki")
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")
    kai_stack(w, "v0.16.3", "cpu-node-01")
    for i in range(4):
        _kai_pod(w, "ml-train", f"sweep-{i}-worker-0", queue="team-a", gpu=4, node=f"gpu-node-{i // 2 + 1:02d}",
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.05-py3", cpu="32", memory="256Gi",
                 owner=("Job", f"sweep-{i}-worker"))
    lines = ["I1129 14:50:00.014877       1 scheduler.go:131] \"Start scheduling ...\""]
    for k in range(12):
        pg = f"pg-eval-{k % 3}-worker-0-5c1d7e{k % 3}a"
        lines.append(f"E1129 14:5{k // 4}:{(k * 7) % 60:02d}.{318204 + k * 911:06d}       1 status_updater.go:201] "
                     f"\"Failed to update pod group status\" podGroup=\"ml-train/{pg}\" "
                     f"err=\"podgroups.scheduling.run.ai \\\"{pg}\\\" not found\"")
    w.log(KAI_NS, _07_POD, "scheduler", "\n".join(lines) + "\n")
    w.target("Pod", KAI_NS, _07_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
