"""nvidia-smi default table, error outputs and -q text, on the real corpus files."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi_text import parse_query_text, parse_table
from triage.evidence.records_gpu import GpuFlagKind, SmiErrorKind, SmiOutputKind, pci_key

TEXT = CORPUS / "nvidia-smi" / "text"
TABLES = sorted(p for p in TEXT.glob("*default*"))
QUERIES = sorted(p for p in TEXT.glob("*-q-*"))
ERRORS = sorted(TEXT.glob("error-*"))
_DRIVER_IN_NAME = re.compile(r"-(\d{3}\.\d{2,3}(?:\.\d{2})?)-")
_GPUS_IN_NAME = re.compile(r"^(\d+)x-")


def read(name: str) -> str:
    return (TEXT / name).read_text()


# ---- every file of each kind -------------------------------------------------------------


@pytest.mark.parametrize("path", TABLES, ids=lambda p: p.name)
def test_every_default_table_yields_its_gpus_and_driver(path):
    report = parse_table(path.read_text())
    assert report is not None and report.kind is SmiOutputKind.TABLE
    assert report.gpus, "a default table always shows at least one GPU row"
    for gpu in report.gpus:
        assert gpu.name and gpu.bus_id and gpu.line
        assert pci_key(gpu.bus_id) is not None
    m = _DRIVER_IN_NAME.search(path.name)
    if m:                                     # the file name carries the driver version shown in the header
        assert report.driver_version == m.group(1)
        assert report.cuda_version and re.fullmatch(r"\d+\.\d+", report.cuda_version)
    n = _GPUS_IN_NAME.match(path.name)
    assert len(report.gpus) == (int(n.group(1)) if n else len(report.gpus))
    if "-mig-" in path.name and "mig-disabled" not in path.name:
        assert all(g.mig_mode_current == "Enabled" for g in report.gpus)
    elif "mig-disabled" in path.name:
        assert all(g.mig_mode_current == "Disabled" for g in report.gpus)
    assert len(report.processes) == _process_rows(path.read_text())


def _process_rows(text: str) -> int:
    """Rows under the Processes header's `|===` rule, up to its closing border."""
    lines = text.splitlines()
    if not any("Processes:" in line for line in lines):
        return 0
    start = next(i for i, line in enumerate(lines) if "Processes:" in line)
    rule = next(i for i in range(start, len(lines)) if lines[i].startswith("|="))
    rows = 0
    for line in lines[rule + 1:]:
        if not line.startswith("|"):
            break
        rows += "No running processes found" not in line
    return rows


@pytest.mark.parametrize("path", QUERIES, ids=lambda p: p.name)
def test_every_q_text_yields_driver_and_gpu_names(path):
    report = parse_query_text(path.read_text())
    assert report is not None and report.kind is SmiOutputKind.QUERY_TEXT
    m = _DRIVER_IN_NAME.search(path.name)
    assert m and report.driver_version == m.group(1)
    n = _GPUS_IN_NAME.match(path.name)
    assert report.attached_gpus == (int(n.group(1)) if n else 1)
    assert report.gpus and all(g.name and g.uuid and g.uuid.startswith("GPU-") for g in report.gpus)


@pytest.mark.parametrize("path", ERRORS, ids=lambda p: p.name)
def test_every_error_output_is_an_error_report(path):
    report = parse_table(path.read_text())
    assert report is not None and report.kind is SmiOutputKind.ERROR
    assert not report.gpus and len(report.errors) == 1
    assert report.errors[0].line == 1


# ---- exact values, read off the files ------------------------------------------------------------


def test_h100_mig_590_table_gpu_mig_devices_and_processes():
    report = parse_table(read("h100-mig-590.48.01-linux-default-load.txt"))
    assert (report.driver_version, report.cuda_version, report.driver_version_line) == ("590.48.01", "13.1", 3)
    (gpu,) = report.gpus
    assert (gpu.index, gpu.name, gpu.bus_id) == (0, "NVIDIA H100 80GB HBM3", "00000000:00:09.0")
    assert (gpu.memory_used_mib, gpu.memory_total_mib) == (11125, 81559)
    assert (gpu.persistence_mode, gpu.compute_mode, gpu.mig_mode_current) == ("On", "Default", "Enabled")
    assert gpu.utilization_pct is None               # "N/A" in MIG mode
    assert gpu.ecc_volatile_uncorrected is None      # the ECC column reads "On", not a count
    assert [(m.gpu_instance_id, m.compute_instance_id, m.device_index, m.memory_used_mib, m.memory_total_mib, m.sm_count)
            for m in report.mig_devices] == [(2, 0, 0, 11091, 40448, 60), (3, 0, 1, 17, 20096, 32),
                                             (9, 0, 2, 9, 9984, 16), (10, 0, 3, 9, 9984, 16)]
    assert report.mig_devices[0].line == 21
    assert [(p.pid, p.name, p.type, p.used_memory_mib, p.gpu_instance_id, p.compute_instance_id, p.line)
            for p in report.processes] == [
        (21180, "/root/tools/memhog", "C", 2296, 2, 0, 39),
        (21181, "/root/tools/memhog", "C", 1272, 2, 0, 40),
        (21198, "./gpu_burn", "C", 7484, 2, 0, 41)]


