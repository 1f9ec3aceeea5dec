"""Readings that first-contact round 18 showed missing, each decided by state or by the emitting
component's own format:

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

from tests.classify.scenario_builder import World, diagnosis_of, finding_ids
from tests.classify.scenarios_real import ML


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
