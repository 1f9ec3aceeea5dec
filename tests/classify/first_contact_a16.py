"""Builds first-contact batch A16 (fixtures/first-contact/batch-a16/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures documented by NVIDIA's deployment repositories (NVIDIA/cloud-native-stack,
NVIDIA/nim-deploy, NVIDIA/deepops), read whole in the fixed file order of the batch README (this round's protocol:
no search look-ups; snapshots brought with `fetch` and read with git). The one case, fa1601, places the error
lines of the page's screenshot (transcribed) in the GPU Operator driver container's log. The expected answer was
reasoned from the document (`expected` in the case, preferred first) and committed before any rule change; it is
never taken from the tool's output.

Names and versions the page does not state (the GPU Operator release, the Kubernetes and containerd builds, the
driver pod's container set, the GPU model) are filled in plausibly; the scenario's README says which parts of
the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_a16      # (re)writes fixtures/first-contact/batch-a16/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_a import FCWorld
from tests.classify.first_contact_b import KS, node_info, set_image
from tests.classify.first_contact_b6 import waiting_pod
from tests.classify.first_contact_common import GPU_TOLERATION, ThreadBatch, backoff, ds_status
from tests.classify.scenario_builder import T0, T1
from tests.classify.scenarios_real import crashing, node_subj

FC = ThreadBatch("batch-a16", "A16", world=FCWorld)
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# prose cases (the documents' own words): their text is not placed in the bundle
TEXT_NOT_IN_BUNDLE: set[str] = set()


# ---- driver: the driver container cannot update its package cache, pod DNS misresolves archive.ubuntu.com ----

_CNS_NS = "nvidia-gpu-operator"
_CNS_NODE = "nvidia"
_DRIVER_VERSION = "550.54.15"
_OPERATOR = "v24.3.0"
_VALIDATOR = f"nvcr.io/nvidia/cloud-native/gpu-operator-validator:{_OPERATOR}"


def _driver_log(t: str) -> str:
    """The driver container's log as the page's screenshot shows it, the quoted apt errors in place."""
    return (
        "DRIVER_ARCH is x86_64\n"
        f"Creating directory NVIDIA-Linux-x86_64-{_DRIVER_VERSION}\n"
        "Verifying archive integrity... OK\n"
        f"Uncompressing NVIDIA Accelerated Graphics Driver for Linux-x86_64 {_DRIVER_VERSION}"
        + "." * 120 + "\n...\n\n"
        "WARNING: Unable to determine the default X library path. The path /tmp/null/lib will be used, but this path "
        "was not detected in the ldconfig(8) cache, and no directory exists at this path, so it is likely that "
        "libraries installed there will not be found by the loader.\n\n\n"
        "WARNING: You specified the '--no-kernel-modules' command line option, nvidia-installer will not install any "
        "kernel modules as part of this driver installation, and it will not remove existing NVIDIA kernel modules "
        "not part of an earlier NVIDIA driver installation.  Please ensure that NVIDIA kernel modules matching this "
        "driver version are installed separately.\n\n\n"
        "WARNING: This NVIDIA driver package includes Vulkan components, but no Vulkan ICD loader was detected on "
        "this system. The NVIDIA Vulkan ICD will not function without the loader. Most distributions package the "
        "Vulkan loader; try installing the \"vulkan-loader\", \"vulkan-icd-loader\", or \"libvulkan1\" package.\n\n\n"
        "========== NVIDIA Software Installer ==========\n\n"
        f"Starting installation of NVIDIA driver version {_DRIVER_VERSION} for Linux kernel version "
        "5.15.0-122-generic\n\n"
        "Stopping NVIDIA persistence daemon...\n"
        "Unloading NVIDIA driver kernel modules...\n"
        "Unmounting NVIDIA driver rootfs...\n"
        "Checking NVIDIA driver packages...\n"
        "Updating the package cache...\n"
        + t.rstrip("\n") + "\n"
        "Stopping NVIDIA persistence daemon...\n"
        "Unloading NVIDIA driver kernel modules...\n"
        "Unmounting NVIDIA driver rootfs...\n")


@case("fa1601", node_subj(_CNS_NODE),
      "Single-node NVIDIA Cloud Native Stack cluster (the page's screenshot: node `nvidia`, control plane and "
      "worker, kube-scheduler-nvidia and kube-proxy-jd4rf Running; Ubuntu 22.04 and kernel 5.15.0-122-generic from "
      "the driver log; Kubernetes v1.30.2, containerd 1.7.20 and the single NVIDIA A100 PCIe GPU assumed). The GPU "
      "Operator (v24.3.0 assumed from driver 550.54.15, its default; Helm release gpu-operator-1727241786) runs in "
      "nvidia-gpu-operator: the operator and the NFD gc/master/worker pods 1/1 Running with 1 restart, as listed. "
      "The driver pod nvidia-driver-daemonset-j9fvg has three containers (nvidia-driver-ctr, nvidia-peermem-ctr, "
      "nvidia-fs-ctr: the names of the other two assumed for the listing's 0/3), k8s-driver-manager Completed, and "
      "nvidia-driver-ctr in CrashLoopBackOff (14 restarts, exit code 1) with the screenshot's log as its current "
      "and previous log (the text in place), and the kubelet's BackOff event. The toolkit pod waits in "
      "driver-validation, the device plugin, GFD and DCGM exporter pods in toolkit-validation (Init:0/1); the "
      "operator validator waits in driver-validation (the screenshot shows Init:0/5; the validator is built with "
      "its four standard init containers, the fifth not known). The node carries NFD's pci-10de label and the "
      "operator's deploy labels, no GFD labels and no nvidia.com/gpu; the ClusterPolicy is notReady. No DNS "
      "object or nslookup output is in the bundle (the page's dnsutils check is a troubleshooting step).")
def _(w, t):
    w.git_version = "v1.30.2"
    ns = _CNS_NS
    node = _CNS_NODE
    n = w.node(node, cpu="32", memory="263843404Ki",
               labels={"node-role.kubernetes.io/control-plane": "",
                       "feature.node.kubernetes.io/pci-10de.present": "true",
                       "feature.node.kubernetes.io/kernel-version.full": "5.15.0-122-generic",
                       "feature.node.kubernetes.io/system-os_release.ID": "ubuntu",
                       "feature.node.kubernetes.io/system-os_release.VERSION_ID": "22.04",
                       "nvidia.com/gpu.present": "true", "nvidia.com/gpu.deploy.driver": "true",
                       "nvidia.com/gpu.deploy.container-toolkit": "true", "nvidia.com/gpu.deploy.device-plugin": "true",
                       "nvidia.com/gpu.deploy.gpu-feature-discovery": "true", "nvidia.com/gpu.deploy.dcgm": "true",
                       "nvidia.com/gpu.deploy.dcgm-exporter": "true",
                       "nvidia.com/gpu.deploy.operator-validator": "true"})
    node_info(n, osImage="Ubuntu 22.04.5 LTS", kernelVersion="5.15.0-122-generic",
              containerRuntimeVersion="containerd://1.7.20", kubeletVersion="v1.30.2", kubeProxyVersion="v1.30.2")

    # kube-system pods the screenshot lists
    kp = w.pod(KS, "kube-proxy-jd4rf", node=node, gpu=0, containers=("kube-proxy",), restarts=1,
               image="registry.k8s.io/kube-proxy:v1.30.2", labels={"k8s-app": "kube-proxy"},
               owner=("DaemonSet", "kube-proxy"))
    ds = w.workload("DaemonSet", KS, "kube-proxy", template_pod=kp, status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)
    ks = w.pod(KS, f"kube-scheduler-{node}", node=node, gpu=0, containers=("kube-scheduler",), restarts=1,
               image="registry.k8s.io/kube-scheduler:v1.30.2",
               labels={"component": "kube-scheduler", "tier": "control-plane"}, cpu="100m", memory="64Mi")
    ks["metadata"]["ownerReferences"] = [{"apiVersion": "v1", "kind": "Node", "name": node,
                                          "uid": n["metadata"]["uid"], "controller": True}]

    # the operator and NFD, Running with one restart
    rel = "gpu-operator-1727241786"
    op = w.pod(ns, "gpu-operator-6f64c4bc8f-cch8h", node=node, gpu=0, containers=("gpu-operator",), restarts=1,
               image=f"nvcr.io/nvidia/gpu-operator:{_OPERATOR}", owner=("ReplicaSet", "gpu-operator-6f64c4bc8f"),
               labels={"app": "gpu-operator", "app.kubernetes.io/component": "gpu-operator"}, cpu="200m",
               memory="100Mi")
    w.workload("Deployment", ns, "gpu-operator", template_pod=op,
               status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                       "observedGeneration": 1})
    nfd_img = "registry.k8s.io/nfd/node-feature-discovery:v0.15.4"
    nfd_lab = {"app.kubernetes.io/name": "node-feature-discovery", "app.kubernetes.io/instance": rel}
    for role, rs, pname in (("gc", f"{rel}-node-feature-discovery-gc-69df8bcd9", f"{rel}-node-feature-discovery-gc-69df8bcdrpvr8"),
                            ("master", f"{rel}-node-feature-discovery-master-65c9d7f4b",
                             f"{rel}-node-feature-discovery-master-65c9zvgz7")):
        p = w.pod(ns, pname, node=node, gpu=0, containers=(role,), restarts=1, image=nfd_img,
                  owner=("ReplicaSet", rs), labels={**nfd_lab, "role": role}, cpu="10m", memory="128Mi")
        w.workload("Deployment", ns, f"{rel}-node-feature-discovery-{role}", template_pod=p,
                   status={"replicas": 1, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 1,
                           "observedGeneration": 1})
    wk = w.pod(ns, f"{rel}-node-feature-discovery-worker-1mw8d", node=node, gpu=0, containers=("worker",), restarts=1,
               image=nfd_img, owner=("DaemonSet", f"{rel}-node-feature-discovery-worker"),
               labels={**nfd_lab, "role": "worker"}, cpu="5m", memory="64Mi")
    ds = w.workload("DaemonSet", ns, f"{rel}-node-feature-discovery-worker", template_pod=wk,
                    status=ds_status(1, 1, 1))
    ds["spec"].pop("replicas", None)

    # the driver pod: nvidia-driver-ctr crash-loops on the package cache update
    drv_ds = "nvidia-driver-daemonset"
    drv = f"{drv_ds}-j9fvg"
    running_unready = {"state": {"running": {"startedAt": T1}}, "ready": False, "restartCount": 0}
    statuses = crashing("nvidia-driver-ctr", 1, restarts=14)
    statuses.update({"nvidia-peermem-ctr": dict(running_unready), "nvidia-fs-ctr": dict(running_unready)})
    p = w.pod(ns, drv, node=node, gpu=0, containers=("nvidia-driver-ctr", "nvidia-peermem-ctr", "nvidia-fs-ctr"),
              init_containers=("k8s-driver-manager",), ready=False,
              labels={"app": drv_ds, "app.kubernetes.io/component": "nvidia-driver",
                      "app.kubernetes.io/part-of": "gpu-operator"},
              owner=("DaemonSet", drv_ds), statuses=statuses, tolerations=GPU_TOLERATION,
              node_selector={"nvidia.com/gpu.deploy.driver": "true"})
    for c in ("nvidia-driver-ctr", "nvidia-peermem-ctr", "nvidia-fs-ctr"):
        set_image(p, c, f"nvcr.io/nvidia/driver:{_DRIVER_VERSION}-ubuntu22.04")
    set_image(p, "k8s-driver-manager", "nvcr.io/nvidia/cloud-native/k8s-driver-manager:v0.6.8")
    log = _driver_log(t)
    w.log(ns, drv, "nvidia-driver-ctr", log)
    w.log(ns, drv, "nvidia-driver-ctr", log, previous=True)
    backoff(w, ns, drv, "nvidia-driver-ctr", node, count=118)
    ds = w.workload("DaemonSet", ns, drv_ds, template_pod=p, status=ds_status(1, 1, 0))
    ds["spec"].pop("replicas", None)

    # the operands waiting for the driver (driver-validation) or the toolkit (toolkit-validation)
    held = [("nvidia-container-toolkit-daemonset", "nvidia-container-toolkit-daemonset-pxt8j",
             "nvidia-container-toolkit-ctr", ("driver-validation",), "nvcr.io/nvidia/k8s/container-toolkit:v1.15.0-ubuntu20.04"),
            ("nvidia-dcgm-exporter", "nvidia-dcgm-exporter-vnq42", "nvidia-dcgm-exporter", ("toolkit-validation",),
             "nvcr.io/nvidia/k8s/dcgm-exporter:3.3.5-3.4.0-ubuntu22.04"),
            ("nvidia-device-plugin-daemonset", "nvidia-device-plugin-daemonset-rcjzc", "nvidia-device-plugin",
             ("toolkit-validation",), "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8"),
            ("gpu-feature-discovery", "gpu-feature-discovery-ksq75", "gpu-feature-discovery", ("toolkit-validation",),
             "nvcr.io/nvidia/k8s-device-plugin:v0.15.0-ubi8"),
            ("nvidia-operator-validator", "nvidia-operator-validator-htfz6", "nvidia-operator-validator",
             ("driver-validation", "toolkit-validation", "cuda-validation", "plugin-validation"), _VALIDATOR)]
    for app, name, container, inits, image in held:
        hp = waiting_pod(w, ns, name, node, app, container, inits, image, app)
        for c in inits:
            set_image(hp, c, _VALIDATOR)
        for s in hp["status"].get("initContainerStatuses", []):
            if "running" in s.get("state", {}):
                s["state"]["running"]["startedAt"] = T1
        ds = w.workload("DaemonSet", ns, app, template_pod=hp, status=ds_status(1, 1, 0))
        ds["spec"].pop("replicas", None)

    w.custom["clusterpolicies.nvidia.com"] = [{
        "apiVersion": "nvidia.com/v1", "kind": "ClusterPolicy",
        "metadata": {"name": "cluster-policy", "creationTimestamp": T0},
        "spec": {"driver": {"enabled": True, "version": _DRIVER_VERSION, "repository": "nvcr.io/nvidia",
                            "image": "driver", "rdma": {"enabled": True}},
                 "gds": {"enabled": True}, "toolkit": {"enabled": True}, "devicePlugin": {"enabled": True},
                 "gfd": {"enabled": True}, "dcgmExporter": {"enabled": True},
                 "operator": {"defaultRuntime": "containerd"}},
        "status": {"state": "notReady", "namespace": ns}}]
    w.target("Node", None, node)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
