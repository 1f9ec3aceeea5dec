"""Benchmark: the GPU evidence parsers against the cheapest baseline for the same bytes.

    .venv/bin/python bench/bench_gpu_parsers.py            # default sizes (a 1,000-GPU-node cluster)
    .venv/bin/python bench/bench_gpu_parsers.py --scale 0.1

Inputs are real corpus files repeated to cluster size (a bundle holds one of each per node):

- kernel log: `xid/dmesg_samples.txt` interleaved with ordinary kernel lines, 100k lines;
  baseline: one `re.findall` of `Xid \\(...\\): N` over the same text (what `grep Xid` costs).
- DCGM: the T4 datadog scrape repeated to 50k sample lines; baseline: one call of
  `prometheus_client.parser.text_string_to_metric_families` over the whole text (we parse
  line by line to keep line numbers and survive a bad line).
- nvidia-smi -q -x: the 8x B200 document (357 kB) x 50 nodes; baseline: defusedxml
  `fromstring` of the same bytes (no facts extracted).
- nvidia-smi table: the 8x H100 MIG-32 table x 1,000 nodes; baseline: `str.splitlines`.

Prints wall time per parser and the ratio ours / baseline (best of 3 runs each).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from defusedxml.ElementTree import fromstring  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

from tests.conftest import CORPUS  # noqa: E402
from triage.evidence.dcgm import parse_scrape  # noqa: E402
from triage.evidence.nvidia_smi_text import parse_table  # noqa: E402
from triage.evidence.nvidia_smi_xml import parse_xml  # noqa: E402
from triage.evidence.xid import parse_kernel_log  # noqa: E402

_XID_GREP = re.compile(r"Xid \([^)]*\): (\d+)")


def best_of(fn, runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def kernel_log(lines: int) -> str:
    sample = (CORPUS / "xid" / "dmesg_samples.txt").read_text().splitlines()
    filler = "[Sun Feb 23 16:24:30 2025] clocksource: Long readout interval, skipping watchdog check"
    out: list[str] = []
    while len(out) < lines:
        for line in sample:
            out.append(line)
            out.extend([filler] * 9)
    return "\n".join(out[:lines]) + "\n"


def dcgm_scrape(samples: int) -> str:
    text = (CORPUS / "dcgm" / "metrics-t4-460.106.00-470.182.03-datadog-integrations-core.prom").read_text()
    body = [line for line in text.splitlines() if line.startswith("DCGM_") and "{" in line]
    out: list[str] = []
    i = 0
    while len(out) < samples:
        out.extend(line.replace('gpu="0"', f'gpu="{i % 8}"', 1) for line in body)
        i += 1
    return "\n".join(out[:samples]) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args(argv)
    s = args.scale
    log = kernel_log(int(100_000 * s))
    scrape = dcgm_scrape(int(50_000 * s))
    xml = (CORPUS / "nvidia-smi" / "xml" / "8x-b200-580.105.08-nvidia-k8s-test-infra.xml").read_text()
    table = (CORPUS / "nvidia-smi" / "text" /
             "8x-h100-80gb-hbm3-535.104.12-default-mig-32-devices-nvidia-cloud-native-docs.txt").read_text()
    xml_nodes, table_nodes = max(1, int(50 * s)), max(1, int(1000 * s))

    rows = [
        ("kernel log -> Xid events", f"{len(log.splitlines()):,} lines",
         best_of(lambda: parse_kernel_log(log)), best_of(lambda: _XID_GREP.findall(log))),
        ("DCGM scrape -> samples", f"{len(scrape.splitlines()):,} samples",
         best_of(lambda: parse_scrape(scrape), 1),
         best_of(lambda: [s for f in text_string_to_metric_families(scrape) for s in f.samples], 1)),
        ("nvidia-smi -q -x -> report", f"{xml_nodes} x {len(xml) // 1024} kB",
         best_of(lambda: [parse_xml(xml) for _ in range(xml_nodes)]),
         best_of(lambda: [fromstring(xml, forbid_dtd=False) for _ in range(xml_nodes)])),
        ("nvidia-smi table -> report", f"{table_nodes} x {len(table.splitlines())} lines",
         best_of(lambda: [parse_table(table) for _ in range(table_nodes)]),
         best_of(lambda: [table.splitlines() for _ in range(table_nodes)])),
    ]
    print(f"{'parser':30} {'input':>22} {'ours s':>9} {'baseline s':>11} {'ratio':>8}")
    for name, size, ours, base in rows:
        print(f"{name:30} {size:>22} {ours:9.3f} {base:11.4f} {ours / base if base else float('inf'):8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
