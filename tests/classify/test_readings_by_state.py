"""Readings that the state (or the exact errno) decides, not the loudest words:

- the kernel refusing to insert the NVIDIA module (EACCES from a security policy, EPERM) or the
  installer's bare "Unable to load the kernel module" is a driver that is not loaded, not a
  module built for the wrong kernel (which the ENOEXEC / EINVAL forms say);
- a GPU-stack pod that cannot pull its image is that stage's failure, not a workload's;
- a labeller (GFD, a vendor's node labeller) failing explains wrong labels, never a node that
  advertises no GPU;
- an `env` run in a GPU pod is no sign that it reached its GPU;
- a container failing at the GPU's video engine without the `video` driver capability;
- a pod asking for no GPU whose command `nvidia-smi` cannot be found at start;
- a DRA pod's nvidia-smi without its claims in the bundle: a gap, not a visibility finding;
- a GPU node booted from a Bottlerocket variant that ships no NVIDIA driver;
- a GPU-stack pod on a node with no GPU beside nodes that have them: no device plugin is missing there;
- a validation container the runtime cannot start (StartError) never validated its stage: the runtime failed;
- a missing node label that no GPU-stack component writes (a provider's accelerator label): the device-plugin
  layer can neither explain it nor, unchecked, make the scheduler's answer a suspect;
- a crash-looping pod whose node selection picks only accelerator nodes (a GPU, AWS Neuron,
  Gaudi, TPU) and that asks for none of what they advertise: it was never given a device;
- an AMD GPU node (its NFD label) whose GPU Operator plugin waits in `driver-init`: the driver, not NO GPU;
- a CUDA build that finds no NVIDIA driver: nothing injected on an NVIDIA GPU, the wrong build on an AMD one;
- an AWS Neuron node (its instance type) is an accelerator node: its plugin judged, no GPU resource expected.

Messages are written from the emitters' format strings (kmod tools/modprobe.c, nvidia-installer
kernel.c, FFmpeg's nv-codec-headers loader, Go os/exec, runc), not copied from a case.
"""

from __future__ import annotations

import pytest

from tests.classify.scenario_builder import OPERATOR_NS, World
from tests.classify.scenarios_real import ML
from tests.classify.test_state_first import _crash
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.render.json import findings_document
from triage.render.markdown import render_markdown


def _doc(w: World, tmp_path) -> dict:
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _ids(doc: dict) -> list[str]:
    return [f["id"] for f in doc["findings"]]


# kmod modprobe.c: `could not insert '%s': %s` with strerror(errno) of finit_module
@pytest.mark.parametrize("line, expected, load", [
    ("modprobe: ERROR: could not insert 'nvidia': Permission denied", "driver.not_loaded", "refused"),
    ("modprobe: ERROR: could not insert 'nvidia': Operation not permitted", "driver.not_loaded", "refused"),
    ("ERROR: Unable to load the kernel module 'nvidia.ko'.  This happens most frequently when this kernel module "
     "was built against the wrong or improperly configured kernel sources", "driver.not_loaded", "unexplained"),
    ("modprobe: ERROR: could not insert 'nvidia': Exec format error", "driver.kernel_mismatch", "abi"),
])
def test_a_refused_module_load_is_a_driver_not_loaded(tmp_path, line, expected, load):
    w = World(f"module-load-{load}-{expected}")
    w.gpu_node("gpu-node-1", gpus=2, allocatable=0)
    name = _crash(w, "driver", "nvidia-driver-ctr")
    w.log(OPERATOR_NS, name, "nvidia-driver-ctr", f"Loading NVIDIA driver kernel modules...\n{line}\n", previous=True)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert rc["id"] == expected, _ids(doc)
    recognised = next(f for f in doc["findings"] if f["id"] == expected and f["certainty"] == "recognised")
    assert recognised["params"].get("load") == load