def test_8x_h100_535_mig_16_and_32_devices():
    r16 = parse_table(read("8x-h100-80gb-hbm3-535.104.12-default-mig-16-devices-nvidia-cloud-native-docs.txt"))
    assert [g.bus_id[-7:-5] for g in r16.gpus] == ["1B", "43", "52", "61", "9D", "C3", "D1", "DF"]
    assert all(g.memory_total_mib is None for g in r16.gpus)     # Memory-Usage "N/A" with MIG on
    assert len(r16.mig_devices) == 16
    assert {(m.gpu_instance_id, m.memory_total_mib) for m in r16.mig_devices} == {(1, 40448), (2, 40448)}
    assert [sum(1 for m in r16.mig_devices if m.gpu_index == i) for i in range(8)] == [2] * 8
    r32 = parse_table(read("8x-h100-80gb-hbm3-535.104.12-default-mig-32-devices-nvidia-cloud-native-docs.txt"))
    assert len(r32.mig_devices) == 32
    gpu7 = [(m.gpu_instance_id, m.memory_total_mib) for m in r32.mig_devices if m.gpu_index == 7]
    assert gpu7 == [(2, 40448), (3, 20096), (9, 9984), (10, 9984)]


def test_a100_450_mig_enabled_without_mig_devices():
    report = parse_table(read("a100-sxm4-40gb-450.80.02-default-mig-enabled-no-mig-devices-nvidia-cloud-native-docs.txt"))
    (gpu,) = report.gpus
    assert (gpu.name, gpu.memory_total_mib, gpu.mig_mode_current) == ("A100-SXM4-40GB", 40537, "Enabled")
    assert report.mig_devices == () and report.processes == ()
    disabled = parse_table(read("a100-sxm4-40gb-450.80.02-default-mig-disabled-nvidia-cloud-native-docs.txt"))
    assert disabled.gpus[0].mig_mode_current == "Disabled" and disabled.gpus[0].utilization_pct == 6


def test_t4_tables_old_layouts():
    t4 = parse_table(read("t4-450.51.06-default-container-nvidia-cloud-native-docs.txt"))
    (gpu,) = t4.gpus
    assert (gpu.name, gpu.bus_id, gpu.memory_total_mib, gpu.ecc_volatile_uncorrected) == (
        "Tesla T4", "00000000:00:1E.0", 15109, 0)
    assert gpu.mig_mode_current == "N/A" and gpu.fan == "N/A"
    dind = parse_table(read("t4-455.45.01-default-docker-in-docker-nvidia-cloud-native-docs.txt"))
    assert (dind.driver_version, dind.cuda_version, dind.driver_version_line) == ("455.45.01", "11.1", 15)
    oc = parse_table(read("t4-510.47.03-default-oc-exec-driver-pod-nvidia-cloud-native-docs.txt"))
    assert oc.gpus[0].memory_total_mib == 15360


def test_windows_610_table_kmd_version_and_wddm_processes():
    report = parse_table(read("rtx-2080-super-610.62-windows-default-load.txt"))
    assert (report.driver_version, report.cuda_version) == ("610.62", "13.3")    # KMD / CUDA UMD Version
    (gpu,) = report.gpus
    assert (gpu.driver_model, gpu.persistence_mode, gpu.fan) == ("WDDM", None, "38%")
    assert len(report.processes) == 21
    first = report.processes[0]
    assert (first.pid, first.type, first.name, first.used_memory_mib) == (2140, "C+G", r"C:\Windows\System32\dwm.exe", None)
    assert [p.pid for p in report.processes if p.type == "C"] == [12940, 13820]


