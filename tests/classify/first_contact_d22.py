"""Builds first-contact batch D22 (fixtures/first-contact/batch-d22/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures with Karpenter or the cluster autoscaler, found with the search protocol of the
batch README (24 queries fixed before the first search, round-robin over the issues, pages, docs and code
corpora; follow-ups logged). fd2201's text is the issue's own prose and is NOT placed in the bundle
(TEXT_NOT_IN_BUNDLE). The expected answer was reasoned from the thread (`expected` in the case, preferred first)
and committed before any rule change; it is never taken from the tool's output.

Names and versions the thread does not state (node and pod names, namespaces, instance types, the taint key, the
autoscaler's event words) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_d22      # (re)writes fixtures/first-contact/batch-d22/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, ds_status
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-d22", "D22", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the threads' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fd2201"}


# ---- scheduler: GPU pool nodes start with a 'GPU Not Ready' taint; CA without --ignore-taints (gardener/autoscaler#106)

_POOL = "worker.gardener.cloud/pool"
_NOT_READY_TAINT = {"key": "nvidia.com/gpu-not-ready", "value": "true", "effect": "NoSchedule"}


@case("fd2201", pod_subj("train-resnet-7xk2p", "ml"),
      "A Gardener shoot on AWS (assumed; the issue names no infrastructure), Kubernetes v1.21 (assumed from the "
      "issue's date). Worker pool cpu-worker: two m5.xlarge nodes (names and sizes assumed), Ready, no GPU. Worker "
      "pool gpu-worker (g4dn.xlarge, 1 T4 per node, minimum 0, maximum 4; assumed) has 0 nodes; its nodes are "
      "created with the NoSchedule taint nvidia.com/gpu-not-ready=true (the issue's 'GPU Not Ready' taint; the key "
      "is assumed), which a driver installer removes once the NVIDIA driver is in. Gardener runs the cluster "
      "autoscaler (its fork, v1.20, assumed) in the seed, without --ignore-taints, so no autoscaler pod is in the "
      "shoot; it writes its events into the shoot. The NVIDIA device plugin DaemonSet in kube-system selects the "
      "gpu-worker pool and has 0 pods. The Job train-resnet's pod train-resnet-7xk2p (namespace ml, nvidia.com/gpu 1, "
      "tolerating nvidia.com/gpu but not the not-ready taint) is Pending and unbound: the default scheduler's "
      "FailedScheduling (Insufficient nvidia.com/gpu on the two CPU nodes) and the cluster autoscaler's "
      "NotTriggerScaleUp naming the gpu-worker template's taint (both illustrative; the issue quotes no message).")
def _(w, t):
    w.git_version = "v1.21.8"
    cpu_nodes = ["ip-10-250-8-41.ec2.internal", "ip-10-250-23-117.ec2.internal"]
    for n in cpu_nodes:
        w.node(n, cpu="4", memory="15896476Ki", alloc_cpu="3920m", alloc_memory="14625436Ki",
               labels={_POOL: "cpu-worker", "worker.gardener.cloud/system-components": "true",
                       "node.kubernetes.io/instance-type": "m5.xlarge", "topology.kubernetes.io/zone": "us-east-1a",
                       "topology.kubernetes.io/region": "us-east-1"})
    tmpl = w.pod(KS, "nvidia-device-plugin-template", gpu=0, containers=("nvidia-device-plugin-ctr",),
                 image="nvcr.io/nvidia/k8s-device-plugin:v0.10.0", cpu="50m", memory="64Mi",
                 node_selector={_POOL: "gpu-worker"},
                 tolerations=[dict(x) for x in GPU_TOLERATION] + [{"key": _NOT_READY_TAINT["key"], "operator": "Exists",
                                                     "effect": "NoSchedule"}])
    w.pods[KS].remove(tmpl)                  # only the template: the DaemonSet has no pod (no GPU node)
    ds = w.workload("DaemonSet", KS, "nvidia-device-plugin-daemonset", template_pod=tmpl, status=ds_status(0, 0, 0))
    ds["spec"].pop("replicas", None)
    msg = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."
    name = "train-resnet-7xk2p"
    p = w.pod("ml", name, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:21.11-py3",
              owner=("Job", "train-resnet"), labels={"job-name": "train-resnet"}, cpu="3", memory="12Gi",
              tolerations=[dict(x) for x in GPU_TOLERATION], scheduled_message=msg)
    p["spec"]["restartPolicy"] = "Never"
    job = w.workload("Job", "ml", "train-resnet", template_pod=p,
                     status={"active": 1, "startTime": p["metadata"]["creationTimestamp"]})
    job["spec"].pop("replicas", None)
    w.event("ml", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=14)
    ca = ("pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 Insufficient nvidia.com/gpu, "
          "1 node(s) had taint {nvidia.com/gpu-not-ready: true}, that the pod didn't tolerate")
    w.event("ml", "Pod", name, "NotTriggerScaleUp", ca, type="Normal", component="cluster-autoscaler", count=31)
    w.target("Pod", "ml", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
