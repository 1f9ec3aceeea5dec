"""Builds first-contact batch D26 (fixtures/first-contact/batch-d26/cases.jsonl) as scenario bundles.

GPU nodes and GPU pods on regional and smaller clouds' Kubernetes services (round 26, search protocol): OpenPAI's
drivers-one-shot driver pod on a single-box deployment cannot unload the already loaded NVIDIA modules, because
PAI's Hadoop Node Manager and Prometheus GPU exporter hold them; stopping both lets the install finish
(microsoft/pai#784). The text is placed verbatim where the thread says it appeared (the driver container's log).
Names, versions, the GPU and the services holding the driver are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_d26      # (re)writes fixtures/first-contact/batch-d26/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-d26", "D26", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_NS = "default"
_NODE = "10.0.1.6"
_DRV_POD = "drivers-one-shot-8kq5t"
_DRV_IMAGE = "openpai/drivers:v0.6.0"


def _subject(name: str, ns: str) -> dict:
    return {"kind": "Pod", "namespace": ns, "name": name}


@case("fd2601", _subject(_DRV_POD, _NS),
      "A 1-node OpenPAI single box on Kubernetes (v1.9.4, Docker 17.06, Ubuntu 16.04 with kernel 4.4.0-128-generic; "
      "the versions except the kernel assumed): the node 10.0.1.6 (its GPU model not stated and not shown; the NVIDIA 384.111 "
      "modules already loaded on the host) labelled machinetype=gpu by hand, as in the thread. OpenPAI's "
      "drivers-one-shot DaemonSet pod (name, image and container name assumed) is Running but not ready; its "
      "container log is the quoted trace and ends where the thread's paste ends. PAI's hadoop-node-manager and "
      "node-exporter pods (with a gpu-exporter container calling nvidia-smi; names and images assumed) run on the "
      "node: they are what holds the driver (inferred from the fix). No NVIDIA device plugin runs (YARN schedules "
      "the GPUs), so the node advertises no nvidia.com/gpu. No event is invented.")
def _(w, t):
    w.git_version = "v1.9.4"
    n = w.node(_NODE, cpu="24", memory="131900616Ki", labels={"machinetype": "gpu", "pai-master": "true",
                                                              "pai-worker": "true"})
    n["status"]["nodeInfo"].update({"containerRuntimeVersion": "docker://17.6.2", "kernelVersion":
                                    "4.4.0-128-generic", "osImage": "Ubuntu 16.04.4 LTS",
                                    "kubeletVersion": "v1.9.4", "kubeProxyVersion": "v1.9.4"})

    daemonset(w, _NS, "drivers-one-shot", desired=1, ready=0, containers=(("nvidia-drivers", _DRV_IMAGE),),
              node_selector={"machinetype": "gpu"}, labels={"app": "drivers-one-shot"})
    drv = ds_pod(w, _NS, "drivers-one-shot", _DRV_POD, _NODE, containers=("nvidia-drivers",), image=_DRV_IMAGE,
                 cpu="100m", memory="128Mi", ready=False)
    drv["spec"]["hostPID"] = True
    drv["spec"]["containers"][0]["securityContext"] = {"privileged": True}
    drv["spec"]["containers"][0]["readinessProbe"] = {"exec": {"command": ["cat", "/jobstatus/jobok"]},
                                                      "initialDelaySeconds": 5, "periodSeconds": 3}
    w.log(_NS, _DRV_POD, "nvidia-drivers", t)

    for ds, pod, containers, image in (
            ("hadoop-node-manager-ds", "hadoop-node-manager-ds-2xwzq", ("hadoop-node-manager",),
             "openpai/hadoop-run:v0.6.0"),
            ("node-exporter", "node-exporter-fm7rb", ("node-exporter", "gpu-exporter"),
             "openpai/gpu-exporter:v0.6.0")):
        daemonset(w, _NS, ds, desired=1, containers=tuple((c, image) for c in containers), labels={"app": ds})
        ds_pod(w, _NS, ds, pod, _NODE, containers=containers, image=image, cpu="1", memory="2Gi")
    w.target("Pod", _NS, _DRV_POD)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
