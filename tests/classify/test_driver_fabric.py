"""The NVLink fabric of an NVSwitch board (triage/classify/rules/driver_fabric.py): nvidia-smi's
Fabric State and Status (NVML's nvmlGpuFabricInfo; the states "Not Started", "In Progress",
"Completed" as nvidia-smi prints them), read from real captures in shared/corpus/nvidia-smi, and a
node whose objects all look healthy while nothing checked its fabric.

A failure nobody could see in the cluster's objects: the fabric manager down on an 8-GPU HGX
board leaves the driver loaded, NVML answering and every GPU advertised, and CUDA failing with
error 802 (NVIDIA/NVSentinel#883, spectrocloud/CanvOS#700, siderolabs/extensions#511 in the
first-contact batches were all HEALTHY before this rule, and stay so: no nvidia-smi was taken
there; fe801's report now names the fabric as unchecked, fe1003's and fz504's nodes name no GPU
model or machine type).
"""

from __future__ import annotations

from tests.classify.scenario_builder import World
from tests.classify.scenarios_real import ML
from tests.conftest import CORPUS
from triage.bundle.views import load_bundle
from triage.classify.engine import diagnose
from triage.evidence.nvidia_smi import parse_nvidia_smi
from triage.render.json import findings_document

SMI = CORPUS / "nvidia-smi"
H100_Q = (SMI / "text" / "8x-h100-80gb-hbm3-535.183.01-q-leptonai-gpud.txt").read_text()
COMPLETED = "        State                             : Completed\n"
# NVIDIA/gpu-operator#2511 (a node whose CUDA validator failed), the driver pod's `nvidia-smi -q`, verbatim
IN_PROGRESS_BLOCK = """    Fabric
        State                                          : In Progress
        Status                                         : N/A
        CliqueId                                       : N/A
        ClusterUUID                                    : N/A
"""


def _gpus(name: str, text: str):
    return parse_nvidia_smi(name, text).report.gpus


def test_the_fabric_state_is_read_from_q_text_xml_and_csv():
    assert {g.fabric for g in _gpus("nvidia-smi-q", H100_Q)} == {"registered"}
    h100_xml = (SMI / "xml" / "8x-h100-80gb-hbm3-580.105.08-nvidia-k8s-test-infra.xml").read_text()
    assert [g.fabric for g in _gpus("nvidia-smi-q-x", h100_xml)] == ["registered"] * 8
    csv = (SMI / "csv" / "h200-590.48.01-linux-query-gpu-all-fields-idle.csv").read_text()
    assert {(g.fabric_state, g.fabric_status) for g in _gpus("nvidia-smi", csv)} == {("Completed", "Success")}


def test_a_gpu_without_a_fabric_reports_none():
    # an A100 reports no fabric state even on an NVSwitch board; a PCIe card none at all
    a100 = (SMI / "xml" / "a100-sxm4-40gb-570.148.08-nvidia-k8s-test-infra.xml").read_text()
    l40s = (SMI / "text" / "l40s-595.80-linux-q-load.txt").read_text()
    assert {g.fabric for g in _gpus("nvidia-smi-q-x", a100)} == {None}
    assert {g.fabric for g in _gpus("nvidia-smi-q", l40s)} == {None}


def _with_state(state: str) -> str:
    """The capture with its first GPU's Fabric State as NVML would report it: "Not Started" before any
    fabric manager probed the GPU; the In Progress block as gpu-operator#2511 quotes it."""
    if state == "In Progress":
        start = H100_Q.index("    Fabric\n")
        return H100_Q[:start] + IN_PROGRESS_BLOCK + H100_Q[H100_Q.index("    Processes", start):]
    return H100_Q.replace(COMPLETED, COMPLETED.replace("Completed", state), 1)


def test_not_started_and_in_progress_are_told_apart():
    assert [g.fabric for g in _gpus("nvidia-smi-q", _with_state("In Progress"))][:2] == ["in_progress", "registered"]
    gpus = _gpus("nvidia-smi-q", _with_state("Not Started"))
    assert [g.fabric for g in gpus][:2] == ["not_started", "registered"]
    assert gpus[0].fabric_line == H100_Q[:H100_Q.index(COMPLETED)].count("\n") + 1


