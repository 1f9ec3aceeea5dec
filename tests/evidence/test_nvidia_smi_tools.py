"""nvidia-smi --version, pmon, dmon, topo -m, nvlink -s and mig -lgi on the real corpus files."""

from __future__ import annotations

import pytest

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi_tools import (
    parse_gpu_instances, parse_monitor, parse_nvlink_status, parse_topology, parse_version,
)

TEXT = CORPUS / "nvidia-smi" / "text"


def read(name: str) -> str:
    return (TEXT / name).read_text()


@pytest.mark.parametrize("path", sorted(p for p in TEXT.glob("*-version.txt") if not p.name.startswith("error-")), ids=lambda p: p.name)
def test_every_version_output(path):
    v = parse_version(path.read_text())
    driver = path.name.split("-")[-3]               # <model>-<driver>-<os>-version.txt
    assert v is not None and v.driver_version == driver and v.smi_version == driver
    assert v.cuda_version and v.nvml_version and driver.startswith(v.nvml_version)


def test_610_version_uses_kmd_and_umd_not_the_deprecated_lines():
    v = parse_version(read("rtx-2080-super-610.57.04-linux-version.txt"))
    assert (v.driver_version, v.cuda_version, v.nvml_version) == ("610.57.04", "13.3", "610.57")


@pytest.mark.parametrize("path", sorted(TEXT.glob("*-pmon-load.txt")) + sorted(TEXT.glob("*-dmon-load.txt")),
                         ids=lambda p: p.name)
def test_every_pmon_dmon_output(path):
    mon = parse_monitor(path.read_text())
    kind = "pmon" if "pmon" in path.name else "dmon"
    assert mon is not None and mon.kind == kind and mon.samples
    assert all(s.gpu == 0 for s in mon.samples)
    if kind == "pmon":
        assert all(s.get_int("pid") and s.get("command") for s in mon.samples)
    else:
        assert len(mon.samples) == 5 and all(s.get_int("pwr") is not None for s in mon.samples)


def test_pmon_and_dmon_values():
    pmon = parse_monitor(read("h100-80gb-hbm3-590.48.01-linux-pmon-load.txt"))
    burn = [s for s in pmon.samples if s.get("command") == "gpu_burn"]
    assert len(burn) == 5 and all((s.get_int("pid"), s.get_int("sm"), s.get_int("mem")) == (11345, 99, 10) for s in burn)
    assert pmon.samples[0].get("sm") is None                 # "-"
    dmon = parse_monitor(read("h100-80gb-hbm3-590.48.01-linux-dmon-load.txt"))
    assert [s.get_int("pwr") for s in dmon.samples] == [631, 634, 633, 634, 636]
    assert (dmon.samples[0].get_int("mclk"), dmon.samples[0].line) == (2619, 3)


def test_topology():
    topo = parse_topology(read("h100-80gb-hbm3-590.48.01-linux-topo-m.txt"))
    assert topo.header == ("GPU0", "CPU Affinity", "NUMA Affinity", "GPU NUMA ID")
    assert topo.gpu_count == 1 and topo.rows[0].cells[:3] == ("X", "0-19", "0")
    assert parse_topology(read("rtx-2080-super-591.86-windows-topo-m.txt")) is None     # usage error output


def test_nvlink_status():
    a100 = parse_nvlink_status(read("8x-a100-sxm4-80gb-nvlink-status-leptonai-gpud.txt"))
    assert len(a100.gpus) == 8 and all(len(g.links) == 12 for g in a100.gpus)
    assert a100.gpus[1].uuid == "GPU-a7605225-d684-1f65-4ad4-ee2ab39338b4" and a100.gpus[0].links[0] == (0, "25 GB/s")
    h100 = parse_nvlink_status(read("h100-80gb-hbm3-590.48.01-linux-nvlink-s.txt"))
    assert len(h100.gpus[0].links) == 18 and h100.gpus[0].links[17] == (17, "26.562 GB/s")
    assert parse_nvlink_status(read("h100-mig-590.48.01-linux-nvlink-s.txt")).gpus[0].message == (
        "Nvlink queries are not supported for Devices in MIG mode")
    assert parse_nvlink_status(read("l40s-595.80-linux-nvlink-s.txt")).gpus[0].message == (
        "Device does not have or support Nvlink")


def test_mig_lgi():
    three = parse_gpu_instances(read("a100-mig-lgi-3x2g.10gb-nvidia-cloud-native-docs.txt"))
    assert [(g.profile, g.profile_id, g.instance_id, g.placement_start, g.placement_size) for g in three] == [
        ("2g.10gb", 19, 3, 4, 2), ("2g.10gb", 19, 5, 0, 2), ("2g.10gb", 19, 6, 2, 2)]
    seven = parse_gpu_instances(read("a100-mig-lgi-7x1g.5gb-nvidia-cloud-native-docs.txt"))
    assert [g.instance_id for g in seven] == [7, 8, 9, 10, 11, 12, 13] and {g.profile for g in seven} == {"1g.5gb"}


def test_not_recognised():
    for parser in (parse_version, parse_monitor, parse_topology, parse_nvlink_status, parse_gpu_instances):
        assert parser("No devices were found\n") is None
