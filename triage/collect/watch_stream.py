"""The watch of GPU pods behind `gpu-triage watch`: list, then watch from the list's
resourceVersion, for as long as the process lives.

    kube = Kube.connect(kubeconfig, context, budget=Budget(FOREVER))
    pods = GpuPodWatch(kube, namespace=None)          # None: every namespace
    for event_type, pod in pods:                      # "ADDED" | "MODIFIED" | "DELETED", raw Pod dict
        ...
    pods.close()                                      # from another thread: the loop above ends

What the apiserver sends, one JSON object per line (read raw through the official
client, `Kube.open_stream`, and parsed here, never deserialised into the client's
model classes):

    {"type":"MODIFIED","object":{"kind":"Pod","metadata":{"name":"qwen-0","resourceVersion":"4012",...},...}}
    {"type":"BOOKMARK","object":{"kind":"Pod","metadata":{"resourceVersion":"4100"}}}
    {"type":"ERROR","object":{"kind":"Status","code":410,"reason":"Expired","message":"too old resource version: 100 (4012)"}}

- Only pods that request a GPU (nvidia.com/gpu, MIG or shared resources, DRA claims) are
  yielded; everything else is skipped while parsing.
- The watch resumes from the last resourceVersion it saw (events and bookmarks), asks
  for `allowWatchBookmarks` and a `timeoutSeconds`, and reconnects at once when the
  server ends the stream cleanly.
- 410 Gone (an ERROR event with code 410, or HTTP 410 when the watch opens): relist and
  resume; the relist yields ADDED for new pods, MODIFIED for changed ones and DELETED for
  pods that went away meanwhile, so the consumer never misses a state.
- A dropped connection, a 5xx or a 429: reconnect with exponential backoff and jitter
  (reset once the watch delivers again); a 429's Retry-After is honoured (up to the cap).
- `PodWarningEvents` watches Warning events about pods the same way (no history), so the
  watcher can re-judge a pod as soon as something happens to it.
- The very first list failing with 401/403/404 raises ClusterError (the watcher cannot
  work and should say why); later failures are retried forever, and `last_contact`
  (monotonic seconds) tells a health check whether the stream is alive.
"""

from __future__ import annotations

import json
import random
import threading
import time
from msgspec import Struct
from typing import Iterator

import urllib3

from triage.collect.kube import ApiFailure, Kube
from triage.collect.pods import requests_gpu
from triage.errors import ClusterError

FOREVER = 10.0 ** 12          # a Budget for a process that runs until it is stopped
WATCH_TIMEOUT_S = 300         # timeoutSeconds asked of the apiserver per watch request


class StreamStats(Struct):
    lists: int = 0            # full lists (the first one and every relist)
    watches: int = 0          # watch requests opened
    events: int = 0           # ADDED/MODIFIED/DELETED lines received (any pod)
    bookmarks: int = 0
    expired: int = 0          # 410s (ERROR event or HTTP)
    reconnects: int = 0       # after a drop or an error, with backoff


