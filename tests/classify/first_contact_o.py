"""First-contact batch O (fixtures/first-contact/batch-o/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled by a fixed query list (the batch README
holds the list and the sampling log), in the scheduler layer (a training pod without the GPU taint's toleration
behind a cluster-autoscaler that will not scale from 0, a GKE GPU taint the pod config does not tolerate, a GPU
notebook whose PVC sits in another availability zone than the GPU node, a Volcano queue refused as a whole because
one GPU kind is used up, an EKS GPU node group that stops scaling up from 0, an AKS GPU pool whose max 1 the
autoscaler will not reach from 0) and the node layer (a GKE GPU node without the driver installer that advertises
no GPU, a tainted GPU node the device-plugin DaemonSet does not tolerate). Each builder places the case's text where
it appears in a cluster (mostly prose, which a cluster never holds) inside a world built from the `state` the thread
describes. The expected answer is reasoned from what the thread settled (`expected`, preferred first), never from
what the tool printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_o     # (re)writes fixtures/first-contact/batch-o/scenarios/
"""

from __future__ import annotations

import re
from functools import lru_cache

from tests.classify.first_contact_a import readme_scenario, GPU_TOLERATION, KS, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_c import EKS_KV, GKE_KV
from tests.classify.first_contact_e import AKS_KV
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, REPO, Scenario, checked_case_ids, read_cases, write_batch
from tests.classify.scenarios_real import node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-o"
SCENARIOS_DIR = BATCH / "scenarios"
# prose (an issue title, a PR description, a reporter's sentence) that never reaches the cluster: the bundle
# carries the state only
TEXT_NOT_IN_BUNDLE = {"fo003", "fo004", "fo005", "fo006", "fo007"}
# renderings (kubectl describe node Capacity/Allocatable blocks): their values become the node's status fields
RENDERED = {"fo001", "fo002"}


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, slug: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, slug, subject, world_note)
        return fn
    return deco


def describe_resources(text: str) -> tuple[dict, dict]:
    """A `kubectl describe node` Capacity / Allocatable block -> (capacity, allocatable) dicts."""
    out: dict[str, dict] = {"Capacity": {}, "Allocatable": {}}
    section = None
    for line in text.splitlines():
        if line.rstrip().endswith(":") and not line.startswith(" "):
            section = line.rstrip()[:-1]
            continue
        m = re.match(r"\s+(\S+):\s+(\S+)", line)
        if m and section in out:
            out[section][m.group(1)] = m.group(2)
    return out["Capacity"], out["Allocatable"]


def pending_gpu_pod(w, ns: str, name: str, msg: str, *, owner=None, tolerations=None, image="nvidia/cuda:10.0-base",
                    container="main", gpu=1, resource="nvidia.com/gpu", scheduler=None, labels=None, **kw) -> dict:
    p = w.pod(ns, name, gpu=gpu, resource=resource, containers=(container,), image=image, phase="Pending",
              owner=owner, tolerations=tolerations, scheduler=scheduler, labels=labels, scheduled_message=msg, **kw)
    return p


# =============================================================================================
# node layer
# =============================================================================================

@case("fo001", "gke_gpu_pool_without_driver_installer", node_subj("gke-kfp-cluster-gpu-pool-9c4e7a1b-x2mq"),
      "GKE v1.15 (AI Platform Pipelines) with two default-pool CPU nodes and a freshly scaled-up GPU node of the "
      "autoscaled gpu-pool (accelerator label, taint nvidia.com/gpu=present:NoSchedule) whose status.capacity and "
      "status.allocatable are exactly the pasted block (no nvidia.com/gpu); GKE's nvidia-gpu-device-plugin DaemonSet "
      "pod runs on the node (no log collected), and no nvidia-driver-installer DaemonSet exists in kube-system; the "
      "Kubeflow Pipelines training step pod (tolerates the taint, nvidia.com/gpu 1) is Pending with the autoscaler's "
      "TriggeredScaleUp and the scheduler's Insufficient nvidia.com/gpu (wordings illustrative). Machine type, "
      "accelerator model and names are assumed.")
