"""`GET .../pods/<name>/exec` over WebSocket (`v5.channel.k8s.io`, `v4.channel.k8s.io`),
answered from the bundle's recordings `gpu/exec/<ns>/<pod>/<container>/<slug>.*`.

The exchange follows the kubelet (k8s-protocol.md B4): 101 with the offered
subprotocol echoed, an empty frame on channel 1, stdout frames `\\x01...`, stderr
frames `\\x02...`, one Status on channel 3, then a close frame with code 1000
(client-go reads the error channel until that clean close). Status on channel 3:

    {"metadata":{},"status":"Success"}                                   exit code 0
    {"metadata":{},"status":"Failure","reason":"NonZeroExitCode",
     "message":"command terminated with non-zero exit code: ... exit code 9",
     "details":{"causes":[{"reason":"ExitCode","message":"9"}]}}          exit code 9

A kernel-log command in a node's driver pod with no recording of its own is answered from
the node's recorded kernel log (`kernel_log.py`). Any other command with no recording
answers on stderr and exits 127 (said in the Status);
a recording whose exit code is null (the command could not run) exits 126 with the
recorded error. kubectl's SPDY fallback (`POST`) gets a 400 Status so kubectl prints it.
"""

from __future__ import annotations

import json
from typing import Mapping

from aiohttp import web

from triage.bundle import layout
from triage.bundle.views import Bundle
from triage.replay import kernel_log
from triage.replay import status as st
from triage.replay.podlogs import container_names, default_container

PROTOCOLS = ("v5.channel.k8s.io", "v4.channel.k8s.io")
STDOUT, STDERR, ERROR = 1, 2, 3
FRAME = 32 * 1024
NO_RECORDING_EXIT = 127
NOT_RUN_EXIT = 126
# Where exec leaves the frame bytes it sent, for the server's request log.
BYTES_OUT = web.RequestKey("bytes_out", int) if hasattr(web, "RequestKey") else "bytes_out"
SPDY_REFUSAL = ("this replay server answers exec only over WebSocket (v5.channel.k8s.io or "
                "v4.channel.k8s.io), not SPDY; use kubectl 1.30 or newer without "
                "KUBECTL_REMOTE_COMMAND_WEBSOCKETS=false")


def recorded(bundle: Bundle, ns: str, pod: str, container: str, command: list[str]):
    """(stdout, stderr, exit_code, error) of a recording, or None."""
    paths = layout.exec_paths(ns, pod, container, layout.command_slug(command))
    if not (bundle.exists(paths.meta) or bundle.exists(paths.stdout)):
        return None
    out = bundle.read_bytes(paths.stdout) if bundle.exists(paths.stdout) else b""
    err = bundle.read_bytes(paths.stderr) if bundle.exists(paths.stderr) else b""
    meta = bundle.read_json(paths.meta)
    meta = meta if isinstance(meta, Mapping) else {}
    code = meta.get("exit_code")
    if isinstance(code, bool) or not isinstance(code, int):
        code = None if meta else 0
    return out, err, code, (str(meta["error"]) if meta.get("error") else None)


def exit_status(code: int, detail: str) -> bytes:
    if code == 0:
        body: dict = {"metadata": {}, "status": "Success"}
    else:
        body = {"metadata": {}, "status": "Failure",
                "message": f"command terminated with non-zero exit code: {detail}, exit code {code}",
                "reason": "NonZeroExitCode",
                "details": {"causes": [{"reason": "ExitCode", "message": str(code)}]}}
    return json.dumps(body, separators=(",", ":")).encode()


async def serve_exec(request: web.Request, bundle: Bundle, pod: Mapping) -> web.StreamResponse:
    meta = pod.get("metadata") or {}
    ns, name = str(meta.get("namespace") or ""), str(meta.get("name") or "")
    if request.method == "POST":
        return st.response(st.bad_request(SPDY_REFUSAL))
    params = request.query
    command = params.getall("command", [])
    if not command:
        return st.response(st.bad_request("you must specify at least 1 command"))
    names, inits = container_names(pod)
    container = params.get("container") or default_container(pod)
    if not container:
        return st.response(st.bad_request(f"a container name must be specified for pod {name}, "
                                          f"choose one of: [{' '.join(names)}]"))
    if container not in names and container not in inits:
        return st.response(st.bad_request(f"container {container} is not valid for pod {name}"))
    ws = web.WebSocketResponse(protocols=PROTOCOLS, autoping=True, timeout=5.0)
    ready = ws.can_prepare(request)
    if not ready.ok:
        return st.response(st.bad_request("Upgrade request required"))
    if ready.protocol is None:
        return st.response(st.bad_request("none of the offered subprotocols is supported; this server speaks "
                                          f"{', '.join(PROTOCOLS)}"))
    await ws.prepare(request)
    sent = 0

    async def send(channel: int, data: bytes) -> None:
        nonlocal sent
        for i in range(0, max(len(data), 1), FRAME):
            frame = bytes((channel,)) + data[i:i + FRAME]
            await ws.send_bytes(frame)
            sent += len(frame)

    rec = recorded(bundle, ns, name, container, command) or kernel_log.answer(bundle, pod, command)
    shown = " ".join(command)
    await send(STDOUT, b"")
    if rec is None:
        msg = (f"gpu-triage replay: no recording of `{shown}` in container {container} of pod {ns}/{name} "
               f"in this bundle\n")
        await send(STDERR, msg.encode())
        status = exit_status(NO_RECORDING_EXIT, f"no recording of [{shown}] in this bundle")
    else:
        out, err, code, error = rec
        if out:
            await send(STDOUT, out)
        if code is None:
            err = err or ((error or "the command did not run") + "\n").encode()
            code, detail = NOT_RUN_EXIT, f"recorded error: {error or 'the command did not run'}"
        else:
            detail = f"error executing command [{shown}]"
        if err:
            await send(STDERR, err)
        status = exit_status(code, detail)
    await send(ERROR, status)
    await ws.close(code=1000)
    request[BYTES_OUT] = sent
    return ws
