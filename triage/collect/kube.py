"""The one module that imports `kubernetes`: client setup, raw reads, exec.

The official client does what it is best at (kubeconfig, contexts, exec
credential plugins, in-cluster config, TLS, auth headers). Every read goes
through `Kube.get`, which asks for raw JSON, bounds the call in time, and
retries 429 / 5xx / dropped connections with backoff that honours
Retry-After, a bounded number of times, inside the collection's budget.

    kube = Kube.connect(kubeconfig=None, context=None, request_timeout=10, budget=Budget(120))
    for page in kube.list_pages("/api/v1/nodes", {"labelSelector": "nvidia.com/gpu.present=true"}):
        ...                                  # one parsed NodeList page at a time
    text = kube.get_text("/api/v1/namespaces/llm/pods/x/log", {"container": "vllm", "tailLines": 10000})
    result = kube.exec("llm", "x", "vllm", ["nvidia-smi"], timeout=20, max_bytes=1 << 20)

Failures come back as `ApiFailure` (status, reason, message); collectors turn
them into evidence (an errors file and a gap), never into a crash.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import importlib.util
import json
import os
import random
import re
import sys
import threading
import time
from msgspec import Struct
from typing import Any, Iterator, Mapping
from urllib.parse import quote

from triage import __version__
from triage.errors import ClusterError

# ---- the official client, imported only as far as a collection needs it ----------------------
#
# `import kubernetes` runs the package's __init__, which imports every subpackage: the typed
# API client (pydantic, ~100 ms), dynamic, watch, stream (websocket, requests), leaderelection,
# informer, and kube_config's OIDC helpers (oauthlib, requests_oauthlib): ~0.35 s before the
# first request of a short `gpu-triage collect pod`. Reads here ask for raw JSON, so they need
# only the client's Configuration, its REST layer (urllib3: TLS, client certificates, proxies)
# and its config loaders (kubeconfig, contexts, exec plugins, auth providers, in-cluster). Those
# modules are imported alone (`_client()`): the `kubernetes` package is registered without
# running its __init__ (which runs, in full, the first time anything asks the package for a
# name it does not hold), and the names kube_config binds only for refreshing an OIDC token
# (requests_oauthlib.OAuth2Session, oauthlib.oauth2, the typed ApiClient) are imported when
# that refresh calls them. The websocket modules for exec load on the first exec.

_CLIENT_LOCK = threading.RLock()
_CLIENT: "_Client | None" = None


class _Client:
    """The official client's modules a collection uses (attributes filled by `_client()`)."""
    urllib3: Any
    Configuration: Any
    RESTClientObject: Any
    ApiException: Any
    ConfigException: Any
    kube_config: Any
    incluster_config: Any


class _OnFirstCall:
    """A name a client module binds at import time but calls only on one rare path (an OIDC
    token refresh): the real object is imported when that path first calls it."""

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name

    def real(self):
        return getattr(importlib.import_module(self.module), self.name)

    def __call__(self, *args, **kwargs):
        return self.real()(*args, **kwargs)

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return f"<{self.module}.{self.name}, imported on first call>"