class GpuPodWatch:
    """Iterate ("ADDED"|"MODIFIED"|"DELETED", pod) for GPU pods until `close()`."""

    WHAT = "pods"

    def __init__(self, kube: Kube, namespace: str | None = None, *, watch_timeout_s: int = WATCH_TIMEOUT_S,
                 backoff_s: float = 0.5, backoff_max_s: float = 30.0, page_size: int = 500):
        self.kube = kube
        self.namespace = namespace
        self.watch_timeout_s = int(watch_timeout_s)
        self.backoff_s = backoff_s
        self.backoff_max_s = backoff_max_s
        self.page_size = page_size
        self.stats = StreamStats()
        self.last_contact = 0.0                  # monotonic time of the last sign of life; 0 = never
        self.resource_version: str | None = None
        self._known: dict[tuple[str, str], str] = {}   # GPU pods seen: (ns, name) -> resourceVersion
        self._stop = threading.Event()
        self._response: urllib3.BaseHTTPResponse | None = None
        self._retry_after: float | None = None       # a 429's Retry-After, honoured before reconnecting
        self._delivered = False                      # the current watch received at least one line
        self._lock = threading.Lock()

    @property
    def path(self) -> str:
        return f"/api/v1/namespaces/{self.namespace}/pods" if self.namespace else "/api/v1/pods"

    # ---- lifecycle ---------------------------------------------------------------
    def close(self) -> None:
        """Stop: the iterator ends at its next step; an open watch is cut now."""
        self._stop.set()
        with self._lock:
            resp = self._response
        if resp is not None:
            try:
                shutdown = getattr(resp, "shutdown", None)
                (shutdown or resp.close)()
            except Exception:  # noqa: BLE001 - best effort from another thread
                pass

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    def __iter__(self) -> Iterator[tuple[str, dict]]:
        delay = self.backoff_s
        first = True
        while not self._stop.is_set():
            if self.resource_version is None:
                try:
                    yield from self._relist()
                except ApiFailure as failure:
                    if first and failure.status in (401, 403, 404):
                        raise ClusterError(f"cannot list {self.WHAT} to watch them: {failure.describe()} "
                                           f"(the watcher needs list and watch on {self.WHAT})") from None
                    self.stats.reconnects += 1
                    self._stop.wait(self._jitter(delay))
                    delay = min(delay * 2, self.backoff_max_s)
                    continue
                first = False
            outcome = yield from self._watch_once()
            if outcome == "expired":
                self.resource_version = None            # relist at once
                delay = self.backoff_s
            elif outcome == "ended":
                delay = self.backoff_s                  # server closed cleanly: rewatch now
            elif outcome == "failed":
                if self._delivered:
                    delay = self.backoff_s              # it worked for a while: start the backoff over
                self.stats.reconnects += 1
                wait = max(self._jitter(delay), min(self._retry_after or 0.0, self.backoff_max_s))
                self._retry_after = None
                self._stop.wait(wait)
                delay = min(delay * 2, self.backoff_max_s)

    @staticmethod
    def _jitter(delay: float) -> float:
        return delay * (0.5 + random.random())

    # ---- list ----------------------------------------------------------------------
    def _relist(self) -> Iterator[tuple[str, dict]]:
        """Every GPU pod now, as a diff against what the consumer already saw."""
        rv: str | None = None
        seen: dict[tuple[str, str], str] = {}
        found: list[tuple[str, dict]] = []
        for page in self.kube.list_pages(self.path, None, page_size=self.page_size):
            if rv is None:
                rv = str((page.get("metadata") or {}).get("resourceVersion") or "")
            for pod in page.get("items") or ():
                if not isinstance(pod, dict) or not requests_gpu(pod):
                    continue
                key, pod_rv = _key_rv(pod)
                seen[key] = pod_rv
                old = self._known.get(key)
                if old is None:
                    found.append(("ADDED", pod))
                elif old != pod_rv:
                    found.append(("MODIFIED", pod))
        gone = [k for k in self._known if k not in seen]
        self.stats.lists += 1
        self.last_contact = time.monotonic()
        self._known = seen
        self.resource_version = rv or "0"
        yield from found
        for ns, name in gone:
            yield "DELETED", {"apiVersion": "v1", "kind": "Pod", "metadata": {"namespace": ns, "name": name}}

    # ---- watch ---------------------------------------------------------------------
    def _open(self):
        query = {"watch": "true", "resourceVersion": self.resource_version, "allowWatchBookmarks": "true",
                 "timeoutSeconds": str(self.watch_timeout_s)}
        return self.kube.open_stream(self.path, query, read_timeout=self.watch_timeout_s + 30.0)

    def _watch_once(self):
        """One watch request. Returns "ended" (clean end), "expired" (410: relist),
        "failed" (reconnect with backoff) or "stopped"."""
        self.stats.watches += 1
        self._delivered = False
        try:
            resp = self._open()
        except ApiFailure as failure:
            if failure.status == 410:
                self.stats.expired += 1
                return "expired"
            self._retry_after = getattr(failure, "retry_after", None) if failure.status == 429 else None
            return "failed"
        with self._lock:
            self._response = resp
        if self._stop.is_set():          # closed while opening
            resp.close()
            return "stopped"
        buf = b""
        outcome = "ended"
        try:
            for chunk in resp.stream(65536, decode_content=True):
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for line in lines:
                    result = yield from self._line(line)
                    if result is not None:
                        return result
                if self._stop.is_set():
                    return "stopped"
            if buf.strip():
                result = yield from self._line(buf)
                if result is not None:
                    return result
        except (urllib3.exceptions.HTTPError, OSError, ValueError, AttributeError):
            outcome = "stopped" if self._stop.is_set() else "failed"
        finally:
            with self._lock:
                self._response = None
            try:
                resp.release_conn()
            except Exception:  # noqa: BLE001
                pass
        if outcome == "ended":
            self.last_contact = time.monotonic()
        return outcome

    def _line(self, line: bytes):
        """Handle one watch event line; a generator yielding what the consumer gets.
        Returns None to go on, or the outcome that ends this watch."""
        if not line.strip():
            return None
        try:
            event = json.loads(line)
            kind = event["type"]
            obj = event["object"]
            if not isinstance(obj, dict):
                raise TypeError("object is not a JSON object")
        except (ValueError, KeyError, TypeError):
            return "failed"                  # a garbled stream: reconnect from the last good version
        self.last_contact = time.monotonic()
        self._delivered = True
        if kind == "ERROR":
            code = obj.get("code")
            if code == 410 or obj.get("reason") in ("Expired", "Gone"):
                self.stats.expired += 1
                return "expired"
            return "failed"
        rv = (obj.get("metadata") or {}).get("resourceVersion")
        if kind == "BOOKMARK":
            self.stats.bookmarks += 1
            if rv:
                self.resource_version = str(rv)
            return None
        if kind not in ("ADDED", "MODIFIED", "DELETED"):
            return None
        self.stats.events += 1
        if rv:
            self.resource_version = str(rv)
        yield from self._emit(kind, obj)
        return None

    def _emit(self, kind: str, obj: dict):
        """What the consumer gets for one ADDED/MODIFIED/DELETED object (a generator)."""
        key, pod_rv = _key_rv(obj)
        if kind == "DELETED":
            if self._known.pop(key, None) is not None:
                yield "DELETED", obj
            return None
        if not requests_gpu(obj):
            return None
        kind = "MODIFIED" if key in self._known else "ADDED"
        self._known[key] = pod_rv
        yield kind, obj
        return None


