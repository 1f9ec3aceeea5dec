"""Builds first-contact batch D11 (fixtures/first-contact/batch-d11/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer (nvidia-container-toolkit,
nvidia-container-runtime, libnvidia-container, CDI, containerd / CRI-O configuration, RuntimeClass, hooks, the
operator's toolkit DaemonSet, cgroups) from public sources that no rule was written for, sampled with the fixed
list of 72 queries in the batch README (all four corpora of the `search` tool at once: `issues`, `pages`, `docs`,
`code`, 18 queries each). Prose cases (a maintainer's or reporter's own words, which never reach the cluster) are
listed in TEXT_NOT_IN_BUNDLE: their text is NOT placed in the bundle; each builder builds the cluster state the
source describes. The other cases' texts are placed verbatim where the source says they appeared.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state (node and pod names, namespaces, kernels, kubelet and runtime builds,
image tags, GPU models, the workloads) are filled in plausibly; each scenario's README says which parts of the world
are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_d11      # (re)writes fixtures/first-contact/batch-d11/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, plugin_ds, plugin_pod
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-d11", "D11", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (a maintainer's or a reporter's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fd1102"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _no_requests(pod: dict) -> dict:
    """A GPU-stack DaemonSet pod as its manifests ship it: no CPU/memory requests or limits."""
    for c in pod["spec"]["containers"]:
        c["resources"] = {}
    return pod


def _guaranteed(pod: dict) -> dict:
    """Requests equal to limits on every container: the Guaranteed QoS class."""
    for c in pod["spec"]["containers"]:
        res = c["resources"]
        res["limits"].update({k: v for k, v in res["requests"].items()})
        res["requests"].update({k: v for k, v in res["limits"].items()})
    pod["status"]["qosClass"] = "Guaranteed"
    return pod


def _operand_images(w, tag: str, gfd_image: str, dcgm_image: str | None = None) -> None:
    """The GPU Operator's operand images as the given operator release ships them (validator and operand tags,
    the GFD and DCGM-exporter images), in spec and status alike."""
    for p in w.pods.get(OPERATOR_NS, []):
        name = p["metadata"]["name"]
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            if name.startswith("gpu-feature-discovery") and c in p["spec"]["containers"]:
                c["image"] = gfd_image
            elif name.startswith("nvidia-dcgm-exporter") and c in p["spec"]["containers"] and dcgm_image:
                c["image"] = dcgm_image
            elif not c["image"].startswith("nvcr.io/nvidia/driver:"):
                c["image"] = c["image"].replace(":v24.9.0", f":{tag}")
        images = {c["name"]: c["image"] for c in p["spec"]["containers"] + p["spec"].get("initContainers", [])}
        for st in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            st["image"] = images.get(st["name"], st["image"])


# ---- runtime layer: libnvidia-container and the systemd cgroup driver ----------------------------

_KUBEADM_2020 = {"osImage": "CentOS Linux 7 (Core)", "kernelVersion": "3.10.0-1160.6.1.el7.x86_64",
                 "containerRuntimeVersion": "containerd://1.4.3", "kubeletVersion": "v1.19.4",
                 "kubeProxyVersion": "v1.19.4"}

_PLUGIN_LOG_2020 = ("2020/12/03 16:41:10 Loading NVML\n"
                    "2020/12/03 16:41:10 Starting FS watcher.\n"
                    "2020/12/03 16:41:10 Starting OS watcher.\n"
                    "2020/12/03 16:41:10 Retreiving plugins.\n"
                    "2020/12/03 16:41:10 Starting GRPC server for 'nvidia.com/gpu'\n"
                    "2020/12/03 16:41:10 Starting to serve 'nvidia.com/gpu' on "
                    "/var/lib/kubelet/device-plugins/nvidia-gpu.sock\n"
                    "2020/12/03 16:41:10 Registered device plugin for 'nvidia.com/gpu' with Kubelet\n")


@case("fd1101", pod_subj("cuda-train-0", "default"),
      "Kubernetes v1.19.4 cluster set up with kubeadm (the issue names only the kubelet's systemd cgroup driver and "
      "containerd; versions, OS, names and the GPU assumed for December 2020): one control-plane node and the GPU "
      "node gpu-node-1 (CentOS 7, cgroup v1, containerd 1.4.3 with the nvidia runtime as default_runtime_name and "
      "SystemdCgroup = true, libnvidia-container 1.3.0, four Tesla V100) advertising nvidia.com/gpu 4. The NVIDIA "
      "device plugin DaemonSet (kube-system, v0.7.3, 1/1 ready) runs there; its pod is assumed to have been started "
      "before the switch to the systemd cgroup driver and to have kept running, its log without error. The pod "
      "cuda-train-0 (namespace default, Guaranteed QoS, so its cgroup parent is kubepods-pod<uid>.slice, one GPU) "
      "is Running but its container is in CrashLoopBackOff: each start fails with reason StartError, exit code 128, "
      "and the issue's containerd message, and the kubelet's Failed event holds 'Error: ' followed by that message "
      "(the pod uid is the one the message names); a BackOff event follows.")
def _(w, t):
    w.git_version = "v1.19.4"
    cp = w.node("k8s-master-1", cpu="8", memory="16264520Ki", alloc_cpu="8", alloc_memory="16162120Ki",
                labels={"node-role.kubernetes.io/master": ""},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(cp, **_KUBEADM_2020)
    gpu = "gpu-node-1"
    g = w.node(gpu, gpus=4, cpu="48", memory="394846772Ki", alloc_cpu="48", alloc_memory="394744372Ki")
    node_info(g, **_KUBEADM_2020)
    pp = plugin_pod(w, gpu, "nvidia-device-plugin-daemonset-x8k2q", image="nvcr.io/nvidia/k8s-device-plugin:v0.7.3",
                    log=_PLUGIN_LOG_2020)
    pp["spec"]["priorityClassName"] = "system-node-critical"
    plugin_ds(w, KS, [_no_requests(pp)])
    ns, pod = "default", "cuda-train-0"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("cuda",), image="nvidia/cuda:11.1-base-centos7",
              labels={"app": "cuda-train"}, cpu="4", memory="16Gi", restarts=6)
    p["metadata"]["uid"] = "80540e95-304d-8cec-e2ae-2afafd8b8976"
    p["spec"]["containers"][0]["command"] = ["python3", "/workspace/train.py"]
    _guaranteed(p)
    crashloop(p, "cuda", restarts=6, code=128, reason="StartError", message=t)
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", type="Normal",
            component="default-scheduler")
    w.event(ns, "Pod", pod, "Failed", f"Error: {t}", component="kubelet", host=gpu, count=7,
            field_path="spec.containers{cuda}")
    backoff(w, ns, pod, "cuda", gpu, count=24)
    w.target("Pod", ns, pod)


# ---- runtime layer: the nvidia runtime wrapper on CRI-O during a driver upgrade --------------------

_CRIO_INFO = {"osImage": "Ubuntu 22.04.5 LTS", "kernelVersion": "5.15.0-153-generic",
              "containerRuntimeVersion": "cri-o://1.33.5", "kubeletVersion": "v1.33.5",
              "kubeProxyVersion": "v1.33.5"}

_DRIVER_UPGRADE_LOG = ("DRIVER_ARCH is x86_64\n"
                       "Creating directory NVIDIA-Linux-x86_64-580.95.05\n"
                       "Verifying archive integrity... OK\n"
                       "Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 580.95.05......\n"
                       "\n"
                       "WARNING: Unable to determine the default X library path. The path /tmp/null/lib will be used, "
                       "but this path was not detected in the ld.so configuration.\n"
                       "Installing NVIDIA driver kernel modules...\n")


@case("fd1102", node_subj("gpu-crio-1"),
      "Kubernetes v1.33.5 on CRI-O 1.33.5 (vanilla CRI-O packages, so the low-level runtimes live under "
      "/usr/libexec/crio; the PR names GPU Operator 25.10.0 and cri-o, everything else assumed): one CPU node and "
      "the GPU node gpu-crio-1 (Ubuntu 22.04, one NVIDIA L40S). GPU Operator 25.10.0 (namespace gpu-operator) has "
      "written nvidia runtime handlers into CRI-O's configuration, and a driver upgrade to 580.95.05 is in "
      "progress: the driver DaemonSet pod was recreated with the new image and is "
      "Running but not ready, its log (illustrative, the driver container's usual lines) ending with 'Installing "
      "NVIDIA driver kernel modules...', so no nvidia kernel module is loaded. The recreated device-plugin, GFD, "
      "DCGM-exporter and operator-validator pods sit in Init:RunContainerError (their first init container waiting "
      "with reason RunContainerError, restart count climbing; no message is quoted by the PR, so none is written), "
      "with the kubelet's BackOff events; the container-toolkit DaemonSet pod is Running. The node still lists "
      "nvidia.com/gpu 1 in capacity but 0 allocatable (the device plugin is gone). The PR's prose is NOT in the "
      "bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    cpu = "cpu-crio-1"
    n = w.node(cpu, cpu="16", memory="65837212Ki", alloc_cpu="15800m", alloc_memory="64686236Ki")
    node_info(n, **_CRIO_INFO)
    gpu = "gpu-crio-1"
    g = w.gpu_node(gpu, gpus=1, product="NVIDIA-L40S", memory_mib=46068, cpu="32", memory="263842588Ki",
                   allocatable=0, plugin_log=None,
                   labels={"nvidia.com/cuda.driver.major": "570", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/gpu.deploy.dcgm-exporter": "true"})
    node_info(g, **_CRIO_INFO)
    for p in w.pods[OPERATOR_NS]:
        _no_requests(p)
    drv = w.get_pod(OPERATOR_NS, w.stack(gpu, "driver"))
    for c in drv["spec"]["containers"]:
        c["image"] = "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04"
    for s in drv["status"]["containerStatuses"]:
        s.update({"ready": False, "restartCount": 0, "image": "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04",
                  "state": {"running": {"startedAt": T1}}})
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    w.log(OPERATOR_NS, drv["metadata"]["name"], "nvidia-driver-ctr", _DRIVER_UPGRADE_LOG)
    # the recreated operand pods: their first init container cannot be started (RunContainerError)
    for role, first_init in (("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation"),
                             ("validator", "driver-validation")):
        name = w.stack(gpu, role)
        p = w.get_pod(OPERATOR_NS, name)
        p["status"]["phase"] = "Pending"
        for c in p["status"]["conditions"]:
            if c["type"] != "PodScheduled":
                c["status"] = "False"
        later = False
        for s in p["status"].get("initContainerStatuses", []):
            if s["name"] == first_init:
                s.update({"state": {"waiting": {"reason": "RunContainerError"}}, "ready": False, "restartCount": 5,
                          "lastState": {}})
                later = True
            elif later:
                s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False})
        for s in p["status"]["containerStatuses"]:
            s.update({"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "started": False})
        for key in [k for k in w.logs if k[0] == OPERATOR_NS and k[1] == name]:
            w.logs.pop(key)
        backoff(w, OPERATOR_NS, name, first_init, gpu, count=9)
    # the DCGM exporter, as the operator deploys it on this node
    dcgm = "nvidia-dcgm-exporter-t6v2n"
    dp = w.pod(OPERATOR_NS, dcgm, node=gpu, gpu=0, containers=("nvidia-dcgm-exporter",),
               init_containers=("toolkit-validation",), labels={"app": "nvidia-dcgm-exporter"},
               owner=("DaemonSet", "nvidia-dcgm-exporter"), runtime_class="nvidia", phase="Pending",
               tolerations=GPU_TOL,
               init_statuses={"toolkit-validation": {"state": {"waiting": {"reason": "RunContainerError"}},
                                                     "ready": False, "restartCount": 5}},
               statuses={"nvidia-dcgm-exporter": {"state": {"waiting": {"reason": "PodInitializing"}},
                                                  "ready": False, "restartCount": 0}})
    _no_requests(dp)
    for c in dp["status"]["conditions"]:
        if c["type"] != "PodScheduled":
            c["status"] = "False"
    backoff(w, OPERATOR_NS, dcgm, "toolkit-validation", gpu, count=9)
    ds = w.workload("DaemonSet", OPERATOR_NS, "nvidia-dcgm-exporter", template_pod=dp, status=ds_status(1, 1, 0))
    ds["spec"].pop("replicas", None)
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "Pulled",
            'Container image "nvcr.io/nvidia/driver:580.95.05-ubuntu22.04" already present on machine',
            type="Normal", component="kubelet", host=gpu, field_path="spec.containers{nvidia-driver-ctr}")
    _operand_images(w, "v25.10.0", "nvcr.io/nvidia/k8s-device-plugin:v0.18.0",
                    "nvcr.io/nvidia/k8s/dcgm-exporter:4.4.1-4.6.0-ubuntu22.04")
    w.target("Node", None, gpu)


# ---- runtime layer: the injected driver libraries lack the linker's unversioned symlink --------------

_LS_NVML = ("lrwxrwxrwx 1 root root      26 Jan 17 12:27 /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1 -> "
            "libnvidia-ml.so.550.127.05\n"
            "-rwxr-xr-x 1 root root 2078360 Jan 16 12:37 /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.550.127.05\n")


@case("fd1103", pod_subj("runner-nagp1soyw-project-9373-concurrent-0-pyktetzc", "gitlab-runner"),
      "Kubernetes v1.31.4 cluster with the NVIDIA GPU Operator (v24.9.0, driver 550.127.05 as the issue's listing "
      "shows; the distribution, names other than the runner pod's, and the GPU assumed) running GitLab CI jobs "
      "through the GitLab Runner Kubernetes executor: the GPU node gpu-ci-1 (one NVIDIA A10) advertises "
      "nvidia.com/gpu 1 and runs the operator's DaemonSets healthy. The CI job pod "
      "runner-nagp1soyw-project-9373-concurrent-0-pyktetzc (namespace gitlab-runner, containers build and helper, "
      "one GPU, runtimeClassName nvidia) is Running; its build container's log ends with the issue's linker "
      "error (the job's gcc -lnvidia-ml step), and an `ls -la /usr/lib/x86_64-linux-gnu/libnvidia-ml*` exec in "
      "it answers the issue's listing verbatim: libnvidia-ml.so.1 and libnvidia-ml.so.550.127.05 are there, the "
      "unversioned libnvidia-ml.so is not.")
def _(w, t):
    w.git_version = "v1.31.4"
    gpu = "gpu-ci-1"
    g = w.gpu_node(gpu, gpus=1, product="NVIDIA-A10", memory_mib=23028, cpu="32", memory="131899148Ki",
                   labels={"nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.driver.minor": "127",
                           "nvidia.com/cuda.driver.rev": "05", "nvidia.com/cuda.runtime.major": "12",
                           "nvidia.com/cuda.runtime.minor": "4"})
    node_info(g, kubeletVersion="v1.31.4", kubeProxyVersion="v1.31.4", containerRuntimeVersion="containerd://1.7.24")
    ns, pod = "gitlab-runner", "runner-nagp1soyw-project-9373-concurrent-0-pyktetzc"
    p = w.pod(ns, pod, node=gpu, gpu=1, containers=("build", "helper"),
              image="registry.gitlab.example.com/ci/images/cuda-build:12.4-ubuntu22.04",
              labels={"pod": pod, "project.runner.gitlab.com/id": "9373"}, runtime_class="nvidia",
              tolerations=GPU_TOL, cpu="2", memory="4Gi")
    p["spec"]["containers"][1]["image"] = "registry.gitlab.com/gitlab-org/gitlab-runner/gitlab-runner-helper:x86_64-v17.7.0"
    p["spec"]["restartPolicy"] = "Never"
    w.log(ns, pod, "build", t)
    w.exec(ns, pod, "build", ["sh", "-c", "ls -la /usr/lib/x86_64-linux-gnu/libnvidia-ml*"], _LS_NVML)
    w.event(ns, "Pod", pod, "Scheduled", f"Successfully assigned {ns}/{pod} to {gpu}", type="Normal",
            component="default-scheduler")
    _operand_images(w, "v24.9.0", "nvcr.io/nvidia/k8s-device-plugin:v0.17.0")
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
