"""First-contact batch Q (fixtures/first-contact/batch-q/cases.jsonl) as scenario bundles.

Real failures from public threads that no rule was written for, sampled with batch Q's fixed query list
(see the batch README): runtime layer (a RuntimeClass object that does not exist on HyperPod EKS, a
containerd that never loaded the nvidia handler, a CDI-mode device plugin without the NVIDIA runtime, an
NGC image's NVIDIA_VISIBLE_DEVICES refused under the volume-mounts strategy, the operator's toolkit on a
CRI-O node, pods losing their GPUs on k3s after a daemon-reload) and driver layer (a driver upgrade that did
not evict idle GPU pods, host packages upgraded ahead of the loaded kernel module). Each builder places the
case's text verbatim where a collector would have found it (prose cases: the text is the thread's words and
the bundle carries the state it describes) and builds the cluster state the thread describes. The expected
answer was reasoned from the thread (`expected` in the case, preferred first) and committed before any rule
change; it is never taken from the tool's output.

Version strings and names the thread does not state (kernel builds, kubelet versions, pod names) are filled
in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_q      # (re)writes fixtures/first-contact/batch-q/scenarios/
"""

from __future__ import annotations

import re
from functools import lru_cache

from tests.classify.first_contact_b import (KS, block, drop_logs, host_node, init_crashloop, no_gpu_resource,
                                            node_info, plugin_ds, plugin_pod, stack_pod, thread_scenario)
from tests.classify.first_contact_f import waiting
from tests.classify.scenario_builder import (checked_case_ids, OPERATOR_NS, read_cases, REPO, Scenario, T0, T1,
                                             World, write_batch)
from tests.classify.scenarios_real import ML, crashing, node_subj, pod_subj

BATCH = REPO / "fixtures" / "first-contact" / "batch-q"
SCENARIOS_DIR = BATCH / "scenarios"


@lru_cache(maxsize=1)
def cases() -> dict[str, dict]:
    return read_cases(BATCH / "cases.jsonl")


BUILDERS: dict[str, tuple] = {}


def case(case_id: str, subject: dict, world_note: str):
    def deco(fn):
        BUILDERS[case_id] = (fn, subject, world_note)
        return fn
    return deco


def fenced(t: str) -> str:
    """The content of the (single) ``` block of a case text."""
    return re.search(r"```\n(.*?)\n```", t, re.S).group(1)


def ds_status(desired: int, ready: int) -> dict:
    st = {"desiredNumberScheduled": desired, "currentNumberScheduled": desired, "numberReady": ready,
          "numberAvailable": ready, "updatedNumberScheduled": desired, "numberMisscheduled": 0,
          "observedGeneration": 1}
    if desired > ready:
        st["numberUnavailable"] = desired - ready
    return st


def sandbox_stuck(w: World, node: str, role: str) -> str:
    """A GPU-stack pod (runtimeClassName nvidia) that cannot get a sandbox: ContainerCreating, no logs."""
    p = stack_pod(w, node, role)
    name = p["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    for s in p["status"].get("initContainerStatuses", []):
        s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
    for s in p["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ContainerCreating"}}, "ready": False, "started": False})
    p["status"].pop("podIP", None)
    return name


# ---- runtime layer ---------------------------------------------------------------------------

@case("fq001", pod_subj("vllm-disagg-0-frontend-7c9d8b6f5-x2k4p", "dynamo"),
      "SageMaker HyperPod EKS cluster: B200 node `hyperpod-i-0c4f2a9e81d7b3605` (ml.p6-b200.48xlarge, 8 GPUs; "
      "node name, AMI, kernel, containerd and kubelet strings assumed for mid-2026) with the driver and the "
      "containerd `nvidia` handler in the AMI and the NVIDIA device plugin DaemonSet advertising nvidia.com/gpu 8; "
      "no GPU Operator, so no RuntimeClass `nvidia` exists (the bundle has no runtimeclasses file: no created pod "
      "names one, so a collector would not have fetched it); KAI-scheduler v0.13.4 (scheduler and "
      "admission pods Running, namespace `kai-scheduler`); grove-operator (namespace `grove-system`) Running whose "
      "log repeats ERR_CREATE_POD for the two vllmworker cliques with the API server's rejection (the log line "
      "format and the pod names are illustrative; the quoted `RuntimeClass \"nvidia\" not found` is the "
      "thread's); no vllmworker pod exists; the GPU-less frontend pod (namespace `dynamo`, names assumed) is "
      "Pending with a scheduling gate (SchedulingGated).")
