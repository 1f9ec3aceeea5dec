"""Builds first-contact batch E18 (fixtures/first-contact/batch-e18/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by notebook platforms' and Kubeflow tools' own documentation
(2i2c-org/infrastructure, jupyterhub/zero-to-jupyterhub-k8s, nebari-dev/nebari-docs, kubeflow/arena,
kubeflow/katib), read in the fixed file order of the batch README (this round's protocol: no search look-ups;
snapshots brought with `fetch` and read with git). Three texts are the documents' own prose and are NOT placed in
the bundles (TEXT_NOT_IN_BUNDLE); fe1802's quoted words are the message of the preempted worker's Preempted event.
The expected answer was reasoned from the document (`expected` in the case, preferred first) and committed before
any rule change; it is never taken from the tool's output.

Names and versions the documents do not state (namespaces, images, kubelet versions, the other nodes and pods)
are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_e18      # (re)writes fixtures/first-contact/batch-e18/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, deploy_pod
from tests.classify.first_contact_b import KS, host_node, node_info, plugin_ds, plugin_pod, set_image
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-e18", "E18", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fe1801", "fe1803", "fe1804"}


def _owned_by(p: dict, api_version: str) -> dict:
    """A pod owned by a custom resource (MPIJob, PyTorchJob, TFJob): its owner's apiVersion."""
    for o in p["metadata"].get("ownerReferences", []):
        o["apiVersion"] = api_version
    return p


def _terminated(code: int, reason: str = "Error") -> dict:
    return {"state": {"terminated": {"exitCode": code, "reason": reason, "startedAt": T0, "finishedAt": T1}},
            "ready": False, "restartCount": 0}


def _ack_node(w, name: str, gpus: int | None, kubelet: str, master: bool = False) -> dict:
    """A node of an ACK cluster named as Arena's guides show them (cn-<region>.<ip>), host driver if it has GPUs."""
    if gpus:
        n = host_node(w, name, gpus=gpus, labels={"aliyun.accelerator/nvidia_name": "Tesla-P100-PCIE-16GB"})
    else:
        n = w.node(name, cpu="4", memory="16132412Ki",
                   labels={"node-role.kubernetes.io/master": ""} if master else None)
    node_info(n, kubeletVersion=kubelet, kubeProxyVersion=kubelet, containerRuntimeVersion="docker://19.3.15",
              osImage="Alibaba Cloud Linux (Aliyun Linux) 2.1903 LTS (Hunting Beagle)",
              kernelVersion="4.19.91-23.al7.x86_64")
    return n


# ---- runtime: the GPU profile without NVIDIA_DRIVER_CAPABILITIES (2i2c 'Enable access to GPUs') -------------

@case("fe1801", pod_subj("jupyter-alice-2dexample", "staging"),
      "AWS EKS v1.30 (the how-to's AWS section: eksctl nodegroups; version assumed) with a core node (r5.xlarge) "
      "and the GPU nodegroup's node (g4dn.xlarge, 1 NVIDIA T4, EKS GPU AMI with the driver and toolkit on the host, "
      "labels k8s.amazonaws.com/accelerator nvidia-tesla-t4 and 2i2c/has-gpu true, taint "
      "nvidia.com/gpu=present:NoSchedule as the how-to's nodegroup definition sets them); the NVIDIA device plugin "
      "DaemonSet eksctl installs (v0.17.0 assumed) Running on it. The hub namespace staging (assumed) with the hub "
      "Running; the user server jupyter-alice-2dexample (user name assumed) spawned from a GPU profile whose "
      "kubespawner_override has no environment NVIDIA_DRIVER_CAPABILITIES: image pangeo/pytorch-notebook:2024.11.11 "
      "(tag assumed), nvidia.com/gpu 1, node_selector node.kubernetes.io/instance-type g4dn.xlarge, mem_guarantee "
      "14G; it is Running on the GPU node with its GPU allocated. No log, event or exec output shows the failure "
      "(the how-to quotes none).")
