"""Readings that first-contact rounds 18-21 showed missing, each decided by state or by the emitting
component's own format (round 22: the driver container's words for a kernel it cannot build for; round 20: a node's own kernel log naming the NVIDIA module; round 21: a model server
given a GPU that serves on the CPU, an IMEX health check on a node in no ComputeDomain):

- a GPU health reporter's problem condition on the node (OCI's maintenance labeler:
  `oci.oraclecloud.com/MaintenanceFault=True`, its message the fault's description) names the fault class
  in the Xid catalog's words (row remaps: the ECC class) without an Xid: that class's finding, the
  reporter named and no Xid claimed; GPU words no phrase knows are still a finding, `unrecognised`;
  a condition about something else, or one in its healthy state, is none;
- the resource-claim controller's `FailedResourceClaimCreation` on a Pending pod (`PodResourceClaim %s:
  resource claim template %q: ... not found`, pkg/controller/resourceclaim) says why the pod is not
  placed: its DRA claim is never made. It is not "Pending and no scheduler said why".
"""

from __future__ import annotations

from tests.classify.scenario_builder import OPERATOR_NS, World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML
from tests.classify.test_state_first import _crash


def _fault_world(name: str, message: str, *, status: str = "True") -> World:
    w = World(name)
    node = w.gpu_node("gpu-h100-01", gpus=8, product="NVIDIA-H100-80GB-HBM3")
    node["status"]["conditions"].append({"type": "oci.oraclecloud.com/MaintenanceFault", "status": status,
                                         "reason": "HPCGPU-0002-02", "message": message})
    w.target("Node", None, "gpu-h100-01")
    return w


