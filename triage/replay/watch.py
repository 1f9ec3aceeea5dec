"""Watch (`?watch=true`) on a replayed collection, with a scripted timeline.

A watch first streams the current objects as ADDED (unless the client gave a
`resourceVersion` other than "" / "0": it already has them from a list), then
plays the bundle's `replay/timeline.json`, if present. The file is a JSON list:

    [
      {"after_s": 0.5, "type": "MODIFIED", "object": {"kind": "Pod", "metadata": {...}, ...}},
      {"after_s": 1.0, "type": "ADDED",    "object": {"kind": "Event", ...}},
      {"after_s": 2.0, "type": "ERROR",
       "object": {"kind": "Status", "apiVersion": "v1", "status": "Failure", "code": 410,
                  "reason": "Expired", "message": "too old resource version: 100 (200)"}}
    ]

- `after_s`: seconds after the watch opened (not after the previous entry).
- `type`: ADDED, MODIFIED, DELETED or ERROR. An ERROR ends the watch after it is
  sent, like the apiserver does; a 410 Status there models an expired watch.
- `object`: the object as the watch sends it. Its `kind` picks the watches it
  goes to (Pod -> pods, Event -> events; or set `"resource": "pods"` on the entry).
  ERROR entries go to every watch unless `resource` says otherwise.
- Namespace, label and field selectors of the watch apply to timeline objects.
- An object whose `metadata.resourceVersion` is at or below the watch's
  `resourceVersion` is skipped (the client has seen it).
- `timeoutSeconds` ends the stream cleanly; without it the watch stays open
  (after the timeline) until the client leaves or the server stops.
- `"apply": true` (optional): once the entry has been sent on a watch, list and get
  answer with the changed object too (ADDED/MODIFIED replace it, DELETED removes it),
  so a client that re-reads after the event (a relist, a collection) sees the change.
- `"once": true` (optional): the entry is sent on the first watch that reaches it
  only; later watches skip it (an expired watch, 410, happens once, not on every rewatch).

A watch that asks for a Table (`kubectl get -w`) gets each object as a one-row Table.
Without `apply`, timeline objects change nothing served by list/get: the bundle stays what it was.
"""

from __future__ import annotations

import asyncio
import time
from msgspec import Struct
from typing import Callable, Mapping

from aiohttp import web

from triage.bundle.views import Bundle
from triage.errors import BundleError
from triage.replay.resources import field_getters
from triage.replay.selectors import Requirement, fields_match, labels_match
from triage.replay.store import Collection, dump

TIMELINE = "replay/timeline.json"
EVENT_TYPES = ("ADDED", "MODIFIED", "DELETED", "ERROR")
KIND_TO_RESOURCE = {"Pod": "pods", "Event": "events", "Node": "nodes", "Namespace": "namespaces"}
DEFAULT_TIMEOUT_S = 1800.0


class TimelineEntry(Struct, frozen=True):
    after_s: float
    type: str
    resource: str | None     # qualified resource name, None = every watch (ERROR)
    object: Mapping
    line: bytes              # the encoded watch event, newline-terminated
    index: int = 0           # position in the file
    apply: bool = False      # list/get answer with the object once it was sent
    once: bool = False       # sent on the first watch that reaches it only


class TimelinePlays:
    """What the server's watches have already played: `once` entries are sent once."""

    def __init__(self) -> None:
        self.sent: set[int] = set()

    def claim(self, entry: TimelineEntry) -> bool:
        """True when this watch should send the entry (always, unless `once` and already sent)."""
        if not entry.once:
            return True
        if entry.index in self.sent:
            return False
        self.sent.add(entry.index)
        return True


def load_timeline(bundle: Bundle) -> tuple[TimelineEntry, ...]:
    """Read and check `replay/timeline.json`; a malformed file is refused with one line."""
    if not bundle.exists(TIMELINE):
        return ()
    doc = bundle.read_json(TIMELINE)
    if not isinstance(doc, list):
        raise BundleError(f"{TIMELINE}: expected a JSON list of watch events")
    out = []
    for i, entry in enumerate(doc):
        where = f"{TIMELINE} entry {i}"
        if not isinstance(entry, Mapping):
            raise BundleError(f"{where}: expected an object with after_s, type and object")
        after = entry.get("after_s")
        if isinstance(after, bool) or not isinstance(after, (int, float)) or after < 0:
            raise BundleError(f"{where}: after_s must be a number of seconds >= 0")
        kind = entry.get("type")
        if kind not in EVENT_TYPES:
            raise BundleError(f"{where}: type must be one of {', '.join(EVENT_TYPES)}")
        obj = entry.get("object")
        if not isinstance(obj, Mapping):
            raise BundleError(f"{where}: object must be a JSON object")
        resource = entry.get("resource")
        if resource is not None and not isinstance(resource, str):
            raise BundleError(f"{where}: resource must be a string such as \"pods\"")
        if resource is None and kind != "ERROR":
            resource = KIND_TO_RESOURCE.get(str(obj.get("kind") or ""))
            if resource is None:
                raise BundleError(f"{where}: set \"resource\" for an object of kind {obj.get('kind')!r}")
        flags = {}
        for flag in ("apply", "once"):
            value = entry.get(flag, False)
            if not isinstance(value, bool):
                raise BundleError(f"{where}: {flag} must be true or false")
            flags[flag] = value
        if flags["apply"] and kind == "ERROR":
            raise BundleError(f"{where}: apply makes no sense for an ERROR entry")
        line = b'{"type":"' + kind.encode() + b'","object":' + dump(obj) + b"}\n"
        out.append(TimelineEntry(float(after), kind, resource, obj, line, i, flags["apply"], flags["once"]))
    return tuple(sorted(out, key=lambda e: e.after_s))


