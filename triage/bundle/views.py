"""A loaded bundle: typed, read-only access to everything in it.

    with load_bundle("incident.tar.gz") as b:
        for pod in b.pods(): ...
        log = b.log("llm", "vllm-0", "server", previous=True)

Files are read lazily and once. A file that is not valid JSON (or not UTF-8)
becomes a `Problem` for that file, never a crash of the whole analysis.
Reading never follows a link out of the bundle.
"""

from __future__ import annotations

import json
import os
import re
from msgspec import Struct
from functools import cached_property
from pathlib import Path
from typing import Iterator, Mapping

from triage import lazy_re
from triage.bundle import layout
from triage.bundle.objects.event import Event
from triage.bundle.objects.lazy import LazyPod, LazyWorkload
from triage.bundle.objects.list_items import fill_kind, item_kind, iter_items
from triage.bundle.objects.node import Node
from triage.bundle.objects.pod import Pod
from triage.bundle.objects.workload import GenericObject, Workload
from triage.bundle.quantity import finite
from triage.bundle.bounded import BoundedBytes, bound_names, bounded_bytes_file, bounded_text_file, read_json_file
from triage.bundle.lazy_list import OBJECT_SLIM, POD_SLIM, full_item, read_lazy_list, slim_decoder, slim_item
from triage.bundle.pod_rows import PodRow, pod_row
from triage.bundle.reader import DEFAULT_LIMITS, Limits, OpenedBundle, open_bundle
from triage.errors import BundleError, UnsafeBundleError


class Problem(Struct, frozen=True):
    """A file of the bundle that could not be used, and why."""

    path: str
    detail: str


# what str.splitlines splits on, as UTF-8 (\r\n counts once: subtracted where used)
_LINE_BOUNDARIES = (b"\n", b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", b"\xc2\x85", b"\xe2\x80\xa8",
                    b"\xe2\x80\xa9")


class LogText:
    """A text file of the bundle (container log, exec output, dmesg, DCGM scrape).
    `lines[i]` is line `first_line + i` of the file: citations use 1-based numbers.

    Read from a bundle it holds the file's bytes (`data`): the log scan runs on them and
    decodes only the lines it cites; `text` (invalid UTF-8 replaced) is decoded on first use."""

    __slots__ = ("path", "data", "first_line", "__dict__")

    def __init__(self, path: str, text: str | None = None, first_line: int = 1, data: bytes | None = None):
        self.path = path
        self.first_line = first_line  # the file's line number of lines[0] (past 1 when only its end was read)
        self.data = data
        if text is not None or data is None:
            self.__dict__["text"] = text or ""

    @cached_property
    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")

    @cached_property
    def lines(self) -> tuple[str, ...]:
        return tuple(self.text.splitlines())

    def tail(self, n: int) -> list[tuple[int, str]]:
        """(number in `lines`, line) of the last `n` lines. From held bytes only the tail is
        decoded: the lines before it are counted by the same boundaries `str.splitlines` splits on
        (their UTF-8 forms), so the numbers are the ones `lines` would give."""
        if self.data is None or "text" in self.__dict__ or "lines" in self.__dict__:
            lines = self.lines
            start = max(0, len(lines) - n)
            return list(enumerate(lines[start:], start + 1))
        data, cut = self.data, len(self.data)
        for _ in range(n + 1):
            cut = data.rfind(b"\n", 0, cut)
            if cut < 0:
                break
        head = cut + 1 if cut >= 0 else 0          # the tail starts after a newline: no sequence is split
        before = sum(data.count(b, 0, head) for b in _LINE_BOUNDARIES) - data.count(b"\r\n", 0, head)
        lines = data[head:].decode("utf-8", errors="replace").splitlines()
        start = max(0, len(lines) - n)
        return [(before + i + 1, line) for i, line in enumerate(lines[start:], start)]

    def mentions(self, *words: str) -> bool:
        """Whether any of `words` occurs in the file, read from its bytes when they are held
        (nothing decoded): a rule that looks at a few lines asks this before `lines`."""
        if self.data is not None and "text" not in self.__dict__:
            return any(w.encode() in self.data for w in words)
        return any(w in self.text for w in words)

    def scan_input(self) -> str | bytes:
        """What the log scan reads: the bytes when the file's are held (nothing decoded whole)."""
        return self.data if self.data is not None and "text" not in self.__dict__ else self.text

    def __eq__(self, other) -> bool:
        return isinstance(other, LogText) and (self.path, self.text, self.first_line) == (
            other.path, other.text, other.first_line)

    def __hash__(self) -> int:
        return hash((self.path, self.first_line))

    def __repr__(self) -> str:
        return f"LogText({self.path!r}, first_line={self.first_line})"


