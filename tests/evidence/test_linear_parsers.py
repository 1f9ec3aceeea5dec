"""Parsers of text a tenant controls answer a crafted 64 KiB input in linear time.

Each input below made a backtracking pattern quadratic (or worse): one line of spaces printed
by the image's own `nvidia-smi` (39 s in live triage), a `kubectl describe node` Conditions
row of columns that never end in a reason (28 KB: 20 s), runs of backslashes in a container
start error, a CDI device list that is one long word. A linear parser takes milliseconds on
each; the bound below is a hundred times that, so it fails only for a pattern that backtracks.
bench/bench_fuzz.py runs every parser over many more shapes and prints the figures.
"""

from __future__ import annotations

import time

import pytest

from triage.classify.rules.driver_versions import _SMI_VERSION
from triage.evidence.dcgm import parse_counters
from triage.evidence.inventory import parse_describe_conditions
from triage.evidence.k8s_events.create_rejection import parse_create_rejection
from triage.evidence.k8s_events.dispatch import parse_event_message
from triage.evidence.k8s_events.quota import parse_quota_rejection
from triage.evidence.nvidia_smi_text import parse_query_text, parse_table
from triage.evidence.pasted.blocks import split_blocks
from triage.evidence.nvidia_smi_tools import parse_nvlink_status, parse_version
from triage.evidence.runtime_error import parse_runtime_error, unescape
from triage.evidence.scheduler_message import parse_scheduling_message

SIZE = 64 * 1024
BOUND_S = 2.0
SPACES = " " * SIZE

CASES = {
    "nvidia-smi --version value then spaces": (parse_version, "NVIDIA-SMI version  : 1" + SPACES + "x"),
    "nvlink link value then spaces": (parse_nvlink_status,
                                      "GPU 0: NVIDIA H100 (UUID: GPU-1)\n\t Link 0: 1" + SPACES + "x"),
    "nvidia-smi -q key then spaces": (parse_query_text, "==============NVSMI LOG==============\nKey" + SPACES + "x"),
    "nvidia-smi table GPU cell of spaces": (
        parse_table, "| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |\n"
                     "|   0  NVIDIA" + SPACES[:SIZE // 2] + "x |  0000:00:1E.0 Off |   0 |\n"),
    "nvidia-smi process row of spaces": (
        parse_table, "| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |\nProcesses:\n"
                     "|    0   N/A  N/A     12345      C   python" + SPACES + "x |\n"),
    "nvidia-smi process row ending in spaces": (
        parse_table, "| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |\nProcesses:\n"
                     "|    0   N/A  N/A     12345      C   python   1MiB" + SPACES + "x\n"),
    "dcgm counters description of spaces": (parse_counters, "DCGM_FI_DEV_GPU_UTIL, gauge, a" + SPACES + "x"),
    "describe node condition columns without a reason": (
        parse_describe_conditions, "  Ready  True  " + "1  " * (SIZE // 3)),
    "FailedScheduling digits": (parse_scheduling_message, "1" * SIZE),
    "FailedScheduling digit slashes": (parse_scheduling_message, "1/" * (SIZE // 2)),
    "runtime error backslashes": (unescape, "\\" * SIZE),
    "container start backslashes": (lambda t: parse_event_message("Failed", t), "Error: " + "\\" * SIZE),
    "CDI device list of one long word": (
        parse_runtime_error, "failed to inject CDI devices: unresolvable CDI devices " + "1" * SIZE + "x"),
    # guards: bounded runs searched from every character (linear, but 253-317 steps a character)
    "FailedCreate of one long word": (parse_create_rejection, "Error creating: " + "a" * SIZE),
    "FailedCreate limit of one long word": (parse_create_rejection,
                                            "Error creating: pods is forbidden: maximum " + "1" * SIZE),
    "quota rejection of one long word": (parse_quota_rejection, "limited: x" + "a" * SIZE),
    "pasted ticket: lines of spaces": (split_blocks, (" " * 16_000 + "Cut\n") * 8),
    "nvidia-smi Driver Version then spaces": (lambda t: _SMI_VERSION.search(t), "Driver Version" + SPACES + "x"),
    "runtime error tail of dots": (parse_runtime_error,
                                   "nvidia-container-cli: initialization error: x" + "." * SIZE + "y"),
}


@pytest.mark.parametrize("name", CASES)
def test_crafted_input_parses_in_linear_time(name):
    parse, text = CASES[name]
    started = time.perf_counter()
    parse(text)
    assert time.perf_counter() - started < BOUND_S, f"{name}: a backtracking pattern (see bench/bench_fuzz.py)"


def test_linear_rewrites_read_the_same_values():
    v = parse_version("NVIDIA-SMI version  : 550.54.15   \nDRIVER version      : Deprecated, see KMD\n"
                      "KMD version         : 550.54.15\n")
    assert (v.smi_version, v.driver_version) == ("550.54.15", "550.54.15")
    (gpu,) = parse_nvlink_status("GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)\n\t Link 0: 26.562 GB/s   \n").gpus
    assert gpu.links == ((0, "26.562 GB/s"),)
    (row,) = parse_describe_conditions("  Ready  Unknown  Wed, 12 Jul 2017 12:09:45 +0100  Wed, 12 Jul 2017 "
                                       "12:10:36 +0100  NodeStatusUnknown  Kubelet stopped posting node status.")
    assert (row.type, row.status, row.reason, row.message) == (
        "Ready", "Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
    (counter,) = parse_counters("DCGM_FI_DEV_GPU_UTIL, gauge, GPU utilization (in %).   \n")
    assert counter.help == "GPU utilization (in %)."
    assert unescape('a\\\\\\nb \\\\" \\x') == 'a\nb " \\x'
