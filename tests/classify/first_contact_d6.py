"""First-contact batch D6 (fixtures/first-contact/batch-d6/cases.jsonl) as scenario bundles.

Real GPU-on-Kubernetes failures in the container runtime / toolkit layer, sampled this time from the search tool's
`docs` corpus (documentation pages, release notes, merge requests and changelogs outside GitHub's issue tracker) with
the fixed query list in the batch README: GPU Operator operands stuck in Init:RunContainerError /
Init:CreateContainerError on CRI-O until the container toolkit runs (a release-notes known issue), a stale CRI-O
OCI hook config that keeps the driver pod from running after a reboot (a GitLab merge request), and an empty
/run/cdi after a reboot that leaves the management CDI device unresolvable for the operator validator (a
changelog). All three texts are prose and are not placed in the bundle; each builder builds the cluster state the
page describes. The expected answer was reasoned from the page (`expected` in the case, preferred first) and
committed before any rule change; it is never taken from the tool's output.

Version strings and names the page does not state (node and pod names, kernels, kubelet and runtime versions, GPU
models, image tags) are filled in plausibly; each scenario's README says which parts of the world are assumed.

    .venv/bin/python -m tests.classify.first_contact_d6      # (re)writes fixtures/first-contact/batch-d6/scenarios/
"""

from __future__ import annotations

from tests.classify.first_contact_b import drop_logs, no_gpu_resource, node_info, remove_stack_pod, stack_pod, strip_gfd
from tests.classify.first_contact_common import ThreadBatch
from tests.classify.first_contact_h import rhcos, start_error
from tests.classify.scenario_builder import OPERATOR_NS, World
from tests.classify.scenarios_real import init_stuck, pod_subj

FC = ThreadBatch("batch-d6", "D6")
BATCH, SCENARIOS_DIR, BUILDERS, cases, case = FC.dir, FC.scenarios_dir, FC.builders, FC.cases, FC.case

# cases whose text is prose (not placed in the bundle)
TEXT_NOT_IN_BUNDLE = {"fd601", "fd602", "fd603"}


# ---- world helpers ---------------------------------------------------------------------------

def operator_images(w: World, tag: str) -> None:
    """Retag the GPU Operator operand images (the builder's default is v24.9.0)."""
    for p in w.pods.get(OPERATOR_NS, []):
        for c in p["spec"]["containers"] + p["spec"].get("initContainers", []):
            c["image"] = c["image"].replace("v24.9.0", tag)
        for s in p["status"].get("containerStatuses", []) + p["status"].get("initContainerStatuses", []):
            s["image"] = s["image"].replace("v24.9.0", tag)


def init_waiting(w: World, node: str, role: str, init: str, reason: str, restarts: int = 0) -> str:
    """A GPU-stack pod in Init whose init container `init` waits with `reason` (no message: the page quotes none)."""
    name = init_stuck(w, node, role, init, None,
                      state={"state": {"waiting": {"reason": reason}}, "ready": False, "restartCount": restarts},
                      restarts=restarts)
    drop_logs(w, OPERATOR_NS, name)
    return name


def not_started(w: World, node: str, role: str) -> str:
    """A GPU-stack pod whose first init container has not been started yet (waiting PodInitializing)."""
    name = w.stack(node, role)
    first = w.get_pod(OPERATOR_NS, name)["spec"]["initContainers"][0]["name"]
    return init_waiting(w, node, role, first, "PodInitializing")


def main_waiting(w: World, node: str, role: str, reason: str | None, restarts: int = 0) -> str:
    """A GPU-stack pod whose init containers are done and whose main container waits (`reason`), phase Pending."""
    name = w.stack(node, role)
    p = w.get_pod(OPERATOR_NS, name)
    p["status"]["phase"] = "Pending"
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
    for s in p["status"]["containerStatuses"]:
        waiting = {"reason": reason} if reason else {}
        s.update({"state": {"waiting": waiting}, "ready": False, "started": False, "restartCount": restarts})
    drop_logs(w, OPERATOR_NS, name)
    return name


# ---- CRI-O: operands in Init:RunContainerError until the toolkit runs -----------------------

