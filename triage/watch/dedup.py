"""Post each diagnosis once: a store of what was posted, keyed by
(cluster, target, root-cause id, evidence fingerprint), kept for a TTL.

Posting is write-ahead: `should_post` records the intent (with the findings document) and
fsyncs it before the post; `commit` moves it to "posted" after Slack accepted it; `forget`
drops it when the post failed. A watcher killed while its post waits (429 + Retry-After,
retries, the minimum post interval) leaves an intent behind: the next start re-posts it
(`take_pending`), once - an intent already re-posted by an earlier start is dropped.

The store is a JSON file on a volume (written atomically: temp file, fsync, rename),
not a ConfigMap: the watcher's service account is read-only by design (get,
list, watch, pods/log, pods/exec) and writing a ConfigMap would need `update`
on configmaps. A PersistentVolumeClaim (or an emptyDir, which survives
container restarts but not pod rescheduling) keeps it across restarts.

The fingerprint ignores what changes every minute (digits: counts, ages,
timestamps, pids) so "x150 over 12h" and "x151 over 12h" are the same
diagnosis, while a different root cause or different evidence files are not.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable, Mapping

from triage.errors import TriageError

_DIGITS = re.compile(r"\d+")


def fingerprint(doc: Mapping) -> str:
    """Stable across re-collections of the same failure."""
    root = doc.get("root_cause") or {}
    parts = [str(root.get("id")), json.dumps(root.get("subject"), sort_keys=True)]
    for ev in sorted(root.get("evidence") or [], key=lambda e: (str(e.get("path")), str(e.get("excerpt")))):
        parts.append(str(ev.get("path")))
        parts.append(_DIGITS.sub("#", str(ev.get("excerpt", ""))))
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def dedup_key(cluster: str, doc: Mapping) -> str:
    """Per incident (triage.incidents): a root cause on its subject is posted once, however many
    pods it reaches (the second Pending pod of a node whose plugin cannot load NVML is the same
    incident); without a root cause, per target."""
    target = doc.get("target") or {}
    root = doc.get("root_cause") or {}
    if root.get("id"):
        from triage.incidents import subject_ref
        return f"{cluster}|{root['id']}@{subject_ref(root.get('subject'))}|{fingerprint(doc)}"
    who = f"{target.get('kind')}/{target.get('namespace') or ''}/{target.get('name')}"
    return f"{cluster}|{who}|{doc.get('status')}|{fingerprint(doc)}"


class DedupStore:
    def __init__(self, path: str | os.PathLike | None, ttl_s: float = 6 * 3600,
                 clock: Callable[[], float] = time.time):
        self.path = Path(path) if path else None
        self.ttl_s = ttl_s
        self._clock = clock
        self._lock = threading.Lock()
        self._posted: dict[str, float] = {}
        self._pending: dict[str, dict] = {}     # key -> {"t", "doc", "replayed"}: intended, not committed
        if self.path and self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                self._posted = {str(k): float(v) for k, v in data.get("posted", {}).items()}
                self._pending = {str(k): {"t": float(v["t"]), "doc": v.get("doc"), "replayed": bool(v.get("replayed"))}
                                 for k, v in (data.get("pending") or {}).items()}
            except (ValueError, OSError, AttributeError, KeyError, TypeError):
                self._posted, self._pending = {}, {}  # a corrupt store costs at most one duplicate post

    def should_post(self, key: str, doc: Mapping | None = None) -> bool:
        """True the first time within the TTL, and the intent (with `doc`) is on disk before
        this returns; False when the key was posted within the TTL or its post is under way."""
        now = self._clock()
        with self._lock:
            self._posted = {k: t for k, t in self._posted.items() if now - t < self.ttl_s}
            if key in self._posted or key in self._pending:
                return False
            self._pending[key] = {"t": now, "doc": dict(doc) if doc is not None else None, "replayed": False}
            self._save()
            return True

    def commit(self, key: str) -> None:
        """The post went out: remember it as posted (within the TTL)."""
        with self._lock:
            entry = self._pending.pop(key, None)
            self._posted[key] = self._clock() if entry is None else max(entry["t"], self._clock())
            self._save()

    def forget(self, key: str) -> None:
        """Undo should_post when the post itself failed, so the next attempt posts."""
        with self._lock:
            self._pending.pop(key, None)
            self._save()

    def take_pending(self) -> list[tuple[str, Mapping]]:
        """At start: the intents a killed run left behind, to post again now. Each is marked as
        re-posted (on disk) before it is returned, so a second kill does not post it a third
        time: intents already re-posted once are dropped instead. Intents older than the TTL
        and intents without a document are dropped too (the next triage posts them)."""
        now = self._clock()
        with self._lock:
            out = []
            for key, entry in list(self._pending.items()):
                if entry["replayed"] or entry["doc"] is None or now - entry["t"] >= self.ttl_s:
                    del self._pending[key]
                    continue
                entry["replayed"] = True
                out.append((key, entry["doc"]))
            self._save()
            return out

    def check_writable(self) -> None:
        """Write the store now: a watcher that cannot remember what it posted must not start
        (it would post nothing, every post failing). Raises TriageError with one line."""
        try:
            with self._lock:
                self._save()
        except OSError as err:
            raise TriageError(f"cannot write the dedup state {self.path}: {err.strerror or err}") from None

    def _save(self) -> None:
        """Temp file, fsync, rename over the store, fsync the directory: after a crash the
        store is the old one or the new one, never half of either."""
        if not self.path:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".dedup-")
        try:
            with os.fdopen(fd, "w") as f:
                json.dump({"posted": self._posted, "pending": self._pending}, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        with contextlib.suppress(OSError):
            dirfd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dirfd)
            finally:
                os.close(dirfd)