def _bare_package(name: str) -> None:
    """Register package `name` without running its __init__, so its submodules import alone.
    The first lookup of a name the package does not hold imports that submodule, or else runs
    the package's own __init__ (then it is the package anyone else would have got)."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return
    module = importlib.util.module_from_spec(spec)
    state = {"full": False}

    def __getattr__(attr: str):
        if attr.startswith("__") and attr != "__version__" and attr != "__all__":
            raise AttributeError(attr)
        if not state["full"]:
            try:
                return importlib.import_module(f"{name}.{attr}")
            except ModuleNotFoundError as err:
                if err.name != f"{name}.{attr}":
                    raise
            state["full"] = True
            spec.loader.exec_module(module)         # the package's own __init__, once
        try:
            return module.__dict__[attr]
        except KeyError:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}") from None

    module.__getattr__ = __getattr__  # type: ignore[attr-defined]
    sys.modules[name] = module


@contextlib.contextmanager
def _stand_ins(modules: Mapping[str, tuple[str, ...]]):
    """While a client module imports: each module named here that is not loaded yet is a
    stand-in whose names are `_OnFirstCall`s (the real module loads when one is called); the
    stand-ins are gone afterwards (the next import of that module is the real one)."""
    placed: dict[str, Any] = {}
    for mod_name, names in modules.items():
        if mod_name not in sys.modules:
            stub = type(sys)(mod_name)
            for attr in names:
                setattr(stub, attr, _OnFirstCall(mod_name, attr))
            sys.modules[mod_name] = placed[mod_name] = stub
    try:
        yield
    finally:
        for mod_name, stub in placed.items():
            if sys.modules.get(mod_name) is stub:
                del sys.modules[mod_name]


def _import_kube_config():
    """kubernetes.config.kube_config with its OIDC-only names bound to stand-ins (see above)."""
    if "kubernetes.config.kube_config" in sys.modules:
        return sys.modules["kubernetes.config.kube_config"]
    import kubernetes.client as client_pkg          # lazy package: names load as they are asked for
    had_api_client = "ApiClient" in vars(client_pkg)
    if not had_api_client:
        client_pkg.ApiClient = _OnFirstCall("kubernetes.client.api_client", "ApiClient")
    try:
        with _stand_ins({"requests_oauthlib": ("OAuth2Session",), "oauthlib.oauth2": ()}):
            from kubernetes.config import kube_config
    finally:
        if not had_api_client:
            vars(client_pkg).pop("ApiClient", None)
    return kube_config


def _client() -> _Client:
    global _CLIENT
    if _CLIENT is not None:
        return _CLIENT
    with _CLIENT_LOCK:
        if _CLIENT is not None:
            return _CLIENT
        # Importing these builds long-lived objects (modules, classes) and no garbage: the
        # cyclic collector is paused meanwhile, then what exists is frozen, out of its sight
        # for every later pass and at interpreter exit. Nothing is kept alive by this: a
        # frozen object is still freed when its last reference goes.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            _bare_package("kubernetes")
            client = _Client()
            client.kube_config = _import_kube_config()
            import urllib3
            from kubernetes.client.configuration import Configuration
            from kubernetes.client.exceptions import ApiException
            from kubernetes.client.rest import RESTClientObject
            from kubernetes.config import incluster_config
            from kubernetes.config.config_exception import ConfigException
            client.urllib3, client.Configuration, client.RESTClientObject = urllib3, Configuration, RESTClientObject
            client.ApiException, client.ConfigException = ApiException, ConfigException
            client.incluster_config = incluster_config
        finally:
            if was_enabled:
                gc.enable()
        gc.freeze()
        _CLIENT = client
        return client


# Imports made outside the main thread during a collection (the redactor's rule sets, the exec
# modules) take this lock: two threads importing one package at once can leave one of them with
# a half-initialised module ("cannot import name ... from partially initialized module").
LAZY_IMPORTS = threading.RLock()


def preload_exec() -> None:
    """Import the exec modules ahead of the first exec (from a thread with nothing else to do)."""
    _ws_modules()


def _ws_modules(default_timeout: float | None = None):
    """The exec modules (websocket-client and the client's ws_client), on the first exec."""
    _client()
    # ws_client binds requests.utils.should_bypass_proxies at import and never calls it (client
    # 37): requests (~25 ms of imports) loads only if something does; a release that reads more
    # of requests.utils at import gets the real module
    with LAZY_IMPORTS:
        import websocket
        try:
            with _stand_ins({"requests.utils": ("should_bypass_proxies",)}):
                from kubernetes.stream import ws_client
        except (ImportError, AttributeError):
            from kubernetes.stream import ws_client
    if default_timeout is not None:             # the websocket's own reads (ws_client)
        websocket.setdefaulttimeout(float(default_timeout))
    return websocket, ws_client


RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


class ApiFailure(Exception):
    """A read that did not succeed. `reason`: Forbidden, NotFound, Timeout,
    TooManyRequests, ServerError, Unreachable, BudgetExceeded, BadRequest, Invalid."""

    def __init__(self, status: int | None, reason: str, message: str, path: str = ""):
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = " ".join(str(message).split())[:2000]
        self.path = path

    def describe(self) -> str:
        """One line: `Forbidden (403): nodes is forbidden: ... [/api/v1/nodes]`."""
        code = f" ({self.status})" if self.status else ""
        where = f" [{self.path}]" if self.path else ""
        return f"{self.reason}{code}: {self.message}{where}"


class Budget:
    """The whole collection's time budget: every call gets min(its own timeout, what is left)."""

    def __init__(self, seconds: float):
        self.seconds = float(seconds)
        self.started = time.monotonic()

    def remaining(self) -> float:
        return self.seconds - (time.monotonic() - self.started)

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def expired(self) -> bool:
        return self.remaining() <= 0


class ExecResult(Struct):
    stdout: str
    stderr: str
    exit_code: int | None
    error: str | None
    truncated: bool = False


class CallStats(Struct):
    requests: int = 0
    retries: int = 0
    bytes: int = 0


class Kube:
    """A read-only view of one cluster through the official client: its Configuration (from
    the kubeconfig or in-cluster, auth refreshed by the client's own hooks) and its REST layer
    (urllib3 with the configuration's TLS, client certificate and proxy)."""

    USER_AGENT = f"gpu-triage/{__version__} (kubernetes-client/python)"

    def __init__(self, configuration: Any, request_timeout: float = 10.0, budget: Budget | None = None,
                 max_retries: int = 4, concurrency: int = 8):
        k = _client()
        self.configuration = configuration
        self.request_timeout = float(request_timeout)
        self.budget = budget or Budget(300)
        self.max_retries = max_retries
        configuration.retries = k.urllib3.Retry(total=0, connect=0, read=0, redirect=0, status=0,
                                                raise_on_status=False)
        configuration.connection_pool_maxsize = max(4, concurrency + 2)
        self.rest = k.RESTClientObject(configuration)
        self.stats = CallStats()
        self._lock = threading.Lock()
        self.host = configuration.host

    def _url_and_headers(self, path: str, query: Any, headers: Mapping[str, str]) -> tuple[str, dict]:
        """What the client's ApiClient.param_serialize builds: host + path + the query, each
        value quoted, and the configuration's credentials (its refresh hook runs first: exec
        plugins, expiring in-cluster tokens, auth providers)."""
        out = {"User-Agent": self.USER_AGENT, **headers}
        params = list(query.items()) if isinstance(query, Mapping) else list(query or ())
        for setting in self.configuration.auth_settings().values():
            if setting.get("value") is None:
                continue
            if setting.get("in") == "header":
                out[setting["key"]] = setting["value"]
            elif setting.get("in") == "query":
                params.append((setting["key"], setting["value"]))
        url = self.configuration.host + path
        if params:
            url += "?" + "&".join(f"{k}={quote(_param(v))}" for k, v in params if v is not None)
        return url, out

    # ---- setup ---------------------------------------------------------------

    @classmethod
    def connect(cls, kubeconfig: str | None = None, context: str | None = None, **kw) -> "Kube":
        """Load configuration as kubectl does: --kubeconfig, else $KUBECONFIG, else
        ~/.kube/config, else in-cluster. Raises ClusterError with one line."""
        k = _client()
        configuration = k.Configuration()
        paths = kubeconfig or os.environ.get("KUBECONFIG") or os.path.expanduser("~/.kube/config")
        existing = [p for p in str(paths).split(os.pathsep) if p and os.path.exists(p)]
        try:
            if kubeconfig and not os.path.exists(kubeconfig):
                raise ClusterError(f"kubeconfig {kubeconfig} does not exist: pass an existing file to --kubeconfig")
            if existing:
                k.kube_config.load_kube_config(config_file=os.pathsep.join(existing), context=context,
                                               client_configuration=configuration, persist_config=False)
            elif os.environ.get("KUBERNETES_SERVICE_HOST"):
                k.incluster_config.load_incluster_config(client_configuration=configuration)
            else:
                raise ClusterError(f"no kubeconfig found ({paths}) and not running in a pod: "
                                   "pass --kubeconfig or set KUBECONFIG")
        except k.ConfigException as err:
            text = str(err)
            if context and context in text:
                raise ClusterError(f"context {context!r} not found in kubeconfig {paths}: "
                                   "see `kubectl config get-contexts`") from None
            raise ClusterError(f"cannot use kubeconfig {paths}: {text}") from None
        except ClusterError:
            raise
        except Exception as err:        # a malformed file: YAML errors, wrong shapes (the user's to fix)
            if not (isinstance(err, (OSError, ValueError, TypeError, AttributeError))
                    or type(err).__module__.split(".")[0] == "yaml"):
                raise
            raise ClusterError(_kubeconfig_problem(paths, err)) from None
        return cls(configuration, **kw)

    def close(self) -> None:
        try:
            self.rest.close()
        except Exception:  # pragma: no cover - best effort at exit
            pass

    # ---- raw reads -----------------------------------------------------------

    def _timeout(self, timeout: float | None) -> float:
        left = self.budget.remaining()
        if left <= 0.05:
            raise ApiFailure(None, "BudgetExceeded", "the collection's time budget (--timeout) ran out")
        return max(0.05, min(timeout or self.request_timeout, left))

    def _once(self, method: str, path: str, query: Mapping | None, body: Any, timeout: float | None,
              accept: str, max_bytes: int | None) -> bytes:
        k = _client()
        url, headers = self._url_and_headers(path, query, {
            "Accept": accept, **({"Content-Type": "application/json"} if body is not None else {})})
        t = self._timeout(timeout)
        with self._lock:
            self.stats.requests += 1
        try:
            resp = self.rest.request(method, url, headers=headers, body=body, _request_timeout=(min(t, 10.0), t))
        except k.ApiException as err:
            raise ApiFailure(err.status or None, "Unreachable", err.reason or str(err), path) from None
        except (k.urllib3.exceptions.HTTPError, OSError) as err:
            raise _transport_failure(err, t, path) from None
        raw = resp.response
        deadline = time.monotonic() + t
        chunks: list[bytes] = []
        size, cut, complete = 0, False, False
        try:
            for chunk in raw.stream(65536, decode_content=True):
                chunks.append(chunk)
                size += len(chunk)
                if max_bytes is not None and size >= max_bytes:
                    cut = True           # stop reading: the rest goes with the connection
                    break
                if time.monotonic() > deadline:
                    raise ApiFailure(None, "Timeout", f"answer not complete within {t:.1f}s", path)
            data = b"".join(chunks)
            complete = not cut
        except (k.urllib3.exceptions.HTTPError, OSError) as err:
            raise _transport_failure(err, t, path, "answer cut") from None
        finally:
            if complete:
                raw.release_conn()       # reusable: the body was read to its end
            else:
                raw.close()
        with self._lock:
            self.stats.bytes += len(data)
        if 200 <= resp.status < 300:
            return data if max_bytes is None else data[:max_bytes]
        raise _failure_from_status(resp.status, data, raw.headers, path)

    def request(self, method: str, path: str, query: Mapping | None = None, body: Any = None,
                timeout: float | None = None, accept: str = "application/json",
                max_bytes: int | None = None) -> bytes:
        """One read with retries: 429/5xx/dropped connections, backoff honouring Retry-After."""
        attempt = 0
        while True:
            try:
                return self._once(method, path, query, body, timeout, accept, max_bytes)
            except ApiFailure as failure:
                retryable = (failure.status in RETRY_STATUSES) or failure.reason == "Unreachable"
                if not retryable or attempt >= self.max_retries:
                    raise
                wait = getattr(failure, "retry_after", None)
                if wait is None:
                    wait = min(4.0, 0.1 * (2 ** attempt)) * (0.5 + random.random())
                wait = min(float(wait), 10.0)
                if self.budget.remaining() <= wait + 0.1:
                    raise
                attempt += 1
                with self._lock:
                    self.stats.retries += 1
                time.sleep(wait)

    def open_stream(self, path: str, query: Mapping | None = None, read_timeout: float | None = None):
        """A GET whose answer the caller reads as it arrives (a watch: one JSON event per
        line): returns the raw urllib3 response, unread; the caller closes it. No retries
        (a watcher has its own backoff). Non-2xx answers raise ApiFailure (with the status
        and, for 429, `retry_after`)."""
        k = _client()
        url, headers = self._url_and_headers(path, query, {"Accept": "application/json"})
        with self._lock:
            self.stats.requests += 1
        read = read_timeout or self.request_timeout
        try:
            resp = self.rest.request("GET", url, headers=headers,
                                     _request_timeout=(min(self.request_timeout, 10.0), read))
        except k.ApiException as err:
            raise ApiFailure(err.status or None, "Unreachable", err.reason or str(err), path) from None
        except (k.urllib3.exceptions.HTTPError, OSError) as err:
            raise _transport_failure(err, read, path) from None
        raw = resp.response
        if 200 <= resp.status < 300:
            return raw
        try:
            data = raw.read(65536)
        except (k.urllib3.exceptions.HTTPError, OSError):
            data = b""
        finally:
            raw.release_conn()
        raise _failure_from_status(resp.status, data, raw.headers, path)

    def get_json(self, path: str, query: Mapping | None = None, timeout: float | None = None) -> dict:
        data = self.request("GET", path, query, timeout=timeout)
        try:
            return json.loads(data)
        except ValueError:
            raise ApiFailure(200, "Invalid", f"answer is not JSON ({len(data)} bytes)", path) from None

    def get_text(self, path: str, query: Mapping | None = None, timeout: float | None = None,
                 max_bytes: int | None = None) -> str:
        data = self.request("GET", path, query, timeout=timeout, accept="*/*", max_bytes=max_bytes)
        return data.decode("utf-8", "replace")

    def list_pages(self, path: str, query: Mapping | None = None, page_size: int = 500,
                   ahead: bool = True) -> Iterator[dict]:
        """Page through a list with limit/continue; yields each parsed page.

        The next page is asked for before this one is parsed: the list's metadata (with the
        continue token) comes before its items in the answer, so the token is read from the
        head of the raw bytes and the request goes out while the page is parsed and the
        caller filters it (checked against the parsed token: a different one discards the
        early request); ahead=False for a caller that stops as soon as it has enough. The
        cyclic GC is off while pages are parsed (PAGING_GC_OFF): a parsed page is a tree,
        freed by reference counting alone, while a GC pass walks every object kept so far
        (bench/bench_paging.py: ~2.5 s of CPU of a 100,000-pod scan with pages of 5,000).
        A 410 (continue token expired) restarts once without the token: items already
        yielded come again (the session dedupes objects by uid)."""
        params = dict(query or {})
        params["limit"] = page_size

        def fetch(token: str | None) -> bytes:
            q = dict(params)
            if token:
                q["continue"] = token
            return self.request("GET", path, q)

        ahead = ahead and PAGES_AHEAD
        ask = _Early if ahead else _Later
        pending: _Early | _Later | None = ask(fetch, None)
        restarted = False
        with _paging_gc():
            while pending is not None:
                try:
                    data = pending.result()
                except ApiFailure as failure:
                    if failure.status == 410 and not restarted:
                        restarted, pending = True, ask(fetch, None)
                        continue
                    raise
                guess = _head_continue(data) if ahead else None
                pending = ask(fetch, guess) if guess else None
                try:
                    page = json.loads(data)
                except ValueError:
                    raise ApiFailure(200, "Invalid", f"answer is not JSON ({len(data)} bytes)", path) from None
                del data
                token = (page.get("metadata") or {}).get("continue") or None
                if token != guess:                  # the head was misread: the early request is dropped
                    pending = ask(fetch, token) if token else None
                yield page
                del page

    def post_json(self, path: str, body: dict, timeout: float | None = None) -> dict:
        """Only for SelfSubjectAccessReview, which reads nothing and changes nothing."""
        data = self.request("POST", path, None, body=body, timeout=timeout)
        return json.loads(data)

    # ---- exec ----------------------------------------------------------------

    def _exec_connect(self, url: str, headers: dict, path: str):
        """Open the exec websocket; the handshake is retried like a read (429/5xx/dropped)."""
        _websocket, _ws = _ws_modules()
        attempt = 0
        while True:
            with self._lock:
                self.stats.requests += 1
            try:
                return _ws.WSClient(self.configuration, _ws.get_websocket_url(url), headers,
                                    capture_all=False, binary=True)
            except _websocket.WebSocketBadStatusException as err:
                body = getattr(err, "resp_body", b"") or b""
                failure = _failure_from_status(err.status_code, body, getattr(err, "resp_headers", None) or {}, path)
            except (_websocket.WebSocketException, OSError) as err:
                failure = ApiFailure(None, "Unreachable", f"exec did not start: {type(err).__name__}", path)
                if isinstance(err, (TimeoutError, _websocket.WebSocketTimeoutException)):
                    raise ApiFailure(None, "Timeout", "exec did not start in time", path) from None
            retryable = failure.status in RETRY_STATUSES or failure.reason == "Unreachable"
            wait = getattr(failure, "retry_after", None) or min(4.0, 0.1 * (2 ** attempt)) * (0.5 + random.random())
            if not retryable or attempt >= self.max_retries or self.budget.remaining() <= wait + 0.1:
                raise failure
            attempt += 1
            with self._lock:
                self.stats.retries += 1
            time.sleep(min(float(wait), 10.0))

    def exec(self, namespace: str, pod: str, container: str, command: list[str],
             timeout: float = 20.0, max_bytes: int = 1 << 20) -> ExecResult:
        """Run a command in a container over the websocket exec protocol, bounded in
        time and output. Raises ApiFailure when the exec could not start."""
        t = self._timeout(timeout)
        path = f"/api/v1/namespaces/{namespace}/pods/{pod}/exec"
        params = [("command", c) for c in command] + [
            ("container", container), ("stdout", "true"), ("stderr", "true"), ("stdin", "false"), ("tty", "false")]
        url, headers = self._url_and_headers(path, params, {})
        _websocket, _ws = _ws_modules(self.request_timeout)
        ws = self._exec_connect(url, headers, path)
        out, err_out = bytearray(), bytearray()
        truncated, timed_out = False, False
        deadline = time.monotonic() + min(t, max(0.05, self.budget.remaining()))
        try:
            while ws.is_open():
                left = deadline - time.monotonic()
                if left <= 0:
                    timed_out = True
                    break
                try:
                    ws.update(timeout=min(left, 1.0))
                except (_websocket.WebSocketException, OSError) as exc:
                    return ExecResult(_dec(out), _dec(err_out), None, f"connection dropped: {type(exc).__name__}")
                out += ws.read_channel(_ws.STDOUT_CHANNEL) or b""
                err_out += ws.read_channel(_ws.STDERR_CHANNEL) or b""
                if len(out) + len(err_out) > max_bytes:
                    truncated = True
                    break
            out += ws.read_channel(_ws.STDOUT_CHANNEL) or b""
            err_out += ws.read_channel(_ws.STDERR_CHANNEL) or b""
            status_raw = ws.read_channel(_ws.ERROR_CHANNEL) or b""
        finally:
            try:
                ws.close()
            except Exception:
                pass
        with self._lock:
            self.stats.bytes += len(out) + len(err_out)
        out, err_out = out[:max_bytes], err_out[:max_bytes]
        if timed_out:
            return ExecResult(_dec(out), _dec(err_out), None, f"timed out after {t:.1f}s", truncated)
        if truncated:
            return ExecResult(_dec(out), _dec(err_out), None, f"output cut at {max_bytes} bytes", True)
        code, error = _exit_status(status_raw)
        return ExecResult(_dec(out), _dec(err_out), code, error)


def _param(value: Any) -> str:
    """A query value as the client's ApiClient writes it (booleans lower-case)."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


# ---- paging ---------------------------------------------------------------------------------

PAGES_AHEAD = True       # ask for the next page before parsing this one (bench/bench_paging.py)
PAGING_GC_OFF = True     # no cyclic GC while pages are parsed (bench/bench_paging.py)


class _Early:
    """A page request sent now, in its own daemon thread (no pool to shut down at exit);
    result() waits for it. An early request nobody asks the result of is simply dropped."""

    def __init__(self, fn, *args):
        self._result: Any = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(fn, args), daemon=True, name="page-ahead")
        self._thread.start()

    def _run(self, fn, args) -> None:
        try:
            self._result = fn(*args)
        except BaseException as err:  # noqa: BLE001 - handed to the reader by result()
            self._error = err

    def result(self):
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._result


class _Later:
    """A page request sent when its result is asked for (PAGES_AHEAD off)."""

    def __init__(self, fn, *args):
        self.fn, self.args = fn, args

    def result(self):
        return self.fn(*self.args)


_HEAD = re.compile(rb'"continue"\s*:\s*"([A-Za-z0-9+/=_.:-]*)"')
_GC_LOCK = threading.Lock()
_GC_PAGERS = [0, False]          # lists being paged, GC state before the first


def _head_continue(data: bytes) -> str | None:
    """The continue token of a list answer, read from its head (the bytes before "items"):
    the API server writes kind, apiVersion and metadata first. None when not found there."""
    end = data.find(b'"items"', 0, 1 << 16)
    if end < 0:
        return None
    m = _HEAD.search(data, 0, end)
    return m.group(1).decode("ascii") if m else None


class _paging_gc:
    """The cyclic GC paused while any list is being paged (lists page concurrently: the last
    one to finish restores it)."""

    def __enter__(self):
        if PAGING_GC_OFF:
            with _GC_LOCK:
                if _GC_PAGERS[0] == 0:
                    _GC_PAGERS[1] = gc.isenabled()
                    gc.disable()
                _GC_PAGERS[0] += 1
            self.on = True
        else:
            self.on = False
        return self

    def __exit__(self, *exc):
        if self.on:
            with _GC_LOCK:
                _GC_PAGERS[0] -= 1
                if _GC_PAGERS[0] == 0 and _GC_PAGERS[1]:
                    gc.enable()
        return False


# what went wrong on the wire, by the words of the message each kind starts with (run._version
# gives the advice for each); the ApiFailure reason stays Timeout or Unreachable for the retries
REFUSED, NO_HOST, TLS_FAILED, NO_ANSWER = "connection refused", "cannot resolve", "TLS handshake failed", "no answer"


def _transport_failure(err: BaseException, timeout: float, path: str, when: str = NO_ANSWER) -> ApiFailure:
    """urllib3 wraps the real cause in MaxRetryError (we retry ourselves): unwrap it. A refused
    connection is checked first: urllib3's NewConnectionError is a ConnectTimeoutError too."""
    import ssl
    urllib3 = _client().urllib3
    cause = getattr(err, "reason", None) if isinstance(err, urllib3.exceptions.MaxRetryError) else err
    cause = cause or err
    text = str(cause)
    if isinstance(cause, ConnectionRefusedError) or "Connection refused" in text or "Errno 111" in text:
        return ApiFailure(None, "Unreachable", f"{REFUSED}: nothing listens at that address and port", path)
    if isinstance(cause, urllib3.exceptions.NameResolutionError) or "Name or service not known" in text \
            or "nodename nor servname" in text or "Temporary failure in name resolution" in text:
        return ApiFailure(None, "Unreachable", f"{NO_HOST} the server's host name ({_short(cause)})", path)
    if isinstance(cause, (urllib3.exceptions.SSLError, ssl.SSLError)) or "SSL" in type(cause).__name__:
        return ApiFailure(None, "Unreachable", f"{TLS_FAILED}: {_tls_reason(text)}", path)
    if isinstance(cause, (urllib3.exceptions.TimeoutError, TimeoutError)) or "timed out" in text:
        return ApiFailure(None, "Timeout", f"{when}: nothing received for {timeout:.1f}s", path)
    if isinstance(cause, urllib3.exceptions.NewConnectionError):
        return ApiFailure(None, "Unreachable", f"cannot connect: {_short(cause)}", path)
    return ApiFailure(None, "Unreachable", f"{when}: connection dropped ({type(cause).__name__})", path)


def _tls_reason(text: str) -> str:
    """The TLS failure in a few words a user can act on."""
    if "CERTIFICATE_VERIFY_FAILED" in text or "certificate verify failed" in text:
        detail = re.search(r"certificate verify failed: ([^()'\"]+)", text)
        return "the server's certificate is not trusted" + (f" ({detail.group(1).strip()})" if detail else "")
    if "WRONG_VERSION_NUMBER" in text or "wrong version number" in text or "record layer failure" in text:
        return "the server does not speak TLS at that address (an http:// server, or the wrong port?)"
    if "hostname" in text.lower() and "match" in text.lower():
        return "the server's certificate is for another host name"
    return re.sub(r"\s+", " ", text)[:160]


def _kubeconfig_problem(paths: str, err: BaseException) -> str:
    """One line naming the kubeconfig file and what is wrong with it (the user's to fix)."""
    mark = getattr(err, "problem_mark", None)
    if mark is not None:          # yaml.MarkedYAMLError: where in which file
        where = f"{getattr(mark, 'name', None) or paths}, line {mark.line + 1}, column {mark.column + 1}"
        problem = getattr(err, "problem", None) or type(err).__name__
        return (f"kubeconfig {where} is not valid YAML ({problem}): fix the file, or pass another with "
                "--kubeconfig")
    if isinstance(err, (AttributeError, TypeError)):
        return f"kubeconfig {paths} is not a kubeconfig (no clusters, users and contexts mapping): {err}"
    return f"cannot read kubeconfig {paths}: {err}"


def _short(err: BaseException) -> str:
    text = str(err)
    m = re.search(r"\[Errno -?\d+\][^)'\"]*", text)
    return m.group(0).strip() if m else type(err).__name__


def _dec(data: bytes | bytearray) -> str:
    return bytes(data).decode("utf-8", "replace")


def _exit_status(raw: bytes) -> tuple[int | None, str | None]:
    """Channel 3 carries a metav1.Status: Success -> 0; NonZeroExitCode -> its code."""
    if not raw:
        return None, "no exit status received"
    try:
        status = json.loads(bytes(raw).decode("utf-8", "replace"))
    except ValueError:
        return None, "unreadable exit status"
    if status.get("status") == "Success":
        return 0, None
    for cause in (status.get("details") or {}).get("causes") or []:
        if cause.get("reason") == "ExitCode":
            try:
                return int(cause.get("message")), None
            except (TypeError, ValueError):
                break
    return None, str(status.get("message") or "exec failed")


_REASONS = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound", 410: "Expired",
            429: "TooManyRequests"}


