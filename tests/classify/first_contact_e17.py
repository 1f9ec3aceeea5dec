"""Builds first-contact batch E17 (fixtures/first-contact/batch-e17/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by Slurm-on-Kubernetes and ML-workflow projects (nebius/soperator,
SlinkyProject/slurm-operator, flyteorg/flyte, pytorch/torchx), read whole in the fixed file order of the batch
README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). The one case's
text is the document's own prose and is NOT placed in the bundle (TEXT_NOT_IN_BUNDLE). The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the document does not state (node and pod names, GPU model, image tags, the SR-IOV resource and
network names, the other workloads) are filled in plausibly; the scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_e17      # (re)writes fixtures/first-contact/batch-e17/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e17", "E17")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fe1701"}

_SLURM = "slurm"
_SLINKY = "slinky"
_TAG = "26.05-ubuntu26.04"
_SRIOV_RES = "intel.com/mlnx_sriov_netdevice"      # the SR-IOV device plugin's resource name (assumed)


def _deployment(w, ns: str, name: str, p: dict, ready: int = 1, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, "unavailableReplicas": replicas - ready})


def _image(p: dict, image: str) -> None:
    for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
        c["image"] = image
    for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
        s["image"] = image


# ---- application: SR-IOV VF as the default route of a Slinky GPU worker pod (slurm-operator SR-IOV guide) -------

@case("fe1701", pod_subj("slurm-worker-gpu-h100-0", _SLURM),
      "Vanilla Kubernetes v1.32 (assumed; the guide names no distribution) with the NVIDIA GPU Operator (the "
      "installation guide of the same repository assumes it), Multus and the SR-IOV network device plugin (the "
      "guide's prerequisites; resource name intel.com/mlnx_sriov_netdevice and network name sriov-net1 assumed), "
      "the slurm-operator and its webhook in slinky (1/1 Running each) and a Slurm cluster in slurm: "
      "slurm-controller-0 Running (slurmctld + reconfigure, logfile sidecar), slurm-restapi Running, on a CPU "
      "node. One GPU node with 8 NVIDIA H100 80GB HBM3 (GPU model and names assumed) carries the NodeSet "
      "gpu-h100's worker pod slurm-worker-gpu-h100-0 (owner NodeSet, slurmd requesting nvidia.com/gpu 8 and one "
      "SR-IOV VF, Multus annotation k8s.v1.cni.cncf.io/networks: sriov-net1): its slurmd container in "
      "CrashLoopBackOff (last exit code 1, reason Error, restart count 6), the logfile sidecar running, the "
      "kubelet's BackOff event. The NetworkAttachmentDefinition (whose IPAM routes/gateway make the VF the default "
      "route) is not a collected object and is not in the bundle. No slurmd log is written (the guide describes "
      "the logs, it quotes none).")
def _(w, t):
    cpu = "worker-cpu-01"
    w.node(cpu, cpu="16", memory="65843964Ki")
    gpu = "gpu-node-h100-01"
    n = w.gpu_node(gpu, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, cpu="128",
                   memory="2113389848Ki")
    for res in ("capacity", "allocatable"):
        n["status"][res][_SRIOV_RES] = "8"
    op = deploy_pod(w, _SLINKY, "slurm-operator-5d86d75979", "slurm-operator-5d86d75979-6wflf", cpu,
                    containers=("manager",), image="ghcr.io/slinkyproject/slurm-operator:1.3.0",
                    labels={"app.kubernetes.io/name": "slurm-operator", "app.kubernetes.io/instance": "slurm-operator"},
                    cpu="100m", memory="128Mi")
    _deployment(w, _SLINKY, "slurm-operator", op)
    wh = deploy_pod(w, _SLINKY, "slurm-operator-webhook-567c84547b", "slurm-operator-webhook-567c84547b-kr7zq", cpu,
                    containers=("webhook",), image="ghcr.io/slinkyproject/slurm-operator-webhook:1.3.0",
                    labels={"app.kubernetes.io/name": "slurm-operator-webhook",
                            "app.kubernetes.io/instance": "slurm-operator"}, cpu="100m", memory="128Mi")
    _deployment(w, _SLINKY, "slurm-operator-webhook", wh)
    ctl = w.pod(_SLURM, "slurm-controller-0", node=cpu, gpu=0, containers=("slurmctld", "reconfigure"),
                init_containers=("logfile",), image=f"ghcr.io/slinkyproject/slurmctld:{_TAG}",
                owner=("StatefulSet", "slurm-controller"),
                labels={"app.kubernetes.io/name": "slurmctld", "app.kubernetes.io/instance": "slurm"},
                cpu="1", memory="2Gi",
                init_statuses={"logfile": {"state": {"running": {"startedAt": "2026-11-29T14:00:00Z"}},
                                           "ready": True, "restartCount": 0, "started": True}})
    _image(ctl, f"ghcr.io/slinkyproject/slurmctld:{_TAG}")
    st = w.workload("StatefulSet", _SLURM, "slurm-controller", template_pod=ctl,
                    status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1})
    st["spec"]["serviceName"] = "slurm-controller"
    rest = deploy_pod(w, _SLURM, "slurm-restapi-77b9f969f7", "slurm-restapi-77b9f969f7-kh4r8", cpu,
                      containers=("slurmrestd",), image=f"ghcr.io/slinkyproject/slurmrestd:{_TAG}",
                      labels={"app.kubernetes.io/name": "slurmrestd", "app.kubernetes.io/instance": "slurm"},
                      cpu="500m", memory="512Mi")
    _deployment(w, _SLURM, "slurm-restapi", rest)
    name = "slurm-worker-gpu-h100-0"
    p = w.pod(_SLURM, name, node=gpu, gpu=8, containers=("slurmd",), init_containers=("logfile",),
              image=f"ghcr.io/slinkyproject/slurmd:{_TAG}", owner=("NodeSet", "slurm-worker-gpu-h100"),
              labels={"app.kubernetes.io/name": "slurmd", "app.kubernetes.io/instance": "slurm-worker-gpu-h100",
                      "nodeset.slinky.slurm.net/pod-hostname": "gpu-h100-0"},
              tolerations=[{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              cpu="64", memory="1024Gi",
              init_statuses={"logfile": {"state": {"running": {"startedAt": "2026-11-29T14:10:00Z"}},
                                         "ready": True, "restartCount": 0, "started": True}})
    _image(p, f"ghcr.io/slinkyproject/slurmd:{_TAG}")
    p["spec"]["initContainers"][0]["image"] = "docker.io/library/alpine:latest"
    p["status"]["initContainerStatuses"][0]["image"] = "docker.io/library/alpine:latest"
    p["spec"]["initContainers"][0]["restartPolicy"] = "Always"
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "slinky.slurm.net/v1beta1"
    p["metadata"]["annotations"] = {"k8s.v1.cni.cncf.io/networks": "sriov-net1"}
    c = p["spec"]["containers"][0]
    c["resources"]["limits"][_SRIOV_RES] = "1"
    c["resources"]["requests"][_SRIOV_RES] = "1"
    c["args"] = ["-Z", "--conf-server=slurm-controller.slurm:6817"]
    p["spec"]["hostname"] = "gpu-h100-0"
    p["spec"]["subdomain"] = "slurm-workers-slurm"
    crashloop(p, "slurmd", restarts=6, code=1)
    backoff(w, _SLURM, name, "slurmd", gpu, count=22)
    w.target("Pod", _SLURM, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