class ExecOutput(Struct, frozen=True):
    namespace: str
    pod: str
    container: str
    name: str                 # slug: nvidia-smi, nvidia-smi-q-x, nvidia-smi-L, dmesg
    command: tuple[str, ...]
    exit_code: int | None
    error: str | None
    stdout: LogText | None
    stderr: LogText | None


class CollectionError(Struct, frozen=True):
    """A `<path>-errors.json`: why a piece could not be collected."""

    path: str                 # the errors file
    piece: str                # the piece it stands for (path without -errors.json)
    errors: tuple[str, ...]
    reason: str               # forbidden | not_found | timeout | error


class Manifest(Struct, frozen=True):
    raw: Mapping

    @property
    def version(self) -> int | None:
        v = self.raw.get("version")
        return v if isinstance(v, int) else None

    @property
    def created_at(self) -> str:
        return str(self.raw.get("created_at") or "")

    @property
    def target(self) -> Mapping | None:
        t = self.raw.get("target")
        return t if isinstance(t, Mapping) else None

    @property
    def collectors(self) -> tuple[Mapping, ...]:
        """Each collector entry; a `duration_s` that is no finite number is dropped."""
        out = []
        for c in self.raw.get("collectors") or ():
            if isinstance(c, Mapping):
                if "duration_s" in c and finite(c["duration_s"]) is None:
                    c = {k: v for k, v in c.items() if k != "duration_s"}
                out.append(c)
        return tuple(out)

    @property
    def gaps(self) -> tuple[Mapping, ...]:
        return tuple(g for g in self.raw.get("gaps") or () if isinstance(g, Mapping))

    @property
    def redaction(self) -> Mapping:
        r = self.raw.get("redaction")
        return r if isinstance(r, Mapping) else {}


# `"\ud800"` is valid JSON but no Unicode text: the lone surrogate it decodes to crashes every
# writer (UnicodeEncodeError). Only a document holding such an escape is walked.
_SURROGATE_ESCAPE = lazy_re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE_SURROGATE = lazy_re.compile("[\ud800-\udfff]")


def _clean_str(s: str) -> str:
    return _LONE_SURROGATE.sub("\ufffd", s) if _LONE_SURROGATE.search(s) else s


def _without_lone_surrogates(doc):
    """`doc` with every lone surrogate in its strings and keys replaced by U+FFFD (iterative:
    the document may be deep)."""
    if isinstance(doc, str):
        return _clean_str(doc)
    root = [doc]
    stack = [(root, 0)]
    while stack:
        container, key = stack.pop()
        value = container[key]
        if isinstance(value, str):
            container[key] = _clean_str(value)
        elif isinstance(value, list):
            stack.extend((value, i) for i in range(len(value)))
        elif isinstance(value, dict):
            for k in list(value):
                if isinstance(k, str) and _LONE_SURROGATE.search(k):
                    value[_clean_str(k)] = value.pop(k)
            stack.extend((value, k) for k in value)
    return root[0]


