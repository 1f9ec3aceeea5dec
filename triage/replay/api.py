"""Request routing and the read-only API answers (discovery, get, list, Table,
selectors, pagination, SelfSubjectAccessReview, refusals of writes).

Paths handled (core group under /api/v1, others under /apis/<group>/<version>):

    /version  /api  /apis  /api/v1  /apis/<g>  /apis/<g>/<v>
    .../<plural>                        list / watch (all namespaces or cluster scope)
    .../<plural>/<name>                 get (cluster scope; namespaces/<ns> too)
    .../namespaces/<ns>/<plural>[/<name>[/log|/exec]]
    /api/v1/namespaces/<ns>/{pods,services}/<name>[:<port>]/proxy/metrics   (proxy.py)

Continue tokens are base64url JSON `{"rv": <list resourceVersion>, "start": [ns, name]}`:
the next page starts at the first object whose key is >= start, so a token
stays valid for the same selector; a token from another bundle gets 410 Expired.
"""

from __future__ import annotations

import base64
import binascii
import datetime as _dt
import json
from msgspec import Struct
from typing import Callable, Mapping

from aiohttp import web

from triage.bundle.views import Bundle
from triage.replay import proxy
from triage.replay import resources as res
from triage.replay import status as st
from triage.replay import tables
from triage.replay.exec_ws import serve_exec
from triage.replay.faults import Faults
from triage.replay.podlogs import log_answer
from triage.replay.protobuf import ssar_spec
from triage.replay.selectors import SelectorError, parse_field_selector, parse_label_selector
from triage.replay.store import Collection, Store, dump
from triage.replay.watch import TimelineEntry, TimelinePlays, serve_watch

JSON = "application/json"
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def parse_bool(value: str | None) -> bool:
    """Go's strconv.ParseBool, which the apiserver uses: `True` from the Python client is true."""
    return (value or "").strip().lower() in ("1", "t", "true")


def json_response(body: dict | bytes, status: int = 200, content_type: str = JSON) -> web.Response:
    data = body if isinstance(body, bytes) else dump(body)
    return web.Response(status=status, body=data, headers={"Content-Type": content_type})


def status_response(body: dict) -> web.Response:
    return json_response(body, body["code"])


class Target(Struct, frozen=True):
    group: str
    version: str
    plural: str
    namespace: str | None = None
    name: str | None = None
    subresource: str | None = None


def parse_target(path: str) -> Target | str | None:
    """A resource path -> Target; 'discovery' paths -> a marker string; else None."""
    segs = [s for s in path.split("/") if s]
    if not segs:
        return "root"
    if segs[0] == "api":
        if len(segs) == 1:
            return "api"
        if segs[1] != "v1":
            return None
        group, version, rest = "", "v1", segs[2:]
    elif segs[0] == "apis":
        if len(segs) == 1:
            return "apis"
        if len(segs) == 2:
            return "group"
        group, version, rest = segs[1], segs[2], segs[3:]
    else:
        return None
    if not rest:
        return "resources"
    if rest[0] == "namespaces" and len(rest) >= 3:
        if len(rest) > 5:
            return None
        return Target(group, version, rest[2], rest[1], *(rest[3:5] + [None] * (5 - len(rest))))
    if len(rest) > 3:
        return None
    return Target(group, version, rest[0], None, *(rest[1:3] + [None] * (3 - len(rest))))


