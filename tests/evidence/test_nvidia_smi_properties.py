"""Property tests: every nvidia-smi parser returns a record or None, whatever the input.

Inputs: arbitrary text, and real corpus files mutated by truncation, line deletion and
byte flips (a bundle is untrusted and collection may cut a file anywhere)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import CORPUS
from triage.evidence.nvidia_smi import parse_nvidia_smi
from triage.evidence.nvidia_smi_csv import parse_csv
from triage.evidence.nvidia_smi_list import parse_list
from triage.evidence.nvidia_smi_text import parse_q_tree, parse_query_text, parse_table
from triage.evidence.nvidia_smi_tools import (
    parse_gpu_instances, parse_monitor, parse_nvlink_status, parse_topology, parse_version,
)
from triage.evidence.nvidia_smi_xml import parse_xml
from triage.evidence.records_gpu import NvidiaSmiReport, pci_key

FILES = sorted(p for p in (CORPUS / "nvidia-smi").glob("*/*") if p.stat().st_size < 120_000)
PARSERS = (parse_table, parse_query_text, parse_xml, parse_csv, parse_list, parse_version, parse_monitor,
           parse_topology, parse_nvlink_status, parse_gpu_instances)
SLUGS = ("nvidia-smi", "nvidia-smi-q", "nvidia-smi-q-x", "nvidia-smi-L", "nvidia-smi-query-gpu-name-format-csv-noheader",
         "nvidia-smi-version", "nvidia-smi-topo-m", "nvidia-smi-nvlink-s", "nvidia-smi-pmon-c-1", "nvidia-smi-mig-lgi",
         "unknown")
_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# text that looks like nvidia-smi often enough to reach deep branches
_SMI_ALPHABET = st.sampled_from(list("|+-=: \n\t0123456789ABCDEFabcdef.%/MiBWCGPUNAOnfx[]<>()") +
                                ["MiB", "N/A", "GPU ", "MIG", "Driver Version: ", "NVIDIA-SMI ", "Processes:",
                                 "MIG devices:", "<nvidia_smi_log>", "<gpu id=\"0\">", "NVRM: ", "ERR!", "    "])


def _check(text: str) -> None:
    for parser in PARSERS:
        result = parser(text)
        if isinstance(result, NvidiaSmiReport):
            assert all(g.line is None or g.line >= 1 for g in result.gpus)
    parse_q_tree(text)
    for slug in SLUGS:
        parse_nvidia_smi(slug, text)


@_SETTINGS
@given(st.text(max_size=600))
def test_arbitrary_text(text):
    _check(text)


@_SETTINGS
@given(st.lists(_SMI_ALPHABET, max_size=200).map("".join))
def test_smi_shaped_noise(text):
    _check(text)


def _mutate(text: str, data) -> str:
    kind = data.draw(st.sampled_from(["truncate", "delete_line", "flip", "duplicate_line"]))
    lines = text.splitlines(keepends=True)
    if kind == "truncate":
        return text[: data.draw(st.integers(0, len(text)))]
    if kind in ("delete_line", "duplicate_line") and lines:
        i = data.draw(st.integers(0, len(lines) - 1))
        return "".join(lines[:i] + ([] if kind == "delete_line" else [lines[i], lines[i]]) + lines[i + 1:])
    raw = bytearray(text.encode())
    for _ in range(data.draw(st.integers(1, 10))):
        if raw:
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    return raw.decode("utf-8", errors="replace")


@_SETTINGS
@given(st.sampled_from(FILES), st.data())
def test_mutated_corpus_files(path, data):
    _check(_mutate(path.read_text(encoding="utf-8", errors="replace"), data))


@_SETTINGS
@given(st.text(max_size=40))
def test_pci_key_never_raises(text):
    key = pci_key(text)
    assert key is None or len(key) == 10