class PodWarningEvents(GpuPodWatch):
    """Warning events about pods, as they happen: ("EVENT", event_raw).

    No history: it starts at the current resourceVersion (a one-item list) and, after a
    410, starts again from the then-current one; missing a few events costs nothing, the
    watcher's sweep re-judges every pod anyway. The watcher uses them to re-judge the
    pod an event is about at once (e.g. FailedCreatePodSandBox on a pod stuck starting)."""

    SELECTOR = "involvedObject.kind=Pod,type=Warning"
    WHAT = "events"

    @property
    def path(self) -> str:
        return f"/api/v1/namespaces/{self.namespace}/events" if self.namespace else "/api/v1/events"

    def _relist(self) -> Iterator[tuple[str, dict]]:
        page = self.kube.get_json(self.path, {"limit": 1, "fieldSelector": self.SELECTOR})
        self.stats.lists += 1
        self.last_contact = time.monotonic()
        self.resource_version = str((page.get("metadata") or {}).get("resourceVersion") or "0")
        yield from ()

    def _open(self):
        query = {"watch": "true", "resourceVersion": self.resource_version, "allowWatchBookmarks": "true",
                 "timeoutSeconds": str(self.watch_timeout_s), "fieldSelector": self.SELECTOR}
        return self.kube.open_stream(self.path, query, read_timeout=self.watch_timeout_s + 30.0)

    def _emit(self, kind: str, obj: dict):
        involved = obj.get("involvedObject")
        if kind != "DELETED" and isinstance(involved, dict) and involved.get("kind") == "Pod":
            yield "EVENT", obj
        return None


def _key_rv(pod: dict) -> tuple[tuple[str, str], str]:
    meta = pod.get("metadata") or {}
    return (str(meta.get("namespace") or ""), str(meta.get("name") or "")), str(meta.get("resourceVersion") or "")


__all__ = ["GpuPodWatch", "PodWarningEvents", "StreamStats", "FOREVER", "WATCH_TIMEOUT_S"]
