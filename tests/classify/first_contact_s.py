"""First-contact batch S (fixtures/first-contact/batch-s/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled by a fixed query list (the batch README
holds the list and the sampling log), all in the scheduler layer: GKE node auto-provisioning that does not support
the requested GPU type, a Karpenter GCP provider whose GPU instances GCE refuses (live migration), a Karpenter
NodePool whose vCPU allowlist excludes every multi-GPU instance, a Volcano gang that KubeDL's DAG never completes,
an Akash provider whose GPU interface selector names a label no node has, an AKS GPU pool taint without the
ExtendedResourceToleration admission controller, a DRA claim whose ResourceClass was never created, and two GKE
Autopilot admission refusals (KubeRay's GPU-using init container, a GPU Job without an accelerator selector). Each builder places the case's text where
it appears in a cluster (or, for prose and client-side output, leaves it out) inside a world built from the `state`
the thread describes. The expected answer is reasoned from what the thread settled (`expected`, preferred first),
never from what the tool printed; the texts and expected ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_s     # (re)writes fixtures/first-contact/batch-s/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import GPU_TOLERATION, KS, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_c import EKS_KV, GKE_KV
from tests.classify.first_contact_common import ReadmeBatch
from tests.classify.first_contact_e import AKS_KV, plugin_ds
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

# prose (an issue's or PR's description) and output that never reaches the cluster (Cloud Logging, a kubectl
# client's error): the bundle carries the state only
TEXT_NOT_IN_BUNDLE = {"fs001", "fs003", "fs004", "fs005", "fs006", "fs009"}
# renderings (kubectl get pods rows): their values become the pods' phases
RENDERED = {"fs007"}


FC = ReadmeBatch("batch-s", placed=[
    (TEXT_NOT_IN_BUNDLE, "The case's text is prose (an issue's or PR's description) or output that never reaches the "
                         "cluster (Cloud Logging, a kubectl client's error): it is NOT in the bundle, which shows only "
                         "the state the thread describes."),
    (RENDERED, "The case's text is a rendering (kubectl get pods rows): its values become the pods' names and phases.")])
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def pending(w, ns: str, name: str, msg: str | None, **kw) -> dict:
    """An unscheduled pod (PodScheduled False with the scheduler's message when one is given)."""
    kw.setdefault("phase", "Pending")
    return w.pod(ns, name, scheduled_message=msg, **kw)


def gke_nodes(w, cluster: str, pool: str, n: int, kv: dict, machine: str = "e2-standard-4", zone: str = "us-central1-a",
              extra_labels: dict | None = None) -> list[str]:
    names = []
    for i, sfx in enumerate(("7k2p", "q9zd", "m4x8")[:n]):
        name = f"gke-{cluster}-{pool}-3b1f8e2c-{sfx}"
        info(w.node(name, cpu="4", memory="16374572Ki", alloc_cpu="3920m", alloc_memory="13215324Ki",
                    labels={"cloud.google.com/gke-nodepool": pool, "node.kubernetes.io/instance-type": machine,
                            "topology.kubernetes.io/zone": zone, **(extra_labels or {})}), **kv)
        names.append(name)
    return names


# =============================================================================================
# autoscalers and node provisioners
# =============================================================================================

@case("fs001", "gke_nap_l4_gpu_type_not_supported", pod_subj("l4-spot-infer-6d9f8c7b5-x2k9q", "default"),
      "GKE Standard v1.27 with node auto-provisioning enabled: two default-pool e2-standard-4 nodes, no GPU node "
      "pool; a Deployment's pod (nvidia.com/gpu 1, nodeSelector cloud.google.com/gke-accelerator=nvidia-l4 and "
      "cloud.google.com/gke-spot=true) is Pending with the scheduler's node-affinity rejection and the autoscaler's "
      "NotTriggerScaleUp (wordings illustrative); the managed autoscaler is not a pod in the cluster and its "
      "visibility log (the case's text) lives in Cloud Logging, NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.27.2-gke.1200"
    kv = dict(GKE_KV, kubeletVersion="v1.27.2-gke.1200", kernelVersion="5.15.107+", containerRuntimeVersion="containerd://1.7.0")
    gke_nodes(w, "infer", "default-pool", 2, kv)
    ns, pod = "default", "l4-spot-infer-6d9f8c7b5-x2k9q"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    pending(w, ns, pod, msg, gpu=1, containers=("infer",), image="us-docker.pkg.dev/my-project/infer/server:1.4",
            owner=("ReplicaSet", "l4-spot-infer-6d9f8c7b5"), labels={"app": "l4-spot-infer"}, tolerations=GPU_TOLERATION,
            node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4", "cloud.google.com/gke-spot": "true"})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=31)
    w.event(ns, "Pod", pod, "NotTriggerScaleUp",
            "pod didn't trigger scale-up: 1 node(s) didn't match Pod's node affinity/selector", type="Normal",
            component="cluster-autoscaler", count=29)
    w.target("Pod", ns, pod)


@case("fs002", "karpenter_gcp_gpu_instance_live_migration_refused", pod_subj("l4-test-5c8d7f9b6-7hxkq", "default"),
      "GKE v1.33 with the cloudpilot-ai Karpenter GCP provider in namespace karpenter: two CPU nodes; GCENodeClass "
      "`test` (COS, kube-label cloud.google.com/gke-gpu-driver-version=latest) and NodePool `default-nodepool` "
      "(on-demand, node label cloud.google.com/gke-accelerator=nvidia-l4) as custom resources; NodeClaim "
      "default-nodepool-g2gz4 (g2-standard-16, europe-west6-b) not launched; the Karpenter controller's log holds the "
      "case's line verbatim between illustrative info lines and a retry; the GPU pod (nvidia.com/gpu 1) is Pending "
      "with the scheduler's Insufficient/affinity message and Karpenter's Nominated event (illustrative). Names and "
      "versions other than the quoted ones are assumed.")
def _(w, t):
    w.git_version = "v1.33.5-gke.1080000"
    kv = dict(GKE_KV, kubeletVersion="v1.33.5-gke.1080000", kernelVersion="6.6.97+", containerRuntimeVersion="containerd://2.0.6")
    cpu = gke_nodes(w, "karp", "default-pool", 2, kv, zone="europe-west6-b")
    kns, kpod = "karpenter", "karpenter-7f9c6d8b5-q2w8z"
    deploy_pod(w, kns, "karpenter-7f9c6d8b5", kpod, cpu[0], containers=("controller",),
               image="public.ecr.aws/cloudpilotai/gcp/karpenter:v0.1.3", labels={"app.kubernetes.io/name": "karpenter"})
    retry = t.replace("2025-12-03T15:11:22.615Z", "2025-12-03T15:11:37.902Z").replace(
        "53848e9e-86df-40e1-b80d-2aef4d735436", "0b9d2e41-6c7a-4f15-9a3e-8d1c5b7e2f60")
    w.log(kns, kpod, "controller",
          '{"level":"INFO","time":"2025-12-03T15:11:20.104Z","logger":"controller","message":"found provisionable pod(s)",'
          '"commit":"ad87e6e-dirty","controller":"provisioner","Pods":"default/l4-test-5c8d7f9b6-7hxkq","duration":"41.3ms"}\n'
          '{"level":"INFO","time":"2025-12-03T15:11:20.104Z","logger":"controller","message":"computed new nodeclaim(s) to fit pod(s)",'
          '"commit":"ad87e6e-dirty","controller":"provisioner","nodeclaims":1,"pods":1}\n'
          '{"level":"INFO","time":"2025-12-03T15:11:20.131Z","logger":"controller","message":"created nodeclaim",'
          '"commit":"ad87e6e-dirty","controller":"provisioner","NodePool":{"name":"default-nodepool"},'
          '"NodeClaim":{"name":"default-nodepool-g2gz4"},"requests":{"cpu":"4150m","memory":"16640Mi","nvidia.com/gpu":"1","pods":"6"},'
          '"instance-types":"g2-standard-16"}\n'
          + t + "\n" + retry + "\n")
    w.custom["gcenodeclasses.karpenter.k8s.gcp"] = [{
        "apiVersion": "karpenter.k8s.gcp/v1alpha1", "kind": "GCENodeClass", "metadata": {"name": "test"},
        "spec": {"imageSelectorTerms": [{"alias": "ContainerOptimizedOS@latest"}], "labels": {"env": "dev"},
                 "metadata": {"kube-labels": "cloud.google.com/gke-gpu-driver-version=latest"},
                 "disks": [{"category": "pd-balanced", "sizeGiB": 100, "boot": True}]}}]
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "default-nodepool"},
        "spec": {"template": {"metadata": {"labels": {"cloud.google.com/gke-accelerator": "nvidia-l4"}},
                              "spec": {"nodeClassRef": {"group": "karpenter.k8s.gcp", "kind": "GCENodeClass", "name": "test"},
                                       "requirements": [
                                           {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]},
                                           {"key": "node.kubernetes.io/instance-type", "operator": "In", "values": ["g2-standard-16"]}],
                                       "taints": [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]}}},
        "status": {"resources": {"cpu": "0", "memory": "0", "nodes": "0"}}}]
    w.custom["nodeclaims.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodeClaim",
        "metadata": {"name": "default-nodepool-g2gz4", "labels": {"karpenter.sh/nodepool": "default-nodepool",
                                                                   "node.kubernetes.io/instance-type": "g2-standard-16",
                                                                   "topology.kubernetes.io/zone": "europe-west6-b"}},
        "spec": {"nodeClassRef": {"group": "karpenter.k8s.gcp", "kind": "GCENodeClass", "name": "test"},
                 "resources": {"requests": {"cpu": "4150m", "memory": "16640Mi", "nvidia.com/gpu": "1", "pods": "6"}}},
        "status": {"conditions": [
            {"type": "Launched", "status": "False", "reason": "LaunchFailed", "lastTransitionTime": T1,
             "message": "googleapi: Error 400: Instances with guest accelerators do not support live migration., badRequest"},
            {"type": "Ready", "status": "Unknown", "reason": "AwaitingReconciliation", "lastTransitionTime": T0,
             "message": "object is awaiting reconciliation"}]}}]
    ns, pod = "default", "l4-test-5c8d7f9b6-7hxkq"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    pending(w, ns, pod, msg, gpu=1, containers=("cuda",), image="nvcr.io/nvidia/k8s/cuda-sample:vectoradd-cuda12.5.0",
            owner=("ReplicaSet", "l4-test-5c8d7f9b6"), labels={"app": "l4-test"}, tolerations=GPU_TOLERATION,
            node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=17)
    w.event(ns, "Pod", pod, "Nominated", "Pod should schedule on: nodeclaim/default-nodepool-g2gz4", type="Normal",
            component="karpenter", count=3)
    w.target("Pod", ns, pod)


