"""Builds first-contact batch C12 (fixtures/first-contact/batch-c12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the device-plugin layer sampled from all four pools of the search tool at once
(`issues`, `pages`, `docs`, `code`) with the fixed list of 120 queries in the batch README, that no rule was written
for. The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, kernels, runtime versions, some image
tags, GPU models, instance types) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_c12      # (re)writes fixtures/first-contact/batch-c12/scenarios/
"""

from __future__ import annotations

import dataclasses

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, crashloop
from tests.classify.scenario_builder import OPERATOR_NS, T0
from tests.classify.scenarios_real import pod_subj

PROSE = ("The case's text is prose (the source's own description) that never reaches the cluster: it is NOT in the "
         "bundle, which shows only the state the source describes.")


class _Batch(ThreadBatch):
    """ThreadBatch, its README saying where a prose case's text is (not in the bundle)."""

    def scenario(self, case_id):
        s = super().scenario(case_id)
        if case_id in TEXT_NOT_IN_BUNDLE:
            s = dataclasses.replace(s, readme=s.readme.replace("The case's text is used verbatim.", PROSE))
        return s


FC = _Batch("batch-c12", "C12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle as a whole)
TEXT_NOT_IN_BUNDLE = {"fc1202", "fc1204"}

CP_TAINT = [{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]
CP_TOL = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists", "effect": "NoSchedule"}]


def _set_image(p: dict, image: str) -> None:
    for c in p["spec"]["containers"]:
        c["image"] = image
    for s in p["status"].get("containerStatuses", []):
        s["image"] = image


def _drop_gpu_resource(n: dict, resource: str = "nvidia.com/gpu") -> None:
    for res in ("capacity", "allocatable"):
        n["status"][res].pop(resource, None)


def _drop_gfd_labels(n: dict) -> None:
    for k in ("nvidia.com/gpu.product", "nvidia.com/gpu.count", "nvidia.com/gpu.memory",
              "nvidia.com/cuda.driver.major", "nvidia.com/cuda.runtime.major"):
        n["metadata"]["labels"].pop(k, None)


# ---- EKS inf1: the AMI lacks aws-neuron-runtime-base, the Neuron plugin finds no device ----

NEURON_IMG = "790709498068.dkr.ecr.us-west-2.amazonaws.com/neuron-device-plugin:1.0.9043.0"


@case("fc1201", pod_subj("neuron-device-plugin-daemonset-5xq8w", "kube-system"),
      "Amazon EKS 1.15 (the reporter) in us-west-2 (assumed) with one managed inf1.xlarge node "
      "ip-192-168-41-17.us-west-2.compute.internal (name and size assumed) on an EKS-optimized Amazon Linux 2 AMI "
      "without the Neuron runtime base package (the maintainer's answer; the AMI name is not given) and no "
      "aws.amazon.com/neuron in capacity or allocatable; the aws-node and kube-proxy DaemonSets running; the "
      "neuron-device-plugin-daemonset DaemonSet of the 2020 tutorial in kube-system (image tag assumed) with its "
      "service account, desired 1 / ready 0, its pod in CrashLoopBackOff (restart count and exit code 1 assumed), "
      "its previous log the reporter's quoted lines verbatim, ending where the stored copy of the issue cuts them "
      "(after 'Starting OS watcher.'); the kubelet's BackOff event; the Neuron scheduler extender (k8s-neuron-"
      "scheduler, applied by the reporter) Running in kube-system (image assumed). No Neuron workload is written "
      "(none is described).")
def _(w, t):
    w.git_version = "v1.15.11-eks-af3caf"
    info = dict(osImage="Amazon Linux 2", kernelVersion="4.14.198-152.320.amzn2.x86_64",
                containerRuntimeVersion="docker://19.3.6", kubeletVersion="v1.15.11-eks-065dce",
                kubeProxyVersion="v1.15.11-eks-065dce")
    node = "ip-192-168-41-17.us-west-2.compute.internal"
    n = w.node(node, cpu="4", memory="7806344Ki",
               labels={"node.kubernetes.io/instance-type": "inf1.xlarge", "beta.kubernetes.io/instance-type": "inf1.xlarge",
                       "eks.amazonaws.com/nodegroup": "ng-inf1", "topology.kubernetes.io/zone": "us-west-2a"})
    node_info(n, **info)
    ns = "kube-system"
    for ds, ctr, img in [("aws-node", "aws-node", "602401143452.dkr.ecr.us-west-2.amazonaws.com/amazon-k8s-cni:v1.6.3"),
                         ("kube-proxy", "kube-proxy",
                          "602401143452.dkr.ecr.us-west-2.amazonaws.com/eks/kube-proxy:v1.15.11")]:
        daemonset(w, ns, ds, desired=1, containers=[(ctr, img)], labels={"k8s-app": ds})
        ds_pod(w, ns, ds, f"{ds}-7k2pd", node, containers=(ctr,), image=img, labels={"k8s-app": ds})
    ds = "neuron-device-plugin-daemonset"
    daemonset(w, ns, ds, desired=1, ready=0, containers=[("k8s-neuron-device-plugin-ctr", NEURON_IMG)],
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                           {"key": "aws.amazon.com/neuron", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "neuron-device-plugin-ds"})
    pod = "neuron-device-plugin-daemonset-5xq8w"
    p = ds_pod(w, ns, ds, pod, node, containers=("k8s-neuron-device-plugin-ctr",), image=NEURON_IMG,
               labels={"name": "neuron-device-plugin-ds"}, ready=False)
    crashloop(p, "k8s-neuron-device-plugin-ctr", restarts=9, code=1)
    w.log(ns, pod, "k8s-neuron-device-plugin-ctr", t + "\n", previous=True)
    backoff(w, ns, pod, "k8s-neuron-device-plugin-ctr", node, count=41)
    simg = "790709498068.dkr.ecr.us-west-2.amazonaws.com/neuron-scheduler:1.0.9043.0"
    w.workload("Deployment", ns, "k8s-neuron-scheduler", template_pod={"spec": {"containers": [
        {"name": "k8s-neuron-scheduler", "image": simg}]}},
        status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, ns, "k8s-neuron-scheduler-6d8c9f7b5", "k8s-neuron-scheduler-6d8c9f7b5-w2rnm", node,
               containers=("k8s-neuron-scheduler",), image=simg, labels={"app": "neuron-scheduler"})
    w.target("Pod", ns, pod)


# ---- eksctl 0.21.0: the Neuron plugin DaemonSet lands on GPU nodes and crash-loops there ----

@case("fc1202", pod_subj("neuron-device-plugin-daemonset-r8d4j", "kube-system"),
      "Amazon EKS 1.16 created with eksctl 0.21.0 (the version the reporter names; the EKS version is eksctl's "
      "default then, assumed) with two node groups: one inf1.xlarge node and one p3.2xlarge GPU node with one "
      "Tesla V100 (names and sizes assumed), both on EKS-optimized AMIs; eksctl's nvidia-device-plugin-daemonset "
      "in kube-system (image nvidia/k8s-device-plugin:1.0.0-beta6 and its instance-type affinity assumed) Running on the GPU node with a "
      "registering log, nvidia.com/gpu 1 advertised there; eksctl's neuron-device-plugin-daemonset with no "
      "nodeSelector or affinity (the report's cause), desired 2 / ready 1: its pod on the inf1 node Running "
      "(aws.amazon.com/neuron 1 advertised there, assumed), its pod on the GPU node in CrashLoopBackOff (restart "
      "count assumed), whose log the report does not quote and which is not written; the kubelet's BackOff "
      "event. No workload is written (none is described). The case's text is prose and not placed in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.16.8-eks-e16311"
    info = dict(osImage="Amazon Linux 2", kernelVersion="4.14.177-139.254.amzn2.x86_64",
                containerRuntimeVersion="docker://19.3.6", kubeletVersion="v1.16.8-eks-e16311",
                kubeProxyVersion="v1.16.8-eks-e16311")
    inf = "ip-192-168-12-34.us-west-2.compute.internal"
    n = w.node(inf, cpu="4", memory="7806344Ki",
               labels={"node.kubernetes.io/instance-type": "inf1.xlarge", "beta.kubernetes.io/instance-type": "inf1.xlarge",
                       "alpha.eksctl.io/nodegroup-name": "ng-inf1"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["aws.amazon.com/neuron"] = "1"
    node_info(n, **info)
    gpu = "ip-192-168-77-201.us-west-2.compute.internal"
    g = w.node(gpu, gpus=1, cpu="8", memory="62873868Ki",
               labels={"node.kubernetes.io/instance-type": "p3.2xlarge", "beta.kubernetes.io/instance-type": "p3.2xlarge",
                       "alpha.eksctl.io/nodegroup-name": "ng-gpu"})
    node_info(g, **info)
    ns = "kube-system"
    nimg = "nvidia/k8s-device-plugin:1.0.0-beta6"
    daemonset(w, ns, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", nimg)],
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                           {"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "beta.kubernetes.io/instance-type", "operator": "In",
                                         "values": ["p3.2xlarge", "p3.8xlarge", "p3.16xlarge", "p3dn.24xlarge",
                                                    "g4dn.xlarge", "g4dn.2xlarge"]}]}]}}},
              labels={"name": "nvidia-device-plugin-ds"})
    np = "nvidia-device-plugin-daemonset-m7qzt"
    ds_pod(w, ns, "nvidia-device-plugin-daemonset", np, gpu, containers=("nvidia-device-plugin-ctr",), image=nimg,
           labels={"name": "nvidia-device-plugin-ds"})
    w.log(ns, np, "nvidia-device-plugin-ctr",
          "2020/06/13 09:12:41 Loading NVML\n2020/06/13 09:12:41 Starting FS watcher.\n"
          "2020/06/13 09:12:41 Starting OS watcher.\n"
          "2020/06/13 09:12:41 Starting to serve on /var/lib/kubelet/device-plugins/nvidia.sock\n"
          "2020/06/13 09:12:41 Registered device plugin with Kubelet\n")
    ds = "neuron-device-plugin-daemonset"
    daemonset(w, ns, ds, desired=2, ready=1, containers=[("k8s-neuron-device-plugin-ctr", NEURON_IMG)],
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"},
                           {"key": "aws.amazon.com/neuron", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "neuron-device-plugin-ds"})
    ds_pod(w, ns, ds, "neuron-device-plugin-daemonset-hx6tc", inf, containers=("k8s-neuron-device-plugin-ctr",),
           image=NEURON_IMG, labels={"name": "neuron-device-plugin-ds"})
    pod = "neuron-device-plugin-daemonset-r8d4j"
    p = ds_pod(w, ns, ds, pod, gpu, containers=("k8s-neuron-device-plugin-ctr",), image=NEURON_IMG,
               labels={"name": "neuron-device-plugin-ds"}, ready=False)
    crashloop(p, "k8s-neuron-device-plugin-ctr", restarts=14, code=1)
    backoff(w, ns, pod, "k8s-neuron-device-plugin-ctr", gpu, count=63)
    w.target("Pod", ns, pod)


