"""Builds first-contact batch E5 (fixtures/first-contact/batch-e5/cases.jsonl) as scenario bundles.

Driver-layer cases from public web pages (the `pages` corpus) that no rule was written for, sampled with the fixed
query list in the batch README: after the overlap check one case is left, a healthy look-alike (a preinstalled EKS
AMI driver the GPU Operator does not upgrade, by design); the two driver failures written with it were dropped
because batch G5, gathered in parallel, took the same pages (see the README). The builder builds the cluster state
the page describes; the text is prose (the page's own lines) and is not placed in the bundle. The expected answer
was reasoned from the page (`expected` in the case) and committed before any rule change; it is never taken from
the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models) are
filled in plausibly; the scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e5      # (re)writes fixtures/first-contact/batch-e5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import node_info, remove_stack_pod, set_image, stack_pod
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import ML, node_subj

FC = ThreadBatch("batch-e5", "E5")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fe501"}

GPU_TOLERATION = {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}

STACK_APPS = (("toolkit", "nvidia-container-toolkit-daemonset", "nvidia.com/gpu.deploy.container-toolkit"),
              ("device-plugin", "nvidia-device-plugin-daemonset", "nvidia.com/gpu.deploy.device-plugin"),
              ("gfd", "gpu-feature-discovery", "nvidia.com/gpu.deploy.gpu-feature-discovery"),
              ("validator", "nvidia-operator-validator", "nvidia.com/gpu.deploy.operator-validator"))


def _operator_pod(w, node: str, image: str) -> None:
    """The GPU Operator's own Deployment pod, Running (its log was not quoted)."""
    w.pod(OPERATOR_NS, "gpu-operator-6b8f9d7c5d-q4x7m", node=node, gpu=0, containers=("gpu-operator",),
          image=image, labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
          owner=("ReplicaSet", "gpu-operator-6b8f9d7c5d"), cpu="200m", memory="350Mi")


# ---- driver layer ----------------------------------------------------------------------------

@case("fe501", node_subj("ip-192-168-34-120.ec2.internal"),
      "EKS 1.28 cluster (version assumed) with a system node and a managed node group `gpu-ng` (g4dn.xlarge, one "
      "T4 assumed) from the EKS-optimized accelerated Amazon Linux 2 AMI: host driver 470.182.03 preinstalled (the "
      "page's version; GFD labels cuda.driver 470.182.03), kernel 5.4.254-170.358.amzn2 (from the page's source "
      "thread). GPU Operator v23.9.1 with driver.enabled=false, so no driver DaemonSet; toolkit, device plugin, GFD "
      "and validator Running, nvidia.com/gpu 1 advertised; a CUDA 11 inference pod Running and Ready (name and "
      "image assumed). ClusterPolicy ready. Nothing in the cluster is broken. The text is prose and not placed.")
def _(w, t):
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "5.4.254-170.358.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.28.3-eks-e71965b",
            "kubeProxyVersion": "v1.28.3-eks-e71965b"}
    sysn = w.node("ip-192-168-12-57.ec2.internal", cpu="4", memory="15896988Ki",
                  labels={"eks.amazonaws.com/nodegroup": "system", "node.kubernetes.io/instance-type": "m5.xlarge"})
    node_info(sysn, **info)
    node = "ip-192-168-34-120.ec2.internal"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15360, cpu="4", memory="16088540Ki",
                   labels={"eks.amazonaws.com/nodegroup": "gpu-ng", "node.kubernetes.io/instance-type": "g4dn.xlarge",
                           "eks.amazonaws.com/nodegroup-image": "ami-0a1b2c3d4e5f67890",
                           "nvidia.com/gpu.deploy.driver": "pre-installed",
                           "nvidia.com/cuda.driver.major": "470", "nvidia.com/cuda.driver.minor": "182",
                           "nvidia.com/cuda.driver.rev": "03", "nvidia.com/cuda.runtime.major": "11",
                           "nvidia.com/cuda.runtime.minor": "4"})
    node_info(n, **info)
    remove_stack_pod(w, node, "driver")
    for role, _app, _key in STACK_APPS:
        set_image(stack_pod(w, node, role), stack_pod(w, node, role)["spec"]["containers"][0]["name"],
                  {"toolkit": "nvcr.io/nvidia/k8s/container-toolkit:v1.14.3-ubuntu20.04",
                   "device-plugin": "nvcr.io/nvidia/k8s-device-plugin:v0.14.3-ubi8",
                   "gfd": "nvcr.io/nvidia/gpu-feature-discovery:v0.8.2-ubi8",
                   "validator": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v23.9.1"}[role])
    _operator_pod(w, "ip-192-168-12-57.ec2.internal", "nvcr.io/nvidia/gpu-operator:v23.9.1")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": False}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.pod(ML, "embedding-server-5f7c9d6b8-x2lqp", node=node, gpu=1, containers=("server",),
          image="nvcr.io/nvidia/tritonserver:21.08-py3", owner=("ReplicaSet", "embedding-server-5f7c9d6b8"),
          tolerations=[dict(GPU_TOLERATION)], cpu="2", memory="8Gi")
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
