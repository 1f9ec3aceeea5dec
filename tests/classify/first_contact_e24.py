"""Builds first-contact batch E24 (fixtures/first-contact/batch-e24/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of Slurm on Kubernetes and HPC batch schedulers found with the fixed query list of
the batch README (round 24, search protocol): a GPU-requesting pod left Pending by Slinky's slurm-bridge scheduler,
whose PreBind plugin cannot build the DRA selector because Slurm returned the GRES allocation without an index
(SlinkyProject/slurm-bridge#33). The text is placed verbatim where the thread says it appeared (the pod's
scheduling event). The expected answer was reasoned from the thread (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Names and versions the thread does not state (node and pod names, namespace, Job, Kubernetes / Slurm / slurm-bridge
versions, the DRA driver) are filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e24      # (re)writes fixtures/first-contact/batch-e24/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod, ds_pod, daemonset
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e24", "E24", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): none in this batch, every text is a message placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- fe2401: slurm-bridge PreBind fails, Slurm's GRES allocation has no index -----------------------------

_E01_NS = "slurm-jobs"
_E01_POD = "gres-dra-test-x7k2p"
_E01_GPU_NODE = "node-0"
_E01_SYS_NODE = "node-sys-0"
_E01_RES = "deviceclass.resource.kubernetes.io/gpu.example.com"


@case("fe2401", pod_subj(_E01_POD, _E01_NS),
      "Kubernetes v1.35.1 with DRA and extended-resource mapping enabled (version assumed; the thread states none). "
      "Slinky's slurm-bridge (v1.1.0, assumed) runs its scheduler slurm-bridge-scheduler in namespace slurm-bridge and "
      "schedules the managed namespace slurm-jobs (name assumed) against a Slurm 25.11 cluster (slurmctld and slurmrestd "
      "in namespace slurm, assumed). The GPU node node-0 (the node name of the thread's gres.conf) carries 8 devices "
      "published by a DRA kubelet plugin for the device class gpu.example.com (the thread's example name; the DRA "
      "example driver's DaemonSet in namespace dra-example-driver is assumed) and advertises no nvidia.com/gpu; a "
      "second node runs the system pods. Slurm's gres.conf declares the GPU GRES count-only (`NodeName=node-0 "
      "Name=gpu Type=gpu.example.com Count=8`, as the thread quotes), so Slurm REST returns the placeholder job's "
      "GRES allocation with index null: that Slurm-side state is not a bundle file. The Job's pod (cpu 1, memory "
      "64Mi, limit deviceclass.resource.kubernetes.io/gpu.example.com: 1, as quoted; Job and pod names assumed) uses "
      "schedulerName slurm-bridge-scheduler and stays Pending and unbound: its FailedScheduling event from "
      "slurm-bridge-scheduler (x14, count and reason assumed) and its PodScheduled condition (reason SchedulerError, "
      "assumed) carry the quoted message verbatim.")
def _(w, t):
    w.git_version = "v1.35.1"
    w.node(_E01_SYS_NODE, cpu="16", memory="65843076Ki", labels={"node-role.kubernetes.io/control-plane": ""})
    w.node(_E01_GPU_NODE, cpu="96", memory="1056427484Ki", labels={"node-role.kubernetes.io/worker": "",
                                                                    "slinky.slurm.net/slurm-node": _E01_GPU_NODE})
    # the DRA kubelet plugin publishing the gpu.example.com devices of node-0
    dra_img = "registry.k8s.io/dra-example-driver/dra-example-driver:v0.2.0"
    daemonset(w, "dra-example-driver", "dra-example-driver-kubeletplugin", desired=1,
              containers=[("plugin", dra_img)], labels={"app.kubernetes.io/name": "dra-example-driver"})
    ds_pod(w, "dra-example-driver", "dra-example-driver-kubeletplugin", "dra-example-driver-kubeletplugin-9q4xd",
           _E01_GPU_NODE, containers=("plugin",), image=dra_img, cpu="10m", memory="64Mi")
    # slurm-bridge's scheduler, and the Slurm control plane it talks to
    sb_img = "ghcr.io/slinkyproject/slurm-bridge-scheduler:1.1.0"
    sb = deploy_pod(w, "slurm-bridge", "slurm-bridge-scheduler-6d8f9c7b5d", "slurm-bridge-scheduler-6d8f9c7b5d-k2m8r",
                    _E01_SYS_NODE, containers=("scheduler",), image=sb_img,
                    labels={"app.kubernetes.io/name": "slurm-bridge-scheduler"}, cpu="100m", memory="256Mi")
    w.workload("Deployment", "slurm-bridge", "slurm-bridge-scheduler", template_pod=sb)
    for name, img in (("slurm-controller-0", "ghcr.io/slinkyproject/slurmctld:25.11-ubuntu24.04"),):
        w.pod("slurm", name, node=_E01_SYS_NODE, gpu=0, containers=("slurmctld",), image=img,
              labels={"app.kubernetes.io/name": "slurmctld"}, owner=("StatefulSet", "slurm-controller"),
              cpu="1", memory="2Gi")
    rest = deploy_pod(w, "slurm", "slurm-restapi-7c9d6b8f4", "slurm-restapi-7c9d6b8f4-w5t2n", _E01_SYS_NODE,
                      containers=("slurmrestd",), image="ghcr.io/slinkyproject/slurmrestd:25.11-ubuntu24.04",
                      labels={"app.kubernetes.io/name": "slurmrestd"}, cpu="500m", memory="512Mi")
    w.workload("Deployment", "slurm", "slurm-restapi", template_pod=rest)
    # the GPU workload
    p = w.pod(_E01_NS, _E01_POD, gpu=1, resource=_E01_RES, phase="Pending", image="ubuntu:24.04",
              containers=("gres-dra-test",), owner=("Job", "gres-dra-test"), scheduler="slurm-bridge-scheduler",
              cpu="1", memory="64Mi", scheduled_message=t, labels={"job-name": "gres-dra-test"})
    p["spec"]["restartPolicy"] = "Never"
    for c in p["status"]["conditions"]:
        if c["type"] == "PodScheduled":
            c["reason"] = "SchedulerError"
    w.workload("Job", _E01_NS, "gres-dra-test", template_pod=p)
    w.event(_E01_NS, "Pod", _E01_POD, "FailedScheduling", t, component="slurm-bridge-scheduler", count=14)
    w.target("Pod", _E01_NS, _E01_POD)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
