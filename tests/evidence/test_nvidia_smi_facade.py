"""The facade picks the right parser from the bundle's command slug, and sniffs otherwise."""

from __future__ import annotations

import pytest

from tests.conftest import CORPUS
from tests.evidence.real_cases import case_text
from triage.bundle.layout import command_slug
from triage.evidence.nvidia_smi import csv_columns_from_slug, parse_nvidia_smi
from triage.evidence.records_gpu import SmiErrorKind, SmiOutputKind

SMI = CORPUS / "nvidia-smi"


def raw(path) -> str:
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read()


def command_for(path) -> list[str]:
    """The command that produced a corpus file, as the collector would have run it."""
    n = path.name
    if path.suffix == ".xml":
        return ["nvidia-smi", "-q", "-x"]
    if path.parent.name == "list":
        return ["nvidia-smi", "-L"]
    if path.suffix == ".csv":
        return ["nvidia-smi", "--query-gpu=name,memory.total", "--format=csv"]
    for key, cmd in (("-q-", ["nvidia-smi", "-q"]), ("-version", ["nvidia-smi", "--version"]),
                     ("topo-m", ["nvidia-smi", "topo", "-m"]), ("nvlink", ["nvidia-smi", "nvlink", "-s"]),
                     ("pmon", ["nvidia-smi", "pmon", "-c", "5"]), ("dmon", ["nvidia-smi", "dmon", "-c", "5"]),
                     ("mig-lgi", ["nvidia-smi", "mig", "-lgi"])):
        if key in n and not n.startswith("error-"):
            return cmd
    return ["nvidia-smi"]


NOT_SMI = {"fabricmanager-log-leptonai-gpud.txt", "help-query-gpu-netdata-go.d.plugin.txt"}
ALL = sorted(p for p in SMI.glob("*/*") if p.name not in NOT_SMI)


def expected_parser(path) -> str:
    n = path.name
    if n.startswith("error-") or n == "rtx-2080-super-591.86-windows-topo-m.txt":
        return "error"
    return {".xml": "q-x", ".csv": "csv"}.get(path.suffix) or (
        "list" if path.parent.name == "list" else
        "q" if "-q-" in n else "version" if n.endswith("-version.txt") else "topology" if "topo-m" in n else
        "nvlink" if "nvlink" in n else "monitor" if "mon-" in n else "mig-lgi" if "mig-lgi" in n else "table")


@pytest.mark.parametrize("path", ALL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_slug_and_sniffing_agree_on_every_corpus_file(path):
    text = raw(path)
    by_slug = parse_nvidia_smi(command_slug(command_for(path)), text)
    sniffed = parse_nvidia_smi("cat-some-file", text)
    assert by_slug is not None and sniffed is not None
    assert by_slug.parser == sniffed.parser == expected_parser(path)


def test_not_nvidia_smi_at_all():
    for name in NOT_SMI:
        assert parse_nvidia_smi("nvidia-smi", (SMI / "text" / name).read_text()) is None
    assert parse_nvidia_smi("nvidia-smi", "") is None


def test_error_output_of_any_command_is_an_error_report():
    text = (SMI / "text" / "error-nvml-driver-library-version-mismatch-with-library-version.txt").read_text()
    for cmd in (["nvidia-smi"], ["nvidia-smi", "-q", "-x"], ["nvidia-smi", "-L"], ["nvidia-smi", "-q"]):
        parsed = parse_nvidia_smi(command_slug(cmd), text)
        assert parsed.parser == "error" and parsed.report.kind is SmiOutputKind.ERROR
        (err,) = parsed.report.errors
        assert (err.kind, err.nvml_library_version, err.line) == (SmiErrorKind.DRIVER_LIBRARY_MISMATCH, "570.124", 1)


def test_noheader_csv_columns_come_from_the_slug():
    slug = command_slug(["nvidia-smi", "--query-gpu=index,name,memory.total", "--format=csv,noheader"])
    assert csv_columns_from_slug(slug) == ("index", "name", "memory.total")
    parsed = parse_nvidia_smi(slug, "0, NVIDIA L40S, 46068 MiB\n")
    assert parsed.parser == "csv"
    assert [(g.index, g.name, g.memory_total_mib) for g in parsed.report.gpus] == [(0, "NVIDIA L40S", 46068)]
    assert csv_columns_from_slug(command_slug(["nvidia-smi", "--query-gpu=name", "--format=csv"])) is None


def test_errors_next_to_other_output_are_kept():
    """Real case: the container's `nvidia-smi -L` fails with NVML Unknown Error while the
    host's lists four GPUs, pasted together."""
    parsed = parse_nvidia_smi("nvidia-smi-L", case_text("in-pod-nvml-unknown-error-daemon-reload"))
    assert parsed.parser == "list" and len(parsed.listing.gpus) == 4
    (err,) = parsed.report.errors
    assert (err.kind, err.line) == (SmiErrorKind.NVML_UNKNOWN_ERROR, 2)


def test_installer_error_is_not_an_nvidia_smi_error():
    text = case_text("driver-ctr-wrong-os-image-unknown-symbol")
    assert "ERROR: Unable to load the kernel module 'nvidia.ko'" in text
    assert parse_nvidia_smi("nvidia-smi", text) is None
