"""Builds first-contact batch E21 (fixtures/first-contact/batch-e21/cases.jsonl) as scenario bundles.

Real accelerator-on-Kubernetes failures from AMD Instinct (ROCm GPU Operator, device plugin) and Intel GPU / Gaudi
device-plugin threads and pages, found with the search tool's 24 fixed queries of the batch README (this round's
search protocol). fe2101's quoted modprobe error is placed verbatim in the KMM worker pod's log, inside the log
lines the pull request quotes. The expected answer was reasoned from the document (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (node names other than the one the pod name carries, the operator
and driver image tags, kubelet and runtime builds, GPU model and count, the other nodes and workloads) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e21      # (re)writes fixtures/first-contact/batch-e21/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_d14 import (AMD_NS, _AMD_DP_IMG, _AMD_LBL_IMG, _amd_node, _amd_operator,
                                              _deviceconfig)
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import node_subj

FC = ThreadBatch("batch-e21", "E21", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()

_NOBLE = {"osImage": "Ubuntu 24.04.3 LTS", "kernelVersion": "6.14.0-29-generic",
          "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5", "kubeProxyVersion": "v1.32.5"}


# ---- driver: the out-of-tree amdgpu module's inbox dependency missing from the driver image (gpu-operator PR#333) --

_FE2101_NODE = "leto"
_FE2101_MODULE = "default2"
_FE2101_POD = f"kmm-worker-{_FE2101_NODE}-{_FE2101_MODULE}"

# the KMM worker log lines the PR quotes up to the failing modprobe line (verbatim; the next line is cut in the
# stored copy and not modelled); the case's text is the quoted part of the last line
_FE2101_LOG = (
    'E0908 23:31:33.640688       1 funcs_kmod.go:15] "Could not get the git commit; using <undefined>" '
    'err="vcs.revision not found in build info settings" logger="kmm-worker"\n'
    'I0908 23:31:33.640771       1 funcs_kmod.go:18] "Starting worker" logger="kmm-worker" version="0.0.1" '
    'git commit="<undefined>"\n'
    'I0908 23:31:33.640782       1 funcs_kmod.go:30] "Reading config" logger="kmm-worker" '
    'path="/etc/kmm-worker/config.yaml"\n'
    'I0908 23:31:33.641188       1 worker.go:76] "preparing firmware for loading" logger="kmm-worker" '
    'image directory="/tmp/firmwareDir/updates" host mount directory="/var/lib/firmware"\n'
    'I0908 23:31:34.246886       1 modprobe.go:33] "Running modprobe" logger="kmm-worker" '
    'command="/sbin/modprobe -vd /tmp/opt amdgpu"\n'
    'I0908 23:31:34.248939       1 cmdlog.go:70] "{text}" logger="kmm-worker.modprobe.stderr"\n')


@case("fe2101", node_subj(_FE2101_NODE),
      "Vanilla Kubernetes v1.32.5 (assumed; the PR names no distribution) with the AMD GPU Operator (v1.4.0, "
      "assumed) and its KMM (Kernel Module Management) dependency in kube-amd-gpu (namespace stated). The GPU "
      "worker leto (the name the KMM worker pod's kmm-worker-<node>-<module> name carries) runs Ubuntu 24.04 with "
      "kernel 6.14.0-29-generic (the kernel in the logged module path; the PR's prose says '6.8 GA kernel'); "
      "8 AMD Instinct MI300X (model and count assumed), inbox amdgpu blacklisted. DeviceConfig `default2` (name "
      "from the pod name, assumed to be the Module's) has driver.enable true, ROCm driver 6.4.1 (the PR says "
      "'6.4.X'; minor version assumed), operator-built driver image (tag assumed). KMM's worker pod "
      "kmm-worker-leto-default2 (containers: worker, init image-extractor, as the quoted kubectl output says) "
      "terminated with exit code 1 and phase Failed (exit state assumed); its worker log is the six lines the PR "
      "quotes up to the failing modprobe line. The amdgpu module is not loaded, the node never gets KMM's "
      "module-ready label, so the operator's device plugin and node labeller DaemonSets (nodeSelector including "
      "that label; modelled) have no pod there and the node advertises no amd.com/gpu. A CPU worker carries the "
      "operator and KMM controllers. No kernel log is written (the PR quotes none).")
def _(w, t):
    w.git_version = "v1.32.5"
    cpu = "cpu-worker-01"
    node_info(w.node(cpu, cpu="32", memory="131891680Ki"), **_NOBLE)
    _amd_node(w, _FE2101_NODE, gpus=None, info=_NOBLE)
    _amd_operator(w, cpu)
    kmm_rs = "amd-gpu-operator-kmm-controller-7d9f8c6b5c"
    kp = deploy_pod(w, AMD_NS, kmm_rs, f"{kmm_rs}-h6t2w", cpu, containers=("manager",),
                    image="docker.io/rocm/kernel-module-management-operator:v1.4.0",
                    labels={"app.kubernetes.io/name": "kmm", "control-plane": "controller"}, cpu="100m",
                    memory="256Mi")
    w.workload("Deployment", AMD_NS, "amd-gpu-operator-kmm-controller", template_pod=kp,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    ready_label = {f"kmm.node.kubernetes.io/{AMD_NS}.{_FE2101_MODULE}.ready": ""}
    for app, ctr, img in ((f"{_FE2101_MODULE}-device-plugin", "device-plugin", _AMD_DP_IMG),
                          (f"{_FE2101_MODULE}-node-labeller", "node-labeller", _AMD_LBL_IMG)):
        daemonset(w, AMD_NS, app, desired=0, containers=[(ctr, img)],
                  node_selector={"feature.node.kubernetes.io/amd-gpu": "true", **ready_label},
                  labels={"app.kubernetes.io/name": app, "daemonset-name": app})
    image = "docker.io/rocm/amdgpu-driver:ubuntu-24.04-6.14.0-29-generic-6.4.1"
    fail = {"exitCode": 1, "reason": "Error", "startedAt": T0, "finishedAt": T0}
    done = {"exitCode": 0, "reason": "Completed", "startedAt": T0, "finishedAt": T0}
    p = w.pod(AMD_NS, _FE2101_POD, node=_FE2101_NODE, gpu=0, phase="Failed", containers=("worker",),
              image=image, owner=("Module", _FE2101_MODULE),
              labels={"kmm.node.kubernetes.io/module.name": _FE2101_MODULE,
                      "kmm.node.kubernetes.io/worker-action": "Load"},
              cpu="100m", memory="128Mi",
              statuses={"worker": {"state": {"terminated": fail}, "ready": False, "started": False,
                                   "restartCount": 0}})
    spec = p["spec"]
    spec["restartPolicy"] = "Never"
    spec["containers"][0]["securityContext"] = {"privileged": True}
    spec["containers"][0]["args"] = ["kmod", "load", "/etc/kmm-worker/config.yaml"]
    spec["initContainers"] = [{"name": "image-extractor", "image": image}]
    p["status"]["initContainerStatuses"] = [{"name": "image-extractor", "image": image, "ready": True,
                                             "restartCount": 0, "state": {"terminated": done}}]
    p["metadata"]["ownerReferences"][0].update({"apiVersion": "kmm.sigs.x-k8s.io/v1beta1", "controller": False})
    w.log(AMD_NS, _FE2101_POD, "worker", _FE2101_LOG.replace("{text}", t))
    w.ns_custom[("deviceconfigs.amd.com", AMD_NS)] = [_deviceconfig(_FE2101_MODULE, {
        "selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
        "driver": {"enable": True, "version": "6.4.1", "blacklist": True},
        "devicePlugin": {"enableDevicePlugin": True, "enableNodeLabeller": True}})]
    w.ns_custom[("modules.kmm.sigs.x-k8s.io", AMD_NS)] = [{
        "apiVersion": "kmm.sigs.x-k8s.io/v1beta1", "kind": "Module",
        "metadata": {"name": _FE2101_MODULE, "namespace": AMD_NS, "creationTimestamp": T0},
        "spec": {"selector": {"feature.node.kubernetes.io/amd-gpu": "true"},
                 "moduleLoader": {"container": {"modprobe": {"moduleName": "amdgpu"}}}},
        "status": {"moduleLoader": {"nodesMatchingSelectorNumber": 1, "desiredNumber": 1, "availableNumber": 0}}}]
    w.target("Node", None, _FE2101_NODE)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
