"""Regenerate fixtures/inputs/bug-report/ (see its part of fixtures/inputs/README.md).

Each report is laid out as NVIDIA's nvidia-bug-report.sh writes one (a line of 44 underscores and a
blank line before each section, the script's own headings, one gzip member per section), and holds
real text from public threads and captures where the script's commands print:

    python tests/inputs/gen_bug_report.py        # from the repository root, GPU_TRIAGE_SHARED set
"""

from __future__ import annotations

import gzip
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "fixtures" / "inputs" / "bug-report"
SHARED = Path(os.environ.get("GPU_TRIAGE_SHARED") or ROOT.parent / "shared")
SEP = "_" * 44

PROLOGUE = [
    "Start of NVIDIA bug report log file.  Please include this file, along",
    "with a detailed description of your problem, when reporting a graphics",
    "driver bug via the NVIDIA Linux forum (see forums.developer.nvidia.com)",
    "or by sending email to 'linux-bugs@nvidia.com'.",
    "",
]


def section(lines: list[str]) -> str:
    return "\n".join([SEP, ""] + lines + [""]) + "\n"


def xid79_sections() -> list[str]:
    # akash-network/support#209: a Kubernetes (kubespray) GPU node, `root@node1`, driver 535.161.07
    dmesg = [l for l in (SHARED / "corpus" / "xid" / "dmesg_samples.txt").read_text().splitlines()]
    start = next(i for i, l in enumerate(dmesg) if "akash-network/support/issues/209" in l) + 1
    kernel = []
    for line in dmesg[start:]:
        if not line.strip() or line.startswith("#"):
            break
        kernel.append(line)
    return [
        section(PROLOGUE + ["nvidia-bug-report.sh Version: 34253431", "",
                            "Date: Fri Apr  5 21:41:02 UTC 2024",
                            "uname: Linux node1 5.15.0-101-generic #111-Ubuntu SMP Tue Mar 5 20:16:58 UTC 2024 x86_64 "
                            "x86_64 x86_64 GNU/Linux",
                            "command line flags: "]),
        section(["dmesg:", ""] + kernel),
        section(["*** /proc/driver/nvidia/./version",
                 "*** ls: -r--r--r-- 1 root root 0 2024-04-05 21:41:05.310000000 +0000 /proc/driver/nvidia/./version",
                 "NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.161.07  Sat Feb 17 22:55:48 UTC 2024",
                 "GCC version:  gcc version 11.4.0 (Ubuntu 11.4.0-1ubuntu1~22.04) ", ""]),
        section(["/usr/bin/nvidia-smi --query", "",
                 "Unable to determine the device handle for GPU0000:A1:00.0: Unknown Error", "",
                 "/usr/bin/nvidia-smi --query --unit", "", "", ""]),
        "\n".join([SEP, "", "End of NVIDIA bug report log file."]) + "\n",
    ]


def clean_sections() -> list[str]:
    # an H100 host with a working driver (utkuozdemir/nvidia_gpu_exporter capture, in shared/corpus)
    query = (SHARED / "corpus" / "nvidia-smi" / "text" / "h100-80gb-hbm3-590.48.01-linux-q-load.txt").read_text()
    return [
        section(PROLOGUE + ["nvidia-bug-report.sh Version: 36412101", "",
                            "Date: Tue Jul 14 08:12:58 UTC 2026",
                            "uname: Linux redacted-host 6.8.0-60-generic #63-Ubuntu SMP PREEMPT_DYNAMIC x86_64 x86_64 "
                            "x86_64 GNU/Linux",
                            "command line flags: "]),
        section(["Scanning kernel log files for NVIDIA kernel messages:", "",
                 "No NVIDIA kernel messages found in recent systemd journal entries."]),
        section(["*** /proc/driver/nvidia/./version",
                 "*** ls: -r--r--r-- 1 root root 0 2026-07-14 08:12:58.101000000 +0000 /proc/driver/nvidia/./version",
                 "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  590.48.01  Release Build  "
                 "(dvs-builder@U22-I3-AE18-23-3)  Mon Dec  8 13:03:47 UTC 2025",
                 "GCC version:  gcc version 13.3.0 (Ubuntu 13.3.0-6ubuntu2~24.04) ", ""]),
        section(["/usr/bin/nvidia-smi --query", ""] + query.rstrip("\n").splitlines()
                + ["", "/usr/bin/nvidia-smi --query --unit", "", "", ""]),
        "\n".join([SEP, "", "End of NVIDIA bug report log file."]) + "\n",
    ]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with open(OUT / "node1-xid79.log.gz", "wb") as fh:        # one gzip member per section, as the script appends
        for part in xid79_sections():
            fh.write(gzip.compress(part.encode("utf-8"), mtime=0))
    (OUT / "h100-clean.log").write_text("".join(clean_sections()))


if __name__ == "__main__":
    main()
