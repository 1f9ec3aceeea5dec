"""`GET .../pods/<name>/log`: the bundle's recorded container logs, with the
apiserver's and kubelet's answers when there is nothing to show (B3):

- no `spec.nodeName` -> 204 No Content, empty body;
- no `container` on a multi-container pod -> 400 `a container name must be specified
  for pod P, choose one of: [a b]`; an unknown one -> 400 `container C is not valid for pod P`;
- `previous=true` with no recorded previous log -> 400 `previous terminated container
  "C" in pod "P" not found`;
- a container waiting to start -> 400 `container "C" in pod "P" is waiting to start: <reason>`.

`tailLines` and `limitBytes` are applied; `timestamps`, `sinceSeconds`, `follow` are
accepted and ignored (the recording has no timestamps of its own to add).
"""

from __future__ import annotations

from typing import Mapping

from aiohttp import web

from triage.bundle import layout
from triage.bundle.views import Bundle
from triage.replay import status as st


def container_names(pod: Mapping) -> tuple[list[str], list[str]]:
    spec = pod.get("spec") or {}
    names = [str(c.get("name")) for c in spec.get("containers") or [] if isinstance(c, Mapping)]
    inits = [str(c.get("name")) for c in spec.get("initContainers") or [] if isinstance(c, Mapping)]
    return names, inits


def default_container(pod: Mapping) -> str | None:
    """The annotation kubectl honours, else the only container; None when ambiguous."""
    names, _ = container_names(pod)
    ann = ((pod.get("metadata") or {}).get("annotations") or {}).get("kubectl.kubernetes.io/default-container")
    if ann and ann in names:
        return str(ann)
    return names[0] if len(names) == 1 else None


def _container_status(pod: Mapping, name: str) -> Mapping:
    status = pod.get("status") or {}
    for key in ("containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"):
        for cs in status.get(key) or []:
            if isinstance(cs, Mapping) and cs.get("name") == name:
                return cs
    return {}


def _parse_int(value: str | None, name: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        n = int(value)
    except ValueError:
        raise _Bad(f"{name}: Invalid value: {value!r}: must be an integer") from None
    if n < 0:
        raise _Bad(f"{name}: Invalid value: {n}: must be greater than or equal to 0")
    return n


class _Bad(Exception):
    pass


def tail(data: bytes, lines: int) -> bytes:
    """The last `lines` lines of data (a final newline does not count as a line)."""
    if lines == 0:
        return b""
    body = data[:-1] if data.endswith(b"\n") else data
    pos = len(body)
    for _ in range(lines):
        pos = body.rfind(b"\n", 0, pos)
        if pos < 0:
            return data
    return data[pos + 1:]


def log_answer(bundle: Bundle, pod: Mapping, params: Mapping[str, str], previous: bool) -> web.Response:
    meta = pod.get("metadata") or {}
    pod_name = str(meta.get("name") or "")
    ns = str(meta.get("namespace") or "")
    names, inits = container_names(pod)
    container = params.get("container") or default_container(pod)
    if not container:
        msg = f"a container name must be specified for pod {pod_name}, choose one of: [{' '.join(names)}]"
        if inits:
            msg += f" or one of the init containers: [{' '.join(inits)}]"
        return st.response(st.bad_request(msg))
    if container not in names and container not in inits:
        return st.response(st.bad_request(f"container {container} is not valid for pod {pod_name}"))
    if not (pod.get("spec") or {}).get("nodeName"):
        return web.Response(status=204)
    try:
        tail_lines = _parse_int(params.get("tailLines"), "tailLines")
        limit_bytes = _parse_int(params.get("limitBytes"), "limitBytes")
    except _Bad as err:
        return st.response(st.bad_request(str(err)))
    path = layout.container_log(ns, pod_name, container, previous)
    if not bundle.exists(path):
        return st.response(st.bad_request(_missing_message(bundle, pod, container, previous, path)))
    data = bundle.read_bytes(path)
    if tail_lines is not None:
        data = tail(data, tail_lines)
    if limit_bytes is not None:
        data = data[:limit_bytes]
    return web.Response(body=data, content_type="text/plain", charset="utf-8")


def _missing_message(bundle: Bundle, pod: Mapping, container: str, previous: bool, path: str) -> str:
    name = (pod.get("metadata") or {}).get("name")
    if previous:
        return f'previous terminated container "{container}" in pod "{name}" not found'
    waiting = ((_container_status(pod, container).get("state") or {}).get("waiting") or {})
    reason = waiting.get("reason")
    if reason in ("ErrImagePull", "ImagePullBackOff"):
        return f'container "{container}" in pod "{name}" is waiting to start: image can\'t be pulled'
    if reason:
        return f'container "{container}" in pod "{name}" is waiting to start: {reason}'
    errors = bundle.read_json(layout.errors_path(path))
    if isinstance(errors, Mapping) and errors.get("errors"):
        return f"log not recorded in the bundle: {'; '.join(str(e) for e in errors['errors'])}"
    return f'container "{container}" in pod "{name}" is not available'
