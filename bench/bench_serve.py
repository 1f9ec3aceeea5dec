"""Benchmark: how fast the replay server hands a big cluster's pods to real clients.

    .venv/bin/python bench/bench_serve.py                         # 5,000 nodes / 100,000 pods
    .venv/bin/python bench/bench_serve.py --nodes 500 --pods 10000

Generates a synthetic bundle (triage.synth.generate), serves it, then in the same run
times, side by side:
- baseline: `json.loads` + `json.dumps` of the full pod list (the same bytes), in process;
- the Python client's paged `list_pod_for_all_namespaces(limit=500, _preload_content=False)`
  with `json.loads` per page;
- `kubectl get pods -A -o json` (pages of 500 too, plus kubectl's own decoding and printing);
and prints requests/s, MB/s and each time as a ratio of the baseline. The target is a
Python-client ratio of at most 2.0. Numbers are ratios on purpose: they hold across machines.
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
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kubernetes import client  # noqa: E402

from triage.replay.server import ReplayServer  # noqa: E402
from triage.synth.generate import generate_bundle  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def python_paged(core, limit: int) -> tuple[int, int, int]:
    """-> (pages, bytes, pods) over the whole paged list."""
    pages = size = pods = 0
    token = None
    while True:
        resp = core.list_pod_for_all_namespaces(limit=limit, _continue=token, _preload_content=False)
        data = resp.data
        doc = json.loads(data)
        pages += 1
        size += len(data)
        pods += len(doc["items"])
        token = doc["metadata"].get("continue")
        if not token:
            return pages, size, pods


TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json"


def raw_paged(url: str, limit: int, accept: str = "application/json") -> tuple[int, int]:
    """Pages fetched over one keep-alive connection, bodies not parsed: the server's own cost."""
    import http.client
    from urllib.parse import quote, urlsplit
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=600)
    pages = size = 0
    token = ""
    try:
        while True:
            conn.request("GET", f"/api/v1/pods?limit={limit}" + (f"&continue={quote(token)}" if token else ""),
                         headers={"Accept": accept})
            data = conn.getresponse().read()
            pages += 1
            size += len(data)
            tail = data[:400]            # metadata comes first: {"kind":..,"metadata":{..,"continue":".."
            start = tail.find(b'"continue":"')
            if start < 0:
                return pages, size
            token = tail[start + 12: tail.index(b'"', start + 12)].decode()
    finally:
        conn.close()


def kubectl_json(kubeconfig: Path, cache: Path) -> int:
    kubectl = shutil.which("kubectl")
    out = subprocess.run([kubectl, "--kubeconfig", str(kubeconfig), "--cache-dir", str(cache),
                          "get", "pods", "-A", "-o", "json"], capture_output=True, check=True, timeout=1800)
    return len(json.loads(out.stdout)["items"])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--nodes", type=int, default=5000)
    p.add_argument("--pods", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--limit", type=int, default=500, help="page size (kubectl's default is 500)")
    p.add_argument("--bundle", help="reuse (or keep) the generated bundle in this folder")
    p.add_argument("--no-kubectl", action="store_true", help="skip the kubectl measurement")
    args = p.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    bundle = Path(args.bundle) if args.bundle else work / "bundle"
    try:
        if not (bundle / "manifest.json").exists():
            t_gen, _ = timed(lambda: generate_bundle(bundle, nodes=args.nodes, pods=args.pods, seed=args.seed))
            print(f"generated {args.nodes} nodes / {args.pods} pods in {t_gen:.1f}s -> {bundle}")
        srv = ReplayServer(bundle)
        t_load, _ = timed(srv.start)
        try:
            n = len(srv.store.collections["pods"])
            print(f"server loaded and indexed the bundle in {t_load:.1f}s ({n} pods) at {srv.url}")
            with urllib.request.urlopen(f"{srv.url}/api/v1/pods", timeout=600) as r:
                full = r.read()
            t_loads, obj = timed(lambda: json.loads(full))
            t_dumps, _ = timed(lambda: json.dumps(obj))
            base = t_loads + t_dumps
            mb = len(full) / 1e6
            print(f"\nbaseline  json.loads + json.dumps of the full list ({mb:.1f} MB): "
                  f"{t_loads:.2f}s + {t_dumps:.2f}s = {base:.2f}s")
            t_raw, (rpages, rsize) = timed(lambda: raw_paged(srv.url, args.limit))
            print(f"server    raw HTTP pages, bodies not parsed: {t_raw:.2f}s, {rpages} requests, "
                  f"{rpages / t_raw:.0f} req/s, {rsize / 1e6 / t_raw:.0f} MB/s, ratio {t_raw / base:.2f}x baseline")
            t_tab, (tpages, tsize) = timed(lambda: raw_paged(srv.url, args.limit, TABLE))
            print(f"server    raw HTTP Table pages (kubectl get pods -A), first time: {t_tab:.2f}s, {tpages} requests, "
                  f"{tpages / t_tab:.0f} req/s, {tsize / 1e6 / t_tab:.0f} MB/s")
            cfg = client.Configuration()
            cfg.host = srv.url
            api = client.ApiClient(cfg)
            core = client.CoreV1Api(api)
            core.list_namespace(_preload_content=False)     # warm-up: the client's first call imports its models
            before = len(srv.requests)
            t_py, (pages, size, pods) = timed(lambda: python_paged(core, args.limit))
            api.close()
            assert pods == n, f"paged list returned {pods} pods, the bundle holds {n}"
            print(f"python    list_pod_for_all_namespaces(limit={args.limit}) + json.loads per page: "
                  f"{t_py:.2f}s, {pages} requests, {pages / t_py:.0f} req/s, {size / 1e6 / t_py:.0f} MB/s, "
                  f"ratio {t_py / base:.2f}x baseline (target <= 2.0)")
            assert len(srv.requests) - before == pages
            if not args.no_kubectl and shutil.which("kubectl"):
                config = srv.write_kubeconfig(work / "kubeconfig")
                before = len(srv.requests)
                t_k, items = timed(lambda: kubectl_json(config, work / "cache"))
                reqs = [r for r in srv.requests[before:] if r.path == "/api/v1/pods"]
                size_k = sum(r.bytes for r in reqs)
                print(f"kubectl   get pods -A -o json: {t_k:.2f}s, {len(reqs)} list requests, "
                      f"{len(reqs) / t_k:.0f} req/s, {size_k / 1e6 / t_k:.0f} MB/s, ratio {t_k / base:.2f}x baseline "
                      f"({items} pods printed)")
                kubectl = shutil.which("kubectl")
                t_kr, raw = timed(lambda: subprocess.run(
                    [kubectl, "--kubeconfig", str(config), "--cache-dir", str(work / "cache"), "get", "--raw",
                     "/api/v1/pods"], capture_output=True, check=True, timeout=1800).stdout)
                print(f"kubectl   get --raw /api/v1/pods (same bytes, no decoding): {t_kr:.2f}s, "
                      f"{len(raw) / 1e6 / t_kr:.0f} MB/s, ratio {t_kr / base:.2f}x baseline: the rest of the "
                      "line above is kubectl decoding and printing")
        finally:
            srv.stop()
    finally:
        if not args.bundle:
            shutil.rmtree(work, ignore_errors=True)
        else:
            shutil.rmtree(work, ignore_errors=True) if bundle.parent != work else None
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