def _(w, t):
    node = "hyperpod-i-0c4f2a9e81d7b3605"
    host_node(w, node, gpus=8,
              labels={"node.kubernetes.io/instance-type": "ml.p6-b200.48xlarge",
                      "sagemaker.amazonaws.com/compute-type": "hyperpod",
                      "sagemaker.amazonaws.com/node-health-status": "Schedulable",
                      "eks.amazonaws.com/nodegroup": "b200-group"},
              info={"osImage": "Amazon Linux 2023.7.20260601", "kernelVersion": "6.1.140-154.222.amzn2023.x86_64",
                    "containerRuntimeVersion": "containerd://1.7.27", "kubeletVersion": "v1.33.1-eks-1a2b3c4",
                    "kubeProxyVersion": "v1.33.1-eks-1a2b3c4"})
    n = w.get_node(node)
    n["spec"]["taints"] = [{"key": "nvidia.com/gpu", "value": "true", "effect": "NoSchedule"}]
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-8kq2d", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.2")
    plugin_ds(w, KS, [p])
    for name, app in (("kai-scheduler-default-6d8f9c7b5-qx4lm", "kai-scheduler"),
                      ("kai-admission-5f7c6d9b8-2hvtn", "kai-admission")):
        w.pod("kai-scheduler", name, node=node, gpu=0, containers=(app,),
              image=f"ghcr.io/nvidia/kai-scheduler/{app}:v0.13.4", owner=("ReplicaSet", name.rsplit("-", 1)[0]),
              labels={"app": app})
    rejection = fenced(t)
    lines = ['{"level":"info","ts":"2026-08-20T10:02:11Z","msg":"Reconciling PodClique","podclique":"dynamo/vllm-disagg-0-vllmworker-prefill"}']
    for clique in ("vllm-disagg-0-vllmworker-prefill", "vllm-disagg-0-vllmworker-decode"):
        lines.append('{"level":"error","ts":"2026-08-20T10:02:12Z","msg":"failed to create pod","code":"ERR_CREATE_POD",'
                     f'"podclique":"dynamo/{clique}","error":"pods \\"{clique}-0\\" is forbidden: pod rejected: '
                     f'{rejection.replace(chr(34), chr(92) + chr(34))}"}}')
    w.pod("grove-system", "grove-operator-7b6c5d4f9-m8x2r", node=node, gpu=0, containers=("grove-operator",),
          image="ghcr.io/nvidia/grove/grove-operator:v0.1.0", owner=("ReplicaSet", "grove-operator-7b6c5d4f9"),
          labels={"app": "grove-operator"})
    w.log("grove-system", "grove-operator-7b6c5d4f9-m8x2r", "grove-operator", "\n".join(lines))
    ns, name = "dynamo", "vllm-disagg-0-frontend-7c9d8b6f5-x2k4p"
    pod = w.pod(ns, name, gpu=0, containers=("frontend",), image="nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.4.0",
                owner=("ReplicaSet", "vllm-disagg-0-frontend-7c9d8b6f5"), scheduler="kai-scheduler",
                labels={"grove.io/podgang": "vllm-disagg-0"},
                extra_spec={"schedulingGates": [{"name": "grove.io/podgang-pending-creation"}]})
    pod["status"]["conditions"] = [{"type": "PodScheduled", "status": "False", "reason": "SchedulingGated",
                                    "message": "Scheduling is blocked due to non-empty scheduling gates",
                                    "lastTransitionTime": T0}]
    w.target("Pod", ns, name)


