"""First-contact batch C5 (fixtures/first-contact/batch-c5/cases.jsonl) as scenario bundles.

Real GPU/accelerator-on-Kubernetes failures in the device-plugin layer (an accelerator's device plugin missing
under an autoscaler, a time-sharing request rejected at admission) from public web pages (the `pages` corpus: vendor
documentation) that no rule was written for, sampled with the fixed query list in the batch README. Each builder
places the case's text verbatim where a collector would have found it (prose texts are not placed) and builds the
cluster state the page describes. The expected answer was reasoned from the page (`expected` in the case,
preferred first) and committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet versions, GPU models,
image tags, an event's reason) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_c5      # (re)writes fixtures/first-contact/batch-c5/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, ds_pod, info
from tests.classify.first_contact_b import KS
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c5", "C5", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE: set[str] = set()

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


# ---- other accelerator plugin under an autoscaler (AWS Neuron, Cast AI) ----------------------

@case("fc501", pod_subj("inf2-llama-server-7c9d5b6f48-qx2lm", "ml-inference"),
      "EKS v1.34 cluster (version strings, node names and instance types assumed) with two CPU nodes "
      "(m6i.2xlarge, Amazon Linux 2023) and no Neuron node; Cast AI connected (castai-agent and "
      "castai-cluster-controller Deployments Running in castai-agent; names and images assumed); no Neuron device "
      "plugin DaemonSet anywhere (kube-system holds aws-node and kube-proxy only); a Deployment pod in ml-inference "
      "requesting aws.amazon.com/neuron 1 (limits and requests) and tolerating aws.amazon.com/neuron=true:NoSchedule "
      "is Pending and Unschedulable with the scheduler's FailedScheduling event (Insufficient "
      "aws.amazon.com/neuron; wording the standard scheduler's, assumed) and Cast AI's Warning event on the pod "
      "carrying the text verbatim (its reason `ScaleUpBlocked` and source component `castai-autoscaler` are "
      "assumed: the page quotes only the message).")
def _(w, t):
    w.git_version = "v1.34.1-eks-3025e55"
    kv = {"osImage": "Amazon Linux 2023.9.20251110", "kernelVersion": "6.12.46-66.121.amzn2023.x86_64",
          "containerRuntimeVersion": "containerd://2.1.4", "kubeletVersion": "v1.34.1-eks-3025e55"}
    nodes = ("ip-10-20-31-114.us-east-2.compute.internal", "ip-10-20-47-208.us-east-2.compute.internal")
    for name in nodes:
        n = w.node(name, cpu="8", memory="32386112Ki",
                   labels={"node.kubernetes.io/instance-type": "m6i.2xlarge", "topology.kubernetes.io/zone": "us-east-2a",
                           "eks.amazonaws.com/nodegroup": "system", "provisioner.cast.ai/managed-by": "cast.ai"})
        info(n, **kv)
    # kube-system: the EKS add-ons, no Neuron device plugin
    for ds, c, img in (("aws-node", "aws-node", "602401143452.dkr.ecr.us-east-2.amazonaws.com/amazon-k8s-cni:v1.20.4"),
                       ("kube-proxy", "kube-proxy", "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/kube-proxy:v1.34.1-eksbuild.2")):
        labels = {"k8s-app": ds}
        daemonset(w, KS, ds, desired=2, containers=[(c, img)], tolerations=[{"operator": "Exists"}], labels=labels)
        for i, node in enumerate(nodes):
            ds_pod(w, KS, ds, f"{ds}-{'x7k2p' if i == 0 else 'm4q9d'}", node, containers=(c,), image=img, labels=labels)
    # Cast AI components
    ca = "castai-agent"
    for dep, c, img, rs in (("castai-agent", "agent", "us-docker.pkg.dev/castai-hub/library/agent:v0.93.1", "6d8f7b9c5d"),
                            ("castai-cluster-controller", "cluster-controller",
                             "us-docker.pkg.dev/castai-hub/library/cluster-controller:v0.58.0", "5b7c9d4f6e")):
        w.workload("Deployment", ca, dep, replicas=1,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
        w.pod(ca, f"{dep}-{rs}-t8v2n", node=nodes[0], gpu=0, containers=(c,), image=img, cpu="100m", memory="256Mi",
              labels={"app.kubernetes.io/name": dep}, owner=("ReplicaSet", f"{dep}-{rs}"))
    # the pending Neuron workload
    ns, dep, rs = "ml-inference", "inf2-llama-server", "inf2-llama-server-7c9d5b6f48"
    pod = f"{rs}-qx2lm"
    w.workload("Deployment", ns, dep, replicas=1,
               status={"replicas": 1, "unavailableReplicas": 1, "updatedReplicas": 1})
    msg = ("0/2 nodes are available: 2 Insufficient aws.amazon.com/neuron. preemption: 0/2 nodes are available: "
           "2 No preemption victims found for incoming pod.")
    w.pod(ns, pod, gpu=1, resource="aws.amazon.com/neuron", containers=("server",),
          image="public.ecr.aws/neuron/pytorch-inference-vllm-neuronx:0.9.1-neuronx-py310-sdk2.26.0-ubuntu22.04",
          cpu="8", memory="32Gi", labels={"app": dep}, owner=("ReplicaSet", rs),
          tolerations=[{"key": "aws.amazon.com/neuron", "operator": "Equal", "value": "true", "effect": "NoSchedule"}],
          scheduled_message=msg)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.event(ns, "Pod", pod, "ScaleUpBlocked", t, component="castai-autoscaler", count=9)
    w.target("Pod", ns, pod)


# ---- time-sharing request rejected at admission (GKE) ---------------------------------------

@case("fc502", pod_subj("cuda-timeshare-2gpu", "default"),
      "GKE Standard v1.33 cluster (version strings, node and pod names assumed) with a default CPU node and one "
      "GPU node of a time-sharing node pool (one NVIDIA L4 assumed, cloud.google.com/gke-gpu-sharing-strategy="
      "time-sharing, cloud.google.com/gke-max-shared-clients-per-gpu=3 assumed) advertising nvidia.com/gpu 3 and "
      "tainted nvidia.com/gpu=present:NoSchedule; GKE's nvidia-gpu-device-plugin DaemonSet pod in kube-system "
      "Running; a bare pod selecting the time-sharing nodes and requesting nvidia.com/gpu 2 was bound to the node "
      "and rejected at admission: phase Failed, reason UnexpectedAdmissionError, the text as its status message, no "
      "container statuses. No events are modelled (the page quotes the pod status only).")
def _(w, t):
    w.git_version = "v1.33.5-gke.1201000"
    kv = {"osImage": "Container-Optimized OS from Google", "kernelVersion": "6.6.97+",
          "containerRuntimeVersion": "containerd://2.0.6", "kubeletVersion": "v1.33.5-gke.1201000"}
    cpu = w.node("gke-ts-cluster-default-pool-3f8a2c1d-7vkq", cpu="4", memory="16374420Ki",
                 labels={"cloud.google.com/gke-nodepool": "default-pool",
                         "node.kubernetes.io/instance-type": "e2-standard-4"})
    info(cpu, **kv)
    node = "gke-ts-cluster-gpu-ts-pool-9b1e4d2a-m3xr"
    n = w.node(node, gpus=3, cpu="8", memory="32876544Ki",
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}],
               labels={"cloud.google.com/gke-nodepool": "gpu-ts-pool", "cloud.google.com/gke-accelerator": "nvidia-l4",
                       "cloud.google.com/gke-gpu": "true", "cloud.google.com/gke-gpu-driver-version": "default",
                       "cloud.google.com/gke-gpu-sharing-strategy": "time-sharing",
                       "cloud.google.com/gke-max-shared-clients-per-gpu": "3",
                       "node.kubernetes.io/instance-type": "g2-standard-8"})
    info(n, **kv)
    img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b0a8d1d6b2c7ef07a6b3b1e8c5f1d0f9a2e7c3b6d8f0a1e2c4b6d8f0a2c4e6b"
    ds, c = "nvidia-gpu-device-plugin-small-cos", "nvidia-gpu-device-plugin"
    labels = {"k8s-app": "nvidia-gpu-device-plugin"}
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}}
    daemonset(w, KS, ds, desired=1, containers=[(c, img)], tolerations=[{"operator": "Exists"}], labels=labels,
              affinity=aff)
    ds_pod(w, KS, ds, f"{ds}-p6z4w", node, containers=(c,), image=img, labels=labels,
           tolerations=[{"operator": "Exists"}])
    pod = "cuda-timeshare-2gpu"
    p = w.pod("default", pod, node=node, gpu=2, phase="Failed", containers=("cuda-container",),
              image="nvidia/cuda:12.4.1-base-ubuntu22.04", cpu="1", memory="2Gi",
              node_selector={"cloud.google.com/gke-gpu-sharing-strategy": "time-sharing",
                             "cloud.google.com/gke-max-shared-clients-per-gpu": "3"},
              tolerations=GPU_TOL, reason="UnexpectedAdmissionError", message=t)
    p["spec"]["restartPolicy"] = "Never"
    st = p["status"]
    st.pop("containerStatuses", None)
    st.pop("podIP", None)
    st["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}]
    w.target("Pod", "default", pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
