"""Progress of a collection on a terminal (rich status line on stderr); silent otherwise."""

from __future__ import annotations

import sys
import threading


class Progress:
    def __init__(self, enabled: bool | None = None, warnings: bool = True):
        self.warnings = warnings
        if enabled is None:
            enabled = sys.stderr.isatty()
        self.enabled = enabled
        self._running: dict[str, int] = {}
        self._done = 0
        self._lock = threading.Lock()
        self._status = None
        if enabled:
            from rich.console import Console
            self._status = Console(stderr=True).status("collecting")
            self._status.start()

    def _render(self) -> None:
        if self._status is not None:
            names = ", ".join(sorted(self._running)) or "finishing"
            self._status.update(f"collecting ({self._done} done): {names}")

    def start(self, name: str) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._running[name] = self._running.get(name, 0) + 1
            self._render()

    def done(self, name: str) -> None:
        if not self.enabled:
            return
        with self._lock:
            left = self._running.get(name, 1) - 1
            if left <= 0:
                self._running.pop(name, None)
            else:
                self._running[name] = left
            self._done += 1
            self._render()

    def warn(self, message: str) -> None:
        """Always shown (stderr), terminal or not: the user should know before the bundle is read."""
        if self._status is not None:
            self._status.console.print(f"[yellow]warning:[/yellow] {message}")
        elif self.warnings:
            print(f"gpu-triage: warning: {message}", file=sys.stderr)

    def stop(self) -> None:
        if self._status is not None:
            self._status.stop()
            self._status = None
