"""Builds first-contact batch C24 (fixtures/first-contact/batch-c24/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of GPU sharing configuration found with the fixed query list of the batch README
(round 24, search protocol): the Volcano vGPU device plugin applies its command-line flag defaults
(--mig-strategy none, --device-split-count 2) over the per-node settings of its volcano-vgpu-node-config
ConfigMap, so a non-MIG node advertises 2 vGPU slots instead of 4 and a node meant for MIG advertises nothing
(Project-HAMi/volcano-vgpu-device-plugin#87). The text is the reporter's sentence (a prose case,
TEXT_NOT_IN_BUNDLE): the bundle models the state the thread describes. The expected answer was reasoned from the
thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from the
tool's output.

Names and versions the thread does not state (the control-plane node, GPU models, the plugin image tag, the
ConfigMap's layout, pod names) are filled in plausibly; the scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_c24      # (re)writes fixtures/first-contact/batch-c24/scenarios/
"""

from __future__ import annotations

import json

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-c24", "C24", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the reporters' own sentences): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc2401"}

KS = "kube-system"


def _resources(node: dict, *, cap: dict, alloc: dict) -> None:
    """Replace a node's capacity and allocatable with the given blocks (as a reporter quotes them)."""
    node["status"]["capacity"] = dict(cap)
    node["status"]["allocatable"] = dict(alloc)


# ---- fc2401: the Volcano vGPU device plugin's flag defaults override its per-node ConfigMap -------------------

_V01_CPU = "k8s-master-01"
_V01_NONMIG = "gpu24042"
_V01_MIG = "gracehopper"
_V01_IMG = "docker.io/projecthami/volcano-vgpu-device-plugin:v1.12.0"
_V01_KUBE = "v1.28.15"
_V01_NODE_CONFIG = {"nodeconfig": [
    {"name": _V01_NONMIG, "operatingmode": "hami-core", "devicememoryscaling": 1, "devicecorescaling": 1,
     "devicesplitcount": 4},
    {"name": _V01_MIG, "operatingmode": "mig"},
]}


@case("fc2401", node_subj(_V01_MIG),
      "A Kubernetes v1.28.15 cluster with Volcano v1.13.0 (both as the thread states; distribution, the control-"
      "plane node k8s-master-01 and all pod names assumed) and the Volcano vGPU device plugin as the DaemonSet "
      "volcano-device-plugin in kube-system (image tag v1.12.0 assumed), its pods Running on both GPU nodes (their "
      "logs are not quoted in the thread and are not in the bundle). The ConfigMap volcano-vgpu-node-config in "
      "kube-system holds the per-node settings the thread quotes (gpu24042: operatingmode hami-core, "
      "devicesplitcount 4; gracehopper: operatingmode mig; the JSON layout and the scaling keys are assumed). "
      "gpu24042 (one 12 GB GPU assumed) has the reporter's quoted capacity and allocatable: volcano.sh/vgpu-number "
      "2, vgpu-cores 100, vgpu-memory 12288. gracehopper (arm64, 72 CPUs, one GH200 assumed) advertises zero "
      "resources, modelled as volcano.sh/vgpu-number, vgpu-memory and vgpu-cores '0' (the thread says only "
      "'advertises zero resources'); MIG mode is not activated there (no MIG state in the bundle). No workload pod "
      "is modelled (the thread names none). The reporter's sentence is prose and not in the bundle.")
def _(w, t):
    w.git_version = _V01_KUBE
    kinfo = {"kubeletVersion": _V01_KUBE, "containerRuntimeVersion": "containerd://1.7.27",
             "osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-143-generic"}
    master = w.node(_V01_CPU, cpu="8", memory="32791264Ki",
                    labels={"node-role.kubernetes.io/control-plane": ""},
                    taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    info(master, **kinfo)
    nonmig = w.node(_V01_NONMIG, labels={"volcano.sh/vgpu.enabled": "true"})
    info(nonmig, **kinfo)
    _resources(nonmig,
               cap={"cpu": "4", "ephemeral-storage": "63803260Ki", "hugepages-2Mi": "0", "memory": "16377132Ki",
                    "pods": "110", "volcano.sh/vgpu-cores": "100", "volcano.sh/vgpu-memory": "12288",
                    "volcano.sh/vgpu-number": "2"},
               alloc={"cpu": "4", "ephemeral-storage": "58801084319", "hugepages-2Mi": "0", "memory": "16274732Ki",
                      "pods": "110", "volcano.sh/vgpu-cores": "100", "volcano.sh/vgpu-memory": "12288",
                      "volcano.sh/vgpu-number": "2"})
    mig = w.node(_V01_MIG, labels={"volcano.sh/vgpu.enabled": "true"})
    info(mig, architecture="arm64", kubeletVersion=_V01_KUBE, containerRuntimeVersion="containerd://1.7.27",
         osImage="Ubuntu 22.04.5 LTS", kernelVersion="6.8.0-1021-nvidia-64k")
    _resources(mig,
               cap={"cpu": "72", "ephemeral-storage": "921353280Ki", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                    "hugepages-32Mi": "0", "hugepages-64Ki": "0", "memory": "500950208Ki", "pods": "110",
                    "volcano.sh/vgpu-cores": "0", "volcano.sh/vgpu-memory": "0", "volcano.sh/vgpu-number": "0"},
               alloc={"cpu": "72", "ephemeral-storage": "849119008716", "hugepages-1Gi": "0", "hugepages-2Mi": "0",
                      "hugepages-32Mi": "0", "hugepages-64Ki": "0", "memory": "500847808Ki", "pods": "110",
                      "volcano.sh/vgpu-cores": "0", "volcano.sh/vgpu-memory": "0", "volcano.sh/vgpu-number": "0"})
    tol = [{"key": "CriticalAddonsOnly", "operator": "Exists"},
           {"key": "volcano.sh/gpu-memory", "operator": "Exists", "effect": "NoSchedule"}]
    daemonset(w, KS, "volcano-device-plugin", desired=2, containers=[("volcano-device-plugin", _V01_IMG)],
              tolerations=tol, labels={"name": "volcano-device-plugin"},
              node_selector={"volcano.sh/vgpu.enabled": "true"})
    for node, sfx in ((_V01_NONMIG, "k4x8p"), (_V01_MIG, "r7m2d")):
        ds_pod(w, KS, "volcano-device-plugin", f"volcano-device-plugin-{sfx}", node,
               containers=("volcano-device-plugin",), image=_V01_IMG, tolerations=tol, cpu="100m",
               memory="128Mi")
    w.ns_custom.setdefault(("configmaps", KS), []).append(
        {"apiVersion": "v1", "kind": "ConfigMap",
         "metadata": {"name": "volcano-vgpu-node-config", "namespace": KS},
         "data": {"config.json": json.dumps(_V01_NODE_CONFIG, indent=2) + "\n"}})
    w.target("Node", None, _V01_MIG)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