# ---- NVIDIA DRA driver v25.8.1: a stray directory named libnvidia-ml.so.1 shadows the library ----

DRA_PREV_LOG = """Feature gates: map[string]bool{"AllAlpha":false, "AllBeta":false, "ContextualLogging":true, "IMEXDaemonsWithDNSNames":false, "LoggingAlphaOptions":false, "LoggingBetaOptions":true, "MPSSupport":true, "TimeSlicingSettings":false}
Flags: (*main.Flags)({
  nodeName: (string) "<worker>",
  namespace: (string) "gpu-operator",
  cdiRoot: (string) "/var/run/cdi",
  containerDriverRoot: (string) "/driver-root",
  hostDriverRoot: (string) "/",
  imageName: (string) "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1",
  ...
})
I0724 07:29:43.030217  1 main.go:187] shutdown
"""


@case("fc1203", pod_subj("nvidia-dra-driver-gpu-kubelet-plugin-6qz8n", OPERATOR_NS),
      "Kubernetes v1.34.1 (kubeadm on Ubuntu 24.04 assumed: the issue names no distribution; the host library "
      "path /lib/x86_64-linux-gnu is the reporter's) with a CPU control-plane node cp-1 and one GPU worker "
      "gpu-worker-1 (the log's '<worker>' is the reporter's redaction) with eight H100 GPUs (model and count "
      "assumed) and the host NVIDIA driver 580.65.06 (assumed; hostDriverRoot '/' in the quoted flags); NFD's "
      "PCI label on it but no GFD labels and no nvidia.com/gpu (DRA instead of the device plugin); the GPU "
      "Operator (v25.3.2 assumed) in gpu-operator with driver and device plugin disabled (assumed), its operator "
      "Deployment and toolkit DaemonSet pod Running; the NVIDIA DRA driver v25.8.1 (the quoted image) in "
      "gpu-operator (the quoted namespace): its controller Deployment Running on cp-1 (assumed) and its "
      "kubelet-plugin DaemonSet nvidia-dra-driver-gpu-kubelet-plugin, desired 1 / ready 0, whose pod's two "
      "containers gpus and compute-domains crash-loop (restart counts assumed), each previous log the reporter's "
      "quoted log verbatim (the reporter: the same for compute-domains), the Flags block cut by the reporter "
      "('...') as quoted; the kubelet's BackOff events. The stray directory /usr/lib64/libnvidia-ml.so.1 is host "
      "state the bundle has no file for. No ResourceSlice is published for the node and no workload is written.")
