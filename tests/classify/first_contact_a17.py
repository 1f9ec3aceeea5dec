"""Builds first-contact batch A17 (fixtures/first-contact/batch-a17/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by Google's GPU-on-GKE recipe and tooling repositories
(AI-Hypercomputer/gpu-recipes, google/xpk, GoogleCloudPlatform/cluster-toolkit), read whole in the fixed file order of
the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). The
one case's text is the document's own prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer
was reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the document does not state (node and pod names, GKE version, machine type, the JobSet's
replicated-job name, the Kueue queue names, the registry's error wording) are filled in plausibly; the scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a17      # (re)writes fixtures/first-contact/batch-a17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-a17", "A17", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fa1701"}

KS = "kube-system"
_GKE = "v1.33.5-gke.1162000"
_KV = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
       "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": _GKE, "kubeProxyVersion": _GKE}
_PROJECT, _ZONE = "my-project", "us-central1-a"


def _gke_node(w, name: str, pool: str, machine: str, *, cpu: str, memory: str, gpus: int | None = None,
              accelerator: str | None = None) -> dict:
    labels = {"cloud.google.com/gke-nodepool": pool, "cloud.google.com/gke-os-distribution": "cos",
              "cloud.google.com/gke-provisioning": "standard", "cloud.google.com/machine-family": machine.split("-")[0],
              "node.kubernetes.io/instance-type": machine, "topology.kubernetes.io/zone": _ZONE,
              "topology.kubernetes.io/region": _ZONE.rsplit("-", 1)[0]}
    taints = ()
    if accelerator:
        labels.update({"cloud.google.com/gke-accelerator": accelerator,
                       "cloud.google.com/gke-accelerator-count": str(gpus),
                       "cloud.google.com/gke-gpu-driver-version": "default"})
        taints = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    n = w.node(name, gpus=gpus, cpu=cpu, memory=memory, labels=labels, taints=taints)
    n["spec"]["providerID"] = f"gce://{_PROJECT}/{_ZONE}/{name}"
    info(n, **_KV)
    return n


# ---- application: node pool service account cannot read the Artifact Registry repository (gcluster job guide) ----

@case("fa1701", pod_subj("my-gpu-job-slice-0-0-7k2xq", "default"),
      "GKE Standard " + _GKE + " (assumed) deployed from a Cluster Toolkit GKE blueprint (blueprint assumed): one "
      "e2-standard-8 system node and a GPU node pool gpu-l4-pool of eight g2-standard-4 COS nodes with one NVIDIA L4 "
      "each (the guide's `--compute-type l4-1`; machine type assumed), GKE-managed driver (gke-gpu-driver-version "
      "default) and the GKE nvidia-gpu-device-plugin-small-cos DaemonSet 8/8 Ready, nvidia.com/gpu 1 advertised on "
      "each GPU node; Kueue and JobSet controllers Running (installed by the toolkit). The guide's section 4.3 job "
      "my-gpu-job (JobSet, 2 slices x 4 nodes; replicated-job name `slice`, Kueue LocalQueue and pod names assumed) "
      "was admitted: its two Jobs my-gpu-job-slice-0 and my-gpu-job-slice-1 have their eight pods bound one per GPU "
      "node, each Pending with the `workload` container waiting in ImagePullBackOff for "
      "us-docker.pkg.dev/my-project/my-repo/my-image:latest (the guide's image) and the kubelet's Pulling, Failed "
      "(the pull error, the standard containerd/GKE wording for Artifact Registry's 403, illustrative), Failed "
      "(ErrImagePull), BackOff and Failed (ImagePullBackOff) events. The node pool's service account and its missing "
      "roles/artifactregistry.reader binding are Google Cloud IAM state, not in the bundle.")
def _(w, t):
    w.git_version = _GKE
    sysnode = "gke-gcluster-gke-default-pool-3c8e1f2a-b7qd"
    _gke_node(w, sysnode, "default-pool", "e2-standard-8", cpu="8", memory="32880668Ki")
    pool = "gpu-l4-pool"
    nodes = [f"gke-gcluster-gke-{pool}-5f9a2c7e-{s}" for s in ("2mxk", "4hqt", "7bnw", "8cvz", "9dkr", "f3lp", "j6ts",
                                                                "q1wy")]
    for n in nodes:
        _gke_node(w, n, pool, "g2-standard-4", cpu="4", memory="16375804Ki", gpus=1, accelerator="nvidia-l4")
    # GKE-managed device plugin (driver installed by GKE: no installer still running)
    ds = "nvidia-gpu-device-plugin-small-cos"
    img_dp = "gke.gcr.io/nvidia-gpu-device-plugin@sha256:9d3c4b2a1f0e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c"
    img_inst = "gke.gcr.io/cos-nvidia-installer:fixed"
    daemonset(w, KS, ds, desired=len(nodes), ready=len(nodes),
              init_containers=[("nvidia-driver-installer", img_inst), ("partition-gpus", img_inst)],
              containers=[("nvidia-gpu-device-plugin", img_dp)],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"},
                                        {"key": "cloud.google.com/gke-os-distribution", "operator": "In",
                                         "values": ["cos"]}]}]}}},
              tolerations=[{"operator": "Exists"}], labels={"k8s-app": "nvidia-gpu-device-plugin"})
    for n, sfx in zip(nodes, ("4b8kd", "6tq2m", "8wz5n", "c2j7p", "f9r3x", "h5m8v", "k7d4s", "x3n6q")):
        p = ds_pod(w, KS, ds, f"{ds}-{sfx}", n, containers=("nvidia-gpu-device-plugin",), image=img_dp,
                   init_containers=("nvidia-driver-installer", "partition-gpus"),
                   labels={"k8s-app": "nvidia-gpu-device-plugin"}, cpu="50m", memory="20Mi")
        for c in p["spec"]["initContainers"]:
            c["image"] = img_inst
        for s in p["status"]["initContainerStatuses"]:
            s["image"] = img_inst
    # Kueue and JobSet controllers (installed by the toolkit)
    for ns, rs, name, c, img in (
            ("kueue-system", "kueue-controller-manager-6b7f9c8d5", "kueue-controller-manager-6b7f9c8d5-m2v8r", "manager",
             "registry.k8s.io/kueue/kueue:v0.14.1"),
            ("jobset-system", "jobset-controller-manager-7c5d8f9b6", "jobset-controller-manager-7c5d8f9b6-q4w7t",
             "manager", "registry.k8s.io/jobset/jobset:v0.10.1")):
        p = w.pod(ns, name, node=sysnode, gpu=0, containers=(c,), image=img, owner=("ReplicaSet", rs),
                  labels={"control-plane": "controller-manager"}, cpu="500m", memory="512Mi")
        dep = rs.rsplit("-", 1)[0]
        w.workload("Deployment", ns, dep, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    # the guide's section 4.3 job: 2 slices x 4 nodes, one L4 each, pre-built image in Artifact Registry
    image = "us-docker.pkg.dev/my-project/my-repo/my-image:latest"
    pull_err = (f'Failed to pull image "{image}": failed to pull and unpack image "{image}": failed to resolve '
                f'reference "{image}": failed to authorize: failed to fetch oauth token: unexpected status from GET '
                f'request to https://us-docker.pkg.dev/v2/token?scope=repository%3Amy-project%2Fmy-repo%2Fmy-image%3Apull'
                f'&service=us-docker.pkg.dev: 403 Forbidden')
    sfxs = iter(("7k2xq", "b9m4t", "d3p8w", "g6s2n", "j8v5c", "m2x9r", "p5z3k", "t7q6h"))
    gpu_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    target = None
    for j in range(2):
        job = f"my-gpu-job-slice-{j}"
        first = None
        for i in range(4):
            node = nodes[j * 4 + i]
            name = f"{job}-{i}-{next(sfxs)}"
            labels = {"jobset.sigs.k8s.io/jobset-name": "my-gpu-job", "jobset.sigs.k8s.io/replicatedjob-name": "slice",
                      "jobset.sigs.k8s.io/job-index": str(j), "batch.kubernetes.io/job-name": job,
                      "batch.kubernetes.io/job-completion-index": str(i), "job-name": job,
                      "kueue.x-k8s.io/queue-name": "default-queue", "kueue.x-k8s.io/podset": "slice"}
            p = w.pod("default", name, node=node, gpu=1, phase="Pending", containers=("workload",), image=image,
                      owner=("Job", job), labels=labels, tolerations=gpu_tol, cpu="3", memory="12Gi",
                      node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"},
                      statuses={"workload": {"state": {"waiting": {"reason": "ImagePullBackOff",
                                                                   "message": f'Back-off pulling image "{image}"'}},
                                             "ready": False, "restartCount": 0}},
                      extra_spec={"restartPolicy": "Never", "subdomain": "my-gpu-job"})
            p["spec"]["containers"][0]["command"] = ["bash", "-c", "python train.py"]
            p["spec"]["containers"][0]["imagePullPolicy"] = "Always"
            fp = "spec.containers{workload}"
            w.event("default", "Pod", name, "Scheduled", f"Successfully assigned default/{name} to {node}",
                    type="Normal", component="default-scheduler")
            w.event("default", "Pod", name, "Pulling", f'Pulling image "{image}"', type="Normal", host=node,
                    count=5, field_path=fp)
            w.event("default", "Pod", name, "Failed", pull_err, host=node, count=5, field_path=fp)
            w.event("default", "Pod", name, "Failed", "Error: ErrImagePull", host=node, count=5, field_path=fp)
            w.event("default", "Pod", name, "BackOff", f'Back-off pulling image "{image}"', type="Normal", host=node,
                    count=21, field_path=fp)
            w.event("default", "Pod", name, "Failed", "Error: ImagePullBackOff", host=node, count=21, field_path=fp)
            first = first or p
            target = target or name
        jw = w.workload("Job", "default", job, template_pod=first,
                        owner=("JobSet", "my-gpu-job"),
                        status={"active": 4, "ready": 0, "startTime": T0})
        jw["spec"].pop("replicas", None)
        jw["spec"].update({"parallelism": 4, "completions": 4, "completionMode": "Indexed", "backoffLimit": 0})
        jw["metadata"]["ownerReferences"][0]["apiVersion"] = "jobset.x-k8s.io/v1alpha2"
    w.ns_custom[("jobsets.jobset.x-k8s.io", "default")] = [{
        "apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
        "metadata": {"name": "my-gpu-job", "namespace": "default", "creationTimestamp": T0,
                     "labels": {"kueue.x-k8s.io/queue-name": "default-queue"}},
        "spec": {"replicatedJobs": [{"name": "slice", "replicas": 2, "template": {"spec": {
            "parallelism": 4, "completions": 4, "completionMode": "Indexed", "backoffLimit": 0}}}],
            "failurePolicy": {"maxRestarts": 1}, "suspend": False, "ttlSecondsAfterFinished": 3600},
        "status": {"replicatedJobsStatus": [{"name": "slice", "active": 2, "ready": 0, "succeeded": 0, "failed": 0,
                                             "suspended": 0}],
                   "conditions": [], "restarts": 0}}]
    w.ns_custom[("workloads.kueue.x-k8s.io", "default")] = [{
        "apiVersion": "kueue.x-k8s.io/v1beta1", "kind": "Workload",
        "metadata": {"name": "jobset-my-gpu-job-4f2a9", "namespace": "default", "creationTimestamp": T0,
                     "ownerReferences": [{"apiVersion": "jobset.x-k8s.io/v1alpha2", "kind": "JobSet",
                                          "name": "my-gpu-job", "controller": True}]},
        "spec": {"queueName": "default-queue", "podSets": [{"name": "slice", "count": 8}]},
        "status": {"admission": {"clusterQueue": "cluster-queue", "podSetAssignments": [
            {"name": "slice", "count": 8, "flavors": {"nvidia.com/gpu": "nvidia-l4", "cpu": "nvidia-l4",
                                                      "memory": "nvidia-l4"}}]},
                   "conditions": [{"type": "QuotaReserved", "status": "True", "reason": "QuotaReserved",
                                   "message": "Quota reserved in ClusterQueue cluster-queue", "lastTransitionTime": T0},
                                  {"type": "Admitted", "status": "True", "reason": "Admitted",
                                   "message": "The workload is admitted", "lastTransitionTime": T0}]}}]
    w.target("Pod", "default", target)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
