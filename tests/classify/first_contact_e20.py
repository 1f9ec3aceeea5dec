"""Builds first-contact batch E20 (fixtures/first-contact/batch-e20/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of applications (vLLM, SGLang, TGI, Triton, TensorRT-LLM, Dynamo, Ray, PyTorch
distributed / NCCL) found with the search tool from the batch README's 32 fixed queries (search protocol). Both
texts are the sources' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE): fe2001 is a reviewer's
sentence in a merged pull request, fe2002 a troubleshooting log's abbreviated error line. The expected answer was
reasoned from the source (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the sources do not state (node and pod names, instance types, image tags, the other nodes and
workloads) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e20      # (re)writes fixtures/first-contact/batch-e20/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod, eks_labels, eks_plugin
from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_b import KS, host_node
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.scenario_builder import T0
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e20", "E20", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the sources' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fe2001", "fe2002"}

_GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1):
    st = {"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready, "updatedReplicas": replicas,
          "unavailableReplicas": replicas - ready}
    return w.workload("Deployment", ns, name, replicas=replicas, template_pod=p, status=st)


def _ray_owned(p: dict, cluster: str) -> dict:
    """A pod created by the KubeRay operator for RayCluster `cluster`."""
    p["metadata"]["ownerReferences"] = [{"apiVersion": "ray.io/v1", "kind": "RayCluster", "name": cluster,
                                         "uid": f"uid-raycluster-{cluster}", "controller": True,
                                         "blockOwnerDeletion": True}]
    return p


# ---- runtime: NVIDIA_VISIBLE_DEVICES=void on a Ray head that needs libcuda (awsome-distributed-ai PR#1225) -------

_MILES_IMG = "radixark/miles:v0.5.1"


@case("fe2001", pod_subj("miles-ray-head-7xk2p", "miles"),
      "EKS v1.32 (assumed; the review names no distribution, the repository's Kubernetes examples target EKS) with "
      "two p5.48xlarge GPU nodes (8 H100 each, EKS accelerated AMI: host driver and toolkit, NVIDIA the default "
      "runtime; the EKS static NVIDIA device plugin DaemonSet Running on both; instance type, names and versions "
      "assumed) and the KubeRay operator. RayCluster miles-ray in namespace miles (the custom resource is not in "
      "the bundle): the head pod miles-ray-head-7xk2p (rayStartParams num-gpus '0', no nvidia.com/gpu request, "
      "nodeSelector for the GPU node group, env NVIDIA_VISIBLE_DEVICES=void as the review quotes) Running on the "
      "first GPU node; one worker pod per GPU node with nvidia.com/gpu 8, Running. The head container's log ends "
      "with an OSError for libcuda.so.1 raised in the RolloutManager actor while importing transformer_engine "
      "(illustrative wording: the review quotes ctypes.CDLL raising OSError, not a log line).")
def _(w, t):
    ns, cluster = "miles", "miles-ray"
    nodes = ["ip-10-1-23-45.ec2.internal", "ip-10-1-67-89.ec2.internal"]
    for n in nodes:
        host_node(w, n, gpus=8, labels=eks_labels("p5.48xlarge", nodegroup="gpu-p5"))
    eks_plugin(w, [(nodes[0], "nvidia-device-plugin-daemonset-4kq7d"), (nodes[1], "nvidia-device-plugin-daemonset-x9m2c")],
               image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    op = deploy_pod(w, "kuberay-system", "kuberay-operator-6d8f7b9c5", "kuberay-operator-6d8f7b9c5-pl4wz", nodes[1],
                    containers=("kuberay-operator",), image="quay.io/kuberay/operator:v1.4.2",
                    labels={"app.kubernetes.io/name": "kuberay-operator"}, cpu="100m", memory="512Mi")
    _deployment(w, "kuberay-system", "kuberay-operator", op, ready=1)
    ray_env = [{"name": "NVIDIA_VISIBLE_DEVICES", "value": "void"},
               {"name": "RAY_CLUSTER_NAME", "value": cluster}]
    head = w.pod(ns, "miles-ray-head-7xk2p", node=nodes[0], gpu=0, containers=("ray-head",), image=_MILES_IMG,
                 labels={"ray.io/cluster": cluster, "ray.io/node-type": "head", "ray.io/group": "headgroup",
                         "app": "miles-grpo"},
                 cpu="16", memory="128Gi", env=ray_env, tolerations=_GPU_TOL,
                 node_selector={"eks.amazonaws.com/nodegroup": "gpu-p5"})
    _ray_owned(head, cluster)
    for i, (n, sfx) in enumerate(zip(nodes, ("r8t5v", "b3n6q"))):
        wk = w.pod(ns, f"miles-ray-gpu-group-worker-{sfx}", node=n, gpu=8, containers=("ray-worker",),
                   image=_MILES_IMG, labels={"ray.io/cluster": cluster, "ray.io/node-type": "worker",
                                             "ray.io/group": "gpu-group", "app": "miles-grpo"},
                   cpu="160", memory="1600Gi", tolerations=_GPU_TOL,
                   node_selector={"eks.amazonaws.com/nodegroup": "gpu-p5"})
        _ray_owned(wk, cluster)
    log = "\n".join([
        "2026-08-25 09:12:03,114\tINFO usage_lib.py:447 -- Usage stats collection is disabled.",
        "2026-08-25 09:12:03,115\tINFO scripts.py:865 -- Local node IP: 10.1.23.45",
        "2026-08-25 09:12:06,902\tSUCC scripts.py:902 -- Ray runtime started.",
        "(RolloutManager pid=2291) Traceback (most recent call last):",
        '(RolloutManager pid=2291)   File "/usr/local/lib/python3.12/dist-packages/transformer_engine/common/__init__.py", line 346, in _load_cuda_library',
        "(RolloutManager pid=2291)     return ctypes.CDLL(\"libcuda.so.1\", mode=ctypes.RTLD_GLOBAL)",
        "(RolloutManager pid=2291) OSError: libcuda.so.1: cannot open shared object file: No such file or directory",
    ])
    w.log(ns, "miles-ray-head-7xk2p", "ray-head", log + "\n")
    w.target("Pod", ns, "miles-ray-head-7xk2p")


# ---- scheduler: Triton's requests exceed a g4dn.xlarge (ml-inference-triton-aws-eks triage log) ----------------

@case("fe2002", pod_subj("triton-inference-server-6b9c7d8f54-q2xkt", "inference"),
      "EKS v1.32 (the repository deploys Triton on Amazon EKS; version assumed) with a system node group of one "
      "m5.large (2 vCPU, 8 GiB, no GPU) and a GPU node group of one g4dn.xlarge (4 vCPU, 16 GiB, 1 Tesla T4; EKS "
      "accelerated AMI with host driver and toolkit; allocatable cpu 3920m, memory about 14.8 GiB; the EKS static "
      "NVIDIA device plugin Running on it; names assumed). Triton installed with the repository's Helm chart in "
      "namespace inference (ServiceAccount triton-sa): Deployment triton-inference-server (image "
      "nvcr.io/nvidia/tritonserver:24.08-py3 assumed) whose pod requests cpu 4, memory 16Gi and nvidia.com/gpu 1 "
      "(the pre-fix values are assumed: the document gives only the reduced ones) is Pending and unbound, with the "
      "default-scheduler's FailedScheduling in its usual form (illustrative: the document abbreviates it); the T4 "
      "is not requested by any pod.")
def _(w, t):
    ns = "inference"
    sysn = "ip-192-168-12-34.ec2.internal"
    w.node(sysn, cpu="2", memory="7949892Ki", alloc_cpu="1930m", alloc_memory="7259716Ki",
           labels=eks_labels("m5.large", nodegroup="system-ng"))
    gpu = "ip-192-168-45-67.ec2.internal"
    n = host_node(w, gpu, gpus=1, labels=eks_labels("g4dn.xlarge", nodegroup="gpu-ng"))
    for res, cpu, mem in (("capacity", "4", "16090724Ki"), ("allocatable", "3920m", "15551076Ki")):
        n["status"][res].update({"cpu": cpu, "memory": mem})
    eks_plugin(w, [(gpu, "nvidia-device-plugin-daemonset-7hq2n")], image="nvcr.io/nvidia/k8s-device-plugin:v0.17.1")
    for node, sfx in ((sysn, "k2d9x"), (gpu, "m7w4p")):
        w.pod(KS, f"aws-node-{sfx}", node=node, gpu=0, containers=("aws-node", "aws-eks-nodeagent"),
              image="602401143452.dkr.ecr.us-east-1.amazonaws.com/amazon-k8s-cni:v1.19.2-eksbuild.1",
              owner=("DaemonSet", "aws-node"), labels={"k8s-app": "aws-node"}, cpu="25m", memory="64Mi")
        w.pod(KS, f"kube-proxy-{sfx}", node=node, gpu=0, containers=("kube-proxy",),
              image="602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/kube-proxy:v1.32.0-minimal-eksbuild.2",
              owner=("DaemonSet", "kube-proxy"), labels={"k8s-app": "kube-proxy"}, cpu="100m", memory="64Mi")
    for sfx in ("5f7c9", "h3k8r"):
        cd = deploy_pod(w, KS, "coredns-6b9575c64c", f"coredns-6b9575c64c-{sfx}", sysn, containers=("coredns",),
                        image="602401143452.dkr.ecr.us-east-1.amazonaws.com/eks/coredns:v1.11.4-eksbuild.2",
                        labels={"k8s-app": "kube-dns"}, cpu="100m", memory="70Mi")
    _deployment(w, KS, "coredns", cd, ready=2, replicas=2)
    name = "triton-inference-server-6b9c7d8f54-q2xkt"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 2 Insufficient cpu, 2 Insufficient memory. "
           "preemption: 0/2 nodes are available: 2 No preemption victims found for incoming pod.")
    p = w.pod(ns, name, gpu=1, containers=("triton",), image="nvcr.io/nvidia/tritonserver:24.08-py3",
              owner=("ReplicaSet", "triton-inference-server-6b9c7d8f54"),
              labels={"app.kubernetes.io/name": "triton-inference-server", "app.kubernetes.io/instance": "triton"},
              cpu="4", memory="16Gi", scheduled_message=msg, tolerations=_GPU_TOL,
              mounts=[{"name": "model-repo", "mountPath": "/models"}],
              volumes=[{"name": "model-repo", "persistentVolumeClaim": {"claimName": "triton-model-repo"}}])
    p["spec"]["serviceAccountName"] = "triton-sa"
    p["spec"]["initContainers"] = [{"name": "fetch-models", "image": "amazon/aws-cli:latest",
                                    "command": ["sh", "-c", "aws s3 sync s3://triton-models/repo /models"],
                                    "resources": {}, "volumeMounts": [{"name": "model-repo", "mountPath": "/models"}]}]
    c = p["spec"]["containers"][0]
    c["args"] = ["tritonserver", "--model-repository=/models"]
    c["resources"]["limits"].update({"cpu": "4", "memory": "16Gi"})
    _deployment(w, ns, "triton-inference-server", p, ready=0)
    w.pvcs[ns] = [{"apiVersion": "v1", "kind": "PersistentVolumeClaim",
                   "metadata": {"name": "triton-model-repo", "namespace": ns, "creationTimestamp": T0},
                   "spec": {"accessModes": ["ReadWriteMany"], "storageClassName": "efs-sc",
                            "resources": {"requests": {"storage": "50Gi"}}},
                   "status": {"phase": "Bound", "accessModes": ["ReadWriteMany"], "capacity": {"storage": "50Gi"}}}]
    w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=14)
    w.target("Pod", ns, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