def _(w, t):
    w.git_version = "v1.15.12-gke.2"
    kv = dict(GKE_KV, kubeletVersion="v1.15.12-gke.2", kernelVersion="4.19.112+", containerRuntimeVersion="docker://19.3.1")
    for sfx in ("7k2p", "q9zd"):
        info(w.node(f"gke-kfp-cluster-default-pool-3b1f8e2c-{sfx}", cpu="4", memory="15389012Ki", alloc_cpu="3920m",
                    alloc_memory="12700500Ki",
                    labels={"cloud.google.com/gke-nodepool": "default-pool", "beta.kubernetes.io/instance-type": "n1-standard-4",
                            "failure-domain.beta.kubernetes.io/zone": "us-central1-a"}), **kv)
    gpu = "gke-kfp-cluster-gpu-pool-9c4e7a1b-x2mq"
    n = w.node(gpu, labels={"cloud.google.com/gke-nodepool": "gpu-pool", "cloud.google.com/gke-accelerator": "nvidia-tesla-t4",
                            "beta.kubernetes.io/instance-type": "n1-highmem-16",
                            "failure-domain.beta.kubernetes.io/zone": "us-central1-a"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    cap, alloc = describe_resources(t)
    n["status"]["capacity"], n["status"]["allocatable"] = cap, alloc
    info(n, **kv)
    img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", img)],
              labels={"k8s-app": "nvidia-gpu-device-plugin"},
              tolerations=[{"operator": "Exists", "effect": "NoExecute"}, {"operator": "Exists", "effect": "NoSchedule"}],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-5xq7m", gpu, containers=("nvidia-gpu-device-plugin",),
           image=img, tolerations=[{"operator": "Exists", "effect": "NoSchedule"}])
    ns, pod = "kubeflow", "train-pipeline-w7k2q-2817346590"
    tol = [{"key": "nvidia.com/gpu", "operator": "Equal", "value": "present", "effect": "NoSchedule"}]
    msg = "0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
    pending_gpu_pod(w, ns, pod, msg, tolerations=tol,
                    image="gcr.io/my-project/trainer:latest", container="main", cpu="8", memory="48Gi",
                    labels={"workflows.argoproj.io/workflow": "train-pipeline-w7k2q"})
    w.event(ns, "Pod", pod, "TriggeredScaleUp",
            "pod triggered scale-up: [{https://content.googleapis.com/compute/v1/projects/my-project/zones/us-central1-a/"
            "instanceGroups/gke-kfp-cluster-gpu-pool-9c4e7a1b-grp 0->1 (max: 2)}]", type="Normal",
            component="cluster-autoscaler", count=1)
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Node", None, gpu)


@case("fo002", "taint_repels_device_plugin_daemonset", node_subj("gpu-node-01"),
      "Kubernetes v1.10 (kubeadm-style, docker) with a master (node-role master taint) and the GPU node gpu-node-01, "
      "tainted nvidia.com/gpu:NoSchedule, whose status.capacity and status.allocatable are exactly the pasted block "
      "(legacy alpha.kubernetes.io/nvidia-gpu 1, no nvidia.com/gpu); the k8s-device-plugin DaemonSet "
      "(nvidia/k8s-device-plugin:1.10, CriticalAddonsOnly toleration only) has desired 0; the GPU pod (tolerates "
      "nvidia.com/gpu, requests nvidia.com/gpu 1) is Pending with an illustrative FailedScheduling message. Names and "
      "versions are assumed.")
def _(w, t):
    w.git_version = "v1.10.5"
    kv = {"osImage": "Ubuntu 16.04.4 LTS", "kernelVersion": "4.4.0-130-generic",
          "containerRuntimeVersion": "docker://18.3.1", "kubeletVersion": "v1.10.5"}
    info(w.node("k8s-master", cpu="4", memory="8167548Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    gpu = "gpu-node-01"
    n = w.node(gpu, taints=[{"key": "nvidia.com/gpu", "effect": "NoSchedule"}])
    cap, alloc = describe_resources(t)
    n["status"]["capacity"], n["status"]["allocatable"] = cap, alloc
    info(n, **kv)
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=0,
              containers=[("nvidia-device-plugin-ctr", "nvidia/k8s-device-plugin:1.10")],
              labels={"name": "nvidia-device-plugin-ds"},
              tolerations=[{"key": "CriticalAddonsOnly", "operator": "Exists"}],
              annotations={"deprecated.daemonset.template.generation": "1"})
    ns, pod = "default", "tf-train-6f9c8d7b5-q2x8k"
    msg = "0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) had taints that the pod didn't tolerate."
    pending_gpu_pod(w, ns, pod, msg, owner=("ReplicaSet", "tf-train-6f9c8d7b5"), tolerations=GPU_TOLERATION,
                    image="tensorflow/tensorflow:1.9.0-gpu", container="tf-train", labels={"app": "tf-train"})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=23)
    w.target("Node", None, gpu)


# =============================================================================================
# scheduler layer
# =============================================================================================

CA_IMAGE_2018 = "k8s.gcr.io/cluster-autoscaler:v1.2.2"


@case("fo003", "training_pod_lacks_gpu_taint_toleration_autoscaler", pod_subj("training-5c8d7f9b6-k2x7q", "deepcell"),
      "kops Kubernetes v1.10 on AWS with a master and two CPU nodes (instance group nodes); the GPU instance group "
      "gpu-nodes (p2.xlarge, nodes tainted nvidia.com/gpu=true:NoSchedule by the group's spec) sits at 0 nodes; "
      "cluster-autoscaler v1.2.2 runs in kube-system and its log shows the taint predicate failing for the template "
      "GPU node (illustrative lines); the training Deployment's pod (nvidia.com/gpu 1, no toleration) is Pending with "
      "the scheduler's Insufficient nvidia.com/gpu and the autoscaler's NotTriggerScaleUp (CA 1.x wordings, "
      "illustrative). The PR description is NOT in the bundle. Names, sizes and versions are assumed.")
def _(w, t):
    w.git_version = "v1.10.6"
    kv = {"osImage": "Debian GNU/Linux 9 (stretch)", "kernelVersion": "4.9.0-7-amd64",
          "containerRuntimeVersion": "docker://17.3.2", "kubeletVersion": "v1.10.6"}
    info(w.node("ip-172-20-41-18.ec2.internal", cpu="2", memory="3786036Ki",
                labels={"kubernetes.io/role": "master", "node-role.kubernetes.io/master": "",
                        "kops.k8s.io/instancegroup": "master-us-east-1a"},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    workers = ["ip-172-20-52-203.ec2.internal", "ip-172-20-63-77.ec2.internal"]
    for nm in workers:
        info(w.node(nm, cpu="4", memory="16424652Ki", labels={"kubernetes.io/role": "node", "kops.k8s.io/instancegroup": "nodes",
                                                              "beta.kubernetes.io/instance-type": "m4.xlarge"}), **kv)
    ca = "cluster-autoscaler-6b9d8f7c5-m4x2p"
    deploy_pod(w, KS, "cluster-autoscaler-6b9d8f7c5", ca, workers[0], containers=("cluster-autoscaler",), image=CA_IMAGE_2018,
               labels={"app": "cluster-autoscaler"})
    ns, pod = "deepcell", "training-5c8d7f9b6-k2x7q"
    w.log(KS, ca, "cluster-autoscaler",
          "I1120 17:42:10.118264       1 static_autoscaler.go:114] Starting main loop\n"
          f"I1120 17:42:10.236901       1 scale_up.go:59] Pod {ns}/{pod} is unschedulable\n"
          "I1120 17:42:10.317452       1 scale_up.go:146] Scale-up predicate failed: PodToleratesNodeTaints predicate mismatch, "
          f"cannot put {ns}/{pod} on template-node-for-gpu-nodes.deepcell.k8s.local-5546028407917134187, reason: "
          "node(s) had taints that the pod didn't tolerate\n"
          "I1120 17:42:10.317530       1 scale_up.go:175] No pod can fit to gpu-nodes.deepcell.k8s.local\n"
          "I1120 17:42:10.317561       1 scale_up.go:180] No expansion options\n")
    tmpl = {"spec": {"containers": [{"name": "training", "image": "vanvalenlab/kiosk-training:0.1.0",
                                     "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}
    w.workload("Deployment", ns, "training", template_pod=tmpl, revision="1", status={"replicas": 1, "unavailableReplicas": 1})
    w.workload("ReplicaSet", ns, "training-5c8d7f9b6", template_pod=tmpl, owner=("Deployment", "training"), revision="1",
               status={"replicas": 1})
    msg = "0/3 nodes are available: 1 node(s) had taints that the pod didn't tolerate, 2 Insufficient nvidia.com/gpu."
    pending_gpu_pod(w, ns, pod, msg, owner=("ReplicaSet", "training-5c8d7f9b6"), image="vanvalenlab/kiosk-training:0.1.0",
                    container="training", labels={"app": "training"})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=41)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", "pod didn't trigger scale-up (it wouldn't fit if a new node is added)",
            type="Normal", component="cluster-autoscaler", count=38)
    w.target("Pod", ns, pod)


@case("fo004", "gke_gpu_taint_not_tolerated", pod_subj("jiant-run-cola-bert-x7k2q", "default"),
      "GKE v1.11 with two default-pool nodes and one gpu-pool node (nvidia-tesla-k80, tainted "
      "nvidia.com/gpu=present:NoSchedule, nvidia.com/gpu 1 advertised, GKE's device plugin running); jiant's training "
      "Job pod (nvidia.com/gpu 1, no toleration) is Pending with the scheduler's untolerated-taint message "
      "(illustrative). The PR description is NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.11.6-gke.2"
    kv = dict(GKE_KV, kubeletVersion="v1.11.6-gke.2", kernelVersion="4.14.65+", containerRuntimeVersion="docker://17.3.2")
    for sfx in ("4f2k", "m8q1"):
        info(w.node(f"gke-jiant-default-pool-6c2e9a1d-{sfx}", cpu="2", memory="7657476Ki",
                    labels={"cloud.google.com/gke-nodepool": "default-pool", "beta.kubernetes.io/instance-type": "n1-standard-2"}), **kv)
    gpu = "gke-jiant-gpu-pool-1e7b4c3f-z9dx"
    info(w.node(gpu, gpus=1, cpu="8", memory="30880184Ki",
                labels={"cloud.google.com/gke-nodepool": "gpu-pool", "cloud.google.com/gke-accelerator": "nvidia-tesla-k80",
                        "beta.kubernetes.io/instance-type": "n1-standard-8"},
                taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]), **kv)
    img = "k8s.gcr.io/nvidia-gpu-device-plugin@sha256:0842734032018be107fa2490c98156992911e3e1f2a21e059ff0105b07dd8e9e"
    daemonset(w, KS, "nvidia-gpu-device-plugin", desired=1, containers=[("nvidia-gpu-device-plugin", img)],
              labels={"k8s-app": "nvidia-gpu-device-plugin"},
              tolerations=[{"operator": "Exists", "effect": "NoExecute"}, {"operator": "Exists", "effect": "NoSchedule"}])
    ds_pod(w, KS, "nvidia-gpu-device-plugin", "nvidia-gpu-device-plugin-8wz4t", gpu, containers=("nvidia-gpu-device-plugin",),
           image=img, tolerations=[{"operator": "Exists", "effect": "NoSchedule"}])
    ns, pod = "default", "jiant-run-cola-bert-x7k2q"
    msg = "0/3 nodes are available: 1 node(s) had taints that the pod didn't tolerate, 2 Insufficient nvidia.com/gpu."
    p = pending_gpu_pod(w, ns, pod, msg, owner=("Job", "jiant-run-cola-bert"), image="gcr.io/jiant-project/jiant:latest",
                        container="jiant", labels={"job-name": "jiant-run-cola-bert"}, cpu="4", memory="20Gi")
    p["spec"]["restartPolicy"] = "Never"
    w.workload("Job", ns, "jiant-run-cola-bert", template_pod={"spec": p["spec"]}, status={"active": 1})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Pod", ns, pod)


@case("fo005", "gpu_notebook_pvc_in_other_zone", pod_subj("jupyterhub-nb-altruistcoder", "opendatahub"),
      "OpenShift 4.6 (Kubernetes v1.19) on AWS us-east-1: three masters, two m5.xlarge workers in us-east-1a and "
      "us-east-1b, and one g4dn.4xlarge GPU worker in us-east-1b with the GPU Operator's stack running and nvidia.com/gpu "
      "1 advertised; the user's notebook PVC jupyterhub-nb-altruistcoder-pvc is Bound to an EBS PV whose node affinity "
      "is zone us-east-1a; the JupyterHub notebook pod (nvidia.com/gpu 1, mounts the PVC) is Pending with a "
      "FailedScheduling message naming one volume node affinity conflict (v1.19 wording, illustrative). The reporter's "
      "sentences are NOT in the bundle. Names are assumed.")
def _(w, t):
    w.git_version = "v1.19.0+9f84db3"
    kv = {"osImage": "Red Hat Enterprise Linux CoreOS 46.82.202012051820-0 (Ootpa)", "kernelVersion": "4.18.0-193.29.1.el8_2.x86_64",
          "containerRuntimeVersion": "cri-o://1.19.0-26.rhaos4.6.git8a05a29.el8", "kubeletVersion": "v1.19.0+9f84db3"}
    zone = "failure-domain.beta.kubernetes.io/zone"
    for i, z in enumerate(("us-east-1a", "us-east-1b", "us-east-1c")):
        info(w.node(f"ip-10-0-{140 + i}-{20 + i}.ec2.internal", cpu="4", memory="16105800Ki",
                    labels={"node-role.kubernetes.io/master": "", zone: z, "topology.kubernetes.io/zone": z,
                            "node.kubernetes.io/instance-type": "m5.xlarge"},
                    taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    for i, z in enumerate(("us-east-1a", "us-east-1b")):
        info(w.node(f"ip-10-0-{150 + i}-{30 + i}.ec2.internal", cpu="4", memory="16105800Ki",
                    labels={"node-role.kubernetes.io/worker": "", zone: z, "topology.kubernetes.io/zone": z,
                            "node.kubernetes.io/instance-type": "m5.xlarge"}), **kv)
    gpu = "ip-10-0-155-61.ec2.internal"
    info(w.gpu_node(gpu, gpus=1, product="Tesla-T4", memory_mib=15109, cpu="16", memory="65049932Ki",
                    labels={"node-role.kubernetes.io/worker": "", zone: "us-east-1b", "topology.kubernetes.io/zone": "us-east-1b",
                            "node.kubernetes.io/instance-type": "g4dn.4xlarge"}), **kv)
    ns, pod, pvc, pv = "opendatahub", "jupyterhub-nb-altruistcoder", "jupyterhub-nb-altruistcoder-pvc", "pvc-5b0e2f7c-3a1d-4c8e-9f62-7d41a0c9e8b3"
    w.custom["persistentvolumes"] = [{
        "apiVersion": "v1", "kind": "PersistentVolume",
        "metadata": {"name": pv, "labels": {zone: "us-east-1a", "failure-domain.beta.kubernetes.io/region": "us-east-1"}},
        "spec": {"storageClassName": "gp2", "capacity": {"storage": "2Gi"}, "accessModes": ["ReadWriteOnce"],
                 "awsElasticBlockStore": {"volumeID": "aws://us-east-1a/vol-0c3f9a7d2e1b45f86", "fsType": "ext4"},
                 "claimRef": {"namespace": ns, "name": pvc},
                 "nodeAffinity": {"required": {"nodeSelectorTerms": [{"matchExpressions": [
                     {"key": zone, "operator": "In", "values": ["us-east-1a"]},
                     {"key": "failure-domain.beta.kubernetes.io/region", "operator": "In", "values": ["us-east-1"]}]}]}}},
        "status": {"phase": "Bound"}}]
    w.ns_custom[("persistentvolumeclaims", ns)] = [{
        "apiVersion": "v1", "kind": "PersistentVolumeClaim",
        "metadata": {"name": pvc, "namespace": ns, "annotations": {"pv.kubernetes.io/bind-completed": "yes",
                                                                   "volume.beta.kubernetes.io/storage-provisioner": "kubernetes.io/aws-ebs"}},
        "spec": {"storageClassName": "gp2", "accessModes": ["ReadWriteOnce"], "resources": {"requests": {"storage": "2Gi"}},
                 "volumeName": pv},
        "status": {"phase": "Bound", "capacity": {"storage": "2Gi"}, "accessModes": ["ReadWriteOnce"]}}]
    msg = ("0/6 nodes are available: 1 node(s) had volume node affinity conflict, 2 Insufficient nvidia.com/gpu, "
           "3 node(s) had taint {node-role.kubernetes.io/master: }, that the pod didn't tolerate.")
    pending_gpu_pod(w, ns, pod, msg, image="quay.io/thoth-station/s2i-tensorflow-gpu-notebook:latest", container="notebook",
                    labels={"app": "jupyterhub", "component": "singleuser-server"}, cpu="1", memory="4Gi",
                    volumes=[{"name": "data", "persistentVolumeClaim": {"claimName": pvc}}],
                    mounts=[{"name": "data", "mountPath": "/opt/app-root/src"}])
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=8)
    w.target("Pod", ns, pod)


@case("fo006", "volcano_queue_overused_blocks_other_resources", pod_subj("v100-infer-job-worker-0", "ml"),
      "Kubernetes v1.19 with the Volcano scheduler v1.2 (proportion plugin) in volcano-system and one queue "
      "`default` (queues.scheduling.volcano.sh status shown as custom resource); two tesla-p4 GPU nodes (extended "
      "resource nvidia.com/gpu-tesla-p4, 2 each, all allocated to Running p4 job pods), one v100 node "
      "(nvidia.com/gpu-tesla-v100 2, free) with free CPU; a v100 GPU job pod and a CPU-only job pod of the same "
      "queue are Pending with volcano's Unschedulable / FailedScheduling events (wordings illustrative, after the "
      "reporter's 'reports cluster resources insufficient'). The title is NOT in the bundle. Resource names, sizes "
      "and names are assumed.")
def _(w, t):
    w.git_version = "v1.19.7"
    kv = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1160.el7.x86_64",
          "containerRuntimeVersion": "docker://19.3.15", "kubeletVersion": "v1.19.7"}
    info(w.node("master-01", cpu="8", memory="16266340Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    p4 = ["gpu-p4-01", "gpu-p4-02"]
    for nm in p4:
        info(w.node(nm, gpus=2, resource="nvidia.com/gpu-tesla-p4", cpu="32", memory="131746668Ki",
                    labels={"gpu-type": "tesla-p4"}), **kv)
    v100 = "gpu-v100-01"
    info(w.node(v100, gpus=2, resource="nvidia.com/gpu-tesla-v100", cpu="32", memory="263577104Ki",
                labels={"gpu-type": "tesla-v100"}), **kv)
    vimg = "volcanosh/vc-scheduler:v1.2.0"
    deploy_pod(w, "volcano-system", "volcano-scheduler-7d9f8c6b5", "volcano-scheduler-7d9f8c6b5-k2m9x", "master-01",
               containers=("volcano-scheduler",), image=vimg, labels={"app": "volcano-scheduler"},
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    ns = "ml"
    pgs = []
    for i, nm in enumerate(p4 * 2):
        pod = f"p4-train-job{i}-worker-0"
        w.pod(ns, pod, node=nm, gpu=1, resource="nvidia.com/gpu-tesla-p4", containers=("worker",), image="pytorch/pytorch:1.8.0-cuda11.1-cudnn8-runtime",
              scheduler="volcano", labels={"volcano.sh/job-name": f"p4-train-job{i}"}, cpu="4", memory="16Gi",
              owner=("Job", f"p4-train-job{i}"))
        pgs.append({"apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
                    "metadata": {"name": f"p4-train-job{i}", "namespace": ns},
                    "spec": {"minMember": 1, "queue": "default"}, "status": {"phase": "Running", "running": 1}})
    msg = "0/4 nodes are unavailable: 4 node(s) resource fit failed."
    for job, res, gpu in (("v100-infer-job", "nvidia.com/gpu-tesla-v100", 1), ("cpu-etl-job", "nvidia.com/gpu", 0)):
        pod = f"{job}-worker-0"
        pending_gpu_pod(w, ns, pod, msg, gpu=gpu, resource=res, scheduler="volcano", container="worker",
                        image="pytorch/pytorch:1.8.0-cuda11.1-cudnn8-runtime" if gpu else "python:3.8-slim",
                        labels={"volcano.sh/job-name": job}, cpu="4", memory="16Gi", owner=("Job", job))
        w.event(ns, "Pod", pod, "FailedScheduling", msg, component="volcano", count=30)
        pgs.append({"apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
                    "metadata": {"name": job, "namespace": ns}, "spec": {"minMember": 1, "queue": "default"},
                    "status": {"phase": "Pending", "conditions": [{"type": "Unschedulable", "status": "True",
                                                                   "reason": "NotEnoughResources",
                                                                   "message": "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 1 minAvailable",
                                                                   "lastTransitionTime": "2026-11-29T14:20:00Z"}]}})
        w.event(ns, "PodGroup", job, "Unschedulable",
                "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 1 minAvailable", component="volcano", count=30)
    w.ns_custom[("podgroups.scheduling.volcano.sh", ns)] = pgs
    w.custom["queues.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "Queue", "metadata": {"name": "default"},
        "spec": {"reclaimable": True, "weight": 1},
        "status": {"state": "Open", "running": 4, "pending": 2}}]
    w.target("Pod", ns, "v100-infer-job-worker-0")


@case("fo007", "eks_gpu_nodegroup_stops_scaling_from_zero", pod_subj("orbit-gpu-notebook-7f9c6d8b5-p4k2x", "orbit-lake-user"),
      "EKS v1.19 (AWS Orbit Workbench) with two m5.2xlarge nodes of the primary node group and a GPU node group "
      "(g4dn.xlarge ASG, min 0) at 0 nodes; cluster-autoscaler v1.19.1 runs in kube-system; a GPU notebook pod "
      "(nvidia.com/gpu 1) has been Pending for a while with the scheduler's Insufficient nvidia.com/gpu and the "
      "autoscaler's generic NotTriggerScaleUp (no reason invented; wordings illustrative). The reporter's sentences "
      "are NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.19.8-eks-96780e"
    kv = dict(EKS_KV, osImage="Amazon Linux 2", kernelVersion="5.4.110-54.189.amzn2.x86_64",
              containerRuntimeVersion="docker://19.3.13", kubeletVersion="v1.19.6-eks-49a6c0")
    workers = ["ip-10-112-10-41.us-west-2.compute.internal", "ip-10-112-11-87.us-west-2.compute.internal"]
    for nm in workers:
        info(w.node(nm, cpu="8", memory="32408748Ki", labels={"eks.amazonaws.com/nodegroup": "primary-compute",
                                                              "node.kubernetes.io/instance-type": "m5.2xlarge",
                                                              "topology.kubernetes.io/zone": "us-west-2a"}), **kv)
    ca = "cluster-autoscaler-5d8c7b9f6-q2w8z"
    deploy_pod(w, KS, "cluster-autoscaler-5d8c7b9f6", ca, workers[0], containers=("cluster-autoscaler",),
               image="k8s.gcr.io/autoscaling/cluster-autoscaler:v1.19.1", labels={"app": "cluster-autoscaler"})
    ns, pod = "orbit-lake-user", "orbit-gpu-notebook-7f9c6d8b5-p4k2x"
    msg = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."
    pending_gpu_pod(w, ns, pod, msg, owner=("ReplicaSet", "orbit-gpu-notebook-7f9c6d8b5"), tolerations=GPU_TOLERATION,
                    image="public.ecr.aws/v3o4w1g6/aws-orbit-workbench/jupyter-user:latest", container="notebook",
                    labels={"app": "orbit-gpu-notebook"}, cpu="2", memory="8Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=57)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp", "pod didn't trigger scale-up (it wouldn't fit if a new node is added)",
            type="Normal", component="cluster-autoscaler", count=52)
    w.target("Pod", ns, pod)


@case("fo008", "aks_gpu_pool_max_one_not_scaled_from_zero", pod_subj("gpu-test-6d8f9c7b5-x2k9p", "default"),
      "AKS v1.17 with two nodes of the system pool agentpool and the user GPU pool gpupool (Standard_NC6, VMSS "
      "aks-gpupool-29545764-vmss, autoscaler min 0 / max 1) at 0 nodes; the managed cluster autoscaler is not a pod "
      "in the cluster; a GPU Deployment pod (nvidia.com/gpu 1, tolerates sku=gpu) is Pending with the scheduler's "
      "Insufficient nvidia.com/gpu, the quoted TriggeredScaleUp event and the following refusal (NotTriggerScaleUp, "
      "'1 max node group size reached'; illustrative). Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.17.9"
    kv = dict(AKS_KV, osImage="Ubuntu 16.04.7 LTS", kernelVersion="4.15.0-1092-azure",
              containerRuntimeVersion="docker://3.0.10+azure", kubeletVersion="v1.17.9")
    for i in range(2):
        info(w.node(f"aks-agentpool-29545764-vmss00000{i}", cpu="2", memory="7113152Ki",
                    labels={"agentpool": "agentpool", "kubernetes.azure.com/mode": "system",
                            "node.kubernetes.io/instance-type": "Standard_DS2_v2"}), **kv)
    ns, pod = "default", "gpu-test-6d8f9c7b5-x2k9p"
    msg = "0/2 nodes are available: 2 Insufficient nvidia.com/gpu."
    pending_gpu_pod(w, ns, pod, msg, owner=("ReplicaSet", "gpu-test-6d8f9c7b5"),
                    tolerations=[{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}],
                    image="mcr.microsoft.com/azuredocs/samples-tf-mnist-demo:gpu", container="gpu-test",
                    labels={"app": "gpu-test"}, cpu="2", memory="8Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.event(ns, "Pod", pod, "TriggeredScaleUp", t, type="Normal", component="cluster-autoscaler", count=1)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp",
            "pod didn't trigger scale-up (it wouldn't fit if a new node is added): 1 max node group size reached",
            type="Normal", component="cluster-autoscaler", count=11)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    placed = ("The case's text is prose (an issue title, a PR description, a reporter's sentence) that never reaches "
              "the cluster: it is NOT in the bundle, which shows only the state the thread describes."
              if case_id in TEXT_NOT_IN_BUNDLE else
              "The case's text is a rendering (kubectl describe node Capacity / Allocatable): its values become the "
              "node's status.capacity and status.allocatable."
              if case_id in RENDERED else
              "The case's text is placed verbatim where the thread says it appeared.")
    return readme_scenario("batch-o", case_id, BUILDERS[case_id], cases()[case_id], placed)


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
