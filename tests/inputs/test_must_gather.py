"""The GPU Operator's must-gather folder, as NVIDIA's own hack/must-gather.sh writes it (the fixture is
that script run by kubectl against `gpu-triage serve` of the demo cluster: tests/inputs/gen_must_gather.py):
the same root cause as the demo bundle, cited in the must-gather's files."""

from __future__ import annotations

import gzip
import shutil

from tests.conftest import CORPUS, FIXTURES
from tests.inputs.helpers import citations, run

MG = FIXTURES / "inputs" / "must-gather" / "demo-nvml"


def test_must_gather_is_detected_and_gives_the_demo_root_cause_citing_its_files():
    r = run("analyze", str(MG), "-o", "json")
    assert r.rc == 3, r.err
    assert r.err.splitlines()[0].startswith(f"gpu-triage: read {MG} as must-gather: ")
    doc = r.doc
    assert doc["input"]["reader"] == "must-gather"
    by = {(d["target"]["name"], d["status"]): d for d in doc["diagnoses"]}
    t4 = by[("gpu-t4-2", "problem")]
    assert t4["root_cause"]["id"] == "plugin.nvml_unavailable"
    ev = t4["root_cause"]["evidence"][0]
    log = MG / "gpu_operand_pod_nvidia-device-plugin-daemonset-t2x8q.previous.log"
    assert ev["path"] == f"{MG}/{log.name}"
    assert "Failed to initialize NVML" in log.read_text().splitlines()[ev["line"] - 1]
    assert ("gpu-h100-1", "healthy") in by and ("gpu-a10g-1", "healthy") in by
    for fid, c in citations(doc):                     # every citation is a must-gather file, never a bundle path
        assert c["path"].startswith(str(MG) + "/"), (fid, c)
    node = next(c for fid, c in citations(doc) if fid == "node.gpu_not_advertised")
    assert node["path"].endswith("/gpu_nodes.descr")
    assert (MG / "gpu_nodes.descr").read_text().splitlines()[node["line"] - 1] == "Allocatable:"


def test_must_gather_names_the_workload_it_cannot_hold():
    doc = run("analyze", str(MG), "-o", "json").doc
    needs = " ".join(g["needs"] for g in doc["gaps"])
    assert "gpu-triage collect pod NAME -n NAMESPACE" in needs


def test_a_nested_oc_adm_must_gather_download(tmp_path):
    """`oc adm must-gather --image=nvcr.io/nvidia/gpu-operator:v23.9.1` (the image ran hack/must-gather.sh
    as /usr/bin/gather until 2026-05, ARTIFACT_DIR=/must-gather, writing a `version` file) downloads into
    must-gather.local.<id>/<image>/ beside oc's own `timestamp` file."""
    top = tmp_path / "must-gather.local.5541"
    nested = top / "nvcr-io-nvidia-gpu-operator-sha256-0f1e2d"
    shutil.copytree(MG, nested)
    (nested / "version").write_text("NVIDIA GPU Operator\nv23.9.1\n")
    (top / "timestamp").write_text("2026-11-29 15:00:00.000 +0000 UTC\n")
    r = run("analyze", str(top), "-o", "json")
    assert r.rc == 3, r.err
    assert "as must-gather" in r.err and "GPU Operator v23.9.1" in r.err
    assert any(d["status"] == "problem" for d in r.doc["diagnoses"])


def test_bug_report_in_a_must_gather_gives_the_nodes_kernel_log(tmp_path):
    """nvidia-bug-report_<node>.log.gz beside the rest: its dmesg section is the node's kernel log
    (Xid lines: leptonai/gpud testdata, shared/corpus/xid/dmesg_samples.txt)."""
    mg = tmp_path / "mg"
    shutil.copytree(MG, mg)
    xid = [l for l in (CORPUS / "xid" / "dmesg_samples.txt").read_text().splitlines()
           if l.startswith("2024-11-15T12:02:03")]
    report = ["_" * 44, "", "Start of NVIDIA bug report log file.  Please include this file, along", "",
              "_" * 44, "", "dmesg:", ""] + xid
    with gzip.open(mg / "nvidia-bug-report_gpu-h100-1.log.gz", "wt") as fh:
        fh.write("\n".join(report) + "\n")
    doc = run("analyze", str(mg), "-o", "json").doc
    h100 = next(d for d in doc["diagnoses"] if d["target"]["name"] == "gpu-h100-1")
    assert h100["status"] != "healthy"
    cites = [c for fid, c in citations({"diagnoses": [h100]}) if fid.startswith("driver.")]
    assert cites, h100
    assert all(c["path"].endswith("nvidia-bug-report_gpu-h100-1.log.gz") for c in cites)
    assert all(report[c["line"] - 1].startswith("2024-11-15T12:02:03") for c in cites if c["line"])


def test_bad_yaml_in_a_must_gather_is_one_line(tmp_path):
    mg = tmp_path / "mg"
    shutil.copytree(MG, mg)
    (mg / "gpu_operand_pods.yaml").write_text("a: &x [1]\nb: *x\n")
    r = run("analyze", str(mg))
    assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, r.err
    assert "gpu_operand_pods.yaml" in r.err


def test_forcing_a_reader_on_the_wrong_shape_is_one_line(tmp_path):
    ticket = FIXTURES / "inputs" / "pasted" / "pending-no-gpu-advertised.txt"
    for reader, words in (("must-gather", "is not a folder"), ("cluster-dump", "not a kubectl cluster-info dump"),
                          ("bug-report", "is not an nvidia-bug-report log")):
        r = run("analyze", str(ticket), "--as", reader)
        assert r.rc == 1 and r.out == "" and len(r.err.splitlines()) == 1, (reader, r.err)
        assert words in r.err, (reader, r.err)


def test_bug_report_nvidia_smi_q_is_the_driver_pods(tmp_path):
    """The report's `nvidia-smi --query` section (a real A10 capture, leptonai/gpud testdata in
    shared/corpus) is the nvidia-smi -q of the driver pod it was taken in: the driver layer reads it -
    its driver 535.129.03 is not the 535.86.10 the node's labels and the driver pod say - and cites
    the report's own Driver Version line."""
    mg = tmp_path / "mg"
    shutil.copytree(MG, mg)
    q = (CORPUS / "nvidia-smi" / "text" / "a10-535.129.03-q-faulty-rowremap-leptonai-gpud.txt").read_text().splitlines()
    report = ["_" * 44, "", "Start of NVIDIA bug report log file.  Please include this file, along", "",
              "_" * 44, "", "/usr/bin/nvidia-smi --query", ""] + q
    with gzip.open(mg / "nvidia-bug-report_gpu-a10g-1.log.gz", "wt") as fh:
        fh.write("\n".join(report) + "\n")
    doc = run("analyze", str(mg), "-o", "json").doc
    a10 = next(d for d in doc["diagnoses"] if d["target"]["name"] == "gpu-a10g-1")
    assert a10["status"] != "healthy"
    cites = [c for fid, c in citations({"diagnoses": [a10]}) if c["path"].endswith("nvidia-bug-report_gpu-a10g-1.log.gz")]
    assert cites, a10
    assert all(c["line"] is None or c["line"] > 8 for c in cites)      # inside the nvidia-smi -q section
    mismatch = [c for fid, c in citations({"diagnoses": [a10]}) if fid == "driver.version_inconsistent"
                and c["path"].endswith(".log.gz")]
    assert mismatch and report[mismatch[0]["line"] - 1].strip().startswith("Driver Version")
