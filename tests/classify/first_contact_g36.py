"""Builds first-contact batch G36 (fixtures/first-contact/batch-g36/cases.jsonl) as scenario bundles.

Round 36R frame: the Fixed issues / Known issues bullets of the GPU Operator release notes
(`gpu-operator/release-notes.rst` of NVIDIA/cloud-native-docs at 52dcb7b8), releases 26.7.0 down to 25.3.0, read in
the fixed frame order of the batch README. Six cases: the device plugin pods referencing a ConfigMap the chart never
created (gpu-operator#2641), stale `paused-for-driver-upgrade` labels left by the driver manager after API-server
connection errors (k8s-driver-manager PR #176), GPU pods stuck on nodes mixing MIG slices and full GPUs with the
570 drivers (gpu-operator#1361), and a precompiled driver install failing on stale package lists
(gpu-driver-container PR #592); and, from the re-judgement of the bullets first turned down for a source
collision and from bullets 46-52: GPU Feature Discovery unable to write NFD's feature file under SELinux enforcing, so
the MIG Manager is never scheduled (25.10.1 known issue), and the nvidia-fs / gdrcopy driver sidecars restarted by
their lsmod liveness probe (25.3.0 fixed issue). fg3602's text is a log line the PR quotes, placed verbatim in the driver pod's
k8s-driver-manager log; the other five are prose cases (the release note's own words), NOT placed in the bundle,
which carries the state the bullet and its thread describe. The expected answer was reasoned from the bullet and
its thread (`expected` in the case, preferred first) and committed before any rule change; it is never taken from
the tool's output.

Names and versions the documents do not state (node and pod names, GPU models, kernels, kubelet and runtime builds,
operand image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_g36      # (re)writes fixtures/first-contact/batch-g36/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld, daemonset, deploy_pod, ds_pod, nfd
from tests.classify.first_contact_b import block, no_gpu_resource, node_info, remove_stack_pod, strip_gfd
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, crashloop
from tests.classify.scenario_builder import HEALTHY_DRIVER_LOG, OPERATOR_NS, T0, T1
from tests.classify.scenarios_real import node_subj, pod_subj

FC = ThreadBatch("batch-g36", "G36", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the release note's own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = {"fg3601", "fg3603", "fg3604", "fg3605", "fg3606"}

_KS = "kube-system"


def _images(w, node: str, operator: str, *, driver: str, toolkit: str, plugin: str, manager: str) -> None:
    """The images of the GPU Operator's operand pods on `node` at one release (the World's stack pods carry
    placeholder tags)."""
    validator = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{operator}"
    images = {"driver": driver, "toolkit": f"nvcr.io/nvidia/k8s/container-toolkit:{toolkit}",
              "device-plugin": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}",
              "gfd": f"nvcr.io/nvidia/k8s-device-plugin:{plugin}", "validator": validator}
    init_image = {"driver": f"nvcr.io/nvidia/cloud-native/k8s-driver-manager:{manager}"}
    for role, image in images.items():
        try:
            name = w.stack(node, role)
            p = w.get_pod(OPERATOR_NS, name)
        except (KeyError, StopIteration):
            continue
        for c in p["spec"]["containers"]:
            c["image"] = image
        for c in p["spec"].get("initContainers", []):
            c["image"] = init_image.get(role, validator)
        for st in p["status"].get("containerStatuses", []):
            st["image"] = image
        for st in p["status"].get("initContainerStatuses", []):
            st["image"] = init_image.get(role, validator)
        p["metadata"]["labels"].update({"app.kubernetes.io/managed-by": "gpu-operator",
                                        "helm.sh/chart": f"gpu-operator-{operator}"})


def _operator(w, node: str, version: str) -> None:
    """The gpu-operator Deployment's pod (controller) and the chart's NFD master/worker on `node`."""
    deploy_pod(w, OPERATOR_NS, "gpu-operator-6b8f9d7c5", "gpu-operator-6b8f9d7c5-k2x7p", node,
               containers=("gpu-operator",), image=f"nvcr.io/nvidia/gpu-operator:{version}",
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"})


def _cluster_policy(w, state: str, spec: dict | None = None, conditions: list | None = None) -> None:
    cp = {"apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
          "metadata": {"name": "cluster-policy", "creationTimestamp": T0, "generation": 1},
          "spec": {"operator": {"defaultRuntime": "containerd"}, "driver": {"enabled": True},
                   "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True}, "gfd": {"enabled": True},
                   **(spec or {})},
          "status": {"state": state, "namespace": OPERATOR_NS}}
    if conditions:
        cp["status"]["conditions"] = conditions
    w.custom["clusterpolicies.nvidia.com"] = [cp]


# ---- fg3601 (plugin): devicePlugin.config.create=true with empty data: the ConfigMap is never created ----------

_N1 = "gpu-node-01"


@case("fg3601", node_subj(_N1),
      "Kubernetes v1.33 (kubeadm, assumed) with the GPU Operator v26.3.3 (the last release before the fix in 26.7.0; "
      "operand tags assumed) installed by Helm with the values the issue quotes (devicePlugin.config name "
      "plugin-config, create true, data {}, default 'default'): the chart renders no ConfigMap while the "
      "ClusterPolicy names it. Node gpu-node-01 (4 x L40S, driver container 580.95.05; names and versions "
      "assumed): driver and toolkit pods Running; the device-plugin DaemonSet's pod is stuck in Init:0/2 (its "
      "config-manager-init and containers never start) with the kubelet's FailedMount event for the "
      "ConfigMap-backed volume plugin-config (event text composed in the kubelet's format, not quoted by the "
      "issue); GFD Running (assumed unaffected); the validator waits in plugin-validation; no nvidia.com/gpu is "
      "advertised. The release-note sentence is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.4"
    n = w.gpu_node(_N1, gpus=4, product="NVIDIA-L40S", memory_mib=46068,
                   labels={"nvidia.com/cuda.driver.major": "580", "nvidia.com/cuda.runtime.major": "13",
                           "nvidia.com/device-plugin.config": ""})
    no_gpu_resource(n)
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-151-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.33.4", kubeProxyVersion="v1.33.4")
    _operator(w, _N1, "v26.3.3")
    _images(w, _N1, "v26.3.3", driver="nvcr.io/nvidia/driver:580.95.05-ubuntu22.04", toolkit="v1.19.0",
            plugin="v0.19.0", manager="v0.10.0")
    w.log(OPERATOR_NS, w.stack(_N1, "driver"), "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", "580.95.05"))
    _cluster_policy(w, "notReady", {"devicePlugin": {"enabled": True, "config": {"name": "plugin-config",
                                                                                  "default": "default"}}})
    # the device plugin pod, as the operator renders it with a config: two init containers, the plugin and
    # the config-manager sidecar, the ConfigMap-backed volume (the ConfigMap does not exist)
    remove_stack_pod(w, _N1, "device-plugin")
    ds = "nvidia-device-plugin-daemonset"
    env = [{"name": "CONFIG_FILE", "value": "/config/config.yaml"}]
    vols = [{"name": "plugin-config", "configMap": {"name": "plugin-config", "defaultMode": 420}},
            {"name": "config", "emptyDir": {}}]
    mounts = [{"name": "plugin-config", "mountPath": "/available-configs"}, {"name": "config", "mountPath": "/config"}]
    labels = {"app": ds, "app.kubernetes.io/managed-by": "gpu-operator", "helm.sh/chart": "gpu-operator-v26.3.3"}
    daemonset(w, OPERATOR_NS, ds, desired=1, current=1, ready=0,
              containers=[("nvidia-device-plugin", "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"),
                          ("config-manager", "nvcr.io/nvidia/k8s-device-plugin:v0.19.0")],
              init_containers=[("toolkit-validation", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.3"),
                               ("config-manager-init", "nvcr.io/nvidia/k8s-device-plugin:v0.19.0")],
              node_selector={"nvidia.com/gpu.deploy.device-plugin": "true"}, tolerations=GPU_TOLERATION,
              labels=labels, runtime_class="nvidia", env=env)
    pname = "nvidia-device-plugin-daemonset-q8v4m"
    waiting = {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False, "restartCount": 0}
    p = ds_pod(w, OPERATOR_NS, ds, pname, _N1, containers=("nvidia-device-plugin", "config-manager"),
               image="nvcr.io/nvidia/k8s-device-plugin:v0.19.0", phase="Pending",
               init_containers=("toolkit-validation", "config-manager-init"), runtime_class="nvidia",
               tolerations=GPU_TOLERATION, env=env, volumes=vols, mounts=mounts, labels=labels,
               statuses={"nvidia-device-plugin": waiting, "config-manager": waiting},
               init_statuses={"toolkit-validation": waiting, "config-manager-init": waiting})
    for c in p["spec"]["initContainers"]:
        if c["name"] == "config-manager-init":
            c["image"] = "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"
        else:
            c["image"] = "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.3"
    for s in p["status"]["initContainerStatuses"]:
        s["image"] = next(c["image"] for c in p["spec"]["initContainers"] if c["name"] == s["name"])
    w.event(OPERATOR_NS, "Pod", pname, "FailedMount",
            'MountVolume.SetUp failed for volume "plugin-config" : configmap "plugin-config" not found',
            component="kubelet", host=_N1, count=38)
    block(w, _N1, "validator", "plugin-validation")
    w.target("Node", None, _N1)


# ---- fg3602 (plugin): stale paused-for-driver-upgrade labels after API-server connection errors ---------------

_N2 = "master0"
_DM176_LOG = (
    'time=2026-03-30T09:02:26Z level=info    msg="Auto eviction of GPU pods on node master0 is disabled by the '
    'upgrade policy"\n'
    'time=2026-03-30T09:02:26Z level=info    msg="Auto drain of the node is disabled by the upgrade policy"\n'
    'time=2026-03-30T09:02:26Z level=info    msg="Rescheduling all GPU clients on the current node by enabling '
    'their component-specific nodeSelector labels"\n')
_PAUSED = ("container-toolkit", "device-plugin", "gpu-feature-discovery", "dcgm-exporter", "dcgm",
           "operator-validator")
_OPERANDS = (("nvidia-container-toolkit-daemonset", "container-toolkit", "nvidia-container-toolkit-ctr",
              "nvcr.io/nvidia/k8s/container-toolkit:v1.19.0"),
             ("nvidia-device-plugin-daemonset", "device-plugin", "nvidia-device-plugin",
              "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"),
             ("gpu-feature-discovery", "gpu-feature-discovery", "gpu-feature-discovery",
              "nvcr.io/nvidia/k8s-device-plugin:v0.19.0"),
             ("nvidia-dcgm-exporter", "dcgm-exporter", "nvidia-dcgm-exporter",
              "nvcr.io/nvidia/k8s/dcgm-exporter:4.4.1-4.6.0-ubuntu22.04"),
             ("nvidia-operator-validator", "operator-validator", "nvidia-operator-validator",
              "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v26.3.1"))


@case("fg3602", node_subj(_N2),
      "A single-node Kubernetes v1.34 cluster (kubeadm, assumed: the PR's node is named master0 and its API "
      "server is reached at the service IP 172.22.0.1) brought up with the GPU Operator v26.3.1 (the last release "
      "before the fix in 26.3.2; operand tags assumed). master0 (control plane and GPU worker, 2 x H100 NVL, "
      "driver container 580.95.05; GPU model, OS and versions assumed): the driver pod is Running; its "
      "k8s-driver-manager init container completed, its log carrying the lines the PR quotes (three info lines, "
      "then the label-update warning four times, verbatim; nothing after them is quoted, so nothing is added); "
      "the node keeps nvidia.com/gpu.deploy.<operand>=paused-for-driver-upgrade for the toolkit, device plugin, "
      "GFD, DCGM, DCGM exporter and validator, so their DaemonSets (nodeSelector ...=true) schedule no pod; GFD "
      "never ran (no GFD labels); no nvidia.com/gpu is advertised; the ClusterPolicy is notReady.")
def _(w, t):
    w.git_version = "v1.34.1"
    n = w.gpu_node(_N2, gpus=2, product="NVIDIA-H100-NVL", memory_mib=95830,
                   labels={"node-role.kubernetes.io/control-plane": ""})
    no_gpu_resource(n)
    strip_gfd(n)
    for comp in _PAUSED:
        n["metadata"]["labels"][f"nvidia.com/gpu.deploy.{comp}"] = "paused-for-driver-upgrade"
    node_info(n, osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.8.0-85-generic",
              containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.1", kubeProxyVersion="v1.34.1")
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        remove_stack_pod(w, _N2, role)
    _images(w, _N2, "v26.3.1", driver="nvcr.io/nvidia/driver:580.95.05-ubuntu24.04", toolkit="v1.19.0",
            plugin="v0.19.0", manager="v0.10.0")
    drv = w.stack(_N2, "driver")
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", "580.95.05"))
    w.log(OPERATOR_NS, drv, "k8s-driver-manager", _DM176_LOG + (t + "\n") * 4)
    for name, comp, ctr, image in _OPERANDS:
        daemonset(w, OPERATOR_NS, name, desired=0, containers=[(ctr, image)],
                  node_selector={f"nvidia.com/gpu.deploy.{comp}": "true"}, tolerations=GPU_TOLERATION,
                  labels={"app": name, "app.kubernetes.io/managed-by": "gpu-operator",
                          "helm.sh/chart": "gpu-operator-v26.3.1"},
                  runtime_class=None if comp == "container-toolkit" else "nvidia")
    _operator(w, _N2, "v26.3.1")
    _cluster_policy(w, "notReady")
    w.target("Node", None, _N2)


# ---- fg3603 (plugin): 570 drivers, a node mixing MIG slices and full GPUs: GPU pods never start ------------------

_N3 = "gpu-a100-03"
_NS3 = "research"


@case("fg3603", pod_subj("train-resnet-7b9c6d5f4-p2k8w", _NS3),
      "Kubernetes v1.31.7 (kubeadm, the version the issue's reporter ran; the rest assumed) with the GPU Operator "
      "v25.3.2 (the release the known issue is listed under; operand tags assumed, device plugin v0.17.3 and MIG "
      "Manager v0.12.2 as the release lists) and the driver container 570.158.01 (one of the affected drivers). "
      "Node gpu-a100-03 (8 x A100-SXM4-80GB as in the issue; node name assumed) runs MIG strategy mixed with a "
      "custom layout (assumed): GPUs 0-3 split into 7 x 1g.10gb each, GPUs 4-7 whole; mig.config.state success; "
      "capacity nvidia.com/gpu 4 and nvidia.com/mig-1g.10gb 28. Every GPU-stack pod is Running. Two GPU pods bound "
      "to the node (one asking for a full GPU, one for a 1g.10gb slice; names, images assumed) stay Pending: "
      "PodScheduled True, no container status, no event after Scheduled (the kubelet's call to the device "
      "plugin hangs, as the issue says). The release-note sentences are not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.7"
    labels = {"nvidia.com/mig.strategy": "mixed", "nvidia.com/mig.capable": "true",
              "nvidia.com/mig.config": "custom-mixed", "nvidia.com/mig.config.state": "success",
              "nvidia.com/gpu.deploy.mig-manager": "true", "nvidia.com/gpu.count": "4",
              "nvidia.com/mig-1g.10gb.count": "28", "nvidia.com/mig-1g.10gb.product": "NVIDIA-A100-SXM4-80GB-MIG-1g.10gb",
              "nvidia.com/mig-1g.10gb.memory": "9728", "nvidia.com/cuda.driver.major": "570",
              "nvidia.com/cuda.runtime.major": "12"}
    n = w.gpu_node(_N3, gpus=4, product="NVIDIA-A100-SXM4-80GB", memory_mib=81920, labels=labels,
                   cpu="128", memory="2113384028Ki")
    for res in ("capacity", "allocatable"):
        n["status"][res]["nvidia.com/mig-1g.10gb"] = "28"
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-136-generic",
              containerRuntimeVersion="containerd://1.7.25", kubeletVersion="v1.31.7", kubeProxyVersion="v1.31.7")
    _images(w, _N3, "v25.3.2", driver="nvcr.io/nvidia/driver:570.158.01-ubuntu22.04", toolkit="v1.17.8",
            plugin="v0.17.3", manager="v0.8.0")
    w.log(OPERATOR_NS, w.stack(_N3, "driver"), "nvidia-driver-ctr",
          HEALTHY_DRIVER_LOG.replace("550.127.05", "570.158.01"))
    mm = "nvidia-mig-manager"
    daemonset(w, OPERATOR_NS, mm, desired=1, containers=[(mm, "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.2")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": mm}, runtime_class="nvidia")
    ds_pod(w, OPERATOR_NS, mm, "nvidia-mig-manager-5xq9d", _N3, containers=(mm,),
           image="nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.12.2", runtime_class="nvidia",
           tolerations=GPU_TOLERATION)
    _operator(w, _N3, "v25.3.2")
    _cluster_policy(w, "ready", {"mig": {"strategy": "mixed"}, "migManager": {"enabled": True}})
    pods = (("train-resnet-7b9c6d5f4-p2k8w", "train-resnet-7b9c6d5f4", "nvidia.com/gpu", "trainer"),
            ("notebook-mig-6f7d8c9b5-r4t2z", "notebook-mig-6f7d8c9b5", "nvidia.com/mig-1g.10gb", "notebook"))
    for name, rs, resource, ctr in pods:
        p = w.pod(_NS3, name, node=_N3, gpu=1, resource=resource, phase="Pending", containers=(ctr,),
                  image="nvcr.io/nvidia/pytorch:25.03-py3", owner=("ReplicaSet", rs), cpu="8", memory="64Gi",
                  tolerations=GPU_TOLERATION)
        st = p["status"]
        for k in ("podIP", "containerStatuses", "startTime"):
            st.pop(k, None)
        st["conditions"] = [{"type": "PodScheduled", "status": "True", "lastTransitionTime": T1}]
        w.event(_NS3, "Pod", name, "Scheduled", f"Successfully assigned {_NS3}/{name} to {_N3}", type="Normal",
                component="default-scheduler", last=T1)
    w.target("Pod", _NS3, pods[0][0])


# ---- fg3604 (driver): a precompiled Ubuntu driver install fails on stale package lists --------------------------

_N4 = "gpu-worker-2"
_APT_LOG = (
    "DRIVER_ARCH is x86_64\n"
    "+ _install_driver\n"
    "Installing NVIDIA driver packages for kernel 5.15.0-1048-nvidia...\n"
    "Reading package lists...\n"
    "Building dependency tree...\n"
    "Reading state information...\n"
    "Err:1 http://archive.ubuntu.com/ubuntu jammy-updates/main amd64 python3.10 amd64 3.10.12-1~22.04.7\n"
    "  404  Not Found [IP: 185.125.190.83 80]\n"
    "E: Failed to fetch http://archive.ubuntu.com/ubuntu/pool/main/p/python3.10/python3.10_3.10.12-1~22.04.7_amd64.deb"
    "  404  Not Found [IP: 185.125.190.83 80]\n"
    "E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?\n")


@case("fg3604", node_subj(_N4),
      "Kubernetes v1.33 (kubeadm, assumed) with the GPU Operator v25.10.1 (the last release before the fix in "
      "26.3.0; operand tags assumed) using precompiled Ubuntu 22.04 driver containers (driver.usePrecompiled, the "
      "case the PR's reviewer names; branch 570 and kernel 5.15.0-1048-nvidia assumed). Node gpu-worker-2 (2 x "
      "A10, assumed): the driver pod's nvidia-driver-ctr crash-loops; its previous log ends with apt's 404 for a "
      "rotated-out package version (the package python3.10_3.10.12-1~22.04.7 is the one the PR names; the log "
      "lines are composed in apt's format, not quoted). The toolkit and validator wait in driver-validation, the "
      "device plugin and GFD in toolkit-validation; no nvidia.com/gpu is advertised; the ClusterPolicy is "
      "notReady. The release-note sentence is not in the bundle.")
def _(w, t):
    w.git_version = "v1.33.5"
    n = w.gpu_node(_N4, gpus=2, product="NVIDIA-A10", memory_mib=23028)
    no_gpu_resource(n)
    strip_gfd(n)
    n["metadata"]["labels"]["nvidia.com/precompiled"] = "true"
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-1048-nvidia",
              containerRuntimeVersion="containerd://1.7.28", kubeletVersion="v1.33.5", kubeProxyVersion="v1.33.5")
    _images(w, _N4, "v25.10.1", driver="nvcr.io/nvidia/driver:570-5.15.0-1048-nvidia-ubuntu22.04",
            toolkit="v1.18.1", plugin="v0.18.1", manager="v0.9.1")
    drv = w.stack(_N4, "driver")
    p = w.get_pod(OPERATOR_NS, drv)
    crashloop(p, "nvidia-driver-ctr", restarts=9, code=1)
    w.logs.pop((OPERATOR_NS, drv, "nvidia-driver-ctr", False), None)
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr", _APT_LOG, previous=True)
    w.event(OPERATOR_NS, "Pod", drv, "BackOff", "Back-off restarting failed container nvidia-driver-ctr in pod "
            f"{drv}_{OPERATOR_NS}", component="kubelet", host=_N4, count=41, field_path="spec.containers{nvidia-driver-ctr}")
    block(w, _N4, "toolkit", "driver-validation")
    block(w, _N4, "validator", "driver-validation")
    for role in ("device-plugin", "gfd"):
        block(w, _N4, role, "toolkit-validation")
    _operator(w, _N4, "v25.10.1")
    _cluster_policy(w, "notReady", {"driver": {"enabled": True, "usePrecompiled": True, "version": "570"}})
    w.target("Node", None, _N4)


# ---- fg3605 (plugin): SELinux enforcing: GFD cannot write NFD's feature file, the MIG Manager is never scheduled --

_N5 = "gpu-rhel-01"
_NFD5 = "gpu-operator-node-feature-discovery"


@case("fg3605", node_subj(_N5),
      "Kubernetes v1.32 (kubeadm, assumed) on RHEL 9.4 nodes with SELinux in enforcing mode (assumed distribution: "
      "the bullet names none) with the GPU Operator v25.10.1 (the release listing the known issue; operand tags "
      "assumed) and the chart's Node Feature Discovery (v0.17.3 assumed; master on the control-plane node, worker "
      "on the GPU node). GFD runs in its default feature-file mode (USE_NODE_FEATURE_API not set). Node "
      "gpu-rhel-01 (2 x A100 80GB PCIe, driver container 580.95.05; names and versions assumed): driver, toolkit, "
      "device plugin and validator Running, nvidia.com/gpu 2 advertised; the GFD pod Running with no restarts and "
      "only its start-up lines logged (no error line composed); the node carries none of GFD's labels "
      "(nvidia.com/mig.capable among them) and no nvidia.com/gpu.deploy.mig-manager label, although the user "
      "asked for a MIG layout (nvidia.com/mig.config=all-1g.10gb, assumed) and the ClusterPolicy sets MIG strategy "
      "mixed; the nvidia-mig-manager DaemonSet schedules no pod (desired 0); no mig.config.state. The "
      "release-note sentences are not in the bundle.")
def _(w, t):
    w.git_version = "v1.32.6"
    info = dict(osImage="Red Hat Enterprise Linux 9.4 (Plow)", kernelVersion="5.14.0-427.72.1.el9_4.x86_64",
                containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.32.6", kubeProxyVersion="v1.32.6")
    cp = w.node("cp-01", cpu="8", memory="32862148Ki", labels={"node-role.kubernetes.io/control-plane": ""},
                taints=[{"key": "node-role.kubernetes.io/control-plane", "effect": "NoSchedule"}])
    node_info(cp, **info)
    n = w.gpu_node(_N5, gpus=2, product="NVIDIA-A100-80GB-PCIe", memory_mib=81920,
                   labels={"nvidia.com/mig.config": "all-1g.10gb"})
    strip_gfd(n)
    n["metadata"]["labels"].pop("nvidia.com/gpu.deploy.mig-manager", None)
    node_info(n, **info)
    _images(w, _N5, "v25.10.1", driver="nvcr.io/nvidia/driver:580.95.05-rhel9.4", toolkit="v1.18.1",
            plugin="v0.18.1", manager="v0.9.1")
    w.log(OPERATOR_NS, w.stack(_N5, "driver"), "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", "580.95.05"))
    nfd(w, OPERATOR_NS, _NFD5, [_N5], "cp-01", "v0.17.3")
    mm = "nvidia-mig-manager"
    daemonset(w, OPERATOR_NS, mm, desired=0, containers=[(mm, "nvcr.io/nvidia/cloud-native/k8s-mig-manager:v0.13.0")],
              node_selector={"nvidia.com/gpu.deploy.mig-manager": "true"}, tolerations=GPU_TOLERATION,
              labels={"app": mm, "app.kubernetes.io/managed-by": "gpu-operator",
                      "helm.sh/chart": "gpu-operator-v25.10.1"}, runtime_class="nvidia")
    _operator(w, "cp-01", "v25.10.1")
    _cluster_policy(w, "ready", {"mig": {"strategy": "mixed"}, "migManager": {"enabled": True},
                                 "gfd": {"enabled": True}})
    # the chart's operator and NFD master tolerate the control-plane taint (as the chart's defaults do)
    for p in w.pods[OPERATOR_NS]:
        if p["spec"].get("nodeName") == "cp-01":
            p["spec"]["tolerations"] = [{"key": "node-role.kubernetes.io/control-plane", "operator": "Exists",
                                         "effect": "NoSchedule"}]
    w.target("Node", None, _N5)


# ---- fg3606 (driver): the nvidia-fs / gdrcopy sidecars restarted by their lsmod liveness probe ------------------

_N6 = "gpu-h100-07"
_FS_IMG = "nvcr.io/nvidia/cloud-native/nvidia-fs:2.20.5-ubuntu22.04"
_GDR_IMG = "nvcr.io/nvidia/cloud-native/gdrdrv:v2.4.1-2-ubuntu22.04"
_PROBES = {"nvidia-fs-ctr": "lsmod | grep nvidia_fs", "nvidia-gdrcopy-ctr": "lsmod | grep gdrdrv"}


@case("fg3606", node_subj(_N6),
      "Kubernetes v1.31 (kubeadm, assumed) with the GPU Operator v24.9.2 (the last release before the fix in "
      "25.3.0; operand tags assumed) with GPUDirect Storage and GDRCopy enabled in the ClusterPolicy. Node "
      "gpu-h100-07 (2 x H100 80GB HBM3, driver container 550.144.03, Ubuntu 22.04; names and versions assumed): the "
      "driver pod's nvidia-driver-ctr runs (driver loaded); its nvidia-fs-ctr sidecar is in CrashLoopBackOff after "
      "23 restarts and nvidia-gdrcopy-ctr has restarted 19 times, both last terminated with exit code 137, each "
      "carrying an exec liveness probe running lsmod (the commands, 10 s period and 1 s timeout are assumed); the "
      "kubelet's Unhealthy (probe timed out) and Killing events are composed in the kubelet's format, not quoted; "
      "the sidecars' own logs are not modelled. The driver pod is not ready, the driver DaemonSet reports 1 "
      "unavailable, the ClusterPolicy is notReady; toolkit, device plugin, GFD and validator keep running and "
      "nvidia.com/gpu 2 is advertised. The release-note sentences are not in the bundle.")
def _(w, t):
    w.git_version = "v1.31.9"
    n = w.gpu_node(_N6, gpus=2, product="NVIDIA-H100-80GB-HBM3", memory_mib=81559,
                   labels={"nvidia.com/cuda.driver.major": "550", "nvidia.com/cuda.runtime.major": "12",
                           })
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-140-generic",
              containerRuntimeVersion="containerd://1.7.27", kubeletVersion="v1.31.9", kubeProxyVersion="v1.31.9")
    _images(w, _N6, "v24.9.2", driver="nvcr.io/nvidia/driver:550.144.03-ubuntu22.04", toolkit="v1.17.4",
            plugin="v0.17.0", manager="v0.7.0")
    drv = w.stack(_N6, "driver")
    w.log(OPERATOR_NS, drv, "nvidia-driver-ctr", HEALTHY_DRIVER_LOG.replace("550.127.05", "550.144.03"))
    p = w.get_pod(OPERATOR_NS, drv)
    main = p["status"]["containerStatuses"][0]
    for ctr, image in (("nvidia-fs-ctr", _FS_IMG), ("nvidia-gdrcopy-ctr", _GDR_IMG)):
        p["spec"]["containers"].append({
            "name": ctr, "image": image,
            "livenessProbe": {"exec": {"command": ["sh", "-c", _PROBES[ctr]]}, "initialDelaySeconds": 60,
                              "periodSeconds": 10, "timeoutSeconds": 1, "failureThreshold": 1,
                              "successThreshold": 1},
            "securityContext": {"privileged": True}})
        st = {**main, "name": ctr, "image": image}
        st.pop("containerID", None)
        p["status"]["containerStatuses"].append(st)
    crashloop(p, "nvidia-fs-ctr", restarts=23, code=137)
    for s in p["status"]["containerStatuses"]:
        if s["name"] == "nvidia-gdrcopy-ctr":
            s.update({"ready": True, "started": True, "restartCount": 19,
                      "state": {"running": {"startedAt": T1}},
                      "lastState": {"terminated": {"exitCode": 137, "reason": "Error", "startedAt": T0,
                                                   "finishedAt": T1}}})
    for ctr, count in (("nvidia-fs-ctr", 23), ("nvidia-gdrcopy-ctr", 19)):
        w.event(OPERATOR_NS, "Pod", drv, "Unhealthy",
                f'Liveness probe failed: command "sh -c {_PROBES[ctr]}" timed out', component="kubelet", host=_N6,
                count=count, field_path=f"spec.containers{{{ctr}}}")
        w.event(OPERATOR_NS, "Pod", drv, "Killing", f"Container {ctr} failed liveness probe, will be restarted",
                type="Normal", component="kubelet", host=_N6, count=count, field_path=f"spec.containers{{{ctr}}}")
    w.event(OPERATOR_NS, "Pod", drv, "BackOff", f"Back-off restarting failed container nvidia-fs-ctr in pod "
            f"{drv}_{OPERATOR_NS}", component="kubelet", host=_N6, count=57, field_path="spec.containers{nvidia-fs-ctr}")
    _operator(w, _N6, "v24.9.2")
    _cluster_policy(w, "notReady", {"gds": {"enabled": True}, "gdrcopy": {"enabled": True}})
    w.target("Node", None, _N6)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