def _hgx(tmp_path, *, product: str = "NVIDIA-H100-80GB-HBM3", smi: str | None = None, operator: bool = False,
         labels=None) -> dict:
    """An 8-GPU node (the driver the capture names: 535) and a training pod on it; the GPU
    Operator's stack (its validator Ready) or none (a host driver and the standalone plugin)."""
    w = World("hgx-fabric")
    w.gpu_node("hgx-1", gpus=8, product=product, operator=operator,
               labels={"nvidia.com/cuda.driver.major": "535", **(labels or {})})
    w.pod(ML, "train-0", node="hgx-1", gpu=8)
    if smi is not None:
        w.exec(ML, "train-0", "main", ["nvidia-smi", "-q"], smi)
    w.target("Node", None, "hgx-1")
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        return findings_document(diagnose(b), b)


def _fabric_gaps(doc) -> list[dict]:
    return [g for g in doc["gaps"] if "fabric" in g["detail"].lower()]


def test_a_gpu_no_fabric_manager_probed_is_the_fabric_manager_not_running(tmp_path):
    doc = _hgx(tmp_path, smi=_with_state("Not Started"))
    rc = doc["root_cause"]
    assert doc["status"] == "problem" and rc["id"] == "driver.fabric_manager_not_running", doc["findings"]
    assert rc["certainty"] == "recognised" and rc["subject"] == {"kind": "Node", "name": "hgx-1"}
    assert rc["evidence"][0]["excerpt"] == "State : Not Started"
    assert rc["evidence"][0]["path"].endswith("train-0/main/nvidia-smi-q.stdout")
    assert "hgx-1" in rc["title"]


def test_a_fabric_still_in_progress_is_no_finding_but_is_said(tmp_path):
    # training, or a shared-NVSwitch partition not activated yet (dra-driver-nvidia-gpu#1264): no fault by itself
    doc = _hgx(tmp_path, smi=_with_state("In Progress"))
    assert doc["status"] == "healthy" and not doc["findings"]
    [gap] = _fabric_gaps(doc)
    assert gap["reason"] == "in_progress" and gap["layer"] == "driver" and "1 GPU(s) of hgx-1" in gap["detail"]


def test_every_gpu_registered_checks_the_fabric(tmp_path):
    doc = _hgx(tmp_path, smi=H100_Q)
    assert doc["status"] == "healthy" and not _fabric_gaps(doc)


def test_an_nvswitch_board_nothing_checked_names_the_fabric_as_unchecked(tmp_path):
    """No nvidia-smi and no CUDA validation: the verdict stays what the other checks say (a
    non-decisive gap, as for the kernel log), and the report says the fabric was not checked."""
    doc = _hgx(tmp_path)
    assert doc["status"] == "healthy"
    [gap] = _fabric_gaps(doc)
    assert gap["layer"] == "driver" and "NVSwitch board" in gap["detail"] and "nvidia-smi -q" in gap["needs"]


def test_the_operators_cuda_validation_checks_the_fabric(tmp_path):
    assert not _fabric_gaps(_hgx(tmp_path, operator=True))


def test_pcie_cards_and_small_boards_have_no_fabric_to_check(tmp_path):
    assert not _fabric_gaps(_hgx(tmp_path / "pcie", product="NVIDIA-H100-PCIe"))
    assert not _fabric_gaps(_hgx(tmp_path / "nvl", product="NVIDIA-H200-NVL"))
    # an 8-GPU machine type of a provider counts without a model label
    doc = _hgx(tmp_path / "p5", product="", labels={"node.kubernetes.io/instance-type": "p5.48xlarge"})
    assert _fabric_gaps(doc)


def test_a_gpu_read_twice_counts_once(tmp_path):
    w = World("hgx-fabric-twice")
    w.gpu_node("hgx-1", gpus=8, product="NVIDIA-H100-80GB-HBM3", operator=False,
               labels={"nvidia.com/cuda.driver.major": "535"})
    for name in ("train-0", "train-1"):
        w.pod(ML, name, node="hgx-1", gpu=4)
        w.exec(ML, name, "main", ["nvidia-smi", "-q"], _with_state("Not Started"))
    w.target("Node", None, "hgx-1")
    with load_bundle(w.write(tmp_path / "bundle")) as b:
        doc = findings_document(diagnose(b), b)
    rc = doc["root_cause"]
    assert rc["id"] == "driver.fabric_manager_not_running" and rc["params"]["gpus_waiting"] == 1
    assert len(rc["evidence"]) == 2      # each pod's nvidia-smi line is cited
