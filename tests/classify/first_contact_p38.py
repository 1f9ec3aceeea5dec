"""Builds first-contact batch P38 (fixtures/first-contact/batch-p38/cases.jsonl) as scenario bundles.

Round 38 continues round 37's frame (the "Fixed" entries of kai-scheduler/KAI-Scheduler's CHANGELOG.md at
d5bc503a), items 46-90. Five cases:

- fp3801: a healthy look-alike: the kai-operator (v0.14.7) logs 'events is forbidden' right after it acquires its
  leader-election lease, its RBAC lacking core events (PR #1572; issue #1571's log line, placed verbatim);
- fp3802: a healthy look-alike: the podgroup-controller (v0.14.7) logs an error on every reconcile for completed
  pods whose DRA ResourceClaims the DRA driver already deleted (issue #1529; prose);
- fp3803: KAI-Scheduler v0.13.4 on a Kubernetes 1.31 cluster without DRA never starts its scheduling loop (its
  ResourceSlice informers never sync); GPU pods stay Pending with no word from KAI (PR #1241; prose);
- fp3804: KAI-Scheduler v0.13.4 installed from a private registry: the chart writes the pull secret into the Config
  CR's unknown `imagesPullSecret` field, the operator creates its operands without it and their pods sit in
  ImagePullBackOff (issue #942, fix PR #1368; prose);
- fp3805: a healthy look-alike: the podgrouper (v0.14.7) turns a transient PodGroup update conflict into a
  `Reconciler error` log line and a PodGrouperWarning event on a GPU pod that runs (entry without a thread, fix commit
  4598663e / PR #1503; prose).

Prose texts (the changelog bullets' own words) are not in the bundles (TEXT_NOT_IN_BUNDLE). The expected answers
were reasoned from the fixes and committed before any run. Names, versions, node sizes and the log lines the entries
and threads do not quote are assumed or composed; each case's description (and note) says which.

    .venv/bin/python -m tests.classify.first_contact_p38      # (re)writes fixtures/first-contact/batch-p38/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-p38", "P38", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

TEXT_NOT_IN_BUNDLE: set[str] = {"fp3802", "fp3803", "fp3804", "fp3805"}

KAI_IMG = "ghcr.io/kai-scheduler/kai-scheduler"      # registry path assumed
_COMPONENTS = ("operator", "scheduler", "binder", "podgrouper", "admission", "queue-controller",
               "podgroup-controller")


def kai_stack(w, ns: str, ver: str, node: str, *, img: str = KAI_IMG) -> dict[str, dict]:
    """KAI-Scheduler's control plane in namespace `ns`: one Deployment and pod per component (as batch M37's)."""
    out = {}
    for comp in _COMPONENTS:
        name = "kai-operator" if comp == "operator" else ("kai-scheduler-default" if comp == "scheduler" else comp)
        rs = f"{name}-8658c78784" if comp == "operator" else f"{name}-6d8f9c7b5"
        pname = f"{rs}-bj96f" if comp == "operator" else f"{rs}-q2x8m"
        p = deploy_pod(w, ns, rs, pname, node, containers=(comp,), image=f"{img}/{comp}:{ver}",
                       labels={"app": name}, cpu="100m", memory="256Mi")
        w.workload("Deployment", ns, name, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
        out[comp] = p
    return out


def _kai_pod(w, ns: str, name: str, *, queue: str, gpu: int = 1, node: str | None = None, **kw) -> dict:
    labels = {"kai.scheduler/queue": queue, **kw.pop("labels", {})}
    return w.pod(ns, name, gpu=gpu, node=node, scheduler="kai-scheduler", labels=labels,
                 tolerations=[GPU_TOLERATION], **kw)


def _gpu_nodes(w, n: int, gpus: int = 8):
    for i in range(n):
        w.gpu_node(f"gpu-node-{i + 1:02d}", gpus=gpus, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   cpu="192", memory="2113466092Ki")
    w.node("cpu-node-01", cpu="32", memory="131868300Ki")


# ---- fp3801: healthy look-alike: kai-operator's leader-election event forbidden (#1572, issue #1571) ---------

_01_NS = "infrastructure"
_01_POD = "kai-operator-8658c78784-bj96f"


@case("fp3801", pod_subj(_01_POD, _01_NS),
      "Kubernetes v1.33.4 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; assumed) and a "
      "CPU node running KAI-Scheduler v0.14.7 in namespace infrastructure (the issue's namespace; component names and "
      "registry assumed), every component Running and Ready. The kai-operator's log shows it acquiring its "
      "leader-election lease infrastructure/41fce092.run.ai and then the event recorder's rejection of its "
      "LeaderElection event, 'events is forbidden' (the issue's three lines, the third up to the end of its err "
      "field; the event= dump is cut). Four training pods of queue team-a run. Nothing fails: a healthy look-alike.")
def _(w, t):
    w.git_version = "v1.33.4"
    _gpu_nodes(w, 2)
    kai_stack(w, _01_NS, "v0.14.7", "cpu-node-01")
    for i in range(4):
        _kai_pod(w, "ml-train", f"sweep-{i}-worker-0", queue="team-a", gpu=4, node=f"gpu-node-{i // 2 + 1:02d}",
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="32", memory="256Gi",
                 owner=("Job", f"sweep-{i}-worker"))
    log = ("I0507 16:18:11.234053       1 leaderelection.go:257] attempting to acquire leader lease "
           "infrastructure/41fce092.run.ai...\n"
           "I0507 16:18:26.814413       1 leaderelection.go:271] successfully acquired lease "
           "infrastructure/41fce092.run.ai\n"
           f"E0507 16:18:26.817541       1 event.go:359] {t}\n")
    w.log(_01_NS, _01_POD, "operator", log)
    w.target("Pod", _01_NS, _01_POD)


# ---- fp3802: healthy look-alike: podgroup-controller errors for completed pods' deleted claims (#1529) -------

_02_NS = "kai-scheduler"
_02_POD = "podgroup-controller-6d8f9c7b5-q2x8m"


@case("fp3802", pod_subj(_02_POD, _02_NS),
      "Kubernetes v1.34.2 (assumed) with 2 GPU nodes (8 x H100 80GB each) whose GPUs are offered through DRA by the "
      "NVIDIA DRA driver (ResourceSlices, DeviceClass gpu.nvidia.com; assumed) and a CPU node running KAI-Scheduler "
      "v0.14.7 (names and registry assumed), every component Running and Ready. A batch Job's two pods (queue team-a, "
      "one GPU each through a ResourceClaimTemplate) Succeeded; their per-pod ResourceClaims are gone; the Job has no "
      "ttlSecondsAfterFinished, so the pods stay. Two other DRA pods run. The podgroup-controller's log repeats, on "
      "every reconcile, the issue's error line with the names filled in (composed from the issue's template). Nothing "
      "fails: a healthy look-alike. The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.34.2"
    _gpu_nodes(w, 2)
    kai_stack(w, _02_NS, "v0.14.7", "cpu-node-01")
    for i in range(2):
        p = _kai_pod(w, "ml-batch", f"eval-run-{i}-x7k2p", queue="team-a", gpu=0, node="gpu-node-01",
                     phase="Succeeded", containers=("eval",), image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="8",
                     memory="64Gi", owner=("Job", "eval-run"))
        p["spec"]["resourceClaims"] = [{"name": "gpu", "resourceClaimTemplateName": "single-gpu"}]
        p["status"]["resourceClaimStatuses"] = [{"name": "gpu", "resourceClaimName": f"eval-run-{i}-x7k2p-gpu-4mz9q"}]
        for s in p["status"].get("containerStatuses", []):
            s["ready"] = False
            s["state"] = {"terminated": {"exitCode": 0, "reason": "Completed", "startedAt": "2026-04-28T09:12:03Z",
                                         "finishedAt": "2026-04-28T10:41:55Z"}}
    for i in range(2):
        p = _kai_pod(w, "ml-train", f"train-{i}-worker-0", queue="team-a", gpu=0, node=f"gpu-node-{i + 1:02d}",
                     containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="32", memory="256Gi",
                     owner=("Job", f"train-{i}-worker"))
        p["spec"]["resourceClaims"] = [{"name": "gpus", "resourceClaimTemplateName": "eight-gpus"}]
        p["status"]["resourceClaimStatuses"] = [{"name": "gpus", "resourceClaimName": f"train-{i}-worker-0-gpus-b8r2t"}]
    lines = []
    for k in range(8):
        i = k % 2
        lines.append(f"2026-04-28T11:{k * 3:02d}:17Z\tERROR\tFailed to calculate metadata for pod "
                     f"ml-batch/eval-run-{i}-x7k2p\t{{\"error\": \"failed to get resource claim "
                     f"ml-batch/eval-run-{i}-x7k2p-gpu-4mz9q for pod ml-batch/eval-run-{i}-x7k2p: "
                     f"ResourceClaim.resource.k8s.io \\\"eval-run-{i}-x7k2p-gpu-4mz9q\\\" not found\"}}")
    w.log(_02_NS, _02_POD, "podgroup-controller", "\n".join(lines) + "\n")
    w.target("Pod", _02_NS, _02_POD)


# ---- fp3803: scheduler loop never starts on a cluster without DRA (#1241) ----------------------------------

_03_NS = "ml-team"
_03_POD = "finetune-worker-0"


@case("fp3803", pod_subj(_03_POD, _03_NS),
      "Kubernetes v1.31.9 (the PR: a Kubernetes 1.31 cluster; patch assumed), no resource.k8s.io API group served, "
      "with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy, GPUs free; assumed) and a CPU node running "
      "KAI-Scheduler v0.13.4 (names and registry assumed). The kai-scheduler-default pod is Running and Ready with 0 "
      "restarts; its log stops after the informers were started, waiting for caches to sync (composed; the PR says "
      "WaitForCacheSync blocked forever on the DRA informers, not what was logged). A fine-tuning pod (schedulerName "
      "kai-scheduler, queue team-a, 2 GPUs) is Pending with no event and no PodScheduled message. The changelog "
      "bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.9"
    _gpu_nodes(w, 2)
    pods = kai_stack(w, "kai-scheduler", "v0.13.4", "cpu-node-01")
    sname = pods["scheduler"]["metadata"]["name"]
    w.log("kai-scheduler", sname, "scheduler",
          "I0318 09:02:11.402913       1 leaderelection.go:271] successfully acquired lease "
          "kai-scheduler/kai-scheduler-default\n"
          "I0318 09:02:11.418544       1 cache.go:190] \"Starting informers\"\n"
          "I0318 09:02:11.420381       1 shared_informer.go:313] Waiting for caches to sync for scheduler cache\n")
    _kai_pod(w, _03_NS, _03_POD, queue="team-a", gpu=2, phase="Pending", containers=("trainer",),
             image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="16", memory="128Gi", owner=("Job", "finetune-worker"))
    w.target("Pod", _03_NS, _03_POD)


# ---- fp3804: pull secret dropped from the Config CR; operand pods ImagePullBackOff (#942, PR #1368) ----------

_04_NS = "kai-scheduler"
_04_REG = "registry.corp.example.com/mirror/kai-scheduler"     # private mirror, assumed
_04_POD = "kai-scheduler-default-6d8f9c7b5-q2x8m"


def _pull_backoff(w, ns: str, p: dict, container: str, image: str, node: str) -> None:
    for s in p["status"]["containerStatuses"]:
        if s["name"] == container:
            s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                            "message": f'Back-off pulling image "{image}"'}},
                      "ready": False, "started": False, "restartCount": 0})
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    name = p["metadata"]["name"]
    w.event(ns, "Pod", name, "Failed",
            f'Failed to pull image "{image}": failed to pull and unpack image "{image}": failed to resolve '
            f'reference "{image}": pull access denied, repository does not exist or may require authorization: '
            "authorization failed: no basic auth credentials", component="kubelet", host=node, count=14)
    w.event(ns, "Pod", name, "Failed", "Error: ErrImagePull", component="kubelet", host=node, count=14)
    w.event(ns, "Pod", name, "BackOff", f'Back-off pulling image "{image}"', component="kubelet", host=node,
            count=212)
    w.event(ns, "Pod", name, "Failed", "Error: ImagePullBackOff", component="kubelet", host=node, count=212)


@case("fp3804", pod_subj(_04_POD, _04_NS),
      "Kubernetes v1.32.6 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; assumed) and a "
      "CPU node. KAI-Scheduler v0.13.4 (the release before the fix; the chart's kai-config template at v0.13.4 "
      "writes `imagesPullSecret`) was installed from a private registry mirror that requires authentication "
      "(registry path and secret name kai-registry-pull assumed) with global.imagePullSecrets set. The kai-operator "
      "pod (its Deployment rendered by Helm with the pull secret) runs; the operands it created from the Config CR "
      "(scheduler, binder, podgrouper, admission, queue and podgroup controllers) carry no imagePullSecrets and sit "
      "in ImagePullBackOff; the kubelet's pull-failure events are composed in containerd's wording (not quoted). A "
      "GPU pod for queue team-a is Pending. The changelog bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.6"
    _gpu_nodes(w, 2)
    pods = kai_stack(w, _04_NS, "v0.13.4", "cpu-node-01", img=_04_REG)
    pods["operator"]["spec"]["imagePullSecrets"] = [{"name": "kai-registry-pull"}]
    for comp, p in pods.items():
        if comp == "operator":
            continue
        _pull_backoff(w, _04_NS, p, comp, f"{_04_REG}/{comp}:v0.13.4", "cpu-node-01")
        name = "kai-scheduler-default" if comp == "scheduler" else comp
        dep = next(d for d in w.workloads[("deployments", _04_NS)] if d["metadata"]["name"] == name)
        dep["status"] = {"replicas": 1, "readyReplicas": 0, "availableReplicas": 0, "unavailableReplicas": 1,
                         "updatedReplicas": 1, "observedGeneration": 1}
    _kai_pod(w, "ml-team", "train-worker-0", queue="team-a", gpu=2, phase="Pending", containers=("trainer",),
             image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="16", memory="128Gi", owner=("Job", "train-worker"))
    w.target("Pod", _04_NS, _04_POD)


# ---- fp3805: healthy look-alike: PodGroup update conflict surfaced as Reconciler error + PodGrouperWarning ---

_05_NS = "ml-train"
_05_POD = "sweep-3-worker-0"


@case("fp3805", pod_subj(_05_POD, _05_NS),
      "Kubernetes v1.33.4 (assumed) with 2 GPU nodes (8 x H100 80GB each, GPU Operator stack healthy; assumed) and a "
      "CPU node running KAI-Scheduler v0.14.7 (the release before the fix, v0.15.0; names and registry assumed), every "
      "component Running and Ready. Four training pods of queue team-a run. While the podgrouper applied the PodGroup "
      "of sweep-3-worker-0 another writer had updated it; the update failed with the API server's conflict error, the "
      "podgrouper's deferred handler recorded it as a PodGrouperWarning event on the pod (v0.14.7's pod_controller.go, "
      "event reason and err.Error() as message; event source pod-grouper) and controller-runtime logged `Reconciler "
      "error` (composed); the requeued reconcile succeeded. The pod is Running. A healthy look-alike. The changelog "
      "bullet (the case's text) is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    _gpu_nodes(w, 2)
    pods = kai_stack(w, "kai-scheduler", "v0.14.7", "cpu-node-01")
    for i in range(4):
        _kai_pod(w, _05_NS, f"sweep-{i}-worker-0", queue="team-a", gpu=4, node=f"gpu-node-{i // 2 + 1:02d}",
                 containers=("trainer",), image="nvcr.io/nvidia/pytorch:26.03-py3", cpu="32", memory="256Gi",
                 owner=("Job", f"sweep-{i}-worker"))
    pg = "pg-sweep-3-worker-8c2f41d7-3e6b-4a9c-b1d5-0f7e2a9c6d13"
    err = (f'Operation cannot be fulfilled on podgroups.scheduling.run.ai "{pg}": the object has been modified; '
           "please apply your changes to the latest version and try again")
    w.event(_05_NS, "Pod", _05_POD, "PodGrouperWarning", err, component="pod-grouper", count=1)
    err_json = err.replace('"', '\\"')
    pgr = pods["podgrouper"]["metadata"]["name"]
    w.log("kai-scheduler", pgr, "podgrouper",
          '2026-04-28T10:12:44Z\tERROR\tReconciler error\t{"controller": "pod", "controllerGroup": "", '
          f'"controllerKind": "Pod", "Pod": {{"name":"{_05_POD}","namespace":"{_05_NS}"}}, "namespace": "{_05_NS}", '
          f'"name": "{_05_POD}", "reconcileID": "6f1d2c9a-47b3-4e0e-9a51-2b7c8e3d4f60", "error": "{err_json}"}}\n')
    w.target("Pod", _05_NS, _05_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