def _failure_from_status(status: int, body: bytes, headers: Mapping, path: str) -> ApiFailure:
    message = ""
    try:
        doc = json.loads(body)
        if isinstance(doc, dict):
            message = str(doc.get("message") or "")
    except (ValueError, TypeError):
        message = bytes(body[:300]).decode("utf-8", "replace") if body else ""
    reason = _REASONS.get(status, "ServerError" if status >= 500 else f"HTTP{status}")
    failure = ApiFailure(status, reason, message or f"HTTP {status}", path)
    retry_after = None
    try:
        value = headers.get("Retry-After") if headers else None
        if value is not None and re.fullmatch(r"\s*\d+(\.\d+)?\s*", str(value)):
            retry_after = float(value)
    except AttributeError:
        pass
    failure.retry_after = retry_after  # type: ignore[attr-defined]
    return failure


def default_namespace(kubeconfig: str | None = None, context: str | None = None) -> str:
    """The namespace kubectl would use: the context's, the pod's own in-cluster, else "default"."""
    paths = kubeconfig or os.environ.get("KUBECONFIG") or os.path.expanduser("~/.kube/config")
    existing = [p for p in str(paths).split(os.pathsep) if p and os.path.exists(p)]
    if existing:
        k = _client()
        try:
            contexts, active = k.kube_config.list_kube_config_contexts(config_file=existing[0])
        except (k.ConfigException, OSError, ValueError, TypeError):
            return "default"
        chosen = next((c for c in contexts or [] if c.get("name") == context), None) if context else active
        return ((chosen or {}).get("context") or {}).get("namespace") or "default"
    sa_ns = "/var/run/secrets/kubernetes.io/serviceaccount/namespace"
    if os.path.exists(sa_ns):
        try:
            return open(sa_ns, encoding="utf-8").read().strip() or "default"
        except OSError:
            pass
    return "default"
