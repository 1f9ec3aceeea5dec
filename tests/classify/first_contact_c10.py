"""Builds first-contact batch C10 (fixtures/first-contact/batch-c10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer sampled from all four pools of the search tool at once
(`issues`, `pages`, `docs`, `code`) with the fixed list of 48 queries in the batch README, that no rule was written
for. The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, runtime versions, some image
tags, GPU models, instance types) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_c10      # (re)writes fixtures/first-contact/batch-c10/scenarios/
"""

from __future__ import annotations

import dataclasses

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import node_subj, pod_subj

PROSE = ("The case's text is prose (the source's own description) that never reaches the cluster: it is NOT in the "
         "bundle, which shows only the state the source describes.")


class _Batch(ThreadBatch):
    """ThreadBatch, its README saying where a prose case's text is (not in the bundle)."""

    def scenario(self, case_id):
        s = super().scenario(case_id)
        if case_id in TEXT_NOT_IN_BUNDLE:
            s = dataclasses.replace(s, readme=s.readme.replace("The case's text is used verbatim.", PROSE))
        return s


FC = _Batch("batch-c10", "C10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle as a whole)
TEXT_NOT_IN_BUNDLE = {"fc1001", "fc1002"}


# ---- GPU Operator: GFD's mig.capable label no longer triggers the mig-manager deploy label ----

@case("fc1001", node_subj("gpu-node-1"),
      "Kubernetes v1.33.4 (kubeadm on Ubuntu 22.04 assumed; the PR names no distribution) with the NVIDIA GPU "
      "Operator v26.3.0 (assumed: the PR, merged 2026-07-08, does not name the release that regressed) in "
      "gpu-operator, ClusterPolicy ready with migManager enabled and mig.strategy single (assumed); one GPU node "
      "gpu-node-1 with one A100-PCIE-40GB (GPU model and node name assumed), host driver managed by the operator; "
      "the operator's driver, toolkit, device-plugin, GFD and validator pods Running with healthy logs (assumed: "
      "the PR describes only the missing label); GFD has labelled the node nvidia.com/mig.capable=true and "
      "nvidia.com/mig.strategy=single; the node carries no nvidia.com/gpu.deploy.mig-manager label (the "
      "regression the PR names), so the nvidia-mig-manager DaemonSet, nodeSelector "
      "nvidia.com/gpu.deploy.mig-manager=true, is at desired 0 / ready 0 and no mig-manager pod exists; the node "
      "carries the user's nvidia.com/mig.config=all-1g.5gb (assumed: the request the missing MIG manager leaves "
      "unanswered) and no nvidia.com/mig.config.state label, and still advertises nvidia.com/gpu 1 (the whole "
      "GPU). No workload is written (none is described). The case's text (the PR's description) is prose and not "
      "placed in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960, cpu="32",
                   memory="263846948Ki",
                   labels={"node-role.kubernetes.io/worker": "", "nvidia.com/mig.capable": "true",
                           "nvidia.com/mig.strategy": "single", "nvidia.com/mig.config": "all-1g.5gb",
                           "nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13",
                           "nvidia.com/gpu.family": "ampere", "nvidia.com/gpu.machine": "PowerEdge-R750xa"},
                   taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-144-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    n["metadata"]["labels"].pop("nvidia.com/gpu.deploy.mig-manager", None)
    # the operator itself, on a CPU control-plane node
    cp = "cp-1"
    c = w.node(cp, cpu="8", memory="32827228Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(c, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-144-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    op_img = "nvcr.io/nvidia/gpu-operator:v26.3.0"
    w.workload("Deployment", OPERATOR_NS, "gpu-operator",
               template_pod={"spec": {"containers": [{"name": "gpu-operator", "image": op_img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6f8b9c7d54", "gpu-operator-6f8b9c7d54-k2x9p", cp,
               containers=("gpu-operator",), image=op_img,
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"},
               tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                             "effect": "NoSchedule"}])
    # the MIG manager's DaemonSet selects no node: the deploy label is never applied
    daemonset(w, OPERATOR_NS, "nvidia-mig-manager", desired=0,
              containers=[("nvidia-mig-manager", "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.13.0")],
              init_containers=[("toolkit-validation", "nvcr.io/nvidia/gpu-operator:v26.3.0")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": "nvidia-mig-manager"}, runtime_class="nvidia")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "mig": {"strategy": "single"},
                 "migManager": {"enabled": True, "config": {"name": "default-mig-parted-config",
                                                            "default": "all-disabled"}},
                 "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    w.target("Node", None, node)


# ---- SageMaker HyperPod (EKS): the NVIDIA plugin DaemonSet on instances without NVIDIA GPUs ----

HP_LOG_HEAD = """I1124 03:32:15.826992       1 main.go:199] Starting FS watcher.
I1124 03:32:15.827061       1 main.go:206] Starting OS watcher.
I1124 03:32:15.827295       1 main.go:221] Starting Plugins.
I1124 03:32:15.827321       1 main.go:278] Loading configuration.
I1124 03:32:15.827891       1 main.go:303] Updating config with default resource matching patterns.
I1124 03:32:15.828083       1 main.go:314]
Running with config:
{
  "version": "v1",
  "flags": {
    "migStrategy": "none",
    "failOnInitError": true,
    "mpsRoot": "/run/nvidia/mps",
    "nvidiaDriverRoot": "/",
    "nvidiaDevRoot": "/",
    "gdsEnabled": false,
    "mofedEnabled": false,
    "useNodeFeatureAPI": null,
    "deviceDiscoveryStrategy": "auto",
    "plugin": {
      "passDeviceSpecs": false,
      "deviceListStrategy": [
        "envvar"
      ],
      "deviceIDStrategy": "uuid",
      "cdiAnnotationPrefix": "cdi.k8s.io/",
      "nvidiaCTKPath": "/usr/bin/nvidia-ctk",
      "containerDriverRoot": "/driver-root"
    }
  },
  "resources": {
"""

HP_HEALTHY_LOG = """I1124 03:30:41.112233       1 main.go:199] Starting FS watcher.
I1124 03:30:41.112301       1 main.go:206] Starting OS watcher.
I1124 03:30:41.112519       1 main.go:221] Starting Plugins.
I1124 03:30:41.112544       1 main.go:278] Loading configuration.
I1124 03:30:41.113020       1 main.go:303] Updating config with default resource matching patterns.
I1124 03:30:41.181455       1 main.go:356] Retrieving plugins.
I1124 03:30:41.190872       1 server.go:195] Starting GRPC server for 'nvidia.com/gpu'
I1124 03:30:41.191950       1 server.go:139] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock
I1124 03:30:41.194303       1 server.go:146] Registered device plugin for 'nvidia.com/gpu' with Kubelet
"""


def _hyperpod_labels(instance: str, group: str) -> dict:
    return {"node.kubernetes.io/instance-type": instance, "beta.kubernetes.io/instance-type": instance,
            "sagemaker.amazonaws.com/compute-type": "hyperpod",
            "sagemaker.amazonaws.com/instance-group-name": group,
            "sagemaker.amazonaws.com/node-health-status": "Schedulable",
            "topology.kubernetes.io/region": "us-west-2", "topology.kubernetes.io/zone": "us-west-2a"}


@case("fc1002", pod_subj("hyperpod-dependencies-nvidia-device-plugin-7xk4d", "kube-system"),
      "Amazon EKS 1.30 (v1.30.6-eks, assumed for November 2024) orchestrating a SageMaker HyperPod cluster; two "
      "HyperPod nodes (names, instance types and the instance-group labels assumed): hyperpod-i-0a1b2c3d4e5f60718, "
      "an ml.g5.8xlarge with one NVIDIA A10G, advertising nvidia.com/gpu 1, and hyperpod-i-0f9e8d7c6b5a49382, an "
      "ml.m5.4xlarge without an NVIDIA GPU; both Amazon Linux 2 with containerd; the HyperPod dependencies Helm "
      "chart's NVIDIA device plugin DaemonSet hyperpod-dependencies-nvidia-device-plugin in kube-system (release "
      "name and image nvcr.io/nvidia/k8s-device-plugin:v0.16.1 assumed) with the chart's nodeAffinity, "
      "kubernetes.io/os In [linux] only (the PR's diff), and the nvidia.com/gpu toleration: desired 2 / ready 1; its "
      "pod on the GPU node Running with a registering log (assumed: the PR does not show it); its pod on the "
      "instance without a GPU in CrashLoopBackOff (exit code 1 assumed), its previous log the head of the log the PR "
      "quotes, verbatim, as far as the stored copy of the PR shows it (it stops inside the printed config, before the "
      "init error, which is not written); the kubelet's BackOff event. No GPU workload is affected or written. The "
      "case's text (the PR's description) is prose and not placed in the bundle.")
def _(w, t):
    w.git_version = "v1.30.6-eks-7f9249a"
    info = dict(osImage="Amazon Linux 2", kernelVersion="5.10.228-219.884.amzn2.x86_64",
                containerRuntimeVersion="containerd://1.7.23", kubeletVersion="v1.30.6-eks-94953ac",
                kubeProxyVersion="v1.30.6-eks-94953ac")
    gpu, cpu = "hyperpod-i-0a1b2c3d4e5f60718", "hyperpod-i-0f9e8d7c6b5a49382"
    g = w.node(gpu, gpus=1, cpu="32", memory="130451672Ki", labels=_hyperpod_labels("ml.g5.8xlarge", "gpu-workers"))
    node_info(g, **info)
    c = w.node(cpu, cpu="16", memory="64396884Ki", labels=_hyperpod_labels("ml.m5.4xlarge", "cpu-workers"))
    node_info(c, **info)
    ns, ds = "kube-system", "hyperpod-dependencies-nvidia-device-plugin"
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.16.1"
    labels = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "hyperpod-dependencies"}
    affinity = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "kubernetes.io/os", "operator": "In", "values": ["linux"]}]}]}}}
    daemonset(w, ns, ds, desired=2, ready=1, containers=[("nvidia-device-plugin-ctr", img)], affinity=affinity,
              tolerations=GPU_TOLERATION, labels=labels)
    sel = {"app.kubernetes.io/name": "nvidia-device-plugin", "app.kubernetes.io/instance": "hyperpod-dependencies"}
    ok = "hyperpod-dependencies-nvidia-device-plugin-m2q8s"
    ds_pod(w, ns, ds, ok, gpu, containers=("nvidia-device-plugin-ctr",), image=img, labels=sel,
           tolerations=GPU_TOLERATION, affinity=affinity)
    w.log(ns, ok, "nvidia-device-plugin-ctr", HP_HEALTHY_LOG)
    bad = "hyperpod-dependencies-nvidia-device-plugin-7xk4d"
    p = ds_pod(w, ns, ds, bad, cpu, containers=("nvidia-device-plugin-ctr",), image=img, labels=sel,
               tolerations=GPU_TOLERATION, affinity=affinity, ready=False)
    crashloop(p, "nvidia-device-plugin-ctr", restarts=42, code=1)
    w.log(ns, bad, "nvidia-device-plugin-ctr", HP_LOG_HEAD, previous=True)
    backoff(w, ns, bad, "nvidia-device-plugin-ctr", cpu, count=187)
    w.target("Pod", ns, bad)


