"""Builds first-contact batch G15 (fixtures/first-contact/batch-g15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by serving and job launchers' own documentation (dstack, KubeAI, the
vLLM Production Stack, AIBrix, llm-d; SkyPilot could not be fetched), read whole in the fixed file order of the batch
README (this round's protocol: no search look-ups; snapshots brought with `fetch` and read with git). Only one entry
of the 51 listed files qualified: fg1501, whose quoted device-plugin log is placed verbatim as the current and the
previous log of the crash-looping device-plugin container (TEXT_NOT_IN_BUNDLE is empty). The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the document does not state (the GPU model, kernel, pod name suffixes, the operand images other
than the ones the install script pins) are filled in plausibly; the scenario's README says which parts of the world
are assumed.

    .venv/bin/python -m tests.classify.first_contact_g15      # (re)writes fixtures/first-contact/batch-g15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_a14 import stack_images
from tests.classify.first_contact_b import block, no_gpu_resource, node_info, remove_stack_pod, stack_pod
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenario_builder import OPERATOR_NS, _uid
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-g15", "G15", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- plugin: the GPU Operator's device plugin cannot create its FS watcher on minikube (Production Stack) -----

_FG1501_NODE = "minikube"
_FG1501_PLUGIN = "nvidia-device-plugin-daemonset-mk7q2"


@case("fg1501", pod_subj(_FG1501_PLUGIN, OPERATOR_NS),
      "A single-node minikube v1.35.0 cluster (Kubernetes v1.32.0, docker driver and container runtime docker "
      "27.4.1 as in the page's sample output; node `minikube`, control-plane role) started with --gpus=all on an "
      "Ubuntu 22.04 host with one NVIDIA GPU (model NVIDIA L4 assumed), a preinstalled 550 driver and the NVIDIA "
      "Container Toolkit, as the repository's install-minikube-cluster.sh sets it up. The NVIDIA GPU Operator "
      "v24.9.1 (the script's pinned chart; Helm, namespace gpu-operator) runs with the host driver: the node is "
      "labelled nvidia.com/gpu.deploy.driver=pre-installed and no driver pod exists; the container-toolkit and "
      "GPU Feature Discovery pods are Running (GFD has labelled the node). The device-plugin DaemonSet's pod "
      f"{_FG1501_PLUGIN} has its nvidia-device-plugin container in CrashLoopBackOff (exit code 1, restart count "
      "9) with the kubelet's BackOff event; its current and previous logs both hold the page's log block "
      "verbatim (each attempt prints the same lines). Because the plugin never registered, the node has no "
      "nvidia.com/gpu in capacity or allocatable, and the operator-validator pod waits in its plugin-validation "
      "init container (Init:3/4; no log written). Not modelled: the minikube nvidia-device-plugin addon the "
      "script also enables (the page says nothing about it) and any GPU workload (the page's entry is about the "
      "operator install).")
def _(w, t):
    w.git_version = "v1.32.0"
    n = w.gpu_node(_FG1501_NODE, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65842872Ki",
                   labels={"node-role.kubernetes.io/control-plane": "",
                           "node.kubernetes.io/exclude-from-external-load-balancers": "",
                           "minikube.k8s.io/name": "minikube", "minikube.k8s.io/primary": "true",
                           "minikube.k8s.io/version": "v1.35.0",
                           "nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, kernelVersion="5.15.0-131-generic", osImage="Ubuntu 22.04.5 LTS",
              containerRuntimeVersion="docker://27.4.1", kubeletVersion="v1.32.0", kubeProxyVersion="v1.32.0")
    no_gpu_resource(n)
    stack_images(w, _FG1501_NODE, "v24.9.1", "550.127.05", "v1.17.3-ubuntu20.04", "v0.17.0")
    remove_stack_pod(w, _FG1501_NODE, "driver")          # host driver: the operator deploys no driver pod
    # the device plugin pod, named as the page's DaemonSet names it, crash-loops with the page's log
    p = stack_pod(w, _FG1501_NODE, "device-plugin")
    old = p["metadata"]["name"]
    p["metadata"]["name"] = _FG1501_PLUGIN
    p["metadata"]["uid"] = _uid(w.name, OPERATOR_NS, _FG1501_PLUGIN)
    for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == old]:
        w.logs.pop(key)
    w._stack[(_FG1501_NODE, "device-plugin")] = _FG1501_PLUGIN
    st = crashing("nvidia-device-plugin", 1, restarts=9)["nvidia-device-plugin"]
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "nvidia-device-plugin":
            s.update(st)
            s["started"] = False
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, _FG1501_PLUGIN, "nvidia-device-plugin", t)
    w.log(OPERATOR_NS, _FG1501_PLUGIN, "nvidia-device-plugin", t, previous=True)
    backoff(w, OPERATOR_NS, _FG1501_PLUGIN, "nvidia-device-plugin", _FG1501_NODE, count=38)
    # the validator waits for the plugin's resource
    block(w, _FG1501_NODE, "validator", "plugin-validation")
    w.target("Pod", OPERATOR_NS, _FG1501_PLUGIN)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
