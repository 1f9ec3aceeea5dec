"""First-contact batch T (fixtures/first-contact/batch-t/cases.jsonl) as scenario bundles.

Real node-layer cases from public threads that no rule was written for, sampled by a fixed query list (the batch
README holds the list and the sampling log): a DGX worker of an Akash provider evicting a GPU tenant pod for
ephemeral storage under disk pressure, kubelet admission failures (an old HAMi release, a kube-batch cache that
binds a pod to a node without a free GPU, a kubelet restart that re-admits a completed GPU pod), GPUs lost after a
restart (a GCE maintenance restart that changes the GPU's UUID, a GKE host maintenance that wipes the driver
installer's image, a reboot before the GPU Operator's stack is back) and one healthy look-alike (allocatable equal
to capacity while a pod holds the GPU). Each builder places the case's text where it appears in a cluster (prose
never reaches it) inside a world built from the `state` the thread describes. The expected answer is reasoned from
what the thread settled (`expected`, preferred first), never from what the tool printed; the texts and expected
ids were written before any rule change for them.

    .venv/bin/python -m tests.classify.first_contact_t     # (re)writes fixtures/first-contact/batch-t/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import GPU_TOLERATION, KS, annotate, daemonset, deploy_pod, ds_pod, info
from tests.classify.first_contact_b import block, host_node, plugin_pod, set_image, stack_pod
from tests.classify.first_contact_c import GKE_KV
from tests.classify.first_contact_common import ReadmeBatch
from tests.classify.first_contact_e import failed_admission, plugin_ds
from tests.classify.first_contact_h import evicted, start_error
from tests.classify.scenario_builder import HEALTHY_PLUGIN_LOG, OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj

# prose (an issue title, a PR description, a reporter's sentence) that never reaches the cluster: the bundle
# carries the state only
TEXT_NOT_IN_BUNDLE = {"ft002", "ft005", "ft006", "ft007", "ft008"}
# prose that quotes a cluster message: the prose is not in the bundle, the quoted message is (pod status, event)
QUOTING_PROSE = {"ft003"}
# renderings (kubectl describe pod Status / Reason / Message rows): their values become the pod's status fields
RENDERED = {"ft004"}


FC = ReadmeBatch("batch-t", placed=[
    (TEXT_NOT_IN_BUNDLE, "The case's text is prose (an issue title, a PR description, a reporter's sentence) that never "
                         "reaches the cluster: it is NOT in the bundle, which shows only the state the thread describes."),
    (QUOTING_PROSE, "The case's text is the reporter's prose quoting the kubelet's message: the prose is NOT in the "
                    "bundle; the quoted message is, as the pod's status.message (with the kubelet's 'Pod ' prefix) and "
                    "its kubelet event."),
    (RENDERED, "The case's text is a rendering (kubectl describe pod Status / Reason / Message rows): its values become "
               "the pod's status.phase, status.reason and status.message.")])
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case


def admission_rejected(w, ns: str, name: str, node: str, message: str, *, reason: str = "UnexpectedAdmissionError",
                       event: str | None = None, count: int = 1, **kw) -> dict:
    """A pod bound to `node` that the kubelet rejected at admission: phase Failed, no container started."""
    p = w.pod(ns, name, node=node, phase="Failed", reason=reason, message=message, **kw)
    failed_admission(p)
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady", "Initialized"):
            c["status"] = "False"
    w.event(ns, "Pod", name, reason, event or message.removeprefix("Pod "), component="kubelet", host=node, count=count)
    return p


def row_value(text: str, key: str) -> str:
    """The value of a `kubectl describe` row `Key:   value`."""
    for line in text.splitlines():
        if line.startswith(key + ":"):
            return line.split(":", 1)[1].strip()
    raise KeyError(key)


UBUNTU_2004 = {"osImage": "Ubuntu 20.04.6 LTS", "kernelVersion": "5.4.0-164-generic",
               "containerRuntimeVersion": "containerd://1.7.2"}


# =============================================================================================
# node pressure / eviction
# =============================================================================================

@case("ft001", "akash_dgx_disk_pressure_evicts_gpu_tenant", pod_subj("comfy2-58d5c7b44d-558f4", "fns3s2v3eu25jps6bvr42de873t3iun1vngci22uf9ru6"),
      "Akash provider on kubespray-built Kubernetes v1.27 (containerd, NVIDIA device plugin v0.14 as the provider's "
      "nvdp DaemonSet) with a CPU node node1 and the DGX worker prd-stk-tsr-dgx-41 (8 GPUs, allocatable "
      "ephemeral-storage chosen so that the quoted threshold is its hard-eviction level); the node's DiskPressure "
      "condition is True with the taint node.kubernetes.io/disk-pressure:NoSchedule and the kubelet's "
      "EvictionThresholdMet / NodeHasDiskPressure events; the ComfyUI tenant pod comfy2-58d5c7b44d-558f4 (one GPU) is "
      "Failed/Evicted with the case's text as its status message and the kubelet Evicted event (message with the "
      "kubelet's per-container tail, illustrative); the replacement pod comfy2-58d5c7b44d-svl82 is Pending with an "
      "untolerated disk-pressure taint message (illustrative). Tenant image, sizes and node1 are assumed.")
def _(w, t):
    w.git_version = "v1.27.7"
    kv = dict(UBUNTU_2004, osImage="Ubuntu 22.04.3 LTS", kernelVersion="5.15.0-87-generic",
              containerRuntimeVersion="containerd://1.7.5", kubeletVersion="v1.27.7")
    info(w.node("node1", cpu="16", memory="65838364Ki", labels={"node-role.kubernetes.io/control-plane": ""}), **kv)
    dgx = "prd-stk-tsr-dgx-41"
    disk = [{"type": "MemoryPressure", "status": "False", "reason": "KubeletHasSufficientMemory",
             "message": "kubelet has sufficient memory available", "lastHeartbeatTime": T1, "lastTransitionTime": T0},
            {"type": "DiskPressure", "status": "True", "reason": "KubeletHasDiskPressure",
             "message": "kubelet has disk pressure", "lastHeartbeatTime": T1, "lastTransitionTime": T1},
            {"type": "PIDPressure", "status": "False", "reason": "KubeletHasSufficientPID",
             "message": "kubelet has sufficient PID available", "lastHeartbeatTime": T1, "lastTransitionTime": T0},
            {"type": "Ready", "status": "True", "reason": "KubeletReady", "message": "kubelet is posting ready status",
             "lastHeartbeatTime": T1, "lastTransitionTime": T0}]
    n = w.node(dgx, gpus=8, cpu="256", memory="2113389000Ki", conditions=disk,
               labels={"nvidia.com/gpu.present": "true", "akash.network/capabilities.gpu.vendor.nvidia.model.a100": "true"},
               taints=[{"key": "node.kubernetes.io/disk-pressure", "effect": "NoSchedule", "timeAdded": T1}])
    n["status"]["capacity"]["ephemeral-storage"] = "153938872Ki"
    n["status"]["allocatable"]["ephemeral-storage"] = "141869734520"
    info(n, **kv)
    plugin_ds(w, "nvidia-device-plugin", [(dgx, "nvdp-nvidia-device-plugin-x7k2m")], "nvcr.io/nvidia/k8s-device-plugin:v0.14.1",
              name="nvdp-nvidia-device-plugin")
    w.event("default", "Node", dgx, "EvictionThresholdMet", "Attempting to reclaim ephemeral-storage", component="kubelet",
            host=dgx, count=3)
    w.event("default", "Node", dgx, "NodeHasDiskPressure", f"Node {dgx} status is now: NodeHasDiskPressure", type="Normal",
            component="kubelet", host=dgx)
    ns = "fns3s2v3eu25jps6bvr42de873t3iun1vngci22uf9ru6"
    rs = "comfy2-58d5c7b44d"
    img = "ghcr.io/ai-dock/comfyui:latest"
    name = f"{rs}-558f4"
    p = w.pod(ns, name, node=dgx, gpu=1, containers=("comfy2",), image=img, owner=("ReplicaSet", rs),
              labels={"akash.network/manifest-service": "comfy2"}, cpu="8", memory="32Gi")
    evicted(p, t, "comfy2")
    w.event(ns, "Pod", name, "Evicted", t + " Container comfy2 was using 21474836Ki, request is 0, has larger consumption "
            "of ephemeral-storage.", component="kubelet", host=dgx)
    w.event(ns, "Pod", name, "Killing", "Stopping container comfy2", type="Normal", component="kubelet", host=dgx)
    msg = ("0/2 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) "
           "had untolerated taint {node.kubernetes.io/disk-pressure: }. preemption: 0/2 nodes are available: 2 Preemption "
           "is not helpful for scheduling..")
    w.pod(ns, f"{rs}-svl82", gpu=1, containers=("comfy2",), image=img, owner=("ReplicaSet", rs), phase="Pending",
          labels={"akash.network/manifest-service": "comfy2"}, cpu="8", memory="32Gi", scheduled_message=msg)
    w.event(ns, "Pod", f"{rs}-svl82", "FailedScheduling", msg, component="default-scheduler", count=4)
    w.target("Pod", ns, name)


# =============================================================================================
# healthy look-alike
# =============================================================================================

@case("ft002", "allocatable_not_reduced_by_running_gpu_pod", node_subj("gpu-node-1"),
      "Kubernetes v1.28 node gpu-node-1 (Ubuntu 22.04, containerd, host driver and toolkit) with one GPU, capacity "
      "and allocatable nvidia.com/gpu 1; the NVIDIA device plugin DaemonSet (v0.14.2) Running and registered; the "
      "user's GPU pod (limits nvidia.com/gpu 1) Running on the node; nothing else is wrong. The reporter's sentence "
      "is NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.28.3"
    node = "gpu-node-1"
    host_node(w, node, info={"osImage": "Ubuntu 22.04.3 LTS", "kernelVersion": "5.15.0-88-generic",
                             "containerRuntimeVersion": "containerd://1.7.8", "kubeletVersion": "v1.28.3",
                             "kubeProxyVersion": "v1.28.3"})
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-5mx8q")], "nvcr.io/nvidia/k8s-device-plugin:v0.14.2")
    w.pod("default", "gpu-pod", node=node, gpu=1, containers=("cuda-container",), image="nvidia/cuda:12.2.0-base-ubuntu22.04")
    w.target("Node", None, node)


# =============================================================================================
# kubelet admission failures
# =============================================================================================

@case("ft003", "hami_old_release_unexpected_admission", pod_subj("gpu-pod", "default"),
      "Kubernetes v1.28 with one GPU node gpu-node-1 (A10, 24 GiB) managed by HAMi v2.3.12 (hami-scheduler Deployment "
      "and hami-device-plugin DaemonSet in kube-system; the node advertises nvidia.com/gpu 10 from the default "
      "deviceSplitCount and carries HAMi's register annotation); the user's pod (schedulerName hami-scheduler, "
      "nvidia.com/gpu 1) is bound to the node and Failed with reason UnexpectedAdmissionError, the message quoted in "
      "the case as its status message and kubelet event. The reporter's sentence is NOT in the bundle. HAMi version, "
      "annotation contents and names are assumed.")
def _(w, t):
    w.git_version = "v1.28.9"
    node = "gpu-node-1"
    n = host_node(w, node, gpus=10, info={"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-105-generic",
                                          "containerRuntimeVersion": "containerd://1.7.13", "kubeletVersion": "v1.28.9",
                                          "kubeProxyVersion": "v1.28.9"})
    n["metadata"]["labels"]["gpu"] = "on"
    annotate(n, **{"hami.io/node-handshake": "Reported 2024-11-06 09:12:44.118297 +0800 CST m=+86412.734",
                   "hami.io/node-nvidia-register": "GPU-5b7e3f2a-8c41-4d19-9e0b-2f6a1c7d3e55,10,23028,100,NVIDIA-NVIDIA A10,0,true:"})
    img = "projecthami/hami:v2.3.12"
    daemonset(w, KS, "hami-device-plugin", desired=1, containers=[("device-plugin", img), ("vgpu-monitor", img)],
              node_selector={"gpu": "on"}, labels={"app.kubernetes.io/name": "hami", "app.kubernetes.io/component": "hami-device-plugin"})
    ds_pod(w, KS, "hami-device-plugin", "hami-device-plugin-8kq2d", node, containers=("device-plugin", "vgpu-monitor"), image=img)
    w.log(KS, "hami-device-plugin-8kq2d", "device-plugin",
          "I1106 01:12:40.118023       1 register.go:159] Successfully registered annotation. Next check in 30s seconds...\n")
    deploy_pod(w, KS, "hami-scheduler-6f9c7d8b5", "hami-scheduler-6f9c7d8b5-r2x7p", node,
               containers=("kube-scheduler", "vgpu-scheduler-extender"), image=img,
               labels={"app.kubernetes.io/component": "hami-scheduler"})
    message = t.split("具体信息是", 1)[1].rstrip("。")
    p = admission_rejected(w, "default", "gpu-pod", node, "Pod " + message, event=message,
                           containers=("ubuntu-container",), image="ubuntu:22.04", scheduler="hami-scheduler")
    annotate(p, **{"hami.io/vgpu-node": node, "hami.io/bind-phase": "allocating",
                   "hami.io/vgpu-devices-to-allocate": "GPU-5b7e3f2a-8c41-4d19-9e0b-2f6a1c7d3e55,NVIDIA,0,0:;"})
    w.target("Pod", "default", "gpu-pod")


@case("ft004", "kube_batch_stale_cache_binds_pod_without_free_gpu",
      pod_subj("imgsr-11103465-20200312165729394-worker-0", "11103465"),
      "On-prem Kubernetes v1.14 (docker 18.09, NVIDIA device plugin 1.0.0-beta) with the GPU node 10.193.86.6 (8 GPUs, "
      "all requested by eight running TFJob worker pods of other users) and kube-batch v0.3.0 plus tf-operator in "
      "kube-system; the worker pod of TFJob imgsr-11103465-20200312165729394 (schedulerName kube-batch, nvidia.com/gpu "
      "1) is bound to the node and Failed: the case's Status / Reason / Message rows become its status fields and the "
      "message its kubelet UnexpectedAdmissionError event. Other pods, images and versions are assumed.")
def _(w, t):
    w.git_version = "v1.14.8"
    node = "10.193.86.6"
    host_node(w, node, gpus=8, info={"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-957.el7.x86_64",
                                     "containerRuntimeVersion": "docker://18.9.7", "kubeletVersion": "v1.14.8",
                                     "kubeProxyVersion": "v1.14.8"})
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-q8x2n")], "nvidia/k8s-device-plugin:1.0.0-beta4")
    for i in range(8):
        job = f"train-1100{i:04d}-20200311{i:02d}0000000"
        w.pod(f"1100{i:04d}", f"{job}-worker-0", node=node, gpu=1, containers=("tensorflow",),
              image="tensorflow/tensorflow:1.15.2-gpu-py3", scheduler="kube-batch", owner=("TFJob", job),
              labels={"group_name": "kubeflow.org", "tf-replica-index": "0", "tf-replica-type": "worker", "tf_job_name": job})
    deploy_pod(w, KS, "kube-batch-7c9d8f6b5", "kube-batch-7c9d8f6b5-m2x4k", node, containers=("kube-batch",),
               image="kubesigs/kube-batch:v0.3.0")
    deploy_pod(w, "kubeflow", "tf-job-operator-5d8c7b9f6", "tf-job-operator-5d8c7b9f6-h7q2w", node, containers=("tf-job-operator",),
               image="gcr.io/kubeflow-images-public/tf_operator:v0.5.3")
    ns, job = "11103465", "imgsr-11103465-20200312165729394"
    name = f"{job}-worker-0"
    assert row_value(t, "Status") == "Failed"
    admission_rejected(w, ns, name, node, row_value(t, "Message"), reason=row_value(t, "Reason"),
                       event=row_value(t, "Message").removeprefix("Pod "), containers=("tensorflow",),
                       image="tensorflow/tensorflow:1.15.2-gpu-py3", scheduler="kube-batch", owner=("TFJob", job),
                       labels={"group_name": "kubeflow.org", "tf-replica-index": "0", "tf-replica-type": "worker",
                               "tf_job_name": job})
    w.target("Pod", ns, name)


@case("ft008", "kubelet_restart_readmits_completed_gpu_pod", pod_subj("job-9s7jw", "default"),
      "Kubernetes v1.23.6 (kubeadm-style, containerd) with one GPU node gpu-node-1 (4 GPUs, NVIDIA device plugin "
      "v0.12.3 DaemonSet registered); the Job's pod job-9s7jw (nvidia.com/gpu 1) had Completed, the Deployment deploy's "
      "four pods (nvidia.com/gpu 1 each) are Running and hold all four GPUs; after the kubelet restart (kubelet "
      "Starting event on the node) job-9s7jw is phase Failed with reason UnexpectedAdmissionError and the kubelet's "
      "message (its tail after the thread's 'Requeste' completed with the standard wording) as status message and "
      "event. The issue title is NOT in the bundle. Images and the node name are assumed.")
def _(w, t):
    w.git_version = "v1.23.6"
    node = "gpu-node-1"
    host_node(w, node, gpus=4, info=dict(UBUNTU_2004, kubeletVersion="v1.23.6", kubeProxyVersion="v1.23.6"))
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-7w4kz")], "nvcr.io/nvidia/k8s-device-plugin:v0.12.3")
    w.event("default", "Node", node, "Starting", "Starting kubelet.", type="Normal", component="kubelet", host=node)
    w.event("default", "Node", node, "NodeAllocatableEnforced", "Updated Node Allocatable limit across pods", type="Normal",
            component="kubelet", host=node)
    rs = "deploy-6d485b4676"
    for sfx in ("fbv69", "9gfzg", "q7lr9", "w5qmx"):
        w.pod("default", f"{rs}-{sfx}", node=node, gpu=1, containers=("cuda",), image="nvidia/cuda:11.6.2-base-ubuntu20.04",
              owner=("ReplicaSet", rs), labels={"app": "deploy"})
    msg = "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. Requested: 1, Available: 0, which is unexpected"
    p = admission_rejected(w, "default", "job-9s7jw", node, "Pod " + msg, event=msg, containers=("cuda",),
                           image="nvidia/cuda:11.6.2-base-ubuntu20.04", owner=("Job", "job"),
                           labels={"job-name": "job"})
    p["spec"]["restartPolicy"] = "Never"
    w.target("Pod", "default", "job-9s7jw")


# =============================================================================================
# GPUs lost after a restart / maintenance / reboot
# =============================================================================================

@case("ft005", "gce_maintenance_restart_changes_gpu_uuid", pod_subj("gpu-worker-5d9f8c7b6-k2x8q", "default"),
      "Kubernetes v1.13 on GCE VMs (kubeadm-style, docker 18.09.2 with the nvidia runtime, Ubuntu 18.04) with a CPU "
      "master and the one-GPU worker prod-feb-slave-gpu-instance-0 (Tesla K80) after a GCE 'Instance terminated during "
      "maintenance' restart (kubelet Rebooted event); the NVIDIA device plugin DaemonSet pod restarted and registered "
      "the GPU again (healthy log); the Deployment's pod admitted before the restart crash-loops: last state "
      "ContainerCannotRun with the OCI hook error for the old UUID GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202 (the "
      "thread's quoted beginning, tail after the device id illustrative); a second replica is Failed with reason "
      "OutOfnvidia.com/gpu (re-admitted at the restart before the plugin registered; message in the kubelet's standard wording). The reporter's sentence is NOT in the bundle. "
      "Versions, images and names except the node and the UUID are assumed.")
def _(w, t):
    w.git_version = "v1.13.4"
    kv = {"osImage": "Ubuntu 18.04.2 LTS", "kernelVersion": "4.15.0-1027-gcp", "containerRuntimeVersion": "docker://18.9.2",
          "kubeletVersion": "v1.13.4"}
    info(w.node("prod-feb-master-0", cpu="4", memory="15400344Ki", labels={"node-role.kubernetes.io/master": ""},
                taints=[{"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"}]), **kv)
    node = "prod-feb-slave-gpu-instance-0"
    n = host_node(w, node, gpus=1, info=dict(kv, kubeProxyVersion="v1.13.4"))
    n["metadata"]["labels"]["cloud.google.com/gke-accelerator"] = "nvidia-tesla-k80"
    w.event("default", "Node", node, "Rebooted", f"Node {node} has been rebooted, boot id: 3f9a1c2e-7b4d-4e8f-a1c6-5d2b9e0f7a34",
            component="kubelet", host=node)
    w.event("default", "Node", node, "Starting", "Starting kubelet.", type="Normal", component="kubelet", host=node)
    plugin_ds(w, KS, [(node, "nvidia-device-plugin-daemonset-lz6fd")], "nvidia/k8s-device-plugin:1.11")
    hook = ("OCI runtime create failed: container_linux.go:344: starting container process caused \"process_linux.go:424: "
            "container init caused \\\"process_linux.go:407: running prestart hook 0 caused \\\\\\\"error running hook: exit "
            "status 1, stdout: , stderr: exec command: [/usr/bin/nvidia-container-cli --load-kmods configure "
            "--ldconfig=@/sbin/ldconfig.real --device=GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202 --compute --utility "
            "--require=cuda>=10.0 brand=tesla,driver>=384,driver<385 --pid=5230 /var/lib/docker/overlay2/"
            "1319de685e623721c29cb7d6fe75ccca064c2be4b791952a545eab84829d5d83/merged]\\\\\\\\nnvidia-container-cli: device "
            "error: unknown device id: GPU-3187374f-4d6c-93e6-9c79-c5567b3d9202\\\\\\\\n\\\\\\\"\\\"\": unknown")
    rs = "gpu-worker-5d9f8c7b6"
    img = "registry.example.com/ml/gpu-worker:2019.02"
    name = f"{rs}-k2x8q"
    w.pod("default", name, node=node, gpu=1, containers=("worker",), image=img, owner=("ReplicaSet", rs), ready=False,
          labels={"app": "gpu-worker"}, statuses=crashing("worker", 128, "ContainerCannotRun", hook, restarts=63))
    w.event("default", "Pod", name, "Failed", "Error: failed to start container \"worker\": Error response from daemon: " + hook,
            component="kubelet", host=node, count=63)
    out = "Node didn't have enough resource: nvidia.com/gpu, requested: 1, used: 0, capacity: 0"
    admission_rejected(w, "default", f"{rs}-7bq4m", node, "Pod " + out, reason="OutOfnvidia.com/gpu", event=out,
                       containers=("worker",), image=img, owner=("ReplicaSet", rs), labels={"app": "gpu-worker"})
    w.target("Pod", "default", name)


@case("ft006", "gke_host_maintenance_wipes_driver_installer_image", node_subj("gke-ml-cluster-gpu-pool-l4-3c9e1f7a-q8zx"),
      "GKE v1.28 Standard with a default CPU pool and a GPU pool (g2-standard-8, one NVIDIA L4, COS, local SSD for "
      "containerd images and the driver, autoscaling off), the nvidia-driver-installer DaemonSet of "
      "container-engine-accelerators (init container nvidia-driver-installer with the pre-loaded image "
      "cos-nvidia-installer:fixed, imagePullPolicy Never) and GKE's nvidia-gpu-device-plugin DaemonSet; after the "
      "host-maintenance restart the node is Ready, the installer pod waits in ErrImageNeverPull (the kubelet's standard "
      "message and Failed/ErrImageNeverPull event), the device plugin pod runs without a driver (no log collected), the "
      "node advertises no nvidia.com/gpu, and the inference Deployment's pod (nvidia.com/gpu 1) is Pending with "
      "Insufficient nvidia.com/gpu (illustrative). The PR's prose is NOT in the bundle. Names and versions are assumed.")
def _(w, t):
    w.git_version = "v1.28.7-gke.1026000"
    kv = dict(GKE_KV, kubeletVersion="v1.28.7-gke.1026000", kernelVersion="6.1.58+", containerRuntimeVersion="containerd://1.7.10")
    cpu = "gke-ml-cluster-default-pool-8b2d4e6f-m3k7"
    info(w.node(cpu, cpu="4", memory="16393220Ki", alloc_cpu="3920m", alloc_memory="13257732Ki",
                labels={"cloud.google.com/gke-nodepool": "default-pool", "node.kubernetes.io/instance-type": "e2-standard-4"}), **kv)
    gpu = "gke-ml-cluster-gpu-pool-l4-3c9e1f7a-q8zx"
    n = w.node(gpu, cpu="8", memory="32880636Ki", alloc_cpu="7910m", alloc_memory="28434396Ki",
               labels={"cloud.google.com/gke-nodepool": "gpu-pool-l4", "cloud.google.com/gke-accelerator": "nvidia-l4",
                       "cloud.google.com/gke-ephemeral-storage-local-ssd": "true", "cloud.google.com/gke-os-distribution": "cos",
                       "node.kubernetes.io/instance-type": "g2-standard-8"},
               taints=[{"key": "nvidia.com/gpu", "value": "present", "effect": "NoSchedule"}])
    info(n, **kv)
    w.event("default", "Node", gpu, "Rebooted", f"Node {gpu} has been rebooted, boot id: 8c2f4a61-3d7e-4b95-9f0a-1e6c5b7d2a48",
            component="kubelet", host=gpu)
    inst = "cos-nvidia-installer:fixed"
    sel = {"k8s-app": "nvidia-driver-installer"}
    daemonset(w, KS, "nvidia-driver-installer", desired=1, ready=0, containers=[("pause", "gcr.io/google-containers/pause:2.0")],
              init_containers=[("nvidia-driver-installer", inst)], labels=sel,
              tolerations=[{"operator": "Exists"}],
              affinity={"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {"nodeSelectorTerms": [
                  {"matchExpressions": [{"key": "cloud.google.com/gke-accelerator", "operator": "Exists"}]}]}}})
    pname = "nvidia-driver-installer-h5w9t"
    never = f'Container image "{inst}" is not present with pull policy of Never'
    p = ds_pod(w, KS, "nvidia-driver-installer", pname, gpu, containers=("pause",), image="gcr.io/google-containers/pause:2.0",
               phase="Pending", ready=False, labels=sel, tolerations=[{"operator": "Exists"}],
               statuses={"pause": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}})
    p["spec"]["initContainers"] = [{"name": "nvidia-driver-installer", "image": inst, "imagePullPolicy": "Never",
                                    "resources": {"requests": {"cpu": "150m"}}, "securityContext": {"privileged": True}}]
    p["status"]["initContainerStatuses"] = [{"name": "nvidia-driver-installer", "image": inst, "imageID": "", "ready": False,
                                             "restartCount": 0, "started": False,
                                             "state": {"waiting": {"reason": "ErrImageNeverPull", "message": never}}}]
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    w.event(KS, "Pod", pname, "ErrImageNeverPull", never, component="kubelet", host=gpu, count=212,
            field_path="spec.initContainers{nvidia-driver-installer}")
    w.event(KS, "Pod", pname, "Failed", "Error: ErrImageNeverPull", component="kubelet", host=gpu, count=212,
            field_path="spec.initContainers{nvidia-driver-installer}")
    img = "gcr.io/gke-release/nvidia-gpu-device-plugin@sha256:4b036e8844920336fa48f36edeb7d4398f426d6a934ba022848deed2edbf09aa"
    dsel = {"k8s-app": "nvidia-gpu-device-plugin"}
    daemonset(w, KS, "nvidia-gpu-device-plugin-small-cos", desired=1, containers=[("nvidia-gpu-device-plugin", img)],
              tolerations=[{"operator": "Exists"}], labels=dsel)
    ds_pod(w, KS, "nvidia-gpu-device-plugin-small-cos", "nvidia-gpu-device-plugin-small-cos-z4r8n", gpu,
           containers=("nvidia-gpu-device-plugin",), image=img, labels=dsel, tolerations=[{"operator": "Exists"}])
    ns, rs = "inference", "llm-server-7c8d9f6b5"
    msg = ("0/2 nodes are available: 1 Insufficient nvidia.com/gpu, 1 node(s) didn't match Pod's node affinity/selector. "
           "preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not "
           "helpful for scheduling..")
    name = f"{rs}-x4k9m"
    w.pod(ns, name, gpu=1, containers=("server",), image="us-docker.pkg.dev/acme-ml/serving/llm-server:1.8.2", phase="Pending",
          owner=("ReplicaSet", rs), tolerations=GPU_TOLERATION, labels={"app": "llm-server"},
          node_selector={"cloud.google.com/gke-accelerator": "nvidia-l4"}, scheduled_message=msg)
    w.event(ns, "Pod", name, "FailedScheduling", msg, component="default-scheduler", count=37)
    w.target("Node", None, gpu)


@case("ft007", "reboot_pod_starts_before_gpu_operator_stack", pod_subj("cuda-smi-test", "default"),
      "Kubernetes v1.22.12 node gpu-node-1 (Ubuntu 22.04, kernel 5.15.0-43-generic, docker 24.0.5 via cri-dockerd) "
      "with two GPUs and GPU Operator v23.9.2 managing the driver, a few minutes after a reboot (kubelet Rebooted "
      "event): the driver pod's nvidia-driver-ctr runs but is not ready (still installing, log of the build start, "
      "illustrative), the toolkit and validator wait in driver-validation, device plugin and GFD in "
      "toolkit-validation; the node's nvidia.com/gpu is still advertised from before; the user's pod (nodeSelector "
      "on the node, runs nvidia-smi, nvidia.com/gpu 1) was restarted by the kubelet and its container fails with "
      "StartError whose message carries the thread's exec error (runtime wording around it illustrative). The "
      "reporter's sentence is NOT in the bundle. GPU model and names are assumed.")
def _(w, t):
    w.git_version = "v1.22.12"
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=2, product="Tesla-T4", memory_mib=15360)
    info(n, osImage="Ubuntu 22.04.1 LTS", kernelVersion="5.15.0-43-generic", containerRuntimeVersion="docker://24.0.5",
         kubeletVersion="v1.22.12")
    w.event("default", "Node", node, "Rebooted", f"Node {node} has been rebooted, boot id: 5e1a7c93-2b4f-4d60-8a1e-7c3f9b2d6e15",
            component="kubelet", host=node)
    drv = stack_pod(w, node, "driver")
    set_image(drv, "nvidia-driver-ctr", "nvcr.io/nvidia/driver:535.129.03-ubuntu22.04")
    for s in drv["status"]["containerStatuses"]:
        s.update({"ready": False, "started": True, "restartCount": 1})
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr",
          "DRIVER_ARCH is x86_64\nCreating directory NVIDIA-Linux-x86_64-535.129.03\nVerifying archive integrity... OK\n"
          "Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 535.129.03............\n\n"
          "WARNING: Unable to determine the default X library path. The path /tmp/null/lib will be used, but this path "
          "was not detected in the ldconfig(8) cache, and no directory exists at this path, so it is likely that "
          "libraries installed there will not be found by the loader.\n\n"
          "Installing NVIDIA driver kernel modules...\n")
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, node, role, init)
    err = ('failed to start container "cuda-smi-test": Error response from daemon: failed to create task for container: '
           'failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: '
           'exec: "nvidia-smi": executable file not found in $PATH: unknown')
    name = "cuda-smi-test"
    w.pod("default", name, node=node, gpu=1, containers=("cuda",), image="nvidia/cuda:12.2.0-base-ubuntu22.04", ready=False,
          node_selector={"kubernetes.io/hostname": node}, statuses=start_error("cuda", err, restarts=3),
          extra_spec={"restartPolicy": "Always"})
    w.get_pod("default", name)["spec"]["containers"][0].update({"command": ["nvidia-smi"], "args": ["-l", "60"]})
    w.event("default", "Pod", name, "Failed", "Error: " + err, component="kubelet", host=node, count=3)
    w.target("Pod", "default", name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