# ---- TensorFusion: the hypervisor pod cannot load libnvidia-ml.so.1 without the container toolkit ----

@case("fc1003", pod_subj("hypervisor-gpu-node-1", "tensor-fusion-sys"),
      "k3s v1.31.6+k3s1 (assumed: the handbook entry names no distribution; its image-pull entry is written for "
      "k3s) on one Ubuntu 22.04 GPU node gpu-node-1 with one NVIDIA L4 (node name and GPU assumed) and the host "
      "NVIDIA driver 570.133.20 installed (assumed; the handbook's cause leaves the driver in place), but no NVIDIA "
      "Container Toolkit configured in k3s's containerd (the handbook's cause); the node labelled "
      "nvidia.com/gpu.present=true (the handbook's prerequisite for TensorFusion to discover it) and advertising no "
      "nvidia.com/gpu (no NVIDIA device plugin: the handbook says one is installed only for native nvidia.com/gpu "
      "requests); TensorFusion installed by Helm in tensor-fusion-sys (versions assumed): its controller "
      "Deployment Running on the server node; its hypervisor pod hypervisor-gpu-node-1 on the GPU node (owned by "
      "the GPUNode gpu-node-1; name, container name and image assumed) in CrashLoopBackOff (restart count assumed), "
      "its previous log the handbook's error verbatim; the kubelet's BackOff event. No workload is written (none is "
      "described).")
