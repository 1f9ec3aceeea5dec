"""Reading what the Slack stand-in received, and waiting for it."""

from __future__ import annotations

import re
import time
from typing import Callable

from tests.notify.slack_standin import SlackStandIn, block_kit_problems

FINDING = re.compile(r"\*Finding\*\n`([a-z_]+\.[a-z_0-9]+)`")


def posted(slack: SlackStandIn) -> list[dict]:
    """chat.postMessage calls Slack accepted (the stand-in records refused ones too)."""
    return [r["json"] for r in slack.received if r["path"] == "/api/chat.postMessage" and "json" in r
            and r["headers"].get("Authorization") == "Bearer xoxb-good-token"]


def root_cause_ids(slack: SlackStandIn) -> list[str]:
    """The root-cause id of each chat.postMessage, in order (from the message's Finding field)."""
    out = []
    for msg in posted(slack):
        assert block_kit_problems(msg) == [], block_kit_problems(msg)
        fields = [f["text"] for b in msg["blocks"] if b.get("type") == "section" for f in b.get("fields") or []]
        ids = [m.group(1) for f in fields for m in [FINDING.search(f)] if m]
        assert len(ids) == 1, fields
        out.append(ids[0])
    return out


def wait_for(what: Callable[[], bool], timeout: float = 30.0, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if what():
            return True
        time.sleep(step)
    return what()
