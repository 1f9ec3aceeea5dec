"""Readings that first-contact round 12 showed wrong or over-sure, each decided by state or by
the emitting component's own format:

- the kubelet zeroes a resource whose plugin stopped serving it (a MIG layout or strategy change)
  and drops the name later: capacity and allocatable 0 beside a resource the node offers is
  residue, not a node that offers nothing;
- a runc hook failure whose stderr holds only nvidia-container-runtime's info line (`Auto-detected
  mode as '%v'`, internal/info/auto.go) lost the error that followed: no step is named, so it is the
  runtime's start failure in unrecognised words, not nvidia-container-cli's initialisation;
- Kubernetes' "Schedule GPUs" page labels GPU nodes `accelerator=<vendor-model>` by hand: a node
  so labelled is a GPU node even when nothing advertises its GPUs;
- a pod of a non-default scheduler with no event and no condition: that scheduler's own pod log
  says what it made of it;
- a `dmesg` run in a pod is the kernel log of its node (a Kata pod's: its guest's) when the
  bundle holds no other;
- a gang scheduler's PodGroup still Pending for a GPU no node offers is never enqueued (Volcano's
  enqueue weighs present capacity): the job's pods are never created;
- a running GPU pod whose log never names a GPU has not shown it reached one: the application
  layer is checked in part, with nvidia-smi in the pod as what would close it.
"""

from __future__ import annotations

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML
from triage.evidence.runtime_error import CliCause, parse_runtime_error


_doc = diagnosis_of
_ids = finding_ids


def _stale_world(name: str, *, served: bool) -> World:
    w = World(name)
    node = w.gpu_node("worker-a100-0", gpus=1 if served else 0)
    for res in ("nvidia.com/mig-1g.5gb", "nvidia.com/mig-3g.20gb"):
        node["status"]["capacity"][res] = "0"
        node["status"]["allocatable"][res] = "0"
    if not served:
        for key in ("capacity", "allocatable"):
            node["status"][key].pop("nvidia.com/gpu", None)
    w.target("Node", None, "worker-a100-0")
    return w


def test_zeroed_resources_of_an_old_mig_layout_beside_an_offered_one_are_residue(tmp_path):
    doc = _doc(_stale_world("mig-residue", served=True), tmp_path)
    assert "node.gpu_allocatable_zero" not in _ids(doc), _ids(doc)


def test_zeroed_resources_with_nothing_offered_are_still_a_node_that_offers_none(tmp_path):
    doc = _doc(_stale_world("mig-nothing", served=False), tmp_path)
    assert "node.gpu_allocatable_zero" in _ids(doc), _ids(doc)


RUNC_HOOK = ("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create "
             "failed: unable to start container process: error during container init: error running hook #0: error "
             "running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'")


def test_a_hook_failure_that_kept_only_the_mode_line_names_no_step():
    assert parse_runtime_error(RUNC_HOOK).cause is CliCause.UNSTATED
    full = RUNC_HOOK + ("\nnvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: "
                        "cannot open shared object file: no such file or directory: unknown")
    assert parse_runtime_error(full).cause is CliCause.NO_DRIVER_VISIBLE


def test_a_plugin_whose_start_fails_with_only_the_mode_line_is_an_unrecognised_start_failure(tmp_path):
    w = World("hook-mode-line")
    w.gpu_node("k3d-0", gpus=1, operator=False)
    w.pod("kube-system", "nvidia-device-plugin-daemonset-5vw2k", node="k3d-0", gpu=0,
          containers=("nvidia-device-plugin-ctr",), image="nvcr.io/nvidia/k8s-device-plugin:v0.14.1",
          labels={"name": "nvidia-device-plugin-ds"}, owner=("DaemonSet", "nvidia-device-plugin-daemonset"),
          statuses={"nvidia-device-plugin-ctr": {
              "ready": False, "restartCount": 9, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
              "lastState": {"terminated": {"exitCode": 128, "reason": "StartError", "message": RUNC_HOOK}}}})
    w.event("kube-system", "Pod", "nvidia-device-plugin-daemonset-5vw2k", "Failed", f"Error: {RUNC_HOOK}")
    w.target("Node", None, "k3d-0")
    doc = _doc(w, tmp_path)
    assert doc["root_cause"]["id"] == "runtime.start_failed_unrecognised", _ids(doc)
    assert "runtime.container_cli_init_failed" not in _ids(doc)


def test_a_node_labelled_accelerator_by_hand_is_a_gpu_node(tmp_path):
    w = World("accelerator-label")
    w.node("gpu-node-01", labels={"accelerator": "nvidia-tesla-p100"})
    w.target("Node", None, "gpu-node-01")
    doc = _doc(w, tmp_path)
    assert doc["status"] != "no_gpu", doc["status"]
    assert "node.gpu_not_advertised" in _ids(doc), _ids(doc)