def _(w, t):
    w.git_version = "v1.34.1"
    info = dict(osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-63-generic",
                containerRuntimeVersion="containerd://2.1.3", kubeletVersion="v1.34.1", kubeProxyVersion="v1.34.1")
    cp = "cp-1"
    c = w.node(cp, cpu="16", memory="65860180Ki", labels={"node-role.kubernetes.io/control-plane": ""},
               taints=CP_TAINT)
    node_info(c, **info)
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=8, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559, operator=False, cpu="192",
                   memory="2113534116Ki", labels={"nvidia.com/gpu.deploy.driver": "false",
                                                  "nvidia.com/gpu.deploy.device-plugin": "false",
                                                  "nvidia.com/gpu.deploy.gpu-feature-discovery": "false"})
    _drop_gpu_resource(n)
    _drop_gfd_labels(n)
    node_info(n, **info)
    op_img = "nvcr.io/nvidia/gpu-operator:v25.3.2"
    w.workload("Deployment", OPERATOR_NS, "gpu-operator",
               template_pod={"spec": {"containers": [{"name": "gpu-operator", "image": op_img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, OPERATOR_NS, "gpu-operator-7f9c6d5b8", "gpu-operator-7f9c6d5b8-q4mzt", cp,
               containers=("gpu-operator",), image=op_img,
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}, tolerations=CP_TOL)
    tk = "nvidia-container-toolkit-daemonset-b2t9k"
    p = w.pod(OPERATOR_NS, tk, node=node, gpu=0, containers=("nvidia-container-toolkit-ctr",),
              init_containers=("driver-validation",), owner=("DaemonSet", "nvidia-container-toolkit-daemonset"),
              labels={"app": "nvidia-container-toolkit-daemonset", "app.kubernetes.io/part-of": "gpu-operator"},
              tolerations=GPU_TOLERATION)
    _set_image(p, "nvcr.io/nvidia/k8s/container-toolkit:v1.17.8-ubuntu20.04")
    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": False}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": False},
                 "gfd": {"enabled": False}, "cdi": {"enabled": True}},
        "status": {"state": "ready", "namespace": OPERATOR_NS}}]
    img = "nvcr.io/nvidia/k8s-dra-driver-gpu:v25.8.1"
    w.workload("Deployment", OPERATOR_NS, "nvidia-dra-driver-gpu-controller",
               template_pod={"spec": {"containers": [{"name": "compute-domain", "image": img}]}},
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    deploy_pod(w, OPERATOR_NS, "nvidia-dra-driver-gpu-controller-5c8b7d9f6",
               "nvidia-dra-driver-gpu-controller-5c8b7d9f6-xk2lw", cp, containers=("compute-domain",), image=img,
               labels={"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-component": "controller"},
               tolerations=CP_TOL)
    ds = "nvidia-dra-driver-gpu-kubelet-plugin"
    lbl = {"app.kubernetes.io/name": "nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-component": "kubelet-plugin"}
    daemonset(w, OPERATOR_NS, ds, desired=1, ready=0, containers=[("compute-domains", img), ("gpus", img)],
              node_selector={"nvidia.com/gpu.present": "true"}, tolerations=GPU_TOLERATION, labels=lbl)
    pod = "nvidia-dra-driver-gpu-kubelet-plugin-6qz8n"
    p = ds_pod(w, OPERATOR_NS, ds, pod, node, containers=("compute-domains", "gpus"), image=img, labels=lbl,
               tolerations=GPU_TOLERATION, ready=False)
    for ctr, restarts, count in (("gpus", 23, 104), ("compute-domains", 23, 102)):
        crashloop(p, ctr, restarts=restarts, code=1)
        w.log(OPERATOR_NS, pod, ctr, DRA_PREV_LOG + t + "\n", previous=True)
        backoff(w, OPERATOR_NS, pod, ctr, node, count=count)
    w.target("Pod", OPERATOR_NS, pod)


# ---- HAMi 2.10.0 on GKE COS: devicePlugin.nvidiaDriverRoot left null, no driver mounted ----

HAMI_PREV_LOG = """I0827 09:41:12.205012       1 main.go:356] Retrieving plugins.
E0827 09:41:12.205130       1 factory.go:112] Incompatible strategy detected auto
"""


@case("fc1204", pod_subj("hami-device-plugin-k9t4c", "kube-system"),
      "A GKE Standard cluster v1.33 (version assumed) with a default CPU node pool and a COS (cos_containerd) node "
      "pool of NVIDIA T4 nodes, one written (gke-gpu-t4-pool node name assumed), labelled gpu=on for HAMi and "
      "gke-no-default-nvidia-gpu-device-plugin=true so GKE's own plugin does not run (assumed: the issue says only "
      "that HAMi's plugin is used), tainted nvidia.com/gpu=present:NoSchedule, the NVIDIA driver installed under "
      "/home/kubernetes/bin/nvidia (COS, assumed), no nvidia.com/gpu in capacity or allocatable; HAMi 2.10.0 "
      "(chart hami/hami, the issue) in kube-system (assumed) with devicePlugin.nvidiaDriverRoot left at its "
      "default null: hami-scheduler Deployment Running on the CPU node, hami-device-plugin DaemonSet desired 1 / "
      "ready 0, its pod's device-plugin container in CrashLoopBackOff (assumed: the issue says NVML discovery "
      "breaks), its previous log ending in the error the issue quotes ('Incompatible strategy detected auto'; "
      "its klog prefix and the one start line before it assumed), the vgpu-monitor container Running (assumed); "
      "the kubelet's BackOff event. No GPU workload is written. The case's text is prose and not placed in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.33.3-gke.1136000"
    info = dict(osImage="Container-Optimized OS from Google", kernelVersion="6.6.93+",
                containerRuntimeVersion="containerd://2.0.4", kubeletVersion="v1.33.3-gke.1136000",
                kubeProxyVersion="v1.33.3-gke.1136000")
    cpu = "gke-hami-default-pool-3f2a9c1d-7xk2"
    c = w.node(cpu, cpu="4", memory="16393916Ki",
               labels={"cloud.google.com/gke-nodepool": "default-pool", "cloud.google.com/gke-os-distribution": "cos",
                       "node.kubernetes.io/instance-type": "e2-standard-4"})
    node_info(c, **info)
    node = "gke-hami-gpu-t4-pool-8b1e4d2c-q9lm"
    n = w.node(node, cpu="8", memory="30817740Ki",
               labels={"cloud.google.com/gke-nodepool": "gpu-t4-pool", "cloud.google.com/gke-os-distribution": "cos",
                       "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                       "cloud.google.com/gke-gpu-driver-version": "disabled",
                       "gke-no-default-nvidia-gpu-device-plugin": "true", "nvidia.com/gpu.present": "true",
                       "gpu": "on", "node.kubernetes.io/instance-type": "n1-standard-8"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    node_info(n, **info)
    ns = "kube-system"
    img = "projecthami/hami:v2.10.0"
    w.workload("Deployment", ns, "hami-scheduler", template_pod={"spec": {"containers": [
        {"name": "kube-scheduler", "image": "registry.k8s.io/kube-scheduler:v1.33.3"},
        {"name": "vgpu-scheduler-extender", "image": img}]}},
        status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1})
    p = deploy_pod(w, ns, "hami-scheduler-6b9d7c8f54", "hami-scheduler-6b9d7c8f54-t2wqx", cpu,
                   containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
                   labels={"app.kubernetes.io/component": "hami-scheduler", "app.kubernetes.io/name": "hami"})
    p["spec"]["containers"][0]["image"] = "registry.k8s.io/kube-scheduler:v1.33.3"
    p["status"]["containerStatuses"][0]["image"] = "registry.k8s.io/kube-scheduler:v1.33.3"
    ds = "hami-device-plugin"
    lbl = {"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"}
    tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    daemonset(w, ns, ds, desired=1, ready=0, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, tolerations=tol, labels=lbl)
    pod = "hami-device-plugin-k9t4c"
    p = ds_pod(w, ns, ds, pod, node, containers=("device-plugin", "vgpu-monitor"), image=img, labels=lbl,
               tolerations=tol, ready=False)
    crashloop(p, "device-plugin", restarts=17, code=1)
    w.log(ns, pod, "device-plugin", HAMI_PREV_LOG, previous=True)
    backoff(w, ns, pod, "device-plugin", node, count=76)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