@case("fq002", node_subj("gpu-worker-1"),
      "Kubernetes node `gpu-worker-1` (Ubuntu 22.04, one GPU; containerd 1.6.9 as in the thread; kernel and kubelet "
      "strings assumed for November 2022) with GPU Operator v22.9.0: driver container Running, "
      "nvidia-container-toolkit pod Running with an illustrative log ending in its usual 'Sending SIGHUP signal to "
      "containerd' / 'Waiting for signal' lines; the device plugin, GFD and validator pods (runtimeClassName "
      "nvidia) are Pending in ContainerCreating with a kubelet FailedCreatePodSandBox event each whose message is "
      "the kubelet's usual wording around the text (illustrative); the node has no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-worker-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-A100-PCIE-40GB", memory_mib=40960)
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 22.04.1 LTS", kernelVersion="5.15.0-53-generic",
              containerRuntimeVersion="containerd://1.6.9", kubeletVersion="v1.25.4", kubeProxyVersion="v1.25.4")
    tk = stack_pod(w, node, "toolkit")
    w.log(OPERATOR_NS, tk["metadata"]["name"], "nvidia-container-toolkit-ctr",
          'time="2022-11-02T09:14:03Z" level=info msg="Starting \'setup\' for containerd"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Loading config: /runtime/config-dir/config.toml"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Successfully loaded config"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Config version: 2"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Updating config"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Successfully updated config"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Flushing config"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Successfully flushed config"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Sending SIGHUP signal to containerd"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Successfully signaled containerd"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Completed \'setup\' for containerd"\n'
          'time="2022-11-02T09:14:03Z" level=info msg="Waiting for signal"\n')
    msg = ("Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: "
           "no runtime for \"nvidia\" is configured")
    for role in ("device-plugin", "gfd", "validator"):
        name = sandbox_stuck(w, node, role)
        w.event(OPERATOR_NS, "Pod", name, "FailedCreatePodSandBox", msg, count=47, host=node)
    w.target("Node", None, node)


@case("fq003", node_subj("gpu-node-1"),
      "Kubernetes node `gpu-node-1` (Ubuntu 22.04, containerd 1.7 with CDI enabled, host driver and toolkit; two "
      "GPUs; model, kernel and kubelet strings assumed for June 2023) with the standalone NVIDIA device plugin "
      "v0.14.0 DaemonSet in kube-system configured with deviceListStrategy cdi-annotations and failOnInitError, "
      "without runtimeClassName (nvidia is not containerd's default runtime); the plugin pod crash-loops and its "
      "previous log ends with the plugin's usual NVML failure lines (illustrative: the thread names the error "
      "'could not load NVML library' only in prose); the node advertises no nvidia.com/gpu.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=2, advertised=False,
              info={"osImage": "Ubuntu 22.04.2 LTS", "kernelVersion": "5.15.0-73-generic",
                    "containerRuntimeVersion": "containerd://1.7.2", "kubeletVersion": "v1.27.2",
                    "kubeProxyVersion": "v1.27.2"})
    name = "nvidia-device-plugin-daemonset-w7v2c"
    p = plugin_pod(w, node, name, log=None, image="nvcr.io/nvidia/k8s-device-plugin:v0.14.0", ready=False,
                   statuses=crashing("nvidia-device-plugin-ctr", 1, restarts=9))
    for c in p["spec"]["containers"]:
        c["env"] = [{"name": "DEVICE_LIST_STRATEGY", "value": "cdi-annotations"},
                    {"name": "FAIL_ON_INIT_ERROR", "value": "true"}]
    w.log(KS, name, "nvidia-device-plugin-ctr",
          "I0620 08:31:02.104512       1 main.go:154] Starting FS watcher.\n"
          "I0620 08:31:02.104601       1 main.go:161] Starting OS watcher.\n"
          "I0620 08:31:02.104899       1 main.go:176] Starting Plugins.\n"
          "I0620 08:31:02.104918       1 main.go:234] Loading configuration.\n"
          "I0620 08:31:02.105503       1 main.go:242] Updating config with default resource matching patterns.\n"
          "I0620 08:31:02.105797       1 main.go:253] \nRunning with config:\n{\n  \"version\": \"v1\",\n  \"flags\": {\n"
          "    \"migStrategy\": \"none\",\n    \"failOnInitError\": true,\n    \"plugin\": {\n"
          "      \"deviceListStrategy\": [\n        \"cdi-annotations\"\n      ]\n    }\n  }\n}\n"
          "I0620 08:31:02.105810       1 main.go:256] Retreiving plugins.\n"
          "E0620 08:31:02.106011       1 factory.go:64] Failed to initialize NVML: ERROR_LIBRARY_NOT_FOUND.\n"
          "E0620 08:31:02.106029       1 factory.go:65] If this is a GPU node, did you set the docker default runtime to `nvidia`?\n"
          "E0620 08:31:02.106045       1 main.go:123] error starting plugins: error creating plugin manager: "
          "unable to create plugin manager: nvml init failed: ERROR_LIBRARY_NOT_FOUND\n", previous=True)
    plugin_ds(w, KS, [p])
    w.target("Node", None, node)


