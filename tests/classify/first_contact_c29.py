"""Builds first-contact batch C29 (fixtures/first-contact/batch-c29/cases.jsonl) as scenario bundles.

GPU pods under Kubernetes batch schedulers other than Volcano, Kueue, KAI and HAMi (round 29, search protocol):
Koordinator's node agent koordlet, run with the feature gate `Accelerators` on GPU nodes, panics in its GPU usage
collector (index out of range) and crash-loops (koordinator-sh/koordinator#1062, closed by a maintainer as a
duplicate of #904; fix PR#1181 'koordlet: fix panic during collect GPU usage', approved by maintainers). The text is
placed verbatim where the thread says it appeared (the koordlet container's log). Names, versions, the node split
and the NVIDIA device plugin beside Koordinator are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_c29      # (re)writes fixtures/first-contact/batch-c29/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c29", "C29", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

KOORD_NS = "koordinator-system"
KOORD_TAG = "v1.1.1"

# the koordlet log lines the reporter quotes before the panic (same ```go panic``` block of the issue description)
_BEFORE = (
    "I0227 14:18:29.409907   47983 cpu_suppress.go:584] calculated BE suppress policy: cpuset [0 48 24 72 1 49 25 73 "
    "2 50 26 74 3 51 27 75 4 52 28 76 5 53 29 77 6 54 30 78 7 55 31 79 8 56 32 80 9 57 33 81 10 58 34 82 11 59 35 83 "
    "12 60 36 84 13 61 37 85 14 62 38 86 15]\n"
    "I0227 14:18:29.414465   47983 cpu_suppress.go:360] suppressBECPU finished, suppress be cpu successfully: current "
    "cpuset [0 48 24 72 1 49 25 73 2 50 26 74 3 51 27 75 4 52 28 76 5 53 29 77 6 54 30 78 7 55 31 79 8 56 32 80 9 57 "
    "33 81 10 58 34 82 11 59 35 83 12 60 36 84 13 61 37 85 14 62 38 86 15]\n")

_GPU_NODES = ("gpu-node-1", "gpu-node-2")
_CPU_NODES = ("cpu-node-1",)
_CRASHING = "koordlet-7xk2d"


def _deployment(w, ns: str, name: str, p: dict) -> None:
    w.workload("Deployment", ns, name, replicas=1, template_pod=p,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})


@case("fc2901", pod_subj(_CRASHING, KOORD_NS),
      "A self-managed Kubernetes v1.24.10 cluster (version and distribution assumed; the thread names neither) with "
      "Koordinator v1.1.1 (assumed from the report's date, 2023-02-27): koord-scheduler and koord-manager 1/1 in "
      "koordinator-system, koordlet DaemonSet on every node with the arg -feature-gates=Accelerators=true (the "
      "thread: 'feature-gate Accelerators on GPU nodes'). Two GPU nodes with 4 x Tesla V100-SXM2-32GB each and 96 "
      "CPUs (the logged cpuset lists CPUs 0-95; GPU model and count assumed), host-installed NVIDIA driver and the "
      "NVIDIA device plugin v0.13.0 as a plain DaemonSet in kube-system, healthy (assumed), and one CPU-only node "
      "(assumed). On both GPU nodes the koordlet container is in CrashLoopBackOff (exit code 2, restarts assumed); "
      "its previous log on gpu-node-1 holds the quoted block verbatim (the two cpu_suppress lines before the panic "
      "and the panic with its stack as far as the stored copy shows it); the koordlet on the CPU node runs. A "
      "training pod requesting 2 nvidia.com/gpu runs on each GPU node (assumed, after #904's report that koordlet "
      "crashes once a GPU application runs on the node; names and image assumed).")
def _(w, t):
    w.git_version = "v1.24.10"
    for n in _GPU_NODES:
        node = host_node(w, n, gpus=4, labels={"nvidia.com/gpu.product": "Tesla-V100-SXM2-32GB",
                                                "nvidia.com/gpu.memory": "32768"})
        sized(node, "96", "790654260Ki")
    for n in _CPU_NODES:
        w.node(n, cpu="32", memory="131748744Ki")
    plugin_ds(w, KS, [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{s}",
                                 image="nvcr.io/nvidia/k8s-device-plugin:v0.13.0")
                      for n, s in zip(_GPU_NODES, ("p4k8w", "m2x7q"))])
    for comp, rs, sfx in (("koord-scheduler", "koord-scheduler-6c9d8f7b4", "h5t2n"),
                          ("koord-manager", "koord-manager-7f8b6c5d9", "w3r8k")):
        p = deploy_pod(w, KOORD_NS, rs, f"{rs}-{sfx}", _CPU_NODES[0], containers=(comp.split("-", 1)[1],),
                       image=f"ghcr.io/koordinator-sh/{comp}:{KOORD_TAG}", labels={"koord-app": comp},
                       cpu="500m", memory="256Mi")
        _deployment(w, KOORD_NS, comp, p)
    pods = []
    for n, s in zip(_GPU_NODES + _CPU_NODES, ("7xk2d", "q9m4v", "b6n3s")):
        name = f"koordlet-{s}"
        p = w.pod(KOORD_NS, name, node=n, gpu=0, containers=("koordlet",),
                  image=f"ghcr.io/koordinator-sh/koordlet:{KOORD_TAG}", owner=("DaemonSet", "koordlet"),
                  labels={"koord-app": "koordlet"}, cpu="500m", memory="256Mi")
        p["spec"]["containers"][0]["args"] = ["-cgroup-root-dir=/host-cgroup/", "-feature-gates=Accelerators=true"]
        if n in _GPU_NODES:
            crashloop(p, "koordlet", restarts=23 if name == _CRASHING else 21, code=2)
            backoff(w, KOORD_NS, name, "koordlet", n, count=97)
        pods.append(p)
    w.log(KOORD_NS, _CRASHING, "koordlet", _BEFORE + t + "(", previous=True)
    for i, n in enumerate(_GPU_NODES):
        w.pod("ml-train", f"resnet-train-{i + 1}-5d8f7", node=n, gpu=2, image="nvcr.io/nvidia/pytorch:23.01-py3",
              owner=("ReplicaSet", f"resnet-train-{i + 1}"), containers=("trainer",), cpu="16", memory="64Gi")
    ds = w.workload("DaemonSet", KOORD_NS, "koordlet", template_pod=pods[0], status=ds_status(3, 3, 1))
    ds["spec"].pop("replicas", None)
    w.target("Pod", KOORD_NS, _CRASHING)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
