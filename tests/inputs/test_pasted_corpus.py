"""Every real excerpt of shared/corpus/real-cases.jsonl pasted as it stands (bench/bench_pasted_cases.py):
none is called HEALTHY or NO_GPU, what cannot be placed is refused in one line, and the log excerpts
name the thread's answer at least as often as when this was written (21 of 64)."""

from __future__ import annotations

import importlib.util

from tests.conftest import REPO


def test_real_excerpts_pasted_alone_are_never_healthy_and_often_named():
    spec = importlib.util.spec_from_file_location("bench_pasted_cases", REPO / "bench" / "bench_pasted_cases.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    stats = bench.main_bench(False)
    assert stats["cases"] >= 64
    assert stats.get("healthy", 0) == 0 and stats.get("no_gpu", 0) == 0
    assert stats["right"] >= 21, stats