@case("fq004", pod_subj("ngc-notebook-0", "research"),
      "kubeadm-style Kubernetes (node `gpu-node-1`, Ubuntu 18.04, docker 19.03 with the nvidia runtime as default; "
      "four GPUs; kernel and kubelet strings assumed for November 2020) with the NVIDIA device plugin v0.7.0 "
      "DaemonSet started with --device-list-strategy=volume-mounts; the user's non-privileged pod (namespace, name "
      "and image tag assumed; an NGC image, no nvidia.com/gpu request) keeps failing to start: its container "
      "waits in RunContainerError after a StartError (exit 128) whose message wraps the quoted error line in the "
      "OCI hook wording of that time (the wrapper is illustrative; the error line is the thread's), and the "
      "kubelet Failed event carries the same message.")
def _(w, t):
    node = "gpu-node-1"
    host_node(w, node, gpus=4,
              info={"osImage": "Ubuntu 18.04.5 LTS", "kernelVersion": "4.15.0-122-generic",
                    "containerRuntimeVersion": "docker://19.3.13", "kubeletVersion": "v1.19.3",
                    "kubeProxyVersion": "v1.19.3"})
    p = plugin_pod(w, node, "nvidia-device-plugin-daemonset-9fz4k", image="nvcr.io/nvidia/k8s-device-plugin:v0.7.0")
    for c in p["spec"]["containers"]:
        c["args"] = ["--device-list-strategy=volume-mounts", "--fail-on-init-error=true"]
    plugin_ds(w, KS, [p])
    err = t.rsplit("\n", 1)[1]
    msg = ("failed to start container \"notebook\": Error response from daemon: OCI runtime create failed: "
           "container_linux.go:349: starting container process caused \"process_linux.go:449: container init "
           "caused \\\"process_linux.go:432: running prestart hook 0 caused \\\\\\\"error running hook: exit status 1, "
           f"stdout: , stderr: {err}\\\\\\\\n\\\\\\\"\\\"\": unknown")
    ns, name = "research", "ngc-notebook-0"
    st = crashing("notebook", 128, "ContainerCannotRun", msg, restarts=6, waiting="RunContainerError")
    w.pod(ns, name, node=node, gpu=0, containers=("notebook",), image="nvcr.io/nvidia/pytorch:20.10-py3",
          owner=("StatefulSet", "ngc-notebook"), ready=False, statuses=st)
    w.event(ns, "Pod", name, "Failed", msg, count=7, host=node)
    w.event(ns, "Pod", name, "BackOff", "Back-off restarting failed container", count=25, host=node)
    w.target("Pod", ns, name)


@case("fq005", node_subj("worker8"),
      "Home-lab cluster with two GPU nodes (names as in the thread; OS, kernel, runtime and kubelet strings, GPU "
      "models and pod names assumed for mid-2026): `spark` (Ubuntu 24.04, containerd) and `worker8` (CentOS "
      "Stream 9, CRI-O 1.33, host NVIDIA driver and OCI hooks), both with GPU Operator labels; the operator's "
      "driver is pre-installed (no driver DaemonSet); on spark every operand pod is Running; on worker8 the "
      "nvidia-container-toolkit pod crash-loops and its previous log ends with a containerd-socket dial error "
      "(illustrative: the thread describes it in prose), while the device plugin, GFD and validator are Running and "
      "GPU workload pods (ollama, comfyui, immich-machine-learning, whisper; one GPU each, time-sliced x8 on "
      "worker8) are Running on worker8.")