@case("fd601", pod_subj("nvidia-device-plugin-daemonset-" + "x7k2q", OPERATOR_NS),
      "OpenShift 4.19 cluster (modelled: the entry says only that cri-o is the container runtime; RHCOS build, kernel, "
      "CRI-O and kubelet versions, node name and GPU model assumed: one worker ocp-gpu-worker-0 with one NVIDIA L40S) "
      "during the install of GPU Operator v25.10.0 (operand image tags v25.10.0). The driver DaemonSet pod is Running "
      "and Ready; the container toolkit pod has finished its driver-validation init container and its main container "
      "waits in ContainerCreating (not running yet); the device plugin pod's toolkit-validation init container waits in "
      "RunContainerError (4 restarts), GPU Feature Discovery's in CreateContainerError (3 restarts), and the operator "
      "validator's toolkit-validation (after a completed driver-validation) in RunContainerError (5 restarts), so "
      "`oc get pods` shows them Init:RunContainerError / Init:CreateContainerError. The kubelet's error messages are not "
      "quoted by the page and are not modelled (waiting reasons and restart counts only). The node carries the "
      "operator's deploy labels and no GFD labels and advertises no nvidia.com/gpu yet. The text is prose and not placed "
      "in the bundle.")
def _(w, t):
    node = "ocp-gpu-worker-0"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-L40S", memory_mib=46068)
    rhcos(n, "9.6.20251015-0", "5.14.0-570.52.1.el9_6.x86_64", "cri-o://1.32.9-2.rhaos4.19.git0a2c1f3.el9", "v1.32.9")
    strip_gfd(n)
    no_gpu_resource(n)
    # the device plugin pod gets a stable name (the case's subject)
    old = w.stack(node, "device-plugin")
    dp = stack_pod(w, node, "device-plugin")
    dp["metadata"]["name"] = "nvidia-device-plugin-daemonset-x7k2q"
    w._stack[(node, "device-plugin")] = "nvidia-device-plugin-daemonset-x7k2q"
    drop_logs(w, OPERATOR_NS, old)
    main_waiting(w, node, "toolkit", "ContainerCreating")
    init_waiting(w, node, "device-plugin", "toolkit-validation", "RunContainerError", restarts=4)
    init_waiting(w, node, "gfd", "toolkit-validation", "CreateContainerError", restarts=3)
    init_waiting(w, node, "validator", "toolkit-validation", "RunContainerError", restarts=5)
    operator_images(w, "v25.10.0")
    w.target("Pod", OPERATOR_NS, "nvidia-device-plugin-daemonset-x7k2q")


# ---- CRI-O: a stale NVIDIA OCI hook config after a reboot -----------------------------------

@case("fd602", pod_subj("nvidia-driver-daemonset-47.83.202103251640-0-8vq6r", OPERATOR_NS),
      "OpenShift 4.7 cluster of 2021 (release, RHCOS build, kernel, CRI-O and kubelet versions, node name, GPU model and "
      "operand image tags assumed: one worker worker-gpu-0 with one Tesla T4, GPU Operator 1.x; the operands are kept in "
      "the builder's gpu-operator namespace, where the 1.x operator used gpu-operator-resources) just after the worker "
      "rebooted. The NVIDIA OCI hook config that the toolkit pod wrote into /etc/containers/oci/hooks.d survived the "
      "reboot (a node file the collector does not gather, so it is not in the bundle). The driver DaemonSet pod's "
      "nvidia-driver-ctr container cannot run: it waits in RunContainerError after 6 restarts (the MR quotes no error "
      "message, none is modelled) and the pod is Pending and not Ready; the toolkit, device plugin, GFD and validator "
      "pods have not started their first init container (waiting PodInitializing; assumed). The node is Ready, carries "
      "its GFD labels from before the reboot and advertises nvidia.com/gpu capacity 1 with allocatable 0 (the plugin "
      "has not registered since the reboot; assumed). The text is prose and not placed in the bundle.")
def _(w, t):
    node = "worker-gpu-0"
    n = w.gpu_node(node, gpus=1, product="Tesla-T4", memory_mib=15109, allocatable=0)
    rhcos(n, "47.83.202103251640-0", "4.18.0-240.15.1.el8_3.x86_64", "cri-o://1.20.1-5.rhaos4.7.git75b6c33.el8",
          "v1.20.0+bafe72f")
    n["metadata"]["labels"].update({"nvidia.com/cuda.driver.major": "460", "nvidia.com/cuda.runtime.major": "11"})
    name = "nvidia-driver-daemonset-47.83.202103251640-0-8vq6r"
    drv = stack_pod(w, node, "driver")
    old = drv["metadata"]["name"]
    drv["metadata"]["name"] = name
    w._stack[(node, "driver")] = name
    drop_logs(w, OPERATOR_NS, old)
    # the 1.x driver pod: one container, no driver-manager init container
    drv["spec"].pop("initContainers", None)
    drv["status"].pop("initContainerStatuses", None)
    main_waiting(w, node, "driver", "RunContainerError", restarts=6)
    for c in drv["status"]["conditions"]:
        if c["type"] == "Initialized":
            c["status"] = "True"
    for role in ("toolkit", "device-plugin", "gfd", "validator"):
        not_started(w, node, role)
    operator_images(w, "1.7.0")
    w.target("Pod", OPERATOR_NS, name)


