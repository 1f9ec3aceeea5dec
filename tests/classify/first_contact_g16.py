"""Builds first-contact batch G16 (fixtures/first-contact/batch-g16/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by batch schedulers' and GPU-sharing projects' own documentation
(volcano-sh/devices, volcano-sh/website, kubernetes-sigs/scheduler-plugins, kubernetes-sigs/kueue), read whole in
the fixed file order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch`
and read with git). The one case is a prose case: the page's own sentences are NOT placed in the bundle
(TEXT_NOT_IN_BUNDLE), which carries the cluster state the page describes; the Workload's condition words are the
ones Kueue's source at the snapshot commit writes. The expected answer was reasoned from the document (`expected`
in the case, preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the document does not state (node names, GPU model, kernels, kubelet and runtime builds, image
tags, queue, namespace, claim and Job names) are filled in plausibly; the scenario's README says which parts of the
world are assumed. The Kueue world helpers are batch B14's (same kind of cluster, reused unchanged).

    .venv/bin/python -m tests.classify.first_contact_g16      # (re)writes fixtures/first-contact/batch-g16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b14 import (_DRA_NODE_LABELS, _K134, _deviceclass, _dra_stack, _job, _kueue_base,
                                              _kueue_queues, _pod_template, _workload)
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0, T2

FC = ThreadBatch("batch-g16", "G16", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a document's own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg1601"}


# ---- fg1601: a Kueue-managed GPU Job whose pod references a ResourceClaim directly ------------------------

@case("fg1601", {"kind": "Job", "namespace": "ml-team", "name": "dra-claim-train"},
      "A kubeadm-style cluster at Kubernetes 1.34 (the page's minimum; distribution, node names, the A100 GPUs, "
      "versions, namespace, queue, claim and Job names assumed) with Kueue v0.19 (KueueDRAIntegration on by "
      "default; its Configuration maps DeviceClass gpu.nvidia.com to nvidia.com/dra-gpu, which the ClusterQueue "
      "gpu-cluster-queue covers with 8) and the NVIDIA DRA driver for GPUs: a tainted control-plane node and two "
      "A100 nodes whose GPUs are offered through DRA (no nvidia.com/gpu extended resource; the device plugin is "
      "switched off, the DRA kubelet plugin DaemonSet runs 2/2). In ml-team a ResourceClaim shared-a100 (one "
      "device of DeviceClass gpu.nvidia.com) exists, unallocated. The Job dra-claim-train, submitted to LocalQueue "
      "user-queue, has a pod template whose resourceClaims entry names that ResourceClaim directly "
      "(resourceClaimName); the Job is suspended and its Workload has QuotaReserved False (reason Misconfigured, "
      "'KueueDRAIntegration feature does not support use of resource claims'), Admitted False (NoReservation) and "
      "Requeued False (reason Inadmissible, 'DRA resource claims not supported'), the words Kueue's workload "
      "controller writes at the snapshot commit. No pod exists. The case's text is the page's prose and is not "
      "placed in the bundle.")
def _(w, t):
    w.git_version = "v1.34.2"
    ns = "ml-team"
    nodes = ["gpu-a100-1", "gpu-a100-2"]
    _kueue_base(w, _K134, nodes, gpus=4, advertised=False)
    for n in nodes:
        w.get_node(n)["metadata"]["labels"].update(_DRA_NODE_LABELS)
    _dra_stack(w, nodes)
    _deviceclass(w, "gpu.nvidia.com")
    _kueue_queues(w, ns, covered=["cpu", "memory", "nvidia.com/dra-gpu"],
                  quotas={"cpu": "128", "memory": "1000Gi", "nvidia.com/dra-gpu": "8"},
                  flavor_labels={"cloud.example.com/gpu-pool": "a100"})
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": "shared-a100", "namespace": ns, "uid": "shared-a100-uid", "creationTimestamp": T0},
        "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {"deviceClassName": "gpu.nvidia.com",
                                                                     "allocationMode": "ExactCount", "count": 1}}]}},
        "status": {}}]
    claims = [{"name": "gpu", "resourceClaimName": "shared-a100"}]
    tmpl = _pod_template(w, ns, "tmpl", gpu=0, image="nvcr.io/nvidia/pytorch:25.01-py3", claims=claims)
    job = "dra-claim-train"
    _job(w, ns, job, suspended=True, template=tmpl)
    _workload(w, ns, job, [
        {"type": "QuotaReserved", "status": "False", "reason": "Misconfigured",
         "message": "KueueDRAIntegration feature does not support use of resource claims", "lastTransitionTime": T2},
        {"type": "Admitted", "status": "False", "reason": "NoReservation", "message": "The workload has no reservation",
         "lastTransitionTime": T2},
        {"type": "Requeued", "status": "False", "reason": "Inadmissible", "message": "DRA resource claims not supported",
         "lastTransitionTime": T2}],
        {"name": "main", "count": 1, "template": {"spec": tmpl["spec"]}})
    w.target("Job", ns, job)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