def _(w, t):
    spark = w.gpu_node("spark", gpus=1, product="NVIDIA-GB10", memory_mib=122570,
                       labels={"nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(spark, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.11.0-1014-nvidia",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.2", kubeProxyVersion="v1.33.2")
    n = w.gpu_node("worker8", gpus=8, product="NVIDIA-GeForce-RTX-3090-SHARED", memory_mib=24576,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed", "nvidia.com/gpu.replicas": "8",
                           "feature.node.kubernetes.io/system-os_release.ID": "centos"})
    node_info(n, osImage="CentOS Stream 9", kernelVersion="5.14.0-570.el9.x86_64",
              containerRuntimeVersion="cri-o://1.33.1", kubeletVersion="v1.33.2", kubeProxyVersion="v1.33.2")
    for node in ("spark", "worker8"):
        drv = stack_pod(w, node, "driver")
        w.pods[OPERATOR_NS].remove(drv)
        drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    tk = stack_pod(w, "worker8", "toolkit")
    name = tk["metadata"]["name"]
    tk["status"]["containerStatuses"] = [dict(tk["status"]["containerStatuses"][0],
                                              **crashing("nvidia-container-toolkit-ctr", 1, restarts=212)["nvidia-container-toolkit-ctr"], started=False)]
    for c in tk["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, name, "nvidia-container-toolkit-ctr",
          'time="2026-05-19T06:40:12Z" level=info msg="Starting nvidia-toolkit"\n'
          'time="2026-05-19T06:40:12Z" level=info msg="Installing NVIDIA container toolkit to \'/usr/local/nvidia/toolkit\'"\n'
          'time="2026-05-19T06:40:13Z" level=info msg="Starting \'setup\' for containerd"\n'
          'time="2026-05-19T06:40:13Z" level=info msg="Loading config from /runtime/config-dir/config.toml"\n'
          'time="2026-05-19T06:40:13Z" level=fatal msg="error running nvidia-toolkit: unable to setup runtime: '
          'unable to restart containerd: unable to dial: dial unix /runtime/sock-dir/containerd.sock: connect: '
          'no such file or directory"\n', previous=True)
    for app in ("ollama-5d9c8b7f6-kq2lx", "comfyui-6f8d7c9b5-h4m2n", "immich-machine-learning-7c6b5d8f9-r2t6w",
                "whisper-8d7c6b5f4-p9z3c"):
        w.pod("media", app, node="worker8", containers=(app.split("-")[0],), image="ghcr.io/example/app:latest",
              owner=("ReplicaSet", app.rsplit("-", 1)[0]))
    w.target("Node", None, "worker8")


@case("fq006", pod_subj("llm-worker-6b8d7f9c5-2xk7q", "ai"),
      "k3s node `k3s-gpu-1` (Ubuntu 22.04, two GPUs; k3s, kernel and driver strings assumed for January 2025) "
      "with the host driver and toolkit, the k3s-managed containerd, and the standalone NVIDIA device plugin "
      "v0.17.0 DaemonSet (MPS sharing, replicas 4, runtimeClassName nvidia; its log is the plugin's usual "
      "start-up log) advertising nvidia.com/gpu 8; a GPU workload pod (names and image assumed; one GPU, "
      "runtimeClassName nvidia) is Running and Ready after the daemon-reload that took its GPU access (the thread "
      "quotes no application output, so the pod has no log).")
def _(w, t):
    node = "k3s-gpu-1"
    host_node(w, node, gpus=8, labels={"node.kubernetes.io/instance-type": "k3s", "nvidia.com/mps.capable": "true"},
              info={"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-130-generic",
                    "containerRuntimeVersion": "containerd://1.7.23-k3s2", "kubeletVersion": "v1.31.4+k3s1",
                    "kubeProxyVersion": "v1.31.4+k3s1"})
    p = plugin_pod(w, node, "nvidia-device-plugin-mps-9v4xq", image="nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
                   runtime_class="nvidia")
    plugin_ds(w, KS, [p])
    w.pod("ai", "llm-worker-6b8d7f9c5-2xk7q", node=node, containers=("worker",), runtime_class="nvidia",
          image="vllm/vllm-openai:v0.6.6", owner=("ReplicaSet", "llm-worker-6b8d7f9c5"))
    w.target("Pod", "ai", "llm-worker-6b8d7f9c5-2xk7q")


# ---- driver layer ----------------------------------------------------------------------------

@case("fq007", node_subj("gpu-node-1"),
      "Kubernetes node `gpu-node-1` (Ubuntu 20.04, one GPU; kernel, containerd and kubelet strings assumed for "
      "October 2022) with GPU Operator v1.11 after a driver upgrade: the new driver pod is Running and Ready "
      "(healthy driver log); the toolkit pod is Running; the device plugin, GFD and validator pods, recreated with "
      "runtimeClassName nvidia after the upgrade, crash-loop in their toolkit-validation / driver-validation init "
      "containers without a quoted log (the thread quotes the driver-manager's label lines, not the operands' "
      "errors); the node advertises no nvidia.com/gpu; an idle GPU pod (names assumed) that was not evicted "
      "across the upgrade is Running.")
def _(w, t):
    node = "gpu-node-1"
    n = w.gpu_node(node, gpus=1, allocatable=None, product="NVIDIA-A10", memory_mib=23028)
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.4.0-128-generic",
              containerRuntimeVersion="containerd://1.6.8", kubeletVersion="v1.24.6", kubeProxyVersion="v1.24.6")
    for role, init in (("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation"),
                       ("validator", "driver-validation")):
        init_crashloop(w, node, role, init, None, restarts=8)
    old = w.pod(ML, "notebook-0", node=node, containers=("notebook",), image="jupyter/pytorch-notebook:2022-10-10",
                owner=("StatefulSet", "notebook"))
    old["status"]["startTime"] = "2026-11-20T08:00:00Z"
    old["metadata"]["creationTimestamp"] = "2026-11-20T07:59:58Z"
    w.target("Node", None, node)


