"""Builds first-contact batch C15 (fixtures/first-contact/batch-c15/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures of the driver and application layers met by a fixed list of 60 search queries over
the four corpora of the search tool (issues, pages, docs, code; the list and the log of every result are in the
batch README). All five texts are the sources' own prose and are NOT placed in the bundles (TEXT_NOT_IN_BUNDLE);
fc1503's quoted message `Bus error (core dumped)` is placed alone in the trainer's previous log. The expected
answer was reasoned from the source (`expected` in the case, preferred first) and committed before any rule change;
it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, image tags, instance types,
the other nodes and workloads) are filled in plausibly; each scenario's README says which parts are assumed.

    .venv/bin/python -m tests.classify.first_contact_c15      # (re)writes fixtures/first-contact/batch-c15/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import deploy_pod
from tests.classify.first_contact_a2 import A2World
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-c15", "C15", world=A2World)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the sources' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fc1501", "fc1502", "fc1503", "fc1504", "fc1505"}


def _gpu_node(w, name: str, gpus: int = 1, product: str = "NVIDIA-A10G", mem: int = 23028, **labels) -> dict:
    lab = {"nvidia.com/gpu.product": product, "nvidia.com/gpu.memory": str(mem)}
    lab.update(labels)
    return host_node(w, name, gpus=gpus, labels=lab)


def _plugin(w, nodes: list[str]) -> None:
    pods = [plugin_pod(w, n, f"nvidia-device-plugin-daemonset-{sfx}")
            for n, sfx in zip(nodes, ("k7x2p", "m4q9d", "t2v8s", "w6c3n"))]
    plugin_ds(w, KS, pods)


def _deployment(w, ns: str, name: str, p: dict, ready: int = 0, replicas: int = 1) -> None:
    w.workload("Deployment", ns, name, replicas=replicas, template_pod=p,
               status={"replicas": replicas, "readyReplicas": ready, "availableReplicas": ready,
                       "updatedReplicas": replicas, "unavailableReplicas": replicas - ready})


# ---- application: Llama 2 70B FP16 on two L40S runs out of GPU memory (NIM for LLMs release notes) ---------

@case("fc1501", pod_subj("llama2-70b-chat-nim-7d9f6c5b8-q4m2x", "nim"),
      "Vanilla Kubernetes v1.32 (assumed; the release notes name no platform, NIM for LLMs is documented for "
      "Kubernetes with Helm): one GPU node with two NVIDIA L40S (46068 MiB each; host driver and toolkit, NVIDIA "
      "device plugin DaemonSet 1/1 Running; node name assumed). The Deployment llama2-70b-chat-nim (namespace "
      "nim, image nvcr.io/nim/meta/llama-2-70b-chat:1.0.3, NIM_MODEL_PROFILE the vLLM FP16 tp2 profile, "
      "nvidia.com/gpu 2, /dev/shm emptyDir) has its pod bound to that node with the nim container in "
      "CrashLoopBackOff (exit code 1, restart count 4) and the kubelet's BackOff event. No log is written (the "
      "release note quotes none).")
def _(w, t):
    node = "gpu-node-l40s-01"
    _gpu_node(w, node, gpus=2, product="NVIDIA-L40S", mem=46068)
    _plugin(w, [node])
    rs = "llama2-70b-chat-nim-7d9f6c5b8"
    name = f"{rs}-q4m2x"
    env = [{"name": "NGC_API_KEY", "valueFrom": {"secretKeyRef": {"name": "ngc-api", "key": "NGC_API_KEY"}}},
           {"name": "NIM_MODEL_PROFILE", "value": "vllm-fp16-tp2"}]
    p = w.pod("nim", name, node=node, gpu=2, containers=("nim",), image="nvcr.io/nim/meta/llama-2-70b-chat:1.0.3",
              owner=("ReplicaSet", rs), labels={"app": "llama2-70b-chat-nim"}, cpu="16", memory="128Gi", env=env,
              volumes=[{"name": "dshm", "emptyDir": {"medium": "Memory", "sizeLimit": "16Gi"}}],
              mounts=[{"name": "dshm", "mountPath": "/dev/shm"}], ready=False)
    crashloop(p, "nim", restarts=4, code=1)
    backoff(w, "nim", name, "nim", node, count=7)
    _deployment(w, "nim", "llama2-70b-chat-nim", p)
    w.target("Pod", "nim", name)


# ---- application: vLLM worker crashes at model load with GMS + expert parallel (Dynamo known issues) ---------

_DYN = "dynamo-workloads"


@case("fc1502", pod_subj("moe-agg-vllmdecodeworker-5c7d9f8b6-h2k8w", _DYN),
      "Vanilla Kubernetes v1.32 (assumed; the known-issues page names no platform, Dynamo is documented with its "
      "Kubernetes operator): the Dynamo v1.3.0 operator in dynamo-system (1/1 Running) and one GPU node with 8 "
      "NVIDIA H100 80GB (host driver and toolkit, NVIDIA device plugin 1/1 Running; names assumed). The "
      "DynamoGraphDeployment moe-agg (an MoE model served by vLLM with expert parallel and the GPU Memory Service "
      "enabled; model, image tag and names assumed) has its Frontend pod Running and its VllmDecodeWorker pod (8 "
      "GPUs) with the main container in CrashLoopBackOff (exit code 1, restart count 3) and the kubelet's BackOff "
      "event. No log is written (the page quotes none).")
def _(w, t):
    node = "gpu-node-h100-01"
    _gpu_node(w, node, gpus=8, product="NVIDIA-H100-80GB-HBM3", mem=81559)
    _plugin(w, [node])
    op = deploy_pod(w, "dynamo-system", "dynamo-operator-controller-manager-6b8c9d7f5",
                    "dynamo-operator-controller-manager-6b8c9d7f5-x8r2m", node, containers=("manager",),
                    image="nvcr.io/nvidia/ai-dynamo/kubernetes-operator:1.3.0",
                    labels={"app.kubernetes.io/name": "dynamo-operator"}, cpu="100m", memory="256Mi")
    _deployment(w, "dynamo-system", "dynamo-operator-controller-manager", op, ready=1)
    img = "nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.0"
    fe = deploy_pod(w, _DYN, "moe-agg-frontend-7f6d5c9b8", "moe-agg-frontend-7f6d5c9b8-p3n7q", node,
                    containers=("main",), image=img, labels={"nvidia.com/dynamo-component": "Frontend"},
                    cpu="2", memory="4Gi")
    _deployment(w, _DYN, "moe-agg-frontend", fe, ready=1)
    rs = "moe-agg-vllmdecodeworker-5c7d9f8b6"
    name = f"{rs}-h2k8w"
    env = [{"name": "DYN_GPU_MEMORY_SERVICE", "value": "true"}]
    p = w.pod(_DYN, name, node=node, gpu=8, containers=("main",), image=img, owner=("ReplicaSet", rs),
              labels={"nvidia.com/dynamo-component": "VllmDecodeWorker"}, cpu="32", memory="400Gi", env=env,
              ready=False)
    p["spec"]["containers"][0]["args"] = ["python3 -m dynamo.vllm --model deepseek-ai/DeepSeek-V2-Lite "
                                          "--tensor-parallel-size 8 --enable-expert-parallel"]
    crashloop(p, "main", restarts=3, code=1)
    backoff(w, _DYN, name, "main", node, count=5)
    _deployment(w, _DYN, "moe-agg-vllmdecodeworker", p)
    w.target("Pod", _DYN, name)


# ---- application: DataLoader workers overflow the default 64M /dev/shm (training-on-EKS guide) -------------

@case("fc1503", pod_subj("resnet-train-0", "training"),
      "Amazon EKS v1.32 (named by the guide; instance type and names assumed): one GPU node g5.2xlarge (1 NVIDIA "
      "A10G, EKS accelerated AMI with host driver and toolkit, NVIDIA device plugin 1/1 Running). The pod "
      "resnet-train-0 (namespace training, image pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime, nvidia.com/gpu 1, "
      "DataLoader num_workers 8) mounts no emptyDir on /dev/shm, so /dev/shm is 64M; its trainer container is in "
      "CrashLoopBackOff (last exit code 135, reason Error, restart count 3) with the kubelet's BackOff event, and "
      "its previous log holds the guide's quoted message `Bus error (core dumped)` alone.")
def _(w, t):
    node = "ip-10-0-12-34.ec2.internal"
    _gpu_node(w, node, product="NVIDIA-A10G", mem=23028,
              **{"node.kubernetes.io/instance-type": "g5.2xlarge", "eks.amazonaws.com/nodegroup": "gpu-ng"})
    _plugin(w, [node])
    name = "resnet-train-0"
    p = w.pod("training", name, node=node, gpu=1, containers=("trainer",),
              image="pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime", cpu="6", memory="24Gi", ready=False)
    p["spec"]["restartPolicy"] = "Always"
    p["spec"]["containers"][0]["command"] = ["python", "train.py", "--num-workers", "8"]
    crashloop(p, "trainer", restarts=3, code=135)
    w.log("training", name, "trainer", "Bus error (core dumped)", previous=True)
    backoff(w, "training", name, "trainer", node, count=6)
    w.target("Pod", "training", name)


# ---- application: JAX rendezvous times out while the sibling task is still pending (marin#5480) --------------

_IRIS = "iris"


@case("fc1504", pod_subj("grug-moe-h100x8x2-task-0", _IRIS),
      "CoreWeave Kubernetes (named by the thread; CKS v1.32 assumed) with the project's Iris scheduler: the H100x8 "
      "node pool at one node, scaling to two (one H100 node Ready with 8 GPUs; host driver, device plugin 1/1 "
      "Running; names assumed). The two-task JAX job grug-moe-h100x8x2: task 0's pod Running on the warm node with "
      "its container restarted after a failure (last exit code 1, restart count 1, not ready); task 1's pod "
      "Pending and unbound with the default scheduler's FailedScheduling 'Insufficient nvidia.com/gpu' (standard "
      "wording, illustrative). No log is written (the thread's stored part quotes none).")
def _(w, t):
    node = "g5c8a2f-h100-01"
    _gpu_node(w, node, gpus=8, product="NVIDIA-H100-80GB-HBM3", mem=81559,
              **{"node.coreweave.cloud/class": "gpu", "compute.coreweave.com/node-pool": "iris-h100-8x"})
    _plugin(w, [node])
    env = [{"name": "JAX_COORDINATOR_ADDRESS", "value": "grug-moe-h100x8x2-task-0.iris:8476"},
           {"name": "JAX_NUM_PROCESSES", "value": "2"}]
    img = "ghcr.io/marin-community/marin:latest"
    lab = {"iris.marin.dev/job": "grug-moe-h100x8x2"}
    t0 = w.pod(_IRIS, "grug-moe-h100x8x2-task-0", node=node, gpu=8, containers=("task",), image=img,
               labels=lab, cpu="96", memory="1000Gi", env=env + [{"name": "JAX_PROCESS_ID", "value": "0"}],
               ready=False)
    for s in t0["status"]["containerStatuses"]:
        s.update({"state": {"running": {"startedAt": "2026-05-06T10:20:00Z"}}, "ready": False, "restartCount": 1,
                  "lastState": {"terminated": {"exitCode": 1, "reason": "Error", "startedAt": "2026-05-06T10:08:00Z",
                                               "finishedAt": "2026-05-06T10:18:40Z"}}})
    msg = ("0/1 nodes are available: 1 Insufficient nvidia.com/gpu. preemption: 0/1 nodes are available: "
           "1 No preemption victims found for incoming pod.")
    w.pod(_IRIS, "grug-moe-h100x8x2-task-1", gpu=8, containers=("task",), image=img, phase="Pending", labels=lab,
          cpu="96", memory="1000Gi", env=env + [{"name": "JAX_PROCESS_ID", "value": "1"}], scheduled_message=msg)
    w.event(_IRIS, "Pod", "grug-moe-h100x8x2-task-1", "FailedScheduling", msg, component="default-scheduler",
            count=9)
    w.target("Pod", _IRIS, "grug-moe-h100x8x2-task-0")


# ---- application (cgroup cause): CUDA init fails on AC922 with a stale cpuset slice (IBM Developer) -------------

@case("fc1505", pod_subj("cuda-train-6c8d7f9b5-z7w4k", "ml"),
      "OpenShift 4.x (named by the article among the platforms; version assumed) with an IBM AC922 GPU worker "
      "(ppc64le, RHEL CoreOS, 4 NVIDIA V100 SXM2 16GB; host driver and toolkit, NVIDIA device plugin 1/1 Running, "
      "the node advertising nvidia.com/gpu 4; names assumed). The kubepods cpuset slice on the node lacks the GPU "
      "memory NUMA nodes (state of the host cgroups, not visible in the bundle). The Deployment cuda-train "
      "(namespace ml, nvidia.com/gpu 1) has its pod bound to the AC922 node with the trainer container in "
      "CrashLoopBackOff (exit code 1, restart count 5) and the kubelet's BackOff event. No log is written (the "
      "article gives its error only inside prose).")
def _(w, t):
    node = "ac922-worker-01"
    n = _gpu_node(w, node, gpus=4, product="Tesla-V100-SXM2-16GB", mem=16160,
                  **{"kubernetes.io/arch": "ppc64le", "beta.kubernetes.io/arch": "ppc64le",
                     "node-role.kubernetes.io/worker": ""})
    node_info(n, architecture="ppc64le", kernelVersion="4.18.0-147.el8.ppc64le",
              osImage="Red Hat Enterprise Linux CoreOS 43.81 (Ootpa)", containerRuntimeVersion="cri-o://1.16.0",
              kubeletVersion="v1.16.2", kubeProxyVersion="v1.16.2")
    _plugin(w, [node])
    rs = "cuda-train-6c8d7f9b5"
    name = f"{rs}-z7w4k"
    p = w.pod("ml", name, node=node, gpu=1, containers=("trainer",), image="nvcr.io/nvidia/pytorch:19.09-py3",
              owner=("ReplicaSet", rs), labels={"app": "cuda-train"}, cpu="8", memory="64Gi", ready=False)
    crashloop(p, "trainer", restarts=5, code=1)
    backoff(w, "ml", name, "trainer", node, count=11)
    _deployment(w, "ml", "cuda-train", p)
    w.target("Pod", "ml", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