def test_a_stack_pod_that_cannot_pull_its_image_is_its_stage_not_a_workload(tmp_path):
    w = World("plugin-image-pull")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = w.stack("gpu-node-1", "device-plugin")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for st in pod["status"]["containerStatuses"]:
        st.update({"ready": False, "state": {"waiting": {
            "reason": "ImagePullBackOff",
            "message": 'Back-off pulling image "nvcr.io/nvidia/k8s-device-plugin:v9.9.9"'}}})
    w.target("Pod", OPERATOR_NS, name)
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.not_running", _ids(doc)
    assert "application.image_pull_failed" not in _ids(doc)


def test_a_crashing_labeller_does_not_explain_a_node_without_gpus(tmp_path):
    """GFD crash-looping beside a crash-looping device plugin: the plugin is why the node
    advertises nothing; GFD's failure only leaves labels unwritten."""
    w = World("labeller-and-plugin")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    _crash(w, "device-plugin", "nvidia-device-plugin")
    _crash(w, "gfd", "gpu-feature-discovery")
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "plugin.not_running", _ids(doc)
    gfd = next(f for f in doc["findings"] if f["id"] == "plugin.gfd_error")
    assert "node.gpu_not_advertised" not in gfd["explains"]


def _running_gpu_pod(w: World, env=None) -> None:
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "transcode-0", node="gpu-node-1", gpu=1, image="jellyfin/jellyfin:10.9.11", env=env)
    w.target("Pod", ML, "transcode-0")


def test_an_env_run_in_a_gpu_pod_does_not_pass_its_application_layer(tmp_path):
    w = World("env-exec-only")
    _running_gpu_pod(w)
    w.exec(ML, "transcode-0", "main", ["sh", "-c", "env | grep NVIDIA"],
           "NVIDIA_VISIBLE_DEVICES=GPU-b9c6b00b-95b2-0893-a633-772387351cf6\n")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "inconclusive" and doc["layers"]["application"]["status"] == "not_checked", doc["status"]


# nv-codec-headers include/ffnvcodec/dynlink_loader.h: LOAD_LIBRARY logs "Cannot load %s\n"
NVENC_LOG = ("[h264_nvenc @ 0x5581b2c0e440] Cannot load libnvidia-encode.so.1\n"
             "[h264_nvenc @ 0x5581b2c0e440] The minimum required Nvidia driver for nvenc is 520.56.06 or newer\n"
             "Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0\n")


@pytest.mark.parametrize("caps, exec_env, fires", [
    (None, None, True),                      # the toolkit's default: utility,compute
    ("compute,utility", None, True),
    ("compute,video,utility", None, False),
    ("all", None, False),
    (None, "NVIDIA_DRIVER_CAPABILITIES=all\n", False),   # the image's own ENV, read in the container
])
def test_a_video_engine_failure_without_the_video_capability(tmp_path, caps, exec_env, fires):
    w = World(f"nvenc-{caps}-{bool(exec_env)}")
    _running_gpu_pod(w, env=[{"name": "NVIDIA_DRIVER_CAPABILITIES", "value": caps}] if caps else None)
    w.log(ML, "transcode-0", "main", NVENC_LOG)
    if exec_env:
        w.exec(ML, "transcode-0", "main", ["env"], "PATH=/usr/bin\n" + exec_env)
    doc = _doc(w, tmp_path)
    found = [f for f in doc["findings"] if f["params"].get("missing_capability") == "video"]
    assert bool(found) == fires, _ids(doc)
    if fires:
        assert doc["root_cause"]["id"] == "runtime.visible_devices_misconfigured"
        assert found[0]["params"]["capabilities"] == (caps or "unset (utility,compute)")
        assert "Cannot load libnvidia-encode.so.1" in found[0]["evidence"][0]["excerpt"]
        assert "video" in doc["root_cause"]["title"]