def test_linux_610_table_kmd_header():
    report = parse_table(read("rtx-2080-super-610.57.04-linux-default-load.txt"))
    assert (report.driver_version, report.cuda_version) == ("610.57.04", "13.3")
    assert [(p.pid, p.name, p.used_memory_mib) for p in report.processes] == [
        (1720, "/usr/bin/gnome-shell", 173), (4556, "/usr/bin/Xwayland", 3), (28511, "ffmpeg", 230), (28512, "ffmpeg", 370)]


def test_fan_err_is_flagged_on_the_right_gpu_and_line():
    ada = parse_table(read("rtx-4000-ada-default-err-fan-excerpt-issue.txt"))
    assert ada.driver_version is None                       # excerpt without the header
    assert [(g.index, g.fan, g.utilization_pct) for g in ada.gpus] == [(13, "30%", 0), (14, "ERR!", 93)]
    assert not ada.gpus[0].flags
    (flag,) = ada.gpus[1].flags
    assert flag.kind is GpuFlagKind.FAN_ERROR and flag.line == 9 and flag.excerpt.startswith("|ERR!")
    rtx4090 = parse_table(read("rtx-4090-525.125.06-default-fan-err-leptonai-gpud.txt"))
    gpu = rtx4090.gpus[0]
    assert gpu.has(GpuFlagKind.FAN_ERROR) and gpu.compute_mode == "E. Process"
    assert (gpu.memory_used_mib, gpu.memory_total_mib) == (2021, 23028)


def test_inforom_warning_keeps_the_table():
    report = parse_table(read("p100-pcie-470.82.01-default-inforom-corrupted-warning-nvidia-cloud-native-docs.txt"))
    assert report.kind is SmiOutputKind.TABLE and report.gpus[0].name == "Tesla P100-PCIE..."
    (err,) = report.errors
    assert (err.kind, err.pci, err.line) == (SmiErrorKind.INFOROM_CORRUPTED, "0000:0b:00", 19)


@pytest.mark.parametrize("name, kind, pci, detail, lib", [
    ("error-couldnt-find-libnvidia-ml.txt", SmiErrorKind.NVML_NOT_FOUND, None, None, None),
    ("error-failed-to-communicate-with-driver.txt", SmiErrorKind.DRIVER_NOT_LOADED, None, None, None),
    ("error-gpu-is-lost.txt", SmiErrorKind.GPU_LOST, "0000:02:00", "GPU is lost. Reboot the system to recover this GPU", None),
    ("error-no-devices-were-found.txt", SmiErrorKind.NO_DEVICES, None, None, None),
    ("error-nvml-driver-library-version-mismatch-legacy.txt", SmiErrorKind.DRIVER_LIBRARY_MISMATCH, None, None, None),
    ("error-nvml-driver-library-version-mismatch-with-library-version.txt", SmiErrorKind.DRIVER_LIBRARY_MISMATCH,
     None, None, "570.124"),
    ("error-nvml-unknown-error-container.txt", SmiErrorKind.NVML_UNKNOWN_ERROR, None, None, None),
    ("error-unable-to-determine-device-handle-unknown-error-legacy.txt", SmiErrorKind.DEVICE_HANDLE_ERROR,
     "0000:0b:00", "Unknown Error", None),
    ("error-unable-to-determine-device-handle-unknown-error.txt", SmiErrorKind.DEVICE_HANDLE_ERROR,
     "0000:a1:00", "Unknown Error", None),
])
def test_error_kinds(name, kind, pci, detail, lib):
    (err,) = parse_table(read(name)).errors
    assert (err.kind, err.pci, err.detail, err.nvml_library_version) == (kind, pci, detail, lib)


def test_usage_error_of_windows_topo():
    report = parse_table(read("rtx-2080-super-591.86-windows-topo-m.txt"))
    assert report.kind is SmiOutputKind.ERROR
    assert report.errors[0].kind is SmiErrorKind.USAGE_ERROR
    assert report.errors[0].detail == "Option -m is missing its value. Please run 'nvidia-smi -h' for help."


def test_not_nvidia_smi_text_is_not_recognised():
    assert parse_table(read("fabricmanager-log-leptonai-gpud.txt")) is None
    assert parse_query_text(read("fabricmanager-log-leptonai-gpud.txt")) is None
    assert parse_table("") is None and parse_query_text("") is None


# ---- -q text -------------------------------------------------------------------------------------