class ReplayApi:
    def __init__(self, bundle: Bundle, store: Store, timeline: tuple[TimelineEntry, ...], faults: Faults,
                 now: _dt.datetime):
        self.bundle = bundle
        self.store = store
        self.timeline = timeline
        self.faults = faults
        self.now = now
        self.host = "127.0.0.1"
        self._rows: dict[tuple[str, int], list] = {}
        self.plays = TimelinePlays()     # `once` timeline entries already sent
        # Set by the server: records a streamed answer before its end reaches the client.
        self.record_stream: Callable[[web.Request, int, int], None] | None = None

    # ---- entry point -----------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path in ("/healthz", "/readyz", "/livez"):
            return web.Response(text="ok")
        if path == "/version":
            return json_response(self.store.version)
        proxied = proxy.match(path)
        if proxied and request.method not in WRITE_METHODS:
            return proxy.answer(proxied, self.bundle, self.store, self.faults)
        target = parse_target(path)
        if request.method in WRITE_METHODS:
            if request.method == "POST" and path == f"/apis/{res.SSAR_GROUP}/v1/selfsubjectaccessreviews":
                return await self.access_review(request)
            if (request.method == "POST" and isinstance(target, Target) and target.plural == "pods"
                    and target.subresource == "exec"):
                return await self.pod_subresource(request, target)
            return status_response(st.method_not_allowed())
        if isinstance(target, str):
            return self.discovery(target, path)
        if target is None:
            return status_response(st.path_not_found())
        return await self.resource(request, target)

    # ---- discovery -----------------------------------------------------------------------
    def discovery(self, which: str, path: str) -> web.Response:
        by_gv = self.store.by_group_version()
        groups: dict[str, list[str]] = {}
        for gv in by_gv:
            if "/" in gv:
                g, v = gv.split("/", 1)
                groups.setdefault(g, []).append(v)
        groups.setdefault(res.SSAR_GROUP, ["v1"])
        if which == "root":
            paths = ["/api", "/api/v1", "/apis", "/version", "/healthz"]
            paths += [f"/apis/{g}/{v}" for g, vs in groups.items() for v in vs]
            return json_response({"paths": sorted(paths)})
        if which == "api":
            return json_response(res.api_versions(self.host))
        if which == "apis":
            return json_response(res.api_group_list(groups))
        segs = [s for s in path.split("/") if s]
        if which == "group":
            if segs[1] not in groups:
                return status_response(st.path_not_found())
            return json_response(res.api_group(segs[1], groups[segs[1]]))
        gv = "v1" if segs[0] == "api" else f"{segs[1]}/{segs[2]}"
        types = list(by_gv.get(gv, []))
        if gv == f"{res.SSAR_GROUP}/v1":
            types.append(res.SSAR_RESOURCE)
        if not types:
            return status_response(st.path_not_found())
        return json_response(res.api_resource_list(gv, types))

    # ---- resources ---------------------------------------------------------------------
    def _collection(self, t: Target) -> Collection | None:
        c = self.store.find(t.group, t.version, t.plural)
        if c is None or (t.namespace is not None and not c.rt.namespaced):
            return None
        return c

    async def resource(self, request: web.Request, t: Target) -> web.StreamResponse:
        c = self._collection(t)
        if c is None:
            return status_response(st.path_not_found())
        if t.subresource:
            return await self.pod_subresource(request, t)
        q = request.query
        watching = parse_bool(q.get("watch"))
        verb = "watch" if watching else ("get" if t.name else "list")
        if self.faults.is_forbidden(c.rt.plural, c.rt.group):
            return status_response(st.forbidden(verb, c.rt.plural, c.rt.group, t.namespace or "", t.name or ""))
        table = "as=Table" in request.headers.get("Accept", "")
        if t.name:
            pos = c.get(t.namespace or "", t.name)
            if pos is None:
                return status_response(st.not_found(c.rt.plural, c.rt.group, t.name))
            if table:
                return json_response(self.table(c, [pos], q, None, None))
            return json_response(c.blobs[pos])
        try:
            label_reqs = parse_label_selector(q.get("labelSelector"))
            field_reqs = parse_field_selector(q.get("fieldSelector"))
        except SelectorError as err:
            return status_response(st.bad_request(str(err)))
        for r in field_reqs:
            if not c.supports_field(r.key):
                return status_response(st.bad_request(f"field label not supported: {r.key}"))
        if watching:
            timeout = q.get("timeoutSeconds")
            try:
                timeout_s = float(timeout) if timeout else None
            except ValueError:
                return status_response(st.bad_request(f"timeoutSeconds: Invalid value: {timeout!r}"))
            as_table = (lambda obj: self.table_of(c, obj, q)) if table else None
            return await serve_watch(request, c, t.namespace, label_reqs, field_reqs,
                                     q.get("resourceVersion", ""), timeout_s, self.timeline, self.record_stream,
                                     as_table, self.plays, self.apply_entry)
        positions = c.select(t.namespace, label_reqs, field_reqs)
        try:
            limit = int(q.get("limit") or 0)
        except ValueError:
            return status_response(st.bad_request(f"limit: Invalid value: {q.get('limit')!r}"))
        start = 0
        token = q.get("continue")
        if token:
            decoded = self._decode_continue(token)
            if isinstance(decoded, dict):
                return status_response(decoded)
            start = c.after(positions, decoded)
        end = len(positions) if limit <= 0 else min(len(positions), start + limit)
        next_token = self._encode_continue(c.keys[positions[end]]) if end < len(positions) else None
        page = positions[start:end]
        if table:
            return json_response(self.table(c, page, q, next_token, len(positions) - end))
        meta = b'{"resourceVersion":"' + self.store.resource_version.encode() + b'"'
        if next_token:
            meta += b',"continue":"' + next_token.encode() + b'","remainingItemCount":' + str(
                len(positions) - end).encode()
        body = b"".join((b'{"kind":"', c.rt.list_kind.encode(), b'","apiVersion":"', c.rt.group_version.encode(),
                         b'","metadata":', meta, b'},"items":[', b",".join(c.blobs[p] for p in page), b"]}"))
        return json_response(body)

    def apply_entry(self, entry: TimelineEntry) -> None:
        """A timeline entry with `apply`: list and get answer with its object from now on."""
        if entry.resource and self.store.apply(entry.resource, entry.type, entry.object):
            self._rows.clear()          # Table rows are cached by position

    def _encode_continue(self, key: tuple[str, str]) -> str:
        raw = json.dumps({"rv": self.store.resource_version, "start": list(key)}, separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")

    def _decode_continue(self, token: str) -> tuple[str, str] | dict:
        try:
            raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
            doc = json.loads(raw)
            start = doc["start"]
            rv = doc["rv"]
            if not (isinstance(start, list) and len(start) == 2 and all(isinstance(s, str) for s in start)):
                raise ValueError("bad start key")
        except (ValueError, KeyError, TypeError, binascii.Error) as err:
            return st.bad_request(f"invalid continue token: {err}")
        if rv != self.store.resource_version:
            return st.expired()
        return (start[0], start[1])

    def _row(self, c: Collection, obj: Mapping, include: str, cache_key=None) -> dict:
        columns, cells = tables.printer(c.rt.qualified)
        row_cells = self._rows.get(cache_key) if cache_key is not None else None
        if row_cells is None:
            try:
                row_cells = cells(obj, self.now)
            except (TypeError, ValueError, AttributeError, KeyError):   # a malformed object in the bundle
                name = (obj.get("metadata") or {}).get("name") if isinstance(obj.get("metadata"), Mapping) else ""
                row_cells = [str(name or "")] + ["<invalid>"] * (len(columns) - 1)
            if cache_key is not None:
                self._rows[cache_key] = row_cells
        row: dict = {"cells": row_cells}
        if include == "Object":
            row["object"] = obj
        elif include != "None":
            row["object"] = tables.partial_metadata(obj)
        return row

    def table_of(self, c: Collection, obj: Mapping, q: Mapping) -> bytes:
        """One object as a one-row Table (watch events for `kubectl get -w`)."""
        columns, _ = tables.printer(c.rt.qualified)
        meta = obj.get("metadata") if isinstance(obj.get("metadata"), Mapping) else {}
        return dump({"kind": "Table", "apiVersion": "meta.k8s.io/v1",
                     "metadata": {"resourceVersion": str(meta.get("resourceVersion") or "")},
                     "columnDefinitions": tables.column_definitions(columns),
                     "rows": [self._row(c, obj, q.get("includeObject") or "Metadata")]})

    def table(self, c: Collection, positions: list[int], q: Mapping, next_token: str | None,
              remaining: int | None) -> bytes:
        columns, _ = tables.printer(c.rt.qualified)
        include = q.get("includeObject") or "Metadata"
        rows = [self._row(c, c.objs[p], include, (c.rt.qualified, p)) for p in positions]
        meta: dict = {"resourceVersion": self.store.resource_version}
        if next_token:
            meta["continue"] = next_token
            meta["remainingItemCount"] = remaining
        return dump({"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": meta,
                     "columnDefinitions": tables.column_definitions(columns), "rows": rows})

    # ---- pods/log, pods/exec -----------------------------------------------------------
    async def pod_subresource(self, request: web.Request, t: Target) -> web.StreamResponse:
        if t.plural != "pods" or t.group or t.subresource not in ("log", "exec") or not t.namespace:
            return status_response(st.path_not_found())
        c = self.store.collections["pods"]
        verb = "create" if t.subresource == "exec" else "get"
        if self.faults.is_forbidden("pods", "", t.subresource):
            return status_response(st.forbidden(verb, "pods", "", t.namespace, t.name or "", t.subresource))
        pos = c.get(t.namespace, t.name or "")
        if pos is None:
            return status_response(st.not_found("pods", "", t.name or ""))
        pod = c.objs[pos]
        if t.subresource == "exec":
            return await serve_exec(request, self.bundle, pod)
        return log_answer(self.bundle, pod, request.query, parse_bool(request.query.get("previous")))

    # ---- SelfSubjectAccessReview -------------------------------------------------------------
    async def access_review(self, request: web.Request) -> web.Response:
        body = await request.read()
        if self.faults.is_forbidden("selfsubjectaccessreviews", "authorization.k8s.io"):
            return status_response(st.forbidden("create", "selfsubjectaccessreviews", "authorization.k8s.io", ""))
        try:
            if "protobuf" in request.headers.get("Content-Type", ""):
                spec = ssar_spec(body)          # kubectl auth can-i
            else:
                spec = json.loads(body)["spec"]
            if not isinstance(spec, dict):
                raise TypeError("spec is not an object")
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as err:
            return status_response(st.bad_request(f"invalid SelfSubjectAccessReview: {err}"))
        attrs = spec.get("resourceAttributes")
        allowed, reason = True, "replay server: read access to the bundle"
        if isinstance(attrs, dict):
            verb = str(attrs.get("verb") or "")
            resource = str(attrs.get("resource") or "")
            group = str(attrs.get("group") or "")
            sub = str(attrs.get("subresource") or "")
            if verb not in ("get", "list", "watch") and not (resource == "pods" and sub == "exec"):
                allowed, reason = False, "replay server is read-only"
            elif self.faults.is_forbidden(resource, group, sub):
                allowed, reason = False, "forbidden by the replay server's fault injection"
        body = {"kind": "SelfSubjectAccessReview", "apiVersion": "authorization.k8s.io/v1",
                "metadata": {"creationTimestamp": None}, "spec": spec,
                "status": {"allowed": allowed, **({"reason": reason} if allowed else {"denied": False,
                                                                                        "reason": reason})}}
        return json_response(body, 201)
