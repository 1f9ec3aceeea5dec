"""The facts the audit compares a cluster with: triage/data/audit-support.yaml."""

from __future__ import annotations

import functools
from importlib import resources

import yaml


@functools.lru_cache(maxsize=1)
def support() -> dict:
    text = (resources.files("triage") / "data" / "audit-support.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def image_tag(image: str) -> str | None:
    """`repo/name:tag` -> tag; a digest (`@sha256:`) -> the digest; no tag -> None."""
    if "@" in image:
        return image.split("@", 1)[1]
    last = image.rsplit("/", 1)[-1]
    return last.split(":", 1)[1] if ":" in last else None


def image_pinned(image: str) -> bool:
    tag = image_tag(image)
    return bool(tag) and tag.lower() not in support()["floating_tags"]
