"""Open a bundle safely: a directory, or a .tar.gz of one directory.

A bundle comes from someone else. Opening one
- never writes outside a temporary folder of its own (tarballs are unpacked
  member by member into it, never with TarFile.extractall),
- refuses members with absolute paths or `..`, links that point out of the
  bundle, device files and FIFOs, more files or bytes than the limits, and a
  decompression ratio past the limit, with a one-line error naming the member,
- skips links that stay inside (troubleshoot's `all-logs/` points into
  `cluster-resources/pods/logs/`; the real file is read there).
"""

from __future__ import annotations

import os
import posixpath
import shutil
import stat
import zlib
from msgspec import Struct
from pathlib import Path

from triage.errors import BundleError, UnsafeBundleError


class Limits(Struct, frozen=True):
    """What opening and reading a bundle may cost. The defaults fit a 2 GB container (the
    unpacked bundle may sit in a memory-backed $TMPDIR) and are far above any real bundle:
    ours cap each log at 10,000 lines / 5 MB, and a 100,000-pod bundle is 181 MB of JSON.
    Opening refuses a bundle past the first group; reading keeps within the second and
    records a Problem for each file it cut. Each can be changed with an environment variable
    GPU_TRIAGE_LIMIT_<NAME> (e.g. GPU_TRIAGE_LIMIT_MAX_TOTAL_BYTES=4294967296)."""

    # opening (refused past these)
    max_files: int = 200_000
    max_file_bytes: int = 1024**3
    max_total_bytes: int = 1024**3
    max_ratio: float = 200.0       # uncompressed bytes / compressed bytes, whole archive (past 64 MiB)
    max_depth: int = 64            # folders in a member's path (ours nest 7 deep)
    max_path: int = 1024           # characters in a member's path
    # reading (cut past these, with a Problem)
    max_text_bytes: int = 8 * 1024**2      # a log or command output: its last 8 MiB are read
    max_line_chars: int = 64 * 1024        # a longer line is cut here
    max_text_lines: int = 100_000          # of a text file, the last lines kept (ours: 10,000 per log)
    max_json_bytes: int = 64 * 1024**2     # a larger JSON list is read item by item up to here
    max_items: int = 200_000               # objects read from one JSON list file
    max_events: int = 20_000               # events read from one namespace's list (~100 us each to judge)
    max_name_chars: int = 253              # a Kubernetes name (DNS subdomain); longer ones are cut

    @classmethod
    def from_env(cls, environ=None) -> "Limits":
        environ = os.environ if environ is None else environ
        values = {}
        for name, default in zip(cls.__struct_fields__, cls.__struct_defaults__):
            raw = environ.get(f"GPU_TRIAGE_LIMIT_{name.upper()}")
            if raw is None:
                continue
            try:
                values[name] = float(raw) if isinstance(default, float) else int(raw)
            except ValueError:
                raise BundleError(f"GPU_TRIAGE_LIMIT_{name.upper()}={raw!r} is not a number") from None
        return cls(**values)


DEFAULT_LIMITS = Limits()


class OpenedBundle:
    """A bundle's root folder on disk; `close()` removes what we unpacked."""

    def __init__(self, root: Path, source: Path, tmpdir: str | None):
        self.root = root
        self.source = source
        self._tmpdir = tmpdir

    def close(self) -> None:
        if self._tmpdir:
            shutil.rmtree(self._tmpdir, ignore_errors=True)
            self._tmpdir = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def open_bundle(path: str | os.PathLike, limits: Limits | None = None) -> OpenedBundle:
    limits = limits or Limits.from_env()
    source = Path(path)
    if not source.exists():
        raise BundleError(f"bundle not found: {source}")
    if source.is_dir():
        _check_directory(source, limits)
        return OpenedBundle(source.resolve(), source, None)
    import tarfile, tempfile        # an archive only: a directory bundle never pays for them
    if not tarfile.is_tarfile(source):
        raise BundleError(f"{source} is neither a bundle directory nor a .tar.gz archive")
    tmpdir = tempfile.mkdtemp(prefix="gpu-triage-bundle-")
    try:
        root = _unpack(source, Path(tmpdir), limits)
    except BaseException:
        shutil.rmtree(tmpdir, ignore_errors=True)
        raise
    return OpenedBundle(root, source, tmpdir)


