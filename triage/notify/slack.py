"""Post a diagnosis to Slack with httpx: an incoming webhook, or the Web API
(`chat.postMessage`, thread replies, and the external file upload flow:
`files.getUploadURLExternal` -> POST the bytes -> `files.completeUploadExternal`).

Secrets (the webhook URL, the bot token) come only from the environment or a
file and never appear in an error message or on screen. 429 answers are
retried after their Retry-After, network errors with backoff, a bounded
number of times; `ok: false` answers become one-line NotifyErrors.
"""

from __future__ import annotations

import time
from msgspec import Struct
from typing import Callable, Mapping

import httpx

from triage.errors import NotifyError

SLACK_API = "https://slack.com/api"

# What each Web API error means for the person running the command.
ERROR_HINTS = {
    "invalid_auth": "the bot token is not valid (check SLACK_BOT_TOKEN)",
    "not_authed": "no bot token was sent (set SLACK_BOT_TOKEN)",
    "account_inactive": "the token belongs to a deactivated user or app",
    "token_revoked": "the bot token was revoked",
    "channel_not_found": "the channel does not exist or the bot cannot see it (check --channel)",
    "not_in_channel": "the bot is not a member of the channel (invite it with /invite)",
    "is_archived": "the channel is archived",
    "msg_too_long": "the message is too long",
    "invalid_blocks": "Slack rejected the message blocks",
    "missing_scope": "the bot token lacks a scope (chat:write, files:write)",
    "ratelimited": "Slack rate-limited the request",
    # incoming webhooks answer with plain-text bodies
    "invalid_payload": "Slack rejected the webhook payload",
    "invalid_token": "the webhook URL is not valid (check SLACK_WEBHOOK_URL)",
    "no_service": "the webhook was removed or disabled",
    "no_active_hooks": "the webhook is disabled",
    "channel_is_archived": "the webhook's channel is archived",
    "action_prohibited": "an admin has restricted posting to that channel",
    "posting_to_general_channel_denied": "only admins may post to that channel",
}


class Posted(Struct, frozen=True):
    channel: str | None
    ts: str | None


class SlackClient:
    def __init__(self, *, token: str | None = None, webhook_url: str | None = None,
                 api_url: str = SLACK_API, transport: httpx.BaseTransport | None = None,
                 max_retries: int = 3, timeout: float = 10.0, sleep: Callable[[float], None] = time.sleep):
        if not token and not webhook_url:
            raise NotifyError("no Slack destination: set SLACK_WEBHOOK_URL, or SLACK_BOT_TOKEN with --channel")
        self.token = token
        self.webhook_url = webhook_url
        self.api_url = api_url.rstrip("/")
        self.max_retries = max_retries
        self._sleep = sleep
        self._http = httpx.Client(timeout=timeout, transport=transport, follow_redirects=False)

    def close(self) -> None:
        self._http.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # ---- transport with retries ------------------------------------------------------
    def _send(self, what: str, method: str, url: str, **kw) -> httpx.Response:
        delay = 1.0
        for attempt in range(self.max_retries + 1):
            try:
                resp = self._http.request(method, url, **kw)
            except httpx.TransportError as err:
                if attempt == self.max_retries:
                    raise NotifyError(f"{what}: network error talking to Slack ({type(err).__name__}) "
                                      f"after {attempt + 1} attempts") from None
                self._sleep(delay)
                delay = min(delay * 2, 30)
                continue
            if resp.status_code == 429:
                if attempt == self.max_retries:
                    raise NotifyError(f"{what}: Slack rate-limited the request {attempt + 1} times; try again later")
                retry_after = resp.headers.get("Retry-After", "1")
                self._sleep(min(float(retry_after) if retry_after.isdigit() else 1.0, 60.0))
                continue
            if resp.status_code >= 500 and attempt < self.max_retries:
                self._sleep(delay)
                delay = min(delay * 2, 30)
                continue
            return resp
        raise AssertionError("unreachable")  # pragma: no cover

    def _api(self, method: str, *, json: Mapping | None = None, data: Mapping | None = None) -> dict:
        headers = {"Authorization": f"Bearer {self.token}"}
        resp = self._send(method, "POST", f"{self.api_url}/{method}", json=json, data=data, headers=headers)
        try:
            body = resp.json()
        except ValueError:
            raise NotifyError(f"{method}: Slack answered HTTP {resp.status_code} without JSON") from None
        if not body.get("ok"):
            code = str(body.get("error") or f"http_{resp.status_code}")
            raise NotifyError(f"{method} failed: {code}: {ERROR_HINTS.get(code, 'see the Slack API documentation')}")
        return body

    # ---- public calls -------------------------------------------------------------------
    def post_webhook(self, message: Mapping) -> None:
        if not self.webhook_url:
            raise NotifyError("no SLACK_WEBHOOK_URL set")
        resp = self._send("webhook", "POST", self.webhook_url, json=dict(message))
        if resp.status_code != 200:
            code = resp.text.strip()[:60] or f"http_{resp.status_code}"
            raise NotifyError(f"webhook post failed: {code}: {ERROR_HINTS.get(code, f'HTTP {resp.status_code}')}")

    def post_message(self, channel: str, message: Mapping, thread_ts: str | None = None) -> Posted:
        payload = {"channel": channel, **message}
        if thread_ts:
            payload["thread_ts"] = thread_ts
        body = self._api("chat.postMessage", json=payload)
        return Posted(body.get("channel"), body.get("ts"))

    def upload_file(self, channel: str, filename: str, content: bytes, title: str,
                    thread_ts: str | None = None) -> str:
        """The external upload flow (files.upload is retired)."""
        got = self._api("files.getUploadURLExternal", data={"filename": filename, "length": str(len(content))})
        upload_url, file_id = got.get("upload_url"), got.get("file_id")
        if not upload_url or not file_id:
            raise NotifyError("files.getUploadURLExternal answered without upload_url/file_id")
        resp = self._send("file upload", "POST", upload_url, content=content,
                          headers={"Content-Type": "application/octet-stream"})
        if resp.status_code != 200:
            raise NotifyError(f"file upload failed: HTTP {resp.status_code}")
        complete = {"files": [{"id": file_id, "title": title}], "channel_id": channel}
        if thread_ts:
            complete["thread_ts"] = thread_ts
        self._api("files.completeUploadExternal", json=complete)
        return file_id