@pytest.mark.parametrize("command, stdout, source", [
    (["sh", "-c", "env | grep -i nvidia"], "NVIDIA_VISIBLE_DEVICES=GPU-0b1c\n", "env in the container"),
    # printenv of another variable says nothing of the capabilities: the spec is what is left
    (["printenv", "NVIDIA_VISIBLE_DEVICES"], "GPU-0b1c\n", "the pod spec (an image may set its own)"),
])
def test_where_the_capabilities_were_read(tmp_path, command, stdout, source):
    w = World(f"nvenc-source-{command[0]}")
    _running_gpu_pod(w)
    w.log(ML, "transcode-0", "main", NVENC_LOG)
    w.exec(ML, "transcode-0", "main", command, stdout)
    doc = _doc(w, tmp_path)
    found = next(f for f in doc["findings"] if f["params"].get("missing_capability") == "video")
    assert found["params"]["capabilities_source"] == source


def test_a_codec_list_naming_nvenc_is_no_failure(tmp_path):
    w = World("nvenc-listed")
    _running_gpu_pod(w)
    w.log(ML, "transcode-0", "main", "Supported hardware encoders: h264_nvenc hevc_nvenc av1_nvenc\n")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "healthy", _ids(doc)


# runc's container init quoting Go os/exec: exec: %q: executable file not found in $PATH
SMI_MISSING = ('failed to create task for container: failed to create shim task: OCI runtime create failed: runc '
               'create failed: unable to start container process: error during container init: exec: "nvidia-smi": '
               'executable file not found in $PATH: unknown')


@pytest.mark.parametrize("gpu, expected", [(0, "application.gpu_not_requested"),
                                           (1, "runtime.start_failed_unrecognised")])
def test_a_pod_whose_command_nvidia_smi_is_not_found_at_start(tmp_path, gpu, expected):
    """Only the NVIDIA runtime puts nvidia-smi in a container, and only in one that asked for a
    GPU: a pod that asked for none cannot run it. One that asked is the runtime path's."""
    w = World(f"smi-missing-{gpu}")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "smi-test", node="gpu-node-1", gpu=gpu, image="ubuntu:24.04", restarts=3,
          statuses={"main": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 40s"}},
                             "lastState": {"terminated": {"exitCode": 127, "reason": "ContainerCannotRun",
                                                          "message": SMI_MISSING}},
                             "ready": False, "restartCount": 3}})
    w.target("Pod", ML, "smi-test")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == expected, _ids(doc)


