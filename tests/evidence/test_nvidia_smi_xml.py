"""nvidia-smi -q -x (schemas v10-v13 and none) on the real corpus files."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi_xml import parse_xml
from triage.evidence.records_gpu import GpuFlagKind, SmiOutputKind, pci_key

XML = CORPUS / "nvidia-smi" / "xml"
FILES = sorted(XML.glob("*.xml"))
_DRIVER_IN_NAME = re.compile(r"-(\d{3}\.\d{2,3}(?:\.\d{2})?)-")
_GPUS_IN_NAME = re.compile(r"^(?:MOCKNVML-)?(\d+)x-")


def parse(name: str):
    return parse_xml((XML / name).read_text())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_xml_file_yields_driver_gpus_and_names(path):
    report = parse_xml(path.read_text())
    assert report is not None and report.kind is SmiOutputKind.XML
    m = _DRIVER_IN_NAME.search(path.name)
    assert report.driver_version == (m.group(1) if m else None)
    n = _GPUS_IN_NAME.match(path.name)
    assert len(report.gpus) == (int(n.group(1)) if n else 1)
    for gpu in report.gpus:
        assert gpu.name and gpu.uuid and gpu.uuid.startswith("GPU-")
        assert pci_key(gpu.bus_id) is not None and gpu.line is not None
    if "-mig-" in path.name:
        assert report.gpus[0].mig_mode_current == "Enabled" and report.mig_devices
    if m:
        assert report.driver_version_line is not None
    text = path.read_text()
    assert len(report.processes) == text.count("<process_info>")
    assert len(report.mig_devices) == text.count("<mig_device>")


def test_schema_versions_are_reported():
    assert parse("gtx-1070-ti-unknown-driver-influxdata-telegraf.xml").schema == "nvsmi_device_v10.dtd"
    assert parse("8x-v100s-pcie-32gb-460.73.01-guancecloud-datakit.xml").schema == "nvsmi_device_v11.dtd"
    assert parse("a100-sxm4-40gb-570.148.08-nvidia-k8s-test-infra.xml").schema == "nvsmi_device_v12.dtd"
    assert parse("l40s-595.91.07-nvidia-k8s-test-infra.xml").schema == "nvsmi_device_v13.dtd"
    assert parse("gtx-1660-ti-418.43-influxdata-telegraf.xml").schema is None


def test_mocknvml_gb200_failure_bodies():
    report = parse("MOCKNVML-2x-gb200-gpu-lost-580.65.06-nvidia-k8s-test-infra.xml")
    assert (report.driver_version, report.cuda_version, report.attached_gpus) == ("580.65.06", "13.0", 2)
    first, lost = report.gpus
    assert (first.name, first.bus_id, first.memory_total_mib) == ("NVIDIA GB200", "0000:0A:00.0", 196608)
    assert (first.remapped_rows_uncorrectable, first.remapped_rows_failure, first.remapped_rows_pending) == (1, True, False)
    assert (first.ecc_volatile_uncorrected, first.ecc_aggregate_uncorrected) == (5, 8)
    assert {(f.kind, f.line) for f in first.flags} == {(GpuFlagKind.ROW_REMAP_FAILURE, 215),
                                                       (GpuFlagKind.UNCORRECTED_ECC, 172)}
    assert lost.pci == "0000:0b:00" and lost.memory_total_mib is None     # "GPU is lost" is not a number
    (flag,) = lost.flags
    assert (flag.kind, flag.line, flag.excerpt) == (GpuFlagKind.GPU_LOST, 434, "<total>GPU is lost</total>")


def test_a100_80gb_mig_devices_trimmed_file():
    report = parse("a100-sxm4-80gb-mig-535.54.03-influxdata-telegraf.xml")
    assert report.attached_gpus == 4 and len(report.gpus) == 1        # trimmed upstream (corpus README)
    gpu = report.gpus[0]
    assert (gpu.uuid, gpu.memory_total_mib, gpu.mig_mode_current, gpu.mig_mode_pending) == (
        "GPU-513536b6-7d19-9063-b049-1e69664bb298", 81920, "Enabled", "Enabled")
    assert [(m.device_index, m.gpu_instance_id, m.compute_instance_id, m.memory_total_mib, m.memory_used_mib, m.sm_count)
            for m in report.mig_devices] == [(0, 3, 0, 19968, 12, 14), (1, 4, 0, 19968, 12, 14),
                                             (2, 5, 0, 19968, 12, 14), (3, 6, 0, 19968, 12, 14)]
    assert report.mig_devices[0].line == 21


def test_a100_40gb_mig_netdata():
    report = parse("a100-sxm4-40gb-mig-510.47.03-netdata-go.d.plugin.xml")
    assert [(m.gpu_instance_id, m.sm_count, m.memory_total_mib, m.memory_used_mib) for m in report.mig_devices] == [
        (1, 42, 19968, 19), (2, 42, 19968, 19)]


def test_v100s_eight_gpus_retired_pages_and_processes():
    report = parse("8x-v100s-pcie-32gb-460.73.01-guancecloud-datakit.xml")
    assert (report.cuda_version, report.attached_gpus) == ("11.2", 8)
    gpu = report.gpus[0]
    assert (gpu.name, gpu.memory_used_mib, gpu.memory_total_mib) == ("Tesla V100S-PCIE-32GB", 31689, 32510)
    assert (gpu.retired_pages_sbe, gpu.retired_pages_dbe, gpu.retired_pages_pending) == (0, 0, False)
    assert gpu.ecc_volatile_uncorrected == 0                 # pre-Ampere double_bit/total
    assert gpu.remapped_rows_failure is None                 # <remapped_rows>N/A</remapped_rows>
    assert len(report.processes) == 8
    p = report.processes[0]
    assert (p.pid, p.name, p.type, p.used_memory_mib, p.gpu_index, p.gpu_uuid, p.line) == (
        37305, "python", "C", 31683, 0, gpu.uuid, 434)


def test_old_and_odd_documents():
    gtx = parse("gtx-1070-ti-unknown-driver-influxdata-telegraf.xml")
    assert gtx.driver_version is None and gtx.attached_gpus is None
    assert (gtx.gpus[0].name, gtx.gpus[0].memory_total_mib, gtx.gpus[0].memory_used_mib) == ("GeForce GTX 1070 Ti", 4096, 42)
    assert gtx.gpus[0].bus_id == "00000000:01:00.0"          # from <gpu id=...> (no <pci_bus_id>)
    nodtd = parse("gtx-1660-ti-418.43-influxdata-telegraf.xml")
    assert (nodtd.driver_version, nodtd.cuda_version, nodtd.gpus[0].name) == ("418.43", "10.1", "Graphics Device")
    gb300 = parse("4x-gb300-580.173.02-nvidia-k8s-test-infra.xml")
    assert gb300.gpus[0].pci == "0008:06:00"                 # PCI domain 8 survives the key
    pro = parse("rtx-pro-6000-blackwell-maxq-590.44.01-influxdata-telegraf.xml")
    assert pro.gpus[0].name == "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"
    assert [(p.pid, p.name, p.used_memory_mib) for p in pro.processes] == [
        (116860, "/root/src/llama.cpp/build/bin/llama-server", 65710)]
    assert len(parse("grid-p4-1q-vgpu-513.46-influxdata-telegraf.xml").processes) == 13


def test_active_slowdown_reason_is_flagged():
    """No corpus XML has an active slowdown; flip one real field to prove the path."""
    text = (XML / "l40s-595.91.07-nvidia-k8s-test-infra.xml").read_text()
    tag = "<clocks_event_reason_hw_thermal_slowdown>Not Active</clocks_event_reason_hw_thermal_slowdown>"
    assert tag in text
    flipped = text.replace(tag, tag.replace("Not Active", "Active"))
    gpu = parse_xml(flipped).gpus[0]
    assert [f.kind for f in gpu.flags] == [GpuFlagKind.HW_THERMAL_SLOWDOWN]
    assert parse_xml(text).gpus[0].flags == ()


def test_hostile_xml_is_refused_not_expanded():
    bomb = ('<?xml version="1.0"?><!DOCTYPE nvidia_smi_log [<!ENTITY a "aaaaaaaaaa">'
            '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><nvidia_smi_log><driver_version>&b;</driver_version>'
            '</nvidia_smi_log>')
    assert parse_xml(bomb) is None
    external = ('<?xml version="1.0"?><!DOCTYPE nvidia_smi_log [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                '<nvidia_smi_log><driver_version>&x;</driver_version></nvidia_smi_log>')
    assert parse_xml(external) is None


def test_not_nvidia_smi_xml():
    assert parse_xml("<html><body>nvidia_smi_log</body></html>") is None
    assert parse_xml("<nvidia_smi_log><gpu>") is None           # truncated
    assert parse_xml("") is None


def test_gpu_recovery_action():
    """R570+ documents say what recovery the GPU needs; "None" in every corpus capture."""
    text = (XML / "t4-595.91.07-nvidia-k8s-test-infra.xml").read_text()
    gpu = parse_xml(text).gpus[0]
    assert (gpu.recovery_action, gpu.flags) == ("None", ())
    tag = "<gpu_recovery_action>None</gpu_recovery_action>"
    reset = parse_xml(text.replace(tag, "<gpu_recovery_action>Reset</gpu_recovery_action>")).gpus[0]
    assert [(f.kind, f.line) for f in reset.flags] == [(GpuFlagKind.RECOVERY_ACTION, 69)]


def test_document_cut_short_keeps_its_complete_gpus():
    text = (XML / "8x-h100-80gb-hbm3-580.105.08-nvidia-k8s-test-infra.xml").read_text()
    third_gpu_end = [i for i in range(len(text)) if text.startswith("</gpu>", i)][2]
    cut = text[: third_gpu_end + 500]                  # somewhere inside the fourth <gpu>
    report = parse_xml(cut)
    assert report.truncated and report.attached_gpus == 8 and len(report.gpus) == 3
    assert report.gpus[2].line == parse_xml(text).gpus[2].line
    assert not parse_xml(text).truncated
    assert parse_xml(text[:200]) is None                # not even one GPU: nothing to read