@case("fs003", "karpenter_vcpu_allowlist_excludes_multi_gpu_instances", pod_subj("jupyter-alice", "jupyter"),
      "EKS v1.33 deployed by jupyter-deploy with Karpenter in kube-system: two m7i.xlarge system nodes; NodePool "
      "`gpu-p4d` rendered by the karpenter-nodepools chart (instance-family In [p4d], instance-cpu In [2,4,8,16,32], "
      "nvidia.com/gpu taint) as a custom resource, no NodeClaim; the JupyterHub workspace pod jupyter-alice "
      "(nvidia.com/gpu 1, nodeSelector for the pool) is Pending with the scheduler's message and Karpenter's "
      "FailedScheduling event (illustrative wordings). The issue's sentences are NOT in the bundle. Names and "
      "versions are assumed.")
def _(w, t):
    w.git_version = "v1.33.4-eks-e386d34"
    kv = dict(EKS_KV, kubeletVersion="v1.33.4-eks-e386d34")
    sysn = []
    for i, z in enumerate(("us-west-2a", "us-west-2b")):
        name = f"ip-10-0-{40 + i}-{110 + i}.us-west-2.compute.internal"
        info(w.node(name, cpu="4", memory="15896284Ki", labels={"eks.amazonaws.com/nodegroup": "system",
                                                                "node.kubernetes.io/instance-type": "m7i.xlarge",
                                                                "topology.kubernetes.io/zone": z}), **kv)
        sysn.append(name)
    deploy_pod(w, KS, "karpenter-6b8d9f7c5", "karpenter-6b8d9f7c5-m2k7x", sysn[0], containers=("controller",),
               image="public.ecr.aws/karpenter/controller:1.6.1", labels={"app.kubernetes.io/name": "karpenter"})
    req = [{"key": "karpenter.k8s.aws/instance-family", "operator": "In", "values": ["p4d"]},
           {"key": "karpenter.k8s.aws/instance-cpu", "operator": "In", "values": ["2", "4", "8", "16", "32"]},
           {"key": "karpenter.sh/capacity-type", "operator": "In", "values": ["on-demand"]},
           {"key": "kubernetes.io/arch", "operator": "In", "values": ["amd64"]}]
    w.custom["nodepools.karpenter.sh"] = [{
        "apiVersion": "karpenter.sh/v1", "kind": "NodePool", "metadata": {"name": "gpu-p4d"},
        "spec": {"limits": {"nvidia.com/gpu": "16"},
                 "template": {"metadata": {"labels": {"jupyter-deploy/pool": "gpu-p4d"}},
                              "spec": {"nodeClassRef": {"group": "karpenter.k8s.aws", "kind": "EC2NodeClass", "name": "gpu"},
                                       "requirements": req,
                                       "taints": [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]}}},
        "status": {"resources": {"cpu": "0", "memory": "0", "nodes": "0"},
                   "conditions": [{"type": "Ready", "status": "True", "reason": "Ready", "lastTransitionTime": T0}]}}]
    ns, pod = "jupyter", "jupyter-alice"
    msg = ("0/2 nodes are available: 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/2 nodes are "
           "available: 2 Preemption is not helpful for scheduling.")
    pending(w, ns, pod, msg, gpu=1, containers=("notebook",), image="quay.io/jupyter/pytorch-notebook:cuda12-2025-08-25",
            labels={"app": "jupyterhub", "component": "singleuser-server"}, cpu="8", memory="64Gi",
            tolerations=[{"key": "nvidia.com/gpu", "operator": "Equal", "value": "true", "effect": "NoSchedule"}],
            node_selector={"jupyter-deploy/pool": "gpu-p4d"})
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=22)
    w.event(ns, "Pod", pod, "FailedScheduling",
            'Failed to schedule pod, incompatible with nodepool "gpu-p4d", daemonset overhead={"cpu":"230m","memory":"360Mi","pods":"5"}, '
            'no instance type satisfied resources {"cpu":"8230m","memory":"65896Mi","nvidia.com/gpu":"1","pods":"6"} and '
            'requirements jupyter-deploy/pool In [gpu-p4d], karpenter.k8s.aws/instance-cpu In [16 2 32 4 8], '
            'karpenter.k8s.aws/instance-family In [p4d], karpenter.sh/capacity-type In [on-demand], '
            'karpenter.sh/nodepool In [gpu-p4d], kubernetes.io/arch In [amd64] (no instance type met the scheduling requirements)',
            component="karpenter", count=21)
    w.target("Pod", ns, pod)


