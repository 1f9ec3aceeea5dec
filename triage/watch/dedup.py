"""Post each diagnosis once: a store of what was posted, keyed by
(cluster, target, root-cause id, evidence fingerprint), kept for a TTL.

The store is a JSON file on a volume (written atomically: temp file + rename),
not a ConfigMap: the watcher's service account is read-only by design (get,
list, watch, pods/log, pods/exec) and writing a ConfigMap would need `update`
on configmaps. A PersistentVolumeClaim (or an emptyDir, which survives
container restarts but not pod rescheduling) keeps it across restarts.

The fingerprint ignores what changes every minute (digits: counts, ages,
timestamps, pids) so "x150 over 12h" and "x151 over 12h" are the same
diagnosis, while a different root cause or different evidence files are not.
"""

from __future__ import annotations

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
    target = doc.get("target") or {}
    root = doc.get("root_cause") or {}
    who = f"{target.get('kind')}/{target.get('namespace') or ''}/{target.get('name')}"
    return f"{cluster}|{who}|{root.get('id') or doc.get('status')}|{fingerprint(doc)}"


class DedupStore:
    def __init__(self, path: str | os.PathLike | None, ttl_s: float = 6 * 3600,
                 clock: Callable[[], float] = time.time):
        self.path = Path(path) if path else None
        self.ttl_s = ttl_s
        self._clock = clock
        self._lock = threading.Lock()
        self._posted: dict[str, float] = {}
        if self.path and self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                self._posted = {str(k): float(v) for k, v in data.get("posted", {}).items()}
            except (ValueError, OSError, AttributeError):
                self._posted = {}  # a corrupt store costs at most one duplicate post

    def should_post(self, key: str) -> bool:
        """True (and remembered) the first time within the TTL; False after."""
        now = self._clock()
        with self._lock:
            self._posted = {k: t for k, t in self._posted.items() if now - t < self.ttl_s}
            if key in self._posted:
                return False
            self._posted[key] = now
            self._save()
            return True

    def forget(self, key: str) -> None:
        """Undo should_post when the post itself failed, so the next attempt posts."""
        with self._lock:
            self._posted.pop(key, None)
            self._save()

    def check_writable(self) -> None:
        """Write the store now: a watcher that cannot remember what it posted must not start
        (it would post nothing, every post failing). Raises TriageError with one line."""
        try:
            with self._lock:
                self._save()
        except OSError as err:
            raise TriageError(f"cannot write the dedup state {self.path}: {err.strerror or err}") from None

    def _save(self) -> None:
        if not self.path:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".dedup-")
        with os.fdopen(fd, "w") as f:
            json.dump({"posted": self._posted}, f)
        os.replace(tmp, self.path)
