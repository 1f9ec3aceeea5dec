"""Builds first-contact batch F26 (fixtures/first-contact/batch-f26/cases.jsonl) as scenario bundles.

Policy and admission blocking the GPU stack, and bare-metal GPU node bring-up (round 26, search protocol): the GPU
Operator's nvidia-driver-daemonset cannot create its pods because the cluster's PodSecurityPolicy admission refuses
hostPID, hostPath volumes and a privileged container (NVIDIA/gpu-operator#185). The text is placed verbatim where the
thread says it appeared (the daemonset-controller's FailedCreate event on the DaemonSet). The expected answer was
reasoned from the thread (`expected` in the case) and committed before any rule change; it is never taken from the
tool's output. Names, versions and the PSP set are assumed; the scenario README says so.

    .venv/bin/python -m tests.classify.first_contact_f26      # (re)writes fixtures/first-contact/batch-f26/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, info, nfd
from tests.classify.first_contact_common import ThreadBatch

FC = ThreadBatch("batch-f26", "F26", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases: none in this batch
TEXT_NOT_IN_BUNDLE: set[str] = set()

_OP_NS = "gpu-operator"               # the chart's release namespace (operator, NFD)
_RES_NS = "gpu-operator-resources"    # the GPU Operator 1.x operand namespace, as the thread's events show
_DS = "nvidia-driver-daemonset"
_INFO = {"osImage": "Ubuntu 20.04.2 LTS", "kernelVersion": "5.4.0-73-generic",
         "containerRuntimeVersion": "containerd://1.4.4", "kubeletVersion": "v1.20.7"}


def _driver_template_spec() -> dict:
    """The 1.7-era driver DaemonSet's pod template: what the PSP refuses (hostPID, three hostPath volumes,
    a privileged container), as the event lists it."""
    return {
        "serviceAccountName": "nvidia-driver",
        "hostPID": True,
        "priorityClassName": "system-node-critical",
        "nodeSelector": {"nvidia.com/gpu.deploy.driver": "true"},
        "tolerations": [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
        "containers": [{
            "name": "nvidia-driver-ctr",
            "image": "nvcr.io/nvidia/driver:460.73.01-ubuntu20.04",
            "command": ["nvidia-driver"], "args": ["init"],
            "securityContext": {"privileged": True, "seLinuxOptions": {"level": "s0"}},
            "volumeMounts": [{"name": "run-nvidia", "mountPath": "/run/nvidia", "mountPropagation": "Bidirectional"},
                             {"name": "var-log", "mountPath": "/var/log"},
                             {"name": "dev-log", "mountPath": "/dev/log"}],
        }],
        "volumes": [{"name": "run-nvidia", "hostPath": {"path": "/run/nvidia"}},
                    {"name": "var-log", "hostPath": {"path": "/var/log"}},
                    {"name": "dev-log", "hostPath": {"path": "/dev/log"}}],
    }


@case("ff2601", {"kind": "DaemonSet", "namespace": _RES_NS, "name": _DS},
      "Kubernetes v1.20.7 (assumed; the thread names no distribution or version) with the PodSecurityPolicy "
      "admission plugin enabled and only a restrictive default PSP usable by the operand service accounts "
      "(assumed; PSP objects are not in the bundle). Two CPU nodes (`k8s-cp-1` control plane, `k8s-worker-1`) and the "
      "newly added GPU node `k8s-gpu-1` (one Tesla T4 assumed, Ubuntu 20.04, kernel 5.4.0-73, containerd 1.4.4; "
      "all assumed), labelled by NFD (pci-10de present) and by the operator (nvidia.com/gpu.present, "
      "gpu.deploy.driver=true); it advertises no nvidia.com/gpu. GPU Operator 1.7.0 (assumed) from its Helm chart: "
      "the operator Deployment and NFD master/worker run in `gpu-operator`; in `gpu-operator-resources` the "
      "operator has created only `nvidia-driver-daemonset` (desired 1, current 0, no pod), whose pod template "
      "carries hostPID, three hostPath volumes and a privileged container (the 1.7-era template, assumed); the later "
      "operands are not created yet (the operator waits on the driver state; assumed). The daemonset-controller's "
      "FailedCreate event on the DaemonSet (count 17, assumed) carries the thread's message verbatim.")
def _(w, t):
    w.git_version = "v1.20.7"
    cp = w.node("k8s-cp-1", cpu="8", memory="32817256Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    wk = w.node("k8s-worker-1", cpu="16", memory="65856316Ki")
    gpu = w.node("k8s-gpu-1", cpu="16", memory="65856316Ki",
                 labels={"feature.node.kubernetes.io/pci-10de.present": "true",
                         "nvidia.com/gpu.present": "true", "nvidia.com/gpu.deploy.driver": "true",
                         "nvidia.com/gpu.deploy.container-toolkit": "true",
                         "nvidia.com/gpu.deploy.device-plugin": "true",
                         "nvidia.com/gpu.deploy.gpu-feature-discovery": "true",
                         "nvidia.com/gpu.deploy.operator-validator": "true"})
    for n in (cp, wk, gpu):
        info(n, **_INFO)
    deploy_pod(w, _OP_NS, "gpu-operator-7b9d6c8f5", "gpu-operator-7b9d6c8f5-x4k2p", "k8s-worker-1",
               containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v1.7.0",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})
    nfd(w, _OP_NS, "gpu-operator-node-feature-discovery", ["k8s-worker-1", "k8s-gpu-1"], "k8s-worker-1", "v0.8.2")
    ds = daemonset(w, _RES_NS, _DS, desired=1, current=0, ready=0,
                   labels={"app": _DS, "app.kubernetes.io/part-of": "gpu-operator"})
    ds["spec"]["template"]["spec"] = _driver_template_spec()
    ds["spec"]["updateStrategy"] = {"type": "OnDelete"}
    ds["spec"].pop("replicas", None)      # a DaemonSet has none
    w.event(_RES_NS, "DaemonSet", _DS, "FailedCreate", t, component="daemonset-controller", count=17)
    w.target("DaemonSet", _RES_NS, _DS)


all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
