"""Builds first-contact batch E9 (fixtures/first-contact/batch-e9/cases.jsonl) as scenario bundles.

Driver-layer cases sampled with the fixed list of 48 queries in the batch README (12 per corpus), sent to all four
corpora of the search tool (`issues`, `pages`, `docs`, `code`). The expected answers were reasoned from the sources
(`expected` in the case) and committed before any rule change; they are never taken from the tool's output.

Version strings and names a source does not state (node and pod names, kernels, kubelet versions, plugin versions,
instance types) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e9      # (re)writes fixtures/first-contact/batch-e9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import KS, no_gpu_resource, node_info
from tests.classify.first_contact_common import ThreadBatch, backoff
from tests.classify.scenarios_real import ML, crashing, node_subj

FC = ThreadBatch("batch-e9", "E9", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# texts that never reach the cluster (a PR description): not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fe901"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- driver layer ----------------------------------------------------------------------------

@case("fe901", node_subj("ip-192-168-44-17.us-west-2.compute.internal"),
      "EKS cluster v1.30 (names, versions and instance type assumed) running aws-k8s-tester's NVIDIA tests on one "
      "GPU node `ip-192-168-44-17.us-west-2.compute.internal` (g5.2xlarge, one NVIDIA A10G) built from the "
      "EKS-optimized accelerated AMI (AL2023 NVIDIA variant inferred; kernel 6.1 amzn2023 assumed). On this boot the "
      "NVIDIA module-load service ran before networking was up, so no NVIDIA kernel module is loaded (host state the "
      "collector does not read; the PR quotes no kernel line, none is placed). The upstream NVIDIA device plugin "
      "DaemonSet `nvidia-device-plugin-daemonset` in kube-system (static manifest, v0.16.2 assumed) is 1 desired / 0 "
      "ready: its pod on the node is Running but its container `nvidia-device-plugin-ctr` crash-loops (exit code 1, "
      "restart count assumed; no log, the PR quotes none) with the kubelet's BackOff event; the node advertises no "
      "nvidia.com/gpu. The aws-k8s-tester GPU test pod (Job `gpu-unit-test`, one GPU) is Pending with the scheduler's "
      "standard message (composed). The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.30.4-eks-a737599"
    info = {"osImage": "Amazon Linux 2023.5.20240903", "kernelVersion": "6.1.106-116.188.amzn2023.x86_64",
            "containerRuntimeVersion": "containerd://1.7.20", "kubeletVersion": "v1.30.2-eks-1552ad0",
            "kubeProxyVersion": "v1.30.2-eks-1552ad0"}
    node = "ip-192-168-44-17.us-west-2.compute.internal"
    n = w.node(node, cpu="8", memory="32386764Ki",
               labels={"node.kubernetes.io/instance-type": "g5.2xlarge", "topology.kubernetes.io/region": "us-west-2",
                       "topology.kubernetes.io/zone": "us-west-2b", "eks.amazonaws.com/nodegroup": "nvidia-ng",
                       "eks.amazonaws.com/nodegroup-image": "ami-0a3c1d2e4f5b6a7c8", "kubernetes.io/os": "linux",
                       "kubernetes.io/arch": "amd64"})
    node_info(n, **info)
    no_gpu_resource(n)
    dp_image = "nvcr.io/nvidia/k8s-device-plugin:v0.16.2"
    ctr = "nvidia-device-plugin-ctr"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, current=1, ready=0,
              containers=[(ctr, dp_image)], tolerations=GPU_TOL, labels={"name": "nvidia-device-plugin-ds"})
    pod = "nvidia-device-plugin-daemonset-8qz4m"
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", pod, node, containers=(ctr,), image=dp_image,
           phase="Running", ready=False, statuses=crashing(ctr, code=1, restarts=6), restarts=6,
           tolerations=GPU_TOL, cpu="50m", memory="64Mi")
    backoff(w, KS, pod, ctr, node, count=27)
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: "
           "1 No preemption victims found for incoming pod.")
    w.pod(ML, "gpu-unit-test-7r2kx", gpu=1, phase="Pending", scheduled_message=msg, containers=("unit-test",),
          image="nvcr.io/nvidia/cuda:12.5.0-base-amzn2023", owner=("Job", "gpu-unit-test"), tolerations=GPU_TOL,
          cpu="1", memory="2Gi")
    w.event(ML, "Pod", "gpu-unit-test-7r2kx", "FailedScheduling", msg, component="default-scheduler", count=6)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
