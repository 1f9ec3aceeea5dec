"""Builds first-contact batch B9 (fixtures/first-contact/batch-b9/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures that no rule was written for, sampled with the fixed list of 48 queries in the
batch README, sent to all four corpora of the `search` tool at once (12 each to issues, pages, docs and code), the
node layer emphasised and other layers taken as they came. Each builder places the case's text verbatim where a
collector would have found it and builds the cluster state the source describes. The expected answer was reasoned
from the source (`expected` in the case, preferred first) and committed before any rule change; it is never taken
from the tool's output.

Version strings and names the source does not state (node names, instance types, kernels, kubelet and Docker
builds, image tags, GPU models) are filled in plausibly; each scenario's README says which parts of the world are
assumed.

    .venv/bin/python -m tests.classify.first_contact_b9      # (re)writes fixtures/first-contact/batch-b9/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, eks_labels, eks_plugin
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import ThreadBatch, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-b9", "B9", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


# ---- scheduler layer -------------------------------------------------------------------------

_FB901_EKS = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.209-160.339.amzn2.x86_64",
              "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.6-eks-49a6c0",
              "kubeProxyVersion": "v1.19.6-eks-49a6c0"}
_FB901_MASTER = {"node-role.kubernetes.io/master": ""}
_FB901_MASTER_TOLERATION = [{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}]
_FB901_IMAGE = "registry.cn-hangzhou.aliyuncs.com/acs/k8s-gpushare-schd-extender:1.11-d170d8a"


@case("fb901", pod_subj("gpushare-installer-5s56q", KS),
      "EKS cluster in us-west-2 (Kubernetes v1.19.6-eks, Amazon Linux 2 nodes with Docker 19.03; version, region, "
      "instance types and node names assumed: the thread says only EKS and 7 nodes) with 7 worker nodes and a "
      "managed control plane, so no node carries node-role.kubernetes.io/master: five m5.xlarge nodes of a "
      "general node group and two p3.2xlarge nodes (one V100 each, assumed) of a GPU node group on the EKS GPU AMI, "
      "advertising nvidia.com/gpu 1 through the EKS-documented NVIDIA device plugin DaemonSet (v0.8.2, Running; "
      "assumed). In kube-system the gpushare-installer chart of AliyunContainerService/gpushare-scheduler-extender: "
      "the Job gpushare-installer (parallelism 3; the job that rewrites the kube-scheduler configuration) with its "
      "three pods gpushare-installer-5s56q, -mxhgk and -n9k6z, and the Deployment gpushare-schd-extender with its "
      "pod gpushare-schd-extender-846977f446-s9bxh, all Pending (unscheduled) for 10h; their templates select "
      "node-role.kubernetes.io/master: \"\" (and tolerate the master taint); each has the default-scheduler's "
      "FailedScheduling event carrying the text verbatim (x67, as the thread shows for 5s56q and the extender; the "
      "other two installer pods' counts assumed alike) and the same message in its PodScheduled condition. The "
      "chart's gpushare device plugin DaemonSet and the node label gpushare=true are not described and not "
      "modelled.")
def _(w, t):
    w.git_version = "v1.19.6-eks-49a6c0"
    cpu_nodes = [f"ip-192-168-{a}.us-west-2.compute.internal" for a in
                 ("12-87", "27-140", "41-9", "58-203", "70-36")]
    for i, name in enumerate(cpu_nodes):
        n = w.node(name, cpu="4", memory="15950508Ki", alloc_cpu="3920m", alloc_memory="14992556Ki",
                   pods_cap="58", labels=eks_labels("m5.xlarge", "general-ng", "us-west-2" + "abc"[i % 3]))
        node_info(n, **_FB901_EKS)
    gpu_nodes = ["ip-192-168-83-114.us-west-2.compute.internal", "ip-192-168-95-22.us-west-2.compute.internal"]
    for i, name in enumerate(gpu_nodes):
        n = host_node(w, name, gpus=1, labels=eks_labels("p3.2xlarge", "gpu-ng", "us-west-2" + "ab"[i]),
                      info=_FB901_EKS)
        sized(n, "8", "62772432Ki")
        n["status"]["capacity"]["pods"] = n["status"]["allocatable"]["pods"] = "58"
    eks_plugin(w, [(gpu_nodes[0], "nvidia-device-plugin-daemonset-7qk2d"),
                   (gpu_nodes[1], "nvidia-device-plugin-daemonset-m4x9s")],
               image="nvcr.io/nvidia/k8s-device-plugin:v0.8.2")
    assert t == "0/7 nodes are available: 7 node(s) didn't match node selector."
    installers = ["gpushare-installer-5s56q", "gpushare-installer-mxhgk", "gpushare-installer-n9k6z"]
    for name in installers:
        p = w.pod(KS, name, gpu=0, containers=("deploy",), image="registry.cn-hangzhou.aliyuncs.com/acs/"
                  "schd-extender-deployer:v1.11-b1d4e8d", owner=("Job", "gpushare-installer"),
                  labels={"app": "gpushare", "name": "gpushare-schd-extender-deployer",
                          "job-name": "gpushare-installer"},
                  node_selector=_FB901_MASTER, tolerations=_FB901_MASTER_TOLERATION, cpu="100m", memory="128Mi",
                  scheduled_message=t)
        p["spec"]["restartPolicy"] = "OnFailure"
        p["spec"]["hostNetwork"] = True
        w.event(KS, "Pod", name, "FailedScheduling", t, component="default-scheduler", count=67)
    w.workload("Job", KS, "gpushare-installer",
               template_pod={"spec": {"containers": [{"name": "deploy", "image": "registry.cn-hangzhou.aliyuncs.com/"
                                                                                 "acs/schd-extender-deployer:v1.11-b1d4e8d"}],
                                      "nodeSelector": _FB901_MASTER, "tolerations": _FB901_MASTER_TOLERATION,
                                      "hostNetwork": True, "restartPolicy": "OnFailure"}},
               status={"active": 3, "startTime": "2026-11-29T05:00:00Z"})
    job = w.workloads[("jobs", KS)][-1]
    job["spec"].pop("replicas", None)
    job["spec"].update({"parallelism": 3, "completions": 3, "backoffLimit": 6})
    job["spec"]["selector"] = {"matchLabels": {"job-name": "gpushare-installer"}}
    job["spec"]["template"]["metadata"]["labels"] = {"app": "gpushare", "name": "gpushare-schd-extender-deployer",
                                                     "job-name": "gpushare-installer"}
    ext = "gpushare-schd-extender-846977f446-s9bxh"
    w.pod(KS, ext, gpu=0, containers=("gpushare-schd-extender",), image=_FB901_IMAGE,
          owner=("ReplicaSet", "gpushare-schd-extender-846977f446"),
          labels={"app": "gpushare", "component": "gpushare-schd-extender"},
          node_selector=_FB901_MASTER, tolerations=_FB901_MASTER_TOLERATION, cpu="100m", memory="128Mi",
          scheduled_message=t)
    w.event(KS, "Pod", ext, "FailedScheduling", t, component="default-scheduler", count=67)
    w.workload("Deployment", KS, "gpushare-schd-extender",
               template_pod={"spec": {"containers": [{"name": "gpushare-schd-extender", "image": _FB901_IMAGE}],
                                      "nodeSelector": _FB901_MASTER, "tolerations": _FB901_MASTER_TOLERATION}},
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False",
                                       "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability."}]})
    w.workload("ReplicaSet", KS, "gpushare-schd-extender-846977f446", owner=("Deployment", "gpushare-schd-extender"),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
    w.target("Pod", KS, "gpushare-installer-5s56q")


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