def _(w, t):
    kubelet = "v1.30.4-eks-a737599"
    w.git_version = kubelet
    info = dict(kubeletVersion=kubelet, kubeProxyVersion=kubelet, containerRuntimeVersion="containerd://1.7.22",
                osImage="Amazon Linux 2", kernelVersion="5.10.225-213.878.amzn2.x86_64")
    core = "ip-192-168-12-34.us-west-2.compute.internal"
    node_info(w.node(core, cpu="4", memory="32386000Ki",
                     labels={"node.kubernetes.io/instance-type": "r5.xlarge", "alpha.eksctl.io/nodegroup-name": "core-a",
                             "hub.jupyter.org/node-purpose": "core"}), **info)
    gpu = "ip-192-168-45-67.us-west-2.compute.internal"
    n = host_node(w, gpu, gpus=1, info=info,
                  labels={"node.kubernetes.io/instance-type": "g4dn.xlarge", "alpha.eksctl.io/nodegroup-name": "gpu-staging",
                          "k8s.amazonaws.com/accelerator": "nvidia-tesla-t4", "2i2c/hub-name": "staging",
                          "2i2c/has-gpu": "true", "hub.jupyter.org/node-purpose": "user"})
    for res in ("capacity", "allocatable"):
        n["status"][res].update({"cpu": "4", "memory": "15896932Ki"})
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}]
    plugin_ds(w, KS, [plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-8xq2w",
                                 image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0")])
    hub = deploy_pod(w, "staging", "hub-6d5f8b7c9d", "hub-6d5f8b7c9d-wq4rt", core, containers=("hub",),
                     image="quay.io/2i2c/pangeo-hub:0.0.1-0.dev.git.1234.habc1234",
                     labels={"app": "jupyterhub", "component": "hub", "release": "staging"}, cpu="10m", memory="128Mi")
    w.workload("Deployment", "staging", "hub", template_pod=hub,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    env = [{"name": "JUPYTERHUB_USER", "value": "alice-example"},
           {"name": "JUPYTERHUB_SERVICE_PREFIX", "value": "/user/alice-example/"},
           {"name": "JUPYTER_IMAGE", "value": "pangeo/pytorch-notebook:2024.11.11"},
           {"name": "MEM_GUARANTEE", "value": "15032385536"}]
    p = w.pod("staging", "jupyter-alice-2dexample", node=gpu, gpu=1, containers=("notebook",),
              image="pangeo/pytorch-notebook:2024.11.11", labels={"app": "jupyterhub", "component": "singleuser-server",
                                                                "hub.jupyter.org/username": "alice-example",
                                                                "release": "staging"},
              scheduler="staging-user-scheduler", tolerations=GPU_TOLERATION,
              node_selector={"node.kubernetes.io/instance-type": "g4dn.xlarge"}, env=env, cpu="0", memory="14G")
    c = p["spec"]["containers"][0]
    c["resources"]["limits"].pop("memory", None)
    c["resources"]["requests"].pop("cpu", None)
    c["ports"] = [{"containerPort": 8888, "name": "notebook-port", "protocol": "TCP"}]
    p["spec"]["restartPolicy"] = "OnFailure"
    p["spec"]["tolerations"].append({"key": "hub.jupyter.org/dedicated", "operator": "Equal", "value": "user",
                                     "effect": "NoSchedule"})
    w.target("Pod", "staging", "jupyter-alice-2dexample")


# ---- application: the medium MPIJob preempted by the critical one (Arena 'Preempt the MPI job') ---------------

_HOROVOD = "registry.aliyuncs.com/tensorflow-samples/horovod:0.13.11-tf1.10.0-torch0.4.0-py3.5"
_MPI_API = "kubeflow.org/v1alpha1"


@case("fe1802", pod_subj("medium-launcher-sz5xj", "default"),
      "ACK (assumed from the node name cn-hangzhou.192.168.0.23 the guide shows; Kubernetes v1.14.8-aliyun.1 "
      "assumed: the guide only needs > 1.11) with three master nodes without GPUs (cn-hangzhou.192.168.0.20-22) and "
      "one GPU node cn-hangzhou.192.168.0.23 with 1 GPU (Tesla P100 and host driver assumed); PriorityClasses "
      "critical and medium (not in the bundle). mpi-operator v1alpha1 (assumed): the MPIJob medium's launcher Job "
      "medium-launcher whose pod medium-launcher-sz5xj is Failed (container mpi exit code 1, assumed: the guide "
      "shows only FAILED; no log), its worker pod medium-worker-0 gone, its events kept: Scheduled, Pulled, Created, "
      "Started, then the scheduler's Preempted event with the quoted words and the kubelet's Killing 'Stopping "
      "container mpi'. The MPIJob critical's critical-launcher-mfffs and critical-worker-0 (priority critical, 1 GPU) "
      "Running on 192.168.0.23.")
def _(w, t):
    kubelet = "v1.14.8-aliyun.1"
    w.git_version = kubelet
    for ip in ("20", "21", "22"):
        _ack_node(w, f"cn-hangzhou.192.168.0.{ip}", None, kubelet, master=True)
    gpu = "cn-hangzhou.192.168.0.23"
    _ack_node(w, gpu, 1, kubelet)
    prio = {"medium": {"priorityClassName": "medium", "priority": 1000000},
            "critical": {"priorityClassName": "critical", "priority": 1100000}}
    for job, phase in (("medium", "Failed"), ("critical", "Running")):
        sfx = {"medium": "sz5xj", "critical": "mfffs"}[job]
        lp = w.pod("default", f"{job}-launcher-{sfx}", node=gpu, gpu=0, phase=phase, containers=("mpi",),
                   image=_HOROVOD, owner=("Job", f"{job}-launcher"), cpu="100m", memory="512Mi",
                   labels={"mpi_job_name": job, "mpi_role_type": "launcher", "release": job, "app": "mpijob"},
                   extra_spec=dict(prio[job], restartPolicy="Never"),
                   statuses={"mpi": _terminated(1)} if phase == "Failed" else None)
        lp["spec"]["containers"][0]["command"] = ["sh", "-c", "mpirun tail -f /dev/null"]
        jst = ({"failed": 1, "startTime": T0, "conditions": [{"type": "Failed", "status": "True",
                                                              "reason": "BackoffLimitExceeded",
                                                              "message": "Job has reached the specified backoff limit",
                                                              "lastTransitionTime": T1}]}
               if phase == "Failed" else {"active": 1, "startTime": T1})
        jw = w.workload("Job", "default", f"{job}-launcher", template_pod=lp, owner=("MPIJob", job), status=jst)
        jw["metadata"]["ownerReferences"][0]["apiVersion"] = _MPI_API
        jw["spec"].pop("replicas", None)
        jw["spec"]["backoffLimit"] = 0
    cw = w.pod("default", "critical-worker-0", node=gpu, gpu=1, containers=("mpi",), image=_HOROVOD,
               owner=("StatefulSet", "critical-worker"), cpu="100m", memory="512Mi",
               labels={"mpi_job_name": "critical", "mpi_role_type": "worker", "release": "critical", "app": "mpijob"},
               extra_spec=dict(prio["critical"]))
    sw = w.workload("StatefulSet", "default", "critical-worker", template_pod=cw, owner=("MPIJob", "critical"),
                    status={"replicas": 1, "readyReplicas": 1, "currentReplicas": 1, "updatedReplicas": 1})
    sw["metadata"]["ownerReferences"][0]["apiVersion"] = _MPI_API
    wk = "medium-worker-0"
    w.event("default", "Pod", wk, "Scheduled", f"Successfully assigned default/{wk} to {gpu}", type="Normal",
            component="default-scheduler")
    w.event("default", "Pod", wk, "Pulled", f'Container image "{_HOROVOD}" already present on machine',
            type="Normal", host=gpu, field_path="spec.containers{mpi}")
    w.event("default", "Pod", wk, "Created", "Created container mpi", type="Normal", host=gpu,
            field_path="spec.containers{mpi}")
    w.event("default", "Pod", wk, "Started", "Started container mpi", type="Normal", host=gpu,
            field_path="spec.containers{mpi}")
    w.event("default", "Pod", wk, "Preempted", t, type="Normal", component="default-scheduler")
    w.event("default", "Pod", wk, "Killing", "Stopping container mpi", type="Normal", host=gpu,
            field_path="spec.containers{mpi}")
    w.target("Pod", "default", "medium-launcher-sz5xj")


# ---- application: the medium PyTorchJob's worker expelled by the critical job (Arena 'Preempt Pytorch ...') ----

_PT_IMG = "registry.cn-beijing.aliyuncs.com/ai-samples/pytorch-with-tensorboard:1.5.1-cuda10.1-cudnn7-runtime"


@case("fe1803", pod_subj("pytorch-priority-medium-master-0", "default"),
      "ACK (assumed from the node names cn-huhehaote.172.16.0.2xx; Kubernetes v1.16.9-aliyun.1 as Arena's PyTorchJob "
      "guides on that cluster show) with three masters without GPUs (172.16.0.205-207) and three GPU nodes "
      "(172.16.0.208-210, 4 GPUs each, Tesla P100 and host driver assumed); PriorityClasses critical and medium and "
      "the PyTorchJob resources are not in the bundle. pytorch-priority-medium (priority medium, master + 2 workers, "
      "4 GPUs each, git-sync of the sample code) has become FAILED: its worker-1 on 172.16.0.208 was preempted and "
      "is gone (its Preempted and Killing events kept; their words illustrative, the guide shows them only in an "
      "image), its master-0 on 172.16.0.210 and worker-0 on 172.16.0.209 are Failed (container pytorch exit code 1, "
      "assumed: the guide shows only FAILED; no log). pytorch-priority-critical-master-0 (priority critical, 1 GPU) "
      "Running on 172.16.0.208.")
def _(w, t):
    kubelet = "v1.16.9-aliyun.1"
    w.git_version = kubelet
    for ip in ("205", "206", "207"):
        _ack_node(w, f"cn-huhehaote.172.16.0.{ip}", None, kubelet, master=True)
    gpus = {ip: f"cn-huhehaote.172.16.0.{ip}" for ip in ("208", "209", "210")}
    for n in gpus.values():
        _ack_node(w, n, 4, kubelet)
    med = {"priorityClassName": "medium", "priority": 1000000}
    for role, ip in (("master-0", "210"), ("worker-0", "209")):
        name = f"pytorch-priority-medium-{role}"
        p = w.pod("default", name, node=gpus[ip], gpu=4, phase="Failed", containers=("pytorch",), image=_PT_IMG,
                  init_containers=("git-sync",), owner=("PyTorchJob", "pytorch-priority-medium"), cpu="1",
                  memory="4Gi", statuses={"pytorch": _terminated(1)}, extra_spec=dict(med, restartPolicy="Never"),
                  labels={"pytorch-job-name": "pytorch-priority-medium", "pytorch-replica-type": role.split("-")[0],
                          "pytorch-replica-index": role.split("-")[1], "release": "pytorch-priority-medium",
                          "app": "pytorchjob"})
        set_image(p, "git-sync", "registry.cn-zhangjiakou.aliyuncs.com/acs/git-sync:v3.3.5")
        p["spec"]["containers"][0]["command"] = ["sh", "-c",
                                                 "python /root/code/mnist-pytorch/mnist.py --backend gloo --epochs 200"]
        _owned_by(p, "kubeflow.org/v1")
    crit = "pytorch-priority-critical-master-0"
    c = w.pod("default", crit, node=gpus["208"], gpu=1, containers=("pytorch",), image=_PT_IMG,
              init_containers=("git-sync",), owner=("PyTorchJob", "pytorch-priority-critical"), cpu="1", memory="4Gi",
              extra_spec={"priorityClassName": "critical", "priority": 1100000, "restartPolicy": "Never"},
              labels={"pytorch-job-name": "pytorch-priority-critical", "pytorch-replica-type": "master",
                      "pytorch-replica-index": "0", "release": "pytorch-priority-critical", "app": "pytorchjob"})
    set_image(c, "git-sync", "registry.cn-zhangjiakou.aliyuncs.com/acs/git-sync:v3.3.5")
    _owned_by(c, "kubeflow.org/v1")
    wk = "pytorch-priority-medium-worker-1"
    w.event("default", "Pod", wk, "Preempted", f"by default/{crit} on node {gpus['208']}", type="Normal",
            component="default-scheduler")
    w.event("default", "Pod", wk, "Killing", "Stopping container pytorch", type="Normal", host=gpus["208"],
            field_path="spec.containers{pytorch}")
    w.target("Pod", "default", "pytorch-priority-medium-master-0")


# ---- application: the GPU training image cannot be pulled (Arena 'Submit a standalone tensorflow job') ---------

_TF_IMG = "registry.cn-beijing.aliyuncs.com/ai-samples/tensorflow:1.5.0-devel-gpu"


@case("fe1804", pod_subj("tf-standalone-test-with-git-chief-0", "default"),
      "ACK in Hong Kong (assumed from the node names cn-hongkong.192.168.2.107-110 of the guide's `arena top node`; "
      "Kubernetes v1.20.11-aliyun.1 and containerd assumed): one node without GPU and three with 1 GPU each (Tesla "
      "P100 and host driver assumed). The TFJob tf-standalone-test-with-git (1 GPU, git-sync of the sample code; the "
      "TFJob resource not in the bundle) has its chief pod bound to cn-hongkong.192.168.2.108 with the GPU "
      "allocated: the git-sync init container completed (image assumed), the tensorflow container waiting in "
      "ImagePullBackOff for the Beijing registry's image; the kubelet's Pulling, Failed (the network error words "
      "illustrative: the guide quotes none), ErrImagePull and BackOff events.")
def _(w, t):
    kubelet = "v1.20.11-aliyun.1"
    w.git_version = kubelet
    nodes = [f"cn-hongkong.192.168.2.{ip}" for ip in ("107", "108", "109", "110")]
    for i, n in enumerate(nodes):
        node = _ack_node(w, n, None if i == 0 else 1, kubelet)
        node_info(node, containerRuntimeVersion="containerd://1.4.8")
    host = nodes[1]
    wait = {"state": {"waiting": {"reason": "ImagePullBackOff", "message": f'Back-off pulling image "{_TF_IMG}"'}},
            "ready": False, "restartCount": 0}
    name = "tf-standalone-test-with-git-chief-0"
    p = w.pod("default", name, node=host, gpu=1, phase="Pending", containers=("tensorflow",), image=_TF_IMG,
              init_containers=("git-sync",), owner=("TFJob", "tf-standalone-test-with-git"), cpu="1", memory="2Gi",
              statuses={"tensorflow": wait}, extra_spec={"restartPolicy": "Never"},
              env=[{"name": "TEST_TMPDIR", "value": "code/tensorflow-sample-code/"}],
              labels={"tf-job-name": "tf-standalone-test-with-git", "tf-replica-type": "chief",
                      "tf-replica-index": "0", "release": "tf-standalone-test-with-git", "app": "tfjob"})
    set_image(p, "git-sync", "registry.cn-zhangjiakou.aliyuncs.com/acs/git-sync:v3.3.5")
    p["spec"]["containers"][0]["command"] = ["sh", "-c", "python code/tensorflow-sample-code/tfjob/docker/mnist/main.py "
                                                          "--max_steps 5000"]
    for cond in p["status"]["conditions"]:
        if cond["type"] == "Initialized":
            cond["status"] = "True"
    _owned_by(p, "kubeflow.org/v1")
    fp = "spec.containers{tensorflow}"
    w.event("default", "Pod", name, "Pulling", f'Pulling image "{_TF_IMG}"', type="Normal", host=host, count=4,
            field_path=fp)
    w.event("default", "Pod", name, "Failed",
            f'Failed to pull image "{_TF_IMG}": rpc error: code = Unknown desc = failed to pull and unpack image '
            f'"{_TF_IMG}": failed to copy: httpReadSeeker: failed open: failed to do request: Get '
            '"https://registry.cn-beijing.aliyuncs.com/v2/ai-samples/tensorflow/blobs/'
            'sha256:8f3a9d2c7b1e4f6a5d0c9b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e": dial tcp 47.95.181.38:443: '
            'i/o timeout', host=host, count=4, field_path=fp)
    w.event("default", "Pod", name, "Failed", "Error: ErrImagePull", host=host, count=4, field_path=fp)
    w.event("default", "Pod", name, "BackOff", f'Back-off pulling image "{_TF_IMG}"', type="Normal", host=host,
            count=31, field_path=fp)
    w.event("default", "Pod", name, "Failed", "Error: ImagePullBackOff", host=host, count=31, field_path=fp)
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
