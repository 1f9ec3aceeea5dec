"""Builds first-contact batch E19 (fixtures/first-contact/batch-e19/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by model-serving projects' own documentation (kserve/modelmesh-serving,
triton-inference-server/tutorials, substratusai/substratus, open-webui/helm-charts), read whole in the fixed file
order of the batch README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with
git). Only substratusai/substratus has files on the list; its troubleshooting page gives the one case: fe1901's
quoted message is the cluster-autoscaler's FailedScaleUp event on the Pending GPU pod. The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the document does not state (node names, the GKE version, the pod's image and GPU type, the
project) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e19      # (re)writes fixtures/first-contact/batch-e19/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, node_info, set_image
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e19", "E19", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

_GKE = "v1.27.2-gke.1200"
_KV = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "5.15.109+",
       "containerRuntimeVersion": "containerd://1.7.0", "kubeletVersion": _GKE, "kubeProxyVersion": _GKE}
_PROJECT, _ZONE = "substratus-demo", "us-central1-a"


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1):
    st = {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": replicas,
          "unavailableReplicas": replicas - ready} if ready else {"replicas": replicas, "updatedReplicas": replicas,
                                                                 "unavailableReplicas": replicas}
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


# ---- scheduler: GKE node auto-provisioning cannot create the GPU node (Substratus troubleshooting) ----------

@case("fe1901", pod_subj("pod-test-5b97f7c978-h9lvl", "default"),
      "GKE Standard " + _GKE + " (version, project and zone assumed; the page names none) regional cluster "
      "substratus in us-central1 as Substratus's GCP install creates it: cluster autoscaling with node "
      "auto-provisioning (NAP) enabled, one e2-standard-8 COS node in the system pool (machine type assumed), no GPU "
      "node pool and no GPU node. Substratus v0.10.1 in namespace substratus: Deployments controller-manager and sci "
      "1/1 Running. The Deployment pod-test (default namespace assumed; image, command and GPU type assumed) has one "
      "pod, pod-test-5b97f7c978-h9lvl, requesting nvidia.com/gpu 1 with the node selector "
      "cloud.google.com/gke-accelerator nvidia-tesla-t4 (the T4 assumed, as an n1 machine of the section's NAP group "
      "name takes one) and the GPU toleration: Pending and unbound, with the default-scheduler's FailedScheduling "
      "(standard node-selector wording, illustrative) and the cluster-autoscaler's Warning FailedScaleUp event whose "
      "message is the page's quoted words. The GCP project metadata (serial-port-logging-enable false) and NAP's "
      "auto-provisioning defaults are outside the bundle.")
def _(w, t):
    w.git_version = _GKE
    sysn = "gke-substratus-main-7f3c2b9a-x2kq"
    n = w.node(sysn, cpu="8", memory="32880320Ki", alloc_cpu="7910m", alloc_memory="29440704Ki",
               labels={"cloud.google.com/gke-nodepool": "main", "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/machine-family": "e2", "node.kubernetes.io/instance-type": "e2-standard-8",
                       "topology.kubernetes.io/zone": _ZONE, "topology.kubernetes.io/region": "us-central1"})
    n["spec"]["providerID"] = f"gce://{_PROJECT}/{_ZONE}/{sysn}"
    node_info(n, **_KV)
    ns = "substratus"
    cm = deploy_pod(w, ns, "controller-manager-6d9f7b8c5d", "controller-manager-6d9f7b8c5d-q8w2n", sysn,
                    containers=("kube-rbac-proxy", "manager"), image="docker.io/substratusai/controller-manager:v0.10.1",
                    labels={"control-plane": "controller-manager"}, cpu="10m", memory="64Mi")
    set_image(cm, "kube-rbac-proxy", "gcr.io/kubebuilder/kube-rbac-proxy:v0.13.1")
    _deployment(w, ns, "controller-manager", cm)
    sci = deploy_pod(w, ns, "sci-5b8c7d9f6a", "sci-5b8c7d9f6a-m4t7z", sysn, containers=("sci",),
                     image="docker.io/substratusai/sci-gcp:v0.10.1", labels={"app": "sci"}, cpu="10m", memory="64Mi")
    _deployment(w, ns, "sci", sci)
    name = "pod-test-5b97f7c978-h9lvl"
    msg = ("0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are "
           "available: 1 Preemption is not helpful for scheduling..")
    p = w.pod("default", name, gpu=1, containers=("cuda",), image="nvidia/cuda:11.8.0-base-ubuntu22.04",
              owner=("ReplicaSet", "pod-test-5b97f7c978"), labels={"app": "pod-test"}, cpu="1", memory="4Gi",
              node_selector={"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"},
              tolerations=GPU_TOLERATION, scheduled_message=msg)
    p["spec"]["containers"][0]["command"] = ["sleep", "infinity"]
    _deployment(w, "default", "pod-test", p, ready=0)
    w.event("default", "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=4)
    w.event("default", "Pod", name, "FailedScaleUp", t, component="cluster-autoscaler", count=1)
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