def _kubeshare_world(name: str, log: str) -> World:
    w = World(name)
    w.gpu_node("master", gpus=2)
    w.pod("kube-system", "kubeshare-scheduler-6d5f8b9c47-r7m2x", node="master", gpu=0,
          containers=("kubeshare-scheduler",), labels={"app": "kubeshare-scheduler"})
    w.log("kube-system", "kubeshare-scheduler-6d5f8b9c47-r7m2x", "kubeshare-scheduler", log)
    pod = w.pod("default", "sharedgpu-test", gpu=0, scheduler="kubeshare-scheduler")
    pod["status"]["conditions"] = []
    w.target("Pod", "default", "sharedgpu-test")
    return w


def test_a_custom_schedulers_own_log_says_why_it_did_not_place_the_pod(tmp_path):
    log = ("I0502 03:11:40.102318       1 scheduler.go:89] Starting KubeShare scheduler\n"
           "No corresponding gpu NVIDIA GeForce GTX 3090 in the node master")
    doc = _doc(_kubeshare_world("kubeshare-log", log), tmp_path)
    root = doc["root_cause"]
    assert (root["id"], root["certainty"]) == ("scheduler.custom_scheduler_rejected", "unrecognised"), _ids(doc)
    assert "No corresponding gpu NVIDIA GeForce GTX 3090 in the node master" in root["evidence"][0]["excerpt"]


def test_a_custom_scheduler_that_logs_only_at_info_level_leaves_the_pod_unexplained(tmp_path):
    log = "I0502 03:11:40.102318       1 scheduler.go:89] Starting KubeShare scheduler"
    doc = _doc(_kubeshare_world("kubeshare-quiet", log), tmp_path)
    assert doc["root_cause"]["id"] == "scheduler.pending_unexplained", _ids(doc)


def test_a_dmesg_run_in_a_pod_is_read_as_its_nodes_kernel_log(tmp_path):
    w = World("kata-dmesg")
    w.gpu_node("gpu-4090-01", gpus=1)
    w.pod(ML, "cuda-vectoradd-kata", node="gpu-4090-01", gpu=1, containers=("cuda-vectoradd",),
          runtime_class="kata-qemu-nvidia-gpu")
    w.exec(ML, "cuda-vectoradd-kata", "cuda-vectoradd", ["dmesg"],
           "[    3.112000] NVRM: Open nvidia.ko is only ready for use on Data Center GPUs.\n"
           "[    3.112010] NVRM: GPU 0000:02:00.0: RmInitAdapter failed! (0x22:0x56:762)\n")
    w.target("Pod", ML, "cuda-vectoradd-kata")
    doc = _doc(w, tmp_path)
    driver = [f for f in doc["findings"] if f["layer"] == "driver"]
    assert driver and any("Open nvidia.ko" in e["excerpt"] for f in driver for e in f["evidence"]), _ids(doc)


def _podgroup_world(name: str, *, gpu_node: bool) -> World:
    w = World(name)
    w.node("system-0")
    if gpu_node:
        w.gpu_node("gpu-0", gpus=1)
    w.custom["podgroups.scheduling.volcano.sh"] = [{
        "apiVersion": "scheduling.volcano.sh/v1beta1", "kind": "PodGroup",
        "metadata": {"name": "train-7k2m9q-3c1f9a4e-8b2d-4f6a-9e7c-5d0b2a8f1e63", "namespace": ML,
                     "ownerReferences": [{"apiVersion": "batch.volcano.sh/v1alpha1", "kind": "Job",
                                          "name": "train-7k2m9q", "controller": True}]},
        "spec": {"minMember": 1, "queue": "default", "minResources": {"cpu": "20", "nvidia.com/gpu": "1"}},
        "status": {"phase": "Pending"}}]
    w.target("Job", ML, "train-7k2m9q")
    return w


def test_a_gang_asking_for_a_gpu_no_node_offers_is_never_enqueued(tmp_path):
    doc = _doc(_podgroup_world("podgroup-pool-at-zero", gpu_node=False), tmp_path)
    root = doc["root_cause"]
    assert doc["status"] == "problem", (doc["status"], _ids(doc))
    assert (root["id"], root["params"]["reason"]) == ("scheduler.custom_scheduler_rejected", "no_capacity")


def test_a_pending_gang_beside_a_node_that_offers_its_gpu_is_not_read_as_no_capacity(tmp_path):
    doc = _doc(_podgroup_world("podgroup-node-there", gpu_node=True), tmp_path)
    assert not any(f["params"].get("reason") == "no_capacity" for f in doc["findings"]), _ids(doc)


def test_a_running_gpu_pod_whose_log_never_names_a_gpu_is_checked_only_in_part(tmp_path):
    w = World("silent-notebook")
    w.gpu_node("gke-t4-0", gpus=1)
    w.pod(ML, "jupyter-ana", node="gke-t4-0", gpu=1, containers=("notebook",))
    w.log(ML, "jupyter-ana", "notebook", "[I 2026-11-29 14:42:06.518 ServerApp] Jupyter Server 2.14.1 is running at:")
    w.target("Pod", ML, "jupyter-ana")
    doc = _doc(w, tmp_path)
    assert any(g["collector"] == "exec" and g["reason"] == "silent" for g in doc["gaps"]), doc["gaps"]
    # the layer passed on what was checked, and names the gap (rendered "checked in part")
    assert any(g["reason"] == "silent" for g in doc["layers"]["application"]["gaps"]), doc["layers"]["application"]
