"""`gpu-triage analyze` of a bundle holding a 200 MB container log, against `grep -E -c` with
the project's signatures (translated to POSIX ERE by bench_logs.to_ere) over that log file.

    .venv/bin/python bench/bench_log_bundle.py               # 200 MB, 3 interleaved runs
    .venv/bin/python bench/bench_log_bundle.py --mb 20 --whole

The bundle is scenario s055 (a CUDA OOM crash-loop) with its trainer's previous log made
`--mb` MB: bench_logs' mix of corpus log lines among support-bundle filler, then the log's own
lines (so the diagnosis is the scenario's). Each run times, as whole processes, in turn:

- `gpu-triage analyze BUNDLE -o json` (the CLI, in a fresh interpreter), its peak RSS;
- `grep -E -c` of the signatures' alternation over the log, LC_ALL=C and the C.UTF-8 locale
  (the faster one counts).

It prints the medians, our speed as a share of grep's (grep seconds / analyze seconds; the
target is >= 0.5) and the peak RSS against the log's size (target <= 1.5x). By default the
reader's bounds hold (a log's last `max_text_bytes`, `max_text_lines` are read, as a user
gets them); `--whole` raises both to the log's size, so the whole log goes through the scan.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCENARIO = REPO / "fixtures" / "scenarios" / "s055_general_torch_oom_legacy_format"
LOG = "cluster-resources/pods/logs/ml/sd-train-0/trainer-previous.log"


def build_bundle(root: Path, mb: float, seed: int) -> Path:
    """Run in a child process (`--build`): this process stays small, so the peak RSS a timed
    child inherits at fork is not the text's."""
    sys.path[:0] = [str(REPO), str(REPO / "bench")]
    import bench_logs
    bundle = root / "bundle"
    shutil.copytree(SCENARIO / "bundle", bundle)
    own = (bundle / LOG).read_bytes()
    text = bench_logs.build_text(mb, 0.02, seed, bench_logs.case_lines(), bench_logs.filler_lines())
    (bundle / LOG).write_bytes(text.encode() + own)
    return bundle


def timed(cmd: list[str], env: dict) -> tuple[float, float, str]:
    """(wall seconds, peak RSS MB, stdout) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, out.decode("utf-8", "replace")


def _median(values: list[float]) -> float:
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mb", type=float, default=200.0, help="size of the container log (default 200)")
    ap.add_argument("--repeat", type=int, default=3, help="interleaved runs of each (default 3)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--whole", action="store_true", help="raise the text bounds so the whole log is scanned")
    ap.add_argument("--build", help=argparse.SUPPRESS)
    ap.add_argument("--pattern", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.build:
        build_bundle(Path(args.build), args.mb, args.seed)
        return 0
    if args.pattern:
        sys.path[:0] = [str(REPO), str(REPO / "bench")]
        import bench_logs
        Path(args.pattern).write_text(bench_logs.grep_pattern())
        return 0

    with tempfile.TemporaryDirectory(prefix="gpu-triage-logbench-") as tmp:
        me = [sys.executable, __file__, "--mb", str(args.mb), "--seed", str(args.seed)]
        subprocess.run(me + ["--build", tmp], check=True)
        subprocess.run(me + ["--pattern", f"{tmp}/pattern"], check=True)
        bundle = Path(tmp) / "bundle"
        log = bundle / LOG
        size = log.stat().st_size
        env = dict(os.environ)
        if args.whole:
            env["GPU_TRIAGE_LIMIT_MAX_TEXT_BYTES"] = str(size + 1)
            env["GPU_TRIAGE_LIMIT_MAX_TEXT_LINES"] = str(log.read_bytes().count(b"\n") + 2)
        pattern = Path(f"{tmp}/pattern").read_text()
        ours = [sys.executable, "-m", "triage.cli", "analyze", str(bundle), "-o", "json"]
        runs: dict[str, list[tuple[float, float]]] = {"analyze": [], "grep C": [], "grep C.UTF-8": []}
        doc = None
        for _ in range(args.repeat):
            t, rss, out = timed(ours, {**env, "PYTHONPATH": str(REPO)})
            runs["analyze"].append((t, rss))
            doc = doc or json.loads(out)
            for locale in ("C", "C.UTF-8"):
                t, rss, _ = timed(["grep", "-E", "-c", "-e", pattern, str(log)], {**env, "LC_ALL": locale})
                runs[f"grep {locale}"].append((t, rss))
        med = {k: _median([t for t, _ in v]) for k, v in runs.items()}
        rss = {k: max(r for _, r in v) for k, v in runs.items()}
        grep = min(med["grep C"], med["grep C.UTF-8"])
        print(f"bundle: scenario s055 with a {size / 1e6:.0f} MB container log ({'whole log scanned' if args.whole else 'reader bounds as shipped'}),"
              f" {args.repeat} interleaved runs, medians")
        for k in runs:
            print(f"  {k:14} {med[k]:7.2f} s  peak {rss[k]:7.0f} MB")
        root = (doc or {}).get("root_cause") or {}
        print(f"  analyze found: {doc.get('status') if doc else '?'} {root.get('id', '')}")
        print(f"  our speed / grep's = {grep / med['analyze']:.2f}x (target >= 0.5)   "
              f"peak RSS / log = {rss['analyze'] / (size / 2**20):.2f}x (target <= 1.5)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