def test_a_dra_pods_nvidia_smi_without_its_claims_is_a_gap(tmp_path):
    """The pod's GPU comes from a ResourceClaim, not a resource count: with no claim in the
    bundle what nvidia-smi lists cannot be judged against the allocation (never 'visible beyond
    its request of 0')."""
    w = World("dra-smi-no-claims")
    w.gpu_node("gpu-node-1", gpus=0, operator=False)
    w.pod(ML, "mig-workload", node="gpu-node-1", gpu=0,
          extra_spec={"resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "mig-1g"}]})
    w.get_pod(ML, "mig-workload")["status"]["resourceClaimStatuses"] = [
        {"name": "gpu", "resourceClaimName": "mig-workload-gpu-x7k2p"}]
    w.exec(ML, "mig-workload", "main", ["nvidia-smi", "-L"],
           "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-7277883e-ce1e-3b6e-6cc1-6d52e80cdb86)\n")
    w.target("Pod", ML, "mig-workload")
    doc = _doc(w, tmp_path)
    assert "runtime.visible_devices_misconfigured" not in _ids(doc)
    assert doc["status"] != "healthy"
    assert any(g["collector"] == "resourceclaims" and g["layer"] == "runtime" for g in doc["gaps"]), doc["gaps"]


@pytest.mark.parametrize("variant, expected", [("aws-k8s-1.29", "driver.not_loaded"),
                                               ("aws-k8s-1.29-nvidia", None)])
def test_a_gpu_node_on_a_bottlerocket_variant_without_the_driver(tmp_path, variant, expected):
    """Bottlerocket ships the NVIDIA driver and plugin only in its -nvidia variants; its osImage
    is its os-release PRETTY_NAME, `Bottlerocket OS <version> (<variant>)`."""
    w = World(f"bottlerocket-{variant}")
    w.node("ip-10-0-1-20.ec2.internal", labels={"node.kubernetes.io/instance-type": "g5.xlarge"},
           gpus=1 if expected is None else None)
    w.get_node("ip-10-0-1-20.ec2.internal")["status"]["nodeInfo"]["osImage"] = f"Bottlerocket OS 1.20.1 ({variant})"
    w.pod(ML, "train-0", gpu=1, scheduled_message="0/1 nodes are available: 1 Insufficient nvidia.com/gpu. "
          "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.")
    w.target("Pod", ML, "train-0")
    doc = _doc(w, tmp_path)
    if expected:
        assert doc["root_cause"]["id"] == expected, _ids(doc)
        assert any("Bottlerocket OS 1.20.1 (aws-k8s-1.29)" in e["excerpt"] for e in doc["root_cause"]["evidence"])
    else:
        assert "driver.not_loaded" not in _ids(doc)


# k8s-device-plugin: NVML's nvmlInit error string (ERROR_DRIVER_NOT_LOADED: "Driver Not Loaded")
DRIVER_NOT_LOADED = ("E1129 14:20:00.000001       1 main.go:132] error starting plugins: error creating plugin "
                     "manager: failed to create plugin manager: failed to initialize NVML: Driver Not Loaded\n")


@pytest.mark.parametrize("gpu_signs, expected", [(True, "driver.not_loaded"), (False, "plugin.nvml_unavailable")])
def test_driver_not_loaded_in_the_plugin_names_the_driver_only_on_a_gpu_node(tmp_path, gpu_signs, expected):
    """The plugin's NVML could not find a driver. On a node whose labels or capacity show NVIDIA
    hardware the driver is missing there; on a node with no sign of a GPU (the plugin's DaemonSet
    selects every node) nothing says a driver should be there: the plugin could not start NVML."""
    w = World(f"plugin-driver-not-loaded-{gpu_signs}")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    node = w.get_node("gpu-node-1")
    node["status"]["capacity"].pop("nvidia.com/gpu")
    if not gpu_signs:
        node["metadata"]["labels"] = {k: v for k, v in node["metadata"]["labels"].items()
                                      if not k.startswith(("nvidia.com/", "feature.node.kubernetes.io/"))}
    name = _crash(w, "device-plugin", "nvidia-device-plugin")
    w.log(OPERATOR_NS, name, "nvidia-device-plugin", DRIVER_NOT_LOADED, previous=True)
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert expected in _ids(doc)
    assert ("driver.not_loaded" in _ids(doc)) == gpu_signs


def _restarted(w: World, role: str, container: str, restarts: int = 4, exit_code: int = 2) -> str:
    """Running and Ready again, after `restarts` restarts whose last run failed."""
    name = w.stack("gpu-node-1", role)
    for st in w.get_pod(OPERATOR_NS, name)["status"]["containerStatuses"]:
        if st["name"] == container:
            st.update({"restartCount": restarts, "lastState": {"terminated": {
                "exitCode": exit_code, "reason": "Error", "startedAt": "2026-11-29T14:00:00Z",
                "finishedAt": "2026-11-29T14:20:00Z"}}})
    return name


def test_a_plugin_that_keeps_failing_and_coming_back_is_a_finding(tmp_path):
    """Ready now, but restarted after runs that exited non-zero: not a passed plugin layer."""
    w = World("plugin-restarting")
    w.gpu_node("gpu-node-1", gpus=4)
    _restarted(w, "device-plugin", "nvidia-device-plugin")
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "plugin.not_running", _ids(doc)
    assert rc["params"]["state"] == "restarting" and rc["severity"] == "warning"
    assert "it has restarted 4 time(s) and its last run ended with exit code 2" in " ".join(render_markdown(doc).split())
    assert doc["layers"]["plugin"]["status"] == "root"


def test_a_component_up_again_explains_nothing_that_fails_now(tmp_path):
    """The driver restarted once and runs; the toolkit cannot pull its image now: the toolkit
    is the root, the driver's past failure a finding beside it."""
    w = World("driver-restarted-toolkit-pull")
    w.gpu_node("gpu-node-1", gpus=4, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    _restarted(w, "driver", "nvidia-driver-ctr", restarts=1, exit_code=1)
    toolkit = w.get_pod(OPERATOR_NS, w.stack("gpu-node-1", "toolkit"))
    toolkit["status"]["phase"] = "Pending"
    for st in toolkit["status"]["containerStatuses"]:
        st.update({"ready": False, "state": {"waiting": {
            "reason": "ImagePullBackOff",
            "message": 'Back-off pulling image "nvcr.io/nvidia/k8s/container-toolkit:v9.9.9"'}}})
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "runtime.toolkit_not_ready", _ids(doc)
    driver = next(f for f in doc["findings"] if f["id"] == "driver.not_ready")
    assert driver["params"]["state"] == "restarting" and not driver["explains"]


@pytest.mark.parametrize("seen, refused, status", [
    ("2026-11-29T14:55:00Z", False, "inconclusive"),     # 5 minutes before collection: being added
    ("2026-11-29T14:30:00Z", False, "problem"),          # past the 15-minute provision time: no node came
    ("2026-11-29T14:55:00Z", True, "problem"),           # refused in the same loop: the group is at its max
])
def test_a_pending_gpu_pod_the_autoscaler_is_adding_a_node_for(tmp_path, seen, refused, status):
    w = World(f"scale-up-{seen[11:16]}-{refused}")
    w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "holder-0", node="gpu-node-1", gpu=1)
    w.pod(ML, "train-big-0", gpu=1, scheduled_message="0/1 nodes are available: 1 Insufficient nvidia.com/gpu. "
          "preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.")
    # cluster-autoscaler core/scaleup: "pod triggered scale-up: %v"
    ev = w.event(ML, "Pod", "train-big-0", "TriggeredScaleUp", "pod triggered scale-up: [{gpu-pool 1->2 (max: 4)}]",
                 type="Normal", component="cluster-autoscaler")
    ev["lastTimestamp"] = seen
    if refused:
        no = w.event(ML, "Pod", "train-big-0", "NotTriggerScaleUp",
                     "pod didn't trigger scale-up: 1 max node group size reached", type="Normal",
                     component="cluster-autoscaler")
        no["lastTimestamp"] = seen
    w.target("Pod", ML, "train-big-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == status, _ids(doc)
    waiting = [g for g in doc["gaps"] if g["reason"] == "in_progress"]
    assert bool(waiting) == (status == "inconclusive")
    if waiting:
        assert waiting[0]["layer"] == "scheduler" and "gpu-pool 1->2" in waiting[0]["detail"]


@pytest.mark.parametrize("gpu_signs, expected_root", [
    (False, "plugin.gfd_error"),            # a CPU node beside GPU nodes: nothing says a plugin belongs there
    (True, "plugin.not_running"),           # the node shows NVIDIA hardware: the plugin should run there
])
def test_a_stack_pod_on_a_node_without_gpus_is_no_missing_plugin(tmp_path, gpu_signs, expected_root):
    """GFD's DaemonSet selects every node; its pod crash-loops on a node with no GPU while the
    GPU node beside it runs the whole stack. The device plugin's DaemonSet not selecting that
    node is by design there, not a plugin missing, unless the node shows NVIDIA hardware."""
    w = World(f"gfd-on-cpu-node-{gpu_signs}")
    w.gpu_node("gpu-node-1", gpus=1)
    labels = {"feature.node.kubernetes.io/pci-10de.present": "true"} if gpu_signs else None
    w.node("cpu-node-1", labels=labels)
    name = "gpu-feature-discovery-cpu01"
    w.pod(OPERATOR_NS, name, node="cpu-node-1", gpu=0, containers=["gpu-feature-discovery"],
          labels={"app": "gpu-feature-discovery", "app.kubernetes.io/part-of": "gpu-operator"},
          owner=("DaemonSet", "gpu-feature-discovery"), runtime_class="nvidia")
    for st in w.get_pod(OPERATOR_NS, name)["status"]["containerStatuses"]:
        st.update({"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}}, "ready": False,
                   "restartCount": 9, "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}})
    w.target("Pod", OPERATOR_NS, name)
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == expected_root, _ids(doc)
    assert doc["root_cause"]["subject"]["name"] == "cpu-node-1"


# runc/containerd's start failure as the kubelet reports it (kuberuntime: `Error: %v` of
# StartContainer); the inner message is either the nvidia runtime's CDI wording or one no
# catalogue knows.
@pytest.mark.parametrize("inner, expected", [
    ("could not apply required modification to OCI specification: error modifying OCI spec: failed to inject "
     "CDI devices: unresolvable CDI devices management.nvidia.com/gpu=all", "runtime.cdi_unresolvable"),
    ("error during container init: a hook we have never seen refused to run: status 7", None),
])
def test_a_validation_container_the_runtime_cannot_start_says_nothing_of_its_stage(tmp_path, inner, expected):
    """The validator's driver-validation init container never started (StartError, exit 128):
    the driver check never ran, so the driver is not what failed; the runtime is."""
    w = World(f"validator-start-error-{bool(expected)}")
    w.gpu_node("gpu-node-1", gpus=1, allocatable=None)
    w.get_node("gpu-node-1")["status"]["capacity"].pop("nvidia.com/gpu")
    name = w.stack("gpu-node-1", "validator")
    message = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: "
               f"{inner}: unknown")
    pod = w.get_pod(OPERATOR_NS, name)
    pod["status"]["phase"] = "Pending"
    for st in pod["status"]["initContainerStatuses"]:
        if st["name"] == "driver-validation":
            st.update({"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}},
                       "ready": False, "restartCount": 6,
                       "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "message": message}}})
    w.event(OPERATOR_NS, "Pod", name, "Failed", f"Error: {message}")
    w.target("Node", None, "gpu-node-1")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["layer"] == "runtime", _ids(doc)
    assert "driver.not_ready" not in _ids(doc)
    if expected:
        assert doc["root_cause"]["id"] == expected


@pytest.mark.parametrize("label, value, status", [
    ("cloud.google.com/gke-accelerator", "nvidia-l4", "problem"),      # the provider writes it at node creation
    ("nvidia.com/gpu.product", "NVIDIA-L4", "inconclusive"),           # GFD writes it: its failure could be why
])
def test_a_missing_label_no_gpu_stack_component_writes_is_not_a_blind_plugin_layer(tmp_path, label, value, status):
    """A pending pod selects a label value no node carries, in a cluster with no GPU node yet (a
    GPU pool that was never created): nothing in the bundle speaks for the device-plugin layer.
    Only a label GFD / NFD / the operator write could be missing because of that layer; a
    provider's accelerator label never is, so the scheduler's answer stands."""
    w = World(f"label-absent-{status}")
    w.node("cpu-node-1")
    w.node("cpu-node-2")
    w.pod(ML, "l4-infer-0", gpu=1, phase="Pending", node_selector={label: value})
    w.event(ML, "Pod", "l4-infer-0", "FailedScheduling",
            "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes "
            "are available: 1 Preemption is not helpful for scheduling.", component="default-scheduler")
    w.target("Pod", ML, "l4-infer-0")
    doc = _doc(w, tmp_path)
    assert doc["status"] == status, (doc["status"], _ids(doc))
    found = next(f for f in doc["findings"] if f["id"] == "scheduler.selector_label_absent")
    assert value in found["title"] and found["params"]["requested"] == [value]


@pytest.mark.parametrize("label, explains", [("cloud.google.com/gke-accelerator", False),
                                             ("nvidia.com/gpu.product", True)])
def test_gfd_failing_explains_only_a_missing_label_it_writes(label, explains):
    from triage.classify.explain import finding_explains
    from triage.classify.model import Citation, Finding, Severity, Subject
    cite = (Citation("cluster-resources/nodes.json", None, "gpu-node-1"),)
    gfd = Finding("plugin.gfd_error", Severity.ERROR, Subject("Node", "gpu-node-1"), cite)
    absent = Finding("scheduler.selector_label_absent", Severity.ERROR, Subject("Pod", "infer-0", ML), cite,
                     {"label": label, "requested": ["x"], "values": []})
    assert finding_explains(gfd, absent) is explains


@pytest.mark.parametrize("asks, expected", [(0, "application.gpu_not_requested"), (1, None)])
def test_a_pod_placed_on_an_accelerator_node_that_asks_for_none_of_it(tmp_path, asks, expected):
    """An Inferentia node advertises aws.amazon.com/neuron through its device plugin; a pod
    selects that instance type, asks for no Neuron device, and crash-loops on an error no
    catalogue knows: placed for a device it never requested (state, not the words)."""
    w = World(f"neuron-not-requested-{asks}")
    node = w.node("ip-10-0-1-17", labels={"node.kubernetes.io/instance-type": "inf2.xlarge"})
    node["status"]["capacity"]["aws.amazon.com/neuron"] = node["status"]["allocatable"]["aws.amazon.com/neuron"] = "1"
    w.pod(ML, "bert-infer-0", node="ip-10-0-1-17", gpu=asks, resource="aws.amazon.com/neuron",
          node_selector={"node.kubernetes.io/instance-type": "inf2.xlarge"},
          statuses={"main": {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}},
                             "ready": False, "restartCount": 6,
                             "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}})
    w.log(ML, "bert-infer-0", "main", "INFO start\nERROR runtime: no accelerator reachable for rank 0\n", previous=True)
    w.target("Pod", ML, "bert-infer-0")
    doc = _doc(w, tmp_path)
    found = [f for f in doc["findings"] if f["id"] == "application.gpu_not_requested"]
    if expected is None:
        assert not found, _ids(doc)
        return
    assert doc["root_cause"]["id"] == expected, _ids(doc)
    assert found[0]["params"]["resource"] == "aws.amazon.com/neuron"


def test_the_amd_gpu_operators_plugin_waiting_for_its_driver_is_the_driver(tmp_path):
    """ROCm/gpu-operator: the node is an AMD GPU node by its NFD label (no amd.com/gpu yet); the
    operator's device-plugin DaemonSet (known by its image, its pods labelled only
    `daemonset-name`) has its pod waiting in `driver-init`, which loops until the amdgpu driver
    is loaded: the driver is what is missing, and the node is in GPU scope, not NO GPU."""
    w = World("amd-driver-init")
    w.node("gpu-worker-1", labels={"feature.node.kubernetes.io/amd-gpu": "true"})
    ns, image = "kube-amd-gpu", "docker.io/rocm/k8s-device-plugin:rocm-6.3.0"
    w.pod(ns, "default-device-plugin-x8k2m", node="gpu-worker-1", gpu=0, phase="Pending", image=image,
          containers=["device-plugin"], init_containers=["driver-init"], labels={"daemonset-name": "default"},
          owner=("DaemonSet", "default-device-plugin"),
          init_statuses={"driver-init": {"state": {"running": {"startedAt": "2026-11-29T14:00:00Z"}},
                                         "ready": False, "restartCount": 0}},
          statuses={"device-plugin": {"state": {"waiting": {"reason": "PodInitializing"}}, "ready": False,
                                      "restartCount": 0}})
    w.workloads[("daemonsets", ns)] = [{
        "apiVersion": "apps/v1", "kind": "DaemonSet", "metadata": {"name": "default-device-plugin", "namespace": ns},
        "spec": {"selector": {"matchLabels": {"daemonset-name": "default"}},
                 "template": {"metadata": {"labels": {"daemonset-name": "default"}},
                              "spec": {"nodeSelector": {"feature.node.kubernetes.io/amd-gpu": "true"},
                                       "containers": [{"name": "device-plugin", "image": image}]}}},
        "status": {"desiredNumberScheduled": 1, "currentNumberScheduled": 1, "numberReady": 0}}]
    w.log(ns, "default-device-plugin-x8k2m", "driver-init", "amdgpu driver is not loaded \n" * 3)
    w.target("Node", None, "gpu-worker-1")
    doc = _doc(w, tmp_path)
    assert doc["status"] == "problem" and doc["root_cause"]["id"] == "driver.not_ready", (doc["status"], _ids(doc))


@pytest.mark.parametrize("resource, expected", [("amd.com/gpu", "application.no_kernel_image"),
                                                ("nvidia.com/gpu", "runtime.no_device_visible")])
def test_a_cuda_build_that_finds_no_nvidia_driver(tmp_path, resource, expected):
    """TensorFlow's cudart stub says libcuda did not load. Given an NVIDIA GPU, nothing injected
    the driver; given an AMD GPU, the image is a CUDA build with no code for the GPU it got."""
    w = World(f"cudart-stub-{resource.split('.')[0]}")
    if resource == "amd.com/gpu":
        w.node("gpu-node-1", gpus=1, resource=resource, labels={"feature.node.kubernetes.io/amd-gpu": "true"})
    else:
        w.gpu_node("gpu-node-1", gpus=1)
    w.pod(ML, "tf-train-0", node="gpu-node-1", gpu=1, resource=resource, image="tensorflow/tensorflow:2.15.0-gpu")
    w.log(ML, "tf-train-0", "main", "2024-08-13 17:30:13.544738: I tensorflow/tsl/cuda/cudart_stub.cc:28] Could not "
          "find cuda drivers on your machine, GPU will not be used.\nGPU Available: []\n")
    w.target("Pod", ML, "tf-train-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"] is not None and doc["root_cause"]["id"] == expected, (doc["status"], _ids(doc))


@pytest.mark.parametrize("plugin_state, expected", [("crash", "plugin.not_running"), ("running", None)])
def test_an_aws_neuron_node_is_an_accelerator_node(tmp_path, plugin_state, expected):
    """An Inferentia node (its instance type) runs AWS's Neuron device plugin (aws-neuron-sdk
    manifest: `name: neuron-device-plugin-ds`). Crash-looping, it is the plugin layer's failure,
    not NO GPU; running and advertising aws.amazon.com/neuron, no GPU resource is missing."""
    w = World(f"neuron-plugin-{plugin_state}")
    node = w.node("ip-10-0-2-27", labels={"node.kubernetes.io/instance-type": "inf2.xlarge"})
    if plugin_state == "running":
        node["status"]["capacity"]["aws.amazon.com/neuron"] = node["status"]["allocatable"]["aws.amazon.com/neuron"] = "1"
    crash = {"state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}}, "ready": False,
             "restartCount": 8, "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}}}
    w.pod("kube-system", "neuron-device-plugin-daemonset-5kqvz", node="ip-10-0-2-27", gpu=0,
          image="public.ecr.aws/neuron/neuron-device-plugin:2.15.11.0", containers=["neuron-device-plugin"],
          labels={"name": "neuron-device-plugin-ds"}, owner=("DaemonSet", "neuron-device-plugin-daemonset"),
          statuses={"neuron-device-plugin": crash} if plugin_state == "crash" else None)
    w.target("Node", None, "ip-10-0-2-27")
    doc = _doc(w, tmp_path)
    assert doc["status"] != "no_gpu", _ids(doc)
    if expected:
        assert doc["root_cause"]["id"] == expected, _ids(doc)
    else:
        assert "node.gpu_not_advertised" not in _ids(doc), _ids(doc)
