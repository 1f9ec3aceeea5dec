"""Builds first-contact batch G12 (fixtures/first-contact/batch-g12/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures from public sources that no rule was written for, sampled with the fixed list of 120
queries in the batch README (all four corpora of the `search` tool at once: `issues`, `pages`, `docs`, `code`, 30
queries each). fg1202, fg1203 and fg1204 are prose cases (an issue title, a reporter's sentence): their text is NOT
placed in the bundle; each builder builds the cluster state the source describes. fg1201's text is placed in a
Warning event of the driver pod, fg1205's in the crash-looping exporter container's previous log.
The expected answer was reasoned from the source (`expected` in the case, preferred first) and committed before any
rule change; it is never taken from the tool's output.

Names and versions the sources do not state are filled in plausibly; each scenario's README says which parts of the
world are assumed, and which wordings are illustrative.

    .venv/bin/python -m tests.classify.first_contact_g12      # (re)writes fixtures/first-contact/batch-g12/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, block, drop_logs, no_gpu_resource, node_info, set_image, stack_pod, strip_gfd
from tests.classify.first_contact_common import ThreadBatch, backoff, crashloop, ds_status
from tests.classify.scenario_builder import OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g12", "G12", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (an issue title, a reporter's sentence): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE = {"fg1202", "fg1203", "fg1204"}

GPU_TOL = [{"key": "nvidia.com/gpu", "operator": "Exists", "effect": "NoSchedule"}]


def _move_ns(w, old: str, new: str) -> None:
    """Move every pod, log and event of namespace `old` to `new` (the operator installed elsewhere)."""
    pods = w.pods.pop(old, [])
    for p in pods:
        p["metadata"]["namespace"] = new
    w.pods.setdefault(new, []).extend(pods)
    for key in [k for k in w.logs if k[0] == old]:
        w.logs[(new,) + key[1:]] = w.logs.pop(key)
    events = w.events.pop(old, [])
    for ev in events:
        ev["metadata"]["namespace"] = new
        ev["involvedObject"]["namespace"] = new
    w.events.setdefault(new, []).extend(events)


# ---- driver layer: OKD 4.17 on SCOS -----------------------------------------------------------

_OKD_INFO = {"osImage": "CentOS Stream CoreOS 417.9.202503180841-0 (Plow)",
             "kernelVersion": "5.14.0-570.el9.x86_64", "containerRuntimeVersion": "cri-o://1.30.11-2.rhaos4.17.git0c1d1f2.el9",
             "kubeletVersion": "v1.30.10", "kubeProxyVersion": "v1.30.10"}

_DRIVER_IMAGE = "nvcr.io/nvidia/driver:570.124.06-scos4.17"


@case("fg1201", node_subj("okd-gpu-worker-0"),
      "OKD 4.17 cluster (CentOS Stream CoreOS 417.9, kernel 5.14.0-570.el9, CRI-O; the node name, the GPU (one "
      "NVIDIA L4) and the GPU Operator version v25.3.0 assumed; the issue names OKD 4.17, SCOS and driver "
      "570.124.06): the GPU node okd-gpu-worker-0 (NFD label pci-10de present, the operator's deploy labels, no GFD "
      "labels because GFD never ran) advertises no nvidia.com/gpu. In nvidia-gpu-operator the driver DaemonSet pod "
      "is Pending: k8s-driver-manager completed, nvidia-driver-ctr waits in ImagePullBackOff for "
      "nvcr.io/nvidia/driver:570.124.06-scos4.17 and the kubelet's Failed event (x7) carries the text, with its "
      "usual BackOff event; the container-toolkit and validator pods wait in driver-validation, the device plugin "
      "and GFD in toolkit-validation, none of them logged anything.")
def _(w, t):
    w.git_version = "v1.30.10"
    name = "okd-gpu-worker-0"
    n = w.gpu_node(name, gpus=1, product="NVIDIA-L4", memory_mib=23034, cpu="16", memory="65293452Ki",
                   labels={"node-role.kubernetes.io/worker": "",
                           "node.openshift.io/os_id": "scos",
                           "feature.node.kubernetes.io/system-os_release.ID": "scos",
                           "feature.node.kubernetes.io/system-os_release.VERSION_ID": "4.17",
                           "feature.node.kubernetes.io/system-os_release.OSTREE_VERSION": "417.9.202503180841-0"})
    no_gpu_resource(n)
    strip_gfd(n)
    node_info(n, **_OKD_INFO)
    drv = stack_pod(w, name, "driver")
    set_image(drv, "nvidia-driver-ctr", _DRIVER_IMAGE)
    drv["status"]["phase"] = "Pending"
    for c in drv["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in drv["status"]["containerStatuses"]:
        s.update({"state": {"waiting": {"reason": "ImagePullBackOff",
                                        "message": f'Back-off pulling image "{_DRIVER_IMAGE}"'}},
                  "ready": False, "started": False})
    drop_logs(w, OPERATOR_NS, drv["metadata"]["name"])
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "Failed", t, count=7, host=name,
            field_path="spec.containers{nvidia-driver-ctr}")
    w.event(OPERATOR_NS, "Pod", drv["metadata"]["name"], "BackOff", f'Back-off pulling image "{_DRIVER_IMAGE}"',
            type="Normal", count=31, host=name, field_path="spec.containers{nvidia-driver-ctr}")
    for role, init in (("toolkit", "driver-validation"), ("validator", "driver-validation"),
                       ("device-plugin", "toolkit-validation"), ("gfd", "toolkit-validation")):
        block(w, name, role, init)
    _move_ns(w, OPERATOR_NS, "nvidia-gpu-operator")
    w.pod("nvidia-gpu-operator", "gpu-operator-6b8f9c7d5-q7x2m", node="okd-master-0", gpu=0,
          containers=("gpu-operator",), image="nvcr.io/nvidia/gpu-operator:v25.3.0",
          owner=("ReplicaSet", "gpu-operator-6b8f9c7d5"), labels={"app": "gpu-operator"}, cpu="200m", memory="256Mi")
    cp = w.node("okd-master-0", cpu="8", memory="32816412Ki",
                labels={"node-role.kubernetes.io/control-plane": "", "node-role.kubernetes.io/master": ""},
                taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(cp, **_OKD_INFO)
    w.target("Node", None, name)


# ---- plugin layer: Volcano GPU sharing ---------------------------------------------------------

_VOLCANO_PLUGIN_LOG = """I0223 06:12:41.335120       1 main.go:77] Loading NVML
I0223 06:12:41.341866       1 main.go:91] Starting FS watcher.
I0223 06:12:41.342051       1 main.go:98] Starting OS watcher.
I0223 06:12:41.352307       1 main.go:116] Retreiving plugins.
I0223 06:12:41.359903       1 server.go:208] Starting GRPC server for 'volcano.sh/gpu-memory'
I0223 06:12:41.360512       1 server.go:136] Starting to serve 'volcano.sh/gpu-memory' on /var/lib/kubelet/device-plugins/volcano.sock
I0223 06:12:41.364112       1 server.go:143] Registered device plugin for 'volcano.sh/gpu-memory' with Kubelet
"""

_ALLOC_MSG = "Allocate failed due to rpc error: code = Unknown desc = failed to find gpu id, which is unexpected"


@case("fg1202", pod_subj("gpu-pod1", "default"),
      "Kubernetes v1.24 cluster with Volcano v1.7 (volcano-system: scheduler, controllers, admission; versions, "
      "names and the GPU assumed; the issue names the guide, the pod's image, command and resources): the GPU node "
      "gpu-node-1 (one NVIDIA Tesla T4) advertises volcano.sh/gpu-memory 15109 and volcano.sh/gpu-number 1 through "
      "the volcano-device-plugin DaemonSet pod in kube-system, which runs (its startup log illustrative). The test "
      "pod gpu-pod1 (namespace default, schedulerName volcano, image xxxx/library/nvidia/cuda:11.6.2-base-ubuntu20.04, "
      "sleep 100000, volcano.sh/gpu-memory 1024 in requests and limits) is bound to gpu-node-1 and rejected by the "
      "kubelet: phase Failed, reason UnexpectedAdmissionError, its Warning event UnexpectedAdmissionError from the "
      "kubelet carrying the Allocate message; the pod carries no volcano.sh/gpu-index annotation. The "
      "volcano-scheduler-configmap is not in the bundle. The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.24.10"
    name = "gpu-node-1"
    n = w.node(name, gpus=15109, resource="volcano.sh/gpu-memory", cpu="16", memory="65842064Ki",
               labels={"nvidia.com/gpu": "true"})
    for res in ("capacity", "allocatable"):
        n["status"][res]["volcano.sh/gpu-number"] = "1"
    node_info(n, osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.4.0-139-generic",
              containerRuntimeVersion="containerd://1.6.16", kubeletVersion="v1.24.10", kubeProxyVersion="v1.24.10")
    cp = w.node("master-1", cpu="8", memory="32816412Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, osImage="Ubuntu 20.04.5 LTS", kernelVersion="5.4.0-139-generic",
              containerRuntimeVersion="containerd://1.6.16", kubeletVersion="v1.24.10", kubeProxyVersion="v1.24.10")
    dp = "volcano-device-plugin-7xk2p"
    p = w.pod(KS, dp, node=name, gpu=0, containers=("volcano-device-plugin",),
              image="volcanosh/volcano-device-plugin:v1.0.0", owner=("DaemonSet", "volcano-device-plugin"),
              labels={"name": "volcano-device-plugin"}, cpu="100m", memory="128Mi", tolerations=GPU_TOL)
    w.log(KS, dp, "volcano-device-plugin", _VOLCANO_PLUGIN_LOG)
    w.workload("DaemonSet", KS, "volcano-device-plugin", template_pod=p, status=ds_status(1, 1, 1))["spec"].pop(
        "replicas", None)
    for comp, image in (("volcano-scheduler", "volcanosh/vc-scheduler:v1.7.0"),
                        ("volcano-controllers", "volcanosh/vc-controller-manager:v1.7.0"),
                        ("volcano-admission", "volcanosh/vc-webhook-manager:v1.7.0")):
        rs = f"{comp}-6c9f7d8b5"
        vp = w.pod("volcano-system", f"{rs}-{comp[8:12]}x", node="master-1", gpu=0, containers=(comp,), image=image,
                   owner=("ReplicaSet", rs), labels={"app": comp}, cpu="100m", memory="256Mi",
                   tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                 "effect": "NoSchedule"}])
        w.workload("Deployment", "volcano-system", comp, template_pod=vp,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    pod = "gpu-pod1"
    gp = w.pod("default", pod, node=name, gpu=1024, resource="volcano.sh/gpu-memory", containers=("cuda-container",),
               image="xxxx/library/nvidia/cuda:11.6.2-base-ubuntu20.04", scheduler="volcano", phase="Failed",
               reason="UnexpectedAdmissionError", message=f"Pod {_ALLOC_MSG}", cpu="0", memory="0")
    c0 = gp["spec"]["containers"][0]
    c0.update({"command": ["sleep"], "args": ["100000"]})
    c0["resources"] = {"limits": {"volcano.sh/gpu-memory": "1024"}, "requests": {"volcano.sh/gpu-memory": "1024"}}
    gp["spec"]["restartPolicy"] = "Always"
    gp["status"]["qosClass"] = "BestEffort"
    gp["status"].pop("podIP", None)
    gp["status"]["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T0}]
    gp["status"].pop("containerStatuses", None)
    w.event("default", "Pod", pod, "Scheduled", f"Successfully assigned default/{pod} to {name}", type="Normal",
            component="volcano", last=T0)
    w.event("default", "Pod", pod, "UnexpectedAdmissionError", _ALLOC_MSG, component="kubelet", host=name, last=T1)
    w.target("Pod", "default", pod)


# ---- plugin layer: Kubeflow Arena, no device plugin ---------------------------------------------


@case("fg1203", node_subj("gpu-node-01"),
      "Kubernetes v1.12 cluster built with kubeadm (Docker 18.06 with nvidia-docker2 as default runtime, host "
      "driver 410.79; versions, names and the GPU model assumed; the issue names Arena's installation guide and "
      "4 GPUs): the GPU node gpu-node-01 (label accelerator=nvidia-tesla-p100 set by the guide's step, assumed; 4 "
      "GPUs on the host) advertises no nvidia.com/gpu in capacity or allocatable. No NVIDIA device plugin pod or "
      "DaemonSet exists in any namespace. Arena's operators from the guide run in arena-system (tf-job-operator, "
      "tf-job-dashboard, mpi-operator, Deployments, on the CPU node). The reporter's sentence is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.12.3"
    info = {"osImage": "Ubuntu 16.04.5 LTS", "kernelVersion": "4.4.0-141-generic",
            "containerRuntimeVersion": "docker://18.6.1", "kubeletVersion": "v1.12.3", "kubeProxyVersion": "v1.12.3"}
    name = "gpu-node-01"
    n = w.node(name, cpu="56", memory="263921200Ki", labels={"accelerator": "nvidia-tesla-p100"})
    node_info(n, **info)
    cpu = w.node("k8s-master", cpu="16", memory="65842064Ki", labels={"node-role.kubernetes.io/master": ""},
                 taints=({"key": "node-role.kubernetes.io/master", "effect": "NoSchedule"},))
    node_info(cpu, **info)
    cpun = w.node("cpu-node-01", cpu="32", memory="131923144Ki")
    node_info(cpun, **info)
    for comp, image in (("tf-job-operator", "registry.cn-zhangjiakou.aliyuncs.com/tensorflow-samples/tf_operator:v0.3.0"),
                        ("tf-job-dashboard", "registry.cn-zhangjiakou.aliyuncs.com/tensorflow-samples/tf_operator:v0.3.0"),
                        ("mpi-operator", "registry.cn-zhangjiakou.aliyuncs.com/tensorflow-samples/mpi-operator:0.1.0")):
        rs = f"{comp}-5d8c9b7f6"
        p = w.pod("arena-system", f"{rs}-{comp[:3]}k2", node="cpu-node-01", gpu=0, containers=(comp,), image=image,
                  owner=("ReplicaSet", rs), labels={"name": comp}, cpu="100m", memory="128Mi")
        w.workload("Deployment", "arena-system", comp, template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.target("Node", None, name)


# ---- plugin layer: HAMi without the NVIDIA runtime -------------------------------------------------

_HAMI_PREV_LOG = """I0831 08:14:52.118402       1 main.go:178] Starting FS watcher.
I0831 08:14:52.118533       1 main.go:185] Starting OS watcher.
I0831 08:14:52.118921       1 main.go:200] Starting Plugins.
I0831 08:14:52.118944       1 main.go:257] Loading configuration.
I0831 08:14:52.121836       1 main.go:300] Retrieving plugins.
I0831 08:14:52.122010       1 factory.go:107] Detected non-NVML platform: could not load NVML library: libnvidia-ml.so.1: cannot open shared object file: No such file or directory
I0831 08:14:52.122061       1 factory.go:107] Detected non-Tegra platform: /sys/devices/soc0/family file not found
E0831 08:14:52.122077       1 factory.go:115] Incompatible platform detected
E0831 08:14:52.122085       1 factory.go:116] If this is a GPU node, did you configure the NVIDIA Container Toolkit?
E0831 08:14:52.122092       1 factory.go:117] You can check the prerequisites at: https://github.com/NVIDIA/k8s-device-plugin#prerequisites
E0831 08:14:52.122099       1 factory.go:118] You can learn how to set the runtime at: https://github.com/NVIDIA/k8s-device-plugin#quick-start
E0831 08:14:52.122105       1 factory.go:119] If this is not a GPU node, you should set up a toleration or nodeSelector to only deploy this plugin on GPU nodes
E0831 08:14:52.122131       1 main.go:132] error starting plugins: error creating plugin manager: unable to create plugin manager: platform detection failed
"""

_HAMI_MONITOR_LOG = """Initializing metrics...
server listening at [::]:9395
"""


@case("fg1204", pod_subj("hami-device-plugin-9t4lm", KS),
      "Kubernetes v1.28 cluster (Docker 24.0 through cri-dockerd, no nvidia runtime configured in Docker; versions, "
      "names and the GPU assumed; the issue names only the error) with HAMi v2.4.0 in kube-system: the GPU node "
      "gpu-worker-1 (label gpu=on, one NVIDIA RTX 3090) advertises no nvidia.com/gpu. The HAMi device-plugin "
      "DaemonSet pod hami-device-plugin-9t4lm runs on it with its device-plugin container in CrashLoopBackOff "
      "(exit code 1, 8 restarts; its previous log holds the platform-detection lines of the NVIDIA device plugin "
      "code HAMi builds on, illustrative: the issue shows the error only in a screenshot) and its vgpu-monitor "
      "container running; the hami-scheduler runs on the control plane. The title is NOT in the bundle.")
def _(w, t):
    w.git_version = "v1.28.13"
    info = {"osImage": "Ubuntu 22.04.4 LTS", "kernelVersion": "5.15.0-119-generic",
            "containerRuntimeVersion": "docker://24.0.7", "kubeletVersion": "v1.28.13", "kubeProxyVersion": "v1.28.13"}
    name = "gpu-worker-1"
    n = w.node(name, cpu="32", memory="131923144Ki", labels={"gpu": "on"})
    node_info(n, **info)
    cp = w.node("master-1", cpu="8", memory="32816412Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=({"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"},))
    node_info(cp, **info)
    dp = "hami-device-plugin-9t4lm"
    p = w.pod(KS, dp, node=name, gpu=0, containers=("device-plugin", "vgpu-monitor"),
              image="projecthami/hami:v2.4.0", owner=("DaemonSet", "hami-device-plugin"),
              labels={"app.kubernetes.io/component": "hami-device-plugin", "app.kubernetes.io/name": "hami"},
              cpu="100m", memory="128Mi", tolerations=GPU_TOL)
    crashloop(p, "device-plugin", restarts=8, code=1)
    w.log(KS, dp, "device-plugin", _HAMI_PREV_LOG, previous=True)
    w.log(KS, dp, "vgpu-monitor", _HAMI_MONITOR_LOG)
    backoff(w, KS, dp, "device-plugin", name, count=44)
    ds = w.workload("DaemonSet", KS, "hami-device-plugin", template_pod=p, status=ds_status(1, 1, 0))
    ds["spec"].pop("replicas", None)
    ds["spec"]["template"]["spec"]["nodeSelector"] = {"gpu": "on"}
    sched = w.pod(KS, "hami-scheduler-7d9c8b6f4-m2x8q", node="master-1", gpu=0,
                  containers=("kube-scheduler", "vgpu-scheduler-extender"), image="projecthami/hami:v2.4.0",
                  owner=("ReplicaSet", "hami-scheduler-7d9c8b6f4"),
                  labels={"app.kubernetes.io/component": "hami-scheduler"}, cpu="100m", memory="256Mi",
                  tolerations=[{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                "effect": "NoSchedule"}])
    w.workload("Deployment", KS, "hami-scheduler", template_pod=sched,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1})
    w.target("Pod", KS, dp)


# ---- application layer: dcgm-exporter on V100 ---------------------------------------------------

_DCGM_LOG_HEAD = """setting up csv
/etc/dcgm-exporter/dcp-metrics-bolt.csv
done
time="2022-07-20T01:54:11Z" level=info msg="Starting dcgm-exporter"
time="2022-07-20T01:54:11Z" level=info msg="DCGM successfully initialized!"
time="2022-07-20T01:54:11Z" level=info msg="Collecting DCP Metrics"
time="2022-07-20T01:54:11Z" level=info msg="No configmap data specified, falling back to metric file /etc/dcgm-exporter/dcp-metrics-bolt.csv"
"""

_DCGM_HEALTHY_LOG = """setting up csv
/etc/dcgm-exporter/dcp-metrics-bolt.csv
done
time="2022-07-20T01:53:58Z" level=info msg="Starting dcgm-exporter"
time="2022-07-20T01:53:58Z" level=info msg="DCGM successfully initialized!"
time="2022-07-20T01:53:58Z" level=info msg="Collecting DCP Metrics"
time="2022-07-20T01:53:58Z" level=info msg="No configmap data specified, falling back to metric file /etc/dcgm-exporter/dcp-metrics-bolt.csv"
time="2022-07-20T01:53:59Z" level=info msg="Kubernetes metrics collection enabled!"
time="2022-07-20T01:53:59Z" level=info msg="Pipeline starting"
time="2022-07-20T01:53:59Z" level=info msg="Starting webserver"
"""

_EXPORTER_IMAGE = "nvcr.io/nvidia/k8s/dcgm-exporter:2.4.6-2.6.9-ubuntu20.04"


@case("fg1205", pod_subj("dcgm-exporter-v8k2n", "monitoring"),
      "Kubernetes v1.23 cluster (versions, names and node counts assumed; the issue names dcgm-exporter "
      "2.4.6-2.6.9, A100 and V100-16GB nodes and the two metrics added) with two GPU nodes, each with a host driver "
      "and the NVIDIA device plugin (both running): gpu-a100-1 (8 NVIDIA A100-SXM4-40GB) and gpu-v100-1 (8 Tesla "
      "V100-SXM2-16GB), both advertising nvidia.com/gpu 8. The dcgm-exporter DaemonSet in namespace monitoring "
      "(image 2.4.6-2.6.9, metrics file dcp-metrics-bolt.csv with DCGM_FI_PROF_PIPE_TENSOR_IMMA_ACTIVE and "
      "DCGM_FI_PROF_PIPE_TENSOR_HMMA_ACTIVE) has 2 desired, 1 ready: its pod on gpu-a100-1 runs (its log the "
      "exporter's usual startup lines, illustrative), its pod dcgm-exporter-v8k2n on gpu-v100-1 is in "
      "CrashLoopBackOff (exit code 1, 12 restarts), its previous log holding the reporter's log (the entrypoint's "
      "csv lines and the exporter's, ending with the fatal line), with the kubelet's BackOff event.")
def _(w, t):
    w.git_version = "v1.23.8"
    info = {"osImage": "Ubuntu 20.04.4 LTS", "kernelVersion": "5.4.0-121-generic",
            "containerRuntimeVersion": "containerd://1.6.6", "kubeletVersion": "v1.23.8", "kubeProxyVersion": "v1.23.8"}
    nodes = (("gpu-a100-1", "NVIDIA-A100-SXM4-40GB", 40960), ("gpu-v100-1", "Tesla-V100-SXM2-16GB", 16384))
    for name, product, mem in nodes:
        n = w.gpu_node(name, gpus=8, product=product, memory_mib=mem, operator=False, cpu="96",
                       memory="1056457696Ki")
        strip_gfd(n, deploy=True)
        n["metadata"]["labels"]["nvidia.com/gpu.product"] = product
        node_info(n, **info)
        dpn = f"nvidia-device-plugin-daemonset-{name[-6:-2].replace('-', '')}q"
        dpp = w.pod(KS, dpn, node=name, gpu=0, containers=("nvidia-device-plugin-ctr",),
                    image="nvcr.io/nvidia/k8s-device-plugin:v0.12.2",
                    owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
                    labels={"name": "nvidia-device-plugin-ds"}, cpu="50m", memory="64Mi", tolerations=GPU_TOL)
    w.workload("DaemonSet", KS, "nvidia-device-plugin-daemonset", template_pod=dpp,
               status=ds_status(2, 2, 2))["spec"].pop("replicas", None)
    ns = "monitoring"
    good = w.pod(ns, "dcgm-exporter-h4q7t", node="gpu-a100-1", gpu=0, containers=("exporter",),
                 image=_EXPORTER_IMAGE, owner=("DaemonSet", "dcgm-exporter"),
                 labels={"app.kubernetes.io/name": "dcgm-exporter"}, cpu="100m", memory="128Mi",
                 tolerations=GPU_TOL)
    w.log(ns, "dcgm-exporter-h4q7t", "exporter", _DCGM_HEALTHY_LOG)
    pod = "dcgm-exporter-v8k2n"
    bad = w.pod(ns, pod, node="gpu-v100-1", gpu=0, containers=("exporter",), image=_EXPORTER_IMAGE,
                owner=("DaemonSet", "dcgm-exporter"), labels={"app.kubernetes.io/name": "dcgm-exporter"},
                cpu="100m", memory="128Mi", tolerations=GPU_TOL)
    crashloop(bad, "exporter", restarts=12, code=1)
    w.log(ns, pod, "exporter", _DCGM_LOG_HEAD + t + "\nrunning\n", previous=True)
    backoff(w, ns, pod, "exporter", "gpu-v100-1", count=57)
    for p in (good, bad):
        p["spec"]["containers"][0]["args"] = ["-f", "/etc/dcgm-exporter/dcp-metrics-bolt.csv"]
    ds = w.workload("DaemonSet", ns, "dcgm-exporter", template_pod=good, status=ds_status(2, 2, 1))
    ds["spec"].pop("replicas", None)
    w.target("Pod", ns, pod)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
