"""The long-running watcher: pod events in, one Slack post per new diagnosis out.

    events  --(trigger_for)-->  bounded queue  --(workers: triage)-->  dedup  --(rate limit)-->  post

- `events` yields ("ADDED"|"MODIFIED"|"DELETED", pod_raw) and handles watch
  expiry itself (relist on 410 Gone, reconnect with backoff): see
  triage/collect/watch_stream.py. The watcher only judges and schedules.
- A pod is triaged at most once per `retriage_s` and never twice at the same
  time; a periodic sweep re-judges known pods, so a pod that stays Pending past
  the grace period is noticed without a new event. A pod that is over (phase
  Failed) is triaged again only when the pod object changed: thousands of failed
  Jobs must not cost a collection each every few minutes.
- The queue is bounded: when full, new triggers are dropped and counted (the
  sweep brings them back later).
- Posts are rate-limited (`min_post_interval_s`) and deduplicated by
  (cluster, target, root-cause id, evidence fingerprint) within a TTL, write-ahead:
  the intent is on disk before the post and committed after it, so a run killed
  while a post waits leaves the intent, and the next run re-posts it at start.
"""

from __future__ import annotations

import datetime as dt
import queue
import threading
import time
from msgspec import Struct, field
from typing import Callable, Iterable, Mapping

from triage.bundle.objects.pod import Pod
from triage.watch.dedup import DedupStore, dedup_key
from triage.watch.triggers import Trigger, TriggerKind, trigger_for

FINAL = (TriggerKind.FAILED, TriggerKind.ADMISSION_FAILED)     # the pod will not change by itself


class WatchStats(Struct):
    events: int = 0
    triggers: int = 0
    dropped: int = 0
    triaged: int = 0
    posted: int = 0
    duplicates: int = 0
    errors: int = 0
    reposted: int = 0
    last_progress: float = field(default_factory=time.monotonic)


