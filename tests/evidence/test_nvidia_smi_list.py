"""nvidia-smi -L on the real corpus files (modern and R450 legacy MIG UUIDs, CRLF)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi_list import parse_list

LIST = CORPUS / "nvidia-smi" / "list"
FILES = sorted(LIST.glob("*.txt"))


def raw(path) -> str:
    # newline="" keeps the CRLF of the cloud-native-docs files, as a bundle would hold them
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def parse(name: str):
    return parse_list(raw(LIST / name))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_list_file_yields_gpus_and_the_mig_layout_in_its_name(path):
    listing = parse_list(raw(path))
    assert listing is not None and listing.gpus
    assert all(g.uuid.startswith("GPU-") and g.name for g in listing.gpus)
    assert [g.index for g in listing.gpus] == list(range(len(listing.gpus)))
    m = re.search(r"(\d+)x(\d+g\.\d+gb)", path.name)      # "7x1g.10gb": 7 MIG devices of that profile per GPU
    if m:
        assert all(len(g.migs) == int(m.group(1)) for g in listing.gpus)
        assert set(listing.profiles()) == {m.group(2)}
    if "mig" not in path.name:
        assert listing.mig_count == 0
    for g in listing.gpus:
        assert not any(mig.uuid.endswith("\r") for mig in g.migs)


def test_8x_h100_seven_1g_each():
    listing = parse("8x-h100-80gb-hbm3-mig-7x1g.10gb-utkuozdemir-nvidia_gpu_exporter.txt")
    assert len(listing.gpus) == 8 and listing.mig_count == 56
    first = listing.gpus[0]
    assert (first.name, first.uuid, first.line) == ("NVIDIA H100 80GB HBM3", "GPU-63d1e50a-b952-d15c-0740-12bc14859142", 1)
    assert (first.migs[0].uuid, first.migs[0].device_index, first.migs[0].legacy) == (
        "MIG-4d0efb7d-0970-51d9-b761-0686be6b8af3", 0, False)
    assert listing.gpus[1].line == 9


def test_legacy_r450_mig_uuid_carries_gi_and_ci():
    listing = parse("a100-sxm4-40gb-450.80.02-mig-mixed-legacy-uuid-nvidia-cloud-native-docs.txt")
    (gpu,) = listing.gpus
    assert gpu.name == "A100-SXM4-40GB"
    assert [(m.profile, m.device_index, m.legacy, m.gpu_instance_id, m.compute_instance_id) for m in gpu.migs] == [
        ("3g.20gb", 0, True, 2, 0), ("2g.10gb", 1, True, 3, 0), ("1g.5gb", 2, True, 9, 0)]
    assert gpu.migs[0].uuid == "MIG-GPU-4200ccc0-2667-d4cb-9137-f932c716232a/2/0"


def test_crlf_mixed_profiles_and_h200_compute_instance_profiles():
    mixed = parse("h100-80gb-hbm3-mig-mixed-nvidia-cloud-native-docs.txt")
    assert mixed.profiles() == ("3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb")
    assert mixed.gpus[0].uuid == "GPU-b4895dbf-9350-2524-a89b-98161ddd9fe4"
    h200 = parse("h200-mig-590.48.01-linux-L.txt")
    assert h200.profiles() == ("1c.3g.71gb", "2c.3g.71gb", "2g.35gb", "1g.18gb", "1g.18gb")


def test_not_a_list():
    assert parse_list("No devices were found\n") is None
    assert parse_list("") is None
