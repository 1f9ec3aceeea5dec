"""Benchmark: how `collect scan -A` pages through 100,000 pods - page size, the cyclic GC, and
asking for the next page while this one is parsed - each variant side by side on one server.

    .venv/bin/python bench/bench_paging.py                                  # the default matrix
    .venv/bin/python bench/bench_paging.py --variants 500:off:on,5000:on:off --repeat 2
    .venv/bin/python bench/bench_paging.py --bundle /tmp/gpu-triage-bench-5000n-100000p

The cluster is the synthetic 5,000-node / 100,000-pod bundle (triage.synth.generate, seed 1;
cached under /tmp like bench_analyze's) behind the replay server with 20 ms added to every
answer. A variant is PAGE:AHEAD:GCOFF: the page size (Options.page_size), whether the next
page is asked for before this one is parsed (kube.PAGES_AHEAD) and whether the cyclic GC is
off while paging (kube.PAGING_GC_OFF). Each run is a fresh process collecting the scan bundle
with `triage.collect.run.collect` exactly as `gpu-triage collect scan -A` does; runs of the
variants are interleaved, --repeat times, and the table shows the median wall time, CPU time
(user + system) and peak RSS (/usr/bin/time -v), requests, and the ratio to the first variant
(by default the pre-issue-16 behaviour: pages of 500, none ahead, GC on).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from bench_collect import measure, warm_indexes  # noqa: E402
from triage.replay.server import Faults, ReplayServer  # noqa: E402
from triage.synth.generate import generate_bundle  # noqa: E402

DEFAULT_VARIANTS = "500:off:off,500:on:off,500:on:on,2000:on:on,5000:off:on,5000:on:off,5000:on:on,10000:on:on"

DRIVER = """
import sys
sys.path.insert(0, {repo!r})
from triage.collect import kube
kube.PAGES_AHEAD, kube.PAGING_GC_OFF = {ahead}, {gcoff}
from triage.collect.run import Target, collect
from triage.collect.session import Options
collect(Target("Scan", None, None), Options(kubeconfig={kubeconfig!r}, page_size={page}, timeout=600), {out!r})
"""


def parse_variant(text: str) -> tuple[int, bool, bool]:
    page, ahead, gcoff = text.split(":")
    return int(page), ahead == "on", gcoff == "on"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--pods", type=int, default=100_000)
    ap.add_argument("--latency-ms", type=float, default=20.0)
    ap.add_argument("--bundle", help="reuse this synthetic bundle")
    ap.add_argument("--variants", default=DEFAULT_VARIANTS, help="PAGE:AHEAD:GCOFF,... (on/off)")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    variants = [parse_variant(v) for v in args.variants.split(",")]
    bundle = Path(args.bundle or f"/tmp/gpu-triage-bench-{args.nodes}n-{args.pods}p")
    if not (bundle / "manifest.json").exists():
        t = time.perf_counter()
        generate_bundle(bundle, nodes=args.nodes, pods=args.pods, seed=1)
        print(f"generated {args.nodes} nodes / {args.pods} pods in {time.perf_counter() - t:.1f} s")
    work = Path(tempfile.mkdtemp(prefix="bench-paging-"))
    try:
        with ReplayServer(bundle, port=0, faults=Faults(seed=1, latency_ms=args.latency_ms)) as srv:
            kubeconfig = srv.write_kubeconfig(work / "kubeconfig")
            env = {**os.environ, "KUBECONFIG": str(kubeconfig)}
            warm_indexes(srv.url)
            runs: dict[tuple, list[dict]] = {v: [] for v in variants}
            for _ in range(args.repeat):
                for v in variants:
                    page, ahead, gcoff = v
                    out = work / "scan"
                    shutil.rmtree(out, ignore_errors=True)
                    code = DRIVER.format(repo=str(REPO), ahead=ahead, gcoff=gcoff, kubeconfig=str(kubeconfig),
                                         page=page, out=str(out))
                    runs[v].append(measure(f"{v}", [sys.executable, "-c", code], srv, env))
        base = statistics.median(r["wall"] for r in runs[variants[0]])
        print(f"\n{args.nodes} nodes, {args.pods} pods, {args.latency_ms:g} ms per request, "
              f"{args.repeat} interleaved run(s) per variant, medians\n")
        print(f"{'page':>6} {'ahead':>6} {'GC off':>6} {'wall s':>7} {'cpu s':>6} {'peak MB':>8} {'requests':>9} "
              f"{'x first':>8}  exit")
        for v in variants:
            rs = runs[v]
            wall = statistics.median(r["wall"] for r in rs)
            print(f"{v[0]:6d} {'on' if v[1] else 'off':>6} {'on' if v[2] else 'off':>6} {wall:7.2f} "
                  f"{statistics.median(r['cpu'] for r in rs):6.2f} {max(r['rss_mb'] for r in rs):8.0f} "
                  f"{rs[0]['requests']:9d} {wall / base:8.2f}  {max(r['rc'] for r in rs)}")
        print(f"\nload average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (wall times stretch with it)")
        return 0 if all(r["rc"] == 0 for rs in runs.values() for r in rs) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