class Watcher:
    def __init__(self, *, events: Iterable[tuple[str, Mapping]], triage: Callable[[Trigger], Mapping],
                 post: Callable[[Mapping], None], store: DedupStore, cluster: str,
                 grace_s: float = 120.0, retriage_s: float = 300.0, max_queue: int = 100,
                 workers: int = 2, min_post_interval_s: float = 1.0, sweep_s: float = 30.0,
                 now: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.timezone.utc),
                 on_error: Callable[[Trigger, Exception], None] | None = None,
                 log: Callable[[str], None] | None = None,
                 on_result: Callable[[Trigger, Mapping, float], None] | None = None,
                 on_clear: Callable[[tuple[str, str]], None] | None = None):
        """on_result(trigger, doc, seconds): each triage's document (the /metrics view);
        on_clear((namespace, name)): the pod is judged healthy again, or was deleted."""
        self._events = events
        self._triage = triage
        self._post = post
        self.store = store
        self.cluster = cluster
        self.grace_s = grace_s
        self.retriage_s = retriage_s
        self.min_post_interval_s = min_post_interval_s
        self.sweep_s = sweep_s
        self._now = now
        self._on_error = on_error
        self._log = log or (lambda text: None)
        self._on_result = on_result
        self._on_clear = on_clear
        self._queue: queue.Queue[Trigger] = queue.Queue(maxsize=max_queue)
        self._pods: dict[tuple[str, str], Mapping] = {}
        self._inflight: set[tuple[str, str]] = set()
        self._last_triage: dict[tuple[str, str], float] = {}
        self._final_rv: dict[tuple[str, str], str] = {}   # failed pods triaged, at this resourceVersion
        self._lock = threading.Lock()
        self._post_lock = threading.Lock()
        self._last_post = 0.0
        self._repost: threading.Thread | None = None
        self.stop = threading.Event()
        self.stats = WatchStats()
        self._workers = [threading.Thread(target=self._work, name=f"triage-{i}", daemon=True)
                         for i in range(workers)]

    # ---- scheduling -----------------------------------------------------------------
    def _consider(self, raw: Mapping) -> None:
        pod = Pod(raw, "watch")
        trig = trigger_for(pod, self._now(), self.grace_s)
        if not trig:
            if self._on_clear is not None:
                meta = raw.get("metadata") or {}
                self._on_clear((str(meta.get("namespace") or ""), str(meta.get("name") or "")))
            return
        key = (trig.namespace, trig.pod)
        rv = str((raw.get("metadata") or {}).get("resourceVersion") or "")
        mono = time.monotonic()
        with self._lock:
            if key in self._inflight:
                return
            if trig.kind in FINAL and rv and self._final_rv.get(key) == rv:
                return
            last = self._last_triage.get(key)
            if last is not None and mono - last < self.retriage_s:
                return
            self._inflight.add(key)
            if trig.kind in FINAL:
                self._final_rv[key] = rv
        try:
            self._queue.put_nowait(trig)
            self.stats.triggers += 1
        except queue.Full:
            with self._lock:
                self._inflight.discard(key)
                self._final_rv.pop(key, None)
            self.stats.dropped += 1

    def handle_event(self, type_: str, raw: Mapping) -> None:
        self.stats.events += 1
        self.stats.last_progress = time.monotonic()
        meta = raw.get("metadata") or {}
        key = (str(meta.get("namespace") or ""), str(meta.get("name") or ""))
        if type_ == "DELETED":
            with self._lock:
                self._pods.pop(key, None)
                self._last_triage.pop(key, None)
                self._final_rv.pop(key, None)
                if self._on_clear is not None:
                    self._on_clear(key)
            return
        with self._lock:
            self._pods[key] = raw
        self._consider(raw)

    def nudge(self, namespace: str, name: str) -> None:
        """Something happened to this pod (a Warning event): re-judge it now, not at the
        next sweep. Unknown pods (not GPU pods) are ignored."""
        with self._lock:
            raw = self._pods.get((namespace, name))
        if raw is not None:
            self._consider(raw)

    def sweep(self) -> None:
        """Re-judge every known pod (grace periods expire without events)."""
        with self._lock:
            pods = list(self._pods.values())
        for raw in pods:
            self._consider(raw)
        self.stats.last_progress = time.monotonic()

    # ---- work ---------------------------------------------------------------------------
    def _work(self) -> None:
        while not self.stop.is_set() or not self._queue.empty():
            try:
                trig = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            key = (trig.namespace, trig.pod)
            try:
                started = time.monotonic()
                doc = self._triage(trig)
                self.stats.triaged += 1
                if self._on_result is not None:
                    with self._lock:      # a pod deleted while it was triaged has no open findings
                        if key in self._pods:
                            self._on_result(trig, doc, time.monotonic() - started)
                if doc.get("status") != "healthy":
                    self._maybe_post(doc)
            except Exception as err:  # one bad triage must not stop the watcher
                self.stats.errors += 1
                if self._on_error:
                    self._on_error(trig, err)
            finally:
                with self._lock:
                    self._inflight.discard(key)
                    self._last_triage[key] = time.monotonic()
                self._queue.task_done()

    def _maybe_post(self, doc: Mapping) -> None:
        key = dedup_key(self.cluster, doc)
        if not self.store.should_post(key, doc):
            self.stats.duplicates += 1
            return
        self._post_intended(key, doc)

    def _post_intended(self, key: str, doc: Mapping) -> None:
        """Post what the store holds as intended; commit it, or forget it when the post fails."""
        with self._post_lock:
            wait = self._last_post + self.min_post_interval_s - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            try:
                self._post(doc)
            except Exception:
                self.store.forget(key)
                raise
            self._last_post = time.monotonic()
            self.store.commit(key)
            self.stats.posted += 1

    def repost_pending(self) -> int:
        """Post, once, the diagnoses a killed run intended to post and never committed."""
        pending = self.store.take_pending()
        if pending:
            self._log(f"re-posting {len(pending)} diagnosis(es) an earlier run was killed while posting")
        done = 0
        for key, doc in pending:
            try:
                self._post_intended(key, doc)
            except Exception as err:  # forgotten: the next triage of that pod posts it
                self.stats.errors += 1
                self._log(f"re-post failed: {type(err).__name__}: {' '.join(str(err).split())[:300]}")
                continue
            done += 1
            self.stats.reposted += 1
        return done

    # ---- lifecycle ----------------------------------------------------------------------
    def run(self) -> WatchStats:
        """Consume events until they end or `stop` is set; then drain the queue."""
        for w in self._workers:
            w.start()
        self._repost = threading.Thread(target=self.repost_pending, name="repost", daemon=True)
        self._repost.start()
        sweeper = threading.Thread(target=self._sweep_loop, name="sweep", daemon=True)
        sweeper.start()
        try:
            for type_, raw in self._events:
                if self.stop.is_set():
                    break
                self.handle_event(type_, raw)
        finally:
            self.drain()
        return self.stats

    def discard_queued(self) -> int:
        """Shutdown: forget triggers not started yet (the sweep of the next run finds them
        again); triages already running finish. Returns how many were dropped."""
        dropped = 0
        while True:
            try:
                trig = self._queue.get_nowait()
            except queue.Empty:
                return dropped
            with self._lock:
                self._inflight.discard((trig.namespace, trig.pod))
            self._queue.task_done()
            dropped += 1

    def drain(self) -> None:
        self._queue.join()
        self.stop.set()
        for w in [*self._workers, *([self._repost] if self._repost else [])]:
            if w.is_alive():
                w.join(timeout=5)

    def _sweep_loop(self) -> None:
        while not self.stop.wait(self.sweep_s):
            self.sweep()

    def healthy(self, stale_after_s: float = 600.0) -> bool:
        return not self.stop.is_set() and time.monotonic() - self.stats.last_progress < stale_after_s
