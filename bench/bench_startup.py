"""Benchmark: how long a command takes to answer when it has almost nothing to do, side by side
with `kubectl version --client` (a static Go binary: the floor a command-line tool is held to).

    .venv/bin/python bench/bench_startup.py              # 15 interleaved runs of each, medians
    .venv/bin/python bench/bench_startup.py --repeat 31
    .venv/bin/python bench/bench_startup.py --tree /tmp/old   # also a checkout of another commit
                                                              # (git archive REV triage | tar -x -C /tmp/old;
                                                              # with playbooks report_templates in the archive,
                                                              # its one-pod analyze too)

Rows (issue 16): `gpu-triage --version` (target <= 2x kubectl), `gpu-triage -h`, and
`gpu-triage analyze` of a one-pod bundle (a scenario fixture, target <= 3x kubectl). Each run
is its own process through the installed entry point (.venv/bin/gpu-triage, as a user types
it), runs are interleaved (A B C A B C ...) so load from other work on the machine falls on
every row alike, and each ratio is the median of the per-round ratios.

Bytecode: pip compiles a package's modules when it installs it; an editable checkout with
PYTHONDONTWRITEBYTECODE=1 (as in this workplace) compiles every module on every start
instead (~0.3 s for analyze). The runs use a bytecode cache of their own (PYTHONPYCACHEPREFIX
under a temporary folder, filled by one unmeasured run of each command), i.e. an installed
tool; `--no-bytecode` measures the compile-every-time case as well.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ONE_POD = REPO / "fixtures" / "scenarios" / "r014_dp_nvml_could_not_load_cri_log" / "bundle"
TARGETS = {"gpu-triage --version": 2.0, "gpu-triage analyze (one pod)": 3.0}


def entry() -> list[str]:
    script = Path(sys.executable).parent / "gpu-triage"
    return [str(script)] if script.exists() else [sys.executable, "-m", "triage.cli"]


def timed(argv: list[str], env: dict) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (user + system, from /usr/bin/time) and exit status of one run."""
    started = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-f", "%U %S", *argv], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=env, cwd=str(REPO))
    wall = time.perf_counter() - started
    last = proc.stderr.decode("utf-8", "replace").strip().splitlines()[-1]
    m = re.fullmatch(r"([\d.]+) ([\d.]+)", last)
    return wall, (float(m.group(1)) + float(m.group(2))) if m else float("nan"), proc.returncode


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--no-bytecode", action="store_true", help="also measure with no bytecode cache")
    ap.add_argument("--tree", help="also run the triage package found in this folder (another commit), "
                                   "as `python -m triage.cli` with PYTHONPATH set to it")
    args = ap.parse_args(argv)
    if shutil.which("kubectl") is None:
        print("needs kubectl on PATH", file=sys.stderr)
        return 1
    gt = entry()
    commands = {
        "kubectl version --client": ["kubectl", "version", "--client"],
        "gpu-triage --version": gt + ["--version"],
        "gpu-triage -h": gt + ["-h"],
        "gpu-triage analyze (one pod)": gt + ["analyze", str(ONE_POD)],
    }
    if args.tree:
        tree = str(Path(args.tree).resolve())
        old = [sys.executable, "-c", f"import sys; sys.path.insert(0, {tree!r}); sys.argv[0] = 'gpu-triage'; "
                                     "from triage.cli import main; sys.exit(main())"]
        commands.update({"--tree: --version": old + ["--version"], "--tree: -h": old + ["-h"]})
        if (Path(tree) / "triage" / "playbooks_data").exists() and (Path(tree) / "playbooks").is_dir():
            # the same one-pod analyze through the other tree (its archive must hold the playbooks:
            # git archive REV triage playbooks report_templates | tar -x -C DIR)
            commands["--tree: analyze (one pod)"] = old + ["analyze", str(ONE_POD)]
    work = Path(tempfile.mkdtemp(prefix="bench-startup-"))
    try:
        modes = [("bytecode cached (installed)", {"PYTHONPYCACHEPREFIX": str(work / "pyc")})]
        if args.no_bytecode:
            modes.append(("no bytecode (compiled every start)", {"PYTHONDONTWRITEBYTECODE": "1"}))
        for title, extra in modes:
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
            env.update(extra)
            for argv_ in commands.values():       # fill the bytecode cache, warm the page cache
                timed(argv_, env)
            runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name in commands}
            for _ in range(args.repeat):
                for name, argv_ in commands.items():
                    runs[name].append(timed(argv_, env))
            base = runs["kubectl version --client"]
            pairs = [("gpu-triage analyze (one pod)", "--tree: analyze (one pod)"),
                     ("gpu-triage --version", "--tree: --version")]
            print(f"\n{title}: {args.repeat} interleaved rounds, medians")
            print(f"{'command':32} {'wall s':>7} {'cpu s':>6} {'x kubectl (wall)':>17} {'target':>7}  exit")
            for name, rs in runs.items():
                wall = statistics.median(r[0] for r in rs)
                cpu = statistics.median(r[1] for r in rs)
                ratio = statistics.median(r[0] / b[0] for r, b in zip(rs, base))
                target = TARGETS.get(name)
                codes = sorted({r[2] for r in rs})
                print(f"{name:32} {wall:7.3f} {cpu:6.3f} {ratio:17.2f} {('<= %.1fx' % target) if target else '':>7}"
                      f"  {','.join(map(str, codes))}")
            for this, other in pairs:
                if other in runs:
                    wall = statistics.median(a[0] / b[0] for a, b in zip(runs[this], runs[other]))
                    cpu = statistics.median(a[1] / b[1] for a, b in zip(runs[this], runs[other]) if b[1] > 0)
                    print(f"{this} / --tree: wall {wall:.2f}, CPU {cpu:.2f} (medians of per-round ratios)")
        load = os.getloadavg()[0]
        print(f"\nload average: {load:.1f} on {os.cpu_count()} CPUs (wall times stretch with it)")
        return 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
