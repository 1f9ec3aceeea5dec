"""nvidia-smi --query-* CSV on the real corpus files."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi_csv import parse_csv
from triage.evidence.records_gpu import GpuFlagKind

CSV = CORPUS / "nvidia-smi" / "csv"
FILES = sorted(CSV.glob("*.csv"))
_DRIVER_IN_NAME = re.compile(r"-(\d{3}\.\d{2,3}(?:\.\d{2})?)-")


def parse(name: str):
    return parse_csv((CSV / name).read_text())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_csv_parses_with_rows_matching_its_header(path):
    table = parse_csv(path.read_text())
    assert table is not None and table.rows
    for row in table.rows:
        assert len(row.cells) == len(table.columns)
    expected_query = ("compute-apps" if "compute-apps" in path.name else
                      "retired-pages" if "retired-pages" in path.name else "gpu")
    assert table.query == expected_query
    report = table.report()
    if expected_query == "gpu":
        assert report.gpus and all(g.name for g in report.gpus)
        m = _DRIVER_IN_NAME.search(path.name)
        if m and "driver_version" in table.names:
            assert report.driver_version == m.group(1)
    elif expected_query == "compute-apps":
        assert report.processes and all(p.pid and p.name for p in report.processes)


def test_h100_all_fields_units_and_sentinels():
    table = parse("h100-80gb-hbm3-590.48.01-linux-query-gpu-all-fields-load.csv")
    assert len(table.columns) == 212
    mem = next(c for c in table.columns if c.name == "memory.total")
    assert mem.unit == "MiB"
    row = table.rows[0]
    assert row.line == 2
    cell = row.get("memory.total")
    assert (cell.raw.strip(), cell.value, cell.reason) == ("81559 MiB", "81559", None)
    assert row.int("memory.used") == 19818
    pending = row.get("retired_pages.pending")
    assert (pending.value, pending.reason) == (None, "N/A")
    (gpu,) = table.report().gpus
    assert (gpu.name, gpu.bus_id, gpu.memory_total_mib, gpu.mig_mode_current) == (
        "NVIDIA H100 80GB HBM3", "00000000:00:09.0", 81559, "Disabled")
    assert (gpu.remapped_rows_failure, gpu.ecc_volatile_uncorrected, gpu.flags) == (False, 0, ())


def test_mig_all_fields_mode_enabled_and_610_kmd_version():
    assert parse("h200-mig-590.48.01-linux-query-gpu-all-fields-load.csv").report().gpus[0].mig_mode_current == "Enabled"
    report = parse("rtx-2080-super-610.57.04-linux-query-gpu-all-fields-idle.csv").report()
    assert report.driver_version == "610.57.04"
    assert report.gpus[0].mig_mode_current is None           # [N/A] on GeForce


def test_windows_function_not_found_reason():
    table = parse("rtx-2080-super-610.62-windows-query-gpu-all-fields-idle.csv")
    reasons = {c.reason for c in table.rows[0].cells if c.reason}
    assert {"N/A", "Function Not Found", "Requested functionality has been deprecated"} <= reasons


def test_unknown_error_csv_with_blank_line():
    table = parse("rtx-2080ti-442.19-windows-query-gpu-unknown-error-issue.csv")
    (row,) = table.rows
    assert row.line == 3                       # line 2 is blank in the issue paste
    assert row.text("name") == "GeForce RTX 2080 Ti" and row.int("utilization.gpu") == 100
    cell = row.get("power.default_limit")
    assert (cell.value, cell.reason) == (None, "Unknown Error")
    (gpu,) = table.report().gpus
    assert [f.kind for f in gpu.flags] == [GpuFlagKind.FIELD_UNKNOWN_ERROR]


def test_netdata_header_without_driver():
    table = parse("p100-pcie-16gb-510.47.03-query-gpu-netdata-go.d.plugin.csv")
    (gpu,) = table.report().gpus
    assert (gpu.name, gpu.uuid, gpu.memory_used_mib) == ("Tesla P100-PCIE-16GB", "GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6", 0)
    assert table.rows[0].int("memory.free") == 16280 and table.rows[0].text("fan.speed") is None


def test_compute_apps_memory_and_windows_na():
    procs = parse("h100-mig-590.48.01-linux-query-compute-apps-load.csv").report().processes
    assert [(p.pid, p.name, p.used_memory_mib, p.line) for p in procs] == [
        (21180, "/root/tools/memhog", 2296, 2), (21181, "/root/tools/memhog", 1272, 3), (21198, "./gpu_burn", 7484, 4)]
    win = parse("rtx-2080-super-610.62-windows-query-compute-apps-load.csv").report().processes
    assert win[0].name == r"C:\Windows\System32\dwm.exe" and win[0].used_memory_mib is None


def test_retired_pages_causes():
    table = parse("h100-mig-590.48.01-linux-query-retired-pages-load.csv")
    assert [r.text("retired_pages.cause") for r in table.rows] == ["Single Bit ECC", "Double Bit ECC"]
    assert all(r.get("retired_pages.address").reason == "N/A" for r in table.rows)


def test_noheader_with_columns_from_the_command():
    text = "NVIDIA H100 80GB HBM3, 81559 MiB\nNVIDIA H100 80GB HBM3, 81559 MiB\n"
    table = parse_csv(text, columns=("name", "memory.total"))
    assert [g.memory_total_mib for g in table.report().gpus] == [81559, 81559]
    assert [g.index for g in table.report().gpus] == [0, 1]


def test_not_a_query_csv():
    assert parse_csv("hello, world\n1, 2\n") is None
    assert parse_csv("") is None
    assert parse_csv("Failed to initialize NVML: Unknown Error\n") is None