def test_a10_q_row_remap_pending():
    report = parse_query_text(read("a10-535.129.03-q-faulty-rowremap-leptonai-gpud.txt"))
    assert (report.driver_version, report.cuda_version, report.attached_gpus) == ("535.129.03", "12.2", 1)
    (gpu,) = report.gpus
    assert (gpu.name, gpu.uuid, gpu.bus_id) == ("NVIDIA A10", "GPU-73d12ef7-f589-f867-4259-c7090ab44736", "00000000:07:00.0")
    assert (gpu.memory_total_mib, gpu.memory_used_mib) == (23028, 4)
    assert (gpu.remapped_rows_uncorrectable, gpu.remapped_rows_pending, gpu.remapped_rows_failure) == (4, True, False)
    assert [(f.kind, f.line) for f in gpu.flags] == [(GpuFlagKind.ROW_REMAP_PENDING, 142)]
    assert gpu.ecc_volatile_uncorrected == 0                   # SRAM + DRAM uncorrectable, all 0


def test_h100_q_hw_slowdown_on_all_eight_gpus():
    report = parse_query_text(read("8x-h100-80gb-hbm3-535.161.08-q-hw-slowdown-leptonai-gpud.txt"))
    assert len(report.gpus) == 8
    for gpu in report.gpus:
        assert gpu.has(GpuFlagKind.HW_SLOWDOWN) and gpu.has(GpuFlagKind.HW_POWER_BRAKE_SLOWDOWN)
        assert not gpu.has(GpuFlagKind.HW_THERMAL_SLOWDOWN)
    assert [f.line for f in report.gpus[0].flags if f.kind is GpuFlagKind.HW_SLOWDOWN] == [87]
    assert report.gpus[1].bus_id == "00000000:3B:00.0"


def test_truncated_q_keeps_attached_count():
    report = parse_query_text(read("8x-h100-80gb-hbm3-535.183.01-q-truncated-leptonai-gpud.txt"))
    assert report.attached_gpus == 8 and len(report.gpus) == 1
    assert report.gpus[0].uuid == "GPU-566e6f65-c38e-b12f-4824-6944218668b9"


def test_rtx4090_q_unknown_error_field():
    report = parse_query_text(read("8x-rtx-4090-535.154.05-q-addressing-mode-unknown-error-leptonai-gpud.txt"))
    assert len(report.gpus) == 8
    flag = next(f for f in report.gpus[0].flags if f.kind is GpuFlagKind.FIELD_UNKNOWN_ERROR)
    assert flag.line == 15 and flag.excerpt == "Addressing Mode : Unknown Error"
    assert report.gpus[0].fan == "100 %"


def test_h100_mig_q_devices_and_processes():
    report = parse_query_text(read("h100-mig-590.48.01-linux-q-load.txt"))
    (gpu,) = report.gpus
    assert (gpu.mig_mode_current, gpu.mig_mode_pending) == ("Enabled", "Enabled")
    assert [(m.device_index, m.gpu_instance_id, m.memory_total_mib, m.memory_used_mib) for m in report.mig_devices][:2] == [
        (0, 2, 40448, 11091), (1, 3, 20096, 17)]
    assert len(report.mig_devices) == 4
    assert [(p.pid, p.gpu_instance_id, p.used_memory_mib) for p in report.processes] == [
        (21180, 2, 2296), (21181, 2, 1272), (21198, 2, 7484)]


def test_windows_610_q_prefers_kmd_version():
    report = parse_query_text(read("rtx-2080-super-610.62-windows-q-load.txt"))
    assert (report.driver_version, report.cuda_version, report.driver_version_line) == ("610.62", "13.3", 7)
    assert report.gpus[0].driver_model == "WDDM"


def test_titan_v_q_pre_ampere_ecc_layout():
    report = parse_query_text(read("titan-v-560.35.03-q-leptonai-gpud.txt"))
    gpu = report.gpus[0]
    assert gpu.name == "NVIDIA TITAN V"
    assert gpu.ecc_volatile_uncorrected is None and gpu.retired_pages_dbe is None    # all N/A
    assert len(report.processes) == 3


def test_q_gpu_recovery_action_none_is_not_a_flag():
    gpu = parse_query_text(read("h100-80gb-hbm3-590.48.01-linux-q-load.txt")).gpus[0]
    assert gpu.recovery_action == "None" and not gpu.has(GpuFlagKind.RECOVERY_ACTION)
    assert gpu.flags == ()
