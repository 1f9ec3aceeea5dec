"""Benchmark: the watcher's (re)list of GPU pods on a big cluster, against the replay server.

    .venv/bin/python bench/bench_watch.py                          # 2,000 nodes / 50,000 pods
    .venv/bin/python bench/bench_watch.py --nodes 5000 --pods 100000

On start and after every 410 the watcher lists every pod in scope and keeps the GPU pods
(triage/collect/watch_stream.py). Times, side by side in the same run:
- baseline: `Kube.list_pages` over the same path (raw JSON pages, `json.loads`, no filter);
- GpuPodWatch's list: the same pages plus the GPU-request filter and the diff against
  what the consumer already saw, up to the moment it would open the watch;
- a relist of an unchanged cluster (the 410 case: nothing is yielded again);
- the official client's model path: `list_pod_for_all_namespaces(limit=500)` deserialised
  into V1Pod objects (what a watcher built on `kubernetes.watch.Watch` would pay).
Each as a ratio of the baseline; the target is GpuPodWatch <= 1.3x. Ratios hold across machines.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kubernetes import client  # noqa: E402

from triage.collect.kube import Budget, Kube  # noqa: E402
from triage.collect.watch_stream import FOREVER, GpuPodWatch  # noqa: E402
from triage.replay.server import ReplayServer  # noqa: E402
from triage.synth.generate import generate_bundle  # noqa: E402


def best_of(n: int, fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(n):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--pods", type=int, default=50000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        bundle = generate_bundle(Path(tmp) / "bundle", nodes=args.nodes, pods=args.pods)
        print(f"synthetic cluster: {args.nodes} nodes, {args.pods} pods ({time.perf_counter() - t0:.1f}s to write)")
        with ReplayServer(bundle) as srv:
            kubeconfig = srv.write_kubeconfig(str(Path(tmp) / "kubeconfig"))
            kube = Kube.connect(kubeconfig, None, request_timeout=60, budget=Budget(FOREVER))

            def raw_pages() -> int:
                return sum(len(p.get("items") or ()) for p in kube.list_pages("/api/v1/pods", None))

            def first_list() -> int:
                stream = GpuPodWatch(kube, None)
                return sum(1 for _ in stream._relist())

            stream = GpuPodWatch(kube, None)
            gpu_pods = sum(1 for _ in stream._relist())

            def relist() -> int:
                stream.resource_version = None
                return sum(1 for _ in stream._relist())

            core = client.CoreV1Api(kube.api)

            def models() -> int:
                n, token = 0, None
                while True:
                    page = core.list_pod_for_all_namespaces(limit=500, _continue=token)
                    n += len(page.items)
                    token = page.metadata._continue
                    if not token:
                        return n

            base, total = best_of(args.repeat, raw_pages)
            rows = [("baseline: raw JSON pages (Kube.list_pages)", base, f"{total} pods")]
            t, n = best_of(args.repeat, first_list)
            rows.append(("GpuPodWatch first list (filter + diff)", t, f"{n} GPU pods yielded"))
            t, n = best_of(args.repeat, relist)
            rows.append(("GpuPodWatch relist after 410, unchanged", t, f"{n} yielded again"))
            t, n = best_of(1, models)
            rows.append(("official client models (V1Pod)", t, f"{n} pods"))
            kube.close()
    print(f"GPU pods in scope: {gpu_pods}")
    for name, seconds, note in rows:
        print(f"{name:46} {seconds:7.2f}s  {seconds / base:5.2f}x  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