class Bundle:
    """Read access to a bundle's root folder. Use `load_bundle()`."""

    def __init__(self, opened: OpenedBundle, limits: Limits | None = None):
        self._opened = opened
        self.limits = limits or DEFAULT_LIMITS
        self.root: Path = opened.root
        self.source: Path = opened.source
        self.problems: list[Problem] = []
        self._json_cache: dict[str, object] = {}
        self._lazy_cache: dict[str, tuple] = {}     # list path -> its rows (pods) or views (workloads)

    # ---- lifecycle -------------------------------------------------------------
    def close(self) -> None:
        self._opened.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- raw file access ---------------------------------------------------------
    @cached_property
    def files(self) -> tuple[str, ...]:
        """Every regular file, as a bundle path (posix, relative to the root), sorted."""
        out = []
        root = str(self.root)
        for dirpath, _dirs, names in os.walk(root):
            rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
            for name in names:
                full = os.path.join(dirpath, name)
                if os.path.islink(full) or not os.path.isfile(full):
                    continue
                path = name if rel_dir == "." else f"{rel_dir}/{name}"
                if _LONE_SURROGATE.search(path):    # a name that is not UTF-8: unreadable as text
                    self.problems.append(Problem(_clean_str(path), "not read: its name is not UTF-8"))
                    continue
                out.append(path)
        return tuple(sorted(out))

    @cached_property
    def _file_set(self) -> frozenset[str]:
        return frozenset(self.files)

    def exists(self, path: str) -> bool:
        return path in self._file_set

    def read_bytes(self, path: str) -> bytes:
        return self._resolved(path).read_bytes()

    def _resolved(self, path: str) -> Path:
        if path not in self._file_set:
            raise FileNotFoundError(path)
        full = (self.root / path)
        resolved = full.resolve()
        if resolved != full.absolute() and not str(resolved).startswith(str(self.root) + os.sep):
            raise UnsafeBundleError(f"refused bundle member {path}: link points outside the bundle")
        return resolved

    def read_text(self, path: str) -> LogText | None:
        """A text file (invalid UTF-8 replaced), or None when the bundle has no such file.
        Past `limits.max_text_bytes` only the file's end is read (a log's latest lines), and
        lines past `limits.max_line_chars` are cut; each cut is a Problem for the file."""
        if path not in self._file_set:
            return None
        limits = self.limits
        read = bounded_bytes_file(self._resolved(path), limits.max_text_bytes, limits.max_line_chars,
                                  limits.max_text_lines)
        if read is None:       # a line past max_line_chars: the text reader cuts it
            text = bounded_text_file(self._resolved(path), limits.max_text_bytes, limits.max_line_chars,
                                     limits.max_text_lines)
            read = text
        if read.cut:
            self._problem_once(path, read.cut)
        if isinstance(read, BoundedBytes):
            return LogText(path, None, read.first_line, data=read.data)
        return LogText(path, read.text, read.first_line)

    def _problem_once(self, path: str, detail: str) -> None:
        if not any(p.path == path and p.detail == detail for p in self.problems[-8:]):
            self.problems.append(Problem(path, detail))

    def read_json(self, path: str, max_items: int | None = None):
        """Parsed JSON, or None (and a Problem recorded once) when absent or invalid. A list
        keeps at most `max_items` items (default `limits.max_items`), a Problem when cut."""
        if path in self._json_cache:
            return self._json_cache[path]
        doc = None
        if path in self._file_set:
            try:
                doc, data, cut = read_json_file(self._resolved(path), self.limits.max_json_bytes,
                                                max_items or self.limits.max_items)
                if cut:
                    self.problems.append(Problem(path, cut))
                if _SURROGATE_ESCAPE.search(data):
                    doc = _without_lone_surrogates(doc)
            except (ValueError, UnicodeDecodeError) as err:
                self.problems.append(Problem(path, f"not valid JSON: {err}"))
            except RecursionError:
                self.problems.append(Problem(path, "not read: JSON nested too deeply"))
        self._json_cache[path] = doc
        return doc

    # ---- manifest ---------------------------------------------------------------
    @cached_property
    def manifest(self) -> Manifest | None:
        doc = self.read_json(layout.MANIFEST)
        if not isinstance(doc, Mapping):
            return None
        if doc.get("format") not in (None, layout.FORMAT_NAME):
            raise BundleError(f"{self.source}: manifest.json is not a gpu-triage bundle manifest")
        version = doc.get("version")
        if version != layout.FORMAT_VERSION:
            raise BundleError(
                f"{self.source}: bundle format version {version!r} is not supported "
                f"(this gpu-triage reads version {layout.FORMAT_VERSION}); upgrade gpu-triage")
        return Manifest(doc)

    @cached_property
    def cluster_version(self) -> str:
        doc = self.read_json(layout.CLUSTER_VERSION)
        if isinstance(doc, Mapping):
            return str(doc.get("gitVersion") or doc.get("string") or "")
        return ""

    # ---- Kubernetes objects -------------------------------------------------------
    @cached_property
    def _lists_by_kind(self) -> Mapping[str, tuple[tuple[str, str], ...]]:
        out: dict[str, list[tuple[str, str]]] = {}
        for path in self.files:
            parsed = layout.parse_namespaced_list(path)
            if parsed:
                out.setdefault(parsed[0], []).append((parsed[1], path))
        return {k: tuple(v) for k, v in out.items()}

    def _namespaced_files(self, kind: str) -> tuple[tuple[str, str], ...]:
        """(namespace, path) of each list file of `kind` (pods, events ...), in path order."""
        return self._lists_by_kind.get(kind, ())

    def namespaces(self) -> tuple[str, ...]:
        return tuple(sorted({ns for ns, _ in self._namespaced_files("pods")}))

    def _objects(self, kind: str, view, default_kind: str, namespace: str | None):
        for ns, path in self._namespaced_files(kind):
            if namespace is not None and ns != namespace:
                continue
            doc = self.read_json(path, self.limits.max_events if kind == "events" else None)
            if doc is None:
                continue
            for item in iter_items(doc, default_kind):
                yield view(self._bounded(item, path), path)

    def _lazy_list(self, path: str, view, lazy_view, default_kind: str, shape) -> tuple:
        """The views of a list file read in one pass (`lazy_list`): lazy views over slim dicts,
        plain views where the plain reader reads the file or an item; cached per file."""
        if path not in self._lazy_cache:
            self._lazy_cache[path] = tuple(v for v, _d, _b in self._read_lazy(path, view, lazy_view, default_kind, shape))
        return self._lazy_cache[path]

    def _read_lazy(self, path: str, view, lazy_view, default_kind: str, shape):
        """(view, the dict it was read from, the item's JSON bytes or None) of each item."""
        fast = read_lazy_list(self._resolved(path), self.limits.max_json_bytes, self.limits.max_items) \
            if path in self._file_set else None
        if fast is None:
            doc = self.read_json(path)
            for item in iter_items(doc, default_kind) if doc is not None else ():
                yield view(self._bounded(item, path), path), item, None
            return
        list_kind, items, cut = fast
        if cut:
            self.problems.append(Problem(path, cut))
        kind = item_kind(list_kind, default_kind)
        max_name = self.limits.max_name_chars

        def finish(doc: dict) -> dict:
            bound_names(fill_kind(doc, kind), max_name)
            return doc

        decoder = slim_decoder(shape, max_name)
        for item in items:
            slim = slim_item(item, decoder)        # its names within the bound: nothing to cut
            if slim is not None:
                if "kind" not in slim and kind:
                    slim["kind"] = kind
                yield lazy_view(slim, item, path, finish), slim, item
                continue
            try:
                doc = full_item(item)
            except (ValueError, RecursionError):
                continue
            if isinstance(doc, dict):
                yield view(self._bounded(fill_kind(doc, kind), path), path), doc, None

    def _pod_rows_of(self, path: str) -> tuple[PodRow, ...]:
        key = "rows:" + path
        if key not in self._lazy_cache:
            self._lazy_cache[key] = tuple(pod_row(p, d) for p, d, _b in
                                          self._read_lazy(path, Pod, LazyPod, "Pod", POD_SLIM))
        return self._lazy_cache[key]

    def pod_rows(self, namespace: str | None = None) -> Iterator[PodRow]:
        """A compact row per pod (`pod_rows.PodRow`), every pods list read once, in file order."""
        for ns, path in self._namespaced_files("pods"):
            if namespace is None or ns == namespace:
                yield from self._pod_rows_of(path)

    def pods(self, namespace: str | None = None) -> Iterator[Pod]:
        """Every pod (of the pods lists of `namespace`): views decoded whole on first use."""
        for row in self.pod_rows(namespace):
            yield row.pod

    def events(self, namespace: str | None = None) -> Iterator[Event]:
        return self._objects("events", Event, "Event", namespace)

    def workloads(self, namespace: str | None = None, of_kind: str | None = None) -> Iterator[Workload]:
        """Every workload (of kind `of_kind`): kind, names, labels and owners read in one pass,
        the rest on first use. With `of_kind`, a list whose bytes cannot name that kind (not
        as its items' or its own kind, nor in an escape) is not read at all."""
        for kind, default in (("deployments", "Deployment"), ("replicasets", "ReplicaSet"),
                              ("statefulsets", "StatefulSet"), ("daemonsets", "DaemonSet"), ("jobs", "Job")):
            for ns, path in self._namespaced_files(kind):
                if namespace is not None and ns != namespace:
                    continue
                if of_kind is None:
                    yield from self._lazy_list(path, Workload, LazyWorkload, default, OBJECT_SLIM)
                elif default == of_kind or path in self._lazy_cache or self._may_name(path, of_kind):
                    yield from (w for w in self._lazy_list(path, Workload, LazyWorkload, default, OBJECT_SLIM)
                                if w.kind == of_kind)

    def _may_name(self, path: str, word: str) -> bool:
        """The file's bytes hold `word` or a JSON escape (which might spell it)."""
        try:
            data = self.read_bytes(path)
        except OSError:
            return True
        return word.encode() in data or b"\\u" in data

    def pvcs(self, namespace: str | None = None) -> Iterator[GenericObject]:
        return self._objects("pvcs", GenericObject, "PersistentVolumeClaim", namespace)

    def resource_quotas(self, namespace: str | None = None) -> Iterator[GenericObject]:
        return self._objects("resource-quota", GenericObject, "ResourceQuota", namespace)

    def pod_disruption_budgets(self, namespace: str | None = None) -> Iterator[GenericObject]:
        return self._objects("pod-disruption-budgets", GenericObject, "PodDisruptionBudget", namespace)

    def nodes(self) -> Iterator[Node]:
        doc = self.read_json(layout.NODES)
        if doc is None:
            return
        for item in iter_items(doc, "Node"):
            yield Node(self._bounded(item, layout.NODES), layout.NODES)

    def _bounded(self, item: dict, path: str) -> dict:
        if bound_names(item, self.limits.max_name_chars):
            self._problem_once(path, f"names longer than {self.limits.max_name_chars} characters cut")
        return item

    @cached_property
    def nodes_by_name(self) -> Mapping[str, Node]:
        return {n.name: n for n in self.nodes()}

    def pod(self, namespace: str, name: str) -> Pod | None:
        return next((p for p in self.pods(namespace) if p.name == name), None)

    def _custom_resource_files(self, plural_group: str) -> tuple[str, ...]:
        """The files of a custom resource (found once per resource: rules ask per node)."""
        cache = self.__dict__.setdefault("_cr_files", {})
        if plural_group not in cache:
            cluster = layout.custom_resource(plural_group)
            prefix = f"{layout.CUSTOM_RESOURCES}/{plural_group}/"
            cache[plural_group] = tuple(path for path in self.files if path == cluster or (
                path.startswith(prefix) and path.endswith(".json")))
        return cache[plural_group]

    def custom_resource_names(self) -> tuple[str, ...]:
        """The `<plural>.<group>` of every custom resource the bundle holds."""
        prefix = f"{layout.CUSTOM_RESOURCES}/"
        names = {path[len(prefix):].split("/", 1)[0].removesuffix(".json") for path in self.files
                 if path.startswith(prefix)}
        return tuple(sorted(n for n in names if n))

    def custom_resources(self, plural_group: str) -> Iterator[GenericObject]:
        """Objects of a custom resource, cluster-scoped file and per-namespace files."""
        for path in self._custom_resource_files(plural_group):
            doc = self.read_json(path)
            if doc is not None:
                for item in iter_items(doc, ""):
                    yield GenericObject(item, path)

    # ---- logs, exec, node files -----------------------------------------------------
    def log(self, namespace: str, pod: str, container: str, previous: bool = False) -> LogText | None:
        return self.read_text(layout.container_log(namespace, pod, container, previous))

    def logs(self) -> Iterator[layout.LogRef]:
        for path in self.files:
            ref = layout.parse_log_path(path)
            if ref:
                yield ref

    def exec_outputs(self, namespace: str | None = None, pod: str | None = None) -> Iterator[ExecOutput]:
        seen: set[tuple[str, str, str, str]] = set()
        for path in self.files:
            parsed = layout.parse_exec_path(path)
            if not parsed:
                continue
            ns, p, c, name, _ext = parsed
            if (namespace and ns != namespace) or (pod and p != pod) or (ns, p, c, name) in seen:
                continue
            seen.add((ns, p, c, name))
            paths = layout.exec_paths(ns, p, c, name)
            meta = self.read_json(paths.meta)
            meta = meta if isinstance(meta, Mapping) else {}
            code = meta.get("exit_code")
            yield ExecOutput(ns, p, c, name, tuple(str(x) for x in meta.get("command") or ()),
                             code if isinstance(code, int) else None,
                             str(meta["error"]) if meta.get("error") else None,
                             self.read_text(paths.stdout), self.read_text(paths.stderr))

    def node_dmesg(self, node: str) -> LogText | None:
        return self.read_text(layout.node_dmesg(node))

    def node_dcgm(self, node: str) -> LogText | None:
        return self.read_text(layout.node_dcgm(node))

    # ---- what could not be collected ------------------------------------------------
    def collection_errors(self) -> Iterator[CollectionError]:
        for path in self.files:
            if not path.endswith(layout.ERRORS_SUFFIX):
                continue
            doc = self.read_json(path)
            if isinstance(doc, Mapping):
                msgs = doc.get("errors") or [doc.get("error") or doc.get("message") or ""]
                reason = str(doc.get("reason") or "")
            elif isinstance(doc, list):
                msgs, reason = doc, ""
            else:
                continue
            msgs = tuple(str(m) for m in msgs if m)
            if not reason:
                text = " ".join(msgs).lower()
                reason = ("forbidden" if "forbidden" in text else "not_found" if "not found" in text
                          else "timeout" if "timeout" in text or "timed out" in text else "error")
            yield CollectionError(path, path[: -len(layout.ERRORS_SUFFIX)], msgs, reason)


