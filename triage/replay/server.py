"""A read-only Kubernetes API on 127.0.0.1 that serves an evidence bundle, so
kubectl, the official `kubernetes` client and our collector run against it.

    from triage.replay.server import ReplayServer, Faults
    with ReplayServer("incident.tar.gz", port=0, faults=Faults(seed=1, forbidden={"nodes"})) as srv:
        srv.write_kubeconfig("/tmp/replay.kubeconfig")   # context "replay"
        ...  # kubectl --kubeconfig /tmp/replay.kubeconfig get pods -A
        srv.requests[-1]    # RequestRecord(method='GET', path='/api/v1/pods', query='limit=500', status=200, bytes=...)

The server runs in a background thread with its own asyncio loop (aiohttp).
Everything is indexed at start (see store.py); what it answers is described in
api.py (lists, Table, selectors, paging), podlogs.py, exec_ws.py, watch.py
(the `replay/timeline.json` format) and faults.py (fault injection).
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import os
import threading
import time
from msgspec import Struct
from pathlib import Path

import yaml
from aiohttp import web

from triage.bundle.views import Bundle, load_bundle
from triage.bundle.objects.fields import parse_time
from triage.errors import TriageError
from triage.replay import status as st
from triage.replay.api import ReplayApi
from triage.replay.exec_ws import BYTES_OUT
from triage.replay.faults import Faults
from triage.replay.store import Store
from triage.replay.watch import load_timeline

RECORDED = web.RequestKey("recorded", bool) if hasattr(web, "RequestKey") else "recorded"
STARTED = web.RequestKey("started", float) if hasattr(web, "RequestKey") else "started"

__all__ = ["ReplayServer", "Faults", "RequestRecord", "ReplayServerError"]


class ReplayServerError(TriageError):
    """The replay server could not start (port taken, bad bundle)."""


class RequestRecord(Struct, frozen=True):
    method: str
    path: str
    query: str          # the raw query string
    status: int
    bytes: int          # body bytes sent (WebSocket: frame payload bytes)
    started: float = 0.0   # time.time() when the request came in (before injected latency)
    ended: float = 0.0     # time.time() when its answer was ready (streams: when recorded)


class ReplayServer:
    def __init__(self, bundle: str | os.PathLike, port: int = 0, faults: Faults | None = None,
                 host: str = "127.0.0.1"):
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ReplayServerError(f"the replay server binds to loopback only, not {host}")
        self.bundle_path = Path(bundle)
        self.port = port
        self.host = host
        self.faults = faults or Faults()
        self.requests: list[RequestRecord] = []
        self._bundle: Bundle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.store: Store | None = None

    # ---- lifecycle -----------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def start(self) -> "ReplayServer":
        self._bundle = load_bundle(self.bundle_path)
        try:
            self.store = Store.load(self._bundle)
            timeline = load_timeline(self._bundle)
            self.api = ReplayApi(self._bundle, self.store, timeline, self.faults, self._now())
            self.api.record_stream = self._record_stream
            self._loop = asyncio.new_event_loop()
            self._thread = threading.Thread(target=self._run, name="replay-server", daemon=True)
            self._thread.start()
            self._ready.wait()
            if self._error is not None:
                raise ReplayServerError(f"cannot serve on {self.host}:{self.port}: {self._error}")
        except BaseException:
            self._bundle.close()
            raise
        self.api.host = f"{self.host}:{self.port}"
        return self

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
        if self._bundle is not None:
            self._bundle.close()
            self._bundle = None

    def __enter__(self) -> "ReplayServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _now(self) -> _dt.datetime:
        """Table ages are computed at the bundle's capture time when it is known."""
        manifest = self._bundle.manifest if self._bundle else None
        t = parse_time(manifest.created_at) if manifest else None
        return t or _dt.datetime.now(_dt.timezone.utc)

    def _run(self) -> None:
        loop = self._loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._serve())
        except BaseException as err:   # reported to start()
            self._error = err
            self._ready.set()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._runner.cleanup())
            loop.close()

    async def _serve(self) -> None:
        app = web.Application(middlewares=[self._middleware], client_max_size=1024**2)
        app.router.add_route("*", "/{tail:.*}", self.api.handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5, handler_cancellation=True)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = site._server.sockets if site._server else []   # aiohttp exposes no public getter
        if sockets:
            self.port = sockets[0].getsockname()[1]

    # ---- faults and the request log ---------------------------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler) -> web.StreamResponse:
        request[STARTED] = time.time()
        decision = self.faults.decide(request.method, request.path, request.query_string)
        if decision.latency_s:
            await asyncio.sleep(decision.latency_s)
        if decision.stall_s:
            await asyncio.sleep(decision.stall_s)
        if decision.fail == 429:
            resp = web.Response(status=429, text=st.TOO_MANY_REQUESTS,
                                headers={"Retry-After": str(self.faults.retry_after_s)})
        elif decision.fail == 500:
            resp = web.Response(status=500, body=st.encode(st.internal_error()), content_type="application/json")
        elif decision.fail == 503:
            resp = web.Response(status=503, body=st.encode(st.service_unavailable()),
                                content_type="application/json", headers={"Retry-After": "1"})
        else:
            try:
                resp = await handler(request)
            except web.HTTPException as exc:
                resp = exc
            except (asyncio.CancelledError, ConnectionError):
                raise
            except Exception as err:   # a bundle is untrusted: answer a Status, never a traceback
                body = st.internal_error(f"Internal error occurred: {type(err).__name__}: {err}")
                resp = web.Response(status=500, body=st.encode(body), content_type="application/json")
        if decision.drop and isinstance(resp, web.Response) and resp.body:
            return await self._drop(request, resp)
        self._record(request, resp)
        return resp

    async def _drop(self, request: web.Request, resp: web.Response) -> web.StreamResponse:
        """Send the headers and half the body, then cut the connection."""
        body = bytes(resp.body)
        cut = web.StreamResponse(status=resp.status, headers={"Content-Type": resp.content_type})
        cut.content_length = len(body)
        await cut.prepare(request)
        await cut.write(body[: len(body) // 2])
        self.requests.append(RequestRecord(request.method, request.path, request.query_string, resp.status,
                                           len(body) // 2, request.get(STARTED, 0.0), time.time()))
        if request.transport is not None:
            request.transport.abort()
        raise asyncio.CancelledError()

    def _record_stream(self, request: web.Request, status: int, size: int) -> None:
        request[RECORDED] = True
        self.requests.append(RequestRecord(request.method, request.path, request.query_string, status, size,
                                           request.get(STARTED, 0.0), time.time()))

    def _record(self, request: web.Request, resp: web.StreamResponse) -> None:
        if RECORDED in request:
            return
        if BYTES_OUT in request:
            size = int(request[BYTES_OUT])
        elif isinstance(resp, web.Response):
            size = len(resp.body or b"")
        else:
            size = int(getattr(resp, "body_length", 0) or 0)
        self.requests.append(RequestRecord(request.method, request.path, request.query_string, resp.status, size,
                                           request.get(STARTED, 0.0), time.time()))

    # ---- clients ---------------------------------------------------------------------------
    def write_kubeconfig(self, path: str | os.PathLike, namespace: str = "default") -> Path:
        path = Path(path)
        config = {
            "apiVersion": "v1", "kind": "Config",
            "clusters": [{"name": "replay", "cluster": {"server": self.url}}],
            "contexts": [{"name": "replay", "context": {"cluster": "replay", "user": "replay",
                                                         "namespace": namespace}}],
            "current-context": "replay",
            "users": [{"name": "replay", "user": {}}],
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        return path
