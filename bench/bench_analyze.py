"""`analyze` in scan mode on a big synthetic bundle, next to just loading its JSON.

    .venv/bin/python bench/bench_analyze.py                       # 5,000 nodes / 100,000 pods
    .venv/bin/python bench/bench_analyze.py --nodes 500 --pods 10000

The bundle comes from `triage.synth.generate.generate_bundle(out, nodes, pods, seed=1)`
(cached under /tmp by size). Each phase runs in a fresh process, `--repeat` times, and
reports its best wall time and its peak RSS:

- load:    json.loads of every JSON file of the bundle (the floor any analysis pays),
           with the cyclic GC off as in analyze, and released again (analyze pays that
           too); the parse time alone is printed beside it
- load-gc: the same with the cyclic GC on, as a plain `json.load` script runs: the baseline
           issue 16's row names ("vs `json.load` of its files (GC on)", target <= 0.5x); the
           GC-off load above is the stricter floor, printed beside it
- analyze: `triage.commands.analyze.analyze_document` = load_bundle + diagnose (scan:
  every GPU pod and node) + findings document, serialised as the command writes it (`triage.render.json.dumps`)

It prints both and the ratio analyze/load; classification itself should cost less than
loading (ratio under 2). `--tree DIR` (a checkout's folder holding `triage/`, e.g.
`git archive main triage | tar -x -C DIR`) runs that tree's analyze too, each repeat running
load, this tree and that tree in turn, and prints the medians and this/that pair by pair.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))


def phase_load(bundle: Path, gc_on: bool = False) -> dict:
    import gc
    if not gc_on:
        gc.disable()                 # same conditions as analyze_document (no GC passes)
    t0 = time.perf_counter()
    n = 0
    docs = []
    for dirpath, _dirs, files in os.walk(bundle):
        for name in files:
            if name.endswith(".json"):
                with open(os.path.join(dirpath, name), "rb") as fh:
                    docs.append(json.loads(fh.read()))
                n += 1
    parsed = time.perf_counter() - t0
    del docs                         # analyze_document also releases what it loaded before returning
    return {"seconds": time.perf_counter() - t0, "parse_seconds": parsed, "files": n}


def phase_analyze(bundle: Path) -> dict:
    from triage.classify.rules import all_rules
    from triage.commands.analyze import analyze_document
    from triage.render.json import dumps
    all_rules()                      # imports (parsers, compiled patterns) are not the analysis
    t0 = time.perf_counter()
    doc = analyze_document(bundle)   # exactly what `gpu-triage analyze BUNDLE -o json` runs,
    text = dumps(doc)                # and writes (indented; until session 19 the bench wrote compact
                                     # JSON with json's C encoder, not the command's pure-Python indent=2)
    return {"seconds": time.perf_counter() - t0, "diagnoses": len(doc["diagnoses"]),
            "findings": len(doc["findings"]), "status": doc["status"], "json_bytes": len(text)}


def run_phase(name: str, bundle: Path, tree: str | None = None) -> dict:
    cmd = [sys.executable, __file__, "--phase", name, str(bundle)] + (["--tree", tree] if tree else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def _median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def side_by_side(bundle: Path, tree: str, repeat: int) -> int:
    """load, this tree's analyze, `tree`'s analyze, in turn, `repeat` times: medians and ratios."""
    runs: dict[str, list[dict]] = {"load": [], "load-gc": [], "this": [], "tree": []}
    for _ in range(repeat):
        runs["load"].append(run_phase("load", bundle))
        runs["load-gc"].append(run_phase("load-gc", bundle))
        runs["this"].append(run_phase("analyze", bundle))
        runs["tree"].append(run_phase("analyze", bundle, tree))
    same = {json.dumps({k: r[k] for k in ("diagnoses", "findings", "status", "json_bytes")}) for r in
            runs["this"] + runs["tree"]}
    med = {k: _median([r["seconds"] for r in v]) for k, v in runs.items()}
    rss = {k: max(r["peak_rss_mb"] for r in v) for k, v in runs.items()}
    pairs = [t["seconds"] / o["seconds"] for t, o in zip(runs["this"], runs["tree"])]
    print(f"bundle {bundle}, {repeat} interleaved runs of each (median seconds, peak MB)")
    print(f"  load JSON, GC off {med['load']:8.2f} {rss['load']:8.0f}")
    print(f"  load JSON, GC on  {med['load-gc']:8.2f} {rss['load-gc']:8.0f}   (issue 16's baseline)")
    for key, name in (("this", "this"), ("tree", tree)):
        print(f"  analyze ({name}) {med[key]:8.2f} {rss[key]:8.0f}   = {med[key] / med['load-gc']:.2f}x of load with GC "
              f"on (target <= 0.5x), {med[key] / med['load']:.2f}x of load with GC off")
    gc_pairs = [t["seconds"] / g["seconds"] for t, g in zip(runs["this"], runs["load-gc"])]
    print(f"  this / load with GC on, pair by pair: {', '.join(f'{p:.2f}' for p in gc_pairs)}")
    print(f"  this / that, pair by pair: {', '.join(f'{p:.2f}' for p in pairs)} (median {_median(pairs):.2f})")
    print("  same diagnoses, findings, status and document size" if len(same) == 1 else
          f"  the two trees answer differently: {sorted(same)}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="analyze (scan) vs loading the bundle's JSON")
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--pods", type=int, default=100000)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--bundle", help="use this bundle instead of generating one")
    ap.add_argument("--tree", help="also run this checkout's analyze (its folder holding triage/), side by side")
    ap.add_argument("--phase", choices=("load", "load-gc", "analyze"), help=argparse.SUPPRESS)
    ap.add_argument("path", nargs="?", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.phase:
        if args.tree:
            sys.path.insert(0, str(Path(args.tree).resolve()))
        result = phase_analyze(Path(args.path)) if args.phase == "analyze" else \
            phase_load(Path(args.path), gc_on=args.phase == "load-gc")
        result["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(json.dumps(result))
        return 0
    if args.bundle:
        bundle = Path(args.bundle)
    else:
        bundle = Path(f"/tmp/gpu-triage-bench-{args.nodes}n-{args.pods}p")
        if not (bundle / "cluster-resources" / "nodes.json").exists():
            from triage.synth.generate import generate_bundle
            t0 = time.perf_counter()
            generate_bundle(bundle, nodes=args.nodes, pods=args.pods, seed=1)
            print(f"generated {bundle} in {time.perf_counter() - t0:.1f}s")
    if args.tree:
        return side_by_side(bundle, args.tree, args.repeat)
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file())
    print(f"bundle {bundle} ({size / 1e6:.0f} MB), {args.nodes} nodes / {args.pods} pods, best of {args.repeat}")
    results = {}
    for name in ("load", "load-gc", "analyze"):
        runs = [run_phase(name, bundle) for _ in range(args.repeat)]
        best = min(runs, key=lambda r: r["seconds"])
        best["peak_rss_mb"] = max(r["peak_rss_mb"] for r in runs)
        results[name] = best
    load, load_gc, ana = results["load"], results["load-gc"], results["analyze"]
    print(f"{'phase':<10} {'seconds':>8} {'peak MB':>8}")
    print(f"{'load JSON':<10} {load['seconds']:>8.2f} {load['peak_rss_mb']:>8.0f}   ({load['files']} files, GC off: "
          f"json.loads {load['parse_seconds']:.2f}s + release {load['seconds'] - load['parse_seconds']:.2f}s)")
    print(f"{'load, GC on':<10} {load_gc['seconds']:>8.2f} {load_gc['peak_rss_mb']:>8.0f}   (issue 16's baseline: "
          f"json.loads {load_gc['parse_seconds']:.2f}s + release {load_gc['seconds'] - load_gc['parse_seconds']:.2f}s)")
    print(f"{'analyze':<10} {ana['seconds']:>8.2f} {ana['peak_rss_mb']:>8.0f}   ({ana['diagnoses']} diagnoses, "
          f"{ana['findings']} findings, status {ana['status']}, {ana['json_bytes'] / 1e6:.1f} MB JSON)")
    print(f"analyze / load with GC on = {ana['seconds'] / max(load_gc['seconds'], 1e-9):.2f}x  (issue 16's row, "
          f"target <= 0.5x)")
    ratio = ana["seconds"] / max(load["seconds"], 1e-9)
    print(f"analyze / load with GC off = {ratio:.2f}x  (classification and rendering cost {ana['seconds'] - load['seconds']:.2f}s "
          f"beyond loading and releasing the JSON)")
    print(f"analyze / json.loads alone = {ana['seconds'] / max(load['parse_seconds'], 1e-9):.2f}x  "
          f"(analyze only parses the files it needs: pods, events, nodes, logs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
