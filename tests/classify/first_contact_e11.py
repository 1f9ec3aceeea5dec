"""Builds first-contact batch E11 (fixtures/first-contact/batch-e11/cases.jsonl) as scenario bundles.

Driver-layer cases sampled with the fixed list of 72 queries in the batch README (18 per corpus), sent to all four
corpora of the search tool (`issues`, `pages`, `docs`, `code`). The expected answers were reasoned from the sources
(`expected` in the case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a source does not state (cluster flavour, kubelet and runtime versions, plugin version and
deployment, pod names, restart counts) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_e11      # (re)writes fixtures/first-contact/batch-e11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenarios_real import crashing, pod_subj

FC = ThreadBatch("batch-e11", "E11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach the cluster as a whole (a PR description): not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fe1101"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]

# the one error the PR quotes from the cluster (the device plugin's), verbatim
PLUGIN_ERROR = "NVML: Driver Not Loaded"


# ---- driver layer ----------------------------------------------------------------------------

@case("fe1101", pod_subj("nvidia-device-plugin-daemonset-r7m4k", KS),
      "A single-node Kubernetes cluster (flavour not stated; upstream kubelet v1.34 and containerd 2.1 assumed) whose "
      "only node `poc115-node` is an Intel TDX confidential VM with eight passed-through NVIDIA B200 GPUs, booted from "
      "the confidential-os-builder `c8s-base` image (OS image string, kernel and versions assumed). On this boot no "
      "NVIDIA kernel module was loaded (the image's own nvidia-gpu-flr unit aborted before modprobe; host state the "
      "collector does not read). The standalone NVIDIA device plugin DaemonSet `nvidia-device-plugin-daemonset` in "
      "kube-system (v0.18.1, CDI device-list strategy; assumed) is 1 desired / 0 ready: its pod is Running with the "
      "container `nvidia-device-plugin-ctr` in CrashLoopBackOff (exit code 1, restart count assumed), whose previous "
      "log is the PR's quoted error `NVML: Driver Not Loaded` alone (no fuller line is quoted, none invented), with the "
      "kubelet's BackOff event. The node carries the NFD-style PCI label for NVIDIA devices and the GPU taint but no "
      "nvidia.com/gpu in capacity or allocatable (the plugin never registered on this boot; assumed). No GPU workload, "
      "no kernel log and no attestation service are modelled. The PR's sentence (the case's text) is prose and not "
      "placed.")
def _(w, t):
    w.git_version = "v1.34.3"
    node = "poc115-node"
    n = w.node(node, cpu="224", memory="2113456892Ki",
               labels={"node-role.kubernetes.io/control-plane": "",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/cpu-security.tdx.protected": "true",
                       "nvidia.com/gpu.present": "true"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, osImage="c8s-base (confidential-os-builder)", kernelVersion="6.16.3-c8s",
              containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.3", kubeProxyVersion="v1.34.3")
    ds, ctr = "nvidia-device-plugin-daemonset", "nvidia-device-plugin-ctr"
    image = "nvcr.io/nvidia/k8s-device-plugin:v0.18.1"
    daemonset(w, KS, ds, desired=1, current=1, ready=0, containers=[(ctr, image)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOL,
              labels={"name": "nvidia-device-plugin-ds"},
              env=[{"name": "DEVICE_LIST_STRATEGY", "value": "cdi-cri"},
                   {"name": "FAIL_ON_INIT_ERROR", "value": "true"}])
    pod = "nvidia-device-plugin-daemonset-r7m4k"
    ds_pod(w, KS, ds, pod, node, containers=(ctr,), image=image, tolerations=GPU_TOL, cpu="50m", memory="64Mi",
           phase="Running", ready=False, statuses=crashing(ctr, code=1, restarts=9), restarts=9)
    w.log(KS, pod, ctr, PLUGIN_ERROR, previous=True)
    backoff(w, KS, pod, ctr, node, count=37)
    w.target("Pod", KS, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