@case("fq008", node_subj("prusik"),
      "Home-lab cluster: GPU node `prusik` (Ubuntu 24.04 prepared with Ansible; one GPU; kernel, containerd, "
      "kubelet strings assumed for mid-2026) with the GPU Operator stack using the host's NVIDIA driver "
      "(driver pre-installed, no driver DaemonSet); after unattended-upgrades replaced the NVIDIA user-space "
      "packages the device plugin pod crash-loops with 269 restarts and its previous log ends with the quoted "
      "line (the start-up lines before it are illustrative); GFD and the validator are Running (not described in "
      "the thread); the node advertises no nvidia.com/gpu allocatable (capacity kept, allocatable 0).")
def _(w, t):
    node = "prusik"
    n = w.gpu_node(node, gpus=1, allocatable=0, product="NVIDIA-GeForce-RTX-3060", memory_mib=12288,
                   labels={"nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, osImage="Ubuntu 24.04.2 LTS", kernelVersion="6.8.0-60-generic",
              containerRuntimeVersion="containerd://2.0.5", kubeletVersion="v1.33.1", kubeProxyVersion="v1.33.1")
    drv = stack_pod(w, node, "driver")
    w.pods[OPERATOR_NS].remove(drv)
    drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    dp = stack_pod(w, node, "device-plugin")
    name = dp["metadata"]["name"]
    drop_logs(w, OPERATOR_NS, name)
    dp["status"]["containerStatuses"] = [dict(dp["status"]["containerStatuses"][0],
                                              **crashing("nvidia-device-plugin", 1, restarts=269)["nvidia-device-plugin"], started=False)]
    for c in dp["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, name, "nvidia-device-plugin",
          "I0603 21:14:09.512104       1 main.go:235] \"Starting NVIDIA Device Plugin\" version=\"v0.17.2\"\n"
          "I0603 21:14:09.512201       1 main.go:238] Starting FS watcher for /var/lib/kubelet/device-plugins\n"
          "I0603 21:14:09.512260       1 main.go:245] Starting OS watcher.\n"
          "I0603 21:14:09.512655       1 main.go:260] Starting Plugins.\n"
          "I0603 21:14:09.512671       1 main.go:317] Loading configuration.\n"
          f"E0603 21:14:09.531877       1 main.go:177] {fenced(t)}\n", previous=True)
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

def _scenario(case_id: str) -> Scenario:
    return thread_scenario(case_id, BUILDERS[case_id], cases()[case_id], "Q")


def all_scenarios() -> list[Scenario]:
    return [_scenario(cid) for cid in checked_case_ids(cases(), BUILDERS)]


def main() -> None:
    write_batch(all_scenarios(), SCENARIOS_DIR)


if __name__ == "__main__":
    main()
