"""First-contact batch A11 (fixtures/first-contact/batch-a11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the scheduler layer (autoscalers and node provisioning for GPU pools, batch and
gang schedulers, quota, taints, affinity, DRA, volumes, preemption, GPU sharing requests), sampled from all four
corpora of the `search` tool at once (`issues`, `pages`, `docs`, `code`) with the fixed list of 72 queries in the
batch README: NLP inference replicas Pending for weeks because both physical GPUs of a Tencent Cloud TKE cluster were
already requested (a blog write-up of a production stall), a Dynamo frontend pod Pending on an all-GPU EKS cluster
because the GPU pods' required pod anti-affinity also selects it (a merged fix PR of aws-samples/aws-do-eks), and a
GPU pod Pending on EKS while the GPU node group, scaled from zero by the cluster autoscaler, can never start an
instance because the AWS account had no GPU instance capacity (eksctl#3009, settled by the reporter). fa1101's and
fa1102's sources quote the scheduler's message, which is placed verbatim in the pod's FailedScheduling event; their
texts are the authors' sentences and are not placed. fa1103 is a prose case: its text (the reporter's resolution)
never reaches the cluster, and the scheduler and autoscaler wordings in its bundle are illustrative. The expected
answer was reasoned from the source (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Names and versions the sources do not state (node names, pod and namespace names, kernels, kubelet versions, sizes)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a11      # (re)writes fixtures/first-contact/batch-a11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a7 import A7World, _deploy
from tests.classify.first_contact_b import KS, node_info
from tests.classify.first_contact_common import ThreadBatch, ds_status
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj


FC = ThreadBatch("batch-a11", "A11", world=A7World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# the case's text is an author's sentence (fa1101, fa1102: the quoted scheduler message inside it is placed) or a
# reporter's resolution (fa1103): the text itself is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fa1101", "fa1102", "fa1103"}


def _plugin_ds(w, nodes: list[str], *, name: str, image: str, node_selector: dict, container: str,
               log: str, tolerations=None) -> None:
    """A device-plugin DaemonSet in kube-system with one healthy Running pod per node."""
    tmpl = None
    for i, node in enumerate(nodes):
        p = w.pod(KS, f"{name}-{'abcdefghjk'[i]}{'mnpqrstvwx'[i]}{i}z{i}", node=node, gpu=0, containers=(container,),
                  image=image, owner=("DaemonSet", name), labels={"name": name}, node_selector=node_selector,
                  tolerations=tolerations, cpu="10m", memory="64Mi")
        w.log(KS, p["metadata"]["name"], container, log)
        tmpl = tmpl or p
    d = w.workload("DaemonSet", KS, name, template_pod=tmpl, status=ds_status(len(nodes), len(nodes), len(nodes)))
    d["spec"]["selector"] = {"matchLabels": {"name": name}}


# ---- fa1101: NLP inference replicas Pending, both physical GPUs of the TKE cluster already requested ---------

_TKE = {"osImage": "TencentOS Server 3.1 (Final)", "kernelVersion": "5.4.119-19.0009.44",
        "containerRuntimeVersion": "containerd://1.6.9-tke.8", "kubeletVersion": "v1.30.0-tke.4",
        "kubeProxyVersion": "v1.30.0-tke.4"}
_FA1101_MSG = "0/8 nodes are available: 8 Insufficient nvidia.com/gpu."     # verbatim from the write-up
_TKE_PLUGIN_LOG = ("I0305 02:11:07.412093       1 main.go:317] Retrieving plugins.\n"
                   "I0305 02:11:07.498120       1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'\n"
                   "I0305 02:11:07.499357       1 server.go:147] Starting to serve 'nvidia.com/gpu' on "
                   "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                   "I0305 02:11:07.503118       1 server.go:154] Registered device plugin for 'nvidia.com/gpu' "
                   "with Kubelet\n")


@case("fa1101", pod_subj("nlp-inference-6b9f7c5d84-q2x7m", "ai-services"),
      "Tencent Cloud TKE cluster (Kubernetes 1.30; region, node names, CPU instance types, versions, namespace and "
      "pod names assumed) with 8 Ready nodes as in the write-up: six CPU workers (S5.4XLARGE32, no GPU) and two GPU "
      "workers labelled nvidia-device-enable=enable, a PNV5b.8XLARGE96 with one NVIDIA L20 (46068 MiB) and a "
      "GN7.2XLARGE32 with one Tesla T4 (15360 MiB), driver 570.158.01, both untainted and advertising "
      "nvidia.com/gpu 1 through a healthy kube-system device-plugin DaemonSet (2/2 ready). In namespace ai-services "
      "the Deployment nlp-inference (4 replicas, each requesting nvidia.com/gpu: 1) has 2 replicas Running, one on "
      "each GPU node, so both physical GPUs are requested; the other two replicas are Pending with default-scheduler "
      "FailedScheduling events '0/8 nodes are available: 8 Insufficient nvidia.com/gpu.' (verbatim from the "
      "write-up) repeated over more than 28 days. The case's text is the author's sentence and is not placed; the "
      "quoted event is.")
def _(w, t):
    w.git_version = "v1.30.0-tke.4"
    cpu_nodes = [f"10.0.1.{11 + i}" for i in range(6)]
    for i, name in enumerate(cpu_nodes):
        n = w.node(name, cpu="16", memory="32612560Ki", alloc_cpu="15890m", alloc_memory="29466832Ki",
                   pods_cap="61",
                   labels={"node.kubernetes.io/instance-type": "S5.4XLARGE32", "cloud.tencent.com/node-instance-id":
                           f"ins-8k2m{i}q7d", "topology.kubernetes.io/region": "sh",
                           "topology.kubernetes.io/zone": "200003", "tke.cloud.tencent.com/nodepool-id":
                           "np-cpu7m2k9d"})
        node_info(n, **_TKE)
    gpu_nodes = [("10.0.2.21", "PNV5b.8XLARGE96", "32", "97575312Ki", "31850m", "92331584Ki"),
                 ("10.0.2.22", "GN7.2XLARGE32", "8", "32612560Ki", "7910m", "29466832Ki")]
    for name, itype, cpu, mem, acpu, amem in gpu_nodes:
        n = w.node(name, gpus=1, cpu=cpu, memory=mem, alloc_cpu=acpu, alloc_memory=amem, pods_cap="61",
                   labels={"node.kubernetes.io/instance-type": itype, "nvidia-device-enable": "enable",
                           "topology.kubernetes.io/region": "sh", "topology.kubernetes.io/zone": "200003",
                           "tke.cloud.tencent.com/nodepool-id": "np-gpu4t8w2n"})
        node_info(n, **_TKE)
    _plugin_ds(w, [g[0] for g in gpu_nodes], name="nvidia-device-plugin-daemonset",
               image="ccr.ccs.tencentyun.com/tkeimages/nvidia-device-plugin:v0.14.5",
               node_selector={"nvidia-device-enable": "enable"}, container="nvidia-device-plugin-ctr",
               log=_TKE_PLUGIN_LOG)
    _deploy(w, KS, "coredns", "7d9c8b6f5", "h8x2p", cpu_nodes[0], ("coredns",),
            "ccr.ccs.tencentyun.com/tkeimages/coredns:1.11.1", labels={"k8s-app": "kube-dns"}, memory="70Mi")
    ns, dep, rs_hash = "ai-services", "nlp-inference", "6b9f7c5d84"
    rs = f"{dep}-{rs_hash}"
    labels = {"app": dep, "pod-template-hash": rs_hash}
    image = "ccr.ccs.tencentyun.com/ai-services/nlp-inference:2.4.1"
    first = None
    for node, sfx in ((gpu_nodes[0][0], "k4n8s"), (gpu_nodes[1][0], "t9w3c")):
        p = w.pod(ns, f"{rs}-{sfx}", node=node, gpu=1, containers=("nlp-inference",), image=image,
                  owner=("ReplicaSet", rs), labels=labels, cpu="2", memory="8Gi")
        first = first or p
    for sfx, count in (("q2x7m", 8112), ("z5h6v", 8109)):
        pod = f"{rs}-{sfx}"
        w.pod(ns, pod, gpu=1, containers=("nlp-inference",), image=image, owner=("ReplicaSet", rs), labels=labels,
              cpu="2", memory="8Gi", scheduled_message=_FA1101_MSG)
        w.event(ns, "Pod", pod, "FailedScheduling", _FA1101_MSG, component="default-scheduler", count=count)
    d = w.workload("Deployment", ns, dep, replicas=4, template_pod=first, revision="1",
                   status={"replicas": 4, "updatedReplicas": 4, "readyReplicas": 2, "availableReplicas": 2,
                           "unavailableReplicas": 2, "observedGeneration": 3,
                           "conditions": [{"type": "Available", "status": "False",
                                           "reason": "MinimumReplicasUnavailable",
                                           "message": "Deployment does not have minimum availability."}]})
    d["spec"]["selector"] = {"matchLabels": {"app": dep}}
    w.workload("ReplicaSet", ns, rs, replicas=4, template_pod=first, owner=("Deployment", dep),
               status={"replicas": 4, "fullyLabeledReplicas": 4, "readyReplicas": 2, "availableReplicas": 2,
                       "observedGeneration": 3})
    w.target("Pod", ns, f"{rs}-q2x7m")


# ---- fa1102: the Dynamo frontend Pending on an all-GPU EKS cluster (the GPU pods' anti-affinity selects it) ----

_AL2023 = {"osImage": "Amazon Linux 2023.9.20260801", "kernelVersion": "6.12.37-61.105.amzn2023.x86_64",
           "containerRuntimeVersion": "containerd://2.0.5", "kubeletVersion": "v1.35.0-eks-6fe2b3a",
           "kubeProxyVersion": "v1.35.0-eks-6fe2b3a"}
_FA1102_MSG = "0/4 nodes are available: 4 node(s) didn't satisfy existing pods anti-affinity rules"   # verbatim
_DEPLOYMENT_NAME = "nemotron-ultra-disagg"
_DYNAMO_IMAGE = "nvcr.io/nvidia/ai-dynamo/tensorrtllm-runtime:0.9.0"
_NVDP_LOG = ("I0815 09:02:11.318027       1 main.go:356] Retrieving plugins.\n"
             "I0815 09:02:12.470512       1 server.go:195] Starting GRPC server for 'nvidia.com/gpu'\n"
             "I0815 09:02:12.471736       1 server.go:139] Starting to serve 'nvidia.com/gpu' on "
             "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
             "I0815 09:02:12.475381       1 server.go:146] Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")
_EFA_LOG = ("2026/08/15 09:02:09 Fetching EFA devices.\n"
            "2026/08/15 09:02:09 device: rdmap79s0,uverbs0,/sys/class/infiniband_verbs/uverbs0,"
            "/sys/class/infiniband/rdmap79s0\n"
            "2026/08/15 09:02:09 Starting FS watcher.\n"
            "2026/08/15 09:02:09 Starting to serve on /var/lib/kubelet/device-plugins/aws-efa-device-plugin.sock\n"
            "2026/08/15 09:02:09 Registered device plugin with Kubelet\n")


@case("fa1102", pod_subj(f"{_DEPLOYMENT_NAME}-frontend-5c8d7f9b6-r4m2x", "nemotron"),
      "Amazon EKS 1.35 cluster (us-east-2; node names, versions, namespace, pod names and images assumed) with the "
      "PR's four-node all-GPU node group: four p6-b200.48xlarge nodes (8 NVIDIA B200 GPUs and 8 EFA interfaces each, "
      "no CPU-only node), the NVIDIA device plugin and the EFA device plugin DaemonSets healthy (4/4 each). In "
      "namespace nemotron the Nemotron-3 Ultra disaggregated deployment nemotron-ultra-disagg (Dynamo) runs two "
      "prefill and two decode workers, each pod requesting 8 GPUs and 8 EFA interfaces, one per node; every GPU pod "
      "template carries the templates' required podAntiAffinity on app.kubernetes.io/part-of=nemotron-ultra-disagg "
      "with topologyKey kubernetes.io/hostname. The frontend pod (no GPU, label app.kubernetes.io/part-of="
      "nemotron-ultra-disagg) is Pending with default-scheduler FailedScheduling events '0/4 nodes are available: 4 "
      "node(s) didn't satisfy existing pods anti-affinity rules' (verbatim from the PR). The PR's two further "
      "assumptions are not in the stored copy and are not modelled. The case's text is the PR author's sentence and "
      "is not placed; the quoted message is.")
def _(w, t):
    w.git_version = "v1.35.0-eks-6fe2b3a"
    nodes = [f"ip-10-1-{40 + 16 * i}-{17 + i}.us-east-2.compute.internal" for i in range(4)]
    for i, name in enumerate(nodes):
        n = w.gpu_node(name, gpus=8, product="NVIDIA-B200", memory_mib=183359, operator=False, cpu="192",
                       memory="2113282316Ki", alloc_cpu="191450m", alloc_memory="2096532236Ki", pods_cap="737",
                       labels={"node.kubernetes.io/instance-type": "p6-b200.48xlarge",
                               "eks.amazonaws.com/nodegroup": "p6-b200-ng", "eks.amazonaws.com/capacityType":
                               "CAPACITY_BLOCK", "topology.kubernetes.io/region": "us-east-2",
                               "topology.kubernetes.io/zone": "us-east-2b", "vpc.amazonaws.com/efa.present": "true"})
        for res in ("capacity", "allocatable"):
            n["status"][res]["vpc.amazonaws.com/efa"] = "8"
        node_info(n, **_AL2023)
    gpu_tol = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]
    _plugin_ds(w, nodes, name="nvidia-device-plugin-daemonset", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1",
               node_selector={"nvidia.com/gpu.present": "true"}, container="nvidia-device-plugin-ctr",
               log=_NVDP_LOG, tolerations=gpu_tol)
    _plugin_ds(w, nodes, name="aws-efa-k8s-device-plugin-daemonset",
               image="602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/aws-efa-k8s-device-plugin:v0.5.7",
               node_selector={"vpc.amazonaws.com/efa.present": "true"}, container="aws-efa-k8s-device-plugin",
               log=_EFA_LOG, tolerations=gpu_tol)
    _deploy(w, KS, "coredns", "6b7d9c5f4", "k2p8w", nodes[0], ("coredns",),
            "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/coredns:v1.12.2-eksbuild.4",
            labels={"k8s-app": "kube-dns"}, memory="70Mi", tolerations=gpu_tol)
    ns = "nemotron"
    part_of = {"app.kubernetes.io/part-of": _DEPLOYMENT_NAME}
    anti = {"podAntiAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": [
        {"labelSelector": {"matchLabels": dict(part_of)}, "topologyKey": "kubernetes.io/hostname"}]}}
    workers = (("prefill", "7f6c9d8b5", ("x8k2q", "m3v7d")), ("decode", "84b7c6d9f", ("p2n6t", "w9r4h")))
    i = 0
    for role, rs_hash, sfxs in workers:
        dep = f"{_DEPLOYMENT_NAME}-{role}"
        rs = f"{dep}-{rs_hash}"
        labels = {**part_of, "app.kubernetes.io/component": role, "nvidia.com/dynamo-component": role,
                  "pod-template-hash": rs_hash}
        first = None
        for sfx in sfxs:
            p = w.pod(ns, f"{rs}-{sfx}", node=nodes[i], gpu=8, containers=("main",), image=_DYNAMO_IMAGE,
                      owner=("ReplicaSet", rs), labels=labels, affinity=anti, tolerations=gpu_tol, cpu="96",
                      memory="1000Gi", mounts=[{"name": "shm", "mountPath": "/dev/shm"}],
                      volumes=[{"name": "shm", "emptyDir": {"medium": "Memory", "sizeLimit": "256Gi"}}])
            for part in ("limits", "requests"):
                p["spec"]["containers"][0]["resources"][part]["vpc.amazonaws.com/efa"] = "8"
            first = first or p
            i += 1
        d = w.workload("Deployment", ns, dep, replicas=2, template_pod=first, revision="1",
                       status={"replicas": 2, "updatedReplicas": 2, "readyReplicas": 2, "availableReplicas": 2,
                               "observedGeneration": 1})
        d["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/component": role, **part_of}}
        w.workload("ReplicaSet", ns, rs, replicas=2, template_pod=first, owner=("Deployment", dep),
                   status={"replicas": 2, "fullyLabeledReplicas": 2, "readyReplicas": 2, "availableReplicas": 2,
                           "observedGeneration": 1})
    dep, rs_hash = f"{_DEPLOYMENT_NAME}-frontend", "5c8d7f9b6"
    rs = f"{dep}-{rs_hash}"
    pod = f"{rs}-r4m2x"
    fp = w.pod(ns, pod, gpu=0, containers=("main",), image=_DYNAMO_IMAGE, owner=("ReplicaSet", rs),
               labels={**part_of, "app.kubernetes.io/component": "frontend", "nvidia.com/dynamo-component":
                       "frontend", "pod-template-hash": rs_hash},
               tolerations=gpu_tol, cpu="8", memory="32Gi", scheduled_message=_FA1102_MSG)
    w.event(ns, "Pod", pod, "FailedScheduling", _FA1102_MSG, component="default-scheduler", count=37)
    d = w.workload("Deployment", ns, dep, replicas=1, template_pod=fp, revision="1",
                   status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1, "observedGeneration": 1,
                           "conditions": [{"type": "Available", "status": "False",
                                           "reason": "MinimumReplicasUnavailable",
                                           "message": "Deployment does not have minimum availability."}]})
    d["spec"]["selector"] = {"matchLabels": {"app.kubernetes.io/component": "frontend", **part_of}}
    w.workload("ReplicaSet", ns, rs, replicas=1, template_pod=fp, owner=("Deployment", dep),
               status={"replicas": 1, "fullyLabeledReplicas": 1, "observedGeneration": 1})
    w.target("Pod", ns, pod)


# ---- fa1103: GPU node group scaled from zero never gets an instance (no GPU capacity in the AWS account) -------

_AL2_118 = {"osImage": "Amazon Linux 2", "kernelVersion": "4.14.209-160.339.amzn2.x86_64",
            "containerRuntimeVersion": "docker://19.3.6", "kubeletVersion": "v1.18.9-eks-d1db3c",
            "kubeProxyVersion": "v1.18.9-eks-d1db3c"}
_GPU_ASG = "eksctl-mygpu-nodegroup-rnd-GPU-nodegroup-2-NodeGroup-1QW8ZK3N5T7XE"
# illustrative (the thread quotes no message): kube-scheduler 1.18 and cluster-autoscaler 1.18 wordings
_FA1103_MSG = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."
_FA1103_CA_LOG = (
    "I0111 09:40:12.108231       1 static_autoscaler.go:226] Starting main loop\n"
    "I0111 09:40:12.411907       1 filter_out_schedulable.go:60] Filtering out schedulables\n"
    "I0111 09:40:12.412034       1 filter_out_schedulable.go:116] 0 pods marked as unschedulable can be scheduled.\n"
    f"I0111 09:40:12.412402       1 scale_up.go:322] Pod default/gpu-test-7xk2p is unschedulable\n"
    f"W0111 09:40:12.412933       1 clusterstate.go:281] Scale-up timed out for node group {_GPU_ASG} after "
    "15m0.412511932s\n"
    f"W0111 09:40:12.413001       1 clusterstate.go:312] Disabling scale-up for node group {_GPU_ASG} until "
    "2021-01-11 09:45:12.412511932 +0000 UTC; errorClass=Other; errorCode=timeout\n"
    f"W0111 09:40:12.413244       1 scale_up.go:383] Node group {_GPU_ASG} is not ready for scaleup - backoff\n"
    "I0111 09:40:12.413297       1 scale_up.go:456] No expansion options\n")


@case("fa1103", pod_subj("gpu-test-7xk2p", "default"),
      "Amazon EKS 1.18 cluster mygpu (us-east-2) created by eksctl from the reporter's ClusterConfig: node group "
      "rnd-nodegroup-2 has its two r5n.xlarge nodes Ready (label role=workers, no GPU); node group "
      "rnd-GPU-nodegroup-2 (p2.xlarge, minSize 0, maxSize 2, desiredCapacity 1, label role=workers, ASG tag "
      "k8s.amazonaws.com/accelerator=nvidia-tesla-k80, cluster-autoscaler discovery tags) has no node, because the "
      "account had no capacity for GPU instances until AWS granted it on a service request (the thread's "
      "resolution). The cluster-autoscaler (kube-system, auto-discovery) runs; its log and the pod's events say the "
      "GPU node group's scale-up timed out and is in backoff (wordings illustrative, cluster-autoscaler 1.18 format; "
      "the thread quotes no message). In namespace default the Job gpu-test (one GPU; name and image assumed) has "
      "its pod Pending with default-scheduler FailedScheduling events '0/2 nodes are available: 2 Insufficient "
      "nvidia.com/gpu.' (illustrative, Kubernetes 1.18 format). No NVIDIA device plugin is modelled (no GPU node "
      "exists; the thread does not mention one). The case's text is the reporter's and is not placed.")
def _(w, t):
    w.git_version = "v1.18.9-eks-d1db3c"
    nodes = ["ip-192-168-12-84.us-east-2.compute.internal", "ip-192-168-61-203.us-east-2.compute.internal"]
    for i, name in enumerate(nodes):
        n = w.node(name, cpu="4", memory="32408436Ki", alloc_cpu="3920m", alloc_memory="31391604Ki", pods_cap="58",
                   labels={"role": "workers", "alpha.eksctl.io/cluster-name": "mygpu",
                           "alpha.eksctl.io/nodegroup-name": "rnd-nodegroup-2",
                           "node.kubernetes.io/instance-type": "r5n.xlarge",
                           "beta.kubernetes.io/instance-type": "r5n.xlarge",
                           "topology.kubernetes.io/region": "us-east-2",
                           "topology.kubernetes.io/zone": f"us-east-2{'ab'[i]}"})
        node_info(n, **_AL2_118)
    _deploy(w, KS, "coredns", "86f7d88d77", "v4lq8", nodes[0], ("coredns",),
            "602401143452.dkr.ecr.us-east-2.amazonaws.com/eks/coredns:v1.7.0-eksbuild.1",
            labels={"k8s-app": "kube-dns"}, memory="70Mi")
    ca = _deploy(w, KS, "cluster-autoscaler", "7c9d5f6b8", "s2m9x", nodes[1], ("cluster-autoscaler",),
                 "k8s.gcr.io/autoscaling/cluster-autoscaler:v1.18.3", labels={"app": "cluster-autoscaler"},
                 memory="600Mi")
    ca["spec"]["containers"][0]["command"] = [
        "./cluster-autoscaler", "--v=4", "--stderrthreshold=info", "--cloud-provider=aws",
        "--skip-nodes-with-local-storage=false", "--expander=least-waste",
        "--node-group-auto-discovery=asg:tag=k8s.io/cluster-autoscaler/enabled,k8s.io/cluster-autoscaler/mygpu",
        "--balance-similar-node-groups", "--skip-nodes-with-system-pods=false"]
    w.log(KS, ca["metadata"]["name"], "cluster-autoscaler", _FA1103_CA_LOG)
    ns, job, pod = "default", "gpu-test", "gpu-test-7xk2p"
    p = w.pod(ns, pod, gpu=1, containers=("gpu-test",), image="nvidia/cuda:11.0-base", owner=("Job", job),
              labels={"job-name": job, "controller-uid": "4f1c2a7e-9d3b-4c8e-b6a5-2e7f1d9c3b80"}, cpu="1",
              memory="2Gi", scheduled_message=_FA1103_MSG)
    p["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", pod, "FailedScheduling", _FA1103_MSG, component="default-scheduler", count=214)
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            f"pod triggered scale-up: [{{{_GPU_ASG} 0->1 (max: 2)}}]", type="Normal",
            component="cluster-autoscaler", count=1)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp",
            "pod didn't trigger scale-up: 1 in backoff after failed "
            "scale-up", type="Normal", component="cluster-autoscaler", count=96)
    w.workload("Job", ns, job, template_pod=p, status={"active": 1, "startTime": T0})
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