def test_a_health_reporters_row_remap_condition_is_the_ecc_class_without_claiming_an_xid(tmp_path):
    doc = diagnosis_of(_fault_world("oci-row-remap", "The GPU has exceeded the maximum number of ECC defective "
                                                     "row remaps."), tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "driver.xid_ecc_error", finding_ids(doc)
    assert root["params"]["reported"] == "oci.oraclecloud.com/MaintenanceFault"
    assert "MaintenanceFault reports it" in root["title"] and root["certainty"] == "inferred"
    assert "row remaps" in root["evidence"][0]["excerpt"]


def test_a_gpu_health_condition_in_unknown_words_is_still_a_finding(tmp_path):
    doc = diagnosis_of(_fault_world("oci-unknown-gpu-fault", "GPU 3 failed the vendor's burn-in diagnostic."), tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "driver.health_report_unrecognised", finding_ids(doc)
    assert root["certainty"] == "unrecognised" and root["params"]["reason"] == "HPCGPU-0002-02"


def test_a_resolved_fault_condition_and_a_non_gpu_one_are_no_finding(tmp_path):
    resolved = diagnosis_of(_fault_world("oci-resolved", "The GPU has exceeded the maximum number of ECC defective "
                                                         "row remaps.", status="False"), tmp_path / "a")
    other = diagnosis_of(_fault_world("oci-other-fault", "The host's power supply unit 2 has failed."), tmp_path / "b")
    assert resolved["status"] == "healthy", finding_ids(resolved)
    assert other["status"] == "healthy", finding_ids(other)


def test_a_claim_the_controller_cannot_create_is_why_the_pod_waits(tmp_path):
    w = World("claim-template-missing")
    w.gpu_node("gpu-node-1", gpus=4)
    p = w.pod(ML, "trainer-0", gpu=0, phase="Pending")
    p["spec"]["resourceClaims"] = [{"name": "gpu", "resourceClaimTemplateName": "gpu-tmpl-typo"}]
    w.event(ML, "Pod", "trainer-0", "FailedResourceClaimCreation",
            'PodResourceClaim gpu: resource claim template "gpu-tmpl-typo": resourceclaimtemplate.resource.k8s.io '
            '"gpu-tmpl-typo" not found', component="resource_claim", count=5)
    w.target("Pod", ML, "trainer-0")
    doc = diagnosis_of(w, tmp_path)
    root = doc["root_cause"]
    assert root["id"] == "scheduler.dra_claim_unallocatable", finding_ids(doc)
    assert root["params"]["template"] == "gpu-tmpl-typo" and root["params"]["reason"] == "claim_not_created"
    assert "FailedResourceClaimCreation" in root["evidence"][0]["excerpt"]


def _cpu_pod_world(name: str, *, crashing: bool) -> World:
    w = World(name)
    w.node("cpu-node-1", gpus=None)
    st = {"ready": False, "restartCount": 6, "state": {"waiting": {"reason": "CrashLoopBackOff"}},
          "lastState": {"terminated": {"exitCode": 2, "reason": "Error"}}} if crashing else None
    w.pod("kube-system", "k8s-neuron-scheduler-5c7d9f8b6d-j2x7m", node="cpu-node-1", gpu=0,
          containers=("neuron-scheduler",), image="public.ecr.aws/neuron/neuron-scheduler:2.19.64.0",
          **({"statuses": {"neuron-scheduler": st}, "ready": False} if crashing else {}))
    w.target("Pod", "kube-system", "k8s-neuron-scheduler-5c7d9f8b6d-j2x7m")
    return w


def test_an_asked_pod_that_crashes_without_its_log_is_no_no_gpu_answer(tmp_path):
    doc = diagnosis_of(_cpu_pod_world("cpu-pod-crash-no-log", crashing=True), tmp_path)
    assert doc["status"] == "inconclusive", doc["status"]
    assert any(g["collector"] == "logs" and "neuron-scheduler" in g["detail"] for g in doc["gaps"]), doc["gaps"]


def test_an_asked_pod_without_a_gpu_that_runs_is_still_no_gpu(tmp_path):
    doc = diagnosis_of(_cpu_pod_world("cpu-pod-running", crashing=False), tmp_path)
    assert doc["status"] == "no_gpu", doc["status"]


# round 20 (fd2002's class): a node whose object shows no GPU but whose own kernel log names the NVIDIA module
_TALOS_REFUSED = ('kern:  notice: [2026-11-29T14:01:25.957686413Z]: Loading of module with unavailable key is rejected\n'
                  'user: warning: [2026-11-29T14:01:25.959281413Z]: [talos] controller failed {"component": '
                  '"controller-runtime", "controller": "runtime.KernelModuleSpecController", "error": "error loading '
                  'module \\"nvidia\\": load nvidia failed: key was rejected by service"}\n')


def _kernel_world(name: str, dmesg: str) -> World:
    w = World(name)
    w.node("talos-worker-1", gpus=None)
    w.dmesg("talos-worker-1", dmesg)
    w.target("Node", None, "talos-worker-1")
    return w


def test_a_node_whose_kernel_refuses_the_nvidia_module_is_a_gpu_node_with_that_finding(tmp_path):
    doc = diagnosis_of(_kernel_world("talos-key-rejected", _TALOS_REFUSED), tmp_path)
    root = doc["root_cause"]
    assert root is not None and root["id"] == "driver.secure_boot_rejected", (doc["status"], finding_ids(doc))
    assert root["params"]["load_module"] == "nvidia" and "key was rejected by service" in root["evidence"][0]["excerpt"]


def test_a_node_whose_kernel_log_names_no_nvidia_line_stays_no_gpu(tmp_path):
    doc = diagnosis_of(_kernel_world("talos-no-nvidia", "kern:  notice: [2026-11-29T14:01:25.957686413Z]: "
                                                        "Loading of module with unavailable key is rejected\n"), tmp_path)
    assert doc["status"] == "no_gpu", (doc["status"], finding_ids(doc))


# round 21: Ollama's own INFO lines (discover/gpu.go, types.go) say it serves on the CPU
_OLLAMA_CPU = ('time=2026-11-29T14:02:03.417Z level=INFO source=gpu.go:377 msg="no compatible GPUs were discovered"\n'
               'time=2026-11-29T14:02:03.431Z level=INFO source=types.go:131 msg="inference compute" id=0 library=cpu '
               'compute="" driver=0.0 name="" total="251.6 GiB" available="240.2 GiB"\n')


def _ollama_world(name: str, *, gpu: int, env: dict | None = None) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    p = w.pod("ollama", "ollama-0", node="gpu-node-1", gpu=gpu, containers=("ollama",), image="ollama/ollama:0.12.6")
    if env:
        p["spec"]["containers"][0]["env"] = [{"name": k, "value": v} for k, v in env.items()]
    w.log("ollama", "ollama-0", "ollama", _OLLAMA_CPU)
    w.target("Pod", "ollama", "ollama-0")
    return w


def test_a_model_server_given_a_gpu_that_serves_on_the_cpu_saw_no_device(tmp_path):
    root = diagnosis_of(_ollama_world("ollama-cpu-fallback", gpu=1), tmp_path)["root_cause"]
    assert root is not None and root["id"] == "runtime.no_device_visible", root
    assert "no compatible GPUs were discovered" in root["evidence"][0]["excerpt"]


def test_a_model_server_told_which_gpu_library_to_load_has_its_device_env_set_by_hand(tmp_path):
    root = diagnosis_of(_ollama_world("ollama-llm-library", gpu=1, env={"OLLAMA_LLM_LIBRARY": "cuda"}), tmp_path)["root_cause"]
    assert root["id"] == "runtime.visible_devices_misconfigured" and root["params"]["llm_library"] == "cuda", root
    assert "OLLAMA_LLM_LIBRARY=cuda" in root["title"]


def test_a_model_server_run_on_the_cpu_on_purpose_is_no_finding(tmp_path):
    doc = diagnosis_of(_ollama_world("ollama-cpu-on-purpose", gpu=0), tmp_path)
    assert not any(f["id"] in ("runtime.no_device_visible", "application.gpu_not_requested") for f in doc["findings"]), \
        finding_ids(doc)


# round 21: DCGM's IMEX check on a node where NVIDIA's DRA driver runs and no ComputeDomain daemon does
def _imex_world(name: str, *, compute_domain: bool) -> World:
    w = World(name)
    node = w.gpu_node("gb300-node-1", gpus=4, product="NVIDIA-GB300")
    node["status"]["conditions"].append({"type": "GpuNvlinkWatch", "status": "True", "reason": "GpuNvlinkWatchIsNotHealthy",
                                         "message": "ErrorCode:DCGM_FR_IMEX_UNHEALTHY GPU:0 PCI:0000:9d:00.0 IMEX daemon "
                                                    "status is -3 (not READY);"})
    w.pod("nvidia-dra-driver-gpu", "nvidia-dra-driver-gpu-kubelet-plugin-x7k2p", node="gb300-node-1", gpu=0,
          containers=("compute-domains",), labels={"nvidia-dra-driver-gpu-component": "kubelet-plugin"},
          owner=("DaemonSet", "nvidia-dra-driver-gpu-kubelet-plugin"))
    if compute_domain:
        w.pod("nvidia-dra-driver-gpu", "computedomain-daemon-4f2a9-q8m3t", node="gb300-node-1", gpu=0,
              containers=("compute-domain-daemon",), labels={"resource.nvidia.com/computeDomain": "4f2a9c71"},
              owner=("DaemonSet", "computedomain-daemon-4f2a9"))
    w.target("Node", None, "gb300-node-1")
    return w


def test_an_imex_check_on_a_node_in_no_compute_domain_is_no_finding(tmp_path):
    doc = diagnosis_of(_imex_world("imex-idle", compute_domain=False), tmp_path)
    assert "driver.health_report_unrecognised" not in finding_ids(doc), finding_ids(doc)


def test_an_imex_check_failing_where_a_compute_domain_runs_is_still_a_finding(tmp_path):
    doc = diagnosis_of(_imex_world("imex-in-domain", compute_domain=True), tmp_path)
    assert doc["root_cause"]["id"] == "driver.health_report_unrecognised", finding_ids(doc)


# round 22: the driver container's own words that the kernel it must build for is not the one it has


def _driver_crash_world(name: str, log: str) -> World:
    w = World(name)
    w.gpu_node("gpu-node-1", gpus=1)
    pod = _crash(w, "driver", "nvidia-driver-ctr")
    w.log(OPERATOR_NS, pod, "nvidia-driver-ctr", log, previous=True)
    w.target("Node", None, "gpu-node-1")
    return w


def test_a_driver_toolkit_image_for_another_kernel_is_the_kernel_mismatch(tmp_path):
    log = ("Running dtk-build-driver\nWARNING: broken Driver Toolkit image detected:\n"
           "- Node kernel:    5.14.0-427.50.1.el9_4.x86_64\n- Kernel package: 5.14.0-427.42.1.el9_4.x86_64\n"
           "INFO: informing nvidia-driver-ctr to fallback on entitled-build.\n")
    root = diagnosis_of(_driver_crash_world("dtk-broken", log), tmp_path)["root_cause"]
    assert root["id"] == "driver.kernel_mismatch", root
    assert "broken Driver Toolkit image detected" in " ".join(e["excerpt"] for e in root["evidence"])


def test_dnf_without_the_running_kernels_packages_is_the_kernel_mismatch(tmp_path):
    log = ("+ dnf -q -y --releasever=9 --setopt=install_weak_deps=False install kernel-5.14.0-503.15.1.el9_5.x86_64\n"
           "Error: Unable to find a match: kernel-5.14.0-503.15.1.el9_5.x86_64\n")
    root = diagnosis_of(_driver_crash_world("dnf-no-kernel", log), tmp_path)["root_cause"]
    assert root["id"] == "driver.kernel_mismatch", root
