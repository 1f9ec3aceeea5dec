"""Fault injection for the replay server, reproducible from a seed.

    Faults(seed=1, latency_ms=20, forbidden={"nodes", "pods/exec"}, rate_429=0.2)

Each decision is drawn from a generator seeded by (seed, method, path, query, n),
where n counts earlier identical requests: the same request sequence gets the
same faults, whatever the interleaving of concurrent clients.

- `latency_ms`: added to every answer.
- `forbidden`: resources answered with the RBAC 403: `pods`, `nodes`, `pods/log`,
  `pods/exec`, `pods/proxy`, `selfsubjectaccessreviews` (the review itself refused), a
  custom resource as `plural.group` (`clusterpolicies.nvidia.com`).
- `rate_429` (plain text + `Retry-After`), `rate_500`, `rate_503`: share of requests.
- `stall_paths`: glob patterns or substrings of the path; matching requests wait
  `stall_seconds` before answering (to run past a client timeout); `stall_rate`: the
  share of all requests that stall so.
- `drop_rate`: share of answers whose connection is cut after half the body.
"""

from __future__ import annotations

import fnmatch
import random
import threading
from collections import Counter
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Decision:
    latency_s: float = 0.0
    fail: int = 0            # 0, 429, 500 or 503
    stall_s: float = 0.0
    drop: bool = False


@dataclass
class Faults:
    seed: int = 0
    latency_ms: float = 0.0
    forbidden: frozenset[str] | set[str] = field(default_factory=frozenset)
    rate_429: float = 0.0
    rate_500: float = 0.0
    rate_503: float = 0.0
    stall_paths: tuple[str, ...] = ()
    stall_seconds: float = 30.0
    drop_rate: float = 0.0
    retry_after_s: int = 1
    stall_rate: float = 0.0

    def __post_init__(self):
        self.forbidden = frozenset(self.forbidden)
        for name in ("rate_429", "rate_500", "rate_503", "drop_rate", "stall_rate"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"Faults.{name} must be between 0 and 1, got {value}")
        self._seen: Counter = Counter()
        self._lock = threading.Lock()

    def is_forbidden(self, resource: str, group: str, subresource: str = "") -> bool:
        if not self.forbidden:
            return False
        names = {resource, f"{resource}.{group}" if group else resource}
        if subresource:
            names = {f"{n}/{subresource}" for n in names}
        return bool(names & self.forbidden)

    def decide(self, method: str, path: str, query: str) -> Decision:
        key = f"{method} {path}?{query}"
        with self._lock:
            n = self._seen[key]
            self._seen[key] += 1
        rng = random.Random(f"{self.seed}|{key}|{n}")
        fail = 0
        roll = rng.random()
        if roll < self.rate_429:
            fail = 429
        elif roll < self.rate_429 + self.rate_500:
            fail = 500
        elif roll < self.rate_429 + self.rate_500 + self.rate_503:
            fail = 503
        stall = self.stall_seconds if any(_path_matches(p, path) for p in self.stall_paths) else 0.0
        drop = rng.random() < self.drop_rate
        if self.stall_rate and rng.random() < self.stall_rate:   # drawn last: earlier draws stay as they were
            stall = self.stall_seconds
        return Decision(self.latency_ms / 1000.0, fail, stall, drop)


def _path_matches(pattern: str, path: str) -> bool:
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatchcase(path, pattern)
    return pattern in path