def _rv(value) -> int | None:
    return int(value) if isinstance(value, str) and value.isdigit() else None


def _wanted(entry: TimelineEntry, coll: Collection, namespace: str | None, label_reqs: tuple[Requirement, ...],
            field_reqs: tuple[Requirement, ...], since_rv: int | None) -> bool:
    if entry.resource is not None and entry.resource != coll.rt.qualified:
        return False
    if entry.type == "ERROR":
        return True
    meta = entry.object.get("metadata") or {}
    if namespace and meta.get("namespace") != namespace:
        return False
    rv = _rv(meta.get("resourceVersion"))
    if since_rv is not None and rv is not None and rv <= since_rv:
        return False
    labels = meta.get("labels") if isinstance(meta.get("labels"), Mapping) else {}
    if label_reqs and not labels_match(label_reqs, labels):
        return False
    if field_reqs:
        getters = field_getters(coll.rt.plural)
        if not fields_match(field_reqs, {r.key: getters[r.key](entry.object) for r in field_reqs}):
            return False
    return True


async def serve_watch(request: web.Request, coll: Collection, namespace: str | None,
                      label_reqs: tuple[Requirement, ...], field_reqs: tuple[Requirement, ...],
                      resource_version: str, timeout_s: float | None,
                      timeline: tuple[TimelineEntry, ...],
                      finish: Callable[[web.Request, int, int], None] | None = None,
                      as_table: Callable[[Mapping], bytes] | None = None,
                      plays: TimelinePlays | None = None,
                      apply: Callable[[TimelineEntry], None] | None = None) -> web.StreamResponse:
    """Stream the watch; `finish(request, status, bytes)` is called before the stream
    ends (or when it is cut), so a request log holds the watch once the client sees the end.
    `as_table(obj)` (for `kubectl get -w`) turns each object into a one-row Table.
    `plays` (shared by the server's watches) keeps `once` entries to one watch;
    `apply(entry)` is called for an `apply` entry once it has been sent."""
    started = time.monotonic()
    deadline = started + (timeout_s if timeout_s and timeout_s > 0 else DEFAULT_TIMEOUT_S)
    resp = web.StreamResponse(status=200, headers={"Content-Type": "application/json"})
    resp.enable_chunked_encoding()
    await resp.prepare(request)
    sent = 0

    async def write(data: bytes) -> None:
        nonlocal sent
        await resp.write(data)
        sent += len(data)

    try:
        since_rv = _rv(resource_version) if resource_version not in ("", "0") else None
        if resource_version in ("", "0"):
            positions = coll.select(namespace, label_reqs, field_reqs)
            for start in range(0, len(positions), 500):
                await write(b"".join(b'{"type":"ADDED","object":' + (
                    as_table(coll.objs[p]) if as_table else coll.blobs[p]) + b"}\n"
                    for p in positions[start:start + 500]))
        for entry in timeline:
            if not _wanted(entry, coll, namespace, label_reqs, field_reqs, since_rv):
                continue
            due = started + entry.after_s
            if due > deadline:
                break
            delay = due - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            if plays is not None and not plays.claim(entry):
                continue
            if as_table is not None and entry.type != "ERROR":
                await write(b'{"type":"' + entry.type.encode() + b'","object":' + as_table(entry.object) + b"}\n")
            else:
                await write(entry.line)
            if entry.apply and apply is not None:
                apply(entry)
            if entry.type == "ERROR":
                return resp
        remaining = deadline - time.monotonic()
        if remaining > 0:
            await asyncio.sleep(remaining)
        return resp
    finally:
        if finish is not None:
            finish(request, 200, sent)
        if request.transport is not None and not request.transport.is_closing():
            try:
                await resp.write_eof()
            except ConnectionError:      # the client left while we ended the stream
                pass


def timeline_summary(timeline: tuple[TimelineEntry, ...]) -> str:
    """One line for `gpu-triage serve`: how many scripted watch events there are."""
    if not timeline:
        return "no watch timeline"
    return f"watch timeline: {len(timeline)} events over {timeline[-1].after_s:g}s ({TIMELINE})"


__all__ = ["TIMELINE", "TimelineEntry", "TimelinePlays", "load_timeline", "serve_watch", "timeline_summary"]