# =============================================================================================
# batch schedulers, selectors, taints, DRA
# =============================================================================================

@case("fs004", "volcano_gang_waits_for_kubedl_dag_worker", pod_subj("pytorch-dist-mnist-nccl-master-0", "default"),
      "Kubernetes v1.20 with Volcano v1.4 (volcano-system) and KubeDL (kubedl-system); two GPU nodes with one free "
      "Tesla T4 each (nvidia.com/gpu 1, device plugin running); the PyTorchJob pytorch-dist-mnist-nccl (master 1 + "
      "worker 1, nvidia.com/gpu 1 each) has PodGroup minMember 2 (status Pending, Unschedulable condition) and only its "
      "master pod, Pending with Volcano's gang events (wordings illustrative); the worker pod is not created (KubeDL "
      "DAG waits for the master). The reporter's sentences are NOT in the bundle. GPU model, names and versions are "
      "assumed.")
def _(w, t):
    w.git_version = "v1.20.11"
    kv = {"osImage": "Ubuntu 20.04.3 LTS", "kernelVersion": "5.4.0-91-generic",
          "containerRuntimeVersion": "docker://20.10.12", "kubeletVersion": "v1.20.11"}
    info(w.node("k8s-master-01", cpu="8", memory="16266340Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    gpu_nodes = ["gpu-node-01", "gpu-node-02"]
    for nm in gpu_nodes:
        info(w.node(nm, gpus=1, cpu="32", memory="131746668Ki", labels={"nvidia.com/gpu.product": "Tesla-T4"}), **kv)
    plugin_ds(w, KS, [(gpu_nodes[0], "nvidia-device-plugin-daemonset-4xk2p"), (gpu_nodes[1], "nvidia-device-plugin-daemonset-r7m9q")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.10.0")
    deploy_pod(w, "volcano-system", "volcano-scheduler-6d9c8b7f5", "volcano-scheduler-6d9c8b7f5-z2q8k", gpu_nodes[0],
               containers=("volcano-scheduler",), image="volcanosh/vc-scheduler:v1.4.0", labels={"app": "volcano-scheduler"})
    deploy_pod(w, "kubedl-system", "kubedl-5f7b9c8d6", "kubedl-5f7b9c8d6-p4w2x", gpu_nodes[1], containers=("kubedl-manager",),
               image="kubedl/kubedl:0.4.1", labels={"app": "kubedl"})
    ns, job = "default", "pytorch-dist-mnist-nccl"
    pod = f"{job}-master-0"
    msg = "1/1 tasks in gang unschedulable: pod group is not ready, 1 Pending, 2 minAvailable; Pending: 1 Undetermined"
    pending(w, ns, pod, None, gpu=1, containers=("pytorch",), scheduler="volcano",
            image="pudu-repository.tencentcloudcr.com/pudu-common/cv:kubeflow-pytorch-dist-mnist-test",
            labels={"group-name": "training.kubedl.io", "job-name": job, "job-role": "master", "replica-index": "0",
                    "replica-type": "master"},
            owner=("PyTorchJob", job),
            env=[{"name": "MASTER_PORT", "value": "23456"}, {"name": "MASTER_ADDR", "value": "localhost"},
                 {"name": "WORLD_SIZE", "value": "2"}, {"name": "RANK", "value": "0"}])
    p = w.get_pod(ns, pod)
    p["metadata"]["annotations"] = {"scheduling.k8s.io/group-name": job, "sidecar.istio.io/inject": "false"}
    p["metadata"]["ownerReferences"][0]["apiVersion"] = "training.kubedl.io/v1alpha1"
    p["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "Unschedulable", "message": msg,
                                  "lastTransitionTime": T1}]
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="volcano", count=64)
    w.event(ns, "PodGroup", job, "Unschedulable", msg, component="volcano", count=64)
    w.ns_custom[("podgroups.scheduling.volcano.sh", ns)] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
        "metadata": {"name": job, "namespace": ns, "ownerReferences": [
            {"apiVersion": "training.kubedl.io/v1alpha1", "kind": "PyTorchJob", "name": job, "controller": True}]},
        "spec": {"minMember": 2, "queue": "default", "minResources": {"nvidia.com/gpu": "2"}},
        "status": {"phase": "Pending", "conditions": [{"type": "Unschedulable", "status": "True", "reason": "NotEnoughResources",
                                                        "message": msg, "lastTransitionTime": T1}]}}]
    w.ns_custom[("pytorchjobs.training.kubedl.io", ns)] = [{
        "apiVersion": "training.kubedl.io/v1alpha1", "kind": "PyTorchJob", "metadata": {"name": job, "namespace": ns},
        "spec": {"pytorchReplicaSpecs": {
            r: {"replicas": 1, "restartPolicy": "OnFailure", "template": {"spec": {"containers": [{
                "name": "pytorch", "image": "pudu-repository.tencentcloudcr.com/pudu-common/cv:kubeflow-pytorch-dist-mnist-test",
                "args": ["--backend", "nccl"], "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}
            for r in ("Master", "Worker")}},
        "status": {"conditions": [{"type": "Created", "status": "True", "reason": "JobCreated", "lastTransitionTime": T0}],
                   "replicaStatuses": {"Master": {}, "Worker": {}}}}]
    w.custom["queues.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "Queue", "metadata": {"name": "default"},
        "spec": {"reclaimable": True, "weight": 1}, "status": {"state": "Open", "pending": 1}}]
    w.target("Pod", ns, pod)


AKASH_KV = {"osImage": "Ubuntu 24.04.2 LTS", "kernelVersion": "6.8.0-60-generic",
            "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.32.5"}
AKASH_GPU = "akash.network/capabilities.gpu.vendor.nvidia.model.a100"


@case("fs005", "akash_gpu_interface_selector_keyed_by_memory", pod_subj("web-6f8d7c9b5-q4x2m", "k2v8c1q9f3n5r7t0a4e6h"),
      "Akash provider on Kubernetes v1.32: a control-plane node and two GPU nodes (nvidia.com/gpu 8 A100 80GB PCIe, "
      "device plugin running) labelled by the inventory operator with akash.network/capabilities.gpu.vendor.nvidia."
      "model.a100 (and .ram.80Gi, .interface.pcie); a lease's Deployment pod (nvidia.com/gpu 1) in the lease "
      "namespace carries a required node affinity on ...model.a100.interface.80Gi (the key the builder wrote) and is "
      "Pending with the scheduler's affinity mismatch (wording illustrative). The PR description is NOT in the "
      "bundle. The label prefix, the requirement's operator and all names are assumed.")
def _(w, t):
    w.git_version = "v1.32.5"
    info(w.node("node1", cpu="16", memory="65842312Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **AKASH_KV)
    gpus = ["node2", "node3"]
    for nm in gpus:
        info(w.node(nm, gpus=8, cpu="128", memory="1056473844Ki",
                    labels={"akash.network": "true", AKASH_GPU: "8", f"{AKASH_GPU}.ram.80Gi": "8",
                            f"{AKASH_GPU}.interface.pcie": "8", "nvidia.com/gpu.present": "true"}), **AKASH_KV)
    plugin_ds(w, KS, [(gpus[0], "nvidia-device-plugin-9wq2k"), (gpus[1], "nvidia-device-plugin-t6m4p")],
              "nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    ns, pod = "k2v8c1q9f3n5r7t0a4e6h", "web-6f8d7c9b5-q4x2m"
    aff = {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [{"matchExpressions": [
        {"key": "akash.network", "operator": "In", "values": ["true"]},
        {"key": AKASH_GPU, "operator": "Exists"},
        {"key": f"{AKASH_GPU}.ram.80Gi", "operator": "Exists"},
        {"key": f"{AKASH_GPU}.interface.80Gi", "operator": "Exists"}]}]}}}
    msg = ("0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) "
           "didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful "
           "for scheduling.")
    pending(w, ns, pod, msg, gpu=1, containers=("web",), image="vllm/vllm-openai:v0.9.2", affinity=aff,
            owner=("ReplicaSet", "web-6f8d7c9b5"), labels={"akash.network/manifest-service": "web", "akash.network": "true"},
            cpu="8", memory="64Gi")
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=12)
    w.target("Pod", ns, pod)


@case("fs006", "aks_gpu_pool_taint_without_extended_resource_toleration", pod_subj("cuda-job-x7k2q", "default"),
      "AKS v1.15 with two node pools: `default` (2 x Standard_D4s_v3) and `gpu` (1 x Standard_NC6, tainted "
      "nvidia.com/gpu=present:NoSchedule, nvidia.com/gpu 1 advertised); the NVIDIA device plugin DaemonSet "
      "(tolerates the taint) runs on the GPU node; a Job's pod requesting nvidia.com/gpu 1 without a toleration for "
      "the taint is Pending with the scheduler's untolerated-taint message (v1.15 wording, illustrative). The "
      "reporter's sentence is NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.15.7"
    kv = dict(AKS_KV, osImage="Ubuntu 16.04.6 LTS", kernelVersion="4.15.0-1069-azure",
              containerRuntimeVersion="docker://3.0.8", kubeletVersion="v1.15.7")
    for i in range(2):
        info(w.node(f"aks-default-27182818-vmss00000{i}", cpu="4", memory="16393340Ki",
                    labels={"agentpool": "default", "node.kubernetes.io/instance-type": "Standard_D4s_v3"}), **kv)
    gpu = "aks-gpu-27182818-vmss000000"
    info(w.node(gpu, gpus=1, cpu="6", memory="57691600Ki", labels={"agentpool": "gpu", "accelerator": "nvidia",
                                                                   "node.kubernetes.io/instance-type": "Standard_NC6"},
                taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]), **kv)
    plugin_ds(w, KS, [(gpu, "nvidia-device-plugin-daemonset-h8w2n")], "nvidia/k8s-device-plugin:1.11")
    ns, pod = "default", "cuda-job-x7k2q"
    msg = ("0/3 nodes are available: 1 node(s) had taints that the pod didn't tolerate, 2 Insufficient nvidia.com/gpu.")
    pending(w, ns, pod, msg, gpu=1, containers=("cuda",), image="nvidia/cuda:10.1-base", owner=("Job", "cuda-job"),
            labels={"job-name": "cuda-job"}, cpu="1", memory="2Gi")
    w.get_pod(ns, pod)["spec"]["restartPolicy"] = "Never"
    w.event(ns, "Pod", pod, "FailedScheduling", msg, component="default-scheduler", count=9)
    w.target("Pod", ns, pod)


@case("fs007", "dra_claim_resourceclass_never_created", pod_subj("pod1", "gpu-test3"),
      "kind cluster (Kubernetes v1.30, DynamicResourceAllocation enabled, classic DRA resource.k8s.io/v1alpha2): a "
      "control-plane node and a worker node with GPUs; the NVIDIA DRA driver's controller and kubelet-plugin pods run "
      "in nvidia-dra-driver; no ResourceClass gpu.nvidia.com exists; in namespace gpu-test3 the global ResourceClaim "
      "shared-gpu (resourceClassName gpu.nvidia.com) is unallocated and pods pod1 and pod2 (phase Pending, as the "
      "pasted rows show) wait with an illustrative FailedScheduling message. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.30.0"
    kv = {"osImage": "Debian GNU/Linux 12 (bookworm)", "kernelVersion": "5.15.0-113-generic",
          "containerRuntimeVersion": "containerd://1.7.15", "kubeletVersion": "v1.30.0"}
    info(w.node("k8s-dra-driver-cluster-control-plane", cpu="16", memory="65842312Ki",
                labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}]), **kv)
    worker = "k8s-dra-driver-cluster-worker"
    info(w.node(worker, cpu="16", memory="65842312Ki", labels={"nvidia.com/gpu.present": "true"}), **kv)
    dns, img = "nvidia-dra-driver", "nvcr.io/nvidia/cloud-native/k8s-dra-driver:v0.1.0"
    deploy_pod(w, dns, "nvidia-dra-driver-k8s-dra-driver-controller-6d8f7c9b5", "nvidia-dra-driver-k8s-dra-driver-controller-6d8f7c9b5-x2k7q",
               worker, containers=("controller",), image=img, labels={"app.kubernetes.io/name": "k8s-dra-driver"})
    daemonset(w, dns, "nvidia-dra-driver-k8s-dra-driver-kubelet-plugin", desired=1, containers=[("plugin", img)],
              node_selector={"nvidia.com/gpu.present": "true"}, labels={"app.kubernetes.io/name": "k8s-dra-driver"})
    ds_pod(w, dns, "nvidia-dra-driver-k8s-dra-driver-kubelet-plugin", "nvidia-dra-driver-k8s-dra-driver-kubelet-plugin-8wmmz",
           worker, containers=("plugin",), image=img)
    ns = "gpu-test3"
    msg = 'resourceclass.resource.k8s.io "gpu.nvidia.com" not found'
    rows = [line.split() for line in t.splitlines()[1:]]
    for name, _ready, phase, _restarts, _age in rows:
        p = w.pod(ns, name, gpu=0, containers=("ctr",), image="ubuntu:22.04", phase=phase, scheduled_message=msg,
                  labels={"app": "pod"}, extra_spec={"resourceClaims": [{"name": "shared-gpu",
                                                                          "source": {"resourceClaimName": "shared-gpu"}}]})
        p["spec"]["containers"][0]["resources"] = {"claims": [{"name": "shared-gpu"}]}
        p["spec"]["containers"][0]["command"] = ["bash", "-c"]
        p["spec"]["containers"][0]["args"] = ["nvidia-smi -L; trap 'exit 0' TERM; sleep 9999 & wait"]
        w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=5)
    w.ns_custom[("resourceclaims.resource.k8s.io", ns)] = [{
        "apiVersion": "resource.k8s.io/v1alpha2", "kind": "ResourceClaim",
        "metadata": {"name": "shared-gpu", "namespace": ns, "creationTimestamp": T0},
        "spec": {"resourceClassName": "gpu.nvidia.com", "allocationMode": "WaitForFirstConsumer"},
        "status": {}}]
    w.custom["resourceclasses.resource.k8s.io"] = []
    w.target("Pod", ns, "pod1")


# =============================================================================================
# admission refusals (GKE Autopilot)
# =============================================================================================

AUTOPILOT_KV = dict(GKE_KV, kubeletVersion="v1.31.5-gke.1233000", kernelVersion="6.6.72+", containerRuntimeVersion="containerd://1.7.24")


def autopilot_nodes(w, cluster: str, **kv) -> None:
    kv = dict(AUTOPILOT_KV, **kv)
    for i, sfx in enumerate(("x7k2", "m9q4")):
        info(w.node(f"gk3-{cluster}-pool-2-{'a1b2c3d4' if i == 0 else 'e5f6a7b8'}-{sfx}", cpu="4", memory="16374572Ki",
                    alloc_cpu="3920m", alloc_memory="13215324Ki",
                    labels={"cloud.google.com/gke-nodepool": "pool-2", "cloud.google.com/machine-family": "e2",
                            "node.kubernetes.io/instance-type": "e2-standard-4", "topology.kubernetes.io/zone": "us-central1-c",
                            "cloud.google.com/gke-provisioning": "standard"}), **kv)


@case("fs009", "gke_autopilot_warden_refuses_gpu_job_without_accelerator", {"kind": "Job", "namespace": "default", "name": "sample-job"},
      "GKE Autopilot v1.31: two general-purpose Autopilot nodes, no GPU node; the tutorial's Job default/sample-job "
      "(nvidia.com/gpu, nodeSelector cloud.google.com/gke-nodepool) was refused by GKE Warden at creation, so the "
      "namespace holds no Job and no pod (the bundle's target is the Job that does not exist). The kubectl error "
      "(the case's text) is client-side output and NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.31.5-gke.1233000"
    autopilot_nodes(w, "dws-autopilot")
    w.pods.setdefault("default", [])
    w.events.setdefault("default", [])
    w.workloads[("jobs", "default")] = []          # the Job list call answers with no items
    w.target("Job", "default", "sample-job")


@case("fs008", "kuberay_gpu_init_container_refused_by_autopilot", {"kind": "RayCluster", "namespace": "default", "name": "raycluster-gpu"},
      "GKE Autopilot v1.27: two general-purpose nodes; the KubeRay operator v0.6.0 runs in ray-system and its log "
      "carries the refusal; RayCluster default/raycluster-gpu (CPU head, GPU worker group `gpu-group` with 1 "
      "replica, nvidia.com/gpu 1, nodeSelector gke-accelerator nvidia-tesla-t4) as a custom resource with status "
      "state failed and the refusal in status.reason; the head pod runs, no worker pod exists; the operator's "
      "Warning event on the RayCluster carries the refusal. The admission wording around the quoted message, the "
      "event reason and the log line are illustrative. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.27.3-gke.100"
    autopilot_nodes(w, "ray-autopilot", kubeletVersion="v1.27.3-gke.100", kernelVersion="5.15.109+",
                    containerRuntimeVersion="containerd://1.7.0")
    node = "gk3-ray-autopilot-pool-2-a1b2c3d4-x7k2"
    refusal = ('admission webhook "warden-validating.common-webhooks.networking.gke.io" denied the request: GKE Warden '
               'rejected the request because it violates one or more constraints.\nViolations details: '
               '{"[denied by autogke-gpu-init-container-limitation]":["' + t + '"]}')
    opns, oppod = "ray-system", "kuberay-operator-7b9d6c8f5-q2k7x"
    deploy_pod(w, opns, "kuberay-operator-7b9d6c8f5", oppod, node, containers=("kuberay-operator",),
               image="kuberay/operator:v0.6.0", labels={"app.kubernetes.io/name": "kuberay-operator"})
    w.log(opns, oppod, "kuberay-operator",
          "2023-08-17T18:02:11.412Z\tINFO\tcontrollers.RayCluster\treconcilePods\t"
          '{"Found 1 head Pod": "raycluster-gpu-head-8k2xq", "Pod status": "Running"}\n'
          "2023-08-17T18:02:11.418Z\tINFO\tcontrollers.RayCluster\treconcilePods\t"
          '{"worker Pod group": "gpu-group", "diff": 1}\n'
          "2023-08-17T18:02:11.431Z\tERROR\tcontrollers.RayCluster\tReconciling failed\t"
          '{"cluster name": "raycluster-gpu", "error": "' + refusal.replace('"', '\\"').replace("\n", "\\n") + '"}\n')
    ns, rc = "default", "raycluster-gpu"
    head = w.pod(ns, f"{rc}-head-8k2xq", node=node, gpu=0, containers=("ray-head",), image="rayproject/ray:2.6.3",
                 labels={"ray.io/cluster": rc, "ray.io/node-type": "head"}, owner=("RayCluster", rc), cpu="1", memory="2Gi")
    head["metadata"]["ownerReferences"][0]["apiVersion"] = "ray.io/v1alpha1"
    ev = w.event(ns, "RayCluster", rc, "FailedToCreateWorkerPod",
                 f"Failed to create worker Pod default/{rc}-worker-gpu-group-, " + refusal, component="raycluster-controller",
                 count=42)
    ev["involvedObject"]["apiVersion"] = "ray.io/v1alpha1"
    worker_tmpl = {"spec": {"nodeSelector": {"cloud.google.com/gke-accelerator": "nvidia-tesla-t4"}, "containers": [{
        "name": "ray-worker", "image": "rayproject/ray:2.6.3-gpu",
        "resources": {"limits": {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"},
                      "requests": {"cpu": "4", "memory": "16Gi", "nvidia.com/gpu": "1"}}}]}}
    w.ns_custom[("rayclusters.ray.io", ns)] = [{
        "apiVersion": "ray.io/v1alpha1", "kind": "RayCluster", "metadata": {"name": rc, "namespace": ns},
        "spec": {"rayVersion": "2.6.3",
                 "headGroupSpec": {"rayStartParams": {"dashboard-host": "0.0.0.0"}, "template": {"spec": {"containers": [{
                     "name": "ray-head", "image": "rayproject/ray:2.6.3",
                     "resources": {"limits": {"cpu": "1", "memory": "2Gi"}, "requests": {"cpu": "1", "memory": "2Gi"}}}]}}},
                 "workerGroupSpecs": [{"groupName": "gpu-group", "replicas": 1, "minReplicas": 1, "maxReplicas": 1,
                                       "rayStartParams": {}, "template": worker_tmpl}]},
        "status": {"state": "failed", "reason": refusal, "availableWorkerReplicas": 0, "desiredWorkerReplicas": 1,
                   "lastUpdateTime": T1, "head": {"podIP": "10.244.1.5"}}}]
    w.target("RayCluster", ns, rc)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