def load_bundle(path: str | os.PathLike, limits: Limits | None = None) -> Bundle:
    """Open a bundle directory or .tar.gz (ours or a troubleshoot support bundle).
    Raises BundleError (one line) when it cannot be used; a bad manifest version is
    refused here, before any analysis. `limits` default: `Limits.from_env()`."""
    limits = limits or Limits.from_env()
    bundle = Bundle(open_bundle(path, limits), limits)
    try:
        bundle.manifest  # refuse unknown versions now
        if not is_evidence_bundle(bundle.files):
            raise BundleError(f"{path} {NOT_READ}")
    except BaseException:
        bundle.close()
        raise
    return bundle


# what every input reader (triage.bundle.inputs) takes, said when none takes the input
NOT_READ = ("is not an evidence bundle: expected manifest.json or cluster-resources/ (a gpu-triage bundle or a "
            "troubleshoot support bundle, as a folder or .tar.gz), or pasted kubectl / nvidia-smi / kernel-log "
            "text, a GPU Operator must-gather folder, an nvidia-bug-report.log.gz or a kubectl cluster-info dump")


def is_evidence_bundle(files) -> bool:
    """A bundle holds a manifest or Kubernetes objects (`cluster-resources/`): an empty folder,
    an unrelated tarball or a folder of pasted text does not, and is refused rather than read
    as an empty cluster."""
    return any(f == layout.MANIFEST or f.startswith("cluster-resources/") for f in files)