def _(w, t):
    w.git_version = "v1.31.6+k3s1"
    info = dict(osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-139-generic",
                containerRuntimeVersion="containerd://1.7.26-k3s1", kubeletVersion="v1.31.6+k3s1",
                kubeProxyVersion="v1.31.6+k3s1")
    srv = "k3s-server-1"
    s = w.node(srv, cpu="8", memory="32827228Ki",
               labels={"node-role.kubernetes.io/control-plane": "true", "node-role.kubernetes.io/master": "true",
                       "node.kubernetes.io/instance-type": "k3s"})
    node_info(s, **info)
    node = "gpu-node-1"
    n = w.node(node, cpu="32", memory="131890244Ki",
               labels={"nvidia.com/gpu.present": "true", "node.kubernetes.io/instance-type": "k3s"})
    node_info(n, **info)
    ns = "tensor-fusion-sys"
    ctl_img = "tensorfusion/tensor-fusion-operator:1.35.2"
    ctl = "tensor-fusion-sys-controller"
    w.workload("Deployment", ns, ctl, template_pod={"spec": {"containers": [{"name": "controller", "image": ctl_img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, ns, f"{ctl}-7c9d8f6b5", f"{ctl}-7c9d8f6b5-vq2lm", srv, containers=("controller",), image=ctl_img,
               labels={"app.kubernetes.io/component": "controller", "app.kubernetes.io/name": "tensor-fusion"})
    hv_img = "tensorfusion/tensor-fusion-hypervisor:1.35.2"
    pod = "hypervisor-gpu-node-1"
    p = w.pod(ns, pod, node=node, gpu=0, containers=("tensorfusion-hypervisor",), image=hv_img, ready=False,
              labels={"app.kubernetes.io/component": "hypervisor", "tensor-fusion.ai/component": "hypervisor",
                      "tensor-fusion.ai/node": node},
              owner=("GPUNode", node))
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "tensor-fusion.ai/v1"
    crashloop(p, "tensorfusion-hypervisor", restarts=23, code=1)
    w.log(ns, pod, "tensorfusion-hypervisor", t + "\n", previous=True)
    backoff(w, ns, pod, "tensorfusion-hypervisor", node, count=96)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
