"""A loopback stand-in for Slack: the incoming-webhook endpoint and the Web API
methods we call, with the real request and answer shapes, a Block Kit limit
check on every message, and scripted trouble (429 with Retry-After, ok:false
errors, connections dropped before an answer)."""

from __future__ import annotations

import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LIMITS = {"blocks": 50, "header": 150, "section": 3000, "fields": 10, "field": 2000, "context": 10,
          "text": 40000}
BLOCK_TYPES = {"header", "section", "context", "actions", "divider", "image", "rich_text", "input", "file"}


def block_kit_problems(message: dict) -> list[str]:
    """What Slack would reject (or silently cut) in a message payload."""
    problems = []
    if not isinstance(message.get("text"), str) or not message["text"].strip():
        problems.append("no top-level text fallback")
    elif len(message["text"]) > LIMITS["text"]:
        problems.append("text over 40000")
    blocks = message.get("blocks") or []
    if len(blocks) > LIMITS["blocks"]:
        problems.append(f"{len(blocks)} blocks > 50")
    for i, b in enumerate(blocks):
        t = b.get("type")
        if t not in BLOCK_TYPES:
            problems.append(f"block {i}: unknown type {t}")
        if t == "header":
            if b["text"]["type"] != "plain_text":
                problems.append(f"block {i}: header must be plain_text")
            if len(b["text"]["text"]) > LIMITS["header"]:
                problems.append(f"block {i}: header over 150")
        if t == "section":
            if "text" not in b and "fields" not in b:
                problems.append(f"block {i}: section without text or fields")
            if "text" in b and not (1 <= len(b["text"]["text"]) <= LIMITS["section"]):
                problems.append(f"block {i}: section text length {len(b['text']['text'])}")
            fields = b.get("fields") or []
            if len(fields) > LIMITS["fields"]:
                problems.append(f"block {i}: {len(fields)} fields > 10")
            for f in fields:
                if len(f["text"]) > LIMITS["field"]:
                    problems.append(f"block {i}: field over 2000")
        if t == "context" and not (1 <= len(b.get("elements") or []) <= LIMITS["context"]):
            problems.append(f"block {i}: context elements")
        if t == "actions":
            for e in b.get("elements") or []:
                if e.get("type") == "button" and len(e.get("url", "")) > 3000:
                    problems.append(f"block {i}: button url too long")
    return problems


class SlackStandIn:
    """Run with `with SlackStandIn() as slack:`; `slack.url` is the base."""

    def __init__(self):
        self.received: list[dict] = []      # {"path", "headers", "json"|"form"|"bytes"}
        self.script: list[str] = []         # next answers: "429", "429:<seconds>", "drop", "500" (in order)
        self.scripted: list[str] = []       # the scripted answers already given
        self.uploads: dict[str, bytes] = {}
        self._ts = 0
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                if stand_in.script:
                    action = stand_in.script.pop(0)
                    stand_in.scripted.append(action)
                    if action == "drop":
                        self.close_connection = True
                        self.connection.shutdown(2)
                        return
                    if action.startswith("429"):
                        self.send_response(429)
                        self.send_header("Retry-After", action.partition(":")[2] or "2")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                        return
                    if action == "500":
                        self._reply(500, b"internal_error", "text/plain")
                        return
                stand_in.handle(self, raw)

            def _reply(self, code, body: bytes, ctype="application/json"):
                self.send_response(code)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.webhook_url = self.url + "/services/T000/B000/XXXXXXXX"

    def handle(self, h, raw: bytes) -> None:
        path = urllib.parse.urlparse(h.path).path
        ctype = h.headers.get("Content-Type", "")
        record = {"path": path, "headers": dict(h.headers)}
        if path.startswith("/upload/"):
            self.uploads[path.rsplit("/", 1)[1]] = raw
            self.received.append({**record, "bytes": raw})
            return h._reply(200, b"OK - 1234", "text/plain")
        if "application/json" in ctype:
            try:
                body = json.loads(raw)
            except ValueError:
                return h._reply(400, b"invalid_payload", "text/plain")
            record["json"] = body
        else:
            body = {k: v[0] for k, v in urllib.parse.parse_qs(raw.decode()).items()}
            record["form"] = body
        self.received.append(record)
        if path.startswith("/services/"):
            if block_kit_problems(body):
                return h._reply(400, b"invalid_blocks", "text/plain")
            return h._reply(200, b"ok", "text/plain")
        if not path.startswith("/api/"):
            return h._reply(404, b"not found", "text/plain")
        method = path[len("/api/"):]
        auth = h.headers.get("Authorization", "")
        if not auth.startswith("Bearer "):
            return self._api(h, {"ok": False, "error": "not_authed"})
        if auth != "Bearer xoxb-good-token":
            return self._api(h, {"ok": False, "error": "invalid_auth"})
        if method == "chat.postMessage":
            if body.get("channel") == "C404":
                return self._api(h, {"ok": False, "error": "channel_not_found"})
            if block_kit_problems(body):
                return self._api(h, {"ok": False, "error": "invalid_blocks"})
            self._ts += 1
            return self._api(h, {"ok": True, "channel": body["channel"], "ts": f"1764428400.{self._ts:06d}",
                                 "message": {"text": body.get("text"), "ts": f"1764428400.{self._ts:06d}"}})
        if method == "files.getUploadURLExternal":
            if not body.get("filename") or not str(body.get("length", "")).isdigit():
                return self._api(h, {"ok": False, "error": "invalid_arguments"})
            return self._api(h, {"ok": True, "upload_url": f"{self.url}/upload/F0123", "file_id": "F0123"})
        if method == "files.completeUploadExternal":
            files = body.get("files")
            if not files or files[0].get("id") not in self.uploads:
                return self._api(h, {"ok": False, "error": "file_not_found"})
            return self._api(h, {"ok": True, "files": [{"id": files[0]["id"], "title": files[0].get("title")}]})
        return self._api(h, {"ok": False, "error": "unknown_method"})

    def _api(self, h, body: dict):
        h._reply(200, json.dumps(body).encode())

    def messages(self, path_prefix: str) -> list[dict]:
        return [r["json"] for r in self.received if r["path"].startswith(path_prefix) and "json" in r]

    def __enter__(self):
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self._server.shutdown()
        self._server.server_close()