# ---- CDI: /run/cdi empty after a reboot on a host without nvidia-cdi-refresh ----------------

CDI_ERROR = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: could not apply "
             "required modification to OCI specification: error modifying OCI spec: failed to inject CDI devices: "
             "unresolvable CDI devices management.nvidia.com/gpu=all: unknown")


@case("fd603", pod_subj("nvidia-operator-validator-" + "m4t9z", OPERATOR_NS),
      "Single-node Kubernetes cluster on a DGX OS host with one GB10 GPU (kubeadm-style, modelled: the changelog names "
      "DGX OS / GB10 and toolkit 1.19 only; node name, DGX OS / Ubuntu 24.04 and kernel strings, containerd and kubelet "
      "versions and the operator's image tags assumed), arm64 (the node's arch labels and nodeInfo say arm64). The "
      "driver and the NVIDIA Container Toolkit 1.19 are installed on the host (no nvidia-cdi-refresh service), so the "
      "GPU Operator runs without driver and toolkit pods (the node's nvidia.com/gpu.deploy.driver label is "
      "pre-installed). After a reboot /run/cdi is empty (a node directory the collector does not gather). The operator "
      "validator pod's driver-validation init container cannot start: its last attempt ended StartError (exit 128) and "
      "it is in CrashLoopBackOff after 6 restarts, with the kubelet's Failed event; the runtime's wording around the "
      "quoted fragment 'unresolvable CDI devices management.nvidia.com/gpu=all' is illustrative (the nvidia runtime's "
      "CDI injection error format). The device plugin and GFD pods have not started their first init container "
      "(waiting PodInitializing; assumed). No GFD labels, no nvidia.com/gpu on the node. The text is prose and not "
      "placed in the bundle.")
def _(w, t):
    node = "dgx-spark-01"
    n = w.gpu_node(node, gpus=1, product="NVIDIA-GB10", memory_mib=122572,
                   labels={"kubernetes.io/arch": "arm64", "beta.kubernetes.io/arch": "arm64",
                           "nvidia.com/gpu.deploy.driver": "pre-installed"})
    node_info(n, architecture="arm64", osImage="Ubuntu 24.04.3 LTS", kernelVersion="6.11.0-1016-nvidia",
              containerRuntimeVersion="containerd://2.1.4", kubeletVersion="v1.34.1", kubeProxyVersion="v1.34.1")
    n["metadata"]["labels"].pop("nvidia.com/gpu.deploy.container-toolkit", None)
    strip_gfd(n)
    no_gpu_resource(n)
    remove_stack_pod(w, node, "driver")
    remove_stack_pod(w, node, "toolkit")
    old = w.stack(node, "validator")
    name = "nvidia-operator-validator-m4t9z"
    v = stack_pod(w, node, "validator")
    v["metadata"]["name"] = name
    w._stack[(node, "validator")] = name
    drop_logs(w, OPERATOR_NS, old)
    state = start_error("driver-validation", CDI_ERROR, restarts=6)["driver-validation"]
    init_stuck(w, node, "validator", "driver-validation", None, state=state, restarts=6)
    w.event(OPERATOR_NS, "Pod", name, "Failed", "Error: " + CDI_ERROR, component="kubelet", host=node, count=7,
            field_path="spec.initContainers{driver-validation}")
    w.event(OPERATOR_NS, "Pod", name, "BackOff", "Back-off restarting failed container driver-validation in pod "
            f"{name}_{OPERATOR_NS}", component="kubelet", host=node, count=28,
            field_path="spec.initContainers{driver-validation}")
    for role in ("device-plugin", "gfd"):
        not_started(w, node, role)
    operator_images(w, "v25.10.1")
    w.target("Pod", OPERATOR_NS, name)


# ---- assembling ------------------------------------------------------------------------------

all_scenarios, main = FC.all_scenarios, FC.main


if __name__ == "__main__":
    main()
