"""Builds first-contact batch C7 (fixtures/first-contact/batch-c7/cases.jsonl) as scenario bundles.

Real GPU/accelerator-on-Kubernetes failures in the device-plugin layer from files of public repositories (the
search tool's `code` pool: an AMD troubleshooting guide,
the AWS Neuron K8 release notes, the HAMi FAQ) that no rule was written for, sampled with the fixed query list in
the batch README. The expected answer was reasoned from the file (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Cases whose text is prose (TEXT_NOT_IN_BUNDLE) keep it out of the bundle; their builders build only the cluster
state the file describes. Version strings and names the file does not state (node and pod names, kernels,
containerd/kubelet versions, some image tags, instance types, GPU models) are filled in plausibly; each scenario's
README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_c7      # (re)writes fixtures/first-contact/batch-c7/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod
from tests.classify.first_contact_b import node_info
from tests.classify.first_contact_common import ThreadBatch, crashloop, backoff
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-c7", "C7", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fc702"}

KS = "kube-system"


# ---- AMD GPU device plugin, CUDA image -------------------------------------------------------

@case("fc701", pod_subj("alexnet-tf-gpu-pod-v2", "default"),
      "Kubernetes v1.30 cluster (Ubuntu 22.04, containerd; node names, kernel and GPU model assumed: a Radeon RX 7900 "
      "XTX) with a control-plane node and one AMD GPU worker running the ROCm driver; the AMD GPU device-plugin "
      "DaemonSet amdgpu-device-plugin-daemonset in kube-system (label name=amdgpu-device-plugin-ds, image "
      "rocm/k8s-device-plugin assumed tag) has its pod Running on the worker (its log is not quoted and is not "
      "written), which advertises amd.com/gpu: 1; pod alexnet-tf-gpu-pod-v2 in default (image "
      "tensorflow/tensorflow:latest-gpu, requests and limits amd.com/gpu: 1, restartPolicy Never) is Running on the "
      "worker; its current log holds the text verbatim.")
def _(w, t):
    w.git_version = "v1.30.8"
    info = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "6.8.0-52-generic",
            "containerRuntimeVersion": "containerd://1.7.25", "kubeletVersion": "v1.30.8",
            "kubeProxyVersion": "v1.30.8"}
    cp = w.node("itl-k8s-cp-01", cpu="4", memory="8141892Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **info)
    node = "itl-k8s-gpu-01"
    n = w.node(node, gpus=1, resource="amd.com/gpu", cpu="16", memory="65773516Ki")
    node_info(n, **info)
    img = "rocm/k8s-device-plugin:1.31.0.6"
    daemonset(w, KS, "amdgpu-device-plugin-daemonset", desired=1, containers=[("amdgpu-dp-cntr", img)],
              labels={"name": "amdgpu-device-plugin-ds"})
    ds_pod(w, KS, "amdgpu-device-plugin-daemonset", "amdgpu-device-plugin-daemonset-9wq4t", node,
           containers=("amdgpu-dp-cntr",), image=img)
    ns, pod = "default", "alexnet-tf-gpu-pod-v2"
    p = w.pod(ns, pod, node=node, gpu=1, resource="amd.com/gpu", containers=("tensorflow",),
              image="tensorflow/tensorflow:latest-gpu", cpu="2", memory="8Gi")
    p["spec"]["restartPolicy"] = "Never"
    w.log(ns, pod, "tensorflow", t)
    w.target("Pod", ns, pod)


# ---- AWS Neuron device plugin without the Neuron driver ---------------------------------------

@case("fc702", node_subj("ip-192-168-61-27.us-west-2.compute.internal"),
      "EKS cluster (Kubernetes v1.27, Amazon Linux 2 EKS-optimized AMI without the Neuron driver; versions, node "
      "names and instance types assumed: an m5.large system node and an inf2.xlarge node labelled by its managed "
      "node group); the Neuron device-plugin DaemonSet neuron-device-plugin-daemonset in kube-system (image "
      "public.ecr.aws/neuron/neuron-device-plugin:2.15.11.0, a release before 2.16.18.0; tag assumed) selects "
      "the Inferentia node by instance type; its pod there is in CrashLoopBackOff (exit code 1 and restart count "
      "assumed; its crash output is not quoted and no log is written); the node advertises no aws.amazon.com/neuron "
      "or aws.amazon.com/neuroncore; no workload is assumed. The text is prose and not placed.")
def _(w, t):
    w.git_version = "v1.27.4-eks-2d98532"
    info = {"osImage": "Amazon Linux 2", "kernelVersion": "5.10.186-179.751.amzn2.x86_64",
            "containerRuntimeVersion": "containerd://1.6.19", "kubeletVersion": "v1.27.4-eks-8ccc7ba",
            "kubeProxyVersion": "v1.27.4-eks-8ccc7ba"}
    sysn = w.node("ip-192-168-12-201.us-west-2.compute.internal", cpu="2", memory="7910348Ki",
                  labels={"node.kubernetes.io/instance-type": "m5.large",
                          "eks.amazonaws.com/nodegroup": "system-ng", "topology.kubernetes.io/zone": "us-west-2a"})
    node_info(sysn, **info)
    node = "ip-192-168-61-27.us-west-2.compute.internal"
    n = w.node(node, cpu="4", memory="15950500Ki",
               labels={"node.kubernetes.io/instance-type": "inf2.xlarge", "eks.amazonaws.com/nodegroup": "inf2-ng",
                       "topology.kubernetes.io/zone": "us-west-2b"})
    node_info(n, **info)
    img = "public.ecr.aws/neuron/neuron-device-plugin:2.15.11.0"
    sel = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "node.kubernetes.io/instance-type", "operator": "In",
                               "values": ["inf1.xlarge", "inf1.2xlarge", "inf1.6xlarge", "inf1.24xlarge",
                                          "inf2.xlarge", "inf2.8xlarge", "inf2.24xlarge", "inf2.48xlarge",
                                          "trn1.2xlarge", "trn1.32xlarge", "trn1n.32xlarge"]}]}]}}}
    ds = "neuron-device-plugin-daemonset"
    daemonset(w, KS, ds, desired=1, ready=0, containers=[("neuron-device-plugin", img)], affinity=sel,
              tolerations=[{"key": "aws.amazon.com/neuron", "operator": "Exists", "effect": "NoSchedule"}],
              labels={"name": "neuron-device-plugin-ds"})
    pod = "neuron-device-plugin-daemonset-5kqvz"
    p = ds_pod(w, KS, ds, pod, node, containers=("neuron-device-plugin",), image=img, ready=False)
    crashloop(p, "neuron-device-plugin", restarts=9)
    backoff(w, KS, pod, "neuron-device-plugin", node, count=41)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