def _check_directory(root: Path, limits: Limits) -> None:
    count = total = 0
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root).as_posix()
        if rel_dir.count("/") >= limits.max_depth or len(rel_dir) > limits.max_path:
            raise UnsafeBundleError(f"refused bundle member {rel_dir[:80]}...: path longer than {limits.max_path} "
                                    f"characters or deeper than {limits.max_depth} folders")
        for name in filenames:
            full = Path(dirpath, name)
            rel = full.relative_to(root).as_posix()
            st = full.lstat()
            if stat.S_ISLNK(st.st_mode):
                continue  # links are checked when read (see views.Bundle.read_bytes)
            if not stat.S_ISREG(st.st_mode):
                raise UnsafeBundleError(f"refused bundle member {rel}: not a regular file")
            count += 1
            # a folder is read in place: its bytes cost nothing until read, and reading is bounded
            # (max_text_bytes, max_json_bytes); only a tarball's are unpacked onto our disk
            _within_limits(rel, 0, count, 0, limits)


def _within_limits(name: str, size: int, count: int, total: int, limits: Limits) -> None:
    """Refuse the member `name` of `size` bytes when it makes the bundle `count` files
    and `total` bytes past the limits (directory and tarball alike)."""
    if count > limits.max_files:
        raise UnsafeBundleError(f"refused bundle: more than {limits.max_files} files (at {name})")
    if size > limits.max_file_bytes:
        raise UnsafeBundleError(f"refused bundle member {name}: {size} bytes is over the limit of {limits.max_file_bytes}")
    if total > limits.max_total_bytes:
        raise UnsafeBundleError(f"refused bundle: more than {limits.max_total_bytes} bytes (at {name})")


def _member_name(raw: str, limits: Limits = DEFAULT_LIMITS) -> str:
    name = raw.replace("\\", "/")
    if len(name) > limits.max_path or name.count("/") > limits.max_depth:
        raise UnsafeBundleError(f"refused bundle member {raw[:80]}...: path longer than {limits.max_path} "
                                f"characters or deeper than {limits.max_depth} folders")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise UnsafeBundleError(f"refused bundle member {raw}: absolute path")
    norm = posixpath.normpath(name)
    if norm == ".." or norm.startswith("../") or "/../" in f"/{name}/":
        raise UnsafeBundleError(f"refused bundle member {raw}: path climbs out with '..'")
    return "" if norm == "." else norm


def _unpack(source: Path, dest: Path, limits: Limits) -> Path:
    import tarfile
    compressed = max(source.stat().st_size, 1)
    count = total = 0
    tops: set[str] = set()
    try:
        tar = tarfile.open(source, mode="r:*")
    except (tarfile.TarError, OSError) as err:
        raise BundleError(f"cannot read {source}: {err}") from None
    with tar:
        try:
            for member in tar:
                name = _member_name(member.name, limits)
                if not name:
                    continue
                tops.add(name.split("/", 1)[0])
                if member.issym() or member.islnk():
                    target = member.linkname.replace("\\", "/")
                    base = posixpath.dirname(name) if member.issym() else ""
                    resolved = posixpath.normpath(posixpath.join(base, target))
                    if target.startswith("/") or resolved == ".." or resolved.startswith("../"):
                        raise UnsafeBundleError(
                            f"refused bundle member {member.name}: link points outside the bundle ({member.linkname})")
                    continue
                if member.isdir():
                    (dest / name).mkdir(parents=True, exist_ok=True)
                    continue
                if not member.isreg():
                    raise UnsafeBundleError(f"refused bundle member {member.name}: not a regular file or folder")
                count += 1
                total += member.size
                _within_limits(member.name, member.size, count, total, limits)
                if total / compressed > limits.max_ratio and total > 64 * 1024 * 1024:
                    raise UnsafeBundleError(
                        f"refused bundle member {member.name}: decompression ratio over {limits.max_ratio:g}")
                target_path = dest / name
                target_path.parent.mkdir(parents=True, exist_ok=True)
                src = tar.extractfile(member)
                if src is None:
                    raise UnsafeBundleError(f"refused bundle member {member.name}: unreadable")
                written = 0
                with src, open(target_path, "wb") as out:
                    while chunk := src.read(1 << 20):
                        written += len(chunk)
                        if written > member.size:
                            raise UnsafeBundleError(f"refused bundle member {member.name}: larger than its header says")
                        out.write(chunk)
        except (tarfile.TarError, EOFError, OSError, zlib.error) as err:
            raise BundleError(f"cannot read {source}: {err}") from None
    # A tarball of one folder: that folder is the root (support-bundle-<date>/...).
    root = dest
    if len(tops) == 1:
        only = dest / next(iter(tops))
        if only.is_dir():
            root = only
    return root.resolve()
