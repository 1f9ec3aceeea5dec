"""Write a bundle (shared/contracts/bundle-v1.md) to a directory, then optionally
pack it as a .tar.gz of one top folder.

Paths come from triage.bundle.layout; the writer refuses any path that is
absolute or climbs out with `..`. JSON is written compactly (a 100,000-pod
list is large enough already).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import posixpath
import tarfile
import threading
from pathlib import Path
from typing import Iterable, Mapping

from triage import TOOL_NAME, __version__
from triage.bundle import layout


class BundleWriter:
    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.collectors: list[dict] = []
        self.gaps: list[dict] = []
        self._lock = threading.Lock()

    def _full(self, path: str) -> Path:
        norm = posixpath.normpath(path)
        if path.startswith("/") or norm.startswith("..") or norm != path:
            raise ValueError(f"refusing to write bundle path {path!r}")
        full = self.root / path
        full.parent.mkdir(parents=True, exist_ok=True)
        return full

    def write_bytes(self, path: str, data: bytes) -> str:
        self._full(path).write_bytes(data)
        return path

    def write_text(self, path: str, text: str) -> str:
        return self.write_bytes(path, text.encode("utf-8"))

    def write_json(self, path: str, obj) -> str:
        return self.write_bytes(path, json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))

    def write_error(self, piece: str, errors: Iterable[str], reason: str) -> str:
        """`<piece>-errors.json` beside a piece that could not be collected."""
        return self.write_json(layout.errors_path(piece), {"reason": reason, "errors": list(errors)})

    def write_exec(self, namespace: str, pod: str, container: str, command: list[str],
                   stdout: str, stderr: str, exit_code: int | None, error: str | None) -> layout.ExecPaths:
        paths = layout.exec_paths(namespace, pod, container, layout.command_slug(command))
        self.write_text(paths.stdout, stdout)
        self.write_text(paths.stderr, stderr)
        self.write_json(paths.meta, {"command": list(command), "exit_code": exit_code, "error": error})
        return paths

    def add_collector(self, name: str, status: str, duration_s: float, files: Iterable[str] = (),
                      error: str | None = None) -> None:
        with self._lock:
            self.collectors.append({"name": name, "status": status, "duration_s": round(duration_s, 3),
                                    "error": error, "files": sorted(files)})

    def add_gap(self, collector: str, reason: str, detail: str, needs: str) -> None:
        with self._lock:
            self.gaps.append({"collector": collector, "reason": reason, "detail": detail, "needs": needs})

    def write_manifest(self, target: Mapping | None, redaction: Mapping | None = None,
                       created_at: str | None = None, extra: Mapping | None = None) -> str:
        manifest = {
            "format": layout.FORMAT_NAME,
            "version": layout.FORMAT_VERSION,
            "created_at": created_at or _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "tool": {"name": TOOL_NAME, "version": __version__},
            "target": dict(target) if target else None,
            "collectors": sorted(self.collectors, key=lambda c: c["name"]),
            "gaps": self.gaps,
            "redaction": dict(redaction or {"rules": [], "count": 0}),
        }
        if extra:
            manifest.update(extra)
        path = self._full(layout.MANIFEST)
        path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        return layout.MANIFEST

    def pack(self, out: str | os.PathLike, top: str | None = None) -> Path:
        """Pack the directory as a .tar.gz whose members sit under one top folder."""
        out = Path(out)
        top = top or out.name.removesuffix(".tar.gz").removesuffix(".tgz") or "bundle"
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:
            for dirpath, _dirs, names in os.walk(self.root):
                for name in sorted(names):
                    full = Path(dirpath, name)
                    rel = full.relative_to(self.root).as_posix()
                    tar.add(full, arcname=f"{top}/{rel}", recursive=False)
        return out
