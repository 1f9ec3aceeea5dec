"""One collection run: options, the client, the redactor, the objects gathered so far,
and how each collector fared (files, errors, gaps).

Collectors add objects to the session (already redacted) and record failures
as evidence; `Session.finish()` writes every list file, the manifest, and
returns the bundle directory. Nothing is written before redaction.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from msgspec import Struct, field
from pathlib import Path
from typing import Any, Callable, Iterator

from triage.bundle import layout
from triage.bundle.redact import Redactor
from triage.bundle.writer import BundleWriter
from triage.collect.kube import LAZY_IMPORTS, ApiFailure, Kube
from triage.collect.progress import Progress
from triage.errors import TriageError

MB = 1024 * 1024


class Options(Struct):
    kubeconfig: str | None = None
    context: str | None = None
    namespace: str | None = None
    all_namespaces: bool = False
    selector: str | None = None
    request_timeout: float = 10.0
    timeout: float = 120.0
    exec: bool = True
    redact: bool = True
    redact_patterns: str | None = None
    log_tail_lines: int = 10_000
    log_limit_bytes: int = 5 * MB
    exec_timeout: float = 20.0
    exec_limit_bytes: int = 4 * MB
    concurrency: int = 16           # requests in flight: a pod's context is ~30 reads, most independent
    max_candidate_nodes: int = 8
    max_scan_logs: int = 200
    # Lists are read 2,000 objects a page. bench/bench_paging.py, `collect scan -A` of 100,000
    # pods with 20 ms per answer, next page asked for ahead and no GC while paging, 3 interleaved
    # runs (load ~5 on 2 CPUs): pages of 2,000 13.8 s, 7.5 s CPU, 209 MB; of 5,000 15.4 s,
    # 7.7 s CPU, 238 MB; of 10,000 (one run) ~254 MB; pages of 500 as before issue 16: 26.5 s,
    # 9.6 s CPU, 184 MB. A page of 2,000 parses in about the time the next takes to arrive.
    page_size: int = 2000
    access_review: bool = True


class CollectorRun(Struct):
    name: str
    started: float = field(default_factory=time.monotonic)
    files: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    successes: int = 0
    skipped: str | None = None
    last: float = 0.0           # when its last piece came in (duration = last - started)


class Session:
    """Shared state of one collection; thread-safe where collectors run concurrently."""

    def __init__(self, kube: Kube, out_dir: str | Path, options: Options, redactor: Redactor | None,
                 progress: Progress | None = None):
        """redactor None: `build_redactor` gives it later (while the first reads are in flight);
        until then objects are kept as they came and redacted the moment it exists."""
        self.kube = kube
        self.options = options
        self._redactor = redactor
        self._redactor_ready = threading.Event()
        self._redactor_error: BaseException | None = None
        self._unredacted: list[list[dict]] = []            # objects added before the redactor existed
        self._redactor_thread: threading.Thread | None = None
        if redactor is not None:
            self._redactor_ready.set()
        self.writer = BundleWriter(out_dir)
        self.progress = progress or Progress(enabled=False, warnings=False)
        self.pool = ThreadPoolExecutor(max_workers=max(1, options.concurrency), thread_name_prefix="collect")
        self._lock = threading.Lock()
        self._lists: dict[str, dict] = {}          # bundle path -> {"apiVersion", "kind", "items": {key: obj}}
        self._arrays: dict[str, dict] = {}         # custom-resource path -> {key: obj}
        self._runs: dict[str, CollectorRun] = {}
        self._errors: dict[str, dict] = {}         # piece -> {"reason", "errors": [...]}
        self._seen: set[tuple] = set()
        self._objects: dict[tuple, dict | None] = {}
        self._futures: dict[tuple, Future] = {}
        self.extra: dict[str, Any] = {}

    # ---- the redactor --------------------------------------------------------------

    def build_redactor(self, build: Callable[[], Redactor], then: tuple[Callable[[], Any], ...] = ()) -> None:
        """Build the redactor in a thread of its own (compiling its rule sets is CPU the first
        rounds of requests need not wait for); objects added meanwhile are
        redacted in place as soon as it exists, and nothing is written before that. `then`
        runs next in that thread, in order (more CPU work for the time the collection waits on
        the server); `wait_background` waits for all of it."""
        def run() -> None:
            try:
                with LAZY_IMPORTS:          # not while an exec thread imports its modules (kube.py)
                    red = build()
            except BaseException as err:  # noqa: BLE001 - raised where the redactor is needed
                self._redactor_error = err
                self._redactor_ready.set()
                return
            with self._lock:
                self._redactor = red
                pending, self._unredacted = self._unredacted, []
                for items in pending:
                    for item in items:
                        red.obj(item)
                self._redactor_ready.set()
            for step in then:
                try:
                    step()
                except Exception:  # noqa: BLE001 - an optimisation only: the caller does it again if needed
                    pass
        # Two threads importing one package at once can leave one with a half-initialised module
        # ("cannot import name 'parse_dict_header' from partially initialized module
        # 'requests.utils'"): the build (detect-secrets' plugins, when one must be imported) and the
        # exec modules (websocket, kubernetes.stream) each import under kube.LAZY_IMPORTS.
        self._redactor_thread = threading.Thread(target=run, name="redactor", daemon=True)
        self._redactor_thread.start()

    def wait_background(self) -> None:
        """Wait until the redactor's thread has done its `then` steps too."""
        if self._redactor_thread is not None:
            self._redactor_thread.join()

    @property
    def redactor(self) -> Redactor:
        """The redactor, once it exists (waits for `build_redactor`)."""
        if not self._redactor_ready.is_set():
            self._redactor_ready.wait()
        if self._redactor_error is not None:
            raise self._redactor_error
        assert self._redactor is not None
        return self._redactor

    def _redact_now(self, items: list[dict]) -> bool:
        """Redact in place if the redactor exists (outside the lock: CPU), else False."""
        if not self._redactor_ready.is_set():
            return False
        red = self.redactor
        for item in items:
            red.obj(item)
        return True

    def _redact_or_defer(self, items: list[dict]) -> None:
        """With self._lock held: redact now (it came meanwhile), or keep for the redactor."""
        if self._redactor is not None:
            for item in items:
                self._redactor.obj(item)
        elif self._redactor_error is None:
            self._unredacted.append(items)

    # ---- concurrency -----------------------------------------------------------

    def submit(self, fn: Callable, *args, **kw) -> Future:
        return self.pool.submit(fn, *args, **kw)

    def submit_once(self, key: tuple, fn: Callable, *args, **kw) -> Future:
        """Submit `fn` the first time `key` is asked for; later calls get the same future.
        Lets a read start as early as its inputs are known (before the code that needs its
        result runs) without being made twice."""
        with self._lock:
            fut = self._futures.get(key)
            if fut is None:
                fut = self._futures[key] = self.pool.submit(fn, *args, **kw)
            return fut

    def gather(self, futures: list[Future]) -> list[Any]:
        """Wait for every future; a bug in one collector is recorded, never raised."""
        results = []
        for fut in futures:
            try:
                results.append(fut.result())
            except ApiFailure as failure:  # a collector let one escape: still evidence
                self.run("internal").errors.append(f"{failure.path}: {failure.reason}: {failure.message}")
                results.append(None)
            except TriageError:
                raise
            except Exception as err:  # noqa: BLE001 - an odd object from the cluster must not stop the rest
                self.run("internal").errors.append(f"{type(err).__name__}: {str(err)[:200]}")
                results.append(None)
        return results

    def once(self, *key) -> bool:
        """True the first time `key` is seen: the same read is never made twice in one run."""
        with self._lock:
            if key in self._seen:
                return False
            self._seen.add(key)
            return True

    def remember(self, key: tuple, obj: dict | None) -> None:
        with self._lock:
            self._objects[key] = obj

    def remembered(self, key: tuple, wait: float = 5.0) -> dict | None:
        """An object another collector fetched (or is fetching) under `key`."""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            with self._lock:
                if key in self._objects:
                    return self._objects[key]
            time.sleep(0.01)
        return None

    # ---- collectors' bookkeeping --------------------------------------------------

    def run(self, name: str) -> CollectorRun:
        with self._lock:
            if name not in self._runs:
                self._runs[name] = CollectorRun(name)
            return self._runs[name]

    @contextmanager
    def collector(self, name: str) -> Iterator[CollectorRun]:
        run = self.run(name)
        self.progress.start(name)
        try:
            yield run
        finally:
            self.progress.done(name)

    def failed(self, collector: str, piece: str, failure: ApiFailure, needs: str, what: str | None = None) -> None:
        """A piece could not be collected: `<piece>-errors.json` and a gap naming what would close it."""
        run = self.run(collector)
        with self._lock:
            run.errors.append(f"{piece}: {failure.reason}")
            run.last = time.monotonic()
        with self._lock:
            entry = self._errors.setdefault(piece, {"reason": failure.reason, "errors": []})
            entry["errors"].append(failure.describe())
            run.files.add(layout.errors_path(piece))
        detail = f"{what or piece}: {failure.message}" if failure.message else (what or piece)
        self.writer.add_gap(collector, failure.reason, detail, needs if failure.reason in
                            ("Forbidden", "Unauthorized") else _needs_for(failure, needs))

    def ok(self, collector: str, *paths: str) -> None:
        run = self.run(collector)
        with self._lock:
            run.successes += 1
            run.files.update(paths)
            run.last = time.monotonic()

    def skip(self, collector: str, why: str) -> None:
        run = self.run(collector)
        with self._lock:
            run.skipped = why

    # ---- objects -----------------------------------------------------------------

    def add_items(self, path: str, list_kind: str, api_version: str, items: list[dict]) -> None:
        """Merge objects into the list file at `path` (deduplicated by uid or namespace/name)."""
        deferred = not self._redact_now(items)
        with self._lock:
            if deferred:
                self._redact_or_defer(items)
            doc = self._lists.setdefault(path, {"apiVersion": api_version, "kind": list_kind, "items": {}})
            for item in items:
                doc["items"][_key(item)] = item

    def add_custom(self, path: str, items: list[dict]) -> None:
        deferred = not self._redact_now(items)
        with self._lock:
            if deferred:
                self._redact_or_defer(items)
            bucket = self._arrays.setdefault(path, {})
            for item in items:
                bucket[_key(item)] = item

    def write_text(self, collector: str, path: str, text: str) -> str:
        self.writer.write_text(path, self.redactor.text(text))
        self.ok(collector, path)
        return path

    # ---- the end -----------------------------------------------------------------

    def finish(self, target: dict | None) -> Path:
        self.pool.shutdown(wait=True)
        red = self.redactor                     # built, and everything added before it redacted
        for path, doc in sorted(self._lists.items()):
            items = sorted(doc["items"].values(), key=_sort_key)
            self.writer.write_json(path, {"apiVersion": doc["apiVersion"], "kind": doc["kind"],
                                          "metadata": {}, "items": items})
        for path, bucket in sorted(self._arrays.items()):
            self.writer.write_json(path, sorted(bucket.values(), key=_sort_key))
        for piece, entry in sorted(self._errors.items()):
            self.writer.write_error(piece, entry["errors"], entry["reason"])
        for run in self._runs.values():
            status = ("skipped" if run.skipped and not run.errors and not run.successes else
                      "ok" if not run.errors else "partial" if run.successes else "failed")
            error = "; ".join(run.errors[:5]) + (f"; +{len(run.errors) - 5} more" if len(run.errors) > 5 else "") \
                if run.errors else run.skipped
            self.writer.add_collector(run.name, status, max(0.0, (run.last or run.started) - run.started),
                                      run.files, error)
        stats = self.kube.stats
        self.extra.setdefault("collection", {}).update({
            "requests": stats.requests, "retries": stats.retries, "bytes_read": stats.bytes,
            "duration_s": round(self.kube.budget.elapsed(), 3), "budget_s": self.kube.budget.seconds,
            "budget_exceeded": self.kube.budget.expired(),
            "limits": {"log_tail_lines": self.options.log_tail_lines,
                       "log_limit_bytes": self.options.log_limit_bytes,
                       "exec": self.options.exec}})
        self.writer.write_manifest(target, red.report(), extra=self.extra)
        return self.writer.root


def _key(item: dict) -> str:
    meta = item.get("metadata") or {}
    return str(meta.get("uid") or f"{meta.get('namespace', '')}/{meta.get('name', '')}")


def _sort_key(item: dict) -> tuple:
    meta = item.get("metadata") or {}
    return (str(meta.get("namespace") or ""), str(meta.get("name") or ""))


def _needs_for(failure: ApiFailure, needs: str) -> str:
    """What would close a gap, by the kind of failure: a permission only for 401/403 (the
    caller keeps `needs` as is there); 404 is not installed or gone, 400 the server's own reason."""
    if failure.reason == "NotFound":
        return "nothing to grant: the server has no such object or API (404: not installed, or gone)"
    if failure.reason == "BadRequest":
        return f"nothing to grant: the server refused the request (400: {failure.message})"
    if failure.reason in ("Timeout", "BudgetExceeded"):
        return f"{needs} (not answered in time: raise --request-timeout or --timeout)"
    if failure.reason in ("TooManyRequests", "ServerError", "Unreachable"):
        return f"{needs} (the API server failed: retry later)"
    return needs
