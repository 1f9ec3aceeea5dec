"""Builds first-contact batch F10 (fixtures/first-contact/batch-f10/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures (application layer) from public sources that no rule was written for, sampled with
the fixed query list in the batch README (this round's pool: all four corpora of the `search` tool at once:
`issues`, `pages`, `docs`, `code`). Each builder places the case's text verbatim where a collector would have found
it (or, for a prose case, builds only the cluster state the source describes) and builds the cluster state the
source describes. The expected answer was reasoned from the source (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the source does not state (node and pod names, namespaces, kernels, kubelet and
containerd builds, image tags, GPU models where not named) are filled in plausibly; each scenario's README says
which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_f10      # (re)writes fixtures/first-contact/batch-f10/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod
from tests.classify.first_contact_b import KS, host_node, node_info
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop, sized
from tests.classify.scenarios_real import pod_subj

FC = ThreadBatch("batch-f10", "F10", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def _info(kubelet: str, containerd: str, kernel: str, os_image: str) -> dict:
    return {"osImage": os_image, "kernelVersion": kernel, "containerRuntimeVersion": containerd,
            "kubeletVersion": kubelet, "kubeProxyVersion": kubelet}


# ---- ff1001: PyTorchJob worker cannot reach the master at NCCL rendezvous (pytorch-operator#333) -----------

_JOB, _NS = "pytorch-bert-benchmark", "kubeflow-user"


def _job_labels(role: str) -> dict:
    return {"group-name": "kubeflow.org", "controller-name": "pytorch-operator", "job-name": _JOB,
            "pytorch-job-name": _JOB, "pytorch-replica-type": role, "pytorch-replica-index": "0",
            **({"job-role": "master"} if role == "master" else {})}


@case("ff1001", pod_subj(f"{_JOB}-worker-0", _NS),
      "Kubernetes v1.19.9 on docker 19.03.15 (the issue names no distribution; kubeadm-style assumed, versions, "
      "names and GPU models assumed for April 2021) with two GPU nodes gpu-node-1 and gpu-node-2 (each one Tesla "
      "V100-SXM2-32GB, host driver 460.32.03 and NVIDIA container toolkit, static NVIDIA device plugin DaemonSet in "
      "kube-system 2 desired / 2 ready) advertising nvidia.com/gpu 1 each and a control-plane node; the Kubeflow "
      "pytorch-operator Deployment Running in kubeflow; in namespace kubeflow-user the PyTorchJob "
      "pytorch-bert-benchmark (a BERT benchmark image with PyTorch under Python 3.6, image name assumed; NCCL "
      "backend; Master and Worker replicas with nvidia.com/gpu 1 each, restartPolicy OnFailure assumed): the master "
      "pod Running on gpu-node-1 (started seconds before, no log line assumed); the worker pod on gpu-node-2 whose "
      "init container init-pytorch (`until nslookup pytorch-bert-benchmark-master-0; do echo waiting for master; "
      "sleep 2; done;`, the operator's check the issue quotes) completed, and whose pytorch container exited with "
      "code 1 and is in its first back-off (restart count 1 assumed); the worker's previous log holds the issue's "
      "traceback verbatim; a BackOff event for the worker.")
def _(w, t):
    w.git_version = "v1.19.9"
    info = _info("v1.19.9", "docker://19.3.15", "4.15.0-140-generic", "Ubuntu 18.04.5 LTS")
    for gpu in ("gpu-node-1", "gpu-node-2"):
        host_node(w, gpu, gpus=1, info=info)
        sized(w.get_node(gpu), "32", "263920412Ki")
    cp = w.node("k8s-master", cpu="8", memory="16393320Ki",
                labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}])
    node_info(cp, **info)
    img = "nvcr.io/nvidia/k8s-device-plugin:v0.9.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=2, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION, labels={"name": "nvidia-device-plugin-ds"})
    for gpu, sfx in (("gpu-node-1", "4kq7x"), ("gpu-node-2", "m9z2d")):
        ds_pod(w, KS, "nvidia-device-plugin-daemonset", f"nvidia-device-plugin-daemonset-{sfx}", gpu,
               containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
               tolerations=GPU_TOLERATION)
    op_img = "gcr.io/kubeflow-images-public/pytorch-operator:vmaster-g518f9c76"
    deploy_pod(w, "kubeflow", "pytorch-operator-6d8f7b9c5", "pytorch-operator-6d8f7b9c5-q2w8r", "k8s-master",
               containers=("pytorch-operator",), image=op_img, labels={"name": "pytorch-operator"},
               cpu="100m", memory="256Mi",
               tolerations=[{"key": "node-role.kubernetes.io/master", "operator": "Exists", "effect": "NoSchedule"}])
    w.workload("Deployment", "kubeflow", "pytorch-operator",
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})

    image = "registry.local/bert-benchmark:pytorch1.8-cuda11.1"
    env = [{"name": "MASTER_PORT", "value": "23456"}, {"name": "MASTER_ADDR", "value": f"{_JOB}-master-0"},
           {"name": "WORLD_SIZE", "value": "2"}, {"name": "PYTHONUNBUFFERED", "value": "0"}]
    pods = {}
    for role, node in (("master", "gpu-node-1"), ("worker", "gpu-node-2")):
        name = f"{_JOB}-{role}-0"
        init = ("init-pytorch",) if role == "worker" else ()
        p = w.pod(_NS, name, node=node, gpu=1, containers=("pytorch",), init_containers=init, image=image,
                  labels=_job_labels(role), owner=("PyTorchJob", _JOB), tolerations=GPU_TOLERATION,
                  env=env + [{"name": "RANK", "value": "0" if role == "master" else "1"}], cpu="8", memory="64Gi")
        p["metadata"]["ownerReferences"][0]["apiVersion"] = "kubeflow.org/v1"
        p["spec"]["restartPolicy"] = "OnFailure"
        p["spec"]["containers"][0]["command"] = ["python", "/workspace/src/bert/benchmark.py"]
        p["spec"]["containers"][0]["ports"] = [{"containerPort": 23456, "name": "pytorchjob-port",
                                                "protocol": "TCP"}]
        if role == "worker":
            p["spec"]["initContainers"][0].update({
                "image": "alpine:3.10", "imagePullPolicy": "IfNotPresent",
                "command": ["sh", "-c", f"until nslookup {_JOB}-master-0; do echo waiting for master; sleep 2; done;"],
                "resources": {"limits": {"cpu": "100m", "memory": "20Mi"},
                              "requests": {"cpu": "50m", "memory": "10Mi"}}})
            p["status"]["initContainerStatuses"][0]["image"] = "alpine:3.10"
        pods[role] = p
    # the snapshot: the job created at 14:54:20, the master started at 14:54:31, the worker's init check done at
    # 14:54:33, its trainer exited at 14:54:36 and waits out its first back-off when the collector runs (14:54:45)
    w.created_at = "2026-11-29T14:54:45Z"
    times = {"master": ("2026-11-29T14:54:22Z", "2026-11-29T14:54:31Z"),
             "worker": ("2026-11-29T14:54:22Z", "2026-11-29T14:54:34Z")}
    for role, p in pods.items():
        created, started = times[role]
        p["metadata"]["creationTimestamp"] = "2026-11-29T14:54:20Z"
        p["status"]["startTime"] = created
        for cond in p["status"]["conditions"]:
            cond["lastTransitionTime"] = started
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["containerID"] = f"docker://{s.get('containerID', 'docker://3f9a1c0e7b52').rsplit('/', 1)[-1]}"
            if "running" in s["state"]:
                s["state"]["running"]["startedAt"] = started
            if "terminated" in s["state"]:
                s["state"]["terminated"].update({"startedAt": "2026-11-29T14:54:23Z",
                                                 "finishedAt": "2026-11-29T14:54:33Z"})
    worker = pods["worker"]["metadata"]["name"]
    crashloop(pods["worker"], "pytorch", restarts=1, code=1)
    st = pods["worker"]["status"]["containerStatuses"][0]
    st["state"]["waiting"]["message"] = f"back-off 10s restarting failed container=pytorch pod={worker}_{_NS}"
    st["lastState"]["terminated"].update({"startedAt": "2026-11-29T14:54:34Z", "finishedAt": "2026-11-29T14:54:36Z",
                                          "containerID": st["containerID"]})
    w.log(_NS, worker, "pytorch", t, previous=True)
    ev = w.event(_NS, "Pod", worker, "BackOff", "Back-off restarting failed container", component="kubelet",
                 host="gpu-node-2", count=1, field_path="spec.containers{pytorch}")
    ev.update({"firstTimestamp": "2026-11-29T14:54:37Z", "lastTimestamp": "2026-11-29T14:54:37Z"})
    w.ns_custom[("pytorchjobs.kubeflow.org", _NS)] = [{
        "apiVersion": "kubeflow.org/v1", "kind": "PyTorchJob",
        "metadata": {"name": _JOB, "namespace": _NS, "creationTimestamp": "2026-11-29T14:54:20Z"},
        "spec": {"pytorchReplicaSpecs": {
            role.capitalize(): {"replicas": 1, "restartPolicy": "OnFailure",
                                "template": {"spec": {"containers": [{
                                    "name": "pytorch", "image": image,
                                    "command": ["python", "/workspace/src/bert/benchmark.py"],
                                    "resources": {"limits": {"nvidia.com/gpu": "1"}}}]}}}
            for role in ("master", "worker")}},
        "status": {"conditions": [
            {"type": "Created", "status": "True", "reason": "PyTorchJobCreated",
             "message": f"PyTorchJob {_JOB} is created.", "lastUpdateTime": "2026-11-29T14:54:20Z",
             "lastTransitionTime": "2026-11-29T14:54:20Z"},
            {"type": "Running", "status": "True", "reason": "PyTorchJobRunning",
             "message": f"PyTorchJob {_JOB} is running.", "lastUpdateTime": "2026-11-29T14:54:31Z",
             "lastTransitionTime": "2026-11-29T14:54:31Z"}],
            "replicaStatuses": {"Master": {"active": 1}, "Worker": {"active": 1}},
            "startTime": "2026-11-29T14:54:20Z"}}]
    w.target("Pod", _NS, worker)


# ---- ff1002: KAITO workspace not ready while its inference image is still pulling (healthy look-alike) -----

_PULL_START = "2026-11-29T14:48:07Z"


@case("ff1002", pod_subj("workspace-falcon-7b-instruct-6f8d9c7b5-x2lqp", "default"),
      "AKS v1.30.6 (Ubuntu 22.04 node image, containerd 1.7.23; versions, names, the preset model and the VM sizes "
      "assumed: the article names none) with the AI toolchain operator add-on: its kaito-workspace and "
      "kaito-gpu-provisioner Deployments 1/1 Running in kube-system; a system node aks-nodepool1-38146129-vmss000000 "
      "(Standard_D4s_v3) and the GPU node aks-ws8f2c3d1a7-38146129-vmss000000 that the gpu-provisioner created for "
      "the workspace (Standard_NC12s_v3, two Tesla V100, AKS GPU image with its driver, taint sku=gpu:NoSchedule, "
      "labels kaito.sh/workspace and apps=falcon-7b) Ready and advertising nvidia.com/gpu 2, the NVIDIA device "
      "plugin DaemonSet in kube-system 1 desired / 1 ready; in default the KAITO Workspace "
      "workspace-falcon-7b-instruct (preset falcon-7b-instruct) with NodeClaimReady True and ResourceReady and "
      "InferenceReady False (condition reasons and messages assumed, no error word in them), its Deployment 0/1 "
      "available and the inference pod Pending in ContainerCreating on the GPU node since 14:48 (twelve minutes before "
      "collection), with Scheduled and Pulling events for the model image and no Failed, ErrImagePull or BackOff "
      "event; no log for the container yet. The article's sentences (the case's text) are prose and are NOT in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.30.6"
    info = _info("v1.30.6", "containerd://1.7.23-1", "5.15.0-1074-azure", "Ubuntu 22.04.5 LTS")
    aks = {"kubernetes.azure.com/cluster": "MC_kaito-rg_kaito-aks_eastus", "kubernetes.azure.com/role": "agent",
           "topology.kubernetes.io/region": "eastus"}
    sysnode = w.node("aks-nodepool1-38146129-vmss000000", cpu="4", memory="16375376Ki",
                     alloc_cpu="3860m", alloc_memory="12880464Ki",
                     labels={**aks, "kubernetes.azure.com/agentpool": "nodepool1", "kubernetes.azure.com/mode": "system",
                             "node.kubernetes.io/instance-type": "Standard_D4s_v3",
                             "topology.kubernetes.io/zone": "0"})
    node_info(sysnode, **info)
    gpu = "aks-ws8f2c3d1a7-38146129-vmss000000"
    host_node(w, gpu, gpus=2, info=info,
              labels={**aks, "kubernetes.azure.com/agentpool": "ws8f2c3d1a7", "kubernetes.azure.com/mode": "user",
                      "kubernetes.azure.com/accelerator": "nvidia", "node.kubernetes.io/instance-type": "Standard_NC12s_v3",
                      "topology.kubernetes.io/zone": "0", "kaito.sh/workspace": "workspace-falcon-7b-instruct",
                      "kaito.sh/machine-type": "gpu", "apps": "falcon-7b"})
    n = w.get_node(gpu)
    sized(n, "12", "230598620Ki")
    n["spec"]["taints"] = [{"key": "sku", "value": "gpu", "effect": "NoSchedule"}]
    n["metadata"]["creationTimestamp"] = "2026-11-29T14:41:30Z"
    gpu_tol = [{"key": "sku", "operator": "Equal", "value": "gpu", "effect": "NoSchedule"}]
    img = "mcr.microsoft.com/oss/nvidia/k8s-device-plugin:v0.15.0"
    daemonset(w, KS, "nvidia-device-plugin-daemonset", desired=1, containers=[("nvidia-device-plugin-ctr", img)],
              tolerations=GPU_TOLERATION + gpu_tol, node_selector={"kubernetes.azure.com/accelerator": "nvidia"},
              labels={"name": "nvidia-device-plugin-ds"})
    ds_pod(w, KS, "nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-hx7c2", gpu,
           containers=("nvidia-device-plugin-ctr",), image=img, labels={"name": "nvidia-device-plugin-ds"},
           tolerations=GPU_TOLERATION + gpu_tol, node_selector={"kubernetes.azure.com/accelerator": "nvidia"})
    for ctl, rs, sfx, cimg in (
            ("kaito-workspace", "kaito-workspace-7c9d8b6f4", "p5n2k", "mcr.microsoft.com/aks/kaito/workspace:0.4.4"),
            ("kaito-gpu-provisioner", "kaito-gpu-provisioner-5b7f6d9c8", "t8r4v",
             "mcr.microsoft.com/aks/kaito/gpu-provisioner:0.2.1")):
        deploy_pod(w, KS, rs, f"{rs}-{sfx}", sysnode["metadata"]["name"], containers=(ctl.removeprefix("kaito-"),),
                   image=cimg, labels={"app.kubernetes.io/name": ctl}, cpu="100m", memory="256Mi")
        w.workload("Deployment", KS, ctl,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})

    ns, ws = "default", "workspace-falcon-7b-instruct"
    pod = f"{ws}-6f8d9c7b5-x2lqp"
    model_img = "mcr.microsoft.com/aks/kaito/kaito-falcon-7b-instruct:0.0.6"
    probe = {"httpGet": {"path": "/health", "port": 5000, "scheme": "HTTP"}, "periodSeconds": 10,
             "timeoutSeconds": 1, "successThreshold": 1}
    p = deploy_pod(w, ns, f"{ws}-6f8d9c7b5", pod, gpu, containers=(ws,), image=model_img,
                   labels={"apps": "falcon-7b", "kaito.sh/workspace": ws}, cpu="0", memory="0",
                   tolerations=GPU_TOLERATION + gpu_tol, phase="Pending",
                   statuses={ws: {"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False,
                                  "restartCount": 0}},
                   ready=False,
                   probes={"livenessProbe": {**probe, "initialDelaySeconds": 600, "failureThreshold": 3},
                           "readinessProbe": {**probe, "initialDelaySeconds": 30, "failureThreshold": 3}})
    c = p["spec"]["containers"][0]
    c["resources"] = {"limits": {"nvidia.com/gpu": "2"}, "requests": {"nvidia.com/gpu": "2"}}
    c["command"] = ["/bin/sh", "-c", "accelerate launch --num_processes 1 --num_machines 1 --gpu_ids all "
                    "/workspace/tfs/inference_api.py --pipeline text-generation --torch_dtype bfloat16"]
    c["ports"] = [{"containerPort": 5000, "protocol": "TCP"}]
    c["volumeMounts"] = [{"name": "dshm", "mountPath": "/dev/shm"}]
    p["spec"]["volumes"] = [{"name": "dshm", "emptyDir": {"medium": "Memory"}}]
    p["spec"]["nodeSelector"] = {"apps": "falcon-7b"}
    p["metadata"]["creationTimestamp"] = "2026-11-29T14:48:02Z"
    p["status"]["startTime"] = "2026-11-29T14:48:05Z"
    p["status"]["qosClass"] = "BestEffort"
    for cond in p["status"]["conditions"]:
        cond["lastTransitionTime"] = "2026-11-29T14:48:05Z"
        if cond["type"] == "Initialized":
            cond["status"] = "True"
    p["status"]["containerStatuses"][0]["started"] = False
    p["status"]["containerStatuses"][0].pop("containerID", None)     # not created yet: the image is still pulling
    w.workload("Deployment", ns, ws, template_pod=p,
               status={"replicas": 1, "updatedReplicas": 1, "unavailableReplicas": 1,
                       "conditions": [{"type": "Available", "status": "False", "reason": "MinimumReplicasUnavailable",
                                       "message": "Deployment does not have minimum availability.",
                                       "lastTransitionTime": "2026-11-29T14:48:02Z"},
                                      {"type": "Progressing", "status": "True", "reason": "ReplicaSetUpdated",
                                       "message": f'ReplicaSet "{ws}-6f8d9c7b5" is progressing.',
                                       "lastTransitionTime": "2026-11-29T14:48:02Z"}]})
    ev = w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", type="Normal",
                 component="default-scheduler")
    ev.update({"firstTimestamp": "2026-11-29T14:48:05Z", "lastTimestamp": "2026-11-29T14:48:05Z"})
    ev = w.event(ns, "Pod", pod, "Pulling", f'Pulling image "{model_img}"', type="Normal", host=gpu,
                 field_path=f"spec.containers{{{ws}}}")
    ev.update({"firstTimestamp": _PULL_START, "lastTimestamp": _PULL_START})
    w.ns_custom[("workspaces.kaito.sh", ns)] = [{
        "apiVersion": "kaito.sh/v1alpha1", "kind": "Workspace",
        "metadata": {"name": ws, "namespace": ns, "creationTimestamp": "2026-11-29T14:39:50Z",
                     "annotations": {"kaito.sh/enablelb": "False"}},
        "resource": {"instanceType": "Standard_NC12s_v3", "count": 1,
                     "labelSelector": {"matchLabels": {"apps": "falcon-7b"}}},
        "inference": {"preset": {"name": "falcon-7b-instruct"}},
        "status": {"workerNodes": [gpu], "conditions": [
            {"type": "NodeClaimReady", "status": "True", "reason": "installNodePluginsSuccess",
             "message": "nodeClaim plugins have been installed successfully",
             "lastTransitionTime": "2026-11-29T14:47:55Z"},
            {"type": "ResourceReady", "status": "False", "reason": "WorkspaceResourceStatusPending",
             "message": "waiting for the inference deployment to become available",
             "lastTransitionTime": "2026-11-29T14:48:02Z"},
            {"type": "InferenceReady", "status": "False", "reason": "WorkspaceInferenceStatusPending",
             "message": "inference workload is not ready yet", "lastTransitionTime": "2026-11-29T14:48:02Z"},
            {"type": "WorkspaceSucceeded", "status": "False", "reason": "workspacePending",
             "message": "workspace is not ready yet", "lastTransitionTime": "2026-11-29T14:39:52Z"}]}}]
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
